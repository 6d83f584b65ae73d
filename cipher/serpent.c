/* serpent.c - the Serpent block cipher in portable C
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Serpent with 128-, 192- and 256-bit keys as specified by R. Anderson,
 * E. Biham and L. Knudsen, "Serpent: A Proposal for the Advanced
 * Encryption Standard" (1998), in the bitslice form of its section 2,
 * with the byte order of the NESSIE test vectors, libgcrypt and Linux:
 * blocks and keys are little-endian 32-bit words, word 0 first, and bit
 * j of words 0-3 forms the input of the j-th S-box.  The S-boxes are
 * Boolean circuits on whole words, so there are no table lookups and the
 * time taken does not depend on the data; the gate sequences are those
 * D. A. Osvik gave in "Speeding up Serpent" (Third AES Candidate
 * Conference, 2000), with masks folded into the round keys.
 */

#include <config.h>

#include "bufhelp.h"
#include "cipher-proto.h"
#include "simd-kernels.h"

#ifdef __GNUC__
# define ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
# define ALWAYS_INLINE inline
#endif

typedef struct
{
  /* K_0 ... K_32 of the specification with the S-box masks folded in
     (serpent_setkey).  The first member: the amd64 kernels read it at
     offset 0.  */
  u32 k[33][4];
  /* The same with every bit doubled, for two interleaved blocks.  */
  u64 k2[33][4];
  /* K_0 ... K_32 again, K_1 ... K_31 in the form LT_KEY32 takes them,
     for one block's encryption.  */
  u32 k1[33][4];
} serpent_context_t;


static void serpent_c_enc_blocks (const void *ctx, byte *out,
                                  const byte *in, size_t nblocks);
static void serpent_c_dec_blocks (const void *ctx, byte *out,
                                  const byte *in, size_t nblocks);
static void serpent_c_cbc_enc (const void *ctx, byte *iv, byte *out,
                               const byte *in, size_t nblocks, int cbc_mac);
static void serpent_c_cfb_enc (const void *ctx, byte *iv, byte *out,
                               const byte *in, size_t nblocks);
static void serpent_c_ofb_enc (const void *ctx, byte *iv, byte *out,
                               const byte *in, size_t nblocks);

/* The x86-64 kernels (serpent-<isa>-amd64.S) read the round keys k at
   offset 0 of the context and take 1 to their width N in blocks, with
   the ABI of src/cipher-proto.h, the OCB ones included.
   SERPENT_KERNELS (isa, n) declares those that every x86-64 entry has,
   _bcry_serpent_<isa>_<op>_blk<n>.  */
#define SERPENT_KERNELS(isa, n)                                         \
  void _bcry_serpent_##isa##_enc_blk##n (const void *ctx, byte *out,    \
                                         const byte *in, size_t nblocks); \
  void _bcry_serpent_##isa##_dec_blk##n (const void *ctx, byte *out,    \
                                         const byte *in, size_t nblocks); \
  void _bcry_serpent_##isa##_ctr_enc_blk##n (const void *ctx, byte *ctr, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_serpent_##isa##_cbc_dec_blk##n (const void *ctx, byte *iv, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_serpent_##isa##_cfb_dec_blk##n (const void *ctx, byte *iv, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_serpent_##isa##_xts_crypt_blk##n (const void *ctx,         \
                                               byte *tweak, byte *out,  \
                                               const byte *in,          \
                                               size_t nblocks,          \
                                               int encrypt);            \
  void _bcry_serpent_##isa##_ocb_crypt_blk##n (const void *ctx,         \
                                               bulk_ocb_state_t *st,    \
                                               byte *out,               \
                                               const byte *in,          \
                                               size_t nblocks,          \
                                               int encrypt);            \
  void _bcry_serpent_##isa##_ocb_auth_blk##n (const void *ctx,          \
                                              bulk_ocb_state_t *st,     \
                                              const byte *abuf,         \
                                              size_t nblocks)

/* The table entry of ISA's kernels, with the width N, the CPU features
   HWF and the shortest run MIN it takes.  */
#define SERPENT_ENTRY(isa, n, features, min)                            \
  .name = #isa, .hwf = (features), .width = n, .min_blocks = min,       \
  .enc = _bcry_serpent_##isa##_enc_blk##n,                              \
  .dec = _bcry_serpent_##isa##_dec_blk##n,                              \
  .ctr_enc = _bcry_serpent_##isa##_ctr_enc_blk##n,                      \
  .cbc_dec = _bcry_serpent_##isa##_cbc_dec_blk##n,                      \
  .cfb_dec = _bcry_serpent_##isa##_cfb_dec_blk##n,                      \
  .xts_crypt = _bcry_serpent_##isa##_xts_crypt_blk##n,                  \
  .ocb_crypt = _bcry_serpent_##isa##_ocb_crypt_blk##n,                  \
  .ocb_auth = _bcry_serpent_##isa##_ocb_auth_blk##n

#ifdef USE_SERPENT_AVX512
SERPENT_KERNELS (avx512, 32);
void _bcry_serpent_avx512_ctr32le_enc_blk32 (const void *ctx, byte *ctr,
                                             byte *out, const byte *in,
                                             size_t nblocks);
void _bcry_serpent_avx512_enc_blk64 (const void *ctx, byte *out,
                                     const byte *in, size_t nblocks);
void _bcry_serpent_avx512_dec_blk64 (const void *ctx, byte *out,
                                     const byte *in, size_t nblocks);
void _bcry_serpent_avx512_ctr_enc_blk64 (const void *ctx, byte *ctr,
                                         byte *out, const byte *in,
                                         size_t nblocks);
void _bcry_serpent_avx512_cbc_dec_blk64 (const void *ctx, byte *iv,
                                         byte *out, const byte *in,
                                         size_t nblocks);
void _bcry_serpent_avx512_cfb_dec_blk64 (const void *ctx, byte *iv,
                                         byte *out, const byte *in,
                                         size_t nblocks);
void _bcry_serpent_avx512_whiten_blk64 (const void *ctx, byte *out,
                                        const byte *in, const byte *w,
                                        size_t nblocks, unsigned int flags);

/* GCM-SIV's counter on the sixty-four-block entry: thirty-two-block
   calls of the fused kernel, which keep the counters in registers where
   the generic path through enc_blk64 would stage them in memory.  */
static void
serpent_avx512_ctr32le_enc_64 (const void *ctx, byte *ctr, byte *out,
                               const byte *in, size_t nblocks)
{
  size_t n;

  for (; nblocks; nblocks -= n, out += n * 16, in += n * 16)
    {
      n = nblocks < 32 ? nblocks : 32;
      _bcry_serpent_avx512_ctr32le_enc_blk32 (ctx, ctr, out, in, n);
    }
}
#endif

