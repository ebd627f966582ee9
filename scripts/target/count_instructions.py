#!/usr/bin/env python3
"""Static Thumb-2 instruction counts from arm-none-eabi-objdump -d output.

    count_instructions.py <objdump.txt> <function> [loop]

Without `loop`: the instructions of <function> (or of GCC's specialised
copy, <function>.constprop.0: straight-line code, as the emitted step
functions run each of them once per sample). Prints the count, how many are
calls (bl) and how many fused multiply-adds (vfma/vfms/vfnma/vfnms). With `loop`: the
instructions of its innermost loop, from the target of the backward branch
with the shortest span to that branch, both included.
"""
import re
import sys

path, function = sys.argv[1], sys.argv[2]
innermost = len(sys.argv) > 3 and sys.argv[3] == "loop"
body, inside = [], False
for line in open(path):
    if re.match(r"^[0-9a-f]+ <", line):
        # GCC may specialise a static function: name.constprop.0, name.isra.0.
        inside = re.search(rf"<{re.escape(function)}(\.[a-z]+\.\d+)*>:$", line.strip()) is not None
        continue
    m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
    if inside and m and not m.group(2).startswith("."):
        body.append((int(m.group(1), 16), m.group(2), m.group(3)))
if not body:
    sys.exit(f"count_instructions.py: no function {function}")
if innermost:
    loops = []
    for i, (address, op, args) in enumerate(body):
        target = re.match(r"^([0-9a-f]+)\b", args)
        if op.startswith("b") and not op.startswith(("bl", "bx", "bic")) and target and int(target.group(1), 16) <= address:
            start = int(target.group(1), 16)
            loops.append([ins for ins in body if start <= ins[0] <= address])
    if not loops:
        sys.exit(f"count_instructions.py: {function} has no loop")
    body = min(loops, key=len)
calls = sum(1 for _, op, _ in body if op == "bl" or op.startswith("bl."))
fused = sum(1 for _, op, _ in body if re.match(r"vf[n]?m[as]", op))
print(f"{len(body)} {calls} {fused}")
