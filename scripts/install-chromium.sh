#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests of the HTML report (Tests/LegoPageTests/BrowserTests.swift).
# Called by scripts/bootstrap.sh when LEGO_TRACE_BROWSER=1, and by the browser tests when no chromium is found.
# Exits 0 when chromium is on PATH afterwards, 1 (with a one-line reason on stderr) when it cannot be installed.
set -uo pipefail

command -v chromium >/dev/null 2>&1 && exit 0
command -v apt-get >/dev/null 2>&1 || { echo "lego-trace: no apt-get here to install chromium" >&2; exit 1; }
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || { echo "lego-trace: installing chromium needs root" >&2; exit 1; }
    sudo_cmd="sudo -n"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq >&2 || { echo "lego-trace: apt-get update failed" >&2; exit 1; }
candidate=$(apt-cache policy chromium 2>/dev/null | awk '/Candidate:/ { print $2 }')
if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
    echo "lego-trace: the package sources offer no chromium (apt-cache policy chromium)" >&2
    exit 1
fi
echo "lego-trace: installing chromium $candidate with apt-get" >&2
$sudo_cmd apt-get install -y -qq --no-install-recommends chromium >&2 || { echo "lego-trace: apt-get install chromium failed" >&2; exit 1; }
command -v chromium >/dev/null 2>&1
