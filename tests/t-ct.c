/* t-ct.c - which implementations run in constant time, measured
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The method is the one of Adam Langley's ctgrind (2010): valgrind's
 * memcheck reports every conditional jump and every memory address
 * that depends on uninitialised bytes, so marking the secret bytes
 * uninitialised (VALGRIND_MAKE_MEM_UNDEFINED) turns memcheck into a
 * checker of secret-dependent branches and table indices.  The secrets
 * are the key and the plaintext; IVs, nonces, AAD, lengths and
 * ciphertext given to decryption are public.  memcheck follows the
 * bits through every instruction it can run, but does not see
 * instructions whose time depends on their operands (division, for
 * example), nor what the compiler makes of the code on another
 * machine: a clean result is evidence, not proof.
 *
 * What is measured, each a "row" with two columns:
 *   <family>:<impl>  an entry of an algorithm's implementation table
 *                    (serpent:avx2, aes:c, ...), for every key size:
 *                    "setkey" is setkey itself, "data" ECB encryption
 *                    and decryption, CBC and CFB decryption and CTR
 *                    over 64 blocks, which the entry's kernels take in
 *                    full (single blocks and CBC and CFB encryption go
 *                    to the first entry that takes one block, which
 *                    has a row of its own);
 *   ghash:<impl>     the GCM/POLYVAL multiplier: "setkey" is GCM and
 *                    GCM-SIV setkey and setiv, "data" their hashing of
 *                    AAD and data;
 *   mode:<name>      the mode code, run on Serpent, whose every
 *                    implementation is constant time: "setkey" is
 *                    setkey, "data" one message encrypted (with its
 *                    tag) and, for the modes that do not check
 *                    integrity, decrypted.  Decryption that checks a
 *                    tag or key wrap's integrity value ends in a
 *                    branch on the comparison, which is public, but
 *                    memcheck cannot know that: it is left out.
 * The rows are found by asking the library (every algorithm id it
 * has, every entry of its tables through BCRYCTL_SKIP_IMPLS and
 * BCRYCTL_GET_IMPL_ENTRY, every mode it opens), so a new implementation
 * or mode appears here without editing this file.
 *
 * tests/ct-expect.txt says what each row must be: "ct" for no report,
 * "not-ct" for at least one, "n/a" for a column that does not apply,
 * "novg" for a row valgrind cannot run.  The manual quotes that file,
 * so the test and the documentation cannot disagree.  A row that
 * differs from the file fails, and so does a row missing from it:
 * whoever adds an implementation classifies it there.
 *
 * valgrind 3.19 decodes neither AVX-512, nor the 256-bit VAES and
 * VPCLMULQDQ forms, nor GFNI (measured with one instruction of each),
 * so those features are switched off under it; the implementations
 * that need them are listed as "novg".
 *
 * The program runs itself: without options it is the driver, which
 * lists the rows (--list, run natively at full features and at the
 * features valgrind runs), then runs each row in a child under
 * valgrind (--child ROW) with --error-exitcode.  The child counts
 * memcheck's reports around each column (VALGRIND_COUNT_ERRORS) and
 * prints them.  memcheck's own reports go to t-ct.vglog.
 *
 * Usage: t-ct [--verbose] [--expect FILE].  The valgrind program is
 * $VALGRIND, default "valgrind"; without it the test is skipped (exit
 * 77).  The last line is "N passed, M failed".
 */

#include <config.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <valgrind/memcheck.h>
#include "cli.h"
#include "t-drive.h"

/* Features switched off under valgrind: what it cannot decode.  */
#define VG_DENY "avx512vbmi,avx512,vaes,vpclmul,gfni"
/* The exit status valgrind gives a child with reports.  */
#define VG_ERROR_EXIT 99

/* Blocks of the "data" column: a multiple of every width in the
   implementation tables, so that the entry measured takes all of it.  */
#define DATA_BLOCKS 64
/* The modes' message: not a multiple of the block, so that partial
   blocks, ciphertext stealing and padding run too.  */
#define MODE_LEN 200
#define MODE_AAD 40

#define MAX_ROWS 128
#define ROW_LEN 48

static int verbose;
static unsigned long long rand_state = 0x6374;  /* "ct" */


/* ---- Child side: measure. ---- */

