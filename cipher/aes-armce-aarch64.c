/* aes-armce-aarch64.c - AES with the ARMv8 crypto extension
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * FIPS 197 AES on aarch64's AESE/AESMC and AESD/AESIMC (Arm Architecture
 * Reference Manual, "Cryptographic Extension"), written with the ACLE
 * intrinsics of <arm_neon.h> so that the compiler allocates the 32 SIMD
 * registers and keeps each AESE next to its AESMC, the pair that cores
 * fuse.  AESE adds its round key before SubBytes and ShiftRows, so the
 * cipher is AESE+AESMC with K_0..K_nr-2, AESE with K_nr-1, then EOR K_nr;
 * AESD/AESIMC run the equivalent inverse cipher of FIPS 197 section
 * 5.3.5 on AES_context's dkey the same way.  AES_context keeps its round
 * keys as little-endian columns, which on a little-endian aarch64 is the
 * byte order of the state, so a key loads with one LD1.  The parallel
 * kernels keep eight states and apply each round key to all of them,
 * hiding the latency of the round instructions; the serial ones (CBC and
 * CFB encryption, OFB, CCM/EAX's mac_ctr) fold the next input into the
 * last round key so that the chain between blocks is the rounds alone.
 * No table and no branch depends on key or data.
 */

#include <config.h>
#include "simd-kernels.h"

#ifdef USE_AES_ARMCE

#include "bufhelp.h"
#include "cipher-proto.h"
#include "aes-armce-aarch64.h"

#define NEON_COMMON_CRYPTO 1
#include "neon-common-aarch64.h"
#include "ghash-pmull-aarch64.h"

#define AES_EKEY(ctx) ((const byte *)(ctx) + AES_CTX_EKEY)
#define AES_DKEY(ctx) ((const byte *)(ctx) + AES_CTX_DKEY)
#define AES_ROUNDS(ctx) (*(const unsigned int *)((const byte *)(ctx)     \
                                                 + AES_CTX_ROUNDS))

/* The round keys of one direction, at RK, as local variables, so that
   the compiler keeps them in registers: K_0..K_12 (those past the
   rounds are read but unused) and the last two, K_nr-1 and K_nr, apart,
   so that every index is a constant.  */
#define DECLARE_KEYS(rk, rounds)                                        \
  const byte *rk_ = (rk);                                               \
  const unsigned int nr = (rounds);                                     \
  const v128 k0 = vld1q_u8 (rk_), k1 = vld1q_u8 (rk_ + 16),             \
    k2 = vld1q_u8 (rk_ + 32), k3 = vld1q_u8 (rk_ + 48),                 \
    k4 = vld1q_u8 (rk_ + 64), k5 = vld1q_u8 (rk_ + 80),                 \
    k6 = vld1q_u8 (rk_ + 96), k7 = vld1q_u8 (rk_ + 112),                \
    k8 = vld1q_u8 (rk_ + 128), k9 = vld1q_u8 (rk_ + 144),               \
    k10 = vld1q_u8 (rk_ + 160), k11 = vld1q_u8 (rk_ + 176),             \
    k12 = vld1q_u8 (rk_ + 192), kpen = vld1q_u8 (rk_ + 16 * (nr - 1)),  \
    klast = vld1q_u8 (rk_ + 16 * nr)

/* Every loop over the eight states must be unrolled, so that each
   state has a register of its own: left as a loop, GCC at -O2 keeps the
   array on the stack and runs a round as load, AESE, AESMC, store.  */
#define UNROLL _Pragma ("GCC unroll 8")

#define LD(p) vld1q_u8 (p)
#define ST(p, v) vst1q_u8 ((p), (v))
#define XOR(a, b) veorq_u8 ((a), (b))

/* One full round (AESE+AESMC or AESD+AESIMC) with KEY on the N states of
   the array B.  */
#define ROUND_E(b, n, key)                                              \
  do { int i_; UNROLL for (i_ = 0; i_ < (n); i_++)                      \
      b[i_] = vaesmcq_u8 (vaeseq_u8 (b[i_], (key))); } while (0)
#define ROUND_D(b, n, key)                                              \
  do { int i_; UNROLL for (i_ = 0; i_ < (n); i_++)                      \
      b[i_] = vaesimcq_u8 (vaesdq_u8 (b[i_], (key))); } while (0)

