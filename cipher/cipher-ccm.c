/* cipher-ccm.c - Counter with CBC-MAC mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38C and RFC 3610, for 16-byte blocks.  CBC-MAC needs the
 * lengths of the message and of the AAD in its first block, so, as in
 * libgcrypt, the caller announces them after setiv with
 * BCRYCTL_SET_CCM_LENGTHS and must then deliver exactly that much.  The
 * MAC runs through the cbc_enc hook, the encryption through ctr_enc,
 * or, for whole blocks when the handle has it, both through mac_ctr,
 * which overlaps the serial MAC with the counter blocks.
 */

#include <config.h>
#include "aead-util.h"

/* Data per round of MAC and CTR: small enough that the second pass
   finds the data still in the first-level cache.  */
#define CCM_CHUNK (16 * 1024)

/* MAC comes first and TAG right after S0: ccm_final wipes what is
   between.  */
struct ccm_state
{
  byte mac[16];               /* CBC-MAC chaining value.  */
  byte macbuf[16];            /* MAC input not yet a whole block.  */
  byte ctr[16];
  byte ks[16];                /* Keystream of the last counter block.  */
  byte s0[16];                /* E(A_0), masks the tag.  */
  byte tag[16];
  byte nonce[13];
  unsigned int macbuf_len;
  unsigned int ks_unused;
  unsigned int noncelen;
  unsigned int taglen;
  u64 datalen;                /* Announced data not processed yet.  */
  u64 aadlen;                 /* Announced AAD not processed yet.  */
  unsigned int have_nonce : 1;
  unsigned int have_lengths : 1;
  unsigned int data_started : 1;
  unsigned int have_tag : 1;
};

/* Chain NBLOCKS whole blocks at IN into the CBC-MAC.  */
static void
ccm_chain (cipher_hd_t c, byte *mac, const byte *in, size_t nblocks)
{
  byte tmp[16];

  if (c->bulk.cbc_enc)
    {
      c->bulk.cbc_enc (&c->bulk, c->ctx, mac, tmp, in, nblocks, 1);
      wipememory (tmp, sizeof tmp);
      return;
    }
  for (; nblocks; nblocks--, in += 16)
    {
      buf_xor_16 (mac, mac, in);
      cipher_block_enc (c, mac, mac);
    }
}

/* Add LEN bytes to the CBC-MAC; with PAD, zero-fill a pending partial
   block, as the end of the AAD and of the message require.  */
static void
ccm_mac (cipher_hd_t c, struct ccm_state *st, const byte *in, size_t len,
         int pad)
{
  byte tmp[32];
  size_t n;

  /* A field's end that leaves at most two blocks, as short AAD with its
     length encoding does: one call for both, as each call of the
     serial kernel costs more than a block's rounds.  */
  if (pad && len && st->macbuf_len + len <= sizeof tmp)
    {
      n = st->macbuf_len + len;
      memcpy (tmp, st->macbuf, st->macbuf_len);
      memcpy (tmp + st->macbuf_len, in, len);
      memset (tmp + n, 0, sizeof tmp - n);
      ccm_chain (c, st->mac, tmp, (n + 15) / 16);
      st->macbuf_len = 0;
      wipememory (tmp, sizeof tmp);
      return;
    }
  if (!len)
    goto done;
  if (st->macbuf_len)
    {
      n = 16 - st->macbuf_len;
      if (n > len)
        n = len;
      memcpy (st->macbuf + st->macbuf_len, in, n);
      st->macbuf_len += n;
      in += n;
      len -= n;
      if (st->macbuf_len < 16)
        goto done;
      ccm_chain (c, st->mac, st->macbuf, 1);
      st->macbuf_len = 0;
    }
  n = len / 16;
  if (n)
    ccm_chain (c, st->mac, in, n);
  memcpy (st->macbuf, in + n * 16, len - n * 16);
  st->macbuf_len = len - n * 16;

 done:
  if (pad && st->macbuf_len)
    {
      memset (st->macbuf + st->macbuf_len, 0, 16 - st->macbuf_len);
      ccm_chain (c, st->mac, st->macbuf, 1);
      st->macbuf_len = 0;
    }
}

static gpg_err_code_t
ccm_setiv (cipher_hd_t c, const byte *iv, size_t ivlen)
{
  struct ccm_state *st = MODE_STATE (c, struct ccm_state);

  if (!iv && ivlen)
    return GPG_ERR_INV_ARG;
  /* SP 800-38C, A.1: the length field takes 2 to 8 bytes.  */
  if (ivlen < 7 || ivlen > 13)
    return GPG_ERR_INV_LENGTH;

  wipememory (st, sizeof *st);
  memcpy (st->nonce, iv, ivlen);
  st->noncelen = ivlen;
  st->have_nonce = 1;
  return 0;
}

