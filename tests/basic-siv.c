/* basic-siv.c - tests/basic: SIV known answers and bad input
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 5297, Appendix A: A.1 (deterministic, one AD component) and A.2
 * (nonce-based, two AD components and a nonce), with every AES
 * implementation, in place and out of place; then the libgcrypt rules
 * SIV keeps: one authenticate call per AD component, the nonce last,
 * the data in one call, the SIV set before decryption.
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"

static const struct siv_vector
{
  const char *label;
  const char *key;
  const char *ad[2];            /* NULL: no such component.  */
  const char *nonce;            /* NULL: deterministic.  */
  const char *plain, *v, *cipher;
} siv_vectors[] =
  {
    { "RFC 5297 A.1",
      "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
      { "101112131415161718191a1b1c1d1e1f2021222324252627", NULL },
      NULL,
      "112233445566778899aabbccddee",
      "85632d07c6e8f37f950acd320a2ecc93",
      "40c02b9690c4dc04daef7f6afe5c" },
    { "RFC 5297 A.2",
      "7f7e7d7c7b7a79787776757473727170404142434445464748494a4b4c4d4e4f",
      { "00112233445566778899aabbccddeeffdeaddadadeaddadaffeeddccbbaa9988"
        "7766554433221100",
        "102030405060708090a0" },
      "09f911029d74e35bd84156c5635688c0",
      "7468697320697320736f6d6520706c61696e7465787420746f20656e63727970"
      "74207573696e67205349562d414553",
      "7bdb6e3b432667eb06f4d14bff2fbd0f",
      "cb900f2fddbe404326601965c889bf17dba77ceb094fa663b7a3f748ba8af829"
      "ea64ad544a272e9c485b62a3fd5c0d" },
  };

#define SIV_MAX 64

/* Give HD the AD components and the nonce of V.  */
static gpg_err_code_t
siv_start (bcry_cipher_hd_t hd, const struct siv_vector *v)
{
  unsigned char buf[SIV_MAX];
  gpg_err_code_t rc = 0;
  size_t i, n;

  for (i = 0; !rc && i < 2 && v->ad[i]; i++)
    {
      n = hex_decode (v->ad[i], buf, sizeof buf);
      rc = bcry_err_code (bcry_cipher_authenticate (hd, buf, n));
    }
  if (!rc && v->nonce)
    {
      n = hex_decode (v->nonce, buf, sizeof buf);
      rc = bcry_err_code (bcry_cipher_setiv (hd, buf, n));
    }
  return rc;
}

static int
siv_run (const struct siv_vector *v, unsigned int impl, int inplace)
{
  unsigned char key[32], plain[SIV_MAX], cipher[SIV_MAX], sivv[16];
  unsigned char buf[SIV_MAX], tag[16];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t len;
  int ok;

  hex_decode (v->key, key, sizeof key);
  hex_decode (v->v, sivv, sizeof sivv);
  len = hex_decode (v->plain, plain, sizeof plain);
  hex_decode (v->cipher, cipher, sizeof cipher);
  hd = open_impl (BCRY_CIPHER_AES, BCRY_CIPHER_MODE_SIV, 0, impl, key, 32,
                  &rc);
  if (!hd)
    return 0;

  rc = siv_start (hd, v);
  memcpy (buf, plain, len);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_encrypt (hd, buf, len,
                                             inplace ? NULL : plain, len));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_gettag (hd, tag, 16));
  ok = !rc && !memcmp (buf, cipher, len) && !memcmp (tag, sivv, 16);

  bcry_cipher_reset (hd);
  rc = siv_start (hd, v);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_set_decryption_tag (hd, sivv, 16));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_decrypt (hd, buf, len,
                                             inplace ? NULL : cipher, len));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_checktag (hd, sivv, 16));
  ok = ok && !rc && !memcmp (buf, plain, len);

  /* A forged SIV: no plaintext comes out.  */
  bcry_cipher_reset (hd);
  sivv[0] ^= 1;
  rc = siv_start (hd, v);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_set_decryption_tag (hd, sivv, 16));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_decrypt (hd, buf, len, cipher, len));
  ok = ok && rc == GPG_ERR_CHECKSUM && !buf[0] && !memcmp (buf, buf + 1,
                                                         len - 1);
  rc = bcry_err_code (bcry_cipher_checktag (hd, sivv, 16));
  ok = ok && rc == GPG_ERR_CHECKSUM;
  bcry_cipher_close (hd);
  return ok;
}

static void
siv_vectors_run (void)
{
  unsigned int impl, nimpl;
  size_t i;
  int inplace;

  if (!in_algo_list (BCRY_CIPHER_AES))
    return;
  nimpl = impl_count (BCRY_CIPHER_AES);
  for (i = 0; i < DIMOF (siv_vectors); i++)
    for (impl = 0; impl < nimpl; impl++)
      for (inplace = 0; inplace < 2; inplace++)
        check (siv_run (&siv_vectors[i], impl, inplace),
               "SIV %s, implementation %u, %s", siv_vectors[i].label, impl,
               inplace ? "in place" : "out of place");
}

