#!/usr/bin/env bash
# The seeded fuzz campaign (no coverage guidance; scripts/fuzz.sh runs
# libFuzzer): every reader of outside input, N cases each (default
# 100000), in a release build. A case that traps ends the process: its input is
# left in the case file, printed here. Usage: scripts/fuzz-seeded.sh [CASES] [SEED]
set -uo pipefail
cd "$(dirname "$0")/.."
cases="${1:-100000}"
seed="${2:-1}"
swift build -c release --product mkfilter-fuzz || exit 1
case_file="$(mktemp)"
trap 'rm -f "$case_file"' EXIT
.build/release/mkfilter-fuzz --cases "$cases" --seed "$seed" --case-file "$case_file" --time-limit 20
status=$?
if [ $status -gt 1 ] && [ $status -ne 70 ]; then
    echo "CRASH (status $status) on the case:" >&2
    cat "$case_file" >&2
fi
exit $status
