/* twofish-amd64.S - Twofish on one to four blocks with x86-64 integer code
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Twofish (Schneier et al., "Twofish: A 128-Bit Block Cipher", 1998)
 * on runs of blocks where no SIMD code runs: ECB, CTR, and CBC and CFB
 * decryption, four blocks interleaved (with BMI1's BEXTR and BMI2's
 * RORX), three, two or one for the tail.  As
 * in the Linux kernel's x86-64 Twofish of 2006, the C key setup
 * (cipher/twofish.c) builds the four key-dependent tables of g, each
 * an S-box already multiplied by its column of the MDS matrix, and the
 * assembly runs the rounds on them: g is four byte-indexed loads and
 * three xors.  The serial modes stay in the C, which runs at the same
 * floor, the latency of the round's chain (doc/HACKING, "Tuning
 * notes").  The lookups are indexed by data and key bytes, so this
 * code is not constant time (see PROLOGUE).
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"

#ifdef USE_TWOFISH_AMD64

/* The context of cipher/twofish.c: u32 s[4][256], then u32 k[40].  */
#define S(j) ((j) * 1024)
#define K(i) (4096 + 4 * (i))

#define CTX %rdi

/* Register names as pasted suffixes of a token that is itself no
   macro, so that it passes through nested macros unexpanded: q, d, bl
   and, for %eax...%edx only, bh.  */
#define RAq %rax
#define RAd %eax
#define RAbl %al
#define RAbh %ah
#define RBq %rbx
#define RBd %ebx
#define RBbl %bl
#define RBbh %bh
#define RCq %rcx
#define RCd %ecx
#define RCbl %cl
#define RCbh %ch
#define RDq %rdx
#define RDd %edx
#define RDbl %dl
#define RDbh %dh
/* The second block of a pair.  */
#define REq %r12
#define REd %r12d
#define REbl %r12b
#define RFq %r13
#define RFd %r13d
#define RFbl %r13b
#define RGq %r14
#define RGd %r14d
#define RGbl %r14b
#define RHq %r15
#define RHd %r15d
#define RHbl %r15b
/* The third block of three, where g's temporaries T2, T3 and TY of
   the smaller counts are free.  */
#define RIq %r8
#define RId %r8d
#define RIbl %r8b
#define RJq %r9
#define RJd %r9d
#define RJbl %r9b
#define RKq %r10
#define RKd %r10d
#define RKbl %r10b
#define RLq %r11
#define RLd %r11d
#define RLbl %r11b

/* g's outputs and its indices.  */
#define TXq %rsi
#define TXd %esi
#define TYq %r11
#define TYd %r11d
/* No REX prefix: the destination of movzbl %ah.  */
#define T1q %rbp
#define T1d %ebp
#define T2q %r8
#define T2d %r8d
#define T2bl %r8b
#define T3q %r9
#define T3d %r9d

/* O = the xor of table J0[byte 0 of X], ..., J3[byte 3 of X], for a
   lone block, whose time is the latency of its chain.  Bytes 0, 1 and
   3 take one instruction from X, byte 2 two, so its lookup comes back
   last and joins the xor last; separate loads and a tree of xors
   rather than a chain of load-and-xors, which would wait for each
   load in turn.  X is one of A...D, whose second byte is a register.  */
