/* t-diff.c - differential test against libgcrypt and Nettle
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Random messages go through bulkcrypt and through another library
 * (libgcrypt, Nettle: t-diff.h), whose outputs and tags must agree byte
 * for byte; each side then decrypts what the other encrypted.  What is
 * tested comes from the library, as in t-wipe and t-threads
 * (t-drive.h): every algorithm and mode it has, the flags that change a
 * mode's output (CBC's ciphertext stealing and MAC, key wrap with
 * padding), every implementation (BCRYCTL_SKIP_IMPLS), and, as tests/
 * basic does, every CPU-feature level: the program runs itself again
 * with BULKCRYPT_HWF_DISABLE switching features off one by one.  The
 * other library takes part wherever it opens the same algorithm, mode
 * and flags; only t-diff-nettle.c has tables, the map to Nettle.
 *
 * A case has a random key, IV (of a random length where the mode takes
 * several), AAD and data of 0 to 8 KiB, and encrypts and decrypts in
 * place or out of place at random.  How a side may split the data and
 * the AAD of a message into calls is found by trial at the start of
 * each level: one call, whole blocks but the last, or any split,
 * whichever gives the one-call result; bulkcrypt and libgcrypt must
 * find the same.  Each case then splits at random within those rules:
 * bulkcrypt encrypts in one call and again split, the other side
 * split, both decrypt the other's split, and bulkcrypt must refuse the
 * other's message with one bit of the tag changed.  A message the other
 * side cannot take (an IV or length outside its range, Nettle's one
 * AAD component in SIV) is counted as declined, not failed.
 *
 * Usage: t-diff [--verbose] [--seed N] [--iterations N] [--seconds T]
 * [--one-level].  The seed is fixed unless --iterations or --seconds
 * come without --seed; it is printed, and --seed with --one-level and
 * the level's BULKCRYPT_HWF_DISABLE replays a failure.  --iterations
 * sets the rounds per level (a round is one case per algorithm, mode,
 * implementation and other library), --seconds the time of the whole
 * run.  The summary gives the cases per algorithm, mode and library
 * (with --one-level, as the "@case" lines it is made from); the last
 * line is "N passed, M failed".  Without either library the
 * test is skipped (exit status 77).
 */

#include <config.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "t-diff.h"

/* Rounds per level by default: the whole run, at every level of this
   2-core machine, stays well under a minute.  */
#define DEFAULT_ROUNDS 6

static int verbose, level_only;
static unsigned long long seed;
static unsigned int rounds = DEFAULT_ROUNDS;
static double seconds;

static const char help_text[] =
  "Compares bulkcrypt with libgcrypt and Nettle, whichever this build\n"
  "has, on random messages in every algorithm, mode and\n"
  "implementation, at every CPU-feature level of this machine; each\n"
  "level runs in a process of its own.\n"
  "\n"
  "  --verbose       also print each message another library declines\n"
  "                  and the rounds each level ran\n"
  "  --seed N        the cases of seed N (default: 1, or a random seed\n"
  "                  with --iterations or --seconds)\n"
  "  --iterations N  rounds per level (default 6); a round is a case\n"
  "                  per algorithm, mode, implementation and library\n"
  "  --seconds T     run for about T seconds in all instead\n"
  "  --one-level     only the level BULKCRYPT_HWF_DISABLE selects, in\n"
  "                  this process\n"
  "  --help          this text\n"
  "\n"
  "The last line is \"N passed, M failed\"; the exit status is 1\n"
  "when M is not 0, 2 after a bad option and 77 (skipped) without\n"
  "libgcrypt and Nettle.\n";

static void
options (int argc, char **argv)
{
  int i, seed_given = 0, random_seed = 0;
  const char *v;
  char *end;

  cli_init (argv[0], "[--verbose] [--seed N] [--iterations N]\n"
            "[--seconds T] [--one-level]", help_text);
  for (i = 1; i < argc; i++)
    {
      const char *o = argv[i];

      if (!strcmp (o, "--help"))
        cli_help ();
      else if (!strcmp (o, "--verbose"))
        verbose = 1;
      else if (!strcmp (o, "--one-level"))
        level_only = 1;
      else if (!strcmp (o, "--seed"))
        {
          seed = cli_number (o, cli_value (argc, argv, &i), 0, UINT64_MAX);
          seed_given = 1;
        }
      else if (!strcmp (o, "--iterations"))
        {
          rounds = cli_number (o, cli_value (argc, argv, &i), 1, UINT_MAX);
          random_seed = 1;
        }
      else if (!strcmp (o, "--seconds"))
        {
          v = cli_value (argc, argv, &i);
          errno = 0;
          seconds = strtod (v, &end);
          if (errno || *end || !(seconds > 0))
            cli_bad_usage ("%s: '%s' is not a number of seconds above 0",
                           o, v);
          random_seed = 1;
        }
      else
        cli_bad_usage ("unknown option '%s'", o);
    }
  if (!seed_given)
    seed = random_seed ? (unsigned long long)time (NULL) << 20 ^ getpid ()
      : 1;
}

