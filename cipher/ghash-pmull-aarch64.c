/* ghash-pmull-aarch64.c - GHASH and POLYVAL with aarch64's PMULL
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH (NIST SP 800-38D, section 6.4) and, through RFC 8452 Appendix
 * A, POLYVAL, with the 64x64-bit carry-less multiplies PMULL (low
 * halves) and PMULL2 (high halves) of the ARMv8 crypto extension,
 * written with <arm_neon.h> intrinsics.  The representation and the
 * algorithm are those of ghash-clmul.h and ghash-pclmul.c: blocks
 * byte-reversed so that bit 127 is x^0, the key kept as H * x^-1 so
 * that a product needs no shift, Karatsuba products (three multiplies
 * a block) summed over eight blocks before one reduction (Gueron and
 * Kounavis's aggregated reduction), with the block that carries Y
 * multiplied by the highest power so that the chain from one Y to the
 * next is one product and one reduction.  The powers of H live in
 * ghash_state_t's K in the same layout, POW[i] = H^(16-i) * x^-1 and
 * MID[i] its Karatsuba middle.  No table, no branch and no memory access
 * depends on the data or the key.
 */

#include <config.h>
#include "ghash.h"

#ifdef GHASH_USE_PMULL

#define NEON_COMMON_CRYPTO 1
#include "neon-common-aarch64.h"

#define PMULL_BLOCKS 8


INLINE v128
swap64 (v128 x)
{
  return vextq_u8 (x, x, 8);
}

INLINE v128
rev128 (v128 x)
{
  return swap64 (vrev64q_u8 (x));
}

INLINE v128
load (const byte *p, int polyval)
{
  v128 x = vld1q_u8 (p);

  /* POLYVAL's blocks are GHASH's byte-reversed (RFC 8452, App. A).  */
  return polyval ? x : rev128 (x);
}

/* Low halves, high halves, and A's low half times B's high half.  */
INLINE v128
mul_ll (v128 a, v128 b)
{
  return vreinterpretq_u8_p128
    (vmull_p64 (vgetq_lane_p64 (vreinterpretq_p64_u8 (a), 0),
                vgetq_lane_p64 (vreinterpretq_p64_u8 (b), 0)));
}

INLINE v128
mul_hh (v128 a, v128 b)
{
  return vreinterpretq_u8_p128
    (vmull_high_p64 (vreinterpretq_p64_u8 (a), vreinterpretq_p64_u8 (b)));
}

#define XOR(a, b) veorq_u8 ((a), (b))

/* A's two halves xored into its low half: Karatsuba's middle operand.  */
INLINE v128
kara (v128 a)
{
  return XOR (a, swap64 (a));
}

/* (LO, HI) is a 256-bit product in the reflected order; return it
   modulo x^128 + x^7 + x^2 + x + 1: twice, the low 64 bits times the
   top half of x^-1 (0xc2 << 56) folded 64 bits further.  */
INLINE v128
reduce (v128 lo, v128 hi)
{
  const poly64_t c = 0xc200000000000000ULL;
  v128 t;

  t = vreinterpretq_u8_p128
    (vmull_p64 (vgetq_lane_p64 (vreinterpretq_p64_u8 (lo), 0), c));
  lo = XOR (swap64 (lo), t);
  t = vreinterpretq_u8_p128
    (vmull_p64 (vgetq_lane_p64 (vreinterpretq_p64_u8 (lo), 0), c));
  lo = XOR (swap64 (lo), t);
  return XOR (lo, hi);
}

/* LO and HI the sums of the low and high products, MID the sum of the
   cross terms.  */
INLINE v128
finish (v128 lo, v128 mid, v128 hi)
{
  const v128 z = vdupq_n_u8 (0);

  lo = XOR (lo, vextq_u8 (z, mid, 8));
  hi = XOR (hi, vextq_u8 (mid, z, 8));
  return reduce (lo, hi);
}

INLINE v128
gf_mul (v128 a, v128 b)
{
  v128 lo = mul_ll (a, b), hi = mul_hh (a, b);
  v128 mid = XOR (mul_ll (a, swap64 (b)), mul_ll (swap64 (a), b));

  return finish (lo, mid, hi);
}

INLINE v128
gf_sqr (v128 a)
{
  return reduce (mul_ll (a, a), mul_hh (a, a));
}

/* H * x^-1 in the reflected order: H shifted left by one bit, the bit
   that leaves at the top coming back as x^-1.  */
INLINE v128
key (const byte *hp)
{
  static const u64 poly[2] = { 1, 0xc200000000000000ULL };
  v128 h = rev128 (vld1q_u8 (hp)), carry, sh;
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
  vst1q_u8 (mid + 16 * 15, kara (h1));
  vst1q_u8 (mid + 16 * 14, kara (h2));
  vst1q_u8 (mid + 16 * 13, kara (h3));
  vst1q_u8 (mid + 16 * 12, kara (h4));
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
    vst1q_u8 (mid + 16 * i, kara (vld1q_u8 (pow + 16 * i)));
  gh->k_set = 1;
}

/* Y ^ X1, X2, ..., XN times H^N, ..., H^1, reduced; 1 <= N <= 8.  */
INLINE v128
sum (v128 y, const ghash_state_t *gh, const byte *buf, int n, int polyval)
{
  const byte *pow = (const byte *)gh->k.pow, *mid = (const byte *)gh->k.mid;
  v128 lo = vdupq_n_u8 (0), md = lo, hi = lo, x, p;
  int i, first = GHASH_CLMUL_POWERS - n;

  for (i = 0; i < n; i++)
    {
      x = load (buf + 16 * i, polyval);
      if (i == 0)
        x = XOR (x, y);
      p = vld1q_u8 (pow + 16 * (first + i));
      lo = XOR (lo, mul_ll (x, p));
      hi = XOR (hi, mul_hh (x, p));
      md = XOR (md, mul_ll (kara (x), vld1q_u8 (mid + 16 * (first + i))));
    }
  md = XOR (md, XOR (lo, hi));
  return finish (lo, md, hi);
}

INLINE void
blocks (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  v128 y = rev128 (vld1q_u8 (gh->y));

  for (; nblocks >= PMULL_BLOCKS; nblocks -= PMULL_BLOCKS)
    {
      y = sum (y, gh, buf, PMULL_BLOCKS, polyval);
      buf += 16 * PMULL_BLOCKS;
    }
  /* A constant count for each tail, so that its loop unrolls.  */
  switch (nblocks)
    {
    case 7: y = sum (y, gh, buf, 7, polyval); break;
    case 6: y = sum (y, gh, buf, 6, polyval); break;
    case 5: y = sum (y, gh, buf, 5, polyval); break;
    case 4: y = sum (y, gh, buf, 4, polyval); break;
    case 3: y = sum (y, gh, buf, 3, polyval); break;
    case 2: y = sum (y, gh, buf, 2, polyval); break;
    case 1: y = sum (y, gh, buf, 1, polyval); break;
    default: break;
    }
  vst1q_u8 (gh->y, rev128 (y));
}

GHASH_BLOCKS_FN (, _bcry_ghash_pmull_blocks, blocks)

NEON_COMMON_END

#else /* !GHASH_USE_PMULL */

/* ISO C wants a declaration in every translation unit.  */
typedef int ghash_pmull_unused_t;

#endif /* !GHASH_USE_PMULL */
