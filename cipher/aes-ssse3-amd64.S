/* aes-ssse3-amd64.S - AES with SSSE3 vector permutes, constant time
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * AES (FIPS 197) for x86-64 CPUs without AES-NI, after M. Hamburg,
 * "Accelerating AES with Vector Permute Instructions", CHES 2009: the
 * S-box is computed, not looked up, with PSHUFB used as sixteen
 * parallel lookups in 16-entry tables indexed by 4-bit halves, so no
 * memory address and no branch depends on key or data.  A byte lives in
 * the tower field GF(16)[y]/(y^2 + 2y + 2) over GF(16) = GF(2)[z]/(z^4 +
 * z + 1), high nibble i the coefficient of y, low nibble k the constant.
 * With j = i + k and D = 2i^2 + 2ik + k^2 the norm of x, the inverse of
 * x is linear in 1/io and 1/jo, where io = 1/(1/i + 2/k) + j = D/(2i + k)
 * and jo = 1/(1/j + 2/k) + i = D/(2j + k): five lookups of 1/n in
 * GF(16), whose entry for 0 is 0x80, "infinity", which PSHUFB turns into
 * a 0 on the next lookup, which is exactly what x = 0 and the other
 * degenerate cases need.  Two tables indexed by io and jo then give any
 * linear function of the inverse: the S-box's affine map, times 1 or 2
 * for MixColumns (times 9, 11, 13 or 14 for InvMixColumns), already in
 * the tower basis for the next round.  So the state stays in that basis
 * from the first round to the last, and the round keys are stored in it
 * too (ssse3_key in cipher/aes.c), with the S-box constant 0x63 folded
 * in: setkey builds them with _bcry_aes_ssse3_prepare.  The tables and
 * the basis change are this file's own derivation, checked by
 * tests/basic against FIPS 197 and the T-tables.  ShiftRows and
 * MixColumns take four PSHUFB a round, InvShiftRows and InvMixColumns
 * four too.  The kernels run four blocks through each
 * round, one after the other: with the temporaries shared, register
 * renaming overlaps the four dependency chains.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_AES_SSSE3

.text

/* Registers while a core runs: %xmm0-%xmm3 the blocks, %xmm4-%xmm7
   temporaries, %xmm8 the round key, %xmm13-%xmm15 the tables used most;
   %xmm9-%xmm12 are left to the kernels.  %r10 walks the round keys,
   %eax counts the rounds.  */
#define MASK %xmm15
#define INV %xmm14
#define A_INV %xmm13
#define RKEY %xmm8

/* X (tower basis, a nibble in each half of a byte) to io in %xmm5 and
   jo in %xmm6; X, %xmm4 and %xmm7 are free afterwards.  */
.macro INVERT x
	movdqa	\x, %xmm4
	psrlw	$4, %xmm4
	pand	MASK, %xmm4		/* i */
	pand	MASK, \x		/* k */
	movdqa	A_INV, %xmm5
	pshufb	\x, %xmm5		/* 2/k */
	pxor	%xmm4, \x		/* j */
	movdqa	INV, %xmm6
	pshufb	%xmm4, %xmm6
	pxor	%xmm5, %xmm6		/* 1/i + 2/k */
	movdqa	INV, %xmm7
	pshufb	\x, %xmm7
	pxor	%xmm5, %xmm7		/* 1/j + 2/k */
	movdqa	INV, %xmm5
	pshufb	%xmm6, %xmm5
	pxor	\x, %xmm5		/* io */
	movdqa	INV, %xmm6
	pshufb	%xmm7, %xmm6
	pxor	%xmm4, %xmm6		/* jo */
.endm

/* DST = TAB_u[io] ^ TAB_w[jo], a linear function of the inverse.  */
.macro LOOKUP tab, dst, tmp
	movdqa	.L\tab\()_u(%rip), \dst
	pshufb	%xmm5, \dst
	movdqa	.L\tab\()_w(%rip), \tmp
	pshufb	%xmm6, \tmp
	pxor	\tmp, \dst
.endm

/* X = LO[low nibbles] ^ HI[high nibbles], a change of basis.  */
.macro BASIS x, lo, hi
	movdqa	\x, %xmm4
	psrlw	$4, %xmm4
	pand	MASK, %xmm4
	pand	MASK, \x
	movdqa	.L\lo(%rip), %xmm5
	pshufb	\x, %xmm5
	movdqa	.L\hi(%rip), \x
	pshufb	%xmm4, \x
	pxor	%xmm5, \x