#if !defined (HAVE_LIBGCRYPT) && !defined (HAVE_NETTLE)

int
main (int argc, char **argv)
{
  options (argc, argv);
  printf ("t-diff: built without libgcrypt and Nettle, skipped\n"
          "0 passed, 0 failed\n");
  return 77;
}

#else

#define MAX_LEN 8192
#define MAX_AAD 600
/* A length the mode refuses grows by up to three blocks.  */
#define BUF (MAX_LEN + 3 * 16 + DRIVE_SLACK)
#define MAX_CHUNKS 8
#define MAX_COMBOS 512
#define MAX_IMPLS 16

/* The flags that can change what a mode computes; the others (secure
   memory, CFB sync) cannot.  Each that does for a mode is a variant of
   its own.  */
static const unsigned int variant_flags[] =
  { BCRY_CIPHER_CBC_CTS, BCRY_CIPHER_CBC_MAC, BCRY_CIPHER_EXTENDED };

/* How a side may split a message into calls.  */
enum split { SPLIT_ONE, SPLIT_BLOCKS, SPLIT_ANY };
static const char *const split_name[] = { "one call", "blocks", "any" };

struct side
{
  const struct drive_api *api;
  int have;                   /* Opens this combination.  */
  enum split split;
  enum split aad_split;       /* The same for the AAD, if it has a tag.  */
  int roundtrip;              /* Decrypting gives the plaintext back.  */
  int has_tag;
  unsigned long cases, failed, skipped;
};

/* "any" or "any, AAD blocks", for messages; two at a time.  */
static const char *
splits_of (const struct side *s)
{
  static char buf[2][32];
  static int n;

  n ^= 1;
  if (s->has_tag)
    snprintf (buf[n], sizeof buf[n], "%s, AAD %s", split_name[s->split],
              split_name[s->aad_split]);
  else
    snprintf (buf[n], sizeof buf[n], "%s", split_name[s->split]);
  return buf[n];
}

static const struct drive_api *const others[] =
  {
#ifdef HAVE_LIBGCRYPT
    &diff_gcry,
#endif
#ifdef HAVE_NETTLE
    &diff_nettle,
#endif
  };
#define N_OTHERS (sizeof others / sizeof others[0])

struct combo
{
  int algo, mode;
  unsigned int flags;
  char label[64];
  size_t keylen;
  unsigned int n_impls;
  char impls[400];            /* Their names, separated by '|'.  */
  struct side self;
  struct side other[N_OTHERS];
};

/* Whether libgcrypt is recent enough to be a side.  */
static int other_ok[N_OTHERS > 0 ? N_OTHERS : 1];

/* libgcrypt has bulkcrypt's API: it must split messages the same way.  */
static int
same_api (const struct drive_api *api)
{
#ifdef HAVE_LIBGCRYPT
  return api == &diff_gcry;
#else
  (void)api;
  return 0;
#endif
}

static struct combo combos[MAX_COMBOS];
static size_t n_combos;
/* From the features in use: each level draws cases of its own.  */
static unsigned long long level_salt;

static unsigned long long
mix (unsigned long long h, unsigned long long v)
{
  unsigned long long s = h ^ (v * 0x9e3779b97f4a7c15ULL);

  return drive_rand (&s);
}

static const char *
combo_label (int algo, int mode, unsigned int flags)
{
  static char buf[64];

  snprintf (buf, sizeof buf, "%s%s%s%s", drive_label (algo, mode),
            (flags & BCRY_CIPHER_CBC_CTS) ? "-CTS" : "",
            (flags & BCRY_CIPHER_CBC_MAC) ? "-MAC" : "",
            (flags & BCRY_CIPHER_EXTENDED) ? "-PAD" : "");
  return buf;
}


/* A message and how it is passed.  */
struct msg
{
  struct drive_msg m;
  struct drive_how h;
};

/* Encrypt X through API: the output into OUT (zeros after it) and R.  */
static gpg_err_code_t
one_shot (const struct drive_api *api, void *hd, const struct msg *x,
          unsigned char *out, struct drive_out *r)
{
  memset (out, 0, BUF);
  return drive_encrypt_api (api, hd, &x->m, &x->h, out, r);
}

static int
same_result (const struct drive_out *a, const unsigned char *ca,
             const struct drive_out *b, const unsigned char *cb)
{
  return a->len == b->len && a->outlen == b->outlen
    && a->have_tag == b->have_tag && !memcmp (ca, cb, a->outlen)
    && (!a->have_tag || !memcmp (a->tag, b->tag, DRIVE_TAG));
}

