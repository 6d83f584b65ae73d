# bcry-asm.m4 - configure probes for bulkcrypt's assembler code paths
# Copyright (C) 2026 The bulkcrypt authors
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The SIMD kernels are .S files assembled through the compiler driver.
# An instruction family is built only when the assembler understands a
# representative sample of it, so an older binutils drops the newer
# families instead of breaking the build.  Each sample goes into a
# top-level asm statement of a small program that is then linked:
# linking, not merely compiling, is what makes the assembler run when
# CFLAGS carry -flto, where a compile only writes the compiler's
# intermediate code and would let any sample pass.
#
# A sample reaches the test program through a shell variable that the
# unquoted here-document of AC_LINK_IFELSE expands, so it may hold
# anything but a single quote.  Immediate operands are spelled $(N),
# which the assembler reads as N: written $N, m4 would take it for a
# macro argument.


# BCRY_ASM_AMD64_PLATFORM
# -----------------------
# Provide --disable-asm and decide whether the host has an assembler the
# amd64 kernels can rely on: the LP64 x86-64 ABI, ELF's .type and .size,
# call-frame (CFI) directives and the .note.GNU-stack section.  Sets
# bcry_amd64_as to yes or no, HAVE_COMPATIBLE_AMD64_AS in config.h and
# the automake conditional of the same name.
AC_DEFUN([BCRY_ASM_AMD64_PLATFORM],
[AC_REQUIRE([AC_CANONICAL_HOST])dnl
AC_ARG_ENABLE([asm],
  [AS_HELP_STRING([--disable-asm],
                  [build only the portable C code, no assembler])],
  [], [enable_asm=yes])
AC_MSG_CHECKING([for an amd64 ELF assembler with CFI directives])
AS_IF([test "$enable_asm" = no],
  [bcry_amd64_as=no
   AC_MSG_RESULT([no (--disable-asm)])],
  [AS_CASE([$host_cpu],
     [x86_64|amd64],
       [AC_CACHE_VAL([bcry_cv_amd64_as],
          [AC_LINK_IFELSE([AC_LANG_PROGRAM([[
#if !defined (__x86_64__) || defined (__ILP32__)
# error the kernels assume the LP64 x86-64 ABI
#endif
__asm__ (".text\n\t"
         ".globl bcry_probe_fn\n\t"
         ".type bcry_probe_fn,@function\n\t"
         "bcry_probe_fn:\n\t"
         ".cfi_startproc\n\t"
         "pushq %rbp\n\t"
         ".cfi_adjust_cfa_offset 8\n\t"
         ".cfi_rel_offset %rbp, 0\n\t"
         "popq %rbp\n\t"
         ".cfi_adjust_cfa_offset -8\n\t"
         ".cfi_restore %rbp\n\t"
         "ret\n\t"
         ".cfi_endproc\n\t"
         ".size bcry_probe_fn,.-bcry_probe_fn\n\t"
         ".section .note.GNU-stack,\"\",@progbits\n\t"
         ".text\n\t");
void bcry_probe_fn (void);
]], [[bcry_probe_fn ();]])],
             [bcry_cv_amd64_as=yes], [bcry_cv_amd64_as=no])])
        bcry_amd64_as=$bcry_cv_amd64_as
        AC_MSG_RESULT([$bcry_amd64_as])],
     [bcry_amd64_as=no
      AC_MSG_RESULT([no (host cpu $host_cpu)])])])
AS_IF([test "$bcry_amd64_as" = yes],
  [AC_DEFINE([HAVE_COMPATIBLE_AMD64_AS], [1],
     [Define if the assembler takes the amd64 ELF kernels.])])
AM_CONDITIONAL([HAVE_COMPATIBLE_AMD64_AS], [test "$bcry_amd64_as" = yes])
])


