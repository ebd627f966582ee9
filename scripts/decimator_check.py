#!/usr/bin/env python3
"""The multistage decimator against its specification, checked with numpy
on a dense grid of its own, for M from 4 to 100 (a release build: the
single-stage baseline at M = 100 has about 1,700 taps; swift test checks
M <= 16 in debug).

For each M: `mkfilter decimator --factor M --passband-edge p
--passband-loss R --stopband-attenuation A --emit json`, then
  - the passband 0 ... p: the stages' gains, each at its own rate, multiply
    to within R dB peak to peak (4,001 points);
  - aliasing: in each stage, every band [k/m - p', k/m + p'] (p' the edge at
    the stage's rate) is at least A dB down (2,001 points a band);
  - the cost: multiplies per input sample (nonzero taps over the rate
    reduction before and in each stage) at most 0.9 of the single stage's
    below M = 16 and half of it from 16, as the JSON and the report say.

  python3 scripts/decimator_check.py path/to/mkfilter
"""
import json
import subprocess
import sys
import time

import numpy as np

SPECS = [(m, 0.4 / m, 0.1, 80.0) for m in (4, 6, 8, 12, 16, 24, 32, 48, 64, 100)] + [
    (16, 0.45 / 16, 1.0, 60.0), (40, 0.45 / 40, 0.05, 100.0), (32, 0.45 / 32, 0.5, 70.0)]


def magnitude_db(taps, f):
    k = np.arange(len(taps))
    h = np.exp(-2j * np.pi * np.outer(f, k)) @ np.asarray(taps)
    return 20 * np.log10(np.abs(h))


def check(binary, m, p, r, a):
    start = time.monotonic()
    out = subprocess.run([binary, "decimator", "--factor", str(m), "--passband-edge", repr(p), "--passband-loss", repr(r),
                          "--stopband-attenuation", repr(a), "--emit", "json"], capture_output=True, text=True)
    seconds = time.monotonic() - start
    if out.returncode != 0:
        return False, f"M = {m}: exit {out.returncode}: {out.stderr.strip()}"
    d = json.loads(out.stdout)
    stages = d["stages"]
    problems = []
    if np.prod([s["factor"] for s in stages]) != m:
        problems.append("factors do not multiply to M")
    f = np.linspace(0, p, 4001)
    total = np.zeros_like(f)
    divisor = 1
    cost = 0.0
    for s in stages:
        taps = np.asarray(s["taps"])
        total += magnitude_db(taps, f * divisor)
        edge = p * divisor
        worst = -np.inf
        k = 1
        while k / s["factor"] - edge < 0.5:
            band = np.linspace(k / s["factor"] - edge, min(k / s["factor"] + edge, 0.5), 2001)
            worst = max(worst, magnitude_db(taps, band).max())
            k += 1
        if -worst < a:
            problems.append(f"stage of {s['factor']} at 1/{divisor}: aliasing only {-worst:.2f} dB down")
        cost += np.count_nonzero(taps) / (divisor * s["factor"])
        divisor *= s["factor"]
    ripple = total.max() - total.min()
    if ripple > r:
        problems.append(f"passband {ripple:.4g} dB peak to peak")
    if abs(cost - d["multipliesPerInputSample"]) > 1e-9 * cost:
        problems.append(f"multiplies {cost} but the JSON says {d['multipliesPerInputSample']}")
    single = d.get("singleStage", {}).get("multipliesPerInputSample")
    ratio = cost / single if single else float("nan")
    bound = 0.5 if m >= 16 else 0.9
    if not ratio <= bound:
        problems.append(f"costs {ratio:.3f} of the single stage (at most {bound})")
    factors = " x ".join(str(s["factor"]) for s in stages)
    line = (f"M = {m:3d}, p = {p:.5g}, {r:g} dB, {a:g} dB: {factors:14s} {cost:6.3f} multiplies a sample, "
            f"{ratio:.3f} of the single stage's {single:.2f}; ripple {ripple:.3g} dB; {seconds:.1f} s")
    return not problems, line + ("" if not problems else ": FAIL " + "; ".join(problems))


def main():
    binary = sys.argv[1]
    failed = 0
    for spec in SPECS:
        ok, line = check(binary, *spec)
        failed += not ok
        print(line, flush=True)
    print(f"decimator check: {len(SPECS) - failed}/{len(SPECS)} specifications met, on a dense grid")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
