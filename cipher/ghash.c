/* ghash.c - portable GHASH and POLYVAL with 4-bit (Shoup) tables
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Multiplication in GF(2^128) as GHASH defines it (NIST SP 800-38D,
 * section 6.3), by Shoup's table method: per key, the products of H
 * with the 16 values of a nibble, once for the nibble in the high half
 * of a byte (M0) and once for the low half (M4 = M0 * x^4), so that one
 * byte of the multiplier costs two lookups, a shift of the product by
 * eight places and one lookup in a 256-entry reduction table.  POLYVAL
 * (RFC 8452) runs on the same core through the mapping of its Appendix A.
 *
 * Why tables: a constant-time carry-less multiply from integer
 * multiplications (BearSSL's ctmul64 technique) needs some 100
 * multiplications per block, about 12 cycles per byte on x86-64, three
 * times the budget of 4; these tables come in under it.  They
 * are 512 bytes per key plus the 512-byte reduction table, all touched
 * before each run so that the cache lines loaded do not depend on the
 * data.  The CPU's carry-less multiply is the constant-time path.
 */

#include <config.h>
#include "ghash.h"
#include "bufhelp.h"

/* RED8[b]: the top 16 bits to add to a product shifted right by eight
   places when the byte B fell off its end, i.e. B's bits times x^128
   reduced by x^128 = 1 + x + x^2 + x^7 (0xE1 in GHASH's bit order).  */
static const uint16_t red8[256] =
  {
    0x0000, 0x01c2, 0x0384, 0x0246, 0x0708, 0x06ca, 0x048c, 0x054e,
    0x0e10, 0x0fd2, 0x0d94, 0x0c56, 0x0918, 0x08da, 0x0a9c, 0x0b5e,
    0x1c20, 0x1de2, 0x1fa4, 0x1e66, 0x1b28, 0x1aea, 0x18ac, 0x196e,
    0x1230, 0x13f2, 0x11b4, 0x1076, 0x1538, 0x14fa, 0x16bc, 0x177e,
    0x3840, 0x3982, 0x3bc4, 0x3a06, 0x3f48, 0x3e8a, 0x3ccc, 0x3d0e,
    0x3650, 0x3792, 0x35d4, 0x3416, 0x3158, 0x309a, 0x32dc, 0x331e,
    0x2460, 0x25a2, 0x27e4, 0x2626, 0x2368, 0x22aa, 0x20ec, 0x212e,
    0x2a70, 0x2bb2, 0x29f4, 0x2836, 0x2d78, 0x2cba, 0x2efc, 0x2f3e,
    0x7080, 0x7142, 0x7304, 0x72c6, 0x7788, 0x764a, 0x740c, 0x75ce,
    0x7e90, 0x7f52, 0x7d14, 0x7cd6, 0x7998, 0x785a, 0x7a1c, 0x7bde,
    0x6ca0, 0x6d62, 0x6f24, 0x6ee6, 0x6ba8, 0x6a6a, 0x682c, 0x69ee,
    0x62b0, 0x6372, 0x6134, 0x60f6, 0x65b8, 0x647a, 0x663c, 0x67fe,
    0x48c0, 0x4902, 0x4b44, 0x4a86, 0x4fc8, 0x4e0a, 0x4c4c, 0x4d8e,
    0x46d0, 0x4712, 0x4554, 0x4496, 0x41d8, 0x401a, 0x425c, 0x439e,
    0x54e0, 0x5522, 0x5764, 0x56a6, 0x53e8, 0x522a, 0x506c, 0x51ae,
    0x5af0, 0x5b32, 0x5974, 0x58b6, 0x5df8, 0x5c3a, 0x5e7c, 0x5fbe,
    0xe100, 0xe0c2, 0xe284, 0xe346, 0xe608, 0xe7ca, 0xe58c, 0xe44e,
    0xef10, 0xeed2, 0xec94, 0xed56, 0xe818, 0xe9da, 0xeb9c, 0xea5e,
    0xfd20, 0xfce2, 0xfea4, 0xff66, 0xfa28, 0xfbea, 0xf9ac, 0xf86e,
    0xf330, 0xf2f2, 0xf0b4, 0xf176, 0xf438, 0xf5fa, 0xf7bc, 0xf67e,
    0xd940, 0xd882, 0xdac4, 0xdb06, 0xde48, 0xdf8a, 0xddcc, 0xdc0e,
    0xd750, 0xd692, 0xd4d4, 0xd516, 0xd058, 0xd19a, 0xd3dc, 0xd21e,
    0xc560, 0xc4a2, 0xc6e4, 0xc726, 0xc268, 0xc3aa, 0xc1ec, 0xc02e,
    0xcb70, 0xcab2, 0xc8f4, 0xc936, 0xcc78, 0xcdba, 0xcffc, 0xce3e,
    0x9180, 0x9042, 0x9204, 0x93c6, 0x9688, 0x974a, 0x950c, 0x94ce,
    0x9f90, 0x9e52, 0x9c14, 0x9dd6, 0x9898, 0x995a, 0x9b1c, 0x9ade,
    0x8da0, 0x8c62, 0x8e24, 0x8fe6, 0x8aa8, 0x8b6a, 0x892c, 0x88ee,
    0x83b0, 0x8272, 0x8034, 0x81f6, 0x84b8, 0x857a, 0x873c, 0x86fe,
    0xa9c0, 0xa802, 0xaa44, 0xab86, 0xaec8, 0xaf0a, 0xad4c, 0xac8e,
    0xa7d0, 0xa612, 0xa454, 0xa596, 0xa0d8, 0xa11a, 0xa35c, 0xa29e,
    0xb5e0, 0xb422, 0xb664, 0xb7a6, 0xb2e8, 0xb32a, 0xb16c, 0xb0ae,
    0xbbf0, 0xba32, 0xb874, 0xb9b6, 0xbcf8, 0xbd3a, 0xbf7c, 0xbebe,
  };

