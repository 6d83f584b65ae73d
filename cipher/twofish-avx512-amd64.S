/* twofish-avx512-amd64.S - Twofish on thirty-two blocks at once with AVX-512
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Twofish (B. Schneier et al., "Twofish: A 128-Bit Block Cipher", 1998)
 * word sliced across blocks, in ZMM registers: after a 4x4 transpose
 * of 32-bit words within each 128-bit lane, register j of a set holds
 * word j of sixteen blocks, and two sets (blocks 0-15 and 16-31) go
 * through the rounds together.  g does not gather from the tables of
 * 32-bit words that the C uses, which current cores serve too slowly
 * (doc/HACKING, "Tuning notes"): it looks the bytes up in the four
 * key-dependent S-boxes alone (256 bytes each, built at setkey) with
 * VPERMI2B (AVX-512 VBMI), 64 bytes an instruction, and applies the
 * MDS matrix as GF(2)-linear maps on bytes (VGF2P8AFFINEQB, GFNI) and
 * byte shuffles.  VPROLD/VPRORD rotate in one step and the round keys
 * are added from memory with an embedded broadcast.  The lookups index
 * registers, not memory, so no address depends on the data.  Every
 * entry point takes 1 to 32 blocks, the loads and stores of a shorter
 * run masked.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_TWOFISH_AVX512

#define CTX %rdi
/* TWOFISH_context (cipher/twofish.c): s[4][256] at 0, k[40] after it.  */
#define TF_S 0
#define TF_K 4096
#define TF_SB 4288
/* The round keys of the current pair of rounds, and where they end.  */
#define RKEY %r8
#define RKEND %r11

/* Register K of the eight holds blocks 4K ... 4K + 3; in the rounds
   set A (%zmm0-%zmm3) holds words A, B, C, D of blocks 0-15 and set B
   (%zmm4-%zmm7) those of blocks 16-31.  The rounds use %zmm0-%zmm15
   and %k3-%k6; the entry points keep their own state in %zmm16 and up
   and clear every vector register they used before returning
   (VZEROALL for %zmm0-%zmm15, which also leaves the upper halves clean
   for SSE code; VPXORD for the others, which VZEROALL does not
   reach).  */
#define Q0 %zmm0
#define Q1 %zmm1
#define Q2 %zmm2
#define Q3 %zmm3
#define Q4 %zmm4
#define Q5 %zmm5
#define Q6 %zmm6
#define Q7 %zmm7

/* O0-O3 = the 4x4 transpose of the 32-bit words of I0-I3 in each
   128-bit lane, T0-T3 scratch; the outputs may be any of the inputs.  */
#define TR4(i0, i1, i2, i3, o0, o1, o2, o3, t0, t1, t2, t3)             \
	vpunpckldq i1, i0, t0; vpunpckhdq i1, i0, t1;                   \
	vpunpckldq i3, i2, t2; vpunpckhdq i3, i2, t3;                   \
	vpunpcklqdq t2, t0, o0; vpunpckhqdq t2, t0, o1;                 \
	vpunpcklqdq t3, t1, o2; vpunpckhqdq t3, t1, o3

/* Expands an argument list before the call.  */
#define XP(m, ...) m (__VA_ARGS__)

/* The byte S-boxes: sbox_j (x), the key-dependent S-box of byte j
   before the MDS matrix, at TF_SB + 256 j + x.  Entries 0-63 and
   128-191 of each are held in registers, 64-127 and 192-255 read from
   memory by the lookups.  */
#define T00 %zmm8
#define T02 %zmm9
#define T10 %zmm10
#define T12 %zmm11
#define T20 %zmm12
#define T22 %zmm13
#define T30 %zmm14
#define T32 %zmm15
/* Scratch of g: the first result, the one in progress, the inverted
   bytes (then the 5B multiples), the EF multiples, and one more.  */
#define RGX %zmm16
#define RGD %zmm18
#define RGN %zmm19
#define RGE %zmm20
#define RGT %zmm30

