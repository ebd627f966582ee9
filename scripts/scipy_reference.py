#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/iir-designs.json: z-plane zeros, poles and gain and
transfer-function coefficients from scipy.signal for the designs the Swift tests
compare against.

    pip install -r scripts/requirements.txt
    python3 scripts/scipy_reference.py

Conventions: our alpha = f / fs; scipy's Wn = f / (fs / 2) = 2 alpha (fs = 2).
Bessel uses norm='mag' (-3 dB at the corner), as Fisher's table does; Chebyshev
type I takes the ripple rp in positive dB. Output is deterministic (sorted keys,
repr floats), so re-running it changes nothing unless scipy's answers change.
"""
import json
import pathlib
import sys

import numpy as np
import scipy

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from iir_cases import case_fields, grid, scipy_design  # noqa: E402

FAMILIES = [("butterworth", None), ("bessel", None)] + [("chebyshev", r) for r in (0.1, 0.5, 1.0, 3.0)]
ONE_CORNER = [0.01, 0.0833333333, 0.2, 0.35, 0.45]
TWO_CORNERS = [(0.0083333333, 0.05), (0.0416666667, 0.0833333333), (0.1, 0.2), (0.3, 0.45)]


def design(family, ripple, band, order, alphas):
    z, p, k = scipy_design(family, ripple, band, order, alphas, output="zpk")
    b, a = scipy_design(family, ripple, band, order, alphas, output="ba")
    return {
        **case_fields(family, ripple, band, order, alphas),
        "poles": [[float(x.real), float(x.imag)] for x in p],
        "zeros": [[float(x.real), float(x.imag)] for x in z],
        "k": float(k),
        "b": [float(x) for x in b],
        "a": [float(x) for x in a],
    }


def main():
    cases = [design(*case) for case in grid(FAMILIES, range(1, 11), ONE_CORNER, TWO_CORNERS)]
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/scipy/iir-designs.json"
    document = {"generator": "scripts/scipy_reference.py", "scipy": scipy.__version__,
                "numpy": np.__version__, "cases": cases}
    out.write_text(json.dumps(document, indent=0, sort_keys=True) + "\n")
    print(f"wrote {len(cases)} designs to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
