/*
 * outdir.h - -o DIR (--output-dir): a file per puzzle, and per step for
 * explain --format svg, named from the puzzle's source and line
 * ("hard.txt-12.svg", "hard.txt-12-step-021.svg"); the names are listed on
 * standard output, one a line, in input order.
 */
#ifndef SUDOKU_OUTDIR_H
#define SUDOKU_OUTDIR_H

#include "report.h"

/*
 * A document of the record: with -o, written to its file (its name from
 * the record, then 'suffix' and 'ext') and the file's name added to
 * 'out'; else added to 'out' as it is. A file that cannot be written is
 * said on 'err' and makes the status 74.
 */
void outdir_take(const options *opt, const sudoku_record *rec, const char *suffix, const char *ext, const strbuf *doc,
                 strbuf *out, strbuf *err, record_result *res);

/* Makes DIR when it does not exist; false (and a message) when it cannot be used. */
bool outdir_prepare(const char *dir);

#endif /* SUDOKU_OUTDIR_H */
