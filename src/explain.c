/*
 * explain.c - steps and positions written for people: one line per step in
 * the usual notation (r2c5<>3, r4c7=5), and the pencil-mark grid.
 */
#include "sudoku.h"
#include "bits.h"
#include "text.h"
#include "explain_chain.h"

#include <string.h>

/* "4,7" */
static void put_digits(text *t, sudoku_mask m)
{
    for (const char *sep = ""; m; m &= (sudoku_mask)(m - 1), sep = ",")
        put(t, "%s%c", sep, sudoku_digit_char(mask_first_digit(m)));
}

static const char *unit_name(const sudoku_layout *l, int u, char *buf, size_t size)
{
    return sudoku_unit_name(l, u, buf, size);
}

/* "rows 2,7" or "columns 3,8": fish lines, all of one kind. */
static void put_lines(text *t, const sudoku_layout *l, const uint8_t *units, int count)
{
    put(t, "%s ", units[0] < l->n ? "rows" : "columns");
    for (int i = 0; i < count; i++)
        put(t, "%s%d", i ? "," : "", units[i] % l->n + 1);
}

static void put_cells(text *t, const sudoku_layout *l, const uint8_t *cells, int count)
{
    char name[16];
    for (int i = 0; i < count; i++)
        put(t, "%s%s", i ? "," : "", sudoku_cell_name(l, cells[i], name, sizeof name));
}

/* " => r2c5<>3, r2c7<>3", digit by digit. */
static void put_eliminations(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    char name[16];
    const char *sep = " => ";
    for (int d = 1; d <= l->n; d++)
        for (int c = 0; c < l->ncells; c++)
            if (s->elim[c] & sudoku_bit(d)) {
                put(t, "%s%s<>%c", sep, sudoku_cell_name(l, c, name, sizeof name), sudoku_digit_char(d));
                sep = ", ";
            }
}

/* " => r3c8=3 (the only place left for 3 in box 3)" */
static void put_direct_placement(text *t, const sudoku_layout *l, const sudoku_step *s)
{
    char name[16], unit[16];
    put(t, " => %s=%c (the only place left for %c in %s)", sudoku_cell_name(l, s->place_cell, name, sizeof name),
        sudoku_digit_char(s->place_digit), sudoku_digit_char(s->place_digit),
        unit_name(l, s->place_unit, unit, sizeof unit));
}

