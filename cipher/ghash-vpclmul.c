/* ghash-vpclmul.c - GHASH and POLYVAL with the vector carry-less multiply
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH (NIST SP 800-38D, section 6.4) and POLYVAL (RFC 8452, through
 * its Appendix A) on long inputs with VPCLMULQDQ, which multiplies two
 * or four 64-bit pairs per instruction in YMM or ZMM registers, in the
 * representation of ghash-clmul.h, with the powers of H that
 * ghash-pclmul.c fills (YMM) or that this file does (ZMM, which takes
 * twice as many).  Neither memory addresses nor branches depend on the
 * key or the data: this path is constant time.
 */

#include <config.h>
#include "ghash.h"

#ifdef GHASH_USE_VPCLMUL

#include "ghash-clmul.h"

#define TARGET256 __attribute__ ((target ("vpclmulqdq,avx2,pclmul")))

#define POWERS GHASH_CLMUL_POWERS

/* YMM: Karatsuba's three multiplies per block, which measured faster
   than four, as did sixteen blocks per reduction against eight: the
   carry-less multiplier is the bottleneck of the wide loops, and every
   multiply saved counts (doc/HACKING, "Tuning notes").  */

static TARGET256 CLMUL_INLINE __m256i
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
static TARGET256 CLMUL_INLINE __m256i
kara256 (__m256i a)
{
  return _mm256_xor_si256 (a, _mm256_shuffle_epi32 (a, 0x4e));
}

/* Add A * B to (LO, MID, HI); KB is kara256 (B), and MID collects the
   Karatsuba middle products, to which LO and HI are added at the end.  */
static TARGET256 CLMUL_INLINE void
mul_acc256 (__m256i a, __m256i b, __m256i kb, __m256i *lo, __m256i *mid,
            __m256i *hi)
{
  *lo = _mm256_xor_si256 (*lo, _mm256_clmulepi64_epi128 (a, b, 0x00));
  *hi = _mm256_xor_si256 (*hi, _mm256_clmulepi64_epi128 (a, b, 0x11));
  *mid = _mm256_xor_si256 (*mid, _mm256_clmulepi64_epi128 (kara256 (a), kb,
                                                           0x00));
}

static TARGET256 CLMUL_INLINE __m128i
fold256 (__m256i x)
{
  return _mm_xor_si128 (_mm256_castsi256_si128 (x),
                        _mm256_extracti128_si256 (x, 1));
}

/* last256 and the rest: ghash-clmul.h's reductions lane by lane.  */
CLMUL_REDUCE_FNS (TARGET256, 256, __m256i, _mm256_xor_si256,
                  _mm256_slli_epi64, _mm256_srli_epi64, _mm256_bslli_epi128,
                  _mm256_bsrli_epi128, _mm256_shuffle_epi32,
                  _mm256_clmulepi64_epi128, kara256,
                  _mm256_set1_epi64x ((long long)0xc200000000000000ULL))

/* A group of sixteen blocks in the running value's two lanes A (see
   blocks512): (A ^ X0) * H^16 + X1 * H^14 + ... + X7 * H^2, each
   register's lanes multiplied by the same power and reduced on their
   own.  The powers are broadcast from the state: sixteen registers of
   them would take every register.  */
static TARGET256 CLMUL_INLINE __m256i
group256 (__m256i a, const ghash_state_t *gh, const byte *buf, int polyval)
{
  const __m128i *p = (const __m128i *)gh->k.pow;
  const __m128i *q = (const __m128i *)gh->k.mid;
  __m256i lo = _mm256_setzero_si256 (), mid = lo, hi = lo;
  int i;

  /* Hide that the powers are the same every group: hoisted out of the
     loop, they would not fit in the registers and would be spilled,
     leaving them on the stack.  */
  __asm__ ("" : "+r" (p), "+r" (q));
#pragma GCC unroll 8
  for (i = 1; i < POWERS / 2; i++)
    mul_acc256 (load256 (buf + 32 * i, polyval),
                _mm256_broadcastsi128_si256 (_mm_loadu_si128 (p + 2 * i)),
                _mm256_broadcastsi128_si256 (_mm_loadu_si128 (q + 2 * i)),
                &lo, &mid, &hi);
  return last256 (_mm256_xor_si256 (load256 (buf, polyval), a),
                  _mm256_broadcastsi128_si256 (_mm_loadu_si128 (p)),
                  _mm256_broadcastsi128_si256 (_mm_loadu_si128 (q)),
                  lo, mid, hi, 1);
}

