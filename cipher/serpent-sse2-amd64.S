/* serpent-sse2-amd64.S - Serpent on eight blocks at once with SSE2
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Serpent (R. Anderson, E. Biham, L. Knudsen, "Serpent: A Proposal for
 * the Advanced Encryption Standard", 1998) in its bitslice form, word
 * sliced across blocks: after a 4x4 transpose of 32-bit words, XMM
 * register j holds word j of four blocks, so each Boolean operation of
 * an S-box circuit, shift or key addition acts on four blocks.  Two
 * such sets of four (blocks 0-3 in RA*, 4-7 in RB*) are interleaved
 * instruction by instruction, so the out-of-order core always has an
 * independent operation at hand.
 *
 * The round keys are the ones cipher/serpent.c builds, ctx->k[33][4]
 * at offset 0 of its context, with the S-box masks folded in; the
 * S-box macros are the masked circuits of serpent.c, register
 * allocated for two-operand instructions (every NOT of those circuits
 * feeds an AND, which PANDN does in one step).  Each S-box leaves its
 * result in a permutation of its registers, so the rounds below name
 * the registers that hold words 0-3 and two free ones, as slot numbers
 * 0-5 of each set.
 *
 * Every entry point takes exactly eight blocks (the implementation
 * table's width and min_blocks) and clears the XMM registers it used
 * before it returns.
 */

#include "asm-common-amd64.h"

#if defined(HAVE_COMPATIBLE_AMD64_AS) && defined(ENABLE_SSE2_SUPPORT)

#define CTX %rdi
/* The round keys of the current group of eight rounds.  */
#define RKEY %r8

/* Slots 0-5 of the two sets of four blocks.  */
#define RA0 %xmm0
#define RA1 %xmm1
#define RA2 %xmm2
#define RA3 %xmm3
#define RA4 %xmm4
#define RA5 %xmm5
#define RB0 %xmm6
#define RB1 %xmm7
#define RB2 %xmm8
#define RB3 %xmm9
#define RB4 %xmm10
#define RB5 %xmm11
/* A round key and one of its words, broadcast; scratch outside rounds.  */
#define RK %xmm12
#define RT %xmm13
#define RU %xmm14

/* Operations on slot D of both sets with slot S as the source.  */
#define MOV(s, d)  movdqa RA##s, RA##d; movdqa RB##s, RB##d
#define XOR(s, d)  pxor RA##s, RA##d; pxor RB##s, RB##d
#define AND(s, d)  pand RA##s, RA##d; pand RB##s, RB##d
#define OR(s, d)   por RA##s, RA##d; por RB##s, RB##d
/* D = ~D & S.  */
#define ANDN(s, d) pandn RA##s, RA##d; pandn RB##s, RB##d
#define SHL(n, d)  pslld $(n), RA##d; pslld $(n), RB##d
#define SHR(n, d)  psrld $(n), RA##d; psrld $(n), RB##d
#define UNPCK(op, s, d) op RA##s, RA##d; op RB##s, RB##d

/* X = X <<< N, with T as scratch (SSE2 has no vector rotation).  */
#define ROL(n, x, t) MOV (x, t); SHL (n, x); SHR (32 - (n), t); OR (t, x)

/* Slots X0-X3 hold four blocks; afterwards slot Xj holds word j of
   each, block i in lane i.  The same steps turn words back into
   blocks.  T0 and T1 are scratch.  */
#define TRANSPOSE(x0, x1, x2, x3, t0, t1)                               \
	MOV (x0, t0); UNPCK (punpckldq, x1, t0);                        \
	UNPCK (punpckhdq, x1, x0);                                      \
	MOV (x2, t1); UNPCK (punpckldq, x3, t1);                        \
	UNPCK (punpckhdq, x3, x2);                                      \
	MOV (t0, x1); UNPCK (punpcklqdq, t1, t0);                       \
	UNPCK (punpckhqdq, t1, x1);                                     \
	MOV (x0, x3); UNPCK (punpcklqdq, x2, x0);                       \
	UNPCK (punpckhqdq, x2, x3);                                     \
	MOV (x0, x2); MOV (t0, x0)

/* Word j of round key R, broadcast, added to slot Xj.  */
#define KX(r, x0, x1, x2, x3)                                           \
	movdqu 16*r(RKEY), RK;                                          \
	pshufd $0x00, RK, RT; pxor RT, RA##x0; pxor RT, RB##x0;         \
	pshufd $0x55, RK, RT; pxor RT, RA##x1; pxor RT, RB##x1;         \
	pshufd $0xaa, RK, RT; pxor RT, RA##x2; pxor RT, RB##x2;         \
	pshufd $0xff, RK, RT; pxor RT, RA##x3; pxor RT, RB##x3

