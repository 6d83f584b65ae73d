/* aes-vaes-amd64.h - the AES kernels of a VAES kernel file
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * AES (FIPS 197) with VAES: eight vector registers V0-V7 of AES_L
 * blocks each (4 in ZMM, 2 in YMM) run every round side by side, so
 * that the AESENC latency is hidden behind the other seven.  The round
 * keys are the schedule of cipher/aes.c as it is (ekey for AESENC,
 * dkey, the equivalent inverse cipher, for AESDEC), each broadcast to
 * every lane.  The kernels take any count of 1 to AES_W blocks: a full
 * call moves whole registers, a shorter one masked registers that touch
 * no byte past the N blocks.  The including file defines V(n), AES_L,
 * AES_W, VB (bytes a register), PUB (op), LOCAL (op) and the ISA macros
 * (keys, masks, moves) this template uses, then includes it.
 */

	.section .rodata
	.align 64
.Laes_bswap128:
	.rept 4
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
	.endr
/* Lane j of a row counts j more (as quadwords or as dwords).  */
.Laes_lanes:	.quad 0, 0, 1, 0, 2, 0, 3, 0
.Laes_step4:	.quad 4, 0, 4, 0, 4, 0, 4, 0
.Laes_step2:	.quad 2, 0, 2, 0
/* The quadwords of a YMM register's second block.  */
.Laes_hi128:	.quad 0, 0, -1, -1
/* XTS: x^128 = x^7 + x^2 + x + 1, and the shifts that take lane j of
   a row of T to T * x^j.  */
.Laes_xts_poly:	.quad 0x87, 0, 0x87, 0, 0x87, 0, 0x87, 0
.Laes_xts_shl:	.quad 0, 0, 1, 1, 2, 2, 3, 3
.Laes_xts_shr:	.quad 64, 64, 63, 63, 62, 62, 61, 61
/* The block number of each quadword of the eight YMM rows: a row's
   mask of the blocks below N is one comparison with N.  */
.Laes_rows2:
	.irp b, 0, 2, 4, 6, 8, 10, 12, 14
	.quad \b, \b, \b+1, \b+1
	.endr
	.text

#define ROWS8(m, ...)                                                   \
	m (0, __VA_ARGS__); m (1, __VA_ARGS__); m (2, __VA_ARGS__);     \
	m (3, __VA_ARGS__); m (4, __VA_ARGS__); m (5, __VA_ARGS__);     \
	m (6, __VA_ARGS__); m (7, __VA_ARGS__)
/* Rows 7 down to 1: stores that in place must not overwrite a block
   the row above still reads.  */
#define ROWS8_DOWN1(m, ...)                                             \
	m (7, __VA_ARGS__); m (6, __VA_ARGS__); m (5, __VA_ARGS__);     \
	m (4, __VA_ARGS__); m (3, __VA_ARGS__); m (2, __VA_ARGS__);     \
	m (1, __VA_ARGS__)

/* M_A for a full call (N = AES_W), else M_M after SET_NB (N).  */
#define BY_COUNT(n, m, ...)                                             \
	cmpq $AES_W, n;                                                 \
	jb 96f;                                                         \
	m##_A (__VA_ARGS__);                                            \
	jmp 97f;                                                        \
96:	SET_NB (n);                                                     \
	m##_M (__VA_ARGS__);                                            \
97:

#define MEM(i, d, m) ((i)*VB+(d))(m)
#define LOAD_A(i, d, m) VMOVU MEM (i, d, m), V(i)
#define STORE_A(i, d, m) VMOVU V(i), MEM (i, d, m)
#define XIN_A(i, d, m) VPXOR MEM (i, d, m), V(i), V(i)
#define LOAD8_A(d, m) ROWS8 (LOAD_A, d, m)
#define LOAD8_M(d, m) ROWS8 (LOAD_M, d, m)
#define STORE8_A(d, m) ROWS8 (STORE_A, d, m)
#define STORE8_M(d, m) ROWS8 (STORE_M, d, m)
/* V(i) ^= the row at IN, stored to OUT.  */
#define XSTORE_A(i, out, in) XIN_A (i, 0, in); STORE_A (i, 0, out)
#define XSTORE_M(i, out, in) XIN_M (i, 0, in); STORE_M (i, 0, out)
#define XSTORE8_A(out, in) ROWS8 (XSTORE_A, out, in)
#define XSTORE8_M(out, in) ROWS8 (XSTORE_M, out, in)
/* The rows at IN xored with those at W.  */
#define LOADX_A(i, in, w) LOAD_A (i, 0, in); XIN_A (i, 0, w)
#define LOADX_M(i, in, w) LOAD_M (i, 0, in); XIN_M (i, 0, w)
#define LOADX8_A(in, w) ROWS8 (LOADX_A, in, w)
#define LOADX8_M(in, w) ROWS8 (LOADX_M, in, w)

