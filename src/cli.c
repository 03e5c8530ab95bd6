/*
 * cli.c - the sudoku command: argument parsing, commands, output formats
 * and exit statuses. Library work happens in the library; this file only
 * decides what to run and how to print it.
 */
#include "sudoku.h"
#include "inputs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
};

/* Higher wins when several puzzles end differently. */
static int severity(int status)
{
    switch (status) {
    case EXIT_UNIQUE: return 0;
    case EXIT_MULTIPLE: return 1;
    case EXIT_NONE: return 2;
    case EXIT_DATAERR: return 3;
    case EXIT_NOINPUT: return 4;
    case EXIT_IOERR: return 5;
    default: return 6;
    }
}

enum command { CMD_SOLVE, CMD_CHECK };
enum format { FORMAT_LINE, FORMAT_GRID };

typedef struct options {
    enum command command;
    enum format format;
    int size;          /* 0, 9 or 8 */
    long count;        /* check --count N, 0 if not given */
    bool quiet;
} options;

typedef struct run {
    const options *opt;
    int status;        /* the most severe so far */
} run;

static void raise_status(run *r, int status)
{
    if (severity(status) > severity(r->status))
        r->status = status;
}

/* ------------------------------------------------------------ help */

static const char *const usage_text =
    "usage: sudoku COMMAND [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Commands:\n"
    "  solve    print the solution of each puzzle\n"
    "  check    tell whether each puzzle has one solution, none or several\n"
    "\n"
    "Run 'sudoku COMMAND --help' for a command's options.\n"
    "With no FILE, or with -, puzzles are read from standard input.\n";

static const char *const exit_text =
    "Exit status:\n"
    "   0  every puzzle has exactly one solution\n"
    "   1  some puzzle has no solution (contradictory clues included)\n"
    "   2  some puzzle has more than one solution, and none has zero\n"
    "  64  usage error\n"
    "  65  malformed input (other puzzles are still processed)\n"
    "  66  a file or directory cannot be opened\n"
    "  70  internal error (a computed solution failed verification)\n"
    "  74  output could not be written\n"
    "When puzzles end differently the most severe status wins, in the order\n"
    "74, 66, 65, 1, 2, 0.\n";

static const char *const input_text =
    "Input: one puzzle a line (81 or 64 cells; blanks . 0 _ * - x; text after\n"
    "the cells and a space is ignored), or grids of 9 or 8 rows with optional\n"
    "spaces, | ! separators and +---+ frames; several puzzles a file; # comment\n"
    "lines; pencil-mark grids. A directory is read recursively in name order.\n";

static void print_command_help(enum command cmd)
{
    if (cmd == CMD_SOLVE)
        fputs("usage: sudoku solve [OPTIONS] [FILE|DIR|-]...\n"
              "\n"
              "Prints the solution of each puzzle, in input order. A puzzle with no\n"
              "solution or several gets a message on standard error instead.\n"
              "\n"
              "Options:\n"
              "  -f, --format line|grid  one line per solution (default) or a drawn grid\n"
              "  -s, --size 9|8          read every puzzle as 9x9 or 8x8 brick-wall\n"
              "  -h, --help              show this help\n"
              "  -V, --version           show the version\n"
              "\n",
              stdout);
    else
        fputs("usage: sudoku check [OPTIONS] [FILE|DIR|-]...\n"
              "\n"
              "Prints 'PUZZLE VERDICT' for each puzzle, in input order; the verdict is\n"
              "unique, none, multiple or invalid (input that is not a puzzle: '-' then\n"
              "stands for the puzzle and standard error says why).\n"
              "\n"
              "Options:\n"
              "  -q, --quiet             print nothing; the exit status tells\n"
              "  -c, --count N           also print how many solutions there are, up to N\n"
              "                          ('>N' when there are more)\n"
              "  -s, --size 9|8          read every puzzle as 9x9 or 8x8 brick-wall\n"
              "  -h, --help              show this help\n"
              "  -V, --version           show the version\n"
              "\n",
              stdout);
    fputs(input_text, stdout);
    fputc('\n', stdout);
    fputs(exit_text, stdout);
}

