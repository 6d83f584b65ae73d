/* aes-vaes-core.h - one AES core of aes-vaes-amd64.h
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included once for each core, with CORE_DIR (enc or dec) and
 * CORE_ROWS (2, 4, 6 or 8, the rows it works on) defined; it defines
 * LOCAL (encR) and LOCAL (encR_k0), or dec, around the rounds of
 * aes-vaes-rounds.h.
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
#define ROUNDS_OP CORE_OP
#define ROUNDS_OPLAST CORE_OPLAST
#define ROUNDS_ROWS CORE_ROWS
#include "aes-vaes-rounds.h"
	ret
	CFI_ENDPROC ()
ELF (.size CORE_NAME, . - CORE_NAME)

#undef CORE_NAME
#undef CORE_NAME_K0
#undef CORE_OP
#undef CORE_OPLAST
#undef CORE_DIR
#undef CORE_ROWS
