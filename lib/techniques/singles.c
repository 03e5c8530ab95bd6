/*
 * singles.c - full house, hidden single, naked single.
 *
 * Scanning order follows Sudoku Explainer: boxes, then columns, then rows,
 * and digits from 1 up inside each unit.
 */
#include "strategy.h"

/* The last empty cell of a unit. */
bool find_full_house(const view *v, sudoku_step *s)
{
    const sudoku_layout *l = v->l;
    if (!v->one_empty)
        return false;
    /* The units with one empty cell, kind by kind in the scan order
     * (boxes, columns, rows: units 2n.., n.., 0..), from their bits. */
    int n = l->n;
    uint64_t all = (1ull << n) - 1;
    for (int first = 2 * n; first >= 0; first -= n) {
        for (uint64_t units = (v->one_empty >> first) & all; units; units &= units - 1) {
            int u = first + bit_index64(units);
            for (int i = 0; i < n; i++) {
                int c = l->unit_cell[u][i];
                if (!v->g->digit[c] && v->g->cand[c]) {
                    step_start(s, l, SUDOKU_FULL_HOUSE);
                    s->base[s->nbase++] = (uint8_t)u;
                    step_place(s, c, mask_first_digit(v->g->cand[c]), u);
                    return true;
                }
            }
        }
    }
    return false;
}

/*
 * A digit with one place left in a unit, scanning units [from, to) of the
 * scan order (whole kinds: boxes, columns, rows), digits from 1 up: the
 * first unit in that order with a bit in the view's has_single.
 */
static bool hidden_single_in(const view *v, sudoku_step *s, int technique, int from, int to)
{
    const sudoku_layout *l = v->l;
    int n = l->n;
    uint64_t all = (1ull << n) - 1;
    for (int k = from; k < to; k += n) {
        int first = view_unit_in_scan_order(l, k);
        uint64_t units = (v->has_single >> first) & all;
        if (!units)
            continue;
        int u = first + mask_first_digit((unsigned)units) - 1;
        int d = mask_first_digit(v->single[u]);
        unit_set w = v->where[u][d];
        step_start(s, l, technique);
        s->base[s->nbase++] = (uint8_t)u;
        step_place(s, l->unit_cell[u][mask_first_digit(w) - 1], d, u);
        return true;
    }
    return false;
}

bool find_hidden_single_box(const view *v, sudoku_step *s)
{
    return hidden_single_in(v, s, SUDOKU_HIDDEN_SINGLE_BOX, 0, v->l->n);
}

bool find_hidden_single_line(const view *v, sudoku_step *s)
{
    return hidden_single_in(v, s, SUDOKU_HIDDEN_SINGLE_LINE, v->l->n, v->l->nunits);
}

/* A cell with one candidate left. */
bool find_naked_single(const view *v, sudoku_step *s)
{
    const sudoku_grid *g = v->g;
    /* No branch on whether a cell is filled (at random): only on whether
     * it has one candidate, which is seldom. */
    for (int c = 0; c < v->l->ncells; c++) {
        unsigned m = g->cand[c] & -(unsigned)(g->digit[c] == 0);
        if (!(m & (m - 1)) & (m != 0)) {
            step_start(s, v->l, SUDOKU_NAKED_SINGLE);
            s->cells[s->ncells++] = (uint8_t)c;
            step_place(s, c, mask_first_digit(g->cand[c]), -1);
            return true;
        }
    }
    return false;
}
