/*
 * generate_cmd.c - the generate command: its options, and the puzzles the
 * library's generator makes (lib/generate) written in each format as they
 * come. What is made is the library's business; this file reads the
 * options, reads --from puzzles, shows progress and writes records.
 */
#define _POSIX_C_SOURCE 200809L

#include "generate_cmd.h"
#include "path.h"
#include "report.h"
#include "numbers.h"
#include "fields.h"
#include "optread.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Not every run ends the same way: a time limit reached is EX_TEMPFAIL. */

static const char *const generate_help =
    "usage: sudoku generate [OPTIONS]\n"
    "\n"
    "Makes puzzles: each has exactly one solution and is minimal (no clue, or\n"
    "with a symmetry no symmetric group of clues, can be taken away keeping one\n"
    "solution). One puzzle a line by default, '.' for blanks, as they are found.\n"
    "\n"
    "Options:\n"
    "  -n, --count N           how many puzzles (default 1)\n"
    "  -s, --size 9|8          9x9 (default) or 8x8 brick-wall (boxes 2x4)\n"
    "      --symmetry KIND     where the clues are: rot180 (default: the half-turn\n"
    "                          symmetry of most published puzzles), none, rot90,\n"
    "                          vertical, horizontal, both, diagonal, antidiagonal,\n"
    "                          bidiagonal or full (none by default with --from)\n"
    "      --level LEVEL       the level grade prints: easy, medium, hard, expert\n"
    "                          or extreme\n"
    "      --er A-B            Sudoku Explainer's ER in this range (A- and -B are\n"
    "      --ep A-B            open ranges, A alone is A-A), e.g. --er 9.0-; the\n"
    "      --ed A-B            same for EP and ED\n"
    "      --technique ID      the hardest step is this technique (ids as grade\n"
    "                          -T takes them, e.g. xy-wing)\n"
    "      --clues A-B         the number of clues in this range\n"
    "      --pattern MASK      the Patterns Game: 81 (or 64) characters, x where a\n"
    "                          clue must be and . where none may; the symmetry is\n"
    "                          not used and minimality is reported, not required\n"
    "      --from FILE         start the search for hard targets from these\n"
    "                          puzzles (one with a single solution each)\n"
    "      --seed N            the same puzzles, in the same order, at any -j;\n"
    "                          without it the seed is random and printed on\n"
    "                          standard error\n"
    "      --max-time SECONDS  stop after this long; the puzzles found are\n"
    "                          printed, status 75 when fewer than N\n"
    "  -f, --format FORMAT     line (default), grid, tsv, csv, json (columns:\n"
    "                          index, seed, puzzle, clues, symmetry, minimal, level,\n"
    "                          er, ep, ed, hardest, solution), svg (a picture a\n"
    "                          puzzle) or html (a page a puzzle)\n"
    "      --json              the same as --format json\n"
    "  -j, --jobs N            worker threads (default: the processors online)\n"
    "      --progress          a progress line on standard error (by default only\n"
    "      --no-progress       when it is a terminal, after a second)\n"
    "  -q, --quiet             no puzzles on standard output; the exit status\n"
    "                          tells whether N were made (0, or 75 when\n"
    "                          --max-time ran out)\n"
    "  -h, --help              show this help\n"
    "  -V, --version           show the version\n"
    "\n"
    "Options are read as every command's are (sudoku --help): -qn 5, -n5,\n"
    "--count=5; '--' ends them.\n"
    "\n"
    "Puzzles are graded only when a target or the format needs it. Random\n"
    "minimal puzzles seldom rate above ER 8.5; for higher targets the search goes\n"
    "on from the closest puzzle found (one or two clues out, others in, minimal\n"
    "again, kept when no farther from the target).\n"
    "\n"
    "Examples:\n"
    "  sudoku generate -n 10 --seed 1\n"
    "  sudoku generate --level expert --symmetry none -f tsv\n"
    "  sudoku generate --er 9.0- --max-time 600 -j 2\n"
    "  sudoku generate --size 8 --clues -18 --format grid\n"
    "\n"
    "Exit status:\n"
    "   0  every puzzle asked for was made\n"
    "  64  usage error (an empty range, an unknown technique, a bad mask ...)\n"
    "  65  a --from puzzle is malformed or has not one solution (it is skipped)\n"
    "  66  the --from file cannot be opened\n"
    "  70  out of memory\n"
    "  74  output could not be written\n"
    "  75  --max-time ran out before N puzzles were made\n";