/* The whole cipher on N states with the keys of DECLARE_KEYS, the last
   EOR with LASTKEY (K_nr, or K_nr with something folded in).  */
#define CIPHER(b, n, E, lastkey)                                        \
  do {                                                                  \
    int i_;                                                             \
    ROUND_##E (b, n, k0); ROUND_##E (b, n, k1); ROUND_##E (b, n, k2);   \
    ROUND_##E (b, n, k3); ROUND_##E (b, n, k4); ROUND_##E (b, n, k5);   \
    ROUND_##E (b, n, k6); ROUND_##E (b, n, k7); ROUND_##E (b, n, k8);   \
    if (nr > 10)                                                        \
      {                                                                 \
        ROUND_##E (b, n, k9); ROUND_##E (b, n, k10);                    \
        if (nr > 12)                                                    \
          {                                                             \
            ROUND_##E (b, n, k11); ROUND_##E (b, n, k12);               \
          }                                                             \
      }                                                                 \
    UNROLL for (i_ = 0; i_ < (n); i_++)                                 \
      b[i_] = XOR (LAST_##E (b[i_], kpen), (lastkey));                  \
  } while (0)
#define LAST_E(s, k) vaeseq_u8 ((s), (k))
#define LAST_D(s, k) vaesdq_u8 ((s), (k))


#define ENC8(b) CIPHER (b, 8, E, klast)
#define DEC8(b) CIPHER (b, 8, D, klast)
#define ENC1(b) CIPHER (b, 1, E, klast)
#define DEC1(b) CIPHER (b, 1, D, klast)

void
_bcry_aes_armce_enc (const void *ctx, byte *out, const byte *in,
                     size_t nblocks)
{
  v128 b[8];
  int i;

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        b[i] = LD (in + 16 * i);
      ENC8 (b);
      UNROLL
      for (i = 0; i < 8; i++)
        ST (out + 16 * i, b[i]);
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      b[0] = LD (in);
      ENC1 (b);
      ST (out, b[0]);
    }
  CLEAR_REGS ();
}

void
_bcry_aes_armce_dec (const void *ctx, byte *out, const byte *in,
                     size_t nblocks)
{
  v128 b[8];
  int i;

  DECLARE_KEYS (AES_DKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        b[i] = LD (in + 16 * i);
      DEC8 (b);
      UNROLL
      for (i = 0; i < 8; i++)
        ST (out + 16 * i, b[i]);
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      b[0] = LD (in);
      DEC1 (b);
      ST (out, b[0]);
    }
  CLEAR_REGS ();
}

/* The counter as two native 64-bit lanes, high half first: bulkhelp.c
   never hands a run across which the low half wraps, so adding to the
   low lane is the 128-bit increment.  */
INLINE uint64x2_t
ctr_to_lanes (v128 c)
{
  return vreinterpretq_u64_u8 (vrev64q_u8 (c));
}

INLINE v128
lanes_to_ctr (uint64x2_t c)
{
  return vrev64q_u8 (vreinterpretq_u8_u64 (c));
}

void
_bcry_aes_armce_ctr_enc (const void *ctx, byte *ctr, byte *out,
                         const byte *in, size_t nblocks)
{
  static const u64 inc[8][2] =
    { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 },
      { 0, 4 }, { 0, 5 }, { 0, 6 }, { 0, 7 } };
  uint64x2_t c = ctr_to_lanes (LD (ctr));
  v128 b[8];
  int i;

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        b[i] = lanes_to_ctr (vaddq_u64 (c, vld1q_u64 (inc[i])));
      c = vaddq_u64 (c, vld1q_u64 (inc[7]));
      c = vaddq_u64 (c, vld1q_u64 (inc[1]));
      ENC8 (b);
      UNROLL
      for (i = 0; i < 8; i++)
        ST (out + 16 * i, XOR (b[i], LD (in + 16 * i)));
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      b[0] = lanes_to_ctr (c);
      ENC1 (b);
      c = vaddq_u64 (c, vld1q_u64 (inc[1]));
      ST (out, XOR (b[0], LD (in)));
    }
  ST (ctr, lanes_to_ctr (c));
  CLEAR_REGS ();
}

