/* simd-modes-avx2-amd64.h - the mode entry points of sixteen-block
 * AVX2 kernels
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ECB, CTR, GCM-SIV's counter, CBC and CFB decryption, OCB and XTS
 * around a cipher's sixteen-block core, in the ABIs of
 * src/cipher-proto.h; the glue of serpent-avx2-amd64.S's sixteen-block
 * kernels, made a template as simd-modes-avx512-amd64.h is for
 * thirty-two blocks.  Two blocks a YMM register, pair K (blocks 2K and
 * 2K + 1) in PAIRK.  Every entry point takes 1 to 16 blocks, a shorter
 * run through a zero-padded bounce buffer on the stack, and ends with
 * VZEROALL, which clears the registers that held key material or data
 * and leaves the upper halves clean for SSE code.
 *
 * The including file defines, before including this one:
 *   PAIR0-PAIR7  only if its core takes the pairs elsewhere than in
 *                 %ymm0-%ymm7 (any registers but %ymm12-%ymm15)
 *   MODES_NAME(mode)  the symbol of MODE's entry point
 *   MODES_ENC16, MODES_DEC16  local functions that encrypt or decrypt
 *                 the sixteen blocks in PAIR0-PAIR7 in place, keeping
 *                 %rax, %rcx, %rdx, %rsi, %rdi, %r8, %r9, %r12, %r13,
 *                 %ymm14 and %ymm15
 */

#ifndef PAIR0
# define PAIR0 %ymm0
# define PAIR1 %ymm1
# define PAIR2 %ymm2
# define PAIR3 %ymm3
# define PAIR4 %ymm4
# define PAIR5 %ymm5
# define PAIR6 %ymm6
# define PAIR7 %ymm7
#endif
#define RK %ymm12
#define RT %ymm13
#define RU %ymm14
#define RTx %xmm13
#define RUx %xmm14

/* The kernels take 1 to 16 blocks.  After the register moves of its
   entry point every kernel has OUT in %rdx, IN in %rcx and the count N
   in %r8.  A full run goes straight to the body; a shorter one goes
   through MODES_BOUNCE, which copies the N blocks to a zero-padded
   stack buffer and calls the body on that, so the body reads and
   writes 16 blocks; the N blocks go back to OUT (with COPY, else
   nothing is written) and the buffer is wiped.  The chaining state each
   body leaves is that after N blocks, never 16.  Only the zero padding
   reaches OCB's checksum of the plaintext going in.  */
#define MODES_COPY_OUT                                                  \
	xorl %eax, %eax;                                                \
3:	vmovdqu (%rsp,%rax), RTx; vmovdqu RTx, (%r12,%rax);             \
	addq $16, %rax; cmpq %r13, %rax; jb 3b
#define MODES_NO_COPY_OUT

#define MODES_BOUNCE(w, body, copy)                                     \
	pushq %rbp; .cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;  \
	movq %rsp, %rbp; .cfi_def_cfa_register %rbp;                    \
	pushq %r12; .cfi_offset %r12, -24;                              \
	pushq %r13; .cfi_offset %r13, -32;                              \
	subq $(w)*16, %rsp; andq $-32, %rsp;                            \
	movq %rdx, %r12; movq %r8, %r13; shlq $4, %r13;                 \
	xorl %eax, %eax;                                                \
1:	vmovdqu (%rcx,%rax), RTx; vmovdqu RTx, (%rsp,%rax);             \
	addq $16, %rax; cmpq %r13, %rax; jb 1b;                         \
	vpxor RTx, RTx, RTx;                                            \
2:	vmovdqu RTx, (%rsp,%rax);                                       \
	addq $16, %rax; cmpq $(w)*16, %rax; jb 2b;                      \
	movq %rsp, %rcx; movq %rsp, %rdx;                               \
	call body;                                                      \
	copy;                                                           \
	vpxor RTx, RTx, RTx; xorl %eax, %eax;                           \
