/* simd-modes-avx512-amd64.h - the mode entry points of an AVX-512
 * cipher core of thirty-two or sixty-four blocks
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ECB, CTR, CBC and CFB decryption around a core that encrypts or
 * decrypts MODES_WIDTH (32, the default, or 64) blocks in eight or
 * sixteen ZMM registers, as plain assembly, and for thirty-two blocks
 * also GCM-SIV's counter, XTS and OCB, for sixty-four the whitened
 * pass of XTS and OCB (bulk_whiten_fn_t): the counters, XTS tweaks
 * (IEEE 1619-2007) and OCB offsets (RFC 7253) are built in the
 * registers above %zmm15, and runs shorter than the width are loaded
 * and stored masked.  The including file defines, in .text after its
 * core, Q0-Q7 or Q0-Q15 (register K holds blocks 4K ... 4K + 3),
 * MODES_NAME (mode) (the entry point of a mode: ctr_enc, xts_crypt,
 * ...), MODES_ENC and MODES_DEC (the core's local routines, which take
 * and leave the blocks in the Q registers, and must keep %rcx, %rdx,
 * %rsi, %r9, %r10 and %k7, which carry the modes' state across the
 * call, and of thirty-two blocks also %zmm21-%zmm29, of sixty-four,
 * which take every vector register, %k6),
 * and MODES_T0-MODES_T2, three vector registers outside the Q
 * registers that the entry points may use outside the core; then it
 * includes this file, once per width, which leaves the assembler in
 * .text.
 */

#ifndef MODES_WIDTH
# define MODES_WIDTH 32
#endif

/* Apply W (OP, K, Qk, M, S) for each register K, whose loads and
   stores take byte S of mask register M; AS_IS (OP, ...) is OP (...).
   Runs of N blocks, fewer than the width, are masked: %k7 holds bits
   2i and 2i + 1 for each block i < min (N, 32), the qwords of the
   blocks asked for, and for the sixty-four-block width %k6 those of
   block 32 + i, so that nothing outside IN's and OUT's N blocks is
   read or written (a masked-out element neither faults nor is stored)
   and the other lanes load zeros.  NMASK takes N in %r8 and clobbers
   %rax, %r10 and %r11: ~0 >> (64 - 2N), the shift count being taken
   mod 64 for N = 32.  COUNT2 sets %eax to 2N from the masks, clobbering
   %r11.  */
#undef EACH_
#undef EACH_DOWN_
#undef EACH_LO_
#undef EACH_DOWN_LO_
#undef NMASK
#undef COUNT2
/* Registers 0 to 7, and 7 down to 1, whose masks are in %k7.  */
#define EACH_LO_(w, op)                                                 \
	w (op, 0, Q0, %k7, 0); w (op, 1, Q1, %k7, 1);                   \
	w (op, 2, Q2, %k7, 2); w (op, 3, Q3, %k7, 3);                   \
	w (op, 4, Q4, %k7, 4); w (op, 5, Q5, %k7, 5);                   \
	w (op, 6, Q6, %k7, 6); w (op, 7, Q7, %k7, 7)
#define EACH_DOWN_LO_(w, op)                                            \
	w (op, 7, Q7, %k7, 7); w (op, 6, Q6, %k7, 6);                   \
	w (op, 5, Q5, %k7, 5); w (op, 4, Q4, %k7, 4);                   \
	w (op, 3, Q3, %k7, 3); w (op, 2, Q2, %k7, 2);                   \
	w (op, 1, Q1, %k7, 1)
#if MODES_WIDTH == 64
# define EACH_(w, op)                                                   \
	EACH_LO_ (w, op);                                               \
	w (op, 8, Q8, %k6, 0); w (op, 9, Q9, %k6, 1);                   \
	w (op, 10, Q10, %k6, 2); w (op, 11, Q11, %k6, 3);               \
	w (op, 12, Q12, %k6, 4); w (op, 13, Q13, %k6, 5);               \
	w (op, 14, Q14, %k6, 6); w (op, 15, Q15, %k6, 7)
