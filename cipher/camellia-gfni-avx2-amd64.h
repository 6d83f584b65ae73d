/* camellia-gfni-avx2-amd64.h - what the GFNI/AVX2 Camellia files share
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The one- and two-stream kernels (camellia-gfni-avx2-amd64.S and
 * camellia-gfni-avx2-2x-amd64.S) differ only in their width; this is
 * the rest: YMM registers, the S-boxes as GF2P8AFFINEQB and
 * GF2P8AFFINEINVQB with the matrices of camellia-gfni-avx512-amd64.S,
 * and the template of camellia-simd-amd64.h.  Each file gets its own
 * copy of the 192 bytes of constants, local to it.
 */

#define V(n) %ymm##n
#define CAM_W 32

/* The S-boxes' matrices (see SBOX_MATRICES) and output constants.  */
#define CAM_A123 .Lcam_pre123(%rip)
#define CAM_A4 .Lcam_pre4(%rip)
#define CAM_B14 .Lcam_post14(%rip)
#define CAM_B2 .Lcam_post2(%rip)
#define CAM_B3 .Lcam_post3(%rip)
#define POSTC_1 0x6e
#define POSTC_2 0xdc
#define POSTC_3 0x37
#define POSTC_4 0x6e
#define SHR7(x, d) vgf2p8affineqb $0, .Lcam_shr7(%rip), x, d

#include "camellia-simd-amd64.h"

.section .rodata
.align 32
/* The matrices of camellia-gfni-avx512-amd64.S, one per 64-bit lane.  */
#define QUAD4(q) .quad q, q, q, q
.Lcam_pre123:	QUAD4 (0x269e7e25a68caea4)
.Lcam_pre4:	QUAD4 (0x134f3f9253465752)
.Lcam_post14:	QUAD4 (0xf2672b2d3394f6cc)
.Lcam_post2:	QUAD4 (0xccf2672b2d3394f6)
.Lcam_post3:	QUAD4 (0x672b2d3394f6ccf2)
.Lcam_shr7:	QUAD4 (0x8000000000000000)

.text