#define GL(x, j0, j1, j2, j3, o)                                        \
	movzbl x##bl, o##d;                                             \
	movzbl x##bh, T1d;                                              \
	movl x##d, T3d;                                                 \
	shrl $24, T3d;                                                  \
	movl x##d, T2d;                                                 \
	shrl $16, T2d;                                                  \
	movzbl T2bl, T2d;                                               \
	movl S(j0)(CTX, o##q, 4), o##d;                                 \
	movl S(j1)(CTX, T1q, 4), T1d;                                   \
	movl S(j3)(CTX, T3q, 4), T3d;                                   \
	movl S(j2)(CTX, T2q, 4), T2d;                                   \
	xorl T1d, o##d;                                                 \
	xorl T3d, o##d;                                                 \
	xorl T2d, o##d;

/* The same where two blocks share the core, which the number of
   instructions limits rather than any one chain: a load-and-xor per
   lookup, and for A...D the second-byte registers of X and of X
   rotated by 16 bits, rotated back after (GH), or, where X is next
   rotated anyway, left rotated by 16 (GH1).  */
#define GH1(x, j0, j1, j2, j3, o)                                       \
	movzbl x##bl, T1d;                                              \
	movl S(j0)(CTX, T1q, 4), o##d;                                  \
	movzbl x##bh, T1d;                                              \
	xorl S(j1)(CTX, T1q, 4), o##d;                                  \
	rorl $16, x##d;                                                 \
	movzbl x##bl, T1d;                                              \
	xorl S(j2)(CTX, T1q, 4), o##d;                                  \
	movzbl x##bh, T1d;                                              \
	xorl S(j3)(CTX, T1q, 4), o##d;
#define GH(x, j0, j1, j2, j3, o)                                        \
	GH1 (x, j0, j1, j2, j3, o)                                      \
	rorl $16, x##d;

/* For the second block, E...H, a copy of X shifted a byte at a time.  */
#define GS(x, j0, j1, j2, j3, o)                                        \
	movzbl x##bl, T1d;                                              \
	movl S(j0)(CTX, T1q, 4), o##d;                                  \
	movl x##d, T2d;                                                 \
	shrl $8, T2d;                                                   \
	movzbl T2bl, T1d;                                               \
	xorl S(j1)(CTX, T1q, 4), o##d;                                  \
	shrl $8, T2d;                                                   \
	movzbl T2bl, T1d;                                               \
	xorl S(j2)(CTX, T1q, 4), o##d;                                  \
	shrl $8, T2d;                                                   \
	xorl S(j3)(CTX, T2q, 4), o##d;

/* For three blocks, with no register to spare for a copy: X rotated a
   byte at a time, back to where it was after the fourth (GR), or left
   rotated by 24 after the third (GR3).  */
#define GR3(x, j0, j1, j2, j3, o)                                       \
	movzbl x##bl, T1d;                                              \
	movl S(j0)(CTX, T1q, 4), o##d;                                  \
	rorl $8, x##d;                                                  \
	movzbl x##bl, T1d;                                              \
	xorl S(j1)(CTX, T1q, 4), o##d;                                  \
	rorl $8, x##d;                                                  \
	movzbl x##bl, T1d;                                              \
	xorl S(j2)(CTX, T1q, 4), o##d;                                  \
	rorl $8, x##d;                                                  \
	movzbl x##bl, T1d;                                              \
	xorl S(j3)(CTX, T1q, 4), o##d;
#define GR(x, j0, j1, j2, j3, o)                                        \
	GR3 (x, j0, j1, j2, j3, o)                                      \
	rorl $8, x##d;

/* T0 = g (A) and T1 = g (B <<< 8) of the paper, the PHT and the round
   keys K[N], K[N + 1] added as T0 + (T1 + K[N]) and T0 + (2 T1 +
   K[N + 1]): B's new value needs no rotation after the xor in the round
   before, so T1 is known a cycle ahead of T0, and only one addition
   waits for T0.  K[N + 1] is loaded into T2 so that 2 T1 + K[N + 1] is
   one LEA after T1 rather than two instructions, which took a cycle
   off the lone block's round.  The rotation of the word that is not
   rotated after the xor is done early, off the chain.  */
#define PHT(n)                                                          \
	movl K((n) + 1)(CTX), T2d;                                      \
	leal (T2q, TXq, 2), T1d;                                        \
	addl K(n)(CTX), TXd;                                            \
	addl TYd, TXd;                                                  \
	addl TYd, T1d;

/* One round on (A, B, C, D) = (R_0, R_1, R_2, R_3), without swapping
   the words: the next round takes C, D as the inputs of g.  BA and BB
   are the byte-1 forms of A and B.  */
#define ENC_ROUND(wa, wb, wc, wd, n, GA, GB)                            \
	GB (wb, 1, 2, 3, 0, TX)                                         \
	GA (wa, 0, 1, 2, 3, TY)                                         \
	roll $1, wd##d;                                                  \
	PHT (n)                                                         \
	xorl TXd, wc##d;                                                 \
	rorl $1, wc##d;                                                  \
	xorl T1d, wd##d;

/* The inverse of ENC_ROUND (a, b, c, d, n): C = (C <<< 1) ^ (T0 + T1 +
   K[N]), D = (D ^ (T0 + 2 T1 + K[N + 1])) >>> 1.  */
#define DEC_ROUND(wa, wb, wc, wd, n, GA, GB)                            \
	GB (wb, 1, 2, 3, 0, TX)                                         \
	GA (wa, 0, 1, 2, 3, TY)                                         \
	roll $1, wc##d;                                                  \
	PHT (n)                                                         \
	xorl TXd, wc##d;                                                 \
	xorl T1d, wd##d;                                                 \
	rorl $1, wd##d;

/* The rounds for three blocks, bound by the number of instructions.
   Twelve words, the context and two temporaries fill the registers: D
   waits in %xmm0 while its own register takes T0, as D is wanted only
   at the end of the round.  The PHT takes four instructions, T0 + T1
   first.  The word that the next round rotates by 1 before its xor
   (WB in encryption, WA in decryption) is left rotated by its g (GH1,
   GR3), and that rotation is folded into the next round's: RX is the
   rotation right of WD (encryption) or WC (decryption) before its xor,
   31 for a word as it is, 15 after GH1, 7 after GR3.  */
#define PHT_X(wd, n)                                                    \
	leal (wd##q, TXq), T1d;                                         \
	addl T1d, TXd;                                                  \
	addl K(n)(CTX), T1d;                                            \
	addl K((n) + 1)(CTX), TXd;

#define ENC_ROUND_X(wa, wb, wc, wd, n, GA, GB, rx)                      \
	GB (wb, 1, 2, 3, 0, TX)                                         \
	movd wd##d, %xmm0;                                              \
	GA (wa, 0, 1, 2, 3, wd)                                         \
	PHT_X (wd, n)                                                   \
	xorl T1d, wc##d;                                                \
	rorl $1, wc##d;                                                 \
	movd %xmm0, wd##d;                                              \
	rorl $(rx), wd##d;                                              \
	xorl TXd, wd##d;

#define DEC_ROUND_X(wa, wb, wc, wd, n, GA, GB, rx)                      \
	GB (wb, 1, 2, 3, 0, TX)                                         \
	movd wd##d, %xmm0;                                              \
	GA (wa, 0, 1, 2, 3, wd)                                         \
	PHT_X (wd, n)                                                   \
	rorl $(rx), wc##d;                                              \
	xorl T1d, wc##d;                                                \
	movd %xmm0, wd##d;                                              \
	xorl TXd, wd##d;                                                \
	rorl $1, wd##d;

/* Sixteen rounds on the block in A...D after the input whitening; the
   output words, before the output whitening, are C, D, A, B.  */
#define ENC_PAIR1(n)                                                    \
	ENC_ROUND (RA, RB, RC, RD, n, GL, GL)                           \
	ENC_ROUND (RC, RD, RA, RB, (n) + 2, GL, GL)
#define ENC_ROUNDS1                                                     \
	ENC_PAIR1 (8) ENC_PAIR1 (12) ENC_PAIR1 (16) ENC_PAIR1 (20)      \
	ENC_PAIR1 (24) ENC_PAIR1 (28) ENC_PAIR1 (32) ENC_PAIR1 (36)

#define DEC_PAIR1(n)                                                    \
	DEC_ROUND (RC, RD, RA, RB, (n) + 2, GL, GL)                   \
	DEC_ROUND (RA, RB, RC, RD, n, GL, GL)
#define DEC_ROUNDS1                                                     \
	DEC_PAIR1 (36) DEC_PAIR1 (32) DEC_PAIR1 (28) DEC_PAIR1 (24)     \
	DEC_PAIR1 (20) DEC_PAIR1 (16) DEC_PAIR1 (12) DEC_PAIR1 (8)

/* The same on two blocks, the second in E...H, a round of each in
   turn: each round of a block is one chain of dependent loads, and the
   other block's round fills the time it waits.  */
#define ENC_PAIR2(n)                                                    \
	ENC_ROUND (RA, RB, RC, RD, n, GH, GH)                         \
	ENC_ROUND (RE, RF, RG, RH, n, GS, GS)                         \
	ENC_ROUND (RC, RD, RA, RB, (n) + 2, GH, GH)                   \
	ENC_ROUND (RG, RH, RE, RF, (n) + 2, GS, GS)
#define ENC_ROUNDS2                                                     \
	ENC_PAIR2 (8) ENC_PAIR2 (12) ENC_PAIR2 (16) ENC_PAIR2 (20)      \
	ENC_PAIR2 (24) ENC_PAIR2 (28) ENC_PAIR2 (32) ENC_PAIR2 (36)

#define DEC_PAIR2(n)                                                    \
	DEC_ROUND (RC, RD, RA, RB, (n) + 2, GH, GH)                   \
	DEC_ROUND (RG, RH, RE, RF, (n) + 2, GS, GS)                   \
	DEC_ROUND (RA, RB, RC, RD, n, GH, GH)                         \
	DEC_ROUND (RE, RF, RG, RH, n, GS, GS)
#define DEC_ROUNDS2                                                     \
	DEC_PAIR2 (36) DEC_PAIR2 (32) DEC_PAIR2 (28) DEC_PAIR2 (24)     \
	DEC_PAIR2 (20) DEC_PAIR2 (16) DEC_PAIR2 (12) DEC_PAIR2 (8)

/* A round of each of the three blocks; RH and RR are RX for A...D and
   for the others.  */
#define ENC_RND3(a, b, c, d, e, f, g, h, i, j, k, l, n, rh, rr)         \
	ENC_ROUND_X (a, b, c, d, n, GH, GH1, rh)                        \
	ENC_ROUND_X (e, f, g, h, n, GR, GR3, rr)                        \
	ENC_ROUND_X (i, j, k, l, n, GR, GR3, rr)
#define ENC_PAIR3(n)                                                    \
	ENC_RND3 (RA, RB, RC, RD, RE, RF, RG, RH, RI, RJ, RK, RL,       \
		  n, 15, 7)                                             \
	ENC_RND3 (RC, RD, RA, RB, RG, RH, RE, RF, RK, RL, RI, RJ,       \
		  (n) + 2, 15, 7)
/* The last round leaves D, H and L rotated.  */
#define ENC_ROUNDS3                                                     \
	ENC_RND3 (RA, RB, RC, RD, RE, RF, RG, RH, RI, RJ, RK, RL,       \
		  8, 31, 31)                                            \
	ENC_RND3 (RC, RD, RA, RB, RG, RH, RE, RF, RK, RL, RI, RJ,       \
		  10, 15, 7)                                            \
	ENC_PAIR3 (12) ENC_PAIR3 (16) ENC_PAIR3 (20) ENC_PAIR3 (24)     \
	ENC_PAIR3 (28) ENC_PAIR3 (32) ENC_PAIR3 (36)                    \
	rorl $16, RDd;                                                  \
	rorl $8, RHd;                                                   \
	rorl $8, RLd;

#define DEC_RND3(a, b, c, d, e, f, g, h, i, j, k, l, n, rh, rr)         \
	DEC_ROUND_X (a, b, c, d, n, GH1, GH, rh)                        \
	DEC_ROUND_X (e, f, g, h, n, GR3, GR, rr)                        \
	DEC_ROUND_X (i, j, k, l, n, GR3, GR, rr)
#define DEC_PAIR3(n)                                                    \
	DEC_RND3 (RC, RD, RA, RB, RG, RH, RE, RF, RK, RL, RI, RJ,       \
		  (n) + 2, 15, 7)                                       \
	DEC_RND3 (RA, RB, RC, RD, RE, RF, RG, RH, RI, RJ, RK, RL,       \
		  n, 15, 7)
/* The last round leaves A, E and I rotated.  */
#define DEC_ROUNDS3                                                     \
	DEC_RND3 (RC, RD, RA, RB, RG, RH, RE, RF, RK, RL, RI, RJ,       \
		  38, 31, 31)                                           \
	DEC_RND3 (RA, RB, RC, RD, RE, RF, RG, RH, RI, RJ, RK, RL,       \
		  36, 15, 7)                                            \
	DEC_PAIR3 (32) DEC_PAIR3 (28) DEC_PAIR3 (24) DEC_PAIR3 (20)     \
	DEC_PAIR3 (16) DEC_PAIR3 (12) DEC_PAIR3 (8)                     \
	rorl $16, RAd;                                                  \
	rorl $8, REd;                                                   \
	rorl $8, RId;

/* Four blocks, with BEXTR (BMI1) and RORX (BMI2): BEXTR takes byte 1,
   2 or 3 of a word in one instruction and leaves the word as it was,
   so neither the high-byte registers nor rotations back are needed,
   and g's two inputs are all a block keeps in registers.  The other
   two words wait on the stack, where the xors of the next round read
   them: no latency, as they were stored a round earlier.  Per block
   and round that is 26 instructions against the three blocks' 32, 20
   of them loads; the load units then bound the rounds (doc/HACKING,
   "Tuning notes").  Ten registers hold five pairs of words: a block's
   g outputs go to the free pair, and the pair of its old inputs, once
   stored, takes the next block's.  */
#define W0q %rax
#define W0d %eax
#define W0bl %al
#define W1q %rbx
#define W1d %ebx
#define W1bl %bl
#define W2q %rcx
#define W2d %ecx
#define W2bl %cl
#define W3q %rdx
#define W3d %edx
#define W3bl %dl
#define W4q %r8
#define W4d %r8d
#define W4bl %r8b
#define W5q %r9
#define W5d %r9d
#define W5bl %r9b
#define W6q %r10
#define W6d %r10d
#define W6bl %r10b
#define W7q %r11
#define W7d %r11d
#define W7bl %r11b
#define W8q %r12
#define W8d %r12d
#define W8bl %r12b
#define W9q %rbp
#define W9d %ebp
#define W9bl %bpl
/* The index of a lookup, and BEXTR's controls for bytes 1, 2, 3.  */
#define IXq %rsi
#define IXd %esi
#define BX1d %r13d
#define BX2d %r14d
#define BX3d %r15d

/* O = g of X, with tables J0...J3 for bytes 0...3.  */
#define G4(x, j0, j1, j2, j3, o)                                        \
	movzbl x##bl, IXd;                                              \
	movl S(j0)(CTX, IXq, 4), o##d;                                  \
	bextrl BX1d, x##d, IXd;                                         \
	xorl S(j1)(CTX, IXq, 4), o##d;                                  \
	bextrl BX2d, x##d, IXd;                                         \
	xorl S(j2)(CTX, IXq, 4), o##d;                                  \
	bextrl BX3d, x##d, IXd;                                         \
	xorl S(j3)(CTX, IXq, 4), o##d;

/* Block B's two words off the registers, J = 0, 1, as the rounds see
   them (the caller's frame is 8 bytes above, past the return address;
   SLOT is the caller's view).  */
#define SLOT(b, j) (8 * (b) + 4 * (j))(%rsp)
#define SL4(b, j) (8 + 8 * (b) + 4 * (j))(%rsp)

/* A round of block B, g's inputs in WA, WB, the other two words in its
   slots: T0 + T1 + K[N] and T0 + 2 T1 + K[N + 1] into TX and TY, then
   the xors with the slots' words, which leaves the new inputs of g in
   TX, TY, and WA, WB into the slots.  */
#define PHT4(tx, ty, n)                                                 \
	addl ty##d, tx##d;                                              \
	addl tx##d, ty##d;                                              \
	addl K(n)(CTX), tx##d;                                          \
	addl K((n) + 1)(CTX), ty##d;
#define ENC_R4(wa, wb, tx, ty, b, n)                                    \
	G4 (wa, 0, 1, 2, 3, tx)                                         \
	G4 (wb, 1, 2, 3, 0, ty)                                         \
	PHT4 (tx, ty, n)                                                \
	xorl SL4 (b, 0), tx##d;                                         \
	rorl $1, tx##d;                                                 \
	rorxl $31, SL4 (b, 1), IXd;                                     \
	xorl IXd, ty##d;                                                \
	movl wa##d, SL4 (b, 0);                                         \
	movl wb##d, SL4 (b, 1);
#define DEC_R4(wa, wb, tx, ty, b, n)                                    \
	G4 (wa, 0, 1, 2, 3, tx)                                         \
	G4 (wb, 1, 2, 3, 0, ty)                                         \
	PHT4 (tx, ty, n)                                                \
	rorxl $31, SL4 (b, 0), IXd;                                     \
	xorl IXd, tx##d;                                                \
	xorl SL4 (b, 1), ty##d;                                         \
	rorl $1, ty##d;                                                 \
	movl wa##d, SL4 (b, 0);                                         \
	movl wb##d, SL4 (b, 1);

/* A round of the four blocks, in pairs 0...3, pair F free; after it
   they are in F and pairs 0...2, and pair 3 is free.  */
#define RND4(R, a0, b0, a1, b1, a2, b2, a3, b3, fa, fb, n)              \
	R (a0, b0, fa, fb, 0, n)                                        \
	R (a1, b1, a0, b0, 1, n)                                        \
	R (a2, b2, a1, b1, 2, n)                                        \
	R (a3, b3, a2, b2, 3, n)
/* Sixteen rounds, keys N, N +- 2, ...: the blocks from W0, W1 ... W6,
   W7 to W8, W9, W0, W1 ... W4, W5.  */
#define ROUNDS4(R, n, s)                                                \
	RND4 (R, W0, W1, W2, W3, W4, W5, W6, W7, W8, W9, (n))            \
	RND4 (R, W8, W9, W0, W1, W2, W3, W4, W5, W6, W7, (n) + (s))      \
	RND4 (R, W6, W7, W8, W9, W0, W1, W2, W3, W4, W5, (n) + 2 * (s))  \
	RND4 (R, W4, W5, W6, W7, W8, W9, W0, W1, W2, W3, (n) + 3 * (s))  \
	RND4 (R, W2, W3, W4, W5, W6, W7, W8, W9, W0, W1, (n) + 4 * (s))  \
	RND4 (R, W0, W1, W2, W3, W4, W5, W6, W7, W8, W9, (n) + 5 * (s))  \
	RND4 (R, W8, W9, W0, W1, W2, W3, W4, W5, W6, W7, (n) + 6 * (s))  \
	RND4 (R, W6, W7, W8, W9, W0, W1, W2, W3, W4, W5, (n) + 7 * (s))  \
	RND4 (R, W4, W5, W6, W7, W8, W9, W0, W1, W2, W3, (n) + 8 * (s))  \
	RND4 (R, W2, W3, W4, W5, W6, W7, W8, W9, W0, W1, (n) + 9 * (s))  \
	RND4 (R, W0, W1, W2, W3, W4, W5, W6, W7, W8, W9, (n) + 10 * (s)) \
	RND4 (R, W8, W9, W0, W1, W2, W3, W4, W5, W6, W7, (n) + 11 * (s)) \
	RND4 (R, W6, W7, W8, W9, W0, W1, W2, W3, W4, W5, (n) + 12 * (s)) \
	RND4 (R, W4, W5, W6, W7, W8, W9, W0, W1, W2, W3, (n) + 13 * (s)) \
	RND4 (R, W2, W3, W4, W5, W6, W7, W8, W9, W0, W1, (n) + 14 * (s)) \
	RND4 (R, W0, W1, W2, W3, W4, W5, W6, W7, W8, W9, (n) + 15 * (s))

/* The four words at OFF(BASE) into W, X, Y, Z, and back.  */
#define LOAD4(off, base, w, x, y, z)                                    \
	movl (off)(base), w##d; movl (off) + 4(base), x##d;             \
	movl (off) + 8(base), y##d; movl (off) + 12(base), z##d;
#define STORE4(off, base, w, x, y, z)                                   \
	movl w##d, (off)(base); movl x##d, (off) + 4(base);             \
	movl y##d, (off) + 8(base); movl z##d, (off) + 12(base);
#define XOR4(off, base, w, x, y, z)                                     \
	xorl (off)(base), w##d; xorl (off) + 4(base), x##d;             \
	xorl (off) + 8(base), y##d; xorl (off) + 12(base), z##d;

/* The input whitening of a block whose words are in W...Z, and the
   output whitening of one whose output words are C, D, A, B.  */
#define WHITEN_IN(w, x, y, z)                                           \
	xorl K(0)(CTX), w##d; xorl K(1)(CTX), x##d;                     \
	xorl K(2)(CTX), y##d; xorl K(3)(CTX), z##d;
#define WHITEN_OUT(w, x, y, z)                                          \
	xorl K(4)(CTX), w##d; xorl K(5)(CTX), x##d;                     \
	xorl K(6)(CTX), y##d; xorl K(7)(CTX), z##d;

#define PUSH(r) pushq r; .cfi_adjust_cfa_offset 8; .cfi_rel_offset r, 0;
#define POP(r) popq r; .cfi_adjust_cfa_offset -8; .cfi_restore r;

/* Save the callee-saved registers and read each cache line of the
   tables once.  Cache timing can reveal the indices of the lookups;
   as the portable C does, reading every line first mitigates but does
   not prevent such attacks.  Branches depend only on lengths and
   flags; registers that held data or key material are cleared before
   returning.  */
#define PROLOGUE                                                        \
	PUSH (%rbp);                                                    \
	PUSH (%rbx);                                                    \
	PUSH (%r12);                                                    \
	PUSH (%r13);                                                    \
	PUSH (%r14);                                                    \
	PUSH (%r15);                                                    \
	xorl %eax, %eax;                                                \
	7:;                                                             \
	movl 0(CTX, %rax), %r10d;                                       \
	movl 64(CTX, %rax), %r10d;                                      \
	movl 128(CTX, %rax), %r10d;                                     \
	movl 192(CTX, %rax), %r10d;                                     \
	addq $256, %rax;                                                \
	cmpq $S(4), %rax;                                               \
	jb 7b;

#define EPILOGUE                                                        \
	xorl %eax, %eax;                                                \
	xorl %ecx, %ecx;                                                \
	xorl %edx, %edx;                                                \
	xorl %esi, %esi;                                                \
	xorl %edi, %edi;                                                \
	xorl %r8d, %r8d;                                                \
	xorl %r9d, %r9d;                                                \
	xorl %r10d, %r10d;                                              \
	xorl %r11d, %r11d;                                              \
	POP (%r15);                                                     \
	POP (%r14);                                                     \
	POP (%r13);                                                     \
	POP (%r12);                                                     \
	POP (%rbx);                                                     \
	POP (%rbp);                                                     \
	ret;

.text

/* Internal calls on the context in CTX: the block in A...D, or two in
   A...D and E...H, or three in A...D, E...H and I...L, input-whitened
   and encrypted; the outputs, before the output whitening, in C, D, A,
   B (and G, H, E, F and K, L, I, J).  Decryption
   takes the output-whitened words in C, D, A, B and leaves the input
   words, still whitened, in A...D.  */
.align 16
ELF (.type __twofish_enc1, @function;)
__twofish_enc1:
	CFI_STARTPROC ()
	ENC_ROUNDS1
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_enc1, . - __twofish_enc1)

.align 16
ELF (.type __twofish_dec1, @function;)
__twofish_dec1:
	CFI_STARTPROC ()
	DEC_ROUNDS1
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_dec1, . - __twofish_dec1)