/* Bytes J of D = sbox_j (themselves), with the bytes at N = ~D:
   VPERMI2B looks up 128 entries (the low seven bits of each byte), so
   the low and high halves of the table each take the bytes in
   position J whose top bit (tested in N for the low half, in the
   unchanged source S for the high one) selects it.  The lookups write
   only those bytes, into the register that is also the index: each
   byte is looked up once, while it still holds x.  */
#define SBOX(j, s, d)                                                   \
	vptestmb .Ltf_pos##j(%rip), RGN, %k3;                           \
	vptestmb .Ltf_pos##j(%rip), s, %k4;                             \
	vpermi2b TF_SB+256*(j)+64(CTX), T##j##0, d{%k3};                \
	vpermi2b TF_SB+256*(j)+192(CTX), T##j##2, d{%k4}

/* D = the MDS matrix times the bytes of D, each word: the products by
   5B and EF are GF(2)-linear maps on bytes (VGF2P8AFFINEQB), and
   byte shuffles within each word route the products of each constant
   to the output bytes: 01 at (0,0), (1,3), (2,2), (3,1); 5B at
   (0,2), (0,3), (1,0), (2,1), (3,3); EF at (0,1), (1,1), (1,2),
   (2,0), (2,3), (3,0), (3,2), (row, column).  */
#define MDS(d)                                                          \
	vgf2p8affineqb $0, .Ltf_mul5b(%rip){1to8}, d, RGN;              \
	vgf2p8affineqb $0, .Ltf_mulef(%rip){1to8}, d, RGE;              \
	vpshufb .Ltf_route01(%rip), d, d;                               \
	vpshufb .Ltf_route5b_a(%rip), RGN, RGT;                         \
	vpshufb .Ltf_route5b_b(%rip), RGN, RGN;                         \
	vpternlogd $0x96, RGT, RGN, d;                                  \
	vpshufb .Ltf_routeef_a(%rip), RGE, RGT;                         \
	vpshufb .Ltf_routeef_b(%rip), RGE, RGE;                         \
	vpternlogd $0x96, RGT, RGE, d

/* D = g (S), with S's bytes in D already.  */
#define G(s, d)                                                         \
	vpxord .Ltf_ones(%rip){1to16}, d, RGN;                          \
	SBOX (0, s, d); SBOX (1, s, d); SBOX (2, s, d); SBOX (3, s, d); \
	MDS (d)

/* RGX = g (A) + g (B <<< 8) + K[N], RGD = g (A) + 2 g (B <<< 8) +
   K[N+1], the pseudo-Hadamard transform and the round keys.  */
#define F(a, b, n)                                                      \
	vmovdqa64 a, RGX; G (a, RGX);                                   \
	vprold $8, b, RGD; G (RGD, RGD);                                \
	vpaddd RGD, RGX, RGX; vpaddd RGD, RGX, RGD;                     \
	vpaddd 4*(n)(RKEY){1to16}, RGX, RGX;                            \
	vpaddd 4*(n)+4(RKEY){1to16}, RGD, RGD

/* One round on words A, B, C, D of a set, keys K[N], K[N+1]:
   C = (C ^ RGX) >>> 1, D = (D <<< 1) ^ RGD; the words are not
   swapped, the next round takes C, D as A, B.  Its inverse:
   C = (C <<< 1) ^ RGX, D = (D ^ RGD) >>> 1.  */
#define ENC_ROUND(a, b, c, d, n)                                        \
	F (a, b, n);                                                    \
	vpxord RGX, c, c; vprord $1, c, c; vprold $1, d, d; vpxord RGD, d, d

#define DEC_ROUND(a, b, c, d, n)                                        \
	F (a, b, n);                                                    \
	vprold $1, c, c; vpxord RGX, c, c; vpxord RGD, d, d; vprord $1, d, d

