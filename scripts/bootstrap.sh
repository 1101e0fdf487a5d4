#!/usr/bin/env bash
# Installs what lego-trace needs and is missing: a Swift toolchain check, libgraphviz (headers + pkg-config).
# Sourced by scripts/run and scripts/test; safe to run repeatedly.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH" && break
    done
fi
command -v swift >/dev/null 2>&1 || { echo "lego-trace: Swift 6 is required (https://swift.org/install); none found on PATH" >&2; exit 2; }

missing=()
pkg-config --exists libgvc 2>/dev/null || missing+=(libgraphviz-dev pkg-config)
command -v dot >/dev/null 2>&1 || missing+=(graphviz)
if [ ${#missing[@]} -gt 0 ]; then
    echo "lego-trace: installing ${missing[*]} with apt-get" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo_cmd apt-get update -qq >&2
    $sudo_cmd apt-get install -y -qq "${missing[@]}" >&2
fi

# The browser tests of the HTML report need chromium; only installed on request (it is large).
if [ "${LEGO_TRACE_BROWSER:-0}" = "1" ]; then
    "$(dirname "${BASH_SOURCE[0]}")/install-chromium.sh" || echo "lego-trace: the browser tests will be skipped" >&2
fi
