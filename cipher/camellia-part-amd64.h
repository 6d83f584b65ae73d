/* camellia-part-amd64.h - the entry points of a 16-register Camellia
 * kernel, for any block count
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The engines of camellia-simd-amd64.h with 16 vector registers work
 * on a fixed number of blocks, CAM_PART_W.  The bulk_impl_t contract
 * (src/cipher-proto.h) lets a kernel be called with any count from 1
 * to its width, so each entry point here takes a full call straight to
 * the fixed-width kernel (FULL (op)) and bounces a shorter run through
 * a buffer on the stack: the N blocks in, one fixed-width call on the
 * buffer, the N blocks out, the buffer wiped.  The chaining values
 * (counter, IV, tweak, OCB state) are then set to what they are after
 * N blocks, which is the definition of each mode: counter + N, the last
 * ciphertext block, T * x^N (IEEE 1619-2007), Offset_N and the checksum
 * of the N blocks (RFC 7253).  Only the addresses of the N blocks are
 * read or written.  OCB's HASH goes through the whitened pass with
 * offsets computed here, as the fixed-width kernel would add the
 * padding's blocks to the sum; GCM's hashes its N blocks with GHASH's
 * own routine and bounces through the fixed-width GCM kernel.
 *
 * The including file defines CAM_PART_W, FULL (op), the name of the
 * fixed-width kernel of OP, PUB (op), the name of the entry point, and
 * CAM_GCM when it has a GCM kernel; it may include this file once per
 * width, with #undef in between.
 */

/* The frame, offsets from %rsp: the arguments kept across the call,
   then two buffers of CAM_PART_W blocks, B1 only for whiten and OCB,
   so that the others wipe PART_FRAME0 bytes, not PART_FRAME.  */
#define PART_CTX 0
#define PART_OUT 8
#define PART_N 16
#define PART_ST 24
#define PART_ARG 32
#define PART_BLKN 40
#define PART_BLK 48
#define PART_BLK2 64
#define PART_B0 128
#define PART_B1 (128+16*CAM_PART_W)
#define PART_FRAME0 PART_B1
#define PART_FRAME (128+32*CAM_PART_W)

#ifndef CAM_PART_ONCE
# define CAM_PART_ONCE 1
/* A 32-byte aligned frame, %rbp the frame pointer.  */
# define PART_ENTER                                                     \
	pushq %rbp;                                                     \
	.cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;              \
	movq %rsp, %rbp;                                                \
	.cfi_def_cfa_register %rbp;                                     \
	subq $PART_FRAME, %rsp;                                         \
	andq $-32, %rsp
# define PART_LEAVE                                                     \
	movq %rbp, %rsp;                                                \
	popq %rbp;                                                      \
	.cfi_def_cfa %rsp, 8; .cfi_restore %rbp
/* %rcx bytes, a nonzero multiple of 16, from %rsi to %rdi, from the
   end, 32 bytes a step; clobbers %rcx, Y0.  Vector moves: REP MOVSB and
   STOSB took longer to start than the copies of a short run take
   (doc/HACKING, "Tuning notes").  */
# define PART_MOVE                                                      \
	testq $16, %rcx;                                                \
	jz 8f;                                                          \
	vmovdqu -16(%rsi, %rcx), %xmm0; vmovdqu %xmm0, -16(%rdi, %rcx); \
	subq $16, %rcx;                                                 \
	jz 9f;                                                          \
8:	vmovdqu -32(%rsi, %rcx), %ymm0; vmovdqu %ymm0, -32(%rdi, %rcx); \
	subq $32, %rcx;                                                 \
	jnz 8b;                                                         \
9:
/* Zeros over %rcx bytes, a nonzero multiple of 16, at %rdi; clobbers
   %rcx, Y0.  */
# define PART_CLEAR                                                     \
	vpxor %xmm0, %xmm0, %xmm0;                                      \
	testq $16, %rcx;                                                \
	jz 8f;                                                          \
	vmovdqu %xmm0, -16(%rdi, %rcx);                                 \
	subq $16, %rcx;                                                 \
	jz 9f;                                                          \
8:	vmovdqu %ymm0, -32(%rdi, %rcx);                                 \
	subq $32, %rcx;                                                 \
	jnz 8b;                                                         \
