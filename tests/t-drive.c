/* t-drive.c - drive any algorithm and mode through the public API
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * See t-drive.h.  Every length is found by trial, longest first, and a
 * refusal is recognised by its error code, so that a mode this file
 * has never heard of still gets a message through.
 */

#include <config.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "t-drive.h"

/* libgcrypt numbers its algorithms below 400 and its modes below 20.  */
#define MAX_ALGO_ID 400
#define MAX_MODE_ID 20

size_t
drive_algos (int *algos, size_t max)
{
  size_t n = 0;
  int id;

  for (id = 1; id < MAX_ALGO_ID && n < max; id++)
    if (!bcry_cipher_test_algo (id))
      algos[n++] = id;
  return n;
}

size_t
drive_modes (int algo, int *modes, size_t max)
{
  bcry_cipher_hd_t hd;
  size_t n = 0;
  int id;

  for (id = 1; id < MAX_MODE_ID && n < max; id++)
    if (!bcry_cipher_open (&hd, algo, id, 0))
      {
        bcry_cipher_close (hd);
        modes[n++] = id;
      }
  return n;
}

/* bulkcrypt's calls with the handle as a pointer.  */
static gpg_error_t
b_open (void **hd, int algo, int mode, unsigned int flags)
{
  bcry_cipher_hd_t h = NULL;
  gpg_error_t rc = bcry_cipher_open (&h, algo, mode, flags);

  *hd = h;
  return rc;
}

static void
b_close (void *hd)
{
  bcry_cipher_close (hd);
}

static gpg_error_t
b_ctl (void *hd, int cmd, void *buf, size_t buflen)
{
  return bcry_cipher_ctl (hd, cmd, buf, buflen);
}

static gpg_error_t
b_setkey (void *hd, const void *key, size_t keylen)
{
  return bcry_cipher_setkey (hd, key, keylen);
}

static gpg_error_t
b_setiv (void *hd, const void *iv, size_t ivlen)
{
  return bcry_cipher_setiv (hd, iv, ivlen);
}

static gpg_error_t
b_authenticate (void *hd, const void *aad, size_t aadlen)
{
  return bcry_cipher_authenticate (hd, aad, aadlen);
}

static gpg_error_t
b_encrypt (void *hd, void *out, size_t outsize, const void *in, size_t inlen)
{
  return bcry_cipher_encrypt (hd, out, outsize, in, inlen);
}

static gpg_error_t
b_decrypt (void *hd, void *out, size_t outsize, const void *in, size_t inlen)
{
  return bcry_cipher_decrypt (hd, out, outsize, in, inlen);
}

static gpg_error_t
b_gettag (void *hd, void *tag, size_t taglen)
{
  return bcry_cipher_gettag (hd, tag, taglen);
}

static gpg_error_t
b_checktag (void *hd, const void *tag, size_t taglen)
{
  return bcry_cipher_checktag (hd, tag, taglen);
}

const struct drive_api drive_bcry =
  {
    "bulkcrypt", b_open, b_close, b_ctl, b_setkey, b_setiv, b_authenticate,
    b_encrypt, b_decrypt, b_gettag, b_checktag
  };

gpg_err_code_t
drive_open_api (const struct drive_api *api, void **hd, int algo, int mode,
                unsigned int flags, unsigned int skip,
                const unsigned char *key, size_t *keylenp)
{
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  gpg_err_code_t rc;

  rc = gpg_err_code (api->open (hd, algo, mode, flags));
  if (rc)
    return rc;
  if (skip)
    rc = gpg_err_code (api->ctl (*hd, BCRYCTL_SKIP_IMPLS, NULL, skip));
  if (!rc && keylenp && *keylenp)
    {
      keylen = *keylenp;
      rc = gpg_err_code (api->setkey (*hd, key, keylen));
    }
  else if (!rc)
    {
      rc = gpg_err_code (api->setkey (*hd, key, keylen));
      if (rc == GPG_ERR_INV_KEYLEN && 2 * keylen <= DRIVE_KEY)
        {
          keylen *= 2;
          rc = gpg_err_code (api->setkey (*hd, key, keylen));
        }
    }
  if (rc)
    {
      api->close (*hd);
      *hd = NULL;
    }
  else if (keylenp)
    *keylenp = keylen;
  return rc;
}

gpg_err_code_t
drive_open (bcry_cipher_hd_t *hd, int algo, int mode, unsigned int flags,
            unsigned int skip, const unsigned char *key)
{
  void *h = NULL;
  gpg_err_code_t rc = drive_open_api (&drive_bcry, &h, algo, mode, flags,
                                      skip, key, NULL);

  *hd = h;
  return rc;
}

static const struct drive_how plain;

