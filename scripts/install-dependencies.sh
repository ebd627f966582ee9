#!/usr/bin/env bash
# Installs what the package needs beyond Swift itself: FFTW's headers and
# library (Debian package libfftw3-dev) and pkg-config, which SwiftPM asks for
# the fftw3 flags; for the tests and scripts, python3 (its csv module reads the
# CSV back) and librsvg2-bin (rsvg-convert renders the SVG plots to PNG);
# for the web server's browser test (scripts/serve-check.sh), chromium and
# chromium-driver, and selenium from PyPI; for the fixed-point check against
# ARM's CMSIS-DSP (scripts/cmsis-check.sh), cmsisdsp, numpy and scipy from PyPI.
# Does nothing when they are already there.
set -euo pipefail

missing=()
for package in libfftw3-dev pkg-config librsvg2-bin chromium chromium-driver; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
command -v python3 >/dev/null 2>&1 || missing+=(python3)

# selenium, for scripts/browser_test.py, and cmsisdsp, numpy and scipy, for
# scripts/cmsis_fixed_point_check.py (after python3 and pip are there).
install_selenium() {
    python3 -c "import selenium, cmsisdsp, numpy, scipy" >/dev/null 2>&1 && return 0
    echo "installing selenium, cmsisdsp, numpy, scipy (pip)" >&2
    python3 -m pip install --quiet selenium cmsisdsp numpy scipy 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages selenium cmsisdsp numpy scipy
}

if [ ${#missing[@]} -eq 0 ]; then
    install_selenium
    exit 0
fi

run_as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}
echo "installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
run_as_root apt-get update -qq
run_as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
install_selenium
