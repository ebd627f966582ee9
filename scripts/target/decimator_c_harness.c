/* A multistage decimator's plain C on the emulated Cortex-M4
   (scripts/target/cmsis-dsp-check.sh): `mkfilter decimator ... --emit c`,
   once with --precision float (the M4's FPU) and once in double (software
   floating point), run on the impulse, the step and the harness's
   pseudo-random input (as decimator_harness.c's, scaled to -1 ... 1), the
   float one sample at a time (_step), the double in blocks of 37 (_block).
   Output lines, each output's bits in hexadecimal:

     c float <impulse|step|noise> <8 hex digits each>
     c double <impulse|step|noise> <16 hex digits each>
     end */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "decimator_f32.h"
#include "decimator_f64.h"

#define SAMPLES 512

static mkfilter_dec_f32_state f32_state;
static mkfilter_dec_f64_state f64_state;
static double x64[SAMPLES], y64[SAMPLES];

static uint32_t draw(uint32_t *seed)
{
    *seed = (uint32_t)(((uint64_t)*seed * 48271u) % 2147483647u);
    return *seed >> 15;
}

/* Input n of `signal`: exact in float and double. */
static double input(int signal, int n, uint32_t *seed)
{
    if (signal == 0) return n == 0 ? 1.0 : 0.0;
    if (signal == 1) return 1.0;
    return (double)((int32_t)draw(seed) - 32768) / 32768.0;
}

int main(void)
{
    static const char *const signals[3] = {"impulse", "step", "noise"};
    for (int signal = 0; signal < 3; signal++) {
        uint32_t seed = 1;
        mkfilter_dec_f32_init(&f32_state);
        printf("c float %s", signals[signal]);
        for (int n = 0; n < SAMPLES; n++) {
            float y;
            if (mkfilter_dec_f32_step(&f32_state, (float)input(signal, n, &seed), &y)) {
                uint32_t bits;
                memcpy(&bits, &y, sizeof bits);
                printf(" %08lx", (unsigned long)bits);
            }
        }
        printf("\n");
        seed = 1;
        for (int n = 0; n < SAMPLES; n++) x64[n] = input(signal, n, &seed);
        mkfilter_dec_f64_init(&f64_state);
        size_t count = 0;
        for (size_t start = 0; start < SAMPLES; start += 37) {
            size_t length = SAMPLES - start < 37 ? SAMPLES - start : 37;
            count += mkfilter_dec_f64_block(&f64_state, x64 + start, length, y64 + count);
        }
        printf("c double %s", signals[signal]);
        for (size_t n = 0; n < count; n++) {
            uint64_t bits;
            memcpy(&bits, &y64[n], sizeof bits);
            printf(" %08lx%08lx", (unsigned long)(bits >> 32), (unsigned long)(bits & 0xffffffffu));
        }
        printf("\n");
    }
    printf("end\n");
    return 0;
}