/* Errors that mean "this mode has no such call".  */
static int
not_this_mode (gpg_err_code_t rc)
{
  return rc == GPG_ERR_INV_CIPHER_MODE || rc == GPG_ERR_INV_OP;
}

/* M's AAD, in one call or in HOW's chunks.  */
static gpg_err_code_t
authenticate (const struct drive_api *api, void *hd,
              const struct drive_msg *m, const struct drive_how *how)
{
  gpg_err_code_t rc = 0;
  size_t i, off = 0;

  if (!how->aad_chunks || how->aad_nchunks < 2)
    return gpg_err_code (api->authenticate (hd, m->aad, m->aadlen));
  for (i = 0; i < how->aad_nchunks && !rc; i++)
    {
      rc = gpg_err_code (api->authenticate (hd, m->aad + off,
                                            how->aad_chunks[i]));
      off += how->aad_chunks[i];
    }
  if (!rc && off != m->aadlen)
    rc = GPG_ERR_INV_ARG;
  return rc;
}

/* The message's start: IV (M's length or else the first length the mode
   takes, if it takes one), CCM's lengths, the AAD.  */
static gpg_err_code_t
start (const struct drive_api *api, void *hd, const struct drive_msg *m,
       const struct drive_how *how, size_t len, size_t *ivlen, int *aead)
{
  static const size_t ivlens[] = { 16, 12, 8 };
  uint64_t params[3];
  gpg_err_code_t rc = 0;
  size_t i;

  if (*ivlen)
    rc = gpg_err_code (api->setiv (hd, m->iv, *ivlen));
  else
    for (i = 0; i <= DIMOF (ivlens); i++)
      {
        size_t n = i ? ivlens[i - 1] : how->ivlen;

        if (!n || n > DRIVE_IV)
          continue;
        rc = gpg_err_code (api->setiv (hd, m->iv, n));
        if (!rc)
          {
            *ivlen = n;
            break;
          }
      }
  if (rc && *ivlen)
    return rc;

  params[0] = len;
  params[1] = m->aadlen;
  params[2] = DRIVE_TAG;
  rc = gpg_err_code (api->ctl (hd, BCRYCTL_SET_CCM_LENGTHS, params,
                               sizeof params));
  if (rc && !not_this_mode (rc))
    return rc;

  *aead = 1;
  if (!m->aadlen && !how->aad_always)
    return 0;
  rc = authenticate (api, hd, m, how);
  if (not_this_mode (rc))
    {
      *aead = 0;
      return 0;
    }
  if (rc == GPG_ERR_INV_STATE && *ivlen)
    {
      /* SIV takes the nonce as the last component, after the AAD.  */
      api->ctl (hd, BCRYCTL_RESET, NULL, 0);
      rc = authenticate (api, hd, m, how);
      if (!rc)
        rc = gpg_err_code (api->setiv (hd, m->iv, *ivlen));
    }
  return rc;
}

/* The data: INLEN bytes from IN into OUT, which has room for OUTSIZE,
   in one call or in HOW's chunks; the last call follows the final mark
   (OCB's rule).  */
static gpg_err_code_t
crypt_calls (const struct drive_api *api, void *hd, int enc,
             const struct drive_how *how, unsigned char *out, size_t outsize,
             const unsigned char *in, size_t inlen)
{
  gpg_error_t (*fn) (void *, void *, size_t, const void *, size_t)
    = enc ? api->encrypt : api->decrypt;
  gpg_err_code_t rc = 0;
  size_t i, off = 0;

  if (how->in_place)
    {
      memmove (out, in, inlen);
      in = out;
    }
  if (!how->chunks || how->nchunks < 2)
    {
      api->ctl (hd, BCRYCTL_FINALIZE, NULL, 0);
      if (how->in_place == 2 && outsize == inlen)
        in = NULL;
      return gpg_err_code (fn (hd, out, outsize, in, inlen));
    }
  for (i = 0; i < how->nchunks && !rc; i++)
    {
      size_t n = how->chunks[i];

      if (i + 1 == how->nchunks)
        api->ctl (hd, BCRYCTL_FINALIZE, NULL, 0);
      if (how->in_place == 2)
        rc = gpg_err_code (fn (hd, out + off, n, NULL, 0));
      else
        rc = gpg_err_code (fn (hd, out + off, n, in + off, n));
      off += n;
    }
  if (!rc && off != inlen)
    rc = GPG_ERR_INV_ARG;
  return rc;
}

