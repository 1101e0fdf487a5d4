#!/usr/bin/env bash
# Installs what lego-trace needs and is missing: a Swift toolchain check, libgraphviz (headers + pkg-config), and for
# the Objective-C recorder's tests (recorders/objc) gcc's Objective-C compiler, GNUstep base and jq.
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
command -v gnustep-config >/dev/null 2>&1 || missing+=(libgnustep-base-dev)
# gcc compiles Objective-C only with its cc1obj, which Debian's gobjc brings.
[ -n "$(gcc -print-prog-name=cc1obj 2>/dev/null | grep /)" ] && [ -x "$(gcc -print-prog-name=cc1obj)" ] || missing+=(gobjc)
command -v jq >/dev/null 2>&1 || missing+=(jq)
if [ ${#missing[@]} -gt 0 ]; then
    echo "lego-trace: installing ${missing[*]} with apt-get" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo_cmd apt-get update -qq >&2
    $sudo_cmd apt-get install -y -qq "${missing[@]}" >&2
fi
