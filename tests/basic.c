/* basic.c - the self-test of bulkcrypt: driver, cross-checks, bad input
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Run without options, the program reads the CPU features the library
 * uses (bcry_get_hwf) and runs itself once per feature level, switching
 * features off one by one through BULKCRYPT_HWF_DISABLE and finally all
 * of them, so that every SIMD path and every fallback below it is
 * tested on this machine.  Each level checks, for every algorithm of
 * cipher/cipher-list.def and every implementation usable at that level:
 * the published vectors (basic-vectors.c); random messages in every
 * mode against the modes of NIST SP 800-38A (and RFC 3962 for CTS)
 * written out below on top of the portable C block function; the
 * refusal of bad arguments; and the API's small calls.
 *
 * Options: --verbose, --seed N (replay a run), --quick (fewer lengths),
 * --one-level (run only the level BULKCRYPT_HWF_DISABLE selects), and
 * --hwf-control, the check of BCRYCTL_DISABLE_HWF, which needs a
 * process of its own.  The last line is "N passed, M failed"; the exit
 * status is non-zero when M is.
 */

#include <config.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "basic.h"

/* The algorithms this build has, from the list cipher.c registers.  */
static const int algo_list[] =
  {
#define CIPHER(spec, id) id,
#include "cipher-list.def"
#undef CIPHER
    0
  };

int verbose;
static int quick;
static uint64_t seed;
static unsigned int n_passed, n_failed;

#define DIMOF(a) (sizeof (a) / sizeof ((a)[0]))

/* Bytes checked after every output buffer.  */
#define GUARD 16
#define GUARD_BYTE 0xa5
/* The longest message of the cross-checks.  */
#define LARGE 65536

void
test_pass (void)
{
  n_passed++;
}

static void
vfail (const char *fmt, va_list ap)
{
  n_failed++;
  fputs ("FAIL: ", stdout);
  vprintf (fmt, ap);
  putchar ('\n');
  fflush (stdout);
}

void
test_fail (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  vfail (fmt, ap);
  va_end (ap);
}

void
info (const char *fmt, ...)
{
  va_list ap;

  if (!verbose)
    return;
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
}

/* Count a test from a condition; FMT says what was checked.  */
static void
check (int ok, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

static void
check (int ok, const char *fmt, ...)
{
  va_list ap;

  if (ok)
    {
      n_passed++;
      return;
    }
  va_start (ap, fmt);
  vfail (fmt, ap);
  va_end (ap);
}

/* Check that CALL's error code is WANT.  */
static void
check_rc (gpg_error_t got, gpg_err_code_t want, const char *what)
{
  gpg_err_code_t rc = bcry_err_code (got);

  check (rc == want, "%s: got %s (%d), want %s (%d)", what,
         gpg_strerror (rc), rc, gpg_strerror (want), want);
}


/* splitmix64: a small generator whose whole state is the seed, so that
   one number on the command line replays a run.  */
static uint64_t rng_state;

static uint64_t
rng (void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static size_t
rng_below (size_t n)
{
  return n ? (size_t)(rng () % n) : 0;
}

static void
rng_fill (unsigned char *p, size_t n)
{
  uint64_t r = 0;
  size_t i;

  for (i = 0; i < n; i++)
    {
      if (!(i & 7))
        r = rng ();
      p[i] = (unsigned char)r;
      r >>= 8;
    }
}

/* Give every test its own stream, derived from the run's seed and the
   test's identity, so that one test replays alike whatever ran before.  */
static void
rng_start (unsigned int a, unsigned int b, unsigned int c)
{
  rng_state = seed ^ ((uint64_t)a << 32 ^ (uint64_t)b << 16 ^ c);
  rng ();
}


size_t
hex_decode (const char *hex, unsigned char *buf, size_t max)
{
  size_t n = 0;
  int hi = -1, v;

  for (; *hex; hex++)
    {
      if (*hex == ' ')
        continue;
      if (*hex >= '0' && *hex <= '9')
        v = *hex - '0';
      else if (*hex >= 'a' && *hex <= 'f')
        v = *hex - 'a' + 10;
      else if (*hex >= 'A' && *hex <= 'F')
        v = *hex - 'A' + 10;
      else
        return (size_t)-1;
      if (hi < 0)
        hi = v;
      else
        {
          if (n == max)
            return (size_t)-1;
          buf[n++] = (unsigned char)(hi << 4 | v);
          hi = -1;
        }
    }
  return hi < 0 ? n : (size_t)-1;
}

const char *
mode_label (int mode, unsigned int flags)
{
  static char buf[32];

  snprintf (buf, sizeof buf, "%s%s", bcry_cipher_mode_name (mode),
            (flags & BCRY_CIPHER_CBC_CTS) ? "-CTS"
            : (flags & BCRY_CIPHER_CBC_MAC) ? "-MAC" : "");
  return buf;
}

static int
in_algo_list (int algo)
{
  const int *a;

  for (a = algo_list; *a; a++)
    if (*a == algo)
      return 1;
  return 0;
}


bcry_cipher_hd_t
open_impl (int algo, int mode, unsigned int flags, unsigned int impl,
           const void *key, size_t keylen, gpg_err_code_t *err)
{
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  rc = bcry_err_code (bcry_cipher_open (&hd, algo, mode, flags));
  if (!rc && impl)
    rc = bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SKIP_IMPLS, NULL, impl));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_setkey (hd, key, keylen));
  *err = rc;
  if (rc)
    {
      bcry_cipher_close (hd);
      return NULL;
    }
  return hd;
}