.align 16
ELF (.type __twofish_enc2, @function;)
__twofish_enc2:
	CFI_STARTPROC ()
	ENC_ROUNDS2
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_enc2, . - __twofish_enc2)

.align 16
ELF (.type __twofish_dec2, @function;)
__twofish_dec2:
	CFI_STARTPROC ()
	DEC_ROUNDS2
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_dec2, . - __twofish_dec2)

.align 16
ELF (.type __twofish_enc3, @function;)
__twofish_enc3:
	CFI_STARTPROC ()
	ENC_ROUNDS3
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_enc3, . - __twofish_enc3)

.align 16
ELF (.type __twofish_dec3, @function;)
__twofish_dec3:
	CFI_STARTPROC ()
	DEC_ROUNDS3
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_dec3, . - __twofish_dec3)

/* Four blocks: g's inputs of block K in W(2K), W(2K + 1), input-whitened,
   its other two words in its slots; out as ROUNDS4 leaves them, the
   output words before the output whitening in the slots, then in the
   registers.  */
#define SET_BX                                                          \
	movl $0x0808, BX1d;                                             \
	movl $0x0810, BX2d;                                             \
	movl $0x0818, BX3d;

.align 16
ELF (.type __twofish_enc4, @function;)
__twofish_enc4:
	CFI_STARTPROC ()
	SET_BX
	ROUNDS4 (ENC_R4, 8, 2)
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_enc4, . - __twofish_enc4)

