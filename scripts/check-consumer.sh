#!/usr/bin/env bash
# The package as its users build it: a package outside this repository, in a
# temporary folder, that does only what the README says (this checkout as a
# path dependency, the FilterRuntime product and the FilterGenerator build
# plugin, a `*.filters.json` with IIR and FIR filters, `import FilterRuntime`
# and no platform module) must build and run, in debug and in release.
# Examples/ imports Glibc, which links libm for it and so hid a link failure
# of FilterRuntime's rounding (`round`, `rint`, ...) once: this program
# imports nothing else, and calls the rounding that needs libm.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
app="$work/Consumer"
mkdir -p "$app/Sources/Consumer"

cat >"$app/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "mkfilter", path: "$root")],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [.product(name: "FilterRuntime", package: "mkfilter")],
            plugins: [.plugin(name: "FilterGenerator", package: "mkfilter")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
EOF

cat >"$app/Sources/Consumer/Filters.filters.json" <<'EOF'
{ "sampleRate": 60, "namespace": "ConsumerFilters",
  "filters": [ { "name": "gravity", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 0.5 },
               { "name": "shake", "family": "chebyshev", "ripple": 0.5, "band": "bandPass", "order": 3, "corners": [2, 6] },
               { "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 7 } ] }
EOF

cat >"$app/Sources/Consumer/main.swift" <<'EOF'
// Imports FilterRuntime and nothing else: no Foundation, no Glibc.
import FilterRuntime

// A step into each filter: the low-pass settles at 1, the band-pass at 0,
// the FIR low-pass at the sum of its taps (1 by firwin's scaling).
let step = [Double](repeating: 1, count: 600)
var gravity = DigitalFilter<Float>(ConsumerFilters.gravity)
let settled = step.map { gravity.process(Float($0)) }.last!
var shake = DigitalFilter<Double>(ConsumerFilters.shake)
let passed = step.map { shake.process($0) }.last!
var smooth = FIRDirectForm<Double>(ConsumerFilters.smooth)
let smoothed = smooth.process(step).last!
// The offset form's rounding of the coefficients (the calls that need libm).
let offset = OffsetBiquad(ConsumerFilters.gravity.sections[0])
print("gravity \(settled) shake \(passed) smooth \(smoothed) offset \(offset.m1) \(offset.m2)")
precondition(abs(settled - 1) < 1e-3 && abs(passed) < 1e-3 && abs(smoothed - 1) < 1e-9 && offset.m1 == 2 && offset.m2 == -1,
             "a filter's step response is not what its design says")
print("consumer: every filter as designed")
EOF

echo "== an outside package over FilterRuntime and the plugin: debug"
(cd "$app" && swift build 2>&1 | tail -3 && swift run Consumer)

# Release: the same program, its generated Swift (the plugin's output above)
# compiled as a source of its own, so that the plugin's tool, which runs on
# the host and is checked above, is not built a second time in release.
echo "== the same program in release"
generated=$(find "$app/.build/plugins/outputs" -name Filters.swift | head -1)
[ -n "$generated" ] || { echo "the plugin wrote no Filters.swift" >&2; exit 1; }
cp "$generated" "$app/Sources/Consumer/Filters.swift"
rm "$app/Sources/Consumer/Filters.filters.json"
sed -i '/plugins: \[.plugin(name: "FilterGenerator", package: "mkfilter")\]/d' "$app/Package.swift"
sed -i 's/dependencies: \[.product(name: "FilterRuntime", package: "mkfilter")\],/dependencies: [.product(name: "FilterRuntime", package: "mkfilter")]/' "$app/Package.swift"
(cd "$app" && swift build -c release 2>&1 | tail -3 && swift run -c release Consumer)
echo "consumer checks passed"
