/*
 * fish.c - basic fish: X-Wing (size 2), Swordfish (size 3) and Jellyfish (size 4).
 *
 * A fish of size k on digit d: k base lines of one direction (rows, or
 * columns) whose candidates for d all lie in k lines of the other direction,
 * the cover lines. d goes once in each base line, so the k base lines fill
 * the k cover lines with d: d leaves the cover lines outside the base lines.
 *
 * Base lines, as Sudoku Explainer takes them (CommonTuples.searchCommonTuple
 * on the lines' positions of d): each holds d in at least 2 places (a line
 * with one place holds a single, not a fish; one where d is placed has
 * none), and the union of their places is exactly k cover lines, which
 * bounds each line to k places.
 *
 * Which digits are searched (SE's Fisherman): a fish of size k on d only
 * while d is placed at most n - 2k times in the whole grid (SE counts the
 * cells holding d: "occurrences + 2k <= 9"). In a legal grid each placed d
 * fills a different row, so d is unplaced in at least 2k rows; that is what
 * is counted here (the rows whose placed digits include d).
 *
 * Order, as in SE (Fisherman.getHints):
 *   1. column-based fish first (base = columns, cover = rows), then
 *      row-based (base = rows, cover = columns): getHints(grid, 2, 1), then
 *      getHints(grid, 1, 2), regions being { blocks, rows, columns };
 *   2. inside a direction, the k-sets of base lines in increasing order of
 *      their bitmask, bit i being line i (its Permutations class):
 *      {1,2} {1,3} {2,3} {1,4} {2,4} {3,4} {1,5} ...;
 *   3. for each set of lines, digits from 1 up;
 *   the first fish that eliminates something is the step (a fish that
 *   eliminates nothing is skipped).
 * Here the loops are turned around for speed, digit outermost: for each
 * digit, the lines holding it in 2..k places are the only possible base
 * lines, and the search picks the highest line first, each level in
 * increasing order (which yields the bitmask order above), pruning a branch
 * as soon as its places spread over more than k cover lines. Each digit's
 * first fish is kept when its line set's bitmask is the smallest so far
 * (ties go to the smaller digit): that is the fish SE finds first.
 *
 * Layout-generic: only n and the unit numbering (rows 0..n-1, columns
 * n..2n-1) are used, so the 8x8 brick-wall takes the same code.
 */
#include "strategy.h"

/* One direction of one digit: the candidate base lines and their places. */
typedef struct fish_search {
    const view *v;
    int d;
    int k;                       /* fish size */
    int cover_first;             /* first unit of the cover direction */
    int nlines;                  /* lines holding d in 2..k places */
    uint8_t line[SUDOKU_MAX_N];  /* their indexes (0..n-1), increasing */
    unit_set pos[SUDOKU_MAX_N];  /* their places of d: bit i = cover line i */
} fish_search;

/* The highest line of a non-empty set of lines. */
static int highest_line(unit_set m)
{
    int i = 0;
    while (m >>= 1)
        i++;
    return i;
}

/* Whether d has a place in the cover lines outside the base lines. */
static bool fish_eliminates(const fish_search *f, unit_set base, unit_set cover)
{
    for (unit_set m = cover; m; m &= (unit_set)(m - 1))
        if (f->v->where[f->cover_first + mask_first_digit(m) - 1][f->d] & (unit_set)~base)
            return true;
    return false;
}

/*
 * Adds 'need' more lines among the candidate lines 0..top-1 to the base
 * lines 'base' (bitmask of line indexes), whose places are 'cover'. The
 * highest line is picked first and each level goes up, so complete sets come
 * in increasing order of their bitmask. On success *base_out and *cover_out
 * hold the first fish that eliminates something.
 */
static bool fish_pick(const fish_search *f, int top, int need, unit_set base, unit_set cover,
                      unit_set *base_out, unit_set *cover_out)
{
    for (int t = need - 1; t < top; t++) {
        unit_set c = (unit_set)(cover | f->pos[t]);
        if (mask_count(c) > f->k)
            continue;
        unit_set b = (unit_set)(base | (1u << f->line[t]));
        if (need > 1) {
            if (fish_pick(f, t, need - 1, b, c, base_out, cover_out))
                return true;
        } else if (mask_count(c) == f->k && fish_eliminates(f, b, c)) {
            *base_out = b;
            *cover_out = c;
            return true;
        }
    }
    return false;
}

/*
 * The first basic fish of size k in one direction (base_first = 0 for rows,
 * n for columns), over all digits; false when there is none.
 */
