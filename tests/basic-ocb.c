/* basic-ocb.c - tests/basic: OCB mode
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The sample results of RFC 7253, Appendix A, with every implementation
 * of AES; then, for every algorithm and implementation, random messages
 * against OCB written out here from RFC 7253, section 4, on top of the
 * portable C block function: nonces of 1 to 15 bytes, every tag length,
 * associated data and messages of 0 to 70 blocks plus partial blocks
 * and a few up to 64 KiB, split into random calls, in place and not,
 * and one message past 2^16 blocks; last, the state machine and the
 * refusal of bad input.
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "basic.h"

#define LARGE 65536
/* Past the 2^16 blocks where an L table of 16 entries would run out.  */
#define HUGE_BLOCKS ((1 << 16) + 5)

/* RFC 7253, Appendix A: the sixteen samples with K = 000102...0F and
   TAGLEN 128, and the one with K = 0F0E...00 and TAGLEN 96.  */
#define RFC_A8 "0001020304050607"
#define RFC_A16 RFC_A8 "08090A0B0C0D0E0F"
#define RFC_A24 RFC_A16 "1011121314151617"
#define RFC_A32 RFC_A24 "18191A1B1C1D1E1F"
#define RFC_A40 RFC_A32 "2021222324252627"

static const struct
{
  int taglen;
  const char *key, *nonce, *a, *p, *c;
} rfc_samples[] =
  {
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221100",
      "", "", "785407BFFFC8AD9EDCC5520AC9111EE6" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221101",
      RFC_A8, RFC_A8, "6820B3657B6F615A5725BDA0D3B4EB3A257C9AF1F8F03009" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221102",
      RFC_A8, "", "81017F8203F081277152FADE694A0A00" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221103",
      "", RFC_A8, "45DD69F8F5AAE72414054CD1F35D82760B2CD00D2F99BFA9" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221104",
      RFC_A16, RFC_A16,
      "571D535B60B277188BE5147170A9A22C3AD7A4FF3835B8C5701C1CCEC8FC3358" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221105",
      RFC_A16, "", "8CF761B6902EF764462AD86498CA6B97" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221106",
      "", RFC_A16,
      "5CE88EC2E0692706A915C00AEB8B2396F40E1C743F52436BDF06D8FA1ECA343D" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221107",
      RFC_A24, RFC_A24,
      "1CA2207308C87C010756104D8840CE1952F09673A448A122"
      "C92C62241051F57356D7F3C90BB0E07F" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221108",
      RFC_A24, "", "6DC225A071FC1B9F7C69F93B0F1E10DE" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA99887766554433221109",
      "", RFC_A24,
      "221BD0DE7FA6FE993ECCD769460A0AF2D6CDED0C395B1C3C"
      "E725F32494B9F914D85C0B1EB38357FF" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA9988776655443322110A",
      RFC_A32, RFC_A32,
      "BD6F6C496201C69296C11EFD138A467ABD3C707924B964DEAFFC40319AF5A485"
      "40FBBA186C5553C68AD9F592A79A4240" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA9988776655443322110B",
      RFC_A32, "", "FE80690BEE8A485D11F32965BC9D2A32" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA9988776655443322110C",
      "", RFC_A32,
      "2942BFC773BDA23CABC6ACFD9BFD5835BD300F0973792EF46040C53F1432BCDF"
      "B5E1DDE3BC18A5F840B52E653444D5DF" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA9988776655443322110D",
      RFC_A40, RFC_A40,
      "D5CA91748410C1751FF8A2F618255B68A0A12E093FF454606E59F9C1D0DDC54B"
      "65E8628E568BAD7AED07BA06A4A69483A7035490C5769E60" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA9988776655443322110E",
      RFC_A40, "", "C5CD9D1850C141E358649994EE701B68" },
    { 16, "000102030405060708090A0B0C0D0E0F", "BBAA9988776655443322110F",
      "", RFC_A40,
      "4412923493C57D5DE0D700F753CCE0D1D2D95060122E9F15A5DDBFC5787E50B5"
      "CC55EE507BCB084E479AD363AC366B95A98CA5F3000B1479" },
    { 12, "0F0E0D0C0B0A09080706050403020100", "BBAA9988776655443322110D",
      RFC_A40, RFC_A40,
      "1792A4E31E0755FB03E31B22116E6C2DDF9EFD6E33D536F1A0124B0A55BAE884"
      "ED93481529C76B6AD0C515F4D1CDD4FDAC4F02AA" }
  };

