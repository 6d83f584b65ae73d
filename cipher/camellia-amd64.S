/* camellia-amd64.S - Camellia on one or two blocks with x86-64 integer code
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Camellia (RFC 3713) for what cannot run many blocks at once: the
 * serial modes (CBC, CFB and OFB encryption, CBC-MAC, and CTR next to
 * a CBC-MAC for CCM and EAX) with their loops in here, and short runs,
 * one block or two in flight (the layout the Linux kernel's x86-64
 * Camellia took in 2012).  Each 64-bit half of the state lives in one
 * register; the F function of RFC 3713, section 2.4, is eight lookups
 * in tables of 64-bit words, on the masked key schedule that
 * cipher/camellia.c builds.  The lookups are indexed by data and key
 * bytes, so this code is not constant time (see PROLOGUE_FRAME).
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"

#ifdef USE_CAMELLIA_AMD64

/* The context of cipher/camellia.c: u32 key[64], then the rounds.  */
#define ROUNDS_OFF 256

/* The state: halves A, B of the first block, C, D of the second.  */
#define RA %rax
#define RAd %eax
#define RAbl %al
#define RAbh %ah
#define RB %rbx
#define RBd %ebx
#define RBbl %bl
#define RBbh %bh
#define RC %rcx
#define RCd %ecx
#define RCbl %cl
#define RCbh %ch
#define RD %rdx
#define RDd %edx
#define RDbl %dl
#define RDbh %dh

/* Byte indices and partial sums of F; scratch elsewhere.  */
#define RT0 %rsi
#define RT0d %esi
#define RT1 %rdi
#define RT1d %edi
#define RT2 %rbp
#define RT2d %ebp
#define RT3 %r8
#define RT3d %r8d
#define RT4 %r9
#define RT4d %r9d
#define RT4bl %r9b
#define RT5 %r10
#define RT5d %r10d
#define RT5bl %r10b
#define RT6 %r11
#define RT6d %r11d
#define RT6bl %r11b
#define RT7 %r12
#define RT7d %r12d
#define RT7bl %r12b

/* Pair 0 of the current group of six rounds and of the last group,
   and the tables.  */
#define KP %r15
#define KLAST %r13
#define TAB %r14

/* Stack slots: the arguments that do not stay in registers.  */
#define S_OUT 0
#define S_IN 8
#define S_N 16
#define S_IV 24
#define S_STEP 32
#define S_KSTART 40
#define FRAME 48

/* Pair I of the schedule counted from KP in direction D (1 or -1).  */
#define KO(d, i) ((d) * 8 * (i))

/* Each entry of a table is an S-box output already spread by the P
   function over both output words, so a round is eight loads and XORs.
   The byte indices come from independent shifts of the input rather
   than one shifting chain, so all eight loads start within two cycles
   of the input being known; a round then costs about what the latency
   of its loads allows.  Neither BMI1 BEXTR for the indices nor unscaled
   index loads measured faster (doc/HACKING, "Tuning notes").  In the
   serial modes the FL layer is on the chain too; the single-block code
   lets the next round start from each word of FL's output as soon as it
   is known, and the next block start one round before this one ends
   (ROUND1_XLAST).  Two blocks in flight give the core independent work
   while one block waits on its loads, but the pair's index arithmetic
   nearly fills the integer ALUs.

   Table J: the contribution of byte J of F's input (J = 0 the lowest
   byte of the left word) to both output words.  */
#define T(j) ((j) * 2048)

/* X ^= F (Y) ^ pair K, for two blocks in flight, where RC and RD hold
   the second block.  Indices 0, 1, 3 and 7 take one instruction from Y,
   the others two.  The loads are plain moves and the XOR tree is in
   registers: a load-and-XOR of the same eight lookups made the round
   longer (doc/HACKING, "Tuning notes").  The early
   lookups go into X and into one pair, the late ones into two pairs
   that meet last.  */