gpg_err_code_t
drive_encrypt_api (const struct drive_api *api, void *hd,
                   const struct drive_msg *m, const struct drive_how *how,
                   unsigned char *out, struct drive_out *r)
{
  size_t lens[2], extra = 0;
  gpg_err_code_t rc = 0;
  unsigned int i;
  int split;

  if (!how)
    how = &plain;
  split = how->chunks && how->nchunks > 1;
  memset (r, 0, sizeof *r);
  lens[0] = m->len;
  /* Split calls are as the caller found the mode takes them.  */
  lens[1] = split ? m->len : m->len & ~(size_t)15;
  for (i = 0; i < 2; i++)
    {
      if (i && lens[1] == lens[0])
        break;
      /* A new message; SIV takes no nonce without it.  */
      api->ctl (hd, BCRYCTL_RESET, NULL, 0);
      rc = start (api, hd, m, how, lens[i], &r->ivlen, &r->aead);
      if (rc)
        return rc;
      /* Key wrap's output is longer than its input.  */
      for (extra = 0; extra <= DRIVE_SLACK; extra += 8)
        {
          rc = crypt_calls (api, hd, 1, how, out, lens[i] + extra, m->in,
                            lens[i]);
          if (rc != GPG_ERR_BUFFER_TOO_SHORT || split)
            break;
        }
      if (rc != GPG_ERR_INV_LENGTH && rc != GPG_ERR_INV_ARG)
        break;
    }
  if (rc)
    return rc;
  r->len = lens[i];
  r->outlen = lens[i] + extra;

  if (m->no_tag)
    return 0;
  rc = gpg_err_code (api->gettag (hd, r->tag, DRIVE_TAG));
  if (not_this_mode (rc))
    {
      r->aead = 0;
      return 0;
    }
  r->aead = 1;
  r->have_tag = !rc;
  return rc;
}

gpg_err_code_t
drive_encrypt (bcry_cipher_hd_t hd, const struct drive_msg *m,
               unsigned char *out, struct drive_out *r)
{
  return drive_encrypt_api (&drive_bcry, hd, m, NULL, out, r);
}

gpg_err_code_t
drive_decrypt_api (const struct drive_api *api, void *hd,
                   const struct drive_msg *m, const struct drive_how *how,
                   const struct drive_out *e, const unsigned char *ct,
                   unsigned char *out)
{
  size_t ivlen = e->ivlen;
  gpg_err_code_t rc;
  int aead;

  if (!how)
    how = &plain;
  api->ctl (hd, BCRYCTL_RESET, NULL, 0);
  rc = start (api, hd, m, how, e->len, &ivlen, &aead);
  if (rc)
    return rc;
  /* SIV needs its tag before the data.  */
  if (e->have_tag)
    {
      rc = gpg_err_code (api->ctl (hd, BCRYCTL_SET_DECRYPTION_TAG,
                                   (void *)e->tag, DRIVE_TAG));
      if (rc && !not_this_mode (rc))
        return rc;
    }
  rc = crypt_calls (api, hd, 0, how, out, e->outlen, ct, e->outlen);
  if (!rc && e->have_tag)
    rc = gpg_err_code (api->checktag (hd, e->tag, DRIVE_TAG));
  return rc;
}

gpg_err_code_t
drive_decrypt (bcry_cipher_hd_t hd, const struct drive_msg *m,
               const struct drive_out *e, const unsigned char *ct,
               unsigned char *out)
{
  return drive_decrypt_api (&drive_bcry, hd, m, NULL, e, ct, out);
}

const char *
drive_label (int algo, int mode)
{
  static char buf[64];

  snprintf (buf, sizeof buf, "%s %s", bcry_cipher_algo_name (algo),
            bcry_cipher_mode_name (mode));
  return buf;
}


/* splitmix64.  */
unsigned long long
drive_rand (unsigned long long *state)
{
  unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void
drive_fill (unsigned long long *state, unsigned char *p, size_t n)
{
  unsigned long long r = 0;
  size_t i;

  for (i = 0; i < n; i++)
    {
      if (!(i & 7))
        r = drive_rand (state);
      p[i] = (unsigned char)r;
      r >>= 8;
    }
}


static unsigned int n_passed, n_failed;

void
drive_check (int ok, const char *fmt, ...)
{
  va_list ap;

  if (ok)
    {
      n_passed++;
      return;
    }
  n_failed++;
  fputs ("FAIL: ", stdout);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  putchar ('\n');
  fflush (stdout);
}

int
drive_done (void)
{
  printf ("%u passed, %u failed\n", n_passed, n_failed);
  return n_failed ? 1 : 0;
}


size_t
drive_levels (const char *argv0, char **args,
              int (*line_cb) (const char *line))
{
  levels_counts_t counts = { 0, 0 };
  size_t n = levels_run (argv0, args, line_cb, &counts);

  n_passed += counts.passed;
  n_failed += counts.failed;
  return n;
}