/* RFC 7253, Appendix A: the outputs of the iterated test for each AES
   key size and tag length.  */
static const struct
{
  int algo;
  int taglen;
  const char *tag;
} rfc_iterated[] =
  {
    { BCRY_CIPHER_AES128, 16, "67E944D23256C5E0B6C61FA22FDF1EA2" },
    { BCRY_CIPHER_AES192, 16, "F673F2C3E7174AAE7BAE986CA9F29E17" },
    { BCRY_CIPHER_AES256, 16, "D90EB8E9C977C88B79DD793D7FFA161C" },
    { BCRY_CIPHER_AES128, 12, "77A3D8E73589158D25D01209" },
    { BCRY_CIPHER_AES192, 12, "05D56EAD2752C86BE6932C5E" },
    { BCRY_CIPHER_AES256, 12, "5458359AC23B0CBA9E6330DD" },
    { BCRY_CIPHER_AES128, 8, "192C9B7BD90BA06A" },
    { BCRY_CIPHER_AES192, 8, "0066BC6E0EF34E24" },
    { BCRY_CIPHER_AES256, 8, "7D4EA5D445501CBE" }
  };

static gpg_err_code_t
ec (gpg_error_t err)
{
  return bcry_err_code (err);
}

/* One whole message through HD: nonce, AAD in pieces of random size,
   data in random runs of whole blocks with the last call, of any
   length, after bcry_cipher_final; then the tag (encrypting) or the
   check of TAG (decrypting).  OUT == IN runs in place.  */
static gpg_err_code_t
ocb_message (bcry_cipher_hd_t hd, int encrypt, const unsigned char *nonce,
             size_t noncelen, const unsigned char *a, size_t alen,
             unsigned char *out, const unsigned char *in, size_t len,
             unsigned char *tag, size_t taglen, int split)
{
  gpg_err_code_t rc;
  size_t off, n;

  rc = ec (bcry_cipher_setiv (hd, nonce, noncelen));
  for (off = 0; !rc && off < alen; off += n)
    {
      n = split ? 1 + rng_below (alen - off) : alen;
      rc = ec (bcry_cipher_authenticate (hd, a + off, n));
    }
  for (off = 0; !rc; off += n)
    {
      n = split ? rng_below ((len - off) / BLOCK + 1) * BLOCK : 0;
      if (n == len - off || !n)
        {
          n = len - off;
          rc = ec (bcry_cipher_final (hd));
        }
      clobber_vector_regs ();
      if (!rc)
        rc = ec (encrypt ? bcry_cipher_encrypt (hd, out + off, n,
                                                in == out ? NULL : in + off,
                                                in == out ? 0 : n)
                 : bcry_cipher_decrypt (hd, out + off, n,
                                        in == out ? NULL : in + off,
                                        in == out ? 0 : n));
      if (off + n == len)
        break;
    }
  if (!rc)
    rc = ec (encrypt ? bcry_cipher_gettag (hd, tag, taglen)
             : bcry_cipher_checktag (hd, tag, taglen));
  return rc;
}

