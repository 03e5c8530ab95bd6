/*
 * step.c - the view of a grid that finders share, and step helpers.
 */
#include "strategy.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

/*
 * same[u][k][i]: the positions of unit u that share with its i-th cell the
 * unit of kind k. Worked out once per thread for the last layout used.
 */
struct view_tables {
    const sudoku_layout *layout;
    sudoku_layout_desc desc;
    unit_set same[SUDOKU_MAX_UNITS][3][SUDOKU_MAX_N];
};

static const struct view_tables *view_tables_for(const sudoku_layout *l)
{
    static _Thread_local struct view_tables t;
    if (layout_kept_for(t.layout, &t.desc, l))
        return &t;
    for (int u = 0; u < l->nunits; u++)
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < l->n; i++) {
                unit_set m = 0;
                for (int j = 0; j < l->n; j++)
                    if (l->cell_unit[l->unit_cell[u][i]][k] == l->cell_unit[l->unit_cell[u][j]][k])
                        m |= (unit_set)(1u << j);
                t.same[u][k][i] = m;
            }
    t.layout = l;
    t.desc = l->desc;
    return &t;
}

/* Bit u of *set made 'on'. */
static inline void set_bit_to(uint64_t *set, uint64_t ubit, bool on) { *set = (*set & ~ubit) | (on ? ubit : 0); }

/* Brings single and has_single up to date for digit d of unit u, and
 * marks its locked_in bits stale (view_refresh_locked). */
static ALWAYS_INLINE void view_note(view *v, int u, int d)
{
    unsigned w = v->where[u][d];
    uint64_t ubit = 1ull << u;
    sudoku_mask b = sudoku_bit(d);
    sudoku_mask single = (sudoku_mask)((v->single[u] & ~b) | (mask_is_single(w) ? b : 0));
    v->single[u] = single;
    set_bit_to(&v->has_single, ubit, single != 0);
    v->locked_stale[d] |= ubit;
    v->stale_digits |= b;
    v->digit_changed_at[d] = v->clock;
    v->unit_changed_at[u] = v->clock;
}

/* Every digit of every unit stale (as view_build leaves them). */
static bool all_stale(const view *v)
{
    const sudoku_layout *l = v->l;
    if (v->stale_digits != l->all)
        return false;
    uint64_t units = (1ull << l->nunits) - 1; /* nunits <= 48 */
    for (int d = 1; d <= l->n; d++)
        if (v->locked_stale[d] != units)
            return false;
    return true;
}

/* The candidates of cell c, none when it holds a digit (no branch: the
 * cells of a fresh grid are filled or not at random). */
static inline sudoku_mask open_cand(const sudoku_grid *g, int c)
{
    return (sudoku_mask)(g->cand[c] & -(unsigned)(g->digit[c] == 0));
}

/* Unit u's locked_in bits for crossing units of kind 'in', from the
 * digits seen in one of its segments of that kind (once) and in two or
 * more (twice): once & ~twice, with two places or more (once covers
 * every digit with a place, single[] those with one). */
static inline void locked_note(view *v, int u, int in, sudoku_mask once, sudoku_mask twice)
{
    uint64_t ubit = 1ull << u;
    for (sudoku_mask m = (sudoku_mask)(once & ~twice & ~v->single[u] & v->l->all); m; m &= (sudoku_mask)(m - 1))
        v->locked_in[in][mask_first_digit(m)] |= ubit;
}

/*
 * locked_in worked out afresh for every unit and digit, for all digits
 * of a unit at once, from the cells' candidates (which where[][] follows)
 * and no branch on the places (a digit-by-digit test was mispredicted).
 * A box meets each crossing line in a segment: one of its rows or
 * columns. First the candidates of each segment, box by box; then, for
 * each unit, the digits seen in one of its segments and in two or more
 * (locked_note). A row's segments are the rows of its band's boxes, a
 * column's the columns of its stack's boxes.
 */
