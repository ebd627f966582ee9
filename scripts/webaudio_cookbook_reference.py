#!/usr/bin/env python3
"""Writes Tests/Fixtures/catalogue/webaudio-cookbook.json: a real browser's Web
Audio BiquadFilterNode (headless Chromium, Debian's chromium and
chromium-driver, driven by selenium from PyPI) as the oracle for the Audio EQ
Cookbook (R. Bristow-Johnson) biquads.

    python3 scripts/webaudio_cookbook_reference.py

For 32 settings (the 8 types, 4 each; fs 44100, 48000 and one 16000) it builds
`new OfflineAudioContext(1, 128, fs).createBiquadFilter()` on about:blank,
sets type, frequency, Q and gain, and calls getFrequencyResponse at 64
frequencies (63 log-spaced from 10 Hz to 0.499 fs, plus the setting's own
frequency). It recomputes every response in float64 from the cookbook
formulas, with Chromium's conventions (blink biquad.cc, biquad_dsp_kernel.cc):
the AudioParams hold float32; lowpass and highpass take Q in dB (Q = 10^(Q/20));
the shelves ignore Q (slope S = 1); peaking and shelves use A = 10^(gain/40);
the response frequencies are divided by Nyquist and stored as float32 before
z = exp(j pi f/nyquist) is evaluated. It asserts agreement within 1e-5 of the
peak magnitude and 1e-5 rad of phase, prints the worst differences, and exits
1 on a failure.

Each setting records type, sampleRate, frequency, webAudioQ and gain (the
values the node holds: float32, read back), quality (the linear Q of the
cookbook formula; null for the shelves) and frequencies (the float32 the
browser was asked for), magnitude, phase (as Web Audio returned them).
Evaluating at exactly frequencies[i] instead moves the phase at a notch's own
frequency (where H is 0) by up to pi and the rest by 1e-6 at most.
Deterministic: re-running with the same Chromium writes the same file.

    python3 scripts/webaudio_cookbook_reference.py --mkfilter .build/debug/mkfilter

writes nothing: it asks the browser again and compares its answers with
mkfilter's own design (`mkfilter biquad ... --emit json`, its sections in
Double) at the frequencies the browser evaluated, within 1e-5 of the peak
magnitude and 1e-5 rad of phase (where |H| is above 1e-3 of the peak: at a
notch's own zero the phase is a coin toss). CI runs this (serve-check.sh).
"""
import subprocess
import sys
import json
import math
import pathlib
import re

import numpy as np
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests/Fixtures/catalogue/webaudio-cookbook.json"
TOLERANCE = 1e-5

# (type, sampleRate, frequency Hz, Web Audio Q, gain dB). Lowpass/highpass Q is
# in dB; the gain of the first five types and the Q of the shelves are set to
# something non-trivial on purpose: the browser must ignore them.
SETTINGS = [
    ("lowpass", 44100, 1000, -3.0103, 0), ("lowpass", 48000, 50, 0, 6),
    ("lowpass", 44100, 15000, 6, 0), ("lowpass", 16000, 3000, 29.5, -3),
    ("highpass", 48000, 200, -10, 0), ("highpass", 44100, 80, -3.0103, 12),
    ("highpass", 48000, 5000, 12, 0), ("highpass", 44100, 12000, 20, 0),
    ("bandpass", 44100, 440, 0.3, 0), ("bandpass", 48000, 2000, 1, -15),
    ("bandpass", 44100, 8000, 5, 0), ("bandpass", 48000, 150, 30, 0),
    ("notch", 48000, 60, 30, 0), ("notch", 44100, 1000, 0.5, 9),
    ("notch", 48000, 10000, 2, 0), ("notch", 44100, 3150, 10, 0),
    ("allpass", 44100, 300, 0.7071, 0), ("allpass", 48000, 1500, 0.3, -6),
    ("allpass", 44100, 7000, 4, 0), ("allpass", 48000, 15000, 20, 0),
    ("peaking", 48000, 100, 1, 6), ("peaking", 44100, 2500, 0.3, -15),
    ("peaking", 48000, 9000, 8, 12), ("peaking", 44100, 500, 30, -6),
    ("lowshelf", 44100, 100, 1, 6), ("lowshelf", 48000, 250, 0.5, -12),
    ("lowshelf", 44100, 1000, 4, 12), ("lowshelf", 48000, 4000, 1, -15),
    ("highshelf", 48000, 3000, 1, 10), ("highshelf", 44100, 8000, 2, -9),
    ("highshelf", 48000, 12000, 0.3, 3), ("highshelf", 44100, 600, 1, -15),
]