.endm

/* A middle encryption round on a state whose rows are shifted
   already: SubBytes as A = S(x) and 2A, MixColumns as 2A + 3B + C + D
   with B, C, D the column rotated up by one, two and three rows, that
   is X + D + rot1 (X) with X = 2A + B, AddRoundKey, and the next
   round's ShiftRows (SR), merged into the last rotations and into the
   stored round key, so that it costs the dependency chain nothing.  */
.macro ENC_ROUND x
	INVERT	\x
	LOOKUP	enc_s, \x, %xmm4
	LOOKUP	enc_2s, %xmm7, %xmm4
	movdqa	\x, %xmm4
	pshufb	.Lrot1(%rip), %xmm4
	pxor	%xmm4, %xmm7		/* X */
	pshufb	.Lsr_rot3(%rip), \x
	pxor	RKEY, \x
	movdqa	%xmm7, %xmm4
	pshufb	.Lsr(%rip), %xmm4
	pxor	%xmm4, \x
	pshufb	.Lsr_rot1(%rip), %xmm7
	pxor	%xmm7, \x
.endm

.macro ENC_LAST x
	INVERT	\x
	LOOKUP	enc_last, \x, %xmm4
	pxor	RKEY, \x
.endm

/* The equivalent inverse cipher's round, on a state whose rows are
   shifted already: InvMixColumns of InvSubBytes as 14A + 11B + 13C +
   9D, four independent terms, each shifted by the next round's
   InvShiftRows (ISR), as the round key is.  */
.macro DEC_ROUND x
	INVERT	\x
	LOOKUP	dec_e, \x, %xmm4
	pshufb	.Linv_sr(%rip), \x
	pxor	RKEY, \x
	LOOKUP	dec_b, %xmm7, %xmm4
	pshufb	.Lisr_rot1(%rip), %xmm7
	pxor	%xmm7, \x
	LOOKUP	dec_d, %xmm7, %xmm4
	pshufb	.Lisr_rot2(%rip), %xmm7
	pxor	%xmm7, \x
	LOOKUP	dec_9, %xmm7, %xmm4
	pshufb	.Lisr_rot3(%rip), %xmm7
	pxor	%xmm7, \x
.endm

.macro DEC_LAST x
	INVERT	\x
	LOOKUP	dec_last, \x, %xmm4
	pxor	RKEY, \x
.endm

/* MACRO on %xmm0, or on %xmm0-%xmm3 when N is 4.  */
.macro EACH n, macro
	\macro	%xmm0
.if \n == 4
	\macro	%xmm1
	\macro	%xmm2
	\macro	%xmm3
.endif
.endm

/* The first AddRoundKey, in the tower basis, and the first round's
   ShiftRows or InvShiftRows.  */
.macro ENC_INPUT x
	BASIS	\x, enc_in_lo, enc_in_hi
	pxor	RKEY, \x
	pshufb	.Lsr(%rip), \x
.endm

.macro DEC_INPUT x
	BASIS	\x, dec_in_lo, dec_in_hi
	pxor	RKEY, \x
	pshufb	.Linv_sr(%rip), \x
.endm

/* N blocks through the cipher (DIR enc) or the equivalent inverse
   cipher (DIR dec) with the schedule at OFF in the context %rdi.  */
.macro CORE n, dir, off
	movdqa	.Lmask(%rip), MASK
	movdqa	.Linv(%rip), INV
	movdqa	.La_inv(%rip), A_INV
	lea	\off(%rdi), %r10
	movdqu	(%r10), RKEY
.ifc \dir, enc
	EACH	\n, ENC_INPUT
.else
	EACH	\n, DEC_INPUT
.endif
	movl	AES_CTX_ROUNDS(%rdi), %eax
	decl	%eax
1:
	addq	$16, %r10
	movdqu	(%r10), RKEY
.ifc \dir, enc
	EACH	\n, ENC_ROUND
.else
	EACH	\n, DEC_ROUND
.endif
	decl	%eax
	jnz	1b
	movdqu	16(%r10), RKEY
.ifc \dir, enc
	EACH	\n, ENC_LAST
.else
	EACH	\n, DEC_LAST
.endif
	ret
.endm

