/* aes-setkey-amd64.h - the x86-64 key schedules of cipher/aes.c
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * KeyExpansion of FIPS 197 section 5.2 and the equivalent inverse
 * cipher's schedule of section 5.3.5 without lookups indexed by the key:
 * on AES-NI's AESKEYGENASSIST and AESIMC (Gueron, "Intel Advanced
 * Encryption Standard (AES) New Instructions Set", Intel white paper),
 * and, for the SSSE3 entry's constant-time setkey, InvMixColumns in
 * arithmetic (that setkey's SubWord is in cipher/aes-ssse3-amd64.S).
 * Static functions on AES_context, included by cipher/aes.c alone: in
 * aes.c's object, aes_setkey's code and layout stay as they were, which
 * a setkey of a few dozen cycles measures (as an extern function in a
 * file of its own, the AES-128 ECB setkey got slower).
 */

#ifndef BCRY_AES_SETKEY_AMD64_H
#define BCRY_AES_SETKEY_AMD64_H

#ifdef USE_AES_AESNI
#include <wmmintrin.h>

#define TARGET_AESNI __attribute__ ((target ("aes,sse2")))

/* K with each word XORed with all the words below it: the running XOR
   of KeyExpansion's w[i] = w[i-NK] ^ ... along one 128-bit step.  */
static inline TARGET_AESNI __m128i
prefix_xor (__m128i k)
{
  k = _mm_xor_si128 (k, _mm_slli_si128 (k, 4));
  return _mm_xor_si128 (k, _mm_slli_si128 (k, 8));
}

/* One AES-128 step: AESKEYGENASSIST's top word is
   RotWord(SubWord(w3)) ^ RCON of the previous round key K.  */
#define EXPAND128(k, rcon)                                              \
  _mm_xor_si128 (prefix_xor (k),                                        \
                 _mm_shuffle_epi32 (_mm_aeskeygenassist_si128 (k, rcon), \
                                    0xff))

/* AES-256's two half-steps: A gets RotWord(SubWord) ^ RCON of B's last
   word, then B gets SubWord (word 2 of AESKEYGENASSIST) of the new A's
   last word.  */
#define EXPAND256A(a, b, rcon)                                          \
  _mm_xor_si128 (prefix_xor (a),                                        \
                 _mm_shuffle_epi32 (_mm_aeskeygenassist_si128 (b, rcon), \
                                    0xff))
#define EXPAND256B(a, b)                                                \
  _mm_xor_si128 (prefix_xor (b),                                        \
                 _mm_shuffle_epi32 (_mm_aeskeygenassist_si128 (a, 0),   \
                                    0xaa))

/* KeyExpansion and the equivalent inverse cipher's schedule (AESIMC)
   with the AES instructions, in AES_context's layout: no table lookup,
   so no index depends on the key.  AES-128 and AES-256 take a round key
   per step, and each round key's AESIMC is issued as soon as it exists,
   in the slots the chain of steps leaves idle, rather than in a pass of
   its own after the chain; AES-192's steps of six words give three
   round keys every two steps.  */