static void locked_build(view *v)
{
    const sudoku_layout *l = v->l;
    const sudoku_grid *g = v->g;
    int n = l->n, rows = l->desc.box_rows, cols = l->desc.box_cols;
    int across = n / cols, down = n / rows; /* boxes in a band, in a stack */
    sudoku_mask row_seg[SUDOKU_MAX_N][SUDOKU_MAX_N], col_seg[SUDOKU_MAX_N][SUDOKU_MAX_N];
    memset(v->locked_in, 0, sizeof v->locked_in);
    for (int b = 0; b < n; b++) {
        const uint8_t *cell = l->unit_cell[2 * n + b];
        sudoku_mask row = 0; /* the box's first row starts its columns */
        for (int j = 0; j < cols; j++)
            row |= col_seg[b][j] = open_cand(g, cell[j]);
        row_seg[b][0] = row;
        for (int i = 1; i < rows; i++) {
            row = 0;
            for (int j = 0; j < cols; j++) {
                sudoku_mask m = open_cand(g, cell[i * cols + j]);
                row |= m;
                col_seg[b][j] |= m;
            }
            row_seg[b][i] = row;
        }
    }
    /* Each box, in its rows and in its columns. */
    for (int b = 0; b < n; b++) {
        sudoku_mask once = 0, twice = 0;
        for (int i = 0; i < rows; i++) {
            twice |= (sudoku_mask)(once & row_seg[b][i]);
            once |= row_seg[b][i];
        }
        locked_note(v, 2 * n + b, SUDOKU_ROW, once, twice);
        once = twice = 0;
        for (int j = 0; j < cols; j++) {
            twice |= (sudoku_mask)(once & col_seg[b][j]);
            once |= col_seg[b][j];
        }
        locked_note(v, 2 * n + b, SUDOKU_COL, once, twice);
    }
    /* Row i of each band, in the band's boxes. */
    for (int band = 0; band < down; band++)
        for (int i = 0; i < rows; i++) {
            sudoku_mask once = 0, twice = 0;
            for (int a = 0; a < across; a++) {
                sudoku_mask seg = row_seg[band * across + a][i];
                twice |= (sudoku_mask)(once & seg);
                once |= seg;
            }
            locked_note(v, band * rows + i, SUDOKU_BOX, once, twice);
        }
    /* Column j of each stack, in the stack's boxes. */
    for (int stack = 0; stack < across; stack++)
        for (int j = 0; j < cols; j++) {
            sudoku_mask once = 0, twice = 0;
            for (int a = 0; a < down; a++) {
                sudoku_mask seg = col_seg[a * across + stack][j];
                twice |= (sudoku_mask)(once & seg);
                once |= seg;
            }
            locked_note(v, n + stack * cols + j, SUDOKU_BOX, once, twice);
        }
    memset(v->locked_stale, 0, sizeof v->locked_stale);
    v->stale_digits = 0;
}

void view_refresh_locked(view *v)
{
    if (!v->stale_digits)
        return;
    int n = v->l->n;
    if (all_stale(v)) {
        locked_build(v);
        return;
    }
    /* Asked for here, not kept in the view: a callback of the run may
     * have graded a grid of another layout on this thread since the view
     * was built, and the tables were then made again for that one. */
    const struct view_tables *tables = view_tables_for(v->l);
    for (sudoku_mask dm = v->stale_digits; dm; dm &= (sudoku_mask)(dm - 1)) {
        int d = mask_first_digit(dm);
        for (uint64_t units = v->locked_stale[d]; units; units &= units - 1) {
            int u = bit_index64(units);
            uint64_t ubit = 1ull << u;
            unsigned w = v->where[u][d];
            bool several = (w & (w - 1)) != 0;
            const unit_set(*same)[SUDOKU_MAX_N] = tables->same[u];
            int first = several ? mask_first_digit(w) - 1 : 0;
            if (u >= 2 * n) {
                set_bit_to(&v->locked_in[SUDOKU_ROW][d], ubit, several && !(w & ~same[SUDOKU_ROW][first]));
                set_bit_to(&v->locked_in[SUDOKU_COL][d], ubit, several && !(w & ~same[SUDOKU_COL][first]));
            } else {
                set_bit_to(&v->locked_in[SUDOKU_BOX][d], ubit, several && !(w & ~same[SUDOKU_BOX][first]));
            }
        }
        v->locked_stale[d] = 0;
    }
    v->stale_digits = 0;
}