/* The registers from the last down to 1.  */
# define EACH_DOWN_(w, op)                                              \
	w (op, 15, Q15, %k6, 7); w (op, 14, Q14, %k6, 6);               \
	w (op, 13, Q13, %k6, 5); w (op, 12, Q12, %k6, 4);               \
	w (op, 11, Q11, %k6, 3); w (op, 10, Q10, %k6, 2);               \
	w (op, 9, Q9, %k6, 1); w (op, 8, Q8, %k6, 0);                   \
	EACH_DOWN_LO_ (w, op)
# define COUNT2                                                         \
	kmovq %k7, %rax; kmovq %k6, %r11; popcntq %rax, %rax;           \
	popcntq %r11, %r11; addl %r11d, %eax
# define NMASK                                                          \
	movq %rcx, %r11; movl $32, %eax; cmpq %rax, %r8;                \
	cmovbl %r8d, %eax; leal (%rax,%rax), %ecx; negl %ecx;           \
	movq $-1, %r10; shrq %cl, %r10; kmovq %r10, %k7;                \
	leal -32(%r8), %eax; leal (%rax,%rax), %ecx; negl %ecx;         \
	movq $-1, %r10; shrq %cl, %r10; xorl %eax, %eax;                \
	cmpq $32, %r8; cmovbeq %rax, %r10; kmovq %r10, %k6;             \
	movq %r11, %rcx
#else
# define EACH_(w, op) EACH_LO_ (w, op)
# define EACH_DOWN_(w, op) EACH_DOWN_LO_ (w, op)
# define COUNT2 kmovq %k7, %rax; popcntq %rax, %rax
# define NMASK                                                          \
	movq %rcx, %r11; leal (%r8,%r8), %ecx; negl %ecx;               \
	movq $-1, %rax; shrq %cl, %rax; kmovq %rax, %k7; movq %r11, %rcx
#endif

#ifndef MODES_KM
# define MODES_KM
# define KM(m, s) kshiftrq $(8*(s)), m, %k1
# define AS_IS(op, ...) op (__VA_ARGS__)
/* OP only if register K holds a block, by 2N in %eax (COUNT2).  A
   masked-out element does not fault, but when it falls on a page that
   is not present or not writable (an untouched page past the buffer,
   a guard page) the CPU takes an assist to suppress the fault, which
   on AMD Zen 5 costs hundreds of cycles or more a call; the registers
   past the N blocks would reach up to a width of blocks past the
   data.  A register skipped keeps what it held: nothing stores or
   sums it.  The partly filled register still reaches up to 48 bytes
   past the last block, which costs the assist only when that block
   ends within 48 bytes of such a page: avoiding it would take a
   16-byte load or store per block of that register, a branch on the
   count in every mode, for a case that needs an unaligned buffer (no
   multiple of 64 bytes from its page's start) ending there.  */
# define IF_ROW(op, k, q, m, s)                                         \
	cmpl $(8*(k)), %eax; jbe 77f; op (k, q, m, s); 77:
# define EACH(op) EACH_ (AS_IS, op)
# define EACH_DOWN(op) EACH_DOWN_ (AS_IS, op)
/* Jump to 78f if the registers past the N blocks at P reach into a
   page past that of the last block: if (P + 16 * width - 1) mod 4096
   + 16N < 16 * width, by 2N in %eax; clobbers %r11.  */
# define CROSSES(p)                                                     \
	leal (16*MODES_WIDTH-1)(p), %r11d; andl $4095, %r11d;           \
	leal (%r11,%rax,8), %r11d; cmpl $(16*MODES_WIDTH), %r11d; jb 78f
/* Before the memory operations of the registers at the addresses P
   and Q: to 78f if the registers past the N blocks reach into another
   page, where each goes through IF_ROW (EACH_IF, EACH_DOWN_IF), else on
   to them as they are, which then jump over 78 to 79; clobbers %rax and
   %r11.  The branches of IF_ROW on every run shorter than the width
   cost Serpent's rows more, their lengths varying from call to call
   (doc/HACKING), where this one is as good as never taken.  */
