/* serpent-avx2-amd64.S - Serpent on sixteen blocks at once with AVX2
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The word-sliced Serpent of serpent-simd-amd64.h (see there for the
 * layout and the S-box circuits) in YMM registers: each 128-bit lane is
 * transposed on its own (AVX2 unpacks stay within lanes), so register j
 * of a set holds word j of eight blocks, and two sets (blocks 0-7 in
 * RA*, 8-15 in RB*) are interleaved.  Every entry point takes exactly
 * sixteen blocks (the implementation table's width and min_blocks) and
 * ends with VZEROALL, which both clears the registers that held key
 * material or data and leaves the upper halves clean for SSE code, as
 * VZEROUPPER would.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"

#ifdef USE_SERPENT_AVX2

#define V(n) %ymm##n
#define SERPENT_VEX 1
#define VBCAST(m, r) vpbroadcastd m, r

#include "serpent-simd-amd64.h"

#define RTx %xmm13
#define RUx %xmm14

/* Register K of the eight holds blocks 2K and 2K + 1.  */
#define PAIR0 RA0
#define PAIR1 RA1
#define PAIR2 RA2
#define PAIR3 RA3
#define PAIR4 RB0
#define PAIR5 RB1
#define PAIR6 RB2
#define PAIR7 RB3

#define LOAD16(p)                                                       \
	vmovdqu 0*32(p), PAIR0; vmovdqu 1*32(p), PAIR1;                 \
	vmovdqu 2*32(p), PAIR2; vmovdqu 3*32(p), PAIR3;                 \
	vmovdqu 4*32(p), PAIR4; vmovdqu 5*32(p), PAIR5;                 \
	vmovdqu 6*32(p), PAIR6; vmovdqu 7*32(p), PAIR7

#define STORE16(p)                                                      \
	vmovdqu PAIR0, 0*32(p); vmovdqu PAIR1, 1*32(p);                 \
	vmovdqu PAIR2, 2*32(p); vmovdqu PAIR3, 3*32(p);                 \
	vmovdqu PAIR4, 4*32(p); vmovdqu PAIR5, 5*32(p);                 \
	vmovdqu PAIR6, 6*32(p); vmovdqu PAIR7, 7*32(p)

/* Out blocks 2K, 2K + 1 = those of pair K ^ the 32 bytes at SRC.  */
#define XOR_STORE(k, src, out)                                          \
	vpxor src, PAIR##k, PAIR##k; vmovdqu PAIR##k, k*32(out)

.text

/* The callers keep state in %ymm14 and %ymm15 across these.  */
SERPENT_ENC_FN (serpent_avx2_enc16, .Lenc16)
SERPENT_DEC_FN (serpent_avx2_dec16, .Ldec16)

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count (always 16,
   not read).  */
ENTRY (_bcry_serpent_avx2_enc_blk16)
	LOAD16 (%rdx)
	call serpent_avx2_enc16
	STORE16 (%rsi)
	vzeroall
	ret
END (_bcry_serpent_avx2_enc_blk16)

ENTRY (_bcry_serpent_avx2_dec_blk16)
	LOAD16 (%rdx)
	call serpent_avx2_dec16
	STORE16 (%rsi)
	vzeroall
	ret
END (_bcry_serpent_avx2_dec_blk16)

/* XMM register X = the 128-bit big-endian counter %rax:%r9 (high:low);
   then the counter plus one, with the carry into the high half.  */
#define CTR_BLOCK(x)                                                    \
	movq %rax, %r10; bswapq %r10; vmovq %r10, x;                    \
	movq %r9, %r11; bswapq %r11; vpinsrq $1, %r11, x, x;            \
	addq $1, %r9; adcq $0, %rax

#define CTR_PAIR(k)                                                     \
	CTR_BLOCK (RTx); CTR_BLOCK (RUx);                               \
	vinserti128 $1, RUx, RT, PAIR##k

/* Pair K from RT, the two counters little-endian, RU the byte
   reversal; then RT += RK, two.  */
#define CTR_VPAIR(k)                                                    \
	vpshufb RU, RT, PAIR##k; vpaddq RK, RT, RT

/* CTR: %rdi ctx, %rsi the counter (advanced by 16), %rdx out, %rcx in,
   %r8 the block count (always 16, not read).  Unless the low half of
   the counter carries within the sixteen, the counters are vector
   additions on its byte-reversed copy, two per register; otherwise
   each is built in general registers.  */
