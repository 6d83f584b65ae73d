/* camellia.c - the Camellia block cipher in portable C
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Camellia-128, -192 and -256 as described in RFC 3713 ("A Description
 * of the Camellia Encryption Algorithm", Matsui, Nakajima, Moriai, 2004)
 * and in "Specification of Camellia - a 128-bit Block Cipher" by
 * K. Aoki, T. Ichikawa, M. Kanda, M. Matsui, S. Moriai, J. Nakajima and
 * T. Tokita (NTT and Mitsubishi Electric, 2000).  One routine serves all
 * key sizes (18 or 24 rounds) and both directions, on a masked key
 * schedule (CAMELLIA_ROUND).
 */

#include <config.h>

#include "bufhelp.h"
#include "cipher-proto.h"
#include "simd-kernels.h"

#ifdef USE_CAMELLIA_NEON
/* Words of the aarch64 kernels' schedule per direction, for 24 rounds,
   and the function that builds it from the masked schedule KEY
   (camellia-neon-aarch64.c).  */
# define CAMELLIA_NEON_WORDS 304
void _bcry_camellia_neon_schedule (u32 *out, const u32 *key,
                                   unsigned int ngroups);
#endif

#ifdef __GNUC__
# define ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
# define ALWAYS_INLINE inline
#endif

typedef struct
{
  /* The masked schedule, 8 * rounds / 6 pairs of 32-bit words, each
     pair the left and right word of a 64-bit value: the mask added to
     the left half of the input, six round constants per group of
     rounds, the two FL keys between groups and the constant applied to
     the left half of the output.  */
  u32 key[64];
  unsigned int rounds;          /* 18 for 128-bit keys, 24 otherwise.  */
#ifdef USE_CAMELLIA_SIMD
  /* The same schedule for the SIMD kernels, each byte a 32-bit word of
     four copies of it, eight words a pair, the most significant byte
     of the left word first: a kernel puts a byte in every lane of a
     vector with a 32-bit broadcast from memory, which is a plain load,
     where a byte broadcast also takes a shuffle on the port that the
     kernels are short of (port 5 on Intel; camellia-simd-amd64.h).  */
  u32 key32[256];
  /* The masks of the first and the last pair of the schedule, which
     the cipher adds to the left half of its input and of its output
     (encrypting; the other way round decrypting), as blocks with the
     right half zero: the OCB kernels fold them into the offsets.  */
  byte masks[2][16];
#endif
#ifdef USE_CAMELLIA_NEON
  /* The schedule the aarch64 SIMD kernels read, one sequence per
     direction (_bcry_camellia_neon_schedule).  */
  u32 neon[2 * CAMELLIA_NEON_WORDS];
#endif
} CAMELLIA_context;

/* Where the amd64 kernels, integer and SIMD, look (CAM_KEY32 in
   camellia-simd-amd64.h for key32).  */
typedef char camellia_rounds_at_256[offsetof (CAMELLIA_context, rounds) == 256
                                    ? 1 : -1];
#ifdef USE_CAMELLIA_SIMD
typedef char camellia_key32_at_260[offsetof (CAMELLIA_context, key32) == 260
                                   ? 1 : -1];
typedef char camellia_masks_at_1284[offsetof (CAMELLIA_context, masks) == 1284
                                    ? 1 : -1];
#endif
#ifdef USE_CAMELLIA_NEON
typedef char camellia_neon_at_260[offsetof (CAMELLIA_context, neon) == 260
                                  ? 1 : -1];
#endif


/* The S-boxes and the P function of RFC 3713 section 2.4.1 in one
   lookup: camellia_sp[i][x] is SBOX(i+1)[x] copied into the bytes of
   P's left output word that this S-box output reaches.  Those patterns
   are the same for the S-boxes fed by the left input word (SBOX1...4,
   in order) and by the right one (SBOX2, 3, 4, 1).  P's right output
   word is the right input word's share unchanged plus the left input
   word's share xored with itself rotated right by 8 bits.

   Lookups are indexed by secret data, so this code is not constant
   time.  Each kernel call reads every cache line of the table before it
   starts, which mitigates cache-timing attacks but does not prevent
   them.  */