/* The linear transformation (the specification, section 2) and its
   inverse, T scratch.  */
#define LT(x0, x1, x2, x3, t)                                           \
	ROL (13, x0, t); ROL (3, x2, t);                                \
	XOR (x0, x1); XOR (x2, x1);                                     \
	MOV (x0, t); SHL (3, t); XOR (x2, x3); XOR (t, x3);             \
	ROL (1, x1, t); ROL (7, x3, t);                                 \
	XOR (x1, x0); XOR (x3, x0);                                     \
	MOV (x1, t); SHL (7, t); XOR (x3, x2); XOR (t, x2);             \
	ROL (5, x0, t); ROL (22, x2, t)

#define LTI(x0, x1, x2, x3, t)                                          \
	ROL (10, x2, t); ROL (27, x0, t);                               \
	MOV (x1, t); SHL (7, t); XOR (x3, x2); XOR (t, x2);             \
	XOR (x1, x0); XOR (x3, x0);                                     \
	ROL (25, x3, t); ROL (31, x1, t);                               \
	MOV (x0, t); SHL (3, t); XOR (x2, x3); XOR (t, x3);             \
	XOR (x0, x1); XOR (x2, x1);                                     \
	ROL (29, x2, t); ROL (19, x0, t)

/* S-box 0; the result x0...x3 in r4, r5, r2, r0.  */
#define SB0(r0, r1, r2, r3, r4, r5) \
	XOR (r0, r3); MOV (r1, r4); AND (r3, r4); XOR (r2, r1); \
	XOR (r0, r4); OR (r3, r0); XOR (r1, r0); XOR (r3, r1); \
	XOR (r2, r3); OR (r4, r2); XOR (r1, r2); MOV (r4, r5); \
	ANDN (r1, r5); XOR (r3, r4); XOR (r5, r4); OR (r0, r3); \
	XOR (r3, r4); XOR (r3, r5);

/* S-box 1; the result x0...x3 in r2, r0, r3, r1.  */
#define SB1(r0, r1, r2, r3, r4, r5) \
	MOV (r0, r4); AND (r1, r4); XOR (r4, r2); OR (r3, r4); \
	XOR (r2, r3); XOR (r4, r1); XOR (r0, r4); OR (r1, r0); \
	XOR (r3, r1); OR (r4, r2); AND (r0, r2); XOR (r1, r4); \
	AND (r2, r1); XOR (r4, r1); AND (r2, r4); XOR (r4, r0);

/* S-box 2; the result x0...x3 in r2, r1, r3, r0.  */
#define SB2(r0, r1, r2, r3, r4, r5) \
	MOV (r0, r4); AND (r2, r4); XOR (r3, r4); XOR (r1, r2); \
	XOR (r4, r2); OR (r0, r3); XOR (r1, r3); XOR (r2, r0); \
	MOV (r3, r1); OR (r0, r1); XOR (r4, r1); AND (r3, r4); \
	XOR (r4, r0); XOR (r1, r3); XOR (r0, r3);

/* S-box 3; the result x0...x3 in r4, r1, r3, r0.  */
#define SB3(r0, r1, r2, r3, r4, r5) \
	MOV (r0, r4); OR (r3, r4); XOR (r1, r3); AND (r0, r1); \
	XOR (r2, r0); XOR (r3, r2); AND (r4, r3); OR (r1, r0); \
	XOR (r0, r3); XOR (r1, r4); AND (r4, r0); XOR (r3, r1); \
	XOR (r2, r0); OR (r4, r1); XOR (r2, r1); XOR (r3, r4); \
	MOV (r1, r2); OR (r3, r2); XOR (r2, r4);

/* S-box 4; the result x0...x3 in r4, r1, r0, r3.  */
#define SB4(r0, r1, r2, r3, r4, r5) \
	XOR (r3, r1); XOR (r3, r2); XOR (r0, r3); MOV (r1, r4); \
	AND (r3, r4); XOR (r2, r4); XOR (r3, r1); XOR (r1, r0); \
	AND (r1, r2); XOR (r0, r2); AND (r4, r0); XOR (r0, r3); \
	OR (r4, r1); XOR (r0, r1); OR (r3, r0); XOR (r2, r0); \
	AND (r3, r2); XOR (r2, r1);

