/* aes-vaes-avx512-amd64.S - AES on 32 blocks with VAES and AVX-512
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The kernels of aes-vaes-amd64.h with ZMM registers: eight registers
 * of four blocks.  The 32 registers of AVX-512 keep every round key,
 * broadcast once a call into V16-V30, so the rounds load nothing;
 * V8-V15 hold XTS's tweaks.  Short calls mask their loads and stores
 * with opmask registers (k1, from the quadwords of the N blocks in
 * k7), which do not fault on the lanes they leave out.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"
#include "ghash-vpclmul-amd64.h"

#ifdef USE_AES_VAES_AVX512

#define V(n) %zmm##n
#define AES_L 4
#define AES_W 32
#define VB 64
#define VMOVU vmovdqu64
#define VMOVA vmovdqa64
#define VPXOR vpxorq
#define VBCAST128 vbroadcasti32x4
#define AES_STEP .Laes_step4
#define AES_STEP_BE .Laes_step4_be
#define XOR3(a, b, d) vpternlogq $0x96, a, b, d

/* Key index k (14 the last round's, see aes-vaes-amd64.h) in
   V(16 + k), key 0 in V16: AES-128 leaves V17-V20 unused.  */
#define RK0 %zmm16
#define RK0_LOAD
#define RK_LOAD(k)
/* Key 0 where XTS and OCB add it with their tweaks.  */
#define RK0X %zmm16
#define RK0X_LOAD
#define RK(k) RK_##k
#define RK_1 %zmm17
#define RK_2 %zmm18
#define RK_3 %zmm19
#define RK_4 %zmm20
#define RK_5 %zmm21
#define RK_6 %zmm22
#define RK_7 %zmm23
#define RK_8 %zmm24
#define RK_9 %zmm25
#define RK_10 %zmm26
#define RK_11 %zmm27
#define RK_12 %zmm28
#define RK_13 %zmm29
#define RK_14 %zmm30
/* The schedule at OFF in the context %rdi into the key registers;
   clobbers %rax.  */
#define KEYS(off)                                                       \
	vbroadcasti32x4 off(%rdi), %zmm16;                              \
	movl AES_CTX_ROUNDS(%rdi), %eax;                                           \
	shll $4, %eax;                                                  \
	leaq ((off)-224)(%rdi, %rax), %rax;                             \
	cmpl $12, AES_CTX_ROUNDS(%rdi);                                            \
	jb 81f;                                                         \
	je 82f;                                                         \
	vbroadcasti32x4 16(%rax), %zmm17;                               \
	vbroadcasti32x4 32(%rax), %zmm18;                               \
82:	vbroadcasti32x4 48(%rax), %zmm19;                               \
	vbroadcasti32x4 64(%rax), %zmm20;                               \
81:	vbroadcasti32x4 80(%rax), %zmm21;                               \
	vbroadcasti32x4 96(%rax), %zmm22;                               \
	vbroadcasti32x4 112(%rax), %zmm23;                              \
	vbroadcasti32x4 128(%rax), %zmm24;                              \
	vbroadcasti32x4 144(%rax), %zmm25;                              \
	vbroadcasti32x4 160(%rax), %zmm26;                              \
	vbroadcasti32x4 176(%rax), %zmm27;                              \
	vbroadcasti32x4 192(%rax), %zmm28;                              \
	vbroadcasti32x4 208(%rax), %zmm29;                              \
	vbroadcasti32x4 224(%rax), %zmm30

/* k7 = the quadwords of the first N blocks, row i's byte of it in k1;
   clobbers %rax, %r10.  */
#define SET_NB(n)                                                       \
	leaq (n, n), %rax;                                              \
	movq $-1, %r10;                                                 \
	bzhiq %rax, %r10, %rax;                                         \
	kmovq %rax, %k7
#define MASK(i) kshiftrq $(8*(i)), %k7, %k1
/* ZF = no block in rows R to 7 (aes-vaes-amd64.h's AES_CORE_M).  */
#define ROWS_EMPTY(r) kshiftrq $(8*(r)), %k7, %k1; kortestq %k1, %k1
/* A masked-out access is still checked against its page: where that
   page is not present or not writable, as the page after a buffer
   often is, the CPU suppresses the fault in a microcode assist that
   took a 225-block CTR call from 120 to 1400 ns.  So a row that holds
   no block is not touched at all, a skipped load leaving zeros as the
   masked one would.  A row that holds some still reaches up to 48
   bytes past the last: only a buffer not aligned to 64 bytes that ends
   that near its page's end meets the assist then.  A row that holds
   four blocks moves unmasked: a masked store costs more than a plain
   one, and most rows of a short group are full (doc/HACKING, "Tuning
   notes", AES short groups first).  */