/* The cores: %rdi the context, blocks in and out in %xmm0 (and
   %xmm1-%xmm3); they change %rax, %r10, %xmm4-%xmm8 and
   %xmm13-%xmm15.  */
	.align 16
.Lenc4:
	CFI_STARTPROC ()
	CORE	4, enc, AES_CTX_SSSE3_ENC
	CFI_ENDPROC ()

	.align 16
.Lenc1:
	CFI_STARTPROC ()
	CORE	1, enc, AES_CTX_SSSE3_ENC
	CFI_ENDPROC ()

	.align 16
.Ldec4:
	CFI_STARTPROC ()
	CORE	4, dec, AES_CTX_SSSE3_DEC
	CFI_ENDPROC ()

/* Every register that held a key or data.  */
.macro CLEAR
	pxor	%xmm0, %xmm0
	pxor	%xmm1, %xmm1
	pxor	%xmm2, %xmm2
	pxor	%xmm3, %xmm3
	pxor	%xmm4, %xmm4
	pxor	%xmm5, %xmm5
	pxor	%xmm6, %xmm6
	pxor	%xmm7, %xmm7
	pxor	%xmm8, %xmm8
	pxor	%xmm9, %xmm9
	pxor	%xmm10, %xmm10
	pxor	%xmm11, %xmm11
	pxor	%xmm12, %xmm12
.endm

/* The first min (N, 4) blocks at BASE into %xmm0-%xmm3, or R0-R3; N
   counts blocks left, at least 1.  Lanes past them keep stale values,
   computed on and never stored.  */
.macro LOAD4 base, n, r0=%xmm0, r1=%xmm1, r2=%xmm2, r3=%xmm3
	movdqu	(\base), \r0
	cmpq	$2, \n
	jb	9f
	movdqu	16(\base), \r1
	je	9f
	movdqu	32(\base), \r2
	cmpq	$3, \n
	je	9f
	movdqu	48(\base), \r3
9:
.endm

/* OUT = %xmm0-%xmm3 ^ IN for min (N, 4) blocks, in order, each input
   block read before the output block over it is written; IN may be
   empty (blank) for a plain store.  */
.macro XSTORE1 i, reg, out, in
.ifnb \in
	movdqu	16*\i(\in), %xmm4
	pxor	%xmm4, \reg
.endif
	movdqu	\reg, 16*\i(\out)
.endm

.macro STORE4 out, n, in
	XSTORE1	0, %xmm0, \out, \in
	cmpq	$2, \n
	jb	9f
	XSTORE1	1, %xmm1, \out, \in
	je	9f
	XSTORE1	2, %xmm2, \out, \in
	cmpq	$3, \n
	je	9f
	XSTORE1	3, %xmm3, \out, \in
9:
.endm

/* Block min (N, 4) - 1 at BASE to IV: the chaining value of CBC and CFB
   decryption, read before the outputs, which may overwrite it.  */
.macro LAST_TO_IV base, n, iv
	movl	$4, %r9d
	cmpq	%r9, \n
	cmovbq	\n, %r9
	shlq	$4, %r9
	movdqu	-16(\base,%r9), %xmm4
	movdqu	%xmm4, (\iv)
.endm

/* ECB, 1 to 8 blocks (any count, in fact).
   %rdi ctx, %rsi out, %rdx in, %rcx nblocks.  */
.macro ECB name, core
ENTRY(_bcry_aes_ssse3_\name\()_blk8)
1:
	LOAD4	%rdx, %rcx
	call	\core
	STORE4	%rsi, %rcx
	addq	$64, %rsi
	addq	$64, %rdx
	subq	$4, %rcx
	ja	1b
	CLEAR
	ret
END(_bcry_aes_ssse3_\name\()_blk8)
.endm

	ECB	enc, .Lenc4
	ECB	dec, .Ldec4

/* CTR with a 128-bit big-endian counter whose low half does not wrap
   within a call (src/cipher-proto.h), so the high half of the counter
   blocks is the same for all.
   %rdi ctx, %rsi ctr, %rdx out, %rcx in, %r8 nblocks.  */
.macro CTR_BLOCK i, reg
	leaq	\i(%r11), %r9
	bswapq	%r9
	movq	%r9, %xmm4
	movdqa	%xmm9, \reg
	punpcklqdq %xmm4, \reg
.endm

