#!/usr/bin/env python3
"""Writes Tests/Fixtures/scipy/filter-design-suite.json: the digital cases of
scipy's own filter-design tests (scipy/signal/tests/test_filter_design.py,
classes TestButtord, TestCheb1ord, TestCheb2ord, TestEllipord, TestButter,
TestCheby1, TestCheby2, TestEllip), transcribed: the numbers and tolerances
exactly as scipy writes them, read from the test file's syntax tree with
`ast` (nothing of scipy is run, no value is computed by scipy). The checks
are ours (Tests/FilterDesignTests/ScipySuiteTests.swift).

    python3 scripts/scipy_suite_transcribe.py [path/to/test_filter_design.py]

Without a path, the test file of the installed scipy is read.

A case is one digital design or order-estimation call as scipy's test
writes it, with the assertions that follow it up to the next such call:

  {"class": "TestCheby1", "test": "test_highpass", "index": 0,
   "call": {"function": "cheby1", "N": 24, "rp": 0.7, "Wn": [0.2],
            "btype": "high", "output": "zpk"},
   "checks": [{"kind": "zeros", "compare": "equal", "expected": [[1, 0], ...]},
              {"kind": "poles", "compare": "close", "rtol": 1e-10, "expected": [[re, im], ...]},
              {"kind": "gain", "compare": "isclose", "rel_tol": 1e-10, "expected": 6.19e-04}]}

Frequencies are scipy's: normalised to Nyquist (1) or, with "fs", in Hz.
Complex numbers are [re, im]. A call whose order or Wn is the result of the
case's order estimate says "N": "$N", "Wn": "$Wn". Loops over orders
(`for N in range(25)`) become one case with "N": [0, ..., 24]; the
`test_fs_param` loops one case with their lists ("fsParam"). Where scipy
writes `a if not DEFAULT_F32 else b`, the float64 value a is taken.
Assertion kinds:
  zeros, poles, gain, b, a, N, Wn: compare "equal", "close" (rtol/atol as
    numpy's assert_allclose; scipy's default rtol for float64 is
    4 sqrt(eps)), "almost" (decimal: |x - y| < 1.5 10^-decimal) or
    "isclose" (math.isclose rel_tol/abs_tol);
  response: scipy's `np.all(level < dB(h[mask]))` or `np.all(dB(h[mask]) < level)`
    on freqz's 512-point grid (w = k/512 of Nyquist, k = 0..511);
    "side" is "above" or "below", "intervals" the closed intervals of the mask;
  polesInside: |p| <= 1; zerosAllOne: every zero exactly 1 (the loop tests);
  differsFrom: the Wn of this case's other estimate differ.
"""
import ast
import json
import math
import os
import sys

CLASSES = ["TestButtord", "TestCheb1ord", "TestCheb2ord", "TestEllipord",
           "TestButter", "TestCheby1", "TestCheby2", "TestEllip"]
DESIGNS = {"butter", "cheby1", "cheby2", "ellip"}
ORDERS = {"buttord", "cheb1ord", "cheb2ord", "ellipord"}
DESIGN_PARAMS = {"butter": ["N", "Wn", "btype", "analog", "output", "fs"],
                 "cheby1": ["N", "rp", "Wn", "btype", "analog", "output", "fs"],
                 "cheby2": ["N", "rs", "Wn", "btype", "analog", "output", "fs"],
                 "ellip": ["N", "rp", "rs", "Wn", "btype", "analog", "output", "fs"]}
ORDER_PARAMS = ["wp", "ws", "gpass", "gstop", "analog", "fs"]
DEFAULT_RTOL = 4 * math.sqrt(2.0 ** -52)


class Unknown(Exception):
    pass


def number(v):
    if isinstance(v, complex):
        return [v.real, v.imag]
    if isinstance(v, list):
        return [number(x) for x in v]
    return v