#ifdef USE_SERPENT_AVX2
SERPENT_KERNELS (avx2, 16);
void _bcry_serpent_avx2_ctr32le_enc_blk16 (const void *ctx, byte *ctr,
                                           byte *out, const byte *in,
                                           size_t nblocks);
void _bcry_serpent_avx2_enc_blk24 (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_serpent_avx2_dec_blk24 (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_serpent_avx2_ctr_enc_blk24 (const void *ctx, byte *ctr,
                                       byte *out, const byte *in,
                                       size_t nblocks);
void _bcry_serpent_avx2_cbc_dec_blk24 (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks);
void _bcry_serpent_avx2_cfb_dec_blk24 (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks);
void _bcry_serpent_avx2_whiten_blk24 (const void *ctx, byte *out,
                                      const byte *in, const byte *w,
                                      size_t nblocks, unsigned int flags);
#endif

#ifdef USE_SERPENT_AVX
SERPENT_KERNELS (avx, 8);
void _bcry_serpent_avx_enc_blk12 (const void *ctx, byte *out,
                                  const byte *in, size_t nblocks);
void _bcry_serpent_avx_dec_blk12 (const void *ctx, byte *out,
                                  const byte *in, size_t nblocks);
void _bcry_serpent_avx_ctr_enc_blk12 (const void *ctx, byte *ctr,
                                      byte *out, const byte *in,
                                      size_t nblocks);
void _bcry_serpent_avx_cbc_dec_blk12 (const void *ctx, byte *iv,
                                      byte *out, const byte *in,
                                      size_t nblocks);
void _bcry_serpent_avx_cfb_dec_blk12 (const void *ctx, byte *iv,
                                      byte *out, const byte *in,
                                      size_t nblocks);
#endif

#ifdef USE_SERPENT_SSE2
SERPENT_KERNELS (sse2, 8);
void _bcry_serpent_sse2_enc_blk12 (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_serpent_sse2_dec_blk12 (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_serpent_sse2_ctr_enc_blk12 (const void *ctx, byte *ctr,
                                       byte *out, const byte *in,
                                       size_t nblocks);
void _bcry_serpent_sse2_cbc_dec_blk12 (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks);
void _bcry_serpent_sse2_cfb_dec_blk12 (const void *ctx, byte *iv,
                                       byte *out, const byte *in,
                                       size_t nblocks);
#endif

#ifdef USE_SERPENT_NEON
# include "serpent-neon-aarch64.h"
#endif

/* Widest first; SIMD entries go above the portable one.  min_blocks is
   the shortest run an entry takes, measured as the break-even against
   the entries below it (doc/HACKING, "Tuning notes", Serpent): a
   shorter run falls to the next entry.  AVX and SSE2 run the same
   eight-block code, the AVX one VEX-encoded; SSE2 is for CPUs without
   AVX.  */
static const bulk_impl_t serpent_impls[] =
  {
#ifdef USE_SERPENT_AVX512
    /* Four sets of sixteen blocks: from 34 blocks one call costs less
       than the entry below takes (at 33, one call of it and a block in
       C).  No OCB or XTS kernels: those modes take the whitened pass,
       which measured faster than the entry below's fused kernels.  */
    { .name = "avx512-64", .hwf = HWF_AVX512, .width = 64,
      .min_blocks = 34,
      .enc = _bcry_serpent_avx512_enc_blk64,
      .dec = _bcry_serpent_avx512_dec_blk64,
      .ctr_enc = _bcry_serpent_avx512_ctr_enc_blk64,
      .ctr32le_enc = serpent_avx512_ctr32le_enc_64,
      .cbc_dec = _bcry_serpent_avx512_cbc_dec_blk64,
      .cfb_dec = _bcry_serpent_avx512_cfb_dec_blk64,
      .whiten = _bcry_serpent_avx512_whiten_blk64 },
    /* A call of 1 to 32 blocks costs about what 5 blocks cost in C.  */
    { SERPENT_ENTRY (avx512, 32, HWF_AVX512, 5),
      .ctr32le_enc = _bcry_serpent_avx512_ctr32le_enc_blk32 },
#endif
#ifdef USE_SERPENT_AVX2
    /* Three sets of eight blocks: from 17 blocks one call costs less
       than the entry below takes (at 17, one call of it and a block in
       C).  No OCB or XTS kernels: those modes take the whitened pass.  */
    { .name = "avx2-24", .hwf = HWF_AVX2, .width = 24, .min_blocks = 17,
      .enc = _bcry_serpent_avx2_enc_blk24,
      .dec = _bcry_serpent_avx2_dec_blk24,
      .ctr_enc = _bcry_serpent_avx2_ctr_enc_blk24,
      .cbc_dec = _bcry_serpent_avx2_cbc_dec_blk24,
      .cfb_dec = _bcry_serpent_avx2_cfb_dec_blk24,
      .whiten = _bcry_serpent_avx2_whiten_blk24 },
    /* Below 9 blocks one eight-block AVX call is as fast.  */
    { SERPENT_ENTRY (avx2, 16, HWF_AVX2, 9),
      .ctr32le_enc = _bcry_serpent_avx2_ctr32le_enc_blk16 },
#endif
#ifdef USE_SERPENT_AVX
    /* Three sets of four blocks, as avx2-24: from 9 blocks one call
       costs less than an eight-block one and a block in C.  */
    { .name = "avx-12", .hwf = HWF_AVX, .width = 12, .min_blocks = 9,
      .enc = _bcry_serpent_avx_enc_blk12,
      .dec = _bcry_serpent_avx_dec_blk12,
      .ctr_enc = _bcry_serpent_avx_ctr_enc_blk12,
      .cbc_dec = _bcry_serpent_avx_cbc_dec_blk12,
      .cfb_dec = _bcry_serpent_avx_cfb_dec_blk12 },
    /* Level with the C at 7 blocks (ECB), faster for CBC.  */
    { SERPENT_ENTRY (avx, 8, HWF_AVX, 7) },
#endif
#ifdef USE_SERPENT_SSE2
    /* Three sets of four blocks, as avx-12.  */
    { .name = "sse2-12", .hwf = HWF_SSE2, .width = 12, .min_blocks = 9,
      .enc = _bcry_serpent_sse2_enc_blk12,
      .dec = _bcry_serpent_sse2_dec_blk12,
      .ctr_enc = _bcry_serpent_sse2_ctr_enc_blk12,
      .cbc_dec = _bcry_serpent_sse2_cbc_dec_blk12,
      .cfb_dec = _bcry_serpent_sse2_cfb_dec_blk12 },
    { SERPENT_ENTRY (sse2, 8, HWF_SSE2, 7) },
#endif
#ifdef USE_SERPENT_NEON
    /* Passes of two sets of four blocks, up to 32 blocks a call, which
       pays for clearing registers and buffers once in four passes.
       min_blocks from instruction counts under qemu (doc/HACKING,
       "Tuning notes"): from 3 blocks one call takes fewer than the C.  */
    { .name = "neon", .hwf = HWF_NEON, .width = SERPENT_NEON_WIDTH,
      .min_blocks = 3,
      .enc = _bcry_serpent_neon_enc, .dec = _bcry_serpent_neon_dec,
      .ctr_enc = _bcry_serpent_neon_ctr_enc,
      .ctr32le_enc = _bcry_serpent_neon_ctr32le_enc,
      .cbc_dec = _bcry_serpent_neon_cbc_dec,
      .cfb_dec = _bcry_serpent_neon_cfb_dec,
      .xts_crypt = _bcry_serpent_neon_xts_crypt,
      .ocb_crypt = _bcry_serpent_neon_ocb_crypt,
      .ocb_auth = _bcry_serpent_neon_ocb_auth },
#endif
    { .name = "c", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = serpent_c_enc_blocks, .dec = serpent_c_dec_blocks,
      .cbc_enc = serpent_c_cbc_enc, .cfb_enc = serpent_c_cfb_enc,
      .ofb_enc = serpent_c_ofb_enc }
  };


/* The S-box circuits compute on words of this type, which holds
   the u32 of one block and the u64 of a pair.  */
#define SERPENT_SBOX_WORD u64
#include "serpent-sbox.h"


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

static inline u64
rol64 (u64 x, unsigned int n)
{
  return (x << n) | (x >> (64 - n));
}

static inline u64
ror64 (u64 x, unsigned int n)
{
  return (x >> n) | (x << (64 - n));
}

/* The linear transformation of the specification, section 2, and its
   inverse, with rotation ROT and every count multiplied by S: LT32 acts
   on one block, LT64 on two interleaved blocks.  */
#define LT_GEN(rot, s, x0, x1, x2, x3)                                  \
  do                                                                    \
    {                                                                   \
      x0 = rot (x0, (s) * 13);                                          \
      x2 = rot (x2, (s) * 3);                                           \
      x1 ^= x0 ^ x2;                                                    \
      x3 ^= x2 ^ (x0 << (s) * 3);                                       \
      x1 = rot (x1, (s) * 1);                                           \
      x3 = rot (x3, (s) * 7);                                           \
      x0 ^= x1 ^ x3;                                                    \
      x2 ^= x3 ^ (x1 << (s) * 7);                                       \
      x0 = rot (x0, (s) * 5);                                           \
      x2 = rot (x2, (s) * 22);                                          \
    }                                                                   \
  while (0)

#define LT_INV_GEN(rot, s, x0, x1, x2, x3)                              \
  do                                                                    \
    {                                                                   \
      x2 = rot (x2, (s) * 22);                                          \
      x0 = rot (x0, (s) * 5);                                           \
      x2 ^= x3 ^ (x1 << (s) * 7);                                       \
      x0 ^= x1 ^ x3;                                                    \
      x3 = rot (x3, (s) * 7);                                           \
      x1 = rot (x1, (s) * 1);                                           \
      x3 ^= x2 ^ (x0 << (s) * 3);                                       \
      x1 ^= x0 ^ x2;                                                    \
      x2 = rot (x2, (s) * 3);                                           \
      x0 = rot (x0, (s) * 13);                                          \
    }                                                                   \
  while (0)

#define LT32(x0, x1, x2, x3) LT_GEN (rol32, 1, x0, x1, x2, x3)
#define LT64(x0, x1, x2, x3) LT_GEN (rol64, 2, x0, x1, x2, x3)
#define LT_INV32(x0, x1, x2, x3) LT_INV_GEN (ror32, 1, x0, x1, x2, x3)
#define LT_INV64(x0, x1, x2, x3) LT_INV_GEN (ror64, 2, x0, x1, x2, x3)

/* LT32 followed by the next round's key addition, for one block.  The
   key words go in with the other terms before each word's last
   rotation rather than after it, as C[0..3] holds them transformed
   (serpent_setkey), so the addition adds no step to the chain.  The
   chain of a lone block is not all that counts: written with X1 and X3
   as xors of rotated inputs, one rotation shallower, this measured
   slower, as the copies each rotation needs on x86 (more than a fifth
   more instructions) cost more issue slots than the shorter chain saved.  */
#define LT_KEY32(x0, x1, x2, x3, c)                                     \
  do                                                                    \
    {                                                                   \
      x0 = rol32 (x0, 13);                                              \
      x2 = rol32 (x2, 3);                                               \
      x1 = rol32 (x1 ^ (c)[1] ^ x0 ^ x2, 1);                            \
      x3 = rol32 (x3 ^ (c)[3] ^ x2 ^ (x0 << 3), 7);                     \
      x0 = rol32 (x0 ^ (c)[0] ^ x1 ^ x3, 5);                            \
      x2 = rol32 (x2 ^ (c)[2] ^ x3 ^ (x1 << 7), 22);                    \
    }                                                                   \
  while (0)

/* The steps of a round.  I is the round number within a group of eight,
   whose keys are at K; W is the word size, 32 or 64.  */
#define ADD_KEY(i, w, x0, x1, x2, x3)                                   \
  do                                                                    \
    {                                                                   \
      x0 ^= k[i][0];                                                    \
      x1 ^= k[i][1];                                                    \
      x2 ^= k[i][2];                                                    \
      x3 ^= k[i][3];                                                    \
    }                                                                   \
  while (0)

#define ENC_ROUND(i, w, x0, x1, x2, x3)                                 \
  do                                                                    \
    {                                                                   \
      ADD_KEY (i, w, x0, x1, x2, x3);                                   \
      SB##i (x0, x1, x2, x3);                                           \
      LT##w (x0, x1, x2, x3);                                           \
    }                                                                   \
  while (0)

/* The last round has no linear transformation.  */
#define ENC_LAST(i, w, x0, x1, x2, x3)                                  \
  do                                                                    \
    {                                                                   \
      ADD_KEY (i, w, x0, x1, x2, x3);                                   \
      SB##i (x0, x1, x2, x3);                                           \
    }                                                                   \
  while (0)

#define DEC_ROUND(i, w, x0, x1, x2, x3)                                 \
  do                                                                    \
    {                                                                   \
      LT_INV##w (x0, x1, x2, x3);                                       \
      SI##i (x0, x1, x2, x3);                                           \
      ADD_KEY (i, w, x0, x1, x2, x3);                                   \
    }                                                                   \
  while (0)

#define DEC_FIRST(i, w, x0, x1, x2, x3)                                 \
  do                                                                    \
    {                                                                   \
      SI##i (x0, x1, x2, x3);                                           \
      ADD_KEY (i, w, x0, x1, x2, x3);                                   \
    }                                                                   \
  while (0)

/* All 32 rounds with the schedule KEYS.  ON (step, i) applies a step
   to every block in flight.  Rounds 8g to 8g + 7 use S-boxes 0 to 7.  */
#define ENC_ROUNDS(ON, keys)                                            \
  do                                                                    \
    {                                                                   \
      for (k = (keys); ; k += 8)                                        \
        {                                                               \
          ON (ENC_ROUND, 0);                                            \
          ON (ENC_ROUND, 1);                                            \
          ON (ENC_ROUND, 2);                                            \
          ON (ENC_ROUND, 3);                                            \
          ON (ENC_ROUND, 4);                                            \
          ON (ENC_ROUND, 5);                                            \
          ON (ENC_ROUND, 6);                                            \
          if (k == (keys) + 24)                                         \
            break;                                                      \
          ON (ENC_ROUND, 7);                                            \
        }                                                               \
      ON (ENC_LAST, 7);                                                 \
      ON (ADD_KEY, 8);                                                  \
    }                                                                   \
  while (0)

#define DEC_ROUNDS(ON, keys)                                            \
  do                                                                    \
    {                                                                   \
      k = (keys) + 24;                                                  \
      ON (ADD_KEY, 8);                                                  \
      ON (DEC_FIRST, 7);                                                \
      for (;;)                                                          \
        {                                                               \
          ON (DEC_ROUND, 6);                                            \
          ON (DEC_ROUND, 5);                                            \
          ON (DEC_ROUND, 4);                                            \
          ON (DEC_ROUND, 3);                                            \
          ON (DEC_ROUND, 2);                                            \
          ON (DEC_ROUND, 1);                                            \
          ON (DEC_ROUND, 0);                                            \
          if (k == (keys))                                              \
            break;                                                      \
          k -= 8;                                                       \
          ON (DEC_ROUND, 7);                                            \
        }                                                               \
    }                                                                   \
  while (0)

/* One block in a0...a3.  */
#define ON_ONE(step, i) step (i, 32, a0, a1, a2, a3)

/* Pair a and, when TWO, pair b, one round at a time so that both
   pairs' instructions are close enough for the processor to interleave
   them.  */
#define ON_PAIRS(step, i)                                               \
  do                                                                    \
    {                                                                   \
      step (i, 64, a0, a1, a2, a3);                                     \
      if (two)                                                          \
        step (i, 64, b0, b1, b2, b3);                                   \
    }                                                                   \
  while (0)

/* One block's rounds on A0...A3 with the schedule K1, from the block
   xored with K_0 to the output of the last S-box, which still lacks
   K_32.  The serial kernels keep the chaining value in A0...A3.  */
#define ENC1_ROUNDS(k1, a0, a1, a2, a3)                                 \
  do                                                                    \
    {                                                                   \
      const u32 (*k_)[4];                                               \
                                                                        \
      for (k_ = (k1) + 1; ; k_ += 8)                                    \
        {                                                               \
          SB0 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[0]);       \
          SB1 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[1]);       \
          SB2 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[2]);       \
          SB3 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[3]);       \
          SB4 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[4]);       \
          SB5 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[5]);       \
          SB6 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[6]);       \
          if (k_ == (k1) + 25)                                          \
            break;                                                      \
          SB7 (a0, a1, a2, a3); LT_KEY32 (a0, a1, a2, a3, k_[7]);       \
        }                                                               \
      SB7 (a0, a1, a2, a3);                                             \
    }                                                                   \
  while (0)

