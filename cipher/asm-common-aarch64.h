/* asm-common-aarch64.h - directives shared by the aarch64 assembler kernels
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by every cipher/<algo>-<isa>-aarch64.S before its own guard,
 * the counterpart of asm-common-amd64.h: each object, even one whose
 * kernels configure left out, gets the notes the linker needs
 * (.note.GNU-stack, and .note.gnu.property when the compiler builds for
 * branch target identification or pointer authentication), and each
 * entry point its BTI landing pad and its call-frame (CFI) directives.
 */

#ifndef BCRY_ASM_COMMON_AARCH64_H
#define BCRY_ASM_COMMON_AARCH64_H

#include <config.h>

#ifdef __ELF__
# define ELF(...) __VA_ARGS__
#else
# define ELF(...)
#endif

#define CFI_STARTPROC() .cfi_startproc
#define CFI_ENDPROC() .cfi_endproc

/* With -mbranch-protection=bti (__ARM_FEATURE_BTI_DEFAULT) every
   function reached by an indirect call must start with BTI C; the kernels
   are called through the handle's table of bulk hooks.  The HINT form
   assembles on toolchains that do not know the mnemonic and is a no-op
   on cores without BTI.  */
#if defined (__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT == 1
# define BTI_C hint #34
# define AARCH64_BTI_BIT 1
#else
# define BTI_C
# define AARCH64_BTI_BIT 0
#endif

/* Return-address signing (-mbranch-protection=pac-ret): a kernel that
   saves x30 on the stack signs it first with PACIASP and checks it with
   AUTIASP before RET; leaf kernels never spill x30 and need neither.
   Both are HINT-space instructions, no-ops without the feature.  */
#if defined (__ARM_FEATURE_PAC_DEFAULT) && (__ARM_FEATURE_PAC_DEFAULT & 3)
# define PACIASP hint #25
# define AUTIASP hint #29
# define AARCH64_PAC_BIT 2
#else
# define PACIASP
# define AUTIASP
# define AARCH64_PAC_BIT 0
#endif

/* The start of a global function NAME.  */
#define ENTRY(name)                                                     \
  .globl name;                                                          \
  ELF (.type name, %function;)                                          \
  .align 4;                                                             \
  name:                                                                 \
  CFI_STARTPROC ();                                                     \
  BTI_C;

#define END(name)                                                       \
  CFI_ENDPROC ();                                                       \
  ELF (.size name, . - name)

/* At the end of each file: without it the linker assumes the object
   needs an executable stack and gives the whole library one.  */
#define GNU_STACK_NOTE ELF (.section .note.GNU-stack, "", %progbits)

/* The linker marks the library BTI- or PAC-compatible only if every
   object says so, in an NT_GNU_PROPERTY_TYPE_0 note, owner "GNU", with
   GNU_PROPERTY_AARCH64_FEATURE_1_AND (0xc0000000): four bytes of feature
   bits, padded to eight.  */
#if defined (__ELF__) && (AARCH64_BTI_BIT | AARCH64_PAC_BIT)
	.pushsection .note.gnu.property, "a"
	.p2align 3
	.long 4
	.long 16
	.long 5
	.asciz "GNU"
	.long 0xc0000000
	.long 4
	.long (AARCH64_BTI_BIT | AARCH64_PAC_BIT)
	.p2align 3
	.popsection
#endif

#endif /* BCRY_ASM_COMMON_AARCH64_H */
