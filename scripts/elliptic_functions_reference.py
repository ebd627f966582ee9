#!/usr/bin/env python3
"""Writes Tests/Fixtures/mpmath/elliptic-functions.json: complete elliptic
integrals, Jacobi elliptic functions, the inverse of sc and the solution of the
elliptic degree equation, computed with mpmath at 60 significant digits and
rounded once to the nearest double, as a precision reference for the Swift
elliptic-filter core.

    pip install -r scripts/requirements.txt
    python3 scripts/elliptic_functions_reference.py            # writes the fixture
    python3 scripts/elliptic_functions_reference.py --check    # also recomputes at
                                                                # 100 digits and compares
                                                                # with scipy (stderr)

Conventions (all as scipy.special uses them):
  m             the parameter m = k^2 (not the modulus k), 0 <= m < 1.
  ellipk        [m, K(m)]              K(m) = mpmath.ellipk(m).
  ellipkm1      [p, K(1 - p)]          scipy.special.ellipkm1(p); 1 - p is formed
                                       exactly in mpmath, never in doubles.
  ellipj        [u, m, sn, cn, dn]     mpmath.ellipfun(kind, u, m=m) (the keyword
                                       m is the parameter, checked against
                                       scipy.special.ellipj). u = t * K(m) with
                                       K(m) rounded to a double first and the
                                       product formed in doubles; t in [0, 1.2],
                                       some in (1.2, 4] and some negative.
  ellipjEllipap [u, m, sn, cn, dn]     the exact double arguments scipy.signal.ellipap
                                       passes to special.ellipj, computed here
                                       in doubles with scipy's own helpers:
                                       (j K(m) / N, m) for j = 1 - N%2, ..., N-1
                                       and (v0, 1 - m), for N = 2..24 and the
                                       (rp, rs) pairs in ELLIPAP_SPECS.
  arcsc         [w, m, u]              sc(u | m) = w, u = F(atan(w) | m) =
                                       mpmath.ellipf(mpmath.atan(w), m).
  arcJacSc1     [w, m, u]              what scipy's private _arc_jac_sc1(w, m)
                                       returns: sc(u | 1 - m) = w (note the
                                       COMPLEMENTARY parameter: it inverts
                                       sn(i u | m) = i sc(u | 1 - m)), i.e.
                                       u = F(atan(w) | 1 - m) with 1 - m exact.
                                       Includes ellipap's (1/eps, ck1_sq) pairs.
  ellipdeg      [n, m1, m, 1 - m]      solution of n K'(m)/K(m) = K'(m1)/K(m1):
                                       K1 = K(m1), K1p = K(1 - m1),
                                       q = exp(-pi K1p / (n K1)),
                                       m = (theta2(0, q) / theta3(0, q))^4, and
                                       1 - m from the complementary nome
                                       q' = exp(-pi n K1 / K1p) as
                                       (theta2(0, q') / theta3(0, q'))^4, so it
                                       keeps its digits when m rounds to 1.
  ellipdegEllipap [n, m1, m, 1 - m]    the same for ellipap's (N, ck1_sq) pairs,
                                       ck1_sq computed in doubles as scipy does.

Every input is a double, written with repr, and used exactly (mpf(double) is
exact); every output is the 60-digit value rounded once to the nearest double
(to_float with round-to-nearest). Random inputs come from random.Random(SEED).
Output is deterministic (sorted keys, repr floats), so re-running it changes
nothing unless mpmath's answers change.
"""
import json
import math
import pathlib
import random
import sys

import mpmath
from mpmath import mp, mpf
from mpmath.libmp import to_float

DPS = 60
CHECK_DPS = 100
SEED = 20240607
ELLIPAP_SPECS = [(0.01, 20.0), (0.1, 40.0), (0.5, 60.0), (1.0, 80.0), (3.0, 100.0),
                 (1.0, 40.0), (0.1, 100.0), (3.0, 20.0), (0.01, 100.0), (0.5, 30.0)]
SMALLEST_NORMAL = 2.2250738585072014e-308


def dbl(x):
    """The double nearest the mpf x (one rounding)."""
    x = mpf(x)
    r = to_float(x._mpf_, rnd="n")
    assert math.isfinite(r) and (r == 0.0 or abs(r) >= SMALLEST_NORMAL), x
    return r


