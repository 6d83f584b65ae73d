/* t-wycheproof.c - run the Project Wycheproof vectors through the API
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Project Wycheproof (https://github.com/C2SP/wycheproof) publishes
 * test vectors as JSON files; tests/wycheproof/README.md says which ones
 * we carry, from which commit, and how each file is to be read.  This
 * program reads the files with our own small JSON reader (json.c) and
 * runs every test through the public API, once for every implementation
 * of the algorithm usable at the current CPU feature level: a "valid"
 * test must encrypt to exactly its ciphertext and tag and decrypt back;
 * an "invalid" one must be refused, by a refused parameter or a failed
 * tag check, and a refused decryption must not leave the message in its
 * output.  A file whose mode the library does not have is skipped.
 *
 * Usage: t-wycheproof [--verbose] [--dir DIR] [FILE...]
 * DIR defaults to $srcdir/wycheproof (automake sets srcdir for tests),
 * FILE to every file listed below.  The last line is "N passed, M
 * failed"; the exit status is 1 on a failure, 77 when every file was
 * skipped.
 */

#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bulkcrypt.h"
#include "cli.h"
#include "json.h"

#define DIMOF(a) (sizeof (a) / sizeof ((a)[0]))

static const char *const default_files[] =
  {
    "aes_gcm_test.json", "aes_gmac_test.json", "aes_ccm_test.json",
    "camellia_ccm_test.json", "aes_eax_test.json", "aes_siv_cmac_test.json",
    "aead_aes_siv_cmac_test.json", "aes_cbc_pkcs5_test.json",
    "camellia_cbc_pkcs5_test.json", "aes_xts_test.json"
  };

static int verbose;
static unsigned int n_passed, n_failed;


/* How each file's "algorithm" maps onto the API.  */
enum
  {
    K_SETIV = 1,        /* setiv (iv) starts the message.  */
    K_CCM = 2,          /* BCRYCTL_SET_CCM_LENGTHS before the data.  */
    K_AEAD = 4,         /* authenticate (aad), then gettag/checktag.  */
    K_NONCE_LAST = 8,   /* setiv after the AD: S2V's last component.  */
    K_TAG_FIRST = 16,   /* The tag is set before decryption (SIV).  */
    K_GMAC = 32,        /* msg is the AAD, the plaintext empty.  */
    K_SIV_IN_CT = 64,   /* ct is SIV || ciphertext.  */
    K_PAD = 128,        /* PKCS#7 padding over CBC.  */
    K_TWEAK = 256       /* iv is the start of a 16-byte XTS tweak.  */
  };

struct kind
{
  const char *algorithm;
  const char *cipher;
  int mode;
  unsigned int nkeys;           /* Keys the file's key concatenates.  */
  unsigned int flags;
};

static const struct kind kinds[] =
  {
    { "AES-GCM", "AES", BCRY_CIPHER_MODE_GCM, 1, K_SETIV | K_AEAD },
    { "AES-GMAC", "AES", BCRY_CIPHER_MODE_GCM, 1,
      K_SETIV | K_AEAD | K_GMAC },
    { "AES-CCM", "AES", BCRY_CIPHER_MODE_CCM, 1, K_SETIV | K_CCM | K_AEAD },
    { "CAMELLIA-CCM", "CAMELLIA", BCRY_CIPHER_MODE_CCM, 1,
      K_SETIV | K_CCM | K_AEAD },
    { "AES-EAX", "AES", BCRY_CIPHER_MODE_EAX, 1, K_SETIV | K_AEAD },
    { "AES-SIV-CMAC", "AES", BCRY_CIPHER_MODE_SIV, 2,
      K_AEAD | K_TAG_FIRST | K_SIV_IN_CT },
    { "AEAD-AES-SIV-CMAC", "AES", BCRY_CIPHER_MODE_SIV, 2,
      K_AEAD | K_NONCE_LAST | K_TAG_FIRST },
    { "AES-CBC-PKCS5", "AES", BCRY_CIPHER_MODE_CBC, 1, K_SETIV | K_PAD },
    { "CAMELLIA-CBC-PKCS5", "CAMELLIA", BCRY_CIPHER_MODE_CBC, 1,
      K_SETIV | K_PAD },
    { "AES-XTS", "AES", BCRY_CIPHER_MODE_XTS, 2, K_SETIV | K_TWEAK }
  };

static const struct kind *
find_kind (const char *algorithm)
{
  size_t i;

  for (i = 0; algorithm && i < DIMOF (kinds); i++)
    if (!strcmp (kinds[i].algorithm, algorithm))
      return &kinds[i];
  return NULL;
}

