#!/usr/bin/env python3
"""IEC 61672-1 A and C frequency weightings as digital IIR filters (prototype).

Algorithm (see weighting.md for the full description):
  1. Annex E analog curve: poles f1..f4 from the Annex E closed-form expressions.
  2. Low part (the f1, f1[, f2, f3] poles and the s^n zeros) by the plain bilinear
     transform: zeros at z = 1, poles at (2 fs - w)/(2 fs + w).
  3. High part: a fitted 3-pole/3-zero section
        H_hi(z) = (1 + b1 z^-1 + b2 z^-2)(1 + b3 z^-1) / ((1 + a1 z^-1 + a2 z^-2)(1 + a3 z^-1))
     fitted on the dB error (relative to 1 kHz) over 200 log-spaced frequencies from
     10 Hz to 0.45 fs, by 60 Levenberg-Marquardt iterations on sum |r|^p with
     p = 2 (20 iterations), 4 (10), 8 (10), 16 (20), from 4 fixed starts; keep the best.
  4. Zeros outside the unit circle are reflected (1/conj z): minimum phase, same shape.
  5. Gain k so that |H(1 kHz)| equals the analytic curve at 1 kHz.

The prototype of Sources/FilterDesign/Catalogue/FrequencyWeighting*.swift,
and the writer of the tests' Annex E fixture.

Run:  python3 scripts/weighting_reference.py          the error table and stability checks
      python3 scripts/weighting_reference.py --sweep  also sweeps 123 rates, 2.001 kHz to 10 MHz
      python3 scripts/weighting_reference.py --write  also writes
            Tests/Fixtures/catalogue/iec61672-annex-e.json (Annex E in 40 digits)
"""
import json
import math
import sys
import os

import numpy as np

# ---------------------------------------------------------------------------
# Annex E constants (IEC 61672-1:2013, E.2-E.4; same in the 2002 edition)
# ---------------------------------------------------------------------------
F_R = 1000.0                 # reference frequency fr
F_L = 10.0 ** 1.5            # fL
F_H = 10.0 ** 3.9            # fH
D_SQ = 0.5                   # D^2 = 1/2
F_A = 10.0 ** 2.45           # fA


def annex_e_pole_frequencies():
    """E.4.1: f1 = ((-b - sqrt(b^2 - 4c))/2)^(1/2), f4 = ((-b + sqrt(b^2 - 4c))/2)^(1/2).
    f1^2 and f4^2 are the roots of y^2 + b y + c, so f1^2 f4^2 = c; f1 is computed as
    sqrt(c)/f4 = fL fH / f4, the same number without the cancellation in -b - sqrt(b^2 - 4c)."""
    d = math.sqrt(D_SQ)
    lh = F_L * F_H
    c = lh * lh
    b = (F_R * F_R + c / (F_R * F_R) - d * (F_L * F_L + F_H * F_H)) / (1.0 - d)
    f4 = math.sqrt((-b + math.sqrt(b * b - 4.0 * c)) / 2.0)
    f1 = lh / f4
    s5 = math.sqrt(5.0)
    f2 = (3.0 - s5) / 2.0 * F_A
    f3 = (3.0 + s5) / 2.0 * F_A
    return f1, f2, f3, f4


F1, F2, F3, F4 = annex_e_pole_frequencies()
A1000 = -2.000   # dB, E.4.2 (normalisation constants as printed in the standard)
C1000 = -0.062   # dB


def analytic_db(curve, f):
    """Annex E: A(f) = 20 lg[f4^2 f^4 / ((f^2+f1^2) sqrt(f^2+f2^2) sqrt(f^2+f3^2) (f^2+f4^2))] - A1000,
    C(f) = 20 lg[f4^2 f^2 / ((f^2+f1^2)(f^2+f4^2))] - C1000."""
    f = np.asarray(f, dtype=float)
    ff = f * f
    if curve == 'A':
        r = F4 ** 2 * ff * ff / ((ff + F1 ** 2) * np.sqrt(ff + F2 ** 2) * np.sqrt(ff + F3 ** 2) * (ff + F4 ** 2))
        return 20.0 * np.log10(r) - A1000
    r = F4 ** 2 * ff / ((ff + F1 ** 2) * (ff + F4 ** 2))
    return 20.0 * np.log10(r) - C1000


