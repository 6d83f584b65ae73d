/* twofish-avx2-amd64.S - Twofish on sixteen blocks at once with AVX2
 * and GFNI, without gathers
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Twofish (B. Schneier et al., "Twofish: A 128-Bit Block Cipher", 1998)
 * word sliced across blocks in YMM registers, as in
 * twofish-avx512-amd64.S: after a 4x4 transpose of 32-bit words within
 * each 128-bit lane, register j of a set holds word j of eight blocks;
 * blocks 0-7 and 8-15 are two sets, and the words live in a stack frame
 * between rounds.  Gathers serve current cores about one element a
 * cycle (doc/HACKING, "Tuning notes"), so g does not read the 32-bit
 * tables of the C: for each set in turn, a round byte-slices A and
 * B <<< 8 of its eight blocks into two registers, byte positions 0 and
 * 1 in the lanes of one, 2 and 3 in the other (byte shuffles, unpacks
 * and lane permutes), and looks them up in the key-dependent S-boxes
 * (256 bytes each) with sixteen VPSHUFB on tables of 16 bytes a lane.
 * VPSHUFB zeroes a byte whose index has the top bit set, so table K
 * of the lower half (inputs below 0x80) is selected for the inputs
 * whose byte plus 16 K, with unsigned saturation, stays below 0x80:
 * those whose high nibble is at most 7 - K.  Each table holds the
 * difference of two neighbouring 16-entry rows of the S-box, so that
 * the xor over the tables an input selects telescopes to its own row;
 * the upper half does the same on the input xor 0x80.  The MDS matrix
 * is GF(2)-linear on the four S-box outputs: VGF2P8AFFINEQB products
 * by 01, 5B and EF, a constant for each lane.  The same steps back
 * give g (A) and g (B <<< 8) as words for the pseudo-Hadamard
 * transform.  The two sets are independent, so the out-of-order core
 * overlaps one's lookups with the other's chain.  No address depends
 * on the data.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_TWOFISH_AVX2

#define CTX %rdi
/* TWOFISH_context (cipher/twofish.c): k[40] at 4096, the lookup tables
   tb[2][16][32] at 5312.  */
#define TF_K 4096
#define TF_TB 5312
/* The round keys of the current pair of rounds, and where they end.  */
#define RKEY %r10
#define RKEND %r11

/* The frame: words 0-3 of blocks 0-7 (set X), then of 8-15 (set Y),
   and the callers' %ymm14 and %ymm15.  */
#define WX(w) (32*(w))(%rsp)
#define WY(w) (128+32*(w))(%rsp)
#define SAVE14 256(%rsp)
#define SAVE15 288(%rsp)
#define FRAME 320

/* In the rounds: the byte shuffle that groups each lane's bytes by
   position, and 0x10 in every byte, the lookups' first index step.  */
#define RGRP %ymm14
#define R10 %ymm15

/* O0-O3 = the 4x4 transpose of the 32-bit words of I0-I3 in each
   128-bit lane, T0-T3 scratch; the outputs may be any of the inputs.  */
#define TR4(i0, i1, i2, i3, o0, o1, o2, o3, t0, t1, t2, t3)             \
	vpunpckldq i1, i0, t0; vpunpckhdq i1, i0, t1;                   \
	vpunpckldq i3, i2, t2; vpunpckhdq i3, i2, t3;                   \
	vpunpcklqdq t2, t0, o0; vpunpckhqdq t2, t0, o1;                 \
	vpunpcklqdq t3, t1, o2; vpunpckhqdq t3, t1, o3

/* Expands an argument list before the call.  */
#define XP(m, ...) m (__VA_ARGS__)

/* Table K of byte positions 2 P (low lane) and 2 P + 1 (high lane)
   (twofish.c, twofish_avx2_tables).  */
#define TBL(p, k) (TF_TB+512*(p)+32*(k))(CTX)

/* The index of table K (K = 2 ... 7 of either half): S + 16 K with
   unsigned saturation, straight from S so that no step waits for the
   one before.  */
