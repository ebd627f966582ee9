#!/usr/bin/env bash
# The README's first command: installs what is missing (scripts/
# install-dependencies.sh: libfftw3-dev and pkg-config through apt-get, the
# test tools), then builds mkfilter (`swift build`) and, side by side on the
# other core, the web server that `mkfilter serve` starts (Server/, a release
# build: its own package, so that `swift build` never builds an HTTP server).
# Run it again after an update: each build redoes only what changed.
#
#   scripts/setup.sh              (everything)
#   scripts/setup.sh --no-server  (mkfilter only; `mkfilter serve` then
#                                  builds the server the first time)
set -euo pipefail
cd "$(dirname "$0")/.."

server=1
for argument in "$@"; do
    case "$argument" in
        --no-server) server=0 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "setup.sh: unknown option '$argument'; use --no-server or --help" >&2; exit 1 ;;
    esac
done

started=$(date +%s)
scripts/install-dependencies.sh

# The server's build in the background, its messages in a log; stopped with us.
mkdir -p Server/.build
log=Server/.build/setup.log
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; }
trap cleanup EXIT INT TERM
if [ "$server" -eq 1 ]; then
    echo "setup: building the web server (swift build --package-path Server -c release --product mkfilter-server; messages in $log)" >&2
    swift build --package-path Server -c release --product mkfilter-server >"$log" 2>&1 &
    pid=$!
fi
echo "setup: building mkfilter (swift build)" >&2
swift build
echo "setup: mkfilter built in $(( $(date +%s) - started )) s" >&2
if [ -n "$pid" ]; then
    status=0
    wait "$pid" || status=$?
    pid=""
    if [ "$status" -ne 0 ]; then
        tail -30 "$log" >&2
        echo "setup: building the server failed (status $status); the messages are in $log" >&2
        exit 1
    fi
    echo "setup: the server built ($(tail -1 "$log"))" >&2
fi
echo "setup: done in $(( $(date +%s) - started )) s; try: swift run mkfilter -Bu -Lp -o 2 --sample-rate 60 --corner 5" >&2