4:	vmovdqu RTx, (%rsp,%rax);                                       \
	addq $16, %rax; cmpq $(w)*16, %rax; jb 4b;                      \
	xorl %eax, %eax;                                                \
	leaq -16(%rbp), %rsp;                                           \
	popq %r13; .cfi_restore %r13;                                   \
	popq %r12; .cfi_restore %r12;                                   \
	popq %rbp; .cfi_def_cfa %rsp, 8; .cfi_restore %rbp;             \
	ret

#define OCB_L_BEGIN                                                     \
	movq OCB_STATE_BLKN(%rsi), %rax;                                \
	movq OCB_STATE_L(%rsi), %r9;                                    \
	leaq .Lmodes_zero_block(%rip), %r11

#define LOAD16(p)                                                       \
	vmovdqu 0*32(p), PAIR0; vmovdqu 1*32(p), PAIR1;                 \
	vmovdqu 2*32(p), PAIR2; vmovdqu 3*32(p), PAIR3;                 \
	vmovdqu 4*32(p), PAIR4; vmovdqu 5*32(p), PAIR5;                 \
	vmovdqu 6*32(p), PAIR6; vmovdqu 7*32(p), PAIR7

#define STORE16(p)                                                      \
	vmovdqu PAIR0, 0*32(p); vmovdqu PAIR1, 1*32(p);                 \
	vmovdqu PAIR2, 2*32(p); vmovdqu PAIR3, 3*32(p);                 \
	vmovdqu PAIR4, 4*32(p); vmovdqu PAIR5, 5*32(p);                 \
	vmovdqu PAIR6, 6*32(p); vmovdqu PAIR7, 7*32(p)

/* Out blocks 2K, 2K + 1 = those of pair K ^ the 32 bytes at SRC.  */
#define XOR_STORE(k, src, out)                                          \
	vpxor src, PAIR##k, PAIR##k; vmovdqu PAIR##k, k*32(out)

/* Out = the sixteen blocks ^ IN: CTR's and CFB's output.  */
#define XOR_STORE_IN16                                                  \
	XOR_STORE (0, 0*32(%rcx), %rdx); XOR_STORE (1, 1*32(%rcx), %rdx); \
	XOR_STORE (2, 2*32(%rcx), %rdx); XOR_STORE (3, 3*32(%rcx), %rdx); \
	XOR_STORE (4, 4*32(%rcx), %rdx); XOR_STORE (5, 5*32(%rcx), %rdx); \
	XOR_STORE (6, 6*32(%rcx), %rdx); XOR_STORE (7, 7*32(%rcx), %rdx)

.text

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count.  */
ENTRY (MODES_NAME (enc))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $16, %r8
	jb .Lmenc16_part
.Lmenc16_run:
	LOAD16 (%rcx)
	call MODES_ENC16
	STORE16 (%rdx)
	vzeroall
	ret
.Lmenc16_part:
	MODES_BOUNCE (16, .Lmenc16_run, MODES_COPY_OUT)
END (MODES_NAME (enc))

ENTRY (MODES_NAME (dec))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $16, %r8
	jb .Lmdec16_part
.Lmdec16_run:
	LOAD16 (%rcx)
	call MODES_DEC16
	STORE16 (%rdx)
	vzeroall
	ret
.Lmdec16_part:
	MODES_BOUNCE (16, .Lmdec16_run, MODES_COPY_OUT)
END (MODES_NAME (dec))

/* XMM register X = the 128-bit big-endian counter %rax:%r9 (high:low);
   then the counter plus one, with the carry into the high half.  */
#define CTR_BLOCK(x)                                                    \
	movq %rax, %r10; bswapq %r10; vmovq %r10, x;                    \
	movq %r9, %r11; bswapq %r11; vpinsrq $1, %r11, x, x;            \
	addq $1, %r9; adcq $0, %rax

#define CTR_PAIR(k)                                                     \
	CTR_BLOCK (RTx); CTR_BLOCK (RUx);                               \
	vinserti128 $1, RUx, RT, PAIR##k

/* Pair K from RT, the two counters little-endian, RU the byte
   reversal; then RT += RK, two.  */
#define CTR_VPAIR(k)                                                    \
	vpshufb RU, RT, PAIR##k; vpaddq RK, RT, RT