#define STEP(k, s, i) vpaddusb .Ltf2_steps+32*((k)-2)(%rip), s, i
/* ACC = table K of positions 2 P and 2 P + 1 at the index I, or
   ACC ^= it.  */
#define LSET(p, k, i, acc)                                              \
	vmovdqa TBL (p, k), acc; vpshufb i, acc, acc
#define LXOR(p, k, i, acc)                                              \
	vmovdqa TBL (p, k), %ymm6; vpshufb i, %ymm6, %ymm6;             \
	vpxor %ymm6, acc, acc
/* R = the S-boxes of positions 2 P and 2 P + 1 on the low and high
   lane of X; %ymm4-%ymm9 scratch.  Four accumulators (the even and
   odd tables of each half) keep the chain of XORs short.  */
#define LOOKUP(j, x, r)                                                 \
	vpxor .Ltf2_c80(%rip), x, %ymm4;                                \
	LSET (j, 0, x, r); LSET (j, 8, %ymm4, %ymm8);                   \
	vpaddusb R10, x, %ymm5; LSET (j, 1, %ymm5, %ymm7);              \
	vpaddusb R10, %ymm4, %ymm5; LSET (j, 9, %ymm5, %ymm9);          \
	STEP (2, x, %ymm5); LXOR (j, 2, %ymm5, r);                      \
	STEP (2, %ymm4, %ymm5); LXOR (j, 10, %ymm5, %ymm8);             \
	STEP (3, x, %ymm5); LXOR (j, 3, %ymm5, %ymm7);                  \
	STEP (3, %ymm4, %ymm5); LXOR (j, 11, %ymm5, %ymm9);             \
	STEP (4, x, %ymm5); LXOR (j, 4, %ymm5, r);                      \
	STEP (4, %ymm4, %ymm5); LXOR (j, 12, %ymm5, %ymm8);             \
	STEP (5, x, %ymm5); LXOR (j, 5, %ymm5, %ymm7);                  \
	STEP (5, %ymm4, %ymm5); LXOR (j, 13, %ymm5, %ymm9);             \
	STEP (6, x, %ymm5); LXOR (j, 6, %ymm5, r);                      \
	STEP (6, %ymm4, %ymm5); LXOR (j, 14, %ymm5, %ymm8);             \
	STEP (7, x, %ymm5); LXOR (j, 7, %ymm5, %ymm7);                  \
	STEP (7, %ymm4, %ymm5); LXOR (j, 15, %ymm5, %ymm9);             \
	vpxor %ymm7, r, r; vpxor %ymm9, %ymm8, %ymm8; vpxor %ymm8, r, r

/* D = the product of the bytes of S by the constant at M.  */
#define GFMUL(m, s, d) vgf2p8affineqb $0, m(%rip), s, d

/* TA, TB = g (A), g (B <<< 8) of the set whose words are at W, for
   the words in its slots A and B.  Each lane's bytes are grouped by
   position (B's rotated by a byte on the way) and interleaved so that
   position 2 P of the eight blocks' A and B is the low lane of %ymmP
   and position 2 P + 1 its high lane, two unpacks and two lane
   permutes.  After the lookups y0 | y1 and y2 | y3 are in %ymm10 and
   %ymm11, and the MDS matrix
     01 EF 5B 5B
     5B EF EF 01
     EF 5B 01 EF
     EF 01 EF 5B
   takes them to o0 | o1, o2 | o3 in %ymm2 and %ymm3: each a sum of
   products of y0 | y1, y2 | y3 and the two with their lanes swapped,
   by a constant for each lane (VGF2P8AFFINEQB takes a matrix per
   qword).  The same steps backwards give the words.  */
