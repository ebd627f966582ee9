#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/resample_poly.json: three axes of a test
recording (300 samples at 400 Hz: a gravity offset, two sines and noise) and
scipy.signal.resample_poly(axis, up, down) of each for several factors, the
reference of `mkfilter resample` (ResampleTests).

    python3 scripts/resample_reference.py
"""
import json
import pathlib

import numpy as np
import scipy
from scipy import signal

root = pathlib.Path(__file__).resolve().parent.parent
rng = np.random.default_rng(20261128)
n, fs = 300, 400.0
t = np.arange(n) / fs
axes = [
    0.02 * np.sin(2 * np.pi * 3 * t) + 0.01 * rng.standard_normal(n),
    0.5 * np.sin(2 * np.pi * 40 * t + 0.3) + 0.05 * rng.standard_normal(n),
    1.0 + 0.2 * np.sin(2 * np.pi * 150 * t) + 0.02 * rng.standard_normal(n),
]
cases = [(1, 8), (160, 147), (3, 2), (2, 3), (5, 1), (1, 1), (4, 6), (7, 5)]
document = {
    "scipy": scipy.__version__,
    "sampleRate": fs,
    "input": [list(map(float, a)) for a in axes],
    "cases": [
        {"up": up, "down": down, "output": [list(map(float, signal.resample_poly(a, up, down))) for a in axes]}
        for up, down in cases
    ],
}
out = root / "Tests/Fixtures/scipy/resample_poly.json"
out.write_text(json.dumps(document) + "\n")
print(f"wrote {out} ({len(cases)} cases, scipy {scipy.__version__})")
