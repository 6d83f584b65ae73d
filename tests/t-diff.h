/* t-diff.h - the other libraries t-diff compares bulkcrypt with
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each is a struct drive_api (t-drive.h) that takes bulkcrypt's
 * algorithm and mode numbers and returns bulkcrypt's error codes, so
 * that t-drive.c's driver runs the same message through it.  Opening
 * an algorithm, mode or flag the library lacks fails, and t-diff then
 * leaves that library out of the combination.
 */

#ifndef T_DIFF_H
#define T_DIFF_H

#include "t-drive.h"

#ifdef HAVE_LIBGCRYPT
/* t-diff-gcry.c: libgcrypt, whose numbers are bulkcrypt's.  */
extern const struct drive_api diff_gcry;
/* Initialise libgcrypt; returns 0 if its version is too old.  */
int diff_gcry_init (void);
#endif

#ifdef HAVE_NETTLE
/* t-diff-nettle.c: Nettle's modes over its generic cipher table.  */
extern const struct drive_api diff_nettle;
#endif

#endif /* T_DIFF_H */