static void
run_rfc_samples (void)
{
  unsigned char key[16], nonce[16], a[64], p[64], c[80], out[80];
  size_t i, klen, nlen, alen, plen, clen, impl, nimpl;
  int taglen, split, encrypt;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  nimpl = impl_count (BCRY_CIPHER_AES128);
  for (i = 0; i < DIMOF (rfc_samples); i++)
    for (impl = 0; impl < nimpl; impl++)
      for (split = 0; split < 2; split++)
        for (encrypt = 0; encrypt < 2; encrypt++)
          {
            taglen = rfc_samples[i].taglen;
            klen = hex_decode (rfc_samples[i].key, key, sizeof key);
            nlen = hex_decode (rfc_samples[i].nonce, nonce, sizeof nonce);
            alen = hex_decode (rfc_samples[i].a, a, sizeof a);
            plen = hex_decode (rfc_samples[i].p, p, sizeof p);
            clen = hex_decode (rfc_samples[i].c, c, sizeof c);
            hd = open_impl (BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_OCB, 0, impl,
                            key, klen, &rc);
            if (!rc)
              rc = ec (bcry_cipher_ctl (hd, BCRYCTL_SET_TAGLEN, &taglen,
                                        sizeof taglen));
            if (!rc && encrypt)
              rc = ocb_message (hd, 1, nonce, nlen, a, alen, out, p, plen,
                                out + plen, taglen, split);
            else if (!rc)
              rc = ocb_message (hd, 0, nonce, nlen, a, alen, out, c, plen,
                                c + plen, taglen, split);
            check (!rc && clen == plen + taglen
                   && !memcmp (out, encrypt ? c : p,
                               encrypt ? clen : plen),
                   "OCB RFC 7253 sample %zu, implementation %zu, %s%s: %s",
                   i + 1, impl, encrypt ? "encrypt" : "decrypt",
                   split ? " in pieces" : "", gpg_strerror (rc));
            bcry_cipher_close (hd);
          }
}

/* RFC 7253, Appendix A, the iterated test: K = zeros || TAGLEN in bits,
   C the concatenation of 384 encryptions, the output the tag over C.  */
static void
run_rfc_iterated (void)
{
  static unsigned char s[128], cbuf[22400];
  unsigned char key[32], nonce[12], tag[16], want[16], none[1];
  size_t v, impl, i, clen, klen;
  int taglen, k;
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  for (v = 0; v < DIMOF (rfc_iterated); v++)
    for (impl = 0; impl < impl_count (rfc_iterated[v].algo); impl++)
      {
        taglen = rfc_iterated[v].taglen;
        klen = bcry_cipher_get_algo_keylen (rfc_iterated[v].algo);
        memset (key, 0, sizeof key);
        key[klen - 1] = taglen * 8;
        hd = open_impl (rfc_iterated[v].algo, BCRY_CIPHER_MODE_OCB, 0, impl,
                        key, klen, &rc);
        if (!rc)
          rc = ec (bcry_cipher_ctl (hd, BCRYCTL_SET_TAGLEN, &taglen,
                                    sizeof taglen));
        memset (nonce, 0, sizeof nonce);
        clen = 0;
        for (i = 0; !rc && i < 128; i++)
          for (k = 1; !rc && k <= 3; k++)
            {
              /* N = num2str(3i+k, 96); the pairs (A, P) are (S, S),
                 (empty, S) and (S, empty), S being i zero bytes.  */
              nonce[10] = (3 * i + k) >> 8;
              nonce[11] = 3 * i + k;
              rc = ocb_message (hd, 1, nonce, 12, s, k == 2 ? 0 : i,
                                cbuf + clen, s, k == 3 ? 0 : i,
                                cbuf + clen + (k == 3 ? 0 : i), taglen, 0);
              clen += (k == 3 ? 0 : i) + taglen;
            }
        nonce[10] = 385 >> 8;
        nonce[11] = 385 & 0xff;
        if (!rc)
          rc = ocb_message (hd, 1, nonce, 12, cbuf, clen, none, none, 0,
                            tag, taglen, 0);
        hex_decode (rfc_iterated[v].tag, want, sizeof want);
        check (!rc && !memcmp (tag, want, taglen),
               "OCB RFC 7253 iterated test, %s, TAGLEN %d, implementation "
               "%zu: %s", bcry_cipher_algo_name (rfc_iterated[v].algo),
               taglen * 8, impl, gpg_strerror (rc));
        bcry_cipher_close (hd);
      }
}


