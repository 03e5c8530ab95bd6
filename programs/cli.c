/*
 * cli.c - the sudoku command: its commands, options, help and exit
 * statuses. The work on each record is in report.c, running it over all
 * inputs in batch.c; this file only decides what to run.
 */
#define _POSIX_C_SOURCE 200809L

#include "batch.h"
#include "outdir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------ help */

static const char *const usage_text =
    "usage: sudoku COMMAND [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
    "\n"
    "Commands:\n"
    "  solve    print the solution of each puzzle\n"
    "  check    tell whether each puzzle has one solution, none or several\n"
    "  grade    rate each puzzle: level, SE-scale ER/EP/ED, hardest technique\n"
    "  explain  show the solving path step by step\n"
    "  hint     show the next step, from a puzzle or a pencil-mark position\n"
    "  print    lay out puzzles for print: a page of grids, solutions at the end\n"
    "\n"
    "Run 'sudoku COMMAND --help' or 'sudoku help COMMAND' for a command's options.\n"
    "With no FILE, or with -, puzzles are read from standard input.\n";

static const char *const exit_text =
    "Exit status:\n"
    "   0  every puzzle has exactly one solution\n"
    "   1  some puzzle has no solution (contradictory clues included)\n"
    "   2  some puzzle has more than one solution, and none has zero\n"
    "  64  usage error\n"
    "  65  malformed input, or a compressed or binary file named as an operand\n"
    "      (other puzzles are still processed)\n"
    "  66  a file or directory cannot be opened, or is the output file\n"
    "  70  internal error (a computed solution failed verification), or out of\n"
    "      memory (the run stops at a record, the ones before it complete)\n"
    "  74  output could not be written\n"
    "When puzzles end differently the most severe status wins, in the order\n"
    "70, 74, 66, 65, 1, 2, 0.\n";

static const char *const input_text =
    "Input: one puzzle a line (81 or 64 cells; blanks . 0 _ * - x; text after\n"
    "the cells and a space is ignored), or grids of 9 or 8 rows with optional\n"
    "spaces, | ! separators and +---+ frames; several puzzles a file; # comment\n"
    "lines; pencil-mark grids. A directory is read recursively in name order,\n"
    "hidden entries skipped; in it, what is not a regular file (a FIFO, a device)\n"
    "and files with no puzzle in them (binary, compressed, other text) are\n"
    "skipped with a notice. A compressed or binary file named as an operand is\n"
    "named for what it is (status 65), the file standard output goes to is not\n"
    "read (status 66). An operand that names no file but reads as a puzzle (81\n"
    "cells on one line, say), or holds only cells (17 or more), is that puzzle,\n"
    "named '<arg N>' in messages, N its place on the command line.\n";

static const char *const common_options =
    "  -e, --puzzle PUZZLE     a puzzle given as text (one line, or a grid with\n"
    "                          line breaks); may be repeated, read in its place\n"
    "                          among the operands\n"
    "  -H, --with-source       start each text record with 'FILE:LINE:' (as grep\n"
    "                          -Hn does; a line of its own before a grid)\n"
    "  -q, --quiet             no records on standard output (with --summary: the\n"
    "                          totals alone); the exit status tells\n"
    "      --summary           after the records, the totals: puzzles per verdict\n"
    "                          (and per level, ER min/median/max), time, puzzles/s;\n"
    "                          one JSON object with json, on standard error with\n"
    "                          line, serate, tsv and csv\n"
    "  -j, --jobs N            worker threads (default: the processors online);\n"
    "                          the output is the same for any N\n"
    "      --progress          a progress line on standard error (by default only\n"
    "      --no-progress       when it is a terminal, after a second, and not\n"
    "                          while puzzles are typed in at a terminal)\n"
    "  -s, --size 9|8          read every puzzle as 9x9 or 8x8 brick-wall\n"
    "  -h, --help              show this help\n"
    "  -V, --version           show the version\n";

