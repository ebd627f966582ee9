#!/usr/bin/env python3
"""Writes Tests/Fixtures/mpmath/sin-cos-pi.json: sin(pi alpha) and cos(pi alpha)
at 50 digits with mpmath (sinpi, cospi: exact where they are 0 or 1), each
rounded to a double-double (the nearest double and the nearest double to the
rest), as the reference for `DoubleDouble.sinCosPi` (`SinCosPiTests`), which
the frequency response uses to place each frequency exactly on the unit circle.

    python3 scripts/sin_cos_pi_reference.py            # writes the fixture
    python3 scripts/sin_cos_pi_reference.py --table    # prints sin(pi j / 64),
                                                       # j = 0 ... 32, as Swift
                                                       # (DoubleDoubleTrigonometry.swift)

Each row is [alpha_hi, alpha_lo, sin_hi, sin_lo, cos_hi, cos_lo] for
alpha = alpha_hi + alpha_lo exactly (every number is a double, written by
repr so that it reads back as the same double). The alphas: 0, 1/2, every
j / 128 (the table's nodes and the midpoints where its reduction switches) and
the doubles either side of each, tiny ones, 400 uniform random doubles in
[0, 1/2] (seed 2024), the FFT grid k / 2^22 around the resonances of the
elliptic band-pass `mkfilter verify` once failed on (alpha 0.2017 and 0.4641),
and grids k / (2 (N - 1)) whose spacing is not a power of two, given as the
double-double nearest k / (2 (N - 1)) (alpha_lo != 0).
Deterministic: re-running writes the same file.
"""
import json
import math
import pathlib
import random
import sys

from mpmath import mp, mpf, sinpi, cospi

mp.dps = 50


def split(x):
    """The double-double nearest x: (nearest double, nearest double to the rest)."""
    hi = float(x)
    return hi, float(x - mpf(hi))


def table():
    print("        let parts: [(hi: Double, lo: Double)] = [")
    for j in range(33):
        print("            (%r, %r)," % split(sinpi(mpf(j) / 64)))
    print("        ]")


def main():
    if "--table" in sys.argv[1:]:
        table()
        return
    alphas = {(0.0, 0.0), (0.5, 0.0)}
    for j in range(65):
        a = j / 128
        for b in (math.nextafter(a, 0.0), a, math.nextafter(a, 1.0)):
            if 0 <= b <= 0.5:
                alphas.add((b, 0.0))
    for a in (5e-324, 1e-300, 1e-20, 2.0 ** -40, 1e-10, 1e-5, 2.0 ** -22):
        alphas.add((a, 0.0))
    rng = random.Random(2024)
    for _ in range(400):
        alphas.add((rng.uniform(0, 0.5), 0.0))
    m = 1 << 22
    for centre in (0.2016875, 0.4640999):
        k0 = int(centre * m)
        for k in range(k0 - 20, k0 + 21):
            alphas.add((k / m, 0.0))
    for n in (1000, 4097 + 2, 12345):
        period = 2 * (n - 1)
        for k in list(range(0, 20)) + list(range(n // 3, n // 3 + 20)) + list(range(n - 20, n)):
            alphas.add(split(mpf(k) / period))
    rows = []
    for hi, lo in sorted(alphas):
        a = mpf(hi) + mpf(lo)
        rows.append([hi, lo, *split(sinpi(a)), *split(cospi(a))])
    root = pathlib.Path(__file__).resolve().parent.parent
    path = root / "Tests/Fixtures/mpmath/sin-cos-pi.json"
    lines = ",\n".join("  " + json.dumps(row) for row in rows)
    path.write_text('{"source": "scripts/sin_cos_pi_reference.py (mpmath, 50 digits)",\n'
                    ' "columns": ["alpha_hi", "alpha_lo", "sin_hi", "sin_lo", "cos_hi", "cos_lo"],\n'
                    ' "rows": [\n' + lines + "\n ]}\n")
    print("wrote %s: %d alphas" % (path, len(rows)))


if __name__ == "__main__":
    main()
