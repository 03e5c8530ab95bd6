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

#endif /* SUDOKU_CELLSET_H */
