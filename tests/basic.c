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
 * Options (--help lists them): --verbose, --seed N (replay a run),
 * --quick (fewer lengths), --level K (run only level K, or with K- level
 * K and those after it: "make check" runs each level as a test of its
 * own, so that the harness shows them one by one and runs them side by
 * side), --one-level (run only the level BULKCRYPT_HWF_DISABLE selects,
 * in this process), and --hwf-control, the check of BCRYCTL_DISABLE_HWF,
 * which needs a process of its own.  The last line is "N passed, M
 * failed"; the exit status is 1 when M is not 0, 2 on a bad option and
 * 77 (skipped) when the machine has no level K.
 */

#include <config.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "basic.h"
#include "cli.h"
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


/* BCRYCTL_DISABLE_HWF and BULKCRYPT_HWF_DISABLE before the first
   handle: the features leave the list the library uses, whatever the
   case of their names; an unknown name makes the call refuse the whole
   list, while in the environment it is reported (on stderr) and the
   names around it still apply.  Run in a process of its own
   (--hwf-control), as nothing else may come first.  */
static void
hwf_control (void)
{
  const char *hwf;
  gpg_err_code_t rc;
  bcry_cipher_hd_t hd;
  unsigned char key[MAX_KEY] = { 0 };

  setenv ("BULKCRYPT_HWF_DISABLE", "no-such-feature,BMI2", 1);
  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "no-such-feature", NULL),
            GPG_ERR_INV_NAME, "BCRYCTL_DISABLE_HWF of an unknown name");
  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "sse2,no-such-feature", NULL),
            GPG_ERR_INV_NAME, "BCRYCTL_DISABLE_HWF of a list with an"
            " unknown name");
  check_rc (bcry_control (BCRYCTL_DISABLE_HWF, "AVX2", NULL), 0,
            "BCRYCTL_DISABLE_HWF before the first handle");
  hwf = bcry_get_hwf ();
  check (hwf && !strstr (hwf, "avx2"),
         "avx2 still in use after BCRYCTL_DISABLE_HWF: \"%s\"",
         hwf ? hwf : "(null)");
  check (hwf && !strstr (hwf, "bmi2"),
         "bmi2 still in use after BULKCRYPT_HWF_DISABLE=%s: \"%s\"",
         getenv ("BULKCRYPT_HWF_DISABLE"), hwf ? hwf : "(null)");
#ifdef __x86_64__
  /* Every x86-64 processor has SSE2: the refused list left it on.  */
  check (hwf && !strncmp (hwf, "sse2", 4),
         "sse2 switched off by a refused BCRYCTL_DISABLE_HWF: \"%s\"",
         hwf ? hwf : "(null)");
#endif
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
      /* So that the log of a run in progress, or of one that hung,
         shows where it is.  */
      printf ("  suite %zu of %zu: %s\n", i + 1, DIMOF (suites),
              suites[i].name);
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


/* Levels FIRST to the last one (FIRST alone unless TO_END), each in a
   child process.  Returns 0, having run nothing, when this machine has
   no level FIRST.  */
static int
run_levels (const char *argv0, uint64_t first, int to_end)
{
  char *args[8], seedbuf[32], deny[256], label[320];
  levels_counts_t counts = { 0, 0 };
  size_t nargs = 0, nlevels = levels_count (), k;

  if (first >= nlevels)
    {
      printf ("%s: no level %llu: this machine has %zu feature levels,"
              " 0 to %zu\n", cli_name, (unsigned long long)first, nlevels,
              nlevels - 1);
      return 0;
    }
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

  printf ("feature levels: %zu, --seed %llu\n", nlevels,
          (unsigned long long)seed);
  for (k = first; (k == first || to_end)
         && levels_get (k, deny, sizeof deny, label, sizeof label); k++)
    levels_run_one (argv0, args, *deny ? deny : NULL, label, NULL, &counts);
  n_passed += counts.passed;
  n_failed += counts.failed;
  return 1;
}

/* Each feature level, then the check of BCRYCTL_DISABLE_HWF, which
   needs a process whose features are not yet fixed.  */