#define GS(w, a, b, ta, tb)                                             \
	vmovdqa w (a), %ymm0; vpshufb RGRP, %ymm0, %ymm0;               \
	vmovdqa w (b), %ymm1; vpshufb .Ltf2_grp_rot(%rip), %ymm1, %ymm1; \
	vpunpckldq %ymm1, %ymm0, %ymm2; vpunpckhdq %ymm1, %ymm0, %ymm3; \
	vpermq $0xd8, %ymm2, %ymm0; vpermq $0xd8, %ymm3, %ymm1;         \
	LOOKUP (0, %ymm0, %ymm10); LOOKUP (1, %ymm1, %ymm11);           \
	vpermq $0x4e, %ymm10, %ymm0; vpermq $0x4e, %ymm11, %ymm1;       \
	GFMUL (.Ltf2_mds+0*32, %ymm10, %ymm2);                          \
	GFMUL (.Ltf2_mds+1*32, %ymm0, %ymm3);                           \
	GFMUL (.Ltf2_mds+2*32, %ymm11, %ymm4);                          \
	GFMUL (.Ltf2_mds+3*32, %ymm1, %ymm5);                           \
	vpxor %ymm3, %ymm2, %ymm2; vpxor %ymm5, %ymm4, %ymm4;           \
	vpxor %ymm4, %ymm2, %ymm2;                                      \
	GFMUL (.Ltf2_mds+4*32, %ymm10, %ymm3);                          \
	GFMUL (.Ltf2_mds+5*32, %ymm0, %ymm6);                           \
	GFMUL (.Ltf2_mds+6*32, %ymm11, %ymm7);                          \
	GFMUL (.Ltf2_mds+7*32, %ymm1, %ymm8);                           \
	vpxor %ymm6, %ymm3, %ymm3; vpxor %ymm8, %ymm7, %ymm7;           \
	vpxor %ymm7, %ymm3, %ymm3;                                      \
	vpermq $0xd8, %ymm2, %ymm2; vpermq $0xd8, %ymm3, %ymm3;         \
	vshufps $0x88, %ymm3, %ymm2, %ymm4;                             \
	vshufps $0xdd, %ymm3, %ymm2, %ymm5;                             \
	vpshufb RGRP, %ymm4, ta; vpshufb RGRP, %ymm5, tb

/* The pseudo-Hadamard transform and the round keys K[N], K[N+1] (in
   %ymm12, %ymm13): TA = TA + TB + K[N], TB = TA + 2 TB + K[N+1].  */
#define PHT(ta, tb)                                                     \
	vpaddd tb, ta, ta; vpaddd tb, ta, tb;                           \
	vpaddd %ymm12, ta, ta; vpaddd %ymm13, tb, tb

/* Rotations of S by one bit into D, T scratch.  */
#define ROR1(s, d, t) vpsrld $1, s, t; vpslld $31, s, d; vpor t, d, d
#define ROL1(s, d, t) vpsrld $31, s, t; vpaddd s, s, d; vpor t, d, d

/* C = (C ^ TA) >>> 1, D = (D <<< 1) ^ TB for the set whose words are
   at W; its inverse C = (C <<< 1) ^ TA, D = (D ^ TB) >>> 1.  */
#define ENC_CD(w, c, d, ta, tb)                                         \
	vpxor w (c), ta, ta; ROR1 (ta, ta, %ymm0); vmovdqa ta, w (c);   \
	vmovdqa w (d), %ymm1; ROL1 (%ymm1, %ymm1, %ymm2);               \
	vpxor tb, %ymm1, %ymm1; vmovdqa %ymm1, w (d)
#define DEC_CD(w, c, d, ta, tb)                                         \
	vmovdqa w (c), %ymm1; ROL1 (%ymm1, %ymm1, %ymm2);               \
	vpxor ta, %ymm1, %ymm1; vmovdqa %ymm1, w (c);                   \
	vpxor w (d), tb, tb; ROR1 (tb, tb, %ymm0); vmovdqa tb, w (d)

/* One round on the words in slots A, B, C, D of both sets, keys
   K[N], K[N+1] at RKEY + 4 N.  The words are not swapped: the next
   round takes C, D as A, B.  */
