/* aes-aesni-amd64.S - AES with the AES-NI instructions, 128-bit lanes
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * FIPS 197 AES on the AESENC/AESDEC round instructions (Intel's "Advanced
 * Encryption Standard (AES) New Instructions Set" white paper, Gueron,
 * 2010), legacy SSE encoding so that it runs on CPUs without AVX.  The
 * parallel kernels keep eight states in %xmm0-%xmm7 and apply each round
 * key, loaded once into %xmm8, to all of them, which hides the latency
 * of the round instruction behind the other seven states; they loop over
 * any count in groups of eight, and a last group of fewer computes all
 * eight lanes and loads and stores only its own.  The serial kernels (CBC encryption, CFB encryption,
 * OFB, and CCM/EAX's MAC next to their counter) are latency-bound: they
 * fold the whitening keys and the data into the last round key so that
 * the chain from one block to the next is the round instructions alone.
 * The key schedule is AES_context's (cipher/aes.c): the encryption round
 * keys at AES_CTX_EKEY, the equivalent inverse cipher's at AES_CTX_DKEY.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_AES_AESNI

.text

/* OP with %xmm8 on the eight states, or on the first four.  */
.macro op8 op, lanes=8
	\op %xmm8, %xmm0
	\op %xmm8, %xmm1
	\op %xmm8, %xmm2
	\op %xmm8, %xmm3
	.if \lanes > 4
	\op %xmm8, %xmm4
	\op %xmm8, %xmm5
	\op %xmm8, %xmm6
	\op %xmm8, %xmm7
	.endif
.endm

/* The whole cipher (OP = aesenc) or inverse cipher (aesdec) on
   %xmm0-%xmm7 with the round keys at KEY; the count of rounds is in the
   context at %rdi.  Clobbers %xmm8.  Options: with LAST (a register)
   the last round takes state I's own key at 16*I(LAST); with XIN (a
   register) it takes the last round key xored with the block at
   XOFF+16*I(XIN), state 0's with X0 (a register) if given, through
   %xmm9: so the last round adds the block the output is xored with,
   and that xor waits for no round.  SKIP0 leaves out the first
   AddRoundKey, done by the caller.  LANES 4 runs the first four states
   alone (not with LAST or XIN).  */
.macro rounds8 key, op, oplast, last=, skip0=0, xin=, xoff=0, x0=, lanes=8
	.if !\skip0
	movdqu 0*16(\key), %xmm8
	op8 pxor, \lanes
	.endif
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
	movdqu \r*16(\key), %xmm8
	op8 \op, \lanes
	.endr
	movdqu 10*16(\key), %xmm8
	cmpl $10, AES_CTX_ROUNDS(%rdi)
	je .Llast8\@
	op8 \op, \lanes
	movdqu 11*16(\key), %xmm8
	op8 \op, \lanes
	movdqu 12*16(\key), %xmm8
	cmpl $12, AES_CTX_ROUNDS(%rdi)
	je .Llast8\@
	op8 \op, \lanes
	movdqu 13*16(\key), %xmm8
	op8 \op, \lanes
	movdqu 14*16(\key), %xmm8
.Llast8\@:
	.ifnb \last
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	\oplast \i*16(\last), %xmm\i
	.endr
	.else
	.ifnb \xin
	.ifnb \x0
	movdqa \x0, %xmm9
	.else
	movdqu \xoff(\xin), %xmm9
	.endif
	pxor %xmm8, %xmm9
	\oplast %xmm9, %xmm0
	.irp i, 1, 2, 3, 4, 5, 6, 7
	movdqu (\xoff+\i*16)(\xin), %xmm9
	pxor %xmm8, %xmm9
	\oplast %xmm9, %xmm\i
	.endr
	.else
	op8 \oplast, \lanes
	.endif
	.endif
.endm

/* rounds8 on a group of N blocks (a register): four states when N is
   four or less, whose other four would only cost the AES units.  */
.macro rounds8n key, op, oplast, n
	cmp $4, \n
	ja .Lrounds8n\@
	rounds8 \key, \op, \oplast, lanes=4
	jmp .Lrounds8n_end\@
.Lrounds8n\@:
	rounds8 \key, \op, \oplast
.Lrounds8n_end\@:
.endm

/* The same on %xmm0 alone.  */
.macro rounds1 key, op, oplast
	movdqu 0*16(\key), %xmm8
	pxor %xmm8, %xmm0
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
	movdqu \r*16(\key), %xmm8
	\op %xmm8, %xmm0
	.endr
	movdqu 10*16(\key), %xmm8
	cmpl $10, AES_CTX_ROUNDS(%rdi)
	je .Llast1\@
	\op %xmm8, %xmm0
	movdqu 11*16(\key), %xmm8
	\op %xmm8, %xmm0
	movdqu 12*16(\key), %xmm8
	cmpl $12, AES_CTX_ROUNDS(%rdi)
	je .Llast1\@
	\op %xmm8, %xmm0
	movdqu 13*16(\key), %xmm8
	\op %xmm8, %xmm0
	movdqu 14*16(\key), %xmm8
.Llast1\@:
	\oplast %xmm8, %xmm0
.endm

/* Load blocks 0 to N-1 of SRC into %xmm0-%xmm7, stopping at N (a
   register, 1 to 8).  A full call takes the path without tests, which
   keeps the code between one call's rounds and the next call's short,
   so that the core overlaps them.  */
.macro load8 src, n
	cmp $8, \n
	jne .Lload8p\@
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu \i*16(\src), %xmm\i
	.endr
	jmp .Lload8\@
.Lload8p\@:
	movdqu 0*16(\src), %xmm0
	.irp i, 1, 2, 3, 4, 5, 6
	cmp $\i, \n
	jbe .Lload8\@
	movdqu \i*16(\src), %xmm\i
	.endr
.Lload8\@:
.endm

/* Store %xmm0-%xmm7 as the eight blocks of DST.  */
.macro store8_full dst
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu %xmm\i, \i*16(\dst)
	.endr
.endm

/* Store %xmm0-%xmm7 as blocks 0 to N-1 of DST.  */
.macro store8 dst, n
	cmp $8, \n
	jne .Lstore8p\@
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu %xmm\i, \i*16(\dst)
	.endr
	jmp .Lstore8\@
.Lstore8p\@:
	movdqu %xmm0, 0*16(\dst)
	.irp i, 1, 2, 3, 4, 5, 6
	cmp $\i, \n
	jbe .Lstore8\@
	movdqu %xmm\i, \i*16(\dst)
	.endr
.Lstore8\@:
.endm

/* All eight of xor_store8.  */
.macro xor_store8_full dst, src
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu \i*16(\src), %xmm9
	pxor %xmm9, %xmm\i
	movdqu %xmm\i, \i*16(\dst)
	.endr
