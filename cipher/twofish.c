/* twofish.c - the Twofish block cipher in portable C
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Twofish with 128-, 192- and 256-bit keys as specified in "Twofish: A
 * 128-Bit Block Cipher" by B. Schneier, J. Kelsey, D. Whiting,
 * D. Wagner, C. Hall and N. Ferguson (AES submission, 15 June 1998).
 *
 * This is the paper's "full keying" option: setkey runs the
 * key-dependent S-boxes of g through the MDS matrix once for every
 * input byte value, giving four 256-entry tables of 32-bit words, so
 * that g in a round is four table lookups and three xors.  The last of
 * the fixed permutations q0/q1 in front of the MDS matrix is folded
 * into a constant table as well, which keeps key setup to two to four
 * byte lookups per table entry.  The fixed tables and the context are in
 * cipher/twofish-tables.h; where the CPU has GFNI, cipher/twofish-gfni.c
 * builds the key-dependent tables.
 */

#include <config.h>

#include <limits.h>
#include "bufhelp.h"
#include "cipher-proto.h"
#include "simd-kernels.h"

#ifdef __GNUC__
# define ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
# define ALWAYS_INLINE inline
#endif

#include "twofish-tables.h"
#include "twofish-gfni.h"

static inline u32
rol32 (u32 x, unsigned int n)
{
  return (x << n) | (x >> (32 - n));
}

static inline u32
ror32 (u32 x, unsigned int n)
{
  return (x >> n) | (x << (32 - n));
}

/* g (X) and g (X <<< 8) from the four tables.  The table indices are
   data and key dependent, so this code is not constant time; the
   kernels read every cache line of the tables before they start, which
   makes cache-timing attacks harder but is no guarantee.  The bytes
   that take one instruction to extract, 0 and 3, are combined first.  */
#define G0(x) ((s[0][(x) & 0xff] ^ s[3][(x) >> 24])                     \
               ^ (s[1][((x) >> 8) & 0xff] ^ s[2][((x) >> 16) & 0xff]))
#define G1(x) ((s[0][(x) >> 24] ^ s[1][(x) & 0xff])                     \
               ^ (s[2][((x) >> 8) & 0xff] ^ s[3][((x) >> 16) & 0xff]))

/* Keeps X a value of its own.  GCC's reassociation would otherwise turn
   T0 + (T1 + K) back into (T0 + T1) + K, which puts a second addition
   after the later of the two lookups.  */
#ifdef __GNUC__
# define KEEP(x) __asm__ ("" : "+r" (x))
#else
# define KEEP(x) ((void) 0)
#endif

/* One round on (A, B, C, D) = (R_0, R_1, R_2, R_3) with the round keys
   K[N] and K[N + 1].  The words are not swapped: the next round passes
   C, D as the F inputs.  The PHT is written as T0 + (T1 + K[N]) and
   T0 + (2 T1 + K[N + 1]): B leaves the round before a cycle ahead of
   A, whose new value still has its rotation to go, so T1 is ready
   first and only one addition waits for T0.  */
#define ENC_ROUND(a, b, c, d, n)                                        \
  do                                                                    \
    {                                                                   \
      u32 t1_ = G1 (b), t0_ = G0 (a);                                   \
      u32 u_ = t1_ + k[n], v_ = 2 * t1_ + k[(n) + 1];                   \
      KEEP (u_);                                                        \
      KEEP (v_);                                                        \
      (c) = ror32 ((c) ^ (t0_ + u_), 1);                                \
      (d) = rol32 ((d), 1) ^ (t0_ + v_);                                \
    }                                                                   \
  while (0)

/* The inverse of ENC_ROUND (a, b, c, d, n).  */
#define DEC_ROUND(a, b, c, d, n)                                        \
  do                                                                    \
    {                                                                   \
      u32 t0_ = G0 (a), t1_ = G1 (b);                                   \
      t0_ += t1_;                                                       \
      (c) = rol32 ((c), 1) ^ (t0_ + k[n]);                              \
      (d) = ror32 ((d) ^ (t0_ + t1_ + k[(n) + 1]), 1);                  \
    }                                                                   \
  while (0)

/* Two consecutive rounds with the round keys K[N]...K[N + 3], on one
   block and on two blocks side by side, after which the words are back
   in their places; the DEC_ forms undo them.  */
#define ENC_2ROUNDS1(a, b, c, d, n)                                     \
  do                                                                    \
    {                                                                   \
      ENC_ROUND (a, b, c, d, n);                                        \
      ENC_ROUND (c, d, a, b, (n) + 2);                                  \
    }                                                                   \
  while (0)

#define ENC_2ROUNDS2(a, b, c, d, e, f, g, h, n)                         \
  do                                                                    \
    {                                                                   \
      ENC_ROUND (a, b, c, d, n);                                        \
      ENC_ROUND (e, f, g, h, n);                                        \
      ENC_ROUND (c, d, a, b, (n) + 2);                                  \
      ENC_ROUND (g, h, e, f, (n) + 2);                                  \
    }                                                                   \
  while (0)

#define DEC_2ROUNDS1(a, b, c, d, n)                                     \
  do                                                                    \
    {                                                                   \
      DEC_ROUND (c, d, a, b, (n) + 2);                                  \
      DEC_ROUND (a, b, c, d, n);                                        \
    }                                                                   \
  while (0)