/* WHAT and where A and B differ, for a failure message.  */
static const char *
difference (const char *what, const struct drive_out *a,
            const unsigned char *ca, const struct drive_out *b,
            const unsigned char *cb)
{
  static char buf[200];
  size_t i;

  if (a->len != b->len || a->outlen != b->outlen)
    snprintf (buf, sizeof buf, "%s: %zu bytes in and %zu out, not %zu "
              "and %zu", what, b->len, b->outlen, a->len, a->outlen);
  else
    {
      for (i = 0; i < a->outlen && ca[i] == cb[i]; i++)
        ;
      if (i < a->outlen)
        snprintf (buf, sizeof buf, "%s: output byte %zu of %zu", what, i,
                  a->outlen);
      else
        snprintf (buf, sizeof buf, "%s: the tag", what);
    }
  return buf;
}

/* Find how S->api splits ALGO in MODE with FLAGS into calls, and
   whether it decrypts back; S->have is 0 if it does not open them.
   KEYLEN as for drive_open_api.  */
static void
probe (struct side *s, int algo, int mode, unsigned int flags,
       size_t *keylen)
{
  static const size_t splits[2][3] = { { 5, 27, 0 }, { 16, 32, 0 } };
  unsigned char key[DRIVE_KEY], iv[DRIVE_IV], aad[20], pt[85];
  unsigned char one[BUF], split[BUF], back[BUF];
  unsigned long long st = 0x5eed;
  struct msg x = { { iv, aad, sizeof aad, pt, sizeof pt, 0 },
                   { 0, 1, 0, NULL, 0, NULL, 0 } };
  struct drive_out r1, r2;
  size_t chunks[3];
  const struct drive_api *api = s->api;
  void *hd;
  int i;

  memset (s, 0, sizeof *s);
  s->api = api;
  drive_fill (&st, key, sizeof key);
  drive_fill (&st, iv, sizeof iv);
  drive_fill (&st, aad, sizeof aad);
  drive_fill (&st, pt, sizeof pt);
  if (drive_open_api (s->api, &hd, algo, mode, flags, 0, key, keylen))
    return;
  if (one_shot (s->api, hd, &x, one, &r1))
    goto leave;
  s->have = 1;
  s->has_tag = r1.have_tag;
  memset (back, 0, sizeof back);
  s->roundtrip = (!drive_decrypt_api (s->api, hd, &x.m, &x.h, &r1, one,
                                      back)
                  && !memcmp (back, pt, r1.len));

  x.m.len = r1.len;
  x.h.ivlen = r1.ivlen;
  x.h.chunks = chunks;
  x.h.nchunks = 3;
  s->split = SPLIT_ONE;
  for (i = 0; i < 2 && s->split == SPLIT_ONE; i++)
    {
      if (r1.len < splits[i][0] + splits[i][1])
        continue;
      chunks[0] = splits[i][0];
      chunks[1] = splits[i][1];
      chunks[2] = r1.len - chunks[0] - chunks[1];
      if (!one_shot (s->api, hd, &x, split, &r2)
          && same_result (&r1, one, &r2, split))
        s->split = i ? SPLIT_BLOCKS : SPLIT_ANY;
    }

  /* The AAD, 20 bytes, split the same ways.  */
  x.h.chunks = NULL;
  x.h.aad_chunks = chunks;
  x.h.aad_nchunks = 2;
  s->aad_split = SPLIT_ONE;
  for (i = 0; i < 2 && r1.have_tag && s->aad_split == SPLIT_ONE; i++)
    {
      chunks[0] = splits[i][0] > 5 ? 16 : 5;
      chunks[1] = sizeof aad - chunks[0];
      if (!one_shot (s->api, hd, &x, split, &r2)
          && same_result (&r1, one, &r2, split))
        s->aad_split = i ? SPLIT_BLOCKS : SPLIT_ANY;
    }
 leave:
  s->api->close (hd);
}

/* Whether FLAGS changes what ALGO in MODE computes for a message.  */
static int
flag_changes_output (int algo, int mode, unsigned int flags)
{
  unsigned char key[DRIVE_KEY], iv[DRIVE_IV], pt[85];
  unsigned char out1[BUF], out2[BUF];
  unsigned long long st = 0xf1a9;
  struct msg x = { { iv, NULL, 0, pt, sizeof pt, 0 }, { 0, 0, 0, NULL, 0, NULL, 0 } };
  struct drive_out r1, r2;
  gpg_err_code_t rc1, rc2;
  void *h1, *h2;
  int changes = 1;

  drive_fill (&st, key, sizeof key);
  drive_fill (&st, iv, sizeof iv);
  drive_fill (&st, pt, sizeof pt);
  if (drive_open_api (&drive_bcry, &h1, algo, mode, 0, 0, key, NULL))
    return 1;
  if (!drive_open_api (&drive_bcry, &h2, algo, mode, flags, 0, key, NULL))
    {
      rc1 = one_shot (&drive_bcry, h1, &x, out1, &r1);
      rc2 = one_shot (&drive_bcry, h2, &x, out2, &r2);
      changes = rc1 != rc2 || !same_result (&r1, out1, &r2, out2);
      drive_bcry.close (h2);
    }
  drive_bcry.close (h1);
  return changes;
}

