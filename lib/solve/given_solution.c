/*
 * given_solution.c - checks a solution that came with a puzzle (a CSV
 * solution column) against the puzzle: it must keep the clues and the
 * rules, and be the puzzle's only solution.
 */
#include "sudoku.h"

#include <string.h>

/* The first way 'sol' breaks the clues or the rules, into why; false if none. */
static bool first_fault(const sudoku_record *rec, const uint8_t *sol, char *why, size_t size)
{
    const sudoku_layout *l = rec->layout;
    for (int c = 0; c < l->ncells; c++) {
        int row = sudoku_row_of(l, c) + 1, col = sudoku_col_of(l, c) + 1;
        if (rec->given[c] && rec->given[c] != sol[c]) {
            snprintf(why, size, "the given solution has %d at r%dc%d, where the puzzle gives %d", sol[c], row, col,
                     rec->given[c]);
            return true;
        }
        if (!(rec->cand[c] & sudoku_bit(sol[c]))) {
            snprintf(why, size, "the given solution has %d at r%dc%d, which the pencil marks rule out", sol[c], row,
                     col);
            return true;
        }
    }
    for (int u = 0; u < l->nunits; u++) {
        sudoku_mask seen = 0;
        for (int i = 0; i < l->n; i++) {
            int d = sol[l->unit_cell[u][i]];
            if (seen & sudoku_bit(d)) {
                char unit[32];
                snprintf(why, size, "the given solution has %d twice in %s", d,
                         sudoku_unit_name(l, u, unit, sizeof unit));
                return true;
            }
            seen |= sudoku_bit(d);
        }
    }
    return false;
}

bool sudoku_given_solution_ok(const sudoku_record *rec, char *why, size_t size)
{
    if (!rec->ok || !rec->has_solution) {
        snprintf(why, size, "no solution was given");
        return false;
    }
    const uint8_t *sol = rec->solution;
    for (int c = 0; c < rec->layout->ncells; c++)
        if (sol[c] < 1 || sol[c] > rec->layout->n) { /* the reader never gives one */
            snprintf(why, size, "the given solution is incomplete");
            return false;
        }
    if (first_fault(rec, sol, why, size))
        return false;
    /* It solves the puzzle; is it the only solution? */
    sudoku_grid g;
    char clash[160];
    if (!sudoku_grid_from_record(&g, rec, clash, sizeof clash)) { /* impossible once a solution exists */
        snprintf(why, size, "the given solution cannot be right: %s", clash);
        return false;
    }
    if (sudoku_solve(&g, 2, NULL, NULL) > 1) {
        snprintf(why, size, "the given solution is not the only one: the puzzle has several");
        return false;
    }
    return true;
}
