/*
 * report.h - what the program makes of one record, in every command and
 * output format: the work (exact solving, grading) and the text, built in
 * buffers so that records can be handled on any thread and written in
 * input order.
 */
#ifndef SUDOKU_REPORT_H
#define SUDOKU_REPORT_H

#include "sudoku.h"
#include "strbuf.h"
#include "status.h"

enum command { CMD_SOLVE, CMD_CHECK, CMD_GRADE, CMD_EXPLAIN, CMD_HINT, CMD_CANON, CMD_TRANSFORM, CMD_PRINT, NCOMMANDS };

enum format {
    FORMAT_LINE,   /* solve, canon, transform: one puzzle a line */
    FORMAT_GRID,   /* solve: drawn grids */
    FORMAT_TEXT,   /* check, grade, explain: words for people */
    FORMAT_TSV,
    FORMAT_CSV,
    FORMAT_JSON,   /* JSON Lines */
    FORMAT_SERATE, /* grade: Sudoku Explainer's 'PUZZLE ED=ER/EP/ED' */
    FORMAT_SVG,    /* solve, explain, hint: pictures */
    FORMAT_HTML,   /* explain: a page per puzzle; print: the puzzle pages */
    NFORMATS
};

typedef struct options {
    enum command command;
    enum format format;
    int size;          /* 0, 9 or 8 */
    long count;        /* check --count N, 0 if not given */
    bool quiet;        /* no records on standard output */
    bool candidates;   /* explain --candidates */
    int level;         /* hint --level 1..3, 0 when not given */
    int last_technique; /* --techniques: the last technique used (an id), all by default */
    int scale;         /* grade --scale: enum scale */
    bool summary;      /* totals after the records */
    bool with_source;  /* -H: text records start with 'SOURCE:LINE:' */
    bool all;          /* check --all: list the solutions found */
    int progress;      /* -1 when stderr is a terminal, 0 never, 1 always */
    int jobs;          /* worker threads */
    bool minimal;      /* check --minimal: the redundant clues */
    uint64_t seed;     /* transform --seed N (or from the clock) */
    /* ---- pictures, pages and explanations (issue 21) */
    const char *output_dir; /* -o DIR: a file per puzzle (and per step), their names on stdout */
    int step_first, step_last; /* explain --step N / --steps A-B: 0 for all */
    bool position;     /* explain --position: the pencil-mark grid before --step N */
    int per_page;      /* print --per-page 1|2|4|6 */
} options;

/* grade --scale: Sudoku Explainer's (the default) or the seeds' basic scale. */
enum scale { SCALE_SE, SCALE_BASIC };

enum verdict { VERDICT_UNIQUE, VERDICT_NONE, VERDICT_MULTIPLE, VERDICT_INVALID, NVERDICTS };

const char *verdict_name(enum verdict v);

/* What a record came to, for the exit status and the summary. */
typedef struct record_result {
    enum verdict verdict;
    int status;        /* the exit status this record asks for */
    int level;         /* enum sudoku_level (enum sudoku_basic_level with --scale basic), or -1 when not graded */
    int er;            /* tenths, or -1 when not graded by logic */
} record_result;

/* The header line of TSV and CSV output (nothing for other formats). */
void report_header(const options *opt, strbuf *out);

/*
 * Handles one record: appends what goes to standard output to 'out' and
 * what goes to standard error to 'err'. Thread-safe.
 */
void report_record(const options *opt, const sudoku_record *rec, strbuf *out, strbuf *err,
                   record_result *res);

/* The same for the record 'number' of the run (1, 2, ...): the ids of
 * pages that hold several puzzles and the files of -o are made from it. */
void report_record_numbered(const options *opt, const sudoku_record *rec, long number, strbuf *out, strbuf *err,
                            record_result *res);

#endif /* SUDOKU_REPORT_H */
