/* camellia-neon-aarch64.c - byte-sliced Camellia with NEON and AESE
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Camellia (RFC 3713) on 16 blocks at once for aarch64, the design of
 * the x86-64 AES-NI kernels (camellia-simd-amd64.h, after the
 * byte-sliced AES-NI/AVX Camellia of Linux and libgcrypt, J. Kivilinna,
 * 2012-2013): a 16 x 16 byte transpose puts byte j of the 16 blocks in
 * register j, so each S-box is one operation over a register, P a few
 * EORs between registers, FL and FL^-1 byte-wise logic.  An S-box is
 * inversion in GF(2^8) between two affine maps: AESE (or AESD) on a
 * zero key computes the inversion, with AES's own affine map and
 * ShiftRows, and the affine maps before and after it are two 16-entry
 * nibble lookups each (TBL), with the tables that camellia-simd-amd64.h
 * derives for AESENCLAST and AESDECLAST: AESE with a zero key is
 * AESENCLAST with a zero key, AESD likewise AESDECLAST.  As there, the
 * right half lives in ShiftRows order of its lanes, so that AESE on the
 * left half lines its output up with the right half and AESD on the
 * right half lines its output up with the left.  Written in C with the
 * ACLE intrinsics so that the compiler allocates the 32 registers (the
 * state takes 16, the S-box outputs 8) and schedules; the round
 * function never spills.  The modes load, whiten and store their blocks
 * around one 16-block call, in a buffer on the stack for runs shorter
 * than 16.  No table index and no branch depends on key or data.
 */

#include <config.h>
#include "simd-kernels.h"

#ifdef USE_CAMELLIA_NEON

#include "bufhelp.h"
#include "cipher-proto.h"

#ifdef __clang__
# pragma clang attribute push (__attribute__ ((target ("crypto"))), \
                               apply_to = function)
#else
# pragma GCC target ("+crypto")
#endif

#include <arm_neon.h>

typedef uint8x16_t v128;

/* The entry points, as camellia.c declares them (CAMELLIA_SIMD_KERNELS,
   without the whitened pass).  */
