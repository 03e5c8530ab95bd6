/*
 * cli.c - the sudoku command: its commands, options, help and exit
 * statuses. The work on each record is in report.c, running it over all
 * inputs in batch.c; this file only decides what to run.
 */
#define _POSIX_C_SOURCE 200809L

#include "batch.h"
#include "techniques.h"
#include "generate_cmd.h"
#include "numbers.h"
#include "outdir.h"
#include "optread.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------ help */

static const char *const usage_text =
    "usage: sudoku COMMAND [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
    "\n"
    "Commands:\n"
    "  solve       print the solution of each puzzle\n"
    "  check       tell whether each puzzle has one solution, none or several\n"
    "  grade       rate each puzzle: level, SE-scale ER/EP/ED, hardest technique\n"
    "  explain     show the solving path step by step\n"
    "  hint        show the next step, from a puzzle or a pencil-mark position\n"
    "  canon       print each puzzle's canonical (minlex) form, to find duplicates\n"
    "  transform   disguise each puzzle: a random transformation and relabelling\n"
    "  generate    make puzzles: unique, minimal, symmetric, at a chosen difficulty\n"
    "  print       lay out puzzles for print: a page of grids, solutions at the end\n"
    "  techniques  list the techniques: id (what --techniques takes), name,\n"
    "              family, SE rating, level ('-f tsv' for tab-separated columns)\n"
    "\n"
    "Run 'sudoku COMMAND --help' or 'sudoku help COMMAND' for a command's options.\n"
    "With no FILE, or with -, puzzles are read from standard input.\n"
    "\n"
    "Options: a long option takes its value as --opt=VALUE or the next argument;\n"
    "short flags may be clustered (-qH), and a short option's value may follow\n"
    "it in the same argument or be the next one (-j2, -j 2, -ftsv, -qj2); '--'\n"
    "ends the options (for a puzzle that starts with '-', or use -e PUZZLE).\n";

static const char *const exit_text =
    "Exit status:\n"
    "   0  every puzzle has exactly one solution\n"
    "   1  some puzzle has no solution (contradictory clues included)\n"
    "   2  some puzzle has more than one solution, and none has zero\n"
    "  64  usage error\n"
    "  65  malformed input, a compressed or binary file named as an operand, a\n"
    "      solution given with a puzzle (CSV) that is wrong or not the only one\n"
    "      (other puzzles are still processed), or no puzzle at all in the input\n"
    "      ('no puzzle in the input')\n"
    "  66  a file or directory cannot be opened, or is the output file\n"
    "  70  internal error (a computed solution failed verification), or out of\n"
    "      memory (the run stops at a record, the ones before it complete)\n"
    "  74  output could not be written\n"
    "  75  generate only: --max-time ran out before COUNT puzzles were made\n"
    "When puzzles end differently the most severe status wins, in the order\n"
    "70, 74, 66, 65, 1, 2, 0.\n";

static const char *const input_text =
    "Input: one puzzle a line (81 or 64 cells; blanks . 0 _ * - x; text after\n"
    "the cells and a space is a remark, a full grid there the given solution),\n"
    "this program's own tsv, csv and json, or grids of 9 or 8 rows with optional\n"
    "spaces, | ! separators and +---+ frames; several puzzles a file; # comment\n"
    "lines; pencil-mark grids. A directory is read recursively in name order,\n"
    "hidden entries skipped; in it, what is not a regular file (a FIFO, a device)\n"
    "and files with no puzzle in them (binary, compressed, other text) are\n"
    "skipped with a notice. A compressed or binary file named as an operand is\n"
    "named for what it is (status 65), the file standard output goes to is not\n"
    "read (status 66). An operand that names no file but reads as a puzzle (81\n"
    "cells on one line, say), or holds only cells (17 or more), is that puzzle,\n"
    "named '<arg N>' in messages, N its place on the command line.\n"
    "Also what people paste: Unicode spaces, full-width digits, grids drawn with\n"
    "box-drawing characters, spreadsheet (tab) rows, rows separated by /, JSON\n"
    "arrays of rows; an operand plainly meant as a puzzle (a grid on several\n"
    "lines, 60 cells with a stray letter) is read as one, to say what is wrong.\n";

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
    "verdict, the command's own, then remark (what came beside the puzzle: text\n"
    "after it, a CSV row's other fields; the refused line of invalid input);\n"
    "csv follows RFC 4180. json is JSON Lines, one object per puzzle with the\n"
    "same keys, plus reason (why a puzzle has no solution) and error (why the\n"
    "input is not a puzzle), or null. These outputs read back as input.\n";

