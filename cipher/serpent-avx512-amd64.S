/* serpent-avx512-amd64.S - Serpent on thirty-two or sixty-four blocks
 * at once with AVX-512
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Serpent (R. Anderson, E. Biham, L. Knudsen, "Serpent: A Proposal for
 * the Advanced Encryption Standard", 1998), word sliced as in
 * serpent-simd-amd64.h, whose comment explains the layout, with ZMM
 * registers: each 128-bit lane is transposed on its own, so register j
 * of a set holds word j of sixteen blocks, and two sets (blocks 0-15 in
 * RA*, 16-31 in RB*) or four (RC* and RD* too) are interleaved.
 * AVX-512 shortens a round: VPROLD rotates in one step, round keys are
 * xored straight from memory with an embedded broadcast, VPTERNLOGD
 * makes each three-input XOR one instruction and each S-box a circuit
 * of eight to twelve three-input gates (tools/serpent-ternlog.py), and
 * the linear transformation is rearranged for a shorter chain of
 * dependent instructions, which bounds a round of two sets more than
 * the ALUs do; four sets fill the ALUs.  Every entry point takes 1 to
 * its width in blocks, the loads and stores of a shorter run masked.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_SERPENT_AVX512

#define CTX %rdi
/* The round keys of the current group of eight rounds.  */
#define RKEY %r8

/* Slots 0-7 of the two sets of sixteen blocks.  The rounds use
   %zmm0-%zmm15; the entry points keep their own state in %zmm16 and up
   and clear every vector register they used before returning (VZEROALL
   for %zmm0-%zmm15, which also leaves the upper halves clean for SSE
   code; VPXORD for the others, which VZEROALL does not reach).  */
#define RA0 %zmm0
#define RA1 %zmm1
#define RA2 %zmm2
#define RA3 %zmm3
#define RA4 %zmm4
#define RA5 %zmm5
#define RA6 %zmm6
#define RB0 %zmm7
#define RB1 %zmm8
#define RB2 %zmm9
#define RB3 %zmm10
#define RB4 %zmm11
#define RB5 %zmm12
#define RB6 %zmm13
#define RA7 %zmm14
#define RB7 %zmm15

/* Operations on every set, slot numbers: ONSETS (OP, ...) applies
   OP (R, ...) to each set R, two (RA, RB) for the thirty-two-block
   kernels and four for the sixty-four-block ones, which redefine it.
   TL: A = f (A, B, C), bit 4A + 2B + C of IMM giving f.  */
#define ONSETS(op, ...) op (RA, __VA_ARGS__); op (RB, __VA_ARGS__)
#define MOV1(R, s, d)           vmovdqa64 R##s, R##d
#define TL1(R, imm, c, b, a)    vpternlogd $(imm), R##c, R##b, R##a
#define ROL1(R, n, s, d)        vprold $(n), R##s, R##d
#define XOR1(R, a, b, d)        vpxord R##b, R##a, R##d
#define SHL1(R, n, s, d)        vpslld $(n), R##s, R##d
#define UNPCK1(R, op, b, a, d)  op R##b, R##a, R##d
#define MOV(s, d)       ONSETS (MOV1, s, d)
#define TL(imm, c, b, a) ONSETS (TL1, imm, c, b, a)
/* A ^= B ^ C.  */
#define XOR3(a, b, c)   TL (0x96, c, b, a)
#define ROL(n, x)       ONSETS (ROL1, n, x, x)
#define ROLTO(n, s, d)  ONSETS (ROL1, n, s, d)
#define XOR(a, b)       ONSETS (XOR1, a, b, a)
#define XORTO(a, b, d)  ONSETS (XOR1, a, b, d)
#define SHL(n, s, d)    ONSETS (SHL1, n, s, d)
#define UNPCK(op, b, a, d) ONSETS (UNPCK1, op, b, a, d)

/* Slots X0-X3 hold sixteen blocks, four per register; afterwards slot
   Xj holds word j of each.  The same steps turn words back into
   blocks.  T0 and T1 are scratch.  */
