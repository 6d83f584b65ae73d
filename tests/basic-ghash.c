/* basic-ghash.c - GCM and GCM-SIV tags of long messages against a
 * bit-serial reference
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The library picks its GHASH/POLYVAL multiplier from the CPU features
 * (portable tables, PCLMULQDQ, VPCLMULQDQ on YMM or ZMM), so each
 * feature level runs a different one; the published vectors are a few
 * blocks long and miss the wide loops and their tails.  Here the tag of
 * every AAD and data length from 0 to 100 blocks (plus odd bytes) and of
 * random long ones is recomputed with the multiplication of NIST SP
 * 800-38D, section 6.3, Algorithm 1, one bit at a time, and with the
 * tag equations of SP 800-38D, section 7.1 (GCM) and of RFC 8452,
 * section 4 (GCM-SIV, with POLYVAL mapped onto GHASH as its Appendix A
 * says).  The block cipher comes from the library's ECB mode.  GCM
 * is also run across the wrap of its 32-bit counter with every
 * algorithm and implementation, the IV solved for a J0 just below it.
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"
#include "simd-kernels.h"

#define MAXLEN (4096 + 64)

/* Z = X * Y in GF(2^128), SP 800-38D Algorithm 1.  */
static void
ref_mul (unsigned char *z, const unsigned char *x, const unsigned char *y)
{
  unsigned char v[16], r[16] = { 0 };
  int i, k, lsb;

  memcpy (v, y, 16);
  for (i = 0; i < 128; i++)
    {
      if ((x[i / 8] >> (7 - i % 8)) & 1)
        for (k = 0; k < 16; k++)
          r[k] ^= v[k];
      lsb = v[15] & 1;
      for (k = 15; k > 0; k--)
        v[k] = (unsigned char)((v[k] >> 1) | (v[k - 1] << 7));
      v[0] >>= 1;
      if (lsb)
        v[0] ^= 0xe1;
    }
  memcpy (z, r, 16);
}

/* Y = (Y ^ block) * H over LEN bytes, zero-padded; blocks byte-reversed
   first for POLYVAL.  */
static void
ref_hash (unsigned char *y, const unsigned char *h, const unsigned char *p,
          size_t len, int reversed)
{
  unsigned char blk[16];
  size_t off, n, i;

  for (off = 0; off < len; off += 16)
    {
      n = len - off < 16 ? len - off : 16;
      memset (blk, 0, 16);
      memcpy (blk, p + off, n);
      for (i = 0; i < 16; i++)
        y[i] ^= reversed ? blk[15 - i] : blk[i];
      ref_mul (y, y, h);
    }
}

static void
put_be64 (unsigned char *p, uint64_t v)
{
  int i;

  for (i = 7; i >= 0; i--, v >>= 8)
    p[i] = (unsigned char)v;
}

/* One block of ALGO under KEY, through ECB.  */
static int
ecb_block (int algo, const unsigned char *key, size_t keylen,
           unsigned char *out, const unsigned char *in)
{
  bcry_cipher_hd_t hd;
  int ok;

  if (bcry_cipher_open (&hd, algo, BCRY_CIPHER_MODE_ECB, 0))
    return 0;
  ok = !bcry_cipher_setkey (hd, key, keylen)
       && !bcry_cipher_encrypt (hd, out, 16, in, 16);
  bcry_cipher_close (hd);
  return ok;
}

/* The GCM tag of SP 800-38D, section 7.1, for the pre-counter block J0
   and ciphertext CT.  */
static int
ref_gcm_tag (int algo, const unsigned char *key, size_t keylen,
             const unsigned char *j0, const unsigned char *aad,
             size_t aadlen, const unsigned char *ct, size_t len,
             unsigned char *tag)
{
  unsigned char h[16], y[16] = { 0 }, lens[16], ek[16];
  static const unsigned char zero[16];
  int i;

  if (!ecb_block (algo, key, keylen, h, zero))
    return 0;
  ref_hash (y, h, aad, aadlen, 0);
  ref_hash (y, h, ct, len, 0);
  put_be64 (lens, (uint64_t)aadlen * 8);
  put_be64 (lens + 8, (uint64_t)len * 8);
  ref_hash (y, h, lens, 16, 0);
  if (!ecb_block (algo, key, keylen, ek, j0))
    return 0;
  for (i = 0; i < 16; i++)
    tag[i] = y[i] ^ ek[i];
  return 1;
}

