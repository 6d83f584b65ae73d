/* t-large.c - counters and lengths at the limits of the modes
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What a message of terabytes would reach, checked with crafted states
 * instead:
 *
 * - CTR's 128-bit counter carrying out of its low 32, 64 and 96 bits
 *   and wrapping at 2^128, in one call of 300 blocks that the bulk
 *   kernels take (the counter is set with bcry_cipher_setctr);
 * - GCM's 32-bit counter wrapping inside a call (SP 800-38D, section
 *   6.2: only the last four bytes count).  The first counter block J0
 *   is GHASH_H (IV || 0^64 || [128]_64) for a 16-byte IV, so the test
 *   solves for the IV that gives the J0 it wants: with X the IV,
 *   J0 = (X*H ^ L)*H, so X = (J0*H^-1 ^ L)*H^-1, H = E(K, 0^128);
 * - the serial kernel of CCM and EAX (CTR with a CBC-MAC beside it)
 *   with its counter carrying past 2^64 and wrapping at 2^128, called
 *   through the handle's hook;
 * - the kernels behind GCM-SIV's 32-bit little-endian counter (RFC
 *   8452, section 4) and OCB (RFC 7253) started at a block number past
 *   2^32 and up to 2^63, where ntz (i) reaches 63: there is no way to
 *   get there through the API short of 2^36 bytes, so the test calls
 *   the handle's bulk hooks itself, reading them from the handle
 *   through cipher-internal.h, and compares with the mode's equations
 *   written out on the block cipher;
 * - the length limits, each refused with GPG_ERR_INV_LENGTH: GCM's
 *   2^39 - 256 bits of plaintext and 2^64 - 1 bits of AAD (section
 *   5.2.1.1), GCM-SIV's 2^36 bytes of each (RFC 8452, section 6), CCM's
 *   data length that must fit in 15 - N bytes for a nonce of N bytes
 *   (SP 800-38C, A.1), XTS's data unit of at most 2^20 blocks (IEEE
 *   1619-2007, 5.1), accepted at exactly 2^20; and XTS's unit number,
 *   a 128-bit little-endian number, wrapping.  A refused call must not
 *   touch the data, so its buffers are inaccessible pages: a call that
 *   went ahead would crash the test rather than run for hours.
 *
 * With --large (or configure --enable-large-data-tests) GCM also
 * encrypts exactly 2^36 - 32 bytes, its maximum, under one nonce and
 * refuses one byte more, with the algorithm that measures fastest
 * here: minutes of work.
 *
 * Every implementation of one algorithm per family is checked (the
 * implementations are found through BCRYCTL_SKIP_IMPLS); the reference
 * is the portable C through ECB.  The last line is "N passed, M
 * failed".
 */

#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include "cipher-internal.h"
#include "cli.h"
#include "t-drive.h"

/* Blocks of a long run: more than any kernel's width, not a multiple
   of it.  */
#define RUN 300
/* Blocks before a wrap at which a run starts.  */
#define BELOW 37

static int verbose;
static unsigned long long rand_state = 0x6c61726765ULL;  /* "large" */

static void
fill (unsigned char *p, size_t n)
{
  drive_fill (&rand_state, p, n);
}

static void
xor_block (unsigned char *r, const unsigned char *a, const unsigned char *b)
{
  int i;

  for (i = 0; i < 16; i++)
    r[i] = a[i] ^ b[i];
}

/* The reference: the portable C (the last implementation) in ECB.  */
static bcry_cipher_hd_t
open_ref (int algo, const unsigned char *key, unsigned int nimpl)
{
  bcry_cipher_hd_t hd;

  return drive_open (&hd, algo, BCRY_CIPHER_MODE_ECB, 0, nimpl - 1, key)
    ? NULL : hd;
}

static void
ecb (bcry_cipher_hd_t ref, int encrypt, unsigned char *out,
     const unsigned char *in, size_t nblocks)
{
  if (encrypt)
    bcry_cipher_encrypt (ref, out, nblocks * 16, in, nblocks * 16);
  else
    bcry_cipher_decrypt (ref, out, nblocks * 16, in, nblocks * 16);
}