def sig6(x):
    return float(f"{x:.6g}")


def one_minus(x):
    """1 - x exactly (x a double or mpf), as an mpf of whatever length it needs."""
    return mpmath.fsub(1, mpf(x), exact=True)


# Input sets ---------------------------------------------------------------------

def m_values(rng, uniform_count):
    """m in [0, 1): 0, tiny, a uniform spread and values close to 1."""
    tiny = [10.0 ** -e for e in (300, 250, 200, 150, 100, 50, 30, 20, 16, 12, 10, 9, 8, 7, 6)]
    tiny += [SMALLEST_NORMAL, 1e-307]
    spread = [rng.random() for _ in range(uniform_count)]
    spread += [0.5, 0.25, 0.75, 0.9, 0.99]
    near_one = [1.0 - 10.0 ** -e for e in range(3, 16)]
    near_one += [1.0 - 2.0 ** -53, 1.0 - 2.0 ** -52, 1.0 - 5e-8, 1.0 - 2e-10]
    values = [0.0] + tiny + spread + near_one
    assert all(0.0 <= m < 1.0 for m in values)
    return sorted(set(values))


def ellipk_inputs(rng):
    values = set(m_values(rng, 100))
    # Extra near-one and tiny values at random exponents.
    for _ in range(30):
        values.add(1.0 - 10.0 ** rng.uniform(-15.5, -3))
    for _ in range(30):
        values.add(10.0 ** rng.uniform(-300, -6))
    assert all(0.0 <= m < 1.0 for m in values)
    return sorted(values)


def ellipkm1_inputs(rng):
    values = {1.0, 0.5, 0.25, 0.1, 1e-3, 1e-6, 1e-9, 1e-12, 1e-15, 1e-16, 2.0 ** -52, 2.0 ** -53,
              1e-20, 1e-50, 1e-100, 1e-200, 1e-300, SMALLEST_NORMAL}
    for _ in range(70):
        values.add(10.0 ** rng.uniform(-300, 0))
    for _ in range(70):
        values.add(10.0 ** rng.uniform(-20, 0))
    for _ in range(40):
        values.add(rng.random())
    values.discard(0.0)
    assert all(0.0 < p <= 1.0 for p in values)
    return sorted(values)


def ellipj_inputs(rng):
    ms = m_values(rng, 12)
    rows = []
    fixed_t = [0.0, 0.25, 0.5, 0.75, 1.0, 1.2]
    for i, m in enumerate(ms):
        kd = dbl(mp.ellipk(mpf(m)))
        ts = fixed_t + [rng.uniform(0.0, 1.2) for _ in range(2)]
        ts += [rng.uniform(1.2, 4.0), (2.0, 3.0, 4.0)[i % 3]]
        ts += [-rng.uniform(0.0, 1.2), -rng.uniform(1.0, 4.0)]
        for t in ts:
            rows.append((t * kd, m))
    # A few u = 0 rows are repeated across m; keep each pair once.
    return sorted(set(rows), key=lambda r: (r[1], r[0]))


def ellipap_arguments():
    """(N, rp, rs, ck1_sq, eps, ellipj argument pairs) exactly as scipy.signal.ellipap forms them."""
    import numpy as np
    from scipy import special
    from scipy.signal import _filter_design as fd
    out = []
    for rp, rs in ELLIPAP_SPECS:
        for n in range(2, 25):
            # Lines copied from scipy.signal.ellipap (scipy 1.17).
            eps_sq = fd._pow10m1(0.1 * rp)
            eps = math.sqrt(eps_sq)
            ck1_sq = eps_sq / fd._pow10m1(0.1 * rs)
            val = special.ellipk(ck1_sq), special.ellipkm1(ck1_sq)
            m = fd._ellipdeg(n, ck1_sq)
            capk = special.ellipk(m)
            j = np.arange(1 - n % 2, n, 2)
            us = j * capk / n
            r = fd._arc_jac_sc1(1. / eps, ck1_sq)
            v0 = capk * r / (n * val[0])
            pairs = [(float(u), float(m)) for u in us] + [(float(v0), float(1 - m))]
            out.append((n, rp, rs, float(ck1_sq), float(eps), pairs))
    return out


