/* basic-vectors.c - published known-answer vectors for tests/basic
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each table below cites the document its values come from; they are
 * typed from that document, not computed.  Single-block tables of an
 * algorithm may also come as an include file, vectors-<algo>.inc, which
 * cites its own sources (ecb_table below).  The runner checks every
 * vector with every implementation the machine can run, encrypting and
 * decrypting, in one call and in pieces: published examples are where
 * an implementation meets the outside world, so a wrong value here is
 * never "the same bug on both sides".
 */

#include <config.h>
#include <stdio.h>
#include <string.h>
#include "basic.h"

struct kat
{
  const char *source;
  int algo;
  int mode;
  unsigned int flags;
  const char *key;
  const char *iv;               /* IV, or the counter block for CTR.  */
  const char *pt;
  const char *ct;               /* For CBC-MAC: the MAC.  */
};

/* NIST SP 800-38A, Appendix F: the key of each key size, the plaintext
   and the IV and initial counter block all examples share.  */
#define SP_K128 "2b7e151628aed2a6abf7158809cf4f3c"
#define SP_K192 "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
#define SP_K256 "603deb1015ca71be2b73aef0857d7781" \
                "1f352c073b6108d72d9810a30914dff4"
#define SP_PT "6bc1bee22e409f96e93d7e117393172a" \
              "ae2d8a571e03ac9c9eb76fac45af8e51" \
              "30c81c46a35ce411e5fbc1191a0a52ef" \
              "f69f2445df4f9b17ad2b417be66c3710"
#define SP_IV "000102030405060708090a0b0c0d0e0f"
#define SP_CTR "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
/* F.3.7-F.3.12 (CFB8) use the first 18 bytes of the plaintext.  */
#define SP_PT18 "6bc1bee22e409f96e93d7e117393172aae2d"

/* RFC 3962, Appendix B: the AES-128 key "chicken teriyaki", a zero IV
   and prefixes of "I would like the General Gau's Chicken, please, and
   wonton soup."  */
#define KRB_KEY "636869636b656e207465726979616b69"
#define KRB_IV  "00000000000000000000000000000000"
#define KRB_P1 "4920776f756c64206c696b6520746865"
#define KRB_P2 "2047656e6572616c2047617527732043"
#define KRB_P3 "6869636b656e2c20706c656173652c20"
#define KRB_P4 "616e6420776f6e746f6e20736f75702e"

/* RFC 3713, Appendix A: one plaintext for all three keys; the 128-bit
   key is that same value.  */
#define RFC3713_P "0123456789abcdeffedcba9876543210"

/* RFC 5528, section 4.1: the plaintexts of test vectors #1, #2 and #3
   (#4-#6 and #7-#9 repeat them).  */
#define CTR_P16 "53696e676c6520626c6f636b206d7367"
#define CTR_P32 "000102030405060708090a0b0c0d0e0f" \
                "101112131415161718191a1b1c1d1e1f"
#define CTR_P36 CTR_P32 "20212223"

