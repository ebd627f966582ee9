#!/usr/bin/env python3
"""Writes Tests/Fixtures/mpmath/zpk-reference.json: z-plane zeros, poles, gain and
frequency response of 38 designs, computed at 50 significant digits with mpmath
and written to 30, as a precision reference for the Swift design core.

    pip install -r scripts/requirements.txt
    python3 scripts/mpmath_reference.py            # writes the fixture
    python3 scripts/mpmath_reference.py --check    # also compares with scipy

The numbers come from mpmath alone (mp.dps = 50); scipy is imported only by
--check, which prints the largest relative differences from scipy.signal's
zpk designs (the same gain convention) to stderr.

The design chain, as the package does it:
  analog prototype (cutoff 1 rad/s)
    butterworth  the N left-half-plane points exp(j pi (2m + N + 1) / (2N))
    chebyshev    type I with ripple r dB: eps = sqrt(10^(r/10) - 1),
                 mu = asinh(1/eps) / N, theta_m = pi (2m + 1) / (2N),
                 poles -sinh(mu) sin(theta_m) + j cosh(mu) cos(theta_m)
    bessel       'mag'-normalised: roots of the reverse Bessel polynomial
                 theta_N(s) = sum_k (2N-k)! / (2^(N-k) k! (N-k)!) s^k
                 (mpmath.polyroots), divided by the w_c at which
                 |theta_N(0) / theta_N(j w_c)|^2 = 1/2 (mpmath.findroot)
  pre-warp       w = 2 tan(pi alpha) for each corner alpha = f / fs
  band           lp2lp s -> s/w; lp2hp s -> w/s; lp2bp and lp2bs with
                 w0 = sqrt(w1 w2), bw = w2 - w1 (as scipy.signal)
  bilinear       z = (2 + s) / (2 - s); zeros at infinity go to z = -1
  gain           k > 0 with the passband maximum at |H| = 1 (scipy's and
                 MATLAB's convention): |H| = g0 at z = 1 (lowPass), z = -1
                 (highPass), z = exp(j 2 pi f0) with f0 = atan(sqrt(tan(pi
                 alpha1) tan(pi alpha2))) / pi (bandPass, the image of the
                 analog centre) and sqrt(|H(1)| |H(-1)|) = g0 (bandStop),
                 where H(z) = k prod(z - z_i) / prod(z - p_j) and g0 is the
                 prototype's |H(0)|: 1, or 10^(-r/20) for an even-order
                 Chebyshev I (dc is a ripple trough).

The alphas are the binary doubles written in "alphas" (their exact values are
used, not the decimal ones), and each response frequency f is a double too,
written to 30 digits so that it parses back to the same double. "response" is
[f, Re H, Im H] of H(exp(j 2 pi f)) at 16 frequencies: 0, 0.5, the corners and
points inside the pass and stop bands. Poles and zeros are [re, im] pairs in
no particular order (sorted here for stable output). Every number is a
decimal string with 30 significant digits; a real or imaginary part below
1e-42 of its number's modulus (noise of the 50-digit arithmetic, e.g. the
imaginary part of a real pole or of H(1)) is written as 0. Output is deterministic (sorted
keys), so re-running it changes nothing unless mpmath's answers change.
"""
import json
import pathlib
import sys

import mpmath
from mpmath import mp, mpc, mpf

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from iir_cases import case_fields, grid, scipy_design  # noqa: E402

mp.dps = 50
DIGITS = 30

FAMILIES = [("butterworth", None), ("chebyshev", 0.5), ("chebyshev", 3.0), ("bessel", None)]
EXTREMES = [
    ("butterworth", None, "lowPass", 20, (0.001,)),
    ("chebyshev", 0.5, "bandStop", 20, (0.3, 0.48)),
    ("bessel", None, "bandPass", 12, (0.01, 0.05)),
    ("chebyshev", 3.0, "lowPass", 24, (0.01,)),
    ("butterworth", None, "bandPass", 24, (0.0086, 0.0103)),
    ("butterworth", None, "highPass", 16, (0.45,)),
]


def designs():
    return list(grid(FAMILIES, (2, 5), [0.1], [(0.1, 0.2)])) + EXTREMES


# Analog prototypes -------------------------------------------------------------

def conjugate_closed(upper, real):
    """Poles from the upper-half-plane ones and the real ones, exactly conjugate."""
    poles = []
    for p in upper:
        poles += [mpc(p.real, p.imag), mpc(p.real, -p.imag)]
    return poles + [mpc(r, 0) for r in real]


def butterworth_prototype(n):
    upper, real = [], []
    for m in range(n):
        if 2 * m + 1 == n:
            real.append(mpf(-1))
        elif 2 * m + 1 < n:
            upper.append(mp.expjpi(mpf(2 * m + n + 1) / (2 * n)))
    return conjugate_closed(upper, real)


