/* cipher.c - the cipher handle: life cycle, argument checks, dispatch
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every public bcry_cipher_* call enters here.  This file checks the
 * arguments, so that a refused call changes nothing, and hands the work
 * to the mode's functions (cipher-<mode>.c).  The algorithms come from
 * cipher-list.def and the modes from mode-list.def; neither is named
 * anywhere else in this file, but for the flags that belong to one
 * mode (CBC's CTS and MAC, key wrap's EXTENDED) and the table of object
 * identifiers, each of which names an algorithm and a mode.
 */

#include <config.h>
#include <stdio.h>
#include "cipher-internal.h"

#define CTX_MAGIC_NORMAL 0x24091964
#define CTX_MAGIC_SECURE 0x46919042
#define CTX_ALIGN 64

#define CIPHER(spec, id) extern const cipher_spec_t spec;
#include "cipher-list.def"
#undef CIPHER

static const cipher_spec_t *const cipher_list[] =
  {
#define CIPHER(spec, id) &spec,
#include "cipher-list.def"
#undef CIPHER
    NULL
  };

/* Selftest result per entry of cipher_list: 0 not run, 1 passed,
   2 failed.  Two threads may both run a selftest; both store the same
   result, so a plain atomic store is enough.  */
static int selftest_state[DIM (cipher_list)];

#define MODE(ops) extern const cipher_mode_t ops;
#include "mode-list.def"
#undef MODE

static const cipher_mode_t *const mode_list[] =
  {
#define MODE(ops) &ops,
#include "mode-list.def"
#undef MODE
    NULL
  };

/* A handle's hooks before a key selects its implementations.  */
static const cipher_bulk_ops_t no_bulk_ops;

#define ALL_FLAGS (BCRY_CIPHER_SECURE | BCRY_CIPHER_ENABLE_SYNC \
                   | BCRY_CIPHER_CBC_CTS | BCRY_CIPHER_CBC_MAC    \
                   | BCRY_CIPHER_EXTENDED)


static int
spec_index (int algo)
{
  int i;

  for (i = 0; cipher_list[i]; i++)
    if (cipher_list[i]->algo == algo)
      return i;
  return -1;
}

static const cipher_spec_t *
spec_from_algo (int algo)
{
  int i = spec_index (algo);

  return i < 0 ? NULL : cipher_list[i];
}

static const cipher_mode_t *
mode_from_id (int mode)
{
  int i;

  for (i = 0; mode_list[i]; i++)
    if (mode_list[i]->mode == mode)
      return mode_list[i];
  return NULL;
}

/* Run the known-answer test of algorithm entry I once per process.  */
static gpg_err_code_t
check_selftest (int i)
{
  int state = __atomic_load_n (&selftest_state[i], __ATOMIC_ACQUIRE);

  if (!state)
    {
      state = cipher_list[i]->selftest () ? 2 : 1;
      __atomic_store_n (&selftest_state[i], state, __ATOMIC_RELEASE);
    }
  return state == 1 ? 0 : GPG_ERR_SELFTEST_FAILED;
}

gpg_err_code_t
_bcry_cipher_selftest_all (void)
{
  gpg_err_code_t rc = 0;
  int i;

  for (i = 0; cipher_list[i]; i++)
    if (check_selftest (i))
      rc = GPG_ERR_SELFTEST_FAILED;
  return rc;
}

