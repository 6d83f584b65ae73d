/* serpent-simd-amd64.h - word-sliced Serpent, the template of the
 * x86-64 SIMD kernels
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Serpent (R. Anderson, E. Biham, L. Knudsen, "Serpent: A Proposal for
 * the Advanced Encryption Standard", 1998) in its bitslice form, word
 * sliced across blocks: after a 4x4 transpose of 32-bit words within
 * each 128-bit lane, vector register j of a set holds word j of four
 * blocks per lane, so each Boolean operation of an S-box circuit, shift
 * or key addition acts on all of them.  Two sets (RA*, RB*) are
 * interleaved instruction by instruction, so that the out-of-order core
 * always has an independent operation at hand.  The rounds are bound by
 * the vector ALUs where a logic operation takes a cycle, and by their
 * longest chain of dependent operations where it takes two, which the
 * key additions folded into LTK and LTIK shorten (doc/HACKING, "Tuning
 * notes").  The same text serves SSE2's two-operand instructions.
 */

/* The including file defines, before including this one:
 *   V(n)          vector register n (%ymm##n, %xmm##n)
 *   SERPENT_VEX   for VEX encodings; then VBCAST (m, r), a broadcast of
 *                 the 32-bit word at M to every word of R
 *   SERPENT_SYM(op)  only for the eight-block XMM kernels below: the
 *                 name of the entry point of OP
 * and gets SERPENT_ENC_FN (name, l) and SERPENT_DEC_FN (name, l), local
 * functions that encrypt or decrypt the blocks in RA0-RA3, RB0-RB3 in
 * place (L a prefix for their labels), SERPENT_BOUNCE and OCB_L for the
 * entry points' shorter runs and OCB offsets, and with SERPENT_SYM the
 * entry points of the eight-block XMM kernels.  */

#define CTX %rdi
/* The round keys of the current group of eight rounds.  */
#define RKEY %r8

/* The round keys are the ones cipher/serpent.c builds, ctx->k[33][4] at
   offset 0 of its context, with the S-box masks folded in; the S-box
   macros are the masked circuits of serpent.c, register-allocated for
   three-operand instructions (every NOT of those circuits feeds an AND,
   which PANDN does in one step).  Each S-box leaves its result in a
   permutation of its registers, so the rounds name the registers that
   hold words 0-3 and a free one, as slot numbers 0-5 of each set.  */

/* Slots 0-5 of the two sets.  */
#define RA0 V(0)
#define RA1 V(1)
#define RA2 V(2)
#define RA3 V(3)
#define RA4 V(4)
#define RA5 V(5)
#define RB0 V(6)
#define RB1 V(7)
#define RB2 V(8)
#define RB3 V(9)
#define RB4 V(10)
#define RB5 V(11)
/* Broadcast round-key words; scratch outside the rounds.  */
#define RK V(12)
#define RT V(13)
#define RU V(14)

/* Operations on slot D of both sets, D = A op B (slot numbers); OP is
   the SSE mnemonic.  OP3N is for operations that do not commute.  */
#ifdef SERPENT_VEX
# define OP3C(op, a, b, d)                                              \
	v##op RA##b, RA##a, RA##d; v##op RB##b, RB##a, RB##d
# define OP3N(op, a, b, d) OP3C (op, a, b, d)
/* D = S op N, N an immediate count.  */
# define OPI(op, n, s, d)                                               \
	v##op $(n), RA##s, RA##d; v##op $(n), RB##s, RB##d
# define MOV(s, d) vmovdqa RA##s, RA##d; vmovdqa RB##s, RB##d
#else
/* SSE2's two-operand instructions: one instruction where the
   destination is the first source (or, for commutative operations,
   either source) and a copy before it otherwise, through %xmm15 when the
   destination is the second source of a non-commutative one.  The
   copies take no execution unit on current cores, only decode and
   rename slots.  */
.macro sse_op3c op, a, b, d
.ifc \d, \a
	\op \b, \d
.else
.ifc \d, \b
	\op \a, \d
.else
	movdqa \a, \d
	\op \b, \d
.endif
.endif
.endm

.macro sse_op3n op, a, b, d
.ifc \d, \a
	\op \b, \d
.else
.ifc \d, \b
	movdqa \a, %xmm15
	\op \b, %xmm15
	movdqa %xmm15, \d
.else
	movdqa \a, \d
	\op \b, \d
.endif
.endif
.endm

.macro sse_opi op, cnt, s, d
.ifnc \d, \s
	movdqa \s, \d
.endif
	\op $(\cnt), \d
.endm

# define OP3C(op, a, b, d)                                              \
	sse_op3c op, RA##a, RA##b, RA##d; sse_op3c op, RB##a, RB##b, RB##d
# define OP3N(op, a, b, d)                                              \
	sse_op3n op, RA##a, RA##b, RA##d; sse_op3n op, RB##a, RB##b, RB##d
# define OPI(op, n, s, d)                                               \
	sse_opi op, n, RA##s, RA##d; sse_opi op, n, RB##s, RB##d
# define MOV(s, d) movdqa RA##s, RA##d; movdqa RB##s, RB##d
#endif

#define XOR3(a, b, d)   OP3C (pxor, a, b, d)
#define AND3(a, b, d)   OP3C (pand, a, b, d)
#define OR3(a, b, d)    OP3C (por, a, b, d)
/* D = ~A & B.  */
#define ANDN3(a, b, d)  OP3N (pandn, a, b, d)
#define SHL3(n, s, d)   OPI (pslld, n, s, d)
#define SHR3(n, s, d)   OPI (psrld, n, s, d)

/* X = X <<< N, T scratch (no vector rotation before AVX-512).  The
   counts are written without spaces: they are assembler macro
   arguments in the SSE2 build.  */
