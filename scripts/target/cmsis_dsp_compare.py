#!/usr/bin/env python3
"""scripts/target/cmsis-dsp-check.sh's helper: ARM's own CMSIS-DSP on the
emulated Cortex-M4 against mkfilter's fixed-point model and against PyPI's
cmsisdsp (CMSIS-DSP's portable C, built for the host).

    cmsis_dsp_compare.py prepare MKFILTER WORK CASES
    cmsis_dsp_compare.py compare WORK

prepare: CASES has one design a line, "<id> <iir|fir> <mkfilter options>".
For each design and format (q15, q31) it writes WORK/<id>_<fmt>.h
(`mkfilter <design> --emit cmsis-<fmt> --name <id>_<fmt>`), mkfilter's model
outputs WORK/<id>_<fmt>_<impulse|step>.csv (`mkfilter impulse|step <design>
--precision <fmt> --samples SAMPLES`), then WORK/cmsis_dsp_cases.inc (the
headers included, the table of cases, the constructed probes) for
scripts/target/cmsis_dsp_harness.c, and WORK/cases.json for compare. A design
that mkfilter refuses in a format is listed, with mkfilter's reason, and left
out.

compare: reads the chip's output WORK/target.out (lines "case <id> <fmt>
<signal> <integers>", "state ...", "probe ...", "end <count>") and checks:

1. impulse and step: the chip's integers equal mkfilter's model
   (--precision q15|q31) bit for bit. The inputs are mkfilter's: full scale
   2^F - 1 at n = 0 then zeros, and 2^F - 1 throughout.
2. noise (a pseudo-random full-range input, the same generator as the
   harness's): the chip's integers against PyPI's cmsisdsp, which runs the
   portable C (none.h's C intrinsics, no ARM_MATH_DSP) on the same input.
3. the state the init function clears, against the size the header's usage
   comment tells the caller to allocate.
4. constructed inputs (probes) at the edges where the chip's arithmetic, the
   portable C and the model's can part: run on the chip, in PyPI's cmsisdsp,
   and in the model's arithmetic transcribed here from
   Sources/FilterDesign/FixedPoint (CMSISBiquadModel.output,
   FixedPointTaps.run); mkfilter's CLI cannot load arbitrary coefficients.

Prints `target CMSIS-DSP: N/N bit-identical` (cases, design x format, whose
impulse and step both match the model), where the chip and the portable C
differ, and exits 1 on any mismatch with the model (printing the design,
format, signal and first differing sample).
"""
import concurrent.futures
import csv
import io
import json
import os
import re
import subprocess
import sys

SAMPLES = 320   # per signal; the longest FIR here has 256 taps
BLOCK = 37      # samples per call: odd, so the routines' tails run too
FORMATS = {"q15": 15, "q31": 31}
SIGNALS = ["impulse", "step", "noise"]

# The routines a header's usage comment may name, and the harness's enum.
ROUTINES = {
    "arm_biquad_cascade_df1_q15": "ROUTINE_BIQUAD_Q15",
    "arm_biquad_cascade_df1_q31": "ROUTINE_BIQUAD_Q31",
    "arm_biquad_cas_df1_32x64_q31": "ROUTINE_BIQUAD_32X64_Q31",
    "arm_fir_q15": "ROUTINE_FIR_Q15",
    "arm_fir_q31": "ROUTINE_FIR_Q31",
}

# Constructed inputs, run as they are on the chip and in PyPI's cmsisdsp.
# biquad-q15-postshift14: all five coefficients 32767 (2^-1 ... in 1.15 at
#   post-shift 14), a full-scale step. By n = 2, x, x1, x2, y1, y2 are all
#   32767 (saturated): acc = 5 * 32767^2 = 5368381445 and acc >> 1 =
#   2684190722 > 2^31 - 1. The low 32 bits are -1610776574, which SSAT
#   saturates to -32768; the whole value saturates to +32767.
# fir-q15-pair: CMSIS's array {-32768, -32768, 0, 0} (h = {0, 0, -32768,
#   -32768}: it is time-reversed), input -32768 throughout: from n = 3 two
#   products of 2^30 meet in one SMLALD(X), 2^31 in all. The chip
#   adds each product to the 64-bit accumulator (acc >> 15 = 65536, SSAT:
#   32767); none.h's C __SMLALD adds the pair in 32 bits first, which wraps
#   to -2^31 (SSAT: -32768).
PROBES = [
    {"name": "biquad-q15-postshift14", "routine": "ROUTINE_BIQUAD_Q15", "format": "q15",
     "coefficients": [32767, 0, 32767, 32767, 32767, 32767], "post_shift": 14, "input": [32767] * 8},
    {"name": "fir-q15-pair", "routine": "ROUTINE_FIR_Q15", "format": "q15",
     "coefficients": [-32768, -32768, 0, 0], "post_shift": 0, "input": [-32768] * 8},
]


