/* ghash-pclmul.c - GHASH and POLYVAL with the carry-less multiply
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH (NIST SP 800-38D, section 6.4) and, through RFC 8452 Appendix
 * A, POLYVAL, with PCLMULQDQ as in Gueron and Kounavis, "Intel
 * Carry-Less Multiplication Instruction and its Usage for Computing the
 * GCM Mode" (Intel, rev. 2.02, 2014): blocks are byte-reversed into a
 * register so that its bit 127 is the coefficient of x^0, multiplied
 * with Karatsuba (three PCLMULQDQ per block), and the products of four
 * blocks, (Y ^ X1) * H^4 + X2 * H^3 + X3 * H^2 + X4 * H, are added
 * before one shift by a bit and one reduction (the paper's aggregated
 * reduction).  POLYVAL's blocks are GHASH's byte-reversed, so they are
 * loaded as they are.  No table, no branch and no memory access depends
 * on the data or the key: this path is constant time.
 */

#include <config.h>
#include "ghash.h"

#ifdef GHASH_USE_PCLMUL

#include <immintrin.h>

#define TARGET __attribute__ ((target ("pclmul,ssse3")))

/* CLMUL: [0..3] H^1..H^4, [4..7] the same with each one's halves
   xored into its low half (the Karatsuba middle operand).  */

static TARGET inline __m128i
bswap128 (__m128i x)
{
  const __m128i rev = _mm_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                                    8, 9, 10, 11, 12, 13, 14, 15);
  return _mm_shuffle_epi8 (x, rev);
}

/* The product LO + HI * x^128 (registers as the paper's: shifted by a
   bit) reduced modulo x^128 + x^7 + x^2 + x + 1.  */
static TARGET inline __m128i
reduce (__m128i lo, __m128i hi)
{
  __m128i t7, t8, t9, t2, t4, t5;

  /* Shift the 256-bit product left by one bit.  */
  t7 = _mm_srli_epi32 (lo, 31);
  t8 = _mm_srli_epi32 (hi, 31);
  lo = _mm_slli_epi32 (lo, 1);
  hi = _mm_slli_epi32 (hi, 1);
  t9 = _mm_srli_si128 (t7, 12);
  t8 = _mm_slli_si128 (t8, 4);
  t7 = _mm_slli_si128 (t7, 4);
  lo = _mm_or_si128 (lo, t7);
  hi = _mm_or_si128 (hi, t8);
  hi = _mm_or_si128 (hi, t9);
  /* First phase of the reduction.  */
  t7 = _mm_slli_epi32 (lo, 31);
  t8 = _mm_slli_epi32 (lo, 30);
  t9 = _mm_slli_epi32 (lo, 25);
  t7 = _mm_xor_si128 (t7, t8);
  t7 = _mm_xor_si128 (t7, t9);
  t8 = _mm_srli_si128 (t7, 4);
  t7 = _mm_slli_si128 (t7, 12);
  lo = _mm_xor_si128 (lo, t7);
  /* Second phase.  */
  t2 = _mm_srli_epi32 (lo, 1);
  t4 = _mm_srli_epi32 (lo, 2);
  t5 = _mm_srli_epi32 (lo, 7);
  t2 = _mm_xor_si128 (t2, t4);
  t2 = _mm_xor_si128 (t2, t5);
  t2 = _mm_xor_si128 (t2, t8);
  lo = _mm_xor_si128 (lo, t2);
  return _mm_xor_si128 (hi, lo);
}

/* The halves of A xored into its low half.  */
static TARGET inline __m128i
kara (__m128i a)
{
  return _mm_xor_si128 (a, _mm_shuffle_epi32 (a, 0x4e));
}

/* Add A * B to the unreduced sum (LO, MID, HI); KB is kara (B).  */
static TARGET inline void
mul_acc (__m128i a, __m128i b, __m128i kb, __m128i *lo, __m128i *mid,
         __m128i *hi)
{
  *lo = _mm_xor_si128 (*lo, _mm_clmulepi64_si128 (a, b, 0x00));
  *hi = _mm_xor_si128 (*hi, _mm_clmulepi64_si128 (a, b, 0x11));
  *mid = _mm_xor_si128 (*mid, _mm_clmulepi64_si128 (kara (a), kb, 0x00));
}

