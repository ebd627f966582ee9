/* The target's double arithmetic against the host's, on the one subtraction
   found rounded differently (a TDF-II state update of designs d09 and d25 in
   target-check.sh): 0.125 - 1.5605242076387753e-11, whose IEEE 754 result
   (round to nearest even) is 0x3fbfffffffeed784 (checked in exact rational
   arithmetic). On the Cortex-M4F, whose FPU is single precision only, the
   subtraction is libgcc's __aeabi_dsub, which truncates it to ...783: for an
   exponent difference of 32 or more it keeps the smaller operand's lower
   word only as a sticky bit, and the result, just below a power of two,
   needs a one-bit left shift that would bring the rounding bit in from
   there. Prints "probe dsub" and the bits. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void probe_dsub(void);

void probe_dsub(void)
{
    volatile double a = 0.125, b = 1.5605242076387753e-11;
    double r = a - b;
    uint64_t bits;
    memcpy(&bits, &r, sizeof bits);
    printf("probe dsub %08lx%08lx\n", (unsigned long)(bits >> 32), (unsigned long)(bits & 0xffffffffu));
}
