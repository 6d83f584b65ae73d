/* serpent-avx2-amd64.S - Serpent on sixteen or twenty-four blocks at
 * once with AVX2
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The word-sliced Serpent of serpent-simd-amd64.h (see there for the
 * layout and the S-box circuits) in YMM registers: each 128-bit lane is
 * transposed on its own (AVX2 unpacks stay within lanes), so register j
 * of a set holds word j of eight blocks, and two sets (blocks 0-7 in
 * RA*, 8-15 in RB*) are interleaved; the twenty-four-block kernels
 * interleave three sets.  Every entry point takes 1 to its width in
 * blocks (shorter runs through the bounce buffer of the template) and
 * ends with VZEROALL, which both clears the registers that held key
 * material or data and leaves the upper halves clean for SSE code, as
 * VZEROUPPER would.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_SERPENT_AVX2

#define V(n) %ymm##n
#define SERPENT_VEX 1
#define VBCAST(m, r) vpbroadcastd m, r

#include "serpent-simd-amd64.h"

/* Register K of the eight holds blocks 2K and 2K + 1.  */
#define PAIR0 RA0
#define PAIR1 RA1
#define PAIR2 RA2
#define PAIR3 RA3
#define PAIR4 RB0
#define PAIR5 RB1
#define PAIR6 RB2
#define PAIR7 RB3

.text

/* The callers keep state in %ymm14 and %ymm15 across these.  */
SERPENT_ENC_FN (serpent_avx2_enc16, .Lenc16)
SERPENT_DEC_FN (serpent_avx2_dec16, .Ldec16)

/* The sixteen-block entry points: the shared AVX2 mode glue, whose
   scratch registers and OCB set-up are the same registers under its
   own names.  */
#undef RK
#undef RT
#undef RU
#undef OCB_L_BEGIN
#define MODES_NAME(mode) _bcry_serpent_avx2_##mode##_blk16
#define MODES_ENC16 serpent_avx2_enc16
#define MODES_DEC16 serpent_avx2_dec16
#include "simd-modes-avx2-amd64.h"

/* The twenty-four-block kernels: three sets of eight blocks, five slots
   each (RA* in %ymm0-%ymm4, RB* in %ymm5-%ymm9, RC* in %ymm10-%ymm14),
   and %ymm15 for the round keys.  Every vector operation has two cycles
   of latency on the cores this is for, so two sets leave the ALUs idle
   while their chains of dependent gates run; a third fills them
   (doc/HACKING, "Tuning notes").  To fit sixteen registers the
   transposes run set by set with RK as their second scratch, and the
   rotated key words of LTK and LTIK are rotated in %r10d and then
   broadcast.  The entry points redo the ones above with these
   registers, and a whitened pass serves XTS and OCB
   (cipher/bulkhelp.c).  */
#undef RA0
#undef RA1
#undef RA2
#undef RA3
#undef RA4
#undef RA5
#undef RB0
#undef RB1
#undef RB2
#undef RB3
#undef RB4
#undef RB5
#undef RK
#undef RT
#undef RU
#undef RTx
#undef RUx
#define RA0 %ymm0
#define RA1 %ymm1
#define RA2 %ymm2
#define RA3 %ymm3
#define RA4 %ymm4
#define RB0 %ymm5
#define RB1 %ymm6
#define RB2 %ymm7
#define RB3 %ymm8
#define RB4 %ymm9
#define RC0 %ymm10
#define RC1 %ymm11
#define RC2 %ymm12
#define RC3 %ymm13
#define RC4 %ymm14
#define RK %ymm15
#define RKx %xmm15
/* LTK and LTIK pass RT where they mean a second key register.  */
#define RT RK

#undef OP3C
#undef OP3N
#undef OPI
#undef MOV
#define OP3C(op, a, b, d)                                               \
	v##op RA##b, RA##a, RA##d; v##op RB##b, RB##a, RB##d;           \
	v##op RC##b, RC##a, RC##d
#define OP3N(op, a, b, d) OP3C (op, a, b, d)
#define OPI(op, n, s, d)                                                \
	v##op $(n), RA##s, RA##d; v##op $(n), RB##s, RB##d;             \
	v##op $(n), RC##s, RC##d
#define MOV(s, d) vmovdqa RA##s, RA##d; vmovdqa RB##s, RB##d; vmovdqa RC##s, RC##d

#undef KXW
#undef KX
#undef KROL
#undef KXR
#define KXW(r, j, x, k)                                                 \
	VBCAST (16*r+4*j(RKEY), RK);                                    \
	vpxor RK, RA##x, RA##x; vpxor RK, RB##x, RB##x; vpxor RK, RC##x, RC##x
