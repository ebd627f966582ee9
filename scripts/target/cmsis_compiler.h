/* The part of CMSIS-Core's cmsis_compiler.h (cmsis_gcc.h) that CMSIS-DSP's
   headers and its biquad and FIR sources need, for arm-none-eabi-gcc on a
   core with the DSP extension (Cortex-M4: __ARM_FEATURE_DSP, SIMD32, SAT).
   CMSIS-DSP's sdist (PyPI's cmsisdsp) ships without CMSIS-Core; this stands
   in for it in scripts/target/cmsis-dsp-check.sh. The intrinsics are GCC's
   ACLE ones (<arm_acle.h>), which compile to the same single instructions
   as CMSIS-Core's inline assembly; the argument conversions are CMSIS-Core's
   (uint32_t operands, int32_t for __SSAT and __USAT: a wider value is
   truncated to its low 32 bits before it is saturated, as CMSIS-Core's
   `int32_t __ARG1 = (ARG1)` does). */
#ifndef MKFILTER_CMSIS_COMPILER_H
#define MKFILTER_CMSIS_COMPILER_H

#include <stdint.h>

#if !defined(__GNUC__) || !defined(__ARM_ARCH)
#error "scripts/target/cmsis_compiler.h is for arm-none-eabi-gcc only"
#endif
#if !defined(__ARM_FEATURE_DSP) || !defined(__ARM_FEATURE_SIMD32) || !defined(__ARM_FEATURE_SAT)
#error "scripts/target/cmsis_compiler.h needs a core with the DSP extension (-mcpu=cortex-m4)"
#endif

#include <arm_acle.h>

#define __ASM                  __asm
#define __INLINE               inline
#define __STATIC_INLINE        static inline
#define __STATIC_FORCEINLINE   __attribute__((always_inline)) static inline
#define __NO_RETURN            __attribute__((__noreturn__))
#define __USED                 __attribute__((used))
#define __WEAK                 __attribute__((weak))
#define __PACKED               __attribute__((packed, aligned(1)))
#define __ALIGNED(x)           __attribute__((aligned(x)))
#define __RESTRICT             __restrict

/* Count leading zeros, 32 for 0, and rotate right: GCC 12's ACLE has no
   __clz or __ror; these compile to CLZ and ROR. */
__STATIC_FORCEINLINE uint8_t __CLZ(uint32_t value)
{ return (uint8_t)(value == 0U ? 32U : (uint32_t)__builtin_clz(value)); }
__STATIC_FORCEINLINE uint32_t __ROR(uint32_t value, uint32_t shift)
{ shift &= 31U; return shift == 0U ? value : (value >> shift) | (value << (32U - shift)); }

/* SSAT/USAT take an immediate bit position: macros, as in CMSIS-Core. */
#define __SSAT(ARG1, ARG2) __ssat((int32_t)(ARG1), (ARG2))
#define __USAT(ARG1, ARG2) ((uint32_t)__usat((int32_t)(ARG1), (ARG2)))

/* Saturating 32-bit add and subtract. */
__STATIC_FORCEINLINE int32_t __QADD(int32_t a, int32_t b) { return __qadd(a, b); }
__STATIC_FORCEINLINE int32_t __QSUB(int32_t a, int32_t b) { return __qsub(a, b); }

/* SIMD on two halfwords (four bytes): uint32_t in and out, as CMSIS-Core. */
#define MKFILTER_SIMD2(NAME, ACLE)                                            \
    __STATIC_FORCEINLINE uint32_t NAME(uint32_t a, uint32_t b)                \
    { return (uint32_t)ACLE((int16x2_t)a, (int16x2_t)b); }
MKFILTER_SIMD2(__QADD16, __qadd16)
MKFILTER_SIMD2(__QSUB16, __qsub16)
MKFILTER_SIMD2(__SHADD16, __shadd16)
MKFILTER_SIMD2(__SHSUB16, __shsub16)
MKFILTER_SIMD2(__QASX, __qasx)
MKFILTER_SIMD2(__QSAX, __qsax)
MKFILTER_SIMD2(__SHASX, __shasx)
MKFILTER_SIMD2(__SHSAX, __shsax)
MKFILTER_SIMD2(__SMUAD, __smuad)
MKFILTER_SIMD2(__SMUADX, __smuadx)
MKFILTER_SIMD2(__SMUSD, __smusd)
MKFILTER_SIMD2(__SMUSDX, __smusdx)
#undef MKFILTER_SIMD2

__STATIC_FORCEINLINE uint32_t __QADD8(uint32_t a, uint32_t b) { return (uint32_t)__qadd8((int8x4_t)a, (int8x4_t)b); }
__STATIC_FORCEINLINE uint32_t __QSUB8(uint32_t a, uint32_t b) { return (uint32_t)__qsub8((int8x4_t)a, (int8x4_t)b); }

__STATIC_FORCEINLINE uint32_t __SMLAD(uint32_t a, uint32_t b, uint32_t acc)
{ return (uint32_t)__smlad((int16x2_t)a, (int16x2_t)b, (int32_t)acc); }
__STATIC_FORCEINLINE uint32_t __SMLADX(uint32_t a, uint32_t b, uint32_t acc)
{ return (uint32_t)__smladx((int16x2_t)a, (int16x2_t)b, (int32_t)acc); }
__STATIC_FORCEINLINE uint32_t __SMLSDX(uint32_t a, uint32_t b, uint32_t acc)
{ return (uint32_t)__smlsdx((int16x2_t)a, (int16x2_t)b, (int32_t)acc); }

/* 64-bit accumulations: each 16 x 16 product is added to the 64-bit sum on
   its own (SMLALD), it does not first add the two in 32 bits. */
__STATIC_FORCEINLINE uint64_t __SMLALD(uint32_t a, uint32_t b, uint64_t acc)
{ return (uint64_t)__smlald((int16x2_t)a, (int16x2_t)b, (int64_t)acc); }
__STATIC_FORCEINLINE uint64_t __SMLALDX(uint32_t a, uint32_t b, uint64_t acc)
{ return (uint64_t)__smlaldx((int16x2_t)a, (int16x2_t)b, (int64_t)acc); }

__STATIC_FORCEINLINE uint32_t __SXTB16(uint32_t a) { return (uint32_t)__sxtb16((int8x4_t)a); }

/* SMMLA: the high word of a * b + (acc << 32). */
__STATIC_FORCEINLINE int32_t __SMMLA(int32_t a, int32_t b, int32_t acc)
{
    int32_t result;
    __ASM("smmla %0, %1, %2, %3" : "=r"(result) : "r"(a), "r"(b), "r"(acc));
    return result;
}

/* Pack halfwords: PKHBT and PKHTB (immediate shift), as CMSIS-Core's C
   forms, which GCC compiles to the instructions. */
#define __PKHBT(ARG1, ARG2, ARG3) \
    ((((uint32_t)(ARG1)) & 0x0000FFFFUL) | ((((uint32_t)(ARG2)) << (ARG3)) & 0xFFFF0000UL))
#define __PKHTB(ARG1, ARG2, ARG3) \
    ((((uint32_t)(ARG1)) & 0xFFFF0000UL) | ((((uint32_t)(ARG2)) >> (ARG3)) & 0x0000FFFFUL))

#endif
