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
 * time.  The entry points take 1 to 64 blocks, loading and storing
 * them with masks, and clear every register that held data or key
 * bytes.
 * Besides ECB: CTR, GCM-SIV's 32-bit counter and GCM with the counters
 * built in registers, already transposed (GCM with its GHASH between
 * the rounds), CBC and CFB decryption, XTS and OCB with their tweaks,
 * offsets and checksum computed in registers, and a whitened pass
 * E(X ^ W) ^ W.  The cipher needs all 32 registers, so XTS and OCB
 * keep their tweaks or offsets in a stack frame while it runs, wiped
 * before returning: computing them a second time instead measured
 * slower (doc/HACKING, "Tuning notes").
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"
#include "ghash-vpclmul-amd64.h"

#ifdef USE_CAMELLIA_GFNI_AVX512

#define V(n) %zmm##n
#define CAM_W 64
#define CAM_REGS32 1

/* s_n (x) = B_n (inv (A_n (x))): A_n, B_n as GF2P8AFFINE matrices
   (.Lcam_pre*, .Lcam_post*, broadcast into V27-V31 by SBOX_MATRICES)
   and constants.  The rounds leave V27-V31 free (this SBOX ignores
   its scratch registers T0, T1), so the five matrices stay in
   registers instead of being 16 embedded-broadcast loads a round.  */
#define PRE_1 V(27)
#define PRE_2 V(27)
#define PRE_3 V(27)
#define PRE_4 V(28)
#define POST_1 V(29)
#define POST_2 V(30)
#define POST_3 V(31)
#define POST_4 V(29)
#define POSTC_1 0x6e
#define POSTC_2 0xdc
#define POSTC_3 0x37
#define POSTC_4 0x6e
#define SBOX(n, x, d, t0, t1)                                           \
	vgf2p8affineqb $1, PRE_##n, x, d;                               \
	vgf2p8affineinvqb $POSTC_##n, POST_##n, d, d
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
/* The block number of each lane of a transposed register.  */
.Lcam_ctr_lanes:
	.byte 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60
	.byte 1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 53, 57, 61
	.byte 2, 6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58, 62
	.byte 3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63
/* XTS: x^128 = x^7 + x^2 + x + 1 in the low quadword of each lane, and
   the shifts that take lane j of a row of T to T * x^j.  */
.Lcam_xts_poly:	.quad 0x87, 0, 0x87, 0, 0x87, 0, 0x87, 0
.Lcam_xts_shl:	.quad 0, 0, 1, 1, 2, 2, 3, 3
.Lcam_xts_shr:	.quad 64, 64, 63, 63, 62, 62, 61, 61
/* OCB: for blkn mod 4 = 0 ... 3, the lanes of a row (as quadword masks)
   whose offset, counted from the offset before the row, has L_0, L_1,
   and the L_x of the row's one block number that 4 divides.  */
.Lcam_ocb_masks:
	.byte 0x0f, 0xfc, 0xc0, 0
	.byte 0x3c, 0xff, 0xf0, 0
	.byte 0x0f, 0xc0, 0xfc, 0
	.byte 0x3c, 0xf0, 0xff, 0
/* The block number of each quadword of the 16 rows of 64 blocks: a
   row's mask of the blocks below N is one comparison with N.  */
.align 64
.Lcam_row_blocks:
	.irp b, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60
	.quad \b, \b, \b+1, \b+1, \b+2, \b+2, \b+3, \b+3
	.endr
.text

GHASH_VPCLMUL_CONSTANTS

/* Any count N from 1 to 64: a full call loads and stores its rows as
   they are (the _A row macros); fewer blocks take the _M ones, masked
   for row I by %k6, the quadwords of the blocks below N (ROW_MASK, from
   N in each quadword of NB), so that they read or write no byte past
   the N blocks (masked loads do not fault on the lanes they leave out),
   and the lanes past N hold zeros.  Masking every call measured 5 to
   10 % slower (the comparisons and masked moves of 16 rows twice).
   A row without blocks is only zeroed, its memory not touched at all
   (IF_ROW): a masked-out element that falls on a page not present or
   not writable (an untouched page past the buffer, a guard page) still
   costs an assist to suppress the fault, hundreds of cycles or more on
   AMD Zen 5, and the empty rows reach up to 960 bytes past the data.
   The row partly filled still reaches up to 48 bytes past its last
   block, which costs the assist only when the data ends within 48
   bytes of such a page, in a buffer that is not 64-byte aligned to its
   page: avoiding it would take 16-byte moves and a branch on N for
   that row in every mode.  BY_COUNT (n, M, ...) runs M_A or M_M by
   N.  */
#define NB V(31)
#define SET_NB(n) vpbroadcastq n, NB
#define ROW_MASK(i) vpcmpuq $6, .Lcam_row_blocks+64*(i)(%rip), NB, %k6
#define ROWS16(m, ...)                                                  \
	m (0, __VA_ARGS__); m (1, __VA_ARGS__); m (2, __VA_ARGS__);     \
	m (3, __VA_ARGS__); m (4, __VA_ARGS__); m (5, __VA_ARGS__);     \
	m (6, __VA_ARGS__); m (7, __VA_ARGS__); m (8, __VA_ARGS__);     \
	m (9, __VA_ARGS__); m (10, __VA_ARGS__); m (11, __VA_ARGS__);   \
	m (12, __VA_ARGS__); m (13, __VA_ARGS__); m (14, __VA_ARGS__);  \
	m (15, __VA_ARGS__)