/* The family of ALGO: its name in lower case without the key size,
   "aes" for AES192, as in ct-expect.txt.  */
static const char *
family (int algo)
{
  static char buf[ROW_LEN];
  const char *name = bcry_cipher_algo_name (algo);
  size_t n = 0;

  while (name[n] && n < sizeof buf - 1)
    {
      buf[n] = (char)tolower ((unsigned char)name[n]);
      n++;
    }
  while (n && isdigit ((unsigned char)buf[n - 1]))
    n--;
  buf[n] = 0;
  return buf;
}

/* The first implementation a handle with its key set uses.  */
static const char *
top_impl (bcry_cipher_hd_t hd)
{
  static bcry_cipher_impl_entry_t e;
  size_t n = sizeof e;

  e.index = 0;
  if (bcry_cipher_info (hd, BCRYCTL_GET_IMPL_ENTRY, &e, &n))
    return "?";
  return e.name;
}

/* The row of implementation SKIP of ALGO, or NULL past the last.  */
static const char *
impl_row (int algo, unsigned int skip)
{
  static char row[2 * ROW_LEN];
  unsigned char key[DRIVE_KEY] = { 0 };
  bcry_cipher_hd_t hd;

  if (drive_open (&hd, algo, BCRY_CIPHER_MODE_ECB, 0, skip, key))
    return NULL;
  snprintf (row, sizeof row, "%s:%s", family (algo), top_impl (hd));
  bcry_cipher_close (hd);
  return row;
}

/* The GHASH multiplier GCM uses here, as cipher/ghash.h chooses it:
   carry-less multiply when the build has the AES-NI family and the
   CPU has PCLMULQDQ.  */
static const char *
ghash_row (void)
{
#ifdef ENABLE_AESNI_SUPPORT
  const char *hwf = bcry_get_hwf ();

  if (hwf && strstr (hwf, "pclmul"))
    return "ghash:pclmul";
#endif
#if defined(ENABLE_ARMCE_SUPPORT) && defined(ENABLE_NEON_SUPPORT)
  if (hwf && strstr (hwf, "arm-pmull") && strstr (hwf, "neon"))
    return "ghash:pmull";
#endif
  return "ghash:c";
}

/* The algorithm the mode and GHASH rows run on: Serpent, constant time
   in every implementation.  */
static int
ct_algo (void)
{
  return bcry_cipher_test_algo (BCRY_CIPHER_SERPENT128)
    ? 0 : BCRY_CIPHER_SERPENT128;
}

static void
mode_row (char *row, size_t size, int mode, unsigned int flags)
{
  const char *name = bcry_cipher_mode_name (mode);
  size_t n;

  snprintf (row, size, "mode:%s%s", name ? name : "?",
            (flags & BCRY_CIPHER_CBC_CTS) ? "-cts"
            : (flags & BCRY_CIPHER_CBC_MAC) ? "-mac" : "");
  for (n = 0; row[n]; n++)
    row[n] = (char)tolower ((unsigned char)row[n]);
}

/* The modes with their flags: every mode id the library opens, CBC
   also with ciphertext stealing and as a MAC.  */
static size_t
mode_list (int algo, int *modes, unsigned int *flags, size_t max)
{
  int ids[32];
  size_t n = drive_modes (algo, ids, DIMOF (ids)), i, k = 0;

  for (i = 0; i < n && k + 3 <= max; i++)
    {
      modes[k] = ids[i];
      flags[k++] = 0;
      if (ids[i] == BCRY_CIPHER_MODE_CBC)
        {
          modes[k] = ids[i];
          flags[k++] = BCRY_CIPHER_CBC_CTS;
          modes[k] = ids[i];
          flags[k++] = BCRY_CIPHER_CBC_MAC;
        }
    }
  return k;
}

/* --list: every row this process can run, one a line.  */
static int
list_rows (void)
{
  int algos[64], modes[32], ct;
  unsigned int flags[32];
  char row[2 * ROW_LEN];
  size_t na, nm, i;
  unsigned int skip;
  const char *r;

  na = drive_algos (algos, DIMOF (algos));
  for (i = 0; i < na; i++)
    for (skip = 0; (r = impl_row (algos[i], skip)); skip++)
      printf ("%s\n", r);
  ct = ct_algo ();
  if (ct)
    {
      printf ("%s\n", ghash_row ());
      nm = mode_list (ct, modes, flags, DIMOF (modes));
      for (i = 0; i < nm; i++)
        {
          mode_row (row, sizeof row, modes[i], flags[i]);
          printf ("%s\n", row);
        }
    }
  return 0;
}

