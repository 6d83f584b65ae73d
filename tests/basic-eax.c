/* basic-eax.c - tests/basic: EAX known answers and bad input
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The test vectors of M. Bellare, P. Rogaway, D. Wagner, "The EAX Mode
 * of Operation" (FSE 2004; the AES-128 vectors listed at the end of the
 * full paper), with every AES implementation, header and data given
 * whole and in pieces, tags truncated; then the calls EAX must refuse.
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"

static const struct eax_vector
{
  const char *key, *nonce, *header, *tag, *plain, *cipher;
} eax_vectors[] =
  {
    { "233952dee4d5ed5f9b9c6d6ff80ff478", "62ec67f9c3a4a407fcb2a8c49031a8b3",
      "6bfb914fd07eae6b", "e037830e8389f27b025a2d6527e79d01",
      "",
      "" },
    { "91945d3f4dcbee0bf45ef52255f095a4", "becaf043b0a23d843194ba972c66debd",
      "fa3bfd4806eb53fa", "5c4c9331049d0bdab0277408f67967e5",
      "f7fb",
      "19dd" },
    { "01f74ad64077f2e704c0f60ada3dd523", "70c3db4f0d26368400a10ed05d2bff5e",
      "234a3463c1264ac6", "3a59f238a23e39199dc9266626c40f80",
      "1a47cb4933",
      "d851d5bae0" },
    { "d07cf6cbb7f313bdde66b727afd3c5e8", "8408dfff3c1a2b1292dc199e46b7d617",
      "33cce2eabff5a79d", "d4c168a4225d8e1ff755939974a7bede",
      "481c9e39b1",
      "632a9d131a" },
    { "35b6d0580005bbc12b0587124557d2c2", "fdb6b06676eedc5c61d74276e1f8e816",
      "aeb96eaebe2970e9", "cb0677e536f73afe6a14b74ee49844dd",
      "40d0c07da5e4",
      "071dfe16c675" },
    { "bd8e6e11475e60b268784c38c62feb22", "6eac5c93072d8e8513f750935e46da1b",
      "d4482d1ca78dce0f", "abb8644fd6ccb86947c5e10590210a4f",
      "4de3b35c3fc039245bd1fb7d",
      "835bb4f15d743e350e728414" },
    { "7c77d6e813bed5ac98baa417477a2e7d", "1a8c98dcd73d38393b2bf1569deefc19",
      "65d2017990d62528", "137327d10649b0aa6e1c181db617d7f2",
      "8b0a79306c9ce7ed99dae4f87f8dd61636",
      "02083e3979da014812f59f11d52630da30" },
    { "5fff20cafab119ca2fc73549e20f5b0d", "dde59b97d722156d4d9aff2bc7559826",
      "54b9f04e6a09189a", "3b60450599bd02c96382902aef7f832a",
      "1bda122bce8a8dbaf1877d962b8592dd2d56",
      "2ec47b2c4954a489afc7ba4897edcdae8cc3" },
    { "a4a4782bcffd3ec5e7ef6d8c34a56123", "b781fcf2f75fa5a8de97a9ca48e522ec",
      "899a175897561d7e", "e7f6d2231618102fdb7fe55ff1991700",
      "6cf36720872b8513f6eab1a8a44438d5ef11",
      "0de18fd0fdd91e7af19f1d8ee8733938b1e8" },
    { "8395fcf1e95bebd697bd010bc766aac3", "22e7add93cfc6393c57ec0b3c17d6b44",
      "126735fcc320d25a", "cfc46afc253b4652b1af3795b124ab6e",
      "ca40d7446e545ffaed3bd12a740a659ffbbb3ceab7",
      "cb8920f87a6c75cff39627b56e3ed197c552d295a7" },
  };

#define EAX_MAX 32

struct eax_case
{
  unsigned char key[16], nonce[16], header[16], tag[16];
  unsigned char plain[EAX_MAX], cipher[EAX_MAX];
  size_t headerlen, len;
};

static gpg_err_code_t
eax_start (bcry_cipher_hd_t hd, const struct eax_case *t, size_t step)
{
  gpg_err_code_t rc = bcry_err_code (bcry_cipher_setiv (hd, t->nonce, 16));

  if (!rc)
    rc = feed_pieces (hd, FEED_AAD, NULL, t->header, t->headerlen, step);
  return rc;
}

static int
eax_run (const struct eax_case *t, unsigned int impl, size_t step,
         size_t taglen)
{
  unsigned char buf[EAX_MAX], tag[16];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int ok;

  hd = open_impl (BCRY_CIPHER_AES, BCRY_CIPHER_MODE_EAX, 0, impl, t->key,
                  16, &rc);
  if (!hd)
    return 0;
  rc = eax_start (hd, t, step);
  if (!rc)
    rc = feed_pieces (hd, FEED_ENCRYPT, buf, t->plain, t->len, step);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_gettag (hd, tag, taglen));
  ok = !rc && !memcmp (buf, t->cipher, t->len)
       && !memcmp (tag, t->tag, taglen);

  bcry_cipher_reset (hd);
  memcpy (buf, t->cipher, t->len);
  rc = eax_start (hd, t, step);
  if (!rc)
    rc = feed_pieces (hd, FEED_DECRYPT, buf, buf, t->len, step);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_checktag (hd, t->tag, taglen));
  ok = ok && !rc && !memcmp (buf, t->plain, t->len);

  /* A new setiv starts over, without a reset.  */
  rc = eax_start (hd, t, step);
  if (!rc)
    rc = feed_pieces (hd, FEED_DECRYPT, buf, t->cipher, t->len, step);
  memcpy (tag, t->tag, taglen);
  tag[taglen - 1] ^= 0x80;
  if (!rc)
    rc = bcry_err_code (bcry_cipher_checktag (hd, tag, taglen));
  ok = ok && rc == GPG_ERR_CHECKSUM;
  bcry_cipher_close (hd);
  return ok;
}

