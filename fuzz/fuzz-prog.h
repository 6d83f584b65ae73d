/* fuzz-prog.h - the call-sequence interpreter of the fuzz targets
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A fuzz input is read as a program of bcry_cipher_* calls (see
 * fuzz-prog.c for the encoding).  fuzz-api runs it once; fuzz-impls
 * runs it once per implementation of its algorithm and compares the
 * traces.  The algorithms and modes come from the library itself, so a
 * new algorithm, mode or implementation is fuzzed without an edit here.
 */

#ifndef FUZZ_PROG_H
#define FUZZ_PROG_H

#include <stddef.h>
#include <stdint.h>
#include "bulkcrypt.h"

/* Longest data of one call: past the widest kernel's run (64 blocks)
   several times over, with a partial block.  */
#define FUZZ_MAX_DATA 4200

/* Every result of a run, in order: what fuzz-impls compares.  */
struct fuzz_trace
{
  unsigned char *buf;
  size_t len, cap;
};

/* Run the program DATA of SIZE bytes.  IMPL < 0: the fuzz-api program,
   free to open anything and to skip implementations itself.  IMPL >= 0:
   the algorithm is the first byte's, and every handle skips IMPL
   implementations (BCRYCTL_SKIP_IMPLS).  Results go to T unless it is
   NULL.  A broken invariant prints what broke and aborts.  Returns the
   number of messages (FUZZ_OP_MESSAGE) the handle encrypted.  */
unsigned int fuzz_run (const uint8_t *data, size_t size, int impl,
                       struct fuzz_trace *t);

/* The algorithm a fuzz-impls program uses, and how many implementations
   of it this process can run.  */
int fuzz_program_algo (const uint8_t *data, size_t size);
unsigned int fuzz_impl_count (int algo);

/* Abort with a report if B (a run skipping IMPL implementations) differs
   from A (the run with none skipped).  */
void fuzz_trace_compare (const struct fuzz_trace *a,
                         const struct fuzz_trace *b, int algo,
                         unsigned int impl);
void fuzz_trace_free (struct fuzz_trace *t);

/* The algorithm and mode ids the library has, for the corpus
   generator.  */
size_t fuzz_algos (const int **list);
size_t fuzz_modes (const int **list);

/* The opcodes of a program, for the corpus generator.  */
enum fuzz_op
  {
    FUZZ_OP_OPEN, FUZZ_OP_SETKEY, FUZZ_OP_SETIV, FUZZ_OP_SETCTR,
    FUZZ_OP_AUTH, FUZZ_OP_ENCRYPT, FUZZ_OP_DECRYPT, FUZZ_OP_GETTAG,
    FUZZ_OP_CHECKTAG, FUZZ_OP_RESET, FUZZ_OP_FINAL, FUZZ_OP_CTL,
    FUZZ_OP_INFO, FUZZ_OP_MESSAGE, FUZZ_OP_CLOSE,
    FUZZ_N_OPS
  };

/* Sub-commands of FUZZ_OP_CTL.  */
enum fuzz_ctl
  {
    FUZZ_CTL_CCM_LENGTHS, FUZZ_CTL_SET_TAGLEN, FUZZ_CTL_SKIP_IMPLS,
    FUZZ_CTL_WEAK_KEY, FUZZ_CTL_CBC_CTS, FUZZ_CTL_CBC_MAC,
    FUZZ_CTL_DECRYPTION_TAG, FUZZ_CTL_CFB_SYNC, FUZZ_CTL_ANY,
    FUZZ_N_CTLS
  };

#endif /* FUZZ_PROG_H */
