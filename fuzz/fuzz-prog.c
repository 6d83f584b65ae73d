/* fuzz-prog.c - the call-sequence interpreter of the fuzz targets
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A program is three bytes that open a handle (algorithm, mode, flags,
 * each an index into what the library reports, or for fuzz-api now and
 * then an id it must refuse), then operations until the input ends: an
 * opcode byte (enum fuzz_op) and its arguments, described at each op_*
 * function below.  Input that runs short reads as zeros, so every input
 * is a program.  Data, AAD and keys come from a generator seeded by one
 * input byte, so that a few bytes ask for kilobytes.
 *
 * After each call the interpreter checks:
 *  - a failure is one of the codes that call documents, from the
 *    library's error source;
 *  - nothing was written past the output size the call was given:
 *    every output buffer is followed by guard bytes (and ASan sees the
 *    end of the allocation);
 *  - a refused call changed nothing: a second, "shadow" handle gets
 *    only the calls the first one took, and every later result of the
 *    two must agree;
 *  - a message (FUZZ_OP_MESSAGE, on handles of its own with the current
 *    algorithm, mode, flags and key) decrypts to what was encrypted,
 *    and gives the same output and tag when its data is split into
 *    several calls, in place or not, as in one call.
 * fuzz-impls adds that every implementation gives the same trace.
 */

#include <config.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz-prog.h"

#define DIMOF(a) (sizeof (a) / sizeof ((a)[0]))

/* libgcrypt numbers its algorithms below 400 and its modes below 64.  */
#define MAX_ALGO_ID 400
#define MAX_MODE_ID 64

/* Bytes after each output buffer that no call may touch.  */
#define GUARD 32

#define MAX_KEY 64
#define MAX_IV 32
#define MAX_TAG 40
#define MAX_CUTS 8


/* The calls, for the table of the error codes each may return.  */
enum call
  {
    CALL_OPEN, CALL_SETKEY, CALL_SETIV, CALL_SETCTR, CALL_AUTH,
    CALL_ENCRYPT, CALL_DECRYPT, CALL_GETTAG, CALL_CHECKTAG, CALL_CTL,
    CALL_INFO, N_CALLS
  };

static const char *const call_names[N_CALLS] =
  {
    "open", "setkey", "setiv", "setctr", "authenticate", "encrypt",
    "decrypt", "gettag", "checktag", "ctl", "info"
  };

/* The codes the manual gives for each call (doc/bulkcrypt.texi), and
   a few it does not list that follow libgcrypt: setiv of SIV and
   GCM-SIV needs the key, CCM's gettag before the last data is
   GPG_ERR_UNFINISHED, OCB's gettag into a buffer shorter than the tag
   GPG_ERR_BUFFER_TOO_SHORT, GCM-SIV's gettag after a failed decryption
   GPG_ERR_CHECKSUM.  Out of memory cannot happen here.  */
static const gpg_err_code_t allowed[N_CALLS][8] =
  {
    [CALL_OPEN] = { GPG_ERR_INV_ARG, GPG_ERR_CIPHER_ALGO,
                    GPG_ERR_INV_CIPHER_MODE, GPG_ERR_INV_FLAG },
    [CALL_SETKEY] = { GPG_ERR_INV_ARG, GPG_ERR_INV_KEYLEN, GPG_ERR_WEAK_KEY,
                      GPG_ERR_NOT_SUPPORTED },
    [CALL_SETIV] = { GPG_ERR_INV_ARG, GPG_ERR_INV_LENGTH, GPG_ERR_INV_STATE,
                     GPG_ERR_MISSING_KEY },
    [CALL_SETCTR] = { GPG_ERR_INV_ARG, GPG_ERR_INV_LENGTH },
    [CALL_AUTH] = { GPG_ERR_INV_ARG, GPG_ERR_INV_CIPHER_MODE,
                    GPG_ERR_MISSING_KEY, GPG_ERR_INV_STATE,
                    GPG_ERR_INV_LENGTH },
    [CALL_ENCRYPT] = { GPG_ERR_INV_ARG, GPG_ERR_MISSING_KEY,
                       GPG_ERR_BUFFER_TOO_SHORT, GPG_ERR_INV_LENGTH,
                       GPG_ERR_INV_STATE },
    [CALL_DECRYPT] = { GPG_ERR_INV_ARG, GPG_ERR_MISSING_KEY,
                       GPG_ERR_BUFFER_TOO_SHORT, GPG_ERR_INV_LENGTH,
                       GPG_ERR_INV_STATE, GPG_ERR_CHECKSUM },
    [CALL_GETTAG] = { GPG_ERR_INV_ARG, GPG_ERR_INV_CIPHER_MODE,
                      GPG_ERR_MISSING_KEY, GPG_ERR_INV_STATE,
                      GPG_ERR_INV_LENGTH, GPG_ERR_UNFINISHED,
                      GPG_ERR_CHECKSUM, GPG_ERR_BUFFER_TOO_SHORT },
    [CALL_CHECKTAG] = { GPG_ERR_INV_ARG, GPG_ERR_INV_CIPHER_MODE,
                        GPG_ERR_MISSING_KEY, GPG_ERR_INV_STATE,
                        GPG_ERR_INV_LENGTH, GPG_ERR_UNFINISHED,
                        GPG_ERR_CHECKSUM },
    [CALL_CTL] = { GPG_ERR_INV_ARG, GPG_ERR_INV_OP, GPG_ERR_INV_CIPHER_MODE,
                   GPG_ERR_INV_FLAG, GPG_ERR_INV_STATE, GPG_ERR_INV_LENGTH,
                   GPG_ERR_MISSING_KEY, GPG_ERR_NOT_SUPPORTED },
    [CALL_INFO] = { GPG_ERR_INV_ARG, GPG_ERR_INV_OP, GPG_ERR_INV_CIPHER_MODE,
                    GPG_ERR_BUFFER_TOO_SHORT }
  };

/* Ids the library must refuse, for fuzz-api's open.  */
static const int bad_algos[] = { 0, -1, 1, MAX_ALGO_ID, 1000, 0x7fffffff };
static const int bad_modes[] = { 0, -1, 4, 10, MAX_MODE_ID, 1000 };


static int algos[64], modes[64];
static size_t nalgos, nmodes;

/* Ask the library which algorithms and modes it has.  */
static void
enumerate (void)
{
  bcry_cipher_hd_t hd;
  size_t i;
  int id;

  if (nalgos)
    return;
  for (id = 1; id < MAX_ALGO_ID && nalgos < DIMOF (algos); id++)
    if (!bcry_cipher_test_algo (id))
      algos[nalgos++] = id;
  for (id = 1; id < MAX_MODE_ID && nmodes < DIMOF (modes); id++)
    for (i = 0; i < nalgos; i++)
      if (!bcry_cipher_open (&hd, algos[i], id, 0))
        {
          bcry_cipher_close (hd);
          modes[nmodes++] = id;
          break;
        }
  if (!nalgos || !nmodes)
    {
      fprintf (stderr, "fuzz: the library has no algorithm or mode\n");
      abort ();
    }
}