#define DEC_2ROUNDS2(a, b, c, d, e, f, g, h, n)                         \
  do                                                                    \
    {                                                                   \
      DEC_ROUND (c, d, a, b, (n) + 2);                                  \
      DEC_ROUND (g, h, e, f, (n) + 2);                                  \
      DEC_ROUND (a, b, c, d, n);                                        \
      DEC_ROUND (e, f, g, h, n);                                        \
    }                                                                   \
  while (0)

/* All sixteen rounds: M (..., n) for n = 8, 12, ..., 36, unrolled so
   that every round key is at a constant offset, and the same backwards
   for decryption.  */
#define FOR_ROUND_PAIRS(m, ...)                                         \
  do                                                                    \
    {                                                                   \
      m (__VA_ARGS__, 8); m (__VA_ARGS__, 12);                          \
      m (__VA_ARGS__, 16); m (__VA_ARGS__, 20);                         \
      m (__VA_ARGS__, 24); m (__VA_ARGS__, 28);                         \
      m (__VA_ARGS__, 32); m (__VA_ARGS__, 36);                         \
    }                                                                   \
  while (0)

#define DEC_ROUND_PAIRS(m, ...)                                         \
  do                                                                    \
    {                                                                   \
      m (__VA_ARGS__, 36); m (__VA_ARGS__, 32);                         \
      m (__VA_ARGS__, 28); m (__VA_ARGS__, 24);                         \
      m (__VA_ARGS__, 20); m (__VA_ARGS__, 16);                         \
      m (__VA_ARGS__, 12); m (__VA_ARGS__, 8);                          \
    }                                                                   \
  while (0)

/* Read the four tables, one access per 64-byte line, so that the
   lookups that follow find every line in the cache whatever their
   indices, rather than taking longer for the lines they happen to load
   first.  Four reads per pass keep the loop short next to a single
   block's work.  */
static ALWAYS_INLINE void
twofish_prefetch (const TWOFISH_context *ctx)
{
  const volatile u32 *p = &ctx->s[0][0];
  unsigned int i;

  for (i = 0; i < 4 * 256; i += 64)
    (void) (p[i] ^ p[i + 16] ^ p[i + 32] ^ p[i + 48]);
}

/* The sixteen rounds on the words A, B, C, D after the input
   whitening; the output words, before the output whitening, come out
   in C, D, A, B.  Named variables rather than an array, so that the
   serial kernels keep the chaining value in registers.  */
#define ENC_ROUNDS(a, b, c, d) FOR_ROUND_PAIRS (ENC_2ROUNDS1, a, b, c, d)

static ALWAYS_INLINE void
twofish_enc1 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  a = buf_get_le32 (in) ^ k[0];
  b = buf_get_le32 (in + 4) ^ k[1];
  c = buf_get_le32 (in + 8) ^ k[2];
  d = buf_get_le32 (in + 12) ^ k[3];
  ENC_ROUNDS (a, b, c, d);
  buf_put_le32 (out, c ^ k[4]);
  buf_put_le32 (out + 4, d ^ k[5]);
  buf_put_le32 (out + 8, a ^ k[6]);
  buf_put_le32 (out + 12, b ^ k[7]);
}

static ALWAYS_INLINE void
twofish_enc2 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d, e, f, g, h;

  a = buf_get_le32 (in) ^ k[0];
  b = buf_get_le32 (in + 4) ^ k[1];
  c = buf_get_le32 (in + 8) ^ k[2];
  d = buf_get_le32 (in + 12) ^ k[3];
  e = buf_get_le32 (in + 16) ^ k[0];
  f = buf_get_le32 (in + 20) ^ k[1];
  g = buf_get_le32 (in + 24) ^ k[2];
  h = buf_get_le32 (in + 28) ^ k[3];
  FOR_ROUND_PAIRS (ENC_2ROUNDS2, a, b, c, d, e, f, g, h);
  buf_put_le32 (out, c ^ k[4]);
  buf_put_le32 (out + 4, d ^ k[5]);
  buf_put_le32 (out + 8, a ^ k[6]);
  buf_put_le32 (out + 12, b ^ k[7]);
  buf_put_le32 (out + 16, g ^ k[4]);
  buf_put_le32 (out + 20, h ^ k[5]);
  buf_put_le32 (out + 24, e ^ k[6]);
  buf_put_le32 (out + 28, f ^ k[7]);
}

static ALWAYS_INLINE void
twofish_dec1 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  c = buf_get_le32 (in) ^ k[4];
  d = buf_get_le32 (in + 4) ^ k[5];
  a = buf_get_le32 (in + 8) ^ k[6];
  b = buf_get_le32 (in + 12) ^ k[7];
  DEC_ROUND_PAIRS (DEC_2ROUNDS1, a, b, c, d);
  buf_put_le32 (out, a ^ k[0]);
  buf_put_le32 (out + 4, b ^ k[1]);
  buf_put_le32 (out + 8, c ^ k[2]);
  buf_put_le32 (out + 12, d ^ k[3]);
}

