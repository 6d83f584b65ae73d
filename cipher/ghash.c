/* ghash.c - GHASH and POLYVAL: buffering, dispatch, portable multiply
 * Copyright (C) 2026 The bulkcrypt authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Multiplication in GF(2^128) as GHASH defines it (NIST SP 800-38D,
 * section 6.3), and POLYVAL (RFC 8452) through the mapping of its
 * Appendix A: the buffering of partial blocks, the choice of multiplier
 * at setkey (the carry-less multiply of ghash-pclmul.c and
 * ghash-vpclmul.c, the constant-time one, where the CPU has it), and the
 * portable multiplier for CPUs without it and builds without assembly:
 * Shoup's table method with 8-bit tables (V. Shoup, "On Fast and
 * Provably Secure Message Authentication Based on Universal Hashing",
 * CRYPTO '96, as the GCM specification's section on software describes
 * it), which is NOT constant time (see touch_tables).
 */

#include <config.h>
#include "ghash.h"
#include "bufhelp.h"

/* The multiply is specialised for each group size and byte order.  */
#ifdef __GNUC__
# define ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
# define ALWAYS_INLINE inline
#endif

/* V = V * x.  The first word holds the coefficients of x^0..x^63 from
   its most significant bit down.  */
static inline void
mul_x (u64 *hi, u64 *lo)
{
  u64 carry = -(*lo & 1) & ((u64)0xe1 << 56);

  *lo = (*lo >> 1) | (*hi << 63);
  *hi = (*hi >> 1) ^ carry;
}

/* The table entries read are chosen by the data XORed with the running
   hash, which depends on the key, so cache timing can reveal
   information about H and hence allow forgeries.  Reading every cache
   line of the tables before each run, so that the lines loaded do not
   depend on the data, narrows the leak without closing it.  */
static inline void
touch_tables (const ghash_tables_t *tab)
{
  const volatile u64 *m = &tab->t[0][0][0];
  u64 sum = 0;
  size_t i;

  for (i = 0; i < sizeof tab->t / sizeof (u64); i += 8)
    sum += m[i];
  __asm__ volatile ("" : : "r" (sum));
}

/* Fill the table T of the power P = (HI, LO): n * P is (T[0][n],
   T[1][n]), where the most significant bit of the byte N is the
   coefficient of x^0.  Per key and per power of H (H to H^4), the
   products with the 256 values of a byte, so that one byte of a block
   costs one lookup.  Tables because a constant-time multiply from
   integer multiplications (BearSSL's ctmul64 technique) needs some 100
   multiplications a block, several times slower; 8-bit tables because
   4-bit ones take two lookups a byte; four powers because three cost a
   fifth more and eight would fill the first-level cache (doc/HACKING,
   "Tuning notes").  The price is 16 KiB per key, which the modes keep
   in the handle rather than in their state (ghash_tables_t), and the
   time to fill them at setkey, which GCM-SIV pays for every nonce since
   its hash key is derived from it.  */
static void
build_table (u64 t[2][256], u64 hi, u64 lo)
{
  unsigned int i, j;

  t[0][0] = t[1][0] = 0;
  for (i = 128; i; i >>= 1)
    {
      t[0][i] = hi;
      t[1][i] = lo;
      mul_x (&hi, &lo);
    }
  for (i = 2; i < 256; i <<= 1)
    for (j = 1; j < i; j++)
      {
        t[0][i + j] = t[0][i] ^ t[0][j];
        t[1][i + j] = t[1][i] ^ t[1][j];
      }
}

/* W = W * x^8 on the three words of an accumulator: what falls off the
   second word goes to the third, unreduced.  */
#define SHIFT8(w0, w1, w2)                                              \
  do                                                                    \
    {                                                                   \
      w2 = (w2 >> 8) | (w1 << 56);                                      \
      w1 = (w1 >> 8) | (w0 << 56);                                      \
      w0 >>= 8;                                                         \
    }                                                                   \
  while (0)

/* The byte of the block at P that holds the coefficients of
   x^(64W+56-SH)..x^(64W+63-SH), SH a multiple of 8: the byte at bit SH
   of word W (0 the first, 1 the last) of the block read as two
   big-endian words.  POLYVAL's blocks are GHASH's with their bytes
   reversed.  */
#define BYTE(p, w, sh)                                                  \
  ((p)[polyval ? 8 - 8 * (w) + (sh) / 8 : 8 * (w) + 7 - (sh) / 8])

/* Block K of N (FIRST for K = 0, else at REST), the byte at bit SH of
   each of its words, times H^(N-K): the first word's into accumulator
   A, the last word's into B.  */
