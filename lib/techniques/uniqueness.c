/*
 * uniqueness.c - unique rectangles and loops (types 1-4) and the bivalue
 * universal grave (BUG, types 1-4), as Sudoku Explainer 1.2.1 finds them
 * (SukakuExplainer with lkSudoku's BUG and UR/UL fixes).
 *
 * Both techniques ASSUME THE PUZZLE HAS EXACTLY ONE SOLUTION: they remove
 * candidates whose only fault is that they would leave a "deadly pattern",
 * a set of cells whose digits could be swapped into a second solution.
 * On a puzzle with several solutions they can remove true candidates.
 * grade and explain establish uniqueness before running the engine.
 *
 * Units are visited in SE's region order, boxes, rows, columns (its region
 * type indexes 0, 1, 2), cells of a unit in reading order, cells of the grid
 * in reading order; "sees" is the layout's peer relation, so the 8x8
 * brick-wall uses its own boxes (a rectangle there spans exactly two boxes,
 * or it would visit a box once, which no loop may).
 */
#include "uniqueness.h"

#include "cellset.h"
#include "strategy.h"

#include <stdio.h>
#include <string.h>

/* SE's region type order: blocks, rows, columns, as our unit kinds. */
static const int se_kind[3] = { SUDOKU_BOX, SUDOKU_ROW, SUDOKU_COL };

static int unit_of(const sudoku_layout *l, int cell, int se_type)
{
    return l->cell_unit[cell][se_kind[se_type]];
}

static bool sees(const sudoku_layout *l, int a, int b)
{
    return a != b && (l->cell_unit[a][0] == l->cell_unit[b][0] || l->cell_unit[a][1] == l->cell_unit[b][1] ||
                      l->cell_unit[a][2] == l->cell_unit[b][2]);
}

/* Whether m has exactly two members, by clearing the lowest ones
 * (cheaper than mask_count() in the BUG scan). */
static inline bool mask_is_pair(unsigned m)
{
    unsigned rest = m & (m - 1);
    return rest && !(rest & (rest - 1));
}

/* Whether m has three members or more, the same way. */
static inline bool mask_has_three(unsigned m)
{
    unsigned rest = m & (m - 1);
    return (rest & (rest - 1)) != 0;
}

/* The next k-subset of a bitmask in increasing numeric order (Gosper's
 * hack, SE's Permutations); x must be non-zero. */
static unsigned next_combination(unsigned x)
{
    unsigned smallest = x & -x;
    unsigned ripple = x + smallest;
    unsigned ones = ((x ^ ripple) >> 2) / smallest;
    return ripple | ones;
}

/* ================================================================ loops
 *
 * SE (UniqueLoops.getHints):
 *   - from every cell with exactly two candidates v1 < v2, in cell order, a
 *     depth-first search for loops: the next cell is taken in one of the
 *     current cell's units (boxes, rows, columns; never the unit type that
 *     led to the current cell), in unit order, and must hold v1 and v2;
 *     cells with more candidates are allowed while at most two of them have
 *     extra candidates, or while all the extra candidates are one digit
 *     (type 2). A loop closes on the first cell once it has 4 cells or more.
 *   - a loop is valid when every unit it touches holds exactly two of its
 *     cells, one at an even and one at an odd place of the loop.
 *   - each valid loop gives its hints: one extra cell: type 1 (that cell
 *     loses v1 and v2); more: type 2 when the extra cells add one digit x
 *     (x leaves every cell seeing all of them); two extra cells with two or
 *     more extra digits: type 3 (they act as one cell holding the extra
 *     digits, which form a naked or hidden set in a unit they share); two
 *     extra cells: type 4 as well (v1 or v2 confined to them in a shared
 *     unit: the other one leaves them).
 *   - all hints are sorted by difficulty, then type, stably; the solver
 *     takes the first. Here that is the first hint found whose
 *     (difficulty, type) is strictly below every earlier one's; a type 1
 *     rectangle (4.5, type 1) ends the search, as nothing sorts before it.
 * Difficulty: 4.5, +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more; type 3
 * adds 0.1 per naked-set digit beyond the first, 0.1 per hidden-set cell
 * beyond the first (not counting the two loop cells), in SE's arithmetic.
 *
 * The search here skips what cannot change the result: cells that cannot
 * be in any valid loop (loop_fit), a path on which a unit holds two cells
 * at places of the same parity (no loop through it is valid), a path
 * through an earlier cell holding just v1 and v2 (its loops were all found
 * from that cell, and only the first finding of a loop counts), a cell
 * reached a second time through another unit it shares with the previous
 * cell (the same loops again), and a path on which a unit holding one of
 * its cells has no cell left that could be the second (loop_can_close()),
 * the cells that only an earlier start could put in a valid loop
 * (fit_drop_start()), and the starts from which no valid loop can close
 * for want of cells holding just the pair (loop_may_exist()).
 * The loops that are checked, and the order in which each is first found,
 * are SE's.
 */

enum { LOOP_NAKED, LOOP_HIDDEN };

/* One hint of the loop search, kept in a compact form until the best is known. */
typedef struct loop_hint {
    int type;                       /* 1..4 */
    double difficulty;
    int len;
    uint8_t loop[SUDOKU_MAX_CELLS];
    sudoku_mask pair;               /* v1, v2 */
    int nextra;
    uint8_t extra[SUDOKU_MAX_CELLS]; /* the loop's cells with more candidates, in loop order */
    sudoku_mask extra_digits;       /* type 2: the extra digit; type 3: all extra digits */
    int unit;                       /* type 3: the set's unit; type 4: the locked unit; else -1 */
    int set_kind;                   /* type 3: LOOP_NAKED or LOOP_HIDDEN */
    int nset;
    uint8_t set_cells[SUDOKU_MAX_N]; /* type 3: the set's cells besides the two extra cells */
    sudoku_mask set_digits;
    int nelim;
    sudoku_mask elim[SUDOKU_MAX_CELLS];
} loop_hint;

/*
 * The loops found from each start cell, kept per thread for the next
 * search. The search from a start cell c on the pair P reads nothing but
 * the cells that fit (loop_fit: a function of which cells hold both digits
 * of P) and their candidates; unless a hint stops it (a type 1 rectangle),
 * the loops it closes, and their order, are a function of those alone. So
 * where they are as they were, the kept loops are checked again (their
 * hints read the whole grid and are worked out afresh) and the search is
 * not run. What fit a pair is kept as a signature: its cells row by row,
 * and their candidates; its generation counts the changes.
 */
enum { KEPT_FIT_CELLS = 64, KEPT_LOOP_CELLS = 96, KEPT_LOOPS = 24 };

typedef struct pair_signature {
    bool fits;                          /* the fit cells fit in the arrays below */
    uint64_t generation;
    unit_set rows[SUDOKU_MAX_N];        /* the fit cells of each row */
    sudoku_mask cand[KEPT_FIT_CELLS];   /* their candidates, row by row */
} pair_signature;

typedef struct start_loops {
    bool complete;                      /* every loop the search closed is kept */
    sudoku_mask pair;
    uint64_t generation;                /* the pair's when kept */
    int nloops, ncells;
    uint8_t len[KEPT_LOOPS];
    uint8_t cells[KEPT_LOOP_CELLS];     /* the loops one after the other, in path order */
} start_loops;