unsigned int
impl_count (int algo)
{
  static int cached_algo[64];
  static unsigned int cached_n[64];
  static unsigned int ncached;
  unsigned char key[MAX_KEY] = { 0 };
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int i, n;

  for (i = 0; i < ncached; i++)
    if (cached_algo[i] == algo)
      return cached_n[i];

  /* Setting a key with n entries skipped fails once n reaches the
     number usable.  */
  for (n = 0; n < 64; n++)
    {
      hd = open_impl (algo, BCRY_CIPHER_MODE_ECB, 0, n, key, keylen, &rc);
      bcry_cipher_close (hd);
      if (rc == GPG_ERR_NOT_SUPPORTED)
        break;
      if (rc)
        {
          test_fail ("%s: implementation %u: setkey: %s",
                     bcry_cipher_algo_name (algo), n, gpg_strerror (rc));
          break;
        }
    }
  if (ncached < DIMOF (cached_algo))
    {
      cached_algo[ncached] = algo;
      cached_n[ncached++] = n;
    }
  return n;
}


/* The reference: the portable C block function (the last usable
   implementation) one block at a time through an ECB handle, and the
   modes written out from their definitions.  */
struct ref
{
  bcry_cipher_hd_t ecb;
  gpg_err_code_t err;           /* The first error of a block call.  */
};

static void
ref_block (struct ref *r, unsigned char *out, const unsigned char *in)
{
  gpg_err_code_t rc = bcry_err_code (bcry_cipher_encrypt (r->ecb, out, BLOCK,
                                                          in, BLOCK));

  if (rc && !r->err)
    r->err = rc;
}

static void
ctr_increment (unsigned char *ctr)
{
  int i;

  for (i = BLOCK - 1; i >= 0; i--)
    if (++ctr[i])
      break;
}

/* Encrypt LEN bytes of IN to OUT (not overlapping) in MODE, starting
   from IV (the counter block for CTR).  CBC-MAC writes one block.  */
static void
ref_encrypt (struct ref *r, int mode, unsigned int flags,
             const unsigned char *iv, unsigned char *out,
             const unsigned char *in, size_t len)
{
  unsigned char x[BLOCK], ks[BLOCK];
  size_t i, j, nfull, rest;

  memcpy (x, iv, BLOCK);
  switch (mode)
    {
    case BCRY_CIPHER_MODE_ECB:
      for (i = 0; i < len; i += BLOCK)
        ref_block (r, out + i, in + i);
      break;

    case BCRY_CIPHER_MODE_CBC:
      /* With CTS, all but the last (partial or whole) block of a message
         longer than a block are plain CBC.  */
      nfull = len / BLOCK;
      if ((flags & BCRY_CIPHER_CBC_CTS) && len > BLOCK)
        nfull = (len - 1) / BLOCK;
      for (i = 0; i < nfull; i++)
        {
          for (j = 0; j < BLOCK; j++)
            x[j] ^= in[i * BLOCK + j];
          ref_block (r, x, x);
          if (!(flags & BCRY_CIPHER_CBC_MAC))
            memcpy (out + i * BLOCK, x, BLOCK);
        }
      if (flags & BCRY_CIPHER_CBC_MAC)
        memcpy (out, x, BLOCK);
      else if (nfull * BLOCK < len)
        {
          /* RFC 3962: E(C_n-1 ^ (P_n || 0)) goes in place of C_n-1,
             whose first bytes follow as the short last block.  */
          rest = len - nfull * BLOCK;
          memcpy (ks, x, BLOCK);
          for (j = 0; j < rest; j++)
            x[j] ^= in[nfull * BLOCK + j];
          ref_block (r, x, x);
          memcpy (out + (nfull - 1) * BLOCK, x, BLOCK);
          memcpy (out + nfull * BLOCK, ks, rest);
        }
      break;

    case BCRY_CIPHER_MODE_CFB:
      /* X is the ciphertext block being built; KS the block cipher
         output of the previous one.  */
      for (i = 0; i < len; i++)
        {
          j = i % BLOCK;
          if (!j)
            ref_block (r, ks, x);
          out[i] = x[j] = in[i] ^ ks[j];
        }
      break;

    case BCRY_CIPHER_MODE_CFB8:
      for (i = 0; i < len; i++)
        {
          ref_block (r, ks, x);
          memmove (x, x + 1, BLOCK - 1);
          out[i] = x[BLOCK - 1] = in[i] ^ ks[0];
        }
      break;

    case BCRY_CIPHER_MODE_OFB:
      for (i = 0; i < len; i++)
        {
          j = i % BLOCK;
          if (!j)
            ref_block (r, x, x);
          out[i] = in[i] ^ x[j];
        }
      break;

    case BCRY_CIPHER_MODE_CTR:
      /* The whole block is one 128-bit big-endian counter.  */
      for (i = 0; i < len; i++)
        {
          j = i % BLOCK;
          if (!j)
            {
              ref_block (r, ks, x);
              ctr_increment (x);
            }
          out[i] = in[i] ^ ks[j];
        }
      break;
    }
}


