/* camellia-aese-neon-aarch64.S - the 16-block Camellia core with NEON and AESE
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The rounds of the byte-sliced Camellia of camellia-neon-aarch64.c,
 * which describes the design (after camellia-simd-amd64.h: the S-boxes
 * through AESE/AESD between nibble lookups with TBL) and holds the
 * tables, the schedule this code reads and the modes around it.  In
 * assembly so that the state (V0-V15), the S-box outputs (V16-V23) and
 * the tables, keys and temporaries (V24-V31) stay in their registers:
 * written with intrinsics, the round spilled to the stack and moved
 * registers, some 10 % more instructions a block.
 */

#include "asm-common-aarch64.h"
#include "simd-kernels.h"

#ifdef USE_CAMELLIA_NEON

.text
.arch armv8-a+crypto

/* Byte offsets in the tables (cam_tables of camellia-neon-aarch64.c):
   each map two 16-byte tables, the low nibble's first.  */
#define PRE123_E 0
#define POST14_E 64     /* POST2_E follows.  */
#define POST3_E 128
#define PRE123_D 160    /* PRE4_D follows, as PRE4_E does PRE123_E.  */
#define POST14_D 224
#define POST3_D 288
#define SHIFT_ROWS 320
#define INV_SHIFT_ROWS 336

#define SCHED x0
#define DST x1
#define SRC x2
#define NGROUPS w3
#define TBL_PRE_E x4
#define XSRC x5
#define TBL_POST_E x6
#define TBL_POST3_E x7
#define TBL_PRE_D x8
#define TBL_POST_D x9
#define TBL_POST3_D x10

#define B(n) v##n.16b
#define S(n) v##n.4s

/* V(d) = L[V(s) & 15] ^ H[V(s) >> 4], L and H in V(lo) and V(hi), 0x0f
   in each byte of V28, V29 and V30 scratch.  */
#define NMAP(d, s, lo, hi)                                              \
	and B(29), B(s), B(28); ushr B(30), B(s), #4;                   \
	tbl B(29), {B(lo)}, B(29); tbl B(30), {B(hi)}, B(30);           \
	eor B(d), B(29), B(30)

/* The next four words of the schedule, each broadcast, into V24-V27.  */
#define KEY4 ld4r {S(24), S(25), S(26), S(27)}, [SCHED], #16

/* s_j = S-box j of y_j into V16+j, AES being AESE (the left half) or
   AESD (the right half) with the schedule's round keys; the maps
   grouped by table.  */
#define SBOX8(aes, pre, post, post3, y0, y1, y2, y3, y4, y5, y6, y7)    \
	ld1 {B(24), B(25), B(26), B(27)}, [pre];                        \
	NMAP (16, y0, 24, 25); NMAP (17, y1, 24, 25);                   \
	NMAP (18, y2, 24, 25); NMAP (20, y4, 24, 25);                   \
	NMAP (21, y5, 24, 25); NMAP (23, y7, 24, 25);                   \
	NMAP (19, y3, 26, 27); NMAP (22, y6, 26, 27);                   \
	KEY4;                                                           \
	aes B(16), B(24); aes B(17), B(25);                             \
	aes B(18), B(26); aes B(19), B(27);                             \
	KEY4;                                                           \
	aes B(20), B(24); aes B(21), B(25);                             \
	aes B(22), B(26); aes B(23), B(27);                             \
	ld1 {B(24), B(25), B(26), B(27)}, [post];                       \
	NMAP (16, 16, 24, 25); NMAP (19, 19, 24, 25);                   \
	NMAP (22, 22, 24, 25); NMAP (23, 23, 24, 25);                   \
	NMAP (17, 17, 26, 27); NMAP (20, 20, 26, 27);                   \
	ld1 {B(24), B(25)}, [post3];                                    \
	NMAP (18, 18, 24, 25); NMAP (21, 21, 24, 25)

