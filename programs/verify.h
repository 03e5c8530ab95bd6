/*
 * verify.h - the check every printed solution passes: it fills the grid,
 * each row, column and box holding every digit, and keeps every clue and
 * every candidate the record was read with.
 */
#ifndef SUDOKU_VERIFY_H
#define SUDOKU_VERIFY_H

#include "sudoku.h"

/* What sudoku_solution_valid() says, in one pass written out for the 9x9
 * and 8x8 layouts (it alone for any other). */
bool solution_verified(const sudoku_record *rec, const uint8_t *solution);

#endif /* SUDOKU_VERIFY_H */
