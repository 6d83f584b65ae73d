/* cipher-eax.c - the EAX mode of operation
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * M. Bellare, P. Rogaway, D. Wagner, "The EAX Mode of Operation", FSE
 * 2004, for 16-byte blocks: N = OMAC^0(nonce) is the initial counter,
 * H = OMAC^1(header), C = OMAC^2(ciphertext), and the tag is N ^ H ^ C,
 * truncated to 1..16 bytes.  OMAC^t is CMAC (cmac.c) of the block
 * [t]_16 followed by the data; the encryption goes through ctr_enc,
 * or, for runs of whole blocks, with OMAC^2 through the handle's
 * mac_ctr hook (cmac.c), which overlaps the two.  The nonce may have
 * any length, the empty one included.
 */

#include <config.h>
#include <stddef.h>
#include "aead-util.h"
#include "cmac.h"

/* Data per round of CTR and OMAC, so that the second pass reads from
   the first-level cache.  */
#define EAX_CHUNK (16 * 1024)

struct eax_state
{
  cmac_key_t key;             /* Per key: kept by reset.  */
  byte lt[3][16];             /* Per key: E([t]_16) for t = 0, 1, 2.  */
  cmac_state_t omac_h;        /* OMAC^1 of the header.  */
  cmac_state_t omac_c;        /* OMAC^2 of the ciphertext.  */
  byte n[16];
  byte ctr[16];
  byte ks[16];
  byte tag[16];
  unsigned int ks_unused;
  unsigned int have_nonce : 1;
  unsigned int data_started : 1;
  unsigned int have_tag : 1;
  unsigned int h_fresh : 1;   /* OMAC^1 has had no data yet.  */
  unsigned int c_fresh : 1;   /* OMAC^2 likewise.  */
};

/* Start OMAC^T: CMAC over the block [T]_16 and then the data.  */
static void
eax_omac_start (cipher_hd_t c, cmac_state_t *st, byte t)
{
  byte block[16];

  memset (block, 0, sizeof block);
  block[15] = t;
  _bcry_cmac_init (st);
  _bcry_cmac_update (c, st, block, sizeof block);
}

/* OMAC^T with data to come: the chaining value after [T]_16, which
   the key fixes, so that a message does not pay three serial block
   encryptions that are the same for every message (doc/HACKING,
   "Tuning notes").  Only for data that is not empty: OMAC^T of nothing
   treats [T]_16 as the last block, and eax_omac_start holds it back for
   that.  */
static void
eax_omac_start_data (struct eax_state *st, cmac_state_t *omac, byte t)
{
  _bcry_cmac_init (omac);
  memcpy (omac->x, st->lt[t], 16);
}

static void
eax_reset (cipher_hd_t c)
{
  struct eax_state *st = MODE_STATE (c, struct eax_state);

  wipememory (&st->omac_h, sizeof *st - offsetof (struct eax_state, omac_h));
}

static gpg_err_code_t
eax_setkey_done (cipher_hd_t c)
{
  struct eax_state *st = MODE_STATE (c, struct eax_state);

  byte *lt = st->lt[0];
  unsigned int t;

  eax_reset (c);
  _bcry_cmac_subkeys (c, &st->key);
  memset (lt, 0, sizeof st->lt);
  for (t = 0; t < 3; t++)
    lt[t * 16 + 15] = t;
  if (c->bulk.ecb_crypt)
    c->bulk.ecb_crypt (&c->bulk, c->ctx, lt, lt, 3, 1);
  else
    for (t = 0; t < 3; t++)
      cipher_block_enc (c, lt + t * 16, lt + t * 16);
  return 0;
}

static gpg_err_code_t
eax_setiv (cipher_hd_t c, const byte *iv, size_t ivlen)
{
  struct eax_state *st = MODE_STATE (c, struct eax_state);
  cmac_state_t omac_n;

  if (!iv && ivlen)
    return GPG_ERR_INV_ARG;
  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;

  eax_reset (c);
  if (ivlen)
    eax_omac_start_data (st, &omac_n, 0);
  else
    eax_omac_start (c, &omac_n, 0);
  _bcry_cmac_update (c, &omac_n, iv, ivlen);
  _bcry_cmac_final (c, &st->key, &omac_n, st->n);
  memcpy (st->ctr, st->n, 16);
  eax_omac_start (c, &st->omac_h, 1);
  eax_omac_start (c, &st->omac_c, 2);
  st->h_fresh = st->c_fresh = 1;
  st->have_nonce = 1;
  return 0;
}

