/*
 * status.h - the program's exit statuses, and which wins when several
 * records end differently. Below everything else in programs/: the
 * record, output-file and command code all report through it.
 */
#ifndef SUDOKU_STATUS_H
#define SUDOKU_STATUS_H

/* Exit statuses (sysexits.h values where one fits). */
enum {
    EXIT_UNIQUE = 0,     /* every puzzle has exactly one solution */
    EXIT_NONE = 1,       /* some puzzle has no solution */
    EXIT_MULTIPLE = 2,   /* some puzzle has several (and none has zero) */
    EXIT_USAGE = 64,
    EXIT_DATAERR = 65,   /* malformed input */
    EXIT_NOINPUT = 66,   /* a file cannot be opened */
    EXIT_SOFTWARE = 70,  /* an internal check failed */
    EXIT_IOERR = 74,     /* output could not be written */
    EXIT_TEMPFAIL = 75,  /* generate: the time ran out before COUNT were made */
};

/* The status that wins when several apply: the most severe. */
int worse_status(int a, int b);

#endif /* SUDOKU_STATUS_H */