typedef struct kept_loops {
    const sudoku_layout *layout;
    sudoku_layout_desc desc;
    cellset unit_cells[SUDOKU_MAX_UNITS]; /* the layout's units as cell sets */
    cellset sight[SUDOKU_MAX_CELLS];      /* each cell with its peers */
    pair_signature pair[SUDOKU_MAX_N * SUDOKU_MAX_N];
    start_loops start[SUDOKU_MAX_CELLS];
} kept_loops;

static _Thread_local kept_loops kept;

/*
 * The path's marks by the parity of a place (0 even, 1 odd): the units
 * holding a path cell at such a place (a loop is valid when each unit it
 * touches holds one of each: holds[0] == holds[1]), and the cells that
 * cannot take a place of that parity: the path's cells, the cells of a
 * unit that holds one at that parity already, and the cells that do not
 * fit the pair (loop_fit: no loop passes there).
 */
_Static_assert(CELLSET_WORDS == 4, "loop_push() and loop_can_close() spell out a cell set's words");
typedef struct loop_marks {
    uint64_t holds[2];
    cellset blocked[2];
} loop_marks;

typedef struct loop_search {
    const view *v;
    const sudoku_grid *g;
    const sudoku_layout *l;
    sudoku_mask pair;
    int len;
    uint8_t loop[SUDOKU_MAX_CELLS];
    loop_marks marks;                 /* what the path holds, by parity of place */
    cellset impure;                   /* the cells that fit holding more than the pair */
    cellset extra_just[SUDOKU_MAX_N + 1]; /* those holding one more digit, by that digit */
    unit_set *fit;                    /* fit[u]: cells of unit u that may be in a loop on the pair */
    unit_set fit_of[SUDOKU_MAX_N * SUDOKU_MAX_N][SUDOKU_MAX_UNITS]; /* by pair, once computed */
    bool fit_done[SUDOKU_MAX_N * SUDOKU_MAX_N];
    loop_hint work;
    loop_hint best;
    bool found;
    bool unbeatable;                  /* best is a rectangle of type 1: nothing sorts before it */
    start_loops *record;              /* where the search from the start cell keeps its loops */
} loop_search;

static double loop_difficulty(int len)
{
    double result = 4.5;
    if (len >= 10)
        result += 0.3;
    if (len >= 8)
        result += 0.2;
    else if (len >= 6)
        result += 0.1;
    return result;
}

/* Starts the work hint for the current loop. */
static loop_hint *hint_start(loop_search *ls, int type, const uint8_t *extra, int nextra)
{
    loop_hint *h = &ls->work;
    h->type = type;
    h->difficulty = loop_difficulty(ls->len);
    h->len = ls->len;
    memcpy(h->loop, ls->loop, (size_t)ls->len);
    h->pair = ls->pair;
    h->nextra = nextra;
    memcpy(h->extra, extra, (size_t)nextra);
    h->extra_digits = 0;
    h->unit = -1;
    h->set_kind = LOOP_NAKED;
    h->nset = 0;
    h->set_digits = 0;
    h->nelim = 0;
    memset(h->elim, 0, (size_t)ls->l->ncells * sizeof h->elim[0]);
    return h;
}

static void hint_eliminate(loop_search *ls, int cell, sudoku_mask digits)
{
    loop_hint *h = &ls->work;
    sudoku_mask m = (sudoku_mask)(ls->g->cand[cell] & digits & ~h->elim[cell]);
    h->elim[cell] |= m;
    h->nelim += mask_count(m);
}

/* Keeps the work hint if it eliminates something and sorts before the best. */
static void hint_offer(loop_search *ls)
{
    loop_hint *h = &ls->work;
    if (!h->nelim)
        return;
    if (ls->found && !(h->difficulty < ls->best.difficulty ||
                       (h->difficulty == ls->best.difficulty && h->type < ls->best.type)))
        return;
    ls->best = *h;
    ls->found = true;
    ls->unbeatable = h->type == 1 && h->difficulty == loop_difficulty(4);
}

/* Type 2: the extra digit leaves every cell that sees all the extra cells. */
static void loop_type2(loop_search *ls, const uint8_t *extra, int nextra)
{
    const sudoku_layout *l = ls->l;
    loop_hint *h = hint_start(ls, 2, extra, nextra);
    sudoku_mask x = (sudoku_mask)(ls->g->cand[extra[0]] & ~ls->pair);
    x = (sudoku_mask)(x & -x);
    h->extra_digits = x;
    for (int c = 0; c < l->ncells; c++) {
        if (!(ls->g->cand[c] & x))
            continue;
        bool all = true;
        for (int i = 0; i < nextra && all; i++)
            all = sees(l, c, extra[i]);
        if (all)
            hint_eliminate(ls, c, x);
    }
    hint_offer(ls);
}

/* Type 3 with a naked set: the extra cells c1, c2 count as one cell holding
 * their extra digits; 'cells' are the unit positions of the set (c1's
 * included). SE has two ways to compute the eliminations: its plain-sudoku
 * one (isVLatin, the one serate uses) is the unit's cells outside the set. */
static void loop_type3_naked(loop_search *ls, int unit, int c1, int c2, unsigned cells, int i1,
                             sudoku_mask extra, sudoku_mask set)
{
    const sudoku_layout *l = ls->l;
    uint8_t pair_cells[2] = { (uint8_t)c1, (uint8_t)c2 };
    loop_hint *h = hint_start(ls, 3, pair_cells, 2);
    h->extra_digits = extra;
    h->unit = unit;
    h->set_kind = LOOP_NAKED;
    h->set_digits = set;
    h->difficulty += (mask_count(set) - 1) * 0.1;
    for (unsigned m = cells & ~(1u << i1); m; m &= m - 1)
        h->set_cells[h->nset++] = l->unit_cell[unit][mask_first_digit(m) - 1];
    /* The set's digits leave the unit's other cells (SE's plain-sudoku
     * branch: the unit's cells besides the set, c1 and c2). */
    for (int i = 0; i < l->n; i++) {
        if (cells & (1u << i))
            continue;
        int c = l->unit_cell[unit][i];
        if (c != c2)
            hint_eliminate(ls, c, set);
    }
    hint_offer(ls);
}

/* Type 3 with a hidden set: 'digits' (v1, v2 and others) are confined in the
 * unit to c1/c2 and the cells at 'positions'; those lose their other digits. */
static void loop_type3_hidden(loop_search *ls, int unit, int c1, int c2, unsigned positions,
                              sudoku_mask extra, sudoku_mask digits)
{
    const sudoku_layout *l = ls->l;
    uint8_t pair_cells[2] = { (uint8_t)c1, (uint8_t)c2 };
    loop_hint *h = hint_start(ls, 3, pair_cells, 2);
    h->extra_digits = extra;
    h->unit = unit;
    h->set_kind = LOOP_HIDDEN;
    h->set_digits = digits;
    for (unsigned m = positions; m; m &= m - 1)
        h->set_cells[h->nset++] = l->unit_cell[unit][mask_first_digit(m) - 1];
    double add = h->nset;
    add = (add - 1) * 0.1;
    h->difficulty += add;
    for (int i = 0; i < h->nset; i++)
        hint_eliminate(ls, h->set_cells[i], (sudoku_mask)~digits);
    hint_offer(ls);
}