/* CTR: %rdi ctx, %rsi the counter (advanced by N), %rdx out, %rcx in,
   %r8 the block count N.  Unless the low half of the counter carries
   within the sixteen, the counters are vector additions on its
   byte-reversed copy, two per register; otherwise each is built in
   general registers.  */
ENTRY (MODES_NAME (ctr_enc))
	cmpq $16, %r8
	jb .Lctr16_part
.Lctr16_run:
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
	cmpq $-16, %r9
	jae .Lctr16_carry
	vbroadcasti128 .Lmodes_bswap128(%rip), RU
	vbroadcasti128 (%rsi), RT
	vpshufb RU, RT, RT
	vpaddq .Lmodes_ctr_inc(%rip), RT, RT
	vbroadcasti128 .Lmodes_ctr_step(%rip), RK
	CTR_VPAIR (0); CTR_VPAIR (1); CTR_VPAIR (2); CTR_VPAIR (3)
	CTR_VPAIR (4); CTR_VPAIR (5); CTR_VPAIR (6); CTR_VPAIR (7)
	movq %r10, (%rsi)
	movq %r11, 8(%rsi)
	jmp .Lctr16_rounds
.Lctr16_carry:
	movq %r10, (%rsi)
	movq %r11, 8(%rsi)
	CTR_PAIR (0); CTR_PAIR (1); CTR_PAIR (2); CTR_PAIR (3)
	CTR_PAIR (4); CTR_PAIR (5); CTR_PAIR (6); CTR_PAIR (7)
.Lctr16_rounds:
	call MODES_ENC16
	XOR_STORE_IN16
	vzeroall
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	ret
.Lctr16_part:
	MODES_BOUNCE (16, .Lctr16_run, MODES_COPY_OUT)
END (MODES_NAME (ctr_enc))

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  Pair K is xored with
   ciphertext blocks 2K - 1 and 2K, one unaligned load; the pairs are
   stored last to first so that, in place, each ciphertext block is read
   before its plaintext overwrites it.  */
ENTRY (MODES_NAME (cbc_dec))
	cmpq $16, %r8
	jb .Lcbc16_part
.Lcbc16_run:
	LOAD16 (%rcx)
	movq %r8, %rax
	shlq $4, %rax
	call MODES_DEC16
	vmovdqu -16(%rcx,%rax), RUx
	XOR_STORE (7, 13*16(%rcx), %rdx); XOR_STORE (6, 11*16(%rcx), %rdx)
	XOR_STORE (5, 9*16(%rcx), %rdx); XOR_STORE (4, 7*16(%rcx), %rdx)
	XOR_STORE (3, 5*16(%rcx), %rdx); XOR_STORE (2, 3*16(%rcx), %rdx)
	XOR_STORE (1, 1*16(%rcx), %rdx)
	vmovdqu (%rsi), RTx
	vinserti128 $1, (%rcx), RT, RT
	XOR_STORE (0, RT, %rdx)
	vmovdqu RUx, (%rsi)
	vzeroall
	ret
.Lcbc16_part:
	MODES_BOUNCE (16, .Lcbc16_run, MODES_COPY_OUT)
END (MODES_NAME (cbc_dec))

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The keystream is
   E(IV), E(C_0), ..., E(C_14).  */
ENTRY (MODES_NAME (cfb_dec))
	cmpq $16, %r8
	jb .Lcfb16_part
.Lcfb16_run:
	vmovdqu (%rsi), RTx
	vinserti128 $1, (%rcx), RT, PAIR0
	vmovdqu 1*16(%rcx), PAIR1
	vmovdqu 3*16(%rcx), PAIR2
	vmovdqu 5*16(%rcx), PAIR3
	vmovdqu 7*16(%rcx), PAIR4
	vmovdqu 9*16(%rcx), PAIR5
	vmovdqu 11*16(%rcx), PAIR6
	vmovdqu 13*16(%rcx), PAIR7
	movq %r8, %rax
	shlq $4, %rax
	vmovdqu -16(%rcx,%rax), RTx
	vmovdqu RTx, (%rsi)
	call MODES_ENC16
	XOR_STORE_IN16
	vzeroall
	ret
