#!/usr/bin/env bash
# ARM's own CMSIS-DSP, built for the emulated Cortex-M4 (QEMU's mps2-an386)
# with its DSP extension, against mkfilter's fixed-point model bit for bit.
#
#   scripts/target/cmsis-dsp-check.sh MKFILTER WORKDIR
#
# ARM's sources come from PyPI's cmsisdsp sdist (CMSIS-DSP 1.10.3), fetched
# here with pip (and kept in ${XDG_CACHE_HOME:-~/.cache}/mkfilter), never
# copied into the repository; scripts/target/cmsis_compiler.h stands in for
# CMSIS-Core's compiler header, which the sdist lacks. Only the routines the
# headers name are built: arm_biquad_cascade_df1_q15|q31 (and
# arm_biquad_cas_df1_32x64_q31 when a header names it), arm_fir_q15|q31 and
# their init functions, with ARM_MATH_DSP (from __ARM_FEATURE_DSP) in effect,
# so the SIMD code (SMLALD, SMUAD, SSAT on packed halfwords) is what runs.
#
# For the IIR and FIR grids of scripts/target-check.sh, in q15 and q31:
# `mkfilter <design> --emit cmsis-q15|q31` headers, run as their usage
# comments say (scripts/target/cmsis_dsp_harness.c) on the chip on the
# impulse and the step (full scale, 2^F - 1, as mkfilter's model takes them)
# and a pseudo-random full-range input. Impulse and step must equal
# `mkfilter impulse|step <design> --precision q15|q31` bit for bit; the
# pseudo-random input is compared with PyPI's cmsisdsp (CMSIS-DSP's portable
# C on the host), and constructed inputs show where the chip's arithmetic,
# the portable C's and the model's part (scripts/target/cmsis_dsp_compare.py).
#
# Prints `target CMSIS-DSP: N/N bit-identical`; exits 1 on any mismatch.
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 MKFILTER WORKDIR" >&2
    exit 2
fi
start=$(date +%s)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkfilter=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
work=$(cd "$2" && pwd)/cmsis-dsp
rm -rf "$work"
mkdir -p "$work"
fail() { echo "cmsis-dsp-check: $*" >&2; exit 1; }

[ -x "$mkfilter" ] || fail "no mkfilter at $1"
for tool in arm-none-eabi-gcc arm-none-eabi-objdump qemu-system-arm python3; do
    command -v "$tool" >/dev/null || fail "$tool is missing (scripts/target-check.sh installs it)"
done
python3 -c "import numpy, cmsisdsp" 2>/dev/null \
    || fail "PyPI's cmsisdsp is missing for the host comparison: pip install cmsisdsp==1.10.3"

# MARK: ARM's sources
version=1.10.3
tarball=cmsisdsp-$version.tar.gz
sha256=307d32298faa7c58db912851027fce35f886fec7eb1a27c4b309ce1a97f47519
cache=${XDG_CACHE_HOME:-$HOME/.cache}/mkfilter
if [ -f "$cache/$tarball" ] && echo "$sha256  $cache/$tarball" | sha256sum -c --status; then
    cp "$cache/$tarball" "$work/"
else
    command -v pip >/dev/null || fail "pip is needed to download CMSIS-DSP's sources (cmsisdsp==$version)"
    pip download "cmsisdsp==$version" --no-binary cmsisdsp --no-deps -d "$work" >"$work/pip.log" 2>&1 \
        || { cat "$work/pip.log" >&2; fail "pip download cmsisdsp==$version failed"; }
    echo "$sha256  $work/$tarball" | sha256sum -c --status || fail "$tarball: not the expected SHA-256"
    mkdir -p "$cache" 2>/dev/null && cp "$work/$tarball" "$cache/" 2>/dev/null || true
fi
mkdir -p "$work/arm"
tar -xzf "$work/$tarball" -C "$work/arm"
# The sdist's layout: Include/ and PrivateInclude/ beside Source/.
math_h=$(find "$work/arm" -path '*/Include/arm_math.h' -not -path '*/ComputeLibrary/*' | head -1)
[ -n "$math_h" ] || fail "no Include/arm_math.h in $tarball"
arm_root=$(dirname "$(dirname "$math_h")")
filtering=$(dirname "$(find "$arm_root" -name arm_fir_q15.c | head -1)")
[ -d "$arm_root/PrivateInclude" ] && [ -f "$filtering/arm_fir_q15.c" ] || fail "unexpected layout in $tarball"

