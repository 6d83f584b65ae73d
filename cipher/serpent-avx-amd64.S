/* serpent-avx-amd64.S - Serpent on eight or twelve blocks at once with
 * AVX
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The word-sliced Serpent of serpent-simd-amd64.h (see there for the
 * layout and the S-box circuits) in XMM registers, as
 * serpent-sse2-amd64.S, with the rounds VEX-encoded: the three-operand
 * forms need none of the copies SSE2 makes, and the round keys are
 * broadcast straight from memory.  For CPUs with AVX but not AVX2 (and
 * below the sixteen-block AVX2 kernels' width).  The entry points,
 * _bcry_serpent_avx_*_blk8, are those the template describes; the
 * _blk12 ones interleave three sets of four blocks
 * (serpent-xmm12-amd64.h), not two.
 */

#include "asm-common-amd64.h"
#include "simd-kernels.h"
#include "kernel-state.h"

#ifdef USE_SERPENT_AVX

#define V(n) %xmm##n
#define SERPENT_VEX 1
#define VBCAST(m, r) vbroadcastss m, r
#define SERPENT_SYM(op) _bcry_serpent_avx_##op##_blk8

#include "serpent-simd-amd64.h"

#define SERPENT12_SYM(op) _bcry_serpent_avx_##op##_blk12

#include "serpent-xmm12-amd64.h"

#endif /* USE_SERPENT_AVX */

GNU_STACK_NOTE