/* The modes of the cross-check.  GRAN is the unit a call may take:
   a block, a byte, or 0 for the whole message in one call.  */
struct xmode
{
  int mode;
  unsigned int flags;
  size_t gran;
};

static const struct xmode xmodes[] =
  {
    { BCRY_CIPHER_MODE_ECB, 0, BLOCK },
    { BCRY_CIPHER_MODE_CBC, 0, BLOCK },
    { BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_CBC_CTS, 0 },
    { BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_CBC_MAC, BLOCK },
    { BCRY_CIPHER_MODE_CFB, 0, 1 },
    { BCRY_CIPHER_MODE_CFB8, 0, 1 },
    { BCRY_CIPHER_MODE_OFB, 0, 1 },
    { BCRY_CIPHER_MODE_CTR, 0, 1 },
  };

static int
is_mac (const struct xmode *xm)
{
  return !!(xm->flags & BCRY_CIPHER_CBC_MAC);
}

static int
is_cts (const struct xmode *xm)
{
  return !!(xm->flags & BCRY_CIPHER_CBC_CTS);
}

/* The message lengths of one cross-check: every block count up to 64,
   for the stream modes and CTS also one random length inside each, and
   a few large ones.  Returns how many were stored in LEN.  */
static size_t
make_lengths (const struct xmode *xm, size_t *len)
{
  size_t n = 0, k, kmax = quick ? 8 : 64, large;
  int partial = xm->gran == 1 || is_cts (xm);
  /* CTS needs more than one block to steal from; a MAC at least one.  */
  size_t kmin = is_cts (xm) || is_mac (xm) ? 1 : 0;

  for (k = kmin; k <= kmax; k++)
    {
      len[n++] = k * BLOCK;
      if (partial && k < kmax)
        len[n++] = k * BLOCK + 1 + rng_below (BLOCK - 1);
    }
  if (quick)
    len[n++] = 64 * BLOCK;
  /* CFB8 costs a block cipher call per byte, in the reference too; its
     longest runs need not be as long.  */
  large = xm->mode == BCRY_CIPHER_MODE_CFB8 ? LARGE / 8 : LARGE;
  len[n++] = large;
  if (!quick)
    {
      len[n++] = (1 + rng_below (large / BLOCK - 1)) * BLOCK;
      if (partial)
        len[n++] = large - 1 - rng_below (BLOCK - 1);
    }
  return n;
}

/* Split LEN into calls of multiples of GRAN (one call if GRAN is 0):
   many small ones, random sizes or equal sizes.  Returns the number of
   calls stored in CHUNK.  */
static size_t
make_chunks (size_t len, size_t gran, size_t *chunk)
{
  size_t n = 0, left = len, c, unit, fixed;
  int style = gran ? 1 + (int)rng_below (3) : 0;

  if (!len || !style)
    {
      chunk[0] = len;
      return 1;
    }
  unit = len / gran;            /* Whole units in the message.  */
  fixed = 1 + rng_below (gran == 1 ? 40 : 8);
  while (left)
    {
      if (style == 1)
        c = 1 + rng_below (gran == 1 ? 3 * BLOCK : 3);
      else if (style == 2)
        c = 1 + rng_below (unit);
      else
        c = fixed;
      c *= gran;
      if (c > left)
        c = left;
      chunk[n++] = c;
      left -= c;
    }
  return n;
}

/* Describe a chunking for a failure message.  */
static const char *
chunk_text (const size_t *chunk, size_t n)
{
  static char buf[160];
  size_t i, off = 0;

  off += snprintf (buf, sizeof buf, "%zu call%s [", n, n == 1 ? "" : "s");
  for (i = 0; i < n && i < 8 && off < sizeof buf; i++)
    off += snprintf (buf + off, sizeof buf - off, "%s%zu", i ? " " : "",
                     chunk[i]);
  if (off < sizeof buf)
    snprintf (buf + off, sizeof buf - off, "%s]", i < n ? " ..." : "");
  return buf;
}

static gpg_err_code_t
start_iv (bcry_cipher_hd_t hd, int mode, const unsigned char *iv)
{
  if (mode == BCRY_CIPHER_MODE_ECB)
    return 0;
  if (mode == BCRY_CIPHER_MODE_CTR)
    return bcry_err_code (bcry_cipher_setctr (hd, iv, BLOCK));
  return bcry_err_code (bcry_cipher_setiv (hd, iv, BLOCK));
}

/* Run the message IN (LEN bytes) through HD call by call as CHUNK says.
   OUT gets the output; for CBC-MAC each call writes one block to OUT,
   with OUTSIZE exactly a block.  */
static gpg_err_code_t
run_chunks (bcry_cipher_hd_t hd, int decrypt, int mac, unsigned char *out,
            const unsigned char *in, const size_t *chunk, size_t nchunk)
{
  gpg_err_code_t rc = 0;
  size_t i, off = 0;

  for (i = 0; i < nchunk && !rc; i++)
    {
      unsigned char *o = mac ? out : out + off;
      size_t osize = mac ? BLOCK : chunk[i];

      rc = bcry_err_code (decrypt
                          ? bcry_cipher_decrypt (hd, o, osize,
                                                 in + off, chunk[i])
                          : bcry_cipher_encrypt (hd, o, osize,
                                                 in + off, chunk[i]));
      off += chunk[i];
    }
  return rc;
}