9:
/* BYTES (a register other than %rcx, or an immediate) from SRC to
   DST; clobbers %rdi, %rsi, %rcx, Y0.  */
# define PART_COPY(dst, src, bytes)                                     \
	leaq dst, %rdi; movq src, %rsi; movq bytes, %rcx; PART_MOVE
/* Zeros over BYTES at DST; clobbers %rdi, %rcx, Y0.  */
# define PART_ZERO(dst, bytes)                                          \
	leaq dst, %rdi; movl $(bytes), %ecx; PART_CLEAR
#endif

/* The N blocks of B0 out, the first BYTES of the frame wiped, the
   frame left; the general registers that held data cleared.  */
#define PART_RETURN_WIPE(bytes)                                         \
	movq PART_N(%rsp), %rcx; shlq $4, %rcx;                         \
	movq PART_OUT(%rsp), %rdi; leaq PART_B0(%rsp), %rsi;            \
	PART_MOVE;                                                      \
	PART_ZERO (0(%rsp), bytes);                                     \
	vzeroupper;                                                     \
	xorl %eax, %eax; xorl %edx, %edx; xorl %esi, %esi;              \
	xorl %r8d, %r8d;                                                \
	PART_LEAVE;                                                     \
	ret

#define PART_RETURN PART_RETURN_WIPE (PART_FRAME0)

/* Zeros over the blocks of BUF past the first N, so that the lanes a
   short run does not use compute on zeros, not on what an earlier
   call left on the stack (which also keeps memcheck from seeing every
   lane of a byte-sliced register as undefined); clobbers %rdi, %rcx,
   Y0, keeps %rax.  */
#define PART_TAIL(buf)                                                  \
	movq PART_N(%rsp), %rcx; shlq $4, %rcx;                         \
	leaq buf, %rdi; addq %rcx, %rdi;                                \
	negq %rcx; addq $(16*CAM_PART_W), %rcx;                         \
	PART_CLEAR

/* The N (%r8 or %rcx) blocks at SRC into B0, the rest zeros, N kept
   and 16 N in %rax.  */
#define PART_IN(src, n)                                                 \
	movq n, PART_N(%rsp); movq n, %rax; shlq $4, %rax;                    \
	PART_COPY (PART_B0(%rsp), src, %rax);                                 \
	PART_TAIL (PART_B0(%rsp))

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx N.  */
ENTRY (PUB (enc))
	cmpq $CAM_PART_W, %rcx
	jae FULL (enc)
	PART_ENTER
	movq %rdi, PART_CTX(%rsp); movq %rsi, PART_OUT(%rsp)
	PART_IN (%rdx, %rcx)
	movq PART_CTX(%rsp), %rdi; leaq PART_B0(%rsp), %rsi; movq %rsi, %rdx
	movl $CAM_PART_W, %ecx
	call FULL (enc)
	PART_RETURN
END (PUB (enc))

ENTRY (PUB (dec))
	cmpq $CAM_PART_W, %rcx
	jae FULL (dec)
	PART_ENTER
	movq %rdi, PART_CTX(%rsp); movq %rsi, PART_OUT(%rsp)
	PART_IN (%rdx, %rcx)
	movq PART_CTX(%rsp), %rdi; leaq PART_B0(%rsp), %rsi; movq %rsi, %rdx
	movl $CAM_PART_W, %ecx
	call FULL (dec)
	PART_RETURN
END (PUB (dec))

/* The kernels with a chaining block at %rsi: %rdi ctx, %rsi the block,
   %rdx out, %rcx in, %r8 N; the call of FULL (OP) on B0 in place,
   %r9d passed on.  */
#define PART_IV_CALL(op)                                                \
	movq PART_CTX(%rsp), %rdi; movq PART_ST(%rsp), %rsi;                        \
	leaq PART_B0(%rsp), %rdx; movq %rdx, %rcx; movl $CAM_PART_W, %r8d;    \
	movl PART_ARG(%rsp), %r9d;                                            \
	call FULL (op)
#define PART_IV_ENTER                                                   \
	PART_ENTER;                                                     \
	movq %rdi, PART_CTX(%rsp); movq %rsi, PART_ST(%rsp); movq %rdx, PART_OUT(%rsp);   \
	movl %r9d, PART_ARG(%rsp);                                            \
	PART_IN (%rcx, %r8)

