# Random FIR designs (firls, remez, firwin; 15 ... 2000 taps; low-, high-, band-pass) emitted as
# --emit cmsis-q15|q31 (warning on standard error?) and run through mkfilter verify --precision q15|q31.
# usage: python3 scripts/fir_fixed_point_sample.py MKFILTER OUT.json [COUNT]   (NOEMIT=1: verify only)
import random, subprocess, sys, json, re
M = sys.argv[1]; out = sys.argv[2]; n = int(sys.argv[3]) if len(sys.argv) > 3 else 100
rng = random.Random(20240611)
designs = []
while len(designs) < n:
    kind = rng.choice(["firls", "remez", "firwin"])
    taps = int(round(10 ** rng.uniform(1.18, 3.3)))
    taps = max(15, min(2000, taps))
    if kind in ("firls",) and taps % 2 == 0: taps += 1
    p = rng.uniform(0.02, 0.4); w = rng.uniform(0.005, 0.1); s = min(p + w, 0.49)
    shape = rng.choice(["lp", "hp", "bp"])
    if kind == "firwin":
        if shape == "lp": args = ["--cutoff", repr(p)]
        elif shape == "hp":
            if taps % 2 == 0: taps += 1
            args = ["--cutoff", repr(p), "--band", "highpass"]
        else: args = ["--cutoff", repr(p / 2), repr(s)]
        args += ["--window", rng.choice(["hamming", "hann", "blackman", "kaiser:8"])]
        words = ["firwin", "--taps", str(taps)] + args
    else:
        if shape == "hp" and taps % 2 == 0: taps += 1
        if shape == "lp": bands, des = [0, p, s, 0.5], [1, 0]
        elif shape == "hp": bands, des = [0, p, s, 0.5], [0, 1]
        else:
            a = p / 2
            bands, des = [0, a * 0.7, a, s, min(s + w, 0.5 - 1e-3), 0.5], [0, 1, 0]
            if not (bands[3] > bands[2] and bands[4] > bands[3]): continue
        if kind == "firls":
            d = [x for v in des for x in (v, v)]
        else: d = des
        words = [kind, "--taps", str(taps), "--bands"] + [repr(b) for b in bands] + ["--desired"] + [str(x) for x in d]
    designs.append(words)
res = []
for words in designs:
    row = {"words": words}
    for prec in ("q15", "q31"):
        import os
        e = subprocess.run([M] + words + ["--emit", "cmsis-" + prec], capture_output=True, text=True) if not os.environ.get("NOEMIT") else subprocess.CompletedProcess([], 0, "", "")
        if e.returncode != 0:
            row[prec] = {"error": e.stderr.strip()[:200]}; continue
        warn = "warning" in e.stderr
        v = subprocess.run([M, "verify"] + words + ["--precision", prec], capture_output=True, text=True)
        fails = [l.strip() for l in v.stdout.splitlines() if l.strip().startswith("FAIL")]
        row[prec] = {"warn": warn, "rc": v.returncode, "fails": fails,
                     "warning": [l for l in e.stderr.splitlines() if "warning" in l]}
    res.append(row)
    print(json.dumps(row), flush=True)
json.dump(res, open(out, "w"), indent=1)