static unsigned int
impl_count (int algo)
{
  unsigned char key[DRIVE_KEY] = { 0 };
  bcry_cipher_hd_t hd;
  unsigned int n;

  for (n = 0; n < 16; n++)
    {
      if (drive_open (&hd, algo, BCRY_CIPHER_MODE_ECB, 0, n, key))
        break;
      bcry_cipher_close (hd);
    }
  return n;
}


/* ---- CTR ---- */

/* Add N to the 128-bit big-endian number at P.  */
static void
add_be128 (unsigned char *p, uint64_t n)
{
  int i;

  for (i = 15; i >= 0 && n; i--)
    {
      n += p[i];
      p[i] = (unsigned char)n;
      n >>= 8;
    }
}

static void
check_ctr (bcry_cipher_hd_t hd, bcry_cipher_hd_t ref, const char *label)
{
  static unsigned char pt[(RUN + 2) * 16], ct[sizeof pt], ks[sizeof pt],
    ctrs[sizeof pt];
  static const unsigned int bits[] = { 32, 64, 96, 128 };
  unsigned char ctr[16];
  size_t len = RUN * 16 + 7, i, b;

  for (b = 0; b < DIMOF (bits); b++)
    {
      /* BELOW blocks under 2^bits in the low BITS bits.  */
      fill (ctr, 16);
      memset (ctr + 16 - bits[b] / 8, 0xff, bits[b] / 8);
      ctr[15] = (unsigned char)(256 - BELOW);
      if (bits[b] < 128 && ctr[15 - bits[b] / 8] == 0xff)
        ctr[15 - bits[b] / 8] = 0;
      fill (pt, sizeof pt);
      for (i = 0; i < RUN + 2; i++)
        {
          memcpy (ctrs + 16 * i, ctr, 16);
          add_be128 (ctrs + 16 * i, i);
        }
      ecb (ref, 1, ks, ctrs, RUN + 2);
      for (i = 0; i < sizeof pt; i++)
        ks[i] ^= pt[i];
      /* One long call, then a block more: it shows where the counter
         was left.  */
      bcry_cipher_setctr (hd, ctr, 16);
      bcry_cipher_encrypt (hd, ct, len, pt, len);
      bcry_cipher_encrypt (hd, ct + len, sizeof pt - len, pt + len,
                           sizeof pt - len);
      drive_check (!memcmp (ct, ks, sizeof pt),
                   "%s CTR: carry out of the low %u bits", label, bits[b]);
    }
}


/* ---- GCM ---- */

/* Multiplication in GF(2^128) as SP 800-38D, section 6.3, defines it,
   bit by bit.  */
static void
gf_mul (unsigned char *r, const unsigned char *x, const unsigned char *y)
{
  unsigned char z[16] = { 0 }, v[16];
  int i, j, carry;

  memcpy (v, y, 16);
  for (i = 0; i < 128; i++)
    {
      if ((x[i / 8] >> (7 - i % 8)) & 1)
        xor_block (z, z, v);
      carry = v[15] & 1;
      for (j = 15; j > 0; j--)
        v[j] = (unsigned char)(v[j] >> 1 | v[j - 1] << 7);
      v[0] >>= 1;
      if (carry)
        v[0] ^= 0xe1;
    }
  memcpy (r, z, 16);
}

/* R = X^-1 = X^(2^128 - 2), X nonzero.  */
static void
gf_inv (unsigned char *r, const unsigned char *x)
{
  unsigned char acc[16] = { 0x80 }, sq[16];
  int i;

  /* 2^128 - 2 = 2 + 4 + ... + 2^127.  */
  gf_mul (sq, x, x);
  for (i = 1; i < 128; i++)
    {
      gf_mul (acc, acc, sq);
      gf_mul (sq, sq, sq);
    }
  memcpy (r, acc, 16);
}