void view_build_lazy(view *v, const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    v->g = g;
    v->l = l;
    v->broken = false;
    v->solution = NULL;
    memset(v->where, 0, (size_t)l->nunits * sizeof v->where[0]);
    memset(v->placed, 0, (size_t)l->nunits * sizeof v->placed[0]);
    memset(v->empty, 0, (size_t)l->nunits * sizeof v->empty[0]);
    /* Cell by cell, into its three units at once: a cell's candidates are
     * gone through once, not once for each of its units. Each unit also
     * gathers the digits seen in one of its cells (once) and in two or
     * more (twice): the digits with one place are once & ~twice, and those
     * with none ~once, for all digits of the unit in a few operations. */
    sudoku_mask once[SUDOKU_MAX_UNITS] = { 0 }, twice[SUDOKU_MAX_UNITS] = { 0 };
    for (int c = 0; c < l->ncells; c++) {
        const uint8_t *unit = l->cell_unit[c], *index = l->cell_index[c];
        if (g->digit[c]) {
            for (int k = 0; k < 3; k++)
                v->placed[unit[k]] |= sudoku_bit(g->digit[c]);
            continue;
        }
        for (int k = 0; k < 3; k++)
            v->empty[unit[k]]++;
        sudoku_mask m = g->cand[c];
        if (!m)
            v->broken = true;
        for (int k = 0; k < 3; k++) {
            twice[unit[k]] |= (sudoku_mask)(once[unit[k]] & m);
            once[unit[k]] |= m;
        }
        unit_set *w0 = v->where[unit[0]], *w1 = v->where[unit[1]], *w2 = v->where[unit[2]];
        unit_set b0 = (unit_set)(1u << index[0]), b1 = (unit_set)(1u << index[1]), b2 = (unit_set)(1u << index[2]);
        for (; m; m &= (sudoku_mask)(m - 1)) {
            int d = mask_first_digit(m);
            w0[d] |= b0;
            w1[d] |= b1;
            w2[d] |= b2;
        }
    }
    memset(v->single, 0, sizeof v->single);
    memset(v->locked_in, 0, sizeof v->locked_in);
    memset(v->locked_stale, 0, sizeof v->locked_stale);
    v->clock = 1; /* every digit changed after any finder found nothing */
    for (int d = 0; d <= SUDOKU_MAX_N; d++)
        v->digit_changed_at[d] = 1;
    for (int u = 0; u < SUDOKU_MAX_UNITS; u++)
        v->unit_changed_at[u] = 1;
    memset(v->found_nothing_at, 0, sizeof v->found_nothing_at);
    v->has_single = 0;
    v->one_empty = 0;
    /* view_note() for every unit and digit, written out, but for
     * locked_in: every digit of every unit is left stale, and worked out
     * at once by the first finder that reads it (a puzzle that singles
     * fill never does). A digit with no place, not placed in the unit,
     * breaks the grid; a unit with one empty cell is marked in the same
     * pass. */
    uint64_t units = (1ull << l->nunits) - 1; /* nunits <= 48 */
    for (int d = 1; d <= l->n; d++)
        v->locked_stale[d] = units;
    v->stale_digits = l->all;
    for (int u = 0; u < l->nunits; u++) {
        sudoku_mask single = (sudoku_mask)(once[u] & ~twice[u] & l->all);
        sudoku_mask nowhere = (sudoku_mask)(~once[u] & l->all);
        v->one_empty |= v->empty[u] == 1 ? 1ull << u : 0;
        v->single[u] = single;
        v->has_single |= (uint64_t)(single != 0) << u;
        if (nowhere & ~v->placed[u])
            v->broken = true;
    }
}

void view_build(view *v, const sudoku_grid *g)
{
    view_build_lazy(v, g);
    view_refresh_locked(v);
}

/* Candidate e of cell c is gone: drop c from where[][e] in c's units. */
static void view_remove(view *v, int c, int e)
{
    const sudoku_layout *l = v->l;
    for (int k = 0; k < 3; k++) {
        int u = l->cell_unit[c][k];
        v->where[u][e] &= (unit_set) ~(1u << l->cell_index[c][k]);
        view_note(v, u, e);
        if (!v->where[u][e] && !(v->placed[u] & sudoku_bit(e)))
            v->broken = true;
    }
}

/*
 * Digit d placed in empty cell c, whose other candidates are 'others':
 * the view brought up to date, and the grid too when 'grid' is given.
 * Without it the grid has the placement already (the engine's singles
 * phase made it, view_replay_placement()), and the peers' candidates and
 * whether a cell is left without any are not read from it.
 */