/* The algorithms, modes and variants at this level, with their splits
   and implementations.  */
static void
find_combos (void)
{
  int algos[64], modes[32];
  size_t na, nm, a, i, f, o;
  unsigned char key[DRIVE_KEY] = { 1 };

  na = drive_algos (algos, DIMOF (algos));
  for (a = 0; a < na; a++)
    {
      nm = drive_modes (algos[a], modes, DIMOF (modes));
      for (i = 0; i < nm; i++)
        for (f = 0; f <= DIMOF (variant_flags) && n_combos < MAX_COMBOS; f++)
          {
            struct combo *c = &combos[n_combos];
            bcry_cipher_hd_t hd;

            memset (c, 0, sizeof *c);
            c->algo = algos[a];
            c->mode = modes[i];
            c->flags = f ? variant_flags[f - 1] : 0;
            /* A flag that changes nothing is no variant.  */
            if (f && !flag_changes_output (c->algo, c->mode, c->flags))
              continue;
            c->self.api = &drive_bcry;
            probe (&c->self, c->algo, c->mode, c->flags, &c->keylen);
            if (!c->self.have)
              continue;
            snprintf (c->label, sizeof c->label, "%s",
                      combo_label (c->algo, c->mode, c->flags));
            for (c->n_impls = 0; c->n_impls < MAX_IMPLS; c->n_impls++)
              {
                if (drive_open (&hd, c->algo, c->mode, c->flags, c->n_impls,
                                key))
                  break;
                snprintf (c->impls + strlen (c->impls),
                          sizeof c->impls - strlen (c->impls), "%s%s",
                          c->n_impls ? "|" : "", bcry_cipher_impl_name (hd));
                bcry_cipher_close (hd);
              }
            for (o = 0; o < N_OTHERS; o++)
              {
                struct side *s = &c->other[o];

                s->api = others[o];
                if (other_ok[o])
                  {
                    size_t keylen = c->keylen;

                    probe (s, c->algo, c->mode, c->flags, &keylen);
                  }
                /* The same API must split the same way.  */
                if (s->have && same_api (s->api))
                  drive_check (s->split == c->self.split
                               && s->aad_split == c->self.aad_split
                               && s->roundtrip == c->self.roundtrip,
                               "%s: bulkcrypt splits %s%s, %s %s%s",
                               c->label, splits_of (&c->self),
                               c->self.roundtrip ? "" : " (no decryption)",
                               s->api->name, splits_of (s),
                               s->roundtrip ? "" : " (no decryption)");
              }
            n_combos++;
          }
    }
}


static int
cmp_size (const void *a, const void *b)
{
  size_t x = *(const size_t *)a, y = *(const size_t *)b;

  return x < y ? -1 : x > y;
}

/* Cut LEN into at most MAX_CHUNKS calls as SPLIT allows; returns the
   number of calls, 0 for one.  */
static size_t
make_chunks (unsigned long long *st, enum split split, size_t len,
             size_t *chunks)
{
  size_t g = split == SPLIT_ANY ? 1 : 16, cuts[MAX_CHUNKS];
  size_t n, k, i, prev, units = len / g;

  if (split == SPLIT_ONE || units < 2)
    return 0;
  k = 1 + drive_rand (st) % (MAX_CHUNKS - 1);
  /* Cut points strictly inside the data, on multiples of G.  */
  for (i = 0; i < k; i++)
    cuts[i] = (1 + drive_rand (st) % (units - 1)) * g;
  qsort (cuts, k, sizeof *cuts, cmp_size);
  for (i = 0, n = 0; i < k; i++)
    if (!n || cuts[n - 1] != cuts[i])
      cuts[n++] = cuts[i];
  for (i = 0, prev = 0; i < n; i++)
    {
      chunks[i] = cuts[i] - prev;
      prev = cuts[i];
    }
  chunks[n] = len - prev;
  return n + 1;
}

