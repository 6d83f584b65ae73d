/* camellia-aarch64.S - Camellia one block at a time in aarch64 integer code
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Camellia (RFC 3713) for aarch64 cores without a SIMD path, and for
 * what cannot run many blocks at once: ECB runs one block after the
 * other, and the serial modes (CBC, CFB and OFB encryption, CBC-MAC,
 * and CTR next to a CBC-MAC for CCM and EAX) with their loops and
 * chaining values in registers.  The layout is that of our x86-64
 * kernel, cipher/camellia-amd64.S: each 64-bit half of the state in
 * one register, the F function of RFC 3713, section 2.4, as eight
 * lookups in tables of 64-bit words, on the masked key schedule that
 * cipher/camellia.c builds.  The lookups are indexed by data and key
 * bytes, so this code is not constant time (see PROLOGUE).
 */

#include "asm-common-aarch64.h"
#include "simd-kernels.h"

#ifdef USE_CAMELLIA_AARCH64

/* The context of cipher/camellia.c: u32 key[64], then the rounds.  */
#define ROUNDS_OFF 256


/* The eight tables, T(j) for byte j of F's input (0 the lowest byte
   of the left word), each with a base register of its own: a load can
   add a scaled index register to a base, but not also a constant.  */
#define TAB0 x19
#define TAB1 x20
#define TAB2 x21
#define TAB3 x22
#define TAB4 x23
#define TAB5 x24
#define TAB6 x25
#define TAB7 x26

/* The state: halves A and B, each with its left word in the low 32
   bits.  */
#define RA x27
#define RAw w27
#define RB x28
#define RBw w28

/* Byte indices and lookups of F; scratch between blocks.  */
#define T0 x9
#define T0w w9
#define T1 x10
#define T1w w10
#define T2 x11
#define T3 x12
#define T4 x13
#define T5 x14
#define T6 x15
#define T7 x16
#define T7w w16

/* Two pairs of the schedule, and where the current group's and the
   last group's FL pairs are.  A group is eight pairs: pair 0 (the
   input's mask, or the FL^-1 pair of the group before), six round
   constants and the FL pair 7 (the output's mask after the last); in
   direction D (1 or -1) pair I of the group that starts at P is at
   P + 8 * D * I.  KP holds the lower address of pairs 7 and 8, which
   one post-indexed LDP reads as it steps KP to the next group: P + 56
   encrypting, P - 64 decrypting.  */
#define KA x17
#define KAw w17
#define KB x8
#define KBw w8
#define KP x7
#define KLAST x6

