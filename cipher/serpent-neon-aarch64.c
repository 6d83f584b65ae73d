/* serpent-neon-aarch64.c - word-sliced Serpent on aarch64's Advanced SIMD
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Serpent (R. Anderson, E. Biham, L. Knudsen, "Serpent: A Proposal for
 * the Advanced Encryption Standard", 1998) in its bitslice form, sliced
 * across blocks as the x86-64 kernels do it: vector j of a set holds
 * word j of four blocks, one per 32-bit lane, so each gate of the
 * masked S-box circuits of serpent-sbox.h, shift or key addition acts
 * on four blocks at once.  LD4 and ST4 move four blocks between memory
 * and that layout in one instruction (the transpose the x86 code does
 * with unpacks), their single-lane forms one block, so a short run
 * loads and stores only its own blocks.  Two sets, eight blocks, are in
 * flight; NEON has no vector rotation, so each rotation is SHL and SRI.
 * Written with the ACLE intrinsics of <arm_neon.h>: the gates are one
 * instruction each whatever the register allocation, which the
 * compiler does well on 32 registers, and the S-box circuits are the C
 * module's own.  No table and no branch depends on key or data.
 */

#include <config.h>
#include "simd-kernels.h"

#ifdef USE_SERPENT_NEON

#include "bufhelp.h"
#include "serpent-neon-aarch64.h"

#include "neon-common-aarch64.h"

typedef uint32x4_t v32;
/* Words 0-3 of four blocks.  */
typedef uint32x4x4_t set_t;

#define SERPENT_SBOX_WORD v32
#include "serpent-sbox.h"


#define ROL(x, n) vsriq_n_u32 (vshlq_n_u32 ((x), (n)), (x), 32 - (n))
#define ROR(x, n) ROL ((x), 32 - (n))

/* The linear transformation of the specification, section 2, and its
   inverse.  */
#define LT(x0, x1, x2, x3)                                              \
  do                                                                    \
    {                                                                   \
      x0 = ROL (x0, 13);                                                \
      x2 = ROL (x2, 3);                                                 \
      x1 = x1 ^ x0 ^ x2;                                                \
      x3 = x3 ^ x2 ^ vshlq_n_u32 (x0, 3);                               \
      x1 = ROL (x1, 1);                                                 \
      x3 = ROL (x3, 7);                                                 \
      x0 = x0 ^ x1 ^ x3;                                                \
      x2 = x2 ^ x3 ^ vshlq_n_u32 (x1, 7);                               \
      x0 = ROL (x0, 5);                                                 \
      x2 = ROL (x2, 22);                                                \
    }                                                                   \
  while (0)

#define LT_INV(x0, x1, x2, x3)                                          \
  do                                                                    \
    {                                                                   \
      x2 = ROR (x2, 22);                                                \
      x0 = ROR (x0, 5);                                                 \
      x2 = x2 ^ x3 ^ vshlq_n_u32 (x1, 7);                               \
      x0 = x0 ^ x1 ^ x3;                                                \
      x3 = ROR (x3, 7);                                                 \
      x1 = ROR (x1, 1);                                                 \
      x3 = x3 ^ x2 ^ vshlq_n_u32 (x0, 3);                               \
      x1 = x1 ^ x0 ^ x2;                                                \
      x2 = ROR (x2, 3);                                                 \
      x0 = ROR (x0, 13);                                                \
    }                                                                   \
  while (0)

/* OP on set A and, when TWO, on set B.  */
#define ON(op)                                                          \
  do                                                                    \
    {                                                                   \
      op (a0, a1, a2, a3);                                              \
      if (two)                                                          \
        op (b0, b1, b2, b3);                                            \
    }                                                                   \
  while (0)

/* Round key I of the group at K, each word broadcast by one LD4R.  */
#define KEY(i)                                                          \
  do                                                                    \
    {                                                                   \
      set_t k_ = vld4q_dup_u32 (k[i]);                                  \
                                                                        \
      a0 ^= k_.val[0]; a1 ^= k_.val[1]; a2 ^= k_.val[2]; a3 ^= k_.val[3]; \
      if (two)                                                          \
        {                                                               \
          b0 ^= k_.val[0]; b1 ^= k_.val[1];                             \
          b2 ^= k_.val[2]; b3 ^= k_.val[3];                             \
        }                                                               \
    }                                                                   \
  while (0)