static bool fish_in(const view *v, int k, int base_first, sudoku_mask digits, int *d_out, unit_set *base_out,
                    unit_set *cover_out)
{
    const sudoku_layout *l = v->l;
    int n = l->n;
    fish_search f;
    bool found = false;
    unit_set best = 0;

    f.v = v;
    f.k = k;
    f.cover_first = base_first ? 0 : n;
    for (; digits; digits &= (sudoku_mask)(digits - 1)) {
        int d = mask_first_digit(digits);
        /* A set holding a line above best's highest one comes after best. */
        int last = found ? highest_line(best) : n - 1;
        f.d = d;
        f.nlines = 0;
        for (int i = 0; i <= last; i++) {
            unit_set w = v->where[base_first + i][d];
            if (mask_two_to_k(w, k)) {
                f.line[f.nlines] = (uint8_t)i;
                f.pos[f.nlines++] = w;
            }
        }
        unit_set base, cover;
        if (f.nlines >= k && fish_pick(&f, f.nlines, k, 0, 0, &base, &cover) && (!found || base < best)) {
            found = true;
            best = base;
            *d_out = d;
            *base_out = base;
            *cover_out = cover;
        }
    }
    return found;
}

/* Fills the step for the fish found by fish_in. */
static void fish_step(const view *v, sudoku_step *s, int technique, int base_first, int d,
                      unit_set base, unit_set cover)
{
    const sudoku_layout *l = v->l;
    int n = l->n;
    int cover_first = base_first ? 0 : n;
    int base_kind = base_first ? SUDOKU_COL : SUDOKU_ROW;
    sudoku_mask bit = sudoku_bit(d);

    step_start(s, l, technique);
    s->digits = bit;
    for (unit_set m = base; m; m &= (unit_set)(m - 1))
        s->base[s->nbase++] = (uint8_t)(base_first + mask_first_digit(m) - 1);
    for (unit_set m = cover; m; m &= (unit_set)(m - 1))
        s->cover[s->ncover++] = (uint8_t)(cover_first + mask_first_digit(m) - 1);
    /* The pattern: d's candidate cells in the base lines, in reading order. */
    for (int c = 0; c < l->ncells; c++) {
        int line = l->cell_unit[c][base_kind] - base_first;
        if ((base >> line) & 1u && (v->g->cand[c] & bit) && !v->g->digit[c])
            s->cells[s->ncells++] = (uint8_t)c;
    }
    /* d leaves the cover lines outside the base lines. */
    for (unit_set m = cover; m; m &= (unit_set)(m - 1)) {
        int u = cover_first + mask_first_digit(m) - 1;
        for (unit_set w = (unit_set)(v->where[u][d] & ~base); w; w &= (unit_set)(w - 1))
            step_eliminate(s, v->g, l->unit_cell[u][mask_first_digit(w) - 1], bit);
    }
}

/* The first basic fish of size k: column-based, then row-based (SE's order). */
static bool find_fish(const view *v, sudoku_step *s, int k, int technique)
{
    int n = v->l->n;
    /* How often each digit is placed: the rows whose placed digits include it. */
    int placed_count[SUDOKU_MAX_N + 1] = { 0 };
    for (int r = 0; r < n; r++)
        for (sudoku_mask m = v->placed[r]; m; m &= (sudoku_mask)(m - 1))
            placed_count[mask_first_digit(m)]++;
    /* The digits searched: placed few enough times (SE's Fisherman), and
     * with places changed since this finder last found nothing (what is
     * found for a digit depends on its places alone, its placed count
     * included: placing d changes d's places). A per-thread memory of the
     * digits' places where each search last found nothing, to skip them
     * in other views too, was dropped: it cost more than it spared
     * (low.txt 1,234.4 M -> 1,229.5 M instructions without it). */
    sudoku_mask digits = 0;
    for (int d = 1; d <= n; d++)
        if (placed_count[d] + 2 * k <= n && v->digit_changed_at[d] > v->found_nothing_at[technique])
            digits |= sudoku_bit(d);
    int d;
    unit_set base, cover;
    if (fish_in(v, k, n, digits, &d, &base, &cover)) {
        fish_step(v, s, technique, n, d, base, cover);
        return true;
    }
    if (fish_in(v, k, 0, digits, &d, &base, &cover)) {
        fish_step(v, s, technique, 0, d, base, cover);
        return true;
    }
    return false;
}

bool find_x_wing(const view *v, sudoku_step *s) { return find_fish(v, s, 2, SUDOKU_X_WING); }

bool find_swordfish(const view *v, sudoku_step *s) { return find_fish(v, s, 3, SUDOKU_SWORDFISH); }

bool find_jellyfish(const view *v, sudoku_step *s) { return find_fish(v, s, 4, SUDOKU_JELLYFISH); }
