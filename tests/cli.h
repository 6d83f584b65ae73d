/* cli.h - the command line of the test programs
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The test programs and the benchmark take their options the same way,
 * so that each behaves like a tool: --help prints the usage and what
 * every option means and exits 0; a bad command line prints the
 * program's name and what is wrong, then the usage, and exits 2, a
 * status no test uses for its result.  The name is the program's, not
 * the path libtool's wrapper runs (.libs/lt-basic is "basic").
 */

#ifndef CLI_H
#define CLI_H

#include <stdint.h>

/* The name of the program, set by cli_init.  */
extern const char *cli_name;

/* Set cli_name from ARGV0.  SYNOPSIS is what follows the name in the
   usage line ("[--verbose] [--seed N]"; a line after a newline
   starts under the name); HELP is the text --help prints after the
   usage: what the program does and a line for each option.  Both must
   live as long as the program.  */
void cli_init (const char *argv0, const char *synopsis, const char *help);

/* Print the usage and HELP to stdout and exit 0.  */
void cli_help (void) __attribute__ ((noreturn));

/* Print the name, the message FMT, and the usage to stderr; exit 2.  */
void cli_bad_usage (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2), noreturn));

/* Print the name and the message FMT to stderr; exit 1.  For a failure
   that is not the command line's.  */
void cli_die (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2), noreturn));

/* The value of the option at ARGV[*I], which it consumes: ARGV[*I + 1],
   with *I advanced to it.  */
const char *cli_value (int argc, char **argv, int *i);

/* The number S given to OPTION, from MIN to MAX: decimal, or with a
   leading 0x hexadecimal or 0 octal, without sign or blanks.  */
uint64_t cli_number (const char *option, const char *s,
                     uint64_t min, uint64_t max);

/* Like cli_number, for S that may go on after the number: *REST is set
   to what follows it, which the caller checks.  */
uint64_t cli_number_prefix (const char *option, const char *s,
                            uint64_t min, uint64_t max, const char **rest);

#endif /* CLI_H */