static const struct kat kat_table[] =
  {
    /* FIPS-197, Appendix C.1-C.3: the cipher examples with the
       sequential key and plaintext.  */
    { "FIPS-197 C.1", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_ECB, 0,
      "000102030405060708090a0b0c0d0e0f", NULL,
      "00112233445566778899aabbccddeeff",
      "69c4e0d86a7b0430d8cdb78070b4c55a" },
    { "FIPS-197 C.2", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_ECB, 0,
      "000102030405060708090a0b0c0d0e0f1011121314151617", NULL,
      "00112233445566778899aabbccddeeff",
      "dda97ca4864cdfe06eaf70a0ec0d7191" },
    { "FIPS-197 C.3", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_ECB, 0,
      "000102030405060708090a0b0c0d0e0f"
      "101112131415161718191a1b1c1d1e1f", NULL,
      "00112233445566778899aabbccddeeff",
      "8ea2b7ca516745bfeafc49904b496089" },

    /* NIST SP 800-38A, Appendix F.  Each entry is the .Encrypt example
       named; the runner also decrypts, which is the .Decrypt example
       that follows it in the document (F.1.2, F.2.2, ...).  */
    { "SP 800-38A F.1.1", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_ECB, 0,
      SP_K128, NULL, SP_PT,
      "3ad77bb40d7a3660a89ecaf32466ef97"
      "f5d3d58503b9699de785895a96fdbaaf"
      "43b1cd7f598ece23881b00e3ed030688"
      "7b0c785e27e8ad3f8223207104725dd4" },
    { "SP 800-38A F.1.3", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_ECB, 0,
      SP_K192, NULL, SP_PT,
      "bd334f1d6e45f25ff712a214571fa5cc"
      "974104846d0ad3ad7734ecb3ecee4eef"
      "ef7afd2270e2e60adce0ba2face6444e"
      "9a4b41ba738d6c72fb16691603c18e0e" },
    { "SP 800-38A F.1.5", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_ECB, 0,
      SP_K256, NULL, SP_PT,
      "f3eed1bdb5d2a03c064b5a7e3db181f8"
      "591ccb10d410ed26dc5ba74a31362870"
      "b6ed21b99ca6f4f9f153e7b1beafed1d"
      "23304b7a39f9f3ff067d8d8f9e24ecc7" },

    { "SP 800-38A F.2.1", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CBC, 0,
      SP_K128, SP_IV, SP_PT,
      "7649abac8119b246cee98e9b12e9197d"
      "5086cb9b507219ee95db113a917678b2"
      "73bed6b8e3c1743b7116e69e22229516"
      "3ff1caa1681fac09120eca307586e1a7" },
    { "SP 800-38A F.2.3", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_CBC, 0,
      SP_K192, SP_IV, SP_PT,
      "4f021db243bc633d7178183a9fa071e8"
      "b4d9ada9ad7dedf4e5e738763f69145a"
      "571b242012fb7ae07fa9baac3df102e0"
      "08b0e27988598881d920a9e64f5615cd" },
    { "SP 800-38A F.2.5", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_CBC, 0,
      SP_K256, SP_IV, SP_PT,
      "f58c4c04d6e5f1ba779eabfb5f7bfbd6"
      "9cfc4e967edb808d679f777bc6702c7d"
      "39f23369a9d9bacfa530e26304231461"
      "b2eb05e2c39be9fcda6c19078c6a9d1b" },

    /* CBC-MAC is the last block of the CBC ciphertext: the last block of
       SP 800-38A F.2.1, F.2.3 and F.2.5.  */
    { "SP 800-38A F.2.1, last block", BCRY_CIPHER_AES128,
      BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_CBC_MAC, SP_K128, SP_IV, SP_PT,
      "3ff1caa1681fac09120eca307586e1a7" },
    { "SP 800-38A F.2.3, last block", BCRY_CIPHER_AES192,
      BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_CBC_MAC, SP_K192, SP_IV, SP_PT,
      "08b0e27988598881d920a9e64f5615cd" },
    { "SP 800-38A F.2.5, last block", BCRY_CIPHER_AES256,
      BCRY_CIPHER_MODE_CBC, BCRY_CIPHER_CBC_MAC, SP_K256, SP_IV, SP_PT,
      "b2eb05e2c39be9fcda6c19078c6a9d1b" },

    { "SP 800-38A F.3.7", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CFB8, 0,
      SP_K128, SP_IV, SP_PT18,
      "3b79424c9c0dd436bace9e0ed4586a4f32b9" },
    { "SP 800-38A F.3.9", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_CFB8, 0,
      SP_K192, SP_IV, SP_PT18,
      "cda2521ef0a905ca44cd057cbf0d47a0678a" },
    { "SP 800-38A F.3.11", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_CFB8, 0,
      SP_K256, SP_IV, SP_PT18,
      "dc1f1a8520a64db55fcc8ac554844e889700" },

    { "SP 800-38A F.3.13", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CFB, 0,
      SP_K128, SP_IV, SP_PT,
      "3b3fd92eb72dad20333449f8e83cfb4a"
      "c8a64537a0b3a93fcde3cdad9f1ce58b"
      "26751f67a3cbb140b1808cf187a4f4df"
      "c04b05357c5d1c0eeac4c66f9ff7f2e6" },
    { "SP 800-38A F.3.15", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_CFB, 0,
      SP_K192, SP_IV, SP_PT,
      "cdc80d6fddf18cab34c25909c99a4174"
      "67ce7f7f81173621961a2b70171d3d7a"
      "2e1e8a1dd59b88b1c8e60fed1efac4c9"
      "c05f9f9ca9834fa042ae8fba584b09ff" },
    { "SP 800-38A F.3.17", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_CFB, 0,
      SP_K256, SP_IV, SP_PT,
      "dc7e84bfda79164b7ecd8486985d3860"
      "39ffed143b28b1c832113c6331e5407b"
      "df10132415e54b92a13ed0a8267ae2f9"
      "75a385741ab9cef82031623d55b1e471" },

    { "SP 800-38A F.4.1", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_OFB, 0,
      SP_K128, SP_IV, SP_PT,
      "3b3fd92eb72dad20333449f8e83cfb4a"
      "7789508d16918f03f53c52dac54ed825"
      "9740051e9c5fecf64344f7a82260edcc"
      "304c6528f659c77866a510d9c1d6ae5e" },
    { "SP 800-38A F.4.3", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_OFB, 0,
      SP_K192, SP_IV, SP_PT,
      "cdc80d6fddf18cab34c25909c99a4174"
      "fcc28b8d4c63837c09e81700c1100401"
      "8d9a9aeac0f6596f559c6d4daf59a5f2"
      "6d9f200857ca6c3e9cac524bd9acc92a" },
    { "SP 800-38A F.4.5", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_OFB, 0,
      SP_K256, SP_IV, SP_PT,
      "dc7e84bfda79164b7ecd8486985d3860"
      "4febdc6740d20b3ac88f6ad82a4fb08d"
      "71ab47a086e86eedf39d1c5bba97c408"
      "0126141d67f37be8538f5a8be740e484" },

    { "SP 800-38A F.5.1", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CTR, 0,
      SP_K128, SP_CTR, SP_PT,
      "874d6191b620e3261bef6864990db6ce"
      "9806f66b7970fdff8617187bb9fffdff"
      "5ae4df3edbd5d35e5b4f09020db03eab"
      "1e031dda2fbe03d1792170a0f3009cee" },
    { "SP 800-38A F.5.3", BCRY_CIPHER_AES192, BCRY_CIPHER_MODE_CTR, 0,
      SP_K192, SP_CTR, SP_PT,
      "1abc932417521ca24f2b0459fe7e6e0b"
      "090339ec0aa6faefd5ccc2c6f4ce8e94"
      "1e36b26bd1ebc670d1bd1d665620abf7"
      "4f78a7f6d29809585a97daec58c6b050" },
    { "SP 800-38A F.5.5", BCRY_CIPHER_AES256, BCRY_CIPHER_MODE_CTR, 0,
      SP_K256, SP_CTR, SP_PT,
      "601ec313775789a5b7a7f504bbf3d228"
      "f443e3ca4d62b59aca84e990cacaf5c5"
      "2b0930daa23de94ce87017ba2d84988d"
      "dfc9c58db67aada613c2dd08457941a6" },

    /* RFC 3962, Appendix B: AES-128 CBC with ciphertext stealing, the
       last two blocks swapped; libgcrypt's CTS gives the same.  */
    { "RFC 3962 B, 17 bytes", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CBC,
      BCRY_CIPHER_CBC_CTS, KRB_KEY, KRB_IV, KRB_P1 "20",
      "c6353568f2bf8cb4d8a580362da7ff7f97" },
    { "RFC 3962 B, 31 bytes", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CBC,
      BCRY_CIPHER_CBC_CTS, KRB_KEY, KRB_IV,
      KRB_P1 "2047656e6572616c20476175277320",
      "fc00783e0efdb2c1d445d4c8eff7ed22"
      "97687268d6ecccc0c07b25e25ecfe5" },
    { "RFC 3962 B, 32 bytes", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CBC,
      BCRY_CIPHER_CBC_CTS, KRB_KEY, KRB_IV, KRB_P1 KRB_P2,
      "39312523a78662d5be7fcbcc98ebf5a8"
      "97687268d6ecccc0c07b25e25ecfe584" },
    { "RFC 3962 B, 47 bytes", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CBC,
      BCRY_CIPHER_CBC_CTS, KRB_KEY, KRB_IV,
      KRB_P1 KRB_P2 "6869636b656e2c20706c656173652c",
      "97687268d6ecccc0c07b25e25ecfe584"
      "b3fffd940c16a18c1b5549d2f838029e"
      "39312523a78662d5be7fcbcc98ebf5" },
    { "RFC 3962 B, 48 bytes", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CBC,
      BCRY_CIPHER_CBC_CTS, KRB_KEY, KRB_IV, KRB_P1 KRB_P2 KRB_P3,
      "97687268d6ecccc0c07b25e25ecfe584"
      "9dad8bbb96c4cdc03bc103e1a194bbd8"
      "39312523a78662d5be7fcbcc98ebf5a8" },
    { "RFC 3962 B, 64 bytes", BCRY_CIPHER_AES128, BCRY_CIPHER_MODE_CBC,
      BCRY_CIPHER_CBC_CTS, KRB_KEY, KRB_IV, KRB_P1 KRB_P2 KRB_P3 KRB_P4,
      "97687268d6ecccc0c07b25e25ecfe584"
      "39312523a78662d5be7fcbcc98ebf5a8"
      "4807efe836ee89a526730dbc2f7bc840"
      "9dad8bbb96c4cdc03bc103e1a194bbd8" },

    /* RFC 3713, Appendix A.  */
    { "RFC 3713 A, 128-bit key", BCRY_CIPHER_CAMELLIA128,
      BCRY_CIPHER_MODE_ECB, 0, RFC3713_P, NULL, RFC3713_P,
      "67673138549669730857065648eabe43" },
    { "RFC 3713 A, 192-bit key", BCRY_CIPHER_CAMELLIA192,
      BCRY_CIPHER_MODE_ECB, 0, RFC3713_P "0011223344556677", NULL,
      RFC3713_P, "b4993401b3e996f84ee5cee7d79b09b9" },
    { "RFC 3713 A, 256-bit key", BCRY_CIPHER_CAMELLIA256,
      BCRY_CIPHER_MODE_ECB, 0, RFC3713_P "00112233445566778899aabbccddeeff",
      NULL, RFC3713_P, "9acc237dff16d76c20ef7c919e3a7509" },

    /* NTT's Camellia test vectors, t_camellia.txt (as distributed from
       info.isl.ntt.co.jp/crypt/eng/camellia/), one file section per key
       size: K No.001 (the zero key) with P No.001 (0x80 then zeros) and
       P No.128 (zeros then 0x01), and K No.002 (all 0xff) with P No.001.  */
    { "NTT t_camellia.txt 128-bit K No.001 P No.001",
      BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_ECB, 0,
      "00000000000000000000000000000000", NULL,
      "80000000000000000000000000000000",
      "07923a39eb0a817d1c4d87bdb82d1f1c" },
    { "NTT t_camellia.txt 128-bit K No.001 P No.128",
      BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_ECB, 0,
      "00000000000000000000000000000000", NULL,
      "00000000000000000000000000000001",
      "f5574acc3148dfcb9015200631024df9" },
    { "NTT t_camellia.txt 128-bit K No.002 P No.001",
      BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_ECB, 0,
      "ffffffffffffffffffffffffffffffff", NULL,
      "80000000000000000000000000000000",
      "06c8bfad83aa9afd3a9ad4119bab7a5b" },
    { "NTT t_camellia.txt 192-bit K No.001 P No.001",
      BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_ECB, 0,
      "000000000000000000000000000000000000000000000000", NULL,
      "80000000000000000000000000000000",
      "3eb6cc5618efc98455b5992050d474e7" },
    { "NTT t_camellia.txt 192-bit K No.001 P No.128",
      BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_ECB, 0,
      "000000000000000000000000000000000000000000000000", NULL,
      "00000000000000000000000000000001",
      "ba9ae89fddce4b51131e17c4d65ce587" },
    { "NTT t_camellia.txt 192-bit K No.002 P No.001",
      BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_ECB, 0,
      "ffffffffffffffffffffffffffffffffffffffffffffffff", NULL,
      "80000000000000000000000000000000",
      "99b235859839170b1edda50ebb2f0b81" },
    { "NTT t_camellia.txt 256-bit K No.001 P No.001",
      BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_ECB, 0,
      "00000000000000000000000000000000"
      "00000000000000000000000000000000", NULL,
      "80000000000000000000000000000000",
      "b0c6b88aea518ab09e847248e91b1b9d" },
    { "NTT t_camellia.txt 256-bit K No.001 P No.128",
      BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_ECB, 0,
      "00000000000000000000000000000000"
      "00000000000000000000000000000000", NULL,
      "00000000000000000000000000000001",
      "9cdb269b5d293bc5db9c55b057d9b591" },
    { "NTT t_camellia.txt 256-bit K No.002 P No.001",
      BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_ECB, 0,
      "ffffffffffffffffffffffffffffffff"
      "ffffffffffffffffffffffffffffffff", NULL,
      "80000000000000000000000000000000",
      "915ffe45872fbe9c737b485f121986ee" },

    /* RFC 5528, section 4.1, test vectors #1-#9.  The counter block is
       Nonce (4 bytes) || IV (8 bytes) || 00000001, the document's
       "Counter Block (1)".  */
    { "RFC 5528 4.1 TV #1", BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_CTR, 0,
      "ae6852f8121067cc4bf7a5765577f39e",
      "00000030" "0000000000000000" "00000001", CTR_P16,
      "d09dc29a8214619a20877c76db1f0b3f" },
    { "RFC 5528 4.1 TV #2", BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_CTR, 0,
      "7e24067817fae0d743d6ce1f32539163",
      "006cb6db" "c0543b59da48d90b" "00000001", CTR_P32,
      "dbf3c78dc08396d4da7c907765bbcb44"
      "2b8e8e0f31f0dca72c7417e35360e048" },
    { "RFC 5528 4.1 TV #3", BCRY_CIPHER_CAMELLIA128, BCRY_CIPHER_MODE_CTR, 0,
      "7691be035e5020a8ac6e618529f9a0dc",
      "00e0017b" "27777f3f4a1786f0" "00000001", CTR_P36,
      "b19d1fcdcb75eb882f849ce24d85cf73"
      "9ce64b2b5c9d73f14f2d5d9dce9889cd"
      "df508696" },
    { "RFC 5528 4.1 TV #4", BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_CTR, 0,
      "16af5b145fc9f579c175f93e3bfb0eed863d06ccfdb78515",
      "00000048" "36733c147d6d93cb" "00000001", CTR_P16,
      "2379399e8a8d2b2b16702fc78b9e9696" },
    { "RFC 5528 4.1 TV #5", BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_CTR, 0,
      "7c5cb2401b3dc33c19e7340819e0f69c678c3db8e6f6a91a",
      "0096b03b" "020c6eadc2cb500d" "00000001", CTR_P32,
      "7def34f7a5d0e415674b7ffcae67c75d"
      "d018b86ff23051e056392a99f35a4ced" },
    { "RFC 5528 4.1 TV #6", BCRY_CIPHER_CAMELLIA192, BCRY_CIPHER_MODE_CTR, 0,
      "02bf391ee8ecb159b959617b0965279bf59b60a786d3e0fe",
      "0007bdfd" "5cbd60278dcc0912" "00000001", CTR_P36,
      "5710e556e1487a20b5ac0e73f19e4e78"
      "76f37fdc91b1ef4d4dade8e666a64d0e"
      "d557ab57" },
    { "RFC 5528 4.1 TV #7", BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_CTR, 0,
      "776beff2851db06f4c8a0542c8696f6c"
      "6a81af1eec96b4d37fc1d689e6c1c104",
      "00000060" "db5672c97aa8f0b2" "00000001", CTR_P16,
      "3401f9c8247effcebd6994714c1bbb11" },
    { "RFC 5528 4.1 TV #8", BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_CTR, 0,
      "f6d66d6bd52d59bb0796365879eff886"
      "c66dd51a5b6a99744b50590c87a23884",
      "00faac24" "c1585ef15a43d875" "00000001", CTR_P32,
      "d6c30392246f7808a83c2b22a8839e45"
      "e51cd48a1cdf406ebc9cc2d3ab834108" },
    { "RFC 5528 4.1 TV #9", BCRY_CIPHER_CAMELLIA256, BCRY_CIPHER_MODE_CTR, 0,
      "ff7a617ce69148e4f1726e2f43581de2"
      "aa62d9f805532edff1eed687fb54153d",
      "001cc5b7" "51a51d70a1c11148" "00000001", CTR_P36,
      "a4da23fce6a5ffaa6d64ae9a0652a42c"
      "d161a34b65f9679f75c01f101f71276f"
      "15ef0d8d" },
  };