static gpg_err_code_t
ccm_set_lengths (cipher_hd_t c, const u64 *params)
{
  struct ccm_state *st = MODE_STATE (c, struct ccm_state);
  u64 datalen = params[0], aadlen = params[1], taglen = params[2];
  unsigned int L, i;
  byte b[32];
  u64 v;

  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;
  if (taglen < 4 || taglen > 16 || (taglen & 1))
    return GPG_ERR_INV_LENGTH;
  if (!st->have_nonce || st->have_lengths)
    return GPG_ERR_INV_STATE;
  L = 15 - st->noncelen;
  /* The length must fit its field, else B_0 would encode another.  */
  if (L < 8 && (datalen >> (8 * L)))
    return GPG_ERR_INV_LENGTH;

  /* B_0 (SP 800-38C, A.2.1): flags, nonce, data length.  */
  b[0] = (aadlen ? 0x40 : 0) | ((taglen - 2) / 2) << 3 | (L - 1);
  memcpy (b + 1, st->nonce, st->noncelen);
  for (v = datalen, i = 15; i > st->noncelen; i--, v >>= 8)
    b[i] = v & 0xff;

  /* A_0 gives S_0; the data's counter blocks start at A_1 (A.3).
     E(B_0), the MAC's first block, and S_0 = E(A_0) do not depend on
     each other: one ECB call of two blocks takes both, which a cipher
     with two-block kernels does in the time of one (doc/HACKING,
     "Tuning notes").  */
  memset (st->ctr, 0, 16);
  st->ctr[0] = L - 1;
  memcpy (st->ctr + 1, st->nonce, st->noncelen);
  if (c->bulk.ecb_crypt)
    {
      memcpy (b + 16, st->ctr, 16);
      c->bulk.ecb_crypt (&c->bulk, c->ctx, b, b, 2, 1);
      memcpy (st->mac, b, 16);
      memcpy (st->s0, b + 16, 16);
    }
  else
    {
      memset (st->mac, 0, 16);
      ccm_mac (c, st, b, 16, 0);
      cipher_block_enc (c, st->s0, st->ctr);
    }
  st->ctr[15] = 1;

  /* The encoding of the AAD length (A.2.2).  */
  if (aadlen && aadlen < 0xff00)
    {
      buf_put_be32 (b, (u32)aadlen << 16);
      ccm_mac (c, st, b, 2, 0);
    }
  else if (aadlen && aadlen <= 0xffffffff)
    {
      b[0] = 0xff;
      b[1] = 0xfe;
      buf_put_be32 (b + 2, aadlen);
      ccm_mac (c, st, b, 6, 0);
    }
  else if (aadlen)
    {
      b[0] = 0xff;
      b[1] = 0xff;
      buf_put_be64 (b + 2, aadlen);
      ccm_mac (c, st, b, 10, 0);
    }


  st->datalen = datalen;
  st->aadlen = aadlen;
  st->taglen = taglen;
  st->have_lengths = 1;
  wipememory (b, sizeof b);
  return 0;
}

static gpg_err_code_t
ccm_authenticate (cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  struct ccm_state *st = MODE_STATE (c, struct ccm_state);

  if (!st->have_lengths || st->data_started || st->have_tag)
    return GPG_ERR_INV_STATE;
  if (abuflen > st->aadlen)
    return GPG_ERR_INV_LENGTH;
  st->aadlen -= abuflen;
  ccm_mac (c, st, abuf, abuflen, st->aadlen == 0);
  return 0;
}

static gpg_err_code_t
ccm_check_crypt (struct ccm_state *st, size_t inlen)
{
  if (!st->have_lengths || st->aadlen || st->have_tag)
    return GPG_ERR_INV_STATE;
  if (inlen > st->datalen)
    return GPG_ERR_INV_LENGTH;
  st->data_started = 1;
  st->datalen -= inlen;
  return 0;
}

/* The whole blocks of the LEN bytes at IN through the mac_ctr hook, if
   the handle has one and both the MAC and the keystream are at a block
   boundary.  Returns the bytes done.  */
