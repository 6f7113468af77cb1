#!/usr/bin/env bash
# Runs `npm test` on a fresh clone of this repository's HEAD with the machine's clock moved, by
# default to 23:58 UTC on a month's last day, so the run crosses midnight and the month's end.
# Needs Debian's faketime (`apt-get install -y faketime`). Usage: tooling/scripts/test-at.sh ["YYYY-MM-DD HH:MM:SS"]
#
# It runs on the embedded database alone (NO_TEST_POSTGRES): PostgreSQL's own timers (statement_timeout, deadlock detection)
# stop firing under libfaketime, so a faked server would hang where a real one breaks a deadlock.
set -euo pipefail
start="${1:-2026-11-30 23:58:00}"
lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
[ -f "$lib" ] || { echo "libfaketime is missing: apt-get install -y faketime" >&2; exit 1; }
repo="$(cd "$(dirname "$0")/../.." && pwd)"
clone="$(mktemp -d)"
trap 'rm -rf "$clone"' EXIT
git clone -q "$repo" "$clone"
cd "$clone"
# An offset from the real clock, the same for every process (node, the servers, Chromium): their
# clocks agree, as on a machine whose date it really is.
export FAKETIME="+$(($(date -ud "$start" +%s) - $(date +%s)))"
unset DATABASE_URL TEST_DATABASE_URL CI
export NO_TEST_POSTGRES=1
LD_PRELOAD="$lib" date -u
LD_PRELOAD="$lib" npm test
