/* simd-kernels.h - which SIMD kernels a build of bulkcrypt compiles
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The one place that says which instruction families (configure's
 * ENABLE_<FAMILY>_SUPPORT, one per row of m4/bcry-asm.m4) each kernel
 * needs.  The kernel file, the C that declares its entry points and
 * lists them in an implementation table, and cipher/Makefile.am (which
 * builds every kernel file whenever there is an amd64 assembler, empty
 * when its USE_ macro is off) all go by the USE_ macros below, so that
 * --disable-<family>-support leaves out every instruction of that
 * family.  VPCLMULQDQ on YMM and ZMM goes with the vaes family, which
 * configure probes with it; PCLMULQDQ on XMM with aesni.  Read by .S
 * files too, so preprocessor lines only.
 */

#ifndef BCRY_SIMD_KERNELS_H
#define BCRY_SIMD_KERNELS_H

#include <config.h>

#ifdef HAVE_COMPATIBLE_AMD64_AS

/* Integer code: the amd64 ABI is all it needs.  */
# define USE_CAMELLIA_AMD64 1
# define USE_TWOFISH_AMD64 1

/* XTS's tweaks and GCM's GHASH use VPCLMULQDQ on ZMM.  */
# if defined(ENABLE_GFNI_SUPPORT) && defined(ENABLE_AVX512_SUPPORT)   \
  && defined(ENABLE_VAES_SUPPORT)
#  define USE_CAMELLIA_GFNI_AVX512 1
# endif
# if defined(ENABLE_GFNI_SUPPORT) && defined(ENABLE_AVX2_SUPPORT)
#  define USE_CAMELLIA_GFNI_AVX2 1
/* Only its GCM kernel uses VPCLMULQDQ.  */
#  ifdef ENABLE_VAES_SUPPORT
#   define USE_CAMELLIA_GFNI_AVX2_GCM 1
#  endif
# endif
# if defined(ENABLE_VAES_SUPPORT) && defined(ENABLE_AVX2_SUPPORT)
#  define USE_CAMELLIA_VAES_AVX2 1
# endif
# if defined(ENABLE_AESNI_SUPPORT) && defined(ENABLE_AVX_SUPPORT)
#  define USE_CAMELLIA_AESNI_AVX 1
# endif
# if defined(USE_CAMELLIA_GFNI_AVX512) || defined(USE_CAMELLIA_GFNI_AVX2) \
  || defined(USE_CAMELLIA_VAES_AVX2) || defined(USE_CAMELLIA_AESNI_AVX)
#  define USE_CAMELLIA_SIMD 1
# endif

# ifdef ENABLE_SSE2_SUPPORT
#  define USE_SERPENT_SSE2 1
# endif
# ifdef ENABLE_AVX_SUPPORT
#  define USE_SERPENT_AVX 1
# endif
# ifdef ENABLE_AVX2_SUPPORT
#  define USE_SERPENT_AVX2 1
# endif
# ifdef ENABLE_AVX512_SUPPORT
#  define USE_SERPENT_AVX512 1
# endif
# if defined(USE_SERPENT_SSE2) || defined(USE_SERPENT_AVX)             \
  || defined(USE_SERPENT_AVX2) || defined(USE_SERPENT_AVX512)
#  define USE_SERPENT_SIMD 1
# endif

/* XTS's tweaks use VPCLMULQDQ on YMM and ZMM, part of the vaes
   family.  */
# if defined(ENABLE_VAES_SUPPORT) && defined(ENABLE_AVX512_SUPPORT)
#  define USE_AES_VAES_AVX512 1
# endif
# if defined(ENABLE_VAES_SUPPORT) && defined(ENABLE_AVX2_SUPPORT)
#  define USE_AES_VAES_AVX2 1
# endif

/* AES on XMM with the AES instructions, legacy SSE encoding.  */
# ifdef ENABLE_AESNI_SUPPORT
#  define USE_AES_AESNI 1
# endif

/* Hamburg's vector-permute AES, legacy SSE encoding.  */
# ifdef ENABLE_SSSE3_SUPPORT
#  define USE_AES_SSSE3 1
# endif

/* Twofish: byte lookups (AVX-512 VBMI, part of the avx512 family
   here) and GFNI for the MDS matrix.  */
# if defined(ENABLE_AVX512_SUPPORT) && defined(ENABLE_GFNI_SUPPORT)
#  define USE_TWOFISH_AVX512 1
# endif
/* Twofish on YMM: VPSHUFB lookups, GFNI (VEX) for the MDS matrix.  */
# if defined(ENABLE_AVX2_SUPPORT) && defined(ENABLE_GFNI_SUPPORT)
#  define USE_TWOFISH_AVX2 1
# endif

/* GHASH in C with target attributes: ghash-pclmul.c, and the wide
   loops of ghash-vpclmul.c, which leave their last blocks to it.  */
# ifdef ENABLE_AESNI_SUPPORT
#  define GHASH_USE_PCLMUL 1
#  if defined(ENABLE_VAES_SUPPORT) && defined(ENABLE_AVX2_SUPPORT)
#   define GHASH_USE_VPCLMUL 1
#   ifdef ENABLE_AVX512_SUPPORT
#    define GHASH_USE_VPCLMUL512 1
#   endif
#  endif
# endif

#endif /* HAVE_COMPATIBLE_AMD64_AS */

#ifdef HAVE_COMPATIBLE_AARCH64_AS

/* C with the ACLE intrinsics of the crypto extension (AESE/AESD,
   PMULL), on the SIMD registers that the neon family stands for.  */
# if defined(ENABLE_ARMCE_SUPPORT) && defined(ENABLE_NEON_SUPPORT)
#  define USE_AES_ARMCE 1
#  define GHASH_USE_PMULL 1
# endif

/* Scalar code: the assembler is all it needs.  */
# define USE_CAMELLIA_AARCH64 1

/* Byte-sliced Camellia: the S-boxes through AESE/AESD, the rest
   NEON.  */
# if defined(ENABLE_ARMCE_SUPPORT) && defined(ENABLE_NEON_SUPPORT)
#  define USE_CAMELLIA_NEON 1
# endif

/* Serpent word-sliced on the SIMD registers, C with intrinsics.  */
# ifdef ENABLE_NEON_SUPPORT
#  define USE_SERPENT_NEON 1
# endif

/* Scalar code on the general registers: no family needed.  */
# define USE_TWOFISH_AARCH64 1

#endif /* HAVE_COMPATIBLE_AARCH64_AS */

#endif /* BCRY_SIMD_KERNELS_H */