# define MEM_PAGES(p, q) COUNT2; CROSSES (p); CROSSES (q)
# define EACH_IF(op) EACH_ (IF_ROW, op)
# define EACH_DOWN_IF(op) EACH_DOWN_ (IF_ROW, op)

# define LOAD_IN(k, q, m, s) KM (m, s); vmovdqu64 k*64(%rcx), q{%k1}{z}
# define STORE_OUT(k, q, m, s) KM (m, s); vmovdqu64 q, k*64(%rdx){%k1}
/* Out blocks of register K = those of Qk ^ the 64 bytes at IN.  */
# define XOR_STORE(k, q, m, s)                                          \
	KM (m, s); vpxorq k*64(%rcx), q, q{%k1}{z};                     \
	vmovdqu64 q, k*64(%rdx){%k1}
# define CLR(r) vpxord r, r, r
#endif

/* The registers of the entry points, and what they clear on return
   besides what VZEROALL does (EXTRA, the registers above %zmm15 that
   they used): of sixty-four blocks all of %zmm16-%zmm31, which the
   core takes.  RCTR holds the counter in every lane (for CTR
   byte-reversed into a little-endian pair: low qword, high qword);
   RINC the increments of the current register; RINC4 the step from
   one register to the next; RIV and RIVT serve CBC and CFB after the
   core.  */
#undef RCTR
#undef RINC
#undef RINC4
#undef RBSWAP
#undef RONES
#undef RCTRx
#undef RINCx
#undef RINC4x
#undef RBSWAPx
#undef RONESx
#undef RIV
#undef RIVT
#undef MODES_EXIT
#if MODES_WIDTH == 64
# define RCTR %zmm28
# define RINC %zmm29
# define RINC4 %zmm30
# define RBSWAP %zmm31
# define RONES %zmm20
# define RCTRx %xmm28
# define RINCx %xmm29
# define RINC4x %xmm30
# define RBSWAPx %xmm31
# define RONESx %xmm20
# define RIV MODES_T0
# define RIVT MODES_T1
# define MODES_EXIT(extra)                                              \
	vzeroall;                                                       \
	CLR (%zmm16); CLR (%zmm17); CLR (%zmm18); CLR (%zmm19);         \
	CLR (%zmm20); CLR (%zmm21); CLR (%zmm22); CLR (%zmm23);         \
	CLR (%zmm24); CLR (%zmm25); CLR (%zmm26); CLR (%zmm27);         \
	CLR (%zmm28); CLR (%zmm29); CLR (%zmm30); CLR (%zmm31)
#else
# define RCTR %zmm16
# define RINC %zmm17
# define RINC4 %zmm18
# define RBSWAP %zmm19
# define RONES %zmm20
# define RCTRx %xmm16
# define RINCx %xmm17
# define RINC4x %xmm18
# define RBSWAPx %xmm19
# define RONESx %xmm20
# define RIV %zmm16
# define RIVT %zmm18
# define MODES_EXIT(extra) vzeroall; extra
#endif

/* ECB: %rdi ctx, %rsi out, %rdx in, %rcx the block count.  */
ENTRY (MODES_NAME (enc))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	NMASK
	MEM_PAGES (%rcx, %rcx)
	EACH (LOAD_IN); jmp 79f
78:	EACH_IF (LOAD_IN)
79:
	call MODES_ENC
	MEM_PAGES (%rdx, %rdx)
	EACH (STORE_OUT); jmp 79f
78:	EACH_IF (STORE_OUT)
79:
	MODES_EXIT ()
	ret
END (MODES_NAME (enc))

ENTRY (MODES_NAME (dec))
	movq %rcx, %r8
	movq %rdx, %rcx
	movq %rsi, %rdx
	NMASK
	MEM_PAGES (%rcx, %rcx)
	EACH (LOAD_IN); jmp 79f
78:	EACH_IF (LOAD_IN)
79:
	call MODES_DEC
	MEM_PAGES (%rdx, %rdx)
	EACH (STORE_OUT); jmp 79f
78:	EACH_IF (STORE_OUT)
79:
	MODES_EXIT ()
	ret
