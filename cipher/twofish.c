/* twofish.c - the Twofish block cipher in portable C
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Twofish with 128-, 192- and 256-bit keys as specified in "Twofish: A
 * 128-Bit Block Cipher" by B. Schneier, J. Kelsey, D. Whiting,
 * D. Wagner, C. Hall and N. Ferguson (AES submission, 15 June 1998).
 *
 * This is the paper's "full keying" option: setkey runs the
 * key-dependent S-boxes of g through the MDS matrix once for every
 * input byte value, giving four 256-entry tables of 32-bit words, so
 * that g in a round is four table lookups and three xors.  The last of
 * the fixed permutations q0/q1 in front of the MDS matrix is folded
 * into a constant table as well, which keeps key setup to two to four
 * byte lookups per table entry.
 */

#include <config.h>

#include <limits.h>
#include "bufhelp.h"
#include "cipher-proto.h"
#include "simd-kernels.h"

#ifdef __GNUC__
# define ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
# define ALWAYS_INLINE inline
#endif

typedef struct
{
  /* s[j][x]: the MDS matrix applied to the output of S-box j for input
     byte x, with zeros in the other three S-box outputs.  g (X) is the
     xor of s[j][byte j of X] over the four bytes.  Aligned so that
     twofish_prefetch's reads fall one in each cache line.  */
  u32 s[4][256] BCRY_ALIGN (64);
  u32 k[40];                    /* K_0 ... K_39 of the paper.  */
  /* sb[j][x]: S-box j alone, before the MDS matrix, for the AVX-512
     VBMI kernels' byte lookups and twofish_avx2_tables; built where
     there is GFNI, which both SIMD entries need.  */
  byte sb[4][256] BCRY_ALIGN (64);
  /* tb[p][k]: table k of the AVX2 kernels' VPSHUFB lookups for S-box
     2 p (bytes 0-15) and 2 p + 1 (16-31), twofish_avx2_tables; built
     only for them.  */
  byte tb[2][16][32];
} TWOFISH_context;


/* The permutations q0 and q1, built from the 4-bit tables t0...t3 the
   paper gives for each (section "The Permutations q0 and q1").  */
static const byte twofish_q[2][256] =
  {
  { /* q0 */
    0xa9, 0x67, 0xb3, 0xe8, 0x04, 0xfd, 0xa3, 0x76, 0x9a, 0x92, 0x80, 0x78,
    0xe4, 0xdd, 0xd1, 0x38, 0x0d, 0xc6, 0x35, 0x98, 0x18, 0xf7, 0xec, 0x6c,
    0x43, 0x75, 0x37, 0x26, 0xfa, 0x13, 0x94, 0x48, 0xf2, 0xd0, 0x8b, 0x30,
    0x84, 0x54, 0xdf, 0x23, 0x19, 0x5b, 0x3d, 0x59, 0xf3, 0xae, 0xa2, 0x82,
    0x63, 0x01, 0x83, 0x2e, 0xd9, 0x51, 0x9b, 0x7c, 0xa6, 0xeb, 0xa5, 0xbe,
    0x16, 0x0c, 0xe3, 0x61, 0xc0, 0x8c, 0x3a, 0xf5, 0x73, 0x2c, 0x25, 0x0b,
    0xbb, 0x4e, 0x89, 0x6b, 0x53, 0x6a, 0xb4, 0xf1, 0xe1, 0xe6, 0xbd, 0x45,
    0xe2, 0xf4, 0xb6, 0x66, 0xcc, 0x95, 0x03, 0x56, 0xd4, 0x1c, 0x1e, 0xd7,
    0xfb, 0xc3, 0x8e, 0xb5, 0xe9, 0xcf, 0xbf, 0xba, 0xea, 0x77, 0x39, 0xaf,
    0x33, 0xc9, 0x62, 0x71, 0x81, 0x79, 0x09, 0xad, 0x24, 0xcd, 0xf9, 0xd8,
    0xe5, 0xc5, 0xb9, 0x4d, 0x44, 0x08, 0x86, 0xe7, 0xa1, 0x1d, 0xaa, 0xed,
    0x06, 0x70, 0xb2, 0xd2, 0x41, 0x7b, 0xa0, 0x11, 0x31, 0xc2, 0x27, 0x90,
    0x20, 0xf6, 0x60, 0xff, 0x96, 0x5c, 0xb1, 0xab, 0x9e, 0x9c, 0x52, 0x1b,
    0x5f, 0x93, 0x0a, 0xef, 0x91, 0x85, 0x49, 0xee, 0x2d, 0x4f, 0x8f, 0x3b,
    0x47, 0x87, 0x6d, 0x46, 0xd6, 0x3e, 0x69, 0x64, 0x2a, 0xce, 0xcb, 0x2f,
    0xfc, 0x97, 0x05, 0x7a, 0xac, 0x7f, 0xd5, 0x1a, 0x4b, 0x0e, 0xa7, 0x5a,
    0x28, 0x14, 0x3f, 0x29, 0x88, 0x3c, 0x4c, 0x02, 0xb8, 0xda, 0xb0, 0x17,
    0x55, 0x1f, 0x8a, 0x7d, 0x57, 0xc7, 0x8d, 0x74, 0xb7, 0xc4, 0x9f, 0x72,
    0x7e, 0x15, 0x22, 0x12, 0x58, 0x07, 0x99, 0x34, 0x6e, 0x50, 0xde, 0x68,
    0x65, 0xbc, 0xdb, 0xf8, 0xc8, 0xa8, 0x2b, 0x40, 0xdc, 0xfe, 0x32, 0xa4,
    0xca, 0x10, 0x21, 0xf0, 0xd3, 0x5d, 0x0f, 0x00, 0x6f, 0x9d, 0x36, 0x42,
    0x4a, 0x5e, 0xc1, 0xe0
  },
  { /* q1 */
    0x75, 0xf3, 0xc6, 0xf4, 0xdb, 0x7b, 0xfb, 0xc8, 0x4a, 0xd3, 0xe6, 0x6b,
    0x45, 0x7d, 0xe8, 0x4b, 0xd6, 0x32, 0xd8, 0xfd, 0x37, 0x71, 0xf1, 0xe1,
    0x30, 0x0f, 0xf8, 0x1b, 0x87, 0xfa, 0x06, 0x3f, 0x5e, 0xba, 0xae, 0x5b,
    0x8a, 0x00, 0xbc, 0x9d, 0x6d, 0xc1, 0xb1, 0x0e, 0x80, 0x5d, 0xd2, 0xd5,
    0xa0, 0x84, 0x07, 0x14, 0xb5, 0x90, 0x2c, 0xa3, 0xb2, 0x73, 0x4c, 0x54,
    0x92, 0x74, 0x36, 0x51, 0x38, 0xb0, 0xbd, 0x5a, 0xfc, 0x60, 0x62, 0x96,
    0x6c, 0x42, 0xf7, 0x10, 0x7c, 0x28, 0x27, 0x8c, 0x13, 0x95, 0x9c, 0xc7,
    0x24, 0x46, 0x3b, 0x70, 0xca, 0xe3, 0x85, 0xcb, 0x11, 0xd0, 0x93, 0xb8,
    0xa6, 0x83, 0x20, 0xff, 0x9f, 0x77, 0xc3, 0xcc, 0x03, 0x6f, 0x08, 0xbf,
    0x40, 0xe7, 0x2b, 0xe2, 0x79, 0x0c, 0xaa, 0x82, 0x41, 0x3a, 0xea, 0xb9,
    0xe4, 0x9a, 0xa4, 0x97, 0x7e, 0xda, 0x7a, 0x17, 0x66, 0x94, 0xa1, 0x1d,
    0x3d, 0xf0, 0xde, 0xb3, 0x0b, 0x72, 0xa7, 0x1c, 0xef, 0xd1, 0x53, 0x3e,
    0x8f, 0x33, 0x26, 0x5f, 0xec, 0x76, 0x2a, 0x49, 0x81, 0x88, 0xee, 0x21,
    0xc4, 0x1a, 0xeb, 0xd9, 0xc5, 0x39, 0x99, 0xcd, 0xad, 0x31, 0x8b, 0x01,
    0x18, 0x23, 0xdd, 0x1f, 0x4e, 0x2d, 0xf9, 0x48, 0x4f, 0xf2, 0x65, 0x8e,
    0x78, 0x5c, 0x58, 0x19, 0x8d, 0xe5, 0x98, 0x57, 0x67, 0x7f, 0x05, 0x64,
    0xaf, 0x63, 0xb6, 0xfe, 0xf5, 0xb7, 0x3c, 0xa5, 0xce, 0xe9, 0x68, 0x44,
    0xe0, 0x4d, 0x43, 0x69, 0x29, 0x2e, 0xac, 0x15, 0x59, 0xa8, 0x0a, 0x9e,
    0x6e, 0x47, 0xdf, 0x34, 0x35, 0x6a, 0xcf, 0xdc, 0x22, 0xc9, 0xc0, 0x9b,
    0x89, 0xd4, 0xed, 0xab, 0x12, 0xa2, 0x0d, 0x52, 0xbb, 0x02, 0x2f, 0xa9,
    0xd7, 0x61, 0x1e, 0xb4, 0x50, 0x04, 0xf6, 0xc2, 0x16, 0x25, 0x86, 0x56,
    0x55, 0x09, 0xbe, 0x91
  }
  };

/* Column j of the MDS matrix times q(x), over GF(2^8) modulo
   x^8 + x^6 + x^5 + x^3 + 1, where q is the permutation that ends the
   S-box of byte j: q1, q0, q1, q0.  Output byte i of the matrix product
   is byte i of the word.  */
