/* cipher-xts.c - XEX-based tweaked codebook mode with ciphertext stealing
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * IEEE Std 1619-2007 and NIST SP 800-38E for any 128-bit block cipher.
 * The key is Key1 || Key2 (cipher.c expands them into ctx and ctx2 and
 * refuses equal halves unless BCRYCTL_SET_ALLOW_WEAK_KEY allows them).
 * As in libgcrypt, the IV is the 16-byte data unit number, each
 * encrypt or decrypt call is one whole data unit of 16 bytes to 2^20
 * blocks (the limit of IEEE 1619-2007, 5.1), and the number then
 * counts up by one as a 128-bit little-endian integer, so that a run of
 * calls walks consecutive sectors.  Whole blocks go to the xts_crypt
 * hook; the partial tail uses ciphertext stealing (section 5.3.2).
 */

#include <config.h>
#include "cipher-internal.h"

#define XTS_MAX_BLOCKS ((size_t)1 << 20)

/* T * alpha in GF(2^128), little-endian as section 5.2 numbers the
   bits, reducing by x^128 + x^7 + x^2 + x + 1 without a branch.  */
static void
xts_mul_alpha (byte *out, const byte *in)
{
  u64 lo = buf_get_le64 (in), hi = buf_get_le64 (in + 8);
  u64 carry = (u64)0 - (hi >> 63);

  buf_put_le64 (out + 8, (hi << 1) | (lo >> 63));
  buf_put_le64 (out, (lo << 1) ^ (carry & 0x87));
}

/* One block with tweak T: OUT = CRYPT(IN ^ T) ^ T.  */
static void
xts_block (cipher_hd_t c, byte *out, const byte *in, const byte *t,
           int encrypt)
{
  byte tmp[16];

  buf_xor_16 (tmp, in, t);
  if (encrypt)
    cipher_block_enc (c, tmp, tmp);
  else
    cipher_block_dec (c, tmp, tmp);
  buf_xor_16 (out, tmp, t);
  wipememory (tmp, sizeof tmp);
}

static gpg_err_code_t
xts_crypt (cipher_hd_t c, byte *out, const byte *in, size_t inlen,
           int encrypt)
{
  byte t[16], t_last[16], pp[16], cc[16];
  size_t nblocks, rest, i;
  u64 lo, hi;

  if (inlen < 16)
    return GPG_ERR_BUFFER_TOO_SHORT;
  if (inlen > XTS_MAX_BLOCKS * 16)
    return GPG_ERR_INV_LENGTH;

  /* With a partial tail, decryption must do the last whole block with
     the tweak after it, so it leaves that block to the stealing step.  */
  rest = inlen % 16;
  nblocks = inlen / 16 - (rest && !encrypt);

  c->spec->encrypt (c->ctx2, t, c->u_iv.iv);
  if (c->bulk.xts_crypt)
    c->bulk.xts_crypt (&c->bulk, c->ctx, t, out, in, nblocks, encrypt);
  else
    for (i = 0; i < nblocks; i++)
      {
        xts_block (c, out + i * 16, in + i * 16, t, encrypt);
        xts_mul_alpha (t, t);
      }
  in += nblocks * 16;
  out += nblocks * 16;

  if (rest)
    {
      if (encrypt)
        {
          /* CC = the last whole ciphertext block: its head becomes the
             partial block, its tail pads P_m, and E(PP) replaces it.  */
          memcpy (pp, out - 16, 16);
          memcpy (pp, in, rest);
          memcpy (out, out - 16, rest);
          xts_block (c, out - 16, pp, t, 1);
        }
      else
        {
          /* C_m-1 was made with the tweak after T: decrypt it first to
             get P_m and the stolen tail, then C_m || tail with T.  C_m
             is read before P_m overwrites it in place.  */
          xts_mul_alpha (t_last, t);
          xts_block (c, pp, in, t_last, 0);
          memcpy (cc, in + 16, rest);
          memcpy (cc + rest, pp + rest, 16 - rest);
          memcpy (out + 16, pp, rest);
          xts_block (c, out, cc, t, 0);
          wipememory (t_last, sizeof t_last);
          wipememory (cc, sizeof cc);
        }
      wipememory (pp, sizeof pp);
    }
  wipememory (t, sizeof t);

  lo = buf_get_le64 (c->u_iv.iv);
  hi = buf_get_le64 (c->u_iv.iv + 8);
  hi += !++lo;
  buf_put_le64 (c->u_iv.iv, lo);
  buf_put_le64 (c->u_iv.iv + 8, hi);
  return 0;
}

static gpg_err_code_t
xts_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return xts_crypt (c, out, in, inlen, 1);
}

static gpg_err_code_t
xts_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return xts_crypt (c, out, in, inlen, 0);
}

const cipher_mode_t _bcry_mode_xts =
  {
    .mode = BCRY_CIPHER_MODE_XTS,
    .name = "XTS",
    .need_blocksize = 16,
    .nkeys = 2,
    .distinct_keys = 1,
    .encrypt = xts_encrypt,
    .decrypt = xts_decrypt,
  };