.endm

/* %xmmI ^= block I of SRC through %xmm9, then store it as block I of
   DST, for I below N.  */
.macro xor_store8 dst, src, n
	cmp $8, \n
	jne .Lxst8p\@
	xor_store8_full \dst, \src
	jmp .Lxst8\@
.Lxst8p\@:
	.irp i, 0, 1, 2, 3, 4, 5, 6
	.if \i
	cmp $\i, \n
	jbe .Lxst8\@
	.endif
	movdqu \i*16(\src), %xmm9
	pxor %xmm9, %xmm\i
	movdqu %xmm\i, \i*16(\dst)
	.endr
.Lxst8\@:
.endm

/* Clear the registers that held key or data.  */
.macro clear_xmm
	pxor %xmm0, %xmm0
	pxor %xmm1, %xmm1
	pxor %xmm2, %xmm2
	pxor %xmm3, %xmm3
	pxor %xmm4, %xmm4
	pxor %xmm5, %xmm5
	pxor %xmm6, %xmm6
	pxor %xmm7, %xmm7
	pxor %xmm8, %xmm8
	pxor %xmm9, %xmm9
	pxor %xmm10, %xmm10
	pxor %xmm11, %xmm11
	pxor %xmm12, %xmm12
	pxor %xmm13, %xmm13
	pxor %xmm14, %xmm14
	pxor %xmm15, %xmm15
.endm

/* A frame with SIZE bytes of 16-byte aligned scratch at (%rsp), %rbp
   keeping the caller's stack pointer.  */
.macro frame_begin size
	pushq %rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbp, 0
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	subq $\size, %rsp
	andq $-16, %rsp
.endm

/* Wipe the scratch of frame_begin with %xmm0 (zero) and leave.  */
.macro frame_end size
	.irp off, 0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256
	.if \off < \size
	movdqa %xmm0, \off(%rsp)
	.endif
	.endr
	movq %rbp, %rsp
	.cfi_def_cfa_register %rsp
	popq %rbp
	.cfi_adjust_cfa_offset -8
	.cfi_restore %rbp
.endm


/* CHUNK = min (N, 8): the blocks of the next group.  */
.macro group8 n, chunk
	movq $8, \chunk
	cmpq \chunk, \n
	cmovbq \n, \chunk
.endm

/* void _bcry_aes_aesni_enc (const void *ctx, byte *out, const byte *in,
                             size_t nblocks)  */
ENTRY (_bcry_aes_aesni_enc)
	cmp $1, %rcx
	jne .Lenc8
	movdqu (%rdx), %xmm0
	rounds1 %rdi, aesenc, aesenclast
	movdqu %xmm0, (%rsi)
	pxor %xmm0, %xmm0
	pxor %xmm8, %xmm8
	ret
.Lenc8:
	group8 %rcx, %r8
	load8 %rdx, %r8
	rounds8n %rdi, aesenc, aesenclast, %r8
	store8 %rsi, %r8
	subq $-128, %rdx
	subq $-128, %rsi
	subq %r8, %rcx
	jnz .Lenc8
	clear_xmm
	ret
END (_bcry_aes_aesni_enc)

/* void _bcry_aes_aesni_dec (const void *ctx, byte *out, const byte *in,
                             size_t nblocks)  */
ENTRY (_bcry_aes_aesni_dec)
	leaq AES_CTX_DKEY(%rdi), %rax
	cmp $1, %rcx
	jne .Ldec8
	movdqu (%rdx), %xmm0
	rounds1 %rax, aesdec, aesdeclast
	movdqu %xmm0, (%rsi)
	pxor %xmm0, %xmm0
	pxor %xmm8, %xmm8
	ret
.Ldec8:
	group8 %rcx, %r8
	load8 %rdx, %r8
	rounds8n %rax, aesdec, aesdeclast, %r8
	store8 %rsi, %r8
	subq $-128, %rdx
	subq $-128, %rsi
	subq %r8, %rcx
	jnz .Ldec8
	clear_xmm
	ret
END (_bcry_aes_aesni_dec)

/* Lanes 1 to 7 of a CTR group from lane 0 in %xmm0: the counter plus
   I in its last byte, where that byte does not overflow (PADDB) ...  */
.macro ctr_lanes_byte
	.irp i, 1, 2, 3, 4, 5, 6, 7
	movdqa %xmm0, %xmm\i
	paddb .Lctr_add_\i(%rip), %xmm\i
	.endr
.endm

/* ... or plus I through all 64 low bits, from %rax (clobbers %r9 and
   %xmm9).  */
.macro ctr_lanes_carry
	.irp i, 1, 2, 3, 4, 5, 6, 7
	leaq \i(%rax), %r9
	bswapq %r9
	movq %r9, %xmm9
	movdqa %xmm0, %xmm\i
	punpcklqdq %xmm9, %xmm\i
	.endr
.endm

/* void _bcry_aes_aesni_ctr_enc (const void *ctx, byte *ctr, byte *out,
                                 const byte *in, size_t nblocks)
   The counter is big-endian, kept in %xmm15 as it is in memory and its
   low 64 bits in %rax as a number (the caller guarantees that they do
   not wrap).  While the last byte does not overflow within a group, the
   lanes are the counter plus 1 to 7 in that byte, one PADDB each;
   otherwise each lane is built from %rax.  */
ENTRY (_bcry_aes_aesni_ctr_enc)
	movdqu (%rsi), %xmm15
	movq 8(%rsi), %rax
	bswapq %rax
	cmpq $8, %r8
	jb .Lctr_loop
	/* Whole groups first, in a loop without the tests of a shorter
	   one: its common path (no carry out of the last byte) takes no
	   branch but the key size's and its own.  */
.Lctr_full:
	movdqa %xmm15, %xmm0
	cmpb $(256-8), %al
	jae .Lctr_full_carry
	ctr_lanes_byte
.Lctr_full_rounds:
	addq $8, %rax
	movq %rax, %r9
	bswapq %r9
	movq %r9, %xmm9
	punpcklqdq %xmm9, %xmm15
	rounds8 %rdi, aesenc, aesenclast, xin=%rcx
	store8_full %rdx
	subq $-128, %rcx
	subq $-128, %rdx
	subq $8, %r8
	cmpq $8, %r8
	jae .Lctr_full
	testq %r8, %r8
	jz .Lctr_done
.Lctr_loop:
	cmpq $1, %r8
	je .Lctr_one
	group8 %r8, %r10
	movdqa %xmm15, %xmm0
	movzbl %al, %r9d
	addl %r10d, %r9d
	cmpl $255, %r9d
	ja .Lctr_carry
	ctr_lanes_byte
	jmp .Lctr_rounds