ENTRY (_bcry_serpent_avx2_ctr_enc_blk16)
	movq (%rsi), %rax
	movq 8(%rsi), %r9
	bswapq %rax
	bswapq %r9
	cmpq $-16, %r9
	jae .Lctr16_carry
	vbroadcasti128 .Lbswap128(%rip), RU
	vbroadcasti128 (%rsi), RT
	vpshufb RU, RT, RT
	vpaddq .Lctr_inc(%rip), RT, RT
	vbroadcasti128 .Lctr_step(%rip), RK
	CTR_VPAIR (0); CTR_VPAIR (1); CTR_VPAIR (2); CTR_VPAIR (3)
	CTR_VPAIR (4); CTR_VPAIR (5); CTR_VPAIR (6); CTR_VPAIR (7)
	addq $16, %r9
	jmp .Lctr16_store
.Lctr16_carry:
	CTR_PAIR (0); CTR_PAIR (1); CTR_PAIR (2); CTR_PAIR (3)
	CTR_PAIR (4); CTR_PAIR (5); CTR_PAIR (6); CTR_PAIR (7)
.Lctr16_store:
	bswapq %rax
	bswapq %r9
	movq %rax, (%rsi)
	movq %r9, 8(%rsi)
	call serpent_avx2_enc16
	XOR_STORE (0, 0*32(%rcx), %rdx); XOR_STORE (1, 1*32(%rcx), %rdx)
	XOR_STORE (2, 2*32(%rcx), %rdx); XOR_STORE (3, 3*32(%rcx), %rdx)
	XOR_STORE (4, 4*32(%rcx), %rdx); XOR_STORE (5, 5*32(%rcx), %rdx)
	XOR_STORE (6, 6*32(%rcx), %rdx); XOR_STORE (7, 7*32(%rcx), %rdx)
	vzeroall
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	ret
END (_bcry_serpent_avx2_ctr_enc_blk16)

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count (always 16, not read).
   Pair K is xored with ciphertext blocks 2K - 1 and 2K, one unaligned
   load; the pairs are stored last to first so that, in place, each
   ciphertext block is read before its plaintext overwrites it.  */
ENTRY (_bcry_serpent_avx2_cbc_dec_blk16)
	LOAD16 (%rcx)
	call serpent_avx2_dec16
	vmovdqu 15*16(%rcx), RUx
	XOR_STORE (7, 13*16(%rcx), %rdx); XOR_STORE (6, 11*16(%rcx), %rdx)
	XOR_STORE (5, 9*16(%rcx), %rdx); XOR_STORE (4, 7*16(%rcx), %rdx)
	XOR_STORE (3, 5*16(%rcx), %rdx); XOR_STORE (2, 3*16(%rcx), %rdx)
	XOR_STORE (1, 1*16(%rcx), %rdx)
	vmovdqu (%rsi), RTx
	vinserti128 $1, (%rcx), RT, RT
	XOR_STORE (0, RT, %rdx)
	vmovdqu RUx, (%rsi)
	vzeroall
	ret
END (_bcry_serpent_avx2_cbc_dec_blk16)

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count (always 16, not read).
   The keystream is E(IV), E(C_0), ..., E(C_14).  */
ENTRY (_bcry_serpent_avx2_cfb_dec_blk16)
	vmovdqu (%rsi), RTx
	vinserti128 $1, (%rcx), RT, PAIR0
	vmovdqu 1*16(%rcx), PAIR1
	vmovdqu 3*16(%rcx), PAIR2
	vmovdqu 5*16(%rcx), PAIR3
	vmovdqu 7*16(%rcx), PAIR4
	vmovdqu 9*16(%rcx), PAIR5
	vmovdqu 11*16(%rcx), PAIR6
	vmovdqu 13*16(%rcx), PAIR7
	vmovdqu 15*16(%rcx), RTx
	vmovdqu RTx, (%rsi)
	call serpent_avx2_enc16
	XOR_STORE (0, 0*32(%rcx), %rdx); XOR_STORE (1, 1*32(%rcx), %rdx)
	XOR_STORE (2, 2*32(%rcx), %rdx); XOR_STORE (3, 3*32(%rcx), %rdx)
	XOR_STORE (4, 4*32(%rcx), %rdx); XOR_STORE (5, 5*32(%rcx), %rdx)
	XOR_STORE (6, 6*32(%rcx), %rdx); XOR_STORE (7, 7*32(%rcx), %rdx)
	vzeroall
	ret