def arcsc_inputs(rng):
    ms = [0.0, 1e-300, 1e-20, 1e-10, 1e-6, 1e-3, 0.1, 0.5, 0.9, 0.999, 1 - 1e-6, 1 - 1e-10,
          1 - 1e-15, 1 - 2.0 ** -53]
    ws = [1e-6, 1e-3, 0.5, 1.0, 2.0, 1e3, 1e6]
    rows = set()
    for m in ms:
        for w in ws:
            if rng.random() < 0.5:
                rows.add((w, m))
    while len(rows) < 200:
        w = sig6(10.0 ** rng.uniform(-6, 6))
        kind = rng.random()
        if kind < 0.25:
            m = 10.0 ** rng.uniform(-300, -3)
        elif kind < 0.5:
            m = 1.0 - 10.0 ** rng.uniform(-15.5, -3)
        else:
            m = rng.random()
        rows.add((w, m))
    return sorted(rows, key=lambda r: (r[1], r[0]))


def arc_jac_sc1_inputs(rng, ellipap):
    rows = set()
    for _, _, _, ck1_sq, eps, _ in ellipap:
        rows.add((1.0 / eps, ck1_sq))
    for _ in range(80):
        w = sig6(10.0 ** rng.uniform(-3, 4))
        m = 10.0 ** rng.uniform(-20, math.log10(0.5))
        rows.add((w, m))
    return sorted(rows, key=lambda r: (r[1], r[0]))


def ellipdeg_inputs(rng):
    rows = set()
    for n in range(1, 25):
        rows.add((n, 1e-20))
        rows.add((n, 0.5))
        for _ in range(4):
            rows.add((n, sig6(10.0 ** rng.uniform(-20, math.log10(0.5)))))
    return sorted(rows)


# Computations (at the current mp precision) -------------------------------------

def k_of(m):
    return mp.ellipk(mpf(m))


def km1_of(p):
    # K(1 - p) = pi / (2 agm(1, sqrt(p))): exact in p, no cancellation.
    return mp.pi / (2 * mp.agm(1, mp.sqrt(mpf(p))))


def ellipj_of(u, m):
    # mpmath's theta-function route leaves ~1e-68 of absolute noise in sn(0);
    # the exact values there are known.
    if u == 0:
        return [mpf(0), mpf(1), mpf(1)]
    return [mp.ellipfun(kind, mpf(u), m=mpf(m)) for kind in ("sn", "cn", "dn")]


def arcsc_of(w, m):
    return mp.ellipf(mp.atan(mpf(w)), mpf(m))


def arc_jac_sc1_of(w, m):
    return mp.ellipf(mp.atan(mpf(w)), one_minus(m))


def ellipdeg_of(n, m1):
    k1 = mp.ellipk(mpf(m1))
    k1p = mp.ellipk(one_minus(m1))
    q = mp.exp(-mp.pi * k1p / (n * k1))
    qc = mp.exp(-mp.pi * n * k1 / k1p)
    m = (mp.jtheta(2, 0, q) / mp.jtheta(3, 0, q)) ** 4
    mc = (mp.jtheta(2, 0, qc) / mp.jtheta(3, 0, qc)) ** 4
    assert abs(m + mc - 1) < mpf(10) ** (-(mp.dps - 8)), (n, m1, m, mc)
    return m, mc


def ellipj_quarter_inputs(rng, ellipap):
    """(x, m, m') rows: x in quarter periods (u = x K), the parameter given
    with its complement. The elliptic prototype evaluates sn, cn, dn at
    x = j / N exactly, with m and 1 - m from the degree equation."""
    rows = set()
    params = set()
    for n, _, _, ck1_sq, _, _ in ellipap:
        m, mc = ellipdeg_of(n, ck1_sq)
        params.add((n, dbl(m), dbl(mc)))
    for n, m, mc in sorted(params):
        for j in range(0, n):
            rows.add((j / n, m, mc))
            rows.add((j / n, mc, m))  # the pole formula's second call uses the complement
    for _ in range(200):
        x = rng.uniform(0, 1)
        m = rng.choice([rng.uniform(0, 1), 10 ** rng.uniform(-20, -1), 1 - 10 ** rng.uniform(-15, -1)])
        rows.add((dbl(mpf(x)), dbl(mpf(m)), dbl(1 - mpf(m))))
    return sorted(rows)


