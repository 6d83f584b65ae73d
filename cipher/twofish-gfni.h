/* twofish-gfni.h - entry points of cipher/twofish-gfni.c
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The key setup of cipher/twofish.c with GFNI and SSSE3: the S vector
 * from the key, and the tables s and sb of TWOFISH_context from it, in
 * SSE or VEX encoding.  TWOFISH_SBOXES_GFNI says whether the compiler
 * and configure allow them; the caller checks the CPU.
 */

#ifndef BCRY_TWOFISH_GFNI_H
#define BCRY_TWOFISH_GFNI_H

#include "twofish-tables.h"

#if defined(__GNUC__) && defined(__x86_64__)                           \
  && defined(ENABLE_GFNI_SUPPORT) && defined(ENABLE_SSSE3_SUPPORT)
# define TWOFISH_SBOXES_GFNI 1

void _bcry_twofish_rs_gfni (u32 *sl, const byte *key, unsigned int n);
void _bcry_twofish_sboxes_gfni (TWOFISH_context *ctx, const u32 *sl,
                                unsigned int n);
void _bcry_twofish_sboxes_gfni_avx (TWOFISH_context *ctx, const u32 *sl,
                                    unsigned int n);
#endif

#endif /* BCRY_TWOFISH_GFNI_H */
