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

enum command { CMD_SOLVE, CMD_CHECK, CMD_GRADE, CMD_EXPLAIN };
enum format { FORMAT_LINE, FORMAT_GRID, FORMAT_TEXT, FORMAT_JSON, FORMAT_SERATE };

typedef struct options {
    enum command command;
    enum format format;
    int size;          /* 0, 9 or 8 */
    long count;        /* check --count N, 0 if not given */
    bool quiet;
    bool candidates;   /* explain --candidates */
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
    "  grade    rate each puzzle: level, SE-scale ER/EP/ED, hardest technique\n"
    "  explain  show the solving path step by step\n"
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

static const char *const common_options =
    "  -s, --size 9|8          read every puzzle as 9x9 or 8x8 brick-wall\n"
    "  -h, --help              show this help\n"
    "  -V, --version           show the version\n";

static const char *const command_help[] = {
    [CMD_SOLVE] =
        "usage: sudoku solve [OPTIONS] [FILE|DIR|-]...\n"
        "\n"
        "Prints the solution of each puzzle, in input order. A puzzle with no\n"
        "solution or several gets a message on standard error instead.\n"
        "\n"
        "Options:\n"
        "  -f, --format line|grid  one line per solution (default) or a drawn grid\n",
    [CMD_CHECK] =
        "usage: sudoku check [OPTIONS] [FILE|DIR|-]...\n"
        "\n"
        "Prints 'PUZZLE VERDICT' for each puzzle, in input order; the verdict is\n"
        "unique, none, multiple or invalid (input that is not a puzzle: '-' then\n"
        "stands for the puzzle and standard error says why).\n"
        "\n"
        "Options:\n"
        "  -q, --quiet             print nothing; the exit status tells\n"
        "  -c, --count N           also print how many solutions there are, up to N\n"
        "                          ('>N' when there are more)\n",
    [CMD_GRADE] =
        "usage: sudoku grade [OPTIONS] [FILE|DIR|-]...\n"
        "\n"
        "Rates each puzzle by solving it the way a person does, always with the\n"
        "easiest technique available, and prints, in input order:\n"
        "  PUZZLE LEVEL ER/EP/ED HARDEST GUESSES\n"
        "LEVEL is easy (singles), medium (+ locked candidates), hard (+ subsets),\n"
        "expert (+ fish) or extreme (guessing needed). ER, EP and ED are Sudoku\n"
        "Explainer's ratings: the hardest step, the hardest up to the first\n"
        "placement, the first step; '-' where logic did not get there. HARDEST is\n"
        "the technique that reached ER ('guessing' for extreme puzzles), GUESSES\n"
        "the guesses the exact search needed once logic stalled. A puzzle without\n"
        "exactly one solution gets 'PUZZLE VERDICT' as in check.\n"
        "\n"
        "Options:\n"
        "      --json              JSON Lines: one object per puzzle\n"
        "  -f, --format text|json|serate\n"
        "                          serate: Sudoku Explainer's 'PUZZLE ED=ER/EP/ED'\n",
    [CMD_EXPLAIN] =
        "usage: sudoku explain [OPTIONS] [FILE|-]...\n"
        "\n"
        "Shows how each puzzle is solved: numbered steps in standard notation\n"
        "(r2c5<>3 removes candidate 3 from row 2 column 5; r4c7=5 places a 5),\n"
        "guesses where logic stalls, then the rating.\n"
        "\n"
        "Options:\n"
        "      --candidates        print the pencil-mark grid before each step\n",
};

static void print_command_help(enum command cmd)
{
    fputs(command_help[cmd], stdout);
    fputs(common_options, stdout);
    fputc('\n', stdout);
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

/* ------------------------------------------------------------ verdicts */

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

/* The clues as read, one line ('-' for input that is not a puzzle). The
 * grid is no use here: loading stops at the first clue that clashes. */
static void record_line(const sudoku_record *rec, char *buf)
{
    if (!rec->ok) {
        strcpy(buf, "-");
        return;
    }
    int ncells = rec->layout->ncells;
    for (int c = 0; c < ncells; c++)
        buf[c] = sudoku_digit_char(rec->given[c]);
    buf[ncells] = '\0';
}

/* A solved copy of the clue grid, for printing. */
static void solved_grid(const outcome *o, sudoku_grid *solved)
{
    *solved = o->grid;
    for (int c = 0; c < solved->layout->ncells; c++) {
        solved->digit[c] = o->solution[c];
        solved->cand[c] = 0;
    }
    solved->empty = 0;
}

/* "2.6", or "-" for a rating logic did not reach. */
static const char *rating_text(int tenths, char *buf, size_t size)
{
    if (tenths < 0)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%d.%d", tenths / 10, tenths % 10);
    return buf;
}

/* The same, as a JSON value. */
static const char *rating_json(int tenths, char *buf, size_t size)
{
    return tenths < 0 ? "null" : rating_text(tenths, buf, size);
}

/* Writes s as a JSON string. */
static void put_json_string(const char *s, FILE *out)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

/* ------------------------------------------------------------ commands */

static void report_unsolvable(const sudoku_record *rec, const outcome *o)
{
    if (o->verdict == VERDICT_NONE)
        fprintf(stderr, "%s:%ld: no solution%s%s%s\n", rec->source, rec->line,
                o->why[0] ? " (" : "", o->why, o->why[0] ? ")" : "");
    else if (o->verdict == VERDICT_MULTIPLE)
        fprintf(stderr, "%s:%ld: more than one solution\n", rec->source, rec->line);
}

static void command_solve(const options *opt, const sudoku_record *rec, const outcome *o)
{
    if (o->verdict != VERDICT_UNIQUE) {
        report_unsolvable(rec, o);
        return;
    }
    sudoku_grid solved;
    solved_grid(o, &solved);
    if (opt->format == FORMAT_GRID) {
        sudoku_grid_print(&solved, stdout);
        fputc('\n', stdout);
    } else {
        char line[SUDOKU_MAX_CELLS + 1];
        sudoku_grid_to_line(&solved, line);
        puts(line);
    }
}

static void command_check(const options *opt, const sudoku_record *rec, const outcome *o)
{
    if (opt->quiet)
        return;
    char puzzle[SUDOKU_MAX_CELLS + 1];
    record_line(rec, puzzle);
    printf("%s %s", puzzle, verdict_name[o->verdict]);
    if (opt->count && o->verdict != VERDICT_INVALID) {
        if (o->solutions > opt->count)
            printf(" >%ld", opt->count);
        else
            printf(" %ld", o->solutions);
    }
    putchar('\n');
}

static void grade_json(const sudoku_record *rec, const outcome *o, const sudoku_rating *g)
{
    char puzzle[SUDOKU_MAX_CELLS + 1], a[16], b[16], c[16];
    record_line(rec, puzzle);
    fputs("{\"source\":", stdout);
    put_json_string(rec->source, stdout);
    printf(",\"line\":%ld,\"puzzle\":", rec->line);
    put_json_string(puzzle, stdout);
    printf(",\"verdict\":\"%s\"", verdict_name[o->verdict]);
    if (!g) {
        fputs(",\"level\":null,\"er\":null,\"ep\":null,\"ed\":null,\"hardest\":null,"
              "\"guesses\":null,\"depth\":null,\"steps\":null}\n", stdout);
        return;
    }
    const sudoku_technique *table = sudoku_technique_table();
    printf(",\"level\":\"%s\",\"er\":%s,\"ep\":%s,\"ed\":%s,\"hardest\":", sudoku_level_name(g->level),
           rating_json(g->er, a, sizeof a), rating_json(g->ep, b, sizeof b), rating_json(g->ed, c, sizeof c));
    if (g->hardest >= 0)
        printf("\"%s\"", table[g->hardest].id);
    else
        fputs(g->level == SUDOKU_LEVEL_EXTREME ? "\"guessing\"" : "null", stdout);
    printf(",\"guesses\":%lu,\"depth\":%d,\"steps\":{", g->guesses, g->depth);
    const char *sep = "";
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++) {
        if (g->count[t]) {
            printf("%s\"%s\":%d", sep, table[t].id, g->count[t]);
            sep = ",";
        }
    }
    fputs("}}\n", stdout);
}

static void command_grade(const options *opt, const sudoku_record *rec, const outcome *o)
{
    char puzzle[SUDOKU_MAX_CELLS + 1], a[16], b[16], c[16];
    sudoku_rating g;
    if (o->verdict == VERDICT_UNIQUE)
        sudoku_rate(&o->grid, &g);

    if (opt->format == FORMAT_JSON) {
        grade_json(rec, o, o->verdict == VERDICT_UNIQUE ? &g : NULL);
        return;
    }
    record_line(rec, puzzle);
    if (o->verdict != VERDICT_UNIQUE) {
        if (opt->format == FORMAT_SERATE)
            report_unsolvable(rec, o); /* no line: serate lines are ratings only */
        else
            printf("%s %s\n", puzzle, verdict_name[o->verdict]);
        return;
    }
    if (opt->format == FORMAT_SERATE) {
        printf("%s ED=%s/%s/%s\n", puzzle, rating_text(g.er, a, sizeof a), rating_text(g.ep, b, sizeof b),
               rating_text(g.ed, c, sizeof c));
        return;
    }
    const char *hardest = g.hardest >= 0 ? sudoku_technique_table()[g.hardest].id
                          : g.level == SUDOKU_LEVEL_EXTREME ? "guessing" : "none";
    printf("%s %s %s/%s/%s %s %lu\n", puzzle, sudoku_level_name(g.level), rating_text(g.er, a, sizeof a),
           rating_text(g.ep, b, sizeof b), rating_text(g.ed, c, sizeof c), hardest, g.guesses);
}

/* ------------------------------------------------------------ explain */

typedef struct explainer {
    const options *opt;
    int number;         /* steps shown so far */
} explainer;

static bool explain_step(const sudoku_grid *before, const sudoku_step *step, void *ctx)
{
    explainer *e = ctx;
    char line[4096];
    if (e->opt->candidates) {
        putchar('\n');
        sudoku_grid_print_candidates(before, stdout);
    }
    sudoku_step_describe(before, step, line, sizeof line);
    printf("%d. %s\n", ++e->number, line);
    return true;
}

/*
 * Where logic stalls, a guess: the cell with the fewest candidates, its
 * digits in order. A digit that leaves no solution is shown refuted; the
 * one that leads on is placed, and logic resumes.
 */
static void explain_guess(explainer *e, sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    int cell = -1, best = SUDOKU_MAX_N + 1;
    for (int c = 0; c < l->ncells; c++) {
        if (g->digit[c])
            continue;
        int k = 0;
        for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1))
            k++;
        if (k < best) {
            best = k;
            cell = c;
        }
    }
    char name[16];
    sudoku_cell_name(l, cell, name, sizeof name);
    for (int d = 1; d <= l->n; d++) {
        if (!(g->cand[cell] & sudoku_bit(d)))
            continue;
        sudoku_grid trial = *g;
        sudoku_grid_place(&trial, cell, d);
        if (sudoku_solve(&trial, 1, NULL, NULL) == 0) {
            printf("%d. Guess: %s=%d leads to a contradiction (found by search) => %s<>%d\n", ++e->number,
                   name, d, name, d);
            sudoku_grid_eliminate(g, cell, d);
            continue;
        }
        printf("%d. Guess: %s=%d (one of %d candidates) leads to the solution\n", ++e->number, name, d, best);
        sudoku_grid_place(g, cell, d);
        return;
    }
}