#define ENC(i) do { KEY (i); ON (SB##i); ON (LT); } while (0)
#define DEC(i) do { ON (LT_INV); ON (SI##i); KEY (i); } while (0)

/* All 32 rounds on set A and, when TWO, set B, in place, with the
   schedule of serpent.c (k[33][4] at offset 0 of CTX, masks folded in):
   rounds 8g to 8g + 7 use S-boxes 0 to 7, one group of eight a pass
   of the loop.  */
INLINE void
serpent_neon_rounds (const void *ctx, set_t *a, set_t *b, int two,
                     int decrypt)
{
  const u32 (*const keys)[4] = ctx;
  const u32 (*k)[4];
  v32 a0 = a->val[0], a1 = a->val[1], a2 = a->val[2], a3 = a->val[3];
  v32 b0 = a0, b1 = a1, b2 = a2, b3 = a3;

  if (two)
    b0 = b->val[0], b1 = b->val[1], b2 = b->val[2], b3 = b->val[3];
  if (decrypt)
    {
      k = keys + 24;
      KEY (8);
      ON (SI7);
      KEY (7);
      for (;;)
        {
          DEC (6); DEC (5); DEC (4); DEC (3); DEC (2); DEC (1); DEC (0);
          if (k == keys)
            break;
          k -= 8;
          DEC (7);
        }
    }
  else
    {
      for (k = keys; ; k += 8)
        {
          ENC (0); ENC (1); ENC (2); ENC (3); ENC (4); ENC (5); ENC (6);
          if (k == keys + 24)
            break;
          ENC (7);
        }
      KEY (7);
      ON (SB7);
      KEY (8);
    }
  a->val[0] = a0, a->val[1] = a1, a->val[2] = a2, a->val[3] = a3;
  if (two)
    b->val[0] = b0, b->val[1] = b1, b->val[2] = b2, b->val[3] = b3;
}

/* One set or two, out of line: each kernel calls these rather than
   carrying its own copy of the rounds.  */
static __attribute__ ((noinline)) void
serpent_neon_enc4 (const void *ctx, set_t *a)
{
  serpent_neon_rounds (ctx, a, a, 0, 0);
}

static __attribute__ ((noinline)) void
serpent_neon_enc8 (const void *ctx, set_t *a, set_t *b)
{
  serpent_neon_rounds (ctx, a, b, 1, 0);
}

static __attribute__ ((noinline)) void
serpent_neon_dec4 (const void *ctx, set_t *a)
{
  serpent_neon_rounds (ctx, a, a, 0, 1);
}

static __attribute__ ((noinline)) void
serpent_neon_dec8 (const void *ctx, set_t *a, set_t *b)
{
  serpent_neon_rounds (ctx, a, b, 1, 1);
}

/* The M blocks of X, 1 <= M <= 8, in one set or two.  */
INLINE void
crypt_sets (const void *ctx, set_t x[2], size_t m, int decrypt)
{
  if (m > 4)
    (decrypt ? serpent_neon_dec8 : serpent_neon_enc8) (ctx, &x[0], &x[1]);
  else
    (decrypt ? serpent_neon_dec4 : serpent_neon_enc4) (ctx, &x[0]);
}

/* M blocks at P, 1 <= M <= 4, word-sliced, lanes from M on zero.  */
INLINE set_t
load_set (const byte *p, size_t m)
{
  const u32 *w = (const u32 *) p;
  set_t s;

  if (m >= 4)
    return vld4q_u32 (w);
  s.val[0] = s.val[1] = s.val[2] = s.val[3] = vdupq_n_u32 (0);
  s = vld4q_lane_u32 (w, s, 0);
  if (m > 1)
    s = vld4q_lane_u32 (w + 4, s, 1);
  if (m > 2)
    s = vld4q_lane_u32 (w + 8, s, 2);
  return s;
}

/* Lanes 0 to M - 1 of S as blocks at P, 1 <= M <= 4.  */
INLINE void
store_set (byte *p, set_t s, size_t m)
{
  u32 *w = (u32 *) p;

  if (m >= 4)
    {
      vst4q_u32 (w, s);
      return;
    }
  vst4q_lane_u32 (w, s, 0);
  if (m > 1)
    vst4q_lane_u32 (w + 4, s, 1);
  if (m > 2)
    vst4q_lane_u32 (w + 8, s, 2);
}

