/* camellia-simd-amd64.h - byte-sliced Camellia, the template of the
 * x86-64 SIMD kernels
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Camellia (RFC 3713) on W blocks at once, W the width in bytes of a
 * vector register: sixteen registers each hold one byte position of all
 * W blocks, so that every S-box of the F function is one vector
 * operation over one register, P is a handful of XORs between
 * registers, and FL / FL^-1 are byte-wise logic with the 1-bit rotation
 * of each 32-bit word rebuilt from per-byte shifts (each byte takes its
 * own top bits shifted left and the next byte's top bit).  The layout
 * is the "byte-sliced" one that Linux and libgcrypt introduced for
 * their AES-NI/AVX Camellia in 2012-2013 (J. Kivilinna).  The S-boxes
 * are computed without tables, so the kernels run in constant time.
 */

/* The including file defines, before including this one:
     V(n)            vector register n (%zmm##n, %ymm##n, %xmm##n)
     CAM_W           bytes per vector register = blocks per stream
     CAM_REGS32      defined with 32 vector registers (AVX-512)
     CAM_SBOX_AESNI  defined for the S-boxes through AES-NI (AESENCLAST,
                     AESDECLAST, VPSHUFB); the file then emits its
                     tables with CAM_AESNI_CONSTANTS
     SBOX(n, x, d, t0, t1)  with 32 registers, with GFNI: d = s_n (x),
                     n = 1..4 (d may be x), t0, t1 scratch registers
     CAM_A123, CAM_A4, CAM_B14, CAM_B2, CAM_B3, POSTC_1 ... POSTC_4
                     with 16 registers, with GFNI: the matrices of the
                     S-boxes' affine maps as memory operands, and the
                     constants of their outputs
     SHR7(x, d)      d = per-byte x >> 7 (d may be scratch), with GFNI  */

/* Every Camellia S-box is affine-equivalent to inversion in GF(2^8),
   s1(x) = B (inv (A (x))), with A and B affine over GF(2).  A and B
   were found by searching the affine maps that make s1 of RFC 3713
   match inversion modulo the AES polynomial x^8 + x^4 + x^3 + x + 1
   (s1 = h o g o f in the Camellia paper, g being inversion in another
   basis of the same field); then s2 = s1 <<< 1, s3 = s1 >>> 1 and
   s4 (x) = s1 (x <<< 1) change only A or B.  With GFNI, the including file supplies the macro that
   computes an S-box on a register, GF2P8AFFINEQB then GF2P8AFFINEINVQB
   (two instructions); with AES-NI (CAM_SBOX_AESNI), this file computes
   the eight S-boxes of a round together, by AESENCLAST or AESDECLAST on
   a zero key (inversion wrapped in AES's affine map, after ShiftRows or
   its inverse, see below) between affine maps done by two 16-entry
   nibble lookups (VPSHUFB).  Neither reads memory at addresses that
   depend on data.  */

#ifdef CAM_SBOX_AESNI
/* The S-boxes through AESENCLAST or AESDECLAST on a zero key: the
   first computes AES's SubBytes (AES's affine map of inversion) after
   ShiftRows, the second the inverse of SubBytes (inversion of the
   inverse affine map) after the inverse of ShiftRows.  Either way the
   input first goes through an affine map and the output through
   another (A_n and B_n composed with AES's affine map or its inverse),
   each the xor of two 16-entry lookups, one per nibble (VPSHUFB on the
   constant table, indexed by the data: no memory access depends on
   it).  Tables are 16 bytes repeated for each 128-bit lane.

   The rounds whose input is the left half use AESENCLAST, the others
   AESDECLAST, and the right half is kept with its bytes permuted by
   ShiftRows within each lane: the permutation AESENCLAST applies to the
   left half lines it up with the right, the inverse one AESDECLAST
   applies to the right half lines it up with the left, so that no
   round has to shuffle its bytes back.  FL, FL^-1 and the key xors
   work byte by byte and do not see the permutation.  */
# define CAM_AES_E vaesenclast
# define CAM_AES_D vaesdeclast
# define PRE123_E .Lcam_pre_lo_s123
# define PRE4_E .Lcam_pre_lo_s4
# define POST14_E .Lcam_post_lo_s14
# define POST2_E .Lcam_post_lo_s2
# define POST3_E .Lcam_post_lo_s3
# define PRE123_D .Lcam_dpre_lo_s123
# define PRE4_D .Lcam_dpre_lo_s4
# define POST14_D .Lcam_dpost_lo_s14
# define POST2_D .Lcam_dpost_lo_s2
# define POST3_D .Lcam_dpost_lo_s3
/* X = L[X & 15] ^ H[X >> 4], with L in LO, H in HI and 0x0f in each
   byte of M.  The word shift that brings the high nibbles down competes
   with the lookups and AES for the same execution ports; in NIBBLE_MAP2
   a multiplication by 2^12 keeping the high half of each word
   (VPMULHUW) does the same shift on the multiplier's ports.  Doing
   every other map that way measured faster with YMM and with XMM
   (doc/HACKING, "Tuning notes").  */
# define NIBBLE_MAP(x, lo, hi, m, t0, t1)                               \
	vpsrlw $4, x, t1; vpand m, x, t0; vpand m, t1, t1;              \
	vpshufb t0, lo, t0; vpshufb t1, hi, t1; vpxor t0, t1, x
# define NIBBLE_MAP2(x, lo, hi, m, t0, t1)                              \
	vpmulhuw .Lcam_shr4(%rip), x, t1; vpand m, x, t0;               \
	vpand m, t1, t1; vpshufb t0, lo, t0; vpshufb t1, hi, t1;        \
	vpxor t0, t1, x
/* Tables at TBL (the low nibble) and 32 bytes after it (the high) into
   LO and HI.  */
# define LOAD_MAP(tbl, lo, hi)                                          \
	vmovdqa tbl(%rip), lo; vmovdqa 32+tbl(%rip), hi
/* y_j = s (y_j) for the eight bytes of F in place, E for the left half
   and D for the right; the maps grouped by table so that each table is
   loaded once.  */
