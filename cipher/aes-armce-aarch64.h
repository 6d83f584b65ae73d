/* aes-armce-aarch64.h - entry points of cipher/aes-armce-aarch64.c
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The kernels of the "armce" entry of cipher/aes.c, in the ABIs of
 * src/cipher-proto.h (any count, eight blocks at a time where the mode
 * allows), GCM and GCM-SIV stitched with the PMULL GHASH, and the key
 * schedule's SubWord and InvMixColumns on the AES instructions.  CTX is
 * cipher/aes.c's AES_context.
 */

#ifndef BCRY_AES_ARMCE_AARCH64_H
#define BCRY_AES_ARMCE_AARCH64_H

#include "cipher-proto.h"

void _bcry_aes_armce_enc (const void *ctx, byte *out, const byte *in,
                          size_t nblocks);
void _bcry_aes_armce_dec (const void *ctx, byte *out, const byte *in,
                          size_t nblocks);
void _bcry_aes_armce_ctr_enc (const void *ctx, byte *ctr, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_armce_ctr32le_enc (const void *ctx, byte *ctr, byte *out,
                                  const byte *in, size_t nblocks);
/* Stitched with ghash-pmull-aarch64.h's GHASH (POLYVAL for GCM-SIV):
   GH is a ghash_state_t under the PMULL multiplier.  */
void _bcry_aes_armce_gcm_crypt (const void *ctx, void *gh, byte *ctr,
                                byte *out, const byte *in, const byte *hash,
                                size_t nblocks);
void _bcry_aes_armce_gcm_siv_crypt (const void *ctx, void *gh, byte *ctr,
                                    byte *out, const byte *in,
                                    const byte *hash, size_t nblocks);
void _bcry_aes_armce_cbc_dec (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_armce_cfb_dec (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_armce_xts_crypt (const void *ctx, byte *tweak, byte *out,
                                const byte *in, size_t nblocks,
                                int encrypt);
void _bcry_aes_armce_ocb_crypt (const void *ctx, bulk_ocb_state_t *st,
                                byte *out, const byte *in, size_t nblocks,
                                int encrypt);
void _bcry_aes_armce_ocb_auth (const void *ctx, bulk_ocb_state_t *st,
                               const byte *abuf, size_t nblocks);
void _bcry_aes_armce_cbc_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks, int cbc_mac);
void _bcry_aes_armce_cfb_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_armce_ofb_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_armce_mac_ctr (const void *ctx, byte *mac, byte *ctr,
                              byte *out, const byte *in, size_t nblocks,
                              int mac_out);
u32 _bcry_aes_armce_sub_word (u32 w);
u32 _bcry_aes_armce_inv_mix_column (u32 w);

#endif /* BCRY_AES_ARMCE_AARCH64_H */
