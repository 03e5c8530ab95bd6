/*
 * canon_report.h - what the canon and transform commands and check
 * --minimal compute for one record, as text ready to be written
 * (report.c writes it in each format).
 */
#ifndef SUDOKU_CANON_REPORT_H
#define SUDOKU_CANON_REPORT_H

#include "sudoku.h"

/* canon: the minlex form of the record's clues as a line ('.' blanks)
 * into 'line' (ncells + 1), and its automorphisms. */
void canon_line(const sudoku_record *rec, char *line, uint64_t *automorphisms);

/*
 * transform: the record's clues under a random transformation and
 * relabelling drawn from 'seed', the record's source name and line, so
 * that a run gives the same lines at any -j and each record its own.
 */
void transform_line(const sudoku_record *rec, uint64_t seed, char *line);

/*
 * check --minimal: the clues that can each be removed alone leaving one
 * solution, as "r1c5,r7c2" in 'list' ("" when none). Returns how many,
 * or -1 (and "") when the record has not exactly one solution.
 */
int minimal_list(const sudoku_record *rec, char *list, size_t size);

#endif /* SUDOKU_CANON_REPORT_H */
