/* aes-vaes-rounds.h - the rounds of one AES group, in line
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included with ROUNDS_OP (vaesenc or vaesdec), ROUNDS_OPLAST and
 * ROUNDS_ROWS (2, 4, 6 or 8) defined, key 0 already added, %rdi the
 * context: the rounds of key index 1 to 13 (aes-vaes-amd64.h counts so
 * that the last has index 14: AES-128 starts at 5, AES-192 at 3), then
 * the last, by ROUNDS_LAST (oplast) where that is defined.  The cores
 * of aes-vaes-core.h and the loops that run their rounds in line share
 * it; a file rather than a macro, so that each round has a line of its
 * own for debuggers and profilers.
 */

	cmpl $12, AES_CTX_ROUNDS(%rdi)
	jb 1f
	je 2f
	ROUNDR (ROUNDS_OP, 1, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 2, ROUNDS_ROWS)
2:	ROUNDR (ROUNDS_OP, 3, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 4, ROUNDS_ROWS)
1:	ROUNDR (ROUNDS_OP, 5, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 6, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 7, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 8, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 9, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 10, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 11, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 12, ROUNDS_ROWS)
	ROUNDR (ROUNDS_OP, 13, ROUNDS_ROWS)
#ifdef ROUNDS_LAST
	ROUNDS_LAST (ROUNDS_OPLAST)
#else
	ROUNDR (ROUNDS_OPLAST, 14, ROUNDS_ROWS)
#endif

#undef ROUNDS_OP
#undef ROUNDS_OPLAST
#undef ROUNDS_ROWS
#undef ROUNDS_LAST
