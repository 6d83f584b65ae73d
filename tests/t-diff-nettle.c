/* t-diff-nettle.c - Nettle as a side of the differential test
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Nettle has no handle API like bulkcrypt's: it has a table of block
 * ciphers (struct nettle_cipher, nettle-meta.h) and mode functions that
 * take any cipher of that table.  This file gives them bulkcrypt's
 * calls, for the driver of t-drive.c: the two tables below map
 * bulkcrypt's algorithm and mode numbers to Nettle's, and the calls
 * keep the state the mode functions need between them.  Nettle 3.8's
 * modes are used as they are, with every cipher (its SIV-CMAC and XTS
 * have generic forms besides the AES ones): ECB (the cipher function
 * on many blocks), CBC, CFB, CFB8, CTR, GCM, CCM, EAX, SIV-CMAC, XTS
 * and the RFC 3394 key wrap.  Nettle 3.8 has no OFB, OCB, GCM-SIV,
 * CBC with ciphertext stealing or RFC 5649 key wrap; opening those
 * fails.
 *
 * The adapter refuses what Nettle cannot do rather than buffering
 * around it, with the error codes bulkcrypt gives, so that t-diff can
 * find the splits each side takes: after a call whose length is not a
 * whole number of blocks, a streaming mode takes no more data (Nettle
 * requires all but the last call of a message to be whole blocks);
 * SIV, XTS and key wrap take a message in one call; SIV needs one
 * associated-data component, as Nettle's S2V always has one.
 */

#include <config.h>

#ifdef HAVE_NETTLE

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <nettle/nettle-meta.h>
#include <nettle/cbc.h>
#include <nettle/cfb.h>
#include <nettle/ctr.h>
#include <nettle/gcm.h>
#include <nettle/ccm.h>
#include <nettle/eax.h>
#include <nettle/cmac.h>
#include <nettle/siv-cmac.h>
#include <nettle/xts.h>
#include <nettle/nist-keywrap.h>
#include "t-diff.h"

#define BLK 16
/* The longest SIV associated data and message the adapter copies.  */
#define SIV_MAX 65536

static const struct
{
  int algo;
  const struct nettle_cipher *nc;
} algos[] =
  {
    { BCRY_CIPHER_AES128, &nettle_aes128 },
    { BCRY_CIPHER_AES192, &nettle_aes192 },
    { BCRY_CIPHER_AES256, &nettle_aes256 },
    { BCRY_CIPHER_CAMELLIA128, &nettle_camellia128 },
    { BCRY_CIPHER_CAMELLIA192, &nettle_camellia192 },
    { BCRY_CIPHER_CAMELLIA256, &nettle_camellia256 },
    { BCRY_CIPHER_SERPENT128, &nettle_serpent128 },
    { BCRY_CIPHER_SERPENT192, &nettle_serpent192 },
    { BCRY_CIPHER_SERPENT256, &nettle_serpent256 },
    { BCRY_CIPHER_TWOFISH128, &nettle_twofish128 },
    { BCRY_CIPHER_TWOFISH, &nettle_twofish256 }
  };

/* How a mode takes its IV and its data.  */
enum kind { K_BLOCKS, K_STREAM, K_BYTES, K_MESSAGE };

static const struct
{
  int mode;
  size_t ivmin, ivmax;        /* Lengths setiv takes.  */
  enum kind kind;
  int aead;
  int two_keys;               /* XTS and SIV: a key of twice the length.  */
} modes[] =
  {
    { BCRY_CIPHER_MODE_ECB, BLK, BLK, K_BLOCKS, 0, 0 },
    { BCRY_CIPHER_MODE_CBC, BLK, BLK, K_BLOCKS, 0, 0 },
    { BCRY_CIPHER_MODE_CFB, BLK, BLK, K_STREAM, 0, 0 },
    { BCRY_CIPHER_MODE_CFB8, BLK, BLK, K_BYTES, 0, 0 },
    { BCRY_CIPHER_MODE_CTR, BLK, BLK, K_STREAM, 0, 0 },
    { BCRY_CIPHER_MODE_GCM, 1, BLK, K_STREAM, 1, 0 },
    { BCRY_CIPHER_MODE_CCM, 7, 13, K_STREAM, 1, 0 },
    { BCRY_CIPHER_MODE_EAX, 1, BLK, K_STREAM, 1, 0 },
    { BCRY_CIPHER_MODE_SIV, 1, BLK, K_MESSAGE, 1, 1 },
    { BCRY_CIPHER_MODE_XTS, BLK, BLK, K_MESSAGE, 0, 1 },
    { BCRY_CIPHER_MODE_AESWRAP, 8, 8, K_MESSAGE, 0, 0 }
  };