static size_t
ccm_mac_ctr (cipher_hd_t c, struct ccm_state *st, byte *out, const byte *in,
             size_t len, int encrypt)
{
  size_t nblocks = len / 16;
  bulk_mac_ctr_hook_t mac_ctr = encrypt ? c->bulk.mac_ctr_in
                                        : c->bulk.mac_ctr;
  byte b[32];

  if (!mac_ctr || !nblocks || st->macbuf_len || st->ks_unused)
    return 0;
  /* Encrypting, a single block's MAC input is there from the start, so
     it and the counter block are one two-block ECB call, which costs
     less than setting up the mac_ctr kernel.  */
  if (nblocks == 1 && encrypt && c->bulk.ecb_crypt)
    {
      buf_xor_16 (b, st->mac, in);
      memcpy (b + 16, st->ctr, 16);
      c->bulk.ecb_crypt (&c->bulk, c->ctx, b, b, 2, 1);
      memcpy (st->mac, b, 16);
      buf_xor_16 (out, in, b + 16);
      buf_inc_be (st->ctr, 16);
      wipememory (b, sizeof b);
      return 16;
    }
  mac_ctr (&c->bulk, c->ctx, st->mac, st->ctr, out, in, nblocks, !encrypt);
  return nblocks * 16;
}

/* The MAC covers the plaintext: before encryption overwrites it in
   place, after decryption has written it.  */
static gpg_err_code_t
ccm_crypt (cipher_hd_t c, byte *out, const byte *in, size_t inlen,
           int encrypt)
{
  struct ccm_state *st = MODE_STATE (c, struct ccm_state);
  gpg_err_code_t rc = ccm_check_crypt (st, inlen);
  size_t n;

  if (rc)
    return rc;
  for (; inlen; inlen -= n, in += n, out += n)
    {
      n = ccm_mac_ctr (c, st, out, in, inlen, encrypt);
      if (n)
        continue;
      n = inlen < CCM_CHUNK ? inlen : CCM_CHUNK;
      if (encrypt)
        ccm_mac (c, st, in, n, 0);
      aead_ctr_stream (c, c->ctx, st->ctr, st->ks, &st->ks_unused,
                       out, in, n);
      if (!encrypt)
        ccm_mac (c, st, out, n, 0);
    }
  return 0;
}

static gpg_err_code_t
ccm_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return ccm_crypt (c, out, in, inlen, 1);
}

static gpg_err_code_t
ccm_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return ccm_crypt (c, out, in, inlen, 0);
}

/* Compute the tag once all announced data went through.  */
static gpg_err_code_t
ccm_final (cipher_hd_t c, size_t taglen)
{
  struct ccm_state *st = MODE_STATE (c, struct ccm_state);

  if (!st->have_lengths)
    return GPG_ERR_INV_STATE;
  if (taglen != st->taglen)
    return GPG_ERR_INV_LENGTH;
  if (st->aadlen)
    return GPG_ERR_INV_STATE;
  if (st->datalen)
    return GPG_ERR_UNFINISHED;
  if (!st->have_tag)
    {
      ccm_mac (c, st, NULL, 0, 1);
      buf_xor_16 (st->tag, st->mac, st->s0);
      /* MAC through S0, which the message no longer needs.  */
      wipememory (st->mac, offsetof (struct ccm_state, tag));
      st->have_tag = 1;
    }
  return 0;
}

/* An empty tag is a missing argument in libgcrypt, not a length.  */
static gpg_err_code_t
ccm_gettag (cipher_hd_t c, byte *tag, size_t taglen)
{
  if (!taglen)
    return GPG_ERR_INV_ARG;
  return aead_copy_tag (ccm_final (c, taglen),
                        MODE_STATE (c, struct ccm_state)->tag, tag, taglen);
}

static gpg_err_code_t
ccm_checktag (cipher_hd_t c, const byte *tag, size_t taglen)
{
  if (!taglen)
    return GPG_ERR_INV_ARG;
  return aead_compare_tag (ccm_final (c, taglen),
                           MODE_STATE (c, struct ccm_state)->tag, tag, taglen);
}

static gpg_err_code_t
ccm_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  u64 params[3];

  switch (cmd)
    {
    case BCRYCTL_SET_CCM_LENGTHS:
      if (!buf || buflen != sizeof params)
        return GPG_ERR_INV_ARG;
      memcpy (params, buf, sizeof params);
      return ccm_set_lengths (c, params);
    case BCRYCTL_GET_TAGLEN:
      return ctl_put_size (buf, buflen,
                           MODE_STATE (c, struct ccm_state)->taglen);
    default:
      return GPG_ERR_INV_OP;
    }
}

const cipher_mode_t _bcry_mode_ccm =
  {
    .mode = BCRY_CIPHER_MODE_CCM,
    .name = "CCM",
    .need_blocksize = 16,
    .nkeys = 1,
    .encrypt = ccm_encrypt,
    .decrypt = ccm_decrypt,
    .setiv = ccm_setiv,
    .authenticate = ccm_authenticate,
    .gettag = ccm_gettag,
    .checktag = ccm_checktag,
    .ctl = ccm_ctl,
  };
