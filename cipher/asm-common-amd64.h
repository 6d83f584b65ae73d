/* asm-common-amd64.h - directives shared by the amd64 assembler kernels
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by every cipher/<algo>-<isa>-amd64.S before its own guard:
 * it gives each object, even one whose kernels configure left out, the
 * notes the linker needs (.note.GNU-stack, and .note.gnu.property under
 * Intel CET), and each entry point its ENDBR64 landing pad and its
 * call-frame (CFI) directives; also the one piece of the kernel ABI
 * that more than one template reads the same way (OCB's L_ntz).
 */

#ifndef BCRY_ASM_COMMON_AMD64_H
#define BCRY_ASM_COMMON_AMD64_H

#include <config.h>

/* Keeps ELF-only directives (.type, .size) out of other formats.  */
#ifdef __ELF__
# define ELF(...) __VA_ARGS__
#else
# define ELF(...)
#endif

/* The call frame as debuggers and unwinders see it.  A kernel that moves
   the stack pointer or saves a register says so with .cfi_ directives
   next to the instruction: camellia-amd64.S's PUSH, POP and its frame,
   the aligned frames of camellia-simd-amd64.h and
   camellia-gfni-avx512-amd64.S, which make %rbp the frame's base.  */
#define CFI_STARTPROC() .cfi_startproc
#define CFI_ENDPROC() .cfi_endproc

/* Under Intel CET (-fcf-protection defines __CET__) each entry point
   starts with ENDBR64, the landing pad indirect calls need under IBT;
   IBT is claimed only when the assembler knows that instruction
   (HAVE_ENDBR64, from configure).  The kernels keep the shadow stack
   intact (plain call and ret), so SHSTK is claimed whenever CET is on.  */
#if defined (__CET__) && (__CET__ & 1) && defined (HAVE_ENDBR64)
# define ENDBR64 endbr64
# define CET_IBT_BIT 1
#else
# define ENDBR64
# define CET_IBT_BIT 0
#endif

#if defined (__CET__) && (__CET__ & 2)
# define CET_SHSTK_BIT 2
#else
# define CET_SHSTK_BIT 0
#endif

/* The start of a global function NAME, aligned for the decoders.  */
#define ENTRY(name)                                                     \
  .globl name;                                                          \
  ELF (.type name, @function;)                                          \
  .align 16;                                                            \
  name:                                                                 \
  CFI_STARTPROC ();                                                     \
  ENDBR64;

#define END(name)                                                       \
  CFI_ENDPROC ();                                                       \
  ELF (.size name, . - name)

/* At the end of each file: without it the linker assumes the object
   needs an executable stack and gives the whole library one.  */
#define GNU_STACK_NOTE ELF (.section .note.GNU-stack, "", @progbits)

/* OCB's bulk_ocb_state_t (src/cipher-proto.h): the pointer to L_ntz(i)
   of block I of the call (RFC 7253, 4.1) in %r10.  %rax counts the
   blocks (the state's blkn, one up per block), %r9 is L and %r11 a zero
   block, taken for the blocks from N (%r8) on, so that the offset
   chained through them stays that of block N - 1.  Blkn is public: the
   branch-free ntz is not needed.  */
#define OCB_L(i)                                                        \
	incq %rax; bsfq %rax, %r10; shlq $4, %r10; addq %r9, %r10;      \
	cmpq $(i), %r8; cmovbe %r11, %r10

/* The linker marks the library CET-compatible only if every object
   says so, in an NT_GNU_PROPERTY_TYPE_0 note, owner "GNU", holding one
   property: GNU_PROPERTY_X86_FEATURE_1_AND (0xc0000002), four bytes of
   feature bits, padded to eight.  */
#if defined (__ELF__) && (CET_IBT_BIT | CET_SHSTK_BIT)
	.pushsection .note.gnu.property, "a"
	.p2align 3
	.long 4
	.long 16
	.long 5
	.asciz "GNU"
	.long 0xc0000002
	.long 4
	.long (CET_IBT_BIT | CET_SHSTK_BIT)
	.p2align 3
	.popsection
#endif

#endif /* BCRY_ASM_COMMON_AMD64_H */