static const char *const tabular_text =
    "tsv and csv have a header line and the columns source, line, puzzle,\n"
    "verdict and the command's own; csv follows RFC 4180. json is JSON Lines,\n"
    "one object per puzzle with the same keys, plus error: null, or why the\n"
    "input is not a puzzle.\n";

/* -o, for the commands that draw pictures or pages. */
#define OUTPUT_DIR_HELP                                                                  \
    "  -o, --output-dir DIR    svg, html: a file per puzzle (and per step for\n"        \
    "                          explain svg) in DIR, named from the puzzle's file and\n" \
    "                          line (hard.txt-12.svg, hard.txt-12-step-021.svg);\n"     \
    "                          their names on standard output\n"

/* The option that restricts the technique table, for grade, explain and hint. */
#define TECHNIQUES_HELP                                                                  \
    "  -T, --techniques ID     use the techniques up to ID in the table only, e.g.\n"    \
    "                          aligned-pair-exclusion for a grade without chains\n"     \
    "                          (ids: sudoku grade --json, or the README)\n"

static const char *const command_help[] = {
    [CMD_SOLVE] =
        "usage: sudoku solve [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
        "\n"
        "Prints the solution of each puzzle, in input order, one line for each\n"
        "record so that outputs line up (paste, diff): a puzzle with no solution\n"
        "gets the line 'none', one with several 'multiple', input that is not a\n"
        "puzzle 'invalid', and standard error says why.\n"
        "\n"
        "Options:\n"
        "  -f, --format FORMAT     line (default: one solution a line), grid (drawn),\n"
        "                          tsv, csv or json (column: solution), or svg (a\n"
        "                          picture: givens on grey, solved digits in italics;\n"
        "                          one puzzle, or -o DIR)\n"
        "      --json              the same as --format json\n"
        OUTPUT_DIR_HELP,
    [CMD_CHECK] =
        "usage: sudoku check [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
        "\n"
        "Prints 'PUZZLE VERDICT' for each puzzle, in input order; the verdict is\n"
        "unique, none, multiple or invalid (input that is not a puzzle: '-' then\n"
        "stands for the puzzle and standard error says why). For a puzzle with no\n"
        "solution, standard error says why, as solve does.\n"
        "\n"
        "Options:\n"
        "  -c, --count N           also print how many solutions there are, up to N\n"
        "                          ('>N' when there are more)\n"
        "  -a, --all               after each puzzle, its solutions, one a line,\n"
        "                          indented: up to N with --count N (default 100);\n"
        "                          with json, the array 'all'\n"
        "  -f, --format FORMAT     text (default), tsv, csv or json (column:\n"
        "                          solutions, counted up to N, 1 without --count)\n"
        "      --json              the same as --format json\n",
    [CMD_GRADE] =
        "usage: sudoku grade [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
        "\n"
        "Rates each puzzle by solving it the way a person does, always with the\n"
        "easiest technique available, and prints, in input order:\n"
        "  PUZZLE LEVEL ER/EP/ED HARDEST GUESSES\n"
        "LEVEL is easy (singles), medium (+ locked candidates), hard (+ subsets),\n"
        "expert (+ fish, wings, uniqueness, aligned exclusion) or extreme (+ forcing\n"
        "chains). ER, EP and ED are Sudoku Explainer 1.2.1's ratings: the hardest\n"
        "step, the hardest up to the first placement, the first step. HARDEST is\n"
        "the technique that reached ER. With every technique on, logic solves every\n"
        "puzzle that has one solution; where --techniques leaves it stalled, the\n"
        "exact search finishes: ER is '-', HARDEST 'guessing', GUESSES counts the\n"
        "guesses it made (0 otherwise). A puzzle without exactly one solution gets\n"
        "'PUZZLE VERDICT -/-/- - -' (VERDICT as in check), so that every row has\n"
        "the same columns.\n"
        "\n"
        "Options:\n"
        "  -f, --format FORMAT     text (default), serate (Sudoku Explainer's\n"
        "                          'PUZZLE ED=ER/EP/ED'), tsv, csv or json (columns:\n"
        "                          level, er, ep, ed, hardest, guesses, depth; json\n"
        "                          adds steps, technique -> count)\n"
        "      --json              the same as --format json\n"
        TECHNIQUES_HELP,
    [CMD_EXPLAIN] =
        "usage: sudoku explain [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
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
        "                          its rating and steps; see the README), svg (the\n"
        "                          steps drawn, one picture a puzzle; with -o a file\n"
        "                          a step) or html (one self-contained page, a\n"
        "                          section a puzzle)\n"
        "      --json              the same as --format json\n"
        "      --step N            only step N (text, json, svg, html)\n"
        "      --steps A-B         only steps A to B ('A-' to the end)\n"
        "      --position          with --step N: the pencil-mark grid before step N,\n"
        "                          as hint and explain read it back\n"
        OUTPUT_DIR_HELP
        TECHNIQUES_HELP,
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
        "      --json              the same as --format json\n"
        OUTPUT_DIR_HELP
        TECHNIQUES_HELP,
    [CMD_PRINT] =
        "usage: sudoku print [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
        "\n"
        "Lays out the puzzles for print as one HTML page (A4, print CSS) that a\n"
        "browser prints as it is: empty grids with their clues, a number, the level\n"
        "and ER under each, the solutions twelve a page at the end. Puzzles without\n"
        "exactly one solution are left out, and standard error says why.\n"
        "  sudoku print --per-page 6 p.txt > book.html\n"
        "  chromium --headless --print-to-pdf=book.pdf book.html\n"
        "\n"
        "Options:\n"
        "  -n, --per-page N        puzzles a page: 1, 2, 4 (default) or 6\n"
        "  -f, --format FORMAT     html (the only one)\n"
        TECHNIQUES_HELP,
};