.align 16
ELF (.type __twofish_dec4, @function;)
__twofish_dec4:
	CFI_STARTPROC ()
	SET_BX
	ROUNDS4 (DEC_R4, 38, -2)
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_dec4, . - __twofish_dec4)

/* The frame of the multi-block loops, which need every register: the
   four blocks' slots (SLOT), then the arguments.  */
#define S_OUT 32
#define S_IN 40
#define S_N 48
#define S_IV 56
#define FRAME 64

#define FRAME_ENTER                                                     \
	subq $FRAME, %rsp;                                              \
	.cfi_adjust_cfa_offset FRAME;
#define FRAME_LEAVE                                                     \
	pxor %xmm0, %xmm0;                                              \
	movdqu %xmm0, SLOT (0, 0);                                      \
	movdqu %xmm0, SLOT (2, 0);                                      \
	addq $FRAME, %rsp;                                              \
	.cfi_adjust_cfa_offset -FRAME;

/* The arguments, (ctx, out, in, nblocks) or (ctx, iv, out, in,
   nblocks), into the frame.  */
#define ECB_ARGS                                                        \
	movq %rsi, S_OUT(%rsp);                                         \
	movq %rdx, S_IN(%rsp);                                          \
	movq %rcx, S_N(%rsp);
#define IV_ARGS                                                         \
	movq %rsi, S_IV(%rsp);                                          \
	movq %rdx, S_OUT(%rsp);                                         \
	movq %rcx, S_IN(%rsp);                                          \
	movq %r8, S_N(%rsp);

