/* levels.h - run a test program once per CPU-feature level
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A test that covers every implementation runs itself again in child
 * processes: with all features, then switching them off one by one
 * through BULKCRYPT_HWF_DISABLE, widest first, so that each level takes
 * away the top path the one before had, then with none.  tests/basic
 * and the harness tests built on t-drive.c share this.
 */

#ifndef LEVELS_H
#define LEVELS_H

#include <stddef.h>

/* The counts of "N passed, M failed" lines, added up.  A child that
   ends without one counts as a failure.  */
typedef struct levels_counts
{
  unsigned int passed;
  unsigned int failed;
} levels_counts_t;

/* Run ARGV0 with ARGS (NULL-terminated; ARGS[0] is the program) and
   DENY (NULL: nothing) in BULKCRYPT_HWF_DISABLE.  Its output is echoed
   except its closing count, which is added to COUNTS and printed after
   LABEL, and except the lines LINE_CB (if not NULL) returns nonzero
   for.  */
void levels_run_one (const char *argv0, char **args, const char *deny,
                     const char *label, int (*line_cb) (const char *line),
                     levels_counts_t *counts);

/* Level K of this machine, as levels_run numbers them: its
   BULKCRYPT_HWF_DISABLE list in DENY ("" for level 0) and its name in
   LABEL.  Returns 0 when this machine has no level K.  */
int levels_get (size_t k, char *deny, size_t denysize, char *label,
                size_t labelsize);

/* levels_run_one once per level.  Returns the number of levels run.  */
size_t levels_run (const char *argv0, char **args,
                   int (*line_cb) (const char *line),
                   levels_counts_t *counts);

/* The number of levels levels_run runs on this machine.  */
size_t levels_count (void);

#endif /* LEVELS_H */