# define SBOX8(e, y0, y1, y2, y3, y4, y5, y6, y7,                       \
	       t0, t1, t2, t3, t4, t5, t6, t7)                          \
	vmovdqa .Lcam_mask0f(%rip), t7;                                 \
	LOAD_MAP (PRE123_##e, t5, t6);                                  \
	NIBBLE_MAP (y0, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y1, t5, t6, t7, t2, t3);                           \
	NIBBLE_MAP (y2, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y4, t5, t6, t7, t2, t3);                           \
	NIBBLE_MAP (y5, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y7, t5, t6, t7, t2, t3);                           \
	LOAD_MAP (PRE4_##e, t5, t6);                                    \
	NIBBLE_MAP (y3, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y6, t5, t6, t7, t2, t3);                           \
	vpxor t4, t4, t4;                                               \
	CAM_AES_##e t4, y0, y0; CAM_AES_##e t4, y1, y1;                 \
	CAM_AES_##e t4, y2, y2; CAM_AES_##e t4, y3, y3;                 \
	CAM_AES_##e t4, y4, y4; CAM_AES_##e t4, y5, y5;                 \
	CAM_AES_##e t4, y6, y6; CAM_AES_##e t4, y7, y7;                 \
	LOAD_MAP (POST14_##e, t5, t6);                                  \
	NIBBLE_MAP (y0, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y3, t5, t6, t7, t2, t3);                           \
	NIBBLE_MAP (y6, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y7, t5, t6, t7, t2, t3);                           \
	LOAD_MAP (POST2_##e, t5, t6);                                   \
	NIBBLE_MAP (y1, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y4, t5, t6, t7, t2, t3);                           \
	LOAD_MAP (POST3_##e, t5, t6);                                   \
	NIBBLE_MAP (y2, t5, t6, t7, t0, t1);                            \
	NIBBLE_MAP2 (y5, t5, t6, t7, t2, t3)
/* The right half into and out of its ShiftRows order.  */
# define PERMUTE_R(x) vpshufb .Lcam_shift_rows(%rip), x, x
# define UNPERMUTE_R(x) vpshufb .Lcam_inv_shift_rows(%rip), x, x
# define SHR7(x, d) vpsrlw $7, x, d; vpand .Lcam_mask01(%rip), d, d

/* Found as described above, before CAM_SBOX_AESNI, each checked against all
   256 inputs: for AESENCLAST the pre tables from A_n and the post
   tables from B_n after the inverse of AES's affine map; for
   AESDECLAST (dpre, dpost) A_n followed by AES's affine map, and B_n.
   Then ShiftRows and its inverse as shuffles within a lane.  */
# define CAM_AESNI_CONSTANTS                                            \
	.section .rodata;                                               \
	.align 32;                                                      \
.Lcam_pre_lo_s123:                                                      \
	.byte 0x01, 0x09, 0x56, 0x5e, 0xfe, 0xf6, 0xa9, 0xa1;           \
	.byte 0x67, 0x6f, 0x30, 0x38, 0x98, 0x90, 0xcf, 0xc7;           \
	.byte 0x01, 0x09, 0x56, 0x5e, 0xfe, 0xf6, 0xa9, 0xa1;           \
	.byte 0x67, 0x6f, 0x30, 0x38, 0x98, 0x90, 0xcf, 0xc7;           \
.Lcam_pre_hi_s123:                                                      \
	.byte 0x00, 0x06, 0xdd, 0xdb, 0x04, 0x02, 0xd9, 0xdf;           \
	.byte 0xf2, 0xf4, 0x2f, 0x29, 0xf6, 0xf0, 0x2b, 0x2d;           \
	.byte 0x00, 0x06, 0xdd, 0xdb, 0x04, 0x02, 0xd9, 0xdf;           \
	.byte 0xf2, 0xf4, 0x2f, 0x29, 0xf6, 0xf0, 0x2b, 0x2d;           \
.Lcam_pre_lo_s4:                                                        \
	.byte 0x01, 0x56, 0xfe, 0xa9, 0x67, 0x30, 0x98, 0xcf;           \
	.byte 0x07, 0x50, 0xf8, 0xaf, 0x61, 0x36, 0x9e, 0xc9;           \
	.byte 0x01, 0x56, 0xfe, 0xa9, 0x67, 0x30, 0x98, 0xcf;           \
	.byte 0x07, 0x50, 0xf8, 0xaf, 0x61, 0x36, 0x9e, 0xc9;           \
.Lcam_pre_hi_s4:                                                        \
	.byte 0x00, 0xdd, 0x04, 0xd9, 0xf2, 0x2f, 0xf6, 0x2b;           \
	.byte 0x08, 0xd5, 0x0c, 0xd1, 0xfa, 0x27, 0xfe, 0x23;           \
	.byte 0x00, 0xdd, 0x04, 0xd9, 0xf2, 0x2f, 0xf6, 0x2b;           \
	.byte 0x08, 0xd5, 0x0c, 0xd1, 0xfa, 0x27, 0xfe, 0x23;           \
.Lcam_post_lo_s14:                                                      \
	.byte 0x9a, 0x82, 0xe0, 0xf8, 0x57, 0x4f, 0x2d, 0x35;           \
	.byte 0x7f, 0x67, 0x05, 0x1d, 0xb2, 0xaa, 0xc8, 0xd0;           \
	.byte 0x9a, 0x82, 0xe0, 0xf8, 0x57, 0x4f, 0x2d, 0x35;           \
	.byte 0x7f, 0x67, 0x05, 0x1d, 0xb2, 0xaa, 0xc8, 0xd0;           \
.Lcam_post_hi_s14:                                                      \
	.byte 0x00, 0x54, 0x51, 0x05, 0xc7, 0x93, 0x96, 0xc2;           \
	.byte 0xab, 0xff, 0xfa, 0xae, 0x6c, 0x38, 0x3d, 0x69;           \
	.byte 0x00, 0x54, 0x51, 0x05, 0xc7, 0x93, 0x96, 0xc2;           \
	.byte 0xab, 0xff, 0xfa, 0xae, 0x6c, 0x38, 0x3d, 0x69;           \
.Lcam_post_lo_s2:                                                       \
	.byte 0x35, 0x05, 0xc1, 0xf1, 0xae, 0x9e, 0x5a, 0x6a;           \
	.byte 0xfe, 0xce, 0x0a, 0x3a, 0x65, 0x55, 0x91, 0xa1;           \
	.byte 0x35, 0x05, 0xc1, 0xf1, 0xae, 0x9e, 0x5a, 0x6a;           \
	.byte 0xfe, 0xce, 0x0a, 0x3a, 0x65, 0x55, 0x91, 0xa1;           \
.Lcam_post_hi_s2:                                                       \
	.byte 0x00, 0xa8, 0xa2, 0x0a, 0x8f, 0x27, 0x2d, 0x85;           \
	.byte 0x57, 0xff, 0xf5, 0x5d, 0xd8, 0x70, 0x7a, 0xd2;           \
	.byte 0x00, 0xa8, 0xa2, 0x0a, 0x8f, 0x27, 0x2d, 0x85;           \
	.byte 0x57, 0xff, 0xf5, 0x5d, 0xd8, 0x70, 0x7a, 0xd2;           \
.Lcam_post_lo_s3:                                                       \
	.byte 0x4d, 0x41, 0x70, 0x7c, 0xab, 0xa7, 0x96, 0x9a;           \
	.byte 0xbf, 0xb3, 0x82, 0x8e, 0x59, 0x55, 0x64, 0x68;           \
	.byte 0x4d, 0x41, 0x70, 0x7c, 0xab, 0xa7, 0x96, 0x9a;           \
	.byte 0xbf, 0xb3, 0x82, 0x8e, 0x59, 0x55, 0x64, 0x68;           \
.Lcam_post_hi_s3:                                                       \
	.byte 0x00, 0x2a, 0xa8, 0x82, 0xe3, 0xc9, 0x4b, 0x61;           \
	.byte 0xd5, 0xff, 0x7d, 0x57, 0x36, 0x1c, 0x9e, 0xb4;           \
	.byte 0x00, 0x2a, 0xa8, 0x82, 0xe3, 0xc9, 0x4b, 0x61;           \
	.byte 0xd5, 0xff, 0x7d, 0x57, 0x36, 0x1c, 0x9e, 0xb4;           \
.Lcam_dpre_lo_s123:                                                     \
	.byte 0x7c, 0x84, 0x17, 0xef, 0x83, 0x7b, 0xe8, 0x10;           \
	.byte 0x1a, 0xe2, 0x71, 0x89, 0xe5, 0x1d, 0x8e, 0x76;           \
	.byte 0x7c, 0x84, 0x17, 0xef, 0x83, 0x7b, 0xe8, 0x10;           \
	.byte 0x1a, 0xe2, 0x71, 0x89, 0xe5, 0x1d, 0x8e, 0x76;           \
.Lcam_dpre_hi_s123:                                                     \
	.byte 0x00, 0x42, 0x22, 0x60, 0x7c, 0x3e, 0x5e, 0x1c;           \
	.byte 0x64, 0x26, 0x46, 0x04, 0x18, 0x5a, 0x3a, 0x78;           \
	.byte 0x00, 0x42, 0x22, 0x60, 0x7c, 0x3e, 0x5e, 0x1c;           \
	.byte 0x64, 0x26, 0x46, 0x04, 0x18, 0x5a, 0x3a, 0x78;           \
.Lcam_dpre_lo_s4:                                                       \
	.byte 0x7c, 0x17, 0x83, 0xe8, 0x1a, 0x71, 0xe5, 0x8e;           \
	.byte 0x3e, 0x55, 0xc1, 0xaa, 0x58, 0x33, 0xa7, 0xcc;           \
	.byte 0x7c, 0x17, 0x83, 0xe8, 0x1a, 0x71, 0xe5, 0x8e;           \
	.byte 0x3e, 0x55, 0xc1, 0xaa, 0x58, 0x33, 0xa7, 0xcc;           \
.Lcam_dpre_hi_s4:                                                       \
	.byte 0x00, 0x22, 0x7c, 0x5e, 0x64, 0x46, 0x18, 0x3a;           \
	.byte 0xf8, 0xda, 0x84, 0xa6, 0x9c, 0xbe, 0xe0, 0xc2;           \
	.byte 0x00, 0x22, 0x7c, 0x5e, 0x64, 0x46, 0x18, 0x3a;           \
	.byte 0xf8, 0xda, 0x84, 0xa6, 0x9c, 0xbe, 0xe0, 0xc2;           \
.Lcam_dpost_lo_s14:                                                     \
	.byte 0x6e, 0x70, 0x39, 0x27, 0x84, 0x9a, 0xd3, 0xcd;           \
	.byte 0xe2, 0xfc, 0xb5, 0xab, 0x08, 0x16, 0x5f, 0x41;           \
	.byte 0x6e, 0x70, 0x39, 0x27, 0x84, 0x9a, 0xd3, 0xcd;           \
	.byte 0xe2, 0xfc, 0xb5, 0xab, 0x08, 0x16, 0x5f, 0x41;           \
.Lcam_dpost_hi_s14:                                                     \
	.byte 0x00, 0x71, 0x5f, 0x2e, 0xc3, 0xb2, 0x9c, 0xed;           \
	.byte 0xe1, 0x90, 0xbe, 0xcf, 0x22, 0x53, 0x7d, 0x0c;           \
	.byte 0x00, 0x71, 0x5f, 0x2e, 0xc3, 0xb2, 0x9c, 0xed;           \
	.byte 0xe1, 0x90, 0xbe, 0xcf, 0x22, 0x53, 0x7d, 0x0c;           \
.Lcam_dpost_lo_s2:                                                      \
	.byte 0xdc, 0xe0, 0x72, 0x4e, 0x09, 0x35, 0xa7, 0x9b;           \
	.byte 0xc5, 0xf9, 0x6b, 0x57, 0x10, 0x2c, 0xbe, 0x82;           \
	.byte 0xdc, 0xe0, 0x72, 0x4e, 0x09, 0x35, 0xa7, 0x9b;           \
	.byte 0xc5, 0xf9, 0x6b, 0x57, 0x10, 0x2c, 0xbe, 0x82;           \
.Lcam_dpost_hi_s2:                                                      \
	.byte 0x00, 0xe2, 0xbe, 0x5c, 0x87, 0x65, 0x39, 0xdb;           \
	.byte 0xc3, 0x21, 0x7d, 0x9f, 0x44, 0xa6, 0xfa, 0x18;           \
	.byte 0x00, 0xe2, 0xbe, 0x5c, 0x87, 0x65, 0x39, 0xdb;           \
	.byte 0xc3, 0x21, 0x7d, 0x9f, 0x44, 0xa6, 0xfa, 0x18;           \
.Lcam_dpost_lo_s3:                                                      \
	.byte 0x37, 0x38, 0x9c, 0x93, 0x42, 0x4d, 0xe9, 0xe6;           \
	.byte 0x71, 0x7e, 0xda, 0xd5, 0x04, 0x0b, 0xaf, 0xa0;           \
	.byte 0x37, 0x38, 0x9c, 0x93, 0x42, 0x4d, 0xe9, 0xe6;           \
	.byte 0x71, 0x7e, 0xda, 0xd5, 0x04, 0x0b, 0xaf, 0xa0;           \
.Lcam_dpost_hi_s3:                                                      \
	.byte 0x00, 0xb8, 0xaf, 0x17, 0xe1, 0x59, 0x4e, 0xf6;           \
	.byte 0xf0, 0x48, 0x5f, 0xe7, 0x11, 0xa9, 0xbe, 0x06;           \
	.byte 0x00, 0xb8, 0xaf, 0x17, 0xe1, 0x59, 0x4e, 0xf6;           \
	.byte 0xf0, 0x48, 0x5f, 0xe7, 0x11, 0xa9, 0xbe, 0x06;           \
.Lcam_shift_rows:                                                       \
	.byte 0x00, 0x05, 0x0a, 0x0f, 0x04, 0x09, 0x0e, 0x03;           \
	.byte 0x08, 0x0d, 0x02, 0x07, 0x0c, 0x01, 0x06, 0x0b;           \
	.byte 0x00, 0x05, 0x0a, 0x0f, 0x04, 0x09, 0x0e, 0x03;           \
	.byte 0x08, 0x0d, 0x02, 0x07, 0x0c, 0x01, 0x06, 0x0b;           \
.Lcam_inv_shift_rows:                                                   \
	.byte 0x00, 0x0d, 0x0a, 0x07, 0x04, 0x01, 0x0e, 0x0b;           \
	.byte 0x08, 0x05, 0x02, 0x0f, 0x0c, 0x09, 0x06, 0x03;           \
	.byte 0x00, 0x0d, 0x0a, 0x07, 0x04, 0x01, 0x0e, 0x0b;           \
	.byte 0x08, 0x05, 0x02, 0x0f, 0x0c, 0x09, 0x06, 0x03;           \
.Lcam_shr4:                                                             \
	.fill 16, 2, 0x1000;                                            \
.Lcam_mask0f:                                                           \
	.fill 32, 1, 0x0f;                                              \
.Lcam_mask01:                                                           \
	.fill 32, 1, 0x01;                                              \
	.text
#endif /* CAM_SBOX_AESNI */

/* Arguments of the internal routines.  */
#define CTX %rdi
#define KEY %r8
#define NGROUPS %r9d

/* The round works on the masked key schedule of cipher/camellia.c (see
   the comment there): X ^= F' (Y) ^ c, F' the S-boxes and P without key
   addition, c one 64-bit constant per round, each of its bytes
   broadcast to a register.  The engines read the schedule's copy with
   each byte stored four times as a 32-bit word (see KB), so that the
   broadcast is a plain 32-bit broadcast load, without a shuffle.
   Blocks are loaded and stored in lanes of
   128 bits; a 16 x 16 byte transpose within each lane turns sixteen
   registers of blocks into sixteen registers of byte positions and, run
   again, back.  */

/* The schedule the engines read.  Byte J (0 = most significant) of the
   64-bit pair of 32-bit words I steps from KEY in the direction D (+1
   encryption, -1 decryption) is KB (D, I, J).  Putting one byte in
   every byte of a register from the masked schedule (key[] at offset 0
   of the context) takes VPBROADCASTB, a load and a shuffle, and the
   shuffle port (port 5 on Intel) is what these engines run short of:
   the transposes use it, and with ZMM it is one of only two ports.  So
   setkey also stores every byte of the schedule as a 32-bit word of
   four copies (key32[], at CAM_KEY32 in the context, pair by pair, the
   bytes of a pair in the order of J), and a 32-bit broadcast of that
   word is a plain load: VPBROADCASTD, or with AVX-512 an embedded
   broadcast operand {1to16} of the instruction that uses the byte.  */
#define CAM_KEY32 260
/* The masks of the schedule's first and last pair as blocks (masks[]
   of the context).  */
#define CAM_MASKS 1284
#define KB(d, i, j) ((d)*32*(i) + 4*(j))(KEY)

/* One round of the 16 x 16 byte transpose within each 128-bit lane:
   register 2i + h gets the interleaved low (h = 0) or high halves of
   registers i and i + 8.  Seen as an 8-bit index (register, byte) it
   rotates left by one, so four rounds swap register and byte.  */
#define TR_PAIR(a, b, lo, hi)                                           \
	vpunpcklbw b, a, lo; vpunpckhbw b, a, hi
#define TR_ROUND(...) TR_ROUND_ (__VA_ARGS__)
#define TR_ROUND_(s0, s1, s2, s3, s4, s5, s6, s7,                        \
		 s8, s9, s10, s11, s12, s13, s14, s15,                  \
		 d0, d1, d2, d3, d4, d5, d6, d7,                        \
		 d8, d9, d10, d11, d12, d13, d14, d15)                  \
	TR_PAIR (s0, s8, d0, d1); TR_PAIR (s1, s9, d2, d3);             \
	TR_PAIR (s2, s10, d4, d5); TR_PAIR (s3, s11, d6, d7);           \
	TR_PAIR (s4, s12, d8, d9); TR_PAIR (s5, s13, d10, d11);         \
	TR_PAIR (s6, s14, d12, d13); TR_PAIR (s7, s15, d14, d15)

/* NGROUPS = rounds / 6 and KEY = the first pair of the schedule in
   direction D: decryption walks it from its last pair, 8 * NGROUPS - 1.  */
#define CAMELLIA_GROUPS(d, l)                                           \
	movl 256(CTX), NGROUPS;                                         \
	cmpl $18, NGROUPS;                                              \
	movl $3, NGROUPS;                                               \
	je l##_keyed;                                                   \
	movl $4, NGROUPS;                                               \
l##_keyed:                                                              \
	leaq CAM_KEY32(CTX), KEY;                                       \
	.if (d) < 0;                                                    \
	movl NGROUPS, %r10d; shll $8, %r10d;                            \
	leaq -32(KEY, %r10), KEY;                                       \
	.endif

/* The engines' HOOK argument when there is nothing to run.  */
#define NO_HOOK

/* For the counter modes that build their counters already transposed:
   to L when the counter's low 16 bits, loaded into R, wrap within a
   call of W blocks (all but W - 1 of every 65536 calls do not), and
   the low 64 bits of the big-endian counter at C moved W further, T
   scratch.  */
#define CAM_CTR_WRAPS(r, w, l)                                          \
	cmpl $(0x10000 - (w)), r;                                       \
	ja l
#define CAM_CTR_ADVANCE(c, t, w)                                        \
	movq 8(c), t; bswapq t; addq $(w), t; bswapq t; movq t, 8(c)

/* Two engines: with 32 vector registers (AVX-512) the whole state and
   every temporary stay in registers; with 16, each half of the state
   also lives in a stack frame.  There eight registers hold the half
   that goes through F, which is computed in place (S-boxes, then P in
   sixteen xors), and the half it is xored into is read from its slot as
   a memory operand; the other eight registers are scratch: the
   constants of the S-boxes, and the bytes of the round constant, each
   broadcast from memory before it is used.  With 32 registers a byte of
   the constant is instead an embedded broadcast operand of the
   instruction that uses it.  The 16-register engine also runs two sets
   of blocks as two streams whose rounds alternate, for kernels twice
   as wide (camellia-simd-engine-amd64.h).  */

#ifdef CAM_REGS32
/*** 32 registers: V0-V7 the left half (bytes 0-7 of each block), V8-V15
     the right half, V16-V23 the S-box outputs, V24-V27 scratch.  ***/

#define ALL_LO V(0), V(1), V(2), V(3), V(4), V(5), V(6), V(7),          \
	       V(8), V(9), V(10), V(11), V(12), V(13), V(14), V(15)
#define ALL_HI V(16), V(17), V(18), V(19), V(20), V(21), V(22), V(23),  \
	       V(24), V(25), V(26), V(27), V(28), V(29), V(30), V(31)
/* The output order: the right half first.  */
#define ALL_OUT V(8), V(9), V(10), V(11), V(12), V(13), V(14), V(15),   \
		V(0), V(1), V(2), V(3), V(4), V(5), V(6), V(7)

#define TRANSPOSE_IN                                                    \
	TR_ROUND (ALL_LO, ALL_HI); TR_ROUND (ALL_HI, ALL_LO);           \
	TR_ROUND (ALL_LO, ALL_HI); TR_ROUND (ALL_HI, ALL_LO)
#define TRANSPOSE_OUT                                                   \
	TR_ROUND (ALL_OUT, ALL_HI); TR_ROUND (ALL_HI, ALL_LO);          \
	TR_ROUND (ALL_LO, ALL_HI); TR_ROUND (ALL_HI, ALL_LO)

/* vpternlog truth tables: a ^ b ^ c and a ^ (b | c).  */
#define XOR3 0x96
#define XOR_OR 0x1e

/* Every key byte is an embedded broadcast operand, KB4 (D, I, J), of
   the instruction that uses it (see KB): no shuffle, no register.  The
   instructions are the 32-bit forms for {1to16}; the logic is bitwise.  */
#define KB4(d, i, j) KB (d, i, j){1to16}

/* Byte J of round constant I (direction D) xored into X.  */
#define KXOR(d, i, j, x) vpxord KB4 (d, i, j), x, x

/* X ^= F' (Y) ^ K(I), S_j the S-box of byte j of Y.  P of RFC 3713
   makes output byte j < 4 the xor of the six S_k other than S_(j+1)%4
   and S_(j+4), and byte j + 4 the xor of five (the sets are listed
   below).  With X and the key byte that is a sum of seven or eight:
   two levels of three-input xors, two S_k going into X straight from
   the S-boxes, then two pairs such as S0 ^ S1, shared between outputs.
   The form P was written in before, the sums of all eight and of S4-S7
   first, took four levels; VPTERNLOGD's latency is two cycles, and
   the two levels measured faster for ECB and CTR (doc/HACKING, "Tuning
   notes").  The key bytes of x0-x3 go in first, as they do not wait
   for the S-boxes.  */
#define SB(n, y, s) SBOX (n, y, s, V(26), V(27))
#define ROUND(...) ROUND_ (__VA_ARGS__)
#define ROUND_(y0, y1, y2, y3, y4, y5, y6, y7,                           \
	      x0, x1, x2, x3, x4, x5, x6, x7, d, i)                     \
	KXOR (d, i, 0, x0); KXOR (d, i, 1, x1);                         \
	KXOR (d, i, 2, x2); KXOR (d, i, 3, x3);                         \
	SB (1, y0, V(16)); SB (2, y1, V(17)); SB (3, y2, V(18));        \
	SB (4, y3, V(19)); SB (2, y4, V(20)); SB (3, y5, V(21));        \
	SB (4, y6, V(22)); SB (1, y7, V(23));                           \
	/* x0 = {0,2,3,5,6,7}, x1 = {0,1,3,4,6,7}, x2 = {0,1,2,4,5,7},  \
	   x3 = {1,2,3,4,5,6}, x4 = {0,1,5,6,7}, x5 = {1,2,4,6,7},      \
	   x6 = {2,3,4,5,7}, x7 = {0,3,4,5,6}.  */                      \
	vpternlogq $XOR3, V(21), V(16), x0;                             \
	vpternlogq $XOR3, V(20), V(19), x1;                             \
	vpternlogq $XOR3, V(23), V(18), x2;                             \
	vpternlogq $XOR3, V(22), V(17), x3;                             \
	vpternlogd $XOR3, KB4 (d, i, 4), V(21), x4;                     \
	vpternlogd $XOR3, KB4 (d, i, 5), V(20), x5;                     \
	vpternlogd $XOR3, KB4 (d, i, 6), V(23), x6;                     \
	vpternlogd $XOR3, KB4 (d, i, 7), V(22), x7;                     \
	vpxorq V(17), V(16), V(24);                                     \
	vpxorq V(19), V(18), V(25);                                     \
	vpxorq V(21), V(20), V(26);                                     \
	vpxorq V(16), V(19), V(19);                                     \
	vpxorq V(18), V(17), V(17);                                     \
	vpxorq V(23), V(22), V(16);                                     \
	/* V24 = P01, V25 = P23, V26 = P45, V19 = P03, V17 = P12,       \
	   V16 = P67.  */                                               \
	vpternlogq $XOR3, V(16), V(25), x0;                             \
	vpternlogq $XOR3, V(16), V(24), x1;                             \
	vpternlogq $XOR3, V(26), V(24), x2;                             \
	vpternlogq $XOR3, V(26), V(25), x3;                             \
	vpternlogq $XOR3, V(16), V(24), x4;                             \
	vpternlogq $XOR3, V(16), V(17), x5;                             \
	vpternlogq $XOR3, V(26), V(25), x6;                             \
	vpternlogq $XOR3, V(26), V(19), x7

/* FL of RFC 3713 with key pair I: (x0-x3, x4-x7) are the two 32-bit
   words; w4 ^= (w0 & kl) <<< 1, then w0 ^= w4 | kr.  FL^-1 the two
   steps in the other order.  */
#define FL_AND_ROL(...) FL_AND_ROL_ (__VA_ARGS__)
#define FL_AND_ROL_(x0, x1, x2, x3, x4, x5, x6, x7, d, i)               \
	vpandd KB4 (d, i, 0), x0, V(16);                                \
	vpandd KB4 (d, i, 1), x1, V(17);                                \
	vpandd KB4 (d, i, 2), x2, V(18);                                \
	vpandd KB4 (d, i, 3), x3, V(19);                                \
	SHR7 (V(16), V(20)); SHR7 (V(17), V(21));                       \
	SHR7 (V(18), V(22)); SHR7 (V(19), V(23));                       \
	vpaddb V(16), V(16), V(16); vpaddb V(17), V(17), V(17);         \
	vpaddb V(18), V(18), V(18); vpaddb V(19), V(19), V(19);         \
	vpternlogq $XOR3, V(21), V(16), x4;                             \
	vpternlogq $XOR3, V(22), V(17), x5;                             \
	vpternlogq $XOR3, V(23), V(18), x6;                             \
	vpternlogq $XOR3, V(20), V(19), x7
#define FL_OR(...) FL_OR_ (__VA_ARGS__)
#define FL_OR_(x0, x1, x2, x3, x4, x5, x6, x7, d, i)                    \
	vpternlogd $XOR_OR, KB4 (d, i, 4), x4, x0;                      \
	vpternlogd $XOR_OR, KB4 (d, i, 5), x5, x1;                      \
	vpternlogd $XOR_OR, KB4 (d, i, 6), x6, x2;                      \
	vpternlogd $XOR_OR, KB4 (d, i, 7), x7, x3

#define HALF_A V(0), V(1), V(2), V(3), V(4), V(5), V(6), V(7)
#define HALF_B V(8), V(9), V(10), V(11), V(12), V(13), V(14), V(15)

#define KXOR_HALF(...) KXOR_HALF_ (__VA_ARGS__)
#define KXOR_HALF_(d, i, x0, x1, x2, x3, x4, x5, x6, x7)                 \
	KXOR (d, i, 0, x0); KXOR (d, i, 1, x1); KXOR (d, i, 2, x2);     \
	KXOR (d, i, 3, x3); KXOR (d, i, 4, x4); KXOR (d, i, 5, x5);     \
	KXOR (d, i, 6, x6); KXOR (d, i, 7, x7)

/* The rounds of the cipher on the transposed state run as
   camellia_crypt1 in cipher/camellia.c runs them, one ROUND a line in
   the kernel file: CAMELLIA_GROUPS, KXOR_HALF (d, 0, HALF_A), then per
   group of six rounds ROUND (HALF_A, HALF_B, d, 1) ... ROUND (HALF_B,
   HALF_A, d, 6), FL_AND_ROL and FL_OR on each half between groups, and
   KXOR_HALF (d, 7, HALF_B) after the last.  The fused GCM kernel hashes
   after the third and the sixth round of a group, where V16-V26 hold
   nothing, so that its carry-less multiplies overlap the rounds.  */

#else /* !CAM_REGS32 */
/*** 16 registers: the stack frame holds slot A (the left half, bytes
     0-7, one register each), slot B (the right half) and a spill slot
     for the transposes.  ***/

#define SLOT(n) ((n)*CAM_W)(%rsp)
#define SPILL SLOT (16)
#define FRAME_SIZE (17*CAM_W)

/* The transposes, in place with one register spilled per round (the
   register allocation was generated by a script that follows the
   rounds of TR_ROUND).  TRANSPOSE_IN16 leaves byte p of the blocks at
   IN in register P0-P7 (p < 8) or Q0-Q7; TRANSPOSE_OUT16 stores the
   blocks whose bytes 0-7 are in Q0-Q7 and 8-15 in P0-P7.  */
#define TRANSPOSE_IN16(in)                                              \
	vmovdqu 0*CAM_W(in), V(1); vpunpcklbw 8*CAM_W(in), V(1), V(0);  \
	vpunpckhbw 8*CAM_W(in), V(1), V(1); vmovdqu 1*CAM_W(in), V(3);  \
	vpunpcklbw 9*CAM_W(in), V(3), V(2);                             \
	vpunpckhbw 9*CAM_W(in), V(3), V(3); vmovdqu 2*CAM_W(in), V(5);  \
	vpunpcklbw 10*CAM_W(in), V(5), V(4);                            \
	vpunpckhbw 10*CAM_W(in), V(5), V(5); vmovdqu 3*CAM_W(in), V(7); \
	vpunpcklbw 11*CAM_W(in), V(7), V(6);                            \
	vpunpckhbw 11*CAM_W(in), V(7), V(7); vmovdqu 4*CAM_W(in), V(9); \
	vpunpcklbw 12*CAM_W(in), V(9), V(8);                            \
	vpunpckhbw 12*CAM_W(in), V(9), V(9); vmovdqu 5*CAM_W(in), V(11); \
	vpunpcklbw 13*CAM_W(in), V(11), V(10);                          \
	vpunpckhbw 13*CAM_W(in), V(11), V(11);                          \
	vmovdqu 6*CAM_W(in), V(13);                                     \
	vpunpcklbw 14*CAM_W(in), V(13), V(12);                          \
	vpunpckhbw 14*CAM_W(in), V(13), V(13);                          \
	vmovdqu 7*CAM_W(in), V(15);                                     \
	vpunpcklbw 15*CAM_W(in), V(15), V(14);                          \
	vpunpckhbw 15*CAM_W(in), V(15), V(15);                          \
	TRANSPOSE_IN16_REST
/* The same on the blocks at IN xored with those at X: loaded whole,
   the pairs of rows go through a third register, and for the last pair
   (no register is left) through the spill slot.  */
#define TR_IN16_PAIRX(j, a, lo, t, in, x)                               \
	vmovdqu (j)*CAM_W(in), a; vpxor (j)*CAM_W(x), a, a;             \
	vmovdqu ((j)+8)*CAM_W(in), t; vpxor ((j)+8)*CAM_W(x), t, t;     \
	vpunpcklbw t, a, lo; vpunpckhbw t, a, a
#define TRANSPOSE_IN16X(in, x)                                          \
	TR_IN16_PAIRX (0, V(1), V(0), V(2), in, x);                     \
	TR_IN16_PAIRX (1, V(3), V(2), V(4), in, x);                     \
	TR_IN16_PAIRX (2, V(5), V(4), V(6), in, x);                     \
	TR_IN16_PAIRX (3, V(7), V(6), V(8), in, x);                     \
	TR_IN16_PAIRX (4, V(9), V(8), V(10), in, x);                    \
	TR_IN16_PAIRX (5, V(11), V(10), V(12), in, x);                  \
	TR_IN16_PAIRX (6, V(13), V(12), V(14), in, x);                  \
	vmovdqu 7*CAM_W(in), V(15); vpxor 7*CAM_W(x), V(15), V(15);     \
	vmovdqu 15*CAM_W(in), V(14); vpxor 15*CAM_W(x), V(14), V(14);   \
	vmovdqa V(14), SPILL; vpunpcklbw SPILL, V(15), V(14);           \
	vpunpckhbw SPILL, V(15), V(15);                                 \
	TRANSPOSE_IN16_REST
/* The same on the blocks at IN xored with their OCB offsets, those of
   stream ST of the call, from the table at %rax (see
   CAM16_OCB_OFFSETS).  The offsets of row j, R_j, are in a register
   and row j + 8 takes them xored with C, in V15 until the pair of
   rows 6 and 14 takes that register.  The first rows of the call wait
   on these registers, so R_j runs as two chains, from R_0 in V14 and
   from R_4 in V8 then V11, and for stream 0 CAM16_OCB_START leaves
   R_0, R_4, C and D_0 to D_2 (V12, V11, V10) in registers rather than
   only in the table.  Row 15 comes whitened from the table, its pair
   having no register left for its offsets, which made it go through
   the spill slot.  Each of these three measured faster
   (doc/HACKING, "Tuning notes").  With SUM, V13 adds up the
   plaintext for OCB's checksum: the whitened rows j and j + 8 xor to
   theirs and C, six times up to pair 5, and rows 6, 7, 14 and 15 are
   read again.  The sum goes to the table for the next stream (SUM 1)
   or into the checksum of the bulk_ocb_state_t at %r11 (SUM 2), there
   long before the C code after the call reads it.  */
#define TR_IN16_WHITEN(j, a, t, r, in, sum, st)                         \
	vpxor (j)*CAM_W(in), r, a;                                      \
	vpxor ((j)+8)*CAM_W(in), r, t; vpxor V(15), t, t;               \
	.if (sum);                                                      \
	.if (j) + (st);                                                 \
	vpxor a, V(13), V(13); vpxor t, V(13), V(13);                   \
	.else;                                                          \
	vpxor a, t, V(13);                                              \
	.endif;                                                         \
	.endif
#define TR_IN16_UNPACK(a, lo, t) vpunpcklbw t, a, lo; vpunpckhbw t, a, a
/* Rows j and j + 8 whitened, then R_j moved on by DJ.  */
#define TR_IN16_PAIRO(j, a, lo, t, r, dj, in, sum, st)                  \
	TR_IN16_WHITEN (j, a, t, r, in, sum, st);                       \
	vpxor dj, r, r;                                                 \
	TR_IN16_UNPACK (a, lo, t)
#define TRANSPOSE_IN16O(sum, in, st)                                    \
	.if (st);                                                       \
	vmovdqa OCB_R0 (st), V(14); vmovdqa OCB_R4 (st), V(8);          \
	vmovdqa OCB_C, V(15); vmovdqa OCB_D (0), V(12);                 \
	.if (sum);                                                      \
	vmovdqa OCB_SUM, V(13);                                         \
	.endif;                                                         \
	.endif;                                                         \
	TR_IN16_PAIRO (0, V(1), V(0), V(2), V(14), V(12), in, sum, st); \
	.if (st);                                                       \
	TR_IN16_PAIRO (1, V(3), V(2), V(4), V(14), OCB_D (1), in, sum, st); \
	vmovdqa V(8), V(11);                                            \
	TR_IN16_PAIRO (2, V(5), V(4), V(6), V(14), OCB_D (2), in, sum, st); \
	.else;                                                          \
	TR_IN16_PAIRO (1, V(3), V(2), V(4), V(14), V(11), in, sum, st); \
	vmovdqa V(8), V(11);                                            \
	TR_IN16_PAIRO (2, V(5), V(4), V(6), V(14), V(10), in, sum, st); \
	.endif;                                                         \
	TR_IN16_WHITEN (3, V(7), V(8), V(14), in, sum, st);             \
	TR_IN16_UNPACK (V(7), V(6), V(8));                              \
	TR_IN16_PAIRO (4, V(9), V(8), V(10), V(11), V(12), in, sum, st); \
	vpxor 13*CAM_W(in), V(11), V(12); vpxor V(15), V(12), V(12);    \
	vpxor OCB_D (5), V(11), V(14);                                  \
	vpxor 5*CAM_W(in), V(11), V(11);                                \
	.if (sum);                                                      \
	vpxor V(11), V(13), V(13); vpxor V(12), V(13), V(13);           \
	vpxor 6*CAM_W(in), V(13), V(13); vpxor 14*CAM_W(in), V(13), V(13); \
	vpxor 7*CAM_W(in), V(13), V(13); vpxor 15*CAM_W(in), V(13), V(13); \
	.if (sum) == 1;                                                 \
	vmovdqa V(13), OCB_SUM;                                         \
	.else;                                                          \
	CAM16_FOLD (13, 10);                                            \
	vpxor OCB_STATE_CHECKSUM(%r11), X(13), X(13); vmovdqu X(13), OCB_STATE_CHECKSUM(%r11);          \
	.endif;                                                         \
	.endif;                                                         \
	TR_IN16_UNPACK (V(11), V(10), V(12));                           \
	vpxor 6*CAM_W(in), V(14), V(13);                                \
	vpxor V(14), V(15), V(15); vpxor 14*CAM_W(in), V(15), V(15);    \
	vpxor OCB_D (6), V(14), V(14);                                  \
	TR_IN16_UNPACK (V(13), V(12), V(15));                           \
	vpxor 7*CAM_W(in), V(14), V(15);                                \
	vpunpcklbw OCB_ROW15 (st), V(15), V(14);                        \
	vpunpckhbw OCB_ROW15 (st), V(15), V(15);                        \
	TRANSPOSE_IN16_REST
#define TRANSPOSE_IN16_REST                                             \
	vmovdqa V(15), SPILL;                                           \
	vpunpckhbw V(8), V(0), V(15); vpunpcklbw V(8), V(0), V(0);      \
	vpunpckhbw V(9), V(1), V(8); vpunpcklbw V(9), V(1), V(1);       \
	vpunpckhbw V(10), V(2), V(9); vpunpcklbw V(10), V(2), V(2);     \
	vpunpckhbw V(11), V(3), V(10); vpunpcklbw V(11), V(3), V(3);    \
	vpunpckhbw V(12), V(4), V(11); vpunpcklbw V(12), V(4), V(4);    \
	vpunpckhbw V(13), V(5), V(12); vpunpcklbw V(13), V(5), V(5);    \
	vpunpckhbw V(14), V(6), V(13); vpunpcklbw V(14), V(6), V(6);    \
	vpunpckhbw SPILL, V(7), V(14); vpunpcklbw SPILL, V(7), V(7);    \
	vmovdqa V(14), SPILL; vpunpckhbw V(4), V(0), V(14);             \
	vpunpcklbw V(4), V(0), V(0); vpunpckhbw V(11), V(15), V(4);     \
	vpunpcklbw V(11), V(15), V(15); vpunpckhbw V(5), V(1), V(11);   \
	vpunpcklbw V(5), V(1), V(1); vpunpckhbw V(12), V(8), V(5);      \
	vpunpcklbw V(12), V(8), V(8); vpunpckhbw V(6), V(2), V(12);     \
	vpunpcklbw V(6), V(2), V(2); vpunpckhbw V(13), V(9), V(6);      \
	vpunpcklbw V(13), V(9), V(9); vpunpckhbw V(7), V(3), V(13);     \
	vpunpcklbw V(7), V(3), V(3); vpunpckhbw SPILL, V(10), V(7);     \
	vpunpcklbw SPILL, V(10), V(10); vmovdqa V(7), SPILL;            \
	vpunpckhbw V(2), V(0), V(7); vpunpcklbw V(2), V(0), V(0);       \
	vpunpckhbw V(12), V(14), V(2); vpunpcklbw V(12), V(14), V(14);  \
	vpunpckhbw V(9), V(15), V(12); vpunpcklbw V(9), V(15), V(15);   \
	vpunpckhbw V(6), V(4), V(9); vpunpcklbw V(6), V(4), V(4);       \
	vpunpckhbw V(3), V(1), V(6); vpunpcklbw V(3), V(1), V(1);       \
	vpunpckhbw V(13), V(11), V(3); vpunpcklbw V(13), V(11), V(11);  \
	vpunpckhbw V(10), V(8), V(13); vpunpcklbw V(10), V(8), V(8);    \
	vpunpckhbw SPILL, V(5), V(10); vpunpcklbw SPILL, V(5), V(5)

#define TRANSPOSE_OUT16                                                 \
	vmovdqa V(9), SPILL; vpunpckhbw V(0), V(1), V(9);               \
	vpunpcklbw V(0), V(1), V(1); vpunpckhbw V(7), V(6), V(0);       \
	vpunpcklbw V(7), V(6), V(6); vpunpckhbw V(14), V(11), V(7);     \
	vpunpcklbw V(14), V(11), V(11); vpunpckhbw V(2), V(3), V(14);   \
	vpunpcklbw V(2), V(3), V(3); vpunpckhbw V(15), V(8), V(2);      \
	vpunpcklbw V(15), V(8), V(8); vpunpckhbw V(12), V(13), V(15);   \
	vpunpcklbw V(12), V(13), V(13); vpunpckhbw V(4), V(5), V(12);   \
	vpunpcklbw V(4), V(5), V(5); vpunpckhbw SPILL, V(10), V(4);     \
	vpunpcklbw SPILL, V(10), V(10); vmovdqa V(4), SPILL;            \
	vpunpckhbw V(8), V(1), V(4); vpunpcklbw V(8), V(1), V(1);       \
	vpunpckhbw V(2), V(9), V(8); vpunpcklbw V(2), V(9), V(9);       \
	vpunpckhbw V(13), V(6), V(2); vpunpcklbw V(13), V(6), V(6);     \
	vpunpckhbw V(15), V(0), V(13); vpunpcklbw V(15), V(0), V(0);    \
	vpunpckhbw V(5), V(11), V(15); vpunpcklbw V(5), V(11), V(11);   \
	vpunpckhbw V(12), V(7), V(5); vpunpcklbw V(12), V(7), V(7);     \
	vpunpckhbw V(10), V(3), V(12); vpunpcklbw V(10), V(3), V(3);    \
	vpunpckhbw SPILL, V(14), V(10); vpunpcklbw SPILL, V(14), V(14); \
	vmovdqa V(10), SPILL; vpunpckhbw V(11), V(1), V(10);            \
	vpunpcklbw V(11), V(1), V(1); vpunpckhbw V(15), V(4), V(11);    \
	vpunpcklbw V(15), V(4), V(4); vpunpckhbw V(7), V(9), V(15);     \
	vpunpcklbw V(7), V(9), V(9); vpunpckhbw V(5), V(8), V(7);       \
	vpunpcklbw V(5), V(8), V(8); vpunpckhbw V(3), V(6), V(5);       \
	vpunpcklbw V(3), V(6), V(6); vpunpckhbw V(12), V(2), V(3);      \
	vpunpcklbw V(12), V(2), V(2); vpunpckhbw V(14), V(0), V(12);    \
	vpunpcklbw V(14), V(0), V(0); vpunpckhbw SPILL, V(13), V(14);   \
	vpunpcklbw SPILL, V(13), V(13); vmovdqa V(14), SPILL;           \
	vpunpckhbw V(6), V(1), V(14); vpunpcklbw V(6), V(1), V(1);      \
	vpunpckhbw V(5), V(10), V(6); vpunpcklbw V(5), V(10), V(10);    \
	vpunpckhbw V(2), V(4), V(5); vpunpcklbw V(2), V(4), V(4);       \
	vpunpckhbw V(3), V(11), V(2); vpunpcklbw V(3), V(11), V(11);    \
	vpunpckhbw V(0), V(9), V(3); vpunpcklbw V(0), V(9), V(9);       \
	vpunpckhbw V(12), V(15), V(0); vpunpcklbw V(12), V(15), V(15);  \
	vpunpckhbw V(13), V(8), V(12); vpunpcklbw V(13), V(8), V(8);    \
	vpunpckhbw SPILL, V(7), V(13); vpunpcklbw SPILL, V(7), V(7)
/* The blocks that TRANSPOSE_OUT16 leaves, by M (r, j, OUT, O) for the
   register R of row J.  */
#define OUT16_ROWS_AT(m, out, o)                                        \
	m (V(1), 0, out, o); m (V(14), 1, out, o);                      \
	m (V(10), 2, out, o); m (V(6), 3, out, o);                      \
	m (V(4), 4, out, o); m (V(5), 5, out, o);                       \
	m (V(11), 6, out, o); m (V(2), 7, out, o);                      \
	m (V(9), 8, out, o); m (V(3), 9, out, o);                       \
	m (V(15), 10, out, o); m (V(0), 11, out, o);                    \
	m (V(8), 12, out, o); m (V(12), 13, out, o);                    \
	m (V(7), 14, out, o); m (V(13), 15, out, o)

#define P0 V(0)
#define P1 V(7)
#define P2 V(14)
#define P3 V(2)
#define P4 V(15)
#define P5 V(12)
#define P6 V(4)
#define P7 V(9)
#define Q0 V(1)
#define Q1 V(6)
#define Q2 V(11)
#define Q3 V(3)
#define Q4 V(8)
#define Q5 V(13)
#define Q6 V(5)
#define Q7 V(10)
#define HALF_P P0, P1, P2, P3, P4, P5, P6, P7
#define HALF_Q Q0, Q1, Q2, Q3, Q4, Q5, Q6, Q7

#ifndef CAM_SBOX_AESNI
/* With GFNI the five matrices of the S-boxes (A_123, A_4, B_14, B_2,
   B_3, see SBOX_MATRICES) stay in t0-t4 through the rounds of a group,
   and the key bytes are broadcast into t5-t7.  As memory operands the
   matrices made two of every three loads of a round; in registers the
   32-block and 64-block kernels (two streams, which also load Y)
   measured faster (doc/HACKING, "Tuning notes").  */
# define SBOX_GF(n, x, pre, post)                                       \
	vgf2p8affineqb $1, pre, x, x;                                   \
	vgf2p8affineinvqb $POSTC_##n, post, x, x
# define SBOX8(e, y0, y1, y2, y3, y4, y5, y6, y7,                       \
	       t0, t1, t2, t3, t4, t5, t6, t7)                          \
	SBOX_GF (1, y0, t0, t2); SBOX_GF (2, y1, t0, t3);               \
	SBOX_GF (3, y2, t0, t4); SBOX_GF (4, y3, t1, t2);               \
	SBOX_GF (2, y4, t0, t3); SBOX_GF (3, y5, t0, t4);               \
	SBOX_GF (4, y6, t1, t2); SBOX_GF (1, y7, t0, t2)
# define SBOX_MATRICES_(t0, t1, t2, t3, t4, t5, t6, t7)                 \
	vmovdqa CAM_A123, t0; vmovdqa CAM_A4, t1; vmovdqa CAM_B14, t2;  \
	vmovdqa CAM_B2, t3; vmovdqa CAM_B3, t4
# define KEY_TEMPS(t0, t1, t2, t3, t4, t5, t6, t7)                      \
	t5, t6, t7, t5, t6, t7, t5, t6
# define PERMUTE_R(x)
# define UNPERMUTE_R(x)
#else
# define SBOX_MATRICES_(t0, t1, t2, t3, t4, t5, t6, t7)
# define KEY_TEMPS(t0, t1, t2, t3, t4, t5, t6, t7)                      \
	t1, t2, t3, t4, t5, t6, t7, t1
#endif
#define SBOX_MATRICES(...) SBOX_MATRICES_ (__VA_ARGS__)

/* Byte j (as in KB) of key pair I (I steps from KEY in direction D)
   into every byte of T by a 32-bit broadcast of its word (see KB): a
   plain load, VPBROADCASTD with AVX2 and VBROADCASTSS (the one 32-bit
   broadcast AVX has, also from memory only) with AVX.  On the Intel
   Xeon test machine (AVX-512, GFNI, VAES) it measured 4 % (GFNI, and
   XMM) to 12 % (VAES) faster than VPBROADCASTB (a load and a shuffle)
   with YMM, and than a shuffle per byte from the pair loaded once (the
   former scheme) with XMM.  */
#if CAM_W == 16
# define BCAST16(d, i, j, t) vbroadcastss KB (d, i, j), t
#else
# define BCAST16(d, i, j, t) vpbroadcastd KB (d, i, j), t
#endif

/* X ^= F' (Y) ^ K(I), X in the slots from XS, Y in y0-y7 (already in
   its slot), t0-t7 scratch, E the S-box form of this half (see SBOX8).
   The S-boxes are computed in place, then P in place with sixteen xors
   in four steps between the two halves of F, which leave z_j in
   y_((j+4)%8); xored with X and the constant, z_j is the new X, stored
   to its slot and left in (y4-y7, y0-y3) as the next round's Y.  X and
   the constant are xored first, off the path from one round to the
   next, which measured faster with one stream (doc/HACKING, "Tuning
   notes").  */
#define ROUND16_OUT(y, n, j, t, d, i)                                   \
	BCAST16 (d, i, j, t); vpxor SLOT (n), t, t; vpxor t, y, y;      \
	vmovdqa y, SLOT (n)
#define ROUND16(...) ROUND16_ (__VA_ARGS__)
#define ROUND16_(y0, y1, y2, y3, y4, y5, y6, y7,                        \
		 t0, t1, t2, t3, t4, t5, t6, t7, xs, d, i, e)           \
	SBOX8 (e, y0, y1, y2, y3, y4, y5, y6, y7,                       \
	       t0, t1, t2, t3, t4, t5, t6, t7);                         \
	vpxor y5, y0, y0; vpxor y6, y1, y1;                             \
	vpxor y7, y2, y2; vpxor y4, y3, y3;                             \
	vpxor y2, y4, y4; vpxor y3, y5, y5;                             \
	vpxor y0, y6, y6; vpxor y1, y7, y7;                             \
	vpxor y7, y0, y0; vpxor y4, y1, y1;                             \
	vpxor y5, y2, y2; vpxor y6, y3, y3;                             \
	vpxor y3, y4, y4; vpxor y0, y5, y5;                             \
	vpxor y1, y6, y6; vpxor y2, y7, y7;                             \
	ROUND16_OUTS (y0, y1, y2, y3, y4, y5, y6, y7,                   \
		      KEY_TEMPS (t0, t1, t2, t3, t4, t5, t6, t7), xs, d, i)
#define ROUND16_OUTS(...) ROUND16_OUTS_ (__VA_ARGS__)
#define ROUND16_OUTS_(y0, y1, y2, y3, y4, y5, y6, y7,                   \
		      k0, k1, k2, k3, k4, k5, k6, k7, xs, d, i)         \
	ROUND16_OUT (y4, (xs)+0, 0, k0, d, i);                          \
	ROUND16_OUT (y5, (xs)+1, 1, k1, d, i);                          \
	ROUND16_OUT (y6, (xs)+2, 2, k2, d, i);                          \
	ROUND16_OUT (y7, (xs)+3, 3, k3, d, i);                          \
	ROUND16_OUT (y0, (xs)+4, 4, k4, d, i);                          \
	ROUND16_OUT (y1, (xs)+5, 5, k5, d, i);                          \
	ROUND16_OUT (y2, (xs)+6, 6, k6, d, i);                          \
	ROUND16_OUT (y3, (xs)+7, 7, k7, d, i)