#define KX(r, x0, x1, x2, x3)                                           \
	KXW (r, 0, x0, RK); KXW (r, 1, x1, RK);                         \
	KXW (r, 2, x2, RK); KXW (r, 3, x3, RK)
#define KROL(r, j, n)                                                   \
	movl 16*r+4*j(RKEY), %r10d; roll $(n), %r10d;                   \
	vmovd %r10d, RKx; vpbroadcastd RKx, RK
#define KXR(s, d)                                                       \
	vpxor RK, RA##s, RA##d; vpxor RK, RB##s, RB##d; vpxor RK, RC##s, RC##d

#undef TRANSPOSE
#define TRANSPOSE1(R, x0, x1, x2, x3, t0)                               \
	vpunpckldq R##x1, R##x0, R##t0; vpunpckhdq R##x1, R##x0, R##x0; \
	vpunpckldq R##x3, R##x2, RK; vpunpckhdq R##x3, R##x2, R##x2;    \
	vpunpckhqdq RK, R##t0, R##x1; vpunpcklqdq RK, R##t0, R##t0;     \
	vpunpckhqdq R##x2, R##x0, R##x3; vpunpcklqdq R##x2, R##x0, R##x2; \
	vmovdqa R##t0, R##x0
#define TRANSPOSE(x0, x1, x2, x3, t0, t1)                               \
	TRANSPOSE1 (RA, x0, x1, x2, x3, t0);                            \
	TRANSPOSE1 (RB, x0, x1, x2, x3, t0);                            \
	TRANSPOSE1 (RC, x0, x1, x2, x3, t0)

/* Register K of the twelve holds blocks 2K and 2K + 1.  */
#define Q0 RA0
#define Q1 RA1
#define Q2 RA2
#define Q3 RA3
#define Q4 RB0
#define Q5 RB1
#define Q6 RB2
#define Q7 RB3
#define Q8 RC0
#define Q9 RC1
#define Q10 RC2
#define Q11 RC3
/* Free outside the rounds.  */
#define RX RA4
#define RXx %xmm4
#define RY RB4
#define RYx %xmm9

#define EACH24(op)                                                      \
	op (0, Q0); op (1, Q1); op (2, Q2); op (3, Q3); op (4, Q4);     \
	op (5, Q5); op (6, Q6); op (7, Q7); op (8, Q8); op (9, Q9);     \
	op (10, Q10); op (11, Q11)
#define LOAD24(k, q) vmovdqu k*32(%rcx), q
#define STORE24(k, q) vmovdqu q, k*32(%rdx)
/* Out blocks 2K, 2K + 1 = those of register K ^ the 32 bytes at IN.  */
#define XOR_STORE24(k, q) vpxor k*32(%rcx), q, q; vmovdqu q, k*32(%rdx)

/* The rounds clobber every vector register, RKEY, %r10 and %r11.  */
SERPENT_ENC_FN (serpent_avx2_enc24, .Lenc24)
SERPENT_DEC_FN (serpent_avx2_dec24, .Ldec24)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count.  */
ENTRY (_bcry_serpent_avx2_enc_blk24)
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $24, %r8
	jb .Lenc24_part
.Lenc24_run:
	EACH24 (LOAD24)
	call serpent_avx2_enc24
	EACH24 (STORE24)
	vzeroall
	xorl %r10d, %r10d
	ret
.Lenc24_part:
	SERPENT_BOUNCE (24, .Lenc24_run, SERPENT_COPY_OUT)
END (_bcry_serpent_avx2_enc_blk24)

ENTRY (_bcry_serpent_avx2_dec_blk24)
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $24, %r8
	jb .Ldec24_part
.Ldec24_run:
	EACH24 (LOAD24)
	call serpent_avx2_dec24
	EACH24 (STORE24)
	vzeroall
	xorl %r10d, %r10d
	ret
.Ldec24_part:
	SERPENT_BOUNCE (24, .Ldec24_run, SERPENT_COPY_OUT)
END (_bcry_serpent_avx2_dec_blk24)

/* As CTR_BLOCK, CTR_PAIR and CTR_VPAIR, with RX and RY for RT and RU
   and RK for the step.  */
#define CTR24_PAIR(k, q)                                                \
	CTR_BLOCK (RXx); CTR_BLOCK (RYx); vinserti128 $1, RYx, RX, q
#define CTR24_VPAIR(k, q) vpshufb RY, RX, q; vpaddq RK, RX, RX

