#!/usr/bin/env python3
"""Writes Tests/Fixtures/catalogue/scipy-decimate.json: three axes of a test
signal (1000 samples at 1000 Hz) and scipy.signal.decimate(axis, q, n, ftype,
zero_phase=...) of each, with the filter decimate designed, the reference of
a Swift `decimate`.

    pip install -r scripts/requirements.txt
    python3 scripts/decimate_reference.py

What scipy 1.17's decimate computes (q = operator.index(q), so an integral
float is refused; n likewise):

  - ftype 'iir' (default): sos = cheby1(n, 0.05, 0.8 / q, output='sos'),
    n = 8 by default (zpk2sos's default pairing, 'nearest', gain in the first
    section). zero_phase=True: sosfiltfilt(sos, x) with its defaults
    (padtype 'odd', padlen 3 (2 sections + 1 - min(#b2 = 0, #a2 = 0)),
    sosfilt_zi times the first sample each way), then y[::q].
    zero_phase=False: sosfilt(sos, x) from rest, then y[::q].
  - ftype 'fir': b = firwin(n + 1, 1 / q, window='hamming') (cutoff 1/q of
    Nyquist, DC gain 1), n = 20 q by default. zero_phase=True:
    resample_poly(x, 1, q, window=b): y[m] = sum_k b[k] x[m q + (n + 1 - 1)//2 - k]
    with x zero outside the signal (padtype 'constant'). zero_phase=False:
    upfirdn(b, x, 1, q)[:ceil(N / q)] = lfilter(b, 1, x)[::q].

Every output has ceil(N / q) samples, the first at input time 0.

The signal: per axis an offset, sines below and above the decimated
Nyquist frequencies and pseudo-noise from a 32-bit linear congruential
generator (Numerical Recipes' constants, uniform in [-0.5, 0.5)), so it is
reproducible without numpy's generators. It is stored too.

Cases: q in {2, 3, 5, 10} x ftype {iir, fir} x zero_phase {True, False}
with the default n; for q = 5 also n = 4 and n = 5 (odd: a first-order
section, padlen 18) for 'iir' and n = 40 and n = 41 (even tap count, type II:
resample_poly centres it at (n + 1 - 1)//2 = 20, half a sample early) for
'fir'. Per case: "sos" ([b0, b1, b2, a0, a1, a2] rows, scipy's layout) or
"taps", "padlen" for sosfiltfilt, and "output" per axis. Floats are written
with repr (read back exactly); keys sorted, so re-running changes nothing
unless scipy's answers change.
"""
import json
import math
import pathlib
import sys

import numpy as np
import scipy
from scipy import signal

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/catalogue/scipy-decimate.json"
N, FS = 1000, 1000.0


def lcg_noise(n, seed):
    """n values uniform in [-0.5, 0.5): x <- 1664525 x + 1013904223 mod 2^32."""
    state, out = seed & 0xFFFFFFFF, []
    for _ in range(n):
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        out.append(state / 2.0**32 - 0.5)
    return np.array(out)


def test_signal():
    """x, y, z: offsets, sines in the passbands (3, 17, 37 Hz) and above the
    decimated Nyquist frequencies (60, 130, 240, 410 Hz), noise."""
    t = np.arange(N) / FS
    s = lambda f, a, phase=0.0: a * np.sin(2 * math.pi * f * t + phase)
    x = 0.05 + s(3, 0.8) + s(60, 0.2, 0.4) + s(240, 0.1) + 0.05 * lcg_noise(N, 1)
    y = -0.3 + s(17, 0.5, 1.1) + s(130, 0.3) + s(410, 0.2, 2.0) + 0.05 * lcg_noise(N, 2)
    z = 1.0 + s(37, 0.3, 0.3) + s(240, 0.4, 0.7) + 0.2 * lcg_noise(N, 3)
    return {"x": x, "y": y, "z": z}


def floats(values):
    return [float(v) for v in values]


def case(axes, q, ftype, zero_phase, n=None):
    entry = {"q": q, "ftype": ftype, "zeroPhase": zero_phase, "n": n}
    order = n if n is not None else (8 if ftype == "iir" else 20 * q)
    entry["order"] = order
    if ftype == "iir":
        sos = signal.cheby1(order, 0.05, 0.8 / q, output="sos")
        entry["sos"] = [floats(row) for row in sos]
        trivial = min(int((sos[:, 2] == 0).sum()), int((sos[:, 5] == 0).sum()))
        entry["padlen"] = 3 * (2 * len(sos) + 1 - trivial)
    else:
        entry["taps"] = floats(signal.firwin(order + 1, 1.0 / q, window="hamming"))
    entry["output"] = {name: floats(signal.decimate(values, q, n=n, ftype=ftype, zero_phase=zero_phase))
                       for name, values in axes.items()}
    expected = -(-N // q)
    assert all(len(v) == expected for v in entry["output"].values())
    return entry


def main():
    axes = test_signal()
    cases = []
    for q in (2, 3, 5, 10):
        for ftype in ("iir", "fir"):
            for zero_phase in (True, False):
                cases.append(case(axes, q, ftype, zero_phase))
    for n in (4, 5):
        for zero_phase in (True, False):
            cases.append(case(axes, 5, "iir", zero_phase, n))
    for n in (40, 41):
        for zero_phase in (True, False):
            cases.append(case(axes, 5, "fir", zero_phase, n))

    document = {
        "generator": "scripts/decimate_reference.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "function": "scipy.signal.decimate(x, q, n=n, ftype=ftype, zero_phase=zeroPhase)",
        "sampleRate": FS,
        "input": {name: floats(values) for name, values in axes.items()},
        "cases": cases,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(document, sort_keys=True, allow_nan=False) + "\n")
    print(f"wrote {len(cases)} cases to {OUT} ({OUT.stat().st_size} bytes, scipy {scipy.__version__})", file=sys.stderr)


if __name__ == "__main__":
    main()
