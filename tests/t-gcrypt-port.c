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

static void
print_rc (const char *what, gcry_error_t err)
{
  printf ("  %s: %d\n", what, (int)gcry_err_code (err));
}

/* SIV takes its nonce as the last piece of associated data, after the
   others; the other modes take it first.  */
static gcry_error_t
set_nonce_and_aad (gcry_cipher_hd_t hd, int mode, const unsigned char *nonce,
                   size_t noncelen, const unsigned char *aad, size_t aadlen)
{
  gcry_error_t err;

  if (mode == GCRY_CIPHER_MODE_SIV)
    {
      err = gcry_cipher_authenticate (hd, aad, aadlen);
      return err ? err : gcry_cipher_setiv (hd, nonce, noncelen);
    }
  err = gcry_cipher_setiv (hd, nonce, noncelen);
  return err ? err : gcry_cipher_authenticate (hd, aad, aadlen);
}

/* An authenticated message in MODE with a 16-byte tag: the tag read
   into a buffer longer than it, checked right and wrong.  The data is
   one call, announced as the last (OCB needs that; the others ignore
   it).  */
static void
run_aead (int algo, int mode, size_t noncelen)
{
  unsigned char key[64], nonce[16], aad[21], pt[37], ct[37], tag[24];
  size_t keylen = gcry_cipher_get_algo_keylen (algo), taglen = 0;
  gcry_cipher_hd_t hd;
  gcry_error_t err;

  if (mode == GCRY_CIPHER_MODE_SIV)
    keylen *= 2;
  fill (key, keylen, 11);
  fill (nonce, noncelen, 12);
  fill (aad, sizeof aad, 13);
  fill (pt, sizeof pt, 14);
  memset (tag, 0xaa, sizeof tag);
  printf ("%s mode %d, aead\n", gcry_cipher_algo_name (algo), mode);
  err = gcry_cipher_open (&hd, algo, mode, 0);
  if (!err)
    err = gcry_cipher_setkey (hd, key, keylen);
  if (!err)
    err = set_nonce_and_aad (hd, mode, nonce, noncelen, aad, sizeof aad);
  if (!err)
    err = gcry_cipher_final (hd);
  if (!err)
    err = gcry_cipher_encrypt (hd, ct, sizeof ct, pt, sizeof pt);
  if (err)
    {
      fail ("aead encrypt", err);
      gcry_cipher_close (hd);
      return;
    }
  print_rc ("info taglen", gcry_cipher_info (hd, GCRYCTL_GET_TAGLEN, NULL,
                                             &taglen));
  printf ("  taglen:    %zu\n", taglen);
  print_rc ("gettag into 24 bytes", gcry_cipher_gettag (hd, tag, sizeof tag));
  print_hex ("tag+rest", tag, sizeof tag);
  gcry_cipher_close (hd);

  err = gcry_cipher_open (&hd, algo, mode, 0);
  if (!err)
    err = gcry_cipher_setkey (hd, key, keylen);
  if (!err)
    err = set_nonce_and_aad (hd, mode, nonce, noncelen, aad, sizeof aad);
  if (!err && (mode == GCRY_CIPHER_MODE_SIV
               || mode == GCRY_CIPHER_MODE_GCM_SIV))
    err = gcry_cipher_set_decryption_tag (hd, tag, 16);
  if (!err)
    err = gcry_cipher_final (hd);
  if (!err)
    err = gcry_cipher_decrypt (hd, ct, sizeof ct, NULL, 0);
  if (err)
    fail ("aead decrypt", err);
  else
    printf ("  decrypt:  %s\n", memcmp (ct, pt, sizeof pt) ? "wrong" : "ok");
  print_rc ("checktag", gcry_cipher_checktag (hd, tag, 16));
  tag[3] ^= 1;
  print_rc ("checktag wrong", gcry_cipher_checktag (hd, tag, 16));
  gcry_cipher_close (hd);
}

/* What a program asks of handles and algorithms besides data: the
   answers, and the error codes where it asks wrongly.  */
