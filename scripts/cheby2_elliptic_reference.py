#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/cheby2-elliptic.json: z-plane zeros, poles and gain
from scipy.signal for random Chebyshev type II and elliptic (Cauer) digital
designs, the reference for the Swift chebyshev2/elliptic families.

    pip install -r scripts/requirements.txt
    python3 scripts/cheby2_elliptic_reference.py

Conventions: our alpha = f / fs; scipy's Wn = 2 * alpha (Nyquist = 1), formed
in doubles exactly as `wn = 2.0 * alpha`. Designs are
scipy.signal.cheby2(N, rs, Wn, btype, analog=False, output='zpk') and
scipy.signal.ellip(N, rp, rs, Wn, btype, analog=False, output='zpk'), with rp
the passband ripple and rs the stopband attenuation, both in positive dB. For
cheby2 the corner is where the response first reaches -rs dB; for ellip it is
the passband edge (-rp dB). Zeros and poles are [re, im] pairs in scipy's own
order; k is scipy's gain.

Every (family, band, order) for order 1..24 gets DESIGNS_PER_CELL designs with
random parameters: rp log-uniform in [0.01, 3] dB (or, one time in four, one of
0.01, 0.1, 0.5, 1, 3), rs uniform in [20, 100] dB (or one of 20, 40, 60, 80,
100), the lower corner log-uniform in [0.001, 0.49] and, for two-corner bands,
an upper corner either close to it (relative gap 1e-3 .. 0.2) or anywhere up
to 0.49. Random values are rounded to 6 significant digits before use. A
design that makes scipy raise or return non-finite numbers is skipped, counted
in the summary on stderr, and replaced by another draw (warnings are only
counted).