#define LOOKUP(k, sh)                                                   \
  do                                                                    \
    {                                                                   \
      if ((k) < n)                                                      \
        {                                                               \
          const u64 (*t_)[256] = tab->t[n - 1 - (k)];                   \
          const byte *p_ = (k) ? rest + 16 * ((k) - 1) : first;         \
          unsigned int ia_ = BYTE (p_, 0, sh), ib_ = BYTE (p_, 1, sh);  \
          a0 ^= t_[0][ia_];                                             \
          a1 ^= t_[1][ia_];                                             \
          b0 ^= t_[0][ib_];                                             \
          b1 ^= t_[1][ib_];                                             \
        }                                                               \
    }                                                                   \
  while (0)

/* One byte position: SH 0 is the last byte of each word, the
   coefficients of its highest powers, which Horner's rule takes
   first.  */
#define POSITION(sh)                                                    \
  do                                                                    \
    {                                                                   \
      if (sh)                                                           \
        {                                                               \
          SHIFT8 (a0, a1, a2);                                          \
          SHIFT8 (b0, b1, b2);                                          \
        }                                                               \
      LOOKUP (0, sh);                                                   \
      LOOKUP (1, sh);                                                   \
      LOOKUP (2, sh);                                                   \
      LOOKUP (3, sh);                                                   \
    }                                                                   \
  while (0)

/* (*YHI, *YLO) = X1 * H^N + ... + XN * H, in GHASH's order, for N of 1
   to GHASH_C_POWERS blocks: X1 at FIRST, the others at REST.  Horner's
   rule over the byte positions of the blocks into one accumulator: a
   shift by eight places per byte position serves all of them, and the
   bits shifted out are kept in a third word and reduced once per group,
   by shifts, rather than byte by byte through a reduction table.  The
   first and last eight bytes of the blocks go to two accumulators,
   which do not wait for each other and are added with a shift of one
   word.  The bytes are read where they are, which costs one load each;
   taking them out of words would cost a shift and a mask.  */
static ALWAYS_INLINE void
mul_blocks (const ghash_tables_t *tab, u64 *yhi, u64 *ylo,
            const byte *first, const byte *rest, const int n,
            const int polyval)
{
  u64 a0 = 0, a1 = 0, a2 = 0, b0 = 0, b1 = 0, b2 = 0, w2, w3;

  POSITION (0);
  POSITION (8);
  POSITION (16);
  POSITION (24);
  POSITION (32);
  POSITION (40);
  POSITION (48);
  POSITION (56);

  /* The product is A + B * x^64, four words of which the last two,
     the coefficients of x^128..x^255, are reduced by
     x^128 = 1 + x + x^2 + x^7: the last one first, as its reduction
     reaches into the third.  */
  a1 ^= b0;
  w2 = a2 ^ b1;
  w3 = b2;
  a1 ^= w3 ^ (w3 >> 1) ^ (w3 >> 2) ^ (w3 >> 7);
  w2 ^= (w3 << 63) ^ (w3 << 62) ^ (w3 << 57);
  a0 ^= w2 ^ (w2 >> 1) ^ (w2 >> 2) ^ (w2 >> 7);
  a1 ^= (w2 << 63) ^ (w2 << 62) ^ (w2 << 57);
  *yhi = a0;
  *ylo = a1;
}

/* Store (HI, LO), in GHASH's order, as a block of the input at P.  */
static ALWAYS_INLINE void
store_block (byte *p, u64 hi, u64 lo, int polyval)
{
  if (polyval)
    {
      buf_put_le64 (p + 8, hi);
      buf_put_le64 (p, lo);
    }
  else
    {
      buf_put_be64 (p, hi);
      buf_put_be64 (p + 8, lo);
    }
}

/* Y is kept in the byte order of the input, so that it is XORed into
   the first block of each group as bytes.  */
static ALWAYS_INLINE void
c_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks, int polyval)
{
  const ghash_tables_t *tab = gh->tab;
  byte y[16];
  u64 hi = buf_get_be64 (gh->y), lo = buf_get_be64 (gh->y + 8);

  touch_tables (tab);
  store_block (y, hi, lo, polyval);
  for (; nblocks >= 4; nblocks -= 4, buf += 64)
    {
      buf_xor_16 (y, y, buf);
      mul_blocks (tab, &hi, &lo, y, buf + 16, 4, polyval);
      store_block (y, hi, lo, polyval);
    }
  /* The rest as one group too, with the lower powers.  */
  if (nblocks)
    {
      buf_xor_16 (y, y, buf);
      switch (nblocks)
        {
        case 3:
          mul_blocks (tab, &hi, &lo, y, buf + 16, 3, polyval);
          break;
        case 2:
          mul_blocks (tab, &hi, &lo, y, buf + 16, 2, polyval);
          break;
        default:
          mul_blocks (tab, &hi, &lo, y, buf + 16, 1, polyval);
          break;
        }
    }
  buf_put_be64 (gh->y, hi);
  buf_put_be64 (gh->y + 8, lo);
  wipememory (y, sizeof y);
}

