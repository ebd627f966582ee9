#!/usr/bin/env python3
"""Writes Tests/Fixtures/catalogue/scipy-halfband.json: equiripple half-band
low-pass filters of N = 4k + 3 taps and passband edge p (fraction of fs,
stopband from 0.5 - p), the reference of a Swift half-band design.

    pip install -r scripts/requirements.txt
    python3 scripts/halfband_reference.py

Per case (N in {7, 11, 19, 31, 63, 127}, p in {0.1, 0.2, 0.22}):

  - "taps": scipy.signal.remez(N, [0, p, 0.5 - p, 0.5], [1, 0]) with its
    defaults (grid_density 16, maxiter 25), or null with "error" when it
    fails (it does where the optimal ripple is below double precision).
    Its centre tap is 0.5 and its even-offset taps 0 only to the accuracy
    of scipy's grid (1e-5 typically), not exactly.
  - "maxDeviation" (and "passbandDeviation", "stopbandDeviation") of those
    taps: max |A(f) - 1| on [0, p] and max |A(f)| on [0.5 - p, 0.5], each on
    16384 evenly spaced points including the edges, A(f) = sum_n h[n]
    cos(2 pi f (n - (N - 1)/2)) the amplitude.
  - "trick": the half-band built from a type II filter g of (N + 1)/2 taps,
    g = remez((N + 1)/2, [0, 2p], [1]) (Vaidyanathan and Nguyen 1987):
    h[2i] = g[i]/2, h[(N - 1)/2] = 1/2, other taps 0; its taps and max
    deviation with scipy's default grid, and "optimumEstimate", the max
    deviation of the same construction with grid_density=1024 (within
    about 1e-4 relative of the continuum optimum: the equal-weight
    equiripple design with bands symmetric about fs/4 is half-band).

Floats are written with repr; keys sorted; deterministic.
"""
import json
import pathlib
import sys
import warnings

import numpy as np
import scipy
from scipy import signal

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/catalogue/scipy-halfband.json"
GRID = 16384


def amplitude(h, f):
    n = np.arange(len(h)) - (len(h) - 1) / 2
    return np.cos(2 * np.pi * np.outer(f, n)) @ np.asarray(h)


def deviations(h, p):
    passband = np.max(np.abs(amplitude(h, np.linspace(0, p, GRID)) - 1))
    stopband = np.max(np.abs(amplitude(h, np.linspace(0.5 - p, 0.5, GRID))))
    return float(passband), float(stopband)


def attempt(design):
    """(taps, None) or (None, scipy's message)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            return design(), None
        except (ValueError, RuntimeWarning) as error:
            return None, str(error)


def half_band(n, p, grid_density=16):
    k = (n - 3) // 4
    g, error = attempt(lambda: signal.remez(2 * k + 2, [0, 2 * p], [1], grid_density=grid_density))
    if g is None:
        return None, error
    h = np.zeros(n)
    h[0::2] = g / 2
    h[2 * k + 1] = 0.5
    return h, None


def case(n, p):
    entry = {"taps": n, "passbandEdge": p, "bands": [0.0, p, 0.5 - p, 0.5]}
    h, error = attempt(lambda: signal.remez(n, [0, p, 0.5 - p, 0.5], [1, 0]))
    entry["remez"] = None if h is None else [float(v) for v in h]
    if h is None:
        entry["error"] = error
    else:
        passband, stopband = deviations(h, p)
        entry.update(passbandDeviation=passband, stopbandDeviation=stopband, maxDeviation=max(passband, stopband))
    trick, error = half_band(n, p)
    fine, _ = half_band(n, p, grid_density=1024)
    entry["trick"] = {
        "taps": None if trick is None else [float(v) for v in trick],
        "maxDeviation": None if trick is None else max(deviations(trick, p)),
        "optimumEstimate": None if fine is None else max(deviations(fine, p)),
    }
    if error is not None:
        entry["trick"]["error"] = error
    return entry


def main():
    cases = [case(n, p) for n in (7, 11, 19, 31, 63, 127) for p in (0.1, 0.2, 0.22)]
    document = {
        "generator": "scripts/halfband_reference.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "function": "scipy.signal.remez(N, [0, p, 0.5 - p, 0.5], [1, 0])",
        "gridPointsPerBand": GRID,
        "cases": cases,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(document, sort_keys=True, allow_nan=False) + "\n")
    print(f"wrote {len(cases)} cases to {OUT} ({OUT.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
