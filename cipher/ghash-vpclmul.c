/* ghash-vpclmul.c - GHASH and POLYVAL with the vector carry-less multiply
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH (NIST SP 800-38D, section 6.4) and POLYVAL (RFC 8452, through
 * its Appendix A) on long inputs with VPCLMULQDQ, which multiplies two
 * or four 64-bit pairs per instruction in YMM or ZMM registers, in the
 * representation of ghash-clmul.h, with the powers of H that
 * ghash-pclmul.c fills.  Neither memory addresses nor branches depend on
 * the key or the data: this path is constant time.
 */

#include <config.h>
#include "ghash.h"

#ifdef GHASH_USE_VPCLMUL

#include "ghash-clmul.h"

#define TARGET256 __attribute__ ((target ("vpclmulqdq,avx2,pclmul")))

#define POWERS GHASH_CLMUL_POWERS

/* Add Y * K (KM = kara128 (K)) to the folded sums (LO, MID, HI) of a
   group, MID holding the cross terms as clmul_finish wants, and reduce:
   the only work on the chain from one Y to the next.  Sixteen blocks
   are multiplied by H^16..H^1 and summed before a single reduction; Y
   is not added into the first block but multiplied by H^16 on its own,
   so that the chain is one multiply, a few XORs and the reduction,
   while the wide products and their folding depend only on the data
   and overlap the previous group's chain, which was the bound
   (doc/HACKING, "Tuning notes").  The YMM loop takes a last group of
   eight blocks with H^8..H^1 and leaves fewer than eight to
   ghash-pclmul.c; the ZMM loop takes them with masked loads.  */
static TARGET128 inline __m128i
chain_finish (__m128i y, __m128i k, __m128i km, __m128i lo, __m128i mid,
              __m128i hi)
{
  __m128i ylo = _mm_clmulepi64_si128 (y, k, 0x00);
  __m128i yhi = _mm_clmulepi64_si128 (y, k, 0x11);
  __m128i ymid = _mm_clmulepi64_si128 (kara128 (y), km, 0x00);

  lo = _mm_xor_si128 (lo, ylo);
  hi = _mm_xor_si128 (hi, yhi);
  mid = _mm_xor_si128 (_mm_xor_si128 (mid, ymid),
                       _mm_xor_si128 (ylo, yhi));
  return clmul_finish (lo, mid, hi);
}

/* YMM: Karatsuba's three multiplies per block, which measured faster
   than four, as did sixteen blocks per reduction against eight: the
   carry-less multiplier is the bottleneck of the wide loops.  */

static TARGET256 inline __m256i
load256 (const byte *p, int polyval)
{
  const __m256i rev = _mm256_set_epi8 (0, 1, 2, 3, 4, 5, 6, 7,
                                       8, 9, 10, 11, 12, 13, 14, 15,
                                       0, 1, 2, 3, 4, 5, 6, 7,
                                       8, 9, 10, 11, 12, 13, 14, 15);
  __m256i x = _mm256_loadu_si256 ((const __m256i *)p);

  return polyval ? x : _mm256_shuffle_epi8 (x, rev);
}

/* Each block's halves xored into its low half.  */
static TARGET256 inline __m256i
kara256 (__m256i a)
{
  return _mm256_xor_si256 (a, _mm256_shuffle_epi32 (a, 0x4e));
}

/* Add A * B to (LO, MID, HI); KB is kara256 (B), and MID collects the
   Karatsuba middle products, to which LO and HI are added at the end.  */
static TARGET256 inline void
mul_acc256 (__m256i a, __m256i b, __m256i kb, __m256i *lo, __m256i *mid,
            __m256i *hi)
{
  *lo = _mm256_xor_si256 (*lo, _mm256_clmulepi64_epi128 (a, b, 0x00));
  *hi = _mm256_xor_si256 (*hi, _mm256_clmulepi64_epi128 (a, b, 0x11));
  *mid = _mm256_xor_si256 (*mid, _mm256_clmulepi64_epi128 (kara256 (a), kb,
                                                           0x00));
}

static TARGET256 inline __m128i
fold256 (__m256i x)
{
  return _mm_xor_si128 (_mm256_castsi256_si128 (x),
                        _mm256_extracti128_si256 (x, 1));
}

/* Y ^ X1, X2, ..., X(2N) times H^(2N), ..., H^1, reduced, for N = 8 or
   4 registers of two blocks.  The powers and their middle operands are
   read from the state: sixteen of each would take every register.  The
   loop is unrolled, so that the loads fold into the multiplies.  */