def quarter_parameter(m, mc):
    """The exact parameter of a row: from the smaller of m and m', which
    carries the digits (the other is 1 minus it, rounded)."""
    return one_minus(mc) if mc <= m else mpf(m)


def compute(inputs):
    doc = {}
    quarter = []
    for x, m, mc in inputs["ellipjQuarter"]:
        M = quarter_parameter(m, mc)
        u = mpf(x) * mp.ellipk(M)
        values = [mpf(0), mpf(1), mpf(1)] if x == 0 else [mp.ellipfun(kind, u, m=M) for kind in ("sn", "cn", "dn")]
        quarter.append([x, m, mc] + [dbl(v) for v in values])
    doc["ellipjQuarter"] = quarter
    doc["ellipk"] = [[m, dbl(k_of(m))] for m in inputs["ellipk"]]
    doc["ellipkm1"] = [[p, dbl(km1_of(p))] for p in inputs["ellipkm1"]]
    doc["ellipj"] = [[u, m] + [dbl(x) for x in ellipj_of(u, m)] for u, m in inputs["ellipj"]]
    doc["ellipjEllipap"] = [[u, m] + [dbl(x) for x in ellipj_of(u, m)] for u, m in inputs["ellipjEllipap"]]
    doc["arcsc"] = [[w, m, dbl(arcsc_of(w, m))] for w, m in inputs["arcsc"]]
    doc["arcJacSc1"] = [[w, m, dbl(arc_jac_sc1_of(w, m))] for w, m in inputs["arcJacSc1"]]
    for key in ("ellipdeg", "ellipdegEllipap"):
        rows = []
        for n, m1 in inputs[key]:
            m, mc = ellipdeg_of(n, m1)
            rows.append([n, m1, dbl(m), dbl(mc)])
        doc[key] = rows
    return doc


def self_checks(inputs):
    """Cross-checks at the working precision; raise on failure."""
    tol = mpf(10) ** (-(mp.dps - 10))
    # ellipkm1 two ways.
    for p in inputs["ellipkm1"]:
        a, b = km1_of(p), mp.ellipk(one_minus(p))
        assert abs(a - b) <= tol * a, (p, a, b)
    # sc(arcsc(w, m) | m) = w, and the complementary version.
    for (w, m) in inputs["arcsc"][::7]:
        u = arcsc_of(w, m)
        sn, cn, _ = ellipj_of(u, m)
        assert abs(sn / cn - w) <= mpf(10) ** (-(mp.dps - 25)) * w, (w, m, sn / cn)
    for (w, m) in inputs["arcJacSc1"][::7]:
        u = arc_jac_sc1_of(w, m)
        mc = one_minus(m)
        sn, cn, _ = [mp.ellipfun(kind, u, m=mc) for kind in ("sn", "cn", "dn")]
        assert abs(sn / cn - w) <= mpf(10) ** (-(mp.dps - 25)) * w, (w, m, sn / cn)
    # Degree equation: n K'(m)/K(m) = K'(m1)/K(m1), and n = 1 gives m1 back.
    for n, m1 in inputs["ellipdeg"][::5]:
        m, mc = ellipdeg_of(n, m1)
        lhs = n * mp.ellipk(mc) / mp.ellipk(m)
        rhs = mp.ellipk(one_minus(m1)) / mp.ellipk(mpf(m1))
        assert abs(lhs - rhs) <= mpf(10) ** (-(mp.dps - 25)) * rhs, (n, m1, lhs, rhs)
        if n == 1:
            assert abs(m - mpf(m1)) <= tol * mpf(m1), (m1, m)
    # Jacobi identities.
    for u, m in inputs["ellipj"][::3]:
        sn, cn, dn = ellipj_of(u, m)
        assert abs(sn ** 2 + cn ** 2 - 1) < tol and abs(dn ** 2 + mpf(m) * sn ** 2 - 1) < tol, (u, m)