ENTRY(_bcry_aes_ssse3_ctr_enc_blk8)
	movq	(%rsi), %xmm9
	movq	8(%rsi), %r11
	bswapq	%r11
1:
	CTR_BLOCK 0, %xmm0
	CTR_BLOCK 1, %xmm1
	CTR_BLOCK 2, %xmm2
	CTR_BLOCK 3, %xmm3
	call	.Lenc4
	STORE4	%rdx, %r8, %rcx
	cmpq	$4, %r8
	jbe	2f
	addq	$4, %r11
	subq	$4, %r8
	addq	$64, %rdx
	addq	$64, %rcx
	jmp	1b
2:
	movq	(%rsi), %r9
	bswapq	%r9
	addq	%r8, %r11
	adcq	$0, %r9
	bswapq	%r9
	bswapq	%r11
	movq	%r9, (%rsi)
	movq	%r11, 8(%rsi)
	CLEAR
	ret
END(_bcry_aes_ssse3_ctr_enc_blk8)

/* CBC decryption.  %rdi ctx, %rsi iv, %rdx out, %rcx in, %r8 nblocks.  */
ENTRY(_bcry_aes_ssse3_cbc_dec_blk8)
1:
	LOAD4	%rcx, %r8
	movdqu	(%rsi), %xmm9
	movdqa	%xmm0, %xmm10
	movdqa	%xmm1, %xmm11
	movdqa	%xmm2, %xmm12
	call	.Ldec4
	pxor	%xmm9, %xmm0
	pxor	%xmm10, %xmm1
	pxor	%xmm11, %xmm2
	pxor	%xmm12, %xmm3
	LAST_TO_IV %rcx, %r8, %rsi
	STORE4	%rdx, %r8
	addq	$64, %rdx
	addq	$64, %rcx
	subq	$4, %r8
	ja	1b
	CLEAR
	ret
END(_bcry_aes_ssse3_cbc_dec_blk8)

/* CFB decryption: block i is E(C[i-1]) ^ C[i], C[-1] the IV.
   %rdi ctx, %rsi iv, %rdx out, %rcx in, %r8 nblocks.  */
ENTRY(_bcry_aes_ssse3_cfb_dec_blk8)
1:
	movdqu	(%rsi), %xmm0
	cmpq	$2, %r8
	jb	9f
	movdqu	(%rcx), %xmm1
	je	9f
	movdqu	16(%rcx), %xmm2
	cmpq	$3, %r8
	je	9f
	movdqu	32(%rcx), %xmm3
9:
	call	.Lenc4
	LAST_TO_IV %rcx, %r8, %rsi
	STORE4	%rdx, %r8, %rcx
	addq	$64, %rdx
	addq	$64, %rcx
	subq	$4, %r8
	ja	1b
	CLEAR
	ret
END(_bcry_aes_ssse3_cfb_dec_blk8)

/* OUT = E(IN ^ W) ^ W (D with FLAGS bit 0 clear, without the second
   xor with bit 1 set), for XTS and OCB: src/cipher-proto.h's
   bulk_whiten_fn_t.  %rdi ctx, %rsi out, %rdx in, %rcx w, %r8 nblocks,
   %r9d flags.  */
ENTRY(_bcry_aes_ssse3_whiten_blk8)
1:
	LOAD4	%rdx, %r8
	LOAD4	%rcx, %r8, %xmm9, %xmm10, %xmm11, %xmm12
	pxor	%xmm9, %xmm0
	pxor	%xmm10, %xmm1
	pxor	%xmm11, %xmm2
	pxor	%xmm12, %xmm3
	testl	$1, %r9d
	jz	2f
	call	.Lenc4
	jmp	3f
2:
	call	.Ldec4
3:
	testl	$2, %r9d
	jnz	4f
	pxor	%xmm9, %xmm0
	pxor	%xmm10, %xmm1
	pxor	%xmm11, %xmm2
	pxor	%xmm12, %xmm3
4:
	STORE4	%rsi, %r8
	addq	$64, %rsi
	addq	$64, %rdx
	addq	$64, %rcx
	subq	$4, %r8
	ja	1b
	CLEAR
	ret
END(_bcry_aes_ssse3_whiten_blk8)

/* The serial modes, a block at a time through the one-block core.
   %rdi ctx, %rsi iv, %rdx out, %rcx in, %r8 nblocks >= 1, and for CBC
   %r9d cbc_mac: keep only the chain, in IV.  */