static void
serpent_encrypt (const void *context, byte *out, const byte *in)
{
  const serpent_context_t *ctx = context;
  const u32 (*k)[4] = ctx->k1;
  u32 a0, a1, a2, a3;

  a0 = buf_get_le32 (in) ^ k[0][0];
  a1 = buf_get_le32 (in + 4) ^ k[0][1];
  a2 = buf_get_le32 (in + 8) ^ k[0][2];
  a3 = buf_get_le32 (in + 12) ^ k[0][3];
  ENC1_ROUNDS (k, a0, a1, a2, a3);
  buf_put_le32 (out, a0 ^ k[32][0]);
  buf_put_le32 (out + 4, a1 ^ k[32][1]);
  buf_put_le32 (out + 8, a2 ^ k[32][2]);
  buf_put_le32 (out + 12, a3 ^ k[32][3]);
}

static void
serpent_decrypt (const void *context, byte *out, const byte *in)
{
  const serpent_context_t *ctx = context;
  const u32 (*k)[4];
  u32 a0, a1, a2, a3;

  a0 = buf_get_le32 (in);
  a1 = buf_get_le32 (in + 4);
  a2 = buf_get_le32 (in + 8);
  a3 = buf_get_le32 (in + 12);
  DEC_ROUNDS (ON_ONE, ctx->k);
  buf_put_le32 (out, a0);
  buf_put_le32 (out + 4, a1);
  buf_put_le32 (out + 8, a2);
  buf_put_le32 (out + 12, a3);
}

