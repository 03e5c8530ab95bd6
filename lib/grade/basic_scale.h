/*
 * basic_scale.h - the basic scale's fixpoint, for the tests: the four
 * methods applied in a chosen order until none changes anything.
 */
#ifndef SUDOKU_GRADE_BASIC_SCALE_H
#define SUDOKU_GRADE_BASIC_SCALE_H

#include "sudoku.h"

/* The methods, as bits of a set. */
enum basic_method {
    BASIC_NAKED_SINGLES = 1 << 0,
    BASIC_NAKED_PAIRS = 1 << 1,
    BASIC_HIDDEN_SINGLES = 1 << 2,
    BASIC_POINTING = 1 << 3, /* box to line and line to box */
    BASIC_ALL_METHODS = (1 << 4) - 1
};
#define BASIC_NMETHODS 4

enum basic_state { BASIC_OPEN, BASIC_SOLVED, BASIC_CONTRADICTION };

/*
 * Runs the methods of 'methods' over 'cand' (a candidate mask per cell, a
 * single bit for a cell whose digit is known) until none changes anything,
 * each sweep taking them in the order of 'order' (BASIC_NMETHODS bits,
 * each once; NULL: the order above). For the sets the scale uses (naked
 * singles always in, pointing only with hidden singles) the end does not
 * depend on the order: a naked pair that a removal breaks up, or a pointing
 * digit left with one place, leaves singles that remove as much. A
 * contradiction is a cell with no candidate or a digit with no place in a
 * unit.
 */
enum basic_state basic_fixpoint(const sudoku_layout *l, sudoku_mask *cand, unsigned methods, const unsigned *order);

/* The masks of a grid as basic_fixpoint takes them. */
void basic_masks(const sudoku_grid *g, sudoku_mask *cand);

#endif /* SUDOKU_GRADE_BASIC_SCALE_H */
