#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (Linux): every reader of outside input
# (FuzzReader: the C and Swift template readers, spec files, pipeline CSV,
# Fisher's listings, mkfilter's argv, the web query) for SECONDS each, with
# FilterFuzzing's invariants as the oracle (a broken one traps).
#
#   scripts/fuzz.sh [SECONDS] [READER...]     (default 60 s, every reader)
#   FUZZ_RUNS=100000 scripts/fuzz.sh 3600     (each reader until 10^5
#                                              executions, at most an hour)
#
# Builds Fuzz/ into .build-fuzz (release, -sanitize=fuzzer), seeds each
# reader's corpus from the fixtures (scripts/fuzz_seeds.py) into
# .build-fuzz/corpus/READER, which grows run after run, and runs with
# -timeout=10 (a case over 10 s is a finding) and -rss_limit_mb=1024 (over
# 1 GB is a finding; FUZZ_RSS_LIMIT_MB=N sets another). A finding is saved to .build-fuzz/findings/READER/, minimised
# (-minimize_crash) and printed; then the exit status is 1. The last line per
# reader gives its executions. FUZZ_JOBS=N runs N readers at once;
# FUZZ_SKIP_BUILD=1 uses the fuzzers already built; FUZZ_CONFIGURATION=debug
# builds faster (CI's short run) and runs slower.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
readers=("$@")
[ ${#readers[@]} -gt 0 ] || readers=(cTemplate swiftTemplate specJSON pipelineCSV fisherListing argv webQuery recordingOptions firOptions)
[ "$(uname -s)" = Linux ] || { echo "fuzz.sh: libFuzzer builds need Linux (the toolchain's libFuzzer runtime)" >&2; exit 1; }

configuration="${FUZZ_CONFIGURATION:-release}"
if [ -z "${FUZZ_SKIP_BUILD:-}" ]; then
    swift build --package-path Fuzz --scratch-path .build-fuzz -c "$configuration" \
        -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library || exit 1
fi
bin=.build-fuzz/$configuration
seeds=.build-fuzz/seeds
rm -rf "$seeds" && python3 scripts/fuzz_seeds.py "$seeds" || exit 1
export SWIFT_BACKTRACE=enable=no

run_reader() {
    local reader=$1
    local corpus=.build-fuzz/corpus/$reader findings=.build-fuzz/findings/$reader log=.build-fuzz/logs/$reader.log
    mkdir -p "$corpus" "$findings" .build-fuzz/logs
    "$bin/fuzz-$reader" "$corpus" "$seeds/$reader" -max_total_time="$seconds" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
        -timeout=10 -rss_limit_mb=${FUZZ_RSS_LIMIT_MB:-1024} \
        -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
    local status=$?
    local runs time
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    time=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' | tail -1)
    local found=0
    for crash in "$findings"/crash-* "$findings"/timeout-* "$findings"/oom-*; do
        [ -e "$crash" ] || continue
        found=$((found + 1))
        echo "== $reader: finding $crash (minimised to $crash.min)" >&2
        "$bin/fuzz-$reader" -minimize_crash=1 -runs=2000 -timeout=10 -rss_limit_mb=${FUZZ_RSS_LIMIT_MB:-1024} \
            -exact_artifact_path="$crash.min" "$crash" >/dev/null 2>&1
        grep -m1 -E 'Fatal error|ERROR: libFuzzer' "$log" >&2
        od -c "$crash.min" 2>/dev/null | head -20 >&2 || od -c "$crash" | head -20 >&2
    done
    echo "$reader: ${runs:-0} executions in ${time:-$seconds} s, $found findings (exit $status; log $log)"
    [ $found -eq 0 ] && [ $status -eq 0 ]
}

jobs="${FUZZ_JOBS:-1}"
failed=0
pids=()
for reader in "${readers[@]}"; do
    run_reader "$reader" &
    pids+=($!)
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || failed=1
        pids=("${pids[@]:1}")
    fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit $failed