/* The registers of the rounds whose Y is the left half and of those
   whose Y is the right.  */
#define YT_L P0, P1, P2, P3, P4, P5, P6, P7, Q0, Q1, Q2, Q3, Q4, Q5, Q6, Q7
#define YT_R P4, P5, P6, P7, P0, P1, P2, P3, Q0, Q1, Q2, Q3, Q4, Q5, Q6, Q7
/* Y of the right half's rounds, loaded from its slots (two streams).  */
#define YR_P P4, P5, P6, P7, P0, P1, P2, P3

/* FL and FL^-1 as in the 32-register engine, t0-t7 scratch.  */
#define FL16_AND_ROL1(x, t, s, j, d, i)                                 \
	BCAST16 (d, i, j, s); vpand s, x, t; SHR7 (t, s); vpaddb t, t, t
#define FL16_AND_ROL(...) FL16_AND_ROL_ (__VA_ARGS__)
#define FL16_AND_ROL_(x0, x1, x2, x3, x4, x5, x6, x7,                   \
		      t0, t1, t2, t3, t4, t5, t6, t7, d, i)             \
	FL16_AND_ROL1 (x0, t0, t4, 0, d, i);                            \
	FL16_AND_ROL1 (x1, t1, t5, 1, d, i);                            \
	FL16_AND_ROL1 (x2, t2, t6, 2, d, i);                            \
	FL16_AND_ROL1 (x3, t3, t7, 3, d, i);                            \
	vpxor t0, x4, x4; vpxor t5, x4, x4;                             \
	vpxor t1, x5, x5; vpxor t6, x5, x5;                             \
	vpxor t2, x6, x6; vpxor t7, x6, x6;                             \
	vpxor t3, x7, x7; vpxor t4, x7, x7