/* OCB written out from RFC 7253, sections 2 and 4, one block at a time
   through the ECB handle of the portable C implementation.  */
struct ref_ocb
{
  bcry_cipher_hd_t ecb;
  unsigned char lstar[16], ldollar[16], l[64][16];
};

static void
ref_double (unsigned char *out, const unsigned char *in)
{
  unsigned char carry = in[0] >> 7;
  int i;

  for (i = 0; i < 15; i++)
    out[i] = (unsigned char)(in[i] << 1 | in[i + 1] >> 7);
  out[15] = (unsigned char)(in[15] << 1) ^ (carry ? 0x87 : 0);
}

static void
ref_enc (struct ref_ocb *r, unsigned char *b)
{
  bcry_cipher_encrypt (r->ecb, b, 16, NULL, 0);
}

static void
ref_xor (unsigned char *d, const unsigned char *s, size_t n)
{
  while (n--)
    *d++ ^= *s++;
}

static int
ref_ntz (uint64_t i)
{
  int n = 0;

  for (; !(i & 1); i >>= 1)
    n++;
  return n;
}

static void
ref_init (struct ref_ocb *r, bcry_cipher_hd_t ecb)
{
  int i;

  r->ecb = ecb;
  memset (r->lstar, 0, 16);
  ref_enc (r, r->lstar);
  ref_double (r->ldollar, r->lstar);
  ref_double (r->l[0], r->ldollar);
  for (i = 1; i < 64; i++)
    ref_double (r->l[i], r->l[i - 1]);
}

/* OCB-ENCRYPT or, with ENCRYPT 0, the plaintext and tag of
   OCB-DECRYPT; OUT must not overlap IN.  */
static void
ref_ocb (struct ref_ocb *r, int encrypt, int taglen,
         const unsigned char *n, size_t nlen, const unsigned char *a,
         size_t alen, unsigned char *out, const unsigned char *in,
         size_t len, unsigned char *tag)
{
  unsigned char nb[16], ktop[16], stretch[24], off[16], sum[16], chk[16];
  unsigned char t[16];
  size_t i, bottom, m;

  memset (nb, 0, 16);
  memcpy (nb + 16 - nlen, n, nlen);
  nb[0] = (unsigned char)(((taglen * 8) % 128) << 1);
  nb[15 - nlen] |= 1;
  bottom = nb[15] & 63;
  memcpy (ktop, nb, 16);
  ktop[15] &= 0xc0;
  ref_enc (r, ktop);
  memcpy (stretch, ktop, 16);
  for (i = 0; i < 8; i++)
    stretch[16 + i] = ktop[i] ^ ktop[i + 1];
  for (i = 0; i < 16; i++)
    off[i] = (unsigned char)(stretch[i + bottom / 8] << (bottom % 8)
                             | (bottom % 8 ? stretch[i + bottom / 8 + 1]
                                >> (8 - bottom % 8) : 0));
  memset (chk, 0, 16);
  for (m = 1; m <= len / 16; m++, in += 16, out += 16)
    {
      ref_xor (off, r->l[ref_ntz (m)], 16);
      memcpy (t, in, 16);
      ref_xor (t, off, 16);
      if (encrypt)
        ref_enc (r, t);
      else
        bcry_cipher_decrypt (r->ecb, t, 16, NULL, 0);
      ref_xor (t, off, 16);
      memcpy (out, t, 16);
      ref_xor (chk, encrypt ? in : out, 16);
    }
  if (len % 16)
    {
      ref_xor (off, r->lstar, 16);
      memcpy (t, off, 16);
      ref_enc (r, t);
      for (i = 0; i < len % 16; i++)
        out[i] = in[i] ^ t[i];
      ref_xor (chk, encrypt ? in : out, len % 16);
      chk[len % 16] ^= 0x80;
    }
  ref_xor (chk, off, 16);
  ref_xor (chk, r->ldollar, 16);
  ref_enc (r, chk);

  memset (off, 0, 16);
  memset (sum, 0, 16);
  for (m = 1; m <= alen / 16; m++, a += 16)
    {
      ref_xor (off, r->l[ref_ntz (m)], 16);
      memcpy (t, a, 16);
      ref_xor (t, off, 16);
      ref_enc (r, t);
      ref_xor (sum, t, 16);
    }
  if (alen % 16)
    {
      ref_xor (off, r->lstar, 16);
      memset (t, 0, 16);
      memcpy (t, a, alen % 16);
      t[alen % 16] = 0x80;
      ref_xor (t, off, 16);
      ref_enc (r, t);
      ref_xor (sum, t, 16);
    }
  ref_xor (chk, sum, 16);
  memcpy (tag, chk, taglen);
}