/* Two blocks travel together in 64-bit words, one bit of each in turn:
   bit i of a word of the first block is bit 2i, of the second bit
   2i + 1.  The Boolean operations act on both at once, and rotating or
   shifting every 32-bit word by r is rotating or shifting the 64-bit
   word by 2r, so a round costs the same for two blocks as for one.
   Spreading the bits apart on load and gathering them on store costs
   about a fifth of the rounds of one block, much less than it saves.
   The bulk kernels keep two such pairs in flight, since one pair's
   rounds are a chain of dependent operations that leaves most of the
   processor's issue slots idle.  A lone block, as the serial modes
   encrypt them, takes a plain 32-bit path with a copy of the schedule:
   it waits on the rounds' latency, which spreading and gathering would
   only lengthen.

   Encrypt or decrypt X[0..3], one pair of interleaved blocks, and when
   TWO (a constant after inlining) also X[4..7].  */
static ALWAYS_INLINE void
serpent_pairs (const serpent_context_t *ctx, u64 x[8], int two,
               int decrypt)
{
  const u64 (*k)[4];
  u64 a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3];
  u64 b0 = 0, b1 = 0, b2 = 0, b3 = 0;

  if (two)
    b0 = x[4], b1 = x[5], b2 = x[6], b3 = x[7];
  if (decrypt)
    DEC_ROUNDS (ON_PAIRS, ctx->k2);
  else
    ENC_ROUNDS (ON_PAIRS, ctx->k2);
  x[0] = a0, x[1] = a1, x[2] = a2, x[3] = a3;
  if (two)
    x[4] = b0, x[5] = b1, x[6] = b2, x[7] = b3;
}

static void
serpent_enc_pair (const serpent_context_t *ctx, u64 x[8])
{
  serpent_pairs (ctx, x, 0, 0);
}

static void
serpent_enc_pairs (const serpent_context_t *ctx, u64 x[8])
{
  serpent_pairs (ctx, x, 1, 0);
}

static void
serpent_dec_pair (const serpent_context_t *ctx, u64 x[8])
{
  serpent_pairs (ctx, x, 0, 1);
}