static const u32 twofish_mds[4][256] =
  {
  { /* column 0 (01, 5b, ef, ef) after q1 */
    0xbcbc3275, 0xecec21f3, 0x202043c6, 0xb3b3c9f4, 0xdada03db, 0x02028b7b,
    0xe2e22bfb, 0x9e9efac8, 0xc9c9ec4a, 0xd4d409d3, 0x18186be6, 0x1e1e9f6b,
    0x98980e45, 0xb2b2387d, 0xa6a6d2e8, 0x2626b74b, 0x3c3c57d6, 0x93938a32,
    0x8282eed8, 0x525298fd, 0x7b7bd437, 0xbbbb3771, 0x5b5b97f1, 0x474783e1,
    0x24243c30, 0x5151e20f, 0xbabac6f8, 0x4a4af31b, 0xbfbf4887, 0x0d0d70fa,
    0xb0b0b306, 0x7575de3f, 0xd2d2fd5e, 0x7d7d20ba, 0x666631ae, 0x3a3aa35b,
    0x59591c8a, 0x00000000, 0xcdcd93bc, 0x1a1ae09d, 0xaeae2c6d, 0x7f7fabc1,
    0x2b2bc7b1, 0xbebeb90e, 0xe0e0a080, 0x8a8a105d, 0x3b3b52d2, 0x6464bad5,
    0xd8d888a0, 0xe7e7a584, 0x5f5fe807, 0x1b1b1114, 0x2c2cc2b5, 0xfcfcb490,
    0x3131272c, 0x808065a3, 0x73732ab2, 0x0c0c8173, 0x79795f4c, 0x6b6b4154,
    0x4b4b0292, 0x53536974, 0x94948f36, 0x83831f51, 0x2a2a3638, 0xc4c49cb0,
    0x2222c8bd, 0xd5d5f85a, 0xbdbdc3fc, 0x48487860, 0xffffce62, 0x4c4c0796,
    0x4141776c, 0xc7c7e642, 0xebeb24f7, 0x1c1c1410, 0x5d5d637c, 0x36362228,
    0x6767c027, 0xe9e9af8c, 0x4444f913, 0x1414ea95, 0xf5f5bb9c, 0xcfcf18c7,
    0x3f3f2d24, 0xc0c0e346, 0x7272db3b, 0x54546c70, 0x29294cca, 0xf0f035e3,
    0x0808fe85, 0xc6c617cb, 0xf3f34f11, 0x8c8ce4d0, 0xa4a45993, 0xcaca96b8,
    0x68683ba6, 0xb8b84d83, 0x38382820, 0xe5e52eff, 0xadad569f, 0x0b0b8477,
    0xc8c81dc3, 0x9999ffcc, 0x5858ed03, 0x19199a6f, 0x0e0e0a08, 0x95957ebf,
    0x70705040, 0xf7f730e7, 0x6e6ecf2b, 0x1f1f6ee2, 0xb5b53d79, 0x09090f0c,
    0x616134aa, 0x57571682, 0x9f9f0b41, 0x9d9d803a, 0x111164ea, 0x2525cdb9,
    0xafafdde4, 0x4545089a, 0xdfdf8da4, 0xa3a35c97, 0xeaead57e, 0x353558da,
    0xededd07a, 0x4343fc17, 0xf8f8cb66, 0xfbfbb194, 0x3737d3a1, 0xfafa401d,
    0xc2c2683d, 0xb4b4ccf0, 0x32325dde, 0x9c9c71b3, 0x5656e70b, 0xe3e3da72,
    0x878760a7, 0x15151b1c, 0xf9f93aef, 0x6363bfd1, 0x3434a953, 0x9a9a853e,
    0xb1b1428f, 0x7c7cd133, 0x88889b26, 0x3d3da65f, 0xa1a1d7ec, 0xe4e4df76,
    0x8181942a, 0x91910149, 0x0f0ffb81, 0xeeeeaa88, 0x161661ee, 0xd7d77321,
    0x9797f5c4, 0xa5a5a81a, 0xfefe3feb, 0x6d6db5d9, 0x7878aec5, 0xc5c56d39,
    0x1d1de599, 0x7676a4cd, 0x3e3edcad, 0xcbcb6731, 0xb6b6478b, 0xefef5b01,
    0x12121e18, 0x6060c523, 0x6a6ab0dd, 0x4d4df61f, 0xcecee94e, 0xdede7c2d,
    0x55559df9, 0x7e7e5a48, 0x2121b24f, 0x03037af2, 0xa0a02665, 0x5e5e198e,
    0x5a5a6678, 0x65654b5c, 0x62624e58, 0xfdfd4519, 0x0606f48d, 0x404086e5,
    0xf2f2be98, 0x3333ac57, 0x17179067, 0x05058e7f, 0xe8e85e05, 0x4f4f7d64,
    0x89896aaf, 0x10109563, 0x74742fb6, 0x0a0a75fe, 0x5c5c92f5, 0x9b9b74b7,
    0x2d2d333c, 0x3030d6a5, 0x2e2e49ce, 0x494989e9, 0x46467268, 0x77775544,
    0xa8a8d8e0, 0x9696044d, 0x2828bd43, 0xa9a92969, 0xd9d97929, 0x8686912e,
    0xd1d187ac, 0xf4f44a15, 0x8d8d1559, 0xd6d682a8, 0xb9b9bc0a, 0x42420d9e,
    0xf6f6c16e, 0x2f2fb847, 0xdddd06df, 0x23233934, 0xcccc6235, 0xf1f1c46a,
    0xc1c112cf, 0x8585ebdc, 0x8f8f9e22, 0x7171a1c9, 0x9090f0c0, 0xaaaa539b,
    0x0101f189, 0x8b8be1d4, 0x4e4e8ced, 0x8e8e6fab, 0xababa212, 0x6f6f3ea2,
    0xe6e6540d, 0xdbdbf252, 0x92927bbb, 0xb7b7b602, 0x6969ca2f, 0x3939d9a9,
    0xd3d30cd7, 0xa7a72361, 0xa2a2ad1e, 0xc3c399b4, 0x6c6c4450, 0x07070504,
    0x04047ff6, 0x272746c2, 0xacaca716, 0xd0d07625, 0x50501386, 0xdcdcf756,
    0x84841a55, 0xe1e15109, 0x7a7a25be, 0x1313ef91
  },
  { /* column 1 (ef, ef, 5b, 01) after q0 */
    0xa9d93939, 0x67901717, 0xb3719c9c, 0xe8d2a6a6, 0x04050707, 0xfd985252,
    0xa3658080, 0x76dfe4e4, 0x9a084545, 0x92024b4b, 0x80a0e0e0, 0x78665a5a,
    0xe4ddafaf, 0xddb06a6a, 0xd1bf6363, 0x38362a2a, 0x0d54e6e6, 0xc6432020,
    0x3562cccc, 0x98bef2f2, 0x181e1212, 0xf724ebeb, 0xecd7a1a1, 0x6c774141,
    0x43bd2828, 0x7532bcbc, 0x37d47b7b, 0x269b8888, 0xfa700d0d, 0x13f94444,
    0x94b1fbfb, 0x485a7e7e, 0xf27a0303, 0xd0e48c8c, 0x8b47b6b6, 0x303c2424,
    0x84a5e7e7, 0x54416b6b, 0xdf06dddd, 0x23c56060, 0x1945fdfd, 0x5ba33a3a,
    0x3d68c2c2, 0x59158d8d, 0xf321ecec, 0xae316666, 0xa23e6f6f, 0x82165757,
    0x63951010, 0x015befef, 0x834db8b8, 0x2e918686, 0xd9b56d6d, 0x511f8383,
    0x9b53aaaa, 0x7c635d5d, 0xa63b6868, 0xeb3ffefe, 0xa5d63030, 0xbe257a7a,
    0x16a7acac, 0x0c0f0909, 0xe335f0f0, 0x6123a7a7, 0xc0f09090, 0x8cafe9e9,
    0x3a809d9d, 0xf5925c5c, 0x73810c0c, 0x2c273131, 0x2576d0d0, 0x0be75656,
    0xbb7b9292, 0x4ee9cece, 0x89f10101, 0x6b9f1e1e, 0x53a93434, 0x6ac4f1f1,
    0xb499c3c3, 0xf1975b5b, 0xe1834747, 0xe66b1818, 0xbdc82222, 0x450e9898,
    0xe26e1f1f, 0xf4c9b3b3, 0xb62f7474, 0x66cbf8f8, 0xccff9999, 0x95ea1414,
    0x03ed5858, 0x56f7dcdc, 0xd4e18b8b, 0x1c1b1515, 0x1eada2a2, 0xd70cd3d3,
    0xfb2be2e2, 0xc31dc8c8, 0x8e195e5e, 0xb5c22c2c, 0xe9894949, 0xcf12c1c1,
    0xbf7e9595, 0xba207d7d, 0xea641111, 0x77840b0b, 0x396dc5c5, 0xaf6a8989,
    0x33d17c7c, 0xc9a17171, 0x62ceffff, 0x7137bbbb, 0x81fb0f0f, 0x793db5b5,
    0x0951e1e1, 0xaddc3e3e, 0x242d3f3f, 0xcda47676, 0xf99d5555, 0xd8ee8282,
    0xe5864040, 0xc5ae7878, 0xb9cd2525, 0x4d049696, 0x44557777, 0x080a0e0e,
    0x86135050, 0xe730f7f7, 0xa1d33737, 0x1d40fafa, 0xaa346161, 0xed8c4e4e,
    0x06b3b0b0, 0x706c5454, 0xb22a7373, 0xd2523b3b, 0x410b9f9f, 0x7b8b0202,
    0xa088d8d8, 0x114ff3f3, 0x3167cbcb, 0xc2462727, 0x27c06767, 0x90b4fcfc,
    0x20283838, 0xf67f0404, 0x60784848, 0xff2ee5e5, 0x96074c4c, 0x5c4b6565,
    0xb1c72b2b, 0xab6f8e8e, 0x9e0d4242, 0x9cbbf5f5, 0x52f2dbdb, 0x1bf34a4a,
    0x5fa63d3d, 0x9359a4a4, 0x0abcb9b9, 0xef3af9f9, 0x91ef1313, 0x85fe0808,
    0x49019191, 0xee611616, 0x2d7cdede, 0x4fb22121, 0x8f42b1b1, 0x3bdb7272,
    0x47b82f2f, 0x8748bfbf, 0x6d2caeae, 0x46e3c0c0, 0xd6573c3c, 0x3e859a9a,
    0x6929a9a9, 0x647d4f4f, 0x2a948181, 0xce492e2e, 0xcb17c6c6, 0x2fca6969,
    0xfcc3bdbd, 0x975ca3a3, 0x055ee8e8, 0x7ad0eded, 0xac87d1d1, 0x7f8e0505,
    0xd5ba6464, 0x1aa8a5a5, 0x4bb72626, 0x0eb9bebe, 0xa7608787, 0x5af8d5d5,
    0x28223636, 0x14111b1b, 0x3fde7575, 0x2979d9d9, 0x88aaeeee, 0x3c332d2d,
    0x4c5f7979, 0x02b6b7b7, 0xb896caca, 0xda583535, 0xb09cc4c4, 0x17fc4343,
    0x551a8484, 0x1ff64d4d, 0x8a1c5959, 0x7d38b2b2, 0x57ac3333, 0xc718cfcf,
    0x8df40606, 0x74695353, 0xb7749b9b, 0xc4f59797, 0x9f56adad, 0x72dae3e3,
    0x7ed5eaea, 0x154af4f4, 0x229e8f8f, 0x12a2abab, 0x584e6262, 0x07e85f5f,
    0x99e51d1d, 0x34392323, 0x6ec1f6f6, 0x50446c6c, 0xde5d3232, 0x68724646,
    0x6526a0a0, 0xbc93cdcd, 0xdb03dada, 0xf8c6baba, 0xc8fa9e9e, 0xa882d6d6,
    0x2bcf6e6e, 0x40507070, 0xdceb8585, 0xfe750a0a, 0x328a9393, 0xa48ddfdf,
    0xca4c2929, 0x10141c1c, 0x2173d7d7, 0xf0ccb4b4, 0xd309d4d4, 0x5d108a8a,
    0x0fe25151, 0x00000000, 0x6f9a1919, 0x9de01a1a, 0x368f9494, 0x42e6c7c7,
    0x4aecc9c9, 0x5efdd2d2, 0xc1ab7f7f, 0xe0d8a8a8
  },
  { /* column 2 (5b, ef, 01, ef) after q1 */
    0xbc75bc32, 0xecf3ec21, 0x20c62043, 0xb3f4b3c9, 0xdadbda03, 0x027b028b,
    0xe2fbe22b, 0x9ec89efa, 0xc94ac9ec, 0xd4d3d409, 0x18e6186b, 0x1e6b1e9f,
    0x9845980e, 0xb27db238, 0xa6e8a6d2, 0x264b26b7, 0x3cd63c57, 0x9332938a,
    0x82d882ee, 0x52fd5298, 0x7b377bd4, 0xbb71bb37, 0x5bf15b97, 0x47e14783,
    0x2430243c, 0x510f51e2, 0xbaf8bac6, 0x4a1b4af3, 0xbf87bf48, 0x0dfa0d70,
    0xb006b0b3, 0x753f75de, 0xd25ed2fd, 0x7dba7d20, 0x66ae6631, 0x3a5b3aa3,
    0x598a591c, 0x00000000, 0xcdbccd93, 0x1a9d1ae0, 0xae6dae2c, 0x7fc17fab,
    0x2bb12bc7, 0xbe0ebeb9, 0xe080e0a0, 0x8a5d8a10, 0x3bd23b52, 0x64d564ba,
    0xd8a0d888, 0xe784e7a5, 0x5f075fe8, 0x1b141b11, 0x2cb52cc2, 0xfc90fcb4,
    0x312c3127, 0x80a38065, 0x73b2732a, 0x0c730c81, 0x794c795f, 0x6b546b41,
    0x4b924b02, 0x53745369, 0x9436948f, 0x8351831f, 0x2a382a36, 0xc4b0c49c,
    0x22bd22c8, 0xd55ad5f8, 0xbdfcbdc3, 0x48604878, 0xff62ffce, 0x4c964c07,
    0x416c4177, 0xc742c7e6, 0xebf7eb24, 0x1c101c14, 0x5d7c5d63, 0x36283622,
    0x672767c0, 0xe98ce9af, 0x441344f9, 0x149514ea, 0xf59cf5bb, 0xcfc7cf18,
    0x3f243f2d, 0xc046c0e3, 0x723b72db, 0x5470546c, 0x29ca294c, 0xf0e3f035,
    0x088508fe, 0xc6cbc617, 0xf311f34f, 0x8cd08ce4, 0xa493a459, 0xcab8ca96,
    0x68a6683b, 0xb883b84d, 0x38203828, 0xe5ffe52e, 0xad9fad56, 0x0b770b84,
    0xc8c3c81d, 0x99cc99ff, 0x580358ed, 0x196f199a, 0x0e080e0a, 0x95bf957e,
    0x70407050, 0xf7e7f730, 0x6e2b6ecf, 0x1fe21f6e, 0xb579b53d, 0x090c090f,
    0x61aa6134, 0x57825716, 0x9f419f0b, 0x9d3a9d80, 0x11ea1164, 0x25b925cd,
    0xafe4afdd, 0x459a4508, 0xdfa4df8d, 0xa397a35c, 0xea7eead5, 0x35da3558,
    0xed7aedd0, 0x431743fc, 0xf866f8cb, 0xfb94fbb1, 0x37a137d3, 0xfa1dfa40,
    0xc23dc268, 0xb4f0b4cc, 0x32de325d, 0x9cb39c71, 0x560b56e7, 0xe372e3da,
    0x87a78760, 0x151c151b, 0xf9eff93a, 0x63d163bf, 0x345334a9, 0x9a3e9a85,
    0xb18fb142, 0x7c337cd1, 0x8826889b, 0x3d5f3da6, 0xa1eca1d7, 0xe476e4df,
    0x812a8194, 0x91499101, 0x0f810ffb, 0xee88eeaa, 0x16ee1661, 0xd721d773,
    0x97c497f5, 0xa51aa5a8, 0xfeebfe3f, 0x6dd96db5, 0x78c578ae, 0xc539c56d,
    0x1d991de5, 0x76cd76a4, 0x3ead3edc, 0xcb31cb67, 0xb68bb647, 0xef01ef5b,
    0x1218121e, 0x602360c5, 0x6add6ab0, 0x4d1f4df6, 0xce4ecee9, 0xde2dde7c,
    0x55f9559d, 0x7e487e5a, 0x214f21b2, 0x03f2037a, 0xa065a026, 0x5e8e5e19,
    0x5a785a66, 0x655c654b, 0x6258624e, 0xfd19fd45, 0x068d06f4, 0x40e54086,
    0xf298f2be, 0x335733ac, 0x17671790, 0x057f058e, 0xe805e85e, 0x4f644f7d,
    0x89af896a, 0x10631095, 0x74b6742f, 0x0afe0a75, 0x5cf55c92, 0x9bb79b74,
    0x2d3c2d33, 0x30a530d6, 0x2ece2e49, 0x49e94989, 0x46684672, 0x77447755,
    0xa8e0a8d8, 0x964d9604, 0x284328bd, 0xa969a929, 0xd929d979, 0x862e8691,
    0xd1acd187, 0xf415f44a, 0x8d598d15, 0xd6a8d682, 0xb90ab9bc, 0x429e420d,
    0xf66ef6c1, 0x2f472fb8, 0xdddfdd06, 0x23342339, 0xcc35cc62, 0xf16af1c4,
    0xc1cfc112, 0x85dc85eb, 0x8f228f9e, 0x71c971a1, 0x90c090f0, 0xaa9baa53,
    0x018901f1, 0x8bd48be1, 0x4eed4e8c, 0x8eab8e6f, 0xab12aba2, 0x6fa26f3e,
    0xe60de654, 0xdb52dbf2, 0x92bb927b, 0xb702b7b6, 0x692f69ca, 0x39a939d9,
    0xd3d7d30c, 0xa761a723, 0xa21ea2ad, 0xc3b4c399, 0x6c506c44, 0x07040705,
    0x04f6047f, 0x27c22746, 0xac16aca7, 0xd025d076, 0x50865013, 0xdc56dcf7,
    0x8455841a, 0xe109e151, 0x7abe7a25, 0x139113ef
  },
  { /* column 3 (5b, 01, ef, 5b) after q0 */
    0xd939a9d9, 0x90176790, 0x719cb371, 0xd2a6e8d2, 0x05070405, 0x9852fd98,
    0x6580a365, 0xdfe476df, 0x08459a08, 0x024b9202, 0xa0e080a0, 0x665a7866,
    0xddafe4dd, 0xb06addb0, 0xbf63d1bf, 0x362a3836, 0x54e60d54, 0x4320c643,
    0x62cc3562, 0xbef298be, 0x1e12181e, 0x24ebf724, 0xd7a1ecd7, 0x77416c77,
    0xbd2843bd, 0x32bc7532, 0xd47b37d4, 0x9b88269b, 0x700dfa70, 0xf94413f9,
    0xb1fb94b1, 0x5a7e485a, 0x7a03f27a, 0xe48cd0e4, 0x47b68b47, 0x3c24303c,
    0xa5e784a5, 0x416b5441, 0x06dddf06, 0xc56023c5, 0x45fd1945, 0xa33a5ba3,
    0x68c23d68, 0x158d5915, 0x21ecf321, 0x3166ae31, 0x3e6fa23e, 0x16578216,
    0x95106395, 0x5bef015b, 0x4db8834d, 0x91862e91, 0xb56dd9b5, 0x1f83511f,
    0x53aa9b53, 0x635d7c63, 0x3b68a63b, 0x3ffeeb3f, 0xd630a5d6, 0x257abe25,
    0xa7ac16a7, 0x0f090c0f, 0x35f0e335, 0x23a76123, 0xf090c0f0, 0xafe98caf,
    0x809d3a80, 0x925cf592, 0x810c7381, 0x27312c27, 0x76d02576, 0xe7560be7,
    0x7b92bb7b, 0xe9ce4ee9, 0xf10189f1, 0x9f1e6b9f, 0xa93453a9, 0xc4f16ac4,
    0x99c3b499, 0x975bf197, 0x8347e183, 0x6b18e66b, 0xc822bdc8, 0x0e98450e,
    0x6e1fe26e, 0xc9b3f4c9, 0x2f74b62f, 0xcbf866cb, 0xff99ccff, 0xea1495ea,
    0xed5803ed, 0xf7dc56f7, 0xe18bd4e1, 0x1b151c1b, 0xada21ead, 0x0cd3d70c,
    0x2be2fb2b, 0x1dc8c31d, 0x195e8e19, 0xc22cb5c2, 0x8949e989, 0x12c1cf12,
    0x7e95bf7e, 0x207dba20, 0x6411ea64, 0x840b7784, 0x6dc5396d, 0x6a89af6a,
    0xd17c33d1, 0xa171c9a1, 0xceff62ce, 0x37bb7137, 0xfb0f81fb, 0x3db5793d,
    0x51e10951, 0xdc3eaddc, 0x2d3f242d, 0xa476cda4, 0x9d55f99d, 0xee82d8ee,
    0x8640e586, 0xae78c5ae, 0xcd25b9cd, 0x04964d04, 0x55774455, 0x0a0e080a,
    0x13508613, 0x30f7e730, 0xd337a1d3, 0x40fa1d40, 0x3461aa34, 0x8c4eed8c,
    0xb3b006b3, 0x6c54706c, 0x2a73b22a, 0x523bd252, 0x0b9f410b, 0x8b027b8b,
    0x88d8a088, 0x4ff3114f, 0x67cb3167, 0x4627c246, 0xc06727c0, 0xb4fc90b4,
    0x28382028, 0x7f04f67f, 0x78486078, 0x2ee5ff2e, 0x074c9607, 0x4b655c4b,
    0xc72bb1c7, 0x6f8eab6f, 0x0d429e0d, 0xbbf59cbb, 0xf2db52f2, 0xf34a1bf3,
    0xa63d5fa6, 0x59a49359, 0xbcb90abc, 0x3af9ef3a, 0xef1391ef, 0xfe0885fe,
    0x01914901, 0x6116ee61, 0x7cde2d7c, 0xb2214fb2, 0x42b18f42, 0xdb723bdb,
    0xb82f47b8, 0x48bf8748, 0x2cae6d2c, 0xe3c046e3, 0x573cd657, 0x859a3e85,
    0x29a96929, 0x7d4f647d, 0x94812a94, 0x492ece49, 0x17c6cb17, 0xca692fca,
    0xc3bdfcc3, 0x5ca3975c, 0x5ee8055e, 0xd0ed7ad0, 0x87d1ac87, 0x8e057f8e,
    0xba64d5ba, 0xa8a51aa8, 0xb7264bb7, 0xb9be0eb9, 0x6087a760, 0xf8d55af8,
    0x22362822, 0x111b1411, 0xde753fde, 0x79d92979, 0xaaee88aa, 0x332d3c33,
    0x5f794c5f, 0xb6b702b6, 0x96cab896, 0x5835da58, 0x9cc4b09c, 0xfc4317fc,
    0x1a84551a, 0xf64d1ff6, 0x1c598a1c, 0x38b27d38, 0xac3357ac, 0x18cfc718,
    0xf4068df4, 0x69537469, 0x749bb774, 0xf597c4f5, 0x56ad9f56, 0xdae372da,
    0xd5ea7ed5, 0x4af4154a, 0x9e8f229e, 0xa2ab12a2, 0x4e62584e, 0xe85f07e8,
    0xe51d99e5, 0x39233439, 0xc1f66ec1, 0x446c5044, 0x5d32de5d, 0x72466872,
    0x26a06526, 0x93cdbc93, 0x03dadb03, 0xc6baf8c6, 0xfa9ec8fa, 0x82d6a882,
    0xcf6e2bcf, 0x50704050, 0xeb85dceb, 0x750afe75, 0x8a93328a, 0x8ddfa48d,
    0x4c29ca4c, 0x141c1014, 0x73d72173, 0xccb4f0cc, 0x09d4d309, 0x108a5d10,
    0xe2510fe2, 0x00000000, 0x9a196f9a, 0xe01a9de0, 0x8f94368f, 0xe6c742e6,
    0xecc94aec, 0xfdd25efd, 0xab7fc1ab, 0xd8a8e0d8
  }
  };

