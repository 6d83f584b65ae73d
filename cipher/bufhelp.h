/* bufhelp.h - loads, stores and XORs on unaligned byte buffers
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * memcpy into a local is how C says "unaligned load" without undefined
 * behaviour; compilers turn each into one instruction on x86-64.
 */

#ifndef BCRY_BUFHELP_H
#define BCRY_BUFHELP_H

#include "bulkcrypt-int.h"

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Whole-word copies: GCC 12 merges runs of the byte-wise stores below
   into long shift/or sequences with a stall on the store.  */
static inline u32
buf_get_be32 (const void *p)
{
  u32 v;
  memcpy (&v, p, 4);
  return __builtin_bswap32 (v);
}

static inline u32
buf_get_le32 (const void *p)
{
  u32 v;
  memcpy (&v, p, 4);
  return v;
}

static inline void
buf_put_be32 (void *p, u32 v)
{
  v = __builtin_bswap32 (v);
  memcpy (p, &v, 4);
}

static inline void
buf_put_le32 (void *p, u32 v)
{
  memcpy (p, &v, 4);
}
static inline u64
buf_get_be64 (const void *p)
{
  u64 v;
  memcpy (&v, p, 8);
  return __builtin_bswap64 (v);
}

static inline void
buf_put_be64 (void *p, u64 v)
{
  v = __builtin_bswap64 (v);
  memcpy (p, &v, 8);
}

static inline u64
buf_get_le64 (const void *p)
{
  u64 v;
  memcpy (&v, p, 8);
  return v;
}

static inline void
buf_put_le64 (void *p, u64 v)
{
  memcpy (p, &v, 8);
}
#else
static inline u32
buf_get_be32 (const void *p)
{
  const byte *b = p;
  return ((u32)b[0] << 24) | ((u32)b[1] << 16) | ((u32)b[2] << 8) | b[3];
}

static inline u32
buf_get_le32 (const void *p)
{
  const byte *b = p;
  return ((u32)b[3] << 24) | ((u32)b[2] << 16) | ((u32)b[1] << 8) | b[0];
}

static inline void
buf_put_be32 (void *p, u32 v)
{
  byte *b = p;
  b[0] = v >> 24; b[1] = v >> 16; b[2] = v >> 8; b[3] = v;
}

static inline void
buf_put_le32 (void *p, u32 v)
{
  byte *b = p;
  b[3] = v >> 24; b[2] = v >> 16; b[1] = v >> 8; b[0] = v;
}

static inline u64
buf_get_be64 (const void *p)
{
  return ((u64)buf_get_be32 (p) << 32) | buf_get_be32 ((const byte *)p + 4);
}

static inline void
buf_put_be64 (void *p, u64 v)
{
  buf_put_be32 (p, v >> 32);
  buf_put_be32 ((byte *)p + 4, (u32)v);
}

static inline u64
buf_get_le64 (const void *p)
{
  return buf_get_le32 (p) | ((u64)buf_get_le32 ((const byte *)p + 4) << 32);
}

static inline void
buf_put_le64 (void *p, u64 v)
{
  buf_put_le32 (p, (u32)v);
  buf_put_le32 ((byte *)p + 4, (u32)(v >> 32));
}
#endif

/* 64-bit native-order access, the unit of the XOR helpers.  */
static inline u64
buf_get_he64 (const void *p)
{
  u64 v;
  memcpy (&v, p, 8);
  return v;
}

static inline void
buf_put_he64 (void *p, u64 v)
{
  memcpy (p, &v, 8);
}

/* DST = SRC1 ^ SRC2 over LEN bytes; any of them may be the same buffer.  */
static inline void
buf_xor (void *dst, const void *src1, const void *src2, size_t len)
{
  byte *d = dst;
  const byte *a = src1, *b = src2;

  for (; len >= 8; len -= 8, d += 8, a += 8, b += 8)
    buf_put_he64 (d, buf_get_he64 (a) ^ buf_get_he64 (b));
  for (; len; len--)
    *d++ = *a++ ^ *b++;
}

/* One 16-byte block: DST = SRC1 ^ SRC2.  */
static inline void
buf_xor_16 (void *dst, const void *src1, const void *src2)
{
  u64 a0 = buf_get_he64 (src1), a1 = buf_get_he64 ((const byte *)src1 + 8);
  u64 b0 = buf_get_he64 (src2), b1 = buf_get_he64 ((const byte *)src2 + 8);
  buf_put_he64 (dst, a0 ^ b0);
  buf_put_he64 ((byte *)dst + 8, a1 ^ b1);
}

/* DST = SRC ^ IV and IV = DST: CFB encryption's step.  */
static inline void
buf_xor_2dst (void *dst, void *iv, const void *src, size_t len)
{
  byte *d = dst, *v = iv;
  const byte *s = src;

  for (; len; len--)
    *d++ = (*v++ ^= *s++);
}

/* DST = SRC ^ IV, IV = SRC, safe when DST == SRC: CFB decryption's step.  */
static inline void
buf_xor_n_copy (void *dst, void *iv, const void *src, size_t len)
{
  byte *d = dst, *v = iv;
  const byte *s = src;

  for (; len; len--)
    {
      byte c = *s++;
      *d++ = *v ^ c;
      *v++ = c;
    }
}

/* 1 if the LEN bytes at A and B are equal, else 0, in a time that does
   not depend on their contents: comparing a tag or a key must not tell
   an attacker how many leading bytes were right.  The volatile keeps the
   compiler from ending the loop at the first difference.  */
static inline int
buf_eq_const (const void *a, const void *b, size_t len)
{
  const byte *x = a, *y = b;
  volatile byte diff = 0;
  size_t i;

  for (i = 0; i < len; i++)
    diff |= x[i] ^ y[i];
  return diff == 0;
}

/* Add 1 to a big-endian counter of LEN bytes, wrapping at 2^(8*LEN).
   The carry runs through every byte, without a branch on it: EAX's
   counter starts at a secret value.  */
static inline void
buf_inc_be (byte *ctr, size_t len)
{
  unsigned int carry = 1;

  while (len--)
    {
      carry += ctr[len];
      ctr[len] = (byte)carry;
      carry >>= 8;
    }
}

#endif /* BCRY_BUFHELP_H */
