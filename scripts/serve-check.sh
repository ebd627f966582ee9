#!/usr/bin/env bash
# The web server's checks, for CI: one release build of Server/ (the
# servers, plain and with TLS, and the route tests together; scripts/setup.sh
# built the plain one already), the route tests, the hold test (idle
# connections under ulimit -n 256, slowloris, malformed heads: its own
# servers), the https test (--https: the certificate kept, a TLS client and
# Chromium trusting exactly it), then the server on a free loopback port under the browser test
# (headless Chromium) and the load test (with 16 heavy clients), then a
# SIGTERM that must stop it cleanly.
#
#   scripts/serve-check.sh        (after scripts/install-dependencies.sh and swift build)
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
swift build --package-path Server -c release --build-tests
echo "serve-check: Server/ release build $(( $(date +%s) - started )) s"
swift test --package-path Server -c release --skip-build
python3 scripts/hold_test.py --server Server/.build/release/mkfilter-server
# The plain server has no TLS: --https is refused with the name of the one that has it.
if refusal=$(Server/.build/release/mkfilter-server --https 2>&1); then
    echo "serve-check: mkfilter-server accepted --https" >&2; exit 1
fi
echo "$refusal" | grep -q "mkfilter-server-https serves https" \
    || { echo "serve-check: mkfilter-server --https said: $refusal" >&2; exit 1; }
python3 scripts/https_test.py --server Server/.build/release/mkfilter-server-https

log=$(mktemp)
Server/.build/release/mkfilter-server --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 100); do
    url=$(grep -o 'http://[^ ]*' "$log" || true)
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "serve-check: the server did not start:" >&2; cat "$log" >&2; exit 1; }
echo "serve-check: server at $url"

mkfilter=.build/debug/mkfilter
[ -x "$mkfilter" ] || swift build --product mkfilter
python3 scripts/browser_test.py --url "$url" --mkfilter "$mkfilter"
# The Audio EQ Cookbook: mkfilter's biquads against the browser's own Web Audio.
python3 scripts/webaudio_cookbook_reference.py --mkfilter "$mkfilter"
python3 scripts/load_test.py --url "$url" --heavy 16

# SIGTERM: a graceful shutdown, exit status 0.
kill -TERM "$server"
status=0
wait "$server" || status=$?
trap 'rm -f "$log"' EXIT
[ "$status" -eq 0 ] || { echo "serve-check: the server exited with $status on SIGTERM" >&2; exit 1; }
echo "serve-check: stopped cleanly on SIGTERM; $(( $(date +%s) - started )) s in all"
