/*
 * optread.h - reading a command's options, one rule for every command
 * (as getopt does): a long option takes its value as --opt=VALUE or the
 * next argument; short flags may be clustered (-qH), and a short option
 * that takes a value takes the rest of its argument (-j2, -ftsv, -qj2)
 * or, when nothing is left, the next one; '--' ends the options, and '-'
 * is an operand. Each command keeps its own table and acts on what is
 * read; usage errors are written here, in one style:
 *   sudoku: WHAT IS WRONG
 *   Try 'sudoku COMMAND --help'.
 * and are status 64.
 */
#ifndef SUDOKU_OPTREAD_H
#define SUDOKU_OPTREAD_H

#include <stdbool.h>
#include <stddef.h>

/* One option of a table. */
typedef struct opt_def {
    char short_name;        /* or 0 */
    const char *long_name;
    bool takes_value;
    unsigned scope;         /* the commands that take it: a bit each, the table's meaning */
    int id;                 /* what the caller acts on */
} opt_def;

typedef struct opt_reader {
    const opt_def *defs;
    size_t ndefs;
    unsigned scope;         /* the command read: an option is known when its scope has one of these bits */
    /* An option read: 'value' is NULL for a flag, 'at' its place in argv.
     * Returns -1 to go on, else an exit status that ends the reading. */
    int (*option)(void *ctx, const opt_def *d, const char *value, int at);
    /* An operand (anything after '--' included); the same returns. */
    int (*operand)(void *ctx, const char *arg, int at);
    /* An argument that starts with '-' but is no option: 'shown' is the
     * letter of a cluster that is none ("-x"), or the whole argument.
     * Returns a status. NULL: opt_unknown(). */
    int (*unknown)(void *ctx, const char *arg, const char *shown);
    void *ctx;
} opt_reader;

/* Reads argv[first..argc-1]; returns -1 when all went on, else the status
 * that ended it (a usage error's 64 included). */
int opt_read(const opt_reader *r, int argc, char **argv, int first);

/* The command whose help usage errors point to (NULL: sudoku --help). */
void usage_command(const char *name);
/* Writes a usage error: 'fmt' with one %s, 'arg' (what the user typed)
 * shown escaped; returns 64. */
int usage_error(const char *fmt, const char *arg);
/* "unknown option '-x' in '-qx'", or "unknown option '--colour'"; 64. */
int opt_unknown(const char *arg, const char *shown);

#endif /* SUDOKU_OPTREAD_H */