#define KEYS(n)                                                         \
	vpbroadcastd 4*(n)(RKEY), %ymm12; vpbroadcastd 4*(n)+4(RKEY), %ymm13
#define ENC_ROUND(a, b, c, d, n)                                        \
	KEYS (n);                                                       \
	GS (WX, a, b, %ymm8, %ymm9); PHT (%ymm8, %ymm9);                \
	ENC_CD (WX, c, d, %ymm8, %ymm9);                                \
	GS (WY, a, b, %ymm8, %ymm9); PHT (%ymm8, %ymm9);                \
	ENC_CD (WY, c, d, %ymm8, %ymm9)
#define DEC_ROUND(a, b, c, d, n)                                        \
	KEYS (n);                                                       \
	GS (WX, a, b, %ymm8, %ymm9); PHT (%ymm8, %ymm9);                \
	DEC_CD (WX, c, d, %ymm8, %ymm9);                                \
	GS (WY, a, b, %ymm8, %ymm9); PHT (%ymm8, %ymm9);                \
	DEC_CD (WY, c, d, %ymm8, %ymm9)

/* The eight registers ^= the four whitening words at OFF of CTX.  */
#define WHITEN(off)                                                     \
	vbroadcasti128 TF_K+(off)(CTX), %ymm8;                          \
	vpxor %ymm8, %ymm0, %ymm0; vpxor %ymm8, %ymm1, %ymm1;           \
	vpxor %ymm8, %ymm2, %ymm2; vpxor %ymm8, %ymm3, %ymm3;           \
	vpxor %ymm8, %ymm4, %ymm4; vpxor %ymm8, %ymm5, %ymm5;           \
	vpxor %ymm8, %ymm6, %ymm6; vpxor %ymm8, %ymm7, %ymm7

#define TA %ymm8, %ymm9, %ymm10, %ymm11

/* The frame, with the callers' %ymm14 and %ymm15; the words of the
   sixteen blocks (in %ymm0-%ymm7, after the transposes) go in.  */
#define ENTER_FRAME                                                     \
	pushq %rbp; .cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;  \
	movq %rsp, %rbp; .cfi_def_cfa_register %rbp;                    \
	subq $FRAME, %rsp; andq $-32, %rsp;                             \
	vmovdqa %ymm14, SAVE14; vmovdqa %ymm15, SAVE15

#define STORE_WORDS                                                     \
	vmovdqa %ymm0, WX (0); vmovdqa %ymm1, WX (1);                   \
	vmovdqa %ymm2, WX (2); vmovdqa %ymm3, WX (3);                   \
	vmovdqa %ymm4, WY (0); vmovdqa %ymm5, WY (1);                   \
	vmovdqa %ymm6, WY (2); vmovdqa %ymm7, WY (3)

#define LOAD_WORDS(w0, w1, w2, w3)                                      \
	vmovdqa WX (w0), %ymm0; vmovdqa WX (w1), %ymm1;                 \
	vmovdqa WX (w2), %ymm2; vmovdqa WX (w3), %ymm3;                 \
	vmovdqa WY (w0), %ymm4; vmovdqa WY (w1), %ymm5;                 \
	vmovdqa WY (w2), %ymm6; vmovdqa WY (w3), %ymm7

/* Restores %ymm14 and %ymm15 (OCB's checksum and offset) and wipes
   the frame; %ymm8-%ymm13 are cleared, the blocks stay in
   %ymm0-%ymm7.  */
#define LEAVE_FRAME                                                     \
	vpxor %ymm8, %ymm8, %ymm8;                                      \
	vmovdqa %ymm8, WX (0); vmovdqa %ymm8, WX (1);                   \
	vmovdqa %ymm8, WX (2); vmovdqa %ymm8, WX (3);                   \
	vmovdqa %ymm8, WY (0); vmovdqa %ymm8, WY (1);                   \
	vmovdqa %ymm8, WY (2); vmovdqa %ymm8, WY (3);                   \
	vmovdqa SAVE14, %ymm14; vmovdqa SAVE15, %ymm15;                 \
	vmovdqa %ymm8, SAVE14; vmovdqa %ymm8, SAVE15;                   \
	vpxor %ymm9, %ymm9, %ymm9; vpxor %ymm10, %ymm10, %ymm10;        \
	vpxor %ymm11, %ymm11, %ymm11; vpxor %ymm12, %ymm12, %ymm12;     \
	vpxor %ymm13, %ymm13, %ymm13;                                   \
	movq %rbp, %rsp; popq %rbp; .cfi_def_cfa %rsp, 8; .cfi_restore %rbp