/* GCM-SIV's counter: the first 32-bit lane, little-endian, wraps alone.  */
void
_bcry_aes_armce_ctr32le_enc (const void *ctx, byte *ctr, byte *out,
                             const byte *in, size_t nblocks)
{
  static const u32 inc[8][4] =
    { { 0 }, { 1 }, { 2 }, { 3 }, { 4 }, { 5 }, { 6 }, { 7 } };
  uint32x4_t c = vreinterpretq_u32_u8 (LD (ctr));
  v128 b[8];
  int i;

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        b[i] = vreinterpretq_u8_u32 (vaddq_u32 (c, vld1q_u32 (inc[i])));
      c = vaddq_u32 (c, vld1q_u32 (inc[7]));
      c = vaddq_u32 (c, vld1q_u32 (inc[1]));
      ENC8 (b);
      UNROLL
      for (i = 0; i < 8; i++)
        ST (out + 16 * i, XOR (b[i], LD (in + 16 * i)));
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      b[0] = vreinterpretq_u8_u32 (c);
      ENC1 (b);
      c = vaddq_u32 (c, vld1q_u32 (inc[1]));
      ST (out, XOR (b[0], LD (in)));
    }
  ST (ctr, vreinterpretq_u8_u32 (c));
  CLEAR_REGS ();
}

/* GCM's counter C as the lanes of ctr_to_lanes, or GCM-SIV's (SIV set)
   as stored, its first 32-bit lane the count: C plus ONE, and C's
   counter block.  */
INLINE v128
gcm_ctr_next (v128 c, v128 one, int siv)
{
  if (siv)
    return vreinterpretq_u8_u32 (vaddq_u32 (vreinterpretq_u32_u8 (c),
                                            vreinterpretq_u32_u8 (one)));
  return vreinterpretq_u8_u64 (vaddq_u64 (vreinterpretq_u64_u8 (c),
                                          vreinterpretq_u64_u8 (one)));
}

INLINE v128
gcm_ctr_block (v128 c, int siv)
{
  return siv ? c : lanes_to_ctr (vreinterpretq_u64_u8 (c));
}

/* Blocks 4H..4H+3 of the group, their powers and middle operands,
   loaded each just before the rounds it is hashed between, and the
   first block carrying Y.  */
#define GHASH_LOAD(h)                                                   \
  do {                                                                  \
    int i_;                                                             \
    UNROLL for (i_ = 0; i_ < 4; i_++)                                   \
      x.val[i_] = pmull_take8 (LD (hash + 64 * (h) + 16 * i_), !siv);   \
    if ((h) == 0)                                                       \
      x.val[0] = XOR (x.val[0], y);                                     \
    pw = vld1q_u8_x4 ((const byte *)&hk.pow[4 * (h)]);                  \
    md = vld1q_u8_x2 ((const byte *)&hk.mid[2 * (h)]);                  \
  } while (0)

/* Blocks 2J and 2J+1 of the group into the GHASH sums.  */
#define GHASH_PAIR(j)                                                   \
  pmull_acc2 (&acc, x.val[(j) % 2 * 2], x.val[(j) % 2 * 2 + 1],         \
              pw.val[(j) % 2 * 2], pw.val[(j) % 2 * 2 + 1],             \
              md.val[(j) % 2], !siv, (j) == 0)

/* bulk_gcm_fn_t (src/cipher-proto.h), width 0: eight counter blocks
   through the rounds of a ROUNDS-round key, and between the first five
   the GHASH of the eight blocks at HASH (pmull_acc2, two blocks at a
   time, one reduction a group).  A group reads its HASH blocks after
   the groups before it have stored their output and before it stores
   its own, so HASH may be IN when OUT is IN too; with
   BULK_GCM_HASH_OUT the first group is encrypted alone and each group
   after hashes the one before it.  Fifteen round keys, eight states and sixteen powers
   of H do not fit in the 32 registers: the keys and the powers are
   loaded each group, up to four to an LD1, the keys from the context
   and the powers from pmull_keys8's copy, which an empty asm lets
   escape so that the compiler, which must then assume the stores to
   OUT may change it, keeps the loads in the loop rather than hoisting
   them and spilling their values one at a time (it did: 319
   instructions a group where a CTR and a GHASH pass take 305).  A last
   group of fewer blocks is hashed, then encrypted a block at a time;
   with BULK_GCM_HASH_OUT encrypted, then hashed with the group before
   it.
   GH's K is filled (_bcry_ghash_need_stitch).  */
