#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/zero-phase.json: scipy.signal.sosfiltfilt with
its defaults (padtype='odd', padlen from the sections) on a recording-like
accelerometer signal, for the filters `mkfilter pipeline --zero-phase` runs,
so the Swift tests can compare `ZeroPhase` and the command with scipy.

    pip install -r scripts/requirements.txt
    python3 scripts/zero_phase_reference.py

The signal (one per axis, the same for every case): N samples at fs, gravity
on z from the first sample (1 g), Gaussian noise (sigma 0.01 g) on every
axis, and two shake bursts (3 Hz, 1 g on x, 0.8 g on y, 2 s each), from
numpy's default_rng with a fixed seed.

The sections, per case ([b0, b1, b2, a0, a1, a2] rows, scipy's layout):
  - Butterworth designs from scipy.signal.butter(..., output='zpk') with
    scipy's own gain k (the passband maximum at 1, this package's
    normalisation too), then sos = zpk2sos(z, p, k). `filter` is what
    `--filter` is given for it.
  - The accelerometer articles' first-order filters, written directly:
    FILTERFACTOR low-pass f: [f, 0, 0, 1, -(1 - f), 0];
    iBells' high-pass x - lowpass(x): [1 - f, -(1 - f), 0, 1, -(1 - f), 0];
    the article's "high-pass" as written: [1 - f, 0, 0, 1, -(1 - f), 0];
    Apple's low-pass, a = dt / (dt + RC), RC = 1 / cutoff: [a, 0, 0, 1, -(1 - a), 0].
  - One short signal: exactly padlen + 1 samples, the fewest sosfiltfilt takes.

Recorded per case: the sections, the input x, y, z and sosfiltfilt's output
for each axis, all floats written with repr (so they read back exactly).
Output is deterministic (sorted keys), so re-running it changes nothing
unless scipy's answers change.
"""
import json
import math
import pathlib
import sys

import numpy as np
import scipy
from scipy import signal


def recording(n, fs, seed=16):
    rng = np.random.default_rng(seed)
    t = np.arange(n) / fs
    x = rng.normal(0.0, 0.01, n)
    y = rng.normal(0.0, 0.01, n)
    z = 1.0 + rng.normal(0.0, 0.01, n)
    for start in (0.3 * n / fs, 0.65 * n / fs):
        burst = (t >= start) & (t < start + 2.0)
        x = x + np.where(burst, 1.0 * np.sin(2 * math.pi * 3.0 * (t - start)), 0.0)
        y = y + np.where(burst, 0.8 * np.sin(2 * math.pi * 3.0 * (t - start) + 0.5), 0.0)
    return x, y, z


def scipy_sos(order, band, corners, fs):
    """scipy's Butterworth with scipy's own gain (the passband maximum at 1,
    this package's normalisation too), as sections."""
    z, p, k = signal.butter(order, corners, btype=band, fs=fs, output="zpk")
    return signal.zpk2sos(z, p, k)


def first_order(b0, b1, a1):
    return np.array([[b0, b1, 0.0, 1.0, a1, 0.0]])


def case(name, filter_text, fs, sos, x, y, z):
    return {
        "name": name,
        "filter": filter_text,
        "sampleRate": fs,
        "sos": [[float(v) for v in row] for row in sos],
        "input": {"x": [float(v) for v in x], "y": [float(v) for v in y], "z": [float(v) for v in z]},
        "sosfiltfilt": {axis: [float(v) for v in signal.sosfiltfilt(sos, values)]
                        for axis, values in (("x", x), ("y", y), ("z", z))},
    }


def main():
    cases = []
    fs = 60.0
    x, y, z = recording(1200, fs)
    bandpass = scipy_sos(3, "bandpass", [0.5, 3.0], fs)
    cases.append(case("Shake! band-pass, 3rd order 0.5-3 Hz at 60 Hz", "butterworthBP3rd05To3Hz", fs, bandpass, x, y, z))
    f = 0.1
    cases.append(case("FILTERFACTOR low-pass 0.1", "filterfactor-lowpass 0.1", fs, first_order(f, 0.0, -(1 - f)), x, y, z))
    cases.append(case("FILTERFACTOR \"high-pass\" 0.1, as written", "filterfactor-highpass 0.1", fs,
                      first_order(1 - f, 0.0, -(1 - f)), x, y, z))
    cases.append(case("iBells high-pass 0.1", "ibells-highpass 0.1", fs, first_order(1 - f, -(1 - f), -(1 - f)), x, y, z))
    a = (1 / fs) / (1 / fs + 1 / 5.0)
    cases.append(case("Apple low-pass, cutoff 5, at 60 Hz", "apple-lowpass 5", fs, first_order(a, 0.0, -(1 - a)), x, y, z))

    fs = 100.0
    x, y, z = recording(2000, fs)
    highpass = scipy_sos(2, "highpass", 1.0, fs)
    cases.append(case("Butterworth high-pass, 2nd order 1 Hz at 100 Hz", "-Bu -Hp -o 2 --corner 1", fs, highpass, x, y, z))

    # The shortest signal sosfiltfilt takes: padlen + 1 samples.
    fs = 60.0
    ntaps = 2 * len(bandpass) + 1 - min(int((bandpass[:, 2] == 0).sum()), int((bandpass[:, 5] == 0).sum()))
    shortest = 3 * ntaps + 1
    x, y, z = recording(1200, fs)
    cases.append(case(f"Shake! band-pass on {shortest} samples (padlen + 1)", "butterworthBP3rd05To3Hz", fs, bandpass,
                      x[500:500 + shortest], y[500:500 + shortest], z[500:500 + shortest]))

    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/scipy/zero-phase.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    document = {"generator": "scripts/zero_phase_reference.py", "scipy": scipy.__version__,
                "numpy": np.__version__, "function": "scipy.signal.sosfiltfilt(sos, x) (padtype='odd')",
                "gainNormalisation": "scipy's (passband maximum 1), as ours", "cases": cases}
    out.write_text(json.dumps(document, indent=0, sort_keys=True, allow_nan=False) + "\n")
    print(f"wrote {len(cases)} cases to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
