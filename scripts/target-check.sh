#!/usr/bin/env bash
# The emitted C and the Swift runtime on an emulated Cortex-M4F (QEMU's
# mps2-an386: Cortex-M4 with FPv4-SP, hard-float ABI, output over
# semihosting), bit for bit against FilterRuntime on the host.
#
#   scripts/target-check.sh [--keep]   (--keep: leave the work directory)
#
# For each design of the grid below: `mkfilter --emit c --precision float`,
# `--emit c` (double) and `--emit cmsis` headers (and for FIR designs the
# FIR C in float and double, against FIRDirectForm), built for the M4 with
# arm-none-eabi-gcc in its default dialect (gnu11, FMA contraction allowed)
# and for the host with cc -std=gnu11 -O2 -march=native, run on the impulse,
# the step and a pseudo-random input (scripts/target/harness.h). The host's
# SectionCascade<Float> and <Double> (cascade-run, on `--emit json`) run the
# same inputs. Emitted C float and double must be bit-identical to them, on
# the target and on the host; the CMSIS layouts, run in a loop of CMSIS's
# (scripts/target/cmsis_biquad.h), as far from the exact response on the
# target as on the host. Examples/Embedded (Embedded Swift: FilterRuntime and
# Shake!'s band-pass template) must be bit-identical to SectionCascade<Float>.
# Then the sizes (arm-none-eabi-size) and the static instruction counts per
# sample (arm-none-eabi-objdump). QEMU is not cycle-accurate: nothing here is
# a timing.
#
# Installs gcc-arm-none-eabi, libnewlib-arm-none-eabi and qemu-system-arm
# from Debian when missing (as root, or through sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
start=$(date +%s)

# MARK: Packages
need=()
command -v arm-none-eabi-gcc >/dev/null || need+=(gcc-arm-none-eabi)
command -v qemu-system-arm >/dev/null || need+=(qemu-system-arm)
command -v python3 >/dev/null || need+=(python3)
if ! command -v arm-none-eabi-gcc >/dev/null || [ ! -f "$(arm-none-eabi-gcc -mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16 -print-file-name=librdimon.a)" ]; then
    need+=(libnewlib-arm-none-eabi)
