/* basic-bad.c - tests/basic: the refusal of bad input
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Unknown algorithms, modes and flags at open; keys of the wrong
 * length; in each mode of the cross-check, IVs of the wrong length,
 * partial blocks where the mode takes whole ones, short outputs, NULL
 * buffers and handles, unknown commands and the calls of the
 * authenticated modes.  Each refused call must return the error code
 * libgcrypt returns, write nothing past its output and leave the handle
 * as it was: the fixture below encrypts on after the refused call and
 * compares with a handle that never saw it.
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"

/* A handle partway through a message, for the checks that a refused
   call leaves it alone: its key, IV and message, and the ciphertext a
   fresh handle makes of the whole message.  */
struct fixture
{
  int algo;
  int mode;
  unsigned int flags;
  unsigned char key[MAX_KEY];
  size_t keylen;
  unsigned char iv[BLOCK];
  unsigned char msg[MSG_LEN];
  unsigned char ct[MSG_LEN];
  size_t done;                  /* Bytes encrypted before the bad call.  */
};

static bcry_cipher_hd_t
fixture_open (struct fixture *f)
{
  unsigned char out[MSG_LEN];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  hd = open_impl (f->algo, f->mode, f->flags, 0, f->key, f->keylen, &rc);
  if (hd && !rc)
    rc = start_iv (hd, f->mode, f->iv);
  if (hd && !rc && f->done)
    rc = bcry_err_code (bcry_cipher_encrypt (hd, out, f->done,
                                             f->msg, f->done));
  if (rc)
    {
      test_fail ("%s %s: setting up: %s", bcry_cipher_algo_name (f->algo),
                 mode_label (f->mode, f->flags), gpg_strerror (rc));
      bcry_cipher_close (hd);
      return NULL;
    }
  return hd;
}

/* Set up F for ALGO in MODE: random key, IV and message; in the middle
   of a block where the mode keeps partial blocks.  */
static int
fixture_init (struct fixture *f, int algo, int mode, unsigned int flags)
{
  bcry_cipher_hd_t hd;
  int ok;

  f->algo = algo;
  f->mode = mode;
  f->flags = flags;
  f->keylen = bcry_cipher_get_algo_keylen (algo);
  rng_fill (f->key, f->keylen);
  rng_fill (f->iv, BLOCK);
  rng_fill (f->msg, MSG_LEN);
  f->done = 0;
  hd = fixture_open (f);
  if (!hd)
    return 0;
  ok = !bcry_cipher_encrypt (hd, f->ct,
                             (flags & BCRY_CIPHER_CBC_MAC) ? BLOCK : MSG_LEN,
                             f->msg, MSG_LEN);
  bcry_cipher_close (hd);
  if (!ok)
    test_fail ("%s %s: encrypting the fixture", bcry_cipher_algo_name (algo),
               mode_label (mode, flags));
  if (flags & (BCRY_CIPHER_CBC_CTS | BCRY_CIPHER_CBC_MAC))
    f->done = 0;
  else if (mode == BCRY_CIPHER_MODE_ECB || mode == BCRY_CIPHER_MODE_CBC)
    f->done = BLOCK;
  else
    f->done = 5;
  return ok;
}

/* Whether HD, after F->done bytes and a refused call, goes on as a
   handle that never saw the refused call.  */
static int
fixture_same (struct fixture *f, bcry_cipher_hd_t hd)
{
  unsigned char out[MSG_LEN];
  int mac = !!(f->flags & BCRY_CIPHER_CBC_MAC);
  size_t n = mac ? BLOCK : MSG_LEN - f->done;

  if (bcry_cipher_encrypt (hd, out, n, f->msg + f->done, MSG_LEN - f->done))
    return 0;
  return !memcmp (out, f->ct + f->done, n);
}

/* Report a refused call: its error code, no write past OUT's GUARD
   (when OUT is given) and the handle unchanged.  */
static void
check_refused (struct fixture *f, bcry_cipher_hd_t hd, gpg_error_t err,
               gpg_err_code_t want, const unsigned char *guard,
               const char *what)
{
  gpg_err_code_t rc = bcry_err_code (err);
  int guard_good = !guard || guard_ok (guard);
  int same = fixture_same (f, hd);

  check (rc == want && guard_good && same,
         "%s %s: %s: got %s, want %s%s%s", bcry_cipher_algo_name (f->algo),
         mode_label (f->mode, f->flags), what, gpg_strerror (rc),
         gpg_strerror (want), guard_good ? "" : "; wrote past the output",
         same ? "" : "; the handle changed");
  bcry_cipher_close (hd);
}