typedef struct gen_cli {
    sudoku_generate_options g;
    enum format format;
    int size;
    bool symmetry_given;
    bool seed_given;
    int progress;             /* -1 on a terminal, 0 never, 1 always */
    bool quiet;               /* -q: no puzzles written, the exit status tells */
    const char *from_file;
    uint8_t pattern[SUDOKU_MAX_CELLS];
    int pattern_cells;        /* 0: no pattern */
    /* the run */
    bool failed_output;
    int write_errno;
    bool progress_shown;
    double start, last_flush;
    bool flush_each;
} gen_cli;

/* ------------------------------------------------------------ values */

/* A rating in tenths: "9", "9.0", "10.5"; one decimal at most, up to 20.0. */
static bool parse_tenths(const char *s, size_t len, int *out)
{
    int v = 0;
    size_t i = 0;
    if (!len || s[0] < '0' || s[0] > '9')
        return false;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
        if ((v = v * 10 + (s[i] - '0')) > 20)
            return false;
    v *= 10;
    if (i < len && s[i] == '.') {
        if (i + 2 != len || s[i + 1] < '0' || s[i + 1] > '9')
            return false;
        v += s[i + 1] - '0';
        i += 2;
    }
    if (i != len || v > 200)
        return false;
    *out = v;
    return true;
}

static bool parse_whole(const char *s, size_t len, int *out)
{
    int v = 0;
    if (!len || len > 3)
        return false;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

/* "A-B", "A-", "-B" or "A"; -1 for an open end. */
static bool parse_range(const char *s, bool tenths, int *lo, int *hi)
{
    bool (*one)(const char *, size_t, int *) = tenths ? parse_tenths : parse_whole;
    const char *dash = strchr(s, '-');
    *lo = *hi = -1;
    if (!dash)
        return one(s, strlen(s), lo) && (*hi = *lo, true);
    size_t a = (size_t)(dash - s), b = strlen(dash + 1);
    if (!a && !b)
        return false;
    if (a && !one(s, a, lo))
        return false;
    if (b && !one(dash + 1, b, hi))
        return false;
    return true;
}

/* x (or X, *, a digit) where a clue must be, . (or 0, -, _) where none may; blanks and | ignored. */
static int parse_pattern(const char *s, uint8_t *mask)
{
    int n = 0;
    for (; *s; s++) {
        if (strchr(" \t\r\n|", *s))
            continue;
        bool clue = *s == 'x' || *s == 'X' || *s == '*' || (*s >= '1' && *s <= '9');
        if (!clue && !strchr(".0-_", *s))
            return -1;
        if (n >= SUDOKU_MAX_CELLS)
            return -1;
        mask[n++] = clue;
    }
    return n;
}

static bool parse_format(const char *v, enum format *f)
{
    static const struct { const char *name; enum format f; } names[] = {
        { "line", FORMAT_LINE }, { "grid", FORMAT_GRID }, { "tsv", FORMAT_TSV }, { "csv", FORMAT_CSV },
        { "json", FORMAT_JSON }, { "svg", FORMAT_SVG }, { "html", FORMAT_HTML },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(v, names[i].name) == 0) {
            *f = names[i].f;
            return true;
        }
    return false;
}

static uint64_t random_seed(void)
{
    uint64_t seed = 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, &seed, sizeof seed) != (ssize_t)sizeof seed)
            seed = 0;
        close(fd);
    }
    if (!seed) {
        struct timespec ts;
        timespec_get(&ts, TIME_UTC);
        seed = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    }
    /* Below 2^53: a JSON reader that keeps numbers as doubles (jq 1.6,
     * JavaScript) reads the seed column exactly, and it has 16 digits at
     * most to type again. */
    return seed % (UINT64_C(1) << 53);
}

/* ------------------------------------------------------------ options */

