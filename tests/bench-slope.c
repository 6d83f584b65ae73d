/* bench-slope.c - cipher throughput by the slope method
 * Copyright (C) 2026 The bulkcrypt authors
 *
 * This file is part of bulkcrypt.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reports nanoseconds per byte for every algorithm and mode in the
 * layout of libgcrypt's tests/bench-slope, so that the two reports read
 * side by side; with --vs-libgcrypt it measures libgcrypt in the same
 * run.  Each figure is the slope of a least-squares line through the
 * time one call takes on buffers of 16, 80, ..., 4112 bytes (the method
 * of libgcrypt's bench-slope by Jussi Kivilinna): per-call costs such as
 * IV set-up and tag finalisation land in the intercept, and the slope is
 * the cost of one more byte in a long message.  The "setkey" rows are
 * not slopes but the time of one bcry_cipher_setkey call.
 */

#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#ifdef __linux__
# include <fcntl.h>
# include <unistd.h>
#endif

#include "bulkcrypt.h"
#include "cli.h"
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif

#define STR(v) #v
#define STR2(v) STR (v)

/* Buffer sizes: BUF_START_SIZE + k * BUF_STEP_SIZE for k < NUM_STEPS.
   Sixteen bytes is one block of every algorithm we have; up to about
   4 KiB the figures compare with those of SUPERCOP and libgcrypt.  */
#define BUF_START_SIZE 16
#define BUF_STEP_SIZE 64
#define NUM_STEPS 65
#define BUF_MAX_SIZE (BUF_START_SIZE + (NUM_STEPS - 1) * BUF_STEP_SIZE)

/* Timings per buffer size; the median is the data point.  */
#define DEFAULT_REPETITIONS 64

/* Calls are repeated in one timed interval until the shortest buffer
   takes this long, so that the clock's own cost and granularity (tens
   of nanoseconds) stay small against what is measured.  */
#define MIN_INTERVAL_NS 1000.0

/* Largest key: a double-length key for XTS or SIV with a 256-bit
   cipher.  */
#define MAX_KEY_LEN 64

/* The setkey rows time intervals of at least this long, each of as
   many setkey calls as that takes, SETKEY_INTERVALS times the
   repetitions of it.  Ten microseconds keep the clock's cost below a
   few thousandths of the figure.  */
#define SETKEY_INTERVAL_NS 10000.0
#define SETKEY_INTERVALS 16

/* The message lengths of --small-messages: a block, a few blocks, a
   TLS record fragment, the smallest datagram every IPv4 host takes, an
   Ethernet frame's payload and a page.  */
static const size_t small_lengths[] = { 16, 64, 256, 576, 1500, 4096 };

/* The associated data of each such message, about a record or packet
   header.  */
#define SMALL_AAD_LEN 16

static struct
{
  int csv;
  int compare;                  /* --vs-libgcrypt */
  int fastest;                  /* --fastest */
  unsigned int repetitions;
  double cpu_ghz;               /* 0 when no --cpu-mhz.  */
  int auto_mhz;                 /* --cpu-mhz auto: clock around each row */
  int small;                    /* --small-messages */
  int count;                    /* --count-insns */
} opt = { 0, 0, 0, DEFAULT_REPETITIONS, 0.0, 0, 0, 0 };

static unsigned char *bench_buf;
static double *samples;

/* Entries the next setkey skips (BCRYCTL_SKIP_IMPLS), for
   --count-insns.  */
static unsigned int skip_impls;


/**************************************************** Library adapters. */

/* The calls the benchmark makes, with the handle as void *.  Both
   libraries take the same ids, control commands and arguments, so one
   set of benchmark loops drives either.  */
struct cipher_api
{
  const char *name;
  gpg_error_t (*open) (void **hd, int algo, int mode);
  void (*close) (void *hd);
  gpg_error_t (*setkey) (void *hd, const void *key, size_t len);
  gpg_error_t (*setiv) (void *hd, const void *iv, size_t len);
  gpg_error_t (*ctl) (void *hd, int cmd, void *buf, size_t len);
  gpg_error_t (*encrypt) (void *hd, void *out, size_t outlen,
                          const void *in, size_t inlen);
  gpg_error_t (*decrypt) (void *hd, void *out, size_t outlen,
                          const void *in, size_t inlen);
  gpg_error_t (*authenticate) (void *hd, const void *buf, size_t len);
  gpg_error_t (*gettag) (void *hd, void *tag, size_t len);
  gpg_error_t (*checktag) (void *hd, const void *tag, size_t len);
};

/* Define P_api for the library whose calls are named P_cipher_*.  The
   wrappers only convert the handle type: calling the library functions
   through cast pointers would be undefined behaviour.  */