def chebyshev_prototype(n, ripple):
    eps = mp.sqrt(mp.power(10, mpf(ripple) / 10) - 1)
    mu = mp.asinh(1 / eps) / n
    upper, real = [], []
    for m in range(n):
        theta = mp.pi * (2 * m + 1) / (2 * n)
        if 2 * m + 1 == n:
            real.append(-mp.sinh(mu))
        elif 2 * m + 1 < n:
            upper.append(mpc(-mp.sinh(mu) * mp.sin(theta), mp.cosh(mu) * mp.cos(theta)))
    return conjugate_closed(upper, real)


def reverse_bessel_coefficients(n):
    """a_k for k = 0..n of theta_n(s) = sum a_k s^k."""
    return [mp.factorial(2 * n - k) / (mpf(2) ** (n - k) * mp.factorial(k) * mp.factorial(n - k))
            for k in range(n + 1)]


def bessel_prototype(n):
    a = reverse_bessel_coefficients(n)
    roots = mp.polyroots(list(reversed(a)), maxsteps=2000, extraprec=4 * mp.prec)
    upper, real = [], []
    tiny = mpf(10) ** (-(mp.dps - 10))
    for r in roots:
        if abs(r.imag) <= tiny * abs(r):
            real.append(r.real)
        elif r.imag > 0:
            upper.append(r)
    assert 2 * len(upper) + len(real) == n, (n, roots)

    def theta(s):
        return mp.polyval(list(reversed(a)), s)

    def excess(w):  # log(|theta(jw)|^2 / theta(0)^2) - log 2; increasing in w
        return mp.log(abs(theta(mpc(0, w))) ** 2 / a[0] ** 2) - mp.log(2)

    lo, hi = mpf("0.5"), mpf(1)
    while excess(hi) < 0:
        lo, hi = hi, 2 * hi
    while excess(lo) > 0:
        lo = lo / 2
    wc = mp.findroot(excess, (lo, hi), solver="anderson")
    assert abs(excess(wc)) < mpf(10) ** (-(mp.dps - 5)), excess(wc)
    return conjugate_closed([p / wc for p in upper], [r / wc for r in real])


def prototype(family, ripple, order):
    if family == "butterworth":
        return butterworth_prototype(order)
    if family == "chebyshev":
        return chebyshev_prototype(order, ripple)
    return bessel_prototype(order)


# Band transforms, bilinear transform, gain -------------------------------------

def prewarp(alpha):
    return 2 * mp.tan(mp.pi * mpf(alpha))


def band_transform(poles, band, alphas):
    """Analog poles, finite zeros and the count of zeros at infinity."""
    n = len(poles)
    if band == "lowPass":
        w = prewarp(alphas[0])
        return [p * w for p in poles], [], n
    if band == "highPass":
        w = prewarp(alphas[0])
        return [w / p for p in poles], [mpc(0)] * n, 0
    w1, w2 = prewarp(alphas[0]), prewarp(alphas[1])
    w0, bw = mp.sqrt(w1 * w2), w2 - w1
    out = []
    if band == "bandPass":
        for p in poles:
            c = p * bw / 2
            r = mp.sqrt(c * c - w0 * w0)
            out += [c + r, c - r]
        return out, [mpc(0)] * n, n
    for p in poles:
        c = (bw / 2) / p
        r = mp.sqrt(c * c - w0 * w0)
        out += [c + r, c - r]
    return out, [mpc(0, w0)] * n + [mpc(0, -w0)] * n, 0


def bilinear(s):
    return (2 + s) / (2 - s)


def unit(turns):
    """exp(j 2 pi turns), exact at 0 and 1/2."""
    return mpc(mp.cospi(2 * turns), mp.sinpi(2 * turns))


def monic(zeros, poles, z):
    h = mpc(1)
    for q in zeros:
        h *= z - q
    for p in poles:
        h /= z - p
    return h


def gain(zeros, poles, band, alphas, family, ripple, order):
    """k > 0 with the passband maximum at |H| = 1 (scipy's and MATLAB's
    convention): |H| equals the prototype's |H(0)| where the band transform
    puts s = 0, i.e. dc, Nyquist, both (band-stop) or the band-pass centre
    atan(sqrt(tan(pi a1) tan(pi a2))) / pi; the prototype's |H(0)| is 1, or
    10^(-r/20) for an even-order Chebyshev I."""
    if band == "lowPass":
        g = abs(monic(zeros, poles, mpc(1)))
    elif band == "highPass":
        g = abs(monic(zeros, poles, mpc(-1)))
    elif band == "bandPass":
        centre = mp.atan(mp.sqrt(mp.tan(mp.pi * mpf(alphas[0])) * mp.tan(mp.pi * mpf(alphas[1])))) / mp.pi
        g = abs(monic(zeros, poles, unit(centre)))
    else:
        g = mp.sqrt(abs(monic(zeros, poles, mpc(1))) * abs(monic(zeros, poles, mpc(-1))))
    target = mpf(10) ** (-mpf(ripple) / 20) if family == "chebyshev" and order % 2 == 0 else mpf(1)
    return target / g


