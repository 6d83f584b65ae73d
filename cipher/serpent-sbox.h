/* serpent-sbox.h - Serpent's S-boxes as masked Boolean circuits
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The eight S-boxes of Serpent and their inverses (R. Anderson,
 * E. Biham, L. Knudsen, "Serpent: A Proposal for the Advanced Encryption
 * Standard", 1998) as the gate sequences of D. A. Osvik, "Speeding up
 * Serpent" (Third AES Candidate Conference, 2000), rewritten with masks
 * that fold into the round keys, for every C file that computes them:
 * serpent.c on words and pairs of blocks, serpent-neon-aarch64.c on
 * vectors of words.  The includer defines SERPENT_SBOX_WORD first.
 */

#ifndef BCRY_SERPENT_SBOX_H
#define BCRY_SERPENT_SBOX_H

/* Osvik's gate sequences are rewritten with one change: a circuit for
   S (x ^ a) ^ b serves as well as one for S, since the masks a and b
   fold into the round keys (the linear transform, being linear, turns b
   into a constant for the next round key).  With a complemented operand
   on both sides, AND becomes OR and the reverse, and complements pass
   through XOR, so a good choice of a and b per S-box removes most NOT
   operations: 11 are left of the 20 in the published sequences, 3 of
   them in encryption.  The masks of S_j also serve its inverse, so
   encryption and decryption share one schedule.  In eight places of the
   encryption circuits the last gates of an output that came late are
   derived anew from earlier signals of the same circuit (found by a
   search over up to three gates and checked against the S-box on all 16
   inputs): with the inputs arriving as the linear transformation
   (LT_KEY32) delivers them, one block's 32 rounds become a chain of 399
   gate delays instead of 435, for two more gates in all.

   Nibble j of these is the mask a (input) and b (output) of S-box j:
   bit i complements word i.  SBj (x) computes S_j (x ^ a) ^ b and SIj
   computes the inverse of that, S_j^-1 (y ^ b) ^ a, in place on four
   plain variables (not named t0, t1, ...) of a type that the word type
   SERPENT_SBOX_WORD of the temporaries converts to: u32 or u64 in
   serpent.c, a vector of words in serpent-neon-aarch64.c.  */
#define SERPENT_IN_MASKS  0x042a0050
#define SERPENT_OUT_MASKS 0x18240803

#define SB0(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x3 ^ x0, t1 = x1 & t0, t2 = x1 ^ x2, t3 = t1 ^ x0,       \
          t4 = x0 | t0, t5 = t4 ^ t2, t6 = t2 ^ t0, t7 = t0 ^ x2,       \
          t8 = x2 | t3, t9 = t8 ^ t6, t10 = ~t3, t11 = t6 & t10,        \
          t12 = t7 | t5, t13 = t11 ^ t12, t14 = t2 & t3,                \
          t15 = t5 & t7, t16 = t14 ^ t15;                               \
      x0 = t16; x1 = t13; x2 = t9; x3 = t5;                             \
    }                                                                   \
  while (0)

#define SB1(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x0 & x1, t1 = x2 ^ t0, t2 = t0 | x3, t3 = x3 ^ t1,       \
          t4 = x1 ^ t2, t5 = t2 ^ x0, t6 = x0 | t4, t7 = t4 ^ t3,       \
          t8 = t1 | t5, t9 = t8 & t6, t10 = t5 ^ t7, t11 = t7 & t9,     \
          t12 = t11 ^ t10, t13 = t10 & t9, t14 = t6 ^ t13;              \
      x0 = t9; x1 = t14; x2 = t3; x3 = t12;                             \
    }                                                                   \
  while (0)

#define SB2(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x0 & x2, t1 = t0 ^ x3, t2 = x2 ^ x1, t3 = t2 ^ t1,       \
          t4 = x3 | x0, t5 = t4 ^ x1, t6 = x0 ^ t3, t7 = t5 | t6,       \
          t8 = t7 ^ t1, t9 = t1 & t5, t10 = t6 ^ t9, t11 = x1 & t1,     \
          t12 = t5 & t6, t13 = t11 ^ t12;                               \
      x0 = t3; x1 = t8; x2 = t13; x3 = t10;                             \
    }                                                                   \
  while (0)