/* (A ^ X1 X2), X3, ..., XN times H^N, ..., H^1, the lanes summed and
   reduced, for 1 <= N <= 16: the last group, whose blocks take their
   own powers, and which multiplies lane J of A by H^(N-J), so that A
   may have two lanes in use only where N >= 2.  An odd last block
   takes a row of its own with the upper lane zero.  */
static TARGET256 CLMUL_INLINE __m128i
sum256 (__m256i a, const ghash_state_t *gh, const byte *buf, size_t n,
        int polyval)
{
  const __m128i *p = (const __m128i *)gh->k.pow + POWERS - n;
  const __m128i *q = (const __m128i *)gh->k.mid + POWERS - n;
  __m256i lo = _mm256_setzero_si256 (), mid = lo, hi = lo, x;
  size_t i;

  for (i = 0; 2 * i + 1 < n; i++)
    {
      x = load256 (buf + 32 * i, polyval);
      if (!i)
        x = _mm256_xor_si256 (x, a);
      mul_acc256 (x, _mm256_loadu_si256 ((const __m256i *)(p + 2 * i)),
                  _mm256_loadu_si256 ((const __m256i *)(q + 2 * i)),
                  &lo, &mid, &hi);
    }
  if (n & 1)
    {
      x = _mm256_zextsi128_si256 (load128 (buf + 32 * i, polyval));
      if (!i)
        x = _mm256_xor_si256 (x, a);
      mul_acc256 (x, _mm256_zextsi128_si256 (_mm_loadu_si128 (p + 2 * i)),
                  _mm256_zextsi128_si256 (_mm_loadu_si128 (q + 2 * i)),
                  &lo, &mid, &hi);
    }
  mid = _mm256_xor_si256 (mid, _mm256_xor_si256 (lo, hi));
  return clmul_reduce128 (fold256 (lo), fold256 (mid), fold256 (hi));
}

static TARGET256 CLMUL_INLINE void
blocks256 (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  __m128i y = bswap128 (_mm_loadu_si128 ((const __m128i *)gh->y));
  __m256i a = _mm256_zextsi128_si256 (y);
  size_t m;

  for (; nblocks >= POWERS + 2; nblocks -= POWERS, buf += 16 * POWERS)
    a = group256 (a, gh, buf, polyval);
  /* At least two blocks are left after the loop, or A is Y alone: a
     last group of up to sixteen, and a block after it with Y.  */
  m = nblocks < POWERS ? nblocks : POWERS;
  if (m)
    {
      y = sum256 (a, gh, buf, m, polyval);
      if (nblocks > m)
        y = sum256 (_mm256_zextsi128_si256 (y), gh, buf + 16 * m,
                    nblocks - m, polyval);
    }
  _mm_storeu_si128 ((__m128i *)gh->y, bswap128 (y));
  /* Also clears the powers of H from the registers.  */
  _mm256_zeroall ();
}

GHASH_BLOCKS_FN (TARGET256, _bcry_ghash_vpclmul256_blocks, blocks256)

#ifdef GHASH_USE_VPCLMUL512

#define TARGET512 __attribute__ ((target ("vpclmulqdq,avx512f,avx512bw," \
                                          "avx512vl,avx512dq,avx2,pclmul")))

/* ZMM: thirty-two blocks per reduction, Karatsuba as above, so that
   the chain from one group to the next stays well under the time the
   group's multiplies take, which sixteen blocks' did not (doc/HACKING,
   "Tuning notes").  A run shorter than
   sixteen blocks takes its blocks and its powers with masked loads,
   lanes past the end reading as zero, so it needs no separate tail
   code.  */

static TARGET512 CLMUL_INLINE __m512i
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

static TARGET512 CLMUL_INLINE __m512i
kara512 (__m512i a)
{
  return _mm512_xor_si512 (a, _mm512_shuffle_epi32 (a, 0x4e));
}

static TARGET512 CLMUL_INLINE void
mul_acc512 (__m512i a, __m512i b, __m512i kb, __m512i *lo, __m512i *mid,
            __m512i *hi)
{
  *lo = _mm512_xor_si512 (*lo, _mm512_clmulepi64_epi128 (a, b, 0x00));
  *hi = _mm512_xor_si512 (*hi, _mm512_clmulepi64_epi128 (a, b, 0x11));
  *mid = _mm512_xor_si512 (*mid, _mm512_clmulepi64_epi128 (kara512 (a), kb,
                                                           0x00));
}

#define XOR3(a, b, c) _mm512_ternarylogic_epi64 ((a), (b), (c), 0x96)

