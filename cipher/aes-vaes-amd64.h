/* aes-vaes-amd64.h - the AES kernels of a VAES kernel file
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * AES (FIPS 197) with VAES: eight vector registers V0-V7 of AES_L
 * blocks each (4 in ZMM, 2 in YMM) run every round side by side, so
 * that the AESENC latency is hidden behind the other seven.  The round
 * keys are the schedule of cipher/aes.c as it is (ekey for AESENC,
 * dkey, the equivalent inverse cipher, for AESDEC), each broadcast to
 * every lane.  The kernels take any count of 1 to AES_W blocks: a full
 * call moves whole registers, a shorter one masked registers that touch
 * no byte past the N blocks.  The including file defines V(n), AES_L,
 * AES_W, VB (bytes a register), PUB (op), LOCAL (op) and the ISA macros
 * (keys, masks, moves) this template uses, then includes it.
 */

	.section .rodata
	.align 64
.Laes_bswap128:
	.rept 4
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
	.endr
/* Lane j of a row counts j more (as quadwords or as dwords).  */
.Laes_lanes:	.quad 0, 0, 1, 0, 2, 0, 3, 0
	.align 64
.Laes_step4:	.quad 4, 0, 4, 0, 4, 0, 4, 0
	.align 32
.Laes_step2:	.quad 2, 0, 2, 0
/* The same for the last byte of a big-endian counter as it is.  */
	.align 64
.Laes_lanes_be:	.quad 0, 0, 0, 1 << 56, 0, 2 << 56, 0, 3 << 56
	.align 64
.Laes_step4_be:	.quad 0, 4 << 56, 0, 4 << 56, 0, 4 << 56, 0, 4 << 56
	.align 32
.Laes_step2_be:	.quad 0, 2 << 56, 0, 2 << 56
/* XTS: x^128 = x^7 + x^2 + x + 1, and the shifts that take lane j of
   a row of T to T * x^j.  */
	.align 64
.Laes_xts_poly:	.quad 0x87, 0, 0x87, 0, 0x87, 0, 0x87, 0
	.align 64
.Laes_xts_shl:	.quad 0, 0, 1, 1, 2, 2, 3, 3
	.align 64
.Laes_xts_shr:	.quad 64, 64, 63, 63, 62, 62, 61, 61
/* OCB: the last block of a row (YMM rows take the last 32 bytes).  */
	.align 64
.Laes_ocb_last:	.quad 0, 0, 0, 0, 0, 0, -1, -1
/* The block number of each quadword of the eight YMM rows: a row's
   mask of the blocks below N is one comparison with N.  */
	.align 32
.Laes_rows2:
	.irp b, 0, 2, 4, 6, 8, 10, 12, 14
	.quad \b, \b, \b+1, \b+1
	.endr
	.text

#define ROWS8(m, ...)                                                   \
	m (0, __VA_ARGS__); m (1, __VA_ARGS__); m (2, __VA_ARGS__);     \
	m (3, __VA_ARGS__); m (4, __VA_ARGS__); m (5, __VA_ARGS__);     \
	m (6, __VA_ARGS__); m (7, __VA_ARGS__)
/* Rows 7 down to 1: stores that in place must not overwrite a block
   the row above still reads.  */
#define ROWS8_DOWN1(m, ...)                                             \
	m (7, __VA_ARGS__); m (6, __VA_ARGS__); m (5, __VA_ARGS__);     \
	m (4, __VA_ARGS__); m (3, __VA_ARGS__); m (2, __VA_ARGS__);     \
	m (1, __VA_ARGS__)

/* The N blocks (N a register, counted down) in groups: a full group of
   AES_W written out between GROUPS_BEGIN (N) and GROUPS_END (N, GRP,
   ADV), which runs GRP_M for a last shorter one after SET_NB (N); ADV
   (the rest of GROUPS_END's arguments, as it holds commas once
   expanded) moves the pointers to the next group.  A loop that runs its rounds in line
   (aes-vaes-rounds.h) writes its group there; GROUPS takes GRP_A.  */
#define GROUPS_BEGIN(n)                                                 \
	cmpq $AES_W, n;                                                 \
	jb 95f;                                                         \
94:
#define GROUPS_END(n, grp, ...)                                         \
	__VA_ARGS__;                                                    \
	subq $AES_W, n;                                                 \
	cmpq $AES_W, n;                                                 \
	jae 94b;                                                        \
	testq n, n;                                                     \
	jz 96f;                                                         \
95:	SET_NB (n);                                                     \
	grp##_M;                                                        \
96:
#define GROUPS(n, grp, adv)                                             \
	GROUPS_BEGIN (n);                                               \
	grp##_A;                                                        \
	GROUPS_END (n, grp, adv)
#define ADV(r) addq $(16*AES_W), r
/* The same with the shorter group first, for modes whose blocks do not
   depend on each other: its rounds, a latency chain on a few rows, then
   run beside the full groups' instead of after them (doc/HACKING,
   "Tuning notes", AES short groups first).  ADV_BY (r) moves the
   pointers by the 16 r bytes of a group of r blocks; clobbers %r8
   and %r9.  */
#define GROUPS_TAIL_FIRST(n, grp, adv_by)                               \
	movq n, %r8;                                                    \
	andl $(AES_W-1), %r8d;                                          \
	jz 94f;                                                         \
	SET_NB (%r8);                                                   \
	grp##_M;                                                        \
	movq %r8, %r9;                                                  \
	shlq $4, %r9;                                                   \
	adv_by (%r9);                                                   \
	subq %r8, n;                                                    \
	jz 96f;                                                         \
94:	grp##_A;                                                        \
	adv_by ($(16*AES_W));                                           \
	subq $AES_W, n;                                                 \
	jnz 94b;                                                        \
96:
/* The cipher by the flag in %r9d (bit 0: encrypt).  */
#define CRYPT_BY_FLAG                                                   \
	testl $1, %r9d;                                                 \
	jz 88f;                                                         \
	call LOCAL (enc8);                                              \
	jmp 89f;                                                        \
88:	call LOCAL (dec8);                                              \
89:
/* The same for a last, shorter group: the cores' _m entries, which
   run only the rows that hold blocks.  */
#define CRYPT_BY_FLAG_M                                                 \
	testl $1, %r9d;                                                 \
	jz 88f;                                                         \
	call LOCAL (enc8_m);                                            \
	jmp 89f;                                                        \