/* The S-box of byte j in h (X, L) is a chain of q0/q1 permutations,
   each but the last followed by an xor with byte j of a key word; with
   N key words it reads q(q(...q(x) ^ L_{N-1}...) ^ L_1) ^ L_0, and the
   last q is folded into twofish_mds.  Bit j of twofish_qsel[i] is set
   when the permutation followed by the xor with L_i is q1.  */
static const byte twofish_qsel[4] = { 0x0c, 0x0a, 0x03, 0x09 };

/* twofish_rs_pow[j][i]: column j of the key schedule's RS matrix, row
   r in byte r, times x^i over GF(2^8) modulo x^8 + x^6 + x^3 + x^2 + 1
   (twofish_rs_pow[j][0] is the column itself).  */
static const u32 twofish_rs_pow[8][8] =
  {
    { 0xa402a401, 0x05040502, 0x0a080a04, 0x14101408,
      0x28202810, 0x50405020, 0xa080a040, 0x0d4d0d80 },
    { 0x55a156a4, 0xaa0fac05, 0x191e150a, 0x323c2a14,
      0x64785428, 0xc8f0a850, 0xddad1da0, 0xf7173a0d },
    { 0x87fc8255, 0x43b549aa, 0x86279219, 0x414e6932,
      0x829cd264, 0x4975e9c8, 0x92ea9fdd, 0x699973f7 },
    { 0x5ac1f387, 0xb4cfab43, 0x25d31b86, 0x4aeb3641,
      0x949b6c82, 0x657bd849, 0xcaf6fd92, 0xd9a1b769 },
    { 0x58471e5a, 0xb08e3cb4, 0x2d517825, 0x5aa2f04a,
      0xb409ad94, 0x25121765, 0x4a242eca, 0x94485cd9 },
    { 0xdbaec658, 0xfb11c1b0, 0xbb22cf2d, 0x3b44d35a,
      0x7688ebb4, 0xec5d9b25, 0x95ba7b4a, 0x6739f694 },
    { 0x9e3d68db, 0x717ad0fb, 0xe2f4edbb, 0x89a5973b,
      0x5f076376, 0xbe0ec6ec, 0x311cc195, 0x6238cf67 },
    { 0x0319e59e, 0x06328771, 0x0c6443e2, 0x18c88689,
      0x30dd415f, 0x60f782be, 0xc0a34931, 0xcd0b9262 }
  };