/* x_j ^= P (s)_j: sixteen EORs leave P's byte j in V16+(j+4)%8.  */
#define P_XOR(x0, x1, x2, x3, x4, x5, x6, x7)                           \
	eor B(16), B(16), B(21); eor B(17), B(17), B(22);               \
	eor B(18), B(18), B(23); eor B(19), B(19), B(20);               \
	eor B(20), B(20), B(18); eor B(21), B(21), B(19);               \
	eor B(22), B(22), B(16); eor B(23), B(23), B(17);               \
	eor B(16), B(16), B(23); eor B(17), B(17), B(20);               \
	eor B(18), B(18), B(21); eor B(19), B(19), B(22);               \
	eor B(20), B(20), B(19); eor B(21), B(21), B(16);               \
	eor B(22), B(22), B(17); eor B(23), B(23), B(18);               \
	eor B(x0), B(x0), B(20); eor B(x1), B(x1), B(21);               \
	eor B(x2), B(x2), B(22); eor B(x3), B(x3), B(23);               \
	eor B(x4), B(x4), B(16); eor B(x5), B(x5), B(17);               \
	eor B(x6), B(x6), B(18); eor B(x7), B(x7), B(19)

#define ROUND_E                                                         \
	SBOX8 (aese, TBL_PRE_E, TBL_POST_E, TBL_POST3_E,                \
	       0, 1, 2, 3, 4, 5, 6, 7);                                 \
	P_XOR (8, 9, 10, 11, 12, 13, 14, 15)
#define ROUND_D                                                         \
	SBOX8 (aesd, TBL_PRE_D, TBL_POST_D, TBL_POST3_D,                \
	       8, 9, 10, 11, 12, 13, 14, 15);                           \
	P_XOR (0, 1, 2, 3, 4, 5, 6, 7)

/* The next eight words of the schedule into V16-V23, xored into the
   half from V(h).  */
#define KEY8 ld4r {S(16), S(17), S(18), S(19)}, [SCHED], #16;           \
	ld4r {S(20), S(21), S(22), S(23)}, [SCHED], #16
#define XOR8(h0, h1, h2, h3, h4, h5, h6, h7)                            \
	eor B(h0), B(h0), B(16); eor B(h1), B(h1), B(17);               \
	eor B(h2), B(h2), B(18); eor B(h3), B(h3), B(19);               \
	eor B(h4), B(h4), B(20); eor B(h5), B(h5), B(21);               \
	eor B(h6), B(h6), B(22); eor B(h7), B(h7), B(23)

/* FL's two steps with the key pair in V16-V23 on the half whose words
   are (x0-x3, x4-x7): x4-x7 ^= (x0-x3 & kl) <<< 1, each byte of the
   rotation its own bits shifted up and the next byte's top bit (SRI);
   x0-x3 ^= x4-x7 | kr.  */
#define ROL1_XOR(x, t, u) shl B(29), B(t), #1; sri B(29), B(u), #7;    \
	eor B(x), B(x), B(29)
#define FL_AND_ROL(x0, x1, x2, x3, x4, x5, x6, x7)                      \
	and B(24), B(x0), B(16); and B(25), B(x1), B(17);               \
	and B(26), B(x2), B(18); and B(27), B(x3), B(19);               \
	ROL1_XOR (x4, 24, 25); ROL1_XOR (x5, 25, 26);                   \
	ROL1_XOR (x6, 26, 27); ROL1_XOR (x7, 27, 24)
#define OR_XOR(x, y, k) orr B(29), B(y), B(k); eor B(x), B(x), B(29)
#define FL_OR(x0, x1, x2, x3, x4, x5, x6, x7)                           \
	OR_XOR (x0, x4, 20); OR_XOR (x1, x5, 21);                       \
	OR_XOR (x2, x6, 22); OR_XOR (x3, x7, 23)

/* Load the blocks 4c..4c+3 of the input (LD4: bytes by position
   modulo 4) and finish the transpose for byte position k + 4m, m =
   0..3, with two rounds of UZP: c0-c3 of that k are V16+k, V20+k,
   V24+k, V28+k, and the result goes to V(k + 4m).  */