static GHASH_BLOCKS_FN (, c_blocks_any, c_blocks)

/* POW32 and MID32 hold powers of H only once the ZMM loop filled them
   (POW32_SET; the ZMM setkey clears them, the handle starts zeroed):
   the multipliers that do not use them clear them only then, not 512
   bytes at every setkey.  */
#if defined(GHASH_USE_PCLMUL) || defined(GHASH_USE_PMULL)
static void
clear_pow32 (ghash_state_t *gh, int was_set)
{
  if (was_set)
    {
      wipememory (gh->k.pow32, sizeof gh->k.pow32);
      wipememory (gh->k.mid32, sizeof gh->k.mid32);
    }
}
#endif

/* Set the key (HI, LO) in GHASH's order and choose the multiplier.  */
static void
setkey (ghash_state_t *gh, u64 hi, u64 lo, int polyval, ghash_tables_t *tab)
{
  unsigned int hwf = _bcry_get_hw_features ();
  int pow32_set = gh->pow32_set;
  byte p[16];
  unsigned int i;

  (void)hwf;
  (void)pow32_set;
  /* The powers of H are cleared only where the multiplier chosen does
     not overwrite them: the state of a key set before, under other CPU
     features, must not outlive it.  */
  memset (gh, 0, offsetof (ghash_state_t, k));
  buf_put_be64 (gh->h, hi);
  buf_put_be64 (gh->h + 8, lo);
  gh->polyval = polyval;
#ifdef GHASH_USE_VPCLMUL
  /* The wide loops leave odd blocks to ghash-pclmul.c.  */
  if ((hwf & (HWF_VPCLMUL | HWF_AVX2 | HWF_PCLMUL))
      == (HWF_VPCLMUL | HWF_AVX2 | HWF_PCLMUL))
    {
# ifdef GHASH_USE_VPCLMUL512
      if ((hwf & HWF_AVX512))
        {
          gh->impl = GHASH_IMPL_VPCLMUL512;
          _bcry_ghash_vpclmul512_setkey (gh);
          return;
        }
# endif
      gh->impl = GHASH_IMPL_VPCLMUL256;
      _bcry_ghash_pclmul_setkey (gh);
      clear_pow32 (gh, pow32_set);
      return;
    }
#endif
#ifdef GHASH_USE_PCLMUL
  if ((hwf & HWF_PCLMUL))
    {
      gh->impl = (hwf & HWF_AVX) ? GHASH_IMPL_PCLMUL_AVX : GHASH_IMPL_PCLMUL;
      _bcry_ghash_pclmul_setkey (gh);
      clear_pow32 (gh, pow32_set);
      return;
    }
#endif
#ifdef GHASH_USE_PMULL
  if ((hwf & (HWF_ARM_PMULL | HWF_NEON)) == (HWF_ARM_PMULL | HWF_NEON))
    {
      gh->impl = GHASH_IMPL_PMULL;
      _bcry_ghash_pmull_setkey (gh);
      clear_pow32 (gh, pow32_set);
      return;
    }
#endif
  wipememory (&gh->k, sizeof gh->k);
  gh->impl = GHASH_IMPL_C;
  gh->tab = tab;
  /* H^(i+1) = H^i * H with the table of H.  */
  for (i = 0; i < GHASH_C_POWERS; i++)
    {
      if (i)
        {
          buf_put_be64 (p, hi);
          buf_put_be64 (p + 8, lo);
          mul_blocks (tab, &hi, &lo, p, NULL, 1, 0);
        }
      build_table (tab->t[i], hi, lo);
    }
  wipememory (p, sizeof p);
}

void
_bcry_ghash_setkey (ghash_state_t *gh, const byte *h, ghash_tables_t *tab)
{
  setkey (gh, buf_get_be64 (h), buf_get_be64 (h + 8), 0, tab);
}

void
_bcry_polyval_setkey (ghash_state_t *gh, const byte *key,
                      ghash_tables_t *tab)
{
  u64 hi = buf_get_le64 (key + 8), lo = buf_get_le64 (key);

  mul_x (&hi, &lo);
  setkey (gh, hi, lo, 1, tab);
}

void
_bcry_ghash_wipe (ghash_state_t *gh)
{
  if (gh->tab)
    wipememory (gh->tab, sizeof *gh->tab);
  wipememory (gh, sizeof *gh);
}

/* Stores, not wipememory: the state outlives the call, so none of
   them is dead, and a mode clears it once per message.  */