#define BY_COUNT(n, m, ...)                                             \
	cmpq $64, n;                                                    \
	jb 96f;                                                         \
	m##_A (__VA_ARGS__);                                            \
	jmp 97f;                                                        \
96:	SET_NB (n);                                                     \
	m##_M (__VA_ARGS__);                                            \
97:
/* %k6 = row I's mask, then the rest only if the row has blocks.  */
#define IF_ROW(i, ...)                                                  \
	ROW_MASK (i); kortestb %k6, %k6; jz 77f; __VA_ARGS__; 77:
#define ZERO(i) vpxord V(i), V(i), V(i)
#define LOAD_A(i, in) vmovdqu64 i*64(in), V(i)
#define LOAD_M(i, in) ZERO (i); IF_ROW (i, vmovdqu64 i*64(in), V(i){%k6}{z})
#define STORE_A(i, out) vmovdqu64 V(i), i*64(out)
#define STORE_M(i, out) IF_ROW (i, vmovdqu64 V(i), i*64(out){%k6})
#define LOAD64_A(in) ROWS16 (LOAD_A, in)
#define LOAD64_M(in) ROWS16 (LOAD_M, in)
#define STORE64_A(out) ROWS16 (STORE_A, out)
#define STORE64_M(out) ROWS16 (STORE_M, out)
/* The lanes past N cleared.  */
#define ZERO_ROW(i, unused) ROW_MASK (i); vmovdqa64 V(i), V(i){%k6}{z}
#define ZERO64 ROWS16 (ZERO_ROW, )

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
	kxorq %k6, %k6, %k6;                                            \
	vzeroall

/* V27-V31 = the S-box matrices for the rounds (after
   TRANSPOSE_IN, which uses V16-V31).  In registers they measured
   faster than embedded broadcasts for ECB, CTR, XTS and OCB
   (doc/HACKING, "Tuning notes").  */
#define SBOX_MATRICES                                                   \
	vpbroadcastq .Lcam_pre123(%rip), V(27);                         \
	vpbroadcastq .Lcam_pre4(%rip), V(28);                           \
	vpbroadcastq .Lcam_post14(%rip), V(29);                         \
	vpbroadcastq .Lcam_post2(%rip), V(30);                          \
	vpbroadcastq .Lcam_post3(%rip), V(31)

/* Local: encrypt the 64 blocks in V0-V15 (four per register, in
   order) in place; CTX the key schedule.  Clobbers V16-V31, KEY,
   NGROUPS, %r10.  From .Lenc64_sliced, V0-V15 hold the blocks as
   TRANSPOSE_IN leaves them: byte j of each in V(j), block 4l + k in
   lane 16k + l.  */
.align 16
camellia_gfni_avx512_enc64:
	CFI_STARTPROC ()
	TRANSPOSE_IN
.Lenc64_sliced:
	SBOX_MATRICES
	CAMELLIA_GROUPS (1, .Lenc64)
	KXOR_HALF (1, 0, HALF_A)
.align 16
.Lenc64_group:
	ROUND (HALF_A, HALF_B, 1, 1)
	ROUND (HALF_B, HALF_A, 1, 2)
	ROUND (HALF_A, HALF_B, 1, 3)
	ROUND (HALF_B, HALF_A, 1, 4)
	ROUND (HALF_A, HALF_B, 1, 5)
	ROUND (HALF_B, HALF_A, 1, 6)
	subl $1, NGROUPS
	jz .Lenc64_last
	FL_AND_ROL (HALF_A, 1, 7)
	FL_OR (HALF_A, 1, 7)
	FL_OR (HALF_B, 1, 8)
	FL_AND_ROL (HALF_B, 1, 8)
	addq $(1)*8*32, KEY
	jmp .Lenc64_group
.Lenc64_last:
	KXOR_HALF (1, 7, HALF_B)
	TRANSPOSE_OUT
	ret
	CFI_ENDPROC ()
ELF (.size camellia_gfni_avx512_enc64, . - camellia_gfni_avx512_enc64)

.align 16
camellia_gfni_avx512_dec64:
	CFI_STARTPROC ()
	TRANSPOSE_IN
	SBOX_MATRICES
	CAMELLIA_GROUPS (-1, .Ldec64)
	KXOR_HALF (-1, 0, HALF_A)
.align 16
.Ldec64_group:
	ROUND (HALF_A, HALF_B, -1, 1)
	ROUND (HALF_B, HALF_A, -1, 2)
	ROUND (HALF_A, HALF_B, -1, 3)
	ROUND (HALF_B, HALF_A, -1, 4)
	ROUND (HALF_A, HALF_B, -1, 5)
	ROUND (HALF_B, HALF_A, -1, 6)
	subl $1, NGROUPS
	jz .Ldec64_last
	FL_AND_ROL (HALF_A, -1, 7)
	FL_OR (HALF_A, -1, 7)
	FL_OR (HALF_B, -1, 8)
	FL_AND_ROL (HALF_B, -1, 8)
	addq $(-1)*8*32, KEY
	jmp .Ldec64_group
.Ldec64_last:
	KXOR_HALF (-1, 7, HALF_B)
	TRANSPOSE_OUT
	ret
	CFI_ENDPROC ()
ELF (.size camellia_gfni_avx512_dec64, . - camellia_gfni_avx512_dec64)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx N.  */
ENTRY (_bcry_camellia_gfni_avx512_enc_blk64)
	BY_COUNT (%rcx, LOAD64, %rdx)
	call camellia_gfni_avx512_enc64
	BY_COUNT (%rcx, STORE64, %rsi)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_enc_blk64)

