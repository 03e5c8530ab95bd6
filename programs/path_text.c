/*
 * path_text.c - explain's text: the numbered steps and, with --candidates,
 * the pencil-mark grid before each step that is not a single, its pattern
 * marked ('*' before a pattern candidate, '-' before one the step removes);
 * and a position as a pencil-mark grid that the reader reads back.
 */
#include "path.h"
#include "grid/bits.h"

#include <string.h>

/* A cell's text with marks: "1*4-7", its digit, or '-' with no candidate left. */
static int marked_cell(const sudoku_grid *g, const pattern *p, const sudoku_step *s, int c, char *out)
{
    int len = 0;
    if (g->digit[c]) {
        out[len++] = sudoku_digit_char(g->digit[c]);
    } else {
        for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1)) {
            int d = mask_first_digit(m);
            if (s && (s->elim[c] & sudoku_bit(d)))
                out[len++] = '-';
            else if (p && pattern_role_of(p, c, d) >= 0)
                out[len++] = '*';
            out[len++] = sudoku_digit_char(d);
        }
        if (!len)
            out[len++] = '-';
    }
    out[len] = '\0';
    return len;
}

/* "+--------+--------+": every column as wide as the widest cell. */
static void put_frame(strbuf *out, const sudoku_layout *l, int width)
{
    for (int c = 0; c < l->n; c++) {
        if (c % l->desc.box_cols == 0)
            sb_putc(out, '+');
        for (int k = 0; k < width + 1 + (c % l->desc.box_cols == 0); k++)
            sb_putc(out, '-');
    }
    sb_puts(out, "+\n");
}

static _Thread_local pattern marks; /* large: kept off the stack of worker threads */

/* The widest cell of the marked grid. */
static int marked_width(const sudoku_grid *g, const sudoku_step *s)
{
    char cell[2 * SUDOKU_MAX_N + 2];
    int width = 1;
    if (s)
        pattern_build(&marks, g, s);
    for (int c = 0; c < g->layout->ncells; c++) {
        int len = marked_cell(g, s ? &marks : NULL, s, c, cell);
        if (len > width)
            width = len;
    }
    return width;
}

/* The grid with every column 'width' wide (at least its widest cell). */
static void marked_grid(const sudoku_grid *g, const sudoku_step *s, int width, strbuf *out)
{
    const sudoku_layout *l = g->layout;
    pattern *p = &marks;
    char cell[2 * SUDOKU_MAX_N + 2];
    int own = marked_width(g, s); /* builds the pattern too */
    if (own > width)
        width = own;
    for (int r = 0; r < l->n; r++) {
        if (r % l->desc.box_rows == 0)
            put_frame(out, l, width);
        for (int c = 0; c < l->n; c++) {
            if (c % l->desc.box_cols == 0)
                sb_puts(out, "| ");
            marked_cell(g, s ? p : NULL, s, r * l->n + c, cell);
            sb_printf(out, "%-*s ", width, cell);
        }
        sb_puts(out, "|\n");
    }
    put_frame(out, l, width);
}

void text_marked_grid(const sudoku_grid *g, const sudoku_step *s, strbuf *out)
{
    marked_grid(g, s, 1, out);
}

/* "[10.7] " before a step, "[-] " before a trial, which has no rating. */
static void put_step_rating(strbuf *out, const path_entry *e)
{
    if (e->is_trial)
        sb_puts(out, "[-] ");
    else
        sb_printf(out, "[%d.%d] ", e->step.rating / 10, e->step.rating % 10);
}

void path_text_range(const solving_path *p, bool candidates, step_range range, strbuf *out)
{
    /* One width for every grid shown, so that they line up. */
    int width = 1;
    for (int i = range.first - 1; candidates && i < range.last; i++) {
        int w = step_is_single(&p->entry[i].step) ? 0 : marked_width(&p->entry[i].before, &p->entry[i].step);
        if (w > width)
            width = w;
    }
    for (int i = range.first - 1; i < range.last; i++) {
        const path_entry *e = &p->entry[i];
        if (candidates && !step_is_single(&e->step)) {
            sb_putc(out, '\n');
            if (e->is_trial)
                sb_puts(out, "Logic is stuck here:\n");
            marked_grid(&e->before, &e->step, width, out);
        }
        sb_printf(out, "%d. ", i + 1);
        put_step_rating(out, e);
        sb_printf(out, "%s\n", e->text);
    }
}

/* ------------------------------------------------------------ positions */

/* A cell of a position: its digit, or its candidates ("0" for none, which the reader reports). */
static int position_cell(const sudoku_grid *g, int c, char *out)
{
    int len = 0;
    if (g->digit[c])
        out[len++] = sudoku_digit_char(g->digit[c]);
    else
        for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1))
            out[len++] = sudoku_digit_char(mask_first_digit(m));
    if (!len)
        out[len++] = '0';
    out[len] = '\0';
    return len;
}

/* "+-----+--------+": a frame line over columns of the given widths. */
static void position_frame(strbuf *out, const sudoku_layout *l, const int *width)
{
    for (int c = 0; c < l->n; c++) {
        if (c % l->desc.box_cols == 0)
            sb_putc(out, '+');
        for (int k = 0; k < width[c] + 1 + (c % l->desc.box_cols == 0); k++)
            sb_putc(out, '-');
    }
    sb_puts(out, "+\n");
}

/* The framed grid: a row a line, each column as wide as its widest cell. */
static void framed_position(const sudoku_grid *g, strbuf *out)
{
    const sudoku_layout *l = g->layout;
    int width[SUDOKU_MAX_N];
    char cell[SUDOKU_MAX_N + 2];
    for (int c = 0; c < l->n; c++) {
        width[c] = 1;
        for (int r = 0; r < l->n; r++) {
            int len = position_cell(g, r * l->n + c, cell);
            if (len > width[c])
                width[c] = len;
        }
    }
    for (int r = 0; r < l->n; r++) {
        if (r % l->desc.box_rows == 0)
            position_frame(out, l, width);
        for (int c = 0; c < l->n; c++) {
            if (c % l->desc.box_cols == 0)
                sb_puts(out, "| ");
            position_cell(g, r * l->n + c, cell);
            sb_printf(out, "%-*s ", width[c], cell);
        }
        sb_puts(out, "|\n");
    }
    position_frame(out, l, width);
}

/*
 * The grid HoDoKu and Simple Sudoku write and the reader reads: framed,
 * each column as wide as its widest cell (not every column as wide as the
 * widest of all). A position whose framed grid would pass 80 columns is
 * written compact instead: a row a line, its cells one space apart, no
 * frame (the reader takes 9 groups a row as well).
 */
void text_position(const sudoku_grid *g, strbuf *out)
{
    const sudoku_layout *l = g->layout;
    char cell[SUDOKU_MAX_N + 2];
    strbuf framed = { 0 };
    framed_position(g, &framed);
    size_t widest = 0, run = 0;
    for (size_t i = 0; framed.data && i < framed.len; i++) {
        run = framed.data[i] == '\n' ? 0 : run + 1;
        if (run > widest)
            widest = run;
    }
    if (widest <= 80 || framed.failed) {
        if (framed.data)
            sb_puts(out, framed.data);
        out->failed |= framed.failed;
        sb_free(&framed);
        return;
    }
    sb_free(&framed);
    for (int r = 0; r < l->n; r++) {
        for (int c = 0; c < l->n; c++) {
            position_cell(g, r * l->n + c, cell);
            sb_printf(out, "%s%s", c ? " " : "", cell);
        }
        sb_putc(out, '\n');
    }
}
