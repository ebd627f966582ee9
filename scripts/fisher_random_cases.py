#!/usr/bin/env python3
"""Writes Tests/Fixtures/mkfilter/mkfilter-4.6-random.jsonl: reference outputs of
Fisher's own mkfilter 4.6 for random command lines outside the shared fixture
grid (orders 7 and 9, other ripples, corners with many digits, -p subsets on
every family, -w/-z/-Z combinations, resonators with other Q), and with
--mkshape-reference also mkshape-4.6-random.jsonl (lengths up to 513, -w, -x, -b).

    python3 scripts/fisher_random_cases.py --reference /path/to/fisher/mkfilter \
        [--mkshape-reference /path/to/fisher/mkshape] [--seed 46] [--count 300]

The reference binary is mkfilter 4.6 built from Fisher's public sources with
g++ on x86-64 (as for ../shared/fixtures); it is not part of this repository.
It is run with argv[0] = "mkfilter", like the shared fixtures. Same JSON Lines
layout as mkfilter-4.6.jsonl (without the gencode keys).
"""
import argparse
import json
import pathlib
import random
import subprocess


def alpha(rng):
    k = rng.random()
    if k < 0.3:
        return f"{rng.uniform(0.001, 0.499):.10f}"
    if k < 0.6:
        return repr(rng.uniform(0.0005, 0.4995))
    if k < 0.8:
        return f"{rng.choice([1, 2, 3, 5, 6, 7, 10, 12, 15, 20, 24]) / rng.choice([50, 60, 100, 128, 200]):.6g}"
    return f"{rng.uniform(0.01, 0.49):.3f}"


def conjugate_groups(family, order):
    """Index groups that keep conjugate pairs together, in Fisher's pole order."""
    if family in ("-Bu", "-Ch"):
        return [tuple(sorted({k, order - 1 - k})) for k in range((order + 1) // 2)]
    return ([(0,)] if order % 2 else []) + [(i, i + 1) for i in range(order % 2, order, 2)]


def command_line(rng):
    kind = rng.random()
    if kind < 0.8:
        family = rng.choice(["-Bu", "-Be", "-Ch"])
        band = rng.choice(["-Lp", "-Hp", "-Bp", "-Bs"])
        order = rng.randint(1, 10)
        args = [family]
        if family == "-Ch":
            args.append(rng.choice(["-0.01", "-0.2", "-2", "-6", f"-{rng.uniform(0.01, 5):.4f}"]))
        args += [band, "-o", str(order)]
        if band in ("-Bp", "-Bs"):
            a1, a2 = sorted(float(alpha(rng)) for _ in range(2))
            if a1 == a2:
                return None
            args += ["-a", repr(a1), repr(a2)]
        else:
            args += ["-a", alpha(rng)]
        r = rng.random()
        if r < 0.15:
            args.append("-w")
        elif r < 0.3:
            args.append("-z")
        if rng.random() < 0.15:
            args += ["-Z", alpha(rng)]
        if rng.random() < 0.2:
            groups = conjugate_groups(family, order)
            chosen = rng.sample(groups, rng.randint(1, len(groups)))
            args += ["-p"] + [str(i) for i in sorted(i for g in chosen for i in g)]
        return args
    if kind < 0.93:
        q = rng.choice(["1", "2", "5", "30", "300", f"{rng.uniform(0.6, 200):.3f}"])
        args = ["-Re", q, rng.choice(["-Bp", "-Bs", "-Ap"]), "-a", alpha(rng)]
        if rng.random() < 0.15:
            args += ["-Z", alpha(rng)]
        return args
    return ["-Pi", "-o", "1", "-a", alpha(rng)] + ([rng.choice(["-w", "-z"])] if rng.random() < 0.3 else [])


def mkshape_command_line(rng):
    length = str(rng.choice([1, 3, 5, 7, 9, 15, 21, 31, 33, 63, 101, 255, 513]))
    k = rng.random()
    if k < 0.7:
        args = [rng.choice(["-c", "-r"]), f"{rng.uniform(0.01, 0.49):.4g}",
                rng.choice(["0", "0.1", "0.35", "0.5", "1", f"{rng.uniform(0, 1):.3f}"]), length]
    elif k < 0.85:
        args = ["-h", str(rng.choice([3, 5, 7, 9, 15, 21, 31, 33, 63, 101, 255, 513]))]
    else:
        args = ["-i", length]
    args.append("-l")
    if rng.random() < 0.4:
        args.append("-w")
    if rng.random() < 0.3 and args[0] != "-h":
        args.append("-x")
    if rng.random() < 0.3:
        args += ["-b", str(rng.choice([1, 2, 4, 8, 12, 16, 24]))]
    return args


def run(reference, args, name="mkfilter"):
    r = subprocess.run([name] + args, executable=reference, capture_output=True, text=True)
    return {"exit": r.returncode, "stdout": r.stdout, "stderr": r.stderr}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference", required=True)
    parser.add_argument("--mkshape-reference")
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--count", type=int, default=300)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/mkfilter/mkfilter-4.6-random.jsonl"
    lines = []
    while len(lines) < options.count:
        args = command_line(rng)
        if args is None:
            continue
        case = {"tool": "mkfilter", "args": args, "report": run(options.reference, args),
                "listing": run(options.reference, args + ["-l"])}
        lines.append(json.dumps(case))
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} cases to {out}")
    if options.mkshape_reference:
        shape_lines = []
        while len(shape_lines) < options.count // 2:
            args = mkshape_command_line(rng)
            listing = run(options.mkshape_reference, args, name="mkshape")
            if "nan" in listing["stdout"] or "inf" in listing["stdout"]:
                continue  # -b on an all-zero filter: nothing to compare
            shape_lines.append(json.dumps({"tool": "mkshape", "args": args, "listing": listing}))
        shape_out = out.with_name("mkshape-4.6-random.jsonl")
        shape_out.write_text("\n".join(shape_lines) + "\n")
        print(f"wrote {len(shape_lines)} cases to {shape_out}")


if __name__ == "__main__":
    main()