/* generate's options, read by the rule every command's are (optread.h). */
enum gen_option {
    G_HELP, G_VERSION, G_QUIET, G_COUNT, G_SIZE, G_SYMMETRY, G_LEVEL, G_ER, G_EP, G_ED, G_TECHNIQUE, G_CLUES, G_PATTERN,
    G_FROM, G_SEED, G_MAXTIME, G_FORMAT, G_JSON, G_JOBS, G_PROGRESS, G_NO_PROGRESS,
};

static const opt_def gen_options[] = {
    { 'h', "help", false, 1, G_HELP },
    { 'V', "version", false, 1, G_VERSION },
    { 'q', "quiet", false, 1, G_QUIET },
    { 'n', "count", true, 1, G_COUNT },
    { 's', "size", true, 1, G_SIZE },
    { 0, "symmetry", true, 1, G_SYMMETRY },
    { 0, "level", true, 1, G_LEVEL },
    { 0, "er", true, 1, G_ER },
    { 0, "ep", true, 1, G_EP },
    { 0, "ed", true, 1, G_ED },
    { 0, "technique", true, 1, G_TECHNIQUE },
    { 0, "clues", true, 1, G_CLUES },
    { 0, "pattern", true, 1, G_PATTERN },
    { 0, "from", true, 1, G_FROM },
    { 0, "seed", true, 1, G_SEED },
    { 0, "max-time", true, 1, G_MAXTIME },
    { 'f', "format", true, 1, G_FORMAT },
    { 0, "json", false, 1, G_JSON },
    { 'j', "jobs", true, 1, G_JOBS },
    { 0, "progress", false, 1, G_PROGRESS },
    { 0, "no-progress", false, 1, G_NO_PROGRESS },
};

/* Acts on one option; 'v' is its value (NULL for a flag). Returns -1 to
 * go on, else an exit status. */
static int apply_option(void *ctx, const opt_def *d, const char *v, int at)
{
    gen_cli *c = ctx;
    long n;
    int lo, hi;
    (void)at;
    switch ((enum gen_option)d->id) {
    case G_HELP:
        fputs(generate_help, stdout);
        return fflush(stdout) == 0 ? 0 : EXIT_IOERR;
    case G_VERSION: /* as every command answers it */
        puts("sudoku " SUDOKU_VERSION);
        return fflush(stdout) == 0 ? 0 : EXIT_IOERR;
    case G_QUIET: c->quiet = true; break;
    case G_JSON: c->format = FORMAT_JSON; break;
    case G_PROGRESS: c->progress = 1; break;
    case G_NO_PROGRESS: c->progress = 0; break;
    case G_COUNT:
        if (!parse_decimal(v, 1, 1000000000L, &n))
            return usage_error("--count takes a positive number (up to 1000000000), not '%s'", v);
        c->g.count = n;
        break;
    case G_SIZE:
        if (!parse_decimal(v, 8, 9, &n))
            return usage_error("--size takes 9 or 8, not '%s'", v);
        c->size = (int)n;
        break;
    case G_SYMMETRY:
        if ((lo = sudoku_symmetry_find(v)) < 0)
            return usage_error("--symmetry takes none, rot180, rot90, vertical, horizontal, both, diagonal, "
                               "antidiagonal, bidiagonal or full, not '%s'", v);
        c->g.symmetry = (enum sudoku_symmetry)lo;
        c->symmetry_given = true;
        break;
    case G_LEVEL:
        c->g.level = -1;
        for (int l = 0; l <= SUDOKU_LEVEL_EXTREME; l++)
            if (strcmp(v, sudoku_level_name((enum sudoku_level)l)) == 0)
                c->g.level = l;
        if (c->g.level < 0)
            return usage_error("--level takes easy, medium, hard, expert or extreme, not '%s'", v);
        break;
    case G_ER: case G_EP: case G_ED: {
        char message[120];
        if (!parse_range(v, true, &lo, &hi)) {
            snprintf(message, sizeof message,
                     "--%s takes a range of ratings such as 7.0-8.5, 9.0- or -4.0, not '%%s'", d->long_name);
            return usage_error(message, v);
        }
        if (lo >= 0 && hi >= 0 && lo > hi) {
            snprintf(message, sizeof message, "--%s: the range '%%s' is empty", d->long_name);
            return usage_error(message, v);
        }
        if (d->id == G_ER) { c->g.er_min = lo; c->g.er_max = hi; }
        else if (d->id == G_EP) { c->g.ep_min = lo; c->g.ep_max = hi; }
        else { c->g.ed_min = lo; c->g.ed_max = hi; }
        break;
    }
    case G_TECHNIQUE:
        if ((c->g.technique = sudoku_technique_find(v)) < 0)
            return usage_error("--technique takes a technique's id (see the README), not '%s'", v);
        break;
    case G_CLUES:
        if (!parse_range(v, false, &lo, &hi))
            return usage_error("--clues takes a range of numbers such as 22-25, 30- or -24, not '%s'", v);
        if (lo >= 0 && hi >= 0 && lo > hi)
            return usage_error("--clues: the range '%s' is empty", v);
        c->g.clues_min = lo;
        c->g.clues_max = hi;
        break;
    case G_PATTERN:
        c->pattern_cells = parse_pattern(v, c->pattern);
        if (c->pattern_cells != 81 && c->pattern_cells != 64)
            return usage_error("--pattern takes 81 or 64 characters, x for a clue and . for none, not '%s'", v);
        break;
    case G_FROM:
        c->from_file = v;
        break;
    case G_SEED:
        if (!parse_seed(v, &c->g.seed))
            return usage_error("--seed takes a number from 0 to 18446744073709551615, not '%s'", v);
        c->seed_given = true;
        break;
    case G_MAXTIME: {
        char *end;
        errno = 0;
        double t = strtod(v, &end);
        if (*v < '0' || *v > '9' || *end || errno || !(t > 0) || t > 1e9)
            return usage_error("--max-time takes a positive number of seconds, not '%s'", v);
        c->g.max_seconds = t;
        break;
    }
    case G_FORMAT:
        if (!parse_format(v, &c->format))
            return usage_error("--format takes line, grid, tsv, csv, json, svg or html, not '%s'", v);
        break;
    case G_JOBS:
        if (!parse_decimal(v, 1, 256, &n))
            return usage_error("--jobs takes a number from 1 to 256, not '%s'", v);
        c->g.jobs = (int)n;
        break;
    }
    return -1;
}

