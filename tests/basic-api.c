/* basic-api.c - tests/basic: the API's small calls
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Version check, algorithm and mode names, the lengths and information
 * calls of each algorithm, and the calls that change a handle's state
 * without encrypting: CFB resynchronisation, reset, zero IV and
 * counter, input NULL for in place, switching to CTS, the name of the
 * implementation in use and whether a handle was opened secure.  The
 * expected behaviour is libgcrypt's, whose gcry_cipher_* calls these
 * mirror.
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"

static void
api_version (void)
{
  const char *v = bcry_check_version (NULL);
  unsigned int major, minor, micro;
  char next[32];

  check (v && !strcmp (v, BULKCRYPT_VERSION),
         "bcry_check_version (NULL) gives \"%s\", the header says \"%s\"",
         v ? v : "(null)", BULKCRYPT_VERSION);
  check (bcry_check_version (BULKCRYPT_VERSION) != NULL,
         "bcry_check_version refuses its own version");
  check (bcry_check_version ("99.0") == NULL,
         "bcry_check_version (\"99.0\") is not NULL");
  /* A beta, "0.2.0-beta42", is a build of 0.2.0: the number and the
     check ignore the suffix, and the next micro version is refused.  */
  check (sscanf (BULKCRYPT_VERSION, "%u.%u.%u", &major, &minor, &micro) == 3
         && BULKCRYPT_VERSION_NUMBER == (major << 16 | minor << 8 | micro),
         "BULKCRYPT_VERSION_NUMBER 0x%06x does not match \"%s\"",
         (unsigned int)BULKCRYPT_VERSION_NUMBER, BULKCRYPT_VERSION);
  snprintf (next, sizeof next, "%u.%u.%u", major, minor, micro + 1);
  check (bcry_check_version (next) == NULL,
         "bcry_check_version (\"%s\") accepts a later version", next);
}

static void
api_names (void)
{
  static const struct { const char *name; int algo; } names[] =
    {
      { "aes", BCRY_CIPHER_AES }, { "AES-128", BCRY_CIPHER_AES },
      { "rijndael", BCRY_CIPHER_AES }, { "aes192", BCRY_CIPHER_AES192 },
      { "AES256", BCRY_CIPHER_AES256 },
      { "camellia256", BCRY_CIPHER_CAMELLIA256 },
      { "CAMELLIA-192", BCRY_CIPHER_CAMELLIA192 },
      { "Camellia128", BCRY_CIPHER_CAMELLIA128 },
      { "no-such-cipher", 0 }, { "", 0 }
    };
  static const struct { int mode; const char *name; } modes[] =
    {
      { BCRY_CIPHER_MODE_ECB, "ECB" }, { BCRY_CIPHER_MODE_CBC, "CBC" },
      { BCRY_CIPHER_MODE_CFB, "CFB" }, { BCRY_CIPHER_MODE_CFB8, "CFB8" },
      { BCRY_CIPHER_MODE_OFB, "OFB" }, { BCRY_CIPHER_MODE_CTR, "CTR" }
    };
  const char *s;
  size_t i;
  int got;

  for (i = 0; i < DIMOF (names); i++)
    {
      if (names[i].algo && !in_algo_list (names[i].algo))
        continue;
      got = bcry_cipher_map_name (names[i].name);
      check (got == names[i].algo, "bcry_cipher_map_name (\"%s\") is %d, "
             "want %d", names[i].name, got, names[i].algo);
    }
  check (bcry_cipher_map_name (NULL) == 0, "bcry_cipher_map_name (NULL)");

  s = bcry_cipher_algo_name (9999);
  check (s && !strcmp (s, "?"), "bcry_cipher_algo_name (9999) is \"%s\"",
         s ? s : "(null)");

  for (i = 0; i < DIMOF (modes); i++)
    {
      s = bcry_cipher_mode_name (modes[i].mode);
      check (s && !strcmp (s, modes[i].name),
             "bcry_cipher_mode_name (%d) is \"%s\", want \"%s\"",
             modes[i].mode, s ? s : "(null)", modes[i].name);
    }
  s = bcry_cipher_mode_name (99);
  check (s && !strcmp (s, "?"), "bcry_cipher_mode_name (99) is \"%s\"",
         s ? s : "(null)");
}

/* Each algorithm of the list: known to the registry, with its lengths
   as libgcrypt reports them (bytes) and with vectors in the tables.  */
