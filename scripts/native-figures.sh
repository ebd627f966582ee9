#!/usr/bin/env bash
# The runtime's speed built for this machine's CPU, as the C it is compared
# with is (--native: cc -O3 -march=native): filter-benchmarks built with
# -Xcc -march=native (swiftc takes its code generation target from clang's
# options), in .build-native, then its FIR runtime and section-form tables
# into docs/figures-native.md. The default build (docs/figures.md) targets
# baseline x86-64 (SSE2), as a package's users' builds do.
#
#   scripts/native-figures.sh            # writes docs/figures-native.md
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product filter-benchmarks --scratch-path .build-native -Xswiftc -Xcc -Xswiftc -march=native >&2
out=docs/figures-native.md
tmp=$(mktemp "$out.partial-XXXXXX")
trap 'rm -f "$tmp"' EXIT
cpu=$(grep -m1 "model name" /proc/cpuinfo | sed 's/.*: //')
{
    echo "# Figures, built for this CPU"
    echo
    echo "The FIR runtime and section-form tables of \`filter-benchmarks\`, built for"
    echo "the CPU that runs them, as the C beside them is (\`cc -O3 -march=native\`):"
    echo
    echo "    scripts/native-figures.sh"
    echo
    echo "which runs"
    echo
    echo "    swift build -c release --product filter-benchmarks --scratch-path .build-native \\"
    echo "        -Xswiftc -Xcc -Xswiftc -march=native"
    echo "    .build-native/release/filter-benchmarks --fir-runtime-only --native"
    echo "    .build-native/release/filter-benchmarks --forms-only --native"
    echo
    echo "on $(nproc) cores, $cpu, $(date -u +%Y-%m-%d). The same operations in the"
    echo "same order as the default build (Swift contracts no multiply and add"
    echo "into a fused multiply-add), in wider vectors. The default build, for"
    echo "baseline x86-64 (SSE2), is in [figures.md](figures.md)."
    echo
    echo '```text'
    .build-native/release/filter-benchmarks --fir-runtime-only --native
    .build-native/release/filter-benchmarks --forms-only --native
    echo '```'
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "native-figures: wrote $out" >&2
