/*
 * wrappers.h - puzzles inside the text other programs write around them
 * (internal to the reader): CSV rows, HoDoKu library lines, URLs, numbered
 * lines, headings, comma-separated cells, framed rows with spaces for
 * blanks.
 */
#ifndef SUDOKU_WRAPPERS_H
#define SUDOKU_WRAPPERS_H

#include "read/line_scan.h"

/* Columns named by a CSV header line, for the rows after it. */
typedef struct csv_columns {
    bool known;
    int puzzle;       /* 0-based field index */
    int solution;     /* or -1 */
} csv_columns;

/*
 * Reads a line the plain scanner could not (its text, whole, in t[0..n)):
 * returns true, with ln filled (a puzzle, a heading to skip, or an error
 * naming the wrapper), when the line is one of the wrappers; false leaves
 * ln alone. A CSV header sets *cols for the rows that follow.
 */
bool unwrap_line(const char *t, size_t n, csv_columns *cols, line *ln);

/*
 * A row drawn with box bars and a space for each blank, such as
 * "| 5 3   |   7   |       |": true, with ln a row of 9 (3 boxes) or 8
 * (2 boxes) cells, when every box has its cells at fixed places.
 * 'allow_empty' accepts a row of blanks only.
 */
bool positional_row(const char *t, size_t n, bool allow_empty, line *ln);

#endif /* SUDOKU_WRAPPERS_H */