static void
api_algo (int algo)
{
  const char *name = bcry_cipher_algo_name (algo);
  size_t keylen = 0, n;
  gpg_err_code_t rc;

  check_rc (bcry_cipher_test_algo (algo), 0, name);
  check (has_vectors (algo, &keylen),
         "algorithm %d (%s) is in cipher-list.def but has no known-answer "
         "vectors in basic-vectors.c", algo, name);
  check (bcry_cipher_map_name (name) == algo,
         "bcry_cipher_map_name (bcry_cipher_algo_name (%d)) is not %d",
         algo, algo);
  check (keylen && bcry_cipher_get_algo_keylen (algo) == keylen,
         "%s: bcry_cipher_get_algo_keylen is %zu, the vectors' key %zu "
         "bytes", name, bcry_cipher_get_algo_keylen (algo), keylen);
  check (bcry_cipher_get_algo_blklen (algo) == BLOCK,
         "%s: bcry_cipher_get_algo_blklen is %zu", name,
         bcry_cipher_get_algo_blklen (algo));
  n = 0;
  rc = bcry_err_code (bcry_cipher_algo_info (algo, BCRYCTL_GET_KEYLEN,
                                             NULL, &n));
  check (!rc && n == keylen, "%s: GET_KEYLEN: %s, %zu", name,
         gpg_strerror (rc), n);
  n = 0;
  rc = bcry_err_code (bcry_cipher_algo_info (algo, BCRYCTL_GET_BLKLEN,
                                             NULL, &n));
  check (!rc && n == BLOCK, "%s: GET_BLKLEN: %s, %zu", name,
         gpg_strerror (rc), n);
  check (bcry_err_code (bcry_cipher_algo_info (algo, 12345, NULL, NULL))
         == GPG_ERR_INV_OP, "%s: an unknown algo_info command", name);
}

static void
api_unknown_algo (void)
{
  size_t n = 0;

  check_rc (bcry_cipher_test_algo (9999), GPG_ERR_CIPHER_ALGO,
            "bcry_cipher_test_algo (9999)");
  check_rc (bcry_cipher_algo_info (9999, BCRYCTL_GET_KEYLEN, NULL, &n),
            GPG_ERR_CIPHER_ALGO, "GET_KEYLEN of algorithm 9999");
  check (!bcry_cipher_get_algo_keylen (9999)
         && !bcry_cipher_get_algo_blklen (9999),
         "key or block length of algorithm 9999 is not 0");
}

/* Encrypt LEN bytes with a fresh handle.  */
static int
fresh_encrypt (int algo, int mode, unsigned int flags,
               const unsigned char *key, const unsigned char *iv,
               unsigned char *out, const unsigned char *in, size_t len)
{
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  hd = open_impl (algo, mode, flags, 0, key, keylen, &rc);
  if (!hd)
    return 0;
  rc = iv ? start_iv (hd, mode, iv) : 0;
  if (!rc)
    rc = bcry_err_code (bcry_cipher_encrypt (hd, out, len, in, len));
  bcry_cipher_close (hd);
  return !rc;
}

/* BCRYCTL_CFB_SYNC after a partial block: the next byte starts a new
   block whose IV is the last block of IV || ciphertext, as in
   libgcrypt (OpenPGP's resynchronisation).  At a block boundary and
   without BCRY_CIPHER_ENABLE_SYNC it does nothing.  */
