/* aes-vaes-avx2-amd64.S - AES on 16 blocks with VAES and AVX2
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The kernels of aes-vaes-amd64.h with YMM registers: eight registers
 * of two blocks.  With 16 registers the round keys do not fit: each
 * round broadcasts its key into V15 (one load for eight AESENCs).
 * Short calls move their rows with VPMASKMOVQ, whose 64-bit lanes cover
 * whole blocks two by two and which does not fault on the lanes it
 * leaves out; V14 holds N, V15 the row's mask.  XTS and OCB keep their
 * tweaks and offset tables in a stack frame (XTS_FRAME_ENTER of
 * aes-vaes-amd64.h), wiped before returning.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_AES_VAES_AVX2

#define V(n) %ymm##n
#define AES_L 2
#define AES_W 16
#define VB 32
#define VMOVU vmovdqu
#define VMOVA vmovdqa
#define VPXOR vpxor
#define VBCAST128 vbroadcasti128
#define AES_STEP .Laes_step2
#define AES_STEP_BE .Laes_step2_be
#define XOR3(a, b, d) vpxor a, d, d; vpxor b, d, d

/* Key 0 at %r10, key index k (14 the last round's, see
   aes-vaes-amd64.h) at 16 k + %r11.  */
#define RK0 %ymm15
#define RK0_LOAD vbroadcasti128 (%r10), %ymm15
#define RK_LOAD(k) vbroadcasti128 (16*(k))(%r11), %ymm15
#define RK(k) %ymm15
/* Key 0 where XTS and OCB add it with their tweaks: V15 holds the
   masks of short calls there, V13 is free.  */
#define RK0X %ymm13
#define RK0X_LOAD vbroadcasti128 (%r10), %ymm13
#define KEYS(off)                                                       \
	leaq off(%rdi), %r10;                                           \
	movl AES_CTX_ROUNDS(%rdi), %r11d;                                          \
	shll $4, %r11d;                                                 \
	leaq ((off)-224)(%rdi, %r11), %r11

#define SET_NB(n) vmovq n, %xmm14; vpbroadcastq %xmm14, %ymm14
#define MASK(i) vpcmpgtq (.Laes_rows2+32*(i))(%rip), %ymm14, %ymm15
/* ZF = no block in rows R to 7 (aes-vaes-amd64.h's AES_CORE_M).  */
#define ROWS_EMPTY(r) MASK (r); vptest %ymm15, %ymm15
/* A row that holds no block is not touched at all: a masked-out
   access to a page not present or not writable costs a microcode
   assist (see aes-vaes-avx512-amd64.S).  A skipped load leaves zeros
   as the masked one would.  */
.macro row_m_load i, mem, reg
	MASK (\i)
	vptest %ymm15, %ymm15
	jz .Lrow_m_zero\@
	vpmaskmovq \mem, %ymm15, \reg
	jmp .Lrow_m_done\@
.Lrow_m_zero\@:
	vpxor \reg, \reg, \reg
.Lrow_m_done\@:
.endm
.macro row_m_store i, mem, reg
	MASK (\i)
	vptest %ymm15, %ymm15
	jz .Lrow_m_done\@
	vpmaskmovq \reg, %ymm15, \mem
.Lrow_m_done\@:
.endm
.macro row_m_xor i, mem, reg
	MASK (\i)
	vptest %ymm15, %ymm15
	jz .Lrow_m_done\@
	vpmaskmovq \mem, %ymm15, %ymm13
	vpxor %ymm13, \reg, \reg
.Lrow_m_done\@:
.endm
#define LOAD_M(i, d, m) row_m_load i, MEM (i, d, m), V(i)
#define STORE_M(i, d, m) row_m_store i, MEM (i, d, m), V(i)
#define XIN_M(i, d, m) row_m_xor i, MEM (i, d, m), V(i)
/* DST = the row of blocks before IN's first, the chain value %xmm9
   first: IN's first block is all it reads, so that in place it does not
   wait for the previous group's stores below IN to retire (a load that
   overlaps a store only in part cannot take its data).  */
#define PREV0_A(dst, in) vinserti128 $1, (in), %ymm9, dst
#define PREV0_M(dst, in) PREV0_A (dst, in)

#define ZERO_M(i) MASK (i); vpand %ymm15, V(i), V(i)
#define VPAND vpand
#define SUMT %ymm12
#define SUMX %xmm12
#define FOLD_SUM vextracti128 $1, %ymm12, %xmm13; vpxor %xmm13, %xmm12, %xmm12
/* OCB's offsets take %r10 and %r11: the key pointers are set again
   after them.  */
#define KEYS_ONCE(off)
#define KEYS_AGAIN(off) KEYS (off)
/* Over two lanes a row's L_0 stays.  */
#define OCB_ROWC 0
#define TW(i) (32*(i))(%rsp)
#define SET_TW(i, r) vmovdqa r, TW(i)

#define CLEAR_ALL vzeroall
/* OCB's frame (that of XTS) has room for the last round's keys.  */
#define OCB_FOLD_LAST

/* OCB: for blkn mod 2 = 0, 1, the lanes (as quadwords) whose offset,
   counted from the one before the row, has L_0, none (L_1 is some
   row's L_x), and the row's L_x.  */
	.section .rodata
	.align 32
.Laes_ocb_masks:
	.irp m, 0x0f, 0, 0x0c, 0x0c, 0, 0x0f
	.irp q, 0, 1, 2, 3
	.quad -((\m >> \q) & 1)
	.endr
	.endr
	.text

#define PUB(op) _bcry_aes_vaes_avx2_##op##_blk16
#define LOCAL(op) aes_vaes_avx2_##op

#include "aes-vaes-amd64.h"

#endif /* USE_AES_VAES_AVX2 */

GNU_STACK_NOTE
