/*
 * bits.h - small bit tricks on candidate masks, shared inside the library.
 */
#ifndef SUDOKU_BITS_H
#define SUDOKU_BITS_H

#include "sudoku.h"

/* Bits set in a 16-bit mask, a byte at a time from a table: without
 * -mpopcnt the compiler's builtin is a library call, and the plain
 * arithmetic took a dozen instructions where this takes five. */
static inline int mask_count(unsigned m)
{
#define SUDOKU_B2(k) k, k + 1, k + 1, k + 2
#define SUDOKU_B4(k) SUDOKU_B2(k), SUDOKU_B2(k + 1), SUDOKU_B2(k + 1), SUDOKU_B2(k + 2)
#define SUDOKU_B6(k) SUDOKU_B4(k), SUDOKU_B4(k + 1), SUDOKU_B4(k + 1), SUDOKU_B4(k + 2)
    static const uint8_t byte_count[256] = { SUDOKU_B6(0), SUDOKU_B6(1), SUDOKU_B6(1), SUDOKU_B6(2) };
#undef SUDOKU_B2
#undef SUDOKU_B4
#undef SUDOKU_B6
    return byte_count[m & 0xFFu] + byte_count[(m >> 8) & 0xFFu];
}

/* The compilers' bit builtins, unless SUDOKU_PORTABLE_BITS asks for the
 * plain C below (tests/test_bits.c checks that path). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(SUDOKU_PORTABLE_BITS)
#define SUDOKU_BIT_BUILTINS 1
#endif
/* The same for SSE2's vector instructions (masks_two_to_k). */
#if defined(__SSE2__) && !defined(SUDOKU_PORTABLE_BITS)
#define SUDOKU_BIT_SSE2 1
#include <emmintrin.h>
#include <string.h>
#endif

/* The lowest digit in a non-zero mask. */
static inline int mask_first_digit(unsigned m)
{
#ifdef SUDOKU_BIT_BUILTINS
    return __builtin_ctz(m) + 1;
#else
    int d = 1;
    while (!(m & 1u)) {
        m >>= 1;
        d++;
    }
    return d;
#endif
}

static inline bool mask_is_single(unsigned m) { return m && !(m & (m - 1)); }

/* Whether m has between 2 and k members (2 <= k <= 4): clearing its
 * lowest bit leaves some, clearing k bits leaves none. */
static inline bool mask_two_to_k(unsigned m, int k)
{
    unsigned rest = m & (m - 1);
    if (!rest)
        return false;
    rest &= rest - 1;
    if (k > 2)
        rest &= rest - 1;
    if (k > 3)
        rest &= rest - 1;
    return rest == 0;
}

/*
 * mask_two_to_k() for 16 masks at once: bit i of the result says whether
 * m[i] has between 2 and k members (2 <= k <= 4). No branches: the subset
 * search asks this of every unit it searches, and whether a mask fits is
 * as good as random to a branch predictor. With SSE2 (every x86-64) the
 * 16 masks go as two vectors of eight, the same bit trick in each lane.
 */
static inline unsigned masks_two_to_k(const uint16_t m[16], int k)
{
#ifdef SUDOKU_BIT_SSE2
    const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    __m128i fit[2];
    for (int h = 0; h < 2; h++) {
        __m128i x;
        memcpy(&x, m + 8 * h, sizeof x);
        __m128i rest = _mm_and_si128(x, _mm_sub_epi16(x, one)); /* x less its lowest bit */
        __m128i at_most_one = _mm_cmpeq_epi16(rest, zero);
        for (int j = 1; j < k; j++)
            rest = _mm_and_si128(rest, _mm_sub_epi16(rest, one));
        fit[h] = _mm_andnot_si128(at_most_one, _mm_cmpeq_epi16(rest, zero));
    }
    /* Lanes of all ones or all zeros, packed to bytes: bit i is m[i]. */
    return (unsigned)_mm_movemask_epi8(_mm_packs_epi16(fit[0], fit[1]));
#else
    unsigned fit = 0;
    for (int i = 0; i < 16; i++) {
        unsigned count = (unsigned)mask_count(m[i]);
        fit |= (unsigned)(count - 2u <= (unsigned)k - 2u) << i; /* wraps around below 2 */
    }
    return fit;
#endif
}

/* For the few hot functions a compiler would otherwise leave out of line. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* Index of the lowest set bit of a non-zero word: the compiler's builtin
 * (one instruction), else a de Bruijn multiplication. */
static inline int bit_index32(uint32_t x)
{
#ifdef SUDOKU_BIT_BUILTINS
    return __builtin_ctz(x);
#else
    static const uint8_t pos[32] = { 0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20, 15, 25, 17, 4,  8,
                                     31, 27, 13, 23, 21, 19, 16, 7,  26, 12, 18, 6,  11, 5,  10, 9 };
    return pos[((x & -x) * 0x077CB531u) >> 27];
#endif
}

static inline int bit_index64(uint64_t x)
{
#ifdef SUDOKU_BIT_BUILTINS
    return __builtin_ctzll(x);
#else
    uint32_t low = (uint32_t)x;
    return low ? bit_index32(low) : 32 + bit_index32((uint32_t)(x >> 32));
#endif
}

#endif /* SUDOKU_BITS_H */