def noise(fmt, count):
    """The harness's pseudo-random full-range input: Park-Miller (x <- 48271 x
    mod 2^31 - 1, from 1); q15 takes the top 16 of its 31 bits, q31 the top
    16 of two draws."""
    seed, out = 1, []

    def draw():
        nonlocal seed
        seed = seed * 48271 % 2147483647
        return seed >> 15

    for _ in range(count):
        if fmt == "q15":
            out.append(draw() - 32768)
        else:
            v = (draw() << 16) | draw()
            out.append(v - (1 << 32) if v >= 1 << 31 else v)
    return out


def signal_input(fmt, signal, count=SAMPLES):
    top = (1 << FORMATS[fmt]) - 1
    if signal == "impulse":
        return [top] + [0] * (count - 1)
    if signal == "step":
        return [top] * count
    return noise(fmt, count)


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def parse_header(text, fmt):
    """The routine the usage comment names, sizes, post-shift, coefficients."""
    calls = re.findall(r"\b(arm_\w+)\(&s, input, output", text)
    if len(calls) != 1:
        raise ValueError(f"the usage comment names {len(calls)} routines run on (&s, input, output)")
    routine = calls[0]
    if routine not in ROUTINES:
        raise ValueError(f"the usage comment names {routine}, which this check does not build")
    body = re.search(r"_coefficients\[[^\]]*\][^{]*\{([^}]*)\}", text).group(1)
    body = body.replace("(-2147483647 - 1)", "-2147483648").replace("(-32767 - 1)", "-32768")
    coefficients = [int(v) for v in re.findall(r"-?\d+", body)]
    out = {"routine": routine, "coefficients": coefficients}
    if routine.startswith("arm_fir"):
        out["size"] = int(re.search(r"_NUM_TAPS (\d+)", text).group(1))
        out["post_shift"] = 0
        usage = re.search(r"_state\[([A-Z0-9_]+_NUM_TAPS) \+ BLOCK_SIZE( - 1)?\]", text)
        out["usage_state"] = out["size"] + BLOCK - (1 if usage and usage.group(2) else 0) if usage else None
    else:
        out["size"] = int(re.search(r"_NUM_STAGES (\d+)", text).group(1))
        out["post_shift"] = int(re.search(r"_POST_SHIFT (\d+)", text).group(1))
        per = 6 if fmt == "q15" else 5
        if len(coefficients) != per * out["size"]:
            raise ValueError(f"{len(coefficients)} coefficients for {out['size']} stages")
    return out


def csv_integers(text, fmt):
    scale = 1 << FORMATS[fmt]
    values = []
    for row in csv.DictReader(io.StringIO(text)):
        v = float(row["value"]) * scale
        if v != round(v):
            raise ValueError(f"model value {row['value']} is not k / 2^{FORMATS[fmt]}")
        values.append(int(round(v)))
    return values


