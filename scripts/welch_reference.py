#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/welch.json: scipy.signal.welch on the fixture
recording Tests/Fixtures/recordings/shake-60Hz.csv (scripts/shake_recording.py),
so that `mkfilter spectrum` is checked against scipy without Python at
`swift test` time.

    pip install -r scripts/requirements.txt
    python3 scripts/welch_reference.py

Per case: the first `rows` rows of the recording, `nperseg` and `noverlap`
as given to scipy.signal.welch (everything else its defaults: window 'hann',
i.e. get_window('hann', nperseg), periodic; detrend='constant' per segment;
scaling='density'; return_onesided=True; average='mean'), the sample rate
`fs` as mkfilter takes it from the t column (63 / (t[63] - t[0]), the times
of the first 64 rows), and scipy's frequencies and PSD per axis. Also each
axis's mean and standard deviation over those rows (numpy's mean and std,
ddof=0), which `mkfilter spectrum` reports as mean and RMS about the mean.

The short case has fewer rows than its nperseg: scipy warns and uses
nperseg = rows (noverlap = rows // 2), and so does mkfilter.

Every float is written with repr, so it reads back exactly; keys are sorted,
so re-running changes nothing unless scipy's answers change.
"""
import json
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = [
    # name, rows, nperseg, noverlap (None: scipy's default, nperseg // 2)
    ("defaults", None, 256, None),
    ("segment 512 overlap 384", None, 512, 384),
    ("segment 200 overlap 50", None, 200, 50),
    ("odd segment 255 overlap 100", None, 255, 100),
    ("no overlap 128", None, 128, 0),
    ("shorter than a segment: 100 rows", 100, 256, None),
]


def main():
    data = np.loadtxt(ROOT / "Tests/Fixtures/recordings/shake-60Hz.csv", delimiter=",", skiprows=1)
    cases = []
    for name, rows, nperseg, noverlap in CASES:
        d = data if rows is None else data[:rows]
        t = d[:, 0]
        fs = 63.0 / (t[63] - t[0])
        case = {"name": name, "rows": int(len(d)), "nperseg": nperseg, "fs": repr(float(fs))}
        if noverlap is not None:
            case["noverlap"] = noverlap
        psd = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for axis in range(1, 4):
                f, p = signal.welch(d[:, axis], fs=fs, nperseg=nperseg, noverlap=noverlap)
                psd.append([repr(float(v)) for v in p])
        case["frequencies"] = [repr(float(v)) for v in f]
        case["psd"] = psd
        case["mean"] = [repr(float(np.mean(d[:, a]))) for a in range(1, 4)]
        case["std"] = [repr(float(np.std(d[:, a]))) for a in range(1, 4)]
        cases.append(case)
    out = {
        "comment": "scipy.signal.welch on Tests/Fixtures/recordings/shake-60Hz.csv; written by scripts/welch_reference.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "cases": cases,
    }
    path = ROOT / "Tests/Fixtures/scipy/welch.json"
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
