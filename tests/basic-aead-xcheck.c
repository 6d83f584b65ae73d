/* basic-aead-xcheck.c - tests/basic: CCM, EAX, SIV and key wrap cross-checks
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For every algorithm and each of its implementations, random messages
 * of 0 to 70 blocks plus partial blocks and a few of up to 64 KiB, with
 * random keys, nonces and AAD, go through CCM (NIST SP 800-38C), EAX
 * (Bellare-Rogaway-Wagner), SIV (RFC 5297) and key wrap (RFC 3394 and
 * 5649) in random pieces, in place or not, and must give what the last
 * (portable C) implementation gives in one piece; then decrypt back.
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "basic.h"

#define X_MAX_LEN 65536
#define X_AAD_MAX 300

struct xmsg
{
  int algo, mode;
  unsigned int flags;
  unsigned char key[2 * MAX_KEY], nonce[32], aad[X_AAD_MAX], tag[16];
  size_t keylen, noncelen, aadlen, len, taglen;
  size_t adsplit[3];            /* SIV: the AD components' lengths.  */
  unsigned int nad;
  int siv_nonce;
};

/* A piece of at most LEFT bytes: often all, else a random length.  */
static size_t
piece (size_t left, int chunked)
{
  size_t n;

  if (!chunked || rng_below (4) == 0)
    return left;
  n = rng_below (rng_below (2) ? 40 : left + 1);
  return n < left ? n : left;
}

/* Start message M on HD: nonce, lengths, AAD (in pieces if CHUNKED).  */
static gpg_err_code_t
x_start (bcry_cipher_hd_t hd, const struct xmsg *m, int decrypt, int chunked)
{
  uint64_t params[3];
  gpg_err_code_t rc = 0;
  size_t off, n;
  unsigned int i;

  if (m->mode == BCRY_CIPHER_MODE_SIV)
    {
      for (i = 0, off = 0; !rc && i < m->nad; off += m->adsplit[i++])
        rc = bcry_err_code (bcry_cipher_authenticate (hd, m->aad + off,
                                                      m->adsplit[i]));
      if (!rc && m->siv_nonce)
        rc = bcry_err_code (bcry_cipher_setiv (hd, m->nonce, m->noncelen));
      if (!rc && decrypt)
        rc = bcry_err_code (bcry_cipher_set_decryption_tag (hd, m->tag, 16));
      return rc;
    }
  rc = bcry_err_code (bcry_cipher_setiv (hd, m->nonce, m->noncelen));
  if (!rc && m->mode == BCRY_CIPHER_MODE_CCM)
    {
      params[0] = m->len;
      params[1] = m->aadlen;
      params[2] = m->taglen;
      rc = bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SET_CCM_LENGTHS,
                                           params, sizeof params));
    }
  for (off = 0; !rc && off < m->aadlen; off += n)
    {
      n = piece (m->aadlen - off, chunked);
      rc = bcry_err_code (bcry_cipher_authenticate (hd, m->aad + off, n));
    }
  return rc;
}

static gpg_err_code_t
x_op (bcry_cipher_hd_t hd, int decrypt, unsigned char *out, size_t outlen,
      const unsigned char *in, size_t inlen)
{
  clobber_vector_regs ();
  return bcry_err_code (decrypt
                        ? bcry_cipher_decrypt (hd, out, outlen, in, inlen)
                        : bcry_cipher_encrypt (hd, out, outlen, in, inlen));
}

/* Encrypt (or decrypt) INLEN bytes at IN into OUT under M with
   implementation IMPL; the tag goes to (or comes from) TAG.  */
static gpg_err_code_t
x_crypt (const struct xmsg *m, unsigned int impl, int decrypt,
         unsigned char *out, const unsigned char *in, size_t inlen,
         unsigned char *tag, int chunked, int inplace)
{
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc = 0;
  size_t off, n, outlen = inlen;

  hd = open_impl (m->algo, m->mode, m->flags, impl, m->key, m->keylen, &rc);
  if (!hd)
    return rc;
  if (inplace)
    {
      memmove (out, in, inlen);
      in = out;
    }
  if (m->mode == BCRY_CIPHER_MODE_AESWRAP)
    {
      outlen = decrypt ? inlen - 8 : (inlen + 7) / 8 * 8 + 8;
      rc = x_op (hd, decrypt, out, outlen, in, inlen);
      bcry_cipher_close (hd);
      return rc;
    }

  rc = x_start (hd, m, decrypt, chunked);
  if (m->mode == BCRY_CIPHER_MODE_SIV || !chunked)
    rc = rc ? rc : x_op (hd, decrypt, out, inlen, in, inlen);
  else
    for (off = 0; !rc && off < inlen; off += n)
      {
        n = piece (inlen - off, chunked);
        rc = x_op (hd, decrypt, out + off, n, in + off, n);
      }
  if (!rc)
    rc = bcry_err_code (decrypt
                        ? bcry_cipher_checktag (hd, tag, m->taglen)
                        : bcry_cipher_gettag (hd, tag, m->taglen));
  bcry_cipher_close (hd);
  return rc;
}

