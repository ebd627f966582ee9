#!/usr/bin/env python3
"""Writes Tests/Fixtures/recordings/shake-60Hz.csv: a deterministic
accelerometer recording like a phone's, for `mkfilter spectrum`, `suggest`
and `pipeline --compare` (and their tests).

    python3 scripts/shake_recording.py

What it holds (t in s, x, y, z in g, 60 Hz, 60 s, 3600 rows, header t,x,y,z,
every value printed with 6 decimals as a phone would give it):
  - gravity on z: 1 g;
  - slow sway on every axis, below 0.3 Hz: x 0.08 g at 0.10 Hz, y 0.06 g at
    0.20 Hz, z 0.05 g at 0.15 Hz;
  - shake bursts at 2 Hz (SHAKE_HZ) during EVENTS (seconds): x 0.6 g, y 0.4 g,
    z 0.3 g, each burst's envelope rising and falling over 0.2 s (a Hann
    taper), silent outside the events;
  - white Gaussian sensor noise, sigma 0.01 g on each axis, from numpy's
    default_rng(29).
Re-running it gives the same file byte for byte (numpy's generator is
stable across versions for normal()).
"""
import math
import pathlib

import numpy as np

FS = 60.0
SECONDS = 60
SHAKE_HZ = 2.0
EVENTS = [(8.0, 11.0), (20.5, 23.0), (33.0, 37.0), (47.2, 50.0)]


def envelope(t, start, end, taper=0.2):
    e = np.zeros_like(t)
    inside = (t >= start) & (t <= end)
    rise = np.clip((t - start) / taper, 0, 1)
    fall = np.clip((end - t) / taper, 0, 1)
    ramp = np.minimum(rise, fall)
    e[inside] = (0.5 - 0.5 * np.cos(math.pi * ramp[inside]))
    return e


def main():
    n = int(FS * SECONDS)
    rng = np.random.default_rng(29)
    t = np.arange(n) / FS
    shake = np.zeros(n)
    for start, end in EVENTS:
        shake += envelope(t, start, end)
    phase = 2 * math.pi * SHAKE_HZ * t
    x = 0.08 * np.sin(2 * math.pi * 0.10 * t + 0.3) + 0.6 * shake * np.sin(phase) + rng.normal(0, 0.01, n)
    y = 0.06 * np.sin(2 * math.pi * 0.20 * t + 1.0) + 0.4 * shake * np.sin(phase + 0.7) + rng.normal(0, 0.01, n)
    z = 1.0 + 0.05 * np.sin(2 * math.pi * 0.15 * t + 2.0) + 0.3 * shake * np.sin(phase + 1.9) + rng.normal(0, 0.01, n)
    lines = ["t,x,y,z"]
    for i in range(n):
        lines.append("%.6f,%.6f,%.6f,%.6f" % (t[i], x[i], y[i], z[i]))
    path = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/recordings/shake-60Hz.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    print(f"wrote {path} ({n} rows)")


if __name__ == "__main__":
    main()
