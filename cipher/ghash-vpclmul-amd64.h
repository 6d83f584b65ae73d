/* ghash-vpclmul-amd64.h - GHASH with VPCLMULQDQ for assembly kernels
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH of NIST SP 800-38D over a group of blocks, for the kernels that
 * run it between the rounds of a cipher (GCM "stitched" with CTR), as
 * cipher/ghash-vpclmul.c computes it in C: the representation of
 * cipher/ghash-clmul.h (blocks byte-reversed, the field's bits
 * reflected), each block of the group multiplied by its power of H from
 * the ghash_state_t's table (H^N for the first of N blocks ... H^1 for
 * the last), the Karatsuba middle products from the table's precomputed
 * operands, the products summed unreduced, then one reduction by two
 * multiplications by the constant of x^-1.  The state's fields are at
 * the offsets of src/kernel-state.h (GHASH_STATE_*).  The macros take
 * the registers they may use as numbers, so that a kernel hands over
 * the ones its rounds leave free, and the state pointer and the blocks'
 * address as operands.
 */

#ifndef BCRY_GHASH_VPCLMUL_AMD64_H
#define BCRY_GHASH_VPCLMUL_AMD64_H

#include "kernel-state.h"

/* The byte reversal of each 128-bit lane, and x^-1 in the reflected
   order: the constant of the two-multiply reduction.  */
#define GHASH_VPCLMUL_CONSTANTS                                         \
	.section .rodata;                                               \
	.align 64;                                                      \
.Lghash_bswap128:                                                       \
	.rept 4;                                                        \
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0;     \
	.endr;                                                          \
.Lghash_poly:                                                           \
	.quad 1, 0xc200000000000000;                                    \
	.text

/* The power H^P and its Karatsuba operand (the xor of its halves) in
   the table of the state at ST: P = GHASH_STATE_POWERS is the first.  */
#define GHASH_POW(st, p) (GHASH_STATE_POW+16*(GHASH_STATE_POWERS-(p)))(st)
#define GHASH_MID(st, p) (GHASH_STATE_MID+16*(GHASH_STATE_POWERS-(p)))(st)

/* X (4 blocks in a ZMM register) times H^P .. H^(P-3): the low, high
   and middle products into LO, HI and MID.  */
#define GHASH_ZMM_MUL4(st, p, x, lo, hi, mid)                           \
	vpclmulqdq $0x00, GHASH_POW (st, p), x, lo;                     \
	vpclmulqdq $0x11, GHASH_POW (st, p), x, hi;                     \
	vpshufd $0x4e, x, mid;                                          \
	vpxorq x, mid, mid;                                             \
	vpclmulqdq $0x00, GHASH_MID (st, p), mid, mid
/* Four blocks at M into the ZMM register X, byte-reversed unless PV
   (POLYVAL's blocks, which the representation takes as they are).  */
#define GHASH_ZMM_LOAD_PV(m, x, pv)                                     \
	vmovdqu64 m, x;                                                 \
	.if !(pv);                                                      \
	vpshufb .Lghash_bswap128(%rip), x, x;                           \
	.endif
#define GHASH_ZMM_LOAD(m, x) GHASH_ZMM_LOAD_PV (m, x, 0)
/* The sum of the four lanes of %zmmX into %xmmX, T scratch.  */
#define GHASH_ZMM_FOLD(x, t)                                            \
	vextracti64x4 $1, %zmm##x, %ymm##t;                             \
	vpxorq %ymm##t, %ymm##x, %ymm##x;                               \
	vextracti32x4 $1, %ymm##x, %xmm##t;                             \
	vpxorq %xmm##t, %xmm##x, %xmm##x
/* The reduction of HI:LO (in %xmmLO, %xmmHI after the folds, the middle
   terms already added) into %xmmLO, in the representation of
   ghash-clmul.h, T scratch.  */
#define GHASH_REDUCE(lo, hi, t)                                         \
	vpclmulqdq $0x10, .Lghash_poly(%rip), %xmm##lo, %xmm##t;        \
	vpshufd $0x4e, %xmm##lo, %xmm##lo;                              \
	vpxorq %xmm##t, %xmm##lo, %xmm##lo;                             \
	vpclmulqdq $0x10, .Lghash_poly(%rip), %xmm##lo, %xmm##t;        \
	vpshufd $0x4e, %xmm##lo, %xmm##lo;                              \
	vpternlogq $0x96, %xmm##t, %xmm##hi, %xmm##lo
