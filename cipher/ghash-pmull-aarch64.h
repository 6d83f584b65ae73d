/* ghash-pmull-aarch64.h - GHASH's multiply and reduction with PMULL
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The GF(2^128) arithmetic of ghash-pmull-aarch64.c, in a header so
 * that a kernel which hashes between its cipher rounds (a stitched GCM
 * kernel) runs the same code: GHASH on aarch64 is written once.
 * Included after neon-common-aarch64.h with NEON_COMMON_CRYPTO.  The
 * representation is that of ghash-clmul.h: blocks byte-reversed so
 * that bit 127 is x^0, the key kept as H * x^-1 so that a product
 * needs no shift, and ghash_state_t's K holding POW[i] = H^(16-i) *
 * x^-1 and MID[i], its Karatsuba middle operand.  A group of up to eight blocks is summed
 * as Karatsuba products (three PMULLs a block) by the powers that
 * bring each to the group's end, the first block carrying Y, and
 * reduced once (Gueron and Kounavis's aggregated reduction).
 */

#ifndef BCRY_GHASH_PMULL_AARCH64_H
#define BCRY_GHASH_PMULL_AARCH64_H

#include "ghash.h"

INLINE v128
pmull_swap64 (v128 x)
{
  return vextq_u8 (x, x, 8);
}

INLINE v128
pmull_rev128 (v128 x)
{
  return pmull_swap64 (vrev64q_u8 (x));
}

/* A block as the multiplier takes it: POLYVAL's blocks are GHASH's
   byte-reversed (RFC 8452, App. A).  */
INLINE v128
pmull_load (const byte *p, int polyval)
{
  v128 x = vld1q_u8 (p);

  return polyval ? x : pmull_rev128 (x);
}

/* Low halves, high halves.  */
INLINE v128
pmull_ll (v128 a, v128 b)
{
  return vreinterpretq_u8_p128
    (vmull_p64 (vgetq_lane_p64 (vreinterpretq_p64_u8 (a), 0),
                vgetq_lane_p64 (vreinterpretq_p64_u8 (b), 0)));
}

INLINE v128
pmull_hh (v128 a, v128 b)
{
  return vreinterpretq_u8_p128
    (vmull_high_p64 (vreinterpretq_p64_u8 (a), vreinterpretq_p64_u8 (b)));
}

/* A's two halves xored into its low half: Karatsuba's middle operand.  */
INLINE v128
pmull_kara (v128 a)
{
  return veorq_u8 (a, pmull_swap64 (a));
}

/* (LO, HI) is a 256-bit product in the reflected order; return it
   modulo x^128 + x^7 + x^2 + x + 1: twice, the low 64 bits times the
   top half of x^-1 (0xc2 << 56) folded 64 bits further.  */
INLINE v128
pmull_reduce (v128 lo, v128 hi)
{
  const poly64_t c = 0xc200000000000000ULL;
  v128 t;

  t = vreinterpretq_u8_p128
    (vmull_p64 (vgetq_lane_p64 (vreinterpretq_p64_u8 (lo), 0), c));
  lo = veorq_u8 (pmull_swap64 (lo), t);
  t = vreinterpretq_u8_p128
    (vmull_p64 (vgetq_lane_p64 (vreinterpretq_p64_u8 (lo), 0), c));
  lo = veorq_u8 (pmull_swap64 (lo), t);
  return veorq_u8 (lo, hi);
}

/* LO and HI the sums of the low and high products, MID the sum of the
   cross terms.  */
INLINE v128
pmull_finish (v128 lo, v128 mid, v128 hi)
{
  const v128 z = vdupq_n_u8 (0);

  lo = veorq_u8 (lo, vextq_u8 (z, mid, 8));
  hi = veorq_u8 (hi, vextq_u8 (mid, z, 8));
  return pmull_reduce (lo, hi);
}

/* The sums of a group's Karatsuba products, before the reduction.  */
typedef struct
{
  v128 lo, md, hi;
} pmull_acc_t;

/* ACC = the products LO, HI and MD with FIRST set, else ACC plus
   them.  */
INLINE void
pmull_acc_add (pmull_acc_t *acc, v128 lo, v128 hi, v128 md, int first)
{
  if (!first)
    {
      lo = veorq_u8 (acc->lo, lo);
      hi = veorq_u8 (acc->hi, hi);
      md = veorq_u8 (acc->md, md);
    }
  acc->lo = lo;
  acc->hi = hi;
  acc->md = md;
}

/* ACC = X times the power at K's index I; with FIRST set it starts
   the sums, else adds to them.  */