.macro row_m_load i, mem, reg
	MASK (\i)
	kortestb %k1, %k1
	jc .Lrow_m_full\@
	jz .Lrow_m_zero\@
	vmovdqu64 \mem, \reg{%k1}{z}
	jmp .Lrow_m_done\@
.Lrow_m_full\@:
	vmovdqu64 \mem, \reg
	jmp .Lrow_m_done\@
.Lrow_m_zero\@:
	vpxorq \reg, \reg, \reg
.Lrow_m_done\@:
.endm
.macro row_m_store i, mem, reg
	MASK (\i)
	kortestb %k1, %k1
	jc .Lrow_m_full\@
	jz .Lrow_m_done\@
	vmovdqu64 \reg, \mem{%k1}
	jmp .Lrow_m_done\@
.Lrow_m_full\@:
	vmovdqu64 \reg, \mem
.Lrow_m_done\@:
.endm
.macro row_m_xor i, mem, reg
	MASK (\i)
	kortestb %k1, %k1
	jc .Lrow_m_full\@
	jz .Lrow_m_done\@
	vpxorq \mem, \reg, \reg{%k1}
	jmp .Lrow_m_done\@
.Lrow_m_full\@:
	vpxorq \mem, \reg, \reg
.Lrow_m_done\@:
.endm
#define LOAD_M(i, d, m) row_m_load i, MEM (i, d, m), V(i)
#define STORE_M(i, d, m) row_m_store i, MEM (i, d, m), V(i)
#define XIN_M(i, d, m) row_m_xor i, MEM (i, d, m), V(i)
/* DST = the row of blocks before IN's first, the chain value %xmm9
   first, from IN's row and no memory below it: in place, a load that
   overlapped the previous group's last stores in part would wait for
   them to retire (it cannot take its data from them).  Clobbers
   %zmm11.  */
#define PREV0_A(dst, in)                                                \
	vmovdqu64 (in), dst;                                            \
	vshufi64x2 $0, %zmm9, %zmm9, %zmm11;                            \
	valignq $6, %zmm11, dst, dst
#define PREV0_M(dst, in)                                                \
	MASK (0); vmovdqu64 (in), dst{%k1}{z};                          \
	vshufi64x2 $0, %zmm9, %zmm9, %zmm11;                            \
	valignq $6, %zmm11, dst, dst

#define TW(i) TW_##i
#define TW_0 %zmm8
#define TW_1 %zmm9
#define TW_2 %zmm10
#define TW_3 %zmm11
#define TW_4 %zmm12
#define TW_5 %zmm13
#define TW_6 %zmm14
#define TW_7 %zmm15
#define SET_TW(i, r) vmovdqa64 r, TW(i)
#define ZERO_M(i) MASK (i); vmovdqa64 V(i), V(i){%k1}{z}
#define VPAND vpandq
/* OCB's sum of rows in V31, folded with V30 once the keys are no
   longer needed.  */
#define SUMT %zmm31
#define SUMX %xmm31
#define FOLD_SUM                                                        \
	vextracti64x4 $1, %zmm31, %ymm30; vpxorq %ymm30, %ymm31, %ymm31; \
	vextracti32x4 $1, %ymm31, %xmm30; vpxorq %xmm30, %xmm31, %xmm31
#define KEYS_ONCE(off) KEYS (off)
#define KEYS_AGAIN(off)
/* Over four lanes a row's L_0 terms cancel, its L_1 stays.  */
#define OCB_ROWC 16
/* XTS moves its tweak registers on during the rounds (see
   aes-vaes-amd64.h), V31 the scratch; a full group's tweaks wait in a
   stack frame for the output, wiped before returning.  OCB keeps its
   table of offsets in the same frame.  */