/* Single-block known answers with a repeat count: ITERATIONS
   encryptions under KEY take PT to CT, as in the Monte Carlo tests of
   the AES submission packages; 1 for a plain known answer.  Each
   included file cites its sources.  */
struct ecb_kat
{
  int algo;
  size_t keylen;
  const char *key;
  const char *pt;
  const char *ct;
  unsigned long iterations;
};

static const struct ecb_kat ecb_table[] =
  {
#include "vectors-serpent.inc"
#include "vectors-twofish.inc"
  };

#define MAX_MSG 64
/* Copies of the block an ecb_table entry runs through at once, so that
   the multi-block kernels see it.  */
#define LANES 8

struct kat_bytes
{
  unsigned char key[MAX_KEY], iv[BLOCK], pt[MAX_MSG], ct[MAX_MSG];
  size_t keylen, ivlen, ptlen, ctlen;
};

static int
decode_kat (const struct kat *v, struct kat_bytes *b)
{
  b->keylen = hex_decode (v->key, b->key, sizeof b->key);
  b->ivlen = v->iv ? hex_decode (v->iv, b->iv, sizeof b->iv) : 0;
  b->ptlen = hex_decode (v->pt, b->pt, sizeof b->pt);
  b->ctlen = hex_decode (v->ct, b->ct, sizeof b->ct);
  return b->keylen != (size_t)-1 && b->ivlen != (size_t)-1
         && b->ptlen != (size_t)-1 && b->ctlen != (size_t)-1
         && (!v->iv || b->ivlen == BLOCK);
}