/* Advance the frame's pointers by N blocks and count them off.  */
#define IV_NEXT(n)                                                      \
	addq $(16 * (n)), S_OUT(%rsp);                                  \
	addq $(16 * (n)), S_IN(%rsp);                                   \
	subq $(n), S_N(%rsp);

/* The block of the 128-bit big-endian counter at CTR (a register) into
   W...Z, and the counter plus 1 back, through T1 alone; the caller
   never gets a run across which the counter's low half wraps.  */
#define CTR_BLOCK(ctr, w, x, y, z)                                      \
	movq 8(ctr), T1q;                                               \
	movl T1d, y##d;                                                 \
	shrq $32, T1q;                                                  \
	movl T1d, z##d;                                                 \
	movl 0(ctr), w##d;                                              \
	movl 4(ctr), x##d;                                              \
	movq 8(ctr), T1q;                                               \
	bswapq T1q;                                                     \
	addq $1, T1q;                                                   \
	bswapq T1q;                                                     \
	movq T1q, 8(ctr);

/* Copy the block at OFF(SRC) to the IV, before the outputs may
   overwrite it, through %xmm0, as no general register is free.  */
#define COPY_IV(off, src)                                               \
	movdqu (off)(src), %xmm0;                                       \
	movq S_IV(%rsp), T1q;                                           \
	movdqu %xmm0, (T1q);