static void
api_cfb_sync (int algo)
{
  static const size_t firsts[] = { 5, 2 * BLOCK + 5, 2 * BLOCK };
  unsigned char key[MAX_KEY], iv[BLOCK], msg[80], out[80], want[80];
  unsigned char stream[BLOCK + 80];
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  const char *name = bcry_cipher_algo_name (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t i, first, rest = 23;
  int flags, ok;

  rng_fill (key, keylen);
  rng_fill (iv, BLOCK);
  rng_fill (msg, sizeof msg);
  for (flags = 0; flags <= BCRY_CIPHER_ENABLE_SYNC;
       flags += BCRY_CIPHER_ENABLE_SYNC)
    for (i = 0; i < DIMOF (firsts); i++)
      {
        first = firsts[i];
        hd = open_impl (algo, BCRY_CIPHER_MODE_CFB, flags, 0, key, keylen,
                        &rc);
        ok = hd && !bcry_cipher_setiv (hd, iv, BLOCK)
             && !bcry_cipher_encrypt (hd, out, first, msg, first)
             && !bcry_cipher_sync (hd)
             && !bcry_cipher_encrypt (hd, out + first, rest,
                                      msg + first, rest);
        bcry_cipher_close (hd);

        memcpy (stream, iv, BLOCK);
        memcpy (stream + BLOCK, out, first);
        if (flags && first % BLOCK)
          ok = ok && fresh_encrypt (algo, BCRY_CIPHER_MODE_CFB, 0, key,
                                    stream + first, want + first,
                                    msg + first, rest);
        else
          ok = ok && fresh_encrypt (algo, BCRY_CIPHER_MODE_CFB, 0, key, iv,
                                    want, msg, first + rest);
        check (ok && !memcmp (out + first, want + first, rest),
               "%s CFB%s: sync after %zu bytes", name,
               flags ? " with ENABLE_SYNC" : "", first);
      }
}

/* After reset, a handle encrypts as one just keyed: zero IV and
   counter, no partial block.  */
static void
api_reset (int algo)
{
  static const int modes[] =
    {
      BCRY_CIPHER_MODE_ECB, BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_MODE_CFB,
      BCRY_CIPHER_MODE_CFB8, BCRY_CIPHER_MODE_OFB, BCRY_CIPHER_MODE_CTR
    };
  unsigned char key[MAX_KEY], iv[BLOCK], zero[BLOCK] = { 0 };
  unsigned char msg[MSG_LEN], out[MSG_LEN], want[MSG_LEN], want0[MSG_LEN];
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t i, first;
  int ok;

  rng_fill (key, keylen);
  rng_fill (iv, BLOCK);
  rng_fill (msg, MSG_LEN);
  for (i = 0; i < DIMOF (modes); i++)
    {
      first = modes[i] == BCRY_CIPHER_MODE_ECB
              || modes[i] == BCRY_CIPHER_MODE_CBC ? 2 * BLOCK : 21;
      hd = open_impl (algo, modes[i], 0, 0, key, keylen, &rc);
      ok = hd && !start_iv (hd, modes[i], iv)
           && !bcry_cipher_encrypt (hd, out, first, msg, first)
           && !bcry_cipher_reset (hd)
           && !bcry_cipher_encrypt (hd, out, MSG_LEN, msg, MSG_LEN);
      bcry_cipher_close (hd);
      ok = ok && fresh_encrypt (algo, modes[i], 0, key, NULL, want, msg,
                                MSG_LEN)
           && fresh_encrypt (algo, modes[i], 0, key, zero, want0, msg,
                             MSG_LEN);
      check (ok && !memcmp (out, want, MSG_LEN)
             && !memcmp (want, want0, MSG_LEN),
             "%s %s: reset does not give back the state after setkey",
             bcry_cipher_algo_name (algo), bcry_cipher_mode_name (modes[i]));
    }
}

/* setctr (CTR) or setiv (other modes) of LEN bytes at IV.  */
static gpg_error_t
set_iv_or_ctr (bcry_cipher_hd_t hd, int mode, const void *iv, size_t len)
{
  return mode == BCRY_CIPHER_MODE_CTR ? bcry_cipher_setctr (hd, iv, len)
                                      : bcry_cipher_setiv (hd, iv, len);
}

/* setctr and setiv with NULL and length 0 set zeros.  */
static void
api_zero_iv (int algo)
{
  static const int modes[] = { BCRY_CIPHER_MODE_CTR, BCRY_CIPHER_MODE_CBC };
  unsigned char key[MAX_KEY], zero[BLOCK] = { 0 };
  unsigned char msg[MSG_LEN], out[MSG_LEN], want[MSG_LEN];
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t i;
  int ok;

  rng_fill (key, keylen);
  rng_fill (msg, MSG_LEN);

  for (i = 0; i < DIMOF (modes); i++)
    {
      hd = open_impl (algo, modes[i], 0, 0, key, keylen, &rc);
      ok = hd && !set_iv_or_ctr (hd, modes[i], msg, BLOCK)
           && !set_iv_or_ctr (hd, modes[i], NULL, 0)
           && !bcry_cipher_encrypt (hd, out, MSG_LEN, msg, MSG_LEN);
      bcry_cipher_close (hd);
      ok = ok && fresh_encrypt (algo, modes[i], 0, key, zero, want, msg,
                                MSG_LEN);
      check (ok && !memcmp (out, want, MSG_LEN),
             "%s %s: setctr or setiv (NULL, 0) does not set zeros",
             bcry_cipher_algo_name (algo), bcry_cipher_mode_name (modes[i]));
    }
}

/* IN == NULL: OUTSIZE bytes at OUT are the input, as in libgcrypt.  */
static void
api_in_place_null (int algo)
{
  unsigned char key[MAX_KEY], iv[BLOCK], msg[MSG_LEN], buf[MSG_LEN];
  unsigned char want[MSG_LEN];
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int ok;

  rng_fill (key, keylen);
  rng_fill (iv, BLOCK);
  rng_fill (msg, MSG_LEN);
  memcpy (buf, msg, MSG_LEN);
  hd = open_impl (algo, BCRY_CIPHER_MODE_CTR, 0, 0, key, keylen, &rc);
  ok = hd && !start_iv (hd, BCRY_CIPHER_MODE_CTR, iv)
       && !bcry_cipher_encrypt (hd, buf, MSG_LEN, NULL, 0);
  bcry_cipher_close (hd);
  ok = ok && fresh_encrypt (algo, BCRY_CIPHER_MODE_CTR, 0, key, iv, want,
                            msg, MSG_LEN);
  check (ok && !memcmp (buf, want, MSG_LEN),
         "%s: encrypt with IN NULL is not in place",
         bcry_cipher_algo_name (algo));
}

/* bcry_cipher_cts switches a CBC handle to CTS, as the flag does.  */
static void
api_cts_ctl (int algo)
{
  unsigned char key[MAX_KEY], iv[BLOCK], msg[MSG_LEN], out[MSG_LEN];
  unsigned char want[MSG_LEN];
  size_t keylen = bcry_cipher_get_algo_keylen (algo), len = 2 * BLOCK + 7;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int ok;

  rng_fill (key, keylen);
  rng_fill (iv, BLOCK);
  rng_fill (msg, MSG_LEN);
  hd = open_impl (algo, BCRY_CIPHER_MODE_CBC, 0, 0, key, keylen, &rc);
  ok = hd && !bcry_cipher_cts (hd, 1) && !bcry_cipher_setiv (hd, iv, BLOCK)
       && !bcry_cipher_encrypt (hd, out, len, msg, len);
  bcry_cipher_close (hd);
  ok = ok && fresh_encrypt (algo, BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_CBC_CTS,
                            key, iv, want, msg, len);
  check (ok && !memcmp (out, want, len),
         "%s: bcry_cipher_cts (h, 1) does not give CBC-CTS",
         bcry_cipher_algo_name (algo));

  hd = open_impl (algo, BCRY_CIPHER_MODE_CTR, 0, 0, key, keylen, &rc);
  check (hd && bcry_cipher_cts (hd, 1),
         "%s: bcry_cipher_cts accepted in CTR mode",
         bcry_cipher_algo_name (algo));
  bcry_cipher_close (hd);
}

/* The implementation's name, both ways of asking.  The size query gives
   the size of the string with its terminating zero; a buffer of that
   size takes it, and a buffer one byte shorter is refused with nothing
   written: not the buffer, not the bytes after it, not the size.  */
static void
api_impl_name (int algo)
{
  unsigned char key[MAX_KEY] = { 0 };
  size_t keylen = bcry_cipher_get_algo_keylen (algo), n = 0, got;
  const char *algo_name = bcry_cipher_algo_name (algo);
  const char *name;
  char buf[300];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t i;
  int ok, intact;

  hd = open_impl (algo, BCRY_CIPHER_MODE_CBC, 0, 0, key, keylen, &rc);
  if (!hd)
    {
      test_fail ("%s: open", algo_name);
      return;
    }
  name = bcry_cipher_impl_name (hd);
  rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_NAME, NULL, &n));
  /* The handle's string has 256 bytes, BUF room for it and a guard.  */
  ok = name && *name && !rc && n == strlen (name) + 1 && n < sizeof buf;
  check (ok, "%s: GET_IMPL_NAME size query: %s, %zu", algo_name,
         gpg_strerror (rc), n);
  if (!ok)
    {
      bcry_cipher_close (hd);
      return;
    }

  memset (buf, 'x', sizeof buf);
  got = n;
  rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_NAME, buf,
                                        &got));
  for (intact = 1, i = n; i < sizeof buf; i++)
    intact &= buf[i] == 'x';
  check (!rc && got == n && !strcmp (buf, name) && intact,
         "%s: GET_IMPL_NAME into %zu bytes gives %s, %zu, \"%.*s\"%s; "
         "bcry_cipher_impl_name \"%s\"", algo_name, n, gpg_strerror (rc),
         got, (int)n, buf, intact ? "" : ", and writes past it", name);

  memset (buf, 'x', sizeof buf);
  got = n - 1;
  rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_NAME, buf,
                                        &got));
  for (intact = 1, i = 0; i < sizeof buf; i++)
    intact &= buf[i] == 'x';
  check (rc == GPG_ERR_BUFFER_TOO_SHORT && got == n - 1 && intact,
         "%s: GET_IMPL_NAME into %zu bytes, one short: %s, size %zu, "
         "buffer %s", algo_name, n - 1, gpg_strerror (rc), got,
         intact ? "untouched" : "written");

  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_NAME, NULL, NULL),
            GPG_ERR_INV_ARG, "GET_IMPL_NAME without a size");
  bcry_cipher_close (hd);
}

