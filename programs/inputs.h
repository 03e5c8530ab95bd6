/*
 * inputs.h - turns command-line operands (files, directories, "-",
 * puzzles given as text) into a stream of puzzle records, in a stable
 * order.
 */
#ifndef SUDOKU_INPUTS_H
#define SUDOKU_INPUTS_H

#include "sudoku.h"

/* One operand: a path, "-", or the text of a puzzle itself. */
typedef struct input_operand {
    const char *text;
    bool literal;      /* the text is a puzzle (-e PUZZLE, or an operand that reads as one) */
    int argno;         /* its place on the command line ($N in the shell), naming it "<arg N>" */
} input_operand;

/* Why an input, or part of one, was not read. */
enum input_problem {
    INPUT_UNREADABLE,  /* cannot be opened or read (status 66) */
    INPUT_NOT_TEXT,    /* named on the command line, but compressed or binary (status 65) */
    INPUT_SKIPPED,     /* passed over on purpose while walking a directory: a notice only */
    INPUT_NO_MEMORY,   /* the run cannot go on without losing records (status 70) */
};

/* Called once per record, in input order, with the bytes of all inputs
 * consumed so far; 'ctx' is the caller's. Returns false to stop reading. */
typedef bool (*inputs_record_fn)(const sudoku_record *rec, long long bytes_done, void *ctx);

/* Called when an input, or a file met in a directory, is not read;
 * 'reason' is for people ("Permission denied", "gzip-compressed; ..."). */
typedef void (*inputs_problem_fn)(const char *path, const char *reason, enum input_problem kind, void *ctx);

/*
 * Reads every operand in order: "-" is standard input, a directory is
 * walked recursively in sorted name order skipping hidden entries, anything
 * else is opened as a file. No operands means standard input. 'size' is as
 * for sudoku_reader_new().
 *
 * A file that is also standard output (when that is a regular file) is not
 * read: it would read its own output. Compressed and binary files are
 * named for what they are instead of being read. While walking a
 * directory, what is not a regular file (a FIFO, a device, a socket) and
 * text in which nothing reads as a puzzle are skipped with a notice; named
 * on the command line they are read.
 */
void inputs_read(const input_operand *operands, int count, int size,
                 inputs_record_fn on_record, inputs_problem_fn on_problem, void *ctx);

/* The total size of the operands when all are regular files (standard
 * input included) or directories of them, else -1 (a pipe, a terminal).
 * Reading them never waits for someone else when it is not -1. */
long long inputs_total_bytes(const input_operand *operands, int count);

/* True when the text holds one or more puzzles and nothing else, or is
 * plainly an attempt at one (a multi-line grid, a line of 60 cells or
 * more with a stray letter): the reader then says what is wrong with it,
 * which helps more than "No such file or directory". */
bool inputs_is_puzzle_text(const char *text, int size);

/* What a block of data at the start of a file is, when it is not text
 * ("gzip-compressed; decompress first"), or NULL for text. */
const char *inputs_sniff(const unsigned char *data, size_t len);

#endif /* SUDOKU_INPUTS_H */