.text

/* Local: encrypt the sixteen blocks in %ymm0-%ymm7 (pair K, blocks 2K
   and 2K + 1, in %ymmK) in place, with the context at CTX.  Keeps the
   registers simd-modes-avx2-amd64.h names, clobbers %r10, %r11 and
   %ymm8-%ymm13, and leaves %ymm8-%ymm13 cleared.  After the rounds the
   output words are C, D, A, B.  */
.align 16
twofish_avx2_enc16:
	CFI_STARTPROC ()
	ENTER_FRAME
	WHITEN (0)
	XP (TR4, %ymm0, %ymm1, %ymm2, %ymm3, %ymm0, %ymm1, %ymm2, %ymm3, TA)
	XP (TR4, %ymm4, %ymm5, %ymm6, %ymm7, %ymm4, %ymm5, %ymm6, %ymm7, TA)
	STORE_WORDS
	vmovdqa .Ltf2_grp(%rip), RGRP
	vpbroadcastb .Ltf2_c10(%rip), R10
	leaq TF_K+8*4(CTX), RKEY
	leaq TF_K+40*4(CTX), RKEND
.align 16
.Lenc16_loop:
	ENC_ROUND (0, 1, 2, 3, 0)
	ENC_ROUND (2, 3, 0, 1, 2)
	addq $16, RKEY
	cmpq RKEND, RKEY
	jne .Lenc16_loop
	LOAD_WORDS (2, 3, 0, 1)
	XP (TR4, %ymm0, %ymm1, %ymm2, %ymm3, %ymm0, %ymm1, %ymm2, %ymm3, TA)
	XP (TR4, %ymm4, %ymm5, %ymm6, %ymm7, %ymm4, %ymm5, %ymm6, %ymm7, TA)
	WHITEN (16)
	LEAVE_FRAME
	ret
	CFI_ENDPROC ()
ELF (.size twofish_avx2_enc16, . - twofish_avx2_enc16)

/* Local: as twofish_avx2_enc16, decrypting: the input words are C, D,
   A, B, and the rounds run backwards.  */
.align 16
twofish_avx2_dec16:
	CFI_STARTPROC ()
	ENTER_FRAME
	WHITEN (16)
	XP (TR4, %ymm0, %ymm1, %ymm2, %ymm3, %ymm2, %ymm3, %ymm0, %ymm1, TA)
	XP (TR4, %ymm4, %ymm5, %ymm6, %ymm7, %ymm6, %ymm7, %ymm4, %ymm5, TA)
	STORE_WORDS
	vmovdqa .Ltf2_grp(%rip), RGRP
	vpbroadcastb .Ltf2_c10(%rip), R10
	leaq TF_K+36*4(CTX), RKEY
	leaq TF_K+4*4(CTX), RKEND
.align 16
.Ldec16_loop:
	DEC_ROUND (2, 3, 0, 1, 2)
	DEC_ROUND (0, 1, 2, 3, 0)
	subq $16, RKEY
	cmpq RKEND, RKEY
	jne .Ldec16_loop
	LOAD_WORDS (0, 1, 2, 3)
	XP (TR4, %ymm0, %ymm1, %ymm2, %ymm3, %ymm0, %ymm1, %ymm2, %ymm3, TA)
	XP (TR4, %ymm4, %ymm5, %ymm6, %ymm7, %ymm4, %ymm5, %ymm6, %ymm7, TA)
	WHITEN (0)
	LEAVE_FRAME
	ret
	CFI_ENDPROC ()
