/* cipher-ocb.c - Offset Codebook mode (OCB3)
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 7253 for any 128-bit block cipher: nonces of 1 to 15 bytes, tags
 * of 8, 12 or 16 bytes (BCRYCTL_SET_TAGLEN before setiv, 16 by default).
 * As in libgcrypt, data goes in calls of whole blocks, and only the call
 * after bcry_cipher_final may end in a partial block and closes the
 * message; associated data may be split anywhere.  Whole blocks go to
 * the ocb_crypt and ocb_auth hooks, which take L_i from the table set up
 * per key here: since the block counter is 64 bits, ntz(i) < 64 and the
 * table covers every block a message can have.
 */

#include <config.h>
#include <stddef.h>
#include "aead-util.h"

#define OCB_L_ENTRIES 64

struct ocb_state
{
  /* Per key: L_i = double^(i+2) (E(0)), with L_* and L_$ before them.  */
  byte L_star[16];
  byte L_dollar[16];
  byte L[OCB_L_ENTRIES][16];
  /* Per key: Ktop of the last nonce (RFC 7253, 4.2): consecutive nonces
     that differ only in their low six bits share it.  */
  byte ktop_in[16];
  byte ktop[16];
  unsigned int ktop_valid : 1;
  /* Configuration: the tag length the next setiv starts a message with.  */
  unsigned int conf_taglen;

  /* Per message: everything below is cleared by reset and setiv.  */
  bulk_ocb_state_t data;      /* Offset_i, Checksum_i, i.  */
  bulk_ocb_state_t aad;       /* Offset and Sum of HASH, blocks done.  */
  byte aad_buf[16];           /* Partial block of associated data.  */
  byte tag[16];               /* E(Checksum ^ Offset ^ L_$), then Tag.  */
  unsigned int aad_len;       /* Bytes in aad_buf.  */
  unsigned int taglen;
  unsigned int nonce_set : 1;
  unsigned int data_started : 1;
  unsigned int data_done : 1;
  unsigned int tag_done : 1;
};

#define MSG_START offsetof (struct ocb_state, data)

static void
ocb_reset (cipher_hd_t c)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);

  wipememory ((byte *)st + MSG_START, sizeof *st - MSG_START);
  /* bcry_cipher_final marks the last call of this message only.  */
  c->finalized = 0;
}

/* bcry_cipher_reset: besides the message, forget the cached nonce and
   its Ktop, which setiv keeps for the next nonce that shares it.  */
static void
ocb_new_message (cipher_hd_t c)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);

  ocb_reset (c);
  wipememory (st->ktop_in, sizeof st->ktop_in);
  wipememory (st->ktop, sizeof st->ktop);
  st->ktop_valid = 0;
}

static gpg_err_code_t
ocb_setkey_done (cipher_hd_t c)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);
  unsigned int i;

  ocb_new_message (c);
  memset (st->L_star, 0, 16);
  cipher_block_enc (c, st->L_star, st->L_star);
  aead_double (st->L_dollar, st->L_star);
  aead_double (st->L[0], st->L_dollar);
  for (i = 1; i < OCB_L_ENTRIES; i++)
    aead_double (st->L[i], st->L[i - 1]);
  if (!st->conf_taglen)
    st->conf_taglen = 16;
  return 0;
}

/* Offset_0 from the nonce, RFC 7253, section 4.2.  */
static gpg_err_code_t
ocb_setiv (cipher_hd_t c, const byte *nonce, size_t noncelen)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);
  byte block[16];
  u64 s0, s1, s2;
  unsigned int bottom;

  if (!nonce || !noncelen)
    return noncelen ? GPG_ERR_INV_ARG : GPG_ERR_INV_LENGTH;
  if (noncelen > 15)
    return GPG_ERR_INV_LENGTH;
  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;

  ocb_reset (c);
  st->taglen = st->conf_taglen;

  /* Nonce = num2str(TAGLEN mod 128, 7) || zeros || 1 || N.  */
  memset (block, 0, 16);
  memcpy (block + 16 - noncelen, nonce, noncelen);
  block[15 - noncelen] |= 1;
  block[0] |= ((st->taglen * 8) % 128) << 1;
  bottom = block[15] & 0x3f;
  block[15] &= 0xc0;

  if (!st->ktop_valid || memcmp (st->ktop_in, block, 16))
    {
      memcpy (st->ktop_in, block, 16);
      cipher_block_enc (c, st->ktop, block);
      st->ktop_valid = 1;
    }

  /* Stretch = Ktop || (Ktop[1..64] ^ Ktop[9..72]), as three 64-bit
     words; Offset_0 is its 128 bits from bit BOTTOM on.  BOTTOM comes
     from the nonce, which is public.  */
  s0 = buf_get_be64 (st->ktop);
  s1 = buf_get_be64 (st->ktop + 8);
  s2 = s0 ^ ((s0 << 8) | (s1 >> 56));
  if (bottom)
    {
      s0 = (s0 << bottom) | (s1 >> (64 - bottom));
      s1 = (s1 << bottom) | (s2 >> (64 - bottom));
    }
  buf_put_be64 (st->data.offset, s0);
  buf_put_be64 (st->data.offset + 8, s1);
  st->data.L = (const byte (*)[16])st->L;
  st->aad.L = (const byte (*)[16])st->L;
  st->nonce_set = 1;
  return 0;
}