static int no_operand(void *ctx, const char *arg, int at)
{
    (void)ctx, (void)at;
    return usage_error("generate takes no operand ('%s')", arg);
}

static int parse(int argc, char **argv, gen_cli *c)
{
    usage_command("generate");
    opt_reader reader = { gen_options, sizeof gen_options / sizeof gen_options[0], 1, apply_option, no_operand,
                          NULL, c };
    int status = opt_read(&reader, argc, argv, 2);
    if (status >= 0)
        return status;
    if (c->pattern_cells) {
        int side = c->pattern_cells == 81 ? 9 : 8;
        if (c->size && c->size != side) {
            char what[64];
            snprintf(what, sizeof what, "%d", c->pattern_cells);
            return usage_error("--pattern has %s cells, which is not the --size given", what);
        }
        c->size = side;
        c->g.pattern = c->pattern;
        if (c->symmetry_given)
            return usage_error("%s", "--pattern fixes where the clues are: it takes no --symmetry");
    }
    c->g.layout = c->size == 8 ? sudoku_layout_8x8() : sudoku_layout_9x9();
    if (!c->symmetry_given)
        c->g.symmetry = c->from_file || c->pattern_cells ? SUDOKU_SYM_NONE : SUDOKU_SYM_ROT180;
    const char *why = sudoku_generate_check(&c->g);
    if (why)
        return usage_error("%s", why);
    return -1;
}

/* ------------------------------------------------------------ --from */

