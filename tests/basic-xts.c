/* basic-xts.c - tests/basic: XTS mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The XTS-AES vectors of IEEE Std 1619-2007, Annex B, with every
 * implementation of AES, in place and not, the chained vectors through
 * one handle (each call is a data unit, and the next one's number is
 * one more); then, for every algorithm and implementation, random data
 * units against XTS written out here from IEEE 1619-2007, section 5, on
 * top of the portable C block function: every length from 16 to 300
 * bytes in place, 16 bytes to 70 blocks with and without a partial
 * block, and a few up to 64 KiB; last, the refusal of bad input: short
 * and overlong data units, equal key halves.
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "basic.h"

#define LARGE 65536
/* IEEE 1619-2007, 5.1: at most 2^20 blocks in a data unit.  */
#define MAX_UNIT ((size_t)16 << 20)

enum pt_source { PT_HEX, PT_COUNT, PT_PREV };

static const struct
{
  int number;
  const char *dun;
  size_t len;
  enum pt_source pt_from;
  const char *key;
  const char *pt;
  const char *ct;
} ieee_vectors[] =
  {
#include "vectors-xts.inc"
  };

static gpg_err_code_t
ec (gpg_error_t err)
{
  return bcry_err_code (err);
}

static void
dun_to_iv (unsigned char *iv, const char *dun)
{
  memset (iv, 0, 16);
  hex_decode (dun, iv, 16);
}

/* Vector V of the table; PT_PREV takes PREV, the ciphertext before.  */
static int
load_vector (size_t v, unsigned char *key, size_t *keylen,
             unsigned char *pt, unsigned char *ct, const unsigned char *prev)
{
  size_t i, len = ieee_vectors[v].len;

  *keylen = hex_decode (ieee_vectors[v].key, key, 2 * MAX_KEY);
  if (ieee_vectors[v].pt_from == PT_HEX)
    {
      if (hex_decode (ieee_vectors[v].pt, pt, 512) != len)
        return 0;
    }
  else if (ieee_vectors[v].pt_from == PT_COUNT)
    for (i = 0; i < len; i++)
      pt[i] = (unsigned char)i;
  else
    memcpy (pt, prev, len);
  return hex_decode (ieee_vectors[v].ct, ct, 512) == len
         && (*keylen == 32 || *keylen == 64);
}

static void
run_ieee (void)
{
  unsigned char key[2 * MAX_KEY], pt[512], ct[512], prev[512], iv[16];
  unsigned char out[512 + GUARD];
  size_t v, keylen, impl, len;
  int algo, inplace, encrypt;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  for (v = 0; v < DIMOF (ieee_vectors); v++)
    {
      if (!load_vector (v, key, &keylen, pt, ct, prev))
        {
          test_fail ("XTS IEEE 1619 vector %d: bad table entry",
                     ieee_vectors[v].number);
          continue;
        }
      len = ieee_vectors[v].len;
      algo = keylen == 32 ? BCRY_CIPHER_AES128 : BCRY_CIPHER_AES256;
      for (impl = 0; impl < impl_count (algo); impl++)
        for (inplace = 0; inplace < 2; inplace++)
          for (encrypt = 0; encrypt < 2; encrypt++)
            {
              /* Vector 1 has Key1 = Key2, which must be allowed.  */
              rc = ec (bcry_cipher_open (&hd, algo, BCRY_CIPHER_MODE_XTS, 0));
              if (!rc && impl)
                rc = ec (bcry_cipher_ctl (hd, BCRYCTL_SKIP_IMPLS, NULL,
                                          impl));
              if (!rc)
                rc = ec (bcry_cipher_ctl (hd, BCRYCTL_SET_ALLOW_WEAK_KEY,
                                          NULL, 1));
              if (!rc)
                rc = ec (bcry_cipher_setkey (hd, key, keylen));
              dun_to_iv (iv, ieee_vectors[v].dun);
              if (!rc)
                rc = ec (bcry_cipher_setiv (hd, iv, 16));
              memset (out, GUARD_BYTE, sizeof out);
              if (inplace)
                memcpy (out, encrypt ? pt : ct, len);
              clobber_vector_regs ();
              if (!rc)
                rc = ec (encrypt
                         ? bcry_cipher_encrypt (hd, out, len,
                                                inplace ? NULL : pt,
                                                inplace ? 0 : len)
                         : bcry_cipher_decrypt (hd, out, len,
                                                inplace ? NULL : ct,
                                                inplace ? 0 : len));
              check (!rc && !memcmp (out, encrypt ? ct : pt, len)
                     && guard_ok (out + len),
                     "XTS IEEE 1619 vector %d, implementation %zu, %s, %s: %s",
                     ieee_vectors[v].number, impl,
                     encrypt ? "encrypt" : "decrypt",
                     inplace ? "in place" : "out of place", gpg_strerror (rc));
              /* The next vector, when it chains, is the next call.  */
              if (!rc && encrypt && v + 1 < DIMOF (ieee_vectors)
                  && ieee_vectors[v + 1].pt_from == PT_PREV)
                {
                  unsigned char key2[2 * MAX_KEY], pt2[512], ct2[512];
                  size_t keylen2;

                  load_vector (v + 1, key2, &keylen2, pt2, ct2, ct);
                  rc = ec (bcry_cipher_encrypt (hd, out, len, NULL, 0));
                  check (!rc && !memcmp (out, ct2, len),
                         "XTS IEEE 1619 vector %d as the data unit after "
                         "vector %d, implementation %zu: %s",
                         ieee_vectors[v + 1].number, ieee_vectors[v].number,
                         impl, gpg_strerror (rc));
                }
              bcry_cipher_close (hd);
            }
      memcpy (prev, ct, len);
    }
}