ENTRY (_bcry_camellia_gfni_avx512_dec_blk64)
	BY_COUNT (%rcx, LOAD64, %rdx)
	call camellia_gfni_avx512_dec64
	BY_COUNT (%rcx, STORE64, %rsi)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_dec_blk64)

/* Row i of the blocks at SRC ^ the row at W, into V(i).  */
#define LOADX_A(i, src, w)                                              \
	vmovdqu64 i*64(src), V(i); vpxorq i*64(w), V(i), V(i)
#define LOADX_M(i, src, w)                                              \
	ZERO (i); IF_ROW (i, vmovdqu64 i*64(src), V(i){%k6}{z};         \
			  vpxorq i*64(w), V(i), V(i){%k6})
#define LOADX64_A(src, w) ROWS16 (LOADX_A, src, w)
#define LOADX64_M(src, w) ROWS16 (LOADX_M, src, w)
/* Out row i = V(i) ^ the row at W, V(i) keeping it (zero past N).  */
#define XSTORE_A(i, out, w)                                             \
	vpxorq i*64(w), V(i), V(i); vmovdqu64 V(i), i*64(out)
#define XSTORE_M(i, out, w)                                             \
	ROW_MASK (i); kortestb %k6, %k6; jz 76f;                        \
	vpxorq i*64(w), V(i), V(i){%k6}{z};                             \
	vmovdqu64 V(i), i*64(out){%k6}; jmp 77f;                        \
76:	ZERO (i); 77:
#define XSTORE64_A(out, w) ROWS16 (XSTORE_A, out, w)
#define XSTORE64_M(out, w) ROWS16 (XSTORE_M, out, w)

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

/* V0-V15 = the 64 counter blocks from the 128-bit big-endian counter
   at CTR.  */
#define CTR_BLOCKS64(ctr)                                               \
	vbroadcasti64x2 (ctr), V(16);                                   \
	BSWAP128 (V(16), V(16));                                        \
	vpaddq .Lcam_lanes(%rip), V(16), V(16);                         \
	vmovdqa64 .Lcam_step4(%rip), V(17);                             \
	CTR_ROWS (vpaddq, BSWAP128)
/* The 128-bit big-endian counter at C + N, T scratch: the low 64 bits
   do not wrap within a run.  */
#define CTR_ADVANCE(c, n, t)                                            \
	movq 8(c), t; bswapq t; addq n, t; bswapq t; movq t, 8(c)

/* The counter blocks straight in the transposed form, when the low 16
   bits of the counter do not wrap within the 64 blocks (the entry
   points check, in CAM_CTR_WRAPS): every byte but the two low ones is
   then the same in all blocks, a broadcast; the low one is the counter's
   plus the block number of each lane, and the next one the counter's
   plus one in the lanes where that wrapped.  The counters skip their
   rows and TRANSPOSE_IN: a 64-block CTR call through
   bcry_cipher_encrypt measured faster, below ECB (doc/HACKING,
   "Tuning notes").  */
#define CTR_LOW64(lo, hi, blo, bhi)                                     \
	vpbroadcastb blo, V(16);                                        \
	vpaddb .Lcam_ctr_lanes(%rip), V(16), lo;                        \
	vpcmpub $1, V(16), lo, %k1;                                     \
	vpbroadcastb bhi, hi;                                           \
	vpternlogd $0xff, V(17), V(17), V(17);                          \
	vpsubb V(17), hi, hi{%k1}
/* Bytes 2 to 13 of the counter at C, the same in every block of both
   forms below.  */
#define CTR_MIDDLE64(c)                                                 \
	vpbroadcastb 2(c), V(2); vpbroadcastb 3(c), V(3);               \
	vpbroadcastb 4(c), V(4); vpbroadcastb 5(c), V(5);               \
	vpbroadcastb 6(c), V(6); vpbroadcastb 7(c), V(7);               \
	vpbroadcastb 8(c), V(8); vpbroadcastb 9(c), V(9);               \
	vpbroadcastb 10(c), V(10); vpbroadcastb 11(c), V(11);           \
	vpbroadcastb 12(c), V(12); vpbroadcastb 13(c), V(13)
/* CTR's big-endian counter at C: bytes 15 and 14 vary.  */
#define CTR_SLICED64(c)                                                 \
	CTR_LOW64 (V(15), V(14), 15(c), 14(c));                         \
	vpbroadcastb 0(c), V(0); vpbroadcastb 1(c), V(1);               \
	CTR_MIDDLE64 (c)
/* GCM-SIV's, its first 32 bits little-endian: bytes 0 and 1 vary.  */
#define CTR32LE_SLICED64(c)                                             \
	CTR_LOW64 (V(0), V(1), 0(c), 1(c));                             \
	CTR_MIDDLE64 (c);                                               \
	vpbroadcastb 14(c), V(14); vpbroadcastb 15(c), V(15)

/* CTR: %rdi ctx, %rsi the 128-bit big-endian counter (advanced by N),
   %rdx out, %rcx in, %r8 N.  The low 64 bits of the counter do not
   wrap within these N blocks (the contract of ctr_enc kernels); the
   lanes past N count on regardless, and are not stored.  */
ENTRY (_bcry_camellia_gfni_avx512_ctr_enc_blk64)
	movq %r8, %r11
	movzwl 14(%rsi), %eax
	rolw $8, %ax
	CAM_CTR_WRAPS (%eax, 64, 1f)
	CTR_SLICED64 (%rsi)
	CTR_ADVANCE (%rsi, %r11, %rax)
	call .Lenc64_sliced
	BY_COUNT (%r11, XSTORE64, %rdx, %rcx)
	CLEAR_ALL
	ret
