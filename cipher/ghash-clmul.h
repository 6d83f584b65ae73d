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
 * itself is two carry-less multiplications by the constant
 * 0xc2000000000000000000000000000001 (x^-1 in the same order) with two
 * qword swaps.  Products are formed with Karatsuba, three multiplies a
 * block, the middle operand of each power of H kept with it.
 */

#ifndef BCRY_GHASH_CLMUL_H
#define BCRY_GHASH_CLMUL_H

#include <immintrin.h>

#define TARGET128 __attribute__ ((target ("pclmul,ssse3")))

static TARGET128 inline __m128i
bswap128 (__m128i x)
{
  const __m128i rev = _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                                    8, 9, 10, 11, 12, 13, 14, 15);
  return _mm_shuffle_epi8 (x, rev);
}

static TARGET128 inline __m128i
load128 (const byte *p, int polyval)
{
  __m128i x = _mm_loadu_si128 ((const __m128i *)p);

  /* POLYVAL's blocks are GHASH's byte-reversed (RFC 8452, App. A).  */
  return polyval ? x : bswap128 (x);
}

/* A's two halves xored into its low half: Karatsuba's middle operand.  */
static TARGET128 inline __m128i
kara128 (__m128i a)
{
  return _mm_xor_si128 (a, _mm_shuffle_epi32 (a, 0x4e));
}

/* (LO, HI) is a 256-bit product in the reflected order; return it
   modulo x^128 + x^7 + x^2 + x + 1.  Each step multiplies the low qword
   by the top half of x^-1 and folds it 64 bits further.  */
static TARGET128 inline __m128i
clmul_reduce (__m128i lo, __m128i hi)
{
  const __m128i poly = _mm_set_epi64x ((long long)0xc200000000000000ULL, 1);
  __m128i t;

  t = _mm_clmulepi64_si128 (lo, poly, 0x10);
  lo = _mm_xor_si128 (_mm_shuffle_epi32 (lo, 0x4e), t);
  t = _mm_clmulepi64_si128 (lo, poly, 0x10);
  lo = _mm_xor_si128 (_mm_shuffle_epi32 (lo, 0x4e), t);
  return _mm_xor_si128 (lo, hi);
}

/* Reduce a sum of Karatsuba products: LO and HI the sums of the low and
   high products, MID that of the middle products with LO and HI already
   added, i.e. the sum of the cross terms.  */
static TARGET128 inline __m128i
clmul_finish (__m128i lo, __m128i mid, __m128i hi)
{
  lo = _mm_xor_si128 (lo, _mm_slli_si128 (mid, 8));
  hi = _mm_xor_si128 (hi, _mm_srli_si128 (mid, 8));
  return clmul_reduce (lo, hi);
}

/* A * B, both in the representation above.  The four-multiply form:
   only the setkey functions multiply one pair at a time.  */
static TARGET128 inline __m128i
gf_mul128 (__m128i a, __m128i b)
{
  __m128i lo = _mm_clmulepi64_si128 (a, b, 0x00);
  __m128i hi = _mm_clmulepi64_si128 (a, b, 0x11);
  __m128i mid = _mm_xor_si128 (_mm_clmulepi64_si128 (a, b, 0x01),
                               _mm_clmulepi64_si128 (a, b, 0x10));

  return clmul_finish (lo, mid, hi);
}

/* A * A: the two cross products are equal and cancel in characteristic
   two, so a square takes two multiplies and no middle term.  */
static TARGET128 inline __m128i
gf_sqr128 (__m128i a)
{
  return clmul_reduce (_mm_clmulepi64_si128 (a, a, 0x00),
                       _mm_clmulepi64_si128 (a, a, 0x11));
}

/* The key H (16 bytes, SP 800-38D order) as H * x^-1 in the reflected
   order: H shifted left by a bit; the bit that leaves at the top is
   x^0 * x^-1 = x^-1, the constant of clmul_reduce.  A product with
   H * x^-1 then needs no shift, so P * H^i * x^-1 is
   gf_mul128 (P, H^i * x^-1) and every power is a product of two.  */
static TARGET128 inline __m128i
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