END (MODES_NAME (dec))

#ifndef MODES_CTR_ADD
/* Q = the counters CTR + the increments INC, byte-reversed back: a
   low qword that wrapped (is now below its increment) carries one into
   the high qword of its lane.  ONES is all ones, BSWAP the byte
   reversal; clobbers %k1.  */
# define MODES_CTR_ADD(q, ctr, inc, ones, bswap)                        \
	vpaddq inc, ctr, q;                                             \
	vpcmpuq $1, inc, q, %k1;                                        \
	kshiftlb $1, %k1, %k1;                                          \
	vpsubq ones, q, q{%k1};                                         \
	vpshufb bswap, q, q

/* Qk = the counters of register K; RINC then steps to the next.  */
# define CTR_REG(k, q, m, s)                                            \
	MODES_CTR_ADD (q, RCTR, RINC, RONES, RBSWAP);                   \
	vpaddq RINC4, RINC, RINC
# define CTR32LE_REG(k, q, m, s)                                        \
	vpaddd RINC, RCTR, q; vpaddd RINC4, RINC, RINC

/* Register K = ciphertext blocks 4K - 1 ... 4K + 2, for K > 0.  */
# define LOAD_PREV(k, q, m, s)                                          \
	KM (m, s); vmovdqu64 k*64-16(%rcx), q{%k1}{z}
# define IV_XOR_STORE(k, q, m, s)                                       \
	KM (m, s); vpxorq k*64-16(%rcx), q, q{%k1}{z};                  \
	vmovdqu64 q, k*64(%rdx){%k1}

/* RIV = IV, C_0, C_1, C_2, from the IV at %rsi and the input at %rcx:
   the top lane of a register of IVs, then lanes 0-2 of the input.  */
# define LOAD_IV_C012                                                   \
	vbroadcasti32x4 (%rsi), RIV;                                    \
	KM (%k7, 0); vmovdqu64 (%rcx), RIVT{%k1}{z};                    \
	valignq $6, RIV, RIVT, RIV

/* %r9 and %r10 = C_N-1, the next IV, which waits there across the
   core.  */
# define LOAD_NEXT                                                      \
	movq %r8, %rax; shlq $4, %rax;                                  \
	movq -16(%rcx,%rax), %r9; movq -8(%rcx,%rax), %r10
# define STORE_NEXT movq %r9, (%rsi); movq %r10, 8(%rsi)
#endif

/* CTR: %rdi ctx, %rsi the 128-bit big-endian counter (advanced by N),
   %rdx out, %rcx in, %r8 the block count N.  The counters are built in
   registers, four 128-bit lanes at a time; the counter at %rsi
   advances the same way, on the XMM halves.  */
ENTRY (MODES_NAME (ctr_enc))
	NMASK
	vbroadcasti32x4 .Lmodes_bswap128(%rip), RBSWAP
	vbroadcasti32x4 (%rsi), RCTR
	vpshufb RBSWAP, RCTR, RCTR
	vmovdqu64 .Lmodes_ctr_inc(%rip), RINC
	vbroadcasti32x4 .Lmodes_ctr_step(%rip), RINC4
	vpternlogd $0xff, RONES, RONES, RONES
	EACH (CTR_REG)
	vmovq %r8, RINC4x
	MODES_CTR_ADD (RINCx, RCTRx, RINC4x, RONESx, RBSWAPx)
	vmovdqu64 RINCx, (%rsi)
	call MODES_ENC
	MEM_PAGES (%rcx, %rdx)
	EACH (XOR_STORE); jmp 79f
78:	EACH_IF (XOR_STORE)
79:
	MODES_EXIT (CLR (RCTR); CLR (RINC))
	ret
END (MODES_NAME (ctr_enc))

#if MODES_WIDTH == 32
/* GCM-SIV's counter (RFC 8452, section 4): as CTR, but only the first
   four bytes count, as a little-endian number that wraps, so the lanes
   add without carries.  */