/* S-box 5; the result x0...x3 in r4, r3, r0, r1.  */
#define SB5(r0, r1, r2, r3, r4, r5) \
	XOR (r1, r0); XOR (r3, r1); MOV (r1, r4); OR (r0, r4); \
	XOR (r3, r2); XOR (r2, r4); AND (r1, r2); XOR (r3, r1); \
	ANDN (r4, r3); XOR (r0, r3); XOR (r4, r1); XOR (r2, r1); \
	XOR (r0, r2); OR (r3, r0); XOR (r1, r0); AND (r3, r1); \
	XOR (r2, r1);

/* S-box 6; the result x0...x3 in r0, r1, r3, r4.  */
#define SB6(r0, r1, r2, r3, r4, r5) \
	MOV (r3, r4); AND (r0, r4); XOR (r3, r0); XOR (r2, r4); \
	OR (r3, r2); XOR (r4, r1); XOR (r0, r2); OR (r1, r0); \
	XOR (r1, r2); XOR (r0, r3); OR (r4, r0); XOR (r2, r0); \
	XOR (r4, r3); XOR (r0, r3); AND (r3, r2); XOR (r2, r4);

/* S-box 7; the result x0...x3 in r1, r3, r4, r0.  */
#define SB7(r0, r1, r2, r3, r4, r5) \
	MOV (r1, r4); OR (r2, r4); XOR (r3, r4); XOR (r2, r1); \
	XOR (r4, r2); OR (r1, r3); AND (r0, r3); XOR (r2, r1); \
	XOR (r4, r3); OR (r1, r4); XOR (r0, r4); OR (r1, r0); \
	XOR (r2, r0); XOR (r1, r4); XOR (r4, r2); AND (r0, r4); \
	XOR (r1, r4); MOV (r0, r5); ANDN (r2, r5); XOR (r5, r1);

/* inverse S-box 0; the result x0...x3 in r0, r1, r4, r3.  */
#define SI0(r0, r1, r2, r3, r4, r5) \
	MOV (r1, r4); AND (r0, r4); XOR (r2, r4); MOV (r1, r5); \
	ANDN (r2, r5); XOR (r3, r4); XOR (r1, r0); XOR (r0, r5); \
	ANDN (r3, r0); XOR (r0, r1); OR (r4, r0); XOR (r5, r0); \
	XOR (r1, r3); XOR (r4, r5); XOR (r0, r3); XOR (r4, r3); \
	AND (r3, r5); XOR (r5, r1);

/* inverse S-box 1; the result x0...x3 in r1, r0, r3, r2.  */
#define SI1(r0, r1, r2, r3, r4, r5) \
	MOV (r1, r4); XOR (r3, r4); AND (r4, r3); XOR (r2, r1); \
	XOR (r0, r3); OR (r4, r0); XOR (r3, r2); XOR (r1, r0); \
	OR (r2, r0); XOR (r3, r4); XOR (r4, r0); OR (r3, r4); \
	XOR (r0, r4); XOR (r4, r1); OR (r0, r4); XOR (r0, r4); \
	ANDN (r1, r4); XOR (r4, r3);

/* inverse S-box 2; the result x0...x3 in r1, r3, r2, r4.  */
#define SI2(r0, r1, r2, r3, r4, r5) \
	XOR (r3, r2); XOR (r0, r3); MOV (r3, r4); OR (r2, r4); \
	XOR (r1, r4); ANDN (r2, r1); XOR (r3, r1); OR (r4, r3); \
	XOR (r4, r2); ANDN (r0, r3); XOR (r2, r3); AND (r1, r2); \
	OR (r0, r2); XOR (r4, r2); XOR (r4, r0); AND (r1, r0); \
	XOR (r3, r4); XOR (r0, r4);

/* inverse S-box 3; the result x0...x3 in r4, r1, r3, r0.  */
#define SI3(r0, r1, r2, r3, r4, r5) \
	MOV (r2, r4); XOR (r1, r4); XOR (r4, r0); AND (r4, r2); \
	XOR (r0, r2); AND (r1, r0); XOR (r3, r1); OR (r2, r3); \
	XOR (r3, r4); XOR (r3, r0); XOR (r2, r1); AND (r4, r3); \
	XOR (r1, r3); XOR (r0, r1); OR (r4, r1); XOR (r3, r0); \
	XOR (r2, r1); XOR (r1, r0);