static int
guard_ok (const unsigned char *p)
{
  size_t i;

  for (i = 0; i < GUARD; i++)
    if (p[i] != GUARD_BYTE)
      return 0;
  return 1;
}

static size_t
first_diff (const unsigned char *a, const unsigned char *b, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    if (a[i] != b[i])
      break;
  return i;
}

/* What one cross-check is about, for its failure messages.  */
struct xcase
{
  int algo;
  const struct xmode *xm;
  unsigned int impl;
  const char *impl_name;
  unsigned int nfail;
};

#define MAX_DETAILS 3

static void
xfail (struct xcase *xc, const char *what, size_t len, size_t in_off,
       size_t out_off, const size_t *chunk, size_t nchunk)
{
  if (xc->nfail++ >= MAX_DETAILS)
    return;
  printf ("FAIL: %s %s, implementation %u \"%s\": %s; length %zu, "
          "input offset %zu, output offset %zu, %s; --seed %llu\n",
          bcry_cipher_algo_name (xc->algo),
          mode_label (xc->xm->mode, xc->xm->flags), xc->impl, xc->impl_name,
          what, len, in_off, out_off, chunk_text (chunk, nchunk),
          (unsigned long long)seed);
  fflush (stdout);
}

/* How xrun splits a message into calls.  */
enum calls
  {
    PIECES,                     /* Random pieces.  */
    ONE_CALL,
    THEN_BLOCK                  /* One call, then one for the last block.  */
  };

/* One direction of one message at random buffer offsets, in place or
   not, split as CALLS says: run IN through HD and compare with WANT.
   WHAT names the message in a failure.  */
static void
xrun (struct xcase *xc, bcry_cipher_hd_t hd, int decrypt,
      const unsigned char *iv, const unsigned char *in, size_t len,
      const unsigned char *want, int in_place, enum calls calls,
      const char *what)
{
  int mac = is_mac (xc->xm);
  size_t outlen = mac ? (len ? BLOCK : 0) : len;
  size_t in_off = rng_below (4), out_off = rng_below (4);
  size_t *chunk = malloc ((len / (xc->xm->gran ? xc->xm->gran : 1) + 2)
                          * sizeof *chunk);
  size_t nchunk = make_chunks (len, calls == PIECES ? xc->xm->gran : 0,
                               chunk);
  unsigned char *ibuf = NULL, *obuf;
  const unsigned char *src;
  gpg_err_code_t rc;
  char msg[192], label[96];

  if (calls == THEN_BLOCK && len > BLOCK)
    {
      chunk[0] = len - BLOCK;
      chunk[1] = BLOCK;
      nchunk = 2;
    }
  snprintf (label, sizeof label, "%s%s%s, %s", what,
            decrypt ? "decrypt" : "encrypt", in_place ? " in place" : "",
            calls == PIECES ? "in pieces" : calls == ONE_CALL ? "in one call"
            : "in one call and one for the last block");
  what = label;
  if (in_place)
    in_off = out_off;
  obuf = malloc (out_off + (in_place ? len : outlen) + GUARD);
  if (!obuf || !chunk)
    {
      xfail (xc, "out of memory", len, in_off, out_off, chunk, 0);
      free (obuf);
      free (chunk);
      return;
    }
  memset (obuf, GUARD_BYTE, out_off + (in_place ? len : outlen) + GUARD);
  if (in_place)
    {
      memcpy (obuf + out_off, in, len);
      src = obuf + out_off;
    }
  else
    {
      ibuf = malloc (in_off + len + 1);
      if (!ibuf)
        {
          xfail (xc, "out of memory", len, in_off, out_off, chunk, 0);
          free (obuf);
          free (chunk);
          return;
        }
      memcpy (ibuf + in_off, in, len);
      src = ibuf + in_off;
    }

  rc = bcry_err_code (bcry_cipher_reset (hd));
  if (!rc)
    rc = start_iv (hd, xc->xm->mode, iv);
  if (!rc)
    rc = run_chunks (hd, decrypt, mac, obuf + out_off, src, chunk, nchunk);
  if (rc)
    {
      snprintf (msg, sizeof msg, "%s: %s", what, gpg_strerror (rc));
      xfail (xc, msg, len, in_off, out_off, chunk, nchunk);
    }
  else if (memcmp (obuf + out_off, want, outlen))
    {
      snprintf (msg, sizeof msg, "%s differs from the reference at byte %zu",
                what, first_diff (obuf + out_off, want, outlen));
      xfail (xc, msg, len, in_off, out_off, chunk, nchunk);
    }
  else if (!guard_ok (obuf + out_off + (in_place ? len : outlen)))
    {
      snprintf (msg, sizeof msg, "%s wrote past the output", what);
      xfail (xc, msg, len, in_off, out_off, chunk, nchunk);
    }
  free (ibuf);
  free (obuf);
  free (chunk);
}