static ALWAYS_INLINE void view_place(view *v, sudoku_grid *grid, int c, int d, sudoku_mask others)
{
    const sudoku_layout *l = v->l;
    sudoku_mask b = sudoku_bit(d);
    /*
     * c leaves its three units, and with it each of its other candidates
     * e: where[][e] of those units loses c's bit. What view_note() does
     * for each (unit, digit) is done here once for them all: the same
     * clock on every digit and unit that changed, one stale mark for each
     * digit over c's units, and each unit's singles worked out again for
     * the digits that changed there (d leaves them altogether, below).
     */
    const uint8_t *unit = l->cell_unit[c], *index = l->cell_index[c];
    uint64_t own_units = 1ull << unit[0] | 1ull << unit[1] | 1ull << unit[2];
    sudoku_mask new_single[3] = { 0, 0, 0 };
    for (sudoku_mask m = others; m; m &= (sudoku_mask)(m - 1)) {
        int e = mask_first_digit(m);
        sudoku_mask eb = sudoku_bit(e);
        for (int k = 0; k < 3; k++) {
            int u = unit[k];
            unsigned w = v->where[u][e] &= (unit_set) ~(1u << index[k]);
            new_single[k] |= mask_is_single(w) ? eb : 0;
            if (!w && !(v->placed[u] & eb))
                v->broken = true;
        }
        v->locked_stale[e] |= own_units;
        v->digit_changed_at[e] = v->clock;
    }
    for (int k = 0; k < 3; k++) {
        int u = unit[k];
        v->placed[u] |= b;
        v->empty[u]--;
        set_bit_to(&v->one_empty, 1ull << u, v->empty[u] == 1);
        sudoku_mask single = (sudoku_mask)((v->single[u] & ~(others | b)) | new_single[k]);
        v->single[u] = single;
        set_bit_to(&v->has_single, 1ull << u, single != 0);
        v->unit_changed_at[u] = v->clock;
    }
    /*
     * d leaves c's units altogether (every other cell of them is a peer),
     * and the peers' other units lose one place each: each of those units
     * is brought up to date once, not once for every peer in it. The
     * peers with d are where[][d] of c's units (where[][] follows the
     * candidates), so only those are visited, each once: the peers in
     * c's box, whose row or column is c's own when they share it, then
     * those of c's row and column outside the box, whose other two units
     * are never c's.
     */
    const unit_set(*same)[3][SUDOKU_MAX_N] = view_tables_for(l)->same;
    int row = unit[SUDOKU_ROW], col = unit[SUDOKU_COL], box = unit[SUDOKU_BOX];
    uint64_t touched = 0;
    for (unsigned m = v->where[box][d] & ~(1u << index[SUDOKU_BOX]); m; m &= m - 1) {
        int p = l->unit_cell[box][bit_index32(m)];
        const uint8_t *punit = l->cell_unit[p], *pindex = l->cell_index[p];
        if (grid && !(grid->cand[p] &= (sudoku_mask)~b))
            v->broken = true;
        if (punit[SUDOKU_ROW] != row) {
            v->where[punit[SUDOKU_ROW]][d] &= (unit_set) ~(1u << pindex[SUDOKU_ROW]);
            touched |= 1ull << punit[SUDOKU_ROW];
        }
        if (punit[SUDOKU_COL] != col) {
            v->where[punit[SUDOKU_COL]][d] &= (unit_set) ~(1u << pindex[SUDOKU_COL]);
            touched |= 1ull << punit[SUDOKU_COL];
        }
    }
    for (int k = SUDOKU_ROW; k <= SUDOKU_COL; k++) {
        int u = unit[k], other = k == SUDOKU_ROW ? SUDOKU_COL : SUDOKU_ROW;
        for (unsigned m = v->where[u][d] & ~same[u][SUDOKU_BOX][index[k]]; m; m &= m - 1) {
            int p = l->unit_cell[u][bit_index32(m)];
            const uint8_t *punit = l->cell_unit[p], *pindex = l->cell_index[p];
            if (grid && !(grid->cand[p] &= (sudoku_mask)~b))
                v->broken = true;
            v->where[punit[other]][d] &= (unit_set) ~(1u << pindex[other]);
            v->where[punit[SUDOKU_BOX]][d] &= (unit_set) ~(1u << pindex[SUDOKU_BOX]);
            touched |= 1ull << punit[other] | 1ull << punit[SUDOKU_BOX];
        }
    }
    v->where[row][d] = v->where[col][d] = v->where[box][d] = 0;
    v->locked_stale[d] |= own_units | touched;
    v->stale_digits |= (sudoku_mask)(others | b);
    v->digit_changed_at[d] = v->clock;
    for (; touched; touched &= touched - 1) { /* view_note() but for what is marked above */
        int u = bit_index64(touched);
        unsigned w = v->where[u][d];
        sudoku_mask single = (sudoku_mask)((v->single[u] & ~b) | (mask_is_single(w) ? b : 0));
        v->single[u] = single;
        set_bit_to(&v->has_single, 1ull << u, single != 0);
        v->unit_changed_at[u] = v->clock;
        if (!w && !(v->placed[u] & b))
            v->broken = true;
    }
}