/* CTR: the 128-bit big-endian counter + N.  The run does not wrap its
   low 64 bits (the contract of ctr_enc kernels); the padding's counters
   may, which only spoils blocks that are thrown away.  */
ENTRY (PUB (ctr_enc))
	cmpq $CAM_PART_W, %r8
	jae FULL (ctr_enc)
	PART_IV_ENTER
	movq PART_ST(%rsp), %rsi
	movq 8(%rsi), %rax; movq %rax, PART_BLK(%rsp)
	PART_IV_CALL (ctr_enc)
	movq PART_ST(%rsp), %rsi; movq PART_BLK(%rsp), %rax
	bswapq %rax; addq PART_N(%rsp), %rax; bswapq %rax
	movq %rax, 8(%rsi)
	PART_RETURN
END (PUB (ctr_enc))

/* GCM-SIV's counter: its first 32 bits, little-endian, + N.  */
ENTRY (PUB (ctr32le_enc))
	cmpq $CAM_PART_W, %r8
	jae FULL (ctr32le_enc)
	PART_IV_ENTER
	movq PART_ST(%rsp), %rsi
	movl (%rsi), %eax; movl %eax, PART_BLK(%rsp)
	PART_IV_CALL (ctr32le_enc)
	movq PART_ST(%rsp), %rsi; movl PART_BLK(%rsp), %eax
	addl PART_N(%rsp), %eax; movl %eax, (%rsi)
	PART_RETURN
END (PUB (ctr32le_enc))

/* CBC and CFB decryption: the next IV is the run's last ciphertext
   block, saved before the call decrypts B0 in place.  */
#define PART_NEXT_IV                                                    \
	movq PART_N(%rsp), %rax; shlq $4, %rax;                               \
	vmovdqu PART_B0-16(%rsp, %rax), %xmm0; vmovdqu %xmm0, PART_BLK(%rsp)
#define PART_SET_IV                                                     \
	movq PART_ST(%rsp), %rsi;                                             \
	vmovdqu PART_BLK(%rsp), %xmm0; vmovdqu %xmm0, (%rsi);                 \
	vpxor %xmm0, %xmm0, %xmm0

ENTRY (PUB (cbc_dec))
	cmpq $CAM_PART_W, %r8
	jae FULL (cbc_dec)
	PART_IV_ENTER
	PART_NEXT_IV
	PART_IV_CALL (cbc_dec)
	PART_SET_IV
	PART_RETURN
END (PUB (cbc_dec))

ENTRY (PUB (cfb_dec))
	cmpq $CAM_PART_W, %r8
	jae FULL (cfb_dec)
	PART_IV_ENTER
	PART_NEXT_IV
	PART_IV_CALL (cfb_dec)
	PART_SET_IV
	PART_RETURN
END (PUB (cfb_dec))

/* XTS: %r9d nonzero to encrypt; the tweak, a little-endian number,
   times x^N: each doubling shifts it left by one bit and folds the bit
   shifted out of bit 127 back as x^7 + x^2 + x + 1 (0x87), by a mask,
   not a branch.  */
ENTRY (PUB (xts_crypt))
	cmpq $CAM_PART_W, %r8
	jae FULL (xts_crypt)
	PART_IV_ENTER
	movq PART_ST(%rsp), %rsi
	vmovdqu (%rsi), %xmm0; vmovdqu %xmm0, PART_BLK(%rsp)
	PART_IV_CALL (xts_crypt)
	movq PART_BLK(%rsp), %rax; movq PART_BLK+8(%rsp), %rdx; movq PART_N(%rsp), %rcx
1:	movq %rdx, %r8; sarq $63, %r8; andl $0x87, %r8d
	shldq $1, %rax, %rdx; addq %rax, %rax; xorq %r8, %rax
	subq $1, %rcx
	jnz 1b
	movq PART_ST(%rsp), %rsi; movq %rax, (%rsi); movq %rdx, 8(%rsi)
	xorl %eax, %eax
	vpxor %xmm0, %xmm0, %xmm0
	PART_RETURN
END (PUB (xts_crypt))