.Lcfb16_part:
	MODES_BOUNCE (16, .Lcfb16_run, MODES_COPY_OUT)
END (MODES_NAME (cfb_dec))

/* OCB (RFC 7253) on a bulk_ocb_state_t (src/cipher-proto.h): %ymm15
   holds the running offset (low lane), %ymm14 the checksum of both
   lanes.  OCB_PAIR (K): the offsets of blocks 2K and 2K + 1 (OCB_L in
   asm-common-amd64.h), xored into the pair loaded from IN and parked
   in OUT until the rounds are done; for CHK (encryption) the plaintext
   is summed on the way in.  */
#define ROFF %ymm15
#define ROFFx %xmm15
#define RCHK %ymm14
#define RCHKx %xmm14

#define OCB_PAIR(k, chk)                                                \
	OCB_L (2*k); vpxor (%r10), ROFFx, ROFFx; vmovdqa ROFFx, RTx;    \
	OCB_L (2*k+1); vpxor (%r10), ROFFx, ROFFx;                      \
	vinserti128 $1, ROFFx, RT, RT;                                  \
	vmovdqu k*32(%rcx), PAIR##k; chk (k);                           \
	vpxor RT, PAIR##k, PAIR##k; vmovdqu RT, k*32(%rdx)
#define CHK(k) vpxor PAIR##k, RCHK, RCHK
#define NO_CHK(k)
/* Pair K's blocks from N (in ROFF, each qword) on masked out, before
   the sum.  */
#define CHK_MASKED(k)                                                   \
	vpcmpgtq .Lmodes_pair_index+32*k(%rip), ROFF, RK;                     \
	vpand PAIR##k, RK, RK; vpxor RK, RCHK, RCHK

/* The offsets of the sixteen blocks; the state moves on by N blocks,
   which stays in %rax.  */
#define OCB_LOAD(chk)                                                   \
	OCB_L_BEGIN;                                                    \
	vmovdqu OCB_STATE_OFFSET(%rsi), ROFFx;                          \
	vpxor RCHK, RCHK, RCHK;                                         \
	OCB_PAIR (0, chk); OCB_PAIR (1, chk); OCB_PAIR (2, chk);        \
	OCB_PAIR (3, chk); OCB_PAIR (4, chk); OCB_PAIR (5, chk);        \
	OCB_PAIR (6, chk); OCB_PAIR (7, chk);                           \
	vmovdqu ROFFx, OCB_STATE_OFFSET(%rsi);                          \
	addq %r8, OCB_STATE_BLKN(%rsi);                                 \
	movq %r8, %rax;                                                 \
	xorl %r10d, %r10d

/* N from %rax in each qword of ROFF, for CHK_MASKED.  */
#define OCB_N_MASK vmovq %rax, ROFFx; vpbroadcastq ROFFx, ROFF

/* Out pair K ^= the offsets parked there.  */
#define OCB_STORE(k, out, chk)                                          \
	vpxor k*32(out), PAIR##k, PAIR##k; vmovdqu PAIR##k, k*32(out);  \
	chk (k)

#define OCB_FOLD_CHECKSUM                                               \
	vextracti128 $1, RCHK, RTx;                                     \
	vpxor RTx, RCHKx, RCHKx;                                        \
	vpxor OCB_STATE_CHECKSUM(%rsi), RCHKx, RCHKx;                   \
	vmovdqu RCHKx, OCB_STATE_CHECKSUM(%rsi)

/* OCB: %rdi ctx, %rsi the state, %rdx out, %rcx in, %r8 the block
   count, %r9d nonzero to encrypt; the checksum is over the plaintext,
   in or out.  */
ENTRY (MODES_NAME (ocb_crypt))
	cmpq $16, %r8
	jb .Locb16_part
.Locb16_run:
	testl %r9d, %r9d
	jz .Locb16_dec
	OCB_LOAD (CHK)
	call MODES_ENC16
	OCB_STORE (0, %rdx, NO_CHK); OCB_STORE (1, %rdx, NO_CHK)
	OCB_STORE (2, %rdx, NO_CHK); OCB_STORE (3, %rdx, NO_CHK)
	OCB_STORE (4, %rdx, NO_CHK); OCB_STORE (5, %rdx, NO_CHK)
	OCB_STORE (6, %rdx, NO_CHK); OCB_STORE (7, %rdx, NO_CHK)
	OCB_FOLD_CHECKSUM
	vzeroall
	ret