ENTRY (MODES_NAME (ctr32le_enc))
	NMASK
	vbroadcasti32x4 (%rsi), RCTR
	vmovdqu64 .Lmodes_ctr32le_inc(%rip), RINC
	vbroadcasti32x4 .Lmodes_ctr32le_step(%rip), RINC4
	EACH (CTR32LE_REG)
	addl %r8d, (%rsi)
	call MODES_ENC
	MEM_PAGES (%rcx, %rdx)
	EACH (XOR_STORE); jmp 79f
78:	EACH_IF (XOR_STORE)
79:
	MODES_EXIT (CLR (RCTR); CLR (RINC))
	ret
END (MODES_NAME (ctr32le_enc))
#endif

/* CBC decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The registers are
   stored last to first so that, in place, each ciphertext block is read
   before its plaintext overwrites it.  */
ENTRY (MODES_NAME (cbc_dec))
	NMASK
	MEM_PAGES (%rcx, %rcx)
	EACH (LOAD_IN); jmp 79f
78:	EACH_IF (LOAD_IN)
79:
	LOAD_NEXT
	call MODES_DEC
	MEM_PAGES (%rcx, %rdx)
	EACH_DOWN (IV_XOR_STORE); jmp 79f
78:	EACH_DOWN_IF (IV_XOR_STORE)
79:
	LOAD_IV_C012
	vpxord RIV, Q0, Q0
	vmovdqu64 Q0, 0*64(%rdx){%k1}
	STORE_NEXT
	MODES_EXIT (CLR (RIV); CLR (RIVT))
	ret
END (MODES_NAME (cbc_dec))

/* CFB decryption: %rdi ctx, %rsi the IV (becomes the last ciphertext
   block), %rdx out, %rcx in, %r8 the block count.  The keystream is
   E(IV), E(C_0), ..., E(C_N-2).  */
ENTRY (MODES_NAME (cfb_dec))
	NMASK
	LOAD_IV_C012
	vmovdqa64 RIV, Q0
	MEM_PAGES (%rcx, %rcx)
	EACH_DOWN (LOAD_PREV); jmp 79f
78:	EACH_DOWN_IF (LOAD_PREV)
79:
	LOAD_NEXT
	STORE_NEXT
	call MODES_ENC
	MEM_PAGES (%rcx, %rdx)
	EACH (XOR_STORE); jmp 79f
78:	EACH_IF (XOR_STORE)
79:
	MODES_EXIT (CLR (RIV); CLR (RIVT))
	ret
END (MODES_NAME (cfb_dec))

#if MODES_WIDTH == 64
/* The whitened pass of XTS and OCB (bulk_whiten_fn_t, src/cipher-proto.h):
   %rdi ctx, %rsi out, %rdx in, %rcx W, %r8 the block count, %r9d the
   flags, bit 0 BULK_WHITEN_ENCRYPT and bit 1 BULK_WHITEN_ONCE.  */
# define WLOAD(k, q, m, s)                                              \
	KM (m, s); vmovdqu64 k*64(%rdx), q{%k1}{z};                     \
	vpxorq k*64(%rcx), q, q{%k1}{z}
# define WSTORE(k, q, m, s)                                             \
	KM (m, s); vpxorq k*64(%rcx), q, q{%k1}{z};                     \
	vmovdqu64 q, k*64(%rsi){%k1}
# define WSTORE_ONCE(k, q, m, s) KM (m, s); vmovdqu64 q, k*64(%rsi){%k1}

ENTRY (MODES_NAME (whiten))
	NMASK
	MEM_PAGES (%rdx, %rcx)
	EACH (WLOAD); jmp 79f
78:	EACH_IF (WLOAD)
79:
	testl $1, %r9d
	jz 1f
	call MODES_ENC
	jmp 2f
1:	call MODES_DEC
2:	testl $2, %r9d
	jnz 3f
	MEM_PAGES (%rcx, %rsi)
	EACH (WSTORE); jmp 79f
78:	EACH_IF (WSTORE)
79:
	jmp 4f
3:	MEM_PAGES (%rsi, %rsi)
	EACH (WSTORE_ONCE); jmp 79f
78:	EACH_IF (WSTORE_ONCE)
79:
4:	MODES_EXIT ()
	ret