struct nhd
{
  const struct nettle_cipher *nc;
  int mode;
  unsigned int m;             /* Index into modes[].  */
  int key_set;
  void *enc, *dec, *enc2;     /* Cipher contexts: encryption, decryption,
                                 the second key's encryption.  */
  struct gcm_key gcm_key;
  struct gcm_ctx gcm;
  struct eax_key eax_key;
  struct eax_ctx eax;
  struct ccm_ctx ccm;
  struct cmac128_key cmac_key;
  /* The message.  */
  unsigned char iv[BLK];
  size_t ivlen;
  int iv_set, ccm_ready, aad_partial, partial, data_calls, tag_done, tag_ok;
  size_t ccm_taglen;
  unsigned char *aad;         /* SIV's one component.  */
  size_t aadlen;
  int n_aad;
  unsigned char tag[BLK];
  int dec_tag_set;
};

static gpg_error_t
err (gpg_err_code_t code)
{
  return code ? gpg_err_make (GPG_ERR_SOURCE_USER_4, code) : 0;
}

static void *
ctx_new (const struct nettle_cipher *nc)
{
  return calloc (1, nc->context_size);
}

static void
ctx_free (const struct nettle_cipher *nc, void *p)
{
  if (p)
    {
      memset (p, 0, nc->context_size);
      free (p);
    }
}

static gpg_error_t
n_open (void **hd, int algo, int mode, unsigned int flags)
{
  struct nhd *h;
  size_t a, m;

  *hd = NULL;
  for (a = 0; a < DIMOF (algos) && algos[a].algo != algo; a++)
    ;
  if (a == DIMOF (algos))
    return err (GPG_ERR_CIPHER_ALGO);
  for (m = 0; m < DIMOF (modes) && modes[m].mode != mode; m++)
    ;
  /* No flag changes what Nettle computes.  */
  if (m == DIMOF (modes) || flags)
    return err (GPG_ERR_INV_CIPHER_MODE);
  h = calloc (1, sizeof *h);
  if (!h)
    return err (GPG_ERR_ENOMEM);
  h->nc = algos[a].nc;
  h->mode = mode;
  h->m = m;
  h->enc = ctx_new (h->nc);
  h->dec = ctx_new (h->nc);
  h->enc2 = ctx_new (h->nc);
  if (!h->enc || !h->dec || !h->enc2)
    {
      ctx_free (h->nc, h->enc);
      ctx_free (h->nc, h->dec);
      ctx_free (h->nc, h->enc2);
      free (h);
      return err (GPG_ERR_ENOMEM);
    }
  *hd = h;
  return 0;
}

static void
forget_message (struct nhd *h)
{
  if (h->aad)
    {
      memset (h->aad, 0, h->aadlen);
      free (h->aad);
    }
  h->aad = NULL;
  h->aadlen = 0;
  h->n_aad = 0;
  h->iv_set = h->ccm_ready = h->aad_partial = h->partial = 0;
  h->data_calls = 0;
  h->tag_done = h->tag_ok = h->dec_tag_set = 0;
}

static void
n_close (void *hd)
{
  struct nhd *h = hd;

  if (!h)
    return;
  forget_message (h);
  ctx_free (h->nc, h->enc);
  ctx_free (h->nc, h->dec);
  ctx_free (h->nc, h->enc2);
  memset (h, 0, sizeof *h);
  free (h);
}