ENTRY(_bcry_aes_ssse3_cbc_enc)
	movdqu	(%rsi), %xmm0
1:
	movdqu	(%rcx), %xmm9
	pxor	%xmm9, %xmm0
	call	.Lenc1
	testl	%r9d, %r9d
	jnz	2f
	movdqu	%xmm0, (%rdx)
	addq	$16, %rdx
2:
	addq	$16, %rcx
	decq	%r8
	jnz	1b
	movdqu	%xmm0, (%rsi)
	CLEAR
	ret
END(_bcry_aes_ssse3_cbc_enc)

ENTRY(_bcry_aes_ssse3_cfb_enc)
	movdqu	(%rsi), %xmm0
1:
	call	.Lenc1
	movdqu	(%rcx), %xmm9
	pxor	%xmm9, %xmm0
	movdqu	%xmm0, (%rdx)
	addq	$16, %rdx
	addq	$16, %rcx
	decq	%r8
	jnz	1b
	movdqu	%xmm0, (%rsi)
	CLEAR
	ret
END(_bcry_aes_ssse3_cfb_enc)

ENTRY(_bcry_aes_ssse3_ofb_enc)
	movdqu	(%rsi), %xmm0
1:
	call	.Lenc1
	movdqu	(%rcx), %xmm9
	pxor	%xmm0, %xmm9
	movdqu	%xmm9, (%rdx)
	addq	$16, %rdx
	addq	$16, %rcx
	decq	%r8
	jnz	1b
	movdqu	%xmm0, (%rsi)
	CLEAR
	ret
END(_bcry_aes_ssse3_ofb_enc)

/* Key schedule helpers; cipher/aes.c builds the schedule of FIPS 197
   with them.  u32 _bcry_aes_ssse3_sub_word (u32 w): SubWord, the S-box
   on each byte of %edi.  */
ENTRY(_bcry_aes_ssse3_sub_word)
	movdqa	.Lmask(%rip), MASK
	movdqa	.Linv(%rip), INV
	movdqa	.La_inv(%rip), A_INV
	movd	%edi, %xmm0
	BASIS	%xmm0, enc_in_lo, enc_in_hi
	INVERT	%xmm0
	LOOKUP	enc_last, %xmm0, %xmm4
	pxor	.Lc63(%rip), %xmm0
	movd	%xmm0, %eax
	CLEAR
	ret
END(_bcry_aes_ssse3_sub_word)

/* void _bcry_aes_ssse3_prepare (AES_context *ctx), %rdi: the round
   keys of the cores from ekey and dkey.  In both, rounds 0 to Nr-1 go
   to the tower basis, from the output of the last step (AddRoundKey for
   encryption, InvSubBytes' affine map for decryption); the keys of
   rounds 1 to Nr-1 of encryption and 0 to Nr-1 of decryption carry the
   S-box's 0x63, which the output tables leave out, and those of rounds
   1 to Nr-1 the next round's ShiftRows or InvShiftRows.  */
ENTRY(_bcry_aes_ssse3_prepare)
	movdqa	.Lmask(%rip), MASK
	movdqa	.Lc63(%rip), %xmm2
	movl	AES_CTX_ROUNDS(%rdi), %eax
	movdqu	AES_CTX_EKEY(%rdi), %xmm0
	BASIS	%xmm0, enc_in_lo, enc_in_hi
	movdqu	%xmm0, AES_CTX_SSSE3_ENC(%rdi)
	movdqu	AES_CTX_DKEY(%rdi), %xmm0
	pxor	%xmm2, %xmm0
	BASIS	%xmm0, dec_in_lo, dec_in_hi
	movdqu	%xmm0, AES_CTX_SSSE3_DEC(%rdi)
	movl	$16, %ecx
	decl	%eax
