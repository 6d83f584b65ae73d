/* ghash.c - GHASH and POLYVAL: buffering, dispatch, portable multiply
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Multiplication in GF(2^128) as GHASH defines it (NIST SP 800-38D,
 * section 6.3).  POLYVAL (RFC 8452) runs on the same code through the
 * mapping of its Appendix A.  With PCLMULQDQ the carry-less multiply of
 * ghash-pclmul.c is used (chosen at setkey); this file holds the
 * portable one, Shoup's table method with 4-bit tables: per key and per
 * power P of H (H, H^2 and H^3), the products of P with the 16 values
 * of a nibble, once for the nibble in the high half of a byte and once
 * for the low half (times x^4), so that one byte costs two lookups.
 * Three blocks are multiplied at once, (Y ^ X1) * H^3 + X2 * H^2 +
 * X3 * H, by Horner's rule over their bytes into one accumulator: a
 * shift by eight places per byte position serves the three blocks, and
 * the bits shifted out are kept in a third word and reduced once per
 * group, by shifts, rather than byte by byte through a reduction table.  The first and last
 * eight bytes of the blocks go to two accumulators, which do not wait
 * for each other and are added with a shift of one word.
 *
 * Why tables: a constant-time carry-less multiply from integer
 * multiplications (BearSSL's ctmul64 technique) needs some 100
 * multiplications per block, about 12 cycles per byte on x86-64, three
 * times the budget of 4; these tables come in under it (about
 * 3.7 cycles per byte on x86-64, against 5.7 for the previous one-block
 * loop with a reduction table).  They are 1.5 KiB per key, all touched before each run so that the cache
 * lines loaded do not depend on the data.  PCLMULQDQ is the
 * constant-time path.
 */

#include <config.h>
#include "ghash.h"
#include "bufhelp.h"

/* V = V * x.  The first word holds the coefficients of x^0..x^63 from
   its most significant bit down.  */
static inline void
mul_x (u64 *hi, u64 *lo)
{
  u64 carry = -(*lo & 1) & ((u64)0xe1 << 56);

  *lo = (*lo >> 1) | (*hi << 63);
  *hi = (*hi >> 1) ^ carry;
}

/* Read every cache line of the tables once.  */
static inline void
touch_tables (const ghash_state_t *gh)
{
  const volatile u64 *m = &gh->k.t[0][0][0];
  u64 sum = 0;
  size_t i;

  for (i = 0; i < sizeof gh->k.t / sizeof (u64); i += 8)
    sum += m[i];
  __asm__ volatile ("" : : "r" (sum));
}

/* Fill the tables T of the power P = (HI, LO).  */
static void
build_table (u64 t[4][16], u64 hi, u64 lo)
{
  unsigned int i, j, k;

  for (k = 0; k < 4; k++)
    t[k][0] = 0;
  /* A nibble's most significant bit is the coefficient of the lowest
     power: T[0..1][8] = P, T[0..1][4] = P*x, ..., T[2..3][1] = P*x^7.  */
  for (k = 0; k < 4; k += 2)
    for (i = 8; i; i >>= 1)
      {
        t[k][i] = hi;
        t[k + 1][i] = lo;
        mul_x (&hi, &lo);
      }
  for (i = 2; i < 16; i <<= 1)
    for (j = 1; j < i; j++)
      for (k = 0; k < 4; k++)
        t[k][i + j] = t[k][i] ^ t[k][j];
}

/* W = W * x^8 on the three words of an accumulator: what falls off the
   second word goes to the third, unreduced.  */
#define SHIFT8(w0, w1, w2)                                              \
  do                                                                    \
    {                                                                   \
      w2 = (w2 >> 8) | (w1 << 56);                                      \
      w1 = (w1 >> 8) | (w0 << 56);                                      \
      w0 >>= 8;                                                         \
    }                                                                   \
  while (0)

/* W += B * P for the byte B and the tables T of P.  */
#define LOOKUP(w0, w1, t, b)                                            \
  do                                                                    \
    {                                                                   \
      unsigned int hn_ = ((b) >> 4) & 15, ln_ = (b) & 15;               \
      w0 ^= t[0][hn_] ^ t[2][ln_];                                      \
      w1 ^= t[1][hn_] ^ t[3][ln_];                                      \
    }                                                                   \
  while (0)

/* One byte position J (0 = the coefficients of x^0..x^7) of the halves:
   byte J of the first words of the blocks into A, of their last words
   into B.  */