/* The algorithm id for a group's keySize in bits, or 0.  */
static int
algo_for (const struct kind *k, long keysize)
{
  static const int aes[] =
    { BCRY_CIPHER_AES, BCRY_CIPHER_AES192, BCRY_CIPHER_AES256 };
  static const int camellia[] =
    { BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_CAMELLIA192,
      BCRY_CIPHER_CAMELLIA256 };
  long bits = keysize / (long)k->nkeys;

  if (keysize % k->nkeys || bits < 128 || bits > 256 || bits % 64)
    return 0;
  return (!strcmp (k->cipher, "AES") ? aes : camellia)[(bits - 128) / 64];
}


/* One test, its fields decoded and put the way the API takes them.  */
struct buf
{
  unsigned char *d;
  size_t len;
};

struct tcase
{
  long id;
  int valid;
  int algo;
  const char *problem;          /* Why the test cannot run, if so.  */
  int broken;                   /* The file is wrong, not the input.  */
  struct buf key, iv, aad, msg, ct, tag;
  size_t ptlen;                 /* msg with its CBC padding after it.  */
  size_t taglen;
};

/* The hex member KEY of T into B, with 16 spare bytes after it.  */
static int
get_hex (const jnode *t, const char *key, struct buf *b)
{
  b->d = json_hex (t, key, 16, &b->len);
  return b->d != NULL;
}

static void
free_case (struct tcase *tc)
{
  free (tc->key.d);
  free (tc->iv.d);
  free (tc->aad.d);
  free (tc->msg.d);
  free (tc->ct.d);
  free (tc->tag.d);
}

/* Fill TC from test T of group G; the README says how each file's
   fields map onto the mode.  */
static void
load_case (const struct kind *k, const jnode *g, const jnode *t,
           struct tcase *tc)
{
  const char *result = json_str (t, "result");
  long tagsize = json_int (g, "tagSize");
  size_t i;

  memset (tc, 0, sizeof *tc);
  tc->id = json_int (t, "tcId");
  tc->valid = result && !strcmp (result, "valid");
  tc->algo = algo_for (k, json_int (g, "keySize"));
  if (!get_hex (t, "key", &tc->key) || !get_hex (t, "iv", &tc->iv)
      || !get_hex (t, "aad", &tc->aad) || !get_hex (t, "msg", &tc->msg)
      || !get_hex (t, "ct", &tc->ct) || !get_hex (t, "tag", &tc->tag))
    tc->problem = "a hex field is malformed";
  else if (!tc->algo)
    tc->problem = "no algorithm for this keySize";
  else if (!result || (!tc->valid && strcmp (result, "invalid")))
    tc->problem = "result is neither valid nor invalid";
  tc->broken = tc->problem != NULL;
  if (tc->broken)
    return;
  if (k->flags & K_GMAC)
    {
      struct buf empty = tc->aad;

      tc->aad = tc->msg;
      tc->msg = empty;
      tc->msg.len = 0;
    }
  if ((k->flags & K_SIV_IN_CT) && tc->ct.len >= 16)
    {
      memcpy (tc->tag.d, tc->ct.d, 16);
      tc->tag.len = 16;
      memmove (tc->ct.d, tc->ct.d + 16, tc->ct.len - 16);
      tc->ct.len -= 16;
    }
  else if (k->flags & K_SIV_IN_CT)
    tc->problem = "ct is shorter than the SIV";
  if ((k->flags & K_TWEAK) && tc->iv.len <= 16)
    {
      memset (tc->iv.d + tc->iv.len, 0, 16 - tc->iv.len);
      tc->iv.len = 16;
    }
  else if (k->flags & K_TWEAK)
    tc->problem = "iv is longer than the tweak";
  tc->taglen = tagsize >= 0 ? (size_t)tagsize / 8 : tc->tag.len;
  /* PKCS#7 padding (RFC 5652, section 6.3) in the spare bytes.  */
  tc->ptlen = tc->msg.len;
  if (k->flags & K_PAD)
    for (i = 16 - tc->msg.len % 16; i; i--)
      tc->msg.d[tc->ptlen++] = (unsigned char)(16 - tc->msg.len % 16);
}


/* The steps before the data: nonce, lengths, associated data, and for
   SIV the tag to check while decrypting.  */