static const u32 camellia_sp[4][256] BCRY_ALIGN (64) =
  {
    { /* SBOX1 as s, s, s, 0 */
      0x70707000, 0x82828200, 0x2c2c2c00, 0xececec00, 0xb3b3b300, 0x27272700,
      0xc0c0c000, 0xe5e5e500, 0xe4e4e400, 0x85858500, 0x57575700, 0x35353500,
      0xeaeaea00, 0x0c0c0c00, 0xaeaeae00, 0x41414100, 0x23232300, 0xefefef00,
      0x6b6b6b00, 0x93939300, 0x45454500, 0x19191900, 0xa5a5a500, 0x21212100,
      0xededed00, 0x0e0e0e00, 0x4f4f4f00, 0x4e4e4e00, 0x1d1d1d00, 0x65656500,
      0x92929200, 0xbdbdbd00, 0x86868600, 0xb8b8b800, 0xafafaf00, 0x8f8f8f00,
      0x7c7c7c00, 0xebebeb00, 0x1f1f1f00, 0xcecece00, 0x3e3e3e00, 0x30303000,
      0xdcdcdc00, 0x5f5f5f00, 0x5e5e5e00, 0xc5c5c500, 0x0b0b0b00, 0x1a1a1a00,
      0xa6a6a600, 0xe1e1e100, 0x39393900, 0xcacaca00, 0xd5d5d500, 0x47474700,
      0x5d5d5d00, 0x3d3d3d00, 0xd9d9d900, 0x01010100, 0x5a5a5a00, 0xd6d6d600,
      0x51515100, 0x56565600, 0x6c6c6c00, 0x4d4d4d00, 0x8b8b8b00, 0x0d0d0d00,
      0x9a9a9a00, 0x66666600, 0xfbfbfb00, 0xcccccc00, 0xb0b0b000, 0x2d2d2d00,
      0x74747400, 0x12121200, 0x2b2b2b00, 0x20202000, 0xf0f0f000, 0xb1b1b100,
      0x84848400, 0x99999900, 0xdfdfdf00, 0x4c4c4c00, 0xcbcbcb00, 0xc2c2c200,
      0x34343400, 0x7e7e7e00, 0x76767600, 0x05050500, 0x6d6d6d00, 0xb7b7b700,
      0xa9a9a900, 0x31313100, 0xd1d1d100, 0x17171700, 0x04040400, 0xd7d7d700,
      0x14141400, 0x58585800, 0x3a3a3a00, 0x61616100, 0xdedede00, 0x1b1b1b00,
      0x11111100, 0x1c1c1c00, 0x32323200, 0x0f0f0f00, 0x9c9c9c00, 0x16161600,
      0x53535300, 0x18181800, 0xf2f2f200, 0x22222200, 0xfefefe00, 0x44444400,
      0xcfcfcf00, 0xb2b2b200, 0xc3c3c300, 0xb5b5b500, 0x7a7a7a00, 0x91919100,
      0x24242400, 0x08080800, 0xe8e8e800, 0xa8a8a800, 0x60606000, 0xfcfcfc00,
      0x69696900, 0x50505000, 0xaaaaaa00, 0xd0d0d000, 0xa0a0a000, 0x7d7d7d00,
      0xa1a1a100, 0x89898900, 0x62626200, 0x97979700, 0x54545400, 0x5b5b5b00,
      0x1e1e1e00, 0x95959500, 0xe0e0e000, 0xffffff00, 0x64646400, 0xd2d2d200,
      0x10101000, 0xc4c4c400, 0x00000000, 0x48484800, 0xa3a3a300, 0xf7f7f700,
      0x75757500, 0xdbdbdb00, 0x8a8a8a00, 0x03030300, 0xe6e6e600, 0xdadada00,
      0x09090900, 0x3f3f3f00, 0xdddddd00, 0x94949400, 0x87878700, 0x5c5c5c00,
      0x83838300, 0x02020200, 0xcdcdcd00, 0x4a4a4a00, 0x90909000, 0x33333300,
      0x73737300, 0x67676700, 0xf6f6f600, 0xf3f3f300, 0x9d9d9d00, 0x7f7f7f00,
      0xbfbfbf00, 0xe2e2e200, 0x52525200, 0x9b9b9b00, 0xd8d8d800, 0x26262600,
      0xc8c8c800, 0x37373700, 0xc6c6c600, 0x3b3b3b00, 0x81818100, 0x96969600,
      0x6f6f6f00, 0x4b4b4b00, 0x13131300, 0xbebebe00, 0x63636300, 0x2e2e2e00,
      0xe9e9e900, 0x79797900, 0xa7a7a700, 0x8c8c8c00, 0x9f9f9f00, 0x6e6e6e00,
      0xbcbcbc00, 0x8e8e8e00, 0x29292900, 0xf5f5f500, 0xf9f9f900, 0xb6b6b600,
      0x2f2f2f00, 0xfdfdfd00, 0xb4b4b400, 0x59595900, 0x78787800, 0x98989800,
      0x06060600, 0x6a6a6a00, 0xe7e7e700, 0x46464600, 0x71717100, 0xbababa00,
      0xd4d4d400, 0x25252500, 0xababab00, 0x42424200, 0x88888800, 0xa2a2a200,
      0x8d8d8d00, 0xfafafa00, 0x72727200, 0x07070700, 0xb9b9b900, 0x55555500,
      0xf8f8f800, 0xeeeeee00, 0xacacac00, 0x0a0a0a00, 0x36363600, 0x49494900,
      0x2a2a2a00, 0x68686800, 0x3c3c3c00, 0x38383800, 0xf1f1f100, 0xa4a4a400,
      0x40404000, 0x28282800, 0xd3d3d300, 0x7b7b7b00, 0xbbbbbb00, 0xc9c9c900,
      0x43434300, 0xc1c1c100, 0x15151500, 0xe3e3e300, 0xadadad00, 0xf4f4f400,
      0x77777700, 0xc7c7c700, 0x80808000, 0x9e9e9e00
    },
    { /* SBOX2 as 0, s, s, s */
      0x00e0e0e0, 0x00050505, 0x00585858, 0x00d9d9d9, 0x00676767, 0x004e4e4e,
      0x00818181, 0x00cbcbcb, 0x00c9c9c9, 0x000b0b0b, 0x00aeaeae, 0x006a6a6a,
      0x00d5d5d5, 0x00181818, 0x005d5d5d, 0x00828282, 0x00464646, 0x00dfdfdf,
      0x00d6d6d6, 0x00272727, 0x008a8a8a, 0x00323232, 0x004b4b4b, 0x00424242,
      0x00dbdbdb, 0x001c1c1c, 0x009e9e9e, 0x009c9c9c, 0x003a3a3a, 0x00cacaca,
      0x00252525, 0x007b7b7b, 0x000d0d0d, 0x00717171, 0x005f5f5f, 0x001f1f1f,
      0x00f8f8f8, 0x00d7d7d7, 0x003e3e3e, 0x009d9d9d, 0x007c7c7c, 0x00606060,
      0x00b9b9b9, 0x00bebebe, 0x00bcbcbc, 0x008b8b8b, 0x00161616, 0x00343434,
      0x004d4d4d, 0x00c3c3c3, 0x00727272, 0x00959595, 0x00ababab, 0x008e8e8e,
      0x00bababa, 0x007a7a7a, 0x00b3b3b3, 0x00020202, 0x00b4b4b4, 0x00adadad,
      0x00a2a2a2, 0x00acacac, 0x00d8d8d8, 0x009a9a9a, 0x00171717, 0x001a1a1a,
      0x00353535, 0x00cccccc, 0x00f7f7f7, 0x00999999, 0x00616161, 0x005a5a5a,
      0x00e8e8e8, 0x00242424, 0x00565656, 0x00404040, 0x00e1e1e1, 0x00636363,
      0x00090909, 0x00333333, 0x00bfbfbf, 0x00989898, 0x00979797, 0x00858585,
      0x00686868, 0x00fcfcfc, 0x00ececec, 0x000a0a0a, 0x00dadada, 0x006f6f6f,
      0x00535353, 0x00626262, 0x00a3a3a3, 0x002e2e2e, 0x00080808, 0x00afafaf,
      0x00282828, 0x00b0b0b0, 0x00747474, 0x00c2c2c2, 0x00bdbdbd, 0x00363636,
      0x00222222, 0x00383838, 0x00646464, 0x001e1e1e, 0x00393939, 0x002c2c2c,
      0x00a6a6a6, 0x00303030, 0x00e5e5e5, 0x00444444, 0x00fdfdfd, 0x00888888,
      0x009f9f9f, 0x00656565, 0x00878787, 0x006b6b6b, 0x00f4f4f4, 0x00232323,
      0x00484848, 0x00101010, 0x00d1d1d1, 0x00515151, 0x00c0c0c0, 0x00f9f9f9,
      0x00d2d2d2, 0x00a0a0a0, 0x00555555, 0x00a1a1a1, 0x00414141, 0x00fafafa,
      0x00434343, 0x00131313, 0x00c4c4c4, 0x002f2f2f, 0x00a8a8a8, 0x00b6b6b6,
      0x003c3c3c, 0x002b2b2b, 0x00c1c1c1, 0x00ffffff, 0x00c8c8c8, 0x00a5a5a5,
      0x00202020, 0x00898989, 0x00000000, 0x00909090, 0x00474747, 0x00efefef,
      0x00eaeaea, 0x00b7b7b7, 0x00151515, 0x00060606, 0x00cdcdcd, 0x00b5b5b5,
      0x00121212, 0x007e7e7e, 0x00bbbbbb, 0x00292929, 0x000f0f0f, 0x00b8b8b8,
      0x00070707, 0x00040404, 0x009b9b9b, 0x00949494, 0x00212121, 0x00666666,
      0x00e6e6e6, 0x00cecece, 0x00ededed, 0x00e7e7e7, 0x003b3b3b, 0x00fefefe,
      0x007f7f7f, 0x00c5c5c5, 0x00a4a4a4, 0x00373737, 0x00b1b1b1, 0x004c4c4c,
      0x00919191, 0x006e6e6e, 0x008d8d8d, 0x00767676, 0x00030303, 0x002d2d2d,
      0x00dedede, 0x00969696, 0x00262626, 0x007d7d7d, 0x00c6c6c6, 0x005c5c5c,
      0x00d3d3d3, 0x00f2f2f2, 0x004f4f4f, 0x00191919, 0x003f3f3f, 0x00dcdcdc,
      0x00797979, 0x001d1d1d, 0x00525252, 0x00ebebeb, 0x00f3f3f3, 0x006d6d6d,
      0x005e5e5e, 0x00fbfbfb, 0x00696969, 0x00b2b2b2, 0x00f0f0f0, 0x00313131,
      0x000c0c0c, 0x00d4d4d4, 0x00cfcfcf, 0x008c8c8c, 0x00e2e2e2, 0x00757575,
      0x00a9a9a9, 0x004a4a4a, 0x00575757, 0x00848484, 0x00111111, 0x00454545,
      0x001b1b1b, 0x00f5f5f5, 0x00e4e4e4, 0x000e0e0e, 0x00737373, 0x00aaaaaa,
      0x00f1f1f1, 0x00dddddd, 0x00595959, 0x00141414, 0x006c6c6c, 0x00929292,
      0x00545454, 0x00d0d0d0, 0x00787878, 0x00707070, 0x00e3e3e3, 0x00494949,
      0x00808080, 0x00505050, 0x00a7a7a7, 0x00f6f6f6, 0x00777777, 0x00939393,
      0x00868686, 0x00838383, 0x002a2a2a, 0x00c7c7c7, 0x005b5b5b, 0x00e9e9e9,
      0x00eeeeee, 0x008f8f8f, 0x00010101, 0x003d3d3d
    },
    { /* SBOX3 as s, 0, s, s */
      0x38003838, 0x41004141, 0x16001616, 0x76007676, 0xd900d9d9, 0x93009393,
      0x60006060, 0xf200f2f2, 0x72007272, 0xc200c2c2, 0xab00abab, 0x9a009a9a,
      0x75007575, 0x06000606, 0x57005757, 0xa000a0a0, 0x91009191, 0xf700f7f7,
      0xb500b5b5, 0xc900c9c9, 0xa200a2a2, 0x8c008c8c, 0xd200d2d2, 0x90009090,
      0xf600f6f6, 0x07000707, 0xa700a7a7, 0x27002727, 0x8e008e8e, 0xb200b2b2,
      0x49004949, 0xde00dede, 0x43004343, 0x5c005c5c, 0xd700d7d7, 0xc700c7c7,
      0x3e003e3e, 0xf500f5f5, 0x8f008f8f, 0x67006767, 0x1f001f1f, 0x18001818,
      0x6e006e6e, 0xaf00afaf, 0x2f002f2f, 0xe200e2e2, 0x85008585, 0x0d000d0d,
      0x53005353, 0xf000f0f0, 0x9c009c9c, 0x65006565, 0xea00eaea, 0xa300a3a3,
      0xae00aeae, 0x9e009e9e, 0xec00ecec, 0x80008080, 0x2d002d2d, 0x6b006b6b,
      0xa800a8a8, 0x2b002b2b, 0x36003636, 0xa600a6a6, 0xc500c5c5, 0x86008686,
      0x4d004d4d, 0x33003333, 0xfd00fdfd, 0x66006666, 0x58005858, 0x96009696,
      0x3a003a3a, 0x09000909, 0x95009595, 0x10001010, 0x78007878, 0xd800d8d8,
      0x42004242, 0xcc00cccc, 0xef00efef, 0x26002626, 0xe500e5e5, 0x61006161,
      0x1a001a1a, 0x3f003f3f, 0x3b003b3b, 0x82008282, 0xb600b6b6, 0xdb00dbdb,
      0xd400d4d4, 0x98009898, 0xe800e8e8, 0x8b008b8b, 0x02000202, 0xeb00ebeb,
      0x0a000a0a, 0x2c002c2c, 0x1d001d1d, 0xb000b0b0, 0x6f006f6f, 0x8d008d8d,
      0x88008888, 0x0e000e0e, 0x19001919, 0x87008787, 0x4e004e4e, 0x0b000b0b,
      0xa900a9a9, 0x0c000c0c, 0x79007979, 0x11001111, 0x7f007f7f, 0x22002222,
      0xe700e7e7, 0x59005959, 0xe100e1e1, 0xda00dada, 0x3d003d3d, 0xc800c8c8,
      0x12001212, 0x04000404, 0x74007474, 0x54005454, 0x30003030, 0x7e007e7e,
      0xb400b4b4, 0x28002828, 0x55005555, 0x68006868, 0x50005050, 0xbe00bebe,
      0xd000d0d0, 0xc400c4c4, 0x31003131, 0xcb00cbcb, 0x2a002a2a, 0xad00adad,
      0x0f000f0f, 0xca00caca, 0x70007070, 0xff00ffff, 0x32003232, 0x69006969,
      0x08000808, 0x62006262, 0x00000000, 0x24002424, 0xd100d1d1, 0xfb00fbfb,
      0xba00baba, 0xed00eded, 0x45004545, 0x81008181, 0x73007373, 0x6d006d6d,
      0x84008484, 0x9f009f9f, 0xee00eeee, 0x4a004a4a, 0xc300c3c3, 0x2e002e2e,
      0xc100c1c1, 0x01000101, 0xe600e6e6, 0x25002525, 0x48004848, 0x99009999,
      0xb900b9b9, 0xb300b3b3, 0x7b007b7b, 0xf900f9f9, 0xce00cece, 0xbf00bfbf,
      0xdf00dfdf, 0x71007171, 0x29002929, 0xcd00cdcd, 0x6c006c6c, 0x13001313,
      0x64006464, 0x9b009b9b, 0x63006363, 0x9d009d9d, 0xc000c0c0, 0x4b004b4b,
      0xb700b7b7, 0xa500a5a5, 0x89008989, 0x5f005f5f, 0xb100b1b1, 0x17001717,
      0xf400f4f4, 0xbc00bcbc, 0xd300d3d3, 0x46004646, 0xcf00cfcf, 0x37003737,
      0x5e005e5e, 0x47004747, 0x94009494, 0xfa00fafa, 0xfc00fcfc, 0x5b005b5b,
      0x97009797, 0xfe00fefe, 0x5a005a5a, 0xac00acac, 0x3c003c3c, 0x4c004c4c,
      0x03000303, 0x35003535, 0xf300f3f3, 0x23002323, 0xb800b8b8, 0x5d005d5d,
      0x6a006a6a, 0x92009292, 0xd500d5d5, 0x21002121, 0x44004444, 0x51005151,
      0xc600c6c6, 0x7d007d7d, 0x39003939, 0x83008383, 0xdc00dcdc, 0xaa00aaaa,
      0x7c007c7c, 0x77007777, 0x56005656, 0x05000505, 0x1b001b1b, 0xa400a4a4,
      0x15001515, 0x34003434, 0x1e001e1e, 0x1c001c1c, 0xf800f8f8, 0x52005252,
      0x20002020, 0x14001414, 0xe900e9e9, 0xbd00bdbd, 0xdd00dddd, 0xe400e4e4,
      0xa100a1a1, 0xe000e0e0, 0x8a008a8a, 0xf100f1f1, 0xd600d6d6, 0x7a007a7a,
      0xbb00bbbb, 0xe300e3e3, 0x40004040, 0x4f004f4f
    },
    { /* SBOX4 as s, s, 0, s */
      0x70700070, 0x2c2c002c, 0xb3b300b3, 0xc0c000c0, 0xe4e400e4, 0x57570057,
      0xeaea00ea, 0xaeae00ae, 0x23230023, 0x6b6b006b, 0x45450045, 0xa5a500a5,
      0xeded00ed, 0x4f4f004f, 0x1d1d001d, 0x92920092, 0x86860086, 0xafaf00af,
      0x7c7c007c, 0x1f1f001f, 0x3e3e003e, 0xdcdc00dc, 0x5e5e005e, 0x0b0b000b,
      0xa6a600a6, 0x39390039, 0xd5d500d5, 0x5d5d005d, 0xd9d900d9, 0x5a5a005a,
      0x51510051, 0x6c6c006c, 0x8b8b008b, 0x9a9a009a, 0xfbfb00fb, 0xb0b000b0,
      0x74740074, 0x2b2b002b, 0xf0f000f0, 0x84840084, 0xdfdf00df, 0xcbcb00cb,
      0x34340034, 0x76760076, 0x6d6d006d, 0xa9a900a9, 0xd1d100d1, 0x04040004,
      0x14140014, 0x3a3a003a, 0xdede00de, 0x11110011, 0x32320032, 0x9c9c009c,
      0x53530053, 0xf2f200f2, 0xfefe00fe, 0xcfcf00cf, 0xc3c300c3, 0x7a7a007a,
      0x24240024, 0xe8e800e8, 0x60600060, 0x69690069, 0xaaaa00aa, 0xa0a000a0,
      0xa1a100a1, 0x62620062, 0x54540054, 0x1e1e001e, 0xe0e000e0, 0x64640064,
      0x10100010, 0x00000000, 0xa3a300a3, 0x75750075, 0x8a8a008a, 0xe6e600e6,
      0x09090009, 0xdddd00dd, 0x87870087, 0x83830083, 0xcdcd00cd, 0x90900090,
      0x73730073, 0xf6f600f6, 0x9d9d009d, 0xbfbf00bf, 0x52520052, 0xd8d800d8,
      0xc8c800c8, 0xc6c600c6, 0x81810081, 0x6f6f006f, 0x13130013, 0x63630063,
      0xe9e900e9, 0xa7a700a7, 0x9f9f009f, 0xbcbc00bc, 0x29290029, 0xf9f900f9,
      0x2f2f002f, 0xb4b400b4, 0x78780078, 0x06060006, 0xe7e700e7, 0x71710071,
      0xd4d400d4, 0xabab00ab, 0x88880088, 0x8d8d008d, 0x72720072, 0xb9b900b9,
      0xf8f800f8, 0xacac00ac, 0x36360036, 0x2a2a002a, 0x3c3c003c, 0xf1f100f1,
      0x40400040, 0xd3d300d3, 0xbbbb00bb, 0x43430043, 0x15150015, 0xadad00ad,
      0x77770077, 0x80800080, 0x82820082, 0xecec00ec, 0x27270027, 0xe5e500e5,
      0x85850085, 0x35350035, 0x0c0c000c, 0x41410041, 0xefef00ef, 0x93930093,
      0x19190019, 0x21210021, 0x0e0e000e, 0x4e4e004e, 0x65650065, 0xbdbd00bd,
      0xb8b800b8, 0x8f8f008f, 0xebeb00eb, 0xcece00ce, 0x30300030, 0x5f5f005f,
      0xc5c500c5, 0x1a1a001a, 0xe1e100e1, 0xcaca00ca, 0x47470047, 0x3d3d003d,
      0x01010001, 0xd6d600d6, 0x56560056, 0x4d4d004d, 0x0d0d000d, 0x66660066,
      0xcccc00cc, 0x2d2d002d, 0x12120012, 0x20200020, 0xb1b100b1, 0x99990099,
      0x4c4c004c, 0xc2c200c2, 0x7e7e007e, 0x05050005, 0xb7b700b7, 0x31310031,
      0x17170017, 0xd7d700d7, 0x58580058, 0x61610061, 0x1b1b001b, 0x1c1c001c,
      0x0f0f000f, 0x16160016, 0x18180018, 0x22220022, 0x44440044, 0xb2b200b2,
      0xb5b500b5, 0x91910091, 0x08080008, 0xa8a800a8, 0xfcfc00fc, 0x50500050,
      0xd0d000d0, 0x7d7d007d, 0x89890089, 0x97970097, 0x5b5b005b, 0x95950095,
      0xffff00ff, 0xd2d200d2, 0xc4c400c4, 0x48480048, 0xf7f700f7, 0xdbdb00db,
      0x03030003, 0xdada00da, 0x3f3f003f, 0x94940094, 0x5c5c005c, 0x02020002,
      0x4a4a004a, 0x33330033, 0x67670067, 0xf3f300f3, 0x7f7f007f, 0xe2e200e2,
      0x9b9b009b, 0x26260026, 0x37370037, 0x3b3b003b, 0x96960096, 0x4b4b004b,
      0xbebe00be, 0x2e2e002e, 0x79790079, 0x8c8c008c, 0x6e6e006e, 0x8e8e008e,
      0xf5f500f5, 0xb6b600b6, 0xfdfd00fd, 0x59590059, 0x98980098, 0x6a6a006a,
      0x46460046, 0xbaba00ba, 0x25250025, 0x42420042, 0xa2a200a2, 0xfafa00fa,
      0x07070007, 0x55550055, 0xeeee00ee, 0x0a0a000a, 0x49490049, 0x68680068,
      0x38380038, 0xa4a400a4, 0x28280028, 0x7b7b007b, 0xc9c900c9, 0xc1c100c1,
      0xe3e300e3, 0xf4f400f4, 0xc7c700c7, 0x9e9e009e
    }
  };


