#!/usr/bin/env bash
# The sections on the whole 936-design grid (SectionGridTests), in a release
# build: verify in Float and Double, Float impulse responses and the section
# coefficients against scipy's; and every spec, Chebyshev II and elliptic
# design (SpecificationGridTests). A debug `swift test` checks a sample.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --build-tests -Xswiftc -enable-testing
swift test -c release -Xswiftc -enable-testing --skip-build --filter "SectionGridTests|SpecificationGridTests|FuzzTests"