def ev(node, env):
    """The value of a literal expression of scipy's test (lists, numbers,
    xp.asarray/ones/zeros, math.log10/sqrt, arithmetic, names bound earlier)."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [ev(e, env) for e in node.elts]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = ev(node.operand, env)
        return [-x for x in v] if isinstance(v, list) else -v
    if isinstance(node, ast.BinOp):
        a, b = ev(node.left, env), ev(node.right, env)
        ops = {ast.Add: lambda x, y: x + y, ast.Sub: lambda x, y: x - y, ast.Mult: lambda x, y: x * y,
               ast.Div: lambda x, y: x / y, ast.Pow: lambda x, y: x ** y}
        f = ops[type(node.op)]
        if isinstance(a, list) and not isinstance(b, list):
            return [f(x, b) for x in a]
        if isinstance(b, list) and not isinstance(a, list):
            return [f(a, y) for y in b]
        if isinstance(a, list):
            raise Unknown("list arithmetic")
        return f(a, b)
    if isinstance(node, ast.IfExp):
        # `a if not DEFAULT_F32 else b`: float64 is the a branch.
        t = node.test
        if isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not) and getattr(t.operand, "id", "") == "DEFAULT_F32":
            return ev(node.body, env)
        if getattr(t, "id", "") == "DEFAULT_F32":
            return ev(node.orelse, env)
        raise Unknown("condition")
    if isinstance(node, ast.Subscript):
        return ev(node.value, env)[ev(node.slice, env)]
    if isinstance(node, ast.Name):
        if node.id in env:
            return env[node.id]
        raise Unknown(node.id)
    if isinstance(node, ast.Call):
        name = ast.unparse(node.func)
        if name in ("xp.asarray", "np.asarray", "np.array", "array", "_xp_copy_to_numpy", "list", "tuple", "_sort_cmplx"):
            return ev(node.args[0], env)
        if name in ("xp.ones", "np.ones"):
            return [1.0] * ev(node.args[0], env)
        if name in ("xp.zeros", "np.zeros"):
            return [0.0] * ev(node.args[0], env)
        if name == "math.log10":
            return math.log10(ev(node.args[0], env))
        if name in ("math.sqrt", "np.sqrt"):
            return math.sqrt(ev(node.args[0], env))
        raise Unknown(name)
    raise Unknown(ast.dump(node)[:60])


def call_args(call, params, env):
    out = {}
    for name, arg in zip(params, call.args):
        out[name] = ev(arg, env)
    for kw in call.keywords:
        out[kw.arg] = ev(kw.value, env)
    return out


def output_name(node):
    """The design output an assertion looks at: z, p, k, b, a, N, Wn (sorted or not)."""
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "_sort_cmplx":
        return output_name(node.args[0])
    if isinstance(node, ast.Name):
        return node.id
    return None


def keywords(call, env):
    return {kw.arg: ev(kw.value, env) for kw in call.keywords if kw.arg in ("rtol", "atol", "rel_tol", "abs_tol", "decimal")}


def mask_intervals(node, env, top):
    """scipy's frequency masks as closed intervals: w <= x, x <= w, and/or."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.LtE):
        left, right = node.left, node.comparators[0]
        if getattr(left, "id", "") == "w":
            return [[0.0, ev(right, env)]]
        if getattr(right, "id", "") == "w":
            return [[ev(left, env), top]]
    if isinstance(node, ast.Call):
        name = ast.unparse(node.func)
        parts = [mask_intervals(a, env, top) for a in node.args]
        if name == "np.logical_or":
            return parts[0] + parts[1]
        if name == "np.logical_and":
            (a0, a1), (b0, b1) = parts[0][0], parts[1][0]
            return [[max(a0, b0), min(a1, b1)]]
    raise Unknown("mask " + ast.unparse(node))