INLINE void
gcm_crypt (const void *ctx, ghash_state_t *gh, byte *ctr, byte *out,
           const byte *in, const byte *hash, size_t nblocks, int siv,
           unsigned int rounds)
{
  pmull_keys8_t hk;
  const byte *ekey = AES_EKEY (ctx);
  uint8x16x4_t x, pw, d[2], rk;
  uint8x16x2_t md;
  uint8x16x3_t rk3;
  v128 c, one, y, b[8];
  pmull_acc_t acc;
  size_t npend = 0;
  int i;

  if (!hash || hash == BULK_GCM_HASH_OUT)
    {
      size_t n = hash && nblocks > 8 ? 8 : nblocks;

      (siv ? _bcry_aes_armce_ctr32le_enc : _bcry_aes_armce_ctr_enc)
        (ctx, ctr, out, in, n);
      if (!hash)
        return;
      hash = out;
      npend = n;
      out += 16 * n;
      in += 16 * n;
      nblocks -= n;
    }
  pmull_keys8 (&hk, gh, !siv);
  __asm__ volatile ("" : : "r" (&hk) : "memory");
  if (siv)
    {
      c = LD (ctr);
      one = vreinterpretq_u8_u32 (vsetq_lane_u32 (1, vdupq_n_u32 (0), 0));
    }
  else
    {
      c = vreinterpretq_u8_u64 (ctr_to_lanes (LD (ctr)));
      one = vreinterpretq_u8_u64 (vcombine_u64 (vcreate_u64 (0),
                                                vcreate_u64 (1)));
    }
  /* Opaque, so that the counter blocks are a chain of adds of ONE, not
     adds of constants from memory.  */
  __asm__ ("" : "+w" (one));
  y = pmull_rev128 (LD (gh->y));
  if (!siv)
    y = pmull_swap64 (y);
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128, hash += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        {
          b[i] = gcm_ctr_block (c, siv);
          c = gcm_ctr_next (c, one, siv);
        }
      rk = vld1q_u8_x4 (ekey);
      GHASH_LOAD (0);
      ROUND_E (b, 8, rk.val[0]);
      GHASH_PAIR (0);
      ROUND_E (b, 8, rk.val[1]);
      GHASH_PAIR (1);
      GHASH_LOAD (1);
      ROUND_E (b, 8, rk.val[2]);
      GHASH_PAIR (2);
      ROUND_E (b, 8, rk.val[3]);
      GHASH_PAIR (3);
      rk = vld1q_u8_x4 (ekey + 64);
      ROUND_E (b, 8, rk.val[0]);
      y = pmull_acc_reduce (&acc);
      if (!siv)
        y = pmull_swap64 (y);
      ROUND_E (b, 8, rk.val[1]);
      ROUND_E (b, 8, rk.val[2]);
      ROUND_E (b, 8, rk.val[3]);
      if (rounds == 10)
        rk3 = vld1q_u8_x3 (ekey + 128);
      else
        {
          if (rounds == 12)
            {
              uint8x16x2_t rk2 = vld1q_u8_x2 (ekey + 128);

              ROUND_E (b, 8, rk2.val[0]); ROUND_E (b, 8, rk2.val[1]);
            }
          else
            {
              rk = vld1q_u8_x4 (ekey + 128);
              ROUND_E (b, 8, rk.val[0]); ROUND_E (b, 8, rk.val[1]);
              ROUND_E (b, 8, rk.val[2]); ROUND_E (b, 8, rk.val[3]);
            }
          rk3 = vld1q_u8_x3 (ekey + 16 * (rounds - 2));
        }
      ROUND_E (b, 8, rk3.val[0]);
      d[0] = vld1q_u8_x4 (in);
      d[1] = vld1q_u8_x4 (in + 64);
      UNROLL
      for (i = 0; i < 8; i++)
        ST (out + 16 * i, XOR (XOR (vaeseq_u8 (b[i], rk3.val[1]),
                                    rk3.val[2]),
                               d[i / 4].val[i % 4]));
    }
  if (!siv)
    y = pmull_swap64 (y);
  if (nblocks && !npend)
    y = pmull_sum (y, gh, hash, nblocks, siv);
  if (nblocks)
    {
      DECLARE_KEYS (ekey, rounds);

      for (i = 0; i < (int) nblocks; i++)
        {
          b[0] = gcm_ctr_block (c, siv);
          c = gcm_ctr_next (c, one, siv);
          ENC1 (b);
          ST (out + 16 * i, XOR (b[0], LD (in + 16 * i)));
        }
    }
  if (npend)
    {
      y = pmull_sum (y, gh, hash, npend, siv);
      if (nblocks)
        y = pmull_sum (y, gh, hash + 16 * npend, nblocks, siv);
    }
  vst1q_u8 (gh->y, pmull_rev128 (y));
  ST (ctr, gcm_ctr_block (c, siv));
  wipememory (&hk, sizeof hk);
  CLEAR_REGS ();
}