static inline u64
get_le64 (const byte *p)
{
  return ((u64)buf_get_le32 (p + 4) << 32) | buf_get_le32 (p);
}

static inline void
put_le64 (byte *p, u64 v)
{
  buf_put_le32 (p, (u32)v);
  buf_put_le32 (p + 4, v >> 32);
}

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
  const volatile u64 *m = &gh->m0[0][0];
  const volatile uint16_t *r = red8;
  u64 sum = 0;
  size_t i;

  for (i = 0; i < 4 * 16 * 2; i += 8)
    sum += m[i];
  for (i = 0; i < 256; i += 32)
    sum += r[i];
  __asm__ volatile ("" : : "r" (sum));
}

/* Fill M0 and M4 from the key K = (HI, LO).  */
static void
build_table (u64 m0[16][2], u64 m4[16][2], u64 hi, u64 lo)
{
  unsigned int i, j;

  m0[0][0] = m0[0][1] = m4[0][0] = m4[0][1] = 0;
  /* A nibble's most significant bit is the coefficient of the lowest
     power: M0[8] = K, M0[4] = K*x, ..., M4[1] = K*x^7.  */
  for (i = 8; i; i >>= 1)
    {
      m0[i][0] = hi;
      m0[i][1] = lo;
      mul_x (&hi, &lo);
    }
  for (i = 8; i; i >>= 1)
    {
      m4[i][0] = hi;
      m4[i][1] = lo;
      mul_x (&hi, &lo);
    }
  for (i = 2; i < 16; i <<= 1)
    for (j = 1; j < i; j++)
      {
        m0[i + j][0] = m0[i][0] ^ m0[j][0];
        m0[i + j][1] = m0[i][1] ^ m0[j][1];
        m4[i + j][0] = m4[i][0] ^ m4[j][0];
        m4[i + j][1] = m4[i][1] ^ m4[j][1];
      }
}

