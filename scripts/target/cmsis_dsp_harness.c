/* ARM's CMSIS-DSP fixed-point biquad and FIR routines on the emulated
   Cortex-M4 (scripts/target/cmsis-dsp-check.sh): mkfilter's --emit
   cmsis-q15|q31 headers, used as their usage comments say, on the impulse,
   the step and a pseudo-random full-range input, and on the constructed
   probes; the outputs printed as integers over semihosting.

   cmsis_dsp_cases.inc (written by scripts/target/cmsis_dsp_compare.py
   prepare) includes the headers and gives the cases, the probes, the number
   of samples and the block size. Output lines:

     case <id> <format> <impulse|step|noise> <integers>
     state <id> <format> <samples of state the FIR init function cleared>
     probe <name> <integers>
     end <cases run> */
#include <stdio.h>
#include <string.h>

#include "arm_math.h"

/* The DSP extension's code paths (SMLALD, SMUAD, SSAT on packed halfwords),
   not the portable C that PyPI's cmsisdsp runs: arm_math_types.h defines
   ARM_MATH_DSP from __ARM_FEATURE_DSP. */
#if !defined(ARM_MATH_DSP)
#error "ARM_MATH_DSP is not defined: CMSIS-DSP would build its portable C, not the Cortex-M4's DSP code"
#endif
#if defined(ARM_MATH_MVEI) || defined(ARM_MATH_NEON)
#error "not a Cortex-M4 build"
#endif

enum routine {
    ROUTINE_BIQUAD_Q15,
    ROUTINE_BIQUAD_Q31,
    ROUTINE_BIQUAD_32X64_Q31,
    ROUTINE_FIR_Q15,
    ROUTINE_FIR_Q31,
};

typedef struct {
    const char *id;
    const char *format;
    enum routine routine;
    int size;                /* stages (biquads) or taps (FIR) */
    int post_shift;
    const q15_t *q15;        /* the coefficients, in the case's format */
    const q31_t *q31;
    const void *input;       /* probes only: their input, count samples */
    int count;
} cmsis_dsp_case;

#include "cmsis_dsp_cases.inc"

#define MAX_STAGES 64
#define MAX_TAPS 2048
#define MAX_SAMPLES (CMSIS_DSP_SAMPLES > 64 ? CMSIS_DSP_SAMPLES : 64)
#define FILL 0x5A5A

static q15_t x15[MAX_SAMPLES], y15[MAX_SAMPLES];
static q31_t x31[MAX_SAMPLES], y31[MAX_SAMPLES];
static q15_t state15[MAX_TAPS + MAX_SAMPLES + 8];
static q31_t state31[MAX_TAPS + MAX_SAMPLES + 8];
static q63_t state63[4 * MAX_STAGES];

/* The harness's pseudo-random input (cmsis_dsp_compare.py's noise()):
   Park-Miller, the top 16 of its 31 bits (q15; two draws for q31). */
static uint32_t draw(uint32_t *seed)
{
    *seed = (uint32_t)(((uint64_t)*seed * 48271u) % 2147483647u);
    return *seed >> 15;
}

static void fill_input(const cmsis_dsp_case *c, int signal, int count)
{
    uint32_t seed = 1;
    for (int n = 0; n < count; n++) {
        if (c->q15) {
            q15_t top = 32767;
            x15[n] = signal == 0 ? (n == 0 ? top : 0) : signal == 1 ? top : (q15_t)((int32_t)draw(&seed) - 32768);
        } else {
            q31_t top = 2147483647;
            uint32_t hi, lo;
            if (signal == 2) {
                hi = draw(&seed);
                lo = draw(&seed);
                x31[n] = (q31_t)((hi << 16) | lo);
            } else {
                x31[n] = signal == 0 ? (n == 0 ? top : 0) : top;
            }
        }
    }
}

/* Runs case c on x15|x31 (count samples, in blocks), from rest, into
   y15|y31. Returns how many samples of state the FIR init cleared (FIR), or
   -1 when the case is out of the harness's bounds. */
