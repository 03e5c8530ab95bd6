/*
 * cli.c - the sudoku command: its commands, options, help and exit
 * statuses. The work on each record is in report.c, running it over all
 * inputs in batch.c; this file only decides what to run.
 */
#define _POSIX_C_SOURCE 200809L

#include "batch.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------ help */

static const char *const usage_text =
    "usage: sudoku COMMAND [OPTIONS] [FILE|DIR|-]...\n"
    "\n"
    "Commands:\n"
    "  solve    print the solution of each puzzle\n"
    "  check    tell whether each puzzle has one solution, none or several\n"
    "  grade    rate each puzzle: level, SE-scale ER/EP/ED, hardest technique\n"
    "  explain  show the solving path step by step\n"
    "  hint     show the next step, from a puzzle or a pencil-mark position\n"
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
    "70, 74, 66, 65, 1, 2, 0.\n";

static const char *const input_text =
    "Input: one puzzle a line (81 or 64 cells; blanks . 0 _ * - x; text after\n"
    "the cells and a space is ignored), or grids of 9 or 8 rows with optional\n"
    "spaces, | ! separators and +---+ frames; several puzzles a file; # comment\n"
    "lines; pencil-mark grids. A directory is read recursively in name order,\n"
    "hidden entries skipped.\n";

static const char *const common_options =
    "  -q, --quiet             no records on standard output (with --summary: the\n"
    "                          totals alone); the exit status tells\n"
    "      --summary           after the records, the totals: puzzles per verdict\n"
    "                          (and per level, ER min/median/max), time, puzzles/s\n"
    "  -j, --jobs N            worker threads (default: the processors online);\n"
    "                          the output is the same for any N\n"
    "      --progress          a progress line on standard error (by default only\n"
    "      --no-progress       when it is a terminal, and after a second)\n"
    "  -s, --size 9|8          read every puzzle as 9x9 or 8x8 brick-wall\n"
    "  -h, --help              show this help\n"
    "  -V, --version           show the version\n";

static const char *const tabular_text =
    "tsv and csv have a header line and the columns source, line, puzzle,\n"
    "verdict and the command's own; csv follows RFC 4180. json is JSON Lines,\n"
    "one object per puzzle with the same keys, plus error: null, or why the\n"
    "input is not a puzzle.\n";

static const char *const command_help[] = {
    [CMD_SOLVE] =
        "usage: sudoku solve [OPTIONS] [FILE|DIR|-]...\n"
        "\n"
        "Prints the solution of each puzzle, in input order. A puzzle with no\n"
        "solution or several gets a message on standard error instead.\n"
        "\n"
        "Options:\n"
        "  -f, --format FORMAT     line (default: one solution a line), grid (drawn),\n"
        "                          tsv, csv or json (column: solution), or svg (a\n"
        "                          picture: givens on grey, solved digits in italics)\n"
        "      --json              the same as --format json\n",
    [CMD_CHECK] =
        "usage: sudoku check [OPTIONS] [FILE|DIR|-]...\n"
        "\n"
        "Prints 'PUZZLE VERDICT' for each puzzle, in input order; the verdict is\n"
        "unique, none, multiple or invalid (input that is not a puzzle: '-' then\n"
        "stands for the puzzle and standard error says why).\n"
        "\n"
        "Options:\n"
        "  -c, --count N           also print how many solutions there are, up to N\n"
        "                          ('>N' when there are more)\n"
        "  -f, --format FORMAT     text (default), tsv, csv or json (column:\n"
        "                          solutions, counted up to N, 1 without --count)\n"
        "      --json              the same as --format json\n",
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
        "  -f, --format FORMAT     text (default), serate (Sudoku Explainer's\n"
        "                          'PUZZLE ED=ER/EP/ED'), tsv, csv or json (columns:\n"
        "                          level, er, ep, ed, hardest, guesses, depth; json\n"
        "                          adds steps, technique -> count)\n"
        "      --json              the same as --format json\n",
    [CMD_EXPLAIN] =
        "usage: sudoku explain [OPTIONS] [FILE|DIR|-]...\n"
        "\n"
        "Shows how each puzzle is solved: numbered steps in standard notation\n"
        "(r2c5<>3 removes candidate 3 from row 2 column 5; r4c7=5 places a 5),\n"
        "guesses where logic stalls, then the rating.\n"
        "\n"
        "Options:\n"
        "      --candidates        print the pencil-mark grid before each step that is\n"
        "                          not a single, '*' before the pattern's candidates,\n"
        "                          '-' before those the step removes\n"
        "  -f, --format FORMAT     text (default), json (JSON Lines: a puzzle a line,\n"
        "                          its rating and steps; see the README), svg (every\n"
        "                          step drawn, one picture a puzzle) or html (a\n"
        "                          self-contained page a puzzle)\n"
        "      --json              the same as --format json\n",
    [CMD_HINT] =
        "usage: sudoku hint [OPTIONS] [PUZZLE|FILE|-]...\n"
        "\n"
        "Shows the next step of each puzzle or pencil-mark position: the easiest\n"
        "technique that applies (or, where logic is stuck, a trial). A position\n"
        "with a wrong digit or a removed true candidate is reported as such on\n"
        "standard error (status 1) instead.\n"
        "\n"
        "Options:\n"
        "  -l, --level N           how much to tell: 1 the technique and where to look,\n"
        "                          2 also its digits and cells, 3 the whole step\n"
        "                          (default)\n"
        "  -f, --format FORMAT     text (default), json (the step as explain's JSON\n"
        "                          writes it, whatever the level) or svg (the step\n"
        "                          drawn, as much as the level tells)\n"
        "      --json              the same as --format json\n",
};