/* The GCM-SIV tag of RFC 8452, section 4, for plaintext PT.  POLYVAL
   (H, X...) = ByteReverse (GHASH (mulX_GHASH (ByteReverse (H)),
   ByteReverse (X)...)) by its Appendix A.  */
static int
ref_gcm_siv_tag (int algo, const unsigned char *key, size_t keylen,
                 const unsigned char *nonce, const unsigned char *aad,
                 size_t aadlen, const unsigned char *pt, size_t len,
                 unsigned char *tag)
{
  unsigned char in[16], out[16], authkey[16], enckey[32], h[16];
  unsigned char y[16] = { 0 }, s[16], lens[16];
  unsigned int i, j, lsb;

  for (i = 0; i < 2 + keylen / 8; i++)
    {
      memset (in, 0, 16);
      in[0] = (unsigned char)i;
      memcpy (in + 4, nonce, 12);
      if (!ecb_block (algo, key, keylen, out, in))
        return 0;
      memcpy (i < 2 ? authkey + 8 * i : enckey + 8 * (i - 2), out, 8);
    }
  /* mulX_GHASH (ByteReverse (authkey)).  */
  for (i = 0; i < 16; i++)
    h[i] = authkey[15 - i];
  lsb = h[15] & 1;
  for (j = 15; j > 0; j--)
    h[j] = (unsigned char)((h[j] >> 1) | (h[j - 1] << 7));
  h[0] >>= 1;
  if (lsb)
    h[0] ^= 0xe1;
  ref_hash (y, h, aad, aadlen, 1);
  ref_hash (y, h, pt, len, 1);
  for (i = 0; i < 8; i++)
    {
      lens[i] = (unsigned char)(((uint64_t)aadlen * 8) >> (8 * i));
      lens[8 + i] = (unsigned char)(((uint64_t)len * 8) >> (8 * i));
    }
  ref_hash (y, h, lens, 16, 1);
  for (i = 0; i < 16; i++)
    s[i] = y[15 - i] ^ (i < 12 ? nonce[i] : 0);
  s[15] &= 0x7f;
  return ecb_block (algo, enckey, keylen, tag, s);
}

/* Seal one message with the library: AAD and data in random pieces
   (GCM-SIV takes its data in one call).  */
static int
lib_tag (int algo, int mode, const unsigned char *key, size_t keylen,
         const unsigned char *iv, const unsigned char *aad, size_t aadlen,
         unsigned char *buf, size_t len, unsigned char *tag)
{
  bcry_cipher_hd_t hd;
  size_t step;
  int ok;

  if (bcry_cipher_open (&hd, algo, mode, 0))
    return 0;
  step = 1 + rng_below (aadlen + 1);
  ok = !bcry_cipher_setkey (hd, key, keylen)
       && !bcry_cipher_setiv (hd, iv, 12)
       && !feed_pieces (hd, FEED_AAD, NULL, aad, aadlen, step);
  if (ok)
    {
      clobber_vector_regs ();
      if (mode == BCRY_CIPHER_MODE_GCM_SIV)
        ok = !bcry_cipher_encrypt (hd, buf, len, NULL, 0);
      else
        ok = !feed_pieces (hd, FEED_ENCRYPT, buf, buf, len,
                           1 + rng_below (len + 1));
    }
  ok = ok && !bcry_cipher_gettag (hd, tag, 16);
  bcry_cipher_close (hd);
  return ok;
}

