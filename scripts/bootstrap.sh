#!/usr/bin/env bash
# Installs what lego-trace needs and is missing: a Swift toolchain check, libgraphviz (headers + pkg-config), and for
# the Objective-C recorder's tests (recorders/objc) gcc's Objective-C compiler, GNUstep base, libBlocksRuntime and jq; with apt-get on
# Debian/Ubuntu, and Homebrew on macOS (Graphviz only: the recorder's Linux tests do not run there).
# Sourced by scripts/run and scripts/test; safe to run repeatedly.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH" && break
    done
fi
command -v swift >/dev/null 2>&1 || { echo "lego-trace: Swift 6 is required (https://swift.org/install); none found on PATH" >&2; exit 2; }

if [ "$(uname -s)" = Darwin ]; then
    # macOS: Swift comes with Xcode or the swift.org toolchain; Graphviz (library, headers, pkg-config file) from Homebrew.
    if ! pkg-config --exists libgvc 2>/dev/null || ! command -v dot >/dev/null 2>&1; then
        command -v brew >/dev/null 2>&1 || { echo "lego-trace: Graphviz is missing and Homebrew is not installed (https://brew.sh): install it, then run this again" >&2; exit 2; }
        echo "lego-trace: installing graphviz pkg-config with Homebrew" >&2
        brew install graphviz pkg-config >&2
    fi
    [ "${LEGO_TRACE_SETUP:-test}" = build ] || python3 -c "import jsonschema" >/dev/null 2>&1 || python3 -m pip install -q --user jsonschema >&2
    return 0 2>/dev/null || exit 0
fi

missing=()
pkg-config --exists libgvc 2>/dev/null || missing+=(libgraphviz-dev pkg-config)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
# LEGO_TRACE_SETUP=build (scripts/install): only what building lego-trace needs, none of the tests' tools.
testing=$([ "${LEGO_TRACE_SETUP:-test}" = build ] && echo 0 || echo 1)
if [ "$testing" = 1 ]; then
    command -v gnustep-config >/dev/null 2>&1 || missing+=(libgnustep-base-dev)
    # gcc compiles Objective-C only with its cc1obj, which Debian's gobjc brings.
    [ -n "$(gcc -print-prog-name=cc1obj 2>/dev/null | grep /)" ] && [ -x "$(gcc -print-prog-name=cc1obj)" ] || missing+=(gobjc)
    # The QFMoudle journeys set real blocks: clang (the Swift toolchain's) compiles them against libBlocksRuntime.
    [ -f /usr/include/Block.h ] || missing+=(libblocksruntime-dev)
    command -v jq >/dev/null 2>&1 || missing+=(jq)
    # The SARIF tests validate reports against the 2.1.0 schema with Python's jsonschema.
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
fi
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
    echo "lego-trace: installing ${missing[*]} with apt-get" >&2
    $sudo_cmd apt-get update -qq >&2
    $sudo_cmd apt-get install -y -qq "${missing[@]}" >&2
fi
if [ "$testing" = 1 ] && ! python3 -c "import jsonschema" >/dev/null 2>&1; then
    echo "lego-trace: installing jsonschema with pip" >&2
    # pip into the python3 on PATH; Debian's own python3 refuses that (PEP 668) and takes its apt package instead.
    python3 -m pip install -q jsonschema >&2 2>/dev/null \
        || { $sudo_cmd apt-get update -qq >&2 && $sudo_cmd apt-get install -y -qq python3-jsonschema >&2; }
fi

# The browser tests of the HTML report need chromium; only installed on request (it is large).
if [ "${LEGO_TRACE_BROWSER:-0}" = "1" ]; then
    "$(dirname "${BASH_SOURCE[0]}")/install-chromium.sh" || echo "lego-trace: the browser tests will be skipped" >&2
fi