#define TRANSPOSE(x0, x1, x2, x3, t0, t1)                               \
	UNPCK (vpunpckldq, x1, x0, t0); UNPCK (vpunpckhdq, x1, x0, x0); \
	UNPCK (vpunpckldq, x3, x2, t1); UNPCK (vpunpckhdq, x3, x2, x2); \
	UNPCK (vpunpckhqdq, t1, t0, x1); UNPCK (vpunpcklqdq, t1, t0, t0); \
	UNPCK (vpunpckhqdq, x2, x0, x3); UNPCK (vpunpcklqdq, x2, x0, x2); \
	MOV (t0, x0)

/* Word j of round key R, broadcast from memory, added to slot Xj.  */
#define KXW1(R, r, j, x) vpxord 16*r+4*j(RKEY){1to16}, R##x, R##x
#define KXW(r, j, x)    ONSETS (KXW1, r, j, x)
/* A ^= B ^ word J of round key R.  */
#define KXOR31(R, r, j, a, b)                                           \
	vpternlogd $0x96, 16*r+4*j(RKEY){1to16}, R##b, R##a
#define KXOR3(r, j, a, b) ONSETS (KXOR31, r, j, a, b)
/* A ^= B & the constant M.  */
#define MASKXOR1(R, m, a, b) vpternlogd $0x78, m(%rip){1to16}, R##b, R##a
#define MASKXOR(m, a, b) ONSETS (MASKXOR1, m, a, b)
#define KX(r, x0, x1, x2, x3)                                           \
	KXW (r, 0, x0); KXW (r, 1, x1); KXW (r, 2, x2); KXW (r, 3, x3)

/* The linear transformation (the specification, section 2) followed by
   the next round's key addition, in slots X0-X3 (the S-box's result),
   T and V; afterwards words 0-3 are in X0, T, X2 and X3, and X1 and V
   are free.  A round is bound as much by the latency of its longest
   chain as by the ALUs, so LTK trades
   a few operations for depth: rotation distributes over XOR, so words
   1 and 3 are XORs of rotated input words, a shift being a rotation
   with some bits masked off (by a constant, in the same VPTERNLOGD as
   an XOR); word 0 takes one rotation of words 1 ^ 3, word 2 two of
   rotated words; and each key word enters in a gate that is there
   anyway or off the longest chain.  Words 1, 3, 2 and 0 are ready
   after three, four, five and six gates, where the sequential form
   with the key addition after it takes four, five, seven and seven;
   tools/serpent-ternlog.py searches the S-boxes for these delays.  */
#define LTK(r, x0, x1, x2, x3, t, v)                                    \
	ROLTO (1, x1, t); ROLTO (14, x0, v); ROLTO (4, x2, x1);         \
	XOR3 (t, v, x1);                                                \
	ROL (7, x3); ROLTO (23, x0, v); MASKXOR (.Lmask_lt3, x3, v);    \
	ROLTO (10, x2, v); XOR (x3, v);                                 \
	ROL (18, x0); XORTO (t, x3, v); ROL (5, v); KXOR3 (r, 0, x0, v); \
	ROL (25, x2); KXW (r, 2, x2); ROLTO (29, t, v);                 \
	MASKXOR (.Lmask_lt2, x2, v); ROLTO (22, x3, x1); XOR (x2, x1);  \
	KXW (r, 3, x3); KXW (r, 1, t)

/* The inverse linear transformation, T scratch.  */
#define LTI(x0, x1, x2, x3, t)                                          \
	ROL (10, x2); ROL (27, x0);                                     \
	SHL (7, x1, t); XOR3 (x2, x3, t); XOR3 (x0, x1, x3);            \
	ROL (25, x3); ROL (31, x1);                                     \
	SHL (3, x0, t); XOR3 (x3, x2, t); XOR3 (x1, x0, x2);            \
	ROL (29, x2); ROL (19, x0)

/* The S-box circuits compute the same masked S-boxes as
   cipher/serpent.c (S_j (x ^ a) ^ b, so that the round keys of its
   schedule serve unchanged).  They are printed by
   tools/serpent-ternlog.py, which cites the S-boxes and explains its
   search: each output is one gate of an input word and two gates of the
   other three, so that the words LTK (or LTI) delivers last pass
   through at most two gates.  A circuit takes its inputs in slots
   r0-r3 and may use r4-r7.  */