static int usage_error(const char *fmt, const char *arg)
{
    fputs("sudoku: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'sudoku --help'.\n", stderr);
    return EXIT_USAGE;
}

/* ------------------------------------------------------------ commands */

enum verdict { VERDICT_UNIQUE, VERDICT_NONE, VERDICT_MULTIPLE, VERDICT_INVALID };

static const char *const verdict_name[] = { "unique", "none", "multiple", "invalid" };

static int verdict_status(enum verdict v)
{
    static const int status[] = { EXIT_UNIQUE, EXIT_NONE, EXIT_MULTIPLE, EXIT_DATAERR };
    return status[v];
}

/* What the exact solver says of one record. */
typedef struct outcome {
    enum verdict verdict;
    long solutions;                      /* found, up to the limit */
    char why[160];                       /* contradiction in the clues, if any */
    sudoku_grid grid;                    /* the clues */
    uint8_t solution[SUDOKU_MAX_CELLS];
} outcome;

static void evaluate(const sudoku_record *rec, long limit, outcome *o)
{
    o->why[0] = '\0';
    o->solutions = 0;
    if (!rec->ok) {
        o->verdict = VERDICT_INVALID;
        return;
    }
    if (!sudoku_grid_from_record(&o->grid, rec, o->why, sizeof o->why)) {
        o->verdict = VERDICT_NONE;
        return;
    }
    o->solutions = sudoku_solve(&o->grid, limit, o->solution, NULL);
    o->verdict = o->solutions == 0 ? VERDICT_NONE : o->solutions == 1 ? VERDICT_UNIQUE : VERDICT_MULTIPLE;
}

static void print_solution(const options *opt, const outcome *o)
{
    sudoku_grid solved = o->grid;
    for (int c = 0; c < solved.layout->ncells; c++)
        solved.digit[c] = o->solution[c];
    solved.empty = 0;
    if (opt->format == FORMAT_GRID) {
        sudoku_grid_print(&solved, stdout);
        fputc('\n', stdout);
    } else {
        char line[SUDOKU_MAX_CELLS + 1];
        sudoku_grid_to_line(&solved, line);
        puts(line);
    }
}

static void on_record(const sudoku_record *rec, void *ctx)
{
    run *r = ctx;
    const options *opt = r->opt;
    static outcome o; /* large; one record at a time */

    long limit = opt->command == CMD_CHECK && opt->count ? opt->count + 1 : 2;
    evaluate(rec, limit, &o);

    if (o.verdict == VERDICT_INVALID)
        fprintf(stderr, "%s:%ld: %s\n", rec->source, rec->line, rec->error);
    raise_status(r, verdict_status(o.verdict));

    if (o.verdict == VERDICT_UNIQUE || (o.verdict == VERDICT_MULTIPLE && opt->command == CMD_CHECK)) {
        /* Whatever is printed as a solution has been checked first. */
        if (!sudoku_solution_valid(rec, o.solution)) {
            fprintf(stderr, "%s:%ld: internal error: the solver's answer fails verification\n",
                    rec->source, rec->line);
            raise_status(r, EXIT_SOFTWARE);
            return;
        }
    }

    if (opt->command == CMD_SOLVE) {
        switch (o.verdict) {
        case VERDICT_UNIQUE:
            print_solution(opt, &o);
            break;
        case VERDICT_NONE:
            fprintf(stderr, "%s:%ld: no solution%s%s%s\n", rec->source, rec->line,
                    o.why[0] ? " (" : "", o.why, o.why[0] ? ")" : "");
            break;
        case VERDICT_MULTIPLE:
            fprintf(stderr, "%s:%ld: more than one solution\n", rec->source, rec->line);
            break;
        case VERDICT_INVALID:
            break;
        }
        return;
    }

    if (opt->quiet)
        return;
    char puzzle[SUDOKU_MAX_CELLS + 1] = "-";
    if (rec->ok)
        sudoku_grid_to_line(&o.grid, puzzle);
    printf("%s %s", puzzle, verdict_name[o.verdict]);
    if (opt->count && o.verdict != VERDICT_INVALID) {
        if (o.solutions > opt->count)
            printf(" >%ld", opt->count);
        else
            printf(" %ld", o.solutions);
    }
    putchar('\n');
}