#define ROUND2(y, x, k)                                                 \
	movzbl y##bl, RT0d;                                             \
	movzbl y##bh, RT1d;                                             \
	movl y##d, RT2d;                                                \
	shrl $24, RT2d;                                                 \
	movq y, RT3;                                                    \
	shrq $56, RT3;                                                  \
	movl y##d, RT4d;                                                \
	shrl $16, RT4d;                                                 \
	movzbl RT4bl, RT4d;                                             \
	movq y, RT5;                                                    \
	shrq $32, RT5;                                                  \
	movzbl RT5bl, RT5d;                                             \
	movq y, RT6;                                                    \
	shrq $40, RT6;                                                  \
	movzbl RT6bl, RT6d;                                             \
	movq y, RT7;                                                    \
	shrq $48, RT7;                                                  \
	movzbl RT7bl, RT7d;                                             \
	xorq k(KP), x;                                                  \
	movq T(0)(TAB, RT0, 8), RT0;                                    \
	movq T(1)(TAB, RT1, 8), RT1;                                    \
	movq T(3)(TAB, RT2, 8), RT2;                                    \
	movq T(7)(TAB, RT3, 8), RT3;                                    \
	movq T(2)(TAB, RT4, 8), RT4;                                    \
	movq T(4)(TAB, RT5, 8), RT5;                                    \
	movq T(5)(TAB, RT6, 8), RT6;                                    \
	movq T(6)(TAB, RT7, 8), RT7;                                    \
	xorq RT0, x;                                                    \
	xorq RT2, RT1;                                                  \
	xorq RT3, x;                                                    \
	xorq RT5, RT4;                                                  \
	xorq RT7, RT6;                                                  \
	xorq RT1, x;                                                    \
	xorq RT6, RT4;                                                  \
	xorq RT4, x;

/* The lookups of F (Y) for a lone block, into RT0 to RT7, with four
   shifts instead of the six of ROUND2, which shortens a round: RC and
   RD are free to give bytes 2 to 5 through their byte registers.  RT3, RT0 and RT7 have their index one instruction from
   Y and come back first.  */
#define F1_LOOKUPS(y, yd, ybl, ybh)                                     \
	movzbl ybl, RT3d;                                               \
	movzbl ybh, RT0d;                                               \
	movl yd, RCd;                                                   \
	shrl $16, RCd;                                                  \
	movq y, RD;                                                     \
	shrq $32, RD;                                                   \
	movq y, RT7;                                                    \
	shrq $56, RT7;                                                  \
	movq y, RT6;                                                    \
	shrq $48, RT6;                                                  \
	movzbl RCbl, RT4d;                                              \
	movzbl RCbh, RT1d;                                              \
	movzbl RDbl, RT5d;                                              \
	movzbl RDbh, RT2d;                                              \
	movzbl RT6bl, RT6d;                                             \
	movq T(0)(TAB, RT3, 8), RT3;                                    \
	movq T(1)(TAB, RT0, 8), RT0;                                    \
	movq T(7)(TAB, RT7, 8), RT7;                                    \
	movq T(3)(TAB, RT1, 8), RT1;                                    \
	movq T(2)(TAB, RT4, 8), RT4;                                    \
	movq T(4)(TAB, RT5, 8), RT5;                                    \
	movq T(6)(TAB, RT6, 8), RT6;                                    \
	movq T(5)(TAB, RT2, 8), RT2;

/* X ^= F (Y) ^ pair K for a lone block.  X is known long before Y, so
   the three early lookups go straight into it and the five late ones
   into a tree of their own; other shapes of the tree measured the same
   or slower.  */
