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
#include "ghash.h"

/* Blocks of the stack buffer the generic paths stage data in: the
   widest kernel's width, so that one kernel call sees it all.  */
#define TMP_BLOCKS BULK_MAX_WIDTH

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

/* A run that a fused kernel (FUSED set) takes whole, else one that fits
   the TMP_BLOCKS buffer: a kernel of width 0 then sets its keys up and
   clears its registers once a call, not once in TMP_BLOCKS blocks.  */
static size_t
staged_run (size_t run, int fused)
{
  return fused || run <= TMP_BLOCKS ? run : TMP_BLOCKS;
}

/* OUT = E(IN ^ W) ^ W on N blocks with IM, as bulk_whiten_fn_t says:
   IM's whiten kernel if it has one, else its enc or dec between two
   xors.  */
static void
whiten_run (const bulk_impl_t *im, const void *ctx, byte *out,
            const byte *in, byte *w, size_t n, unsigned int flags)
{
  byte pad[TMP_BLOCKS * 16] BCRY_ALIGN (16);

  if (im->whiten)
    {
      im->whiten (ctx, out, in, w, n, flags);
      return;
    }
  buf_xor (pad, in, w, n * 16);
  (flags & BULK_WHITEN_ENCRYPT ? im->enc : im->dec) (ctx, pad, pad, n);
  if (flags & BULK_WHITEN_ONCE)
    memcpy (out, pad, n * 16);
  else
    buf_xor (out, pad, w, n * 16);
  wipememory (pad, n * 16);
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

/* The end of a generic CFB or CTR run: encrypt the N input blocks
   staged in TMP (previous ciphertext or counters) into keystream, XOR
   it onto IN, and wipe it.  */
static void
xor_keystream (const bulk_impl_t *im, const void *ctx, byte *tmp, byte *out,
               const byte *in, size_t n)
{
  im->enc (ctx, tmp, tmp, n);
  buf_xor (out, tmp, in, n * 16);
  wipememory (tmp, n * 16);
}

/* CBC encryption, CFB encryption and OFB are serial: each block needs
   the one before, so they run on the serial entry, through its serial
   kernel if it has one, else a block at a time.  */
static void
bulk_cbc_enc (const cipher_bulk_ops_t *ops, const void *ctx, byte *iv,
              byte *out, const byte *in, size_t nblocks, int cbc_mac)
{
  const bulk_impl_t *im = ops->serial;

  if (im->cbc_enc)
    {
      if (nblocks)
        im->cbc_enc (ctx, iv, out, in, nblocks, cbc_mac);
      return;
    }
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

  if (im->cfb_enc)
    {
      if (nblocks)
        im->cfb_enc (ctx, iv, out, in, nblocks);
      return;
    }
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      im->enc (ctx, iv, iv, 1);
      buf_xor_16 (iv, iv, in);
      memcpy (out, iv, 16);
    }
}

static void
bulk_ofb_enc (const cipher_bulk_ops_t *ops, const void *ctx, byte *iv,
              byte *out, const byte *in, size_t nblocks)
{
  if (nblocks)
    ops->serial->ofb_enc (ctx, iv, out, in, nblocks);
}