static void
serpent_dec_pairs (const serpent_context_t *ctx, u64 x[8])
{
  serpent_pairs (ctx, x, 1, 1);
}

/* The bits of X at even positions 0, 2, ..., 62.  */
static inline u64
serpent_spread (u32 x)
{
  u64 v = x;

  v = (v | (v << 16)) & 0x0000ffff0000ffffULL;
  v = (v | (v << 8)) & 0x00ff00ff00ff00ffULL;
  v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fULL;
  v = (v | (v << 2)) & 0x3333333333333333ULL;
  v = (v | (v << 1)) & 0x5555555555555555ULL;
  return v;
}

/* The inverse: bits 0, 2, ..., 62 of V as a word.  */
static inline u32
serpent_gather (u64 v)
{
  v &= 0x5555555555555555ULL;
  v = (v | (v >> 1)) & 0x3333333333333333ULL;
  v = (v | (v >> 2)) & 0x0f0f0f0f0f0f0f0fULL;
  v = (v | (v >> 4)) & 0x00ff00ff00ff00ffULL;
  v = (v | (v >> 8)) & 0x0000ffff0000ffffULL;
  return (u32) (v | (v >> 16));
}

/* X[0..3] = the words of blocks A and B interleaved.  */
#define LOAD_PAIR(x, a, b)                                              \
  do                                                                    \
    {                                                                   \
      (x)[0] = (serpent_spread (buf_get_le32 (a))                       \
                | serpent_spread (buf_get_le32 (b)) << 1);              \
      (x)[1] = (serpent_spread (buf_get_le32 ((a) + 4))                 \
                | serpent_spread (buf_get_le32 ((b) + 4)) << 1);        \
      (x)[2] = (serpent_spread (buf_get_le32 ((a) + 8))                 \
                | serpent_spread (buf_get_le32 ((b) + 8)) << 1);        \
      (x)[3] = (serpent_spread (buf_get_le32 ((a) + 12))                \
                | serpent_spread (buf_get_le32 ((b) + 12)) << 1);       \
    }                                                                   \
  while (0)

/* The block in lane S (0 or 1) of X[0..3].  */
#define STORE_LANE(out, x, s)                                           \
  do                                                                    \
    {                                                                   \
      buf_put_le32 ((out), serpent_gather ((x)[0] >> (s)));             \
      buf_put_le32 ((out) + 4, serpent_gather ((x)[1] >> (s)));         \
      buf_put_le32 ((out) + 8, serpent_gather ((x)[2] >> (s)));         \
      buf_put_le32 ((out) + 12, serpent_gather ((x)[3] >> (s)));        \
    }                                                                   \
  while (0)

/* N blocks, 2 to 4 (a constant after inlining): pairs (0, 1) and
   (2, 3), a block without a partner paired with itself.  */
static ALWAYS_INLINE void
serpent_crypt_n (const serpent_context_t *ctx, byte *out, const byte *in,
                 size_t n, int decrypt)
{
  u64 x[8];

  LOAD_PAIR (x, in, in + 16);
  if (n > 2)
    {
      LOAD_PAIR (x + 4, in + 32, n > 3 ? in + 48 : in + 32);
      (decrypt ? serpent_dec_pairs : serpent_enc_pairs) (ctx, x);
    }
  else
    (decrypt ? serpent_dec_pair : serpent_enc_pair) (ctx, x);
  STORE_LANE (out, x, 0);
  STORE_LANE (out + 16, x, 1);
  if (n > 2)
    STORE_LANE (out + 32, x + 4, 0);
  if (n > 3)
    STORE_LANE (out + 48, x + 4, 1);
  wipememory (x, sizeof x);
}

static ALWAYS_INLINE void
serpent_crypt_blocks (const void *ctx, byte *out, const byte *in,
                      size_t nblocks, int decrypt)
{
  for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64)
    serpent_crypt_n (ctx, out, in, 4, decrypt);
  if (nblocks == 3)
    serpent_crypt_n (ctx, out, in, 3, decrypt);
  else if (nblocks == 2)
    serpent_crypt_n (ctx, out, in, 2, decrypt);
  else if (nblocks == 1)
    (decrypt ? serpent_decrypt : serpent_encrypt) (ctx, out, in);
}

static void
serpent_c_enc_blocks (const void *ctx, byte *out, const byte *in,
                      size_t nblocks)
{
  serpent_crypt_blocks (ctx, out, in, nblocks, 0);
}

static void
serpent_c_dec_blocks (const void *ctx, byte *out, const byte *in,
                      size_t nblocks)
{
  serpent_crypt_blocks (ctx, out, in, nblocks, 1);
}


/* The serial modes on one block at a time, with the chaining value in
   registers from one block to the next.  Between two blocks, K_32 of
   the block that ends, the data block and K_0 of the next meet the
   chain in one xor (the rest is ready long before the rounds end):
   A0...A3 ^= M0...M3.  */
#define CHAIN_XOR(a0, a1, a2, a3, m0, m1, m2, m3)                       \
  do                                                                    \
    {                                                                   \
      a0 ^= (m0);                                                       \
      a1 ^= (m1);                                                       \
      a2 ^= (m2);                                                       \
      a3 ^= (m3);                                                       \
    }                                                                   \
  while (0)

/* Word I at P, xored with K_32 and K_0.  */
#define DATA_W(p, i) (buf_get_le32 ((p) + 4 * (i)) ^ (k[32][i] ^ k[0][i]))
#define W(i) (k[32][i] ^ k[0][i])

/* OUT = A0...A3 ^ K_32 ^ X0...X3.  */
#define PUT_OUTPUT(out, a0, a1, a2, a3, x0, x1, x2, x3)                 \
  do                                                                    \
    {                                                                   \
      buf_put_le32 (out, (a0) ^ k[32][0] ^ (x0));                       \
      buf_put_le32 ((out) + 4, (a1) ^ k[32][1] ^ (x1));                 \
      buf_put_le32 ((out) + 8, (a2) ^ k[32][2] ^ (x2));                 \
      buf_put_le32 ((out) + 12, (a3) ^ k[32][3] ^ (x3));                \
    }                                                                   \
  while (0)

static void
serpent_c_cbc_enc (const void *context, byte *iv, byte *out, const byte *in,
                   size_t nblocks, int cbc_mac)
{
  const serpent_context_t *ctx = context;
  const u32 (*k)[4] = ctx->k1;
  u32 a0, a1, a2, a3;

  a0 = buf_get_le32 (iv) ^ k[32][0];
  a1 = buf_get_le32 (iv + 4) ^ k[32][1];
  a2 = buf_get_le32 (iv + 8) ^ k[32][2];
  a3 = buf_get_le32 (iv + 12) ^ k[32][3];
  for (; nblocks; nblocks--, in += 16)
    {
      CHAIN_XOR (a0, a1, a2, a3, DATA_W (in, 0), DATA_W (in, 1),
                 DATA_W (in, 2), DATA_W (in, 3));
      ENC1_ROUNDS (k, a0, a1, a2, a3);
      if (!cbc_mac)
        {
          PUT_OUTPUT (out, a0, a1, a2, a3, 0, 0, 0, 0);
          out += 16;
        }
    }
  PUT_OUTPUT (iv, a0, a1, a2, a3, 0, 0, 0, 0);
}

