/* t-threads.c - handles used by several threads at once
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Eight threads start with the process, before anything else calls the
 * library, so that the one-time detection of the CPU features and the
 * selftest of each algorithm run for the first time in several threads
 * at once.  Each thread then takes every algorithm and mode the library
 * has (t-drive.h), in an order of its own, with handles of its own and,
 * where the machine has several, an implementation of its own; it
 * encrypts and decrypts random messages and keeps a digest of every
 * output and error code.  The main thread then does the same work alone
 * and the digests must agree: the threads must not have disturbed each
 * other, and every implementation must give the same result.
 * Built with -fsanitize=thread (.ci/run does), the run also reports
 * data races.
 *
 * Usage: t-threads [--verbose] [--rounds N].  The last line is "N
 * passed, M failed"; the exit status is 1 on a failure, 77 without
 * POSIX threads.
 */

#include <config.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "t-drive.h"

static int verbose;
static unsigned int rounds = 4;

static const char help_text[] =
  "Runs every algorithm and mode in eight threads at once, started\n"
  "before anything else calls the library, and checks that each\n"
  "thread's results are those of the same work done alone.\n"
  "\n"
  "  --verbose   print how many algorithms and modes agree per thread\n"
  "  --rounds N  messages per algorithm and mode in each thread\n"
  "              (default 4)\n"
  "  --help      this text\n"
  "\n"
  "The last line is \"N passed, M failed\"; the exit status is 1\n"
  "when M is not 0, 2 after a bad option and 77 (skipped) without\n"
  "POSIX threads.\n";

/* Parsing calls nothing of the library, so it may come before the
   threads; it must, as they read ROUNDS.  */