/* A CTR message that starts 1..20 blocks below a carry out of the low
   BITS bits of the counter and runs past it, then one block more: the
   keystream of that block shows the counter the call left behind.  */
static void
ctr_carry (struct xcase *xc, struct ref *ref, bcry_cipher_hd_t hd,
           unsigned int bits, unsigned char *buf, unsigned char *want)
{
  unsigned char ctr[BLOCK];
  char what[48];
  int in_place = (int)rng_below (2);
  size_t below = 1 + rng_below (20);
  size_t len = (below + rng_below (24)) * BLOCK + rng_below (BLOCK);
  size_t i, nbytes = bits / 8;

  rng_fill (ctr, BLOCK);
  for (i = BLOCK - nbytes; i < BLOCK; i++)
    ctr[i] = 0xff;
  if (nbytes < BLOCK && ctr[BLOCK - 1 - nbytes] == 0xff)
    ctr[BLOCK - 1 - nbytes] = 0;
  ctr[BLOCK - 1] = (unsigned char)(256 - below);

  rng_fill (buf, len + BLOCK);
  ref_encrypt (ref, BCRY_CIPHER_MODE_CTR, 0, ctr, want, buf, len + BLOCK);
  snprintf (what, sizeof what, "counter carry at 2^%u: ", bits);
  xrun (xc, hd, 0, ctr, buf, len + BLOCK, want, in_place, THEN_BLOCK, what);
  xrun (xc, hd, 0, ctr, buf, len + BLOCK, want, !in_place, PIECES, what);
}

/* All random messages of one algorithm, mode and implementation.  */
static void
cross_check (int algo, unsigned int xmi, unsigned int impl,
             unsigned int nimpl)
{
  static size_t len[4 * 64 + 16];
  const struct xmode *xm = &xmodes[xmi];
  unsigned char key[MAX_KEY], iv[BLOCK];
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  unsigned char *pt, *ct;
  struct xcase xc;
  struct ref ref;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t i, n;
  unsigned int bits;
  int in_place;

  rng_start ((unsigned int)algo, xmi, impl);
  rng_fill (key, keylen);
  xc.algo = algo;
  xc.xm = xm;
  xc.impl = impl;
  xc.nfail = 0;

  ref.err = 0;
  ref.ecb = open_impl (algo, BCRY_CIPHER_MODE_ECB, 0, nimpl - 1, key,
                       keylen, &rc);
  hd = ref.ecb ? open_impl (algo, xm->mode, xm->flags, impl, key, keylen,
                            &rc) : NULL;
  if (!hd)
    {
      test_fail ("%s %s, implementation %u: open/setkey: %s",
                 bcry_cipher_algo_name (algo),
                 mode_label (xm->mode, xm->flags), impl, gpg_strerror (rc));
      bcry_cipher_close (ref.ecb);
      bcry_cipher_close (hd);
      return;
    }
  xc.impl_name = bcry_cipher_impl_name (hd);
  info ("  %s %s: implementation %u \"%s\"\n", bcry_cipher_algo_name (algo),
        mode_label (xm->mode, xm->flags), impl, xc.impl_name);

  pt = malloc (LARGE + BLOCK);
  ct = malloc (LARGE + BLOCK);
  if (!pt || !ct)
    {
      test_fail ("out of memory");
      goto leave;
    }

  n = make_lengths (xm, len);
  for (i = 0; i < n; i++)
    {
      rng_fill (iv, BLOCK);
      rng_fill (pt, len[i]);
      ref_encrypt (&ref, xm->mode, xm->flags, iv, ct, pt, len[i]);
      /* In one call, which takes the bulk paths wherever they can
         go, then in pieces, which take them at other places; in place
         one way, not the other.  CTS takes one call only.  A MAC's
         output is one block, so it is never in place.  */
      in_place = !is_mac (xm) && rng_below (2);
      xrun (&xc, hd, 0, iv, pt, len[i], ct, in_place, ONE_CALL, "");
      if (xm->gran && len[i] > xm->gran)
        xrun (&xc, hd, 0, iv, pt, len[i], ct, !is_mac (xm) && !in_place,
              PIECES, "");
      if (is_mac (xm))
        continue;
      in_place = (int)rng_below (2);
      xrun (&xc, hd, 1, iv, ct, len[i], pt, in_place, ONE_CALL, "");
      if (xm->gran && len[i] > xm->gran)
        xrun (&xc, hd, 1, iv, ct, len[i], pt, !in_place, PIECES, "");
    }

  if (xm->mode == BCRY_CIPHER_MODE_CTR)
    for (bits = 8; bits <= 128; bits *= 2)
      ctr_carry (&xc, &ref, hd, bits, pt, ct);

  if (ref.err)
    test_fail ("%s: the reference's block function failed: %s",
               bcry_cipher_algo_name (algo), gpg_strerror (ref.err));
  else if (xc.nfail)
    {
      n_failed++;
      if (xc.nfail > MAX_DETAILS)
        printf ("      (and %u more failures of that kind)\n",
                xc.nfail - MAX_DETAILS);
    }
  else
    n_passed++;

 leave:
  free (pt);
  free (ct);
  bcry_cipher_close (ref.ecb);
  bcry_cipher_close (hd);
}