/* One random message of LEN bytes with ALEN bytes of AAD through
   implementation IMPL of ALGO, both ways, against the reference.  */
static void
xcheck_one (int algo, size_t impl, struct ref_ocb *r,
            const unsigned char *key, unsigned char *buf, size_t len,
            size_t alen)
{
  static const int taglens[] = { 8, 12, 16 };
  unsigned char nonce[15], tag[16], reftag[16];
  unsigned char *a = buf, *p = buf + alen, *c = p + len + GUARD;
  unsigned char *ref = c + len + GUARD, *out = ref + len;
  size_t nlen = 1 + rng_below (15);
  int taglen = taglens[rng_below (3)];
  int inplace = (int)rng_below (2), encrypt;
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  rng_fill (nonce, nlen);
  rng_fill (a, alen + len);
  for (encrypt = 1; encrypt >= 0; encrypt--)
    {
      const unsigned char *in = encrypt ? p : c;

      ref_ocb (r, encrypt, taglen, nonce, nlen, a, alen, ref, in, len,
               reftag);
      hd = open_impl (algo, BCRY_CIPHER_MODE_OCB, 0, impl, key, keylen, &rc);
      if (!rc)
        rc = ec (bcry_cipher_ctl (hd, BCRYCTL_SET_TAGLEN, &taglen,
                                  sizeof taglen));
      memset (out, GUARD_BYTE, len + GUARD);
      if (inplace)
        memcpy (out, in, len);
      memcpy (tag, reftag, 16);
      if (!rc)
        rc = ocb_message (hd, encrypt, nonce, nlen, a, alen, out,
                          inplace ? out : in, len, tag, taglen, 1);
      if (!rc && encrypt && memcmp (tag, reftag, taglen))
        rc = GPG_ERR_CHECKSUM;
      check (!rc && !memcmp (out, ref, len) && guard_ok (out + len),
             "OCB %s implementation %zu %s: %zu bytes, %zu of AAD, "
             "nonce %zu, tag %d, %s, seed %llu: %s",
             bcry_cipher_algo_name (algo), impl,
             encrypt ? "encrypt" : "decrypt", len, alen, nlen, taglen,
             inplace ? "in place" : "out of place",
             (unsigned long long)seed, gpg_strerror (rc));
      if (encrypt)
        memcpy (c, ref, len);
      bcry_cipher_close (hd);
    }
}

