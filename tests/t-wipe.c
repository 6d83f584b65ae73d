/* t-wipe.c - the library wipes what it frees and what reset drops
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The test installs allocation handlers (bcry_set_allocation_handler)
 * that keep each block's size in a header in front of it.  At free the
 * handler checks that the block is all zeros: a key schedule, an IV, a
 * counter, a tag state or buffered data left there would stay readable
 * in the heap.  Live blocks are listed, so that the test can look into
 * a handle without knowing its layout: after bcry_cipher_reset no
 * trace of the message may remain in it, that is no 8-byte run of the
 * IV, the AAD, the plaintext, the ciphertext, the keystream (plaintext
 * XOR ciphertext) or the tag.  The key schedule stays until close by
 * design; close is covered by the check at free.
 *
 * Every algorithm, mode and implementation the library has is run, in
 * plain and secure memory (t-drive.h says how they are found).  A
 * message has 27 bytes of AAD and 43 of data, so that the modes that
 * buffer a partial block hold 11 bytes of each when reset comes.
 *
 * Usage: t-wipe [--verbose] [--seed N].  The last line is "N passed, M
 * failed"; the exit status is 1 on a failure.
 */

#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "t-drive.h"

#define AAD_LEN 27
#define MSG_LEN 43
/* A run this long of a message's bytes is no coincidence.  */
#define RUN 8
#define MAX_LIVE 64

static int verbose;

/* The header keeps the returned block 16-byte aligned.  */
struct header
{
  size_t size;
  size_t secure;
};

static void *live[MAX_LIVE];
static unsigned int n_live, n_alloc, n_free, n_dirty, n_realloc;

static void *
track_alloc (size_t n, int secure)
{
  struct header *h = malloc (sizeof *h + n);
  void *p;

  if (!h)
    return NULL;
  h->size = n;
  h->secure = secure;
  p = h + 1;
  /* Garbage, not zeros: a block the library forgets to clear before
     use must not look wiped.  */
  memset (p, 0xc3, n);
  if (n_live < MAX_LIVE)
    live[n_live++] = p;
  n_alloc++;
  return p;
}

static void *
hook_alloc (size_t n)
{
  return track_alloc (n, 0);
}

static void *
hook_alloc_secure (size_t n)
{
  return track_alloc (n, 1);
}

static int
hook_is_secure (const void *p)
{
  return (int)((const struct header *)p - 1)->secure;
}

/* A reallocation leaves the old copy where the library cannot wipe it;
   nothing in the library should need one.  */
static void *
hook_realloc (void *p, size_t n)
{
  (void)p;
  (void)n;
  n_realloc++;
  return NULL;
}

static void
hook_free (void *p)
{
  struct header *h = (struct header *)p - 1;
  const unsigned char *b = p;
  unsigned int i;
  size_t j;

  for (j = 0; j < h->size && !b[j]; j++)
    ;
  if (j < h->size)
    {
      n_dirty++;
      printf ("block of %zu bytes freed with a nonzero byte at %zu\n",
              h->size, j);
    }
  for (i = 0; i < n_live; i++)
    if (live[i] == p)
      {
        live[i] = live[--n_live];
        break;
      }
  n_free++;
  free (h);
}


/* The message's bytes that reset must drop.  */
struct trace
{
  const char *name;
  const unsigned char *p;
  size_t len;
};

/* Where the RUN bytes at NEEDLE occur in HAY of SIZE bytes, or NULL
   (memmem is not in ISO C).  */
static const unsigned char *
find_run (const unsigned char *hay, size_t size, const unsigned char *needle)
{
  size_t i;

  for (i = 0; i + RUN <= size; i++)
    if (hay[i] == needle[0] && !memcmp (hay + i, needle, RUN))
      return hay + i;
  return NULL;
}

/* Look for an 8-byte run of any trace in the live blocks; print (with
   a LABEL) and return the first found.  */
