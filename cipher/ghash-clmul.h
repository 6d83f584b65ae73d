/* ghash-clmul.h - the carry-less multiply core of GHASH and POLYVAL
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Inline helpers shared by ghash-pclmul.c and ghash-vpclmul.c.  Blocks
 * are byte-reversed into registers, so that bit 127 of a register is
 * the coefficient of x^0 (the reflected order of Gueron and Kounavis,
 * "Intel Carry-Less Multiplication Instruction and its Usage for
 * Computing the GCM Mode", rev. 2.02).  The key is kept as H * x^-1,
 * which in that order is H shifted left by one bit with the modulus
 * added back when a bit falls off; then the 256-bit product of a block
 * and such a key needs no shift before its reduction, and the reduction
 * itself is two folds by the constant
 * 0xc2000000000000000000000000000001 (x^-1 in the same order), done
 * with shifts.  Products are formed with Karatsuba, three multiplies a
 * block, the middle operand of each power of H kept with it.
 */

#ifndef BCRY_GHASH_CLMUL_H
#define BCRY_GHASH_CLMUL_H

#include <immintrin.h>

#define TARGET128 __attribute__ ((target ("pclmul,ssse3")))

/* For the loops and the helpers they call: each loop is compiled once
   per byte order and instruction encoding (GHASH_BLOCKS_FN), which it
   is only if it is inlined into each, whatever its size.  */
#define CLMUL_INLINE inline __attribute__ ((always_inline))

static TARGET128 CLMUL_INLINE __m128i
bswap128 (__m128i x)
{
  const __m128i rev = _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                                    8, 9, 10, 11, 12, 13, 14, 15);
  return _mm_shuffle_epi8 (x, rev);
}

static TARGET128 CLMUL_INLINE __m128i
load128 (const byte *p, int polyval)
{
  __m128i x = _mm_loadu_si128 ((const __m128i *)p);

  /* POLYVAL's blocks are GHASH's byte-reversed (RFC 8452, App. A).  */
  return polyval ? x : bswap128 (x);
}

/* A's two halves xored into its low half: Karatsuba's middle operand.  */
static TARGET128 CLMUL_INLINE __m128i
kara128 (__m128i a)
{
  return _mm_xor_si128 (a, _mm_shuffle_epi32 (a, 0x4e));
}

/* The reductions and the end of a sum of products for one register
   width W (128, 256 or 512), lane by lane, written once for the XMM
   code below and the YMM and ZMM code of ghash-vpclmul.c: TYPE is the
   register, and XOR, SLLQ and SRLQ (shifts of 64-bit lanes), BSLL and
   BSRL (byte shifts of 128-bit lanes), SHUF (_shuffle_epi32), CLMUL
   and KARA the width's intrinsics, POLY x^-1 (its top qword in each
   lane).  Both reductions take a sum of Karatsuba products, LO and HI
   the sums of the low and high products, MID that of the middle
   products with LO and HI already added (the cross terms), and reduce
   it modulo x^128 + x^7 + x^2 + x + 1 by folding the low qword L0
   twice by the top half of x^-1, 64 bits further each time: L0 times
   it into the high qword, then the new pair (L0, L1') times it into
   the low qword and past it.

   clmul_reduceW folds with two carry-less multiplies: the shorter
   chain, for runs of a few blocks and the powers of H, whose time is
   their latency.  Its first multiply reads only L0, which the cross
   terms do not reach, so it does not wait for them.

   finishW folds with shifts, that top half being x^63 + x^62 + x^57
   (sll_polyW the part of a product that stays in its qword, srl_polyW
   the part that leaves it): longer as a chain, but it leaves the
   carry-less multiplier, the bottleneck of the long loops, to the
   blocks' products.  The first fold reads only L0, which the cross
   terms do not reach, so it does not wait for them.

   lastW (X0, P, Q, LO, MID, HI, SHIFTS) ends a sum of products: it
   adds X0 times P (Q = karaW (P)) to the sums of the other blocks (LO,
   MID, HI, MID not holding LO and HI yet) and reduces, by finishW if
   SHIFTS (a constant), else by clmul_reduceW.  X0 carries the running
   value, so the chain from one value to the next runs through here:
   the sums of the other blocks are combined off it, and X0's products
   join each where it is first needed.  */
