/* basic-gcm.c - tests of GCM and GCM-SIV
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Known answers of NIST SP 800-38D / McGrew-Viega "The Galois/Counter
 * Mode of Operation" (revised 2005) and all of RFC 8452, Appendix C
 * (vectors-gcm-siv.inc), for every implementation of AES here; a
 * cross-check of every implementation against the portable C one for
 * all algorithms; and the state machine and bad input of both modes.
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "basic.h"

#define MAXMSG 512

struct aead_vec
{
  int algo;
  const char *key, *iv, *aad, *pt, *ct, *tag;
};

/* McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)",
   revised 2005, Appendix B: test cases 1-6 (AES-128), 7-12 (AES-192)
   and 13-18 (AES-256), with IVs of 12, 8 and 60 bytes; then two cases
   whose 32-bit counter wraps (only the last four bytes count, section
   6.2 of SP 800-38D) from Project Wycheproof's aes_gcm_test.json
   (tests/wycheproof), tcId 79 (J0 all ones) and 83 (J0 ending in
   fffffffe), flagged CounterWrap there.  */
#define GCM_K192 "feffe9928665731c6d6a8f9467308308feffe9928665731c"
#define GCM_C192 "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd98462859" \
  "3b40ca1e19c7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710"
#define WP_K "00112233445566778899aabbccddeeff"
#define WP_P "0000000000000000000000000000000000000000000000000000000000" \
  "0000000000000000000000"
#define GCM_P60 "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d" \
  "8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define GCM_P64 GCM_P60 "1aafd255"
#define GCM_A "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define GCM_K "feffe9928665731c6d6a8f9467308308"
#define GCM_IV60 "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2" \
  "a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b"
