/*
 * outdir.h - -o DIR (--output-dir): a file per puzzle, and per step for
 * explain --format svg, named from the puzzle's source and line
 * ("hard.txt-12.svg", "hard.txt-12-step-021.svg"); the names are listed on
 * standard output, one a line, in input order. Two sources with the same
 * file name (a/p.txt and b/p.txt) would write over each other's files:
 * the second in input order is named p.txt~2, the third p.txt~3, and so
 * on ("p.txt~2-12.svg"); '~' is never kept from a file's name, so such a
 * name is no other source's.
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

/* Notes a record's source, in input order, on the thread that reads the
 * inputs (before its record is handed on): this order, the same at any
 * -j, gives the ~N names. False when out of memory. */
bool outdir_note_source(const char *source);
/* Forgets the sources noted (at the end of a run). */
void outdir_forget(void);

/* Makes DIR when it does not exist; false (and a message) when it cannot be used. */
bool outdir_prepare(const char *dir);

#endif /* SUDOKU_OUTDIR_H */
