/*
 * step.c - the view of a grid that finders share, and step helpers.
 */
#include "strategy.h"

#include <string.h>

void view_build(view *v, const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    v->g = g;
    v->l = l;
    v->broken = false;
    for (int u = 0; u < l->nunits; u++) {
        unit_set *where = v->where[u];
        sudoku_mask placed = 0;
        int empty = 0;
        memset(where, 0, sizeof v->where[u]);
        for (int i = 0; i < l->n; i++) {
            int c = l->unit_cell[u][i];
            if (g->digit[c]) {
                placed |= sudoku_bit(g->digit[c]);
                continue;
            }
            empty++;
            for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1))
                where[mask_first_digit(m)] |= (unit_set)(1u << i);
        }
        v->placed[u] = placed;
        v->empty[u] = empty;
        for (int d = 1; d <= l->n; d++)
            if (!where[d] && !(placed & sudoku_bit(d)))
                v->broken = true;
    }
    for (int c = 0; c < l->ncells; c++)
        if (!g->digit[c] && !g->cand[c])
            v->broken = true;
}

int view_unit_in_scan_order(const sudoku_layout *l, int k)
{
    int n = l->n;
    if (k < n)
        return 2 * n + k;  /* boxes */
    if (k < 2 * n)
        return k;          /* columns (units n..2n-1) */
    return k - 2 * n;      /* rows */
}

void step_start(sudoku_step *s, const sudoku_layout *l, int technique)
{
    s->technique = technique;
    s->digits = 0;
    s->nbase = s->ncover = 0;
    s->ncells = 0;
    s->place_cell = -1;
    s->place_digit = 0;
    s->place_unit = -1;
    s->nelim = 0;
    memset(s->elim, 0, (size_t)l->ncells * sizeof s->elim[0]);
}

void step_eliminate(sudoku_step *s, const sudoku_grid *g, int cell, sudoku_mask digits)
{
    sudoku_mask m = (sudoku_mask)(g->cand[cell] & digits & ~s->elim[cell]);
    if (g->digit[cell] || !m)
        return;
    s->elim[cell] |= m;
    s->nelim += mask_count(m);
}

void step_place(sudoku_step *s, int cell, int digit, int unit)
{
    s->place_cell = cell;
    s->place_digit = digit;
    s->place_unit = unit;
}