/* The SIV of a message with NAD empty AD components and no data.  */
static gpg_err_code_t
siv_empty_ads (bcry_cipher_hd_t hd, unsigned int nad, unsigned char *tag)
{
  gpg_err_code_t rc = 0;
  unsigned int i;

  bcry_cipher_reset (hd);
  for (i = 0; !rc && i < nad; i++)
    rc = bcry_err_code (bcry_cipher_authenticate (hd, "", 0));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_gettag (hd, tag, 16));
  return rc;
}

static void
siv_bad_input (void)
{
  unsigned char key[64], data[40] = { 0 }, out[40], tag[16], tag2[20];
  int algo = algo_list[0];
  size_t klen = bcry_cipher_get_algo_keylen (algo), taglen = 0;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int i;

  for (i = 0; i < sizeof key; i++)
    key[i] = i;
  hd = open_impl (algo, BCRY_CIPHER_MODE_SIV, 0, 0, key, klen, &rc);
  check (!hd && rc == GPG_ERR_INV_KEYLEN, "SIV single-length key: got %s",
         gpg_strerror (rc));
  bcry_cipher_close (hd);
  hd = open_impl (algo, BCRY_CIPHER_MODE_SIV, 0, 0, key, 2 * klen, &rc);
  if (!hd)
    {
      test_fail ("SIV: open: %s", gpg_strerror (rc));
      return;
    }
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_TAGLEN, NULL, &taglen), 0,
            "SIV GET_TAGLEN");
  check (taglen == 16, "SIV GET_TAGLEN gave %zu, want 16", taglen);

  /* An empty AD component counts: zero, one and two of them differ.  */
  check_rc (siv_empty_ads (hd, 0, tag), 0, "SIV no AD");
  check_rc (siv_empty_ads (hd, 1, tag2), 0, "SIV one empty AD");
  check (memcmp (tag, tag2, 16) != 0, "SIV: an empty AD was not counted");
  check_rc (siv_empty_ads (hd, 2, tag), 0, "SIV two empty ADs");
  check (memcmp (tag, tag2, 16) != 0, "SIV: an empty AD was not counted");
  check_rc (siv_empty_ads (hd, 126, tag), 0, "SIV 126 ADs");
  check_rc (siv_empty_ads (hd, 127, tag), GPG_ERR_INV_STATE, "SIV 127 ADs");

  /* The nonce is the last component; the data come in one call.  */
  bcry_cipher_reset (hd);
  check_rc (bcry_cipher_setiv (hd, data, 12), 0, "SIV setiv");
  check_rc (bcry_cipher_authenticate (hd, data, 1), GPG_ERR_INV_STATE,
            "SIV authenticate after the nonce");
  check_rc (bcry_cipher_setiv (hd, data, 12), GPG_ERR_INV_STATE,
            "SIV second nonce");
  check_rc (bcry_cipher_decrypt (hd, out, 40, data, 40), GPG_ERR_INV_STATE,
            "SIV decrypt without the SIV");
  check_rc (bcry_cipher_encrypt (hd, out, 39, data, 40),
            GPG_ERR_BUFFER_TOO_SHORT, "SIV short output");
  check_rc (bcry_cipher_encrypt (hd, out, 40, data, 40), 0, "SIV encrypt");
  check_rc (bcry_cipher_encrypt (hd, out, 40, data, 40), GPG_ERR_INV_STATE,
            "SIV second encrypt");
  check_rc (bcry_cipher_authenticate (hd, data, 1), GPG_ERR_INV_STATE,
            "SIV authenticate after data");
  check_rc (bcry_cipher_gettag (hd, tag, 15), GPG_ERR_INV_LENGTH,
            "SIV gettag of 15 bytes");
  check_rc (bcry_cipher_gettag (hd, tag, 16), 0, "SIV gettag");
  /* A longer buffer gets the 16-byte tag, as in libgcrypt.  */
  memset (tag2, 0x5a, sizeof tag2);
  check_rc (bcry_cipher_gettag (hd, tag2, sizeof tag2), 0,
            "SIV gettag into 20 bytes");
  check (!memcmp (tag2, tag, 16) && tag2[16] == 0x5a,
         "SIV gettag into 20 bytes: not the tag alone");
  check_rc (bcry_cipher_checktag (hd, tag, 16), 0, "SIV checktag");
  check_rc (bcry_cipher_checktag (hd, tag, 8), GPG_ERR_INV_LENGTH,
            "SIV checktag of 8 bytes");
  check_rc (bcry_cipher_set_decryption_tag (hd, tag, 16), GPG_ERR_INV_STATE,
            "SIV decryption tag after the message");

  bcry_cipher_reset (hd);
  check_rc (bcry_cipher_set_decryption_tag (hd, tag, 15), GPG_ERR_INV_ARG,
            "SIV 15-byte decryption tag");
  check_rc (bcry_cipher_set_decryption_tag (hd, tag, 16), 0,
            "SIV decryption tag");
  check_rc (bcry_cipher_encrypt (hd, out, 40, data, 40), GPG_ERR_INV_STATE,
            "SIV encrypt after a decryption tag");
  check_rc (bcry_cipher_gettag (hd, tag2, 16), GPG_ERR_INV_STATE,
            "SIV gettag after a decryption tag");
  check_rc (bcry_cipher_setiv (hd, data, 12), GPG_ERR_INV_STATE,
            "SIV setiv after a decryption tag");
  bcry_cipher_close (hd);
}

void
run_siv_tests (void)
{
  siv_vectors_run ();
  siv_bad_input ();
}