def design_zpk(family, ripple, band, order, alphas):
    analog_poles, analog_zeros, at_infinity = band_transform(prototype(family, ripple, order), band, alphas)
    poles = [bilinear(p) for p in analog_poles]
    zeros = [bilinear(q) for q in analog_zeros] + [mpc(-1)] * at_infinity
    assert len(poles) == len(zeros)
    return zeros, poles, gain(zeros, poles, band, alphas, family, ripple, order)


def response_frequencies(alphas):
    """16 doubles in [0, 0.5]: both ends, the corners, pass- and stop-band points."""
    if len(alphas) == 1:
        a = alphas[0]
        fs = ([0.0] + [a * x for x in (0.01, 0.1, 0.25, 0.5, 0.8, 0.95, 0.99)] + [a]
              + [a + (0.5 - a) * x for x in (0.01, 0.05, 0.2, 0.5, 0.8, 0.95)] + [0.5])
    else:
        a1, a2 = alphas
        fs = ([0.0] + [a1 * x for x in (0.1, 0.5, 0.9)] + [a1]
              + [a1 + (a2 - a1) * x for x in (0.05, 0.25, 0.5, 0.75, 0.95)] + [a2]
              + [a2 + (0.5 - a2) * x for x in (0.05, 0.25, 0.5, 0.9)] + [0.5])
    assert len(fs) == 16 and len(set(fs)) == 16 and fs == sorted(fs), fs
    return fs


# Output -------------------------------------------------------------------------

def text(x):
    return mp.nstr(mpf(x), DIGITS)


def cleaned(c):
    """c with a part below 1e-42 |c| (noise of the 50-digit arithmetic) set to 0."""
    noise = abs(c) * mpf(10) ** (-(mp.dps - 8))
    return mpc(0 if abs(c.real) < noise else c.real, 0 if abs(c.imag) < noise else c.imag)


def pair(c):
    c = cleaned(c)
    return [text(c.real), text(c.imag)]


def ordered(points):
    return sorted(points, key=lambda c: (c.real, c.imag))


def record(family, ripple, band, order, alphas):
    zeros, poles, k = design_zpk(family, ripple, band, order, alphas)
    response = []
    for f in response_frequencies(alphas):
        h = cleaned(k * monic(zeros, poles, unit(mpf(f))))
        response.append([text(f), text(h.real), text(h.imag)])
    return {
        **case_fields(family, ripple, band, order, alphas),
        "k": text(k),
        "poles": [pair(p) for p in ordered(poles)],
        "zeros": [pair(q) for q in ordered(zeros)],
        "response": response,
    }, (zeros, poles, k)


def check_against_scipy(family, ripple, band, order, alphas, zeros, poles, k):
    """Largest relative differences from scipy: poles (matched greedily) and
    response at the 16 frequencies (relative to its largest modulus there)."""
    import numpy as np
    z_s, p_s, k_s = scipy_design(family, ripple, band, order, alphas)
    ours = [complex(q) for q in poles]
    remaining = list(p_s)
    worst = 0.0
    for q in ours:
        i = int(np.argmin([abs(q - r) for r in remaining]))
        worst = max(worst, abs(q - remaining[i]) / abs(q))
        remaining.pop(i)
    # Response with scipy's poles and zeros and our gain rule, against ours
    # (scipy's own gain k_s: the same convention, passband maximum 1).
    g = 1 / k_s
    response_worst = 0.0
    peak = 0.0
    for f in response_frequencies(alphas):
        e = np.exp(2j * np.pi * f)
        h_s = np.prod(e - z_s) / np.prod(e - p_s) / g
        h = complex(k * monic(zeros, poles, unit(mpf(f))))
        response_worst = max(response_worst, abs(h - h_s))
        peak = max(peak, abs(h))
    return worst, response_worst / peak


def main():
    check = "--check" in sys.argv[1:]
    cases = []
    for spec in designs():
        case, (zeros, poles, k) = record(*spec)
        cases.append(case)
        if check:
            pole_difference, response_difference = check_against_scipy(*spec, zeros, poles, k)
            print(f"{spec}: largest relative difference from scipy: poles {pole_difference:.3g}, "
                  f"response {response_difference:.3g}", file=sys.stderr)
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/mpmath/zpk-reference.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    document = {"generator": "scripts/mpmath_reference.py", "mpmath": mpmath.__version__,
                "dps": mp.dps, "digits": DIGITS, "cases": cases}
    out.write_text(json.dumps(document, indent=0, sort_keys=True) + "\n")
    print(f"wrote {len(cases)} designs to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
