/* ghash-pmull-aarch64.c - GHASH and POLYVAL with aarch64's PMULL
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH (NIST SP 800-38D, section 6.4) and, through RFC 8452 Appendix
 * A, POLYVAL, with the 64x64-bit carry-less multiplies PMULL (low
 * halves) and PMULL2 (high halves) of the ARMv8 crypto extension,
 * written with <arm_neon.h> intrinsics: the powers of H in
 * ghash_state_t's K, and the loop over groups of eight blocks.  The
 * multiply, the aggregated reduction and the representation (that of
 * ghash-clmul.h and ghash-pclmul.c) are in ghash-pmull-aarch64.h, for
 * the stitched GCM kernels too.  The group's first block, which
 * carries Y, is multiplied by the highest power, so that the chain from
 * one Y to the next is one product and one reduction.  No table, no
 * branch and no memory access depends on the data or the key.
 */

#include <config.h>
#include "ghash.h"

#ifdef GHASH_USE_PMULL

#define NEON_COMMON_CRYPTO 1
#include "neon-common-aarch64.h"

#include "ghash-pmull-aarch64.h"

#define PMULL_BLOCKS 8

#define XOR(a, b) veorq_u8 ((a), (b))

INLINE v128
gf_mul (v128 a, v128 b)
{
  v128 lo = pmull_ll (a, b), hi = pmull_hh (a, b);
  v128 mid = XOR (pmull_ll (a, pmull_swap64 (b)),
                  pmull_ll (pmull_swap64 (a), b));

  return pmull_finish (lo, mid, hi);
}

INLINE v128
gf_sqr (v128 a)
{
  return pmull_reduce (pmull_ll (a, a), pmull_hh (a, a));
}

/* H * x^-1 in the reflected order: H shifted left by one bit, the bit
   that leaves at the top coming back as x^-1.  */
INLINE v128
key (const byte *hp)
{
  static const u64 poly[2] = { 1, 0xc200000000000000ULL };
  v128 h = pmull_rev128 (vld1q_u8 (hp)), carry, sh;
  int32x4_t top = vshrq_n_s32 (vreinterpretq_s32_u8 (h), 31);

  carry = vreinterpretq_u8_s32 (vdupq_laneq_s32 (top, 3));
  carry = vandq_u8 (carry, vreinterpretq_u8_u64 (vld1q_u64 (poly)));
  sh = vreinterpretq_u8_u64
    (vorrq_u64 (vshlq_n_u64 (vreinterpretq_u64_u8 (h), 1),
                vshrq_n_u64 (vreinterpretq_u64_u8
                             (vextq_u8 (vdupq_n_u8 (0), h, 8)), 63)));
  return XOR (sh, carry);
}

/* H^1..H^4 from H; the rest cleared, for _bcry_ghash_pmull_fill_k.  */
void
_bcry_ghash_pmull_setkey (ghash_state_t *gh)
{
  byte *pow = (byte *)gh->k.pow, *mid = (byte *)gh->k.mid;
  v128 h1, h2, h3, h4;
  int i;

  h1 = key (gh->h);
  h2 = gf_sqr (h1);
  h3 = gf_mul (h2, h1);
  h4 = gf_sqr (h2);
  vst1q_u8 (pow + 16 * 15, h1);
  vst1q_u8 (pow + 16 * 14, h2);
  vst1q_u8 (pow + 16 * 13, h3);
  vst1q_u8 (pow + 16 * 12, h4);
  vst1q_u8 (mid + 16 * 15, pmull_kara (h1));
  vst1q_u8 (mid + 16 * 14, pmull_kara (h2));
  vst1q_u8 (mid + 16 * 13, pmull_kara (h3));
  vst1q_u8 (mid + 16 * 12, pmull_kara (h4));
  for (i = 0; i < GHASH_CLMUL_POWERS - 4; i++)
    {
      vst1q_u8 (pow + 16 * i, vdupq_n_u8 (0));
      vst1q_u8 (mid + 16 * i, vdupq_n_u8 (0));
    }
}

/* H^5..H^8 as H^1..H^4 times H^4, H^9..H^16 as H^1..H^8 times H^8.  The
   loop reads only H^1..H^8; the rest is filled so that K_SET means the
   same under every multiplier.  */
void
_bcry_ghash_pmull_fill_k (ghash_state_t *gh)
{
  byte *pow = (byte *)gh->k.pow, *mid = (byte *)gh->k.mid;
  v128 h4 = vld1q_u8 (pow + 16 * 12), h8;
  int i;

  for (i = 0; i < 4; i++)
    vst1q_u8 (pow + 16 * (8 + i),
              gf_mul (vld1q_u8 (pow + 16 * (12 + i)), h4));
  h8 = vld1q_u8 (pow + 16 * 8);
  for (i = 0; i < 8; i++)
    vst1q_u8 (pow + 16 * i, gf_mul (vld1q_u8 (pow + 16 * (8 + i)), h8));
  for (i = 0; i < GHASH_CLMUL_POWERS - 4; i++)
    vst1q_u8 (mid + 16 * i, pmull_kara (vld1q_u8 (pow + 16 * i)));
  gh->k_set = 1;
}

INLINE void
blocks (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  v128 y = pmull_rev128 (vld1q_u8 (gh->y));

  for (; nblocks >= PMULL_BLOCKS; nblocks -= PMULL_BLOCKS)
    {
      y = pmull_sum (y, gh, buf, PMULL_BLOCKS, polyval);
      buf += 16 * PMULL_BLOCKS;
    }
  /* A constant count for each tail, so that its loop unrolls.  */
  switch (nblocks)
    {
    case 7: y = pmull_sum (y, gh, buf, 7, polyval); break;
    case 6: y = pmull_sum (y, gh, buf, 6, polyval); break;
    case 5: y = pmull_sum (y, gh, buf, 5, polyval); break;
    case 4: y = pmull_sum (y, gh, buf, 4, polyval); break;
    case 3: y = pmull_sum (y, gh, buf, 3, polyval); break;
    case 2: y = pmull_sum (y, gh, buf, 2, polyval); break;
    case 1: y = pmull_sum (y, gh, buf, 1, polyval); break;
    default: break;
    }
  vst1q_u8 (gh->y, pmull_rev128 (y));
}

GHASH_BLOCKS_FN (, _bcry_ghash_pmull_blocks, blocks)

NEON_COMMON_END

#else /* !GHASH_USE_PMULL */

/* ISO C wants a declaration in every translation unit.  */
typedef int ghash_pmull_unused_t;

#endif /* !GHASH_USE_PMULL */