.Locb16_dec:
	OCB_LOAD (NO_CHK)
	call MODES_DEC16
	OCB_N_MASK
	OCB_STORE (0, %rdx, CHK_MASKED); OCB_STORE (1, %rdx, CHK_MASKED)
	OCB_STORE (2, %rdx, CHK_MASKED); OCB_STORE (3, %rdx, CHK_MASKED)
	OCB_STORE (4, %rdx, CHK_MASKED); OCB_STORE (5, %rdx, CHK_MASKED)
	OCB_STORE (6, %rdx, CHK_MASKED); OCB_STORE (7, %rdx, CHK_MASKED)
	OCB_FOLD_CHECKSUM
	vzeroall
	ret
.Locb16_part:
	MODES_BOUNCE (16, .Locb16_run, MODES_COPY_OUT)
END (MODES_NAME (ocb_crypt))

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the state (its checksum
   the sum, ^= every E(A_i ^ Offset_i)), %rdx the additional data, %rcx
   the block count.  Nothing is written but the state, so the offsets
   are xored in directly.  */
#define AUTH_PAIR(k)                                                    \
	OCB_L (2*k); vpxor (%r10), ROFFx, ROFFx; vmovdqa ROFFx, RTx;    \
	OCB_L (2*k+1); vpxor (%r10), ROFFx, ROFFx;                      \
	vinserti128 $1, ROFFx, RT, RT;                                  \
	vpxor k*32(%rcx), RT, PAIR##k

ENTRY (MODES_NAME (ocb_auth))
	movq %rcx, %r8
	movq %rdx, %rcx
	cmpq $16, %r8
	jb .Lauth16_part
.Lauth16_run:
	OCB_L_BEGIN
	vmovdqu OCB_STATE_OFFSET(%rsi), ROFFx
	AUTH_PAIR (0); AUTH_PAIR (1); AUTH_PAIR (2); AUTH_PAIR (3)
	AUTH_PAIR (4); AUTH_PAIR (5); AUTH_PAIR (6); AUTH_PAIR (7)
	vmovdqu ROFFx, OCB_STATE_OFFSET(%rsi)
	addq %r8, OCB_STATE_BLKN(%rsi)
	movq %r8, %rax
	xorl %r10d, %r10d
	call MODES_ENC16
	OCB_N_MASK
	vpxor RCHK, RCHK, RCHK
	CHK_MASKED (0); CHK_MASKED (1); CHK_MASKED (2); CHK_MASKED (3)
	CHK_MASKED (4); CHK_MASKED (5); CHK_MASKED (6); CHK_MASKED (7)
	OCB_FOLD_CHECKSUM
	vzeroall
	ret
.Lauth16_part:
	MODES_BOUNCE (16, .Lauth16_run, MODES_NO_COPY_OUT)
END (MODES_NAME (ocb_auth))

/* XTS (IEEE 1619-2007, 5.3): %rdi ctx, %rsi the tweak (advanced by N
   blocks), %rdx out, %rcx in, %r8 the block count N, %r9d nonzero to
   encrypt.  The tweaks are stepped in %rax (low) and %r10 (high), times
   x with the carry out of bit 127 folded back as 0x87, and parked in
   OUT until the rounds are done, as the OCB offsets are.  For N < 16
   OUT is the bounce buffer, where the tweak of block N is parked.  */
#define XTS_BLOCK(x)                                                    \
	vmovq %rax, x; vpinsrq $1, %r10, x, x;                          \
	movq %r10, %r11; sarq $63, %r11; andl $0x87, %r11d;             \
	shldq $1, %rax, %r10; addq %rax, %rax; xorq %r11, %rax

#define XTS_PAIR(k)                                                     \
	XTS_BLOCK (RTx); XTS_BLOCK (RUx);                               \
	vinserti128 $1, RUx, RT, RT;                                    \
	vpxor k*32(%rcx), RT, PAIR##k; vmovdqu RT, k*32(%rdx)