static gpg_err_code_t
start_message (bcry_cipher_hd_t hd, const struct kind *k,
               const struct tcase *tc, size_t datalen, int decrypting)
{
  gpg_err_code_t rc = 0;

  if (k->flags & K_SETIV)
    rc = bcry_err_code (bcry_cipher_setiv (hd, tc->iv.d, tc->iv.len));
  if (!rc && (k->flags & K_CCM))
    {
      uint64_t lens[3];

      lens[0] = datalen;
      lens[1] = tc->aad.len;
      lens[2] = tc->taglen;
      rc = bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SET_CCM_LENGTHS,
                                           lens, sizeof lens));
    }
  /* Always one AD component, even an empty one: see the README.  */
  if (!rc && (k->flags & K_AEAD))
    rc = bcry_err_code (bcry_cipher_authenticate (hd, tc->aad.d,
                                                  tc->aad.len));
  if (!rc && (k->flags & K_NONCE_LAST))
    rc = bcry_err_code (bcry_cipher_setiv (hd, tc->iv.d, tc->iv.len));
  if (!rc && decrypting && (k->flags & K_TAG_FIRST))
    rc = bcry_err_code (bcry_cipher_set_decryption_tag (hd, tc->tag.d,
                                                        tc->tag.len));
  return rc;
}

/* Encrypt TC's message; nonzero, with the reason in *WHY, when the
   result differs from ct and tag.  */
static int
seal_differs (bcry_cipher_hd_t hd, const struct kind *k,
              const struct tcase *tc, const char **why)
{
  unsigned char *out = malloc (tc->ptlen + 1), tag[64];
  gpg_err_code_t rc;

  rc = out ? start_message (hd, k, tc, tc->msg.len, 0) : GPG_ERR_ENOMEM;
  if (!rc)
    rc = bcry_err_code (bcry_cipher_encrypt (hd, out, tc->ptlen,
                                             tc->msg.d, tc->ptlen));
  if (!rc && (k->flags & K_AEAD))
    rc = tc->taglen > sizeof tag ? GPG_ERR_INV_LENGTH
      : bcry_err_code (bcry_cipher_gettag (hd, tag, tc->taglen));
  *why = NULL;
  if (rc)
    *why = gpg_strerror (rc);
  else if (tc->ptlen != tc->ct.len || memcmp (out, tc->ct.d, tc->ct.len))
    *why = "encryption gives another ciphertext";
  else if ((k->flags & K_AEAD) && (tc->taglen != tc->tag.len
                                   || memcmp (tag, tc->tag.d, tc->taglen)))
    *why = "encryption gives another tag";
  free (out);
  return *why != NULL;
}

/* PKCS#7 padding (RFC 5652, section 6.3): the length without it, or
   (size_t)-1 when it is malformed.  */
static size_t
unpad (const unsigned char *p, size_t len)
{
  size_t i, n = len ? p[len - 1] : 0;

  if (!n || n > 16 || n > len)
    return (size_t)-1;
  for (i = len - n; i < len; i++)
    if (p[i] != n)
      return (size_t)-1;
  return len - n;
}

/* Decrypt TC's ciphertext: 0 when the library accepts it, with the
   message in OUT and its length in *OUTLEN; else the error, and in
   *LEAKED whether the refused decryption left the message in OUT.  */
static gpg_err_code_t
open_message (bcry_cipher_hd_t hd, const struct kind *k,
              const struct tcase *tc, unsigned char *out, size_t *outlen,
              int *leaked)
{
  size_t i, len = tc->ct.len;
  gpg_err_code_t rc;

  /* Unlike the message wherever it could land.  */
  memset (out, 0, len + 16);
  for (i = 0; i < tc->msg.len && i < len + 16; i++)
    out[i] = (unsigned char)~tc->msg.d[i];
  *outlen = 0;
  *leaked = 0;
  rc = start_message (hd, k, tc, len, 1);
  if (!rc)
    {
      rc = bcry_err_code (bcry_cipher_decrypt (hd, out, len + 16,
                                               tc->ct.d, len));
      *leaked = rc && tc->msg.len && len >= tc->msg.len
        && !memcmp (out, tc->msg.d, tc->msg.len);
    }
  if (!rc && (k->flags & K_AEAD))
    rc = bcry_err_code (bcry_cipher_checktag (hd, tc->tag.d, tc->tag.len));
  if (!rc && (k->flags & K_PAD))
    {
      len = unpad (out, len);
      if (len == (size_t)-1)
        rc = GPG_ERR_BAD_DATA;
    }
  if (!rc)
    *outlen = len;
  return rc;
}

/* Whether TC passes with the key set in HD; the reason in *WHY if not,
   and for a refused invalid test, why it was refused.  */