static void
check_mode (int algo128, int algo256, int mode)
{
  int algo;
  static unsigned char aad[MAXLEN], pt[MAXLEN], buf[MAXLEN];
  unsigned char key[32], iv[12], j0[16], rtag[16], gtag[16];
  size_t keylen = 16, aadlen, len;
  unsigned int round, bad = 0;
  int ok;

  rng_start (0x6a, (unsigned int)mode, (unsigned int)algo128);
  for (round = 0; round < (quick ? 120u : 260u); round++)
    {
      /* Every block count 0..100 of data and of AAD in turn, past each
         group size of the wide loops (16 and 32 blocks) and their
         tails, then random.  */
      if (round < 202 && !(round & 1))
        aadlen = rng_below (20), len = round / 2 * 16 + rng_below (2) * 7;
      else if (round < 202)
        aadlen = round / 2 * 16 + rng_below (2) * 9, len = rng_below (40);
      else
        aadlen = rng_below (MAXLEN), len = rng_below (MAXLEN);
      /* GCM-SIV has AES-256 too: every other pair of rounds.  */
      keylen = mode == BCRY_CIPHER_MODE_GCM_SIV && round & 2 ? 32 : 16;
      algo = keylen == 32 ? algo256 : algo128;
      rng_fill (key, keylen);
      rng_fill (iv, sizeof iv);
      rng_fill (aad, aadlen);
      rng_fill (pt, len);
      memcpy (buf, pt, len);
      memcpy (j0, iv, 12);
      memcpy (j0 + 12, "\0\0\0\1", 4);
      ok = lib_tag (algo, mode, key, keylen, iv, aad, aadlen, buf, len, gtag)
           && (mode == BCRY_CIPHER_MODE_GCM
               ? ref_gcm_tag (algo, key, keylen, j0, aad, aadlen, buf, len,
                              rtag)
               : ref_gcm_siv_tag (algo, key, keylen, iv, aad, aadlen, pt,
                                  len, rtag))
           && !memcmp (gtag, rtag, 16);
      if (!ok && bad++ < 5)
        test_fail ("%s: tag against the reference, AAD %zu data %zu, "
                   "seed %llu", mode_label (mode, 0), aadlen, len,
                   (unsigned long long)seed);
    }
  if (!bad)
    test_pass ();
}

/* Z = H^-1 = H^(2^128 - 2): T = H^(2^k - 1) for k = 1 ... 127, each
   the square of the last times H, then Z = T^2.  */
static void
ref_inv (unsigned char *z, const unsigned char *h)
{
  unsigned char t[16];
  int k;

  memcpy (t, h, 16);
  for (k = 1; k < 127; k++)
    {
      ref_mul (t, t, t);
      ref_mul (t, t, h);
    }
  ref_mul (z, t, t);
}

/* inc32 of SP 800-38D, section 6.2.  */
static void
inc32 (unsigned char *ctr)
{
  int i;

  for (i = 15; i >= 12 && !++ctr[i]; i--)
    ;
}

/* GCM across the wrap of its 32-bit counter, for every algorithm and
   implementation: inc32 leaves the first twelve bytes of the counter
   alone, so the bulk paths, which count in 64 or 128 bits, are called
   on runs that end at the wrap.  J0 is chosen 0 to 79 steps below it
   and the 16-byte IV that gives this J0 is solved from section 7.1,
   J0 = (IV * H ^ L) * H with L the lengths block [0]_64 || [128]_64.
   After the wrap come at least 64 blocks, which reach the widest
   kernels; AAD, then data, go in random pieces, and the ciphertext is
   checked block by block against E (inc32^i (J0)) from ECB, the tag
   against the bit-serial reference, then decrypted back.  */