/* inverse S-box 4; the result x0...x3 in r0, r3, r4, r2.  */
#define SI4(r0, r1, r2, r3, r4, r5) \
	MOV (r2, r4); ANDN (r3, r4); XOR (r1, r4); OR (r3, r1); \
	AND (r0, r1); XOR (r4, r2); XOR (r1, r2); AND (r4, r1); \
	XOR (r2, r3); XOR (r3, r1); OR (r0, r3); XOR (r4, r3); \
	XOR (r1, r0); AND (r0, r4); XOR (r0, r3); XOR (r2, r4); \
	AND (r3, r4); XOR (r0, r3); XOR (r1, r4);

/* inverse S-box 5; the result x0...x3 in r1, r3, r4, r2.  */
#define SI5(r0, r1, r2, r3, r4, r5) \
	XOR (r1, r2); MOV (r3, r4); OR (r0, r4); XOR (r2, r4); \
	OR (r1, r2); AND (r0, r2); XOR (r4, r3); XOR (r3, r2); \
	OR (r0, r3); XOR (r1, r3); AND (r2, r1); XOR (r4, r1); \
	XOR (r2, r3); AND (r3, r4); XOR (r1, r3); XOR (r3, r4); \
	XOR (r0, r4);

/* inverse S-box 6; the result x0...x3 in r1, r4, r5, r3.  */
#define SI6(r0, r1, r2, r3, r4, r5) \
	XOR (r2, r0); MOV (r2, r4); AND (r0, r4); XOR (r3, r2); \
	XOR (r1, r3); XOR (r3, r4); MOV (r0, r5); ANDN (r2, r5); \
	XOR (r4, r0); XOR (r5, r3); XOR (r1, r5); AND (r3, r1); \
	XOR (r0, r1); XOR (r3, r0); OR (r4, r0); XOR (r1, r3); \
	XOR (r0, r5);

/* inverse S-box 7; the result x0...x3 in r3, r0, r1, r2.  */
#define SI7(r0, r1, r2, r3, r4, r5) \
	MOV (r2, r4); XOR (r0, r4); ANDN (r3, r0); OR (r3, r2); \
	XOR (r1, r3); OR (r0, r1); XOR (r4, r0); AND (r2, r4); \
	AND (r2, r3); XOR (r4, r1); XOR (r0, r4); OR (r4, r0); \
	XOR (r1, r2); XOR (r3, r0); XOR (r2, r3); OR (r0, r2); \
	XOR (r4, r3); XOR (r4, r2);
/* Blocks 0-3 from P to RA0-RA3, 4-7 to RB0-RB3, and back.  */
#define LOAD8(p)                                                        \
	movdqu 0*16(p), RA0; movdqu 1*16(p), RA1;                       \
	movdqu 2*16(p), RA2; movdqu 3*16(p), RA3;                       \
	movdqu 4*16(p), RB0; movdqu 5*16(p), RB1;                       \
	movdqu 6*16(p), RB2; movdqu 7*16(p), RB3

#define STORE8(p)                                                       \
	movdqu RA0, 0*16(p); movdqu RA1, 1*16(p);                       \
	movdqu RA2, 2*16(p); movdqu RA3, 3*16(p);                       \
	movdqu RB0, 4*16(p); movdqu RB1, 5*16(p);                       \
	movdqu RB2, 6*16(p); movdqu RB3, 7*16(p)

/* Block I of the eight, I a digit.  */
#define BLK0 RA0
#define BLK1 RA1
#define BLK2 RA2
#define BLK3 RA3
#define BLK4 RB0
#define BLK5 RB1
#define BLK6 RB2
#define BLK7 RB3

/* Out block I = block I ^ the 16 bytes at SRC, which are read first.  */
#define XOR_STORE(i, src, out)                                          \
	movdqu src, RT; pxor RT, BLK##i; movdqu BLK##i, i*16(out)

#define CLEAR_XMM                                                       \
	pxor %xmm0, %xmm0; pxor %xmm1, %xmm1; pxor %xmm2, %xmm2;        \
	pxor %xmm3, %xmm3; pxor %xmm4, %xmm4; pxor %xmm5, %xmm5;        \
	pxor %xmm6, %xmm6; pxor %xmm7, %xmm7; pxor %xmm8, %xmm8;        \
	pxor %xmm9, %xmm9; pxor %xmm10, %xmm10; pxor %xmm11, %xmm11;    \
	pxor %xmm12, %xmm12; pxor %xmm13, %xmm13; pxor %xmm14, %xmm14

.text