def prepare(mkfilter, work, cases_file):
    designs = []
    with open(cases_file) as f:
        for line in f:
            if line.strip():
                ident, kind, options = line.rstrip("\n").split("\t")
                designs.append((ident, kind, options.split()))
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as pool:
        for ident, kind, options in designs:
            for fmt in FORMATS:
                name = f"{ident}_{fmt}"
                jobs[(name, "header")] = pool.submit(run, [mkfilter] + options + ["--emit", "cmsis-" + fmt, "--name", name])
                for signal in ["impulse", "step"]:
                    jobs[(name, signal)] = pool.submit(
                        run, [mkfilter, signal] + options + ["--samples", str(SAMPLES), "--precision", fmt])
    cases, refused, errors = [], [], []
    for ident, kind, options in designs:
        for fmt in FORMATS:
            name = f"{ident}_{fmt}"
            rc, header, err = jobs[(name, "header")].result()
            if rc != 0:
                reason = (err.strip().splitlines() or ["(no message)"])[-1]
                refused.append(f"{ident} {fmt} refused by mkfilter: {' '.join(options)}: {reason}")
                continue
            with open(f"{work}/{name}.h", "w") as f:
                f.write(header)
            try:
                case = parse_header(header, fmt)
            except (ValueError, AttributeError) as e:
                errors.append(f"{ident} {fmt}: cannot read the --emit cmsis-{fmt} header: {e}")
                continue
            model = {}
            for signal in ["impulse", "step"]:
                rc, out, err = jobs[(name, signal)].result()
                if rc != 0:
                    errors.append(f"{ident} {fmt}: mkfilter {signal} --precision {fmt} failed: {err.strip()}")
                    break
                model[signal] = csv_integers(out, fmt)
                if len(model[signal]) != SAMPLES:
                    errors.append(f"{ident} {fmt}: mkfilter {signal} printed {len(model[signal])} samples, not {SAMPLES}")
            else:
                case.update({"id": ident, "kind": kind, "format": fmt, "design": " ".join(options), "model": model})
                cases.append(case)
    for line in refused:
        print("  " + line)
    for line in errors:
        print("FAIL " + line)
    uses_32x64 = any(c["routine"] == "arm_biquad_cas_df1_32x64_q31" for c in cases)
    with open(f"{work}/cmsis_dsp_cases.inc", "w") as f:
        f.write("/* Generated by scripts/target/cmsis_dsp_compare.py prepare. */\n")
        f.write(f"#define CMSIS_DSP_SAMPLES {SAMPLES}\n#define CMSIS_DSP_BLOCK {BLOCK}\n")
        f.write(f"#define CMSIS_DSP_USES_32X64 {int(uses_32x64)}\n")
        for c in cases:
            f.write(f'#include "{c["id"]}_{c["format"]}.h"\n')
        f.write("static const cmsis_dsp_case cmsis_dsp_cases[] = {\n")
        for c in cases:
            name = f'{c["id"]}_{c["format"]}'
            upper = "MKFILTER_" + name.upper()
            size = upper + ("_NUM_TAPS" if c["routine"].startswith("arm_fir") else "_NUM_STAGES")
            post = "0" if c["routine"].startswith("arm_fir") else upper + "_POST_SHIFT"
            q15 = f"mkfilter_{name}_coefficients" if c["format"] == "q15" else "NULL"
            q31 = f"mkfilter_{name}_coefficients" if c["format"] == "q31" else "NULL"
            f.write(f'    {{"{c["id"]}", "{c["format"]}", {ROUTINES[c["routine"]]}, {size}, {post}, {q15}, {q31}, NULL, 0}},\n')
        f.write("};\n")
        for i, p in enumerate(PROBES):
            ctype = "q15_t" if p["format"] == "q15" else "q31_t"
            f.write(f"static const {ctype} probe{i}_coefficients[] = {{{', '.join(map(str, p['coefficients']))}}};\n")
            f.write(f"static const {ctype} probe{i}_input[] = {{{', '.join(map(str, p['input']))}}};\n")
        f.write("static const cmsis_dsp_case cmsis_dsp_probes[] = {\n")
        for i, p in enumerate(PROBES):
            size = len(p["coefficients"]) // 6 if p["routine"] == "ROUTINE_BIQUAD_Q15" else len(p["coefficients"])
            q15 = f"probe{i}_coefficients" if p["format"] == "q15" else "NULL"
            q31 = f"probe{i}_coefficients" if p["format"] == "q31" else "NULL"
            f.write(f'    {{"{p["name"]}", "{p["format"]}", {p["routine"]}, {size}, {p["post_shift"]}, {q15}, {q31}, '
                    f'probe{i}_input, {len(p["input"])}}},\n')
        f.write("};\n")
    with open(f"{work}/cases.json", "w") as f:
        json.dump({"cases": cases, "refused": refused}, f)
    return 1 if errors else 0


