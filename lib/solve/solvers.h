/*
 * solvers.h - the exact solvers behind sudoku_solve(), inside the library.
 *
 * sudoku_solve() sends a grid on the 9x9 layout (3x3 boxes) to the
 * bitboard solver of solver_9x9.c, one on the 8x8 brick-wall layout
 * (2x4 boxes) to solver_8x8.c, and any other to the generic solver of
 * solver.c, which works from the layout's tables. All three take and
 * return what sudoku_solve() does; the generic one also serves as an
 * independent cross-check of the fast ones (tests/test_solver_diff.c).
 */
#ifndef SUDOKU_SOLVERS_H
#define SUDOKU_SOLVERS_H

#include "sudoku.h"

long solve_generic(const sudoku_grid *g, long limit, uint8_t *solution, sudoku_search_stats *stats);
/* The fast ones take a grid's digits and candidates, or a record's givens
 * and candidates as read: the candidates of a cell with a digit are not
 * looked at, and those its placed peers rule out need not be removed. */
long solve_9x9(const uint8_t *digit, const sudoku_mask *cand, long limit, uint8_t *solution,
               sudoku_search_stats *stats);
/* Tests: true makes solve_9x9() use its plain build, false the one it
 * chooses for the processor. Not for use while other threads solve. */
void solve_9x9_plain_only(bool on);
long solve_8x8(const uint8_t *digit, const sudoku_mask *cand, long limit, uint8_t *solution,
               sudoku_search_stats *stats);

/* True when g's layout has the shape the solver above was written for. */
bool layout_is_9x9(const sudoku_layout *l);
bool layout_is_8x8(const sudoku_layout *l);

#endif /* SUDOKU_SOLVERS_H */
