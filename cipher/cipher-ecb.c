/* cipher-ecb.c - Electronic Codebook mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38A, section 6.1: every block on its own.
 */

#include <config.h>
#include "cipher-internal.h"

static gpg_err_code_t
ecb_crypt (cipher_hd_t c, byte *out, const byte *in, size_t inlen,
           int encrypt)
{
  size_t bs = c->spec->blocksize;
  size_t nblocks = inlen / bs;

  if (inlen % bs)
    return GPG_ERR_INV_LENGTH;

  if (c->bulk.ecb_crypt)
    c->bulk.ecb_crypt (&c->bulk, c->ctx, out, in, nblocks, encrypt);
  else
    for (; nblocks; nblocks--, in += bs, out += bs)
      (encrypt ? c->spec->encrypt : c->spec->decrypt) (c->ctx, out, in);
  return 0;
}

static gpg_err_code_t
ecb_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return ecb_crypt (c, out, in, inlen, 1);
}

static gpg_err_code_t
ecb_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return ecb_crypt (c, out, in, inlen, 0);
}

const cipher_mode_t _bcry_mode_ecb =
  {
    .mode = BCRY_CIPHER_MODE_ECB,
    .name = "ECB",
    .nkeys = 1,
    .encrypt = ecb_encrypt,
    .decrypt = ecb_decrypt,
  };
