#!/usr/bin/env bash
# Regenerates Generated/ from Generated/ShakeFilters.filters.json (60 Hz and 100 Hz)
# with the generate-filters command plugin.
#   scripts/generate.sh          rewrite the files
#   scripts/generate.sh --check  fail if the committed files differ from a fresh generation
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --allow-writing-to-package-directory generate-filters --target GeneratedFilters "$@"
# FilterRuntime's block kernels are generated too (scripts/generate_block_kernels.py).
if [ "${1:-}" = "--check" ]; then python3 scripts/generate_block_kernels.py --check; else python3 scripts/generate_block_kernels.py; fi