static inline u32
rol32 (u32 x, unsigned int n)
{
  return (x << n) | (x >> (32 - n));
}

static inline u32
ror32 (u32 x, unsigned int n)
{
  return (x >> n) | (x << (32 - n));
}

/* g (X) and g (X <<< 8) from the four tables.  The table indices are
   data and key dependent, so this code is not constant time; the
   kernels read every cache line of the tables before they start, which
   makes cache-timing attacks harder but is no guarantee.  The bytes
   that take one instruction to extract, 0 and 3, are combined first.  */
#define G0(x) ((s[0][(x) & 0xff] ^ s[3][(x) >> 24])                     \
               ^ (s[1][((x) >> 8) & 0xff] ^ s[2][((x) >> 16) & 0xff]))
#define G1(x) ((s[0][(x) >> 24] ^ s[1][(x) & 0xff])                     \
               ^ (s[2][((x) >> 8) & 0xff] ^ s[3][((x) >> 16) & 0xff]))

/* Keeps X a value of its own.  GCC's reassociation would otherwise turn
   T0 + (T1 + K) back into (T0 + T1) + K, which puts a second addition
   after the later of the two lookups.  */
#ifdef __GNUC__
# define KEEP(x) __asm__ ("" : "+r" (x))
#else
# define KEEP(x) ((void) 0)
#endif

/* One round on (A, B, C, D) = (R_0, R_1, R_2, R_3) with the round keys
   K[N] and K[N + 1].  The words are not swapped: the next round passes
   C, D as the F inputs.  The PHT is written as T0 + (T1 + K[N]) and
   T0 + (2 T1 + K[N + 1]): B leaves the round before a cycle ahead of
   A, whose new value still has its rotation to go, so T1 is ready
   first and only one addition waits for T0.  */
#define ENC_ROUND(a, b, c, d, n)                                        \
  do                                                                    \
    {                                                                   \
      u32 t1_ = G1 (b), t0_ = G0 (a);                                   \
      u32 u_ = t1_ + k[n], v_ = 2 * t1_ + k[(n) + 1];                   \
      KEEP (u_);                                                        \
      KEEP (v_);                                                        \
      (c) = ror32 ((c) ^ (t0_ + u_), 1);                                \
      (d) = rol32 ((d), 1) ^ (t0_ + v_);                                \
    }                                                                   \
  while (0)

/* The inverse of ENC_ROUND (a, b, c, d, n).  */
#define DEC_ROUND(a, b, c, d, n)                                        \
  do                                                                    \
    {                                                                   \
      u32 t0_ = G0 (a), t1_ = G1 (b);                                   \
      t0_ += t1_;                                                       \
      (c) = rol32 ((c), 1) ^ (t0_ + k[n]);                              \
      (d) = ror32 ((d) ^ (t0_ + t1_ + k[(n) + 1]), 1);                  \
    }                                                                   \
  while (0)

/* Two consecutive rounds with the round keys K[N]...K[N + 3], on one
   block and on two blocks side by side, after which the words are back
   in their places; the DEC_ forms undo them.  */
#define ENC_2ROUNDS1(a, b, c, d, n)                                     \
  do                                                                    \
    {                                                                   \
      ENC_ROUND (a, b, c, d, n);                                        \
      ENC_ROUND (c, d, a, b, (n) + 2);                                  \
    }                                                                   \
  while (0)

#define ENC_2ROUNDS2(a, b, c, d, e, f, g, h, n)                         \
  do                                                                    \
    {                                                                   \
      ENC_ROUND (a, b, c, d, n);                                        \
      ENC_ROUND (e, f, g, h, n);                                        \
      ENC_ROUND (c, d, a, b, (n) + 2);                                  \
      ENC_ROUND (g, h, e, f, (n) + 2);                                  \
    }                                                                   \
  while (0)

#define DEC_2ROUNDS1(a, b, c, d, n)                                     \
  do                                                                    \
    {                                                                   \
      DEC_ROUND (c, d, a, b, (n) + 2);                                  \
      DEC_ROUND (a, b, c, d, n);                                        \
    }                                                                   \
  while (0)

#define DEC_2ROUNDS2(a, b, c, d, e, f, g, h, n)                         \
  do                                                                    \
    {                                                                   \
      DEC_ROUND (c, d, a, b, (n) + 2);                                  \
      DEC_ROUND (g, h, e, f, (n) + 2);                                  \
      DEC_ROUND (a, b, c, d, n);                                        \
      DEC_ROUND (e, f, g, h, n);                                        \
    }                                                                   \
  while (0)

/* All sixteen rounds: M (..., n) for n = 8, 12, ..., 36, unrolled so
   that every round key is at a constant offset, and the same backwards
   for decryption.  */
#define FOR_ROUND_PAIRS(m, ...)                                         \
  do                                                                    \
    {                                                                   \
      m (__VA_ARGS__, 8); m (__VA_ARGS__, 12);                          \
      m (__VA_ARGS__, 16); m (__VA_ARGS__, 20);                         \
      m (__VA_ARGS__, 24); m (__VA_ARGS__, 28);                         \
      m (__VA_ARGS__, 32); m (__VA_ARGS__, 36);                         \
    }                                                                   \
  while (0)

#define DEC_ROUND_PAIRS(m, ...)                                         \
  do                                                                    \
    {                                                                   \
      m (__VA_ARGS__, 36); m (__VA_ARGS__, 32);                         \
      m (__VA_ARGS__, 28); m (__VA_ARGS__, 24);                         \
      m (__VA_ARGS__, 20); m (__VA_ARGS__, 16);                         \
      m (__VA_ARGS__, 12); m (__VA_ARGS__, 8);                          \
    }                                                                   \
  while (0)

/* Read the four tables, one access per 64-byte line, so that the
   lookups that follow find every line in the cache whatever their
   indices, rather than taking longer for the lines they happen to load
   first.  Four reads per pass keep the loop short next to a single
   block's work.  */
static ALWAYS_INLINE void
twofish_prefetch (const TWOFISH_context *ctx)
{
  const volatile u32 *p = &ctx->s[0][0];
  unsigned int i;

  for (i = 0; i < 4 * 256; i += 64)
    (void) (p[i] ^ p[i + 16] ^ p[i + 32] ^ p[i + 48]);
}

/* The sixteen rounds on the words A, B, C, D after the input
   whitening; the output words, before the output whitening, come out
   in C, D, A, B.  Named variables rather than an array, so that the
   serial kernels keep the chaining value in registers.  */
#define ENC_ROUNDS(a, b, c, d) FOR_ROUND_PAIRS (ENC_2ROUNDS1, a, b, c, d)

static ALWAYS_INLINE void
twofish_enc1 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  a = buf_get_le32 (in) ^ k[0];
  b = buf_get_le32 (in + 4) ^ k[1];
  c = buf_get_le32 (in + 8) ^ k[2];
  d = buf_get_le32 (in + 12) ^ k[3];
  ENC_ROUNDS (a, b, c, d);
  buf_put_le32 (out, c ^ k[4]);
  buf_put_le32 (out + 4, d ^ k[5]);
  buf_put_le32 (out + 8, a ^ k[6]);
  buf_put_le32 (out + 12, b ^ k[7]);
}

static ALWAYS_INLINE void
twofish_enc2 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d, e, f, g, h;

  a = buf_get_le32 (in) ^ k[0];
  b = buf_get_le32 (in + 4) ^ k[1];
  c = buf_get_le32 (in + 8) ^ k[2];
  d = buf_get_le32 (in + 12) ^ k[3];
  e = buf_get_le32 (in + 16) ^ k[0];
  f = buf_get_le32 (in + 20) ^ k[1];
  g = buf_get_le32 (in + 24) ^ k[2];
  h = buf_get_le32 (in + 28) ^ k[3];
  FOR_ROUND_PAIRS (ENC_2ROUNDS2, a, b, c, d, e, f, g, h);
  buf_put_le32 (out, c ^ k[4]);
  buf_put_le32 (out + 4, d ^ k[5]);
  buf_put_le32 (out + 8, a ^ k[6]);
  buf_put_le32 (out + 12, b ^ k[7]);
  buf_put_le32 (out + 16, g ^ k[4]);
  buf_put_le32 (out + 20, h ^ k[5]);
  buf_put_le32 (out + 24, e ^ k[6]);
  buf_put_le32 (out + 28, f ^ k[7]);
}

static ALWAYS_INLINE void
twofish_dec1 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  c = buf_get_le32 (in) ^ k[4];
  d = buf_get_le32 (in + 4) ^ k[5];
  a = buf_get_le32 (in + 8) ^ k[6];
  b = buf_get_le32 (in + 12) ^ k[7];
  DEC_ROUND_PAIRS (DEC_2ROUNDS1, a, b, c, d);
  buf_put_le32 (out, a ^ k[0]);
  buf_put_le32 (out + 4, b ^ k[1]);
  buf_put_le32 (out + 8, c ^ k[2]);
  buf_put_le32 (out + 12, d ^ k[3]);
}