/* BEGIN generated by tools/serpent-ternlog.py */
/* S-box 0: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r7, r0.  */
#define SB0(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0x9a, r3, r1, r4); MOV (r0, r5); \
	TL (0x2b, r3, r1, r5); TL (0x78, r5, r2, r4); MOV (r0, r6); \
	TL (0x78, r3, r1, r6); TL (0xb4, r5, r2, r6); MOV (r1, r7); \
	TL (0x7a, r3, r2, r7); MOV (r1, r5); TL (0x86, r3, r2, r5); \
	TL (0xb8, r5, r0, r7); TL (0x96, r3, r2, r1); TL (0x9c, r3, r1, r0);

/* S-box 1: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r5, r2.  */
#define SB1(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r1, r4); TL (0x4a, r3, r2, r4); MOV (r1, r5); \
	TL (0x3d, r3, r2, r5); TL (0xb8, r5, r0, r4); MOV (r0, r6); \
	TL (0xa4, r3, r1, r6); MOV (r0, r7); TL (0x72, r3, r1, r7); \
	TL (0x78, r7, r2, r6); MOV (r2, r5); TL (0x18, r3, r3, r5); \
	TL (0x78, r1, r0, r5); TL (0x16, r3, r1, r0); TL (0x9c, r7, r0, r2);

/* S-box 2: 9 gates, 4 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r7, r3.  */
#define SB2(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r1, r4); TL (0x96, r3, r2, r4); TL (0x78, r2, r0, r4); \
	MOV (r0, r5); TL (0x94, r3, r2, r5); MOV (r0, r6); \
	TL (0xc7, r3, r2, r6); TL (0xe2, r5, r1, r6); MOV (r0, r7); \
	TL (0x52, r3, r2, r7); TL (0x74, r5, r1, r7); TL (0x16, r2, r1, r0); \
	TL (0x6c, r1, r0, r3);

/* S-box 3: 12 gates, 7 moves, the last output 1 gates after the
   last input; the result x0...x3 in r4, r6, r5, r0.  */
#define SB3(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r1, r4); TL (0x92, r3, r2, r4); MOV (r1, r5); \
	TL (0x4f, r3, r2, r5); TL (0xb8, r5, r0, r4); MOV (r1, r6); \
	TL (0x78, r3, r2, r6); MOV (r1, r7); TL (0xc9, r3, r2, r7); \
	TL (0xb8, r7, r0, r6); MOV (r1, r5); TL (0xc6, r3, r2, r5); \
	MOV (r1, r7); TL (0xa9, r3, r2, r7); TL (0xb8, r7, r0, r5); \
	MOV (r1, r7); TL (0x1e, r3, r2, r7); TL (0x95, r3, r2, r1); \
	TL (0xac, r1, r7, r0);

/* S-box 4: 10 gates, 6 moves, the last output 2 gates after the
   last input; the result x0...x3 in r6, r7, r0, r4.  */
#define SB4(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0x6c, r3, r2, r4); MOV (r0, r5); \
	TL (0x36, r3, r2, r5); MOV (r1, r6); TL (0xac, r5, r4, r6); \
	TL (0xd2, r5, r1, r4); MOV (r1, r7); TL (0x1c, r3, r2, r7); \
	MOV (r1, r5); TL (0x6b, r3, r2, r5); TL (0xb8, r5, r0, r7); \
	MOV (r1, r5); TL (0x7a, r3, r2, r5); TL (0x83, r3, r2, r1); \
	TL (0xac, r1, r5, r0);

/* S-box 5: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r5, r6, r0.  */
#define SB5(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0xd4, r3, r1, r4); TL (0x18, r2, r2, r4); \
	MOV (r0, r5); TL (0x68, r3, r1, r5); TL (0xb4, r3, r2, r5); \
	MOV (r1, r6); TL (0xda, r3, r2, r6); MOV (r1, r7); \
	TL (0x94, r3, r2, r7); TL (0xb8, r7, r0, r6); MOV (r1, r7); \
	TL (0x96, r3, r2, r7); TL (0x47, r3, r2, r1); TL (0xac, r1, r7, r0);

