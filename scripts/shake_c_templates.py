#!/usr/bin/env python3
"""Writes Shake!'s C form of the filter menu (Tests/Fixtures/shake/shake-templates-60Hz.c):
`const static DigitalFilterTemplate NAME = { ... };` initializers with the gain printed
as gencode prints it (%.9e) and the coefficients with 10 decimals (%.10f), as Shake
copied them from Fisher's page, with /* ... */ comments between the values.

Usage: scripts/shake_c_templates.py > Tests/Fixtures/shake/shake-templates-60Hz.c
(reads `mkfilter generate Generated/shake-filters.json --sample-rate 60 --emit json`).
"""
import json
import subprocess

CLASSES = {"lowPass": "kFilterClassLowPass", "highPass": "kFilterClassHighPass",
           "bandPass": "kFilterClassBandPass", "bandStop": "kFilterClassBandStop"}

out = subprocess.run(["swift", "run", "-q", "mkfilter", "generate", "Generated/shake-filters.json",
                      "--sample-rate", "60", "--emit", "json"], check=True, capture_output=True, text=True).stdout
filters = json.loads(out)["filters"]

def coefficient(x):
    return "%g" % x if x == int(x) else "%.10f" % x

print("/* Shake!'s filter menu at 60 Hz in its original C form (fixture for mkfilter verify).")
print("   Written by scripts/shake_c_templates.py; values printed as Fisher's gencode prints them. */")
print()
for f in filters:
    if f["filterClass"] not in CLASSES:
        continue
    kind = {"lowPass": "LP", "highPass": "HP", "bandPass": "BP", "bandStop": "BS"}[f["filterClass"]]
    corners = "%gHz" % f["cornerFrequency1"] if kind in ("LP", "HP") else "%g_%gHz" % (f["cornerFrequency1"], f["cornerFrequency2"])
    name = "butterworth%dO_%s_%s" % (f["order"], kind, corners.replace(".", "p"))
    x, y = f["xCoefficients"], f["yCoefficients"]
    print("const static DigitalFilterTemplate %s = {" % name)
    print("    %d, /* tag */ \"%s\", \"%s\"," % (f["tag"], f["name"], f["description"]))
    print("    %s, /* sample rate */ %.1f, /* corners */ %g, %g, /* f3 */ 0," % (
        CLASSES[f["filterClass"]], f["designSampleRate"], f["cornerFrequency1"], f["cornerFrequency2"]))
    print("    /* order */ %d, /* gain */ %.9e," % (f["order"], f["gain"]))
    print("    /* zeros */ %d, /* x count */ %d, { %s }," % (len(x) - 1, len(x), ", ".join(coefficient(v) for v in x)))
    print("    /* poles */ %d, /* y count */ %d," % (len(y), len(y)))
    print("    { %s }" % ", ".join("%.10f" % v for v in y))
    print("};")
    print()
