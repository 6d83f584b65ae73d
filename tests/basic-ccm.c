/* basic-ccm.c - tests/basic: CCM known answers and bad input
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The vectors of NIST SP 800-38C (Appendix C), RFC 3610 (section 8)
 * and RFC 5528 (section 5, Camellia) from vectors-ccm.inc, with every
 * implementation of the algorithm, the data given whole and in pieces;
 * then the calls CCM must refuse, in the order of libgcrypt's checks:
 * nonce and tag lengths, lengths announced once and kept to, the tag
 * not before all data, authentication not after it.
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "basic.h"
#include "vectors-ccm.inc"

#define CCM_MAX_DATA 64
#define CCM_EX4_AAD 65536

struct ccm_case
{
  unsigned char key[16], nonce[16], plain[CCM_MAX_DATA];
  unsigned char cipher[CCM_MAX_DATA + 16];
  unsigned char *aad;
  size_t keylen, noncelen, aadlen, plainlen, taglen;
};

/* Announce the lengths, as libgcrypt callers do right after setiv.  */
static gpg_err_code_t
ccm_lengths (bcry_cipher_hd_t hd, size_t datalen, size_t aadlen,
             size_t taglen)
{
  uint64_t params[3];

  params[0] = datalen;
  params[1] = aadlen;
  params[2] = taglen;
  return bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SET_CCM_LENGTHS,
                                         params, sizeof params));
}

/* Start a message of case T on HD and pass the AAD in pieces of STEP.  */
static gpg_err_code_t
ccm_start (bcry_cipher_hd_t hd, const struct ccm_case *t, size_t step)
{
  gpg_err_code_t rc;

  rc = bcry_err_code (bcry_cipher_setiv (hd, t->nonce, t->noncelen));
  if (!rc)
    rc = ccm_lengths (hd, t->plainlen, t->aadlen, t->taglen);
  if (!rc)
    rc = feed_pieces (hd, FEED_AAD, NULL, t->aad, t->aadlen, step);
  return rc;
}

/* One vector with one implementation: encryption with the data in
   pieces of STEP bytes, then decryption in place and the tag checks.  */
static int
ccm_run (const struct ccm_vector *v, const struct ccm_case *t,
         unsigned int impl, size_t step)
{
  unsigned char buf[CCM_MAX_DATA], tag[16];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int ok;

  hd = open_impl (v->algo, BCRY_CIPHER_MODE_CCM, 0, impl, t->key,
                  t->keylen, &rc);
  if (!hd)
    {
      test_fail ("CCM %s: open: %s", v->label, gpg_strerror (rc));
      return 0;
    }
  rc = ccm_start (hd, t, step);
  if (!rc)
    rc = feed_pieces (hd, FEED_ENCRYPT, buf, t->plain, t->plainlen, step);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_gettag (hd, tag, t->taglen));
  ok = !rc && !memcmp (buf, t->cipher, t->plainlen)
       && !memcmp (tag, t->cipher + t->plainlen, t->taglen);

  /* Decryption in place, after a reset: the same key, a new message.  */
  bcry_cipher_reset (hd);
  memcpy (buf, t->cipher, t->plainlen);
  rc = ccm_start (hd, t, step);
  if (!rc)
    rc = feed_pieces (hd, FEED_DECRYPT, buf, buf, t->plainlen, step);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_checktag (hd, t->cipher + t->plainlen,
                                              t->taglen));
  ok = ok && !rc && !memcmp (buf, t->plain, t->plainlen);

  /* A tag with one bit flipped.  */
  bcry_cipher_reset (hd);
  rc = ccm_start (hd, t, step);
  if (!rc)
    rc = feed_pieces (hd, FEED_DECRYPT, buf, t->cipher, t->plainlen, step);
  memcpy (tag, t->cipher + t->plainlen, t->taglen);
  tag[t->taglen - 1] ^= 0x01;
  if (!rc)
    rc = bcry_err_code (bcry_cipher_checktag (hd, tag, t->taglen));
  ok = ok && rc == GPG_ERR_CHECKSUM;
  bcry_cipher_close (hd);
  return ok;
}

