/*
 * cellset.h - sets of cells as bitmasks, for the techniques that reason
 * about which cells see which (wings, aligned exclusion).
 *
 * Iterating a set goes through its cells in increasing index order, which
 * is Sudoku Explainer's cell order (row by row): the finders rely on that
 * to take the same instance SE takes.
 */
#ifndef SUDOKU_CELLSET_H
#define SUDOKU_CELLSET_H

#include "strategy.h"

#include <string.h>

#define CELLSET_WORDS ((SUDOKU_MAX_CELLS + 63) / 64)

typedef struct cellset {
    uint64_t w[CELLSET_WORDS];
} cellset;

/* Words in use for a layout: 2 for 81 cells, 1 for 64. */
static inline int cellset_words(const sudoku_layout *l) { return (l->ncells + 63) / 64; }

static inline void cellset_clear(cellset *s) { *s = (cellset){ { 0 } }; }

static inline void cellset_add(cellset *s, int cell) { s->w[cell >> 6] |= 1ull << (cell & 63); }

static inline void cellset_remove(cellset *s, int cell) { s->w[cell >> 6] &= ~(1ull << (cell & 63)); }

static inline bool cellset_has(const cellset *s, int cell) { return (s->w[cell >> 6] >> (cell & 63)) & 1u; }

static inline int cellset_count(const cellset *s, int words)
{
    int count = 0;
    for (int i = 0; i < words; i++)
        for (uint64_t m = s->w[i]; m; m &= m - 1)
            count++;
    return count;
}

/* The index of the lowest set bit of a non-zero word. */
static inline int cellset_ctz(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(m);
#else
    int i = 0;
    while (!(m & 1u)) {
        m >>= 1;
        i++;
    }
    return i;
#endif
}

/* The lowest cell of the set at or after 'from', or -1. */
static inline int cellset_next(const cellset *s, int words, int from)
{
    for (int i = from >> 6; i < words; i++) {
        uint64_t m = s->w[i];
        if (i == from >> 6)
            m &= ~0ull << (from & 63);
        if (m)
            return i * 64 + cellset_ctz(m);
    }
    return -1;
}

/* Runs the body for each cell of the set, in increasing order. Two nested
 * loops: 'continue' and 'return' work, 'break' would not leave the set. */
#define CELLSET_FOR_EACH(cell, set, words)                                                      \
    for (int cell##_w = 0; cell##_w < (words); cell##_w++)                                     \
        for (uint64_t cell##_m = (set)->w[cell##_w]; cell##_m; cell##_m &= cell##_m - 1)        \
            for (int cell = cell##_w * 64 + cellset_ctz(cell##_m), cell##_once = 1; cell##_once; \
                 cell##_once = 0)

/* Whether two distinct cells share a row, a column or a box. */
static inline bool cells_see(const sudoku_layout *l, int a, int b)
{
    return a != b && (l->cell_unit[a][0] == l->cell_unit[b][0] || l->cell_unit[a][1] == l->cell_unit[b][1] ||
                      l->cell_unit[a][2] == l->cell_unit[b][2]);
}

/* The peers of a cell as a set. */
static inline void cellset_peers(cellset *s, const sudoku_layout *l, int cell)
{
    cellset_clear(s);
    for (int i = 0; i < l->npeers; i++)
        cellset_add(s, l->peer[cell][i]);
}

/* The peers of every cell as sets, computed once per thread for the last
 * layout used (each file including this keeps its own copy). */
static inline const cellset *cellset_peer_table(const sudoku_layout *l)
{
    static _Thread_local struct {
        sudoku_layout_desc desc;
        const sudoku_layout *layout;
        cellset peers[SUDOKU_MAX_CELLS];
    } cache;
    if (!layout_kept_for(cache.layout, &cache.desc, l)) {
        for (int c = 0; c < l->ncells; c++)
            cellset_peers(&cache.peers[c], l, c);
        cache.layout = l;
        cache.desc = l->desc;
    }
    return cache.peers;
}

/*
 * The cells with two candidates and those with k (2 or 3), as cell sets
 * (the wings' bivalue cells and pivots, the unique loops' start cells).
 * Without branches: whether a cell qualifies is unpredictable. With SSE2,
 * eight cells a vector: a mask less its lowest bit three times over tells
 * two members from three (as masks_two_to_k() does), and sixteen cells'
 * answers are packed into sixteen bits; a filled cell has no candidates,
 * and the bits of the cells past the grid's are cleared.
 */
static inline void cellsets_by_count(const sudoku_layout *l, const sudoku_mask *cand, int k, cellset *two, cellset *with_k)
{
    cellset_clear(two);
    cellset_clear(with_k);
#ifdef SUDOKU_BIT_SSE2
    _Static_assert(SUDOKU_MAX_CELLS % 16 == 0, "cells are read sixteen at a time");
    const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    for (int c = 0; c < l->ncells; c += 16) {
        __m128i is_two[2], is_k[2];
        for (int h = 0; h < 2; h++) {
            __m128i x;
            memcpy(&x, cand + c + 8 * h, sizeof x);
            __m128i less1 = _mm_and_si128(x, _mm_sub_epi16(x, one));
            __m128i less2 = _mm_and_si128(less1, _mm_sub_epi16(less1, one));
            __m128i less3 = _mm_and_si128(less2, _mm_sub_epi16(less2, one));
            __m128i none1 = _mm_cmpeq_epi16(less1, zero), none2 = _mm_cmpeq_epi16(less2, zero);
            is_two[h] = _mm_andnot_si128(none1, none2);
            is_k[h] = k == 3 ? _mm_andnot_si128(none2, _mm_cmpeq_epi16(less3, zero)) : is_two[h];
        }
        uint64_t b2 = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(is_two[0], is_two[1]));
        uint64_t bk = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(is_k[0], is_k[1]));
        two->w[c >> 6] |= b2 << (c & 63);
        with_k->w[c >> 6] |= bk << (c & 63);
    }
    if (l->ncells & 63) {
        uint64_t inside = ((uint64_t)1 << (l->ncells & 63)) - 1;
        two->w[l->ncells >> 6] &= inside;
        with_k->w[l->ncells >> 6] &= inside;
    }
#else
    for (int c = 0; c < l->ncells; c++) {
        int count = mask_count(cand[c]);
        two->w[c >> 6] |= (uint64_t)(count == 2) << (c & 63);
        with_k->w[c >> 6] |= (uint64_t)(count == k) << (c & 63);
    }
#endif
}

#endif /* SUDOKU_CELLSET_H */