#define XTS_TW_INTERLEAVE
#define XSCR %zmm31
#define TWS(i) (64*(i))(%rsp)
#define XTS_FRAME_ENTER                                                 \
	pushq %rbp;                                                     \
	.cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;              \
	movq %rsp, %rbp;                                                \
	.cfi_def_cfa_register %rbp;                                     \
	subq $512, %rsp;                                                \
	andq $-64, %rsp
#define XTS_FRAME_LEAVE                                                 \
	vpxord %xmm0, %xmm0, %xmm0;                                     \
	vmovdqa64 %zmm0, 0(%rsp); vmovdqa64 %zmm0, 64(%rsp);            \
	vmovdqa64 %zmm0, 128(%rsp); vmovdqa64 %zmm0, 192(%rsp);         \
	vmovdqa64 %zmm0, 256(%rsp); vmovdqa64 %zmm0, 320(%rsp);         \
	vmovdqa64 %zmm0, 384(%rsp); vmovdqa64 %zmm0, 448(%rsp);         \
	movq %rbp, %rsp;                                                \
	popq %rbp;                                                      \
	.cfi_def_cfa %rsp, 8; .cfi_restore %rbp

/* ZMM16-31 are out of VZEROALL's reach.  */
#define CLEAR_ALL                                                       \
	vpxord %xmm16, %xmm16, %xmm16; vpxord %xmm17, %xmm17, %xmm17;   \
	vpxord %xmm18, %xmm18, %xmm18; vpxord %xmm19, %xmm19, %xmm19;   \
	vpxord %xmm20, %xmm20, %xmm20; vpxord %xmm21, %xmm21, %xmm21;   \
	vpxord %xmm22, %xmm22, %xmm22; vpxord %xmm23, %xmm23, %xmm23;   \
	vpxord %xmm24, %xmm24, %xmm24; vpxord %xmm25, %xmm25, %xmm25;   \
	vpxord %xmm26, %xmm26, %xmm26; vpxord %xmm27, %xmm27, %xmm27;   \
	vpxord %xmm28, %xmm28, %xmm28; vpxord %xmm29, %xmm29, %xmm29;   \
	vpxord %xmm30, %xmm30, %xmm30; vpxord %xmm31, %xmm31, %xmm31;   \
	kxorq %k1, %k1, %k1; kxorq %k2, %k2, %k2; kxorq %k7, %k7, %k7;  \
	vzeroall

/* OCB: for blkn mod 4 = 0 ... 3, the lanes (as quadwords) whose
   offset, counted from the one before the row, has L_0, L_1, and the
   row's L_x.  */
	.section .rodata
	.align 64
.Laes_ocb_masks:
	.irp m, 0x0f, 0xfc, 0xc0, 0x3c, 0xff, 0xf0, 0x0f, 0xc0, 0xfc, 0x3c, 0xf0, 0xff
	.irp q, 0, 1, 2, 3, 4, 5, 6, 7
	.quad -((\m >> \q) & 1)
	.endr
	.endr
	.text

#define PUB(op) _bcry_aes_vaes_avx512_##op##_blk32
#define LOCAL(op) aes_vaes_avx512_##op

#include "aes-vaes-amd64.h"

/* Stitched GCM and GCM-SIV (aes-vaes-avx512-gcm.h, the bulk_gcm_fn_t
   of src/cipher-proto.h, any count), described here for GCM:
   each full group of 32 blocks runs CTR as ctr_enc's general counter
   path with the GHASH of the 32 blocks at HASH between its rounds, one
   row of four blocks after a round, each row multiplied by its powers
   (H^32 .. H^17 from the state's POW32, H^16 .. H^1 from its POW) with
   Karatsuba's three products, and one reduction a group.  The
   carry-less multiplier is a unit of its own beside the AES units, but
   it takes two cycles a multiply, so the 26 multiplies of a group are
   its floor, and the rounds fit under them; with the other vector
   operations, the pipes are nearly full (doc/HACKING, "Tuning notes").
   The hash stays in registers from group to group, as the folded,
   unreduced sums (V19, V20): the next group reduces them after its
   first row, and the row that adds the hash, the first, is multiplied
   last, so that no row waits for a reduction.  The middle operands of
   every power come from the state: computed in the rows, they held
   back the multiplies that read them.
   A call that hashes its own output (BULK_GCM_HASH_OUT) encrypts its
   first group alone, then each group hashes the one before it, a
   shorter last group masked; after the loop the last group's own
   blocks are hashed in masked rows against the last of the powers.
   Decrypting, the rest after the groups is hashed the same way, then
   goes to ctr_enc.  A call of fewer than 32 blocks, or one without
   HASH, runs GHASH_ZMM_ANY and ctr_enc (its own output: ctr_enc
   first).  The generic GCM path (cipher/bulkhelp.c) fills K and POW32
   first (_bcry_ghash_need_stitch).
   GCM-SIV's entry is the same with its counter (as ctr32le_enc) and
   POLYVAL's blocks, which need no byte reversal.
   %rdi ctx, %rsi the ghash_state_t, %rdx counter, %rcx out, %r8 in,
   %r9 the blocks to hash, each group read before its OUT is written,
   or BULK_GCM_HASH_OUT, N on the stack.  */
