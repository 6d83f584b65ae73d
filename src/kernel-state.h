/* kernel-state.h - where assembly kernels find the fields of C state
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Assembly cannot read a C struct, so the byte offsets of the fields
 * that kernels load and store are given here, once, for both sides:
 * the .S files include this header, and src/cipher-proto.h and
 * cipher/ghash.h check every offset against offsetof at compile time,
 * so a change of layout stops the build instead of corrupting state.
 */

#ifndef BCRY_KERNEL_STATE_H
#define BCRY_KERNEL_STATE_H

/* bulk_ocb_state_t (src/cipher-proto.h).  */
#define OCB_STATE_OFFSET 0
#define OCB_STATE_CHECKSUM 16
#define OCB_STATE_BLKN 32
#define OCB_STATE_L 40

/* ghash_state_t (cipher/ghash.h): the hash so far, the key, and the
   carry-less multipliers' powers of H and their Karatsuba middles,
   GHASH_STATE_POWERS of each, 16 bytes apiece; the ZMM loop's powers
   above those, H^32 first, right before them, and their middles right
   before the middles of the others.  */
#define GHASH_STATE_Y 0
#define GHASH_STATE_H 16
#define GHASH_STATE_POWERS 16
#define GHASH_STATE_POW32 64
#define GHASH_STATE_POW (GHASH_STATE_POW32 + 16 * GHASH_STATE_POWERS)
#define GHASH_STATE_MID32 (GHASH_STATE_POW + 16 * GHASH_STATE_POWERS)
#define GHASH_STATE_MID (GHASH_STATE_MID32 + 16 * GHASH_STATE_POWERS)

/* bulk_gcm_fn_t's HASH (src/cipher-proto.h) that asks the kernel to
   hash the blocks it writes.  */
#define BULK_GCM_HASH_OUT_ADDR 1

/* AES_context (cipher/aes.c), for the AES kernels: the
   schedules of FIPS 197, the number of rounds, and the SSSE3 kernels'
   own round keys for encryption and decryption, 15 of 16 bytes each.  */
#define AES_CTX_EKEY 0
#define AES_CTX_DKEY 240
#define AES_CTX_ROUNDS 480
#define AES_CTX_SSSE3_ENC 484
#define AES_CTX_SSSE3_DEC (AES_CTX_SSSE3_ENC + 240)

#endif /* BCRY_KERNEL_STATE_H */