"ellipdegCheck" (top level) lists the elliptic designs whose degree parameter
from scipy's _ellipdeg has 1 - m more than 1e-9 (relative) off the exact value
(mpmath, 60 digits, complementary nome), with how far scipy's analog prototype
then misses rp and rs: scipy's zeros and poles are not exact for those. Random inputs come from
random.Random(SEED); output is deterministic (sorted keys, repr floats).
"""
import collections
import json
import math
import pathlib
import random
import sys
import warnings

import numpy as np
import scipy
from scipy import signal

SEED = 20240611
DESIGNS_PER_CELL = 6
MAX_ATTEMPTS_PER_CELL = 60
ORDERS = range(1, 25)
FAMILIES = ["chebyshev2", "elliptic"]
BANDS = {"lowPass": "lowpass", "highPass": "highpass", "bandPass": "bandpass", "bandStop": "bandstop"}
EXACT_RIPPLES = [0.01, 0.1, 0.5, 1.0, 3.0]
EXACT_ATTENUATIONS = [20.0, 40.0, 60.0, 80.0, 100.0]
ALPHA_MIN, ALPHA_MAX = 0.001, 0.49
ELLIPDEG_THRESHOLD = 1e-9
WARNINGS = collections.Counter()  # kept designs during which scipy warned


def sig6(x):
    return float(f"{x:.6g}")


def log_uniform(rng, lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def draw_ripple(rng):
    if rng.random() < 0.25:
        return rng.choice(EXACT_RIPPLES)
    return min(max(sig6(log_uniform(rng, 0.01, 3.0)), 0.01), 3.0)


def draw_attenuation(rng):
    if rng.random() < 0.25:
        return rng.choice(EXACT_ATTENUATIONS)
    return min(max(sig6(rng.uniform(20.0, 100.0)), 20.0), 100.0)


def draw_alphas(rng, two):
    if not two:
        return [min(max(sig6(log_uniform(rng, ALPHA_MIN, ALPHA_MAX)), ALPHA_MIN), ALPHA_MAX)]
    while True:
        a1 = sig6(log_uniform(rng, ALPHA_MIN, 0.48))
        if rng.random() < 0.4:
            a2 = sig6(a1 * (1.0 + log_uniform(rng, 1e-3, 0.2)))
        else:
            a2 = sig6(rng.uniform(a1, ALPHA_MAX))
        if ALPHA_MIN <= a1 < a2 <= ALPHA_MAX:
            return [a1, a2]


def pairs(values):
    return [[float(x.real), float(x.imag)] for x in values]


def design(family, band, order, ripple, attenuation, alphas):
    """The record, or raise ValueError with a reason."""
    wn = [2.0 * a for a in alphas] if len(alphas) == 2 else 2.0 * alphas[0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            if family == "chebyshev2":
                z, p, k = signal.cheby2(order, attenuation, wn, btype=BANDS[band], analog=False, output="zpk")
            else:
                z, p, k = signal.ellip(order, ripple, attenuation, wn, btype=BANDS[band], analog=False,
                                       output="zpk")
        except Exception as error:
            raise ValueError(f"scipy {type(error).__name__}: {error}") from error
    for warning in caught:
        WARNINGS[(family, band, f"{warning.category.__name__}: {warning.message}")] += 1
    if not (np.all(np.isfinite(z)) and np.all(np.isfinite(p)) and np.isfinite(k)):
        raise ValueError("non-finite zeros, poles or gain")
    if k == 0:
        raise ValueError("zero gain")
    return {
        "family": family,
        "band": band,
        "order": order,
        "alphas": list(alphas),
        "ripple": ripple if family == "elliptic" else None,
        "attenuation": attenuation,
        "zeros": pairs(z),
        "poles": pairs(p),
        "k": float(k),
    }


def ellipdeg_check(designs):
    """Elliptic designs whose scipy degree parameter m is off: scipy.signal.ellipap
    solves the degree equation with a 7-term nome series (_ellipdeg) and then
    uses 1 - m formed in doubles; for high orders with a small rs, m is within
    1e-9 of 1 and the truncated series gives 1 - m with a visible relative error,
    which moves the poles (the response then misses rp and rs). The exact
    1 - m comes from the complementary nome at 60 digits (mpmath)."""
    import mpmath
    from mpmath import mp, mpf
    from scipy.signal import _filter_design as fd

    rows = []
    with mp.workdps(60):
        for index, d in enumerate(designs):
            if d["family"] != "elliptic" or d["order"] < 2:
                continue
            n, rp, rs = d["order"], d["ripple"], d["attenuation"]
            eps_sq = fd._pow10m1(0.1 * rp)  # as scipy.signal.ellipap
            ck1_sq = eps_sq / fd._pow10m1(0.1 * rs)
            m = fd._ellipdeg(n, ck1_sq)
            k1 = mp.ellipk(mpf(ck1_sq))
            k1p = mp.ellipk(mpmath.fsub(1, mpf(ck1_sq), exact=True))
            qc = mp.exp(-mp.pi * n * k1 / k1p)
            exact = (mp.jtheta(2, 0, qc) / mp.jtheta(3, 0, qc)) ** 4
            error = float(abs((1 - mpf(m)) - exact) / exact)
            if error > ELLIPDEG_THRESHOLD:
                rp_excess, rs_shortfall = prototype_deviation(n, rp, rs, float(1 / mp.sqrt(1 - exact)))
                rows.append({"index": index, "order": n, "ripple": rp, "attenuation": rs,
                             "scipyOneMinusM": float(1 - m), "exactOneMinusM": float(exact),
                             "relativeError": error, "prototypeRippleExcessDb": rp_excess,
                             "prototypeAttenuationShortfallDb": rs_shortfall})
    return rows


def prototype_deviation(n, rp, rs, stop_edge):
    """How far scipy's analog prototype ellipap(n, rp, rs) misses its own spec, in
    dB, on a dense grid (a lower bound): max loss on [0, 1] minus rp, and rs minus
    the least attenuation on [stop_edge, 1e4 stop_edge] (stop_edge = 1/sqrt(m))."""
    z, p, k = signal.ellipap(n, rp, rs)

    def loss(w):
        s = 1j * w[:, None]
        return -20 * np.log10(np.abs(k * np.prod(s - z, axis=1) / np.prod(s - p, axis=1)))

    passband = np.linspace(0.0, 1.0, 200001)
    stopband = stop_edge * np.concatenate([np.linspace(1.0, 3.0, 200001), np.geomspace(3.0, 1e4, 2001)])
    return float(loss(passband).max() - rp), float(rs - loss(stopband).min())


def main():
    rng = random.Random(SEED)
    designs = []
    skipped = collections.Counter()
    skipped_examples = {}
    short_cells = []
    for family in FAMILIES:
        for band in BANDS:
            two = band in ("bandPass", "bandStop")
            for order in ORDERS:
                made = attempts = 0
                while made < DESIGNS_PER_CELL and attempts < MAX_ATTEMPTS_PER_CELL:
                    attempts += 1
                    ripple = draw_ripple(rng)
                    attenuation = draw_attenuation(rng)
                    alphas = draw_alphas(rng, two)
                    if family == "elliptic":
                        assert ripple < attenuation
                    try:
                        designs.append(design(family, band, order, ripple, attenuation, alphas))
                        made += 1
                    except ValueError as error:
                        reason = str(error)
                        skipped[(family, band, reason)] += 1
                        skipped_examples.setdefault((family, band, reason),
                                                    (order, ripple, attenuation, alphas))
                if made < DESIGNS_PER_CELL:
                    short_cells.append((family, band, order, made))

    document = {
        "generator": "scripts/cheby2_elliptic_reference.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "note": ("scipy.signal.cheby2(N, rs, Wn, btype, output='zpk') and "
                 "ellip(N, rp, rs, Wn, btype, output='zpk'), digital, Wn = 2.0 * alpha "
                 "(alpha = f / fs). rp ('ripple', elliptic only) and rs ('attenuation') in "
                 "positive dB. zeros and poles are [re, im] in scipy's order; k is scipy's gain. "
                 "ellipdegCheck lists the elliptic designs (index into designs) for which scipy's "
                 "degree parameter 1 - m is off from the exact value (60-digit mpmath) by more than "
                 "1e-9 relative, with how far scipy's analog prototype then misses rp and rs "
                 "(dense-grid lower bounds): scipy's answer is not exact there."),
        "designs": designs,
        "ellipdegCheck": ellipdeg_check(designs),
    }
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/scipy/cheby2-elliptic.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=0, sort_keys=True, allow_nan=False) + "\n")

    counts = collections.Counter((d["family"], d["band"]) for d in designs)
    print(f"wrote {len(designs)} designs to {out} ({out.stat().st_size} bytes)", file=sys.stderr)
    for key in sorted(counts):
        print(f"  {key[0]:10s} {key[1]:8s} {counts[key]}", file=sys.stderr)
    print(f"skipped {sum(skipped.values())} draws", file=sys.stderr)
    for key in sorted(skipped):
        print(f"  {skipped[key]:4d} {key[0]} {key[1]}: {key[2]}  e.g. (order, rp, rs, alphas) = "
              f"{skipped_examples[key]}", file=sys.stderr)
    print(f"scipy warned during {sum(WARNINGS.values())} kept designs", file=sys.stderr)
    for key in sorted(WARNINGS):
        print(f"  {WARNINGS[key]:4d} {key[0]} {key[1]}: {key[2]}", file=sys.stderr)
    print(f"{len(document['ellipdegCheck'])} elliptic designs with scipy's 1 - m off by more than "
          f"{ELLIPDEG_THRESHOLD:g} relative:", file=sys.stderr)
    for row in document["ellipdegCheck"]:
        print(f"  #{row['index']} N={row['order']} rp={row['ripple']} rs={row['attenuation']}: "
              f"1-m scipy {row['scipyOneMinusM']:.6g} exact {row['exactOneMinusM']:.6g} "
              f"(rel {row['relativeError']:.2g}); prototype ripple excess "
              f"{row['prototypeRippleExcessDb']:.3g} dB, attenuation shortfall "
              f"{row['prototypeAttenuationShortfallDb']:.3g} dB", file=sys.stderr)
    for cell in short_cells:
        print(f"  cell short of designs: {cell}", file=sys.stderr)


if __name__ == "__main__":
    main()