static void
describe (char *buf, size_t size, const struct msg *x)
{
  const struct drive_msg *m = &x->m;
  const struct drive_how *h = &x->h;
  size_t i, n;

  n = (size_t)snprintf (buf, size, "len %zu, IV %zu, AAD %zu%s, %s",
                        m->len, h->ivlen, m->aadlen,
                        h->aad_always && !m->aadlen ? " (given)" : "",
                        h->in_place == 2 ? "in place (NULL)"
                        : h->in_place ? "in place" : "out of place");
  for (i = 0; h->chunks && i < h->nchunks && n < size; i++)
    n += (size_t)snprintf (buf + n, size - n, "%s%zu", i ? "+" : ", calls ",
                           h->chunks[i]);
}

/* Errors with which the other side declines a message bulkcrypt takes,
   rather than fails it: Nettle's limits, and libgcrypt's differences in
   what lengths it takes (the output size of a CBC-MAC of nothing).  They are counted.  */
static int
declined (gpg_err_code_t rc)
{
  return rc == GPG_ERR_NOT_SUPPORTED || rc == GPG_ERR_TOO_LARGE
    || rc == GPG_ERR_INV_LENGTH || rc == GPG_ERR_BUFFER_TOO_SHORT;
}

/* In place or not, at random, where OK.  In place needs an output as
   long as the input; libgcrypt's key wrap does not take its input
   where its output goes, and a MAC writes less than it reads.  */
static int
place (unsigned long long *st, int ok)
{
  int r = (int)(drive_rand (st) % 3);

  return ok ? r : 0;
}

/* One case: combination C, bulkcrypt implementation IMPL against side
   O, round ROUND.  Counts one test.  */
