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
/* GHASH_USE_PCLMUL, GHASH_USE_VPCLMUL, GHASH_USE_VPCLMUL512 and
   GHASH_USE_PMULL.  */
#include "simd-kernels.h"
#include "kernel-state.h"

/* Powers of H the portable code keeps tables for, i.e. the blocks it
   multiplies per reduction.  */
#define GHASH_C_POWERS 4
/* Powers of H the carry-less multipliers keep in K: the YMM and XMM
   loops multiply sixteen blocks per reduction, the ZMM loop thirty-two
   with POW32 too: GHASH is bound by the number of carry-less
   multiplies, three a block, and by the chain from one group to the
   next, which runs through a reduction (doc/HACKING, "Tuning
   notes").  */
#define GHASH_CLMUL_POWERS GHASH_STATE_POWERS
#define GHASH_PCLMUL_BLOCKS 16

/* The portable multiplier's tables (ghash.c): for H^(p+1), T[p][0][n]
   and T[p][1][n] are the first and last eight bytes, read big-endian,
   of n * H^(p+1) for each byte value n.  16 KiB, too big for a mode's
   state: a mode keeps them in the handle (cipher_mode_t.extra_size)
   and hands them to the setkey functions, which use them only when the
   portable multiplier is chosen.  */
typedef struct ghash_tables
{
  u64 t[GHASH_C_POWERS][2][256];
} ghash_tables_t;

/* The state of one hash, with a partial block buffered, so that the
   modes can hash any split of their AAD and data.  The gcm_crypt hook
   receives a pointer to it, so its head is fixed for SIMD code: Y
   (offset 0) is the hash so far and H (offset 16) the hash key, both
   16-byte blocks in the byte order of SP 800-38D (the first byte holds
   the coefficients of x^0..x^7, its most significant bit x^0), for
   POLYVAL too.  Which multiplier runs is chosen by the setkey functions
   from the CPU features and recorded in IMPL.  */
typedef struct ghash_state
{
  byte y[16];
  byte h[16];
  byte buf[16];               /* Partial block not yet hashed.  */
  unsigned int buflen;
  unsigned char polyval;      /* Blocks are POLYVAL's (byte-reversed).  */
  unsigned char impl;         /* GHASH_IMPL_*.  */
  unsigned char pow32_set;    /* POW32 holds the key's powers.  */
  unsigned char k_set;        /* K holds all its powers, not H^1..H^4.  */
  /* Portable: the tables filled at setkey; NULL with PCLMUL.  */
  ghash_tables_t *tab;
  /* PCLMUL and VPCLMULQDQ (ghash-clmul.h): POW[i] = H^(16-i) * x^-1 in
     the reflected order, so that the last N entries are the powers N
     blocks in a row are multiplied by, and MID[i] = kara128 (POW[i]),
     their Karatsuba middle operands.  Setkey fills only H^1..H^4,
     which runs of up to four blocks read, for short messages and a
     mode's single blocks; H^5..H^16 are filled by _bcry_ghash_fill_k
     before the first longer run (K_SET).
     The ZMM loop: POW32[i] = H^(32-i) * x^-1, the powers above POW's,
     so that it multiplies thirty-two blocks per reduction, and MID32
     their middle operands, which the stitched GCM kernels read.
     Filled by that loop the first time a key hashes a run long enough
     for it, or before the first stitched kernel
     (_bcry_ghash_need_stitch), so that keys that never do (disk
     sectors, GCM-SIV's key per nonce on short messages) do not pay for
     them at setkey.  POW32 comes right before POW and MID32 before
     MID, so that the last N of the 32 powers, and their middles 512
     bytes on, are at one offset for a kernel's rows.  */
  struct
  {
    u64 pow32[GHASH_CLMUL_POWERS][2];
    u64 pow[GHASH_CLMUL_POWERS][2];
    u64 mid32[GHASH_CLMUL_POWERS][2];
    u64 mid[GHASH_CLMUL_POWERS][2];
  } k;
} ghash_state_t;

_Static_assert (offsetof (ghash_state_t, y) == GHASH_STATE_Y
                && offsetof (ghash_state_t, h) == GHASH_STATE_H
                && offsetof (ghash_state_t, k.pow) == GHASH_STATE_POW
                && offsetof (ghash_state_t, k.mid) == GHASH_STATE_MID
                && offsetof (ghash_state_t, k.pow32) == GHASH_STATE_POW32
                && offsetof (ghash_state_t, k.mid32) == GHASH_STATE_MID32,
                "src/kernel-state.h: ghash_state_t");

enum
  {
    GHASH_IMPL_C = 0,           /* Shoup's 8-bit tables, ghash.c.  */
    GHASH_IMPL_PCLMUL = 1,      /* Carry-less multiply, ghash-pclmul.c.  */
    GHASH_IMPL_VPCLMUL256 = 2,  /* YMM, ghash-vpclmul.c.  */
    GHASH_IMPL_VPCLMUL512 = 3,  /* ZMM, ghash-vpclmul.c.  */
    GHASH_IMPL_PCLMUL_AVX = 4,  /* PCLMUL, VEX-encoded.  */
    GHASH_IMPL_PMULL = 5        /* aarch64 PMULL, ghash-pmull-aarch64.c.  */
  };