static void camellia_c_enc_blocks (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);
static void camellia_c_dec_blocks (const void *ctx, byte *out,
                                   const byte *in, size_t nblocks);

/* The x86-64 integer kernels (camellia-amd64.S) read key[] and rounds
   of the context at the offsets checked above; the
   serial kernels keep their loop, and the chaining value, inside.  */
#ifdef USE_CAMELLIA_AMD64
void _bcry_camellia_amd64_enc (const void *ctx, byte *out, const byte *in,
                               size_t nblocks);
void _bcry_camellia_amd64_dec (const void *ctx, byte *out, const byte *in,
                               size_t nblocks);
void _bcry_camellia_amd64_cbc_enc (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks,
                                   int cbc_mac);
void _bcry_camellia_amd64_cfb_enc (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_camellia_amd64_ofb_enc (const void *ctx, byte *iv, byte *out,
                                   const byte *in, size_t nblocks);
void _bcry_camellia_amd64_mac_ctr (const void *ctx, byte *mac, byte *ctr,
                                   byte *out, const byte *in, size_t nblocks,
                                   int mac_out);
#endif

/* The aarch64 integer kernels (camellia-aarch64.S), the same design
   and context offsets as the amd64 ones.  */
#ifdef USE_CAMELLIA_AARCH64
void _bcry_camellia_aarch64_enc (const void *ctx, byte *out, const byte *in,
                                 size_t nblocks);
void _bcry_camellia_aarch64_dec (const void *ctx, byte *out, const byte *in,
                                 size_t nblocks);
void _bcry_camellia_aarch64_cbc_enc (const void *ctx, byte *iv, byte *out,
                                     const byte *in, size_t nblocks,
                                     int cbc_mac);
void _bcry_camellia_aarch64_cfb_enc (const void *ctx, byte *iv, byte *out,
                                     const byte *in, size_t nblocks);
void _bcry_camellia_aarch64_ofb_enc (const void *ctx, byte *iv, byte *out,
                                     const byte *in, size_t nblocks);
void _bcry_camellia_aarch64_mac_ctr (const void *ctx, byte *mac, byte *ctr,
                                     byte *out, const byte *in,
                                     size_t nblocks, int mac_out);
#endif

/* The byte-sliced SIMD kernels (cipher/camellia-<isa>-amd64.S, all
   from the template camellia-simd-amd64.h) read the round count at
   offset 256 of the context, the schedule in key32 at 260 and the
   masks at 1284, and take any count from 1 to their width: the
   AVX-512 kernels with masked loads and stores for short runs, the
   16-register ones
   bouncing a shorter run through a buffer on the stack
   (camellia-part-amd64.h).  Every entry has CTR, GCM-SIV's
   counter, CBC and CFB decryption with the counters or the shifted
   ciphertext built in registers, XTS and OCB with their tweaks, offsets
   and checksum computed in the kernel, and the whitened pass E(X ^ W)
   ^ W.  */
#if defined(USE_CAMELLIA_SIMD) || defined(USE_CAMELLIA_NEON)
# define CAMELLIA_SIMD_KERNELS(isa, w)                                  \
  void _bcry_camellia_##isa##_enc_blk##w (const void *ctx, byte *out,   \
                                          const byte *in,               \
                                          size_t nblocks);              \
  void _bcry_camellia_##isa##_dec_blk##w (const void *ctx, byte *out,   \
                                          const byte *in,               \
                                          size_t nblocks);              \
  void _bcry_camellia_##isa##_ctr_enc_blk##w (const void *ctx,          \
                                              byte *ctr, byte *out,     \
                                              const byte *in,           \
                                              size_t nblocks);          \
  void _bcry_camellia_##isa##_ctr32le_enc_blk##w (const void *ctx,      \
                                                  byte *ctr, byte *out, \
                                                  const byte *in,       \
                                                  size_t nblocks);      \
  void _bcry_camellia_##isa##_cfb_dec_blk##w (const void *ctx, byte *iv, \
                                              byte *out, const byte *in, \
                                              size_t nblocks);          \
  void _bcry_camellia_##isa##_whiten_blk##w (const void *ctx, byte *out, \
                                             const byte *in,            \
                                             const byte *tw,            \
                                             size_t nblocks,            \
                                             unsigned int flags);       \
  void _bcry_camellia_##isa##_cbc_dec_blk##w (const void *ctx, byte *iv, \
                                              byte *out, const byte *in, \
                                              size_t nblocks);          \
  void _bcry_camellia_##isa##_ocb_crypt_blk##w (const void *ctx,        \
                                                bulk_ocb_state_t *st,   \
                                                byte *out,              \
                                                const byte *in,         \
                                                size_t nblocks,         \
                                                int encrypt);           \
  void _bcry_camellia_##isa##_ocb_auth_blk##w (const void *ctx,         \
                                               bulk_ocb_state_t *st,    \
                                               const byte *abuf,        \
                                               size_t nblocks);         \
  void _bcry_camellia_##isa##_xts_crypt_blk##w (const void *ctx,        \
                                                byte *tweak, byte *out, \
                                                const byte *in,         \
                                                size_t nblocks,         \
                                                int encrypt);