static void
bad_open (void)
{
  static const int unknown[] = { 0, 1, 2, 10, 303, 9999, -1 };
  static const int modes[] =
    {
      BCRY_CIPHER_MODE_ECB, BCRY_CIPHER_MODE_CFB, BCRY_CIPHER_MODE_CBC,
      BCRY_CIPHER_MODE_OFB, BCRY_CIPHER_MODE_CTR, BCRY_CIPHER_MODE_AESWRAP,
      BCRY_CIPHER_MODE_CCM, BCRY_CIPHER_MODE_GCM, BCRY_CIPHER_MODE_OCB,
      BCRY_CIPHER_MODE_CFB8, BCRY_CIPHER_MODE_XTS, BCRY_CIPHER_MODE_EAX,
      BCRY_CIPHER_MODE_SIV, BCRY_CIPHER_MODE_GCM_SIV
    };
  static const unsigned int bad_flags[] =
    { 0x20, 0x40, 0x100, 0x10000, 0x80000000u };
  int algo = algo_list[0];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t i;

  for (i = 0; i < DIMOF (unknown); i++)
    if (!in_algo_list (unknown[i]))
      {
        hd = (bcry_cipher_hd_t)&hd;
        rc = bcry_err_code (bcry_cipher_open (&hd, unknown[i],
                                              BCRY_CIPHER_MODE_ECB, 0));
        check (rc == GPG_ERR_CIPHER_ALGO && !hd,
               "open of unknown algorithm %d: got %s", unknown[i],
               gpg_strerror (rc));
        if (!rc)
          bcry_cipher_close (hd);
      }

  hd = (bcry_cipher_hd_t)&hd;
  rc = bcry_err_code (bcry_cipher_open (&hd, algo, 99, 0));
  check (rc == GPG_ERR_INV_CIPHER_MODE && !hd,
         "open in mode 99: got %s", gpg_strerror (rc));
  if (!rc)
    bcry_cipher_close (hd);
  rc = bcry_err_code (bcry_cipher_open (&hd, algo, BCRY_CIPHER_MODE_NONE, 0));
  check (rc && !hd, "open in mode NONE succeeded");
  if (!rc)
    bcry_cipher_close (hd);

  /* A mode opens once it is built; until then it is refused with the
     error that says so.  */
  for (i = 0; i < DIMOF (modes); i++)
    {
      rc = bcry_err_code (bcry_cipher_open (&hd, algo, modes[i], 0));
      check (!rc || (rc == GPG_ERR_INV_CIPHER_MODE && !hd),
             "open in mode %d: got %s", modes[i], gpg_strerror (rc));
      if (!rc)
        bcry_cipher_close (hd);
    }

  for (i = 0; i < DIMOF (bad_flags); i++)
    {
      hd = (bcry_cipher_hd_t)&hd;
      rc = bcry_err_code (bcry_cipher_open (&hd, algo, BCRY_CIPHER_MODE_CBC,
                                            bad_flags[i]));
      check (rc == GPG_ERR_INV_ARG && !hd, "open with flags %#x: got %s",
             bad_flags[i], gpg_strerror (rc));
      if (!rc)
        bcry_cipher_close (hd);
    }

  rc = bcry_err_code (bcry_cipher_open (&hd, algo, BCRY_CIPHER_MODE_CBC,
                                        BCRY_CIPHER_CBC_CTS
                                        | BCRY_CIPHER_CBC_MAC));
  check (rc && !hd, "open with both CBC_CTS and CBC_MAC succeeded");
  if (!rc)
    bcry_cipher_close (hd);

  check_rc (bcry_cipher_open (NULL, algo, BCRY_CIPHER_MODE_ECB, 0),
            GPG_ERR_INV_ARG, "open with a NULL handle pointer");
}

static void
bad_keys (int algo)
{
  static const size_t lens[] = { 0, 1, 8, 15, 16, 17, 20, 24, 31, 32, 33, 64 };
  unsigned char key[64] = { 0 }, out[BLOCK + GUARD];
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  const char *name = bcry_cipher_algo_name (algo);
  struct fixture f;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t i;

  for (i = 0; i < DIMOF (lens); i++)
    {
      if (lens[i] == keylen)
        continue;
      if (bcry_cipher_open (&hd, algo, BCRY_CIPHER_MODE_ECB, 0))
        {
          test_fail ("%s: open", name);
          continue;
        }
      rc = bcry_err_code (bcry_cipher_setkey (hd, key, lens[i]));
      memset (out, GUARD_BYTE, sizeof out);
      check (rc == GPG_ERR_INV_KEYLEN
             && bcry_err_code (bcry_cipher_encrypt (hd, out, BLOCK, key,
                                                    BLOCK))
                == GPG_ERR_MISSING_KEY
             && guard_ok (out + BLOCK),
             "%s: a %zu-byte key: got %s, then the handle has a key",
             name, lens[i], gpg_strerror (rc));
      bcry_cipher_close (hd);
    }

  /* A refused key leaves the one set before.  */
  if (!fixture_init (&f, algo, BCRY_CIPHER_MODE_CBC, 0))
    return;
  hd = fixture_open (&f);
  if (hd)
    check_refused (&f, hd, bcry_cipher_setkey (hd, key, keylen + 1),
                   GPG_ERR_INV_KEYLEN, NULL, "a key of the wrong length");
  hd = fixture_open (&f);
  if (hd)
    check_refused (&f, hd, bcry_cipher_setkey (hd, NULL, keylen),
                   GPG_ERR_INV_ARG, NULL, "a NULL key");
}