#define CLMUL_REDUCE_FNS(attr, w, type, xor, sllq, srlq, bsll, bsrl,    \
                         shuf, clmul, kara, poly)                       \
  static attr CLMUL_INLINE type                                         \
  clmul_reduce##w (type lo, type mid, type hi)                          \
  {                                                                     \
    type t;                                                             \
                                                                        \
    t = clmul (lo, poly, 0x10);                                         \
    lo = xor (shuf (xor (lo, bsll (mid, 8)), 0x4e), t);                 \
    t = clmul (lo, poly, 0x10);                                         \
    return xor (xor (shuf (lo, 0x4e), t), xor (hi, bsrl (mid, 8)));     \
  }                                                                     \
                                                                        \
  static attr CLMUL_INLINE type                                         \
  sll_poly##w (type x)                                                  \
  {                                                                     \
    return xor (xor (sllq (x, 63), sllq (x, 62)), sllq (x, 57));        \
  }                                                                     \
                                                                        \
  static attr CLMUL_INLINE type                                         \
  srl_poly##w (type x)                                                  \
  {                                                                     \
    return xor (xor (srlq (x, 1), srlq (x, 2)), srlq (x, 7));           \
  }                                                                     \
                                                                        \
  static attr CLMUL_INLINE type                                         \
  finish##w (type lo, type mid, type hi)                                \
  {                                                                     \
    type f = xor (lo, bsll (xor (sll_poly##w (lo), mid), 8));           \
                                                                        \
    hi = xor (hi, bsrl (mid, 8));                                       \
    return xor (xor (f, hi), xor (srl_poly##w (f),                      \
                                  bsrl (sll_poly##w (f), 8)));          \
  }                                                                     \
                                                                        \
  static attr CLMUL_INLINE type                                         \
  last##w (type x0, type p, type q, type lo, type mid, type hi,         \
           int shifts)                                                  \
  {                                                                     \
    type l0 = clmul (x0, p, 0x00), h0 = clmul (x0, p, 0x11);            \
    type m0 = clmul (kara (x0), q, 0x00);                               \
                                                                        \
    mid = xor (xor (mid, m0), xor (lo, hi));                            \
    mid = xor (mid, xor (l0, h0));                                      \
    lo = xor (lo, l0);                                                  \
    hi = xor (hi, h0);                                                  \
    return shifts ? finish##w (lo, mid, hi)                             \
                  : clmul_reduce##w (lo, mid, hi);                      \
  }

CLMUL_REDUCE_FNS (TARGET128, 128, __m128i, _mm_xor_si128, _mm_slli_epi64,
                  _mm_srli_epi64, _mm_slli_si128, _mm_srli_si128,
                  _mm_shuffle_epi32, _mm_clmulepi64_si128, kara128,
                  _mm_set_epi64x ((long long)0xc200000000000000ULL, 1))

/* A * B, both in the representation above.  The four-multiply form:
   only the setkey functions multiply one pair at a time.  */
static TARGET128 CLMUL_INLINE __m128i
gf_mul128 (__m128i a, __m128i b)
{
  __m128i lo = _mm_clmulepi64_si128 (a, b, 0x00);
  __m128i hi = _mm_clmulepi64_si128 (a, b, 0x11);
  __m128i mid = _mm_xor_si128 (_mm_clmulepi64_si128 (a, b, 0x01),
                               _mm_clmulepi64_si128 (a, b, 0x10));

  return clmul_reduce128 (lo, mid, hi);
}

/* A * A: the two cross products are equal and cancel in characteristic
   two, so a square takes two multiplies and no middle term.  */
static TARGET128 CLMUL_INLINE __m128i
gf_sqr128 (__m128i a)
{
  return clmul_reduce128 (_mm_clmulepi64_si128 (a, a, 0x00),
                          _mm_setzero_si128 (),
                          _mm_clmulepi64_si128 (a, a, 0x11));
}

/* The key H (16 bytes, SP 800-38D order) as H * x^-1 in the reflected
   order: H shifted left by a bit; the bit that leaves at the top is
   x^0 * x^-1 = x^-1, the constant of the reduction.  A product with
   H * x^-1 then needs no shift, so P * H^i * x^-1 is
   gf_mul128 (P, H^i * x^-1) and every power is a product of two.  */
static TARGET128 CLMUL_INLINE __m128i
key128 (const byte *hp)
{
  __m128i h = bswap128 (_mm_loadu_si128 ((const __m128i *)hp)), carry;

  carry = _mm_shuffle_epi32 (_mm_srai_epi32 (h, 31), 0xff);
  carry = _mm_and_si128 (carry, _mm_set_epi64x
                         ((long long)0xc200000000000000ULL, 1));
  h = _mm_or_si128 (_mm_slli_epi64 (h, 1),
                    _mm_srli_epi64 (_mm_slli_si128 (h, 8), 63));
  return _mm_xor_si128 (h, carry);
}

#endif /* BCRY_GHASH_CLMUL_H */