/* Block B of four at OFF(BASE), whitened with K[KW]...K[KW + 3]: its
   first two words into WA, WB, the other two into its slots.  */
#define IN4(base, off, b, wa, wb, kw)                                   \
	movl (off)(base), wa##d; xorl K(kw)(CTX), wa##d;                \
	movl (off) + 4(base), wb##d; xorl K((kw) + 1)(CTX), wb##d;      \
	movl (off) + 8(base), IXd; xorl K((kw) + 2)(CTX), IXd;          \
	movl IXd, SLOT (b, 0);                                          \
	movl (off) + 12(base), IXd; xorl K((kw) + 3)(CTX), IXd;         \
	movl IXd, SLOT (b, 1);
#define IN4X4(base, kw)                                                 \
	IN4 (base, 0, 0, W0, W1, kw) IN4 (base, 16, 1, W2, W3, kw)      \
	IN4 (base, 32, 2, W4, W5, kw) IN4 (base, 48, 3, W6, W7, kw)

/* The counter block at CTR as IN4 takes it, and the counter plus 1
   back (see CTR_BLOCK).  */
#define CTR_IN4(ctr, b, wa, wb)                                         \
	IN4 (ctr, 0, b, wa, wb, 0)                                      \
	movq 8(ctr), IXq;                                               \
	bswapq IXq;                                                     \
	addq $1, IXq;                                                   \
	bswapq IXq;                                                     \
	movq IXq, 8(ctr);

/* Xor the output words of block B (its slots, then WA, WB) with the
   four at OFF(BASE), a block of data or, at K(KW)(CTX), the output
   whitening; and store them.  The blocks are where ROUNDS4 leaves
   them.  */
#define XOR_OUT4(base, off, b, wa, wb)                                  \
	movl SLOT (b, 0), IXd; xorl (off)(base), IXd;                   \
	movl IXd, SLOT (b, 0);                                          \
	movl SLOT (b, 1), IXd; xorl (off) + 4(base), IXd;               \
	movl IXd, SLOT (b, 1);                                          \
	xorl (off) + 8(base), wa##d; xorl (off) + 12(base), wb##d;
#define KEY_OUT4X4(kw)                                                  \
	XOR_OUT4 (CTX, K(kw), 0, W8, W9) XOR_OUT4 (CTX, K(kw), 1, W0, W1) \
	XOR_OUT4 (CTX, K(kw), 2, W2, W3) XOR_OUT4 (CTX, K(kw), 3, W4, W5)
#define XOR_OUT4X4(base)                                                \
	XOR_OUT4 (base, 0, 0, W8, W9) XOR_OUT4 (base, 16, 1, W0, W1)    \
	XOR_OUT4 (base, 32, 2, W2, W3) XOR_OUT4 (base, 48, 3, W4, W5)
#define PUT4(base, off, b, wa, wb)                                      \
	movl SLOT (b, 0), IXd; movl IXd, (off)(base);                   \
	movl SLOT (b, 1), IXd; movl IXd, (off) + 4(base);               \
	movl wa##d, (off) + 8(base); movl wb##d, (off) + 12(base);
#define PUT4X4(base)                                                    \
	PUT4 (base, 0, 0, W8, W9) PUT4 (base, 16, 1, W0, W1)            \
	PUT4 (base, 32, 2, W2, W3) PUT4 (base, 48, 3, W4, W5)

/* The loops of the multi-block kernels: four blocks at a time
   (__twofish_enc4 and its kind), then three, two or one
   (__twofish_enc3 and its kind; the second block is E...H and the
   third I...L).  CBC decryption xors block K with ciphertext
   K - 1, block 0 with the IV, and CFB decryption encrypts the IV and
   ciphertexts 0...N - 2; both read the input they need and update the
   IV before they store, as OUT may be IN.  */
/* The ECB loop in direction DIR: keys KIN and KOUT (word index) round
   the four-block rounds, WIN and WOUT the whitenings of the one- to
   three-block ones, which load blocks into L0...L2 and store them from
   S0...S2: decryption is encryption with the two halves of a block,
   and the whitenings, the other way round.  */
#define ECB_LOOP(dir, kin, kout, win, wout, l0, l1, l2, s0, s1, s2)     \
0:	cmpq $4, S_N(%rsp);                                             \
	jb 1f;                                                          \
	movq S_IN(%rsp), %r13;                                          \
	IN4X4 (%r13, kin)                                               \
	call __twofish_##dir##4;                                        \
	KEY_OUT4X4 (kout)                                               \
	movq S_OUT(%rsp), %r13;                                         \
	PUT4X4 (%r13)                                                   \
	IV_NEXT (4)                                                     \
	jmp 0b;                                                         \
1:	cmpq $3, S_N(%rsp);                                             \
	jb 2f;                                                          \
	movq S_IN(%rsp), TXq;                                           \
	LOAD4 (0, TXq, l0) LOAD4 (16, TXq, l1) LOAD4 (32, TXq, l2)      \
	win (l0) win (l1) win (l2)                                      \
	call __twofish_##dir##3;                                        \
	wout (s0) wout (s1) wout (s2)                                   \
	movq S_OUT(%rsp), TXq;                                          \
	STORE4 (0, TXq, s0) STORE4 (16, TXq, s1) STORE4 (32, TXq, s2)   \
	IV_NEXT (3)                                                     \
	jmp 1b;                                                         \
2:	cmpq $2, S_N(%rsp);                                             \
	jb 3f;                                                          \
	movq S_IN(%rsp), TXq;                                           \
	LOAD4 (0, TXq, l0) LOAD4 (16, TXq, l1)                          \
	win (l0) win (l1)                                               \
	call __twofish_##dir##2;                                        \
	wout (s0) wout (s1)                                             \
	movq S_OUT(%rsp), TXq;                                          \
	STORE4 (0, TXq, s0) STORE4 (16, TXq, s1)                        \
	jmp 4f;                                                         \
