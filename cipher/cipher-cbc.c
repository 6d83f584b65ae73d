/* cipher-cbc.c - Cipher Block Chaining mode, with CTS and CBC-MAC
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38A, section 6.2.  With BCRY_CIPHER_CBC_CTS a message of
 * more than one block and of any length is handled in one call with
 * ciphertext stealing as RFC 3962 (and libgcrypt) does it: the last two
 * blocks are swapped, the short one truncated.  With BCRY_CIPHER_CBC_MAC
 * encryption outputs only the last ciphertext block.
 */

#include <config.h>
#include "cipher-internal.h"

/* Blocks of a CTS message that go through plain CBC: all but the last
   (partial or whole) block.  */
static size_t
cbc_plain_blocks (cipher_hd_t c, size_t inlen, int *cts)
{
  size_t bs = c->spec->blocksize;

  *cts = (c->flags & BCRY_CIPHER_CBC_CTS) && inlen > bs;
  if (*cts)
    return (inlen - 1) / bs;
  return inlen / bs;
}

static gpg_err_code_t
cbc_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  size_t bs = c->spec->blocksize;
  int mac = !!(c->flags & BCRY_CIPHER_CBC_MAC);
  byte tmp[MAX_BLOCKSIZE];
  size_t nblocks, rest, i;
  int cts;

  nblocks = cbc_plain_blocks (c, inlen, &cts);
  if ((inlen % bs) && !cts)
    return GPG_ERR_INV_LENGTH;
  if (outlen < (mac ? (inlen ? bs : 0) : inlen))
    return GPG_ERR_BUFFER_TOO_SHORT;

  if (c->bulk.cbc_enc)
    c->bulk.cbc_enc (&c->bulk, c->ctx, c->u_iv.iv, out, in, nblocks, mac);
  else
    for (i = 0; i < nblocks; i++)
      {
        buf_xor (c->u_iv.iv, c->u_iv.iv, in + i * bs, bs);
        cipher_block_enc (c, c->u_iv.iv, c->u_iv.iv);
        if (!mac)
          memcpy (out + i * bs, c->u_iv.iv, bs);
      }
  if (mac)
    {
      if (nblocks)
        memcpy (out, c->u_iv.iv, bs);
      return 0;
    }

  if (cts)
    {
      /* The IV is C'_n-1, already written as block n-1.  Block n gets
         its first REST bytes; block n-1 becomes E((P_n || 0) ^ C'_n-1).
         P_n is read before block n is written: IN may be OUT.  */
      in += nblocks * bs;
      out += nblocks * bs;
      rest = inlen - nblocks * bs;
      memcpy (tmp, c->u_iv.iv, rest);
      for (i = 0; i < rest; i++)
        c->u_iv.iv[i] ^= in[i];
      cipher_block_enc (c, c->u_iv.iv, c->u_iv.iv);
      memcpy (out, tmp, rest);
      memcpy (out - bs, c->u_iv.iv, bs);
    }
  return 0;
}

static gpg_err_code_t
cbc_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  size_t bs = c->spec->blocksize;
  byte tmp[MAX_BLOCKSIZE], last[MAX_BLOCKSIZE];
  size_t nblocks, rest, i;
  int cts;

  nblocks = cbc_plain_blocks (c, inlen, &cts);
  if ((inlen % bs) && !cts)
    return GPG_ERR_INV_LENGTH;
  if (outlen < inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (cts)
    nblocks--;

  if (c->bulk.cbc_dec)
    c->bulk.cbc_dec (&c->bulk, c->ctx, c->u_iv.iv, out, in, nblocks);
  else
    for (i = 0; i < nblocks; i++)
      {
        memcpy (tmp, in + i * bs, bs);
        cipher_block_dec (c, out + i * bs, in + i * bs);
        buf_xor (out + i * bs, out + i * bs, c->u_iv.iv, bs);
        memcpy (c->u_iv.iv, tmp, bs);
      }
  in += nblocks * bs;
  out += nblocks * bs;

  if (cts)
    {
      /* IN holds C_n-1 (a whole block) and C_n (REST bytes).  D(C_n-1)
         is (P_n || 0...) ^ C'_n-1, where C'_n-1 is C_n followed by the
         tail of D(C_n-1); P_n-1 = D(C'_n-1) ^ IV.  */
      rest = inlen - (nblocks + 1) * bs;
      cipher_block_dec (c, tmp, in);
      memcpy (last, in + bs, rest);
      memcpy (last + rest, tmp + rest, bs - rest);
      for (i = 0; i < rest; i++)
        tmp[i] ^= last[i];
      memcpy (out + bs, tmp, rest);
      cipher_block_dec (c, out, last);
      buf_xor (out, out, c->u_iv.iv, bs);
      memcpy (c->u_iv.iv, last, bs);
    }
  wipememory (tmp, sizeof tmp);
  return 0;
}

const cipher_mode_t _bcry_mode_cbc =
  {
    .mode = BCRY_CIPHER_MODE_CBC,
    .name = "CBC",
    .nkeys = 1,
    .own_outlen = 1,
    .encrypt = cbc_encrypt,
    .decrypt = cbc_decrypt,
  };