/* CTR: as _bcry_serpent_avx2_ctr_enc_blk16, on twenty-four blocks.  */
ENTRY (_bcry_serpent_avx2_ctr_enc_blk24)
	cmpq $24, %r8
	jb .Lctr24_part
.Lctr24_run:
	movq (%rsi), %rax
	movq 8(%rsi), %r9
	bswapq %rax
	bswapq %r9
	movq %rax, %r10
	movq %r9, %r11
	addq %r8, %r11
	adcq $0, %r10
	bswapq %r10
	bswapq %r11
	cmpq $-24, %r9
	jae .Lctr24_carry
	vbroadcasti128 .Lbswap128(%rip), RY
	vbroadcasti128 (%rsi), RX
	vpshufb RY, RX, RX
	vpaddq .Lctr_inc(%rip), RX, RX
	vbroadcasti128 .Lctr_step(%rip), RK
	EACH24 (CTR24_VPAIR)
	movq %r10, (%rsi)
	movq %r11, 8(%rsi)
	jmp .Lctr24_rounds
.Lctr24_carry:
	movq %r10, (%rsi)
	movq %r11, 8(%rsi)
	EACH24 (CTR24_PAIR)
.Lctr24_rounds:
	call serpent_avx2_enc24
	EACH24 (XOR_STORE24)
	vzeroall
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	ret
.Lctr24_part:
	SERPENT_BOUNCE (24, .Lctr24_run, SERPENT_COPY_OUT)
END (_bcry_serpent_avx2_ctr_enc_blk24)

/* Register K ^ ciphertext blocks 2K - 1 and 2K, stored.  */
#define IV_XOR_STORE24(k, q)                                            \
	vpxor (2*k-1)*16(%rcx), q, q; vmovdqu q, k*32(%rdx)

/* CBC decryption: as _bcry_serpent_avx2_cbc_dec_blk16, the next IV
   waiting in %r9 and %rax across the rounds.  */
ENTRY (_bcry_serpent_avx2_cbc_dec_blk24)
	cmpq $24, %r8
	jb .Lcbc24_part
.Lcbc24_run:
	EACH24 (LOAD24)
	movq %r8, %rax
	shlq $4, %rax
	movq -16(%rcx,%rax), %r9
	movq -8(%rcx,%rax), %rax
	call serpent_avx2_dec24
	IV_XOR_STORE24 (11, Q11); IV_XOR_STORE24 (10, Q10)
	IV_XOR_STORE24 (9, Q9); IV_XOR_STORE24 (8, Q8)
	IV_XOR_STORE24 (7, Q7); IV_XOR_STORE24 (6, Q6)
	IV_XOR_STORE24 (5, Q5); IV_XOR_STORE24 (4, Q4)
	IV_XOR_STORE24 (3, Q3); IV_XOR_STORE24 (2, Q2)
	IV_XOR_STORE24 (1, Q1)
	vmovdqu (%rsi), RXx
	vinserti128 $1, (%rcx), RX, RX
	vpxor RX, Q0, Q0
	vmovdqu Q0, (%rdx)
	movq %r9, (%rsi)
	movq %rax, 8(%rsi)
	vzeroall
	xorl %r10d, %r10d
	ret
.Lcbc24_part:
	SERPENT_BOUNCE (24, .Lcbc24_run, SERPENT_COPY_OUT)
END (_bcry_serpent_avx2_cbc_dec_blk24)

#define LOAD_PREV24(k, q) vmovdqu (2*k-1)*16(%rcx), q

/* CFB decryption: as _bcry_serpent_avx2_cfb_dec_blk16.  */
ENTRY (_bcry_serpent_avx2_cfb_dec_blk24)
	cmpq $24, %r8
	jb .Lcfb24_part
.Lcfb24_run:
	vmovdqu (%rsi), RXx
	vinserti128 $1, (%rcx), RX, Q0
	LOAD_PREV24 (1, Q1); LOAD_PREV24 (2, Q2); LOAD_PREV24 (3, Q3)
	LOAD_PREV24 (4, Q4); LOAD_PREV24 (5, Q5); LOAD_PREV24 (6, Q6)
	LOAD_PREV24 (7, Q7); LOAD_PREV24 (8, Q8); LOAD_PREV24 (9, Q9)
	LOAD_PREV24 (10, Q10); LOAD_PREV24 (11, Q11)
	movq %r8, %rax
	shlq $4, %rax
	vmovdqu -16(%rcx,%rax), RXx
	vmovdqu RXx, (%rsi)
	call serpent_avx2_enc24
	EACH24 (XOR_STORE24)
	vzeroall
	xorl %r10d, %r10d
	ret
