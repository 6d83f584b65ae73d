/* cipher-gcm.c - Galois/Counter Mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38D (McGrew and Viega, "The Galois/Counter Mode of
 * Operation", revised 2005).  The counter is the IV with inc32 applied
 * (section 6.2): only its last four bytes count and they wrap, so the
 * 128-bit ctr_enc hook is called on runs that end at that wrap at the
 * latest and the first twelve bytes are put back afterwards.  GHASH
 * (ghash.c) runs over the ciphertext in runs of whole blocks; the
 * gcm_crypt hook, when an algorithm has one, does both in one pass over
 * the ghash_state_t documented in ghash.h, and is given runs that do not
 * wrap either, so it may count the counter either way.
 */

#include <config.h>
#include "cipher-internal.h"
#include "ghash.h"
#include "aead-util.h"

/* Section 5.2.1.1: plaintext of at most 2^39 - 256 bits, AAD and IV of
   at most 2^64 - 1 bits.  */
#define GCM_MAX_DATA (((u64)1 << 36) - 32)
#define GCM_MAX_AAD (((u64)1 << 61) - 1)

/* Blocks CTR-encrypted before they are hashed: small enough to stay in
   the first-level cache between the two passes.  */
#define GCM_RUN_BLOCKS 256

/* The longest first call, in blocks, that takes E(J0) along in its
   counter run (gcm_first_call).  Longer messages pay for a block of
   their own, which they can afford, and keep the gcm_crypt hook.  */
#define GCM_EK0_BLOCKS 16

/* The counter block is c->u_ctr.ctr, unused keystream c->lastiv with
   c->unused bytes left, as in CTR mode.  */
struct gcm_state
{
  ghash_state_t gh;           /* Per key: H, its tables at
                                 c->mode_extra.  */
  byte ek0[16];               /* E(K, J0), which masks the tag.  */
  byte j0[16];                /* J0 while ek0 is pending.  */
  byte tag[16];
  u64 aadlen;                 /* Bytes.  */
  u64 datalen;
  unsigned int data_started : 1;
  unsigned int tag_done : 1;
  unsigned int ek0_pending : 1; /* E(J0) not computed yet.  */
  /* The input of GHASH that gcm_first_call left for gcm_finish, from
     HSTART to HPEND (byte offsets): the last block of associated data,
     padded, if there was any, and the ciphertext, with room for the
     padding and the lengths block.  The first block is that of E(J0)
     in the counter run, and holds the associated data or nothing.  */
  unsigned int hstart;
  unsigned int hpend;
  byte hbuf[(GCM_EK0_BLOCKS + 2) * 16];
};

static int
taglen_ok (size_t taglen)
{
  return taglen == 4 || taglen == 8 || (taglen >= 12 && taglen <= 16);
}

static inline void
inc32 (byte *ctr)
{
  buf_put_be32 (ctr + 12, buf_get_be32 (ctr + 12) + 1);
}