/* Encrypt (DEC 0) or decrypt (DEC 1) INLEN bytes at IN into OUTSIZE
   bytes at OUT; CRYPT_NAME[DEC] names the call.  */
static const char *const crypt_name[2] = { "encrypt", "decrypt" };

static gpg_error_t
crypt_call (bcry_cipher_hd_t hd, int dec, unsigned char *out, size_t outsize,
            const unsigned char *in, size_t inlen)
{
  return dec ? bcry_cipher_decrypt (hd, out, outsize, in, inlen)
             : bcry_cipher_encrypt (hd, out, outsize, in, inlen);
}

/* The bad calls of one algorithm in one mode.  */
static void
bad_calls (int algo, int mode, unsigned int flags)
{
  static const size_t bad_ivlen[] = { 1, 8, 15, 17, 32 };
  static const size_t bad_len[] = { 1, 15, 17, 33 };
  unsigned char buf[2 * MSG_LEN + GUARD], out[MSG_LEN + GUARD];
  int mac = !!(flags & BCRY_CIPHER_CBC_MAC);
  int cts = !!(flags & BCRY_CIPHER_CBC_CTS);
  int stream = mode != BCRY_CIPHER_MODE_ECB && mode != BCRY_CIPHER_MODE_CBC;
  const char *name = bcry_cipher_algo_name (algo);
  struct fixture f;
  bcry_cipher_hd_t hd;
  size_t i, outsize;
  char what[80];
  int dec;

  if (!fixture_init (&f, algo, mode, flags))
    return;
  memset (buf, 0x3c, sizeof buf);

  /* No key.  */
  if (!bcry_cipher_open (&hd, algo, mode, flags))
    {
      memset (out, GUARD_BYTE, sizeof out);
      check (bcry_err_code (bcry_cipher_encrypt (hd, out, MSG_LEN,
                                                 f.msg, MSG_LEN))
             == GPG_ERR_MISSING_KEY
             && bcry_err_code (bcry_cipher_decrypt (hd, out, MSG_LEN,
                                                    f.msg, MSG_LEN))
                == GPG_ERR_MISSING_KEY
             && guard_ok (out + MSG_LEN),
             "%s %s: encrypt and decrypt without a key are not refused "
             "with GPG_ERR_MISSING_KEY", name, mode_label (mode, flags));
      bcry_cipher_close (hd);
    }
  else
    test_fail ("%s %s: open", name, mode_label (mode, flags));

  /* An IV or counter of another length than the block's.  */
  if (mode != BCRY_CIPHER_MODE_ECB && !flags)
    for (i = 0; i < DIMOF (bad_ivlen); i++)
      {
        if ((hd = fixture_open (&f)))
          {
            snprintf (what, sizeof what, "setiv with %zu bytes", bad_ivlen[i]);
            check_refused (&f, hd, bcry_cipher_setiv (hd, buf, bad_ivlen[i]),
                           GPG_ERR_INV_LENGTH, NULL, what);
          }
        if (mode == BCRY_CIPHER_MODE_CTR && (hd = fixture_open (&f)))
          {
            snprintf (what, sizeof what, "setctr with %zu bytes",
                      bad_ivlen[i]);
            check_refused (&f, hd, bcry_cipher_setctr (hd, buf, bad_ivlen[i]),
                           GPG_ERR_INV_LENGTH, NULL, what);
          }
      }

  /* Partial blocks where the mode takes whole blocks only; with CTS,
     less than one block.  */
  if (!stream && !mac)
    for (i = 0; i < DIMOF (bad_len); i++)
      for (dec = 0; dec < 2 && !(cts && bad_len[i] > BLOCK); dec++)
        {
          memset (out, GUARD_BYTE, sizeof out);
          if ((hd = fixture_open (&f)))
            {
              snprintf (what, sizeof what, "%s of %zu bytes",
                        crypt_name[dec], bad_len[i]);
              check_refused (&f, hd, crypt_call (hd, dec, out, bad_len[i],
                                                 f.msg, bad_len[i]),
                             GPG_ERR_INV_LENGTH, out + bad_len[i], what);
            }
        }

  /* Output shorter than the input, or for CBC-MAC than a block (which
     only encrypts).  */
  outsize = mac ? BLOCK - 1 : 2 * BLOCK - 1;
  for (dec = 0; dec < (mac ? 1 : 2); dec++)
    {
      memset (out, GUARD_BYTE, sizeof out);
      if ((hd = fixture_open (&f)))
        {
          snprintf (what, sizeof what, "%s with a short output",
                    crypt_name[dec]);
          check_refused (&f, hd, crypt_call (hd, dec, out, outsize,
                                             f.msg, 2 * BLOCK),
                         GPG_ERR_BUFFER_TOO_SHORT, out + outsize, what);
        }
    }

  /* NULL buffers with a length.  IN == NULL is not among them: it means
     "in place", as in libgcrypt.  */
  for (dec = 0; dec < 2; dec++)
    if ((hd = fixture_open (&f)))
      {
        snprintf (what, sizeof what, "%s to NULL", crypt_name[dec]);
        check_refused (&f, hd, crypt_call (hd, dec, NULL, BLOCK,
                                           f.msg, BLOCK),
                       GPG_ERR_INV_ARG, NULL, what);
      }
  if (mode != BCRY_CIPHER_MODE_ECB && (hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_setiv (hd, NULL, BLOCK),
                   GPG_ERR_INV_ARG, NULL, "setiv from NULL");
  if (mode == BCRY_CIPHER_MODE_CTR && (hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_setctr (hd, NULL, BLOCK),
                   GPG_ERR_INV_ARG, NULL, "setctr from NULL");

  /* A control command nobody knows.  */
  if ((hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_ctl (hd, 12345, NULL, 0),
                   GPG_ERR_INV_OP, NULL, "unknown ctl command");
  if ((hd = fixture_open (&f)))
    {
      size_t n = sizeof out;

      check_refused (&f, hd, bcry_cipher_info (hd, 12345, out, &n),
                     GPG_ERR_INV_OP, NULL, "unknown info command");
    }

  /* The calls of the authenticated modes, in a mode without.  */
  if ((hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_authenticate (hd, buf, BLOCK),
                   GPG_ERR_INV_CIPHER_MODE, NULL, "authenticate");
  if ((hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_gettag (hd, buf, BLOCK),
                   GPG_ERR_INV_CIPHER_MODE, NULL, "gettag");
  if ((hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_checktag (hd, buf, BLOCK),
                   GPG_ERR_INV_CIPHER_MODE, NULL, "checktag");

  /* Nothing to do is fine, and does nothing.  */
  for (dec = 0; dec < 2 && !mac; dec++)
    if ((hd = fixture_open (&f)))
      {
        snprintf (what, sizeof what, "%s of nothing from and to NULL",
                  crypt_name[dec]);
        check_refused (&f, hd, crypt_call (hd, dec, NULL, 0, NULL, 0),
                       0, NULL, what);
      }
}

static void
bad_null_handle (void)
{
  unsigned char buf[BLOCK] = { 0 }, out[BLOCK];
  size_t n = sizeof out;

  check_rc (bcry_cipher_encrypt (NULL, out, BLOCK, buf, BLOCK),
            GPG_ERR_INV_ARG, "encrypt with a NULL handle");
  check_rc (bcry_cipher_decrypt (NULL, out, BLOCK, buf, BLOCK),
            GPG_ERR_INV_ARG, "decrypt with a NULL handle");
  check_rc (bcry_cipher_setkey (NULL, buf, BLOCK),
            GPG_ERR_INV_ARG, "setkey with a NULL handle");
  check_rc (bcry_cipher_setiv (NULL, buf, BLOCK),
            GPG_ERR_INV_ARG, "setiv with a NULL handle");
  check_rc (bcry_cipher_setctr (NULL, buf, BLOCK),
            GPG_ERR_INV_ARG, "setctr with a NULL handle");
  check_rc (bcry_cipher_reset (NULL), GPG_ERR_INV_ARG,
            "reset with a NULL handle");
  check_rc (bcry_cipher_info (NULL, BCRYCTL_GET_IMPL_NAME, out, &n),
            GPG_ERR_INV_ARG, "info with a NULL handle");
  check (!bcry_cipher_impl_name (NULL), "impl_name of NULL is not NULL");
  bcry_cipher_close (NULL);
  test_pass ();
}

void
run_bad_input (void)
{
  const int *a;
  size_t xmi;

  bad_open ();
  bad_null_handle ();
  for (a = algo_list; *a; a++)
    {
      rng_start ((unsigned int)*a, 0xbad, 0);
      bad_keys (*a);
      for (xmi = 0; xmi < n_xmodes; xmi++)
        bad_calls (*a, xmodes[xmi].mode, xmodes[xmi].flags);
    }
}