3:	cmpq $0, S_N(%rsp);                                             \
	je 4f;                                                          \
	movq S_IN(%rsp), TXq;                                           \
	LOAD4 (0, TXq, l0)                                              \
	win (l0)                                                        \
	call __twofish_##dir##1;                                        \
	wout (s0)                                                       \
	movq S_OUT(%rsp), TXq;                                          \
	STORE4 (0, TXq, s0)                                             \
4:
#define BLK0 RA, RB, RC, RD
#define BLK1 RE, RF, RG, RH
#define BLK2 RI, RJ, RK, RL
#define BLK0X RC, RD, RA, RB
#define BLK1X RG, RH, RE, RF
#define BLK2X RK, RL, RI, RJ

/* void _bcry_twofish_amd64_enc (const void *ctx, byte *out,
                                 const byte *in, size_t nblocks);  */
ENTRY (_bcry_twofish_amd64_enc)
	PROLOGUE
	FRAME_ENTER
	ECB_ARGS
	ECB_LOOP (enc, 0, 4, WHITEN_IN, WHITEN_OUT, BLK0, BLK1, BLK2,
		  BLK0X, BLK1X, BLK2X)
	FRAME_LEAVE
	EPILOGUE
END (_bcry_twofish_amd64_enc)

/* void _bcry_twofish_amd64_dec (const void *ctx, byte *out,
                                 const byte *in, size_t nblocks);  */
ENTRY (_bcry_twofish_amd64_dec)
	PROLOGUE
	FRAME_ENTER
	ECB_ARGS
	ECB_LOOP (dec, 4, 0, WHITEN_OUT, WHITEN_IN, BLK0X, BLK1X, BLK2X,
		  BLK0, BLK1, BLK2)
	FRAME_LEAVE
	EPILOGUE
END (_bcry_twofish_amd64_dec)

/* void _bcry_twofish_amd64_ctr_enc (const void *ctx, byte *ctr,
                                     byte *out, const byte *in,
                                     size_t nblocks);  */
ENTRY (_bcry_twofish_amd64_ctr_enc)
	PROLOGUE
	FRAME_ENTER
	IV_ARGS
0:
	cmpq $4, S_N(%rsp)
	jb 1f
	movq S_IV(%rsp), %r13
	CTR_IN4 (%r13, 0, W0, W1)
	CTR_IN4 (%r13, 1, W2, W3)
	CTR_IN4 (%r13, 2, W4, W5)
	CTR_IN4 (%r13, 3, W6, W7)
	call __twofish_enc4
	KEY_OUT4X4 (4)
	movq S_IN(%rsp), %r13
	XOR_OUT4X4 (%r13)
	movq S_OUT(%rsp), %r13
	PUT4X4 (%r13)
	IV_NEXT (4)
	jmp 0b
1:
	cmpq $3, S_N(%rsp)
	jb 2f
	movq S_IV(%rsp), TXq
	CTR_BLOCK (TXq, RA, RB, RC, RD)
	CTR_BLOCK (TXq, RE, RF, RG, RH)
	CTR_BLOCK (TXq, RI, RJ, RK, RL)
	WHITEN_IN (RA, RB, RC, RD)
	WHITEN_IN (RE, RF, RG, RH)
	WHITEN_IN (RI, RJ, RK, RL)
	call __twofish_enc3
	WHITEN_OUT (RC, RD, RA, RB)
	WHITEN_OUT (RG, RH, RE, RF)
	WHITEN_OUT (RK, RL, RI, RJ)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RC, RD, RA, RB)
	XOR4 (16, TXq, RG, RH, RE, RF)
	XOR4 (32, TXq, RK, RL, RI, RJ)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RC, RD, RA, RB)
	STORE4 (16, TXq, RG, RH, RE, RF)
	STORE4 (32, TXq, RK, RL, RI, RJ)
	IV_NEXT (3)
	jmp 1b
2:
	cmpq $2, S_N(%rsp)
	jb 3f
	movq S_IV(%rsp), TXq
	CTR_BLOCK (TXq, RA, RB, RC, RD)
	CTR_BLOCK (TXq, RE, RF, RG, RH)
	WHITEN_IN (RA, RB, RC, RD)
	WHITEN_IN (RE, RF, RG, RH)
	call __twofish_enc2
	WHITEN_OUT (RC, RD, RA, RB)
	WHITEN_OUT (RG, RH, RE, RF)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RC, RD, RA, RB)
	XOR4 (16, TXq, RG, RH, RE, RF)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RC, RD, RA, RB)
	STORE4 (16, TXq, RG, RH, RE, RF)
	jmp 4f
3:
	cmpq $0, S_N(%rsp)
	je 4f
	movq S_IV(%rsp), TXq
	CTR_BLOCK (TXq, RA, RB, RC, RD)
	WHITEN_IN (RA, RB, RC, RD)
	call __twofish_enc1
	WHITEN_OUT (RC, RD, RA, RB)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RC, RD, RA, RB)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RC, RD, RA, RB)
4:
	FRAME_LEAVE
	EPILOGUE
END (_bcry_twofish_amd64_ctr_enc)

/* void _bcry_twofish_amd64_cbc_dec (const void *ctx, byte *iv,
                                     byte *out, const byte *in,
                                     size_t nblocks);  */
ENTRY (_bcry_twofish_amd64_cbc_dec)
	PROLOGUE
	FRAME_ENTER
	IV_ARGS
0:
	cmpq $4, S_N(%rsp)
	jb 1f
	movq S_IN(%rsp), %r13
	IN4X4 (%r13, 4)
	call __twofish_dec4
	KEY_OUT4X4 (0)
	movq S_IN(%rsp), %r13
	movq S_IV(%rsp), %r14
	XOR_OUT4 (%r14, 0, 0, W8, W9)
	XOR_OUT4 (%r13, 0, 1, W0, W1)
	XOR_OUT4 (%r13, 16, 2, W2, W3)
	XOR_OUT4 (%r13, 32, 3, W4, W5)
	movdqu 48(%r13), %xmm0
	movdqu %xmm0, (%r14)
	movq S_OUT(%rsp), %r13
	PUT4X4 (%r13)
	IV_NEXT (4)
	jmp 0b