/* Reduce the sum of products (LO, MID, HI).  */
static TARGET inline __m128i
finish (__m128i lo, __m128i mid, __m128i hi)
{
  mid = _mm_xor_si128 (mid, _mm_xor_si128 (lo, hi));
  lo = _mm_xor_si128 (lo, _mm_slli_si128 (mid, 8));
  hi = _mm_xor_si128 (hi, _mm_srli_si128 (mid, 8));
  return reduce (lo, hi);
}

static TARGET inline __m128i
gf_mul (__m128i a, __m128i b)
{
  __m128i z = _mm_setzero_si128 (), lo = z, mid = z, hi = z;

  mul_acc (a, b, kara (b), &lo, &mid, &hi);
  return finish (lo, mid, hi);
}

TARGET void
_bcry_ghash_pclmul_setkey (ghash_state_t *gh)
{
  __m128i *k = (__m128i *)gh->k.clmul;
  __m128i h, p;
  int i;

  h = bswap128 (_mm_loadu_si128 ((const __m128i *)gh->h));
  p = h;
  for (i = 0; i < 4; i++)
    {
      if (i)
        p = gf_mul (p, h);
      _mm_storeu_si128 (k + i, p);
      _mm_storeu_si128 (k + 4 + i, kara (p));
    }
}

static TARGET inline __m128i
load (const byte *p, int polyval)
{
  __m128i x = _mm_loadu_si128 ((const __m128i *)p);

  return polyval ? x : bswap128 (x);
}

static TARGET inline void
blocks (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  const __m128i *k = (const __m128i *)gh->k.clmul;
  __m128i y = bswap128 (_mm_loadu_si128 ((const __m128i *)gh->y));
  __m128i h1 = _mm_loadu_si128 (k), h2 = _mm_loadu_si128 (k + 1);
  __m128i h3 = _mm_loadu_si128 (k + 2), h4 = _mm_loadu_si128 (k + 3);
  __m128i k1 = _mm_loadu_si128 (k + 4), k2 = _mm_loadu_si128 (k + 5);
  __m128i k3 = _mm_loadu_si128 (k + 6), k4 = _mm_loadu_si128 (k + 7);
  __m128i z = _mm_setzero_si128 (), lo, mid, hi;

  for (; nblocks >= 4; nblocks -= 4, buf += 64)
    {
      lo = mid = hi = z;
      mul_acc (_mm_xor_si128 (y, load (buf, polyval)), h4, k4,
               &lo, &mid, &hi);
      mul_acc (load (buf + 16, polyval), h3, k3, &lo, &mid, &hi);
      mul_acc (load (buf + 32, polyval), h2, k2, &lo, &mid, &hi);
      mul_acc (load (buf + 48, polyval), h1, k1, &lo, &mid, &hi);
      y = finish (lo, mid, hi);
    }
  for (; nblocks; nblocks--, buf += 16)
    {
      lo = mid = hi = z;
      mul_acc (_mm_xor_si128 (y, load (buf, polyval)), h1, k1,
               &lo, &mid, &hi);
      y = finish (lo, mid, hi);
    }
  _mm_storeu_si128 ((__m128i *)gh->y, bswap128 (y));
}

TARGET void
_bcry_ghash_pclmul_blocks (ghash_state_t *gh, const byte *buf,
                           size_t nblocks)
{
  if (gh->polyval)
    blocks (gh, buf, nblocks, 1);
  else
    blocks (gh, buf, nblocks, 0);
}

#else /* !GHASH_USE_PCLMUL */

/* ISO C wants a declaration in every translation unit.  */
typedef int ghash_pclmul_unused_t;

#endif /* !GHASH_USE_PCLMUL */