PAGE_SCRIPT = """
return arguments[0].map(([type, fs, frequency, q, gain, freqs]) => {
  const node = new OfflineAudioContext(1, 128, fs).createBiquadFilter();
  node.type = type; node.frequency.value = frequency; node.Q.value = q; node.gain.value = gain;
  const f = Float32Array.from(freqs), mag = new Float32Array(f.length), phase = new Float32Array(f.length);
  node.getFrequencyResponse(f, mag, phase);
  return {frequency: node.frequency.value, webAudioQ: node.Q.value, gain: node.gain.value,
          frequencies: Array.from(f), magnitude: Array.from(mag), phase: Array.from(phase)};
});
"""


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


def grid(fs, f0):
    """63 log-spaced frequencies from 10 Hz to 0.499 fs and f0, sorted, as float32."""
    return sorted(float(np.float32(f)) for f in [*np.geomspace(10, 0.499 * fs, 63), f0])


def quality(kind, q):
    """The linear Q of the cookbook formula for the node's Q value."""
    if kind in ("lowshelf", "highshelf"):
        return None
    return 10 ** (q / 20) if kind in ("lowpass", "highpass") else q


def cookbook(kind, fs, f0, Q, gain):
    """(b0, b1, b2, a0, a1, a2) of the cookbook, with w0 = 2 pi f0/fs,
    alpha = sin(w0)/(2Q) (shelves: S = 1, alpha = sin(w0)/sqrt(2)), A = 10^(gain/40)."""
    w0 = 2 * math.pi * f0 / fs
    c, s = math.cos(w0), math.sin(w0)
    A = 10 ** (gain / 40)
    if kind in ("lowshelf", "highshelf"):
        S = 1  # the slope Web Audio uses
        alpha = s / 2 * math.sqrt((A + 1 / A) * (1 / S - 1) + 2)
        k = 2 * math.sqrt(A) * alpha
        if kind == "lowshelf":
            return (A * ((A + 1) - (A - 1) * c + k), 2 * A * ((A - 1) - (A + 1) * c), A * ((A + 1) - (A - 1) * c - k),
                    (A + 1) + (A - 1) * c + k, -2 * ((A - 1) + (A + 1) * c), (A + 1) + (A - 1) * c - k)
        return (A * ((A + 1) + (A - 1) * c + k), -2 * A * ((A - 1) + (A + 1) * c), A * ((A + 1) + (A - 1) * c - k),
                (A + 1) - (A - 1) * c + k, 2 * ((A - 1) - (A + 1) * c), (A + 1) - (A - 1) * c - k)
    alpha = s / (2 * Q)
    a = (1 + alpha, -2 * c, 1 - alpha)
    b = {"lowpass": ((1 - c) / 2, 1 - c, (1 - c) / 2),
         "highpass": ((1 + c) / 2, -(1 + c), (1 + c) / 2),
         "bandpass": (alpha, 0, -alpha),  # constant 0 dB peak gain
         "notch": (1, -2 * c, 1),
         "allpass": (1 - alpha, -2 * c, 1 + alpha),
         "peaking": (1 + alpha * A, -2 * c, 1 - alpha * A)}[kind]
    if kind == "peaking":
        a = (1 + alpha / A, -2 * c, 1 - alpha / A)
    return (*b, *a)


def response(coefficients, fs, freqs):
    """H(e^{j w}) at w = pi * float32(f/nyquist), as Chromium evaluates it."""
    b0, b1, b2, a0, a1, a2 = coefficients
    w = math.pi * np.float32(np.array(freqs) / (fs / 2)).astype(np.float64)
    z = np.exp(-1j * w)
    return (b0 + (b1 + b2 * z) * z) / (a0 + (a1 + a2 * z) * z)


def mkfilter_response(mkfilter, setting, freqs):
    """H of `mkfilter biquad`'s sections at the frequencies the browser evaluated."""
    words = [mkfilter, "biquad", "--type", setting["type"], "--frequency", repr(setting["frequency"]),
             "--sample-rate", repr(float(setting["sampleRate"])), "--emit", "json"]
    if setting["quality"] is not None:
        words += ["--quality", repr(setting["quality"])]
    if setting["type"] in ("peaking", "lowshelf", "highshelf"):
        words += ["--gain", repr(setting["gain"])]
    out = subprocess.run(words, check=True, capture_output=True, text=True).stdout
    fs = setting["sampleRate"]
    z = np.exp(-1j * math.pi * np.float32(np.array(freqs) / (fs / 2)).astype(np.float64))
    h = np.ones(len(freqs), dtype=complex)
    for b0, b1, b2, _, a1, a2 in json.loads(out)["filters"][0]["sos"]:
        h *= (b0 + (b1 + b2 * z) * z) / (1 + (a1 + a2 * z) * z)
    return h