/* One round with the key of index K (14 the last, see KEYS) on the
   eight registers.  */
#define ROUND8(op, k)                                                   \
	RK_LOAD (k);                                                    \
	op RK (k), V(0), V(0); op RK (k), V(1), V(1);                   \
	op RK (k), V(2), V(2); op RK (k), V(3), V(3);                   \
	op RK (k), V(4), V(4); op RK (k), V(5), V(5);                   \
	op RK (k), V(6), V(6); op RK (k), V(7), V(7)
#define XOR8_K0                                                         \
	RK0_LOAD;                                                       \
	VPXOR RK0, V(0), V(0); VPXOR RK0, V(1), V(1);                   \
	VPXOR RK0, V(2), V(2); VPXOR RK0, V(3), V(3);                   \
	VPXOR RK0, V(4), V(4); VPXOR RK0, V(5), V(5);                   \
	VPXOR RK0, V(6), V(6); VPXOR RK0, V(7), V(7)

/* The round count is at 480(ctx): 10, 12 or 14.  */
#define AES_ROUNDS_OFS 480
#define AES_DKEY_OFS 240

/* Local: the cipher on V0-V7 in place, the keys set up by KEYS, %rdi
   the context.  Rounds are counted so that the last has key index 14:
   AES-128 starts at 5, AES-192 at 3.  */
#define AES_CORE(name, op, oplast)                                      \
.align 16;                                                              \
name:                                                                   \
	CFI_STARTPROC ();                                               \
	XOR8_K0;                                                        \
	cmpl $12, AES_ROUNDS_OFS(%rdi);                                 \
	jb 1f;                                                          \
	je 2f;                                                          \
	ROUND8 (op, 1); ROUND8 (op, 2);                                 \
2:	ROUND8 (op, 3); ROUND8 (op, 4);                                 \
1:	ROUND8 (op, 5); ROUND8 (op, 6); ROUND8 (op, 7);                 \
	ROUND8 (op, 8); ROUND8 (op, 9); ROUND8 (op, 10);                \
	ROUND8 (op, 11); ROUND8 (op, 12); ROUND8 (op, 13);              \
	ROUND8 (oplast, 14);                                            \
	ret;                                                            \
	CFI_ENDPROC ();                                                 \
ELF (.size name, . - name)

AES_CORE (LOCAL (enc8), vaesenc, vaesenclast)
AES_CORE (LOCAL (dec8), vaesdec, vaesdeclast)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx N.  */
ENTRY (PUB (enc))
	KEYS (0)
	BY_COUNT (%rcx, LOAD8, 0, %rdx)
	call LOCAL (enc8)
	BY_COUNT (%rcx, STORE8, 0, %rsi)
	CLEAR_ALL
	ret
END (PUB (enc))

ENTRY (PUB (dec))
	KEYS (AES_DKEY_OFS)
	BY_COUNT (%rcx, LOAD8, 0, %rdx)
	call LOCAL (dec8)
	BY_COUNT (%rcx, STORE8, 0, %rsi)
	CLEAR_ALL
	ret
END (PUB (dec))

/* CTR: %rdi ctx, %rsi the 128-bit big-endian counter (advanced by N),
   %rdx out, %rcx in, %r8 N.  The low 64 bits do not wrap within the
   call (cipher-proto.h), so the counters are 64-bit additions on the
   byte-reversed counter: V8 the next row's, V9 a row's step.  */
