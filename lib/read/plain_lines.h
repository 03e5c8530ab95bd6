/*
 * plain_lines.h - the reader's fast path for the commonest input, a line
 * of exactly 81 (64) cell characters, plain ASCII, and its end (internal
 * to the reader and its tests). Any other line is read by the general
 * scanner, and both give the same records: the switch is for the tests
 * that show it.
 */
#ifndef SUDOKU_PLAIN_LINES_H
#define SUDOKU_PLAIN_LINES_H

#include "sudoku.h"

/* On by default; off reads every line through the general scanner. */
void sudoku_reader_plain_lines(sudoku_reader *r, bool on);

#endif /* SUDOKU_PLAIN_LINES_H */