/* GCM's CTR and GHASH in one pass over 64 blocks: the AVX-512 kernel,
   and those of the two-stream YMM files where the assembler has
   VPCLMULQDQ.  They read the ghash_state_t at the offsets of
   src/kernel-state.h, through cipher/ghash-vpclmul-amd64.h.  */
# define CAMELLIA_GCM_KERNEL(isa, w)                                    \
  void _bcry_camellia_##isa##_gcm_crypt_blk##w (const void *ctx,        \
                                                void *ghash_state,      \
                                                byte *ctr, byte *out,   \
                                                const byte *in,         \
                                                const byte *hash,       \
                                                size_t nblocks);
/* A table entry's kernels.  */
# define CAMELLIA_SIMD_ENTRY(isa, w)                                    \
  .width = w,                                                           \
  .enc = _bcry_camellia_##isa##_enc_blk##w,                             \
  .dec = _bcry_camellia_##isa##_dec_blk##w,                             \
  .ctr_enc = _bcry_camellia_##isa##_ctr_enc_blk##w,                     \
  .ctr32le_enc = _bcry_camellia_##isa##_ctr32le_enc_blk##w,             \
  .cfb_dec = _bcry_camellia_##isa##_cfb_dec_blk##w,                     \
  .whiten = _bcry_camellia_##isa##_whiten_blk##w,                       \
  .cbc_dec = _bcry_camellia_##isa##_cbc_dec_blk##w,                     \
  .ocb_crypt = _bcry_camellia_##isa##_ocb_crypt_blk##w,                 \
  .ocb_auth = _bcry_camellia_##isa##_ocb_auth_blk##w,                   \
  .xts_crypt = _bcry_camellia_##isa##_xts_crypt_blk##w
