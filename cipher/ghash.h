/* ghash.h - GHASH (GCM) and POLYVAL (GCM-SIV) over one shared core
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GHASH is the universal hash of NIST SP 800-38D, section 6.4; POLYVAL
 * is that of RFC 8452, section 3, which Appendix A of the RFC maps onto
 * GHASH by reversing the bytes of every block and of the result, with
 * the key H replaced by mulX_GHASH (ByteReverse (H)).
 */

#ifndef BCRY_GHASH_H
#define BCRY_GHASH_H

#include "bulkcrypt-int.h"

/* The state of one hash.  The gcm_crypt hook receives a pointer to it,
   so its head is fixed for SIMD code: Y (offset 0) is the hash so far
   and H (offset 16) the hash key, both 16-byte blocks in the byte order
   of SP 800-38D (the first byte holds the coefficients of x^0..x^7, its
   most significant bit x^0), for POLYVAL too.  What follows is the
   portable code's: M0[n] = n * H and M4[n] = n * H * x^4 for each
   nibble n, as (first eight bytes, last eight bytes) big-endian words,
   and the same for H * x^64.  */
typedef struct ghash_state
{
  byte y[16];
  byte h[16];
  u64 m0[16][2];
  u64 m4[16][2];
  u64 m64_0[16][2];
  u64 m64_4[16][2];
} ghash_state_t;

/* Set the key H (16 bytes, SP 800-38D order) and clear Y.  */
void _bcry_ghash_setkey (ghash_state_t *gh, const byte *h);
/* Y = (Y ^ X_i) * H for each of the NBLOCKS blocks at BUF.  */
void _bcry_ghash_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks);

/* POLYVAL (RFC 8452) with the 16-byte key KEY; Y is cleared.  */
void _bcry_polyval_setkey (ghash_state_t *gh, const byte *key);
/* S = (S ^ X_i) * H * x^-128 in POLYVAL's field, per block.  */
void _bcry_polyval_blocks (ghash_state_t *gh, const byte *buf,
                           size_t nblocks);
/* The POLYVAL value so far, in the RFC's byte order.  */
void _bcry_polyval_read (const ghash_state_t *gh, byte *out);

#endif /* BCRY_GHASH_H */
