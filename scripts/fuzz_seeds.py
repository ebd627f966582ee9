#!/usr/bin/env python3
"""Seed corpus for the libFuzzer readers (scripts/fuzz.sh), from the fixtures.

Usage: scripts/fuzz_seeds.py OUTDIR   (writes OUTDIR/<reader>/seed-N files)

cTemplate      Shake!'s C templates (Tests/Fixtures/shake/*.c), one a seed
swiftTemplate  our generated Swift (Generated/*.swift), one template a seed
specJSON       the filter set files in the repository (*.filters.json)
pipelineCSV    t,x,y,z CSV of the zero-phase fixture's recordings (scipy)
fisherListing  mkfilter -l listings of Fisher's reference outputs
argv           Fisher's reference command lines, as the design command and
               as response / impulse / step / verify, one word a line
webQuery       the web page's queries for a few of those designs
recordingOptions  spectrum / suggest options after a recording, one word a line
firOptions     the FIR commands' options, one word a line
"""
import json
import re
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1])


def write(reader, seeds):
    directory = out / reader
    directory.mkdir(parents=True, exist_ok=True)
    for k, seed in enumerate(seeds):
        data = seed if isinstance(seed, bytes) else seed.encode()
        (directory / f"seed-{k:04d}").write_bytes(data)


# One template a seed (a whole file verifies a dozen filters a case: ten times
# fewer executions, and libFuzzer splices seeds together anyway).
c_seeds = []
for path in sorted((root / "Tests/Fixtures/shake").glob("*.c")):
    text = path.read_text()
    c_seeds += [block.strip() + "\n" for block in re.findall(r"const static DigitalFilterTemplate .*?\n};", text, re.S)]
write("cTemplate", c_seeds)
swift_seeds = []
for path in sorted((root / "Generated").glob("*.swift")):
    text = path.read_text()
    head = text[:text.index("public enum ")]
    enum = re.search(r"public enum (\w+) \{", text).group(1)
    for block in re.findall(r"    /// [^\n]*\n    public static let \w+ = FilterRuntime\.DigitalFilterTemplate\(.*?\n    \)\n", text, re.S):
        swift_seeds.append(f"{head}public enum {enum} {{\n{block}}}\n")
write("swiftTemplate", swift_seeds)
write("specJSON", [p.read_bytes() for p in sorted(root.glob("**/*.filters.json")) if ".build" not in str(p)])

cases = json.load(open(root / "Tests/Fixtures/scipy/zero-phase.json"))["cases"]
csv = []
for case in cases[:6]:
    signal = case["input"]
    if isinstance(signal, str):
        signal = eval(signal, {}, {})  # the fixture stores Python literals
    rate = float(case["sampleRate"])
    xs = signal["x"][:200]
    ys = signal.get("y", xs)[:200]
    zs = signal.get("z", xs)[:200]
    rows = ["t,x,y,z"] + [f"{n / rate!r},{x!r},{y!r},{z!r}" for n, (x, y, z) in enumerate(zip(xs, ys, zs))]
    csv.append("\n".join(rows) + "\n")
write("pipelineCSV", csv)

records = [json.loads(line) for line in open(root / "Tests/Fixtures/mkfilter/mkfilter-4.6.jsonl")]
write("fisherListing", [r["listing"]["stdout"] for r in records[::8] if r.get("listing", {}).get("exit") == 0])
argv = []
for k, r in enumerate(records[::6]):
    command = [] if k % 5 == 0 else [["response"], ["impulse"], ["step"], ["verify"]][k % 4]
    argv.append("\n".join(command + r["args"]))
write("argv", argv)

write("webQuery", [
    "family=butterworth&band=lowPass&order=2&corners=5&sampleRate=60",
    "family=chebyshev&ripple=0.5&band=bandPass&order=3&corners=2,6&sampleRate=60&name=shake&description=a%20b",
    "family=elliptic&passband=5&stopband=7&passbandLoss=0.5&stopbandAttenuation=50&sampleRate=60",
    "family=resonator&band=bandStop&q=20&corners=25&sampleRate=200&transform=bilinear",
    "family=bessel&band=highPass&order=4&corners=10&sampleRate=100",
])

# Words of spectrum/suggest after the recording, and of the FIR commands; the
# first word picks the command (FuzzReader.recordingOptions, .firOptions).
write("recordingOptions", ["\n".join(words) for words in [
    ["spectrum"], ["spectrum", "--segment", "64", "--overlap", "60"], ["spectrum", "--sample-rate", "100"],
    ["spectrum", "--filter", "-Bu -Bp -o 3 --corner 0.5 3"], ["suggest", "--events", "8-11,20.5-23"],
    ["suggest", "--events", "8-11", "--floor", "0.5", "--threshold", "3"], ["suggest", "--events", "6.954-9.23"],
]])
write("firOptions", ["\n".join(words) for words in [
    ["remez", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "0"],
    ["remez", "--taps", "41", "--bands", "0.05", "0.45", "--desired", "1", "--type", "hilbert"],
    ["firls", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "1", "0", "0"],
    ["firwin", "--taps", "41", "--cutoff", "0.1", "--window", "kaiser:8"],
    ["firwin2", "--taps", "51", "--frequencies", "0", "0.1", "0.2", "0.5", "--gains", "1", "1", "0", "0"],
    ["kaiserord", "--attenuation", "60", "--width", "0.05"],
]])
