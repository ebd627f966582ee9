#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/sos-grid.json: how well scipy.signal's own
second-order sections hold up, in float64 and in float32, over a grid of 936
designs, so the Swift tests can compare our cascade against scipy's.

    pip install -r scripts/requirements.txt
    python3 scripts/sos_grid_reference.py

Conventions: our alpha = f / fs; scipy's Wn = f / (fs / 2) = 2 alpha (fs = 2).
Bessel uses norm='mag'; Chebyshev type I takes the ripple rp in positive dB.

The grid: butterworth, chebyshev 0.5 dB, chebyshev 3 dB and bessel; all four
bands; orders 1..10, 12, 16, 20; one-corner bands at alpha 0.001, 0.01, 0.05,
0.2, 0.45; two-corner bands at (0.001, 0.005), (0.01, 0.05), (0.1, 0.2),
(0.3, 0.48). Band-pass and band-stop of order N have 2N poles.

For each design, z, p, k come from scipy.signal.iirfilter (or scipy.signal.bessel)
with output='zpk'. THE GAIN k IS THEN RESCALED to this package's normalisation
(Fisher's point), not scipy's: k > 0 such that |H| = 1 at z = 1 (low-pass),
z = -1 (high-pass), z = exp(j pi (alpha1 + alpha2)) (band-pass, the arithmetic
centre of the corners), and sqrt(|H(1)| |H(-1)|) = 1 (band-stop), where
H(z) = k prod(z - z_i) / prod(z - p_j). The sections are scipy's own,
sos = scipy.signal.zpk2sos(z, p, k_rescaled) with the default pairing 'nearest'.
Recorded per design (no coefficient arrays):

  scipyFloat32ImpulseError  max |y32 - y64| / max |y64|, where y64 is
                            sosfilt(sos, impulse) in float64 and y32 is
                            sosfilt(sos.astype(float32), impulse.astype(float32)),
                            which scipy computes in float32. The impulse length
                            (impulseLength) is ceil(log(1e-12) / log(max |p|)),
                            clamped to [64, 400000]; null if y32 overflowed.
  scipyDoubleSosDeviation   max over a frequency grid of |H_sos(w) - H_zpk(w)|
                            / max |H_zpk|, H_sos the product of the float64
                            sections' responses, H_zpk = k prod(e^jw - z) /
                            prod(e^jw - p), both evaluated in float64. The grid:
                            8192 points uniform on [0, pi] plus, for each pole
                            r e^{j th}, the 33 points |th| + (1 - r) *
                            linspace(-8, 8, 33) clipped to [0, pi] (|th| because
                            poles come in conjugate pairs).
  scipyFloat32SosDeviation  the same with the sections' coefficients rounded to
                            float32 (and back to float64 before evaluating).
  scipyFloat32Stable        every pole of the float32-rounded sections has
                            radius < 1.
  maxPoleRadius             max |p| of scipy's float64 zpk poles.
  k                         the rescaled gain (zpk2sos puts all of it into the
                            first section, so below ~1e-45 it is 0 in float32).

Output is deterministic (sorted keys, repr floats), so re-running it changes
nothing unless scipy's answers change. A short summary goes to stderr.
"""
import json
import math
import pathlib
import sys

import numpy as np
import scipy
from scipy import signal

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from iir_cases import case_fields, grid, scipy_design  # noqa: E402

FAMILIES = [("butterworth", None), ("chebyshev", 0.5), ("chebyshev", 3.0), ("bessel", None)]
ORDERS = list(range(1, 11)) + [12, 16, 20]
ONE_CORNER = [0.001, 0.01, 0.05, 0.2, 0.45]
TWO_CORNERS = [(0.001, 0.005), (0.01, 0.05), (0.1, 0.2), (0.3, 0.48)]
MIN_IMPULSE, MAX_IMPULSE = 64, 400000


def monic_response(z, p, at):
    return np.prod(at - z) / np.prod(at - p)


def our_gain(z, p, band, alphas):
    """k > 0 giving |H| = 1 at Fisher's point (see the docstring)."""
    if band == "lowPass":
        g = abs(monic_response(z, p, 1.0))
    elif band == "highPass":
        g = abs(monic_response(z, p, -1.0))
    elif band == "bandPass":
        g = abs(monic_response(z, p, np.exp(1j * math.pi * (alphas[0] + alphas[1]))))
    else:
        g = math.sqrt(abs(monic_response(z, p, 1.0)) * abs(monic_response(z, p, -1.0)))
    return 1.0 / g


def frequency_grid(p):
    parts = [np.linspace(0.0, math.pi, 8192)]
    offsets = np.linspace(-8.0, 8.0, 33)
    for pole in p:
        r, th = abs(pole), abs(np.angle(pole))
        parts.append(np.clip(th + (1.0 - r) * offsets, 0.0, math.pi))
    return np.concatenate(parts)


def sos_response(sos, w):
    zinv = np.exp(-1j * w)
    h = np.ones_like(zinv)
    for b0, b1, b2, a0, a1, a2 in sos:
        h *= (b0 + zinv * (b1 + zinv * b2)) / (a0 + zinv * (a1 + zinv * a2))
    return h


def zpk_response(z, p, k, w):
    e = np.exp(1j * w)
    h = np.full_like(e, k)
    for zero in z:
        h *= e - zero
    for pole in p:
        h /= e - pole
    return h


def sos_stable(sos):
    for _, _, _, a0, a1, a2 in sos:
        if np.any(np.abs(np.roots([a0, a1, a2])) >= 1.0):
            return False
    return True


def measure(family, ripple, band, order, alphas):
    z, p, k = scipy_design(family, ripple, band, order, alphas)
    k = our_gain(z, p, band, alphas)
    sos = signal.zpk2sos(z, p, k)
    sos32 = sos.astype(np.float32)
    sos32_as_64 = sos32.astype(np.float64)

    radius = float(np.max(np.abs(p)))
    n = MAX_IMPULSE if radius >= 1.0 else math.ceil(math.log(1e-12) / math.log(radius))
    n = min(max(n, MIN_IMPULSE), MAX_IMPULSE)
    impulse = np.zeros(n)
    impulse[0] = 1.0
    y64 = signal.sosfilt(sos, impulse)
    with np.errstate(over="ignore", invalid="ignore"):
        y32 = signal.sosfilt(sos32, impulse.astype(np.float32))
    assert y32.dtype == np.float32, y32.dtype
    assert y64.dtype == np.float64, y64.dtype
    with np.errstate(over="ignore", invalid="ignore"):
        impulse_error = float(np.max(np.abs(y32.astype(np.float64) - y64)) / np.max(np.abs(y64)))
    if not math.isfinite(impulse_error):
        impulse_error = None

    w = frequency_grid(p)
    reference = zpk_response(z, p, k, w)
    scale = np.max(np.abs(reference))
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        dev64 = float(np.max(np.abs(sos_response(sos, w) - reference)) / scale)
        dev32 = float(np.max(np.abs(sos_response(sos32_as_64, w) - reference)) / scale)
    return {
        **case_fields(family, ripple, band, order, alphas),
        "impulseLength": n,
        "k": float(k),
        "maxPoleRadius": radius,
        "scipyFloat32ImpulseError": impulse_error,
        "scipyDoubleSosDeviation": dev64 if math.isfinite(dev64) else None,
        "scipyFloat32SosDeviation": dev32 if math.isfinite(dev32) else None,
        "scipyFloat32Stable": sos_stable(sos32_as_64),
    }


def label(case):
    ripple = f" {case['ripple']} dB" if case["ripple"] is not None else ""
    return f"{case['family']}{ripple} {case['band']} order {case['order']} alphas {case['alphas']}"


def summarise(cases):
    errors = [c["scipyFloat32ImpulseError"] for c in cases]
    finite = [e for e in errors if e is not None]
    overflowed = len(errors) - len(finite)
    print(f"scipy float32 impulse error: > 0.01 in {sum(e > 0.01 for e in finite) + overflowed}, "
          f"> 1 in {sum(e > 1 for e in finite) + overflowed} (of which {overflowed} overflowed), "
          f"median {float(np.median(finite)):.3g} (finite ones), "
          f"float32 sections unstable in {sum(not c['scipyFloat32Stable'] for c in cases)}",
          file=sys.stderr)
    worst = sorted(cases, key=lambda c: (c["scipyFloat32ImpulseError"] is not None,
                                         -(c["scipyFloat32ImpulseError"] or 0.0)))[:5]
    for c in worst:
        print(f"  {label(c)}: {c['scipyFloat32ImpulseError']}", file=sys.stderr)


def main():
    cases = [measure(*case) for case in grid(FAMILIES, ORDERS, ONE_CORNER, TWO_CORNERS)]
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/scipy/sos-grid.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    document = {"generator": "scripts/sos_grid_reference.py", "scipy": scipy.__version__,
                "numpy": np.__version__, "gainNormalisation": "ours (Fisher's point), k rescaled",
                "cases": cases}
    out.write_text(json.dumps(document, indent=0, sort_keys=True, allow_nan=False) + "\n")
    print(f"wrote {len(cases)} designs to {out}", file=sys.stderr)
    summarise(cases)


if __name__ == "__main__":
    main()