static TARGET_AESNI void
aesni_expand_key (AES_context *ctx, const byte *key, unsigned int nk)
{
  __m128i *ek = (__m128i *) ctx->ekey, *dk = (__m128i *) ctx->dkey;
  __m128i a, b, c;

  /* Round key N, K, to both schedules, NR the number of rounds as a
     constant: the stores may alias CTX->rounds.  */
#define PUT(n, k)                                                       \
  do                                                                    \
    {                                                                   \
      _mm_storeu_si128 (ek + (n), k);                                   \
      _mm_storeu_si128 (dk + nr - (n), (n) && (n) != nr                 \
                        ? _mm_aesimc_si128 (k) : k);                    \
    }                                                                   \
  while (0)
  if (nk == 4)
    {
      const unsigned int nr = 10;

      a = _mm_loadu_si128 ((const __m128i *) key);
      PUT (0, a);
      a = EXPAND128 (a, 0x01); PUT (1, a);
      a = EXPAND128 (a, 0x02); PUT (2, a);
      a = EXPAND128 (a, 0x04); PUT (3, a);
      a = EXPAND128 (a, 0x08); PUT (4, a);
      a = EXPAND128 (a, 0x10); PUT (5, a);
      a = EXPAND128 (a, 0x20); PUT (6, a);
      a = EXPAND128 (a, 0x40); PUT (7, a);
      a = EXPAND128 (a, 0x80); PUT (8, a);
      a = EXPAND128 (a, 0x1b); PUT (9, a);
      a = EXPAND128 (a, 0x36); PUT (10, a);
      return;
    }
  if (nk == 8)
    {
      const unsigned int nr = 14;

      a = _mm_loadu_si128 ((const __m128i *) key);
      b = _mm_loadu_si128 ((const __m128i *) (key + 16));
      PUT (0, a);
      PUT (1, b);
#define STEP256(n, rcon)                                                \
      a = EXPAND256A (a, b, rcon); PUT (n, a);                          \
      b = EXPAND256B (a, b); PUT ((n) + 1, b)
      STEP256 (2, 0x01);
      STEP256 (4, 0x02);
      STEP256 (6, 0x04);
      STEP256 (8, 0x08);
      STEP256 (10, 0x10);
      STEP256 (12, 0x20);
#undef STEP256
      a = EXPAND256A (a, b, 0x40); PUT (14, a);
      return;
    }
  {
    const unsigned int nr = 12;

    /* AES-192 (nk == 6): a step makes six words, A the first four and
       the low half of B the last two, so three round keys span two
       steps.  B's high half is never used.  */
    a = _mm_loadu_si128 ((const __m128i *) key);
    b = _mm_loadl_epi64 ((const __m128i *) (key + 16));
    PUT (0, a);
#define STEP192(rcon)                                                   \
    a = _mm_xor_si128 (prefix_xor (a),                                  \
                       _mm_shuffle_epi32 (_mm_aeskeygenassist_si128 (b, rcon), \
                                          0x55));                       \
    b = _mm_xor_si128 (prefix_xor (b), _mm_shuffle_epi32 (a, 0xff))
    /* Round keys N + 1 and N + 2 from the steps with RCON1 and RCON2,
       then N + 3.  */
#define PAIR192(n, rcon1, rcon2)                                        \
    c = b;                                                              \
    STEP192 (rcon1);                                                    \
    PUT ((n) + 1, _mm_unpacklo_epi64 (c, a));                           \
    PUT ((n) + 2, _mm_castpd_si128                                      \
                    (_mm_shuffle_pd (_mm_castsi128_pd (a),              \
                                     _mm_castsi128_pd (b), 1)));        \
    STEP192 (rcon2);                                                    \
    PUT ((n) + 3, a)
    PAIR192 (0, 0x01, 0x02);
    PAIR192 (3, 0x04, 0x08);
    PAIR192 (6, 0x10, 0x20);
    PAIR192 (9, 0x40, 0x80);
#undef PAIR192
#undef STEP192
  }
#undef PUT
}
#endif

#ifdef USE_AES_SSSE3
/* InvMixColumns without lookups, for the constant-time setkey: the
   multiples 2, 4 and 8 of the four rows at once (xtime on each byte),
   then 14a + 11b + 13c + 9d with b, c, d the rows below a.  */
static u32
inv_mix_column_ct (u32 w)
{
#define XTIME4(x) ((((x) & 0x7f7f7f7f) << 1) ^ ((((x) >> 7) & 0x01010101) * 0x1b))
#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
  u32 w2 = XTIME4 (w), w4 = XTIME4 (w2), w8 = XTIME4 (w4);

  return (w8 ^ w4 ^ w2) ^ ROR32 (w8 ^ w2 ^ w, 8) ^ ROR32 (w8 ^ w4 ^ w, 16)
    ^ ROR32 (w8 ^ w, 24);
#undef XTIME4
#undef ROR32
}
#endif

#endif /* BCRY_AES_SETKEY_AMD64_H */
