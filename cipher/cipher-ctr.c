/* cipher-ctr.c - Counter mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38A, section 6.5, with the whole block as one big-endian
 * counter that carries through every byte and wraps at 2^(8*blocksize),
 * as libgcrypt does.  Whole blocks go to the ctr_enc hook; the keystream
 * bytes a call leaves unused are kept in lastiv for the next call.
 */

#include <config.h>
#include "cipher-internal.h"

static gpg_err_code_t
ctr_crypt (cipher_hd_t c, byte *out, size_t outlen,
           const byte *in, size_t inlen)
{
  size_t bs = c->spec->blocksize;
  size_t n;

  if (c->unused)
    {
      n = inlen < c->unused ? inlen : c->unused;
      buf_xor (out, in, c->lastiv + bs - c->unused, n);
      c->unused -= n;
      out += n;
      in += n;
      inlen -= n;
    }

  n = inlen / bs;
  if (n && c->bulk.ctr_enc)
    {
      c->bulk.ctr_enc (&c->bulk, c->ctx, c->u_ctr.ctr, out, in, n);
      out += n * bs;
      in += n * bs;
      inlen -= n * bs;
    }
  for (; inlen; )
    {
      n = inlen < bs ? inlen : bs;
      cipher_block_enc (c, c->lastiv, c->u_ctr.ctr);
      buf_inc_be (c->u_ctr.ctr, bs);
      buf_xor (out, in, c->lastiv, n);
      c->unused = bs - n;
      out += n;
      in += n;
      inlen -= n;
    }
  return 0;
}

/* In CTR mode an IV is the initial counter block.  libgcrypt ignores
   an IV here and keeps counting from zero, which silently reuses
   keystream in a program that meant the IV as its counter.  */
static gpg_err_code_t
ctr_setiv (cipher_hd_t c, const byte *iv, size_t ivlen)
{
  return gpg_err_code (bcry_cipher_setctr (c, iv, ivlen));
}

const cipher_mode_t _bcry_mode_ctr =
  {
    .mode = BCRY_CIPHER_MODE_CTR,
    .name = "CTR",
    .nkeys = 1,
    .encrypt = ctr_crypt,
    .decrypt = ctr_crypt,
    .setiv = ctr_setiv,
  };
