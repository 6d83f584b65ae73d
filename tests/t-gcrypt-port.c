/* t-gcrypt-port.c - a libgcrypt program that must port by renaming
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Written against libgcrypt's cipher API only.  t-gcrypt-port.sh builds
 * it as it is with libgcrypt, and once more with gcry_ renamed to bcry_,
 * GCRY to BCRY and gcrypt.h to bulkcrypt.h with bulkcrypt, then compares
 * what the two print: the promise of bulkcrypt.h is that nothing else
 * needs to change and nothing comes out differently.  So the output
 * holds only what both libraries must agree on: no versions, no
 * implementation names, no error texts.
 */

#include <stdio.h>
#include <string.h>
#include <gcrypt.h>

static int errors;

static void
print_hex (const char *label, const unsigned char *p, size_t n)
{
  size_t i;

  printf ("  %-11s", label);
  for (i = 0; i < n; i++)
    printf ("%02x", p[i]);
  putchar ('\n');
}

static void
fail (const char *what, gcry_error_t err)
{
  printf ("  %s: error %d\n", what, (int)gcry_err_code (err));
  errors++;
}

/* Fixed, patternless-enough bytes: no generator to port.  */
static void
fill (unsigned char *p, size_t n, unsigned int salt)
{
  size_t i;

  for (i = 0; i < n; i++)
    p[i] = (unsigned char)((i * 167 + salt * 59 + (i >> 3) * 13) ^ salt);
}

/* Encrypt LEN bytes, in two calls split at SPLIT when the mode allows
   it, then decrypt them with a second handle and check the round trip.  */