static void command_explain(const options *opt, const sudoku_record *rec, const outcome *o)
{
    char puzzle[SUDOKU_MAX_CELLS + 1], a[16], b[16], c[16];
    if (o->verdict != VERDICT_UNIQUE) {
        report_unsolvable(rec, o);
        return;
    }
    record_line(rec, puzzle);
    printf("Puzzle %s (%s:%ld)\n", puzzle, rec->source, rec->line);

    explainer e = { opt, 0 };
    sudoku_grid g = o->grid;
    sudoku_path path;
    for (;;) {
        sudoku_logic_run(&g, SUDOKU_ORDER_RATING, &path, explain_step, &e);
        if (!path.stalled)
            break;
        if (opt->candidates) {
            puts("\nLogic is stuck here:");
            sudoku_grid_print_candidates(&g, stdout);
        }
        explain_guess(&e, &g);
    }

    sudoku_grid solved;
    solved_grid(o, &solved);
    sudoku_grid_to_line(&solved, puzzle);
    printf("Solution %s\n", puzzle);

    sudoku_rating r;
    sudoku_rate(&o->grid, &r);
    printf("Rating: %s, ER/EP/ED %s/%s/%s, hardest %s", sudoku_level_name(r.level),
           rating_text(r.er, a, sizeof a), rating_text(r.ep, b, sizeof b), rating_text(r.ed, c, sizeof c),
           r.hardest >= 0 ? sudoku_technique_table()[r.hardest].name : r.level == SUDOKU_LEVEL_EXTREME ? "guessing" : "none");
    if (r.level == SUDOKU_LEVEL_EXTREME)
        printf(", %lu guesses, depth %d", r.guesses, r.depth);
    printf("\n\n");
}