#define BYTE(j, three)                                                  \
  do                                                                    \
    {                                                                   \
      if (j != 7)                                                       \
        {                                                               \
          SHIFT8 (a0, a1, a2);                                          \
          SHIFT8 (b0, b1, b2);                                          \
        }                                                               \
      LOOKUP (a0, a1, t1, x[2] >> (56 - 8 * j));                        \
      LOOKUP (b0, b1, t1, x[3] >> (56 - 8 * j));                        \
      if (three)                                                        \
        {                                                               \
          LOOKUP (a0, a1, t2, x[4] >> (56 - 8 * j));                    \
          LOOKUP (b0, b1, t2, x[5] >> (56 - 8 * j));                    \
          LOOKUP (a0, a1, t3, x[0] >> (56 - 8 * j));                    \
          LOOKUP (b0, b1, t3, x[1] >> (56 - 8 * j));                    \
        }                                                               \
    }                                                                   \
  while (0)

/* (*YHI, *YLO) = X1 * H^3 + X2 * H^2 + X3 * H if THREE, else X1 * H,
   for the blocks (X[0], X[1]), (X[4], X[5]) and (X[2], X[3]).  */
static inline void
mul_blocks (const ghash_state_t *gh, u64 *yhi, u64 *ylo, const u64 *x,
            int three)
{
  const u64 (*t1)[16] = gh->k.t[0];
  const u64 (*t2)[16] = gh->k.t[1];
  const u64 (*t3)[16] = gh->k.t[2];
  u64 a0 = 0, a1 = 0, a2 = 0, b0 = 0, b1 = 0, b2 = 0, w2, w3;

  BYTE (7, three);
  BYTE (6, three);
  BYTE (5, three);
  BYTE (4, three);
  BYTE (3, three);
  BYTE (2, three);
  BYTE (1, three);
  BYTE (0, three);

  /* The product is A + B * x^64, four words of which the last two,
     the coefficients of x^128..x^255, are reduced by
     x^128 = 1 + x + x^2 + x^7: the last one first, as its reduction
     reaches into the third.  */
  a1 ^= b0;
  w2 = a2 ^ b1;
  w3 = b2;
  a1 ^= w3 ^ (w3 >> 1) ^ (w3 >> 2) ^ (w3 >> 7);
  w2 ^= (w3 << 63) ^ (w3 << 62) ^ (w3 << 57);
  a0 ^= w2 ^ (w2 >> 1) ^ (w2 >> 2) ^ (w2 >> 7);
  a1 ^= (w2 << 63) ^ (w2 << 62) ^ (w2 << 57);
  *yhi = a0;
  *ylo = a1;
}

/* Block I at BUF as two words in GHASH's order.  */
static inline void
load_block (const byte *buf, u64 *hi, u64 *lo, int polyval)
{
  /* POLYVAL's blocks are GHASH's with their bytes reversed.  */
  if (polyval)
    {
      *hi = buf_get_le64 (buf + 8);
      *lo = buf_get_le64 (buf);
    }
  else
    {
      *hi = buf_get_be64 (buf);
      *lo = buf_get_be64 (buf + 8);
    }
}

static inline void
c_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  u64 yhi = buf_get_be64 (gh->y), ylo = buf_get_be64 (gh->y + 8);
  u64 x[6];

  touch_tables (gh);
  /* X[0..1] is the block for H^3 (or H alone), X[4..5] for H^2, X[2..3]
     for H.  */
  for (; nblocks >= 3; nblocks -= 3, buf += 48)
    {
      load_block (buf, &x[0], &x[1], polyval);
      load_block (buf + 16, &x[4], &x[5], polyval);
      load_block (buf + 32, &x[2], &x[3], polyval);
      x[0] ^= yhi;
      x[1] ^= ylo;
      mul_blocks (gh, &yhi, &ylo, x, 1);
    }
  for (; nblocks; nblocks--, buf += 16)
    {
      load_block (buf, &x[2], &x[3], polyval);
      x[2] ^= yhi;
      x[3] ^= ylo;
      mul_blocks (gh, &yhi, &ylo, x, 0);
    }
  buf_put_be64 (gh->y, yhi);
  buf_put_be64 (gh->y + 8, ylo);
}