88:	call LOCAL (dec8_m);                                            \
89:
#define CRYPT_BY_FLAG_A CRYPT_BY_FLAG
/* %r9d = 1 if it was nonzero, else 0.  */
#define FLAG01 testl %r9d, %r9d; setnz %r9b; movzbl %r9b, %r9d
/* The same from the entries after key 0, which the caller added.  */
#define CRYPT_BY_FLAG_K0                                                \
	testl $1, %r9d;                                                 \
	jz 88f;                                                         \
	call LOCAL (enc8_k0);                                           \
	jmp 89f;                                                        \
88:	call LOCAL (dec8_k0);                                           \
89:
#define CRYPT_BY_FLAG_K0_M                                              \
	testl $1, %r9d;                                                 \
	jz 88f;                                                         \
	call LOCAL (enc8_k0_m);                                         \
	jmp 89f;                                                        \
88:	call LOCAL (dec8_k0_m);                                         \
89:
#define CRYPT_BY_FLAG_K0_A CRYPT_BY_FLAG_K0
#define KEYS_BY_FLAG(keys)                                              \
	testl $1, %r9d;                                                 \
	jz 86f;                                                         \
	keys (0);                                                       \
	jmp 87f;                                                        \
86:	keys (AES_CTX_DKEY);                                            \
87:

#define MEM(i, d, m) ((i)*VB+(d))(m)
#define LOAD_A(i, d, m) VMOVU MEM (i, d, m), V(i)
#define STORE_A(i, d, m) VMOVU V(i), MEM (i, d, m)
#define XIN_A(i, d, m) VPXOR MEM (i, d, m), V(i), V(i)
#define LOAD8_A(d, m) ROWS8 (LOAD_A, d, m)
#define LOAD8_M(d, m) ROWS8 (LOAD_M, d, m)
#define STORE8_A(d, m) ROWS8 (STORE_A, d, m)
#define STORE8_M(d, m) ROWS8 (STORE_M, d, m)
/* V(i) ^= the row at IN, stored to OUT.  */
#define XSTORE_A(i, out, in) XIN_A (i, 0, in); STORE_A (i, 0, out)
#define XSTORE_M(i, out, in) XIN_M (i, 0, in); STORE_M (i, 0, out)
#define XSTORE8_A(out, in) ROWS8 (XSTORE_A, out, in)
#define XSTORE8_M(out, in) ROWS8 (XSTORE_M, out, in)
/* The rows at IN xored with those at W.  */
#define LOADX_A(i, in, w) LOAD_A (i, 0, in); XIN_A (i, 0, w)
#define LOADX_M(i, in, w) LOAD_M (i, 0, in); XIN_M (i, 0, w)
#define LOADX8_A(in, w) ROWS8 (LOADX_A, in, w)
#define LOADX8_M(in, w) ROWS8 (LOADX_M, in, w)

/* One round with the key of index K (14 the last, see KEYS) on the
   eight registers.  */
#define ROUND8(op, k)                                                   \
	RK_LOAD (k);                                                    \
	op RK (k), V(0), V(0); op RK (k), V(1), V(1);                   \
	op RK (k), V(2), V(2); op RK (k), V(3), V(3);                   \
	op RK (k), V(4), V(4); op RK (k), V(5), V(5);                   \
	op RK (k), V(6), V(6); op RK (k), V(7), V(7)
#define XOR8_K0                                                         \
	RK0_LOAD;                                                       \
	VPXOR RK0, V(0), V(0); VPXOR RK0, V(1), V(1);                   \
	VPXOR RK0, V(2), V(2); VPXOR RK0, V(3), V(3);                   \
	VPXOR RK0, V(4), V(4); VPXOR RK0, V(5), V(5);                   \
	VPXOR RK0, V(6), V(6); VPXOR RK0, V(7), V(7)

/* The rounds on the first R rows (2, 4, 6 or 8), or key 0 added.  */
#define ROUNDR(op, k, r)                                                \
	RK_LOAD (k);                                                    \
	op RK (k), V(0), V(0); op RK (k), V(1), V(1);                   \
	.if (r) > 2; op RK (k), V(2), V(2); op RK (k), V(3), V(3); .endif; \
	.if (r) > 4; op RK (k), V(4), V(4); op RK (k), V(5), V(5); .endif; \
	.if (r) > 6; op RK (k), V(6), V(6); op RK (k), V(7), V(7); .endif
#define XORR_K0(r)                                                      \
	RK0_LOAD;                                                       \
	VPXOR RK0, V(0), V(0); VPXOR RK0, V(1), V(1);                   \
	.if (r) > 2; VPXOR RK0, V(2), V(2); VPXOR RK0, V(3), V(3); .endif; \
	.if (r) > 4; VPXOR RK0, V(4), V(4); VPXOR RK0, V(5), V(5); .endif; \
	.if (r) > 6; VPXOR RK0, V(6), V(6); VPXOR RK0, V(7), V(7); .endif

/* Local: the cipher on V0-V7 in place (aes-vaes-core.h), the keys set
   up by KEYS, %rdi the context; from NAME_K0 on, key 0 already added.
   Rounds are counted so that the last has key index 14: AES-128
   starts at 5, AES-192 at 3.  The cores of 2, 4 and 6 rows are a last,
   shorter group's: the rows after them hold none of its blocks and are
   neither loaded nor stored (their masks are empty), and each row left
   out is an eighth of the group's rounds.  */
#define CORE_DIR enc
#define CORE_ROWS 8
#include "aes-vaes-core.h"
#define CORE_DIR dec
#define CORE_ROWS 8
#include "aes-vaes-core.h"
#define CORE_DIR enc
#define CORE_ROWS 2
#include "aes-vaes-core.h"
#define CORE_DIR enc
#define CORE_ROWS 4
#include "aes-vaes-core.h"
#define CORE_DIR enc
#define CORE_ROWS 6
#include "aes-vaes-core.h"
#define CORE_DIR dec
#define CORE_ROWS 2
#include "aes-vaes-core.h"
#define CORE_DIR dec
#define CORE_ROWS 4
#include "aes-vaes-core.h"
#define CORE_DIR dec
#define CORE_ROWS 6
#include "aes-vaes-core.h"

/* NAME (a core's _m entry) goes on to the core of the fewest rows that
   hold the group's blocks, by ROWS_EMPTY (r) of the including file: ZF
   set when rows R to 7 hold none (after SET_NB).  Block counts are
   public, so are these branches.  */
#define AES_CORE_M(name, c2, c4, c6, c8)                                \
.align 16;                                                              \
name:                                                                   \
	CFI_STARTPROC ();                                               \
	ROWS_EMPTY (2);                                                 \
	jz c2;                                                          \
	ROWS_EMPTY (4);                                                 \
	jz c4;                                                          \
	ROWS_EMPTY (6);                                                 \
	jz c6;                                                          \
	jmp c8;                                                         \
	CFI_ENDPROC ();                                                 \