# ---------------------------------------------------------------------------
# Design
# ---------------------------------------------------------------------------
GRID_POINTS = 200
GRID_LOW = 10.0
GRID_TOP_FRACTION = 0.45
STARTS = (-0.5, 0.0, 0.5, 0.8)
# exponent p of the objective sum |r_i|^p at each of the 60 iterations: least squares, then
# towards minimax (a fixed continuation; each stage is a smooth problem, so the result does
# not depend on rounding-level details of the path)
SCHEDULE = [2] * 20 + [4] * 10 + [8] * 10 + [16] * 20
MAX_TRIES = 12
DB = 10.0 / math.log(10.0)          # 10/ln 10: dB of a squared magnitude


def low_part(curve, fs):
    """Bilinear images (K = 2 fs) of the analog zeros at s = 0 and of the low poles."""
    freqs = [F1, F1, F2, F3] if curve == 'A' else [F1, F1]
    k2 = 2.0 * fs
    poles = [(k2 - 2.0 * math.pi * f) / (k2 + 2.0 * math.pi * f) for f in freqs]
    return len(freqs), poles          # number of zeros at z = 1, real poles


def low_db(n_ones, poles, theta):
    s2 = np.sin(theta / 2.0) ** 2
    out = n_ones * DB * np.log(4.0 * s2)               # |e^{jt} - 1|^2 = 4 sin^2(t/2)
    for p in poles:
        out = out - DB * np.log((1.0 - p) ** 2 + 4.0 * p * s2)   # |e^{jt} - p|^2
    return out


def section_model(x, c1, c2):
    """dB of the high section and its gradient w.r.t. x = (b1, b2, b3, a1, a2, a3)."""
    b1, b2, b3, a1, a2, a3 = x
    n2 = 1.0 + b1 * b1 + b2 * b2 + 2.0 * b1 * (1.0 + b2) * c1 + 2.0 * b2 * c2
    n1 = 1.0 + b3 * b3 + 2.0 * b3 * c1
    d2 = 1.0 + a1 * a1 + a2 * a2 + 2.0 * a1 * (1.0 + a2) * c1 + 2.0 * a2 * c2
    d1 = 1.0 + a3 * a3 + 2.0 * a3 * c1
    m = DB * (np.log(n2) + np.log(n1) - np.log(d2) - np.log(d1))
    g = 2.0 * DB * np.stack([
        (b1 + (1.0 + b2) * c1) / n2,
        (b2 + b1 * c1 + c2) / n2,
        (b3 + c1) / n1,
        -(a1 + (1.0 + a2) * c1) / d2,
        -(a2 + a1 * c1 + c2) / d2,
        -(a3 + c1) / d1], axis=-1)
    return m, g


def is_stable(x):
    a1, a2, a3 = x[3], x[4], x[5]
    return bool(abs(a2) < 1.0 and abs(a1) < 1.0 + a2 and abs(a3) < 1.0)