END (MODES_NAME (whiten))
#endif

#if MODES_WIDTH == 32
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

#define EACHW_(w, op)                                                   \
	w (op, 0, Q0, RW0, RW0x); w (op, 1, Q1, RW1, RW1x);             \
	w (op, 2, Q2, RW2, RW2x); w (op, 3, Q3, RW3, RW3x);             \
	w (op, 4, Q4, RW4, RW4x); w (op, 5, Q5, RW5, RW5x);             \
	w (op, 6, Q6, RW6, RW6x); w (op, 7, Q7, RW7, RW7x)
#define EACHW(op) EACHW_ (AS_IS, op)
#define IF_ROWW(op, k, q, w, wx)                                        \
	cmpl $(8*(k)), %eax; jbe 77f; op (k, q, w, wx); 77:
#define EACHW_IF(op) EACHW_ (IF_ROWW, op)

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
   one another.  Clobbers MODES_T0-MODES_T2.  */
#define XTS_POW(n, w)                                                   \
	vpsllq $(n), RW0, MODES_T0; vpsrlq $(64-(n)), RW0, MODES_T1;          \
	vpshufd $0x4e, MODES_T1, MODES_T2; vpxorq MODES_T2, MODES_T0, w;            \
	vpsllq $1, MODES_T2, MODES_T0{%k2}{z}; vpsllq $2, MODES_T2, MODES_T1{%k2}{z}; \
	vpternlogq $0x96, MODES_T1, MODES_T0, w;                              \
	vpsllq $7, MODES_T2, MODES_T0{%k2}{z}; vpxorq MODES_T0, w, w

#define XTS_LOAD(k, q, w, wx) KM (%k7, k); vpxorq k*64(%rcx), w, q{%k1}{z}
#define XTS_STORE(k, q, w, wx)                                          \
	KM (%k7, k); vpxorq w, q, q; vmovdqu64 q, k*64(%rdx){%k1}

/* XTS (IEEE 1619-2007, 5.3): %rdi ctx, %rsi the tweak (advanced by N
   blocks), %rdx out, %rcx in, %r8 the block count N, %r9d nonzero to
   encrypt.  For N < 32 the next tweak, T * x^N, is stepped in %rax
   (low) and %r10 (high) while the vectors compute the tweaks of all
   thirty-two lanes, which end with T * x^32.  */
ENTRY (MODES_NAME (xts_crypt))
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
	vbroadcasti32x4 .Lmodes_xts_poly(%rip), RPOLY
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
	MEM_PAGES (%rcx, %rcx)
	EACHW (XTS_LOAD); jmp 79f
78:	EACHW_IF (XTS_LOAD)
79:
	testl %r9d, %r9d
	jz .Lxts_dec
	call MODES_ENC
	jmp .Lxts_done
.Lxts_dec:
	call MODES_DEC
.Lxts_done:
	MEM_PAGES (%rdx, %rdx)
	EACHW (XTS_STORE); jmp 79f
78:	EACHW_IF (XTS_STORE)
79:
	vzeroall
	CLEAR_W
	ret
END (MODES_NAME (xts_crypt))

/* OCB (RFC 7253) on a bulk_ocb_state_t (src/cipher-proto.h): RWk =
   the offsets of register K's blocks, chained in RX from the state's
   offset, each lane's L_ntz from OCB_L (asm-common-amd64.h).  */
#define OCB_LANE(k, j, wx, w)                                           \
	OCB_L (4*k+j); vpxorq (%r10), RXx, RXx;                         \
	vinserti32x4 $j, RXx, w, w
#define OCB_OFFSETS(k, q, w, wx)                                        \
	OCB_L (4*k); vpxorq (%r10), RXx, RXx;                           \
	vmovdqa64 RXx, wx;                                              \
	OCB_LANE (k, 1, wx, w); OCB_LANE (k, 2, wx, w);                 \
	OCB_LANE (k, 3, wx, w)

/* The loads from %rcx, the first summed into RSUM (its masked-out
   lanes are zero, and a register without blocks adds nothing), and the
   stores to %rdx, the second summing the blocks asked for.  */