/* Counting memcheck's reports around a column.  */
static unsigned int count_setkey, count_data;

static unsigned int
errors_now (void)
{
  return VALGRIND_COUNT_ERRORS;
}

/* Open ALGO in MODE with FLAGS on implementation SKIP with a secret key;
   setkey's reports go to the setkey column.  */
static bcry_cipher_hd_t
open_secret (int algo, int mode, unsigned int flags, unsigned int skip)
{
  unsigned char key[DRIVE_KEY];
  bcry_cipher_hd_t hd;
  unsigned int before;
  gpg_err_code_t rc;

  drive_fill (&rand_state, key, sizeof key);
  VALGRIND_MAKE_MEM_UNDEFINED (key, sizeof key);
  before = errors_now ();
  rc = drive_open (&hd, algo, mode, flags, skip, key);
  count_setkey += errors_now () - before;
  if (rc)
    {
      drive_check (0, "%s: open %s: %s", bcry_cipher_algo_name (algo),
                   bcry_cipher_mode_name (mode), gpg_strerror (rc));
      return NULL;
    }
  return hd;
}

/* The data column of an implementation: the entry's kernels on
   DATA_BLOCKS secret blocks.  */
static void
measure_impl_data (int algo, unsigned int skip)
{
  static const int modes[] = { BCRY_CIPHER_MODE_ECB, BCRY_CIPHER_MODE_CBC,
                               BCRY_CIPHER_MODE_CFB, BCRY_CIPHER_MODE_CTR };
  static unsigned char pt[DATA_BLOCKS * 16], ct[DATA_BLOCKS * 16];
  /* Just below a carry out of the low 64 bits of the counter.  */
  static const unsigned char iv[16] =
    { 0, 1, 2, 3, 4, 5, 6, 7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0 };
  bcry_cipher_hd_t hd;
  unsigned int before;
  gpg_err_code_t rc;
  size_t i;

  for (i = 0; i < DIMOF (modes); i++)
    {
      hd = open_secret (algo, modes[i], 0, skip);
      if (!hd)
        continue;
      drive_fill (&rand_state, pt, sizeof pt);
      drive_fill (&rand_state, ct, sizeof ct);
      VALGRIND_MAKE_MEM_UNDEFINED (pt, sizeof pt);
      before = errors_now ();
      rc = 0;
      if (modes[i] == BCRY_CIPHER_MODE_CTR)
        bcry_cipher_setctr (hd, iv, 16);
      else if (modes[i] != BCRY_CIPHER_MODE_ECB)
        bcry_cipher_setiv (hd, iv, 16);
      /* CBC and CFB encryption is serial, on another entry: only their
         decryption runs on this one.  */
      if (modes[i] == BCRY_CIPHER_MODE_ECB || modes[i] == BCRY_CIPHER_MODE_CTR)
        rc = bcry_err_code (bcry_cipher_encrypt (hd, ct, sizeof ct,
                                                 pt, sizeof pt));
      /* The ciphertext is public.  */
      VALGRIND_MAKE_MEM_DEFINED (ct, sizeof ct);
      if (!rc && modes[i] != BCRY_CIPHER_MODE_CTR)
        rc = bcry_err_code (bcry_cipher_decrypt (hd, pt, sizeof pt,
                                                 ct, sizeof ct));
      count_data += errors_now () - before;
      drive_check (!rc, "%s %s: %s", bcry_cipher_algo_name (algo),
                   bcry_cipher_mode_name (modes[i]), gpg_strerror (rc));
      bcry_cipher_close (hd);
    }
}

/* The data column of a mode: one message of MODE_LEN secret bytes.
   Returns the number of reports.  */