static void
inc32 (unsigned char *ctr)
{
  int i;

  for (i = 15; i >= 12; i--)
    if (++ctr[i])
      break;
}

static void
check_gcm_wrap (int algo, unsigned int skip, const unsigned char *key,
                bcry_cipher_hd_t ref, const char *label)
{
  static unsigned char pt[(RUN + 1) * 16], ct[sizeof pt], ks[sizeof pt],
    ctrs[sizeof pt];
  unsigned char h[16] = { 0 }, hinv[16], j0[16], iv[16], t[16], tag[16];
  unsigned char lenblk[16] = { 0 };
  size_t len = RUN * 16 + 5, i;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  ecb (ref, 1, h, h, 1);
  if (!memcmp (h, lenblk, 16))
    return;
  gf_inv (hinv, h);
  /* J0 whose inc32 wraps BELOW blocks into the message.  */
  fill (j0, 16);
  j0[12] = j0[13] = j0[14] = 0xff;
  j0[15] = (unsigned char)(255 - BELOW);
  lenblk[15] = 128;
  gf_mul (t, j0, hinv);
  xor_block (t, t, lenblk);
  gf_mul (iv, t, hinv);

  memcpy (t, j0, 16);
  for (i = 0; i < RUN + 1; i++)
    {
      inc32 (t);
      memcpy (ctrs + 16 * i, t, 16);
    }
  ecb (ref, 1, ks, ctrs, RUN + 1);
  fill (pt, sizeof pt);

  rc = drive_open (&hd, algo, BCRY_CIPHER_MODE_GCM, 0, skip, key);
  if (!rc)
    rc = bcry_err_code (bcry_cipher_setiv (hd, iv, 16));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_encrypt (hd, ct, len, pt, len));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_gettag (hd, tag, 16));
  for (i = 0; i < len; i++)
    ks[i] ^= pt[i];
  drive_check (!rc && !memcmp (ct, ks, len),
               "%s GCM: 32-bit counter wrap inside a call (%s)", label,
               gpg_strerror (rc));
  /* And back, in pieces that split the run at the wrap.  */
  if (!rc)
    rc = bcry_err_code (bcry_cipher_setiv (hd, iv, 16));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_decrypt (hd, ks, 16 * (BELOW - 3),
                                             ct, 16 * (BELOW - 3)));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_decrypt (hd, ks + 16 * (BELOW - 3),
                                             len - 16 * (BELOW - 3),
                                             ct + 16 * (BELOW - 3),
                                             len - 16 * (BELOW - 3)));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_checktag (hd, tag, 16));
  drive_check (!rc && !memcmp (ks, pt, len),
               "%s GCM: decryption across the wrap (%s)", label,
               gpg_strerror (rc));
  bcry_cipher_close (hd);
}


/* ---- The kernels at crafted block numbers ---- */

static void
check_ctr32le (bcry_cipher_hd_t hd, bcry_cipher_hd_t ref, const char *label)
{
  static unsigned char pt[RUN * 16], ct[sizeof pt], ks[sizeof pt],
    ctrs[sizeof pt];
  cipher_hd_t c = (cipher_hd_t)hd;
  unsigned char ctr[16], want[16];
  uint32_t lo;
  size_t i;

  fill (ctr, 16);
  lo = 0xffffffffu - BELOW + 1;
  for (i = 0; i < RUN; i++)
    {
      uint32_t v = lo + (uint32_t)i;

      memcpy (ctrs + 16 * i, ctr, 16);
      ctrs[16 * i] = (unsigned char)v;
      ctrs[16 * i + 1] = (unsigned char)(v >> 8);
      ctrs[16 * i + 2] = (unsigned char)(v >> 16);
      ctrs[16 * i + 3] = (unsigned char)(v >> 24);
    }
  memcpy (ctr, ctrs, 16);
  memcpy (want, ctr, 16);
  lo += RUN;
  want[0] = (unsigned char)lo;
  want[1] = (unsigned char)(lo >> 8);
  want[2] = (unsigned char)(lo >> 16);
  want[3] = (unsigned char)(lo >> 24);
  ecb (ref, 1, ks, ctrs, RUN);
  fill (pt, sizeof pt);
  for (i = 0; i < sizeof pt; i++)
    ks[i] ^= pt[i];
  c->bulk.ctr32le_enc (&c->bulk, c->ctx, ctr, ct, pt, RUN);
  drive_check (!memcmp (ct, ks, sizeof ct) && !memcmp (ctr, want, 16),
               "%s ctr32le kernel: wrap of the 32-bit counter", label);
}