/* M blocks at P, 1 <= M <= 8, into the sets X (the second only for
   M > 4), and back.  */
INLINE void
load_sets (set_t x[2], const byte *p, size_t m)
{
  x[0] = load_set (p, m);
  if (m > 4)
    x[1] = load_set (p + 64, m - 4);
}

INLINE void
store_sets (byte *p, const set_t x[2], size_t m)
{
  store_set (p, x[0], m);
  if (m > 4)
    store_set (p + 64, x[1], m - 4);
}

/* The block at FIRST, then M - 1 blocks at P, into the sets X: the
   previous ciphertext blocks of CBC and CFB decryption, FIRST the IV.  */
INLINE void
load_sets_after (set_t x[2], const byte *first, const byte *p, size_t m)
{
  const u32 *w = (const u32 *) p;
  set_t s;

  s.val[0] = s.val[1] = s.val[2] = s.val[3] = vdupq_n_u32 (0);
  s = vld4q_lane_u32 ((const u32 *) first, s, 0);
  if (m > 1)
    s = vld4q_lane_u32 (w, s, 1);
  if (m > 2)
    s = vld4q_lane_u32 (w + 4, s, 2);
  if (m > 3)
    s = vld4q_lane_u32 (w + 8, s, 3);
  x[0] = s;
  if (m > 4)
    x[1] = load_set (p + 48, m - 4);
}

/* X ^= Y on the sets of M blocks.  */
INLINE void
xor_sets (set_t x[2], const set_t y[2], size_t m)
{
  int i, j;

  for (i = 0; i < (m > 4 ? 2 : 1); i++)
    for (j = 0; j < 4; j++)
      x[i].val[j] = veorq_u32 (x[i].val[j], y[i].val[j]);
}

#define LD(p) vld1q_u8 (p)
#define ST(p, v) vst1q_u8 ((p), (v))
#define XOR(a, b) veorq_u8 ((a), (b))

/* The blocks of one pass of the rounds, two sets; M is set to those of
   the next pass.  */
#define GROUP_BLOCKS 8
#define GROUP(m, nblocks)                                               \
  ((m) = (nblocks) < GROUP_BLOCKS ? (nblocks) : GROUP_BLOCKS)

static void
serpent_neon_ecb (const void *ctx, byte *out, const byte *in,
                  size_t nblocks, int decrypt)
{
  set_t x[2];
  size_t m;

  for (; nblocks; nblocks -= m, in += 16 * m, out += 16 * m)
    {
      GROUP (m, nblocks);
      load_sets (x, in, m);
      crypt_sets (ctx, x, m, decrypt);
      store_sets (out, x, m);
    }
  wipememory (x, sizeof x);
  CLEAR_REGS ();
}

void
_bcry_serpent_neon_enc (const void *ctx, byte *out, const byte *in,
                        size_t nblocks)
{
  serpent_neon_ecb (ctx, out, in, nblocks, 0);
}

void
_bcry_serpent_neon_dec (const void *ctx, byte *out, const byte *in,
                        size_t nblocks)
{
  serpent_neon_ecb (ctx, out, in, nblocks, 1);
}

/* The counters of a group straight in the sliced layout: the high 64
   bits are the same in every block (bulkhelp.c never hands a run across
   which the low half wraps), the low 64 bits of block i are LO + i, and
   each word is loaded little-endian from big-endian bytes, so it is
   the byte-reversed half of a half.  */