/* Clear every vector register before returning, as they held powers of
   H and data: VZEROALL reaches ZMM0-15 only, and the ZMM code takes
   the other sixteen too.  An EVEX write to XMM16-31 clears the rest of
   the ZMM register.  */
static TARGET512 CLMUL_INLINE void
zero512 (void)
{
  _mm256_zeroall ();
  __asm__ volatile
    ("vpxord %%xmm16, %%xmm16, %%xmm16\n\tvpxord %%xmm17, %%xmm17, %%xmm17\n\t"
     "vpxord %%xmm18, %%xmm18, %%xmm18\n\tvpxord %%xmm19, %%xmm19, %%xmm19\n\t"
     "vpxord %%xmm20, %%xmm20, %%xmm20\n\tvpxord %%xmm21, %%xmm21, %%xmm21\n\t"
     "vpxord %%xmm22, %%xmm22, %%xmm22\n\tvpxord %%xmm23, %%xmm23, %%xmm23\n\t"
     "vpxord %%xmm24, %%xmm24, %%xmm24\n\tvpxord %%xmm25, %%xmm25, %%xmm25\n\t"
     "vpxord %%xmm26, %%xmm26, %%xmm26\n\tvpxord %%xmm27, %%xmm27, %%xmm27\n\t"
     "vpxord %%xmm28, %%xmm28, %%xmm28\n\tvpxord %%xmm29, %%xmm29, %%xmm29\n\t"
     "vpxord %%xmm30, %%xmm30, %%xmm30\n\tvpxord %%xmm31, %%xmm31, %%xmm31"
     : : : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22",
       "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29",
       "xmm30", "xmm31");
}

static TARGET512 CLMUL_INLINE __m128i
fold512 (__m512i x)
{
  __m256i h = _mm256_xor_si256 (_mm512_castsi512_si256 (x),
                                _mm512_extracti64x4_epi64 (x, 1));

  return _mm_xor_si128 (_mm256_castsi256_si128 (h),
                        _mm256_extracti128_si256 (h, 1));
}

/* (A ^ X1..X4), X5, ..., XN times H^N, ..., H^1, the lanes summed and
   reduced, for 1 <= N <= 16, or up to 32 once POW32 is filled: POW32
   comes right before K's powers, and MID32 before their middles.  */
static TARGET512 CLMUL_INLINE __m128i
tail512 (__m512i a, const ghash_state_t *gh, const byte *buf, size_t n,
         int polyval)
{
  const byte *kp = (const byte *)gh->k.pow32 + 16 * (2 * POWERS - n);
  const byte *km = (const byte *)gh->k.mid32 + 16 * (2 * POWERS - n);
  __m512i lo = _mm512_setzero_si512 (), mid = lo, hi = lo, x;
  unsigned int i, left;
  __mmask8 m;

  for (i = 0; 4 * i < n; i++)
    {
      left = n - 4 * i;
      m = left >= 4 ? 0xff : (__mmask8)((1u << (2 * left)) - 1);
      x = load512 (buf + 64 * i, m, polyval);
      if (!i)
        x = _mm512_xor_si512 (x, a);
      mul_acc512 (x, _mm512_maskz_loadu_epi64 (m, kp + 64 * i),
                  _mm512_maskz_loadu_epi64 (m, km + 64 * i),
                  &lo, &mid, &hi);
    }
  mid = XOR3 (mid, lo, hi);
  return clmul_reduce128 (fold512 (lo), fold512 (mid), fold512 (hi));
}

/* last512 and the rest, lane by lane; last512 ends a group, X0
   carrying the running value.  */
CLMUL_REDUCE_FNS (TARGET512, 512, __m512i, _mm512_xor_si512,
                  _mm512_slli_epi64, _mm512_srli_epi64, _mm512_bslli_epi128,
                  _mm512_bsrli_epi128, _mm512_shuffle_epi32,
                  _mm512_clmulepi64_epi128, kara512,
                  _mm512_set1_epi64 ((long long)0xc200000000000000ULL))

/* Multiply lane by lane, in the representation of ghash-clmul.h: the
   end of a group with no other blocks.  */
static TARGET512 CLMUL_INLINE __m512i
gf_mul512 (__m512i a, __m512i b)
{
  __m512i z = _mm512_setzero_si512 ();

  return last512 (a, b, kara512 (b), z, z, z, 0);
}

/* POW32 from K: H^17..H^32 as H^1..H^16 times H^16, four lanes a
   multiply, and their middle operands for the stitched kernels.  */
