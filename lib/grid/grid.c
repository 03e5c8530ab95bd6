/*
 * grid.c - digits and candidate masks on a layout, and the checks that
 * tell a consistent grid from a contradictory one.
 */
#include "sudoku.h"
#include "grid/text.h"

#include <stdio.h>
#include <string.h>

void sudoku_grid_init(sudoku_grid *g, const sudoku_layout *layout)
{
    /* Every byte, cells past ncells and padding too, so that grids can be
     * compared with memcmp and copied without carrying undefined bytes. */
    memset(g, 0, sizeof *g);
    g->layout = layout;
    g->empty = layout->ncells;
    for (int c = 0; c < layout->ncells; c++)
        g->cand[c] = layout->all;
}

bool sudoku_grid_place(sudoku_grid *g, int cell, int d)
{
    const sudoku_layout *l = g->layout;
    if (d < 1 || d > l->n || g->digit[cell] || !(g->cand[cell] & sudoku_bit(d)))
        return false;
    g->digit[cell] = (uint8_t)d;
    g->cand[cell] = 0;
    g->empty--;
    sudoku_mask keep = (sudoku_mask)~sudoku_bit(d);
    for (int i = 0; i < l->npeers; i++)
        g->cand[l->peer[cell][i]] &= keep;
    return true;
}

bool sudoku_grid_eliminate(sudoku_grid *g, int cell, int d)
{
    sudoku_mask b = sudoku_bit(d);
    if (g->digit[cell] || !(g->cand[cell] & b))
        return false;
    g->cand[cell] &= (sudoku_mask)~b;
    return true;
}

/*
 * The common case, no contradiction, in one pass over the cells without
 * branches on the digits; false when the grid may hold one, which the
 * full scan below then finds and names.
 */
static bool surely_consistent(const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    sudoku_mask placed[SUDOKU_MAX_UNITS] = { 0 }, covered[SUDOKU_MAX_UNITS] = { 0 };
    unsigned clash = 0, stuck = 0;
    for (int c = 0; c < l->ncells; c++) {
        int d = g->digit[c];
        sudoku_mask bit = d ? sudoku_bit(d) : 0, open = d ? 0 : g->cand[c];
        stuck |= !d && !open;
        for (int k = 0; k < 3; k++) {
            int u = l->cell_unit[c][k];
            clash |= placed[u] & bit;
            placed[u] |= bit;
            covered[u] |= (sudoku_mask)(bit | open);
        }
    }
    for (int u = 0; u < l->nunits; u++)
        stuck |= (covered[u] & l->all) != l->all;
    return !clash && !stuck;
}

bool sudoku_grid_contradiction(const sudoku_grid *g, char *why, size_t size)
{
    const sudoku_layout *l = g->layout;
    char a[16], b[16];
    if (surely_consistent(g))
        return false;
    if (!why)
        size = 0;

    for (int u = 0; u < l->nunits; u++) {
        sudoku_mask placed = 0, possible = 0;
        for (int i = 0; i < l->n; i++) {
            int c = l->unit_cell[u][i];
            int d = g->digit[c];
            if (d) {
                if (placed & sudoku_bit(d)) {
                    if (size)
                        snprintf(why, size, "two %ds in %s", d, sudoku_unit_name(l, u, a, sizeof a));
                    return true;
                }
                placed |= sudoku_bit(d);
            } else {
                possible |= g->cand[c];
            }
        }
        sudoku_mask missing = (sudoku_mask)(l->all & ~placed & ~possible);
        if (missing) {
            int d = 1;
            while (!(missing & sudoku_bit(d)))
                d++;
            if (size)
                snprintf(why, size, "%d has no place left in %s", d, sudoku_unit_name(l, u, a, sizeof a));
            return true;
        }
    }
    for (int c = 0; c < l->ncells; c++) {
        if (!g->digit[c] && !g->cand[c]) {
            if (size)
                snprintf(why, size, "%s has no candidate left", sudoku_cell_name(l, c, b, sizeof b));
            return true;
        }
    }
    return false;
}

/*
 * The usual load in two passes over the cells, without a call per clue:
 * the digits each unit holds, then every empty cell's candidates. False,
 * with g unspecified, when the clues clash or the grid holds a
 * contradiction: the caller then loads it clue by clue to name the fault.
 */