.Lctr_carry:
	ctr_lanes_carry
.Lctr_rounds:
	addq %r10, %rax
	movq %rax, %r9
	bswapq %r9
	movq %r9, %xmm9
	punpcklqdq %xmm9, %xmm15
	rounds8n %rdi, aesenc, aesenclast, %r10
	xor_store8 %rdx, %rcx, %r10
	shlq $4, %r10
	addq %r10, %rcx
	addq %r10, %rdx
	shrq $4, %r10
	subq %r10, %r8
	jnz .Lctr_loop
.Lctr_done:
	movdqu %xmm15, (%rsi)
	clear_xmm
	ret
.Lctr_full_carry:
	ctr_lanes_carry
	jmp .Lctr_full_rounds
.Lctr_one:
	/* A last block on its own, a call of one or the tail after whole
	   groups: four lanes' rounds and a group's counter lanes cost it
	   more than its own rounds (doc/HACKING, "Tuning notes", AES-NI
	   CTR's one block).  */
	movdqa %xmm15, %xmm0
	rounds1 %rdi, aesenc, aesenclast
	movdqu (%rcx), %xmm9
	pxor %xmm9, %xmm0
	movdqu %xmm0, (%rdx)
	addq $1, %rax
	bswapq %rax
	movq %rax, %xmm9
	punpcklqdq %xmm9, %xmm15
	jmp .Lctr_done
END (_bcry_aes_aesni_ctr_enc)

/* void _bcry_aes_aesni_ctr32le_enc (const void *ctx, byte *ctr, byte *out,
                                     const byte *in, size_t nblocks)
   GCM-SIV: the first 32 bits are a little-endian counter that wraps on
   its own, which PADDD does.  */
ENTRY (_bcry_aes_aesni_ctr32le_enc)
	movdqu (%rsi), %xmm15
.Lctr32_loop:
	group8 %r8, %r10
	movdqa %xmm15, %xmm0
	.irp i, 1, 2, 3, 4, 5, 6, 7
	movdqa %xmm0, %xmm\i
	paddd .Lctr32_add_\i(%rip), %xmm\i
	.endr
	movq %r10, %xmm9
	paddd %xmm9, %xmm15
	rounds8n %rdi, aesenc, aesenclast, %r10
	xor_store8 %rdx, %rcx, %r10
	movq %r10, %r11
	shlq $4, %r11
	addq %r11, %rcx
	addq %r11, %rdx
	subq %r10, %r8
	jnz .Lctr32_loop
	movdqu %xmm15, (%rsi)
	clear_xmm
	ret
END (_bcry_aes_aesni_ctr32le_enc)

/* void _bcry_aes_aesni_cbc_dec (const void *ctx, byte *iv, byte *out,
                                 const byte *in, size_t nblocks)
   P_i = D(C_i) ^ C_i-1, with C_-1 (the IV, then each group's last
   ciphertext) in %xmm11.  A group's plaintext is stored from the last
   block down, so that in place each C_i-1 is read before P_i-1 replaces
   it.  */
ENTRY (_bcry_aes_aesni_cbc_dec)
	leaq AES_CTX_DKEY(%rdi), %rax
	movdqu (%rsi), %xmm11
	cmpq $8, %r8
	jb .Lcbc_dec_loop
	/* Whole groups first, without the tests of a shorter one.  */
.Lcbc_dec_full:
	movdqu 7*16(%rcx), %xmm10
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu \i*16(%rcx), %xmm\i
	.endr
	rounds8 %rax, aesdec, aesdeclast, xin=%rcx, xoff=-16, x0=%xmm11
	store8_full %rdx
	movdqa %xmm10, %xmm11
	subq $-128, %rcx
	subq $-128, %rdx
	subq $8, %r8
	cmpq $8, %r8
	jae .Lcbc_dec_full
	testq %r8, %r8
	jz .Lcbc_dec_done
.Lcbc_dec_loop:
	group8 %r8, %r10
	movq %r10, %r9
	shlq $4, %r9
	movdqu -16(%rcx,%r9), %xmm10	/* The group's last C, its next IV.  */
	load8 %rcx, %r10
	rounds8n %rax, aesdec, aesdeclast, %r10
	.irp i, 7, 6, 5, 4, 3, 2, 1
	cmp $\i, %r10
	jbe .Lcbc_dec_\i
	movdqu (\i-1)*16(%rcx), %xmm9
	pxor %xmm9, %xmm\i
	movdqu %xmm\i, \i*16(%rdx)
.Lcbc_dec_\i:
	.endr
	pxor %xmm11, %xmm0
	movdqu %xmm0, (%rdx)
	movdqa %xmm10, %xmm11
	addq %r9, %rcx
	addq %r9, %rdx
	subq %r10, %r8
	jnz .Lcbc_dec_loop
.Lcbc_dec_done:
	movdqu %xmm11, (%rsi)
	clear_xmm
	ret
END (_bcry_aes_aesni_cbc_dec)

/* void _bcry_aes_aesni_cfb_dec (const void *ctx, byte *iv, byte *out,
                                 const byte *in, size_t nblocks)
   P_i = C_i ^ E(C_i-1), C_-1 = IV; each group's C_-1 is in %xmm11.  */
ENTRY (_bcry_aes_aesni_cfb_dec)
	movdqu (%rsi), %xmm11
	cmpq $8, %r8
	jb .Lcfb_dec_loop
	/* Whole groups first, without the tests of a shorter one.  */
.Lcfb_dec_full:
	movdqu 7*16(%rcx), %xmm10
	movdqa %xmm11, %xmm0
	.irp i, 1, 2, 3, 4, 5, 6, 7
	movdqu (\i-1)*16(%rcx), %xmm\i
	.endr
	rounds8 %rdi, aesenc, aesenclast, xin=%rcx
	store8_full %rdx
	movdqa %xmm10, %xmm11
	subq $-128, %rcx
	subq $-128, %rdx
	subq $8, %r8
	cmpq $8, %r8
	jae .Lcfb_dec_full
	testq %r8, %r8
	jz .Lcfb_dec_done
.Lcfb_dec_loop:
	group8 %r8, %r10
	movq %r10, %r9
	shlq $4, %r9
	movdqu -16(%rcx,%r9), %xmm10	/* The group's last C.  */
	movdqa %xmm11, %xmm0
	.irp i, 1, 2, 3, 4, 5, 6, 7
	cmp $\i, %r10
	jbe .Lcfb_dec_load
	movdqu (\i-1)*16(%rcx), %xmm\i
	.endr