static void
run_cross_checks (void)
{
  const int *a;
  unsigned int xmi, impl, nimpl;

  for (a = algo_list; *a; a++)
    {
      nimpl = impl_count (*a);
      for (impl = 0; impl < nimpl; impl++)
        for (xmi = 0; xmi < DIMOF (xmodes); xmi++)
          cross_check (*a, xmi, impl, nimpl);
    }
}


/* A handle partway through a message, for the checks that a refused
   call leaves it alone: its key, IV and message, and the ciphertext a
   fresh handle makes of the whole message.  */
#define MSG_LEN 64

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
      {
        if (cts && bad_len[i] > BLOCK)
          continue;
        memset (out, GUARD_BYTE, sizeof out);
        if ((hd = fixture_open (&f)))
          {
            snprintf (what, sizeof what, "encrypt of %zu bytes", bad_len[i]);
            check_refused (&f, hd, bcry_cipher_encrypt (hd, out, bad_len[i],
                                                        f.msg, bad_len[i]),
                           GPG_ERR_INV_LENGTH, out + bad_len[i], what);
          }
        memset (out, GUARD_BYTE, sizeof out);
        if ((hd = fixture_open (&f)))
          {
            snprintf (what, sizeof what, "decrypt of %zu bytes", bad_len[i]);
            check_refused (&f, hd, bcry_cipher_decrypt (hd, out, bad_len[i],
                                                        f.msg, bad_len[i]),
                           GPG_ERR_INV_LENGTH, out + bad_len[i], what);
          }
      }

  /* Output shorter than the input, or for CBC-MAC than a block.  */
  outsize = mac ? BLOCK - 1 : 2 * BLOCK - 1;
  memset (out, GUARD_BYTE, sizeof out);
  if ((hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_encrypt (hd, out, outsize,
                                                f.msg, 2 * BLOCK),
                   GPG_ERR_BUFFER_TOO_SHORT, out + outsize,
                   "encrypt with a short output");
  memset (out, GUARD_BYTE, sizeof out);
  if (!mac && (hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_decrypt (hd, out, outsize,
                                                f.msg, 2 * BLOCK),
                   GPG_ERR_BUFFER_TOO_SHORT, out + outsize,
                   "decrypt with a short output");

  /* NULL buffers with a length.  IN == NULL is not among them: it means
     "in place", as in libgcrypt.  */
  if ((hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_encrypt (hd, NULL, BLOCK,
                                                f.msg, BLOCK),
                   GPG_ERR_INV_ARG, NULL, "encrypt to NULL");
  if ((hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_decrypt (hd, NULL, BLOCK,
                                                f.msg, BLOCK),
                   GPG_ERR_INV_ARG, NULL, "decrypt to NULL");
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
  if (!mac && (hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_encrypt (hd, NULL, 0, NULL, 0),
                   0, NULL, "encrypt of nothing from and to NULL");
  if (!mac && (hd = fixture_open (&f)))
    check_refused (&f, hd, bcry_cipher_decrypt (hd, NULL, 0, NULL, 0),
                   0, NULL, "decrypt of nothing from and to NULL");
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

static void
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
      for (xmi = 0; xmi < DIMOF (xmodes); xmi++)
        bad_calls (*a, xmodes[xmi].mode, xmodes[xmi].flags);
    }
}


static void
api_version (void)
{
  const char *v = bcry_check_version (NULL);

  check (v && !strcmp (v, BULKCRYPT_VERSION),
         "bcry_check_version (NULL) gives \"%s\", the header says \"%s\"",
         v ? v : "(null)", BULKCRYPT_VERSION);
  check (bcry_check_version (BULKCRYPT_VERSION) != NULL,
         "bcry_check_version refuses its own version");
  check (bcry_check_version ("99.0") == NULL,
         "bcry_check_version (\"99.0\") is not NULL");
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

/* setctr and setiv with NULL and length 0 set zeros.  */
static void
api_zero_iv (int algo)
{
  unsigned char key[MAX_KEY], zero[BLOCK] = { 0 };
  unsigned char msg[MSG_LEN], out[MSG_LEN], want[MSG_LEN];
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int ok;

  rng_fill (key, keylen);
  rng_fill (msg, MSG_LEN);

  hd = open_impl (algo, BCRY_CIPHER_MODE_CTR, 0, 0, key, keylen, &rc);
  ok = hd && !bcry_cipher_setctr (hd, msg, BLOCK)
       && !bcry_cipher_setctr (hd, NULL, 0)
       && !bcry_cipher_encrypt (hd, out, MSG_LEN, msg, MSG_LEN);
  bcry_cipher_close (hd);
  ok = ok && fresh_encrypt (algo, BCRY_CIPHER_MODE_CTR, 0, key, zero,
                            want, msg, MSG_LEN);
  check (ok && !memcmp (out, want, MSG_LEN),
         "%s: setctr (NULL, 0) is not the zero counter",
         bcry_cipher_algo_name (algo));

  hd = open_impl (algo, BCRY_CIPHER_MODE_CBC, 0, 0, key, keylen, &rc);
  ok = hd && !bcry_cipher_setiv (hd, msg, BLOCK)
       && !bcry_cipher_setiv (hd, NULL, 0)
       && !bcry_cipher_encrypt (hd, out, MSG_LEN, msg, MSG_LEN);
  bcry_cipher_close (hd);
  ok = ok && fresh_encrypt (algo, BCRY_CIPHER_MODE_CBC, 0, key, zero,
                            want, msg, MSG_LEN);
  check (ok && !memcmp (out, want, MSG_LEN),
         "%s: setiv (NULL, 0) is not the zero IV",
         bcry_cipher_algo_name (algo));
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

/* The implementation's name, both ways of asking.  */
static void
api_impl_name (int algo)
{
  unsigned char key[MAX_KEY] = { 0 };
  size_t keylen = bcry_cipher_get_algo_keylen (algo), n = 0;
  const char *name;
  char buf[256];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  hd = open_impl (algo, BCRY_CIPHER_MODE_CBC, 0, 0, key, keylen, &rc);
  if (!hd)
    {
      test_fail ("%s: open", bcry_cipher_algo_name (algo));
      return;
    }
  name = bcry_cipher_impl_name (hd);
  rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_NAME, NULL, &n));
  check (name && *name && !rc && n == strlen (name) + 1,
         "%s: GET_IMPL_NAME size query: %s, %zu",
         bcry_cipher_algo_name (algo), gpg_strerror (rc), n);
  n = sizeof buf;
  rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_NAME, buf, &n));
  check (name && !rc && !strcmp (buf, name) && n == strlen (name) + 1,
         "%s: GET_IMPL_NAME gives \"%s\", bcry_cipher_impl_name \"%s\"",
         bcry_cipher_algo_name (algo), rc ? "" : buf, name ? name : "");
  n = 1;
  buf[0] = 'x';
  rc = bcry_err_code (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_NAME, buf, &n));
  check (rc == GPG_ERR_BUFFER_TOO_SHORT && buf[0] == 'x',
         "%s: GET_IMPL_NAME into a 1-byte buffer: %s",
         bcry_cipher_algo_name (algo), gpg_strerror (rc));
  bcry_cipher_close (hd);
}

