/*
 * minimal.c - which clues of a puzzle with one solution are redundant:
 * removable alone, the puzzle keeping its one solution.
 *
 * Without clue c the puzzle keeps one solution exactly when no solution
 * puts another digit in c: one search for a first solution with the
 * solution's digit struck from c, instead of a count to two.
 */
#include "sudoku.h"

/* The clues but one (skip = -1: all) in a grid; false when they clash. */
static bool load(sudoku_grid *g, const sudoku_layout *l, const uint8_t *digits, int skip)
{
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++)
        if (digits[c] && c != skip && !sudoku_grid_place(g, c, digits[c]))
            return false;
    return true;
}

int sudoku_minimal(const sudoku_layout *l, const uint8_t *digits, bool *redundant)
{
    sudoku_grid g;
    uint8_t solution[SUDOKU_MAX_CELLS];
    for (int c = 0; c < l->ncells; c++)
        redundant[c] = false;
    if (!load(&g, l, digits, -1) || sudoku_solve(&g, 2, solution, NULL) != 1)
        return -1;
    int count = 0;
    for (int c = 0; c < l->ncells; c++) {
        if (!digits[c])
            continue;
        load(&g, l, digits, c); /* a subset of clues that fit together fits */
        /* An empty candidate set is a dead end the solver sees at once. */
        sudoku_grid_eliminate(&g, c, digits[c]);
        redundant[c] = sudoku_solve(&g, 1, NULL, NULL) == 0;
        count += redundant[c];
    }
    return count;
}