1:
	cmpq $3, S_N(%rsp)
	jb 2f
	movq S_IN(%rsp), TXq
	LOAD4 (0, TXq, RC, RD, RA, RB)
	LOAD4 (16, TXq, RG, RH, RE, RF)
	LOAD4 (32, TXq, RK, RL, RI, RJ)
	WHITEN_OUT (RC, RD, RA, RB)
	WHITEN_OUT (RG, RH, RE, RF)
	WHITEN_OUT (RK, RL, RI, RJ)
	call __twofish_dec3
	WHITEN_IN (RA, RB, RC, RD)
	WHITEN_IN (RE, RF, RG, RH)
	WHITEN_IN (RI, RJ, RK, RL)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RE, RF, RG, RH)
	XOR4 (16, TXq, RI, RJ, RK, RL)
	movq S_IV(%rsp), T1q
	XOR4 (0, T1q, RA, RB, RC, RD)
	COPY_IV (32, TXq)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RA, RB, RC, RD)
	STORE4 (16, TXq, RE, RF, RG, RH)
	STORE4 (32, TXq, RI, RJ, RK, RL)
	IV_NEXT (3)
	jmp 1b
2:
	cmpq $2, S_N(%rsp)
	jb 3f
	movq S_IN(%rsp), TXq
	LOAD4 (0, TXq, RC, RD, RA, RB)
	LOAD4 (16, TXq, RG, RH, RE, RF)
	WHITEN_OUT (RC, RD, RA, RB)
	WHITEN_OUT (RG, RH, RE, RF)
	call __twofish_dec2
	WHITEN_IN (RA, RB, RC, RD)
	WHITEN_IN (RE, RF, RG, RH)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RE, RF, RG, RH)
	movq S_IV(%rsp), T1q
	XOR4 (0, T1q, RA, RB, RC, RD)
	COPY_IV (16, TXq)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RA, RB, RC, RD)
	STORE4 (16, TXq, RE, RF, RG, RH)
	jmp 4f
3:
	cmpq $0, S_N(%rsp)
	je 4f
	movq S_IN(%rsp), TXq
	LOAD4 (0, TXq, RC, RD, RA, RB)
	WHITEN_OUT (RC, RD, RA, RB)
	call __twofish_dec1
	WHITEN_IN (RA, RB, RC, RD)
	movq S_IN(%rsp), TXq
	movq S_IV(%rsp), T1q
	XOR4 (0, T1q, RA, RB, RC, RD)
	COPY_IV (0, TXq)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RA, RB, RC, RD)
4:
	FRAME_LEAVE
	EPILOGUE
END (_bcry_twofish_amd64_cbc_dec)

/* void _bcry_twofish_amd64_cfb_dec (const void *ctx, byte *iv,
                                     byte *out, const byte *in,
                                     size_t nblocks);  */
ENTRY (_bcry_twofish_amd64_cfb_dec)
	PROLOGUE
	FRAME_ENTER
	IV_ARGS
0:
	cmpq $4, S_N(%rsp)
	jb 1f
	movq S_IV(%rsp), %r14
	movq S_IN(%rsp), %r13
	IN4 (%r14, 0, 0, W0, W1, 0)
	IN4 (%r13, 0, 1, W2, W3, 0)
	IN4 (%r13, 16, 2, W4, W5, 0)
	IN4 (%r13, 32, 3, W6, W7, 0)
	call __twofish_enc4
	KEY_OUT4X4 (4)
	movq S_IN(%rsp), %r13
	movq S_IV(%rsp), %r14
	XOR_OUT4X4 (%r13)
	movdqu 48(%r13), %xmm0
	movdqu %xmm0, (%r14)
	movq S_OUT(%rsp), %r13
	PUT4X4 (%r13)
	IV_NEXT (4)
	jmp 0b
1:
	cmpq $3, S_N(%rsp)
	jb 2f
	movq S_IV(%rsp), T1q
	LOAD4 (0, T1q, RA, RB, RC, RD)
	movq S_IN(%rsp), TXq
	LOAD4 (0, TXq, RE, RF, RG, RH)
	LOAD4 (16, TXq, RI, RJ, RK, RL)
	WHITEN_IN (RA, RB, RC, RD)
	WHITEN_IN (RE, RF, RG, RH)
	WHITEN_IN (RI, RJ, RK, RL)
	call __twofish_enc3
	WHITEN_OUT (RC, RD, RA, RB)
	WHITEN_OUT (RG, RH, RE, RF)
	WHITEN_OUT (RK, RL, RI, RJ)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RC, RD, RA, RB)
	XOR4 (16, TXq, RG, RH, RE, RF)
	XOR4 (32, TXq, RK, RL, RI, RJ)
	COPY_IV (32, TXq)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RC, RD, RA, RB)
	STORE4 (16, TXq, RG, RH, RE, RF)
	STORE4 (32, TXq, RK, RL, RI, RJ)
	IV_NEXT (3)
	jmp 1b
2:
	cmpq $2, S_N(%rsp)
	jb 3f
	movq S_IV(%rsp), T1q
	LOAD4 (0, T1q, RA, RB, RC, RD)
	movq S_IN(%rsp), TXq
	LOAD4 (0, TXq, RE, RF, RG, RH)
	WHITEN_IN (RA, RB, RC, RD)
	WHITEN_IN (RE, RF, RG, RH)
	call __twofish_enc2
	WHITEN_OUT (RC, RD, RA, RB)
	WHITEN_OUT (RG, RH, RE, RF)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RC, RD, RA, RB)
	XOR4 (16, TXq, RG, RH, RE, RF)
	COPY_IV (16, TXq)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RC, RD, RA, RB)
	STORE4 (16, TXq, RG, RH, RE, RF)
	jmp 4f
3:
	cmpq $0, S_N(%rsp)
	je 4f
	movq S_IV(%rsp), T1q
	LOAD4 (0, T1q, RA, RB, RC, RD)
	movq S_IN(%rsp), TXq
	WHITEN_IN (RA, RB, RC, RD)
	call __twofish_enc1
	WHITEN_OUT (RC, RD, RA, RB)
	movq S_IN(%rsp), TXq
	XOR4 (0, TXq, RC, RD, RA, RB)
	COPY_IV (0, TXq)
	movq S_OUT(%rsp), TXq
	STORE4 (0, TXq, RC, RD, RA, RB)
4:
	FRAME_LEAVE
	EPILOGUE
END (_bcry_twofish_amd64_cfb_dec)

#endif /* USE_TWOFISH_AMD64 */

GNU_STACK_NOTE