/* The rounds a constant in each copy of the kernel, so that AES-128's
   does not hold the keys it has no use for.  */
#define GCM_CRYPT_ROUNDS(ctx, siv, ...)                                 \
  do {                                                                  \
    unsigned int r_ = AES_ROUNDS (ctx);                                 \
    if (r_ == 10)                                                       \
      gcm_crypt ((ctx), __VA_ARGS__, (siv), 10);                        \
    else if (r_ == 12)                                                  \
      gcm_crypt ((ctx), __VA_ARGS__, (siv), 12);                        \
    else                                                                \
      gcm_crypt ((ctx), __VA_ARGS__, (siv), 14);                        \
  } while (0)

void
_bcry_aes_armce_gcm_crypt (const void *ctx, void *gh, byte *ctr, byte *out,
                           const byte *in, const byte *hash, size_t nblocks)
{
  GCM_CRYPT_ROUNDS (ctx, 0, gh, ctr, out, in, hash, nblocks);
}

void
_bcry_aes_armce_gcm_siv_crypt (const void *ctx, void *gh, byte *ctr,
                               byte *out, const byte *in, const byte *hash,
                               size_t nblocks)
{
  GCM_CRYPT_ROUNDS (ctx, 1, gh, ctr, out, in, hash, nblocks);
}

/* P_i = D(C_i) ^ C_i-1.  The plaintext of a group is stored last block
   first, so that each C_i-1 is read back from IN before P_i-1 may
   overwrite it (OUT == IN); the ciphertext is not kept in registers,
   which the round keys and the eight states fill.  */
void
_bcry_aes_armce_cbc_dec (const void *ctx, byte *iv, byte *out,
                         const byte *in, size_t nblocks)
{
  v128 prev = LD (iv), next, b[8];
  int i;

  DECLARE_KEYS (AES_DKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        b[i] = LD (in + 16 * i);
      next = b[7];
      DEC8 (b);
      UNROLL
      for (i = 7; i > 0; i--)
        ST (out + 16 * i, XOR (b[i], LD (in + 16 * (i - 1))));
      ST (out, XOR (b[0], prev));
      prev = next;
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      b[0] = next = LD (in);
      DEC1 (b);
      ST (out, XOR (b[0], prev));
      prev = next;
    }
  ST (iv, prev);
  CLEAR_REGS ();
}

/* P_i = E(C_i-1) ^ C_i; each C_i is read before P_i is stored.  */
void
_bcry_aes_armce_cfb_dec (const void *ctx, byte *iv, byte *out,
                         const byte *in, size_t nblocks)
{
  v128 prev = LD (iv), b[8];
  int i;

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      b[0] = prev;
      UNROLL
      for (i = 1; i < 8; i++)
        b[i] = LD (in + 16 * (i - 1));
      prev = LD (in + 16 * 7);
      ENC8 (b);
      UNROLL
      for (i = 0; i < 8; i++)
        ST (out + 16 * i, XOR (b[i], LD (in + 16 * i)));
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      b[0] = prev;
      prev = LD (in);
      ENC1 (b);
      ST (out, XOR (b[0], prev));
    }
  ST (iv, prev);
  CLEAR_REGS ();
}

void
_bcry_aes_armce_xts_crypt (const void *ctx, byte *tweak, byte *out,
                           const byte *in, size_t nblocks, int encrypt)
{
  v128 t = LD (tweak), w[8], b[8];
  int i;

  DECLARE_KEYS (encrypt ? AES_EKEY (ctx) : AES_DKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        {
          w[i] = t;
          t = xts_mul_x (t);
          b[i] = XOR (LD (in + 16 * i), w[i]);
        }
      if (encrypt)
        ENC8 (b);
      else
        DEC8 (b);
      UNROLL
      for (i = 0; i < 8; i++)
        ST (out + 16 * i, XOR (b[i], w[i]));
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      b[0] = XOR (LD (in), t);
      if (encrypt)
        ENC1 (b);
      else
        DEC1 (b);
      ST (out, XOR (b[0], t));
      t = xts_mul_x (t);
    }
  ST (tweak, t);
  CLEAR_REGS ();
}