static ALWAYS_INLINE void
twofish_dec2 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d, e, f, g, h;

  c = buf_get_le32 (in) ^ k[4];
  d = buf_get_le32 (in + 4) ^ k[5];
  a = buf_get_le32 (in + 8) ^ k[6];
  b = buf_get_le32 (in + 12) ^ k[7];
  g = buf_get_le32 (in + 16) ^ k[4];
  h = buf_get_le32 (in + 20) ^ k[5];
  e = buf_get_le32 (in + 24) ^ k[6];
  f = buf_get_le32 (in + 28) ^ k[7];
  DEC_ROUND_PAIRS (DEC_2ROUNDS2, a, b, c, d, e, f, g, h);
  buf_put_le32 (out, a ^ k[0]);
  buf_put_le32 (out + 4, b ^ k[1]);
  buf_put_le32 (out + 8, c ^ k[2]);
  buf_put_le32 (out + 12, d ^ k[3]);
  buf_put_le32 (out + 16, e ^ k[0]);
  buf_put_le32 (out + 20, f ^ k[1]);
  buf_put_le32 (out + 24, g ^ k[2]);
  buf_put_le32 (out + 28, h ^ k[3]);
}

/* Two blocks per pass: one round of a block is a chain of dependent
   loads, and the other block's round runs while it waits.  Three
   blocks measured no faster and need more registers than x86-64 has.  */
static void
twofish_c_enc_blocks (const void *context, byte *out, const byte *in,
                      size_t nblocks)
{
  const TWOFISH_context *ctx = context;

  twofish_prefetch (ctx);
  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    twofish_enc2 (ctx, out, in);
  if (nblocks)
    twofish_enc1 (ctx, out, in);
}

static void
twofish_c_dec_blocks (const void *context, byte *out, const byte *in,
                      size_t nblocks)
{
  const TWOFISH_context *ctx = context;

  twofish_prefetch (ctx);
  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    twofish_dec2 (ctx, out, in);
  if (nblocks)
    twofish_dec1 (ctx, out, in);
}

/* The serial modes, with the chaining value in registers from one
   block to the next and the tables read once per call.  The chain
   enters the rounds as A, B, C, D and leaves them as C, D, A, B,
   before the output whitening.  Between two blocks that whitening,
   the data block and the next input whitening meet the chain in one
   xor, as the rest is ready long before the rounds end: NEXT_INPUT
   takes the words M0...M3 that make up the rest.  */
#define NEXT_INPUT(a, b, c, d, m0, m1, m2, m3)                          \
  do                                                                    \
    {                                                                   \
      u32 t0_ = (c) ^ (m0), t1_ = (d) ^ (m1);                           \
      u32 t2_ = (a) ^ (m2), t3_ = (b) ^ (m3);                           \
      a = t0_, b = t1_, c = t2_, d = t3_;                               \
    }                                                                   \
  while (0)

/* The words at P, each xored with both whitenings.  */
#define DATA_W(p, i) (buf_get_le32 ((p) + 4 * (i)) ^ (k[i] ^ k[(i) + 4]))
#define W(i) (k[i] ^ k[(i) + 4])

/* OUT = the output block, whose words are C, D, A, B before the output
   whitening, xored with X0...X3.  */
#define PUT_OUTPUT(out, a, b, c, d, x0, x1, x2, x3)                     \
  do                                                                    \
    {                                                                   \
      buf_put_le32 (out, (c) ^ k[4] ^ (x0));                            \
      buf_put_le32 ((out) + 4, (d) ^ k[5] ^ (x1));                      \
      buf_put_le32 ((out) + 8, (a) ^ k[6] ^ (x2));                      \
      buf_put_le32 ((out) + 12, (b) ^ k[7] ^ (x3));                     \
    }                                                                   \
  while (0)

static void
twofish_c_cbc_enc (const void *context, byte *iv, byte *out, const byte *in,
                   size_t nblocks, int cbc_mac)
{
  const TWOFISH_context *ctx = context;
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  twofish_prefetch (ctx);
  c = buf_get_le32 (iv) ^ k[4];
  d = buf_get_le32 (iv + 4) ^ k[5];
  a = buf_get_le32 (iv + 8) ^ k[6];
  b = buf_get_le32 (iv + 12) ^ k[7];
  for (; nblocks; nblocks--, in += 16)
    {
      NEXT_INPUT (a, b, c, d, DATA_W (in, 0), DATA_W (in, 1),
                  DATA_W (in, 2), DATA_W (in, 3));
      ENC_ROUNDS (a, b, c, d);
      if (!cbc_mac)
        {
          PUT_OUTPUT (out, a, b, c, d, 0, 0, 0, 0);
          out += 16;
        }
    }
  PUT_OUTPUT (iv, a, b, c, d, 0, 0, 0, 0);
}

/* CFB and OFB encryption start from the IV as the input of the
   rounds; CFB feeds the ciphertext back, OFB the keystream.  OFB is a
   constant in each caller, so each gets its own loop.  */
static ALWAYS_INLINE void
twofish_c_feedback (const void *context, byte *iv, byte *out,
                    const byte *in, size_t nblocks, int ofb)
{
  const TWOFISH_context *ctx = context;
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  twofish_prefetch (ctx);
  a = buf_get_le32 (iv) ^ k[0];
  b = buf_get_le32 (iv + 4) ^ k[1];
  c = buf_get_le32 (iv + 8) ^ k[2];
  d = buf_get_le32 (iv + 12) ^ k[3];
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      ENC_ROUNDS (a, b, c, d);
      if (ofb)
        {
          PUT_OUTPUT (out, a, b, c, d, buf_get_le32 (in),
                      buf_get_le32 (in + 4), buf_get_le32 (in + 8),
                      buf_get_le32 (in + 12));
          NEXT_INPUT (a, b, c, d, W (0), W (1), W (2), W (3));
        }
      else
        {
          NEXT_INPUT (a, b, c, d, DATA_W (in, 0), DATA_W (in, 1),
                      DATA_W (in, 2), DATA_W (in, 3));
          buf_put_le32 (out, a ^ k[0]);
          buf_put_le32 (out + 4, b ^ k[1]);
          buf_put_le32 (out + 8, c ^ k[2]);
          buf_put_le32 (out + 12, d ^ k[3]);
        }
    }
  buf_put_le32 (iv, a ^ k[0]);
  buf_put_le32 (iv + 4, b ^ k[1]);
  buf_put_le32 (iv + 8, c ^ k[2]);
  buf_put_le32 (iv + 12, d ^ k[3]);
}