INLINE void
ctr_sets (set_t x[2], u64 hi, u64 lo)
{
  static const u64 inc[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  uint64x2_t base = vdupq_n_u64 (lo);
  v32 w0 = vdupq_n_u32 (__builtin_bswap32 ((u32) (hi >> 32)));
  v32 w1 = vdupq_n_u32 (__builtin_bswap32 ((u32) hi));
  int i;

  for (i = 0; i < 2; i++)
    {
      v32 c01 = vreinterpretq_u32_u64 (vaddq_u64 (base,
                                                  vld1q_u64 (inc + 4 * i)));
      v32 c23 = vreinterpretq_u32_u64 (vaddq_u64 (base,
                                                  vld1q_u64 (inc + 4 * i
                                                             + 2)));

      x[i].val[0] = w0;
      x[i].val[1] = w1;
      x[i].val[2] = vreinterpretq_u32_u8
        (vrev32q_u8 (vreinterpretq_u8_u32 (vuzp2q_u32 (c01, c23))));
      x[i].val[3] = vreinterpretq_u32_u8
        (vrev32q_u8 (vreinterpretq_u8_u32 (vuzp1q_u32 (c01, c23))));
    }
}

void
_bcry_serpent_neon_ctr_enc (const void *ctx, byte *ctr, byte *out,
                            const byte *in, size_t nblocks)
{
  u64 hi = buf_get_be64 (ctr), lo = buf_get_be64 (ctr + 8);
  set_t x[2], d[2];
  size_t m;

  for (; nblocks; nblocks -= m, in += 16 * m, out += 16 * m)
    {
      GROUP (m, nblocks);
      ctr_sets (x, hi, lo);
      crypt_sets (ctx, x, m, 0);
      load_sets (d, in, m);
      xor_sets (x, d, m);
      store_sets (out, x, m);
      lo += m;
      hi += lo < m;
    }
  buf_put_be64 (ctr, hi);
  buf_put_be64 (ctr + 8, lo);
  wipememory (x, sizeof x);
  wipememory (d, sizeof d);
  CLEAR_REGS ();
}

/* GCM-SIV's counter: the first word, little-endian, wraps alone.  */
void
_bcry_serpent_neon_ctr32le_enc (const void *ctx, byte *ctr, byte *out,
                                const byte *in, size_t nblocks)
{
  static const u32 inc[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  u32 c = buf_get_le32 (ctr);
  set_t x[2], d[2];
  size_t m;
  int i, j;

  for (; nblocks; nblocks -= m, in += 16 * m, out += 16 * m)
    {
      GROUP (m, nblocks);
      for (i = 0; i < 2; i++)
        {
          x[i].val[0] = vaddq_u32 (vdupq_n_u32 (c), vld1q_u32 (inc + 4 * i));
          for (j = 1; j < 4; j++)
            x[i].val[j] = vld1q_dup_u32 ((const u32 *) ctr + j);
        }
      crypt_sets (ctx, x, m, 0);
      load_sets (d, in, m);
      xor_sets (x, d, m);
      store_sets (out, x, m);
      c += m;
    }
  buf_put_le32 (ctr, c);
  wipememory (x, sizeof x);
  wipememory (d, sizeof d);
  CLEAR_REGS ();
}

/* P_i = D(C_i) ^ C_i-1.  Every ciphertext block a group needs is read
   before its plaintext is stored, as OUT may be IN.  */
void
_bcry_serpent_neon_cbc_dec (const void *ctx, byte *iv, byte *out,
                            const byte *in, size_t nblocks)
{
  set_t x[2], d[2];
  uint8x16_t last;
  size_t m;

  for (; nblocks; nblocks -= m, in += 16 * m, out += 16 * m)
    {
      GROUP (m, nblocks);
      load_sets (x, in, m);
      load_sets_after (d, iv, in, m);
      last = LD (in + 16 * (m - 1));
      crypt_sets (ctx, x, m, 1);
      xor_sets (x, d, m);
      store_sets (out, x, m);
      ST (iv, last);
    }
  wipememory (x, sizeof x);
  wipememory (d, sizeof d);
  CLEAR_REGS ();
}

/* P_i = E(C_i-1) ^ C_i.  */
void
_bcry_serpent_neon_cfb_dec (const void *ctx, byte *iv, byte *out,
                            const byte *in, size_t nblocks)
{
  set_t x[2], d[2];
  uint8x16_t last;
  size_t m;

  for (; nblocks; nblocks -= m, in += 16 * m, out += 16 * m)
    {
      GROUP (m, nblocks);
      load_sets_after (x, iv, in, m);
      load_sets (d, in, m);
      last = LD (in + 16 * (m - 1));
      crypt_sets (ctx, x, m, 0);
      xor_sets (x, d, m);
      store_sets (out, x, m);
      ST (iv, last);
    }
  wipememory (x, sizeof x);
  wipememory (d, sizeof d);
  CLEAR_REGS ();
}

/* The whitening of XTS and OCB, OUT = E(IN ^ W) ^ W on a group of M
   blocks, the M blocks of W (tweaks or offsets) staged in memory, where
   LD4 slices them as it slices the data.  */
INLINE void
whiten_group (const void *ctx, byte *out, const byte *in, const byte *w,
              size_t m, int decrypt, set_t x[2], set_t d[2])
{
  load_sets (x, in, m);
  load_sets (d, w, m);
  xor_sets (x, d, m);
  crypt_sets (ctx, x, m, decrypt);
  xor_sets (x, d, m);
  store_sets (out, x, m);
}

void
_bcry_serpent_neon_xts_crypt (const void *ctx, byte *tweak, byte *out,
                              const byte *in, size_t nblocks, int encrypt)
{
  byte w[GROUP_BLOCKS][16] BCRY_ALIGN (16);
  uint8x16_t t = LD (tweak);
  set_t x[2], d[2];
  size_t m, i;

  for (; nblocks; nblocks -= m, in += 16 * m, out += 16 * m)
    {
      GROUP (m, nblocks);
      for (i = 0; i < m; i++)
        {
          ST (w[i], t);
          t = xts_mul_x (t);
        }
      whiten_group (ctx, out, in, w[0], m, !encrypt, x, d);
    }
  ST (tweak, t);
  wipememory (w, sizeof w);
  wipememory (x, sizeof x);
  wipememory (d, sizeof d);
  CLEAR_REGS ();
}

/* Offset_i = Offset_i-1 ^ L_ntz(i), i counting from ST->blkn + 1.  */
INLINE uint8x16_t
ocb_next (bulk_ocb_state_t *st, uint8x16_t o)
{
  return XOR (o, LD (st->L[__builtin_ctzll (++st->blkn)]));
}

/* RFC 7253, 4.2: C_i = Offset_i ^ E(P_i ^ Offset_i), the checksum over
   the plaintext, read from IN before encryption and from OUT after
   decryption.  */
void
_bcry_serpent_neon_ocb_crypt (const void *ctx, bulk_ocb_state_t *st,
                              byte *out, const byte *in, size_t nblocks,
                              int encrypt)
{
  byte w[GROUP_BLOCKS][16] BCRY_ALIGN (16);
  uint8x16_t o = LD (st->offset), sum = LD (st->checksum);
  set_t x[2], d[2];
  size_t m, i;

  for (; nblocks; nblocks -= m, in += 16 * m, out += 16 * m)
    {
      GROUP (m, nblocks);
      for (i = 0; i < m; i++)
        {
          o = ocb_next (st, o);
          ST (w[i], o);
          if (encrypt)
            sum = XOR (sum, LD (in + 16 * i));
        }
      whiten_group (ctx, out, in, w[0], m, !encrypt, x, d);
      if (!encrypt)
        for (i = 0; i < m; i++)
          sum = XOR (sum, LD (out + 16 * i));
    }
  ST (st->offset, o);
  ST (st->checksum, sum);
  wipememory (w, sizeof w);
  wipememory (x, sizeof x);
  wipememory (d, sizeof d);
  CLEAR_REGS ();
}

/* RFC 7253, 4.1: Sum ^= E(A_i ^ Offset_i); the encrypted blocks go
   through W, where the offsets were.  */
void
_bcry_serpent_neon_ocb_auth (const void *ctx, bulk_ocb_state_t *st,
                             const byte *abuf, size_t nblocks)
{
  byte w[GROUP_BLOCKS][16] BCRY_ALIGN (16);
  uint8x16_t o = LD (st->offset), sum = LD (st->checksum);
  set_t x[2], d[2];
  size_t m, i;

  for (; nblocks; nblocks -= m, abuf += 16 * m)
    {
      GROUP (m, nblocks);
      for (i = 0; i < m; i++)
        {
          o = ocb_next (st, o);
          ST (w[i], o);
        }
      load_sets (x, abuf, m);
      load_sets (d, w[0], m);
      xor_sets (x, d, m);
      crypt_sets (ctx, x, m, 0);
      store_sets (w[0], x, m);
      for (i = 0; i < m; i++)
        sum = XOR (sum, LD (w[i]));
    }
  ST (st->offset, o);
  ST (st->checksum, sum);
  wipememory (w, sizeof w);
  wipememory (x, sizeof x);
  wipememory (d, sizeof d);
  CLEAR_REGS ();
}

#endif /* USE_SERPENT_NEON */