#define FL16_OR1(x, y, t, j, d, i)                                      \
	BCAST16 (d, i, j, t); vpor y, t, t; vpxor t, x, x
#define FL16_OR(...) FL16_OR_ (__VA_ARGS__)
#define FL16_OR_(x0, x1, x2, x3, x4, x5, x6, x7,                        \
		 t0, t1, t2, t3, t4, t5, t6, t7, d, i)                  \
	FL16_OR1 (x0, x4, t0, 4, d, i);                                 \
	FL16_OR1 (x1, x5, t1, 5, d, i);                                 \
	FL16_OR1 (x2, x6, t2, 6, d, i);                                 \
	FL16_OR1 (x3, x7, t3, 7, d, i)

#define KXOR16(x, j, t, d, i) BCAST16 (d, i, j, t); vpxor t, x, x
#define KXOR16_HALF(...) KXOR16_HALF_ (__VA_ARGS__)
#define KXOR16_HALF_(x0, x1, x2, x3, x4, x5, x6, x7,                    \
		     t0, t1, t2, t3, t4, t5, t6, t7, d, i)              \
	KXOR16 (x0, 0, t0, d, i); KXOR16 (x1, 1, t1, d, i);             \
	KXOR16 (x2, 2, t2, d, i); KXOR16 (x3, 3, t3, d, i);             \
	KXOR16 (x4, 4, t4, d, i); KXOR16 (x5, 5, t5, d, i);             \
	KXOR16 (x6, 6, t6, d, i); KXOR16 (x7, 7, t7, d, i)