#define ROUND1(y, x, k)                                                 \
	xorq k(KP), x;                                                  \
	F1_LOOKUPS (y, y##d, y##bl, y##bh);                             \
	xorq RT3, x;                                                    \
	xorq RT0, x;                                                    \
	xorq RT7, x;                                                    \
	xorq RT4, RT1;                                                  \
	xorq RT5, RT2;                                                  \
	xorq RT6, RT1;                                                  \
	xorq RT2, x;                                                    \
	xorq RT1, x;

/* The same where X comes last: the first round of a serial block,
   whose X is the previous block's last round plus a block of data,
   known about when F (Y) is.  Summing F and the pair before X joins
   lets the block start one round before the previous one ends.  */
#define ROUND1_XLAST(y, x, k)                                           \
	F1_LOOKUPS (y, y##d, y##bl, y##bh);                             \
	xorq RT0, RT3;                                                  \
	xorq k(KP), RT7;                                                \
	xorq RT7, RT3;                                                  \
	xorq RT4, RT1;                                                  \
	xorq RT5, RT2;                                                  \
	xorq RT6, RT1;                                                  \
	xorq RT2, RT3;                                                  \
	xorq RT1, RT3;                                                  \
	xorq RT3, x;

/* FL of RFC 3713, section 2.4.2, on X with the pair K:
   x1 ^= (x0 & k0) <<< 1, then x0 ^= x1 | k1.  */
#define FL(x, k)                                                        \
	movl x##d, RT0d;                                                \
	andl k(KP), RT0d;                                               \
	roll $1, RT0d;                                                  \
	movq x, RT1;                                                    \
	shrq $32, RT1;                                                  \
	xorl RT0d, RT1d;                                                \
	shlq $32, RT0;                                                  \
	xorq RT0, x;                                                    \
	orl (k + 4)(KP), RT1d;                                          \
	xorq RT1, x;

/* FL^-1: x0 ^= x1 | k1, then x1 ^= (x0 & k0) <<< 1.  */
#define FLINV(x, k)                                                     \
	movq x, RT2;                                                    \
	shrq $32, RT2;                                                  \
	orl (k + 4)(KP), RT2d;                                          \
	xorq RT2, x;                                                    \
	movl x##d, RT3d;                                                \
	andl k(KP), RT3d;                                               \
	roll $1, RT3d;                                                  \
	shlq $32, RT3;                                                  \
	xorq RT3, x;

/* FL on A and FL^-1 on B, then ROUND1 (RA, RB, K).  The round does
   not wait for FL (A) as one register: it takes its indices from the
   two words as they come out, the right one (bytes 4 to 7, three
   instructions after A) in RD and the left one (four) in RC, and the
   lookups of the early word go first into the sum.  The left word
   x0 ^ (x1' | k1) is rewritten with (a ^ b) | c = (a | c) ^ (b & ~c)
   as x0 ^ (x1 | k1) ^ ((x0 & m) <<< 1), m = k0 & ~(k1 >>> 1), so it
   does not wait for x1'; m depends on the key alone.  A gets FL (A)
   in one register for the next round, off the chain.  */
#define FLROUND1(kfl, kfli, k)                                          \
	FLINV (RB, kfli);                                               \
	movl RAd, RT2d;                                                 \
	andl kfl(KP), RT2d;                                             \
	roll $1, RT2d;                                                  \
	movq RA, RD;                                                    \
	shrq $32, RD;                                                   \
	xorl RT2d, RDd;                                                 \
	movl (kfl + 4)(KP), RT0d;                                       \
	rorl $1, RT0d;                                                  \
	notl RT0d;                                                      \
	andl kfl(KP), RT0d;                                             \
	andl RAd, RT0d;                                                 \
	roll $1, RT0d;                                                  \
	movq RA, RC;                                                    \
	shrq $32, RC;                                                   \
	orl (kfl + 4)(KP), RCd;                                         \
	xorl RAd, RCd;                                                  \
	xorl RT0d, RCd;                                                 \
	movq RD, RT3;                                                   \
	shlq $32, RT3;                                                  \
	movl RCd, RAd;                                                  \
	orq RT3, RA;                                                    \
	movzbl RDbl, RT5d;                                              \
	movzbl RDbh, RT2d;                                              \
	movl RDd, RT7d;                                                 \
	shrl $24, RT7d;                                                 \
	movl RDd, RT6d;                                                 \
	shrl $16, RT6d;                                                 \
	movzbl RT6bl, RT6d;                                             \
	movzbl RCbl, RT3d;                                              \
	movzbl RCbh, RT0d;                                              \
	movl RCd, RT1d;                                                 \
	shrl $24, RT1d;                                                 \
	movl RCd, RT4d;                                                 \
	shrl $16, RT4d;                                                 \
	movzbl RT4bl, RT4d;                                             \
	xorq k(KP), RB;                                                 \
	movq T(4)(TAB, RT5, 8), RT5;                                    \
	movq T(5)(TAB, RT2, 8), RT2;                                    \
	movq T(7)(TAB, RT7, 8), RT7;                                    \
	movq T(6)(TAB, RT6, 8), RT6;                                    \
	movq T(0)(TAB, RT3, 8), RT3;                                    \
	movq T(1)(TAB, RT0, 8), RT0;                                    \
	movq T(3)(TAB, RT1, 8), RT1;                                    \
	movq T(2)(TAB, RT4, 8), RT4;                                    \
	xorq RT7, RB;                                                   \
	xorq RT2, RT5;                                                  \
	xorq RT0, RT3;                                                  \
	xorq RT6, RT1;                                                  \
	xorq RT5, RB;                                                   \
	xorq RT4, RT3;                                                  \
	xorq RT1, RB;                                                   \
	xorq RT3, RB;

/* Between the byte order of a block and the register form: each 32-bit
   word big-endian, the first word of a half in the low bits.  Its own
   inverse.  */
#define CONV(r) bswapq r; rorq $32, r;

/* One block in A, B (A already xored with pair 0), KP at the schedule's
   first pair in direction D.  Leaves KP at the last group, whose pair 7
   the caller xors into B: the output is (B, A).  */
#define CORE1(d)                                                        \
	ROUND1_XLAST (RA, RB, KO (d, 1));                               \
	9:;                                                             \
	ROUND1 (RB, RA, KO (d, 2));                                     \
	ROUND1 (RA, RB, KO (d, 3));                                     \
	ROUND1 (RB, RA, KO (d, 4));                                     \
	ROUND1 (RA, RB, KO (d, 5));                                     \
	ROUND1 (RB, RA, KO (d, 6));                                     \
	cmpq KLAST, KP;                                                 \
	je 8f;                                                          \
	FLROUND1 (KO (d, 7), KO (d, 8), KO (d, 9));                     \
	addq $((d) * 64), KP;                                           \
	jmp 9b;                                                         \
	8:;

/* The same on two blocks, the second in C, D.  */
#define CORE2(d)                                                        \
	9:;                                                             \
	ROUND2 (RA, RB, KO (d, 1));                                     \
	ROUND2 (RC, RD, KO (d, 1));                                     \
	ROUND2 (RB, RA, KO (d, 2));                                     \
	ROUND2 (RD, RC, KO (d, 2));                                     \
	ROUND2 (RA, RB, KO (d, 3));                                     \
	ROUND2 (RC, RD, KO (d, 3));                                     \
	ROUND2 (RB, RA, KO (d, 4));                                     \
	ROUND2 (RD, RC, KO (d, 4));                                     \
	ROUND2 (RA, RB, KO (d, 5));                                     \
	ROUND2 (RC, RD, KO (d, 5));                                     \
	ROUND2 (RB, RA, KO (d, 6));                                     \
	ROUND2 (RD, RC, KO (d, 6));                                     \
	cmpq KLAST, KP;                                                 \
	je 8f;                                                          \
	FL (RA, KO (d, 7));                                             \
	FL (RC, KO (d, 7));                                             \
	FLINV (RB, KO (d, 8));                                          \
	FLINV (RD, KO (d, 8));                                          \
	addq $((d) * 64), KP;                                           \
	jmp 9b;                                                         \
	8:;

#define PUSH(r) pushq r; .cfi_adjust_cfa_offset 8; .cfi_rel_offset r, 0;
#define POP(r) popq r; .cfi_adjust_cfa_offset -8; .cfi_restore r;

/* Save the callee-saved registers, make a frame of SIZE bytes, point
   TAB at the tables and read each of their cache lines once.  Cache
   timing can reveal the indices of the lookups; as the portable C does,
   reading every line first mitigates but does not prevent such attacks,
   at a cost per call that a single-block call (CFB8, the tail of CBC
   with ciphertext stealing) pays in full.  Branches depend only
   on lengths and the key size; registers that held data or key material
   are cleared before returning.  */
#define PROLOGUE_FRAME(size)                                            \
	PUSH (%rbp);                                                    \
	PUSH (%rbx);                                                    \
	PUSH (%r12);                                                    \
	PUSH (%r13);                                                    \
	PUSH (%r14);                                                    \
	PUSH (%r15);                                                    \
	subq $(size), %rsp;                                             \
	.cfi_adjust_cfa_offset (size);                                  \
	leaq .Lcamellia_sp(%rip), TAB;                                  \
	xorl RT2d, RT2d;                                                \
	7:;                                                             \
	movq 0(TAB, RT2), RT7;                                          \
	movq 64(TAB, RT2), RT7;                                         \
	movq 128(TAB, RT2), RT7;                                        \
	movq 192(TAB, RT2), RT7;                                        \
	movq 256(TAB, RT2), RT7;                                        \
	movq 320(TAB, RT2), RT7;                                        \
	movq 384(TAB, RT2), RT7;                                        \
	movq 448(TAB, RT2), RT7;                                        \
	addq $512, RT2;                                                 \
	cmpq $T(8), RT2;                                                \
	jb 7b;

/* Clear the caller-saved registers (the others are restored) and
   return.  */
#define EPILOGUE_FRAME(size)                                            \
	xorl %eax, %eax;                                                \
	xorl %ecx, %ecx;                                                \
	xorl %edx, %edx;                                                \
	xorl %esi, %esi;                                                \
	xorl %edi, %edi;                                                \
	xorl %r8d, %r8d;                                                \
	xorl %r9d, %r9d;                                                \
	xorl %r10d, %r10d;                                              \
	xorl %r11d, %r11d;                                              \
	addq $(size), %rsp;                                             \
	.cfi_adjust_cfa_offset -(size);                                 \
	POP (%r15);                                                     \
	POP (%r14);                                                     \
	POP (%r13);                                                     \
	POP (%r12);                                                     \
	POP (%rbx);                                                     \
	POP (%rbp);                                                     \
	ret;

#define PROLOGUE PROLOGUE_FRAME (FRAME)
#define EPILOGUE EPILOGUE_FRAME (FRAME)

/* The schedule's ends for encryption, from the context in %rdi: it
   starts at pair 0 and its last group at pair 16 (18 rounds) or 24.  */
#define SETUP_ENC                                                       \
	movq %rdi, S_KSTART(%rsp);                                      \
	leaq 128(%rdi), KLAST;                                          \
	leaq 192(%rdi), RT0;                                            \
	cmpl $18, ROUNDS_OFF(%rdi);                                     \
	cmovneq RT0, KLAST;

/* Decryption reads it backwards from the last pair, 23 or 31, to the
   group that ends at pair 0.  */
#define SETUP_DEC                                                       \
	leaq 56(%rdi), KLAST;                                           \
	leaq 184(%rdi), RT0;                                            \
	leaq 248(%rdi), RT2;                                            \
	cmpl $18, ROUNDS_OFF(%rdi);                                     \
	cmovneq RT2, RT0;                                               \
	movq RT0, S_KSTART(%rsp);

.text

/* NBLOCKS (%rcx) blocks from IN (%rdx) to OUT (%rsi) under the context
   %rdi, in direction D: two at a time, then the odd one.  */
#define CRYPT_BLOCKS(d, setup)                                          \
	PROLOGUE;                                                       \
	movq %rsi, S_OUT(%rsp);                                         \
	movq %rdx, S_IN(%rsp);                                          \
	movq %rcx, S_N(%rsp);                                           \
	setup;                                                          \
	cmpq $2, S_N(%rsp);                                             \
	jb 2f;                                                          \
	1:;                                                             \
	movq S_IN(%rsp), RT0;                                           \
	movq 0(RT0), RA;                                                \
	movq 8(RT0), RB;                                                \
	movq 16(RT0), RC;                                               \
	movq 24(RT0), RD;                                               \
	CONV (RA);                                                      \
	CONV (RB);                                                      \
	CONV (RC);                                                      \
	CONV (RD);                                                      \
	movq S_KSTART(%rsp), KP;                                        \
	xorq (KP), RA;                                                  \
	xorq (KP), RC;                                                  \
	CORE2 (d);                                                      \
	xorq KO (d, 7)(KP), RB;                                         \
	xorq KO (d, 7)(KP), RD;                                         \
	CONV (RA);                                                      \
	CONV (RB);                                                      \
	CONV (RC);                                                      \
	CONV (RD);                                                      \
	movq S_OUT(%rsp), RT0;                                          \
	movq RB, 0(RT0);                                                \
	movq RA, 8(RT0);                                                \
	movq RD, 16(RT0);                                               \
	movq RC, 24(RT0);                                               \
	addq $32, S_OUT(%rsp);                                          \
	addq $32, S_IN(%rsp);                                           \
	subq $2, S_N(%rsp);                                             \
	cmpq $2, S_N(%rsp);                                             \
	jae 1b;                                                         \
	2:;                                                             \
	cmpq $0, S_N(%rsp);                                             \
	je 3f;                                                          \
	movq S_IN(%rsp), RT0;                                           \
	movq 0(RT0), RA;                                                \
	movq 8(RT0), RB;                                                \
	CONV (RA);                                                      \
	CONV (RB);                                                      \
	movq S_KSTART(%rsp), KP;                                        \
	xorq (KP), RA;                                                  \
	CORE1 (d);                                                      \
	xorq KO (d, 7)(KP), RB;                                         \
	CONV (RA);                                                      \
	CONV (RB);                                                      \
	movq S_OUT(%rsp), RT0;                                          \
	movq RB, 0(RT0);                                                \
	movq RA, 8(RT0);                                                \
	3:;                                                             \
	EPILOGUE

/* void _bcry_camellia_amd64_enc (const void *ctx, byte *out,
                                  const byte *in, size_t nblocks);
   %rdi: ctx, %rsi: out, %rdx: in, %rcx: nblocks (may be 0).  */
ENTRY (_bcry_camellia_amd64_enc)
	CRYPT_BLOCKS (1, SETUP_ENC)
END (_bcry_camellia_amd64_enc)

/* void _bcry_camellia_amd64_dec (const void *ctx, byte *out,
                                  const byte *in, size_t nblocks);
   %rdi: ctx, %rsi: out, %rdx: in, %rcx: nblocks (may be 0).  */
ENTRY (_bcry_camellia_amd64_dec)
	CRYPT_BLOCKS (-1, SETUP_DEC)
END (_bcry_camellia_amd64_dec)

/* The serial kernels keep the chaining value in registers in the form
   the rounds leave it: the block cipher's output is (B ^ k, A), k the
   last pair, and the next input has pair 0 added to its left half.  So
   (B, A) xored with (k ^ pair 0, 0) and a block of data is the next
   input: one XOR per half on the chain.  K07 (R) loads k ^ pair 0
   into R, off the chain; it is not kept (no register is free).  Each
   takes the context in %rdi, the IV in %rsi, OUT in %rdx, IN in %rcx
   and NBLOCKS (at least 1) in %r8; OUT may equal IN.  */
#define SERIAL_SETUP                                                    \
	PROLOGUE;                                                       \
	movq %rsi, S_IV(%rsp);                                          \
	movq %rdx, S_OUT(%rsp);                                         \
	movq %rcx, S_IN(%rsp);                                          \
	movq %r8, S_N(%rsp);                                            \
	SETUP_ENC;

#define K07(r)                                                          \
	movq S_KSTART(%rsp), r;                                         \
	movq (r), r;                                                    \
	xorq KO (1, 7)(KLAST), r;

/* void _bcry_camellia_amd64_cbc_enc (const void *ctx, byte *iv,
                                      byte *out, const byte *in,
                                      size_t nblocks, int cbc_mac);
   CBC encryption; with cbc_mac (%r9d) nonzero each ciphertext block
   goes to the same 16 bytes at OUT.  */
ENTRY (_bcry_camellia_amd64_cbc_enc)
	SERIAL_SETUP
	movl $16, RT0d
	xorl RT1d, RT1d
	testl %r9d, %r9d
	cmovnzl RT1d, RT0d
	movq RT0, S_STEP(%rsp)
	/* The IV as if it were the output of a previous block.  */
	movq S_IV(%rsp), RT0
	movq 0(RT0), RB
	movq 8(RT0), RA
	CONV (RB)
	CONV (RA)
	xorq KO (1, 7)(KLAST), RB
1:
	movq S_IN(%rsp), RT0
	movq 0(RT0), RT1
	movq 8(RT0), RT2
	CONV (RT1)
	CONV (RT2)
	K07 (RT3)
	xorq RT3, RT1
	xorq RB, RT1
	xorq RT2, RA
	movq RA, RB
	movq RT1, RA
	movq S_KSTART(%rsp), KP
	CORE1 (1)
	movq KO (1, 7)(KP), RT1
	xorq RB, RT1
	movq RA, RT2
	CONV (RT1)
	CONV (RT2)
	movq S_OUT(%rsp), RT0
	movq RT1, 0(RT0)
	movq RT2, 8(RT0)
	movq S_STEP(%rsp), RT3
	addq RT3, S_OUT(%rsp)
	addq $16, S_IN(%rsp)
	decq S_N(%rsp)
	jnz 1b
	movq S_IV(%rsp), RT0
	movq RT1, 0(RT0)
	movq RT2, 8(RT0)
	EPILOGUE
END (_bcry_camellia_amd64_cbc_enc)

/* void _bcry_camellia_amd64_cfb_enc (const void *ctx, byte *iv,
                                      byte *out, const byte *in,
                                      size_t nblocks);  */
ENTRY (_bcry_camellia_amd64_cfb_enc)
	SERIAL_SETUP
	movq S_IV(%rsp), RT0
	movq 0(RT0), RA
	movq 8(RT0), RB
	CONV (RA)
	CONV (RB)
	xorq (%rdi), RA
1:
	movq S_KSTART(%rsp), KP
	CORE1 (1)
	/* C = E ^ P becomes the next input: its left half with pair 0.  */
	movq S_IN(%rsp), RT0
	movq 0(RT0), RT1
	movq 8(RT0), RT2
	CONV (RT1)
	CONV (RT2)
	K07 (RT3)
	xorq RT3, RT1
	xorq RB, RT1
	xorq RA, RT2
	movq RT1, RA
	movq RT2, RB
	movq S_KSTART(%rsp), RT0
	xorq (RT0), RT1
	CONV (RT1)
	CONV (RT2)
	movq S_OUT(%rsp), RT0
	movq RT1, 0(RT0)
	movq RT2, 8(RT0)
	addq $16, S_OUT(%rsp)
	addq $16, S_IN(%rsp)
	decq S_N(%rsp)
	jnz 1b
	movq S_IV(%rsp), RT0
	movq RT1, 0(RT0)
	movq RT2, 8(RT0)
	EPILOGUE
END (_bcry_camellia_amd64_cfb_enc)

/* void _bcry_camellia_amd64_ofb_enc (const void *ctx, byte *iv,
                                      byte *out, const byte *in,
                                      size_t nblocks);
   The IV is left as the last keystream block.  */
ENTRY (_bcry_camellia_amd64_ofb_enc)
	SERIAL_SETUP
	movq S_IV(%rsp), RT0
	movq 0(RT0), RA
	movq 8(RT0), RB
	CONV (RA)
	CONV (RB)
	xorq (%rdi), RA
1:
	movq S_KSTART(%rsp), KP
	CORE1 (1)
	movq KO (1, 7)(KP), RT1
	xorq RB, RT1
	movq RA, RT2
	K07 (RT3)
	xorq RT3, RB
	movq RA, RT3
	movq RB, RA
	movq RT3, RB
	CONV (RT1)
	CONV (RT2)
	movq S_IN(%rsp), RT0
	movq 0(RT0), RT3
	movq 8(RT0), RT4
	xorq RT1, RT3
	xorq RT2, RT4
	movq S_OUT(%rsp), RT0
	movq RT3, 0(RT0)
	movq RT4, 8(RT0)
	addq $16, S_OUT(%rsp)
	addq $16, S_IN(%rsp)
	decq S_N(%rsp)
	jnz 1b
	movq S_IV(%rsp), RT0
	movq RT1, 0(RT0)
	movq RT2, 8(RT0)
	EPILOGUE
END (_bcry_camellia_amd64_ofb_enc)


/* The MAC-and-CTR kernel's extra stack slots, above the common ones:
   the MAC's and the counter's addresses, the counter as two native
   64-bit halves, the MAC's chaining value while the first keystream
   block is computed alone, and the mac_out flag.  */
#define S_MAC 48
#define S_CTR 56
#define S_CHI 64
#define S_CLO 72
#define S_MB 80
#define S_MA 88
#define S_MOUT 96
#define FRAME_MC 104

/* Counter block into C, D (C with pair 0, KP at the schedule's start),
   then one more on the 128-bit counter.  */
#define CTR_LOAD                                                        \
	movq S_CHI(%rsp), RC;                                           \
	rorq $32, RC;                                                   \
	movq S_CLO(%rsp), RD;                                           \
	rorq $32, RD;                                                   \
	movq S_KSTART(%rsp), KP;                                        \
	xorq (KP), RC;                                                  \
	addq $1, S_CLO(%rsp);                                           \
	adcq $0, S_CHI(%rsp);

/* OUT = IN ^ the keystream block (kl ^ pair 7, kr), KP at the last
   group; leaves OUT in register form in RT1, RT2 and steps IN, OUT.  */
#define KS_OUT(kl, kr)                                                  \
	movq KO (1, 7)(KP), RT1;                                        \
	xorq kl, RT1;                                                   \
	movq kr, RT2;                                                   \
	movq S_IN(%rsp), RT0;                                           \
	movq 0(RT0), RT4;                                               \
	movq 8(RT0), RT5;                                               \
	CONV (RT4);                                                     \
	CONV (RT5);                                                     \
	xorq RT4, RT1;                                                  \
	xorq RT5, RT2;                                                  \
	movq RT1, RT4;                                                  \
	movq RT2, RT5;                                                  \
	CONV (RT4);                                                     \
	CONV (RT5);                                                     \
	movq S_OUT(%rsp), RT0;                                          \
	movq RT4, 0(RT0);                                               \
	movq RT5, 8(RT0);                                               \
	addq $16, S_IN(%rsp);                                           \
	addq $16, S_OUT(%rsp);

/* The MAC's next input: its chaining value, held as the output of the
   block before, (B, A) without pair 7, xored with the block (yl, yr)
   in register form, into A (with pair 0) and B.  */
#define MAC_NEXT(yl, yr)                                                \
	K07 (RT3);                                                      \
	xorq RT3, yl;                                                   \
	xorq RB, yl;                                                    \
	xorq yr, RA;                                                    \
	movq RA, RB;                                                    \
	movq yl, RA;

/* void _bcry_camellia_amd64_mac_ctr (const void *ctx, byte *mac,
                                      byte *ctr, byte *out,
                                      const byte *in, size_t nblocks,
                                      int mac_out);
   %rdi: ctx, %rsi: mac, %rdx: ctr, %rcx: out, %r8: in, %r9: nblocks
   (at least 1), mac_out on the stack.  CTR encryption with a CBC-MAC
   of IN, or of OUT with mac_out set, the MAC block and a counter block
   in flight together.  The MAC of an input block and the keystream of
   the same block are independent; with mac_out the MAC of block I
   waits for output I, so it runs next to the keystream of block I + 1,
   the first keystream block and the last MAC block alone.  OUT may
   equal IN: each input block is read before its output is written.  */
ENTRY (_bcry_camellia_amd64_mac_ctr)
	PROLOGUE_FRAME (FRAME_MC)
	movq %rsi, S_MAC(%rsp)
	movq %rdx, S_CTR(%rsp)
	movq %rcx, S_OUT(%rsp)
	movq %r8, S_IN(%rsp)
	movq %r9, S_N(%rsp)
	/* Past the saved registers and the return address.  */
	movl (FRAME_MC + 56)(%rsp), RT0d
	movl RT0d, S_MOUT(%rsp)
	SETUP_ENC
	movq S_CTR(%rsp), RT0
	movq 0(RT0), RT1
	movq 8(RT0), RT2
	bswapq RT1
	bswapq RT2
	movq RT1, S_CHI(%rsp)
	movq RT2, S_CLO(%rsp)
	/* The MAC as the output of a previous block.  */
	movq S_MAC(%rsp), RT0
	movq 0(RT0), RB
	movq 8(RT0), RA
	CONV (RB)
	CONV (RA)
	xorq KO (1, 7)(KLAST), RB
	cmpl $0, S_MOUT(%rsp)
	jne 4f
	movq S_IN(%rsp), RT0
	movq 0(RT0), RT1
	movq 8(RT0), RT2
	CONV (RT1)
	CONV (RT2)
	MAC_NEXT (RT1, RT2)
	jmp 1f
4:
	/* Keystream block 0 alone, the MAC kept aside.  */
	movq RB, S_MB(%rsp)
	movq RA, S_MA(%rsp)
	CTR_LOAD
	movq RC, RA
	movq RD, RB
	CORE1 (1)
	KS_OUT (RB, RA)
	movq S_MB(%rsp), RB
	movq S_MA(%rsp), RA
	MAC_NEXT (RT1, RT2)
	decq S_N(%rsp)
	jz 3f
1:
	CTR_LOAD
	CORE2 (1)
	KS_OUT (RD, RC)
	cmpl $0, S_MOUT(%rsp)
	jne 2f
	decq S_N(%rsp)
	jz 5f
	movq S_IN(%rsp), RT0
	movq 0(RT0), RT1
	movq 8(RT0), RT2
	CONV (RT1)
	CONV (RT2)
	MAC_NEXT (RT1, RT2)
	jmp 1b
2:
	MAC_NEXT (RT1, RT2)
	decq S_N(%rsp)
	jnz 1b
3:
	/* The MAC of the last output block.  */
	movq S_KSTART(%rsp), KP
	CORE1 (1)
5:
	movq KO (1, 7)(KLAST), RT1
	xorq RB, RT1
	movq RA, RT2
	CONV (RT1)
	CONV (RT2)
	movq S_MAC(%rsp), RT0
	movq RT1, 0(RT0)
	movq RT2, 8(RT0)
	movq S_CHI(%rsp), RT1
	movq S_CLO(%rsp), RT2
	bswapq RT1
	bswapq RT2
	movq S_CTR(%rsp), RT0
	movq RT1, 0(RT0)
	movq RT2, 8(RT0)
	xorl RT0d, RT0d
	movq RT0, S_MB(%rsp)
	movq RT0, S_MA(%rsp)
	EPILOGUE_FRAME (FRAME_MC)
END (_bcry_camellia_amd64_mac_ctr)

#include "camellia-sp-tables.h"

#endif /* USE_CAMELLIA_AMD64 */

GNU_STACK_NOTE
