/* serpent-neon-aarch64.h - entry points of cipher/serpent-neon-aarch64.c
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The kernels of the "neon" entry of cipher/serpent.c, in the ABIs of
 * src/cipher-proto.h: 1 to SERPENT_NEON_WIDTH blocks a call, in passes
 * of eight.  CTX is serpent.c's context, whose round keys k[33][4] are
 * at offset 0.
 */

#ifndef BCRY_SERPENT_NEON_AARCH64_H
#define BCRY_SERPENT_NEON_AARCH64_H

#include "cipher-proto.h"

#define SERPENT_NEON_WIDTH 32

void _bcry_serpent_neon_enc (const void *ctx, byte *out, const byte *in,
                             size_t nblocks);
void _bcry_serpent_neon_dec (const void *ctx, byte *out, const byte *in,
                             size_t nblocks);
void _bcry_serpent_neon_ctr_enc (const void *ctx, byte *ctr, byte *out,
                                 const byte *in, size_t nblocks);
void _bcry_serpent_neon_ctr32le_enc (const void *ctx, byte *ctr, byte *out,
                                     const byte *in, size_t nblocks);
void _bcry_serpent_neon_cbc_dec (const void *ctx, byte *iv, byte *out,
                                 const byte *in, size_t nblocks);
void _bcry_serpent_neon_cfb_dec (const void *ctx, byte *iv, byte *out,
                                 const byte *in, size_t nblocks);
void _bcry_serpent_neon_xts_crypt (const void *ctx, byte *tweak, byte *out,
                                   const byte *in, size_t nblocks,
                                   int encrypt);
void _bcry_serpent_neon_ocb_crypt (const void *ctx, bulk_ocb_state_t *st,
                                   byte *out, const byte *in, size_t nblocks,
                                   int encrypt);
void _bcry_serpent_neon_ocb_auth (const void *ctx, bulk_ocb_state_t *st,
                                  const byte *abuf, size_t nblocks);

#endif /* BCRY_SERPENT_NEON_AARCH64_H */