static void
measure_mode_data (bcry_cipher_hd_t hd, int mode, const char *row)
{
  static unsigned char pt[MODE_LEN], out[MODE_LEN + DRIVE_SLACK],
    back[MODE_LEN + DRIVE_SLACK], iv[DRIVE_IV], aad[MODE_AAD];
  struct drive_msg m;
  struct drive_out e;
  unsigned int before;
  gpg_err_code_t rc;

  drive_fill (&rand_state, iv, sizeof iv);
  drive_fill (&rand_state, aad, sizeof aad);
  drive_fill (&rand_state, pt, sizeof pt);
  VALGRIND_MAKE_MEM_UNDEFINED (pt, sizeof pt);
  memset (&m, 0, sizeof m);
  m.iv = iv;
  m.aad = aad;
  m.aadlen = MODE_AAD;
  m.in = pt;
  m.len = MODE_LEN;
  before = errors_now ();
  rc = drive_encrypt (hd, &m, out, &e);
  VALGRIND_MAKE_MEM_DEFINED (out, sizeof out);
  VALGRIND_MAKE_MEM_DEFINED (e.tag, sizeof e.tag);
  if (!rc && !e.aead && mode != BCRY_CIPHER_MODE_AESWRAP)
    rc = drive_decrypt (hd, &m, &e, out, back);
  count_data += errors_now () - before;
  drive_check (!rc, "%s: %s", row, gpg_strerror (rc));
}

/* The data column of GHASH: GCM with a 96-bit nonce over public AAD
   and secret data, and GCM-SIV over public AAD.  The cipher is
   Serpent, constant time.  GCM-SIV's data is left out, since its
   counter starts from the tag, public but computed from the secrets;
   so is a GCM nonce of another length, which makes the counter
   GHASH (nonce): see ct-expect.txt.  */
static void
measure_ghash (int algo)
{
  static const int modes[] = { BCRY_CIPHER_MODE_GCM,
                               BCRY_CIPHER_MODE_GCM_SIV };
  static unsigned char pt[MODE_LEN], out[MODE_LEN], aad[MODE_AAD * 4];
  static const unsigned char nonce[12] = { 1, 2, 3 };
  unsigned char tag[16];
  bcry_cipher_hd_t hd;
  unsigned int before;
  gpg_err_code_t rc;
  size_t i, len;

  for (i = 0; i < DIMOF (modes); i++)
    {
      hd = open_secret (algo, modes[i], 0, 0);
      if (!hd)
        continue;
      before = errors_now ();
      rc = bcry_err_code (bcry_cipher_setiv (hd, nonce, sizeof nonce));
      count_setkey += errors_now () - before;
      drive_fill (&rand_state, aad, sizeof aad);
      drive_fill (&rand_state, pt, sizeof pt);
      VALGRIND_MAKE_MEM_UNDEFINED (pt, sizeof pt);
      len = modes[i] == BCRY_CIPHER_MODE_GCM ? sizeof pt : 0;
      before = errors_now ();
      if (!rc)
        rc = bcry_err_code (bcry_cipher_authenticate (hd, aad, sizeof aad));
      if (!rc)
        rc = bcry_err_code (bcry_cipher_final (hd));
      if (!rc)
        rc = bcry_err_code (bcry_cipher_encrypt (hd, out, len, pt, len));
      if (!rc)
        rc = bcry_err_code (bcry_cipher_gettag (hd, tag, sizeof tag));
      count_data += errors_now () - before;
      drive_check (!rc, "%s: %s", bcry_cipher_mode_name (modes[i]),
                   gpg_strerror (rc));
      bcry_cipher_close (hd);
    }
}

static void
report (const char *row)
{
  printf ("row %s %u %u\n", row, count_setkey, count_data);
  count_setkey = count_data = 0;
}