static void
run_case (struct combo *c, unsigned int impl, struct side *o,
          unsigned int round)
{
  static unsigned char key[DRIVE_KEY], iv[DRIVE_IV], aad[MAX_AAD];
  static unsigned char pt[BUF], c1[BUF], c2[BUF], c3[BUF], p1[BUF], p2[BUF];
  size_t ch_b[MAX_CHUNKS + 1], ch_o[MAX_CHUNKS + 1], ch_d[MAX_CHUNKS + 1];
  size_t ca_b[MAX_CHUNKS + 1], ca_o[MAX_CHUNKS + 1], ca_d[MAX_CHUNKS + 1];
  struct msg x = { { iv, aad, 0, pt, 0, 0 }, { 0, 0, 0, NULL, 0, NULL, 0 } }, xo, xd;
  const struct msg *cur = &x;
  struct drive_out r1, r2, r3;
  unsigned long long st = seed ^ level_salt;
  const char *what = NULL, *who = "bulkcrypt";
  gpg_err_code_t rc = 0;
  void *hb = NULL, *ho = NULL;
  size_t keylen = 0;
  char info[300];
  unsigned int tries;

  st = mix (st, (unsigned long long)c->algo << 32 | (unsigned)c->mode);
  st = mix (st, (unsigned long long)c->flags << 32 | impl);
  st = mix (st, (unsigned long long)(o - c->other) << 32 | round);
  drive_fill (&st, key, sizeof key);
  drive_fill (&st, iv, sizeof iv);
  x.h.ivlen = drive_rand (&st) % 2 ? 1 + drive_rand (&st) % DRIVE_IV : 0;
  switch (drive_rand (&st) % 4)
    {
    case 0: x.m.aadlen = 0; break;
    case 1: x.m.aadlen = drive_rand (&st) % 40; break;
    default: x.m.aadlen = drive_rand (&st) % MAX_AAD; break;
    }
  x.h.aad_always = drive_rand (&st) % 4 != 0;
  drive_fill (&st, aad, x.m.aadlen);
  switch (drive_rand (&st) % 10)
    {
    case 0: case 1: case 2: x.m.len = drive_rand (&st) % 65; break;
    case 3: case 4: case 5: case 6: x.m.len = drive_rand (&st) % 1025; break;
    default: x.m.len = drive_rand (&st) % (MAX_LEN + 1); break;
    }
  /* libgcrypt refuses a CBC-MAC call of no data with less than a
     block of output (GPG_ERR_BUFFER_TOO_SHORT); bulkcrypt takes it, as
     it writes nothing.  Both write nothing given a block.  */
  if (!c->self.roundtrip && x.m.len < 16)
    x.m.len = 16;
  drive_fill (&st, pt, x.m.len + 3 * 16);

  rc = drive_open_api (&drive_bcry, &hb, c->algo, c->mode, c->flags, impl,
                       key, &keylen);
  if (rc)
    {
      what = "open";
      goto fail;
    }
  who = o->api->name;
  /* The same key: libgcrypt takes a shorter key for a longer variant
     (an AES256 XTS key of 32 bytes is AES128 XTS there).  */
  rc = drive_open_api (o->api, &ho, c->algo, c->mode, c->flags, 0, key,
                       &keylen);
  if (rc)
    {
      what = "open";
      goto fail;
    }
  who = "bulkcrypt";

  /* bulkcrypt in one call; a length the mode refuses grows by a block
     (XTS and key wrap want at least one or two).  */
  x.h.in_place = place (&st, c->self.roundtrip);
  for (tries = 0; tries < 3; tries++)
    {
      rc = one_shot (&drive_bcry, hb, &x, c1, &r1);
      if (rc != GPG_ERR_INV_LENGTH && rc != GPG_ERR_BUFFER_TOO_SHORT
          && rc != GPG_ERR_INV_ARG)
        break;
      x.m.len += 16;
    }
  if (rc)
    {
      what = "encrypt";
      goto fail;
    }
  x.m.len = r1.len;
  x.h.ivlen = r1.ivlen;

  /* The other side, split as it allows.  */
  xo = x;
  xo.h.in_place = place (&st, c->self.roundtrip && r1.outlen == r1.len);
  xo.h.chunks = ch_o;
  xo.h.nchunks = make_chunks (&st, o->split, x.m.len, ch_o);
  xo.h.aad_chunks = ca_o;
  xo.h.aad_nchunks = make_chunks (&st, o->aad_split, x.m.aadlen, ca_o);
  who = o->api->name;
  cur = &xo;
  rc = one_shot (o->api, ho, &xo, c2, &r2);
  if (declined (rc) || (!rc && r2.ivlen != r1.ivlen))
    {
      if (verbose)
        {
          describe (info, sizeof info, cur);
          printf ("%s, %s: %s declines: %s; %s; its IV %zu\n", c->label,
                  bcry_cipher_impl_name (hb), o->api->name,
                  rc ? gpg_strerror (rc) : "IV length", info, r2.ivlen);
        }
      o->skipped++;
      goto leave;
    }
  if (rc)
    {
      what = "encrypt";
      goto fail;
    }
  if (!same_result (&r1, c1, &r2, c2))
    {
      what = difference ("encrypt: differs from bulkcrypt's in one call",
                          &r1, c1, &r2, c2);
      goto fail;
    }

  /* bulkcrypt again, split.  */
  who = "bulkcrypt";
  xd = x;
  xd.h.in_place = place (&st, c->self.roundtrip);
  xd.h.chunks = ch_b;
  xd.h.nchunks = make_chunks (&st, c->self.split, x.m.len, ch_b);
  xd.h.aad_chunks = ca_b;
  xd.h.aad_nchunks = make_chunks (&st, c->self.aad_split, x.m.aadlen,
                                  ca_b);
  cur = &xd;
  rc = one_shot (&drive_bcry, hb, &xd, c3, &r3);
  if (rc)
    {
      what = "encrypt, split";
      goto fail;
    }
  if (!same_result (&r3, c3, &r2, c2))
    {
      what = difference ("encrypt, split: differs from the other side's",
                          &r3, c3, &r2, c2);
      goto fail;
    }

  /* Each decrypts the other's, split.  */
  if (c->self.roundtrip)
    {
      xd = x;
      xd.h.in_place = place (&st, 1);
      xd.h.chunks = ch_d;
      xd.h.nchunks = make_chunks (&st, c->self.split, r2.outlen, ch_d);
      xd.h.aad_chunks = ca_d;
      xd.h.aad_nchunks = make_chunks (&st, c->self.aad_split, x.m.aadlen,
                                      ca_d);
      cur = &xd;
      memset (p1, 0, sizeof p1);
      rc = drive_decrypt_api (&drive_bcry, hb, &xd.m, &xd.h, &r2, c2, p1);
      if (rc || memcmp (p1, pt, x.m.len))
        {
          what = rc ? "decrypt of the other side's" : "decrypt of the other "
            "side's: wrong plaintext";
          goto fail;
        }
      /* And refuses it with one bit of the tag changed.  */
      if (r2.have_tag)
        {
          r3 = r2;
          r3.tag[drive_rand (&st) % DRIVE_TAG] ^= 1 << drive_rand (&st) % 8;
          rc = drive_decrypt_api (&drive_bcry, hb, &xd.m, &xd.h, &r3, c2, p1);
          if (rc != GPG_ERR_CHECKSUM)
            {
              what = "decrypt with a wrong tag";
              if (!rc)
                rc = GPG_ERR_NO_ERROR;
              goto fail;
            }
          rc = 0;
        }
    }
  if (o->roundtrip)
    {
      xd = x;
      xd.h.in_place = place (&st, r1.outlen == r1.len);
      xd.h.chunks = ch_d;
      xd.h.nchunks = make_chunks (&st, o->split, r1.outlen, ch_d);
      xd.h.aad_chunks = ca_d;
      xd.h.aad_nchunks = make_chunks (&st, o->aad_split, x.m.aadlen, ca_d);
      who = o->api->name;
      cur = &xd;
      memset (p2, 0, sizeof p2);
      rc = drive_decrypt_api (o->api, ho, &xd.m, &xd.h, &r1, c1, p2);
      if (declined (rc))
        {
          o->skipped++;
          goto leave;
        }
      if (rc || memcmp (p2, pt, x.m.len))
        {
          what = rc ? "decrypt of bulkcrypt's" : "decrypt of bulkcrypt's: "
            "wrong plaintext";
          goto fail;
        }
    }
  o->cases++;
  drive_check (1, "-");
  goto leave;

 fail:
  o->cases++;
  o->failed++;
  describe (info, sizeof info, cur);
  drive_check (0, "%s, %s vs %s, round %u: %s: %s%s%s; %s", c->label,
               hb ? bcry_cipher_impl_name (hb) : "?", o->api->name, round,
               who, what, rc ? ": " : "", rc ? gpg_strerror (rc) : "", info);
 leave:
  if (ho)
    o->api->close (ho);
  if (hb)
    drive_bcry.close (hb);
}


