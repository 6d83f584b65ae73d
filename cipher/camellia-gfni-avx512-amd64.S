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
 * time.  The entry points take exactly 64 blocks (cipher/bulkhelp.c pads
 * shorter runs) and clear every register that held data or key bytes.
 * Besides ECB: CTR with the counters built in registers, GCM-SIV's
 * 32-bit counter, CFB decryption, and a whitened pass E(X ^ W) ^ W for
 * XTS and OCB, whose tweaks and offsets bulkhelp.c stages.
 */

#include "asm-common-amd64.h"

#if defined(HAVE_COMPATIBLE_AMD64_AS) && defined(ENABLE_GFNI_SUPPORT) \
    && defined(ENABLE_AVX512_SUPPORT)

#define V(n) %zmm##n
#define CAM_W 64
#define CAM_REGS32 1

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
.align 64
/* Byte reversal of each 128-bit lane.  */
.Lcam_bswap128:
	.rept 4
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
	.endr
/* Lane j of a row counts j more; each row four more.  */
.Lcam_lanes:	.quad 0, 0, 1, 0, 2, 0, 3, 0
.Lcam_step4:	.quad 4, 0, 4, 0, 4, 0, 4, 0

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

/* Row i of the 64 blocks at SRC ^ the row at W, into V(i).  */
#define LOADX_ROW(i, src, w)                                            \
	vmovdqu64 i*64(src), V(i); vpxorq i*64(w), V(i), V(i)
#define LOADX64(src, w)                                                 \
	LOADX_ROW (0, src, w); LOADX_ROW (1, src, w);                   \
	LOADX_ROW (2, src, w); LOADX_ROW (3, src, w);                   \
	LOADX_ROW (4, src, w); LOADX_ROW (5, src, w);                   \
	LOADX_ROW (6, src, w); LOADX_ROW (7, src, w);                   \
	LOADX_ROW (8, src, w); LOADX_ROW (9, src, w);                   \
	LOADX_ROW (10, src, w); LOADX_ROW (11, src, w);                 \
	LOADX_ROW (12, src, w); LOADX_ROW (13, src, w);                 \
	LOADX_ROW (14, src, w); LOADX_ROW (15, src, w)
/* Out row i = V(i) ^ the row at W.  */
#define XSTORE_ROW(i, out, w)                                           \
	vpxorq i*64(w), V(i), V(i); vmovdqu64 V(i), i*64(out)
#define XSTORE64(out, w)                                                \
	XSTORE_ROW (0, out, w); XSTORE_ROW (1, out, w);                 \
	XSTORE_ROW (2, out, w); XSTORE_ROW (3, out, w);                 \
	XSTORE_ROW (4, out, w); XSTORE_ROW (5, out, w);                 \
	XSTORE_ROW (6, out, w); XSTORE_ROW (7, out, w);                 \
	XSTORE_ROW (8, out, w); XSTORE_ROW (9, out, w);                 \
	XSTORE_ROW (10, out, w); XSTORE_ROW (11, out, w);               \
	XSTORE_ROW (12, out, w); XSTORE_ROW (13, out, w);               \
	XSTORE_ROW (14, out, w); XSTORE_ROW (15, out, w)

/* V(i) = the counters of row i from the first one in V16 (four lanes
   counting up), V17 the step of a row; FIX turns them into blocks.  */
#define CTR_ROW(i, add, fix)                                            \
	fix (V(16), V(i)); add V(17), V(16), V(16)
#define CTR_ROWS(add, fix)                                              \
	CTR_ROW (0, add, fix); CTR_ROW (1, add, fix);                   \
	CTR_ROW (2, add, fix); CTR_ROW (3, add, fix);                   \
	CTR_ROW (4, add, fix); CTR_ROW (5, add, fix);                   \
	CTR_ROW (6, add, fix); CTR_ROW (7, add, fix);                   \
	CTR_ROW (8, add, fix); CTR_ROW (9, add, fix);                   \
	CTR_ROW (10, add, fix); CTR_ROW (11, add, fix);                 \
	CTR_ROW (12, add, fix); CTR_ROW (13, add, fix);                 \
	CTR_ROW (14, add, fix); CTR_ROW (15, add, fix)
#define BSWAP128(s, d) vpshufb .Lcam_bswap128(%rip), s, d
#define COPY(s, d) vmovdqa64 s, d