TARGET512 void
_bcry_ghash_vpclmul512_fill_pow32 (ghash_state_t *gh)
{
  const __m128i *pow = (const __m128i *)gh->k.pow;
  __m128i *pow32 = (__m128i *)gh->k.pow32, *mid32 = (__m128i *)gh->k.mid32;
  __m512i b = _mm512_broadcast_i32x4 (_mm_loadu_si128 (pow)), v;
  int i;

  for (i = 0; i < GHASH_CLMUL_POWERS; i += 4)
    {
      v = gf_mul512 (_mm512_loadu_si512 (pow + i), b);
      _mm512_storeu_si512 (pow32 + i, v);
      _mm512_storeu_si512 (mid32 + i, kara512 (v));
    }
  gh->pow32_set = 1;
}

/* The running value is kept in four lanes, A, whose sum it is, and
   each lane is reduced on its own: a group of thirty-two blocks is then
   (A ^ X0) * H^32 + X1 * H^28 + ... + X7 * H^4, lane by lane, with every
   lane of a register multiplied by the same power, and the chain from
   one A to the next has no fold of four lanes into one; a group of
   sixteen the same with H^16..H^4.  Lane J of A ends up multiplied by
   H^J too many, which the last group, whose blocks take their own
   powers H^M..H^1, puts right: it multiplies A by the powers of its
   first four blocks, H^M..H^(M-3), as if A were added into them, so it
   must hold at least four blocks when A has more than one lane in
   use.  */
static TARGET512 CLMUL_INLINE void
blocks512 (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  const __m128i *k = (const __m128i *)gh->k.pow;
  const __m128i *e = (const __m128i *)gh->k.pow32;
  __m128i y = bswap128 (_mm_loadu_si128 ((const __m128i *)gh->y));
  __m512i a = _mm512_zextsi128_si512 (y);
  size_t m, lim;

  /* The powers in named registers, not arrays, which the compiler
     would keep on the stack; loaded again for the group of sixteen, as
     keeping them across the loop would spill them there too.  */
  if (nblocks >= 2 * POWERS + 4 && !gh->pow32_set)
    _bcry_ghash_vpclmul512_fill_pow32 (gh);
  if (nblocks >= 2 * POWERS + 4)
    {
      /* H^32, H^28, ..., H^4 in every lane.  */
      __m512i p0 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (e));
      __m512i p1 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (e + 4));
      __m512i p2 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (e + 8));
      __m512i p3 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (e + 12));
      __m512i p4 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k));
      __m512i p5 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k + 4));
      __m512i p6 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k + 8));
      __m512i p7 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k + 12));
      __m512i q0 = kara512 (p0), q1 = kara512 (p1);
      __m512i q2 = kara512 (p2), q3 = kara512 (p3);
      __m512i q4 = kara512 (p4), q5 = kara512 (p5);
      __m512i q6 = kara512 (p6), q7 = kara512 (p7);
      __m512i lo, mid, hi;

      for (; nblocks >= 2 * POWERS + 4;
           nblocks -= 2 * POWERS, buf += 32 * POWERS)
        {
          lo = mid = hi = _mm512_setzero_si512 ();
#define GROUP_MUL(j)                                                    \
  mul_acc512 (load512 (buf + 64 * (j), 0xff, polyval), p##j, q##j,      \
              &lo, &mid, &hi)
          GROUP_MUL (1); GROUP_MUL (2); GROUP_MUL (3); GROUP_MUL (4);
          GROUP_MUL (5); GROUP_MUL (6); GROUP_MUL (7);
#undef GROUP_MUL
          a = last512 (_mm512_xor_si512 (a, load512 (buf, 0xff, polyval)),
                       p0, q0, lo, mid, hi, 1);
        }
    }
  /* Without POW32 (a key that has hashed no long run, as GCM-SIV's
     key per message), a group of sixteen, leaving at most nineteen.  */
  if (!gh->pow32_set && nblocks >= POWERS + 4)
    {
      /* H^16, H^12, H^8 and H^4.  */
      __m512i p0 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k));
      __m512i p1 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k + 4));
      __m512i p2 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k + 8));
      __m512i p3 = _mm512_broadcast_i32x4 (_mm_loadu_si128 (k + 12));
      __m512i lo = _mm512_setzero_si512 (), mid = lo, hi = lo;

      mul_acc512 (load512 (buf + 64, 0xff, polyval), p1, kara512 (p1),
                  &lo, &mid, &hi);
      mul_acc512 (load512 (buf + 128, 0xff, polyval), p2, kara512 (p2),
                  &lo, &mid, &hi);
      mul_acc512 (load512 (buf + 192, 0xff, polyval), p3, kara512 (p3),
                  &lo, &mid, &hi);
      a = last512 (_mm512_xor_si512 (a, load512 (buf, 0xff, polyval)),
                   p0, kara512 (p0), lo, mid, hi, 0);
      nblocks -= POWERS;
      buf += 16 * POWERS;
    }
  /* Between 4 and 35 blocks left after the groups (19 without POW32),
     or A is Y alone: a last group of up to 32 (16), and the one to
     three blocks after it with Y.  */
  lim = gh->pow32_set ? 2 * POWERS : POWERS;
  m = nblocks < lim ? nblocks : lim;
  if (m)
    {
      y = tail512 (a, gh, buf, m, polyval);
      a = _mm512_zextsi128_si512 (y);
      if (nblocks > m)
        y = tail512 (a, gh, buf + 16 * m, nblocks - m, polyval);
    }
  _mm_storeu_si128 ((__m128i *)gh->y, bswap128 (y));
  zero512 ();
}