static void
run_xcheck (void)
{
  unsigned char key[MAX_KEY], *buf;
  size_t impl, nimpl, keylen, len, alen, i;
  const int *a;
  struct ref_ocb r;
  bcry_cipher_hd_t ecb;
  gpg_err_code_t rc;

  /* AAD, plaintext, ciphertext, reference and output, with guards.  */
  buf = malloc (5 * (HUGE_BLOCKS * 16 + 2 * GUARD));
  if (!buf)
    {
      test_fail ("OCB: out of memory");
      return;
    }
  for (a = algo_list; *a; a++)
    {
      if (bcry_cipher_get_algo_blklen (*a) != BLOCK)
        continue;
      nimpl = impl_count (*a);
      keylen = bcry_cipher_get_algo_keylen (*a);
      for (impl = 0; impl < nimpl; impl++)
        {
          rng_start ((unsigned int)*a, 0x0cb, (unsigned int)impl);
          rng_fill (key, keylen);
          ecb = open_impl (*a, BCRY_CIPHER_MODE_ECB, 0, nimpl - 1, key,
                           keylen, &rc);
          if (!ecb)
            {
              test_fail ("OCB %s: reference: %s", bcry_cipher_algo_name (*a),
                         gpg_strerror (rc));
              continue;
            }
          ref_init (&r, ecb);
          for (i = 0; i <= (quick ? 20 : 70); i++)
            {
              len = i * BLOCK + (i % 3 ? rng_below (BLOCK) : 0);
              alen = rng_below (3) ? rng_below (i * BLOCK + BLOCK) : 0;
              xcheck_one (*a, impl, &r, key, buf, len, alen);
            }
          for (i = 0; i < 3; i++)
            xcheck_one (*a, impl, &r, key, buf, rng_below (LARGE + 1),
                        rng_below (LARGE / 4));
          if (!quick)
            xcheck_one (*a, impl, &r, key, buf, HUGE_BLOCKS * 16 + 7,
                        HUGE_BLOCKS * 16 + 9);
          bcry_cipher_close (ecb);
        }
    }
  free (buf);
}

/* The state machine and bad input, with AES-128 and a 16-block message
   whose tag a fresh handle gives as WANT.  */