static void
run_queries (void)
{
  static const char *const names[] =
    {
      "2.16.840.1.101.3.4.1.2", "oid.2.16.840.1.101.3.4.1.6",
      "OID.2.16.840.1.101.3.4.1.47", "2.16.840.1.101.3.4.1.23",
      "1.2.392.200011.61.1.1.1.2", "1.2.392.200011.61.1.1.1.4",
      "0.3.4401.5.3.1.9.1", "0.3.4401.5.3.1.9.44",
      "1.3.6.1.4.1.11591.13.2.2", "1.3.6.1.4.1.11591.13.2.44",
      "1.3.6.1.4.1.11591.13.2.5", "2.16.840.1.101.3.4.1.2.0", "",
      "aes", "AES256", "serpent", "twofish128", "CAMELLIA192"
    };
  static const int algos[] =
    {
      GCRY_CIPHER_AES, GCRY_CIPHER_CAMELLIA256, GCRY_CIPHER_SERPENT192,
      GCRY_CIPHER_TWOFISH, 9999
    };
  unsigned char kek[16], key[9], wrapped[24], unwrapped[16], plen[4];
  size_t i, n;
  gcry_cipher_hd_t hd;
  gcry_error_t err;

  puts ("names");
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    printf ("  %-30s algo %d, mode %d\n", names[i],
            gcry_cipher_map_name (names[i]),
            gcry_cipher_mode_from_oid (names[i]));
  printf ("  NULL: algo %d, mode %d\n", gcry_cipher_map_name (NULL),
          gcry_cipher_mode_from_oid (NULL));

  puts ("algo_info");
  for (i = 0; i < sizeof algos / sizeof algos[0]; i++)
    {
      size_t keylen = 0, blklen = 0;

      printf ("  algo %d\n", algos[i]);
      print_rc ("keylen", gcry_cipher_algo_info (algos[i], GCRYCTL_GET_KEYLEN,
                                                 NULL, &keylen));
      print_rc ("blklen", gcry_cipher_algo_info (algos[i], GCRYCTL_GET_BLKLEN,
                                                 NULL, &blklen));
      printf ("  lengths:  %zu, %zu\n", keylen, blklen);
      print_rc ("test", gcry_cipher_test_algo (algos[i]));
      print_rc ("test with nbytes",
                gcry_cipher_algo_info (algos[i], GCRYCTL_TEST_ALGO, NULL,
                                       &n));
      print_rc ("unknown what", gcry_cipher_algo_info (algos[i], 9999, NULL,
                                                       &n));
    }

  puts ("open");
  print_rc ("mode 17", gcry_cipher_open (&hd, GCRY_CIPHER_AES, 17, 0));
  print_rc ("algo 9999", gcry_cipher_open (&hd, 9999,
                                           GCRY_CIPHER_MODE_CBC, 0));
  print_rc ("GCM with Twofish", gcry_cipher_open (&hd, GCRY_CIPHER_TWOFISH,
                                                  GCRY_CIPHER_MODE_GCM, 0));
  gcry_cipher_close (hd);

  puts ("CTR handle");
  fill (kek, sizeof kek, 21);
  err = gcry_cipher_open (&hd, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_CTR, 0);
  if (err)
    {
      fail ("open", err);
      return;
    }
  print_rc ("encrypt before setkey",
            gcry_cipher_encrypt (hd, wrapped, 16, kek, 16));
  print_rc ("setkey 17 bytes", gcry_cipher_setkey (hd, kek, 17));
  print_rc ("setkey", gcry_cipher_setkey (hd, kek, 16));
  print_rc ("encrypt, output short",
            gcry_cipher_encrypt (hd, wrapped, 8, kek, 16));
  print_rc ("info taglen", gcry_cipher_info (hd, GCRYCTL_GET_TAGLEN, NULL,
                                             &n));
  print_rc ("info taglen, nbytes NULL",
            gcry_cipher_info (hd, GCRYCTL_GET_TAGLEN, NULL, NULL));
  print_rc ("info keylen", gcry_cipher_info (hd, GCRYCTL_GET_KEYLEN, plen,
                                             &n));
  print_rc ("info CFB sync", gcry_cipher_info (hd, GCRYCTL_CFB_SYNC, NULL,
                                               &n));
  print_rc ("info unknown", gcry_cipher_info (hd, 9999, NULL, &n));
  print_rc ("ctl taglen", gcry_cipher_ctl (hd, GCRYCTL_GET_TAGLEN, &n,
                                           sizeof n));
  print_rc ("ctl unknown", gcry_cipher_ctl (hd, 9999, NULL, 0));
  print_rc ("ctl CCM lengths", gcry_cipher_ctl (hd, GCRYCTL_SET_CCM_LENGTHS,
                                                NULL, 0));
  print_rc ("ctl decryption tag",
            gcry_cipher_set_decryption_tag (hd, kek, 16));
  print_rc ("authenticate", gcry_cipher_authenticate (hd, kek, 16));
  print_rc ("gettag", gcry_cipher_gettag (hd, wrapped, 16));
  print_rc ("checktag", gcry_cipher_checktag (hd, wrapped, 16));
  gcry_cipher_close (hd);

  /* RFC 5649 key wrap of 9 bytes: the unwrapped length comes back
     through gcry_cipher_info, as 4 big-endian bytes.  */
  puts ("KWP");
  fill (key, sizeof key, 22);
  err = gcry_cipher_open (&hd, GCRY_CIPHER_AES, GCRY_CIPHER_MODE_AESWRAP,
                          GCRY_CIPHER_EXTENDED);
  if (!err)
    err = gcry_cipher_setkey (hd, kek, sizeof kek);
  if (!err)
    err = gcry_cipher_encrypt (hd, wrapped, sizeof wrapped, key, sizeof key);
  if (!err)
    err = gcry_cipher_decrypt (hd, unwrapped, sizeof unwrapped, wrapped,
                               sizeof wrapped);
  if (err)
    fail ("KWP", err);
  else
    {
      print_hex ("wrapped", wrapped, sizeof wrapped);
      print_rc ("info keylen",
                gcry_cipher_info (hd, GCRYCTL_GET_KEYLEN, plen, &n));
      printf ("  plen:      %02x%02x%02x%02x (%zu bytes)\n", plen[0],
              plen[1], plen[2], plen[3], n);
      print_rc ("info taglen",
                gcry_cipher_info (hd, GCRYCTL_GET_TAGLEN, NULL, &n));
      printf ("  unwrap:   %s\n",
              memcmp (unwrapped, key, sizeof key) ? "wrong" : "ok");
    }
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

  /* The start-up of a libgcrypt program, as its manual shows it.  */
  puts ("start-up");
  print_rc ("any initialization",
            gcry_control (GCRYCTL_ANY_INITIALIZATION_P));
  if (!gcry_check_version (GCRYPT_VERSION))
    {
      puts ("library older than its header");
      return 1;
    }
  print_rc ("any initialization",
            gcry_control (GCRYCTL_ANY_INITIALIZATION_P));
  print_rc ("initialization finished",
            gcry_control (GCRYCTL_INITIALIZATION_FINISHED_P));
  print_rc ("suspend secmem warning",
            gcry_control (GCRYCTL_SUSPEND_SECMEM_WARN));
  print_rc ("init secmem", gcry_control (GCRYCTL_INIT_SECMEM, 16384, 0));
  print_rc ("resume secmem warning",
            gcry_control (GCRYCTL_RESUME_SECMEM_WARN));
  print_rc ("disable secmem warning",
            gcry_control (GCRYCTL_DISABLE_SECMEM_WARN));
  print_rc ("disable secmem", gcry_control (GCRYCTL_DISABLE_SECMEM, 0));
  print_rc ("finish initialization",
            gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0));
  print_rc ("initialization finished",
            gcry_control (GCRYCTL_INITIALIZATION_FINISHED_P));
  print_rc ("unknown command", gcry_control ((enum gcry_ctl_cmds)9999));
  print_rc ("unknown feature",
            gcry_control (GCRYCTL_DISABLE_HWF, "no-such-feature", NULL));

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
  run_aead (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_GCM, 12);
  run_aead (GCRY_CIPHER_CAMELLIA128, GCRY_CIPHER_MODE_GCM, 1);
  run_aead (GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM_SIV, 12);
  run_aead (GCRY_CIPHER_SERPENT128, GCRY_CIPHER_MODE_EAX, 16);
  run_aead (GCRY_CIPHER_AES, GCRY_CIPHER_MODE_SIV, 16);
  run_aead (GCRY_CIPHER_TWOFISH, GCRY_CIPHER_MODE_OCB, 12);
  run_queries ();
  printf ("%d errors\n", errors);
  return !!errors;
}
