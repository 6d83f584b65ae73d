/* camellia-simd-engine-amd64.h - the rounds of the 16-register
 * Camellia engine as template lines
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One local routine of camellia-simd-entry-amd64.h: the whole cipher of
 * camellia-simd-amd64.h's 16-register engine on CAM_S streams of CAM_W
 * blocks, one source line per round, FL layer and step around them, so
 * that the line table (gdb, perf annotate) follows the cipher.  The
 * including file defines ENG_NAME (the routine), ENG_D (1 to encrypt,
 * -1 to decrypt), ENG_L (its unique local label prefix, which the
 * engines' other entries of camellia-simd-amd64.h jump into at _group)
 * and, for two streams, ENG_HOOK (code after every fourth round, see
 * below, or NO_HOOK); it undefines them after the #include.
 *
 * The routine runs the cipher on the blocks at %rdx (IN), stores them
 * to %rsi (OUT, which may be IN) xored with the blocks at XSRC (which
 * may be OUT) unless XSRC is zero, or with their OCB offsets if it is
 * one (STREAM16_OUT_OCB), or only sums them (STREAM16_SUM) if OUT is
 * zero, in a stack frame of its own that it wipes.  The xor saves the
 * modes that whiten or mask the cipher's output a pass that would store
 * it to their frame and load it back (and the wiping of that frame
 * where nothing else in it is secret), which measured faster for CTR
 * and CFB decryption.  The rounds run two at a time (one stream) or
 * four (two) in a loop, KEY stepping past each pair: the six rounds of
 * a group unrolled nearly doubled each entry point and measured slower
 * (doc/HACKING, "Tuning notes").
 *
 * Two streams have their own slots A and B (from slot 0 and from slot
 * 17, around the spill slot), and their rounds alternate.  Within one
 * stream a round must wait for the last: its S-boxes for the previous
 * P, P for the S-boxes, and the vector units idle in between, so the
 * other stream's round fills the gaps.  Eight registers cannot hold
 * both streams' Y, so each round loads its Y from the slot where the
 * previous round of its stream stored it, and out-of-order execution
 * overlaps one stream's round with the other's.  Two streams measured
 * faster than one with GFNI, VAES and AES-NI (doc/HACKING, "Tuning
 * notes").  ENG_HOOK runs after every fourth round (two of each
 * stream), where P0-P7 and Q5-Q7 hold nothing: the fused GCM kernel
 * hashes there (CAM16_GHASH8).
 *
 * Clobbers every vector register, KEY, NGROUPS, %r10; IN and OUT come
 * back unchanged.
 */

#define ENG_LBL(x) CAM_PASTE (ENG_L, _##x)

	.align 16
ENG_NAME:
	CFI_STARTPROC ()
#if CAM_S == 1
	CAM16_FRAME_ENTER (FRAME_SIZE)
	CAM_CALL (CAMELLIA_GROUPS, ENG_D, ENG_L)
	STREAM16_IN (ENG_D, %rdx, 0)
#else
	CAM16_FRAME_ENTER (33*CAM_W)
	CAM_CALL (CAMELLIA_GROUPS, ENG_D, ENG_L)
	STREAM16_IN (ENG_D, %rdx, 0)
	addq $16*CAM_W, %rdx
	STREAM16_IN (ENG_D, %rdx, 17)
	subq $16*CAM_W, %rdx
#endif
ENG_LBL (group):
	SBOX_MATRICES (HALF_Q)
	movl $3, %r10d
	.align 16
ENG_LBL (pair):
#if CAM_S == 1
	ROUND16 (YT_L, 8, ENG_D, 1, E)
	ROUND16 (YT_R, 0, ENG_D, 2, D)
#else
	LOAD16_HALF (HALF_P, 0)
	ROUND16 (YT_L, 8, ENG_D, 1, E)
	LOAD16_HALF (HALF_P, 17)
	ROUND16 (YT_L, 25, ENG_D, 1, E)
	LOAD16_HALF (YR_P, 8)
	ROUND16 (YT_R, 0, ENG_D, 2, D)
	LOAD16_HALF (YR_P, 25)
	ROUND16 (YT_R, 17, ENG_D, 2, D)
	ENG_HOOK
#endif
	addq $(ENG_D)*2*32, KEY
	subl $1, %r10d
	jnz ENG_LBL (pair)
	subl $1, NGROUPS
	jz ENG_LBL (last)
	STREAM16_FL (ENG_D, 0)
#if CAM_S == 1
	LOAD16_HALF (HALF_P, 0)
#else
	STREAM16_FL (ENG_D, 17)
#endif
	addq $(ENG_D)*2*32, KEY
	jmp ENG_LBL (group)
ENG_LBL (last):
	testq %rsi, %rsi
	jz ENG_LBL (sum)
	cmpq $1, XSRC
	je ENG_LBL (ocb)
#if CAM_S == 1
	CAM_CALL (STREAM16_OUT, ENG_D, %rsi, 0, 0, ENG_L)
#else
	CAM_CALL (STREAM16_OUT, ENG_D, %rsi, 0, 0, ENG_LBL (0))
	CAM_CALL (STREAM16_OUT, ENG_D, %rsi, 17, 16*CAM_W, ENG_LBL (1))
#endif
	jmp ENG_LBL (wipe)
ENG_LBL (ocb):
	STREAM16_OUT_OCB (ENG_D, %rsi, 0, 0, 0)
#if CAM_S == 1
# if ENG_D < 0
	CAM16_FOLD (1, 2)
# endif
#else
# if ENG_D < 0
	vmovdqa V(1), SLOT (0)
# endif
	STREAM16_OUT_OCB (ENG_D, %rsi, 17, 16*CAM_W, 1)
# if ENG_D < 0
	vpxor SLOT (0), V(1), V(1)
	CAM16_FOLD (1, 2)
# endif
#endif
	jmp ENG_LBL (wipe)
ENG_LBL (sum):
	STREAM16_SUM (CAM_S)
ENG_LBL (wipe):
	vpxor V(0), V(0), V(0)
	CAM16_WIPE_HALF (0)
	CAM16_WIPE_HALF (8)
	vmovdqa V(0), SPILL
#if CAM_S == 2
	CAM16_WIPE_HALF (17)
	CAM16_WIPE_HALF (25)
#endif
	CAM16_FRAME_LEAVE
	ret
	CFI_ENDPROC ()
	ELF (.size ENG_NAME, . - ENG_NAME;)

#undef ENG_LBL
