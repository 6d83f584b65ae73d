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
 * inversion in GF(2^8) between two affine maps: AESE (or AESD) computes
 * the inversion, with AES's own affine map and ShiftRows, and the
 * affine maps before and after it are two 16-entry nibble lookups each
 * (TBL), with the tables that camellia-simd-amd64.h derives for
 * AESENCLAST and AESDECLAST: AESE with a zero key is AESENCLAST with a
 * zero key, AESD likewise AESDECLAST.  As there, the right half lives
 * in ShiftRows order of its lanes, so that AESE on the left half lines
 * its output up with the right half and AESD on the right half lines
 * its output up with the left.  Unlike there, the round constants go
 * in through AESE's key (_bcry_camellia_neon_schedule).  The rounds are
 * in camellia-aese-neon-aarch64.S; this file has the tables, the schedule,
 * and the modes, in C with the ACLE intrinsics, which load, whiten and
 * store the blocks around one 16-block call, through a buffer on the
 * stack for runs shorter than 16.  No table index and no branch
 * depends on key or data.
 */

#include <config.h>
#include "simd-kernels.h"

#ifdef USE_CAMELLIA_NEON

#include "bufhelp.h"
#include "cipher-proto.h"

#define NEON_COMMON_CRYPTO 1
#include "neon-common-aarch64.h"

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
   TBL indices.  camellia-aese-neon-aarch64.S reads them at the byte
   offsets of this order.  */
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

/* The rounds, in camellia-aese-neon-aarch64.S: DST = E(SRC) ^ XSRC,
   16 blocks each, with the schedule SCHED of one direction
   (_bcry_camellia_neon_schedule), NGROUPS = rounds / 6; XSRC may be
   NULL, DST may equal SRC or XSRC.  */
void _bcry_camellia_neon_crypt16 (const u32 *sched, byte *dst,
                                  const byte *src, unsigned int ngroups,
                                  const byte *tables, const byte *xsrc);

/* DST = E(SRC) ^ X, or D decrypting.  */
static void
crypt16 (const void *ctx, int encrypt, byte *dst, const byte *src,
         const byte *x)
{
  _bcry_camellia_neon_crypt16 (CAM_SCHED (ctx) + (encrypt ? 0 : CAM_WORDS),
                               dst, src, CAM_ROUNDS (ctx) / 6,
                               &cam_tables[0][0], x);
}

/* A run shorter than 16 blocks goes through a buffer BUF of 16,
   which holds its NBLOCKS blocks and zeros.  Where a mode xors 16
   blocks into the output, the kernel does, and a run of 16 needs no
   buffer for its output.  */
INLINE void
pad (byte *buf, size_t nblocks)
{
  memset (buf + 16 * nblocks, 0, 16 * (16 - nblocks));
}

static void
crypt_blocks (const void *ctx, int encrypt, byte *out, const byte *in,
              size_t nblocks)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));

  if (nblocks == 16)
    crypt16 (ctx, encrypt, out, in, NULL);
  else
    {
      memcpy (buf, in, 16 * nblocks);
      pad (buf, nblocks);
      crypt16 (ctx, encrypt, buf, buf, NULL);
      memcpy (out, buf, 16 * nblocks);
      wipememory (buf, sizeof buf);
    }
  CLEAR_REGS ();
}

void
_bcry_camellia_neon_enc_blk16 (const void *ctx, byte *out, const byte *in,
                               size_t nblocks)
{
  crypt_blocks (ctx, 1, out, in, nblocks);
}

void
_bcry_camellia_neon_dec_blk16 (const void *ctx, byte *out, const byte *in,
                               size_t nblocks)
{
  crypt_blocks (ctx, 0, out, in, nblocks);
}

/* OUT = E(BUF) ^ IN for the NBLOCKS blocks of CTR or CFB, BUF holding
   the 16 inputs of the cipher (counters or ciphertext, which need no
   wiping), the keystream going through BUF for fewer than 16.  */
static void
keystream (const void *ctx, byte *buf, byte *out, const byte *in,
           size_t nblocks)
{
  size_t i;

  if (nblocks == 16)
    crypt16 (ctx, 1, out, buf, in);
  else
    {
      crypt16 (ctx, 1, buf, buf, NULL);
      for (i = 0; i < nblocks; i++)
        ST (out + 16 * i, XOR (LD (buf + 16 * i), LD (in + 16 * i)));
      wipememory (buf, 16 * 16);
    }
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
  keystream (ctx, buf, out, in, nblocks);
  ST (ctr, vrev64q_u8 (vreinterpretq_u8_u64 (c)));
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
  keystream (ctx, buf, out, in, nblocks);
  ST (ctr, vreinterpretq_u8_u32 (c));
  CLEAR_REGS ();
}