#endif

#ifdef USE_CAMELLIA_GFNI_AVX512
CAMELLIA_SIMD_KERNELS (gfni_avx512, 64)
CAMELLIA_GCM_KERNEL (gfni_avx512, 64)
#endif

#ifdef USE_CAMELLIA_GFNI_AVX2
CAMELLIA_SIMD_KERNELS (gfni_avx2, 64)
CAMELLIA_SIMD_KERNELS (gfni_avx2, 32)
# ifdef USE_CAMELLIA_GFNI_AVX2_GCM
CAMELLIA_GCM_KERNEL (gfni_avx2, 64)
# endif
#endif

#ifdef USE_CAMELLIA_VAES_AVX2
CAMELLIA_SIMD_KERNELS (vaes_avx2, 64)
CAMELLIA_SIMD_KERNELS (vaes_avx2, 32)
CAMELLIA_GCM_KERNEL (vaes_avx2, 64)
#endif

#ifdef USE_CAMELLIA_AESNI_AVX
CAMELLIA_SIMD_KERNELS (aesni_avx, 32)
CAMELLIA_SIMD_KERNELS (aesni_avx, 16)
#endif

/* The aarch64 byte-sliced kernels (camellia-neon-aarch64.c) read the
   round count at offset 256 and their own schedule, neon, at 260.
   They have the kernels of the amd64 ones but the whitened pass: XTS
   and OCB compute their tweaks and offsets in C around the 16-block
   cipher.  */
#ifdef USE_CAMELLIA_NEON
CAMELLIA_SIMD_KERNELS (neon, 16)
#endif

/* Widest first; SIMD entries go above the portable one.  min_blocks is
   the shortest run an entry takes: from there on one call of it costs
   less than what the entries below it do with the run (the measured
   break-even, doc/HACKING, "Tuning notes").  Each
   16-register kernel comes twice: its engine on two streams of blocks
   (twice the width) for long runs, on one for the rest.  */