#define SB3(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x0 | x3, t1 = x3 ^ x1, t2 = x1 & x0, t3 = x0 ^ x2,       \
          t4 = x2 ^ t1, t5 = t1 & t0, t6 = t3 | t2, t7 = t5 ^ t6,       \
          t8 = t0 ^ t2, t9 = t6 & t8, t10 = t9 ^ t4, t11 = t4 | t7,     \
          t12 = t6 ^ t9, t13 = t11 ^ t12, t14 = t0 & t4,                \
          t15 = t1 | t8, t16 = t14 ^ t15;                               \
      x0 = t13; x1 = t16; x2 = t7; x3 = t10;                            \
    }                                                                   \
  while (0)

#define SB4(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x1 ^ x3, t1 = x2 ^ x3, t2 = x3 ^ x0, t3 = t0 & t2,       \
          t4 = t3 ^ t1, t5 = t0 ^ t2, t6 = x0 ^ t5, t7 = t1 & t5,       \
          t8 = t7 ^ t6, t9 = t6 & t4, t10 = t2 ^ t9, t11 = t5 | t4,     \
          t12 = t11 ^ t9, t13 = t8 & t10, t14 = t12 ^ t13,              \
          t15 = t2 | t9, t16 = t15 ^ t8;                                \
      x0 = t4; x1 = t14; x2 = t16; x3 = t10;                            \
    }                                                                   \
  while (0)

#define SB5(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x0 ^ x1, t1 = x1 ^ x3, t2 = t1 | t0, t3 = x2 ^ x3,       \
          t4 = t2 ^ t3, t5 = t3 & t1, t6 = t1 ^ x3, t7 = ~x3,           \
          t8 = t7 & t4, t9 = t8 ^ t0, t10 = t6 ^ t4, t11 = t10 ^ t5,    \
          t12 = t5 ^ t0, t13 = t11 & t9, t14 = t13 ^ t12,               \
          t15 = t0 | t8, t16 = t15 ^ t11;                               \
      x0 = t4; x1 = t9; x2 = t16; x3 = t14;                             \
    }                                                                   \
  while (0)

#define SB6(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x3 & x0, t1 = x0 ^ x3, t2 = t0 ^ x2, t3 = x2 | x3,       \
          t4 = x1 ^ t2, t5 = t3 ^ t1, t6 = t1 | t4, t7 = t5 ^ t4,       \
          t8 = x3 ^ t6, t9 = t6 | t2, t10 = t9 ^ t7, t11 = t8 ^ t2,     \
          t12 = t11 ^ t10, t13 = t7 & t12, t14 = t2 ^ t13;              \
      x0 = t10; x1 = t4; x2 = t12; x3 = t14;                            \
    }                                                                   \
  while (0)

#define SB7(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x1 | x2, t1 = t0 ^ x3, t2 = x1 ^ x2, t3 = x2 ^ t1,       \
          t4 = x3 | t2, t5 = t4 & x0, t6 = t2 ^ t3, t7 = t5 ^ t1,       \
          t8 = t1 | t6, t9 = t8 ^ x0, t10 = x0 | t6, t11 = t10 ^ t3,    \
          t12 = t9 ^ t6, t13 = ~t11, t14 = t2 & t10, t15 = t12 & t13,   \
          t16 = t14 ^ t15, t17 = t2 ^ t4, t18 = t9 & t11,               \
          t19 = t17 ^ t18;                                              \
      x0 = t16; x1 = t7; x2 = t19; x3 = t11;                            \
    }                                                                   \
  while (0)

#define SI0(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x1 & x0, t1 = t0 ^ x2, t2 = ~x1, t3 = x2 & t2,           \
          t4 = t1 ^ x3, t5 = x0 ^ x1, t6 = t3 ^ t5, t7 = ~t5,           \
          t8 = t7 & x3, t9 = x1 ^ t8, t10 = t8 | t4, t11 = t10 ^ t6,    \
          t12 = x3 ^ t9, t13 = t6 ^ t4, t14 = t12 ^ t11,                \
          t15 = t14 ^ t4, t16 = t13 & t15, t17 = t9 ^ t16;              \
      x0 = t11; x1 = t17; x2 = t4; x3 = t15;                            \
    }                                                                   \
  while (0)

#define SI1(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x1 ^ x3, t1 = x3 & t0, t2 = x1 ^ x2, t3 = t1 ^ x0,       \
          t4 = x0 | t0, t5 = x2 ^ t3, t6 = t4 ^ t2, t7 = t6 | t5,       \
          t8 = t0 ^ t3, t9 = t7 ^ t8, t10 = t8 | t3, t11 = t10 ^ t9,    \
          t12 = t2 ^ t11, t13 = t11 | t9, t14 = t13 ^ t9,               \
          t15 = ~t14, t16 = t15 & t12, t17 = t3 ^ t16;                  \
      x0 = t12; x1 = t9; x2 = t17; x3 = t5;                             \
    }                                                                   \
  while (0)

