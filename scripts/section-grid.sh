#!/usr/bin/env bash
# The whole design grids in a release build (filter-grids; `swift test`
# checks a sample of each in debug): the sections on the 936-design grid
# against scipy's (verify in Float and Double, Float impulse responses, the
# section coefficients), the 672 specifications against scipy's order
# estimation and met by their sections, verify on the spec and corpus
# designs; then the seeded fuzz campaign, 1,500 cases per reader.
#
#   scripts/section-grid.sh [filter-grids options, e.g. --full]
#   MKFILTER_RELEASE_PACKAGE=Server scripts/section-grid.sh
#       builds through Server/, which depends on this package: one release
#       build of the modules serves the server, the grids and cmsis-check.sh
#       (CI does this).
set -euo pipefail
cd "$(dirname "$0")/.."
package=${MKFILTER_RELEASE_PACKAGE:-.}
swift build --package-path "$package" -c release --product filter-grids
swift build --package-path "$package" -c release --product mkfilter-fuzz
bin=$(swift build --package-path "$package" -c release --show-bin-path)
"$bin/filter-grids" "$@"
"$bin/mkfilter-fuzz" --cases 1500 --seed 20261123 --time-limit 20 2>/dev/null
