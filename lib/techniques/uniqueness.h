/*
 * uniqueness.h - switches of the unique loop and BUG searches, internal to
 * the technique and its tests: the loop search leaves out the branches on
 * which no loop can be valid (loop_can_close() in uniqueness.c), the cells
 * no later start can reach in a valid loop (fit_drop_start()) and the
 * starts from which no valid loop can close (loop_may_exist()), and type 3
 * the cells and digits that no set of a size can hold (loop_type3()); the
 * BUG search rules out grids before SE's scan (bug_cells_can_be_bivalue()).
 * Each finds the same steps either way, as the tests show.
 */
#ifndef SUDOKU_UNIQUENESS_H
#define SUDOKU_UNIQUENESS_H

#include <stdbool.h>

/* On by default (per thread); off follows every branch and tries every set as SE does. */
void unique_loop_prune(bool on);

/* On by default (per thread): the BUG search first rules out, with bit sets
 * per unit, grids where its cells cannot all end bivalue; off runs SE's scan
 * alone. Same steps either way. */
void bug_pattern_precheck(bool on);

#endif /* SUDOKU_UNIQUENESS_H */