.Lcfb24_part:
	SERPENT_BOUNCE (24, .Lcfb24_run, SERPENT_COPY_OUT)
END (_bcry_serpent_avx2_cfb_dec_blk24)

/* The whitened pass of XTS and OCB (bulk_whiten_fn_t,
   src/cipher-proto.h): %rdi ctx, %rsi out, %rdx in, %rcx W, %r8 the
   block count N, %r9d the flags, bit 0 BULK_WHITEN_ENCRYPT and bit 1
   BULK_WHITEN_ONCE.  A run shorter than 24 blocks loads and stores
   with VPMASKMOVQ, whose masked-out elements neither fault nor are
   stored, so that nothing past the N blocks of IN, W or OUT is
   touched; RN holds N in each qword and MASK24 makes RX the mask of
   register K's blocks.  A register without blocks (N <= 2K, N in
   %eax) is not loaded or stored at all: a masked-out element on a
   page not present or not writable (an untouched page past the
   buffer, a guard page) costs an assist to suppress the fault,
   hundreds of cycles or more on AMD Zen 5.  A register with one block
   still reaches 16 bytes past it, which costs that only when the data
   ends 16 bytes before such a page, in a buffer an odd number of
   blocks from its page's start.  */
#define RN RC4
#define RNx %xmm14
#define MASK24(k) vpcmpgtq .Lpair_index+32*k(%rip), RN, RX
#define IF_PAIR(k, ...) cmpl $(2*k), %eax; jbe 77f; __VA_ARGS__; 77:
#define WLOAD24(k, q) vmovdqu k*32(%rdx), q; vpxor k*32(%rcx), q, q
#define WSTORE24(k, q) vpxor k*32(%rcx), q, q; vmovdqu q, k*32(%rsi)
#define WSTORE_ONCE24(k, q) vmovdqu q, k*32(%rsi)
#define WLOAD24_PART(k, q)                                              \
	IF_PAIR (k, MASK24 (k); vpmaskmovq k*32(%rdx), RX, q;           \
		 vpmaskmovq k*32(%rcx), RX, RY; vpxor RY, q, q)
#define WSTORE24_PART(k, q)                                             \
	IF_PAIR (k, MASK24 (k); vpmaskmovq k*32(%rcx), RX, RY;          \
		 vpxor RY, q, q; vpmaskmovq q, RX, k*32(%rsi))
#define WSTORE_ONCE24_PART(k, q)                                        \
	IF_PAIR (k, MASK24 (k); vpmaskmovq q, RX, k*32(%rsi))

ENTRY (_bcry_serpent_avx2_whiten_blk24)
	movq %r8, %rax
	cmpq $24, %r8
	jb .Lwhiten24_part
	EACH24 (WLOAD24)
	testl $1, %r9d
	jz .Lwhiten24_dec
	call serpent_avx2_enc24
	jmp .Lwhiten24_store
.Lwhiten24_dec:
	call serpent_avx2_dec24
.Lwhiten24_store:
	testl $2, %r9d
	jnz .Lwhiten24_once
	EACH24 (WSTORE24)
	jmp .Lwhiten24_done
.Lwhiten24_once:
	EACH24 (WSTORE_ONCE24)
	jmp .Lwhiten24_done
.Lwhiten24_part:
	vmovq %r8, RNx
	vpbroadcastq RNx, RN
	EACH24 (WLOAD24_PART)
	testl $1, %r9d
	jz .Lwhiten24_part_dec
	call serpent_avx2_enc24
	jmp .Lwhiten24_part_store
.Lwhiten24_part_dec:
	call serpent_avx2_dec24
.Lwhiten24_part_store:
	vmovq %rax, RNx
	vpbroadcastq RNx, RN
	testl $2, %r9d
	jnz .Lwhiten24_part_once
	EACH24 (WSTORE24_PART)
	jmp .Lwhiten24_done
.Lwhiten24_part_once:
	EACH24 (WSTORE_ONCE24_PART)
.Lwhiten24_done:
	vzeroall
	xorl %r10d, %r10d
	ret
END (_bcry_serpent_avx2_whiten_blk24)

ELF (.section .rodata)
.align 32
/* Lane i: +i on the low qword, then +2 per pair.  */
.Lctr_inc:
	.quad 0, 0, 1, 0
.Lctr_step:
	.quad 2, 0
.Lbswap128:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* The blocks of register K, each index in two qwords, for MASK24.  */
.align 32
.Lpair_index:
	.quad 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7
	.quad 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15
	.quad 16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 21, 22, 22, 23, 23

#endif /* USE_SERPENT_AVX2 */

GNU_STACK_NOTE
