/*
 * remark.h - what a line carried beside its puzzle (internal to the
 * reader): kept as the record's remark, so that users' ids and notes
 * survive a run, and a solution written after the puzzle is read as one.
 */
#ifndef SUDOKU_REMARK_H
#define SUDOKU_REMARK_H

#include "read/line_scan.h"

/* ln->remark = t[0..n), cut to fit at a UTF-8 boundary. */
void remark_set(line *ln, const char *t, size_t n);

/* Adds 'sep' then t[0..n) to ln->remark (no separator when it was empty). */
void remark_append(line *ln, const char *sep, const char *t, size_t n);

/*
 * For a line the plain scanner read as a puzzle (t[0..n) its text): the
 * text after its cells and white space becomes the remark. When that text
 * starts with a full grid of digits the size of the puzzle ("PUZZLE
 * SOLUTION", parted by a space or a tab), the grid is the given solution
 * and the rest the remark.
 */
void remark_after_cells(const char *t, size_t n, line *ln);

#endif /* SUDOKU_REMARK_H */