.Lcfb_dec_load:
	rounds8n %rdi, aesenc, aesenclast, %r10
	xor_store8 %rdx, %rcx, %r10
	movdqa %xmm10, %xmm11
	addq %r9, %rcx
	addq %r9, %rdx
	subq %r10, %r8
	jnz .Lcfb_dec_loop
.Lcfb_dec_done:
	movdqu %xmm11, (%rsi)
	clear_xmm
	ret
END (_bcry_aes_aesni_cfb_dec)

/* Slot R-1 of the next group's tweak buffer at %rax: T ^ K_last; then
   T = T * x in GF(2^128) as XTS defines it (little-endian, reduction
   0x87).  T is %r12 (low half) and %r13, K_last %r14 and %r15.  In
   general registers the doublings take no slot from the vector pipes,
   which the round instructions keep full.  */
.macro xts_next r
	movq %r12, %rbx
	xorq %r14, %rbx
	movq %rbx, (\r-1)*16(%rax)
	movq %r13, %rbx
	xorq %r15, %rbx
	movq %rbx, (\r-1)*16+8(%rax)
	movq %r13, %rbx
	sarq $63, %rbx
	andl $0x87, %ebx
	addq %r12, %r12
	adcq %r13, %r13
	xorq %rbx, %r12
.endm

/* T = T * x as xts_next, in a vector register: the carries out of each
   quadword's top bit, spread by PSHUFD and PSRAD into TMP, masked by
   MASK (.Lxts_mulx) into the reduction and the carry into the high
   quadword.  */
.macro xts_mulx_xmm t, tmp, mask
	pshufd $0x13, \t, \tmp
	psrad $31, \tmp
	pand \mask, \tmp
	paddq \t, \t
	pxor \tmp, \t
.endm

/* Save and restore a register the caller keeps, which so also wipes
   what the kernel left in it.  */
.macro push_reg reg
	pushq \reg
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset \reg, 0
.endm

.macro pop_reg reg
	popq \reg
	.cfi_adjust_cfa_offset -8
	.cfi_restore \reg
.endm

/* void _bcry_aes_aesni_xts_crypt (const void *ctx, byte *tweak, byte *out,
                                   const byte *in, size_t nblocks,
                                   int encrypt)
   C_i = E(P_i ^ T_i) ^ T_i.  A group's tweaks wait in one of two
   buffers of the frame (current at %r11, next at %rax) as T_i ^ K_last,
   state I's key for the last round, which so makes the second XOR; its
   first AddRoundKey is P_i ^ (T_i ^ K_last) ^ (K_last ^ K_0), the
   latter in %xmm13.  The next group's tweaks are written before this
   group's rounds: a 16-byte load cannot take its data from the two
   8-byte stores still in flight, and written any later they hold up
   the next group's first AddRoundKey until they retire.  %r9 is the
   schedule, %rdi for encryption.  */
ENTRY (_bcry_aes_aesni_xts_crypt)
	cmpq $1, %r8
	je .Lxts_one
	cmpq $4, %r8
	jbe .Lxts_small
	push_reg %rbx
	push_reg %r12
	push_reg %r13
	push_reg %r14
	push_reg %r15
	frame_begin 256
	andq $-256, %rsp
	leaq AES_CTX_DKEY(%rdi), %rax
	testl %r9d, %r9d
	movq %rdi, %r9
	cmovzq %rax, %r9
	movl AES_CTX_ROUNDS(%rdi), %r11d
	shll $4, %r11d
	movq (%r9,%r11), %r14
	movq 8(%r9,%r11), %r15
	movdqu (%r9,%r11), %xmm14
	movdqu (%r9), %xmm13
	pxor %xmm14, %xmm13
	movq (%rsi), %r12
	movq 8(%rsi), %r13
	movq %rsp, %rax
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8
	xts_next \r
	.endr
	leaq 128(%rsp), %rax
	movq %rsp, %r11
.Lxts_loop:
	group8 %r8, %r10
	load8 %rcx, %r10
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor \i*16(%r11), %xmm\i
	pxor %xmm13, %xmm\i
	.endr
	cmpq $8, %r8
	jbe .Lxts_last			/* The last group.  */
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8
	xts_next \r
	.endr
.Lxts_last:
	cmpq %rdi, %r9
	jne .Lxts_dec
	rounds8 %r9, aesenc, aesenclast, %r11, 1
	jmp .Lxts_out
.Lxts_dec:
	rounds8 %r9, aesdec, aesdeclast, %r11, 1
.Lxts_out:
	store8 %rdx, %r10
	shlq $4, %r10
	addq %r10, %rcx
	addq %r10, %rdx
	shrq $4, %r10
	subq %r10, %r8
	jz .Lxts_done
	xchgq %rax, %r11
	jmp .Lxts_loop
.Lxts_done:
	/* The tweak after the last block: T_n of this group, or after a
	   full one the next group's first, where the chain stopped.  */
	cmpq $8, %r10
	je .Lxts_chain
	shlq $4, %r10
	movdqa (%r11,%r10), %xmm0
	pxor %xmm14, %xmm0
	movdqu %xmm0, (%rsi)
	jmp .Lxts_end
.Lxts_chain:
	movq %r12, (%rsi)
	movq %r13, 8(%rsi)
.Lxts_end:
	clear_xmm
	frame_end 256
	pop_reg %r15
	pop_reg %r14
	pop_reg %r13
	pop_reg %r12
	pop_reg %rbx
	ret
.Lxts_small:
	/* Two to four blocks on four states, without the frame: T_0 to T_4
	   in %xmm9-%xmm13, T_N back to the tweak.  A run this short is
	   bound by latency and by the AES instructions of lanes it does not
	   need, which the eight-state path would run.  */
	movdqa .Lxts_mulx(%rip), %xmm15
	movdqu (%rsi), %xmm9
	movdqa %xmm9, %xmm10
	xts_mulx_xmm %xmm10, %xmm14, %xmm15
	movdqa %xmm10, %xmm11
	xts_mulx_xmm %xmm11, %xmm14, %xmm15
	movdqa %xmm11, %xmm12
	xts_mulx_xmm %xmm12, %xmm14, %xmm15
	movdqa %xmm12, %xmm13
	xts_mulx_xmm %xmm13, %xmm14, %xmm15
	movdqu 0*16(%rcx), %xmm0
	movdqu 1*16(%rcx), %xmm1
	cmpq $3, %r8
	jb .Lxts_small_in
	movdqu 2*16(%rcx), %xmm2
	je .Lxts_small_in
	movdqu 3*16(%rcx), %xmm3
.Lxts_small_in:
	pxor %xmm9, %xmm0
	pxor %xmm10, %xmm1
	pxor %xmm11, %xmm2
	pxor %xmm12, %xmm3
	testl %r9d, %r9d
	jz .Lxts_small_dec
	rounds8 %rdi, aesenc, aesenclast, lanes=4
	jmp .Lxts_small_out