static int
check_case (bcry_cipher_hd_t hd, const struct kind *k,
            const struct tcase *tc, const char **why)
{
  unsigned char *out = malloc (tc->ct.len + 16);
  size_t outlen;
  gpg_err_code_t rc = GPG_ERR_ENOMEM;
  int leaked = 0;

  if (tc->valid && seal_differs (hd, k, tc, why))
    {
      free (out);
      return 0;
    }
  bcry_cipher_reset (hd);
  if (out)
    rc = open_message (hd, k, tc, out, &outlen, &leaked);
  *why = rc ? gpg_strerror (rc) : NULL;
  if (leaked)
    *why = "a refused decryption left the message in the output";
  else if (!rc && !tc->valid)
    *why = "an invalid test was accepted";
  else if (!rc && (outlen != tc->msg.len || memcmp (out, tc->msg.d, outlen)))
    *why = "decryption gives another message";
  free (out);
  return !leaked && (tc->valid ? !*why : rc != 0);
}


/* Counts for one file and implementation.  */
struct tally
{
  unsigned int valid, invalid, failed;
  char impl[256];
};

static void
report_failure (const char *file, const jnode *t, const struct tally *ty,
                const char *why)
{
  const jnode *flags = json_get (t, "flags", J_ARR), *f;

  printf ("FAIL %s tcId %ld (%s): %s", file, json_int (t, "tcId"),
          ty->impl[0] ? ty->impl : "no key set", why);
  for (f = flags ? flags->first : NULL; f; f = f->next)
    if (f->type == J_STR)
      printf ("%s%s", f == flags->first ? " [" : ", ", f->str);
  printf ("%s\n", flags && flags->first ? "]" : "");
}

/* Run test T of group G with implementation IMPL skipped to.  */
static void
run_test (const char *file, const struct kind *k, const jnode *g,
          const jnode *t, unsigned int impl, struct tally *ty)
{
  struct tcase tc;
  bcry_cipher_hd_t hd = NULL;
  gpg_err_code_t rc;
  const char *why = NULL;
  int ok;

  load_case (k, g, t, &tc);
  rc = bcry_err_code (bcry_cipher_open (&hd, tc.algo, k->mode, 0));
  if (!rc && impl)
    rc = bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SKIP_IMPLS, NULL, impl));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_setkey (hd, tc.key.d, tc.key.len));
  /* Fewer implementations of this key size: not a test here.  */
  if (rc == GPG_ERR_NOT_SUPPORTED && impl)
    goto leave;
  if (!ty->impl[0] && !rc)
    snprintf (ty->impl, sizeof ty->impl, "%s", bcry_cipher_impl_name (hd));
  if (tc.problem || rc)
    {
      why = tc.problem ? tc.problem : gpg_strerror (rc);
      ok = !tc.valid && !tc.broken;
    }
  else
    ok = check_case (hd, k, &tc, &why);
  if (ok && tc.valid)
    ty->valid++;
  else if (ok)
    ty->invalid++;
  else
    {
      ty->failed++;
      report_failure (file, t, ty, why);
    }
  if (verbose && ok && why)
    printf ("%s tcId %ld: refused: %s\n", file, tc.id, why);
 leave:
  bcry_cipher_close (hd);
  free_case (&tc);
}

/* Every test of the file's groups with implementation IMPL; the number
   of tests seen in *NTESTS.  */
static void
run_groups (const char *file, const struct kind *k, const jnode *groups,
            unsigned int impl, struct tally *ty, long *ntests)
{
  const jnode *g, *tests, *t;

  *ntests = 0;
  for (g = groups->first; g; g = g->next)
    {
      tests = json_get (g, "tests", J_ARR);
      for (t = tests ? tests->first : NULL; t; t = t->next, ++*ntests)
        run_test (file, k, g, t, impl, ty);
    }
}

/* How many implementations of the file's algorithm BCRYCTL_SKIP_IMPLS
   can choose from before setkey refuses; 0, with a line saying so, when
   this build lacks the mode or the algorithm.  */
