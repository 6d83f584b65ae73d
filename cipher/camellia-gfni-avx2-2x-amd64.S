/* camellia-gfni-avx2-2x-amd64.S - Camellia on up to 64 blocks with
 * GFNI and AVX2, two streams, and GCM
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The byte-sliced Camellia of camellia-simd-amd64.h (see there for the
 * layout and the derivation of the S-boxes) in YMM registers, with the
 * 16-register engine: each state register holds one byte position of
 * 32 blocks.  Each S-box is GF2P8AFFINEQB then GF2P8AFFINEINVQB,
 * constant time.  The entry points (ECB, CTR, GCM-SIV's counter, CBC
 * and CFB decryption, and the whitened pass of XTS and OCB) run the
 * engine on 32 blocks (one stream) or 64 (two streams), as the
 * template says, and take any count up to that
 * (camellia-part-amd64.h); VZEROALL clears the registers, and the
 * stack frames that held anything secret are wiped before returning.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"
#include "ghash-vpclmul-amd64.h"

#ifdef USE_CAMELLIA_GFNI_AVX2

#include "camellia-gfni-avx2-amd64.h"

CAM16_MODE_CONSTANTS

#define CAM_S 2
#define CAM_BLOCKS 64
#define FULL(op) _bcry_camellia_gfni_avx2_##op##_full64
#define PUB(op) _bcry_camellia_gfni_avx2_##op##_blk64
#define LOCAL(op) camellia_gfni_avx2_64_##op
#ifdef USE_CAMELLIA_GFNI_AVX2_GCM
# define CAM_GCM 1
GHASH_VPCLMUL_CONSTANTS
#endif
#include "camellia-simd-entry-amd64.h"
#define CAM_PART_W CAM_BLOCKS
#include "camellia-part-amd64.h"

#endif /* USE_CAMELLIA_GFNI_AVX2 */

GNU_STACK_NOTE
