/* basic.h - declarations shared by the files of tests/basic
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * tests/basic checks every algorithm of cipher/cipher-list.def, in
 * every mode and with every implementation the machine can run, through
 * the public API only.  The driver (basic.c) runs the suites listed in
 * basic-suites.def once per feature level; each suite is a file of its
 * own: the published known-answer vectors (basic-vectors.c, each table
 * citing its source), the cross-check against the mode equations
 * written out on top of the portable C block function (basic-xcheck.c),
 * the refusal of bad input (basic-bad.c) and the API's small calls
 * (basic-api.c).  basic-util.c has the helpers they share.  Every test
 * counts once in the closing "N passed, M failed".
 *
 * A suite loops over algorithms and implementations like this:
 *
 *   for (a = algo_list; *a; a++)
 *     for (impl = 0; impl < impl_count (*a); impl++)
 *       {
 *         hd = open_impl (*a, mode, 0, impl, key, keylen, &rc);
 *         ...
 *       }
 */

#ifndef BASIC_H
#define BASIC_H

#include <stddef.h>
#include <stdint.h>
#include "bulkcrypt.h"

#define BLOCK 16
/* Longest key of the algorithms tested, in bytes.  */
#define MAX_KEY 32
/* The message length of the small tests.  */
#define MSG_LEN 64

#define DIMOF(a) (sizeof (a) / sizeof ((a)[0]))

/* Bytes checked after an output buffer, preset to GUARD_BYTE.  */
#define GUARD 16
#define GUARD_BYTE 0xa5

/* The options: --verbose, --quick (fewer lengths) and --seed.  */
extern int verbose;
extern int quick;
extern uint64_t seed;

/* The suites: one function per line of basic-suites.def.  */
#define SUITE(fn, name) void fn (void);
#include "basic-suites.def"
#undef SUITE


/* basic.c: counting.  Every test ends in exactly one of test_pass,
   test_fail, check, check_rc or test_count.  */
void test_pass (void);
void test_fail (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
/* Count a test from a condition; FMT says what was checked.  */
void check (int ok, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
/* Count a test whose error code GOT must be WANT; WHAT names the call.  */
void check_rc (gpg_error_t got, gpg_err_code_t want, const char *what);
/* Count a test whose failures, if any, were printed already.  */
void test_count (int ok);
/* Print only with --verbose.  */
void info (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));


/* basic-util.c: the algorithms of this build, from cipher-list.def,
   ending in 0.  */
extern const int algo_list[];
int in_algo_list (int algo);

/* The test's random numbers: a stream that replays from --seed.
   rng_start begins the stream of one test, from the seed and three
   numbers that name the test, so that a test draws the same numbers
   whatever ran before it.  */
void rng_start (unsigned int a, unsigned int b, unsigned int c);
uint64_t rng (void);
/* A number below N; 0 when N is 0.  */
size_t rng_below (size_t n);
void rng_fill (unsigned char *p, size_t n);

/* Decode HEX (spaces ignored) into BUF of MAX bytes; returns the length
   or (size_t)-1 on a malformed or too long string.  */
size_t hex_decode (const char *hex, unsigned char *buf, size_t max);

/* "AES-128 CBC-CTS", for messages.  */
const char *mode_label (int mode, unsigned int flags);

/* The implementations of ALGO usable here: BCRYCTL_SKIP_IMPLS n with
   n < impl_count (ALGO) selects the n+1-th fastest; the last one is the
   portable C code.  */
unsigned int impl_count (int algo);

/* Open ALGO in MODE with FLAGS, select implementation IMPL and set KEY.
   Returns NULL (and the error in *ERR) when a step fails.  */
bcry_cipher_hd_t open_impl (int algo, int mode, unsigned int flags,
                            unsigned int impl, const void *key,
                            size_t keylen, gpg_err_code_t *err);

/* Set IV as the IV of MODE, or as the counter block for CTR; nothing
   for ECB.  */
gpg_err_code_t start_iv (bcry_cipher_hd_t hd, int mode,
                         const unsigned char *iv);

/* Where feed_pieces sends the data.  */
enum feed_op { FEED_AAD, FEED_ENCRYPT, FEED_DECRYPT };

/* Pass LEN bytes at IN to authenticate (OUT unused) or, into OUT, to
   encrypt or decrypt, in calls of STEP bytes (the last one shorter);
   stops at the first error and returns it.  */
gpg_err_code_t feed_pieces (bcry_cipher_hd_t hd, enum feed_op op,
                            unsigned char *out, const unsigned char *in,
                            size_t len, size_t step);

/* Whether the GUARD bytes at P still hold GUARD_BYTE.  */
int guard_ok (const unsigned char *p);

/* Fill the vector registers with garbage, so that a kernel called next
   cannot rely on zeros or on what the previous call left there.  Call
   it right before an encrypt or decrypt call.  */
void clobber_vector_regs (void);


/* basic-xcheck.c: the modes of the cross-check, which basic-bad.c
   also walks.  GRAN is the unit a call may take: a block, a byte, or 0
   for the whole message in one call.  */
struct xmode
{
  int mode;
  unsigned int flags;
  size_t gran;
};

extern const struct xmode xmodes[];
extern const size_t n_xmodes;

/* basic-vectors.c: whether the tables hold an ECB vector for ALGO, and
   its key length.  */
int has_vectors (int algo, size_t *keylen);

#endif /* BASIC_H */