static ALWAYS_INLINE void
twofish_dec2 (const TWOFISH_context *ctx, byte *out, const byte *in)
{
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d, e, f, g, h;

  c = buf_get_le32 (in) ^ k[4];
  d = buf_get_le32 (in + 4) ^ k[5];
  a = buf_get_le32 (in + 8) ^ k[6];
  b = buf_get_le32 (in + 12) ^ k[7];
  g = buf_get_le32 (in + 16) ^ k[4];
  h = buf_get_le32 (in + 20) ^ k[5];
  e = buf_get_le32 (in + 24) ^ k[6];
  f = buf_get_le32 (in + 28) ^ k[7];
  DEC_ROUND_PAIRS (DEC_2ROUNDS2, a, b, c, d, e, f, g, h);
  buf_put_le32 (out, a ^ k[0]);
  buf_put_le32 (out + 4, b ^ k[1]);
  buf_put_le32 (out + 8, c ^ k[2]);
  buf_put_le32 (out + 12, d ^ k[3]);
  buf_put_le32 (out + 16, e ^ k[0]);
  buf_put_le32 (out + 20, f ^ k[1]);
  buf_put_le32 (out + 24, g ^ k[2]);
  buf_put_le32 (out + 28, h ^ k[3]);
}

/* Two blocks per pass: one round of a block is a chain of dependent
   loads, and the other block's round runs while it waits.  Three
   blocks measured no faster and need more registers than x86-64 has.  */
static void
twofish_c_enc_blocks (const void *context, byte *out, const byte *in,
                      size_t nblocks)
{
  const TWOFISH_context *ctx = context;

  twofish_prefetch (ctx);
  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    twofish_enc2 (ctx, out, in);
  if (nblocks)
    twofish_enc1 (ctx, out, in);
}

static void
twofish_c_dec_blocks (const void *context, byte *out, const byte *in,
                      size_t nblocks)
{
  const TWOFISH_context *ctx = context;

  twofish_prefetch (ctx);
  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    twofish_dec2 (ctx, out, in);
  if (nblocks)
    twofish_dec1 (ctx, out, in);
}

/* The serial modes, with the chaining value in registers from one
   block to the next and the tables read once per call.  The chain
   enters the rounds as A, B, C, D and leaves them as C, D, A, B,
   before the output whitening.  Between two blocks that whitening,
   the data block and the next input whitening meet the chain in one
   xor, as the rest is ready long before the rounds end: NEXT_INPUT
   takes the words M0...M3 that make up the rest.  */
#define NEXT_INPUT(a, b, c, d, m0, m1, m2, m3)                          \
  do                                                                    \
    {                                                                   \
      u32 t0_ = (c) ^ (m0), t1_ = (d) ^ (m1);                           \
      u32 t2_ = (a) ^ (m2), t3_ = (b) ^ (m3);                           \
      a = t0_, b = t1_, c = t2_, d = t3_;                               \
    }                                                                   \
  while (0)

/* The words at P, each xored with both whitenings.  */
#define DATA_W(p, i) (buf_get_le32 ((p) + 4 * (i)) ^ (k[i] ^ k[(i) + 4]))
#define W(i) (k[i] ^ k[(i) + 4])

/* OUT = the output block, whose words are C, D, A, B before the output
   whitening, xored with X0...X3.  */
#define PUT_OUTPUT(out, a, b, c, d, x0, x1, x2, x3)                     \
  do                                                                    \
    {                                                                   \
      buf_put_le32 (out, (c) ^ k[4] ^ (x0));                            \
      buf_put_le32 ((out) + 4, (d) ^ k[5] ^ (x1));                      \
      buf_put_le32 ((out) + 8, (a) ^ k[6] ^ (x2));                      \
      buf_put_le32 ((out) + 12, (b) ^ k[7] ^ (x3));                     \
    }                                                                   \
  while (0)

static void
twofish_c_cbc_enc (const void *context, byte *iv, byte *out, const byte *in,
                   size_t nblocks, int cbc_mac)
{
  const TWOFISH_context *ctx = context;
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  twofish_prefetch (ctx);
  c = buf_get_le32 (iv) ^ k[4];
  d = buf_get_le32 (iv + 4) ^ k[5];
  a = buf_get_le32 (iv + 8) ^ k[6];
  b = buf_get_le32 (iv + 12) ^ k[7];
  for (; nblocks; nblocks--, in += 16)
    {
      NEXT_INPUT (a, b, c, d, DATA_W (in, 0), DATA_W (in, 1),
                  DATA_W (in, 2), DATA_W (in, 3));
      ENC_ROUNDS (a, b, c, d);
      if (!cbc_mac)
        {
          PUT_OUTPUT (out, a, b, c, d, 0, 0, 0, 0);
          out += 16;
        }
    }
  PUT_OUTPUT (iv, a, b, c, d, 0, 0, 0, 0);
}

/* CFB and OFB encryption start from the IV as the input of the
   rounds; CFB feeds the ciphertext back, OFB the keystream.  OFB is a
   constant in each caller, so each gets its own loop.  */
static ALWAYS_INLINE void
twofish_c_feedback (const void *context, byte *iv, byte *out,
                    const byte *in, size_t nblocks, int ofb)
{
  const TWOFISH_context *ctx = context;
  const u32 (*s)[256] = ctx->s;
  const u32 *k = ctx->k;
  u32 a, b, c, d;

  twofish_prefetch (ctx);
  a = buf_get_le32 (iv) ^ k[0];
  b = buf_get_le32 (iv + 4) ^ k[1];
  c = buf_get_le32 (iv + 8) ^ k[2];
  d = buf_get_le32 (iv + 12) ^ k[3];
  for (; nblocks; nblocks--, in += 16, out += 16)
    {
      ENC_ROUNDS (a, b, c, d);
      if (ofb)
        {
          PUT_OUTPUT (out, a, b, c, d, buf_get_le32 (in),
                      buf_get_le32 (in + 4), buf_get_le32 (in + 8),
                      buf_get_le32 (in + 12));
          NEXT_INPUT (a, b, c, d, W (0), W (1), W (2), W (3));
        }
      else
        {
          NEXT_INPUT (a, b, c, d, DATA_W (in, 0), DATA_W (in, 1),
                      DATA_W (in, 2), DATA_W (in, 3));
          buf_put_le32 (out, a ^ k[0]);
          buf_put_le32 (out + 4, b ^ k[1]);
          buf_put_le32 (out + 8, c ^ k[2]);
          buf_put_le32 (out + 12, d ^ k[3]);
        }
    }
  buf_put_le32 (iv, a ^ k[0]);
  buf_put_le32 (iv + 4, b ^ k[1]);
  buf_put_le32 (iv + 8, c ^ k[2]);
  buf_put_le32 (iv + 12, d ^ k[3]);
}

static void
twofish_c_cfb_enc (const void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks)
{
  twofish_c_feedback (ctx, iv, out, in, nblocks, 0);
}

static void
twofish_c_ofb_enc (const void *ctx, byte *iv, byte *out, const byte *in,
                   size_t nblocks)
{
  twofish_c_feedback (ctx, iv, out, in, nblocks, 1);
}

/* CCM's and EAX's CTR and CBC-MAC in one pass: the MAC block and a
   counter block go through twofish_enc2 together, so the counter
   blocks cost little more than the MAC's chain of lookups alone.  With
   MAC_OUT the MAC waits for the output, so it takes the block before
   the one whose keystream is computed beside it.  */
static void
twofish_c_mac_ctr (const void *context, byte *mac, byte *ctr, byte *out,
                   const byte *in, size_t nblocks, int mac_out)
{
  const TWOFISH_context *ctx = context;
  u64 hi = buf_get_be64 (ctr), lo = buf_get_be64 (ctr + 8);
  byte b[32];

  twofish_prefetch (ctx);
  if (mac_out)
    {
      buf_put_be64 (b + 16, hi);
      buf_put_be64 (b + 24, lo);
      hi += !++lo;
      twofish_enc1 (ctx, b + 16, b + 16);
      buf_xor_16 (out, in, b + 16);
      buf_xor_16 (b, mac, out);
      for (nblocks--; nblocks; nblocks--)
        {
          buf_put_be64 (b + 16, hi);
          buf_put_be64 (b + 24, lo);
          hi += !++lo;
          twofish_enc2 (ctx, b, b);
          in += 16;
          out += 16;
          buf_xor_16 (out, in, b + 16);
          buf_xor_16 (b, b, out);
        }
      twofish_enc1 (ctx, mac, b);
    }
  else
    {
      memcpy (b, mac, 16);
      for (; nblocks; nblocks--, in += 16, out += 16)
        {
          buf_xor_16 (b, b, in);
          buf_put_be64 (b + 16, hi);
          buf_put_be64 (b + 24, lo);
          hi += !++lo;
          twofish_enc2 (ctx, b, b);
          buf_xor_16 (out, in, b + 16);
        }
      memcpy (mac, b, 16);
    }
  buf_put_be64 (ctr, hi);
  buf_put_be64 (ctr + 8, lo);
  wipememory (b, sizeof b);
}

/* The assembly kernels (cipher/twofish-amd64.S,
   cipher/twofish-avx512-amd64.S, cipher/twofish-avx2-amd64.S,
   cipher/twofish-aarch64.S) read s, k, sb and tb at these offsets.  */
_Static_assert (offsetof (TWOFISH_context, s) == 0
                && offsetof (TWOFISH_context, k) == 4096
                && offsetof (TWOFISH_context, sb) == 4288
                && offsetof (TWOFISH_context, tb) == 5312,
                "twofish assembly: TWOFISH_context");

#if defined(USE_TWOFISH_AVX512) || defined(USE_TWOFISH_AVX2)

/* The kernels of ISA, N blocks wide.  */
# define TWOFISH_KERNELS(isa, n)                                        \
  void _bcry_twofish_##isa##_enc_blk##n (const void *ctx, byte *out,    \
                                         const byte *in, size_t nblocks); \
  void _bcry_twofish_##isa##_dec_blk##n (const void *ctx, byte *out,    \
                                         const byte *in, size_t nblocks); \
  void _bcry_twofish_##isa##_ctr_enc_blk##n (const void *ctx, byte *ctr, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_twofish_##isa##_cbc_dec_blk##n (const void *ctx, byte *iv, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_twofish_##isa##_cfb_dec_blk##n (const void *ctx, byte *iv, \
                                             byte *out, const byte *in,  \
                                             size_t nblocks);           \
  void _bcry_twofish_##isa##_xts_crypt_blk##n (const void *ctx,         \
                                               byte *tweak, byte *out,  \
                                               const byte *in,          \
                                               size_t nblocks,          \
                                               int encrypt);            \
  void _bcry_twofish_##isa##_ocb_crypt_blk##n (const void *ctx,         \
                                               bulk_ocb_state_t *st,    \
                                               byte *out,               \
                                               const byte *in,          \
                                               size_t nblocks,          \
                                               int encrypt);            \
  void _bcry_twofish_##isa##_ocb_auth_blk##n (const void *ctx,          \
                                              bulk_ocb_state_t *st,     \
                                              const byte *abuf,         \
                                              size_t nblocks)

/* The table entry of ISA's kernels, with the width N, the CPU features
   HWF and the shortest run MIN it takes.  */
