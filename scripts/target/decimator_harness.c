/* A multistage decimator on the emulated Cortex-M4
   (scripts/target/cmsis-dsp-check.sh): `mkfilter decimator ... --emit
   cmsis-q15`'s headers, one a stage, each run in ARM's arm_fir_decimate_q15
   as its usage comment says (the state it sizes, its BLOCK_SIZE per call,
   the last call shorter, a multiple of the stage's factor), the stages
   chained: the impulse, the step and a pseudo-random full-range input.

   decimator_cases.inc (written by scripts/target/decimator_compare.py
   prepare) includes the header and lists the stages. Output lines:

     decimator <impulse|step|noise> <integers>
     end <stages> */
#include <stdio.h>
#include <string.h>

#include "arm_math.h"

#if !defined(ARM_MATH_DSP)
#error "ARM_MATH_DSP is not defined: CMSIS-DSP would build its portable C, not the Cortex-M4's DSP code"
#endif

#include "decimator_cases.inc"

#define MAX_TAPS 2048
#define MAX_BLOCK 1024

static q15_t signal_in[DECIMATOR_SAMPLES], signal_out[DECIMATOR_SAMPLES];
static q15_t state[MAX_TAPS + MAX_BLOCK];

/* The harness's pseudo-random input, as cmsis_dsp_harness.c's: Park-Miller,
   the top 16 of its 31 bits. */
static uint32_t draw(uint32_t *seed)
{
    *seed = (uint32_t)(((uint64_t)*seed * 48271u) % 2147483647u);
    return *seed >> 15;
}

int main(void)
{
    static const char *const signals[3] = {"impulse", "step", "noise"};
    for (int signal = 0; signal < 3; signal++) {
        uint32_t seed = 1;
        for (int n = 0; n < DECIMATOR_SAMPLES; n++)
            signal_in[n] = signal == 0 ? (n == 0 ? 32767 : 0) : signal == 1 ? 32767 : (q15_t)((int32_t)draw(&seed) - 32768);
        int count = DECIMATOR_SAMPLES;
        for (int k = 0; k < DECIMATOR_STAGES; k++) {
            const int taps = decimator_taps[k], factor = decimator_factors[k], block = decimator_blocks[k];
            if (taps > MAX_TAPS || block > MAX_BLOCK || count % factor != 0) {
                printf("error stage %d: out of the harness's bounds\n", k + 1);
                return 1;
            }
            arm_fir_decimate_instance_q15 s;
            memset(state, 0, sizeof state);
            if (arm_fir_decimate_init_q15(&s, (uint16_t)taps, (uint8_t)factor, decimator_coefficients[k], state,
                                          (uint32_t)block) != ARM_MATH_SUCCESS) {
                printf("error stage %d: arm_fir_decimate_init_q15 refused it\n", k + 1);
                return 1;
            }
            for (int start = 0; start < count; start += block) {
                uint32_t n = (uint32_t)(count - start < block ? count - start : block);
                arm_fir_decimate_q15(&s, signal_in + start, signal_out + start / factor, n);
            }
            count /= factor;
            memcpy(signal_in, signal_out, (size_t)count * sizeof(q15_t));
        }
        printf("decimator %s", signals[signal]);
        for (int n = 0; n < count; n++) printf(" %d", (int)signal_in[n]);
        printf("\n");
    }
    printf("end %d\n", DECIMATOR_STAGES);
    return 0;
}
