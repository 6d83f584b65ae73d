/* cipher-siv.c - Synthetic Initialization Vector mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 5297, for 16-byte blocks.  The key is twice the cipher's: its
 * first half (K1) keys S2V, which is CMAC (cmac.c), and its second half
 * (K2) keys CTR, which goes through the ctr_enc hook.  As in libgcrypt,
 * each authenticate call is one AD component (an empty one counts),
 * setiv gives the nonce as the last of them, the data comes in a single
 * encrypt or decrypt call, encryption gives the ciphertext and gettag
 * the 16-byte SIV, and decryption takes the SIV beforehand through
 * BCRYCTL_SET_DECRYPTION_TAG.
 */

#include <config.h>
#include <stddef.h>
#include "aead-util.h"
#include "cmac.h"

/* RFC 5297 limits the AD vector so that S2V sees at most 127
   components, the plaintext being the last; libgcrypt counts the same.  */
#define SIV_MAX_AD 126

struct siv_state
{
  /* Per key: kept by reset.  */
  cmac_key_t key;
  byte d_zero[16];            /* CMAC(K1, <zero>).  */
  /* Per message.  */
  byte d[16];                 /* S2V's running value D.  */
  byte v[16];                 /* The SIV once computed.  */
  byte dec_tag[16];
  byte ctr[16];
  byte ks[16];
  unsigned int ks_unused;
  unsigned int n_ad;
  unsigned int have_nonce : 1;
  unsigned int have_dec_tag : 1;
  unsigned int done : 1;
};

static void
siv_reset (cipher_hd_t c)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);

  wipememory (&st->v, sizeof *st - offsetof (struct siv_state, v));
  memcpy (st->d, st->d_zero, 16);
}

static gpg_err_code_t
siv_setkey_done (cipher_hd_t c)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);
  cmac_state_t m;
  byte zero[16];

  _bcry_cmac_subkeys (c, &st->key);
  memset (zero, 0, sizeof zero);
  _bcry_cmac_init (&m);
  _bcry_cmac_update (c, &m, zero, sizeof zero);
  _bcry_cmac_final (c, &st->key, &m, st->d_zero);
  siv_reset (c);
  return 0;
}

/* One AD component: D = dbl (D) ^ CMAC (K1, AD).  */
static gpg_err_code_t
siv_add_ad (cipher_hd_t c, const byte *ad, size_t adlen)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);
  cmac_state_t m;
  byte mac[16];

  if (st->have_nonce || st->have_dec_tag || st->done)
    return GPG_ERR_INV_STATE;
  if (st->n_ad >= SIV_MAX_AD)
    return GPG_ERR_INV_STATE;
  _bcry_cmac_init (&m);
  _bcry_cmac_update (c, &m, ad, adlen);
  _bcry_cmac_final (c, &st->key, &m, mac);
  aead_double (st->d, st->d);
  buf_xor_16 (st->d, st->d, mac);
  st->n_ad++;
  wipememory (mac, sizeof mac);
  return 0;
}

static gpg_err_code_t
siv_authenticate (cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  return siv_add_ad (c, abuf, abuflen);
}

static gpg_err_code_t
siv_setiv (cipher_hd_t c, const byte *iv, size_t ivlen)
{
  gpg_err_code_t rc;

  if (!iv && ivlen)
    return GPG_ERR_INV_ARG;
  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;
  rc = siv_add_ad (c, iv, ivlen);
  if (!rc)
    MODE_STATE (c, struct siv_state)->have_nonce = 1;
  return rc;
}

/* The last step of S2V over the plaintext P, which gives V.  */
static void
siv_s2v_final (cipher_hd_t c, const byte *p, size_t len)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);
  cmac_state_t m;
  byte last[16];

  _bcry_cmac_init (&m);
  if (len >= 16)
    {
      /* T = P xorend D.  */
      _bcry_cmac_update (c, &m, p, len - 16);
      buf_xor_16 (last, p + len - 16, st->d);
    }
  else
    {
      /* T = dbl (D) xor pad (P).  */
      aead_double (st->d, st->d);
      memset (last, 0, sizeof last);
      if (len)
        memcpy (last, p, len);
      last[len] = 0x80;
      buf_xor_16 (last, last, st->d);
    }
  _bcry_cmac_update (c, &m, last, 16);
  _bcry_cmac_final (c, &st->key, &m, st->v);
  wipememory (last, sizeof last);
  wipememory (st->d, sizeof st->d);
  st->done = 1;
}

