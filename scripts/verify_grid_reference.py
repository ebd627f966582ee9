#!/usr/bin/env python3
"""Writes Tests/Fixtures/mpmath/verify-grid.json: for designs whose poles lie
about 1e-6 from the unit circle, their second-order sections exactly as
mkfilter stores them and the response of exactly those coefficients at 40
digits (mpmath), at the points of the grid `mkfilter verify` compares its
three responses on, k / n for the FFT length n, around every resonance. It
is the reference for evaluating at the grid's exact angles
(`VerificationAccuracyTests.gridResponsesAgainstMpmath`).

    python3 scripts/verify_grid_reference.py [MKFILTER]   (default .build/release/mkfilter)

The sections come from `mkfilter ARGS --emit json`, kept as text (see
scripts/verify_accuracy_reference.py, whose helpers this uses). n is the
grid's FFT length as `Verification.grid(poleMargin:)` chooses it: the
smallest power of two n >= 4096 with 2 pi / n <= 1 - r for the largest pole
radius r (at most 2^22). For each pole p = r e^{j theta} (upper half plane,
r > 0.99) the grid points k = round(n theta / (2 pi)) - 8 ... + 8 are kept,
with 0 and n/2; H at alpha = k / n exactly, written to 25 digits as
["k", "Re H", "Im H"] (k in decimal). Deterministic: re-running changes
nothing unless the design changes.
"""
import pathlib
import sys

from mpmath import mp, mpf, pi

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import verify_accuracy_reference as reference  # noqa: E402

mp.dps = 40

DESIGNS = [
    # Elliptic band-pass, 1 - r = 1.5e-6 (responses-agree failed: 1.47e-10,
    # the grid's angles rounded).
    "--elliptic --passband-edge 0.201687 0.4641 --stopband-edge 0.201676 0.464182 --passband-loss 2.68651 --stopband-attenuation 57.0817",
]


def main():
    cases = []
    root, designs = reference.designed(DESIGNS)
    for args, text, rows, poles in designs:
        margin = min(1 - abs(p) for p in poles)
        n = 4096
        while n < 1 << 22 and 2 * pi / n > margin:
            n *= 2
        ks = {0, n // 2}
        for _, theta in reference.resonances(poles):
            centre = int(mp.nint(n * theta / (2 * pi)))
            ks |= {k for k in range(centre - 8, centre + 9) if 0 <= k <= n // 2}
        points = []
        for k in sorted(ks):
            h = reference.response(rows, mpf(k) / n)
            points.append([str(k), reference.number(h.real), reference.number(h.imag)])
        cases.append({"arguments": args, "sections": text, "fftLength": n, "response": points})
    reference.write(root, "Tests/Fixtures/mpmath/verify-grid.json", "scripts/verify_grid_reference.py (mpmath, 40 digits)", cases)


if __name__ == "__main__":
    main()