/* Fill H^1..H^4 of K from H, one at a time, which runs of up to four
   blocks read, and clear the rest of K and POW32, which
   _bcry_ghash_vpclmul512_fill_k and _fill_pow32 fill when a longer run
   comes: the powers of the key set before must not outlive it.  */
TARGET512 void
_bcry_ghash_vpclmul512_setkey (ghash_state_t *gh)
{
  __m128i *pow = (__m128i *)gh->k.pow, *mid = (__m128i *)gh->k.mid;
  __m128i *pow32 = (__m128i *)gh->k.pow32, *mid32 = (__m128i *)gh->k.mid32;
  __m128i h1, h2, h3, h4;
  __m512i v1, z = _mm512_setzero_si512 ();
  int i;

  h1 = key128 (gh->h);
  h2 = gf_sqr128 (h1);
  h3 = gf_mul128 (h2, h1);
  h4 = gf_sqr128 (h2);
  /* Lane 0 the highest power, as the table runs from H^16 down.  */
  v1 = _mm512_inserti64x2 (_mm512_castsi128_si512 (h4), h3, 1);
  v1 = _mm512_inserti64x2 (v1, h2, 2);
  v1 = _mm512_inserti64x2 (v1, h1, 3);
  _mm512_storeu_si512 (pow + 12, v1);
  _mm512_storeu_si512 (mid + 12, kara512 (v1));
  _mm512_storeu_si512 (pow + 8, z);
  _mm512_storeu_si512 (pow + 4, z);
  _mm512_storeu_si512 (pow, z);
  _mm512_storeu_si512 (mid + 8, z);
  _mm512_storeu_si512 (mid + 4, z);
  _mm512_storeu_si512 (mid, z);
  for (i = 0; i < GHASH_CLMUL_POWERS; i += 4)
    {
      _mm512_storeu_si512 (pow32 + i, z);
      _mm512_storeu_si512 (mid32 + i, z);
    }
  zero512 ();
}

/* The rest of K from H^1..H^4, four powers per multiply, each product
   taking the lanes of an earlier vector times a broadcast power, so
   that the chain is two multiplies long.  */
TARGET512 void
_bcry_ghash_vpclmul512_fill_k (ghash_state_t *gh)
{
  __m128i *pow = (__m128i *)gh->k.pow, *mid = (__m128i *)gh->k.mid;
  __m512i v1 = _mm512_loadu_si512 (pow + 12), v2, v3, v4, b;

  v2 = gf_mul512 (v1, _mm512_shuffle_i64x2 (v1, v1, 0));
  b = _mm512_shuffle_i64x2 (v2, v2, 0);
  v3 = gf_mul512 (v1, b);
  v4 = gf_mul512 (v2, b);
  _mm512_storeu_si512 (pow + 8, v2);
  _mm512_storeu_si512 (pow + 4, v3);
  _mm512_storeu_si512 (pow, v4);
  _mm512_storeu_si512 (mid + 8, kara512 (v2));
  _mm512_storeu_si512 (mid + 4, kara512 (v3));
  _mm512_storeu_si512 (mid, kara512 (v4));
  gh->k_set = 1;
  zero512 ();
}

GHASH_BLOCKS_FN (TARGET512, _bcry_ghash_vpclmul512_blocks, blocks512)

#endif /* GHASH_USE_VPCLMUL512 */

#else /* !GHASH_USE_VPCLMUL */

/* ISO C wants a declaration in every translation unit.  */
typedef int ghash_vpclmul_unused_t;

#endif /* !GHASH_USE_VPCLMUL */