/* BCRYCTL_GET_IMPL_ENTRY lists the entries that the name string lists,
   in its order, with exactly one serial entry where the string has a
   key set, and refuses a wrong size or an index past the end.  */
static void
api_impl_entry (int algo)
{
  unsigned char key[MAX_KEY] = { 0 };
  size_t keylen = bcry_cipher_get_algo_keylen (algo), n;
  const char *algo_name = bcry_cipher_algo_name (algo);
  const char *p;
  bcry_cipher_impl_entry_t e;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int i, serial = 0;

  hd = open_impl (algo, BCRY_CIPHER_MODE_CBC, 0, 0, key, keylen, &rc);
  if (!hd)
    {
      test_fail ("%s: open", algo_name);
      return;
    }
  p = strchr (bcry_cipher_impl_name (hd), ':');
  for (i = 0; p; i++)
    {
      memset (&e, 0, sizeof e);
      e.index = i;
      n = sizeof e;
      rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_ENTRY, &e,
                                            &n));
      p += 2;
      check (!rc && !strncmp (p, e.name, strlen (e.name))
             && (p[strlen (e.name)] == ' ' || p[strlen (e.name)] == ','
                 || !p[strlen (e.name)]),
             "%s: GET_IMPL_ENTRY %u: %s, \"%s\" where the name has \"%s\"",
             algo_name, i, gpg_strerror (rc), e.name, p);
      serial += e.serial;
      p = strchr (p, ',');
    }
  check (serial == 1, "%s: %u serial entries", algo_name, serial);
  e.index = i;
  n = sizeof e;
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_ENTRY, &e, &n),
            GPG_ERR_NOT_FOUND, "GET_IMPL_ENTRY past the last entry");
  e.index = 0;
  n = sizeof e - 1;
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_ENTRY, &e, &n),
            GPG_ERR_INV_ARG, "GET_IMPL_ENTRY with a short size");
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_ENTRY, NULL, &n),
            GPG_ERR_INV_ARG, "GET_IMPL_ENTRY without a buffer");
  bcry_cipher_close (hd);
}