static void
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
    }
}


/* BCRYCTL_DISABLE_HWF before the first handle: the feature leaves the
   list the library uses.  Run in a process of its own (--hwf-control),
   as nothing else may come first.  */
static void
hwf_control (void)
{
  const char *hwf;
  gpg_err_code_t rc;
  bcry_cipher_hd_t hd;
  unsigned char key[MAX_KEY] = { 0 };

  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "no-such-feature", NULL),
            GPG_ERR_INV_NAME, "BCRYCTL_DISABLE_HWF of an unknown name");
  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "avx2", NULL), 0,
            "BCRYCTL_DISABLE_HWF before the first handle");
  hwf = bcry_get_hwf ();
  check (hwf && !strstr (hwf, "avx2"),
         "avx2 still in use after BCRYCTL_DISABLE_HWF: \"%s\"",
         hwf ? hwf : "(null)");
  hd = open_impl (algo_list[0], BCRY_CIPHER_MODE_ECB, 0, 0, key,
                  bcry_cipher_get_algo_keylen (algo_list[0]), &rc);
  check (hd != NULL, "open after BCRYCTL_DISABLE_HWF: %s", gpg_strerror (rc));
  bcry_cipher_close (hd);
  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "sse2", NULL),
            GPG_ERR_INV_STATE, "BCRYCTL_DISABLE_HWF after a handle");
}

/* One feature level: what BULKCRYPT_HWF_DISABLE leaves.  */
static void
one_level (void)
{
  const char *hwf = bcry_get_hwf ();
  const char *deny = getenv ("BULKCRYPT_HWF_DISABLE");
  const int *a;

  printf ("features in use: %s (BULKCRYPT_HWF_DISABLE=%s), --seed %llu\n",
          hwf && *hwf ? hwf : "none", deny ? deny : "",
          (unsigned long long)seed);
  if (verbose)
    for (a = algo_list; *a; a++)
      printf ("  %s: %u implementations\n", bcry_cipher_algo_name (*a),
              impl_count (*a));
  fflush (stdout);

  run_api_checks ();
  run_vectors ();
  run_cross_checks ();
  run_bad_input ();

  /* Handles were opened: the feature set is fixed now.  */
  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "avx2", NULL),
            GPG_ERR_INV_STATE, "BCRYCTL_DISABLE_HWF after handles");
}


/* The order in which features are switched off: widest first, so that
   each level takes away the top path the one before had.  */
static const char *const hwf_order[] =
  {
    "avx512", "gfni", "vpclmul", "vaes", "avx2", "bmi2", "avx", "pclmul",
    "aesni", "sse4.1", "ssse3", "sse2"
  };

static int
hwf_has (const char *list, const char *name)
{
  size_t n = strlen (name);
  const char *p;

  for (p = list; (p = strstr (p, name)); p += n)
    if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n]))
      return 1;
  return 0;
}

/* Run this program again with ARGS and, in its environment, DENY as the
   features to switch off; echo its output, add its counts.  */
