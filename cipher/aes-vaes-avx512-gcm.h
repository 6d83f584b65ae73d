/* aes-vaes-avx512-gcm.h - the stitched GCM and GCM-SIV kernel of AES
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One entry of cipher/aes-vaes-avx512-amd64.S, which includes this
 * twice, with its macros (see there): GCM_ENTRY, CTR as GCM_CTR_ENTRY
 * (ctr_enc or ctr32le_enc) with GHASH when GCM_PV is 0, and GCM-SIV's
 * counter with POLYVAL (RFC 8452) when it is 1; GCM_HASH its local
 * hash of any count.
 */

/* Local: the state at %rsi absorbs the %r10 blocks at %r9; clobbers
   %r9, %r10, %rax, %r11, %k1, %k2 and V16-V26, and keeps the other
   argument registers.  */
.align 16
GCM_HASH:
	CFI_STARTPROC ()
	GHASH_ZMM_ANY (%rsi, %r9, %r10, %rax, %r11, GCM_PV,
		       16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26)
	ret
	CFI_ENDPROC ()
ELF (.size GCM_HASH, . - GCM_HASH)

ENTRY (GCM_ENTRY)
	movq 8(%rsp), %r10
	cmpq $BULK_GCM_HASH_OUT_ADDR, %r9
	je 66f
	testq %r9, %r9
	jz 63f
	cmpq $32, %r10
	jb 62f
60:	movq %rsi, %r11
	movq %rdx, %rsi
	movq %rcx, %rdx
	movq %r8, %rcx
	movq %r10, %r8
	KEYS (0)
	VBCAST128 (%rsi), V(8)
	/* The counter after the blocks the loop takes: all of them when
	   it hashes its own output (its last group masked), else the
	   whole groups.  */
	movq %r8, %rax
	cmpq $BULK_GCM_HASH_OUT_ADDR, %r9
	je 1f
	andq $-32, %rax
1:
#if GCM_PV
	vmovd %eax, %xmm11
	vpaddd %xmm11, %xmm8, %xmm10
	vmovdqu %xmm10, (%rsi)
	vpaddd .Laes_lanes(%rip), V(8), V(8)
	xorl %r10d, %r10d
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
	/* Hashing its own output, the call encrypts its first group
	   alone, and each group after hashes the one before it; %r10's
	   bit 8 says so (its low byte is GCM's counter byte).  */
	cmpq $BULK_GCM_HASH_OUT_ADDR, %r9
	jne 2f
	orl $256, %r10d
	ROWS8 (GCM_FIRST_ROW, )
	call GCM_FIRST_CORE
	XSTORE8_A (%rdx, %rcx)
	movq %rdx, %r9
	ADV (%rdx)
	ADV (%rcx)
	subq $32, %r8
#if !GCM_PV
	addb $32, %r10b
#endif
2:
#if GCM_PV
	vmovdqa64 .Laes_step4(%rip), GCM_STEP
#else
	vmovdqa64 .Laes_bswap128(%rip), GCM_BSWAP
	vmovdqa64 .Laes_step4_be(%rip), GCM_STEP
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
	testq %r8, %r8
	jz 67f
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
	cmpq $32, %r8
	jb 65f
	XSTORE8_A (%rdx, %rcx)
	ADV (%rdx)
	ADV (%rcx)
	ADV (%r9)
	subq $32, %r8
	cmpq $32, %r8
	jae 61b
	testl $256, %r10d
	jz 68f
	testq %r8, %r8
	jnz 61b
/* The last group's hash alone, as the loop hashes a group.  */
67:	xorl %r10d, %r10d
	GCM_HROW_R (1, 1)
	GCM_REDUCE_PREV
	GCM_HROW_R (2, 0)
	GCM_HROW_R (3, 0)
	GCM_HROW_R (4, 0)
	GCM_HROW_R (5, 0)
	GCM_HROW_R (6, 0)
	GCM_HROW_R (7, 0)
	GCM_HROW_R (0, 0)
/* The sums into the state; then CTR on the %r10 blocks left, if any.  */
77:	GCM_HSUM
	GCM_FOLD (10, 19, 14)
	GCM_FOLD (11, 20, 15)
	GHASH_REDUCE_STORE (%r11, 19, 20, 14)
	CLEAR_ALL
	testq %r10, %r10
	jnz 64f
	ret
/* Decrypting, the rest after the groups: hashed as below, then CTR.  */
68:	testq %r8, %r8
	jz 78f
	SET_NB (%r8)
	movq %r8, %r10
	jmp 79f
/* The last, shorter group of a call that hashes its own output (its
   rounds hashed the group before it), then its own N blocks.  N
   blocks are hashed as a group is against the last N of the 32
   powers, which begin 16 * (32 - N) bytes into the table: a row past
   the N blocks reads powers that multiply zeros, and one that holds
   none is left out.  */
65:	SET_NB (%r8)
	XSTORE8_M (%rdx, %rcx)
	movq %rdx, %r9
	xorl %r10d, %r10d
79:	movq %r8, %rax
	shlq $4, %rax
	negq %rax
	leaq 512(%r11, %rax), %rax
	vpxord %xmm10, %xmm10, %xmm10
	vpxord %xmm11, %xmm11, %xmm11
	vpxord %xmm12, %xmm12, %xmm12
	GCM_HROW_TAIL (1)
	GCM_HROW_TAIL (2)
	GCM_HROW_TAIL (3)
	GCM_HROW_TAIL (4)
	GCM_HROW_TAIL (5)
	GCM_HROW_TAIL (6)
	GCM_HROW_TAIL (7)
76:	GCM_REDUCE_PREV
	MASK (0)
	GCM_HROW_M (0, GHASH_STATE_POW32(%rax), GHASH_STATE_MID32(%rax),
		    0, {%k1}{z})
	jmp 77b
78:	GHASH_REDUCE_STORE (%r11, 19, 20, 14)
	CLEAR_ALL
	ret
/* CTR's registers are as the loop left them.  */
64:	jmp GCM_CTR_ENTRY
/* Fewer than 32 blocks: the hash first (IN may be HASH), then CTR.  */
62:	pushq %r10
	.cfi_adjust_cfa_offset 8
	call GCM_HASH
	popq %r10
	.cfi_adjust_cfa_offset -8
63:	movq %rdx, %rsi
	movq %rcx, %rdx
	movq %r8, %rcx
	movq %r10, %r8
	jmp GCM_CTR_ENTRY
/* Hashing its own output, a call of fewer than 32 blocks encrypts
   them, then hashes them.  */
66:	cmpq $32, %r10
	jae 60b
	pushq %rsi
	.cfi_adjust_cfa_offset 8
	pushq %rcx
	.cfi_adjust_cfa_offset 8
	pushq %r10
	.cfi_adjust_cfa_offset 8
	movq %rdx, %rsi
	movq %rcx, %rdx
	movq %r8, %rcx
	movq %r10, %r8
	call GCM_CTR_ENTRY
	popq %r10
	.cfi_adjust_cfa_offset -8
	popq %r9
	.cfi_adjust_cfa_offset -8
	popq %rsi
	.cfi_adjust_cfa_offset -8
	call GCM_HASH
	CLEAR_ALL
	ret
END (GCM_ENTRY)
