#!/usr/bin/env python3
"""Writes Tests/Fixtures/catalogue/savgol.json: exact Savitzky-Golay coefficients
and filter outputs next to scipy's, for the Swift tests to measure the package's
savgol design (and scipy's own error) against the true least-squares answer.

    pip install -r scripts/requirements.txt
    python3 scripts/savgol_reference.py

"coefficients": one case per savgol_coeffs(window, polyorder, deriv, delta,
pos, use) call. "exact" is the exact least-squares solution rounded to the
nearest double; "scipy" is scipy's answer; "max_scipy_error" is
max|scipy - exact| / max|exact| (computed on the exact rationals). "pos" is
null when scipy's default is used; "effective_pos" is the position actually
used (window // 2, or window / 2 - 0.5 for an even window).

"filter": savgol_filter(x, window, polyorder, deriv, delta) with mode='interp'
on the deterministic signal "input"; "scipy" is scipy's output and "exact" is
the same filter computed exactly from the double input: interior outputs use
the exact default-position coefficients, the window // 2 outputs at each edge
use the exact coefficients for the sample's position within the first or last
window (what _fit_edge's polyfit + polyval would give in exact arithmetic).

Exact method: savgol_coeffs solves A c = y in the least-squares (minimum-norm)
sense, with A[k][j] = x_j^k, x_j = j - pos (j = 0..window-1, the 'dot' order;
'conv' is the reverse) and y = deriv!/delta^deriv * e_deriv. As A has full row
rank, c = A^T (A A^T)^-1 y: c_j = q(x_j) with q = sum_k z_k x^k and
(A A^T) z = y, a (polyorder+1)-square Hankel system of power sums, solved by
Gaussian elimination on Fractions. With pos = P/s, the grid is scaled to the
integers u_j = s x_j (so the power sums are Python ints); delta is the Fraction
of its decimal text. Output is deterministic (sorted keys, repr floats).
"""
import json
import math
import pathlib
import warnings
from fractions import Fraction

import numpy as np
import scipy
from scipy import signal

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/catalogue/savgol.json"
COMMAND = "python3 scripts/savgol_reference.py"

# (window, polyorder, deriv, delta text, pos or None, use)
COEFFICIENT_CASES = [
    (5, 2, 0, "1", None, "conv"),
    (7, 3, 1, "1", None, "conv"),
    (9, 4, 2, "0.5", None, "conv"),
    (11, 2, 0, "1", 0, "dot"),
    (8, 3, 0, "1", None, "conv"),
    (6, 2, 1, "1", 1, "conv"),
    (21, 6, 0, "1", None, "conv"),
    (31, 4, 1, "1", None, "dot"),
    (51, 10, 3, "0.01", None, "conv"),
    (101, 20, 0, "1", None, "conv"),  # scipy gh-20825: its coefficients sum to ~0, not 1
    (101, 20, 0, "1", 0, "conv"),
    (201, 16, 1, "1", None, "conv"),
    (501, 24, 0, "1", None, "conv"),
    (1001, 32, 0, "1", None, "conv"),
    (1001, 32, 0, "1", 0, "dot"),
    (1001, 32, 2, "1", None, "conv"),
    (1000, 31, 0, "1", None, "conv"),
    (5, 4, 0, "1", None, "conv"),  # polyorder = window - 1: interpolation, a unit impulse
    # SavitzkyGolay.largestPolyorder, 100: the edge of what mkfilter allows.
    (201, 100, 0, "1", None, "conv"),
    (201, 100, 0, "1", 0, "dot"),
    (150, 100, 1, "1", None, "conv"),
    (1001, 100, 0, "1", None, "conv"),
]

# (window, polyorder, deriv, delta text)
FILTER_CASES = [
    (11, 3, 0, "1"),
    (11, 3, 1, "0.01"),
    (10, 2, 0, "1"),
    (51, 5, 2, "1"),
]


def signal_input(n=200):
    """x_n = sin(0.07 n) + 0.3 cos(0.31 n) + 0.05 ((7919 n) mod 13 - 6), as doubles."""
    return [math.sin(0.07 * k) + 0.3 * math.cos(0.31 * k) + 0.05 * ((k * 7919) % 13 - 6) for k in range(n)]


def default_pos(window):
    """scipy's default evaluation position: the middle of the window."""
    half, rem = divmod(window, 2)
    return Fraction(half) if rem else Fraction(2 * half - 1, 2)


def solve(matrix, rhs):
    """Exact solution of a square nonsingular system, by Gaussian elimination on Fractions."""
    n = len(matrix)
    m = [[Fraction(v) for v in row] + [Fraction(b)] for row, b in zip(matrix, rhs)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if m[r][col] != 0)
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                m[r] = [a - f * b for a, b in zip(m[r], m[col])]
    z = [Fraction(0)] * n
    for r in range(n - 1, -1, -1):
        z[r] = (m[r][n] - sum(m[r][k] * z[k] for k in range(r + 1, n))) / m[r][r]
    return z


