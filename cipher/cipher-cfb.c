/* cipher-cfb.c - Cipher Feedback mode, full-block and 8-bit
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38A, section 6.3: CFB with a segment of one block (CFB,
 * any byte length, the unused part of a block carried to the next call)
 * and of one byte (CFB8).  Encryption is serial; decryption of whole
 * blocks goes to the cfb_dec hook, which runs blocks in parallel.
 * BCRYCTL_CFB_SYNC with BCRY_CIPHER_ENABLE_SYNC restarts the segment
 * boundary after a partial block, as OpenPGP's CFB variant needs.
 */

#include <config.h>
#include "cipher-internal.h"

/* The IV holds the ciphertext of the current block so far followed by
   the keystream not used yet; lastiv the block that was encrypted.  */
static gpg_err_code_t
cfb_crypt (cipher_hd_t c, byte *out, const byte *in, size_t inlen,
           int encrypt)
{
  size_t bs = c->spec->blocksize;
  byte *iv = c->u_iv.iv;
  size_t n;

  if (c->unused)
    {
      n = inlen < c->unused ? inlen : c->unused;
      if (encrypt)
        buf_xor_2dst (out, iv + bs - c->unused, in, n);
      else
        buf_xor_n_copy (out, iv + bs - c->unused, in, n);
      c->unused -= n;
      out += n;
      in += n;
      inlen -= n;
    }

  n = inlen / bs;
  if (n)
    {
      if (encrypt && c->bulk.cfb_enc)
        c->bulk.cfb_enc (&c->bulk, c->ctx, iv, out, in, n);
      else if (!encrypt && c->bulk.cfb_dec)
        c->bulk.cfb_dec (&c->bulk, c->ctx, iv, out, in, n);
      else
        for (n = 0; n < inlen / bs; n++)
          {
            cipher_block_enc (c, iv, iv);
            if (encrypt)
              buf_xor_2dst (out + n * bs, iv, in + n * bs, bs);
            else
              buf_xor_n_copy (out + n * bs, iv, in + n * bs, bs);
          }
      n = inlen / bs * bs;
      out += n;
      in += n;
      inlen -= n;
    }

  if (inlen)
    {
      memcpy (c->lastiv, iv, bs);
      cipher_block_enc (c, iv, iv);
      if (encrypt)
        buf_xor_2dst (out, iv, in, inlen);
      else
        buf_xor_n_copy (out, iv, in, inlen);
      c->unused = bs - inlen;
    }
  return 0;
}

static gpg_err_code_t
cfb_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return cfb_crypt (c, out, in, inlen, 1);
}

static gpg_err_code_t
cfb_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return cfb_crypt (c, out, in, inlen, 0);
}

/* Make the ciphertext's last block the IV: the used part of the current
   block moves to the end and the tail of the block before (lastiv)
   fills the front.  Without ENABLE_SYNC or at a block boundary this
   does nothing, as in libgcrypt.  */
static gpg_err_code_t
cfb_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  size_t bs = c->spec->blocksize;
  byte *iv = c->u_iv.iv;

  if (cmd != BCRYCTL_CFB_SYNC)
    return GPG_ERR_INV_OP;
  if ((c->flags & BCRY_CIPHER_ENABLE_SYNC) && c->unused)
    {
      memmove (iv + c->unused, iv, bs - c->unused);
      memcpy (iv, c->lastiv + bs - c->unused, c->unused);
      c->unused = 0;
    }
  return 0;
}

const cipher_mode_t _bcry_mode_cfb =
  {
    .mode = BCRY_CIPHER_MODE_CFB,
    .name = "CFB",
    .nkeys = 1,
    .encrypt = cfb_encrypt,
    .decrypt = cfb_decrypt,
    .ctl = cfb_ctl
  };


/* CFB8: each byte needs the 16 ciphertext bytes before it, so
   encryption runs a block cipher call per byte.  Decryption knows all
   of them in advance: the windows for a run of bytes are encrypted
   together through the ECB hook.  */
#define CFB8_RUN 64

static gpg_err_code_t
cfb8_encrypt (cipher_hd_t c, byte *out, size_t outlen,
              const byte *in, size_t inlen)
{
  size_t bs = c->spec->blocksize;
  byte *iv = c->u_iv.iv;
  byte ks[MAX_BLOCKSIZE];

  for (; inlen; inlen--)
    {
      cipher_block_enc (c, ks, iv);
      memmove (iv, iv + 1, bs - 1);
      iv[bs - 1] = *out++ = *in++ ^ ks[0];
    }
  wipememory (ks, sizeof ks);
  return 0;
}

static gpg_err_code_t
cfb8_decrypt (cipher_hd_t c, byte *out, size_t outlen,
              const byte *in, size_t inlen)
{
  size_t bs = c->spec->blocksize;
  byte *iv = c->u_iv.iv;
  byte win[CFB8_RUN * MAX_BLOCKSIZE];
  byte stream[MAX_BLOCKSIZE + CFB8_RUN];
  size_t n, i;

  while (inlen)
    {
      n = inlen < CFB8_RUN ? inlen : CFB8_RUN;
      /* STREAM is IV || C_0..C_n-1; byte i is keyed by window i.  */
      memcpy (stream, iv, bs);
      memcpy (stream + bs, in, n);
      for (i = 0; i < n; i++)
        memcpy (win + i * bs, stream + i, bs);
      if (c->bulk.ecb_crypt)
        c->bulk.ecb_crypt (&c->bulk, c->ctx, win, win, n, 1);
      else
        for (i = 0; i < n; i++)
          cipher_block_enc (c, win + i * bs, win + i * bs);
      memcpy (iv, stream + n, bs);
      for (i = 0; i < n; i++)
        out[i] = in[i] ^ win[i * bs];
      out += n;
      in += n;
      inlen -= n;
    }
  wipememory (win, sizeof win);
  return 0;
}

const cipher_mode_t _bcry_mode_cfb8 =
  {
    .mode = BCRY_CIPHER_MODE_CFB8,
    .name = "CFB8",
    .nkeys = 1,
    .encrypt = cfb8_encrypt,
    .decrypt = cfb8_decrypt
  };
