/* cipher-gcm-siv.c - GCM-SIV, nonce-misuse-resistant AEAD
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 8452 (AES-GCM-SIV), for any cipher with 16-byte blocks and a key
 * of 16 or 32 bytes, as libgcrypt offers it.  Each nonce derives, with
 * the caller's key-generating key (the handle's ctx), an authentication
 * key for POLYVAL and an encryption key whose schedule goes to ctx2
 * (section 4).  The tag is computed from the whole plaintext before any
 * of it is encrypted, so, as in libgcrypt, the data goes in ONE encrypt
 * or decrypt call; decryption takes the tag beforehand through
 * BCRYCTL_SET_DECRYPTION_TAG (before or after the nonce) and wipes its
 * output if the tag is wrong.
 * Encryption is CTR with a 32-bit little-endian counter, through the
 * ctr32le_enc hook, or the gcm_siv_crypt hook when decrypting, which
 * hashes the plaintext in the same pass.
 */

#include <config.h>
#include "cipher-internal.h"
#include "ghash.h"
#include "aead-util.h"

/* Section 6: P_MAX and A_MAX are 2^36 bytes.  */
#define SIV_MAX_LEN ((u64)1 << 36)

struct gcm_siv_state
{
  ghash_state_t gh;           /* POLYVAL under this nonce's key, its
                                 tables at c->mode_extra.  */
  byte nonce[12];
  byte tag[16];
  u64 aadlen;                 /* Bytes.  */
  u64 datalen;
  unsigned int data_done : 1; /* The one encrypt/decrypt call was made.  */
  unsigned int tag_set : 1;   /* TAG holds a computed or given tag.  */
  unsigned int tag_ok : 1;    /* ... computed, or given and verified.  */
};

/* One block with the message-encryption key.  */
static void
enc2_block (cipher_hd_t c, byte *out, const byte *in)
{
  if (c->bulk.serial)
    c->bulk.serial->enc (c->ctx2, out, in, 1);
  else
    c->spec->encrypt (c->ctx2, out, in);
}

/* Section 4: the tag of the AAD and plaintext hashed so far.  */
static void
finish_tag (cipher_hd_t c, struct gcm_siv_state *st, byte *tag)
{
  byte s[16];
  unsigned int i;

  _bcry_ghash_pad (&st->gh);
  buf_put_le32 (s, (u32)(st->aadlen << 3));
  buf_put_le32 (s + 4, (u32)(st->aadlen >> 29));
  buf_put_le32 (s + 8, (u32)(st->datalen << 3));
  buf_put_le32 (s + 12, (u32)(st->datalen >> 29));
  _bcry_ghash_blocks (&st->gh, s, 1);
  _bcry_polyval_read (&st->gh, s);
  for (i = 0; i < 12; i++)
    s[i] ^= st->nonce[i];
  s[15] &= 0x7f;
  enc2_block (c, tag, s);
  wipememory (s, sizeof s);
}

/* The tag of the AAD and PLAIN's LEN bytes.  */
static void
compute_tag (cipher_hd_t c, struct gcm_siv_state *st, byte *tag,
             const byte *plain, size_t len)
{
  _bcry_ghash_pad (&st->gh);
  _bcry_ghash_update (&st->gh, plain, len);
  finish_tag (c, st, tag);
}

/* CTR with the tag, top bit set, as the initial counter block; when
   decrypting with the gcm_siv_crypt hook, POLYVAL absorbs the whole
   blocks of the plaintext in the same pass (the AAD padded first, as
   compute_tag does), and the caller the rest.  */
static size_t
ctr32le_crypt (cipher_hd_t c, const byte *tag, byte *out, const byte *in,
               size_t len, struct gcm_siv_state *hash_st)
{
  byte ctr[16], ks[16];
  size_t n = len / 16, hashed = 0;

  memcpy (ctr, tag, 16);
  ctr[15] |= 0x80;
  if (n && hash_st && c->bulk.gcm_siv_crypt)
    {
      _bcry_ghash_pad (&hash_st->gh);
      c->bulk.gcm_siv_crypt (&c->bulk, c->ctx2, &hash_st->gh, ctr, out, in,
                             n, 1);
      hashed = n * 16;
      out += hashed;
      in += hashed;
      len -= hashed;
      n = 0;
    }
  if (n && c->bulk.ctr32le_enc)
    {
      c->bulk.ctr32le_enc (&c->bulk, c->ctx2, ctr, out, in, n);
      out += n * 16;
      in += n * 16;
      len -= n * 16;
    }
  for (; len; )
    {
      n = len < 16 ? len : 16;
      enc2_block (c, ks, ctr);
      buf_put_le32 (ctr, buf_get_le32 (ctr) + 1);
      buf_xor (out, in, ks, n);
      out += n;
      in += n;
      len -= n;
    }
  wipememory (ks, sizeof ks);
  wipememory (ctr, sizeof ctr);
  return hashed;
}