static void on_input_error(const char *path, const char *reason, void *ctx)
{
    run *r = ctx;
    fprintf(stderr, "sudoku: %s: %s\n", path, reason);
    raise_status(r, EXIT_NOINPUT);
}

/* ------------------------------------------------------------ arguments */

/* Matches "-s", "--size" and "--size=V"; *value is the value if given. */
static bool option_is(const char *arg, const char *shortname, const char *longname, const char **value)
{
    *value = NULL;
    if (shortname && strcmp(arg, shortname) == 0)
        return true;
    size_t n = strlen(longname);
    if (strncmp(arg, longname, n) != 0)
        return false;
    if (arg[n] == '\0')
        return true;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return true;
    }
    return false;
}

/* Fetches an option's value from "--opt=V" or the next argument. */
static const char *option_value(const char *inline_value, int argc, char **argv, int *i)
{
    if (inline_value)
        return inline_value;
    if (*i + 1 < argc)
        return argv[++*i];
    return NULL;
}

static bool parse_long(const char *s, long min, long max, long *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

int main(int argc, char **argv)
{
    options opt = { .format = FORMAT_LINE };

    if (argc < 2)
        return usage_error("%s", "a command is needed: solve or check");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_text, stdout);
        fputc('\n', stdout);
        fputs(exit_text, stdout);
        return fflush(stdout) == 0 ? 0 : EXIT_IOERR;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        puts("sudoku " SUDOKU_VERSION);
        return fflush(stdout) == 0 ? 0 : EXIT_IOERR;
    }
    if (strcmp(cmd, "solve") == 0)
        opt.command = CMD_SOLVE;
    else if (strcmp(cmd, "check") == 0)
        opt.command = CMD_CHECK;
    else
        return usage_error("unknown command '%s'", cmd);

    char **operands = malloc((size_t)argc * sizeof *operands);
    if (!operands)
        return EXIT_SOFTWARE;
    int noperands = 0;
    bool options_done = false;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i], *v;
        long n;
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            operands[noperands++] = argv[i];
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (option_is(arg, "-h", "--help", &v)) {
            free(operands);
            print_command_help(opt.command);
            return fflush(stdout) == 0 ? 0 : EXIT_IOERR;
        } else if (option_is(arg, "-V", "--version", &v)) {
            free(operands);
            puts("sudoku " SUDOKU_VERSION);
            return fflush(stdout) == 0 ? 0 : EXIT_IOERR;
        } else if (option_is(arg, "-s", "--size", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 8, 9, &n)) {
                free(operands);
                return usage_error("--size takes 9 or 8, not '%s'", val ? val : "");
            }
            opt.size = (int)n;
        } else if (opt.command == CMD_SOLVE && option_is(arg, "-f", "--format", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (val && strcmp(val, "line") == 0)
                opt.format = FORMAT_LINE;
            else if (val && strcmp(val, "grid") == 0)
                opt.format = FORMAT_GRID;
            else {
                free(operands);
                return usage_error("--format takes line or grid, not '%s'", val ? val : "");
            }
        } else if (opt.command == CMD_CHECK && option_is(arg, "-c", "--count", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 1, 1000000000L, &n)) {
                free(operands);
                return usage_error("--count takes a number from 1 to 1000000000, not '%s'", val ? val : "");
            }
            opt.count = n;
        } else if (opt.command == CMD_CHECK && option_is(arg, "-q", "--quiet", &v) && !v) {
            opt.quiet = true;
        } else {
            free(operands);
            return usage_error("unknown option '%s'", arg);
        }
    }

    run r = { .opt = &opt, .status = EXIT_UNIQUE };
    inputs_read(operands, noperands, opt.size, on_record, on_input_error, &r);
    free(operands);

    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku: cannot write output: %s\n", strerror(errno));
        raise_status(&r, EXIT_IOERR);
    }
    return r.status;
}