/* Local: encrypt the eight blocks in RA0-RA3, RB0-RB3 in place, with the
   round keys at CTX (%rdi); clobbers RKEY, %r11 and %xmm0-%xmm13.  The
   rounds run as a loop of four groups of eight (one per pass through
   the S-boxes), short enough for the decoded-instruction cache; the
   moves at the end of a group return the words to slots 0-3 for the
   next.  */
.align 16
serpent_sse2_enc8:
	CFI_STARTPROC ()
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	movq CTX, RKEY
	leaq 24*16(CTX), %r11
.align 16
.Lenc8_group:
	KX (0, 0, 1, 2, 3); SB0 (0, 1, 2, 3, 4, 5); LT (4, 5, 2, 0, 1);
	KX (1, 4, 5, 2, 0); SB1 (4, 5, 2, 0, 1, 3); LT (2, 4, 0, 5, 1);
	KX (2, 2, 4, 0, 5); SB2 (2, 4, 0, 5, 1, 3); LT (0, 4, 5, 2, 1);
	KX (3, 0, 4, 5, 2); SB3 (0, 4, 5, 2, 1, 3); LT (1, 4, 2, 0, 5);
	KX (4, 1, 4, 2, 0); SB4 (1, 4, 2, 0, 5, 3); LT (5, 4, 1, 0, 2);
	KX (5, 5, 4, 1, 0); SB5 (5, 4, 1, 0, 2, 3); LT (2, 0, 5, 4, 1);
	KX (6, 2, 0, 5, 4); SB6 (2, 0, 5, 4, 1, 3); LT (2, 0, 4, 1, 5);
	KX (7, 2, 0, 4, 1); SB7 (2, 0, 4, 1, 5, 3);
	cmpq %r11, RKEY
	je .Lenc8_last
	LT (0, 1, 5, 2, 4)
	MOV (2, 3); MOV (5, 2);
	addq $8*16, RKEY
	jmp .Lenc8_group
.Lenc8_last:
	KX (8, 0, 1, 5, 2)
	TRANSPOSE (0, 1, 5, 2, 4, 3)
	MOV (2, 3); MOV (5, 2);
	ret
	CFI_ENDPROC ()
ELF (.size serpent_sse2_enc8, . - serpent_sse2_enc8)

/* Local: as serpent_sse2_enc8, decrypting, the groups in reverse.  */
.align 16
serpent_sse2_dec8:
	CFI_STARTPROC ()
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	leaq 24*16(CTX), RKEY
	KX (8, 0, 1, 2, 3)
.align 16
.Ldec8_group:
	SI7 (0, 1, 2, 3, 4, 5); KX (7, 3, 0, 1, 2);
	LTI (3, 0, 1, 2, 4); SI6 (3, 0, 1, 2, 4, 5); KX (6, 0, 4, 5, 2);
	LTI (0, 4, 5, 2, 3); SI5 (0, 4, 5, 2, 3, 1); KX (5, 4, 2, 3, 5);
	LTI (4, 2, 3, 5, 0); SI4 (4, 2, 3, 5, 0, 1); KX (4, 4, 5, 0, 3);
	LTI (4, 5, 0, 3, 2); SI3 (4, 5, 0, 3, 2, 1); KX (3, 2, 5, 3, 4);
	LTI (2, 5, 3, 4, 0); SI2 (2, 5, 3, 4, 0, 1); KX (2, 5, 4, 3, 0);
	LTI (5, 4, 3, 0, 2); SI1 (5, 4, 3, 0, 2, 1); KX (1, 4, 5, 0, 3);
	LTI (4, 5, 0, 3, 2); SI0 (4, 5, 0, 3, 2, 1); KX (0, 4, 5, 2, 3);
	cmpq CTX, RKEY
	je .Ldec8_last
	LTI (4, 5, 2, 3, 0)
	MOV (4, 0); MOV (5, 1);
	subq $8*16, RKEY
	jmp .Ldec8_group
.Ldec8_last:
	TRANSPOSE (4, 5, 2, 3, 0, 1)
	MOV (4, 0); MOV (5, 1);
	ret
	CFI_ENDPROC ()
ELF (.size serpent_sse2_dec8, . - serpent_sse2_dec8)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count (always 8,
   not read).  */
ENTRY (_bcry_serpent_sse2_enc_blk8)
	LOAD8 (%rdx)
	call serpent_sse2_enc8
	STORE8 (%rsi)
	CLEAR_XMM
	ret
END (_bcry_serpent_sse2_enc_blk8)