class Transcriber:
    def __init__(self, tree):
        self.tree = tree
        self.cases = []
        self.skipped = []

    def run(self):
        for cls in self.tree.body:
            if isinstance(cls, ast.ClassDef) and cls.name in CLASSES:
                for fn in cls.body:
                    if isinstance(fn, ast.FunctionDef) and fn.name.startswith("test_"):
                        self.function(cls.name, fn)
        return self.cases

    def function(self, cls, fn):
        env = {"xp": None, "np": None}
        self.current = None
        self.index = 0
        if fn.name == "test_fs_param" and cls in ("TestButter", "TestCheby1", "TestCheby2", "TestEllip"):
            self.fs_param(cls, fn)
            return
        self.statements(cls, fn.name, fn.body, env, loop=None)

    def new_case(self, cls, test, call):
        self.current = {"class": cls, "test": test, "index": self.index, "call": call, "checks": []}
        self.index += 1
        self.cases.append(self.current)

    def statements(self, cls, test, body, env, loop):
        for st in body:
            if isinstance(st, ast.For):
                var = st.target.id
                try:
                    values = list(range(*[ev(a, env) for a in st.iter.args])) if ast.unparse(st.iter.func) == "range" else None
                except Unknown:
                    values = None
                if values is None:
                    self.skipped.append((cls, test, "loop " + ast.unparse(st.iter)))
                    continue
                inner = dict(env)
                inner[var] = "$" + var
                self.statements(cls, test, st.body, inner, loop=(var, values))
                continue
            if isinstance(st, ast.Assign):
                value = st.value
                if isinstance(value, ast.Call) and ast.unparse(value.func) in DESIGNS | ORDERS:
                    self.design(cls, test, st, value, env, loop)
                    continue
                if len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
                    try:
                        env[st.targets[0].id] = ev(value, env)
                    except Unknown:
                        env.pop(st.targets[0].id, None)
                continue
            if isinstance(st, ast.AugAssign):
                continue  # `w /= np.pi`: our grid is already in units of Nyquist
            if isinstance(st, (ast.Expr, ast.Assert)):
                if self.current is not None and not self.current.get("_analog"):
                    self.assertion(st, env)
                continue
            if isinstance(st, ast.With):
                continue  # pytest.raises / warns: error messages, not designs
        return

    def design(self, cls, test, st, call, env, loop):
        function = ast.unparse(call.func)
        params = DESIGN_PARAMS[function] if function in DESIGNS else ORDER_PARAMS
        args = {}
        for name, arg in list(zip(params, call.args)) + [(kw.arg, kw.value) for kw in call.keywords]:
            try:
                v = ev(arg, env)
            except Unknown:
                v = "$" + ast.unparse(arg)
            if isinstance(v, str) and v.startswith("$"):
                v = {"$N": "$N", "$n": "$N", "$Wn": "$Wn", "$wn": "$Wn"}.get(v, v)
            args[name] = v
        if args.get("analog") is True:
            self.current = {"_analog": True}
            return
        names = [t.id for t in (st.targets[0].elts if isinstance(st.targets[0], ast.Tuple) else st.targets) if isinstance(t, ast.Name)]
        call_record = {"function": function}
        for key, value in args.items():
            if key == "analog":
                continue
            if key == "Wn" and not isinstance(value, (list, str)):
                value = [value]
            if key in ("wp", "ws") and not isinstance(value, list):
                value = [value]
            call_record[key] = number(value)
        if loop is not None:
            var, values = loop
            if call_record.get("N") == "$" + var:
                call_record["N"] = values
        # A second order estimate in the same case (test_ellip_cheb1) is compared, not a new case.
        if function in ORDERS and self.current is not None and not self.current.get("_analog") \
                and self.current["call"]["function"] in ORDERS and test.startswith("test_ellip_"):
            self.current["other"] = call_record
            self.current["otherNames"] = names
            return
        if function in DESIGNS and self.current is not None and not self.current.get("_analog") \
                and self.current["call"]["function"] in ORDERS and "design" not in self.current:
            # The design of an order-estimation test belongs to its case.
            self.current["design"] = call_record
            self.current["names"] += names
            return
        self.new_case(cls, test, call_record)
        self.current["names"] = names

    def assertion(self, st, env):
        case = self.current
        node = st.test if isinstance(st, ast.Assert) else st.value
        checks = case["checks"]
        top = case.get("design", case["call"]).get("fs", 2.0) / 2 if "fs" in case.get("design", case["call"]) else 1.0
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name in ("xp_assert_close", "xp_assert_equal", "assert_array_almost_equal", "assert_allclose"):
                out = output_name(node.args[0])
                if out == "z" and isinstance(node.args[1], ast.Call) and ast.unparse(node.args[1].func) == "xp.ones" \
                        and isinstance(case["call"].get("N"), list):
                    checks.append({"kind": "zerosAllOne"})
                    return
                expected = number(ev(node.args[1], env))
                kw = keywords(node, env)
                if name == "xp_assert_equal":
                    check = {"compare": "equal"}
                elif name == "assert_array_almost_equal":
                    check = {"compare": "almost", "decimal": kw.get("decimal", 6)}
                else:
                    check = {"compare": "close", "rtol": kw.get("rtol", DEFAULT_RTOL), "atol": kw.get("atol", 0)}
                check["kind"] = self.kind(out, case)
                check["expected"] = expected
                checks.append(check)
                return
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "math.isclose":
            out = output_name(node.args[0])
            expected = number(ev(node.args[1], env))
            kw = keywords(node, env)
            checks.append({"kind": self.kind(out, case), "compare": "isclose", "rel_tol": kw.get("rel_tol", 1e-9),
                           "abs_tol": kw.get("abs_tol", 0.0), "expected": expected})
            return
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq):
            left = output_name(node.left)
            if left in ("N", "n", "n2", "n1") and isinstance(node.comparators[0], ast.Constant):
                checks.append({"kind": "N", "compare": "equal", "expected": node.comparators[0].value})
            return  # array_namespace(Wn) == xp, p.shape: not ours
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            checks.append({"kind": "differsFrom"})
            return
        if isinstance(node, ast.Call) and ast.unparse(node.func) in ("np.all", "xp.all", "all"):
            inner = node.args[0]
            if isinstance(inner, ast.Compare) and len(inner.ops) == 1 and isinstance(inner.ops[0], (ast.Lt, ast.LtE)):
                text = ast.unparse(inner)
                if "dB(" in text:
                    left, right = inner.left, inner.comparators[0]
                    if isinstance(right, ast.Call) and ast.unparse(right.func) == "dB":
                        side, level, masked = "above", ev(left, env), right
                    else:
                        side, level, masked = "below", ev(right, env), left
                    mask = masked.args[0].slice
                    checks.append({"kind": "response", "side": side, "level": level,
                                   "intervals": mask_intervals(mask, env, top)})
                    return
                if "abs(p)" in text:
                    checks.append({"kind": "polesInside"})
                    return
            return
        # anything else is not a check of a digital design's numbers

    @staticmethod
    def kind(out, case):
        names = case.get("names", [])
        mapping = {"z": "zeros", "p": "poles", "k": "gain", "b": "b", "a": "a", "B": "b", "A": "a",
                   "b2": "b", "a2": "a", "b3": "b", "a3": "a", "Wn": "Wn", "wn": "Wn"}
        if out in mapping:
            return mapping[out]
        raise Unknown("output " + str(out) + " of " + str(names))

    def fs_param(self, cls, fn):
        # for fs in (...): for N in (...): for fc in (...): for btype in ('lp', 'hp'): ...
        #                                  for fc in (...): for btype in ('bp', 'bs'): for seq in ...
        loop_fs = fn.body[0]
        loop_n = loop_fs.body[0]
        env = {"xp": None}
        fs_values = ev(loop_fs.iter, env)
        n_values = ev(loop_n.iter, env)
        groups = []
        for inner in loop_n.body:
            fcs = ev(inner.iter, env)
            btypes = ev(inner.body[0].iter, env)
            call = None
            for node in ast.walk(inner):
                if isinstance(node, ast.Call) and ast.unparse(node.func) in DESIGNS and any(k.arg == "fs" for k in node.keywords):
                    call = node
            function = ast.unparse(call.func)
            params = DESIGN_PARAMS[function]
            fixed = {}
            for name, arg in zip(params, call.args):
                if name in ("rp", "rs"):
                    fixed[name] = ev(arg, env)
            groups.append({"Wn": [number(fc if isinstance(fc, list) else [fc]) for fc in fcs], "btypes": btypes})
        self.new_case(cls, fn.name, {"function": function, **fixed, "fsParam": {"fs": fs_values, "N": n_values, "groups": groups}})
        self.current["names"] = ["b", "a"]
        # xp_assert_close(ba1_, ba2_) with scipy's default rtol.
        self.current["checks"].append({"kind": "hertzMatchesNormalised", "compare": "close", "rtol": DEFAULT_RTOL, "atol": 0})


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else None
    if path is None:
        import scipy
        path = os.path.join(os.path.dirname(scipy.__file__), "signal", "tests", "test_filter_design.py")
        version = scipy.__version__
    else:
        version = "unknown"
    tree = ast.parse(open(path).read())
    t = Transcriber(tree)
    cases = [c for c in t.run() if not c.get("_analog")]
    for c in cases:
        c.pop("names", None)
        c.pop("otherNames", None)
    out = {"source": "scipy/signal/tests/test_filter_design.py (scipy %s)" % version,
           "classes": CLASSES, "cases": cases}
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, "..", "Tests", "Fixtures", "scipy", "filter-design-suite.json")
    with open(target, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    by_class = {}
    for c in cases:
        by_class[c["class"]] = by_class.get(c["class"], 0) + 1
    print("%d digital cases: %s" % (len(cases), ", ".join("%s %d" % kv for kv in by_class.items())), file=sys.stderr)
    for s in t.skipped:
        print("skipped:", s, file=sys.stderr)


if __name__ == "__main__":
    main()