ELF (.size name, . - name)

AES_CORE_M (LOCAL (enc8_m), LOCAL (enc2), LOCAL (enc4), LOCAL (enc6),
	    LOCAL (enc8))
AES_CORE_M (LOCAL (enc8_k0_m), LOCAL (enc2_k0), LOCAL (enc4_k0),
	    LOCAL (enc6_k0), LOCAL (enc8_k0))
AES_CORE_M (LOCAL (dec8_m), LOCAL (dec2), LOCAL (dec4), LOCAL (dec6),
	    LOCAL (dec8))
AES_CORE_M (LOCAL (dec8_k0_m), LOCAL (dec2_k0), LOCAL (dec4_k0),
	    LOCAL (dec6_k0), LOCAL (dec8_k0))

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx N.  */
#define ECB_ENC_A LOAD8_A (0, %rdx); call LOCAL (enc8); STORE8_A (0, %rsi)
#define ECB_ENC_M LOAD8_M (0, %rdx); call LOCAL (enc8_m); STORE8_M (0, %rsi)
#define ECB_DEC_A LOAD8_A (0, %rdx); call LOCAL (dec8); STORE8_A (0, %rsi)
#define ECB_DEC_M LOAD8_M (0, %rdx); call LOCAL (dec8_m); STORE8_M (0, %rsi)
#define ADV_ECB(by) addq by, %rsi; addq by, %rdx
ENTRY (PUB (enc))
	KEYS (0)
	GROUPS_TAIL_FIRST (%rcx, ECB_ENC, ADV_ECB)
	CLEAR_ALL
	ret
END (PUB (enc))

ENTRY (PUB (dec))
	KEYS (AES_CTX_DKEY)
	GROUPS_TAIL_FIRST (%rcx, ECB_DEC, ADV_ECB)
	CLEAR_ALL
	ret
END (PUB (dec))

/* CTR: %rdi ctx, %rsi the 128-bit big-endian counter (advanced by N),
   %rdx out, %rcx in, %r8 N.  The low 64 bits do not wrap within the
   call (cipher-proto.h), so the counters are 64-bit additions on the
   byte-reversed counter: V8 the next row's, V9 a row's step.  When the
   counter's last byte does not wrap either (byte 15 + N <= 256), the
   additions go to that byte of the counter as it is, with key 0 added
   on the way (CTRBE): eight shuffles and eight xors fewer a group.
   The counter goes back to memory in one 16-byte store, which the next
   call's 16-byte load can take from the store buffer (a load wider than
   the store before it waits for that store to retire).  */
#define CTR_ROW(i, unused)                                              \
	vpshufb .Laes_bswap128(%rip), V(8), V(i);                       \
	vpaddq V(9), V(8), V(8)
#define CTR_A ROWS8 (CTR_ROW, ); call LOCAL (enc8); XSTORE8_A (%rdx, %rcx)
#define CTR_M ROWS8 (CTR_ROW, ); call LOCAL (enc8_m); XSTORE8_M (%rdx, %rcx)
#define CTRBE_ROW(i, unused) VPXOR RK0, V(8), V(i); vpaddq V(9), V(8), V(8)
#define CTRBE_A                                                         \
	RK0_LOAD; ROWS8 (CTRBE_ROW, ); call LOCAL (enc8_k0);            \
	XSTORE8_A (%rdx, %rcx)
#define CTRBE_M                                                         \
	RK0_LOAD; ROWS8 (CTRBE_ROW, ); call LOCAL (enc8_k0_m);          \
	XSTORE8_M (%rdx, %rcx)
#define ADV_IO ADV (%rdx); ADV (%rcx)
ENTRY (PUB (ctr_enc))
	KEYS (0)
	VBCAST128 (%rsi), V(8)
	movzbl 15(%rsi), %r9d
	vpshufb .Laes_bswap128(%rip), %xmm8, %xmm10
	vmovq %r8, %xmm11
	vpaddq %xmm11, %xmm10, %xmm10
	vpshufb .Laes_bswap128(%rip), %xmm10, %xmm10
	vmovdqu %xmm10, (%rsi)
	addq %r8, %r9
	cmpq $256, %r9
	ja 1f
	vpaddq .Laes_lanes_be(%rip), V(8), V(8)
	VMOVA AES_STEP_BE(%rip), V(9)
	GROUPS (%r8, CTRBE, ADV_IO)
	CLEAR_ALL
	ret
1:	vpshufb .Laes_bswap128(%rip), V(8), V(8)
	vpaddq .Laes_lanes(%rip), V(8), V(8)
	VMOVA AES_STEP(%rip), V(9)
	GROUPS (%r8, CTR, ADV_IO)
	CLEAR_ALL
	ret
END (PUB (ctr_enc))

/* GCM-SIV's counter (RFC 8452): as CTR, the first 32 bits of the
   counter little-endian, wrapping; .Laes_lanes and AES_STEP read as
   dwords add to that word only.  Key 0 is added on the way; the
   counter is stored whole, as for CTR.  */
#define CTR32_ROW(i, unused)                                            \
	VPXOR RK0, V(8), V(i);                                          \
	vpaddd V(9), V(8), V(8)
#define CTR32_A                                                         \
	RK0_LOAD; ROWS8 (CTR32_ROW, ); call LOCAL (enc8_k0);            \
	XSTORE8_A (%rdx, %rcx)
#define CTR32_M                                                         \
	RK0_LOAD; ROWS8 (CTR32_ROW, ); call LOCAL (enc8_k0_m);          \
	XSTORE8_M (%rdx, %rcx)
ENTRY (PUB (ctr32le_enc))
	VBCAST128 (%rsi), V(8)
	vpaddd .Laes_lanes(%rip), V(8), V(8)
	VMOVA AES_STEP(%rip), V(9)
	vmovd %r8d, %xmm11
	vmovdqu (%rsi), %xmm10
	vpaddd %xmm11, %xmm10, %xmm10
	vmovdqu %xmm10, (%rsi)
	KEYS (0)
	GROUPS (%r8, CTR32, ADV_IO)
	CLEAR_ALL
	ret
END (PUB (ctr32le_enc))

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 N.  Each row is xored with the
   ciphertext 16 bytes before it, row 0's (in V8) with the chain value
   (%xmm9: the IV, then each group's last ciphertext block, %xmm10,
   read before the group is written) in its first block; rows go out
   last first, so that in place every row is read before the one below
   it is written.  */