/* --child ROW: measure ROW, or with ROW "modes" every mode row.  */
static int
child (const char *want)
{
  int algos[64], modes[32], ct = ct_algo ();
  unsigned int flags[32], skip;
  char row[2 * ROW_LEN];
  size_t na, nm, i;
  bcry_cipher_hd_t hd;
  const char *r;
  int found = 0;

  if (!strcmp (want, "modes"))
    {
      nm = ct ? mode_list (ct, modes, flags, DIMOF (modes)) : 0;
      for (i = 0; i < nm; i++)
        {
          mode_row (row, sizeof row, modes[i], flags[i]);
          hd = open_secret (ct, modes[i], flags[i], 0);
          if (hd)
            {
              measure_mode_data (hd, modes[i], row);
              bcry_cipher_close (hd);
            }
          report (row);
        }
      return drive_done ();
    }
  if (!strncmp (want, "ghash:", 6))
    {
      if (ct && !strcmp (want, ghash_row ()))
        {
          measure_ghash (ct);
          report (want);
          found = 1;
        }
    }
  else
    {
      /* Every key size of the family, each on the entry of that name.  */
      na = drive_algos (algos, DIMOF (algos));
      for (i = 0; i < na; i++)
        for (skip = 0; (r = impl_row (algos[i], skip)); skip++)
          if (!strcmp (r, want))
            {
              hd = open_secret (algos[i], BCRY_CIPHER_MODE_ECB, 0, skip);
              bcry_cipher_close (hd);
              measure_impl_data (algos[i], skip);
              found = 1;
            }
      if (found)
        report (want);
    }
  drive_check (found, "%s: no such row here", want);
  return drive_done ();
}


/* ---- Driver side: run the children, compare with ct-expect.txt. ---- */

struct row
{
  char name[ROW_LEN];
  char expect[2][12];         /* setkey, data; "" when not listed.  */
  int listed;
  int native;                 /* Usable on this machine.  */
  int vg;                     /* Usable at the features valgrind runs.  */
  int measured;
  unsigned int count[2];
};

static struct row rows[MAX_ROWS];
static size_t n_rows;
static const char *const column[2] = { "setkey", "data" };

static struct row *
find_row (const char *name, int add)
{
  size_t i;

  for (i = 0; i < n_rows; i++)
    if (!strcmp (rows[i].name, name))
      return &rows[i];
  if (!add || n_rows == MAX_ROWS || strlen (name) >= ROW_LEN)
    return NULL;
  memset (&rows[n_rows], 0, sizeof rows[n_rows]);
  strcpy (rows[n_rows].name, name);
  return &rows[n_rows++];
}

static int
valid_status (const char *s)
{
  return !strcmp (s, "ct") || !strcmp (s, "not-ct") || !strcmp (s, "n/a")
    || !strcmp (s, "novg");
}

/* Read the expectations: "ROW SETKEY DATA" a line, # comments.  */
static int
read_expect (const char *file)
{
  char line[256], name[ROW_LEN + 1], a[16], b[16];
  unsigned int lineno = 0;
  struct row *r;
  FILE *fp = fopen (file, "r");

  if (!fp)
    {
      drive_check (0, "%s: %s", file, strerror (errno));
      return -1;
    }
  while (fgets (line, sizeof line, fp))
    {
      lineno++;
      if (line[strspn (line, " \t")] == '#'
          || line[strspn (line, " \t\n")] == 0)
        continue;
      if (sscanf (line, "%48s %15s %15s", name, a, b) != 3
          || !valid_status (a) || !valid_status (b)
          || !(r = find_row (name, 1)) || r->listed)
        {
          drive_check (0, "%s:%u: malformed or repeated line", file, lineno);
          continue;
        }
      r->listed = 1;
      strcpy (r->expect[0], a);
      strcpy (r->expect[1], b);
    }
  fclose (fp);
  return 0;
}

static char self[4096];

/* Run ARGV with BULKCRYPT_HWF_DISABLE=DENY (unchanged when NULL) and
   valgrind's log on LOGFD, its output in OUT (SIZE bytes).  Returns the
   exit status, or -1 when it did not exit.  */
static int
run (char *const argv[], const char *deny, int logfd, char *out, size_t size)
{
  int fds[2], status;
  size_t n = 0;
  ssize_t k;
  pid_t pid;

  if (pipe (fds))
    return -1;
  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    return -1;
  if (!pid)
    {
      dup2 (fds[1], 1);
      close (fds[0]);
      close (fds[1]);
      if (logfd < 0)
        {
          int null = open ("/dev/null", O_WRONLY);

          dup2 (null, 2);
        }
      if (deny)
        setenv ("BULKCRYPT_HWF_DISABLE", deny, 1);
      execvp (argv[0], argv);
      _exit (127);
    }
  close (fds[1]);
  while (n + 1 < size && (k = read (fds[0], out + n, size - 1 - n)) > 0)
    n += (size_t)k;
  out[n] = 0;
  /* Drain what does not fit.  */
  while (read (fds[0], &status, sizeof status) > 0)
    ;
  close (fds[0]);
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status))
    return -1;
  return WEXITSTATUS (status);
}