GHASH_VPCLMUL_CONSTANTS

/* The byte reversal and the counter's step in registers, not memory
   operands, which the loop would read again each group.  */
#define GCM_BSWAP %zmm17
#define GCM_STEP %zmm18

/* Row R of the blocks at %r9 times its powers P, Karatsuba's middle
   operands of P at PM, into the sums V10 (low halves), V11 (high) and
   V12 (middle, with the low and high products still in it); FIRST
   starts the sums, R = 0 adds the hash so far (V19, its upper lanes
   zero).  P is loaded once for its two multiplies.  */
#define GCM_HROW(r, p, pm, first)                                       \
	GCM_HROW_M (r, p, pm, first, )
/* The same with the row's load masked by M.  */
#define GCM_HROW_M(r, p, pm, first, m)                                  \
	vmovdqu64 (64*(r))(%r9), %zmm13 m;                              \
	.if !GCM_PV;                                                    \
	vpshufb GCM_BSWAP, %zmm13, %zmm13;                              \
	.endif;                                                         \
	.if (r) == 0;                                                   \
	vpxorq %zmm19, %zmm13, %zmm13;                                  \
	.endif;                                                         \
	vmovdqu64 p, %zmm14;                                            \
	vpshufd $0x4e, %zmm13, %zmm15;                                  \
	vpxorq %zmm13, %zmm15, %zmm15;                                  \
	.if (first);                                                    \
	vpclmulqdq $0x00, pm, %zmm15, %zmm12;                           \
	vpclmulqdq $0x00, %zmm14, %zmm13, %zmm10;                       \
	vpclmulqdq $0x11, %zmm14, %zmm13, %zmm11;                       \
	.else;                                                          \
	vpclmulqdq $0x00, pm, %zmm15, %zmm15;                           \
	vpxorq %zmm15, %zmm12, %zmm12;                                  \
	vpclmulqdq $0x00, %zmm14, %zmm13, %zmm15;                       \
	vpclmulqdq $0x11, %zmm14, %zmm13, %zmm13;                       \
	vpxorq %zmm15, %zmm10, %zmm10;                                  \
	vpxorq %zmm13, %zmm11, %zmm11;                                  \
	.endif
#define GCM_HROW_R(r, first)                                            \
	GCM_HROW (r, (GHASH_STATE_POW32+64*(r))(%r11),                  \
		  (GHASH_STATE_MID32+64*(r))(%r11), first)
/* Row R of a last group's own blocks (the N of k7), the powers from
   %rax: on to 76 when the row holds none.  */
#define GCM_HROW_TAIL(r)                                                \
	MASK (r);                                                       \
	kortestq %k1, %k1;                                              \
	jz 76f;                                                         \
	GCM_HROW_M (r, (GHASH_STATE_POW32+64*(r))(%rax),                \
		    (GHASH_STATE_MID32+64*(r))(%rax), 0, {%k1}{z})
#define GCM_ROUND_HROW(k, r, first)                                     \
	ROUND8 (vaesenc, k);                                            \
	GCM_HROW_R (r, first)
/* A round with key K (1 to 4, of AES-192 and AES-256) broadcast into
   V13 from the schedule at %rax (as KEYS leaves it), which leaves
   V17-V20 to the loop.  */
#define GCM_ROUNDM(k)                                                   \
	vbroadcasti32x4 (16*(k))(%rax), %zmm13;                         \
	vaesenc %zmm13, V(0), V(0); vaesenc %zmm13, V(1), V(1);         \
	vaesenc %zmm13, V(2), V(2); vaesenc %zmm13, V(3), V(3);         \
	vaesenc %zmm13, V(4), V(4); vaesenc %zmm13, V(5), V(5);         \
	vaesenc %zmm13, V(6), V(6); vaesenc %zmm13, V(7), V(7)
