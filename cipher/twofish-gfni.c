/* twofish-gfni.c - Twofish's key setup with GFNI and SSSE3
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The key-dependent S-boxes of "Twofish: A 128-Bit Block Cipher" by
 * B. Schneier, J. Kelsey, D. Whiting, D. Wagner, C. Hall and
 * N. Ferguson (AES submission, 15 June 1998), with the MDS matrix, and
 * the RS product that gives their key words, sixteen bytes at a time:
 * q0 and q1 from their 4-bit tables with PSHUFB, the linear steps and
 * the field products as GF2P8AFFINEQB and GF2P8MULB.  No memory address
 * or branch depends on the key.  cipher/twofish.c calls them from
 * setkey where the CPU has GFNI and SSSE3.
 */

#include <config.h>
#include "twofish-gfni.h"

#ifdef TWOFISH_SBOXES_GFNI

# include <immintrin.h>
# include "bufhelp.h"

# define ALWAYS_INLINE inline __attribute__ ((always_inline))
# define TARGET_GFNI __attribute__ ((target ("gfni,ssse3")))

/* q0 and q1 as the paper builds them (section "The Permutations q0 and
   q1"): the input's high and low nibbles a and b become a ^ b and
   a ^ ROR4 (b, 1) ^ 8a mod 16, which go through the 4-bit tables t0
   and t1; their outputs are mixed the same way and go through t2 and
   t3, which give the low and the high nibble of the result.  Here the
   tables of q_i, t0 to t3, with the outputs of t0 and t3 in the high
   nibble, where the next step takes them.  */
static const byte twofish_qnib[2][4][16] BCRY_ALIGN (16) =
  {
    { /* q0 */
      { 0x80, 0x10, 0x70, 0xd0, 0x60, 0xf0, 0x30, 0x20,
        0x00, 0xb0, 0x50, 0x90, 0xe0, 0xc0, 0xa0, 0x40 },
      { 0xe, 0xc, 0xb, 0x8, 0x1, 0x2, 0x3, 0x5,
        0xf, 0x4, 0xa, 0x6, 0x7, 0x0, 0x9, 0xd },
      { 0xb, 0xa, 0x5, 0xe, 0x6, 0xd, 0x9, 0x0,
        0xc, 0x8, 0xf, 0x3, 0x2, 0x4, 0x7, 0x1 },
      { 0xd0, 0x70, 0xf0, 0x40, 0x10, 0x20, 0x60, 0xe0,
        0x90, 0xb0, 0x30, 0x00, 0x80, 0x50, 0xc0, 0xa0 }
    },
    { /* q1 */
      { 0x20, 0x80, 0xb0, 0xd0, 0xf0, 0x70, 0x60, 0xe0,
        0x30, 0x10, 0x90, 0x40, 0x00, 0xa0, 0xc0, 0x50 },
      { 0x1, 0xe, 0x2, 0xb, 0x4, 0xc, 0x3, 0x7,
        0x6, 0xd, 0xa, 0x5, 0xf, 0x9, 0x0, 0x8 },
      { 0x4, 0xc, 0x7, 0x5, 0x1, 0x6, 0x9, 0xa,
        0x0, 0xe, 0xd, 0x8, 0x2, 0xb, 0x3, 0xf },
      { 0xb0, 0x90, 0x50, 0x10, 0xc0, 0x30, 0xd0, 0xe0,
        0x60, 0x40, 0x70, 0xf0, 0x20, 0x00, 0x80, 0xa0 }
    }
  };

/* GF2P8AFFINEQB matrices (row k, for output bit k, in byte 7 - k):
   the mixing of the nibbles above, which is linear over GF(2), giving
   a ^ b or a ^ ROR4 (b, 1) ^ 8a mod 16 in the low nibble and zeros
   above it, a PSHUFB index; and the products by 5b and ef modulo the
   MDS matrix's x^8 + x^6 + x^5 + x^3 + 1.  */
# define TWOFISH_MIX_A 0x1122448800000000LL
# define TWOFISH_MIX_B 0x1224489100000000LL
# define TWOFISH_MUL_5B 0x050b162953a24182LL
# define TWOFISH_MUL_EF 0x070f1f3972e3c183LL