.Lxts_small_dec:
	leaq AES_CTX_DKEY(%rdi), %rax
	rounds8 %rax, aesdec, aesdeclast, lanes=4
.Lxts_small_out:
	pxor %xmm9, %xmm0
	pxor %xmm10, %xmm1
	pxor %xmm11, %xmm2
	pxor %xmm12, %xmm3
	movdqu %xmm0, 0*16(%rdx)
	movdqu %xmm1, 1*16(%rdx)
	cmpq $3, %r8
	jb .Lxts_small_t
	movdqu %xmm2, 2*16(%rdx)
	movdqa %xmm12, %xmm11
	je .Lxts_small_t
	movdqu %xmm3, 3*16(%rdx)
	movdqa %xmm13, %xmm11
.Lxts_small_t:
	movdqu %xmm11, (%rsi)
	clear_xmm
	ret
.Lxts_one:
	/* One block on its own, without the frame and the group's eight
	   tweaks; T * x in %rax (low half) and %r10 with %r11.  */
	movdqu (%rsi), %xmm9
	movdqu (%rcx), %xmm0
	pxor %xmm9, %xmm0
	testl %r9d, %r9d
	jz .Lxts_one_dec
	rounds1 %rdi, aesenc, aesenclast
	jmp .Lxts_one_out
.Lxts_one_dec:
	leaq AES_CTX_DKEY(%rdi), %rax
	rounds1 %rax, aesdec, aesdeclast
.Lxts_one_out:
	pxor %xmm9, %xmm0
	movdqu %xmm0, (%rdx)
	movq (%rsi), %rax
	movq 8(%rsi), %r10
	movq %r10, %r11
	sarq $63, %r11
	andl $0x87, %r11d
	addq %rax, %rax
	adcq %r10, %r10
	xorq %r11, %rax
	movq %rax, (%rsi)
	movq %r10, 8(%rsi)
	xorl %eax, %eax
	xorl %r10d, %r10d
	pxor %xmm0, %xmm0
	pxor %xmm8, %xmm8
	pxor %xmm9, %xmm9
	ret
END (_bcry_aes_aesni_xts_crypt)

/* The OCB offsets of the N (%r8) blocks after ST->blkn (ST in %rsi) into
   the frame at (%rsp): Offset_i = Offset_i-1 ^ L[ntz(i)], with the block
   number public.  Updates ST's offset and blkn.  */
.macro ocb_offsets
	movdqu OCB_STATE_OFFSET(%rsi), %xmm10
	movq OCB_STATE_BLKN(%rsi), %rax
	movq OCB_STATE_L(%rsi), %r11
	xorl %r10d, %r10d
.Locb_offs\@:
	incq %rax
	bsfq %rax, %r9
	shlq $4, %r9
	movdqu (%r11,%r9), %xmm9
	pxor %xmm9, %xmm10
	movdqa %xmm10, (%rsp,%r10)
	addq $16, %r10
	decq %r8
	jnz .Locb_offs\@
	movq %rax, OCB_STATE_BLKN(%rsi)
	movdqu %xmm10, OCB_STATE_OFFSET(%rsi)
	shrq $4, %r10
	movq %r10, %r8
.endm

/* %r8 = the next group's count, min (the count left at 136(%rsp), 8),
   and that count less it.  */
.macro ocb_group
	movq 136(%rsp), %rax
	group8 %rax, %r8
	subq %r8, 136(%rsp)
.endm

/* %xmm10 ^= %xmm0 to %xmm(N-1).  */
.macro sum8 n
	pxor %xmm0, %xmm10
	.irp i, 1, 2, 3, 4, 5, 6, 7
	cmp $\i, \n
	jbe .Lsum8\@
	pxor %xmm\i, %xmm10
	.endr
.Lsum8\@:
.endm

/* Groups of eight from a block number that is a multiple of 8, as
   libgcrypt's AES-NI OCB does them: there the offsets of a group's
   blocks after O are O ^ L_0, ^ L_1, ^ L_0, ^ L_2, ^ L_0, ^ L_1, ^ L_0,
   ^ L_ntz(blkn + 8), one xor each from registers (%xmm11-%xmm13 L_0 to
   L_2), with no table walk a block.  The chain %xmm15 carries
   Offset ^ K_0, so that one xor adds offset and key 0 (SKIP0); the
   output's xor is folded into the last round, whose key for block I is
   Offset_I ^ K_last (%xmm14 = K_0 ^ K_last), at 16*I(%rsp).  MODE is
   enc, dec or auth; the count left is at 136(%rsp) (crypt) or in
   %rcx (auth), the data at %rcx (crypt) or %rdx (auth).  HASH (auth),
   which has no last-round keys to keep, takes each block's offset in
   two xors from the group's O instead, its terms in registers and in
   the frame's first slots: the chain put block I's first round I xors
   behind the group's start (doc/HACKING, AES-NI OCB's HASH).  */
.macro ocb_fast8 mode
	.ifc \mode, auth
	movq %rcx, %r8
	movq %rdi, %r9
	.else
	movq 136(%rsp), %r8
	.ifc \mode, enc
	movq %rdi, %r9
	.else
	leaq AES_CTX_DKEY(%rdi), %r9
	.endif
	.endif
	cmpq $8, %r8
	jb .Locbf_end\@
	testl $7, OCB_STATE_BLKN(%rsi)
	jnz .Locbf_end\@
	movl AES_CTX_ROUNDS(%rdi), %eax
	shll $4, %eax
	movdqu (%r9), %xmm15
	movdqu (%r9,%rax), %xmm14
	pxor %xmm15, %xmm14
	movdqu OCB_STATE_OFFSET(%rsi), %xmm9
	pxor %xmm9, %xmm15
	movq OCB_STATE_L(%rsi), %r11
	movdqu 0*16(%r11), %xmm11
	movdqu 1*16(%r11), %xmm12
	movdqu 2*16(%r11), %xmm13
	movdqu OCB_STATE_CHECKSUM(%rsi), %xmm10
	movq OCB_STATE_BLKN(%rsi), %r10
	.ifc \mode, auth
	/* The offsets of blocks 1, 3, 4 and 5 after O as one term each
	   from O (L_0 ^ L_1, L_1 ^ L_2, L_0 ^ L_1 ^ L_2, L_0 ^ L_2), in
	   the frame: a block's offset is then two xors from O, not a step
	   of a chain through the group.  */
	movdqa %xmm11, %xmm9
	pxor %xmm12, %xmm9
	movdqa %xmm9, 1*16(%rsp)
	pxor %xmm13, %xmm9
	movdqa %xmm9, 4*16(%rsp)
	movdqa %xmm12, %xmm9
	pxor %xmm13, %xmm9
	movdqa %xmm9, 3*16(%rsp)
	movdqa %xmm11, %xmm9
	pxor %xmm13, %xmm9
	movdqa %xmm9, 5*16(%rsp)
	.endif
