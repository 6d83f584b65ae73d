/* neon-common-aarch64.h - what the aarch64 SIMD kernels written in C share
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by the C files with ACLE intrinsics (AES, GHASH, Camellia,
 * Serpent) in place of <arm_neon.h>: the crypto extension's target for
 * those that use AESE or PMULL, the clearing of the SIMD registers
 * before a kernel returns, and XTS's multiplication by x.
 */

#ifndef BCRY_NEON_COMMON_AARCH64_H
#define BCRY_NEON_COMMON_AARCH64_H

/* A file that uses the crypto extension defines NEON_COMMON_CRYPTO
   before including this, and ends with NEON_COMMON_END: its functions
   are compiled for the crypto extension whatever -march says, and run
   only where the CPU has it (the implementation tables' hwf).  */
#ifdef NEON_COMMON_CRYPTO
# ifdef __clang__
#  pragma clang attribute push (__attribute__ ((target ("crypto"))), \
                                apply_to = function)
#  define NEON_COMMON_END _Pragma ("clang attribute pop")
# else
#  pragma GCC target ("+crypto")
#  define NEON_COMMON_END
# endif
#endif

#include <arm_neon.h>

typedef uint8x16_t v128;

#define INLINE static inline __attribute__ ((always_inline))

/* Before returning, every kernel zeroes the SIMD registers it may have
   left key or data in.  The compiler allocates the caller-saved V0-V7
   and V16-V31 first, which this covers (the clobbers make sure nothing
   live is kept there across it).  A kernel that needs more takes
   V8-V15: the compiler saves D8-D15 in its prologue and reloads them in
   its epilogue, and a load of a D register zeroes the upper half of its
   V register, so nothing of ours stays there either.  What the
   compiler spills to a kernel's stack frame (the AES CTR, XTS and OCB
   kernels spill a round key or an offset) stays in memory below the
   caller's stack pointer.  */
#define CLEAR_REGS()                                                    \
  __asm__ volatile ("movi v0.16b, 0\n\tmovi v1.16b, 0\n\t"              \
                    "movi v2.16b, 0\n\tmovi v3.16b, 0\n\t"              \
                    "movi v4.16b, 0\n\tmovi v5.16b, 0\n\t"              \
                    "movi v6.16b, 0\n\tmovi v7.16b, 0\n\t"              \
                    "movi v16.16b, 0\n\tmovi v17.16b, 0\n\t"            \
                    "movi v18.16b, 0\n\tmovi v19.16b, 0\n\t"            \
                    "movi v20.16b, 0\n\tmovi v21.16b, 0\n\t"            \
                    "movi v22.16b, 0\n\tmovi v23.16b, 0\n\t"            \
                    "movi v24.16b, 0\n\tmovi v25.16b, 0\n\t"            \
                    "movi v26.16b, 0\n\tmovi v27.16b, 0\n\t"            \
                    "movi v28.16b, 0\n\tmovi v29.16b, 0\n\t"            \
                    "movi v30.16b, 0\n\tmovi v31.16b, 0"                \
                    ::: "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7",   \
                      "v16", "v17", "v18", "v19", "v20", "v21", "v22",    \
                      "v23", "v24", "v25", "v26", "v27", "v28", "v29",    \
                      "v30", "v31", "memory")

/* T * x in GF(2^128), T a little-endian 128-bit number (IEEE 1619):
   each 64-bit lane shifts left by one, the bit leaving the low lane
   enters the high one and the bit leaving the high one folds back into
   the low as 0x87, both selected by masks, not branches.  */
INLINE v128
xts_mul_x (v128 t)
{
  static const uint64_t poly[2] = { 0x87, 1 };
  int64x2_t s = vreinterpretq_s64_u8 (t);
  int64x2_t m = vshrq_n_s64 (s, 63);

  m = vextq_s64 (m, m, 1);
  return vreinterpretq_u8_s64
    (veorq_s64 (vshlq_n_s64 (s, 1),
                vandq_s64 (m, vreinterpretq_s64_u64 (vld1q_u64 (poly)))));
}

#endif /* BCRY_NEON_COMMON_AARCH64_H */