static void
build_tables (ghash_state_t *gh, u64 hi, u64 lo)
{
  unsigned int i;

  buf_put_be64 (gh->h, hi);
  buf_put_be64 (gh->h + 8, lo);
  memset (gh->y, 0, sizeof gh->y);
  build_table (gh->m0, gh->m4, hi, lo);
  for (i = 0; i < 64; i++)
    mul_x (&hi, &lo);
  build_table (gh->m64_0, gh->m64_4, hi, lo);
}

void
_bcry_ghash_setkey (ghash_state_t *gh, const byte *h)
{
  build_tables (gh, buf_get_be64 (h), buf_get_be64 (h + 8));
}

void
_bcry_polyval_setkey (ghash_state_t *gh, const byte *key)
{
  u64 hi = get_le64 (key + 8), lo = get_le64 (key);

  mul_x (&hi, &lo);
  build_tables (gh, hi, lo);
}

/* Z = Y * H as A + B * x^64, where A and B are Y's first and last
   eight bytes: two chains of Horner's rule that do not wait for each
   other, each step multiplying by x^8 and adding one byte's product.  */
#define STEP(z, t0, t4, b)                                              \
  do                                                                    \
    {                                                                   \
      unsigned int b_ = (b) & 0xff, r_ = z##lo & 0xff;                  \
      z##lo = (z##lo >> 8) | (z##hi << 56);                             \
      z##hi = (z##hi >> 8) ^ ((u64)red8[r_] << 48)                      \
              ^ t0[b_ >> 4][0] ^ t4[b_ & 15][0];                        \
      z##lo ^= t0[b_ >> 4][1] ^ t4[b_ & 15][1];                         \
    }                                                                   \
  while (0)

#define FIRST(z, t0, t4, b)                                             \
  do                                                                    \
    {                                                                   \
      unsigned int b_ = (b) & 0xff;                                     \
      z##hi = t0[b_ >> 4][0] ^ t4[b_ & 15][0];                          \
      z##lo = t0[b_ >> 4][1] ^ t4[b_ & 15][1];                          \
    }                                                                   \
  while (0)

static inline void
hash_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks,
             int polyval)
{
  u64 yhi = buf_get_be64 (gh->y), ylo = buf_get_be64 (gh->y + 8);
  u64 ahi, alo, bhi, blo;
  int i;

  touch_tables (gh);
  for (; nblocks; nblocks--, buf += 16)
    {
      /* POLYVAL's blocks are GHASH's with their bytes reversed.  */
      if (polyval)
        {
          yhi ^= get_le64 (buf + 8);
          ylo ^= get_le64 (buf);
        }
      else
        {
          yhi ^= buf_get_be64 (buf);
          ylo ^= buf_get_be64 (buf + 8);
        }
      FIRST (a, gh->m0, gh->m4, yhi);
      FIRST (b, gh->m64_0, gh->m64_4, ylo);
      for (i = 8; i < 64; i += 8)
        {
          STEP (a, gh->m0, gh->m4, yhi >> i);
          STEP (b, gh->m64_0, gh->m64_4, ylo >> i);
        }
      yhi = ahi ^ bhi;
      ylo = alo ^ blo;
    }
  buf_put_be64 (gh->y, yhi);
  buf_put_be64 (gh->y + 8, ylo);
}

void
_bcry_ghash_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks)
{
  hash_blocks (gh, buf, nblocks, 0);
}

void
_bcry_polyval_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks)
{
  hash_blocks (gh, buf, nblocks, 1);
}

void
_bcry_polyval_read (const ghash_state_t *gh, byte *out)
{
  u64 hi = buf_get_be64 (gh->y), lo = buf_get_be64 (gh->y + 8);

  put_le64 (out + 8, hi);
  put_le64 (out, lo);
}