/* CTR: %rdi ctx, %rsi the 128-bit big-endian counter (advanced by 64),
   %rdx out, %rcx in, %r8 the block count (64, not read).  The low 64
   bits of the counter do not wrap within these 64 blocks (the contract
   of ctr_enc kernels).  */
ENTRY (_bcry_camellia_gfni_avx512_ctr_enc_blk64)
	vbroadcasti64x2 (%rsi), V(16)
	BSWAP128 (V(16), V(16))
	vpaddq .Lcam_lanes(%rip), V(16), V(16)
	vmovdqa64 .Lcam_step4(%rip), V(17)
	CTR_ROWS (vpaddq, BSWAP128)
	movq 8(%rsi), %rax
	bswapq %rax
	addq $64, %rax
	bswapq %rax
	movq %rax, 8(%rsi)
	call camellia_gfni_avx512_enc64
	XSTORE64 (%rdx, %rcx)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_ctr_enc_blk64)

/* GCM-SIV's counter (RFC 8452): as CTR, the first 32 bits of %rsi a
   little-endian counter that wraps.  */
ENTRY (_bcry_camellia_gfni_avx512_ctr32le_enc_blk64)
	vbroadcasti64x2 (%rsi), V(16)
	vpaddd .Lcam_lanes(%rip), V(16), V(16)
	vmovdqa64 .Lcam_step4(%rip), V(17)
	CTR_ROWS (vpaddd, COPY)
	addl $64, (%rsi)
	call camellia_gfni_avx512_enc64
	XSTORE64 (%rdx, %rcx)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_ctr32le_enc_blk64)

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in.  The keystream is E(IV, C_0 ... C_62):
   row 0 is read from 16 bytes before IN with its first block masked
   off (masked loads do not fault) and replaced by the IV.  */
ENTRY (_bcry_camellia_gfni_avx512_cfb_dec_blk64)
	movl $0xfc, %eax
	kmovb %eax, %k1
	vmovdqu64 -16(%rcx), V(0){%k1}{z}
	vinserti32x4 $0, (%rsi), V(0), V(0)
	vmovdqu64 1*64-16(%rcx), V(1); vmovdqu64 2*64-16(%rcx), V(2)
	vmovdqu64 3*64-16(%rcx), V(3); vmovdqu64 4*64-16(%rcx), V(4)
	vmovdqu64 5*64-16(%rcx), V(5); vmovdqu64 6*64-16(%rcx), V(6)
	vmovdqu64 7*64-16(%rcx), V(7); vmovdqu64 8*64-16(%rcx), V(8)
	vmovdqu64 9*64-16(%rcx), V(9); vmovdqu64 10*64-16(%rcx), V(10)
	vmovdqu64 11*64-16(%rcx), V(11); vmovdqu64 12*64-16(%rcx), V(12)
	vmovdqu64 13*64-16(%rcx), V(13); vmovdqu64 14*64-16(%rcx), V(14)
	vmovdqu64 15*64-16(%rcx), V(15)
	vmovdqu64 63*16(%rcx), %xmm16
	vmovdqu64 %xmm16, (%rsi)
	call camellia_gfni_avx512_enc64
	XSTORE64 (%rdx, %rcx)
	kxorb %k1, %k1, %k1
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_cfb_dec_blk64)

/* OUT = E(IN ^ W) ^ W (XTS, OCB), or E(IN ^ W) when bit 1 of FLAGS is
   set (OCB's HASH); bit 0 selects encryption (BULK_WHITEN_* of
   cipher-proto.h).  %rdi ctx, %rsi out, %rdx in, %rcx the 64
   whitening blocks, %r8 the block count (64, not read), %r9d FLAGS.  */
ENTRY (_bcry_camellia_gfni_avx512_whiten_blk64)
	movl %r9d, %r11d
	LOADX64 (%rdx, %rcx)
	testl $1, %r11d
	jz .Lwhiten_dec
	call camellia_gfni_avx512_enc64
	jmp .Lwhiten_store
.Lwhiten_dec:
	call camellia_gfni_avx512_dec64
.Lwhiten_store:
	testl $2, %r11d
	jnz .Lwhiten_plain
	XSTORE64 (%rsi, %rcx)
	CLEAR_ALL
	ret
.Lwhiten_plain:
	STORE64 (%rsi)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_whiten_blk64)

#endif /* HAVE_COMPATIBLE_AMD64_AS && ENABLE_GFNI_SUPPORT
	  && ENABLE_AVX512_SUPPORT */

GNU_STACK_NOTE