/* Define FN (GH, BUF, NBLOCKS), with the function attributes ATTR, as a
   call of the inline BODY (GH, BUF, NBLOCKS, POLYVAL) with POLYVAL a
   constant: each multiplier is compiled once per byte order, so that
   the choice costs no branch in its loop.  */
#define GHASH_BLOCKS_FN(attr, fn, body)                                 \
  attr void                                                             \
  fn (ghash_state_t *gh, const byte *buf, size_t nblocks)               \
  {                                                                     \
    if (gh->polyval)                                                    \
      body (gh, buf, nblocks, 1);                                       \
    else                                                                \
      body (gh, buf, nblocks, 0);                                       \
  }

/* Set the key H (16 bytes, SP 800-38D order), choose the multiplier and
   clear the message; TAB is where the portable multiplier puts its
   tables, which belong to the key as H does.  */
void _bcry_ghash_setkey (ghash_state_t *gh, const byte *h,
                         ghash_tables_t *tab);
/* The same for POLYVAL (RFC 8452) with its 16-byte key KEY.  */
void _bcry_polyval_setkey (ghash_state_t *gh, const byte *key,
                           ghash_tables_t *tab);
/* Wipe the key, its tables if any, and the message.  */
void _bcry_ghash_wipe (ghash_state_t *gh);
/* Clear Y and the partial block; the key stays.  */
void _bcry_ghash_clear (ghash_state_t *gh);

/* Fill K's powers above H^4, for the first run of more than four
   blocks under a key (K_SET).  */
void _bcry_ghash_fill_k (ghash_state_t *gh);

/* What a kernel that reads K directly (the gcm_crypt hooks) calls
   first.  */
static inline void
_bcry_ghash_need_k (ghash_state_t *gh)
{
  if (!gh->k_set)
    _bcry_ghash_fill_k (gh);
}

#ifdef GHASH_USE_VPCLMUL512
void _bcry_ghash_vpclmul512_fill_pow32 (ghash_state_t *gh);
#endif

/* What the generic path calls before a stitched GCM or GCM-SIV kernel
   (the gcm_crypt and gcm_siv_crypt hooks): K, and under the ZMM
   multiplier POW32, which that multiplier's stitched kernels read.  */
static inline void
_bcry_ghash_need_stitch (ghash_state_t *gh)
{
  _bcry_ghash_need_k (gh);
#ifdef GHASH_USE_VPCLMUL512
  if (gh->impl == GHASH_IMPL_VPCLMUL512 && !gh->pow32_set)
    _bcry_ghash_vpclmul512_fill_pow32 (gh);
#endif
}

/* Hash NBLOCKS whole blocks at BUF; no partial block may be pending.  */
void _bcry_ghash_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks);
/* Hash LEN bytes, keeping a partial block for the next call.  */
void _bcry_ghash_update (ghash_state_t *gh, const byte *buf, size_t len);
/* Zero-pad and hash the partial block, if any: the end of a field.  */
void _bcry_ghash_pad (ghash_state_t *gh);

/* The POLYVAL value so far, in the RFC's byte order.  */
void _bcry_polyval_read (const ghash_state_t *gh, byte *out);

#ifdef GHASH_USE_PCLMUL
/* ghash-pclmul.c: fill K's first four powers from H, and the rest
   (for ghash-vpclmul.c's YMM loop too), and hash whole blocks.  */
void _bcry_ghash_pclmul_setkey (ghash_state_t *gh);
void _bcry_ghash_pclmul_fill_k (ghash_state_t *gh);
void _bcry_ghash_pclmul_blocks (ghash_state_t *gh, const byte *buf,
                                size_t nblocks);
/* The same, VEX-encoded, for CPUs with AVX.  */
void _bcry_ghash_pclmul_avx_blocks (ghash_state_t *gh, const byte *buf,
                                    size_t nblocks);
#endif

#ifdef GHASH_USE_VPCLMUL
/* ghash-vpclmul.c: hash whole blocks with YMM or ZMM registers.  */
void _bcry_ghash_vpclmul256_blocks (ghash_state_t *gh, const byte *buf,
                                    size_t nblocks);
# ifdef GHASH_USE_VPCLMUL512
void _bcry_ghash_vpclmul512_blocks (ghash_state_t *gh, const byte *buf,
                                    size_t nblocks);
/* Fill K's first four powers from H, and the rest.  */
void _bcry_ghash_vpclmul512_setkey (ghash_state_t *gh);
void _bcry_ghash_vpclmul512_fill_k (ghash_state_t *gh);
# endif
#endif

#ifdef GHASH_USE_PMULL
/* ghash-pmull-aarch64.c: the same as ghash-pclmul.c with aarch64's
   PMULL, in K's layout.  */
void _bcry_ghash_pmull_setkey (ghash_state_t *gh);
void _bcry_ghash_pmull_fill_k (ghash_state_t *gh);
void _bcry_ghash_pmull_blocks (ghash_state_t *gh, const byte *buf,
                               size_t nblocks);
#endif

#endif /* BCRY_GHASH_H */