/* The feature deny list for valgrind: the user's, plus VG_DENY.  */
static const char *
vg_deny (int no_pclmul)
{
  static char buf[512];
  const char *user = getenv ("BULKCRYPT_HWF_DISABLE");

  snprintf (buf, sizeof buf, "%s%s%s%s", user && *user ? user : "",
            user && *user ? "," : "", VG_DENY, no_pclmul ? ",pclmul" : "");
  return buf;
}

/* Mark the rows --list prints at the features DENY leaves.  */
static int
collect (const char *deny, int vg)
{
  static char out[16384];
  char *argv[] = { self, (char *)"--list", NULL };
  char *line, *save;
  struct row *r;

  if (run (argv, deny, -1, out, sizeof out))
    {
      drive_check (0, "%s --list failed", self);
      return -1;
    }
  for (line = strtok_r (out, "\n", &save); line;
       line = strtok_r (NULL, "\n", &save))
    if ((r = find_row (line, 1)))
      {
        /* A row the lower features reach is on this machine too.  */
        r->native = 1;
        r->vg |= vg;
      }
  return 0;
}

/* Run ROW (or "modes") in a child under valgrind and record the
   counts it reports.  */
static void
measure (const char *valgrind, const char *what, const char *deny, int logfd)
{
  static char out[16384];
  char logopt[32];
  char *argv[] = { (char *)valgrind, (char *)"--tool=memcheck",
                   (char *)"--error-exitcode=99", (char *)"--error-limit=no",
                   (char *)"--leak-check=no", (char *)"--num-callers=6",
                   logopt, self, (char *)"--child", (char *)what, NULL };
  char name[ROW_LEN + 1], *line, *save;
  unsigned int a, b, total = 0;
  struct row *r;
  int rc;

  snprintf (logopt, sizeof logopt, "--log-fd=%d", logfd);
  dprintf (logfd, "==== t-ct: %s (BULKCRYPT_HWF_DISABLE=%s)\n", what, deny);
  rc = run (argv, deny, logfd, out, sizeof out);
  for (line = strtok_r (out, "\n", &save); line;
       line = strtok_r (NULL, "\n", &save))
    if (sscanf (line, "row %48s %u %u", name, &a, &b) == 3
        && (r = find_row (name, 0)))
      {
        r->measured = 1;
        r->count[0] = a;
        r->count[1] = b;
        total += a + b;
      }
    else if (!strncmp (line, "FAIL", 4))
      drive_check (0, "%s: %s", what, line);
  /* valgrind's verdict must agree with the counts: reports outside
     the measured calls would be the harness's own.  */
  drive_check ((rc == 0 && total == 0) || (rc == VG_ERROR_EXIT && total),
               "%s: valgrind exit status %d with %u reports counted "
               "(see t-ct.vglog)", what, rc, total);
}

static const char *
measured_status (const struct row *r, int col)
{
  return r->count[col] ? "not-ct" : "ct";
}

/* Compare row R with its expectation.  */
static void
judge (const struct row *r)
{
  int col;

  if (!r->listed)
    {
      drive_check (0, "%s: unlisted: measured setkey %s, data %s; "
                   "classify it in tests/ct-expect.txt", r->name,
                   r->measured ? measured_status (r, 0) : "-",
                   r->measured ? measured_status (r, 1) : "-");
      return;
    }
  if (!r->native)
    {
      /* Listed for a machine with other features.  */
      if (verbose)
        printf ("%-22s not on this machine\n", r->name);
      return;
    }
  if (!r->measured)
    {
      drive_check (!strcmp (r->expect[0], "novg"),
                   "%s: not measured here, but listed as %s/%s", r->name,
                   r->expect[0], r->expect[1]);
      printf ("%-22s novg (valgrind cannot run it)\n", r->name);
      return;
    }
  printf ("%-22s setkey %-6s (%u)  data %-6s (%u)\n", r->name,
          measured_status (r, 0), r->count[0],
          measured_status (r, 1), r->count[1]);
  for (col = 0; col < 2; col++)
    {
      const char *want = r->expect[col], *got = measured_status (r, col);

      if (!strcmp (want, "n/a") || !strcmp (want, got))
        drive_check (1, "%s", r->name);
      else if (!strcmp (want, "ct"))
        drive_check (0, "%s: %s: listed as constant time, but memcheck "
                     "made %u reports (see t-ct.vglog)", r->name,
                     column[col], r->count[col]);
      else
        drive_check (0, "%s: %s: listed as %s, measured %s: update "
                     "tests/ct-expect.txt", r->name, column[col], want, got);
    }
}