def check_mkfilter(mkfilter, settings):
    """mkfilter's designs against the browser's answers; exits 1 on a disagreement."""
    failures = 0
    worst = (0.0, None)
    for s in settings:
        h = mkfilter_response(mkfilter, s, s["frequencies"])
        mag, phase = np.array(s["magnitude"]), np.array(s["phase"])
        peak = np.max(mag)
        dmag = np.max(np.abs(np.abs(h) - mag)) / peak
        away = mag > 1e-3 * peak
        dphase = np.max(np.abs(np.angle(np.exp(1j * (np.angle(h) - phase))))[away])
        label = f"{s['type']} fs {s['sampleRate']} f {s['frequency']:g}"
        worst = max(worst, (max(dmag, dphase), label))
        if dmag > TOLERANCE or dphase > TOLERANCE:
            failures += 1
            print(f"FAIL mkfilter {label}: magnitude {dmag:.2e} of the peak, phase {dphase:.2e} rad")
    print("mkfilter against the browser: worst %.3e (%s)" % worst)
    if failures:
        raise SystemExit(f"{failures} of mkfilter's biquads disagree with Web Audio beyond {TOLERANCE}")


def main():
    mkfilter = sys.argv[sys.argv.index("--mkfilter") + 1] if "--mkfilter" in sys.argv else None
    driver = browser()
    try:
        driver.get("about:blank")
        # The userAgent is reduced (Chrome/156.0.0.0); the driver's capabilities hold the full version.
        version = re.search(r"Chrome/([\d.]+)", driver.execute_script("return navigator.userAgent")).group(1)
        version = driver.capabilities.get("browserVersion", version)
        asked = [[kind, fs, f0, q, gain, grid(fs, f0)] for kind, fs, f0, q, gain in SETTINGS]
        answers = driver.execute_script(PAGE_SCRIPT, asked)
    finally:
        driver.quit()
    settings, worst_mag, worst_phase, failures = [], (0, None), (0, None), 0
    for (kind, fs, _, _, _, freqs), answer in zip(asked, answers):
        assert answer["frequencies"] == freqs, f"{kind} at {fs}: the browser rounded the frequencies differently"
        f0, q, gain = answer["frequency"], answer["webAudioQ"], answer["gain"]
        Q = quality(kind, q)
        h = response(cookbook(kind, fs, f0, Q, gain), fs, freqs)
        mag, phase = np.array(answer["magnitude"]), np.array(answer["phase"])
        dmag = np.max(np.abs(np.abs(h) - mag)) / np.max(mag)
        dphase = np.max(np.abs(np.angle(np.exp(1j * (np.angle(h) - phase)))))
        label = f"{kind} fs {fs} f {f0:g} Q {q:g} gain {gain:g}"
        worst_mag, worst_phase = max(worst_mag, (dmag, label)), max(worst_phase, (dphase, label))
        if dmag > TOLERANCE or dphase > TOLERANCE:
            failures += 1
            print(f"FAIL {label}: magnitude {dmag:.2e} of the peak, phase {dphase:.2e} rad")
        settings.append({"type": kind, "sampleRate": fs, "frequency": f0, "webAudioQ": q, "gain": gain,
                         "quality": Q, "frequencies": freqs, "magnitude": answer["magnitude"],
                         "phase": answer["phase"]})
    print(f"Chromium {version}: {len(settings)} settings, {len(settings[0]['frequencies'])} frequencies each")
    print("worst magnitude difference %.3e of the peak (%s)" % worst_mag)
    print("worst phase difference %.3e rad (%s)" % worst_phase)
    if failures:
        raise SystemExit(f"{failures} setting(s) disagree beyond {TOLERANCE}")
    if mkfilter:
        check_mkfilter(mkfilter, settings)
        return
    source = (f"Chromium {version} Web Audio BiquadFilterNode.getFrequencyResponse (OfflineAudioContext), "
              "checked against the Audio EQ Cookbook in float64; Chromium evaluates H at "
              "z = exp(j pi float32(f / (sampleRate / 2))); scripts/webaudio_cookbook_reference.py")
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join("  " + json.dumps(s, sort_keys=True) for s in settings)
    OUTPUT.write_text('{"settings": [\n' + lines + "\n ],\n \"source\": " + json.dumps(source) + "}\n")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
