/* The test signals and the printing shared by target-check.sh's programs, on
   the emulated Cortex-M4 and on the host alike.

   Signals, HARNESS_SAMPLES samples each, the filter at rest before each:
   impulse (1, 0, 0, ...), step (1, 1, 1, ...) and a fixed pseudo-random
   input, values k / 2^23 - 1 for k the top 24 bits of a 31-bit Park-Miller
   generator (x <- 48271 x mod 2^31 - 1, from 1): exact in float and double.

   Each output line is "<design> <variant> <signal>" and the outputs' bits in
   hex: 8 digits for float, 16 for double (newlib's printf has no %a). */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define HARNESS_SAMPLES 256

static inline double harness_input(int signal, int n, uint32_t *seed)
{
    if (signal == 0) return n == 0 ? 1.0 : 0.0;
    if (signal == 1) return 1.0;
    *seed = (uint32_t)(((uint64_t)*seed * 48271u) % 2147483647u);
    return (double)(*seed >> 7) / 8388608.0 - 1.0;
}

static const char *const harness_signals[3] = {"impulse", "step", "random"};

static inline void harness_print_float(float y)
{
    uint32_t bits;
    memcpy(&bits, &y, sizeof bits);
    printf(" %08lx", (unsigned long)bits);
}

static inline void harness_print_double(double y)
{
    uint64_t bits;
    memcpy(&bits, &y, sizeof bits);
    printf(" %08lx%08lx", (unsigned long)(bits >> 32), (unsigned long)(bits & 0xffffffffu));
}

/* Runs the emitted filter ID (ID_state, ID_init, ID_step) in REAL on the three signals. */
#define HARNESS_RUN(design, variant, ID, REAL)                                  \
    for (int signal = 0; signal < 3; signal++) {                               \
        ID##_state state;                                                      \
        uint32_t seed = 1;                                                     \
        ID##_init(&state);                                                     \
        printf("%s %s %s", design, variant, harness_signals[signal]);          \
        for (int n = 0; n < HARNESS_SAMPLES; n++)                              \
            harness_print_##REAL(ID##_step(&state, (REAL)harness_input(signal, n, &seed))); \
        printf("\n");                                                          \
    }

#endif