static int
driver (const char *expect)
{
  const char *valgrind = getenv ("VALGRIND");
  char *argv[3], out[256];
  int logfd;
  size_t i, n;

  if (!valgrind || !*valgrind)
    valgrind = "valgrind";
  argv[0] = (char *)valgrind;
  argv[1] = (char *)"--version";
  argv[2] = NULL;
  if (run (argv, NULL, -1, out, sizeof out) != 0)
    {
      printf ("SKIP: %s not found\n", valgrind);
      return 77;
    }
  out[strcspn (out, "\n")] = 0;
  n = (size_t)readlink ("/proc/self/exe", self, sizeof self - 1);
  if (n >= sizeof self - 1)
    {
      printf ("SKIP: cannot find this program (/proc/self/exe)\n");
      return 77;
    }
  self[n] = 0;
  printf ("%s, BULKCRYPT_HWF_DISABLE=%s under it\n", out, vg_deny (0));

  if (read_expect (expect) || collect (NULL, 0) || collect (vg_deny (0), 1))
    return drive_done ();
  /* The portable GHASH is only reached with PCLMULQDQ off.  */
  collect (vg_deny (1), 1);
  logfd = open ("t-ct.vglog", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (logfd < 0)
    {
      drive_check (0, "t-ct.vglog: %s", strerror (errno));
      return drive_done ();
    }
  n = n_rows;
  for (i = 0; i < n; i++)
    if (rows[i].vg && strncmp (rows[i].name, "mode:", 5))
      measure (valgrind, rows[i].name,
               vg_deny (!strcmp (rows[i].name, "ghash:c")), logfd);
  measure (valgrind, "modes", vg_deny (0), logfd);
  close (logfd);
  for (i = 0; i < n_rows; i++)
    judge (&rows[i]);
  return drive_done ();
}

static const char help_text[] =
  "Measures under valgrind's memcheck which implementations and modes\n"
  "run in constant time, and compares with tests/ct-expect.txt.  The\n"
  "valgrind program is $VALGRIND (default: valgrind); without it the\n"
  "test is skipped.  The log of memcheck goes to t-ct.vglog.\n"
  "\n"
  "  --verbose      also print the rows listed for other machines\n"
  "  --expect FILE  the expectations (default: $srcdir/ct-expect.txt,\n"
  "                 or ./ct-expect.txt without srcdir)\n"
  "  --help         this text\n"
  "\n"
  "The driver runs the program again with one of these:\n"
  "  --list         print the rows this machine can run\n"
  "  --child ROW    measure ROW (or \"modes\": every mode:* row), to\n"
  "                 be run under valgrind\n"
  "\n"
  "The last line is \"N passed, M failed\"; the exit status is 1\n"
  "when M is not 0, 2 after a bad option and 77 (skipped) without\n"
  "valgrind.\n";

int
main (int argc, char **argv)
{
  const char *srcdir = getenv ("srcdir");
  char expect[4096];
  int i;

  snprintf (expect, sizeof expect, "%s/ct-expect.txt",
            srcdir ? srcdir : ".");
  cli_init (argv[0], "[--verbose] [--expect FILE]", help_text);
  for (i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--help"))
      cli_help ();
    else if (!strcmp (argv[i], "--verbose"))
      verbose = 1;
    else if (!strcmp (argv[i], "--expect"))
      snprintf (expect, sizeof expect, "%s", cli_value (argc, argv, &i));
    else if (!strcmp (argv[i], "--list"))
      return list_rows ();
    else if (!strcmp (argv[i], "--child"))
      return child (cli_value (argc, argv, &i));
    else
      cli_bad_usage ("unknown option '%s'", argv[i]);
  return driver (expect);
}