/* The search's shortcuts (uniqueness.h): loop_can_close() and the lists
 * of loop_type3(). */
static _Thread_local bool loop_prune = true;

void unique_loop_prune(bool on) { loop_prune = on; }

/* Type 3 (UniqueLoops.createType3Hints, lkSudoku's version): sets of size 2
 * up, in each unit c1 and c2 share, naked sets before hidden ones. */
static void loop_type3(loop_search *ls, int c1, int c2)
{
    const view *v = ls->v;
    const sudoku_layout *l = ls->l;
    const sudoku_grid *g = ls->g;
    int n = l->n;
    sudoku_mask extra = (sudoku_mask)((g->cand[c1] | g->cand[c2]) & ~ls->pair);
    int nextra = mask_count(extra);
    int v1 = mask_first_digit(ls->pair), v2 = mask_first_digit(ls->pair & (ls->pair - 1));

    for (int degree = 2; degree <= n - 2; degree++) {
        for (int t = 0; t < 3; t++) {
            int unit = unit_of(l, c1, t);
            if (unit != unit_of(l, c2, t))
                continue;
            int empty = v->empty[unit];
            int i1 = l->cell_index[c1][se_kind[t]], i2 = l->cell_index[c2][se_kind[t]];

            if (degree * 2 <= empty && degree >= nextra) {
                /* Sets of 'degree' positions holding c1 but not c2, in
                 * increasing order: c1's and degree - 1 of the others,
                 * taken in increasing order of their own bitmask (spread
                 * back over the unit, the order is the same). Others
                 * that no set of this degree can hold are left out of
                 * the list (a cell with fewer than two candidates, or
                 * with the extra digits more than 'degree' digits): the
                 * sets without them come in the same order. */
                int others[SUDOKU_MAX_N], nothers = 0;
                for (int i = 0; i < n; i++) {
                    sudoku_mask cm = g->cand[l->unit_cell[unit][i]];
                    if (i != i1 && i != i2 && (!loop_prune || (mask_count(cm) >= 2 && mask_count(cm | extra) <= degree)))
                        others[nothers++] = i;
                }
                for (unsigned pick = (1u << (degree - 1)) - 1; pick < (1u << nothers);
                     pick = next_combination(pick)) {
                    unsigned cells = 1u << i1;
                    for (unsigned m = pick; m; m &= m - 1)
                        cells |= 1u << others[mask_first_digit(m) - 1];
                    sudoku_mask naked = (sudoku_mask)(extra & g->cand[c1] & g->cand[c2]);
                    sudoku_mask all = extra;
                    bool each_two = true;
                    for (unsigned m = cells & ~(1u << i1); m; m &= m - 1) {
                        sudoku_mask cm = g->cand[l->unit_cell[unit][mask_first_digit(m) - 1]];
                        naked |= cm;
                        all |= cm;
                        if (mask_count(cm) <= 1)
                            each_two = false;
                    }
                    if (mask_count(naked) == degree && each_two && mask_count(all) == degree)
                        loop_type3_naked(ls, unit, c1, c2, cells, i1, extra, all);
                }
            }

            if (degree * 2 < empty) {
                /* Hidden sets: v1, v2 and degree-2 of the digits not in the
                 * loop's cells c1, c2, over the unit without c2. As above,
                 * the digits no set of this degree can hold (none or more
                 * than 'degree' places besides c2) are left out of the
                 * list; the sets without them come in the same order. */
                int rem[SUDOKU_MAX_N], nrem = 0, nfit = 0;
                for (int d = 1; d <= n; d++) {
                    if (d == v1 || d == v2 || (extra & sudoku_bit(d)))
                        continue;
                    nrem++;
                    unit_set p = (unit_set)(v->where[unit][d] & ~(1u << i2));
                    if (!loop_prune || (p && mask_count(p) <= degree))
                        rem[nfit++] = d;
                }
                int k = degree - 2;
                if (k > nrem || nrem == 0 || k > nfit)
                    continue;
                nrem = nfit;
                unsigned pick = (1u << k) - 1;
                for (;;) {
                    sudoku_mask digits = ls->pair;
                    unsigned positions = 0;
                    bool none_empty = true;
                    for (int i = 0; i < nrem; i++)
                        if (pick & (1u << i))
                            digits |= sudoku_bit(rem[i]);
                    for (sudoku_mask dm = digits; dm; dm &= (sudoku_mask)(dm - 1)) {
                        unsigned p = v->where[unit][mask_first_digit(dm)] & ~(1u << i2);
                        if (!p)
                            none_empty = false;
                        positions |= p;
                    }
                    if (none_empty && mask_count(positions) == degree)
                        loop_type3_hidden(ls, unit, c1, c2, positions & ~(1u << i1) & ~(1u << i2), extra,
                                          digits);
                    if (k == 0)
                        break;
                    pick = next_combination(pick);
                    if (pick >= (1u << nrem))
                        break;
                }
            }
        }
    }
}

/* Type 4: v1 (else v2) confined to c1, c2 in a unit they share (the last
 * such unit in SE's order): the other digit leaves both. */
static void loop_type4(loop_search *ls, int c1, int c2)
{
    const view *v = ls->v;
    const sudoku_layout *l = ls->l;
    sudoku_mask lo = (sudoku_mask)(ls->pair & -ls->pair), hi = (sudoku_mask)(ls->pair & ~lo);
    int r1 = -1, r2 = -1;
    for (int t = 0; t < 3; t++) {
        int unit = unit_of(l, c1, t);
        if (unit != unit_of(l, c2, t))
            continue;
        unit_set both = (unit_set)((1u << l->cell_index[c1][se_kind[t]]) | (1u << l->cell_index[c2][se_kind[t]]));
        if (!(v->where[unit][mask_first_digit(lo)] & ~both))
            r1 = unit;
        if (!(v->where[unit][mask_first_digit(hi)] & ~both))
            r2 = unit;
    }
    if (r1 < 0 && r2 < 0)
        return;
    uint8_t pair_cells[2] = { (uint8_t)c1, (uint8_t)c2 };
    loop_hint *h = hint_start(ls, 4, pair_cells, 2);
    h->unit = r1 >= 0 ? r1 : r2;
    sudoku_mask removed = r1 >= 0 ? hi : lo;
    hint_eliminate(ls, c1, removed);
    hint_eliminate(ls, c2, removed);
    hint_offer(ls);
}