static void
run_child (const char *argv0, char **args, const char *deny,
           const char *label)
{
  unsigned int np, nf;
  int have_counts = 0, status, fd[2];
  char line[1024];
  pid_t pid, waited;
  FILE *fp;

  fflush (stdout);
  if (pipe (fd) || (pid = fork ()) < 0)
    {
      test_fail ("%s: cannot start: %s", label, strerror (errno));
      return;
    }
  if (!pid)
    {
      close (fd[0]);
      dup2 (fd[1], STDOUT_FILENO);
      close (fd[1]);
      if (deny)
        setenv ("BULKCRYPT_HWF_DISABLE", deny, 1);
      else
        unsetenv ("BULKCRYPT_HWF_DISABLE");
      /* Under libtool the program is a wrapper script; the binary it
         runs is this one, with the library path already set.  */
      execv ("/proc/self/exe", args);
      execv (argv0, args);
      _exit (127);
    }
  close (fd[1]);
  fp = fdopen (fd[0], "r");
  while (fp && fgets (line, sizeof line, fp))
    {
      char tail;

      if (sscanf (line, "%u passed, %u failed%c", &np, &nf, &tail) == 3
          && tail == '\n')
        have_counts = 1;
      else
        fputs (line, stdout);
    }
  if (fp)
    fclose (fp);
  else
    close (fd[0]);
  while ((waited = waitpid (pid, &status, 0)) < 0 && errno == EINTR)
    ;
  if (waited < 0)
    {
      test_fail ("%s: waitpid: %s", label, strerror (errno));
      return;
    }
  if (!have_counts || !WIFEXITED (status))
    {
      test_fail ("%s: no result (%s %d)", label,
                 WIFSIGNALED (status) ? "signal" : "exit status",
                 WIFSIGNALED (status) ? WTERMSIG (status)
                 : WEXITSTATUS (status));
      return;
    }
  printf ("%s: %u passed, %u failed\n", label, np, nf);
  fflush (stdout);
  n_passed += np;
  n_failed += nf;
}

static void
all_levels (const char *argv0)
{
  char *names, *tok, *save, seedbuf[32], deny[256] = "", label[320];
  char *args[8];
  const char *hwf = bcry_get_hwf ();
  const char *order[64];
  size_t norder = 0, i, nargs = 0;

  snprintf (seedbuf, sizeof seedbuf, "%llu", (unsigned long long)seed);
  args[nargs++] = (char *)argv0;
  args[nargs++] = (char *)"--one-level";
  args[nargs++] = (char *)"--seed";
  args[nargs++] = seedbuf;
  if (verbose)
    args[nargs++] = (char *)"--verbose";
  if (quick)
    args[nargs++] = (char *)"--quick";
  args[nargs] = NULL;

  /* The features of this machine in hwf_order, then any the library
     names that the order does not know.  */
  names = strdup (hwf ? hwf : "");
  for (i = 0; i < DIMOF (hwf_order); i++)
    if (hwf_has (names, hwf_order[i]))
      order[norder++] = hwf_order[i];
  for (tok = strtok_r (names, ",", &save); tok && norder < DIMOF (order);
       tok = strtok_r (NULL, ",", &save))
    {
      for (i = 0; i < DIMOF (hwf_order); i++)
        if (!strcmp (tok, hwf_order[i]))
          break;
      if (i == DIMOF (hwf_order))
        order[norder++] = tok;
    }

  printf ("feature levels: %zu, --seed %llu\n", norder + 1 + !!norder,
          (unsigned long long)seed);
  run_child (argv0, args, NULL, "level 0 (all features)");
  for (i = 0; i < norder; i++)
    {
      snprintf (deny + strlen (deny), sizeof deny - strlen (deny), "%s%s",
                i ? "," : "", order[i]);
      snprintf (label, sizeof label, "level %zu (without %s)", i + 1, deny);
      run_child (argv0, args, deny, label);
    }
  if (norder)
    run_child (argv0, args, "all", "last level (without all)");

  args[1] = (char *)"--hwf-control";
  run_child (argv0, args, NULL, "BCRYCTL_DISABLE_HWF");
  free (names);
}


static void
usage (const char *argv0)
{
  fprintf (stderr, "usage: %s [--verbose] [--quick] [--seed N] "
           "[--one-level]\n", argv0);
  exit (2);
}

int
main (int argc, char **argv)
{
  int i, level_only = 0, hwf_only = 0, seed_given = 0;
  char *end;

  for (i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--verbose"))
        verbose = 1;
      else if (!strcmp (argv[i], "--quick"))
        quick = 1;
      else if (!strcmp (argv[i], "--one-level"))
        level_only = 1;
      else if (!strcmp (argv[i], "--hwf-control"))
        hwf_only = 1;
      else if (!strcmp (argv[i], "--seed") && i + 1 < argc)
        {
          errno = 0;
          seed = strtoull (argv[++i], &end, 0);
          if (errno || *end)
            usage (argv[0]);
          seed_given = 1;
        }
      else
        usage (argv[0]);
    }
  if (!seed_given)
    seed = (uint64_t)time (NULL) << 20 ^ (uint64_t)getpid ();

  if (hwf_only)
    hwf_control ();
  else if (level_only)
    one_level ();
  else
    all_levels (argv[0]);

  printf ("%u passed, %u failed\n", n_passed, n_failed);
  return n_failed ? 1 : 0;
}