#define ROL(n, x, t) SHL3 (n, x, t); SHR3 (32-(n), x, x); OR3 (x, t, x)

/* Slots X0-X3 hold four blocks in each lane; afterwards slot Xj holds
   word j of each.  The same steps turn words back into blocks.  T0 and
   T1 are scratch.  */
#define TRANSPOSE(x0, x1, x2, x3, t0, t1)                               \
	OP3N (punpckldq, x0, x1, t0); OP3N (punpckhdq, x0, x1, x0);     \
	OP3N (punpckldq, x2, x3, t1); OP3N (punpckhdq, x2, x3, x2);     \
	OP3N (punpckhqdq, t0, t1, x1); OP3N (punpcklqdq, t0, t1, t0);   \
	OP3N (punpckhqdq, x0, x2, x3); OP3N (punpcklqdq, x0, x2, x2);   \
	MOV (t0, x0)

/* Word j of round key R, broadcast, added to slot Xj.  */
#ifdef SERPENT_VEX
# define KXW(r, j, x, k)                                                \
	VBCAST (16*r+4*j(RKEY), k);                                     \
	vpxor k, RA##x, RA##x; vpxor k, RB##x, RB##x
# define KX(r, x0, x1, x2, x3)                                          \
	KXW (r, 0, x0, RK); KXW (r, 1, x1, RT);                         \
	KXW (r, 2, x2, RK); KXW (r, 3, x3, RT)
#else
# define KX(r, x0, x1, x2, x3)                                          \
	movdqu 16*r(RKEY), RK;                                          \
	pshufd $0x00, RK, RT; pxor RT, RA##x0; pxor RT, RB##x0;         \
	pshufd $0x55, RK, RT; pxor RT, RA##x1; pxor RT, RB##x1;         \
	pshufd $0xaa, RK, RT; pxor RT, RA##x2; pxor RT, RB##x2;         \
	pshufd $0xff, RK, RT; pxor RT, RA##x3; pxor RT, RB##x3
# define VBCAST(m, r) movd m, r; pshufd $0x00, r, r
# define KXW(r, j, x, k)                                                \
	VBCAST (16*r+4*j(RKEY), k); pxor k, RA##x; pxor k, RB##x
#endif

/* RK = word j of round key R rotated left by N, broadcast (RT
   scratch); KXR: slot D = slot S ^ RK.  */
#ifdef SERPENT_VEX
# define KROL(r, j, n)                                                  \
	VBCAST (16*r+4*j(RKEY), RK);                                    \
	vpslld $(n), RK, RT; vpsrld $(32-(n)), RK, RK; vpor RT, RK, RK
# define KXR(s, d) vpxor RK, RA##s, RA##d; vpxor RK, RB##s, RB##d
#else
# define KROL(r, j, n)                                                  \
	VBCAST (16*r+4*j(RKEY), RK); movdqa RK, RT;                     \
	pslld $(n), RT; psrld $(32-(n)), RK; por RT, RK
# define KXR(s, d)                                                      \
	sse_op3c pxor, RK, RA##s, RA##d; sse_op3c pxor, RK, RB##s, RB##d
#endif

/* The linear transformation (the specification, section 2) followed by
   the key addition of round R, T scratch.  The longest chain of a round
   runs through words 0 and 2: their key words enter before the last
   rotation, rotated the other way (rotation distributes over XOR), into
   the rotated input word, which is ready early, so that the key
   addition is off that chain.  */
#define LTK(r, x0, x1, x2, x3, t)                                       \
	ROL (13, x0, t); ROL (3, x2, t);                                \
	XOR3 (x1, x0, x1); XOR3 (x1, x2, x1);                           \
	SHL3 (3, x0, t); XOR3 (x3, x2, x3); XOR3 (x3, t, x3);           \
	KROL (r, 0, 27); KXR (x0, x0); KROL (r, 2, 10); KXR (x2, x2);   \
	ROL (1, x1, t); ROL (7, x3, t);                                 \
	XOR3 (x0, x1, x0); XOR3 (x0, x3, x0);                           \
	SHL3 (7, x1, t); XOR3 (x2, x3, x2); XOR3 (x2, t, x2);           \
	ROL (5, x0, t); ROL (22, x2, t);                                \
	KXW (r, 1, x1, RK); KXW (r, 3, x3, RT)

/* The key addition of round R followed by the inverse linear
   transformation, T scratch.  The key words of words 0 and 2, which
   are rotated first, are rotated the same way and enter in XORs of
   operands that are ready before the rotated words are, so that only
   one XOR follows the rotation of each, where the key addition and two
   XORs did.  */
#define LTIK(r, x0, x1, x2, x3, t)                                      \
	KXW (r, 1, x1, RK); KXW (r, 3, x3, RT);                         \
	ROL (10, x2, t); ROL (27, x0, t);                               \
	KROL (r, 0, 27); KXR (x1, t); XOR3 (t, x3, t); XOR3 (x0, t, x0); \
	SHL3 (7, x1, t); KROL (r, 2, 10); KXR (t, t); XOR3 (t, x3, t);  \
	XOR3 (x2, t, x2);                                               \
	ROL (25, x3, t); ROL (31, x1, t);                               \
	SHL3 (3, x0, t); XOR3 (x3, x2, x3); XOR3 (x3, t, x3);           \
	XOR3 (x1, x0, x1); XOR3 (x1, x2, x1);                           \
	ROL (29, x2, t); ROL (19, x0, t)

