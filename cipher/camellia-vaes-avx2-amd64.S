/* camellia-vaes-avx2-amd64.S - Camellia on 32 blocks with VAES and AVX2
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The byte-sliced Camellia of camellia-simd-amd64.h (see there for the
 * layout and the derivation of the S-boxes) in YMM registers, VAES's
 * instructions working on both 128-bit lanes,
 * with the 16-register engine: each state register holds one byte
 * position of 32 blocks.  Each S-box is AESENCLAST (rounds on the
 * left half) or AESDECLAST (on the right) on a zero key, wrapped in
 * affine maps done with nibble lookups by VPSHUFB on constant tables:
 * constant time.  The entry points take exactly 32 blocks (the C glue
 * pads shorter runs); VZEROALL clears the registers and the stack frame
 * is wiped before returning.
 */

#include "asm-common-amd64.h"

#if defined(HAVE_COMPATIBLE_AMD64_AS) && defined(ENABLE_VAES_SUPPORT) \
    && defined(ENABLE_AVX2_SUPPORT)

#define V(n) %ymm##n
#define CAM_W 32
#define CAM_SBOX_AESNI 1

#include "camellia-simd-amd64.h"

CAM_AESNI_CONSTANTS

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count (32, not
   read).  */
ENTRY (_bcry_camellia_vaes_avx2_enc_blk32)
	CAMELLIA_CRYPT16 (1, .Lenc32, %rdx, %rsi)
	vzeroall
	ret
END (_bcry_camellia_vaes_avx2_enc_blk32)

ENTRY (_bcry_camellia_vaes_avx2_dec_blk32)
	CAMELLIA_CRYPT16 (-1, .Ldec32, %rdx, %rsi)
	vzeroall
	ret
END (_bcry_camellia_vaes_avx2_dec_blk32)

#endif

GNU_STACK_NOTE