/* OCB (RFC 7253): X0 = the offset at %rsi (a bulk_ocb_state_t) moved on
   by the N blocks after its blkn, blkn += N, each offset also stored in
   B1; L_ntz(i) comes from the state's table.  Block numbers are
   public, and so are the addresses they select.  Clobbers %rax, %rcx,
   %rdx, %r8, %r9.  */
#define PART_OCB_OFFSETS                                                \
	vmovdqu OCB_STATE_OFFSET(%rsi), %xmm0;                          \
	movq OCB_STATE_BLKN(%rsi), %rax; movq OCB_STATE_L(%rsi), %r9;   \
	movq PART_N(%rsp), %rcx; leaq PART_B1(%rsp), %rdx;              \
1:	addq $1, %rax; xorl %r8d, %r8d; bsfq %rax, %r8; shlq $4, %r8;   \
	vpxor (%r9, %r8), %xmm0, %xmm0; vmovdqu %xmm0, (%rdx);          \
	addq $16, %rdx; subq $1, %rcx;                                  \
	jnz 1b;                                                         \
	vmovdqu %xmm0, OCB_STATE_OFFSET(%rsi);                          \
	movq %rax, OCB_STATE_BLKN(%rsi)
/* X1 ^= the N blocks at P; clobbers %rax, %rcx.  */
#define PART_SUM(p)                                                     \
	leaq p, %rax; movq PART_N(%rsp), %rcx;                                \
1:	vpxor (%rax), %xmm1, %xmm1; addq $16, %rax; subq $1, %rcx;      \
	jnz 1b

/* OCB: %r9d nonzero to encrypt.  The padding is zero blocks, which add
   nothing to the plaintext's checksum when encrypting; decrypting, the
   checksum is summed again from the N blocks kept.  The offset and
   blkn are those before the call, moved on by N.  */
ENTRY (PUB (ocb_crypt))
	cmpq $CAM_PART_W, %r8
	jae FULL (ocb_crypt)
	PART_ENTER
	movq %rdi, PART_CTX(%rsp); movq %rsi, PART_ST(%rsp); movq %rdx, PART_OUT(%rsp)
	movl %r9d, PART_ARG(%rsp); movq %rcx, %r11
	PART_ZERO (PART_B0(%rsp), 16*CAM_PART_W)
	PART_IN (%r11, %r8)
	movq PART_ST(%rsp), %rsi
	vmovdqu OCB_STATE_OFFSET(%rsi), %xmm0; vmovdqu %xmm0, PART_BLK(%rsp)
	vmovdqu OCB_STATE_CHECKSUM(%rsi), %xmm0; vmovdqu %xmm0, PART_BLK2(%rsp)
	movq OCB_STATE_BLKN(%rsi), %rax; movq %rax, PART_BLKN(%rsp)
	PART_IV_CALL (ocb_crypt)
	movq PART_ST(%rsp), %rsi
	vmovdqu PART_BLK(%rsp), %xmm0; vmovdqu %xmm0, OCB_STATE_OFFSET(%rsi)
	movq PART_BLKN(%rsp), %rax; movq %rax, OCB_STATE_BLKN(%rsi)
	PART_OCB_OFFSETS
	cmpl $0, PART_ARG(%rsp)
	jne 2f
	vmovdqu PART_BLK2(%rsp), %xmm1
	PART_SUM (PART_B0(%rsp))
	vmovdqu %xmm1, OCB_STATE_CHECKSUM(%rsi)
2:	vpxor %xmm0, %xmm0, %xmm0; vpxor %xmm1, %xmm1, %xmm1
	PART_RETURN_WIPE (PART_FRAME)
END (PUB (ocb_crypt))

/* OCB's HASH: %rdi ctx, %rsi the bulk_ocb_state_t, %rdx the data,
   %rcx N.  Sum ^= E(A_i ^ Offset_i) over the N blocks: the offsets in
   B1, the whitened pass on B0, then the sum.  */