# BCRY_ASM_AARCH64_PLATFORM
# -------------------------
# The same for aarch64: the LP64 ABI, ELF's .type and .size, CFI
# directives and .note.GNU-stack, with the Advanced SIMD registers the
# kernels take their operands in.  Sets bcry_aarch64_as,
# HAVE_COMPATIBLE_AARCH64_AS and its automake conditional.
AC_DEFUN([BCRY_ASM_AARCH64_PLATFORM],
[AC_REQUIRE([BCRY_ASM_AMD64_PLATFORM])dnl
AC_MSG_CHECKING([for an aarch64 ELF assembler with CFI directives])
AS_IF([test "$enable_asm" = no],
  [bcry_aarch64_as=no
   AC_MSG_RESULT([no (--disable-asm)])],
  [AS_CASE([$host_cpu],
     [aarch64],
       [AC_CACHE_VAL([bcry_cv_aarch64_as],
          [AC_LINK_IFELSE([AC_LANG_PROGRAM([[
#if !defined (__aarch64__) || defined (__ILP32__) || defined (__AARCH64EB__)
# error the kernels assume the little-endian LP64 aarch64 ABI
#endif
__asm__ (".text\n\t"
         ".globl bcry_probe_fn\n\t"
         ".type bcry_probe_fn,%function\n\t"
         "bcry_probe_fn:\n\t"
         ".cfi_startproc\n\t"
         "stp x29, x30, [sp, -16]!\n\t"
         ".cfi_adjust_cfa_offset 16\n\t"
         ".cfi_rel_offset x29, 0\n\t"
         "eor v0.16b, v1.16b, v2.16b\n\t"
         "ldp x29, x30, [sp], 16\n\t"
         ".cfi_adjust_cfa_offset -16\n\t"
         ".cfi_restore x29\n\t"
         "ret\n\t"
         ".cfi_endproc\n\t"
         ".size bcry_probe_fn,.-bcry_probe_fn\n\t"
         ".section .note.GNU-stack,\"\",%progbits\n\t"
         ".text\n\t");
void bcry_probe_fn (void);
]], [[bcry_probe_fn ();]])],
             [bcry_cv_aarch64_as=yes], [bcry_cv_aarch64_as=no])])
        bcry_aarch64_as=$bcry_cv_aarch64_as
        AC_MSG_RESULT([$bcry_aarch64_as])],
     [bcry_aarch64_as=no
      AC_MSG_RESULT([no (host cpu $host_cpu)])])])
AS_IF([test "$bcry_aarch64_as" = yes],
  [AC_DEFINE([HAVE_COMPATIBLE_AARCH64_AS], [1],
     [Define if the assembler takes the aarch64 ELF kernels.])])
AM_CONDITIONAL([HAVE_COMPATIBLE_AARCH64_AS], [test "$bcry_aarch64_as" = yes])
])


# BCRY_ASM_FAMILY(NAME, DESCRIPTION, SAMPLE, [ARCH])
# ------------------------------------------
# One instruction family: --disable-NAME-support, a link test of SAMPLE
# (instructions separated by ';', line breaks allowed) when the amd64
# platform passed (aarch64's when ARCH is aarch64), and on success ENABLE_<NAME>_SUPPORT in config.h,
# which cipher/simd-kernels.h turns into the kernels to build.  Appends
# NAME to bcry_asm_families and leaves the outcome in bcry_asm_NAME for
# the summary.
AC_DEFUN([BCRY_ASM_FAMILY],
[AC_REQUIRE([BCRY_ASM_AMD64_PLATFORM])dnl
AC_REQUIRE([BCRY_ASM_AARCH64_PLATFORM])dnl
AC_ARG_ENABLE([$1-support],
  [AS_HELP_STRING([--disable-$1-support], [do not build the $2 code])],
  [], [enable_$1_support=yes])
bcry_asm_families="$bcry_asm_families $1"
bcry_as_sample='m4_normalize([$3])'
AC_MSG_CHECKING([whether to build the $2 code])
AS_IF([test "$bcry_]m4_default([$4], [amd64])[_as" != yes],
  [bcry_asm_$1=no
   AC_MSG_RESULT([no (no usable ]m4_default([$4], [amd64])[ assembler)])],
  [test "$enable_$1_support" = no],
  [bcry_asm_$1=no
   AC_MSG_RESULT([no (--disable-$1-support)])],
  [AC_CACHE_VAL([bcry_cv_as_$1],
     [AC_LINK_IFELSE([AC_LANG_PROGRAM([[
__asm__ (".text\n\t"
         "bcry_probe_$1:\n\t"
         "$bcry_as_sample\n\t");
]], [])],
        [bcry_cv_as_$1=yes], [bcry_cv_as_$1=no])])
   bcry_asm_$1=$bcry_cv_as_$1
   AS_IF([test "$bcry_asm_$1" = yes],
     [AC_MSG_RESULT([yes])],
     [AC_MSG_RESULT([no (the assembler lacks it)])])])
AS_IF([test "$bcry_asm_$1" = yes],
  [AC_DEFINE([ENABLE_]m4_toupper([$1])[_SUPPORT], [1],
     [Define to build the $2 code.])])
])


