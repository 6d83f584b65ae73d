/* cipher-aeswrap.c - the key wrap algorithms KW and KWP
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 3394 (KW) and, with BCRY_CIPHER_EXTENDED, RFC 5649 (KWP), both
 * also NIST SP 800-38F, for any cipher with 16-byte blocks, as
 * libgcrypt allows.  Encryption writes the input length plus 8 bytes;
 * decryption writes the input length minus 8, for KWP including the
 * zero padding, and remembers the length KWP recorded, which
 * bcry_cipher_info (hd, BCRYCTL_GET_KEYLEN, NULL, &n) returns (0 after
 * a KW message, as libgcrypt reports it).  setiv with 8 bytes sets the
 * alternative initial value of RFC 3394, section 2.2.3.2.
 */

#include <config.h>
#include "aead-util.h"

/* KWP's AIV prefix (RFC 5649, section 3).  */
static const byte kwp_icv[4] = { 0xa6, 0x59, 0x59, 0xa6 };

struct wrap_state
{
  byte aiv[8];
  unsigned int have_aiv : 1;
  u32 plen;                   /* KWP length of the last unwrap.  */
};

static gpg_err_code_t
wrap_setiv (cipher_hd_t c, const byte *iv, size_t ivlen)
{
  struct wrap_state *st = MODE_STATE (c, struct wrap_state);

  if (!iv && ivlen)
    return GPG_ERR_INV_ARG;
  if (!iv)
    {
      st->have_aiv = 0;
      return 0;
    }
  if (ivlen != 8)
    return GPG_ERR_INV_LENGTH;
  memcpy (st->aiv, iv, 8);
  st->have_aiv = 1;
  return 0;
}

/* W of SP 800-38F, section 6.1 (RFC 3394, 2.2.1 in its index form):
   BUF holds A and then the N 64-bit blocks R[1..N].  */
static void
wrap_blocks (cipher_hd_t c, byte *buf, size_t n)
{
  byte b[16];
  size_t i;
  u64 t = 0;
  int j;

  for (j = 0; j < 6; j++)
    for (i = 1; i <= n; i++)
      {
        memcpy (b, buf, 8);
        memcpy (b + 8, buf + 8 * i, 8);
        cipher_block_enc (c, b, b);
        buf_put_be64 (buf, buf_get_be64 (b) ^ ++t);
        memcpy (buf + 8 * i, b + 8, 8);
      }
  wipememory (b, sizeof b);
}

/* W^-1: A is the first 8 bytes of IN and ends in A; the N blocks
   R[1..N] follow it in IN and go to OUT.  */
static void
unwrap_blocks (cipher_hd_t c, byte *a, byte *out, const byte *in, size_t n)
{
  byte b[16];
  size_t i;
  u64 t = 6 * (u64)n;
  int j;

  memcpy (a, in, 8);
  memmove (out, in + 8, 8 * n);
  for (j = 0; j < 6; j++)
    for (i = n; i >= 1; i--)
      {
        buf_put_be64 (b, buf_get_be64 (a) ^ t--);
        memcpy (b + 8, out + 8 * (i - 1), 8);
        cipher_block_dec (c, b, b);
        memcpy (a, b, 8);
        memcpy (out + 8 * (i - 1), b + 8, 8);
      }
  wipememory (b, sizeof b);
}

static gpg_err_code_t
wrap_encrypt (cipher_hd_t c, byte *out, size_t outlen,
              const byte *in, size_t inlen)
{
  struct wrap_state *st = MODE_STATE (c, struct wrap_state);
  size_t padded;

  if (!(c->flags & BCRY_CIPHER_EXTENDED))
    {
      if (outlen < inlen + 8 || inlen > (size_t)-1 - 8)
        return GPG_ERR_BUFFER_TOO_SHORT;
      if (inlen % 8 || inlen < 16)
        return GPG_ERR_INV_ARG;
      memmove (out + 8, in, inlen);
      if (st->have_aiv)
        memcpy (out, st->aiv, 8);
      else
        memset (out, 0xa6, 8);
      wrap_blocks (c, out, inlen / 8);
      return 0;
    }

  /* RFC 5649, section 4.1.  */
  if (!inlen || (u64)inlen > 0xffffffff)
    return GPG_ERR_INV_ARG;
  padded = (inlen + 7) / 8 * 8;
  if (outlen < padded + 8)
    return GPG_ERR_BUFFER_TOO_SHORT;
  memmove (out + 8, in, inlen);
  memset (out + 8 + inlen, 0, padded - inlen);
  memcpy (out, kwp_icv, 4);
  buf_put_be32 (out + 4, inlen);
  if (padded == 8)
    cipher_block_enc (c, out, out);
  else
    wrap_blocks (c, out, padded / 8);
  return 0;
}

/* Check KWP's length and padding (RFC 5649, section 3): the length
   PLEN leaves 0..7 bytes of zeros in the N-block output OUT.  */
static int
kwp_padding_ok (const byte *out, size_t n, u32 plen)
{
  byte acc = 0;
  size_t i;

  if (plen > 8 * n || 8 * n - plen > 7)
    return 0;
  for (i = plen; i < 8 * n; i++)
    acc |= out[i];
  return !acc;
}

static gpg_err_code_t
wrap_decrypt (cipher_hd_t c, byte *out, size_t outlen,
              const byte *in, size_t inlen)
{
  struct wrap_state *st = MODE_STATE (c, struct wrap_state);
  int extended = !!(c->flags & BCRY_CIPHER_EXTENDED);
  byte a[16];
  size_t n;
  u32 plen = 0;
  int ok;

  if (inlen % 8 || inlen < (extended ? 16 : 24))
    return GPG_ERR_INV_ARG;
  if (outlen < inlen - 8)
    return GPG_ERR_BUFFER_TOO_SHORT;
  n = inlen / 8 - 1;

  if (n == 1)
    {
      /* A KWP message of one block is one cipher block.  */
      cipher_block_dec (c, a, in);
      plen = buf_get_be32 (a + 4);
      ok = buf_eq_const (a, kwp_icv, 4) && plen
           && kwp_padding_ok (a + 8, 1, plen);
      if (ok)
        memcpy (out, a + 8, 8);
    }
  else
    {
      unwrap_blocks (c, a, out, in, n);
      if (st->have_aiv && buf_eq_const (a, st->aiv, 8))
        ok = 1;
      else if (buf_eq_const (a, kwp_icv, 4))
        {
          plen = buf_get_be32 (a + 4);
          ok = extended && kwp_padding_ok (out, n, plen);
        }
      else
        {
          static const byte kw_iv[8] =
            { 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6 };

          ok = buf_eq_const (a, kw_iv, 8);
        }
    }
  wipememory (a, sizeof a);
  if (!ok)
    {
      /* Unlike libgcrypt, leave no unverified key material behind.  */
      wipememory (out, inlen - 8);
      return GPG_ERR_CHECKSUM;
    }
  st->plen = plen;
  return 0;
}

static gpg_err_code_t
wrap_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  if (cmd != BCRYCTL_GET_KEYLEN)
    return GPG_ERR_INV_OP;
  return ctl_put_size (buf, buflen, MODE_STATE (c, struct wrap_state)->plen);
}

const cipher_mode_t _bcry_mode_aeswrap =
  {
    .mode = BCRY_CIPHER_MODE_AESWRAP,
    .name = "AESWRAP",
    .need_blocksize = 16,
    .nkeys = 1,
    .own_outlen = 1,
    .encrypt = wrap_encrypt,
    .decrypt = wrap_decrypt,
    .setiv = wrap_setiv,
    .ctl = wrap_ctl,
  };
