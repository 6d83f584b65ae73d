/* t-diff-gcry.c - libgcrypt as a side of the differential test
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * bulkcrypt's API is libgcrypt's under other names, with the same
 * algorithm, mode, flag and control numbers (bulkcrypt.h says so for
 * each), so this side is mostly the calls renamed.  Only
 * BCRYCTL_SKIP_IMPLS is bulkcrypt's own; the driver sends it to
 * bulkcrypt alone.  One difference is by design: in CTR mode
 * bulkcrypt's setiv sets the counter, where libgcrypt's is ignored
 * (cipher/cipher-ctr.c says why), so the handle here keeps its mode and
 * turns setiv into setctr.  libgcrypt's log messages about calls a mode
 * does not have (the driver makes them on purpose) are dropped.
 */

#include <config.h>

#ifdef HAVE_LIBGCRYPT

#include <stdarg.h>
#include <stdlib.h>
#include <gcrypt.h>
#include "t-diff.h"

struct ghd
{
  gcry_cipher_hd_t h;
  int mode;
};

static void
quiet (void *opaque, int level, const char *fmt, va_list ap)
{
  (void)opaque;
  (void)level;
  (void)fmt;
  (void)ap;
}

int
diff_gcry_init (void)
{
  /* Without secure memory libgcrypt needs no privileges.  */
  if (!gcry_check_version ("1.10.0"))
    return 0;
  gcry_set_log_handler (quiet, NULL);
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  return 1;
}

static gpg_error_t
g_open (void **hd, int algo, int mode, unsigned int flags)
{
  struct ghd *g = calloc (1, sizeof *g);
  gpg_error_t rc;

  *hd = NULL;
  if (!g)
    return gpg_error_from_syserror ();
  rc = gcry_cipher_open (&g->h, algo, mode, flags);
  if (rc)
    {
      free (g);
      return rc;
    }
  g->mode = mode;
  *hd = g;
  return 0;
}

static void
g_close (void *hd)
{
  struct ghd *g = hd;

  if (g)
    gcry_cipher_close (g->h);
  free (g);
}

#define H(hd) (((struct ghd *)(hd))->h)

static gpg_error_t
g_ctl (void *hd, int cmd, void *buf, size_t buflen)
{
  return gcry_cipher_ctl (H (hd), cmd, buf, buflen);
}

static gpg_error_t
g_setkey (void *hd, const void *key, size_t keylen)
{
  return gcry_cipher_setkey (H (hd), key, keylen);
}

static gpg_error_t
g_setiv (void *hd, const void *iv, size_t ivlen)
{
  if (((struct ghd *)hd)->mode == GCRY_CIPHER_MODE_CTR)
    return gcry_cipher_setctr (H (hd), iv, ivlen);
  return gcry_cipher_setiv (H (hd), iv, ivlen);
}

static gpg_error_t
g_authenticate (void *hd, const void *aad, size_t aadlen)
{
  return gcry_cipher_authenticate (H (hd), aad, aadlen);
}

static gpg_error_t
g_encrypt (void *hd, void *out, size_t outsize, const void *in, size_t inlen)
{
  return gcry_cipher_encrypt (H (hd), out, outsize, in, inlen);
}

static gpg_error_t
g_decrypt (void *hd, void *out, size_t outsize, const void *in, size_t inlen)
{
  return gcry_cipher_decrypt (H (hd), out, outsize, in, inlen);
}

static gpg_error_t
g_gettag (void *hd, void *tag, size_t taglen)
{
  return gcry_cipher_gettag (H (hd), tag, taglen);
}

static gpg_error_t
g_checktag (void *hd, const void *tag, size_t taglen)
{
  return gcry_cipher_checktag (H (hd), tag, taglen);
}

const struct drive_api diff_gcry =
  {
    "libgcrypt", g_open, g_close, g_ctl, g_setkey, g_setiv, g_authenticate,
    g_encrypt, g_decrypt, g_gettag, g_checktag
  };

#endif /* HAVE_LIBGCRYPT */