/* -o, for the commands that draw pictures or pages. */
#define OUTPUT_DIR_HELP                                                                  \
    "  -o, --output-dir DIR    svg, html: a file per puzzle (and per step for\n"        \
    "                          explain svg) in DIR, named from the puzzle's file and\n" \
    "                          line (hard.txt-12.svg, hard.txt-12-step-021.svg);\n"     \
    "                          their names on standard output (a second input\n"     \
    "                          named hard.txt: hard.txt~2-12.svg, and so on)\n"

/* The option that restricts the technique table, for grade, explain and hint. */
#define TECHNIQUES_HELP                                                                  \
    "  -T, --techniques ID     use the techniques up to ID in the table only, e.g.\n"    \
    "                          aligned-pair-exclusion for a grade without chains\n"     \
    "                          (the ids: sudoku techniques)\n"

static const char *const command_help[] = {
    [CMD_SOLVE] =
        "usage: sudoku solve [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
        "\n"
        "Prints the solution of each puzzle, in input order, one line for each\n"
        "record: a puzzle with no solution gets the line 'none', one with several\n"
        "'multiple', input that is not a puzzle 'invalid', and standard error says\n"
        "why. So the output of a file of puzzle lines (no blank lines, comments or\n"
        "headings) lines up with it in paste or diff; for other input, -H or the\n"
        "line column of tsv says where each record starts.\n"
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
        "solution, standard error says why, as solve does. A solution given with\n"
        "the puzzle (a CSV column, or a grid after it) that is wrong adds\n"
        "'(given solution wrong)' to the line (status 65).\n"
        "\n"
        "Options:\n"
        "  -c, --count N           also print how many solutions there are, up to N\n"
        "                          ('>N' when there are more)\n"
        "  -a, --all               after each puzzle, its solutions, one a line,\n"
        "                          indented: up to N with --count N (default 100);\n"
        "                          with json, the array 'all'\n"
        "  -m, --minimal           after the verdict, 'minimal', or 'redundant' and\n"
        "                          the clues that can each be removed alone leaving\n"
        "                          one solution (r1c5,r7c2); '-' for a puzzle\n"
        "                          without one solution; columns minimal, redundant\n"
        "  -f, --format FORMAT     text (default), tsv, csv or json (columns:\n"
        "                          solutions, given: right or wrong; solutions\n"
        "                          counted up to N, 1 without --count;\n"
        "                          json adds more: true when solutions is a lower\n"
        "                          bound, 2 for several without --count)\n"
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
        "With --scale basic (the brick-wall solver's scale of the seeds) it prints\n"
        "  PUZZLE LEVEL DEPTH\n"
        "LEVEL is very-easy (naked singles and naked pairs solve it), easy (+ hidden\n"
        "singles), medium (+ pointing, box to line and line to box), hard (guesses\n"
        "nested at most 5 deep) or very-hard (deeper). Guesses go in the first cell\n"
        "in reading order of those with the fewest candidates, digits in increasing\n"
        "order, the four methods run to their end after each; DEPTH is the deepest\n"
        "nesting reached before the first solution, 0 without guesses. A puzzle\n"
        "without exactly one solution gets 'PUZZLE VERDICT -'.\n"
        "\n"
        "Options:\n"
        "  -f, --format FORMAT     text (default), serate (Sudoku Explainer's\n"
        "                          'PUZZLE ED=ER/EP/ED'), tsv, csv or json (columns:\n"
        "                          level, level_rank (1 easy to 5 extreme), er, ep,\n"
        "                          ed, hardest, guesses, depth; json adds steps,\n"
        "                          technique -> count); with --scale basic, tsv,\n"
        "                          csv or json (columns: level, depth)\n"
        "      --json              the same as --format json\n"
        "      --scale SCALE       se (default: Sudoku Explainer's ER/EP/ED and the\n"
        "                          levels easy to extreme) or basic (above)\n"
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
    [CMD_CANON] =
        "usage: sudoku canon [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
        "\n"
        "Prints each puzzle's minlex form, one line a record in input order: the\n"
        "smallest string (blanks counted as 0, printed as .) over every\n"
        "transformation of its layout's group and every relabelling of the\n"
        "digits. On 9x9: transposing, rows within bands, bands, columns within\n"
        "stacks, stacks (3,359,232 ways) x 9! relabellings; on the 8x8 brick-wall\n"
        "the same without transposing (442,368 ways) x 8!. Two puzzles are the\n"
        "same puzzle disguised exactly when their forms are equal. The form\n"
        "depends on the clues only: complete grids and puzzles with no or several\n"
        "solutions get one too ('invalid' for input that is not a puzzle), and\n"
        "statuses 1 and 2 below do not apply.\n"
        "\n"
        "Options:\n"
        "  -f, --format FORMAT     line (default), tsv, csv or json (columns: canon,\n"
        "                          automorphisms: how many transformations with\n"
        "                          relabelling leave the puzzle as it is, 1 for most)\n"
        "      --json              the same as --format json\n",
    [CMD_TRANSFORM] =
        "usage: sudoku transform [OPTIONS] [FILE|DIR|-|PUZZLE]...\n"
        "\n"
        "Prints each puzzle disguised, one line a record in input order: under a\n"
        "transformation and relabelling drawn at random from its layout's group\n"
        "(see 'sudoku canon --help'), which keeps its solutions and its canonical\n"
        "form. Each record draws from the seed, its file name and its line, so\n"
        "that a run gives the same output at any -j. Statuses 1 and 2 below do\n"
        "not apply.\n"
        "\n"
        "Options:\n"
        "      --seed N            the random draws' seed, 0 to 18446744073709551615\n"
        "                          (default: from the clock, a new disguise each run)\n"
        "  -f, --format FORMAT     line (default), tsv, csv or json (column:\n"
        "                          transformed)\n"
        "      --json              the same as --format json\n",
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

/* transform without --seed: a new draw each run. */
static uint64_t clock_seed(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
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
    [CMD_CANON] = { "canon", { FORMAT_LINE, FORMAT_TSV, FORMAT_CSV, FORMAT_JSON }, 4 },
    [CMD_TRANSFORM] = { "transform", { FORMAT_LINE, FORMAT_TSV, FORMAT_CSV, FORMAT_JSON }, 4 },
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

/*
 * An operand that names no file but reads as a puzzle is a puzzle. So is
 * one made of nothing but cells (digits, blanks and spaces), 17 or more:
 * someone typed a puzzle, and the reader will say what is wrong with it
 * ("80 cells: ..."), which helps more than "No such file or directory".
 */
static bool operand_is_puzzle(const char *text, int size)
{
    struct stat st;
    if (strcmp(text, "-") == 0 || lstat(text, &st) == 0 ||
        (errno != ENOENT && errno != ENOTDIR && errno != ENAMETOOLONG)) /* too long: a grid, a JSON array */
        return false;
    size_t cells = 0;
    const char *p = text;
    for (; *p && strchr("0123456789._*-x ", *p); p++)
        cells += *p != ' ';
    return (!*p && cells >= 17) || inputs_is_puzzle_text(text, size);
}

/* The options, read by optread.c's one rule for all commands. */
enum option_id {
    OPT_HELP, OPT_VERSION, OPT_QUIET, OPT_SUMMARY, OPT_PROGRESS, OPT_NO_PROGRESS, OPT_WITH_SOURCE, OPT_JSON,
    OPT_ALL, OPT_CANDIDATES, OPT_SIZE, OPT_JOBS, OPT_FORMAT, OPT_COUNT, OPT_PUZZLE, OPT_LEVEL, OPT_TECHNIQUES,
    OPT_MINIMAL, OPT_SEED, OPT_SCALE, OPT_OUTPUT_DIR, OPT_STEP, OPT_STEPS, OPT_POSITION, OPT_PER_PAGE,
};

#define ALL_COMMANDS ((1u << NCOMMANDS) - 1)
#define ONLY(c) (1u << (c))
#define GRADES (ONLY(CMD_GRADE) | ONLY(CMD_EXPLAIN) | ONLY(CMD_HINT) | ONLY(CMD_PRINT))
#define PICTURES (ONLY(CMD_SOLVE) | ONLY(CMD_EXPLAIN) | ONLY(CMD_HINT))

static const opt_def option_defs[] = {
    { 'h', "help", false, ALL_COMMANDS, OPT_HELP },
    { 'V', "version", false, ALL_COMMANDS, OPT_VERSION },
    { 'q', "quiet", false, ALL_COMMANDS, OPT_QUIET },
    { 0, "summary", false, ALL_COMMANDS, OPT_SUMMARY },
    { 0, "progress", false, ALL_COMMANDS, OPT_PROGRESS },
    { 0, "no-progress", false, ALL_COMMANDS, OPT_NO_PROGRESS },
    { 'H', "with-source", false, ALL_COMMANDS, OPT_WITH_SOURCE },
    { 0, "json", false, ALL_COMMANDS, OPT_JSON },
    { 'a', "all", false, ONLY(CMD_CHECK), OPT_ALL },
    { 0, "candidates", false, ONLY(CMD_EXPLAIN), OPT_CANDIDATES },
    { 's', "size", true, ALL_COMMANDS, OPT_SIZE },
    { 'j', "jobs", true, ALL_COMMANDS, OPT_JOBS },
    { 'f', "format", true, ALL_COMMANDS, OPT_FORMAT },
    { 'c', "count", true, ONLY(CMD_CHECK), OPT_COUNT },
    { 'e', "puzzle", true, ALL_COMMANDS, OPT_PUZZLE },
    { 'l', "level", true, ONLY(CMD_HINT), OPT_LEVEL },
    { 'T', "techniques", true, GRADES, OPT_TECHNIQUES },
    { 'm', "minimal", false, ONLY(CMD_CHECK), OPT_MINIMAL },
    { 0, "seed", true, ONLY(CMD_TRANSFORM), OPT_SEED },
    { 0, "scale", true, ONLY(CMD_GRADE), OPT_SCALE },
    { 'o', "output-dir", true, PICTURES, OPT_OUTPUT_DIR },
    { 0, "step", true, ONLY(CMD_EXPLAIN), OPT_STEP },
    { 0, "steps", true, ONLY(CMD_EXPLAIN), OPT_STEPS },
    { 0, "position", false, ONLY(CMD_EXPLAIN), OPT_POSITION },
    { 'n', "per-page", true, ONLY(CMD_PRINT), OPT_PER_PAGE },
};

/* Text made of cells alone, 17 or more: a puzzle, not an option. */
static bool looks_like_cells(const char *text)
{
    size_t cells = 0;
    const char *p = text;
    for (; *p && strchr("0123456789._*-x ", *p); p++)
        cells += *p != ' ';
    return !*p && cells >= 17;
}

/* An argument that starts with '-' but is no option ('shown': the letter
 * of a cluster that is none, or the whole argument). */
static int unknown_option(void *ctx, const char *arg, const char *shown)
{
    (void)ctx;
    if (looks_like_cells(arg) || inputs_is_puzzle_text(arg, 0))
        return usage_error("'%s' is not an option; a puzzle that starts with '-' is given after '--' "
                           "(sudoku check -- PUZZLE) or with -e PUZZLE", arg);
    return opt_unknown(arg, shown);
}

/* "--techniques takes a technique's id ...": with the id meant when only
 * case and dashes differ (xwing, X-Wing: x-wing). */
static int technique_error(const char *value)
{
    char want[64], have[64];
    size_t k = 0;
    for (const char *p = value; *p && k + 1 < sizeof want; p++)
        if (isalnum((unsigned char)*p))
            want[k++] = (char)tolower((unsigned char)*p);
    want[k] = '\0';
    for (int t = 0; t < SUDOKU_NTECHNIQUES && k; t++) {
        size_t j = 0;
        for (const char *p = sudoku_technique_get(t)->id; *p && j + 1 < sizeof have; p++)
            if (isalnum((unsigned char)*p))
                have[j++] = *p;
        have[j] = '\0';
        if (strcmp(want, have) == 0) {
            char message[160];
            snprintf(message, sizeof message,
                     "--techniques takes a technique's id, not '%%s': did you mean '%s'? (ids: sudoku techniques)",
                     sudoku_technique_get(t)->id);
            return usage_error(message, value);
        }
    }
    return usage_error("--techniques takes a technique's id, not '%s' (the ids: sudoku techniques)", value);
}

/* ------------------------------------------------------------ pictures, pages, steps */

/* "21" or "3-7" or "3-": steps A to B (B 0: to the end); false when it is neither. */
static bool parse_steps(const char *s, bool range, int *first, int *last)
{
    long a, b = 0;
    char head[24];
    const char *dash = strchr(s, '-');
    if (!range || !dash)
        return !dash && parse_decimal(s, 1, 1000000, &a) && (*first = *last = (int)a, true);
    if ((size_t)(dash - s) >= sizeof head)
        return false;
    memcpy(head, s, (size_t)(dash - s));
    head[dash - s] = '\0';
    if (!parse_decimal(head, 1, 1000000, &a) || (dash[1] && !parse_decimal(dash + 1, 1, 1000000, &b)) ||
        (b && b < a))
        return false;
    *first = (int)a;
    *last = b ? (int)b : 1000000;
    return true;
}

/* Acts on one option; 'val' is its value (NULL for a flag). Returns -1 to
 * go on, else an exit status. */
static int apply_option(const opt_def *d, const char *val, int at, options *opt,
                        input_operand *operands, int *noperands)
{
    long n;
    switch (d->id) {
    case OPT_HELP:
        print_command_help(opt->command);
        return finish_output(0);
    case OPT_VERSION: return print_version();
    case OPT_QUIET: opt->quiet = true; break;
    case OPT_SUMMARY: opt->summary = true; break;
    case OPT_PROGRESS: opt->progress = 1; break;
    case OPT_NO_PROGRESS: opt->progress = 0; break;
    case OPT_WITH_SOURCE: opt->with_source = true; break;
    case OPT_JSON: opt->format = FORMAT_JSON; break;
    case OPT_ALL: opt->all = true; break;
    case OPT_CANDIDATES: opt->candidates = true; break;
    case OPT_SIZE:
        if (!parse_decimal(val, 8, 9, &n))
            return usage_error("--size takes 9 or 8, not '%s'", val);
        opt->size = (int)n;
        break;
    case OPT_JOBS:
        if (!parse_decimal(val, 1, 256, &n))
            return usage_error("--jobs takes a number from 1 to 256, not '%s'", val);
        opt->jobs = (int)n;
        break;
    case OPT_FORMAT:
        if (!parse_format(opt->command, val, &opt->format))
            return format_error(opt->command, val);
        break;
    case OPT_COUNT:
        if (!parse_decimal(val, 1, 1000000000L, &n))
            return usage_error("--count takes a number from 1 to 1000000000, not '%s'", val);
        opt->count = n;
        break;
    case OPT_PUZZLE:
        if (!*val)
            return usage_error("%s", "--puzzle takes a puzzle, not an empty text");
        operands[(*noperands)++] = (input_operand){ val, true, at };
        break;
    case OPT_LEVEL:
        if (!parse_decimal(val, 1, 3, &n))
            return usage_error("--level takes 1, 2 or 3, not '%s'", val);
        opt->level = (int)n;
        break;
    case OPT_TECHNIQUES:
        if ((opt->last_technique = sudoku_technique_find(val)) < 0)
            return technique_error(val);
        break;
    case OPT_MINIMAL: opt->minimal = true; break;
    case OPT_SCALE:
        if (strcmp(val, "se") != 0 && strcmp(val, "basic") != 0)
            return usage_error("--scale takes se or basic, not '%s'", val);
        opt->scale = strcmp(val, "basic") == 0 ? SCALE_BASIC : SCALE_SE;
        break;
    case OPT_OUTPUT_DIR:
        if (!*val)
            return usage_error("%s", "--output-dir takes a directory, not an empty text");
        opt->output_dir = val;
        break;
    case OPT_STEP:
    case OPT_STEPS:
        if (!parse_steps(val, d->id == OPT_STEPS, &opt->step_first, &opt->step_last))
            return usage_error(d->id == OPT_STEP ? "--step takes a step's number (1, 2, ...), not '%s'"
                                                 : "--steps takes A-B, A- or N (step numbers from 1), not '%s'",
                               val);
        break;
    case OPT_POSITION: opt->position = true; break;
    case OPT_PER_PAGE:
        if (!parse_decimal(val, 1, 6, &n) || n == 3 || n == 5)
            return usage_error("--per-page takes 1, 2, 4 or 6, not '%s'", val);
        opt->per_page = (int)n;
        break;
    case OPT_SEED:
        if (!parse_seed(val, &opt->seed))
            return usage_error("--seed takes a number from 0 to 18446744073709551615, not '%s'", val);
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

/* What parse_options' callbacks fill in. */
typedef struct parsed {
    options *opt;
    input_operand *operands;
    int *noperands;
} parsed;

static int on_option(void *ctx, const opt_def *d, const char *value, int at)
{
    parsed *p = ctx;
    return apply_option(d, value, at, p->opt, p->operands, p->noperands);
}

static int on_operand(void *ctx, const char *arg, int at)
{
    parsed *p = ctx;
    p->operands[(*p->noperands)++] = (input_operand){ arg, false, at };
    return -1;
}

/* Parses the options after the command; returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, options *opt, input_operand *operands, int *noperands)
{
    *noperands = 0;
    parsed p = { opt, operands, noperands };
    opt_reader reader = { option_defs, sizeof option_defs / sizeof option_defs[0], ONLY(opt->command),
                          on_option, on_operand, unknown_option, &p };
    int status = opt_read(&reader, argc, argv, 2);
    if (status >= 0)
        return status;
    /* The basic scale has no ER, nor SE's technique table. */
    if (opt->scale == SCALE_BASIC && opt->format == FORMAT_SERATE)
        return usage_error("%s", "--scale basic has no serate format: it gives no ER/EP/ED");
    if (opt->scale == SCALE_BASIC && opt->last_technique != SUDOKU_NTECHNIQUES - 1)
        return usage_error("%s", "--techniques restricts Sudoku Explainer's scale, not --scale basic");
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

/* sudoku techniques [-f text|tsv]: the table, for looking up ids. */
static int list_techniques(int argc, char **argv)
{
    usage_command("techniques");
    bool tsv = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs("usage: sudoku techniques [-f text|tsv]\n\n"
                  "Lists the techniques in the order the grader tries them: id (what\n"
                  "--techniques takes and the JSON outputs name), name, family, Sudoku\n"
                  "Explainer's base rating, level.\n", stdout);
            return finish_output(0);
        }
        if (strncmp(a, "--format=", 9) == 0)
            v = a + 9;
        else if (strncmp(a, "-f", 2) == 0 && a[2])
            v = a + 2;
        else if ((strcmp(a, "-f") == 0 || strcmp(a, "--format") == 0) && i + 1 < argc)
            v = argv[++i];
        else
            return usage_error("sudoku techniques takes only -f text|tsv, not '%s'", a);
        if (strcmp(v, "tsv") != 0 && strcmp(v, "text") != 0)
            return usage_error("--format takes text or tsv, not '%s'", v);
        tsv = strcmp(v, "tsv") == 0;
    }
    strbuf out = { 0 };
    techniques_list(&out, tsv);
    bool ok = !out.failed && sb_write(&out, stdout);
    sb_free(&out);
    return finish_output(ok ? 0 : EXIT_SOFTWARE);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("%s", "a command is needed: solve, check, grade, explain, hint, print, generate, canon "
                                 "or transform");
    const char *cmd = argv[1];
    enum command c;
    /* generate reads no puzzles: it has its own options (generate_cmd.c). */
    if (strcmp(cmd, "generate") == 0)
        return generate_main(argc, argv);
    if (strcmp(cmd, "help") == 0 && argc > 2 && strcmp(argv[2], "generate") == 0) {
        char *help_argv[] = { argv[0], argv[2], (char *)"--help", NULL };
        return generate_main(3, help_argv);
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (argc > 2 && strcmp(cmd, "help") == 0) { /* sudoku help COMMAND */
            if (strcmp(argv[2], "techniques") == 0) {
                char *help_argv[] = { argv[0], argv[2], (char *)"--help", NULL };
                return list_techniques(3, help_argv);
            }
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
    if (strcmp(cmd, "techniques") == 0)
        return list_techniques(argc, argv);
    if (!is_command(cmd, &c))
        return usage_error("unknown command '%s'", cmd);

    options opt = { .command = c, .progress = -1, .jobs = online_processors(),
                    .last_technique = SUDOKU_NTECHNIQUES - 1, .seed = clock_seed() };
    usage_command(commands[c].name);
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
