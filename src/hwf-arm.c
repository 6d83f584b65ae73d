/* hwf-arm.c - CPU feature detection on aarch64
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * On aarch64 the ID registers are readable only by the kernel, which
 * passes what the CPU implements and what it supports in the auxiliary
 * vector (AT_HWCAP, Linux's Documentation/arch/arm64/elf_hwcaps.rst):
 * ASIMD is the Advanced SIMD (NEON) unit, AES the AESE/AESD/AESMC/AESIMC
 * instructions and PMULL the 64x64-bit polynomial multiply.  Without
 * getauxval the library uses the portable code only.
 */

#include <config.h>
#include "bulkcrypt-int.h"

#ifdef __aarch64__

#if defined(HAVE_GETAUXVAL) && defined(HAVE_SYS_AUXV_H)
#include <sys/auxv.h>

/* The bits of <asm/hwcap.h>, fixed by the kernel's ABI; defined here so
   that a C library without that header still builds this.  */
#define BCRY_HWCAP_ASIMD (1ul << 1)
#define BCRY_HWCAP_AES   (1ul << 3)
#define BCRY_HWCAP_PMULL (1ul << 4)

unsigned int
_bcry_hwf_detect_arch (void)
{
  unsigned long hwcap = getauxval (AT_HWCAP);
  unsigned int f = 0;

  if (hwcap & BCRY_HWCAP_ASIMD)
    f |= HWF_NEON;
  /* The crypto instructions work on the SIMD registers: without ASIMD
     the kernels could not load their operands.  */
  if ((hwcap & BCRY_HWCAP_ASIMD) && (hwcap & BCRY_HWCAP_AES))
    f |= HWF_ARM_AES;
  if ((hwcap & BCRY_HWCAP_ASIMD) && (hwcap & BCRY_HWCAP_PMULL))
    f |= HWF_ARM_PMULL;
  return f;
}

#else /* No getauxval.  */

unsigned int
_bcry_hwf_detect_arch (void)
{
  return 0;
}

#endif

#endif /* __aarch64__ */
