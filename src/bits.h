/*
 * bits.h - small bit tricks on candidate masks, shared inside the library.
 */
#ifndef SUDOKU_BITS_H
#define SUDOKU_BITS_H

#include "sudoku.h"

/* Bits set in a 16-bit mask. Plain arithmetic: without -mpopcnt the
 * compiler's builtin is a library call, which is slower. */
static inline int mask_count(unsigned m)
{
    m = m - ((m >> 1) & 0x5555u);
    m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
    m = (m + (m >> 4)) & 0x0F0Fu;
    return (int)((m + (m >> 8)) & 0x1Fu);
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
