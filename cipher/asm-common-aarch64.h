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

/* With return-address signing, the unwinder must know where x30 holds
   a signed address.  */
#if AARCH64_PAC_BIT
# define CFI_NEGATE_RA_STATE .cfi_negate_ra_state
#else
# define CFI_NEGATE_RA_STATE
#endif

/* For the kernels that use x19-x28: save them and x29, x30 (x30 signed
   first) at the bottom of a frame of FRAME bytes, at least 96 and a
   multiple of 16; the kernel has the rest, from sp + 96.
   POP_X19_X30 (FRAME) restores them and checks x30, ready for RET.  */
#define PUSH_X19_X30(frame)                                             \
	PACIASP;                                                        \
	CFI_NEGATE_RA_STATE;                                            \
	stp x29, x30, [sp, #-(frame)]!;                                 \
	.cfi_adjust_cfa_offset (frame);                                 \
	.cfi_rel_offset x29, 0;                                         \
	.cfi_rel_offset x30, 8;                                         \
	stp x19, x20, [sp, #16];                                        \
	.cfi_rel_offset x19, 16;                                        \
	.cfi_rel_offset x20, 24;                                        \
	stp x21, x22, [sp, #32];                                        \
	.cfi_rel_offset x21, 32;                                        \
	.cfi_rel_offset x22, 40;                                        \
	stp x23, x24, [sp, #48];                                        \
	.cfi_rel_offset x23, 48;                                        \
	.cfi_rel_offset x24, 56;                                        \
	stp x25, x26, [sp, #64];                                        \
	.cfi_rel_offset x25, 64;                                        \
	.cfi_rel_offset x26, 72;                                        \
	stp x27, x28, [sp, #80];                                        \
	.cfi_rel_offset x27, 80;                                        \
	.cfi_rel_offset x28, 88

/* Zero x1-x17, the caller-saved registers a kernel may have left key
   or data in (x0 is the kernel's to clear or to return in).  */
#define CLEAR_X1_X17                                                    \
	mov x1, #0; mov x2, #0; mov x3, #0; mov x4, #0; mov x5, #0;     \
	mov x6, #0; mov x7, #0; mov x8, #0; mov x9, #0; mov x10, #0;    \
	mov x11, #0; mov x12, #0; mov x13, #0; mov x14, #0;             \
	mov x15, #0; mov x16, #0; mov x17, #0

#define POP_X19_X30(frame)                                              \
	ldp x19, x20, [sp, #16];                                        \
	.cfi_restore x19;                                               \
	.cfi_restore x20;                                               \
	ldp x21, x22, [sp, #32];                                        \
	.cfi_restore x21;                                               \
	.cfi_restore x22;                                               \
	ldp x23, x24, [sp, #48];                                        \
	.cfi_restore x23;                                               \
	.cfi_restore x24;                                               \
	ldp x25, x26, [sp, #64];                                        \
	.cfi_restore x25;                                               \
	.cfi_restore x26;                                               \
	ldp x27, x28, [sp, #80];                                        \
	.cfi_restore x27;                                               \
	.cfi_restore x28;                                               \
	ldp x29, x30, [sp], #(frame);                                   \
	.cfi_adjust_cfa_offset -(frame);                                \
	.cfi_restore x29;                                               \
	.cfi_restore x30;                                               \
	AUTIASP;                                                        \
	CFI_NEGATE_RA_STATE

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
