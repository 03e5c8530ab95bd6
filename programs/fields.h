/*
 * fields.h - how a record is written in the machine-readable formats.
 *
 * A record is a list of named values, the same names in the same order for
 * every record of a command (report.c decides which), so that the TSV/CSV
 * header, the columns and the JSON keys always agree. This file only
 * writes them: TSV with C escapes, CSV as RFC 4180, JSON Lines.
 */
#ifndef SUDOKU_FIELDS_H
#define SUDOKU_FIELDS_H

#include "report.h"

#define MAX_FIELDS 16

/* A named value: NULL is null (an empty TSV/CSV field); 'raw' values are
 * JSON numbers, booleans or objects, written unquoted. */
typedef struct field {
    const char *name;
    const char *value;
    bool raw;
    bool json_only;   /* not a TSV/CSV column: JSON writes it after the columns */
} field;

typedef struct record_fields {
    int count;
    field f[MAX_FIELDS];
    const char *reason;            /* why a puzzle has no solution: JSON only */
    const char *error;             /* why the input is no puzzle: JSON's last key */
    char numbers[MAX_FIELDS][24];  /* storage for formatted numbers */
} record_fields;

/* Adds a value (kept by pointer: it must outlive the write). */
void fields_add(record_fields *r, const char *name, const char *value, bool raw);
/* Adds a number, formatted into the record's own storage. */
void fields_add_number(record_fields *r, const char *name, long value);
/* Adds a rating in tenths as 7.5, a JSON number; null when below 0 (not rated). */
void fields_add_rating(record_fields *r, const char *name, int tenths);

/* Writes the record as one line of 'format' (tsv, csv or json). */
void fields_put(enum format format, const record_fields *r, strbuf *out);
/* The same for a record made rather than read (generate's): its JSON has
 * no reason or error keys, there being no input that could be wrong. */
void fields_put_made(enum format format, const record_fields *r, strbuf *out);
/* Writes a TSV or CSV header: the names, NULL-terminated. */
void fields_put_header(enum format format, const char *const *names, strbuf *out);

#endif /* SUDOKU_FIELDS_H */