/* A closed loop: checks it as SE's isValidLoop does and offers its hints. */
static void loop_closed(loop_search *ls)
{
    const sudoku_grid *g = ls->g;
    if (ls->marks.holds[0] != ls->marks.holds[1])
        return; /* a unit holds one cell of the loop */
    start_loops *r = ls->record;
    if (r && r->complete) {
        if (r->nloops < KEPT_LOOPS && r->ncells + ls->len <= KEPT_LOOP_CELLS) {
            r->len[r->nloops++] = (uint8_t)ls->len;
            memcpy(r->cells + r->ncells, ls->loop, (size_t)ls->len);
            r->ncells += ls->len;
        } else {
            r->complete = false;
        }
    }

    uint8_t extra[SUDOKU_MAX_CELLS];
    int nextra = 0;
    for (int i = 0; i < ls->len; i++)
        if (mask_count(g->cand[ls->loop[i]]) > 2)
            extra[nextra++] = ls->loop[i];

    if (nextra == 1) {
        hint_start(ls, 1, extra, 1);
        hint_eliminate(ls, extra[0], ls->pair);
        hint_offer(ls);
    } else if (nextra > 2) {
        loop_type2(ls, extra, nextra);
    } else if (nextra == 2) {
        sudoku_mask rest = (sudoku_mask)((g->cand[extra[0]] | g->cand[extra[1]]) & ~ls->pair);
        if (mask_count(rest) == 1)
            loop_type2(ls, extra, 2);
        else if (mask_count(rest) >= 2)
            loop_type3(ls, extra[0], extra[1]);
        loop_type4(ls, extra[0], extra[1]);
    }
}

/* The units of a cell, as bits. */
static uint64_t units_of(const sudoku_layout *l, int cell)
{
    return (uint64_t)1 << l->cell_unit[cell][0] | (uint64_t)1 << l->cell_unit[cell][1] |
           (uint64_t)1 << l->cell_unit[cell][2];
}

/* Adds 'cell' at the end of the path (the caller checked that it is not
 * blocked at its place's parity); the caller keeps the marks to restore. */
static void loop_push(loop_search *ls, int cell)
{
    int q = ls->len & 1;
    loop_marks *mk = &ls->marks;
    mk->holds[q] |= units_of(ls->l, cell);
    cellset *b = &mk->blocked[q];
    const cellset *sight = &kept.sight[cell];
    b->w[0] |= sight->w[0];
    b->w[1] |= sight->w[1];
    b->w[2] |= sight->w[2];
    b->w[3] |= sight->w[3];
    cellset_add(&mk->blocked[!q], cell);
    ls->loop[ls->len++] = (uint8_t)cell;
}

/* Whether unit u has a cell in neither set. */
static inline bool unit_has_cell_outside(int u, const cellset *a, const cellset *b)
{
    const cellset *c = &kept.unit_cells[u];
    return (c->w[0] & ~a->w[0] & ~b->w[0]) | (c->w[1] & ~a->w[1] & ~b->w[1]) | (c->w[2] & ~a->w[2] & ~b->w[2]) |
           (c->w[3] & ~a->w[3] & ~b->w[3]);
}

/*
 * Whether a loop closed further down the path can still be valid (the
 * path's last cell was just added, at a place of parity q). Each unit
 * holding one path cell needs a second one at the other parity: a cell of
 * the unit not blocked at that parity, which the path may still take
 * ('barred': the cells it may not, once it has used up its extra cells;
 * see loop_extend()). The marks and the bars only grow along the path, so
 * when such a unit has no cell left, loop_closed() would turn away every
 * loop closed in the branch: leaving the branch out finds the same loops,
 * in the same order. With no new bars, only the units waiting for parity q
 * can have lost their last cell (blocked[q] grew); with bars, every unit
 * holding one cell is looked at. (The new cell's own units, waiting for
 * the other parity, nearly always have a cell left: not worth the look.)
 */
static bool loop_can_close(const loop_search *ls, int q, const cellset *barred)
{
    static const cellset none;
    const loop_marks *mk = &ls->marks;
    if (!loop_prune)
        return true;
    for (int r = barred ? 0 : q; r <= (barred ? 1 : q); r++)
        for (uint64_t m = mk->holds[!r] & ~mk->holds[r]; m; m &= m - 1)
            if (!unit_has_cell_outside(bit_index64(m), &mk->blocked[r], barred ? barred : &none))
                return false;
    return true;
}

/* SE's checkForLoops from the path's last cell (lkSudoku's version: each
 * branch keeps its own extra digits). */
static void loop_extend(loop_search *ls, int allowed_extra, sudoku_mask extra_digits, int last_type)
{
    const sudoku_layout *l = ls->l;
    const sudoku_grid *g = ls->g;
    int cell = ls->loop[ls->len - 1];
    const uint8_t *cell_units = l->cell_unit[cell];
    int q = ls->len & 1; /* the parity of the next cell's place */
    for (int t = 0; t < 3 && !ls->unbeatable; t++) {
        if (t == last_type)
            continue;
        int unit = cell_units[se_kind[t]];
        /* 'cell' itself is in the path: not a next cell. */
        unit_set others = (unit_set)(ls->fit[unit] & ~(1u << l->cell_index[cell][se_kind[t]]));
        for (unit_set m = others; m; m &= (unit_set)(m - 1)) {
            int next = l->unit_cell[unit][mask_first_digit(m) - 1];
            if (next == ls->loop[0] && ls->len >= 4) {
                loop_closed(ls);
                continue;
            }
            const uint8_t *next_units = l->cell_unit[next];
            /* In the path already, a unit would hold two cells at places
             * of the same parity, or an earlier cell holding just v1, v2
             * (its loops were all found from it, which came first). */
            if (cellset_has(&ls->marks.blocked[q], next))
                continue;
            sudoku_mask cand = g->cand[next];
            /* Reached already through an earlier unit type shared with
             * 'cell': both units then hold two path cells, so both ways
             * on find the same loops, later. Only the box can be shared
             * besides the line (two lines: the same cell). */
            if (t > 0 && last_type != 0 && next_units[SUDOKU_BOX] == cell_units[SUDOKU_BOX])
                continue;
            /* A cell that may be in a loop holds v1 and v2: it has more
             * candidates unless it holds just them. */
            sudoku_mask ex = (sudoku_mask)((extra_digits | cand) & ~ls->pair);
            bool more = cand != ls->pair;
            if (!more || mask_is_single(ex) || allowed_extra > 0) {
                loop_marks kept_marks = ls->marks;
                loop_push(ls, next);
                int allowed = more ? allowed_extra - 1 : allowed_extra;
                /* With no extra cell left, the path may take only cells
                 * holding just the pair, or, while its extra digits are
                 * one digit x, cells whose extra digit is x alone. */
                const cellset *barred = NULL;
                cellset not_x;
                if (allowed <= 0 && mask_is_single(ex)) {
                    const cellset *x = &ls->extra_just[mask_first_digit(ex)];
                    for (int w = 0; w < CELLSET_WORDS; w++)
                        not_x.w[w] = ls->impure.w[w] & ~x->w[w];
                    barred = &not_x;
                } else if (allowed <= 0) {
                    barred = &ls->impure;
                }
                if (loop_can_close(ls, q, barred))
                    loop_extend(ls, allowed, ex, t);
                ls->len--;
                ls->marks = kept_marks;
            }
        }
    }
}

