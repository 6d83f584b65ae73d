/* ghash-pclmul.c - GHASH and POLYVAL with the carry-less multiply
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH (NIST SP 800-38D, section 6.4) and, through RFC 8452 Appendix
 * A, POLYVAL, with PCLMULQDQ in XMM registers, in the representation of
 * ghash-clmul.h.  Sixteen blocks, (Y ^ X1) * H^16 + X2 * H^15 + ... +
 * X16 * H, are summed before one reduction (Gueron and Kounavis's
 * aggregated reduction); the block that carries Y is multiplied last, so
 * that the chain from one Y to the next is one product and one
 * reduction.  This file also fills the powers of H for the YMM loop of
 * ghash-vpclmul.c, and takes the odd blocks its wide loops leave.  No table, no branch and no memory
 * access depends on the data or the key: this path is constant time.
 */

#include <config.h>
#include "ghash.h"

#ifdef GHASH_USE_PCLMUL

#include "ghash-clmul.h"

#define TARGETAVX __attribute__ ((target ("avx,pclmul,ssse3")))

/* Fill H^1..H^4 of K from H, which runs of up to four blocks read, and
   clear the rest, which _bcry_ghash_pclmul_fill_k fills when a longer
   run comes: the powers of the key set before must not outlive it.  */
TARGET128 void
_bcry_ghash_pclmul_setkey (ghash_state_t *gh)
{
  __m128i *pow = (__m128i *)gh->k.pow, *mid = (__m128i *)gh->k.mid;
  __m128i h1, h2, h3, h4;
  int i;

  /* POW[i] = H^(16-i).  */
  h1 = key128 (gh->h);
  h2 = gf_sqr128 (h1);
  h3 = gf_mul128 (h2, h1);
  h4 = gf_sqr128 (h2);
  _mm_storeu_si128 (pow + 15, h1);
  _mm_storeu_si128 (pow + 14, h2);
  _mm_storeu_si128 (pow + 13, h3);
  _mm_storeu_si128 (pow + 12, h4);
  _mm_storeu_si128 (mid + 15, kara128 (h1));
  _mm_storeu_si128 (mid + 14, kara128 (h2));
  _mm_storeu_si128 (mid + 13, kara128 (h3));
  _mm_storeu_si128 (mid + 12, kara128 (h4));
  for (i = 0; i < GHASH_CLMUL_POWERS - 4; i++)
    {
      _mm_storeu_si128 (pow + i, _mm_setzero_si128 ());
      _mm_storeu_si128 (mid + i, _mm_setzero_si128 ());
    }
}

/* The rest of K from H^1..H^4: H^5..H^8 as H^1..H^4 times H^4 and
   H^9..H^16 as H^1..H^8 times H^8, products that do not wait for each
   other, so that the chain is two multiplies long.  The products are
   read back from the state rather than kept in an array, which would
   leave them on the stack.  */
TARGET128 void
_bcry_ghash_pclmul_fill_k (ghash_state_t *gh)
{
  __m128i *pow = (__m128i *)gh->k.pow, *mid = (__m128i *)gh->k.mid;
  __m128i h4 = _mm_loadu_si128 (pow + 12), h8;
  int i;

  for (i = 0; i < 4; i++)
    _mm_storeu_si128 (pow + 8 + i,
                      gf_mul128 (_mm_loadu_si128 (pow + 12 + i), h4));
  h8 = _mm_loadu_si128 (pow + 8);
  for (i = 0; i < 8; i++)
    _mm_storeu_si128 (pow + i, gf_mul128 (_mm_loadu_si128 (pow + 8 + i), h8));
  for (i = 0; i < GHASH_CLMUL_POWERS - 4; i++)
    _mm_storeu_si128 (mid + i, kara128 (_mm_loadu_si128 (pow + i)));
  gh->k_set = 1;
}

/* Add X * POW[I] to (LO, MID, HI), Karatsuba's way.  */
static TARGET128 CLMUL_INLINE void
mul_acc (__m128i x, const __m128i *pow, const __m128i *mid, int i,
         __m128i *lo, __m128i *md, __m128i *hi)
{
  __m128i p = _mm_loadu_si128 (pow + i);
  __m128i m = _mm_loadu_si128 (mid + i);

  *lo = _mm_xor_si128 (*lo, _mm_clmulepi64_si128 (x, p, 0x00));
  *hi = _mm_xor_si128 (*hi, _mm_clmulepi64_si128 (x, p, 0x11));
  *md = _mm_xor_si128 (*md, _mm_clmulepi64_si128 (kara128 (x), m, 0x00));
}

/* The same for A * POW[I] + B * POW[I+1].  The two blocks' middle
   operands are formed together, one in each qword, in three
   instructions instead of four, and each pair of products is summed
   before it joins the sums: the loop issues one carry-less multiply
   every two cycles, and the simple vector instructions around them,
   which share their pipes, slow it measurably (doc/HACKING, "Tuning
   notes").  */
