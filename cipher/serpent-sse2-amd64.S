/* serpent-sse2-amd64.S - Serpent on eight or twelve blocks at once
 * with SSE2
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The word-sliced Serpent of serpent-simd-amd64.h (see there for the
 * layout and the S-box circuits) in XMM registers with SSE2's
 * two-operand instructions, for CPUs without AVX: two sets of four
 * blocks, eight per call.  The entry points, _bcry_serpent_sse2_*_blk8,
 * are those the template describes; the _blk12 ones interleave three
 * sets of four blocks (serpent-xmm12-amd64.h), not two.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_SERPENT_SSE2

#define V(n) %xmm##n
#define SERPENT_SYM(op) _bcry_serpent_sse2_##op##_blk8

#include "serpent-simd-amd64.h"

#define SERPENT12_SYM(op) _bcry_serpent_sse2_##op##_blk12

#include "serpent-xmm12-amd64.h"

#endif /* USE_SERPENT_SSE2 */

GNU_STACK_NOTE