/* Brings the kept signature of the pair 'key' up to date with 'fit'. */
static void pair_sign(const loop_search *ls, int key, const unit_set *fit)
{
    const sudoku_layout *l = ls->l;
    pair_signature now = { .fits = true };
    int ncells = 0;
    for (int r = 0; r < l->n; r++) {
        now.rows[r] = fit[r];
        for (unit_set m = fit[r]; m; m &= (unit_set)(m - 1)) {
            if (ncells == KEPT_FIT_CELLS) {
                now.fits = false;
                break;
            }
            now.cand[ncells++] = ls->g->cand[l->unit_cell[r][mask_first_digit(m) - 1]];
        }
    }
    pair_signature *sig = &kept.pair[key];
    bool same = sig->fits && now.fits && memcmp(sig->rows, now.rows, sizeof now.rows) == 0 &&
                memcmp(sig->cand, now.cand, (size_t)ncells * sizeof now.cand[0]) == 0;
    if (same)
        return;
    now.generation = sig->generation + 1;
    *sig = now;
}

/* Checks again the loops kept from the start cell, in the order found. */
static void loop_replay(loop_search *ls, const start_loops *r)
{
    const uint8_t *cells = r->cells;
    for (int i = 0; i < r->nloops && !ls->unbeatable; i++) {
        ls->len = r->len[i];
        memcpy(ls->loop, cells, (size_t)ls->len);
        cells += ls->len;
        loop_closed(ls);
    }
    ls->len = 0;
}

/* Empties the units in 'alone' (bit u: unit u holds one cell of fit) and
 * those that are left holding one as their cells go: a cell alone in a
 * unit cannot be in a valid loop (each unit of a loop cell holds a second
 * one). A cell alone stays alone (or goes) as others go, so the order in
 * which they go does not change what is left. */
static void fit_peel(const sudoku_layout *l, unit_set *fit, uint64_t alone)
{
    while (alone) {
        int u = bit_index64(alone);
        alone &= alone - 1;
        if (!fit[u])
            continue; /* its cell went with another unit */
        int c = l->unit_cell[u][mask_first_digit(fit[u]) - 1];
        for (int k = 0; k < 3; k++) {
            int w = l->cell_unit[c][k];
            fit[w] &= (unit_set) ~(1u << l->cell_index[c][k]);
            if (fit[w] && !(fit[w] & (fit[w] - 1)))
                alone |= 1ull << w;
        }
    }
}

/*
 * The cells that may be in a valid loop on the pair: they hold both digits
 * and, since every unit of a loop cell holds a second loop cell, each of
 * their units holds another such cell (repeated until nothing changes).
 * The search only visits these; every loop it finds is still found.
 */
static unit_set *loop_fit(loop_search *ls)
{
    const sudoku_layout *l = ls->l;
    int v1 = mask_first_digit(ls->pair), v2 = mask_first_digit(ls->pair & (ls->pair - 1));
    int key = (v1 - 1) * SUDOKU_MAX_N + (v2 - 1);
    unit_set *fit = ls->fit_of[key];
    if (ls->fit_done[key])
        return fit;
    ls->fit_done[key] = true;
    uint64_t alone = 0;
    for (int u = 0; u < l->nunits; u++) {
        fit[u] = (unit_set)(ls->v->where[u][v1] & ls->v->where[u][v2]);
        if (fit[u] && !(fit[u] & (fit[u] - 1)))
            alone |= 1ull << u;
    }
    fit_peel(l, fit, alone);
    pair_sign(ls, key, fit);
    return fit;
}

/*
 * After the loops from 'start' (a cell holding just the pair) are found or
 * replayed, no later search on the pair takes it (loop_extend() never
 * takes a cell before its start holding just the pair): it leaves the fit,
 * and the cells it leaves alone in a unit go too. A later start that goes
 * has no valid loop, and the searches from the others visit fewer cells
 * but close the same valid loops, in the same order: a valid loop's cells
 * each have a second one in every unit, so none of them ever goes. What
 * is left depends on the fit and its candidates alone, as the kept loops
 * require (pair_sign()).
 */
static void fit_drop_start(const loop_search *ls, unit_set *fit, int start)
{
    const sudoku_layout *l = ls->l;
    uint64_t alone = 0;
    for (int k = 0; k < 3; k++) {
        int w = l->cell_unit[start][k];
        fit[w] &= (unit_set) ~(1u << l->cell_index[start][k]);
        if (fit[w] && !(fit[w] & (fit[w] - 1)))
            alone |= 1ull << w;
    }
    fit_peel(l, fit, alone);
}

/*
 * Whether a valid loop from 'start' may exist, by a count the search would
 * take long to see. When no other cell of the fit holds just the pair (the
 * earlier ones left it, fit_drop_start()), a loop (4 cells or more) has
 * three cells or more with more candidates, and the path takes a third
 * one only while their extra digits are one digit x: each of them holds
 * the pair and x alone. Such a loop lies in the fit's cells holding the
 * pair, or the pair and x, and each of its cells has a second one in each
 * of its units: peeling those cells (fit_peel()) leaves it, start with it.
 * So when no x leaves start, the search would close no valid loop.
 */
static bool loop_may_exist(const loop_search *ls, int start)
{
    const sudoku_layout *l = ls->l;
    const sudoku_grid *g = ls->g;
    const unit_set *fit = ls->fit;
    for (int r = 0; r < l->n; r++)
        for (unit_set m = fit[r]; m; m &= (unit_set)(m - 1)) {
            int c = l->unit_cell[r][mask_first_digit(m) - 1];
            if (c != start && g->cand[c] == ls->pair)
                return true;
        }
    /* The digits x: each unit of start needs a cell holding the pair and x alone. */
    sudoku_mask xs = (sudoku_mask)(l->all & ~ls->pair);
    for (int k = 0; k < 3 && xs; k++) {
        int u = l->cell_unit[start][k];
        sudoku_mask here = 0;
        for (unit_set m = fit[u]; m; m &= (unit_set)(m - 1)) {
            sudoku_mask extra = (sudoku_mask)(g->cand[l->unit_cell[u][mask_first_digit(m) - 1]] & ~ls->pair);
            if (mask_is_single(extra))
                here |= extra;
        }
        xs &= here;
    }
    for (; xs; xs &= (sudoku_mask)(xs - 1)) {
        sudoku_mask with_x = (sudoku_mask)(ls->pair | (xs & -xs));
        unit_set f[SUDOKU_MAX_UNITS];
        uint64_t alone = 0;
        for (int u = 0; u < l->nunits; u++) {
            f[u] = 0;
            for (unit_set m = fit[u]; m; m &= (unit_set)(m - 1)) {
                int i = mask_first_digit(m) - 1;
                sudoku_mask cand = g->cand[l->unit_cell[u][i]];
                if (cand == ls->pair || cand == with_x)
                    f[u] |= (unit_set)(1u << i);
            }
            if (f[u] && !(f[u] & (f[u] - 1)))
                alone |= 1ull << u;
        }
        fit_peel(l, f, alone);
        if (f[l->cell_unit[start][0]] & (1u << l->cell_index[start][0]))
            return true;
    }
    return false;
}

/* The marks of an empty path before a search from cell 'start': blocked,
 * the cells that do not fit the pair (the fit is the same in each unit of
 * a cell: its rows tell it all) and those before 'start' that hold just the
 * pair (loop_extend() never takes them: their loops were all found from
 * them). */