static gpg_error_t
n_setkey (void *hd, const void *key, size_t keylen)
{
  struct nhd *h = hd;
  const struct nettle_cipher *nc = h->nc;
  const uint8_t *k = key;

  if (keylen != (modes[h->m].two_keys ? 2u : 1u) * nc->key_size)
    return err (GPG_ERR_INV_KEYLEN);
  if (h->mode == BCRY_CIPHER_MODE_SIV)
    /* K1 for S2V, K2 for CTR, as RFC 5297 and bulkcrypt have them.  */
    siv_cmac_set_key (&h->cmac_key, h->enc, h->enc2, nc, k);
  else
    {
      nc->set_encrypt_key (h->enc, k);
      nc->set_decrypt_key (h->dec, k);
      if (modes[h->m].two_keys)
        nc->set_encrypt_key (h->enc2, k + nc->key_size);
    }
  if (h->mode == BCRY_CIPHER_MODE_GCM)
    gcm_set_key (&h->gcm_key, h->enc, nc->encrypt);
  else if (h->mode == BCRY_CIPHER_MODE_EAX)
    eax_set_key (&h->eax_key, h->enc, nc->encrypt);
  h->key_set = 1;
  forget_message (h);
  return 0;
}

static gpg_error_t
n_setiv (void *hd, const void *iv, size_t ivlen)
{
  struct nhd *h = hd;

  if (!iv || ivlen < modes[h->m].ivmin || ivlen > modes[h->m].ivmax)
    return err (GPG_ERR_INV_LENGTH);
  if (!h->key_set)
    return err (GPG_ERR_MISSING_KEY);
  /* SIV's nonce is its last component: the AAD may come first.  */
  if (h->mode == BCRY_CIPHER_MODE_SIV)
    {
      if (h->data_calls)
        return err (GPG_ERR_INV_STATE);
    }
  else
    forget_message (h);
  memcpy (h->iv, iv, ivlen);
  h->ivlen = ivlen;
  h->iv_set = 1;
  if (h->mode == BCRY_CIPHER_MODE_GCM)
    gcm_set_iv (&h->gcm, &h->gcm_key, ivlen, h->iv);
  else if (h->mode == BCRY_CIPHER_MODE_EAX)
    eax_set_nonce (&h->eax, &h->eax_key, h->enc, h->nc->encrypt, ivlen,
                   h->iv);
  return 0;
}

static gpg_error_t
n_ctl (void *hd, int cmd, void *buf, size_t buflen)
{
  struct nhd *h = hd;
  const uint64_t *p = buf;

  switch (cmd)
    {
    case BCRYCTL_RESET:
      forget_message (h);
      return 0;
    case BCRYCTL_FINALIZE:
      return 0;
    case BCRYCTL_SET_CCM_LENGTHS:
      if (h->mode != BCRY_CIPHER_MODE_CCM)
        return err (GPG_ERR_INV_CIPHER_MODE);
      if (!buf || buflen != 3 * sizeof *p)
        return err (GPG_ERR_INV_ARG);
      if (!h->iv_set || h->ccm_ready)
        return err (GPG_ERR_INV_STATE);
      if (p[2] < 4 || p[2] > 16 || (p[2] & 1))
        return err (GPG_ERR_INV_LENGTH);
      ccm_set_nonce (&h->ccm, h->enc, h->nc->encrypt, h->ivlen, h->iv,
                     p[1], p[0], p[2]);
      h->ccm_taglen = p[2];
      h->ccm_ready = 1;
      return 0;
    case BCRYCTL_SET_DECRYPTION_TAG:
      if (h->mode != BCRY_CIPHER_MODE_SIV)
        return err (GPG_ERR_INV_CIPHER_MODE);
      if (buflen != BLK)
        return err (GPG_ERR_INV_LENGTH);
      memcpy (h->tag, buf, BLK);
      h->dec_tag_set = 1;
      return 0;
    default:
      return err (GPG_ERR_INV_OP);
    }
}

