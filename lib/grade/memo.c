/*
 * memo.c - finders that found nothing, by grid (see memo.h).
 */
#include "grade/memo.h"

#include <stdlib.h>
#include <string.h>

void memo_init(engine_memo *m)
{
    m->ncells = 0;
    m->count = 0;
    memset(m->slot, 0, sizeof m->slot);
    m->cand = NULL;
    m->digit = NULL;
}

void memo_free(engine_memo *m)
{
    free(m->cand);
    free(m->digit);
    m->cand = NULL;
    m->digit = NULL;
    m->count = 0;
}

static uint64_t grid_hash(const sudoku_grid *g, int ncells)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int c = 0; c < ncells; c++)
        h = (h ^ (uint64_t)(g->cand[c] | (unsigned)g->digit[c] << 16)) * 0x100000001b3ull;
    return h;
}

static bool same_grid(const engine_memo *m, int e, const sudoku_grid *g)
{
    size_t n = (size_t)m->ncells;
    return memcmp(m->cand + (size_t)e * n, g->cand, n * sizeof *g->cand) == 0 &&
           memcmp(m->digit + (size_t)e * n, g->digit, n) == 0;
}

uint64_t memo_failed(const engine_memo *m, const sudoku_grid *g)
{
    if (!m->count || m->ncells != g->layout->ncells)
        return 0;
    uint64_t h = grid_hash(g, m->ncells);
    for (unsigned i = (unsigned)h & (MEMO_SLOTS - 1); m->slot[i]; i = (i + 1) & (MEMO_SLOTS - 1)) {
        int e = m->slot[i] - 1;
        if (m->hash[e] == h && same_grid(m, e, g))
            return m->failed[e];
    }
    return 0;
}

void memo_keep(engine_memo *m, const sudoku_grid *g, uint64_t failed)
{
    int ncells = g->layout->ncells;
    if (m->count == MEMO_ENTRIES || (m->count && m->ncells != ncells))
        return;
    if (!m->cand) {
        m->ncells = ncells;
        m->cand = malloc((size_t)MEMO_ENTRIES * (size_t)ncells * sizeof *m->cand);
        m->digit = malloc((size_t)MEMO_ENTRIES * (size_t)ncells);
        if (!m->cand || !m->digit) {
            memo_free(m);
            m->count = MEMO_ENTRIES; /* keep nothing: the runs just take longer */
            return;
        }
    }
    int e = m->count++;
    uint64_t h = grid_hash(g, ncells);
    m->hash[e] = h;
    m->failed[e] = failed;
    memcpy(m->cand + (size_t)e * (size_t)ncells, g->cand, (size_t)ncells * sizeof *g->cand);
    memcpy(m->digit + (size_t)e * (size_t)ncells, g->digit, (size_t)ncells);
    unsigned i = (unsigned)h & (MEMO_SLOTS - 1);
    while (m->slot[i])
        i = (i + 1) & (MEMO_SLOTS - 1);
    m->slot[i] = (int16_t)(e + 1);
}