/* Two rounds on both sets, keys from RKEY + 4 N on.  */
#define ENC_2ROUNDS(n)                                                  \
	ENC_ROUND (%zmm0, %zmm1, %zmm2, %zmm3, n);                      \
	ENC_ROUND (%zmm4, %zmm5, %zmm6, %zmm7, n);                      \
	ENC_ROUND (%zmm2, %zmm3, %zmm0, %zmm1, (n)+2);                  \
	ENC_ROUND (%zmm6, %zmm7, %zmm4, %zmm5, (n)+2)

#define DEC_2ROUNDS(n)                                                  \
	DEC_ROUND (%zmm2, %zmm3, %zmm0, %zmm1, (n)+2);                  \
	DEC_ROUND (%zmm6, %zmm7, %zmm4, %zmm5, (n)+2);                  \
	DEC_ROUND (%zmm0, %zmm1, %zmm2, %zmm3, n);                      \
	DEC_ROUND (%zmm4, %zmm5, %zmm6, %zmm7, n)

/* The eight registers ^= the four whitening words at OFF of CTX.  */
#define WHITEN(off)                                                     \
	vbroadcasti32x4 TF_K+(off)(CTX), %zmm8;                         \
	vpxord %zmm8, Q0, Q0; vpxord %zmm8, Q1, Q1;                     \
	vpxord %zmm8, Q2, Q2; vpxord %zmm8, Q3, Q3;                     \
	vpxord %zmm8, Q4, Q4; vpxord %zmm8, Q5, Q5;                     \
	vpxord %zmm8, Q6, Q6; vpxord %zmm8, Q7, Q7

#define TA %zmm8, %zmm9, %zmm10, %zmm11
#define TB %zmm12, %zmm13, %zmm14, %zmm15

/* The table halves that stay in registers.  */
#define LOAD_TABLES                                                     \
	vmovdqa64 TF_SB+0*256(CTX), T00; vmovdqa64 TF_SB+0*256+128(CTX), T02; \
	vmovdqa64 TF_SB+1*256(CTX), T10; vmovdqa64 TF_SB+1*256+128(CTX), T12; \
	vmovdqa64 TF_SB+2*256(CTX), T20; vmovdqa64 TF_SB+2*256+128(CTX), T22; \
	vmovdqa64 TF_SB+3*256(CTX), T30; vmovdqa64 TF_SB+3*256+128(CTX), T32

/* The scratch of g above %zmm15, which VZEROALL does not clear.  */
#define CLEAR_G                                                         \
	vpxord RGX, RGX, RGX; vpxord RGD, RGD, RGD; vpxord RGN, RGN, RGN; \
	vpxord RGE, RGE, RGE; vpxord RGT, RGT, RGT;                     \
	kxorq %k3, %k3, %k3; kxorq %k4, %k4, %k4

.text

/* Local: encrypt the thirty-two blocks in Q0-Q7 in place, with the
   context at CTX; clobbers RKEY, RKEND, %zmm0-%zmm15 and %k3, %k4,
   and clears the registers above %zmm15 that it uses (RGX...RGT), the
   entry points' state living in the others.  The rounds run as a loop
   of eight pairs, short enough for the decoded-instruction cache.
   After the rounds the output words are C, D, A, B.  */
.align 16
twofish_avx512_enc32:
	CFI_STARTPROC ()
	WHITEN (0)
	XP (TR4, %zmm0, %zmm1, %zmm2, %zmm3, %zmm0, %zmm1, %zmm2, %zmm3, TA)
	XP (TR4, %zmm4, %zmm5, %zmm6, %zmm7, %zmm4, %zmm5, %zmm6, %zmm7, TB)
	LOAD_TABLES
	leaq TF_K+8*4(CTX), RKEY
	leaq TF_K+40*4(CTX), RKEND