/* One feature level: ROUNDS rounds, or as many as fit in SECONDS.  */
static void
one_level (void)
{
  const char *hwf = bcry_get_hwf ();
  const char *deny = getenv ("BULKCRYPT_HWF_DISABLE");
  struct timespec t0, t;
  unsigned int round, impl;
  size_t i, o;

  printf ("features in use: %s (BULKCRYPT_HWF_DISABLE=%s), --seed %llu\n",
          hwf && *hwf ? hwf : "none", deny ? deny : "", seed);
  fflush (stdout);
  for (i = 0; hwf && hwf[i]; i++)
    level_salt = mix (level_salt, (unsigned char)hwf[i]);
  find_combos ();
  clock_gettime (CLOCK_MONOTONIC, &t0);
  for (round = 0; seconds > 0 || round < rounds; round++)
    {
      if (seconds > 0)
        {
          clock_gettime (CLOCK_MONOTONIC, &t);
          if (round && (double)(t.tv_sec - t0.tv_sec)
              + (t.tv_nsec - t0.tv_nsec) / 1e9 >= seconds)
            break;
        }
      for (i = 0; i < n_combos; i++)
        for (impl = 0; impl < combos[i].n_impls; impl++)
          for (o = 0; o < N_OTHERS; o++)
            if (combos[i].other[o].have)
              run_case (&combos[i], impl, &combos[i].other[o], round);
    }

  /* For the summary: a line per combination and other library, and
     the implementations of each algorithm.  */
  for (i = 0; i < n_combos; i++)
    {
      struct combo *c = &combos[i];
      int any = 0;

      if (c->mode == BCRY_CIPHER_MODE_ECB && !c->flags)
        printf ("@impl\t%s\t%s\n", bcry_cipher_algo_name (c->algo),
                c->impls);
      for (o = 0; o < N_OTHERS; o++)
        if (c->other[o].have)
          {
            struct side *s = &c->other[o];

            printf ("@case\t%s\t%s\t%lu\t%lu\t%lu\t%s\t%s\n", c->label,
                    s->api->name, s->cases, s->failed, s->skipped,
                    splits_of (&c->self), splits_of (s));
            any = 1;
          }
      if (!any)
        printf ("@case\t%s\t-\t0\t0\t0\t%s\t-\n", c->label,
                splits_of (&c->self));
    }
  if (verbose)
    printf ("%u rounds\n", round);
}


/* The summary over the levels, from the children's "@" lines.  */
struct row
{
  char label[64], lib[16], split_self[32], split_other[32];
  unsigned long cases, failed, skipped;
};

static struct row rows[2 * MAX_COMBOS];
static size_t n_rows;
/* "AES128:|name|name|": the implementations reached.  */
static char impl_lines[64][800];
static size_t n_impl_lines;

/* Add the names of LIST ('|'-separated) not yet in DST.  */
static void
add_names (char *dst, size_t size, const char *list)
{
  char buf[400], have[440], *tok, *save;
  size_t n = strlen (dst);

  snprintf (buf, sizeof buf, "%s", list);
  for (tok = strtok_r (buf, "|", &save); tok; tok = strtok_r (NULL, "|",
                                                               &save))
    {
      snprintf (have, sizeof have, "|%s|", tok);
      if (!strstr (dst, have) && n + strlen (tok) + 2 < size)
        n += (size_t)snprintf (dst + n, size - n, "%s|", tok);
    }
}