ENTRY (PUB (ocb_auth))
	cmpq $CAM_PART_W, %rcx
	jae FULL (ocb_auth)
	PART_ENTER
	movq %rdi, PART_CTX(%rsp); movq %rsi, PART_ST(%rsp)
	movq %rcx, %r8
	PART_IN (%rdx, %r8)
	movq PART_ST(%rsp), %rsi
	PART_OCB_OFFSETS
	PART_TAIL (PART_B1(%rsp))
	movq PART_CTX(%rsp), %rdi; leaq PART_B0(%rsp), %rsi; movq %rsi, %rdx
	leaq PART_B1(%rsp), %rcx; movl $CAM_PART_W, %r8d
	movl $3, %r9d	/* BULK_WHITEN_ENCRYPT | BULK_WHITEN_ONCE */
	call FULL (whiten)
	movq PART_ST(%rsp), %rsi
	vmovdqu OCB_STATE_CHECKSUM(%rsi), %xmm1
	PART_SUM (PART_B0(%rsp))
	vmovdqu %xmm1, OCB_STATE_CHECKSUM(%rsi)
	vpxor %xmm0, %xmm0, %xmm0; vpxor %xmm1, %xmm1, %xmm1
	PART_ZERO (0(%rsp), PART_FRAME)
	vzeroupper
	xorl %edx, %edx; xorl %esi, %esi
	PART_LEAVE
	ret
END (PUB (ocb_auth))

/* OUT = E(IN ^ W) ^ W: %rdi ctx, %rsi out, %rdx in, %rcx W, %r8 N,
   %r9d the flags; IN in B0, W in B1.  */
ENTRY (PUB (whiten))
	cmpq $CAM_PART_W, %r8
	jae FULL (whiten)
	PART_ENTER
	movq %rdi, PART_CTX(%rsp); movq %rsi, PART_OUT(%rsp); movl %r9d, PART_ARG(%rsp)
	movq %rcx, %r11
	PART_IN (%rdx, %r8)
	PART_COPY (PART_B1(%rsp), %r11, %rax)
	PART_TAIL (PART_B1(%rsp))
	movq PART_CTX(%rsp), %rdi; leaq PART_B0(%rsp), %rsi; movq %rsi, %rdx
	leaq PART_B1(%rsp), %rcx; movl $CAM_PART_W, %r8d; movl PART_ARG(%rsp), %r9d
	call FULL (whiten)
	PART_RETURN_WIPE (PART_FRAME)
END (PUB (whiten))

#ifdef CAM_GCM
/* GCM's CTR and GHASH: %rdi ctx, %rsi the ghash_state_t, %rdx the
   counter, %rcx out, %r8 in, %r9 the blocks to hash (or NULL), N on
   the stack (CAM16_GCM_CALL).  A shorter run hashes its N blocks with
   GHASH's own routine (_bcry_ghash_blocks, cipher/ghash.c), then goes
   through the fixed-width GCM kernel with nothing to hash, the counter
   + N as for CTR.  So the last run of a message executes the code of
   the runs before it: through the CTR kernel's, or hashed there with
   GHASH_YMM8 eight blocks a reduction, it measured slower (doc/HACKING,
   "Tuning notes").  The frame keeps GHASH's state pointer at
   PART_BLKN and IN at PART_BLK2.  */
ENTRY (PUB (gcm_crypt))
	cmpq $CAM_PART_W, 8(%rsp)
	jae FULL (gcm_crypt)
	PART_ENTER
	movq %rdi, PART_CTX(%rsp); movq %rsi, PART_BLKN(%rsp)
	movq %rdx, PART_ST(%rsp); movq %rcx, PART_OUT(%rsp)
	movq %r8, PART_BLK2(%rsp)
	movq 16(%rbp), %rdx; movq %rdx, PART_N(%rsp)
	testq %r9, %r9
	jz 1f
	movq %rsi, %rdi; movq %r9, %rsi
	call _bcry_ghash_blocks
1:	movq PART_BLK2(%rsp), %rdx; movq PART_N(%rsp), %r8
	PART_IN (%rdx, %r8)
	movq PART_ST(%rsp), %rdx
	movq 8(%rdx), %rax; movq %rax, PART_BLK(%rsp)
	movq PART_CTX(%rsp), %rdi; movq PART_BLKN(%rsp), %rsi
	leaq PART_B0(%rsp), %rcx; movq %rcx, %r8; xorl %r9d, %r9d
	call FULL (gcm_crypt)
	movq PART_ST(%rsp), %rsi; movq PART_BLK(%rsp), %rax
	bswapq %rax; addq PART_N(%rsp), %rax; bswapq %rax
	movq %rax, 8(%rsi)
	PART_RETURN
END (PUB (gcm_crypt))
#endif