.Locbf_loop\@:
	addq $8, %r10
	bsfq %r10, %rax
	shlq $4, %rax
	.ifc \mode, auth
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu \i*16(%rdx), %xmm\i
	.endr
	.else
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu \i*16(%rcx), %xmm\i
	.endr
	.endif
	.ifc \mode, enc
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor %xmm\i, %xmm10
	.endr
	.endif
	.ifc \mode, auth
	pxor %xmm15, %xmm0
	pxor %xmm11, %xmm0
	pxor %xmm15, %xmm2
	pxor %xmm12, %xmm2
	pxor %xmm15, %xmm6
	pxor %xmm13, %xmm6
	.irp i, 1, 3, 4, 5
	pxor %xmm15, %xmm\i
	pxor \i*16(%rsp), %xmm\i
	.endr
	movdqu (%r11,%rax), %xmm9
	pxor %xmm13, %xmm15
	pxor %xmm9, %xmm15
	pxor %xmm15, %xmm7
	.else
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	.if \i == 7
	movdqu (%r11,%rax), %xmm9
	pxor %xmm9, %xmm15
	.elseif \i == 3
	pxor %xmm13, %xmm15
	.elseif \i == 1 || \i == 5
	pxor %xmm12, %xmm15
	.else
	pxor %xmm11, %xmm15
	.endif
	pxor %xmm15, %xmm\i
	movdqa %xmm15, %xmm9
	pxor %xmm14, %xmm9
	movdqa %xmm9, \i*16(%rsp)
	.endr
	.endif
	.ifc \mode, dec
	rounds8 %r9, aesdec, aesdeclast, %rsp, 1
	.else
	.ifc \mode, enc
	rounds8 %r9, aesenc, aesenclast, %rsp, 1
	.else
	rounds8 %r9, aesenc, aesenclast, , 1
	.endif
	.endif
	.ifnc \mode, enc
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor %xmm\i, %xmm10
	.endr
	.endif
	.ifc \mode, auth
	addq $128, %rdx
	.else
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqu %xmm\i, \i*16(%rdx)
	.endr
	addq $128, %rcx
	addq $128, %rdx
	.endif
	subq $8, %r8
	cmpq $8, %r8
	jae .Locbf_loop\@
	movq %r10, OCB_STATE_BLKN(%rsi)
	movdqu (%r9), %xmm9
	pxor %xmm9, %xmm15
	movdqu %xmm15, OCB_STATE_OFFSET(%rsi)
	movdqu %xmm10, OCB_STATE_CHECKSUM(%rsi)
	.ifc \mode, auth
	movq %r8, %rcx
	.else
	movq %r8, 136(%rsp)
	.endif
.Locbf_end\@:
.endm

/* void _bcry_aes_aesni_ocb_crypt (const void *ctx, bulk_ocb_state_t *st,
                                   byte *out, const byte *in,
                                   size_t nblocks, int encrypt)
   C_i = Offset_i ^ E(P_i ^ Offset_i), the checksum over the plaintext;
   groups of eight, the count left at 136(%rsp).  */
ENTRY (_bcry_aes_aesni_ocb_crypt)
	frame_begin 144
	movl %r9d, 128(%rsp)
	movq %r8, 136(%rsp)
	testl %r9d, %r9d
	jz .Locb_fast_dec
	ocb_fast8 enc
	jmp .Locb_fast_done
.Locb_fast_dec:
	ocb_fast8 dec
.Locb_fast_done:
	cmpq $0, 136(%rsp)
	je .Locb_end
.Locb_loop:
	ocb_group
	ocb_offsets
	movdqu OCB_STATE_CHECKSUM(%rsi), %xmm10
	load8 %rcx, %r8
	cmpl $0, 128(%rsp)
	je .Locb_dec
	sum8 %r8
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor \i*16(%rsp), %xmm\i
	.endr
	rounds8n %rdi, aesenc, aesenclast, %r8
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor \i*16(%rsp), %xmm\i
	.endr
	jmp .Locb_out
.Locb_dec:
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor \i*16(%rsp), %xmm\i
	.endr
	leaq AES_CTX_DKEY(%rdi), %rax
	rounds8n %rax, aesdec, aesdeclast, %r8
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor \i*16(%rsp), %xmm\i
	.endr
	sum8 %r8
.Locb_out:
	movdqu %xmm10, OCB_STATE_CHECKSUM(%rsi)
	store8 %rdx, %r8
	shlq $4, %r8
	addq %r8, %rcx
	addq %r8, %rdx
	cmpq $0, 136(%rsp)
	jne .Locb_loop
.Locb_end:
	clear_xmm
	frame_end 144
	ret
END (_bcry_aes_aesni_ocb_crypt)

/* void _bcry_aes_aesni_ocb_auth (const void *ctx, bulk_ocb_state_t *st,
                                  const byte *abuf, size_t nblocks)
   Sum ^= E(A_i ^ Offset_i).  */
ENTRY (_bcry_aes_aesni_ocb_auth)
	frame_begin 144
	ocb_fast8 auth
	movq %rcx, 136(%rsp)
	testq %rcx, %rcx
	jz .Locb_auth_end
.Locb_auth_loop:
	ocb_group
	ocb_offsets
	load8 %rdx, %r8
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	pxor \i*16(%rsp), %xmm\i
	.endr
	rounds8n %rdi, aesenc, aesenclast, %r8
	movdqu OCB_STATE_CHECKSUM(%rsi), %xmm10
	sum8 %r8
	movdqu %xmm10, OCB_STATE_CHECKSUM(%rsi)
	shlq $4, %r8
	addq %r8, %rdx
	cmpq $0, 136(%rsp)
	jne .Locb_auth_loop
.Locb_auth_end:
	clear_xmm
	frame_end 144
	ret
END (_bcry_aes_aesni_ocb_auth)


/* The serial kernels keep round keys 1 to last in %xmm2-%xmm15 (14
   registers, AES-256's 14 rounds) and round key 0 in an aligned slot of
   the frame, at (%rsp).  */