def compare_scipy(doc):
    """Largest relative differences of scipy.special / scipy.signal helpers from the fixture."""
    import numpy as np
    from scipy import special
    from scipy.signal import _filter_design as fd

    def rel(a, b):
        if a == b:
            return 0.0
        return abs(a - b) / max(abs(b), 1e-300)

    report = {}
    report["ellipk"] = max(rel(float(special.ellipk(m)), k) for m, k in doc["ellipk"])
    report["ellipkm1"] = max(rel(float(special.ellipkm1(p)), k) for p, k in doc["ellipkm1"])
    for key in ("ellipj", "ellipjEllipap"):
        worst = [0.0, 0.0, 0.0]
        for u, m, *ref in doc[key]:
            got = special.ellipj(u, m)[:3]
            worst = [max(w, abs(float(g) - r)) for w, g, r in zip(worst, got, ref)]
        report[key + " (absolute sn, cn, dn)"] = worst
    report["arcJacSc1 vs scipy _arc_jac_sc1"] = max(
        rel(float(fd._arc_jac_sc1(w, m)), u) for w, m, u in doc["arcJacSc1"])
    with np.errstate(all="ignore"):
        report["ellipdeg vs scipy _ellipdeg (m)"] = max(
            rel(float(fd._ellipdeg(n, m1)), m) for n, m1, m, _ in doc["ellipdeg"] + doc["ellipdegEllipap"])
    for key, value in report.items():
        print(f"scipy {key}: largest difference {value}", file=sys.stderr)


def main():
    check = "--check" in sys.argv[1:]
    mp.dps = DPS
    rng = random.Random(SEED)
    inputs = {"ellipk": ellipk_inputs(rng), "ellipkm1": ellipkm1_inputs(rng), "ellipj": ellipj_inputs(rng)}
    ellipap = ellipap_arguments()
    pairs = []
    for _, _, _, _, _, ps in ellipap:
        pairs += ps
    inputs["ellipjEllipap"] = sorted(set(pairs), key=lambda r: (r[1], r[0]))
    inputs["arcsc"] = arcsc_inputs(rng)
    inputs["arcJacSc1"] = arc_jac_sc1_inputs(rng, ellipap)
    inputs["ellipdeg"] = ellipdeg_inputs(rng)
    inputs["ellipdegEllipap"] = sorted({(n, ck1_sq) for n, _, _, ck1_sq, _, _ in ellipap})
    inputs["ellipjQuarter"] = ellipj_quarter_inputs(random.Random(SEED + 1), ellipap)

    self_checks(inputs)
    doc = compute(inputs)
    if check:
        with mp.workdps(CHECK_DPS):
            again = compute(inputs)
        differing = [(key, a, b) for key in doc for a, b in zip(doc[key], again[key]) if a != b]
        print(f"{len(differing)} rows differ between {DPS} and {CHECK_DPS} digits", file=sys.stderr)
        for row in differing[:20]:
            print("  ", row, file=sys.stderr)
        compare_scipy(doc)

    document = {
        "generator": "scripts/elliptic_functions_reference.py",
        "mpmath": mpmath.__version__,
        "digits": DPS,
        "note": ("mpmath at 60 digits, each value rounded once to the nearest double; inputs are "
                 "doubles used exactly. m is the parameter (k^2) throughout, as scipy.special. "
                 "Rows: ellipk [m, K(m)]; ellipkm1 [p, K(1-p)]; ellipj and ellipjEllipap "
                 "[u, m, sn, cn, dn]; arcsc [w, m, u] with sc(u|m) = w; arcJacSc1 [w, m, u] with "
                 "sc(u|1-m) = w (scipy's _arc_jac_sc1 convention); ellipdeg and ellipdegEllipap "
                 "[n, m1, m, 1-m] solving n K'(m)/K(m) = K'(m1)/K(m1); ellipjQuarter [x, m, 1-m, sn, cn, dn] "
                 "at u = x K(M), M exactly 1 minus the smaller of the two when that is 1 - m, else m (the "
                 "elliptic prototype's arguments x = j/N, and random ones). ellipjEllipap, "
                 "arcJacSc1 and ellipdegEllipap include the exact double arguments scipy.signal.ellipap "
                 "forms for N = 2..24 and (rp, rs) in " + repr(ELLIPAP_SPECS) + "."),
    }
    document.update(doc)
    out = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/mpmath/elliptic-functions.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=0, sort_keys=True, allow_nan=False) + "\n")
    counts = ", ".join(f"{key} {len(doc[key])}" for key in doc)
    print(f"wrote {out}: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
