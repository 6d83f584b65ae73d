/* ghash-pclmul-amd64.S - GHASH's and POLYVAL's sixteen-block loop in
 * the legacy SSE encoding
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The long loop of ghash-pclmul.c for CPUs with PCLMULQDQ but without
 * AVX, in the representation of ghash-clmul.h: sixteen blocks summed
 * with Karatsuba before one reduction, the block that carries the
 * running value multiplied last, the reduction done with shifts
 * (finish128).  The multiplies take the powers as memory operands: the
 * same loop with each power loaded into a register first ran GHASH 19%
 * slower, and the loop compiled from intrinsics 5% (doc/HACKING,
 * "Tuning notes").  The SSE encoding allows such an operand only at a
 * 16-byte aligned address, so the caller checks the state's alignment.
 * No branch and no memory access depends on the data or the key.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef GHASH_USE_PCLMUL

.section .rodata
.align 16
.Lbswap:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Lidentity:
	.byte 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15

.text

#define GH %rdi
#define BUF %rsi
#define NGROUPS %rdx

/* The key's powers, their middle operands and the blocks are addressed
   from 128 bytes into each array, so that every displacement fits in a
   byte: shorter instructions for a long loop.  */
#define POWP %rax
#define MIDP %rcx
#define POW(i) (16 * (i) - 128)(POWP)
#define MID(i) (16 * (i) - 128)(MIDP)
#define DATA(i) (16 * (i) - 128)(BUF)

#define MASK %xmm15
#define Y %xmm14
#define HI %xmm13
#define MD %xmm12
#define LO %xmm11

/* Block I (1..15) of the group times POW[I] into LO, MD and HI (the
   first block starts them), Karatsuba's way, its bytes put in the
   register order by MASK.  X, K and A are temporaries, two sets taken
   in turn.  */
.macro BLOCK i, x, k, a
	.if \i == 1
	movdqu	DATA(\i), HI
	pshufb	MASK, HI
	pshufd	$0x4e, HI, MD
	pxor	HI, MD
	movdqa	HI, LO
	pclmulqdq $0x00, POW(\i), LO
	pclmulqdq $0x11, POW(\i), HI
	pclmulqdq $0x00, MID(\i), MD
	.else
	movdqu	DATA(\i), \x
	pshufb	MASK, \x
	pshufd	$0x4e, \x, \k
	pxor	\x, \k
	movdqa	\x, \a
	pclmulqdq $0x00, POW(\i), \a
	pclmulqdq $0x11, POW(\i), \x
	pclmulqdq $0x00, MID(\i), \k
	pxor	\a, LO
	pxor	\x, HI
	pxor	\k, MD
	.endif
.endm

/* T = sll_poly (X) of ghash-clmul.h, X << 63 ^ X << 62 ^ X << 57 in
   each qword, as ((X << 1 ^ X) << 5 ^ X) << 57: one copy, not three.  */
.macro SLL_POLY x, t
	movdqa	\x, \t
	psllq	$1, \t
	pxor	\x, \t
	psllq	$5, \t
	pxor	\x, \t
	psllq	$57, \t
.endm


/* The registers held the data, products of the key and the hash: none
   of them is left behind (MASK is a constant).  */
.macro CLEAR_XMM
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
	pxor	%xmm2, %xmm2
	pxor	%xmm3, %xmm3
	pxor	%xmm4, %xmm4
	pxor	%xmm5, %xmm5
	pxor	%xmm11, %xmm11
	pxor	%xmm12, %xmm12
	pxor	%xmm13, %xmm13
	pxor	%xmm14, %xmm14
.endm

/* void _bcry_ghash_pclmul_polyval_blk16 (ghash_state_t *gh (%rdi),
                                          const byte *buf (%rsi),
                                          size_t ngroups (%rdx));
   The state's Y updated with NGROUPS (at least one) groups of sixteen
   POLYVAL blocks at BUF, which are in the register order already.  GH
   must be 16-byte aligned and its K hold all sixteen powers.  */