#define CBCX_A(i, unused) XIN_A (i, -16, %rcx); STORE_A (i, 0, %rdx)
#define CBCX_M(i, unused) XIN_M (i, -16, %rcx); STORE_M (i, 0, %rdx)
#define CBC_A                                                           \
	LOAD8_A (0, %rcx);                                              \
	call LOCAL (dec8);                                              \
	vmovdqu (16*AES_W-16)(%rcx), %xmm10;                            \
	PREV0_A (V(8), %rcx);                                           \
	ROWS8_DOWN1 (CBCX_A, );                                         \
	VPXOR V(8), V(0), V(0); STORE_A (0, 0, %rdx);                   \
	vmovdqa %xmm10, %xmm9
#define CBC_M                                                           \
	LOAD8_M (0, %rcx);                                              \
	call LOCAL (dec8_m);                                            \
	movq %r8, %rax;                                                 \
	shlq $4, %rax;                                                  \
	vmovdqu -16(%rcx, %rax), %xmm10;                                \
	PREV0_M (V(8), %rcx);                                           \
	ROWS8_DOWN1 (CBCX_M, );                                         \
	VPXOR V(8), V(0), V(0); STORE_M (0, 0, %rdx);                   \
	vmovdqa %xmm10, %xmm9
ENTRY (PUB (cbc_dec))
	vmovdqu (%rsi), %xmm9
	KEYS (AES_CTX_DKEY)
	GROUPS (%r8, CBC, ADV_IO)
	vmovdqu %xmm9, (%rsi)
	CLEAR_ALL
	ret
END (PUB (cbc_dec))

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 N.  The keystream is E(IV, C_0 ...
   C_(N-2)), the rows read 16 bytes before IN, row 0's first block the
   chain value (%xmm9, as for CBC).  */
#define CFB_IN_A                                                        \
	vmovdqu (16*AES_W-16)(%rcx), %xmm10;                            \
	PREV0_A (V(0), %rcx);                                           \
	LOAD_A (1, -16, %rcx); LOAD_A (2, -16, %rcx);                   \
	LOAD_A (3, -16, %rcx); LOAD_A (4, -16, %rcx);                   \
	LOAD_A (5, -16, %rcx); LOAD_A (6, -16, %rcx);                   \
	LOAD_A (7, -16, %rcx);                                          \
	XOR8_K0
#define CFB_OUT_A XSTORE8_A (%rdx, %rcx); vmovdqa %xmm10, %xmm9
#define CFB_M                                                           \
	movq %r8, %rax;                                                 \
	shlq $4, %rax;                                                  \
	vmovdqu -16(%rcx, %rax), %xmm10;                                \
	PREV0_M (V(0), %rcx);                                           \
	LOAD_M (1, -16, %rcx); LOAD_M (2, -16, %rcx);                   \
	LOAD_M (3, -16, %rcx); LOAD_M (4, -16, %rcx);                   \
	LOAD_M (5, -16, %rcx); LOAD_M (6, -16, %rcx);                   \
	LOAD_M (7, -16, %rcx);                                          \
	call LOCAL (enc8_m);                                            \
	XSTORE8_M (%rdx, %rcx);                                         \
	vmovdqa %xmm10, %xmm9
ENTRY (PUB (cfb_dec))
	vmovdqu (%rsi), %xmm9
	KEYS (0)
	GROUPS_BEGIN (%r8)
	CFB_IN_A
#define ROUNDS_OP vaesenc
#define ROUNDS_OPLAST vaesenclast
#define ROUNDS_ROWS 8
#include "aes-vaes-rounds.h"
	CFB_OUT_A
	GROUPS_END (%r8, CFB, ADV_IO)
	vmovdqu %xmm9, (%rsi)
	CLEAR_ALL
	ret
END (PUB (cfb_dec))

/* OUT = E(IN ^ W) ^ W (XTS, OCB), or E(IN ^ W) when bit 1 of FLAGS is
   set (OCB's HASH); bit 0 selects encryption (BULK_WHITEN_* of
   cipher-proto.h).  %rdi ctx, %rsi out, %rdx in, %rcx the N whitening
   blocks, %r8 N, %r9d FLAGS.  */
#define WHITEN(m)                                                       \
	LOADX8_##m (%rdx, %rcx);                                        \
	CRYPT_BY_FLAG_##m;                                              \
	testl $2, %r9d;                                                 \
	jnz 84f;                                                        \
	XSTORE8_##m (%rsi, %rcx);                                       \
	jmp 85f;                                                        \
84:	STORE8_##m (0, %rsi);                                           \
85:
#define WHITEN_A WHITEN (A)
#define WHITEN_M WHITEN (M)
#define ADV_WHITEN ADV (%rsi); ADV (%rdx); ADV (%rcx)
ENTRY (PUB (whiten))
	KEYS_BY_FLAG (KEYS)
	GROUPS (%r8, WHITEN, ADV_WHITEN)
	CLEAR_ALL
	ret
END (PUB (whiten))

/* XTS (IEEE 1619-2007): D = S * x^k in GF(2^128), the tweak's
   little-endian order, in each 128-bit lane, SRL and SLL shifting the
   quadwords by 64 - k and k: the bits out of the low quadword move to
   the high one, those out of the high one fold back times x^7 + x^2 +
   x + 1 (.Laes_xts_poly in V2, by VPCLMULQDQ), which for k <= 56 stays
   in the low quadword.  V1, V3 scratch; D may be S.  */
#define GF_MULX(srl, sll, s, d)                                         \
	srl, s, V(1); sll, s, d;                                        \
	vpclmulqdq $0x01, V(2), V(1), V(3);                             \
	vpslldq $8, V(1), V(1);                                         \
	XOR3 (V(3), V(1), d)
#define MULXK(k, s, d) GF_MULX (vpsrlq $(64-(k)), vpsllq $(k), s, d)
/* Row i's tweaks: the first row's times x^(AES_L i).  */
/* Row i's tweaks: the first row's times x^(AES_L i).  */
#define XTS_TW_ROW(i, unused) MULXK (AES_L*(i), V(0), V(4)); SET_TW (i, V(4))
/* The input with its tweak and key 0 (in RK0X) added.  */
#define XTSIN_A(i, unused) LOAD_A (i, 0, %rcx); XOR3 (TW (i), RK0X, V(i))
#define XTSIN_M(i, unused) LOAD_M (i, 0, %rcx); XOR3 (TW (i), RK0X, V(i))
#define XTSOUT_A(i, unused) VPXOR TW (i), V(i), V(i); STORE_A (i, 0, %rdx)
#define XTSOUT_M(i, unused) VPXOR TW (i), V(i), V(i); STORE_M (i, 0, %rdx)
/* The group's tweaks from T at %rsi into TW (0) ... TW (7).  */
#define XTS_TWEAKS                                                      \
	VMOVA .Laes_xts_poly(%rip), V(2);                               \
	VBCAST128 (%rsi), V(0);                                         \
	GF_MULX (vpsrlvq .Laes_xts_shr(%rip),                           \
		 vpsllvq .Laes_xts_shl(%rip), V(0), V(0));              \
	SET_TW (0, V(0));                                               \
	XTS_TW_ROW (1, ); XTS_TW_ROW (2, ); XTS_TW_ROW (3, );           \
	XTS_TW_ROW (4, ); XTS_TW_ROW (5, ); XTS_TW_ROW (6, );           \
	XTS_TW_ROW (7, )