/* CTR with Q = V with bits 31 and 63 (from the right) cleared, so that
   a 32- or 64-bit counter never carries (RFC 5297, section 2.5).  */
static void
siv_ctr (cipher_hd_t c, const byte *v, byte *out, const byte *in,
         size_t len)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);

  memcpy (st->ctr, v, 16);
  st->ctr[8] &= 0x7f;
  st->ctr[12] &= 0x7f;
  aead_ctr_stream (c, c->ctx2, st->ctr, st->ks, &st->ks_unused,
                   out, in, len);
  wipememory (st->ctr, sizeof st->ctr);
  wipememory (st->ks, sizeof st->ks);
}

static gpg_err_code_t
siv_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);

  if (st->done || st->have_dec_tag)
    return GPG_ERR_INV_STATE;
  siv_s2v_final (c, in, inlen);
  siv_ctr (c, st->v, out, in, inlen);
  return 0;
}

static gpg_err_code_t
siv_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);

  if (st->done || !st->have_dec_tag)
    return GPG_ERR_INV_STATE;
  siv_ctr (c, st->dec_tag, out, in, inlen);
  siv_s2v_final (c, out, inlen);
  if (!buf_eq_const (st->v, st->dec_tag, 16))
    {
      /* RFC 5297, section 2.7: no plaintext for a forged message.  */
      wipememory (out, inlen);
      return GPG_ERR_CHECKSUM;
    }
  return 0;
}

/* Gettag and checktag before any data: the message is empty.  */
static gpg_err_code_t
siv_final (cipher_hd_t c, size_t taglen)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);

  if (taglen != 16)
    return GPG_ERR_INV_LENGTH;
  if (!st->done)
    siv_s2v_final (c, NULL, 0);
  return 0;
}

/* A buffer longer than the tag gets the whole tag, as in libgcrypt.  */
static gpg_err_code_t
siv_gettag (cipher_hd_t c, byte *tag, size_t taglen)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);

  if (st->have_dec_tag)
    return GPG_ERR_INV_STATE;
  return aead_copy_tag (siv_final (c, taglen > 16 ? 16 : taglen), st->v,
                        tag, 16);
}

static gpg_err_code_t
siv_checktag (cipher_hd_t c, const byte *tag, size_t taglen)
{
  return aead_compare_tag (siv_final (c, taglen),
                           MODE_STATE (c, struct siv_state)->v, tag, 16);
}

static gpg_err_code_t
siv_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  struct siv_state *st = MODE_STATE (c, struct siv_state);

  switch (cmd)
    {
    case BCRYCTL_SET_DECRYPTION_TAG:
      if (!buf || buflen != 16)
        return GPG_ERR_INV_ARG;
      if (!c->key_set)
        return GPG_ERR_MISSING_KEY;
      if (st->done)
        return GPG_ERR_INV_STATE;
      memcpy (st->dec_tag, buf, 16);
      st->have_dec_tag = 1;
      return 0;
    case BCRYCTL_GET_TAGLEN:
      return ctl_put_size (buf, buflen, 16);
    default:
      return GPG_ERR_INV_OP;
    }
}

const cipher_mode_t _bcry_mode_siv =
  {
    .mode = BCRY_CIPHER_MODE_SIV,
    .name = "SIV",
    .need_blocksize = 16,
    .nkeys = 2,
    .encrypt = siv_encrypt,
    .decrypt = siv_decrypt,
    .setiv = siv_setiv,
    .setkey_done = siv_setkey_done,
    .reset = siv_reset,
    .authenticate = siv_authenticate,
    .gettag = siv_gettag,
    .checktag = siv_checktag,
    .ctl = siv_ctl,
  };