1:
	movdqu	AES_CTX_EKEY(%rdi,%rcx), %xmm0
	pxor	%xmm2, %xmm0
	BASIS	%xmm0, enc_in_lo, enc_in_hi
	pshufb	.Lsr(%rip), %xmm0
	movdqu	%xmm0, AES_CTX_SSSE3_ENC(%rdi,%rcx)
	movdqu	AES_CTX_DKEY(%rdi,%rcx), %xmm0
	pxor	%xmm2, %xmm0
	BASIS	%xmm0, dec_in_lo, dec_in_hi
	pshufb	.Linv_sr(%rip), %xmm0
	movdqu	%xmm0, AES_CTX_SSSE3_DEC(%rdi,%rcx)
	addq	$16, %rcx
	decl	%eax
	jnz	1b
	movdqu	AES_CTX_EKEY(%rdi,%rcx), %xmm0
	pxor	%xmm2, %xmm0
	movdqu	%xmm0, AES_CTX_SSSE3_ENC(%rdi,%rcx)
	movdqu	AES_CTX_DKEY(%rdi,%rcx), %xmm0
	movdqu	%xmm0, AES_CTX_SSSE3_DEC(%rdi,%rcx)
	CLEAR
	ret
END(_bcry_aes_ssse3_prepare)

/* The tables, computed by the method of the header comment: the field
   isomorphism maps x (the AES polynomial basis) to its powers of
   g = 0x1c = y + 12, a root of x^8 + x^4 + x^3 + x + 1 in the tower
   field.  inv and a_inv: 1/n and 2/n in GF(16), 0x80 for n = 0.
   enc_in, dec_in: the tower basis of x and of the affine map's linear
   part inverted, L^-1 (x), on low and high nibbles.  <name>_u[io] ^
   <name>_w[jo] is, for the inverse v: enc_s L(v) and enc_2s 2 L(v) in
   the tower basis, enc_last L(v); dec_9, dec_b, dec_d, dec_e 9v, 11v,
   13v, 14v in dec_in's basis, dec_last v.  sr and inv_sr are ShiftRows
   and its inverse, rot1 rotates each column up by one row, sr_rot1 is
   sr after rot1, and so on.  */
	.section .rodata
	.align 16
.Lmask:
	.byte 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f
	.byte 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f, 0x0f
.Lc63:
	.byte 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63
	.byte 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63, 0x63
.Linv:
	.byte 0x80, 0x01, 0x09, 0x0e, 0x0d, 0x0b, 0x07, 0x06
	.byte 0x0f, 0x02, 0x0c, 0x05, 0x0a, 0x04, 0x03, 0x08
.La_inv:
	.byte 0x80, 0x02, 0x01, 0x0f, 0x09, 0x05, 0x0e, 0x0c
	.byte 0x0d, 0x04, 0x0b, 0x0a, 0x07, 0x08, 0x06, 0x03
.Lenc_in_lo:
	.byte 0x00, 0x01, 0x1c, 0x1d, 0x2d, 0x2c, 0x31, 0x30
	.byte 0x27, 0x26, 0x3b, 0x3a, 0x0a, 0x0b, 0x16, 0x17
.Lenc_in_hi:
	.byte 0x00, 0x86, 0xfd, 0x7b, 0x8e, 0x08, 0x73, 0xf5
	.byte 0x77, 0xf1, 0x8a, 0x0c, 0xf9, 0x7f, 0x04, 0x82
.Lenc_s_u:
	.byte 0x00, 0xc3, 0x4f, 0x0c, 0xfc, 0x7c, 0x43, 0x80
	.byte 0xcf, 0x33, 0x3f, 0x70, 0xbf, 0xb3, 0xf0, 0x8c
.Lenc_s_w:
	.byte 0x00, 0xe6, 0x72, 0xb7, 0xe5, 0xc6, 0xc5, 0x23
	.byte 0x51, 0xb4, 0x03, 0x71, 0x20, 0x97, 0x52, 0x94
.Lenc_2s_u:
	.byte 0x00, 0x7c, 0x20, 0xcf, 0x92, 0x01, 0xef, 0x93
	.byte 0xb3, 0x21, 0xee, 0xce, 0x7d, 0xb2, 0x5d, 0x5c
.Lenc_2s_w:
	.byte 0x00, 0xd1, 0xe5, 0xf7, 0xe6, 0x25, 0x12, 0xc3
	.byte 0x26, 0xc0, 0x37, 0xd2, 0xf4, 0x03, 0x11, 0x34
.Lenc_last_u:
	.byte 0x00, 0xcb, 0xd7, 0xb0, 0x21, 0x8d, 0x67, 0xac
	.byte 0x7b, 0x5a, 0xea, 0x3d, 0x46, 0xf6, 0x91, 0x1c
.Lenc_last_w:
	.byte 0x00, 0x9f, 0x61, 0x16, 0xc2, 0x2a, 0x77, 0xe8
	.byte 0x89, 0x4b, 0x5d, 0x3c, 0xb5, 0xa3, 0xd4, 0xfe
