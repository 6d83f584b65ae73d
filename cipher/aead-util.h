/* aead-util.h - small helpers shared by the authenticated modes
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CCM (NIST SP 800-38C), EAX (Bellare, Rogaway, Wagner 2004) and SIV
 * (RFC 5297) each run CTR mode (NIST SP 800-38A, section 6.5) next to a
 * MAC.  The CTR stream here takes the key context as an argument,
 * because SIV encrypts with the second half of its key, and keeps the
 * unused keystream of a partial block in the caller's state, so that
 * the data may come in any split.  The doubling in GF(2^128) is the
 * one CMAC (SP 800-38B), OCB (RFC 7253) and SIV's S2V share; the tag
 * and ctl helpers give every mode the same answers.
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

/* OUT = IN * x in GF(2^128) with the bits in big-endian order,
   reducing by x^128 + x^7 + x^2 + x + 1 without a secret branch:
   double(S) of RFC 7253, section 2, dbl(S) of RFC 5297, section 2.3,
   and the subkey step of SP 800-38B, section 6.1.  OUT may be IN.  */
static inline void
aead_double (byte *out, const byte *in)
{
  u64 hi = buf_get_be64 (in), lo = buf_get_be64 (in + 8);
  u64 carry = (u64)0 - (hi >> 63);

  buf_put_be64 (out, (hi << 1) | (lo >> 63));
  buf_put_be64 (out + 8, (lo << 1) ^ (carry & 0x87));
}

/* The end of gettag once the mode's final step returned RC: copy the
   first TAGLEN bytes of the computed tag ST_TAG out to TAG.  */
static inline gpg_err_code_t
aead_copy_tag (gpg_err_code_t rc, const byte *st_tag, byte *tag,
               size_t taglen)
{
  if (!rc)
    memcpy (tag, st_tag, taglen);
  return rc;
}

/* The end of checktag once the mode's final step returned RC: compare
   TAG with the first TAGLEN bytes of the computed tag ST_TAG.  */
static inline gpg_err_code_t
aead_compare_tag (gpg_err_code_t rc, const byte *st_tag, const byte *tag,
                  size_t taglen)
{
  if (!rc && !buf_eq_const (tag, st_tag, taglen))
    rc = GPG_ERR_CHECKSUM;
  return rc;
}

/* A ctl query that answers with one size_t (BCRYCTL_GET_TAGLEN,
   BCRYCTL_GET_KEYLEN): bcry_cipher_info passes a size_t buffer.  */
static inline gpg_err_code_t
ctl_put_size (void *buf, size_t buflen, size_t value)
{
  if (!buf || buflen != sizeof (size_t))
    return GPG_ERR_INV_ARG;
  memcpy (buf, &value, sizeof value);
  return 0;
}

#endif /* BCRY_AEAD_UTIL_H */