/* BCRYCTL_IS_SECURE, as gcry_md_info answers it: 1 in *nbytes for a
   handle opened with BCRY_CIPHER_SECURE, 0 for another, in a mode with
   commands of its own (GCM) as in one without.  It takes no buffer.  */
static void
api_is_secure (int algo)
{
  static const int modes[] = { BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_MODE_GCM };
  const char *algo_name = bcry_cipher_algo_name (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int flags;
  size_t i, n;
  char c;

  for (i = 0; i < DIMOF (modes); i++)
    for (flags = 0; flags <= BCRY_CIPHER_SECURE; flags += BCRY_CIPHER_SECURE)
      {
        rc = bcry_err_code (bcry_cipher_open (&hd, algo, modes[i], flags));
        if (rc)
          {
            test_fail ("%s %s: open: %s", algo_name,
                       bcry_cipher_mode_name (modes[i]), gpg_strerror (rc));
            continue;
          }
        n = 7;
        rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_IS_SECURE, NULL,
                                              &n));
        check (!rc && n == !!flags, "%s %s, flags %u: IS_SECURE gives %s, %zu",
               algo_name, bcry_cipher_mode_name (modes[i]), flags,
               gpg_strerror (rc), n);
        check_rc (bcry_cipher_info (hd, BCRYCTL_IS_SECURE, NULL, NULL),
                  GPG_ERR_INV_ARG, "IS_SECURE without a size");
        n = 1;
        check_rc (bcry_cipher_info (hd, BCRYCTL_IS_SECURE, &c, &n),
                  GPG_ERR_INV_ARG, "IS_SECURE with a buffer");
        bcry_cipher_close (hd);
      }
}

void
run_api_checks (void)
{
  const int *a;

  api_version ();
  api_names ();
  api_unknown_algo ();
  for (a = algo_list; *a; a++)
    {
      rng_start ((unsigned int)*a, 0xa91, 0);
      api_algo (*a);
      api_cfb_sync (*a);
      api_reset (*a);
      api_zero_iv (*a);
      api_in_place_null (*a);
      api_cts_ctl (*a);
      api_impl_name (*a);
      api_impl_entry (*a);
      api_is_secure (*a);
    }
}
