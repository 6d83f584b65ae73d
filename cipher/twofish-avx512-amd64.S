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

/* Apply OP (K, Qk) for each register K.  */
#define EACH(op)                                                        \
	op (0, Q0); op (1, Q1); op (2, Q2); op (3, Q3);                 \
	op (4, Q4); op (5, Q5); op (6, Q6); op (7, Q7)

/* Runs of N < 32 blocks are masked: %k7 holds bits 2i and 2i + 1 for
   each block i < N, the qwords of the blocks asked for, and register
   K's loads and stores take its byte in %k1, so that nothing outside
   IN's and OUT's N blocks is touched (a masked-out element neither
   faults nor is stored) and the other lanes load zeros.  NMASK takes N
   in %r8 and clobbers %rax and %r11: ~0 >> (64 - 2N), the shift count
   being taken mod 64 for N = 32.  */
#define NMASK                                                           \
	movq %rcx, %r11; leal (%r8,%r8), %ecx; negl %ecx;               \
	movq $-1, %rax; shrq %cl, %rax; kmovq %rax, %k7; movq %r11, %rcx
#define KM(k) kshiftrq $(8*(k)), %k7, %k1

#define LOAD_IN(k, q)  KM (k); vmovdqu64 k*64(%rcx), q{%k1}{z}
#define STORE_OUT(k, q) KM (k); vmovdqu64 q, k*64(%rdx){%k1}
/* Out blocks of register K = those of Qk ^ the 64 bytes at IN.  */
#define XOR_STORE(k, q)                                                 \
	KM (k); vpxorq k*64(%rcx), q, q{%k1}{z}; vmovdqu64 q, k*64(%rdx){%k1}

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

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count.  */
ENTRY (_bcry_twofish_avx512_enc_blk32)
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	NMASK
	EACH (LOAD_IN)
	call twofish_avx512_enc32
	EACH (STORE_OUT)
	vzeroall
	ret
END (_bcry_twofish_avx512_enc_blk32)

ENTRY (_bcry_twofish_avx512_dec_blk32)
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	NMASK
	EACH (LOAD_IN)
	call twofish_avx512_dec32
	EACH (STORE_OUT)
	vzeroall
	ret
END (_bcry_twofish_avx512_dec_blk32)

/* The counters are built in registers, four 128-bit lanes at a time.
   RCTR holds the counter in every lane (for CTR byte-reversed into a
   little-endian pair: low qword, high qword); RINC the increments of
   the current register; RINC4 the step from one register to the
   next.  */
#define RCTR %zmm16
#define RINC %zmm17
#define RINC4 %zmm18
#define RBSWAP %zmm19
#define RONES %zmm20
#define RCTRx %xmm16
#define RINCx %xmm17
#define RINC4x %xmm18
#define RBSWAPx %xmm19
#define RONESx %xmm20

/* Qk = the counters + the increments of register K, byte-reversed
   back: a low qword that wrapped (is now below its increment) carries
   one into the high qword of its lane.  */
#define CTR_REG(k, q)                                                   \
	vpaddq RINC, RCTR, q;                                           \
	vpcmpuq $1, RINC, q, %k1;                                       \
	kshiftlb $1, %k1, %k1;                                          \
	vpsubq RONES, q, q{%k1};                                        \
	vpshufb RBSWAP, q, q;                                           \
	vpaddq RINC4, RINC, RINC

/* CTR: %rdi ctx, %rsi the 128-bit big-endian counter (advanced by N),
   %rdx out, %rcx in, %r8 the block count N.  */
ENTRY (_bcry_twofish_avx512_ctr_enc_blk32)
	NMASK
	vbroadcasti32x4 .Ltf_bswap128(%rip), RBSWAP
	vbroadcasti32x4 (%rsi), RCTR
	vpshufb RBSWAP, RCTR, RCTR
	vmovdqu64 .Ltf_ctr_inc(%rip), RINC
	vbroadcasti32x4 .Ltf_ctr_step(%rip), RINC4
	vpternlogd $0xff, RONES, RONES, RONES
	EACH (CTR_REG)
	/* The next counter: the counter + N, the same way.  */
	vmovq %r8, RINC4x
	vpaddq RINC4x, RCTRx, RINCx
	vpcmpuq $1, RINC4x, RINCx, %k1
	kshiftlb $1, %k1, %k1
	vpsubq RONESx, RINCx, RINCx{%k1}
	vpshufb RBSWAPx, RINCx, RINCx
	vmovdqu64 RINCx, (%rsi)
	call twofish_avx512_enc32
	EACH (XOR_STORE)
	vzeroall
	vpxord RCTR, RCTR, RCTR
	vpxord RINC, RINC, RINC
	ret