/* CFB and OFB encryption start from the IV as the input of the
   rounds; CFB feeds the ciphertext back, OFB the keystream.  OFB is a
   constant in each caller, so each gets its own loop.  */
static ALWAYS_INLINE void
serpent_c_feedback (const void *context, byte *iv, byte *out,
                    const byte *in, size_t nblocks, int ofb)
{
  const serpent_context_t *ctx = context;
  const u32 (*k)[4] = ctx->k1;
  u32 a0, a1, a2, a3;

  a0 = buf_get_le32 (iv) ^ k[0][0];
  a1 = buf_get_le32 (iv + 4) ^ k[0][1];
  a2 = buf_get_le32 (iv + 8) ^ k[0][2];
  a3 = buf_get_le32 (iv + 12) ^ k[0][3];
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      ENC1_ROUNDS (k, a0, a1, a2, a3);
      if (ofb)
        {
          PUT_OUTPUT (out, a0, a1, a2, a3, buf_get_le32 (in),
                      buf_get_le32 (in + 4), buf_get_le32 (in + 8),
                      buf_get_le32 (in + 12));
          CHAIN_XOR (a0, a1, a2, a3, W (0), W (1), W (2), W (3));
        }
      else
        {
          CHAIN_XOR (a0, a1, a2, a3, DATA_W (in, 0), DATA_W (in, 1),
                     DATA_W (in, 2), DATA_W (in, 3));
          buf_put_le32 (out, a0 ^ k[0][0]);
          buf_put_le32 (out + 4, a1 ^ k[0][1]);
          buf_put_le32 (out + 8, a2 ^ k[0][2]);
          buf_put_le32 (out + 12, a3 ^ k[0][3]);
        }
    }
  buf_put_le32 (iv, a0 ^ k[0][0]);
  buf_put_le32 (iv + 4, a1 ^ k[0][1]);
  buf_put_le32 (iv + 8, a2 ^ k[0][2]);
  buf_put_le32 (iv + 12, a3 ^ k[0][3]);
}

static void
serpent_c_cfb_enc (const void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks)
{
  serpent_c_feedback (ctx, iv, out, in, nblocks, 0);
}

static void
serpent_c_ofb_enc (const void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks)
{
  serpent_c_feedback (ctx, iv, out, in, nblocks, 1);
}


/* X = SBj (X): S-box J with its masks, as the round function uses it.  */
static ALWAYS_INLINE void
serpent_sbox (unsigned int j, u32 x[4])
{
  u32 x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];

  switch (j)
    {
    case 0: SB0 (x0, x1, x2, x3); break;
    case 1: SB1 (x0, x1, x2, x3); break;
    case 2: SB2 (x0, x1, x2, x3); break;
    case 3: SB3 (x0, x1, x2, x3); break;
    case 4: SB4 (x0, x1, x2, x3); break;
    case 5: SB5 (x0, x1, x2, x3); break;
    case 6: SB6 (x0, x1, x2, x3); break;
    default: SB7 (x0, x1, x2, x3); break;
    }
  x[0] = x0;
  x[1] = x1;
  x[2] = x2;
  x[3] = x3;
}

/* Bit B of nibble J of MASKS, spread over a word.  */
#define MASK_WORD(masks, j, b) (-(((u32) (masks) >> (4 * (j) + (b))) & 1))

/* Prekey w_k from the eight words before it, w_k-1 ... w_k-8 in
   R[0...7], which then moves on by one; N is k + 8.  Inlined and
   unrolled, R stays in registers, where words read back from memory
   would put a store and a load on the chain.  The rotation is applied
   to w_k-1 and to the other terms apart, so that the chain is one
   rotation and one xor a prekey: rotated once at the end, the compiler
   put w_k-1 first in the row of xors.  */
static ALWAYS_INLINE u32
serpent_prekey (unsigned int n, u32 r[8])
{
  u32 t = r[7] ^ r[4] ^ r[2] ^ 0x9e3779b9 ^ (n - 8);
  u32 v = rol32 (t, 11) ^ rol32 (r[0], 11);

  r[7] = r[6];
  r[6] = r[5];
  r[5] = r[4];
  r[4] = r[3];
  r[3] = r[2];
  r[2] = r[1];
  r[1] = r[0];
  r[0] = v;
  return v;
}

/* The prekeys w_4i...w_4i+3 (R as serpent_prekey takes it), then
   K_i, i <= 32, from them into K of CTX.  P is i mod 8, given apart so
   that, with this function inlined where P is a constant, the S-box is
   chosen and the masks are folded at compile time: all they depend on
   is P.  The S-box work of one subkey does not wait for the chain of
   the next prekeys, so the processor runs the two side by side.  */
static ALWAYS_INLINE void
serpent_subkey (serpent_context_t *ctx, u32 r[8], unsigned int i,
                unsigned int p)
{
  unsigned int j = (3 - p) & 7, q = (p - 1) & 7;
  u32 x[4], m0, m1, m2, m3;

  /* K_i = S_j (w_4i, ..., w_4i+3) for j = (3 - i) mod 8.  */
  x[0] = (serpent_prekey (8 + 4 * i, r)
          ^ MASK_WORD (SERPENT_IN_MASKS, j, 0));
  x[1] = (serpent_prekey (9 + 4 * i, r)
          ^ MASK_WORD (SERPENT_IN_MASKS, j, 1));
  x[2] = (serpent_prekey (10 + 4 * i, r)
          ^ MASK_WORD (SERPENT_IN_MASKS, j, 2));
  x[3] = (serpent_prekey (11 + 4 * i, r)
          ^ MASK_WORD (SERPENT_IN_MASKS, j, 3));
  serpent_sbox (j, x);
  x[0] ^= MASK_WORD (SERPENT_OUT_MASKS, j, 0);
  x[1] ^= MASK_WORD (SERPENT_OUT_MASKS, j, 1);
  x[2] ^= MASK_WORD (SERPENT_OUT_MASKS, j, 2);
  x[3] ^= MASK_WORD (SERPENT_OUT_MASKS, j, 3);

  /* Round i, i < 32, expects its S-box input xored with that S-box's
     input mask, and its state carries the previous S-box's output mask
     through the linear transformation; the output of the last S-box
     keeps its mask until K_32.  */
  if (i < 32)
    {
      x[0] ^= MASK_WORD (SERPENT_IN_MASKS, p, 0);
      x[1] ^= MASK_WORD (SERPENT_IN_MASKS, p, 1);
      x[2] ^= MASK_WORD (SERPENT_IN_MASKS, p, 2);
      x[3] ^= MASK_WORD (SERPENT_IN_MASKS, p, 3);
    }
  if (i > 0)
    {
      m0 = MASK_WORD (SERPENT_OUT_MASKS, q, 0);
      m1 = MASK_WORD (SERPENT_OUT_MASKS, q, 1);
      m2 = MASK_WORD (SERPENT_OUT_MASKS, q, 2);
      m3 = MASK_WORD (SERPENT_OUT_MASKS, q, 3);
      if (i < 32)
        LT32 (m0, m1, m2, m3);
      x[0] ^= m0;
      x[1] ^= m1;
      x[2] ^= m2;
      x[3] ^= m3;
    }
  memcpy (ctx->k[i], x, sizeof x);
}