#define STORE16_HALF(...) STORE16_HALF_ (__VA_ARGS__)
#define STORE16_HALF_(x0, x1, x2, x3, x4, x5, x6, x7, n)                \
	vmovdqa x0, SLOT ((n)+0); vmovdqa x1, SLOT ((n)+1);             \
	vmovdqa x2, SLOT ((n)+2); vmovdqa x3, SLOT ((n)+3);             \
	vmovdqa x4, SLOT ((n)+4); vmovdqa x5, SLOT ((n)+5);             \
	vmovdqa x6, SLOT ((n)+6); vmovdqa x7, SLOT ((n)+7)
#define PERMUTE_HALF(...) PERMUTE_HALF_ (__VA_ARGS__)
#define PERMUTE_HALF_(x0, x1, x2, x3, x4, x5, x6, x7)                   \
	PERMUTE_R (x0); PERMUTE_R (x1); PERMUTE_R (x2); PERMUTE_R (x3); \
	PERMUTE_R (x4); PERMUTE_R (x5); PERMUTE_R (x6); PERMUTE_R (x7)
#define UNPERMUTE_HALF(...) UNPERMUTE_HALF_ (__VA_ARGS__)
#define UNPERMUTE_HALF_(x0, x1, x2, x3, x4, x5, x6, x7)                 \
	UNPERMUTE_R (x0); UNPERMUTE_R (x1); UNPERMUTE_R (x2);           \
	UNPERMUTE_R (x3); UNPERMUTE_R (x4); UNPERMUTE_R (x5);           \
	UNPERMUTE_R (x6); UNPERMUTE_R (x7)
#define LOAD16_HALF(...) LOAD16_HALF_ (__VA_ARGS__)
#define LOAD16_HALF_(x0, x1, x2, x3, x4, x5, x6, x7, n)                 \
	vmovdqa SLOT ((n)+0), x0; vmovdqa SLOT ((n)+1), x1;             \
	vmovdqa SLOT ((n)+2), x2; vmovdqa SLOT ((n)+3), x3;             \
	vmovdqa SLOT ((n)+4), x4; vmovdqa SLOT ((n)+5), x5;             \
	vmovdqa SLOT ((n)+6), x6; vmovdqa SLOT ((n)+7), x7

/* A stack frame of SIZE bytes at %rsp, 32-byte aligned, %rbp the frame
   pointer.  */
#define CAM16_FRAME_ENTER(size)                                         \
	pushq %rbp;                                                     \
	.cfi_adjust_cfa_offset 8; .cfi_rel_offset %rbp, 0;              \
	movq %rsp, %rbp;                                                \
	.cfi_def_cfa_register %rbp;                                     \
	subq $(size), %rsp;                                             \
	andq $-32, %rsp
#define CAM16_FRAME_LEAVE                                               \
	movq %rbp, %rsp;                                                \
	popq %rbp;                                                      \
	.cfi_def_cfa %rsp, 8; .cfi_restore %rbp
#define CAM16_WIPE_HALF(n)                                              \
	STORE16_HALF (V(0), V(0), V(0), V(0), V(0), V(0), V(0), V(0), n)

/* The steps of the cipher around its rounds, on the set of blocks whose
   slots A and B start at slot B: into the slots (IN), FL and FL^-1 from
   and back to them, out of them (to OUT).  */
#define STREAM16_IN(d, in, b) TRANSPOSE_IN16 (in); STREAM16_IN_ (d, b)
#define STREAM16_INX(d, in, x, b)                                       \
	TRANSPOSE_IN16X (in, x); STREAM16_IN_ (d, b)
#define STREAM16_INO(d, in, t, b, sum)                                  \
	TRANSPOSE_IN16O (sum, in, t); STREAM16_IN_UNMASKED (b)
#define STREAM16_IN_(d, b)                                              \
	STREAM16_IN_Q (b);                                              \
	KXOR16_HALF (HALF_P, HALF_Q, d, 0);                             \
	STORE16_HALF (HALF_P, (b))
#define STREAM16_IN_Q(b) PERMUTE_HALF (HALF_Q); STORE16_HALF (HALF_Q, (b)+8)
/* Without the input's mask, which OCB's offsets carry.  */
#define STREAM16_IN_UNMASKED(b) STREAM16_IN_Q (b); STORE16_HALF (HALF_P, (b))
#define STREAM16_FL(d, b)                                               \
	LOAD16_HALF (HALF_P, (b));                                      \
	FL16_AND_ROL (HALF_P, HALF_Q, d, 1);                            \
	FL16_OR (HALF_P, HALF_Q, d, 1);                                 \
	STORE16_HALF (HALF_P, (b));                                     \
	LOAD16_HALF (HALF_Q, (b)+8);                                    \
	FL16_OR (HALF_Q, HALF_P, d, 2);                                 \
	FL16_AND_ROL (HALF_Q, HALF_P, d, 2);                            \
	STORE16_HALF (HALF_Q, (b)+8)
/* The blocks go to OUT + O, each xored with the block at XSRC + O
   first unless XSRC is zero (camellia-simd-engine-amd64.h); L a
   unique label prefix.  */
#define XSRC %rcx
#define OUT16_ST(r, j, out, o) vmovdqu r, ((j)*CAM_W+(o))(out)
#define OUT16_XOR_ST(r, j, out, o)                                      \
	vpxor ((j)*CAM_W+(o))(XSRC), r, r; OUT16_ST (r, j, out, o)
#define STREAM16_OUT_(d, b)                                             \
	LOAD16_HALF (HALF_Q, (b)+8);                                    \
	KXOR16_HALF (HALF_Q, HALF_P, d, 1);                             \
	STREAM16_OUT_REST (b)