static gpg_error_t
n_authenticate (void *hd, const void *aad, size_t aadlen)
{
  struct nhd *h = hd;

  if (!modes[h->m].aead)
    return err (GPG_ERR_INV_CIPHER_MODE);
  if (h->data_calls || h->aad_partial || h->tag_done)
    return err (GPG_ERR_INV_STATE);
  switch (h->mode)
    {
    case BCRY_CIPHER_MODE_SIV:
      if (h->n_aad)
        return err (GPG_ERR_NOT_SUPPORTED);
      if (aadlen > SIV_MAX)
        return err (GPG_ERR_TOO_LARGE);
      h->aad = malloc (aadlen + 1);
      if (!h->aad)
        return err (GPG_ERR_ENOMEM);
      memcpy (h->aad, aad, aadlen);
      h->aadlen = aadlen;
      h->n_aad = 1;
      return 0;
    case BCRY_CIPHER_MODE_GCM:
      if (!h->iv_set)
        return err (GPG_ERR_INV_STATE);
      gcm_update (&h->gcm, &h->gcm_key, aadlen, aad);
      break;
    case BCRY_CIPHER_MODE_CCM:
      if (!h->ccm_ready)
        return err (GPG_ERR_INV_STATE);
      ccm_update (&h->ccm, h->enc, h->nc->encrypt, aadlen, aad);
      break;
    case BCRY_CIPHER_MODE_EAX:
      if (!h->iv_set)
        return err (GPG_ERR_INV_STATE);
      eax_update (&h->eax, &h->eax_key, h->enc, h->nc->encrypt, aadlen,
                  aad);
      break;
    }
  h->aad_partial = (aadlen % BLK) != 0;
  return 0;
}

static const uint8_t default_wrap_iv[8] =
  { 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6 };

/* The one-call modes: SIV, XTS, key wrap.  */
static gpg_err_code_t
crypt_message (struct nhd *h, int enc, uint8_t *out, size_t outsize,
               const uint8_t *in, size_t inlen)
{
  const struct nettle_cipher *nc = h->nc;
  gpg_err_code_t rc = 0;
  uint8_t *tmp;
  size_t n;

  switch (h->mode)
    {
    case BCRY_CIPHER_MODE_XTS:
      if (inlen < BLK)
        return GPG_ERR_BUFFER_TOO_SHORT;
      if (outsize < inlen)
        return GPG_ERR_BUFFER_TOO_SHORT;
      if (!h->iv_set)
        return GPG_ERR_INV_STATE;
      if (enc)
        xts_encrypt_message (h->enc, h->enc2, nc->encrypt, h->iv, inlen,
                             out, in);
      else
        xts_decrypt_message (h->dec, h->enc2, nc->decrypt, nc->encrypt,
                             h->iv, inlen, out, in);
      return 0;

    case BCRY_CIPHER_MODE_AESWRAP:
      if (inlen % 8 || inlen < (enc ? 16u : 24u))
        return GPG_ERR_INV_LENGTH;
      n = enc ? inlen + 8 : inlen - 8;
      if (outsize < n)
        return GPG_ERR_BUFFER_TOO_SHORT;
      /* Nettle's wrap does not take overlapping buffers.  */
      tmp = malloc (inlen);
      if (!tmp)
        return GPG_ERR_ENOMEM;
      memcpy (tmp, in, inlen);
      if (enc)
        nist_keywrap16 (h->enc, nc->encrypt,
                        h->iv_set ? h->iv : default_wrap_iv, n, out, tmp);
      else if (!nist_keyunwrap16 (h->dec, nc->decrypt,
                                  h->iv_set ? h->iv : default_wrap_iv, n,
                                  out, tmp))
        {
          memset (out, 0, n);
          rc = GPG_ERR_CHECKSUM;
        }
      memset (tmp, 0, inlen);
      free (tmp);
      return rc;

    case BCRY_CIPHER_MODE_SIV:
      /* Nettle's S2V has exactly one AAD component and a nonce.  */
      if (!h->n_aad || !h->iv_set)
        return GPG_ERR_NOT_SUPPORTED;
      if (inlen > SIV_MAX)
        return GPG_ERR_TOO_LARGE;
      if (outsize < inlen)
        return GPG_ERR_BUFFER_TOO_SHORT;
      if (!enc && !h->dec_tag_set)
        return GPG_ERR_INV_STATE;
      tmp = malloc (inlen + BLK);
      if (!tmp)
        return GPG_ERR_ENOMEM;
      if (enc)
        {
          siv_cmac_encrypt_message (&h->cmac_key, h->enc, nc, h->enc2,
                                    h->ivlen, h->iv, h->aadlen, h->aad,
                                    inlen + BLK, tmp, in);
          memcpy (h->tag, tmp, BLK);
          memcpy (out, tmp + BLK, inlen);
          h->tag_ok = 1;
        }
      else
        {
          memcpy (tmp, h->tag, BLK);
          memcpy (tmp + BLK, in, inlen);
          h->tag_ok = siv_cmac_decrypt_message (&h->cmac_key, h->enc, nc,
                                                h->enc2, h->ivlen, h->iv,
                                                h->aadlen, h->aad, inlen,
                                                out, tmp);
          if (!h->tag_ok)
            {
              memset (out, 0, inlen);
              rc = GPG_ERR_CHECKSUM;
            }
        }
      h->tag_done = 1;
      memset (tmp, 0, inlen + BLK);
      free (tmp);
      return rc;
    }
  return GPG_ERR_INV_CIPHER_MODE;
}

