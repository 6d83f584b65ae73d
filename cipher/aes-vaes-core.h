/* aes-vaes-core.h - one AES core of aes-vaes-amd64.h
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included once for each core, with CORE_DIR (enc or dec) and
 * CORE_ROWS (2, 4, 6 or 8, the rows it works on) defined; it defines
 * LOCAL (encR) and LOCAL (encR_k0), or dec.  A file rather than a
 * macro, so that each round has a line of its own for debuggers and
 * profilers.
 */

#ifndef CORE_CAT
# define CORE_CAT(a, b) CORE_CAT_ (a, b)
# define CORE_CAT_(a, b) a##b
# define CORE_FN(x) CORE_FN_ (x)
# define CORE_FN_(x) LOCAL (x)
#endif
#define CORE_NAME CORE_FN (CORE_CAT (CORE_DIR, CORE_ROWS))
#define CORE_NAME_K0 CORE_FN (CORE_CAT (CORE_CAT (CORE_DIR, CORE_ROWS), _k0))
#define CORE_OP CORE_CAT (vaes, CORE_DIR)
#define CORE_OPLAST CORE_CAT (CORE_OP, last)

.align 16
CORE_NAME:
	CFI_STARTPROC ()
	XORR_K0 (CORE_ROWS)
CORE_NAME_K0:
	cmpl $12, AES_CTX_ROUNDS(%rdi)
	jb 1f
	je 2f
	ROUNDR (CORE_OP, 1, CORE_ROWS)
	ROUNDR (CORE_OP, 2, CORE_ROWS)
2:	ROUNDR (CORE_OP, 3, CORE_ROWS)
	ROUNDR (CORE_OP, 4, CORE_ROWS)
1:	ROUNDR (CORE_OP, 5, CORE_ROWS)
	ROUNDR (CORE_OP, 6, CORE_ROWS)
	ROUNDR (CORE_OP, 7, CORE_ROWS)
	ROUNDR (CORE_OP, 8, CORE_ROWS)
	ROUNDR (CORE_OP, 9, CORE_ROWS)
	ROUNDR (CORE_OP, 10, CORE_ROWS)
	ROUNDR (CORE_OP, 11, CORE_ROWS)
	ROUNDR (CORE_OP, 12, CORE_ROWS)
	ROUNDR (CORE_OP, 13, CORE_ROWS)
	ROUNDR (CORE_OPLAST, 14, CORE_ROWS)
	ret
	CFI_ENDPROC ()
ELF (.size CORE_NAME, . - CORE_NAME)

#undef CORE_NAME
#undef CORE_NAME_K0
#undef CORE_OP
#undef CORE_OPLAST
#undef CORE_DIR
#undef CORE_ROWS