#define STREAM16_OUT_REST(b)                                            \
	UNPERMUTE_HALF (HALF_Q);                                        \
	LOAD16_HALF (HALF_P, (b));                                      \
	TRANSPOSE_OUT16
/* Without the output's mask, which OCB's offsets carry.  */
#define STREAM16_OUT_UNMASKED(b)                                        \
	LOAD16_HALF (HALF_Q, (b)+8); STREAM16_OUT_REST (b)
#define STREAM16_OUT(d, out, b, o, l)                                   \
	STREAM16_OUT_ (d, b);                                           \
	testq XSRC, XSRC;                                               \
	jnz l##_xor;                                                    \
	OUT16_ROWS_AT (OUT16_ST, out, o);                               \
	jmp l##_stored;                                                 \
l##_xor:                                                                \
	OUT16_ROWS_AT (OUT16_XOR_ST, out, o);                           \
l##_stored:

/* With XSRC one, the blocks of stream T go out xored with their OCB
   offsets, computed again as TRANSPOSE_IN16O does, the chains of R_j
   from R_0 and R_4 in the table, in V9, there with the cipher's output
   mask instead of its input mask; when decrypting (D < 0), V1 keeps the
   xor of the rows, the plaintext's checksum.  */
#define OUT16_OCB_PAIR(d, j, r, r8, c, out, o)                          \
	vpxor V(9), r, r; OUT16_ST (r, j, out, o);                      \
	vpxor V(9), r8, r8; vpxor c, r8, r8;                            \
	OUT16_ST (r8, (j)+8, out, o);                                   \
	.if (d) < 0;                                                    \
	vpxor r8, r, r; vpxor r, V(1), V(1);                            \
	.endif
#define STREAM16_OUT_OCB(d, out, b, o, t)                               \
	STREAM16_OUT_UNMASKED (b);                                      \
	vpxor OCB_R0O (t), V(1), V(1); OUT16_ST (V(1), 0, out, o);      \
	vpxor OCB_R0O (t), V(9), V(9); vpxor OCB_C, V(9), V(9);         \
	OUT16_ST (V(9), 8, out, o);                                     \
	.if (d) < 0;                                                    \
	vpxor V(9), V(1), V(1);                                         \
	.endif;                                                         \
	vmovdqa OCB_R0O (t), V(9); vpxor OCB_D (0), V(9), V(9);         \
	OUT16_OCB_PAIR (d, 1, V(14), V(3), OCB_C, out, o);              \
	vpxor OCB_D (1), V(9), V(9);                                    \
	OUT16_OCB_PAIR (d, 2, V(10), V(15), OCB_C, out, o);             \
	vpxor OCB_D (2), V(9), V(9);                                    \
	OUT16_OCB_PAIR (d, 3, V(6), V(0), OCB_C, out, o);               \
	vmovdqa OCB_R4O (t), V(9);                                      \
	OUT16_OCB_PAIR (d, 4, V(4), V(8), OCB_C, out, o);               \
	vpxor OCB_D (4), V(9), V(9);                                    \
	OUT16_OCB_PAIR (d, 5, V(5), V(12), OCB_C, out, o);              \
	vpxor OCB_D (5), V(9), V(9);                                    \
	OUT16_OCB_PAIR (d, 6, V(11), V(7), OCB_C, out, o);              \
	vpxor OCB_D (6), V(9), V(9);                                    \
	OUT16_OCB_PAIR (d, 7, V(2), V(13), OCB_CL (t), out, o)

/* With no output, X1 = the xor of the blocks the S streams would
   store, for OCB's HASH, without their transpose and stores: slot n of
   a stream holds byte (n + 8) % 16 of its blocks without the last key
   bytes, which an even number of blocks cancels, as it does the order
   of the blocks in a lane (PERMUTE_R).  Unpacking two registers and
   xoring the halves leaves the partial sums of both interleaved; four
   rounds (bytes, words, dwords, quadwords) leave all sixteen in order
   in each lane, and the lanes are folded.  */
#define SUM16_LOAD(p, r, s)                                             \
	vmovdqa SLOT (((p)+8)&15), r;                                   \
	.if (s) - 1;                                                    \
	vpxor SLOT (17+(((p)+8)&15)), r, r;                             \
	.endif
#define SUM16_PAIR(w, a, b, t) SUM16_PAIR_TO (w, a, b, t, a)
#define SUM16_PAIR_TO(w, a, b, t, d)                                    \
	vpunpckl##w b, a, t; vpunpckh##w b, a, d; vpxor t, d, d
/* A = the sums of bytes B to B + 7, in their order in each half of
   the lanes' quadwords; t0-t6 scratch.  */
#define SUM16_EIGHT(b, a, t0, t1, t2, t3, t4, t5, t6, s)                \
	SUM16_LOAD ((b)+0, a, s); SUM16_LOAD ((b)+1, t0, s);            \
	SUM16_LOAD ((b)+2, t1, s); SUM16_LOAD ((b)+3, t2, s);           \
	SUM16_LOAD ((b)+4, t3, s); SUM16_LOAD ((b)+5, t4, s);           \
	SUM16_PAIR (bw, a, t0, t5); SUM16_PAIR (bw, t1, t2, t6);        \
	SUM16_PAIR (bw, t3, t4, t0);                                    \
	SUM16_LOAD ((b)+6, t2, s); SUM16_LOAD ((b)+7, t4, s);           \
	SUM16_PAIR (bw, t2, t4, t5);                                    \
	SUM16_PAIR (wd, a, t1, t6); SUM16_PAIR (wd, t3, t2, t0);        \
	SUM16_PAIR (dq, a, t3, t1)
#define STREAM16_SUM(s)                                                 \
	SUM16_EIGHT (0, V(0), V(2), V(3), V(4), V(5), V(6), V(7), V(8), s); \
	SUM16_EIGHT (8, V(1), V(9), V(10), V(11), V(12), V(13), V(14),  \
		     V(15), s);                                         \
	SUM16_PAIR_TO (qdq, V(0), V(1), V(2), V(1));                    \
	CAM16_FOLD (1, 2)

/* The start of the engine (camellia-simd-engine-amd64.h) with IN
   xored with the blocks at X (which may be IN) as it is loaded, for
   the modes that whiten the input; the rest is that of the engine's
   routine with label prefix L and direction D.  Whitening the input in
   the frame of the mode took a store a row and the wiping of that
   frame, and measured slower for OCB (doc/HACKING, "Tuning notes").  */
