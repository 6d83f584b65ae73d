/* aead-util.h - small helpers shared by the CMAC-based AEAD modes
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CCM (NIST SP 800-38C), EAX (Bellare, Rogaway, Wagner 2004) and SIV
 * (RFC 5297) each run CTR mode (NIST SP 800-38A, section 6.5) next to a
 * MAC.  The CTR stream here takes the key context as an argument,
 * because SIV encrypts with the second half of its key, and keeps the
 * unused keystream of a partial block in the caller's state, so that
 * the data may come in any split.
 */

#ifndef BCRY_AEAD_UTIL_H
#define BCRY_AEAD_UTIL_H

#include "cipher-internal.h"

/* One block with the key schedule CTX of handle C.  */
static inline void
aead_block_enc (cipher_hd_t c, const void *ctx, byte *out, const byte *in)
{
  if (c->bulk.serial)
    c->bulk.serial->enc (ctx, out, in, 1);
  else
    c->spec->encrypt (ctx, out, in);
}

/* OUT = IN ^ keystream over LEN bytes, from the 128-bit big-endian
   counter CTR; KS holds the last keystream block, of which the final
   *UNUSED bytes were not used yet.  */
static inline void
aead_ctr_stream (cipher_hd_t c, const void *ctx, byte *ctr, byte *ks,
                 unsigned int *unused, byte *out, const byte *in, size_t len)
{
  size_t n;

  if (*unused)
    {
      n = len < *unused ? len : *unused;
      buf_xor (out, in, ks + 16 - *unused, n);
      *unused -= n;
      out += n;
      in += n;
      len -= n;
    }
  n = len / 16;
  if (n && c->bulk.ctr_enc)
    {
      c->bulk.ctr_enc (&c->bulk, ctx, ctr, out, in, n);
      out += n * 16;
      in += n * 16;
      len -= n * 16;
    }
  while (len)
    {
      n = len < 16 ? len : 16;
      aead_block_enc (c, ctx, ks, ctr);
      buf_inc_be (ctr, 16);
      buf_xor (out, in, ks, n);
      *unused = 16 - n;
      out += n;
      in += n;
      len -= n;
    }
}

/* Whether the LEN bytes at A and B are equal, in a time that does not
   depend on where they differ: a tag check must not tell a forger how
   many leading bytes were right.  */
static inline int
aead_tag_equal (const byte *a, const byte *b, size_t len)
{
  volatile byte diff = 0;
  size_t i;

  for (i = 0; i < len; i++)
    diff |= a[i] ^ b[i];
  return diff == 0;
}

#endif /* BCRY_AEAD_UTIL_H */