/* After the last, shorter group of N blocks (%r8): T = T * x^N, T the
   group's first tweak (FIRST), by GF_MULX with the shift counts from N.  */
#define XTS_T_BY_N(first)                                               \
	VMOVA first, V(0);                                              \
	vmovdqa .Laes_xts_poly(%rip), %xmm2;                            \
	movl $64, %eax;                                                 \
	subl %r8d, %eax;                                                \
	vmovq %r8, %xmm5;                                               \
	vmovq %rax, %xmm6;                                              \
	vpsrlq %xmm6, %xmm0, %xmm1;                                     \
	vpsllq %xmm5, %xmm0, %xmm0;                                     \
	vpclmulqdq $0x01, %xmm2, %xmm1, %xmm3;                          \
	vpslldq $8, %xmm1, %xmm1;                                       \
	vpxor %xmm3, %xmm1, %xmm1;                                      \
	vpxor %xmm1, %xmm0, %xmm0;                                      \
	vmovdqu %xmm0, (%rsi)
/* A full group's next tweaks, times x^AES_W, one row in each of the
   rounds of key index 5 to 12, which every key size runs, by XTS_NEXT
   (i) of the branch below: spread out beside the rounds they take
   fewer of the AES pipes' slots than all before them (doc/HACKING).  */
#define ROUND8X(op, k, i)                                               \
	RK_LOAD (k);                                                    \
	op RK (k), V(0), V(0); op RK (k), V(1), V(1);                   \
	op RK (k), V(2), V(2); op RK (k), V(3), V(3);                   \
	XTS_NEXT (i);                                                   \
	op RK (k), V(4), V(4); op RK (k), V(5), V(5);                   \
	op RK (k), V(6), V(6); op RK (k), V(7), V(7)
#define AES_CORE_XTS(name, op, oplast)                                  \
.align 16;                                                              \
name:                                                                   \
	CFI_STARTPROC ();                                               \
	cmpl $12, AES_CTX_ROUNDS(%rdi);                                 \
	jb 1f;                                                          \
	je 2f;                                                          \
	ROUND8 (op, 1); ROUND8 (op, 2);                                 \
2:	ROUND8 (op, 3); ROUND8 (op, 4);                                 \
1:	ROUND8X (op, 5, 0); ROUND8X (op, 6, 1); ROUND8X (op, 7, 2);     \
	ROUND8X (op, 8, 3); ROUND8X (op, 9, 4); ROUND8X (op, 10, 5);    \
	ROUND8X (op, 11, 6); ROUND8X (op, 12, 7);                       \
	ROUND8 (op, 13); ROUND8 (oplast, 14);                           \
	ret;                                                            \
	CFI_ENDPROC ();                                                 \
ELF (.size name, . - name)
#define XTS_CRYPT                                                       \
	testl $1, %r9d;                                                 \
	jz 88f;                                                         \
	call LOCAL (enc8_xts);                                          \
	jmp 89f;                                                        \
88:	call LOCAL (dec8_xts);                                          \
89:

#ifdef XTS_TW_INTERLEAVE
/* With tweak registers to spare for a scratch (XSCR), a full group
   keeps its tweaks in a stack frame (XTS_FRAME, TWS (i)) for the
   output, and the registers move on to the next group's, so that the
   next group starts without them on its critical path.  AES_W (32) is
   a multiple of 8 below 64: the lane shifts by whole bytes and the bits
   out of it, the top quadword's, are one VPCLMULQDQ away from their
   reduction (below x^40).  */
#define XTS_NEXT(i)                                                     \
	vpsrlq $(64-AES_W), TW (i), XSCR;                               \
	vpclmulqdq $0x01, .Laes_xts_poly(%rip), XSCR, XSCR;             \
	vpslldq $(AES_W/8), TW (i), TW (i);                             \
	VPXOR XSCR, TW (i), TW (i)

#define XTS_SAVE(i, unused) VMOVA TW (i), TWS (i)
#define XTSOUTS_A(i, unused) VPXOR TWS (i), V(i), V(i); STORE_A (i, 0, %rdx)
/* The last full group (N = AES_W) needs no next tweaks: it runs the
   plain core with its tweaks left in their registers, and T * x^N as
   a shorter group does.  A single group's call (a 512-byte sector on
   ZMM) so skips eight XTS_NEXT and a round trip through the frame.  */
#define XTS_A                                                           \
	cmpq $AES_W, %r8;                                               \
	je 97f;                                                         \
	RK0X_LOAD; ROWS8 (XTSIN_A, ); ROWS8 (XTS_SAVE, );               \
	XTS_CRYPT;                                                      \
	ROWS8 (XTSOUTS_A, );                                            \
	VMOVA TW (0), V(0);                                             \
	vmovdqu %xmm0, (%rsi);                                          \
	jmp 98f;                                                        \
97:	RK0X_LOAD; ROWS8 (XTSIN_A, ); CRYPT_BY_FLAG_K0;                 \
	ROWS8 (XTSOUT_A, ); XTS_T_BY_N (TW (0));                        \
98:
#define XTS_FIRST XTS_TWEAKS
#define XTS_M                                                           \
	RK0X_LOAD; ROWS8 (XTSIN_M, ); CRYPT_BY_FLAG_K0_M;               \
	ROWS8 (XTSOUT_M, ); XTS_T_BY_N (TW (0))
#else
/* The tweaks in the stack frame, the group's at XTW (i) (base %rax),
   the next group's, times x^AES_W as in the branch above, written to
   XTWN (i) (base %rbx) by XTS_NEXT beside the group's rounds, V8 and V9
   the scratch; the bases swap after each group.  Cheaper than each
   group's tweaks anew from T.  */
#define XTW(i) (VB*(i))(%rax)
#define XTWN(i) (VB*(i))(%rbx)
#define XTS_FRAME_ENTER                                                 \
	pushq %rbp;                                                     \
	.cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;              \
	movq %rsp, %rbp;                                                \
	.cfi_def_cfa_register %rbp;                                     \
	pushq %rbx;                                                     \
	.cfi_offset %rbx, -24;                                          \
	subq $(16*VB), %rsp;                                            \
	andq $-VB, %rsp;                                                \
	movq %rsp, %rax;                                                \
	leaq (8*VB)(%rsp), %rbx
