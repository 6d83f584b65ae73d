/* camellia-aesni-avx-amd64.S - Camellia on up to 16 blocks with AES-NI
 * and AVX, one stream
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The byte-sliced Camellia of camellia-simd-amd64.h (see there for the
 * layout and the derivation of the S-boxes) in XMM registers, with the
 * 16-register engine: each state register holds one byte position of
 * 16 blocks.  Each S-box is AESENCLAST (rounds on the left half) or
 * AESDECLAST (on the right) on a zero key, wrapped in affine maps done
 * with nibble lookups by VPSHUFB on constant tables: constant time.
 * The entry points (ECB, CTR, GCM-SIV's counter, CBC and CFB
 * decryption, and XTS's and OCB's passes) run the engine on 16 blocks
 * (one stream) or 32 (two streams), as the template says, and take any
 * count up to that (camellia-part-amd64.h);
 * VZEROALL clears the registers and the stack frames that held anything
 * secret are wiped before returning.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_CAMELLIA_AESNI_AVX

#define V(n) %xmm##n
#define CAM_W 16
#define CAM_SBOX_AESNI 1

#include "camellia-simd-amd64.h"

CAM_AESNI_CONSTANTS

CAM16_MODE_CONSTANTS

#define CAM_S 1
#define CAM_BLOCKS 16
#define FULL(op) _bcry_camellia_aesni_avx_##op##_full16
#define PUB(op) _bcry_camellia_aesni_avx_##op##_blk16
#define LOCAL(op) camellia_aesni_avx_16_##op
#include "camellia-simd-entry-amd64.h"
#define CAM_PART_W CAM_BLOCKS
#include "camellia-part-amd64.h"

#endif

GNU_STACK_NOTE