void sudoku_step_describe(const sudoku_grid *before, const sudoku_step *s, char *buf, size_t size)
{
    const sudoku_layout *l = before->layout;
    text t = text_start(buf, size);
    char a[16], b[16], cell[16];

    put(&t, "%s: ", s->name);
    if (sudoku_technique_get(s->technique)->family == SUDOKU_FAMILY_CHAINS) {
        explain_chain(&t, l, s);
        return;
    }
    switch (s->technique) {
    case SUDOKU_FULL_HOUSE:
        put(&t, "%s=%c (the last empty cell of %s)", sudoku_cell_name(l, s->place_cell, cell, sizeof cell),
            sudoku_digit_char(s->place_digit), unit_name(l, s->place_unit, a, sizeof a));
        break;
    case SUDOKU_HIDDEN_SINGLE_BOX:
    case SUDOKU_HIDDEN_SINGLE_LINE:
        put(&t, "%s=%c (the only place for %c in %s)", sudoku_cell_name(l, s->place_cell, cell, sizeof cell),
            sudoku_digit_char(s->place_digit), sudoku_digit_char(s->place_digit),
            unit_name(l, s->place_unit, a, sizeof a));
        break;
    case SUDOKU_NAKED_SINGLE:
        put(&t, "%s=%c (its only candidate)", sudoku_cell_name(l, s->place_cell, cell, sizeof cell),
            sudoku_digit_char(s->place_digit));
        break;
    case SUDOKU_POINTING:
    case SUDOKU_CLAIMING:
    case SUDOKU_DIRECT_POINTING:
    case SUDOKU_DIRECT_CLAIMING:
        put(&t, "%c in %s is confined to %s", sudoku_digit_char(mask_first_digit(s->digits)),
            unit_name(l, s->base[0], a, sizeof a), unit_name(l, s->cover[0], b, sizeof b));
        break;
    case SUDOKU_NAKED_PAIR:
    case SUDOKU_NAKED_TRIPLE:
    case SUDOKU_NAKED_QUAD:
        put_cells(&t, l, s->cells, s->ncells);
        put(&t, " in %s hold only ", unit_name(l, s->base[0], a, sizeof a));
        put_digits(&t, s->digits);
        break;
    case SUDOKU_HIDDEN_PAIR:
    case SUDOKU_HIDDEN_TRIPLE:
    case SUDOKU_HIDDEN_QUAD:
    case SUDOKU_DIRECT_HIDDEN_PAIR:
    case SUDOKU_DIRECT_HIDDEN_TRIPLE:
        put_digits(&t, s->digits);
        put(&t, " in %s only in ", unit_name(l, s->base[0], a, sizeof a));
        put_cells(&t, l, s->cells, s->ncells);
        break;
    case SUDOKU_X_WING:
    case SUDOKU_SWORDFISH:
        put(&t, "%c in ", sudoku_digit_char(mask_first_digit(s->digits)));
        put_lines(&t, l, s->base, s->nbase);
        put(&t, " is confined to ");
        put_lines(&t, l, s->cover, s->ncover);
        break;
    default:
        break;
    }
    if (s->technique == SUDOKU_FULL_HOUSE || s->technique == SUDOKU_HIDDEN_SINGLE_BOX ||
        s->technique == SUDOKU_HIDDEN_SINGLE_LINE || s->technique == SUDOKU_NAKED_SINGLE)
        return;
    if (s->place_cell >= 0)
        put_direct_placement(&t, l, s);
    else
        put_eliminations(&t, l, s);
}

/* ------------------------------------------------------------ pencil marks */

/* A cell's text: its digit, or its candidates ("1789"). */
static int cell_text(const sudoku_grid *g, int c, char *out)
{
    int len = 0;
    if (g->digit[c]) {
        out[len++] = sudoku_digit_char(g->digit[c]);
    } else {
        for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1))
            out[len++] = sudoku_digit_char(mask_first_digit(m));
        if (!len)
            out[len++] = '-'; /* no candidate left: a contradiction, shown as such */
    }
    out[len] = '\0';
    return len;
}

/* "+-------+------+" with each box segment as wide as its rows. */
static void put_frame(text *t, const sudoku_layout *l, const int *width)
{
    int bc = l->desc.box_cols;
    for (int c = 0; c < l->n; c++) {
        if (c % bc == 0)
            put(t, "+");
        for (int k = 0; k < width[c] + 1 + (c % bc == 0); k++)
            put(t, "-");
    }
    put(t, "+\n");
}

/* The reader reads this back as a pencil-mark grid. */
size_t sudoku_grid_format_candidates(const sudoku_grid *g, char *buf, size_t size)
{
    const sudoku_layout *l = g->layout;
    int n = l->n, bc = l->desc.box_cols, br = l->desc.box_rows;
    int width[SUDOKU_MAX_N] = { 0 };
    char cell[SUDOKU_MAX_N + 2];
    text t = text_start(buf, size);

    for (int c = 0; c < l->ncells; c++) {
        int len = cell_text(g, c, cell);
        if (len > width[c % n])
            width[c % n] = len;
    }
    for (int r = 0; r < n; r++) {
        if (r % br == 0)
            put_frame(&t, l, width);
        for (int c = 0; c < n; c++) {
            if (c % bc == 0)
                put(&t, "| ");
            cell_text(g, r * n + c, cell);
            put(&t, "%-*s ", width[c], cell);
        }
        put(&t, "|\n");
    }
    put_frame(&t, l, width);
    return t.len;
}

void sudoku_grid_print_candidates(const sudoku_grid *g, FILE *out)
{
    char buf[SUDOKU_GRID_TEXT_MAX];
    sudoku_grid_format_candidates(g, buf, sizeof buf);
    fputs(buf, out);
}