static TARGET128 CLMUL_INLINE void
mul_acc2 (__m128i a, __m128i b, const __m128i *pow, const __m128i *mid,
          int i, __m128i *lo, __m128i *md, __m128i *hi)
{
  __m128i pa = _mm_loadu_si128 (pow + i), pb = _mm_loadu_si128 (pow + i + 1);
  __m128i k = _mm_xor_si128 (_mm_unpacklo_epi64 (a, b),
                             _mm_unpackhi_epi64 (a, b));

  *lo = _mm_xor_si128 (*lo, _mm_xor_si128 (_mm_clmulepi64_si128 (a, pa, 0x00),
                                           _mm_clmulepi64_si128 (b, pb, 0x00)));
  *hi = _mm_xor_si128 (*hi, _mm_xor_si128 (_mm_clmulepi64_si128 (a, pa, 0x11),
                                           _mm_clmulepi64_si128 (b, pb, 0x11)));
  *md = _mm_xor_si128 (*md, _mm_xor_si128
                       (_mm_clmulepi64_si128
                        (k, _mm_loadu_si128 (mid + i), 0x00),
                        _mm_clmulepi64_si128
                        (k, _mm_loadu_si128 (mid + i + 1), 0x01)));
}

/* Y ^ X1, X2, ..., XN times H^N, ..., H^1, reduced; 1 <= N <= 16.
   SHIFTS as last128's: in the loop, not for the last group.  */
static TARGET128 CLMUL_INLINE __m128i
sum (__m128i y, const ghash_state_t *gh, const byte *buf, int n,
     int polyval, int shifts)
{
  const __m128i *pow = (const __m128i *)gh->k.pow;
  const __m128i *mid = (const __m128i *)gh->k.mid;
  __m128i lo = _mm_setzero_si128 (), md = lo, hi = lo;
  int i, first = GHASH_CLMUL_POWERS - n;

  for (i = 1; i + 1 < n; i += 2)
    mul_acc2 (load128 (buf + 16 * i, polyval),
              load128 (buf + 16 * i + 16, polyval), pow, mid, first + i,
              &lo, &md, &hi);
  if (i < n)
    mul_acc (load128 (buf + 16 * i, polyval), pow, mid, first + i,
             &lo, &md, &hi);
  return last128 (_mm_xor_si128 (y, load128 (buf, polyval)),
                  _mm_loadu_si128 (pow + first),
                  _mm_loadu_si128 (mid + first), lo, md, hi, shifts);
}

/* SHIFTS as sum's, for the loop.  */
static TARGET128 CLMUL_INLINE void
blocks (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval,
        int shifts)
{
  __m128i y = bswap128 (_mm_loadu_si128 ((const __m128i *)gh->y));

  for (; nblocks >= GHASH_PCLMUL_BLOCKS; nblocks -= GHASH_PCLMUL_BLOCKS)
    {
      y = sum (y, gh, buf, GHASH_PCLMUL_BLOCKS, polyval, shifts);
      buf += 16 * GHASH_PCLMUL_BLOCKS;
    }
  if (nblocks)
    y = sum (y, gh, buf, (int)nblocks, polyval, 0);
  _mm_storeu_si128 ((__m128i *)gh->y, bswap128 (y));
}

/* In the SSE encoding this loop ran some 5% above the multiplier's
   rate with either reduction (doc/HACKING, "Tuning notes"): its groups
   of sixteen are in assembly, ghash-pclmul-amd64.S, whose multiplies
   read the powers from memory, which SSE allows only at 16-byte
   aligned addresses.  The modes' states are (cipher-internal.h's
   u_mode); a state that is not takes the loop in C.  */
void _bcry_ghash_pclmul_ghash_blk16 (ghash_state_t *gh, const byte *buf,
                                     size_t ngroups);
void _bcry_ghash_pclmul_polyval_blk16 (ghash_state_t *gh, const byte *buf,
                                       size_t ngroups);

static TARGET128 CLMUL_INLINE void
blocks_sse (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  size_t ngroups = nblocks / GHASH_PCLMUL_BLOCKS;

  if (ngroups && ((uintptr_t)gh & 15) == 0)
    {
      if (polyval)
        _bcry_ghash_pclmul_polyval_blk16 (gh, buf, ngroups);
      else
        _bcry_ghash_pclmul_ghash_blk16 (gh, buf, ngroups);
      buf += 16 * GHASH_PCLMUL_BLOCKS * ngroups;
      nblocks %= GHASH_PCLMUL_BLOCKS;
      if (!nblocks)
        return;
    }
  blocks (gh, buf, nblocks, polyval, 0);
}

static TARGET128 CLMUL_INLINE void
blocks_vex (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  blocks (gh, buf, nblocks, polyval, 1);
}

GHASH_BLOCKS_FN (TARGET128, _bcry_ghash_pclmul_blocks, blocks_sse)

/* The same loop in the VEX encoding, where the CPU has AVX: its
   three-operand forms save the register copies that SSE's
   two-operand multiplies and shuffles need (doc/HACKING, "Tuning
   notes"), and it mixes with the YMM and ZMM code around it without
   a transition from the upper register state.  */
GHASH_BLOCKS_FN (TARGETAVX, _bcry_ghash_pclmul_avx_blocks, blocks_vex)

#else /* !GHASH_USE_PCLMUL */

/* ISO C wants a declaration in every translation unit.  */
typedef int ghash_pclmul_unused_t;

#endif /* !GHASH_USE_PCLMUL */