1:	CTR_BLOCKS64 (%rsi)
	CTR_ADVANCE (%rsi, %r11, %rax)
	call camellia_gfni_avx512_enc64
	BY_COUNT (%r11, XSTORE64, %rdx, %rcx)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_ctr_enc_blk64)

/* GCM-SIV's counter (RFC 8452): as CTR, the first 32 bits of %rsi a
   little-endian counter that wraps.  */
ENTRY (_bcry_camellia_gfni_avx512_ctr32le_enc_blk64)
	movq %r8, %r11
	movzwl (%rsi), %eax
	CAM_CTR_WRAPS (%eax, 64, 1f)
	CTR32LE_SLICED64 (%rsi)
	addl %r11d, (%rsi)
	call .Lenc64_sliced
	BY_COUNT (%r11, XSTORE64, %rdx, %rcx)
	CLEAR_ALL
	ret
1:	vbroadcasti64x2 (%rsi), V(16)
	vpaddd .Lcam_lanes(%rip), V(16), V(16)
	vmovdqa64 .Lcam_step4(%rip), V(17)
	CTR_ROWS (vpaddd, COPY)
	addl %r11d, (%rsi)
	call camellia_gfni_avx512_enc64
	BY_COUNT (%r11, XSTORE64, %rdx, %rcx)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_ctr32le_enc_blk64)

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 N.  The keystream is E(IV, C_0 ...
   C_(N-2)): the rows are read from 16 bytes before IN, row 0's first
   block masked off and replaced by the IV.  */
#define PREV_A(i, in) vmovdqu64 i*64-16(in), V(i)
#define PREV_M(i, in)                                                   \
	ZERO (i); IF_ROW (i, vmovdqu64 i*64-16(in), V(i){%k6}{z})
/* V(i) = the row of blocks one before row i at IN, row 0 the IV at
   %rsi, then IN's first three blocks: the 16 bytes before IN are not
   read, not even masked out, as they may be on a page not mapped.  */
#define ROW0_PREV(r, t)                                                 \
	vbroadcasti32x4 (%rsi), r; valignq $6, r, t, r
#define PREV64_A(in)                                                    \
	vmovdqu64 (in), V(16); ROW0_PREV (V(0), V(16));                 \
	PREV_A (1, in); PREV_A (2, in); PREV_A (3, in); PREV_A (4, in); \
	PREV_A (5, in); PREV_A (6, in); PREV_A (7, in); PREV_A (8, in); \
	PREV_A (9, in); PREV_A (10, in); PREV_A (11, in);               \
	PREV_A (12, in); PREV_A (13, in); PREV_A (14, in);              \
	PREV_A (15, in)
#define PREV64_M(in)                                                    \
	ROW_MASK (0); vmovdqu64 (in), V(16){%k6}{z};                    \
	ROW0_PREV (V(0), V(16));                                        \
	PREV_M (1, in); PREV_M (2, in); PREV_M (3, in); PREV_M (4, in); \
	PREV_M (5, in); PREV_M (6, in); PREV_M (7, in); PREV_M (8, in); \
	PREV_M (9, in); PREV_M (10, in); PREV_M (11, in);               \
	PREV_M (12, in); PREV_M (13, in); PREV_M (14, in);              \
	PREV_M (15, in)
ENTRY (_bcry_camellia_gfni_avx512_cfb_dec_blk64)
	movq %r8, %r11
	BY_COUNT (%r11, PREV64, %rcx)
	movq %r11, %rax
	shlq $4, %rax
	vmovdqu64 -16(%rcx, %rax), %xmm16
	vmovdqu64 %xmm16, (%rsi)
	call camellia_gfni_avx512_enc64
	BY_COUNT (%r11, XSTORE64, %rdx, %rcx)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_cfb_dec_blk64)

/* A frame of 64 blocks at %rsp, 64-byte aligned, %rbp the frame
   pointer; FRAME_LEAVE wipes it.  */
#define FRAME_ENTER                                                     \
	pushq %rbp;                                                     \
	.cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;              \
	movq %rsp, %rbp;                                                \
	.cfi_def_cfa_register %rbp;                                     \
	subq $1024, %rsp;                                               \
	andq $-64, %rsp
#define WIPE_ROW(i) vmovdqa64 V(0), i*64(%rsp)
#define FRAME_LEAVE                                                     \
	vpxord %xmm0, %xmm0, %xmm0;                                     \
	WIPE_ROW (0); WIPE_ROW (1); WIPE_ROW (2); WIPE_ROW (3);         \
	WIPE_ROW (4); WIPE_ROW (5); WIPE_ROW (6); WIPE_ROW (7);         \
	WIPE_ROW (8); WIPE_ROW (9); WIPE_ROW (10); WIPE_ROW (11);       \
	WIPE_ROW (12); WIPE_ROW (13); WIPE_ROW (14); WIPE_ROW (15);     \
	movq %rbp, %rsp;                                                \
	popq %rbp;                                                      \
	.cfi_def_cfa %rsp, 8; .cfi_restore %rbp

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 N.  Each row is xored with the
   ciphertext 16 bytes before it; row 0's first block, masked off, is
   the IV.  The rows go out last first, so that in place each is read
   before the row below overwrites it.  */
#define CBC_A(i, unused)                                                \
	vpxorq i*64-16(%rcx), V(i), V(i); vmovdqu64 V(i), i*64(%rdx)
#define CBC_M(i, unused)                                                \
	IF_ROW (i, vpxorq i*64-16(%rcx), V(i), V(i){%k6};               \
		vmovdqu64 V(i), i*64(%rdx){%k6})
