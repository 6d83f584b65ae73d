/* aes.c - AES (Rijndael) with 128, 192 and 256-bit keys, portable C
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The Advanced Encryption Standard of FIPS 197.  A round is computed
 * with T-tables, which merge SubBytes, ShiftRows and MixColumns into
 * four lookups and XORs per column (Daemen and Rijmen, "AES Proposal:
 * Rijndael", 1999, section 5.2); decryption runs the
 * equivalent inverse cipher of FIPS 197 section 5.3.5, which has the
 * same shape with InvMixColumns folded into its round keys.  This is
 * the portable entry of the implementation table, the one every
 * machine can use; SIMD entries go above it.  The tables are in
 * aes-tables.h, the x86-64 key schedules in aes-setkey-amd64.h.
 */

#include <config.h>

#include "bufhelp.h"
#include "cipher-proto.h"
#include "simd-kernels.h"
#include "ghash.h"

#define AES_MAX_ROUNDS 14

/* Round keys as columns, 4 words a round.  A column is a word whose
   byte r (bits 8r to 8r+7) is row r of the state, so loading a block
   with buf_get_le32 yields the columns on any byte order.  The
   structure is plain data: the cipher layer copies and wipes it by
   size.  */
typedef struct
{
  u32 ekey[4 * (AES_MAX_ROUNDS + 1)];   /* Cipher.  */
  u32 dkey[4 * (AES_MAX_ROUNDS + 1)];   /* Equivalent inverse cipher.  */
  unsigned int rounds;                  /* 10, 12 or 14.  */
#ifdef USE_AES_SSSE3
  /* The round keys of cipher/aes-ssse3-amd64.S, for the cipher and the
     equivalent inverse cipher, in its tower-field basis; built by setkey
     when that entry can run.  */
  byte ssse3_key[2][AES_MAX_ROUNDS + 1][16];
#endif
  /* The one-block functions run AES-NI: set at setkey from the
     handle's features.  */
  unsigned int use_aesni;
#ifdef USE_AES_ARMCE
  /* The same with the ARMv8 crypto extension.  */
  unsigned int use_armce;
#endif
} AES_context;

_Static_assert (offsetof (AES_context, ekey) == AES_CTX_EKEY
                && offsetof (AES_context, dkey) == AES_CTX_DKEY
                && offsetof (AES_context, rounds) == AES_CTX_ROUNDS,
                "src/kernel-state.h: AES_context");
#ifdef USE_AES_SSSE3
_Static_assert (offsetof (AES_context, ssse3_key) == AES_CTX_SSSE3_ENC
                && offsetof (AES_context, ssse3_key[1])
                   == AES_CTX_SSSE3_DEC,
                "src/kernel-state.h: AES_context");
#endif


#include "aes-tables.h"
    0x55, 0x21, 0x0c, 0x7d
  };

static void aes_c_enc_blocks (const void *context, byte *out, const byte *in,
                              size_t nblocks);
static void aes_c_dec_blocks (const void *context, byte *out, const byte *in,
                              size_t nblocks);
static void aes_c_ctr_enc (const void *context, byte *ctr, byte *out,
                           const byte *in, size_t nblocks);

#if defined(USE_AES_VAES_AVX512) || defined(USE_AES_VAES_AVX2)
/* The VAES kernels of aes-vaes-amd64.h, on the schedule as it is.  */
# define AES_VAES_KERNELS(isa, n)                                       \
  void _bcry_aes_##isa##_enc_blk##n (const void *ctx, byte *out,        \
                                     const byte *in, size_t nblocks);   \
  void _bcry_aes_##isa##_dec_blk##n (const void *ctx, byte *out,        \
                                     const byte *in, size_t nblocks);   \
  void _bcry_aes_##isa##_ctr_enc_blk##n (const void *ctx, byte *ctr,    \
                                         byte *out, const byte *in,     \
                                         size_t nblocks);               \
  void _bcry_aes_##isa##_ctr32le_enc_blk##n (const void *ctx, byte *ctr, \
                                             byte *out, const byte *in, \
                                             size_t nblocks);           \
  void _bcry_aes_##isa##_cbc_dec_blk##n (const void *ctx, byte *iv,     \
                                         byte *out, const byte *in,     \
                                         size_t nblocks);               \
  void _bcry_aes_##isa##_cfb_dec_blk##n (const void *ctx, byte *iv,     \
                                         byte *out, const byte *in,     \
                                         size_t nblocks);               \
  void _bcry_aes_##isa##_xts_crypt_blk##n (const void *ctx, byte *tweak, \
                                           byte *out, const byte *in,   \
                                           size_t nblocks, int encrypt); \
  void _bcry_aes_##isa##_ocb_crypt_blk##n (const void *ctx,             \
                                           bulk_ocb_state_t *st,        \
                                           byte *out, const byte *in,   \
                                           size_t nblocks, int encrypt); \
  void _bcry_aes_##isa##_ocb_auth_blk##n (const void *ctx,              \
                                          bulk_ocb_state_t *st,         \
                                          const byte *abuf,             \
                                          size_t nblocks);              \
  void _bcry_aes_##isa##_whiten_blk##n (const void *ctx, byte *out,     \
                                        const byte *in, const byte *w,  \
                                        size_t nblocks, unsigned int flags)
