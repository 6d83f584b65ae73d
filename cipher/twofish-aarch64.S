/* twofish-aarch64.S - Twofish with aarch64 integer code
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Twofish (Schneier et al., "Twofish: A 128-Bit Block Cipher", 1998)
 * on the general registers: ECB, CTR and CFB decryption two blocks at
 * a time, their rounds interleaved (bulkhelp.c builds the other
 * parallel modes on ECB); CCM's and EAX's CTR with CBC-MAC, the MAC
 * block beside a counter block; and, one block at a time with the
 * chaining value kept in registers, CBC encryption and CBC-MAC, CFB
 * encryption and OFB.
 * As in cipher/twofish-amd64.S, the C key setup (cipher/twofish.c)
 * builds the four key-dependent tables of g, each an S-box already
 * multiplied by its column of the MDS matrix, and g is four byte
 * extractions (UBFX), four indexed loads and three xors.  The round is
 * the one GCC compiles from the C but for the keys: two rounds' keys
 * come in one LDP of two 64-bit registers, each holding K[N] in its
 * low and K[N + 1] in its high half, which an ADD with a shifted
 * operand reads directly, and the whitening keys of a loop stay in
 * registers.  The lookups are indexed by data and key bytes, so this
 * code is not constant time (see PROLOGUE).
 */

#include "asm-common-aarch64.h"
#include "simd-kernels.h"

#ifdef USE_TWOFISH_AARCH64

/* Registers by number, so that one macro can name a register's 32-bit
   (W) and 64-bit (X) forms; the arguments expand before pasting.  */
#define W(r) W_(r)
#define W_(r) w##r
#define X(r) X_(r)
#define X_(r) x##r

/* The context of cipher/twofish.c: u32 s[4][256], then u32 k[40].
   S0 is the context pointer itself.  */
#define S0 x0
#define S1 x9
#define S2 x10
#define S3 x11
#define KP x12

/* The block's words A...D, the temporaries of g and the PHT, and the
   two round-key pairs.  */
#define RA 13
#define RB 14
#define RC 15
#define RD 16
#define T0 17
#define T1 19
#define T2 20
#define T3 21
#define T4 22
#define T5 23
#define T6 24
#define T7 25
#define K0 26
#define K1 27

/* The whitening keys in a serial loop: K[0] | K[1] << 32, and so on.  */
#define WI0 6
#define WI1 7
#define WO0 8
#define WO1 28

/* One round on (A, B, C, D) = (R_0, R_1, R_2, R_3) with the round keys
   K[N], K[N + 1] in the low and high halves of KK, without swapping
   the words: the next round takes C, D as the inputs of g.  T0 = g (A)
   and T1 = g (B <<< 8), the latter by taking B's bytes for the tables
   in the rotated order; then T0 + T1 + K[N] and T0 + 2 T1 + K[N + 1].
   The ADD of the high key half is a 64-bit one, whose low word is the
   sum; only low words are read afterwards.  */