static int
take_line (const char *line)
{
  char label[64], lib[16], ss[32], so[32], algo[32], names[400];
  unsigned long nc, nf, ns;
  size_t i;

  if (sscanf (line, "@case\t%63[^\t]\t%15[^\t]\t%lu\t%lu\t%lu\t%31[^\t]\t"
              "%31[^\t\n]", label, lib, &nc, &nf, &ns, ss, so) == 7)
    {
      for (i = 0; i < n_rows; i++)
        if (!strcmp (rows[i].label, label) && !strcmp (rows[i].lib, lib))
          break;
      if (i == n_rows)
        {
          if (n_rows == DIMOF (rows))
            return 1;
          memset (&rows[i], 0, sizeof rows[i]);
          snprintf (rows[i].label, sizeof rows[i].label, "%s", label);
          snprintf (rows[i].lib, sizeof rows[i].lib, "%s", lib);
          snprintf (rows[i].split_self, sizeof rows[i].split_self, "%s", ss);
          snprintf (rows[i].split_other, sizeof rows[i].split_other, "%s",
                    so);
          n_rows++;
        }
      rows[i].cases += nc;
      rows[i].failed += nf;
      rows[i].skipped += ns;
      return 1;
    }
  if (sscanf (line, "@impl\t%31[^\t]\t%399[^\n]", algo, names) == 2)
    {
      for (i = 0; i < n_impl_lines; i++)
        if (!strncmp (impl_lines[i], algo, strlen (algo))
            && impl_lines[i][strlen (algo)] == ':')
          break;
      if (i == n_impl_lines)
        {
          if (i == DIMOF (impl_lines))
            return 1;
          snprintf (impl_lines[i], sizeof impl_lines[i], "%s:|", algo);
          n_impl_lines++;
        }
      add_names (impl_lines[i], sizeof impl_lines[i], names);
      return 1;
    }
  return 0;
}

static void
summary (void)
{
  unsigned long total = 0;
  size_t i;

  printf ("implementations reached, all levels:\n");
  for (i = 0; i < n_impl_lines; i++)
    {
      char *p, *name = strchr (impl_lines[i], '|');

      *name++ = 0;
      printf ("  %s", impl_lines[i]);
      for (; (p = strchr (name, '|')); name = p + 1)
        printf (" %.*s;", (int)(p - name), name);
      putchar ('\n');
    }
  printf ("cases per algorithm and mode, all levels (the calls a message "
          "may be split into: bulkcrypt; other side):\n");
  for (i = 0; i < n_rows; i++)
    {
      struct row *r = &rows[i];

      if (!strcmp (r->lib, "-"))
        {
          printf ("  %-22s no other library has it\n", r->label);
          continue;
        }
      printf ("  %-22s %-9s %6lu cases", r->label, r->lib, r->cases);
      if (r->failed)
        printf (", %lu FAILED", r->failed);
      if (r->skipped)
        printf (", %lu declined", r->skipped);
      printf ("  (%s; %s)\n", r->split_self, r->split_other);
      total += r->cases;
    }
  printf ("%lu cases in all\n", total);
}


int
main (int argc, char **argv)
{
  char seedbuf[32], roundbuf[32], secbuf[32], *args[10];
  size_t nargs = 0, o;

  options (argc, argv);

  for (o = 0; o < N_OTHERS; o++)
    {
      other_ok[o] = 1;
#ifdef HAVE_LIBGCRYPT
      if (others[o] == &diff_gcry)
        other_ok[o] = diff_gcry_init ();
#endif
    }

  if (level_only)
    {
      one_level ();
      return drive_done ();
    }

  snprintf (seedbuf, sizeof seedbuf, "%llu", seed);
  args[nargs++] = argv[0];
  args[nargs++] = (char *)"--one-level";
  args[nargs++] = (char *)"--seed";
  args[nargs++] = seedbuf;
  if (seconds > 0)
    {
      snprintf (secbuf, sizeof secbuf, "%g",
                seconds / (double)levels_count ());
      args[nargs++] = (char *)"--seconds";
      args[nargs++] = secbuf;
    }
  else
    {
      snprintf (roundbuf, sizeof roundbuf, "%u", rounds);
      args[nargs++] = (char *)"--iterations";
      args[nargs++] = roundbuf;
    }
  if (verbose)
    args[nargs++] = (char *)"--verbose";
  args[nargs] = NULL;

  printf ("t-diff: bulkcrypt against");
  for (o = 0; o < N_OTHERS; o++)
    printf (" %s%s", others[o]->name, other_ok[o] ? "" : " (unusable)");
  printf (", feature levels: %zu, --seed %llu, %s %s per level\n",
          levels_count (), seed, seconds > 0 ? secbuf : roundbuf,
          seconds > 0 ? "seconds" : "rounds");
  drive_levels (argv[0], args, take_line);
  summary ();
  return drive_done ();
}

#endif /* HAVE_LIBGCRYPT || HAVE_NETTLE */