ENTRY (MODES_NAME (xts_crypt))
	cmpq $16, %r8
	jb .Lxts16_part
.Lxts16_run:
	movq (%rsi), %rax
	movq 8(%rsi), %r10
	XTS_PAIR (0); XTS_PAIR (1); XTS_PAIR (2); XTS_PAIR (3)
	XTS_PAIR (4); XTS_PAIR (5); XTS_PAIR (6); XTS_PAIR (7)
	movq %rax, (%rsi)
	movq %r10, 8(%rsi)
	cmpq $16, %r8
	jae 1f
	shlq $4, %r8
	vmovdqu (%rdx,%r8), RTx
	vmovdqu RTx, (%rsi)
1:
	xorl %eax, %eax
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	testl %r9d, %r9d
	jz .Lxts16_dec
	call MODES_ENC16
	jmp .Lxts16_done
.Lxts16_dec:
	call MODES_DEC16
.Lxts16_done:
	OCB_STORE (0, %rdx, NO_CHK); OCB_STORE (1, %rdx, NO_CHK)
	OCB_STORE (2, %rdx, NO_CHK); OCB_STORE (3, %rdx, NO_CHK)
	OCB_STORE (4, %rdx, NO_CHK); OCB_STORE (5, %rdx, NO_CHK)
	OCB_STORE (6, %rdx, NO_CHK); OCB_STORE (7, %rdx, NO_CHK)
	vzeroall
	ret
.Lxts16_part:
	MODES_BOUNCE (16, .Lxts16_run, MODES_COPY_OUT)
END (MODES_NAME (xts_crypt))

/* GCM-SIV's counter (RFC 8452, section 4): %rdi ctx, %rsi the counter
   (advanced by N), %rdx out, %rcx in, %r8 the block count N.  Only the
   first four bytes count, a little-endian number that wraps, so the
   lanes add without carries.  */
#define CTR32LE_PAIR(k)                                                 \
	vpaddd .Lmodes_ctr32le_inc+32*k(%rip), RT, PAIR##k

ENTRY (MODES_NAME (ctr32le_enc))
	cmpq $16, %r8
	jb .Lctr32le16_part
.Lctr32le16_run:
	vbroadcasti128 (%rsi), RT
	CTR32LE_PAIR (0); CTR32LE_PAIR (1); CTR32LE_PAIR (2); CTR32LE_PAIR (3)
	CTR32LE_PAIR (4); CTR32LE_PAIR (5); CTR32LE_PAIR (6); CTR32LE_PAIR (7)
	addl %r8d, (%rsi)
	call MODES_ENC16
	XOR_STORE_IN16
	vzeroall
	ret
.Lctr32le16_part:
	MODES_BOUNCE (16, .Lctr32le16_run, MODES_COPY_OUT)
END (MODES_NAME (ctr32le_enc))

ELF (.section .rodata)
.align 32
/* Lane i: +i on the low qword, then +2 per pair.  */
.Lmodes_ctr_inc:
	.quad 0, 0, 1, 0
.Lmodes_ctr_step:
	.quad 2, 0
.Lmodes_bswap128:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Lmodes_zero_block:
	.quad 0, 0
/* The blocks of pair K, each index in two qwords, for CHK_MASKED.  */
.align 32
.Lmodes_pair_index:
	.quad 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7
	.quad 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15
/* Pair K: blocks 2K and 2K + 1 on the first dword, for CTR32LE_PAIR.  */
.Lmodes_ctr32le_inc:
	.long 0, 0, 0, 0, 1, 0, 0, 0
	.long 2, 0, 0, 0, 3, 0, 0, 0
	.long 4, 0, 0, 0, 5, 0, 0, 0
	.long 6, 0, 0, 0, 7, 0, 0, 0
	.long 8, 0, 0, 0, 9, 0, 0, 0
	.long 10, 0, 0, 0, 11, 0, 0, 0
	.long 12, 0, 0, 0, 13, 0, 0, 0
	.long 14, 0, 0, 0, 15, 0, 0, 0

.text
