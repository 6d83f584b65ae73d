/* camellia-simd-entry-amd64.h - the fixed-width kernels of a
 * 16-register Camellia kernel file
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The kernels of camellia-simd-amd64.h's 16-register engine for one
 * width, as plain assembly: ECB, CTR, GCM-SIV's counter, CBC and CFB
 * decryption, the whitened pass, XTS and OCB, each on exactly
 * CAM_BLOCKS blocks, and with CAM_GCM GCM's CTR with GHASH between the
 * rounds.  The algorithm and the layout are described in
 * camellia-simd-amd64.h.  The including file includes that header,
 * then defines CAM_S (the engine's streams, 1 or 2), CAM_BLOCKS (CAM_S
 * * CAM_W), FULL (op), PUB (op) and LOCAL (op), the names of the
 * fixed-width kernels, of the entry points (camellia-part-amd64.h) and
 * of the file's local routines.
 */

#define CAM_PASTE(a, b) CAM_PASTE_ (a, b)
#define CAM_PASTE_(a, b) a##b
/* M with its arguments macro-expanded, for the macros that paste them.  */
#define CAM_CALL(m, ...) m (__VA_ARGS__)
/* The engine and the row walkers for CAM_S streams.  */
#define CAM_CRYPT CAM_PASTE (CAMELLIA_CRYPT16_, CAM_S)
#define CAM_ROWS CAM_PASTE (CAM16_ROWS_, CAM_S)
#define CAM_ROWS1 CAM_PASTE (CAM16_ROWS1_, CAM_S)
/* A local label of this width.  */
#define CAM_LBL(x) CAM_LBL_ (x, CAM_BLOCKS)
#define CAM_LBL_(x, w) CAM_LBL__ (x, w)
#define CAM_LBL__(x, w) .Lcam16_##x##_##w

/* The local routines PFX_enc and PFX_dec run the cipher on the CAM_W
   blocks at %rdx into %rsi, xored with the blocks at %rcx (XSRC)
   unless %rcx is zero (with %rsi zero, nothing is stored and X1 comes
   back with the xor of the blocks, see STREAM16_SUM), and PFX_enc_x
   and PFX_dec_x the same with the input xored with the blocks at %rax
   first.  PFX_enc_o, PFX_hash_o and PFX_dec_o take the OCB table at
   %rax (CAM16_OCB_START) instead of %rax and %rcx; PFX_enc_o adds the
   plaintext's checksum to the bulk_ocb_state_t at %r11, PFX_dec_o
   leaves it in X1.  They all keep every general register but KEY,
   NGROUPS, %r10 and (_o) %rcx, and leave data in the vector registers.
   Then the kernels FULL (op), with the arguments of the bulk_impl_t
   kernels (cipher-proto.h), for camellia-part-amd64.h's entry
   points.  */
#define ENG_NAME LOCAL (enc)
#define ENG_D 1
#define ENG_L CAM_LBL (enc)
#define ENG_HOOK NO_HOOK
#include "camellia-simd-engine-amd64.h"
#undef ENG_NAME
#undef ENG_D
#undef ENG_L
#define ENG_NAME LOCAL (dec)
#define ENG_D -1
#define ENG_L CAM_LBL (dec)
#include "camellia-simd-engine-amd64.h"
#undef ENG_NAME
#undef ENG_D
#undef ENG_L
#undef ENG_HOOK
CAM16_LOCAL (LOCAL (enc_x),
	CAM_CALL (CAM_PASTE (CAM_CRYPT, X), 1, CAM_LBL (enc), %rdx, %rax))
CAM16_LOCAL (LOCAL (dec_x),
	CAM_CALL (CAM_PASTE (CAM_CRYPT, X), -1, CAM_LBL (dec), %rdx, %rax))
#if CAM_W == 32
/* PFX_enc_c and PFX_enc_c32: PFX_enc on CTR's and on GCM-SIV's counters
   from the one at %rax.  */
CAM16_LOCAL (LOCAL (enc_c),
	CAM_CALL (CAM_PASTE (CAM_CRYPT, C), 1, CAM_LBL (enc), _c,
				 CAM16_CTR_SLICED, %rax, 0))