/* Pairs I and I + 1 of the current group into KA and KB.  */
.macro ldkey2 d, i
.if \d > 0
	ldp KA, KB, [KP, #(8 * \i - 56)]
.else
	ldp KB, KA, [KP, #(56 - 8 * \i)]
.endif
.endm

/* X ^= F (Y) ^ K.  Each entry of a table is an S-box output already
   spread by the P function over both output words, so a round is
   eight extracts, eight loads and nine XORs; the extracts all read Y,
   so the loads start together, and the key (the mask trick of
   cipher/camellia.c) goes into X while they are under way.  */
.macro round y, x, k
	and T0, \y, #0xff
	ubfx T1, \y, #8, #8
	ubfx T2, \y, #16, #8
	ubfx T3, \y, #24, #8
	ubfx T4, \y, #32, #8
	ubfx T5, \y, #40, #8
	ubfx T6, \y, #48, #8
	lsr T7, \y, #56
	ldr T0, [TAB0, T0, lsl #3]
	ldr T1, [TAB1, T1, lsl #3]
	ldr T2, [TAB2, T2, lsl #3]
	ldr T3, [TAB3, T3, lsl #3]
	ldr T4, [TAB4, T4, lsl #3]
	ldr T5, [TAB5, T5, lsl #3]
	ldr T6, [TAB6, T6, lsl #3]
	ldr T7, [TAB7, T7, lsl #3]
	eor \x, \x, \k
	eor T0, T0, T1
	eor T2, T2, T3
	eor T4, T4, T5
	eor T6, T6, T7
	eor T0, T0, T2
	eor T4, T4, T6
	eor \x, \x, T0
	eor \x, \x, T4
.endm

/* FL of RFC 3713, section 2.4.2, on A with the pair KA, and FL^-1 on
   B with KB: x1 ^= (x0 & k0) <<< 1, x0 ^= x1 | k1, and the other way
   round.  The shifted-operand XOR moves a word between the halves of
   the register in the same instruction.  */
.macro fl_flinv
	and T0w, RAw, KAw
	orr T1, RB, KB
	ror T0w, T0w, #31
	eor RB, RB, T1, lsr #32
	eor RA, RA, T0, lsl #32
	and T1w, RBw, KBw
	orr T0, RA, KA
	ror T1w, T1w, #31
	eor RA, RA, T0, lsr #32
	eor RB, RB, T1, lsl #32
.endm

/* Six rounds.  */
.macro group d
	ldkey2 \d, 1
	round RA, RB, KA
	round RB, RA, KB
	ldkey2 \d, 3
	round RA, RB, KA
	round RB, RA, KB
	ldkey2 \d, 5
	round RA, RB, KA
	round RB, RA, KB
.endm

/* One block in A, B (A already xored with pair 0), KP set for the
   first group in direction D, KLAST for the last.  Leaves KP at
   KLAST, whose group's pair 7 the caller xors into B: the output is
   (B, A).  The first group stands before the loop, so that the loop
   tests at its end and a group boundary costs the LDP of the FL keys
   and a compare and branch.  */
.macro core d
	group \d
9:
	.if \d > 0
	ldp KA, KB, [KP], #64
	.else
	ldp KB, KA, [KP], #-64
	.endif
	fl_flinv
	group \d
	cmp KP, KLAST
	b.ne 9b
.endm

/* Between the byte order of a block and the register form: each 32-bit
   word big-endian, the first word of a half in the low bits.  */
.macro conv r
	rev32 \r, \r
.endm

/* Save the callee-saved registers, point the table registers at the
   tables and read each of their cache lines once.  Cache timing can
   reveal the indices of the lookups; as the portable C does, reading
   every line first mitigates but does not prevent such attacks, at a
   cost per call that a single-block call pays in full.  Branches
   depend only on lengths and the key size; registers that held data
   or key material are cleared before returning.  Sixty-four reads an
   iteration keep the loop's own instructions to a few per call.  x29
   and x30 serve as general registers in the serial kernels, so x30 is
   signed where the build asks for return-address signing.  */
#define FRAME 112
.macro prologue
	PUSH_X19_X30 (FRAME)
	adrp TAB0, .Lcamellia_sp
	add TAB0, TAB0, :lo12:.Lcamellia_sp
	add TAB1, TAB0, #2048
	add TAB2, TAB0, #4096
	add TAB3, TAB2, #2048
	add TAB4, TAB0, #8192
	add TAB5, TAB4, #2048
	add TAB6, TAB0, #12288
	add TAB7, TAB6, #2048
	mov T0, TAB0
	add T1, TAB0, #16384
7:
	.irp off, 0, 1024, 2048, 3072
	ldr T2, [T0, #(\off + 0)]
	ldr T2, [T0, #(\off + 64)]
	ldr T2, [T0, #(\off + 128)]
	ldr T2, [T0, #(\off + 192)]
	ldr T2, [T0, #(\off + 256)]
	ldr T2, [T0, #(\off + 320)]
	ldr T2, [T0, #(\off + 384)]
	ldr T2, [T0, #(\off + 448)]
	ldr T2, [T0, #(\off + 512)]
	ldr T2, [T0, #(\off + 576)]
	ldr T2, [T0, #(\off + 640)]
	ldr T2, [T0, #(\off + 704)]
	ldr T2, [T0, #(\off + 768)]
	ldr T2, [T0, #(\off + 832)]
	ldr T2, [T0, #(\off + 896)]
	ldr T2, [T0, #(\off + 960)]
	.endr
	add T0, T0, #4096
	cmp T0, T1
	b.lo 7b
.endm

/* Clear the caller-saved registers that held data or key material
   (the others are restored) and return.  */
.macro epilogue
	mov x0, #0
	CLEAR_X1_X17
	POP_X19_X30 (FRAME)
	ret
.endm

/* KLAST for encryption, from the context in x0: the schedule starts
   at pair 0 (x0 itself) and its last group at pair 16 (18 rounds) or
   24, whose pair 7 is at KLAST.  */
.macro setup_enc
	ldr T0w, [x0, #ROUNDS_OFF]
	add KLAST, x0, #184
	add T1, x0, #248
	cmp T0w, #18
	csel KLAST, KLAST, T1, eq
.endm

.text

/* NBLOCKS blocks from IN to OUT in direction D, one after the other,
   the schedule starting at KSTART.  */
.macro crypt_blocks d, kstart, out, in, n
	cbz \n, 3f
1:
	ldp RA, RB, [\in], #16
	ldr T0, [\kstart]
	conv RA
	conv RB
	.if \d > 0
	add KP, \kstart, #56
	.else
	sub KP, \kstart, #64
	.endif
	eor RA, RA, T0
	core \d
	ldr T0, [KP, #((1 - \d) * 4)]
	eor RB, RB, T0
	conv RA
	conv RB
	stp RB, RA, [\out], #16
	subs \n, \n, #1
	b.ne 1b
3:
.endm

/* void _bcry_camellia_aarch64_enc (const void *ctx, byte *out,
                                    const byte *in, size_t nblocks);
   x0: ctx, x1: out, x2: in, x3: nblocks (may be 0).  */
ENTRY (_bcry_camellia_aarch64_enc)
	prologue
	setup_enc
	crypt_blocks 1, x0, x1, x2, x3
	epilogue
END (_bcry_camellia_aarch64_enc)

/* void _bcry_camellia_aarch64_dec (const void *ctx, byte *out,
                                    const byte *in, size_t nblocks);
   x0: ctx, x1: out, x2: in, x3: nblocks (may be 0).  Decryption reads
   the schedule backwards from the last pair, 23 or 31, to the group
   that ends at pair 0.  */
ENTRY (_bcry_camellia_aarch64_dec)
	prologue
	ldr T0w, [x0, #ROUNDS_OFF]
	add x4, x0, #184
	add T1, x0, #248
	cmp T0w, #18
	csel x4, x4, T1, eq
	sub KLAST, x0, #8
	crypt_blocks -1, x4, x1, x2, x3
	epilogue
END (_bcry_camellia_aarch64_dec)

/* The serial kernels keep the chaining value in registers in the form
   the rounds leave it: the block cipher's output is (B ^ k7, A), k7
   the last group's pair 7, and the next input has pair 0 (k0) added
   to its left half.  Each takes the context in x0, the IV in x1, OUT
   in x2, IN in x3 and NBLOCKS (at least 1) in x4; OUT may equal IN:
   each input block is read before its output is written.  */
#define K0 x29
#define K7 x30
.macro serial_setup
	prologue
	setup_enc
	ldr K0, [x0]
	ldr K7, [KLAST]
.endm

/* void _bcry_camellia_aarch64_cbc_enc (const void *ctx, byte *iv,
                                        byte *out, const byte *in,
                                        size_t nblocks, int cbc_mac);
   CBC encryption; with cbc_mac (w5) nonzero each ciphertext block goes
   to the same 16 bytes at OUT.  */
ENTRY (_bcry_camellia_aarch64_cbc_enc)
	serial_setup
	mov T0, #16
	cmp w5, #0
	csel x5, T0, xzr, eq
	/* The IV as the chaining value (T2, RA), the ciphertext block
	   before in register form.  */
	ldp T2, RA, [x1]
	conv T2
	conv RA
1:
	ldp T6, T7, [x3], #16
	conv T6
	conv T7
	eor RB, RA, T7
	eor RA, T2, K0
	eor RA, RA, T6
	add KP, x0, #56
	core 1
	eor T2, RB, K7
	rev32 T4, T2
	rev32 T5, RA
	stp T4, T5, [x2]
	add x2, x2, x5
	subs x4, x4, #1
	b.ne 1b
	stp T4, T5, [x1]
	epilogue
END (_bcry_camellia_aarch64_cbc_enc)

/* void _bcry_camellia_aarch64_cfb_enc (const void *ctx, byte *iv,
                                        byte *out, const byte *in,
                                        size_t nblocks);  */
ENTRY (_bcry_camellia_aarch64_cfb_enc)
	serial_setup
	ldp RA, RB, [x1]
	conv RA
	conv RB
	eor RA, RA, K0
1:
	add KP, x0, #56
	core 1
	/* C = E ^ P, which also is the next input.  */
	ldp T4, T5, [x3], #16
	conv T4
	conv T5
	eor T2, RB, K7
	eor RB, RA, T5
	eor T2, T2, T4
	eor RA, T2, K0
	rev32 T4, T2
	rev32 T5, RB
	stp T4, T5, [x2], #16
	subs x4, x4, #1
	b.ne 1b
	stp T4, T5, [x1]
	epilogue
END (_bcry_camellia_aarch64_cfb_enc)

/* void _bcry_camellia_aarch64_ofb_enc (const void *ctx, byte *iv,
                                        byte *out, const byte *in,
                                        size_t nblocks);
   The IV is left as the last keystream block.  */
ENTRY (_bcry_camellia_aarch64_ofb_enc)
	serial_setup
	ldp RA, RB, [x1]
	conv RA
	conv RB
	eor RA, RA, K0
1:
	add KP, x0, #56
	core 1
	eor T2, RB, K7
	mov RB, RA
	eor RA, T2, K0
	rev32 T4, T2
	rev32 T5, RB
	ldp T6, T7, [x3], #16
	eor T6, T6, T4
	eor T7, T7, T5
	stp T6, T7, [x2], #16
	subs x4, x4, #1
	b.ne 1b
	stp T4, T5, [x1]
	epilogue
END (_bcry_camellia_aarch64_ofb_enc)


/* The MAC-and-CTR kernel keeps the MAC's chaining value as the output
   of the block before, in register form, in (ML, MR), and the counter
   as two native 64-bit halves; the MAC's and the counter's addresses
   wait on the stack.  The counter block goes through the cipher
   first, then the MAC block, whose input with mac_out is the output
   just written.  */
#define ML x1
#define MR x2
#define CHI x29
#define CLO x30

/* One block of the loop for the given mac_out; x3: out, x4: in,
   x5: blocks left, x0: the schedule, KLAST its last group.  */
.macro mac_ctr_loop mac_out
1:
	ror RA, CHI, #32
	ror RB, CLO, #32
	ldr T0, [x0]
	adds CLO, CLO, #1
	adc CHI, CHI, xzr
	eor RA, RA, T0
	add KP, x0, #56
	core 1
	/* The output block in register form into (T2, T3).  */
	ldp T2, T3, [x4], #16
	ldr T0, [KLAST]
	conv T2
	conv T3
	eor RB, RB, T0
	.if \mac_out
	eor T2, T2, RB
	eor T3, T3, RA
	rev32 T4, T2
	rev32 T5, T3
	.else
	eor T4, T2, RB
	eor T5, T3, RA
	rev32 T4, T4
	rev32 T5, T5
	.endif
	stp T4, T5, [x3], #16
	/* MAC = E (MAC ^ X).  */
	ldr T0, [x0]
	eor RA, ML, T2
	eor RB, MR, T3
	eor RA, RA, T0
	add KP, x0, #56
	core 1
	ldr T0, [KLAST]
	mov MR, RA
	eor ML, RB, T0
	subs x5, x5, #1
	b.ne 1b
.endm

/* void _bcry_camellia_aarch64_mac_ctr (const void *ctx, byte *mac,
                                        byte *ctr, byte *out,
                                        const byte *in, size_t nblocks,
                                        int mac_out);
   x0: ctx, x1: mac, x2: ctr, x3: out, x4: in, x5: nblocks (at least
   1), w6: mac_out.  */
ENTRY (_bcry_camellia_aarch64_mac_ctr)
	prologue
	sub sp, sp, #16
	.cfi_adjust_cfa_offset 16
	stp x1, x2, [sp]
	ldp CHI, CLO, [x2]
	rev CHI, CHI
	rev CLO, CLO
	ldp ML, MR, [x1]
	conv ML
	conv MR
	mov T7w, w6
	setup_enc
	cbnz T7w, 2f
	mac_ctr_loop 0
	b 3f
2:
	mac_ctr_loop 1
3:
	ldp T0, T1, [sp]
	rev32 ML, ML
	rev32 MR, MR
	stp ML, MR, [T0]
	rev CHI, CHI
	rev CLO, CLO
	stp CHI, CLO, [T1]
	add sp, sp, #16
	.cfi_adjust_cfa_offset -16
	epilogue
END (_bcry_camellia_aarch64_mac_ctr)

#include "camellia-sp-tables.h"

#endif /* USE_CAMELLIA_AARCH64 */

GNU_STACK_NOTE