END (_bcry_twofish_avx512_ctr_enc_blk32)

#define CTR32LE_REG(k, q) vpaddd RINC, RCTR, q; vpaddd RINC4, RINC, RINC

/* GCM-SIV's counter (RFC 8452, section 4): as CTR, but only the first
   four bytes count, as a little-endian number that wraps, so the lanes
   add without carries.  */
ENTRY (_bcry_twofish_avx512_ctr32le_enc_blk32)
	NMASK
	vbroadcasti32x4 (%rsi), RCTR
	vmovdqu64 .Ltf_ctr32le_inc(%rip), RINC
	vbroadcasti32x4 .Ltf_ctr32le_step(%rip), RINC4
	EACH (CTR32LE_REG)
	addl %r8d, (%rsi)
	call twofish_avx512_enc32
	EACH (XOR_STORE)
	vzeroall
	vpxord RCTR, RCTR, RCTR
	vpxord RINC, RINC, RINC
	ret
END (_bcry_twofish_avx512_ctr32le_enc_blk32)

/* Register K = ciphertext blocks 4K - 1 ... 4K + 2, for K > 0.  */
#define LOAD_PREV(k, q) KM (k); vmovdqu64 k*64-16(%rcx), q{%k1}{z}
#define IV_XOR_STORE(k, q)                                              \
	KM (k); vpxorq k*64-16(%rcx), q, q{%k1}{z};                     \
	vmovdqu64 q, k*64(%rdx){%k1}
#define RIV %zmm16
#define RIVx %xmm16
#define RNEXT %xmm17

/* RIV = IV, C_0, C_1, C_2, from the IV at %rsi and the input at %rcx:
   the top lane of a register of IVs, then lanes 0-2 of the input.  */
#define LOAD_IV_C012                                                    \
	vbroadcasti32x4 (%rsi), RIV;                                    \
	KM (0); vmovdqu64 (%rcx), %zmm18{%k1}{z};                       \
	valignq $6, RIV, %zmm18, RIV

/* RNEXT = C_N-1, the next IV.  */
#define LOAD_NEXT                                                       \
	movq %r8, %rax; shlq $4, %rax; vmovdqu64 -16(%rcx,%rax), RNEXT

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The registers are
   stored last to first so that, in place, each ciphertext block is read
   before its plaintext overwrites it.  */
ENTRY (_bcry_twofish_avx512_cbc_dec_blk32)
	NMASK
	EACH (LOAD_IN)
	LOAD_NEXT
	call twofish_avx512_dec32
	IV_XOR_STORE (7, Q7); IV_XOR_STORE (6, Q6); IV_XOR_STORE (5, Q5)
	IV_XOR_STORE (4, Q4); IV_XOR_STORE (3, Q3); IV_XOR_STORE (2, Q2)
	IV_XOR_STORE (1, Q1)
	LOAD_IV_C012
	vpxord RIV, Q0, Q0
	vmovdqu64 Q0, 0*64(%rdx){%k1}
	vmovdqu64 RNEXT, (%rsi)
	vzeroall
	vpxord RIV, RIV, RIV
	vpxord %zmm17, %zmm17, %zmm17
	vpxord %zmm18, %zmm18, %zmm18
	ret
END (_bcry_twofish_avx512_cbc_dec_blk32)

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The keystream is
   E(IV), E(C_0), ..., E(C_N-2).  */
