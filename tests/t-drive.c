/* t-drive.c - drive any algorithm and mode through the public API
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * See t-drive.h.  Every length is found by trial, longest first, and a
 * refusal is recognised by its error code, so that a mode this file
 * has never heard of still gets a message through.
 */

#include <config.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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

gpg_err_code_t
drive_open (bcry_cipher_hd_t *hd, int algo, int mode, unsigned int flags,
            unsigned int skip, const unsigned char *key)
{
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  gpg_err_code_t rc;

  rc = bcry_err_code (bcry_cipher_open (hd, algo, mode, flags));
  if (rc)
    return rc;
  if (skip)
    rc = bcry_err_code (bcry_cipher_ctl (*hd, BCRYCTL_SKIP_IMPLS, NULL,
                                         skip));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_setkey (*hd, key, keylen));
  if (rc == GPG_ERR_INV_KEYLEN && 2 * keylen <= DRIVE_KEY)
    rc = bcry_err_code (bcry_cipher_setkey (*hd, key, 2 * keylen));
  if (rc)
    {
      bcry_cipher_close (*hd);
      *hd = NULL;
    }
  return rc;
}

/* Errors that mean "this mode has no such call".  */
static int
not_this_mode (gpg_err_code_t rc)
{
  return rc == GPG_ERR_INV_CIPHER_MODE || rc == GPG_ERR_INV_OP;
}

/* The message's start: IV (the first length the mode takes, if it
   takes one), CCM's lengths, the AAD.  */
static gpg_err_code_t
start (bcry_cipher_hd_t hd, const struct drive_msg *m, size_t len,
       size_t *ivlen, int *aead)
{
  static const size_t ivlens[] = { 16, 12, 8 };
  uint64_t params[3];
  gpg_err_code_t rc = 0;
  size_t i;

  if (*ivlen)
    rc = bcry_err_code (bcry_cipher_setiv (hd, m->iv, *ivlen));
  else
    for (i = 0; i < DIMOF (ivlens); i++)
      {
        rc = bcry_err_code (bcry_cipher_setiv (hd, m->iv, ivlens[i]));
        if (!rc)
          {
            *ivlen = ivlens[i];
            break;
          }
      }
  if (rc && *ivlen)
    return rc;

  params[0] = len;
  params[1] = m->aadlen;
  params[2] = DRIVE_TAG;
  rc = bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SET_CCM_LENGTHS, params,
                                       sizeof params));
  if (rc && !not_this_mode (rc))
    return rc;

  *aead = 1;
  if (!m->aadlen)
    return 0;
  rc = bcry_err_code (bcry_cipher_authenticate (hd, m->aad, m->aadlen));
  if (not_this_mode (rc))
    {
      *aead = 0;
      return 0;
    }
  if (rc == GPG_ERR_INV_STATE && *ivlen)
    {
      /* SIV takes the nonce as the last component, after the AAD.  */
      bcry_cipher_reset (hd);
      rc = bcry_err_code (bcry_cipher_authenticate (hd, m->aad, m->aadlen));
      if (!rc)
        rc = bcry_err_code (bcry_cipher_setiv (hd, m->iv, *ivlen));
    }
  return rc;
}

gpg_err_code_t
drive_encrypt (bcry_cipher_hd_t hd, const struct drive_msg *m,
               unsigned char *out, struct drive_out *r)
{
  size_t lens[2], extra = 0;
  gpg_err_code_t rc = 0;
  unsigned int i;

  memset (r, 0, sizeof *r);
  lens[0] = m->len;
  lens[1] = m->len & ~(size_t)15;
  for (i = 0; i < 2; i++)
    {
      if (i && lens[1] == lens[0])
        break;
      /* A new message; SIV takes no nonce without it.  */
      bcry_cipher_reset (hd);
      rc = start (hd, m, lens[i], &r->ivlen, &r->aead);
      if (rc)
        return rc;
      bcry_cipher_final (hd);
      /* Key wrap's output is longer than its input.  */
      for (extra = 0; extra <= DRIVE_SLACK; extra += 8)
        {
          rc = bcry_err_code (bcry_cipher_encrypt (hd, out, lens[i] + extra,
                                                   m->in, lens[i]));
          if (rc != GPG_ERR_BUFFER_TOO_SHORT)
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
  rc = bcry_err_code (bcry_cipher_gettag (hd, r->tag, DRIVE_TAG));
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
drive_decrypt (bcry_cipher_hd_t hd, const struct drive_msg *m,
               const struct drive_out *e, const unsigned char *ct,
               unsigned char *out)
{
  size_t ivlen = e->ivlen;
  gpg_err_code_t rc;
  int aead;

  bcry_cipher_reset (hd);
  rc = start (hd, m, e->len, &ivlen, &aead);
  if (rc)
    return rc;
  /* SIV needs its tag before the data.  */
  if (e->have_tag)
    {
      rc = bcry_err_code (bcry_cipher_set_decryption_tag (hd, e->tag,
                                                          DRIVE_TAG));
      if (rc && !not_this_mode (rc))
        return rc;
    }
  bcry_cipher_final (hd);
  rc = bcry_err_code (bcry_cipher_decrypt (hd, out, e->outlen,
                                           ct, e->outlen));
  if (!rc && e->have_tag)
    rc = bcry_err_code (bcry_cipher_checktag (hd, e->tag, DRIVE_TAG));
  return rc;
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