#define CTR_ROW(i, unused)                                              \
	vpshufb .Laes_bswap128(%rip), V(8), V(i);                       \
	vpaddq V(9), V(8), V(8)
ENTRY (PUB (ctr_enc))
	VBCAST128 (%rsi), V(8)
	vpshufb .Laes_bswap128(%rip), V(8), V(8)
	vpaddq .Laes_lanes(%rip), V(8), V(8)
	VMOVA AES_STEP(%rip), V(9)
	ROWS8 (CTR_ROW, )
	movq 8(%rsi), %rax
	bswapq %rax
	addq %r8, %rax
	bswapq %rax
	movq %rax, 8(%rsi)
	KEYS (0)
	call LOCAL (enc8)
	BY_COUNT (%r8, XSTORE8, %rdx, %rcx)
	CLEAR_ALL
	ret
END (PUB (ctr_enc))

/* GCM-SIV's counter (RFC 8452): as CTR, the first 32 bits of the
   counter little-endian, wrapping; .Laes_lanes and AES_STEP read as
   dwords add to that word only.  */
#define CTR32_ROW(i, unused)                                            \
	VMOVA V(8), V(i);                                               \
	vpaddd V(9), V(8), V(8)
ENTRY (PUB (ctr32le_enc))
	VBCAST128 (%rsi), V(8)
	vpaddd .Laes_lanes(%rip), V(8), V(8)
	VMOVA AES_STEP(%rip), V(9)
	ROWS8 (CTR32_ROW, )
	addl %r8d, (%rsi)
	KEYS (0)
	call LOCAL (enc8)
	BY_COUNT (%r8, XSTORE8, %rdx, %rcx)
	CLEAR_ALL
	ret
END (PUB (ctr32le_enc))

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 N.  Each row is xored with the
   ciphertext 16 bytes before it, row 0's (in V8) with the IV in its
   first block; rows go out last first, so that in place every row is
   read before the one below it is written.  */
#define CBCX_A(i, unused) XIN_A (i, -16, %rcx); STORE_A (i, 0, %rdx)
#define CBCX_M(i, unused) XIN_M (i, -16, %rcx); STORE_M (i, 0, %rdx)
#define CBC8_A(unused)                                                  \
	PREV0_A (V(8), %rcx, %rsi);                                     \
	ROWS8_DOWN1 (CBCX_A, );                                         \
	VPXOR V(8), V(0), V(0); STORE_A (0, 0, %rdx)
#define CBC8_M(unused)                                                  \
	PREV0_M (V(8), %rcx, %rsi);                                     \
	ROWS8_DOWN1 (CBCX_M, );                                         \
	VPXOR V(8), V(0), V(0); STORE_M (0, 0, %rdx)
ENTRY (PUB (cbc_dec))
	KEYS (AES_DKEY_OFS)
	BY_COUNT (%r8, LOAD8, 0, %rcx)
	call LOCAL (dec8)
	movq %r8, %rax
	shlq $4, %rax
	vmovdqu -16(%rcx, %rax), %xmm9
	BY_COUNT (%r8, CBC8, )
	vmovdqu %xmm9, (%rsi)
	CLEAR_ALL
	ret
END (PUB (cbc_dec))

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 N.  The keystream is E(IV, C_0 ...
   C_(N-2)), the rows read 16 bytes before IN, row 0's first block the
   IV.  */
#define PREV8_A(in)                                                     \
	PREV0_A (V(0), in, %rsi);                                       \
	LOAD_A (1, -16, in); LOAD_A (2, -16, in); LOAD_A (3, -16, in);  \
	LOAD_A (4, -16, in); LOAD_A (5, -16, in); LOAD_A (6, -16, in);  \
	LOAD_A (7, -16, in)
#define PREV8_M(in)                                                     \
	PREV0_M (V(0), in, %rsi);                                       \
	LOAD_M (1, -16, in); LOAD_M (2, -16, in); LOAD_M (3, -16, in);  \
	LOAD_M (4, -16, in); LOAD_M (5, -16, in); LOAD_M (6, -16, in);  \
	LOAD_M (7, -16, in)