static void print_command_help(enum command cmd)
{
    fputs(command_help[cmd], stdout);
    fputs(common_options, stdout);
    if (cmd != CMD_EXPLAIN && cmd != CMD_HINT && cmd != CMD_PRINT) {
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

/* A usage error; 'arg', what the user typed, is escaped (sb_put_name). */
static int usage_error(const char *fmt, const char *arg)
{
    strbuf shown = { 0 };
    sb_put_name(&shown, arg ? arg : "");
    fputs("sudoku: ", stderr);
    fprintf(stderr, fmt, shown.failed || !shown.data ? "" : shown.data);
    sb_free(&shown);
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

/* Fetches an option's value from "--opt=V" or the next argument; NULL
 * when there is none. */
static const char *option_value(const char *inline_value, int argc, char **argv, int *i)
{
    if (inline_value)
        return inline_value;
    if (*i + 1 < argc)
        return argv[++*i];
    return NULL;
}

/* A number written as plain decimal digits: no sign, no blanks. */
static bool parse_long(const char *s, long min, long max, long *out)
{
    if (!s || *s < '0' || *s > '9')
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static const char *const format_names[NFORMATS] = {
    [FORMAT_LINE] = "line", [FORMAT_GRID] = "grid", [FORMAT_TEXT] = "text", [FORMAT_TSV] = "tsv",
    [FORMAT_CSV] = "csv", [FORMAT_JSON] = "json", [FORMAT_SERATE] = "serate", [FORMAT_SVG] = "svg",
    [FORMAT_HTML] = "html",
};

/* The commands: a new one is a line here, its help text and its case in report.c. */
static const struct command_info {
    const char *name;
    enum format formats[NFORMATS];   /* the formats it takes, its default first */
    int nformats;
} commands[NCOMMANDS] = {
    [CMD_SOLVE] = { "solve", { FORMAT_LINE, FORMAT_GRID, FORMAT_TSV, FORMAT_CSV, FORMAT_JSON, FORMAT_SVG }, 6 },
    [CMD_CHECK] = { "check", { FORMAT_TEXT, FORMAT_TSV, FORMAT_CSV, FORMAT_JSON }, 4 },
    [CMD_GRADE] = { "grade", { FORMAT_TEXT, FORMAT_SERATE, FORMAT_TSV, FORMAT_CSV, FORMAT_JSON }, 5 },
    [CMD_EXPLAIN] = { "explain", { FORMAT_TEXT, FORMAT_JSON, FORMAT_SVG, FORMAT_HTML }, 4 },
    [CMD_HINT] = { "hint", { FORMAT_TEXT, FORMAT_JSON, FORMAT_SVG }, 3 },
    [CMD_PRINT] = { "print", { FORMAT_HTML }, 1 },
};

static bool parse_format(enum command cmd, const char *name, enum format *out)
{
    for (int i = 0; name && i < commands[cmd].nformats; i++) {
        if (strcmp(name, format_names[commands[cmd].formats[i]]) == 0) {
            *out = commands[cmd].formats[i];
            return true;
        }
    }
    return false;
}

/* "--format takes line, grid, tsv, csv or json, not '%s'" */
static int format_error(enum command cmd, const char *value)
{
    char message[160] = "--format takes ";
    const struct command_info *c = &commands[cmd];
    for (int i = 0; i < c->nformats; i++) {
        strcat(message, format_names[c->formats[i]]);
        strcat(message, i + 2 < c->nformats ? ", " : i + 2 == c->nformats ? " or " : "");
    }
    strcat(message, ", not '%s'");
    return usage_error(message, value);
}

static bool is_command(const char *name, enum command *out)
{
    for (int c = 0; c < NCOMMANDS; c++) {
        if (strcmp(name, commands[c].name) == 0) {
            *out = (enum command)c;
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

/* The option as typed, without its "=VALUE", for a message. */
static int missing_value(const char *arg)
{
    char name[32];
    size_t n = strcspn(arg, "=");
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), arg);
    return usage_error("%s needs a value", name);
}

/*
 * An operand that names no file but reads as a puzzle is a puzzle. So is
 * one made of nothing but cells (digits, blanks and spaces), 17 or more:
 * someone typed a puzzle, and the reader will say what is wrong with it
 * ("80 cells: ..."), which helps more than "No such file or directory".
 */
static bool operand_is_puzzle(const char *text, int size)
{
    struct stat st;
    if (strcmp(text, "-") == 0 || lstat(text, &st) == 0 || (errno != ENOENT && errno != ENOTDIR))
        return false;
    size_t cells = 0;
    const char *p = text;
    for (; *p && strchr("0123456789._*-x ", *p); p++)
        cells += *p != ' ';
    return (!*p && cells >= 17) || inputs_is_puzzle_text(text, size);
}

/* ------------------------------------------------------------ pictures, pages, steps */

/* "21" or "3-7" or "3-": steps A to B (B 0: to the end); false when it is neither. */
static bool parse_steps(const char *s, bool range, int *first, int *last)
{
    long a, b = 0;
    char head[24];
    const char *dash = strchr(s, '-');
    if (!range || !dash)
        return !dash && parse_long(s, 1, 1000000, &a) && (*first = *last = (int)a, true);
    if ((size_t)(dash - s) >= sizeof head)
        return false;
    memcpy(head, s, (size_t)(dash - s));
    head[dash - s] = '\0';
    if (!parse_long(head, 1, 1000000, &a) || (dash[1] && !parse_long(dash + 1, 1, 1000000, &b)) || (b && b < a))
        return false;
    *first = (int)a;
    *last = b ? (int)b : 1000000;
    return true;
}

/* -o DIR, --step N, --steps A-B, --per-page N: -1 when taken, -2 when 'arg' is none of them, else a status. */
static int picture_option(const char *arg, int argc, char **argv, int *i, options *opt)
{
    const char *v, *val;
    long n;
    bool pictures = opt->command == CMD_SOLVE || opt->command == CMD_EXPLAIN || opt->command == CMD_HINT;
    enum { OUTDIR, STEP, STEPS, PER_PAGE, NONE } which =
        pictures && option_is(arg, "-o", "--output-dir", &v) ? OUTDIR
        : opt->command == CMD_EXPLAIN && option_is(arg, NULL, "--steps", &v) ? STEPS
        : opt->command == CMD_EXPLAIN && option_is(arg, NULL, "--step", &v) ? STEP
        : opt->command == CMD_PRINT && option_is(arg, "-n", "--per-page", &v) ? PER_PAGE
        : NONE;
    if (which == NONE)
        return -2;
    if (!(val = option_value(v, argc, argv, i)))
        return missing_value(arg);
    switch (which) {
    case OUTDIR:
        if (!*val)
            return usage_error("%s", "--output-dir takes a directory, not an empty text");
        opt->output_dir = val;
        break;
    case STEP:
    case STEPS:
        if (!parse_steps(val, which == STEPS, &opt->step_first, &opt->step_last))
            return usage_error(which == STEP ? "--step takes a step's number (1, 2, ...), not '%s'"
                                             : "--steps takes A-B, A- or N (step numbers from 1), not '%s'",
                               val);
        break;
    case PER_PAGE:
        if (!parse_long(val, 1, 6, &n) || n == 3 || n == 5)
            return usage_error("--per-page takes 1, 2, 4 or 6, not '%s'", val);
        opt->per_page = (int)n;
        break;
    case NONE:
        break;
    }
    return -1;
}

/* What the picture options need of the others; -1 when all is well, else a status. */
static int picture_options_check(const options *opt)
{
    if (opt->output_dir) {
        if (opt->format != FORMAT_SVG && opt->format != FORMAT_HTML)
            return usage_error("%s", "--output-dir writes svg and html files: add --format svg (or html)");
        if (!outdir_prepare(opt->output_dir))
            return EXIT_IOERR;
    }
    if (opt->position) {
        if (opt->format != FORMAT_TEXT)
            return usage_error("%s", "--position prints a position as text: no --format");
        if (!opt->step_first || opt->step_first != opt->step_last)
            return usage_error("%s", "--position needs --step N: the position before step N");
    }
    return -1;
}

/* Parses the options after the command; returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, options *opt, input_operand *operands, int *noperands)
{
    bool options_done = false;
    *noperands = 0;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i], *v, *val;
        long n;
        int status;
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            operands[(*noperands)++] = (input_operand){ argv[i], false, i };
        } else if (strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (flag_is(arg, "-h", "--help")) {
            print_command_help(opt->command);
            return finish_output(0);
        } else if (flag_is(arg, "-V", "--version")) {
            return print_version();
        } else if (flag_is(arg, "-q", "--quiet")) {
            opt->quiet = true;
        } else if (flag_is(arg, NULL, "--summary")) {
            opt->summary = true;
        } else if (flag_is(arg, NULL, "--progress")) {
            opt->progress = 1;
        } else if (flag_is(arg, NULL, "--no-progress")) {
            opt->progress = 0;
        } else if (flag_is(arg, "-H", "--with-source")) {
            opt->with_source = true;
        } else if (flag_is(arg, NULL, "--json")) {
            opt->format = FORMAT_JSON;
        } else if (opt->command == CMD_CHECK && flag_is(arg, "-a", "--all")) {
            opt->all = true;
        } else if (opt->command == CMD_EXPLAIN && flag_is(arg, NULL, "--candidates")) {
            opt->candidates = true;
        } else if (opt->command == CMD_EXPLAIN && flag_is(arg, NULL, "--position")) {
            opt->position = true;
        } else if ((status = picture_option(arg, argc, argv, &i, opt)) != -2) {
            if (status >= 0)
                return status;
        } else {
            /* The options that take a value. */
            bool grades = opt->command == CMD_GRADE || opt->command == CMD_EXPLAIN || opt->command == CMD_HINT ||
                          opt->command == CMD_PRINT;
            enum { SIZE, JOBS, FORMAT, COUNT, PUZZLE, LEVEL, TECHNIQUES, NONE } which =
                option_is(arg, "-s", "--size", &v) ? SIZE
                : option_is(arg, "-j", "--jobs", &v) ? JOBS
                : option_is(arg, "-f", "--format", &v) ? FORMAT
                : opt->command == CMD_CHECK && option_is(arg, "-c", "--count", &v) ? COUNT
                : option_is(arg, "-e", "--puzzle", &v) ? PUZZLE
                : opt->command == CMD_HINT && option_is(arg, "-l", "--level", &v) ? LEVEL
                : grades && option_is(arg, "-T", "--techniques", &v) ? TECHNIQUES
                : NONE;
            if (which == NONE)
                return usage_error("unknown option '%s'", arg);
            if (!(val = option_value(v, argc, argv, &i)))
                return missing_value(arg);
            switch (which) {
            case SIZE:
                if (!parse_long(val, 8, 9, &n))
                    return usage_error("--size takes 9 or 8, not '%s'", val);
                opt->size = (int)n;
                break;
            case JOBS:
                if (!parse_long(val, 1, 256, &n))
                    return usage_error("--jobs takes a number from 1 to 256, not '%s'", val);
                opt->jobs = (int)n;
                break;
            case FORMAT:
                if (!parse_format(opt->command, val, &opt->format))
                    return format_error(opt->command, val);
                break;
            case COUNT:
                if (!parse_long(val, 1, 1000000000L, &n))
                    return usage_error("--count takes a number from 1 to 1000000000, not '%s'", val);
                opt->count = n;
                break;
            case PUZZLE:
                if (!*val)
                    return usage_error("%s", "--puzzle takes a puzzle, not an empty text");
                operands[(*noperands)++] = (input_operand){ val, true, i };
                break;
            case LEVEL:
                if (!parse_long(val, 1, 3, &n))
                    return usage_error("--level takes 1, 2 or 3, not '%s'", val);
                opt->level = (int)n;
                break;
            case TECHNIQUES:
                if ((opt->last_technique = sudoku_technique_find(val)) < 0)
                    return usage_error("--techniques takes a technique's id (see --help), not '%s'", val);
                break;
            case NONE:
                break;
            }
        }
    }
    int checked = picture_options_check(opt);
    if (checked >= 0)
        return checked;
    if (opt->all) {
        if (opt->format != FORMAT_TEXT && opt->format != FORMAT_JSON)
            return usage_error("%s", "--all lists solutions in the text and json formats only");
        if (!opt->count)
            opt->count = 100;
    }
    for (int k = 0; k < *noperands; k++)
        if (!operands[k].literal && operand_is_puzzle(operands[k].text, opt->size))
            operands[k].literal = true;
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("%s", "a command is needed: solve, check, grade, explain, hint or print");
    const char *cmd = argv[1];
    enum command c;
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (argc > 2 && strcmp(cmd, "help") == 0) { /* sudoku help COMMAND */
            if (!is_command(argv[2], &c))
                return usage_error("no help for '%s': not a command", argv[2]);
            print_command_help(c);
            return finish_output(0);
        }
        fputs(usage_text, stdout);
        fputc('\n', stdout);
        fputs(exit_text, stdout);
        return finish_output(0);
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0)
        return print_version();
    if (!is_command(cmd, &c))
        return usage_error("unknown command '%s'", cmd);

    options opt = { .command = c, .progress = -1, .jobs = online_processors(),
                    .last_technique = SUDOKU_NTECHNIQUES - 1 };
    help_command = commands[c].name;
    opt.format = commands[c].formats[0];

    input_operand *operands = malloc((size_t)argc * sizeof *operands);
    if (!operands) {
        fputs("sudoku: out of memory\n", stderr);
        return EXIT_SOFTWARE;
    }
    int noperands;
    int status = parse_options(argc, argv, &opt, operands, &noperands);
    if (status < 0)
        status = batch_run(&opt, operands, noperands);
    free(operands);
    return status;
}
