#!/usr/bin/env bash
# The fixed-point cascades (--emit cmsis-q15|q31) against ARM's own CMSIS-DSP
# (PyPI's cmsisdsp) on the grid of scripts/cmsis_fixed_point_check.py, with a
# release build of mkfilter (through Server/ with MKFILTER_RELEASE_PACKAGE=Server,
# as section-grid.sh builds, sharing the server's build of the modules).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
package=${MKFILTER_RELEASE_PACKAGE:-.}
swift build --package-path "$package" -c release --product mkfilter
bin=$(swift build --package-path "$package" -c release --show-bin-path)
python3 scripts/cmsis_fixed_point_check.py --mkfilter "$bin/mkfilter" "$@"