END (_bcry_serpent_avx2_cfb_dec_blk16)

/* OCB (RFC 7253): %ymm15 holds the running offset (low lane), %ymm14
   the checksum of both lanes.  OCB_PAIR (K): the offsets of blocks 2K
   and 2K + 1 from the L_ntz pointers at 8*2K(%r9) and 8*(2K+1)(%r9),
   xored into the pair loaded from IN and parked in OUT until the
   encryption is done; for CHK_IN (encryption) the plaintext is summed
   on the way in.  */
#define ROFF %ymm15
#define ROFFx %xmm15
#define RCHK %ymm14
#define RCHKx %xmm14

#define OCB_PAIR(k, in, out, chk)                                       \
	movq 8*(2*k)(%r9), %r10; movq 8*(2*k+1)(%r9), %r11;             \
	vpxor (%r10), ROFFx, ROFFx; vmovdqa ROFFx, RTx;                 \
	vpxor (%r11), ROFFx, ROFFx;                                     \
	vinserti128 $1, ROFFx, RT, RT;                                  \
	vmovdqu k*32(in), PAIR##k; chk (k);                             \
	vpxor RT, PAIR##k, PAIR##k; vmovdqu RT, k*32(out)
#define CHK(k) vpxor PAIR##k, RCHK, RCHK
#define NO_CHK(k)

#define OCB_LOAD(in, out, chk)                                          \
	movq %r8, %rax;                                                 \
	vmovdqu (%rcx), ROFFx;                                          \
	vpxor RCHK, RCHK, RCHK;                                         \
	OCB_PAIR (0, in, out, chk); OCB_PAIR (1, in, out, chk);         \
	OCB_PAIR (2, in, out, chk); OCB_PAIR (3, in, out, chk);         \
	OCB_PAIR (4, in, out, chk); OCB_PAIR (5, in, out, chk);         \
	OCB_PAIR (6, in, out, chk); OCB_PAIR (7, in, out, chk);         \
	vmovdqu ROFFx, (%rcx)

/* Out pair K ^= the offsets parked there.  */
#define OCB_STORE(k, out, chk)                                          \
	vpxor k*32(out), PAIR##k, PAIR##k; vmovdqu PAIR##k, k*32(out);  \
	chk (k)

#define OCB_FOLD_CHECKSUM                                               \
	vextracti128 $1, RCHK, RTx;                                     \
	vpxor RTx, RCHKx, RCHKx;                                        \
	vpxor (%rax), RCHKx, RCHKx;                                     \
	vmovdqu RCHKx, (%rax)

/* OCB encryption: %rdi ctx, %rsi out, %rdx in, %rcx the offset
   (advanced by 16 blocks), %r8 the checksum (updated; kept in %rax, as
   the rounds use %r8), %r9 sixteen pointers to L_ntz(i), one per
   block.  */
ENTRY (_bcry_serpent_avx2_ocb_enc_blk16)
	OCB_LOAD (%rdx, %rsi, CHK)
	call serpent_avx2_enc16
	OCB_STORE (0, %rsi, NO_CHK); OCB_STORE (1, %rsi, NO_CHK)
	OCB_STORE (2, %rsi, NO_CHK); OCB_STORE (3, %rsi, NO_CHK)
	OCB_STORE (4, %rsi, NO_CHK); OCB_STORE (5, %rsi, NO_CHK)
	OCB_STORE (6, %rsi, NO_CHK); OCB_STORE (7, %rsi, NO_CHK)
	OCB_FOLD_CHECKSUM
	vzeroall
	ret
END (_bcry_serpent_avx2_ocb_enc_blk16)

/* OCB decryption: as encryption, the checksum over the plaintext
   out.  */
ENTRY (_bcry_serpent_avx2_ocb_dec_blk16)
	OCB_LOAD (%rdx, %rsi, NO_CHK)
	call serpent_avx2_dec16
	OCB_STORE (0, %rsi, CHK); OCB_STORE (1, %rsi, CHK)
	OCB_STORE (2, %rsi, CHK); OCB_STORE (3, %rsi, CHK)
	OCB_STORE (4, %rsi, CHK); OCB_STORE (5, %rsi, CHK)
	OCB_STORE (6, %rsi, CHK); OCB_STORE (7, %rsi, CHK)
	OCB_FOLD_CHECKSUM
	vzeroall
	ret