static int
find_trace (const struct trace *t, size_t nt, const char *when,
            const char *label)
{
  unsigned int b;
  size_t i, k, size;
  const unsigned char *blk, *hit;

  for (b = 0; b < n_live; b++)
    {
      blk = live[b];
      size = ((const struct header *)blk - 1)->size;
      for (i = 0; i < nt; i++)
        for (k = 0; k + RUN <= t[i].len; k++)
          {
            hit = find_run (blk, size, t[i].p + k);
            if (hit)
              {
                if (label)
                  printf ("%s: %s: bytes %zu.. of the %s at offset %zu"
                          " of a block of %zu\n", label, when, k, t[i].name,
                          (size_t)(hit - blk), size);
                return 1;
              }
          }
    }
  return 0;
}

/* The traces of a message M that went in as IN and came out as OUT.  */
static size_t
traces (struct trace *t, const struct drive_msg *m, const struct drive_out *r,
        const unsigned char *in, const unsigned char *out,
        unsigned char *ks)
{
  size_t n = 0, i;

  for (i = 0; i < r->len; i++)
    ks[i] = in[i] ^ out[i];
  t[n++] = (struct trace){ "IV", m->iv, r->ivlen };
  t[n++] = (struct trace){ "AAD", m->aad, r->aead ? m->aadlen : 0 };
  t[n++] = (struct trace){ "input", in, r->len };
  t[n++] = (struct trace){ "output", out, r->outlen };
  t[n++] = (struct trace){ "keystream", ks, r->len };
  t[n++] = (struct trace){ "tag", r->tag, r->have_tag ? DRIVE_TAG : 0 };
  return n;
}

static unsigned long long seed = 1;
static unsigned int n_seen_live;

/* Reset HD and check that none of T is left.  */
static void
check_reset (bcry_cipher_hd_t hd, const struct trace *t,
             size_t nt, const char *what, const char *label)
{
  if (find_trace (t, nt, "live", NULL))
    n_seen_live++;
  drive_check (!bcry_cipher_reset (hd), "%s: reset", label);
  drive_check (!find_trace (t, nt, what, label),
               "%s: %s: message left after reset", label, what);
}

/* One handle's life: two messages encrypted and one decrypted, a
   reset after each, close.  */
static void
one_handle (int algo, int mode, unsigned int flags, unsigned int skip,
            int *more_impls)
{
  unsigned char key[DRIVE_KEY], iv[DRIVE_IV], aad[AAD_LEN], pt[MSG_LEN];
  unsigned char ct[MSG_LEN + DRIVE_SLACK], dec[MSG_LEN + DRIVE_SLACK];
  unsigned char ks[MSG_LEN];
  unsigned long long st = seed ^ (unsigned long long)algo << 40
    ^ (unsigned long long)mode << 24 ^ skip << 8 ^ flags;
  struct drive_msg m = { iv, aad, AAD_LEN, pt, MSG_LEN, 1 };
  struct drive_out r;
  struct trace t[6];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int dirty = n_dirty, live_before = n_live;
  char label[128];
  size_t nt;

  drive_fill (&st, key, sizeof key);
  rc = drive_open (&hd, algo, mode, flags, skip, key);
  *more_impls = rc != GPG_ERR_NOT_SUPPORTED && rc != GPG_ERR_INV_KEYLEN;
  if (rc == GPG_ERR_INV_KEYLEN && verbose)
    printf ("%s: takes no key of this algorithm\n",
            drive_label (algo, mode));
  if (!*more_impls)
    return;
  snprintf (label, sizeof label, "%s, implementation %u%s",
            drive_label (algo, mode), skip, flags ? ", secure" : "");
  drive_check (!rc, "%s: open: %s", label, gpg_strerror (rc));
  if (rc)
    return;
  if (verbose)
    printf ("%s: %s\n", label, bcry_cipher_impl_name (hd));

  /* Reset in the middle of a message, before its tag.  */
  drive_fill (&st, iv, sizeof iv);
  drive_fill (&st, aad, sizeof aad);
  drive_fill (&st, pt, sizeof pt);
  rc = drive_encrypt (hd, &m, ct, &r);
  drive_check (!rc, "%s: encrypt: %s", label, gpg_strerror (rc));
  nt = traces (t, &m, &r, pt, ct, ks);
  check_reset (hd, t, nt, "reset before the tag", label);

  /* A whole message, then its decryption.  */
  drive_fill (&st, iv, sizeof iv);
  drive_fill (&st, aad, sizeof aad);
  drive_fill (&st, pt, sizeof pt);
  m.no_tag = 0;
  rc = drive_encrypt (hd, &m, ct, &r);
  drive_check (!rc, "%s: encrypt: %s", label, gpg_strerror (rc));
  nt = traces (t, &m, &r, pt, ct, ks);
  check_reset (hd, t, nt, "reset after the tag", label);
  rc = drive_decrypt (hd, &m, &r, ct, dec);
  drive_check (!rc && !memcmp (dec, pt, r.len), "%s: decrypt: %s",
               label, rc ? gpg_strerror (rc) : "wrong plaintext");
  check_reset (hd, t, nt, "reset after decryption", label);

  bcry_cipher_close (hd);
  drive_check (n_dirty == dirty && n_live == live_before,
               "%s: close: %u blocks not wiped, %u not freed", label,
               n_dirty - dirty, n_live - live_before);
}

