/* levels.c - run a test program once per CPU-feature level
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * See levels.h.
 */

#include <config.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <bulkcrypt.h>
#include "levels.h"

#define DIMOF(a) (sizeof (a) / sizeof (a)[0])

/* The order in which features are switched off.  Features the library
   names that are not listed here come after them.  */
static const char *const hwf_order[] =
  {
    "avx512vbmi", "avx512", "gfni", "vpclmul", "vaes", "avx2", "bmi2", "avx",
    "pclmul", "aesni", "sse4.1", "ssse3", "sse2", "arm-pmull", "arm-aes", "neon"
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

/* The features of this machine in switching-off order; NAMES keeps
   the strings ORDER points to and is the caller's to free.  */
static size_t
levels_order (const char **order, size_t max, char **names)
{
  const char *hwf = bcry_get_hwf ();
  char *tok, *save;
  size_t n = 0, i;

  *names = strdup (hwf ? hwf : "");
  if (!*names)
    return 0;
  for (i = 0; i < DIMOF (hwf_order) && n < max; i++)
    if (hwf_has (*names, hwf_order[i]))
      order[n++] = hwf_order[i];
  for (tok = strtok_r (*names, ",", &save); tok && n < max;
       tok = strtok_r (NULL, ",", &save))
    {
      for (i = 0; i < DIMOF (hwf_order); i++)
        if (!strcmp (tok, hwf_order[i]))
          break;
      if (i == DIMOF (hwf_order))
        order[n++] = tok;
    }
  return n;
}

size_t
levels_count (void)
{
  const char *order[64];
  char *names;
  size_t n = levels_order (order, DIMOF (order), &names);

  free (names);
  return n + 1 + !!n;
}

static void
child_failed (levels_counts_t *counts, const char *fmt, ...)
{
  va_list ap;

  counts->failed++;
  fputs ("FAIL: ", stdout);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  putchar ('\n');
  fflush (stdout);
}

void
levels_run_one (const char *argv0, char **args, const char *deny,
                const char *label, int (*line_cb) (const char *line),
                levels_counts_t *counts)
{
  unsigned int np = 0, nf = 0;
  int have_counts = 0, status, fd[2];
  char line[1024];
  pid_t pid, waited;
  FILE *fp;

  fflush (stdout);
  if (pipe (fd) || (pid = fork ()) < 0)
    {
      child_failed (counts, "%s: cannot start: %s", label, strerror (errno));
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
      else if (!line_cb || !line_cb (line))
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
      child_failed (counts, "%s: waitpid: %s", label, strerror (errno));
      return;
    }
  if (!have_counts || !WIFEXITED (status))
    {
      child_failed (counts, "%s: no result (%s %d)", label,
                    WIFSIGNALED (status) ? "signal" : "exit status",
                    WIFSIGNALED (status) ? WTERMSIG (status)
                    : WEXITSTATUS (status));
      return;
    }
  printf ("%s: %u passed, %u failed\n", label, np, nf);
  fflush (stdout);
  counts->passed += np;
  counts->failed += nf;
}

int
levels_get (size_t k, char *deny, size_t denysize, char *label,
            size_t labelsize)
{
  const char *order[64];
  char *names;
  size_t norder, i;
  int found = 1;

  norder = levels_order (order, DIMOF (order), &names);
  *deny = 0;
  if (k == 0)
    snprintf (label, labelsize, "level 0 (all features)");
  else if (k <= norder)
    {
      for (i = 0; i < k; i++)
        snprintf (deny + strlen (deny), denysize - strlen (deny), "%s%s",
                  i ? "," : "", order[i]);
      snprintf (label, labelsize, "level %zu (without %s)", k, deny);
    }
  else if (k == norder + 1 && norder)
    {
      snprintf (deny, denysize, "all");
      snprintf (label, labelsize, "level %zu (without all)", k);
    }
  else
    found = 0;
  free (names);
  return found;
}

size_t
levels_run (const char *argv0, char **args,
            int (*line_cb) (const char *line), levels_counts_t *counts)
{
  char deny[256], label[320];
  size_t k;

  for (k = 0; levels_get (k, deny, sizeof deny, label, sizeof label); k++)
    levels_run_one (argv0, args, *deny ? deny : NULL, label, line_cb,
                    counts);
  return k;
}