/* The serial mac_ctr kernel of CCM and EAX (where the handle has one)
   with its 128-bit counter carrying out of the low 64 bits and
   wrapping at 2^128, the MAC over the input or the output.  */
static void
check_mac_ctr (bcry_cipher_hd_t hd, bcry_cipher_hd_t ref, const char *label)
{
  static unsigned char pt[RUN * 16], ct[sizeof pt], ks[sizeof pt],
    ctrs[sizeof pt];
  cipher_hd_t c = (cipher_hd_t)hd;
  unsigned char ctr[16], want_ctr[16], mac[16], want_mac[16];
  int top, mac_out;
  size_t i;

  if (!c->bulk.mac_ctr)
    return;
  for (top = 0; top < 2; top++)
    for (mac_out = 0; mac_out < 2; mac_out++)
      {
        /* BELOW blocks under 2^64 (the high half random), or under
           2^128.  */
        fill (ctrs, 8);
        if (top)
          memset (ctrs, 0xff, 8);
        for (i = 0; i < 8; i++)
          ctrs[8 + i] = (unsigned char)((~(uint64_t)0 - BELOW + 1)
                                        >> (56 - 8 * i));
        memcpy (ctr, ctrs, 16);
        for (i = 1; i < RUN; i++)
          {
            memcpy (ctrs + 16 * i, ctrs + 16 * (i - 1), 16);
            add_be128 (ctrs + 16 * i, 1);
          }
        memcpy (want_ctr, ctrs + 16 * (RUN - 1), 16);
        add_be128 (want_ctr, 1);
        ecb (ref, 1, ks, ctrs, RUN);
        fill (pt, sizeof pt);
        fill (mac, 16);
        memcpy (want_mac, mac, 16);
        for (i = 0; i < sizeof pt; i++)
          ks[i] ^= pt[i];
        for (i = 0; i < RUN; i++)
          {
            xor_block (want_mac, want_mac, (mac_out ? ks : pt) + 16 * i);
            ecb (ref, 1, want_mac, want_mac, 1);
          }
        c->bulk.mac_ctr (&c->bulk, c->ctx, mac, ctr, ct, pt, RUN, mac_out);
        drive_check (!memcmp (ct, ks, sizeof ct) && !memcmp (ctr, want_ctr, 16)
                     && !memcmp (mac, want_mac, 16),
                     "%s mac_ctr kernel (MAC of the %s): counter %s", label,
                     mac_out ? "output" : "input",
                     top ? "wrapping at 2^128" : "carrying past 2^64");
      }
}

static unsigned int
ntz (uint64_t i)
{
  return (unsigned int)__builtin_ctzll (i);
}

/* RFC 7253, section 4.2 (encryption and decryption) and 4.1 (HASH),
   block by block on the reference, from state ST.  */
static void
ocb_ref (bcry_cipher_hd_t ref, bulk_ocb_state_t *st, int op,
         unsigned char *out, const unsigned char *in, size_t nblocks)
{
  unsigned char tmp[16];
  size_t i;

  for (i = 0; i < nblocks; i++, in += 16, out += 16)
    {
      st->blkn++;
      xor_block (st->offset, st->offset, st->L[ntz (st->blkn)]);
      xor_block (tmp, in, st->offset);
      ecb (ref, op != 0, tmp, tmp, 1);
      if (op == 2)
        {
          /* HASH: the sum takes E(A_i ^ Offset_i).  */
          xor_block (st->checksum, st->checksum, tmp);
          continue;
        }
      xor_block (tmp, tmp, st->offset);
      xor_block (st->checksum, st->checksum, op ? in : tmp);
      memcpy (out, tmp, 16);
    }
}