size_t
fuzz_algos (const int **list)
{
  enumerate ();
  *list = algos;
  return nalgos;
}

size_t
fuzz_modes (const int **list)
{
  enumerate ();
  *list = modes;
  return nmodes;
}


/* The input, read front to back.  */
struct input
{
  const uint8_t *p;
  size_t n;
};

static unsigned int
get8 (struct input *in)
{
  if (!in->n)
    return 0;
  in->n--;
  return *in->p++;
}

static unsigned int
get16 (struct input *in)
{
  unsigned int lo = get8 (in);

  return lo | get8 (in) << 8;
}

static void
get_bytes (struct input *in, unsigned char *buf, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    buf[i] = get8 (in);
}

/* splitmix64 (Steele, Lea, Flood 2014), for data that replays from a
   seed.  */
static void
fill (unsigned char *p, size_t n, unsigned int seed)
{
  uint64_t s = 0x9e3779b97f4a7c15ULL * (seed + 1), z = 0;
  size_t i;

  for (i = 0; i < n; i++)
    {
      if (!(i & 7))
        {
          z = (s += 0x9e3779b97f4a7c15ULL);
          z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
          z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
          z ^= z >> 31;
        }
      p[i] = (unsigned char)z;
      z >>= 8;
    }
}

/* A copy of N bytes on the heap, so that ASan sees a read past it.  */
static unsigned char *
dup_exact (const unsigned char *src, size_t n)
{
  unsigned char *p = malloc (n ? n : 1);

  if (!p)
    abort ();
  if (n)
    memcpy (p, src, n);
  return p;
}


/* The state of a run.  */
struct prog
{
  int impl;                   /* -1: fuzz-api.  */
  unsigned int opno;
  const char *opname;
  int algo, mode;
  unsigned int flags;         /* Open flags, with CTS and MAC as set.  */
  bcry_cipher_hd_t a, b;      /* B, the shadow, gets what A took.  */
  unsigned int skip_next;     /* BCRYCTL_SKIP_IMPLS for the next key.  */
  int weak_next;              /* BCRYCTL_SET_ALLOW_WEAK_KEY likewise.  */
  unsigned int skip;          /* What A's key was set with.  */
  int weak_ok;
  unsigned char key[MAX_KEY];
  size_t keylen;              /* 0: no key taken yet.  */
  unsigned char tag[MAX_TAG];
  size_t taglen;              /* The last tag gettag gave.  */
  unsigned char *last;        /* The last encryption's output.  */
  size_t lastlen;
  struct fuzz_trace *trace;
  unsigned int messages;
};

static void fail (const struct prog *p, const char *fmt, ...)
  __attribute__ ((noreturn, format (printf, 2, 3)));