static int
eax_case_load (const struct eax_vector *v, struct eax_case *t)
{
  t->len = hex_decode (v->plain, t->plain, sizeof t->plain);
  t->headerlen = hex_decode (v->header, t->header, sizeof t->header);
  return hex_decode (v->key, t->key, 16) == 16
         && hex_decode (v->nonce, t->nonce, 16) == 16
         && hex_decode (v->tag, t->tag, 16) == 16
         && t->len != (size_t)-1 && t->headerlen != (size_t)-1
         && hex_decode (v->cipher, t->cipher, sizeof t->cipher) == t->len;
}

static void
eax_vectors_run (void)
{
  static const size_t steps[] = { (size_t)-1, 1, 7, 16 };
  static const size_t taglens[] = { 16, 16, 8, 1 };
  struct eax_case t;
  unsigned int impl, nimpl;
  size_t i, s;

  if (!in_algo_list (BCRY_CIPHER_AES))
    return;
  nimpl = impl_count (BCRY_CIPHER_AES);
  for (i = 0; i < DIMOF (eax_vectors); i++)
    {
      if (!eax_case_load (&eax_vectors[i], &t))
        {
          test_fail ("EAX vector %zu: bad table entry", i + 1);
          continue;
        }
      for (impl = 0; impl < nimpl; impl++)
        for (s = 0; s < DIMOF (steps); s++)
          check (eax_run (&t, impl, steps[s], taglens[s]),
                 "EAX vector %zu, implementation %u, pieces of %zu bytes, "
                 "%zu-byte tag", i + 1, impl, steps[s], taglens[s]);
    }
}