ENTRY (_bcry_serpent_sse2_dec_blk8)
	LOAD8 (%rdx)
	call serpent_sse2_dec8
	STORE8 (%rsi)
	CLEAR_XMM
	ret
END (_bcry_serpent_sse2_dec_blk8)

/* Counter block I: the 128-bit big-endian counter %rax:%r9 (high:low),
   then the counter plus one, with the carry into the high half.  */
#define CTR_BLOCK(i)                                                    \
	movq %rax, %r10; bswapq %r10; movq %r10, BLK##i;                \
	movq %r9, %r11; bswapq %r11; movq %r11, RT;                     \
	punpcklqdq RT, BLK##i;                                          \
	addq $1, %r9; adcq $0, %rax

/* CTR: %rdi ctx, %rsi the counter (advanced by 8), %rdx out, %rcx in,
   %r8 the block count (always 8, not read).  */
ENTRY (_bcry_serpent_sse2_ctr_enc_blk8)
	movq (%rsi), %rax
	movq 8(%rsi), %r9
	bswapq %rax
	bswapq %r9
	CTR_BLOCK (0); CTR_BLOCK (1); CTR_BLOCK (2); CTR_BLOCK (3)
	CTR_BLOCK (4); CTR_BLOCK (5); CTR_BLOCK (6); CTR_BLOCK (7)
	bswapq %rax
	bswapq %r9
	movq %rax, (%rsi)
	movq %r9, 8(%rsi)
	call serpent_sse2_enc8
	XOR_STORE (0, 0*16(%rcx), %rdx); XOR_STORE (1, 1*16(%rcx), %rdx)
	XOR_STORE (2, 2*16(%rcx), %rdx); XOR_STORE (3, 3*16(%rcx), %rdx)
	XOR_STORE (4, 4*16(%rcx), %rdx); XOR_STORE (5, 5*16(%rcx), %rdx)
	XOR_STORE (6, 6*16(%rcx), %rdx); XOR_STORE (7, 7*16(%rcx), %rdx)
	CLEAR_XMM
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	ret
END (_bcry_serpent_sse2_ctr_enc_blk8)

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count (always 8, not read).
   The blocks are stored last to first so that, in place, each
   ciphertext block is read before its plaintext overwrites it.  */
ENTRY (_bcry_serpent_sse2_cbc_dec_blk8)
	LOAD8 (%rcx)
	call serpent_sse2_dec8
	movdqu 7*16(%rcx), RU
	XOR_STORE (7, 6*16(%rcx), %rdx); XOR_STORE (6, 5*16(%rcx), %rdx)
	XOR_STORE (5, 4*16(%rcx), %rdx); XOR_STORE (4, 3*16(%rcx), %rdx)
	XOR_STORE (3, 2*16(%rcx), %rdx); XOR_STORE (2, 1*16(%rcx), %rdx)
	XOR_STORE (1, 0*16(%rcx), %rdx); XOR_STORE (0, (%rsi), %rdx)
	movdqu RU, (%rsi)
	CLEAR_XMM
	ret
END (_bcry_serpent_sse2_cbc_dec_blk8)

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count (always 8, not read).
   The keystream is E(IV), E(C_0), ..., E(C_6).  */
ENTRY (_bcry_serpent_sse2_cfb_dec_blk8)
	movdqu (%rsi), RA0
	movdqu 0*16(%rcx), RA1
	movdqu 1*16(%rcx), RA2
	movdqu 2*16(%rcx), RA3
	movdqu 3*16(%rcx), RB0
	movdqu 4*16(%rcx), RB1
	movdqu 5*16(%rcx), RB2
	movdqu 6*16(%rcx), RB3
	movdqu 7*16(%rcx), RT
	movdqu RT, (%rsi)
	call serpent_sse2_enc8
	XOR_STORE (0, 0*16(%rcx), %rdx); XOR_STORE (1, 1*16(%rcx), %rdx)
	XOR_STORE (2, 2*16(%rcx), %rdx); XOR_STORE (3, 3*16(%rcx), %rdx)
	XOR_STORE (4, 4*16(%rcx), %rdx); XOR_STORE (5, 5*16(%rcx), %rdx)
	XOR_STORE (6, 6*16(%rcx), %rdx); XOR_STORE (7, 7*16(%rcx), %rdx)
	CLEAR_XMM
	ret
END (_bcry_serpent_sse2_cfb_dec_blk8)

#endif /* HAVE_COMPATIBLE_AMD64_AS && ENABLE_SSE2_SUPPORT */

GNU_STACK_NOTE