static void
gcm_siv_reset (cipher_hd_t c)
{
  _bcry_ghash_wipe (&MODE_STATE (c, struct gcm_siv_state)->gh);
  wipememory (&c->u_mode, sizeof c->u_mode);
  wipememory (c->ctx2, c->spec->contextsize);
}

static gpg_err_code_t
gcm_siv_setkey_done (cipher_hd_t c)
{
  size_t klen = c->spec->keylen / 8;

  if (klen != 16 && klen != 32)
    return GPG_ERR_INV_KEYLEN;
  gcm_siv_reset (c);
  c->iv_set = 0;
  return 0;
}

/* Section 4: block I of the derivation is E(K, LE32 (I) || nonce), and
   the keys are the first halves of blocks 0-1 and of blocks 2-3 (or
   2-5 for a 32-byte key).  The blocks do not depend on each other, so
   they go through the ECB hook in one call, which a SIMD entry takes
   side by side, rather than one block at a time: on short messages
   the derivation is a large part of the cost (doc/HACKING, "Tuning
   notes").  */
static gpg_err_code_t
gcm_siv_setiv (cipher_hd_t c, const byte *iv, size_t ivlen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);
  size_t klen = c->spec->keylen / 8;
  cipher_setkey_args_t args;
  byte blk[6][16], keys[16 + 32], tag[16];
  unsigned int i, n = 2 + klen / 8, keep_tag;
  gpg_err_code_t rc;

  if (!iv && ivlen)
    return GPG_ERR_INV_ARG;
  if (ivlen != 12)
    return GPG_ERR_INV_LENGTH;
  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;

  for (i = 0; i < n; i++)
    {
      buf_put_le32 (blk[i], i);
      memcpy (blk[i] + 4, iv, 12);
    }
  if (c->bulk.ecb_crypt)
    c->bulk.ecb_crypt (&c->bulk, c->ctx, blk[0], blk[0], n, 1);
  else
    for (i = 0; i < n; i++)
      cipher_block_enc (c, blk[i], blk[i]);
  for (i = 0; i < n; i++)
    memcpy (keys + i * 8, blk[i], 8);
  args.bulk = NULL;
  args.hwf = _bcry_get_hw_features ();
  args.skip_impls = c->skip_impls;
  rc = c->spec->setkey (c->ctx2, keys + 16, klen, &args);
  if (!rc)
    {
      /* A decryption tag given before the nonce, as libgcrypt allows,
         belongs to this message.  */
      keep_tag = st->tag_set && !st->data_done;
      memcpy (tag, st->tag, 16);
      wipememory (&c->u_mode, sizeof c->u_mode);
      _bcry_polyval_setkey (&st->gh, keys, c->mode_extra);
      memcpy (st->nonce, iv, 12);
      if (keep_tag)
        {
          memcpy (st->tag, tag, 16);
          st->tag_set = 1;
        }
      wipememory (tag, sizeof tag);
    }
  else
    wipememory (c->ctx2, c->spec->contextsize);
  wipememory (keys, sizeof keys);
  wipememory (blk, sizeof blk);
  return rc;
}

static gpg_err_code_t
gcm_siv_authenticate (cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);

  if (!c->iv_set || st->data_done || st->tag_set)
    return GPG_ERR_INV_STATE;
  if ((u64)abuflen > SIV_MAX_LEN - st->aadlen)
    return GPG_ERR_INV_LENGTH;
  st->aadlen += abuflen;
  _bcry_ghash_update (&st->gh, abuf, abuflen);
  return 0;
}

