"""Checks the example's generated filters against the designer, exactly.

usage: example_coefficients.py SPEC COEFFICIENTS MKFILTER

SPEC is the example's *.filters.json; COEFFICIENTS is the output of
`AccelerometerExample --coefficients` (one line per filter: name, sample rate,
gain, x ..., y ...). Each filter of the spec is translated here, independently of
the Swift spec reader, into Fisher's flags with the corners in Hz, designed by
`mkfilter ... --bessel-poles computed --emit json` (spec files design Bessel
filters from computed poles; COMPATIBILITY.md), and every number must be equal
as a double.
"""
import json
import subprocess
import sys

spec_path, coefficients_path, mkfilter = sys.argv[1:4]
spec = json.load(open(spec_path))
rate = spec["sampleRate"]
lines = {line.split(" ")[0]: line.split() for line in open(coefficients_path) if line.strip()}

FAMILY = {"butterworth": ["-Bu"], "bessel": ["-Be"]}
BAND = {"lowPass": "-Lp", "highPass": "-Hp", "bandPass": "-Bp", "bandStop": "-Bs"}

checked = 0
for f in spec["filters"]:
    name = f["name"]
    got = lines[name]
    assert float(got[1]) == rate, f"{name}: sample rate {got[1]}, spec says {rate}"
    gain = float(got[2])
    x = [float(v) for v in got[got.index("x") + 1:got.index("y")]]
    y = [float(v) for v in got[got.index("y") + 1:]]
    if f.get("family") == "passThrough":
        assert (gain, x, y) == (1.0, [1.0], []), f"{name}: not a pass-through"
        continue
    if "mkfilter" in f:
        flags = f["mkfilter"].split()
    else:
        family = FAMILY.get(f["family"]) or ["-Ch", str(-abs(f["ripple"]))]
        flags = family + [BAND[f["band"]], "-o", str(f["order"])]
    corners = f["corners"] if isinstance(f["corners"], list) else [f["corners"]]
    args = [mkfilter] + flags + ["--sample-rate", str(rate), "--corner"] + [repr(float(c)) for c in corners] + ["--bessel-poles", "computed", "--emit", "json"]
    designed = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)["filters"][0]
    assert gain == designed["gain"], f"{name}: gain {gain!r} != designer's {designed['gain']!r}"
    assert x == designed["xCoefficients"], f"{name}: x {x} != designer's {designed['xCoefficients']}"
    assert y == designed["yCoefficients"], f"{name}: y {y} != designer's {designed['yCoefficients']}"
    checked += 1
print(f"{checked} designed filters at {rate} Hz: gain and every coefficient equal to the designer's ({coefficients_path})")