INLINE void
pmull_acc (pmull_acc_t *acc, const ghash_state_t *gh, int i, v128 x,
           int first)
{
  v128 p = vld1q_u8 ((const byte *)gh->k.pow[i]);
  v128 m = vld1q_u8 ((const byte *)gh->k.mid[i]);
  v128 lo = pmull_ll (x, p), hi = pmull_hh (x, p);
  v128 md = pmull_ll (pmull_kara (x), m);

  pmull_acc_add (acc, lo, hi, md, first);
}

/* The reduced sum: the middle products less the low and high ones are
   the cross terms.  */
INLINE v128
pmull_acc_reduce (const pmull_acc_t *acc)
{
  v128 md = veorq_u8 (acc->md, veorq_u8 (acc->lo, acc->hi));

  return pmull_finish (acc->lo, md, acc->hi);
}

/* Block I (0 <= I < N) of a group of N that starts with Y ^ X_0: the
   power that brings it to the group's end, H^(N-I).  */
#define PMULL_POW(n, i) (GHASH_CLMUL_POWERS - (n) + (i))

/* The powers as the stitched kernels hold them, built once a call from
   K: H^8..H^1 (POW[i] brings block I of eight to the group's end) and
   the Karatsuba middle operands two to a register, that of block 2J in
   MID[J]'s low half and of block 2J+1 in its high one.  For GHASH
   (SWAPPED set) each power has its halves swapped, so that a block
   needs only REV64 to be taken, not a full reversal: the products of
   the swapped halves are the same, the low one coming from PMULL2 and
   the high one from PMULL.  */
typedef struct
{
  v128 pow[8];
  v128 mid[4];
} pmull_keys8_t;

INLINE void
pmull_keys8 (pmull_keys8_t *k8, const ghash_state_t *gh, int swapped)
{
  int i;

  for (i = 0; i < 8; i++)
    {
      v128 p = vld1q_u8 ((const byte *)gh->k.pow[PMULL_POW (8, i)]);

      k8->pow[i] = swapped ? pmull_swap64 (p) : p;
    }
  for (i = 0; i < 4; i++)
    k8->mid[i] = vreinterpretq_u8_u64
      (vzip1q_u64 (vld1q_u64 (gh->k.mid[PMULL_POW (8, 2 * i)]),
                   vld1q_u64 (gh->k.mid[PMULL_POW (8, 2 * i + 1)])));
}

/* A block as pmull_keys8's powers take it: POLYVAL's as it is, GHASH's
   byte-reversed in each half.  */
INLINE v128
pmull_take8 (v128 x, int swapped)
{
  return swapped ? vrev64q_u8 (x) : x;
}

/* ACC (started with FIRST set) plus the blocks XA and XB of pmull_take8
   times their powers PA and PB, whose middle operands are the halves of
   M: one EOR forms both blocks' middle operands.  */
INLINE void
pmull_acc2 (pmull_acc_t *acc, v128 xa, v128 xb, v128 pa, v128 pb, v128 m,
            int swapped, int first)
{
  uint64x2_t a = vreinterpretq_u64_u8 (xa), b = vreinterpretq_u64_u8 (xb);
  v128 k = veorq_u8 (vreinterpretq_u8_u64 (vzip1q_u64 (a, b)),
                     vreinterpretq_u8_u64 (vzip2q_u64 (a, b)));
  v128 lo = veorq_u8 (swapped ? pmull_hh (xa, pa) : pmull_ll (xa, pa),
                      swapped ? pmull_hh (xb, pb) : pmull_ll (xb, pb));
  v128 hi = veorq_u8 (swapped ? pmull_ll (xa, pa) : pmull_hh (xa, pa),
                      swapped ? pmull_ll (xb, pb) : pmull_hh (xb, pb));
  v128 md = veorq_u8 (pmull_ll (k, m), pmull_hh (k, m));

  pmull_acc_add (acc, lo, hi, md, first);
}

/* Y ^ X1, X2, ..., XN times H^N, ..., H^1, reduced; 1 <= N <= 8.  */
INLINE v128
pmull_sum (v128 y, const ghash_state_t *gh, const byte *buf, int n,
           int polyval)
{
  pmull_acc_t acc;
  int i;

  /* The first block, which starts the sums, on its own, so that they
     are set whatever the compiler knows of N.  */
  pmull_acc (&acc, gh, PMULL_POW (n, 0),
             veorq_u8 (pmull_load (buf, polyval), y), 1);
  _Pragma ("GCC unroll 7")
  for (i = 1; i < n; i++)
    pmull_acc (&acc, gh, PMULL_POW (n, i), pmull_load (buf + 16 * i, polyval),
               0);
  return pmull_acc_reduce (&acc);
}

#endif /* BCRY_GHASH_PMULL_AARCH64_H */