static void
fail (const struct prog *p, const char *fmt, ...)
{
  va_list ap;

  fprintf (stderr, "fuzz: op %u (%s) on %s %s, flags %#x",
           p->opno, p->opname, bcry_cipher_algo_name (p->algo),
           bcry_cipher_mode_name (p->mode), p->flags);
  if (p->impl >= 0)
    fprintf (stderr, ", %d implementations skipped", p->impl);
  fputs (": ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  abort ();
}

/* One record: op number, call, code, length, bytes.  */
static void
trace_add (struct prog *p, enum call call, gpg_err_code_t rc,
           const void *data, size_t len)
{
  struct fuzz_trace *t = p->trace;
  uint32_t head[4];

  if (!t)
    return;
  if (!data)
    len = 0;
  if (t->len + sizeof head + len > t->cap)
    {
      size_t cap = 2 * (t->cap + sizeof head + len);

      t->buf = realloc (t->buf, cap);
      if (!t->buf)
        abort ();
      t->cap = cap;
    }
  head[0] = p->opno;
  head[1] = call;
  head[2] = rc;
  head[3] = len;
  memcpy (t->buf + t->len, head, sizeof head);
  if (len)
    memcpy (t->buf + t->len + sizeof head, data, len);
  t->len += sizeof head + len;
}

/* Check the code ERR that CALL returned, and record it.  */
static gpg_err_code_t
check_rc (struct prog *p, enum call call, gpg_error_t err)
{
  gpg_err_code_t rc = bcry_err_code (err);
  size_t i;

  if (!err)
    return 0;
  if (bcry_err_source (err) != GPG_ERR_SOURCE_USER_1)
    fail (p, "%s: error source %u, not GPG_ERR_SOURCE_USER_1",
          call_names[call], bcry_err_source (err));
  for (i = 0; i < DIMOF (allowed[call]) && allowed[call][i]; i++)
    if (allowed[call][i] == rc)
      return rc;
  fail (p, "%s: undocumented error %s (%u)", call_names[call],
        gpg_strerror (rc), rc);
}

/* Whether the shadow gets a call that returned RC on A: refused calls
   must change nothing, so it gets only those that did something (a
   failed check, a key with no implementation left, success).  */
static int
shadow_takes (const struct prog *p, gpg_err_code_t rc)
{
  return p->b && (!rc || rc == GPG_ERR_CHECKSUM
                  || rc == GPG_ERR_NOT_SUPPORTED);
}

static void
shadow_same (const struct prog *p, enum call call, gpg_err_code_t rca,
             gpg_err_code_t rcb)
{
  if (rca != rcb)
    fail (p, "%s: %s here, %s on the handle that saw no refused calls",
          call_names[call], gpg_strerror (rca), gpg_strerror (rcb));
}


/* An output buffer: WRITABLE bytes the call may write, then bytes it
   must leave alone (the rest of an in-place input, and the guard).  */
struct obuf
{
  unsigned char *p;
  size_t writable, total;
  unsigned char *snap;
};

static void
obuf_init (struct obuf *o, size_t writable, size_t data)
{
  o->writable = writable;
  o->total = (writable > data ? writable : data) + GUARD;
  o->p = malloc (o->total);
  o->snap = malloc (o->total);
  if (!o->p || !o->snap)
    abort ();
  memset (o->p, 0xa5, o->total);
}

/* Call before the call, after the input is in place.  */
static void
obuf_arm (struct obuf *o)
{
  memcpy (o->snap, o->p, o->total);
}

static void
obuf_check (const struct prog *p, const struct obuf *o, const char *what)
{
  size_t i;

  for (i = o->writable; i < o->total; i++)
    if (o->p[i] != o->snap[i])
      fail (p, "%s wrote byte %zu of an output of %zu", what, i,
            o->writable);
}

static void
obuf_free (struct obuf *o)
{
  free (o->p);
  free (o->snap);
}


/* Selections, each from one input byte.  */
static int
pick_algo (const struct prog *p, unsigned int b)
{
  if (p->impl < 0 && b >= 0xf0)
    return bad_algos[(b - 0xf0) % DIMOF (bad_algos)];
  return algos[b % nalgos];
}

static int
pick_mode (const struct prog *p, unsigned int b)
{
  if (p->impl < 0 && b >= 0xf0)
    return bad_modes[(b - 0xf0) % DIMOF (bad_modes)];
  return modes[b % nmodes];
}

/* The five flags, and for fuzz-api now and then a bit none of them
   is.  */
static unsigned int
pick_flags (const struct prog *p, unsigned int b)
{
  unsigned int flags = b & 0x1f;

  if (p->impl < 0 && (b & 0x80))
    flags |= (b & 0x60) << 2;
  return flags;
}

/* A buffer and length for the IV, counter or tag calls: 0xff is NULL
   with length 0, 0xfe NULL with length 16, else LEN % MOD bytes.  */
static const unsigned char *
pick_buf (unsigned int b, size_t mod, unsigned char *buf, size_t *len)
{
  if (b == 0xff || b == 0xfe)
    {
      *len = b == 0xff ? 0 : 16;
      return NULL;
    }
  *len = b % mod;
  return buf;
}

/* A tag to check: S below 0x80 is the last tag gettag gave with bit
   S - 1 flipped (none for 0), else generated from S.  */
static void
pick_tag (const struct prog *p, unsigned int s, unsigned char *tag,
          size_t len)
{
  size_t bit;

  fill (tag, len, s);
  if (s >= 0x80)
    return;
  memcpy (tag, p->tag, len < p->taglen ? len : p->taglen);
  if (s && len)
    {
      bit = (s - 1) % (8 * len);
      tag[bit / 8] ^= 1 << (bit % 8);
    }
}


/* Open ALGO, MODE, FLAGS as A and B.  fuzz-impls skips its number of
   implementations on both.  */
static void
do_open (struct prog *p, int algo, int mode, unsigned int flags)
{
  gpg_err_code_t rc;

  bcry_cipher_close (p->a);
  bcry_cipher_close (p->b);
  p->a = p->b = NULL;
  p->algo = algo;
  p->mode = mode;
  p->flags = flags;
  p->keylen = 0;
  p->skip = p->skip_next = p->impl < 0 ? 0 : p->impl;
  p->weak_ok = p->weak_next = 0;
  rc = check_rc (p, CALL_OPEN, bcry_cipher_open (&p->a, algo, mode, flags));
  trace_add (p, CALL_OPEN, rc, NULL, 0);
  if (rc)
    {
      if (p->a)
        fail (p, "open failed but gave a handle");
      return;
    }
  if (bcry_cipher_open (&p->b, algo, mode, flags))
    fail (p, "the second open failed");
  if (p->skip
      && (bcry_cipher_ctl (p->a, BCRYCTL_SKIP_IMPLS, NULL, p->skip)
          || bcry_cipher_ctl (p->b, BCRYCTL_SKIP_IMPLS, NULL, p->skip)))
    fail (p, "BCRYCTL_SKIP_IMPLS failed");
}

/* FUZZ_OP_OPEN: algorithm, mode, flags.  fuzz-impls keeps its
   algorithm.  */
static void
op_open (struct prog *p, struct input *in)
{
  int algo = pick_algo (p, get8 (in));
  int mode = pick_mode (p, get8 (in));
  unsigned int flags = pick_flags (p, get8 (in));

  do_open (p, p->impl < 0 ? algo : p->algo, mode, flags);
}

/* FUZZ_OP_SETKEY: a selector S and a seed.  S & 3: 0 the algorithm's
   key length, 1 twice it, 2 (S >> 2) % 65 bytes, 3 NULL with length 0
   or, if S & 4, the key length.  S & 0x80: the halves are equal.  */
static void
op_setkey (struct prog *p, struct input *in)
{
  unsigned int s = get8 (in), seed = get8 (in);
  size_t klen = bcry_cipher_get_algo_keylen (p->algo), len;
  unsigned char key[MAX_KEY];
  const unsigned char *kp = key;
  gpg_err_code_t rc;

  switch (s & 3)
    {
    case 0: len = klen; break;
    case 1: len = 2 * klen; break;
    case 2: len = (s >> 2) % (MAX_KEY + 1); break;
    default: len = s & 4 ? klen : 0; kp = NULL; break;
    }
  if (len > MAX_KEY)
    len = MAX_KEY;
  fill (key, sizeof key, seed);
  if (s & 0x80)
    memcpy (key + len / 2, key, len / 2);
  kp = kp ? dup_exact (key, len) : NULL;
  rc = check_rc (p, CALL_SETKEY, bcry_cipher_setkey (p->a, kp, len));
  trace_add (p, CALL_SETKEY, rc, NULL, 0);
  if (shadow_takes (p, rc))
    shadow_same (p, CALL_SETKEY, rc,
                 bcry_err_code (bcry_cipher_setkey (p->b, kp, len)));
  if (!rc)
    {
      memcpy (p->key, key, len);
      p->keylen = len;
      p->skip = p->skip_next;
      p->weak_ok = p->weak_next;
    }
  else if (rc == GPG_ERR_NOT_SUPPORTED)
    p->keylen = 0;
  free ((void *)kp);
}

/* FUZZ_OP_SETIV and FUZZ_OP_SETCTR: a length byte (pick_buf), then
   that many bytes.  */
static void
op_setiv (struct prog *p, struct input *in, int ctr)
{
  enum call call = ctr ? CALL_SETCTR : CALL_SETIV;
  unsigned char buf[MAX_IV];
  const unsigned char *iv;
  unsigned char *copy;
  gpg_err_code_t rc;
  size_t len;

  iv = pick_buf (get8 (in), MAX_IV + 1, buf, &len);
  if (iv)
    get_bytes (in, buf, len);
  copy = iv ? dup_exact (iv, len) : NULL;
  if (ctr)
    rc = check_rc (p, call, bcry_cipher_setctr (p->a, copy, len));
  else
    rc = check_rc (p, call, bcry_cipher_setiv (p->a, copy, len));
  trace_add (p, call, rc, NULL, 0);
  if (shadow_takes (p, rc))
    shadow_same (p, call, rc, bcry_err_code (ctr
                                             ? bcry_cipher_setctr (p->b, copy,
                                                                   len)
                                             : bcry_cipher_setiv (p->b, copy,
                                                                  len)));
  free (copy);
}

/* FUZZ_OP_AUTH: a 16-bit length (0xffff NULL with 0, 0xfffe NULL with
   1), a seed.  */
static void
op_auth (struct prog *p, struct input *in)
{
  unsigned int l = get16 (in), seed = get8 (in);
  size_t len = l >= 0xfffe ? l - 0xffff + 1 : l % (FUZZ_MAX_DATA + 1);
  unsigned char *aad = NULL;
  gpg_err_code_t rc;

  if (l < 0xfffe)
    {
      aad = malloc (len ? len : 1);
      if (!aad)
        abort ();
      fill (aad, len, seed);
    }
  rc = check_rc (p, CALL_AUTH, bcry_cipher_authenticate (p->a, aad, len));
  trace_add (p, CALL_AUTH, rc, NULL, 0);
  if (shadow_takes (p, rc))
    shadow_same (p, CALL_AUTH, rc,
                 bcry_err_code (bcry_cipher_authenticate (p->b, aad, len)));
  free (aad);
}

/* One encrypt or decrypt call on handle H.  IN_MODE: 0 separate
   buffers, 1 IN == OUT, 2 IN NULL (in place, OUTSIZE bytes).  */
static gpg_err_code_t
crypt_call (struct prog *p, bcry_cipher_hd_t h, int enc,
            const unsigned char *data, size_t inlen, size_t outsize,
            int out_null, int in_mode, unsigned char **outp)
{
  enum call call = enc ? CALL_ENCRYPT : CALL_DECRYPT;
  const char *what = call_names[call];
  unsigned char *src = NULL;
  const void *inp;
  struct obuf o;
  gpg_err_code_t rc;
  gpg_error_t err;

  obuf_init (&o, outsize, in_mode ? inlen : 0);
  if (in_mode)
    {
      memcpy (o.p, data, inlen);
      inp = in_mode == 1 ? o.p : NULL;
    }
  else
    inp = src = dup_exact (data, inlen);
  obuf_arm (&o);
  if (enc)
    err = bcry_cipher_encrypt (h, out_null ? NULL : o.p, outsize, inp,
                               in_mode == 2 ? 0 : inlen);
  else
    err = bcry_cipher_decrypt (h, out_null ? NULL : o.p, outsize, inp,
                               in_mode == 2 ? 0 : inlen);
  rc = check_rc (p, call, err);
  obuf_check (p, &o, what);
  free (src);
  free (o.snap);
  *outp = o.p;
  return rc;
}

/* FUZZ_OP_ENCRYPT and FUZZ_OP_DECRYPT: a 16-bit length, a selector S
   and a seed.  S & 7 picks the output size: the length, +8, +16, -1,
   -8, -16, 0 with a NULL buffer, +1.  (S >> 3) & 3 is the IN_MODE of
   crypt_call.  S & 0x20: the input is the last encryption's output (as
   far as it goes), else generated.  */
static void
op_crypt (struct prog *p, struct input *in, int enc)
{
  static const int delta[8] = { 0, 8, 16, -1, -8, -16, 0, 1 };
  enum call call = enc ? CALL_ENCRYPT : CALL_DECRYPT;
  size_t len = get16 (in) % (FUZZ_MAX_DATA + 1);
  unsigned int s = get8 (in), seed = get8 (in);
  int out_null = (s & 7) == 6, in_mode = (s >> 3) & 3;
  long d = delta[s & 7];
  size_t outsize = out_null ? 0 : (long)len + d < 0 ? 0 : len + d;
  unsigned char *data, *oa = NULL, *ob = NULL;
  gpg_err_code_t rc;

  if (in_mode == 3)
    in_mode = 1;
  /* In place without IN the data is OUTSIZE bytes long.  */
  if (in_mode == 2)
    len = outsize;
  data = malloc (len + 1);
  if (!data)
    abort ();
  fill (data, len, seed);
  if ((s & 0x20) && p->last)
    memcpy (data, p->last, len < p->lastlen ? len : p->lastlen);

  rc = crypt_call (p, p->a, enc, data, len, outsize, out_null, in_mode,
                   &oa);
  trace_add (p, call, rc, oa, rc ? 0 : outsize);
  if (shadow_takes (p, rc))
    {
      shadow_same (p, call, rc, crypt_call (p, p->b, enc, data, len, outsize,
                                            out_null, in_mode, &ob));
      if (!rc && memcmp (oa, ob, outsize))
        fail (p, "%s: the output differs from the shadow handle's",
              call_names[call]);
    }
  if (!rc && enc)
    {
      free (p->last);
      p->last = dup_exact (oa, outsize);
      p->lastlen = outsize;
    }
  free (oa);
  free (ob);
  free (data);
}

/* FUZZ_OP_GETTAG: a length byte (pick_buf).  */
static void
op_gettag (struct prog *p, struct input *in)
{
  unsigned char buf[MAX_TAG];
  struct obuf oa, ob;
  gpg_err_code_t rc;
  size_t len;
  int null = !pick_buf (get8 (in), MAX_TAG, buf, &len);

  obuf_init (&oa, null ? 0 : len, 0);
  obuf_arm (&oa);
  rc = check_rc (p, CALL_GETTAG,
                 bcry_cipher_gettag (p->a, null ? NULL : oa.p, len));
  obuf_check (p, &oa, "gettag");
  trace_add (p, CALL_GETTAG, rc, oa.p, rc ? 0 : len);
  if (shadow_takes (p, rc))
    {
      obuf_init (&ob, null ? 0 : len, 0);
      obuf_arm (&ob);
      shadow_same (p, CALL_GETTAG, rc,
                   bcry_err_code (bcry_cipher_gettag (p->b,
                                                      null ? NULL : ob.p,
                                                      len)));
      obuf_check (p, &ob, "gettag");
      if (!rc && memcmp (oa.p, ob.p, len))
        fail (p, "gettag: the tag differs from the shadow handle's");
      obuf_free (&ob);
    }
  if (!rc && !null)
    {
      memcpy (p->tag, oa.p, len);
      p->taglen = len;
    }
  obuf_free (&oa);
}

/* FUZZ_OP_CHECKTAG: a length byte (pick_buf), a tag selector
   (pick_tag).  */
static void
op_checktag (struct prog *p, struct input *in)
{
  unsigned char buf[MAX_TAG], *tag;
  const unsigned char *bp;
  gpg_err_code_t rc;
  size_t len;

  bp = pick_buf (get8 (in), MAX_TAG, buf, &len);
  pick_tag (p, get8 (in), buf, bp ? len : 0);
  tag = bp ? dup_exact (buf, len) : NULL;
  rc = check_rc (p, CALL_CHECKTAG, bcry_cipher_checktag (p->a, tag, len));
  trace_add (p, CALL_CHECKTAG, rc, NULL, 0);
  if (shadow_takes (p, rc))
    shadow_same (p, CALL_CHECKTAG, rc,
                 bcry_err_code (bcry_cipher_checktag (p->b, tag, len)));
  free (tag);
}

/* A ctl call on A, and on B if A took it.  BUF is copied for each, so
   a command that writes to it is checked against LEN.  */
static gpg_err_code_t
ctl_both (struct prog *p, int cmd, const void *buf, size_t len,
          size_t buflen)
{
  struct obuf oa, ob;
  gpg_err_code_t rc;

  obuf_init (&oa, len, 0);
  if (buf)
    memcpy (oa.p, buf, len);
  obuf_arm (&oa);
  rc = check_rc (p, CALL_CTL, bcry_cipher_ctl (p->a, cmd, buf ? oa.p : NULL,
                                               buflen));
  obuf_check (p, &oa, "ctl");
  trace_add (p, CALL_CTL, rc, NULL, 0);
  if (shadow_takes (p, rc))
    {
      obuf_init (&ob, len, 0);
      if (buf)
        memcpy (ob.p, buf, len);
      obuf_arm (&ob);
      shadow_same (p, CALL_CTL, rc,
                   bcry_err_code (bcry_cipher_ctl (p->b, cmd,
                                                   buf ? ob.p : NULL,
                                                   buflen)));
      obuf_check (p, &ob, "ctl");
      obuf_free (&ob);
    }
  obuf_free (&oa);
  return rc;
}

/* Remember what a ctl command that succeeded changed of what a message
   must replay on its own handles.  */
static void
note_ctl (struct prog *p, int cmd, size_t buflen)
{
  unsigned int flag = cmd == BCRYCTL_SET_CBC_CTS ? BCRY_CIPHER_CBC_CTS
                                                  : BCRY_CIPHER_CBC_MAC;

  switch (cmd)
    {
    case BCRYCTL_SKIP_IMPLS:
      p->skip_next = buflen;
      break;
    case BCRYCTL_SET_ALLOW_WEAK_KEY:
      p->weak_next = !!buflen;
      break;
    case BCRYCTL_SET_CBC_CTS:
    case BCRYCTL_SET_CBC_MAC:
      p->flags = buflen ? p->flags | flag : p->flags & ~flag;
      break;
    default:
      break;
    }
}

/* FUZZ_OP_FINAL: a byte, 0 for the proper call, else a buffer (odd)
   or a length that the call must refuse.  */
static void
op_final (struct prog *p, struct input *in)
{
  unsigned int b = get8 (in);
  unsigned char dummy[1] = { 0 };

  ctl_both (p, BCRYCTL_FINALIZE, (b & 1) ? dummy : NULL, 1, b >> 1);
}

/* FUZZ_OP_CTL: a sub-command (enum fuzz_ctl) and its arguments.  */
static void
op_ctl (struct prog *p, struct input *in)
{
  unsigned int sub = get8 (in) % FUZZ_N_CTLS, s, n;
  unsigned char buf[MAX_TAG];
  uint64_t params[3];
  const unsigned char *bp;
  size_t len;
  int v, cmd;

  memset (buf, 0, sizeof buf);
  switch (sub)
    {
    case FUZZ_CTL_CCM_LENGTHS:
      /* S: bit 0 a wrong size, bit 1 NULL, bit 2 a data length too long
         for any length field; then data, AAD and tag lengths.  */
      s = get8 (in);
      params[0] = get16 (in);
      params[1] = get16 (in);
      params[2] = get8 (in);
      if (s & 4)
        params[0] |= (uint64_t)1 << 63;
      ctl_both (p, BCRYCTL_SET_CCM_LENGTHS, (s & 2) ? NULL : params,
                sizeof params, sizeof params - (s & 1));
      break;
    case FUZZ_CTL_SET_TAGLEN:
      /* S: bit 0 a wrong size, bit 1 NULL; then the length, signed.  */
      s = get8 (in);
      v = (signed char)get8 (in);
      ctl_both (p, BCRYCTL_SET_TAGLEN, (s & 2) ? NULL : &v, sizeof v,
                sizeof v + (s & 1));
      break;
    case FUZZ_CTL_SKIP_IMPLS:
      /* fuzz-impls does its own skipping.  */
      n = get8 (in) % 6;
      if (p->impl < 0 && !ctl_both (p, BCRYCTL_SKIP_IMPLS, NULL, 0, n))
        note_ctl (p, BCRYCTL_SKIP_IMPLS, n);
      break;
    case FUZZ_CTL_WEAK_KEY:
      /* S: bit 7 a buffer, which the call refuses; else S & 3 the
         flag, 2 and 3 refused.  */
      s = get8 (in);
      if (!ctl_both (p, BCRYCTL_SET_ALLOW_WEAK_KEY, (s & 0x80) ? buf : NULL,
                     1, s & 3))
        note_ctl (p, BCRYCTL_SET_ALLOW_WEAK_KEY, s & 3);
      break;
    case FUZZ_CTL_CBC_CTS:
    case FUZZ_CTL_CBC_MAC:
      s = get8 (in) & 1;
      cmd = sub == FUZZ_CTL_CBC_CTS ? BCRYCTL_SET_CBC_CTS
                                    : BCRYCTL_SET_CBC_MAC;
      if (!ctl_both (p, cmd, NULL, 0, s))
        note_ctl (p, cmd, s);
      break;
    case FUZZ_CTL_DECRYPTION_TAG:
      /* A length byte (pick_buf), a tag selector (pick_tag).  */
      bp = pick_buf (get8 (in), MAX_TAG, buf, &len);
      pick_tag (p, get8 (in), buf, bp ? len : 0);
      ctl_both (p, BCRYCTL_SET_DECRYPTION_TAG, bp, len, len);
      break;
    case FUZZ_CTL_CFB_SYNC:
      ctl_both (p, BCRYCTL_CFB_SYNC, NULL, 0, 0);
      break;
    default:
      /* Any command number, with a buffer of LEN bytes (bit 7: NULL,
         LEN the length alone).  */
      cmd = get16 (in);
      s = get8 (in);
      len = (s & 0x7f) % (MAX_TAG + 1);
      fill (buf, sizeof buf, s);
      if (cmd == BCRYCTL_SKIP_IMPLS && p->impl >= 0)
        break;
      if (!ctl_both (p, cmd, (s & 0x80) ? NULL : buf, len, len))
        note_ctl (p, cmd, len);
      break;
    }
}

/* FUZZ_OP_INFO: a selector, 0 the implementation name (then a size
   byte, 0xff: NULL buffer), 1 BCRYCTL_GET_TAGLEN, 2 any query with a
   NULL size (then its number).  fuzz-impls keeps the name out of the
   trace: it names the implementation.  */
static void
op_info (struct prog *p, struct input *in)
{
  unsigned int s = get8 (in) % 3, b;
  size_t na, nb;
  struct obuf oa, ob;
  gpg_err_code_t rc;
  int what;

  switch (s)
    {
    case 0:
      b = get8 (in);
      na = nb = b == 0xff ? 0 : b;
      obuf_init (&oa, na, 0);
      obuf_arm (&oa);
      rc = check_rc (p, CALL_INFO,
                     bcry_cipher_info (p->a, BCRYCTL_GET_IMPL_NAME,
                                       b == 0xff ? NULL : oa.p, &na));
      obuf_check (p, &oa, "info");
      if (!rc && b != 0xff && (!na || na > nb || oa.p[na - 1]
                               || strlen ((char *)oa.p) != na - 1))
        fail (p, "info: the name is not a string of the length given");
      if (shadow_takes (p, rc))
        {
          obuf_init (&ob, nb, 0);
          obuf_arm (&ob);
          shadow_same (p, CALL_INFO, rc,
                       bcry_err_code (bcry_cipher_info
                                      (p->b, BCRYCTL_GET_IMPL_NAME,
                                       b == 0xff ? NULL : ob.p, &nb)));
          obuf_check (p, &ob, "info");
          if (!rc && (na != nb || (b != 0xff && memcmp (oa.p, ob.p, na))))
            fail (p, "info: the name differs from the shadow handle's");
          obuf_free (&ob);
        }
      obuf_free (&oa);
      break;
    case 1:
      na = 0;
      rc = check_rc (p, CALL_INFO, bcry_cipher_info (p->a, BCRYCTL_GET_TAGLEN,
                                                     NULL, &na));
      trace_add (p, CALL_INFO, rc, &na, rc ? 0 : sizeof na);
      break;
    default:
      what = get16 (in);
      rc = check_rc (p, CALL_INFO, bcry_cipher_info (p->a, what, NULL, NULL));
      if (!rc)
        fail (p, "info: query %d took a NULL size", what);
      break;
    }
}


/* A whole message, for FUZZ_OP_MESSAGE.  */
struct msg
{
  int no_iv, siv_order, final_last, ccm, in_place;
  size_t ivlen;
  unsigned char iv[MAX_IV];
  size_t naad, aadlen[3], aadtotal;
  unsigned char *aad;
  size_t len, taglen;
  size_t ncuts, cuts[MAX_CUTS];
  unsigned char *pt;
};

/* What one pass over a message gave.  */
struct pass
{
  gpg_err_code_t rc;          /* The first failure.  */
  unsigned char *out;
  size_t outlen;
  int have_tag;
  unsigned char tag[MAX_TAG];
};

/* Errors that mean "this mode has no such call".  */
static int
not_this_mode (gpg_err_code_t rc)
{
  return rc == GPG_ERR_INV_CIPHER_MODE || rc == GPG_ERR_INV_OP;
}

/* A fresh handle with the program's algorithm, mode, flags, skip and
   key.  */
static bcry_cipher_hd_t
msg_open (struct prog *p)
{
  bcry_cipher_hd_t h;

  if (bcry_cipher_open (&h, p->algo, p->mode, p->flags))
    fail (p, "message: open failed");
  if ((p->skip && bcry_cipher_ctl (h, BCRYCTL_SKIP_IMPLS, NULL, p->skip))
      || (p->weak_ok && bcry_cipher_ctl (h, BCRYCTL_SET_ALLOW_WEAK_KEY,
                                         NULL, 1))
      || bcry_cipher_setkey (h, p->key, p->keylen))
    fail (p, "message: the key the handle took is refused");
  return h;
}

static gpg_err_code_t
msg_auth (struct prog *p, bcry_cipher_hd_t h, const struct msg *m)
{
  gpg_err_code_t rc = 0;
  size_t i, off = 0;

  for (i = 0; i < m->naad && !rc; off += m->aadlen[i++])
    rc = check_rc (p, CALL_AUTH,
                   bcry_cipher_authenticate (h, m->aad + off,
                                             m->aadlen[i]));
  return rc == GPG_ERR_INV_CIPHER_MODE ? 0 : rc;
}

/* Run M through a fresh handle: encrypt (ENC) or decrypt IN of INLEN
   bytes, in one call or split at M's cuts (CHUNKED), checking TAG
   (HAVE_TAG) when decrypting.  */
static void
msg_pass (struct prog *p, const struct msg *m, int enc, int chunked,
          const unsigned char *in, size_t inlen, const unsigned char *tag,
          int have_tag, struct pass *r)
{
  enum call call = enc ? CALL_ENCRYPT : CALL_DECRYPT;
  bcry_cipher_hd_t h = msg_open (p);
  size_t cuts[MAX_CUTS + 2], ncuts = 0, i, outsize = inlen, piece;
  unsigned char *out;
  gpg_err_code_t rc;
  uint64_t params[3];

  memset (r, 0, sizeof *r);
  r->out = calloc (1, inlen + 16 + 1);
  if (!r->out)
    abort ();

  rc = m->siv_order ? msg_auth (p, h, m) : 0;
  if (!rc && !m->no_iv)
    rc = check_rc (p, CALL_SETIV, bcry_cipher_setiv (h, m->iv, m->ivlen));
  if (!rc && m->ccm)
    {
      params[0] = m->len;
      params[1] = m->aadtotal;
      params[2] = m->taglen;
      rc = check_rc (p, CALL_CTL, bcry_cipher_ctl (h, BCRYCTL_SET_CCM_LENGTHS,
                                                   params, sizeof params));
      if (not_this_mode (rc))
        rc = 0;
    }
  if (!rc && !m->siv_order)
    rc = msg_auth (p, h, m);
  if (!rc && !enc && have_tag)
    {
      rc = check_rc (p, CALL_CTL, bcry_cipher_set_decryption_tag (h, tag,
                                                                  m->taglen));
      if (not_this_mode (rc))
        rc = 0;
    }
  if (rc)
    goto leave;

  cuts[ncuts++] = 0;
  if (chunked)
    for (i = 0; i < m->ncuts; i++)
      cuts[ncuts++] = m->cuts[i] < inlen ? m->cuts[i] : inlen;
  cuts[ncuts++] = inlen;
  for (i = 0; i + 1 < ncuts && !rc; i++)
    {
      piece = cuts[i + 1] - cuts[i];
      if (i + 2 == ncuts && m->final_last)
        check_rc (p, CALL_CTL, bcry_cipher_final (h));
      if (!chunked)
        {
          /* Key wrap writes more than it reads: the first size the
             mode takes is the length of its output.  A refused call
             changes nothing, so the next size can follow.  */
          for (outsize = inlen; ; outsize++)
            {
              rc = crypt_call (p, h, enc, in, inlen, outsize, 0,
                               m->in_place, &out);
              if (rc != GPG_ERR_BUFFER_TOO_SHORT || !enc
                  || outsize >= inlen + 16)
                break;
              free (out);
            }
        }
      else
        rc = crypt_call (p, h, enc, in + cuts[i], piece, piece, 0,
                         m->in_place, &out);
      if (!rc)
        memcpy (r->out + cuts[i], out, chunked ? piece : outsize);
      free (out);
    }
  r->outlen = chunked ? inlen : outsize;
  if (rc)
    goto leave;

  if (enc)
    {
      rc = check_rc (p, CALL_GETTAG, bcry_cipher_gettag (h, r->tag,
                                                         m->taglen));
      r->have_tag = !rc;
      if (not_this_mode (rc))
        rc = 0;
    }
  else if (have_tag)
    rc = check_rc (p, CALL_CHECKTAG, bcry_cipher_checktag (h, tag,
                                                           m->taglen));

 leave:
  r->rc = rc;
  trace_add (p, call, rc, r->out, rc ? 0 : r->outlen);
  trace_add (p, CALL_GETTAG, rc, r->tag, r->have_tag ? m->taglen : 0);
  bcry_cipher_close (h);
}

/* Modes and flags where one encrypt or decrypt call is a whole data
   unit or message, so that splitting the data changes the result, as
   the manual says: XTS, key wrap, CBC with ciphertext stealing or as a
   MAC.  A mode whose calls are not a stream and is not listed here
   shows up at once as a "split" failure.  */
static int
calls_are_units (int mode, unsigned int flags)
{
  return mode == BCRY_CIPHER_MODE_XTS || mode == BCRY_CIPHER_MODE_AESWRAP
    || (mode == BCRY_CIPHER_MODE_CBC
        && (flags & (BCRY_CIPHER_CBC_CTS | BCRY_CIPHER_CBC_MAC)));
}

static void
pass_free (struct pass *r)
{
  free (r->out);
}

/* FUZZ_OP_MESSAGE: an IV length byte (0xff: no setiv), the IV, a flags
   byte F (1: AAD before the IV as SIV's nonce comes last; 2: final
   before the last call; 4: BCRYCTL_SET_CCM_LENGTHS; 8: the split
   calls in place; (F >> 4) & 3 AAD pieces), the 16-bit length of each
   AAD piece, the 16-bit data length, the tag length, the number of
   cuts and each as a 16-bit offset, a data seed and a key seed (when
   no key was set: the algorithm's key length, else twice it).  */
static void
op_message (struct prog *p, struct input *in)
{
  struct msg m;
  struct pass e1, d1, e2, d2;
  unsigned int b, f, seed, kseed;
  size_t i, j, klen, cut;

  memset (&m, 0, sizeof m);
  b = get8 (in);
  m.no_iv = b == 0xff;
  m.ivlen = m.no_iv ? 0 : b % (MAX_IV + 1);
  get_bytes (in, m.iv, m.ivlen);
  f = get8 (in);
  m.siv_order = f & 1;
  m.final_last = !!(f & 2);
  m.ccm = !!(f & 4);
  m.in_place = !!(f & 8);
  m.naad = (f >> 4) & 3;
  for (i = 0; i < m.naad; i++)
    m.aadtotal += m.aadlen[i] = get16 (in) % 1024;
  m.len = get16 (in) % (FUZZ_MAX_DATA + 1);
  m.taglen = get8 (in) % 17;
  m.ncuts = get8 (in) % (MAX_CUTS + 1);
  for (i = 0; i < m.ncuts; i++)
    {
      /* Sorted as they come, by insertion.  */
      cut = get16 (in) % (m.len + 1);
      for (j = i; j > 0 && m.cuts[j - 1] > cut; j--)
        m.cuts[j] = m.cuts[j - 1];
      m.cuts[j] = cut;
    }
  seed = get8 (in);
  kseed = get8 (in);

  if (!p->a)
    return;
  if (!p->keylen)
    {
      /* The first of the usual key lengths the handle takes, tried on
         a fresh handle so that A stays as it is.  */
      bcry_cipher_hd_t h;
      int ok = 0;

      klen = bcry_cipher_get_algo_keylen (p->algo);
      fill (p->key, sizeof p->key, kseed);
      if (bcry_cipher_open (&h, p->algo, p->mode, p->flags))
        return;
      p->skip = p->skip_next;
      p->weak_ok = 0;
      bcry_cipher_ctl (h, BCRYCTL_SKIP_IMPLS, NULL, p->skip);
      for (p->keylen = klen; p->keylen <= 2 * klen; p->keylen += klen)
        if (!bcry_cipher_setkey (h, p->key, p->keylen))
          {
            ok = 1;
            break;
          }
      bcry_cipher_close (h);
      if (!ok)
        {
          p->keylen = 0;
          return;
        }
    }

  m.aad = malloc (m.aadtotal + 1);
  m.pt = malloc (m.len + 1);
  if (!m.aad || !m.pt)
    abort ();
  fill (m.aad, m.aadtotal, seed ^ 0x55);
  fill (m.pt, m.len, seed);

  msg_pass (p, &m, 1, 0, m.pt, m.len, NULL, 0, &e1);
  if (e1.rc)
    goto out;
  p->messages++;
  if (!(p->flags & BCRY_CIPHER_CBC_MAC))
    {
      msg_pass (p, &m, 0, 0, e1.out, e1.outlen, e1.tag, e1.have_tag, &d1);
      if (d1.rc)
        fail (p, "message: decrypting what was encrypted gives %s",
              gpg_strerror (d1.rc));
      if (memcmp (d1.out, m.pt, m.len))
        fail (p, "message: decrypting what was encrypted gives other data"
              " (%zu bytes)", m.len);
      pass_free (&d1);
    }
  if (m.ncuts && !calls_are_units (p->mode, p->flags))
    {
      msg_pass (p, &m, 1, 1, m.pt, m.len, NULL, 0, &e2);
      if (!e2.rc && memcmp (e2.out, e1.out, m.len))
        fail (p, "message: encrypting in %zu calls gives other data than"
              " in one (%zu bytes)", m.ncuts + 1, m.len);
      if (!e2.rc && e2.have_tag != e1.have_tag)
        fail (p, "message: a tag in one call but not in several");
      if (!e2.rc && e1.have_tag && memcmp (e2.tag, e1.tag, m.taglen))
        fail (p, "message: encrypting in %zu calls gives another tag",
              m.ncuts + 1);
      pass_free (&e2);
      if (!(p->flags & BCRY_CIPHER_CBC_MAC))
        {
          msg_pass (p, &m, 0, 1, e1.out, m.len, e1.tag, e1.have_tag, &d2);
          if (!d2.rc && memcmp (d2.out, m.pt, m.len))
            fail (p, "message: decrypting in %zu calls gives other data"
                  " than in one (%zu bytes)", m.ncuts + 1, m.len);
          pass_free (&d2);
        }
    }
 out:
  pass_free (&e1);
  free (m.aad);
  free (m.pt);
}


static const char *const op_names[FUZZ_N_OPS] =
  {
    "open", "setkey", "setiv", "setctr", "authenticate", "encrypt",
    "decrypt", "gettag", "checktag", "reset", "final", "ctl", "info",
    "message", "close"
  };

unsigned int
fuzz_run (const uint8_t *data, size_t size, int impl, struct fuzz_trace *t)
{
  struct input in = { data, size };
  struct prog p;
  unsigned int op;

  enumerate ();
  memset (&p, 0, sizeof p);
  p.impl = impl;
  p.trace = t;
  p.opname = "open";
  if (impl >= 0)
    {
      p.algo = algos[get8 (&in) % nalgos];
      do_open (&p, p.algo, pick_mode (&p, get8 (&in)),
               pick_flags (&p, get8 (&in)));
    }
  else
    op_open (&p, &in);

  while (in.n)
    {
      op = get8 (&in) % FUZZ_N_OPS;
      p.opno++;
      p.opname = op_names[op];
      switch (op)
        {
        case FUZZ_OP_OPEN: op_open (&p, &in); break;
        case FUZZ_OP_SETKEY: op_setkey (&p, &in); break;
        case FUZZ_OP_SETIV: op_setiv (&p, &in, 0); break;
        case FUZZ_OP_SETCTR: op_setiv (&p, &in, 1); break;
        case FUZZ_OP_AUTH: op_auth (&p, &in); break;
        case FUZZ_OP_ENCRYPT: op_crypt (&p, &in, 1); break;
        case FUZZ_OP_DECRYPT: op_crypt (&p, &in, 0); break;
        case FUZZ_OP_GETTAG: op_gettag (&p, &in); break;
        case FUZZ_OP_CHECKTAG: op_checktag (&p, &in); break;
        case FUZZ_OP_RESET:
          ctl_both (&p, BCRYCTL_RESET, NULL, 0, 0);
          break;
        case FUZZ_OP_FINAL: op_final (&p, &in); break;
        case FUZZ_OP_CTL: op_ctl (&p, &in); break;
        case FUZZ_OP_INFO: op_info (&p, &in); break;
        case FUZZ_OP_MESSAGE: op_message (&p, &in); break;
        default:
          /* Later calls get a NULL handle, which each must refuse.  */
          bcry_cipher_close (p.a);
          bcry_cipher_close (p.b);
          p.a = p.b = NULL;
          break;
        }
    }
  bcry_cipher_close (p.a);
  bcry_cipher_close (p.b);
  free (p.last);
  return p.messages;
}


int
fuzz_program_algo (const uint8_t *data, size_t size)
{
  enumerate ();
  return algos[(size ? data[0] : 0) % nalgos];
}

unsigned int
fuzz_impl_count (int algo)
{
  static int cached_algo[64];
  static unsigned int cached_n[64];
  static size_t ncached;
  unsigned char key[MAX_KEY];
  size_t klen = bcry_cipher_get_algo_keylen (algo), i;
  bcry_cipher_hd_t h;
  gpg_err_code_t rc;
  unsigned int n;

  for (i = 0; i < ncached; i++)
    if (cached_algo[i] == algo)
      return cached_n[i];
  enumerate ();
  /* Distinct halves: XTS refuses equal ones.  */
  for (i = 0; i < sizeof key; i++)
    key[i] = i;
  for (n = 0; n < 64; n++)
    {
      if (bcry_cipher_open (&h, algo, modes[0], 0))
        abort ();
      bcry_cipher_ctl (h, BCRYCTL_SKIP_IMPLS, NULL, n);
      rc = bcry_err_code (bcry_cipher_setkey (h, key, klen));
      if (rc == GPG_ERR_INV_KEYLEN)
        rc = bcry_err_code (bcry_cipher_setkey (h, key, 2 * klen));
      bcry_cipher_close (h);
      if (rc)
        break;
    }
  if (ncached < DIMOF (cached_algo))
    {
      cached_algo[ncached] = algo;
      cached_n[ncached++] = n;
    }
  return n;
}

/* The name of ALGO's implementation after skipping IMPL.  */
static const char *
impl_label (int algo, unsigned int impl, char *buf, size_t size)
{
  unsigned char key[MAX_KEY];
  size_t klen = bcry_cipher_get_algo_keylen (algo), i;
  bcry_cipher_hd_t h;

  for (i = 0; i < sizeof key; i++)
    key[i] = i;
  snprintf (buf, size, "?");
  if (bcry_cipher_open (&h, algo, modes[0], 0))
    return buf;
  bcry_cipher_ctl (h, BCRYCTL_SKIP_IMPLS, NULL, impl);
  if (!bcry_cipher_setkey (h, key, klen)
      || !bcry_cipher_setkey (h, key, 2 * klen))
    snprintf (buf, size, "%s", bcry_cipher_impl_name (h));
  bcry_cipher_close (h);
  return buf;
}

void
fuzz_trace_compare (const struct fuzz_trace *a, const struct fuzz_trace *b,
                    int algo, unsigned int impl)
{
  uint32_t ha[4], hb[4];
  size_t off = 0, i;
  char na[160], nb[160];

  while (off < a->len && off < b->len)
    {
      memcpy (ha, a->buf + off, sizeof ha);
      memcpy (hb, b->buf + off, sizeof hb);
      if (memcmp (ha, hb, sizeof ha)
          || memcmp (a->buf + off + sizeof ha, b->buf + off + sizeof hb,
                     ha[3]))
        {
          fprintf (stderr, "fuzz-impls: op %u, %s: \"%s\" gave", ha[0],
                   ha[1] < N_CALLS ? call_names[ha[1]] : "?",
                   impl_label (algo, 0, na, sizeof na));
          fprintf (stderr, " %s (%u bytes), \"%s\" gave", gpg_strerror (ha[2]),
                   ha[3], impl_label (algo, impl, nb, sizeof nb));
          fprintf (stderr, " op %u %s, %s (%u bytes)", hb[0],
                   hb[1] < N_CALLS ? call_names[hb[1]] : "?",
                   gpg_strerror (hb[2]), hb[3]);
          for (i = 0; i < ha[3] && i < hb[3]; i++)
            if (a->buf[off + sizeof ha + i] != b->buf[off + sizeof hb + i])
              {
                fprintf (stderr, "; first difference at byte %zu", i);
                break;
              }
          fputc ('\n', stderr);
          abort ();
        }
      off += sizeof ha + ha[3];
    }
  if (a->len != b->len)
    {
      fprintf (stderr, "fuzz-impls: \"%s\" and \"%s\" made traces of"
               " different lengths\n", impl_label (algo, 0, na, sizeof na),
               impl_label (algo, impl, nb, sizeof nb));
      abort ();
    }
}

void
fuzz_trace_free (struct fuzz_trace *t)
{
  free (t->buf);
  t->buf = NULL;
  t->len = t->cap = 0;
}