static void
check_ocb (bcry_cipher_hd_t hd, bcry_cipher_hd_t ref, const char *label)
{
  static unsigned char in[RUN * 16], out[sizeof in], want[sizeof in];
  static const uint64_t starts[] =
    { 0xffffffffULL - BELOW, 0x8000000000000000ULL - BELOW };
  static unsigned char L[64][16];
  cipher_hd_t c = (cipher_hd_t)hd;
  bulk_ocb_state_t st, st_ref;
  size_t s;
  int op;

  /* The kernels only read L_i; any values serve.  */
  fill (&L[0][0], sizeof L);
  for (s = 0; s < DIMOF (starts); s++)
    for (op = 0; op < 3; op++)
      {
        memset (&st, 0, sizeof st);
        fill (st.offset, 16);
        fill (st.checksum, 16);
        st.blkn = starts[s];
        st.L = (const unsigned char (*)[16])L;
        st_ref = st;
        fill (in, sizeof in);
        ocb_ref (ref, &st_ref, op == 0 ? 1 : op == 1 ? 0 : 2, want, in, RUN);
        if (op < 2)
          c->bulk.ocb_crypt (&c->bulk, c->ctx, &st, out, in, RUN, op == 0);
        else
          c->bulk.ocb_auth (&c->bulk, c->ctx, &st, in, RUN);
        drive_check ((op == 2 || !memcmp (out, want, sizeof out))
                     && !memcmp (st.offset, st_ref.offset, 16)
                     && !memcmp (st.checksum, st_ref.checksum, 16)
                     && st.blkn == st_ref.blkn,
                     "%s OCB %s kernel from block %llu", label,
                     op == 0 ? "encryption" : op == 1 ? "decryption" : "HASH",
                     (unsigned long long)starts[s] + 1);
      }
}


/* ---- Length limits ---- */

/* An inaccessible region: a call that reads or writes it crashes.  */
static unsigned char *noaccess;

static void
check_rc (gpg_error_t err, gpg_err_code_t want, const char *what)
{
  drive_check (gpg_err_code (err) == want, "%s: got %s, want %s", what,
               gpg_strerror (err), gpg_strerror (want));
}

static void
check_gcm_limits (int algo, const unsigned char *key)
{
  const uint64_t max_data = ((uint64_t)1 << 36) - 32;
  const uint64_t max_aad = ((uint64_t)1 << 61) - 1;
  unsigned char buf[16] = { 0 }, iv[12] = { 0 };
  bcry_cipher_hd_t hd;

  if (drive_open (&hd, algo, BCRY_CIPHER_MODE_GCM, 0, 0, key))
    return;
  bcry_cipher_setiv (hd, iv, 12);
  check_rc (bcry_cipher_authenticate (hd, noaccess, max_aad + 1),
            GPG_ERR_INV_LENGTH, "GCM AAD of 2^64 bits");
  check_rc (bcry_cipher_authenticate (hd, buf, 16), 0, "GCM AAD");
  check_rc (bcry_cipher_authenticate (hd, noaccess, max_aad - 15),
            GPG_ERR_INV_LENGTH, "GCM AAD past 2^64 - 1 bits in two calls");
  check_rc (bcry_cipher_encrypt (hd, noaccess, max_data + 1, noaccess,
                                 max_data + 1),
            GPG_ERR_INV_LENGTH, "GCM plaintext of 2^39 - 248 bits");
  check_rc (bcry_cipher_encrypt (hd, buf, 16, buf, 16), 0, "GCM encrypt");
  check_rc (bcry_cipher_encrypt (hd, noaccess, max_data - 15, noaccess,
                                 max_data - 15),
            GPG_ERR_INV_LENGTH, "GCM plaintext past 2^39 - 256 bits in two "
            "calls");
  check_rc (bcry_cipher_setiv (hd, iv, 12), 0, "GCM setiv");
  check_rc (bcry_cipher_decrypt (hd, noaccess, max_data + 1, noaccess,
                                 max_data + 1),
            GPG_ERR_INV_LENGTH, "GCM ciphertext of 2^39 - 248 bits");
  bcry_cipher_close (hd);
}