END (_bcry_serpent_avx2_ocb_dec_blk16)

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi not used, %rdx the
   additional data, %rcx the offset (advanced by 16 blocks), %r8 the sum
   (^= every E(A_i ^ Offset_i)), %r9 the L_ntz pointers as for
   encryption.  Nothing is written but the offset and the sum, so the
   offsets are xored in directly.  */
#define AUTH_PAIR(k)                                                    \
	movq 8*(2*k)(%r9), %r10; movq 8*(2*k+1)(%r9), %r11;             \
	vpxor (%r10), ROFFx, ROFFx; vmovdqa ROFFx, RTx;                 \
	vpxor (%r11), ROFFx, ROFFx;                                     \
	vinserti128 $1, ROFFx, RT, RT;                                  \
	vpxor k*32(%rdx), RT, PAIR##k

ENTRY (_bcry_serpent_avx2_ocb_auth_blk16)
	movq %r8, %rax
	vmovdqu (%rcx), ROFFx
	AUTH_PAIR (0); AUTH_PAIR (1); AUTH_PAIR (2); AUTH_PAIR (3)
	AUTH_PAIR (4); AUTH_PAIR (5); AUTH_PAIR (6); AUTH_PAIR (7)
	vmovdqu ROFFx, (%rcx)
	call serpent_avx2_enc16
	vpxor PAIR1, PAIR0, RCHK; vpxor PAIR2, RCHK, RCHK
	vpxor PAIR3, RCHK, RCHK; vpxor PAIR4, RCHK, RCHK
	vpxor PAIR5, RCHK, RCHK; vpxor PAIR6, RCHK, RCHK
	vpxor PAIR7, RCHK, RCHK
	OCB_FOLD_CHECKSUM
	vzeroall
	ret
END (_bcry_serpent_avx2_ocb_auth_blk16)

/* XTS (IEEE 1619-2007, 5.3): %rdi ctx, %rsi the tweak (advanced by 16
   blocks), %rdx out, %rcx in, %r8 the block count (always 16, not
   read), %r9d nonzero to encrypt.  The tweaks are stepped in %rax
   (low) and %r10 (high), times x with the carry out of bit 127 folded
   back as 0x87, and parked in OUT until the rounds are done, as the
   OCB offsets are.  */
#define XTS_BLOCK(x)                                                    \
	vmovq %rax, x; vpinsrq $1, %r10, x, x;                          \
	movq %r10, %r11; sarq $63, %r11; andl $0x87, %r11d;             \
	shldq $1, %rax, %r10; addq %rax, %rax; xorq %r11, %rax

#define XTS_PAIR(k)                                                     \
	XTS_BLOCK (RTx); XTS_BLOCK (RUx);                               \
	vinserti128 $1, RUx, RT, RT;                                    \
	vpxor k*32(%rcx), RT, PAIR##k; vmovdqu RT, k*32(%rdx)

ENTRY (_bcry_serpent_avx2_xts_crypt_blk16)
	movq (%rsi), %rax
	movq 8(%rsi), %r10
	XTS_PAIR (0); XTS_PAIR (1); XTS_PAIR (2); XTS_PAIR (3)
	XTS_PAIR (4); XTS_PAIR (5); XTS_PAIR (6); XTS_PAIR (7)
	movq %rax, (%rsi)
	movq %r10, 8(%rsi)
	xorl %eax, %eax
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	testl %r9d, %r9d
	jz .Lxts16_dec
	call serpent_avx2_enc16
	jmp .Lxts16_done
.Lxts16_dec:
	call serpent_avx2_dec16
.Lxts16_done:
	OCB_STORE (0, %rdx, NO_CHK); OCB_STORE (1, %rdx, NO_CHK)
	OCB_STORE (2, %rdx, NO_CHK); OCB_STORE (3, %rdx, NO_CHK)
	OCB_STORE (4, %rdx, NO_CHK); OCB_STORE (5, %rdx, NO_CHK)
	OCB_STORE (6, %rdx, NO_CHK); OCB_STORE (7, %rdx, NO_CHK)
	vzeroall
	ret
END (_bcry_serpent_avx2_xts_crypt_blk16)

ELF (.section .rodata)
.align 32
/* Lane i: +i on the low qword, then +2 per pair.  */
.Lctr_inc:
	.quad 0, 0, 1, 0
.Lctr_step:
	.quad 2, 0
.Lbswap128:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0

#endif /* USE_SERPENT_AVX2 */

GNU_STACK_NOTE