static void
twofish_c_cfb_enc (const void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks)
{
  twofish_c_feedback (ctx, iv, out, in, nblocks, 0);
}

static void
twofish_c_ofb_enc (const void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks)
{
  twofish_c_feedback (ctx, iv, out, in, nblocks, 1);
}

/* CCM's and EAX's CTR and CBC-MAC in one pass: the MAC block and a
   counter block go through twofish_enc2 together, so the counter
   blocks cost little more than the MAC's chain of lookups alone.  With
   MAC_OUT the MAC waits for the output, so it takes the block before
   the one whose keystream is computed beside it.  */
static void
twofish_c_mac_ctr (const void *context, byte *mac, byte *ctr, byte *out,
                   const byte *in, size_t nblocks, int mac_out)
{
  const TWOFISH_context *ctx = context;
  u64 hi = buf_get_be64 (ctr), lo = buf_get_be64 (ctr + 8);
  byte b[32];

  twofish_prefetch (ctx);
  if (mac_out)
    {
      buf_put_be64 (b + 16, hi);
      buf_put_be64 (b + 24, lo);
      hi += !++lo;
      twofish_enc1 (ctx, b + 16, b + 16);
      buf_xor_16 (out, in, b + 16);
      buf_xor_16 (b, mac, out);
      for (nblocks--; nblocks; nblocks--)
        {
          buf_put_be64 (b + 16, hi);
          buf_put_be64 (b + 24, lo);
          hi += !++lo;
          twofish_enc2 (ctx, b, b);
          in += 16;
          out += 16;
          buf_xor_16 (out, in, b + 16);
          buf_xor_16 (b, b, out);
        }
      twofish_enc1 (ctx, mac, b);
    }
  else
    {
      memcpy (b, mac, 16);
      for (; nblocks; nblocks--, in += 16, out += 16)
        {
          buf_xor_16 (b, b, in);
          buf_put_be64 (b + 16, hi);
          buf_put_be64 (b + 24, lo);
          hi += !++lo;
          twofish_enc2 (ctx, b, b);
          buf_xor_16 (out, in, b + 16);
        }
      memcpy (mac, b, 16);
    }
  buf_put_be64 (ctr, hi);
  buf_put_be64 (ctr + 8, lo);
  wipememory (b, sizeof b);
}

/* The assembly kernels (cipher/twofish-amd64.S,
   cipher/twofish-avx512-amd64.S, cipher/twofish-avx2-amd64.S,
   cipher/twofish-aarch64.S) read s, k, sb and tb at these offsets.  */
_Static_assert (offsetof (TWOFISH_context, s) == 0
                && offsetof (TWOFISH_context, k) == 4096
                && offsetof (TWOFISH_context, sb) == 4288
                && offsetof (TWOFISH_context, tb) == 5312,
                "twofish assembly: TWOFISH_context");

#if defined(USE_TWOFISH_AVX512) || defined(USE_TWOFISH_AVX2)

/* The kernels of ISA, N blocks wide.  */
# define TWOFISH_KERNELS(isa, n)                                        \
  void _bcry_twofish_##isa##_enc_blk##n (const void *ctx, byte *out,    \
                                         const byte *in, size_t nblocks); \
  void _bcry_twofish_##isa##_dec_blk##n (const void *ctx, byte *out,    \
                                         const byte *in, size_t nblocks); \
  void _bcry_twofish_##isa##_ctr_enc_blk##n (const void *ctx, byte *ctr, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_twofish_##isa##_cbc_dec_blk##n (const void *ctx, byte *iv, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_twofish_##isa##_cfb_dec_blk##n (const void *ctx, byte *iv, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_twofish_##isa##_xts_crypt_blk##n (const void *ctx,         \
                                               byte *tweak, byte *out,  \
                                               const byte *in,          \
                                               size_t nblocks,          \
                                               int encrypt);            \
  void _bcry_twofish_##isa##_ocb_crypt_blk##n (const void *ctx,         \
                                               bulk_ocb_state_t *st,    \
                                               byte *out,               \
                                               const byte *in,          \
                                               size_t nblocks,          \
                                               int encrypt);            \
  void _bcry_twofish_##isa##_ocb_auth_blk##n (const void *ctx,          \
                                              bulk_ocb_state_t *st,     \
                                              const byte *abuf,         \
                                              size_t nblocks)

/* The table entry of ISA's kernels, with the width N, the CPU features
   HWF and the shortest run MIN it takes.  */