/* Rows 15 down to 1, then row 0 with V16, its blocks before.  */
#define CBC_ROWS(m)                                                     \
	m (15, ); m (14, ); m (13, ); m (12, ); m (11, ); m (10, );     \
	m (9, ); m (8, ); m (7, ); m (6, ); m (5, ); m (4, ); m (3, );  \
	m (2, ); m (1, )
#define CBC64_A(unused)                                                 \
	vmovdqu64 (%rcx), V(18); ROW0_PREV (V(16), V(18));              \
	CBC_ROWS (CBC_A);                                               \
	vpxorq V(16), V(0), V(0); vmovdqu64 V(0), (%rdx)
#define CBC64_M(unused)                                                 \
	ROW_MASK (0); vmovdqu64 (%rcx), V(18){%k6}{z};                  \
	ROW0_PREV (V(16), V(18));                                       \
	CBC_ROWS (CBC_M);                                               \
	ROW_MASK (0); vpxorq V(16), V(0), V(0);                         \
	vmovdqu64 V(0), (%rdx){%k6}
ENTRY (_bcry_camellia_gfni_avx512_cbc_dec_blk64)
	movq %r8, %r11
	BY_COUNT (%r11, LOAD64, %rcx)
	call camellia_gfni_avx512_dec64
	movq %r11, %rax
	shlq $4, %rax
	vmovdqu64 -16(%rcx, %rax), %xmm17
	BY_COUNT (%r11, CBC64, )
	vmovdqu64 %xmm17, (%rsi)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_cbc_dec_blk64)

/* XTS (IEEE 1619-2007): D = S * x^k in GF(2^128), the tweak's
   little-endian order, in each 128-bit lane, with SHR = 64 - k and SHL
   = k given to SRL and SLL: the bits shifted out of the low quadword go
   into the high one, those out of the high one fold back times x^7 +
   x^2 + x + 1 (VPCLMULQDQ on V20), which for k <= 56 stays within the
   low quadword.  D may be S; V21, V22 scratch.  */
#define GF_MULX(srl, sll, s, d)                                         \
	srl, s, V(21); sll, s, d;                                       \
	vpclmulqdq $0x01, V(20), V(21), V(22);                          \
	vpslldq $8, V(21), V(21);                                       \
	vpternlogq $XOR3, V(22), V(21), d
#define MULXK(k, s, d) GF_MULX (vpsrlq $(64-(k)), vpsllq $(k), s, d)
/* The tweaks of the 64 blocks from T at %rsi, row i to OP (i, row):
   rows 0-3 (V16-V19) are T * x^j for lane j, times 1, x^4, x^8, x^12;
   each later row one of them times x^16, x^32 or x^48 (in V23), so the
   rows do not wait on one another.  */
#define XTS_ROW(i, k, s, op) MULXK (k, s, V(23)); op (i, V(23))
#define XTS_TWEAKS(op)                                                  \
	vmovdqa64 .Lcam_xts_poly(%rip), V(20);                          \
	vbroadcasti64x2 (%rsi), V(16);                                  \
	GF_MULX (vpsrlvq .Lcam_xts_shr(%rip), vpsllvq .Lcam_xts_shl(%rip), \
		 V(16), V(16));                                         \
	op (0, V(16));                                                  \
	MULXK (4, V(16), V(17)); op (1, V(17));                         \
	MULXK (8, V(16), V(18)); op (2, V(18));                         \
	MULXK (12, V(16), V(19)); op (3, V(19));                        \
	XTS_ROW (4, 16, V(16), op); XTS_ROW (5, 16, V(17), op);         \
	XTS_ROW (6, 16, V(18), op); XTS_ROW (7, 16, V(19), op);         \
	XTS_ROW (8, 32, V(16), op); XTS_ROW (9, 32, V(17), op);         \
	XTS_ROW (10, 32, V(18), op); XTS_ROW (11, 32, V(19), op);       \
	XTS_ROW (12, 48, V(16), op); XTS_ROW (13, 48, V(17), op);       \
	XTS_ROW (14, 48, V(18), op); XTS_ROW (15, 48, V(19), op)
/* Into the frame and xored with the input's row i.  */
#define XTS_IN_A(i, tw) vmovdqa64 tw, i*64(%rsp); vpxorq i*64(%rcx), tw, V(i)
#define XTS_IN_M(i, tw)                                                 \
	vmovdqa64 tw, i*64(%rsp); ZERO (i);                             \
	IF_ROW (i, vpxorq i*64(%rcx), tw, V(i){%k6}{z})
#define XTS64_A(unused) XTS_TWEAKS (XTS_IN_A)
#define XTS64_M(unused) XTS_TWEAKS (XTS_IN_M)

/* XTS: %rdi ctx, %rsi the tweak T (advanced to T * x^N), %rdx out,
   %rcx in, %r8 N, %r9d nonzero to encrypt.  T * x^64 = T_hi * (x^7 +
   x^2 + x + 1) + T_lo * x^64 needs no second fold; for fewer blocks,
   T * x^N is the tweak of block N, in the frame.  */
ENTRY (_bcry_camellia_gfni_avx512_xts_crypt_blk64)
	movq %r8, %r11
	FRAME_ENTER
	BY_COUNT (%r11, XTS64, )
	cmpq $64, %r11
	jb 1f
	vpclmulqdq $0x01, %xmm20, %xmm16, %xmm21
	vpslldq $8, %xmm16, %xmm22
	vpxorq %xmm21, %xmm22, %xmm21
	jmp 2f
1:	movq %r11, %rax
	shlq $4, %rax
	vmovdqu64 (%rsp, %rax), %xmm21