# MARK: The grid (scripts/target-check.sh's designs and fir_designs)
grid=$(sed -n '/^designs=(/,/^)/p; /^fir_designs=(/,/^)/p' "$root/scripts/target-check.sh")
designs=() fir_designs=()
eval "$grid"
[ ${#designs[@]} -ge 12 ] && [ ${#fir_designs[@]} -ge 1 ] || fail "cannot read the grid from scripts/target-check.sh"
# Left out unless CMSIS_DSP_ALL_DESIGNS=1: the narrow-band designs whose
# fixed-point scaling analysis takes mkfilter's debug build 3-20 s a call
# (six calls a design), most of this check's time otherwise.
slow=("-Bu -Bs -o 10 -a 0.005 0.01" "-Ch -0.5 -Bp -o 5 -a 0.005 0.01"
      "--elliptic 0.5 40 -Lp -o 12 -a 0.005" "--elliptic 0.5 60 -Bp -o 8 -a 0.005 0.008")
: >"$work/cases.txt"
left_out=()
for i in "${!designs[@]}"; do
    d=$(printf 'd%02d' $((i + 1)))
    if [ "${CMSIS_DSP_ALL_DESIGNS:-0}" != 1 ] && printf '%s\n' "${slow[@]}" | grep -qxF -- "${designs[$i]}"; then
        left_out+=("$d"); continue
    fi
    printf '%s\tiir\t%s\n' "$d" "${designs[$i]}" >>"$work/cases.txt"
done
[ ${#left_out[@]} -eq 0 ] || echo "  left out (slow in a debug build; CMSIS_DSP_ALL_DESIGNS=1 runs them): ${left_out[*]}"
for i in "${!fir_designs[@]}"; do printf 'f%02d\tfir\t%s\n' $((i + 1)) "${fir_designs[$i]}" >>"$work/cases.txt"; done
python3 "$here/cmsis_dsp_compare.py" prepare "$mkfilter" "$work" "$work/cases.txt" \
    || fail "could not prepare the headers and mkfilter's model outputs"

# MARK: Build for the M4
# ARM_MATH_LOOPUNROLL: CMSIS-DSP's default build option, as PyPI's build has it.
arm=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O2 -DARM_MATH_LOOPUNROLL)
includes=(-I "$here" -I "$arm_root/Include" -I "$arm_root/PrivateInclude")
link=(--specs=rdimon.specs -nostartfiles -T "$here/mps2-an386.ld" -Wl,--gc-sections -Wl,--no-enum-size-warning)
sources=(arm_biquad_cascade_df1_q15 arm_biquad_cascade_df1_init_q15 arm_biquad_cascade_df1_q31
         arm_biquad_cascade_df1_init_q31 arm_fir_q15 arm_fir_init_q15 arm_fir_q31 arm_fir_init_q31)
grep -q 'CMSIS_DSP_USES_32X64 1' "$work/cmsis_dsp_cases.inc" \
    && sources+=(arm_biquad_cascade_df1_32x64_q31 arm_biquad_cascade_df1_32x64_init_q31)
objects=()
cd "$work"
for s in "${sources[@]}"; do
    # ARM's files with their own warnings off (-w); ours below with -Werror.
    arm-none-eabi-gcc "${arm[@]}" "${includes[@]}" -w -c "$filtering/$s.c" -o "$s.o" &
    objects+=("$s.o")
done
arm-none-eabi-gcc "${arm[@]}" -Wall -Wextra -Werror -c "$here/startup.c" -o startup.o &
# Ours: -isystem for ARM's headers, so that their warnings are theirs.
arm-none-eabi-gcc "${arm[@]}" -I "$here" -I "$work" -isystem "$arm_root/Include" -isystem "$arm_root/PrivateInclude" \
    -Wall -Wextra -Werror -c "$here/cmsis_dsp_harness.c" -o harness.o 2>harness.err &
for job in $(jobs -p); do wait "$job" || { cat harness.err 2>/dev/null; fail "compiling for the Cortex-M4 failed"; }; done
arm-none-eabi-gcc "${arm[@]}" harness.o startup.o "${objects[@]}" "${link[@]}" -o cmsis-dsp.elf 2>link.err \
    || { cat link.err; fail "linking cmsis-dsp.elf failed"; }
# The DSP paths are what was built: SMLALD and SMUAD in the q15 biquad,
# SMLALD(X) in the q15 FIR.
arm-none-eabi-objdump -d arm_biquad_cascade_df1_q15.o >biquad_q15.txt
arm-none-eabi-objdump -d arm_fir_q15.o >fir_q15.txt
grep -qw smlald biquad_q15.txt && grep -qw smuad biquad_q15.txt && grep -qw smlald fir_q15.txt \
    || fail "ARM's q15 routines were built without the DSP extension's instructions (no smlald/smuad)"

# MARK: Run on the chip
timeout 120 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel cmsis-dsp.elf >target.out \
    || { rc=$?; tail -c 2000 target.out; fail "the Cortex-M4 run failed (status $rc; 124 is the timeout)"; }

# MARK: Results
status=0
python3 "$here/cmsis_dsp_compare.py" compare "$work" || status=$?

# MARK: A multistage decimator (issue 53): mkfilter decimator --emit
# cmsis-q15, one header a stage, chained in ARM's arm_fir_decimate_q15 on the
# chip, against the exact arithmetic and PyPI's cmsisdsp.
"$mkfilter" decimator --factor 8 --passband-edge 0.05 --passband-loss 0.1 --stopband-attenuation 80 \
    --emit cmsis-q15 --name dec >decimator_q15.h 2>decimator.err || { cat decimator.err; fail "mkfilter decimator --emit cmsis-q15 failed"; }
python3 "$here/decimator_compare.py" prepare decimator_q15.h "$work" || fail "cannot read the decimator's header"
for s in arm_fir_decimate_q15 arm_fir_decimate_init_q15; do
    arm-none-eabi-gcc "${arm[@]}" "${includes[@]}" -w -c "$filtering/$s.c" -o "$s.o" || fail "compiling $s.c failed"
done
arm-none-eabi-gcc "${arm[@]}" -I "$here" -I "$work" -isystem "$arm_root/Include" -isystem "$arm_root/PrivateInclude" \
    -Wall -Wextra -Werror -c "$here/decimator_harness.c" -o decimator_harness.o || fail "compiling the decimator's harness failed"
arm-none-eabi-gcc "${arm[@]}" decimator_harness.o startup.o arm_fir_decimate_q15.o arm_fir_decimate_init_q15.o "${link[@]}" \
    -o decimator.elf 2>link.err || { cat link.err; fail "linking decimator.elf failed"; }
timeout 120 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel decimator.elf >decimator.out \
    || { rc=$?; tail -c 2000 decimator.out; fail "the Cortex-M4 decimator run failed (status $rc)"; }
python3 "$here/decimator_compare.py" compare decimator_q15.h "$work" || status=$?

# The same decimator as plain C (mkfilter decimator --emit c), in float (the
# M4's FPU) and double (software floating point), against the same sums on
# the host.
for real in float double; do
    bits=$([ "$real" = float ] && echo 32 || echo 64)
    "$mkfilter" decimator --factor 8 --passband-edge 0.05 --passband-loss 0.1 --stopband-attenuation 80 \
        --emit c --precision "$real" --name "dec f$bits" >"decimator_f$bits.h" 2>decimator.err \
        || { cat decimator.err; fail "mkfilter decimator --emit c --precision $real failed"; }
done
arm-none-eabi-gcc "${arm[@]}" -I "$work" -Wall -Wextra -Werror -c "$here/decimator_c_harness.c" -o decimator_c_harness.o \
    || fail "compiling the decimator's C harness failed"
arm-none-eabi-gcc "${arm[@]}" decimator_c_harness.o startup.o "${link[@]}" -o decimator_c.elf 2>link.err \
    || { cat link.err; fail "linking decimator_c.elf failed"; }
timeout 120 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel decimator_c.elf >decimator_c.out \
    || { rc=$?; tail -c 2000 decimator_c.out; fail "the Cortex-M4 run of the decimator's C failed (status $rc)"; }
python3 "$here/decimator_c_compare.py" decimator_f32.h decimator_f64.h decimator_c.out || status=$?
echo "cmsis-dsp-check: $(( $(date +%s) - start )) s"
exit "$status"