.align 16
.Lenc32_loop:
	ENC_2ROUNDS (0)
	addq $16, RKEY
	cmpq RKEND, RKEY
	jne .Lenc32_loop
	XP (TR4, %zmm2, %zmm3, %zmm0, %zmm1, %zmm0, %zmm1, %zmm2, %zmm3, TA)
	XP (TR4, %zmm6, %zmm7, %zmm4, %zmm5, %zmm4, %zmm5, %zmm6, %zmm7, TB)
	WHITEN (16)
	CLEAR_G
	ret
	CFI_ENDPROC ()
ELF (.size twofish_avx512_enc32, . - twofish_avx512_enc32)

/* Local: as twofish_avx512_enc32, decrypting: the input words are C,
   D, A, B, and the rounds run backwards.  */
.align 16
twofish_avx512_dec32:
	CFI_STARTPROC ()
	WHITEN (16)
	XP (TR4, %zmm0, %zmm1, %zmm2, %zmm3, %zmm2, %zmm3, %zmm0, %zmm1, TA)
	XP (TR4, %zmm4, %zmm5, %zmm6, %zmm7, %zmm6, %zmm7, %zmm4, %zmm5, TB)
	LOAD_TABLES
	leaq TF_K+36*4(CTX), RKEY
	leaq TF_K+4*4(CTX), RKEND
.align 16
.Ldec32_loop:
	DEC_2ROUNDS (0)
	subq $16, RKEY
	cmpq RKEND, RKEY
	jne .Ldec32_loop
	XP (TR4, %zmm0, %zmm1, %zmm2, %zmm3, %zmm0, %zmm1, %zmm2, %zmm3, TA)
	XP (TR4, %zmm4, %zmm5, %zmm6, %zmm7, %zmm4, %zmm5, %zmm6, %zmm7, TB)
	WHITEN (0)
	CLEAR_G
	ret
	CFI_ENDPROC ()
ELF (.size twofish_avx512_dec32, . - twofish_avx512_dec32)

/* The mode entry points around the core.  */
#define MODES_NAME(mode) _bcry_twofish_avx512_##mode##_blk32
#define MODES_ENC twofish_avx512_enc32
#define MODES_DEC twofish_avx512_dec32
#define MODES_T0 %zmm8
#define MODES_T1 %zmm9
#define MODES_T2 %zmm10
#include "simd-modes-avx512-amd64.h"

ELF (.section .rodata)
/* Byte J of each word: 0x80, the others zero, for SBOX.  */
.align 64
.Ltf_pos0:
	.byte 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00
	.byte 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00
	.byte 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00
	.byte 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00
.Ltf_pos1:
	.byte 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00
	.byte 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00
	.byte 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00
	.byte 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00
.Ltf_pos2:
	.byte 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00
	.byte 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00
	.byte 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00
	.byte 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00
.Ltf_pos3:
	.byte 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80
	.byte 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80
	.byte 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80
	.byte 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80
/* For MDS: output byte I of each word from input byte J, zero where
   0x80.  */
.Ltf_route01:
	.byte 0x00, 0x03, 0x02, 0x01, 0x04, 0x07, 0x06, 0x05, 0x08, 0x0b, 0x0a, 0x09, 0x0c, 0x0f, 0x0e, 0x0d
	.byte 0x00, 0x03, 0x02, 0x01, 0x04, 0x07, 0x06, 0x05, 0x08, 0x0b, 0x0a, 0x09, 0x0c, 0x0f, 0x0e, 0x0d
	.byte 0x00, 0x03, 0x02, 0x01, 0x04, 0x07, 0x06, 0x05, 0x08, 0x0b, 0x0a, 0x09, 0x0c, 0x0f, 0x0e, 0x0d
	.byte 0x00, 0x03, 0x02, 0x01, 0x04, 0x07, 0x06, 0x05, 0x08, 0x0b, 0x0a, 0x09, 0x0c, 0x0f, 0x0e, 0x0d