def exact_coeffs(window, polyorder, deriv=0, delta=Fraction(1), pos=None):
    """Exact savgol_coeffs(window, polyorder, deriv, delta, pos, use='dot') as Fractions:
    the minimum-norm solution of A c = y (see the module docstring)."""
    if deriv > polyorder:
        return [Fraction(0)] * window
    pos = default_pos(window) if pos is None else Fraction(pos)
    s = pos.denominator
    u = [s * j - pos.numerator for j in range(window)]  # u_j = s x_j, integers
    sums = [sum(v ** r for v in u) for r in range(2 * polyorder + 1)]
    hankel = [[sums[k + m] for m in range(polyorder + 1)] for k in range(polyorder + 1)]
    # sum_j c_j x_j^k = y_k  <=>  sum_j c_j u_j^k = s^k y_k
    rhs = [0] * (polyorder + 1)
    rhs[deriv] = Fraction(math.factorial(deriv) * s ** deriv) / delta ** deriv
    z = solve(hankel, rhs)
    den = math.lcm(*(v.denominator for v in z))
    num = [int(v * den) for v in z]
    out = []
    for v in u:  # Horner in integers, one division per coefficient
        acc = 0
        for a in reversed(num):
            acc = acc * v + a
        out.append(Fraction(acc, den))
    return out


def relative_error(approx, exact):
    """max|approx - exact| / max|exact|, on the exact rationals."""
    scale = max(abs(v) for v in exact)
    return float(max(abs(Fraction(a) - e) for a, e in zip(approx, exact)) / scale)


def coefficient_case(window, polyorder, deriv, delta_text, pos, use):
    delta = Fraction(delta_text)
    exact = exact_coeffs(window, polyorder, deriv, delta, pos)
    if use == "conv":
        exact = exact[::-1]
    theirs = signal.savgol_coeffs(window, polyorder, deriv=deriv, delta=float(delta_text), pos=pos, use=use)
    effective = default_pos(window) if pos is None else Fraction(pos)
    return {"window": window, "polyorder": polyorder, "deriv": deriv, "delta": float(delta_text),
            "pos": pos, "effective_pos": float(effective), "use": use,
            "exact": [float(v) for v in exact], "scipy": [float(v) for v in theirs],
            "max_scipy_error": relative_error(theirs, exact)}


def exact_filter(x, window, polyorder, deriv, delta):
    """savgol_filter(x, ..., mode='interp') in exact arithmetic on the double input x.

    Odd window (half = window // 2): y[i] = fit over x[i-half .. i+half] at i.
    Even window: scipy's convolve1d centres an even kernel one sample late, so
    y[i] = fit over x[i-half+1 .. i+half] evaluated at i + 1/2 (a half-sample
    shift); the edges are still evaluated at integer i. Edge outputs
    y[0 .. half-1] and y[n-half .. n-1] come from the first / last window,
    evaluated at the sample's own position within it."""
    n, half = len(x), window // 2
    xs = [Fraction(v) for v in x]
    y = [None] * n
    centre = exact_coeffs(window, polyorder, deriv, delta)
    start = half if window % 2 else half - 1  # window start = i - start
    for i in range(half, n - half):
        y[i] = sum(c * v for c, v in zip(centre, xs[i - start:i - start + window]))
    for t in range(half):
        c = exact_coeffs(window, polyorder, deriv, delta, pos=t)
        y[t] = sum(a * v for a, v in zip(c, xs[:window]))
    for t in range(window - half, window):
        c = exact_coeffs(window, polyorder, deriv, delta, pos=t)
        y[n - window + t] = sum(a * v for a, v in zip(c, xs[n - window:]))
    return y


def filter_case(x, window, polyorder, deriv, delta_text):
    exact = exact_filter(x, window, polyorder, deriv, Fraction(delta_text))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a RankWarning from _fit_edge's polyfit would be a surprise
        theirs = signal.savgol_filter(np.array(x), window, polyorder, deriv=deriv, delta=float(delta_text))
    error = relative_error(theirs, exact)
    assert error < 1e-9, (window, polyorder, deriv, error)  # the index mapping agrees with scipy's
    return {"window": window, "polyorder": polyorder, "deriv": deriv, "delta": float(delta_text),
            "mode": "interp", "exact": [float(v) for v in exact], "scipy": [float(v) for v in theirs],
            "max_scipy_error": error}


def self_check():
    """Closed forms: (5, 2) smoothing is [-3, 12, 17, 12, -3] / 35; (5, 2, deriv 1)
    in 'dot' order is [-2, -1, 0, 1, 2] / 10; scipy's docstring example
    savgol_coeffs(4, 2, pos=3, deriv=1, use='dot') = [0.45, -0.85, -0.65, 1.05]."""
    assert exact_coeffs(5, 2) == [Fraction(v, 35) for v in (-3, 12, 17, 12, -3)]
    assert exact_coeffs(5, 2, 1) == [Fraction(v, 10) for v in (-2, -1, 0, 1, 2)]
    assert exact_coeffs(4, 2, 1, pos=3) == [Fraction(v, 100) for v in (45, -85, -65, 105)]


if __name__ == "__main__":
    self_check()
    x = signal_input()
    data = {"source": f"scipy {scipy.__version__}", "command": COMMAND,
            "coefficients": [coefficient_case(*c) for c in COEFFICIENT_CASES],
            "filter_input": x,
            "filter": [filter_case(x, *c) for c in FILTER_CASES]}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(data['coefficients'])} coefficient cases, {len(data['filter'])} filter cases)")
    for c in data["coefficients"]:
        print(f"  coeffs {c['window']:5d} {c['polyorder']:3d} d{c['deriv']} delta={c['delta']} pos={c['pos']} "
              f"{c['use']}: max_scipy_error {c['max_scipy_error']:.3g}")
    for c in data["filter"]:
        print(f"  filter {c['window']:5d} {c['polyorder']:3d} d{c['deriv']} delta={c['delta']}: "
              f"max_scipy_error {c['max_scipy_error']:.3g}")