static void loop_marks_start(loop_search *ls, int start)
{
    const sudoku_layout *l = ls->l;
    loop_marks *mk = &ls->marks;
    mk->holds[0] = mk->holds[1] = 0;
    memset(mk->blocked[0].w, 0xff, sizeof mk->blocked[0].w);
    cellset_clear(&ls->impure);
    memset(ls->extra_just, 0, (size_t)(l->n + 1) * sizeof ls->extra_just[0]);
    for (int r = 0; r < l->n; r++)
        for (unit_set m = ls->fit[r]; m; m &= (unit_set)(m - 1)) {
            int c = l->unit_cell[r][mask_first_digit(m) - 1];
            if (c >= start || ls->g->cand[c] != ls->pair)
                cellset_remove(&mk->blocked[0], c);
            sudoku_mask extra = (sudoku_mask)(ls->g->cand[c] & ~ls->pair);
            if (extra) {
                cellset_add(&ls->impure, c);
                if (mask_is_single(extra))
                    cellset_add(&ls->extra_just[mask_first_digit(extra)], c);
            }
        }
    mk->blocked[1] = mk->blocked[0];
}

static void loop_step(const loop_search *ls, sudoku_step *s)
{
    const sudoku_layout *l = ls->l;
    const sudoku_grid *g = ls->g;
    const loop_hint *h = &ls->best;
    step_start(s, l, SUDOKU_UNIQUE_LOOP);
    if (h->len == 4)
        snprintf(s->name, sizeof s->name, "Unique Rectangle type %d", h->type);
    else
        snprintf(s->name, sizeof s->name, "Unique Loop %d type %d", h->len, h->type);
    step_set_difficulty(s, h->difficulty);
    s->digits = h->pair;
    s->ncells = h->len;
    memcpy(s->cells, h->loop, (size_t)h->len);
    for (int i = 0; i < h->len; i++)
        step_mark(s, h->loop[i], SUDOKU_ROLE_PATTERN, h->pair);
    switch (h->type) {
    case 1:
        step_mark(s, h->extra[0], SUDOKU_ROLE_EXTRA, (sudoku_mask)(g->cand[h->extra[0]] & ~h->pair));
        break;
    case 2:
        for (int i = 0; i < h->nextra; i++)
            step_mark(s, h->extra[i], SUDOKU_ROLE_EXTRA, h->extra_digits);
        break;
    case 3:
        for (int i = 0; i < 2; i++)
            step_mark(s, h->extra[i], SUDOKU_ROLE_EXTRA, (sudoku_mask)(g->cand[h->extra[i]] & ~h->pair));
        for (int i = 0; i < h->nset; i++)
            step_mark(s, h->set_cells[i], SUDOKU_ROLE_EXTRA, (sudoku_mask)(g->cand[h->set_cells[i]] & h->set_digits));
        /* The set's unit: base for a naked set, cover for a hidden one. */
        if (h->set_kind == LOOP_NAKED)
            s->base[s->nbase++] = (uint8_t)h->unit;
        else
            s->cover[s->ncover++] = (uint8_t)h->unit;
        break;
    case 4:
        s->base[s->nbase++] = (uint8_t)h->unit;
        break;
    default:
        break;
    }
    for (int c = 0; c < l->ncells; c++)
        if (h->elim[c])
            step_eliminate(s, g, c, h->elim[c]);
}

bool find_unique_loop(const view *v, sudoku_step *s)
{
    const sudoku_grid *g = v->g;
    const sudoku_layout *l = v->l;
    static _Thread_local loop_search ls; /* large: kept off the stack of worker threads */
    if (!layout_kept_for(kept.layout, &kept.desc, l)) {
        memset(&kept, 0, sizeof kept);
        kept.layout = l;
        kept.desc = l->desc;
        for (int u = 0; u < l->nunits; u++)
            for (int i = 0; i < l->n; i++)
                cellset_add(&kept.unit_cells[u], l->unit_cell[u][i]);
        const cellset *peers = cellset_peer_table(l);
        for (int c = 0; c < l->ncells; c++) {
            kept.sight[c] = peers[c];
            cellset_add(&kept.sight[c], c);
        }
    }
    ls.v = v;
    ls.record = NULL;
    ls.g = g;
    ls.l = l;
    ls.found = false;
    ls.unbeatable = false;
    ls.len = 0;
    memset(&ls.marks, 0, sizeof ls.marks); /* holds[0] == holds[1] for loop_replay() */
    memset(ls.fit_done, 0, sizeof ls.fit_done);
    /* The start cells: those with two candidates, in cell order (a filled
     * cell has none). */
    cellset starts, unused;
    cellsets_by_count(l, g->cand, 2, &starts, &unused);
    CELLSET_FOR_EACH(c, &starts, cellset_words(l)) {
        if (ls.unbeatable)
            continue; /* nothing sorts before the best: no more searches */
        ls.pair = g->cand[c];
        /* Each unit of a loop cell holds another one: a quick look before
         * the full computation of the cells that fit. */
        int v1 = mask_first_digit(ls.pair), v2 = mask_first_digit(ls.pair & (ls.pair - 1));
        bool partners = true;
        for (int k = 0; k < 3 && partners; k++) {
            unit_set both = (unit_set)(v->where[l->cell_unit[c][k]][v1] & v->where[l->cell_unit[c][k]][v2]);
            partners = (both & (both - 1)) != 0;
        }
        if (!partners)
            continue;
        ls.fit = loop_fit(&ls);
        if (!(ls.fit[l->cell_unit[c][0]] & (1u << l->cell_index[c][0])))
            continue;
        if (loop_prune && !loop_may_exist(&ls, c))
            continue; /* the pair's last start: no later one to drop it for */
        const pair_signature *sig = &kept.pair[(v1 - 1) * SUDOKU_MAX_N + (v2 - 1)];
        start_loops *r = &kept.start[c];
        if (r->complete && r->pair == ls.pair && r->generation == sig->generation) {
            loop_replay(&ls, r);
        } else {
            r->complete = sig->fits;
            r->pair = ls.pair;
            r->generation = sig->generation;
            r->nloops = r->ncells = 0;
            ls.record = r;
            loop_marks_start(&ls, c);
            loop_push(&ls, c);
            loop_extend(&ls, 2, 0, -1);
            ls.len = 0;
            memset(&ls.marks, 0, sizeof ls.marks);
            ls.record = NULL;
            if (ls.unbeatable)
                r->complete = false; /* the search stopped there */
        }
        if (loop_prune)
            fit_drop_start(&ls, ls.fit, c);
    }
    if (!ls.found)
        return false;
    loop_step(&ls, s);
    return true;
}

/* ================================================================ BUG
 *
 * SE (BivalueUniversalGrave.getHints, lkSudoku's version): for each unit
 * (boxes, rows, columns) and digit whose places there are neither 0 nor 2,
 * the places in cells with 3 or more candidates: none ends the search (no
 * BUG); exactly one makes that cell a BUG cell and the digit one of its BUG
 * digits. If every such unit concerned one digit only, all the cells with
 * 3+ candidates it met are BUG cells for that digit. Without the BUG digits
 * every empty cell must have two candidates and every digit two places or
 * none in every unit. Then, in this order, the first that applies:
 *   one BUG cell: type 1, the cell keeps only its BUG digits (5.6);
 *   one BUG digit x: type 2, x leaves the cells that see every BUG cell
 *     (5.7); and with two BUG cells, type 4;
 *   else, when some cell sees every BUG cell: with two BUG cells type 4,
 *     then type 3.
 * Type 4 (5.7): two BUG cells sharing a unit and one more common digit y:
 *   one of them holds its BUG digit, so y goes in the other, and each loses
 *   its last digit (neither BUG digit nor y). Type 3 (5.7 + 0.1 per set digit
 *   beyond the first): the BUG cells, counted as one cell holding the BUG
 *   digits, form a naked set with cells of a unit they share that see them
 *   all; the set's digits leave the other cells of that unit that see
 *   every BUG cell.
 * SE names no placement for type 1 (its hint's getCell() is null): the cell
 * is left a naked single, the next step.
 */