static void
all_levels (const char *argv0)
{
  char *args[] = { (char *)argv0, (char *)"--hwf-control", NULL };
  levels_counts_t counts = { 0, 0 };

  run_levels (argv0, 0, 1);
  levels_run_one (argv0, args, NULL, "BCRYCTL_DISABLE_HWF", NULL, &counts);
  n_passed += counts.passed;
  n_failed += counts.failed;
}


/* The command line (cli.h).  */
static const char synopsis[] =
  "[--verbose] [--quick] [--seed N]\n"
  "[--level K | --level K- | --one-level | --hwf-control]";

static const char help_text[] =
  "Tests every algorithm, mode and implementation of bulkcrypt at\n"
  "each CPU-feature level of this machine: with all features, then\n"
  "switching them off one by one (BULKCRYPT_HWF_DISABLE), then with\n"
  "none.  Each level runs in a process of its own.\n"
  "\n"
  "  --verbose      also print each suite's count\n"
  "  --quick        fewer message lengths\n"
  "  --seed N       the random messages of the run that printed N\n"
  "  --level K      only level K (0: all features); exit status 77\n"
  "                 when this machine has no level K\n"
  "  --level K-     level K and the levels after it\n"
  "  --one-level    only the level BULKCRYPT_HWF_DISABLE selects,\n"
  "                 in this process\n"
  "  --hwf-control  only the check of BCRYCTL_DISABLE_HWF\n"
  "  --help         this text\n"
  "\n"
  "The last line is \"N passed, M failed\"; the exit status is 1\n"
  "when M is not 0 and 2 after a bad option.\n";


int
main (int argc, char **argv)
{
  enum { ALL_LEVELS, LEVEL, ONE_LEVEL, HWF_CONTROL } run = ALL_LEVELS, was;
  int i, seed_given = 0, to_end = 0;
  uint64_t level = 0;

  /* Line by line, so that a log (the harness sends the output to a
     file) shows how far a running test got.  */
  setvbuf (stdout, NULL, _IOLBF, 0);
  cli_init (argv[0], synopsis, help_text);
  for (i = 1; i < argc; i++)
    {
      const char *o = argv[i];

      was = run;
      if (!strcmp (o, "--help"))
        cli_help ();
      else if (!strcmp (o, "--verbose"))
        verbose = 1;
      else if (!strcmp (o, "--quick"))
        quick = 1;
      else if (!strcmp (o, "--seed"))
        {
          seed = cli_number (o, cli_value (argc, argv, &i), 0, UINT64_MAX);
          seed_given = 1;
        }
      else if (!strcmp (o, "--level"))
        {
          const char *v = cli_value (argc, argv, &i), *rest;

          level = cli_number_prefix (o, v, 0, UINT64_MAX, &rest);
          to_end = !strcmp (rest, "-");
          if (*rest && !to_end)
            cli_bad_usage ("%s: '%s' is not a number, nor a number"
                           " followed by '-'", o, v);
          run = LEVEL;
        }
      else if (!strcmp (o, "--one-level"))
        run = ONE_LEVEL;
      else if (!strcmp (o, "--hwf-control"))
        run = HWF_CONTROL;
      else
        cli_bad_usage ("unknown option '%s'", o);
      if (was != ALL_LEVELS && run != was)
        cli_bad_usage ("--level, --one-level and --hwf-control exclude"
                       " each other");
    }
  if (!seed_given)
    seed = (uint64_t)time (NULL) << 20 ^ (uint64_t)getpid ();

  switch (run)
    {
    case ALL_LEVELS:
      all_levels (argv[0]);
      break;
    case LEVEL:
      if (!run_levels (argv[0], level, to_end))
        {
          printf ("0 passed, 0 failed\n");
          return 77;
        }
      break;
    case ONE_LEVEL:
      one_level ();
      break;
    case HWF_CONTROL:
      hwf_control ();
      break;
    }

  printf ("%u passed, %u failed\n", n_passed, n_failed);
  return n_failed ? 1 : 0;
}