static void
check_gcm_siv_limits (int algo, const unsigned char *key)
{
  const uint64_t max = (uint64_t)1 << 36;
  unsigned char buf[16] = { 0 }, iv[12] = { 0 };
  bcry_cipher_hd_t hd;

  if (drive_open (&hd, algo, BCRY_CIPHER_MODE_GCM_SIV, 0, 0, key))
    return;
  bcry_cipher_setiv (hd, iv, 12);
  check_rc (bcry_cipher_authenticate (hd, noaccess, max + 1),
            GPG_ERR_INV_LENGTH, "GCM-SIV AAD of 2^36 + 1 bytes");
  check_rc (bcry_cipher_authenticate (hd, buf, 16), 0, "GCM-SIV AAD");
  check_rc (bcry_cipher_authenticate (hd, noaccess, max - 15),
            GPG_ERR_INV_LENGTH, "GCM-SIV AAD past 2^36 bytes in two calls");
  check_rc (bcry_cipher_encrypt (hd, noaccess, max + 1, noaccess, max + 1),
            GPG_ERR_INV_LENGTH, "GCM-SIV plaintext of 2^36 + 1 bytes");
  bcry_cipher_close (hd);
}

static gpg_error_t
ccm_lengths (bcry_cipher_hd_t hd, uint64_t datalen, uint64_t aadlen)
{
  uint64_t params[3];

  params[0] = datalen;
  params[1] = aadlen;
  params[2] = 16;
  return bcry_cipher_ctl (hd, BCRYCTL_SET_CCM_LENGTHS, params, sizeof params);
}

static void
check_ccm_limits (int algo, const unsigned char *key)
{
  unsigned char nonce[13] = { 0 };
  char what[80];
  bcry_cipher_hd_t hd;
  unsigned int n, l;
  uint64_t max;

  if (drive_open (&hd, algo, BCRY_CIPHER_MODE_CCM, 0, 0, key))
    return;
  for (n = 7; n <= 13; n++)
    {
      l = 15 - n;
      max = l == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * l)) - 1;
      snprintf (what, sizeof what, "CCM %u-byte nonce, data of 2^%u - 1 "
                "bytes", n, 8 * l);
      bcry_cipher_setiv (hd, nonce, n);
      check_rc (ccm_lengths (hd, max, ~(uint64_t)0), 0, what);
      if (l == 8)
        continue;
      snprintf (what, sizeof what, "CCM %u-byte nonce, data of 2^%u bytes",
                n, 8 * l);
      bcry_cipher_setiv (hd, nonce, n);
      check_rc (ccm_lengths (hd, max + 1, 0), GPG_ERR_INV_LENGTH, what);
    }
  bcry_cipher_close (hd);
}