static void
check_wrap (void)
{
  static unsigned char pt[MAXLEN], ref[MAXLEN], buf[MAXLEN];
  static const unsigned char zero[16];
  unsigned char key[MAX_KEY], h[16], hinv[16], j0[16], iv[16], ctr[16];
  unsigned char ks[16], aad[64], rtag[16], gtag[16];
  unsigned int a, round, impl, nimpl, below;
  size_t keylen, aadlen, len, i;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int algo, ok;

  for (a = 0; algo_list[a]; a++)
    {
      algo = algo_list[a];
      if (bcry_cipher_get_algo_blklen (algo) != 16)
        continue;
      keylen = bcry_cipher_get_algo_keylen (algo);
      nimpl = impl_count (algo);
      rng_start (0x77, (unsigned int)algo, 0);
      for (round = 0; round < (quick ? 4u : 12u); round++)
        {
          rng_fill (key, keylen);
          rng_fill (j0, 12);
          below = (unsigned int)rng_below (80);
          for (i = 12; i < 16; i++)
            j0[i] = (unsigned char)(0xff - (i == 15 ? below : 0));
          ok = ecb_block (algo, key, keylen, h, zero);
          ref_inv (hinv, h);
          ref_mul (iv, j0, hinv);
          iv[15] ^= 128;
          ref_mul (iv, iv, hinv);

          len = 16 * (64 + rng_below (100)) + rng_below (16);
          aadlen = rng_below (sizeof aad + 1);
          rng_fill (pt, len);
          rng_fill (aad, aadlen);
          memcpy (ctr, j0, 16);
          for (i = 0; ok && i < len; i++)
            {
              if (!(i % 16))
                {
                  inc32 (ctr);
                  ok = ecb_block (algo, key, keylen, ks, ctr);
                }
              ref[i] = pt[i] ^ ks[i % 16];
            }
          ok = ok && ref_gcm_tag (algo, key, keylen, j0, aad, aadlen, ref,
                                  len, rtag);
          if (!ok)
            {
              test_fail ("%s GCM wrap: reference failed",
                         bcry_cipher_algo_name (algo));
              break;
            }

          for (impl = 0; impl < nimpl; impl++)
            {
              hd = open_impl (algo, BCRY_CIPHER_MODE_GCM, 0, impl, key,
                              keylen, &rc);
              memcpy (buf, pt, len);
              ok = hd && !bcry_cipher_setiv (hd, iv, 16)
                   && !feed_pieces (hd, FEED_AAD, NULL, aad, aadlen,
                                    1 + rng_below (aadlen + 1));
              if (ok)
                clobber_vector_regs ();
              ok = ok && !feed_pieces (hd, FEED_ENCRYPT, buf, buf, len,
                                       1 + rng_below (len + 1))
                   && !bcry_cipher_gettag (hd, gtag, 16)
                   && !memcmp (buf, ref, len) && !memcmp (gtag, rtag, 16)
                   && !bcry_cipher_reset (hd)
                   && !bcry_cipher_setiv (hd, iv, 16)
                   && !bcry_cipher_authenticate (hd, aad, aadlen)
                   && !feed_pieces (hd, FEED_DECRYPT, buf, ref, len,
                                    1 + rng_below (len + 1))
                   && !bcry_cipher_checktag (hd, rtag, 16)
                   && !memcmp (buf, pt, len);
              check (ok, "%s GCM impl %u: counter %u below the wrap, len "
                     "%zu aad %zu, seed %llu", bcry_cipher_algo_name (algo),
                     impl, below, len, aadlen, (unsigned long long)seed);
              if (hd)
                bcry_cipher_close (hd);
            }
        }
    }
}

void
run_ghash_tests (void)
{
  const char *hwf = bcry_get_hwf ();

  /* ghash.c picks its multiplier from the same features, among those
     the build has (simd-kernels.h).  */
#ifdef GHASH_USE_VPCLMUL
  if (hwf && strstr (hwf, "vpclmul") && strstr (hwf, "avx2"))
    {
      const char *regs = "YMM";

#ifdef GHASH_USE_VPCLMUL512
      if (strstr (hwf, "avx512"))
        regs = "ZMM";
#endif
      info ("GHASH/POLYVAL: VPCLMULQDQ on %s (ghash-vpclmul.c)\n", regs);
    }
  else
#endif
#ifdef GHASH_USE_PCLMUL
  if (hwf && strstr (hwf, "pclmul"))
    info ("GHASH/POLYVAL: PCLMULQDQ (ghash-pclmul.c)\n");
  else
#endif
#ifdef GHASH_USE_PMULL
  if (hwf && strstr (hwf, "arm-pmull") && strstr (hwf, "neon"))
    info ("GHASH/POLYVAL: PMULL (ghash-pmull-aarch64.c)\n");
  else
#endif
    info ("GHASH/POLYVAL: portable tables (ghash.c)\n");
  (void)hwf;
  check_wrap ();
  if (!in_algo_list (BCRY_CIPHER_AES))
    return;
  check_mode (BCRY_CIPHER_AES, BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_GCM);
  check_mode (BCRY_CIPHER_AES, BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_GCM_SIV);
}