#define XTS_FRAME_LEAVE                                                 \
	vpxor %xmm0, %xmm0, %xmm0;                                      \
	ROWS8 (XTS_WIPE2, );                                            \
	movq -8(%rbp), %rbx;                                            \
	.cfi_restore %rbx;                                              \
	movq %rbp, %rsp;                                                \
	popq %rbp;                                                      \
	.cfi_def_cfa %rsp, 8; .cfi_restore %rbp
#define XTS_WIPE2(i, unused)                                            \
	VMOVA V(0), (VB*(i))(%rsp); VMOVA V(0), (VB*((i)+8))(%rsp)
#define XTS_FIRST XTS_TWEAKS
#define XTSIN2_A(i, unused) LOAD_A (i, 0, %rcx); XOR3 (XTW (i), RK0X, V(i))
#define XTSIN2_M(i, unused) LOAD_M (i, 0, %rcx); XOR3 (XTW (i), RK0X, V(i))
#define XTSOUT2_A(i, unused) VPXOR XTW (i), V(i), V(i); STORE_A (i, 0, %rdx)
#define XTSOUT2_M(i, unused) VPXOR XTW (i), V(i), V(i); STORE_M (i, 0, %rdx)
#define XTS_NEXT(i)                                                     \
	VMOVA XTW (i), V(8);                                            \
	vpsrlq $(64-AES_W), V(8), V(9);                                 \
	vpclmulqdq $0x01, .Laes_xts_poly(%rip), V(9), V(9);             \
	vpslldq $(AES_W/8), V(8), V(8);                                 \
	VPXOR V(9), V(8), V(8);                                         \
	VMOVA V(8), XTWN (i)
#define XTS_A                                                           \
	RK0X_LOAD; ROWS8 (XTSIN2_A, );                                  \
	XTS_CRYPT;                                                      \
	ROWS8 (XTSOUT2_A, );                                            \
	xchgq %rax, %rbx;                                               \
	vmovdqa (%rax), %xmm0;                                          \
	vmovdqu %xmm0, (%rsi)
#define XTS_M                                                           \
	RK0X_LOAD; ROWS8 (XTSIN2_M, ); CRYPT_BY_FLAG_K0_M;              \
	ROWS8 (XTSOUT2_M, ); XTS_T_BY_N (XTW (0))
#endif
AES_CORE_XTS (LOCAL (enc8_xts), vaesenc, vaesenclast)
AES_CORE_XTS (LOCAL (dec8_xts), vaesdec, vaesdeclast)
/* XTS: %rdi ctx, %rsi the tweak T (advanced to T * x^N), %rdx out,
   %rcx in, %r8 N, %r9d nonzero to encrypt.  */
ENTRY (PUB (xts_crypt))
	XTS_FRAME_ENTER
	FLAG01
	KEYS_BY_FLAG (KEYS)
	XTS_FIRST
	GROUPS (%r8, XTS, ADV_IO)
	XTS_FRAME_LEAVE
	CLEAR_ALL
	ret
END (PUB (xts_crypt))

/* OCB (RFC 7253): Offset_k = Offset_(k-1) ^ L_ntz(k).  A row holds AES_L
   consecutive blocks after block number n, n = blkn mod AES_L for every
   row; among them one, m, is a multiple of AES_L (L_x, x = ntz (m)),
   and the others contribute L_0 (and, with 4 lanes, L_1) in lanes fixed
   by blkn mod AES_L.  So each row's offsets are one vector, O ^ KC (KC
   those L_0, L_1 terms, from the masks of .Laes_ocb_masks), xored with
   L_x in the lanes from m's on; the next row's O is O ^ OCB_ROWC ^ L_x.
   Only x needs the block number (BSF): block numbers are public, and so
   are the entries of L they select.  OCB_OFFSETS reads the state at
   %rsi into TW (0) ... TW (7), leaving %rax = L, V0 the last row's O ^
   KC, V1 KC; clobbers %r10, %r11, V0-V6.  After it OCB_ADVANCE, for N
   (a register) blocks: the state's offset becomes that of block blkn +
   N, and blkn += N.  A full call's is O ^ KC after the last row; a
   shorter call walks its N blocks.  */
#define OCB_ROW(i, unused)                                              \
	addq $AES_L, %r10;                                              \
	bsfq %r10, %r11;                                                \
	shlq $4, %r11;                                                  \
	VBCAST128 (%rax, %r11), V(3);                                   \
	VPAND V(6), V(3), V(4);                                         \
	VPXOR V(4), V(0), V(5);                                         \
	SET_TW (i, V(5));                                               \
	XOR3 (V(2), V(3), V(0))
#define OCB_OFFSETS OCB_OFFSETS_FROM (OCB_BLKN_STATE, OCB_O_STATE)
#define OCB_BLKN_STATE movq OCB_STATE_BLKN(%rsi), %r10
#define OCB_O_STATE                                                     \
	VBCAST128 OCB_STATE_OFFSET(%rsi), V(0);                         \
	VPXOR V(1), V(0), V(0)
/* The same from block 0 and offset 0, for the table below.  */
#define OCB_BLKN_ZERO xorl %r10d, %r10d
#define OCB_O_ZERO VMOVA V(1), V(0)
#define OCB_OFFSETS_FROM(blkn, o)                                       \
	blkn;                                                           \
	movl %r10d, %r11d;                                              \
	andl $(AES_L-1), %r11d;                                         \
	imull $(3*VB), %r11d, %r11d;                                    \
	leaq .Laes_ocb_masks(%rip), %rax;                               \
	addq %rax, %r11;                                                \
	movq OCB_STATE_L(%rsi), %rax;                                   \
	VBCAST128 (%rax), V(1);                                         \
	VPAND (%r11), V(1), V(1);                                       \
	VBCAST128 16(%rax), V(2);                                       \
	VPAND VB(%r11), V(2), V(2);                                     \
	VPXOR V(2), V(1), V(1);                                         \
	VMOVA (2*VB)(%r11), V(6);                                       \
	VBCAST128 OCB_ROWC(%rax), V(2);                                 \
	o;                                                              \
	andq $-AES_L, %r10;                                             \
	ROWS8 (OCB_ROW, )
#define OCB_ADVANCE(n)                                                  \
	cmpq $AES_W, n;                                                 \
	jb 71f;                                                         \
	vpxor %xmm1, %xmm0, %xmm0;                                      \
	vmovdqu %xmm0, OCB_STATE_OFFSET(%rsi);                          \
	addq $AES_W, OCB_STATE_BLKN(%rsi);                              \
	jmp 73f;                                                        \
