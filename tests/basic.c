/* basic.c - the self-test of bulkcrypt: driver and counting
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Run without options, the program reads the CPU features the library
 * uses (bcry_get_hwf) and runs itself once per feature level, switching
 * features off one by one through BULKCRYPT_HWF_DISABLE and finally all
 * of them, so that every SIMD path and every fallback below it is
 * tested on this machine.  Each level runs the suites of
 * basic-suites.def: for every algorithm of cipher/cipher-list.def and
 * every implementation usable at that level, the API's small calls
 * (basic-api.c), the published vectors (basic-vectors.c), random
 * messages in every mode against the modes written out from their
 * definitions (basic-xcheck.c) and the refusal of bad arguments
 * (basic-bad.c).
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
#include <time.h>
#include <unistd.h>
#include "basic.h"
#include "levels.h"

/* The suites each level runs, in order.  */
static const struct
{
  void (*run) (void);
  const char *name;
} suites[] =
  {
#define SUITE(fn, name) { fn, name },
#include "basic-suites.def"
#undef SUITE
  };

int verbose;
int quick;
uint64_t seed;
static unsigned int n_passed, n_failed;

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

void
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

void
check_rc (gpg_error_t got, gpg_err_code_t want, const char *what)
{
  gpg_err_code_t rc = bcry_err_code (got);

  check (rc == want, "%s: got %s (%d), want %s (%d)", what,
         gpg_strerror (rc), rc, gpg_strerror (want), want);
}

void
test_count (int ok)
{
  if (ok)
    n_passed++;
  else
    n_failed++;
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

/* The implementation entries of ALGO at this level, widest first, as
   the library names them.  */
static void
print_impl_names (int algo)
{
  unsigned char key[MAX_KEY] = { 0 };
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  const char *name;

  hd = open_impl (algo, BCRY_CIPHER_MODE_ECB, 0, 0, key,
                  bcry_cipher_get_algo_keylen (algo), &rc);
  name = hd && !rc ? bcry_cipher_impl_name (hd) : NULL;
  check (name != NULL, "%s: no implementation name",
         bcry_cipher_algo_name (algo));
  if (name)
    printf ("  implementations: %s\n", name);
  bcry_cipher_close (hd);
}

/* One feature level: what BULKCRYPT_HWF_DISABLE leaves.  */
static void
one_level (void)
{
  const char *hwf = bcry_get_hwf ();
  const char *deny = getenv ("BULKCRYPT_HWF_DISABLE");
  unsigned int np, nf;
  const int *a;
  size_t i;

  printf ("features in use: %s (BULKCRYPT_HWF_DISABLE=%s), --seed %llu\n",
          hwf && *hwf ? hwf : "none", deny ? deny : "",
          (unsigned long long)seed);
  /* Name the entries this level tests: xcheck runs every one.  */
  for (a = algo_list; *a; a++)
    print_impl_names (*a);
  fflush (stdout);

  for (i = 0; i < DIMOF (suites); i++)
    {
      np = n_passed;
      nf = n_failed;
      suites[i].run ();
      info ("suite %s: %u passed, %u failed\n", suites[i].name,
            n_passed - np, n_failed - nf);
    }

  /* Handles were opened: the feature set is fixed now.  */
  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "avx2", NULL),
            GPG_ERR_INV_STATE, "BCRYCTL_DISABLE_HWF after handles");
}


/* Each feature level in a child process, then the check of
   BCRYCTL_DISABLE_HWF, which needs a process whose features are not
   yet fixed.  */
static void
all_levels (const char *argv0)
{
  char *args[8], seedbuf[32];
  levels_counts_t counts = { 0, 0 };
  size_t nargs = 0;

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

  printf ("feature levels: %zu, --seed %llu\n", levels_count (),
          (unsigned long long)seed);
  levels_run (argv0, args, NULL, &counts);
  args[1] = (char *)"--hwf-control";
  levels_run_one (argv0, args, NULL, "BCRYCTL_DISABLE_HWF", NULL, &counts);
  n_passed += counts.passed;
  n_failed += counts.failed;
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
