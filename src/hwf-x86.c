/* hwf-x86.c - CPU feature detection on x86
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * CPUID says what the processor implements (Intel SDM vol. 2A, CPUID
 * leaves 1 and 7); XGETBV says which register state the OS saves on a
 * context switch.  An AVX feature counts only if the OS saves the YMM
 * state, an AVX-512 one only if it also saves the opmask and ZMM state:
 * otherwise the registers could be lost under us.
 */

#include <config.h>
#include "bulkcrypt-int.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* XCR0 bits: SSE, AVX (YMM upper halves), opmask, ZMM_Hi256, Hi16_ZMM.  */
#define XCR0_YMM  0x06u
#define XCR0_ZMM  0xe6u

static u32
read_xcr0 (void)
{
  u32 lo, hi;

  __asm__ volatile ("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
  return lo;
}

unsigned int
_bcry_hwf_detect_arch (void)
{
  unsigned int eax, ebx, ecx, edx, max_leaf;
  unsigned int ecx1, edx1, ebx7 = 0, ecx7 = 0;
  unsigned int f = 0;
  u32 xcr0 = 0;

  if (!__get_cpuid (0, &max_leaf, &ebx, &ecx, &edx))
    return 0;
  __cpuid (1, eax, ebx, ecx1, edx1);
  if (max_leaf >= 7)
    __cpuid_count (7, 0, eax, ebx7, ecx7, edx);
  if (ecx1 & bit_OSXSAVE)
    xcr0 = read_xcr0 ();

  if (edx1 & bit_SSE2)
    f |= HWF_SSE2;
  if (ecx1 & bit_SSSE3)
    f |= HWF_SSSE3;
  if (ecx1 & bit_SSE4_1)
    f |= HWF_SSE41;
  if (ecx1 & bit_AES)
    f |= HWF_AESNI;
  if (ecx1 & bit_PCLMUL)
    f |= HWF_PCLMUL;
  if (ebx7 & bit_BMI2)
    f |= HWF_BMI2;
  /* GFNI has SSE encodings, usable without the OS saving YMM.  */
  if (ecx7 & (1u << 8))
    f |= HWF_GFNI;

  if ((xcr0 & XCR0_YMM) == XCR0_YMM)
    {
      if (ecx1 & bit_AVX)
        f |= HWF_AVX;
      if (ebx7 & bit_AVX2)
        f |= HWF_AVX2;
      if (ecx7 & (1u << 9))
        f |= HWF_VAES;
      if (ecx7 & (1u << 10))
        f |= HWF_VPCLMUL;
      /* F (bit 16), DQ (17), BW (30), VL (31): all four or none.  */
      if ((xcr0 & XCR0_ZMM) == XCR0_ZMM
          && (ebx7 & 0xc0030000u) == 0xc0030000u)
        {
          f |= HWF_AVX512;
          if (ecx7 & (1u << 1))
            f |= HWF_AVX512VBMI;
        }
    }
  return f;
}

#elif !defined(__aarch64__) /* hwf-arm.c has aarch64.  */

unsigned int
_bcry_hwf_detect_arch (void)
{
  return 0;
}

#endif