/* XTS written out from IEEE 1619-2007, sections 5.3 and 5.4, one block
   at a time through ECB handles of the portable C implementation.  */
static void
ref_mul_alpha (unsigned char *t)
{
  unsigned char carry = t[15] >> 7;
  int i;

  for (i = 15; i > 0; i--)
    t[i] = (unsigned char)(t[i] << 1 | t[i - 1] >> 7);
  t[0] = (unsigned char)(t[0] << 1) ^ (carry ? 0x87 : 0);
}

static void
ref_block (bcry_cipher_hd_t ecb1, int encrypt, unsigned char *out,
           const unsigned char *in, const unsigned char *t)
{
  int i;

  for (i = 0; i < 16; i++)
    out[i] = in[i] ^ t[i];
  if (encrypt)
    bcry_cipher_encrypt (ecb1, out, 16, NULL, 0);
  else
    bcry_cipher_decrypt (ecb1, out, 16, NULL, 0);
  for (i = 0; i < 16; i++)
    out[i] ^= t[i];
}

/* One data unit; OUT must not overlap IN.  */
static void
ref_xts (bcry_cipher_hd_t ecb1, bcry_cipher_hd_t ecb2, int encrypt,
         const unsigned char *iv, unsigned char *out,
         const unsigned char *in, size_t len)
{
  unsigned char t[16], t2[16], pp[16], cc[16];
  size_t m = len / 16, r = len % 16, j;

  memcpy (t, iv, 16);
  bcry_cipher_encrypt (ecb2, t, 16, NULL, 0);
  for (j = 0; j + 1 < m || (j + 1 == m && !r); j++)
    {
      ref_block (ecb1, encrypt, out + 16 * j, in + 16 * j, t);
      ref_mul_alpha (t);
    }
  if (!r)
    return;
  /* Section 5.3.2 (encryption) and 5.4.2 (decryption): the last whole
     block goes with T_m-1 when encrypting and T_m when decrypting.  */
  memcpy (t2, t, 16);
  ref_mul_alpha (t2);
  ref_block (ecb1, encrypt, cc, in + 16 * j, encrypt ? t : t2);
  memcpy (out + 16 * (j + 1), cc, r);
  memcpy (pp, in + 16 * (j + 1), r);
  memcpy (pp + r, cc + r, 16 - r);
  ref_block (ecb1, encrypt, out + 16 * j, pp, encrypt ? t2 : t);
}

struct xts_ref
{
  bcry_cipher_hd_t ecb1, ecb2;
};