static gpg_err_code_t
start_message (bcry_cipher_hd_t hd, const struct kat *v,
               const struct kat_bytes *b)
{
  gpg_err_code_t rc = bcry_err_code (bcry_cipher_reset (hd));

  if (rc || !v->iv)
    return rc;
  if (v->mode == BCRY_CIPHER_MODE_CTR)
    return bcry_err_code (bcry_cipher_setctr (hd, b->iv, b->ivlen));
  return bcry_err_code (bcry_cipher_setiv (hd, b->iv, b->ivlen));
}

/* One vector with implementation IMPL; returns NULL or what failed.  */
static const char *
check_kat (const struct kat *v, const struct kat_bytes *b, unsigned int impl,
           bcry_cipher_hd_t *hdp)
{
  unsigned char out[MAX_MSG + BLOCK], guard[BLOCK];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  int cts = !!(v->flags & BCRY_CIPHER_CBC_CTS);
  int mac = !!(v->flags & BCRY_CIPHER_CBC_MAC);
  /* Whole blocks for ECB and CBC, an odd size for the stream modes.  */
  size_t piece = (v->mode == BCRY_CIPHER_MODE_ECB
                  || v->mode == BCRY_CIPHER_MODE_CBC) ? BLOCK : 7;
  size_t outlen = mac ? BLOCK : b->ptlen;

  *hdp = hd = open_impl (v->algo, v->mode, v->flags, impl,
                         b->key, b->keylen, &rc);
  if (!hd)
    return "open/setkey";

  memset (guard, 0xa5, sizeof guard);
  memcpy (out + outlen, guard, sizeof guard);
  if (start_message (hd, v, b)
      || bcry_cipher_encrypt (hd, out, outlen, b->pt, b->ptlen))
    return "encrypt call";
  if (memcmp (out, b->ct, b->ctlen))
    return "encrypt";
  if (memcmp (out + outlen, guard, sizeof guard))
    return "encrypt wrote past the output";
  if (mac)
    return NULL;

  if (!cts)
    {
      memcpy (out, b->pt, b->ptlen);
      if (start_message (hd, v, b)
          || feed_pieces (hd, FEED_ENCRYPT, out, out, b->ptlen, piece))
        return "encrypt in pieces, call";
      if (memcmp (out, b->ct, b->ctlen))
        return "encrypt in place, in pieces";
    }

  if (start_message (hd, v, b)
      || bcry_cipher_decrypt (hd, out, b->ctlen, b->ct, b->ctlen))
    return "decrypt call";
  if (memcmp (out, b->pt, b->ptlen))
    return "decrypt";

  memcpy (out, b->ct, b->ctlen);
  if (start_message (hd, v, b)
      || feed_pieces (hd, FEED_DECRYPT, out, out, b->ctlen,
                      cts ? b->ctlen : piece))
    return "decrypt in place, call";
  if (memcmp (out, b->pt, b->ptlen))
    return "decrypt in place";
  return NULL;
}