2:	vmovdqu64 %xmm21, (%rsi)
	testl %r9d, %r9d
	jz .Lxts_dec
	call camellia_gfni_avx512_enc64
	jmp .Lxts_out
.Lxts_dec:
	call camellia_gfni_avx512_dec64
.Lxts_out:
	BY_COUNT (%r11, XSTORE64, %rdx, %rsp)
	FRAME_LEAVE
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_xts_crypt_blk64)

/* GCM (NIST SP 800-38D): GHASH16 shifts %edx right by one and, if the
   bit that falls off is set, has the ghash_state_t at %rsi absorb the
   sixteen blocks at %rax (ghash-vpclmul-amd64.h) and advances %rax.  It
   runs between two rounds, where V16-V26 are free, so the hash goes
   through memory from one group to the next.  */
#define GHASH16                                                         \
	shrl $1, %edx;                                                  \
	jnc 7f;                                                         \
	GHASH_ZMM16 (%rsi, %rax, GHASH_STATE_Y(%rsi),                   \
		     16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26);       \
	addq $256, %rax;                                                \
7:

/* Local: as camellia_gfni_avx512_enc64, with a GHASH16 slot after
   every third round, the slots taken picked by the bits of %edx.  */
.align 16
camellia_gfni_avx512_enc64_ghash:
	CFI_STARTPROC ()
	TRANSPOSE_IN
.Lenc64gh_sliced:
	SBOX_MATRICES
	CAMELLIA_GROUPS (1, .Lenc64gh)
	KXOR_HALF (1, 0, HALF_A)
.align 16
.Lenc64gh_group:
	ROUND (HALF_A, HALF_B, 1, 1)
	ROUND (HALF_B, HALF_A, 1, 2)
	ROUND (HALF_A, HALF_B, 1, 3)
	GHASH16
	ROUND (HALF_B, HALF_A, 1, 4)
	ROUND (HALF_A, HALF_B, 1, 5)
	ROUND (HALF_B, HALF_A, 1, 6)
	GHASH16
	subl $1, NGROUPS
	jz .Lenc64gh_last
	FL_AND_ROL (HALF_A, 1, 7)
	FL_OR (HALF_A, 1, 7)
	FL_OR (HALF_B, 1, 8)
	FL_AND_ROL (HALF_B, 1, 8)
	addq $(1)*8*32, KEY
	jmp .Lenc64gh_group
.Lenc64gh_last:
	KXOR_HALF (1, 7, HALF_B)
	TRANSPOSE_OUT
	ret
	CFI_ENDPROC ()
ELF (.size camellia_gfni_avx512_enc64_ghash,
     . - camellia_gfni_avx512_enc64_ghash)

/* GCM's CTR and GHASH in one pass: %rdi ctx, %rsi the ghash_state_t,
   %rdx the counter (as for CTR), %rcx out, %r8 in, %r9 the N blocks to
   hash, which may be IN (decryption, in place too: they are hashed
   before OUT is written) or, when encrypting, the output of the
   previous call, or NULL for CTR alone, and N on the stack.  */
/* Four of the six slots of Camellia-128, rounds 3, 6, 12 and 15,
   and every other of the eight of Camellia-256: spread out, they
   measured faster than the first four for Camellia-256
   (doc/HACKING, "Tuning notes").  No
   slot at all for CTR alone.  Then the cipher from F.  */
#define GCM_SLOTS_CALL(f)                                               \
	movl $0x1b, %edx;                                               \
	movl $0x55, %r10d;                                              \
	cmpl $18, 256(%rdi);                                            \
	cmovnel %r10d, %edx;                                            \
	xorl %r10d, %r10d;                                              \
	testq %r9, %r9;                                                 \
	cmovzl %r10d, %edx;                                             \
	call f;                                                         \
	XSTORE64_A (%rcx, %r11);                                        \
	CLEAR_ALL;                                                      \
	ret
/* Fewer than 64 blocks: the hash first, then the CTR kernel.  Its
   groups of 16 go through GHASH_ZMM16 in turn; the last K < 16 blocks
   are copied to the end of a zeroed frame of 16, the hash so far xored
   into the first of them (GHASH_ZMM16 then adds the frame's first
   block, zero, instead), which multiplies each by its power H^K ...
   H^1.  The frame holds only ciphertext and the hash, and is wiped.  */
ENTRY (_bcry_camellia_gfni_avx512_gcm_crypt_blk64)
	movq 8(%rsp), %r11
	cmpq $64, %r11
	jb .Lgcm_part
	movq %r8, %r11
	movq %r9, %rax
	movzwl 14(%rdx), %r10d
	rolw $8, %r10w
	CAM_CTR_WRAPS (%r10d, 64, 1f)
	CTR_SLICED64 (%rdx)
	CTR_ADVANCE (%rdx, $64, %r10)
	GCM_SLOTS_CALL (.Lenc64gh_sliced)
1:	CTR_BLOCKS64 (%rdx)
	CTR_ADVANCE (%rdx, $64, %r10)
	GCM_SLOTS_CALL (camellia_gfni_avx512_enc64_ghash)
.Lgcm_part:
	testq %r9, %r9
	jz .Lgcm_ctr
	pushq %rbp
	.cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	subq $256, %rsp
	andq $-64, %rsp
	movq %r9, %rax
	movq %r11, %r10
	shrq $4, %r10
	jz 2f
1:	GHASH_ZMM16 (%rsi, %rax, GHASH_STATE_Y(%rsi),
		     16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26)
	addq $256, %rax
	subq $1, %r10
	jnz 1b
