/* basic.h - declarations shared by the files of tests/basic
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * tests/basic checks every algorithm of cipher/cipher-list.def, in
 * every mode and with every implementation the machine can run, through
 * the public API only: published known-answer vectors (basic-vectors.c,
 * each table citing its source), then a cross-check against the mode
 * equations written out in basic.c on top of the portable C block
 * function.  Every test counts once in the closing "N passed, M failed".
 */

#ifndef BASIC_H
#define BASIC_H

#include <stddef.h>
#include "bulkcrypt.h"

#define BLOCK 16
/* Longest key of the algorithms tested, in bytes.  */
#define MAX_KEY 32

extern int verbose;

/* Every test ends in exactly one of these.  */
void test_pass (void);
void test_fail (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
/* Print only with --verbose.  */
void info (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* The implementations of ALGO usable here: BCRYCTL_SKIP_IMPLS n with
   n < impl_count (ALGO) selects the n+1-th fastest; the last one is the
   portable C code.  */
unsigned int impl_count (int algo);

/* Open ALGO in MODE with FLAGS, select implementation IMPL and set KEY.
   Returns NULL (and the error in *ERR) when a step fails.  */
bcry_cipher_hd_t open_impl (int algo, int mode, unsigned int flags,
                            unsigned int impl, const void *key,
                            size_t keylen, gpg_err_code_t *err);

/* Decode HEX (spaces ignored) into BUF of MAX bytes; returns the length
   or (size_t)-1 on a malformed or too long string.  */
size_t hex_decode (const char *hex, unsigned char *buf, size_t max);

/* "AES-128 CBC-CTS", for messages.  */
const char *mode_label (int mode, unsigned int flags);

/* basic-vectors.c: the known-answer tests.  */
void run_vectors (void);
/* Whether the tables hold an ECB vector for ALGO, and its key length.  */
int has_vectors (int algo, size_t *keylen);

#endif /* BASIC_H */
