/* cipher-proto.h - the interface between the cipher layer and an algorithm
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An algorithm module (cipher/<algo>.c) describes itself with one
 * cipher_spec_t per algorithm id and, for its bulk paths, with a table of
 * bulk_impl_t entries, widest first.  Its setkey hands that table to
 * _bcry_bulk_select (cipher/bulkhelp.c), which fills the handle's hooks.
 * Nothing in the cipher layer names an algorithm.
 */

#ifndef BCRY_CIPHER_PROTO_H
#define BCRY_CIPHER_PROTO_H

#include "bulkcrypt-int.h"
#include "kernel-state.h"

struct cipher_bulk_ops;

/* N-block kernels.  A kernel is called with 1 <= NBLOCKS <= the entry's
   width (any count when the width is 0) and not fewer than the entry's
   min_blocks; it reads and writes those blocks only, whatever lanes it
   computes.  OUT may equal IN, but may not overlap it otherwise.  IV, CTR and
   TWEAK are 16-byte blocks that the kernel reads and leaves as they
   must be for the next call.  A ctr_enc kernel never gets a run across
   which the low 64 bits of the counter wrap, so that it may count in
   64-bit lanes.  */
typedef void (*bulk_crypt_fn_t) (const void *ctx, byte *out, const byte *in,
                                 size_t nblocks);