/* S-box 0; the result x0...x3 in r4, r1, r2, r0.  */
#define SB0(r0, r1, r2, r3, r4) \
	XOR3 (r3, r0, r3); AND3 (r1, r3, r4); XOR3 (r1, r2, r1); \
	XOR3 (r4, r0, r4); OR3 (r0, r3, r0); XOR3 (r0, r1, r0); \
	XOR3 (r1, r3, r1); XOR3 (r3, r2, r3); OR3 (r2, r4, r2); \
	XOR3 (r2, r1, r2); ANDN3 (r4, r1, r1); XOR3 (r4, r3, r4); \
	XOR3 (r4, r1, r4); OR3 (r3, r0, r3); XOR3 (r4, r3, r4); \
	XOR3 (r1, r3, r1)

/* S-box 1; the result x0...x3 in r2, r0, r3, r1.  */
#define SB1(r0, r1, r2, r3, r4) \
	AND3 (r0, r1, r4); XOR3 (r2, r4, r2); OR3 (r4, r3, r4); \
	XOR3 (r3, r2, r3); XOR3 (r1, r4, r1); XOR3 (r4, r0, r4); \
	OR3 (r0, r1, r0); XOR3 (r1, r3, r1); OR3 (r2, r4, r2); \
	AND3 (r2, r0, r2); XOR3 (r4, r1, r4); AND3 (r1, r2, r1); \
	XOR3 (r1, r4, r1); AND3 (r4, r2, r4); XOR3 (r0, r4, r0)

/* S-box 2; the result x0...x3 in r2, r1, r3, r0.  */
#define SB2(r0, r1, r2, r3, r4) \
	AND3 (r0, r2, r4); XOR3 (r4, r3, r4); XOR3 (r2, r1, r2); \
	XOR3 (r2, r4, r2); OR3 (r3, r0, r3); XOR3 (r3, r1, r3); \
	XOR3 (r0, r2, r0); OR3 (r3, r0, r1); XOR3 (r1, r4, r1); \
	AND3 (r4, r3, r4); XOR3 (r0, r4, r0); XOR3 (r3, r1, r3); \
	XOR3 (r3, r0, r3)

/* S-box 3; the result x0...x3 in r4, r1, r3, r0.  */
#define SB3(r0, r1, r2, r3, r4) \
	OR3 (r0, r3, r4); XOR3 (r3, r1, r3); AND3 (r1, r0, r1); \
	XOR3 (r0, r2, r0); XOR3 (r2, r3, r2); AND3 (r3, r4, r3); \
	OR3 (r0, r1, r0); XOR3 (r3, r0, r3); XOR3 (r4, r1, r4); \
	AND3 (r0, r4, r0); XOR3 (r1, r3, r1); XOR3 (r0, r2, r0); \
	OR3 (r1, r4, r1); XOR3 (r1, r2, r1); XOR3 (r4, r3, r4); \
	OR3 (r1, r3, r2); XOR3 (r4, r2, r4)

/* S-box 4; the result x0...x3 in r4, r1, r0, r3.  */
#define SB4(r0, r1, r2, r3, r4) \
	XOR3 (r1, r3, r1); XOR3 (r2, r3, r2); XOR3 (r3, r0, r3); \
	AND3 (r1, r3, r4); XOR3 (r4, r2, r4); XOR3 (r1, r3, r1); \
	XOR3 (r0, r1, r0); AND3 (r2, r1, r2); XOR3 (r2, r0, r2); \
	AND3 (r0, r4, r0); XOR3 (r3, r0, r3); OR3 (r1, r4, r1); \
	XOR3 (r1, r0, r1); OR3 (r0, r3, r0); XOR3 (r0, r2, r0); \
	AND3 (r2, r3, r2); XOR3 (r1, r2, r1)

/* S-box 5; the result x0...x3 in r4, r3, r0, r1.  */
#define SB5(r0, r1, r2, r3, r4) \
	XOR3 (r0, r1, r0); XOR3 (r1, r3, r1); OR3 (r1, r0, r4); \
	XOR3 (r2, r3, r2); XOR3 (r4, r2, r4); AND3 (r2, r1, r2); \
	XOR3 (r1, r3, r1); ANDN3 (r3, r4, r3); XOR3 (r3, r0, r3); \
	XOR3 (r1, r4, r1); XOR3 (r1, r2, r1); XOR3 (r2, r0, r2); \
	OR3 (r0, r3, r0); XOR3 (r0, r1, r0); AND3 (r1, r3, r1); \
	XOR3 (r1, r2, r1)

/* S-box 6; the result x0...x3 in r0, r1, r3, r4.  */
#define SB6(r0, r1, r2, r3, r4) \
	AND3 (r3, r0, r4); XOR3 (r0, r3, r0); XOR3 (r4, r2, r4); \
	OR3 (r2, r3, r2); XOR3 (r1, r4, r1); XOR3 (r2, r0, r2); \
	OR3 (r0, r1, r0); XOR3 (r2, r1, r2); XOR3 (r3, r0, r3); \
	OR3 (r0, r4, r0); XOR3 (r0, r2, r0); XOR3 (r3, r4, r3); \
	XOR3 (r3, r0, r3); AND3 (r2, r3, r2); XOR3 (r4, r2, r4)

/* S-box 7; the result x0...x3 in r1, r3, r4, r0.  */
#define SB7(r0, r1, r2, r3, r4) \
	OR3 (r1, r2, r4); XOR3 (r4, r3, r4); XOR3 (r1, r2, r1); \
	XOR3 (r2, r4, r2); OR3 (r3, r1, r3); AND3 (r3, r0, r3); \
	XOR3 (r1, r2, r1); XOR3 (r3, r4, r3); OR3 (r4, r1, r4); \
	XOR3 (r4, r0, r4); OR3 (r0, r1, r0); XOR3 (r0, r2, r0); \
	XOR3 (r4, r1, r4); XOR3 (r2, r4, r2); AND3 (r4, r0, r4); \
	XOR3 (r4, r1, r4); ANDN3 (r0, r2, r2); XOR3 (r1, r2, r1)

