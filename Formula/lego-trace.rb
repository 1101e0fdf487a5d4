# Homebrew formula: builds lego-trace from source with Graphviz. This repository is its tap:
#   brew tap lego-trace/lego-trace https://github.com/lego-trace/lego-trace
#   brew install lego-trace            (or --HEAD for the main branch)
class LegoTrace < Formula
  desc "Finds leaked modules, duplicate module names and illegal URL hierarchies in XFLegoVIPER apps"
  homepage "https://github.com/lego-trace/lego-trace"
  url "https://github.com/lego-trace/lego-trace.git", tag: "v0.1.0"
  license "MIT"
  head "https://github.com/lego-trace/lego-trace.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "graphviz"
  depends_on macos: :sequoia

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "lego-trace"
    bin.install ".build/release/lego-trace"
    generate_completions_from_executable(bin/"lego-trace", "--generate-completion-script")
  end

  test do
    system bin/"lego-trace", "record", "-o", testpath/"app.jsonl"
    assert_match "No findings", shell_output("#{bin}/lego-trace check #{testpath}/app.jsonl")
    system bin/"lego-trace", "graph", testpath/"app.jsonl", testpath/"app.svg"
    assert_path_exists testpath/"app.svg"
  end
end