static int
ccm_case_load (const struct ccm_vector *v, struct ccm_case *t)
{
  size_t ctlen, i;

  t->keylen = hex_decode (v->key, t->key, sizeof t->key);
  t->noncelen = hex_decode (v->nonce, t->nonce, sizeof t->nonce);
  t->plainlen = hex_decode (v->plain, t->plain, sizeof t->plain);
  ctlen = hex_decode (v->cipher, t->cipher, sizeof t->cipher);
  t->aadlen = v->aad ? strlen (v->aad) / 2 : CCM_EX4_AAD;
  t->aad = malloc (t->aadlen + 1);
  if (!t->aad || t->keylen == (size_t)-1 || t->noncelen == (size_t)-1
      || t->plainlen == (size_t)-1 || ctlen == (size_t)-1
      || ctlen < t->plainlen)
    return 0;
  t->taglen = ctlen - t->plainlen;
  if (v->aad)
    return hex_decode (v->aad, t->aad, t->aadlen) == t->aadlen;
  for (i = 0; i < t->aadlen; i++)
    t->aad[i] = i & 0xff;
  return 1;
}

static void
ccm_vectors_run (void)
{
  static const size_t steps[] = { (size_t)-1, 1, 7, 16 };
  struct ccm_case t;
  unsigned int impl, nimpl;
  size_t i, s;
  int ok;

  for (i = 0; i < DIMOF (ccm_vectors); i++)
    {
      const struct ccm_vector *v = &ccm_vectors[i];

      if (!in_algo_list (v->algo))
        continue;
      if (!ccm_case_load (v, &t))
        {
          test_fail ("CCM %s: bad table entry", v->label);
          free (t.aad);
          continue;
        }
      nimpl = impl_count (v->algo);
      for (impl = 0; impl < nimpl; impl++)
        for (s = 0; s < DIMOF (steps); s++)
          {
            ok = ccm_run (v, &t, impl, steps[s]);
            check (ok, "CCM %s, implementation %u, pieces of %zu bytes",
                   v->label, impl, steps[s]);
          }
      free (t.aad);
    }
}

/* The refusals, on AES-128 (or the first algorithm built) with the
   key of SP 800-38C.  */