static const struct aead_vec gcm_vecs[] =
  {
    { BCRY_CIPHER_AES, "00000000000000000000000000000000",
      "000000000000000000000000", "", "", "",
      "58e2fccefa7e3061367f1d57a4e7455a" },
    { BCRY_CIPHER_AES, "00000000000000000000000000000000",
      "000000000000000000000000", "", "00000000000000000000000000000000",
      "0388dace60b6a392f328c2b971b2fe78",
      "ab6e47d42cec13bdf53a67b21257bddf" },
    { BCRY_CIPHER_AES, GCM_K, "cafebabefacedbaddecaf888", "", GCM_P64,
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
      "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
      "4d5c2af327cd64a62cf35abd2ba6fab4" },
    { BCRY_CIPHER_AES, GCM_K, "cafebabefacedbaddecaf888", GCM_A, GCM_P60,
      "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
      "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
      "5bc94fbc3221a5db94fae95ae7121a47" },
    { BCRY_CIPHER_AES, GCM_K, "cafebabefacedbad", GCM_A, GCM_P60,
      "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
      "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
      "3612d2e79e3b0785561be14aaca2fccb" },
    { BCRY_CIPHER_AES, GCM_K, GCM_IV60, GCM_A, GCM_P60,
      "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
      "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
      "619cc5aefffe0bfa462af43c1699d050" },
    { BCRY_CIPHER_AES256, "00000000000000000000000000000000"
      "00000000000000000000000000000000",
      "000000000000000000000000", "", "", "",
      "530f8afbc74536b9a963b4f1c4cb738b" },
    { BCRY_CIPHER_AES256, "00000000000000000000000000000000"
      "00000000000000000000000000000000",
      "000000000000000000000000", "", "00000000000000000000000000000000",
      "cea7403d4d606b6e074ec5d3baf39d18",
      "d0d1c8a799996bf0265b98b5d48ab919" },
    { BCRY_CIPHER_AES256, GCM_K GCM_K, "cafebabefacedbaddecaf888", "",
      GCM_P64,
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
      "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
      "b094dac5d93471bdec1a502270e3cc6c" },
    { BCRY_CIPHER_AES256, GCM_K GCM_K, "cafebabefacedbaddecaf888", GCM_A,
      GCM_P60,
      "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
      "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
      "76fc6ece0f4e1768cddf8853bb2d551b" },
    { BCRY_CIPHER_AES256, GCM_K GCM_K, "cafebabefacedbad", GCM_A, GCM_P60,
      "c3762df1ca787d32ae47c13bf19844cbaf1ae14d0b976afac52ff7d79bba9de0"
      "feb582d33934a4f0954cc2363bc73f7862ac430e64abe499f47c9b1f",
      "3a337dbf46a792c45e454913fe2ea8f2" },
    { BCRY_CIPHER_AES256, GCM_K GCM_K, GCM_IV60, GCM_A, GCM_P60,
      "5a8def2f0c9e53f1f75d7853659e2a20eeb2b22aafde6419a058ab4f6f746bf4"
      "0fc0c3b780f244452da3ebf1c5d82cdea2418997200ef82e44ae7e3f",
      "a44a8266ee1c8eb0c8b5d4cf5ae9f19a" },
    { BCRY_CIPHER_AES192, "00000000000000000000000000000000"
      "0000000000000000", "000000000000000000000000", "", "", "",
      "cd33b28ac773f74ba00ed1f312572435" },
    { BCRY_CIPHER_AES192, "00000000000000000000000000000000"
      "0000000000000000", "000000000000000000000000", "",
      "00000000000000000000000000000000", "98e7247c07f0fe411c267e4384b0f600",
      "2ff58d80033927ab8ef4d4587514f0fb" },
    { BCRY_CIPHER_AES192, GCM_K192, "cafebabefacedbaddecaf888", "", GCM_P64,
      GCM_C192 "acade256", "9924a7c8587336bfb118024db8674a14" },
    { BCRY_CIPHER_AES192, GCM_K192, "cafebabefacedbaddecaf888", GCM_A,
      GCM_P60, GCM_C192, "2519498e80f1478f37ba55bd6d27618c" },
    { BCRY_CIPHER_AES192, GCM_K192, "cafebabefacedbad", GCM_A, GCM_P60,
      "0f10f599ae14a154ed24b36e25324db8c566632ef2bbb34f8347280fc4507057"
      "fddc29df9a471f75c66541d4d4dad1c9e93a19a58e8b473fa0f062f7",
      "65dcc57fcf623a24094fcca40d3533f8" },
    { BCRY_CIPHER_AES192, GCM_K192, GCM_IV60, GCM_A, GCM_P60,
      "d27e88681ce3243c4830165a8fdcf9ff1de9a1d8e6b447ef6ef7b79828666e45"
      "81e79012af34ddd9e2f037589b292db3e67c036745fa22e7e9b7373b",
      "dcf566ff291c25bbb8568fc3d376a6d9" },
    { BCRY_CIPHER_AES, WP_K, "1a552e67cdc4dc1a33b824874ebf0bed", "", WP_P,
      "948ca37a8e6649e88aeffb1c598f3607007702417ea0e0bc3c60ad5a949886de"
      "968cf53ea6462aed", "99b381bfa2af9751c39d1b6e86d1be6a" },
    { BCRY_CIPHER_AES, WP_K, "5e4a3900142358d1c774d8d124d8d27d", "", WP_P,
      "0cf6ae47156b14dce03c8a07a2e172b1127af9b39ecdfc57bb11a2847c7c2d3d"
      "8f938f40f877e0c4", "f145c2dcaf339eede427be934357eac0" },
  };

/* All of RFC 8452, Appendix C: siv_vecs.  */
#include "vectors-gcm-siv.inc"

struct bufs
{
  unsigned char key[MAX_KEY], iv[64], aad[64], pt[MAXMSG], ct[MAXMSG];
  unsigned char tag[16], out[MAXMSG], got[16];
  size_t keylen, ivlen, aadlen, ptlen, ctlen, taglen;
};

static int
decode_vec (const struct aead_vec *v, struct bufs *b)
{
  b->keylen = hex_decode (v->key, b->key, sizeof b->key);
  b->ivlen = hex_decode (v->iv, b->iv, sizeof b->iv);
  b->aadlen = hex_decode (v->aad, b->aad, sizeof b->aad);
  b->ptlen = hex_decode (v->pt, b->pt, sizeof b->pt);
  b->ctlen = hex_decode (v->ct, b->ct, sizeof b->ct);
  b->taglen = hex_decode (v->tag, b->tag, sizeof b->tag);
  return b->keylen != (size_t)-1 && b->ivlen != (size_t)-1
         && b->aadlen != (size_t)-1 && b->ptlen == b->ctlen
         && b->ptlen != (size_t)-1 && b->taglen == 16;
}