#define UZP_K(k, k4, k8, k12, c0, c1, c2, c3)                           \
	uzp1 B(k8), B(c0), B(c1); uzp2 B(k4), B(c0), B(c1);             \
	uzp1 B(k12), B(c2), B(c3); uzp2 B(c2), B(c2), B(c3);            \
	uzp1 B(k), B(k8), B(k12); uzp2 B(k8), B(k8), B(k12);            \
	uzp2 B(k12), B(k4), B(c2); uzp1 B(k4), B(k4), B(c2)
/* The other way round: byte position j of the output in R(j), blocks
   to V16-V31 for ST4.  */
#define ZIP_K(k, r0, r4, r8, r12, c0, c1, c2, c3)                       \
	zip1 B(c2), B(r0), B(r8); zip1 B(c0), B(r4), B(r12);            \
	zip2 B(c1), B(c2), B(c0); zip1 B(c0), B(c2), B(c0);             \
	zip2 B(c3), B(r0), B(r8); zip2 B(r0), B(r4), B(r12);            \
	zip1 B(c2), B(c3), B(r0); zip2 B(c3), B(c3), B(r0)

/* void _bcry_camellia_neon_crypt16 (const u32 *sched, byte *dst,
                                     const byte *src,
                                     unsigned int ngroups,
                                     const byte *tables,
                                     const byte *xsrc)
   x0: the schedule of one direction (_bcry_camellia_neon_schedule)
   x1: 16 output blocks, x2: 16 input blocks (may be equal)
   w3: rounds / 6, x4: the tables
   x5: NULL, or 16 blocks to xor into the output (may equal x1), for
       the modes that do: read, as x2, before x1 is written.
   Leaves the blocks' data in V0-V7 and V16-V31, which the C caller
   clears; V8-V15 it restores, their top halves zero.  */