fi
if [ ${#need[@]} -gt 0 ]; then
    echo "target-check: installing ${need[*]}"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# MARK: Host tools
swift build --product mkfilter >/dev/null
swift build --product cascade-run >/dev/null
bin=$(swift build --show-bin-path)
mkfilter="$bin/mkfilter"
cascade="$bin/cascade-run"

work=$(mktemp -d "${TMPDIR:-/tmp}/target-check.XXXXXX")
[ "${1:-}" = "--keep" ] && echo "target-check: work directory $work" || trap 'rm -rf "$work"' EXIT

# MARK: The grid
# Four families, four bands, orders 1-12, corners down to 0.005 of the
# sample rate; d04 is Shake!'s 0.5-3 Hz band-pass at 60 Hz. Then the
# catalogue: scipy's 50 Hz notch at 1 kHz and a cookbook peaking EQ.
designs=(
    "-Bu -Lp -o 1 -a 0.005"
    "-Bu -Lp -o 12 -a 0.005"
    "-Bu -Hp -o 5 -a 0.3"
    "-Bu -Bp -o 3 --sample-rate 60 --corner 0.5 3"
    "-Bu -Bs -o 6 -a 0.1 0.2"
    "-Bu -Hp -o 12 -a 0.005"
    "-Bu -Bs -o 10 -a 0.005 0.01"
    "-Ch -0.5 -Lp -o 4 -a 0.01"
    "-Ch -1 -Hp -o 7 -a 0.2"
    "-Ch -0.5 -Bp -o 5 -a 0.005 0.01"
    "-Ch -3 -Bs -o 2 -a 0.3 0.4"
    "-Ch -0.1 -Lp -o 12 -a 0.1"
    "-Ch -0.5 -Bp -o 12 -a 0.2 0.3"
    "--cheby2 40 -Lp -o 6 -a 0.05"
    "--cheby2 60 -Hp -o 9 -a 0.005"
    "--cheby2 50 -Bp -o 4 -a 0.1 0.15"
    "--cheby2 30 -Bs -o 3 -a 0.005 0.02"
    "--cheby2 80 -Lp -o 12 -a 0.25"
    "--cheby2 40 -Lp -o 1 -a 0.2"
    "--elliptic 0.5 60 -Lp -o 5 -a 0.1"
    "--elliptic 1 40 -Hp -o 2 -a 0.005"
    "--elliptic 0.5 50 -Bp -o 6 -a 0.2 0.25"
    "--elliptic 0.1 70 -Bs -o 4 -a 0.02 0.04"
    "--elliptic 0.5 40 -Lp -o 12 -a 0.005"
    "--elliptic 3 30 -Hp -o 3 -a 0.45"
    "--elliptic 0.5 60 -Bp -o 8 -a 0.005 0.008"
    "iirnotch --frequency 50 --quality 30 --sample-rate 1000"
    "biquad --type peaking --frequency 1000 --quality 2 --gain 6 --sample-rate 48000"
)
# FIR designs (f01 ...): the emitted FIR C in float and double against
# FIRDirectForm<Float> and <Double>, lengths below, at and above its 32 lanes,
# symmetric, antisymmetric and minimum phase.
fir_designs=(
    "remez --taps 31 --bands 0 0.2 0.25 0.5 --desired 1 0"
    "firwin --taps 101 --cutoff 0.1"
    "firwin --taps 63 --cutoff 0.2 --minimum-phase homomorphic"
    "firls --taps 41 --bands 0 0.1 0.2 0.5 --desired 1 1 0 0"
    "remez --taps 32 --bands 0.05 0.45 --desired 1 --type hilbert"
    "firwin --taps 3 --cutoff 0.2"
    "firwin2 --taps 51 --frequencies 0 0.1 0.2 0.5 --gains 1 1 0 0"
    "fir --passband-edge 0.1 --stopband-edge 0.15 --passband-loss 0.5 --stopband-attenuation 60"
    "firwin --taps 255 --cutoff 0.05 --window blackman"
)
names=()
fir_names=()
cd "$work"
cp "$root"/scripts/target/*.h "$root"/scripts/target/probe.c .
main_decl="" main_calls=""
# runner NAME VARIANT FILE BODY HEADER...: the C file FILE, defining
# run_NAME_VARIANT as BODY after harness.h and the HEADERs; and main.c's
# declaration and call of it.
runner() {
    local name=$1 variant=$2 file=$3 body=$4; shift 4
    {
        echo '#include "harness.h"'
        for header in "$@"; do echo "#include \"$header\""; done
        printf 'void run_%s_%s(void);\nvoid run_%s_%s(void) { %s }\n' "$name" "$variant" "$name" "$variant" "$body"
    } >"$file"
    main_decl+="void run_${name}_${variant}(void);"$'\n'
    main_calls+="    run_${name}_${variant}();"$'\n'
}
# c_runners NAME STEM OPTIONS...: the design's emitted C in float and double
# (NAME_float.h, NAME_double.h), each run by HARNESS_RUN from STEM_float.c and
# STEM_double.c.
c_runners() {
    local name=$1 stem=$2; shift 2
    "$mkfilter" "$@" --emit c --precision float --name "$name" >"${name}_float.h"
    "$mkfilter" "$@" --emit c --name "$name" >"${name}_double.h"
    for variant in float double; do
        runner "$name" "$variant" "${stem}_${variant}.c" "HARNESS_RUN(\"$name\", \"$variant\", mkfilter_$name, $variant)" \
            "${name}_${variant}.h"
    done
}
# section_files NAME OPTIONS...: a design of the grid: its C (c_runners), its
# CMSIS header run by HARNESS_RUN_CMSIS, and its JSON for cascade-run.
section_files() {
    local d=$1 upper; shift
    upper=$(echo "$d" | tr a-z A-Z)
    c_runners "$d" "$d" "$@"
    "$mkfilter" "$@" --emit cmsis --name "$d" >"${d}_cmsis.h"
    "$mkfilter" "$@" --emit json --name "$d" >"$d.json"
    runner "$d" cmsis "${d}_cmsis.c" "HARNESS_RUN_CMSIS(\"$d\", mkfilter_$d, MKFILTER_${upper}_NUM_STAGES);" \
        cmsis_biquad.h "${d}_cmsis.h"
}
# fir_files NAME OPTIONS...: a FIR design: its C (c_runners) and its JSON.
fir_files() {
    local f=$1; shift
    c_runners "$f" "${f}_fir" "$@"
    "$mkfilter" "$@" --emit json >"$f.json"
}
# each_design PREFIX LIST FILES SPEC...: for the i-th SPEC (mkfilter's options
# as one string), its name PREFIX and i in two digits (d01, ...) added to the
# array LIST, and FILES NAME OPTIONS....
each_design() {
    local prefix=$1 files=$3 i=0 spec name
    local -n list=$2
    local -a options
    shift 3
    for spec in "$@"; do
        i=$((i + 1))
        name=$(printf "%s%02d" "$prefix" "$i")
        list+=("$name")
        read -r -a options <<<"$spec"
        "$files" "$name" "${options[@]}"
    done
}
each_design d names section_files "${designs[@]}"
each_design f fir_names fir_files "${fir_designs[@]}"
printf '%svoid probe_dsub(void);\nint main(void);\nint main(void)\n{\n%s    probe_dsub();\n    return 0;\n}\n' "$main_decl" "$main_calls" >main.c

# The inputs for cascade-run: harness.h's signals, printed exactly.
cat >signals.c <<'C'
#include "harness.h"
int main(void)
{
    for (int signal = 0; signal < 3; signal++) {
        uint32_t seed = 1;
        printf("%s", harness_signals[signal]);
        for (int n = 0; n < HARNESS_SAMPLES; n++) printf(" %.17g", harness_input(signal, n, &seed));
        printf("\n");
    }
    return 0;
}
C
cc -std=gnu11 -O2 -Wall -Wextra -Werror signals.c -o signals
./signals >signals.txt

# MARK: Host
c_sources=(main.c probe.c d*_float.c d*_double.c d*_cmsis.c f*_fir_float.c f*_fir_double.c)
cc -std=gnu11 -O2 -march=native -Wall -Wextra -Werror "${c_sources[@]}" -o host
./host >host.out
: >runtime.out
for d in "${names[@]}"; do
    for variant in float double; do "$cascade" "$variant" "$d.json" <signals.txt | sed "s/^/$d $variant /" >>runtime.out; done
done
for f in "${fir_names[@]}"; do
    for variant in float double; do "$cascade" "$variant" "$f.json" <signals.txt | sed "s/^/$f $variant /" >>runtime.out; done
done
# Shake!'s band-pass, as Examples/Embedded runs it.
"$cascade" float d04.json <signals.txt | sed "s/^/shake float /" >>runtime.out

# MARK: Target
arm=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
link=(--specs=rdimon.specs -nostartfiles -T "$root/scripts/target/mps2-an386.ld" -Wl,--gc-sections -Wl,--no-enum-size-warning)
qemu() { timeout 120 qemu-system-arm -M mps2-an386 -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel "$1"; }
arm-none-eabi-gcc "${arm[@]}" -O2 -Wall -Wextra -Werror -c "$root/scripts/target/startup.c" -o startup.o
arm-none-eabi-gcc "${arm[@]}" -O2 -Wall -Wextra -Werror -c "$root/scripts/target/swift_support.c" -o swift_support.o
arm-none-eabi-gcc "${arm[@]}" -O2 -Wall -Wextra -Werror "${c_sources[@]}" startup.o "${link[@]}" -o c.elf 2>link.err \
    || { cat link.err; exit 1; }
qemu c.elf >target.out

# Examples/Embedded: FilterRuntime as a module, then the example against it
# (Embedded Swift specialises SectionCascade<Float> there), linked with newlib.
"$mkfilter" -Bu -Bp -o 3 --sample-rate 60 --corner 0.5 3 --emit swift --name "Shake band-pass 0.5-3 Hz" \
    --namespace ShakeBandPass >ShakeBandPass.swift
cmp -s ShakeBandPass.swift "$root/Examples/Embedded/ShakeBandPass.swift" || {
    echo "target-check: Examples/Embedded/ShakeBandPass.swift is not what mkfilter writes now:"
    diff ShakeBandPass.swift "$root/Examples/Embedded/ShakeBandPass.swift" | head -20; exit 1; }
# -function-sections: one ELF section per function, so the linker's
# --gc-sections keeps only what the program reaches (without it a module is
# one .text section, kept whole: every form, FIR, zero phase, 177,796 bytes).
embedded=(-target armv7em-none-none-eabi -enable-experimental-feature Embedded -wmo -parse-as-library -Osize
          -target-cpu cortex-m4 -Xcc -mfloat-abi=hard -Xcc -mfpu=fpv4-sp-d16 -Xfrontend -function-sections)
mkdir -p modules
swiftc "${embedded[@]}" -module-name FilterRuntime -emit-module -emit-module-path modules/FilterRuntime.swiftmodule \
    -c "$root"/Sources/FilterRuntime/*.swift -o FilterRuntime.o
swiftc "${embedded[@]}" -I modules -module-name EmbeddedFilter -c "$root"/Examples/Embedded/*.swift -o EmbeddedFilter.o
# Swift's Unicode tables are data and integer code built without the
# hard-float attribute; they pass no floating-point arguments.
unicode=$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/embedded/armv7em-none-none-eabi/libswiftUnicodeDataTables.a
arm-none-eabi-objcopy --remove-section .ARM.attributes "$unicode" unicode.a
arm-none-eabi-gcc "${arm[@]}" startup.o swift_support.o FilterRuntime.o EmbeddedFilter.o unicode.a -lm "${link[@]}" \
    -o swift.elf 2>link.err || { cat link.err; exit 1; }
qemu swift.elf >>target.out

# MARK: Results
python3 "$root/scripts/target/compare.py" "$work" "${names[@]}" --fir "${fir_names[@]}" || status=$?
# ARM's own CMSIS-DSP q15/q31 biquads and FIR, built for the M4 with its DSP
# extension, bit for bit against mkfilter's fixed-point model.
"$root/scripts/target/cmsis-dsp-check.sh" "$mkfilter" "$work" || status=$?

# MARK: Sizes and instruction counts (Shake!'s band-pass, d04: 3 sections)
cat >block_float.c <<'C'
#include "d04_float.h"
void filter_block(const float *x, float *y, int n);
void filter_block(const float *x, float *y, int n)
{
    static mkfilter_d04_state s;
    for (int i = 0; i < n; i++) y[i] = mkfilter_d04_step(&s, x[i]);
}
C
sed 's/float/double/g' block_float.c >block_double.c
cat >block_cmsis.c <<'C'
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#define HARNESS_SAMPLES 1
#include "cmsis_biquad.h"
#include "d04_cmsis.h"
void filter_block(const float32_t *x, float32_t *y, int n);
void filter_block(const float32_t *x, float32_t *y, int n)
{
    static float32_t state[2 * MKFILTER_D04_NUM_STAGES];
    biquad_df2T(mkfilter_d04_coefficients, MKFILTER_D04_NUM_STAGES, state, x, y, n);
}
C
for form in float double cmsis; do
    arm-none-eabi-gcc "${arm[@]}" -O2 -Wall -Wextra -Werror -c block_$form.c -o block_$form.o
    arm-none-eabi-objdump -d --no-show-raw-insn block_$form.o >block_$form.txt
done
swiftc "${embedded[@]}" -I modules -module-name FilterBlock -c "$root/scripts/target/FilterBlock.swift" ShakeBandPass.swift \
    -o FilterBlock.o
echo "sizes (arm-none-eabi-size, bytes; Shake!'s 0.5-3 Hz band-pass, 3 sections; a block loop around each):"
echo "  block_float.o: emitted C offset form; block_double.o: emitted C TDF-II; block_cmsis.o: CMSIS layout in df2T;"
echo "  FilterBlock.o: SectionCascade<Float> specialised (Embedded Swift); FilterRuntime.o: the rest of the runtime;"
echo "  swift.elf: Examples/Embedded linked (runtime, printing, newlib)"
arm-none-eabi-size block_float.o block_double.o block_cmsis.o FilterBlock.o FilterRuntime.o swift.elf | sed 's/^/  /'
# Bar (issue 37): the Embedded example, printing included, within 112,000
# bytes of text; and FilterRuntime's own share of it, from the symbol table.
elf_text=$(arm-none-eabi-size swift.elf | awk 'NR == 2 { print $1 }')
runtime_text=$(arm-none-eabi-nm -S swift.elf | python3 -c 'import sys
print(sum(int(f[1], 16) for f in map(str.split, sys.stdin) if len(f) == 4 and f[2] in "tTwW" and "13FilterRuntime" in f[3]))')
echo "  swift.elf: $elf_text bytes of text (bar 112,000), of which FilterRuntime's functions $runtime_text"
if [ "$elf_text" -gt 112000 ]; then echo "target-check: FAIL swift.elf has $elf_text bytes of text, more than 112,000"; status=1; fi
count() { python3 "$root/scripts/target/count_instructions.py" "$@"; }
read -r offset offset_calls offset_fused <<<"$(count block_float.txt mkfilter_d04_step)"
read -r offset_loop _ _ <<<"$(count block_float.txt filter_block loop)"
read -r tdf tdf_calls _ <<<"$(count block_double.txt mkfilter_d04_step)"
read -r tdf_loop _ _ <<<"$(count block_double.txt filter_block loop)"
read -r df2t _ df2t_fused <<<"$(count block_cmsis.txt filter_block loop)"
echo "instructions per sample (arm-none-eabi-gcc -O2 for the M4, static counts from arm-none-eabi-objdump, not timings):"
echo "  emitted C offset form (float): $offset in the step function ($offset_fused fused multiply-adds) + $offset_loop in the block loop"
echo "  emitted C TDF-II (double): $tdf in the step function + $tdf_loop in the block loop; $tdf_calls of them call libgcc's software double arithmetic"
echo "  CMSIS layout df2T (float): $df2t per section in the inner loop ($df2t_fused fused multiply-adds), $((3 * df2t)) for the 3 sections"
echo "target-check: $(( $(date +%s) - start )) s"
exit "${status:-0}"
