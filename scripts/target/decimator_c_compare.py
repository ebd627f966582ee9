#!/usr/bin/env python3
"""scripts/target/cmsis-dsp-check.sh's helper for a multistage decimator's
plain C: `mkfilter decimator ... --emit c` in float and in double, run on the
emulated Cortex-M4 by scripts/target/decimator_c_harness.c, against the same
sums on the host (numpy float32 and float64, IEEE arithmetic without fused
multiply-adds): each stage's output n is sum_{k=0}^{K-1} h[k] x[n m - k]
summed in increasing k from 0, the stages chained. In double these are
FilterRuntime's DecimatingCascade's sums (DecimatorCEmissionTests checks the
header against it bit for bit on the host).

    decimator_c_compare.py F32_HEADER F64_HEADER OUTPUT

Prints `target decimator C: 6/6 signals bit-identical ...` and exits 1 on
any mismatch.
"""
import re
import struct
import sys

import numpy as np

SAMPLES = 512


def stages(header):
    """(factor, taps as text) per stage, in order, from an emitted header."""
    out = []
    found = re.findall(r"static const (float|double) \w+_stage(\d+)_taps\[[^\]]*\][^{]*\{([^}]*)\}", header)
    for real, number, body in found:
        factor = int(re.search(rf"#define \w+_STAGE{number}_FACTOR (\d+)", header).group(1))
        taps = [t.strip().rstrip("f") for t in body.split(",") if t.strip()]
        out.append((factor, taps))
    if not out:
        raise ValueError("no stages in the header")
    return out


def inputs():
    seed, noise = 1, []
    for _ in range(SAMPLES):
        seed = seed * 48271 % 2147483647
        noise.append(((seed >> 15) - 32768) / 32768.0)
    return {"impulse": [1.0] + [0.0] * (SAMPLES - 1), "step": [1.0] * SAMPLES, "noise": noise}


def cascade(st, x, real):
    x = [real(v) for v in x]
    for factor, taps in st:
        h = [real(float(t)) for t in taps]
        y = []
        for n in range(0, len(x), factor):
            s = real(0)
            for k in range(min(len(h), n + 1)):
                s = real(s + real(h[k] * x[n - k]))
            y.append(s)
        x = y
    return x


def bits(values, real):
    if real is np.float32:
        return ["%08x" % struct.unpack("<I", struct.pack("<f", float(v)))[0] for v in values]
    return ["%016x" % struct.unpack("<Q", struct.pack("<d", float(v)))[0] for v in values]


def main():
    f32_header, f64_header, output = (open(p).read() for p in sys.argv[1:4])
    chip = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] == "c":
            chip[(parts[1], parts[2])] = parts[3:]
    if "end" not in output.split():
        print("target decimator C: the run did not finish", file=sys.stderr)
        return 1
    total = same = 0
    for real, header, name in [(np.float32, f32_header, "float"), (np.float64, f64_header, "double")]:
        st = stages(header)
        for signal, x in inputs().items():
            total += 1
            expected = bits(cascade(st, x, real), real)
            got = chip.get((name, signal), [])
            if got == expected:
                same += 1
            else:
                first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
                print(f"target decimator C: {name} {signal}: {len(got)} outputs, {len(expected)} expected; first difference at {first}",
                      file=sys.stderr)
    print(f"target decimator C: {same}/{total} signals bit-identical (mkfilter decimator --emit c, float one sample at a time"
          f" and double in blocks, on the Cortex-M4, against the same sums on the host)")
    return 0 if same == total else 1


if __name__ == "__main__":
    sys.exit(main())
