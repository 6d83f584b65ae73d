/* bulkhelp.c - mode hooks built from an algorithm's N-block kernels
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An algorithm's implementation table lists, widest first, the kernels
 * that encrypt or decrypt N blocks.  _bcry_bulk_select keeps the entries
 * this CPU can run and points the handle's hooks at the functions below,
 * which cut the data into chunks that each entry takes, use an entry's
 * fused kernel (CTR with counters in registers, CBC decryption...) when
 * it has one, and otherwise build the mode from its plain kernels.  So a
 * new SIMD path is an entry in a table, and a fused kernel is only an
 * optimisation.
 */

#include <config.h>
#include "cipher-internal.h"

/* Blocks of the stack buffer the generic paths stage data in: the width
   of the widest kernel we expect, so that one kernel call sees it all.  */
#define TMP_BLOCKS 64

/* The entry that takes the next run of NBLOCKS blocks, and the size of
   that run.  The last entry is the portable C, which takes anything.  */
static const bulk_impl_t *
next_run (const cipher_bulk_ops_t *ops, size_t nblocks, size_t *run)
{
  const bulk_impl_t *im;
  int i;

  for (i = 0; ops->impl[i + 1]; i++)
    if (nblocks >= ops->impl[i]->min_blocks)
      break;
  im = ops->impl[i];
  *run = im->width && nblocks > im->width ? im->width : nblocks;
  return im;
}

/* As next_run, for a run staged in the TMP_BLOCKS buffer.  */
static const bulk_impl_t *
next_staged_run (const cipher_bulk_ops_t *ops, size_t nblocks, size_t *run)
{
  const bulk_impl_t *im = next_run (ops, nblocks, run);

  if (*run > TMP_BLOCKS)
    *run = TMP_BLOCKS;
  return im;
}

static void
bulk_ecb_crypt (const cipher_bulk_ops_t *ops, const void *ctx, byte *out,
                const byte *in, size_t nblocks, int encrypt)
{
  size_t n;

  while (nblocks)
    {
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      (encrypt ? im->enc : im->dec) (ctx, out, in, n);
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

/* CBC encryption and CFB encryption are serial: each block needs the
   one before, so they run on the entry that takes single blocks.  */
static void
bulk_cbc_enc (const cipher_bulk_ops_t *ops, const void *ctx, byte *iv,
              byte *out, const byte *in, size_t nblocks, int cbc_mac)
{
  const bulk_impl_t *im = ops->serial;

  for (; nblocks; nblocks--, in += 16)
    {
      buf_xor_16 (iv, iv, in);
      im->enc (ctx, iv, iv, 1);
      if (!cbc_mac)
        {
          memcpy (out, iv, 16);
          out += 16;
        }
    }
}

static void
bulk_cfb_enc (const cipher_bulk_ops_t *ops, const void *ctx, byte *iv,
              byte *out, const byte *in, size_t nblocks)
{
  const bulk_impl_t *im = ops->serial;

  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      im->enc (ctx, iv, iv, 1);
      buf_xor_16 (iv, iv, in);
      memcpy (out, iv, 16);
    }
}

static void
bulk_cbc_dec (const cipher_bulk_ops_t *ops, const void *ctx, byte *iv,
              byte *out, const byte *in, size_t nblocks)
{
  byte tmp[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  byte next_iv[16];
  size_t n, i;

  while (nblocks)
    {
      const bulk_impl_t *im = next_staged_run (ops, nblocks, &n);

      if (im->cbc_dec)
        im->cbc_dec (ctx, iv, out, in, n);
      else
        {
          /* Walk backwards so that, in place, each ciphertext block is
             read before the plaintext overwrites it.  */
          im->dec (ctx, tmp, in, n);
          memcpy (next_iv, in + (n - 1) * 16, 16);
          for (i = n - 1; i > 0; i--)
            buf_xor_16 (out + i * 16, tmp + i * 16, in + (i - 1) * 16);
          buf_xor_16 (out, tmp, iv);
          memcpy (iv, next_iv, 16);
          wipememory (tmp, n * 16);
        }
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

static void
bulk_cfb_dec (const cipher_bulk_ops_t *ops, const void *ctx, byte *iv,
              byte *out, const byte *in, size_t nblocks)
{
  byte tmp[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  size_t n;

  while (nblocks)
    {
      const bulk_impl_t *im = next_staged_run (ops, nblocks, &n);

      if (im->cfb_dec)
        im->cfb_dec (ctx, iv, out, in, n);
      else
        {
          /* The keystream is E(IV), E(C_1), ..., E(C_n-1).  */
          memcpy (tmp, iv, 16);
          memcpy (tmp + 16, in, (n - 1) * 16);
          memcpy (iv, in + (n - 1) * 16, 16);
          im->enc (ctx, tmp, tmp, n);
          buf_xor (out, tmp, in, n * 16);
          wipememory (tmp, n * 16);
        }
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

static void
bulk_ctr_enc (const cipher_bulk_ops_t *ops, const void *ctx, byte *ctr,
              byte *out, const byte *in, size_t nblocks)
{
  byte tmp[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  size_t n, i;
  u64 hi, lo;

  while (nblocks)
    {
      const bulk_impl_t *im = next_staged_run (ops, nblocks, &n);

      if (im->ctr_enc)
        im->ctr_enc (ctx, ctr, out, in, n);
      else
        {
          /* The counter is one 128-bit big-endian number.  */
          hi = buf_get_be64 (ctr);
          lo = buf_get_be64 (ctr + 8);
          for (i = 0; i < n; i++)
            {
              buf_put_be64 (tmp + i * 16, hi);
              buf_put_be64 (tmp + i * 16 + 8, lo);
              hi += !++lo;
            }
          buf_put_be64 (ctr, hi);
          buf_put_be64 (ctr + 8, lo);
          im->enc (ctx, tmp, tmp, n);
          buf_xor (out, tmp, in, n * 16);
          wipememory (tmp, n * 16);
        }
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

unsigned int
_bcry_bulk_select (const cipher_setkey_args_t *args,
                   const bulk_impl_t *table, size_t ntable)
{
  cipher_bulk_ops_t *ops = args->bulk;
  unsigned int skip = args->skip_impls, n = 0, i;

  memset (ops, 0, sizeof *ops);
  for (i = 0; i < ntable && n < BULK_MAX_IMPLS; i++)
    {
      if ((table[i].hwf & args->hwf) != table[i].hwf)
        continue;
      if (skip)
        skip--;
      else
        ops->impl[n++] = &table[i];
    }
  if (!n)
    return 0;

  for (i = 0; i < n && !ops->serial; i++)
    if (ops->impl[i]->min_blocks <= 1)
      ops->serial = ops->impl[i];

  ops->ecb_crypt = bulk_ecb_crypt;
  ops->cbc_dec = bulk_cbc_dec;
  ops->cfb_dec = bulk_cfb_dec;
  ops->ctr_enc = bulk_ctr_enc;
  if (ops->serial)
    {
      ops->cbc_enc = bulk_cbc_enc;
      ops->cfb_enc = bulk_cfb_enc;
    }
  return n;
}