/* One ecb_table entry with implementation IMPL.  */
static const char *
check_ecb_kat (const struct ecb_kat *v, unsigned int impl,
               bcry_cipher_hd_t *hdp)
{
  unsigned char key[MAX_KEY], pt[BLOCK], ct[BLOCK], buf[LANES * BLOCK];
  bcry_cipher_hd_t hd;
  gpg_err_code_t rc;
  unsigned long n;
  size_t i;

  *hdp = NULL;
  if (hex_decode (v->key, key, sizeof key) != v->keylen
      || hex_decode (v->pt, pt, sizeof pt) != BLOCK
      || hex_decode (v->ct, ct, sizeof ct) != BLOCK)
    return "table entry";
  *hdp = hd = open_impl (v->algo, BCRY_CIPHER_MODE_ECB, 0, impl,
                         key, v->keylen, &rc);
  if (!hd)
    return "open/setkey";

  for (i = 0; i < LANES; i++)
    memcpy (buf + i * BLOCK, pt, BLOCK);
  for (n = 0; n < v->iterations; n++)
    if (bcry_cipher_encrypt (hd, buf, sizeof buf, NULL, 0))
      return "encrypt call";
  for (i = 0; i < LANES; i++)
    if (memcmp (buf + i * BLOCK, ct, BLOCK))
      return "encrypt";
  for (n = 0; n < v->iterations; n++)
    if (bcry_cipher_decrypt (hd, buf, sizeof buf, NULL, 0))
      return "decrypt call";
  for (i = 0; i < LANES; i++)
    if (memcmp (buf + i * BLOCK, pt, BLOCK))
      return "decrypt";
  return NULL;
}