ENTRY (_bcry_twofish_avx512_cfb_dec_blk32)
	NMASK
	LOAD_IV_C012
	vmovdqa64 RIV, Q0
	LOAD_PREV (1, Q1); LOAD_PREV (2, Q2); LOAD_PREV (3, Q3)
	LOAD_PREV (4, Q4); LOAD_PREV (5, Q5); LOAD_PREV (6, Q6)
	LOAD_PREV (7, Q7)
	LOAD_NEXT
	vmovdqu64 RNEXT, (%rsi)
	call twofish_avx512_enc32
	EACH (XOR_STORE)
	vzeroall
	vpxord RIV, RIV, RIV
	vpxord %zmm17, %zmm17, %zmm17
	vpxord %zmm18, %zmm18, %zmm18
	ret
END (_bcry_twofish_avx512_cfb_dec_blk32)
/* The per-block masks of XTS and OCB: register K's in RWk.  */
#define RW0 %zmm21
#define RW1 %zmm22
#define RW2 %zmm23
#define RW3 %zmm24
#define RW4 %zmm25
#define RW5 %zmm26
#define RW6 %zmm27
#define RW7 %zmm28
#define RW0x %xmm21
#define RW1x %xmm22
#define RW2x %xmm23
#define RW3x %xmm24
#define RW4x %xmm25
#define RW5x %xmm26
#define RW6x %xmm27
#define RW7x %xmm28
#define RSUM %zmm29
#define RSUMy %ymm29
#define RSUMx %xmm29
#define RPOLY %zmm29
#define RPOLYx %xmm29
#define RS %zmm30
#define RSy %ymm30
#define RSx %xmm30
#define RX %zmm31
#define RXx %xmm31

#define EACHW(op)                                                       \
	op (0, Q0, RW0, RW0x); op (1, Q1, RW1, RW1x);                   \
	op (2, Q2, RW2, RW2x); op (3, Q3, RW3, RW3x);                   \
	op (4, Q4, RW4, RW4x); op (5, Q5, RW5, RW5x);                   \
	op (6, Q6, RW6, RW6x); op (7, Q7, RW7, RW7x)

#define CLEAR_W                                                         \
	vpxord RW0, RW0, RW0; vpxord RW1, RW1, RW1;                     \
	vpxord RW2, RW2, RW2; vpxord RW3, RW3, RW3;                     \
	vpxord RW4, RW4, RW4; vpxord RW5, RW5, RW5;                     \
	vpxord RW6, RW6, RW6; vpxord RW7, RW7, RW7;                     \
	vpxord RS, RS, RS; vpxord RX, RX, RX; vpxord RSUM, RSUM, RSUM

/* T = T * x in GF(2^128) in each lane, the XTS tweak order (IEEE
   1619-2007, 5.2: little-endian, x^128 = x^7 + x^2 + x + 1): the top
   bit of each qword, spread into a mask and swapped across the lane,
   selects 1 for the high qword and 0x87 for the low one.  */
#define MULX(t, s, poly)                                                \
	vpsraq $63, t, s; vpshufd $0x4e, s, s; vpsllq $1, t, t;         \
	vpternlogq $0x78, poly, s, t

/* W = T * x^N in each lane, 0 < N < 57, T in the four lanes of RW0:
   the lane shifted left by N, the N bits shifted out (the high qword's
   top bits, moved to the low qword; %k2 selects the low qwords) times
   x^7 + x^2 + x + 1 added to the low qword.  Each register's tweaks
   come straight from RW0's, so that the eight registers do not wait on
   one another.  Clobbers %zmm8-%zmm10, free before the rounds.  */
#define XTS_POW(n, w)                                                   \
	vpsllq $(n), RW0, %zmm8; vpsrlq $(64-(n)), RW0, %zmm9;          \
	vpshufd $0x4e, %zmm9, %zmm10; vpxorq %zmm10, %zmm8, w;          \
	vpsllq $1, %zmm10, %zmm8{%k2}{z}; vpsllq $2, %zmm10, %zmm9{%k2}{z}; \
	vpternlogq $0x96, %zmm9, %zmm8, w;                              \
	vpsllq $7, %zmm10, %zmm8{%k2}{z}; vpxorq %zmm8, w, w

#define XTS_LOAD(k, q, w, wx) KM (k); vpxorq k*64(%rcx), w, q{%k1}{z}
#define XTS_STORE(k, q, w, wx)                                          \
	KM (k); vpxorq w, q, q; vmovdqu64 q, k*64(%rdx){%k1}

