/* cipher-ofb.c - Output Feedback mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38A, section 6.4.  The keystream is E(IV), E(E(IV)), ...;
 * it is inherently serial, so this mode runs on the fastest single-block
 * implementation: its ofb_enc hook when it has one, else a block at a
 * time.  Bytes of a keystream block that a call leaves unused serve the
 * next call.
 */

#include <config.h>
#include "cipher-internal.h"

static gpg_err_code_t
ofb_crypt (cipher_hd_t c, byte *out, size_t outlen,
           const byte *in, size_t inlen)
{
  size_t bs = c->spec->blocksize;
  size_t n;

  if (c->unused)
    {
      n = inlen < c->unused ? inlen : c->unused;
      buf_xor (out, in, c->u_iv.iv + bs - c->unused, n);
      c->unused -= n;
      out += n;
      in += n;
      inlen -= n;
    }
  if (c->bulk.ofb_enc && inlen >= bs)
    {
      n = inlen / bs;
      c->bulk.ofb_enc (&c->bulk, c->ctx, c->u_iv.iv, out, in, n);
      n *= bs;
      out += n;
      in += n;
      inlen -= n;
    }
  for (; inlen >= bs; inlen -= bs, in += bs, out += bs)
    {
      cipher_block_enc (c, c->u_iv.iv, c->u_iv.iv);
      buf_xor (out, in, c->u_iv.iv, bs);
    }
  if (inlen)
    {
      cipher_block_enc (c, c->u_iv.iv, c->u_iv.iv);
      buf_xor (out, in, c->u_iv.iv, inlen);
      c->unused = bs - inlen;
    }
  return 0;
}

const cipher_mode_t _bcry_mode_ofb =
  {
    .mode = BCRY_CIPHER_MODE_OFB,
    .name = "OFB",
    .nkeys = 1,
    .encrypt = ofb_crypt,
    .decrypt = ofb_crypt,
  };