/* Encrypt and decrypt one vector with implementation IMPL.  */
static void
run_vec (int mode, const struct aead_vec *v, unsigned int impl, int idx)
{
  struct bufs b;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int ok;

  if (!decode_vec (v, &b))
    {
      test_fail ("%s vector %d: malformed", mode_label (mode, 0), idx);
      return;
    }
  hd = open_impl (v->algo, mode, 0, impl, b.key, b.keylen, &rc);
  if (!hd)
    {
      test_fail ("%s vector %d: open: %s", mode_label (mode, 0), idx,
                 gpg_strerror (rc));
      return;
    }
  ok = !bcry_cipher_setiv (hd, b.iv, b.ivlen)
       && !bcry_cipher_authenticate (hd, b.aad, b.aadlen)
       && !bcry_cipher_encrypt (hd, b.out, b.ptlen, b.pt, b.ptlen)
       && !bcry_cipher_gettag (hd, b.got, 16)
       && !memcmp (b.out, b.ct, b.ctlen) && !memcmp (b.got, b.tag, 16);
  check (ok, "%s vector %d impl %u: encryption", mode_label (mode, 0), idx,
         impl);
  ok = !bcry_cipher_reset (hd) && !bcry_cipher_setiv (hd, b.iv, b.ivlen)
       && !bcry_cipher_authenticate (hd, b.aad, b.aadlen)
       && (mode != BCRY_CIPHER_MODE_GCM_SIV
           || !bcry_cipher_set_decryption_tag (hd, b.tag, 16))
       && !bcry_cipher_decrypt (hd, b.out, b.ctlen, b.ct, b.ctlen)
       && !bcry_cipher_checktag (hd, b.tag, 16)
       && !memcmp (b.out, b.pt, b.ptlen);
  check (ok, "%s vector %d impl %u: decryption", mode_label (mode, 0), idx,
         impl);
  bcry_cipher_close (hd);
}

static void
run_vec_table (int mode, const struct aead_vec *vecs, size_t n)
{
  unsigned int impl;
  size_t i;

  for (i = 0; i < n; i++)
    if (in_algo_list (vecs[i].algo))
      for (impl = 0; impl < impl_count (vecs[i].algo); impl++)
        run_vec (mode, &vecs[i], impl, (int)i + 1);
}

/* One message through handle HD: AAD in two calls, data in random
   chunks (GCM) or in one call (GCM-SIV), in place or not.  Returns the
   error of the first failing call.  */
static gpg_err_code_t
seal (bcry_cipher_hd_t hd, int mode, const unsigned char *iv, size_t ivlen,
      const unsigned char *aad, size_t aadlen, unsigned char *out,
      const unsigned char *in, size_t len, int inplace, unsigned char *tag)
{
  size_t off = 0, n, half = aadlen / 2;
  gpg_err_code_t rc;

  if ((rc = bcry_err_code (bcry_cipher_setiv (hd, iv, ivlen)))
      || (rc = bcry_err_code (bcry_cipher_authenticate (hd, aad, half)))
      || (rc = bcry_err_code (bcry_cipher_authenticate (hd, aad + half,
                                                        aadlen - half))))
    return rc;
  if (inplace)
    memmove (out, in, len);
  while (off < len || (!off && mode == BCRY_CIPHER_MODE_GCM_SIV))
    {
      n = mode == BCRY_CIPHER_MODE_GCM_SIV ? len : 1 + rng_below (len - off);
      clobber_vector_regs ();
      rc = bcry_err_code (inplace
                          ? bcry_cipher_encrypt (hd, out + off, n, NULL, 0)
                          : bcry_cipher_encrypt (hd, out + off, n, in + off,
                                                 n));
      if (rc)
        return rc;
      off += n;
      if (!len)
        break;
    }
  return bcry_err_code (bcry_cipher_gettag (hd, tag, 16));
}

/* Every implementation of every algorithm against the last (portable C)
   one, on random messages.  */