/* q (X) on sixteen bytes, for the tables T of q0 or q1.  */
static TARGET_GFNI ALWAYS_INLINE __m128i
twofish_q_gfni (__m128i x, const byte t[4][16])
{
  const __m128i mix_a = _mm_set1_epi64x (TWOFISH_MIX_A);
  const __m128i mix_b = _mm_set1_epi64x (TWOFISH_MIX_B);
  const __m128i *tv = (const __m128i *)t;
  __m128i y;

  y = _mm_or_si128 (_mm_shuffle_epi8 (tv[0], _mm_gf2p8affine_epi64_epi8
                                      (x, mix_a, 0)),
                    _mm_shuffle_epi8 (tv[1], _mm_gf2p8affine_epi64_epi8
                                      (x, mix_b, 0)));
  return _mm_or_si128 (_mm_shuffle_epi8 (tv[2], _mm_gf2p8affine_epi64_epi8
                                         (y, mix_a, 0)),
                       _mm_shuffle_epi8 (tv[3], _mm_gf2p8affine_epi64_epi8
                                         (y, mix_b, 0)));
}

/* OUT[0...3]: the sixteen words of MDS column J times the bytes of
   B, in order.  */
static TARGET_GFNI ALWAYS_INLINE void
twofish_mds_gfni (__m128i *out, __m128i b, unsigned int j)
{
  const __m128i m = _mm_gf2p8affine_epi64_epi8
    (b, _mm_set1_epi64x (TWOFISH_MUL_5B), 0);
  const __m128i f = _mm_gf2p8affine_epi64_epi8
    (b, _mm_set1_epi64x (TWOFISH_MUL_EF), 0);
  __m128i c0, c1, c2, c3, lo, hi;

  /* The coefficients of column J, output byte 0 first: those of
     twofish_mds.  */
  switch (j)
    {
    case 0: c0 = b; c1 = m; c2 = f; c3 = f; break;
    case 1: c0 = f; c1 = f; c2 = m; c3 = b; break;
    case 2: c0 = m; c1 = f; c2 = b; c3 = f; break;
    default: c0 = m; c1 = b; c2 = f; c3 = m; break;
    }
  lo = _mm_unpacklo_epi8 (c0, c1);
  hi = _mm_unpacklo_epi8 (c2, c3);
  out[0] = _mm_unpacklo_epi16 (lo, hi);
  out[1] = _mm_unpackhi_epi16 (lo, hi);
  lo = _mm_unpackhi_epi8 (c0, c1);
  hi = _mm_unpackhi_epi8 (c2, c3);
  out[2] = _mm_unpacklo_epi16 (lo, hi);
  out[3] = _mm_unpackhi_epi16 (lo, hi);
}

/* S-box J, sb[j] and s[j], sixteen inputs at a time, as
   twofish_h_byte computes one: the first q is the table itself, for
   the inputs in order, and the last one's output, before the MDS
   matrix, is sb[j].  No memory address or branch depends on the key:
   the tables are in registers, looked up with PSHUFB.  */
static TARGET_GFNI ALWAYS_INLINE void
twofish_sbox_gfni (TWOFISH_context *ctx, unsigned int j, const u32 *sl,
                   unsigned int n)
{
  const byte *first = twofish_q[(twofish_qsel[n - 1] >> j) & 1];
  const byte (*last)[16] = twofish_qnib[(j & 1) ^ 1];
  __m128i kv[4], x;
  unsigned int i, v;

  for (i = 0; i < n; i++)
    kv[i] = _mm_set1_epi8 ((char) (sl[i] >> (8 * j)));
  for (v = 0; v < 16; v++)
    {
      x = _mm_xor_si128 (_mm_loadu_si128 ((const __m128i *)first + v),
                         kv[n - 1]);
      for (i = n - 1; i-- > 0; )
        x = _mm_xor_si128 (twofish_q_gfni
                           (x, twofish_qnib[(twofish_qsel[i] >> j) & 1]),
                           kv[i]);
      x = twofish_q_gfni (x, last);
      _mm_store_si128 ((__m128i *)ctx->sb[j] + v, x);
      twofish_mds_gfni ((__m128i *)ctx->s[j] + 4 * v, x, j);
    }
  wipememory (kv, sizeof kv);
}

/* s and sb from the S vector SL of N words, with GFNI and SSSE3:
   sixteen table entries in a dozen instructions per q, against a byte
   lookup and an XOR per q and entry in twofish_sboxes, and sb comes
   with them rather than from s afterwards.  */
TARGET_GFNI void
_bcry_twofish_sboxes_gfni (TWOFISH_context *ctx, const u32 *sl,
                           unsigned int n)
{
  twofish_sbox_gfni (ctx, 0, sl, n);
  twofish_sbox_gfni (ctx, 1, sl, n);
  twofish_sbox_gfni (ctx, 2, sl, n);
  twofish_sbox_gfni (ctx, 3, sl, n);
}