/* inverse S-box 0; the result x0...x3 in r0, r1, r4, r3.  */
#define SI0(r0, r1, r2, r3, r4) \
	AND3 (r1, r0, r4); XOR3 (r4, r2, r4); ANDN3 (r1, r2, r2); \
	XOR3 (r4, r3, r4); XOR3 (r0, r1, r0); XOR3 (r2, r0, r2); \
	ANDN3 (r0, r3, r0); XOR3 (r1, r0, r1); OR3 (r0, r4, r0); \
	XOR3 (r0, r2, r0); XOR3 (r3, r1, r3); XOR3 (r2, r4, r2); \
	XOR3 (r3, r0, r3); XOR3 (r3, r4, r3); AND3 (r2, r3, r2); \
	XOR3 (r1, r2, r1)

/* inverse S-box 1; the result x0...x3 in r1, r0, r3, r2.  */
#define SI1(r0, r1, r2, r3, r4) \
	XOR3 (r1, r3, r4); AND3 (r3, r4, r3); XOR3 (r1, r2, r1); \
	XOR3 (r3, r0, r3); OR3 (r0, r4, r0); XOR3 (r2, r3, r2); \
	XOR3 (r0, r1, r0); OR3 (r0, r2, r0); XOR3 (r4, r3, r4); \
	XOR3 (r0, r4, r0); OR3 (r4, r3, r4); XOR3 (r4, r0, r4); \
	XOR3 (r1, r4, r1); OR3 (r4, r0, r4); XOR3 (r4, r0, r4); \
	ANDN3 (r4, r1, r4); XOR3 (r3, r4, r3)

/* inverse S-box 2; the result x0...x3 in r1, r3, r2, r4.  */
#define SI2(r0, r1, r2, r3, r4) \
	XOR3 (r2, r3, r2); XOR3 (r3, r0, r3); OR3 (r3, r2, r4); \
	XOR3 (r4, r1, r4); ANDN3 (r1, r2, r1); XOR3 (r1, r3, r1); \
	OR3 (r3, r4, r3); XOR3 (r2, r4, r2); ANDN3 (r3, r0, r3); \
	XOR3 (r3, r2, r3); AND3 (r2, r1, r2); OR3 (r2, r0, r2); \
	XOR3 (r2, r4, r2); XOR3 (r0, r4, r0); AND3 (r0, r1, r0); \
	XOR3 (r4, r3, r4); XOR3 (r4, r0, r4)

/* inverse S-box 3; the result x0...x3 in r4, r1, r3, r0.  */
#define SI3(r0, r1, r2, r3, r4) \
	XOR3 (r2, r1, r4); XOR3 (r0, r4, r0); AND3 (r2, r4, r2); \
	XOR3 (r2, r0, r2); AND3 (r0, r1, r0); XOR3 (r1, r3, r1); \
	OR3 (r3, r2, r3); XOR3 (r4, r3, r4); XOR3 (r0, r3, r0); \
	XOR3 (r1, r2, r1); AND3 (r3, r4, r3); XOR3 (r3, r1, r3); \
	XOR3 (r1, r0, r1); OR3 (r1, r4, r1); XOR3 (r0, r3, r0); \
	XOR3 (r1, r2, r1); XOR3 (r0, r1, r0)

/* inverse S-box 4; the result x0...x3 in r0, r3, r4, r2.  */
#define SI4(r0, r1, r2, r3, r4) \
	ANDN3 (r2, r3, r4); XOR3 (r4, r1, r4); OR3 (r1, r3, r1); \
	AND3 (r1, r0, r1); XOR3 (r2, r4, r2); XOR3 (r2, r1, r2); \
	AND3 (r1, r4, r1); XOR3 (r3, r2, r3); XOR3 (r1, r3, r1); \
	OR3 (r3, r0, r3); XOR3 (r3, r4, r3); XOR3 (r0, r1, r0); \
	AND3 (r4, r0, r4); XOR3 (r3, r0, r3); XOR3 (r4, r2, r4); \
	AND3 (r4, r3, r4); XOR3 (r3, r0, r3); XOR3 (r4, r1, r4)

/* inverse S-box 5; the result x0...x3 in r1, r3, r4, r2.  */
#define SI5(r0, r1, r2, r3, r4) \
	XOR3 (r2, r1, r2); OR3 (r3, r0, r4); XOR3 (r4, r2, r4); \
	OR3 (r2, r1, r2); AND3 (r2, r0, r2); XOR3 (r3, r4, r3); \
	XOR3 (r2, r3, r2); OR3 (r3, r0, r3); XOR3 (r3, r1, r3); \
	AND3 (r1, r2, r1); XOR3 (r1, r4, r1); XOR3 (r3, r2, r3); \
	AND3 (r4, r3, r4); XOR3 (r3, r1, r3); XOR3 (r4, r3, r4); \
	XOR3 (r4, r0, r4)

/* inverse S-box 6; the result x0...x3 in r1, r4, r2, r3.  */
#define SI6(r0, r1, r2, r3, r4) \
	XOR3 (r0, r2, r0); AND3 (r2, r0, r4); XOR3 (r2, r3, r2); \
	XOR3 (r3, r1, r3); XOR3 (r4, r3, r4); ANDN3 (r0, r2, r2); \
	XOR3 (r0, r4, r0); XOR3 (r3, r2, r3); XOR3 (r2, r1, r2); \
	AND3 (r1, r3, r1); XOR3 (r1, r0, r1); XOR3 (r0, r3, r0); \
	OR3 (r0, r4, r0); XOR3 (r3, r1, r3); XOR3 (r2, r0, r2)