/* CTR-encrypt whole blocks with inc32 counting.  */
static void
ctr32_blocks (cipher_hd_t c, byte *out, const byte *in, size_t nblocks)
{
  byte *ctr = c->u_ctr.ctr;
  byte head[12];
  u64 room;
  size_t n;

  if (!c->bulk.ctr_enc)
    {
      for (; nblocks; nblocks--, out += 16, in += 16)
        {
          cipher_block_enc (c, c->lastiv, ctr);
          inc32 (ctr);
          buf_xor_16 (out, in, c->lastiv);
        }
      return;
    }
  memcpy (head, ctr, 12);
  while (nblocks)
    {
      room = ((u64)1 << 32) - buf_get_be32 (ctr + 12);
      n = nblocks < room ? nblocks : (size_t)room;
      c->bulk.ctr_enc (&c->bulk, c->ctx, ctr, out, in, n);
      /* A run that ends at the wrap carried into byte 11.  */
      memcpy (ctr, head, 12);
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

/* Whole blocks through the gcm_crypt hook, in runs that do not wrap.  */
static void
gcm_hook_blocks (cipher_hd_t c, struct gcm_state *st, byte *out,
                 const byte *in, size_t nblocks, int encrypt)
{
  byte *ctr = c->u_ctr.ctr;
  byte head[12];
  u64 room;
  size_t n;

  memcpy (head, ctr, 12);
  while (nblocks)
    {
      room = ((u64)1 << 32) - buf_get_be32 (ctr + 12);
      n = nblocks < room ? nblocks : (size_t)room;
      c->bulk.gcm_crypt (&c->bulk, c->ctx, &st->gh, ctr, out, in, n,
                         encrypt);
      memcpy (ctr, head, 12);
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

/* Clear a stack buffer that held keystream or plaintext.  The compiler
   may inline the memset, which a call of wipememory prevents; the
   barrier, which claims to read the buffer, keeps it from dropping the
   stores as dead.  */
static inline void
wipe_stack (void *p, size_t n)
{
  memset (p, 0, n);
  __asm__ volatile ("" : : "r" (p) : "memory");
}

/* E(J0) on its own, when no data comes to take it along.  */
static void
gcm_ek0_alone (cipher_hd_t c, struct gcm_state *st)
{
  cipher_block_enc (c, st->ek0, st->j0);
  st->ek0_pending = 0;
}

/* Hash what gcm_first_call left, but for a partial block, which goes
   to the hash's buffer: more data came.  */
static void
gcm_flush (struct gcm_state *st)
{
  const byte *p = st->hbuf + st->hstart;
  size_t len = st->hpend - st->hstart;

  _bcry_ghash_blocks (&st->gh, p, len / 16);
  memcpy (st->gh.buf, p + len / 16 * 16, len % 16);
  st->gh.buflen = len % 16;
  st->hstart = st->hpend = 0;
}

/* The first call of data after setiv, of INLEN bytes (at least one):
   E(J0) and the message's keystream are one counter run from J0, so
   that a short message makes one call of the block cipher for both
   instead of a call for a single block first (doc/HACKING, "Tuning
   notes"); and the associated data still buffered (a field of up to
   a block, which the hash keeps until more comes) is hashed in one run
   with the data's whole blocks.  Returns whether it took the data:
   not when there are more than GCM_EK0_BLOCKS blocks, when the
   algorithm has no ctr_enc hook or when bcry_cipher_setctr moved the
   counter from J0 + 1 (then E(J0) is computed on its own).  The
   keystream left after a partial block is kept for the next call, as
   gcm_crypt keeps it.  */
static int
gcm_first_call (cipher_hd_t c, struct gcm_state *st, byte *out,
                const byte *in, size_t inlen, int encrypt)
{
  byte tmp[(GCM_EK0_BLOCKS + 1) * 16] BCRY_ALIGN (16);
  ghash_state_t *gh = &st->gh;
  byte *ctr = c->u_ctr.ctr, *run = st->hbuf, *ks;
  size_t n = (inlen + 15) / 16, rest = inlen % 16;

  if (!c->bulk.ctr_enc || n > GCM_EK0_BLOCKS
      || buf_get_he64 (ctr) != buf_get_he64 (st->j0)
      || buf_get_be32 (ctr + 8) != buf_get_be32 (st->j0 + 8)
      || buf_get_be32 (ctr + 12) != buf_get_be32 (st->j0 + 12) + 1)
    {
      _bcry_ghash_pad (gh);
      gcm_ek0_alone (c, st);
      return 0;
    }
  /* The counter run is in HBUF, where GHASH reads the ciphertext: in
     place when encrypting, into TMP from the ciphertext there when
     decrypting.  Two copies of the data, not three.  */
  memset (run, 0, 16);
  memcpy (run + 16, in, inlen);
  if (rest)
    memset (run + 16 + inlen, 0, 16 - rest);
  memcpy (ctr, st->j0, 16);
  ks = encrypt ? run : tmp;
  ctr32_blocks (c, ks, run, n + 1);
  memcpy (st->ek0, ks, 16);
  memcpy (out, ks + 16, inlen);
  if (rest)
    {
      /* Past the data, the last block holds bare keystream.  */
      memcpy (c->lastiv, ks + n * 16, 16);
      c->unused = 16 - rest;
      memset (run + 16 + inlen, 0, 16 - rest);
    }
  if (!encrypt)
    wipe_stack (tmp, (n + 1) * 16);
  /* E(J0)'s block takes the associated data still buffered, if any.  */
  memset (run, 0, 16);
  memcpy (run, gh->buf, gh->buflen);
  st->hstart = gh->buflen ? 0 : 16;
  st->hpend = 16 + inlen;
  gh->buflen = 0;
  st->ek0_pending = 0;
  return 1;
}

static gpg_err_code_t
gcm_crypt (cipher_hd_t c, byte *out, const byte *in, size_t inlen,
           int encrypt)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);
  size_t n;

  if (!c->iv_set || st->tag_done)
    return GPG_ERR_INV_STATE;
  if (inlen > GCM_MAX_DATA - st->datalen)
    return GPG_ERR_INV_LENGTH;
  if (st->hpend)
    gcm_flush (st);

  st->datalen += inlen;
  /* The associated data's last block waits in the hash's buffer until
     the first data: gcm_first_call hashes it with the data, else it is
     padded here (or by gcm_first_call when it declines).  */
  if (st->ek0_pending && inlen)
    {
      st->data_started = 1;
      if (gcm_first_call (c, st, out, in, inlen, encrypt))
        return 0;
    }
  else if (!st->data_started)
    {
      _bcry_ghash_pad (&st->gh);
      st->data_started = 1;
    }

  if (c->unused)
    {
      n = inlen < c->unused ? inlen : c->unused;
      if (!encrypt)
        _bcry_ghash_update (&st->gh, in, n);
      buf_xor (out, in, c->lastiv + 16 - c->unused, n);
      if (encrypt)
        _bcry_ghash_update (&st->gh, out, n);
      c->unused -= n;
      out += n;
      in += n;
      inlen -= n;
    }

  /* After the keystream left over, the hash buffer is empty too: both
     are at the same offset in the data.  */
  if (inlen >= 16 && c->bulk.gcm_crypt)
    {
      n = inlen / 16;
      gcm_hook_blocks (c, st, out, in, n, encrypt);
      out += n * 16;
      in += n * 16;
      inlen -= n * 16;
    }
  while (inlen >= 16)
    {
      n = inlen / 16;
      if (n > GCM_RUN_BLOCKS)
        n = GCM_RUN_BLOCKS;
      if (!encrypt)
        _bcry_ghash_blocks (&st->gh, in, n);
      ctr32_blocks (c, out, in, n);
      if (encrypt)
        _bcry_ghash_blocks (&st->gh, out, n);
      out += n * 16;
      in += n * 16;
      inlen -= n * 16;
    }

  if (inlen)
    {
      cipher_block_enc (c, c->lastiv, c->u_ctr.ctr);
      inc32 (c->u_ctr.ctr);
      if (!encrypt)
        _bcry_ghash_update (&st->gh, in, inlen);
      buf_xor (out, in, c->lastiv, inlen);
      if (encrypt)
        _bcry_ghash_update (&st->gh, out, inlen);
      c->unused = 16 - inlen;
    }
  return 0;
}

static gpg_err_code_t
gcm_encrypt (cipher_hd_t c, byte *out, size_t outlen, const byte *in,
             size_t inlen)
{
  (void)outlen;
  return gcm_crypt (c, out, in, inlen, 1);
}

static gpg_err_code_t
gcm_decrypt (cipher_hd_t c, byte *out, size_t outlen, const byte *in,
             size_t inlen)
{
  (void)outlen;
  return gcm_crypt (c, out, in, inlen, 0);
}

/* Start a message: what a new message reads before it writes it.
   The state of the handle is stored to, not wiped: it outlives the
   call, so no store is dead, and E(J0) and the hash, the values of the
   last message that matter, were cleared by gcm_finish or will be
   overwritten by this message.  */
static inline void
gcm_start (struct gcm_state *st)
{
  memset (st->gh.y, 0, sizeof st->gh.y);
  st->gh.buflen = 0;
  st->hstart = st->hpend = 0;
  st->aadlen = st->datalen = 0;
  st->data_started = st->tag_done = st->ek0_pending = 0;
}

/* Clear the message but for HBUF, keeping H and its tables.  */
static void
gcm_clear (struct gcm_state *st)
{
  _bcry_ghash_clear (&st->gh);
  memset (st->ek0, 0, sizeof st->ek0);
  memset (st->j0, 0, sizeof st->j0);
  memset (st->tag, 0, sizeof st->tag);
  gcm_start (st);
}

/* Clear the message, keeping H and its tables.  */
static void
gcm_reset (cipher_hd_t c)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);

  gcm_clear (st);
  memset (st->hbuf, 0, sizeof st->hbuf);
}

