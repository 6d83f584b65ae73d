/* basic-aeswrap.c - tests/basic: key wrap known answers and bad input
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 3394, section 4 (all six wraps, KW) and RFC 5649, section 6 (both
 * wraps, KWP with BCRY_CIPHER_EXTENDED), with every implementation of
 * AES, in place and out of place; unwrapping, the length KWP records,
 * forgeries, the alternative initial value, and the lengths refused.
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"

static const struct wrap_vector
{
  const char *label;
  int algo;
  unsigned int flags;
  const char *kek, *key, *wrapped;
} wrap_vectors[] =
  {
    { "RFC 3394 4.1", BCRY_CIPHER_AES128, 0,
      "000102030405060708090a0b0c0d0e0f",
      "00112233445566778899aabbccddeeff",
      "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5" },
    { "RFC 3394 4.2", BCRY_CIPHER_AES192, 0,
      "000102030405060708090a0b0c0d0e0f1011121314151617",
      "00112233445566778899aabbccddeeff",
      "96778b25ae6ca435f92b5b97c050aed2468ab8a17ad84e5d" },
    { "RFC 3394 4.3", BCRY_CIPHER_AES256, 0,
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
      "00112233445566778899aabbccddeeff",
      "64e8c3f9ce0f5ba263e9777905818a2a93c8191e7d6e8ae7" },
    { "RFC 3394 4.4", BCRY_CIPHER_AES192, 0,
      "000102030405060708090a0b0c0d0e0f1011121314151617",
      "00112233445566778899aabbccddeeff0001020304050607",
      "031d33264e15d33268f24ec260743edce1c6c7ddee725a936ba814915c6762d2" },
    { "RFC 3394 4.5", BCRY_CIPHER_AES256, 0,
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
      "00112233445566778899aabbccddeeff0001020304050607",
      "a8f9bc1612c68b3ff6e6f4fbe30e71e4769c8b80a32cb8958cd5d17d6b254da1" },
    { "RFC 3394 4.6", BCRY_CIPHER_AES256, 0,
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
      "00112233445566778899aabbccddeeff000102030405060708090a0b0c0d0e0f",
      "28c9f404c4b810f4cbccb35cfb87f8263f5786e2d80ed326cbc7f0e71a99f43b"
      "fb988b9b7a02dd21" },
    { "RFC 5649 6 (20 bytes)", BCRY_CIPHER_AES192, BCRY_CIPHER_EXTENDED,
      "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
      "c37b7e6492584340bed12207808941155068f738",
      "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a" },
    { "RFC 5649 6 (7 bytes)", BCRY_CIPHER_AES192, BCRY_CIPHER_EXTENDED,
      "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8",
      "466f7250617369",
      "afbeb0f07dfbf5419200f2ccb50bb24f" },
  };

#define WRAP_MAX 48

static int
wrap_run (const struct wrap_vector *v, unsigned int impl, int inplace)
{
  unsigned char kek[32], key[WRAP_MAX], wrapped[WRAP_MAX], buf[WRAP_MAX];
  size_t keklen, keylen, wlen, plen = 99;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int ok;

  keklen = hex_decode (v->kek, kek, sizeof kek);
  keylen = hex_decode (v->key, key, sizeof key);
  wlen = hex_decode (v->wrapped, wrapped, sizeof wrapped);
  hd = open_impl (v->algo, BCRY_CIPHER_MODE_AESWRAP, v->flags, impl, kek,
                  keklen, &rc);
  if (!hd)
    return 0;
  memset (buf, 0, sizeof buf);
  memcpy (buf, key, keylen);
  rc = bcry_err_code (bcry_cipher_encrypt (hd, buf, wlen,
                                           inplace ? buf : key, keylen));
  ok = !rc && !memcmp (buf, wrapped, wlen);

  rc = bcry_err_code (bcry_cipher_decrypt (hd, buf, wlen - 8,
                                           inplace ? buf : wrapped, wlen));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_KEYLEN, NULL,
                                          &plen));
  /* KWP reports the length it recorded; KW, as libgcrypt, 0.  */
  ok = ok && !rc && !memcmp (buf, key, keylen)
       && plen == (v->flags ? keylen : 0);

  wrapped[wlen - 1] ^= 0x10;
  rc = bcry_err_code (bcry_cipher_decrypt (hd, buf, wlen - 8, wrapped,
                                           wlen));
  ok = ok && rc == GPG_ERR_CHECKSUM && !buf[0]
       && !memcmp (buf, buf + 1, wlen - 9);
  bcry_cipher_close (hd);
  return ok;
}