#define OCB_LOAD_SUM(k, q, w, wx)                                       \
	KM (%k7, k); vmovdqu64 k*64(%rcx), q{%k1}{z};                        \
	vpxord q, RSUM, RSUM; vpxord w, q, q
#define OCB_LOAD(k, q, w, wx) KM (%k7, k); vpxorq k*64(%rcx), w, q{%k1}{z}
#define OCB_STORE(k, q, w, wx)                                          \
	KM (%k7, k); vpxorq w, q, q; vmovdqu64 q, k*64(%rdx){%k1}
#define OCB_STORE_SUM(k, q, w, wx)                                      \
	OCB_STORE (k, q, w, wx); vpxorq q, RSUM, RSUM{%k1}
#define OCB_KEEP(k, q, w, wx) KM (%k7, k); vmovdqa64 q, q{%k1}{z}

#define OCB_BEGIN                                                       \
	NMASK;                                                          \
	movq OCB_STATE_BLKN(%rsi), %rax;                                \
	movq OCB_STATE_L(%rsi), %r9;                                    \
	leaq .Lmodes_zero_block(%rip), %r11;                                  \
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
ENTRY (MODES_NAME (ocb_crypt))
	testl %r9d, %r9d
	jz .Locb_dec
	OCB_BEGIN
	MEM_PAGES (%rcx, %rcx)
	EACHW (OCB_LOAD_SUM); jmp 79f
78:	EACHW_IF (OCB_LOAD_SUM)
79:
	call MODES_ENC
	MEM_PAGES (%rdx, %rdx)
	EACHW (OCB_STORE); jmp 79f
78:	EACHW_IF (OCB_STORE)
79:
	jmp .Locb_done
.Locb_dec:
	OCB_BEGIN
	MEM_PAGES (%rcx, %rcx)
	EACHW (OCB_LOAD); jmp 79f
78:	EACHW_IF (OCB_LOAD)
79:
	call MODES_DEC
	MEM_PAGES (%rdx, %rdx)
	EACHW (OCB_STORE_SUM); jmp 79f
78:	EACHW_IF (OCB_STORE_SUM)
79:
.Locb_done:
	OCB_FOLD_SUM
	vzeroall
	CLEAR_W
	ret
END (MODES_NAME (ocb_crypt))

/* OCB's HASH (RFC 7253, 4.1): %rdi ctx, %rsi the state (its checksum
   the sum, ^= every E(A_i ^ Offset_i)), %rdx the additional data, %rcx
   the block count.  */
ENTRY (MODES_NAME (ocb_auth))
	movq %rcx, %r8
	movq %rdx, %rcx
	OCB_BEGIN
	MEM_PAGES (%rcx, %rcx)
	EACHW (OCB_LOAD); jmp 79f
78:	EACHW_IF (OCB_LOAD)
79:
	call MODES_ENC
	EACHW (OCB_KEEP)
	vpternlogd $0x96, Q2, Q1, Q0
	vpternlogd $0x96, Q4, Q3, Q0
	vpternlogd $0x96, Q6, Q5, Q0
	vpxord Q7, Q0, RSUM
	OCB_FOLD_SUM
	vzeroall
	CLEAR_W
	ret
END (MODES_NAME (ocb_auth))

#endif /* MODES_WIDTH == 32 */

#ifndef MODES_RODATA
# define MODES_RODATA
ELF (.section .rodata)
.align 64
/* Lane i: +i on the low qword; then +4 per register, +32 per call.  */
.Lmodes_ctr_inc:
	.quad 0, 0, 1, 0, 2, 0, 3, 0
.Lmodes_ctr_step:
	.quad 4, 0
/* Lane i: +i on the first dword.  */
.Lmodes_ctr32le_inc:
	.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.Lmodes_ctr32le_step:
	.long 4, 0, 0, 0
.Lmodes_bswap128:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Lmodes_xts_poly:
	.quad 0x87, 1
.Lmodes_zero_block:
	.quad 0, 0

.text
#endif
