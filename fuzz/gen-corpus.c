/* gen-corpus.c - write the seed corpora of the fuzz targets
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * usage: gen-corpus DIR   (writes DIR/fuzz-api/ and DIR/fuzz-impls/)
 *
 * For every mode the library has, and each flag that belongs to one mode
 * (CBC's CTS and MAC, key wrap's EXTENDED) where it opens, one
 * program with a message that encrypts (its IV and tag lengths found by
 * running candidates through the interpreter), for fuzz-api also the
 * same message as single calls, for fuzz-impls a long one split into
 * several calls.  The algorithms take turns (for fuzz-impls those with
 * more than one implementation on this machine).  Run by
 * "make fuzz-corpus" when the encoding changes; the output is committed.
 */

#include <config.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz-prog.h"

struct prog_buf
{
  unsigned char b[512];
  size_t n;
};

static void
put8 (struct prog_buf *p, unsigned int v)
{
  if (p->n < sizeof p->b)
    p->b[p->n++] = v;
}

static void
put16 (struct prog_buf *p, unsigned int v)
{
  put8 (p, v & 0xff);
  put8 (p, v >> 8);
}

/* Parameters of one message.  */
struct mparm
{
  unsigned int ivlen;         /* 0xff: none.  */
  unsigned int f, len, taglen, ncuts;
  unsigned int aadlen[2];
};

static void
put_message (struct prog_buf *p, const struct mparm *m, unsigned int seed)
{
  unsigned int i;

  put8 (p, FUZZ_OP_MESSAGE);
  put8 (p, m->ivlen);
  for (i = 0; m->ivlen != 0xff && i < m->ivlen; i++)
    put8 (p, 0xf0 + i);
  put8 (p, m->f);
  for (i = 0; i < ((m->f >> 4) & 3); i++)
    put16 (p, m->aadlen[i]);
  put16 (p, m->len);
  put8 (p, m->taglen);
  put8 (p, m->ncuts);
  for (i = 0; i < m->ncuts; i++)
    put16 (p, (i + 1) * m->len / (m->ncuts + 1) + (i & 1) * 3);
  put8 (p, seed);
  put8 (p, seed + 1);
}

static void
put_header (struct prog_buf *p, size_t algo, size_t mode, unsigned int flags)
{
  p->n = 0;
  put8 (p, algo);
  put8 (p, mode);
  put8 (p, flags);
}

/* Find IV and tag lengths with which a message of about LEN bytes
   encrypts; 0 if none do.  */
static int
find_message (size_t algo, size_t mode, unsigned int flags, unsigned int len,
              struct mparm *m)
{
  static const unsigned int ivlens[] = { 16, 12, 13, 8, 0xff };
  static const unsigned int taglens[] = { 16, 12, 8 };
  unsigned int lens[2] = { len, len & ~15u }, order, i, j, k;
  struct prog_buf p;

  for (k = 0; k < 2; k++)
    for (order = 0; order < 2; order++)
      for (i = 0; i < sizeof ivlens / sizeof ivlens[0]; i++)
        for (j = 0; j < sizeof taglens / sizeof taglens[0]; j++)
          {
            m->ivlen = ivlens[i];
            m->taglen = taglens[j];
            m->len = lens[k];
            m->f = (m->f & ~1u) | order;
            put_header (&p, algo, mode, flags);
            put_message (&p, m, 1);
            if (fuzz_run (p.b, p.n, -1, NULL))
              return 1;
          }
  return 0;
}

static void
write_file (const char *dir, const char *target, const char *name,
            const struct prog_buf *p)
{
  char path[512];
  FILE *fp;

  snprintf (path, sizeof path, "%s/%s/%s", dir, target, name);
  fp = fopen (path, "wb");
  if (!fp || fwrite (p->b, 1, p->n, fp) != p->n || fclose (fp))
    {
      perror (path);
      exit (1);
    }
}

/* The key length selector of FUZZ_OP_SETKEY the handle takes.  */
static unsigned int
key_selector (int algo, int mode, unsigned int flags)
{
  unsigned char key[64];
  size_t klen = bcry_cipher_get_algo_keylen (algo), i;
  bcry_cipher_hd_t hd;
  gpg_error_t err;

  for (i = 0; i < sizeof key; i++)
    key[i] = i;
  if (bcry_cipher_open (&hd, algo, mode, flags))
    return 0;
  err = bcry_cipher_setkey (hd, key, klen);
  bcry_cipher_close (hd);
  return err ? 1 : 0;
}

/* The same message as single calls, then its decryption, then a call on
   a closed handle.  */
