/*
 * wings.c - XY-Wing and XYZ-Wing, as Sudoku Explainer 1.2.1 finds them.
 *
 * XY-Wing: a pivot cell with candidates {x,y} sees two pincer cells {x,z}
 * and {y,z}. Whatever the pivot holds, one pincer holds z, so z leaves the
 * cells that see both pincers.
 * XYZ-Wing: the pivot holds {x,y,z} and the pincers {x,z} and {y,z}; now
 * the pivot may be z itself, so z leaves only the cells that see all three.
 *
 * Order (SE's XYWing.getHints, whose first hint is the one its solver
 * takes): pivots in cell order (row by row); for each, the first pincer
 * among the pivot's peers in cell order, then the second pincer among the
 * peers in cell order. The first pattern that eliminates something is the
 * step. SE's pincer tests, reproduced: the first pincer has two candidates
 * and exactly one pivot candidate outside it; the three cells' candidates
 * together are three digits; no digit is common to all three (XY-Wing), or
 * exactly one is (XYZ-Wing). z is the digit the pincers share.
 *
 * Layout-generic: peers come from the layout, so the 8x8 brick-wall works
 * the same way.
 */
#include "cellset.h"

/* SE's isXYWing / isXYZWing on the three cells' candidates. */
static bool is_wing(bool xyz, sudoku_mask pivot, sudoku_mask a, sudoku_mask b)
{
    if (mask_count(pivot) != (xyz ? 3 : 2) || mask_count(a) != 2 || mask_count(b) != 2)
        return false;
    if (mask_count(pivot | a | b) != 3)
        return false;
    return mask_count(pivot & a & b) == (xyz ? 1 : 0);
}

/* The cells that see both pincers (and the pivot too for an XYZ-Wing) and
 * hold z: z leaves them. None of the three pattern cells is among them (a
 * cell is not its own peer, and the pivot is taken out). */
static cellset wing_targets(const view *v, const cellset *peer_table, bool xyz, int pivot, int a, int b,
                            sudoku_mask z)
{
    int words = cellset_words(v->l);
    cellset seen, t;
    cellset_clear(&t);
    for (int w = 0; w < words; w++) {
        seen.w[w] = peer_table[a].w[w] & peer_table[b].w[w];
        if (xyz)
            seen.w[w] &= peer_table[pivot].w[w];
    }
    cellset_remove(&seen, pivot);
    CELLSET_FOR_EACH(c, &seen, words) {
        if (v->g->cand[c] & z)
            cellset_add(&t, c);
    }
    return t;
}

static bool find_wing(const view *v, sudoku_step *s, bool xyz)
{
    const sudoku_layout *l = v->l;
    const sudoku_mask *cand = v->g->cand;
    int words = cellset_words(l);
    int technique = xyz ? SUDOKU_XYZ_WING : SUDOKU_XY_WING;

    const cellset *peer_table = cellset_peer_table(l);
    cellset bivalue, pivots;
    cellsets_by_count(l, cand, xyz ? 3 : 2, &bivalue, &pivots);
    /* partner[i]: the digits that share a bivalue cell with digit bit i,
     * anywhere in the grid: which pincer masks exist at all. */
    sudoku_mask partner[SUDOKU_MAX_N] = { 0 };
    CELLSET_FOR_EACH(c, &bivalue, words) {
        sudoku_mask m = cand[c], lo = (sudoku_mask)(m & -m);
        partner[bit_index32(lo)] |= (sudoku_mask)(m ^ lo);
        partner[bit_index32(m ^ lo)] |= lo;
    }
    CELLSET_FOR_EACH(pivot, &pivots, words) {
        sudoku_mask pm = cand[pivot];
        /* Pincer digits z the pivot's masks allow (an exact pre-test: a
         * wing's two pincers are bivalue cells somewhere). XY-Wing, pivot
         * {x,y}: z such that cells {x,z} and {y,z} exist. XYZ-Wing, pivot
         * {x,y,z}: two distinct pairs of the pivot's digits must exist
         * (the pincer tests below then need no z filter: zs = pm). */
        sudoku_mask lo = (sudoku_mask)(pm & -pm), rest = (sudoku_mask)(pm ^ lo);
        sudoku_mask zs;
        if (xyz) {
            sudoku_mask mid = (sudoku_mask)(rest & -rest), hi = (sudoku_mask)(rest ^ mid);
            int pairs = !!(partner[bit_index32(lo)] & mid) + !!(partner[bit_index32(lo)] & hi) +
                        !!(partner[bit_index32(mid)] & hi);
            if (pairs < 2)
                continue;
            zs = pm;
        } else {
            zs = (sudoku_mask)(partner[bit_index32(lo)] & partner[bit_index32(rest)]);
            if (!zs)
                continue;
        }
        /* The pivot's peers holding two candidates that pass the first
         * pincer's test, in cell order: one pivot digit outside, and for
         * an XY-Wing, a = {x,z} needs {y,z} somewhere, so z in zs. Every
         * second pincer passes that test too (is_wing), so both loops
         * run over these cells alone. */
        cellset pincers;
        for (int w = 0; w < words; w++)
            pincers.w[w] = peer_table[pivot].w[w] & bivalue.w[w];
        CELLSET_FOR_EACH(a, &pincers, words) {
            if (!mask_is_single(pm & (sudoku_mask)~cand[a]) || !(cand[a] & zs))
                cellset_remove(&pincers, a);
        }
        /* Second pincers after the first only: the pattern (a, b) is
         * (b, a) with the same z and targets, so for b before a it was
         * tested, and eliminated nothing, when b was the first pincer. */
        cellset later = pincers;
        CELLSET_FOR_EACH(a, &pincers, words) {
            cellset_remove(&later, a);
            /* The only candidates the second pincer can have: {y,z} for
             * an XY-Wing (pivot {x,y}, first pincer {x,z}); for an
             * XYZ-Wing, two of the pivot's three digits, not the first
             * pincer's two. is_wing states SE's test in full. */
            sudoku_mask other = (sudoku_mask)(pm ^ cand[a]);
            CELLSET_FOR_EACH(b, &later, words) {
                if (xyz ? (cand[b] & ~pm) || cand[b] == cand[a] : cand[b] != other)
                    continue;
                if (!is_wing(xyz, pm, cand[a], cand[b]))
                    continue;
                sudoku_mask z = (sudoku_mask)(cand[a] & cand[b]);
                cellset targets = wing_targets(v, peer_table, xyz, pivot, a, b, z);
                if (!cellset_count(&targets, words))
                    continue;
                step_start(s, l, technique);
                CELLSET_FOR_EACH(c, &targets, words)
                    step_eliminate(s, v->g, c, z);
                s->digits = (sudoku_mask)(pm | cand[a] | cand[b]);
                s->cells[s->ncells++] = (uint8_t)pivot;
                s->cells[s->ncells++] = (uint8_t)a;
                s->cells[s->ncells++] = (uint8_t)b;
                step_mark(s, pivot, SUDOKU_ROLE_PIVOT, pm);
                step_mark(s, a, SUDOKU_ROLE_PINCER, cand[a]);
                step_mark(s, b, SUDOKU_ROLE_PINCER, cand[b]);
                return true;
            }
        }
    }
    return false;
}

bool find_xy_wing(const view *v, sudoku_step *s) { return find_wing(v, s, false); }

bool find_xyz_wing(const view *v, sudoku_step *s) { return find_wing(v, s, true); }
