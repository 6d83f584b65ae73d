/* cmac.h - CMAC over a handle's block cipher, for EAX and SIV
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CMAC as NIST SP 800-38B and RFC 4493 define it, for 16-byte blocks.
 * The subkeys belong to the key and are kept apart from the running
 * state, so that one pair serves EAX's three OMAC streams and survives
 * the start of a new message.
 */

#ifndef BCRY_CMAC_H
#define BCRY_CMAC_H

#include "cipher-internal.h"

/* K1 and K2 of SP 800-38B, section 6.1.  */
typedef struct cmac_key
{
  byte k1[16];
  byte k2[16];
} cmac_key_t;

/* One MAC computation: the chaining value X and the data not yet
   chained.  The last block is held back even when whole, because only
   finalisation knows whether it is the last and gets K1 or K2.  */
typedef struct cmac_state
{
  byte x[16];
  byte buf[16];
  unsigned int buflen;
} cmac_state_t;

/* Derive the subkeys of the key set in C (its first key schedule).  */
void _bcry_cmac_subkeys (cipher_hd_t c, cmac_key_t *key);

/* Start a new computation.  */
void _bcry_cmac_init (cmac_state_t *st);

/* Add LEN bytes at IN; the data may come in any split.  */
void _bcry_cmac_update (cipher_hd_t c, cmac_state_t *st,
                        const byte *in, size_t len);

/* The handle's mac_ctr hook for a MAC over the output (MAC_OUT set) or
   over the input, or NULL.  */
static inline bulk_mac_ctr_hook_t
cmac_ctr_hook (cipher_hd_t c, int mac_out)
{
  return mac_out ? c->bulk.mac_ctr : c->bulk.mac_ctr_in;
}

/* CTR encryption of LEN bytes at IN to OUT from the 128-bit big-endian
   counter CTR, with IN, or OUT if MAC_OUT is set, added to ST, as far
   as the handle's mac_ctr hook can take it: nothing unless the data so
   far filled a whole number of blocks, else all but the last of its
   whole blocks.  Returns the bytes done; the caller encrypts and adds
   the rest as usual.  */
size_t _bcry_cmac_ctr (cipher_hd_t c, cmac_state_t *st, byte *ctr,
                       byte *out, const byte *in, size_t len, int mac_out);

/* Write the 16-byte MAC to MAC and wipe ST.  */
void _bcry_cmac_final (cipher_hd_t c, const cmac_key_t *key,
                       cmac_state_t *st, byte *mac);

#endif /* BCRY_CMAC_H */
