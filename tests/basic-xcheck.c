/* basic-xcheck.c - tests/basic: random cross-checks of every implementation
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each implementation of each algorithm, in each mode, against a
 * reference written out here from the definitions of the modes (NIST
 * SP 800-38A; RFC 3962 for CBC with ciphertext stealing) on top of the
 * portable C block function: random messages of every block count up to
 * 64 and some long ones, with partial blocks where the mode takes them,
 * in one call and split into random pieces, in place and not, at buffer
 * offsets 0 to 3, with guard bytes after the output, the vector
 * registers clobbered before each call, and CTR counters just below a
 * carry.  A failure prints what replays it, --seed included.
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "basic.h"

/* The longest message of the cross-checks.  */
#define LARGE 65536

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


const struct xmode xmodes[] =
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

const size_t n_xmodes = DIMOF (xmodes);

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

/* The message lengths of one cross-check: every block count up to 64
   and a selection up to 300,
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
  else
    /* Up to 300 blocks, so that a 64-block kernel gets several full runs
       in one call: the counts next to each multiple of 64, and some in
       between.  */
    for (k = kmax + 1; k <= 300; k++)
      if (k % 64 <= 1 || k % 64 == 63 || k % 29 == 0 || k == 300)
        len[n++] = k * BLOCK;
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

      clobber_vector_regs ();
      rc = bcry_err_code (decrypt
                          ? bcry_cipher_decrypt (hd, o, osize,
                                                 in + off, chunk[i])
                          : bcry_cipher_encrypt (hd, o, osize,
                                                 in + off, chunk[i]));
      off += chunk[i];
    }
  return rc;
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
   keystream of that block shows the counter the call left behind.  Half
   of them start up to 140 blocks below, so that the carry also falls
   beyond the first 64 blocks of a run (the staged path's buffer) and
   deep in a kernel that takes whole runs.  */
static void
ctr_carry (struct xcase *xc, struct ref *ref, bcry_cipher_hd_t hd,
           unsigned int bits, unsigned char *buf, unsigned char *want)
{
  unsigned char ctr[BLOCK];
  char what[48];
  int in_place = (int)rng_below (2);
  size_t below = 1 + rng_below (rng_below (2) ? 20 : 140);
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
  static size_t len[4 * 64 + 64];
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
  else
    {
      if (xc.nfail > MAX_DETAILS)
        printf ("      (and %u more failures of that kind)\n",
                xc.nfail - MAX_DETAILS);
      test_count (!xc.nfail);
    }

 leave:
  free (pt);
  free (ct);
  bcry_cipher_close (ref.ecb);
  bcry_cipher_close (hd);
}

void
run_cross_checks (void)
{
  const int *a;
  unsigned int xmi, impl, nimpl;

  for (a = algo_list; *a; a++)
    {
      nimpl = impl_count (*a);
      for (impl = 0; impl < nimpl; impl++)
        for (xmi = 0; xmi < n_xmodes; xmi++)
          cross_check (*a, xmi, impl, nimpl);
    }
}