.macro load_serial_keys key
	movdqu 0*16(\key), %xmm1
	movdqa %xmm1, (%rsp)
	movdqu 1*16(\key), %xmm2
	movdqu 2*16(\key), %xmm3
	movdqu 3*16(\key), %xmm4
	movdqu 4*16(\key), %xmm5
	movdqu 5*16(\key), %xmm6
	movdqu 6*16(\key), %xmm7
	movdqu 7*16(\key), %xmm8
	movdqu 8*16(\key), %xmm9
	movdqu 9*16(\key), %xmm10
	movdqu 10*16(\key), %xmm11
	cmpl $10, AES_CTX_ROUNDS(%rdi)
	je .Lsk\@
	movdqu 11*16(\key), %xmm12
	movdqu 12*16(\key), %xmm13
	cmpl $12, AES_CTX_ROUNDS(%rdi)
	je .Lsk\@
	movdqu 13*16(\key), %xmm14
	movdqu 14*16(\key), %xmm15
.Lsk\@:
.endm

/* The rounds after the first AddRoundKey on STATE, the last with LASTKEY
   (the last round key with whatever the caller folded into it); the
   count of rounds is in %r10d.  */
.macro serial_rounds state, lastkey
	aesenc %xmm2, \state
	aesenc %xmm3, \state
	aesenc %xmm4, \state
	aesenc %xmm5, \state
	aesenc %xmm6, \state
	aesenc %xmm7, \state
	aesenc %xmm8, \state
	aesenc %xmm9, \state
	aesenc %xmm10, \state
	cmpl $10, %r10d
	je .Lsr\@
	aesenc %xmm11, \state
	aesenc %xmm12, \state
	cmpl $12, %r10d
	je .Lsr\@
	aesenc %xmm13, \state
	aesenc %xmm14, \state
.Lsr\@:
	aesenclast \lastkey, \state
.endm

/* The last round key into DST: %xmm11, %xmm13 or %xmm15.  */
.macro last_key dst
	movdqa %xmm11, \dst
	cmpl $10, %r10d
	je .Llk\@
	movdqa %xmm13, \dst
	cmpl $12, %r10d
	je .Llk\@
	movdqa %xmm15, \dst
.Llk\@:
.endm

/* The serial kernels' frame: round key 0 at (%rsp), the last round
   key at 16(%rsp) and their XOR at 32(%rsp).  */
.macro serial_begin
	frame_begin 48
	movl AES_CTX_ROUNDS(%rdi), %r10d
	load_serial_keys %rdi
	last_key %xmm1
	movdqa %xmm1, 16(%rsp)
	pxor (%rsp), %xmm1
	movdqa %xmm1, 32(%rsp)
.endm

/* void _bcry_aes_aesni_cbc_enc (const void *ctx, byte *iv, byte *out,
                                 const byte *in, size_t nblocks,
                                 int cbc_mac)
   C_i = E(C_i-1 ^ P_i).  AESENCLAST's key is K_last ^ K_0 ^ P_i+1, so
   that it yields the next block's state after its first AddRoundKey and
   the chain is the round instructions alone; C_i is recovered off the
   chain.  After the last block P_n is taken as zero.  */
ENTRY (_bcry_aes_aesni_cbc_enc)
	serial_begin
	xorl %r11d, %r11d
	testl %r9d, %r9d
	setz %r11b
	shll $4, %r11d			/* Output stride: 0 for CBC-MAC.  */
	movdqu (%rsi), %xmm0
	movdqu (%rcx), %xmm1
	pxor %xmm1, %xmm0
	pxor (%rsp), %xmm0
.Lcbc_enc_loop:
	addq $16, %rcx
	movdqa 32(%rsp), %xmm1
	decq %r8
	jz .Lcbc_enc_last
	movdqu (%rcx), %xmm1
	pxor 32(%rsp), %xmm1
.Lcbc_enc_last:
	serial_rounds %xmm0, %xmm1
	pxor %xmm0, %xmm1
	pxor 16(%rsp), %xmm1
	movdqu %xmm1, (%rdx)
	addq %r11, %rdx
	testq %r8, %r8
	jnz .Lcbc_enc_loop
	movdqu %xmm1, (%rsi)
	clear_xmm
	frame_end 48
	ret
END (_bcry_aes_aesni_cbc_enc)

/* void _bcry_aes_aesni_cfb_enc (const void *ctx, byte *iv, byte *out,
                                 const byte *in, size_t nblocks)
   C_i = P_i ^ E(C_i-1): AESENCLAST's key is K_last ^ P_i ^ K_0, which
   gives C_i ^ K_0, the next state.  */
ENTRY (_bcry_aes_aesni_cfb_enc)
	serial_begin
	movdqu (%rsi), %xmm0
	pxor (%rsp), %xmm0
.Lcfb_enc_loop:
	movdqu (%rcx), %xmm1
	pxor 32(%rsp), %xmm1
	serial_rounds %xmm0, %xmm1
	movdqa %xmm0, %xmm1
	pxor (%rsp), %xmm1
	movdqu %xmm1, (%rdx)
	addq $16, %rcx
	addq $16, %rdx
	decq %r8
	jnz .Lcfb_enc_loop
	movdqu %xmm1, (%rsi)
	clear_xmm
	frame_end 48
	ret
END (_bcry_aes_aesni_cfb_enc)

/* void _bcry_aes_aesni_ofb_enc (const void *ctx, byte *iv, byte *out,
                                 const byte *in, size_t nblocks)
   O_i = E(O_i-1), C_i = P_i ^ O_i; AESENCLAST's key is K_last ^ K_0,
   from the aligned frame, which gives O_i ^ K_0, the next state.  */
ENTRY (_bcry_aes_aesni_ofb_enc)
	serial_begin
	movdqu (%rsi), %xmm0
	pxor (%rsp), %xmm0
.Lofb_enc_loop:
	serial_rounds %xmm0, 32(%rsp)
	movdqu (%rcx), %xmm1
	pxor %xmm0, %xmm1
	pxor (%rsp), %xmm1
	movdqu %xmm1, (%rdx)
	addq $16, %rcx
	addq $16, %rdx
	decq %r8
	jnz .Lofb_enc_loop
	pxor (%rsp), %xmm0
	movdqu %xmm0, (%rsi)
	clear_xmm
	frame_end 48
	ret
END (_bcry_aes_aesni_ofb_enc)

/* AESENC (or AESENCLAST, OP) with the round key at OFF(%rsp) on the
   MAC lane %xmm0 (LANES 0), the counter lane %xmm1 (1) or both (2).  */
.macro mround op, off, lanes
	.if \lanes != 1
	\op \off(%rsp), %xmm0
	.endif
	.if \lanes != 0
	\op \off(%rsp), %xmm1
	.endif
.endm

/* All rounds after the first AddRoundKey on LANES, with the schedule
   copied to the frame; with REGLAST the last round takes the MAC lane's
   key from %xmm3 and the counter lane's from %xmm4, where the caller
   has folded data into them.  */