static void
put_calls (struct prog_buf *p, const struct mparm *m, unsigned int keysel,
           int wrap)
{
  int dec;
  unsigned int i;

  put8 (p, FUZZ_OP_SETKEY);
  put8 (p, keysel);
  put8 (p, 7);
  for (dec = 0; dec < 2; dec++)
    {
      if (dec)
        put8 (p, FUZZ_OP_RESET);
      if (m->f & 1)
        {
          put8 (p, FUZZ_OP_AUTH);
          put16 (p, m->aadlen[0]);
          put8 (p, 3);
        }
      if (m->ivlen != 0xff)
        {
          put8 (p, FUZZ_OP_SETIV);
          put8 (p, m->ivlen);
          for (i = 0; i < m->ivlen; i++)
            put8 (p, 0xf0 + i);
        }
      put8 (p, FUZZ_OP_CTL);
      put8 (p, FUZZ_CTL_CCM_LENGTHS);
      put8 (p, 0);
      put16 (p, m->len);
      put16 (p, m->aadlen[0]);
      put8 (p, m->taglen);
      if (!(m->f & 1))
        {
          put8 (p, FUZZ_OP_AUTH);
          put16 (p, m->aadlen[0]);
          put8 (p, 3);
        }
      if (dec)
        {
          put8 (p, FUZZ_OP_CTL);
          put8 (p, FUZZ_CTL_DECRYPTION_TAG);
          put8 (p, m->taglen);
          put8 (p, 0);
        }
      put8 (p, FUZZ_OP_FINAL);
      put8 (p, 0);
      put8 (p, dec ? FUZZ_OP_DECRYPT : FUZZ_OP_ENCRYPT);
      put16 (p, m->len + (dec && wrap ? 8 : 0));
      /* Key wrap's output is 8 bytes longer; decryption reads the
         encryption's output.  */
      put8 (p, dec ? 0x20 : wrap ? 1 : 0);
      put8 (p, 5);
      put8 (p, dec ? FUZZ_OP_CHECKTAG : FUZZ_OP_GETTAG);
      put8 (p, m->taglen);
      if (dec)
        put8 (p, 0);
    }
  put8 (p, FUZZ_OP_INFO);
  put8 (p, 0);
  put8 (p, 0xff);
  put8 (p, FUZZ_OP_CLOSE);
  put8 (p, FUZZ_OP_ENCRYPT);
  put16 (p, 16);
  put8 (p, 0);
  put8 (p, 0);
}

int
main (int argc, char **argv)
{
  static const unsigned int flag_list[] =
    { 0, BCRY_CIPHER_CBC_CTS, BCRY_CIPHER_CBC_MAC, BCRY_CIPHER_EXTENDED };
  const int *algos, *modes;
  size_t nalgos, nmodes, mi, ai = 0, an, fi, multi[64], nmulti = 0;
  struct prog_buf p;
  struct mparm m;
  char name[128], *c;
  unsigned int flags, nfiles = 0;
  bcry_cipher_hd_t hd;
  int wrap;

  if (argc != 2)
    {
      fprintf (stderr, "usage: gen-corpus DIR\n");
      return 2;
    }
  nalgos = fuzz_algos (&algos);
  nmodes = fuzz_modes (&modes);
  for (mi = 0; mi < nalgos && nmulti < sizeof multi / sizeof multi[0]; mi++)
    if (fuzz_impl_count (algos[mi]) > 1)
      multi[nmulti++] = mi;
  snprintf (name, sizeof name, "%s/fuzz-api", argv[1]);
  mkdir (name, 0777);
  snprintf (name, sizeof name, "%s/fuzz-impls", argv[1]);
  mkdir (name, 0777);

  for (mi = 0; mi < nmodes; mi++)
    for (fi = 0; fi < sizeof flag_list / sizeof flag_list[0]; fi++)
      {
        flags = flag_list[fi];
        an = ai % nalgos;
        if (bcry_cipher_open (&hd, algos[an], modes[mi], flags))
          continue;
        bcry_cipher_close (hd);
        ai++;

        /* fuzz-api: a short message in three calls, and the same as
           single calls.  */
        memset (&m, 0, sizeof m);
        m.f = 2 | 4 | 1 << 4;
        m.aadlen[0] = 21;
        m.ncuts = 2;
        if (!find_message (an, mi, flags, 37, &m))
          {
            fprintf (stderr, "gen-corpus: no message for %s %s flags %u\n",
                     bcry_cipher_algo_name (algos[an]),
                     bcry_cipher_mode_name (modes[mi]), flags);
            continue;
          }
        snprintf (name, sizeof name, "%s-%u", bcry_cipher_mode_name (modes[mi]),
                  flags);
        for (c = name; *c; c++)
          *c = tolower ((unsigned char)*c);
        put_header (&p, an, mi, flags);
        put_message (&p, &m, ai);
        write_file (argv[1], "fuzz-api", name, &p);
        put_header (&p, an, mi, flags);
        wrap = modes[mi] == BCRY_CIPHER_MODE_AESWRAP;
        put_calls (&p, &m, key_selector (algos[an], modes[mi], flags),
                   wrap);
        strcat (name, "-calls");
        write_file (argv[1], "fuzz-api", name, &p);

        /* fuzz-impls: a long message, in place, in five calls, with two
           pieces of AAD, on an algorithm with several implementations
           here if there is one.  */
        an = nmulti ? multi[ai % nmulti] : an;
        m.f = (m.f & 1) | 2 | 4 | 8 | 2 << 4;
        m.aadlen[1] = 300;
        m.ncuts = 4;
        if (find_message (an, mi, flags, 64 * 16 * 3 + 9, &m))
          {
            name[strlen (name) - strlen ("-calls")] = 0;
            put_header (&p, an, mi, flags);
            put_message (&p, &m, ai);
            write_file (argv[1], "fuzz-impls", name, &p);
          }
        nfiles++;
      }
  printf ("gen-corpus: %u mode and flag combinations\n", nfiles);
  return 0;
}