/* Reads the --from puzzles; returns the status it asks for (0, 65 or 66). */
static int read_from(gen_cli *c, uint8_t (**from)[SUDOKU_MAX_CELLS], int *count)
{
    *from = NULL;
    *count = 0;
    FILE *f = strcmp(c->from_file, "-") == 0 ? stdin : fopen(c->from_file, "r");
    strbuf name = { 0 };
    sb_put_name(&name, c->from_file);
    const char *shown = name.data ? name.data : "";
    if (!f) {
        fprintf(stderr, "sudoku: %s: %s\n", shown, strerror(errno));
        sb_free(&name);
        return EXIT_NOINPUT;
    }
    int status = 0, cap = 0;
    sudoku_reader *r = sudoku_reader_new(f, c->from_file, c->g.layout->n);
    sudoku_record *rec = malloc(sizeof *rec);
    if (!r || !rec) {
        fputs("sudoku: out of memory\n", stderr);
        status = EXIT_SOFTWARE;
    }
    while (!status && sudoku_reader_next(r, rec)) {
        sudoku_grid g;
        char why[160] = "";
        if (!rec->ok) {
            snprintf(why, sizeof why, "%s", rec->error);
        } else if (!sudoku_grid_from_record(&g, rec, why, sizeof why)) {
            snprintf(why, sizeof why, "no solution");
        } else if (sudoku_solve(&g, 2, NULL, NULL) != 1) {
            snprintf(why, sizeof why, "not one solution");
        } else if (c->g.pattern || !sudoku_has_symmetry(c->g.layout, rec->given, c->g.symmetry)) {
            bool fits = true;
            for (int k = 0; c->g.pattern && k < c->g.layout->ncells; k++)
                fits &= !rec->given[k] == !c->g.pattern[k];
            if (!c->g.pattern)
                snprintf(why, sizeof why, "its clues have not the symmetry %s", sudoku_symmetry_name(c->g.symmetry));
            else if (!fits)
                snprintf(why, sizeof why, "its clues are not where the pattern has them");
        }
        if (why[0]) {
            fprintf(stderr, "%s:%ld: %s; skipped\n", shown, rec->line, why);
            status = EXIT_DATAERR;
            continue;
        }
        if (*count == cap) {
            cap = cap ? 2 * cap : 64;
            void *p = realloc(*from, (size_t)cap * sizeof **from);
            if (!p) {
                fputs("sudoku: out of memory\n", stderr);
                status = EXIT_SOFTWARE;
                break;
            }
            *from = p;
        }
        memcpy((*from)[(*count)++], rec->given, SUDOKU_MAX_CELLS);
    }
    if (status != EXIT_SOFTWARE && !*count) {
        fprintf(stderr, "sudoku: %s: no puzzle to start from\n", shown);
        status = EXIT_DATAERR;
    }
    free(rec);
    if (r)
        sudoku_reader_free(r);
    if (f != stdin)
        fclose(f);
    sb_free(&name);
    return status;
}

/* ------------------------------------------------------------ records */

static void put_line(const sudoku_layout *l, const uint8_t *digits, char *line)
{
    for (int c = 0; c < l->ncells; c++)
        line[c] = sudoku_digit_char(digits[c]);
    line[l->ncells] = '\0';
}

static const char *hardest_of(const sudoku_rating *r)
{
    if (r->hardest >= 0)
        return sudoku_technique_get(r->hardest)->id;
    return r->level == SUDOKU_LEVEL_EXTREME ? "guessing" : "none";
}

/* A puzzle's tsv, csv or json record; 'puzzle' and 'solution' are its lines. */
static void put_fields(const gen_cli *c, const sudoku_generated *p, const char *puzzle, const char *solution,
                       record_fields *r)
{
    const sudoku_rating *g = &p->rating;
    r->count = 0;
    r->reason = r->error = NULL;
    fields_add_number(r, "index", p->index + 1);
    snprintf(r->numbers[r->count], sizeof r->numbers[0], "%llu", (unsigned long long)c->g.seed);
    fields_add(r, "seed", r->numbers[r->count], true);
    fields_add(r, "puzzle", puzzle, false);
    fields_add_number(r, "clues", p->clues);
    fields_add(r, "symmetry", c->g.pattern ? "pattern" : sudoku_symmetry_name(c->g.symmetry), false);
    fields_add(r, "minimal", p->minimal ? "true" : "false", true);
    fields_add(r, "level", sudoku_level_name(g->level), false);
    fields_add_rating(r, "er", g->er);
    fields_add_rating(r, "ep", g->ep);
    fields_add_rating(r, "ed", g->ed);
    fields_add(r, "hardest", hardest_of(g), false);
    fields_add(r, "solution", solution, false);
}