def solve(a, b):
    """Gaussian elimination with partial pivoting (mirrors the Swift port). None if singular."""
    n = len(b)
    m = [list(map(float, a[i])) + [float(b[i])] for i in range(n)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if not (abs(m[piv][col]) > 0.0):
            return None
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        s = m[r][n]
        for c in range(r + 1, n):
            s -= m[r][c] * x[c]
        x[r] = s / m[r][r]
    return np.array(x)


def fit_high_section(curve, fs, start):
    n_ones, lp = low_part(curve, fs)
    top = GRID_TOP_FRACTION * fs
    i = np.arange(GRID_POINTS)
    f = GRID_LOW * (top / GRID_LOW) ** (i / (GRID_POINTS - 1.0))
    theta = 2.0 * math.pi * f / fs
    theta_ref = 2.0 * math.pi * F_R / fs
    t = analytic_db(curve, f) - low_db(n_ones, lp, theta)
    t_ref = float(analytic_db(curve, F_R) - low_db(n_ones, lp, np.array(theta_ref)))
    c1, c2 = np.cos(theta), np.cos(2.0 * theta)
    c1r, c2r = math.cos(theta_ref), math.cos(2.0 * theta_ref)

    def residuals(x):
        m, g = section_model(x, c1, c2)
        mr, gr = section_model(x, c1r, c2r)
        return (m - mr) - (t - t_ref), g - gr

    q = math.exp(-2.0 * math.pi * F4 / fs)        # matched-z image of the 12194 Hz poles
    x = np.array([0.0, 0.0, start, -2.0 * q, q * q, start])
    r, jac = residuals(x)
    lam = 1e-2
    for p in SCHEDULE:
        # Levenberg-Marquardt (Gauss-Newton) step on sum |r_i|^p, scaled by s = max|r_i|
        s = float(np.max(np.abs(r)))
        if not (s > 0.0 and math.isfinite(s)):
            break
        a_r = np.abs(r) / s
        w = a_r ** (p - 2)
        cost = float(np.sum(a_r ** p))
        h = (jac * w[:, None]).T @ jac                  # ~ Hessian / (p (p-1))
        g = (jac * w[:, None]).T @ r / (p - 1.0)        # ~ gradient / (p (p-1))
        tr = float(np.trace(h))
        for _ in range(MAX_TRIES):
            a = h.copy()
            for k in range(6):
                a[k, k] += lam * (h[k, k] + 1e-9 * tr)
            dx = solve(a, -g)
            if dx is not None:
                xn = x + dx
                if is_stable(xn):
                    rn, jn = residuals(xn)
                    if float(np.sum((np.abs(rn) / s) ** p)) <= cost:
                        x, r, jac = xn, rn, jn
                        lam = max(lam * 0.1, 1e-9)
                        break
            lam *= 10.0
    return x, float(np.max(np.abs(r)))


def quadratic_roots(c1, c2):
    """Roots of z^2 + c1 z + c2."""
    disc = c1 * c1 - 4.0 * c2
    if disc >= 0.0:
        sq = math.sqrt(disc)
        r1 = -(c1 + math.copysign(sq, c1)) / 2.0
        r2 = c2 / r1 if r1 != 0.0 else 0.0
        return [complex(r1, 0.0), complex(r2, 0.0)]
    re, im = -c1 / 2.0, math.sqrt(-disc) / 2.0
    return [complex(re, im), complex(re, -im)]


def zpk_db(zeros, poles, gain, f, fs):
    th = 2.0 * math.pi * np.asarray(f, dtype=float) / fs
    c, s = np.cos(th), np.sin(th)
    out = 20.0 * math.log10(abs(gain)) + 0.0 * th
    for z in zeros:
        out = out + DB * np.log((c - z.real) ** 2 + (s - z.imag) ** 2)
    for p in poles:
        out = out - DB * np.log((c - p.real) ** 2 + (s - p.imag) ** 2)
    return out


def design(curve, fs):
    """Returns (zeros, poles, gain, info) of H(z) = k prod(z - z_i) / prod(z - p_j)."""
    if not (fs > 2.0 * F_R and math.isfinite(fs)):
        raise ValueError('sample rate must exceed 2 kHz')
    best = None
    for s in STARTS:
        x, e = fit_high_section(curve, fs, s)
        if best is None or e < best[1]:
            best = (x, e, s)
    x, fit_err, start = best
    n_ones, lp = low_part(curve, fs)
    hz = quadratic_roots(x[0], x[1]) + [complex(-x[2], 0.0)]
    hz = [z / abs(z) ** 2 if abs(z) > 1.0 else z for z in hz]     # 1/conj(z): minimum phase
    hp = quadratic_roots(x[3], x[4]) + [complex(-x[5], 0.0)]
    # canonical order (real part ascending, then imaginary descending): the same filter
    # reached from another start, or with the roles of the factors swapped, lists the same
    order = lambda v: (v.real, -v.imag)
    hz, hp = sorted(hz, key=order), sorted(hp, key=order)
    zeros = [complex(1.0, 0.0)] * n_ones + hz
    poles = [complex(p, 0.0) for p in lp] + hp
    g0 = float(zpk_db(zeros, poles, 1.0, [F_R], fs)[0])
    gain = 10.0 ** ((float(analytic_db(curve, F_R)) - g0) / 20.0)
    return zeros, poles, gain, {'fit_error_db': fit_err, 'start': start, 'x': list(map(float, x))}


def plain_bilinear(curve, fs):
    """Baseline: plain bilinear transform of the whole analog filter."""
    n_ones, lp = low_part(curve, fs)
    k2 = 2.0 * fs
    w4 = 2.0 * math.pi * F4
    p4 = (k2 - w4) / (k2 + w4)
    zeros = [complex(1.0, 0.0)] * n_ones + [complex(-1.0, 0.0)] * 2
    poles = [complex(p, 0.0) for p in lp] + [complex(p4, 0.0)] * 2
    g0 = float(zpk_db(zeros, poles, 1.0, [F_R], fs)[0])
    return zeros, poles, 10.0 ** ((float(analytic_db(curve, F_R)) - g0) / 20.0)


# ---------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------
EVAL_POINTS = 4000
RATES = [8000, 16000, 22050, 32000, 44100, 48000, 96000, 192000]


def max_error(zeros, poles, gain, curve, fs, top):
    i = np.arange(EVAL_POINTS)
    f = GRID_LOW * (top / GRID_LOW) ** (i / (EVAL_POINTS - 1.0))
    e = zpk_db(zeros, poles, gain, f, fs) - analytic_db(curve, f)
    j = int(np.argmax(np.abs(e)))
    return float(abs(e[j])), float(f[j])


def sweep_rates():
    named = [2001, 2100, 2500, 3000, 4000, 5000, 6000, 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100,
             48000, 88200, 96000, 176400, 192000, 352800, 384000, 768000, 1000000, 10000000]
    logs = [float(round(v)) for v in np.geomspace(2001.0, 1e7, 100)]
    return sorted(set(float(v) for v in named) | set(logs))


def sweep():
    """Largest error from 10 Hz to 0.45 fs, largest pole radius, over many rates (2.001 kHz ... 10 MHz)."""
    rows = []
    for curve in 'AC':
        worst = (0.0, None)
        pmax_all = 0.0
        for fs in sweep_rates():
            zeros, poles, gain, _ = design(curve, fs)
            e, _ = max_error(zeros, poles, gain, curve, fs, 0.45 * fs)
            pmax = max(abs(p) for p in poles)
            zmax = max(abs(z) for z in zeros)
            rows.append((curve, fs, e, pmax))
            pmax_all = max(pmax_all, pmax)
            if e > worst[0]:
                worst = (e, fs)
            assert pmax < 1.0 and zmax <= 1.0 + 1e-12, (curve, fs, pmax, zmax)
        print('sweep %s: %d rates from 2001 Hz to 10 MHz: worst error to 0.45 fs %.5f dB (fs = %g), '
              'largest |pole| %.7f, all stable' % (curve, len(sweep_rates()), worst[0], worst[1], pmax_all))
    return rows


def reference_json():
    import mpmath as mp
    mp.mp.dps = 40
    d = mp.sqrt(mp.mpf(1) / 2)
    fl, fh, fa, fr = mp.mpf(10) ** mp.mpf('1.5'), mp.mpf(10) ** mp.mpf('3.9'), mp.mpf(10) ** mp.mpf('2.45'), mp.mpf(1000)
    c = fl ** 2 * fh ** 2
    b = (fr ** 2 + fl ** 2 * fh ** 2 / fr ** 2 - d * (fl ** 2 + fh ** 2)) / (1 - d)
    f1 = mp.sqrt((-b - mp.sqrt(b * b - 4 * c)) / 2)
    f4 = mp.sqrt((-b + mp.sqrt(b * b - 4 * c)) / 2)
    f2 = (3 - mp.sqrt(5)) / 2 * fa
    f3 = (3 + mp.sqrt(5)) / 2 * fa

    def ra(f):
        return f4 ** 2 * f ** 4 / ((f ** 2 + f1 ** 2) * mp.sqrt(f ** 2 + f2 ** 2) * mp.sqrt(f ** 2 + f3 ** 2) * (f ** 2 + f4 ** 2))

    def rc(f):
        return f4 ** 2 * f ** 2 / ((f ** 2 + f1 ** 2) * (f ** 2 + f4 ** 2))

    nominal = [10, 12.5, 16, 20, 25, 31.5, 40, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630,
               800, 1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300, 8000, 10000, 12500, 16000, 20000]
    # Table 3 of IEC 61672-1:2013 (design goals, 0.1 dB), as transcribed in python-acoustics
    # (acoustics/data/iec_61672_1_2013.csv); used here only as a rounding cross-check.
    t3a = [-70.4, -63.4, -56.7, -50.5, -44.7, -39.4, -34.6, -30.2, -26.2, -22.5, -19.1, -16.1, -13.4, -10.9,
           -8.6, -6.6, -4.8, -3.2, -1.9, -0.8, 0, 0.6, 1.0, 1.2, 1.3, 1.2, 1.0, 0.5, -0.1, -1.1, -2.5, -4.3,
           -6.6, -9.3]
    t3c = [-14.3, -11.2, -8.5, -6.2, -4.4, -3.0, -2.0, -1.3, -0.8, -0.5, -0.3, -0.2, -0.1, 0, 0, 0, 0, 0, 0,
           0, 0, 0, -0.1, -0.2, -0.3, -0.5, -0.8, -1.3, -2.0, -3.0, -4.4, -6.2, -8.5, -11.2]
    rows = []
    mismatches = []
    for idx, n in enumerate(range(10, 44)):
        f = mp.mpf(10) ** (mp.mpf(n) / 10)
        a = 20 * mp.log10(ra(f)) + 2
        cc = 20 * mp.log10(rc(f)) + mp.mpf('0.062')
        a_round = round(float(a), 1) + 0.0
        c_round = round(float(cc), 1) + 0.0
        if abs(a_round - t3a[idx]) > 1e-9 or abs(c_round - t3c[idx]) > 1e-9:
            mismatches.append({'n': n, 'A_rounded': a_round, 'C_rounded': c_round,
                               'table3_A_db': t3a[idx], 'table3_C_db': t3c[idx], 'A_db': float(a), 'C_db': float(cc)})
        rows.append({'n': n, 'nominal_hz': nominal[idx], 'frequency_hz': float(f),
                     'A_db': float(a), 'C_db': float(cc),
                     'A_db_normalised': float(20 * mp.log10(ra(f) / ra(fr))),
                     'C_db_normalised': float(20 * mp.log10(rc(f) / rc(fr))),
                     'table3_A_db': t3a[idx], 'table3_C_db': t3c[idx]})
    return {
        'description': 'IEC 61672-1 Annex E analytic frequency weightings A and C at the exact '
                       'one-third-octave frequencies 10^(n/10) Hz, n = 10...43 (10 Hz ... 19.95 kHz). '
                       'A_db/C_db use the standard normalisation constants A1000 = -2.000 dB and '
                       'C1000 = -0.062 dB; *_normalised are exactly 0 dB at 1 kHz. Computed with mpmath, 40 digits.',
        'source': 'IEC 61672-1:2013 Annex E (E.1 C weighting, E.6 A weighting; f1..f4 from fr = 1000 Hz, '
                  'fL = 10^1.5 Hz, fH = 10^3.9 Hz, D^2 = 1/2, fA = 10^2.45 Hz); table3_* are Table 3 design goals',
        'constants': {'fr': 1000.0, 'fL': float(fl), 'fH': float(fh), 'D': float(d), 'fA': float(fa),
                      'b': float(b), 'c': float(c),
                      'f1': float(f1), 'f2': float(f2), 'f3': float(f3), 'f4': float(f4),
                      'A1000': -2.0, 'C1000': -0.062,
                      'A_at_1kHz_with_A1000': float(20 * mp.log10(ra(fr)) + 2),
                      'C_at_1kHz_with_C1000': float(20 * mp.log10(rc(fr)) + mp.mpf('0.062'))},
        'table3_rounding_mismatches': mismatches,
        'points': rows}


def main():
    write = '--write' in sys.argv
    here = os.path.dirname(os.path.abspath(__file__))
    print('Annex E pole frequencies: f1 = %.9f  f2 = %.9f  f3 = %.9f  f4 = %.9f Hz' % (F1, F2, F3, F4))
    print('A(1 kHz) = %+.7f dB   C(1 kHz) = %+.7f dB  (with A1000 = -2.000, C1000 = -0.062)'
          % (analytic_db('A', 1000.0), analytic_db('C', 1000.0)))
    print()
    print('Fitted design: max |error| in dB vs Annex E (10 Hz to top; 4000 log-spaced points)')
    print('curve      fs   to min(20k,.45fs)   to min(16k,.45fs)        to .45 fs   max|p|     max|z|  start')
    designs = []
    all_ok = True
    for curve in 'AC':
        for fs in RATES:
            zeros, poles, gain, info = design(curve, fs)
            e20, f20 = max_error(zeros, poles, gain, curve, fs, min(20000.0, 0.45 * fs))
            e16, _ = max_error(zeros, poles, gain, curve, fs, min(16000.0, 0.45 * fs))
            e45, _ = max_error(zeros, poles, gain, curve, fs, 0.45 * fs)
            pmax = max(abs(p) for p in poles)
            zmax = max(abs(z) for z in zeros)
            ok = pmax < 1.0
            all_ok &= ok
            print('  %s  %7d   %8.5f @%6.0f Hz   %8.5f          %8.5f   %.6f %.6f  %+.1f %s'
                  % (curve, fs, e20, f20, e16, e45, pmax, zmax, info['start'], 'stable' if ok else 'UNSTABLE'))
            designs.append({'curve': curve, 'fs': fs, 'gain': gain,
                            'zeros': [[z.real, z.imag] for z in zeros], 'poles': [[p.real, p.imag] for p in poles],
                            'max_error_db_to_20k': e20, 'max_error_db_to_16k': e16, 'max_error_db_to_045fs': e45})
    print('all stable:', all_ok)
    print()
    print('Baseline, plain bilinear transform (same 1 kHz normalisation):')
    for curve in 'AC':
        for fs in (44100, 48000, 96000):
            z, p, k = plain_bilinear(curve, fs)
            print('  %s %6d  to 16k %7.3f dB   to min(20k,.45fs) %7.3f dB'
                  % (curve, fs, max_error(z, p, k, curve, fs, 16000.0)[0],
                     max_error(z, p, k, curve, fs, min(20000.0, 0.45 * fs))[0]))
    if '--sweep' in sys.argv:
        print()
        rows = sweep()
        with open(os.path.join(here, 'python_sweep.txt'), 'w') as fh:
            for curve, fs, e, pmax in rows:
                fh.write('%s %.1f %.17g %.17g\n' % (curve, fs, e, pmax))
    if write:
        out = os.path.join(here, '..', 'Tests', 'Fixtures', 'catalogue', 'iec61672-annex-e.json')
        with open(out, 'w') as fh:
            json.dump(reference_json(), fh, indent=1, sort_keys=True)
            fh.write('\n')
        print('\nwrote ' + os.path.normpath(out))


if __name__ == '__main__':
    main()