static void
xcheck_one (int algo, size_t impl, struct xts_ref *r,
            const unsigned char *key, unsigned char *buf, size_t len,
            int inplace)
{
  unsigned char iv[16], *in = buf, *ref = buf + len, *out = ref + len;
  size_t keylen = 2 * bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int encrypt = (int)rng_below (2);

  rng_fill (iv, 16);
  rng_fill (in, len);
  ref_xts (r->ecb1, r->ecb2, encrypt, iv, ref, in, len);
  hd = open_impl (algo, BCRY_CIPHER_MODE_XTS, 0, impl, key, keylen, &rc);
  if (!rc)
    rc = ec (bcry_cipher_setiv (hd, iv, 16));
  memset (out, GUARD_BYTE, len + GUARD);
  if (inplace)
    memcpy (out, in, len);
  clobber_vector_regs ();
  if (!rc)
    rc = ec (encrypt ? bcry_cipher_encrypt (hd, out, len, inplace ? NULL : in,
                                            inplace ? 0 : len)
             : bcry_cipher_decrypt (hd, out, len, inplace ? NULL : in,
                                    inplace ? 0 : len));
  check (!rc && !memcmp (out, ref, len) && guard_ok (out + len),
         "XTS %s implementation %zu %s: %zu bytes, %s, seed %llu: %s",
         bcry_cipher_algo_name (algo), impl, encrypt ? "encrypt" : "decrypt",
         len, inplace ? "in place" : "out of place", (unsigned long long)seed,
         gpg_strerror (rc));
  bcry_cipher_close (hd);
}

static void
run_xcheck (void)
{
  unsigned char key[2 * MAX_KEY], *buf;
  size_t impl, nimpl, klen, len, i;
  struct xts_ref r;
  const int *a;
  gpg_err_code_t rc, rc2;

  buf = malloc (3 * LARGE + GUARD);
  if (!buf)
    {
      test_fail ("XTS: out of memory");
      return;
    }
  for (a = algo_list; *a; a++)
    {
      if (bcry_cipher_get_algo_blklen (*a) != BLOCK)
        continue;
      nimpl = impl_count (*a);
      klen = bcry_cipher_get_algo_keylen (*a);
      for (impl = 0; impl < nimpl; impl++)
        {
          rng_start ((unsigned int)*a, 0x715, (unsigned int)impl);
          rng_fill (key, 2 * klen);
          r.ecb1 = open_impl (*a, BCRY_CIPHER_MODE_ECB, 0, nimpl - 1, key,
                              klen, &rc);
          r.ecb2 = open_impl (*a, BCRY_CIPHER_MODE_ECB, 0, nimpl - 1,
                              key + klen, klen, &rc2);
          if (rc || rc2)
            {
              test_fail ("XTS %s: reference: %s", bcry_cipher_algo_name (*a),
                         gpg_strerror (rc ? rc : rc2));
              bcry_cipher_close (r.ecb1);
              bcry_cipher_close (r.ecb2);
              continue;
            }
          for (len = 16; len <= 300; len += quick ? 7 : 1)
            xcheck_one (*a, impl, &r, key, buf, len, 1);
          for (i = 1; i <= 70; i++)
            xcheck_one (*a, impl, &r, key, buf,
                        i * 16 + (i % 2 ? rng_below (16) : 0),
                        (int)rng_below (2));
          for (i = 0; i < 3; i++)
            xcheck_one (*a, impl, &r, key, buf, 16 + rng_below (LARGE - 15),
                        (int)rng_below (2));
          bcry_cipher_close (r.ecb1);
          bcry_cipher_close (r.ecb2);
        }
    }
  free (buf);
}

/* Bad input with AES-128: each refused call leaves the data unit
   number alone, so the next call gives what a fresh handle gives.  */