static gpg_error_t
crypt (void *hd, int enc, void *out, size_t outsize, const void *in,
       size_t inlen)
{
  struct nhd *h = hd;
  const struct nettle_cipher *nc = h->nc;
  gpg_err_code_t rc;

  if (!in)
    {
      in = out;
      inlen = outsize;
    }
  if (!h->key_set)
    return err (GPG_ERR_MISSING_KEY);
  if (modes[h->m].kind == K_MESSAGE)
    {
      if (h->data_calls)
        return err (GPG_ERR_INV_STATE);
      rc = crypt_message (h, enc, out, outsize, in, inlen);
      if (!rc)
        h->data_calls++;
      return err (rc);
    }

  if (outsize < inlen)
    return err (GPG_ERR_BUFFER_TOO_SHORT);
  if (modes[h->m].kind == K_BLOCKS && inlen % BLK)
    return err (GPG_ERR_INV_LENGTH);
  if (h->partial && modes[h->m].kind != K_BYTES)
    return err (GPG_ERR_INV_STATE);
  if (h->mode != BCRY_CIPHER_MODE_ECB && !h->iv_set)
    return err (GPG_ERR_INV_STATE);
  if (h->mode == BCRY_CIPHER_MODE_CCM && !h->ccm_ready)
    return err (GPG_ERR_INV_STATE);
  if (h->tag_done)
    return err (GPG_ERR_INV_STATE);

  switch (h->mode)
    {
    case BCRY_CIPHER_MODE_ECB:
      if (enc)
        nc->encrypt (h->enc, inlen, out, in);
      else
        nc->decrypt (h->dec, inlen, out, in);
      break;
    case BCRY_CIPHER_MODE_CBC:
      if (enc)
        cbc_encrypt (h->enc, nc->encrypt, BLK, h->iv, inlen, out, in);
      else
        cbc_decrypt (h->dec, nc->decrypt, BLK, h->iv, inlen, out, in);
      break;
    case BCRY_CIPHER_MODE_CFB:
      if (enc)
        cfb_encrypt (h->enc, nc->encrypt, BLK, h->iv, inlen, out, in);
      else
        cfb_decrypt (h->enc, nc->encrypt, BLK, h->iv, inlen, out, in);
      break;
    case BCRY_CIPHER_MODE_CFB8:
      if (enc)
        cfb8_encrypt (h->enc, nc->encrypt, BLK, h->iv, inlen, out, in);
      else
        cfb8_decrypt (h->enc, nc->encrypt, BLK, h->iv, inlen, out, in);
      break;
    case BCRY_CIPHER_MODE_CTR:
      ctr_crypt (h->enc, nc->encrypt, BLK, h->iv, inlen, out, in);
      break;
    case BCRY_CIPHER_MODE_GCM:
      if (enc)
        gcm_encrypt (&h->gcm, &h->gcm_key, h->enc, nc->encrypt, inlen, out,
                     in);
      else
        gcm_decrypt (&h->gcm, &h->gcm_key, h->enc, nc->encrypt, inlen, out,
                     in);
      break;
    case BCRY_CIPHER_MODE_CCM:
      if (enc)
        ccm_encrypt (&h->ccm, h->enc, nc->encrypt, inlen, out, in);
      else
        ccm_decrypt (&h->ccm, h->enc, nc->encrypt, inlen, out, in);
      break;
    case BCRY_CIPHER_MODE_EAX:
      if (enc)
        eax_encrypt (&h->eax, &h->eax_key, h->enc, nc->encrypt, inlen, out,
                     in);
      else
        eax_decrypt (&h->eax, &h->eax_key, h->enc, nc->encrypt, inlen, out,
                     in);
      break;
    default:
      return err (GPG_ERR_INV_CIPHER_MODE);
    }
  h->data_calls++;
  h->partial = (inlen % BLK) != 0;
  return 0;
}