/* The tsv and csv header: the names of a record's fields. */
static void put_header(const gen_cli *c, strbuf *out)
{
    if (c->format != FORMAT_TSV && c->format != FORMAT_CSV)
        return;
    static const sudoku_generated none;
    record_fields r;
    const char *names[MAX_FIELDS + 1];
    put_fields(c, &none, "", "", &r);
    for (int i = 0; i < r.count; i++)
        names[i] = r.f[i].name;
    names[r.count] = NULL;
    fields_put_header(c->format, names, out);
}

/* "Puzzle 3: 24 clues, rot180, hard, ER 3.4": a picture's title. */
static void title_of(const gen_cli *c, const sudoku_generated *p, char *buf, size_t size)
{
    char er[16];
    snprintf(buf, size, "Puzzle %ld: %d clues, %s, %s, ER %s", p->index + 1, p->clues,
             c->g.pattern ? "pattern" : sudoku_symmetry_name(c->g.symmetry), sudoku_level_name(p->rating.level),
             rating_text(p->rating.er, er, sizeof er));
}

static void write_record(const gen_cli *c, const sudoku_generated *p, strbuf *out)
{
    const sudoku_layout *l = c->g.layout;
    char puzzle[SUDOKU_MAX_CELLS + 1], solution[SUDOKU_MAX_CELLS + 1];
    put_line(l, p->given, puzzle);
    put_line(l, p->solution, solution);
    sudoku_grid g;
    sudoku_grid_init(&g, l);
    for (int k = 0; k < l->ncells; k++)
        if (p->given[k])
            sudoku_grid_place(&g, k, p->given[k]);
    if (c->format == FORMAT_LINE) {
        sb_printf(out, "%s\n", puzzle);
    } else if (c->format == FORMAT_GRID) {
        char text[SUDOKU_GRID_TEXT_MAX];
        sudoku_grid_format(&g, text, sizeof text);
        sb_printf(out, "%s\n", text);
    } else if (c->format == FORMAT_SVG || c->format == FORMAT_HTML) {
        char title[160], id[32];
        title_of(c, p, title, sizeof title);
        snprintf(id, sizeof id, "g%ld", p->index + 1);
        if (c->format == FORMAT_SVG) {
            svg_declaration(out);
            svg_solution(out, &g, NULL, title, id);
            return;
        }
        sb_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>");
        xml_text(out, title);
        sb_puts(out, "</title>\n<style>body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:0 auto;"
                     "max-width:40em;padding:1em}h1{font-size:1.4em}.puzzle{font-family:monospace;word-break:break-all}"
                     "svg{max-width:100%;height:auto;display:block}</style>\n</head>\n<body>\n<h1>");
        xml_text(out, title);
        char a[16], b[16], d[16];
        sb_printf(out, "</h1>\n<p class=\"puzzle\">%s</p>\n<p>Level %s, ER/EP/ED %s/%s/%s, hardest step: ", puzzle,
                  sudoku_level_name(p->rating.level), rating_text(p->rating.er, a, sizeof a),
                  rating_text(p->rating.ep, b, sizeof b), rating_text(p->rating.ed, d, sizeof d));
        xml_text(out, p->rating.hardest_name[0] ? p->rating.hardest_name : hardest_of(&p->rating));
        sb_printf(out, ". Seed %llu, puzzle %ld.</p>\n", (unsigned long long)c->g.seed, p->index + 1);
        svg_solution(out, &g, NULL, title, id);
        sb_puts(out, "</body>\n</html>\n");
    } else { /* tsv, csv, json */
        record_fields r;
        put_fields(c, p, puzzle, solution, &r);
        fields_put_made(c->format, &r, out);
    }
}

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress_clear(gen_cli *c)
{
    if (c->progress_shown) {
        fputs("\r\033[K", stderr);
        c->progress_shown = false;
    }
}

