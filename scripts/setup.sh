#!/usr/bin/env bash
# The README's first command: installs what is missing (scripts/
# install-dependencies.sh: libfftw3-dev and pkg-config through apt-get, the
# test tools), builds mkfilter (`swift build`) and the web server that
# `mkfilter serve` starts (Server/, a release build: its own package, so that
# `swift build` never builds an HTTP server). Run again after an update; each
# build then redoes only what changed.
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
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "setup.sh: unknown option '$argument'; use --no-server or --help" >&2; exit 1 ;;
    esac
done

started=$(date +%s)
scripts/install-dependencies.sh
echo "setup: building mkfilter (swift build)" >&2
swift build
if [ "$server" -eq 1 ]; then
    echo "setup: building the web server (swift build --package-path Server -c release --product mkfilter-server)" >&2
    swift build --package-path Server -c release --product mkfilter-server
fi
echo "setup: done in $(( $(date +%s) - started )) s; try: swift run mkfilter -Bu -Lp -o 2 --sample-rate 60 --corner 5" >&2
