/* cmac.c - CMAC over a handle's block cipher, for EAX and SIV
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * NIST SP 800-38B and RFC 4493, for 16-byte blocks.  Runs of whole
 * blocks go through the handle's cbc_enc hook with cbc_mac set, so that
 * an implementation with a fast one-block path speeds CMAC up too, or,
 * for a mode that runs CTR next to the MAC (EAX), through its mac_ctr
 * hook, which computes both at once.
 */

#include <config.h>
#include "cmac.h"
#include "aead-util.h"

void
_bcry_cmac_subkeys (cipher_hd_t c, cmac_key_t *key)
{
  byte l[16];

  memset (l, 0, sizeof l);
  cipher_block_enc (c, l, l);
  aead_double (key->k1, l);
  aead_double (key->k2, key->k1);
  wipememory (l, sizeof l);
}

void
_bcry_cmac_init (cmac_state_t *st)
{
  memset (st, 0, sizeof *st);
}

/* X = E(X ^ BLOCK) for NBLOCKS whole blocks at IN.  */
static void
cmac_chain (cipher_hd_t c, byte *x, const byte *in, size_t nblocks)
{
  byte tmp[16];

  if (c->bulk.cbc_enc)
    {
      /* With cbc_mac set the hook keeps the chain in X; TMP takes what
         a kernel may store of the last block.  */
      c->bulk.cbc_enc (&c->bulk, c->ctx, x, tmp, in, nblocks, 1);
      wipememory (tmp, sizeof tmp);
      return;
    }
  for (; nblocks; nblocks--, in += 16)
    {
      buf_xor_16 (x, x, in);
      cipher_block_enc (c, x, x);
    }
}

void
_bcry_cmac_update (cipher_hd_t c, cmac_state_t *st, const byte *in,
                   size_t len)
{
  size_t n;

  if (!len)
    return;
  if (st->buflen)
    {
      n = 16 - st->buflen;
      if (n > len)
        n = len;
      memcpy (st->buf + st->buflen, in, n);
      st->buflen += n;
      in += n;
      len -= n;
      if (!len)
        return;
      /* More data follows, so the held block is not the last one.  */
      cmac_chain (c, st->x, st->buf, 1);
    }
  /* The whole blocks of IN but the last straight from IN, in one run;
     the last, which may end the message, is held for the final
     step.  */
  n = (len - 1) / 16;
  if (n)
    {
      cmac_chain (c, st->x, in, n);
      in += n * 16;
      len -= n * 16;
    }
  memcpy (st->buf, in, len);
  st->buflen = len;
}

size_t
_bcry_cmac_ctr (cipher_hd_t c, cmac_state_t *st, byte *ctr, byte *out,
                const byte *in, size_t len, int mac_out)
{
  size_t nblocks = len / 16;
  bulk_mac_ctr_hook_t mac_ctr = cmac_ctr_hook (c, mac_out);

  /* The held block is whole and, with data following, not the last;
     the last whole block of IN is left for the caller to hold.  */
  if (!mac_ctr || nblocks < 2 || st->buflen != 16)
    return 0;
  cmac_chain (c, st->x, st->buf, 1);
  st->buflen = 0;
  nblocks--;
  mac_ctr (&c->bulk, c->ctx, st->x, ctr, out, in, nblocks, mac_out);
  return nblocks * 16;
}

void
_bcry_cmac_final (cipher_hd_t c, const cmac_key_t *key, cmac_state_t *st,
                  byte *mac)
{
  if (st->buflen == 16)
    buf_xor_16 (st->buf, st->buf, key->k1);
  else
    {
      st->buf[st->buflen] = 0x80;
      memset (st->buf + st->buflen + 1, 0, 15 - st->buflen);
      buf_xor_16 (st->buf, st->buf, key->k2);
    }
  buf_xor_16 (mac, st->x, st->buf);
  cipher_block_enc (c, mac, mac);
  wipememory (st, sizeof *st);
}
