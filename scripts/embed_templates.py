#!/usr/bin/env python3
"""Embeds Templates/**/*.mustache into Sources/FilterEmission/EmbeddedTemplates.swift,
so the mkfilter binary works when copied alone (no resource bundle beside it).

    python3 scripts/embed_templates.py          # rewrite the Swift file
    python3 scripts/embed_templates.py --check  # exit 1 if it is out of date

A test (EmbeddedTemplatesTests) fails when the two disagree.
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
templates = sorted((root / "Templates").rglob("*.mustache"))
out = root / "Sources/FilterEmission/EmbeddedTemplates.swift"


def literal(text):
    hashes = "#"
    while ('"""' + hashes) in text or ("\\" + hashes) in text:
        hashes += "#"
    # A multi-line raw string literal: the text between the delimiters, verbatim.
    return f'{hashes}"""\n{text}\n"""{hashes}'


parts = [
    "// DO NOT EDIT: written by scripts/embed_templates.py from Templates/.",
    "// The default templates are compiled into the binary; `--template FILE` overrides one.",
    "",
    "/// The contents of Templates/, by path relative to it (e.g. \"c/gencode-f.mustache\").",
    "enum EmbeddedTemplates {",
    "    static let all: [String: String] = [",
]
for path in templates:
    name = path.relative_to(root / "Templates").as_posix()
    text = path.read_text()
    parts.append(f'        "{name}": {literal(text)},')
parts += ["    ]", "}", ""]
swift = "\n".join(parts)

if "--check" in sys.argv:
    if not out.exists() or out.read_text() != swift:
        print(f"{out} is out of date: run scripts/embed_templates.py", file=sys.stderr)
        sys.exit(1)
else:
    out.write_text(swift)
    print(f"embedded {len(templates)} templates into {out.relative_to(root)}")
