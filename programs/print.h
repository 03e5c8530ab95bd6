/*
 * print.h - sudoku print: puzzle pages for a book or a newsletter. One
 * HTML page with print CSS (@page, a page break after each sheet) that a
 * browser prints as it is: N puzzles a sheet (--per-page 1, 2, 4 or 6),
 * empty grids with their clues only, the puzzle's number, level and ER
 * under each, then the solutions, twelve a sheet, in a section at the end.
 *
 * The records are worked out on any thread (print_record: what the page
 * needs of a puzzle, as a line); the page is laid out by the writer, in
 * input order (document.c calls the rest), so that the numbers and the
 * page breaks follow the puzzles as printed.
 */
#ifndef SUDOKU_PRINT_H
#define SUDOKU_PRINT_H

#include "report.h"

/* Solutions on a sheet of their own at the end. */
enum { PRINT_SOLUTIONS_PER_PAGE = 12 };

/* "PUZZLE SOLUTION LEVEL ER\n", ER in tenths or -1. */
void print_record(const char *puzzle, const char *solution, const char *level, int er, strbuf *out);

void print_begin(const options *opt, strbuf *out);

/* The 'number'th puzzle printed, from its record's line; its solution kept in 'solutions'. */
void print_puzzle(const options *opt, long number, const char *record, strbuf *out, strbuf *solutions);

/* Closes the last sheet of puzzles, then the solutions' sheets and the page. */
void print_end(const options *opt, long printed, const strbuf *solutions, strbuf *out);

#endif /* SUDOKU_PRINT_H */