static void
wrap_vectors_run (void)
{
  unsigned int impl, nimpl;
  size_t i;
  int inplace;

  for (i = 0; i < DIMOF (wrap_vectors); i++)
    {
      if (!in_algo_list (wrap_vectors[i].algo))
        continue;
      nimpl = impl_count (wrap_vectors[i].algo);
      for (impl = 0; impl < nimpl; impl++)
        for (inplace = 0; inplace < 2; inplace++)
          check (wrap_run (&wrap_vectors[i], impl, inplace),
                 "key wrap %s, implementation %u, %s", wrap_vectors[i].label,
                 impl, inplace ? "in place" : "out of place");
    }
}

static void
wrap_bad_input (void)
{
  static const unsigned char aiv[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  unsigned char kek[16] = { 0 }, data[40] = { 0 }, out[48], back[40];
  int algo = algo_list[0];
  bcry_cipher_hd_t hd, kwp;
  gpg_err_code_t rc;

  if (bcry_cipher_get_algo_keylen (algo) != 16)
    return;
  hd = open_impl (algo, BCRY_CIPHER_MODE_AESWRAP, 0, 0, kek, 16, &rc);
  kwp = open_impl (algo, BCRY_CIPHER_MODE_AESWRAP, BCRY_CIPHER_EXTENDED, 0,
                   kek, 16, &rc);
  if (!hd || !kwp)
    {
      test_fail ("key wrap: open: %s", gpg_strerror (rc));
      bcry_cipher_close (hd);
      bcry_cipher_close (kwp);
      return;
    }

  /* KW takes 16 bytes or more, a multiple of 8, into 8 bytes more.  */
  check_rc (bcry_cipher_encrypt (hd, out, 16, data, 8), GPG_ERR_INV_ARG,
            "KW of 8 bytes");
  check_rc (bcry_cipher_encrypt (hd, out, 28, data, 20), GPG_ERR_INV_ARG,
            "KW of 20 bytes");
  check_rc (bcry_cipher_encrypt (hd, out, 23, data, 16),
            GPG_ERR_BUFFER_TOO_SHORT, "KW into 23 bytes");
  check_rc (bcry_cipher_decrypt (hd, back, 16, data, 16), GPG_ERR_INV_ARG,
            "KW unwrap of 16 bytes");
  check_rc (bcry_cipher_decrypt (hd, back, 16, data, 28), GPG_ERR_INV_ARG,
            "KW unwrap of 28 bytes");
  check_rc (bcry_cipher_encrypt (hd, out, 32, data, 24), 0, "KW");
  check_rc (bcry_cipher_decrypt (hd, back, 23, out, 32),
            GPG_ERR_BUFFER_TOO_SHORT, "KW unwrap into 23 bytes");
  check_rc (bcry_cipher_decrypt (hd, back, 24, out, 32), 0, "KW unwrap");

  /* The alternative initial value of RFC 3394, 2.2.3.2.  */
  check_rc (bcry_cipher_setiv (hd, aiv, 16), GPG_ERR_INV_LENGTH,
            "KW 16-byte AIV");
  check_rc (bcry_cipher_setiv (hd, aiv, 8), 0, "KW AIV");
  check_rc (bcry_cipher_encrypt (hd, out, 32, data, 24), 0, "KW with AIV");
  check_rc (bcry_cipher_decrypt (hd, back, 24, out, 32), 0,
            "KW unwrap with AIV");
  check_rc (bcry_cipher_decrypt (kwp, back, 24, out, 32), GPG_ERR_CHECKSUM,
            "KW unwrap with AIV, on a handle without it");

  /* KWP takes 1 byte or more; KW does not accept its messages.  */
  check_rc (bcry_cipher_encrypt (kwp, out, 16, data, 0), GPG_ERR_INV_ARG,
            "KWP of 0 bytes");
  check_rc (bcry_cipher_encrypt (kwp, out, 15, data, 1),
            GPG_ERR_BUFFER_TOO_SHORT, "KWP of 1 byte into 15");
  check_rc (bcry_cipher_encrypt (kwp, out, 16, data, 1), 0, "KWP of 1 byte");
  check_rc (bcry_cipher_decrypt (kwp, back, 8, out, 16), 0, "KWP unwrap");
  check_rc (bcry_cipher_encrypt (kwp, out, 32, data, 17), 0,
            "KWP of 17 bytes");
  bcry_cipher_reset (hd);
  check_rc (bcry_cipher_decrypt (hd, back, 24, out, 32), GPG_ERR_CHECKSUM,
            "KWP message unwrapped as KW");
  check_rc (bcry_cipher_decrypt (kwp, back, 24, out, 32), 0,
            "KWP unwrap of 17 bytes");
  bcry_cipher_close (hd);
  bcry_cipher_close (kwp);
}

void
run_aeswrap_tests (void)
{
  wrap_vectors_run ();
  wrap_bad_input ();
}