static const bulk_impl_t camellia_impls[] =
  {
#ifdef USE_CAMELLIA_GFNI_AVX512
    /* From 3 blocks one call beats the amd64 entry.  XTS's
       tweaks need VPCLMULQDQ, which every CPU with GFNI and AVX-512 so
       far has.  */
    { .name = "gfni-avx512", .hwf = HWF_GFNI | HWF_AVX512 | HWF_VPCLMUL,
      .min_blocks = 3, CAMELLIA_SIMD_ENTRY (gfni_avx512, 64),
      .gcm_crypt = _bcry_camellia_gfni_avx512_gcm_crypt_blk64 },
#endif
#ifdef USE_CAMELLIA_GFNI_AVX2
    /* From 35 blocks one 64-block call beats 32 plus a tail.  */
    { .name = "gfni-avx2", .hwf = HWF_GFNI | HWF_AVX2, .min_blocks = 35,
      CAMELLIA_SIMD_ENTRY (gfni_avx2, 64),
# ifdef USE_CAMELLIA_GFNI_AVX2_GCM
      .gcm_crypt = _bcry_camellia_gfni_avx2_gcm_crypt_blk64
# endif
    },
    /* From 4 blocks one call beats the amd64 entry.  */
    { .name = "gfni-avx2", .hwf = HWF_GFNI | HWF_AVX2, .min_blocks = 4,
      CAMELLIA_SIMD_ENTRY (gfni_avx2, 32) },
#endif
#ifdef USE_CAMELLIA_VAES_AVX2
    /* From 40 blocks one 64-block call beats 32 plus a tail.  */
    { .name = "vaes-avx2", .hwf = HWF_AESNI | HWF_VAES | HWF_AVX2,
      .min_blocks = 40, CAMELLIA_SIMD_ENTRY (vaes_avx2, 64),
      .gcm_crypt = _bcry_camellia_vaes_avx2_gcm_crypt_blk64 },
    /* From 7 blocks one call beats the amd64 entry.  */
    { .name = "vaes-avx2", .hwf = HWF_AESNI | HWF_VAES | HWF_AVX2,
      .min_blocks = 7, CAMELLIA_SIMD_ENTRY (vaes_avx2, 32) },
#endif
#ifdef USE_CAMELLIA_AESNI_AVX
    /* From 22 blocks one 32-block call beats 16 plus a tail.  */
    { .name = "aesni-avx", .hwf = HWF_AESNI | HWF_AVX, .min_blocks = 22,
      CAMELLIA_SIMD_ENTRY (aesni_avx, 32) },
    /* From 7 blocks one call beats the amd64 entry.  */
    { .name = "aesni-avx", .hwf = HWF_AESNI | HWF_AVX, .min_blocks = 7,
      CAMELLIA_SIMD_ENTRY (aesni_avx, 16) },
#endif
#ifdef USE_CAMELLIA_NEON
    /* From 4 blocks one call takes fewer instructions than the C
       (counted under qemu-aarch64, doc/HACKING "Tuning notes").  */
    { .name = "neon-aese", .hwf = HWF_NEON | HWF_ARM_AES,
      .min_blocks = 4, .width = 16,
      .enc = _bcry_camellia_neon_enc_blk16,
      .dec = _bcry_camellia_neon_dec_blk16,
      .ctr_enc = _bcry_camellia_neon_ctr_enc_blk16,
      .ctr32le_enc = _bcry_camellia_neon_ctr32le_enc_blk16,
      .cfb_dec = _bcry_camellia_neon_cfb_dec_blk16,
      .cbc_dec = _bcry_camellia_neon_cbc_dec_blk16,
      .ocb_crypt = _bcry_camellia_neon_ocb_crypt_blk16,
      .ocb_auth = _bcry_camellia_neon_ocb_auth_blk16,
      .xts_crypt = _bcry_camellia_neon_xts_crypt_blk16 },
#endif
#ifdef USE_CAMELLIA_AMD64
    /* Any CPU: the serial entry, whose kernels keep CBC, CFB and OFB
       encryption and CBC-MAC faster than the C, and runs too short for
       SIMD; its mac_ctr serves CCM and EAX when no SIMD entry does.  */
    { .name = "amd64", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = _bcry_camellia_amd64_enc, .dec = _bcry_camellia_amd64_dec,
      .cbc_enc = _bcry_camellia_amd64_cbc_enc,
      .cfb_enc = _bcry_camellia_amd64_cfb_enc,
      .ofb_enc = _bcry_camellia_amd64_ofb_enc,
      .mac_ctr = _bcry_camellia_amd64_mac_ctr },
#endif
#ifdef USE_CAMELLIA_AARCH64
    /* Any aarch64 CPU: one block at a time, and the serial kernels,
       which run CBC, CFB and OFB encryption and CBC-MAC in 61 % of
       the C's instructions.  ECB takes fewer instructions than the
       C from two blocks on and 27 more for a single block, as it
       reads four times as many table lines (doc/HACKING, "Tuning
       notes").  */
    { .name = "aarch64", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = _bcry_camellia_aarch64_enc, .dec = _bcry_camellia_aarch64_dec,
      .cbc_enc = _bcry_camellia_aarch64_cbc_enc,
      .cfb_enc = _bcry_camellia_aarch64_cfb_enc,
      .ofb_enc = _bcry_camellia_aarch64_ofb_enc,
      .mac_ctr = _bcry_camellia_aarch64_mac_ctr },
#endif
    { .name = "c", .hwf = 0, .width = 0, .min_blocks = 1,
      .enc = camellia_c_enc_blocks, .dec = camellia_c_dec_blocks }
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

/* The specification's round is X ^= F (Y ^ k); here each 64-bit half of
   the state instead carries a mask that setkey knows: the half about to
   enter the S-boxes already holds its round key, so a round is
   X ^= F (Y) ^ c, where the constant c removes X's old mask and adds the
   one X needs as the next round's input.  The xor with c does not wait
   for the S-boxes, which takes one instruction off each round's
   dependency chain.  AND and OR with a fixed key distribute over xor bit
   by bit, so a mask crosses FL and FL^-1 as a key-dependent map computed
   at setkey; the FL keys stay as specified, and the whitening keys fold
   into the first and last constants.  Every round is its own inverse
   and FL^-1 undoes FL, so decryption is the same routine reading the
   schedule backwards.

   X ^= F (Y) ^ K on 32-bit words, where (Y0, Y1) already holds the
   round key.  W collects the left output word's share from Y0's bytes
   and Z everything else of that word; the right output word is the left
   one xored with W rotated right by 8 bits.  */
#define CAMELLIA_ROUND(y0, y1, x0, x1, k)                               \
  do                                                                    \
    {                                                                   \
      u32 w_ = (camellia_sp[0][(y0) >> 24]                              \
                ^ camellia_sp[1][((y0) >> 16) & 0xff]                   \
                ^ camellia_sp[2][((y0) >> 8) & 0xff]                    \
                ^ camellia_sp[3][(y0) & 0xff]);                         \
      u32 z_ = (camellia_sp[1][(y1) >> 24]                              \
                ^ camellia_sp[2][((y1) >> 16) & 0xff]                   \
                ^ camellia_sp[3][((y1) >> 8) & 0xff]                    \
                ^ camellia_sp[0][(y1) & 0xff]);                         \
      z_ ^= w_;                                                         \
      (x0) ^= (k)[0] ^ z_;                                              \
      (x1) ^= (k)[1] ^ z_ ^ ror32 (w_, 8);                              \
    }                                                                   \
  while (0)

/* FL and FL^-1 of RFC 3713 section 2.4.2 on the half (X0, X1).  */
#define CAMELLIA_FL(x0, x1, k)                                          \
  do                                                                    \
    {                                                                   \
      (x1) ^= rol32 ((x0) & (k)[0], 1);                                 \
      (x0) ^= (x1) | (k)[1];                                            \
    }                                                                   \
  while (0)

#define CAMELLIA_FLINV(x0, x1, k)                                       \
  do                                                                    \
    {                                                                   \
      (x0) ^= (x1) | (k)[1];                                            \
      (x1) ^= rol32 ((x0) & (k)[0], 1);                                 \
    }                                                                   \
  while (0)

/* Pair I of the schedule counted from K in the direction D (+1 or -1).  */
#define K(i) (k + 2 * (i) * d)

/* One block.  K points at the first pair of the schedule in the
   direction of travel; NGROUPS is rounds / 6.  */
static ALWAYS_INLINE void
camellia_crypt1 (const u32 *k, ptrdiff_t d, unsigned int ngroups,
                 byte *out, const byte *in)
{
  u32 a0, a1, b0, b1;

  a0 = buf_get_be32 (in) ^ k[0];
  a1 = buf_get_be32 (in + 4) ^ k[1];
  b0 = buf_get_be32 (in + 8);
  b1 = buf_get_be32 (in + 12);
  for (;;)
    {
      CAMELLIA_ROUND (a0, a1, b0, b1, K (1));
      CAMELLIA_ROUND (b0, b1, a0, a1, K (2));
      CAMELLIA_ROUND (a0, a1, b0, b1, K (3));
      CAMELLIA_ROUND (b0, b1, a0, a1, K (4));
      CAMELLIA_ROUND (a0, a1, b0, b1, K (5));
      CAMELLIA_ROUND (b0, b1, a0, a1, K (6));
      if (!--ngroups)
        break;
      CAMELLIA_FL (a0, a1, K (7));
      CAMELLIA_FLINV (b0, b1, K (8));
      k += 16 * d;
    }
  buf_put_be32 (out, b0 ^ K (7)[0]);
  buf_put_be32 (out + 4, b1 ^ K (7)[1]);
  buf_put_be32 (out + 8, a0);
  buf_put_be32 (out + 12, a1);
}

/* Two blocks in one pass, giving the core independent work while one
   block waits on its table loads.  */
static ALWAYS_INLINE void
camellia_crypt2 (const u32 *k, ptrdiff_t d, unsigned int ngroups,
                 byte *out, const byte *in)
{
  u32 a0, a1, b0, b1, c0, c1, e0, e1;

  a0 = buf_get_be32 (in) ^ k[0];
  a1 = buf_get_be32 (in + 4) ^ k[1];
  b0 = buf_get_be32 (in + 8);
  b1 = buf_get_be32 (in + 12);
  c0 = buf_get_be32 (in + 16) ^ k[0];
  c1 = buf_get_be32 (in + 20) ^ k[1];
  e0 = buf_get_be32 (in + 24);
  e1 = buf_get_be32 (in + 28);
  for (;;)
    {
      CAMELLIA_ROUND (a0, a1, b0, b1, K (1));
      CAMELLIA_ROUND (c0, c1, e0, e1, K (1));
      CAMELLIA_ROUND (b0, b1, a0, a1, K (2));
      CAMELLIA_ROUND (e0, e1, c0, c1, K (2));
      CAMELLIA_ROUND (a0, a1, b0, b1, K (3));
      CAMELLIA_ROUND (c0, c1, e0, e1, K (3));
      CAMELLIA_ROUND (b0, b1, a0, a1, K (4));
      CAMELLIA_ROUND (e0, e1, c0, c1, K (4));
      CAMELLIA_ROUND (a0, a1, b0, b1, K (5));
      CAMELLIA_ROUND (c0, c1, e0, e1, K (5));
      CAMELLIA_ROUND (b0, b1, a0, a1, K (6));
      CAMELLIA_ROUND (e0, e1, c0, c1, K (6));
      if (!--ngroups)
        break;
      CAMELLIA_FL (a0, a1, K (7));
      CAMELLIA_FL (c0, c1, K (7));
      CAMELLIA_FLINV (b0, b1, K (8));
      CAMELLIA_FLINV (e0, e1, K (8));
      k += 16 * d;
    }
  buf_put_be32 (out, b0 ^ K (7)[0]);
  buf_put_be32 (out + 4, b1 ^ K (7)[1]);
  buf_put_be32 (out + 8, a0);
  buf_put_be32 (out + 12, a1);
  buf_put_be32 (out + 16, e0 ^ K (7)[0]);
  buf_put_be32 (out + 20, e1 ^ K (7)[1]);
  buf_put_be32 (out + 24, c0);
  buf_put_be32 (out + 28, c1);
}

static ALWAYS_INLINE void
camellia_crypt (const CAMELLIA_context *ctx, byte *out, const byte *in,
                size_t nblocks, int decrypt)
{
  const volatile u32 *line = &camellia_sp[0][0];
  unsigned int ngroups = ctx->rounds / 6;
  const u32 *k = ctx->key;
  ptrdiff_t d = 1;
  size_t i;

  if (decrypt)
    {
      k += 16 * ngroups - 2;
      d = -1;
    }

  /* Read each 64-byte line of the table once.  Unrolled: as a plain
     loop the 64 reads cost several times more than the reads alone.  */
#pragma GCC unroll 16
  for (i = 0; i < sizeof camellia_sp / sizeof (u32); i += 64 / sizeof (u32))
    (void) line[i];

  for (; nblocks >= 2; nblocks -= 2, out += 32, in += 32)
    camellia_crypt2 (k, d, ngroups, out, in);
  if (nblocks)
    camellia_crypt1 (k, d, ngroups, out, in);
}

static void
camellia_c_enc_blocks (const void *ctx, byte *out, const byte *in,
                       size_t nblocks)
{
  camellia_crypt (ctx, out, in, nblocks, 0);
}

static void
camellia_c_dec_blocks (const void *ctx, byte *out, const byte *in,
                       size_t nblocks)
{
  camellia_crypt (ctx, out, in, nblocks, 1);
}

static void
camellia_encrypt (const void *ctx, byte *out, const byte *in)
{
  camellia_c_enc_blocks (ctx, out, in, 1);
}

static void
camellia_decrypt (const void *ctx, byte *out, const byte *in)
{
  camellia_c_dec_blocks (ctx, out, in, 1);
}


/* F of RFC 3713 section 2.4.1 on an input already xored with its key.  */
static inline u64
camellia_f (u64 x)
{
  static const u32 nokey[2] = { 0, 0 };
  u32 x0 = x >> 32, x1 = x, y0 = 0, y1 = 0;

  CAMELLIA_ROUND (x0, x1, y0, y1, nokey);
  return ((u64) y0 << 32) | y1;
}

/* The left 64 bits of the 128-bit X[0] || X[1] rotated left by R bits,
   0 <= R < 128.  */
static ALWAYS_INLINE u64
camellia_rot128_hi (const u64 x[2], unsigned int r)
{
  u64 hi = x[r >> 6], lo = x[(r >> 6) ^ 1];

  r &= 63;
  /* Two shifts for the right part avoid a shift by 64 when R is 0.  */
  return (hi << r) | (lo >> 1 >> (63 - r));
}

/* The mask that FL^-1 with key K turns a mask M on its input into; FL
   with the same key turns the result back into M.  */
static u64
camellia_flinv_mask (u64 m, u64 k)
{
  u32 m0 = m >> 32, m1 = m;

  m0 ^= m1 & ~(u32) k;
  m1 ^= rol32 (m0 & (u32) (k >> 32), 1);
  return ((u64) m0 << 32) | m1;
}

enum { KL, KR, KA, KB };

/* Where the 64-bit subkeys come from, in the order of RFC 3713 section
   2.2 (kw1, kw2, k1...k6, ke1, ke2, k7... , kw3, kw4): the left half of
   KL, KR, KA or KB rotated left by the given count; the right half of
   X <<< r is the left half of X <<< (r + 64).  */
static const byte camellia_order128[26][2] =
  {
    { KL, 0 }, { KL, 64 },
    { KA, 0 }, { KA, 64 }, { KL, 15 }, { KL, 79 },
    { KA, 15 }, { KA, 79 },
    { KA, 30 }, { KA, 94 },
    { KL, 45 }, { KL, 109 }, { KA, 45 }, { KL, 124 },
    { KA, 60 }, { KA, 124 },
    { KL, 77 }, { KL, 13 },
    { KL, 94 }, { KL, 30 }, { KA, 94 }, { KA, 30 },
    { KL, 111 }, { KL, 47 },
    { KA, 111 }, { KA, 47 }
  };

static const byte camellia_order256[34][2] =
  {
    { KL, 0 }, { KL, 64 },
    { KB, 0 }, { KB, 64 }, { KR, 15 }, { KR, 79 },
    { KA, 15 }, { KA, 79 },
    { KR, 30 }, { KR, 94 },
    { KB, 30 }, { KB, 94 }, { KL, 45 }, { KL, 109 },
    { KA, 45 }, { KA, 109 },
    { KL, 60 }, { KL, 124 },
    { KR, 60 }, { KR, 124 }, { KB, 60 }, { KB, 124 },
    { KL, 77 }, { KL, 13 },
    { KA, 77 }, { KA, 13 },
    { KR, 94 }, { KR, 30 }, { KA, 94 }, { KA, 30 },
    { KL, 111 }, { KL, 47 },
    { KB, 111 }, { KB, 47 }
  };

/* The constants Sigma1...Sigma6 of RFC 3713 section 2.2.  */
static const u64 camellia_sigma[6] =
  {
    0xa09e667f3bcc908bULL, 0xb67ae8584caa73b2ULL, 0xc6ef372fe94f82beULL,
    0x54ff53a5f1d36f1cULL, 0x10e527fade682d1dULL, 0xb05688c2b3e6c1fdULL
  };

/* SUB[i] = ORDER[i] applied to K, for the N entries of ORDER.  */
static ALWAYS_INLINE void
camellia_subkeys (u64 *sub, u64 k[4][2], const byte order[][2],
                  unsigned int n)
{
  unsigned int i;

  /* Unrolled, the table reads fold into constant shifts.  */
#pragma GCC unroll 34
  for (i = 0; i < n; i++)
    sub[i] = camellia_rot128_hi (k[order[i][0]], order[i][1]);
}

static void
camellia_put (u32 *pair, u64 v)
{
  pair[0] = v >> 32;
  pair[1] = (u32) v;
}

/* Turn the specification's subkeys SUB (in camellia_order* order) into
   the masked schedule OUT for NGROUPS groups of six rounds.  Entering
   round j of a group, the half that round reads carries key j and the
   other half carries key j - 1, except at the start of a group, where
   the right half carries MB: kw2 before the first group, and after FL^-1
   the image of the last round's key.  Round j's constant moves the half
   it updates to key j + 1; before an FL layer, to the mask that FL turns
   into the next group's first key; after the last round, to kw4, so
   that half leaves as ciphertext.  */
static void
camellia_mask_schedule (u32 *out, const u64 *sub, unsigned int ngroups)
{
  const u64 *rk = sub + 2;
  u64 mb = sub[1];
  unsigned int g, j;

  camellia_put (out + 0, sub[0] ^ rk[0]);
  for (g = 1; ; g++, rk += 8, out += 16)
    {
      /* RK[0..5] are this group's round keys; RK[6] and RK[7] the FL
         keys that follow, or kw3 and kw4 after the last group.  */
      camellia_put (out + 2, mb ^ rk[1]);
      for (j = 1; j < 5; j++)
        camellia_put (out + 2 * (1 + j), rk[j - 1] ^ rk[j + 1]);
      if (g == ngroups)
        break;
      camellia_put (out + 12, rk[4] ^ camellia_flinv_mask (rk[8], rk[6]));
      camellia_put (out + 14, rk[6]);
      camellia_put (out + 16, rk[7]);
      mb = camellia_flinv_mask (rk[5], rk[7]);
    }
  camellia_put (out + 12, rk[4] ^ rk[7]);
  camellia_put (out + 14, rk[5] ^ rk[6]);
}

#ifdef USE_CAMELLIA_SIMD
#include <emmintrin.h>

/* OUT[8 * p + j] = byte j (0 the most significant of the left word) of
   pair p of the masked schedule KEY of NGROUPS groups, in each of its
   four bytes (the key32 of CAMELLIA_context).  Four key words at a
   time in SSE2, which every amd64 CPU has: a word at a time in C, the
   loop was most of the cost of setkey, as OUT and KEY share the
   context and the compiler could not vectorise it.  Unpacking a vector
   with itself doubles each byte, twice quadruples it, giving a word's
   bytes least significant first; the shuffle puts them in order.  */
static void
camellia_key32 (u32 *out, const u32 *key, unsigned int ngroups)
{
  unsigned int i;

  for (i = 0; i < 16 * ngroups; i += 4, out += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (key + i));
      __m128i lo = _mm_unpacklo_epi8 (v, v), hi = _mm_unpackhi_epi8 (v, v);

      _mm_storeu_si128 ((__m128i *) out,
                        _mm_shuffle_epi32 (_mm_unpacklo_epi16 (lo, lo), 0x1b));
      _mm_storeu_si128 ((__m128i *) (out + 4),
                        _mm_shuffle_epi32 (_mm_unpackhi_epi16 (lo, lo), 0x1b));
      _mm_storeu_si128 ((__m128i *) (out + 8),
                        _mm_shuffle_epi32 (_mm_unpacklo_epi16 (hi, hi), 0x1b));
      _mm_storeu_si128 ((__m128i *) (out + 12),
                        _mm_shuffle_epi32 (_mm_unpackhi_epi16 (hi, hi), 0x1b));
    }
}

