#!/usr/bin/env python3
"""The shape measures of issue 51, counted on the tree (git's tracked files).

usage: python3 scripts/shape_counts.py [--long]

Prints: command-line spellings (`--option`) in FilterDesign's code, `respelled`,
the realization types' spellings, `\\(error)` interpolations, functions over 50
and over 100 lines (a declaration to its closing brace; `--long` lists them),
and FIR* files outside the design core and the runtime. A count, not a judge:
each line says what it measures.
"""
import re
import subprocess
import sys


def tracked(*patterns):
    return subprocess.check_output(["git", "ls-files", *patterns]).decode().split()


def code_lines(path):
    """Lines with comments dropped (doc comments and `//` tails)."""
    for line in open(path, encoding="utf-8"):
        stripped = line.lstrip()
        if stripped.startswith("//"):
            continue
        yield line


DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|static|final|override|"
    r"mutating|nonisolated|convenience|required|class)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|subscript\s*\(|"
    r"var\s+\w+\s*:[^=]*\{\s*$)")


def function_lengths(files):
    """(lines, file, line, declaration) of every function, init, subscript and computed property."""
    found = []
    for path in files:
        lines = open(path, encoding="utf-8").read().split("\n")
        for i, line in enumerate(lines):
            if not DECLARATION.match(line):
                continue
            depth, started, j = 0, False, i
            while j < len(lines):
                text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[j]).split("//")[0]
                for ch in text:
                    if ch == "{":
                        depth, started = depth + 1, True
                    elif ch == "}":
                        depth -= 1
                if (started and depth <= 0) or (not started and j > i + 15):
                    break
                j += 1
            if started:
                found.append((j - i + 1, path, i + 1, line.strip()[:70]))
    return sorted(found, reverse=True)


def main():
    sources = tracked("Sources/*.swift", "Server/Sources/*.swift")
    design = [p for p in sources if p.startswith("Sources/FilterDesign/")]
    options = sum(1 for p in design for l in code_lines(p) if re.search(r'"[^"]*--[a-z]', l))
    respelled = sum(1 for p in sources for l in open(p, encoding="utf-8") if "respelled" in l)
    spellings = {}
    for p in sources:
        for name in re.findall(r"\bReali[sz]\w*", open(p, encoding="utf-8").read()):
            spellings[name] = spellings.get(name, 0) + 1
    interpolations = sum(open(p, encoding="utf-8").read().count("\\(error)") for p in sources)
    lengths = function_lengths(sources)
    fir = [p for p in sources if p.split("/")[-1].startswith("FIR")
           and not p.startswith(("Sources/FilterDesign/", "Sources/FilterRuntime/"))]
    print(f"command-line spellings in FilterDesign's code: {options}")
    print(f"'respelled' in Sources: {respelled}")
    print("realization type spellings: " + ", ".join(f"{k} {v}" for k, v in sorted(spellings.items())))
    print(f"\\(error) interpolations in Sources and Server/Sources: {interpolations}")
    print(f"functions over 50 lines: {sum(1 for f in lengths if f[0] > 50)}, over 100: {sum(1 for f in lengths if f[0] > 100)}")
    print(f"FIR* files outside FilterDesign and FilterRuntime: {len(fir)}")
    if "--long" in sys.argv:
        for n, path, line, text in lengths:
            if n > 50:
                print(f"  {n:4d} {path}:{line} {text}")


if __name__ == "__main__":
    main()