/* The same in VEX encoding, whose three operands spare the register
   copies of the two-operand SSE forms.  */
__attribute__ ((target ("gfni,avx"))) void
_bcry_twofish_sboxes_gfni_avx (TWOFISH_context *ctx, const u32 *sl,
                               unsigned int n)
{
  twofish_sbox_gfni (ctx, 0, sl, n);
  twofish_sbox_gfni (ctx, 1, sl, n);
  twofish_sbox_gfni (ctx, 2, sl, n);
  twofish_sbox_gfni (ctx, 3, sl, n);
}

/* GF2P8AFFINEQB matrices of phi, the isomorphism from the field of RS
   (x^8 + x^6 + x^3 + x^2 + 1) to that of GF2P8MULB (x^8 + x^4 + x^3
   + x + 1) that maps x to 0x46, a root of RS's polynomial there, and
   of its inverse.  */
# define TWOFISH_PHI 0x0dae86dcbcfca25cLL
# define TWOFISH_PHI_INV 0x43e06c2ef2283088LL

/* twofish_rs_phi[j]: phi of column j of RS, row r in byte r.  */
static const u32 twofish_rs_phi[8] =
  {
    0xb346b301, 0xae0de9b3, 0x861838ae, 0xedd75b86,
    0xab50faed, 0x924e2fab, 0x84cf6192, 0x47021a84
  };

/* S_0 ... S_{N-1} of the key schedule (twofish_rs) in SL, in the
   order twofish_setkey wants, from the N * 8 bytes of KEY: the
   products RS[r][j] * m[8 i + j] by GF2P8MULB in phi's image, byte
   4 i + r of a register for row r of S_i, summed over j and taken back
   by phi's inverse.  In constant time, as twofish_rs.  */
TARGET_GFNI void
_bcry_twofish_rs_gfni (u32 *sl, const byte *key, unsigned int n)
{
  const __m128i phi = _mm_set1_epi64x (TWOFISH_PHI);
  __m128i a, b, lo, hi, acc = _mm_setzero_si128 ();
  u32 s[4];
  unsigned int i, j;

  a = _mm_loadu_si128 ((const __m128i *)key);
  b = (n == 2 ? _mm_setzero_si128 ()
       : n == 3 ? _mm_loadl_epi64 ((const __m128i *)(key + 16))
       : _mm_loadu_si128 ((const __m128i *)(key + 16)));
  /* Bytes 4 i + j of LO and 4 i + j - 4 of HI: phi (m[8 i + j]).  */
  lo = _mm_gf2p8affine_epi64_epi8
    (_mm_castps_si128 (_mm_shuffle_ps (_mm_castsi128_ps (a),
                                       _mm_castsi128_ps (b),
                                       _MM_SHUFFLE (2, 0, 2, 0))), phi, 0);
  hi = _mm_gf2p8affine_epi64_epi8
    (_mm_castps_si128 (_mm_shuffle_ps (_mm_castsi128_ps (a),
                                       _mm_castsi128_ps (b),
                                       _MM_SHUFFLE (3, 1, 3, 1))), phi, 0);
  for (j = 0; j < 4; j++)
    {
      /* Byte 4 i + j in bytes 4 i to 4 i + 3.  */
      const __m128i spread = _mm_add_epi8 (_mm_set1_epi8 (j),
                                           _mm_set_epi8 (12, 12, 12, 12,
                                                         8, 8, 8, 8,
                                                         4, 4, 4, 4,
                                                         0, 0, 0, 0));

      acc = _mm_xor_si128 (acc, _mm_gf2p8mul_epi8
                           (_mm_shuffle_epi8 (lo, spread),
                            _mm_set1_epi32 (twofish_rs_phi[j])));
      acc = _mm_xor_si128 (acc, _mm_gf2p8mul_epi8
                           (_mm_shuffle_epi8 (hi, spread),
                            _mm_set1_epi32 (twofish_rs_phi[j + 4])));
    }
  _mm_storeu_si128 ((__m128i *)s, _mm_gf2p8affine_epi64_epi8
                    (acc, _mm_set1_epi64x (TWOFISH_PHI_INV), 0));
  for (i = 0; i < n; i++)
    sl[n - 1 - i] = s[i];
  wipememory (s, sizeof s);
}

#endif /* TWOFISH_SBOXES_GFNI */