/* The masks of CAMELLIA_context from the masked schedule KEY of NGROUPS
   groups.  */
static void
camellia_masks (byte masks[2][16], const u32 *key, unsigned int ngroups)
{
  const u32 *last = key + 2 * (8 * ngroups - 1);

  memset (masks, 0, 2 * 16);
  buf_put_be32 (masks[0], key[0]);
  buf_put_be32 (masks[0] + 4, key[1]);
  buf_put_be32 (masks[1], last[0]);
  buf_put_be32 (masks[1] + 4, last[1]);
}
#endif

static gpg_err_code_t
camellia_setkey (void *context, const byte *key, size_t keylen,
                 const cipher_setkey_args_t *args)
{
  CAMELLIA_context *ctx = context;
  u64 k[4][2];                  /* KL, KR, KA, KB.  */
  u64 sub[34];

  if (keylen != 16 && keylen != 24 && keylen != 32)
    return GPG_ERR_INV_KEYLEN;

  k[KL][0] = buf_get_be64 (key);
  k[KL][1] = buf_get_be64 (key + 8);
  k[KR][0] = keylen > 16 ? buf_get_be64 (key + 16) : 0;
  k[KR][1] = (keylen == 32 ? buf_get_be64 (key + 24)
              : keylen == 24 ? ~k[KR][0] : 0);

  k[KA][0] = k[KL][0] ^ k[KR][0];
  k[KA][1] = k[KL][1] ^ k[KR][1];
  k[KA][1] ^= camellia_f (k[KA][0] ^ camellia_sigma[0]);
  k[KA][0] ^= camellia_f (k[KA][1] ^ camellia_sigma[1]);
  k[KA][0] ^= k[KL][0];
  k[KA][1] ^= k[KL][1];
  k[KA][1] ^= camellia_f (k[KA][0] ^ camellia_sigma[2]);
  k[KA][0] ^= camellia_f (k[KA][1] ^ camellia_sigma[3]);

  if (keylen == 16)
    {
      camellia_subkeys (sub, k, camellia_order128, DIM (camellia_order128));
      ctx->rounds = 18;
    }
  else
    {
      k[KB][0] = k[KA][0] ^ k[KR][0];
      k[KB][1] = k[KA][1] ^ k[KR][1];
      k[KB][1] ^= camellia_f (k[KB][0] ^ camellia_sigma[4]);
      k[KB][0] ^= camellia_f (k[KB][1] ^ camellia_sigma[5]);
      camellia_subkeys (sub, k, camellia_order256, DIM (camellia_order256));
      ctx->rounds = 24;
    }

  camellia_mask_schedule (ctx->key, sub, ctx->rounds / 6);
#ifdef USE_CAMELLIA_SIMD
  camellia_key32 (ctx->key32, ctx->key, ctx->rounds / 6);
  camellia_masks (ctx->masks, ctx->key, ctx->rounds / 6);
#endif
#ifdef USE_CAMELLIA_NEON
  _bcry_camellia_neon_schedule (ctx->neon, ctx->key, ctx->rounds / 6);
#endif

  wipememory (k, sizeof k);
  wipememory (sub, sizeof sub);

  if (args && args->bulk)
    BULK_SELECT (args, camellia_impls);
  return 0;
}