static void
check_xts_limits (int algo, unsigned int skip, const unsigned char *key,
                  const char *label)
{
  const size_t unit = (size_t)16 << 20;
  unsigned char iv[16], *big, *back, first[64 * 16], a[32], b[32], pt[32];
  bcry_cipher_hd_t hd;
  char what[160];
  int ok;

  if (drive_open (&hd, algo, BCRY_CIPHER_MODE_XTS, 0, skip, key))
    return;
  big = malloc (unit);
  back = malloc (unit);
  if (big && back)
    {
      /* A unit of exactly 2^20 blocks is taken; its first blocks are
         those of a shorter unit with the same number.  */
      fill (iv, 16);
      fill (big, unit);
      memcpy (first, big, sizeof first);
      snprintf (what, sizeof what, "%s XTS data unit of 2^20 blocks", label);
      bcry_cipher_setiv (hd, iv, 16);
      check_rc (bcry_cipher_encrypt (hd, back, unit, big, unit), 0, what);
      bcry_cipher_setiv (hd, iv, 16);
      bcry_cipher_decrypt (hd, back, unit, back, unit);
      ok = !memcmp (back, big, unit);
      bcry_cipher_setiv (hd, iv, 16);
      bcry_cipher_encrypt (hd, first, sizeof first, first, sizeof first);
      bcry_cipher_setiv (hd, iv, 16);
      bcry_cipher_encrypt (hd, big, unit, big, unit);
      drive_check (ok && !memcmp (first, big, sizeof first),
                   "%s: decryption and prefix", what);
      snprintf (what, sizeof what, "%s XTS data unit of 2^20 blocks + 1 "
                "byte", label);
      check_rc (bcry_cipher_encrypt (hd, noaccess, unit + 1, noaccess,
                                     unit + 1), GPG_ERR_INV_LENGTH, what);
    }
  free (big);
  free (back);

  /* The unit number counts up after each call and wraps at 2^128.  */
  fill (pt, sizeof pt);
  memset (iv, 0xff, 16);
  bcry_cipher_setiv (hd, iv, 16);
  bcry_cipher_encrypt (hd, a, 32, pt, 32);
  bcry_cipher_encrypt (hd, a, 32, pt, 32);
  memset (iv, 0, 16);
  bcry_cipher_setiv (hd, iv, 16);
  bcry_cipher_encrypt (hd, b, 32, pt, 32);
  drive_check (!memcmp (a, b, 32), "%s XTS unit number wraps at 2^128",
               label);
  bcry_cipher_close (hd);
}

/* Seconds of processor time for 16 MiB of GCM with ALGO, so that the
   64 GiB run takes the fastest algorithm here.  */
static double
gcm_speed (int algo, const unsigned char *key)
{
  const size_t len = (size_t)16 << 20;
  unsigned char *buf = calloc (1, len), iv[12] = { 0 };
  bcry_cipher_hd_t hd;
  clock_t start;
  double t = -1;

  if (buf && !drive_open (&hd, algo, BCRY_CIPHER_MODE_GCM, 0, 0, key))
    {
      bcry_cipher_setiv (hd, iv, 12);
      start = clock ();
      if (!bcry_cipher_encrypt (hd, buf, len, buf, len))
        t = (double)(clock () - start) / CLOCKS_PER_SEC;
      bcry_cipher_close (hd);
    }
  free (buf);
  return t;
}

/* GCM up to its maximum under one nonce, in 1 MiB calls: 64 GiB.  */
static void
check_gcm_max (int algo, const unsigned char *key)
{
  const uint64_t max_data = ((uint64_t)1 << 36) - 32;
  const size_t chunk = (size_t)1 << 20;
  unsigned char *buf = calloc (1, chunk), iv[12] = { 0 }, tag[16];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc = 0;
  uint64_t done = 0;
  size_t n;

  if (!buf || drive_open (&hd, algo, BCRY_CIPHER_MODE_GCM, 0, 0, key))
    {
      free (buf);
      return;
    }
  printf ("%s GCM: %llu bytes under one nonce...\n",
          bcry_cipher_algo_name (algo), (unsigned long long)max_data);
  fflush (stdout);
  bcry_cipher_setiv (hd, iv, 12);
  while (!rc && done < max_data)
    {
      n = max_data - done < chunk ? (size_t)(max_data - done) : chunk;
      rc = bcry_err_code (bcry_cipher_encrypt (hd, buf, n, buf, n));
      done += n;
    }
  check_rc (bcry_err (rc), 0, "GCM plaintext of 2^39 - 256 bits");
  check_rc (bcry_cipher_encrypt (hd, buf, 1, buf, 1), GPG_ERR_INV_LENGTH,
            "GCM one byte past 2^39 - 256 bits");
  check_rc (bcry_cipher_gettag (hd, tag, 16), 0, "GCM tag at the maximum");
  bcry_cipher_close (hd);
  free (buf);
}