.Ltf_route5b_a:
	.byte 0x02, 0x00, 0x01, 0x03, 0x06, 0x04, 0x05, 0x07, 0x0a, 0x08, 0x09, 0x0b, 0x0e, 0x0c, 0x0d, 0x0f
	.byte 0x02, 0x00, 0x01, 0x03, 0x06, 0x04, 0x05, 0x07, 0x0a, 0x08, 0x09, 0x0b, 0x0e, 0x0c, 0x0d, 0x0f
	.byte 0x02, 0x00, 0x01, 0x03, 0x06, 0x04, 0x05, 0x07, 0x0a, 0x08, 0x09, 0x0b, 0x0e, 0x0c, 0x0d, 0x0f
	.byte 0x02, 0x00, 0x01, 0x03, 0x06, 0x04, 0x05, 0x07, 0x0a, 0x08, 0x09, 0x0b, 0x0e, 0x0c, 0x0d, 0x0f
.Ltf_route5b_b:
	.byte 0x03, 0x80, 0x80, 0x80, 0x07, 0x80, 0x80, 0x80, 0x0b, 0x80, 0x80, 0x80, 0x0f, 0x80, 0x80, 0x80
	.byte 0x03, 0x80, 0x80, 0x80, 0x07, 0x80, 0x80, 0x80, 0x0b, 0x80, 0x80, 0x80, 0x0f, 0x80, 0x80, 0x80
	.byte 0x03, 0x80, 0x80, 0x80, 0x07, 0x80, 0x80, 0x80, 0x0b, 0x80, 0x80, 0x80, 0x0f, 0x80, 0x80, 0x80
	.byte 0x03, 0x80, 0x80, 0x80, 0x07, 0x80, 0x80, 0x80, 0x0b, 0x80, 0x80, 0x80, 0x0f, 0x80, 0x80, 0x80
.Ltf_routeef_a:
	.byte 0x01, 0x01, 0x00, 0x00, 0x05, 0x05, 0x04, 0x04, 0x09, 0x09, 0x08, 0x08, 0x0d, 0x0d, 0x0c, 0x0c
	.byte 0x01, 0x01, 0x00, 0x00, 0x05, 0x05, 0x04, 0x04, 0x09, 0x09, 0x08, 0x08, 0x0d, 0x0d, 0x0c, 0x0c
	.byte 0x01, 0x01, 0x00, 0x00, 0x05, 0x05, 0x04, 0x04, 0x09, 0x09, 0x08, 0x08, 0x0d, 0x0d, 0x0c, 0x0c
	.byte 0x01, 0x01, 0x00, 0x00, 0x05, 0x05, 0x04, 0x04, 0x09, 0x09, 0x08, 0x08, 0x0d, 0x0d, 0x0c, 0x0c
.Ltf_routeef_b:
	.byte 0x80, 0x02, 0x03, 0x02, 0x80, 0x06, 0x07, 0x06, 0x80, 0x0a, 0x0b, 0x0a, 0x80, 0x0e, 0x0f, 0x0e
	.byte 0x80, 0x02, 0x03, 0x02, 0x80, 0x06, 0x07, 0x06, 0x80, 0x0a, 0x0b, 0x0a, 0x80, 0x0e, 0x0f, 0x0e
	.byte 0x80, 0x02, 0x03, 0x02, 0x80, 0x06, 0x07, 0x06, 0x80, 0x0a, 0x0b, 0x0a, 0x80, 0x0e, 0x0f, 0x0e
	.byte 0x80, 0x02, 0x03, 0x02, 0x80, 0x06, 0x07, 0x06, 0x80, 0x0a, 0x0b, 0x0a, 0x80, 0x0e, 0x0f, 0x0e
/* Multiplication by 5B and by EF modulo x^8 + x^6 + x^5 + x^3 + 1
   as 8x8 bit matrices: row I, the input bits of output bit I, in byte
   7 - I.  */
.align 8
.Ltf_mul5b:
	.quad 0x050b162953a24182
.Ltf_mulef:
	.quad 0x070f1f3972e3c183
.Ltf_ones:
	.long 0xffffffff

#endif /* USE_TWOFISH_AVX512 */

GNU_STACK_NOTE