static const char help_text[] =
  "Checks that bulkcrypt wipes every block it frees and that\n"
  "bcry_cipher_reset leaves no trace of a message in a handle, for\n"
  "every algorithm, mode and implementation, in plain and secure\n"
  "memory.\n"
  "\n"
  "  --verbose  print each handle and its implementation\n"
  "  --seed N   the random keys and messages of seed N (default 1)\n"
  "  --help     this text\n"
  "\n"
  "The last line is \"N passed, M failed\"; the exit status is 1\n"
  "when M is not 0 and 2 after a bad option.\n";

int
main (int argc, char **argv)
{
  static const unsigned int flag_sets[] = { 0, BCRY_CIPHER_SECURE };
  int algos[64], modes[32];
  size_t na, nm, a, i, f;
  unsigned int skip, handles = 0;
  int more, arg;

  cli_init (argv[0], "[--verbose] [--seed N]", help_text);
  for (arg = 1; arg < argc; arg++)
    if (!strcmp (argv[arg], "--help"))
      cli_help ();
    else if (!strcmp (argv[arg], "--verbose"))
      verbose = 1;
    else if (!strcmp (argv[arg], "--seed"))
      seed = cli_number ("--seed", cli_value (argc, argv, &arg), 0,
                         UINT64_MAX);
    else
      cli_bad_usage ("unknown option '%s'", argv[arg]);

  bcry_set_allocation_handler (hook_alloc, hook_alloc_secure, hook_is_secure,
                               hook_realloc, hook_free);
  na = drive_algos (algos, DIMOF (algos));
  drive_check (na > 0, "no algorithm found");
  for (a = 0; a < na; a++)
    {
      nm = drive_modes (algos[a], modes, DIMOF (modes));
      for (i = 0; i < nm; i++)
        for (f = 0; f < DIMOF (flag_sets); f++)
          for (skip = 0, more = 1; more; skip++)
            {
              one_handle (algos[a], modes[i], flag_sets[f], skip, &more);
              handles += more;
            }
    }

  printf ("%zu algorithms, %u handles, %u blocks allocated, %u freed; "
          "a trace of the message was found in %u live handles, "
          "as a check that the search works\n",
          na, handles, n_alloc, n_free, n_seen_live);
  drive_check (n_alloc > 0 && n_alloc == n_free,
               "allocation handlers: %u blocks allocated, %u freed",
               n_alloc, n_free);
  drive_check (n_seen_live > 0, "no trace found in any live handle");
  drive_check (!n_dirty, "%u blocks freed unwiped", n_dirty);
  drive_check (!n_realloc, "%u reallocations", n_realloc);
  return drive_done ();
}