static void
report (const char *source, size_t index, int mode, unsigned int flags,
        unsigned int impl, bcry_cipher_hd_t hd, const char *what)
{
  char label[160];

  if (source)
    snprintf (label, sizeof label, "%s (%s)", source,
              mode_label (mode, flags));
  else
    snprintf (label, sizeof label, "ecb_table entry %zu", index);
  if (what)
    test_fail ("%s, implementation %u \"%s\": %s wrong", label, impl,
               hd ? bcry_cipher_impl_name (hd) : "?", what);
  else
    {
      info ("  %s with \"%s\": ok\n", label, bcry_cipher_impl_name (hd));
      test_pass ();
    }
}

void
run_vectors (void)
{
  struct kat_bytes b;
  bcry_cipher_hd_t hd;
  const char *what;
  unsigned int impl, nimpl;
  size_t i;

  for (i = 0; i < sizeof kat_table / sizeof kat_table[0]; i++)
    {
      const struct kat *v = &kat_table[i];

      if (bcry_cipher_test_algo (v->algo))
        continue;               /* Not built in this configuration.  */
      if (!decode_kat (v, &b)
          || b.ctlen != ((v->flags & BCRY_CIPHER_CBC_MAC) ? BLOCK : b.ptlen))
        {
          test_fail ("%s: malformed table entry", v->source);
          continue;
        }
      nimpl = impl_count (v->algo);
      if (!nimpl)
        {
          test_fail ("%s: no implementation usable", v->source);
          continue;
        }
      for (impl = 0; impl < nimpl; impl++)
        {
          what = check_kat (v, &b, impl, &hd);
          report (v->source, i, v->mode, v->flags, impl, hd, what);
          bcry_cipher_close (hd);
        }
    }

  for (i = 0; i < sizeof ecb_table / sizeof ecb_table[0]; i++)
    {
      const struct ecb_kat *v = &ecb_table[i];

      if (bcry_cipher_test_algo (v->algo))
        continue;
      nimpl = impl_count (v->algo);
      if (!nimpl)
        test_fail ("ecb_table entry %zu: no implementation usable", i);
      for (impl = 0; impl < nimpl; impl++)
        {
          what = check_ecb_kat (v, impl, &hd);
          report (NULL, i, BCRY_CIPHER_MODE_ECB, 0, impl, hd, what);
          bcry_cipher_close (hd);
        }
    }
}

int
has_vectors (int algo, size_t *keylen)
{
  unsigned char key[MAX_KEY];
  size_t i;

  for (i = 0; i < sizeof kat_table / sizeof kat_table[0]; i++)
    if (kat_table[i].algo == algo && kat_table[i].mode == BCRY_CIPHER_MODE_ECB)
      {
        *keylen = hex_decode (kat_table[i].key, key, sizeof key);
        return 1;
      }
  for (i = 0; i < sizeof ecb_table / sizeof ecb_table[0]; i++)
    if (ecb_table[i].algo == algo)
      {
        *keylen = ecb_table[i].keylen;
        return 1;
      }
  return 0;
}
