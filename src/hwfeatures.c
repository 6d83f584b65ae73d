/* hwfeatures.c - the CPU features the library may use
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The architecture file detects what the CPU and the OS support; the
 * user's deny list (BCRYCTL_DISABLE_HWF, the environment variable
 * BULKCRYPT_HWF_DISABLE) masks it.  The result is fixed by the first
 * use, so that every handle of the process sees the same set and no
 * decision made at setkey can change under a running handle.
 */

#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include "bulkcrypt-int.h"

static const struct
{
  const char *name;
  unsigned int bit;
} hwf_names[] =
  {
    { "sse2",    HWF_SSE2 },
    { "ssse3",   HWF_SSSE3 },
    { "sse4.1",  HWF_SSE41 },
    { "aesni",   HWF_AESNI },
    { "pclmul",  HWF_PCLMUL },
    { "avx",     HWF_AVX },
    { "avx2",    HWF_AVX2 },
    { "bmi2",    HWF_BMI2 },
    { "vaes",    HWF_VAES },
    { "vpclmul", HWF_VPCLMUL },
    { "gfni",    HWF_GFNI },
    { "avx512",  HWF_AVX512 },
    { "avx512vbmi", HWF_AVX512VBMI },
    { "neon",    HWF_NEON },
    { "arm-aes", HWF_ARM_AES },
    { "arm-pmull", HWF_ARM_PMULL }
  };

/* State of the one-time detection: 0 not started, 1 running, 2 done.  */
static int hwf_state;
static unsigned int hwf_denied;
static unsigned int hwf_features;
static char hwf_string[sizeof "sse2,ssse3,sse4.1,aesni,pclmul,avx,avx2,"
                       "bmi2,vaes,vpclmul,gfni,avx512,avx512vbmi,neon,"
                       "arm-aes,arm-pmull"];

/* Whether the LEN bytes at P are NAME, ignoring ASCII case: the names
   are ASCII and must not depend on the locale.  */
static int
name_is (const char *p, size_t len, const char *name)
{
  size_t i;

  for (i = 0; i < len; i++)
    {
      int a = p[i], b = name[i];

      if (a >= 'A' && a <= 'Z')
        a += 'a' - 'A';
      if (a != b)
        return 0;
    }
  return !name[len];
}

/* Map a list such as "avx2,vaes" or "all" to feature bits.  Every known
   name is mapped; an unknown one makes the result GPG_ERR_INV_NAME and,
   when UNKNOWN is not NULL, is handed to it.  */
static gpg_err_code_t
parse_names (const char *list, unsigned int *bits,
             void (*unknown) (const char *name, size_t len))
{
  const char *p = list, *end;
  gpg_err_code_t rc = 0;
  size_t len, i;

  *bits = 0;
  while (*p)
    {
      for (end = p; *end && *end != ',' && *end != ' ' && *end != ':'; end++)
        ;
      len = end - p;
      if (name_is (p, len, "all"))
        *bits = ~0u;
      else if (len)
        {
          for (i = 0; i < DIM (hwf_names); i++)
            if (name_is (p, len, hwf_names[i].name))
              break;
          if (i < DIM (hwf_names))
            *bits |= hwf_names[i].bit;
          else
            {
              rc = GPG_ERR_INV_NAME;
              if (unknown)
                unknown (p, len);
            }
        }
      p = *end ? end + 1 : end;
    }
  return rc;
}

/* Detection runs once, so each unknown name of the environment is
   reported once per process.  */
static void
warn_unknown (const char *name, size_t len)
{
  fprintf (stderr, "bulkcrypt: BULKCRYPT_HWF_DISABLE: unknown feature"
           " \"%.*s\" ignored\n", (int)len, name);
}

static void
detect (void)
{
  const char *env = getenv ("BULKCRYPT_HWF_DISABLE");
  unsigned int bits, features;
  size_t i, off = 0;

  /* A typo in the environment must not make every program that links
     us fail, nor cancel the names around it: the known names apply and
     the unknown ones are reported.  */
  if (env)
    {
      parse_names (env, &bits, warn_unknown);
      hwf_denied |= bits;
    }

  features = _bcry_hwf_detect_arch () & ~hwf_denied;
  for (i = 0; i < DIM (hwf_names); i++)
    if (features & hwf_names[i].bit)
      {
        size_t n = strlen (hwf_names[i].name);

        if (off)
          hwf_string[off++] = ',';
        memcpy (hwf_string + off, hwf_names[i].name, n);
        off += n;
      }
  hwf_string[off] = 0;
  hwf_features = features;
}

/* Detection runs once; a thread that arrives while another detects
   waits for it, so no caller sees a half-built result.  */
static void
hwf_once (void)
{
  int expected = 0;

  if (__atomic_load_n (&hwf_state, __ATOMIC_ACQUIRE) == 2)
    return;
  if (__atomic_compare_exchange_n (&hwf_state, &expected, 1, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    {
      detect ();
      __atomic_store_n (&hwf_state, 2, __ATOMIC_RELEASE);
      return;
    }
  while (__atomic_load_n (&hwf_state, __ATOMIC_ACQUIRE) != 2)
    ;
}

unsigned int
_bcry_get_hw_features (void)
{
  hwf_once ();
  return hwf_features;
}

int
_bcry_hwf_frozen (void)
{
  return __atomic_load_n (&hwf_state, __ATOMIC_ACQUIRE) != 0;
}

gpg_err_code_t
_bcry_disable_hw_feature (const char *names)
{
  unsigned int bits;
  gpg_err_code_t rc;

  if (!names)
    return GPG_ERR_INV_ARG;
  /* A list with an unknown name is refused whole, so that a refused
     call changes nothing.  */
  rc = parse_names (names, &bits, NULL);
  if (rc)
    return rc;
  /* Once a handle exists its implementation is chosen; refusing is
     clearer than a switch that silently does nothing.  */
  if (_bcry_hwf_frozen ())
    return GPG_ERR_INV_STATE;
  __atomic_or_fetch (&hwf_denied, bits, __ATOMIC_RELAXED);
  return 0;
}

const char *
bcry_get_hwf (void)
{
  hwf_once ();
  return hwf_string;
}