# define AES_VAES_ENTRY(isa, str, n, w, features, min)                  \
  .name = str, .hwf = (features), .width = w, .min_blocks = min,       \
  .enc = _bcry_aes_##isa##_enc_blk##n,                                  \
  .dec = _bcry_aes_##isa##_dec_blk##n,                                  \
  .ctr_enc = _bcry_aes_##isa##_ctr_enc_blk##n,                          \
  .ctr32le_enc = _bcry_aes_##isa##_ctr32le_enc_blk##n,                  \
  .cbc_dec = _bcry_aes_##isa##_cbc_dec_blk##n,                          \
  .cfb_dec = _bcry_aes_##isa##_cfb_dec_blk##n,                          \
  .xts_crypt = _bcry_aes_##isa##_xts_crypt_blk##n,                      \
  .ocb_crypt = _bcry_aes_##isa##_ocb_crypt_blk##n,                      \
  .ocb_auth = _bcry_aes_##isa##_ocb_auth_blk##n,                        \
  .whiten = _bcry_aes_##isa##_whiten_blk##n
/* The kernels loop over register passes of N (32 or 16) blocks and
   take any count: a call of several passes sets the round keys up and
   clears the registers once for all of them, so the mode hooks hand
   them whole runs (a 4 KiB buffer in one call).  */
# define AES_VAES_WIDTH 0
#endif
#ifdef USE_AES_VAES_AVX512
AES_VAES_KERNELS (vaes_avx512, 32);
/* Stitched CTR and GHASH, any count; it reads POW32, which
   _bcry_ghash_need_stitch fills under the ZMM GHASH (this entry's
   features imply that GHASH's).  */
void _bcry_aes_vaes_avx512_gcm_crypt_blk32 (const void *ctx, void *gh,
                                            byte *ctr, byte *out,
                                            const byte *in,
                                            const byte *hash,
                                            size_t nblocks);
/* The same with GCM-SIV's counter and POLYVAL.  */
void _bcry_aes_vaes_avx512_gcm_siv_crypt_blk32 (const void *ctx, void *gh,
                                                byte *ctr, byte *out,
                                                const byte *in,
                                                const byte *hash,
                                                size_t nblocks);
#endif
#ifdef USE_AES_VAES_AVX2
AES_VAES_KERNELS (vaes_avx2, 16);
#endif
#ifdef USE_AES_AESNI
/* cipher/aes-aesni-amd64.S, any count in groups of eight.  */
void _bcry_aes_aesni_enc (const void *ctx, byte *out, const byte *in,
                          size_t nblocks);
void _bcry_aes_aesni_dec (const void *ctx, byte *out, const byte *in,
                          size_t nblocks);