static gpg_err_code_t
gcm_siv_encrypt (cipher_hd_t c, byte *out, size_t outlen, const byte *in,
                 size_t inlen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);

  (void)outlen;
  if (!c->iv_set || st->data_done || st->tag_set)
    return GPG_ERR_INV_STATE;
  if ((u64)inlen > SIV_MAX_LEN)
    return GPG_ERR_INV_LENGTH;
  st->datalen = inlen;
  compute_tag (c, st, st->tag, in, inlen);
  ctr32le_crypt (c, st->tag, out, in, inlen, NULL);
  st->data_done = st->tag_set = st->tag_ok = 1;
  return 0;
}

static gpg_err_code_t
gcm_siv_decrypt (cipher_hd_t c, byte *out, size_t outlen, const byte *in,
                 size_t inlen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);
  byte expect[16];
  size_t hashed;

  (void)outlen;
  if (!c->iv_set || st->data_done || !st->tag_set)
    return GPG_ERR_INV_STATE;
  if ((u64)inlen > SIV_MAX_LEN)
    return GPG_ERR_INV_LENGTH;
  st->datalen = inlen;
  hashed = ctr32le_crypt (c, st->tag, out, in, inlen, st);
  if (hashed)
    {
      _bcry_ghash_update (&st->gh, out + hashed, inlen - hashed);
      finish_tag (c, st, expect);
    }
  else
    compute_tag (c, st, expect, out, inlen);
  st->tag_ok = buf_eq_const (expect, st->tag, 16);
  wipememory (expect, sizeof expect);
  st->data_done = 1;
  if (!st->tag_ok)
    {
      wipememory (out, inlen);
      return GPG_ERR_CHECKSUM;
    }
  return 0;
}

/* The tag of the message, encrypting an empty one if no data came.  */
static gpg_err_code_t
gcm_siv_finish (cipher_hd_t c, size_t taglen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);

  if (taglen != 16)
    return GPG_ERR_INV_LENGTH;
  if (!c->iv_set || (st->tag_set && !st->data_done))
    return GPG_ERR_INV_STATE;
  if (!st->data_done)
    return gcm_siv_encrypt (c, NULL, 0, NULL, 0);
  return 0;
}

/* A buffer longer than the tag gets the whole tag, as in libgcrypt.  */
static gpg_err_code_t
gcm_siv_gettag (cipher_hd_t c, byte *tag, size_t taglen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);
  gpg_err_code_t rc = gcm_siv_finish (c, taglen > 16 ? 16 : taglen);

  if (rc)
    return rc;
  if (!st->tag_ok)
    return GPG_ERR_CHECKSUM;
  memcpy (tag, st->tag, 16);
  return 0;
}

static gpg_err_code_t
gcm_siv_checktag (cipher_hd_t c, const byte *tag, size_t taglen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);
  gpg_err_code_t rc = gcm_siv_finish (c, taglen);

  if (!rc && !st->tag_ok)
    rc = GPG_ERR_CHECKSUM;
  return aead_compare_tag (rc, st->tag, tag, 16);
}

static gpg_err_code_t
gcm_siv_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  struct gcm_siv_state *st = MODE_STATE (c, struct gcm_siv_state);

  switch (cmd)
    {
    case BCRYCTL_GET_TAGLEN:
      return ctl_put_size (buf, buflen, 16);
    case BCRYCTL_SET_DECRYPTION_TAG:
      if (!buf)
        return GPG_ERR_INV_ARG;
      if (buflen != 16)
        return GPG_ERR_INV_LENGTH;
      if (st->tag_set)
        return GPG_ERR_INV_STATE;
      memcpy (st->tag, buf, 16);
      st->tag_set = 1;
      return 0;
    default:
      return GPG_ERR_INV_OP;
    }
}

const cipher_mode_t _bcry_mode_gcm_siv =
  {
    .mode = BCRY_CIPHER_MODE_GCM_SIV,
    .name = "GCM-SIV",
    .need_blocksize = 16,
    .nkeys = 2,
    .user_keys = 1,
    .extra_size = sizeof (ghash_tables_t),
    .encrypt = gcm_siv_encrypt,
    .decrypt = gcm_siv_decrypt,
    .setiv = gcm_siv_setiv,
    .setkey_done = gcm_siv_setkey_done,
    .reset = gcm_siv_reset,
    .authenticate = gcm_siv_authenticate,
    .gettag = gcm_siv_gettag,
    .checktag = gcm_siv_checktag,
    .ctl = gcm_siv_ctl,
  };