# The portable C: PyPI's cmsisdsp (CMSIS-DSP 1.10.3 built for the host with
# __GNUC_PYTHON__: no ARM_MATH_DSP, none.h's C intrinsics, ARM_MATH_LOOPUNROLL).
def portable(routine, fmt, coefficients, size, post_shift, x):
    import numpy as np
    import cmsisdsp as dsp
    dt = np.int16 if fmt == "q15" else np.int32
    c = np.array(coefficients, dt)
    xs = np.array(x, dt)
    if routine == "arm_biquad_cascade_df1_q15":
        s = dsp.arm_biquad_casd_df1_inst_q15()
        dsp.arm_biquad_cascade_df1_init_q15(s, size, c, np.zeros(4 * size, dt), post_shift)
        y = dsp.arm_biquad_cascade_df1_q15(s, xs)
    elif routine == "arm_biquad_cascade_df1_q31":
        s = dsp.arm_biquad_casd_df1_inst_q31()
        dsp.arm_biquad_cascade_df1_init_q31(s, size, c, np.zeros(4 * size, dt), post_shift)
        y = dsp.arm_biquad_cascade_df1_q31(s, xs)
    elif routine in ("arm_fir_q15", "arm_fir_q31"):
        s = getattr(dsp, "arm_fir_instance_" + fmt)()
        getattr(dsp, "arm_fir_init_" + fmt)(s, size, c, np.zeros(size + len(xs), dt))
        y = getattr(dsp, "arm_fir_" + fmt)(s, xs)
    else:
        return None
    return [int(v) for v in np.asarray(y)]