static void
ccm_bad_input (void)
{
  static const unsigned char key[16] =
    { 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
      0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f };
  unsigned char nonce[14] = { 0 }, data[40] = { 0 }, out[40], tag[16];
  unsigned char ref[40], reftag[16];
  int algo = in_algo_list (BCRY_CIPHER_AES) ? BCRY_CIPHER_AES : algo_list[0];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  uint64_t params[3] = { 40, 8, 8 };
  size_t taglen = 0;

  if (bcry_cipher_get_algo_keylen (algo) != 16)
    return;
  hd = open_impl (algo, BCRY_CIPHER_MODE_CCM, 0, 0, key, 16, &rc);
  if (!hd)
    {
      test_fail ("CCM: open: %s", gpg_strerror (rc));
      return;
    }

  /* The reference message: 8 bytes AAD, 40 bytes data, 8-byte tag.  */
  check_rc (bcry_cipher_setiv (hd, nonce, 13), 0, "CCM setiv");
  check_rc (ccm_lengths (hd, 40, 8, 8), 0, "CCM lengths");
  check_rc (bcry_cipher_authenticate (hd, data, 8), 0, "CCM authenticate");
  check_rc (bcry_cipher_encrypt (hd, ref, 40, data, 40), 0, "CCM encrypt");
  check_rc (bcry_cipher_gettag (hd, reftag, 8), 0, "CCM gettag");
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_TAGLEN, NULL, &taglen), 0,
            "CCM GET_TAGLEN");
  check (taglen == 8, "CCM GET_TAGLEN gave %zu, want 8", taglen);
  check_rc (bcry_cipher_encrypt (hd, out, 1, data, 1), GPG_ERR_INV_STATE,
            "CCM encrypt after gettag");
  check_rc (bcry_cipher_authenticate (hd, data, 1), GPG_ERR_INV_STATE,
            "CCM authenticate after gettag");

  /* Nonces of 7..13 bytes only; nothing before setiv and lengths.  */
  bcry_cipher_reset (hd);
  check_rc (bcry_cipher_setiv (hd, nonce, 6), GPG_ERR_INV_LENGTH,
            "CCM 6-byte nonce");
  check_rc (bcry_cipher_setiv (hd, nonce, 14), GPG_ERR_INV_LENGTH,
            "CCM 14-byte nonce");
  check_rc (bcry_cipher_encrypt (hd, out, 1, data, 1), GPG_ERR_INV_STATE,
            "CCM encrypt before setiv");
  check_rc (ccm_lengths (hd, 40, 8, 8), GPG_ERR_INV_STATE,
            "CCM lengths before setiv");
  check_rc (bcry_cipher_setiv (hd, nonce, 7), 0, "CCM 7-byte nonce");
  check_rc (bcry_cipher_encrypt (hd, out, 1, data, 1), GPG_ERR_INV_STATE,
            "CCM encrypt before the lengths");
  check_rc (bcry_cipher_authenticate (hd, data, 1), GPG_ERR_INV_STATE,
            "CCM authenticate before the lengths");
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_CCM_LENGTHS, params, 16),
            GPG_ERR_INV_ARG, "CCM lengths with a short buffer");

  /* Tags of 4..16 even bytes; the length fits its field of 15 - N
     bytes (here 2).  */
  check_rc (bcry_cipher_setiv (hd, nonce, 13), 0, "CCM setiv");
  check_rc (ccm_lengths (hd, 40, 8, 3), GPG_ERR_INV_LENGTH, "CCM 3-byte tag");
  check_rc (ccm_lengths (hd, 40, 8, 2), GPG_ERR_INV_LENGTH, "CCM 2-byte tag");
  check_rc (ccm_lengths (hd, 40, 8, 5), GPG_ERR_INV_LENGTH, "CCM 5-byte tag");
  check_rc (ccm_lengths (hd, 40, 8, 18), GPG_ERR_INV_LENGTH,
            "CCM 18-byte tag");
  check_rc (ccm_lengths (hd, 65536, 8, 8), GPG_ERR_INV_LENGTH,
            "CCM data length too long for a 13-byte nonce");

  /* Announced lengths are kept to; refused calls change nothing.  */
  check_rc (ccm_lengths (hd, 40, 8, 8), 0, "CCM lengths");
  check_rc (ccm_lengths (hd, 40, 8, 8), GPG_ERR_INV_STATE,
            "CCM lengths twice");
  check_rc (bcry_cipher_authenticate (hd, data, 9), GPG_ERR_INV_LENGTH,
            "CCM more AAD than announced");
  check_rc (bcry_cipher_authenticate (hd, data, 5), 0, "CCM authenticate");
  check_rc (bcry_cipher_encrypt (hd, out, 1, data, 1), GPG_ERR_INV_STATE,
            "CCM encrypt before all AAD");
  check_rc (bcry_cipher_gettag (hd, tag, 8), GPG_ERR_INV_STATE,
            "CCM gettag before all AAD");
  check_rc (bcry_cipher_authenticate (hd, data + 5, 3), 0,
            "CCM authenticate");
  check_rc (bcry_cipher_encrypt (hd, out, 20, data, 20), 0, "CCM encrypt");
  check_rc (bcry_cipher_authenticate (hd, data, 0), GPG_ERR_INV_STATE,
            "CCM authenticate after data");
  check_rc (bcry_cipher_encrypt (hd, out + 20, 10, data + 20, 11),
            GPG_ERR_BUFFER_TOO_SHORT, "CCM short output");
  check_rc (bcry_cipher_encrypt (hd, out + 20, 40, data + 20, 21),
            GPG_ERR_INV_LENGTH, "CCM more data than announced");
  check_rc (bcry_cipher_gettag (hd, tag, 8), GPG_ERR_UNFINISHED,
            "CCM gettag before all data");
  check_rc (bcry_cipher_encrypt (hd, out + 20, 20, data + 20, 20), 0,
            "CCM encrypt");
  check_rc (bcry_cipher_gettag (hd, tag, 6), GPG_ERR_INV_LENGTH,
            "CCM gettag of another length");
  check_rc (bcry_cipher_gettag (hd, tag, 8), 0, "CCM gettag");
  check (!memcmp (out, ref, 40) && !memcmp (tag, reftag, 8),
         "CCM: refused calls changed the message");
  bcry_cipher_close (hd);
}

void
run_ccm_tests (void)
{
  ccm_vectors_run ();
  ccm_bad_input ();
}