2:	movl %r11d, %r10d
	andl $15, %r10d
	jz 4f
	vpxord %xmm16, %xmm16, %xmm16
	vmovdqa64 %zmm16, 0(%rsp); vmovdqa64 %zmm16, 64(%rsp)
	vmovdqa64 %zmm16, 128(%rsp); vmovdqa64 %zmm16, 192(%rsp)
	movl $16, %r9d
	subl %r10d, %r9d
	shll $4, %r9d
	addq %rsp, %r9
	vmovdqu64 GHASH_STATE_Y(%rsi), %xmm17
3:	vpxorq (%rax), %xmm17, %xmm16
	vmovdqu64 %xmm16, (%r9)
	vpxord %xmm17, %xmm17, %xmm17
	addq $16, %rax
	addq $16, %r9
	subl $1, %r10d
	jnz 3b
	GHASH_ZMM16 (%rsi, %rsp, 0(%rsp),
		     16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26)
	vpxord %xmm16, %xmm16, %xmm16
	vmovdqa64 %zmm16, 0(%rsp); vmovdqa64 %zmm16, 64(%rsp)
	vmovdqa64 %zmm16, 128(%rsp); vmovdqa64 %zmm16, 192(%rsp)
4:	movq %rbp, %rsp
	popq %rbp
	.cfi_def_cfa %rsp, 8; .cfi_restore %rbp
.Lgcm_ctr:
	movq %rdx, %rsi
	movq %rcx, %rdx
	movq %r8, %rcx
	movq %r11, %r8
	jmp _bcry_camellia_gfni_avx512_ctr_enc_blk64
END (_bcry_camellia_gfni_avx512_gcm_crypt_blk64)

/* OCB (RFC 7253): Offset_n = Offset_(n-1) ^ L_ntz(n).  Of four
   consecutive block numbers two are odd (L_0), one is 2 mod 4 (L_1)
   and one, m, a multiple of 4 (L_x, x = ntz (m)), so a row of four
   offsets is the offset before the row, O, xored with L_0 and L_1 in
   lanes that depend only on blkn mod 4 (KC, V17) and with L_x in the
   lanes from m's on (%k3), and the next row's O is O ^ L_1 ^ L_x.  Only
   x needs the block number (BSF); it is public, as are the addresses
   it selects in L.  OCB_SETUP reads the state at %rsi (its layout
   checked in cipher/camellia.c): %rax L, %r8 m - 4 of row 0, V16
   L_1 in each lane, V18 O ^ KC; clobbers %r9, %r10, %k1-%k3.  */
#define OCB_SETUP                                                       \
	movq OCB_STATE_L(%rsi), %rax; movq OCB_STATE_BLKN(%rsi), %r8;                        \
	movl %r8d, %r10d; andl $3, %r10d;                               \
	leaq .Lcam_ocb_masks(%rip), %r9;                                \
	kmovb (%r9, %r10, 4), %k1; kmovb 1(%r9, %r10, 4), %k2;          \
	kmovb 2(%r9, %r10, 4), %k3;                                     \
	andq $-4, %r8;                                                  \
	vbroadcasti64x2 16(%rax), V(16);                                \
	vbroadcasti64x2 (%rax), V(17){%k1}{z};                          \
	vpxorq V(16), V(17), V(17){%k2};                                \
	vbroadcasti64x2 OCB_STATE_OFFSET(%rsi), V(18);                                \
	vpxorq V(17), V(18), V(18)
/* V(i) ^= the offsets of row i, with OP (i) in between: V19 L_x,
   V20 L_x in the lanes %k3, V21 the offsets.  */
#define OCB_ROW(i, op)                                                  \
	addq $4, %r8; bsfq %r8, %r10; shlq $4, %r10;                    \
	vbroadcasti64x2 (%rax, %r10), V(19);                            \
	vbroadcasti64x2 (%rax, %r10), V(20){%k3}{z};                    \
	vpxorq V(18), V(20), V(21); op (i);                             \
	vpxorq V(21), V(i), V(i);                                       \
	vpternlogq $XOR3, V(16), V(19), V(18)
#define OCB_NOP(i)
#define OCB_STAGE(i) vmovdqa64 V(21), i*64(%rsp)
#define OCB_WHITEN(op)                                                  \
	OCB_SETUP;                                                      \
	OCB_ROW (0, op); OCB_ROW (1, op); OCB_ROW (2, op);              \
	OCB_ROW (3, op); OCB_ROW (4, op); OCB_ROW (5, op);              \
	OCB_ROW (6, op); OCB_ROW (7, op); OCB_ROW (8, op);              \
	OCB_ROW (9, op); OCB_ROW (10, op); OCB_ROW (11, op);            \
	OCB_ROW (12, op); OCB_ROW (13, op); OCB_ROW (14, op);           \
	OCB_ROW (15, op)
/* After OCB_WHITEN: the state's offset = that of block blkn + 64,
   blkn += 64.  */
#define OCB_ADVANCE                                                     \
	vpxorq %xmm17, %xmm18, %xmm18; vmovdqu64 %xmm18, OCB_STATE_OFFSET(%rsi);        \
	addq $64, OCB_STATE_BLKN(%rsi)
