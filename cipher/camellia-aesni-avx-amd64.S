/* camellia-aesni-avx-amd64.S - Camellia on 16 blocks with AES-NI and AVX
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The byte-sliced Camellia of camellia-simd-amd64.h (see there for the
 * layout and the derivation of the S-boxes) in XMM registers,
 * with the 16-register engine: each state register holds one byte
 * position of 16 blocks.  Each S-box is AESENCLAST (rounds on the
 * left half) or AESDECLAST (on the right) on a zero key, wrapped in
 * affine maps done with nibble lookups by VPSHUFB on constant tables:
 * constant time.  The entry points take exactly 16 blocks (the C glue
 * pads shorter runs); VZEROALL clears the registers and the stack frame
 * is wiped before returning.
 */

#include "asm-common-amd64.h"

#if defined(HAVE_COMPATIBLE_AMD64_AS) && defined(ENABLE_AESNI_SUPPORT) \
    && defined(ENABLE_AVX_SUPPORT)

#define V(n) %xmm##n
#define CAM_W 16
#define CAM_SBOX_AESNI 1

#include "camellia-simd-amd64.h"

CAM_AESNI_CONSTANTS

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count (16, not
   read).  */
ENTRY (_bcry_camellia_aesni_avx_enc_blk16)
	CAMELLIA_CRYPT16 (1, .Lenc16, %rdx, %rsi)
	vzeroall
	ret
END (_bcry_camellia_aesni_avx_enc_blk16)

ENTRY (_bcry_camellia_aesni_avx_dec_blk16)
	CAMELLIA_CRYPT16 (-1, .Ldec16, %rdx, %rsi)
	vzeroall
	ret
END (_bcry_camellia_aesni_avx_dec_blk16)

#endif

GNU_STACK_NOTE