void _bcry_aes_aesni_ctr_enc (const void *ctx, byte *ctr, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_aesni_ctr32le_enc (const void *ctx, byte *ctr, byte *out,
                                  const byte *in, size_t nblocks);
void _bcry_aes_aesni_cbc_dec (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_aesni_cfb_dec (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_aesni_xts_crypt (const void *ctx, byte *tweak, byte *out,
                                const byte *in, size_t nblocks,
                                int encrypt);
void _bcry_aes_aesni_ocb_crypt (const void *ctx, bulk_ocb_state_t *st,
                                byte *out, const byte *in, size_t nblocks,
                                int encrypt);
void _bcry_aes_aesni_ocb_auth (const void *ctx, bulk_ocb_state_t *st,
                               const byte *abuf, size_t nblocks);
void _bcry_aes_aesni_cbc_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks, int cbc_mac);
void _bcry_aes_aesni_cfb_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_aesni_ofb_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_aesni_mac_ctr (const void *ctx, byte *mac, byte *ctr,
                              byte *out, const byte *in, size_t nblocks,
                              int mac_out);

#endif
#ifdef USE_AES_ARMCE
#include "aes-armce-aarch64.h"
#define AES_ARMCE_HWF (HWF_ARM_AES | HWF_NEON)
#endif
#ifdef USE_AES_SSSE3
/* cipher/aes-ssse3-amd64.S: Hamburg's vector-permute AES, constant
   time, on the schedule of _bcry_aes_ssse3_prepare; the parallel
   kernels take any count, the serial ones any number of blocks.  */
void _bcry_aes_ssse3_enc_blk8 (const void *ctx, byte *out, const byte *in,
                               size_t nblocks);
void _bcry_aes_ssse3_dec_blk8 (const void *ctx, byte *out, const byte *in,
                               size_t nblocks);
void _bcry_aes_ssse3_ctr_enc_blk8 (const void *ctx, byte *ctr, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_aes_ssse3_cbc_dec_blk8 (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_aes_ssse3_cfb_dec_blk8 (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_aes_ssse3_whiten_blk8 (const void *ctx, byte *out, const byte *in,
                                  const byte *w, size_t nblocks,
                                  unsigned int flags);
void _bcry_aes_ssse3_cbc_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks, int cbc_mac);
void _bcry_aes_ssse3_cfb_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
void _bcry_aes_ssse3_ofb_enc (const void *ctx, byte *iv, byte *out,
                              const byte *in, size_t nblocks);
u32 _bcry_aes_ssse3_sub_word (u32 w);
void _bcry_aes_ssse3_prepare (AES_context *ctx);

#define AES_SSSE3_HWF (HWF_SSE2 | HWF_SSSE3)
#endif

/* Widest first.  The portable entry stays last: it needs no CPU
   feature and takes any number of blocks.  */
static const bulk_impl_t aes_impls[] =
  {
#ifdef USE_AES_VAES_AVX512
    /* min_blocks 9 for both VAES entries: the aesni entry's eight
       lanes take up to eight blocks in less time (doc/HACKING, "Tuning
       notes", AES VAES min_blocks).  */
    { AES_VAES_ENTRY (vaes_avx512, "vaes-avx512", 32, AES_VAES_WIDTH,
                      HWF_VAES | HWF_VPCLMUL | HWF_AVX512 | HWF_AVX2
                      | HWF_BMI2, 9),
# ifdef GHASH_USE_VPCLMUL512
      .gcm_crypt = _bcry_aes_vaes_avx512_gcm_crypt_blk32,
      .gcm_siv_crypt = _bcry_aes_vaes_avx512_gcm_siv_crypt_blk32,
# endif
    },
#endif
#ifdef USE_AES_VAES_AVX2
    { AES_VAES_ENTRY (vaes_avx2, "vaes-avx2", 16, AES_VAES_WIDTH,
                      HWF_VAES | HWF_VPCLMUL | HWF_AVX2 | HWF_AVX, 9) },
#endif
#ifdef USE_AES_AESNI
    /* AESENC on XMM, legacy SSE encoding (no AVX needed), and the serial
       kernels.  One call costs less than one block of the C.  */
    { .name = "aesni", .hwf = HWF_AESNI | HWF_SSE2, .width = 0,
      .min_blocks = 1,
      .enc = _bcry_aes_aesni_enc, .dec = _bcry_aes_aesni_dec,
      .ctr_enc = _bcry_aes_aesni_ctr_enc,
      .ctr32le_enc = _bcry_aes_aesni_ctr32le_enc,
      .cbc_dec = _bcry_aes_aesni_cbc_dec, .cfb_dec = _bcry_aes_aesni_cfb_dec,
      .xts_crypt = _bcry_aes_aesni_xts_crypt,
      .ocb_crypt = _bcry_aes_aesni_ocb_crypt,
      .ocb_auth = _bcry_aes_aesni_ocb_auth,
      .cbc_enc = _bcry_aes_aesni_cbc_enc, .cfb_enc = _bcry_aes_aesni_cfb_enc,
      .ofb_enc = _bcry_aes_aesni_ofb_enc, .mac_ctr = _bcry_aes_aesni_mac_ctr,
      /* The counter lane runs in the MAC chain's latency
         (doc/HACKING, "Tuning notes", AES mac_ctr).  */
      .mac_ctr_free = 1 },
#endif
#ifdef USE_AES_ARMCE
    /* AESE/AESD with the serial kernels; like aesni, one call costs less
       than one block of the C.  GCM and GCM-SIV stitched with the PMULL
       GHASH: fewer instructions than the two passes (doc/HACKING,
       "Tuning notes").  */
    { .name = "armce", .hwf = AES_ARMCE_HWF, .width = 0, .min_blocks = 1,
      .enc = _bcry_aes_armce_enc, .dec = _bcry_aes_armce_dec,
      .ctr_enc = _bcry_aes_armce_ctr_enc,
      .ctr32le_enc = _bcry_aes_armce_ctr32le_enc,
      .gcm_crypt = _bcry_aes_armce_gcm_crypt,
      .gcm_siv_crypt = _bcry_aes_armce_gcm_siv_crypt,
      .cbc_dec = _bcry_aes_armce_cbc_dec, .cfb_dec = _bcry_aes_armce_cfb_dec,
      .xts_crypt = _bcry_aes_armce_xts_crypt,
      .ocb_crypt = _bcry_aes_armce_ocb_crypt,
      .ocb_auth = _bcry_aes_armce_ocb_auth,
      .cbc_enc = _bcry_aes_armce_cbc_enc, .cfb_enc = _bcry_aes_armce_cfb_enc,
      .ofb_enc = _bcry_aes_armce_ofb_enc, .mac_ctr = _bcry_aes_armce_mac_ctr },
#endif
#ifdef USE_AES_SSSE3
    /* min_blocks 1: a shorter run on the T-tables would undo the
       constant time (doc/HACKING, "Tuning notes", AES SSSE3).  */
    { .name = "ssse3", .hwf = AES_SSSE3_HWF, .width = 8, .min_blocks = 1,
      .enc = _bcry_aes_ssse3_enc_blk8, .dec = _bcry_aes_ssse3_dec_blk8,
      .ctr_enc = _bcry_aes_ssse3_ctr_enc_blk8,
      .cbc_dec = _bcry_aes_ssse3_cbc_dec_blk8,
      .cfb_dec = _bcry_aes_ssse3_cfb_dec_blk8,
      .whiten = _bcry_aes_ssse3_whiten_blk8,
      .cbc_enc = _bcry_aes_ssse3_cbc_enc, .cfb_enc = _bcry_aes_ssse3_cfb_enc,
      .ofb_enc = _bcry_aes_ssse3_ofb_enc },
#endif
    { .name = "c", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = aes_c_enc_blocks, .dec = aes_c_dec_blocks,
      .ctr_enc = aes_c_ctr_enc }
  };


/* Cache-timing mitigation, not a guarantee.  Which table lines a lookup
   touches depends on key and data, and a lookup that misses the cache
   takes longer.  Reading every line of the tables at the start of each
   kernel call makes the lookups that follow hit the cache unless
   something evicts the lines meanwhile; it does not help against an
   attacker who evicts lines during the computation or who measures
   cache-bank conflicts.  Where timing must not depend on secrets, use
   an implementation built on the AES instructions.

   The stride is 64 bytes, the cache line of x86-64 and ARMv8 cores; the
   tables are aligned to it and are multiples of 256 bytes long.  The
   loop is unrolled because a one-block call (CBC encryption, the serial
   modes) pays for the prefetch every block: unrolled at this stride it
   hides behind the rounds, while a plain loop at a 32-byte stride made
   that path 40-100 % slower on x86-64.  */
static void
prefetch_table (const void *table, size_t len)
{
  const volatile byte *p = table;
  size_t i;

  for (i = 0; i < len; i += 4 * 64)
    {
      (void) p[i];
      (void) p[i + 64];
      (void) p[i + 128];
      (void) p[i + 192];
    }
}

#define BYTE0(x) ((x) & 0xff)
#define BYTE1(x) (((x) >> 8) & 0xff)
#define BYTE2(x) (((x) >> 16) & 0xff)
#define BYTE3(x) ((x) >> 24)

#define SBOX(x) ((enc_T[0][x] >> 8) & 0xff)

/* Output column of a round from input columns A, B, C, D, taking row r
   from the r-th of them: the caller's choice of columns is ShiftRows
   (or InvShiftRows).  */
#define ENC_COL(a, b, c, d)                                             \
  (enc_T[0][BYTE0 (a)] ^ enc_T[1][BYTE1 (b)]                            \
   ^ enc_T[2][BYTE2 (c)] ^ enc_T[3][BYTE3 (d)])
#define DEC_COL(a, b, c, d)                                             \
  (dec_T[0][BYTE0 (a)] ^ dec_T[1][BYTE1 (b)]                            \
   ^ dec_T[2][BYTE2 (c)] ^ dec_T[3][BYTE3 (d)])
/* The last round has no MixColumns: row r takes S(x) from the byte lane
   r of enc_T[(r + 2) % 4], where the rotation has put it.  */
#define ENC_LAST_COL(a, b, c, d)                                        \
  ((enc_T[2][BYTE0 (a)] & 0x000000ff) ^ (enc_T[3][BYTE1 (b)] & 0x0000ff00) \
   ^ (enc_T[0][BYTE2 (c)] & 0x00ff0000) ^ (enc_T[1][BYTE3 (d)] & 0xff000000))
#define DEC_LAST_COL(a, b, c, d)                                        \
  ((u32) inv_sbox[BYTE0 (a)] ^ ((u32) inv_sbox[BYTE1 (b)] << 8)         \
   ^ ((u32) inv_sbox[BYTE2 (c)] << 16) ^ ((u32) inv_sbox[BYTE3 (d)] << 24))

/* One round from the state s0-s3 into t0-t3 with round key RK.  The
   names are pasted so that a second block's state, sb0-sb3 and
   tb0-tb3, can run through the same macros.  */
#define ENC_ROUND_COLS(t, s, rk, COL)                                   \
  do                                                                    \
    {                                                                   \
      t##0 = COL (s##0, s##1, s##2, s##3) ^ (rk)[0];                    \
      t##1 = COL (s##1, s##2, s##3, s##0) ^ (rk)[1];                    \
      t##2 = COL (s##2, s##3, s##0, s##1) ^ (rk)[2];                    \
      t##3 = COL (s##3, s##0, s##1, s##2) ^ (rk)[3];                    \
    }                                                                   \
  while (0)
#define DEC_ROUND_COLS(t, s, rk, COL)                                   \
  do                                                                    \
    {                                                                   \
      t##0 = COL (s##0, s##3, s##2, s##1) ^ (rk)[0];                    \
      t##1 = COL (s##1, s##0, s##3, s##2) ^ (rk)[1];                    \
      t##2 = COL (s##2, s##1, s##0, s##3) ^ (rk)[2];                    \
      t##3 = COL (s##3, s##2, s##1, s##0) ^ (rk)[3];                    \
    }                                                                   \
  while (0)

#define ENC_ROUND(t, s, rk) ENC_ROUND_COLS (t, s, rk, ENC_COL)
#define ENC_LAST(t, s, rk) ENC_ROUND_COLS (t, s, rk, ENC_LAST_COL)
#define DEC_ROUND(t, s, rk) DEC_ROUND_COLS (t, s, rk, DEC_COL)
#define DEC_LAST(t, s, rk) DEC_ROUND_COLS (t, s, rk, DEC_LAST_COL)

/* Two blocks side by side: their rounds are independent, which gives
   the out-of-order core work to overlap with the latency of the
   lookups (measured 1.2 to 1.5 times as fast on x86-64 as one block at
   a time).  */
#define ENC_ROUND2(t, s, rk)                                            \
  do { ENC_ROUND (t, s, rk); ENC_ROUND (t##b, s##b, rk); } while (0)
#define ENC_LAST2(t, s, rk)                                             \
  do { ENC_LAST (t, s, rk); ENC_LAST (t##b, s##b, rk); } while (0)
#define DEC_ROUND2(t, s, rk)                                            \
  do { DEC_ROUND (t, s, rk); DEC_ROUND (t##b, s##b, rk); } while (0)
#define DEC_LAST2(t, s, rk)                                             \
  do { DEC_LAST (t, s, rk); DEC_LAST (t##b, s##b, rk); } while (0)

/* Every round after the first AddRoundKey, on the caller's variables
   s* and t*, the result in s*.  Unrolled so that the round-key offsets
   are constants; 12 and 14 rounds add two or four on the way.  */
#define ALL_ROUNDS(ROUND, LAST, rounds, rk)                             \
  do                                                                    \
    {                                                                   \
      ROUND (t, s, rk + 4);  ROUND (s, t, rk + 8);                      \
      ROUND (t, s, rk + 12); ROUND (s, t, rk + 16);                     \
      ROUND (t, s, rk + 20); ROUND (s, t, rk + 24);                     \
      ROUND (t, s, rk + 28); ROUND (s, t, rk + 32);                     \
      ROUND (t, s, rk + 36);                                            \
      if ((rounds) > 10)                                                \
        {                                                               \
          ROUND (s, t, rk + 40); ROUND (t, s, rk + 44);                 \
          if ((rounds) > 12)                                            \
            {                                                           \
              ROUND (s, t, rk + 48); ROUND (t, s, rk + 52);             \
            }                                                           \
          rk += 4 * ((rounds) - 10);                                    \
        }                                                               \
      LAST (s, t, rk + 40);                                             \
    }                                                                   \
  while (0)

/* Load a block as columns, with the first AddRoundKey.  */
#define LOAD_BLOCK(s, in, rk)                                           \
  do                                                                    \
    {                                                                   \
      s##0 = buf_get_le32 ((in) + 0) ^ (rk)[0];                         \
      s##1 = buf_get_le32 ((in) + 4) ^ (rk)[1];                         \
      s##2 = buf_get_le32 ((in) + 8) ^ (rk)[2];                         \
      s##3 = buf_get_le32 ((in) + 12) ^ (rk)[3];                        \
    }                                                                   \
  while (0)

#define STORE_BLOCK(out, s)                                             \
  do                                                                    \
    {                                                                   \
      buf_put_le32 ((out) + 0, s##0);                                   \
      buf_put_le32 ((out) + 4, s##1);                                   \
      buf_put_le32 ((out) + 8, s##2);                                   \
      buf_put_le32 ((out) + 12, s##3);                                  \
    }                                                                   \
  while (0)

static inline void
enc_block1 (const AES_context *ctx, byte *out, const byte *in)
{
  const u32 *rk = ctx->ekey;
  u32 s0, s1, s2, s3, t0, t1, t2, t3;

  LOAD_BLOCK (s, in, rk);
  ALL_ROUNDS (ENC_ROUND, ENC_LAST, ctx->rounds, rk);
  STORE_BLOCK (out, s);
}

static inline void
enc_block2 (const AES_context *ctx, byte *out, const byte *in)
{
  const u32 *rk = ctx->ekey;
  u32 s0, s1, s2, s3, t0, t1, t2, t3;
  u32 sb0, sb1, sb2, sb3, tb0, tb1, tb2, tb3;

  LOAD_BLOCK (s, in, rk);
  LOAD_BLOCK (sb, in + 16, rk);
  ALL_ROUNDS (ENC_ROUND2, ENC_LAST2, ctx->rounds, rk);
  STORE_BLOCK (out, s);
  STORE_BLOCK (out + 16, sb);
}

static inline void
dec_block1 (const AES_context *ctx, byte *out, const byte *in)
{
  const u32 *rk = ctx->dkey;
  u32 s0, s1, s2, s3, t0, t1, t2, t3;

  LOAD_BLOCK (s, in, rk);
  ALL_ROUNDS (DEC_ROUND, DEC_LAST, ctx->rounds, rk);
  STORE_BLOCK (out, s);
}

static inline void
dec_block2 (const AES_context *ctx, byte *out, const byte *in)
{
  const u32 *rk = ctx->dkey;
  u32 s0, s1, s2, s3, t0, t1, t2, t3;
  u32 sb0, sb1, sb2, sb3, tb0, tb1, tb2, tb3;

  LOAD_BLOCK (s, in, rk);
  LOAD_BLOCK (sb, in + 16, rk);
  ALL_ROUNDS (DEC_ROUND2, DEC_LAST2, ctx->rounds, rk);
  STORE_BLOCK (out, s);
  STORE_BLOCK (out + 16, sb);
}

static void
aes_c_enc_blocks (const void *context, byte *out, const byte *in,
                  size_t nblocks)
{
  const AES_context *ctx = context;

  prefetch_table (enc_T, sizeof enc_T);
  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    enc_block2 (ctx, out, in);
  if (nblocks)
    enc_block1 (ctx, out, in);
}

static void
aes_c_dec_blocks (const void *context, byte *out, const byte *in,
                  size_t nblocks)
{
  const AES_context *ctx = context;

  prefetch_table (dec_T, sizeof dec_T);
  prefetch_table (inv_sbox, sizeof inv_sbox);
  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    dec_block2 (ctx, out, in);
  if (nblocks)
    dec_block1 (ctx, out, in);
}

static void
aes_encrypt (const void *context, byte *out, const byte *in)
{
#ifdef USE_AES_AESNI
  if (((const AES_context *) context)->use_aesni)
    {
      _bcry_aes_aesni_enc (context, out, in, 1);
      return;
    }
#endif
#ifdef USE_AES_ARMCE
  if (((const AES_context *) context)->use_armce)
    {
      _bcry_aes_armce_enc (context, out, in, 1);
      return;
    }
#endif
  aes_c_enc_blocks (context, out, in, 1);
}

static void
aes_decrypt (const void *context, byte *out, const byte *in)
{
#ifdef USE_AES_AESNI
  if (((const AES_context *) context)->use_aesni)
    {
      _bcry_aes_aesni_dec (context, out, in, 1);
      return;
    }
#endif
#ifdef USE_AES_ARMCE
  if (((const AES_context *) context)->use_armce)
    {
      _bcry_aes_armce_dec (context, out, in, 1);
      return;
    }
#endif
  aes_c_dec_blocks (context, out, in, 1);
}

/* Byte reversal: turns 4 bytes of the big-endian counter into a
   column.  */
static inline u32
swap32 (u32 x)
{
  return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
}

/* Counter block HI:LO (most significant half first) as columns, with the
   first AddRoundKey.  */
#define LOAD_COUNTER(s, hi, lo, rk)                                     \
  do                                                                    \
    {                                                                   \
      s##0 = swap32 ((u32) ((hi) >> 32)) ^ (rk)[0];                     \
      s##1 = swap32 ((u32) (hi)) ^ (rk)[1];                             \
      s##2 = swap32 ((u32) ((lo) >> 32)) ^ (rk)[2];                     \
      s##3 = swap32 ((u32) (lo)) ^ (rk)[3];                             \
    }                                                                   \
  while (0)

#define XOR_STORE_BLOCK(out, in, s)                                     \
  do                                                                    \
    {                                                                   \
      buf_put_le32 ((out) + 0, s##0 ^ buf_get_le32 ((in) + 0));         \
      buf_put_le32 ((out) + 4, s##1 ^ buf_get_le32 ((in) + 4));         \
      buf_put_le32 ((out) + 8, s##2 ^ buf_get_le32 ((in) + 8));         \
      buf_put_le32 ((out) + 12, s##3 ^ buf_get_le32 ((in) + 12));       \
    }                                                                   \
  while (0)

/* CTR with the counter kept in registers and the keystream XORed as it
   is made, measured 10-20 % faster than encrypting counter blocks in a
   buffer and XORing that.  */
static void
aes_c_ctr_enc (const void *context, byte *ctr, byte *out, const byte *in,
               size_t nblocks)
{
  const AES_context *ctx = context;
  u64 hi = buf_get_be64 (ctr), lo = buf_get_be64 (ctr + 8);
  const u32 *rk;
  u32 s0, s1, s2, s3, t0, t1, t2, t3;
  u32 sb0, sb1, sb2, sb3, tb0, tb1, tb2, tb3;

  prefetch_table (enc_T, sizeof enc_T);
  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    {
      rk = ctx->ekey;
      LOAD_COUNTER (s, hi, lo, rk);
      if (++lo == 0)
        hi++;
      LOAD_COUNTER (sb, hi, lo, rk);
      if (++lo == 0)
        hi++;
      ALL_ROUNDS (ENC_ROUND2, ENC_LAST2, ctx->rounds, rk);
      XOR_STORE_BLOCK (out, in, s);
      XOR_STORE_BLOCK (out + 16, in + 16, sb);
    }
  if (nblocks)
    {
      rk = ctx->ekey;
      LOAD_COUNTER (s, hi, lo, rk);
      if (++lo == 0)
        hi++;
      ALL_ROUNDS (ENC_ROUND, ENC_LAST, ctx->rounds, rk);
      XOR_STORE_BLOCK (out, in, s);
    }
  buf_put_be64 (ctr, hi);
  buf_put_be64 (ctr + 8, lo);
}


/* SubWord of FIPS 197 section 5.2.  */
static u32
sub_word (u32 w)
{
  return (SBOX (BYTE0 (w)) | (SBOX (BYTE1 (w)) << 8)
          | (SBOX (BYTE2 (w)) << 16) | (SBOX (BYTE3 (w)) << 24));
}

/* InvMixColumns on one column: dec_T applies Si before multiplying, so
   S is applied first to cancel it.  */
static u32
inv_mix_column (u32 w)
{
  return (dec_T[0][SBOX (BYTE0 (w))] ^ dec_T[1][SBOX (BYTE1 (w))]
          ^ dec_T[2][SBOX (BYTE2 (w))] ^ dec_T[3][SBOX (BYTE3 (w))]);
}

#include "aes-setkey-amd64.h"

#ifdef USE_AES_SSSE3
/* Whether the ssse3 entry gets any work on a handle with ARGS: not
   once the aesni entry comes before it, which takes every run (width
   0, min_blocks 1) and the serial modes.  This follows the selection
   of _bcry_bulk_select, so it depends only on the features and the skip
   count, as the schedule may; it spares setkey the transformed round
   keys, a third of its time, where AES-NI is present.  */
static int
aes_ssse3_used (const cipher_setkey_args_t *args)
{
  unsigned int skip = args->skip_impls;
  size_t i;

# ifdef USE_AES_AESNI
  /* Without the walk in the usual case, nothing skipped on a CPU with
     AES-NI: the aesni entry comes before the ssse3 one.  */
  if (!skip && (args->hwf & (HWF_AESNI | HWF_SSE2)) == (HWF_AESNI | HWF_SSE2))
    return 0;
# endif
  for (i = 0; i < DIM (aes_impls); i++)
    {
      if ((aes_impls[i].hwf & args->hwf) != aes_impls[i].hwf)
        continue;
      if (skip)
        skip--;
      else if (aes_impls[i].enc == _bcry_aes_ssse3_enc_blk8)
        return 1;
# ifdef USE_AES_AESNI
      else if (aes_impls[i].enc == _bcry_aes_aesni_enc)
        return 0;
# endif
    }
  return 0;
}
#endif

/* The schedule is built in place in CTX; the only copies of key
   material outside it are scalar temporaries.  */
static gpg_err_code_t
aes_setkey (void *context, const byte *key, size_t keylen,
            const cipher_setkey_args_t *args)
{
  AES_context *ctx = context;
  unsigned int nk, nwords, i, j, r;
  u32 rcon, w;
  u32 (*sub) (u32) = sub_word;
  u32 (*imc) (u32) = inv_mix_column;
#ifdef USE_AES_SSSE3
  int ssse3 = args && (args->hwf & AES_SSSE3_HWF) == AES_SSSE3_HWF;

  /* Where the SSSE3 entry can run, setkey is constant time as its
     kernels are: SubWord on vector permutes, InvMixColumns in
     arithmetic.  */
  if (ssse3)
    {
      sub = _bcry_aes_ssse3_sub_word;
      imc = inv_mix_column_ct;
    }
#endif

  if (keylen != 16 && keylen != 24 && keylen != 32)
    return GPG_ERR_INV_KEYLEN;

  nk = keylen / 4;
  ctx->rounds = nk + 6;
  nwords = 4 * (ctx->rounds + 1);

  ctx->use_aesni = 0;
#ifdef USE_AES_AESNI
  if (args && (args->hwf & HWF_AESNI) && (args->hwf & HWF_SSE2))
    {
      ctx->use_aesni = 1;
      aesni_expand_key (ctx, key, nk);
      goto scheduled;
    }
#endif
#ifdef USE_AES_ARMCE
  /* The schedule is the C one with SubWord and InvMixColumns on the
     AES instructions: no lookup indexed by key bytes.  */
  ctx->use_armce = 0;
  if (args && (args->hwf & AES_ARMCE_HWF) == AES_ARMCE_HWF)
    {
      ctx->use_armce = 1;
      sub = _bcry_aes_armce_sub_word;
      imc = _bcry_aes_armce_inv_mix_column;
    }
#endif

  /* The lookups below are indexed by key bytes: the kernels' cache-timing
     mitigation applies here too.  */
  prefetch_table (enc_T[0], sizeof enc_T[0]);
  prefetch_table (dec_T, sizeof dec_T);

  /* KeyExpansion, FIPS 197 section 5.2, with J = I mod NK.  The first
     byte of a word is its least significant, so RotWord is a right
     rotation.  */
  for (i = 0; i < nk; i++)
    ctx->ekey[i] = buf_get_le32 (key + 4 * i);
  for (rcon = 1, j = 0; i < nwords; i++)
    {
      w = ctx->ekey[i - 1];
      if (j == 0)
        {
          w = sub ((w >> 8) | (w << 24)) ^ rcon;
          rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
        }
      else if (nk == 8 && j == 4)
        w = sub (w);
      ctx->ekey[i] = ctx->ekey[i - nk] ^ w;
      if (++j == nk)
        j = 0;
    }

  /* The equivalent inverse cipher's schedule, FIPS 197 section 5.3.5:
     the round keys in reverse order, InvMixColumns applied to all but
     the first and the last.  */
  for (r = 0; r <= ctx->rounds; r++)
    for (i = 0; i < 4; i++)
      {
        w = ctx->ekey[4 * (ctx->rounds - r) + i];
        if (r != 0 && r != ctx->rounds)
          w = imc (w);
        ctx->dkey[4 * r + i] = w;
      }

#ifdef USE_AES_AESNI
 scheduled:
#endif
#ifdef USE_AES_SSSE3
  if (ssse3 && aes_ssse3_used (args))
    _bcry_aes_ssse3_prepare (ctx);
#endif
  if (args && args->bulk)
    BULK_SELECT (args, aes_impls);
  return 0;
}


/* Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.  */
static unsigned int
gf_mul (unsigned int a, unsigned int b)
{
  unsigned int r = 0;

  for (; b; b >>= 1, a = (a << 1) ^ (0x11b & -(a >> 7)))
    if (b & 1)
      r ^= a;
  return r;
}

/* The column with rows B0-B3, rotated up by ROT rows.  */
static u32
column (unsigned int b0, unsigned int b1, unsigned int b2, unsigned int b3,
        unsigned int rot)
{
  u32 w = b0 | (b1 << 8) | ((u32) b2 << 16) | ((u32) b3 << 24);

  return rot ? (w << 8 * rot) | (w >> (32 - 8 * rot)) : w;
}

/* The tables are literals: recompute every entry from its definition
   so that a damaged one fails even where no test vector reaches it.
   S(x) is the affine map of FIPS 197 section 5.1.1 applied to the
   inverse of x in GF(2^8), 0 for 0.  P runs through the non-zero
   elements as the powers of the generator 3 and Q through the same
   powers of its inverse 0xf6, so Q is always the inverse of P; X and
   INV follow them after starting at 0.  */
static const char *
check_tables (void)
{
  unsigned int n, s, r, x = 0, inv = 0, p = 1, q = 1;

  for (n = 0; n < 256; n++, x = p, inv = q, p = gf_mul (p, 3),
         q = gf_mul (q, 0xf6))
    {
      s = inv ^ 0x63;
      for (r = 1; r < 5; r++)
        s ^= ((inv << r) | (inv >> (8 - r))) & 0xff;

      if (inv_sbox[s] != x)
        return "AES inverse S-box";
      for (r = 0; r < 4; r++)
        {
          if (enc_T[r][x] != column (gf_mul (s, 2), s, s, gf_mul (s, 3), r))
            return "AES encryption table";
          if (dec_T[r][s] != column (gf_mul (x, 14), gf_mul (x, 9),
                                     gf_mul (x, 13), gf_mul (x, 11), r))
            return "AES decryption table";
        }
    }
  return NULL;
}

/* FIPS 197 Appendix C.1, C.2 and C.3 (the key is the bytes 0, 1, 2, ...
   for every size) through the one-block functions and both paths of
   the kernels, then the first three blocks of SP 800-38A F.5.1
   (CTR-AES128.Encrypt) through the CTR kernel.  */
static const char *
aes_selftest (void)
{
  static const byte plaintext[16] =
    {
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
    };
  static const struct
  {
    const char *name;
    size_t keylen;
    byte ciphertext[16];
  } tv[3] =
    {
      { "AES-128", 16,
        { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
          0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a } },
      { "AES-192", 24,
        { 0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0,
          0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91 } },
      { "AES-256", 32,
        { 0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
          0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89 } }
    };
  static const byte ctr_key[16] =
    {
      0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
      0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c
    };
  static const byte ctr_pt[48] =
    {
      0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
      0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
      0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03, 0xac, 0x9c,
      0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51,
      0x30, 0xc8, 0x1c, 0x46, 0xa3, 0x5c, 0xe4, 0x11,
      0xe5, 0xfb, 0xc1, 0x19, 0x1a, 0x0a, 0x52, 0xef
    };
  static const byte ctr_ct[48] =
    {
      0x87, 0x4d, 0x61, 0x91, 0xb6, 0x20, 0xe3, 0x26,
      0x1b, 0xef, 0x68, 0x64, 0x99, 0x0d, 0xb6, 0xce,
      0x98, 0x06, 0xf6, 0x6b, 0x79, 0x70, 0xfd, 0xff,
      0x86, 0x17, 0x18, 0x7b, 0xb9, 0xff, 0xfd, 0xff,
      0x5a, 0xe4, 0xdf, 0x3e, 0xdb, 0xd5, 0xd3, 0x5e,
      0x5b, 0x4f, 0x09, 0x02, 0x0d, 0xb0, 0x3e, 0xab
    };
  AES_context ctx;
  byte key[32], buf[48], ctr[16];
  const char *err;
  unsigned int i;

  for (i = 0; i < sizeof key; i++)
    key[i] = i;
  err = check_tables ();
  for (i = 0; i < DIM (tv) && !err; i++)
    {
      aes_setkey (&ctx, key, tv[i].keylen, NULL);

      aes_encrypt (&ctx, buf, plaintext);
      if (memcmp (buf, tv[i].ciphertext, 16))
        err = tv[i].name;
      aes_decrypt (&ctx, buf, buf);
      if (memcmp (buf, plaintext, 16))
        err = tv[i].name;

      memcpy (buf, plaintext, 16);
      memcpy (buf + 16, plaintext, 16);
      memcpy (buf + 32, plaintext, 16);
      aes_c_enc_blocks (&ctx, buf, buf, 3);
      if (memcmp (buf, tv[i].ciphertext, 16)
          || memcmp (buf + 16, tv[i].ciphertext, 16)
          || memcmp (buf + 32, tv[i].ciphertext, 16))
        err = tv[i].name;
      aes_c_dec_blocks (&ctx, buf, buf, 3);
      if (memcmp (buf, plaintext, 16) || memcmp (buf + 16, plaintext, 16)
          || memcmp (buf + 32, plaintext, 16))
        err = tv[i].name;
    }

  if (!err)
    {
      for (i = 0; i < 16; i++)
        ctr[i] = 0xf0 + i;
      aes_setkey (&ctx, ctr_key, sizeof ctr_key, NULL);
      aes_c_ctr_enc (&ctx, ctr, buf, ctr_pt, 3);
      if (memcmp (buf, ctr_ct, sizeof ctr_ct) || ctr[15] != 0x02
          || ctr[14] != 0xff)
        err = "AES-128 CTR";
    }
  wipememory (&ctx, sizeof ctx);
  return err;
}


static const char *const aes128_names[] =
  { "RIJNDAEL", "AES128", "AES-128", "RIJNDAEL128", NULL };
static const char *const aes192_names[] =
  { "RIJNDAEL192", "AES-192", NULL };
static const char *const aes256_names[] =
  { "RIJNDAEL256", "AES-256", NULL };

const cipher_spec_t _bcry_cipher_spec_aes128 =
  {
    BCRY_CIPHER_AES128, "AES", aes128_names, 16, 128, sizeof (AES_context),
    aes_setkey, aes_encrypt, aes_decrypt, aes_selftest
  };

const cipher_spec_t _bcry_cipher_spec_aes192 =
  {
    BCRY_CIPHER_AES192, "AES192", aes192_names, 16, 192, sizeof (AES_context),
    aes_setkey, aes_encrypt, aes_decrypt, aes_selftest
  };

const cipher_spec_t _bcry_cipher_spec_aes256 =
  {
    BCRY_CIPHER_AES256, "AES256", aes256_names, 16, 256, sizeof (AES_context),
    aes_setkey, aes_encrypt, aes_decrypt, aes_selftest
  };
