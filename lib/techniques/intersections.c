/*
 * intersections.c - pointing and claiming, plain and direct.
 *
 * Every intersection is a box meeting a line. When digit d's candidates in
 * one of the two units (region1) all lie in the other (region2), d must go
 * in the intersection:
 *   pointing   region1 = a box, region2 = a line: d leaves the rest of the line
 *   claiming   region1 = a line, region2 = a box: d leaves the rest of the box
 * The direct forms apply only when those eliminations would leave d with one
 * place in another unit region3 of region1's type crossing region2; the step
 * then places d there and eliminates nothing (as Sudoku Explainer does).
 *
 * Scanning order follows Sudoku Explainer: pointing looks at box/column
 * pairs, then box/row; claiming at column/box, then row/box. Within a pass:
 * digits from 1 up, then region1 by index, then the crossing region2.
 *
 * Nothing here assumes 3x3 boxes: the masks of an intersection are worked
 * out from the box shape, so the 8x8 brick-wall (2x4 boxes, meeting a row in
 * 4 cells and a column in 2) takes the same code.
 */
#include "strategy.h"

/* The box shape, and the intersection patterns it implies. */
typedef struct geometry {
    const sudoku_layout *l;
    int n;
    int box_rows, box_cols;
    int across;          /* boxes side by side in a band: n / box_cols */
    unit_set box_row;    /* positions of a box on its first row */
    unit_set box_col;    /* positions of a box on its first column */
} geometry;

static void geometry_init(geometry *geo, const sudoku_layout *l)
{
    geo->l = l;
    geo->n = l->n;
    geo->box_rows = l->desc.box_rows;
    geo->box_cols = l->desc.box_cols;
    geo->across = l->n / geo->box_cols;
    geo->box_row = (unit_set)((1u << geo->box_cols) - 1);
    geo->box_col = 0;
    for (int k = 0; k < geo->box_rows; k++)
        geo->box_col |= (unit_set)(1u << (k * geo->box_cols));
}

/*
 * The positions of unit u1 that also belong to unit u2, one a box and the
 * other a line; 0 when they do not cross.
 */
static unit_set cross(const geometry *geo, int u1, int u2)
{
    int n = geo->n;
    int box, line, line_kind;
    bool from_box = u1 >= 2 * n;
    if (from_box) {
        box = u1 - 2 * n;
        line = u2;
    } else {
        box = u2 - 2 * n;
        line = u1;
    }
    line_kind = line / n;
    line %= n;
    int top = (box / geo->across) * geo->box_rows;
    int left = (box % geo->across) * geo->box_cols;

    if (line_kind == SUDOKU_ROW) {
        int k = line - top;
        if (k < 0 || k >= geo->box_rows)
            return 0;
        /* In the box: one of its rows. In the row: box_cols cells from 'left'. */
        return from_box ? (unit_set)(geo->box_row << (k * geo->box_cols))
                        : (unit_set)(geo->box_row << left);
    }
    int j = line - left;
    if (j < 0 || j >= geo->box_cols)
        return 0;
    /* In the box: one of its columns. In the column: box_rows cells from 'top'. */
    return from_box ? (unit_set)(geo->box_col << j)
                    : (unit_set)(((1u << geo->box_rows) - 1) << top);
}

/*
 * The units of kind 'kind' that cross unit u2 (a box and lines, or a line
 * and boxes), in increasing order: the only ones a direct form can use.
 */
static int crossing_units(const geometry *geo, int kind, int u2, int *out)
{
    int n = geo->n, count = 0;
    if (kind == SUDOKU_BOX) {
        /* The boxes a row or column passes through. */
        int line = u2 % n;
        if (u2 / n == SUDOKU_ROW) {
            int first = (line / geo->box_rows) * geo->across;
            for (int b = first; b < first + geo->across; b++)
                out[count++] = 2 * n + b;
        } else {
            for (int b = line / geo->box_cols; b < n; b += geo->across)
                out[count++] = 2 * n + b;
        }
        return count;
    }
    /* The rows or columns of a box. */
    int box = u2 - 2 * n;
    int first = kind == SUDOKU_ROW ? (box / geo->across) * geo->box_rows : (box % geo->across) * geo->box_cols;
    int width = kind == SUDOKU_ROW ? geo->box_rows : geo->box_cols;
    for (int i = first; i < first + width; i++)
        out[count++] = kind * n + i;
    return count;
}

/*
 * The tables find_locked reads, worked out once per thread for the last
 * layout used: cross() and crossing_units() were recomputed for every
 * digit and unit of every step, and showed in profiles.
 */
typedef struct locked_tables {
    const sudoku_layout *layout;
    sudoku_layout_desc desc;
    unit_set cross[SUDOKU_MAX_UNITS][SUDOKU_MAX_UNITS];
    int ncrossing[3][SUDOKU_MAX_UNITS];                  /* [kind][u2] */
    uint8_t crossing[3][SUDOKU_MAX_UNITS][SUDOKU_MAX_N];
} locked_tables;

