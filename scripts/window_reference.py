#!/usr/bin/env python3
"""Writes Tests/Fixtures/catalogue/scipy-windows.json: scipy's symmetric windows
(get_window(w, M, fftbins=False)) and the firwin taps designed with them, for the
Swift tests to compare the window catalogue and the window-method FIR design against.

    pip install -r scripts/requirements.txt
    python3 scripts/window_reference.py

Each case is a window spec as the CLI reads it, "name" or "name:p1:p2...", and the
tuple scipy is given for it ("scipyWindow"). The mapping is (name, p1, p2, ...) with
every parameter a float, except:
  - general_cosine:a0:a1:...  -> ('general_cosine', [a0, a1, ...])
  - exponential:tau           -> ('exponential', None, tau); scipy's first positional
    parameter is `center`, which must be None for a symmetric window, so the literal
    ('exponential', tau) raises ValueError.
  - taylor:nbar:sll           -> ('taylor', int(nbar), sll); nbar must be a Python int
    (scipy calls np.empty(nbar - 1)), norm keeps its default True.

For every case, "windows" has get_window's values at each length of LENGTHS and
"firwin" the taps of each design in DESIGNS (fs = 1, so cutoffs are in cycles per
sample). Where scipy refuses a length or design the entry has "error" (the
exception's type and message) instead of values. scipy 1.17.1's firwin refuses
every general_cosine window (get_window raises when firwin passes its array
namespace), so for those cases the entry also has "replicaTaps": firwin's own
arithmetic with the get_window values, which this script checks bit for bit against
scipy's firwin on every case scipy accepts. Warnings scipy raises (chebwin below
45 dB) are listed under "warnings". Output is deterministic (sorted keys, repr
floats: 17 significant digits round-trip).
"""
import json
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/catalogue/scipy-windows.json"
COMMAND = "python3 scripts/window_reference.py"
LENGTHS = [1, 2, 7, 8, 51]
FS = 1.0
DESIGNS = [
    {"name": "lowpass31", "numtaps": 31, "cutoff": [0.2], "passZero": True},
    {"name": "lowpass64", "numtaps": 64, "cutoff": [0.2], "passZero": True},
    {"name": "bandpass51", "numtaps": 51, "cutoff": [0.1, 0.3], "passZero": False},
]
SPECS = [
    "boxcar", "triang", "blackman", "hamming", "hann", "bartlett", "flattop", "parzen",
    "bohman", "blackmanharris", "nuttall", "barthann", "cosine", "lanczos",
    "exponential", "exponential:3",
    "tukey", "tukey:0.25", "tukey:0", "tukey:1.5",
    "taylor", "taylor:4:30", "taylor:6:50",
    "kaiser:5", "kaiser:8.6",
    "kaiser_bessel_derived:4", "kaiser_bessel_derived:8",
    "gaussian:2.5", "gaussian:7",
    "general_cosine:0.5:0.5", "general_cosine:1:1.942604:1.340318:0.440811:0.043097",
    "general_gaussian:1.5:7", "general_gaussian:0.5:20",
    "general_hamming:0.54", "general_hamming:0.6",
    "dpss:3", "dpss:0.75",
    "chebwin:100", "chebwin:40",
]


def scipy_window(spec):
    """The get_window argument for a CLI spec (see the module docstring)."""
    name, *texts = spec.split(":")
    if not texts:
        return name
    if name == "general_cosine":
        return (name, [float(t) for t in texts])
    if name == "exponential":
        if len(texts) != 1:
            raise ValueError("exponential takes one parameter, tau")
        return (name, None, float(texts[0]))
    if name == "taylor":
        if len(texts) != 2:
            raise ValueError("taylor takes two parameters, nbar and sll")
        return (name, int(texts[0]), float(texts[1]))
    return (name, *(float(t) for t in texts))


def error_text(exception):
    return f"{type(exception).__name__}: {exception}"


def floats(values):
    return [float(x) for x in values]


def firwin_replica(window_values, numtaps, cutoff, pass_zero):
    """scipy.signal.firwin's arithmetic (1.17.1, scale=True) with a given window:
    used only where scipy's firwin refuses the window."""
    cutoff = np.atleast_1d(np.asarray(cutoff, dtype=np.float64)) / float(0.5 * FS)
    pass_nyquist = (cutoff.size % 2 == 0) == pass_zero
    bands = np.concatenate((np.zeros(int(pass_zero)), cutoff, np.ones(int(pass_nyquist)))).reshape(-1, 2)
    m = np.arange(0, numtaps, dtype=np.float64) - 0.5 * (numtaps - 1)
    h = 0
    for left, right in bands:
        h += right * np.sinc(right * m)
        h -= left * np.sinc(left * m)
    h *= window_values
    left, right = bands[0]
    scale_frequency = 0.0 if left == 0 else 1.0 if right == 1 else 0.5 * (left + right)
    h /= np.sum(h * np.cos(np.pi * m * scale_frequency))
    return h


def firwin_entry(window, design):
    cutoff = design["cutoff"][0] if len(design["cutoff"]) == 1 else design["cutoff"]
    entry = {"design": design["name"]}
    try:
        taps = signal.firwin(design["numtaps"], cutoff, window=window, pass_zero=design["passZero"], fs=FS)
    except (ValueError, TypeError) as e:
        entry["error"] = error_text(e)
        try:
            values = signal.get_window(window, design["numtaps"], fftbins=False)
        except (ValueError, TypeError):
            return entry
        entry["replicaTaps"] = floats(firwin_replica(values, design["numtaps"], cutoff, design["passZero"]))
        return entry
    replica = firwin_replica(signal.get_window(window, design["numtaps"], fftbins=False),
                             design["numtaps"], cutoff, design["passZero"])
    assert np.array_equal(replica, taps), f"firwin replica differs from scipy for {window}"
    entry["taps"] = floats(taps)
    return entry


def case(spec):
    window = scipy_window(spec)
    out = {"spec": spec, "scipyWindow": repr(window), "windows": [], "firwin": []}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for length in LENGTHS:
            try:
                out["windows"].append({"length": length,
                                       "values": floats(signal.get_window(window, length, fftbins=False))})
            except (ValueError, TypeError) as e:
                out["windows"].append({"length": length, "error": error_text(e)})
        for design in DESIGNS:
            out["firwin"].append(firwin_entry(window, design))
    messages = sorted({f"{w.category.__name__}: {w.message}" for w in caught})
    if messages:
        out["warnings"] = messages
    return out


if __name__ == "__main__":
    OUT.parent.mkdir(parents=True, exist_ok=True)
    data = {"source": f"scipy {scipy.__version__}, numpy {np.__version__}",
            "command": COMMAND,
            "calls": ["scipy.signal.get_window(scipyWindow, length, fftbins=False)",
                      "scipy.signal.firwin(numtaps, cutoff, window=scipyWindow, pass_zero=passZero, fs=fs)"],
            "fs": FS, "lengths": LENGTHS, "designs": DESIGNS, "cases": [case(s) for s in SPECS]}
    OUT.write_text(json.dumps(data, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(data['cases'])} cases, {OUT.stat().st_size} bytes)")
