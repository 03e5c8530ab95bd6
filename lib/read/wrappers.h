/*
 * wrappers.h - puzzles inside the text other programs write around them
 * (internal to the reader): CSV rows, HoDoKu library lines, URLs, numbered
 * lines, headings, comma-separated cells, framed rows with spaces for
 * blanks.
 */
#ifndef SUDOKU_WRAPPERS_H
#define SUDOKU_WRAPPERS_H

#include "read/line_scan.h"

#define CSV_MAX_NAMES 32

/* Columns named by a CSV (or TSV) header line, for the rows after it. */
typedef struct csv_columns {
    bool known;
    char sep;         /* ',' or '\t': rows parted by another are not its rows */
    bool own;         /* this program's own header: source, line, puzzle, verdict, ... */
    int puzzle;       /* 0-based field index */
    int solution;     /* or -1 */
    int remark;       /* the own output's remark column, or -1 */
    /* The header's names, so that a row's other fields become its remark
     * as "name=value". */
    int nnames;
    char names[256];
    unsigned short name_at[CSV_MAX_NAMES], name_len[CSV_MAX_NAMES];
} csv_columns;

/*
 * Reads a line the plain scanner could not (its text, whole, in t[0..n)):
 * returns true, with ln filled (a puzzle, a heading to skip, or an error
 * naming the wrapper), when the line is one of the wrappers; false leaves
 * ln alone. A CSV header sets *cols for the rows that follow. This
 * program's own outputs (tsv, csv and json records and headers) read back
 * as the puzzles they name, with their remark; a row's fields other than
 * the puzzle and its solution are its remark (ln->remark).
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