/* inverse S-box 7; the result x0...x3 in r3, r0, r1, r2.  */
#define SI7(r0, r1, r2, r3, r4) \
	XOR3 (r2, r0, r4); ANDN3 (r0, r3, r0); OR3 (r2, r3, r2); \
	XOR3 (r3, r1, r3); OR3 (r1, r0, r1); XOR3 (r0, r4, r0); \
	AND3 (r4, r2, r4); AND3 (r3, r2, r3); XOR3 (r1, r4, r1); \
	XOR3 (r4, r0, r4); OR3 (r0, r4, r0); XOR3 (r2, r1, r2); \
	XOR3 (r0, r3, r0); XOR3 (r3, r2, r3); OR3 (r2, r0, r2); \
	XOR3 (r3, r4, r3); XOR3 (r2, r4, r2)

/* The local function NAME: encrypt the blocks in RA0-RA3, RB0-RB3 in
   place, with the round keys at CTX (%rdi); clobbers RKEY, %r11, V(0)
   to V(13) and, for SSE2, %xmm15.  The rounds run as a loop of four
   groups of eight (one per pass through the S-boxes), short enough for
   the decoded-instruction cache (unrolling all 32 measured no faster);
   the moves at the end of a group return the words to slots 0-3 for
   the next.  */
#define SERPENT_ENC_FN(name, l)                                         \
.align 16;                                                              \
name:                                                                   \
	CFI_STARTPROC ();                                               \
	TRANSPOSE (0, 1, 2, 3, 4, 5);                                   \
	movq CTX, RKEY;                                                 \
	leaq 24*16(CTX), %r11;                                          \
	KX (0, 0, 1, 2, 3);                                             \
.align 16;                                                              \
l##_group:                                                              \
	SB0 (0, 1, 2, 3, 4); LTK (1, 4, 1, 2, 0, 3);                    \
	SB1 (4, 1, 2, 0, 3); LTK (2, 2, 4, 0, 1, 3);                    \
	SB2 (2, 4, 0, 1, 3); LTK (3, 0, 4, 1, 2, 3);                    \
	SB3 (0, 4, 1, 2, 3); LTK (4, 3, 4, 2, 0, 1);                    \
	SB4 (3, 4, 2, 0, 1); LTK (5, 1, 4, 3, 0, 2);                    \
	SB5 (1, 4, 3, 0, 2); LTK (6, 2, 0, 1, 4, 3);                    \
	SB6 (2, 0, 1, 4, 3); LTK (7, 2, 0, 4, 3, 1);                    \
	SB7 (2, 0, 4, 3, 1);                                            \
	cmpq %r11, RKEY;                                                \
	je l##_last;                                                    \
	LTK (8, 0, 3, 1, 2, 4);                                         \
	MOV (3, 4); MOV (2, 3); MOV (1, 2); MOV (4, 1);                 \
	addq $8*16, RKEY;                                               \
	jmp l##_group;                                                  \
l##_last:                                                               \
	KX (8, 0, 3, 1, 2);                                             \
	TRANSPOSE (0, 3, 1, 2, 4, 5);                                   \
	MOV (3, 4); MOV (2, 3); MOV (1, 2); MOV (4, 1);                 \
	ret;                                                            \
	CFI_ENDPROC ();                                                 \
ELF (.size name, . - name)

/* As SERPENT_ENC_FN, decrypting, the groups in reverse.  */
#define SERPENT_DEC_FN(name, l)                                         \
.align 16;                                                              \
name:                                                                   \
	CFI_STARTPROC ();                                               \
	TRANSPOSE (0, 1, 2, 3, 4, 5);                                   \
	leaq 24*16(CTX), RKEY;                                          \
	KX (8, 0, 1, 2, 3);                                             \
.align 16;                                                              \
l##_group:                                                              \
	SI7 (0, 1, 2, 3, 4); LTIK (7, 3, 0, 1, 2, 4);                   \
	SI6 (3, 0, 1, 2, 4); LTIK (6, 0, 4, 1, 2, 3);                   \
	SI5 (0, 4, 1, 2, 3); LTIK (5, 4, 2, 3, 1, 0);                   \
	SI4 (4, 2, 3, 1, 0); LTIK (4, 4, 1, 0, 3, 2);                   \
	SI3 (4, 1, 0, 3, 2); LTIK (3, 2, 1, 3, 4, 0);                   \
	SI2 (2, 1, 3, 4, 0); LTIK (2, 1, 4, 3, 0, 2);                   \
	SI1 (1, 4, 3, 0, 2); LTIK (1, 4, 1, 0, 3, 2);                   \
	SI0 (4, 1, 0, 3, 2);                                            \
	cmpq CTX, RKEY;                                                 \
	je l##_last;                                                    \
	LTIK (0, 4, 1, 2, 3, 0);                                        \
	MOV (4, 0);                                                     \
	subq $8*16, RKEY;                                               \
	jmp l##_group;                                                  \
l##_last:                                                               \
	KX (0, 4, 1, 2, 3);                                             \
	TRANSPOSE (4, 1, 2, 3, 0, 5);                                   \
	MOV (4, 0);                                                     \
	ret;                                                            \
	CFI_ENDPROC ();                                                 \
ELF (.size name, . - name)

/* The kernels take 1 to W blocks, W their width.  After the register
   moves of its entry point every kernel has OUT in %rdx, IN in %rcx
   and the count N in %r8.  A full run goes straight to the body; a
   shorter one goes through SERPENT_BOUNCE, which copies the N blocks to
   a zero-padded stack buffer and calls the body on that, so the body
   reads and writes W blocks; the N blocks go back to OUT (with COPY,
   else nothing is written) and the buffer is wiped.  The chaining
   state each body leaves is that after N blocks, never W.  Only the
   zero padding reaches OCB's checksum of the plaintext going in.  */