#define DEFINE_CIPHER_API(P, NAME)                                        \
  static gpg_error_t P##_open_ (void **hd, int algo, int mode)            \
  {                                                                       \
    P##_cipher_hd_t h = NULL;                                             \
    gpg_error_t err = P##_cipher_open (&h, algo, mode, 0);                \
    *hd = h;                                                              \
    return err;                                                           \
  }                                                                       \
  static void P##_close_ (void *hd)                                       \
  { P##_cipher_close (hd); }                                              \
  static gpg_error_t P##_setkey_ (void *hd, const void *p, size_t n)      \
  { return P##_cipher_setkey (hd, p, n); }                                \
  static gpg_error_t P##_setiv_ (void *hd, const void *p, size_t n)       \
  { return P##_cipher_setiv (hd, p, n); }                                 \
  static gpg_error_t P##_ctl_ (void *hd, int cmd, void *p, size_t n)      \
  { return P##_cipher_ctl (hd, cmd, p, n); }                              \
  static gpg_error_t P##_encrypt_ (void *hd, void *out, size_t outlen,    \
                                   const void *in, size_t inlen)          \
  { return P##_cipher_encrypt (hd, out, outlen, in, inlen); }             \
  static gpg_error_t P##_decrypt_ (void *hd, void *out, size_t outlen,    \
                                   const void *in, size_t inlen)          \
  { return P##_cipher_decrypt (hd, out, outlen, in, inlen); }             \
  static gpg_error_t P##_authenticate_ (void *hd, const void *p, size_t n)\
  { return P##_cipher_authenticate (hd, p, n); }                          \
  static gpg_error_t P##_gettag_ (void *hd, void *p, size_t n)            \
  { return P##_cipher_gettag (hd, p, n); }                                \
  static gpg_error_t P##_checktag_ (void *hd, const void *p, size_t n)    \
  { return P##_cipher_checktag (hd, p, n); }                              \
  static const struct cipher_api P##_api =                                \
    {                                                                     \
      NAME, P##_open_, P##_close_, P##_setkey_, P##_setiv_, P##_ctl_,     \
      P##_encrypt_, P##_decrypt_, P##_authenticate_, P##_gettag_,         \
      P##_checktag_                                                       \
    }

DEFINE_CIPHER_API (bcry, "bulkcrypt");

#ifdef HAVE_LIBGCRYPT
DEFINE_CIPHER_API (gcry, "libgcrypt");

/* The benchmark passes our numbers to libgcrypt.  */
#define SAME_ID(x) ((int) BCRY##x == (int) GCRY##x)
_Static_assert (SAME_ID (CTL_RESET) && SAME_ID (CTL_FINALIZE)
                && SAME_ID (CTL_SET_CCM_LENGTHS)
                && SAME_ID (CTL_SET_DECRYPTION_TAG),
                "control commands differ from libgcrypt's");
_Static_assert (SAME_ID (_CIPHER_MODE_ECB) && SAME_ID (_CIPHER_MODE_CBC)
                && SAME_ID (_CIPHER_MODE_CFB) && SAME_ID (_CIPHER_MODE_OFB)
                && SAME_ID (_CIPHER_MODE_CTR) && SAME_ID (_CIPHER_MODE_XTS)
                && SAME_ID (_CIPHER_MODE_CCM) && SAME_ID (_CIPHER_MODE_EAX)
                && SAME_ID (_CIPHER_MODE_GCM) && SAME_ID (_CIPHER_MODE_OCB)
                && SAME_ID (_CIPHER_MODE_SIV)
                && SAME_ID (_CIPHER_MODE_GCM_SIV),
                "mode ids differ from libgcrypt's");
#endif

static void
check (const struct cipher_api *api, gpg_error_t err, const char *what)
{
  if (err)
    cli_die ("%s: %s failed: %s", api->name, what, gpg_strerror (err));
}

/* The benchmark authenticates with a made-up tag, so a mismatch is the
   expected outcome of a decryption.  */
static void
check_tag (const struct cipher_api *api, gpg_error_t err, const char *what)
{
  if (gpg_err_code (err) != GPG_ERR_CHECKSUM)
    check (api, err, what);
}


/****************************************************** The cipher rows. */

/* OP_MSG: a whole message of --small-messages, from its IV to its
   tag.  */
enum op { OP_ENC, OP_DEC, OP_AUTH, OP_SETKEY, OP_MSG };

static const char *const op_names[] =
  { "enc", "dec", "auth", "setkey", "msg" };

struct mode_info
{
  int mode;
  const char *name;
  unsigned int keymul;          /* Key length in cipher key lengths.  */
  unsigned int noncelen;        /* Zero: no IV set per message.  */
  unsigned int taglen;          /* Zero: not an AEAD mode.  */
};

/* libgcrypt's order, so that its reports and ours line up.  */
static const struct mode_info modes[] =
  {
    { BCRY_CIPHER_MODE_ECB, "ECB", 1, 0, 0 },
    { BCRY_CIPHER_MODE_CBC, "CBC", 1, 0, 0 },
    { BCRY_CIPHER_MODE_CFB, "CFB", 1, 0, 0 },
    { BCRY_CIPHER_MODE_OFB, "OFB", 1, 0, 0 },
    { BCRY_CIPHER_MODE_CTR, "CTR", 1, 0, 0 },
    { BCRY_CIPHER_MODE_XTS, "XTS", 2, 0, 0 },
    { BCRY_CIPHER_MODE_CCM, "CCM", 1, 11, 8 },
    { BCRY_CIPHER_MODE_EAX, "EAX", 1, 16, 16 },
    { BCRY_CIPHER_MODE_GCM, "GCM", 1, 12, 16 },
    { BCRY_CIPHER_MODE_OCB, "OCB", 1, 15, 16 },
    { BCRY_CIPHER_MODE_SIV, "SIV", 2, 0, 16 },
    { BCRY_CIPHER_MODE_GCM_SIV, "GCM-SIV", 1, 12, 16 }
  };

#define NMODES (sizeof modes / sizeof modes[0])

/* What one timed call works on.  */
struct row_ctx
{
  const struct cipher_api *api;
  void *hd;
  const struct mode_info *mi;
  enum op op;
  size_t ivlen;                 /* OP_MSG of a mode without a nonce.  */
};

static int
is_siv (const struct mode_info *mi)
{
  return mi->mode == BCRY_CIPHER_MODE_SIV
         || mi->mode == BCRY_CIPHER_MODE_GCM_SIV;
}

static void
crypt_in_place (const struct cipher_api *api, void *hd, int encrypt,
                void *buf, size_t len)
{
  if (encrypt)
    check (api, api->encrypt (hd, buf, len, buf, len), "encrypt");
  else
    check_tag (api, api->decrypt (hd, buf, len, buf, len), "decrypt");
}

/* CCM must know every length before the first byte.  */
static void
set_ccm_lengths (const struct cipher_api *api, void *hd, size_t datalen,
                 size_t aadlen, size_t taglen)
{
  uint64_t params[3];

  params[0] = datalen;
  params[1] = aadlen;
  params[2] = taglen;
  check (api, api->ctl (hd, BCRYCTL_SET_CCM_LENGTHS, params, sizeof params),
         "SET_CCM_LENGTHS");
}

/* One message of LEN bytes; for "auth" rows LEN bytes of associated
   data with a one-byte message, so that the slope is the cost of
   authentication alone.  */
static void
run_row (struct row_ctx *ctx, unsigned char *buf, size_t len)
{
  static const unsigned char nonce[16] =
    { 0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad,
      0xde, 0xca, 0xf8, 0x88, 0x00, 0x00, 0x01, 0x00 };
  const struct cipher_api *api = ctx->api;
  const struct mode_info *mi = ctx->mi;
  unsigned char tag[16] = { 0 };
  unsigned char byte = 0xff;
  void *data = buf;
  size_t datalen = len, aadlen = 0;

  /* A message of --small-messages is what a caller sending many does
     on one handle: setiv starts a message, so there is no reset but
     in SIV, which has no nonce, and GCM-SIV, whose setiv libgcrypt
     refuses after a tag; the associated data comes from past the
     message.  */
  if (ctx->op == OP_MSG)
    {
      if (!mi->taglen)
        {
          if (ctx->ivlen)
            check (api, api->setiv (ctx->hd, nonce, ctx->ivlen), "setiv");
          crypt_in_place (api, ctx->hd, 1, buf, len);
          return;
        }
      if (is_siv (mi))
        check (api, api->ctl (ctx->hd, BCRYCTL_RESET, NULL, 0), "reset");
    }
  else
    check (api, api->ctl (ctx->hd, BCRYCTL_RESET, NULL, 0), "reset");
  if (!mi->taglen)
    {
      crypt_in_place (api, ctx->hd, ctx->op == OP_ENC, buf, len);
      return;
    }

  if (ctx->op == OP_AUTH)
    {
      aadlen = len;
      data = &byte;
      datalen = 1;
    }
  if (ctx->op == OP_MSG)
    aadlen = SMALL_AAD_LEN;
  if (ctx->op == OP_DEC && is_siv (mi))
    check (api, api->ctl (ctx->hd, BCRYCTL_SET_DECRYPTION_TAG, tag,
                          mi->taglen), "SET_DECRYPTION_TAG");
  if (mi->noncelen)
    check (api, api->setiv (ctx->hd, nonce, mi->noncelen), "setiv");
  if (mi->mode == BCRY_CIPHER_MODE_CCM)
    set_ccm_lengths (api, ctx->hd, datalen, aadlen, mi->taglen);
  if (aadlen)
    check (api, api->authenticate (ctx->hd, ctx->op == OP_MSG ? buf + len
                                   : buf, aadlen), "authenticate");
  /* CCM knows where the message ends from its lengths; the other modes
     are told so that they may take the last partial block.  */
  if (mi->mode != BCRY_CIPHER_MODE_CCM)
    check (api, api->ctl (ctx->hd, BCRYCTL_FINALIZE, NULL, 0), "finalize");

  crypt_in_place (api, ctx->hd, ctx->op != OP_DEC, data, datalen);
  if (ctx->op == OP_DEC)
    check_tag (api, api->checktag (ctx->hd, tag, mi->taglen), "checktag");
  else
    check (api, api->gettag (ctx->hd, tag, mi->taglen), "gettag");
}

/* The benchmark's key for ALGO in a mode taking KEYMUL cipher keys,
   in KEY; VARIANT 1 gives a second key, unlike the first in every
   byte.  Returns its length.  */
static size_t
make_key (unsigned char *key, int algo, unsigned int keymul, int variant)
{
  size_t keylen = bcry_cipher_get_algo_keylen (algo) * keymul;
  size_t i;

  if (!keylen || keylen > MAX_KEY_LEN)
    cli_die ("no usable key length for %s", bcry_cipher_algo_name (algo));
  for (i = 0; i < keylen; i++)
    key[i] = (unsigned char) ((0x33 ^ (i * 7 + 11)) ^ (variant ? 0xa5 : 0));
  return keylen;
}

static void
set_key (const struct cipher_api *api, void *hd, int algo,
         unsigned int keymul)
{
  unsigned char key[MAX_KEY_LEN];
  size_t keylen = make_key (key, algo, keymul, 0);

  if (skip_impls && api == &bcry_api)
    check (api, api->ctl (hd, BCRYCTL_SKIP_IMPLS, NULL, skip_impls),
           "SKIP_IMPLS");
  check (api, api->setkey (hd, key, keylen), "setkey");
}

/* Whether API offers ALGO in MODE.  */
static int
has_mode (const struct cipher_api *api, int algo, int mode)
{
  void *hd;
  gpg_error_t err = api->open (&hd, algo, mode);

  if (gpg_err_code (err) == GPG_ERR_INV_CIPHER_MODE
      || gpg_err_code (err) == GPG_ERR_CIPHER_ALGO)
    return 0;
  check (api, err, "open");
  api->close (hd);
  return 1;
}

/* GCM-SIV (RFC 8452) is defined for 128 and 256-bit keys only; the
   other limits (16-byte blocks) the libraries report themselves.  */
static int
row_applies (int algo, const struct mode_info *mi)
{
  size_t keylen = bcry_cipher_get_algo_keylen (algo);

  return mi->mode != BCRY_CIPHER_MODE_GCM_SIV || keylen == 16 || keylen == 32;
}


/************************************************************ The slope. */

static uint64_t
now_ns (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_MONOTONIC, &ts))
    cli_die ("clock_gettime failed");
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The median of the first N samples, or with --fastest the minimum.  */
static double
pick_sample (unsigned int n)
{
  unsigned int m = n / 2;

  qsort (samples, n, sizeof *samples, cmp_double);
  if (opt.fastest)
    return samples[0];
  return n % 2 ? samples[m] : (samples[m - 1] + samples[m]) / 2;
}

/* The median over the repetitions of the time LOOPS messages of LEN
   bytes take.  The median rather than the mean, so that an interrupt or
   a migration spoils one interval and not the point; with --fastest the
   minimum, for a core shared with other work, which can only make an
   interval longer.  */
static double
median_interval (struct row_ctx *ctx, size_t len, unsigned int loops)
{
  unsigned int reps = opt.repetitions;
  unsigned int r, i;

  for (r = 0; r < reps; r++)
    {
      uint64_t start = now_ns ();

      for (i = 0; i < loops; i++)
        run_row (ctx, bench_buf, len);
      samples[r] = (double) (now_ns () - start);
    }
  return pick_sample (reps);
}

/* How many messages of the shortest length fill MIN_INTERVAL_NS.  */
static unsigned int
calibrate_loops (struct row_ctx *ctx)
{
  unsigned int loops = 1;
  double t;

  while ((t = median_interval (ctx, BUF_START_SIZE, loops))
         < MIN_INTERVAL_NS)
    {
      /* Scale towards the target, at most tenfold a step: a coarse clock
         may read zero for short intervals.  */
      double scale = t > 0 ? 1.2 * MIN_INTERVAL_NS / t : 10.0;

      loops = (unsigned int) (loops * (scale < 10.0 ? scale : 10.0)) + 1;
    }
  return loops;
}

/* The least-squares slope of Y over X, computed about the means to keep
   the sums small.  */
static double
fit_slope (const double *x, const double *y, unsigned int n)
{
  double xm = 0, ym = 0, sxy = 0, sxx = 0;
  unsigned int i;

  for (i = 0; i < n; i++)
    {
      xm += x[i];
      ym += y[i];
    }
  xm /= n;
  ym /= n;
  for (i = 0; i < n; i++)
    {
      sxy += (x[i] - xm) * (y[i] - ym);
      sxx += (x[i] - xm) * (x[i] - xm);
    }
  return sxy / sxx;
}

/* Nanoseconds per byte that a message costs on top of its fixed cost.
   A noisy run can give a slope of zero or less; that is measured again,
   as a handful of times is enough for any machine not swapping.  */
static double
slope_ns (struct row_ctx *ctx)
{
  double x[NUM_STEPS], y[NUM_STEPS], slope;
  unsigned int tries = 0, loops, k;

  do
    {
      loops = calibrate_loops (ctx);
      for (k = 0; k < NUM_STEPS; k++)
        {
          x[k] = BUF_START_SIZE + k * BUF_STEP_SIZE;
          y[k] = median_interval (ctx, (size_t) x[k], loops) / loops;
        }
      slope = fit_slope (x, y, NUM_STEPS);
    }
  while (slope <= 0 && ++tries < 5);

  if (slope <= 0)
    cli_die ("no usable measurement: is the machine overloaded?");
  return slope;
}

/* The median over SETKEY_INTERVALS times the repetitions (with
   --fastest the minimum) of the time one setkey call takes, on one
   handle of ALGO in mode MI, the calls alternating between two keys so
   that no library can find the key it already has.  A mode's own key
   set-up (GCM's hash key and its tables) counts, as in a caller's
   rekeying.  */
static double
setkey_ns (const struct cipher_api *api, int algo,
           const struct mode_info *mi)
{
  unsigned char keys[2][MAX_KEY_LEN];
  unsigned int reps = opt.repetitions * SETKEY_INTERVALS;
  unsigned int loops = 1, r, i;
  size_t keylen;
  void *hd;
  double t, scale;

  keylen = make_key (keys[0], algo, mi->keymul, 0);
  make_key (keys[1], algo, mi->keymul, 1);
  check (api, api->open (&hd, algo, mi->mode), "open");

  /* Grow LOOPS until an interval of them fills SETKEY_INTERVAL_NS, as
     calibrate_loops does; that also warms the caches.  The first
     setkey of a handle, which may take longer than the interval, is
     left out, as in message_ns.  */
  check (api, api->setkey (hd, keys[1], keylen), "setkey");
  for (;;)
    {
      uint64_t start = now_ns ();

      for (i = 0; i < loops; i++)
        check (api, api->setkey (hd, keys[i & 1], keylen), "setkey");
      t = (double) (now_ns () - start);
      if (t >= SETKEY_INTERVAL_NS)
        break;
      scale = t > 0 ? 1.2 * SETKEY_INTERVAL_NS / t : 10.0;
      loops = (unsigned int) (loops * (scale < 10.0 ? scale : 10.0)) + 1;
    }

  for (r = 0; r < reps; r++)
    {
      uint64_t start = now_ns ();

      for (i = 0; i < loops; i++)
        check (api, api->setkey (hd, keys[i & 1], keylen), "setkey");
      samples[r] = (double) (now_ns () - start) / loops;
    }
  api->close (hd);
  return pick_sample (reps);
}

/* The median over SETKEY_INTERVALS times the repetitions (with
   --fastest the minimum) of the time one message of LEN bytes takes in
   CTX, timed as setkey_ns times a key: intervals of SETKEY_INTERVAL_NS,
   as a message of a few blocks takes about as long as a setkey.  */
static double
message_ns (struct row_ctx *ctx, size_t len)
{
  unsigned int reps = opt.repetitions * SETKEY_INTERVALS;
  unsigned int loops = 1, r, i;
  double t, scale;

  /* The first message of a handle can take longer than the interval
     (its pages, the tables a key fills on first use), which would end
     the calibration at one message per interval: every sample would
     then time one message and the clock's own cost with it.  */
  run_row (ctx, bench_buf, len);
  for (;;)
    {
      uint64_t start = now_ns ();

      for (i = 0; i < loops; i++)
        run_row (ctx, bench_buf, len);
      t = (double) (now_ns () - start);
      if (t >= SETKEY_INTERVAL_NS)
        break;
      scale = t > 0 ? 1.2 * SETKEY_INTERVAL_NS / t : 10.0;
      loops = (unsigned int) (loops * (scale < 10.0 ? scale : 10.0)) + 1;
    }

  for (r = 0; r < reps; r++)
    {
      uint64_t start = now_ns ();

      for (i = 0; i < loops; i++)
        run_row (ctx, bench_buf, len);
      samples[r] = (double) (now_ns () - start) / loops;
    }
  return pick_sample (reps);
}

/* ECB and CBC without stealing take whole blocks only.  */
static int
takes_length (int algo, const struct mode_info *mi, size_t len)
{
  if (mi->mode != BCRY_CIPHER_MODE_ECB && mi->mode != BCRY_CIPHER_MODE_CBC)
    return 1;
  return len % bcry_cipher_get_algo_blklen (algo) == 0;
}

/* The slope of one row with API, in ns/byte; for a setkey row the time
   of one setkey, in ns; for OP_MSG the time of one message of
   MSGLEN bytes, in ns.  */
static double
measure_row (const struct cipher_api *api, int algo,
             const struct mode_info *mi, enum op op, size_t msglen)
{
  struct row_ctx ctx = { api, NULL, mi, op, 0 };
  double ns;

  if (op == OP_SETKEY)
    return setkey_ns (api, algo, mi);
  /* Every mode but ECB has an IV of one block, or a nonce.  */
  if (mi->mode != BCRY_CIPHER_MODE_ECB && !mi->taglen)
    ctx.ivlen = bcry_cipher_get_algo_blklen (algo);
  check (api, api->open (&ctx.hd, algo, mi->mode), "open");
  set_key (api, ctx.hd, algo, mi->keymul);
  ns = op == OP_MSG ? message_ns (&ctx, msglen) : slope_ns (&ctx);
  api->close (ctx.hd);
  return ns;
}


/********************************************** CPU clock estimation. */

/* Dependent additions per loop iteration; each waits for the one
   before, so an iteration takes this many cycles on any core however
   wide.  */
#define CHAIN_ADDS 32

/* Iterations in the shorter of the two timed chains (about 10 us), and
   how often each is timed.  */
#define CHAIN_ITERATIONS 1000
#define CHAIN_TRIES 300

static unsigned long chain_sink;

static void
add_chain (unsigned long iterations)
{
  unsigned long x = chain_sink;

#if defined(__x86_64__) && defined(__GNUC__)
  unsigned long one = 1;

  /* The counter's decrement and branch run beside the chain on other
     ports, so the loop costs exactly the chain.  The addend is a
     register, not an immediate: Intel cores from Golden Cove on fold
     chains of immediate additions at rename and retire several a
     cycle, which read as a 20 GHz clock.  */
  __asm__ __volatile__ ("1:\n\t"
                        ".rept " STR2 (CHAIN_ADDS) "\n\t"
                        "addq %2, %0\n\t"
                        ".endr\n\t"
                        "subq $1, %1\n\t"
                        "jnz 1b"
                        : "+r" (x), "+r" (iterations) : "r" (one) : "cc");
#elif defined(__GNUC__)
  /* The empty statement tells the compiler X may have changed, so it
     can neither fold the additions nor keep X anywhere but a register.  */
  for (; iterations; iterations--)
    {
      unsigned int i;

      for (i = 0; i < CHAIN_ADDS; i++)
        {
          x += 1;
          __asm__ ("" : "+r" (x));
        }
    }
#else
# error "--cpu-mhz auto needs GNU C inline assembly"
#endif
  chain_sink = x;
}

/* The core clock in GHz, from the difference between a chain and one
   twice as long, which cancels the cost of reading the clock.  Each is
   the fastest of many timings: other work on the core can only make a
   chain slower, and, unlike a cipher, the chain has no other source of
   variation.  The TSC is of no use here: on many machines it ticks at a
   fixed rate unrelated to the core's.  */
static double
estimate_cpu_ghz (void)
{
  double best_short = 1e300, best_long = 1e300;
  int i;

  add_chain (100 * CHAIN_ITERATIONS);   /* Let the clock ramp up.  */
  for (i = 0; i < CHAIN_TRIES; i++)
    {
      uint64_t t0 = now_ns (), t1, t2;

      add_chain (CHAIN_ITERATIONS);
      t1 = now_ns ();
      add_chain (2 * CHAIN_ITERATIONS);
      t2 = now_ns ();
      if (t1 - t0 < best_short)
        best_short = t1 - t0;
      if (t2 - t1 < best_long)
        best_long = t2 - t1;
    }
  if (best_long <= best_short)
    cli_die ("cannot estimate the CPU clock");
  return (double) CHAIN_ADDS * CHAIN_ITERATIONS / (best_long - best_short);
}


/************************************************************ Printing. */

/* Three significant digits or so, as libgcrypt prints them.  */
static void
format_num (char *out, size_t outlen, double v)
{
  int prec = v < 1.0 ? 3 : v < 100.0 ? 2 : v < 1000.0 ? 1 : 0;

  snprintf (out, outlen, "%.*f", prec, v);
}

/* Lines about the run as a whole; with --csv on stderr, so that
   stdout holds nothing but rows.  */
static void
print_note (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

static void
print_note (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  vfprintf (opt.csv ? stderr : stdout, fmt, ap);
  va_end (ap);
}

static void
print_header (const char *algo_name)
{
  if (opt.csv)
    return;
  if (opt.small)
    printf (" %-14s | %14s %15s", algo_name, "nanosecs/msg", "");
  else
    printf (" %-14s | %14s %15s", algo_name, "nanosecs/byte",
            "mebibytes/sec");
  if (opt.cpu_ghz > 0)
    printf (" %13s", opt.small ? "cycles/msg" : "cycles/byte");
  if (opt.compare)
    printf (" %14s %7s", opt.small ? "gcrypt ns" : "gcrypt ns/B", "ratio");
  if (opt.auto_mhz)
    printf (" %9s", "auto Mhz");
  putchar ('\n');
}

static void
print_implementation (int algo)
{
  const struct cipher_api *api = &bcry_api;
  void *hd;
  const char *name;

  if (opt.csv)
    return;
  check (api, api->open (&hd, algo, BCRY_CIPHER_MODE_ECB), "open");
  set_key (api, hd, algo, 1);
  name = bcry_cipher_impl_name (hd);
  printf ("   implementation: %s\n", name ? name : "(unknown)");
  api->close (hd);
}

/* Shown before the row is measured, so that a slow row shows progress.  */
static void
print_label (const char *label)
{
  if (opt.csv)
    return;
  printf (" %14s | ", label);
  fflush (stdout);
}

/* The first line of --csv output: a name for each field of
   print_figures' rows, which --help explains.  */
static void
print_csv_header (void)
{
  printf ("section,algorithm,mode,reserved,reserved,"
          "ns/B,unit,MiB/s,unit,c/B,unit,Mhz,unit,Mhz-diff,unit,"
          "gcrypt ns/B,unit,ratio,unit\n");
}

/* NS is our figure, GNS libgcrypt's or negative if it has none, GHZ
   the clock our row ran at (0 when unknown) and DRIFT how much it
   moved during the row, relative (with --cpu-mhz auto).  PER_CALL: the
   figures are per setkey call, not per byte, and there is no MiB/s.  */
static void
print_figures (const char *algo_name, const char *label, double ns,
               double gns, double ghz, double drift, int per_call)
{
  char ns_s[16], mib_s[16] = "", cyc_s[16] = "", gns_s[16] = "";
  char ratio_s[16] = "", mhz_s[16] = "", drift_s[16] = "";
  const char *ns_u = per_call ? "ns" : "ns/B", *cyc_u = per_call ? "c" : "c/B";

  format_num (ns_s, sizeof ns_s, ns);
  if (!per_call)
    format_num (mib_s, sizeof mib_s, 1e9 / (ns * 1024 * 1024));
  if (ghz > 0)
    format_num (cyc_s, sizeof cyc_s, ns * ghz);
  if (opt.auto_mhz)
    {
      snprintf (mhz_s, sizeof mhz_s, "%.0f", ghz * 1000);
      snprintf (drift_s, sizeof drift_s, "%.0f", drift * 1000);
    }
  if (gns > 0)
    {
      format_num (gns_s, sizeof gns_s, gns);
      snprintf (ratio_s, sizeof ratio_s, "%.2f", gns / ns);
    }

  /* libgcrypt's fields first, in its order, each figure followed by its
     unit; then ours.  Every row has every field, empty where there is
     no figure, so that the columns line up in any reader.  */
  if (opt.csv)
    {
      printf ("cipher,%s,%s,,,%s,%s,%s,MiB/s,%s,%s,%s,Mhz,%s,Mhz-diff,"
              "%s,gcrypt %s,%s,ratio\n", algo_name, label, ns_s, ns_u, mib_s,
              cyc_s, cyc_u, mhz_s, drift_s, gns_s, ns_u, ratio_s);
      return;
    }

  if (per_call)
    printf ("%9s %-4s %15s", ns_s, ns_u, "-");
  else
    printf ("%9s %-4s %9s MiB/s", ns_s, ns_u, mib_s);
  if (ghz > 0)
    printf (" %9s %-3s", cyc_s, cyc_u);
  if (opt.compare)
    {
      if (gns > 0)
        printf (" %9s %-4s %7s", gns_s, ns_u, ratio_s);
      else
        printf (" %14s %7s", "-", "-");
    }
  if (opt.auto_mhz)
    printf (" %9s", mhz_s);
  putchar ('\n');
}

static void
print_footer (void)
{
  if (!opt.csv)
    printf (" %-14s =\n", "");
}


/******************************************************* The benchmark. */

/* The core clock can move during a run: on a shared machine the turbo
   clock follows what the other cores do, and on the AMD EPYC build
   machine it went between 3460 and 3710 MHz within one run of
   Camellia's rows, so that counting every row's cycles at the clock
   read at the start put the serial rows 5 % too high.  With --cpu-mhz
   auto a row is therefore timed between two readings of the clock
   (libgcrypt's bench-slope does the same) and its cycles are counted at
   their mean.  A row whose readings differ by more than
   CLOCK_TOLERANCE is measured again, the tolerance doubling every
   CLOCK_RELAX tries, so that a machine whose clock never settles still
   gets its rows.  */
#define CLOCK_TOLERANCE 0.01
#define CLOCK_RELAX 4
#define CLOCK_TRIES 16

/* The row's ns/byte, as measure_row, in *GHZ its clock and in *DRIFT
   how much the clock moved, as libgcrypt reckons it: |1 - before /
   after|.  */
static double
measure_row_clocked (const struct cipher_api *api, int algo,
                     const struct mode_info *mi, enum op op, size_t msglen,
                     double *ghz, double *drift)
{
  double tol = CLOCK_TOLERANCE, before, after, diff, ns;
  unsigned int tries = 0;

  *drift = 0;
  if (!opt.auto_mhz)
    {
      *ghz = opt.cpu_ghz;
      return measure_row (api, algo, mi, op, msglen);
    }
  for (;;)
    {
      before = estimate_cpu_ghz ();
      ns = measure_row (api, algo, mi, op, msglen);
      after = estimate_cpu_ghz ();
      diff = after > before ? after - before : before - after;
      if (diff <= tol * before || ++tries == CLOCK_TRIES)
        break;
      if (tries % CLOCK_RELAX == 0)
        tol *= 2;
    }
  *ghz = (before + after) / 2;
  *drift = diff / after;
  return ns;
}

/* One row, ours then libgcrypt's straight after, so that whatever else
   the machine does at that moment weighs on both alike.  MSGLEN is the
   message length of an OP_MSG row.  */
static void
bench_row (int algo, const struct mode_info *mi, enum op op, size_t msglen)
{
  const char *algo_name = bcry_cipher_algo_name (algo);
  char label[32];
  double ns, ghz, drift, gns = -1.0;

  /* A mode we lack is left out without a word: the report shows what
     there is.  */
  if (!has_mode (&bcry_api, algo, mi->mode))
    return;
  if (op == OP_MSG)
    snprintf (label, sizeof label, "%s %zu", mi->name, msglen);
  else
    snprintf (label, sizeof label, "%s %s", mi->name, op_names[op]);
  print_label (label);
  ns = measure_row_clocked (&bcry_api, algo, mi, op, msglen, &ghz, &drift);
#ifdef HAVE_LIBGCRYPT
  if (opt.compare && has_mode (&gcry_api, algo, mi->mode))
    gns = measure_row (&gcry_api, algo, mi, op, msglen);
#endif
  print_figures (algo_name, label, ns, gns, ghz, drift, op >= OP_SETKEY);
}

/* The --small-messages table: for each mode, one row per length.  */
static void
bench_algo_small (int algo)
{
  size_t m, k;

  print_header (bcry_cipher_algo_name (algo));
  print_implementation (algo);
  for (m = 0; m < NMODES; m++)
    {
      if (!row_applies (algo, &modes[m]))
        continue;
      for (k = 0; k < sizeof small_lengths / sizeof small_lengths[0]; k++)
        if (takes_length (algo, &modes[m], small_lengths[k]))
          bench_row (algo, &modes[m], OP_MSG, small_lengths[k]);
    }
  print_footer ();
}

static void
bench_algo (int algo)
{
  size_t m;
  enum op op;

  if (opt.small)
    {
      bench_algo_small (algo);
      return;
    }
  print_header (bcry_cipher_algo_name (algo));
  print_implementation (algo);
  for (m = 0; m < NMODES; m++)
    {
      if (!row_applies (algo, &modes[m]))
        continue;
      for (op = OP_ENC; op <= OP_AUTH; op++)
        if (op != OP_AUTH || modes[m].taglen)
          bench_row (algo, &modes[m], op, 0);
    }
  /* Last, the cost of a key: bare (an ECB handle) and with GCM's hash
     key, the rekeying cost of a caller of GCM.  */
  for (m = 0; m < NMODES; m++)
    if (modes[m].mode == BCRY_CIPHER_MODE_ECB
        || modes[m].mode == BCRY_CIPHER_MODE_GCM)
      bench_row (algo, &modes[m], OP_SETKEY, 0);
  print_footer ();
}

/********************************************* Instruction counting. */

/* --count-insns counts instructions instead of timing, for machines
   that qemu-user emulates (there the time says nothing of a real
   core): tools/qemu-insn-count.c, a qemu plugin, counts the guest's
   instructions and writes the count to a descriptor when the program
   makes the system call INSN_COUNT_SYSCALL with it.  A row is counted
   at two message lengths, once each, after a first message of the
   shorter one that takes any first-use costs; the difference over the
   difference of the lengths is the row's instructions per byte, the
   per-call costs cancelling as they do in the slope of the timings.
   Both lengths are multiples of every kernel's width, so that both end
   the same way.  */
#define INSN_COUNT_SYSCALL 0x1c0de
#define COUNT_LEN1 (16 * 1024)
#define COUNT_LEN2 (80 * 1024)

/* The rows of the instruction table: the parallel and serial kernels
   and GHASH, each once (issue 25's list).  */
static const struct
{
  int mode;
  enum op op;
} count_rows[] =
  {
    { BCRY_CIPHER_MODE_ECB, OP_ENC }, { BCRY_CIPHER_MODE_ECB, OP_DEC },
    { BCRY_CIPHER_MODE_CBC, OP_ENC }, { BCRY_CIPHER_MODE_CBC, OP_DEC },
    { BCRY_CIPHER_MODE_CFB, OP_DEC }, { BCRY_CIPHER_MODE_CTR, OP_ENC },
    { BCRY_CIPHER_MODE_XTS, OP_ENC }, { BCRY_CIPHER_MODE_OCB, OP_ENC },
    { BCRY_CIPHER_MODE_GCM, OP_ENC }, { BCRY_CIPHER_MODE_GCM, OP_AUTH },
    { BCRY_CIPHER_MODE_CCM, OP_ENC }
  };

/* The pipe the plugin writes counts to; the read end does not block,
   so that a run without the plugin ends with a message.  */
static int count_pipe[2] = { -1, -1 };

static uint64_t
insn_count (void)
{
  uint64_t v = 0;

#ifdef __linux__
  syscall (INSN_COUNT_SYSCALL, count_pipe[1]);
  if (read (count_pipe[0], &v, sizeof v) != sizeof v)
#endif
    cli_die ("--count-insns: no count: run under qemu-user with"
             " tools/qemu-insn-count.c as plugin");
  return v;
}

static void
count_init (void)
{
#ifdef __linux__
  if (pipe (count_pipe) || fcntl (count_pipe[0], F_SETFL, O_NONBLOCK))
    cli_die ("--count-insns: pipe: %s", strerror (errno));
#else
  cli_die ("--count-insns: needs Linux under qemu-user");
#endif
  /* The first call binds syscall and read through the dynamic linker,
     which must not fall within a row's count.  */
  insn_count ();
}

static double
count_row (int algo, const struct mode_info *mi, enum op op)
{
  struct row_ctx ctx = { &bcry_api, NULL, mi, op, 0 };
  uint64_t c0, c1, c2;

  check (ctx.api, ctx.api->open (&ctx.hd, algo, mi->mode), "open");
  set_key (ctx.api, ctx.hd, algo, mi->keymul);
  run_row (&ctx, bench_buf, COUNT_LEN1);
  c0 = insn_count ();
  run_row (&ctx, bench_buf, COUNT_LEN1);
  c1 = insn_count ();
  run_row (&ctx, bench_buf, COUNT_LEN2);
  c2 = insn_count ();
  ctx.api->close (ctx.hd);
  return ((double) (c2 - c1) - (double) (c1 - c0))
         / (COUNT_LEN2 - COUNT_LEN1);
}

/* The first entry of the handle's implementations after SKIP_IMPLS
   entries, in NAME; 0 when there is none.  */
static int
top_entry (int algo, char *name, size_t size)
{
  unsigned char key[MAX_KEY_LEN];
  size_t keylen = make_key (key, algo, 1, 0);
  bcry_cipher_hd_t hd;
  const char *p;
  gpg_error_t err;

  check (&bcry_api, bcry_cipher_open (&hd, algo, BCRY_CIPHER_MODE_ECB, 0),
         "open");
  check (&bcry_api, bcry_cipher_ctl (hd, BCRYCTL_SKIP_IMPLS, NULL,
                                     skip_impls), "SKIP_IMPLS");
  err = bcry_cipher_setkey (hd, key, keylen);
  if (gpg_err_code (err) == GPG_ERR_NOT_SUPPORTED)
    {
      bcry_cipher_close (hd);
      return 0;
    }
  check (&bcry_api, err, "setkey");
  p = strchr (bcry_cipher_impl_name (hd), ':');
  p = p ? p + 1 + strspn (p + 1, " ") : "?";
  snprintf (name, size, "%.*s", (int) strcspn (p, ","), p);
  bcry_cipher_close (hd);
  return 1;
}

/* Every implementation entry of ALGO at this feature level, from the
   first: each row, counted.  */
static void
count_algo (int algo)
{
  const char *algo_name = bcry_cipher_algo_name (algo);
  char entry[64], label[32];
  size_t r, m;

  for (skip_impls = 0; top_entry (algo, entry, sizeof entry); skip_impls++)
    {
      if (!opt.csv)
        printf (" %-14s | %10s\n   implementation: %s\n", algo_name,
                "insns/byte", entry);
      for (r = 0; r < sizeof count_rows / sizeof count_rows[0]; r++)
        {
          for (m = 0; m < NMODES && modes[m].mode != count_rows[r].mode; m++)
            ;
          if (m == NMODES || !row_applies (algo, &modes[m])
              || !has_mode (&bcry_api, algo, modes[m].mode))
            continue;
          snprintf (label, sizeof label, "%s %s", modes[m].name,
                    op_names[count_rows[r].op]);
          if (opt.csv)
            printf ("insns,%s,%s,%s,%.4f\n", algo_name, entry, label,
                    count_row (algo, &modes[m], count_rows[r].op));
          else
            printf (" %14s | %10.3f\n", label,
                    count_row (algo, &modes[m], count_rows[r].op));
          fflush (stdout);
        }
      print_footer ();
    }
  skip_impls = 0;
}

/* The id for NAME, trying also the spelling with a dash before the key
   size and the one without ("aes-128", "aes128").  */
static int
map_algo (const char *name)
{
  char alt[64];
  size_t i, j;
  int algo;

  algo = bcry_cipher_map_name (name);
  if (algo || strlen (name) >= sizeof alt - 1)
    return algo;

  for (i = j = 0; name[i]; i++)
    if (name[i] != '-' && name[i] != '_')
      alt[j++] = name[i];
  alt[j] = 0;
  algo = bcry_cipher_map_name (alt);
  if (algo)
    return algo;

  j = strcspn (alt, "0123456789");
  if (j == 0 || !alt[j])
    return 0;
  memmove (alt + j + 1, alt + j, strlen (alt + j) + 1);
  alt[j] = '-';
  return bcry_cipher_map_name (alt);
}

/* Every name is checked before the first row, so that a typo at the
   end of a long list does not cost a long run.  */
static void
bench_ciphers (int nnames, char **names)
{
  int algos[400];
  int n = 0, i;

  if (nnames > 400)
    cli_die ("too many algorithms");
  for (i = 0; i < nnames; i++)
    if (!(algos[n++] = map_algo (names[i])))
      cli_die ("unknown cipher algorithm '%s'", names[i]);
  for (i = 1; !nnames && i < 400; i++)
    if (!bcry_cipher_test_algo (i))
      algos[n++] = i;

  if (opt.count)
    {
      /* The features the figures were counted with, for whoever puts
         the tables of several levels side by side.  */
      if (opt.csv)
        printf ("features,%s\n", bcry_get_hwf ());
      else
        printf ("Instructions per byte, features \"%s\":\n", bcry_get_hwf ());
      for (i = 0; i < n; i++)
        count_algo (algos[i]);
      return;
    }
  if (opt.csv)
    print_csv_header ();
  else
    printf ("Cipher:\n");
  for (i = 0; i < n; i++)
    bench_algo (algos[i]);
}


/****************************************************** Initialisation. */

static void
init_bulkcrypt (const char *hwf_list)
{
  gpg_error_t err;

  if (hwf_list)
    {
      err = bcry_control (BCRYCTL_DISABLE_HWF, hwf_list, NULL);
      if (err)
        cli_die ("bulkcrypt: disabling '%s': %s", hwf_list,
                 gpg_strerror (err));
    }
  if (!bcry_check_version (BULKCRYPT_VERSION))
    cli_die ("bulkcrypt library older than its header (%s)",
             BULKCRYPT_VERSION);
}

#ifdef HAVE_LIBGCRYPT
/* libgcrypt's name for each of our feature names; NULL where libgcrypt
   has no switch (it uses SSE2 unconditionally on x86-64).  */
static const struct
{
  const char *ours;
  const char *theirs;
} hwf_map[] =
  {
    { "sse2", NULL },
    { "ssse3", "intel-ssse3" },
    { "sse4.1", "intel-sse4.1" },
    { "aesni", "intel-aesni" },
    { "pclmul", "intel-pclmul" },
    { "avx", "intel-avx" },
    { "avx2", "intel-avx2" },
    { "bmi2", "intel-bmi2" },
    { "vaes", "intel-vaes-vpclmul" },
    { "vpclmul", "intel-vaes-vpclmul" },
    { "gfni", "intel-gfni" },
    { "avx512", "intel-avx512" },
    { "avx512vbmi", NULL },
    { "neon", "arm-neon" },
    { "arm-aes", "arm-aes" },
    { "arm-pmull", "arm-pmull" },
    { "all", "all" }
  };

static void
disable_gcrypt_hwf (const char *name, size_t len)
{
  size_t i;
  gpg_error_t err;

  for (i = 0; i < sizeof hwf_map / sizeof hwf_map[0]; i++)
    if (strlen (hwf_map[i].ours) == len
        && !strncmp (hwf_map[i].ours, name, len))
      break;
  if (i == sizeof hwf_map / sizeof hwf_map[0] || !hwf_map[i].theirs)
    return;

  /* A libgcrypt that does not know the name has no code using the
     feature either (1.10 has neither GFNI nor AVX-512 paths), so there
     is nothing to switch off.  */
  err = gcry_control (GCRYCTL_DISABLE_HWF, hwf_map[i].theirs, NULL);
  if (err && gpg_err_code (err) != GPG_ERR_INV_NAME)
    cli_die ("libgcrypt: disabling '%s': %s", hwf_map[i].theirs,
             gpg_strerror (err));
}

static void
init_libgcrypt (const char *hwf_list)
{
  const char *p = hwf_list;

  while (p && *p)
    {
      size_t len = strcspn (p, ", :");

      disable_gcrypt_hwf (p, len);
      p += len;
      p += strspn (p, ", :");
    }
  if (!gcry_check_version (GCRYPT_VERSION))
    cli_die ("libgcrypt library older than its header (%s)", GCRYPT_VERSION);
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
}
#endif /* HAVE_LIBGCRYPT */

/* The command line (cli.h).  */
static const char help_text[] =
  "Measures the throughput of every mode of each ALGO (default: all\n"
  "algorithms of the library) by the slope method, then the time of\n"
  "one setkey: the rows \"ECB setkey\" (the key schedule and the\n"
  "choice of implementation) and \"GCM setkey\" (that and GCM's hash\n"
  "key with its tables), each of one handle given two keys in turn,\n"
  "in ns per call, and c per call with --cpu-mhz.\n"
  "\n"
  "With --small-messages it measures instead the time of a whole\n"
  "message of 16, 64, 256, 576, 1500 and 4096 bytes, one handle\n"
  "reused, in ns per message: in an AEAD mode setiv (the nonce: 12\n"
  "bytes for GCM and GCM-SIV, 11 for CCM, 15 for OCB, 16 for EAX;\n"
  "SIV takes none; it and GCM-SIV are reset first, as libgcrypt\n"
  "wants), 16 bytes of associated data, encrypt and gettag; in the\n"
  "other modes setiv with one block (none in ECB) and encrypt.  A\n"
  "row is labelled with the mode and the length; ECB and CBC leave\n"
  "out 1500, which is no whole number of blocks.  These figures\n"
  "include the per-call costs that the slope leaves out.\n"
  "\n"
  "options:\n"
  "  --cpu-mhz auto|N     add cycles/byte, with the core clock\n"
  "                       measured around each row or given in MHz\n"
  "  --repetitions N      timings per buffer size, median taken "
  "(default 64);\n"
  "                       16 * N for a setkey row\n"
  "  --fastest            take the fastest timing, not the median\n"
  "                       (for a machine shared with other work)\n"
  "  --small-messages     ns per message of a few lengths, not the\n"
  "                       slope (see above); 16 * N timings per row\n"
  "  --csv                comma-separated output, see below\n"
  "  --hwf-disable LIST   switch off CPU features (comma-separated)\n"
  "  --count-insns        count instructions per byte under qemu-user\n"
  "                       instead of timing, see below\n"
  "  --vs-libgcrypt       measure libgcrypt too, row by row\n"
  "  -h, --help           this text\n"
  "\n"
  "--csv prints a header line, then one line per row, each of 19\n"
  "fields; the first 15 are those of libgcrypt's bench-slope --csv,\n"
  "a figure and then its unit:\n"
  "   1      cipher\n"
  "   2      the algorithm, e.g. CAMELLIA128\n"
  "   3      the mode and operation, e.g. CBC dec\n"
  "   4, 5   empty (libgcrypt keeps them for later use)\n"
  "   6, 7   nanoseconds per byte, ns/B\n"
  "   8, 9   mebibytes per second, MiB/s\n"
  "  10, 11  cycles per byte (with --cpu-mhz), c/B\n"
  "  12, 13  the clock in MHz (with --cpu-mhz auto), Mhz\n"
  "  14, 15  how much the clock moved during the row, in\n"
  "          thousandths (with --cpu-mhz auto), Mhz-diff\n"
  "then bulkcrypt's own:\n"
  "  16, 17  libgcrypt's nanoseconds per byte (with --vs-libgcrypt),\n"
  "          gcrypt ns/B\n"
  "  18, 19  libgcrypt's ns/B divided by ours (with --vs-libgcrypt;\n"
  "          above 1: bulkcrypt is faster), ratio\n"
  "A figure is empty where the run has none; its unit is always\n"
  "there.  The setkey rows give fields 6, 10 and 16 per call, with\n"
  "the units ns, c and gcrypt ns, and leave field 8 empty; so do the\n"
  "rows of --small-messages, per message, field 3 being e.g. GCM 64.\n"
  "Notes about the run go to stderr.\n"
  "\n"
  "--count-insns runs under qemu-user with tools/qemu-insn-count.c as\n"
  "its plugin (tools/count-insns.sh does that) and prints, for each\n"
  "implementation entry the features allow, the instructions per byte\n"
  "of the rows ECB enc and dec, CBC enc and dec, CFB dec, CTR, XTS\n"
  "enc, OCB enc, GCM enc, GCM auth and CCM enc: the difference of the\n"
  "counts of one message of 80 KiB and one of 16 KiB over 64 KiB.\n"
  "With --csv a line \"features,LIST\" comes first, then one\n"
  "\"insns,ALGO,ENTRY,ROW,INSNS/B\" per row.\n";


int
main (int argc, char **argv)
{
  const char *hwf_list = NULL;
  size_t bufsize;
  int i;

  cli_init (argv[0], "[options] [cipher [ALGO...]]", help_text);
  for (i = 1; i < argc && argv[i][0] == '-'; i++)
    {
      const char *o = argv[i];

      if (!strcmp (o, "--"))
        {
          i++;
          break;
        }
      else if (!strcmp (o, "--help") || !strcmp (o, "-h"))
        cli_help ();
      else if (!strcmp (o, "--csv"))
        opt.csv = 1;
      else if (!strcmp (o, "--vs-libgcrypt"))
        opt.compare = 1;
      else if (!strcmp (o, "--fastest"))
        opt.fastest = 1;
      else if (!strcmp (o, "--small-messages"))
        opt.small = 1;
      else if (!strcmp (o, "--count-insns"))
        opt.count = 1;
      else if (!strcmp (o, "--cpu-mhz"))
        {
          const char *v = cli_value (argc, argv, &i);

          if (!strcmp (v, "auto"))
            opt.auto_mhz = 1;
          else
            opt.cpu_ghz = cli_number (o, v, 1, UINT64_MAX) / 1000.0;
        }
      else if (!strcmp (o, "--repetitions"))
        opt.repetitions = cli_number (o, cli_value (argc, argv, &i), 1,
                                      UINT_MAX);
      else if (!strcmp (o, "--hwf-disable"))
        hwf_list = cli_value (argc, argv, &i);
      else
        cli_bad_usage ("unknown option '%s'", o);
    }
  if (i < argc && strcmp (argv[i], "cipher"))
    cli_bad_usage ("unknown benchmark '%s': only 'cipher' is offered",
                   argv[i]);
  if (i < argc)
    i++;

#ifndef HAVE_LIBGCRYPT
  if (opt.compare)
    cli_die ("--vs-libgcrypt: built without libgcrypt");
#endif

  bufsize = (BUF_MAX_SIZE + 63) & ~(size_t) 63;
  if (opt.count)
    {
      if (opt.compare || opt.small || opt.auto_mhz || opt.cpu_ghz > 0)
        cli_bad_usage ("--count-insns takes no timing options");
      bufsize = COUNT_LEN2;
      count_init ();
    }
  bench_buf = aligned_alloc (64, bufsize);
  samples = calloc ((size_t) opt.repetitions * SETKEY_INTERVALS,
                    sizeof *samples);
  if (!bench_buf || !samples)
    cli_die ("out of memory");
  memset (bench_buf, 0x55, bufsize);

  init_bulkcrypt (hwf_list);
#ifdef HAVE_LIBGCRYPT
  if (opt.compare)
    {
      init_libgcrypt (hwf_list);
      print_note ("bulkcrypt version %s, libgcrypt version %s\n",
                  bcry_check_version (NULL), gcry_check_version (NULL));
    }
#endif

  if (opt.auto_mhz)
    {
      opt.cpu_ghz = estimate_cpu_ghz ();
      print_note ("CPU frequency: %.0f Mhz at the start (auto); each row's"
                  " cycles are counted at its own, in the last column\n",
                  opt.cpu_ghz * 1000);
    }

  bench_ciphers (argc - i, argv + i);

  free (samples);
  free (bench_buf);
  return 0;
}