ELF (.size twofish_avx2_dec16, . - twofish_avx2_dec16)

/* The mode entry points around the core.  */
#define MODES_NAME(mode) _bcry_twofish_avx2_##mode##_blk16
#define MODES_ENC16 twofish_avx2_enc16
#define MODES_DEC16 twofish_avx2_dec16
#include "simd-modes-avx2-amd64.h"

ELF (.section .rodata)
.align 32
/* Each lane's bytes grouped by position: byte J of its four words to
   word J; the shuffle is its own inverse.  */
.Ltf2_grp:
	.byte 0x00, 0x04, 0x08, 0x0c, 0x01, 0x05, 0x09, 0x0d, 0x02, 0x06, 0x0a, 0x0e, 0x03, 0x07, 0x0b, 0x0f
	.byte 0x00, 0x04, 0x08, 0x0c, 0x01, 0x05, 0x09, 0x0d, 0x02, 0x06, 0x0a, 0x0e, 0x03, 0x07, 0x0b, 0x0f
/* The same for the words rotated left by eight bits: byte J - 1 to
   word J.  */
.Ltf2_grp_rot:
	.byte 0x03, 0x07, 0x0b, 0x0f, 0x00, 0x04, 0x08, 0x0c, 0x01, 0x05, 0x09, 0x0d, 0x02, 0x06, 0x0a, 0x0e
	.byte 0x03, 0x07, 0x0b, 0x0f, 0x00, 0x04, 0x08, 0x0c, 0x01, 0x05, 0x09, 0x0d, 0x02, 0x06, 0x0a, 0x0e
.Ltf2_c80:
	.byte 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
/* For the MDS matrix in GS: products by 01, 5B and EF modulo x^8 +
   x^6 + x^5 + x^3 + 1 as 8x8 bit matrices (row I, the input bits of
   output bit I, in byte 7 - I), one for each lane:
   o0 | o1 = (01 | EF) (y0 | y1) ^ (EF | 5B) (y1 | y0)
             ^ (5B | 01) (y2 | y3) ^ (5B | EF) (y3 | y2),
   o2 | o3 = (EF | 01) (y0 | y1) ^ (5B | EF) (y1 | y0)
             ^ (01 | 5B) (y2 | y3) ^ (EF | EF) (y3 | y2).  */
.Ltf2_mds:
	.quad 0x0102040810204080, 0x0102040810204080
	.quad 0x070f1f3972e3c183, 0x070f1f3972e3c183
	.quad 0x070f1f3972e3c183, 0x070f1f3972e3c183
	.quad 0x050b162953a24182, 0x050b162953a24182
	.quad 0x050b162953a24182, 0x050b162953a24182
	.quad 0x0102040810204080, 0x0102040810204080
	.quad 0x050b162953a24182, 0x050b162953a24182
	.quad 0x070f1f3972e3c183, 0x070f1f3972e3c183
	.quad 0x070f1f3972e3c183, 0x070f1f3972e3c183
	.quad 0x0102040810204080, 0x0102040810204080
	.quad 0x050b162953a24182, 0x050b162953a24182
	.quad 0x070f1f3972e3c183, 0x070f1f3972e3c183
	.quad 0x0102040810204080, 0x0102040810204080
	.quad 0x050b162953a24182, 0x050b162953a24182
	.quad 0x070f1f3972e3c183, 0x070f1f3972e3c183
	.quad 0x070f1f3972e3c183, 0x070f1f3972e3c183
.Ltf2_c10:
	.byte 0x10
/* 16 K in every byte, K = 2 ... 7, for STEP.  */
.align 32
.Ltf2_steps:
	.fill 32, 1, 0x20
	.fill 32, 1, 0x30
	.fill 32, 1, 0x40
	.fill 32, 1, 0x50
	.fill 32, 1, 0x60
	.fill 32, 1, 0x70

#endif /* USE_TWOFISH_AVX2 */

GNU_STACK_NOTE
