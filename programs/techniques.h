/*
 * techniques.h - 'sudoku techniques': the technique table for people, the
 * ids that --techniques and the JSON outputs use.
 */
#ifndef SUDOKU_TECHNIQUES_H
#define SUDOKU_TECHNIQUES_H

#include "strbuf.h"

/* The table, one technique a line in engine order: id, name, family, SE
 * rating, level; 'tsv' gives tab-separated columns with a header. */
void techniques_list(strbuf *out, bool tsv);

#endif /* SUDOKU_TECHNIQUES_H */