static void print_command_help(enum command cmd)
{
    fputs(command_help[cmd], stdout);
    fputs(common_options, stdout);
    if (cmd != CMD_EXPLAIN && cmd != CMD_HINT) {
        fputc('\n', stdout);
        fputs(tabular_text, stdout);
    }
    fputc('\n', stdout);
    fputs(input_text, stdout);
    fputc('\n', stdout);
    fputs(exit_text, stdout);
}

/* The command whose help a usage error points to, once it is known. */
static const char *help_command;

static int usage_error(const char *fmt, const char *arg)
{
    fputs("sudoku: ", stderr);
    fprintf(stderr, fmt, arg);
    if (help_command)
        fprintf(stderr, "\nTry 'sudoku %s --help'.\n", help_command);
    else
        fputs("\nTry 'sudoku --help'.\n", stderr);
    return EXIT_USAGE;
}

/* Flushes standard output; a write error is reported and becomes status 74. */
static int finish_output(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "sudoku: cannot write output: %s\n", strerror(errno));
        return worse_status(status, EXIT_IOERR);
    }
    return status;
}

static int print_version(void)
{
    puts("sudoku " SUDOKU_VERSION);
    return finish_output(0);
}

/* ------------------------------------------------------------ arguments */

/* Matches "-s", "-s9", "--size" and "--size=V"; *value is the value if given. */
static bool option_is(const char *arg, const char *shortname, const char *longname, const char **value)
{
    *value = NULL;
    if (shortname && strncmp(arg, shortname, 2) == 0) {
        if (arg[2])
            *value = arg + 2;
        return true;
    }
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

/* A flag: matches only without a value ("--quiet=yes" is an error). */
static bool flag_is(const char *arg, const char *shortname, const char *longname)
{
    const char *v;
    return option_is(arg, shortname, longname, &v) && !v;
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

static const char *const format_names[] = {
    [FORMAT_LINE] = "line", [FORMAT_GRID] = "grid", [FORMAT_TEXT] = "text", [FORMAT_TSV] = "tsv",
    [FORMAT_CSV] = "csv", [FORMAT_JSON] = "json", [FORMAT_SERATE] = "serate", [FORMAT_SVG] = "svg",
    [FORMAT_HTML] = "html",
};
enum { NFORMATS = sizeof format_names / sizeof format_names[0] };

/* The formats each command takes, in enum format order. */
static const bool format_allowed[][NFORMATS] = {
    [CMD_SOLVE] = { true, true, false, true, true, true, false, true, false },
    [CMD_CHECK] = { false, false, true, true, true, true, false, false, false },
    [CMD_GRADE] = { false, false, true, true, true, true, true, false, false },
    [CMD_EXPLAIN] = { false, false, true, false, false, true, false, true, true },
    [CMD_HINT] = { false, false, true, false, false, true, false, true, false },
};

static const char *const format_usage[] = {
    [CMD_SOLVE] = "--format takes line, grid, tsv, csv, json or svg, not '%s'",
    [CMD_CHECK] = "--format takes text, tsv, csv or json, not '%s'",
    [CMD_GRADE] = "--format takes text, serate, tsv, csv or json, not '%s'",
    [CMD_EXPLAIN] = "--format takes text, json, svg or html, not '%s'",
    [CMD_HINT] = "--format takes text, json or svg, not '%s'",
};

static bool parse_format(enum command cmd, const char *name, enum format *out)
{
    for (int f = 0; name && f < NFORMATS; f++) {
        if (format_allowed[cmd][f] && strcmp(name, format_names[f]) == 0) {
            *out = (enum format)f;
            return true;
        }
    }
    return false;
}

static int online_processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

/* Parses the options after the command; returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, options *opt, char **operands, int *noperands)
{
    bool options_done = false;
    *noperands = 0;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i], *v;
        long n;
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            operands[(*noperands)++] = argv[i];
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (flag_is(arg, "-h", "--help")) {
            print_command_help(opt->command);
            return finish_output(0);
        } else if (flag_is(arg, "-V", "--version")) {
            return print_version();
        } else if (option_is(arg, "-s", "--size", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 8, 9, &n))
                return usage_error("--size takes 9 or 8, not '%s'", val ? val : "");
            opt->size = (int)n;
        } else if (option_is(arg, "-j", "--jobs", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 1, 256, &n))
                return usage_error("--jobs takes a number from 1 to 256, not '%s'", val ? val : "");
            opt->jobs = (int)n;
        } else if (option_is(arg, "-f", "--format", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_format(opt->command, val, &opt->format))
                return usage_error(format_usage[opt->command], val ? val : "");
        } else if (flag_is(arg, NULL, "--json")) {
            opt->format = FORMAT_JSON;
        } else if (opt->command == CMD_CHECK && option_is(arg, "-c", "--count", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 1, 1000000000L, &n))
                return usage_error("--count takes a number from 1 to 1000000000, not '%s'", val ? val : "");
            opt->count = n;
        } else if (flag_is(arg, "-q", "--quiet")) {
            opt->quiet = true;
        } else if (flag_is(arg, NULL, "--summary")) {
            opt->summary = true;
        } else if (flag_is(arg, NULL, "--progress")) {
            opt->progress = 1;
        } else if (flag_is(arg, NULL, "--no-progress")) {
            opt->progress = 0;
        } else if (opt->command == CMD_EXPLAIN && flag_is(arg, NULL, "--candidates")) {
            opt->candidates = true;
        } else if (opt->command == CMD_HINT && option_is(arg, "-l", "--level", &v)) {
            const char *val = option_value(v, argc, argv, &i);
            if (!parse_long(val, 1, 3, &n))
                return usage_error("--level takes 1, 2 or 3, not '%s'", val ? val : "");
            opt->level = (int)n;
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
        [CMD_HINT] = "hint",
    };
    static const int ncommands = (int)(sizeof commands / sizeof commands[0]);

    if (argc < 2)
        return usage_error("%s", "a command is needed: solve, check, grade, explain or hint");
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
    while (c < ncommands && strcmp(cmd, commands[c]) != 0)
        c++;
    if (c == ncommands)
        return usage_error("unknown command '%s'", cmd);

    options opt = { .command = (enum command)c, .progress = -1, .jobs = online_processors() };
    help_command = commands[c];
    opt.format = opt.command == CMD_SOLVE ? FORMAT_LINE : FORMAT_TEXT;

    char **operands = malloc((size_t)argc * sizeof *operands);
    if (!operands)
        return EXIT_SOFTWARE;
    int noperands;
    int status = parse_options(argc, argv, &opt, operands, &noperands);
    if (status < 0)
        status = batch_run(&opt, operands, noperands);
    free(operands);
    return status;
}