/* XTS (IEEE 1619-2007, 5.3): %rdi ctx, %rsi the tweak (advanced by N
   blocks), %rdx out, %rcx in, %r8 the block count N, %r9d nonzero to
   encrypt.  For N < 32 the next tweak, T * x^N, is stepped in %rax
   (low) and %r10 (high) while the vectors compute the tweaks of all
   thirty-two lanes, which end with T * x^32.  */
ENTRY (_bcry_twofish_avx512_xts_crypt_blk32)
	NMASK
	movq (%rsi), %rax
	movq 8(%rsi), %r10
	cmpq $32, %r8
	jae 1f
2:	movq %r10, %r11; sarq $63, %r11; andl $0x87, %r11d
	shldq $1, %rax, %r10; addq %rax, %rax; xorq %r11, %rax
	decq %r8
	jnz 2b
1:
	vbroadcasti32x4 .Ltf_xts_poly(%rip), RPOLY
	vmovdqu64 (%rsi), RW0x
	vmovdqa64 RW0x, RXx
	MULX (RXx, RSx, RPOLYx); vinserti32x4 $1, RXx, RW0, RW0
	MULX (RXx, RSx, RPOLYx); vinserti32x4 $2, RXx, RW0, RW0
	MULX (RXx, RSx, RPOLYx); vinserti32x4 $3, RXx, RW0, RW0
	movl $0x55, %r11d
	kmovb %r11d, %k2
	XTS_POW (4, RW1); XTS_POW (8, RW2); XTS_POW (12, RW3)
	XTS_POW (16, RW4); XTS_POW (20, RW5); XTS_POW (24, RW6)
	XTS_POW (28, RW7)
	vextracti32x4 $3, RW7, RXx
	MULX (RXx, RSx, RPOLYx)
	vmovdqu64 RXx, (%rsi)
	testq %r8, %r8
	jnz 3f
	movq %rax, (%rsi)
	movq %r10, 8(%rsi)
3:
	xorl %eax, %eax
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	EACHW (XTS_LOAD)
	testl %r9d, %r9d
	jz .Lxts_dec
	call twofish_avx512_enc32
	jmp .Lxts_done
.Lxts_dec:
	call twofish_avx512_dec32
.Lxts_done:
	EACHW (XTS_STORE)
	vzeroall
	CLEAR_W
	ret
END (_bcry_twofish_avx512_xts_crypt_blk32)

/* OCB (RFC 7253) on a bulk_ocb_state_t (src/cipher-proto.h): RWk =
   the offsets of register K's blocks, chained in RX from the state's
   offset.  OCB_L (I) leaves in %r10 the pointer to L_ntz(i) of block I
   of the call: %rax counts the blocks (the state's blkn, one up per
   block), %r9 is L and %r11 a zero block, taken for the blocks from N
   (%r8) on, so that the offset chained through them stays that of
   block N - 1.  Blkn is public: the branch-free ntz is not needed.  */
#define OCB_L(i)                                                        \
	incq %rax; bsfq %rax, %r10; shlq $4, %r10; addq %r9, %r10;      \
	cmpq $(i), %r8; cmovbe %r11, %r10
#define OCB_LANE(k, j, wx, w)                                           \
	OCB_L (4*k+j); vpxorq (%r10), RXx, RXx;                         \
	vinserti32x4 $j, RXx, w, w
#define OCB_OFFSETS(k, q, w, wx)                                        \
	OCB_L (4*k); vpxorq (%r10), RXx, RXx;                           \
	vmovdqa64 RXx, wx;                                              \
	OCB_LANE (k, 1, wx, w); OCB_LANE (k, 2, wx, w);                 \
	OCB_LANE (k, 3, wx, w)

/* The loads from %rcx, the first summed into RSUM (its masked-out
   lanes are zero), and the stores to %rdx, the second summing the
   blocks asked for.  */
#define OCB_LOAD_SUM(k, q, w, wx)                                       \
	KM (k); vmovdqu64 k*64(%rcx), q{%k1}{z};                        \
	vpxord q, RSUM, RSUM; vpxord w, q, q
