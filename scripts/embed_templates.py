#!/usr/bin/env python3
"""Embeds Templates/**/*.mustache into Sources/EmissionTemplates/EmbeddedTemplates.swift,
and Shake!'s filter set (Generated/ShakeFilters.filters.json) into
Sources/FilterRequests/Pipeline/ShakeFilterBankText.swift, so the mkfilter
binary works when copied alone (no resource bundle beside it) and does not
link the generated filters to find Shake!'s by name.

    python3 scripts/embed_templates.py          # rewrite the Swift file
    python3 scripts/embed_templates.py --check  # exit 1 if it is out of date

Tests (EmbeddedTemplatesTests, PipelineCommandTests) fail when they disagree.
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
templates = sorted((root / "Templates").rglob("*.mustache"))
out = root / "Sources/EmissionTemplates/EmbeddedTemplates.swift"


def literal(text):
    hashes = "#"
    while ('"""' + hashes) in text or ("\\" + hashes) in text:
        hashes += "#"
    # A multi-line raw string literal: the text between the delimiters, verbatim.
    return f'{hashes}"""\n{text}\n"""{hashes}'


parts = [
    "// DO NOT EDIT: written by scripts/embed_templates.py from Templates/.",
    "// Templates repeat some text on purpose (the CMSIS headers' guard and",
    "// preamble): each stays one self-contained file for `--template FILE`.",
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

bank = root / "Generated/ShakeFilters.filters.json"
bank_out = root / "Sources/FilterRequests/Pipeline/ShakeFilterBankText.swift"
bank_swift = "\n".join([
    "// DO NOT EDIT: written by scripts/embed_templates.py from Generated/ShakeFilters.filters.json.",
    "",
    "extension ShakeFilterBank {",
    "    /// The text of Generated/ShakeFilters.filters.json.",
    f"    static let text = {literal(bank.read_text())}",
    "}",
    "",
])

outputs = [(out, swift, f"embedded {len(templates)} templates into {out.relative_to(root)}"),
           (bank_out, bank_swift, f"embedded {bank.relative_to(root)} into {bank_out.relative_to(root)}")]
if "--check" in sys.argv:
    stale = [o for o, text, _ in outputs if not o.exists() or o.read_text() != text]
    for o in stale:
        print(f"{o} is out of date: run scripts/embed_templates.py", file=sys.stderr)
    sys.exit(1 if stale else 0)
for o, text, message in outputs:
    o.write_text(text)
    print(message)