/* K1[I...I+7] of CTX from K[I...I+7], I < 32 a multiple of 8, all as
   K1[1...31]: the caller then copies K[0] into K1[0].  LT_KEY32 adds K'_1 and K'_3 of the next
   round before the rotations by 1 and 7, so they are rotated back; the
   new X1 and X3 thus carry their keys into X0 and X2, for which K'_0
   and K'_2 make up before the last rotations.  In SSE2, four subkeys
   at a time with their words transposed: done in the integer units
   along with the subkeys themselves, this cost more than the
   transposes.  */
#if defined(__GNUC__) && defined(__SSE2__)
# include <emmintrin.h>
# define ROR_V(x, n) _mm_or_si128 (_mm_srli_epi32 ((x), (n)),           \
                                   _mm_slli_epi32 ((x), 32 - (n)))

static void
serpent_k1_rows (serpent_context_t *ctx, unsigned int i)
{
  unsigned int end = i + 8;

  for (; i < end; i += 4)
    {
      __m128i a = _mm_loadu_si128 ((const __m128i *) ctx->k[i]);
      __m128i b = _mm_loadu_si128 ((const __m128i *) ctx->k[i + 1]);
      __m128i c = _mm_loadu_si128 ((const __m128i *) ctx->k[i + 2]);
      __m128i d = _mm_loadu_si128 ((const __m128i *) ctx->k[i + 3]);
      __m128i t0 = _mm_unpacklo_epi32 (a, b);
      __m128i t1 = _mm_unpackhi_epi32 (a, b);
      __m128i t2 = _mm_unpacklo_epi32 (c, d);
      __m128i t3 = _mm_unpackhi_epi32 (c, d);
      __m128i x0 = _mm_unpacklo_epi64 (t0, t2);
      __m128i x1 = _mm_unpackhi_epi64 (t0, t2);
      __m128i x2 = _mm_unpacklo_epi64 (t1, t3);
      __m128i x3 = _mm_unpackhi_epi64 (t1, t3);
      __m128i y0, y1, y2, y3;

      y0 = _mm_xor_si128 (ROR_V (x0, 5), _mm_xor_si128 (x1, x3));
      y1 = ROR_V (x1, 1);
      y2 = _mm_xor_si128 (ROR_V (x2, 22),
                          _mm_xor_si128 (x3, _mm_slli_epi32 (x1, 7)));
      y3 = ROR_V (x3, 7);
      t0 = _mm_unpacklo_epi32 (y0, y1);
      t1 = _mm_unpackhi_epi32 (y0, y1);
      t2 = _mm_unpacklo_epi32 (y2, y3);
      t3 = _mm_unpackhi_epi32 (y2, y3);
      _mm_storeu_si128 ((__m128i *) ctx->k1[i], _mm_unpacklo_epi64 (t0, t2));
      _mm_storeu_si128 ((__m128i *) ctx->k1[i + 1],
                        _mm_unpackhi_epi64 (t0, t2));
      _mm_storeu_si128 ((__m128i *) ctx->k1[i + 2],
                        _mm_unpacklo_epi64 (t1, t3));
      _mm_storeu_si128 ((__m128i *) ctx->k1[i + 3],
                        _mm_unpackhi_epi64 (t1, t3));
    }
}
#else
static void
serpent_k1_rows (serpent_context_t *ctx, unsigned int i)
{
  unsigned int end = i + 8;
  const u32 *x;

  for (; i < end; i++)
    {
      x = ctx->k[i];
      ctx->k1[i][0] = ror32 (x[0], 5) ^ x[1] ^ x[3];
      ctx->k1[i][1] = ror32 (x[1], 1);
      ctx->k1[i][2] = ror32 (x[2], 22) ^ x[3] ^ (x[1] << 7);
      ctx->k1[i][3] = ror32 (x[3], 7);
    }
}
#endif

/* K2 of the context from K: every bit of a word doubled, as
   serpent_spread (x) * 3.  In SSSE3 a nibble at a time, from a table of
   16 bytes in a register, 8 bytes in one instruction; the word at a
   time in C, spreading was more than half the cost of setkey.  */
#if defined(__GNUC__) && defined(__x86_64__) && defined(ENABLE_SSSE3_SUPPORT)
# include <tmmintrin.h>
# define SERPENT_SPREAD_SSSE3 1

static void __attribute__ ((target ("ssse3")))
serpent_spread_ssse3 (u64 *out, const u32 *in, size_t n)
{
  const __m128i tab = _mm_setr_epi8 (0x00, 0x03, 0x0c, 0x0f, 0x30, 0x33,
                                     0x3c, 0x3f, (char) 0xc0, (char) 0xc3,
                                     (char) 0xcc, (char) 0xcf, (char) 0xf0,
                                     (char) 0xf3, (char) 0xfc, (char) 0xff);
  const __m128i nib = _mm_set1_epi8 (0x0f);
  size_t i;

  for (i = 0; i < n; i += 4)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (in + i));
      __m128i lo = _mm_shuffle_epi8 (tab, _mm_and_si128 (v, nib));
      __m128i hi = _mm_shuffle_epi8 (tab, _mm_and_si128 (_mm_srli_epi16 (v, 4),
                                                         nib));

      _mm_storeu_si128 ((__m128i *) (out + i), _mm_unpacklo_epi8 (lo, hi));
      _mm_storeu_si128 ((__m128i *) (out + i + 2),
                        _mm_unpackhi_epi8 (lo, hi));
    }
}
#endif

/* K2[I...I+N-1] of CTX from K[I...I+N-1].  */
static void
serpent_spread_keys (serpent_context_t *ctx, unsigned int i, unsigned int n,
                     unsigned int hwf)
{
  unsigned int j;

#ifdef SERPENT_SPREAD_SSSE3
  if (hwf & HWF_SSSE3)
    {
      serpent_spread_ssse3 (ctx->k2[i], ctx->k[i], 4 * n);
      return;
    }
#endif
  (void) hwf;
  for (; n; n--, i++)
    for (j = 0; j < 4; j++)
      ctx->k2[i][j] = serpent_spread (ctx->k[i][j]) * 3;
}

