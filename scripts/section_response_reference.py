#!/usr/bin/env python3
"""Writes Tests/Fixtures/mpmath/section-response.json: the frequency response of
the benchmark designs' second-order sections, as stored (the Double
coefficients `mkfilter --emit json` writes and `DigitalFilter<Double>` runs),
at the exact angles of a 4,097-point grid, computed at 40 significant digits
with mpmath; and how far scipy.signal.sosfreqz is from it on the same points.

    swift build
    python3 scripts/section_response_reference.py .build/debug/mkfilter

Each design is given by its mkfilter options; its "sos" rows are read from
`mkfilter OPTIONS --emit json` and written back unchanged (every Double
round-trips). The grid is alpha_k = k / 8192, k = 0 ... 4096 (0 to 1/2
inclusive), each an exact binary fraction, so H(exp(j 2 pi alpha_k)) =
prod (b0 + b1 u + b2 u^2) / (1 + a1 u + a2 u^2), u = exp(-j 2 pi alpha_k), is
evaluated for the exact coefficients at the exact angle. "response" is [Re H,
Im H] per point as the nearest doubles (repr). "sosfreqzError" is
max |H_scipy - H| / max |H| with H_scipy = scipy.signal.sosfreqz(sos,
worN=8192, whole=True)'s first 4,097 points: the FFT arithmetic sosfreqz
uses for an integer worN, at the same angles.
"""
import json
import pathlib
import subprocess
import sys

from mpmath import mp, mpf, mpc, expjpi

mp.dps = 40
POINTS = 4097

DESIGNS = [
    ("LP2", "-Bu -Lp -o 2 -a 0.1"),
    ("BP4", "-Bu -Bp -o 2 -a 0.1 0.2"),
    ("LP10", "-Bu -Lp -o 10 -a 0.1"),
    ("Shake BP3", "-Bu -Bp -o 3 --sample-rate 60 --corner 0.5 3"),
    ("EL10", "-Lp -o 10 --elliptic 0.5 60 -a 0.1"),
    ("BP20", "-Bu -Bp -o 10 -a 0.1 0.2"),
]


def sections(mkfilter, options):
    text = subprocess.run([mkfilter] + options.split() + ["--emit", "json"], check=True,
                          capture_output=True, text=True).stdout
    return json.loads(text)["filters"][0]["sos"]


def response(sos, k):
    u = expjpi(-mpf(2 * k) / (2 * (POINTS - 1)))
    h = mpc(1)
    for b0, b1, b2, a0, a1, a2 in sos:
        assert a0 == 1.0
        h *= (mpf(b0) + u * (mpf(b1) + u * mpf(b2))) / (1 + u * (mpf(a1) + u * mpf(a2)))
    return h


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    mkfilter = sys.argv[1]
    cases = []
    for label, options in DESIGNS:
        sos = sections(mkfilter, options)
        values = [response(sos, k) for k in range(POINTS)]
        peak = max(abs(h) for h in values)
        entry = {"label": label, "options": options, "sos": sos,
                 "response": [[repr(float(h.real)), repr(float(h.imag))] for h in values]}
        try:
            import numpy as np
            import scipy.signal as signal
            _, h = signal.sosfreqz(np.array(sos), worN=2 * (POINTS - 1), whole=True)
            error = max(abs(mpc(complex(h[k])) - values[k]) for k in range(POINTS)) / peak
            entry["sosfreqzError"] = float(error)
        except ImportError:
            pass
        cases.append(entry)
        print(label, len(sos), "sections, sosfreqz error", entry.get("sosfreqzError"), file=sys.stderr)
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/mpmath/section-response.json"
    out.write_text(json.dumps({"points": POINTS, "digits": mp.dps, "cases": cases}, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