/* S-box 6: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r5, r0.  */
#define SB6(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0x62, r3, r1, r4); MOV (r0, r5); \
	TL (0xe9, r3, r1, r5); TL (0xb8, r5, r2, r4); MOV (r1, r6); \
	TL (0x18, r2, r2, r6); TL (0x78, r3, r0, r6); MOV (r0, r7); \
	TL (0xc7, r3, r1, r7); TL (0x8b, r7, r2, r5); MOV (r1, r7); \
	TL (0x94, r3, r2, r7); TL (0x67, r3, r2, r1); TL (0xac, r1, r7, r0);

/* S-box 7: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r5, r3.  */
#define SB7(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r1, r4); TL (0x64, r3, r2, r4); MOV (r1, r5); \
	TL (0xb6, r3, r2, r5); TL (0xb8, r5, r0, r4); MOV (r1, r6); \
	TL (0x56, r3, r2, r6); MOV (r1, r7); TL (0xe8, r3, r2, r7); \
	TL (0xb8, r7, r0, r6); MOV (r1, r7); TL (0x83, r3, r2, r7); \
	TL (0xb8, r7, r0, r5); TL (0x9e, r2, r0, r1); TL (0x6c, r0, r1, r3);

/* inverse S-box 0: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r7, r2.  */
#define SI0(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0xd6, r3, r1, r4); MOV (r0, r5); \
	TL (0x4e, r3, r1, r5); TL (0x78, r5, r2, r4); MOV (r1, r6); \
	TL (0x7a, r3, r2, r6); MOV (r1, r7); TL (0xc1, r3, r2, r7); \
	TL (0xb8, r7, r0, r6); MOV (r2, r7); TL (0x18, r3, r3, r7); \
	TL (0x78, r1, r0, r7); TL (0x58, r3, r1, r0); TL (0x9c, r5, r0, r2);

/* inverse S-box 1: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r7, r0.  */
#define SI1(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0x74, r3, r1, r4); MOV (r0, r5); \
	TL (0xe8, r3, r1, r5); TL (0x78, r5, r2, r4); MOV (r0, r6); \
	TL (0x4e, r3, r1, r6); TL (0xb4, r5, r2, r6); MOV (r1, r7); \
	TL (0x9a, r3, r2, r7); MOV (r1, r5); TL (0xe1, r3, r2, r5); \
	TL (0xb8, r5, r0, r7); TL (0xc6, r3, r2, r1); TL (0x18, r1, r1, r0);

/* inverse S-box 2: 9 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r7, r6, r0.  */
#define SI2(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r1, r4); TL (0xac, r3, r2, r4); TL (0x18, r0, r0, r4); \
	MOV (r1, r5); TL (0x78, r3, r2, r5); MOV (r1, r6); \
	TL (0xc9, r3, r2, r6); MOV (r0, r7); TL (0xac, r6, r5, r7); \
	TL (0x8b, r5, r0, r6); MOV (r1, r5); TL (0x6a, r3, r2, r5); \
	TL (0x1e, r3, r2, r1); TL (0xac, r1, r5, r0);

/* inverse S-box 3: 10 gates, 5 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r5, r0, r6.  */
#define SI3(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r1, r4); TL (0x86, r3, r2, r4); TL (0xb4, r3, r0, r4); \
	MOV (r0, r5); TL (0x6e, r2, r1, r5); MOV (r0, r6); \
	TL (0x49, r2, r1, r6); TL (0xb8, r6, r3, r5); MOV (r0, r7); \
	TL (0x2c, r2, r1, r7); TL (0x8b, r7, r3, r6); MOV (r1, r7); \
	TL (0xe8, r3, r2, r7); TL (0x56, r3, r2, r1); TL (0xac, r1, r7, r0);

/* inverse S-box 4: 10 gates, 4 moves, the last output 2 gates after the
   last input; the result x0...x3 in r5, r0, r6, r1.  */