static gpg_err_code_t
gcm_setkey_done (cipher_hd_t c)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);
  byte h[16];

  memset (h, 0, sizeof h);
  cipher_block_enc (c, h, h);
  _bcry_ghash_setkey (&st->gh, h, c->mode_extra);
  wipe_stack (h, sizeof h);
  /* HBUF holds only what GHASH read, ciphertext and associated data,
     and HPEND 0 makes it unused: it is left to reset, as clearing it
     here took a large part of GCM's setkey.  */
  gcm_clear (st);
  c->iv_set = 0;
  c->unused = 0;
  return 0;
}

/* Section 7.1, step 2: J0 = IV || 0^31 || 1 for a 96-bit IV, else
   GHASH (IV || 0^(s+64) || [len (IV)]_64).  E(J0) waits for the first
   data (gcm_first_call) or the tag.  */
static gpg_err_code_t
gcm_setiv (cipher_hd_t c, const byte *iv, size_t ivlen)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);
  byte lenblk[16];

  if (!iv && ivlen)
    return GPG_ERR_INV_ARG;
  if (!ivlen || (u64)ivlen > GCM_MAX_AAD)
    return GPG_ERR_INV_LENGTH;
  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;

  gcm_start (st);
  c->unused = 0;
  if (ivlen == 12)
    {
      /* J0 and J0 + 1 stored apart: reading back the counter just
         stored would wait for the stores.  */
      memcpy (st->j0, iv, 12);
      buf_put_be32 (st->j0 + 12, 1);
      memcpy (c->u_ctr.ctr, iv, 12);
      buf_put_be32 (c->u_ctr.ctr + 12, 2);
    }
  else
    {
      _bcry_ghash_update (&st->gh, iv, ivlen);
      _bcry_ghash_pad (&st->gh);
      memset (lenblk, 0, 8);
      buf_put_be64 (lenblk + 8, (u64)ivlen * 8);
      _bcry_ghash_blocks (&st->gh, lenblk, 1);
      memcpy (st->j0, st->gh.y, 16);
      memcpy (c->u_ctr.ctr, st->gh.y, 16);
      inc32 (c->u_ctr.ctr);
      memset (st->gh.y, 0, sizeof st->gh.y);
    }
  st->ek0_pending = 1;
  return 0;
}

