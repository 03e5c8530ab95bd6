/*
 * uniqueness.h - a switch of the unique loop search, internal to the
 * technique and its tests: the search leaves out the branches on which no
 * loop can be valid (loop_can_close() in uniqueness.c), and type 3 the
 * cells and digits that no set of a size can hold (loop_type3()); it finds
 * the same loops and hints in the same order either way, as the tests show.
 */
#ifndef SUDOKU_UNIQUENESS_H
#define SUDOKU_UNIQUENESS_H

#include <stdbool.h>

/* On by default (per thread); off follows every branch and tries every set as SE does. */
void unique_loop_prune(bool on);

#endif /* SUDOKU_UNIQUENESS_H */