/* The same, stored at the state's Y.  */
#define GHASH_REDUCE_STORE(st, lo, hi, t)                               \
	GHASH_REDUCE (lo, hi, t);                                       \
	vpshufb .Lghash_bswap128(%rip), %xmm##lo, %xmm##lo;             \
	vmovdqu64 %xmm##lo, GHASH_STATE_Y(st)

/* The sums LO, HI and MID (the middle products, the low and high ones
   already taken out) of four lanes each, folded, reduced and stored
   at the state's Y; T and U scratch.  */
#define GHASH_ZMM_FINISH(st, lo, hi, mid, t, u)                         \
	vpslldq $8, %zmm##mid, %zmm##t;                                 \
	vpsrldq $8, %zmm##mid, %zmm##u;                                 \
	vpxorq %zmm##t, %zmm##lo, %zmm##lo;                             \
	vpxorq %zmm##u, %zmm##hi, %zmm##hi;                             \
	GHASH_ZMM_FOLD (lo, t);                                         \
	GHASH_ZMM_FOLD (hi, u);                                         \
	GHASH_REDUCE_STORE (st, lo, hi, t)

/* The state at ST absorbs the 16 blocks at SRC (a base register), the
   hash so far read from Y (a memory operand, normally the state's Y),
   with ZMM registers A to K (numbers).  Unlike ghash-vpclmul.c it adds
   the hash to the first block, as a kernel hashes a group between two
   rounds and the chain is far shorter than the rounds between two
   groups.  */
#define GHASH_ZMM16(st, src, y, a, b, c, d, e, f, g, h, i, j, k)         \
	GHASH_ZMM16_PV (st, src, y, 0, a, b, c, d, e, f, g, h, i, j, k)