/* The subkeys are written out eight at a time, one per S-box, with
   constant masks: looping over all 33 with the S-box chosen at run time
   (a jump through a table) and the masks computed each time, setkey
   took five times as long.  */
static gpg_err_code_t
serpent_setkey (void *context, const byte *key, size_t keylen,
                const cipher_setkey_args_t *args)
{
  serpent_context_t *ctx = context;
  u32 w[8];                     /* The key, padded.  */
  u32 r[8];
  unsigned int i, hwf = args ? args->hwf : 0;

  if (keylen != 16 && keylen != 24 && keylen != 32)
    return GPG_ERR_INV_KEYLEN;

  /* A short key is padded to 256 bits with a 1 bit above its most
     significant bit, then zeros.  */
  memset (w, 0, sizeof w);
  for (i = 0; i < keylen / 4; i++)
    w[i] = buf_get_le32 (key + 4 * i);
  if (keylen < 32)
    w[i] = 1;

  r[0] = w[7];
  r[1] = w[6];
  r[2] = w[5];
  r[3] = w[4];
  r[4] = w[3];
  r[5] = w[2];
  r[6] = w[1];
  r[7] = w[0];
  for (i = 0; i < 32; i += 8)
    {
      serpent_subkey (ctx, r, i, 0);
      serpent_subkey (ctx, r, i + 1, 1);
      serpent_subkey (ctx, r, i + 2, 2);
      serpent_subkey (ctx, r, i + 3, 3);
      serpent_subkey (ctx, r, i + 4, 4);
      serpent_subkey (ctx, r, i + 5, 5);
      serpent_subkey (ctx, r, i + 6, 6);
      serpent_subkey (ctx, r, i + 7, 7);
      /* Here rather than after the loop, the vector work of K1 and
         K2 runs beside the next subkeys' integer work.  */
      serpent_k1_rows (ctx, i);
      serpent_spread_keys (ctx, i, 8, hwf);
    }
  serpent_subkey (ctx, r, 32, 0);
  serpent_spread_keys (ctx, 32, 1, hwf);
  /* The first and the last subkey are added as they are.  */
  memcpy (ctx->k1[0], ctx->k[0], sizeof ctx->k[0]);
  memcpy (ctx->k1[32], ctx->k[32], sizeof ctx->k[32]);

  wipememory (w, sizeof w);

  if (args && args->bulk)
    BULK_SELECT (args, serpent_impls);
  return 0;
}


/* NESSIE test vectors, files Serpent-128-128.verified.test-vectors,
   Serpent-192-128... and Serpent-256-128...: set 4 vector 0 for each
   key size (the key is the first 16, 24 or 32 bytes of 00 01 02 ...,
   the plaintext 00 11 22 ... ff) and set 1 vector 0 for 128-bit keys
   (key 80 00 ... 00, zero plaintext).  */
static const char *
serpent_selftest (void)
{
  static const byte key[32] =
    {
      0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
      0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
      0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
      0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f
    };
  static const byte plaintext[16] =
    {
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
    };
  static const struct
  {
    size_t keylen;
    byte ciphertext[16];
    const char *failed;
  } tv[] =
    {
      { 16, { 0x56, 0x3e, 0x2c, 0xf8, 0x74, 0x0a, 0x27, 0xc1,
              0x64, 0x80, 0x45, 0x60, 0x39, 0x1e, 0x9b, 0x27 },
        "Serpent-128 set 4 vector 0" },
      { 24, { 0x6a, 0xb8, 0x16, 0xc8, 0x2d, 0xe5, 0x3b, 0x93,
              0x00, 0x50, 0x08, 0xaf, 0xa2, 0x24, 0x6a, 0x02 },
        "Serpent-192 set 4 vector 0" },
      { 32, { 0x28, 0x68, 0xb7, 0xa2, 0xd2, 0x8e, 0xcd, 0x5e,
              0x4f, 0xde, 0xfa, 0xc3, 0xc4, 0x33, 0x00, 0x74 },
        "Serpent-256 set 4 vector 0" }
    };
  static const byte key1[16] = { 0x80 };
  static const byte cipher1[16] =
    {
      0x26, 0x4e, 0x54, 0x81, 0xef, 0xf4, 0x2a, 0x46,
      0x06, 0xab, 0xda, 0x06, 0xc0, 0xbf, 0xda, 0x3d
    };
  serpent_context_t ctx;
  byte buf[5 * 16];
  size_t i;

  for (i = 0; i < DIM (tv); i++)
    {
      serpent_setkey (&ctx, key, tv[i].keylen, NULL);
      serpent_encrypt (&ctx, buf, plaintext);
      if (memcmp (buf, tv[i].ciphertext, 16))
        return tv[i].failed;
      serpent_decrypt (&ctx, buf, buf);
      if (memcmp (buf, plaintext, 16))
        return tv[i].failed;
    }

  /* The kernels on five blocks in place: two pairs, then one block.  */
  memset (buf, 0, sizeof buf);
  serpent_setkey (&ctx, key1, 16, NULL);
  serpent_c_enc_blocks (&ctx, buf, buf, 5);
  for (i = 0; i < 5; i++)
    if (memcmp (buf + 16 * i, cipher1, 16))
      return "Serpent-128 set 1 vector 0";
  serpent_c_dec_blocks (&ctx, buf, buf, 5);
  for (i = 0; i < sizeof buf; i++)
    if (buf[i])
      return "Serpent-128 set 1 vector 0";
  return NULL;
}


static const char *const serpent128_aliases[] =
  { "SERPENT-128", "SERPENT", NULL };
static const char *const serpent192_aliases[] = { "SERPENT-192", NULL };
static const char *const serpent256_aliases[] = { "SERPENT-256", NULL };

const cipher_spec_t _bcry_cipher_spec_serpent128 =
  {
    BCRY_CIPHER_SERPENT128, "SERPENT128", serpent128_aliases, 16, 128,
    sizeof (serpent_context_t), serpent_setkey, serpent_encrypt,
    serpent_decrypt, serpent_selftest
  };

const cipher_spec_t _bcry_cipher_spec_serpent192 =
  {
    BCRY_CIPHER_SERPENT192, "SERPENT192", serpent192_aliases, 16, 192,
    sizeof (serpent_context_t), serpent_setkey, serpent_encrypt,
    serpent_decrypt, serpent_selftest
  };

const cipher_spec_t _bcry_cipher_spec_serpent256 =
  {
    BCRY_CIPHER_SERPENT256, "SERPENT256", serpent256_aliases, 16, 256,
    sizeof (serpent_context_t), serpent_setkey, serpent_encrypt,
    serpent_decrypt, serpent_selftest
  };