ENTRY (PUB (cfb_dec))
	BY_COUNT (%r8, PREV8, %rcx)
	movq %r8, %rax
	shlq $4, %rax
	vmovdqu -16(%rcx, %rax), %xmm9
	vmovdqu %xmm9, (%rsi)
	KEYS (0)
	call LOCAL (enc8)
	BY_COUNT (%r8, XSTORE8, %rdx, %rcx)
	CLEAR_ALL
	ret
END (PUB (cfb_dec))

/* OUT = E(IN ^ W) ^ W (XTS, OCB), or E(IN ^ W) when bit 1 of FLAGS is
   set (OCB's HASH); bit 0 selects encryption (BULK_WHITEN_* of
   cipher-proto.h).  %rdi ctx, %rsi out, %rdx in, %rcx the N whitening
   blocks, %r8 N, %r9d FLAGS.  */
ENTRY (PUB (whiten))
	BY_COUNT (%r8, LOADX8, %rdx, %rcx)
	testl $1, %r9d
	jz 1f
	KEYS (0)
	call LOCAL (enc8)
	jmp 2f
1:	KEYS (AES_DKEY_OFS)
	call LOCAL (dec8)
2:	testl $2, %r9d
	jnz 3f
	BY_COUNT (%r8, XSTORE8, %rsi, %rcx)
	CLEAR_ALL
	ret
3:	BY_COUNT (%r8, STORE8, 0, %rsi)
	CLEAR_ALL
	ret
END (PUB (whiten))

/* XTS (IEEE 1619-2007): D = S * x^k in GF(2^128), the tweak's
   little-endian order, in each 128-bit lane, SRL and SLL shifting the
   quadwords by 64 - k and k: the bits out of the low quadword move to
   the high one, those out of the high one fold back times x^7 + x^2 +
   x + 1 (.Laes_xts_poly in V2, by VPCLMULQDQ), which for k <= 56 stays
   in the low quadword.  V1, V3 scratch; D may be S.  */
#define GF_MULX(srl, sll, s, d)                                         \
	srl, s, V(1); sll, s, d;                                        \
	vpclmulqdq $0x01, V(2), V(1), V(3);                             \
	vpslldq $8, V(1), V(1);                                         \
	XOR3 (V(3), V(1), d)
#define MULXK(k, s, d) GF_MULX (vpsrlq $(64-(k)), vpsllq $(k), s, d)
/* Row i's tweaks: the first row's times x^(AES_L i).  */
#define XTS_TW_ROW(i, unused) MULXK (AES_L*(i), V(0), V(4)); SET_TW (i, V(4))
#define XTSIN_A(i, unused) LOAD_A (i, 0, %rcx); VPXOR TW (i), V(i), V(i)
#define XTSIN_M(i, unused) LOAD_M (i, 0, %rcx); VPXOR TW (i), V(i), V(i)
#define XTSOUT_A(i, unused) VPXOR TW (i), V(i), V(i); STORE_A (i, 0, %rdx)
#define XTSOUT_M(i, unused) VPXOR TW (i), V(i), V(i); STORE_M (i, 0, %rdx)
#define XTSIN8_A(unused) ROWS8 (XTSIN_A, )
#define XTSIN8_M(unused) ROWS8 (XTSIN_M, )
#define XTSOUT8_A(unused) ROWS8 (XTSOUT_A, )
#define XTSOUT8_M(unused) ROWS8 (XTSOUT_M, )
/* XTS: %rdi ctx, %rsi the tweak T (advanced to T * x^N), %rdx out,
   %rcx in, %r8 N, %r9d nonzero to encrypt.  T * x^N, N <= 32, is one
   more GF_MULX with shift counts from N.  */
