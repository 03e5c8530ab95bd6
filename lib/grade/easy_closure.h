/*
 * easy_closure.h - how far the easy and medium techniques (singles, then
 * intersections) take a 9x9 grid.
 *
 * Each of these steps stays possible, or is already made, or a single
 * makes it, on any grid with fewer candidates: so every order of taking
 * them stalls on the same grid, and whether they solve a puzzle does not
 * depend on the order the engine takes them in. The grading reads the
 * level of such a puzzle from here instead of running the level pass.
 */
#ifndef SUDOKU_EASY_CLOSURE_H
#define SUDOKU_EASY_CLOSURE_H

#include "sudoku.h"

enum easy_closure {
    CLOSURE_UNKNOWN = -1,      /* not worked out (a layout other than 9x9, or a candidate
                                  whose digit one of its units holds) */
    CLOSURE_STALLS = 0,        /* they stall (or meet a contradiction) */
    CLOSURE_SINGLES = 1,       /* naked and hidden singles alone fill g */
    CLOSURE_INTERSECTIONS = 2, /* singles with pointing and claiming do, singles alone not */
};

/*
 * Whether singles, or singles and intersections, fill g into a valid
 * grid. Every step is forced in every solution: when they do, g has
 * exactly one solution (sudoku_solve(g, 2) would return 1).
 */
enum easy_closure easy_closure(const sudoku_grid *g);

/*
 * easy_closure(g) for a grid that singles and intersections are known to
 * fill (CLOSURE_SINGLES or CLOSURE_INTERSECTIONS, or CLOSURE_UNKNOWN as
 * above), worked out with singles alone: whether they fill it.
 */
enum easy_closure easy_closure_of_filled(const sudoku_grid *g);

#endif /* SUDOKU_EASY_CLOSURE_H */