static const char help_text[] =
  "Checks the counters and lengths of the modes at their limits, from\n"
  "crafted states, for every implementation of one algorithm of each\n"
  "family.\n"
  "\n"
  "  --verbose  print each implementation as it is checked\n"
  "  --large    also encrypt GCM's maximum of 2^36 - 32 bytes under\n"
  "             one nonce (minutes; the default with configure\n"
  "             --enable-large-data-tests)\n"
  "  --help     this text\n"
  "\n"
  "The last line is \"N passed, M failed\"; the exit status is 1\n"
  "when M is not 0, 2 after a bad option and 77 (skipped) when no\n"
  "inaccessible page can be mapped.\n";

int
main (int argc, char **argv)
{
  int algos[64], seen_family[64] = { 0 }, large = 0, fastest = 0, arg;
  double fastest_time = 0;
  unsigned char key[DRIVE_KEY];
  const char *fam[64];
  size_t na, i, j, nfam = 0;
  unsigned int skip, nimpl;
  bcry_cipher_hd_t hd, ref;
  char label[96];

#ifdef ENABLE_LARGE_DATA_TESTS
  large = 1;
#endif
  cli_init (argv[0], "[--verbose] [--large]", help_text);
  for (arg = 1; arg < argc; arg++)
    if (!strcmp (argv[arg], "--help"))
      cli_help ();
    else if (!strcmp (argv[arg], "--verbose"))
      verbose = 1;
    else if (!strcmp (argv[arg], "--large"))
      large = 1;
    else
      cli_bad_usage ("unknown option '%s'", argv[arg]);

  noaccess = mmap (NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (noaccess == MAP_FAILED)
    {
      printf ("SKIP: mmap: cannot map an inaccessible page\n");
      return 77;
    }

  /* One algorithm of each family (its first key size).  */
  na = drive_algos (algos, DIMOF (algos));
  for (i = 0; i < na; i++)
    {
      const char *name = bcry_cipher_algo_name (algos[i]);
      size_t len = strcspn (name, "0123456789");

      for (j = 0; j < nfam; j++)
        if (strcspn (fam[j], "0123456789") == len
            && !strncmp (fam[j], name, len))
          break;
      if (j < nfam)
        continue;
      fam[nfam++] = name;
      seen_family[i] = 1;
    }

  for (i = 0; i < na; i++)
    {
      if (!seen_family[i] || bcry_cipher_get_algo_blklen (algos[i]) != 16)
        continue;
      fill (key, sizeof key);
      nimpl = impl_count (algos[i]);
      ref = open_ref (algos[i], key, nimpl);
      if (!ref)
        {
          drive_check (0, "%s: no reference", bcry_cipher_algo_name (algos[i]));
          continue;
        }
      for (skip = 0; skip < nimpl; skip++)
        {
          if (drive_open (&hd, algos[i], BCRY_CIPHER_MODE_CTR, 0, skip, key))
            continue;
          snprintf (label, sizeof label, "%s", bcry_cipher_impl_name (hd));
          if (verbose)
            printf ("%s\n", label);
          check_ctr (hd, ref, label);
          check_ctr32le (hd, ref, label);
          check_ocb (hd, ref, label);
          check_mac_ctr (hd, ref, label);
          bcry_cipher_close (hd);
          check_gcm_wrap (algos[i], skip, key, ref, label);
          check_xts_limits (algos[i], skip, key, label);
        }
      bcry_cipher_close (ref);
      /* The lengths past GCM's and GCM-SIV's limits need a 64-bit
         size_t.  */
      if ((uint64_t)SIZE_MAX >> 40)
        {
          check_gcm_limits (algos[i], key);
          check_gcm_siv_limits (algos[i], key);
        }
      check_ccm_limits (algos[i], key);
      if (large)
        {
          double t = gcm_speed (algos[i], key);

          if (t > 0 && (!fastest || t < fastest_time))
            {
              fastest = algos[i];
              fastest_time = t;
            }
        }
    }
  if (fastest && (uint64_t)SIZE_MAX >> 40)
    check_gcm_max (fastest, key);
  munmap (noaccess, 4096);
  return drive_done ();
}