/* A field of associated data that fits in the hash's buffer with what
   is there, the usual header of a record or packet, stays there, so
   that the first data hashes it in its run (gcm_first_call).  */
static gpg_err_code_t
gcm_authenticate (cipher_hd_t c, const byte *abuf, size_t abuflen)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);
  ghash_state_t *gh = &st->gh;

  if (!c->iv_set || st->data_started || st->tag_done)
    return GPG_ERR_INV_STATE;
  if ((u64)abuflen > GCM_MAX_AAD - st->aadlen)
    return GPG_ERR_INV_LENGTH;
  st->aadlen += abuflen;
  if (abuflen <= 16 - gh->buflen)
    {
      memcpy (gh->buf + gh->buflen, abuf, abuflen);
      gh->buflen += abuflen;
    }
  else
    _bcry_ghash_update (gh, abuf, abuflen);
  return 0;
}

/* Section 7.1, steps 5-6: hash what is left, padded, and the lengths
   block in one run, and mask the hash.  */
static gpg_err_code_t
gcm_finish (cipher_hd_t c, size_t taglen)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);
  ghash_state_t *gh = &st->gh;
  byte *start = st->hbuf + st->hstart, *p = st->hbuf + st->hpend;

  if (!taglen_ok (taglen))
    return GPG_ERR_INV_LENGTH;
  if (!c->iv_set)
    return GPG_ERR_INV_STATE;
  if (st->tag_done)
    return 0;
  if (st->ek0_pending)
    gcm_ek0_alone (c, st);
  /* Only one of the two holds bytes.  */
  memcpy (p, gh->buf, gh->buflen);
  p += gh->buflen;
  gh->buflen = 0;
  memset (p, 0, (16 - (p - start) % 16) % 16);
  p += (16 - (p - start) % 16) % 16;
  buf_put_be64 (p, st->aadlen * 8);
  buf_put_be64 (p + 8, st->datalen * 8);
  _bcry_ghash_blocks (gh, start, (p + 16 - start) / 16);
  st->hstart = st->hpend = 0;
  buf_xor_16 (st->tag, gh->y, st->ek0);
  _bcry_ghash_clear (gh);
  memset (st->ek0, 0, sizeof st->ek0);
  st->tag_done = 1;
  return 0;
}

/* A buffer longer than the tag gets the whole tag, as in libgcrypt.  */
static gpg_err_code_t
gcm_gettag (cipher_hd_t c, byte *tag, size_t taglen)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);

  if (taglen > 16)
    taglen = 16;
  return aead_copy_tag (gcm_finish (c, taglen), st->tag, tag, taglen);
}

static gpg_err_code_t
gcm_checktag (cipher_hd_t c, const byte *tag, size_t taglen)
{
  struct gcm_state *st = MODE_STATE (c, struct gcm_state);

  return aead_compare_tag (gcm_finish (c, taglen), st->tag, tag, taglen);
}

static gpg_err_code_t
gcm_ctl (cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  (void)c;
  if (cmd != BCRYCTL_GET_TAGLEN)
    return GPG_ERR_INV_OP;
  return ctl_put_size (buf, buflen, 16);
}

const cipher_mode_t _bcry_mode_gcm =
  {
    .mode = BCRY_CIPHER_MODE_GCM,
    .name = "GCM",
    .need_blocksize = 16,
    .nkeys = 1,
    .extra_size = sizeof (ghash_tables_t),
    .encrypt = gcm_encrypt,
    .decrypt = gcm_decrypt,
    .setiv = gcm_setiv,
    .setkey_done = gcm_setkey_done,
    .reset = gcm_reset,
    .authenticate = gcm_authenticate,
    .gettag = gcm_gettag,
    .checktag = gcm_checktag,
    .ctl = gcm_ctl,
  };