/* The same for POLYVAL's blocks when PV.  */
#define GHASH_ZMM16_PV(st, src, y, pv, a, b, c, d, e, f, g, h, i, j, k)  \
	vmovdqu64 y, %xmm##e;                                           \
	vpshufb .Lghash_bswap128(%rip), %xmm##e, %xmm##e;               \
	GHASH_ZMM_LOAD_PV (0(src), %zmm##a, pv);                        \
	GHASH_ZMM_LOAD_PV (64(src), %zmm##b, pv);                       \
	GHASH_ZMM_LOAD_PV (128(src), %zmm##c, pv);                      \
	GHASH_ZMM_LOAD_PV (192(src), %zmm##d, pv);                      \
	vpxorq %zmm##e, %zmm##a, %zmm##a;                               \
	GHASH_ZMM_MUL4 (st, 16, %zmm##a, %zmm##f, %zmm##g, %zmm##h);    \
	GHASH_ZMM_MUL4 (st, 12, %zmm##b, %zmm##i, %zmm##j, %zmm##k);    \
	vpxorq %zmm##i, %zmm##f, %zmm##f;                               \
	vpxorq %zmm##j, %zmm##g, %zmm##g;                               \
	vpxorq %zmm##k, %zmm##h, %zmm##h;                               \
	GHASH_ZMM_MUL4 (st, 8, %zmm##c, %zmm##i, %zmm##j, %zmm##k);     \
	GHASH_ZMM_MUL4 (st, 4, %zmm##d, %zmm##a, %zmm##b, %zmm##e);     \
	vpternlogq $0x96, %zmm##i, %zmm##a, %zmm##f;                    \
	vpternlogq $0x96, %zmm##j, %zmm##b, %zmm##g;                    \
	vpternlogq $0x96, %zmm##k, %zmm##e, %zmm##h;                    \
	vpternlogq $0x96, %zmm##f, %zmm##g, %zmm##h;                    \
	GHASH_ZMM_FINISH (st, f, g, h, i, j)

/* The state at ST absorbs the N blocks at SRC (registers, both
   clobbered, N >= 1) with GHASH_ZMM16 and ZMM registers A to K: groups
   of 16 in turn, then the last K < 16 blocks in rows of four, masked,
   each multiplied by the powers from H^(K-4i) on: read from the table
   at K blocks before its end, so that the first block takes H^K, and
   the hash so far is added to it.  Powers read for lanes past the
   blocks multiply zeros, and stay inside the state.  A row that holds
   no block is not read (masked loads of untouched pages cost a
   microcode assist).  P and M are scratch registers (64-bit), the mask
   in %k1 and %k2.  POLYVAL's blocks when PV.  */
#define GHASH_ZMM_ANY(st, src, n, p, m, pv, a, b, c, d, e, f, g, h, i, j, k) \
	cmpq $16, n;                                                    \
	jb 72f;                                                         \
71:	GHASH_ZMM16_PV (st, src, GHASH_STATE_Y(st), pv,                 \
			a, b, c, d, e, f, g, h, i, j, k);               \
	addq $256, src;                                                 \
	subq $16, n;                                                    \
	cmpq $16, n;                                                    \
	jae 71b;                                                        \
72:	testq n, n;                                                     \
	jz 74f;                                                         \
	leaq (n, n), p;                                                 \
	movq $-1, m;                                                    \
	bzhiq p, m, m;                                                  \
	kmovq m, %k1;                                                   \
	shlq $4, n;                                                     \
	negq n;                                                         \
	leaq (GHASH_STATE_POW+16*GHASH_STATE_POWERS)(st, n), p;         \
	vmovdqu64 GHASH_STATE_Y(st), %xmm##e;                           \
	vpshufb .Lghash_bswap128(%rip), %xmm##e, %xmm##e;               \
	vmovdqu64 (src), %zmm##a{%k1}{z};                               \
	.if !(pv);                                                      \
	vpshufb .Lghash_bswap128(%rip), %zmm##a, %zmm##a;               \
	.endif;                                                         \
	vpxorq %zmm##e, %zmm##a, %zmm##a;                               \
	vpclmulqdq $0x00, (p), %zmm##a, %zmm##f;                        \
	vpclmulqdq $0x11, (p), %zmm##a, %zmm##g;                        \
	vpshufd $0x4e, %zmm##a, %zmm##h;                                \
	vpxorq %zmm##a, %zmm##h, %zmm##h;                               \
	vpclmulqdq $0x00, (GHASH_STATE_MID-GHASH_STATE_POW)(p), %zmm##h, %zmm##h; \
	GHASH_ZMM_TAIL_ROW (1, src, p, pv, a, c, i, j, f, g, h);        \
	GHASH_ZMM_TAIL_ROW (2, src, p, pv, a, c, i, j, f, g, h);        \
	GHASH_ZMM_TAIL_ROW (3, src, p, pv, a, c, i, j, f, g, h);        \
75:	vpternlogq $0x96, %zmm##f, %zmm##g, %zmm##h;                    \
	GHASH_ZMM_FINISH (st, f, g, h, i, j);                           \
74:
/* Row R of GHASH_ZMM_ANY's last blocks, or on to its end (75) when the
   row holds none, into the sums LO, HI and MID; X, T, U, V scratch.  */
#define GHASH_ZMM_TAIL_ROW(r, src, p, pv, x, t, u, v, lo, hi, mid)     \
	kshiftrq $(8*(r)), %k1, %k2;                                    \
	kortestq %k2, %k2;                                              \
	jz 75f;                                                         \
	vmovdqu64 (64*(r))(src), %zmm##x{%k2}{z};                       \
	.if !(pv);                                                      \
	vpshufb .Lghash_bswap128(%rip), %zmm##x, %zmm##x;               \
	.endif;                                                         \
	vpclmulqdq $0x00, (64*(r))(p), %zmm##x, %zmm##u;                \
	vpclmulqdq $0x11, (64*(r))(p), %zmm##x, %zmm##v;                \
	vpshufd $0x4e, %zmm##x, %zmm##t;                                \
	vpxorq %zmm##x, %zmm##t, %zmm##t;                               \
	vpclmulqdq $0x00, (GHASH_STATE_MID-GHASH_STATE_POW+64*(r))(p),  \
		   %zmm##t, %zmm##t;                                    \
	vpxorq %zmm##u, %zmm##lo, %zmm##lo;                             \
	vpxorq %zmm##v, %zmm##hi, %zmm##hi;                             \
	vpxorq %zmm##t, %zmm##mid, %zmm##mid

/* Two blocks at M into the YMM register X, byte-reversed.  */
#define GHASH_YMM_LOAD(m, x)                                            \
	vmovdqu m, x; vpshufb .Lghash_bswap128(%rip), x, x
/* X (2 blocks in a YMM register) times H^P, H^(P-1): the products into
   LO, HI and MID when FIRST, else xored into them, T scratch.  */
#define GHASH_YMM_MUL2(st, p, x, lo, hi, mid, t, first)                 \
	.if (first);                                                    \
	vpclmulqdq $0x00, GHASH_POW (st, p), x, lo;                     \
	vpclmulqdq $0x11, GHASH_POW (st, p), x, hi;                     \
	vpshufd $0x4e, x, mid; vpxor x, mid, mid;                       \
	vpclmulqdq $0x00, GHASH_MID (st, p), mid, mid;                  \
	.else;                                                          \
	vpclmulqdq $0x00, GHASH_POW (st, p), x, t; vpxor t, lo, lo;     \
	vpclmulqdq $0x11, GHASH_POW (st, p), x, t; vpxor t, hi, hi;     \
	vpshufd $0x4e, x, t; vpxor x, t, t;                             \
	vpclmulqdq $0x00, GHASH_MID (st, p), t, t; vpxor t, mid, mid;   \
	.endif

/* The same as GHASH_ZMM16 for the 8 blocks at SRC, with YMM registers
   X, LO, HI, MID and T (numbers; X, Y the same registers' XMM halves
   for the hash), and VEX instructions only.  */
#define GHASH_YMM8(st, src, y, x, lo, hi, mid, t, yr)                   \
	vmovdqu y, %xmm##yr;                                            \
	vpshufb .Lghash_bswap128(%rip), %xmm##yr, %xmm##yr;             \
	GHASH_YMM_LOAD (0(src), %ymm##x); vpxor %ymm##yr, %ymm##x, %ymm##x; \
	GHASH_YMM_MUL2 (st, 8, %ymm##x, %ymm##lo, %ymm##hi, %ymm##mid,  \
			%ymm##t, 1);                                    \
	GHASH_YMM_LOAD (32(src), %ymm##x);                              \
	GHASH_YMM_MUL2 (st, 6, %ymm##x, %ymm##lo, %ymm##hi, %ymm##mid,  \
			%ymm##t, 0);                                    \
	GHASH_YMM_LOAD (64(src), %ymm##x);                              \
	GHASH_YMM_MUL2 (st, 4, %ymm##x, %ymm##lo, %ymm##hi, %ymm##mid,  \
			%ymm##t, 0);                                    \
	GHASH_YMM_LOAD (96(src), %ymm##x);                              \
	GHASH_YMM_MUL2 (st, 2, %ymm##x, %ymm##lo, %ymm##hi, %ymm##mid,  \
			%ymm##t, 0);                                    \
	vpxor %ymm##lo, %ymm##mid, %ymm##mid;                           \
	vpxor %ymm##hi, %ymm##mid, %ymm##mid;                           \
	vpslldq $8, %ymm##mid, %ymm##t; vpsrldq $8, %ymm##mid, %ymm##mid; \
	vpxor %ymm##t, %ymm##lo, %ymm##lo;                              \
	vpxor %ymm##mid, %ymm##hi, %ymm##hi;                            \
	vextracti128 $1, %ymm##lo, %xmm##t; vpxor %xmm##t, %xmm##lo, %xmm##lo; \
	vextracti128 $1, %ymm##hi, %xmm##t; vpxor %xmm##t, %xmm##hi, %xmm##hi; \
	vpclmulqdq $0x10, .Lghash_poly(%rip), %xmm##lo, %xmm##t;        \
	vpshufd $0x4e, %xmm##lo, %xmm##lo; vpxor %xmm##t, %xmm##lo, %xmm##lo; \
	vpclmulqdq $0x10, .Lghash_poly(%rip), %xmm##lo, %xmm##t;        \
	vpshufd $0x4e, %xmm##lo, %xmm##lo; vpxor %xmm##t, %xmm##hi, %xmm##hi; \
	vpxor %xmm##hi, %xmm##lo, %xmm##lo;                             \
	vpshufb .Lghash_bswap128(%rip), %xmm##lo, %xmm##lo;             \
	vmovdqu %xmm##lo, GHASH_STATE_Y(st)

#endif /* BCRY_GHASH_VPCLMUL_AMD64_H */
