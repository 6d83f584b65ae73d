/* cli.c - the command line of the test programs
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * See cli.h.
 */

#include <config.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

const char *cli_name = "";
static const char *cli_synopsis = "";
static const char *cli_help_text = "";

void
cli_init (const char *argv0, const char *synopsis, const char *help)
{
  const char *p = strrchr (argv0, '/');

  /* The basename, without the "lt-" of the binary that libtool's
     wrapper runs.  */
  p = p ? p + 1 : argv0;
  cli_name = strncmp (p, "lt-", 3) ? p : p + 3;
  cli_synopsis = synopsis;
  cli_help_text = help;
}

static void
usage (FILE *fp)
{
  const char *p;

  fprintf (fp, "usage: %s ", cli_name);
  /* A further line starts under the name.  */
  for (p = cli_synopsis; *p; p++)
    {
      putc (*p, fp);
      if (*p == '\n')
        fputs ("       ", fp);
    }
  putc ('\n', fp);
}

void
cli_help (void)
{
  usage (stdout);
  printf ("\n%s", cli_help_text);
  exit (0);
}

/* The name and the message FMT on stderr.  */
static void
message (const char *fmt, va_list ap)
{
  /* What the program printed so far comes first.  */
  fflush (stdout);
  fprintf (stderr, "%s: ", cli_name);
  vfprintf (stderr, fmt, ap);
  putc ('\n', stderr);
}

void
cli_bad_usage (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  message (fmt, ap);
  va_end (ap);
  usage (stderr);
  exit (2);
}

void
cli_die (const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  message (fmt, ap);
  va_end (ap);
  exit (1);
}

const char *
cli_value (int argc, char **argv, int *i)
{
  if (*i + 1 >= argc)
    cli_bad_usage ("%s needs a value", argv[*i]);
  return argv[++*i];
}

/* The number at the start of S given to OPTION, with *END set to what
   follows it and *OVERFLOW to whether it is too large for strtoull.  */
static unsigned long long
scan (const char *option, const char *s, char **end, int *overflow)
{
  unsigned long long v;

  /* strtoull takes leading blanks and a sign; a number does not.  */
  if (*s < '0' || *s > '9')
    cli_bad_usage ("%s: '%s' is not a number", option, s);
  errno = 0;
  v = strtoull (s, end, 0);
  *overflow = errno == ERANGE;
  return v;
}

/* V, read from S for OPTION, if it is from MIN to MAX.  */
static uint64_t
in_range (const char *option, const char *s, unsigned long long v,
          int overflow, uint64_t min, uint64_t max)
{
  if ((overflow || v > max) && max == UINT64_MAX)
    cli_bad_usage ("%s: '%s' is too large", option, s);
  if (overflow || v > max)
    cli_bad_usage ("%s: '%s' is too large: at most %llu", option, s,
                   (unsigned long long)max);
  if (v < min)
    cli_bad_usage ("%s: '%s' is too small: at least %llu", option, s,
                   (unsigned long long)min);
  return v;
}

uint64_t
cli_number (const char *option, const char *s, uint64_t min, uint64_t max)
{
  unsigned long long v;
  char *end;
  int overflow;

  v = scan (option, s, &end, &overflow);
  /* The syntax first: "0x" is no number, rather than 0.  */
  if (*end)
    cli_bad_usage ("%s: '%s' is not a number", option, s);
  return in_range (option, s, v, overflow, min, max);
}

uint64_t
cli_number_prefix (const char *option, const char *s, uint64_t min,
                   uint64_t max, const char **rest)
{
  unsigned long long v;
  char *end;
  int overflow;

  v = scan (option, s, &end, &overflow);
  *rest = end;
  return in_range (option, s, v, overflow, min, max);
}