.macro mrounds lanes, reglast=0
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
	mround aesenc, \r*16, \lanes
	.endr
	cmpl $10, AES_CTX_ROUNDS(%rdi)
	je .Lm10\@
	mround aesenc, 160, \lanes
	mround aesenc, 176, \lanes
	cmpl $12, AES_CTX_ROUNDS(%rdi)
	je .Lm12\@
	mround aesenc, 192, \lanes
	mround aesenc, 208, \lanes
	.if \reglast
	jmp .Lmlast\@
	.else
	mround aesenclast, 224, \lanes
	jmp .Lmend\@
	.endif
.Lm12\@:
	.if \reglast
	jmp .Lmlast\@
	.else
	mround aesenclast, 192, \lanes
	jmp .Lmend\@
	.endif
.Lm10\@:
	.if \reglast
.Lmlast\@:
	.if \lanes != 1
	aesenclast %xmm3, %xmm0
	.endif
	.if \lanes != 0
	aesenclast %xmm4, %xmm1
	.endif
	.else
	mround aesenclast, 160, \lanes
	.endif
.Lmend\@:
.endm

/* The counter block HI:LO (%rax:%r10, as numbers) into %xmm1 with the
   first AddRoundKey, and the counter advanced by one, carrying through
   all 128 bits.  */
.macro next_ctr
	movq %r10, %r11
	bswapq %r11
	movq %r11, %xmm2
	movq %rax, %r11
	bswapq %r11
	movq %r11, %xmm1
	punpcklqdq %xmm2, %xmm1
	pxor (%rsp), %xmm1
	addq $1, %r10
	adcq $0, %rax
.endm

/* void _bcry_aes_aesni_mac_ctr (const void *ctx, byte *mac, byte *ctr,
                                 byte *out, const byte *in, size_t nblocks,
                                 int mac_out)
   OUT_j = IN_j ^ E(CTR + j), MAC = E(MAC ^ X_j).  The counter lane runs
   one block ahead of the MAC lane: each pass runs the MAC of block j-1
   beside the counter of block j.  The counter lane's last round key is
   K_last ^ IN_j, which yields OUT_j; the MAC lane's is K_last ^ K_0,
   with IN_j folded in too when X_j is the input, so that it yields the
   next state directly; an output X_j (MAC_OUT, at 16(%rbp)) costs one
   XOR on the chain.  The frame holds the schedule, K_last at 240 and
   K_last ^ K_0 at 256.  */
ENTRY (_bcry_aes_aesni_mac_ctr)
	frame_begin 272
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
	movdqu \r*16(%rdi), %xmm1
	movdqa %xmm1, \r*16(%rsp)
	.endr
	movl AES_CTX_ROUNDS(%rdi), %r11d
	shll $4, %r11d
	movdqu (%rdi,%r11), %xmm1
	movdqa %xmm1, 240(%rsp)
	pxor (%rsp), %xmm1
	movdqa %xmm1, 256(%rsp)
	movq (%rdx), %rax
	bswapq %rax
	movq 8(%rdx), %r10
	bswapq %r10
	movdqu (%rsi), %xmm0
	cmpl $0, 16(%rbp)
	je .Lmac_ctr_in

	/* Block 0 on the counter lane alone, then X_0 into the MAC.  */
	next_ctr
	movdqu (%r8), %xmm2		/* Read before OUT_0 may replace it.  */
	movdqa %xmm2, %xmm4
	pxor 240(%rsp), %xmm4
	mrounds 1, 1
	movdqu %xmm1, (%rcx)
	cmpl $0, 16(%rbp)
	je .Lmac_ctr_x0
	movdqa %xmm1, %xmm2
.Lmac_ctr_x0:
	pxor %xmm2, %xmm0
	pxor (%rsp), %xmm0
.Lmac_ctr_loop:
	addq $16, %r8
	addq $16, %rcx
	decq %r9
	jz .Lmac_ctr_final
	next_ctr
	movdqu (%r8), %xmm4
	movdqa 256(%rsp), %xmm3
	cmpl $0, 16(%rbp)
	jne .Lmac_ctr_keys
	pxor %xmm4, %xmm3
.Lmac_ctr_keys:
	pxor 240(%rsp), %xmm4
	mrounds 2, 1
	movdqu %xmm1, (%rcx)
	cmpl $0, 16(%rbp)
	je .Lmac_ctr_loop
	pxor %xmm1, %xmm0
	jmp .Lmac_ctr_loop
.Lmac_ctr_final:
	/* The MAC of the last block alone.  */
	mrounds 0
.Lmac_ctr_done:
	movdqu %xmm0, (%rsi)
	bswapq %rax
	movq %rax, (%rdx)
	bswapq %r10
	movq %r10, 8(%rdx)
	clear_xmm
	frame_end 272
	ret
.Lmac_ctr_in:
	/* The MAC over the input: IN_j is there from the start, so block
	   j's MAC runs beside its own counter, one pass a block and none
	   after the last.  The MAC lane's state is MAC ^ IN_j ^ K_0, its
	   last round key K_last ^ K_0 ^ IN_j+1, or K_last ^ K_0 after the
	   last block.  */
	movdqu (%r8), %xmm2
	pxor %xmm2, %xmm0
	pxor (%rsp), %xmm0
.Lmac_ctr_in_loop:
	next_ctr
	movdqu (%r8), %xmm4
	pxor 240(%rsp), %xmm4
	movdqa 256(%rsp), %xmm3
	decq %r9
	jz .Lmac_ctr_in_last
	movdqu 16(%r8), %xmm5
	pxor %xmm5, %xmm3
.Lmac_ctr_in_last:
	mrounds 2, 1
	movdqu %xmm1, (%rcx)
	addq $16, %r8
	addq $16, %rcx
	testq %r9, %r9
	jnz .Lmac_ctr_in_loop
	pxor (%rsp), %xmm0
	jmp .Lmac_ctr_done
END (_bcry_aes_aesni_mac_ctr)

.section .rodata
.align 16
/* Added to the counter's last byte (PADDB) for lanes 1 to 7.  */
.irp i, 1, 2, 3, 4, 5, 6, 7
.Lctr_add_\i:
	.byte 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, \i
.endr
/* xts_mulx_xmm's mask: 0x87 where the high quadword's top bit folds
   back, 1 where the low one's carries.  */
.Lxts_mulx:
	.long 0x87, 0, 1, 0
/* Added to GCM-SIV's 32-bit counter (PADDD).  */
.irp i, 1, 2, 3, 4, 5, 6, 7
.Lctr32_add_\i:
	.long \i, 0, 0, 0
.endr

#endif /* USE_AES_AESNI */

GNU_STACK_NOTE