/* CCM and EAX in one pass on the serial entry.  */
static void
bulk_mac_ctr (const cipher_bulk_ops_t *ops, const void *ctx, byte *mac,
              byte *ctr, byte *out, const byte *in, size_t nblocks,
              int mac_out)
{
  if (nblocks)
    ops->serial->mac_ctr (ctx, mac, ctr, out, in, nblocks, mac_out);
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
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      n = staged_run (n, im->cbc_dec != NULL);
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
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      n = staged_run (n, im->cfb_dec != NULL);
      if (im->cfb_dec)
        im->cfb_dec (ctx, iv, out, in, n);
      else
        {
          /* The keystream is E(IV), E(C_1), ..., E(C_n-1).  */
          memcpy (tmp, iv, 16);
          memcpy (tmp + 16, in, (n - 1) * 16);
          memcpy (iv, in + (n - 1) * 16, 16);
          xor_keystream (im, ctx, tmp, out, in, n);
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
  int fused;

  while (nblocks)
    {
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      /* The counter is one 128-bit big-endian number.  */
      lo = buf_get_be64 (ctr + 8);
      fused = im->ctr_enc && lo <= ~(u64)0 - n;
      n = staged_run (n, fused);
      if (fused)
        im->ctr_enc (ctx, ctr, out, in, n);
      else
        {
          hi = buf_get_be64 (ctr);
          for (i = 0; i < n; i++)
            {
              buf_put_be64 (tmp + i * 16, hi);
              buf_put_be64 (tmp + i * 16 + 8, lo);
              hi += !++lo;
            }
          buf_put_be64 (ctr, hi);
          buf_put_be64 (ctr + 8, lo);
          xor_keystream (im, ctx, tmp, out, in, n);
        }
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

/* OCB's offsets (RFC 7253, 4.1 and 4.2): Offset_i = Offset_i-1 ^
   L_ntz(i), for the N blocks after ST->blkn, staged at OFFS; the offset
   stays in registers rather than going through ST at every block.  */
static void
ocb_offsets (bulk_ocb_state_t *st, byte *offs, size_t n)
{
  u64 o0 = buf_get_he64 (st->offset), o1 = buf_get_he64 (st->offset + 8);
  const byte *l;
  size_t i;

  for (i = 0; i < n; i++)
    {
      l = st->L[__builtin_ctzll (++st->blkn)];
      o0 ^= buf_get_he64 (l);
      o1 ^= buf_get_he64 (l + 8);
      buf_put_he64 (offs + i * 16, o0);
      buf_put_he64 (offs + i * 16 + 8, o1);
    }
  buf_put_he64 (st->offset, o0);
  buf_put_he64 (st->offset + 8, o1);
}

/* SUM ^= the N blocks at P.  */
static void
xor_sum (byte *sum, const byte *p, size_t n)
{
  u64 s0 = buf_get_he64 (sum), s1 = buf_get_he64 (sum + 8);

  for (; n; n--, p += 16)
    {
      s0 ^= buf_get_he64 (p);
      s1 ^= buf_get_he64 (p + 8);
    }
  buf_put_he64 (sum, s0);
  buf_put_he64 (sum + 8, s1);
}

/* OCB (RFC 7253, 4.2): C_i = Offset_i ^ E(P_i ^ Offset_i), with the
   checksum over the plaintext.  Where the entry has no ocb_crypt, the
   offsets of a run are staged so that one kernel call encrypts the
   whole run; they and the blocks are wiped afterwards.  */
static void
bulk_ocb_crypt (const cipher_bulk_ops_t *ops, const void *ctx,
                bulk_ocb_state_t *st, byte *out, const byte *in,
                size_t nblocks, int encrypt)
{
  byte offs[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  size_t n;

  while (nblocks)
    {
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      n = staged_run (n, im->ocb_crypt != NULL);
      if (im->ocb_crypt)
        im->ocb_crypt (ctx, st, out, in, n, encrypt);
      else
        {
          ocb_offsets (st, offs, n);
          if (encrypt)
            xor_sum (st->checksum, in, n);
          whiten_run (im, ctx, out, in, offs, n,
                      encrypt ? BULK_WHITEN_ENCRYPT : 0);
          if (!encrypt)
            xor_sum (st->checksum, out, n);
          wipememory (offs, n * 16);
        }
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

/* OCB's HASH (RFC 7253, 4.1): Sum ^= E(A_i ^ Offset_i), the sum kept in
   ST->checksum.  */
static void
bulk_ocb_auth (const cipher_bulk_ops_t *ops, const void *ctx,
               bulk_ocb_state_t *st, const byte *abuf, size_t nblocks)
{
  byte tmp[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  byte offs[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  size_t n;

  while (nblocks)
    {
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      n = staged_run (n, im->ocb_auth != NULL);
      if (im->ocb_auth)
        im->ocb_auth (ctx, st, abuf, n);
      else
        {
          ocb_offsets (st, offs, n);
          whiten_run (im, ctx, tmp, abuf, offs, n,
                      BULK_WHITEN_ENCRYPT | BULK_WHITEN_ONCE);
          xor_sum (st->checksum, tmp, n);
          wipememory (tmp, n * 16);
          wipememory (offs, n * 16);
        }
      abuf += n * 16;
      nblocks -= n;
    }
}

/* T = T * x in GF(2^128), T = HI:LO.  */
static inline void
xts_mul_x (u64 *lo, u64 *hi)
{
  /* The carry out of bit 127 folds back as 0x87, by mask.  */
  u64 carry = (u64)0 - (*hi >> 63);

  *hi = (*hi << 1) | (*lo >> 63);
  *lo = (*lo << 1) ^ (carry & 0x87);
}

/* XTS (IEEE 1619-2007, 5.3): C_j = E(P_j ^ T_j) ^ T_j, T_j+1 = T_j * x
   in GF(2^128).  Where the entry has no xts_crypt, the tweaks of a run
   are staged for one kernel call, then wiped.  */
static void
bulk_xts_crypt (const cipher_bulk_ops_t *ops, const void *ctx, byte *tweak,
                byte *out, const byte *in, size_t nblocks, int encrypt)
{
  byte tws[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  size_t n, i;
  u64 lo, hi;

  while (nblocks)
    {
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      n = staged_run (n, im->xts_crypt != NULL);
      if (im->xts_crypt)
        im->xts_crypt (ctx, tweak, out, in, n, encrypt);
      else
        {
          /* The tweak is a little-endian 128-bit number.  */
          lo = buf_get_le64 (tweak);
          hi = buf_get_le64 (tweak + 8);
          for (i = 0; i < n; i++)
            {
              buf_put_le64 (tws + i * 16, lo);
              buf_put_le64 (tws + i * 16 + 8, hi);
              xts_mul_x (&lo, &hi);
            }
          buf_put_le64 (tweak, lo);
          buf_put_le64 (tweak + 8, hi);
          whiten_run (im, ctx, out, in, tws, n,
                      encrypt ? BULK_WHITEN_ENCRYPT : 0);
          wipememory (tws, n * 16);
        }
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

/* GCM-SIV's counter (RFC 8452, section 4): the first four bytes are a
   little-endian counter that wraps, the other twelve stay.  */
static void
bulk_ctr32le_enc (const cipher_bulk_ops_t *ops, const void *ctx, byte *ctr,
                  byte *out, const byte *in, size_t nblocks)
{
  byte tmp[TMP_BLOCKS * 16] BCRY_ALIGN (16);
  size_t n, i;
  u32 lo;

  while (nblocks)
    {
      const bulk_impl_t *im = next_run (ops, nblocks, &n);

      n = staged_run (n, im->ctr32le_enc != NULL);
      if (im->ctr32le_enc)
        im->ctr32le_enc (ctx, ctr, out, in, n);
      else
        {
          lo = buf_get_le32 (ctr);
          for (i = 0; i < n; i++)
            {
              buf_put_le32 (tmp + i * 16, lo + (u32)i);
              memcpy (tmp + i * 16 + 4, ctr + 4, 12);
            }
          buf_put_le32 (ctr, lo + (u32)n);
          xor_keystream (im, ctx, tmp, out, in, n);
        }
      out += n * 16;
      in += n * 16;
      nblocks -= n;
    }
}

/* GCM (cipher-gcm.c): CTR over the blocks and GHASH over the
   ciphertext, with the first entry's gcm_crypt, which hashes blocks
   while it encrypts others.  The kernel multiplies with VPCLMULQDQ or
   PMULL and reads the powers of H that only the carry-less multipliers
   keep, so it runs only where GHASH runs the multiplier it was written
   for (not with that feature switched off).  So a message runs one
   copy of the cipher's rounds, not that of gcm_crypt and that of
   ctr_enc, and each block is hashed while it is in registers or the
   first-level cache: against CTR and GHASH in separate passes that
   still measured faster (doc/HACKING, "Tuning notes").

   Decrypting, the kernel hashes the blocks it decrypts.  Encrypting,
   it hashes ciphertext it wrote before.  A kernel that takes any count
   (width 0) does so within one call (BULK_GCM_HASH_OUT), each of its
   passes hashing the one before, from BULK_GCM_HASH_OUT_MIN blocks
   (below, the loop of runs).  A fixed-width kernel takes runs of its width, each hashing the run
   before (none for the first, and the run before is hashed alone when
   its length differs), the last hashed after the loop.  A rest shorter
   than the entry's min_blocks goes in CTR runs of WIDTH blocks, each
   hashed while it is in the first-level cache.  The runs do not wrap
   the 32-bit counter (cipher-gcm.c), so the kernel's 64-bit count is
   GCM's.  GCM-SIV's decryption runs the same with its own counter and
   KERNEL (ENCRYPT set: it hashes the plaintext, the output).  */
static void
gcm_stitched (const cipher_bulk_ops_t *ops, bulk_gcm_fn_t kernel,
              bulk_iv_hook_t ctr_hook, const void *ctx, void *ghash_state,
              byte *ctr, byte *out, const byte *in, size_t nblocks,
              int encrypt)
{
  ghash_state_t *gh = ghash_state;
  const bulk_impl_t *im = ops->impl[0];
  /* GCM's runs: the entry's width, or with width 0 (any count) the
     widest any entry has.  */
  const size_t w = im->width ? im->width : BULK_MAX_WIDTH;
  /* The multipliers gcm_crypt kernels are written for: VPCLMULQDQ on
     x86-64, PMULL on aarch64.  */
  const int fused = (gh->impl == GHASH_IMPL_VPCLMUL256
                     || gh->impl == GHASH_IMPL_VPCLMUL512
                     || gh->impl == GHASH_IMPL_PMULL);
  const byte *pending = NULL;
  size_t npending = 0, n;

  if (fused && nblocks && nblocks >= im->min_blocks)
    _bcry_ghash_need_stitch (gh);
  if (fused && nblocks && nblocks >= im->min_blocks && !im->width
      && (!encrypt || nblocks >= BULK_GCM_HASH_OUT_MIN))
    {
      kernel (ctx, gh, ctr, out, in, encrypt ? BULK_GCM_HASH_OUT : in,
              nblocks);
      return;
    }
  for (; fused && nblocks && nblocks >= im->min_blocks;
       nblocks -= n, out += n * 16, in += n * 16)
    {
      n = nblocks < w ? nblocks : w;
      if (!encrypt)
        {
          kernel (ctx, gh, ctr, out, in, in, n);
          continue;
        }
      if (pending && npending != n)
        {
          _bcry_ghash_blocks (gh, pending, npending);
          pending = NULL;
        }
      kernel (ctx, gh, ctr, out, in, pending, n);
      pending = out;
      npending = n;
    }
  if (pending)
    _bcry_ghash_blocks (gh, pending, npending);
  for (; nblocks; nblocks -= n, out += n * 16, in += n * 16)
    {
      n = nblocks < w ? nblocks : w;
      if (!encrypt)
        _bcry_ghash_blocks (gh, in, n);
      ctr_hook (ops, ctx, ctr, out, in, n);
      if (encrypt)
        _bcry_ghash_blocks (gh, out, n);
    }
}

static void
bulk_gcm_crypt (const cipher_bulk_ops_t *ops, const void *ctx,
                void *ghash_state, byte *ctr, byte *out, const byte *in,
                size_t nblocks, int encrypt)
{
  gcm_stitched (ops, ops->impl[0]->gcm_crypt, bulk_ctr_enc, ctx,
                ghash_state, ctr, out, in, nblocks, encrypt);
}

static void
bulk_gcm_siv_crypt (const cipher_bulk_ops_t *ops, const void *ctx,
                    void *ghash_state, byte *ctr, byte *out,
                    const byte *in, size_t nblocks, int encrypt)
{
  gcm_stitched (ops, ops->impl[0]->gcm_siv_crypt, bulk_ctr32le_enc, ctx,
                ghash_state, ctr, out, in, nblocks, encrypt);
}

/* OPS arrives all zeros (cipher.c clears it before setkey).  */
unsigned int
_bcry_bulk_select (const cipher_setkey_args_t *args,
                   const bulk_impl_t *table, size_t ntable)
{
  cipher_bulk_ops_t *ops = args->bulk;
  unsigned int skip = args->skip_impls, n = 0, i;

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

  /* The serial entry: the first with serial kernels, else the last,
     the portable one.  Not the first that would take one block: a
     SIMD entry tuned down to min_blocks 1 is no faster on a chain of
     single blocks.  */
  ops->serial = ops->impl[n - 1];
  for (i = 0; i < n; i++)
    if (ops->impl[i]->cbc_enc)
      {
        ops->serial = ops->impl[i];
        break;
      }

  ops->ecb_crypt = bulk_ecb_crypt;
  ops->cbc_dec = bulk_cbc_dec;
  ops->cfb_dec = bulk_cfb_dec;
  ops->ctr_enc = bulk_ctr_enc;
  ops->ctr32le_enc = bulk_ctr32le_enc;
  ops->ocb_crypt = bulk_ocb_crypt;
  ops->ocb_auth = bulk_ocb_auth;
  ops->xts_crypt = bulk_xts_crypt;
  if (ops->impl[0]->gcm_crypt && ops->impl[0]->ctr_enc)
    ops->gcm_crypt = bulk_gcm_crypt;
  if (ops->impl[0]->gcm_siv_crypt && ops->impl[0]->ctr32le_enc)
    ops->gcm_siv_crypt = bulk_gcm_siv_crypt;
  ops->cbc_enc = bulk_cbc_enc;
  ops->cfb_enc = bulk_cfb_enc;
  if (ops->serial->ofb_enc)
    ops->ofb_enc = bulk_ofb_enc;
  /* Only where CTR would run on the serial entry too: a wider entry's
     CTR pass costs less than the counter blocks take inside the serial
     kernel (doc/HACKING, "Tuning notes", Camellia's integer kernels).  */
  if (ops->serial->mac_ctr && ops->serial == ops->impl[0])
    ops->mac_ctr = bulk_mac_ctr;
  if (ops->mac_ctr || (ops->serial->mac_ctr && ops->serial->mac_ctr_free))
    ops->mac_ctr_in = bulk_mac_ctr;
  return n;
}