/* ------------------------------------------------------------ records */

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

    if (o.verdict == VERDICT_UNIQUE || o.verdict == VERDICT_MULTIPLE) {
        /* Whatever is printed as a solution has been checked first. */
        if (!sudoku_solution_valid(rec, o.solution)) {
            fprintf(stderr, "%s:%ld: internal error: the solver's answer fails verification\n",
                    rec->source, rec->line);
            raise_status(r, EXIT_SOFTWARE);
            return;
        }
    }

    switch (opt->command) {
    case CMD_SOLVE: command_solve(opt, rec, &o); break;
    case CMD_CHECK: command_check(opt, rec, &o); break;
    case CMD_GRADE: command_grade(opt, rec, &o); break;
    case CMD_EXPLAIN: command_explain(opt, rec, &o); break;
    }
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

/* The --format names each command takes, in enum format order. */
static bool parse_format(enum command cmd, const char *name, enum format *out)
{
    static const char *const names[] = { "line", "grid", "text", "json", "serate" };
    static const bool allowed[][5] = {
        [CMD_SOLVE] = { true, true, false, false, false },
        [CMD_GRADE] = { false, false, true, true, true },
    };
    for (int f = 0; name && f < 5; f++) {
        if (allowed[cmd][f] && strcmp(name, names[f]) == 0) {
            *out = (enum format)f;
            return true;
        }
    }
    return false;
}

