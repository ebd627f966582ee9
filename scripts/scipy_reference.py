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
from scipy import signal

FAMILIES = [("butterworth", None), ("bessel", None)] + [("chebyshev", r) for r in (0.1, 0.5, 1.0, 3.0)]
ONE_CORNER = [0.01, 0.0833333333, 0.2, 0.35, 0.45]
TWO_CORNERS = [(0.0083333333, 0.05), (0.0416666667, 0.0833333333), (0.1, 0.2), (0.3, 0.45)]
BANDS = {"lowPass": "lowpass", "highPass": "highpass", "bandPass": "bandpass", "bandStop": "bandstop"}


def design(family, ripple, band, order, alphas):
    wn = [2.0 * a for a in alphas] if len(alphas) == 2 else 2.0 * alphas[0]
    kwargs = {"btype": BANDS[band], "analog": False}
    if family == "butterworth":
        kwargs["ftype"] = "butter"
    elif family == "bessel":
        kwargs["ftype"] = "bessel"
    else:
        kwargs.update(ftype="cheby1", rp=ripple)
    if family == "bessel":
        z, p, k = signal.bessel(order, wn, btype=BANDS[band], output="zpk", norm="mag")
        b, a = signal.bessel(order, wn, btype=BANDS[band], output="ba", norm="mag")
    else:
        z, p, k = signal.iirfilter(order, wn, output="zpk", **kwargs)
        b, a = signal.iirfilter(order, wn, output="ba", **kwargs)
    return {
        "family": family,
        "ripple": ripple,
        "band": band,
        "order": order,
        "alphas": list(alphas),
        "poles": [[float(x.real), float(x.imag)] for x in p],
        "zeros": [[float(x.real), float(x.imag)] for x in z],
        "k": float(k),
        "b": [float(x) for x in b],
        "a": [float(x) for x in a],
    }


def main():
    cases = []
    for family, ripple in FAMILIES:
        for band in BANDS:
            corners = [(a,) for a in ONE_CORNER] if band in ("lowPass", "highPass") else TWO_CORNERS
            for order in range(1, 11):
                for alphas in corners:
                    cases.append(design(family, ripple, band, order, alphas))
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/scipy/iir-designs.json"
    document = {"generator": "scripts/scipy_reference.py", "scipy": scipy.__version__,
                "numpy": np.__version__, "cases": cases}
    out.write_text(json.dumps(document, indent=0, sort_keys=True) + "\n")
    print(f"wrote {len(cases)} designs to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