/* A random message of LEN bytes for M's algorithm and mode.  */
static void
x_new_message (struct xmsg *m, size_t len)
{
  size_t klen = bcry_cipher_get_algo_keylen (m->algo);
  unsigned int i;

  m->keylen = m->mode == BCRY_CIPHER_MODE_SIV ? 2 * klen : klen;
  rng_fill (m->key, m->keylen);
  m->len = len;
  m->aadlen = rng_below (3) ? rng_below (40) : rng_below (X_AAD_MAX + 1);
  rng_fill (m->aad, m->aadlen);
  m->taglen = 16;
  switch (m->mode)
    {
    case BCRY_CIPHER_MODE_CCM:
      m->noncelen = 7 + rng_below (7);
      /* The length field of 15 - noncelen bytes must hold LEN.  */
      if (len >= 0x10000 && m->noncelen > 12)
        m->noncelen = 12;
      m->taglen = 4 + 2 * rng_below (7);
      break;
    case BCRY_CIPHER_MODE_EAX:
      m->noncelen = rng_below (33);
      m->taglen = 1 + rng_below (16);
      break;
    case BCRY_CIPHER_MODE_SIV:
      m->noncelen = rng_below (33);
      m->siv_nonce = rng_below (2);
      /* Up to three components, in random places of the AAD.  */
      m->nad = rng_below (4);
      for (i = 0; i < m->nad; i++)
        m->adsplit[i] = i + 1 < m->nad ? rng_below (m->aadlen + 1) : m->aadlen;
      for (i = 1; i < m->nad; i++)
        if (m->adsplit[i] < m->adsplit[i - 1])
          m->adsplit[i] = m->adsplit[i - 1];
      for (i = m->nad; i-- > 1; )
        m->adsplit[i] -= m->adsplit[i - 1];
      break;
    default:
      m->noncelen = 0;
      break;
    }
  rng_fill (m->nonce, m->noncelen);
}

/* One message: the reference from the portable C in one piece, then
   implementation IMPL in pieces and back.  */
static int
x_one (struct xmsg *m, unsigned int impl, unsigned int ref,
       unsigned char *plain, unsigned char *want, unsigned char *got)
{
  unsigned char tag[16];
  size_t clen = m->len, off;
  int chunked = rng_below (4) != 0, inplace = rng_below (2);
  gpg_err_code_t rc;

  off = rng_below (4);
  rng_fill (plain, m->len);
  if (m->mode == BCRY_CIPHER_MODE_AESWRAP)
    clen = (m->len + 7) / 8 * 8 + 8;
  rc = x_crypt (m, ref, 0, want, plain, m->len, m->tag, 0, 0);
  if (!rc)
    rc = x_crypt (m, impl, 0, got + off, plain, m->len, tag, chunked,
                  inplace);
  if (rc || memcmp (want, got + off, clen)
      || (m->mode != BCRY_CIPHER_MODE_AESWRAP
          && memcmp (tag, m->tag, m->taglen)))
    return 0;
  rc = x_crypt (m, impl, 1, got + off, want, clen, m->tag, chunked,
                !inplace);
  return !rc && !memcmp (got + off, plain, m->len);
}

static void
x_mode (int algo, int mode, unsigned int flags, unsigned int xmi)
{
  static const size_t large[] = { 4096 + 5, 65535, 65536 };
  unsigned char *plain, *want, *got;
  unsigned int impl, nimpl = impl_count (algo);
  struct xmsg m;
  size_t nb, len, nlen, i;
  int ok;

  plain = malloc (X_MAX_LEN + 64);
  want = malloc (X_MAX_LEN + 64);
  got = malloc (X_MAX_LEN + 64);
  if (!plain || !want || !got)
    {
      test_fail ("cross-check: out of memory");
      goto leave;
    }
  memset (&m, 0, sizeof m);
  m.algo = algo;
  m.mode = mode;
  m.flags = flags;
  nlen = quick ? 20 : 71;
  for (impl = 0; impl < nimpl; impl++)
    {
      rng_start ((unsigned int)algo, xmi, impl);
      ok = 1;
      for (i = 0; ok && i < nlen + DIMOF (large); i++)
        {
          nb = i < nlen ? (quick ? rng_below (71) : i) : 0;
          len = i < nlen ? nb * 16 + (rng_below (2) ? rng_below (16) : 0)
                         : large[i - nlen];
          /* Key wrap costs twelve block operations per 16 bytes, and
             wraps keys: it gets no large messages.  */
          if (mode == BCRY_CIPHER_MODE_AESWRAP && i >= nlen)
            len = 1000 + i;
          if (mode == BCRY_CIPHER_MODE_AESWRAP && !flags)
            len = len < 16 ? 16 : len / 8 * 8;
          else if (mode == BCRY_CIPHER_MODE_AESWRAP && !len)
            len = 1;
          x_new_message (&m, len);
          ok = x_one (&m, impl, nimpl - 1, plain, want, got);
          if (!ok)
            test_fail ("%s %s%s: implementation %u differs from the "
                       "portable C at length %zu (seed %llu)",
                       bcry_cipher_algo_name (algo),
                       bcry_cipher_mode_name (mode),
                       flags ? " (RFC 5649)" : "", impl, len,
                       (unsigned long long)seed);
        }
      if (ok)
        test_pass ();
    }
 leave:
  free (plain);
  free (want);
  free (got);
}

void
run_aead_cross_checks (void)
{
  static const struct { int mode; unsigned int flags; } modes[] =
    {
      { BCRY_CIPHER_MODE_CCM, 0 },
      { BCRY_CIPHER_MODE_EAX, 0 },
      { BCRY_CIPHER_MODE_SIV, 0 },
      { BCRY_CIPHER_MODE_AESWRAP, 0 },
      { BCRY_CIPHER_MODE_AESWRAP, BCRY_CIPHER_EXTENDED },
    };
  const int *a;
  unsigned int i;

  for (a = algo_list; *a; a++)
    if (bcry_cipher_get_algo_blklen (*a) == 16)
      for (i = 0; i < DIMOF (modes); i++)
        x_mode (*a, modes[i].mode, modes[i].flags, 100 + i);
}
