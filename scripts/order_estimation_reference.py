#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/order-estimation.json: scipy.signal's order
estimates (buttord, cheb1ord, cheb2ord, ellipord) for random digital specs, the
natural frequencies they return, and whether scipy's own design of that order
meets the spec, as the reference for the Swift order-estimation code.

    pip install -r scripts/requirements.txt
    python3 scripts/order_estimation_reference.py

Conventions: our alpha = f / fs; scipy's digital edges are 2 alpha (Nyquist =
1), formed in doubles as `2.0 * alpha`, with no fs argument. Band shapes:
  lowPass   passband [0, p],        stopband [s, 0.5],              p < s
  highPass  passband [p, 0.5],      stopband [0, s],                s < p
  bandPass  passband [p1, p2],      stopband [0, s1] and [s2, 0.5], s1 < p1 < p2 < s2
  bandStop  passband [0, p1] and [p2, 0.5], stopband [s1, s2],      p1 < s1 < s2 < p2
"passband"/"stopband" hold the edges p... and s... as alphas, "passbandLoss" is
gpass and "stopbandAttenuation" gstop (positive dB). "order" is scipy's order N
(the prototype order: band-pass and band-stop filters have 2N poles) and
"naturalAlphas" its wn / 2.

Specs are random: edges in (0.0005, 0.495) with transition widths log-uniform
from 1e-5 to wide, gpass log-uniform in [0.01, 3] dB, gstop uniform in
[20, 100] dB, all rounded to 6 significant digits. For each family and band
SPECS_PER_CELL specs with order 1..24 are kept, at most a few per order at
first so that the orders spread over 1..24, plus TOO_HIGH_PER_CELL specs whose
order is above 24 ("tooHighOrder": true, for an error test; no design fields).

For every kept spec with order <= 24 the filter is designed scipy's way
(butter(N, wn), cheby1(N, gpass, wn), cheby2(N, gstop, wn), ellip(N, gpass,
gstop, wn); btype as the band, output='sos') and its magnitude evaluated with
freqz_sos (fs = 1) on 2^16 + 1 uniform points of [0, 0.5] plus the exact edges.
"scipyWorstPassbandLoss" is the largest -20 log10 |H| over the (closed)
passband, "scipyWorstStopbandAttenuation" the smallest over the stopband, and
"scipyMeetsSpec" says whether loss <= gpass + 1e-9 and attenuation >= gstop -
1e-9. Random inputs come from random.Random(SEED); output is deterministic
(sorted keys, repr floats). A summary goes to stderr.
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from iir_cases import SCIPY_BANDS, scipy_wn  # noqa: E402

SEED = 20240612
SPECS_PER_CELL = 40
TOO_HIGH_PER_CELL = 2
MAX_ORDER = 24
EDGE_MIN, EDGE_MAX = 0.0005, 0.495
GRID_POINTS = 2 ** 16 + 1
TOLERANCE_DB = 1e-9
FAMILIES = {
    "butterworth": signal.buttord,
    "chebyshev": signal.cheb1ord,
    "chebyshev2": signal.cheb2ord,
    "elliptic": signal.ellipord,
}
BANDS = SCIPY_BANDS
# Attempts per cell at each per-order cap; the cap is raised when a cell cannot
# be filled with few specs per order.
CAPS = [(2, 3000), (3, 2000), (5, 2000), (10, 2000), (SPECS_PER_CELL, 4000)]


def sig6(x):
    return float(f"{x:.6g}")


