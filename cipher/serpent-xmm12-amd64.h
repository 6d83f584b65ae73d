/* serpent-xmm12-amd64.h - Serpent on twelve blocks at once in XMM
 * registers, three sets of four
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The word-sliced Serpent of serpent-simd-amd64.h, included after it,
 * with three sets of four blocks interleaved where the template has two
 * (see serpent-avx2-amd64.S and doc/HACKING, "Tuning notes", why): the
 * twelve-block kernels of serpent-avx-amd64.S (VEX) and
 * serpent-sse2-amd64.S (two-operand SSE2).  The including file defines
 * SERPENT12_SYM(op), the name of the entry point of OP, and, for VEX,
 * SERPENT_VEX as for the template.
 */

/* Three sets of four blocks in XMM registers: five slots a set (RA*
   in %xmm0-%xmm4, RB* in %xmm5-%xmm9, RC* in %xmm10-%xmm14) and
   %xmm15 for the round keys, the transposes set by set, the rotated
   key words rotated in %r10d.  XTS and OCB take the whitened pass
   (cipher/bulkhelp.c).  */
#undef RA0
#undef RA1
#undef RA2
#undef RA3
#undef RA4
#undef RA5
#undef RB0
#undef RB1
#undef RB2
#undef RB3
#undef RB4
#undef RB5
#undef RK
#undef RT
#undef RU
#define RA0 %xmm0
#define RA1 %xmm1
#define RA2 %xmm2
#define RA3 %xmm3
#define RA4 %xmm4
#define RB0 %xmm5
#define RB1 %xmm6
#define RB2 %xmm7
#define RB3 %xmm8
#define RB4 %xmm9
#define RC0 %xmm10
#define RC1 %xmm11
#define RC2 %xmm12
#define RC3 %xmm13
#define RC4 %xmm14
#define RK %xmm15
/* LTK and LTIK pass RT where they mean a second key register.  */
#define RT RK

#undef OP3C
#undef OP3N
#undef OPI
#undef MOV
#undef KXW
#undef KX
#undef KROL
#undef KXR

/* One register: D = A op B, the commutative and the other form; D = S
   op N; a copy; RK = the 32-bit word in %r10d, broadcast.  SSE2's
   forms are the template's copies before two-operand instructions;
   the non-commutative one takes %xmm15, RK, as scratch where D is B,
   which is only in the S-boxes and TRANSPOSE1, where RK is free.  */
#ifdef SERPENT_VEX
# define X3C(op, a, b, d) v##op b, a, d
# define X3N(op, a, b, d) v##op b, a, d
# define XI(op, n, s, d) v##op $(n), s, d
# define XMOV(s, d) vmovdqa s, d
# define KBCAST_R10 vmovd %r10d, RK; vpshufd $0x00, RK, RK
#else
# define X3C(op, a, b, d) sse_op3c op, a, b, d
# define X3N(op, a, b, d) sse_op3n op, a, b, d
# define XI(op, n, s, d) sse_opi op, n, s, d
# define XMOV(s, d) movdqa s, d
# define KBCAST_R10 movd %r10d, RK; pshufd $0x00, RK, RK
#endif