def model_biquad_q15(coefficients, post_shift, x):
    """CMSISBiquadModel.output, case (.q15, fast false), transcribed: the exact
    64-bit sum, shifted, its low 32 bits, saturated to 16 bits (the Swift model
    is tested on the same probe: FixedPointEmissionTests.q15SaturatesTheLow32BitsOfTheShift)."""
    stages = [coefficients[6 * k: 6 * k + 6] for k in range(len(coefficients) // 6)]
    signal = list(x)
    for b0, _, b1, b2, a1, a2 in stages:
        x1 = x2 = y1 = y2 = 0
        for n, xn in enumerate(signal):
            exact = b0 * xn + b1 * x1 + b2 * x2 + a1 * y1 + a2 * y2
            low = ((exact >> (15 - post_shift)) + (1 << 31)) % (1 << 32) - (1 << 31)
            y = min(max(low, -32768), 32767)
            x2, x1, y2, y1 = x1, xn, y1, y
            signal[n] = y
    return signal


def model_fir(fmt, coefficients, x):
    """FixedPointTaps.run transcribed: the 64-bit sum of the products (h is
    the CMSIS array reversed), shifted by F, its low 32 bits, saturated for q15."""
    h = coefficients[::-1]
    f = FORMATS[fmt]
    out = []
    for i in range(len(x)):
        acc = sum(h[k] * x[i - k] for k in range(min(len(h), i + 1)))
        acc = (acc + (1 << 63)) % (1 << 64) - (1 << 63)
        low = ((acc >> f) + (1 << 31)) % (1 << 32) - (1 << 31)
        out.append(min(max(low, -32768), 32767) if fmt == "q15" else low)
    return out


def first_difference(a, b):
    for i, (u, v) in enumerate(zip(a, b)):
        if u != v:
            return i
    return min(len(a), len(b)) if len(a) != len(b) else None


def compare(work):
    with open(f"{work}/cases.json") as f:
        data = json.load(f)
    cases = data["cases"]
    chip, states, probes, end = {}, {}, {}, None
    with open(f"{work}/target.out") as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "case" and len(w) >= 4:
                chip[(w[1], w[2], w[3])] = [int(v) for v in w[4:]]
            elif w[0] == "state" and len(w) == 4:
                states[(w[1], w[2])] = int(w[3])
            elif w[0] == "probe":
                probes[w[1]] = [int(v) for v in w[2:]]
            elif w[0] == "end":
                end = int(w[1])
    failures = []
    if end != len(cases):
        failures.append(f"the chip's run ended early (end marker {end}, {len(cases)} cases): see target.out")
    matched = 0
    differ, agree_noise = [], 0
    state_notes = {}
    for c in cases:
        ident, fmt = c["id"], c["format"]
        ok = True
        for signal in ["impulse", "step"]:
            got = chip.get((ident, fmt, signal))
            want = c["model"][signal]
            if got is None:
                failures.append(f"{ident} {fmt} {signal}: no output from the chip ({c['design']})")
                ok = False
                continue
            n = first_difference(got, want)
            if n is not None:
                failures.append(f"{ident} {fmt} {signal}: {c['routine']} on the chip and mkfilter --precision {fmt} differ "
                                f"first at sample {n}: chip {got[n] if n < len(got) else '-'}, "
                                f"model {want[n] if n < len(want) else '-'} ({c['design']})")
                ok = False
        matched += ok
        got = chip.get((ident, fmt, "noise"))
        want = portable(c["routine"], fmt, c["coefficients"], c["size"], c["post_shift"], noise(fmt, SAMPLES))
        if got is None or want is None:
            differ.append(f"{ident} {fmt} noise: {'no chip output' if got is None else 'no portable C routine in PyPI cmsisdsp'}")
        else:
            n = first_difference(got, want)
            if n is None:
                agree_noise += 1
            else:
                differ.append(f"{ident} {fmt} noise ({c['routine']}): first at sample {n}, chip {got[n]}, portable C {want[n]}")
        if c["routine"].startswith("arm_fir") and (ident, fmt) in states and c.get("usage_state") is not None:
            cleared, usage = states[(ident, fmt)], c["usage_state"]
            if cleared > usage:
                state_notes.setdefault((c["routine"], cleared - usage), []).append(f"{ident}")
    total = len(cases)
    # The constructed inputs: where the chip, the portable C and the model part.
    print("  constructed inputs (outputs: chip | portable C (PyPI cmsisdsp) | the model's arithmetic, transcribed):")
    chip_vs_portable = []
    for p in PROBES:
        got = probes.get(p["name"])
        biquad = p["routine"] == "ROUTINE_BIQUAD_Q15"
        routine = "arm_biquad_cascade_df1_q15" if biquad else "arm_fir_q15"
        size = len(p["coefficients"]) // 6 if biquad else len(p["coefficients"])
        want = portable(routine, p["format"], p["coefficients"], size, p["post_shift"], p["input"])
        model = (model_biquad_q15(p["coefficients"], p["post_shift"], p["input"]) if biquad
                 else model_fir(p["format"], p["coefficients"], p["input"]))
        if got is None:
            failures.append(f"probe {p['name']}: no output from the chip")
            continue
        parts = {"portable C": first_difference(got, want), "model": first_difference(got, model)}
        verdict = "; ".join(f"chip = {k}" if v is None else f"chip != {k} from sample {v}" for k, v in parts.items())
        print(f"    {p['name']}: {got} | {want} | {model}: {verdict}")
        if parts["portable C"] is not None:
            n = parts["portable C"]
            chip_vs_portable.append(f"{routine} on {p['name']} (sample {n}: chip {got[n]}, portable C {want[n]})")
    for line in failures:
        print("FAIL " + line)
    print(f"  refused by mkfilter (not counted): {len(data['refused'])}")
    # The header's usage comment must allocate at least the state ARM's init
    # clears on the chip (arm_fir_init_q15 with ARM_MATH_DSP: numTaps +
    # blockSize, one more than the portable C).
    for (routine, extra), idents in sorted(state_notes.items()):
        init = routine.replace("arm_fir_", "arm_fir_init_")
        line = (f"{init} on the chip (ARM_MATH_DSP) clears {extra} more samples of state than the header's usage "
                f"comment allocates, in {' '.join(idents)}: ARM documents numTaps + blockSize when ARM_MATH_DSP is defined")
        print("FAIL " + line)
        failures.append(line)
    print(f"target CMSIS-DSP: {matched}/{total} bit-identical "
          f"(designs x q15|q31 in ARM's {', '.join(sorted({c['routine'] for c in cases}))} "
          f"for the Cortex-M4 with ARM_MATH_DSP on QEMU, impulse and step against mkfilter --precision q15|q31)")
    if differ:
        print(f"target CMSIS-DSP vs portable C on the noise input: differ in {len(differ)}/{total}:")
        for line in differ:
            print("  " + line)
    else:
        print(f"target CMSIS-DSP vs portable C on the noise input: identical in {agree_noise}/{total}; "
              + ("they differ only on constructed inputs: " + "; ".join(chip_vs_portable) if chip_vs_portable
                 else "and on the constructed inputs"))
    return 1 if failures else 0


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "prepare":
        return prepare(sys.argv[2], sys.argv[3], sys.argv[4])
    if len(sys.argv) == 3 and sys.argv[1] == "compare":
        return compare(sys.argv[2])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