# define TWOFISH_ENTRY(isa, n, features, min)                           \
  .name = #isa, .hwf = (features), .width = n, .min_blocks = min,       \
  .enc = _bcry_twofish_##isa##_enc_blk##n,                              \
  .dec = _bcry_twofish_##isa##_dec_blk##n,                              \
  .ctr_enc = _bcry_twofish_##isa##_ctr_enc_blk##n,                      \
  .cbc_dec = _bcry_twofish_##isa##_cbc_dec_blk##n,                      \
  .cfb_dec = _bcry_twofish_##isa##_cfb_dec_blk##n,                      \
  .xts_crypt = _bcry_twofish_##isa##_xts_crypt_blk##n,                  \
  .ocb_crypt = _bcry_twofish_##isa##_ocb_crypt_blk##n,                  \
  .ocb_auth = _bcry_twofish_##isa##_ocb_auth_blk##n

#endif
#ifdef USE_TWOFISH_AVX512
TWOFISH_KERNELS (avx512, 32);
void _bcry_twofish_avx512_ctr32le_enc_blk32 (const void *ctx, byte *ctr,
                                             byte *out, const byte *in,
                                             size_t nblocks);
#endif
#ifdef USE_TWOFISH_AVX2
TWOFISH_KERNELS (avx2, 16);
void _bcry_twofish_avx2_ctr32le_enc_blk16 (const void *ctx, byte *ctr,
                                           byte *out, const byte *in,
                                           size_t nblocks);
#endif
#ifdef USE_TWOFISH_AMD64
void _bcry_twofish_amd64_enc (const void *ctx, byte *out, const byte *in,
                              size_t nblocks);
void _bcry_twofish_amd64_dec (const void *ctx, byte *out, const byte *in,
                              size_t nblocks);
void _bcry_twofish_amd64_ctr_enc (const void *ctx, byte *ctr, byte *out,
                                  const byte *in, size_t nblocks);
void _bcry_twofish_amd64_cbc_dec (const void *ctx, byte *iv, byte *out,
                                  const byte *in, size_t nblocks);
void _bcry_twofish_amd64_cfb_dec (const void *ctx, byte *iv, byte *out,
                                  const byte *in, size_t nblocks);
#endif

#ifdef USE_TWOFISH_AARCH64
void _bcry_twofish_aarch64_enc (const void *ctx, byte *out, const byte *in,
                                size_t nblocks);
void _bcry_twofish_aarch64_dec (const void *ctx, byte *out, const byte *in,
                                size_t nblocks);
