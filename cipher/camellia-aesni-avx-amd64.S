/* camellia-aesni-avx-amd64.S - Camellia on 16 and 32 blocks with AES-NI
 * and AVX
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

CAMELLIA16_ENTRY_POINTS (aesni_avx, 1, 16)
#define CAM_PART_W 16
#define FULL(op) _bcry_camellia_aesni_avx_##op##_full16
#define PUB(op) _bcry_camellia_aesni_avx_##op##_blk16
#include "camellia-part-amd64.h"
#undef CAM_PART_W
#undef FULL
#undef PUB
CAMELLIA16_ENTRY_POINTS (aesni_avx, 2, 32)
#define CAM_PART_W 32
#define FULL(op) _bcry_camellia_aesni_avx_##op##_full32
#define PUB(op) _bcry_camellia_aesni_avx_##op##_blk32
#include "camellia-part-amd64.h"
#undef CAM_PART_W
#undef FULL
#undef PUB

#endif

GNU_STACK_NOTE