static void
run_case (int algo, int mode, unsigned int flags, size_t len, size_t split,
          const unsigned char *ctr)
{
  unsigned char key[32], iv[16], pt[80], ct[80], back[80];
  size_t keylen = gcry_cipher_get_algo_keylen (algo);
  size_t outlen = (flags & GCRY_CIPHER_CBC_MAC) ? 16 : len;
  gcry_cipher_hd_t hd;
  gcry_error_t err;

  fill (key, keylen, (unsigned int)algo);
  fill (iv, sizeof iv, 77);
  fill (pt, len, (unsigned int)mode + 3);
  printf ("%s mode %d flags %u, %zu bytes\n", gcry_cipher_algo_name (algo),
          mode, flags, len);

  err = gcry_cipher_open (&hd, algo, mode, flags);
  if (err)
    {
      fail ("open", err);
      return;
    }
  err = gcry_cipher_setkey (hd, key, keylen);
  if (!err && mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (hd, ctr, 16);
  else if (!err && mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (hd, iv, sizeof iv);
  if (!err && split && split < len)
    {
      err = gcry_cipher_encrypt (hd, ct, split, pt, split);
      if (!err)
        err = gcry_cipher_encrypt (hd, ct + split, len - split,
                                   pt + split, len - split);
    }
  else if (!err)
    err = gcry_cipher_encrypt (hd, ct, outlen, pt, len);
  if (err)
    fail ("encrypt", err);
  else
    print_hex ((flags & GCRY_CIPHER_CBC_MAC) ? "mac" : "ciphertext",
               ct, outlen);

  /* The same message again after a reset and the same IV.  */
  err = gcry_cipher_reset (hd);
  if (!err && mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (hd, ctr, 16);
  else if (!err && mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (hd, iv, sizeof iv);
  if (!err)
    err = gcry_cipher_encrypt (hd, back, outlen, pt, len);
  if (err)
    fail ("encrypt after reset", err);
  else
    printf ("  after reset: %s\n", memcmp (back, ct, outlen) ? "differs"
            : "same");
  gcry_cipher_close (hd);

  if (flags & GCRY_CIPHER_CBC_MAC)
    return;
  err = gcry_cipher_open (&hd, algo, mode, flags);
  if (!err)
    err = gcry_cipher_setkey (hd, key, keylen);
  if (!err && mode == GCRY_CIPHER_MODE_CTR)
    err = gcry_cipher_setctr (hd, ctr, 16);
  else if (!err && mode != GCRY_CIPHER_MODE_ECB)
    err = gcry_cipher_setiv (hd, iv, sizeof iv);
  if (!err)
    {
      memcpy (back, ct, len);
      err = gcry_cipher_decrypt (hd, back, len, NULL, 0);
    }
  if (err)
    fail ("decrypt", err);
  else
    printf ("  decrypt:  %s\n", memcmp (back, pt, len) ? "wrong" : "ok");
  gcry_cipher_close (hd);
}

/* CFB with resynchronisation after a partial block.  */
static void
run_sync (int algo)
{
  unsigned char key[32], iv[16], pt[48], ct[48];
  size_t keylen = gcry_cipher_get_algo_keylen (algo);
  gcry_cipher_hd_t hd;
  gcry_error_t err;

  fill (key, keylen, 5);
  fill (iv, sizeof iv, 6);
  fill (pt, sizeof pt, 7);
  printf ("%s CFB sync\n", gcry_cipher_algo_name (algo));
  err = gcry_cipher_open (&hd, algo, GCRY_CIPHER_MODE_CFB,
                          GCRY_CIPHER_ENABLE_SYNC);
  if (!err)
    err = gcry_cipher_setkey (hd, key, keylen);
  if (!err)
    err = gcry_cipher_setiv (hd, iv, sizeof iv);
  if (!err)
    err = gcry_cipher_encrypt (hd, ct, 21, pt, 21);
  if (!err)
    err = gcry_cipher_sync (hd);
  if (!err)
    err = gcry_cipher_encrypt (hd, ct + 21, sizeof pt - 21, pt + 21,
                               sizeof pt - 21);
  if (err)
    fail ("cfb sync", err);
  else
    print_hex ("ciphertext", ct, sizeof pt);
  gcry_cipher_close (hd);
}

int
main (void)
{
  static const int algos[] =
    {
      GCRY_CIPHER_AES128, GCRY_CIPHER_AES192, GCRY_CIPHER_AES256,
      GCRY_CIPHER_CAMELLIA128, GCRY_CIPHER_CAMELLIA192,
      GCRY_CIPHER_CAMELLIA256, GCRY_CIPHER_SERPENT128,
      GCRY_CIPHER_SERPENT192, GCRY_CIPHER_SERPENT256,
      GCRY_CIPHER_TWOFISH128, GCRY_CIPHER_TWOFISH
    };
  static const struct { int mode; unsigned int flags; size_t len, split; }
    cases[] =
    {
      { GCRY_CIPHER_MODE_ECB, 0, 64, 32 },
      { GCRY_CIPHER_MODE_CBC, 0, 64, 16 },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_CTS, 61, 0 },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_CTS, 32, 0 },
      { GCRY_CIPHER_MODE_CBC, GCRY_CIPHER_CBC_MAC, 64, 0 },
      { GCRY_CIPHER_MODE_CFB, 0, 61, 13 },
      { GCRY_CIPHER_MODE_CFB8, 0, 61, 13 },
      { GCRY_CIPHER_MODE_OFB, 0, 61, 13 },
      { GCRY_CIPHER_MODE_CTR, 0, 61, 13 }
    };
  unsigned char ctr[16], ctr_wrap[16];
  size_t a, i;

  if (!gcry_check_version (NULL))
    {
      puts ("no version");
      return 1;
    }
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);

  fill (ctr, sizeof ctr, 9);
  /* A counter 2 blocks below the wrap of all 128 bits.  */
  memset (ctr_wrap, 0xff, sizeof ctr_wrap);
  ctr_wrap[15] = 0xfe;

  for (a = 0; a < sizeof algos / sizeof algos[0]; a++)
    {
      printf ("%s: id %d, key %zu bytes, block %zu bytes, maps back to %d\n",
              gcry_cipher_algo_name (algos[a]), algos[a],
              gcry_cipher_get_algo_keylen (algos[a]),
              gcry_cipher_get_algo_blklen (algos[a]),
              gcry_cipher_map_name (gcry_cipher_algo_name (algos[a])));
      for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case (algos[a], cases[i].mode, cases[i].flags, cases[i].len,
                  cases[i].split, ctr);
      run_case (algos[a], GCRY_CIPHER_MODE_CTR, 0, 48, 7, ctr_wrap);
      run_sync (algos[a]);
    }
  printf ("%d errors\n", errors);
  return !!errors;
}