void _bcry_twofish_aarch64_ctr_enc (const void *ctx, byte *ctr, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_cfb_dec (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_cbc_enc (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks,
                                    int cbc_mac);
void _bcry_twofish_aarch64_cfb_enc (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_ofb_enc (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_mac_ctr (const void *ctx, byte *mac, byte *ctr,
                                    byte *out, const byte *in,
                                    size_t nblocks, int mac_out);
#endif

static const bulk_impl_t twofish_impls[] =
  {
#ifdef USE_TWOFISH_AVX512
    /* A call of 1 to 32 blocks costs what 11 blocks cost in C.  */
    { TWOFISH_ENTRY (avx512, 32,
                     HWF_AVX512 | HWF_AVX512VBMI | HWF_GFNI, 11),
      .ctr32le_enc = _bcry_twofish_avx512_ctr32le_enc_blk32 },
#endif
#ifdef USE_TWOFISH_AVX2
    /* Byte lookups with VPSHUFB, not gathers, which ran no faster
       than the C (doc/HACKING, "Tuning notes").  A call of 1 to 16
       blocks costs what 13 cost in the amd64 entry.  Not the serial
       entry: the modes' single blocks (GCM's hash key, tweaks,
       offsets) go through the serial entry's enc, and here that would
       be a pass of sixteen lanes for each.  */
    { TWOFISH_ENTRY (avx2, 16, HWF_AVX2 | HWF_GFNI, 13),
      .ctr32le_enc = _bcry_twofish_avx2_ctr32le_enc_blk16 },
#endif
#ifdef USE_TWOFISH_AMD64
    /* Runs of any length, four blocks in flight with three, two or
       one for the tail.  The four-block rounds take bytes by BEXTR
       (BMI1, which every CPU with BMI2 has); without them this code
       was no faster than the C, which takes over there (doc/HACKING,
       "Tuning notes", 2026-12-07).  The serial kernels are the C ones,
       as fast as the assembly was; they are here so that this entry,
       the first with cbc_enc, is the serial one and CCM and EAX keep
       their fused mac_ctr.  */
    { .name = "amd64", .hwf = HWF_BMI2, .width = 0, .min_blocks = 1,
      .enc = _bcry_twofish_amd64_enc, .dec = _bcry_twofish_amd64_dec,
      .ctr_enc = _bcry_twofish_amd64_ctr_enc,
      .cbc_dec = _bcry_twofish_amd64_cbc_dec,
      .cfb_dec = _bcry_twofish_amd64_cfb_dec,
      .cbc_enc = twofish_c_cbc_enc, .cfb_enc = twofish_c_cfb_enc,
      .ofb_enc = twofish_c_ofb_enc, .mac_ctr = twofish_c_mac_ctr },
#endif
#ifdef USE_TWOFISH_AARCH64
    /* Any aarch64 CPU: the C's rounds with fewer instructions
       (doc/HACKING, "Tuning notes"), and the serial kernels.  */
    { .name = "aarch64", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = _bcry_twofish_aarch64_enc, .dec = _bcry_twofish_aarch64_dec,
      .ctr_enc = _bcry_twofish_aarch64_ctr_enc,
      .cfb_dec = _bcry_twofish_aarch64_cfb_dec,
      .cbc_enc = _bcry_twofish_aarch64_cbc_enc,
      .cfb_enc = _bcry_twofish_aarch64_cfb_enc,
      .ofb_enc = _bcry_twofish_aarch64_ofb_enc,
      .mac_ctr = _bcry_twofish_aarch64_mac_ctr },
#endif
    { .name = "c", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = twofish_c_enc_blocks, .dec = twofish_c_dec_blocks,
      .cbc_enc = twofish_c_cbc_enc, .cfb_enc = twofish_c_cfb_enc,
      .ofb_enc = twofish_c_ofb_enc, .mac_ctr = twofish_c_mac_ctr }
  };

#if defined(USE_TWOFISH_AVX512) || defined(USE_TWOFISH_AVX2)
/* sb from s: byte J of s[j][x] is where MDS column J has the
   coefficient 01, bytes 0, 3, 2, 1 for j = 0...3.  Only for a handle
   whose SIMD entries run but _bcry_twofish_sboxes_gfni cannot (SSSE3 denied
   while AVX2 or AVX-512 is not).  */
static void
twofish_sbox_bytes (TWOFISH_context *ctx)
{
  static const unsigned char shift[4] = { 0, 24, 16, 8 };
  unsigned int j, x;

  for (j = 0; j < 4; j++)
    for (x = 0; x < 256; x++)
      ctx->sb[j][x] = ctx->s[j][x] >> shift[j];
}
#endif

#ifdef USE_TWOFISH_AVX2
/* The tables of twofish-avx2-amd64.S: S-box j's 256 bytes are sixteen
   rows R_0 ... R_15 of 16 (R_h[l] = sbox_j (16 h + l)); its input x is
   looked up in table k < 8 with the index x + 16 k and in table 8 + k
   with (x ^ 0x80) + 16 k (unsigned saturation), VPSHUFB taking a row
   where the index is below 0x80, that is for x's high nibble h at most
   7 - k (table k) or between 8 and 15 - k (table 8 + k).  The tables
   hold R_7 and R_15 at k = 0 and R_{7-k} ^ R_{8-k}, R_{15-k} ^ R_{16-k}
   after them, so that the rows x selects xor to R_h.  SB[x] is
   sbox_j (x); the tables go to bytes 16 H to 16 H + 15 of TB[k].  */
static void
twofish_avx2_tables (byte tb[16][32], unsigned int h, const byte *sb)
{
  unsigned int k;

  /* A row at a time: byte by byte, this took as long as the rest of
     setkey.  */
  memcpy (tb[0] + 16 * h, sb + 7 * 16, 16);
  memcpy (tb[8] + 16 * h, sb + 15 * 16, 16);
  for (k = 1; k < 8; k++)
    {
      buf_xor_16 (tb[k] + 16 * h, sb + (7 - k) * 16, sb + (8 - k) * 16);
      buf_xor_16 (tb[8 + k] + 16 * h, sb + (15 - k) * 16,
                  sb + (16 - k) * 16);
    }
}
#endif

static void
twofish_encrypt (const void *ctx, byte *out, const byte *in)
{
  twofish_c_enc_blocks (ctx, out, in, 1);
}

static void
twofish_decrypt (const void *ctx, byte *out, const byte *in)
{
  twofish_c_dec_blocks (ctx, out, in, 1);
}


/* S_i of the key schedule: RS times the key bytes M[0...7].  Column j
   of RS, packed into a word, is multiplied by M[j] in all four bytes at
   once, as the xor of column j times x^i over the bits i set in M[j],
   selected with masks rather than branches, as M is key material.  The
   products come from twofish_rs_pow, which takes them off the chain
   of the loop; computed in it, this was a fifth of setkey.  */
static u32
twofish_rs (const byte *m)
{
  u32 s = 0;
  unsigned int i, j;

  for (j = 0; j < 8; j++)
#pragma GCC unroll 8
    for (i = 0; i < 8; i++)
      s ^= twofish_rs_pow[j][i] & -(u32) ((m[j] >> i) & 1);
  return s;
}

/* Byte J's share of h (X, L) for the key words L_0...L_{N-1}, every
   byte of X being x, with LB[i] byte J of L_i.  */
static ALWAYS_INLINE u32
twofish_h_byte (unsigned int j, unsigned int x, const u32 *lb, unsigned int n)
{
  unsigned int i;

  for (i = n; i-- > 1; )
    x = twofish_q[(twofish_qsel[i] >> j) & 1][x] ^ lb[i];
  return twofish_mds[j][twofish_q[twofish_qsel[0] & (1 << j) ? 1 : 0][x]
                        ^ lb[0]];
}

/* h (x * rho, L) for the bytes LB of the key words of L, as
   twofish_h_byte takes them, where x * rho is the byte x in every byte
   position.  */
static ALWAYS_INLINE u32
twofish_h (unsigned int x, u32 lb[4][4], unsigned int n)
{
  return (twofish_h_byte (0, x, lb[0], n) ^ twofish_h_byte (1, x, lb[1], n)
          ^ twofish_h_byte (2, x, lb[2], n) ^ twofish_h_byte (3, x, lb[3], n));
}

/* LB[j][i] = byte j of L[i], i < N.  */
static ALWAYS_INLINE void
twofish_key_bytes (u32 lb[4][4], const u32 *l, unsigned int n)
{
  unsigned int i, j;

  for (j = 0; j < 4; j++)
    for (i = 0; i < n; i++)
      lb[j][i] = (l[i] >> (8 * j)) & 0xff;
}

/* K of CTX from M_e and M_o, N words each.  Inlined for each N, as the
   functions below, so that, J and N being constants, the lookups read
   fixed tables.  */
static ALWAYS_INLINE void
twofish_subkeys (TWOFISH_context *ctx, const u32 *me, const u32 *mo,
                 unsigned int n)
{
  u32 lb[2][4][4], a, b;
  unsigned int i;

  /* K_2i = A + B and K_2i+1 = (A + 2B) <<< 9 for i < 20, with
     A = h (2i * rho, M_e) and B = h ((2i + 1) * rho, M_o) <<< 8.  */
  twofish_key_bytes (lb[0], me, n);
  twofish_key_bytes (lb[1], mo, n);
  for (i = 0; i < 20; i++)
    {
      a = twofish_h (2 * i, lb[0], n);
      b = rol32 (twofish_h (2 * i + 1, lb[1], n), 8);
      ctx->k[2 * i] = a + b;
      ctx->k[2 * i + 1] = rol32 (a + 2 * b, 9);
    }
  wipememory (lb, sizeof lb);
}

/* The key-dependent S-boxes with the MDS matrix, from the S vector SL
   of N words: s[j][x] is byte j's share of g for the input byte x.  One
   loop over x fills all four tables, the first lookup, q0[x] or q1[x],
   shared by the two bytes that start with it.  Against a function per
   byte position and N, looping over x, this took a third off setkey.  */
static ALWAYS_INLINE void
twofish_sboxes (TWOFISH_context *ctx, const u32 *sl, unsigned int n)
{
  u32 lb[4][4];
  unsigned int x;

  twofish_key_bytes (lb, sl, n);
  for (x = 0; x < 256; x++)
    {
      ctx->s[0][x] = twofish_h_byte (0, x, lb[0], n);
      ctx->s[1][x] = twofish_h_byte (1, x, lb[1], n);
      ctx->s[2][x] = twofish_h_byte (2, x, lb[2], n);
      ctx->s[3][x] = twofish_h_byte (3, x, lb[3], n);
    }
  wipememory (lb, sizeof lb);
}


/* K and s of CTX from M_e, M_o and the S vector SL of N words each
   (twofish_setkey); with GFNI 1 or 2, sb too, in SSE or VEX
   encoding.  */
static ALWAYS_INLINE void
twofish_schedule (TWOFISH_context *ctx, const u32 *me, const u32 *mo,
                  const u32 *sl, unsigned int n, int gfni)
{
  twofish_subkeys (ctx, me, mo, n);
#ifdef TWOFISH_SBOXES_GFNI
  if (gfni > 1)
    _bcry_twofish_sboxes_gfni_avx (ctx, sl, n);
  else if (gfni)
    _bcry_twofish_sboxes_gfni (ctx, sl, n);
  else
#endif
    twofish_sboxes (ctx, sl, n);
}

#ifdef USE_TWOFISH_AVX2
/* Whether the avx2 entry gets any work on a handle with ARGS: not
   behind an entry that takes shorter runs, as the avx512 one does
   (min_blocks 11 against 13), since _bcry_bulk_select's runs go to the
   first entry whose min_blocks they reach.  Like that selection, this
   depends only on the features and the skip count, as the schedule
   may; it spares setkey the avx2 tables.  */
static int
twofish_avx2_used (const cipher_setkey_args_t *args)
{
  unsigned int skip = args->skip_impls, min = UINT_MAX;
  size_t i;

  for (i = 0; i < DIM (twofish_impls); i++)
    {
      if ((twofish_impls[i].hwf & args->hwf) != twofish_impls[i].hwf)
        continue;
      if (skip)
        skip--;
      else if (twofish_impls[i].enc == _bcry_twofish_avx2_enc_blk16)
        return twofish_impls[i].min_blocks < min;
      else if (twofish_impls[i].min_blocks < min)
        min = twofish_impls[i].min_blocks;
    }
  return 0;
}
#endif

/* Key setup reads the q and MDS tables at key-dependent indices; like
   the block functions, it is not constant time.
   _bcry_twofish_sboxes_gfni, which builds s and sb where the CPU has
   GFNI and SSSE3, reads no table at a key-dependent index; K is the C
   one everywhere.  */
static gpg_err_code_t
twofish_setkey (void *context, const byte *key, size_t keylen,
                const cipher_setkey_args_t *args)
{
  TWOFISH_context *ctx = context;
  u32 me[4], mo[4], sl[4];
  unsigned int n, i;
  int gfni = 0;

  if (keylen != 16 && keylen != 24 && keylen != 32)
    return GPG_ERR_INV_KEYLEN;
  n = keylen / 8;               /* k of the paper.  */

  /* M_e and M_o, and the S vector in the order h takes it: L_0 is
     S_{k-1} and L_{k-1} is S_0, which comes from the first eight key
     bytes.  */
#ifdef TWOFISH_SBOXES_GFNI
  gfni = args && (args->hwf & (HWF_GFNI | HWF_SSSE3)) == (HWF_GFNI
                                                           | HWF_SSSE3);
  if (gfni)
    {
      _bcry_twofish_rs_gfni (sl, key, n);
      gfni += !!(args->hwf & HWF_AVX);
    }
#endif
  for (i = 0; i < n; i++)
    {
      me[i] = buf_get_le32 (key + 8 * i);
      mo[i] = buf_get_le32 (key + 8 * i + 4);
      if (!gfni)
        sl[n - 1 - i] = twofish_rs (key + 8 * i);
    }
  if (n == 2)
    twofish_schedule (ctx, me, mo, sl, 2, gfni);
  else if (n == 3)
    twofish_schedule (ctx, me, mo, sl, 3, gfni);
  else
    twofish_schedule (ctx, me, mo, sl, 4, gfni);

  wipememory (me, sizeof me);
  wipememory (mo, sizeof mo);
  wipememory (sl, sizeof sl);

#if defined(USE_TWOFISH_AVX512) || defined(USE_TWOFISH_AVX2)
  /* Both SIMD entries need GFNI.  */
  if (!gfni && args && (args->hwf & HWF_GFNI)
      && (args->hwf & (HWF_AVX512VBMI | HWF_AVX2)))
    twofish_sbox_bytes (ctx);
#endif
#ifdef USE_TWOFISH_AVX2
  if (args && twofish_avx2_used (args))
    for (i = 0; i < 4; i++)
      twofish_avx2_tables (ctx->tb[i / 2], i % 2, ctx->sb[i]);
#endif

  if (args && args->bulk)
    BULK_SELECT (args, twofish_impls);
  return 0;
}


/* ecb_tbl.txt of the Twofish reference package, 128-bit I=3 and
   256-bit I=4: the first entries whose key and plaintext are both
   nonzero throughout.  Three copies of the plaintext go through the kernels,
   so that both the two-block and the one-block path run.  */
static const char *
twofish_selftest (void)
{
  static const struct
  {
    size_t keylen;
    byte key[32];
    byte plaintext[16];
    byte ciphertext[16];
    const char *enc_failed;
    const char *dec_failed;
  } tv[] =
    {
      { 16,
        { 0x9f, 0x58, 0x9f, 0x5c, 0xf6, 0x12, 0x2c, 0x32,
          0xb6, 0xbf, 0xec, 0x2f, 0x2a, 0xe8, 0xc3, 0x5a },
        { 0xd4, 0x91, 0xdb, 0x16, 0xe7, 0xb1, 0xc3, 0x9e,
          0x86, 0xcb, 0x08, 0x6b, 0x78, 0x9f, 0x54, 0x19 },
        { 0x01, 0x9f, 0x98, 0x09, 0xde, 0x17, 0x11, 0x85,
          0x8f, 0xaa, 0xc3, 0xa3, 0xba, 0x20, 0xfb, 0xc3 },
        "Twofish-128 encryption", "Twofish-128 decryption" },
      { 32,
        { 0xd4, 0x3b, 0xb7, 0x55, 0x6e, 0xa3, 0x2e, 0x46,
          0xf2, 0xa2, 0x82, 0xb7, 0xd4, 0x5b, 0x4e, 0x0d,
          0x57, 0xff, 0x73, 0x9d, 0x4d, 0xc9, 0x2c, 0x1b,
          0xd7, 0xfc, 0x01, 0x70, 0x0c, 0xc8, 0x21, 0x6f },
        { 0x90, 0xaf, 0xe9, 0x1b, 0xb2, 0x88, 0x54, 0x4f,
          0x2c, 0x32, 0xdc, 0x23, 0x9b, 0x26, 0x35, 0xe6 },
        { 0x6c, 0xb4, 0x56, 0x1c, 0x40, 0xbf, 0x0a, 0x97,
          0x05, 0x93, 0x1c, 0xb6, 0xd4, 0x08, 0xe7, 0xfa },
        "Twofish-256 encryption", "Twofish-256 decryption" }
    };
  TWOFISH_context ctx;
  byte buf[3 * 16];
  size_t i, j;

  for (i = 0; i < DIM (tv); i++)
    {
      if (twofish_setkey (&ctx, tv[i].key, tv[i].keylen, NULL))
        return "Twofish setkey";
      twofish_encrypt (&ctx, buf, tv[i].plaintext);
      if (memcmp (buf, tv[i].ciphertext, 16))
        return tv[i].enc_failed;
      twofish_decrypt (&ctx, buf, buf);
      if (memcmp (buf, tv[i].plaintext, 16))
        return tv[i].dec_failed;

      for (j = 0; j < 3; j++)
        memcpy (buf + 16 * j, tv[i].plaintext, 16);
      twofish_c_enc_blocks (&ctx, buf, buf, 3);
      for (j = 0; j < 3; j++)
        if (memcmp (buf + 16 * j, tv[i].ciphertext, 16))
          return tv[i].enc_failed;
      twofish_c_dec_blocks (&ctx, buf, buf, 3);
      for (j = 0; j < 3; j++)
        if (memcmp (buf + 16 * j, tv[i].plaintext, 16))
          return tv[i].dec_failed;
    }
  return NULL;
}


static const char *const twofish_aliases[] =
  { "TWOFISH256", "TWOFISH-256", NULL };
static const char *const twofish128_aliases[] = { "TWOFISH-128", NULL };

const cipher_spec_t _bcry_cipher_spec_twofish =
  {
    BCRY_CIPHER_TWOFISH, "TWOFISH", twofish_aliases, 16, 256,
    sizeof (TWOFISH_context), twofish_setkey, twofish_encrypt,
    twofish_decrypt, twofish_selftest
  };

const cipher_spec_t _bcry_cipher_spec_twofish128 =
  {
    BCRY_CIPHER_TWOFISH128, "TWOFISH128", twofish128_aliases, 16, 128,
    sizeof (TWOFISH_context), twofish_setkey, twofish_encrypt,
    twofish_decrypt, twofish_selftest
  };