#define G_ROUND(a, b, kk)                                               \
	ubfx W(T4), W(b), #24, #8;                                      \
	ubfx W(T5), W(b), #0, #8;                                       \
	ubfx W(T6), W(b), #8, #8;                                       \
	ubfx W(T7), W(b), #16, #8;                                      \
	ubfx W(T0), W(a), #0, #8;                                       \
	ubfx W(T1), W(a), #8, #8;                                       \
	ubfx W(T2), W(a), #16, #8;                                      \
	ubfx W(T3), W(a), #24, #8;                                      \
	ldr W(T4), [S0, X(T4), lsl #2];                                 \
	ldr W(T5), [S1, X(T5), lsl #2];                                 \
	ldr W(T6), [S2, X(T6), lsl #2];                                 \
	ldr W(T7), [S3, X(T7), lsl #2];                                 \
	ldr W(T0), [S0, X(T0), lsl #2];                                 \
	ldr W(T1), [S1, X(T1), lsl #2];                                 \
	ldr W(T2), [S2, X(T2), lsl #2];                                 \
	ldr W(T3), [S3, X(T3), lsl #2];                                 \
	eor W(T4), W(T4), W(T5);                                        \
	eor W(T6), W(T6), W(T7);                                        \
	eor W(T0), W(T0), W(T1);                                        \
	eor W(T2), W(T2), W(T3);                                        \
	eor W(T4), W(T4), W(T6);                                        \
	eor W(T0), W(T0), W(T2);                                        \
	add W(T0), W(T0), W(T4);                                        \
	add W(T4), W(T0), W(T4);                                        \
	add W(T0), W(T0), W(kk);                                        \
	add X(T4), X(T4), X(kk), lsr #32;

/* Encryption: C = (C ^ F0) >>> 1, D = (D <<< 1) ^ F1.  */
#define ENC_ROUND(a, b, c, d, kk)                                       \
	G_ROUND (a, b, kk)                                              \
	eor W(c), W(c), W(T0);                                          \
	ror W(c), W(c), #1;                                             \
	eor W(d), W(T4), W(d), ror #31;

/* Its inverse: C = (C <<< 1) ^ F0, D = (D ^ F1) >>> 1.  */
#define DEC_ROUND(a, b, c, d, kk)                                       \
	G_ROUND (a, b, kk)                                              \
	eor W(c), W(T0), W(c), ror #31;                                 \
	eor W(d), W(d), W(T4);                                          \
	ror W(d), W(d), #1;

/* Rounds N and N + 1 (N = 8, 12, ..., 36, counting round keys), and
   the same backwards.  */
#define ENC_PAIR(n)                                                     \
	ldp X(K0), X(K1), [KP, #(4 * (n))];                             \
	ENC_ROUND (RA, RB, RC, RD, K0)                                  \
	ENC_ROUND (RC, RD, RA, RB, K1)
#define DEC_PAIR(n)                                                     \
	ldp X(K0), X(K1), [KP, #(4 * (n))];                             \
	DEC_ROUND (RC, RD, RA, RB, K1)                                  \
	DEC_ROUND (RA, RB, RC, RD, K0)

/* Two blocks, the second in E...H, round by round: a round of one
   block is a chain of dependent steps, from the loads through the xors
   and adds to the rotation, and the other block's round fills the
   time it waits on a core that issues in order.  The second block's
   indices are taken while the first block's lookups are combined,
   into the temporaries that frees and U0, U1, and its loads issue
   beside the first block's PHT; one key register KK serves both.  */
#define RE 5
#define RF 6
#define RG 7
#define RH 8
#define U0 28
#define U1 26
#define KK 27

#define UPD_ENC_1(c, d, f0, f1) eor W(c), W(c), W(f0);
#define UPD_ENC_2(c, d, f0, f1) ror W(c), W(c), #1;
#define UPD_ENC_3(c, d, f0, f1) eor W(d), W(f1), W(d), ror #31;
#define UPD_DEC_1(c, d, f0, f1) eor W(c), W(f0), W(c), ror #31;
#define UPD_DEC_2(c, d, f0, f1) eor W(d), W(d), W(f1);
#define UPD_DEC_3(c, d, f0, f1) ror W(d), W(d), #1;

/* A round of each block, (A, B, C, D) and (E, F, G, H), with the
   round keys at OFF(KP); UPD is ENC or DEC.  */
#define ROUND2(a, b, c, d, e, f, g, h, off, upd)                        \
	ldr X(KK), [KP, #(off)];                                        \
	ubfx W(T4), W(b), #24, #8;                                      \
	ubfx W(T5), W(b), #0, #8;                                       \
	ubfx W(T6), W(b), #8, #8;                                       \
	ubfx W(T7), W(b), #16, #8;                                      \
	ubfx W(T0), W(a), #0, #8;                                       \
	ubfx W(T1), W(a), #8, #8;                                       \
	ubfx W(T2), W(a), #16, #8;                                      \
	ubfx W(T3), W(a), #24, #8;                                      \
	ldr W(T4), [S0, X(T4), lsl #2];                                 \
	ldr W(T5), [S1, X(T5), lsl #2];                                 \
	ldr W(T6), [S2, X(T6), lsl #2];                                 \
	ldr W(T7), [S3, X(T7), lsl #2];                                 \
	ldr W(T0), [S0, X(T0), lsl #2];                                 \
	ldr W(T1), [S1, X(T1), lsl #2];                                 \
	ldr W(T2), [S2, X(T2), lsl #2];                                 \
	ldr W(T3), [S3, X(T3), lsl #2];                                 \
	ubfx W(U0), W(f), #24, #8;                                      \
	ubfx W(U1), W(f), #0, #8;                                       \
	eor W(T4), W(T4), W(T5);                                        \
	ubfx W(T5), W(f), #8, #8;                                       \
	eor W(T6), W(T6), W(T7);                                        \
	ubfx W(T7), W(f), #16, #8;                                      \
	eor W(T0), W(T0), W(T1);                                        \
	ubfx W(T1), W(e), #0, #8;                                       \
	eor W(T2), W(T2), W(T3);                                        \
	ubfx W(T3), W(e), #8, #8;                                       \
	eor W(T4), W(T4), W(T6);                                        \
	ubfx W(T6), W(e), #16, #8;                                      \
	eor W(T0), W(T0), W(T2);                                        \
	ubfx W(T2), W(e), #24, #8;                                      \
	ldr W(U0), [S0, X(U0), lsl #2];                                 \
	add W(T0), W(T0), W(T4);                                        \
	ldr W(U1), [S1, X(U1), lsl #2];                                 \
	add W(T4), W(T0), W(T4);                                        \
	ldr W(T5), [S2, X(T5), lsl #2];                                 \
	add W(T0), W(T0), W(KK);                                        \
	ldr W(T7), [S3, X(T7), lsl #2];                                 \
	add X(T4), X(T4), X(KK), lsr #32;                               \
	ldr W(T1), [S0, X(T1), lsl #2];                                 \
	UPD_##upd##_1 (c, d, T0, T4)                                    \
	ldr W(T3), [S1, X(T3), lsl #2];                                 \
	UPD_##upd##_2 (c, d, T0, T4)                                    \
	ldr W(T6), [S2, X(T6), lsl #2];                                 \
	UPD_##upd##_3 (c, d, T0, T4)                                    \
	ldr W(T2), [S3, X(T2), lsl #2];                                 \
	eor W(U0), W(U0), W(U1);                                        \
	eor W(T5), W(T5), W(T7);                                        \
	eor W(T1), W(T1), W(T3);                                        \
	eor W(T6), W(T6), W(T2);                                        \
	eor W(U0), W(U0), W(T5);                                        \
	eor W(T1), W(T1), W(T6);                                        \
	add W(T1), W(T1), W(U0);                                        \
	add W(U0), W(T1), W(U0);                                        \
	add W(T1), W(T1), W(KK);                                        \
	add X(U0), X(U0), X(KK), lsr #32;                               \
	UPD_##upd##_1 (g, h, T1, U0)                                    \
	UPD_##upd##_2 (g, h, T1, U0)                                    \
	UPD_##upd##_3 (g, h, T1, U0)

#define ENC_PAIR2(n)                                                    \
	ROUND2 (RA, RB, RC, RD, RE, RF, RG, RH, 4 * (n), ENC)           \
	ROUND2 (RC, RD, RA, RB, RG, RH, RE, RF, 4 * ((n) + 2), ENC)
#define DEC_PAIR2(n)                                                    \
	ROUND2 (RC, RD, RA, RB, RG, RH, RE, RF, 4 * ((n) + 2), DEC)     \
	ROUND2 (RA, RB, RC, RD, RE, RF, RG, RH, 4 * (n), DEC)

/* The four words at BASE into W...Z, and back.  */
#define LOAD4(base, w, x, y, z) LOAD4_AT (base, 0, w, x, y, z)
#define STORE4(base, w, x, y, z) STORE4_AT (base, 0, w, x, y, z)
#define LOAD4_AT(base, off, w, x, y, z)                                 \
	ldp W(w), W(x), [base, #(off)];                                 \
	ldp W(y), W(z), [base, #((off) + 8)];
#define STORE4_AT(base, off, w, x, y, z)                                \
	stp W(w), W(x), [base, #(off)];                                 \
	stp W(y), W(z), [base, #((off) + 8)];

/* W...Z ^= the four words in the halves of P and Q; the 64-bit xors
   leave the high words zero, as the shifted halves are.  */
#define XOR4R(w, x, y, z, p, q)                                         \
	eor W(w), W(w), W(p);                                           \
	eor X(x), X(x), X(p), lsr #32;                                  \
	eor W(y), W(y), W(q);                                           \
	eor X(z), X(z), X(q), lsr #32;

/* W...Z ^= P...S, word by word.  */
#define XOR4(w, x, y, z, p, q, r, s)                                    \
	eor W(w), W(w), W(p);                                           \
	eor W(x), W(x), W(q);                                           \
	eor W(y), W(y), W(r);                                           \
	eor W(z), W(z), W(s);

/* The whitening keys K[0...3] into P, Q and K[4...7] into R, S.  */
#define LOAD_WHITEN(p, q, r, s)                                         \
	ldp X(p), X(q), [KP];                                           \
	ldp X(r), X(s), [KP, #16];

/* Save the callee-saved registers and x30 (signed first), set up the
   table bases, and read each cache line of the tables once.  Cache
   timing can reveal the indices of the lookups; as the portable C
   does, reading every line first mitigates but does not prevent such
   attacks.  Branches depend only on lengths and flags; registers that
   held data or key material are cleared before returning, the saved
   ones by their restore.  */
#define PROLOGUE                                                        \
	PUSH_X19_X30 (96);                                              \
	add S1, x0, #1024;                                              \
	add S2, x0, #2048;                                              \
	add S3, x0, #3072;                                              \
	add KP, x0, #4096;                                              \
	mov X(T0), x0;                                                  \
7:	ldr W(T1), [X(T0)];                                             \
	ldr W(T1), [X(T0), #64];                                        \
	ldr W(T1), [X(T0), #128];                                       \
	ldr W(T1), [X(T0), #192];                                       \
	add X(T0), X(T0), #256;                                         \
	cmp X(T0), KP;                                                  \
	b.lo 7b;

#define EPILOGUE                                                        \
	CLEAR_X1_X17;                                                   \
	POP_X19_X30 (96);                                               \
	ret;

.text

/* Internal calls: the block in A...D, input-whitened, encrypted; the
   output words, before the output whitening, in C, D, A, B.
   Decryption takes the output-whitened words in C, D, A, B and leaves
   the input words, still whitened, in A...D.  Both use T0...T7, K0
   and K1, and reach the tables through S0...S3 and KP.  Reached by BL
   only, so no landing pad.  */
.align 4
ELF (.type __twofish_aarch64_enc1, %function;)
__twofish_aarch64_enc1:
	CFI_STARTPROC ()
	ENC_PAIR (8)
	ENC_PAIR (12)
	ENC_PAIR (16)
	ENC_PAIR (20)
	ENC_PAIR (24)
	ENC_PAIR (28)
	ENC_PAIR (32)
	ENC_PAIR (36)
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_aarch64_enc1, . - __twofish_aarch64_enc1)

.align 4
ELF (.type __twofish_aarch64_dec1, %function;)
__twofish_aarch64_dec1:
	CFI_STARTPROC ()
	DEC_PAIR (36)
	DEC_PAIR (32)
	DEC_PAIR (28)
	DEC_PAIR (24)
	DEC_PAIR (20)
	DEC_PAIR (16)
	DEC_PAIR (12)
	DEC_PAIR (8)
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_aarch64_dec1, . - __twofish_aarch64_dec1)

/* The same on two blocks, the second in E...H and G, H, E, F; they
   use U0, U1 and KK too.  */
.align 4
ELF (.type __twofish_aarch64_enc2, %function;)
__twofish_aarch64_enc2:
	CFI_STARTPROC ()
	ENC_PAIR2 (8)
	ENC_PAIR2 (12)
	ENC_PAIR2 (16)
	ENC_PAIR2 (20)
	ENC_PAIR2 (24)
	ENC_PAIR2 (28)
	ENC_PAIR2 (32)
	ENC_PAIR2 (36)
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_aarch64_enc2, . - __twofish_aarch64_enc2)

.align 4
ELF (.type __twofish_aarch64_dec2, %function;)
__twofish_aarch64_dec2:
	CFI_STARTPROC ()
	DEC_PAIR2 (36)
	DEC_PAIR2 (32)
	DEC_PAIR2 (28)
	DEC_PAIR2 (24)
	DEC_PAIR2 (20)
	DEC_PAIR2 (16)
	DEC_PAIR2 (12)
	DEC_PAIR2 (8)
	ret
	CFI_ENDPROC ()
ELF (.size __twofish_aarch64_dec2, . - __twofish_aarch64_dec2)

/* void _bcry_twofish_aarch64_enc (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);
   x0 ctx, x1 out, x2 in, x3 nblocks.  Two blocks at a time, then one;
   the whitening keys come from the context for each call of the
   rounds, as the second block takes their registers.  */
ENTRY (_bcry_twofish_aarch64_enc)
	PROLOGUE
	subs x3, x3, #2
	b.lo 2f
1:
	LOAD4_AT (x2, 0, RA, RB, RC, RD)
	LOAD4_AT (x2, 16, RE, RF, RG, RH)
	add x2, x2, #32
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	XOR4R (RE, RF, RG, RH, T0, T1)
	bl __twofish_aarch64_enc2
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	XOR4R (RG, RH, RE, RF, T2, T3)
	STORE4_AT (x1, 0, RC, RD, RA, RB)
	STORE4_AT (x1, 16, RG, RH, RE, RF)
	add x1, x1, #32
	subs x3, x3, #2
	b.hs 1b
2:
	tbz x3, #0, 3f
	LOAD4 (x2, RA, RB, RC, RD)
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	bl __twofish_aarch64_enc1
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	STORE4 (x1, RC, RD, RA, RB)
3:
	EPILOGUE
END (_bcry_twofish_aarch64_enc)

/* void _bcry_twofish_aarch64_dec (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);
   x0 ctx, x1 out, x2 in, x3 nblocks.  */
ENTRY (_bcry_twofish_aarch64_dec)
	PROLOGUE
	subs x3, x3, #2
	b.lo 2f
1:
	LOAD4_AT (x2, 0, RC, RD, RA, RB)
	LOAD4_AT (x2, 16, RG, RH, RE, RF)
	add x2, x2, #32
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	XOR4R (RG, RH, RE, RF, T2, T3)
	bl __twofish_aarch64_dec2
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	XOR4R (RE, RF, RG, RH, T0, T1)
	STORE4_AT (x1, 0, RA, RB, RC, RD)
	STORE4_AT (x1, 16, RE, RF, RG, RH)
	add x1, x1, #32
	subs x3, x3, #2
	b.hs 1b
2:
	tbz x3, #0, 3f
	LOAD4 (x2, RC, RD, RA, RB)
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	bl __twofish_aarch64_dec1
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	STORE4 (x1, RA, RB, RC, RD)
3:
	EPILOGUE
END (_bcry_twofish_aarch64_dec)

/* The words of the counter block at CTR into W...Z, and its low half
   incremented there; the caller never gives a run across which the
   low half wraps.  Uses T0.  */
#define CTR_NEXT(ctr, w, x, y, z)                                       \
	ldp W(w), W(x), [ctr];                                          \
	ldr X(T0), [ctr, #8];                                           \
	mov W(y), W(T0);                                                \
	lsr X(z), X(T0), #32;                                           \
	rev X(T0), X(T0);                                               \
	add X(T0), X(T0), #1;                                           \
	rev X(T0), X(T0);                                               \
	str X(T0), [ctr, #8];

/* void _bcry_twofish_aarch64_ctr_enc (const void *ctx, byte *ctr,
                                       byte *out, const byte *in,
                                       size_t nblocks);
   x0 ctx, x1 ctr, x2 out, x3 in, x4 nblocks.  Two blocks at a time,
   then one.  */
ENTRY (_bcry_twofish_aarch64_ctr_enc)
	PROLOGUE
	subs x4, x4, #2
	b.lo 2f
1:
	CTR_NEXT (x1, RA, RB, RC, RD)
	CTR_NEXT (x1, RE, RF, RG, RH)
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	XOR4R (RE, RF, RG, RH, T0, T1)
	bl __twofish_aarch64_enc2
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	XOR4R (RG, RH, RE, RF, T2, T3)
	LOAD4_AT (x3, 0, T0, T1, T2, T3)
	LOAD4_AT (x3, 16, T4, T5, T6, T7)
	add x3, x3, #32
	XOR4 (RC, RD, RA, RB, T0, T1, T2, T3)
	XOR4 (RG, RH, RE, RF, T4, T5, T6, T7)
	STORE4_AT (x2, 0, RC, RD, RA, RB)
	STORE4_AT (x2, 16, RG, RH, RE, RF)
	add x2, x2, #32
	subs x4, x4, #2
	b.hs 1b
2:
	tbz x4, #0, 3f
	CTR_NEXT (x1, RA, RB, RC, RD)
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	bl __twofish_aarch64_enc1
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	LOAD4 (x3, T0, T1, T2, T3)
	XOR4 (RC, RD, RA, RB, T0, T1, T2, T3)
	STORE4 (x2, RC, RD, RA, RB)
3:
	EPILOGUE
END (_bcry_twofish_aarch64_ctr_enc)

/* void _bcry_twofish_aarch64_cfb_dec (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks);
   x0 ctx, x1 iv, x2 out, x3 in, x4 nblocks.  Two blocks at a time,
   the IV and the first ciphertext block, then one; the last
   ciphertext block read goes to IV before the outputs are stored, as
   OUT may be IN.  */
ENTRY (_bcry_twofish_aarch64_cfb_dec)
	PROLOGUE
	subs x4, x4, #2
	b.lo 2f
1:
	LOAD4 (x1, RA, RB, RC, RD)
	LOAD4 (x3, RE, RF, RG, RH)
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	XOR4R (RE, RF, RG, RH, T0, T1)
	bl __twofish_aarch64_enc2
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	XOR4R (RG, RH, RE, RF, T2, T3)
	LOAD4_AT (x3, 0, T0, T1, T2, T3)
	LOAD4_AT (x3, 16, T4, T5, T6, T7)
	add x3, x3, #32
	STORE4 (x1, T4, T5, T6, T7)
	XOR4 (RC, RD, RA, RB, T0, T1, T2, T3)
	XOR4 (RG, RH, RE, RF, T4, T5, T6, T7)
	STORE4_AT (x2, 0, RC, RD, RA, RB)
	STORE4_AT (x2, 16, RG, RH, RE, RF)
	add x2, x2, #32
	subs x4, x4, #2
	b.hs 1b
2:
	tbz x4, #0, 3f
	LOAD4 (x1, RA, RB, RC, RD)
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RA, RB, RC, RD, T0, T1)
	bl __twofish_aarch64_enc1
	LOAD_WHITEN (T0, T1, T2, T3)
	XOR4R (RC, RD, RA, RB, T2, T3)
	LOAD4 (x3, T0, T1, T2, T3)
	STORE4 (x1, T0, T1, T2, T3)
	XOR4 (RC, RD, RA, RB, T0, T1, T2, T3)
	STORE4 (x2, RC, RD, RA, RB)
3:
	EPILOGUE
END (_bcry_twofish_aarch64_cfb_dec)

/* void _bcry_twofish_aarch64_cbc_enc (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks, int cbc_mac);
   x0 ctx, x1 iv, x2 out, x3 in, x4 nblocks, w5 cbc_mac.  The chain,
   the last ciphertext, stays in C, D, A, B, where the rounds leave
   it; the next input block meets it there, and the words cross over
   into A...D in the xors.  With cbc_mac nothing is stored but the
   chain.  */
ENTRY (_bcry_twofish_aarch64_cbc_enc)
	PROLOGUE
	LOAD_WHITEN (WI0, WI1, WO0, WO1)
	LOAD4 (x1, RC, RD, RA, RB)
	cbz x4, 3f
1:
	LOAD4 (x3, T0, T1, T2, T3)
	add x3, x3, #16
	eor W(T0), W(T0), W(RC)
	eor W(T1), W(T1), W(RD)
	eor W(RC), W(T2), W(RA)
	eor W(RD), W(T3), W(RB)
	eor W(RA), W(T0), W(WI0)
	eor X(RB), X(T1), X(WI0), lsr #32
	eor W(RC), W(RC), W(WI1)
	eor X(RD), X(RD), X(WI1), lsr #32
	bl __twofish_aarch64_enc1
	XOR4R (RC, RD, RA, RB, WO0, WO1)
	cbnz w5, 2f
	STORE4 (x2, RC, RD, RA, RB)
	add x2, x2, #16
2:
	subs x4, x4, #1
	b.ne 1b
	STORE4 (x1, RC, RD, RA, RB)
3:
	EPILOGUE
END (_bcry_twofish_aarch64_cbc_enc)

/* void _bcry_twofish_aarch64_cfb_enc (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks);
   x0 ctx, x1 iv, x2 out, x3 in, x4 nblocks.  */
ENTRY (_bcry_twofish_aarch64_cfb_enc)
	PROLOGUE
	cbz x4, 2f
	LOAD_WHITEN (WI0, WI1, WO0, WO1)
	LOAD4 (x1, RA, RB, RC, RD)
	XOR4R (RA, RB, RC, RD, WI0, WI1)
1:
	bl __twofish_aarch64_enc1
	LOAD4 (x3, T0, T1, T2, T3)
	add x3, x3, #16
	eor W(T0), W(T0), W(RC)
	eor W(T1), W(T1), W(RD)
	eor W(T2), W(T2), W(RA)
	eor W(T3), W(T3), W(RB)
	XOR4R (T0, T1, T2, T3, WO0, WO1)
	STORE4 (x2, T0, T1, T2, T3)
	add x2, x2, #16
	eor W(RA), W(T0), W(WI0)
	eor X(RB), X(T1), X(WI0), lsr #32
	eor W(RC), W(T2), W(WI1)
	eor X(RD), X(T3), X(WI1), lsr #32
	subs x4, x4, #1
	b.ne 1b
	STORE4 (x1, T0, T1, T2, T3)
2:
	EPILOGUE
END (_bcry_twofish_aarch64_cfb_enc)

/* void _bcry_twofish_aarch64_ofb_enc (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks);
   x0 ctx, x1 iv, x2 out, x3 in, x4 nblocks.  The keystream block,
   output-whitened in C, D, A, B, is the next input once the input
   whitening crosses it over into A...D.  */
ENTRY (_bcry_twofish_aarch64_ofb_enc)
	PROLOGUE
	cbz x4, 2f
	LOAD_WHITEN (WI0, WI1, WO0, WO1)
	LOAD4 (x1, RA, RB, RC, RD)
	XOR4R (RA, RB, RC, RD, WI0, WI1)
1:
	bl __twofish_aarch64_enc1
	XOR4R (RC, RD, RA, RB, WO0, WO1)
	LOAD4 (x3, T0, T1, T2, T3)
	add x3, x3, #16
	eor W(T0), W(T0), W(RC)
	eor W(T1), W(T1), W(RD)
	eor W(T2), W(T2), W(RA)
	eor W(T3), W(T3), W(RB)
	STORE4 (x2, T0, T1, T2, T3)
	add x2, x2, #16
	subs x4, x4, #1
	b.eq 3f
	eor W(T4), W(RA), W(WI1)
	eor X(T5), X(RB), X(WI1), lsr #32
	eor W(RA), W(RC), W(WI0)
	eor X(RB), X(RD), X(WI0), lsr #32
	mov W(RC), W(T4)
	mov W(RD), W(T5)
	b 1b
3:
	STORE4 (x1, RC, RD, RA, RB)
2:
	EPILOGUE
END (_bcry_twofish_aarch64_ofb_enc)

/* The counter block at x2 into W...Z, and the counter there plus one,
   all 128 bits (big-endian).  Uses T0, T1.  */
#define CTR_NEXT128(w, x, y, z)                                         \
	LOAD4 (x2, w, x, y, z);                                         \
	ldp X(T0), X(T1), [x2];                                         \
	rev X(T0), X(T0);                                               \
	rev X(T1), X(T1);                                               \
	adds X(T1), X(T1), #1;                                          \
	adc X(T0), X(T0), xzr;                                          \
	rev X(T0), X(T0);                                               \
	rev X(T1), X(T1);                                               \
	stp X(T0), X(T1), [x2];

/* W...Z ^= the block at OFF(BASE), through T0...T3.  */
#define XOR4M(base, off, w, x, y, z)                                    \
	LOAD4_AT (base, off, T0, T1, T2, T3);                           \
	XOR4 (w, x, y, z, T0, T1, T2, T3)

/* The MAC block at x1 ^ the block at OFF(BASE) in A...D and the next
   counter block in E...H through the rounds; the MAC back to x1, and
   the input block at x4 ^ the keystream to x3, both pointers
   advanced.  */
#define MAC_CTR2(base, off)                                             \
	LOAD4 (x1, RA, RB, RC, RD);                                     \
	XOR4M (base, off, RA, RB, RC, RD)                               \
	CTR_NEXT128 (RE, RF, RG, RH)                                    \
	LOAD_WHITEN (T0, T1, T2, T3)                                    \
	XOR4R (RA, RB, RC, RD, T0, T1)                                  \
	XOR4R (RE, RF, RG, RH, T0, T1)                                  \
	bl __twofish_aarch64_enc2;                                      \
	LOAD_WHITEN (T0, T1, T2, T3)                                    \
	XOR4R (RC, RD, RA, RB, T2, T3)                                  \
	XOR4R (RG, RH, RE, RF, T2, T3)                                  \
	STORE4 (x1, RC, RD, RA, RB)                                     \
	XOR4M (x4, 0, RG, RH, RE, RF)                                   \
	add x4, x4, #16;                                                \
	STORE4 (x3, RG, RH, RE, RF)                                     \
	add x3, x3, #16;

/* One block through the rounds alone: A...D, input-whitened here,
   output-whitened in C, D, A, B.  */
#define ENC1_WHITENED                                                   \
	LOAD_WHITEN (T0, T1, T2, T3)                                    \
	XOR4R (RA, RB, RC, RD, T0, T1)                                  \
	bl __twofish_aarch64_enc1;                                      \
	LOAD_WHITEN (T0, T1, T2, T3)                                    \
	XOR4R (RC, RD, RA, RB, T2, T3)

/* The block count in a stack slot, as the second block takes its
   register: counted down, and the flags set.  */
#define COUNT_DOWN                                                      \
	ldr X(T0), [sp];                                                \
	subs X(T0), X(T0), #1;                                          \
	str X(T0), [sp];

/* void _bcry_twofish_aarch64_mac_ctr (const void *ctx, byte *mac,
                                       byte *ctr, byte *out,
                                       const byte *in, size_t nblocks,
                                       int mac_out);
   x0 ctx, x1 mac, x2 ctr, x3 out, x4 in, x5 nblocks (at least 1),
   w6 mac_out.  The MAC block and a counter block go through the
   rounds together, the two independent chains interleaved; with
   MAC_OUT the MAC waits for the output, so it takes the output block
   before the one whose keystream is computed beside it, the first
   counter block and the last MAC block going through alone.  The MAC
   and the counter go back to memory after each block.  */
ENTRY (_bcry_twofish_aarch64_mac_ctr)
	PROLOGUE
	sub sp, sp, #16
	.cfi_adjust_cfa_offset 16
	str x5, [sp]
	cbnz w6, 2f
1:
	MAC_CTR2 (x4, 0)
	COUNT_DOWN
	b.ne 1b
	b 4f
2:
	CTR_NEXT128 (RA, RB, RC, RD)
	ENC1_WHITENED
	XOR4M (x4, 0, RC, RD, RA, RB)
	add x4, x4, #16
	STORE4 (x3, RC, RD, RA, RB)
	add x3, x3, #16
	COUNT_DOWN
	b.eq 3f
5:
	MAC_CTR2 (x3, -16)
	COUNT_DOWN
	b.ne 5b
3:
	LOAD4 (x1, RA, RB, RC, RD)
	XOR4M (x3, -16, RA, RB, RC, RD)
	ENC1_WHITENED
	STORE4 (x1, RC, RD, RA, RB)
4:
	add sp, sp, #16
	.cfi_adjust_cfa_offset -16
	EPILOGUE
END (_bcry_twofish_aarch64_mac_ctr)

#endif /* USE_TWOFISH_AARCH64 */

GNU_STACK_NOTE
