/* t-drive.h - drive any algorithm and mode through the public API
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The harness tests (t-wipe, t-threads) run every algorithm and every
 * mode the library has without a table of either: they ask the library
 * which algorithm ids (bcry_cipher_test_algo) and mode ids (whether
 * bcry_cipher_open takes them) exist, and find each mode's key, IV and
 * data lengths by trying the usual ones in turn, relying on the rule
 * that a refused call changes nothing.  So a new algorithm, mode or
 * implementation is covered without editing them.  t-drive.c also has
 * their counting, which ends in "N passed, M failed", and the re-running
 * of a test once per CPU-feature level.
 *
 * The calls go through a table of functions (struct drive_api), so that
 * t-diff runs the same messages through libgcrypt, whose API this is
 * under other names, and through an adapter over Nettle.
 */

#ifndef T_DRIVE_H
#define T_DRIVE_H

#include <stddef.h>
#include "bulkcrypt.h"
#include "levels.h"

#define DIMOF(a) (sizeof (a) / sizeof ((a)[0]))

/* Room for two keys of 256 bits (XTS, SIV).  */
#define DRIVE_KEY 64
/* Room for the longest IV tried.  */
#define DRIVE_IV 16
#define DRIVE_TAG 16
/* Extra output room: key wrap adds 8 bytes.  */
#define DRIVE_SLACK 16

/* The calls the driver makes, on a handle of its own kind.  Error
   codes and the order of calls are bulkcrypt's (and libgcrypt's).  */
struct drive_api
{
  const char *name;
  gpg_error_t (*open) (void **hd, int algo, int mode, unsigned int flags);
  void (*close) (void *hd);
  gpg_error_t (*ctl) (void *hd, int cmd, void *buf, size_t buflen);
  gpg_error_t (*setkey) (void *hd, const void *key, size_t keylen);
  gpg_error_t (*setiv) (void *hd, const void *iv, size_t ivlen);
  gpg_error_t (*authenticate) (void *hd, const void *aad, size_t aadlen);
  gpg_error_t (*encrypt) (void *hd, void *out, size_t outsize,
                          const void *in, size_t inlen);
  gpg_error_t (*decrypt) (void *hd, void *out, size_t outsize,
                          const void *in, size_t inlen);
  gpg_error_t (*gettag) (void *hd, void *tag, size_t taglen);
  gpg_error_t (*checktag) (void *hd, const void *tag, size_t taglen);
};

/* bulkcrypt itself.  */
extern const struct drive_api drive_bcry;

/* Fill ALGOS (room for MAX) with the algorithm ids the library knows;
   returns their number.  Runs each algorithm's selftest.  */
size_t drive_algos (int *algos, size_t max);

/* Fill MODES with the mode ids that open with ALGO; returns their
   number.  */
size_t drive_modes (int algo, int *modes, size_t max);

/* Open ALGO in MODE with FLAGS, skip SKIP implementations
   (BCRYCTL_SKIP_IMPLS) and set a key from KEY (DRIVE_KEY bytes): the
   algorithm's key length, else twice it.  GPG_ERR_NOT_SUPPORTED when
   fewer than SKIP + 1 implementations are usable.  */
gpg_err_code_t drive_open (bcry_cipher_hd_t *hd, int algo, int mode,
                           unsigned int flags, unsigned int skip,
                           const unsigned char *key);

/* One message.  */
struct drive_msg
{
  const unsigned char *iv;    /* DRIVE_IV bytes, a prefix is used.  */
  const unsigned char *aad;
  size_t aadlen;
  const unsigned char *in;
  size_t len;                 /* Bytes wanted; see drive_encrypt.  */
  int no_tag;                 /* Stop before gettag.  */
};

/* How to pass a message, for the *_api calls; NULL or all zeros for
   the plain way described here.  */
struct drive_how
{
  size_t ivlen;               /* The IV length to try first.  */
  int aad_always;             /* Authenticate even empty AAD.  */
  int in_place;               /* 1: the input is copied to OUT and the
                                 call has IN = OUT; 2: IN = NULL where
                                 the output is as long as the input.  */
  const size_t *chunks;       /* The data goes in NCHUNKS calls of these */
  size_t nchunks;             /* lengths, which add up to it exactly;
                                 the last follows bcry_cipher_final.  */
  const size_t *aad_chunks;   /* The same for the AAD.  */
  size_t aad_nchunks;
};

/* What the mode made of it.  */
struct drive_out
{
  size_t ivlen;               /* 0: no IV length was taken.  */
  size_t len;                 /* Bytes of input taken.  */
  size_t outlen;              /* Bytes of output.  */
  int aead;
  int have_tag;
  unsigned char tag[DRIVE_TAG];
};

/* Encrypt M in one call after reset, setiv, the CCM lengths, authenticate
   and bcry_cipher_final, then get the tag (unless M->no_tag).  A mode
   that refuses M->len gets it rounded down to whole blocks.  OUT needs
   M->len + DRIVE_SLACK bytes.  Returns the first unexpected error.  */
gpg_err_code_t drive_encrypt (bcry_cipher_hd_t hd, const struct drive_msg *m,
                              unsigned char *out, struct drive_out *r);

/* Decrypt the output of drive_encrypt (CT, E from it) with M's IV and
   AAD into OUT, and check the tag.  */
gpg_err_code_t drive_decrypt (bcry_cipher_hd_t hd, const struct drive_msg *m,
                              const struct drive_out *e,
                              const unsigned char *ct, unsigned char *out);

/* The same through API, on a handle it opened, passing the message
   as HOW says.  drive_open_api sets the key length it found in
   *KEYLEN, if not NULL; a nonzero *KEYLEN is the length to use.  */
gpg_err_code_t drive_open_api (const struct drive_api *api, void **hd,
                               int algo, int mode, unsigned int flags,
                               unsigned int skip, const unsigned char *key,
                               size_t *keylen);
gpg_err_code_t drive_encrypt_api (const struct drive_api *api, void *hd,
                                  const struct drive_msg *m,
                                  const struct drive_how *how,
                                  unsigned char *out, struct drive_out *r);
gpg_err_code_t drive_decrypt_api (const struct drive_api *api, void *hd,
                                  const struct drive_msg *m,
                                  const struct drive_how *how,
                                  const struct drive_out *e,
                                  const unsigned char *ct,
                                  unsigned char *out);

/* "AES256 GCM", for messages.  */
const char *drive_label (int algo, int mode);

/* A small generator that replays from its state.  */
unsigned long long drive_rand (unsigned long long *state);
void drive_fill (unsigned long long *state, unsigned char *p, size_t n);

/* Counting: one call per test; drive_done prints the closing line and
   returns the exit status.  Not for use from several threads.  */
void drive_check (int ok, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
int drive_done (void);

/* levels_run (levels.h), adding the children's counts to this
   process's.  */
size_t drive_levels (const char *argv0, char **args,
                     int (*line_cb) (const char *line));

#endif /* T_DRIVE_H */