/* ASCII-only case folding: names must not depend on the locale.  */
static int
ascii_tolower (int ch)
{
  return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

static int
ascii_casecmp (const char *a, const char *b)
{
  for (; *a && ascii_tolower (*a) == ascii_tolower (*b); a++, b++)
    ;
  return ascii_tolower (*a) - ascii_tolower (*b);
}

static int
valid_handle (cipher_hd_t h)
{
  return h && (h->magic == CTX_MAGIC_NORMAL || h->magic == CTX_MAGIC_SECURE);
}

static size_t
round_up (size_t n, size_t a)
{
  return (n + a - 1) / a * a;
}

/* The implementations in use, as "serpent128: avx2 (16 blocks), avx
   (8 blocks), sse2 (8 blocks), c".  Built on request: setkey is on the
   hot path of some callers.  */
static const char *
impl_name (cipher_hd_t c)
{
  size_t off, i;
  int n;

  n = snprintf (c->impl_name, sizeof c->impl_name, "%s:", c->spec->name);
  off = n > 0 ? (size_t)n : 0;
  for (i = 0; i < off; i++)
    c->impl_name[i] = ascii_tolower (c->impl_name[i]);
  for (i = 0; c->bulk.impl[i] && off < sizeof c->impl_name; i++)
    {
      const bulk_impl_t *im = c->bulk.impl[i];

      if (im->width)
        n = snprintf (c->impl_name + off, sizeof c->impl_name - off,
                      "%s %s (%u blocks)", i ? "," : "", im->name, im->width);
      else
        n = snprintf (c->impl_name + off, sizeof c->impl_name - off,
                      "%s %s", i ? "," : "", im->name);
      if (n > 0)
        off += n;
    }
  if (!c->bulk.impl[0] && off < sizeof c->impl_name)
    snprintf (c->impl_name + off, sizeof c->impl_name - off,
              c->key_set ? " one block at a time" : " no key set");
  return c->impl_name;
}

/* Entry E->index of the handle's implementations into E, or
   GPG_ERR_NOT_FOUND past the last.  */
static gpg_err_code_t
impl_entry (cipher_hd_t c, bcry_cipher_impl_entry_t *e, size_t *nbytes)
{
  const bulk_impl_t *im;
  unsigned int i;

  if (!e || !nbytes || *nbytes != sizeof *e)
    return GPG_ERR_INV_ARG;
  for (i = 0; i < e->index && c->bulk.impl[i]; i++)
    ;
  im = c->bulk.impl[i];
  if (!im)
    return GPG_ERR_NOT_FOUND;
  e->width = im->width;
  e->min_blocks = im->min_blocks;
  e->serial = im == c->bulk.serial;
  memset (e->name, 0, sizeof e->name);
  strncpy (e->name, im->name, sizeof e->name - 1);
  return 0;
}

/* Clear everything that belongs to the current message.  */
static void
reset_message (cipher_hd_t c)
{
  wipememory (c->u_iv.iv, sizeof c->u_iv.iv);
  wipememory (c->u_ctr.ctr, sizeof c->u_ctr.ctr);
  wipememory (c->lastiv, sizeof c->lastiv);
  c->unused = 0;
  c->iv_set = 0;
  c->finalized = 0;
  if (c->mode_ops->reset)
    c->mode_ops->reset (c);
  else
    wipememory (&c->u_mode, sizeof c->u_mode);
}


gpg_error_t
bcry_cipher_open (bcry_cipher_hd_t *handle, int algo, int mode,
                  unsigned int flags)
{
  const cipher_spec_t *spec;
  const cipher_mode_t *mops;
  cipher_hd_t c;
  size_t hsize, csize, esize, total;
  int secure, idx;
  gpg_err_code_t rc;
  byte *mem, *base;

  if (!handle)
    return bcry_err (GPG_ERR_INV_ARG);
  *handle = NULL;

  if (flags & ~ALL_FLAGS)
    return bcry_err (GPG_ERR_INV_ARG);
  idx = spec_index (algo);
  if (idx < 0)
    return bcry_err (GPG_ERR_CIPHER_ALGO);
  spec = cipher_list[idx];
  mops = mode_from_id (mode);
  if (!mops || (mops->need_blocksize && mops->need_blocksize != spec->blocksize))
    return bcry_err (GPG_ERR_INV_CIPHER_MODE);
  if (((flags & (BCRY_CIPHER_CBC_CTS | BCRY_CIPHER_CBC_MAC))
       && mode != BCRY_CIPHER_MODE_CBC)
      || ((flags & BCRY_CIPHER_CBC_CTS) && (flags & BCRY_CIPHER_CBC_MAC))
      || ((flags & BCRY_CIPHER_EXTENDED) && mode != BCRY_CIPHER_MODE_AESWRAP))
    return bcry_err (GPG_ERR_INV_FLAG);

  /* Fix the feature set before the first key is expanded.  */
  _bcry_get_hw_features ();
  rc = check_selftest (idx);
  if (rc)
    return bcry_err (rc);

  secure = !!(flags & BCRY_CIPHER_SECURE);
  hsize = round_up (sizeof *c, CTX_ALIGN);
  csize = round_up (spec->contextsize, CTX_ALIGN);
  esize = round_up (mops->extra_size, CTX_ALIGN);
  total = CTX_ALIGN + hsize + mops->nkeys * csize + esize;
  mem = _bcry_malloc (total, secure);
  if (!mem)
    return bcry_err (gpg_err_code_from_syserror ());
  memset (mem, 0, total);

  /* The handle sits at the first aligned address; remember the offset
     in front of it so close can free the block it came from.  */
  base = (byte *)round_up ((size_t)mem + 1, CTX_ALIGN);
  base[-1] = (byte)(base - mem);
  c = (cipher_hd_t)base;
  c->magic = secure ? CTX_MAGIC_SECURE : CTX_MAGIC_NORMAL;
  c->alloc_size = total;
  c->spec = spec;
  c->mode_ops = mops;
  c->mode = mode;
  c->flags = flags;
  c->ctx = base + hsize;
  c->ctx2 = mops->nkeys > 1 ? base + hsize + csize : NULL;
  c->mode_extra = esize ? base + hsize + mops->nkeys * csize : NULL;
  *handle = c;
  return 0;
}

void
bcry_cipher_close (bcry_cipher_hd_t h)
{
  byte *base, *mem;
  size_t total;

  if (!valid_handle (h))
    return;
  base = (byte *)h;
  mem = base - base[-1];
  total = h->alloc_size;
  wipememory (mem, total);
  _bcry_free (mem);
}

gpg_error_t
bcry_cipher_setkey (bcry_cipher_hd_t c, const void *key, size_t keylen)
{
  const cipher_spec_t *spec;
  cipher_setkey_args_t args;
  size_t klen, nuser;
  gpg_err_code_t rc;

  if (!valid_handle (c) || (!key && keylen))
    return bcry_err (GPG_ERR_INV_ARG);
  spec = c->spec;
  klen = spec->keylen / 8;
  nuser = c->mode_ops->user_keys ? c->mode_ops->user_keys
                                 : c->mode_ops->nkeys;
  if (keylen != klen * nuser)
    return bcry_err (GPG_ERR_INV_KEYLEN);
  /* XTS relies on its two keys being independent: equal halves are
     refused, as NIST's XTS-AES key guidance and OpenSSL do, unless the
     caller allowed weak keys.  Checked on the raw key, before anything
     changes, since no mode sees the key itself; in constant time,
     since the halves are the key.  */
  if (c->mode_ops->distinct_keys && nuser > 1 && !c->allow_weak_key
      && buf_eq_const (key, (const byte *)key + klen, klen))
    return bcry_err (GPG_ERR_WEAK_KEY);

  args.hwf = _bcry_get_hw_features ();
  args.skip_impls = c->skip_impls;
  /* The hooks depend on the features and the skip count only (see
     cipher_setkey_args_t), so a handle that is rekeyed with the same
     ones, as per-message and per-sector keys are, skips choosing them
     again: a tenth of Camellia's setkey.  */
  if (c->key_set && c->bulk_hwf == args.hwf && c->bulk_skip == c->skip_impls)
    args.bulk = NULL;
  else
    {
      c->bulk = no_bulk_ops;
      args.bulk = &c->bulk;
      c->bulk_hwf = args.hwf;
      c->bulk_skip = c->skip_impls;
    }
  rc = spec->setkey (c->ctx, key, klen, &args);
  if (!rc && c->skip_impls && !c->bulk.impl[0])
    rc = GPG_ERR_NOT_SUPPORTED;
  if (!rc && nuser > 1)
    {
      args.bulk = NULL;
      rc = spec->setkey (c->ctx2, (const byte *)key + klen, klen, &args);
    }
  c->key_set = !rc;
  if (!rc && c->mode_ops->setkey_done)
    {
      rc = c->mode_ops->setkey_done (c);
      c->key_set = !rc;
    }
  if (rc)
    {
      wipememory (c->ctx, spec->contextsize);
      if (c->ctx2)
        wipememory (c->ctx2, spec->contextsize);
      c->bulk = no_bulk_ops;
    }
  return bcry_err (rc);
}

/* Store an IV of exactly one block; NULL with length 0 means zeros.  */
static gpg_err_code_t
set_block (cipher_hd_t c, byte *dst, const void *src, size_t len)
{
  size_t bs = c->spec->blocksize;

  if (!src && len)
    return GPG_ERR_INV_ARG;
  if (src && len != bs)
    return GPG_ERR_INV_LENGTH;
  if (src)
    memcpy (dst, src, bs);
  else
    memset (dst, 0, bs);
  c->unused = 0;
  return 0;
}

gpg_error_t
bcry_cipher_setiv (bcry_cipher_hd_t c, const void *iv, size_t ivlen)
{
  gpg_err_code_t rc;

  if (!valid_handle (c))
    return bcry_err (GPG_ERR_INV_ARG);
  if (c->mode_ops->setiv)
    rc = c->mode_ops->setiv (c, iv, ivlen);
  else
    rc = set_block (c, c->u_iv.iv, iv, ivlen);
  /* A new IV starts a new message: a final call belonged to the old.  */
  if (!rc)
    {
      c->iv_set = 1;
      c->finalized = 0;
    }
  return bcry_err (rc);
}

gpg_error_t
bcry_cipher_setctr (bcry_cipher_hd_t c, const void *ctr, size_t ctrlen)
{
  if (!valid_handle (c))
    return bcry_err (GPG_ERR_INV_ARG);
  return bcry_err (set_block (c, c->u_ctr.ctr, ctr, ctrlen));
}

/* The checks common to encrypt and decrypt.  IN == NULL means in place,
   as in libgcrypt: the data is OUTSIZE bytes at OUT.  */
static byte empty_buffer[16];

static gpg_err_code_t
check_crypt_args (cipher_hd_t c, void **out, size_t outsize,
                  const void **in, size_t *inlen)
{
  if (!valid_handle (c))
    return GPG_ERR_INV_ARG;
  if (!*in)
    {
      *in = *out;
      *inlen = outsize;
    }
  if ((!*out && outsize) || (!*in && *inlen))
    return GPG_ERR_INV_ARG;
  /* Empty buffers may be NULL; the modes never see a NULL pointer, so
     that no memcpy or pointer step is handed one (C17 makes both
     undefined even with a length of 0).  */
  if (!*in)
    *in = empty_buffer;
  if (!*out)
    *out = empty_buffer;
  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;
  if (!c->mode_ops->own_outlen && outsize < *inlen)
    return GPG_ERR_BUFFER_TOO_SHORT;
  return 0;
}

gpg_error_t
bcry_cipher_encrypt (bcry_cipher_hd_t c, void *out, size_t outsize,
                     const void *in, size_t inlen)
{
  gpg_err_code_t rc = check_crypt_args (c, &out, outsize, &in, &inlen);

  if (!rc)
    rc = c->mode_ops->encrypt (c, out, outsize, in, inlen);
  return bcry_err (rc);
}

gpg_error_t
bcry_cipher_decrypt (bcry_cipher_hd_t c, void *out, size_t outsize,
                     const void *in, size_t inlen)
{
  gpg_err_code_t rc = check_crypt_args (c, &out, outsize, &in, &inlen);

  if (!rc)
    rc = c->mode_ops->decrypt (c, out, outsize, in, inlen);
  return bcry_err (rc);
}

/* The checks common to the AEAD calls.  */
static gpg_err_code_t
check_aead_args (cipher_hd_t c, const void *buf, size_t len, void *fn)
{
  if (!valid_handle (c) || (!buf && len))
    return GPG_ERR_INV_ARG;
  if (!fn)
    return GPG_ERR_INV_CIPHER_MODE;
  if (!c->key_set)
    return GPG_ERR_MISSING_KEY;
  return 0;
}

gpg_error_t
bcry_cipher_authenticate (bcry_cipher_hd_t c, const void *abuf,
                          size_t abuflen)
{
  gpg_err_code_t rc = check_aead_args (c, abuf, abuflen, valid_handle (c)
                                       ? (void *)c->mode_ops->authenticate
                                       : NULL);

  if (!rc)
    rc = c->mode_ops->authenticate (c, abuf ? abuf : empty_buffer,
                                    abuflen);
  return bcry_err (rc);
}

gpg_error_t
bcry_cipher_gettag (bcry_cipher_hd_t c, void *outtag, size_t taglen)
{
  gpg_err_code_t rc = check_aead_args (c, outtag, taglen, valid_handle (c)
                                       ? (void *)c->mode_ops->gettag
                                       : NULL);

  if (!rc)
    rc = c->mode_ops->gettag (c, outtag, taglen);
  return bcry_err (rc);
}

gpg_error_t
bcry_cipher_checktag (bcry_cipher_hd_t c, const void *intag, size_t taglen)
{
  gpg_err_code_t rc = check_aead_args (c, intag, taglen, valid_handle (c)
                                       ? (void *)c->mode_ops->checktag
                                       : NULL);

  if (!rc)
    rc = c->mode_ops->checktag (c, intag, taglen);
  return bcry_err (rc);
}

/* Turn a CBC sub-mode flag on or off, as libgcrypt's ctl does.  */
static gpg_err_code_t
set_cbc_flag (cipher_hd_t c, unsigned int flag, unsigned int other, int on)
{
  if (c->mode != BCRY_CIPHER_MODE_CBC)
    return GPG_ERR_INV_CIPHER_MODE;
  if (!on)
    c->flags &= ~flag;
  else if (c->flags & other)
    return GPG_ERR_INV_FLAG;
  else
    c->flags |= flag;
  return 0;
}

gpg_error_t
bcry_cipher_ctl (bcry_cipher_hd_t c, int cmd, void *buf, size_t buflen)
{
  gpg_err_code_t rc = GPG_ERR_INV_OP;

  if (!valid_handle (c))
    return bcry_err (GPG_ERR_INV_ARG);
  /* The modes answer these through one hook with the ctl commands, but
     they are bcry_cipher_info's, as in libgcrypt.  */
  if (cmd == BCRYCTL_GET_TAGLEN || cmd == BCRYCTL_GET_KEYLEN)
    return bcry_err (GPG_ERR_INV_OP);
  /* No mode has a say in these two, which come once per message (a
     final call, SIV's and GCM-SIV's reset): they skip the mode's
     hook.  */
  if (cmd == BCRYCTL_FINALIZE)
    {
      if (buf || buflen)
        return bcry_err (GPG_ERR_INV_ARG);
      c->finalized = 1;
      return 0;
    }
  if (cmd == BCRYCTL_RESET)
    {
      reset_message (c);
      return 0;
    }

  if (c->mode_ops->ctl)
    {
      rc = c->mode_ops->ctl (c, cmd, buf, buflen);
      if (rc != GPG_ERR_INV_OP)
        return bcry_err (rc);
    }

  switch (cmd)
    {
    case BCRYCTL_CFB_SYNC:
      rc = 0;                   /* Meaningful only in CFB, which handles it.  */
      break;
    case BCRYCTL_SET_CBC_CTS:
      rc = set_cbc_flag (c, BCRY_CIPHER_CBC_CTS, BCRY_CIPHER_CBC_MAC, !!buflen);
      break;
    case BCRYCTL_SET_CBC_MAC:
      rc = set_cbc_flag (c, BCRY_CIPHER_CBC_MAC, BCRY_CIPHER_CBC_CTS, !!buflen);
      break;
    case BCRYCTL_SET_ALLOW_WEAK_KEY:
      /* As in libgcrypt: no buffer, BUFLEN is the on/off flag.  */
      if (buf || buflen > 1)
        rc = GPG_ERR_INV_ARG;
      else
        {
          c->allow_weak_key = buflen;
          rc = 0;
        }
      break;
    case BCRYCTL_SKIP_IMPLS:
      c->skip_impls = buflen;
      rc = 0;
      break;
    /* A mode's own command on a handle of another mode: libgcrypt's
       answers, its argument checks first where it has them first.  */
    case BCRYCTL_SET_TAGLEN:
      rc = !buf || buflen != sizeof (int) ? GPG_ERR_INV_ARG
                                          : GPG_ERR_INV_CIPHER_MODE;
      break;
    case BCRYCTL_SET_DECRYPTION_TAG:
      rc = !buf ? GPG_ERR_INV_ARG : GPG_ERR_INV_CIPHER_MODE;
      break;
    case BCRYCTL_SET_CCM_LENGTHS:
      rc = GPG_ERR_INV_CIPHER_MODE;
      break;
    /* GOST's S-boxes: no algorithm here has any.  */
    case BCRYCTL_SET_SBOX:
      rc = GPG_ERR_NOT_SUPPORTED;
      break;
    default:
      break;
    }
  return bcry_err (rc);
}

/* Copy the string S to BUFFER of *NBYTES bytes and set *NBYTES to the
   bytes written, the terminating zero included; with BUFFER NULL only
   set *NBYTES to that size.  A buffer too short is refused before
   anything is written, *NBYTES included.  */
static gpg_err_code_t
copy_out_string (const char *s, void *buffer, size_t *nbytes)
{
  size_t n = strlen (s) + 1;

  if (!nbytes)
    return GPG_ERR_INV_ARG;
  if (buffer)
    {
      if (*nbytes < n)
        return GPG_ERR_BUFFER_TOO_SHORT;
      memcpy (buffer, s, n);
    }
  *nbytes = n;
  return 0;
}

/* BCRYCTL_GET_KEYLEN of bcry_cipher_info: the length an RFC 5649
   unwrap recorded, as libgcrypt gives it, 4 big-endian bytes in BUFFER
   and 4 in *NBYTES (libgcrypt reads no size from *NBYTES, so neither do
   we), or, with BUFFER NULL, as a number in *NBYTES.  Only key wrap
   answers it.  */
static gpg_err_code_t
info_wrap_keylen (cipher_hd_t c, byte *buffer, size_t *nbytes)
{
  gpg_err_code_t rc;
  size_t plen;

  if (!nbytes)
    return GPG_ERR_INV_ARG;
  rc = c->mode_ops->ctl ? c->mode_ops->ctl (c, BCRYCTL_GET_KEYLEN, &plen,
                                            sizeof plen)
                        : GPG_ERR_INV_OP;
  if (rc == GPG_ERR_INV_OP)
    return buffer ? GPG_ERR_INV_CIPHER_MODE : GPG_ERR_INV_ARG;
  if (rc)
    return rc;
  if (!buffer)
    *nbytes = plen;
  else
    {
      buf_put_be32 (buffer, (u32)plen);
      *nbytes = 4;
    }
  return 0;
}

gpg_error_t
bcry_cipher_info (bcry_cipher_hd_t c, int what, void *buffer, size_t *nbytes)
{
  gpg_err_code_t rc;

  if (!valid_handle (c))
    return bcry_err (GPG_ERR_INV_ARG);
  switch (what)
    {
    case BCRYCTL_GET_IMPL_NAME:
      return bcry_err (copy_out_string (impl_name (c), buffer, nbytes));
    case BCRYCTL_GET_IMPL_ENTRY:
      return bcry_err (impl_entry (c, buffer, nbytes));
    case BCRYCTL_IS_SECURE:
      /* As gcry_md_info answers it for a digest handle: 1 in *NBYTES if
         the handle was opened with BCRY_CIPHER_SECURE, else 0.  */
      if (buffer || !nbytes)
        return bcry_err (GPG_ERR_INV_ARG);
      *nbytes = !!(c->flags & BCRY_CIPHER_SECURE);
      return 0;
    case BCRYCTL_GET_TAGLEN:
      /* The mode's ctl writes the size_t; a mode without a tag does not
         know the command.  */
      if (buffer || !nbytes)
        return bcry_err (GPG_ERR_INV_ARG);
      rc = c->mode_ops->ctl ? c->mode_ops->ctl (c, what, nbytes,
                                                sizeof *nbytes)
                            : GPG_ERR_INV_OP;
      return bcry_err (rc == GPG_ERR_INV_OP ? GPG_ERR_INV_CIPHER_MODE : rc);
    case BCRYCTL_GET_KEYLEN:
      return bcry_err (info_wrap_keylen (c, buffer, nbytes));
    default:
      return bcry_err (GPG_ERR_INV_OP);
    }
}

const char *
bcry_cipher_impl_name (bcry_cipher_hd_t c)
{
  return valid_handle (c) ? impl_name (c) : NULL;
}

gpg_error_t
bcry_cipher_algo_info (int algo, int what, void *buffer, size_t *nbytes)
{
  const cipher_spec_t *spec = spec_from_algo (algo);

  switch (what)
    {
    case BCRYCTL_GET_KEYLEN:
    case BCRYCTL_GET_BLKLEN:
      if (buffer || !nbytes)
        return bcry_err (GPG_ERR_INV_ARG);
      if (!spec)
        return bcry_err (GPG_ERR_CIPHER_ALGO);
      *nbytes = what == BCRYCTL_GET_KEYLEN ? spec->keylen / 8 : spec->blocksize;
      return 0;
    case BCRYCTL_TEST_ALGO:
      if (buffer || nbytes)
        return bcry_err (GPG_ERR_INV_ARG);
      if (!spec)
        return bcry_err (GPG_ERR_CIPHER_ALGO);
      return bcry_err (check_selftest (spec_index (algo)));
    default:
      return bcry_err (GPG_ERR_INV_OP);
    }
}

const char *
bcry_cipher_algo_name (int algo)
{
  const cipher_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->name : "?";
}

/* The object identifiers libgcrypt knows for these algorithms, each
   with the mode it names: NIST's for AES (CSOR), NTT's and RFC 3657's
   CBC ones and ISO/IEC 18033-3's for Camellia, GNU's for Serpent.  RFC
   3657's key wrap identifiers for Camellia are here too (libgcrypt has
   none).  */
static const struct
{
  const char *oid;
  int algo;
  int mode;
} oid_list[] =
  {
    { "2.16.840.1.101.3.4.1.1", BCRY_CIPHER_AES, BCRY_CIPHER_MODE_ECB },
    { "2.16.840.1.101.3.4.1.2", BCRY_CIPHER_AES, BCRY_CIPHER_MODE_CBC },
    { "2.16.840.1.101.3.4.1.3", BCRY_CIPHER_AES, BCRY_CIPHER_MODE_OFB },
    { "2.16.840.1.101.3.4.1.4", BCRY_CIPHER_AES, BCRY_CIPHER_MODE_CFB },
    { "2.16.840.1.101.3.4.1.6", BCRY_CIPHER_AES, BCRY_CIPHER_MODE_GCM },
    { "2.16.840.1.101.3.4.1.7", BCRY_CIPHER_AES, BCRY_CIPHER_MODE_CCM },
    { "2.16.840.1.101.3.4.1.21", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_ECB },
    { "2.16.840.1.101.3.4.1.22", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_CBC },
    { "2.16.840.1.101.3.4.1.23", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_OFB },
    { "2.16.840.1.101.3.4.1.24", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_CFB },
    { "2.16.840.1.101.3.4.1.26", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_GCM },
    { "2.16.840.1.101.3.4.1.27", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_CCM },
    { "2.16.840.1.101.3.4.1.41", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_ECB },
    { "2.16.840.1.101.3.4.1.42", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_CBC },
    { "2.16.840.1.101.3.4.1.43", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_OFB },
    { "2.16.840.1.101.3.4.1.44", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_CFB },
    { "2.16.840.1.101.3.4.1.46", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_GCM },
    { "2.16.840.1.101.3.4.1.47", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_CCM },
    { "1.2.392.200011.61.1.1.1.2", BCRY_CIPHER_CAMELLIA128,
      BCRY_CIPHER_MODE_CBC },
    { "1.2.392.200011.61.1.1.1.3", BCRY_CIPHER_CAMELLIA192,
      BCRY_CIPHER_MODE_CBC },
    { "1.2.392.200011.61.1.1.1.4", BCRY_CIPHER_CAMELLIA256,
      BCRY_CIPHER_MODE_CBC },
    { "1.2.392.200011.61.1.1.3.2", BCRY_CIPHER_CAMELLIA128,
      BCRY_CIPHER_MODE_AESWRAP },
    { "1.2.392.200011.61.1.1.3.3", BCRY_CIPHER_CAMELLIA192,
      BCRY_CIPHER_MODE_AESWRAP },
    { "1.2.392.200011.61.1.1.3.4", BCRY_CIPHER_CAMELLIA256,
      BCRY_CIPHER_MODE_AESWRAP },
    { "0.3.4401.5.3.1.9.1", BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_ECB },
    { "0.3.4401.5.3.1.9.3", BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_OFB },
    { "0.3.4401.5.3.1.9.4", BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_CFB },
    { "0.3.4401.5.3.1.9.21", BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_ECB },
    { "0.3.4401.5.3.1.9.23", BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_OFB },
    { "0.3.4401.5.3.1.9.24", BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_CFB },
    { "0.3.4401.5.3.1.9.41", BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_ECB },
    { "0.3.4401.5.3.1.9.43", BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_OFB },
    { "0.3.4401.5.3.1.9.44", BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_CFB },
    { "1.3.6.1.4.1.11591.13.2.1", BCRY_CIPHER_SERPENT128,
      BCRY_CIPHER_MODE_ECB },
    { "1.3.6.1.4.1.11591.13.2.2", BCRY_CIPHER_SERPENT128,
      BCRY_CIPHER_MODE_CBC },
    { "1.3.6.1.4.1.11591.13.2.3", BCRY_CIPHER_SERPENT128,
      BCRY_CIPHER_MODE_OFB },
    { "1.3.6.1.4.1.11591.13.2.4", BCRY_CIPHER_SERPENT128,
      BCRY_CIPHER_MODE_CFB },
    { "1.3.6.1.4.1.11591.13.2.21", BCRY_CIPHER_SERPENT192,
      BCRY_CIPHER_MODE_ECB },
    { "1.3.6.1.4.1.11591.13.2.22", BCRY_CIPHER_SERPENT192,
      BCRY_CIPHER_MODE_CBC },
    { "1.3.6.1.4.1.11591.13.2.23", BCRY_CIPHER_SERPENT192,
      BCRY_CIPHER_MODE_OFB },
    { "1.3.6.1.4.1.11591.13.2.24", BCRY_CIPHER_SERPENT192,
      BCRY_CIPHER_MODE_CFB },
    { "1.3.6.1.4.1.11591.13.2.41", BCRY_CIPHER_SERPENT256,
      BCRY_CIPHER_MODE_ECB },
    { "1.3.6.1.4.1.11591.13.2.42", BCRY_CIPHER_SERPENT256,
      BCRY_CIPHER_MODE_CBC },
    { "1.3.6.1.4.1.11591.13.2.43", BCRY_CIPHER_SERPENT256,
      BCRY_CIPHER_MODE_OFB },
    { "1.3.6.1.4.1.11591.13.2.44", BCRY_CIPHER_SERPENT256,
      BCRY_CIPHER_MODE_CFB }
  };

/* The entry of OID_LIST for the dotted OID S, which may start with
   "oid." or "OID." as in libgcrypt, if its algorithm is built in; -1
   if there is none.  */
static int
oid_index (const char *s)
{
  size_t i;

  if (!s)
    return -1;
  if (!strncmp (s, "oid.", 4) || !strncmp (s, "OID.", 4))
    s += 4;
  for (i = 0; i < DIM (oid_list); i++)
    if (!strcmp (s, oid_list[i].oid))
      return spec_from_algo (oid_list[i].algo) ? (int)i : -1;
  return -1;
}

int
bcry_cipher_map_name (const char *name)
{
  const char *const *alias;
  int i;

  if (!name)
    return 0;
  i = oid_index (name);
  if (i >= 0)
    return oid_list[i].algo;
  for (i = 0; cipher_list[i]; i++)
    {
      if (!ascii_casecmp (name, cipher_list[i]->name))
        return cipher_list[i]->algo;
      for (alias = cipher_list[i]->aliases; alias && *alias; alias++)
        if (!ascii_casecmp (name, *alias))
          return cipher_list[i]->algo;
    }
  return 0;
}

int
bcry_cipher_mode_from_oid (const char *string)
{
  int i = oid_index (string);

  return i < 0 ? 0 : oid_list[i].mode;
}

const char *
bcry_cipher_mode_name (int mode)
{
  const cipher_mode_t *m = mode_from_id (mode);

  return m ? m->name : "?";
}

size_t
bcry_cipher_get_algo_keylen (int algo)
{
  const cipher_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->keylen / 8 : 0;
}

size_t
bcry_cipher_get_algo_blklen (int algo)
{
  const cipher_spec_t *spec = spec_from_algo (algo);

  return spec ? spec->blocksize : 0;
}