CAM16_LOCAL (LOCAL (enc_c32),
	CAM_CALL (CAM_PASTE (CAM_CRYPT, C), 1, CAM_LBL (enc), _c32,
				 CAM16_CTR32LE_SLICED, %rax, 0))
#endif
CAM16_LOCAL (LOCAL (enc_o),
	CAM_CALL (CAM_PASTE (CAM_CRYPT, O), 1, CAM_LBL (enc), _o, %rdx, 1))
CAM16_LOCAL (LOCAL (hash_o),
	CAM_CALL (CAM_PASTE (CAM_CRYPT, O), 1, CAM_LBL (enc), _h, %rdx, 0))
CAM16_LOCAL (LOCAL (dec_o),
	CAM_CALL (CAM_PASTE (CAM_CRYPT, O), -1, CAM_LBL (dec), _o, %rdx, 0))

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count (not
   read).  */
ENTRY (FULL (enc))
	xorl %ecx, %ecx
	call LOCAL (enc)
	vzeroall
	ret
END (FULL (enc))
ENTRY (FULL (dec))
	xorl %ecx, %ecx
	call LOCAL (dec)
	vzeroall
	ret
END (FULL (dec))

/* CTR: %rdi ctx, %rsi the 128-bit big-endian counter, %rdx out, %rcx
   in.  The low 64 bits do not wrap within the run (the contract of
   ctr_enc kernels), so they count alone.  */
ENTRY (FULL (ctr_enc))
#if CAM_W == 32
/* The counters from registers unless their low 16 bits wrap.  */
	movzwl 14(%rsi), %eax; rolw $8, %ax
	CAM_CTR_WRAPS (%eax, CAM_BLOCKS, CAM_LBL (ctr_rows))
	movq %rsi, %rax; movq %rdx, %rsi
	call LOCAL (enc_c)
	CAM_CTR_ADVANCE (%rax, %rdx, CAM_BLOCKS)
	vzeroall
	ret
CAM_LBL (ctr_rows):
#endif
	CAM16_ENTER (1, CAM_S)
	movq %rsi, %rax; movq %rdx, %r11
	CAM_CALL (CAM16_CTR_ROWS, CAM_S)
	movq %rsp, %rdx; movq %r11, %rsi
	call LOCAL (enc)
	CAM16_LEAVE_PUBLIC
	ret
END (FULL (ctr_enc))

/* GCM-SIV's counter (RFC 8452): as CTR, the first 32 bits at %rsi a
   little-endian counter that wraps.  */
ENTRY (FULL (ctr32le_enc))
#if CAM_W == 32
	movzwl (%rsi), %eax
	CAM_CTR_WRAPS (%eax, CAM_BLOCKS, CAM_LBL (ctr32_rows))
	movq %rsi, %rax; movq %rdx, %rsi
	call LOCAL (enc_c32)
	addl $CAM_BLOCKS, (%rax)
	vzeroall
	ret
CAM_LBL (ctr32_rows):
#endif
	CAM16_ENTER (1, CAM_S)
	movq %rsi, %rax; movq %rdx, %r11
	VBCAST128 ((%rax), V(0))
	vpaddd .Lcam16_lanes32(%rip), V(0), V(0)
	vmovdqa .Lcam16_step32(%rip), V(1)
	CAM_ROWS (CAM16_CTR32_ROW)
	vmovdqu X(0), (%rax)
	movq %rsp, %rdx; movq %r11, %rsi
	call LOCAL (enc)
	CAM16_LEAVE_PUBLIC
	ret
END (FULL (ctr32le_enc))

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in.  The blocks the output is xored with (IV,
   C_0 ... C_(CAM_W-2)) are staged, so that in place the cipher may
   overwrite them; the cipher reads all its input first.  */
ENTRY (FULL (cbc_dec))
	CAM16_ENTER (1, CAM_S)
	ROW0_PREV ((%rsi), (%rcx), 0); vmovdqa V(0), ROW (0, %rsp)
	CAM_ROWS1 (CAM16_PREV_ROW)
	vmovdqu (16*CAM_W*(CAM_S)-16)(%rcx), X(0); vmovdqu X(0), (%rsi)
	movq %rdx, %rsi; movq %rcx, %rdx; movq %rsp, %rcx
	call LOCAL (dec)
	CAM16_LEAVE_PUBLIC
	ret