/* Flushes standard output; a write error is reported and becomes status 74. */
static int finish_output(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku: cannot write output: %s\n", strerror(errno));
        return severity(EXIT_IOERR) > severity(status) ? EXIT_IOERR : status;
    }
    return status;
}

static int print_version(void)
{
    puts("sudoku " SUDOKU_VERSION);
    return finish_output(0);
}

/* Parses the options after the command; returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, options *opt, char **operands, int *noperands)
{
    static const char *const format_usage[] = {
        [CMD_SOLVE] = "--format takes line or grid, not '%s'",
        [CMD_GRADE] = "--format takes text, json or serate, not '%s'",
    };
    bool options_done = false;
    *noperands = 0;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i], *v;
        long n;
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            operands[(*noperands)++] = argv[i];
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (option_is(arg, "-h", "--help", &v) && !v) {
            print_command_help(opt->command);
            return finish_output(0);
        } else if (option_is(arg, "-V", "--version", &v) && !v) {
            return print_version();
        } else if (option_is(arg, "-s", "--size", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 8, 9, &n))
                return usage_error("--size takes 9 or 8, not '%s'", val ? val : "");
            opt->size = (int)n;
        } else if ((opt->command == CMD_SOLVE || opt->command == CMD_GRADE) &&
                   option_is(arg, "-f", "--format", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_format(opt->command, val, &opt->format))
                return usage_error(format_usage[opt->command], val ? val : "");
        } else if (opt->command == CMD_GRADE && option_is(arg, NULL, "--json", &v) && !v) {
            opt->format = FORMAT_JSON;
        } else if (opt->command == CMD_CHECK && option_is(arg, "-c", "--count", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 1, 1000000000L, &n))
                return usage_error("--count takes a number from 1 to 1000000000, not '%s'", val ? val : "");
            opt->count = n;
        } else if (opt->command == CMD_CHECK && option_is(arg, "-q", "--quiet", &v) && !v) {
            opt->quiet = true;
        } else if (opt->command == CMD_EXPLAIN && option_is(arg, NULL, "--candidates", &v) && !v) {
            opt->candidates = true;
        } else {
            return usage_error("unknown option '%s'", arg);
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    static const char *const commands[] = {
        [CMD_SOLVE] = "solve", [CMD_CHECK] = "check", [CMD_GRADE] = "grade", [CMD_EXPLAIN] = "explain",
    };
    options opt = { 0 };

    if (argc < 2)
        return usage_error("%s", "a command is needed: solve, check, grade or explain");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_text, stdout);
        fputc('\n', stdout);
        fputs(exit_text, stdout);
        return finish_output(0);
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0)
        return print_version();

    int c = 0;
    while (c < (int)(sizeof commands / sizeof commands[0]) && strcmp(cmd, commands[c]) != 0)
        c++;
    if (c == (int)(sizeof commands / sizeof commands[0]))
        return usage_error("unknown command '%s'", cmd);
    opt.command = (enum command)c;
    opt.format = opt.command == CMD_SOLVE ? FORMAT_LINE : FORMAT_TEXT;

    char **operands = malloc((size_t)argc * sizeof *operands);
    if (!operands)
        return EXIT_SOFTWARE;
    int noperands;
    int status = parse_options(argc, argv, &opt, operands, &noperands);
    if (status >= 0) {
        free(operands);
        return status;
    }

    run r = { .opt = &opt, .status = EXIT_UNIQUE };
    inputs_read(operands, noperands, opt.size, on_record, on_input_error, &r);
    free(operands);
    return finish_output(r.status);
}
