/* aes-vaes-avx512-gcm.h - the stitched GCM and GCM-SIV kernel of AES
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One entry of cipher/aes-vaes-avx512-amd64.S, which includes this
 * twice, with its macros (see there): GCM_ENTRY, CTR as GCM_CTR_ENTRY
 * (ctr_enc or ctr32le_enc) with GHASH when GCM_PV is 0, and GCM-SIV's
 * counter with POLYVAL (RFC 8452) when it is 1.
 */

ENTRY (GCM_ENTRY)
	movq 8(%rsp), %r10
	testq %r9, %r9
	jz 63f
	cmpq $32, %r10
	jb 62f
	movq %rsi, %r11
	movq %rdx, %rsi
	movq %rcx, %rdx
	movq %r8, %rcx
	movq %r10, %r8
	KEYS (0)
#if GCM_PV
	vmovdqa64 .Laes_step4(%rip), GCM_STEP
#else
	vmovdqa64 .Laes_bswap128(%rip), GCM_BSWAP
	vmovdqa64 .Laes_step4_be(%rip), GCM_STEP
#endif
	VBCAST128 (%rsi), V(8)
	movq %r8, %rax
	andq $-32, %rax
#if GCM_PV
	vmovd %eax, %xmm11
	vpaddd %xmm11, %xmm8, %xmm10
	vmovdqu %xmm10, (%rsi)
	vpaddd .Laes_lanes(%rip), V(8), V(8)
#else
	vpshufb .Laes_bswap128(%rip), %xmm8, %xmm10
	vmovq %rax, %xmm11
	vpaddq %xmm11, %xmm10, %xmm10
	vpshufb .Laes_bswap128(%rip), %xmm10, %xmm10
	movzbl 15(%rsi), %r10d
	vmovdqu %xmm10, (%rsi)
	vpshufb .Laes_bswap128(%rip), V(8), V(8)
	vpaddq .Laes_lanes(%rip), V(8), V(8)
#endif
	/* %rax the schedule as KEYS (0) leaves it, for GCM_ROUNDM.  */
	movl AES_CTX_ROUNDS(%rdi), %eax
	shll $4, %eax
	leaq -224(%rdi, %rax), %rax
	/* V19 and V20 the low and high halves of the hash so far,
	   unreduced: Y in the high half reduces to itself.  */
	vmovdqu64 GHASH_STATE_Y(%r11), %xmm20
	vpshufb .Lghash_bswap128(%rip), %xmm20, %xmm20
	vpxord %xmm19, %xmm19, %xmm19
.align 16
61:
#if GCM_PV
	ROWS8 (GCM_CTR32_ROW, )
#else
	/* %r10b the last byte of the group's first counter.  */
	cmpb $(256-32), %r10b
	ja 4f
	vpshufb GCM_BSWAP, V(8), %zmm31
	ROWS8 (GCM_CTRBE_ROW, )
	vpaddq .Laes_gcm_step32(%rip), V(8), V(8)
	jmp 5f
4:	ROWS8 (GCM_CTR_ROW, )
	XOR8_K0
5:	addb $32, %r10b
#endif
	/* A row after each of rounds 5 to 12 in AES-128, 3 to 10 in
	   AES-192 and AES-256: started earlier, AES-256's longer rounds
	   hide more of the hash.  The previous group's reduction waits
	   until the multiplier has the first row's products to work on,
	   and only the last row, which adds the hash, needs it.  */
	cmpl $12, AES_CTX_ROUNDS(%rdi)
	jb 1f
	je 2f
	GCM_ROUNDM (1)
	GCM_ROUNDM (2)
2:	GCM_ROUNDM_HROW (3, 1, 1)
	GCM_REDUCE_PREV
	GCM_ROUNDM_HROW (4, 2, 0)
	GCM_ROUND_HROW (5, 3, 0)
	GCM_ROUND_HROW (6, 4, 0)
	GCM_ROUND_HROW (7, 5, 0)
	GCM_ROUND_HROW (8, 6, 0)
	GCM_ROUND_HROW (9, 7, 0)
	GCM_ROUND_HROW (10, 0, 0)
	GCM_HSUM
	ROUND8 (vaesenc, 11)
	ROUND8 (vaesenc, 12)
	jmp 3f
1:	GCM_ROUND_HROW (5, 1, 1)
	GCM_REDUCE_PREV
	GCM_ROUND_HROW (6, 2, 0)
	GCM_ROUND_HROW (7, 3, 0)
	GCM_ROUND_HROW (8, 4, 0)
	GCM_ROUND_HROW (9, 5, 0)
	GCM_ROUND_HROW (10, 6, 0)
	GCM_ROUND_HROW (11, 7, 0)
	GCM_ROUND_HROW (12, 0, 0)
	GCM_HSUM
3:	ROUND8 (vaesenc, 13)
	GCM_FOLD (10, 19, 14)
	GCM_FOLD (11, 20, 15)
	ROUND8 (vaesenclast, 14)
	XSTORE8_A (%rdx, %rcx)
	ADV (%rdx)
	ADV (%rcx)
	ADV (%r9)
	subq $32, %r8
	cmpq $32, %r8
	jae 61b
	GHASH_REDUCE_STORE (%r11, 19, 20, 14)
	CLEAR_ALL
	testq %r8, %r8
	jnz 64f
	ret
64:	movq %r8, %r10
	movq %rsi, %rax
	movq %r11, %rsi
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rax, %rdx
/* Fewer than 32 blocks: the hash first (IN may be HASH), then CTR.  */
62:
	pushq %rbp
	.cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
	pushq %r10
	subq $256+8, %rsp
	andq $-64, %rsp
	GHASH_ZMM_ANY (%rsi, %r9, %r10, %rsp, GCM_PV,
		       16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26)
	movq -8(%rbp), %r10
	movq %rbp, %rsp
	popq %rbp
	.cfi_def_cfa %rsp, 8; .cfi_restore %rbp
63:
	movq %rdx, %rsi
	movq %rcx, %rdx
	movq %r8, %rcx
	movq %r10, %r8
	jmp GCM_CTR_ENTRY
END (GCM_ENTRY)