/* N whole blocks of HASH (section 4.1) through the hook, or one at a
   time.  */
static void
ocb_auth_blocks (cipher_hd_t c, struct ocb_state *st, const byte *abuf,
                 size_t nblocks)
{
  byte tmp[16];

  if (c->bulk.ocb_auth)
    {
      c->bulk.ocb_auth (&c->bulk, c->ctx, &st->aad, abuf, nblocks);
      return;
    }
  for (; nblocks; nblocks--, abuf += 16)
    {
      st->aad.blkn++;
      buf_xor_16 (st->aad.offset, st->aad.offset,
                  st->L[__builtin_ctzll (st->aad.blkn)]);
      buf_xor_16 (tmp, st->aad.offset, abuf);
      cipher_block_enc (c, tmp, tmp);
      buf_xor_16 (st->aad.checksum, st->aad.checksum, tmp);
    }
  wipememory (tmp, sizeof tmp);
}

static gpg_err_code_t
ocb_authenticate (cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);
  size_t n;

  if (!st->nonce_set || st->data_started)
    return GPG_ERR_INV_STATE;

  if (st->aad_len)
    {
      n = 16 - st->aad_len;
      if (n > abuflen)
        n = abuflen;
      memcpy (st->aad_buf + st->aad_len, abuf, n);
      st->aad_len += n;
      abuf += n;
      abuflen -= n;
      if (st->aad_len < 16)
        return 0;
      ocb_auth_blocks (c, st, st->aad_buf, 1);
      st->aad_len = 0;
    }
  n = abuflen / 16;
  if (n)
    ocb_auth_blocks (c, st, abuf, n);
  abuf += n * 16;
  abuflen -= n * 16;
  memcpy (st->aad_buf, abuf, abuflen);
  st->aad_len = abuflen;
  return 0;
}

/* N whole blocks of section 4.2's main loop, through the hook or one at
   a time.  In place the checksum takes the plaintext before encryption
   overwrites it, or after decryption has written it.  */
static void
ocb_crypt_blocks (cipher_hd_t c, struct ocb_state *st, byte *out,
                  const byte *in, size_t nblocks, int encrypt)
{
  byte tmp[16];

  if (c->bulk.ocb_crypt)
    {
      c->bulk.ocb_crypt (&c->bulk, c->ctx, &st->data, out, in, nblocks,
                         encrypt);
      return;
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      st->data.blkn++;
      buf_xor_16 (st->data.offset, st->data.offset,
                  st->L[__builtin_ctzll (st->data.blkn)]);
      if (encrypt)
        buf_xor_16 (st->data.checksum, st->data.checksum, in);
      buf_xor_16 (tmp, st->data.offset, in);
      if (encrypt)
        cipher_block_enc (c, tmp, tmp);
      else
        cipher_block_dec (c, tmp, tmp);
      buf_xor_16 (out, tmp, st->data.offset);
      if (!encrypt)
        buf_xor_16 (st->data.checksum, st->data.checksum, out);
    }
  wipememory (tmp, sizeof tmp);
}