#define OCB_LOAD(k, q, w, wx) KM (k); vpxorq k*64(%rcx), w, q{%k1}{z}
#define OCB_STORE(k, q, w, wx)                                          \
	KM (k); vpxorq w, q, q; vmovdqu64 q, k*64(%rdx){%k1}
#define OCB_STORE_SUM(k, q, w, wx)                                      \
	OCB_STORE (k, q, w, wx); vpxorq q, RSUM, RSUM{%k1}
#define OCB_KEEP(k, q, w, wx) KM (k); vmovdqa64 q, q{%k1}{z}

#define OCB_BEGIN                                                       \
	NMASK;                                                          \
	movq OCB_STATE_BLKN(%rsi), %rax;                                \
	movq OCB_STATE_L(%rsi), %r9;                                    \
	leaq .Ltf_zero_block(%rip), %r11;                                  \
	vmovdqu64 OCB_STATE_OFFSET(%rsi), RXx;                          \
	vpxord RSUM, RSUM, RSUM;                                        \
	EACHW (OCB_OFFSETS);                                            \
	vmovdqu64 RXx, OCB_STATE_OFFSET(%rsi);                          \
	addq %r8, OCB_STATE_BLKN(%rsi);                                 \
	xorl %r10d, %r10d

/* The state's checksum ^= the four lanes of RSUM.  */
#define OCB_FOLD_SUM                                                    \
	vextracti64x4 $1, RSUM, RSy;                                    \
	vpxorq RSy, RSUMy, RSUMy;                                       \
	vextracti32x4 $1, RSUMy, RSx;                                   \
	vpxorq RSx, RSUMx, RSUMx;                                       \
	vpxorq OCB_STATE_CHECKSUM(%rsi), RSUMx, RSUMx;                  \
	vmovdqu64 RSUMx, OCB_STATE_CHECKSUM(%rsi)

/* OCB: %rdi ctx, %rsi the state, %rdx out, %rcx in, %r8 the block
   count, %r9d nonzero to encrypt; the checksum is over the plaintext,
   in or out.  */
ENTRY (_bcry_twofish_avx512_ocb_crypt_blk32)
	testl %r9d, %r9d
	jz .Locb_dec
	OCB_BEGIN
	EACHW (OCB_LOAD_SUM)
	call twofish_avx512_enc32
	EACHW (OCB_STORE)
	jmp .Locb_done
.Locb_dec:
	OCB_BEGIN
	EACHW (OCB_LOAD)
	call twofish_avx512_dec32
	EACHW (OCB_STORE_SUM)
.Locb_done:
	OCB_FOLD_SUM
	vzeroall
	CLEAR_W
	ret
END (_bcry_twofish_avx512_ocb_crypt_blk32)

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the state (its checksum
   the sum, ^= every E(A_i ^ Offset_i)), %rdx the additional data, %rcx
   the block count.  */
ENTRY (_bcry_twofish_avx512_ocb_auth_blk32)
	movq %rcx, %r8
	movq %rdx, %rcx
	OCB_BEGIN
	EACHW (OCB_LOAD)
	call twofish_avx512_enc32
	EACHW (OCB_KEEP)
	vpternlogd $0x96, Q2, Q1, Q0
	vpternlogd $0x96, Q4, Q3, Q0
	vpternlogd $0x96, Q6, Q5, Q0
	vpxord Q7, Q0, RSUM
	OCB_FOLD_SUM
	vzeroall
	CLEAR_W
	ret
END (_bcry_twofish_avx512_ocb_auth_blk32)

ELF (.section .rodata)
.align 64
/* Lane i: +i on the low qword; then +4 per register, +32 per call.  */
.Ltf_ctr_inc:
	.quad 0, 0, 1, 0, 2, 0, 3, 0
.Ltf_ctr_step:
	.quad 4, 0
/* Lane i: +i on the first dword.  */
.Ltf_ctr32le_inc:
	.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.Ltf_ctr32le_step:
	.long 4, 0, 0, 0
.Ltf_bswap128:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Ltf_xts_poly:
	.quad 0x87, 1
.Ltf_zero_block:
	.quad 0, 0
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
