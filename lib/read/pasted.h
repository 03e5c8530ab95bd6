/*
 * pasted.h - puzzles as people copy them from spreadsheets, code and web
 * pages (internal to the reader): tab-separated rows with empty cells,
 * rows separated by '/' on one line, JSON arrays of rows. Tried only on a
 * line that the plain scanner and the wrappers both reject, so a line the
 * reader accepted before keeps its meaning.
 */
#ifndef SUDOKU_PASTED_H
#define SUDOKU_PASTED_H

#include "read/line_scan.h"

/*
 * Reads t[0..n) as one of the pasted forms: true, with ln filled, when it
 * is one (a row, a puzzle, a bracket line of a JSON array spread over
 * lines, or an error naming the form); false leaves ln alone.
 *
 *   "5\t3\t\t\t7\t\t\t\t"            a spreadsheet row: 9 (8) fields, empty = blank
 *   "53..7..../6..195.../..."        9 (8) rows separated by '/'
 *   "[[5,3,0,...],[6,0,0,...],...]"  a JSON array of rows: numbers or strings,
 *                                    0, ".", "" or null for a blank; also flat,
 *                                    or rows as strings ["53..7....", ...]
 *   "[5, 3, 0, ...],"                one row of an array spread over lines
 *                                    ('[' and ']' lines around it)
 */
bool unpaste_line(const char *t, size_t n, line *ln);

/* A line of 7 (8) tabs and nothing else: an empty spreadsheet row of 8 (9)
 * cells; returns its cell count, or 0. */
int pasted_empty_row(const char *t, size_t n);

#endif /* SUDOKU_PASTED_H */