static const locked_tables *locked_tables_for(const sudoku_layout *l)
{
    static _Thread_local locked_tables t;
    if (layout_kept_for(t.layout, &t.desc, l))
        return &t;
    geometry geo;
    geometry_init(&geo, l);
    int n = l->n;
    for (int u1 = 0; u1 < l->nunits; u1++)
        for (int u2 = 0; u2 < l->nunits; u2++)
            t.cross[u1][u2] = (u1 >= 2 * n) != (u2 >= 2 * n) ? cross(&geo, u1, u2) : 0;
    for (int kind = 0; kind < 3; kind++)
        for (int u2 = 0; u2 < l->nunits; u2++) {
            int list[SUDOKU_MAX_N];
            /* crossing_units takes a line for boxes and a box for lines. */
            bool fits = kind == SUDOKU_BOX ? u2 < 2 * n : u2 >= 2 * n;
            int count = fits ? crossing_units(&geo, kind, u2, list) : 0;
            t.ncrossing[kind][u2] = count;
            for (int k = 0; k < count; k++)
                t.crossing[kind][u2][k] = (uint8_t)list[k];
        }
    t.layout = l;
    t.desc = l->desc;
    return &t;
}

/* Fills the pattern part of a step: digit, region1, region2, locked cells. */
static void locked_step(const sudoku_layout *l, sudoku_step *s, int technique, int d, int u1, int u2,
                        unit_set locked)
{
    step_start(s, l, technique);
    s->digits = sudoku_bit(d);
    s->base[s->nbase++] = (uint8_t)u1;
    s->cover[s->ncover++] = (uint8_t)u2;
    for (unit_set m = locked; m; m &= (unit_set)(m - 1))
        s->cells[s->ncells++] = l->unit_cell[u1][mask_first_digit(m) - 1];
}

/*
 * The first locked pattern with units of kind1 as region1 and kind2 as
 * region2 that gives a step: eliminations in region2 for the plain form, a
 * hidden single in a region3 of kind1 for the direct one.
 */
static bool find_locked(const view *v, sudoku_step *s, int technique, bool direct, int kind1, int kind2)
{
    const sudoku_layout *l = v->l;
    const locked_tables *t = locked_tables_for(l);
    int n = l->n;

    uint64_t all = (1ull << n) - 1;
    uint32_t found_nothing_at = v->found_nothing_at[technique];
    for (int d = 1; d <= n; d++) {
        /* What is found for d depends on d's places alone: none when they
         * are as they were when this finder last found nothing. */
        if (v->digit_changed_at[d] <= found_nothing_at)
            continue;
        /* The units of kind1 where d has two or more places, all in one unit of kind2. */
        for (uint64_t units = (v->locked_in[kind2][d] >> (kind1 * n)) & all; units; units &= units - 1) {
            int u1 = kind1 * n + mask_first_digit((unsigned)units) - 1;
            unit_set w = v->where[u1][d];
            int u2 = l->cell_unit[l->unit_cell[u1][mask_first_digit(w) - 1]][kind2];

            /* d's places in region2 outside region1: the plain form's
             * eliminations. With none, no direct form either: its region3
             * must hold one of them (it has two places or more, one of
             * them alone outside region2). */
            unit_set rest = (unit_set)(v->where[u2][d] & ~t->cross[u2][u1]);
            if (!rest)
                continue;
            if (!direct) {
                locked_step(l, s, technique, d, u1, u2, w);
                for (; rest; rest &= (unit_set)(rest - 1))
                    step_eliminate(s, v->g, l->unit_cell[u2][mask_first_digit(rest) - 1], sudoku_bit(d));
                return true;
            }

            for (int k = 0; k < t->ncrossing[kind1][u2]; k++) {
                int u3 = t->crossing[kind1][u2][k];
                unit_set in2 = t->cross[u3][u2];
                if (u3 == u1)
                    continue;
                unit_set w3 = v->where[u3][d];
                unit_set outside = (unit_set)(w3 & ~in2);
                if (!(w3 & (w3 - 1)) || !mask_is_single(outside))
                    continue;
                locked_step(l, s, technique, d, u1, u2, w);
                step_place(s, l->unit_cell[u3][mask_first_digit(outside) - 1], d, u3);
                return true;
            }
        }
    }
    return false;
}

bool find_pointing(const view *v, sudoku_step *s)
{
    return find_locked(v, s, SUDOKU_POINTING, false, SUDOKU_BOX, SUDOKU_COL) ||
           find_locked(v, s, SUDOKU_POINTING, false, SUDOKU_BOX, SUDOKU_ROW);
}

bool find_claiming(const view *v, sudoku_step *s)
{
    return find_locked(v, s, SUDOKU_CLAIMING, false, SUDOKU_COL, SUDOKU_BOX) ||
           find_locked(v, s, SUDOKU_CLAIMING, false, SUDOKU_ROW, SUDOKU_BOX);
}

bool find_direct_pointing(const view *v, sudoku_step *s)
{
    return find_locked(v, s, SUDOKU_DIRECT_POINTING, true, SUDOKU_BOX, SUDOKU_COL) ||
           find_locked(v, s, SUDOKU_DIRECT_POINTING, true, SUDOKU_BOX, SUDOKU_ROW);
}

bool find_direct_claiming(const view *v, sudoku_step *s)
{
    return find_locked(v, s, SUDOKU_DIRECT_CLAIMING, true, SUDOKU_COL, SUDOKU_BOX) ||
           find_locked(v, s, SUDOKU_DIRECT_CLAIMING, true, SUDOKU_ROW, SUDOKU_BOX);
}