def log_uniform(rng, lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def width(rng, room):
    """A transition or band width, log-uniform from 1e-5 up to `room`."""
    return log_uniform(rng, 1e-5, max(room, 2e-5))


def rising_pair(rng):
    """An edge log-uniform in (EDGE_MIN, EDGE_MAX) and one a width above it."""
    lower = log_uniform(rng, EDGE_MIN, EDGE_MAX)
    return lower, lower + width(rng, EDGE_MAX - lower)


def draw_edges(rng, band):
    """(passband edges, stopband edges) as 6-digit alphas, or None if they collapsed.
    One-edge bands: a rising pair, the passband's edge the lower for low-pass.
    Two-edge bands: a rising pair (the passband's for band-pass, the
    stopband's for band-stop) and the other band's edges a width outside it."""
    if band in ("lowPass", "highPass"):
        lower, upper = rising_pair(rng)
        below, above = [sig6(lower)], [sig6(upper)]
        pass_edges, stop_edges = (below, above) if band == "lowPass" else (above, below)
        ordered = below + above
    else:
        inner1, inner2 = rising_pair(rng)
        outer1 = inner1 - width(rng, inner1 - EDGE_MIN)
        outer2 = inner2 + width(rng, EDGE_MAX - inner2)
        inner, outer = [sig6(inner1), sig6(inner2)], [sig6(outer1), sig6(outer2)]
        pass_edges, stop_edges = (inner, outer) if band == "bandPass" else (outer, inner)
        ordered = [outer[0], inner[0], inner[1], outer[1]]
    if not (EDGE_MIN < ordered[0] and ordered[-1] < EDGE_MAX
            and all(a < b for a, b in zip(ordered, ordered[1:]))):
        return None
    return pass_edges, stop_edges


def draw_losses(rng):
    gpass = min(max(sig6(log_uniform(rng, 0.01, 3.0)), 0.01), 3.0)
    gstop = min(max(sig6(rng.uniform(20.0, 100.0)), 20.0), 100.0)
    assert gpass < gstop
    return gpass, gstop


def estimate(family, pass_edges, stop_edges, gpass, gstop):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        order, wn = FAMILIES[family](scipy_wn(pass_edges), scipy_wn(stop_edges), gpass, gstop)
    return int(order), [float(w) / 2 for w in np.atleast_1d(wn)]


def in_band(f, edges_pairs):
    mask = np.zeros(f.shape, dtype=bool)
    for lo, hi in edges_pairs:
        mask |= (f >= lo) & (f <= hi)
    return mask


def check_design(record):
    family, band, order = record["family"], record["band"], record["order"]
    gpass, gstop = record["passbandLoss"], record["stopbandAttenuation"]
    natural = record["naturalAlphas"]
    wn = scipy_wn(natural)
    btype = BANDS[band]
    if family == "butterworth":
        sos = signal.butter(order, wn, btype=btype, output="sos")
    elif family == "chebyshev":
        sos = signal.cheby1(order, gpass, wn, btype=btype, output="sos")
    elif family == "chebyshev2":
        sos = signal.cheby2(order, gstop, wn, btype=btype, output="sos")
    else:
        sos = signal.ellip(order, gpass, gstop, wn, btype=btype, output="sos")
    p, s = record["passband"], record["stopband"]
    f = np.unique(np.concatenate([np.linspace(0.0, 0.5, GRID_POINTS), p, s]))
    _, h = signal.freqz_sos(sos, worN=f, fs=1.0)
    with np.errstate(divide="ignore"):
        loss = -20.0 * np.log10(np.abs(h))
    if band == "lowPass":
        pass_mask, stop_mask = in_band(f, [(0.0, p[0])]), in_band(f, [(s[0], 0.5)])
    elif band == "highPass":
        pass_mask, stop_mask = in_band(f, [(p[0], 0.5)]), in_band(f, [(0.0, s[0])])
    elif band == "bandPass":
        pass_mask, stop_mask = in_band(f, [(p[0], p[1])]), in_band(f, [(0.0, s[0]), (s[1], 0.5)])
    else:
        pass_mask, stop_mask = in_band(f, [(0.0, p[0]), (p[1], 0.5)]), in_band(f, [(s[0], s[1])])
    worst_pass = float(loss[pass_mask].max())
    worst_stop = float(loss[stop_mask].min())
    record["scipyWorstPassbandLoss"] = worst_pass
    record["scipyWorstStopbandAttenuation"] = worst_stop
    record["scipyMeetsSpec"] = bool(worst_pass <= gpass + TOLERANCE_DB and worst_stop >= gstop - TOLERANCE_DB)


def fill_cell(rng, family, band, errors):
    kept, too_high = [], []
    per_order = collections.Counter()
    for cap, attempts in CAPS:
        for _ in range(attempts):
            if len(kept) >= SPECS_PER_CELL and len(too_high) >= TOO_HIGH_PER_CELL:
                break
            edges = draw_edges(rng, band)
            if edges is None:
                continue
            gpass, gstop = draw_losses(rng)
            try:
                order, natural = estimate(family, *edges, gpass, gstop)
            except Exception as error:
                errors[(family, band, f"{type(error).__name__}: {error}")] += 1
                continue
            record = {"family": family, "band": band, "passband": edges[0], "stopband": edges[1],
                      "passbandLoss": gpass, "stopbandAttenuation": gstop, "order": order,
                      "naturalAlphas": natural}
            if order > MAX_ORDER:
                if len(too_high) < TOO_HIGH_PER_CELL:
                    record.update(tooHighOrder=True, scipyMeetsSpec=None,
                                  scipyWorstPassbandLoss=None, scipyWorstStopbandAttenuation=None)
                    too_high.append(record)
            elif order >= 1 and len(kept) < SPECS_PER_CELL and per_order[order] < cap:
                per_order[order] += 1
                record["tooHighOrder"] = False
                kept.append(record)
        if len(kept) >= SPECS_PER_CELL and len(too_high) >= TOO_HIGH_PER_CELL:
            break
    kept.sort(key=lambda r: r["order"])
    return kept + too_high


def main():
    rng = random.Random(SEED)
    errors = collections.Counter()
    records = []
    for family in FAMILIES:
        for band in BANDS:
            records += fill_cell(rng, family, band, errors)
    for record in records:
        if not record["tooHighOrder"]:
            check_design(record)

    document = {
        "generator": "scripts/order_estimation_reference.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "note": ("scipy.signal buttord/cheb1ord/cheb2ord/ellipord on digital edges 2.0 * alpha (no fs); "
                 "order and naturalAlphas = wn / 2 as scipy returns them. For order <= 24, scipy's own "
                 "sos design of that order evaluated with freqz_sos on 2^16 + 1 points of [0, 0.5] plus "
                 "the edges: worst passband loss, worst stopband attenuation (dB) and whether both meet "
                 "the spec within 1e-9 dB. tooHighOrder records (order > 24) carry null design fields."),
        "specs": records,
    }
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/scipy/order-estimation.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=0, sort_keys=True, allow_nan=False) + "\n")

    print(f"wrote {len(records)} specs to {out} ({out.stat().st_size} bytes)", file=sys.stderr)
    cells = collections.Counter((r["family"], r["band"], r["tooHighOrder"]) for r in records)
    for family in FAMILIES:
        for band in BANDS:
            orders = sorted(r["order"] for r in records
                            if r["family"] == family and r["band"] == band and not r["tooHighOrder"])
            high = sorted(r["order"] for r in records
                          if r["family"] == family and r["band"] == band and r["tooHighOrder"])
            print(f"  {family:11s} {band:8s} {cells[(family, band, False)]:3d} specs, orders "
                  f"{dict(collections.Counter(orders))}; too high: {high}", file=sys.stderr)
    histogram = collections.Counter(r["order"] for r in records if not r["tooHighOrder"])
    print("order histogram (order <= 24): " + ", ".join(f"{n}: {histogram[n]}" for n in range(1, 25)),
          file=sys.stderr)
    print(f"orders above 24: {sum(r['tooHighOrder'] for r in records)}", file=sys.stderr)
    if errors:
        print(f"scipy raised or warned for {sum(errors.values())} draws (not kept):", file=sys.stderr)
        for key in sorted(errors):
            print(f"  {errors[key]:4d} {key}", file=sys.stderr)
    failing = [r for r in records if r["scipyMeetsSpec"] is False]
    print(f"scipy designs missing their own spec: {len(failing)} of "
          f"{sum(not r['tooHighOrder'] for r in records)}", file=sys.stderr)
    by_cell = collections.Counter((r["family"], r["band"]) for r in failing)
    for key in sorted(by_cell):
        print(f"  {key[0]:11s} {key[1]:8s} {by_cell[key]}", file=sys.stderr)
    for r in sorted(failing, key=lambda r: -max(r["scipyWorstPassbandLoss"] - r["passbandLoss"],
                                               r["stopbandAttenuation"] - r["scipyWorstStopbandAttenuation"])):
        print(f"  {r['family']} {r['band']} N={r['order']} pass {r['passband']} stop {r['stopband']} "
              f"gpass {r['passbandLoss']} gstop {r['stopbandAttenuation']}: passband loss excess "
              f"{r['scipyWorstPassbandLoss'] - r['passbandLoss']:.3g} dB, stopband shortfall "
              f"{r['stopbandAttenuation'] - r['scipyWorstStopbandAttenuation']:.3g} dB", file=sys.stderr)


if __name__ == "__main__":
    main()