/* P_i = D(C_i) ^ C_i-1: the kernel reads all of IN before it writes
   OUT, and xors in the copy of the ciphertext one block later.  */
void
_bcry_camellia_neon_cbc_dec_blk16 (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  byte prev[16 * 16] __attribute__ ((aligned (16)));
  v128 next = LD (in + 16 * (nblocks - 1));

  memcpy (prev, iv, 16);
  memcpy (prev + 16, in, 16 * (nblocks - 1));
  if (nblocks == 16)
    crypt16 (ctx, 0, out, in, prev);
  else
    {
      memcpy (buf, in, 16 * nblocks);
      pad (buf, nblocks);
      pad (prev, nblocks);
      crypt16 (ctx, 0, buf, buf, prev);
      memcpy (out, buf, 16 * nblocks);
      wipememory (buf, sizeof buf);
    }
  ST (iv, next);
  CLEAR_REGS ();
}

/* P_i = E(C_i-1) ^ C_i; C_n is read before P_n is stored.  */
void
_bcry_camellia_neon_cfb_dec_blk16 (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks)
{
  byte buf[16 * 16] __attribute__ ((aligned (16)));
  v128 next = LD (in + 16 * (nblocks - 1));

  memcpy (buf, iv, 16);
  memcpy (buf + 16, in, 16 * (nblocks - 1));
  pad (buf, nblocks);
  keystream (ctx, buf, out, in, nblocks);
  ST (iv, next);
  CLEAR_REGS ();
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
  if (nblocks == 16)
    crypt16 (ctx, encrypt, out, buf, w);
  else
    {
      pad (buf, nblocks);
      pad (w, nblocks);
      crypt16 (ctx, encrypt, buf, buf, w);
      memcpy (out, buf, 16 * nblocks);
    }
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
  if (nblocks == 16)
    crypt16 (ctx, encrypt, out, buf, w);
  else
    {
      pad (buf, nblocks);
      pad (w, nblocks);
      crypt16 (ctx, encrypt, buf, buf, w);
      memcpy (out, buf, 16 * nblocks);
    }
  if (!encrypt)
    for (i = 0; i < nblocks; i++)
      sum = XOR (sum, LD (out + 16 * i));
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
  pad (buf, nblocks);
  crypt16 (ctx, 1, buf, buf, NULL);
  for (i = 0; i < nblocks; i++)
    sum = XOR (sum, LD (buf + 16 * i));
  ST (st->offset, o);
  ST (st->checksum, sum);
  wipememory (buf, sizeof buf);
  CLEAR_REGS ();
}

/* The eight bytes of V, the most significant first, as lanes 0-7 (and
   again 8-15).  */
INLINE v128
sched_bytes (u64 v)
{
  uint8x8_t b = vrev64_u8 (vcreate_u8 (v));

  return vcombine_u8 (b, b);
}

/* Lanes 0-7 of X, each as a word of four copies, to OUT[0..7].  */
INLINE u32 *
sched_store (u32 *out, v128 x)
{
  v128 z = vzip1q_u8 (x, x);

  vst1q_u8 ((byte *) out, vzip1q_u8 (z, z));
  vst1q_u8 ((byte *) (out + 4), vzip2q_u8 (z, z));
  return out + 8;
}

/* The affine map of the tables at T (as in cam_tables) without its
   constant, on each byte of X.  */
INLINE v128
sched_linear (v128 x, unsigned int t)
{
  return XOR (XOR (vqtbl1q_u8 (LD (cam_tables[t]),
                               vandq_u8 (x, vdupq_n_u8 (0x0f))),
                   vqtbl1q_u8 (LD (cam_tables[t + 1]), vshrq_n_u8 (x, 4))),
              vdupq_n_u8 (cam_tables[t][0] ^ cam_tables[t + 1][0]));
}

/* The round key of AESE (E) or AESD (D) for the half whose pending
   constant is V: the linear part of each byte's affine map before the
   S-box (PRE4 for bytes 3 and 6, PRE123 for the others) applied to the
   byte of V, as the map turns Y ^ V into its image of Y xored with
   that.  */
static u32 *
sched_aes (u32 *out, u64 v, unsigned int pre123, unsigned int pre4)
{
  static const byte s4[16] = { 0, 0, 0, 0xff, 0, 0, 0xff, 0 };
  v128 x = sched_bytes (v);

  return sched_store (out, vbslq_u8 (LD (s4), sched_linear (x, pre4),
                                     sched_linear (x, pre123)));
}

static u32 *
sched_put (u32 *out, u64 v)
{
  return sched_store (out, sched_bytes (v));
}

/* What _bcry_camellia_neon_crypt16 reads, for NGROUPS groups of six
   rounds, from the masked schedule KEY of camellia.c (each round
   X ^= F' (Y) ^ K_i):
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

NEON_COMMON_END

#endif /* USE_CAMELLIA_NEON */