static int run(const cmsis_dsp_case *c, int count, int block)
{
    int cleared = 0;
    union {
        arm_biquad_casd_df1_inst_q15 b15;
        arm_biquad_casd_df1_inst_q31 b31;
#if CMSIS_DSP_USES_32X64
        arm_biquad_cas_df1_32x64_ins_q31 b64;
#endif
        arm_fir_instance_q15 f15;
        arm_fir_instance_q31 f31;
    } s;
    if (c->size < 1 || (c->routine <= ROUTINE_BIQUAD_32X64_Q31 ? c->size > MAX_STAGES : c->size > MAX_TAPS))
        return -1;
    switch (c->routine) {
    case ROUTINE_BIQUAD_Q15:
        arm_biquad_cascade_df1_init_q15(&s.b15, (uint8_t)c->size, c->q15, state15, (int8_t)c->post_shift);
        break;
    case ROUTINE_BIQUAD_Q31:
        arm_biquad_cascade_df1_init_q31(&s.b31, (uint8_t)c->size, c->q31, state31, (int8_t)c->post_shift);
        break;
    case ROUTINE_BIQUAD_32X64_Q31:
#if CMSIS_DSP_USES_32X64
        arm_biquad_cas_df1_32x64_init_q31(&s.b64, (uint8_t)c->size, c->q31, state63, (uint8_t)c->post_shift);
        break;
#else
        return -1;
#endif
    case ROUTINE_FIR_Q15:
    case ROUTINE_FIR_Q31: {
        /* Fill the state buffer, then count what the init function clears. */
        int span = c->size + block + 4;
        for (int i = 0; i < span; i++) {
            state15[i] = FILL;
            state31[i] = FILL;
        }
        if (c->routine == ROUTINE_FIR_Q15) {
            if (arm_fir_init_q15(&s.f15, (uint16_t)c->size, c->q15, state15, (uint32_t)block) != ARM_MATH_SUCCESS)
                return -1;
            while (cleared < span && state15[cleared] == 0) cleared++;
        } else {
            arm_fir_init_q31(&s.f31, (uint16_t)c->size, c->q31, state31, (uint32_t)block);
            while (cleared < span && state31[cleared] == 0) cleared++;
        }
        break;
    }
    }
    for (int start = 0; start < count; start += block) {
        uint32_t n = (uint32_t)(count - start < block ? count - start : block);
        switch (c->routine) {
        case ROUTINE_BIQUAD_Q15: arm_biquad_cascade_df1_q15(&s.b15, x15 + start, y15 + start, n); break;
        case ROUTINE_BIQUAD_Q31: arm_biquad_cascade_df1_q31(&s.b31, x31 + start, y31 + start, n); break;
#if CMSIS_DSP_USES_32X64
        case ROUTINE_BIQUAD_32X64_Q31: arm_biquad_cas_df1_32x64_q31(&s.b64, x31 + start, y31 + start, n); break;
#else
        case ROUTINE_BIQUAD_32X64_Q31: break;
#endif
        case ROUTINE_FIR_Q15: arm_fir_q15(&s.f15, x15 + start, y15 + start, n); break;
        case ROUTINE_FIR_Q31: arm_fir_q31(&s.f31, x31 + start, y31 + start, n); break;
        }
    }
    (void)state63;
    return cleared;
}

static void print_outputs(const cmsis_dsp_case *c, int count)
{
    for (int n = 0; n < count; n++) printf(" %ld", (long)(c->q15 ? y15[n] : y31[n]));
    printf("\n");
}

int main(void)
{
    static const char *const signals[3] = {"impulse", "step", "noise"};
    int cases = (int)(sizeof cmsis_dsp_cases / sizeof cmsis_dsp_cases[0]);
    int probes = (int)(sizeof cmsis_dsp_probes / sizeof cmsis_dsp_probes[0]);
    for (int i = 0; i < cases; i++) {
        const cmsis_dsp_case *c = &cmsis_dsp_cases[i];
        int cleared = 0;
        for (int signal = 0; signal < 3; signal++) {
            fill_input(c, signal, CMSIS_DSP_SAMPLES);
            cleared = run(c, CMSIS_DSP_SAMPLES, CMSIS_DSP_BLOCK);
            if (cleared < 0) {
                printf("error %s %s: out of the harness's bounds or refused by the init function\n", c->id, c->format);
                return 1;
            }
            printf("case %s %s %s", c->id, c->format, signals[signal]);
            print_outputs(c, CMSIS_DSP_SAMPLES);
        }
        if (c->routine == ROUTINE_FIR_Q15 || c->routine == ROUTINE_FIR_Q31)
            printf("state %s %s %d\n", c->id, c->format, cleared);
    }
    for (int i = 0; i < probes; i++) {
        const cmsis_dsp_case *c = &cmsis_dsp_probes[i];
        if (c->count > MAX_SAMPLES) return 1;
        if (c->q15) memcpy(x15, c->input, (size_t)c->count * sizeof(q15_t));
        else memcpy(x31, c->input, (size_t)c->count * sizeof(q31_t));
        if (run(c, c->count, c->count) < 0) {
            printf("error probe %s\n", c->id);
            return 1;
        }
        printf("probe %s", c->id);
        print_outputs(c, c->count);
    }
    printf("end %d\n", cases);
    return 0;
}