ENTRY (_bcry_ghash_pclmul_polyval_blk16)
	movdqa	.Lidentity(%rip), MASK
	jmp	.Lgroups
END (_bcry_ghash_pclmul_polyval_blk16)

/* The same for GHASH's blocks, byte-reversed on loading, and the loop
   over the groups that both run.  */
ENTRY (_bcry_ghash_pclmul_ghash_blk16)
	movdqa	.Lbswap(%rip), MASK
.Lgroups:
	leaq	(GHASH_STATE_POW + 128)(GH), POWP
	leaq	(GHASH_STATE_MID + 128)(GH), MIDP
	subq	$-128, BUF
	movdqu	GHASH_STATE_Y(GH), Y
	pshufb	.Lbswap(%rip), Y

	.align 16
1:
	BLOCK	1
	BLOCK	2, %xmm3, %xmm4, %xmm5
	BLOCK	3, %xmm0, %xmm1, %xmm2
	BLOCK	4, %xmm3, %xmm4, %xmm5
	BLOCK	5, %xmm0, %xmm1, %xmm2
	BLOCK	6, %xmm3, %xmm4, %xmm5
	BLOCK	7, %xmm0, %xmm1, %xmm2
	BLOCK	8, %xmm3, %xmm4, %xmm5
	BLOCK	9, %xmm0, %xmm1, %xmm2
	BLOCK	10, %xmm3, %xmm4, %xmm5
	BLOCK	11, %xmm0, %xmm1, %xmm2
	BLOCK	12, %xmm3, %xmm4, %xmm5
	BLOCK	13, %xmm0, %xmm1, %xmm2
	BLOCK	14, %xmm3, %xmm4, %xmm5
	BLOCK	15, %xmm0, %xmm1, %xmm2

	/* Block 0 carries Y: from here to the next Y is the chain.  The
	   cross terms of the other blocks join MD first, off it.  */
	movdqu	DATA(0), %xmm3
	pshufb	MASK, %xmm3
	pxor	LO, MD
	pxor	HI, MD
	pxor	Y, %xmm3
	pshufd	$0x4e, %xmm3, %xmm4
	pxor	%xmm3, %xmm4
	movdqa	%xmm3, %xmm5
	pclmulqdq $0x00, POW(0), %xmm5
	pclmulqdq $0x11, POW(0), %xmm3
	pclmulqdq $0x00, MID(0), %xmm4
	pxor	%xmm5, LO
	pxor	%xmm3, HI
	pxor	%xmm5, %xmm3
	pxor	%xmm3, MD
	pxor	%xmm4, MD

	/* finish128 of ghash-clmul.h: F is LO with sll_poly of its low
	   qword and MD's low qword added into its high qword; then Y = F ^
	   HI ^ MD's high qword ^ srl_poly (F) ^ sll_poly (F)'s high qword
	   moved down.  The first fold reads only LO, so it starts before
	   MD is summed.  */
	SLL_POLY LO, %xmm0
	pxor	MD, %xmm0
	pslldq	$8, %xmm0
	pxor	%xmm0, LO
	psrldq	$8, MD
	pxor	MD, HI
	SLL_POLY LO, %xmm1
	psrldq	$8, %xmm1
	pxor	LO, HI
	pxor	%xmm1, HI
	/* srl_poly (F), F >> 1 ^ F >> 2 ^ F >> 7 in each qword, as
	   ((F >> 5 ^ F) >> 1 ^ F) >> 1, built in Y.  */
	movdqa	LO, Y
	psrlq	$5, Y
	pxor	LO, Y
	psrlq	$1, Y
	pxor	LO, Y
	psrlq	$1, Y
	pxor	HI, Y

	addq	$(16 * 16), BUF
	decq	NGROUPS
	jnz	1b

	pshufb	.Lbswap(%rip), Y
	movdqu	Y, GHASH_STATE_Y(GH)
	CLEAR_XMM
	ret
END (_bcry_ghash_pclmul_ghash_blk16)

#endif /* GHASH_USE_PCLMUL */

GNU_STACK_NOTE