static gpg_err_code_t
ocb_crypt (cipher_hd_t c, byte *out, const byte *in, size_t inlen,
           int encrypt)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);
  byte pad[16], tmp[16];
  size_t nblocks = inlen / 16, rest = inlen % 16;

  if (!st->nonce_set || st->data_done)
    return GPG_ERR_INV_STATE;
  if (rest && !c->finalized)
    return GPG_ERR_INV_LENGTH;
  st->data_started = 1;

  if (nblocks)
    ocb_crypt_blocks (c, st, out, in, nblocks, encrypt);
  in += nblocks * 16;
  out += nblocks * 16;

  if (rest)
    {
      /* Offset_* = Offset_m ^ L_*; Pad = E(Offset_*); the checksum
         takes P_* || 1 || zeros.  */
      buf_xor_16 (st->data.offset, st->data.offset, st->L_star);
      cipher_block_enc (c, pad, st->data.offset);
      memset (tmp, 0, 16);
      if (encrypt)
        {
          memcpy (tmp, in, rest);
          buf_xor (out, in, pad, rest);
        }
      else
        {
          buf_xor (tmp, in, pad, rest);
          memcpy (out, tmp, rest);
        }
      tmp[rest] = 0x80;
      buf_xor_16 (st->data.checksum, st->data.checksum, tmp);
    }

  if (c->finalized)
    {
      /* Tag = E(Checksum ^ Offset ^ L_$) ^ HASH(K, A); the HASH part
         joins at gettag.  */
      buf_xor_16 (st->tag, st->data.checksum, st->data.offset);
      buf_xor_16 (st->tag, st->tag, st->L_dollar);
      cipher_block_enc (c, st->tag, st->tag);
      st->data_done = 1;
    }
  wipememory (pad, sizeof pad);
  wipememory (tmp, sizeof tmp);
  return 0;
}

static gpg_err_code_t
ocb_encrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return ocb_crypt (c, out, in, inlen, 1);
}

static gpg_err_code_t
ocb_decrypt (cipher_hd_t c, byte *out, size_t outlen,
             const byte *in, size_t inlen)
{
  return ocb_crypt (c, out, in, inlen, 0);
}

/* Finish HASH (its partial last block) and the tag, once.  */
static gpg_err_code_t
ocb_final_tag (cipher_hd_t c, struct ocb_state *st)
{
  byte tmp[16];

  if (!st->data_done)
    return GPG_ERR_INV_STATE;
  if (st->tag_done)
    return 0;
  if (st->aad_len)
    {
      buf_xor_16 (st->aad.offset, st->aad.offset, st->L_star);
      memset (tmp, 0, 16);
      memcpy (tmp, st->aad_buf, st->aad_len);
      tmp[st->aad_len] = 0x80;
      buf_xor_16 (tmp, tmp, st->aad.offset);
      cipher_block_enc (c, tmp, tmp);
      buf_xor_16 (st->aad.checksum, st->aad.checksum, tmp);
      wipememory (tmp, sizeof tmp);
    }
  buf_xor_16 (st->tag, st->tag, st->aad.checksum);
  st->tag_done = 1;
  return 0;
}

static gpg_err_code_t
ocb_gettag (cipher_hd_t c, byte *tag, size_t taglen)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);
  gpg_err_code_t rc;

  if (taglen < st->taglen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  rc = ocb_final_tag (c, st);
  return aead_copy_tag (rc, st->tag, tag, st->taglen);
}

static gpg_err_code_t
ocb_checktag (cipher_hd_t c, const byte *tag, size_t taglen)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);
  gpg_err_code_t rc;

  if (taglen != 8 && taglen != 12 && taglen != 16)
    return GPG_ERR_INV_LENGTH;
  rc = ocb_final_tag (c, st);
  if (!rc && taglen != st->taglen)
    rc = GPG_ERR_CHECKSUM;
  return aead_compare_tag (rc, st->tag, tag, taglen);
}

/* BCRYCTL_SET_TAGLEN takes an int, as in libgcrypt, and applies from
   the next setiv on: the tag length is part of the nonce block.  */
static gpg_err_code_t
ocb_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  struct ocb_state *st = MODE_STATE (c, struct ocb_state);
  int taglen;

  switch (cmd)
    {
    case BCRYCTL_SET_TAGLEN:
      if (!buf || buflen != sizeof (int))
        return GPG_ERR_INV_ARG;
      memcpy (&taglen, buf, sizeof taglen);
      if (taglen != 8 && taglen != 12 && taglen != 16)
        return GPG_ERR_INV_LENGTH;
      st->conf_taglen = taglen;
      return 0;
    case BCRYCTL_GET_TAGLEN:
      return ctl_put_size (buf, buflen,
                           st->conf_taglen ? st->conf_taglen : 16);
    default:
      return GPG_ERR_INV_OP;
    }
}

const cipher_mode_t _bcry_mode_ocb =
  {
    .mode = BCRY_CIPHER_MODE_OCB,
    .name = "OCB",
    .need_blocksize = 16,
    .nkeys = 1,
    .encrypt = ocb_encrypt,
    .decrypt = ocb_decrypt,
    .setiv = ocb_setiv,
    .setkey_done = ocb_setkey_done,
    .reset = ocb_new_message,
    .authenticate = ocb_authenticate,
    .gettag = ocb_gettag,
    .checktag = ocb_checktag,
    .ctl = ocb_ctl,
  };