71:	vmovdqu OCB_STATE_OFFSET(%rsi), %xmm0;                          \
	movq OCB_STATE_BLKN(%rsi), %r10;                                \
	movq n, %r11;                                                   \
72:	addq $1, %r10;                                                  \
	bsfq %r10, %rax;                                                \
	shlq $4, %rax;                                                  \
	addq OCB_STATE_L(%rsi), %rax;                                   \
	vpxor (%rax), %xmm0, %xmm0;                                     \
	subq $1, %r11;                                                  \
	jnz 72b;                                                        \
	vmovdqu %xmm0, OCB_STATE_OFFSET(%rsi);                          \
	addq n, OCB_STATE_BLKN(%rsi);                                   \
73:
/* SUMT ^= the blocks of V0-V7; at the end the 16 bytes at M ^= the
   xor of SUMT's lanes.  */
#define SUM8                                                            \
	XOR3 (V(0), V(1), SUMT);                                        \
	XOR3 (V(2), V(3), SUMT);                                        \
	XOR3 (V(4), V(5), SUMT);                                        \
	XOR3 (V(6), V(7), SUMT)
#define SUM_OUT(m)                                                      \
	FOLD_SUM;                                                       \
	VPXOR m, SUMX, SUMX;                                            \
	VMOVU SUMX, m
#define OCBX(i, unused) XOR3 (TW (i), RK0X, V(i))
/* Out with the offsets xored, the lanes past N cleared for the sum.  */
#define OCBOUT_M(i, unused) XTSOUT_M (i, ); ZERO_M (i)
#define ZERO_M_ROW(i, unused) ZERO_M (i)
#define OCB_CRYPT(m, outrow)                                            \
	OCB_OFFSETS;                                                    \
	OCB_ADVANCE (%r8);                                              \
	LOAD8_##m (0, %rcx);                                            \
	testl $1, %r9d;                                                 \
	jz 82f;                                                         \
	SUM8;                                                           \
82:	KEYS_BY_FLAG (KEYS_AGAIN);                                      \
	RK0X_LOAD;                                                      \
	ROWS8 (OCBX, );                                                 \
	CRYPT_BY_FLAG_K0_##m;                                           \
	ROWS8 (outrow, );                                               \
	testl $1, %r9d;                                                 \
	jnz 83f;                                                        \
	SUM8;                                                           \
83:
#define OCB_A OCB_CRYPT (A, XTSOUT_A)
#define OCB_M OCB_CRYPT (M, OCBOUT_M)

/* Full groups from a block number that is a multiple of AES_W: there
   the offset of the group's block j (1 to AES_W) is O ^ P_j, O that
   before the group and P_j = L_ntz(1) ^ ... ^ L_ntz(j), the same for
   every group but in its last block, whose L_ntz(blkn + AES_W) the
   group adds (OCB_LX, in the last lane only OCB_LXH).  So OCBF_SETUP
   stores P (the last lane P_(AES_W-1)) with key 0 added once a call in
   the stack frame at OCBP (i), and a row's offset and key 0 are one
   three-way xor with O, its offset at the output one with O ^ key 0
   (OCB_OK0): libgcrypt's VAES OCB precomputes such a table too.  The
   next O is O ^ P_(AES_W-1) (OCB_Q) ^ OCB_LX.  Clobbers %rax, %r10,
   %r11, V0-V14; OCBF_KEYS_* set the keys up.  */
#define OCBP(i) (VB*(i))(%rsp)
#define OCB_O V(8)
#define OCB_OK0 V(9)
#define OCB_LX V(10)
#define OCB_LXH V(11)
#define OCB_Q V(14)
#define OCBF_K0(i) VPXOR TW (i), RK0X, V(0); VMOVA V(0), OCBP (i)
#define OCBF_KEYS_CRYPT KEYS_BY_FLAG (KEYS_AGAIN)
#define OCBF_KEYS_AUTH KEYS_AGAIN (0)
#define OCBF_SETUP(k)                                                   \
	OCB_OFFSETS_FROM (OCB_BLKN_ZERO, OCB_O_ZERO);                   \
	VPXOR V(4), V(5), V(5);                                         \
	VMOVA V(5), OCBP (7);                                           \
	OCBF_KEYS_##k;                                                  \
	RK0X_LOAD;                                                      \
	OCBF_K0 (0); OCBF_K0 (1); OCBF_K0 (2); OCBF_K0 (3);             \
	OCBF_K0 (4); OCBF_K0 (5); OCBF_K0 (6);                          \
	VBCAST128 (8*VB-16)(%rsp), OCB_Q;                               \
	VPXOR RK0X, V(5), V(0);                                         \
	VMOVA V(0), OCBP (7);                                           \
	VBCAST128 OCB_STATE_OFFSET(%rsi), OCB_O;                        \
	VPXOR RK0X, OCB_O, OCB_OK0;                                     \
	OCBF_SETUP_LAST
#define OCBF_LXS                                                        \
	movq OCB_STATE_BLKN(%rsi), %rax;                                \
	addq $AES_W, %rax;                                              \
	movq %rax, OCB_STATE_BLKN(%rsi);                                \
	bsfq %rax, %rax;                                                \
	shlq $4, %rax;                                                  \
	addq OCB_STATE_L(%rsi), %rax;                                   \
	VBCAST128 (%rax), OCB_LX;                                       \
	VPAND (.Laes_ocb_last+64-VB)(%rip), OCB_LX, OCB_LXH
#define OCBF_IN(i, unused) XOR3 (OCBP (i), OCB_O, V(i))
#define OCBF_OUT(i, unused) XOR3 (OCBP (i), OCB_OK0, V(i))
#define OCBF_NEXT_O                                                     \
	XOR3 (OCB_Q, OCB_LX, OCB_O);                                    \
	VPXOR RK0X, OCB_O, OCB_OK0
#ifdef OCB_FOLD_LAST
/* With a stack frame of 16 rows, the output's offset goes into the
   last round key of each row instead of a xor after it: OCBPL (i)
   holds P ^ K_last, and the rounds end with key O ^ OCBPL (i) (and
   OCB_LXH in row 7), which saves a xor a row where XOR3 takes two
   instructions.  */
#define OCBPL(i) (VB*((i)+8))(%rsp)
#define OCBF_PL(i, unused) VPXOR OCBP (i), V(1), V(0); VMOVA V(0), OCBPL (i)
#define OCBF_SETUP_LAST                                                 \
	RK_LOAD (14);                                                   \
	VPXOR RK0X, RK (14), V(1);                                      \
	ROWS8 (OCBF_PL, )