# BCRY_ASM_ENDBR64
# ----------------
# Whether the assembler knows endbr64, the landing pad of Intel CET's
# indirect-branch tracking (HAVE_ENDBR64), and whether the compiler
# builds with CET on (__CET__, from -fcf-protection), which is when the
# kernels must start with it.  Sets bcry_endbr64 and bcry_cet.
AC_DEFUN([BCRY_ASM_ENDBR64],
[AC_REQUIRE([BCRY_ASM_AMD64_PLATFORM])dnl
bcry_endbr64=no
bcry_cet=no
AS_IF([test "$bcry_amd64_as" = yes],
  [AC_CACHE_CHECK([whether the assembler accepts endbr64],
     [bcry_cv_as_endbr64],
     [AC_LINK_IFELSE([AC_LANG_PROGRAM([[
__asm__ (".text\n\t"
         "bcry_probe_endbr64:\n\t"
         "endbr64\n\t");
]], [])],
        [bcry_cv_as_endbr64=yes], [bcry_cv_as_endbr64=no])])
   bcry_endbr64=$bcry_cv_as_endbr64
   AC_CACHE_CHECK([whether the compiler builds with CET (__CET__)],
     [bcry_cv_cc_cet],
     [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#ifndef __CET__
# error CET is off
#endif
]], [])],
        [bcry_cv_cc_cet=yes], [bcry_cv_cc_cet=no])])
   bcry_cet=$bcry_cv_cc_cet])
AS_IF([test "$bcry_endbr64" = yes],
  [AC_DEFINE([HAVE_ENDBR64], [1],
     [Define if the assembler accepts the endbr64 instruction.])])
])


# BCRY_ASM_PROBES
# ---------------
# Everything above, once.  The table lists each family with the sample
# its kernels depend on; a new family is one more row, with the
# architecture as a fourth field where it is not amd64.  The families of
# the other architecture come out as no.  The aarch64 samples switch the
# assembler to ARMv8-A with the crypto extension, as the kernel files
# do, since a compiler's default -march has not got it.
AC_DEFUN([BCRY_ASM_PROBES],
[BCRY_ASM_AMD64_PLATFORM
BCRY_ASM_AARCH64_PLATFORM
bcry_asm_families=
m4_map([BCRY_ASM_FAMILY], [
  [[sse2], [SSE2],
   [pxor %xmm0,%xmm1; paddq %xmm0,%xmm1]],
  [[ssse3], [SSSE3],
   [pshufb %xmm0,%xmm1; palignr $(8),%xmm0,%xmm1]],
  [[avx], [AVX],
   [vpxor %xmm0,%xmm1,%xmm2; vxorps %ymm0,%ymm1,%ymm2; vzeroupper]],
  [[avx2], [AVX2],
   [vpshufb %ymm0,%ymm1,%ymm2; vpbroadcastq %xmm0,%ymm1;
    vpermq $(0x4e),%ymm0,%ymm1]],
  [[aesni], [AES-NI and PCLMUL],
   [aesenc %xmm0,%xmm1; aesdeclast %xmm0,%xmm1;
    aeskeygenassist $(1),%xmm0,%xmm1; pclmulqdq $(0),%xmm0,%xmm1;
    vaesenclast %xmm0,%xmm1,%xmm2]],
  [[vaes], [VAES and VPCLMULQDQ],
   [vaesenc %ymm0,%ymm1,%ymm2; vaesdeclast %ymm0,%ymm1,%ymm2;
    vpclmulqdq $(0),%ymm0,%ymm1,%ymm2]],
  [[gfni], [GFNI],
   [gf2p8affineinvqb $(0),%xmm0,%xmm1;
    vgf2p8affineqb $(0),%ymm0,%ymm1,%ymm2]],
  [[avx512], [AVX-512 (F, VL, BW, DQ)],
   [vpternlogd $(0x96),%zmm0,%zmm1,%zmm2;
    vpshufb %zmm0,%zmm1,%zmm2{%k1}; kmovq %k1,%rax;
    vpmullq %zmm0,%zmm1,%zmm2; vpxord %ymm16,%ymm17,%ymm18;
    vpermi2b %zmm0,%zmm1,%zmm2]],
  [[neon], [aarch64 NEON (Advanced SIMD)],
   [eor v0.16b,v1.16b,v2.16b; tbl v0.16b,{v1.16b},v2.16b;
    ext v0.16b,v1.16b,v2.16b,8; ushr v0.2d,v1.2d,63], [aarch64]],
  [[armce], [aarch64 crypto extension (AES and PMULL)],
   [.arch armv8-a+crypto; aese v0.16b,v1.16b; aesmc v0.16b,v0.16b;
    aesd v0.16b,v1.16b; aesimc v0.16b,v0.16b;
    pmull v0.1q,v1.1d,v2.1d; pmull2 v0.1q,v1.2d,v2.2d], [aarch64]]])
BCRY_ASM_ENDBR64
])