static bool load_quickly(sudoku_grid *g, const sudoku_record *rec)
{
    const sudoku_layout *l = rec->layout;
    sudoku_mask placed[SUDOKU_MAX_UNITS] = { 0 }, covered[SUDOKU_MAX_UNITS];
    unsigned clash = 0, stuck = 0;
    int givens = 0;
    /* Which cells hold a clue is random: no branch on it below. */
    for (int c = 0; c < l->ncells; c++) {
        unsigned d = rec->given[c];
        clash |= d > (unsigned)l->n;
        sudoku_mask bit = (sudoku_mask)((1u << (d & 31)) >> 1); /* 0 for a blank */
        for (int k = 0; k < 3; k++) {
            int u = l->cell_unit[c][k];
            clash |= placed[u] & bit;
            placed[u] |= bit;
        }
        givens += d != 0;
    }
    if (clash)
        return false;

    memset(g, 0, sizeof *g); /* as sudoku_grid_init: every byte */
    g->layout = l;
    g->empty = l->ncells - givens;
    memcpy(covered, placed, sizeof covered);
    for (int c = 0; c < l->ncells; c++) {
        int d = rec->given[c];
        g->digit[c] = (uint8_t)d;
        const uint8_t *u = l->cell_unit[c];
        sudoku_mask open = d ? 0 : l->all; /* a select, not a branch */
        sudoku_mask m = open & (sudoku_mask)~(placed[u[0]] | placed[u[1]] | placed[u[2]]) & rec->cand[c];
        g->cand[c] = m;
        stuck |= open && !m;
        covered[u[0]] |= m;
        covered[u[1]] |= m;
        covered[u[2]] |= m;
    }
    for (int u = 0; u < l->nunits; u++)
        stuck |= covered[u] != l->all;
    return !stuck;
}

bool sudoku_grid_from_record(sudoku_grid *g, const sudoku_record *rec, char *why, size_t size)
{
    const sudoku_layout *l = rec->layout;
    char a[16];
    if (load_quickly(g, rec))
        return true;
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++) {
        int d = rec->given[c];
        if (d && !sudoku_grid_place(g, c, d)) {
            /* The cell lost d to an equal clue placed earlier in a shared unit. */
            if (why) {
                for (int k = 0; k < 3; k++) {
                    int u = l->cell_unit[c][k];
                    for (int i = 0; i < l->n; i++)
                        if (g->digit[l->unit_cell[u][i]] == d) {
                            snprintf(why, size, "two %ds in %s", d, sudoku_unit_name(l, u, a, sizeof a));
                            return false;
                        }
                }
                snprintf(why, size, "%d cannot go in %s", d, sudoku_cell_name(l, c, a, sizeof a));
            }
            return false;
        }
    }
    for (int c = 0; c < l->ncells; c++)
        if (!g->digit[c])
            g->cand[c] &= rec->cand[c];
    return !sudoku_grid_contradiction(g, why, size);
}

char sudoku_digit_char(int d)
{
    static const char chars[] = ".123456789ABCDEFG"; /* a table: called for every cell printed */
    if (d >= 0 && d <= 16)
        return chars[d];
    return d < 0 ? '.' : (char)('A' + d - 10);
}

void sudoku_grid_to_line(const sudoku_grid *g, char *buf)
{
    int n = g->layout->ncells;
    for (int c = 0; c < n; c++)
        buf[c] = sudoku_digit_char(g->digit[c]);
    buf[n] = '\0';
}

size_t sudoku_grid_format(const sudoku_grid *g, char *buf, size_t size)
{
    const sudoku_layout *l = g->layout;
    int n = l->n, bc = l->desc.box_cols, br = l->desc.box_rows;
    text t = text_start(buf, size);
    for (int r = 0; r < n; r++) {
        if (r && r % br == 0) {
            /* "------+-------+------": 2 chars a cell, a '+' where a '|' stands */
            for (int c = 0; c < n; c++) {
                if (c && c % bc == 0)
                    put(&t, "-+");
                put(&t, c == 0 ? "-" : "--");
            }
            put(&t, "\n");
        }
        for (int c = 0; c < n; c++) {
            if (c)
                put(&t, c % bc == 0 ? " | " : " ");
            put(&t, "%c", sudoku_digit_char(g->digit[r * n + c]));
        }
        put(&t, "\n");
    }
    return t.len;
}

void sudoku_grid_print(const sudoku_grid *g, FILE *out)
{
    char buf[SUDOKU_GRID_TEXT_MAX];
    sudoku_grid_format(g, buf, sizeof buf);
    fputs(buf, out);
}

const char *sudoku_cell_name(const sudoku_layout *l, int cell, char *buf, size_t size)
{
    snprintf(buf, size, "r%dc%d", cell / l->n + 1, cell % l->n + 1);
    return buf;
}