#define OCBL_ROW(i, oplast)                                             \
	VPXOR OCBPL (i), OCB_O, RK (14); oplast RK (14), V(i), V(i)
#define OCB_LAST(oplast)                                                \
	OCBL_ROW (0, oplast); OCBL_ROW (1, oplast);                     \
	OCBL_ROW (2, oplast); OCBL_ROW (3, oplast);                     \
	OCBL_ROW (4, oplast); OCBL_ROW (5, oplast);                     \
	OCBL_ROW (6, oplast);                                           \
	VPXOR OCBPL (7), OCB_O, RK (14);                                \
	VPXOR OCB_LXH, RK (14), RK (14);                                \
	oplast RK (14), V(7), V(7)
#define OCBF_OUT_ROWS
#define OCBF_NEXT XOR3 (OCB_Q, OCB_LX, OCB_O)
#else
#define OCBF_SETUP_LAST
#define OCBF_OUT_ROWS ROWS8 (OCBF_OUT, ); VPXOR OCB_LXH, V(7), V(7)
#define OCBF_NEXT OCBF_NEXT_O
#endif
/* A full group's input, with the checksum of the plaintext when
   encrypting, and its output, with the checksum when decrypting; the
   rounds between them run in line (aes-vaes-rounds.h): through a call
   of a core the same group ran slower (doc/HACKING, "Tuning notes",
   AES VAES OCB's rounds in line).  */
#define OCBF_IN_ENC                                                     \
	OCBF_LXS; LOAD8_A (0, %rcx); SUM8;                              \
	ROWS8 (OCBF_IN, ); VPXOR OCB_LXH, V(7), V(7)
#define OCBF_IN_DEC                                                     \
	OCBF_LXS; LOAD8_A (0, %rcx);                                    \
	ROWS8 (OCBF_IN, ); VPXOR OCB_LXH, V(7), V(7)
#define OCBF_OUT_ENC OCBF_OUT_ROWS; STORE8_A (0, %rdx); OCBF_NEXT
#define OCBF_OUT_DEC OCBF_OUT_ROWS; STORE8_A (0, %rdx); SUM8; OCBF_NEXT
#define OCBF_AUTH                                                       \
	OCBF_LXS;                                                       \
	LOAD8_A (0, %rdx);                                              \
	ROWS8 (OCBF_IN, );                                              \
	VPXOR OCB_LXH, V(7), V(7);                                      \
	call LOCAL (enc8_k0);                                           \
	SUM8;                                                           \
	XOR3 (OCB_Q, OCB_LX, OCB_O)
/* The full groups of N (%r8, counted down), if blkn is a multiple of
   AES_W: OCBF_BEGIN (K, CRYPT or AUTH) goes on to 79 if not; each
   group ends with OCBF_LOOP (the loop's label, ADV), and after the
   last OCBF_END stores the state's offset.  */
#define OCBF_BEGIN(k)                                                   \
	cmpq $AES_W, %r8;                                               \
	jb 79f;                                                         \
	testl $(AES_W-1), OCB_STATE_BLKN(%rsi);                         \
	jnz 79f;                                                        \
	OCBF_SETUP (k)
#define OCBF_LOOP(label, adv)                                           \
	adv;                                                            \
	subq $AES_W, %r8;                                               \
	cmpq $AES_W, %r8;                                               \
	jae label
#define OCBF_END vmovdqu %xmm8, OCB_STATE_OFFSET(%rsi)

/* OCB: %rdi ctx, %rsi the bulk_ocb_state_t, %rdx out, %rcx in, %r8 N,
   %r9d nonzero to encrypt.  The checksum is over the plaintext: the
   input when encrypting, before the cipher, the output when
   decrypting; the lanes past N are zero in both.  */
ENTRY (PUB (ocb_crypt))
	XTS_FRAME_ENTER
	FLAG01
	KEYS_BY_FLAG (KEYS_ONCE)
	VPXOR SUMT, SUMT, SUMT
	OCBF_BEGIN (CRYPT)
	testl %r9d, %r9d
	jz 77f
78:	OCBF_IN_ENC
#define ROUNDS_OP vaesenc
#define ROUNDS_OPLAST vaesenclast
#define ROUNDS_ROWS 8
#ifdef OCB_FOLD_LAST
# define ROUNDS_LAST OCB_LAST
#endif
#include "aes-vaes-rounds.h"
	OCBF_OUT_ENC
	OCBF_LOOP (78b, ADV_IO)
	jmp 75f
77:	OCBF_IN_DEC
#define ROUNDS_OP vaesdec
#define ROUNDS_OPLAST vaesdeclast
#define ROUNDS_ROWS 8
#ifdef OCB_FOLD_LAST
# define ROUNDS_LAST OCB_LAST
#endif
#include "aes-vaes-rounds.h"
	OCBF_OUT_DEC
	OCBF_LOOP (77b, ADV_IO)
75:	OCBF_END
79:	testq %r8, %r8
	jz 76f
	GROUPS (%r8, OCB, ADV_IO)
76:	SUM_OUT (OCB_STATE_CHECKSUM(%rsi))
	XTS_FRAME_LEAVE
	CLEAR_ALL
	ret
END (PUB (ocb_crypt))

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the bulk_ocb_state_t (its
   checksum the sum), %rdx the data, %r8 N (moved from %rcx).  */
#define OCBH(m, zero)                                                   \
	OCB_OFFSETS;                                                    \
	OCB_ADVANCE (%r8);                                              \
	LOAD8_##m (0, %rdx);                                            \
	KEYS_AGAIN (0);                                                 \
	RK0X_LOAD;                                                      \
	ROWS8 (OCBX, );                                                 \
	call CORE_ENC_K0_##m;                                           \
	zero;                                                           \
	SUM8
#define CORE_ENC_K0_A LOCAL (enc8_k0)
#define CORE_ENC_K0_M LOCAL (enc8_k0_m)
#define OCBH_A OCBH (A, )
#define OCBH_M OCBH (M, ROWS8 (ZERO_M_ROW, ))
ENTRY (PUB (ocb_auth))
	XTS_FRAME_ENTER
	movq %rcx, %r8
	KEYS_ONCE (0)
	VPXOR SUMT, SUMT, SUMT
	OCBF_BEGIN (AUTH)
78:	OCBF_AUTH
	OCBF_LOOP (78b, ADV (%rdx))
	OCBF_END
79:	testq %r8, %r8
	jz 76f
	GROUPS (%r8, OCBH, ADV (%rdx))
76:	SUM_OUT (OCB_STATE_CHECKSUM(%rsi))
	XTS_FRAME_LEAVE
	CLEAR_ALL
	ret
END (PUB (ocb_auth))