static unsigned int
impl_count (const char *file, const struct kind *k, const jnode *group)
{
  int algo = algo_for (k, json_int (group, "keySize"));
  unsigned char key[64];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int n;

  /* Not a weak key, and XTS's halves differ.  */
  for (n = 0; n < sizeof key; n++)
    key[n] = (unsigned char)(n * 7 + 1);
  for (n = 0; n < 64; n++)
    {
      rc = bcry_err_code (bcry_cipher_open (&hd, algo, k->mode, 0));
      if (!rc && n)
        rc = bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SKIP_IMPLS, NULL, n));
      if (!rc)
        rc = bcry_err_code (bcry_cipher_setkey
                            (hd, key, bcry_cipher_get_algo_keylen (algo)
                             * k->nkeys));
      bcry_cipher_close (hd);
      if (rc)
        break;
    }
  if (!n && algo && (rc == GPG_ERR_INV_CIPHER_MODE
                     || rc == GPG_ERR_CIPHER_ALGO))
    printf ("wycheproof %s: skipped, no %s here: %s\n", file, k->algorithm,
            gpg_strerror (rc));
  /* Any other refusal: the tests, run once, report it.  */
  else if (!n)
    n = 1;
  return n;
}

/* Run FILE of DIR for every implementation; 0 if it was skipped.  */
static int
run_file (const char *dir, const char *file)
{
  char path[4096];
  jnode *root;
  const jnode *groups;
  const struct kind *k;
  struct tally ty;
  unsigned int impl, count;
  long ntests, expected;

  snprintf (path, sizeof path, "%s/%s", dir, file);
  root = json_load (path);
  groups = json_get (root, "testGroups", J_ARR);
  k = find_kind (json_str (root, "algorithm"));
  if (!root || !groups || !groups->first || !k)
    {
      printf ("FAIL %s: %s\n", file, !root ? "not read"
              : !k ? "unknown algorithm" : "no test groups");
      n_failed++;
      json_free (root);
      return 1;
    }
  expected = json_int (root, "numberOfTests");
  count = impl_count (file, k, groups->first);
  for (impl = 0; impl < count; impl++)
    {
      memset (&ty, 0, sizeof ty);
      run_groups (file, k, groups, impl, &ty, &ntests);
      if (ntests != expected)
        {
          printf ("FAIL %s: %ld tests read, numberOfTests says %ld\n",
                  file, ntests, expected);
          ty.failed++;
        }
      printf ("wycheproof %s (%s): %u valid passed, %u invalid refused, "
              "%u failed\n", file, ty.impl[0] ? ty.impl : "no key set",
              ty.valid, ty.invalid, ty.failed);
      n_passed += ty.valid + ty.invalid;
      n_failed += ty.failed;
    }
  json_free (root);
  return count > 0;
}

static const char help_text[] =
  "Runs Project Wycheproof's test vectors through bulkcrypt, once for\n"
  "every implementation of each algorithm usable at the CPU features\n"
  "in use (BULKCRYPT_HWF_DISABLE switches some off).\n"
  "\n"
  "  --verbose  also print each invalid test that was refused, and why\n"
  "  --dir DIR  where the files are (default: $srcdir/wycheproof, or\n"
  "             ./wycheproof without srcdir)\n"
  "  --help     this text\n"
  "  FILE       a file of DIR to run (default: all that bulkcrypt\n"
  "             carries, listed in wycheproof/README.md)\n"
  "\n"
  "The last line is \"N passed, M failed\"; the exit status is 1\n"
  "when M is not 0, 2 after a bad option and 77 (skipped) when no\n"
  "file could be run.\n";

int
main (int argc, char **argv)
{
  const char *srcdir = getenv ("srcdir");
  const char *hwf = bcry_get_hwf ();
  char dir[4096];
  int i, nfiles = 0, nran = 0;

  snprintf (dir, sizeof dir, "%s/wycheproof", srcdir ? srcdir : ".");
  cli_init (argv[0], "[--verbose] [--dir DIR] [FILE...]", help_text);
  /* The files are gathered at the front of ARGV, after ARGV[0].  */
  for (i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--help"))
      cli_help ();
    else if (!strcmp (argv[i], "--verbose"))
      verbose = 1;
    else if (!strcmp (argv[i], "--dir"))
      snprintf (dir, sizeof dir, "%s", cli_value (argc, argv, &i));
    else if (argv[i][0] == '-')
      cli_bad_usage ("unknown option '%s'", argv[i]);
    else
      argv[1 + nfiles++] = argv[i];
  printf ("features in use: %s\n", hwf && *hwf ? hwf : "none");
  for (i = 0; i < nfiles; i++)
    nran += run_file (dir, argv[1 + i]);
  for (i = 0; !nfiles && i < (int)DIMOF (default_files); i++)
    nran += run_file (dir, default_files[i]);
  printf ("%u passed, %u failed\n", n_passed, n_failed);
  if (n_failed)
    return 1;
  return nran ? 0 : 77;
}