ENTRY (PUB (xts_crypt))
	TW_FRAME_ENTER
	VMOVA .Laes_xts_poly(%rip), V(2)
	VBCAST128 (%rsi), V(0)
	GF_MULX (vpsrlvq .Laes_xts_shr(%rip), vpsllvq .Laes_xts_shl(%rip),
		 V(0), V(0))
	SET_TW (0, V(0))
	XTS_TW_ROW (1, ); XTS_TW_ROW (2, ); XTS_TW_ROW (3, );
	XTS_TW_ROW (4, ); XTS_TW_ROW (5, ); XTS_TW_ROW (6, );
	XTS_TW_ROW (7, )
	vmovq %r8, %xmm5
	movl $64, %eax
	subl %r8d, %eax
	vmovq %rax, %xmm6
	vmovdqu (%rsi), %xmm0
	vpsrlq %xmm6, %xmm0, %xmm1
	vpsllq %xmm5, %xmm0, %xmm0
	vpclmulqdq $0x01, %xmm2, %xmm1, %xmm3
	vpslldq $8, %xmm1, %xmm1
	vpxor %xmm3, %xmm1, %xmm1
	vpxor %xmm1, %xmm0, %xmm0
	vmovdqu %xmm0, (%rsi)
	BY_COUNT (%r8, XTSIN8, )
	testl %r9d, %r9d
	jz 1f
	KEYS (0)
	call LOCAL (enc8)
	jmp 2f
1:	KEYS (AES_DKEY_OFS)
	call LOCAL (dec8)
2:	BY_COUNT (%r8, XTSOUT8, )
	TW_FRAME_LEAVE
	CLEAR_ALL
	ret
END (PUB (xts_crypt))

/* OCB (RFC 7253): Offset_k = Offset_(k-1) ^ L_ntz(k).  A row holds AES_L
   consecutive blocks after block number n, n = blkn mod AES_L for every
   row; among them one, m, is a multiple of AES_L (L_x, x = ntz (m)),
   and the others contribute L_0 (and, with 4 lanes, L_1) in lanes fixed
   by blkn mod AES_L.  So each row's offsets are one vector, O ^ KC (KC
   those L_0, L_1 terms, from the masks of .Laes_ocb_masks), xored with
   L_x in the lanes from m's on; the next row's O is O ^ OCB_ROWC ^ L_x.
   Only x needs the block number (BSF): block numbers are public, and so
   are the entries of L they select.  OCB_OFFSETS reads the state at
   %rsi into TW (0) ... TW (7), leaving %rax = L, V0 the last row's O ^
   KC, V1 KC; clobbers %r10, %r11, V0-V6.  After it OCB_ADVANCE, for N
   (a register) blocks: the state's offset becomes that of block blkn +
   N, and blkn += N.  A full call's is O ^ KC after the last row; a
   shorter call walks its N blocks.  */
#define OCB_ROW(i, unused)                                              \
	addq $AES_L, %r10;                                              \
	bsfq %r10, %r11;                                                \
	shlq $4, %r11;                                                  \
	VBCAST128 (%rax, %r11), V(3);                                   \
	VPAND V(6), V(3), V(4);                                         \
	VPXOR V(4), V(0), V(5);                                         \
	SET_TW (i, V(5));                                               \
	XOR3 (V(2), V(3), V(0))
#define OCB_OFFSETS                                                     \
	movq OCB_STATE_BLKN(%rsi), %r10;                                \
	movl %r10d, %r11d;                                              \
	andl $(AES_L-1), %r11d;                                         \
	imull $(3*VB), %r11d, %r11d;                                    \
	leaq .Laes_ocb_masks(%rip), %rax;                               \
	addq %rax, %r11;                                                \
	movq OCB_STATE_L(%rsi), %rax;                                   \
	VBCAST128 (%rax), V(1);                                         \
	VPAND (%r11), V(1), V(1);                                       \
	VBCAST128 16(%rax), V(2);                                       \
	VPAND VB(%r11), V(2), V(2);                                     \
	VPXOR V(2), V(1), V(1);                                         \
	VMOVA (2*VB)(%r11), V(6);                                       \
	VBCAST128 OCB_ROWC(%rax), V(2);                                 \
	VBCAST128 OCB_STATE_OFFSET(%rsi), V(0);                         \
	VPXOR V(1), V(0), V(0);                                         \
	andq $-AES_L, %r10;                                             \
	ROWS8 (OCB_ROW, )