typedef void (*bulk_iv_fn_t) (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
typedef void (*bulk_xts_fn_t) (const void *ctx, byte *tweak, byte *out,
                               const byte *in, size_t nblocks, int encrypt);
/* CBC encryption; with CBC_MAC set OUT is a single block that each
   ciphertext block may overwrite, the chain staying in IV.  */
typedef void (*bulk_cbc_enc_fn_t) (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks,
                                   int cbc_mac);
/* CTR and a CBC-MAC in one pass, for CCM and EAX: for each block
   OUT = IN ^ E(CTR), CTR += 1 (128 bits, big-endian, carry through all
   of them), and MAC = E(MAC ^ X), where X is the input block, or the
   output block when MAC_OUT is set.  The two chains are independent,
   so a kernel can run a MAC block next to a counter block in the time
   the MAC alone would take.  */
typedef void (*bulk_mac_ctr_fn_t) (const void *ctx, byte *mac, byte *ctr,
                                   byte *out, const byte *in, size_t nblocks,
                                   int mac_out);

/* OCB's running state, for the kernels of RFC 7253: the offset and the
   checksum (or the AAD sum for ocb_auth), the number of blocks done
   before this call, and L[i] = L_i for i < 64.  */
typedef struct bulk_ocb_state
{
  byte offset[16];
  byte checksum[16];
  u64 blkn;
  const byte (*L)[16];
} bulk_ocb_state_t;

_Static_assert (offsetof (bulk_ocb_state_t, offset) == OCB_STATE_OFFSET
                && offsetof (bulk_ocb_state_t, checksum)
                   == OCB_STATE_CHECKSUM
                && offsetof (bulk_ocb_state_t, blkn) == OCB_STATE_BLKN
                && offsetof (bulk_ocb_state_t, L) == OCB_STATE_L,
                "src/kernel-state.h: bulk_ocb_state_t");

typedef void (*bulk_ocb_fn_t) (const void *ctx, bulk_ocb_state_t *st,
                               byte *out, const byte *in, size_t nblocks,
                               int encrypt);
typedef void (*bulk_ocb_auth_fn_t) (const void *ctx, bulk_ocb_state_t *st,
                                    const byte *abuf, size_t nblocks);

/* OUT_i = E(IN_i ^ W_i) ^ W_i, the core of XTS and OCB once their
   tweaks or offsets W are known: D instead of E unless FLAGS has
   BULK_WHITEN_ENCRYPT, and without the second xor (OCB's HASH) with
   BULK_WHITEN_ONCE.  OUT may equal IN; W is another buffer.  */
typedef void (*bulk_whiten_fn_t) (const void *ctx, byte *out, const byte *in,
                                  const byte *w, size_t nblocks,
                                  unsigned int flags);
#define BULK_WHITEN_ENCRYPT 1
#define BULK_WHITEN_ONCE 2

/* GCM on NBLOCKS blocks: OUT = IN ^ the keystream of CTR (as ctr_enc),
   and GHASH_STATE (a ghash_state_t of cipher/ghash.h, with the powers
   of H of its carry-less multipliers) absorbs the NBLOCKS blocks at
   HASH, which is IN or a buffer that does not overlap OUT, read before
   OUT is written, or NULL for none.  A kernel that takes any count
   (width 0) also takes BULK_GCM_HASH_OUT: it hashes the blocks it
   writes to OUT, the ciphertext of GCM's encryption and the plaintext
   of GCM-SIV's decryption, each pass hashing what the pass before it
   wrote, so that one call overlaps the two at any length.  */
#define BULK_GCM_HASH_OUT ((const byte *) BULK_GCM_HASH_OUT_ADDR)
/* Shorter runs are encrypted in a CTR pass, then hashed: a kernel
   encrypts its first group alone and hashes its last alone, which for
   the AVX-512 kernel (groups of 32) cost more than the separate passes
   below about 50 blocks (doc/HACKING, "Tuning notes").  */
#define BULK_GCM_HASH_OUT_MIN 52
typedef void (*bulk_gcm_fn_t) (const void *ctx, void *ghash_state,
                               byte *ctr, byte *out, const byte *in,
                               const byte *hash, size_t nblocks);

/* One implementation of an algorithm: the CPU features it needs, the
   blocks it handles per call, and its kernels.  enc and dec are
   required; the fused kernels are optional and the generic hooks build
   the mode from enc/dec where one is missing.  */
typedef struct bulk_impl
{
  const char *name;           /* "c", "gfni-avx2", ...  */
  unsigned int hwf;           /* HWF_* bits, all required.  */
  unsigned int width;         /* Most blocks per call; 0: any.  */
  /* Shorter runs go to the next entry: the one knob for where a wide
     kernel starts to pay.  */
  unsigned int min_blocks;
  bulk_crypt_fn_t enc;
  bulk_crypt_fn_t dec;
  bulk_iv_fn_t ctr_enc;       /* 128-bit big-endian counter.  */
  bulk_iv_fn_t ctr32le_enc;   /* GCM-SIV: low 32 bits little-endian.  */
  bulk_iv_fn_t cbc_dec;
  bulk_iv_fn_t cfb_dec;
  bulk_xts_fn_t xts_crypt;
  bulk_ocb_fn_t ocb_crypt;
  bulk_ocb_auth_fn_t ocb_auth;
  /* Used only on the first entry, and only where GHASH itself runs
     the multiplier every gcm_crypt kernel uses: VPCLMULQDQ on x86-64,
     PMULL on aarch64.  */
  bulk_gcm_fn_t gcm_crypt;
  /* The same for GCM-SIV: the counter of ctr32le_enc, and POLYVAL's
     state (its blocks as they are).  */
  bulk_gcm_fn_t gcm_siv_crypt;
  /* Used by XTS and OCB where xts_crypt or ocb_crypt/ocb_auth is
     missing.  */
  bulk_whiten_fn_t whiten;
  /* Serial kernels, used when this entry is the handle's serial one:
     they take any block count, whatever the width, and keep the loop
     (and the chaining value) inside.  OFB leaves the last keystream
     block in IV.  mac_ctr (CCM and EAX) takes at least one block, and
     is used only if this entry is also the first, which would run
     their CTR anyway, or, with MAC_CTR_FREE set, for a MAC over the
     input: that says its counter blocks cost nothing beside the MAC's
     chain, so that one pass beats the chain and a wider entry's CTR
     pass.  (A MAC over the output waits a xor more a block for the
     counter's output, which costs more than that CTR pass.)  */
  bulk_cbc_enc_fn_t cbc_enc;
  bulk_iv_fn_t cfb_enc;
  bulk_iv_fn_t ofb_enc;
  bulk_mac_ctr_fn_t mac_ctr;
  unsigned int mac_ctr_free;
} bulk_impl_t;

#define BULK_MAX_IMPLS 12
#define BULK_MAX_WIDTH 64

/* The hooks of a handle.  A NULL hook means "one block at a time".
   Every hook processes whole blocks; mode code keeps partial blocks and
   the IV/counter state between calls.  */
typedef void (*bulk_ecb_hook_t) (const struct cipher_bulk_ops *ops,
                                 const void *ctx, byte *out, const byte *in,
                                 size_t nblocks, int encrypt);
typedef void (*bulk_iv_hook_t) (const struct cipher_bulk_ops *ops,
                                const void *ctx, byte *iv, byte *out,
                                const byte *in, size_t nblocks);
typedef void (*bulk_cbc_enc_hook_t) (const struct cipher_bulk_ops *ops,
                                     const void *ctx, byte *iv, byte *out,
                                     const byte *in, size_t nblocks,
                                     int cbc_mac);
typedef void (*bulk_xts_hook_t) (const struct cipher_bulk_ops *ops,
                                 const void *ctx, byte *tweak, byte *out,
                                 const byte *in, size_t nblocks, int encrypt);
typedef void (*bulk_ocb_hook_t) (const struct cipher_bulk_ops *ops,
                                 const void *ctx, bulk_ocb_state_t *st,
                                 byte *out, const byte *in, size_t nblocks,
                                 int encrypt);
typedef void (*bulk_ocb_auth_hook_t) (const struct cipher_bulk_ops *ops,
                                      const void *ctx, bulk_ocb_state_t *st,
                                      const byte *abuf, size_t nblocks);
typedef void (*bulk_mac_ctr_hook_t) (const struct cipher_bulk_ops *ops,
                                     const void *ctx, byte *mac, byte *ctr,
                                     byte *out, const byte *in,
                                     size_t nblocks, int mac_out);
/* GCM: CTR and GHASH in one pass; GHASH_STATE is the mode's.  */
typedef void (*bulk_gcm_hook_t) (const struct cipher_bulk_ops *ops,
                                 const void *ctx, void *ghash_state,
                                 byte *ctr, byte *out, const byte *in,
                                 size_t nblocks, int encrypt);

typedef struct cipher_bulk_ops
{
  /* The entries usable here, in table order, NULL-terminated, and the
     one serial modes use: the first with serial kernels, else the
     last.  */
  const bulk_impl_t *impl[BULK_MAX_IMPLS + 1];
  const bulk_impl_t *serial;

  bulk_ecb_hook_t ecb_crypt;
  bulk_cbc_enc_hook_t cbc_enc;
  bulk_iv_hook_t cbc_dec;
  bulk_iv_hook_t cfb_enc;
  bulk_iv_hook_t cfb_dec;
  bulk_iv_hook_t ofb_enc;     /* Set only if the serial entry has one.  */
  bulk_mac_ctr_hook_t mac_ctr; /* Likewise, and if it is the first.  */
  bulk_mac_ctr_hook_t mac_ctr_in; /* mac_ctr for MAC_OUT zero only: set
                                     where mac_ctr is, and where the
                                     serial entry has mac_ctr_free.  */
  bulk_iv_hook_t ctr_enc;
  bulk_iv_hook_t ctr32le_enc;
  bulk_ocb_hook_t ocb_crypt;
  bulk_ocb_auth_hook_t ocb_auth;
  bulk_xts_hook_t xts_crypt;
  bulk_gcm_hook_t gcm_crypt;
  bulk_gcm_hook_t gcm_siv_crypt; /* ctr32le_enc with POLYVAL.  */
} cipher_bulk_ops_t;

/* What setkey receives besides the key.  The schedule setkey builds
   must depend only on the key, HWF and SKIP_IMPLS, never on whether BULK
   is NULL: modes with a second key (XTS, SIV, GCM-SIV) run the hooks
   chosen for the first schedule on the second.  */
typedef struct cipher_setkey_args
{
  cipher_bulk_ops_t *bulk;    /* Hooks to fill; NULL: the caller needs
                                 only the one-block functions.  */
  unsigned int hwf;           /* Features usable for this handle.  */
  unsigned int skip_impls;    /* Test aid: skip this many entries.  */
} cipher_setkey_args_t;

typedef gpg_err_code_t (*cipher_setkey_t) (void *ctx, const byte *key,
                                           size_t keylen,
                                           const cipher_setkey_args_t *args);
typedef void (*cipher_block_t) (const void *ctx, byte *out, const byte *in);
/* Returns NULL on success or a short text naming the failed test.  */
typedef const char *(*cipher_selftest_t) (void);

typedef struct cipher_spec
{
  int algo;
  const char *name;           /* "AES", "CAMELLIA128", ...  */
  const char *const *aliases; /* NULL-terminated, may be NULL.  */
  size_t blocksize;           /* Bytes.  */
  size_t keylen;              /* Bits, as libgcrypt reports it.  */
  size_t contextsize;         /* Bytes of key schedule.  */
  cipher_setkey_t setkey;
  cipher_block_t encrypt;
  cipher_block_t decrypt;
  cipher_selftest_t selftest;
} cipher_spec_t;

/* Fill ARGS->bulk from TABLE (NTABLE entries, widest first, the last one
   portable C with hwf 0).  Returns the number of entries taken.  */
unsigned int _bcry_bulk_select (const cipher_setkey_args_t *args,
                                const bulk_impl_t *table, size_t ntable);

/* _bcry_bulk_select on the array TABLE, which must fit in the handle's
   list: a longer table would lose its last entries, the portable one
   among them, so it does not compile.  */
#define BULK_SELECT(args, table)                                        \
  (_bcry_bulk_select ((args), (table), DIM (table))                     \
   + 0 * sizeof (char[DIM (table) <= BULK_MAX_IMPLS ? 1 : -1]))

#endif /* BCRY_CIPHER_PROTO_H */
