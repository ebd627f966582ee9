#!/usr/bin/env python3
"""Writes Tests/Fixtures/mpmath/verify-accuracy.json: for a few sharp designs,
their second-order sections exactly as mkfilter stores them (doubles) and the
response of exactly those coefficients, computed at 40 digits with mpmath, at
frequencies crowded around every pole's resonance; and the sections' poles.
It is the reference for the analysis `mkfilter verify` makes (`SectionResponse`,
`PoleZeroForm`: `VerificationAccuracyTests`), not for the design: the numbers
are those of the coefficients, whatever design produced them.

    python3 scripts/verify_accuracy_reference.py [MKFILTER]   (default .build/release/mkfilter)

The sections come from `mkfilter ARGS --emit json` ("sos": b0 b1 b2 1 a1 a2,
printed as the shortest decimal that reads back as the same double); each is
written as that same text, so the fixture holds the exact doubles. For each
pole p = r e^{j theta} (upper half plane, r > 0.99) the frequencies
alpha = (theta + k (1 - r)) / (2 pi), k = -6 ... 6, are rounded to doubles and
written to 17 digits (they read back as the same doubles); with 0, 0.5 and 31
evenly spaced ones. H = prod (b0 + b1 u + b2 u^2) / (1 + a1 u + a2 u^2) at
u = exp(-j 2 pi alpha), alpha exact, at mp.dps = 40, written to 25 digits.
Deterministic: re-running changes nothing unless the design changes.
"""
import json
import pathlib
import subprocess
import sys

from mpmath import mp, mpf, mpc, exp, pi, sqrt

mp.dps = 40
DIGITS = 25

DESIGNS = [
    # Band-pass near alpha 0.05, 1 - r = 1.1e-5 (responses-agree failed: 3.1e-10).
    "-Bu --passband-edge 0.0497231 0.0497477 --stopband-edge 0.0497053 0.056836 --passband-loss 0.265943 --stopband-attenuation 75.9333",
    # Band-stop near dc, zeros and poles near z = 1 (1.1e-10).
    "-Bu --passband-edge 0.000592754 0.000822128 --stopband-edge 0.000620003 0.000636895 --passband-loss 0.027886 --stopband-attenuation 65.5355",
    # Chebyshev band-pass near dc, 1 - r = 3e-6.
    "-Ch --passband-edge 0.000516855 0.000575571 --stopband-edge 0.000501919 0.270612 --passband-loss 0.726134 --stopband-attenuation 83.7286",
    # 24 poles crowded near z = 1.
    "-Bu -Lp -o 20 -a 0.001",
    # Chebyshev II band-stop reaching z = -1.
    "--cheby2 80 -Bs -o 8 -a 0.47 0.4995",
    # Elliptic narrow band-pass near dc.
    "--elliptic 0.5 70 -Bp -o 6 -a 0.002 0.0025",
]


def sections(mkfilter, args):
    out = subprocess.run([mkfilter] + args.split() + ["--emit", "json"], capture_output=True, text=True, check=True).stdout
    text = json.loads(out, parse_float=lambda s: s)["filters"][0]["sos"]
    return [[row[0], row[1], row[2], row[4], row[5]] for row in text]


def roots(c0, c1, c2):
    """Roots of c0 z^2 + c1 z + c2 (c0 != 0)."""
    if c0 == 0:
        return [] if c1 == 0 else [-c2 / c1]
    d = sqrt(mpc(c1 * c1 - 4 * c0 * c2))
    return [(-c1 + d) / (2 * c0), (-c1 - d) / (2 * c0)]


def response(rows, alpha):
    u = exp(mpc(0, -2) * pi * mpf(alpha))
    h = mpc(1)
    for b0, b1, b2, a1, a2 in rows:
        h *= (b0 + b1 * u + b2 * u * u) / (1 + a1 * u + a2 * u * u)
    return h


def number(x):
    return mp.nstr(x, DIGITS, min_fixed=0, max_fixed=0) if x != 0 else "0"


def designed(designs):
    """The repository's root, and (arguments, sections as text, the sections'
    doubles exactly as mpf rows, their poles) for each of `designs`, from
    mkfilter (argv[1], else the release build)."""
    root = pathlib.Path(__file__).resolve().parent.parent
    mkfilter = sys.argv[1] if len(sys.argv) > 1 else str(root / ".build/release/mkfilter")
    out = []
    for args in designs:
        text = sections(mkfilter, args)
        rows = [[mpf(float(x)) for x in row] for row in text]  # the doubles, exactly
        poles = [p for _, _, _, a1, a2 in rows for p in roots(mpf(1), a1, a2)]
        out.append((args, text, rows, poles))
    return root, out


def resonances(poles):
    """(r, theta) of the poles r e^{j theta} in the upper half plane with r > 0.99."""
    return [(r, theta) for r, theta in ((abs(p), mp.arg(p)) for p in poles) if theta >= 0 and r > 0.99]


def write(root, fixture, source, cases):
    """The fixture {"source", "cases"} at root/fixture, and a line saying so."""
    document = {"source": source, "cases": cases}
    path = root / fixture
    path.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
    print("wrote %s: %d designs, %d frequencies" % (path, len(cases), sum(len(c["response"]) for c in cases)))


def main():
    cases = []
    root, designs = designed(DESIGNS)
    for args, text, rows, poles in designs:
        zeros = [z for b0, b1, b2, _, _ in rows for z in roots(b0, b1, b2)]
        alphas = {0.0, 0.5} | {k / 60 for k in range(1, 30)}
        for r, theta in resonances(poles):
            for k in range(-6, 7):
                a = float((theta + k * (1 - r)) / (2 * pi))
                if 0 <= a <= 0.5:
                    alphas.add(a)
        points = []
        for a in sorted(alphas):
            h = response(rows, a)
            points.append([repr(a), number(h.real), number(h.imag)])
        cases.append({
            "arguments": args,
            "sections": text,
            "poles": [[number(p.real), number(p.imag)] for p in poles],
            "zeros": [[number(z.real), number(z.imag)] for z in zeros],
            "response": points,
        })
    write(root, "Tests/Fixtures/mpmath/verify-accuracy.json", "scripts/verify_accuracy_reference.py (mpmath, 40 digits)", cases)


if __name__ == "__main__":
    main()