# define TWOFISH_ENTRY(isa, n, features, min)                           \
  .name = #isa, .hwf = (features), .width = n, .min_blocks = min,       \
  .enc = _bcry_twofish_##isa##_enc_blk##n,                              \
  .dec = _bcry_twofish_##isa##_dec_blk##n,                              \
  .ctr_enc = _bcry_twofish_##isa##_ctr_enc_blk##n,                      \
  .cbc_dec = _bcry_twofish_##isa##_cbc_dec_blk##n,                      \
  .cfb_dec = _bcry_twofish_##isa##_cfb_dec_blk##n,                      \
  .xts_crypt = _bcry_twofish_##isa##_xts_crypt_blk##n,                  \
  .ocb_crypt = _bcry_twofish_##isa##_ocb_crypt_blk##n,                  \
  .ocb_auth = _bcry_twofish_##isa##_ocb_auth_blk##n

#endif
#ifdef USE_TWOFISH_AVX512
TWOFISH_KERNELS (avx512, 32);
void _bcry_twofish_avx512_ctr32le_enc_blk32 (const void *ctx, byte *ctr,
                                             byte *out, const byte *in,
                                             size_t nblocks);
#endif
#ifdef USE_TWOFISH_AVX2
TWOFISH_KERNELS (avx2, 16);
void _bcry_twofish_avx2_ctr32le_enc_blk16 (const void *ctx, byte *ctr,
                                           byte *out, const byte *in,
                                           size_t nblocks);
#endif
#ifdef USE_TWOFISH_AMD64
void _bcry_twofish_amd64_enc (const void *ctx, byte *out, const byte *in,
                              size_t nblocks);
void _bcry_twofish_amd64_dec (const void *ctx, byte *out, const byte *in,
                              size_t nblocks);
void _bcry_twofish_amd64_ctr_enc (const void *ctx, byte *ctr, byte *out,
                                  const byte *in, size_t nblocks);
void _bcry_twofish_amd64_cbc_dec (const void *ctx, byte *iv, byte *out,
                                  const byte *in, size_t nblocks);
void _bcry_twofish_amd64_cfb_dec (const void *ctx, byte *iv, byte *out,
                                  const byte *in, size_t nblocks);
#endif

#ifdef USE_TWOFISH_AARCH64
void _bcry_twofish_aarch64_enc (const void *ctx, byte *out, const byte *in,
                                size_t nblocks);
void _bcry_twofish_aarch64_dec (const void *ctx, byte *out, const byte *in,
                                size_t nblocks);
