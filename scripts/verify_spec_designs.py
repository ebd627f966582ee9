#!/usr/bin/env python3
"""Runs `mkfilter verify --precision float` (and double) on every design of the
order-estimation fixture (Tests/Fixtures/scipy/order-estimation.json) that is
within order 24, through the command line, and prints the failures and counts.

Usage: scripts/verify_spec_designs.py [MKFILTER] [JOBS]   (default .build/release/mkfilter, 2)
Slow (minutes to an hour): narrow designs run their exact impulse responses in
double-double until they decay. CI runs a sample of these in SpecificationGridTests.
"""
import json, subprocess, sys, os
from concurrent.futures import ThreadPoolExecutor

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
mkfilter = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/mkfilter")
jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
specs = json.load(open(os.path.join(root, "Tests/Fixtures/scipy/order-estimation.json")))["specs"]
flags = {"butterworth": ["-Bu"], "chebyshev": ["-Ch"], "chebyshev2": ["--cheby2"], "elliptic": ["--elliptic"]}

def arguments(s):
    return (["verify"] + flags[s["family"]] + ["--passband-edge"] + [repr(x) for x in s["passband"]]
            + ["--stopband-edge"] + [repr(x) for x in s["stopband"]]
            + ["--passband-loss", repr(s["passbandLoss"]), "--stopband-attenuation", repr(s["stopbandAttenuation"])])

def run(s):
    failures = []
    for precision in ["float", "double"]:
        r = subprocess.run([mkfilter] + arguments(s) + ["--precision", precision], capture_output=True, text=True)
        if r.returncode != 0:
            failed = [l for l in r.stdout.splitlines() if "FAIL" in l] or [r.stderr.strip()]
            failures.append("%s %s: %s" % (" ".join(arguments(s)[1:]), precision, "; ".join(failed)))
    return failures

designs = [s for s in specs if not s["tooHighOrder"]]
with ThreadPoolExecutor(jobs) as pool:
    results = list(pool.map(run, designs))
failures = [f for r in results for f in r]
for f in failures:
    print(f)
print("verify over %d specification designs (Float and Double): %d failures" % (len(designs), len(failures)))
sys.exit(1 if failures else 0)
