/*
 * layout.c - puzzle geometry as data.
 *
 * A layout is described by its side n and its box shape; every table the
 * rest of the library uses (units, the units of each cell, peers) is
 * derived here, so a new shape is one more description, not more code.
 */
#include "sudoku.h"

#include <stdio.h>
#include <string.h>
#include <threads.h>

static const sudoku_layout_desc builtin_desc[] = {
    { "9x9", 9, 3, 3 },
    { "8x8", 8, 2, 4 }, /* brick-wall: eight boxes of 2 rows x 4 columns */
};
#define NBUILTIN (sizeof builtin_desc / sizeof builtin_desc[0])

static sudoku_layout builtin[NBUILTIN];
static once_flag builtin_once = ONCE_FLAG_INIT;

static void build_builtins(void)
{
    for (size_t i = 0; i < NBUILTIN; i++)
        sudoku_layout_build(&builtin[i], &builtin_desc[i]);
}

static const sudoku_layout *builtin_layout(size_t i)
{
    call_once(&builtin_once, build_builtins);
    return &builtin[i];
}

const sudoku_layout *sudoku_layout_9x9(void) { return builtin_layout(0); }
const sudoku_layout *sudoku_layout_8x8(void) { return builtin_layout(1); }

const sudoku_layout *sudoku_layout_for_size(int n)
{
    for (size_t i = 0; i < NBUILTIN; i++)
        if (builtin_desc[i].n == n)
            return builtin_layout(i);
    return NULL;
}

bool sudoku_layout_build(sudoku_layout *l, const sudoku_layout_desc *d)
{
    /* Each side is checked against n first, so the product cannot overflow. */
    if (d->n < 1 || d->n > SUDOKU_MAX_N || d->box_rows < 1 || d->box_cols < 1 ||
        d->box_rows > d->n || d->box_cols > d->n || d->box_rows * d->box_cols != d->n)
        return false;

    memset(l, 0, sizeof *l);
    l->desc = *d;
    int n = d->n;
    l->n = n;
    l->ncells = n * n;
    l->nunits = 3 * n;
    l->all = (sudoku_mask)((1u << n) - 1);

    int boxes_across = n / d->box_cols;
    int fill[SUDOKU_MAX_UNITS] = { 0 };
    for (int cell = 0; cell < l->ncells; cell++) {
        int r = cell / n, c = cell % n;
        int b = (r / d->box_rows) * boxes_across + c / d->box_cols;
        int units[3] = { r, n + c, 2 * n + b };
        for (int k = 0; k < 3; k++) {
            l->cell_unit[cell][k] = (uint8_t)units[k];
            l->cell_index[cell][k] = (uint8_t)fill[units[k]];
            l->unit_cell[units[k]][fill[units[k]]++] = (uint8_t)cell;
        }
    }

    /* Peers: the union of the cell's three units, without the cell itself. */
    for (int cell = 0; cell < l->ncells; cell++) {
        bool seen[SUDOKU_MAX_CELLS] = { false };
        int count = 0;
        seen[cell] = true;
        for (int k = 0; k < 3; k++) {
            const uint8_t *u = l->unit_cell[l->cell_unit[cell][k]];
            for (int i = 0; i < n; i++) {
                if (!seen[u[i]]) {
                    seen[u[i]] = true;
                    l->peer[cell][count++] = u[i];
                }
            }
        }
        l->npeers = count; /* identical for every cell of a rectangular layout */
    }
    return true;
}

const char *sudoku_unit_name(const sudoku_layout *l, int unit, char *buf, size_t size)
{
    static const char *const kind[] = { "row", "column", "box" };
    snprintf(buf, size, "%s %d", kind[unit / l->n], unit % l->n + 1);
    return buf;
}