#define SERPENT_COPY_OUT                                                \
	xorl %eax, %eax;                                                \
3:	movdqu (%rsp,%rax), %xmm13; movdqu %xmm13, (%r12,%rax);          \
	addq $16, %rax; cmpq %r13, %rax; jb 3b
#define SERPENT_NO_COPY_OUT

#define SERPENT_BOUNCE(w, body, copy)                                   \
	pushq %rbp; .cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;  \
	movq %rsp, %rbp; .cfi_def_cfa_register %rbp;                    \
	pushq %r12; .cfi_offset %r12, -24;                              \
	pushq %r13; .cfi_offset %r13, -32;                              \
	subq $(w)*16, %rsp; andq $-32, %rsp;                            \
	movq %rdx, %r12; movq %r8, %r13; shlq $4, %r13;                 \
	xorl %eax, %eax;                                                \
1:	movdqu (%rcx,%rax), %xmm13; movdqu %xmm13, (%rsp,%rax);          \
	addq $16, %rax; cmpq %r13, %rax; jb 1b;                         \
	pxor %xmm13, %xmm13;                                            \
2:	movdqu %xmm13, (%rsp,%rax);                                     \
	addq $16, %rax; cmpq $(w)*16, %rax; jb 2b;                      \
	movq %rsp, %rcx; movq %rsp, %rdx;                               \
	call body;                                                      \
	copy;                                                           \
	pxor %xmm13, %xmm13; xorl %eax, %eax;                           \
4:	movdqu %xmm13, (%rsp,%rax);                                     \
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
	leaq .Lserpent_zero_block(%rip), %r11

#ifdef SERPENT_SYM
/* The eight-block XMM kernels, the same for SSE2 and AVX: only the
   rounds differ.  The glue around them is plain SSE2, which mixes with
   VEX-128 code at no cost, as neither leaves upper halves dirty.  Every
   entry point clears every XMM register before it returns.  */

/* Block I of the eight, I a digit.  */
# define BLK0 RA0
# define BLK1 RA1
# define BLK2 RA2
# define BLK3 RA3
# define BLK4 RB0
# define BLK5 RB1
# define BLK6 RB2
# define BLK7 RB3

/* Blocks 0-3 from P to RA0-RA3, 4-7 to RB0-RB3, and back.  */
# define LOAD8(p)                                                       \
	movdqu 0*16(p), RA0; movdqu 1*16(p), RA1;                       \
	movdqu 2*16(p), RA2; movdqu 3*16(p), RA3;                       \
	movdqu 4*16(p), RB0; movdqu 5*16(p), RB1;                       \
	movdqu 6*16(p), RB2; movdqu 7*16(p), RB3

# define STORE8(p)                                                      \
	movdqu RA0, 0*16(p); movdqu RA1, 1*16(p);                       \
	movdqu RA2, 2*16(p); movdqu RA3, 3*16(p);                       \
	movdqu RB0, 4*16(p); movdqu RB1, 5*16(p);                       \
	movdqu RB2, 6*16(p); movdqu RB3, 7*16(p)

/* Out block I = block I ^ the 16 bytes at SRC, which are read first.  */
# define XOR_STORE(i, src, out)                                         \
	movdqu src, RT; pxor RT, BLK##i; movdqu BLK##i, i*16(out)

/* The same for all eight, SRC and OUT pointers to eight blocks.  */
# define XOR_STORE8(src, out)                                           \
	XOR_STORE (0, 0*16(src), out); XOR_STORE (1, 1*16(src), out);   \
	XOR_STORE (2, 2*16(src), out); XOR_STORE (3, 3*16(src), out);   \
	XOR_STORE (4, 4*16(src), out); XOR_STORE (5, 5*16(src), out);   \
	XOR_STORE (6, 6*16(src), out); XOR_STORE (7, 7*16(src), out)

# define CLEAR_XMM                                                      \
	pxor %xmm0, %xmm0; pxor %xmm1, %xmm1; pxor %xmm2, %xmm2;        \
	pxor %xmm3, %xmm3; pxor %xmm4, %xmm4; pxor %xmm5, %xmm5;        \
	pxor %xmm6, %xmm6; pxor %xmm7, %xmm7; pxor %xmm8, %xmm8;        \
	pxor %xmm9, %xmm9; pxor %xmm10, %xmm10; pxor %xmm11, %xmm11;    \
	pxor %xmm12, %xmm12; pxor %xmm13, %xmm13; pxor %xmm14, %xmm14;  \
	pxor %xmm15, %xmm15

.text

SERPENT_ENC_FN (serpent_xmm_enc8, .Lenc8)
SERPENT_DEC_FN (serpent_xmm_dec8, .Ldec8)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count.  */
ENTRY (SERPENT_SYM (enc))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $8, %r8
	jb .Lenc8_part
.Lenc8_run:
	LOAD8 (%rcx)
	call serpent_xmm_enc8
	STORE8 (%rdx)
	CLEAR_XMM
	ret
.Lenc8_part:
	SERPENT_BOUNCE (8, .Lenc8_run, SERPENT_COPY_OUT)
END (SERPENT_SYM (enc))

ENTRY (SERPENT_SYM (dec))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $8, %r8
	jb .Ldec8_part
.Ldec8_run:
	LOAD8 (%rcx)
	call serpent_xmm_dec8
	STORE8 (%rdx)
	CLEAR_XMM
	ret
.Ldec8_part:
	SERPENT_BOUNCE (8, .Ldec8_run, SERPENT_COPY_OUT)