typedef struct bug_pattern {
    int ncells;
    uint8_t cells[SUDOKU_MAX_CELLS];     /* BUG cells, in the order found */
    sudoku_mask values[SUDOKU_MAX_CELLS]; /* each BUG cell's BUG digits (by cell) */
    sudoku_mask all;                     /* every BUG digit */
    bool have_common;
    bool common[SUDOKU_MAX_CELLS];       /* cells seeing every BUG cell, BUG cells excluded */
    bool is_bug[SUDOKU_MAX_CELLS];
    sudoku_mask temp[SUDOKU_MAX_CELLS];  /* candidates without the BUG digits */
} bug_pattern;

static void bug_add_cell(bug_pattern *b, int cell)
{
    b->cells[b->ncells++] = (uint8_t)cell;
    b->is_bug[cell] = true;
}

/* Narrows the common cells to the new BUG cell's peers; false when SE gives
 * up (several BUG cells and digits with no cell seeing them all). */
static bool bug_narrow(bug_pattern *b, const sudoku_layout *l, int cell)
{
    bool next[SUDOKU_MAX_CELLS] = { false };
    bool any = false;
    for (int i = 0; i < l->npeers; i++) {
        int p = l->peer[cell][i];
        if ((!b->have_common || b->common[p]) && !b->is_bug[p])
            next[p] = any = true;
    }
    memcpy(b->common, next, (size_t)l->ncells * sizeof next[0]);
    b->have_common = true;
    return !(b->ncells > 1 && mask_count(b->all) > 1 && !any);
}

static _Thread_local bool bug_precheck = true; /* tests turn it off to compare with the scan alone */

void bug_pattern_precheck(bool on) { bug_precheck = on; }

/*
 * The digits of a unit whose places are neither none nor two ("uneven"),
 * through *uneven, and those of them that exactly one cell of 3+ candidates
 * holds: a BUG digit of that cell in SE's scan. -1 when an uneven digit has
 * no such cell at all, where the scan gives up.
 */
static int bug_unit_lonely(const sudoku_grid *g, const sudoku_layout *l, int unit, sudoku_mask *uneven)
{
    const uint8_t *cells = l->unit_cell[unit];
    sudoku_mask once = 0, twice = 0, more = 0, wide = 0, wide_twice = 0;
    for (int i = 0; i < l->n; i++) {
        sudoku_mask m = g->cand[cells[i]]; /* 0 when placed */
        more |= twice & m;
        twice |= once & m;
        once |= m;
        if (mask_has_three(m)) {
            wide_twice |= wide & m;
            wide |= m;
        }
    }
    *uneven = (sudoku_mask)(once & ~(twice & ~more));
    if (*uneven & ~wide)
        return -1;
    return *uneven & ~wide_twice;
}

/*
 * Whether SE's BUG scan below can end with every empty cell bivalue once
 * the BUG digits are taken out: false only where the scan returns false
 * too, and far cheaper, as the first cell that cannot usually comes early.
 * A cell of two candidates keeps them; any other but those of 3+ fails. A
 * 3+ cell loses the digits it alone holds among the 3+ cells of one of its
 * units where the digit is uneven (bug_unit_lonely(), worked out for the
 * units met, and each at most once). That is all it loses when the uneven
 * digits of the grid are two or more (the scan's one-digit rule does not
 * apply), which the units met may already show; else it may also lose that
 * one digit, so a cell that lost none may keep three.
 */
static bool bug_cells_can_be_bivalue(const view *v)
{
    const sudoku_grid *g = v->g;
    const sudoku_layout *l = v->l;
    sudoku_mask lonely[SUDOKU_MAX_UNITS];
    uint64_t known = 0; /* bit u: lonely[u] worked out */
    sudoku_mask uneven_met = 0;
    for (int c = 0; c < l->ncells; c++) {
        sudoku_mask m = g->cand[c];
        if (g->digit[c] || mask_is_pair(m))
            continue;
        if (!mask_has_three(m))
            return false;
        sudoku_mask lost = 0;
        for (int k = 0; k < 3; k++) {
            int u = l->cell_unit[c][k];
            if (!(known >> u & 1)) {
                sudoku_mask uneven;
                int found = bug_unit_lonely(g, l, u, &uneven);
                if (found < 0)
                    return false;
                lonely[u] = (sudoku_mask)found;
                uneven_met |= uneven;
                known |= 1ull << u;
            }
            lost |= lonely[u];
        }
        lost &= m;
        sudoku_mask left = (sudoku_mask)(m & ~lost);
        if (!mask_is_pair(left) && (mask_count(uneven_met) >= 2 || lost || mask_count(left) != 3))
            return false;
    }
    return true;
}