static void
eax_bad_input (void)
{
  unsigned char key[16] = { 0 }, data[40] = { 0 }, out[40], tag[17];
  unsigned char ref[40], reftag[16];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t taglen = 0;
  int algo = algo_list[0];

  if (bcry_cipher_get_algo_keylen (algo) != 16)
    return;
  hd = open_impl (algo, BCRY_CIPHER_MODE_EAX, 0, 0, key, 16, &rc);
  if (!hd)
    {
      test_fail ("EAX: open: %s", gpg_strerror (rc));
      return;
    }
  check_rc (bcry_cipher_encrypt (hd, out, 1, data, 1), GPG_ERR_INV_STATE,
            "EAX encrypt before setiv");
  check_rc (bcry_cipher_authenticate (hd, data, 1), GPG_ERR_INV_STATE,
            "EAX authenticate before setiv");
  check_rc (bcry_cipher_gettag (hd, tag, 16), GPG_ERR_INV_STATE,
            "EAX gettag before setiv");

  /* The reference: empty nonce, 5 bytes header, 40 bytes data.  */
  check_rc (bcry_cipher_setiv (hd, NULL, 0), 0, "EAX empty nonce");
  check_rc (bcry_cipher_authenticate (hd, data, 5), 0, "EAX authenticate");
  check_rc (bcry_cipher_encrypt (hd, ref, 40, data, 40), 0, "EAX encrypt");
  check_rc (bcry_cipher_gettag (hd, reftag, 16), 0, "EAX gettag");
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_TAGLEN, NULL, &taglen), 0,
            "EAX GET_TAGLEN");
  check (taglen == 16, "EAX GET_TAGLEN gave %zu, want 16", taglen);

  /* The same message again after reset, with refused calls between.  */
  bcry_cipher_reset (hd);
  check_rc (bcry_cipher_setiv (hd, data, 0), 0, "EAX empty nonce");
  check_rc (bcry_cipher_authenticate (hd, data, 5), 0, "EAX authenticate");
  check_rc (bcry_cipher_encrypt (hd, out, 20, data, 20), 0, "EAX encrypt");
  check_rc (bcry_cipher_authenticate (hd, data, 1), GPG_ERR_INV_STATE,
            "EAX authenticate after data");
  check_rc (bcry_cipher_encrypt (hd, out + 20, 19, data + 20, 20),
            GPG_ERR_BUFFER_TOO_SHORT, "EAX short output");
  check_rc (bcry_cipher_encrypt (hd, out + 20, 20, data + 20, 20), 0,
            "EAX encrypt");
  check_rc (bcry_cipher_gettag (hd, tag, 0), GPG_ERR_INV_LENGTH,
            "EAX gettag of 0 bytes");
  /* A longer buffer gets the 16-byte tag, as in libgcrypt.  */
  tag[16] = 0x5a;
  check_rc (bcry_cipher_gettag (hd, tag, 17), 0, "EAX gettag into 17 bytes");
  check (tag[16] == 0x5a && !memcmp (tag, reftag, 16),
         "EAX gettag into 17 bytes: not the tag alone");
  check_rc (bcry_cipher_checktag (hd, reftag, 17), GPG_ERR_INV_LENGTH,
            "EAX checktag of 17 bytes");
  check_rc (bcry_cipher_checktag (hd, reftag, 16), 0, "EAX checktag");
  check_rc (bcry_cipher_gettag (hd, tag, 16), 0, "EAX gettag");
  check (!memcmp (out, ref, 40) && !memcmp (tag, reftag, 16),
         "EAX: refused calls changed the message");
  check_rc (bcry_cipher_encrypt (hd, out, 1, data, 1), GPG_ERR_INV_STATE,
            "EAX encrypt after gettag");
  check_rc (bcry_cipher_decrypt (hd, out, 1, data, 1), GPG_ERR_INV_STATE,
            "EAX decrypt after gettag");
  check_rc (bcry_cipher_authenticate (hd, data, 1), GPG_ERR_INV_STATE,
            "EAX authenticate after gettag");
  bcry_cipher_close (hd);
}

void
run_eax_tests (void)
{
  eax_vectors_run ();
  eax_bad_input ();
}