void _bcry_twofish_aarch64_ctr_enc (const void *ctx, byte *ctr, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_cfb_dec (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_cbc_enc (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks,
                                    int cbc_mac);
void _bcry_twofish_aarch64_cfb_enc (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_ofb_enc (const void *ctx, byte *iv, byte *out,
                                    const byte *in, size_t nblocks);
void _bcry_twofish_aarch64_mac_ctr (const void *ctx, byte *mac, byte *ctr,
                                    byte *out, const byte *in,
                                    size_t nblocks, int mac_out);
#endif

static const bulk_impl_t twofish_impls[] =
  {
#ifdef USE_TWOFISH_AVX512
    /* A call of 1 to 32 blocks costs what 11 blocks cost in C.  */
    { TWOFISH_ENTRY (avx512, 32,
                     HWF_AVX512 | HWF_AVX512VBMI | HWF_GFNI, 11),
      .ctr32le_enc = _bcry_twofish_avx512_ctr32le_enc_blk32 },
#endif
#ifdef USE_TWOFISH_AVX2
    /* Byte lookups with VPSHUFB, not gathers, which ran no faster
       than the C (doc/HACKING, "Tuning notes").  A call of 1 to 16
       blocks costs what 13 cost in the amd64 entry.  Not the serial
       entry: the modes' single blocks (GCM's hash key, tweaks,
       offsets) go through the serial entry's enc, and here that would
       be a pass of sixteen lanes for each.  */
    { TWOFISH_ENTRY (avx2, 16, HWF_AVX2 | HWF_GFNI, 13),
      .ctr32le_enc = _bcry_twofish_avx2_ctr32le_enc_blk16 },
#endif
#ifdef USE_TWOFISH_AMD64
    /* Runs of any length, four blocks in flight with three, two or
       one for the tail.  The four-block rounds take bytes by BEXTR
       (BMI1, which every CPU with BMI2 has); without them this code
       was no faster than the C, which takes over there (doc/HACKING,
       "Tuning notes", 2026-12-07).  The serial kernels are the C ones,
       as fast as the assembly was; they are here so that this entry,
       the first with cbc_enc, is the serial one and CCM and EAX keep
       their fused mac_ctr.  */
    { .name = "amd64", .hwf = HWF_BMI2, .width = 0, .min_blocks = 1,
      .enc = _bcry_twofish_amd64_enc, .dec = _bcry_twofish_amd64_dec,
      .ctr_enc = _bcry_twofish_amd64_ctr_enc,
      .cbc_dec = _bcry_twofish_amd64_cbc_dec,
      .cfb_dec = _bcry_twofish_amd64_cfb_dec,
      .cbc_enc = twofish_c_cbc_enc, .cfb_enc = twofish_c_cfb_enc,
      .ofb_enc = twofish_c_ofb_enc, .mac_ctr = twofish_c_mac_ctr },
#endif
#ifdef USE_TWOFISH_AARCH64
    /* Any aarch64 CPU: the C's rounds with fewer instructions
       (doc/HACKING, "Tuning notes"), and the serial kernels.  */
    { .name = "aarch64", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = _bcry_twofish_aarch64_enc, .dec = _bcry_twofish_aarch64_dec,
      .ctr_enc = _bcry_twofish_aarch64_ctr_enc,
      .cfb_dec = _bcry_twofish_aarch64_cfb_dec,
      .cbc_enc = _bcry_twofish_aarch64_cbc_enc,
      .cfb_enc = _bcry_twofish_aarch64_cfb_enc,
      .ofb_enc = _bcry_twofish_aarch64_ofb_enc,
      .mac_ctr = _bcry_twofish_aarch64_mac_ctr },
#endif
    { .name = "c", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = twofish_c_enc_blocks, .dec = twofish_c_dec_blocks,
      .cbc_enc = twofish_c_cbc_enc, .cfb_enc = twofish_c_cfb_enc,
      .ofb_enc = twofish_c_ofb_enc, .mac_ctr = twofish_c_mac_ctr }
  };

#if defined(USE_TWOFISH_AVX512) || defined(USE_TWOFISH_AVX2)
/* sb from s: byte J of s[j][x] is where MDS column J has the
   coefficient 01, bytes 0, 3, 2, 1 for j = 0...3.  Only for a handle
   whose SIMD entries run but twofish_sboxes_gfni cannot (SSSE3 denied
   while AVX2 or AVX-512 is not).  */
static void
twofish_sbox_bytes (TWOFISH_context *ctx)
{
  static const unsigned char shift[4] = { 0, 24, 16, 8 };
  unsigned int j, x;

  for (j = 0; j < 4; j++)
    for (x = 0; x < 256; x++)
      ctx->sb[j][x] = ctx->s[j][x] >> shift[j];
}
#endif

#ifdef USE_TWOFISH_AVX2
/* The tables of twofish-avx2-amd64.S: S-box j's 256 bytes are sixteen
   rows R_0 ... R_15 of 16 (R_h[l] = sbox_j (16 h + l)); its input x is
   looked up in table k < 8 with the index x + 16 k and in table 8 + k
   with (x ^ 0x80) + 16 k (unsigned saturation), VPSHUFB taking a row
   where the index is below 0x80, that is for x's high nibble h at most
   7 - k (table k) or between 8 and 15 - k (table 8 + k).  The tables
   hold R_7 and R_15 at k = 0 and R_{7-k} ^ R_{8-k}, R_{15-k} ^ R_{16-k}
   after them, so that the rows x selects xor to R_h.  SB[x] is
   sbox_j (x); the tables go to bytes 16 H to 16 H + 15 of TB[k].  */
static void
twofish_avx2_tables (byte tb[16][32], unsigned int h, const byte *sb)
{
  unsigned int k;

  /* A row at a time: byte by byte, this took as long as the rest of
     setkey.  */
  memcpy (tb[0] + 16 * h, sb + 7 * 16, 16);
  memcpy (tb[8] + 16 * h, sb + 15 * 16, 16);
  for (k = 1; k < 8; k++)
    {
      buf_xor_16 (tb[k] + 16 * h, sb + (7 - k) * 16, sb + (8 - k) * 16);
      buf_xor_16 (tb[8 + k] + 16 * h, sb + (15 - k) * 16,
                  sb + (16 - k) * 16);
    }
}
#endif

static void
twofish_encrypt (const void *ctx, byte *out, const byte *in)
{
  twofish_c_enc_blocks (ctx, out, in, 1);
}

static void
twofish_decrypt (const void *ctx, byte *out, const byte *in)
{
  twofish_c_dec_blocks (ctx, out, in, 1);
}


/* S_i of the key schedule: RS times the key bytes M[0...7].  Column j
   of RS, packed into a word, is multiplied by M[j] in all four bytes at
   once, as the xor of column j times x^i over the bits i set in M[j],
   selected with masks rather than branches, as M is key material.  The
   products come from twofish_rs_pow, which takes them off the chain
   of the loop; computed in it, this was a fifth of setkey.  */
static u32
twofish_rs (const byte *m)
{
  u32 s = 0;
  unsigned int i, j;

  for (j = 0; j < 8; j++)
#pragma GCC unroll 8
    for (i = 0; i < 8; i++)
      s ^= twofish_rs_pow[j][i] & -(u32) ((m[j] >> i) & 1);
  return s;
}

/* Byte J's share of h (X, L) for the key words L_0...L_{N-1}, every
   byte of X being x, with LB[i] byte J of L_i.  */
static ALWAYS_INLINE u32
twofish_h_byte (unsigned int j, unsigned int x, const u32 *lb, unsigned int n)
{
  unsigned int i;

  for (i = n; i-- > 1; )
    x = twofish_q[(twofish_qsel[i] >> j) & 1][x] ^ lb[i];
  return twofish_mds[j][twofish_q[twofish_qsel[0] & (1 << j) ? 1 : 0][x]
                        ^ lb[0]];
}

/* h (x * rho, L) for the bytes LB of the key words of L, as
   twofish_h_byte takes them, where x * rho is the byte x in every byte
   position.  */
static ALWAYS_INLINE u32
twofish_h (unsigned int x, u32 lb[4][4], unsigned int n)
{
  return (twofish_h_byte (0, x, lb[0], n) ^ twofish_h_byte (1, x, lb[1], n)
          ^ twofish_h_byte (2, x, lb[2], n) ^ twofish_h_byte (3, x, lb[3], n));
}

/* LB[j][i] = byte j of L[i], i < N.  */
static ALWAYS_INLINE void
twofish_key_bytes (u32 lb[4][4], const u32 *l, unsigned int n)
{
  unsigned int i, j;

  for (j = 0; j < 4; j++)
    for (i = 0; i < n; i++)
      lb[j][i] = (l[i] >> (8 * j)) & 0xff;
}

/* K of CTX from M_e and M_o, N words each.  Inlined for each N, as the
   functions below, so that, J and N being constants, the lookups read
   fixed tables.  */
static ALWAYS_INLINE void
twofish_subkeys (TWOFISH_context *ctx, const u32 *me, const u32 *mo,
                 unsigned int n)
{
  u32 lb[2][4][4], a, b;
  unsigned int i;

  /* K_2i = A + B and K_2i+1 = (A + 2B) <<< 9 for i < 20, with
     A = h (2i * rho, M_e) and B = h ((2i + 1) * rho, M_o) <<< 8.  */
  twofish_key_bytes (lb[0], me, n);
  twofish_key_bytes (lb[1], mo, n);
  for (i = 0; i < 20; i++)
    {
      a = twofish_h (2 * i, lb[0], n);
      b = rol32 (twofish_h (2 * i + 1, lb[1], n), 8);
      ctx->k[2 * i] = a + b;
      ctx->k[2 * i + 1] = rol32 (a + 2 * b, 9);
    }
  wipememory (lb, sizeof lb);
}

/* The key-dependent S-boxes with the MDS matrix, from the S vector SL
   of N words: s[j][x] is byte j's share of g for the input byte x.  One
   loop over x fills all four tables, the first lookup, q0[x] or q1[x],
   shared by the two bytes that start with it.  Against a function per
   byte position and N, looping over x, this took a third off setkey.  */
static ALWAYS_INLINE void
twofish_sboxes (TWOFISH_context *ctx, const u32 *sl, unsigned int n)
{
  u32 lb[4][4];
  unsigned int x;

  twofish_key_bytes (lb, sl, n);
  for (x = 0; x < 256; x++)
    {
      ctx->s[0][x] = twofish_h_byte (0, x, lb[0], n);
      ctx->s[1][x] = twofish_h_byte (1, x, lb[1], n);
      ctx->s[2][x] = twofish_h_byte (2, x, lb[2], n);
      ctx->s[3][x] = twofish_h_byte (3, x, lb[3], n);
    }
  wipememory (lb, sizeof lb);
}

#if defined(__GNUC__) && defined(__x86_64__)                           \
  && defined(ENABLE_GFNI_SUPPORT) && defined(ENABLE_SSSE3_SUPPORT)
# include <immintrin.h>
# define TWOFISH_SBOXES_GFNI 1
# define TARGET_GFNI __attribute__ ((target ("gfni,ssse3")))

/* q0 and q1 as the paper builds them (section "The Permutations q0 and
   q1"): the input's high and low nibbles a and b become a ^ b and
   a ^ ROR4 (b, 1) ^ 8a mod 16, which go through the 4-bit tables t0
   and t1; their outputs are mixed the same way and go through t2 and
   t3, which give the low and the high nibble of the result.  Here the
   tables of q_i, t0 to t3, with the outputs of t0 and t3 in the high
   nibble, where the next step takes them.  */
static const byte twofish_qnib[2][4][16] BCRY_ALIGN (16) =
  {
    { /* q0 */
      { 0x80, 0x10, 0x70, 0xd0, 0x60, 0xf0, 0x30, 0x20,
        0x00, 0xb0, 0x50, 0x90, 0xe0, 0xc0, 0xa0, 0x40 },
      { 0xe, 0xc, 0xb, 0x8, 0x1, 0x2, 0x3, 0x5,
        0xf, 0x4, 0xa, 0x6, 0x7, 0x0, 0x9, 0xd },
      { 0xb, 0xa, 0x5, 0xe, 0x6, 0xd, 0x9, 0x0,
        0xc, 0x8, 0xf, 0x3, 0x2, 0x4, 0x7, 0x1 },
      { 0xd0, 0x70, 0xf0, 0x40, 0x10, 0x20, 0x60, 0xe0,
        0x90, 0xb0, 0x30, 0x00, 0x80, 0x50, 0xc0, 0xa0 }
    },
    { /* q1 */
      { 0x20, 0x80, 0xb0, 0xd0, 0xf0, 0x70, 0x60, 0xe0,
        0x30, 0x10, 0x90, 0x40, 0x00, 0xa0, 0xc0, 0x50 },
      { 0x1, 0xe, 0x2, 0xb, 0x4, 0xc, 0x3, 0x7,
        0x6, 0xd, 0xa, 0x5, 0xf, 0x9, 0x0, 0x8 },
      { 0x4, 0xc, 0x7, 0x5, 0x1, 0x6, 0x9, 0xa,
        0x0, 0xe, 0xd, 0x8, 0x2, 0xb, 0x3, 0xf },
      { 0xb0, 0x90, 0x50, 0x10, 0xc0, 0x30, 0xd0, 0xe0,
        0x60, 0x40, 0x70, 0xf0, 0x20, 0x00, 0x80, 0xa0 }
    }
  };

/* GF2P8AFFINEQB matrices (row k, for output bit k, in byte 7 - k):
   the mixing of the nibbles above, which is linear over GF(2), giving
   a ^ b or a ^ ROR4 (b, 1) ^ 8a mod 16 in the low nibble and zeros
   above it, a PSHUFB index; and the products by 5b and ef modulo the
   MDS matrix's x^8 + x^6 + x^5 + x^3 + 1.  */
# define TWOFISH_MIX_A 0x1122448800000000LL
# define TWOFISH_MIX_B 0x1224489100000000LL
# define TWOFISH_MUL_5B 0x050b162953a24182LL
# define TWOFISH_MUL_EF 0x070f1f3972e3c183LL

/* q (X) on sixteen bytes, for the tables T of q0 or q1.  */
static TARGET_GFNI ALWAYS_INLINE __m128i
twofish_q_gfni (__m128i x, const byte t[4][16])
{
  const __m128i mix_a = _mm_set1_epi64x (TWOFISH_MIX_A);
  const __m128i mix_b = _mm_set1_epi64x (TWOFISH_MIX_B);
  const __m128i *tv = (const __m128i *)t;
  __m128i y;

  y = _mm_or_si128 (_mm_shuffle_epi8 (tv[0], _mm_gf2p8affine_epi64_epi8
                                      (x, mix_a, 0)),
                    _mm_shuffle_epi8 (tv[1], _mm_gf2p8affine_epi64_epi8
                                      (x, mix_b, 0)));
  return _mm_or_si128 (_mm_shuffle_epi8 (tv[2], _mm_gf2p8affine_epi64_epi8
                                         (y, mix_a, 0)),
                       _mm_shuffle_epi8 (tv[3], _mm_gf2p8affine_epi64_epi8
                                         (y, mix_b, 0)));
}

/* OUT[0...3]: the sixteen words of MDS column J times the bytes of
   B, in order.  */
static TARGET_GFNI ALWAYS_INLINE void
twofish_mds_gfni (__m128i *out, __m128i b, unsigned int j)
{
  const __m128i m = _mm_gf2p8affine_epi64_epi8
    (b, _mm_set1_epi64x (TWOFISH_MUL_5B), 0);
  const __m128i f = _mm_gf2p8affine_epi64_epi8
    (b, _mm_set1_epi64x (TWOFISH_MUL_EF), 0);
  __m128i c0, c1, c2, c3, lo, hi;

  /* The coefficients of column J, output byte 0 first: those of
     twofish_mds.  */
  switch (j)
    {
    case 0: c0 = b; c1 = m; c2 = f; c3 = f; break;
    case 1: c0 = f; c1 = f; c2 = m; c3 = b; break;
    case 2: c0 = m; c1 = f; c2 = b; c3 = f; break;
    default: c0 = m; c1 = b; c2 = f; c3 = m; break;
    }
  lo = _mm_unpacklo_epi8 (c0, c1);
  hi = _mm_unpacklo_epi8 (c2, c3);
  out[0] = _mm_unpacklo_epi16 (lo, hi);
  out[1] = _mm_unpackhi_epi16 (lo, hi);
  lo = _mm_unpackhi_epi8 (c0, c1);
  hi = _mm_unpackhi_epi8 (c2, c3);
  out[2] = _mm_unpacklo_epi16 (lo, hi);
  out[3] = _mm_unpackhi_epi16 (lo, hi);
}

/* S-box J, sb[j] and s[j], sixteen inputs at a time, as
   twofish_h_byte computes one: the first q is the table itself, for
   the inputs in order, and the last one's output, before the MDS
   matrix, is sb[j].  No memory address or branch depends on the key:
   the tables are in registers, looked up with PSHUFB.  */
static TARGET_GFNI ALWAYS_INLINE void
twofish_sbox_gfni (TWOFISH_context *ctx, unsigned int j, const u32 *sl,
                   unsigned int n)
{
  const byte *first = twofish_q[(twofish_qsel[n - 1] >> j) & 1];
  const byte (*last)[16] = twofish_qnib[(j & 1) ^ 1];
  __m128i kv[4], x;
  unsigned int i, v;

  for (i = 0; i < n; i++)
    kv[i] = _mm_set1_epi8 ((char) (sl[i] >> (8 * j)));
  for (v = 0; v < 16; v++)
    {
      x = _mm_xor_si128 (_mm_loadu_si128 ((const __m128i *)first + v),
                         kv[n - 1]);
      for (i = n - 1; i-- > 0; )
        x = _mm_xor_si128 (twofish_q_gfni
                           (x, twofish_qnib[(twofish_qsel[i] >> j) & 1]),
                           kv[i]);
      x = twofish_q_gfni (x, last);
      _mm_store_si128 ((__m128i *)ctx->sb[j] + v, x);
      twofish_mds_gfni ((__m128i *)ctx->s[j] + 4 * v, x, j);
    }
  wipememory (kv, sizeof kv);
}

/* s and sb from the S vector SL of N words, with GFNI and SSSE3:
   sixteen table entries in a dozen instructions per q, against a byte
   lookup and an XOR per q and entry in twofish_sboxes, and sb comes
   with them rather than from s afterwards.  */
static TARGET_GFNI void
twofish_sboxes_gfni (TWOFISH_context *ctx, const u32 *sl, unsigned int n)
{
  twofish_sbox_gfni (ctx, 0, sl, n);
  twofish_sbox_gfni (ctx, 1, sl, n);
  twofish_sbox_gfni (ctx, 2, sl, n);
  twofish_sbox_gfni (ctx, 3, sl, n);
}

/* The same in VEX encoding, whose three operands spare the register
   copies of the two-operand SSE forms.  */
static __attribute__ ((target ("gfni,avx"))) void
twofish_sboxes_gfni_avx (TWOFISH_context *ctx, const u32 *sl,
                         unsigned int n)
{
  twofish_sbox_gfni (ctx, 0, sl, n);
  twofish_sbox_gfni (ctx, 1, sl, n);
  twofish_sbox_gfni (ctx, 2, sl, n);
  twofish_sbox_gfni (ctx, 3, sl, n);
}

/* GF2P8AFFINEQB matrices of phi, the isomorphism from the field of RS
   (x^8 + x^6 + x^3 + x^2 + 1) to that of GF2P8MULB (x^8 + x^4 + x^3
   + x + 1) that maps x to 0x46, a root of RS's polynomial there, and
   of its inverse.  */
# define TWOFISH_PHI 0x0dae86dcbcfca25cLL
# define TWOFISH_PHI_INV 0x43e06c2ef2283088LL

/* twofish_rs_phi[j]: phi of column j of RS, row r in byte r.  */
static const u32 twofish_rs_phi[8] =
  {
    0xb346b301, 0xae0de9b3, 0x861838ae, 0xedd75b86,
    0xab50faed, 0x924e2fab, 0x84cf6192, 0x47021a84
  };

/* S_0 ... S_{N-1} of the key schedule (twofish_rs) in SL, in the
   order twofish_setkey wants, from the N * 8 bytes of KEY: the
   products RS[r][j] * m[8 i + j] by GF2P8MULB in phi's image, byte
   4 i + r of a register for row r of S_i, summed over j and taken back
   by phi's inverse.  In constant time, as twofish_rs.  */
static TARGET_GFNI void
twofish_rs_gfni (u32 *sl, const byte *key, unsigned int n)
{
  const __m128i phi = _mm_set1_epi64x (TWOFISH_PHI);
  __m128i a, b, lo, hi, acc = _mm_setzero_si128 ();
  u32 s[4];
  unsigned int i, j;

  a = _mm_loadu_si128 ((const __m128i *)key);
  b = (n == 2 ? _mm_setzero_si128 ()
       : n == 3 ? _mm_loadl_epi64 ((const __m128i *)(key + 16))
       : _mm_loadu_si128 ((const __m128i *)(key + 16)));
  /* Bytes 4 i + j of LO and 4 i + j - 4 of HI: phi (m[8 i + j]).  */
  lo = _mm_gf2p8affine_epi64_epi8
    (_mm_castps_si128 (_mm_shuffle_ps (_mm_castsi128_ps (a),
                                       _mm_castsi128_ps (b),
                                       _MM_SHUFFLE (2, 0, 2, 0))), phi, 0);
  hi = _mm_gf2p8affine_epi64_epi8
    (_mm_castps_si128 (_mm_shuffle_ps (_mm_castsi128_ps (a),
                                       _mm_castsi128_ps (b),
                                       _MM_SHUFFLE (3, 1, 3, 1))), phi, 0);
  for (j = 0; j < 4; j++)
    {
      /* Byte 4 i + j in bytes 4 i to 4 i + 3.  */
      const __m128i spread = _mm_add_epi8 (_mm_set1_epi8 (j),
                                           _mm_set_epi8 (12, 12, 12, 12,
                                                         8, 8, 8, 8,
                                                         4, 4, 4, 4,
                                                         0, 0, 0, 0));

      acc = _mm_xor_si128 (acc, _mm_gf2p8mul_epi8
                           (_mm_shuffle_epi8 (lo, spread),
                            _mm_set1_epi32 (twofish_rs_phi[j])));
      acc = _mm_xor_si128 (acc, _mm_gf2p8mul_epi8
                           (_mm_shuffle_epi8 (hi, spread),
                            _mm_set1_epi32 (twofish_rs_phi[j + 4])));
    }
  _mm_storeu_si128 ((__m128i *)s, _mm_gf2p8affine_epi64_epi8
                    (acc, _mm_set1_epi64x (TWOFISH_PHI_INV), 0));
  for (i = 0; i < n; i++)
    sl[n - 1 - i] = s[i];
  wipememory (s, sizeof s);
}
#endif

/* K and s of CTX from M_e, M_o and the S vector SL of N words each
   (twofish_setkey); with GFNI 1 or 2, sb too, in SSE or VEX
   encoding.  */
static ALWAYS_INLINE void
twofish_schedule (TWOFISH_context *ctx, const u32 *me, const u32 *mo,
                  const u32 *sl, unsigned int n, int gfni)
{
  twofish_subkeys (ctx, me, mo, n);
#ifdef TWOFISH_SBOXES_GFNI
  if (gfni > 1)
    twofish_sboxes_gfni_avx (ctx, sl, n);
  else if (gfni)
    twofish_sboxes_gfni (ctx, sl, n);
  else
#endif
    twofish_sboxes (ctx, sl, n);
}

#ifdef USE_TWOFISH_AVX2
/* Whether the avx2 entry gets any work on a handle with ARGS: not
   behind an entry that takes shorter runs, as the avx512 one does
   (min_blocks 11 against 13), since _bcry_bulk_select's runs go to the
   first entry whose min_blocks they reach.  Like that selection, this
   depends only on the features and the skip count, as the schedule
   may; it spares setkey the avx2 tables.  */
static int
twofish_avx2_used (const cipher_setkey_args_t *args)
{
  unsigned int skip = args->skip_impls, min = UINT_MAX;
  size_t i;

  for (i = 0; i < DIM (twofish_impls); i++)
    {
      if ((twofish_impls[i].hwf & args->hwf) != twofish_impls[i].hwf)
        continue;
      if (skip)
        skip--;
      else if (twofish_impls[i].enc == _bcry_twofish_avx2_enc_blk16)
        return twofish_impls[i].min_blocks < min;
      else if (twofish_impls[i].min_blocks < min)
        min = twofish_impls[i].min_blocks;
    }
  return 0;
}
#endif

/* Key setup reads the q and MDS tables at key-dependent indices; like
   the block functions, it is not constant time.  twofish_sboxes_gfni,
   which builds s and sb where the CPU has GFNI and SSSE3, reads no
   table at a key-dependent index; K is the C one everywhere.  */
static gpg_err_code_t
twofish_setkey (void *context, const byte *key, size_t keylen,
                const cipher_setkey_args_t *args)
{
  TWOFISH_context *ctx = context;
  u32 me[4], mo[4], sl[4];
  unsigned int n, i;
  int gfni = 0;

  if (keylen != 16 && keylen != 24 && keylen != 32)
    return GPG_ERR_INV_KEYLEN;
  n = keylen / 8;               /* k of the paper.  */

  /* M_e and M_o, and the S vector in the order h takes it: L_0 is
     S_{k-1} and L_{k-1} is S_0, which comes from the first eight key
     bytes.  */
#ifdef TWOFISH_SBOXES_GFNI
  gfni = args && (args->hwf & (HWF_GFNI | HWF_SSSE3)) == (HWF_GFNI
                                                           | HWF_SSSE3);
  if (gfni)
    {
      twofish_rs_gfni (sl, key, n);
      gfni += !!(args->hwf & HWF_AVX);
    }
#endif
  for (i = 0; i < n; i++)
    {
      me[i] = buf_get_le32 (key + 8 * i);
      mo[i] = buf_get_le32 (key + 8 * i + 4);
      if (!gfni)
        sl[n - 1 - i] = twofish_rs (key + 8 * i);
    }
  if (n == 2)
    twofish_schedule (ctx, me, mo, sl, 2, gfni);
  else if (n == 3)
    twofish_schedule (ctx, me, mo, sl, 3, gfni);
  else
    twofish_schedule (ctx, me, mo, sl, 4, gfni);

  wipememory (me, sizeof me);
  wipememory (mo, sizeof mo);
  wipememory (sl, sizeof sl);

#if defined(USE_TWOFISH_AVX512) || defined(USE_TWOFISH_AVX2)
  /* Both SIMD entries need GFNI.  */
  if (!gfni && args && (args->hwf & HWF_GFNI)
      && (args->hwf & (HWF_AVX512VBMI | HWF_AVX2)))
    twofish_sbox_bytes (ctx);
#endif
#ifdef USE_TWOFISH_AVX2
  if (args && twofish_avx2_used (args))
    for (i = 0; i < 4; i++)
      twofish_avx2_tables (ctx->tb[i / 2], i % 2, ctx->sb[i]);
#endif

  if (args && args->bulk)
    BULK_SELECT (args, twofish_impls);
  return 0;
}


/* ecb_tbl.txt of the Twofish reference package, 128-bit I=3 and
   256-bit I=4: the first entries whose key and plaintext are both
   nonzero throughout.  Three copies of the plaintext go through the kernels,
   so that both the two-block and the one-block path run.  */
static const char *
twofish_selftest (void)
{
  static const struct
  {
    size_t keylen;
    byte key[32];
    byte plaintext[16];
    byte ciphertext[16];
    const char *enc_failed;
    const char *dec_failed;
  } tv[] =
    {
      { 16,
        { 0x9f, 0x58, 0x9f, 0x5c, 0xf6, 0x12, 0x2c, 0x32,
          0xb6, 0xbf, 0xec, 0x2f, 0x2a, 0xe8, 0xc3, 0x5a },
        { 0xd4, 0x91, 0xdb, 0x16, 0xe7, 0xb1, 0xc3, 0x9e,
          0x86, 0xcb, 0x08, 0x6b, 0x78, 0x9f, 0x54, 0x19 },
        { 0x01, 0x9f, 0x98, 0x09, 0xde, 0x17, 0x11, 0x85,
          0x8f, 0xaa, 0xc3, 0xa3, 0xba, 0x20, 0xfb, 0xc3 },
        "Twofish-128 encryption", "Twofish-128 decryption" },
      { 32,
        { 0xd4, 0x3b, 0xb7, 0x55, 0x6e, 0xa3, 0x2e, 0x46,
          0xf2, 0xa2, 0x82, 0xb7, 0xd4, 0x5b, 0x4e, 0x0d,
          0x57, 0xff, 0x73, 0x9d, 0x4d, 0xc9, 0x2c, 0x1b,
          0xd7, 0xfc, 0x01, 0x70, 0x0c, 0xc8, 0x21, 0x6f },
        { 0x90, 0xaf, 0xe9, 0x1b, 0xb2, 0x88, 0x54, 0x4f,
          0x2c, 0x32, 0xdc, 0x23, 0x9b, 0x26, 0x35, 0xe6 },
        { 0x6c, 0xb4, 0x56, 0x1c, 0x40, 0xbf, 0x0a, 0x97,
          0x05, 0x93, 0x1c, 0xb6, 0xd4, 0x08, 0xe7, 0xfa },
        "Twofish-256 encryption", "Twofish-256 decryption" }
    };
  TWOFISH_context ctx;
  byte buf[3 * 16];
  size_t i, j;

  for (i = 0; i < DIM (tv); i++)
    {
      if (twofish_setkey (&ctx, tv[i].key, tv[i].keylen, NULL))
        return "Twofish setkey";
      twofish_encrypt (&ctx, buf, tv[i].plaintext);
      if (memcmp (buf, tv[i].ciphertext, 16))
        return tv[i].enc_failed;
      twofish_decrypt (&ctx, buf, buf);
      if (memcmp (buf, tv[i].plaintext, 16))
        return tv[i].dec_failed;

      for (j = 0; j < 3; j++)
        memcpy (buf + 16 * j, tv[i].plaintext, 16);
      twofish_c_enc_blocks (&ctx, buf, buf, 3);
      for (j = 0; j < 3; j++)
        if (memcmp (buf + 16 * j, tv[i].ciphertext, 16))
          return tv[i].enc_failed;
      twofish_c_dec_blocks (&ctx, buf, buf, 3);
      for (j = 0; j < 3; j++)
        if (memcmp (buf + 16 * j, tv[i].plaintext, 16))
          return tv[i].dec_failed;
    }
  return NULL;
}


static const char *const twofish_aliases[] =
  { "TWOFISH256", "TWOFISH-256", NULL };
static const char *const twofish128_aliases[] = { "TWOFISH-128", NULL };

const cipher_spec_t _bcry_cipher_spec_twofish =
  {
    BCRY_CIPHER_TWOFISH, "TWOFISH", twofish_aliases, 16, 256,
    sizeof (TWOFISH_context), twofish_setkey, twofish_encrypt,
    twofish_decrypt, twofish_selftest
  };

const cipher_spec_t _bcry_cipher_spec_twofish128 =
  {
    BCRY_CIPHER_TWOFISH128, "TWOFISH128", twofish128_aliases, 16, 128,
    sizeof (TWOFISH_context), twofish_setkey, twofish_encrypt,
    twofish_decrypt, twofish_selftest
  };
