/* basic-util.c - helpers shared by the suites of tests/basic
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The list of algorithms, the random numbers that replay from --seed,
 * hex decoding, opening a handle on a given implementation, and the
 * clobbering of the vector registers before a call, which the design
 * asks of the cross-checks: a kernel must not depend on what the
 * registers held when it was called.
 */

#include <config.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"

/* The algorithms this build has, from the list cipher.c registers.  */
const int algo_list[] =
  {
#define CIPHER(spec, id) id,
#include "cipher-list.def"
#undef CIPHER
    0
  };

int
in_algo_list (int algo)
{
  const int *a;

  for (a = algo_list; *a; a++)
    if (*a == algo)
      return 1;
  return 0;
}


/* splitmix64: a small generator whose whole state is one number, so
   that the seed on the command line replays a run.  */
static uint64_t
splitmix (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static uint64_t rng_state;

uint64_t
rng (void)
{
  return splitmix (&rng_state);
}

size_t
rng_below (size_t n)
{
  return n ? (size_t)(rng () % n) : 0;
}

void
rng_fill (unsigned char *p, size_t n)
{
  uint64_t r = 0;
  size_t i;

  for (i = 0; i < n; i++)
    {
      if (!(i & 7))
        r = rng ();
      p[i] = (unsigned char)r;
      r >>= 8;
    }
}

void
rng_start (unsigned int a, unsigned int b, unsigned int c)
{
  rng_state = seed ^ ((uint64_t)a << 32 ^ (uint64_t)b << 16 ^ c);
  rng ();
}


size_t
hex_decode (const char *hex, unsigned char *buf, size_t max)
{
  size_t n = 0;
  int hi = -1, v;

  for (; *hex; hex++)
    {
      if (*hex == ' ')
        continue;
      if (*hex >= '0' && *hex <= '9')
        v = *hex - '0';
      else if (*hex >= 'a' && *hex <= 'f')
        v = *hex - 'a' + 10;
      else if (*hex >= 'A' && *hex <= 'F')
        v = *hex - 'A' + 10;
      else
        return (size_t)-1;
      if (hi < 0)
        hi = v;
      else
        {
          if (n == max)
            return (size_t)-1;
          buf[n++] = (unsigned char)(hi << 4 | v);
          hi = -1;
        }
    }
  return hi < 0 ? n : (size_t)-1;
}

const char *
mode_label (int mode, unsigned int flags)
{
  static char buf[32];

  snprintf (buf, sizeof buf, "%s%s", bcry_cipher_mode_name (mode),
            (flags & BCRY_CIPHER_CBC_CTS) ? "-CTS"
            : (flags & BCRY_CIPHER_CBC_MAC) ? "-MAC" : "");
  return buf;
}


bcry_cipher_hd_t
open_impl (int algo, int mode, unsigned int flags, unsigned int impl,
           const void *key, size_t keylen, gpg_err_code_t *err)
{
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;

  rc = bcry_err_code (bcry_cipher_open (&hd, algo, mode, flags));
  if (!rc && impl)
    rc = bcry_err_code (bcry_cipher_ctl (hd, BCRYCTL_SKIP_IMPLS, NULL, impl));
  if (!rc)
    rc = bcry_err_code (bcry_cipher_setkey (hd, key, keylen));
  *err = rc;
  if (rc)
    {
      bcry_cipher_close (hd);
      return NULL;
    }
  return hd;
}

unsigned int
impl_count (int algo)
{
  static int cached_algo[64];
  static unsigned int cached_n[64];
  static unsigned int ncached;
  unsigned char key[MAX_KEY] = { 0 };
  size_t keylen = bcry_cipher_get_algo_keylen (algo);
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned int i, n;

  for (i = 0; i < ncached; i++)
    if (cached_algo[i] == algo)
      return cached_n[i];

  /* Setting a key with n entries skipped fails once n reaches the
     number usable.  */
  for (n = 0; n < 64; n++)
    {
      hd = open_impl (algo, BCRY_CIPHER_MODE_ECB, 0, n, key, keylen, &rc);
      bcry_cipher_close (hd);
      if (rc == GPG_ERR_NOT_SUPPORTED)
        break;
      if (rc)
        {
          test_fail ("%s: implementation %u: setkey: %s",
                     bcry_cipher_algo_name (algo), n, gpg_strerror (rc));
          break;
        }
    }
  if (ncached < DIMOF (cached_algo))
    {
      cached_algo[ncached] = algo;
      cached_n[ncached++] = n;
    }
  return n;
}

gpg_err_code_t
start_iv (bcry_cipher_hd_t hd, int mode, const unsigned char *iv)
{
  if (mode == BCRY_CIPHER_MODE_ECB)
    return 0;
  if (mode == BCRY_CIPHER_MODE_CTR)
    return bcry_err_code (bcry_cipher_setctr (hd, iv, BLOCK));
  return bcry_err_code (bcry_cipher_setiv (hd, iv, BLOCK));
}

gpg_err_code_t
feed_pieces (bcry_cipher_hd_t hd, enum feed_op op, unsigned char *out,
             const unsigned char *in, size_t len, size_t step)
{
  gpg_error_t err = 0;
  size_t off, n;

  for (off = 0; !err && off < len; off += n)
    {
      n = len - off < step ? len - off : step;
      if (op == FEED_AAD)
        err = bcry_cipher_authenticate (hd, in + off, n);
      else if (op == FEED_DECRYPT)
        err = bcry_cipher_decrypt (hd, out + off, n, in + off, n);
      else
        err = bcry_cipher_encrypt (hd, out + off, n, in + off, n);
    }
  return bcry_err_code (err);
}

int
guard_ok (const unsigned char *p)
{
  size_t i;

  for (i = 0; i < GUARD; i++)
    if (p[i] != GUARD_BYTE)
      return 0;
  return 1;
}


#if defined(__x86_64__) && defined(__GNUC__)

/* Random bytes for the registers, read from a new offset at each call
   so that no two calls leave the same values.  A stream of its own,
   apart from rng's, so that the tests draw the numbers they drew
   before clobbering existed, and a seed still replays a run.  */
static unsigned char clobber_pool[16 * 64 + 64];
static uint64_t clobber_state;
/* The register width in bytes: 0 before the first call.  */
static unsigned int clobber_width;

#define REGS_0_15 "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
#define XMM_0_15 "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
  "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", \
  "xmm15"

static void
clobber_xmm (const unsigned char *p)
{
  asm volatile (".irp r," REGS_0_15 "\n\t"
                "movdqu \\r*16(%0), %%xmm\\r\n\t"
                ".endr"
                : : "r" (p), "m" (*(const unsigned char (*)[16 * 16])p)
                : XMM_0_15);
}

#ifdef ENABLE_AVX_SUPPORT
/* A VEX load writes the whole YMM register, upper half included,
   which legacy SSE code leaves alone and a kernel that mixes the two
   must not trust.  The registers are not named as clobbered: GCC would
   then end the function with vzeroupper, clearing the very halves this
   fills.  Nothing is lost, as the function is never inlined and the
   ABI lets a call clobber every vector register.  */
static void __attribute__ ((target ("avx"), noinline))
clobber_ymm (const unsigned char *p)
{
  asm volatile (".irp r," REGS_0_15 "\n\t"
                "vmovdqu \\r*32(%0), %%ymm\\r\n\t"
                ".endr"
                : : "r" (p), "m" (*(const unsigned char (*)[16 * 32])p));
}
#endif

#ifdef ENABLE_AVX512_SUPPORT
/* Registers 16 to 31 exist only with AVX-512; naming them as clobbered
   needs the target attribute.  */
static void __attribute__ ((target ("avx512f")))
clobber_zmm (const unsigned char *p)
{
  asm volatile (".irp r,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n\t"
                "vmovdqu64 (\\r-16)*64(%0), %%zmm\\r\n\t"
                ".endr"
                : : "r" (p), "m" (*(const unsigned char (*)[16 * 64])p)
                : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21",
                  "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",
                  "xmm28", "xmm29", "xmm30", "xmm31");
}
#endif

/* The width in bytes of the registers to fill.  Any AVX feature in use
   means the system saves the YMM state; "avx512" the ZMM state too.  */
static unsigned int
vector_width (void)
{
  const char *hwf = bcry_get_hwf ();

  if (!hwf)
    return 16;
#ifdef ENABLE_AVX512_SUPPORT
  if (strstr (hwf, "avx512"))
    return 64;
#endif
#ifdef ENABLE_AVX_SUPPORT
  if (strstr (hwf, "avx"))
    return 32;
#endif
  return 16;
}

void
clobber_vector_regs (void)
{
  const unsigned char *p;
  size_t i;

  if (!clobber_width)
    {
      clobber_width = vector_width ();
      clobber_state = seed ^ 0xc10bbe7c10bbe7ULL;
      for (i = 0; i < sizeof clobber_pool; i++)
        clobber_pool[i] = (unsigned char)splitmix (&clobber_state);
    }

  p = clobber_pool + (splitmix (&clobber_state) & 63);
#ifdef ENABLE_AVX_SUPPORT
  if (clobber_width >= 32)
    clobber_ymm (p);
  else
#endif
    clobber_xmm (p);
#ifdef ENABLE_AVX512_SUPPORT
  if (clobber_width == 64)
    clobber_zmm (p);
#endif
}

#else /* !(__x86_64__ && __GNUC__) */

/* Other machines have no code here to fill their registers: a call
   finds them as the compiler left them.  */
void
clobber_vector_regs (void)
{
}

#endif