END (FULL (cbc_dec))

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in.  The keystream is E(IV, C_0 ...
   C_(CAM_W-2)), staged before anything is written.  */
ENTRY (FULL (cfb_dec))
	CAM16_ENTER (1, CAM_S)
	movq %rsi, %rax; movq %rdx, %r11
	ROW0_PREV ((%rax), (%rcx), 0); vmovdqa V(0), ROW (0, %rsp)
	CAM_ROWS1 (CAM16_PREV_ROW)
	vmovdqu (16*CAM_W*(CAM_S)-16)(%rcx), X(0); vmovdqu X(0), (%rax)
	movq %rsp, %rdx; movq %r11, %rsi
	call LOCAL (enc)
	CAM16_LEAVE_PUBLIC
	ret
END (FULL (cfb_dec))

/* OUT = E(IN ^ W) ^ W, D with bit 0 of FLAGS clear, without the second
   xor with bit 1 set (BULK_WHITEN_*): %rdi ctx, %rsi out, %rdx in,
   %rcx W, %r8 the block count (not read), %r9d FLAGS.  */
ENTRY (FULL (whiten))
	movq %rcx, %rax
	testl $2, %r9d
	jz 1f
	xorl %ecx, %ecx
1:	testl $1, %r9d
	jz 2f
	call LOCAL (enc_x)
	jmp 3f
2:	call LOCAL (dec_x)
3:	vzeroall
	ret
END (FULL (whiten))
/* XTS: %rdi ctx, %rsi the tweak (a little-endian number, advanced to
   T * x^CAM_W), %rdx out, %rcx in, %r8 the block count (not read),
   %r9d nonzero to encrypt.  */
ENTRY (FULL (xts_crypt))
	CAM16_ENTER (1, CAM_S)
	movq %rdx, %r11
	CAM16_XTS_NEXT (CAM_S)
	CAM16_XTS_FIRST_ROW
	CAM_ROWS (CAM16_XTS_ROW)
	movq %rcx, %rdx; movq %r11, %rsi
	movq %rsp, %rax; movq %rsp, %rcx
	testl %r9d, %r9d
	jz 1f
	call LOCAL (enc_x)
	jmp 2f
1:	call LOCAL (dec_x)
2:	CAM16_LEAVE (1, CAM_S)
	ret
END (FULL (xts_crypt))
/* OCB: %rdi ctx, %rsi the bulk_ocb_state_t, %rdx out, %rcx in, %r8
   the block count (not read), %r9d nonzero to encrypt.  The checksum
   is over the plaintext: the input when encrypting, the output when
   decrypting.  From a block number that is a multiple of W the cipher
   computes the offsets (labels 1 and 2), otherwise they are staged
   (3 to 5); see CAM16_OCB_OFFSETS.  */
ENTRY (FULL (ocb_crypt))
	CAM16_ENTER (1, CAM_S)
	movq %rdx, %r11
	movq OCB_STATE_BLKN(%rsi), %rax; movq OCB_STATE_L(%rsi), %r10
	testl $CAM_BLOCKS-1, %eax
	jnz 3f
	CAM16_OCB_START (CAM_BLOCKS, CAM_S, %rcx, R9)
	movq %rsi, %rax; movq %r11, %rsi; movq %rax, %r11
	movq %rcx, %rdx; movq %rsp, %rax
	testl %r9d, %r9d
	jz 1f
	call LOCAL (enc_o)
	jmp 2f
1:	call LOCAL (dec_o)
	vpxor OCB_STATE_CHECKSUM(%r11), X(1), X(1); vmovdqu X(1), OCB_STATE_CHECKSUM(%r11)
2:	CAM16_OCB_LEAVE (CAM_S)
	ret