static void
run_bad (void)
{
  static const unsigned char key[16] = { 1, 2, 3 }, nonce[12] = { 4 };
  unsigned char msg[64 + 5] = { 5 }, out[64 + 5], tag[16], want[16];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  size_t n;
  int taglen;

  hd = open_impl (BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_OCB, 0, 0, key, 16,
                  &rc);
  if (!hd)
    {
      test_fail ("OCB bad input: open: %s", gpg_strerror (rc));
      return;
    }
  rc = ocb_message (hd, 1, nonce, 12, msg, 7, out, msg, sizeof msg, want,
                    16, 0);
  check (!rc, "OCB bad input: reference message: %s", gpg_strerror (rc));

  bcry_cipher_reset (hd);
  check_rc (bcry_cipher_encrypt (hd, out, 16, msg, 16), GPG_ERR_INV_STATE,
            "OCB encrypt before setiv");
  check_rc (bcry_cipher_authenticate (hd, msg, 16), GPG_ERR_INV_STATE,
            "OCB authenticate before setiv");
  check_rc (bcry_cipher_gettag (hd, tag, 16), GPG_ERR_INV_STATE,
            "OCB gettag before setiv");
  check_rc (bcry_cipher_setiv (hd, nonce, 0), GPG_ERR_INV_LENGTH,
            "OCB empty nonce");
  check_rc (bcry_cipher_setiv (hd, msg, 16), GPG_ERR_INV_LENGTH,
            "OCB 16-byte nonce");
  taglen = 10;
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_TAGLEN, &taglen, sizeof taglen),
            GPG_ERR_INV_LENGTH, "OCB SET_TAGLEN 10");
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_TAGLEN, &taglen, 1),
            GPG_ERR_INV_ARG, "OCB SET_TAGLEN with a short buffer");
  n = 0;
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_TAGLEN, NULL, &n), 0,
            "OCB GET_TAGLEN");
  check (n == 16, "OCB GET_TAGLEN gives %zu, not 16", n);

  /* Refused calls in a message leave it as it was: the tag is WANT.  */
  check_rc (bcry_cipher_setiv (hd, nonce, 12), 0, "OCB setiv");
  check_rc (bcry_cipher_authenticate (hd, msg, 7), 0, "OCB authenticate");
  check_rc (bcry_cipher_encrypt (hd, out, 20, msg, 20), GPG_ERR_INV_LENGTH,
            "OCB partial block before final");
  check_rc (bcry_cipher_encrypt (hd, out, 15, msg, 16),
            GPG_ERR_BUFFER_TOO_SHORT, "OCB short output");
  check_rc (bcry_cipher_encrypt (hd, out, 32, msg, 32), 0, "OCB encrypt");
  check_rc (bcry_cipher_authenticate (hd, msg, 16), GPG_ERR_INV_STATE,
            "OCB authenticate after data");
  check_rc (bcry_cipher_gettag (hd, tag, 16), GPG_ERR_INV_STATE,
            "OCB gettag before the final call");
  bcry_cipher_final (hd);
  check_rc (bcry_cipher_encrypt (hd, out + 32, sizeof msg - 32, msg + 32,
                                 sizeof msg - 32), 0, "OCB last call");
  check_rc (bcry_cipher_encrypt (hd, out, 16, msg, 16), GPG_ERR_INV_STATE,
            "OCB encrypt after the last call");
  check_rc (bcry_cipher_gettag (hd, tag, 15), GPG_ERR_BUFFER_TOO_SHORT,
            "OCB gettag into 15 bytes");
  check_rc (bcry_cipher_gettag (hd, tag, 16), 0, "OCB gettag");
  check (!memcmp (tag, want, 16), "OCB tag after refused calls");
  check_rc (bcry_cipher_checktag (hd, want, 16), 0, "OCB checktag");
  check_rc (bcry_cipher_checktag (hd, want, 12), GPG_ERR_CHECKSUM,
            "OCB checktag with 12 of 16 bytes");
  check_rc (bcry_cipher_checktag (hd, want, 5), GPG_ERR_INV_LENGTH,
            "OCB checktag with 5 bytes");
  tag[3] ^= 1;
  check_rc (bcry_cipher_checktag (hd, tag, 16), GPG_ERR_CHECKSUM,
            "OCB checktag with a wrong tag");
  check_rc (bcry_cipher_authenticate (hd, msg, 16), GPG_ERR_INV_STATE,
            "OCB authenticate after gettag");

  /* A new key and a reset keep nothing of the message; the tag length
     applies from the next nonce on and reads back.  */
  check_rc (bcry_cipher_setkey (hd, key, 16), 0, "OCB setkey again");
  check_rc (bcry_cipher_encrypt (hd, out, 16, msg, 16), GPG_ERR_INV_STATE,
            "OCB encrypt after a new key");
  rc = ocb_message (hd, 1, nonce, 12, msg, 7, out, msg, sizeof msg, tag,
                    16, 1);
  check (!rc && !memcmp (tag, want, 16), "OCB tag after a new key: %s",
         gpg_strerror (rc));
  taglen = 8;
  check_rc (bcry_cipher_ctl (hd, BCRYCTL_SET_TAGLEN, &taglen, sizeof taglen),
            0, "OCB SET_TAGLEN 8");
  check_rc (bcry_cipher_info (hd, BCRYCTL_GET_TAGLEN, NULL, &n), 0,
            "OCB GET_TAGLEN");
  check (n == 8, "OCB GET_TAGLEN gives %zu, not 8", n);
  bcry_cipher_reset (hd);
  rc = ocb_message (hd, 1, nonce, 12, msg, 7, out, msg, sizeof msg, tag,
                    8, 0);
  check (!rc && memcmp (tag, want, 8), "OCB 8-byte tag: %s",
         gpg_strerror (rc));
  bcry_cipher_close (hd);
}

void
run_ocb_tests (void)
{
  run_rfc_samples ();
  run_rfc_iterated ();
  run_xcheck ();
  run_bad ();
}