#define CAMELLIA_CRYPT16_1X(d, l, in, x)                                \
	CAM16_FRAME_ENTER (FRAME_SIZE);                                 \
	CAMELLIA_GROUPS (d, l##_x);                                     \
	STREAM16_INX (d, in, x, 0);                                     \
	jmp l##_group
/* And with IN xored with its OCB offsets (the table at %rax, see
   CAM16_OCB_OFFSETS), the output with them again: XSRC one says so.
   With SUM the plaintext is summed into the checksum of the
   bulk_ocb_state_t at %r11 (see TRANSPOSE_IN16O); U a unique label
   suffix.  */
#define CAMELLIA_CRYPT16_1O(d, l, u, in, sum)                           \
	CAM16_FRAME_ENTER (FRAME_SIZE);                                 \
	CAMELLIA_GROUPS (d, l##u);                                      \
	STREAM16_INO (d, in, 0, 0, 2*(sum));                            \
	movl $1, %ecx;                                                  \
	jmp l##_group

/* The same on two streams, IN and IN + 16 * CAM_W.  */
#define CAMELLIA_CRYPT16_2X(d, l, in, x)                                \
	CAM16_FRAME_ENTER (33*CAM_W);                                   \
	CAMELLIA_GROUPS (d, l##_x);                                     \
	STREAM16_INX (d, in, x, 0);                                     \
	addq $16*CAM_W, in; addq $16*CAM_W, x;                          \
	STREAM16_INX (d, in, x, 17);                                    \
	subq $16*CAM_W, in; subq $16*CAM_W, x;                          \
	jmp l##_group
#define CAMELLIA_CRYPT16_2O(d, l, u, in, sum)                           \
	CAM16_FRAME_ENTER (33*CAM_W);                                   \
	CAMELLIA_GROUPS (d, l##u);                                      \
	STREAM16_INO (d, in, 0, 0, sum);                                \
	addq $16*CAM_W, in;                                             \
	STREAM16_INO (d, in, 1, 17, 2*(sum));                           \
	subq $16*CAM_W, in;                                             \
	movl $1, %ecx;                                                  \
	jmp l##_group

#if CAM_W == 32
/* The engines on counters built straight in the registers that
   TRANSPOSE_IN16 leaves the bytes of the blocks in, when the counter's
   low 16 bits do not wrap within the call (the entry points check).
   All bytes but the two low ones of the counter are then the same in
   every block, a broadcast each; the low byte is the counter's plus the
   block's place in the lane order of the transpose (block 2l for lane
   l < 16, 2(l - 16) + 1 above, 32 more for stream 1), and the next one
   the counter's plus one in the lanes where the low byte wrapped.  No
   counter rows to stage, store and transpose, which measured faster,
   with GFNI level with ECB (doc/HACKING, "Tuning notes").  LO, HI: the
   registers of the low byte and of the next, XHI the XMM form of HI,
   T scratch.  */
# define CAM16_CTR_LOW(t, lo, hi, xhi, tmp, blo, bhi)                   \
	vpbroadcastb blo, tmp;                                          \
	vpaddb .Lcam16_ctr_lanes+32*(t)(%rip), tmp, lo;                 \
	vpmaxub lo, tmp, tmp;                                           \
	vpcmpeqb lo, tmp, tmp;                                          \
	movzbl bhi, %r10d; addl $1, %r10d;                              \
	vmovd %r10d, xhi; vpbroadcastb xhi, hi;                         \
	vpaddb tmp, hi, hi
/* Bytes 2 to 13 of the counter at O (C), the same in every block of
   both forms below.  */
# define CAM16_CTR_MIDDLE(c, o)                                         \
	vpbroadcastb (o)+2(c), P2; vpbroadcastb (o)+3(c), P3;           \
	vpbroadcastb (o)+4(c), P4; vpbroadcastb (o)+5(c), P5;           \
	vpbroadcastb (o)+6(c), P6; vpbroadcastb (o)+7(c), P7;           \
	vpbroadcastb (o)+8(c), Q0; vpbroadcastb (o)+9(c), Q1;           \
	vpbroadcastb (o)+10(c), Q2; vpbroadcastb (o)+11(c), Q3;         \
	vpbroadcastb (o)+12(c), Q4; vpbroadcastb (o)+13(c), Q5
/* CTR's 128-bit big-endian counter: bytes 15 and 14 vary.  */
# define CAM16_CTR_SLICED(t, c, o)                                      \
	CAM16_CTR_LOW (t, Q7, Q6, X(5), P0, (o)+15(c), (o)+14(c));      \
	vpbroadcastb (o)+0(c), P0; vpbroadcastb (o)+1(c), P1;           \
	CAM16_CTR_MIDDLE (c, o)
/* GCM-SIV's: the first 32 bits little-endian, bytes 0 and 1 vary.  */
# define CAM16_CTR32LE_SLICED(t, c, o)                                  \
	CAM16_CTR_LOW (t, P0, P1, X(7), Q0, (o)+0(c), (o)+1(c));        \
	CAM16_CTR_MIDDLE (c, o);                                        \
	vpbroadcastb (o)+14(c), Q6; vpbroadcastb (o)+15(c), Q7
/* The engine on one or two streams of counters from M (T, C, O), U a
   unique label suffix.  */
# define CAMELLIA_CRYPT16_1C(d, l, u, m, c, o)                          \
	CAM16_FRAME_ENTER (FRAME_SIZE);                                 \
	CAMELLIA_GROUPS (d, l##u);                                      \
	m (0, c, o); STREAM16_IN_ (d, 0);                               \
	jmp l##_group
# define CAMELLIA_CRYPT16_2C(d, l, u, m, c, o)                          \
	CAM16_FRAME_ENTER (33*CAM_W);                                   \
	CAMELLIA_GROUPS (d, l##u);                                      \
	m (0, c, o); STREAM16_IN_ (d, 0);                               \
	m (1, c, o); STREAM16_IN_ (d, 17);                              \
	jmp l##_group
#endif

/*** The fixed-width kernels of a 16-register kernel file
     (_bcry_camellia_ISA_<op>_fullW, which the entry points of
     camellia-part-amd64.h call), all taking exactly W = S * CAM_W
     blocks, S the number of streams of the engine (1 or 2): ECB, and
     the modes that stage in a frame of S * CAM_W blocks on the stack
     the cipher's input (counters, CFB's shifted ciphertext) or what its
     input or output is xored with
     (CBC's shifted ciphertext, tweaks, offsets), the cipher doing the
     xors as it loads and stores the blocks.  The staging costs a few
     vector instructions a block, against the generic C hooks'
     per-block loops.  A row is one vector register of blocks, CAM_W /
     16 of them; a call has 16 * S rows, and the row macros take the
     row I and S.  ***/

#define X(n) %xmm##n
#define ROW(i, base) ((i)*CAM_W)(base)
/* Row I of the blocks one block before BASE.  */
#define ROW_PREV(i, base) ((i)*CAM_W-16)(base)

#if CAM_W == 32
# define CAM16_LANES 2
# define VBCAST128(m, r) vbroadcasti128 m, r
/* R = the 16-byte block at IV, then the first block at IN.  */
# define ROW0_PREV(iv, in, r) vmovdqu iv, X(r); vinserti128 $1, in, V(r), V(r)
#else
# define CAM16_LANES 1
# define VBCAST128(m, r) vmovdqu m, r
# define ROW0_PREV(iv, in, r) vmovdqu iv, X(r)
#endif

/* M (I, S) for the rows of a call, first to last; CAM16_ROWS1_S
   without row 0.  */
#define CAM16_ROWS_1(m) m (0, 1); CAM16_ROWS1_1 (m)
#define CAM16_ROWS1_1(m)                                                \
	m (1, 1); m (2, 1); m (3, 1); m (4, 1); m (5, 1); m (6, 1);     \
	m (7, 1); m (8, 1); m (9, 1); m (10, 1); m (11, 1); m (12, 1);  \
	m (13, 1); m (14, 1); m (15, 1)
#define CAM16_ROWS_2(m) m (0, 2); CAM16_ROWS1_2 (m)
#define CAM16_ROWS1_2(m)                                                \
	m (1, 2); m (2, 2); m (3, 2); m (4, 2); m (5, 2); m (6, 2);     \
	m (7, 2); m (8, 2); m (9, 2); m (10, 2); m (11, 2); m (12, 2);  \
	m (13, 2); m (14, 2); m (15, 2); CAM16_ROWS16_2 (m)
#define CAM16_ROWS16_2(m)                                               \
	m (16, 2); m (17, 2); m (18, 2); m (19, 2); m (20, 2);          \
	m (21, 2); m (22, 2); m (23, 2); m (24, 2); m (25, 2);          \
	m (26, 2); m (27, 2); m (28, 2); m (29, 2); m (30, 2); m (31, 2)

/* Counter lanes (after a byte reversal for CTR, whose low 64 bits
   then count in the first quadword), each row CAM16_LANES more, and
   the reversal itself.  */
#define CAM16_MODE_CONSTANTS                                            \
	.section .rodata;                                               \
	.align 32;                                                      \
.Lcam16_bswap128:                                                       \
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0;     \
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0;     \
.Lcam16_lanes64:	.quad 0, 0, 1, 0;                               \
.Lcam16_step64:	.quad CAM16_LANES, 0, CAM16_LANES, 0;                   \
.Lcam16_lanes32:	.long 0, 0, 0, 0, 1, 0, 0, 0;                   \
.Lcam16_step32:	.long CAM16_LANES, 0, 0, 0, CAM16_LANES, 0, 0, 0;       \
.Lcam16_lo64:	.quad -1, 0, -1, 0;                                     \
	CAM16_CTR_LANES;                                                \
	.text

#if CAM_W == 32
/* Block numbers in the lane order of TRANSPOSE_IN16, for each stream
   (CAM16_CTR_SLICED).  */
# define CAM16_CTR_LANES                                                \
	.align 32;                                                      \
.Lcam16_ctr_lanes:                                                      \
	.byte 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30; \
	.byte 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31; \
	.byte 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62; \
	.byte 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63
#else
# define CAM16_CTR_LANES
#endif

/* A frame of N sets of a call's rows (S * CAM_W blocks) at %rsp,
   32-byte aligned, %rbp the frame pointer; CAM16_LEAVE wipes it and
   clears the vector registers.  Set J starts at SET (J, S).  */
#define SET(j, s) ((j)*(s)*16*CAM_W)
#define CAM16_ENTER(n, s) CAM16_FRAME_ENTER (SET (n, s))
#define CAM16_WIPE_ROW(i, s) vmovdqa V(0), ROW (i, %r8)
#define CAM16_LEAVE(n, s)                                               \
	vpxor V(0), V(0), V(0);                                         \
	movq %rsp, %r8;                                                 \
	leaq SET (n, s)(%rsp), %r9;                                     \
1:	CAM16_ROWS_1 (CAM16_WIPE_ROW);                                  \
	addq $SET (1, 1), %r8;                                          \
	cmpq %r9, %r8;                                                  \
	jb 1b;                                                          \
	CAM16_FRAME_LEAVE;                                              \
	vzeroall
/* The same for a frame that holds nothing secret (counters, ciphertext):
   without the wiping, which is 32 stores a set.  */
#define CAM16_LEAVE_PUBLIC                                              \
	CAM16_FRAME_LEAVE;                                              \
	vzeroall

/* Counter rows: V0 the counters (byte-reversed for CTR), V1 the step,
   V2 scratch.  */
#define CAM16_CTR_ROW(i, s)                                             \
	vpshufb .Lcam16_bswap128(%rip), V(0), V(2);                     \
	vmovdqa V(2), ROW (i, %rsp); vpaddq V(1), V(0), V(0)
#define CAM16_CTR32_ROW(i, s)                                           \
	vmovdqa V(0), ROW (i, %rsp); vpaddd V(1), V(0), V(0)
/* Row i of the blocks one before those at %rcx into the frame.  */
#define CAM16_PREV_ROW(i, s)                                            \
	vmovdqu ROW_PREV (i, %rcx), V(0); vmovdqa V(0), ROW (i, %rsp)
/* The counter at %rax (big-endian) into the rows of a call at %rsp,
   and advanced past them.  */
#define CAM16_CTR_ROWS(s)                                               \
	VBCAST128 ((%rax), V(0));                                       \
	vpshufb .Lcam16_bswap128(%rip), V(0), V(0);                     \
	vpaddq .Lcam16_lanes64(%rip), V(0), V(0);                       \
	vmovdqa .Lcam16_step64(%rip), V(1);                             \
	CAM16_ROWS_##s (CAM16_CTR_ROW);                                 \
	vpshufb .Lcam16_bswap128(%rip), X(0), X(0);                     \
	vmovdqu X(0), (%rax)

/* OCB (RFC 7253): the offsets of the W blocks of a call after
   ST->blkn (%rsi: bulk_ocb_state_t, whose layout cipher/camellia.c
   checks), %rax the block number, %r10 the table L, %r8 scratch; the
   state's offset and block count are advanced.  Block j of the message
   has the offset of block j - 1 xored with L_ntz(j), so that for j < W
   the offset of block B + j is that of block B xored with the L_k of
   the bits k set in j ^ (j >> 1) when B is a multiple of W (j's Gray
   code: it flips bit ntz(j) from j - 1 to j).  The generic hooks call
   the kernels on the runs of a message from its first block, so that
   is the rule, and there the offsets are not staged: the cipher
   computes them as it whitens its input (TRANSPOSE_IN16O) and again as
   it xors its output (STREAM16_OUT_OCB), from a table of a few rows
   (CAM16_OCB_TABLE).  The transposes take rows j and j + 8 of a stream
   together: row j + 1 has the offsets of row j xored with D_j, and row
   j + 8 those of row j xored with C (CL_t for the last pair of stream
   t).  With YMM row j of stream t holds blocks 32t + 2j + 1 and
   32t + 2j + 2 (from 1), and in the two lanes D_j = (L_0 ^
   L_(1+ntz(j+1)), L_0 ^ L_(1+ntz(j+2))), C = (L_3 ^ L_4, L_3 ^ L_4)
   and CL_t = (L_3 ^ L_4, L_3 ^ L_5), or (L_3 ^ L_4, L_3 ^ L_ntz(B+W))
   in the last stream, and stream 1 has stream 0's offsets xored with
   L_4 ^ L_5; with XMM row j is block 16t + j + 1, D_j = L_ntz(j+2),
   C = L_2 ^ L_3, CL_t = L_2 ^ L_4 or L_2 ^ L_ntz(B+W), and stream 1
   has stream 0's offsets xored with L_3 ^ L_4.  Staged in the frame,
   the offsets took two vector xors and a store a row, a load at each
   of their two uses and as many stores again to wipe them, and the
   checksum a pass over the plaintext; computed twice, with the
   checksum summed from the rows in registers, they measured faster
   encrypting, decrypting and for HASH.  Otherwise the offsets go block
   by block with BSF, X0 the running offset (CAM16_OCB_OFFSET), to set 0
   of the frame, where the cipher reads them.  BSF leaves its
   destination as it was when the source is zero, so it waits for the
   last write of %r8: without the zeroing idiom, which cuts that tie,
   the offsets were a chain of BSF, SHL and BSF again, and OCB
   measured slower (doc/HACKING, "Tuning notes").  */
#define CAM16_OCB_OFFSET(i)                                             \
	addq $1, %rax; xorl %r8d, %r8d; bsfq %rax, %r8; shlq $4, %r8;   \
	vpxor (%r10, %r8), X(0), X(0); vmovdqu X(0), 16*(i)(%rsp)
#define CAM16_BLOCKS16(m, b)                                            \
	m ((b)+0); m ((b)+1); m ((b)+2); m ((b)+3); m ((b)+4);          \
	m ((b)+5); m ((b)+6); m ((b)+7); m ((b)+8); m ((b)+9);          \
	m ((b)+10); m ((b)+11); m ((b)+12); m ((b)+13); m ((b)+14);     \
	m ((b)+15)
#define CAM16_BLOCKS_16(m) CAM16_BLOCKS16 (m, 0)
#define CAM16_BLOCKS_32(m) CAM16_BLOCKS_16 (m); CAM16_BLOCKS16 (m, 16)
#define CAM16_BLOCKS_64(m)                                              \
	CAM16_BLOCKS_32 (m); CAM16_BLOCKS16 (m, 32); CAM16_BLOCKS16 (m, 48)
#if CAM_W == 32
/* X(r) ^= the two lanes of V(r); X(t) scratch.  */
# define CAM16_FOLD(r, t) vextracti128 $1, V(r), X(t); vpxor X(t), X(r), X(r)
#else
# define CAM16_FOLD(r, t)
#endif
#define CAM16_OCB_OFFSETS(w)                                            \
	vmovdqu OCB_STATE_OFFSET(%rsi), X(0);                                       \
	CAM16_BLOCKS_##w (CAM16_OCB_OFFSET);                            \
	vmovdqu X(0), OCB_STATE_OFFSET(%rsi); movq %rax, OCB_STATE_BLKN(%rsi)

/* The table, rows of CAM_W bytes at B (%rax in the cipher): for stream
   t, R_0 and R_4 (the offsets of rows 0 and 4), row 15 whitened and
   CL_t at rows 10t to 10t + 3, and at rows 14 + 2t and 15 + 2t R_0
   and R_4 again for the output; C, D_j and the sum of TRANSPOSE_IN16O
   at rows 4 to 9.  Six rows and six a stream, wiped before returning.
   The offsets of the input carry the mask the cipher adds to its input
   and those of the output the mask it adds to its output (CAM_MASKS),
   so that the cipher skips both (STREAM16_IN_UNMASKED,
   STREAM16_OUT_UNMASKED); in the checksum they cancel, as the offsets
   do.  */
#define OCB_T(k, b) ((k)*CAM_W)(b)
#define OCB_R0(t) OCB_T (10*(t), %rax)
#define OCB_R4(t) OCB_T (10*(t)+1, %rax)
#define OCB_ROW15(t) OCB_T (10*(t)+2, %rax)
#define OCB_CL(t) OCB_T (10*(t)+3, %rax)
#define OCB_R0O(t) OCB_T (14+2*(t), %rax)
#define OCB_R4O(t) OCB_T (15+2*(t), %rax)
#define OCB_C OCB_T (4, %rax)
#define OCB_D(j) OCB_T (CAM16_OCB_D##j, %rax)
#define OCB_SUM OCB_T (9, %rax)
#define CAM16_OCB_D0 5
#define CAM16_OCB_D1 6
#define CAM16_OCB_D2 7
#define CAM16_OCB_D4 5
#define CAM16_OCB_D5 6
#define CAM16_OCB_D6 8
#if CAM_W == 32
/* V(k) = L_0 ^ L_k in both lanes, V0 = L_0.  */
# define CAM16_OCB_L0X(k)                                               \
	vbroadcasti128 16*(k)(%r10), V(k); vpxor V(0), V(k), V(k)
/* M and R = the low lane of LO and the high one of HI.  */
# define CAM16_OCB_LANES(lo, hi, m, r)                                  \
	vpblendd $0xf0, hi, lo, r; vmovdqa r, m
/* D_0 = D_4, D_1 = D_5, D_2 and D_6 (D_3 is not needed: R_4 starts a
   chain of its own), then C, R_0, R_4 and CL_t; V9 the input's mask,
   V13 the xor of both masks (CAM16_OCB_MASKS), V7 scratch.  */
# define CAM16_OCB_TABLE(s)                                             \
	vbroadcasti128 (%r10), V(0);                                    \
	CAM16_OCB_L0X (1); CAM16_OCB_L0X (2); CAM16_OCB_L0X (3);        \
	CAM16_OCB_L0X (4);                                              \
	CAM16_OCB_LANES (V(1), V(2), OCB_D (0), V(12));                 \
	CAM16_OCB_LANES (V(2), V(1), OCB_D (1), V(11));                 \
	CAM16_OCB_LANES (V(1), V(3), OCB_D (2), V(10));                 \
	CAM16_OCB_LANES (V(1), V(4), OCB_D (6), V(5));                  \
	vpxor V(3), V(4), V(15); vmovdqa V(15), OCB_C;                  \
	vbroadcasti128 OCB_STATE_OFFSET(%rsi), V(6);                                \
	vpxor V(6), V(0), V(0); vpxor V(6), V(1), V(1);                 \
	vpblendd $0xf0, V(1), V(0), V(14); vpxor V(9), V(14), V(14);    \
	vmovdqa V(14), OCB_R0 (0);                                      \
	vpxor V(2), V(3), V(8); vpxor V(14), V(8), V(8);                \
	vmovdqa V(8), OCB_R4 (0);                                       \
	CAM16_OCB_OUT_ROWS (0, V(14), V(8), V(7));                      \
	vbroadcasti128 48(%r10), V(3);                                  \
	vbroadcasti128 (%r10, %r8), V(2); vpxor V(3), V(2), V(2);       \
	CAM16_OCB_LANES (V(15), V(2), OCB_CL ((s)-1), V(5));            \
	.if (s) - 1;                                                    \
	vbroadcasti128 80(%r10), V(2); vpxor V(3), V(2), V(3);          \
	CAM16_OCB_LANES (V(15), V(3), OCB_CL (0), V(5));                \
	vbroadcasti128 64(%r10), V(3); vpxor V(3), V(2), V(2);          \
	vpxor V(2), V(14), V(0); vmovdqa V(0), OCB_R0 (1);              \
	vpxor V(2), V(8), V(1); vmovdqa V(1), OCB_R4 (1);               \
	CAM16_OCB_OUT_ROWS (1, V(0), V(1), V(7));                       \
	.endif
/* Row 15 of each stream whitened, from X7 the offset of block B and
   X6 that of block B + W, and V9 the input's mask.  */
# define CAM16_OCB_ROW15(s, in)                                         \
	vpxor 64(%r10), X(7), X(0);                                     \
	.if (s) - 1;                                                    \
	vpxor 80(%r10), X(0), X(1); vinserti128 $1, X(1), V(0), V(0);   \
	vpxor 15*CAM_W(in), V(0), V(0); vpxor V(9), V(0), V(0);         \
	vmovdqa V(0), OCB_ROW15 (0);                                    \
	vpxor 80(%r10), X(7), X(0);                                     \
	.endif;                                                         \
	vinserti128 $1, X(6), V(0), V(0);                               \
	vpxor (16*(s)-1)*CAM_W(in), V(0), V(0); vpxor V(9), V(0), V(0); \
	vmovdqa V(0), OCB_ROW15 ((s)-1)
#else
/* D_0 = D_4 = L_1, D_1 = D_5 = L_0, D_2 = L_2 and D_6 = L_3, then C,
   R_0, R_4 and CL_t, the masks as with YMM.  */
# define CAM16_OCB_TABLE(s)                                             \
	vmovdqu (%r10), X(0); vmovdqu 16(%r10), X(1);                   \
	vmovdqu 32(%r10), X(2); vmovdqu 48(%r10), X(3);                 \
	vmovdqa X(1), X(12); vmovdqa X(0), X(11); vmovdqa X(2), X(10);  \
	vmovdqa X(1), OCB_D (0); vmovdqa X(0), OCB_D (1);               \
	vmovdqa X(2), OCB_D (2); vmovdqa X(3), OCB_D (6);               \
	vpxor X(2), X(3), X(15); vmovdqa X(15), OCB_C;                  \
	vmovdqu OCB_STATE_OFFSET(%rsi), X(6);                                       \
	vpxor X(6), X(0), X(14); vpxor X(9), X(14), X(14);              \
	vmovdqa X(14), OCB_R0 (0);                                      \
	vpxor X(1), X(2), X(8); vpxor X(14), X(8), X(8);                \
	vmovdqa X(8), OCB_R4 (0);                                       \
	CAM16_OCB_OUT_ROWS (0, X(14), X(8), X(7));                      \
	vpxor (%r10, %r8), X(2), X(4); vmovdqa X(4), OCB_CL ((s)-1);    \
	.if (s) - 1;                                                    \
	vpxor 64(%r10), X(2), X(4); vmovdqa X(4), OCB_CL (0);           \
	vpxor 64(%r10), X(3), X(4);                                     \
	vpxor X(4), X(14), X(0); vmovdqa X(0), OCB_R0 (1);              \
	vpxor X(4), X(8), X(1); vmovdqa X(1), OCB_R4 (1);               \
	CAM16_OCB_OUT_ROWS (1, X(0), X(1), X(7));                       \
	.endif
# define CAM16_OCB_ROW15(s, in)                                         \
	.if (s) - 1;                                                    \
	vpxor 48(%r10), X(7), X(0); vpxor 64(%r10), X(0), X(0);         \
	vpxor 15*CAM_W(in), X(0), X(0); vpxor X(9), X(0), X(0);         \
	vmovdqa X(0), OCB_ROW15 (0);                                    \
	.endif;                                                         \
	vpxor (16*(s)-1)*CAM_W(in), X(6), X(0); vpxor X(9), X(0), X(0); \
	vmovdqa X(0), OCB_ROW15 ((s)-1)
#endif
/* Rows 14 + 2T and 15 + 2T of the table from R_0 and R_4 in R0 and
   R4, V13 the xor of the masks; T scratch.  */
#define CAM16_OCB_OUT_ROWS(t, r0, r4, tmp)                              \
	vpxor V(13), r0, tmp; vmovdqa tmp, OCB_R0O (t);                 \
	vpxor V(13), r4, tmp; vmovdqa tmp, OCB_R4O (t)
/* V9 = the mask of the cipher's input, V13 = the xor of both masks:
   the first and the last of CAM_MASKS, the other way round when
   decrypting (SEL: ENC, or R9 for when %r9d is zero).  */
#define CAM16_OCB_MASKS(sel)                                            \
	VBCAST128 (CAM_MASKS(CTX), V(9));                               \
	VBCAST128 (CAM_MASKS+16(CTX), V(13));                           \
	vpxor V(9), V(13), V(13);                                       \
	CAM16_OCB_SEL_##sel
#define CAM16_OCB_SEL_ENC
#define CAM16_OCB_SEL_R9                                                \
	testl %r9d, %r9d; jnz 6f; vpxor V(13), V(9), V(9); 6:
/* For a call from block B a multiple of W, at IN: the table at %rsp,
   %rax pointing to it, and the state advanced, its offset to that of
   block B + W: B's ^ L_(log2 W - 1) ^ L_ntz(B+W).  SEL as for
   CAM16_OCB_MASKS.  */
#define CAM16_OCB_START(w, s, in, sel)                                  \
	addq $(w), %rax; xorl %r8d, %r8d; bsfq %rax, %r8; shlq $4, %r8; \
	movq %rax, OCB_STATE_BLKN(%rsi); movq %rsp, %rax;                           \
	CAM16_OCB_MASKS (sel);                                          \
	CAM16_OCB_TABLE (s);                                            \
	vmovdqa X(6), X(7);                                             \
	vpxor 16*(CAM16_LANES+1+(s))(%r10), X(6), X(6);                 \
	vpxor (%r10, %r8), X(6), X(6); vmovdqu X(6), OCB_STATE_OFFSET(%rsi);            \
	CAM16_OCB_ROW15 (s, in)
/* The table wiped, and the frame left.  */
#define CAM16_OCB_WIPE_ROW(k) vmovdqa V(0), OCB_T (k, %rsp)
#define CAM16_OCB_LEAVE(s)                                              \
	vpxor V(0), V(0), V(0);                                         \
	CAM16_OCB_WIPE_ROW (0); CAM16_OCB_WIPE_ROW (1);                 \
	CAM16_OCB_WIPE_ROW (2); CAM16_OCB_WIPE_ROW (3);                 \
	CAM16_OCB_WIPE_ROW (4); CAM16_OCB_WIPE_ROW (5);                 \
	CAM16_OCB_WIPE_ROW (6); CAM16_OCB_WIPE_ROW (7);                 \
	CAM16_OCB_WIPE_ROW (8); CAM16_OCB_WIPE_ROW (9);                 \
	CAM16_OCB_WIPE_ROW (14); CAM16_OCB_WIPE_ROW (15);               \
	.if (s) - 1;                                                    \
	CAM16_OCB_WIPE_ROW (10); CAM16_OCB_WIPE_ROW (11);               \
	CAM16_OCB_WIPE_ROW (12); CAM16_OCB_WIPE_ROW (13);               \
	CAM16_OCB_WIPE_ROW (16); CAM16_OCB_WIPE_ROW (17);               \
	.endif;                                                         \
	CAM16_LEAVE_PUBLIC
/* V1 ^= row i at %rdx (the input of the cipher).  */
#define CAM16_SUM_IN_ROW(i, s) vpxor ROW (i, %rdx), V(1), V(1)
/* V1 ^= row i at %rsi (the output of the cipher).  */
#define CAM16_SUM_ROW(i, s) vpxor ROW (i, %rsi), V(1), V(1)
/* The 16 bytes at M ^= the lanes of V1.  */
#define CAM16_SUM_OUT(m) CAM16_FOLD (1, 2); vpxor m, X(1), X(1); vmovdqu X(1), m

/* XTS (IEEE 1619-2007): D = S * x^K in GF(2^128) in each 128-bit lane,
   for K <= 32, without a chain from one block to the next: the shifted
   lane, its top K bits carried into the high half, and those of the
   high half, O, folded back as O * (x^7 + x^2 + x + 1), which for K <=
   32 needs no second fold.  T1, T2 scratch.  */
#define CAM16_MULXK(k, s, d, t1, t2)                                    \
	vpsrlq $(64-(k)), s, t1; vpshufd $0x4e, t1, t1;                 \
	vpand .Lcam16_lo64(%rip), t1, t2;                               \
	vpsllq $(k), s, d; vpxor t1, d, d;                              \
	vpsllq $1, t2, t1; vpxor t1, d, d;                              \
	vpsllq $2, t2, t1; vpxor t1, d, d;                              \
	vpsllq $7, t2, t2; vpxor t2, d, d
/* Row i of tweaks into set 0, from the tweaks of the row i & ~15 in V0
   (with YMM, rows 16 and on are more than 32 doublings from row 0).
   At row 15, V0 moves on to row 16.  */
#define CAM16_XTS_ROW(i, s)                                             \
	CAM16_MULXK (CAM16_LANES*((i)&15), V(0), V(1), V(2), V(3));     \
	vmovdqa V(1), ROW (i, %rsp);                                    \
	.if (((i) - 15) | ((s) - 2)) == 0;                              \
	CAM16_MULXK (CAM16_LANES*16, V(0), V(0), V(2), V(3));           \
	.endif
/* The tweak at %rsi times x^(S * CAM_W), for the next call.  */
#define CAM16_XTS_NEXT(s)                                               \
	vmovdqu (%rsi), X(0);                                           \
	CAM16_MULXK (CAM_W, X(0), X(1), X(2), X(3));                    \
	.if (s) - 1;                                                    \
	CAM16_MULXK (CAM_W, X(1), X(1), X(2), X(3));                    \
	.endif;                                                         \
	vmovdqu X(1), (%rsi)

#if CAM_W == 32
/* V0 = the tweaks T, T * x of the first two blocks, from T in X0.  */
# define CAM16_XTS_FIRST_ROW                                            \
	CAM16_MULXK (1, X(0), X(1), X(2), X(3));                        \
	vinserti128 $1, X(1), V(0), V(0)
#else
# define CAM16_XTS_FIRST_ROW
#endif

/* A local routine NAME of the kernel file, BODY its code.  */
#define CAM16_LOCAL(name, ...)                                          \
	.align 16;                                                      \
	name:                                                           \
	CFI_STARTPROC ();                                               \
	__VA_ARGS__;                                                    \
	CFI_ENDPROC ();                                                 \
	ELF (.size name, . - name;)


/* GCM (NIST SP 800-38D), with VPCLMULQDQ on YMM: CAM16_GHASH8 has the
   ghash_state_t at %r11 absorb the eight blocks at %rax
   (ghash-vpclmul-amd64.h) and advances %rax, unless %rax has reached
   the end stored at GH16_END (%rdx), past the counter rows that the
   cipher reads from %rdx.  It runs between two rounds in the registers
   they leave free, so the hash goes through memory.  */
#define GH16_END SET (1, 2)
#define CAM16_GHASH8                                                    \
	cmpq GH16_END(%rdx), %rax;                                      \
	jae 7f;                                                         \
	GHASH_YMM8 (%r11, %rax, GHASH_STATE_Y(%r11), 0, 7, 14, 2, 15, 9); \
	addq $8*16, %rax;                                               \
7:

/* GCM's CTR and GHASH in one pass, for a two-stream YMM kernel file
   whose assembler has VPCLMULQDQ: %rdi ctx, %rsi the ghash_state_t,
   %rdx the counter (as for CTR), %rcx out, %r8 in, %r9 the N blocks to
   hash, which may be IN (decryption, in place too: the rounds hash
   them before the output is stored) or, when encrypting, the output of
   the previous call, or NULL for CTR alone, and N on the stack.  Eight
   of the nine (Camellia-128) or twelve slots hash eight blocks each.  */
#define CAM16_GCM_CALL(f)                                               \
	leaq 64*16(%r9), %rax; testq %r9, %r9; cmovzq %r9, %rax;        \
	movq %rax, GH16_END(%rsp);                                      \
	movq %r9, %rax; movq %rcx, %rsi; movq %r8, %rcx;                \
	movq %rsp, %rdx;                                                \
	call f;                                                         \
	CAM16_LEAVE_PUBLIC;                                             \
	ret

#endif /* !CAM_REGS32 */