END (SERPENT_SYM (dec))

/* Counter block I: the 128-bit big-endian counter %rax:%r9 (high:low),
   then the counter plus one, with the carry into the high half.  */
# define CTR_BLOCK(i)                                                   \
	movq %rax, %r10; bswapq %r10; movq %r10, BLK##i;                \
	movq %r9, %r11; bswapq %r11; movq %r11, RT;                     \
	punpcklqdq RT, BLK##i;                                          \
	addq $1, %r9; adcq $0, %rax

/* CTR: %rdi ctx, %rsi the counter (advanced by N), %rdx out, %rcx in,
   %r8 the block count N.  */
ENTRY (SERPENT_SYM (ctr_enc))
	cmpq $8, %r8
	jb .Lctr8_part
.Lctr8_run:
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
	movq %r10, (%rsi)
	movq %r11, 8(%rsi)
	CTR_BLOCK (0); CTR_BLOCK (1); CTR_BLOCK (2); CTR_BLOCK (3)
	CTR_BLOCK (4); CTR_BLOCK (5); CTR_BLOCK (6); CTR_BLOCK (7)
	call serpent_xmm_enc8
	XOR_STORE8 (%rcx, %rdx)
	CLEAR_XMM
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	ret
.Lctr8_part:
	SERPENT_BOUNCE (8, .Lctr8_run, SERPENT_COPY_OUT)
END (SERPENT_SYM (ctr_enc))

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The blocks are
   stored last to first so that, in place, each ciphertext block is read
   before its plaintext overwrites it.  */
ENTRY (SERPENT_SYM (cbc_dec))
	cmpq $8, %r8
	jb .Lcbc8_part
.Lcbc8_run:
	LOAD8 (%rcx)
	movq %r8, %rax
	shlq $4, %rax
	call serpent_xmm_dec8
	movdqu -16(%rcx,%rax), RU
	XOR_STORE (7, 6*16(%rcx), %rdx); XOR_STORE (6, 5*16(%rcx), %rdx)
	XOR_STORE (5, 4*16(%rcx), %rdx); XOR_STORE (4, 3*16(%rcx), %rdx)
	XOR_STORE (3, 2*16(%rcx), %rdx); XOR_STORE (2, 1*16(%rcx), %rdx)
	XOR_STORE (1, 0*16(%rcx), %rdx); XOR_STORE (0, (%rsi), %rdx)
	movdqu RU, (%rsi)
	CLEAR_XMM
	ret
.Lcbc8_part:
	SERPENT_BOUNCE (8, .Lcbc8_run, SERPENT_COPY_OUT)
END (SERPENT_SYM (cbc_dec))

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The keystream is
   E(IV), E(C_0), ..., E(C_6).  */
ENTRY (SERPENT_SYM (cfb_dec))
	cmpq $8, %r8
	jb .Lcfb8_part
.Lcfb8_run:
	movdqu (%rsi), RA0
	movdqu 0*16(%rcx), RA1
	movdqu 1*16(%rcx), RA2
	movdqu 2*16(%rcx), RA3
	movdqu 3*16(%rcx), RB0
	movdqu 4*16(%rcx), RB1
	movdqu 5*16(%rcx), RB2
	movdqu 6*16(%rcx), RB3
	movq %r8, %rax
	shlq $4, %rax
	movdqu -16(%rcx,%rax), RT
	movdqu RT, (%rsi)
	call serpent_xmm_enc8
	XOR_STORE8 (%rcx, %rdx)
	CLEAR_XMM
	ret
.Lcfb8_part:
	SERPENT_BOUNCE (8, .Lcfb8_run, SERPENT_COPY_OUT)
END (SERPENT_SYM (cfb_dec))

/* XTS (IEEE 1619-2007, 5.3): %rdi ctx, %rsi the tweak (advanced by N
   blocks), %rdx out, %rcx in, %r8 the block count N, %r9d nonzero to
   encrypt.  The tweaks are stepped in %rax (low) and %r10 (high), times
   x with the carry out of bit 127 folded back as 0x87, and parked in
   OUT until the rounds are done; block I is read before its tweak is
   parked, so IN may be OUT.  For N < 8 OUT is the bounce buffer, where
   the tweak of block N is parked.  */
# define XTS_BLOCK(i)                                                   \
	movq %rax, RK; movq %r10, RT; punpcklqdq RT, RK;                \
	movdqu i*16(%rcx), BLK##i; pxor RK, BLK##i;                     \
	movdqu RK, i*16(%rdx);                                          \
	movq %r10, %r11; sarq $63, %r11; andl $0x87, %r11d;             \
	shldq $1, %rax, %r10; addq %rax, %rax; xorq %r11, %rax

ENTRY (SERPENT_SYM (xts_crypt))
	cmpq $8, %r8
	jb .Lxts8_part
.Lxts8_run:
	movq (%rsi), %rax
	movq 8(%rsi), %r10
	XTS_BLOCK (0); XTS_BLOCK (1); XTS_BLOCK (2); XTS_BLOCK (3)
	XTS_BLOCK (4); XTS_BLOCK (5); XTS_BLOCK (6); XTS_BLOCK (7)
	movq %rax, (%rsi)
	movq %r10, 8(%rsi)
	cmpq $8, %r8
	jae 1f
	shlq $4, %r8
	movdqu (%rdx,%r8), RT
	movdqu RT, (%rsi)
1:
	xorl %eax, %eax
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	testl %r9d, %r9d
	jz .Lxts8_dec
	call serpent_xmm_enc8
	jmp .Lxts8_done
.Lxts8_dec:
	call serpent_xmm_dec8