static TARGET256 inline __m128i
sum256 (__m128i y, const ghash_state_t *gh, const byte *buf, int n,
        int polyval)
{
  const __m256i *p = (const __m256i *)gh->k.pow + POWERS / 2 - n;
  const __m256i *q = (const __m256i *)gh->k.mid + POWERS / 2 - n;
  __m256i lo = _mm256_setzero_si256 (), mid = lo, hi = lo;
  int i;

#pragma GCC unroll 8
  for (i = 0; i < n; i++)
    mul_acc256 (load256 (buf + 32 * i, polyval), _mm256_loadu_si256 (p + i),
                _mm256_loadu_si256 (q + i), &lo, &mid, &hi);
  mid = _mm256_xor_si256 (mid, _mm256_xor_si256 (lo, hi));
  return chain_finish (y, _mm_loadu_si128 ((const __m128i *)p),
                       _mm_loadu_si128 ((const __m128i *)q),
                       fold256 (lo), fold256 (mid), fold256 (hi));
}

static TARGET256 inline void
blocks256 (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  __m128i y = bswap128 (_mm_loadu_si128 ((const __m128i *)gh->y));

  for (; nblocks >= POWERS; nblocks -= POWERS, buf += 16 * POWERS)
    y = sum256 (y, gh, buf, POWERS / 2, polyval);
  if (nblocks >= POWERS / 2)
    {
      y = sum256 (y, gh, buf, POWERS / 4, polyval);
      nblocks -= POWERS / 2;
      buf += 8 * POWERS;
    }
  _mm_storeu_si128 ((__m128i *)gh->y, bswap128 (y));
  if (nblocks)
    _bcry_ghash_pclmul_blocks (gh, buf, nblocks);
}

TARGET256 void
_bcry_ghash_vpclmul256_blocks (ghash_state_t *gh, const byte *buf,
                               size_t nblocks)
{
  if (gh->polyval)
    blocks256 (gh, buf, nblocks, 1);
  else
    blocks256 (gh, buf, nblocks, 0);
  /* Also clears the powers of H from the registers.  */
  _mm256_zeroall ();
}

#ifdef GHASH_USE_VPCLMUL512

#define TARGET512 __attribute__ ((target ("vpclmulqdq,avx512f,avx512bw," \
                                          "avx512vl,avx512dq,avx2,pclmul")))

/* ZMM: sixteen blocks per reduction, Karatsuba as above.  A run shorter
   than sixteen blocks takes its blocks and its powers with masked
   loads, lanes past the end reading as zero, so it needs no separate
   tail code.  */

