"""Checks the example's generated filters against the designer, exactly.

usage: example_coefficients.py SPEC COEFFICIENTS MKFILTER

SPEC is the example's *.filters.json; COEFFICIENTS is the output of
`AccelerometerExample --coefficients` (one line per filter: name, sample rate,
gain, x ..., y ...; for a FIR filter: name, sample rate, taps ...). Each filter of the spec is translated here, independently of
the Swift spec reader, into Fisher's flags with the corners in Hz, designed by
`mkfilter ... --bessel-poles computed --emit json` (spec files design Bessel
filters from computed poles; COMPATIBILITY.md), or for a FIR design
(`"design"`) into `mkfilter <design> --<field> ... --emit json`, and every
number must be equal as a double.
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
    if "design" in f:
        # A FIR design: the spec's fields (named as the design page's query
        # names them) as the command line's options, in Hz.
        args = [mkfilter, f["design"]]
        for key, value in f.items():
            if key in ("name", "description", "comment", "design"):
                continue
            option = "--" + "".join("-" + c.lower() if c.isupper() else c for c in key)
            if value is True:
                args.append(option)
            elif value is not False:
                args += [option] + [repr(v) if isinstance(v, float) else str(v) for v in (value if isinstance(value, list) else [value])]
        args += ["--sample-rate", str(rate), "--emit", "json"]
        designed = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
        taps = [float(v) for v in got[got.index("taps") + 1:]]
        assert taps == designed["taps"], f"{name}: taps {taps} != designer's {designed['taps']}"
        checked += 1
        continue
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
print(f"{checked} designed filters at {rate} Hz: gain and every coefficient (FIR: every tap) equal to the designer's ({coefficients_path})")
