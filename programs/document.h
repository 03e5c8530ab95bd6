/*
 * document.h - what the writer does around the records so that a run
 * makes one valid document: the start and end of an HTML page that holds
 * every puzzle, one SVG picture at most on standard output, print's pages
 * laid out as the puzzles arrive. Called by batch.c on the writing thread,
 * in input order.
 */
#ifndef SUDOKU_DOCUMENT_H
#define SUDOKU_DOCUMENT_H

#include "report.h"

typedef struct document {
    long pictures;        /* SVG documents written to standard output */
    bool refused;         /* a second picture was refused (said once) */
    long printed;         /* print: puzzles laid out so far */
    strbuf solutions;     /* print: "NUMBER PUZZLE SOLUTION" lines, for the last section */
} document;

/* Whether records pass through document_record (else they are written as they are). */
bool document_shapes(const options *opt);

/* What goes before the first record (a page's head). */
void document_begin(document *d, const options *opt, strbuf *out);

/*
 * A record's output on its way out: returned as is, made into print's page
 * markup, or refused (a second SVG picture on standard output); 'err' gets
 * what is said of it, 'status' the status that asks for.
 */
void document_record(document *d, const options *opt, strbuf *rec_out, strbuf *out, strbuf *err, int *status);

/* What goes after the last record; frees what 'd' holds. */
void document_end(document *d, const options *opt, strbuf *out);

#endif /* SUDOKU_DOCUMENT_H */