#define OCB_ADVANCE(n)                                                  \
	cmpq $AES_W, n;                                                 \
	jb 71f;                                                         \
	vpxor %xmm1, %xmm0, %xmm0;                                      \
	jmp 73f;                                                        \
71:	vmovdqu OCB_STATE_OFFSET(%rsi), %xmm0;                          \
	movq OCB_STATE_BLKN(%rsi), %r10;                                \
	movq n, %r11;                                                   \
72:	addq $1, %r10;                                                  \
	bsfq %r10, %rax;                                                \
	shlq $4, %rax;                                                  \
	addq OCB_STATE_L(%rsi), %rax;                                   \
	vpxor (%rax), %xmm0, %xmm0;                                     \
	subq $1, %r11;                                                  \
	jnz 72b;                                                        \
73:	vmovdqu %xmm0, OCB_STATE_OFFSET(%rsi);                          \
	addq n, OCB_STATE_BLKN(%rsi)
/* The 16 bytes at M ^= the xor of the blocks of V0-V7, SUMT and SUMT2
   scratch.  */
#define SUM8(m)                                                         \
	VPXOR V(0), V(1), SUMT;                                         \
	XOR3 (V(2), V(3), SUMT);                                        \
	XOR3 (V(4), V(5), SUMT);                                        \
	XOR3 (V(6), V(7), SUMT);                                        \
	FOLD_SUM;                                                       \
	VPXOR m, SUMX, SUMX;                                            \
	VMOVU SUMX, m
#define OCBIN_A(i, m) LOAD_A (i, 0, m)
#define OCBIN_M(i, m) LOAD_M (i, 0, m)
#define OCBIN8_A(m) ROWS8 (OCBIN_A, m)
#define OCBIN8_M(m) ROWS8 (OCBIN_M, m)
#define OCBX(i, unused) VPXOR TW (i), V(i), V(i)
/* Out with the offsets xored, the lanes past N cleared for the sum.  */
#define OCBOUT_M(i, unused) XTSOUT_M (i, ); ZERO_M (i)
#define OCBOUT8_A(unused) ROWS8 (XTSOUT_A, )
#define OCBOUT8_M(unused) ROWS8 (OCBOUT_M, )
#define ZERO8_A(unused)
#define ZERO8_M(unused) ROWS8 (ZERO_M_ROW, )
#define ZERO_M_ROW(i, unused) ZERO_M (i)

/* OCB: %rdi ctx, %rsi the bulk_ocb_state_t, %rdx out, %rcx in, %r8 N,
   %r9d nonzero to encrypt.  The checksum is over the plaintext: the
   input when encrypting, before the cipher, the output when
   decrypting; the lanes past N are zero in both.  */
ENTRY (PUB (ocb_crypt))
	TW_FRAME_ENTER
	OCB_OFFSETS
	OCB_ADVANCE (%r8)
	BY_COUNT (%r8, OCBIN8, %rcx)
	testl %r9d, %r9d
	jz 1f
	SUM8 (OCB_STATE_CHECKSUM(%rsi))
	ROWS8 (OCBX, )
	KEYS (0)
	call LOCAL (enc8)
	jmp 2f
1:	ROWS8 (OCBX, )
	KEYS (AES_DKEY_OFS)
	call LOCAL (dec8)
2:	BY_COUNT (%r8, OCBOUT8, )
	testl %r9d, %r9d
	jnz 3f
	SUM8 (OCB_STATE_CHECKSUM(%rsi))
3:	TW_FRAME_LEAVE
	CLEAR_ALL
	ret
END (PUB (ocb_crypt))

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the bulk_ocb_state_t (its
   checksum the sum), %rdx the data, %rcx N.  */
ENTRY (PUB (ocb_auth))
	TW_FRAME_ENTER
	OCB_OFFSETS
	OCB_ADVANCE (%rcx)
	BY_COUNT (%rcx, OCBIN8, %rdx)
	ROWS8 (OCBX, )
	KEYS (0)
	call LOCAL (enc8)
	BY_COUNT (%rcx, ZERO8, )
	SUM8 (OCB_STATE_CHECKSUM(%rsi))
	TW_FRAME_LEAVE
	CLEAR_ALL
	ret
END (PUB (ocb_auth))