static void write_out(gen_cli *c, const strbuf *sb)
{
    if (c->failed_output || !sb->data)
        return;
    if (!sb_write(sb, stdout) || sb->failed) {
        c->failed_output = true;
        c->write_errno = sb->failed ? ENOMEM : errno;
        return;
    }
    double t = now();
    if (c->flush_each || t - c->last_flush > 0.5) {
        if (fflush(stdout) != 0) {
            c->failed_output = true;
            c->write_errno = errno;
        }
        c->last_flush = t;
    }
}

static bool on_puzzle(const sudoku_generated *p, void *ctx)
{
    gen_cli *c = ctx;
    if (c->quiet)
        return true;
    char buf[8192];
    strbuf out = sb_fixed(buf, sizeof buf);
    strbuf big = { 0 };
    write_record(c, p, &out);
    if (out.failed) { /* pictures and pages can be longer */
        write_record(c, p, &big);
        progress_clear(c);
        write_out(c, &big);
        sb_free(&big);
    } else {
        progress_clear(c);
        write_out(c, &out);
    }
    return !c->failed_output;
}

static void on_progress(const sudoku_generate_status *s, void *ctx)
{
    gen_cli *c = ctx;
    bool on = c->progress > 0 || (c->progress < 0 && isatty(STDERR_FILENO));
    if (!on || s->seconds < 1.0)
        return;
    char er[16];
    fprintf(stderr, "\r\033[Kgenerate: %ld of %ld made, %ld tried, best ER %s, %.0f s", s->made, c->g.count, s->tries,
            rating_text(s->best_er, er, sizeof er), s->seconds);
    fflush(stderr);
    c->progress_shown = true;
}

int generate_main(int argc, char **argv)
{
    gen_cli c = { .g = { .count = 1, .level = -1, .er_min = -1, .er_max = -1, .ep_min = -1, .ep_max = -1,
                         .ed_min = -1, .ed_max = -1, .technique = -1, .clues_min = -1, .clues_max = -1 },
                  .format = FORMAT_LINE, .progress = -1 };
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    c.g.jobs = online < 1 ? 1 : online > 256 ? 256 : (int)online;
    int status = parse(argc, argv, &c);
    if (status >= 0)
        return status;
    uint8_t (*from)[SUDOKU_MAX_CELLS] = NULL;
    int nfrom = 0;
    status = 0;
    if (c.from_file) {
        status = read_from(&c, &from, &nfrom);
        if (!nfrom) {
            free(from);
            return status;
        }
        c.g.from = (const uint8_t (*)[SUDOKU_MAX_CELLS])from;
        c.g.nfrom = nfrom;
    }
    if (!c.seed_given) {
        c.g.seed = random_seed();
        fprintf(stderr, "sudoku: generate --seed %llu\n", (unsigned long long)c.g.seed);
    }
    /* -q writes nothing: a puzzle is graded only when a target needs it. */
    c.g.rate = !c.quiet && c.format != FORMAT_LINE && c.format != FORMAT_GRID;
    c.flush_each = isatty(STDOUT_FILENO) || c.g.max_seconds > 0 || c.g.count <= 100;
    c.start = c.last_flush = now();

    strbuf header = { 0 };
    if (!c.quiet)
        put_header(&c, &header);
    write_out(&c, &header);
    sb_free(&header);

    sudoku_generate_status st;
    long made = sudoku_generate(&c.g, on_puzzle, on_progress, &c, &st);
    progress_clear(&c);
    free(from);
    if (fflush(stdout) != 0 && !c.failed_output) {
        c.failed_output = true;
        c.write_errno = errno;
    }
    if (c.failed_output) {
        fprintf(stderr, "sudoku: cannot write output: %s\n", strerror(c.write_errno));
        return EXIT_IOERR;
    }
    if (made < c.g.count) {
        char er[16];
        if (st.timed_out) {
            fprintf(stderr, "sudoku: --max-time ran out: %ld of %ld puzzles made (%ld tried); %s%s\n", made, c.g.count,
                    st.tries, st.best_er < 0 ? "none was graded" : "the best ER reached was ",
                    st.best_er < 0 ? "" : rating_text(st.best_er, er, sizeof er));
            return EXIT_TEMPFAIL;
        }
        fprintf(stderr, "sudoku: %ld of %ld puzzles made\n", made, c.g.count);
        return EXIT_SOFTWARE;
    }
    return status;
}