static TARGET512 inline __m512i
load512 (const byte *p, __mmask8 m, int polyval)
{
  const __m512i rev = _mm512_set_epi64
    (0x0001020304050607LL, 0x08090a0b0c0d0e0fLL,
     0x0001020304050607LL, 0x08090a0b0c0d0e0fLL,
     0x0001020304050607LL, 0x08090a0b0c0d0e0fLL,
     0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
  __m512i x = _mm512_maskz_loadu_epi64 (m, p);

  return polyval ? x : _mm512_shuffle_epi8 (x, rev);
}

static TARGET512 inline __m512i
kara512 (__m512i a)
{
  return _mm512_xor_si512 (a, _mm512_shuffle_epi32 (a, 0x4e));
}

static TARGET512 inline void
mul_acc512 (__m512i a, __m512i b, __m512i kb, __m512i *lo, __m512i *mid,
            __m512i *hi)
{
  *lo = _mm512_xor_si512 (*lo, _mm512_clmulepi64_epi128 (a, b, 0x00));
  *hi = _mm512_xor_si512 (*hi, _mm512_clmulepi64_epi128 (a, b, 0x11));
  *mid = _mm512_xor_si512 (*mid, _mm512_clmulepi64_epi128 (kara512 (a), kb,
                                                           0x00));
}

/* The products of X0..X3 and P0..P3 (KARATSUBA halves Q0..Q3), added
   in three-input XORs so that the sums are shallow trees.  */
#define CLMUL(a, b, i) _mm512_clmulepi64_epi128 ((a), (b), (i))
#define XOR3(a, b, c) _mm512_ternarylogic_epi64 ((a), (b), (c), 0x96)
#define MUL4_512(x0, x1, x2, x3, lo, mid, hi)                           \
  do {                                                                  \
    lo = XOR3 (CLMUL (x0, p0, 0x00), CLMUL (x1, p1, 0x00),              \
               CLMUL (x2, p2, 0x00));                                   \
    lo = _mm512_xor_si512 (lo, CLMUL (x3, p3, 0x00));                   \
    hi = XOR3 (CLMUL (x0, p0, 0x11), CLMUL (x1, p1, 0x11),              \
               CLMUL (x2, p2, 0x11));                                   \
    hi = _mm512_xor_si512 (hi, CLMUL (x3, p3, 0x11));                   \
    mid = XOR3 (CLMUL (kara512 (x0), q0, 0x00),                         \
                CLMUL (kara512 (x1), q1, 0x00),                         \
                CLMUL (kara512 (x2), q2, 0x00));                        \
    mid = XOR3 (mid, CLMUL (kara512 (x3), q3, 0x00),                    \
                _mm512_xor_si512 (lo, hi));                             \
  } while (0)

static TARGET512 inline __m128i
fold512 (__m512i x)
{
  __m256i h = _mm256_xor_si256 (_mm512_castsi512_si256 (x),
                                _mm512_extracti64x4_epi64 (x, 1));

  return _mm_xor_si128 (_mm256_castsi256_si128 (h),
                        _mm256_extracti128_si256 (h, 1));
}

/* Y ^ X1, ..., XN times H^N, ..., H^1, for 1 <= N < 16.  */
static TARGET512 inline __m128i
tail512 (__m128i y, const __m128i *k, const byte *buf, size_t n,
         int polyval)
{
  const byte *kp = (const byte *)(k + POWERS - n);
  __m512i lo = _mm512_setzero_si512 (), mid = lo, hi = lo, x, p;
  unsigned int i, left;
  __mmask8 m;

  for (i = 0; 4 * i < n; i++)
    {
      left = n - 4 * i;
      m = left >= 4 ? 0xff : (__mmask8)((1u << (2 * left)) - 1);
      x = load512 (buf + 64 * i, m, polyval);
      if (!i)
        x = _mm512_xor_si512 (x, _mm512_zextsi128_si512 (y));
      p = _mm512_maskz_loadu_epi64 (m, kp + 64 * i);
      mul_acc512 (x, p, kara512 (p), &lo, &mid, &hi);
    }
  mid = XOR3 (mid, lo, hi);
  return clmul_finish (fold512 (lo), fold512 (mid), fold512 (hi));
}

static TARGET512 inline void
blocks512 (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  const __m128i *k = (const __m128i *)gh->k.pow;
  __m128i y = bswap128 (_mm_loadu_si128 ((const __m128i *)gh->y));
  __m512i p0 = _mm512_loadu_si512 (k), p1 = _mm512_loadu_si512 (k + 4);
  __m512i p2 = _mm512_loadu_si512 (k + 8), p3 = _mm512_loadu_si512 (k + 12);
  __m512i q0 = kara512 (p0), q1 = kara512 (p1);
  __m512i q2 = kara512 (p2), q3 = kara512 (p3);
  __m512i x0, x1, x2, x3, lo, mid, hi;
  /* H^16 and its middle operand.  */
  __m128i h16 = _mm512_castsi512_si128 (p0);
  __m128i h16m = _mm512_castsi512_si128 (q0);

  for (; nblocks >= POWERS; nblocks -= POWERS, buf += 16 * POWERS)
    {
      x0 = load512 (buf, 0xff, polyval);
      x1 = load512 (buf + 64, 0xff, polyval);
      x2 = load512 (buf + 128, 0xff, polyval);
      x3 = load512 (buf + 192, 0xff, polyval);
      MUL4_512 (x0, x1, x2, x3, lo, mid, hi);
      y = chain_finish (y, h16, h16m, fold512 (lo), fold512 (mid),
                        fold512 (hi));
    }
  if (nblocks)
    y = tail512 (y, k, buf, nblocks, polyval);
  _mm_storeu_si128 ((__m128i *)gh->y, bswap128 (y));
}

TARGET512 void
_bcry_ghash_vpclmul512_blocks (ghash_state_t *gh, const byte *buf,
                               size_t nblocks)
{
  if (gh->polyval)
    blocks512 (gh, buf, nblocks, 1);
  else
    blocks512 (gh, buf, nblocks, 0);
  /* Clears the powers of H from ZMM0-15; the compiler keeps them in
     those (the function needs fewer than sixteen registers).  */
  _mm256_zeroall ();
}

#endif /* GHASH_USE_VPCLMUL512 */

#else /* !GHASH_USE_VPCLMUL */

/* ISO C wants a declaration in every translation unit.  */
typedef int ghash_vpclmul_unused_t;

#endif /* !GHASH_USE_VPCLMUL */