.Lxts8_done:
	XOR_STORE8 (%rdx, %rdx)
	CLEAR_XMM
	ret
.Lxts8_part:
	SERPENT_BOUNCE (8, .Lxts8_run, SERPENT_COPY_OUT)
END (SERPENT_SYM (xts_crypt))

/* OCB (RFC 7253) on a bulk_ocb_state_t (src/cipher-proto.h): the
   offsets and, for encryption, the checksum are done before the rounds
   and written back, so that nothing but the blocks lives through them.
   OCB_BLOCK (I): Offset_i ^= L_ntz(i), in RU; block I from IN, summed
   into RCHK if CHK, xored with the offset, which is parked in OUT
   (block I is read first, so IN may be OUT).  */
# define RCHK %xmm15

# define OCB_BLOCK(i, chk)                                              \
	OCB_L (i); movdqu (%r10), RT; pxor RT, RU;                      \
	movdqu i*16(%rcx), BLK##i; chk (i);                             \
	pxor RU, BLK##i; movdqu RU, i*16(%rdx)
# define CHK(i) pxor BLK##i, RCHK
# define NO_CHK(i)

/* The offsets of the eight blocks; the state moves on by N blocks,
   which stays in %rax.  */
# define OCB_LOAD(chk)                                                  \
	OCB_L_BEGIN;                                                    \
	movdqu OCB_STATE_OFFSET(%rsi), RU;                              \
	movdqu OCB_STATE_CHECKSUM(%rsi), RCHK;                          \
	OCB_BLOCK (0, chk); OCB_BLOCK (1, chk); OCB_BLOCK (2, chk);     \
	OCB_BLOCK (3, chk); OCB_BLOCK (4, chk); OCB_BLOCK (5, chk);     \
	OCB_BLOCK (6, chk); OCB_BLOCK (7, chk);                         \
	movdqu RU, OCB_STATE_OFFSET(%rsi);                              \
	movdqu RCHK, OCB_STATE_CHECKSUM(%rsi);                          \
	addq %r8, OCB_STATE_BLKN(%rsi);                                 \
	movq %r8, %rax;                                                 \
	xorl %r10d, %r10d

/* The state's checksum ^= blocks 0 to N - 1 (N in %rax): the others
   are masked out, block I by N > I in each 32-bit word.  */
# define CHK_MASKED(i)                                                  \
	movdqa RK, RT; pcmpgtd .Lserpent_block_index+16*i(%rip), RT;    \
	pand BLK##i, RT; pxor RT, RCHK
# define OCB_SUM_N                                                      \
	movd %eax, RK; pshufd $0, RK, RK;                               \
	movdqu OCB_STATE_CHECKSUM(%rsi), RCHK;                          \
	CHK_MASKED (0); CHK_MASKED (1); CHK_MASKED (2); CHK_MASKED (3); \
	CHK_MASKED (4); CHK_MASKED (5); CHK_MASKED (6); CHK_MASKED (7); \
	movdqu RCHK, OCB_STATE_CHECKSUM(%rsi)

/* OCB: %rdi ctx, %rsi the state, %rdx out, %rcx in, %r8 the block
   count, %r9d nonzero to encrypt; the checksum is over the plaintext,
   in or out.  */
ENTRY (SERPENT_SYM (ocb_crypt))
	cmpq $8, %r8
	jb .Locb8_part
.Locb8_run:
	testl %r9d, %r9d
	jz .Locb8_dec
	OCB_LOAD (CHK)
	call serpent_xmm_enc8
	XOR_STORE8 (%rdx, %rdx)
	CLEAR_XMM
	ret
.Locb8_dec:
	OCB_LOAD (NO_CHK)
	call serpent_xmm_dec8
	XOR_STORE8 (%rdx, %rdx)
	OCB_SUM_N
	CLEAR_XMM
	ret
.Locb8_part:
	SERPENT_BOUNCE (8, .Locb8_run, SERPENT_COPY_OUT)
END (SERPENT_SYM (ocb_crypt))

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the state (its checksum
   the sum, ^= every E(A_i ^ Offset_i)), %rdx the additional data, %rcx
   the block count.  Nothing is written but the state, so the offsets
   are xored in directly.  */
# define AUTH_BLOCK(i)                                                  \
	OCB_L (i); movdqu (%r10), RT; pxor RT, RU;                      \
	movdqu i*16(%rcx), BLK##i; pxor RU, BLK##i

ENTRY (SERPENT_SYM (ocb_auth))
	movq %rcx, %r8
	movq %rdx, %rcx
	cmpq $8, %r8
	jb .Lauth8_part
.Lauth8_run:
	OCB_L_BEGIN
	movdqu OCB_STATE_OFFSET(%rsi), RU
	AUTH_BLOCK (0); AUTH_BLOCK (1); AUTH_BLOCK (2); AUTH_BLOCK (3)
	AUTH_BLOCK (4); AUTH_BLOCK (5); AUTH_BLOCK (6); AUTH_BLOCK (7)
	movdqu RU, OCB_STATE_OFFSET(%rsi)
	addq %r8, OCB_STATE_BLKN(%rsi)
	movq %r8, %rax
	xorl %r10d, %r10d
	call serpent_xmm_enc8
	OCB_SUM_N
	CLEAR_XMM
	ret
.Lauth8_part:
	SERPENT_BOUNCE (8, .Lauth8_run, SERPENT_NO_COPY_OUT)
END (SERPENT_SYM (ocb_auth))

ELF (.section .rodata)
.align 16
/* Block I's index in each 32-bit word of row I, for OCB_SUM_N.  */
.Lserpent_block_index:
	.long 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3
	.long 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7
.Lserpent_zero_block:
	.quad 0, 0
#endif /* SERPENT_SYM */