/* RFC 3713 Appendix A: one plaintext under a 128-, 192- and 256-bit key.  */
static const char *
camellia_selftest (void)
{
  static const byte key[32] =
    {
      0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
      0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10,
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
    };
  static const struct
  {
    size_t keylen;
    byte ciphertext[16];
    const char *enc_failed;
    const char *dec_failed;
  } tv[] =
    {
      { 16, { 0x67, 0x67, 0x31, 0x38, 0x54, 0x96, 0x69, 0x73,
              0x08, 0x57, 0x06, 0x56, 0x48, 0xea, 0xbe, 0x43 },
        "Camellia-128 encryption", "Camellia-128 decryption" },
      { 24, { 0xb4, 0x99, 0x34, 0x01, 0xb3, 0xe9, 0x96, 0xf8,
              0x4e, 0xe5, 0xce, 0xe7, 0xd7, 0x9b, 0x09, 0xb9 },
        "Camellia-192 encryption", "Camellia-192 decryption" },
      { 32, { 0x9a, 0xcc, 0x23, 0x7d, 0xff, 0x16, 0xd7, 0x6c,
              0x20, 0xef, 0x7c, 0x91, 0x9e, 0x3a, 0x75, 0x09 },
        "Camellia-256 encryption", "Camellia-256 decryption" }
    };
  CAMELLIA_context ctx;
  byte buf[16];
  size_t i;

  for (i = 0; i < DIM (tv); i++)
    {
      /* The plaintext is the first 16 bytes of the key.  */
      if (camellia_setkey (&ctx, key, tv[i].keylen, NULL))
        return "Camellia setkey";
      camellia_encrypt (&ctx, buf, key);
      if (memcmp (buf, tv[i].ciphertext, 16))
        return tv[i].enc_failed;
      camellia_decrypt (&ctx, buf, buf);
      if (memcmp (buf, key, 16))
        return tv[i].dec_failed;
    }
  return NULL;
}


static const char *const camellia128_aliases[] =
  { "CAMELLIA", "CAMELLIA-128", NULL };
static const char *const camellia192_aliases[] = { "CAMELLIA-192", NULL };
static const char *const camellia256_aliases[] = { "CAMELLIA-256", NULL };

const cipher_spec_t _bcry_cipher_spec_camellia128 =
  {
    BCRY_CIPHER_CAMELLIA128, "CAMELLIA128", camellia128_aliases, 16, 128,
    sizeof (CAMELLIA_context), camellia_setkey, camellia_encrypt,
    camellia_decrypt, camellia_selftest
  };

const cipher_spec_t _bcry_cipher_spec_camellia192 =
  {
    BCRY_CIPHER_CAMELLIA192, "CAMELLIA192", camellia192_aliases, 16, 192,
    sizeof (CAMELLIA_context), camellia_setkey, camellia_encrypt,
    camellia_decrypt, camellia_selftest
  };

const cipher_spec_t _bcry_cipher_spec_camellia256 =
  {
    BCRY_CIPHER_CAMELLIA256, "CAMELLIA256", camellia256_aliases, 16, 256,
    sizeof (CAMELLIA_context), camellia_setkey, camellia_encrypt,
    camellia_decrypt, camellia_selftest
  };