void view_apply(view *v, sudoku_grid *g, const sudoku_step *s)
{
    const sudoku_layout *l = v->l;
    v->clock++;
    if (s->nelim) {
        for (int c = 0; c < l->ncells; c++) {
            sudoku_mask gone = g->digit[c] ? 0 : (sudoku_mask)(s->elim[c] & g->cand[c]);
            if (!gone)
                continue;
            g->cand[c] &= (sudoku_mask)~gone;
            for (; gone; gone &= (sudoku_mask)(gone - 1))
                view_remove(v, c, mask_first_digit(gone));
            if (!g->cand[c])
                v->broken = true;
        }
    }
    if (s->place_cell < 0)
        return;

    int c = s->place_cell, d = s->place_digit;
    sudoku_mask b = sudoku_bit(d);
    if (g->digit[c] || !(g->cand[c] & b)) {
        v->broken = true; /* not a legal placement: no step does this */
        return;
    }
    view_place(v, g, c, d, (sudoku_mask)(g->cand[c] & ~b));
    g->digit[c] = (uint8_t)d;
    g->cand[c] = 0;
    g->empty--;
}

void view_replay_placement(view *v, int c, int d, sudoku_mask others)
{
    v->clock++;
    view_place(v, NULL, c, d, others);
}

/* A plain bounded copy: this runs for every step tried, and snprintf's
 * format parsing showed up in profiles. */
void step_set_name(sudoku_step *s, const char *name)
{
    size_t len = strlen(name);
    if (len >= sizeof s->name)
        len = sizeof s->name - 1;
    memcpy(s->name, name, len);
    s->name[len] = '\0';
}

/*
 * What step_start() takes from the catalog, made once: the name padded
 * with NULs to the step's size, so that it is copied as a block of known
 * size (no length to find, no call), and the difficulty worked out.
 */
static struct step_head {
    char name[SUDOKU_STEP_NAME_MAX];
    int rating;
    double difficulty;
} step_heads[SUDOKU_NTECHNIQUES];
static once_flag step_heads_once = ONCE_FLAG_INIT;
static atomic_bool step_heads_made;

static void step_heads_fill(void)
{
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++) {
        const sudoku_technique *c = sudoku_technique_get(t);
        strncpy(step_heads[t].name, c->name, sizeof step_heads[t].name - 1);
        step_heads[t].rating = c->rating;
        step_heads[t].difficulty = c->rating / 10.0;
    }
    atomic_store_explicit(&step_heads_made, true, memory_order_release);
}

void step_start(sudoku_step *s, const sudoku_layout *l, int technique)
{
    if (!atomic_load_explicit(&step_heads_made, memory_order_acquire))
        call_once(&step_heads_once, step_heads_fill);
    const struct step_head *h = &step_heads[technique];
    s->technique = technique;
    memcpy(s->name, h->name, sizeof s->name);
    s->rating = h->rating;
    s->difficulty = h->difficulty;
    s->digits = 0;
    s->nbase = s->ncover = 0;
    s->ncells = 0;
    s->nmarks = 0;
    s->nlinks = 0;
    s->truncated = false;
    s->place_cell = -1;
    s->place_digit = 0;
    s->place_unit = -1;
    s->nelim = 0;
    memset(s->elim, 0, (size_t)l->ncells * sizeof s->elim[0]);
}

void step_set_difficulty(sudoku_step *s, double difficulty)
{
    s->difficulty = difficulty;
    s->rating = (int)((difficulty + 0.05) * 10); /* serate's ratingToString */
}

void step_mark(sudoku_step *s, int cell, enum sudoku_role role, sudoku_mask digits)
{
    if (s->nmarks == SUDOKU_STEP_MAX_MARKS) {
        s->truncated = true;
        return;
    }
    s->marks[s->nmarks++] = (sudoku_mark){ (uint8_t)cell, (uint8_t)role, digits };
}

void step_link(sudoku_step *s, int from_cell, int from_digit, bool from_on, int to_cell, int to_digit,
               bool to_on, int chain, int depth)
{
    if (s->nlinks == SUDOKU_STEP_MAX_LINKS) {
        s->truncated = true;
        return;
    }
    s->links[s->nlinks++] = (sudoku_link){ .from_cell = (uint8_t)from_cell, .from_digit = (uint8_t)from_digit,
                                           .to_cell = (uint8_t)to_cell, .to_digit = (uint8_t)to_digit,
                                           .from_on = from_on, .to_on = to_on, .chain = (uint8_t)chain,
                                           .depth = (uint8_t)depth };
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
