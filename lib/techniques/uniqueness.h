/*
 * uniqueness.h - a switch of the unique loop search, internal to the
 * technique and its tests: the search leaves out the branches on which no
 * loop can be valid (loop_can_close() in uniqueness.c), and finds the same
 * loops in the same order either way; the tests show it.
 */
#ifndef SUDOKU_UNIQUENESS_H
#define SUDOKU_UNIQUENESS_H

#include <stdbool.h>

/* On by default (per thread); off follows every branch as SE does. */
void unique_loop_prune(bool on);

#endif /* SUDOKU_UNIQUENESS_H */