static gpg_error_t
n_encrypt (void *hd, void *out, size_t outsize, const void *in, size_t inlen)
{
  return crypt (hd, 1, out, outsize, in, inlen);
}

static gpg_error_t
n_decrypt (void *hd, void *out, size_t outsize, const void *in, size_t inlen)
{
  return crypt (hd, 0, out, outsize, in, inlen);
}

/* The tag of the message so far into h->tag (TAGLEN bytes).  */
static gpg_err_code_t
digest (struct nhd *h, size_t taglen)
{
  const struct nettle_cipher *nc = h->nc;

  if (!modes[h->m].aead)
    return GPG_ERR_INV_CIPHER_MODE;
  if (taglen > BLK)
    return GPG_ERR_INV_LENGTH;
  /* Nettle computes a tag once.  */
  if (h->tag_done)
    return 0;
  switch (h->mode)
    {
    case BCRY_CIPHER_MODE_GCM:
      if (!h->iv_set)
        return GPG_ERR_INV_STATE;
      gcm_digest (&h->gcm, &h->gcm_key, h->enc, nc->encrypt, taglen, h->tag);
      break;
    case BCRY_CIPHER_MODE_CCM:
      if (!h->ccm_ready)
        return GPG_ERR_INV_STATE;
      if (taglen != h->ccm_taglen)
        return GPG_ERR_INV_LENGTH;
      ccm_digest (&h->ccm, h->enc, nc->encrypt, taglen, h->tag);
      break;
    case BCRY_CIPHER_MODE_EAX:
      if (!h->iv_set)
        return GPG_ERR_INV_STATE;
      eax_digest (&h->eax, &h->eax_key, h->enc, nc->encrypt, taglen,
                  h->tag);
      break;
    default:
      /* SIV's tag comes with its one data call.  */
      return GPG_ERR_INV_STATE;
    }
  h->tag_done = 1;
  return 0;
}

static gpg_error_t
n_gettag (void *hd, void *tag, size_t taglen)
{
  struct nhd *h = hd;
  gpg_err_code_t rc = digest (h, taglen);

  if (!rc)
    memcpy (tag, h->tag, taglen);
  return err (rc);
}

static gpg_error_t
n_checktag (void *hd, const void *tag, size_t taglen)
{
  struct nhd *h = hd;
  gpg_err_code_t rc;

  if (h->mode == BCRY_CIPHER_MODE_SIV && h->tag_done && !h->tag_ok)
    return err (GPG_ERR_CHECKSUM);
  rc = digest (h, taglen);
  if (!rc && memcmp (tag, h->tag, taglen))
    rc = GPG_ERR_CHECKSUM;
  return err (rc);
}

const struct drive_api diff_nettle =
  {
    "nettle", n_open, n_close, n_ctl, n_setkey, n_setiv, n_authenticate,
    n_encrypt, n_decrypt, n_gettag, n_checktag
  };

#endif /* HAVE_NETTLE */