#define SI4(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r1, r4); TL (0xb4, r3, r2, r4); MOV (r1, r5); \
	TL (0x63, r3, r2, r5); TL (0xe2, r4, r0, r5); MOV (r1, r6); \
	TL (0x36, r3, r2, r6); MOV (r1, r7); TL (0x9a, r3, r2, r7); \
	TL (0xb8, r7, r0, r6); TL (0x92, r3, r0, r1); TL (0xb4, r3, r2, r1); \
	TL (0x18, r3, r3, r2); TL (0x9c, r4, r2, r0);

/* inverse S-box 5: 10 gates, 4 moves, the last output 2 gates after the
   last input; the result x0...x3 in r4, r6, r7, r0.  */
#define SI5(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0x7a, r3, r1, r4); TL (0xb4, r1, r2, r4); \
	MOV (r1, r5); TL (0x56, r3, r2, r5); MOV (r1, r6); \
	TL (0xc9, r3, r2, r6); TL (0xe2, r5, r0, r6); MOV (r1, r7); \
	TL (0xc6, r3, r2, r7); TL (0xc6, r2, r1, r3); TL (0xb8, r3, r0, r7); \
	TL (0x18, r2, r2, r1); TL (0x9c, r5, r1, r0);

/* inverse S-box 6: 8 gates, 4 moves, the last output 2 gates after the
   last input; the result x0...x3 in r6, r7, r0, r1.  */
#define SI6(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0x9a, r3, r2, r4); MOV (r0, r5); \
	TL (0x72, r3, r2, r5); MOV (r1, r6); TL (0xac, r5, r4, r6); \
	MOV (r1, r7); TL (0x96, r3, r2, r7); TL (0x78, r2, r0, r7); \
	TL (0xb4, r3, r2, r0); TL (0x78, r5, r1, r0); TL (0x5c, r4, r5, r1);

/* inverse S-box 7: 12 gates, 7 moves, the last output 1 gates after the
   last input; the result x0...x3 in r4, r6, r5, r3.  */
#define SI7(r0, r1, r2, r3, r4, r5, r6, r7) \
	MOV (r0, r4); TL (0xb4, r2, r1, r4); MOV (r0, r5); \
	TL (0x56, r2, r1, r5); TL (0xb8, r5, r3, r4); MOV (r0, r6); \
	TL (0xd2, r2, r1, r6); MOV (r0, r7); TL (0x6c, r2, r1, r7); \
	TL (0xb8, r7, r3, r6); MOV (r0, r5); TL (0xc6, r2, r1, r5); \
	MOV (r0, r7); TL (0x95, r2, r1, r7); TL (0xb8, r7, r3, r5); \
	MOV (r0, r7); TL (0xae, r2, r1, r7); TL (0x61, r2, r1, r0); \
	TL (0xac, r0, r7, r3);

/* Eight rounds of encryption, words 0-3 in slots 0-3, the first
   round key added.  */
#define ENC_ROUNDS \
	SB0 (0, 1, 2, 3, 4, 5, 6, 7); \
	LTK (1, 4, 6, 7, 0, 1, 2); \
	SB1 (4, 1, 7, 0, 2, 3, 5, 6); \
	LTK (2, 2, 5, 3, 7, 0, 1); \
	SB2 (2, 0, 3, 7, 1, 4, 5, 6); \
	LTK (3, 1, 5, 6, 7, 0, 2); \
	SB3 (1, 0, 6, 7, 2, 3, 4, 5); \
	LTK (4, 2, 4, 3, 1, 0, 5); \
	SB4 (2, 0, 3, 1, 4, 5, 6, 7); \
	LTK (5, 6, 7, 2, 4, 0, 1); \
	SB5 (6, 0, 2, 4, 1, 3, 5, 7); \
	LTK (6, 1, 3, 5, 6, 0, 2); \
	SB6 (1, 0, 5, 6, 2, 3, 4, 7); \
	LTK (7, 2, 4, 3, 1, 0, 5); \
	SB7 (2, 0, 3, 1, 4, 5, 6, 7)

/* The linear transformation and the first key of the next eight
   rounds, the words back in slots 0-3.  */
#define ENC_NEXT \
	LTK (8, 4, 6, 5, 1, 0, 2); \
	MOV (5, 2); MOV (1, 3); MOV (0, 1); MOV (4, 0)