void
_bcry_ghash_clear (ghash_state_t *gh)
{
  memset (gh->y, 0, sizeof gh->y);
  memset (gh->buf, 0, sizeof gh->buf);
  gh->buflen = 0;
}

/* Runs shorter than this go to the XMM loop even where the YMM or ZMM
   one was chosen: a mode's single blocks (a partial block, GCM's
   lengths) and short AAD would otherwise pay for setting up vector
   lanes they do not fill and for clearing the wide registers
   afterwards.  From five blocks the wide loops, which take any count,
   cost less: the carry-less multiplier is the bound, and a YMM or ZMM
   multiply does two or four XMM ones' work (doc/HACKING, "Tuning
   notes", GHASH's short runs).  K holds the powers the XMM loop reads
   under both.  */
#define GHASH_SHORT_RUN 5

void
_bcry_ghash_fill_k (ghash_state_t *gh)
{
  switch (gh->impl)
    {
#ifdef GHASH_USE_VPCLMUL512
    case GHASH_IMPL_VPCLMUL512:
      _bcry_ghash_vpclmul512_fill_k (gh);
      return;
#endif
#ifdef GHASH_USE_PCLMUL
    case GHASH_IMPL_PCLMUL:
    case GHASH_IMPL_PCLMUL_AVX:
    case GHASH_IMPL_VPCLMUL256:
      _bcry_ghash_pclmul_fill_k (gh);
      return;
#endif
#ifdef GHASH_USE_PMULL
    case GHASH_IMPL_PMULL:
      _bcry_ghash_pmull_fill_k (gh);
      return;
#endif
    default:
      /* The portable multiplier's tables are all filled at setkey.  */
      gh->k_set = 1;
      return;
    }
}

void
_bcry_ghash_blocks (ghash_state_t *gh, const byte *buf, size_t nblocks)
{
  if (!nblocks)
    return;
  /* Runs of up to four blocks read H^1..H^4 only, under every
     multiplier.  */
  if (nblocks > 4)
    _bcry_ghash_need_k (gh);
#ifdef GHASH_USE_VPCLMUL
  if (nblocks < GHASH_SHORT_RUN
      && (gh->impl == GHASH_IMPL_VPCLMUL256
          || gh->impl == GHASH_IMPL_VPCLMUL512))
    {
      _bcry_ghash_pclmul_avx_blocks (gh, buf, nblocks);
      return;
    }
#endif
  switch (gh->impl)
    {
#ifdef GHASH_USE_PCLMUL
    case GHASH_IMPL_PCLMUL:
      _bcry_ghash_pclmul_blocks (gh, buf, nblocks);
      return;
    case GHASH_IMPL_PCLMUL_AVX:
      _bcry_ghash_pclmul_avx_blocks (gh, buf, nblocks);
      return;
#endif
#ifdef GHASH_USE_VPCLMUL
    case GHASH_IMPL_VPCLMUL256:
      _bcry_ghash_vpclmul256_blocks (gh, buf, nblocks);
      return;
# ifdef GHASH_USE_VPCLMUL512
    case GHASH_IMPL_VPCLMUL512:
      _bcry_ghash_vpclmul512_blocks (gh, buf, nblocks);
      return;
# endif
#endif
#ifdef GHASH_USE_PMULL
    case GHASH_IMPL_PMULL:
      _bcry_ghash_pmull_blocks (gh, buf, nblocks);
      return;
#endif
    default:
      c_blocks_any (gh, buf, nblocks);
      return;
    }
}

void
_bcry_ghash_update (ghash_state_t *gh, const byte *buf, size_t len)
{
  size_t n;

  if (gh->buflen)
    {
      n = 16 - gh->buflen;
      n = n < len ? n : len;
      memcpy (gh->buf + gh->buflen, buf, n);
      gh->buflen += n;
      buf += n;
      len -= n;
      if (gh->buflen < 16)
        return;
      _bcry_ghash_blocks (gh, gh->buf, 1);
      gh->buflen = 0;
    }
  if (len >= 16)
    {
      _bcry_ghash_blocks (gh, buf, len / 16);
      buf += len & ~(size_t)15;
      len &= 15;
    }
  if (len)
    {
      memcpy (gh->buf, buf, len);
      gh->buflen = len;
    }
}

void
_bcry_ghash_pad (ghash_state_t *gh)
{
  if (gh->buflen)
    {
      memset (gh->buf + gh->buflen, 0, 16 - gh->buflen);
      _bcry_ghash_blocks (gh, gh->buf, 1);
      gh->buflen = 0;
    }
}

void
_bcry_polyval_read (const ghash_state_t *gh, byte *out)
{
  u64 hi = buf_get_be64 (gh->y), lo = buf_get_be64 (gh->y + 8);

  buf_put_le64 (out + 8, hi);
  buf_put_le64 (out, lo);
}