#define GCM_ROUNDM_HROW(k, r, first)                                    \
	GCM_ROUNDM (k);                                                 \
	GCM_HROW_R (r, first)
/* The previous group's sums, folded into V19 (low) and V20 (high),
   reduced into V19.  */
#define GCM_REDUCE_PREV GHASH_REDUCE (19, 20, 15)
/* The sum of the four lanes of %zmmX into %xmmD, T scratch.  */
#define GCM_FOLD(x, d, t)                                               \
	vextracti64x4 $1, %zmm##x, %ymm##t;                             \
	vpxorq %ymm##t, %ymm##x, %ymm##d;                               \
	vextracti32x4 $1, %ymm##d, %xmm##t;                             \
	vpxorq %xmm##t, %xmm##d, %xmm##d
/* The middle sums into the low and high ones.  */
#define GCM_HSUM                                                        \
	vpternlogq $0x96, %zmm10, %zmm11, %zmm12;                       \
	vpslldq $8, %zmm12, %zmm14;                                     \
	vpsrldq $8, %zmm12, %zmm15;                                     \
	vpxorq %zmm14, %zmm10, %zmm10;                                  \
	vpxorq %zmm15, %zmm11, %zmm11
#define GCM_CTR_ROW(i, unused)                                          \
	vpshufb GCM_BSWAP, V(8), V(i);                                  \
	vpaddq AES_STEP(%rip), V(8), V(8)
/* A group whose counters do not carry out of their last byte takes
   them from row 0's byte-reversed once, adding to that byte (as
   ctr_enc's CTRBE), key 0 on the way: seven shuffles fewer, which
   share the AES units' pipes.  V31 the row, V8 moved on by 32.  */
#define GCM_CTRBE_ROW(i, unused)                                        \
	.if (i);                                                        \
	vpaddq GCM_STEP, %zmm31, %zmm31;                                \
	.endif;                                                         \
	VPXOR RK0, %zmm31, V(i)
/* GCM-SIV's counter rows, as ctr32le_enc's.  */
#define GCM_CTR32_ROW(i, unused)                                        \
	VPXOR RK0, V(8), V(i);                                          \
	vpaddd GCM_STEP, V(8), V(8)
	.section .rodata
	.align 64
.Laes_gcm_step32:
	.quad 32, 0, 32, 0, 32, 0, 32, 0
	.text
/* The first group of a call that hashes its own output, before the
   loop takes V17 and V18 from the keys: CTR's rows and rounds.  */
#define GCM_FIRST_CTR_ROW(i, unused)                                    \
	vpshufb .Laes_bswap128(%rip), V(8), V(i);                       \
	vpaddq AES_STEP(%rip), V(8), V(8)
#define GCM_FIRST_CTR32_ROW(i, unused)                                  \
	VPXOR RK0, V(8), V(i);                                          \
	vpaddd AES_STEP(%rip), V(8), V(8)
#define GCM_PV 0
#define GCM_ENTRY _bcry_aes_vaes_avx512_gcm_crypt_blk32
#define GCM_CTR_ENTRY PUB (ctr_enc)
#define GCM_HASH LOCAL (gcm_hash)
#define GCM_FIRST_ROW GCM_FIRST_CTR_ROW
#define GCM_FIRST_CORE LOCAL (enc8)
#include "aes-vaes-avx512-gcm.h"
#undef GCM_PV
#undef GCM_ENTRY
#undef GCM_CTR_ENTRY
#undef GCM_HASH
#undef GCM_FIRST_ROW
#undef GCM_FIRST_CORE
#define GCM_PV 1
#define GCM_ENTRY _bcry_aes_vaes_avx512_gcm_siv_crypt_blk32
#define GCM_CTR_ENTRY PUB (ctr32le_enc)
#define GCM_HASH LOCAL (polyval_hash)
#define GCM_FIRST_ROW GCM_FIRST_CTR32_ROW
#define GCM_FIRST_CORE LOCAL (enc8_k0)
#include "aes-vaes-avx512-gcm.h"

#endif /* USE_AES_VAES_AVX512 */

GNU_STACK_NOTE
