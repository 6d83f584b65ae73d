/* camellia-vaes-avx2-2x-amd64.S - Camellia on up to 64 blocks with
 * VAES and AVX2, two streams, and GCM
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The byte-sliced Camellia of camellia-simd-amd64.h (see there for the
 * layout and the derivation of the S-boxes) in YMM registers, VAES's
 * instructions working on both 128-bit lanes, with the 16-register
 * engine: each state register holds one byte position of 32 blocks.
 * Each S-box is AESENCLAST (rounds on the left half) or AESDECLAST (on
 * the right) on a zero key, wrapped in affine maps done with nibble
 * lookups by VPSHUFB on constant tables: constant time.  The entry
 * points (ECB, CTR, GCM-SIV's counter, CBC and CFB decryption, and
 * XTS's and OCB's passes) run the engine on 32 blocks (one stream) or
 * 64 (two streams), as the template says, and take any count up to
 * that (camellia-part-amd64.h);
 * VZEROALL clears the registers and the stack frames that held anything
 * secret are wiped before returning.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"
#include "ghash-vpclmul-amd64.h"

#ifdef USE_CAMELLIA_VAES_AVX2

#define V(n) %ymm##n
#define CAM_W 32
#define CAM_SBOX_AESNI 1

#include "camellia-simd-amd64.h"

CAM_AESNI_CONSTANTS

CAM16_MODE_CONSTANTS

#define CAM_S 2
#define CAM_BLOCKS 64
#define FULL(op) _bcry_camellia_vaes_avx2_##op##_full64
#define PUB(op) _bcry_camellia_vaes_avx2_##op##_blk64
#define LOCAL(op) camellia_vaes_avx2_64_##op
#define CAM_GCM 1
GHASH_VPCLMUL_CONSTANTS
#include "camellia-simd-entry-amd64.h"
#define CAM_PART_W CAM_BLOCKS
#include "camellia-part-amd64.h"

#endif

GNU_STACK_NOTE
