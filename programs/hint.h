/*
 * hint.h - the hint command and explain's outputs, written from the
 * solving path (path.h) for one record of the batch (report.h).
 */
#ifndef SUDOKU_HINT_H
#define SUDOKU_HINT_H

#include "path.h"
#include "report.h"

/* hint: the next step from g, whose solution is known, at opt->level, in opt->format. */
void hint_output(const options *opt, const sudoku_record *rec, const sudoku_grid *g, const uint8_t *solution,
                 strbuf *out, strbuf *err, record_result *res);

/*
 * For a record without a solution: when its digits alone have exactly one
 * solution, the cells whose true candidate was removed; when they have
 * none, the placed digits that are wrong. Writes that into 'why' and
 * returns true; false when it cannot tell.
 */
bool hint_wrong_position(const sudoku_record *rec, strbuf *why);

/*
 * explain in text (after its header line), json, svg or html: the path
 * from 'grid' to 'solution' (the steps opt asks for), and the rating line;
 * with -o, files. 'puzzle' is the clues as a line, 'number' the record's
 * place in the run (its ids in a page of several puzzles), 'header'
 * (or NULL) the text's first line, written once the steps asked for are
 * known to exist.
 */
void explain_output(const options *opt, const sudoku_record *rec, long number, const char *puzzle,
                    const sudoku_grid *grid, const uint8_t *solution, const char *header, strbuf *out, strbuf *err,
                    record_result *res);

/* explain --format json for a record without one solution: its verdict, no
 * steps, and 'reason' (why there is none; NULL or "" for null). */
void explain_json_unsolved(const sudoku_record *rec, const char *puzzle, const char *verdict, const char *reason,
                           strbuf *out);

#endif /* SUDOKU_HINT_H */