static gpg_err_code_t
eax_authenticate (cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  struct eax_state *st = MODE_STATE (c, struct eax_state);

  if (!st->have_nonce || st->data_started || st->have_tag)
    return GPG_ERR_INV_STATE;
  if (abuflen && st->h_fresh)
    eax_omac_start_data (st, &st->omac_h, 1);
  st->h_fresh &= !abuflen;
  _bcry_cmac_update (c, &st->omac_h, abuf, abuflen);
  return 0;
}

static gpg_err_code_t
eax_crypt (cipher_hd_t c, byte *out, const byte *in, size_t inlen,
           int encrypt)
{
  struct eax_state *st = MODE_STATE (c, struct eax_state);
  size_t n;

  if (!st->have_nonce || st->have_tag)
    return GPG_ERR_INV_STATE;
  /* Not where the mac_ctr hook would take the data: it wants a whole
     block held back, which [T]_16 is.  */
  if (inlen && !cmac_ctr_hook (c, encrypt) && st->c_fresh)
    eax_omac_start_data (st, &st->omac_c, 2);
  st->c_fresh &= !inlen;
  st->data_started = 1;
  for (; inlen; inlen -= n, in += n, out += n)
    {
      n = st->ks_unused ? 0 : _bcry_cmac_ctr (c, &st->omac_c, st->ctr,
                                              out, in, inlen, encrypt);
      if (n)
        continue;
      n = inlen < EAX_CHUNK ? inlen : EAX_CHUNK;
      /* The MAC covers the ciphertext: read it before an in-place
         decryption overwrites it.  */
      if (!encrypt)
        _bcry_cmac_update (c, &st->omac_c, in, n);
      aead_ctr_stream (c, c->ctx, st->ctr, st->ks, &st->ks_unused,
                       out, in, n);
      if (encrypt)
        _bcry_cmac_update (c, &st->omac_c, out, n);
    }
  return 0;
}

static gpg_err_code_t
eax_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return eax_crypt (c, out, in, inlen, 1);
}

static gpg_err_code_t
eax_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return eax_crypt (c, out, in, inlen, 0);
}

static gpg_err_code_t
eax_final (cipher_hd_t c, size_t taglen)
{
  struct eax_state *st = MODE_STATE (c, struct eax_state);
  byte h[16];

  if (!st->have_nonce)
    return GPG_ERR_INV_STATE;
  if (taglen < 1 || taglen > 16)
    return GPG_ERR_INV_LENGTH;
  if (!st->have_tag)
    {
      _bcry_cmac_final (c, &st->key, &st->omac_h, h);
      _bcry_cmac_final (c, &st->key, &st->omac_c, st->tag);
      buf_xor_16 (st->tag, st->tag, h);
      buf_xor_16 (st->tag, st->tag, st->n);
      wipememory (h, sizeof h);
      wipememory (st->ks, sizeof st->ks);
      st->have_tag = 1;
    }
  return 0;
}

/* A buffer longer than the tag gets the whole tag, as in libgcrypt.  */
static gpg_err_code_t
eax_gettag (cipher_hd_t c, byte *tag, size_t taglen)
{
  if (taglen > 16)
    taglen = 16;
  return aead_copy_tag (eax_final (c, taglen),
                        MODE_STATE (c, struct eax_state)->tag, tag, taglen);
}

static gpg_err_code_t
eax_checktag (cipher_hd_t c, const byte *tag, size_t taglen)
{
  return aead_compare_tag (eax_final (c, taglen),
                           MODE_STATE (c, struct eax_state)->tag, tag, taglen);
}

static gpg_err_code_t
eax_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  if (cmd != BCRYCTL_GET_TAGLEN)
    return GPG_ERR_INV_OP;
  return ctl_put_size (buf, buflen, 16);
}

const cipher_mode_t _bcry_mode_eax =
  {
    .mode = BCRY_CIPHER_MODE_EAX,
    .name = "EAX",
    .need_blocksize = 16,
    .nkeys = 1,
    .encrypt = eax_encrypt,
    .decrypt = eax_decrypt,
    .setiv = eax_setiv,
    .setkey_done = eax_setkey_done,
    .reset = eax_reset,
    .authenticate = eax_authenticate,
    .gettag = eax_gettag,
    .checktag = eax_checktag,
    .ctl = eax_ctl,
  };