/* The last key, the words back in slots 0-3.  */
#define ENC_LAST \
	KX (8, 4, 6, 5, 1); \
	MOV (4, 0); MOV (5, 2); MOV (1, 3); MOV (6, 1)

/* Eight rounds of decryption, words 0-3 in slots 0-3 with the
   last round key added.  */
#define DEC_ROUNDS \
	SI7 (0, 1, 2, 3, 4, 5, 6, 7); KX (7, 4, 6, 5, 3); \
	LTI (4, 6, 5, 3, 0); \
	SI6 (4, 6, 5, 3, 0, 1, 2, 7); KX (6, 2, 7, 4, 6); \
	LTI (2, 7, 4, 6, 0); \
	SI5 (2, 7, 4, 6, 0, 1, 3, 5); KX (5, 0, 3, 5, 2); \
	LTI (0, 3, 5, 2, 1); \
	SI4 (0, 3, 5, 2, 1, 4, 6, 7); KX (4, 4, 0, 6, 3); \
	LTI (4, 0, 6, 3, 1); \
	SI3 (4, 0, 6, 3, 1, 2, 5, 7); KX (3, 1, 2, 4, 5); \
	LTI (1, 2, 4, 5, 0); \
	SI2 (1, 2, 4, 5, 0, 3, 6, 7); KX (2, 0, 7, 6, 1); \
	LTI (0, 7, 6, 1, 2); \
	SI1 (0, 7, 6, 1, 2, 3, 4, 5); KX (1, 2, 4, 5, 0); \
	LTI (2, 4, 5, 0, 1); \
	SI0 (2, 4, 5, 0, 1, 3, 6, 7); KX (0, 1, 6, 7, 5)

/* The inverse linear transformation, the words back in slots 0-3.  */
#define DEC_NEXT \
	LTI (1, 6, 7, 5, 0); \
	MOV (1, 0); MOV (6, 1); MOV (7, 2); MOV (5, 3)

/* The words back in slots 0-3.  */
#define DEC_LAST \
	MOV (1, 0); MOV (6, 1); MOV (7, 2); MOV (5, 3)

/* END generated by tools/serpent-ternlog.py */

/* Register K of the eight holds blocks 4K ... 4K + 3.  */
#define Q0 RA0
#define Q1 RA1
#define Q2 RA2
#define Q3 RA3
#define Q4 RB0
#define Q5 RB1
#define Q6 RB2
#define Q7 RB3

.text

/* Local: encrypt the thirty-two blocks in Q0-Q7 in place, with the
   round keys at CTX (%rdi); clobbers RKEY, %r11 and %zmm0-%zmm15.
   The rounds run as a loop of four groups of eight, short enough for
   the decoded-instruction cache; the moves at the end of a group return
   the words to slots 0-3 for the next.  */
.align 16
serpent_avx512_enc32:
	CFI_STARTPROC ()
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	movq CTX, RKEY
	leaq 24*16(CTX), %r11
	KX (0, 0, 1, 2, 3)
.align 16
.Lenc32_group:
	ENC_ROUNDS
	cmpq %r11, RKEY
	je .Lenc32_last
	ENC_NEXT
	addq $8*16, RKEY
	jmp .Lenc32_group
.Lenc32_last:
	ENC_LAST
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	ret
	CFI_ENDPROC ()
ELF (.size serpent_avx512_enc32, . - serpent_avx512_enc32)

/* Local: as serpent_avx512_enc32, decrypting, the groups in reverse.  */
.align 16
serpent_avx512_dec32:
	CFI_STARTPROC ()
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	leaq 24*16(CTX), RKEY
	KX (8, 0, 1, 2, 3)
.align 16
.Ldec32_group:
	DEC_ROUNDS
	cmpq CTX, RKEY
	je .Ldec32_last
	DEC_NEXT
	subq $8*16, RKEY
	jmp .Ldec32_group
.Ldec32_last:
	DEC_LAST
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	ret
	CFI_ENDPROC ()
ELF (.size serpent_avx512_dec32, . - serpent_avx512_dec32)

