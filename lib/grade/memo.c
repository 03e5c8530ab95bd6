/*
 * memo.c - finders that found nothing, by grid (see memo.h).
 */
#include "grade/memo.h"

#include <stdlib.h>
#include <string.h>

void memo_init(engine_memo *m) { memset(m, 0, sizeof *m); }

void memo_free(engine_memo *m)
{
    free(m->slot);
    free(m->hash);
    free(m->failed);
    free(m->cand);
    free(m->digit);
    memo_init(m);
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

static bool memo_allocate(engine_memo *m, int ncells)
{
    m->ncells = ncells;
    m->slot = calloc(MEMO_SLOTS, sizeof *m->slot);
    m->hash = malloc(MEMO_ENTRIES * sizeof *m->hash);
    m->failed = malloc(MEMO_ENTRIES * sizeof *m->failed);
    m->cand = malloc((size_t)MEMO_ENTRIES * (size_t)ncells * sizeof *m->cand);
    m->digit = malloc((size_t)MEMO_ENTRIES * (size_t)ncells);
    return m->slot && m->hash && m->failed && m->cand && m->digit;
}

void memo_keep(engine_memo *m, const sudoku_grid *g, uint64_t failed)
{
    int ncells = g->layout->ncells;
    if (m->full || (m->slot && m->ncells != ncells))
        return;
    if (!m->slot && !memo_allocate(m, ncells)) {
        memo_free(m);
        m->full = true; /* keep nothing: the later run just takes longer */
        return;
    }
    int e = m->count++;
    m->full = m->count == MEMO_ENTRIES;
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