/* Set the key (HI, LO) in GHASH's order and choose the multiplier.  */
static void
setkey (ghash_state_t *gh, u64 hi, u64 lo, int polyval)
{
  unsigned int hwf = _bcry_get_hw_features ();
  u64 x[6];
  unsigned int i;

  (void)hwf;
  memset (gh, 0, sizeof *gh);
  buf_put_be64 (gh->h, hi);
  buf_put_be64 (gh->h + 8, lo);
  gh->polyval = polyval;
#ifdef GHASH_USE_VPCLMUL
  if ((hwf & (HWF_VPCLMUL | HWF_AVX2)) == (HWF_VPCLMUL | HWF_AVX2))
    {
      gh->impl = GHASH_IMPL_VPCLMUL256;
# ifdef ENABLE_AVX512_SUPPORT
      if ((hwf & HWF_AVX512))
        gh->impl = GHASH_IMPL_VPCLMUL512;
# endif
      _bcry_ghash_vpclmul_setkey (gh);
      return;
    }
#endif
#ifdef GHASH_USE_PCLMUL
  if ((hwf & HWF_PCLMUL))
    {
      gh->impl = GHASH_IMPL_PCLMUL;
      _bcry_ghash_pclmul_setkey (gh);
      return;
    }
#endif
  gh->impl = GHASH_IMPL_C;
  /* H^(i+1) = H^i * H with the tables of H.  */
  x[2] = hi;
  x[3] = lo;
  for (i = 0; i < GHASH_C_POWERS; i++)
    {
      if (i)
        mul_blocks (gh, &x[2], &x[3], x, 0);
      build_table (gh->k.t[i], x[2], x[3]);
    }
  wipememory (x, sizeof x);
}

void
_bcry_ghash_setkey (ghash_state_t *gh, const byte *h)
{
  setkey (gh, buf_get_be64 (h), buf_get_be64 (h + 8), 0);
}

void
_bcry_polyval_setkey (ghash_state_t *gh, const byte *key)
{
  u64 hi = buf_get_le64 (key + 8), lo = buf_get_le64 (key);

  mul_x (&hi, &lo);
  setkey (gh, hi, lo, 1);
}

void
_bcry_ghash_clear (ghash_state_t *gh)
{
  wipememory (gh->y, sizeof gh->y);
  wipememory (gh->buf, sizeof gh->buf);
  gh->buflen = 0;
}

void
_bcry_ghash_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks)
{
  if (!nblocks)
    return;
  switch (gh->impl)
    {
#ifdef GHASH_USE_PCLMUL
    case GHASH_IMPL_PCLMUL:
      _bcry_ghash_pclmul_blocks (gh, buf, nblocks);
      return;
#endif
#ifdef GHASH_USE_VPCLMUL
    case GHASH_IMPL_VPCLMUL256:
      _bcry_ghash_vpclmul256_blocks (gh, buf, nblocks);
      return;
# ifdef ENABLE_AVX512_SUPPORT
    case GHASH_IMPL_VPCLMUL512:
      _bcry_ghash_vpclmul512_blocks (gh, buf, nblocks);
      return;
# endif
#endif
    default:
      break;
    }
  if (gh->polyval)
    c_blocks (gh, buf, nblocks, 1);
  else
    c_blocks (gh, buf, nblocks, 0);
}

void
_bcry_ghash_update (ghash_state_t *gh, const byte *buf, size_t len)
{
  size_t n;

  if (gh->buflen)
    {
      n = 16 - gh->buflen;
      n = n < len ? n : len;
      memcpy (gh->buf + gh->buflen, buf, n);
      gh->buflen += n;
      buf += n;
      len -= n;
      if (gh->buflen < 16)
        return;
      _bcry_ghash_blocks (gh, gh->buf, 1);
      gh->buflen = 0;
    }
  if (len >= 16)
    {
      _bcry_ghash_blocks (gh, buf, len / 16);
      buf += len & ~(size_t)15;
      len &= 15;
    }
  if (len)
    {
      memcpy (gh->buf, buf, len);
      gh->buflen = len;
    }
}

void
_bcry_ghash_pad (ghash_state_t *gh)
{
  if (gh->buflen)
    {
      memset (gh->buf + gh->buflen, 0, 16 - gh->buflen);
      _bcry_ghash_blocks (gh, gh->buf, 1);
      gh->buflen = 0;
    }
}

void
_bcry_polyval_read (const ghash_state_t *gh, byte *out)
{
  u64 hi = buf_get_be64 (gh->y), lo = buf_get_be64 (gh->y + 8);

  buf_put_le64 (out + 8, hi);
  buf_put_le64 (out, lo);
}