/* Offset_i = Offset_i-1 ^ L_ntz(i), i counting from ST->blkn + 1.  */
INLINE v128
ocb_next (bulk_ocb_state_t *st, v128 o)
{
  return XOR (o, LD (st->L[__builtin_ctzll (++st->blkn)]));
}

/* RFC 7253, 4.2: C_i = Offset_i ^ E(P_i ^ Offset_i), the checksum over
   the plaintext.  The offsets of a group are not kept: after the
   rounds they are walked back from the last one, Offset_i-1 = Offset_i
   ^ L_ntz(i), so that the keys, the states and the running values fit
   the 32 registers without a spill to the stack.  */
void
_bcry_aes_armce_ocb_crypt (const void *ctx, bulk_ocb_state_t *st,
                           byte *out, const byte *in, size_t nblocks,
                           int encrypt)
{
  v128 o = LD (st->offset), sum = LD (st->checksum), w, b[8];
  u64 n;
  int i;

  DECLARE_KEYS (encrypt ? AES_EKEY (ctx) : AES_DKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        {
          o = ocb_next (st, o);
          b[i] = LD (in + 16 * i);
          if (encrypt)
            sum = XOR (sum, b[i]);
          b[i] = XOR (b[i], o);
        }
      if (encrypt)
        ENC8 (b);
      else
        DEC8 (b);
      for (w = o, n = st->blkn, i = 7; i >= 0; i--, n--)
        {
          b[i] = XOR (b[i], w);
          w = XOR (w, LD (st->L[__builtin_ctzll (n)]));
        }
      UNROLL
      for (i = 0; i < 8; i++)
        {
          if (!encrypt)
            sum = XOR (sum, b[i]);
          ST (out + 16 * i, b[i]);
        }
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      o = ocb_next (st, o);
      b[0] = LD (in);
      if (encrypt)
        {
          sum = XOR (sum, b[0]);
          b[0] = XOR (b[0], o);
          ENC1 (b);
          b[0] = XOR (b[0], o);
        }
      else
        {
          b[0] = XOR (b[0], o);
          DEC1 (b);
          b[0] = XOR (b[0], o);
          sum = XOR (sum, b[0]);
        }
      ST (out, b[0]);
    }
  ST (st->offset, o);
  ST (st->checksum, sum);
  CLEAR_REGS ();
}

/* RFC 7253, 4.1: Sum ^= E(A_i ^ Offset_i).  */
void
_bcry_aes_armce_ocb_auth (const void *ctx, bulk_ocb_state_t *st,
                          const byte *abuf, size_t nblocks)
{
  v128 o = LD (st->offset), sum = LD (st->checksum), b[8];
  int i;

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  for (; nblocks >= 8; nblocks -= 8, abuf += 128)
    {
      UNROLL
      for (i = 0; i < 8; i++)
        {
          o = ocb_next (st, o);
          b[i] = XOR (LD (abuf + 16 * i), o);
        }
      ENC8 (b);
      UNROLL
      for (i = 0; i < 8; i++)
        sum = XOR (sum, b[i]);
    }
  for (; nblocks; nblocks--, abuf += 16)
    {
      o = ocb_next (st, o);
      b[0] = XOR (LD (abuf), o);
      ENC1 (b);
      sum = XOR (sum, b[0]);
    }
  ST (st->offset, o);
  ST (st->checksum, sum);
  CLEAR_REGS ();
}

/* C_i = E(C_i-1 ^ P_i).  The last EOR adds K_nr ^ P_i+1, the next
   block's input, so the chain is the rounds and one EOR; the ciphertext
   block is that state ^ P_i+1, off the chain.  */