#define OP3C(op, a, b, d)                                               \
	X3C (op, RA##a, RA##b, RA##d); X3C (op, RB##a, RB##b, RB##d);   \
	X3C (op, RC##a, RC##b, RC##d)
#define OP3N(op, a, b, d)                                               \
	X3N (op, RA##a, RA##b, RA##d); X3N (op, RB##a, RB##b, RB##d);   \
	X3N (op, RC##a, RC##b, RC##d)
#define OPI(op, n, s, d)                                                \
	XI (op, n, RA##s, RA##d); XI (op, n, RB##s, RB##d);             \
	XI (op, n, RC##s, RC##d)
#define MOV(s, d) XMOV (RA##s, RA##d); XMOV (RB##s, RB##d); XMOV (RC##s, RC##d)

#define KXR(s, d)                                                       \
	X3C (pxor, RK, RA##s, RA##d); X3C (pxor, RK, RB##s, RB##d);     \
	X3C (pxor, RK, RC##s, RC##d)
#define KXW(r, j, x, k) VBCAST (16*r+4*j(RKEY), RK); KXR (x, x)
#define KX(r, x0, x1, x2, x3)                                           \
	KXW (r, 0, x0, RK); KXW (r, 1, x1, RK);                         \
	KXW (r, 2, x2, RK); KXW (r, 3, x3, RK)
#define KROL(r, j, n)                                                   \
	movl 16*r+4*j(RKEY), %r10d; roll $(n), %r10d; KBCAST_R10

#undef TRANSPOSE
#define TRANSPOSE1(R, x0, x1, x2, x3, t0)                               \
	X3N (punpckldq, R##x0, R##x1, R##t0);                           \
	X3N (punpckhdq, R##x0, R##x1, R##x0);                           \
	X3N (punpckldq, R##x2, R##x3, RK);                              \
	X3N (punpckhdq, R##x2, R##x3, R##x2);                           \
	X3N (punpckhqdq, R##t0, RK, R##x1);                             \
	X3N (punpcklqdq, R##t0, RK, R##t0);                             \
	X3N (punpckhqdq, R##x0, R##x2, R##x3);                          \
	X3N (punpcklqdq, R##x0, R##x2, R##x2);                          \
	XMOV (R##t0, R##x0)
#define TRANSPOSE(x0, x1, x2, x3, t0, t1)                               \
	TRANSPOSE1 (RA, x0, x1, x2, x3, t0);                            \
	TRANSPOSE1 (RB, x0, x1, x2, x3, t0);                            \
	TRANSPOSE1 (RC, x0, x1, x2, x3, t0)

.text

/* Register K of the twelve holds block K.  */
#define Q0 RA0
#define Q1 RA1
#define Q2 RA2
#define Q3 RA3
#define Q4 RB0
#define Q5 RB1
#define Q6 RB2
#define Q7 RB3
#define Q8 RC0
#define Q9 RC1
#define Q10 RC2
#define Q11 RC3

#define EACH12(op)                                                      \
	op (0, Q0); op (1, Q1); op (2, Q2); op (3, Q3); op (4, Q4);     \
	op (5, Q5); op (6, Q6); op (7, Q7); op (8, Q8); op (9, Q9);     \
	op (10, Q10); op (11, Q11)
#define LOAD12(k, q) movdqu k*16(%rcx), q
#define STORE12(k, q) movdqu q, k*16(%rdx)
/* Out block K = register K ^ the block at M (RK scratch).  */
#define XOR_MEM_STORE12(m, k, q)                                        \
	movdqu m, RK; pxor RK, q; movdqu q, k*16(%rdx)
/* Out block K = register K ^ block K at IN.  */
#define XOR_STORE12(k, q) XOR_MEM_STORE12 (k*16(%rcx), k, q)

/* The rounds clobber every vector register, RKEY, %r10 and %r11.  */
SERPENT_ENC_FN (serpent_xmm_enc12, .Lenc12)
SERPENT_DEC_FN (serpent_xmm_dec12, .Ldec12)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count.  */
ENTRY (SERPENT12_SYM (enc))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $12, %r8
	jb .Lenc12_part
.Lenc12_run:
	EACH12 (LOAD12)
	call serpent_xmm_enc12
	EACH12 (STORE12)
	CLEAR_XMM
	xorl %r10d, %r10d
	ret
.Lenc12_part:
	SERPENT_BOUNCE (12, .Lenc12_run, SERPENT_COPY_OUT)
END (SERPENT12_SYM (enc))

ENTRY (SERPENT12_SYM (dec))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	cmpq $12, %r8
	jb .Ldec12_part
.Ldec12_run:
	EACH12 (LOAD12)
	call serpent_xmm_dec12
	EACH12 (STORE12)
	CLEAR_XMM
	xorl %r10d, %r10d
	ret
.Ldec12_part:
	SERPENT_BOUNCE (12, .Ldec12_run, SERPENT_COPY_OUT)
END (SERPENT12_SYM (dec))

/* Register K: the 128-bit big-endian counter %rax:%r9 (high:low); then
   the counter plus one, with the carry into the high half.  */
#define CTR12_BLOCK(k, q)                                               \
	movq %rax, %r10; bswapq %r10; movq %r10, q;                     \
	movq %r9, %r11; bswapq %r11; movq %r11, RK; punpcklqdq RK, q;  \
	addq $1, %r9; adcq $0, %rax

/* CTR: %rdi ctx, %rsi the counter (advanced by N), %rdx out, %rcx in,
   %r8 the block count N.  */
ENTRY (SERPENT12_SYM (ctr_enc))
	cmpq $12, %r8
	jb .Lctr12_part
.Lctr12_run:
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
	EACH12 (CTR12_BLOCK)
	call serpent_xmm_enc12
	EACH12 (XOR_STORE12)
	CLEAR_XMM
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	ret
.Lctr12_part:
	SERPENT_BOUNCE (12, .Lctr12_run, SERPENT_COPY_OUT)
END (SERPENT12_SYM (ctr_enc))

/* Out block K = register K ^ ciphertext block K - 1.  */
#define IV_XOR_STORE12(k, q) XOR_MEM_STORE12 ((k-1)*16(%rcx), k, q)

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count; the blocks stored
   last to first, the next IV waiting in %r9 and %rax.  */
ENTRY (SERPENT12_SYM (cbc_dec))
	cmpq $12, %r8
	jb .Lcbc12_part
.Lcbc12_run:
	EACH12 (LOAD12)
	movq %r8, %rax
	shlq $4, %rax
	movq -16(%rcx,%rax), %r9
	movq -8(%rcx,%rax), %rax
	call serpent_xmm_dec12
	IV_XOR_STORE12 (11, Q11); IV_XOR_STORE12 (10, Q10)
	IV_XOR_STORE12 (9, Q9); IV_XOR_STORE12 (8, Q8)
	IV_XOR_STORE12 (7, Q7); IV_XOR_STORE12 (6, Q6)
	IV_XOR_STORE12 (5, Q5); IV_XOR_STORE12 (4, Q4)
	IV_XOR_STORE12 (3, Q3); IV_XOR_STORE12 (2, Q2)
	IV_XOR_STORE12 (1, Q1)
	XOR_MEM_STORE12 ((%rsi), 0, Q0)
	movq %r9, (%rsi)
	movq %rax, 8(%rsi)
	CLEAR_XMM
	xorl %r10d, %r10d
	ret
.Lcbc12_part:
	SERPENT_BOUNCE (12, .Lcbc12_run, SERPENT_COPY_OUT)
END (SERPENT12_SYM (cbc_dec))

#define LOAD_PREV12(k, q) movdqu (k-1)*16(%rcx), q

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The keystream is
   E(IV), E(C_0), ..., E(C_10).  */
ENTRY (SERPENT12_SYM (cfb_dec))
	cmpq $12, %r8
	jb .Lcfb12_part
.Lcfb12_run:
	movdqu (%rsi), Q0
	LOAD_PREV12 (1, Q1); LOAD_PREV12 (2, Q2); LOAD_PREV12 (3, Q3)
	LOAD_PREV12 (4, Q4); LOAD_PREV12 (5, Q5); LOAD_PREV12 (6, Q6)
	LOAD_PREV12 (7, Q7); LOAD_PREV12 (8, Q8); LOAD_PREV12 (9, Q9)
	LOAD_PREV12 (10, Q10); LOAD_PREV12 (11, Q11)
	movq %r8, %rax
	shlq $4, %rax
	movdqu -16(%rcx,%rax), RA4
	movdqu RA4, (%rsi)
	call serpent_xmm_enc12
	EACH12 (XOR_STORE12)
	CLEAR_XMM
	xorl %r10d, %r10d
	ret
.Lcfb12_part:
	SERPENT_BOUNCE (12, .Lcfb12_run, SERPENT_COPY_OUT)
END (SERPENT12_SYM (cfb_dec))
