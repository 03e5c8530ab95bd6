/*
 * bits.h - small bit tricks on candidate masks, shared inside the library.
 */
#ifndef SUDOKU_BITS_H
#define SUDOKU_BITS_H

#include "sudoku.h"

static inline int mask_count(unsigned m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(m);
#else
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
#endif
}

/* The lowest digit in a non-zero mask. */
static inline int mask_first_digit(unsigned m)
{
#if defined(__GNUC__) || defined(__clang__)
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

#endif /* SUDOKU_BITS_H */