void
_bcry_aes_armce_cbc_enc (const void *ctx, byte *iv, byte *out,
                         const byte *in, size_t nblocks, int cbc_mac)
{
  v128 b[1], p, pnext, c = LD (iv);
  size_t step = cbc_mac ? 0 : 16;

  if (!nblocks)
    return;
  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  p = LD (in);
  b[0] = XOR (c, p);
  for (; nblocks; nblocks--)
    {
      in += 16;
      pnext = nblocks > 1 ? LD (in) : vdupq_n_u8 (0);
      CIPHER (b, 1, E, XOR (klast, pnext));
      c = XOR (b[0], pnext);
      ST (out, c);
      out += step;
    }
  ST (iv, c);
  CLEAR_REGS ();
}

/* C_i = P_i ^ E(C_i-1).  */
void
_bcry_aes_armce_cfb_enc (const void *ctx, byte *iv, byte *out,
                         const byte *in, size_t nblocks)
{
  v128 b[1];

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  b[0] = LD (iv);
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      CIPHER (b, 1, E, XOR (klast, LD (in)));
      ST (out, b[0]);
    }
  ST (iv, b[0]);
  CLEAR_REGS ();
}

/* O_i = E(O_i-1), C_i = P_i ^ O_i; IV keeps the last O.  */
void
_bcry_aes_armce_ofb_enc (const void *ctx, byte *iv, byte *out,
                         const byte *in, size_t nblocks)
{
  v128 b[1];

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  b[0] = LD (iv);
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      CIPHER (b, 1, E, klast);
      ST (out, XOR (b[0], LD (in)));
    }
  ST (iv, b[0]);
  CLEAR_REGS ();
}

/* OUT_j = IN_j ^ E(CTR + j), MAC = E(MAC ^ X_j), the MAC and the counter
   block side by side.  With MAC_OUT, X_j is OUT_j, which waits for the
   counter block: the MAC then runs one block behind, next to the
   following counter block, and the last MAC block alone.  The counter
   carries through all 128 bits, in scalar registers.  */
void
_bcry_aes_armce_mac_ctr (const void *ctx, byte *mac, byte *ctr, byte *out,
                         const byte *in, size_t nblocks, int mac_out)
{
  v128 b[2], x;
  u64 hi = buf_get_be64 (ctr), lo = buf_get_be64 (ctr + 8);
  int pending = 0;

  DECLARE_KEYS (AES_EKEY (ctx), AES_ROUNDS (ctx));
  b[0] = LD (mac);
  x = vdupq_n_u8 (0);
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      uint64x2_t cw = vcombine_u64 (vcreate_u64 (__builtin_bswap64 (hi)),
                                    vcreate_u64 (__builtin_bswap64 (lo)));
      v128 p = LD (in);

      hi += !++lo;
      b[1] = vreinterpretq_u8_u64 (cw);
      if (!mac_out)
        x = p;
      /* The MAC lane is always computed: while nothing is pending in
         the MAC_OUT case its result is dropped.  */
      {
        v128 save = b[0];

        b[0] = XOR (b[0], x);
        CIPHER (b, 2, E, klast);
        if (mac_out && !pending)
          b[0] = save;
      }
      b[1] = XOR (b[1], p);
      ST (out, b[1]);
      if (mac_out)
        {
          x = b[1];
          pending = 1;
        }
    }
  if (pending)
    {
      b[0] = XOR (b[0], x);
      CIPHER (b, 1, E, klast);
    }
  ST (mac, b[0]);
  buf_put_be64 (ctr, hi);
  buf_put_be64 (ctr + 8, lo);
  CLEAR_REGS ();
}

/* For the key schedule in cipher/aes.c, without its table lookups:
   SubWord is AESE with a zero key on four copies of the word (ShiftRows
   moves equal columns onto each other), InvMixColumns is AESIMC.  */
u32
_bcry_aes_armce_sub_word (u32 w)
{
  v128 s = vreinterpretq_u8_u32 (vdupq_n_u32 (w));

  s = vaeseq_u8 (s, vdupq_n_u8 (0));
  return vgetq_lane_u32 (vreinterpretq_u32_u8 (s), 0);
}

u32
_bcry_aes_armce_inv_mix_column (u32 w)
{
  v128 s = vreinterpretq_u8_u32 (vdupq_n_u32 (w));

  return vgetq_lane_u32 (vreinterpretq_u32_u8 (vaesimcq_u8 (s)), 0);
}

NEON_COMMON_END

#else /* !USE_AES_ARMCE */

/* ISO C wants a declaration in every translation unit.  */
typedef int aes_armce_unused_t;

#endif /* !USE_AES_ARMCE */
