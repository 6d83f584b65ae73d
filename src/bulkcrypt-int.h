/* bulkcrypt-int.h - declarations shared by every part of the library
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Memory, wiping, CPU features and the error helpers that the library's
 * own files use.  Nothing here is installed.
 */

#ifndef BULKCRYPT_INT_H
#define BULKCRYPT_INT_H

#define _BCRY_IN_LIBBULKCRYPT 1
#include "bulkcrypt.h"
#include <stdint.h>
#include <string.h>

typedef uint8_t byte;
typedef uint32_t u32;
typedef uint64_t u64;

/* Every error the library returns carries this source.  */
#define BCRY_ERROR_SOURCE GPG_ERR_SOURCE_USER_1
static inline gpg_error_t
bcry_err (gpg_err_code_t code)
{
  return code ? gpg_err_make (BCRY_ERROR_SOURCE, code) : 0;
}

#if defined(__GNUC__)
# define BCRY_ALIGN(n) __attribute__ ((aligned (n)))
# define BCRY_LIKELY(x) __builtin_expect (!!(x), 1)
# define BCRY_UNLIKELY(x) __builtin_expect (!!(x), 0)
#else
# define BCRY_ALIGN(n)
# define BCRY_LIKELY(x) (x)
# define BCRY_UNLIKELY(x) (x)
#endif

#define DIM(a) (sizeof (a) / sizeof ((a)[0]))

/* Allocation through the user's handlers (global.c).  */
void *_bcry_malloc (size_t n, int secure);
void _bcry_free (void *p);

/* Overwrite memory that held secrets in a way the compiler keeps.  */
void _bcry_wipe (void *p, size_t n);
#define wipememory(p, n) _bcry_wipe ((p), (n))

/* CPU features (hwfeatures.c).  The bits each name one feature that
   configure may build code for; HWF_AVX512 means F, VL, BW and DQ.
   HWF_NEON is aarch64's Advanced SIMD, HWF_ARM_AES its AESE/AESD/AESMC/
   AESIMC and HWF_ARM_PMULL its 64-bit PMULL/PMULL2.  */
#define HWF_SSE2     (1u << 0)
#define HWF_SSSE3    (1u << 1)
#define HWF_SSE41    (1u << 2)
#define HWF_AESNI    (1u << 3)
#define HWF_PCLMUL   (1u << 4)
#define HWF_AVX      (1u << 5)
#define HWF_AVX2     (1u << 6)
#define HWF_BMI2     (1u << 7)
#define HWF_VAES     (1u << 8)
#define HWF_VPCLMUL  (1u << 9)
#define HWF_GFNI     (1u << 10)
#define HWF_AVX512   (1u << 11)
#define HWF_NEON     (1u << 12)
#define HWF_ARM_AES  (1u << 13)
#define HWF_ARM_PMULL (1u << 14)
/* AVX-512 VBMI (VPERMB, VPERMI2B), counted only with HWF_AVX512.  */
#define HWF_AVX512VBMI (1u << 15)

/* The features detected and not denied; detection runs once.  */
unsigned int _bcry_get_hw_features (void);
/* What the CPU has, before the deny list (hwf-x86.c, hwf-arm.c, or 0
   elsewhere).  */
unsigned int _bcry_hwf_detect_arch (void);
/* Add names from a comma or space separated list to the deny list.  */
gpg_err_code_t _bcry_disable_hw_feature (const char *names);
/* Whether the feature set has been fixed by a first use.  */
int _bcry_hwf_frozen (void);

/* Cipher registry (cipher/cipher.c).  */
gpg_err_code_t _bcry_cipher_selftest_all (void);

#endif /* BULKCRYPT_INT_H */