.Ldec_in_lo:
	.byte 0x00, 0xb5, 0xdc, 0x69, 0xdb, 0x6e, 0x07, 0xb2
	.byte 0x14, 0xa1, 0xc8, 0x7d, 0xcf, 0x7a, 0x13, 0xa6
.Ldec_in_hi:
	.byte 0x00, 0xa7, 0xa8, 0x0f, 0xed, 0x4a, 0x45, 0xe2
	.byte 0xd1, 0x76, 0x79, 0xde, 0x3c, 0x9b, 0x94, 0x33
.Ldec_9_u:
	.byte 0x00, 0x27, 0xbf, 0x47, 0xda, 0x05, 0xf8, 0xdf
	.byte 0x60, 0xba, 0xfd, 0x42, 0x22, 0x65, 0x9d, 0x98
.Ldec_9_w:
	.byte 0x00, 0x01, 0x8c, 0x2e, 0xa8, 0x0b, 0xa2, 0xa3
	.byte 0x2f, 0x87, 0xa9, 0x25, 0x0a, 0x24, 0x86, 0x8d
.Ldec_b_u:
	.byte 0x00, 0xc2, 0x4d, 0xeb, 0xdd, 0xb9, 0xa6, 0x64
	.byte 0x29, 0xf4, 0x1f, 0x52, 0x7b, 0x90, 0x36, 0x8f
.Ldec_b_w:
	.byte 0x00, 0xf8, 0x22, 0xfd, 0x42, 0x65, 0xdf, 0x27
	.byte 0x05, 0x47, 0xba, 0x98, 0x9d, 0x60, 0xbf, 0xda
.Ldec_d_u:
	.byte 0x00, 0x7c, 0x1b, 0x3d, 0x15, 0x4f, 0x26, 0x5a
	.byte 0x41, 0x54, 0x69, 0x72, 0x33, 0x0e, 0x28, 0x67
.Ldec_d_w:
	.byte 0x00, 0x77, 0xb2, 0xb0, 0xb6, 0xc3, 0x02, 0x75
	.byte 0xc7, 0x71, 0xc1, 0x73, 0xb4, 0x04, 0x06, 0xc5
.Ldec_e_u:
	.byte 0x00, 0xeb, 0xa6, 0xb9, 0x7b, 0x8f, 0x1f, 0xf4
	.byte 0x52, 0x29, 0x90, 0x36, 0x64, 0xdd, 0xc2, 0x4d
.Ldec_e_w:
	.byte 0x00, 0xfd, 0xdf, 0x65, 0x9d, 0xda, 0xba, 0x47
	.byte 0x98, 0x05, 0x60, 0xbf, 0x27, 0x42, 0xf8, 0x22
.Ldec_last_u:
	.byte 0x00, 0x3b, 0xe4, 0xc8, 0x03, 0x14, 0x2c, 0x17
	.byte 0xf3, 0xf0, 0x38, 0xdc, 0x2f, 0xe7, 0xcb, 0xdf
.Ldec_last_w:
	.byte 0x00, 0x24, 0x91, 0x19, 0x23, 0x8f, 0x88, 0xac
	.byte 0x3d, 0x1e, 0x07, 0x96, 0xab, 0xb2, 0x3a, 0xb5
.Lsr:
	.byte 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11
.Linv_sr:
	.byte 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3
.Lrot1:
	.byte 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12
.Lsr_rot1:
	.byte 1, 6, 11, 12, 5, 10, 15, 0, 9, 14, 3, 4, 13, 2, 7, 8
.Lsr_rot3:
	.byte 3, 4, 9, 14, 7, 8, 13, 2, 11, 12, 1, 6, 15, 0, 5, 10
.Lisr_rot1:
	.byte 1, 14, 11, 4, 5, 2, 15, 8, 9, 6, 3, 12, 13, 10, 7, 0
.Lisr_rot2:
	.byte 2, 15, 8, 5, 6, 3, 12, 9, 10, 7, 0, 13, 14, 11, 4, 1
.Lisr_rot3:
	.byte 3, 12, 9, 6, 7, 0, 13, 10, 11, 4, 1, 14, 15, 8, 5, 2

#endif /* USE_AES_SSSE3 */

GNU_STACK_NOTE