/* Finds the BUG cells and checks the rest is a bivalue grave; false if not. */
static bool bug_find_pattern(const view *v, bug_pattern *b)
{
    if (bug_precheck && !bug_cells_can_be_bivalue(v))
        return false;

    const sudoku_grid *g = v->g;
    const sudoku_layout *l = v->l;
    int n = l->n;
    bool seen_any = false, one_value = true;
    int only_value = 0;
    bool all_extra[SUDOKU_MAX_CELLS] = { false };

    b->ncells = 0;
    b->all = 0;
    b->have_common = false;
    memcpy(b->temp, g->cand, (size_t)l->ncells * sizeof b->temp[0]);
    memset(b->values, 0, (size_t)l->ncells * sizeof b->values[0]);
    memset(b->is_bug, 0, (size_t)l->ncells * sizeof b->is_bug[0]);
    for (int t = 0; t < 3; t++) {
        for (int r = 0; r < n; r++) {
            int unit = se_kind[t] * n + r;
            for (int d = 1; d <= n; d++) {
                unit_set where = v->where[unit][d];
                if (!where || mask_is_pair(where))
                    continue;
                int fresh[SUDOKU_MAX_N], nfresh = 0;
                for (unit_set m = where; m; m &= (unit_set)(m - 1)) {
                    int c = l->unit_cell[unit][mask_first_digit(m) - 1];
                    if (mask_has_three(g->cand[c]))
                        fresh[nfresh++] = c;
                }
                if (!seen_any) {
                    seen_any = true;
                    only_value = d;
                    for (int i = 0; i < nfresh; i++)
                        all_extra[fresh[i]] = true;
                } else if (one_value) {
                    if (only_value == d)
                        for (int i = 0; i < nfresh; i++)
                            all_extra[fresh[i]] = true;
                    else
                        one_value = false;
                }
                if (nfresh == 1) {
                    int c = fresh[0];
                    if (!b->is_bug[c])
                        bug_add_cell(b, c);
                    b->values[c] |= sudoku_bit(d);
                    b->all |= sudoku_bit(d);
                    b->temp[c] &= (sudoku_mask)~sudoku_bit(d);
                    if (!bug_narrow(b, l, c))
                        return false;
                }
                if (nfresh == 0)
                    return false; /* a digit with 3+ places among bivalue cells only */
            }
        }
    }
    if (one_value && seen_any) {
        int extra_count = 0;
        for (int c = 0; c < l->ncells; c++)
            extra_count += all_extra[c];
        if (extra_count > b->ncells) {
            for (int c = 0; c < l->ncells; c++) {
                if (!all_extra[c] || b->is_bug[c])
                    continue;
                bug_add_cell(b, c);
                b->values[c] = sudoku_bit(only_value);
                b->temp[c] &= (sudoku_mask)~sudoku_bit(only_value);
                if (!bug_narrow(b, l, c))
                    return false;
            }
        }
    }
    /* Without the BUG digits: every empty cell bivalue, every digit in two
     * places or none in every unit. */
    for (int c = 0; c < l->ncells; c++)
        if (!g->digit[c] && !mask_is_pair(b->temp[c]))
            return false;
    for (int unit = 0; unit < l->nunits; unit++) {
        /* The digits in at least one, two, three of the unit's cells. */
        sudoku_mask once = 0, twice = 0, more = 0;
        for (int i = 0; i < n; i++) {
            sudoku_mask m = b->temp[l->unit_cell[unit][i]];
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        if (once & ~(twice & ~more))
            return false;
    }
    return true;
}

static void bug_start(const bug_pattern *b, const sudoku_layout *l, sudoku_step *s, int type)
{
    step_start(s, l, SUDOKU_BUG);
    snprintf(s->name, sizeof s->name, "BUG type %d", type);
    s->digits = b->all;
    s->ncells = b->ncells;
    memcpy(s->cells, b->cells, (size_t)b->ncells);
    for (int i = 0; i < b->ncells; i++)
        step_mark(s, b->cells[i], SUDOKU_ROLE_EXTRA, b->values[b->cells[i]]);
}

static bool bug_type2(const bug_pattern *b, const view *v, sudoku_step *s)
{
    const sudoku_layout *l = v->l;
    if (!b->have_common)
        return false;
    bool any = false;
    for (int c = 0; c < l->ncells; c++)
        if (b->common[c] && (v->g->cand[c] & b->all))
            any = true;
    if (!any)
        return false;
    bug_start(b, l, s, 2);
    step_set_difficulty(s, 5.7);
    for (int c = 0; c < l->ncells; c++)
        if (b->common[c])
            step_eliminate(s, v->g, c, b->all);
    return true;
}

static bool bug_type4(const bug_pattern *b, const view *v, sudoku_step *s)
{
    const sudoku_layout *l = v->l;
    const sudoku_grid *g = v->g;
    int c1 = b->cells[0], c2 = b->cells[1];
    sudoku_mask common = (sudoku_mask)(g->cand[c1] & g->cand[c2] & ~b->all);
    if (mask_count(common) != 1)
        return false;
    for (int t = 0; t < 3; t++) {
        int unit = unit_of(l, c1, t);
        if (unit != unit_of(l, c2, t))
            continue;
        bug_start(b, l, s, 4);
        step_set_difficulty(s, 5.7);
        s->base[s->nbase++] = (uint8_t)unit;
        step_mark(s, c1, SUDOKU_ROLE_PATTERN, common);
        step_mark(s, c2, SUDOKU_ROLE_PATTERN, common);
        step_eliminate(s, g, c1, (sudoku_mask)(g->cand[c1] & ~b->values[c1] & ~common));
        step_eliminate(s, g, c2, (sudoku_mask)(g->cand[c2] & ~b->values[c2] & ~common));
        return s->nelim > 0;
    }
    return false;
}

static bool bug_type3(const bug_pattern *b, const view *v, sudoku_step *s)
{
    const sudoku_layout *l = v->l;
    const sudoku_grid *g = v->g;
    for (int degree = 2; degree <= 6; degree++) {
        for (int t = 0; t < 3; t++) {
            int unit = unit_of(l, b->cells[0], t);
            bool shared = true;
            for (int i = 1; i < b->ncells && shared; i++)
                shared = unit_of(l, b->cells[i], t) == unit;
            if (!shared)
                continue;
            /* The common cells in this unit, in cell order. */
            int cells[SUDOKU_MAX_CELLS], ncells = 0;
            for (int c = 0; c < l->ncells; c++)
                if (b->common[c] && unit_of(l, c, t) == unit)
                    cells[ncells++] = c;
            if (ncells < degree)
                continue;
            int k = degree - 1;
            for (unsigned pick = (1u << k) - 1; pick < (1u << ncells); pick = next_combination(pick)) {
                sudoku_mask others = 0;
                bool each_two = mask_count(b->all) > 1;
                int naked[SUDOKU_MAX_N], nnaked = 0;
                for (unsigned m = pick; m; m &= m - 1) {
                    int c = cells[mask_first_digit(m) - 1];
                    naked[nnaked++] = c;
                    others |= g->cand[c];
                    if (mask_count(g->cand[c]) <= 1)
                        each_two = false;
                }
                if (mask_count(others) != degree || !each_two || mask_count(others | b->all) != degree)
                    continue;
                sudoku_mask set = (sudoku_mask)(others | b->all);
                bug_start(b, l, s, 3);
                /* SE: 5.7 + (set size - 1) * 0.1 */
                double add = (mask_count(set) - 1) * 0.1;
                step_set_difficulty(s, 5.7 + add);
                s->base[s->nbase++] = (uint8_t)unit;
                for (int i = 0; i < nnaked; i++)
                    step_mark(s, naked[i], SUDOKU_ROLE_PATTERN, set);
                /* The set's digits leave the unit's other cells that see every
                 * BUG cell (SE's plain-sudoku branch). */
                for (int i = 0; i < ncells; i++)
                    if (!(pick & (1u << i)))
                        step_eliminate(s, g, cells[i], set);
                if (s->nelim)
                    return true;
            }
        }
    }
    return false;
}

bool find_bug(const view *v, sudoku_step *s)
{
    static _Thread_local bug_pattern b; /* large: kept off the stack of worker threads */
    const sudoku_layout *l = v->l;
    const sudoku_grid *g = v->g;
    if (!bug_find_pattern(v, &b))
        return false;
    if (b.ncells == 1) {
        int c = b.cells[0];
        bug_start(&b, l, s, 1);
        step_set_difficulty(s, 5.6);
        step_eliminate(s, g, c, (sudoku_mask)(g->cand[c] & ~b.all));
        return s->nelim > 0;
    }
    if (mask_count(b.all) == 1) {
        if (bug_type2(&b, v, s))
            return true;
        return b.ncells == 2 && bug_type4(&b, v, s);
    }
    bool any_common = false;
    for (int c = 0; b.have_common && c < l->ncells; c++)
        any_common |= b.common[c];
    if (!any_common)
        return false;
    if (b.ncells == 2 && bug_type4(&b, v, s))
        return true;
    return bug_type3(&b, v, s);
}