void _bcry_camellia_neon_enc_blk16 (const void *ctx, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_camellia_neon_dec_blk16 (const void *ctx, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_camellia_neon_ctr_enc_blk16 (const void *ctx, byte *ctr,
                                        byte *out, const byte *in,
                                        size_t nblocks);
void _bcry_camellia_neon_ctr32le_enc_blk16 (const void *ctx, byte *ctr,
                                            byte *out, const byte *in,
                                            size_t nblocks);
void _bcry_camellia_neon_cbc_dec_blk16 (const void *ctx, byte *iv,
                                        byte *out, const byte *in,
                                        size_t nblocks);
void _bcry_camellia_neon_cfb_dec_blk16 (const void *ctx, byte *iv,
                                        byte *out, const byte *in,
                                        size_t nblocks);
void _bcry_camellia_neon_xts_crypt_blk16 (const void *ctx, byte *tweak,
                                          byte *out, const byte *in,
                                          size_t nblocks, int encrypt);
void _bcry_camellia_neon_ocb_crypt_blk16 (const void *ctx,
                                          bulk_ocb_state_t *st, byte *out,
                                          const byte *in, size_t nblocks,
                                          int encrypt);
void _bcry_camellia_neon_ocb_auth_blk16 (const void *ctx,
                                         bulk_ocb_state_t *st,
                                         const byte *abuf, size_t nblocks);
void _bcry_camellia_neon_schedule (u32 *out, const u32 *key,
                                   unsigned int ngroups);

#define INLINE static inline __attribute__ ((always_inline))

/* CAMELLIA_context of cipher/camellia.c, whose typedefs check these
   offsets: the round count, and the schedule that
   _bcry_camellia_neon_schedule builds, CAM_WORDS words a direction.  */
#define CAM_ROUNDS(ctx) (*(const unsigned int *) ((const byte *) (ctx) + 256))
#define CAM_SCHED(ctx) ((const u32 *) ((const byte *) (ctx) + 260))
#define CAM_WORDS 304

#define LD(p) vld1q_u8 (p)
#define ST(p, v) vst1q_u8 ((p), (v))
#define XOR(a, b) veorq_u8 ((a), (b))

/* The 16-byte tables of camellia-simd-amd64.h's CAM_AESNI_CONSTANTS, in
   the same order: the affine maps before (pre) and after (post) AESE
   (e) or AESD (d), low nibble first, then ShiftRows and its inverse as
   TBL indices.  */
enum
  {
    PRE123_E, PRE4_E = 2, POST14_E = 4, POST2_E = 6, POST3_E = 8,
    PRE123_D = 10, PRE4_D = 12, POST14_D = 14, POST2_D = 16, POST3_D = 18,
    SHIFT_ROWS = 20, INV_SHIFT_ROWS = 21, NTABLES = 22
  };

static const byte cam_tables[NTABLES][16] __attribute__ ((aligned (16))) =
  {
    { 0x01, 0x09, 0x56, 0x5e, 0xfe, 0xf6, 0xa9, 0xa1,
      0x67, 0x6f, 0x30, 0x38, 0x98, 0x90, 0xcf, 0xc7 },
    { 0x00, 0x06, 0xdd, 0xdb, 0x04, 0x02, 0xd9, 0xdf,
      0xf2, 0xf4, 0x2f, 0x29, 0xf6, 0xf0, 0x2b, 0x2d },
    { 0x01, 0x56, 0xfe, 0xa9, 0x67, 0x30, 0x98, 0xcf,
      0x07, 0x50, 0xf8, 0xaf, 0x61, 0x36, 0x9e, 0xc9 },
    { 0x00, 0xdd, 0x04, 0xd9, 0xf2, 0x2f, 0xf6, 0x2b,
      0x08, 0xd5, 0x0c, 0xd1, 0xfa, 0x27, 0xfe, 0x23 },
    { 0x9a, 0x82, 0xe0, 0xf8, 0x57, 0x4f, 0x2d, 0x35,
      0x7f, 0x67, 0x05, 0x1d, 0xb2, 0xaa, 0xc8, 0xd0 },
    { 0x00, 0x54, 0x51, 0x05, 0xc7, 0x93, 0x96, 0xc2,
      0xab, 0xff, 0xfa, 0xae, 0x6c, 0x38, 0x3d, 0x69 },
    { 0x35, 0x05, 0xc1, 0xf1, 0xae, 0x9e, 0x5a, 0x6a,
      0xfe, 0xce, 0x0a, 0x3a, 0x65, 0x55, 0x91, 0xa1 },
    { 0x00, 0xa8, 0xa2, 0x0a, 0x8f, 0x27, 0x2d, 0x85,
      0x57, 0xff, 0xf5, 0x5d, 0xd8, 0x70, 0x7a, 0xd2 },
    { 0x4d, 0x41, 0x70, 0x7c, 0xab, 0xa7, 0x96, 0x9a,
      0xbf, 0xb3, 0x82, 0x8e, 0x59, 0x55, 0x64, 0x68 },
    { 0x00, 0x2a, 0xa8, 0x82, 0xe3, 0xc9, 0x4b, 0x61,
      0xd5, 0xff, 0x7d, 0x57, 0x36, 0x1c, 0x9e, 0xb4 },
    { 0x7c, 0x84, 0x17, 0xef, 0x83, 0x7b, 0xe8, 0x10,
      0x1a, 0xe2, 0x71, 0x89, 0xe5, 0x1d, 0x8e, 0x76 },
    { 0x00, 0x42, 0x22, 0x60, 0x7c, 0x3e, 0x5e, 0x1c,
      0x64, 0x26, 0x46, 0x04, 0x18, 0x5a, 0x3a, 0x78 },
    { 0x7c, 0x17, 0x83, 0xe8, 0x1a, 0x71, 0xe5, 0x8e,
      0x3e, 0x55, 0xc1, 0xaa, 0x58, 0x33, 0xa7, 0xcc },
    { 0x00, 0x22, 0x7c, 0x5e, 0x64, 0x46, 0x18, 0x3a,
      0xf8, 0xda, 0x84, 0xa6, 0x9c, 0xbe, 0xe0, 0xc2 },
    { 0x6e, 0x70, 0x39, 0x27, 0x84, 0x9a, 0xd3, 0xcd,
      0xe2, 0xfc, 0xb5, 0xab, 0x08, 0x16, 0x5f, 0x41 },
    { 0x00, 0x71, 0x5f, 0x2e, 0xc3, 0xb2, 0x9c, 0xed,
      0xe1, 0x90, 0xbe, 0xcf, 0x22, 0x53, 0x7d, 0x0c },
    { 0xdc, 0xe0, 0x72, 0x4e, 0x09, 0x35, 0xa7, 0x9b,
      0xc5, 0xf9, 0x6b, 0x57, 0x10, 0x2c, 0xbe, 0x82 },
    { 0x00, 0xe2, 0xbe, 0x5c, 0x87, 0x65, 0x39, 0xdb,
      0xc3, 0x21, 0x7d, 0x9f, 0x44, 0xa6, 0xfa, 0x18 },
    { 0x37, 0x38, 0x9c, 0x93, 0x42, 0x4d, 0xe9, 0xe6,
      0x71, 0x7e, 0xda, 0xd5, 0x04, 0x0b, 0xaf, 0xa0 },
    { 0x00, 0xb8, 0xaf, 0x17, 0xe1, 0x59, 0x4e, 0xf6,
      0xf0, 0x48, 0x5f, 0xe7, 0x11, 0xa9, 0xbe, 0x06 },
    { 0x00, 0x05, 0x0a, 0x0f, 0x04, 0x09, 0x0e, 0x03,
      0x08, 0x0d, 0x02, 0x07, 0x0c, 0x01, 0x06, 0x0b },
    { 0x00, 0x0d, 0x0a, 0x07, 0x04, 0x01, 0x0e, 0x0b,
      0x08, 0x05, 0x02, 0x0f, 0x0c, 0x09, 0x06, 0x03 }
  };

/* The tables through a base register that the compiler cannot see
   through: one LDR a table, where from the symbol it takes ADRP and
   LDR at every use.  */
#define TBL(i) LD (tb + 16 * (i))
#define DECLARE_TABLES                                                  \
  const byte *tb = &cam_tables[0][0];                                   \
  __asm__ ("" : "+r" (tb))

/* L[X & 15] ^ H[X >> 4], with L and H the tables LO and HI.  TBL gives
   zero for an index above 15, but the low nibble still needs its AND:
   five instructions a map.  */
INLINE v128
nibble_map (v128 x, v128 lo, v128 hi)
{
  return XOR (vqtbl1q_u8 (lo, vandq_u8 (x, vdupq_n_u8 (0x0f))),
              vqtbl1q_u8 (hi, vshrq_n_u8 (x, 4)));
}

/* The pair of tables at T into LO and HI, from a base register the
   compiler takes as new here, so that it loads them where they are
   used instead of keeping all twenty in registers, which spills the
   state.  */
#define LOAD_MAP(t)                                                     \
  __asm__ ("" : "+r" (tb));                                             \
  lo = TBL (t); hi = TBL ((t) + 1)

/* y_j = s (y_j) for the eight bytes of F into s0..s7, E for the form of
   the half (AESE or AESD), the maps grouped by table as in
   camellia-simd-amd64.h's SBOX8.  The round key of AESE or AESD is the
   next eight words of the schedule, which add the half's pending
   constants (see _bcry_camellia_neon_schedule).  */
#define SBOX8(y, E, AES)                                                \
  LOAD_MAP (PRE123_##E);                                                \
  s0 = nibble_map (y[0], lo, hi); s1 = nibble_map (y[1], lo, hi);       \
  s2 = nibble_map (y[2], lo, hi); s4 = nibble_map (y[4], lo, hi);       \
  s5 = nibble_map (y[5], lo, hi); s7 = nibble_map (y[7], lo, hi);       \
  LOAD_MAP (PRE4_##E);                                                  \
  s3 = nibble_map (y[3], lo, hi); s6 = nibble_map (y[6], lo, hi);       \
  KEY4 (kp, kv[0], kv[1], kv[2], kv[3]);                                \
  s0 = AES (s0, kv[0]); s1 = AES (s1, kv[1]);                           \
  s2 = AES (s2, kv[2]); s3 = AES (s3, kv[3]);                           \
  KEY4 (kp, kv[4], kv[5], kv[6], kv[7]);                                \
  s4 = AES (s4, kv[4]); s5 = AES (s5, kv[5]);                           \
  s6 = AES (s6, kv[6]); s7 = AES (s7, kv[7]);                           \
  LOAD_MAP (POST14_##E);                                                \
  s0 = nibble_map (s0, lo, hi); s3 = nibble_map (s3, lo, hi);           \
  s6 = nibble_map (s6, lo, hi); s7 = nibble_map (s7, lo, hi);           \
  LOAD_MAP (POST2_##E);                                                 \
  s1 = nibble_map (s1, lo, hi); s4 = nibble_map (s4, lo, hi);           \
  LOAD_MAP (POST3_##E);                                                 \
  s2 = nibble_map (s2, lo, hi); s5 = nibble_map (s5, lo, hi)
#define SBOX8_E(y) SBOX8 (y, E, vaeseq_u8)
#define SBOX8_D(y) SBOX8 (y, D, vaesdq_u8)

/* The next four bytes of the schedule at KP, each in every lane of
   K0..K3: one LD4R, which broadcasts four consecutive words to four
   consecutive registers, with post-index.  The intrinsic
   (vld4q_dup_u32) takes an ADD for every address and makes GCC spill
   the register tuple.  */
#define KEY4(kp, k0, k1, k2, k3)                                        \
  do                                                                    \
    {                                                                   \
      register v128 r0_ __asm__ ("v28"), r1_ __asm__ ("v29");           \
      register v128 r2_ __asm__ ("v30"), r3_ __asm__ ("v31");           \
      __asm__ ("ld4r {v28.4s-v31.4s}, [%4], #16"                        \
               : "=w" (r0_), "=w" (r1_), "=w" (r2_), "=w" (r3_),        \
                 "+r" (kp)                                              \
               : "m" (*(const u32 (*)[4]) (kp)));                       \
      k0 = r0_; k1 = r1_; k2 = r2_; k3 = r3_;                           \
    }                                                                   \
  while (0)
#define KEY8(kp, kv)                                                    \
  do                                                                    \
    {                                                                   \
      KEY4 (kp, kv[0], kv[1], kv[2], kv[3]);                            \
      KEY4 (kp, kv[4], kv[5], kv[6], kv[7]);                            \
    }                                                                   \
  while (0)

/* X ^= F' (Y), the round of camellia.c's CAMELLIA_ROUND on the
   byte-sliced halves without its constant, which the schedule defers
   (_bcry_camellia_neon_schedule); E for the S-box form of Y's half.
   s1..s4 go to bytes 0-7 as RFC 3713 orders them (1, 2, 3, 4, 2, 3, 4,
   1); P is sixteen EORs that leave output byte j in s[(j + 4) % 8].  */
#define ROUND(y, x, E)                                                  \
  do                                                                    \
    {                                                                   \
      v128 kv[8], lo, hi, s0, s1, s2, s3, s4, s5, s6, s7;               \
      SBOX8_##E (y);                                                    \
      s0 = XOR (s0, s5); s1 = XOR (s1, s6);                             \
      s2 = XOR (s2, s7); s3 = XOR (s3, s4);                             \
      s4 = XOR (s4, s2); s5 = XOR (s5, s3);                             \
      s6 = XOR (s6, s0); s7 = XOR (s7, s1);                             \
      s0 = XOR (s0, s7); s1 = XOR (s1, s4);                             \
      s2 = XOR (s2, s5); s3 = XOR (s3, s6);                             \
      s4 = XOR (s4, s3); s5 = XOR (s5, s0);                             \
      s6 = XOR (s6, s1); s7 = XOR (s7, s2);                             \
      x[0] = XOR (x[0], s4); x[1] = XOR (x[1], s5);                     \
      x[2] = XOR (x[2], s6); x[3] = XOR (x[3], s7);                     \
      x[4] = XOR (x[4], s0); x[5] = XOR (x[5], s1);                     \
      x[6] = XOR (x[6], s2); x[7] = XOR (x[7], s3);                     \
    }                                                                   \
  while (0)

/* The 1-bit left rotation of the 32-bit word whose bytes (most
   significant first) are T0..T3, byte J of it: T_J's low seven bits
   moved up and T_J+1's top bit inserted below (SRI).  */
#define ROL1(t, j) vsriq_n_u8 (vshlq_n_u8 (t[j], 1), t[((j) + 1) & 3], 7)

/* FL and FL^-1 of RFC 3713 with the pair at K on the half X.  */
#define FL_AND_ROL(x, kv)                                               \
  do                                                                    \
    {                                                                   \
      v128 t_[4];                                                       \
      t_[0] = vandq_u8 (x[0], kv[0]);                                   \
      t_[1] = vandq_u8 (x[1], kv[1]);                                   \
      t_[2] = vandq_u8 (x[2], kv[2]);                                   \
      t_[3] = vandq_u8 (x[3], kv[3]);                                   \
      x[4] = XOR (x[4], ROL1 (t_, 0)); x[5] = XOR (x[5], ROL1 (t_, 1)); \
      x[6] = XOR (x[6], ROL1 (t_, 2)); x[7] = XOR (x[7], ROL1 (t_, 3)); \
    }                                                                   \
  while (0)
#define FL_OR(x, kv)                                                    \
  do                                                                    \
    {                                                                   \
      x[0] = XOR (x[0], vorrq_u8 (x[4], kv[4]));                        \
      x[1] = XOR (x[1], vorrq_u8 (x[5], kv[5]));                        \
      x[2] = XOR (x[2], vorrq_u8 (x[6], kv[6]));                        \
      x[3] = XOR (x[3], vorrq_u8 (x[7], kv[7]));                        \
    }                                                                   \
  while (0)

/* The 16 x 16 byte transposes, R[j] lane i = byte j of block i: LD4
   splits each four blocks by their bytes' position modulo 4, so that
   two rounds of UZP1/UZP2 finish what would take four rounds of TRN
   after plain loads; ZIP1/ZIP2 and ST4 undo it.  */
INLINE void
load16 (v128 r[16], const byte *src)
{
  uint8x16x4_t c0 = vld4q_u8 (src), c1 = vld4q_u8 (src + 64);
  uint8x16x4_t c2 = vld4q_u8 (src + 128), c3 = vld4q_u8 (src + 192);
  int k;

#pragma GCC unroll 4
  for (k = 0; k < 4; k++)
    {
      v128 u0 = vuzp1q_u8 (c0.val[k], c1.val[k]);
      v128 u1 = vuzp2q_u8 (c0.val[k], c1.val[k]);
      v128 u2 = vuzp1q_u8 (c2.val[k], c3.val[k]);
      v128 u3 = vuzp2q_u8 (c2.val[k], c3.val[k]);

      r[k] = vuzp1q_u8 (u0, u2);
      r[k + 8] = vuzp2q_u8 (u0, u2);
      r[k + 4] = vuzp1q_u8 (u1, u3);
      r[k + 12] = vuzp2q_u8 (u1, u3);
    }
}

INLINE void
store16 (byte *dst, const v128 r[16])
{
  uint8x16x4_t c0, c1, c2, c3;
  int k;

#pragma GCC unroll 4
  for (k = 0; k < 4; k++)
    {
      v128 u0 = vzip1q_u8 (r[k], r[k + 8]), u2 = vzip2q_u8 (r[k], r[k + 8]);
      v128 u1 = vzip1q_u8 (r[k + 4], r[k + 12]);
      v128 u3 = vzip2q_u8 (r[k + 4], r[k + 12]);

      c0.val[k] = vzip1q_u8 (u0, u1);
      c1.val[k] = vzip2q_u8 (u0, u1);
      c2.val[k] = vzip1q_u8 (u2, u3);
      c3.val[k] = vzip2q_u8 (u2, u3);
    }
  vst4q_u8 (dst, c0);
  vst4q_u8 (dst + 64, c1);
  vst4q_u8 (dst + 128, c2);
  vst4q_u8 (dst + 192, c3);
}

/* The 16 blocks at SRC through the cipher to DST (which may equal
   SRC), D = 1 encrypting and -1 decrypting, as camellia_crypt1 in
   camellia.c runs the rounds: A the left half, B the right, in
   ShiftRows order, each off by the constants the schedule defers until
   the FL layer or the output.  */
INLINE void
camellia_crypt16 (const void *ctx, byte *dst, const byte *src, int d)
{
  unsigned int ngroups = CAM_ROUNDS (ctx) / 6;
  const u32 *kp = CAM_SCHED (ctx) + (d < 0 ? CAM_WORDS : 0);
  v128 r[16], a[8], b[8], kv[8], sr;
  int i;

  DECLARE_TABLES;
  load16 (r, src);
  sr = TBL (SHIFT_ROWS);
#pragma GCC unroll 8
  for (i = 0; i < 8; i++)
    {
      a[i] = r[i];
      b[i] = vqtbl1q_u8 (r[i + 8], sr);
    }

  for (;;)
    {
      ROUND (a, b, E);
      ROUND (b, a, D);
      ROUND (a, b, E);
      ROUND (b, a, D);
      ROUND (a, b, E);
      ROUND (b, a, D);
      if (!--ngroups)
        break;
      KEY8 (kp, kv);
#pragma GCC unroll 8
      for (i = 0; i < 8; i++)
        a[i] = XOR (a[i], kv[i]);
      KEY8 (kp, kv);
      FL_AND_ROL (a, kv);
      FL_OR (a, kv);
      KEY8 (kp, kv);
#pragma GCC unroll 8
      for (i = 0; i < 8; i++)
        b[i] = XOR (b[i], kv[i]);
      KEY8 (kp, kv);
      FL_OR (b, kv);
      FL_AND_ROL (b, kv);
    }

  KEY8 (kp, kv);
  sr = TBL (INV_SHIFT_ROWS);
#pragma GCC unroll 8
  for (i = 0; i < 8; i++)
    r[i] = XOR (vqtbl1q_u8 (b[i], sr), kv[i]);
  KEY8 (kp, kv);
#pragma GCC unroll 8
  for (i = 0; i < 8; i++)
    r[i + 8] = XOR (a[i], kv[i]);
  store16 (dst, r);
}

static void __attribute__ ((noinline, optimize ("no-schedule-insns")))
camellia_enc16 (const void *ctx, byte *dst, const byte *src)
{
  camellia_crypt16 (ctx, dst, src, 1);
}

static void __attribute__ ((noinline, optimize ("no-schedule-insns")))
camellia_dec16 (const void *ctx, byte *dst, const byte *src)
{
  camellia_crypt16 (ctx, dst, src, -1);
}

/* Before returning, each kernel zeroes the SIMD registers that may hold
   key or data: the compiler allocates the caller-saved V0-V7 and
   V16-V31 first; where it took D8-D15 too, its epilogue restored them
   (they then held the caller's values).  */
#define CLEAR_REGS()                                                    \
  __asm__ volatile ("movi v0.16b, 0\n\tmovi v1.16b, 0\n\t"              \
                    "movi v2.16b, 0\n\tmovi v3.16b, 0\n\t"              \
                    "movi v4.16b, 0\n\tmovi v5.16b, 0\n\t"              \
                    "movi v6.16b, 0\n\tmovi v7.16b, 0\n\t"              \
                    "movi v16.16b, 0\n\tmovi v17.16b, 0\n\t"            \
                    "movi v18.16b, 0\n\tmovi v19.16b, 0\n\t"            \
                    "movi v20.16b, 0\n\tmovi v21.16b, 0\n\t"            \
                    "movi v22.16b, 0\n\tmovi v23.16b, 0\n\t"            \
                    "movi v24.16b, 0\n\tmovi v25.16b, 0\n\t"            \
                    "movi v26.16b, 0\n\tmovi v27.16b, 0\n\t"            \
                    "movi v28.16b, 0\n\tmovi v29.16b, 0\n\t"            \
                    "movi v30.16b, 0\n\tmovi v31.16b, 0"                \
                    ::: "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", \
                      "v16", "v17", "v18", "v19", "v20", "v21", "v22",  \
                      "v23", "v24", "v25", "v26", "v27", "v28", "v29",  \
                      "v30", "v31", "memory")

typedef void (*crypt16_fn) (const void *, byte *, const byte *);

/* The blocks of a short run go through BUF, the lanes past them
   zeroed; a whole group goes straight from IN to OUT.  */
static void
crypt_blocks (crypt16_fn fn, const void *ctx, byte *out, const byte *in,
              size_t nblocks)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));

  if (nblocks == 16)
    fn (ctx, out, in);
  else
    {
      memcpy (buf, in, 16 * nblocks);
      memset (buf + 16 * nblocks, 0, 16 * (16 - nblocks));
      fn (ctx, buf, buf);
      memcpy (out, buf, 16 * nblocks);
      wipememory (buf, sizeof buf);
    }
  CLEAR_REGS ();
}

void
_bcry_camellia_neon_enc_blk16 (const void *ctx, byte *out, const byte *in,
                               size_t nblocks)
{
  crypt_blocks (camellia_enc16, ctx, out, in, nblocks);
}

void
_bcry_camellia_neon_dec_blk16 (const void *ctx, byte *out, const byte *in,
                               size_t nblocks)
{
  crypt_blocks (camellia_dec16, ctx, out, in, nblocks);
}

/* The 128-bit big-endian counter as two native 64-bit lanes, high half
   first: no run the kernel gets wraps the low half, so adding to the
   low lane is the 128-bit increment.  */
void
_bcry_camellia_neon_ctr_enc_blk16 (const void *ctx, byte *ctr, byte *out,
                                   const byte *in, size_t nblocks)
{
  static const u64 one[2] = { 0, 1 };
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  uint64x2_t c = vreinterpretq_u64_u8 (vrev64q_u8 (LD (ctr)));
  uint64x2_t inc = vld1q_u64 (one);
  size_t i;

  for (i = 0; i < 16; i++)
    {
      ST (buf + 16 * i, vrev64q_u8 (vreinterpretq_u8_u64 (c)));
      if (i < nblocks)
        c = vaddq_u64 (c, inc);
    }
  camellia_enc16 (ctx, buf, buf);
  for (i = 0; i < nblocks; i++)
    ST (out + 16 * i, XOR (LD (buf + 16 * i), LD (in + 16 * i)));
  ST (ctr, vrev64q_u8 (vreinterpretq_u8_u64 (c)));
  wipememory (buf, sizeof buf);
  CLEAR_REGS ();
}

/* GCM-SIV's counter: the first 32-bit lane, little-endian, wraps
   alone.  */
void
_bcry_camellia_neon_ctr32le_enc_blk16 (const void *ctx, byte *ctr,
                                       byte *out, const byte *in,
                                       size_t nblocks)
{
  static const u32 one[4] = { 1 };
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  uint32x4_t c = vreinterpretq_u32_u8 (LD (ctr));
  uint32x4_t inc = vld1q_u32 (one);
  size_t i;

  for (i = 0; i < 16; i++)
    {
      ST (buf + 16 * i, vreinterpretq_u8_u32 (c));
      if (i < nblocks)
        c = vaddq_u32 (c, inc);
    }
  camellia_enc16 (ctx, buf, buf);
  for (i = 0; i < nblocks; i++)
    ST (out + 16 * i, XOR (LD (buf + 16 * i), LD (in + 16 * i)));
  ST (ctr, vreinterpretq_u8_u32 (c));
  wipememory (buf, sizeof buf);
  CLEAR_REGS ();
}

/* P_i = D(C_i) ^ C_i-1, stored last block first so that each C_i-1 is
   read before P_i-1 may overwrite it (OUT == IN).  */
void
_bcry_camellia_neon_cbc_dec_blk16 (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  v128 next = LD (in + 16 * (nblocks - 1));
  size_t i;

  memcpy (buf, in, 16 * nblocks);
  memset (buf + 16 * nblocks, 0, 16 * (16 - nblocks));
  camellia_dec16 (ctx, buf, buf);
  for (i = nblocks - 1; i > 0; i--)
    ST (out + 16 * i, XOR (LD (buf + 16 * i), LD (in + 16 * (i - 1))));
  ST (out, XOR (LD (buf), LD (iv)));
  ST (iv, next);
  wipememory (buf, sizeof buf);
  CLEAR_REGS ();
}

/* P_i = E(C_i-1) ^ C_i; each C_i is read before P_i is stored.  */
void
_bcry_camellia_neon_cfb_dec_blk16 (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  v128 next = LD (in + 16 * (nblocks - 1));
  size_t i;

  memcpy (buf, iv, 16);
  memcpy (buf + 16, in, 16 * (nblocks - 1));
  memset (buf + 16 * nblocks, 0, 16 * (16 - nblocks));
  camellia_enc16 (ctx, buf, buf);
  for (i = 0; i < nblocks; i++)
    ST (out + 16 * i, XOR (LD (buf + 16 * i), LD (in + 16 * i)));
  ST (iv, next);
  wipememory (buf, sizeof buf);
  CLEAR_REGS ();
}

/* T * x in GF(2^128), T little-endian (IEEE 1619): each 64-bit lane
   shifts left by one, the bit leaving the low lane enters the high one
   and the bit leaving the high one comes back as 0x87, selected by
   masks.  */
INLINE v128
xts_mul_x (v128 t)
{
  static const u64 poly[2] = { 0x87, 1 };
  int64x2_t s = vreinterpretq_s64_u8 (t);
  int64x2_t m = vshrq_n_s64 (s, 63);

  m = vextq_s64 (m, m, 1);
  return vreinterpretq_u8_s64
    (veorq_s64 (vshlq_n_s64 (s, 1),
                vandq_s64 (m, vreinterpretq_s64_u64 (vld1q_u64 (poly)))));
}

/* OUT_i = E(IN_i ^ T_i) ^ T_i (D decrypting), T_i+1 = T_i * x.  */
void
_bcry_camellia_neon_xts_crypt_blk16 (const void *ctx, byte *tweak,
                                     byte *out, const byte *in,
                                     size_t nblocks, int encrypt)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  byte w[16 * 16] __attribute__ ((aligned (16)));
  v128 t = LD (tweak);
  size_t i;

  for (i = 0; i < nblocks; i++)
    {
      ST (w + 16 * i, t);
      ST (buf + 16 * i, XOR (LD (in + 16 * i), t));
      t = xts_mul_x (t);
    }
  memset (buf + 16 * nblocks, 0, 16 * (16 - nblocks));
  (encrypt ? camellia_enc16 : camellia_dec16) (ctx, buf, buf);
  for (i = 0; i < nblocks; i++)
    ST (out + 16 * i, XOR (LD (buf + 16 * i), LD (w + 16 * i)));
  ST (tweak, t);
  wipememory (buf, sizeof buf);
  wipememory (w, sizeof w);
  CLEAR_REGS ();
}

/* Offset_i = Offset_i-1 ^ L_ntz(i), i counting from ST->blkn + 1.  */
INLINE v128
ocb_next (bulk_ocb_state_t *st, v128 o)
{
  return XOR (o, LD (st->L[__builtin_ctzll (++st->blkn)]));
}

/* RFC 7253, 4.2: C_i = Offset_i ^ E(P_i ^ Offset_i), the checksum over
   the plaintext.  */
void
_bcry_camellia_neon_ocb_crypt_blk16 (const void *ctx, bulk_ocb_state_t *st,
                                     byte *out, const byte *in,
                                     size_t nblocks, int encrypt)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  byte w[16 * 16] __attribute__ ((aligned (16)));
  v128 o = LD (st->offset), sum = LD (st->checksum), x;
  size_t i;

  for (i = 0; i < nblocks; i++)
    {
      o = ocb_next (st, o);
      ST (w + 16 * i, o);
      x = LD (in + 16 * i);
      if (encrypt)
        sum = XOR (sum, x);
      ST (buf + 16 * i, XOR (x, o));
    }
  memset (buf + 16 * nblocks, 0, 16 * (16 - nblocks));
  (encrypt ? camellia_enc16 : camellia_dec16) (ctx, buf, buf);
  for (i = 0; i < nblocks; i++)
    {
      x = XOR (LD (buf + 16 * i), LD (w + 16 * i));
      if (!encrypt)
        sum = XOR (sum, x);
      ST (out + 16 * i, x);
    }
  ST (st->offset, o);
  ST (st->checksum, sum);
  wipememory (buf, sizeof buf);
  wipememory (w, sizeof w);
  CLEAR_REGS ();
}

/* RFC 7253, 4.1: Sum ^= E(A_i ^ Offset_i).  */
void
_bcry_camellia_neon_ocb_auth_blk16 (const void *ctx, bulk_ocb_state_t *st,
                                    const byte *abuf, size_t nblocks)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  v128 o = LD (st->offset), sum = LD (st->checksum);
  size_t i;

  for (i = 0; i < nblocks; i++)
    {
      o = ocb_next (st, o);
      ST (buf + 16 * i, XOR (LD (abuf + 16 * i), o));
    }
  memset (buf + 16 * nblocks, 0, 16 * (16 - nblocks));
  camellia_enc16 (ctx, buf, buf);
  for (i = 0; i < nblocks; i++)
    sum = XOR (sum, LD (buf + 16 * i));
  ST (st->offset, o);
  ST (st->checksum, sum);
  wipememory (buf, sizeof buf);
  CLEAR_REGS ();
}

/* Byte J (0 the most significant) of V in each byte of a word.  */
static u32
sched_byte (u64 v, unsigned int j)
{
  return 0x01010101u * (u32) ((v >> (56 - 8 * j)) & 0xff);
}

/* The round key of AESE (E) or AESD (D) for the half whose pending
   constant is V: the linear part of each byte's affine map before the
   S-box applied to the byte of V, as the map turns Y ^ V into its
   image of Y xored with that.  */
static u32 *
sched_aes (u32 *out, u64 v, unsigned int pre123, unsigned int pre4)
{
  unsigned int j;

  for (j = 0; j < 8; j++)
    {
      const byte *t = cam_tables[j == 3 || j == 6 ? pre4 : pre123];
      u32 x = sched_byte (v, j) & 0xff;

      *out++ = 0x01010101u * (u32) (t[x & 15] ^ t[16 + (x >> 4)]
                                    ^ t[0] ^ t[16]);
    }
  return out;
}

static u32 *
sched_put (u32 *out, u64 v)
{
  unsigned int j;

  for (j = 0; j < 8; j++)
    *out++ = sched_byte (v, j);
  return out;
}

/* What camellia_crypt16 reads, for NGROUPS groups of six rounds, from
   the masked schedule KEY of camellia.c (each round X ^= F' (Y) ^ K_i):
   the kernels leave out the xor with K_i, so that each half carries the
   sum of the constants it missed, and add it where it is needed:
   before an S-box through the round key of AESE or AESD (a constant on
   the input of an affine map is a constant on its output), and to the
   halves before FL and FL^-1 and at the output, which are not linear.
   That saves the eight xors of every round for eight of each half per
   group.  One sequence per direction, CAM_WORDS words each, the
   second for decryption (the schedule read backwards): per group the
   round keys of its six rounds, then, but after the last group, the
   left half's constant, FL's key pair, the right half's constant and
   FL^-1's key pair; after the last group, the right half's constant
   with the last pair, and the left half's.  Each byte a word of four
   copies, for LD4R.  */
void
_bcry_camellia_neon_schedule (u32 *out, const u32 *key, unsigned int ngroups)
{
  int dir;

  for (dir = 0; dir < 2; dir++)
    {
      u32 *o = out + dir * CAM_WORDS;
      int first = dir ? 8 * ngroups - 1 : 0, d = dir ? -1 : 1;
      unsigned int g, i, base = 0;
      u64 oa, ob = 0;

#define PAIR(i) (((u64) key[2 * (first + d * (int) (i))] << 32)            \
                 | key[2 * (first + d * (int) (i)) + 1])
      oa = PAIR (0);
      for (g = 0; ; g++, base += 8)
        {
          for (i = 1; i <= 6; i++)
            if (i & 1)
              {
                o = sched_aes (o, oa, PRE123_E, PRE4_E);
                ob ^= PAIR (base + i);
              }
            else
              {
                o = sched_aes (o, ob, PRE123_D, PRE4_D);
                oa ^= PAIR (base + i);
              }
          if (g == ngroups - 1)
            break;
          o = sched_put (o, oa);
          o = sched_put (o, PAIR (base + 7));
          o = sched_put (o, ob);
          o = sched_put (o, PAIR (base + 8));
          oa = ob = 0;
        }
      o = sched_put (o, ob ^ PAIR (base + 7));
      o = sched_put (o, oa);
#undef PAIR
    }
}

#ifdef __clang__
# pragma clang attribute pop
#endif

#endif /* USE_CAMELLIA_NEON */