3:	CAM_CALL (CAM16_OCB_OFFSETS, CAM_BLOCKS)
	movq %rsi, %rax; movq %r11, %rsi; movq %rax, %r11
	movq %rcx, %rdx; movq %rsp, %rax; movq %rsp, %rcx
	testl %r9d, %r9d
	jz 4f
	vpxor V(1), V(1), V(1)
	CAM_ROWS (CAM16_SUM_IN_ROW)
	CAM16_SUM_OUT (OCB_STATE_CHECKSUM(%r11))
	call LOCAL (enc_x)
	jmp 5f
4:	call LOCAL (dec_x)
	vpxor V(1), V(1), V(1)
	CAM_ROWS (CAM16_SUM_ROW)
	CAM16_SUM_OUT (OCB_STATE_CHECKSUM(%r11))
5:	CAM16_LEAVE (1, CAM_S)
	ret
END (FULL (ocb_crypt))
/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the bulk_ocb_state_t
   (its checksum the sum), %rdx the data, %rcx the block count (not
   read).  The blocks go over their offsets, computed in the cipher or
   staged (label 1) as for ocb_crypt.  */
ENTRY (FULL (ocb_auth))
	CAM16_ENTER (1, CAM_S)
	movq OCB_STATE_BLKN(%rsi), %rax; movq OCB_STATE_L(%rsi), %r10
	movq %rsi, %r11
	testl $CAM_BLOCKS-1, %eax
	jnz 1f
	CAM16_OCB_START (CAM_BLOCKS, CAM_S, %rdx, ENC)
	xorl %esi, %esi
	call LOCAL (hash_o)
	vpxor OCB_STATE_CHECKSUM(%r11), X(1), X(1); vmovdqu X(1), OCB_STATE_CHECKSUM(%r11)
	CAM16_OCB_LEAVE (CAM_S)
	ret
1:	CAM_CALL (CAM16_OCB_OFFSETS, CAM_BLOCKS)
	movq %rsp, %rax; xorl %esi, %esi
	call LOCAL (enc_x)
	vpxor OCB_STATE_CHECKSUM(%r11), X(1), X(1); vmovdqu X(1), OCB_STATE_CHECKSUM(%r11)
	CAM16_LEAVE (1, CAM_S)
	ret
END (FULL (ocb_auth))

#ifdef CAM_GCM
/* GCM on CAM_BLOCKS blocks, its arguments as CAM16_GCM_CALL
   (camellia-simd-amd64.h) says, the count on the stack not read (the
   entry point of camellia-part-amd64.h takes any count): the counters
   come from registers (a copy of the counter at the
   bottom of the frame, CAM16_CTR_SLICED) unless their low 16 bits
   wrap within the call, then from rows there.  */
#define ENG_NAME LOCAL (enc_gh)
#define ENG_D 1
#define ENG_L CAM_LBL (encgh)
#define ENG_HOOK CAM16_GHASH8
#include "camellia-simd-engine-amd64.h"
#undef ENG_NAME
#undef ENG_D
#undef ENG_L
#undef ENG_HOOK
CAM16_LOCAL (LOCAL (enc_gh_c),
	CAM_CALL (CAMELLIA_CRYPT16_2C, 1, CAM_LBL (encgh), _c,
			     CAM16_CTR_SLICED, %rdx, 0))
ENTRY (FULL (gcm_crypt))
	CAM16_FRAME_ENTER (SET (1, 2) + 32)
	movq %rsi, %r11; movq %rdx, %rax
	movzwl 14(%rax), %r10d; rolw $8, %r10w
	CAM_CTR_WRAPS (%r10d, CAM_BLOCKS, CAM_LBL (gcm_rows))
	vmovdqu (%rax), X(0); vmovdqu X(0), (%rsp)
	CAM_CTR_ADVANCE (%rax, %r10, CAM_BLOCKS)
	/* The rows path below still has the frame: its unwind rules are
	   those before this return.  */
	.cfi_remember_state
	CAM16_GCM_CALL (LOCAL (enc_gh_c))
	.cfi_restore_state
CAM_LBL (gcm_rows):
	CAM16_CTR_ROWS (2)
	CAM16_GCM_CALL (LOCAL (enc_gh))
END (FULL (gcm_crypt))
#endif
