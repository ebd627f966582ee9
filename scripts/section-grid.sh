#!/usr/bin/env bash
# The sections on the whole 936-design grid (SectionGridTests), in a release
# build: verify in Float and Double, Float impulse responses and the section
# coefficients against scipy's; and every spec, Chebyshev II and elliptic
# design (SpecificationGridTests). A debug `swift test` checks a sample.
#
#   scripts/section-grid.sh       (MKFILTER_RELEASE_SCRATCH=DIR: build in DIR
#                                  instead of .build, as CI does beside a
#                                  debug build running in .build)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${MKFILTER_RELEASE_SCRATCH:-.build}
swift build --scratch-path "$scratch" -c release --build-tests -Xswiftc -enable-testing
swift test --scratch-path "$scratch" -c release -Xswiftc -enable-testing --skip-build \
    --filter "SectionGridTests|SpecificationGridTests|FuzzTests"
