/* camellia-gfni-avx512-amd64.S - Camellia on 64 blocks with GFNI and
 * AVX-512
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The byte-sliced Camellia of camellia-simd-amd64.h (see there for the
 * layout and the derivation of the S-boxes) with ZMM registers: each of
 * the sixteen state registers holds one byte position of 64 blocks, and
 * the 32 registers of AVX-512 keep all temporaries without touching
 * memory.  Each S-box is GF2P8AFFINEQB then GF2P8AFFINEINVQB, constant
 * time.  The entry points take exactly 64 blocks (the C glue pads
 * shorter runs) and clear every register that held data or key bytes.
 */

#include "asm-common-amd64.h"

#if defined(HAVE_COMPATIBLE_AMD64_AS) && defined(ENABLE_GFNI_SUPPORT) \
    && defined(ENABLE_AVX512_SUPPORT)

#define V(n) %zmm##n
#define CAM_W 64
#define CAM_REGS32 1
#define VBCAST(m, r) vpbroadcastb m, r

/* s_n (x) = B_n (inv (A_n (x))): A_n, B_n as GF2P8AFFINE matrices
   (.Lcam_pre*, .Lcam_post*) and constants.  */
#define PRE_1 .Lcam_pre123
#define PRE_2 .Lcam_pre123
#define PRE_3 .Lcam_pre123
#define PRE_4 .Lcam_pre4
#define POST_1 .Lcam_post14
#define POST_2 .Lcam_post2
#define POST_3 .Lcam_post3
#define POST_4 .Lcam_post14
#define POSTC_1 0x6e
#define POSTC_2 0xdc
#define POSTC_3 0x37
#define POSTC_4 0x6e
#define SBOX(n, x, d, t0, t1)                                           \
	vgf2p8affineqb $1, PRE_##n(%rip){1to8}, x, d;                   \
	vgf2p8affineinvqb $POSTC_##n, POST_##n(%rip){1to8}, d, d
#define SHR7(x, d) vgf2p8affineqb $0, .Lcam_shr7(%rip){1to8}, x, d

#include "camellia-simd-amd64.h"

.section .rodata
.align 8
/* Found as described in camellia-simd-amd64.h; row i of an 8 x 8
   matrix (the input bits output bit i depends on) is byte 7 - i.  */
.Lcam_pre123:	.quad 0x269e7e25a68caea4
.Lcam_pre4:	.quad 0x134f3f9253465752
.Lcam_post14:	.quad 0xf2672b2d3394f6cc
.Lcam_post2:	.quad 0xccf2672b2d3394f6
.Lcam_post3:	.quad 0x672b2d3394f6ccf2
/* Output bit 0 = input bit 7.  */
.Lcam_shr7:	.quad 0x8000000000000000

.text

#define LOAD64(in)                                                      \
	vmovdqu64 0*64(in), V(0); vmovdqu64 1*64(in), V(1);             \
	vmovdqu64 2*64(in), V(2); vmovdqu64 3*64(in), V(3);             \
	vmovdqu64 4*64(in), V(4); vmovdqu64 5*64(in), V(5);             \
	vmovdqu64 6*64(in), V(6); vmovdqu64 7*64(in), V(7);             \
	vmovdqu64 8*64(in), V(8); vmovdqu64 9*64(in), V(9);             \
	vmovdqu64 10*64(in), V(10); vmovdqu64 11*64(in), V(11);         \
	vmovdqu64 12*64(in), V(12); vmovdqu64 13*64(in), V(13);         \
	vmovdqu64 14*64(in), V(14); vmovdqu64 15*64(in), V(15)

#define STORE64(out)                                                    \
	vmovdqu64 V(0), 0*64(out); vmovdqu64 V(1), 1*64(out);           \
	vmovdqu64 V(2), 2*64(out); vmovdqu64 V(3), 3*64(out);           \
	vmovdqu64 V(4), 4*64(out); vmovdqu64 V(5), 5*64(out);           \
	vmovdqu64 V(6), 6*64(out); vmovdqu64 V(7), 7*64(out);           \
	vmovdqu64 V(8), 8*64(out); vmovdqu64 V(9), 9*64(out);           \
	vmovdqu64 V(10), 10*64(out); vmovdqu64 V(11), 11*64(out);       \
	vmovdqu64 V(12), 12*64(out); vmovdqu64 V(13), 13*64(out);       \
	vmovdqu64 V(14), 14*64(out); vmovdqu64 V(15), 15*64(out)

/* ZMM16-31 are out of VZEROALL's reach.  */
#define CLEAR_ALL                                                       \
	vpxord %xmm16, %xmm16, %xmm16; vpxord %xmm17, %xmm17, %xmm17;   \
	vpxord %xmm18, %xmm18, %xmm18; vpxord %xmm19, %xmm19, %xmm19;   \
	vpxord %xmm20, %xmm20, %xmm20; vpxord %xmm21, %xmm21, %xmm21;   \
	vpxord %xmm22, %xmm22, %xmm22; vpxord %xmm23, %xmm23, %xmm23;   \
	vpxord %xmm24, %xmm24, %xmm24; vpxord %xmm25, %xmm25, %xmm25;   \
	vpxord %xmm26, %xmm26, %xmm26; vpxord %xmm27, %xmm27, %xmm27;   \
	vpxord %xmm28, %xmm28, %xmm28; vpxord %xmm29, %xmm29, %xmm29;   \
	vpxord %xmm30, %xmm30, %xmm30; vpxord %xmm31, %xmm31, %xmm31;   \
	vzeroall

/* Local: encrypt the 64 blocks in V0-V15 (four per register, in
   order) in place; CTX the key schedule.  Clobbers V16-V31, KEY,
   NGROUPS, %r10.  */
.align 16
camellia_gfni_avx512_enc64:
	CFI_STARTPROC ()
	TRANSPOSE_IN
	CAMELLIA_ROUNDS (1, .Lenc64)
	TRANSPOSE_OUT
	ret
	CFI_ENDPROC ()
ELF (.size camellia_gfni_avx512_enc64, . - camellia_gfni_avx512_enc64)

.align 16
camellia_gfni_avx512_dec64:
	CFI_STARTPROC ()
	TRANSPOSE_IN
	CAMELLIA_ROUNDS (-1, .Ldec64)
	TRANSPOSE_OUT
	ret
	CFI_ENDPROC ()
ELF (.size camellia_gfni_avx512_dec64, . - camellia_gfni_avx512_dec64)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count (64, not
   read).  */
ENTRY (_bcry_camellia_gfni_avx512_enc_blk64)
	LOAD64 (%rdx)
	call camellia_gfni_avx512_enc64
	STORE64 (%rsi)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_enc_blk64)

ENTRY (_bcry_camellia_gfni_avx512_dec_blk64)
	LOAD64 (%rdx)
	call camellia_gfni_avx512_dec64
	STORE64 (%rsi)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_dec_blk64)

#endif /* HAVE_COMPATIBLE_AMD64_AS && ENABLE_GFNI_SUPPORT
	  && ENABLE_AVX512_SUPPORT */

GNU_STACK_NOTE