static void
cross_check (int mode)
{
  static unsigned char key[MAX_KEY], iv[64], aad[300], pt[65536 + 32];
  static unsigned char ref[sizeof pt], got[sizeof pt], back[sizeof pt];
  unsigned char rtag[16], gtag[16];
  size_t keylen, len, ivlen, aadlen;
  unsigned int nimpl, impl, a, round, nrounds = quick ? 40 : 160;
  bcry_cipher_hd_t hr, hg;
  gpg_err_code_t rc;
  int ok, inplace;

  for (a = 0; algo_list[a]; a++)
    {
      int algo = algo_list[a];

      keylen = bcry_cipher_get_algo_keylen (algo);
      if (bcry_cipher_get_algo_blklen (algo) != 16
          || (mode == BCRY_CIPHER_MODE_GCM_SIV && keylen != 16
              && keylen != 32))
        continue;
      nimpl = impl_count (algo);
      rng_start (mode, algo, 0);
      for (round = 0; round < nrounds; round++)
        {
          len = round < 72 ? round * 16 + rng_below (3) * 5
                : round % 16 ? rng_below (4096) : rng_below (65536);
          ivlen = mode == BCRY_CIPHER_MODE_GCM_SIV || round % 3 ? 12
                  : 1 + rng_below (64);
          aadlen = rng_below (round % 4 ? 40 : 300);
          inplace = round & 1;
          rng_fill (key, keylen);
          rng_fill (iv, ivlen);
          rng_fill (aad, aadlen);
          rng_fill (pt, len);
          hr = open_impl (algo, mode, 0, nimpl - 1, key, keylen, &rc);
          if (!hr)
            {
              test_fail ("%s %s: open: %s", bcry_cipher_algo_name (algo),
                         mode_label (mode, 0), gpg_strerror (rc));
              break;
            }
          rc = seal (hr, mode, iv, ivlen, aad, aadlen, ref, pt, len, 0, rtag);
          for (impl = 0; impl < nimpl && !rc; impl++)
            {
              hg = open_impl (algo, mode, 0, impl, key, keylen, &rc);
              if (!hg)
                break;
              ok = !seal (hg, mode, iv, ivlen, aad, aadlen, got, pt, len,
                          inplace, gtag)
                   && !memcmp (got, ref, len) && !memcmp (gtag, rtag, 16);
              /* And back, in place, with the tag checked.  */
              memcpy (back, ref, len);
              ok = ok && !bcry_cipher_reset (hg)
                   && !bcry_cipher_setiv (hg, iv, ivlen)
                   && !bcry_cipher_authenticate (hg, aad, aadlen)
                   && (mode != BCRY_CIPHER_MODE_GCM_SIV
                       || !bcry_cipher_set_decryption_tag (hg, rtag, 16))
                   && !bcry_cipher_decrypt (hg, back, len, NULL, 0)
                   && !bcry_cipher_checktag (hg, rtag, 16)
                   && !memcmp (back, pt, len);
              check (ok, "%s %s impl %u: len %zu iv %zu aad %zu %s, seed "
                     "%llu", bcry_cipher_algo_name (algo),
                     mode_label (mode, 0), impl, len, ivlen, aadlen,
                     inplace ? "in place" : "out of place",
                     (unsigned long long)seed);
              bcry_cipher_close (hg);
            }
          if (rc)
            test_fail ("%s %s: %s", bcry_cipher_algo_name (algo),
                       mode_label (mode, 0), gpg_strerror (rc));
          bcry_cipher_close (hr);
        }
    }
}