ENTRY(_bcry_camellia_neon_crypt16)
	stp d8, d9, [sp, #-64]!
	.cfi_adjust_cfa_offset 64
	.cfi_offset 72, -64
	.cfi_offset 73, -56
	stp d10, d11, [sp, #16]
	.cfi_offset 74, -48
	.cfi_offset 75, -40
	stp d12, d13, [sp, #32]
	.cfi_offset 76, -32
	.cfi_offset 77, -24
	stp d14, d15, [sp, #48]
	.cfi_offset 78, -16
	.cfi_offset 79, -8

	ld4 {B(16), B(17), B(18), B(19)}, [SRC], #64
	ld4 {B(20), B(21), B(22), B(23)}, [SRC], #64
	ld4 {B(24), B(25), B(26), B(27)}, [SRC], #64
	ld4 {B(28), B(29), B(30), B(31)}, [SRC]
	UZP_K (0, 4, 8, 12, 16, 20, 24, 28)
	UZP_K (1, 5, 9, 13, 17, 21, 25, 29)
	UZP_K (2, 6, 10, 14, 18, 22, 26, 30)
	UZP_K (3, 7, 11, 15, 19, 23, 27, 31)

	add TBL_POST_E, TBL_PRE_E, #POST14_E
	add TBL_POST3_E, TBL_PRE_E, #POST3_E
	add TBL_PRE_D, TBL_PRE_E, #PRE123_D
	add TBL_POST_D, TBL_PRE_E, #POST14_D
	add TBL_POST3_D, TBL_PRE_E, #POST3_D
	ldr q31, [TBL_PRE_E, #SHIFT_ROWS]
	tbl B(8), {B(8)}, B(31); tbl B(9), {B(9)}, B(31)
	tbl B(10), {B(10)}, B(31); tbl B(11), {B(11)}, B(31)
	tbl B(12), {B(12)}, B(31); tbl B(13), {B(13)}, B(31)
	tbl B(14), {B(14)}, B(31); tbl B(15), {B(15)}, B(31)
	movi B(28), #0x0f

.Lcam_group:
	ROUND_E
	ROUND_D
	ROUND_E
	ROUND_D
	ROUND_E
	ROUND_D
	subs NGROUPS, NGROUPS, #1
	b.eq .Lcam_out
	KEY8
	XOR8 (0, 1, 2, 3, 4, 5, 6, 7)
	KEY8
	FL_AND_ROL (0, 1, 2, 3, 4, 5, 6, 7)
	FL_OR (0, 1, 2, 3, 4, 5, 6, 7)
	KEY8
	XOR8 (8, 9, 10, 11, 12, 13, 14, 15)
	KEY8
	FL_OR (8, 9, 10, 11, 12, 13, 14, 15)
	FL_AND_ROL (8, 9, 10, 11, 12, 13, 14, 15)
	b .Lcam_group

.Lcam_out:
	ldr q31, [TBL_PRE_E, #INV_SHIFT_ROWS]
	tbl B(8), {B(8)}, B(31); tbl B(9), {B(9)}, B(31)
	tbl B(10), {B(10)}, B(31); tbl B(11), {B(11)}, B(31)
	tbl B(12), {B(12)}, B(31); tbl B(13), {B(13)}, B(31)
	tbl B(14), {B(14)}, B(31); tbl B(15), {B(15)}, B(31)
	KEY8
	XOR8 (8, 9, 10, 11, 12, 13, 14, 15)
	KEY8
	XOR8 (0, 1, 2, 3, 4, 5, 6, 7)
	/* Output bytes 0-7 are the right half, V8-V15; 8-15 the left.  */
	ZIP_K (0, 8, 12, 0, 4, 16, 20, 24, 28)
	ZIP_K (1, 9, 13, 1, 5, 17, 21, 25, 29)
	ZIP_K (2, 10, 14, 2, 6, 18, 22, 26, 30)
	ZIP_K (3, 11, 15, 3, 7, 19, 23, 27, 31)
	/* LD4 puts XSRC's bytes where ZIP_K put the output's.  */
	cbz XSRC, 1f
	ld4 {B(0), B(1), B(2), B(3)}, [XSRC], #64
	ld4 {B(4), B(5), B(6), B(7)}, [XSRC], #64
	ld4 {B(8), B(9), B(10), B(11)}, [XSRC], #64
	ld4 {B(12), B(13), B(14), B(15)}, [XSRC]
	eor B(16), B(16), B(0); eor B(17), B(17), B(1)
	eor B(18), B(18), B(2); eor B(19), B(19), B(3)
	eor B(20), B(20), B(4); eor B(21), B(21), B(5)
	eor B(22), B(22), B(6); eor B(23), B(23), B(7)
	eor B(24), B(24), B(8); eor B(25), B(25), B(9)
	eor B(26), B(26), B(10); eor B(27), B(27), B(11)
	eor B(28), B(28), B(12); eor B(29), B(29), B(13)
	eor B(30), B(30), B(14); eor B(31), B(31), B(15)
1:
	st4 {B(16), B(17), B(18), B(19)}, [DST], #64
	st4 {B(20), B(21), B(22), B(23)}, [DST], #64
	st4 {B(24), B(25), B(26), B(27)}, [DST], #64
	st4 {B(28), B(29), B(30), B(31)}, [DST]

	ldp d10, d11, [sp, #16]
	ldp d12, d13, [sp, #32]
	ldp d14, d15, [sp, #48]
	ldp d8, d9, [sp], #64
	.cfi_adjust_cfa_offset -64
	.cfi_restore 72
	.cfi_restore 73
	.cfi_restore 74
	.cfi_restore 75
	.cfi_restore 76
	.cfi_restore 77
	.cfi_restore 78
	.cfi_restore 79
	ret
END(_bcry_camellia_neon_crypt16)

#endif /* USE_CAMELLIA_NEON */

GNU_STACK_NOTE
