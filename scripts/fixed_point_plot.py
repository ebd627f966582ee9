#!/usr/bin/env python3
"""Draws docs/fixed-point-impulse.svg: Shake!'s 0.5-3 Hz band-pass at 60 Hz,
its impulse response as run in CMSIS q15 (mkfilter impulse --precision q15)
beside the exact one times the output scale (mkfilter impulse, in Double).

    python3 scripts/fixed_point_plot.py [--mkfilter PATH]
"""
import argparse
import csv
import io
import re
import subprocess

DESIGN = ["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"]


def values(mk, extra):
    out = subprocess.run([mk, "impulse"] + DESIGN + ["--samples", "160"] + extra,
                         capture_output=True, text=True, check=True).stdout
    return [float(r["value"]) for r in csv.DictReader(io.StringIO(out))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mkfilter", default=".build/release/mkfilter")
    mk = ap.parse_args().mkfilter
    header = subprocess.run([mk] + DESIGN + ["--emit", "cmsis-q15"], capture_output=True, text=True, check=True).stdout
    scale = float(re.search(r"_OUTPUT_SCALE ([0-9.eE+-]+)f", header).group(1))
    exact = [v * scale * 32767 / 32768 for v in values(mk, [])]
    q15 = values(mk, ["--precision", "q15"])
    w, h, left, top = 760, 300, 60, 30
    lo, hi = min(exact + q15), max(exact + q15)
    def x(n): return left + n * (w - left - 20) / (len(exact) - 1)
    def y(v): return top + (hi - v) * (h - top - 40) / (hi - lo)
    def path(vs): return " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in enumerate(vs))
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="18">Shake! band-pass 0.5-3 Hz at 60 Hz: impulse response, exact (x OUTPUT_SCALE {scale:.4f}) and as run in CMSIS q15</text>',
           f'<line x1="{left}" y1="{y(0):.1f}" x2="{w - 20}" y2="{y(0):.1f}" stroke="#999"/>',
           f'<polyline fill="none" stroke="#1f5fbf" stroke-width="3" points="{path(exact)}"/>',
           f'<polyline fill="none" stroke="#c0392b" stroke-width="1.2" points="{path(q15)}"/>',
           f'<text x="{w - 260}" y="{top + 20}" fill="#1f5fbf">exact (Double) x output scale</text>',
           f'<text x="{w - 260}" y="{top + 36}" fill="#c0392b">q15 as run (k / 2^15)</text>',
           f'<text x="{left}" y="{h - 8}">sample n (0 ... {len(exact) - 1}); y from {lo:.4f} to {hi:.4f} of full scale</text>',
           '</svg>']
    with open("docs/fixed-point-impulse.svg", "w") as f:
        f.write("\n".join(svg) + "\n")
    print("wrote docs/fixed-point-impulse.svg; largest difference",
          max(abs(a - b) for a, b in zip(exact, q15)))


if __name__ == "__main__":
    main()