static void
run_bad (void)
{
  unsigned char key[32], iv[16] = { 9 }, msg[64], out[64], want[64];
  unsigned char *big;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  memset (key, 0x5a, sizeof key);
  memset (msg, 0x33, sizeof msg);
  rc = ec (bcry_cipher_open (&hd, BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_XTS,
                             0));
  if (rc)
    {
      test_fail ("XTS bad input: open: %s", gpg_strerror (rc));
      return;
    }
  check_rc (bcry_cipher_setkey (hd, key, 32), GPG_ERR_WEAK_KEY,
            "XTS key with equal halves");
  check_rc (bcry_cipher_encrypt (hd, out, 32, msg, 32), GPG_ERR_MISSING_KEY,
            "XTS encrypt after a refused key");
  check_rc (bcry_cipher_setkey (hd, key, 16), GPG_ERR_INV_KEYLEN,
            "XTS single-length key");
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_ALLOW_WEAK_KEY, key, 1),
            GPG_ERR_INV_ARG, "XTS SET_ALLOW_WEAK_KEY with a buffer");
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 2),
            GPG_ERR_INV_ARG, "XTS SET_ALLOW_WEAK_KEY 2");
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 1), 0,
            "XTS SET_ALLOW_WEAK_KEY 1");
  check_rc (bcry_cipher_setkey (hd, key, 32), 0,
            "XTS key with equal halves, allowed");
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_ALLOW_WEAK_KEY, NULL, 0), 0,
            "XTS SET_ALLOW_WEAK_KEY 0");
  check_rc (bcry_cipher_setkey (hd, key, 32), GPG_ERR_WEAK_KEY,
            "XTS key with equal halves, no longer allowed");
  key[31] ^= 1;
  check_rc (bcry_cipher_setkey (hd, key, 32), 0, "XTS setkey");

  /* WANT: two data units from IV on, from a fresh handle.  */
  check_rc (bcry_cipher_setiv (hd, iv, 16), 0, "XTS setiv");
  check_rc (bcry_cipher_encrypt (hd, want, 33, msg, 33), 0, "XTS encrypt");
  check_rc (bcry_cipher_encrypt (hd, want + 33, 31, msg, 31), 0,
            "XTS encrypt");

  check_rc (bcry_cipher_setiv (hd, iv, 15), GPG_ERR_INV_LENGTH,
            "XTS 15-byte IV");
  check_rc (bcry_cipher_setiv (hd, iv, 16), 0, "XTS setiv");
  check_rc (bcry_cipher_encrypt (hd, out, 15, msg, 15),
            GPG_ERR_BUFFER_TOO_SHORT, "XTS 15-byte data unit");
  check_rc (bcry_cipher_encrypt (hd, out, 0, msg, 0),
            GPG_ERR_BUFFER_TOO_SHORT, "XTS empty data unit");
  check_rc (bcry_cipher_encrypt (hd, out, 32, msg, 33),
            GPG_ERR_BUFFER_TOO_SHORT, "XTS short output");
  big = malloc (MAX_UNIT + 16);
  if (big)
    {
      /* Refused before the data is read: the buffer may stay unset.  */
      check_rc (bcry_cipher_encrypt (hd, big, MAX_UNIT + 16, NULL, 0),
                GPG_ERR_INV_LENGTH, "XTS data unit of 2^20 + 1 blocks");
      check_rc (bcry_cipher_decrypt (hd, big, MAX_UNIT + 1, NULL, 0),
                GPG_ERR_INV_LENGTH, "XTS data unit past 2^20 blocks");
      free (big);
    }
  check_rc (bcry_cipher_encrypt (hd, out, 33, msg, 33), 0, "XTS encrypt");
  check_rc (bcry_cipher_encrypt (hd, out + 33, 31, msg, 31), 0,
            "XTS encrypt");
  check (!memcmp (out, want, 64), "XTS data units after refused calls");

  /* A reset starts from data unit 0, as a zero IV does.  */
  bcry_cipher_reset (hd);
  check_rc (bcry_cipher_encrypt (hd, out, 32, msg, 32), 0, "XTS encrypt");
  memset (iv, 0, sizeof iv);
  check_rc (bcry_cipher_setiv (hd, iv, 16), 0, "XTS setiv");
  check_rc (bcry_cipher_encrypt (hd, want, 32, msg, 32), 0, "XTS encrypt");
  check (!memcmp (out, want, 32), "XTS after reset");
  bcry_cipher_close (hd);
}

void
run_xts_tests (void)
{
  run_ieee ();
  run_xcheck ();
  run_bad ();
}
