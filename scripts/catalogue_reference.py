#!/usr/bin/env python3
"""Writes Tests/Fixtures/catalogue/scipy-catalogue.json: scipy's iirnotch, iirpeak,
iircomb and gammatone (IIR and FIR), their coefficients and frequency responses
on a grid, for the Swift tests to compare the catalogue's designs against.

    pip install -r scripts/requirements.txt
    python3 scripts/catalogue_reference.py

Each case gives the design's arguments as scipy takes them (fs in Hz), the
numerator b and denominator a, and H at the grid's alphas (f / fs) as
[re, im] pairs from scipy.signal.freqz. Output is deterministic (sorted keys,
repr floats). For the IIR gammatone, "hExact" is the response of scipy's
formula in 50-digit arithmetic (`gammatone_exact`): the anchor's own
coefficients, rounded to doubles, are not its filter.
"""
import json
import pathlib
import warnings

import mpmath as mp
import numpy as np
from scipy import signal

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/catalogue/scipy-catalogue.json"
ALPHAS = [float(a) for a in np.linspace(0, 0.5, 257)]


def response(b, a):
    _, h = signal.freqz(b, a, worN=2 * np.pi * np.array(ALPHAS))
    return [[float(x.real), float(x.imag)] for x in h]


def case(design, fs, b, a, **arguments):
    return {"design": design, "fs": float(fs), **arguments, "b": [float(x) for x in b],
            "a": [float(x) for x in np.atleast_1d(a)], "h": response(b, a)}


def gammatone_exact(f, fs):
    """H of scipy's IIR gammatone formula (Slaney's b and a, not their rounding
    to doubles) at the grid, in 50-digit arithmetic: its denominator is a
    quartic power, whose expanded double coefficients move the 4-fold poles by
    about eps^(1/4), so scipy's own freqz(b, a) is off by up to 1e-4."""
    mp.mp.dps = 50
    T = 1 / mp.mpf(fs)
    bw = 2 * mp.pi * mp.mpf("1.019") * (mp.mpf(f) / mp.mpf("9.26449") + mp.mpf("24.7"))
    fr = 2 * mp.mpf(f) * mp.pi * T
    bwT = bw * T
    g1 = -2 * mp.exp(2j * fr) * T
    g2 = 2 * mp.exp(-bwT + 1j * fr) * T
    g3 = mp.sqrt(3 + mp.mpf(2) ** mp.mpf(1.5)) * mp.sin(fr)
    g4 = mp.sqrt(3 - mp.mpf(2) ** mp.mpf(1.5)) * mp.sin(fr)
    g5 = mp.exp(2j * fr)
    g = (g1 + g2 * (mp.cos(fr) - g4)) * (g1 + g2 * (mp.cos(fr) + g4))
    g *= (g1 + g2 * (mp.cos(fr) - g3)) * (g1 + g2 * (mp.cos(fr) + g3))
    g /= (-2 / mp.exp(2 * bwT) - 2 * g5 + 2 * (1 + g5) / mp.exp(bwT)) ** 4
    g = abs(g)
    r = mp.exp(-bwT)
    out = []
    for alpha in ALPHAS:
        zi = mp.exp(-2j * mp.pi * mp.mpf(alpha))
        num = sum(T ** 4 / g * mp.binomial(4, k) * (-1) ** k * mp.cos(k * fr) * r ** k * zi ** k for k in range(5))
        den = (1 - 2 * r * mp.cos(fr) * zi + r * r * zi * zi) ** 4
        h = num / den
        out.append([float(h.real), float(h.imag)])
    return out


def cases():
    out = []
    for f, q, fs in [(50, 30, 1000), (60, 35, 1000), (5, 4, 60), (0.5, 2, 60), (1000, 0.5, 48000),
                     (12000, 10, 48000), (10, 100, 1000), (200, 1, 500)]:
        out.append(case("iirnotch", fs, *signal.iirnotch(f, q, fs), frequency=f, quality=q))
        out.append(case("iirpeak", fs, *signal.iirpeak(f, q, fs), frequency=f, quality=q))
    for f, q, fs in [(50, 30, 1000), (100, 10, 1000), (1000, 5, 48000), (20, 2, 60), (125, 1.5, 1000)]:
        for ftype in ("notch", "peak"):
            for pass_zero in (False, True):
                b, a = signal.iircomb(f, q, ftype=ftype, fs=fs, pass_zero=pass_zero)
                out.append(case("iircomb", fs, b, a, frequency=f, quality=q, type=ftype, passZero=pass_zero))
    for f, fs in [(1000, 16000), (440, 44100), (100, 8000), (4000, 48000), (20, 1000)]:
        out.append({**case("gammatone", fs, *signal.gammatone(f, "iir", fs=fs), frequency=f, type="iir"),
                    "hExact": gammatone_exact(f, fs)})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            b, a = signal.gammatone(f, "fir", fs=fs)
        out.append(case("gammatone", fs, b, a, frequency=f, type="fir"))
    # The FIR gammatone's order and numtaps (mkfilter gammatone --type fir --order --taps).
    for f, fs, order, numtaps in [(1000, 16000, 1, 31), (1000, 16000, 2, 64), (440, 44100, 8, 500), (100, 8000, 24, 400),
                                  (20, 1000, 3, 15), (7000, 16000, 4, 7), (50, 250, 6, 1)]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            b, a = signal.gammatone(f, "fir", order=order, numtaps=numtaps, fs=fs)
        out.append(case("gammatone", fs, b, a, frequency=f, type="fir", order=order, numtaps=numtaps))
    return out


if __name__ == "__main__":
    import scipy
    OUT.parent.mkdir(parents=True, exist_ok=True)
    data = {"source": f"scipy {scipy.__version__}", "alphas": ALPHAS, "cases": cases()}
    OUT.write_text(json.dumps(data, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(data['cases'])} cases)")