/* The state machine and the refused inputs.  */
static void
bad_input (void)
{
  static const unsigned char key[32], iv[12], tag0[16];
  unsigned char buf[64] = { 0 }, tag[17];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t n;

  if (!in_algo_list (BCRY_CIPHER_AES))
    return;
  hd = open_impl (BCRY_CIPHER_AES, BCRY_CIPHER_MODE_GCM, 0, 0, key, 16, &rc);
  if (!hd)
    {
      test_fail ("GCM open: %s", gpg_strerror (rc));
      return;
    }
  check_rc (bcry_cipher_encrypt (hd, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
            "GCM encrypt before setiv");
  check_rc (bcry_cipher_setiv (hd, iv, 0), GPG_ERR_INV_LENGTH,
            "GCM empty IV");
  check_rc (bcry_cipher_setiv (hd, iv, 12), 0, "GCM setiv");
  check_rc (bcry_cipher_authenticate (hd, buf, 5), 0, "GCM AAD");
  check_rc (bcry_cipher_encrypt (hd, buf, 17, NULL, 0), 0, "GCM encrypt");
  check_rc (bcry_cipher_authenticate (hd, buf, 5), GPG_ERR_INV_STATE,
            "GCM AAD after data");
  check_rc (bcry_cipher_gettag (hd, tag, 11), GPG_ERR_INV_LENGTH,
            "GCM 11-byte tag");
  /* A longer buffer gets the 16-byte tag, as in libgcrypt.  */
  tag[16] = 0x5a;
  check_rc (bcry_cipher_gettag (hd, tag, 17), 0, "GCM gettag into 17 bytes");
  check (tag[16] == 0x5a, "GCM gettag wrote a 17th byte");
  check_rc (bcry_cipher_checktag (hd, tag, 17), GPG_ERR_INV_LENGTH,
            "GCM 17-byte checktag");
  check_rc (bcry_cipher_gettag (hd, tag, 16), 0, "GCM gettag");
  check_rc (bcry_cipher_checktag (hd, tag, 4), 0, "GCM 4-byte checktag");
  check_rc (bcry_cipher_checktag (hd, tag, 12), 0, "GCM 12-byte checktag");
  tag[15] ^= 1;
  check_rc (bcry_cipher_checktag (hd, tag, 16), GPG_ERR_CHECKSUM,
            "GCM wrong tag");
  check_rc (bcry_cipher_encrypt (hd, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
            "GCM encrypt after tag");
  check_rc (bcry_cipher_checktag (hd, tag, 3), GPG_ERR_INV_LENGTH,
            "GCM 3-byte checktag");
  check_rc (bcry_cipher_encrypt (hd, buf, 15, buf, 16),
            GPG_ERR_BUFFER_TOO_SHORT, "GCM short output");
  n = 0;
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_TAGLEN, NULL, &n), 0,
            "GCM GET_TAGLEN");
  check (n == 16, "GCM GET_TAGLEN is %zu", n);
  /* Reset keeps the key: the first test case of the GCM paper.  */
  check_rc (bcry_cipher_reset (hd), 0, "GCM reset");
  check_rc (bcry_cipher_encrypt (hd, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
            "GCM encrypt after reset");
  check (!bcry_cipher_setiv (hd, iv, 12) && !bcry_cipher_gettag (hd, tag, 16)
         && hex_decode ("58e2fccefa7e3061367f1d57a4e7455a", buf, 16) == 16
         && !memcmp (tag, buf, 16), "GCM tag after reset");
  bcry_cipher_close (hd);

  hd = open_impl (BCRY_CIPHER_AES, BCRY_CIPHER_MODE_GCM_SIV, 0, 0, key, 16,
                  &rc);
  if (!hd)
    {
      test_fail ("GCM-SIV open: %s", gpg_strerror (rc));
      return;
    }
  check_rc (bcry_cipher_setkey (hd, key, 32), GPG_ERR_INV_KEYLEN,
            "GCM-SIV two keys");
  check_rc (bcry_cipher_setkey (hd, key, 16), 0, "GCM-SIV setkey");
  check_rc (bcry_cipher_setiv (hd, iv, 16), GPG_ERR_INV_LENGTH,
            "GCM-SIV 16-byte nonce");
  check_rc (bcry_cipher_encrypt (hd, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
            "GCM-SIV encrypt before setiv");
  check_rc (bcry_cipher_setiv (hd, iv, 12), 0, "GCM-SIV setiv");
  check_rc (bcry_cipher_encrypt (hd, buf, 16, NULL, 0), 0, "GCM-SIV encrypt");
  check_rc (bcry_cipher_encrypt (hd, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
            "GCM-SIV second encrypt");
  check_rc (bcry_cipher_authenticate (hd, buf, 1), GPG_ERR_INV_STATE,
            "GCM-SIV AAD after data");
  check_rc (bcry_cipher_gettag (hd, tag, 12), GPG_ERR_INV_LENGTH,
            "GCM-SIV 12-byte tag");
  tag[16] = 0x5a;
  check_rc (bcry_cipher_gettag (hd, tag, 17), 0,
            "GCM-SIV gettag into 17 bytes");
  check (tag[16] == 0x5a, "GCM-SIV gettag wrote a 17th byte");
  check_rc (bcry_cipher_gettag (hd, tag, 16), 0, "GCM-SIV gettag");
  check_rc (bcry_cipher_setiv (hd, iv, 12), 0, "GCM-SIV new nonce");
  check_rc (bcry_cipher_decrypt (hd, buf, 16, NULL, 0), GPG_ERR_INV_STATE,
            "GCM-SIV decrypt without tag");
  check_rc (bcry_cipher_set_decryption_tag (hd, tag, 15), GPG_ERR_INV_LENGTH,
            "GCM-SIV 15-byte decryption tag");
  check_rc (bcry_cipher_set_decryption_tag (hd, tag0, 16), 0,
            "GCM-SIV decryption tag");
  check_rc (bcry_cipher_set_decryption_tag (hd, tag0, 16), GPG_ERR_INV_STATE,
            "GCM-SIV second decryption tag");
  memset (buf, 0x55, 16);
  check_rc (bcry_cipher_decrypt (hd, buf, 16, NULL, 0), GPG_ERR_CHECKSUM,
            "GCM-SIV wrong tag");
  check (buf[0] == 0 && !memcmp (buf, buf + 1, 15),
         "GCM-SIV output wiped after a wrong tag");
  check_rc (bcry_cipher_checktag (hd, tag0, 16), GPG_ERR_CHECKSUM,
            "GCM-SIV checktag after a wrong tag");
  bcry_cipher_close (hd);

  if (in_algo_list (BCRY_CIPHER_AES192))
    {
      hd = NULL;
      check_rc (bcry_cipher_open (&hd, BCRY_CIPHER_AES192,
                                  BCRY_CIPHER_MODE_GCM_SIV, 0), 0,
                "GCM-SIV open AES-192");
      check_rc (bcry_cipher_setkey (hd, key, 24), GPG_ERR_INV_KEYLEN,
                "GCM-SIV AES-192 key");
      bcry_cipher_close (hd);
    }
}

/* bcry_cipher_setctr after setiv, as libgcrypt allows: the data runs
   from the counter given, whatever the message's first call (the
   library folds E(J0) into that call's counter run otherwise), so its
   ciphertext is CTR's from that counter.  */
static void
setctr_after_setiv (void)
{
  static const unsigned char key[16] = { 7 }, iv[12] = { 9 };
  static const size_t lens[] = { 1, 16, 40, 256, 300 };
  unsigned char ctr[16], got[300], want[300];
  bcry_cipher_hd_t hg, hc;
  gpg_err_code_t rc;
  size_t i;

  if (!in_algo_list (BCRY_CIPHER_AES))
    return;
  memset (ctr, 0xff, 12);
  memset (ctr + 12, 0xfe, 4);
  for (i = 0; i < DIMOF (lens); i++)
    {
      hg = open_impl (BCRY_CIPHER_AES, BCRY_CIPHER_MODE_GCM, 0, 0, key, 16,
                      &rc);
      hc = hg ? open_impl (BCRY_CIPHER_AES, BCRY_CIPHER_MODE_CTR, 0, 0, key,
                           16, &rc) : NULL;
      if (!hc)
        {
          test_fail ("GCM setctr: open: %s", gpg_strerror (rc));
          bcry_cipher_close (hg);
          return;
        }
      memset (got, 0, sizeof got);
      memset (want, 0, sizeof want);
      check (!bcry_cipher_setiv (hg, iv, 12)
             && !bcry_cipher_setctr (hg, ctr, 16)
             && !bcry_cipher_encrypt (hg, got, lens[i], NULL, 0)
             && !bcry_cipher_setctr (hc, ctr, 16)
             && !bcry_cipher_encrypt (hc, want, lens[i], NULL, 0)
             && !memcmp (got, want, lens[i]),
             "GCM setctr after setiv, %zu bytes: not CTR from that counter",
             lens[i]);
      bcry_cipher_close (hg);
      bcry_cipher_close (hc);
    }
}

void
run_gcm_tests (void)
{
  const char *hwf = bcry_get_hwf ();

  /* The library picks its GHASH multiplier from the same features.  */
#ifdef ENABLE_AESNI_SUPPORT
  if (hwf && strstr (hwf, "pclmul"))
    info ("GHASH/POLYVAL: PCLMULQDQ (ghash-pclmul.c)\n");
  else
#endif
#if defined(ENABLE_ARMCE_SUPPORT) && defined(ENABLE_NEON_SUPPORT)
  if (hwf && strstr (hwf, "arm-pmull") && strstr (hwf, "neon"))
    info ("GHASH/POLYVAL: PMULL (ghash-pmull-aarch64.c)\n");
  else
#endif
    info ("GHASH/POLYVAL: portable 8-bit tables (ghash.c)\n");
  (void)hwf;
  run_vec_table (BCRY_CIPHER_MODE_GCM, gcm_vecs, DIMOF (gcm_vecs));
  run_vec_table (BCRY_CIPHER_MODE_GCM_SIV, siv_vecs, DIMOF (siv_vecs));
  cross_check (BCRY_CIPHER_MODE_GCM);
  cross_check (BCRY_CIPHER_MODE_GCM_SIV);
  bad_input ();
  setctr_after_setiv ();
}
