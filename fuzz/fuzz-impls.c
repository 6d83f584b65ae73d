/* fuzz-impls.c - libFuzzer target: every implementation gives the same
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input is a program of calls on one algorithm (fuzz-prog.c); it
 * runs once per implementation this process can use, reached with
 * BCRYCTL_SKIP_IMPLS, and every result and output byte must agree with
 * the first run's.  The CPU features stay fixed within a process, so
 * each process picks its own: with BULKCRYPT_HWF_DISABLE unset, a
 * random subset of the features the library finds is switched off (the
 * choice is printed, to replay a crash with it).
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "fuzz-prog.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The features the library finds, asked in a child process: the first
   question fixes the set for the process that asks.  */
static int
detected_features (char *buf, size_t size)
{
  int fds[2], status;
  ssize_t n;
  size_t off = 0;
  pid_t pid;

  if (pipe (fds))
    return -1;
  pid = fork ();
  if (pid < 0)
    return -1;
  if (!pid)
    {
      const char *s = bcry_get_hwf ();

      if (write (fds[1], s, strlen (s)) < 0)
        _exit (1);
      _exit (0);
    }
  close (fds[1]);
  while (off + 1 < size && (n = read (fds[0], buf + off, size - off - 1)) > 0)
    off += n;
  buf[off] = 0;
  close (fds[0]);
  waitpid (pid, &status, 0);
  return 0;
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  char found[256], deny[256] = "", *name, *save = NULL;
  unsigned int seed;

  (void)argc;
  (void)argv;
  if (getenv ("BULKCRYPT_HWF_DISABLE") || detected_features (found,
                                                             sizeof found))
    return 0;
  seed = (unsigned int)time (NULL) ^ (unsigned int)getpid () << 8;
  srand (seed);
  /* One process in eight runs the portable code alone; the others
     lose each feature with odds of one in three.  */
  if (rand () % 8 == 0)
    strcpy (deny, "all");
  else
    for (name = strtok_r (found, ",", &save); name;
         name = strtok_r (NULL, ",", &save))
      if (rand () % 3 == 0 && strlen (deny) + strlen (name) + 2 < sizeof deny)
        {
          if (*deny)
            strcat (deny, ",");
          strcat (deny, name);
        }
  if (*deny && bcry_control (BCRYCTL_DISABLE_HWF, deny))
    {
      fprintf (stderr, "fuzz-impls: cannot switch off %s\n", deny);
      exit (1);
    }
  fprintf (stderr, "fuzz-impls: BULKCRYPT_HWF_DISABLE=%s (features in use:"
           " %s)\n", deny, bcry_get_hwf ());
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  int algo = fuzz_program_algo (data, size);
  unsigned int n = fuzz_impl_count (algo), i;
  struct fuzz_trace first = { NULL, 0, 0 }, other = { NULL, 0, 0 };

  fuzz_run (data, size, 0, &first);
  for (i = 1; i < n; i++)
    {
      other.len = 0;
      fuzz_run (data, size, i, &other);
      fuzz_trace_compare (&first, &other, algo, i);
    }
  fuzz_trace_free (&first);
  fuzz_trace_free (&other);
  return 0;
}