#define SI2(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x2 ^ x3, t1 = x3 ^ x0, t2 = t1 | t0, t3 = t2 ^ x1,       \
          t4 = ~x1, t5 = t4 & t0, t6 = t5 ^ t1, t7 = t1 | t3,           \
          t8 = t0 ^ t3, t9 = ~t7, t10 = t9 & x0, t11 = t10 ^ t8,        \
          t12 = t8 & t6, t13 = t12 | x0, t14 = t13 ^ t3,                \
          t15 = x0 ^ t3, t16 = t15 & t6, t17 = t3 ^ t11,                \
          t18 = t17 ^ t16;                                              \
      x0 = t6; x1 = t11; x2 = t14; x3 = t18;                            \
    }                                                                   \
  while (0)

#define SI3(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x2 ^ x1, t1 = x0 ^ t0, t2 = x2 & t0, t3 = t2 ^ t1,       \
          t4 = t1 & x1, t5 = x1 ^ x3, t6 = x3 | t3, t7 = t0 ^ t6,       \
          t8 = t4 ^ t6, t9 = t5 ^ t3, t10 = t6 & t7, t11 = t10 ^ t9,    \
          t12 = t9 ^ t8, t13 = t12 | t7, t14 = t8 ^ t11,                \
          t15 = t13 ^ t3, t16 = t14 ^ t15;                              \
      x0 = t7; x1 = t15; x2 = t11; x3 = t16;                            \
    }                                                                   \
  while (0)

#define SI4(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = ~x2, t1 = t0 & x3, t2 = t1 ^ x1, t3 = x1 | x3,           \
          t4 = t3 & x0, t5 = x2 ^ t2, t6 = t5 ^ t4, t7 = t4 & t2,       \
          t8 = x3 ^ t6, t9 = t7 ^ t8, t10 = t8 | x0, t11 = t10 ^ t2,    \
          t12 = x0 ^ t9, t13 = t2 & t12, t14 = t11 ^ t12,               \
          t15 = t13 ^ t6, t16 = t15 & t14, t17 = t14 ^ t12,             \
          t18 = t16 ^ t9;                                               \
      x0 = t12; x1 = t17; x2 = t18; x3 = t6;                            \
    }                                                                   \
  while (0)

#define SI5(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x2 ^ x1, t1 = x3 | x0, t2 = t1 ^ t0, t3 = t0 | x1,       \
          t4 = t3 & x0, t5 = x3 ^ t2, t6 = t4 ^ t5, t7 = t5 | x0,       \
          t8 = t7 ^ x1, t9 = x1 & t6, t10 = t9 ^ t2, t11 = t8 ^ t6,     \
          t12 = t2 & t11, t13 = t11 ^ t10, t14 = t12 ^ t13,             \
          t15 = t14 ^ x0;                                               \
      x0 = t10; x1 = t13; x2 = t15; x3 = t6;                            \
    }                                                                   \
  while (0)

#define SI6(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x0 ^ x2, t1 = x2 & t0, t2 = x2 ^ x3, t3 = x3 ^ x1,       \
          t4 = t1 ^ t3, t5 = ~t0, t6 = t2 & t5, t7 = t0 ^ t4,           \
          t8 = t3 ^ t6, t9 = t6 ^ x1, t10 = x1 & t8, t11 = t10 ^ t7,    \
          t12 = t7 ^ t8, t13 = t12 | t4, t14 = t8 ^ t11,                \
          t15 = t9 ^ t13;                                               \
      x0 = t11; x1 = t4; x2 = t15; x3 = t14;                            \
    }                                                                   \
  while (0)

#define SI7(x0, x1, x2, x3)                                             \
  do                                                                    \
    {                                                                   \
      SERPENT_SBOX_WORD t0 = x2 ^ x0, t1 = ~x0, t2 = t1 & x3, t3 = x2 | x3,           \
          t4 = x3 ^ x1, t5 = x1 | t2, t6 = t2 ^ t0, t7 = t0 & t3,       \
          t8 = t4 & t3, t9 = t5 ^ t7, t10 = t7 ^ t6, t11 = t6 | t10,    \
          t12 = t3 ^ t9, t13 = t11 ^ t8, t14 = t8 ^ t12,                \
          t15 = t12 | t13, t16 = t14 ^ t10, t17 = t15 ^ t10;            \
      x0 = t16; x1 = t13; x2 = t9; x3 = t17;                            \
    }                                                                   \
  while (0)

#endif /* BCRY_SERPENT_SBOX_H */
