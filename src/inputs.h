/*
 * inputs.h - turns command-line operands (files, directories, "-") into a
 * stream of puzzle records, in a stable order.
 */
#ifndef SUDOKU_INPUTS_H
#define SUDOKU_INPUTS_H

#include "sudoku.h"

/* Called once per record, in input order, with the bytes of all inputs
 * consumed so far; 'ctx' is the caller's. */
typedef void (*inputs_record_fn)(const sudoku_record *rec, long long bytes_done, void *ctx);

/* Called when an operand cannot be read at all (missing file, ...). */
typedef void (*inputs_error_fn)(const char *path, const char *reason, void *ctx);

/*
 * Reads every operand in order: "-" is standard input, a directory is
 * walked recursively in sorted name order skipping hidden entries, anything
 * else is opened as a file. No operands means standard input. 'size' is as
 * for sudoku_reader_new().
 */
void inputs_read(char *const *operands, int count, int size,
                 inputs_record_fn on_record, inputs_error_fn on_error, void *ctx);

/* The total size of the operands when all are regular files or
 * directories of them, else -1 (standard input, pipes). */
long long inputs_total_bytes(char *const *operands, int count);

#endif /* SUDOKU_INPUTS_H */