/* The mode entry points around the core.  */
#define MODES_NAME(mode) _bcry_serpent_avx512_##mode##_blk32
#define MODES_ENC serpent_avx512_enc32
#define MODES_DEC serpent_avx512_dec32
#define MODES_T0 %zmm4
#define MODES_T1 %zmm5
#define MODES_T2 %zmm6
#include "simd-modes-avx512-amd64.h"

/* The sixty-four-block kernels: four sets of sixteen blocks, RA* and
   RB* as above, RC* and RD* in %zmm16-%zmm31, interleaved instruction
   by instruction.  A round is a chain of dependent gates as long as the
   ALUs' work on two sets, so two more sets fill the cycles the first
   two leave idle.  Every vector register is in the rounds: what an
   entry point keeps across them (the next IV) waits in general
   registers or memory, and the modes whose state would not (XTS, OCB)
   come to these kernels through the whitened pass, their tweaks or
   offsets in memory.  */
#undef ONSETS
#define ONSETS(op, ...)                                                 \
	op (RA, __VA_ARGS__); op (RB, __VA_ARGS__);                     \
	op (RC, __VA_ARGS__); op (RD, __VA_ARGS__)
#define RC0 %zmm16
#define RC1 %zmm17
#define RC2 %zmm18
#define RC3 %zmm19
#define RC4 %zmm20
#define RC5 %zmm21
#define RC6 %zmm22
#define RC7 %zmm23
#define RD0 %zmm24
#define RD1 %zmm25
#define RD2 %zmm26
#define RD3 %zmm27
#define RD4 %zmm28
#define RD5 %zmm29
#define RD6 %zmm30
#define RD7 %zmm31

/* Register K of the sixteen holds blocks 4K ... 4K + 3: Q0-Q7 as
   above, then these.  */
#define Q8 RC0
#define Q9 RC1
#define Q10 RC2
#define Q11 RC3
#define Q12 RD0
#define Q13 RD1
#define Q14 RD2
#define Q15 RD3

/* Local: encrypt the sixty-four blocks in Q0-Q15 in place, as
   serpent_avx512_enc32 does thirty-two; clobbers RKEY, %r11 and every
   vector register.  */
.align 16
serpent_avx512_enc64:
	CFI_STARTPROC ()
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	movq CTX, RKEY
	leaq 24*16(CTX), %r11
	KX (0, 0, 1, 2, 3)
.align 16
.Lenc64_group:
	ENC_ROUNDS
	cmpq %r11, RKEY
	je .Lenc64_last
	ENC_NEXT
	addq $8*16, RKEY
	jmp .Lenc64_group
.Lenc64_last:
	ENC_LAST
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	ret
	CFI_ENDPROC ()
ELF (.size serpent_avx512_enc64, . - serpent_avx512_enc64)

/* Local: as serpent_avx512_enc64, decrypting.  */
.align 16
serpent_avx512_dec64:
	CFI_STARTPROC ()
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	leaq 24*16(CTX), RKEY
	KX (8, 0, 1, 2, 3)
.align 16
.Ldec64_group:
	DEC_ROUNDS
	cmpq CTX, RKEY
	je .Ldec64_last
	DEC_NEXT
	subq $8*16, RKEY
	jmp .Ldec64_group
.Ldec64_last:
	DEC_LAST
	TRANSPOSE (0, 1, 2, 3, 4, 5)
	ret
	CFI_ENDPROC ()
ELF (.size serpent_avx512_dec64, . - serpent_avx512_dec64)

/* The mode entry points around it.  */
#undef MODES_WIDTH
#undef MODES_NAME
#undef MODES_ENC
#undef MODES_DEC
#define MODES_WIDTH 64
#define MODES_NAME(mode) _bcry_serpent_avx512_##mode##_blk64
#define MODES_ENC serpent_avx512_enc64
#define MODES_DEC serpent_avx512_dec64
#include "simd-modes-avx512-amd64.h"

ELF (.section .rodata)
/* LTK's shifts as masked rotations: x0 << 3 rotated by 7, x1 << 7 by
   22.  */
.align 4
.Lmask_lt3:
	.long 0xfffffc7f
.Lmask_lt2:
	.long 0xe03fffff

#endif /* USE_SERPENT_AVX512 */

GNU_STACK_NOTE
