/*
 * strategy_util.h - helpers for the technique tests: build a grid from text
 * (any format the reader takes, pencil-mark grids included) and run one
 * finder on it.
 */
#ifndef STRATEGY_UTIL_H
#define STRATEGY_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sudoku.h"
#include "techniques/strategy.h"

/* Reads the first puzzle of 'text' into g; fails the test if it cannot. */
static inline void grid_from_text(const char *text, sudoku_grid *g)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs(text, f);
    rewind(f);
    sudoku_reader *r = sudoku_reader_new(f, "test", 0);
    assert_non_null(r);
    static sudoku_record rec;
    assert_true(sudoku_reader_next(r, &rec));
    if (!rec.ok)
        fail_msg("reader: line %ld: %s", rec.line, rec.error);
    char why[160] = "";
    if (!sudoku_grid_from_record(g, &rec, why, sizeof why))
        fail_msg("grid: %s", why);
    sudoku_reader_free(r);
    fclose(f);
}

/* Runs one finder on g. */
static inline bool run_finder(finder_fn find, const sudoku_grid *g, sudoku_step *step)
{
    static view v;
    view_build(&v, g);
    return find(&v, step);
}

/* The cell index of r,c given 1-based, as in 'r3c7'. */
static inline int rc(const sudoku_grid *g, int r, int c) { return (r - 1) * g->layout->n + (c - 1); }

/* Asserts that the step eliminates exactly the (cell, digit) pairs listed,
 * given as a string like "r2c5-3 r2c7-3" (1-based). */
static inline void assert_eliminations(const sudoku_grid *g, const sudoku_step *s, const char *expected)
{
    sudoku_mask want[SUDOKU_MAX_CELLS] = { 0 };
    int count = 0;
    const char *p = expected;
    int r, c, d, used;
    while (sscanf(p, " r%dc%d-%d%n", &r, &c, &d, &used) == 3) {
        want[rc(g, r, c)] |= sudoku_bit(d);
        count++;
        p += used;
    }
    for (int cell = 0; cell < g->layout->ncells; cell++)
        if (want[cell] != s->elim[cell])
            fail_msg("cell r%dc%d: eliminates mask 0x%x, expected 0x%x", cell / g->layout->n + 1,
                     cell % g->layout->n + 1, s->elim[cell], want[cell]);
    assert_int_equal(s->nelim, count);
}

/* Unit indexes from 1-based numbers: rows, then columns, then boxes. */
static inline int row_unit(int r) { return r - 1; }
static inline int col_unit(const sudoku_grid *g, int c) { return g->layout->n + c - 1; }
static inline int box_unit(const sudoku_grid *g, int b) { return 2 * g->layout->n + b - 1; }

/* Cuts digit d's candidates down to 'map' ('x' keeps, '.' removes, one
 * character a cell, spaces and newlines ignored) and checks the result
 * matches it. */
static inline void restrict_digit(sudoku_grid *g, int d, const char *map)
{
    int n = g->layout->n;
    int cell = 0;
    for (const char *p = map; *p; p++) {
        if (*p == ' ' || *p == '\n')
            continue;
        assert_true(*p == 'x' || *p == '.');
        assert_true(cell < n * n);
        if (*p == '.')
            sudoku_grid_eliminate(g, cell, d);
        else if (!(g->cand[cell] & sudoku_bit(d)))
            fail_msg("map keeps %d in r%dc%d, which cannot hold it", d, cell / n + 1, cell % n + 1);
        cell++;
    }
    assert_int_equal(cell, n * n);
}

/* Asserts the step's cells are exactly the ones listed, "r2c3 r2c8", in that order. */
static inline void assert_cells(const sudoku_grid *g, const sudoku_step *s, const char *expected)
{
    int count = 0, r, c, used;
    const char *p = expected;
    while (sscanf(p, " r%dc%d%n", &r, &c, &used) == 2) {
        assert_true(count < s->ncells);
        assert_int_equal(s->cells[count], rc(g, r, c));
        count++;
        p += used;
    }
    assert_int_equal(s->ncells, count);
}

#endif /* STRATEGY_UTIL_H */