/* The 16 bytes at M ^= the 64 blocks in V0-V15.  */
#define SUM64_OUT(m)                                                    \
	vpxorq V(0), V(1), V(21);                                       \
	vpternlogq $XOR3, V(2), V(3), V(21);                            \
	vpternlogq $XOR3, V(4), V(5), V(21);                            \
	vpternlogq $XOR3, V(6), V(7), V(21);                            \
	vpternlogq $XOR3, V(8), V(9), V(21);                            \
	vpternlogq $XOR3, V(10), V(11), V(21);                          \
	vpternlogq $XOR3, V(12), V(13), V(21);                          \
	vpternlogq $XOR3, V(14), V(15), V(21);                          \
	vextracti64x4 $1, V(21), %ymm22; vpxorq %ymm22, %ymm21, %ymm21; \
	vextracti32x4 $1, %ymm21, %xmm22;                               \
	vpternlogq $XOR3, m, %xmm22, %xmm21; vmovdqu64 %xmm21, m
#define OCB_CLEAR_MASKS                                                 \
	kxorb %k1, %k1, %k1; kxorb %k2, %k2, %k2; kxorb %k3, %k3, %k3

/* After OCB_WHITEN (OCB_STAGE), for N (a register) blocks: the state's
   offset = that of its block blkn + N, staged in the frame when N < 64,
   blkn += N.  */
#define OCB_ADVANCE_N(n)                                                \
	cmpq $64, n;                                                    \
	jb 8f;                                                          \
	OCB_ADVANCE;                                                    \
	jmp 9f;                                                         \
8:	movq n, %rax; shlq $4, %rax;                                    \
	vmovdqu64 -16(%rsp, %rax), %xmm18;                              \
	vmovdqu64 %xmm18, OCB_STATE_OFFSET(%rsi);                       \
	addq n, OCB_STATE_BLKN(%rsi);                                   \
9:

/* OCB: %rdi ctx, %rsi the bulk_ocb_state_t, %rdx out, %rcx in, %r8
   N, %r9d nonzero to encrypt.  The checksum is over the plaintext: the
   input when encrypting, added before the cipher runs, the output when
   decrypting; the lanes past N are zero in both.  */
ENTRY (_bcry_camellia_gfni_avx512_ocb_crypt_blk64)
	FRAME_ENTER
	movl %r9d, %r11d
	BY_COUNT (%r8, LOAD64, %rcx)
	movq %r8, %rcx
	testl %r11d, %r11d
	jz .Locb_in
	SUM64_OUT (OCB_STATE_CHECKSUM(%rsi))
.Locb_in:
	OCB_WHITEN (OCB_STAGE)
	OCB_ADVANCE_N (%rcx)
	testl %r11d, %r11d
	jz .Locb_dec
	call camellia_gfni_avx512_enc64
	jmp .Locb_out
.Locb_dec:
	call camellia_gfni_avx512_dec64
.Locb_out:
	BY_COUNT (%rcx, XSTORE64, %rdx, %rsp)
	testl %r11d, %r11d
	jnz .Locb_done
	SUM64_OUT (OCB_STATE_CHECKSUM(%rsi))
.Locb_done:
	FRAME_LEAVE
	OCB_CLEAR_MASKS
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_ocb_crypt_blk64)

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the bulk_ocb_state_t (its
   checksum the sum), %rdx the data, %rcx N.  With fewer than 64 blocks
   the offset moves on a block at a time (BSF: block numbers are public,
   and so are the addresses in L they select), and the lanes past N,
   whitened with offsets of their own, are cleared before the sum.  */
ENTRY (_bcry_camellia_gfni_avx512_ocb_auth_blk64)
	BY_COUNT (%rcx, LOAD64, %rdx)
	OCB_WHITEN (OCB_NOP)
	cmpq $64, %rcx
	jb 1f
	OCB_ADVANCE
	call camellia_gfni_avx512_enc64
	jmp 3f
1:	vmovdqu64 OCB_STATE_OFFSET(%rsi), %xmm18
	movq OCB_STATE_BLKN(%rsi), %r8
	movq %rcx, %r9
2:	addq $1, %r8
	xorl %r10d, %r10d
	bsfq %r8, %r10
	shlq $4, %r10
	vpxorq (%rax, %r10), %xmm18, %xmm18
	subq $1, %r9
	jnz 2b
	vmovdqu64 %xmm18, OCB_STATE_OFFSET(%rsi)
	movq %r8, OCB_STATE_BLKN(%rsi)
	call camellia_gfni_avx512_enc64
	SET_NB (%rcx)
	ZERO64
3:	SUM64_OUT (OCB_STATE_CHECKSUM(%rsi))
	OCB_CLEAR_MASKS
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_ocb_auth_blk64)

/* OUT = E(IN ^ W) ^ W (XTS, OCB), or E(IN ^ W) when bit 1 of FLAGS is
   set (OCB's HASH); bit 0 selects encryption (BULK_WHITEN_* of
   cipher-proto.h).  %rdi ctx, %rsi out, %rdx in, %rcx the N whitening
   blocks, %r8 N, %r9d FLAGS.  */
ENTRY (_bcry_camellia_gfni_avx512_whiten_blk64)
	movl %r9d, %r11d
	movq %r8, %rax
	BY_COUNT (%rax, LOADX64, %rdx, %rcx)
	testl $1, %r11d
	jz .Lwhiten_dec
	call camellia_gfni_avx512_enc64
	jmp .Lwhiten_store
.Lwhiten_dec:
	call camellia_gfni_avx512_dec64
.Lwhiten_store:
	testl $2, %r11d
	jnz .Lwhiten_plain
	BY_COUNT (%rax, XSTORE64, %rsi, %rcx)
	CLEAR_ALL
	ret
.Lwhiten_plain:
	BY_COUNT (%rax, STORE64, %rsi)
	CLEAR_ALL
	ret
END (_bcry_camellia_gfni_avx512_whiten_blk64)

#endif /* USE_CAMELLIA_GFNI_AVX512 */

GNU_STACK_NOTE
