#!/usr/bin/env bash
# The fixed-point cascades (--emit cmsis-q15|q31) against ARM's own CMSIS-DSP
# (PyPI's cmsisdsp) on the grid of scripts/cmsis_fixed_point_check.py, with a
# release build of mkfilter (section-grid.sh's, when it ran first; in
# MKFILTER_RELEASE_SCRATCH when set, as there).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
scratch=${MKFILTER_RELEASE_SCRATCH:-.build}
swift build --scratch-path "$scratch" -c release -Xswiftc -enable-testing --product mkfilter
python3 scripts/cmsis_fixed_point_check.py --mkfilter "$scratch/release/mkfilter" "$@"
