/* cipher-internal.h - the cipher handle and the interface of mode files
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * cipher.c owns the handle's life cycle and checks every argument before
 * a mode sees it; each cipher-<mode>.c implements one mode against the
 * handle below and describes itself with a cipher_mode_t.  A mode file
 * never names an algorithm: it reaches the block cipher through the
 * handle's bulk hooks or, one block at a time, through cipher_block_enc.
 */

#ifndef BCRY_CIPHER_INTERNAL_H
#define BCRY_CIPHER_INTERNAL_H

#include "cipher-proto.h"
#include "bufhelp.h"

#define MAX_BLOCKSIZE 16

struct bcry_cipher_handle;
typedef struct bcry_cipher_handle *cipher_hd_t;

/* What a mode file provides, listed in mode-list.def.  Lengths and
   buffers reach these functions already checked: OUTLEN >= INLEN (unless
   own_outlen), no NULL buffer with a length, the key set.  A function
   that fails must leave the handle unchanged.  */
typedef struct cipher_mode
{
  int mode;
  const char *name;
  /* Blocks the mode needs (0: any block size).  */
  size_t need_blocksize;
  /* Key halves: 2 for XTS, else 1.  */
  unsigned int nkeys;
  /* Keys the caller gives to setkey, 0: NKEYS.  GCM-SIV takes one
     key but has room for two schedules: it derives the second per
     nonce.  */
  unsigned int user_keys;
  /* Nonzero when the two keys must differ (XTS): equal halves are
     refused as weak unless BCRYCTL_SET_ALLOW_WEAK_KEY allows them.  */
  unsigned int distinct_keys;
  /* Bytes of mode state too big for u_mode (GHASH's tables): they
     come with the handle at mode_extra, 64-byte aligned, zeroed at
     open and wiped at close; the mode wipes them at reset if they
     belong to a message.  */
  size_t extra_size;
  /* Nonzero when encrypt/decrypt check the output length themselves;
     else cipher.c requires OUTLEN >= INLEN.  */
  unsigned int own_outlen;
  gpg_err_code_t (*encrypt) (cipher_hd_t c, byte *out, size_t outlen,
                             const byte *in, size_t inlen);
  gpg_err_code_t (*decrypt) (cipher_hd_t c, byte *out, size_t outlen,
                             const byte *in, size_t inlen);
  /* NULL: a block-sized IV is stored in u_iv.iv.  */
  gpg_err_code_t (*setiv) (cipher_hd_t c, const byte *iv, size_t ivlen);
  /* After a key is set (GCM's H, OCB's L table...); may be NULL.  */
  gpg_err_code_t (*setkey_done) (cipher_hd_t c);
  /* Start a new message with the same key; NULL: u_mode is zeroed.  */
  void (*reset) (cipher_hd_t c);
  /* AEAD calls; NULL: GPG_ERR_INV_CIPHER_MODE.  */
  gpg_err_code_t (*authenticate) (cipher_hd_t c, const byte *abuf,
                                  size_t abuflen);
  gpg_err_code_t (*gettag) (cipher_hd_t c, byte *tag, size_t taglen);
  gpg_err_code_t (*checktag) (cipher_hd_t c, const byte *tag,
                              size_t taglen);
  /* Mode-specific ctl commands; NULL or GPG_ERR_INV_OP: not known.  */
  gpg_err_code_t (*ctl) (cipher_hd_t c, int cmd, void *buf, size_t buflen);
} cipher_mode_t;

struct bcry_cipher_handle
{
  unsigned int magic;
  const cipher_spec_t *spec;
  const cipher_mode_t *mode_ops;
  int mode;
  unsigned int flags;
  size_t alloc_size;          /* Bytes from _bcry_malloc, wiped at close.  */

  unsigned int key_set : 1;
  unsigned int iv_set : 1;
  unsigned int finalized : 1; /* bcry_cipher_final was called.  */
  unsigned int allow_weak_key : 1; /* BCRYCTL_SET_ALLOW_WEAK_KEY.  */
  unsigned int skip_impls;    /* BCRYCTL_SKIP_IMPLS.  */

  cipher_bulk_ops_t bulk;
  /* The features and skip count BULK was chosen for while a key is
     set: a new key with the same ones keeps the choice.  */
  unsigned int bulk_hwf;
  unsigned int bulk_skip;
  char impl_name[256];

  /* IV (CBC, CFB, OFB), counter (CTR) and the unused keystream.  */
  union
  {
    byte iv[MAX_BLOCKSIZE];
    u64 align_;
  } u_iv;
  union
  {
    byte ctr[MAX_BLOCKSIZE];
    u64 align_;
  } u_ctr;
  byte lastiv[MAX_BLOCKSIZE]; /* Keystream (CFB/OFB/CTR), CTS tail.  */
  size_t unused;              /* Bytes of lastiv/iv not yet used.  */

  /* The state of the AEAD and other modes (MODE_STATE below): wiped
     by reset unless the mode keeps per-key parts itself.  */
  union
  {
    u64 align_;
    byte raw[2048];
  } u_mode BCRY_ALIGN (16);

  /* The key schedules: NKEYS of spec->contextsize bytes each, 64-byte
     aligned, follow the handle in the same allocation, then the mode's
     extra_size bytes (NULL if none).  */
  void *ctx;
  void *ctx2;
  void *mode_extra;
};

/* The one-block functions the serial parts of a mode use: the fastest
   implementation that takes single blocks, else the spec's.  */
static inline void
cipher_block_enc (cipher_hd_t c, byte *out, const byte *in)
{
  if (c->bulk.serial)
    c->bulk.serial->enc (c->ctx, out, in, 1);
  else
    c->spec->encrypt (c->ctx, out, in);
}

static inline void
cipher_block_dec (cipher_hd_t c, byte *out, const byte *in)
{
  if (c->bulk.serial)
    c->bulk.serial->dec (c->ctx, out, in, 1);
  else
    c->spec->decrypt (c->ctx, out, in);
}

/* A mode keeps its state in u_mode as a struct of its own file's:
   MODE_STATE (c, struct gcm_state) points at it, and does not compile
   if the struct outgrows the union.  */
#define MODE_STATE(c, type)                                             \
  ((type *)((c)->u_mode.raw                                             \
            + 0 * sizeof (char[sizeof (type) <= sizeof ((c)->u_mode)    \
                               ? 1 : -1])))

#endif /* BCRY_CIPHER_INTERNAL_H */