static void
options (int argc, char **argv)
{
  int i;

  cli_init (argv[0], "[--verbose] [--rounds N]", help_text);
  for (i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--help"))
      cli_help ();
    else if (!strcmp (argv[i], "--verbose"))
      verbose = 1;
    else if (!strcmp (argv[i], "--rounds"))
      rounds = cli_number ("--rounds", cli_value (argc, argv, &i), 1,
                           UINT_MAX);
    else
      cli_bad_usage ("unknown option '%s'", argv[i]);
}

#ifndef HAVE_PTHREAD

int
main (int argc, char **argv)
{
  options (argc, argv);
  printf ("t-threads: no POSIX threads, skipped\n0 passed, 0 failed\n");
  return 77;
}

#else

#include <pthread.h>

#define N_THREADS 8
#define MAX_LEN 1024
#define MAX_COMBOS 512

struct work
{
  unsigned int id;
  int threaded;
  pthread_t thread;
  size_t n_combos;
  /* Per algorithm and mode: a digest of everything that came out.  */
  unsigned long long digest[MAX_COMBOS];
  int combo_algo[MAX_COMBOS];
  int combo_mode[MAX_COMBOS];
  unsigned int roundtrip_fail;
  gpg_err_code_t first_rc;
};

static struct work work[N_THREADS], alone[N_THREADS];

/* FNV-1a over a message's bytes, chained.  */
static unsigned long long
mix (unsigned long long h, const void *p, size_t n)
{
  const unsigned char *b = p;
  size_t i;

  for (i = 0; i < n; i++)
    h = (h ^ b[i]) * 0x100000001b3ULL;
  return h;
}

/* ROUNDS messages of random lengths through one handle of ALGO in
   MODE, with implementation SKIP if the machine has it.  */
static unsigned long long
run_combo (struct work *w, int algo, int mode, unsigned int skip)
{
  unsigned char key[DRIVE_KEY], iv[DRIVE_IV], aad[64], pt[MAX_LEN];
  unsigned char ct[MAX_LEN + DRIVE_SLACK], dec[MAX_LEN + DRIVE_SLACK];
  unsigned long long st = (unsigned long long)w->id << 48
    ^ (unsigned long long)algo << 16 ^ mode;
  unsigned long long h = 0xcbf29ce484222325ULL;
  struct drive_msg m = { iv, aad, 0, pt, 0, 0 };
  struct drive_out r;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int i;

  drive_fill (&st, key, sizeof key);
  rc = drive_open (&hd, algo, mode, 0, skip, key);
  if (rc == GPG_ERR_NOT_SUPPORTED && skip)
    rc = drive_open (&hd, algo, mode, 0, 0, key);
  h = mix (h, &rc, sizeof rc);
  if (rc)
    return h;
  for (i = 0; i < rounds; i++)
    {
      drive_fill (&st, iv, sizeof iv);
      m.aadlen = drive_rand (&st) % sizeof aad;
      drive_fill (&st, aad, m.aadlen);
      m.len = 16 + drive_rand (&st) % (MAX_LEN - 16);
      drive_fill (&st, pt, m.len);
      rc = drive_encrypt (hd, &m, ct, &r);
      h = mix (h, &rc, sizeof rc);
      if (!rc)
        {
          h = mix (h, ct, r.outlen);
          h = mix (h, r.tag, sizeof r.tag);
          rc = drive_decrypt (hd, &m, &r, ct, dec);
          h = mix (h, &rc, sizeof rc);
          if (rc || memcmp (dec, pt, r.len))
            w->roundtrip_fail++;
        }
      if (rc && !w->first_rc)
        w->first_rc = rc;
    }
  bcry_cipher_close (hd);
  return h;
}

/* Every algorithm and mode, starting at a place of the thread's own.  */
static void *
run (void *arg)
{
  struct work *w = arg;
  int algos[64], modes[32];
  size_t na, nm, a, i, n = 0, k;

  na = drive_algos (algos, DIMOF (algos));
  for (a = 0; a < na; a++)
    {
      nm = drive_modes (algos[a], modes, DIMOF (modes));
      for (i = 0; i < nm && n < MAX_COMBOS; i++, n++)
        {
          w->combo_algo[n] = algos[a];
          w->combo_mode[n] = modes[i];
        }
    }
  w->n_combos = n;
  for (k = 0; k < n; k++)
    {
      i = (k + w->id * n / N_THREADS) % n;
      /* The single-threaded run takes the fastest implementation, the
         threads a slower one where there is one: all must agree.  */
      w->digest[i] = run_combo (w, w->combo_algo[i], w->combo_mode[i],
                                w->threaded ? w->id % 3 : 0);
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  unsigned int t, started = 0;
  size_t i, same;
  int rc;

  options (argc, argv);
  /* Threads first: no library call may come before them.  */
  for (t = 0; t < N_THREADS; t++)
    {
      work[t].id = t;
      work[t].threaded = 1;
      rc = pthread_create (&work[t].thread, NULL, run, &work[t]);
      if (rc)
        {
          printf ("pthread_create: %s\n", strerror (rc));
          break;
        }
      started++;
    }
  for (t = 0; t < started; t++)
    pthread_join (work[t].thread, NULL);
  drive_check (started == N_THREADS, "%u of %u threads started",
               started, N_THREADS);

  for (t = 0; t < started; t++)
    {
      alone[t].id = t;
      run (&alone[t]);
      drive_check (work[t].n_combos == alone[t].n_combos
                   && work[t].n_combos > 0,
                   "thread %u: %zu algorithms and modes, %zu alone",
                   t, work[t].n_combos, alone[t].n_combos);
      for (i = same = 0; i < alone[t].n_combos && i < work[t].n_combos; i++)
        {
          drive_check (work[t].digest[i] == alone[t].digest[i],
                       "thread %u: %s: results differ from the"
                       " single-threaded run", t,
                       drive_label (alone[t].combo_algo[i],
                                    alone[t].combo_mode[i]));
          same += work[t].digest[i] == alone[t].digest[i];
        }
      drive_check (!work[t].roundtrip_fail && !alone[t].roundtrip_fail,
                   "thread %u: %u messages did not decrypt back"
                   " (%u alone), first error: %s", t,
                   work[t].roundtrip_fail, alone[t].roundtrip_fail,
                   gpg_strerror (work[t].first_rc));
      if (verbose)
        printf ("thread %u: %zu of %zu algorithms and modes agree\n",
                t, same, alone[t].n_combos);
    }
  return drive_done ();
}

#endif /* HAVE_PTHREAD */
