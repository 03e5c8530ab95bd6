/*
 * report.c - one record's work and its text, for every command and format.
 *
 * The machine-readable formats (TSV, CSV, JSON Lines) share one model: a
 * record is a list of named fields, the same names in the same order for
 * every record of a command, so that the TSV/CSV header and the JSON keys
 * come from one place.
 */
#include "report.h"
#include "grid/bits.h"
#include "hint.h"

#include <stdlib.h>
#include <string.h>

static const char *const verdict_names[] = { "unique", "none", "multiple", "invalid" };

const char *verdict_name(enum verdict v) { return verdict_names[v]; }

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

int worse_status(int a, int b) { return severity(b) > severity(a) ? b : a; }

static int verdict_status(enum verdict v)
{
    static const int status[] = { EXIT_UNIQUE, EXIT_NONE, EXIT_MULTIPLE, EXIT_DATAERR };
    return status[v];
}

/* ------------------------------------------------------------ the work */

/* What the exact solver says of one record. */
typedef struct outcome {
    enum verdict verdict;
    long limit;                          /* solutions were counted up to this */
    long solutions;                      /* found, up to the limit */
    char why[160];                       /* contradiction in the clues, if any */
    sudoku_grid grid;                    /* the clues */
    uint8_t solution[SUDOKU_MAX_CELLS];
    char puzzle[SUDOKU_MAX_CELLS + 1];   /* the clues as read, or "" */
} outcome;

/* Whether the command looks at the clue grid (o->grid) after the search. */
static bool needs_grid(const options *opt)
{
    switch (opt->command) {
    case CMD_SOLVE: return opt->format == FORMAT_GRID || opt->format == FORMAT_SVG;
    case CMD_CHECK: return opt->all;
    default: return true;
    }
}

static void evaluate(const sudoku_record *rec, long limit, bool need_grid, outcome *o)
{
    o->why[0] = '\0';
    o->puzzle[0] = '\0';
    o->solutions = 0;
    o->limit = limit;
    if (!rec->ok) {
        o->verdict = VERDICT_INVALID;
        return;
    }
    /* The clues as read: the grid is no use for this, since loading stops
     * at the first clue that clashes. */
    int ncells = rec->layout->ncells;
    for (int c = 0; c < ncells; c++)
        o->puzzle[c] = sudoku_digit_char(rec->given[c]);
    o->puzzle[ncells] = '\0';
    if (!need_grid) {
        /* Solved straight from the record; only a puzzle with no solution
         * is loaded as a grid, to say why. */
        o->solutions = sudoku_solve_record(rec, limit, o->solution);
        if (o->solutions > 0) {
            o->verdict = o->solutions == 1 ? VERDICT_UNIQUE : VERDICT_MULTIPLE;
            return;
        }
        sudoku_grid_from_record(&o->grid, rec, o->why, sizeof o->why);
        o->verdict = VERDICT_NONE;
        return;
    }
    if (!sudoku_grid_from_record(&o->grid, rec, o->why, sizeof o->why)) {
        o->verdict = VERDICT_NONE;
        return;
    }
    o->solutions = sudoku_solve(&o->grid, limit, o->solution, NULL);
    o->verdict = o->solutions == 0 ? VERDICT_NONE : o->solutions == 1 ? VERDICT_UNIQUE : VERDICT_MULTIPLE;
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

static const char *hardest_id(const sudoku_rating *g)
{
    if (g->hardest >= 0)
        return sudoku_technique_get(g->hardest)->id;
    return g->level == SUDOKU_LEVEL_EXTREME ? "guessing" : "none";
}

/* "FILE:LINE", the file name escaped (sb_put_name) since it can hold any byte. */
static void put_location(strbuf *sb, const sudoku_record *rec)
{
    sb_put_name(sb, rec->source);
    sb_printf(sb, ":%ld", rec->line);
}

/* "FILE:LINE:", what starts a message or a record with -H. */
static void put_where(strbuf *sb, const sudoku_record *rec)
{
    put_location(sb, rec);
    sb_putc(sb, ':');
}

static void report_unsolvable(const sudoku_record *rec, const outcome *o, strbuf *err)
{
    if (o->verdict != VERDICT_NONE && o->verdict != VERDICT_MULTIPLE)
        return;
    put_where(err, rec);
    if (o->verdict == VERDICT_NONE)
        sb_printf(err, " no solution%s%s%s\n", o->why[0] ? " (" : "", o->why, o->why[0] ? ")" : "");
    else
        sb_puts(err, " more than one solution\n");
}

/* -H: the text of a record starts with where it comes from, as grep -Hn does. */
static void put_source_prefix(const options *opt, const sudoku_record *rec, strbuf *out)
{
    if (opt->with_source)
        put_where(out, rec);
}

/* ------------------------------------------------------------ fields */

#define MAX_FIELDS 16

/* A named value: NULL is null (an empty TSV/CSV field); 'raw' values are
 * JSON numbers, booleans or objects, written unquoted. */
typedef struct field {
    const char *name;
    const char *value;
    bool raw;
    bool json_only;   /* not a TSV/CSV column */
} field;

typedef struct record_fields {
    int count;
    field f[MAX_FIELDS];
    const char *error;             /* why the input is no puzzle: JSON's last key */
    char numbers[MAX_FIELDS][24];  /* storage for formatted numbers */
} record_fields;

static void add(record_fields *r, const char *name, const char *value, bool raw)
{
    r->f[r->count++] = (field){ name, value, raw, false };
}

static void add_number(record_fields *r, const char *name, long value)
{
    snprintf(r->numbers[r->count], sizeof r->numbers[0], "%ld", value);
    add(r, name, r->numbers[r->count], true);
}

static void add_rating(record_fields *r, const char *name, int tenths)
{
    if (tenths < 0)
        add(r, name, NULL, true);
    else
        add(r, name, rating_text(tenths, r->numbers[r->count], sizeof r->numbers[0]), true);
}

/* The fields every command starts with. */
static void add_common(record_fields *r, const sudoku_record *rec, const outcome *o)
{
    r->count = 0;
    r->error = rec->ok ? NULL : rec->error;
    add(r, "source", rec->source, false);
    add_number(r, "line", rec->line);
    add(r, "puzzle", o->puzzle[0] ? o->puzzle : NULL, false);
    add(r, "verdict", verdict_name(o->verdict), false);
}

static void put_tsv_value(strbuf *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '\t')
            sb_puts(out, "\\t");
        else if (*s == '\n')
            sb_puts(out, "\\n");
        else if (*s == '\r')
            sb_puts(out, "\\r");
        else if (*s == '\\')
            sb_puts(out, "\\\\");
        else
            sb_putc(out, *s);
    }
}

/* RFC 4180: quoted when it holds a comma, a quote or a line break. */
static void put_csv_value(strbuf *out, const char *s)
{
    if (!s)
        return;
    if (!strpbrk(s, ",\"\r\n")) {
        sb_puts(out, s);
        return;
    }
    sb_putc(out, '"');
    for (; *s; s++) {
        if (*s == '"')
            sb_putc(out, '"');
        sb_putc(out, *s);
    }
    sb_putc(out, '"');
}

/* A JSON string; bytes that are not UTF-8 (file names can hold any)
 * become U+FFFD, so that every line stays valid JSON. */
static void put_json_string(strbuf *out, const char *s)
{
    sb_putc(out, '"');
    size_t left = strlen(s);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int len = utf8_length(p, left);
        if (*p == '"' || *p == '\\') {
            sb_putc(out, '\\');
            sb_putc(out, (char)*p);
        } else if (*p < 0x20) {
            sb_printf(out, "\\u%04x", *p);
        } else if (len == 0) {
            sb_puts(out, "\\ufffd");
            len = 1;
        } else {
            sb_printf(out, "%.*s", len, (const char *)p);
        }
        p += len ? len : 1;
        left -= len ? (size_t)len : 1;
    }
    sb_putc(out, '"');
}

static void put_fields(const options *opt, const record_fields *r, strbuf *out)
{
    const char *sep = "";
    if (opt->format == FORMAT_JSON)
        sb_putc(out, '{');
    for (int i = 0; i < r->count; i++) {
        const field *f = &r->f[i];
        if (opt->format == FORMAT_JSON) {
            sb_printf(out, "%s\"%s\":", sep, f->name);
            if (!f->value)
                sb_puts(out, "null");
            else if (f->raw)
                sb_puts(out, f->value);
            else
                put_json_string(out, f->value);
            sep = ",";
            continue;
        }
        if (f->json_only)
            continue;
        sb_puts(out, sep);
        if (opt->format == FORMAT_TSV)
            put_tsv_value(out, f->value);
        else
            put_csv_value(out, f->value);
        sep = opt->format == FORMAT_TSV ? "\t" : ",";
    }
    if (opt->format == FORMAT_JSON) {
        sb_puts(out, ",\"error\":");
        if (r->error)
            put_json_string(out, r->error);
        else
            sb_puts(out, "null");
    }
    sb_puts(out, opt->format == FORMAT_JSON ? "}\n" : opt->format == FORMAT_CSV ? "\r\n" : "\n");
}

/* The columns of each command, as its records name them. */
static const char *const columns[][12] = {
    [CMD_SOLVE] = { "source", "line", "puzzle", "verdict", "solution", NULL },
    [CMD_CHECK] = { "source", "line", "puzzle", "verdict", "solutions", NULL },
    [CMD_GRADE] = { "source", "line", "puzzle", "verdict", "level", "er", "ep", "ed", "hardest", "guesses",
                    "depth", NULL },
};

void report_header(const options *opt, strbuf *out)
{
    if (opt->quiet || (opt->format != FORMAT_TSV && opt->format != FORMAT_CSV))
        return;
    const char *const *name = columns[opt->command];
    for (int i = 0; name[i]; i++) {
        if (i)
            sb_puts(out, opt->format == FORMAT_TSV ? "\t" : ",");
        sb_puts(out, name[i]);
    }
    sb_puts(out, opt->format == FORMAT_CSV ? "\r\n" : "\n");
}

static bool tabular(const options *opt)
{
    return opt->format == FORMAT_TSV || opt->format == FORMAT_CSV || opt->format == FORMAT_JSON;
}

/* ------------------------------------------------------------ solve */

static void command_solve(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                          strbuf *err)
{
    char line[SUDOKU_MAX_CELLS + 1] = "";
    if (o->verdict == VERDICT_UNIQUE) {
        int ncells = rec->layout->ncells;
        for (int c = 0; c < ncells; c++)
            line[c] = sudoku_digit_char(o->solution[c]);
        line[ncells] = '\0';
    }
    if (tabular(opt)) {
        record_fields r;
        add_common(&r, rec, o);
        add(&r, "solution", line[0] ? line : NULL, false);
        put_fields(opt, &r, out);
        return;
    }
    put_source_prefix(opt, rec, out);
    if (opt->format == FORMAT_GRID && opt->with_source)
        sb_putc(out, '\n');
    if (o->verdict != VERDICT_UNIQUE) {
        /* A placeholder keeps one line per record, so that outputs line up;
         * SVG output holds only pictures, so there the message on standard
         * error is all. */
        report_unsolvable(rec, o, err);
        if (opt->format != FORMAT_SVG)
            sb_printf(out, "%s\n%s", verdict_name(o->verdict), opt->format == FORMAT_GRID ? "\n" : "");
        return;
    }
    if (opt->format == FORMAT_SVG) {
        svg_declaration(out);
        svg_solution(out, &o->grid, o->solution, "Solution", "p");
    } else if (opt->format == FORMAT_GRID) {
        sudoku_grid solved;
        solved_grid(o, &solved);
        char grid[SUDOKU_GRID_TEXT_MAX];
        sudoku_grid_format(&solved, grid, sizeof grid);
        sb_puts(out, grid);
        sb_putc(out, '\n');
    } else {
        sb_puts(out, line);
        sb_putc(out, '\n');
    }
}

/* ------------------------------------------------------------ check */

/*
 * check --all: the solutions, up to 'max', in a fixed order. Where more
 * than one remains, the search splits on the empty cell with the fewest
 * candidates, digits in increasing order, so that each solution is found
 * once; the frames are on the heap, not on a worker's small stack. Text:
 * a solution a line after two spaces; JSON: an array of strings.
 */
static void list_solutions(const outcome *o, long max, bool json, strbuf *out)
{
    typedef struct frame {
        sudoku_grid g;
        int cell;
        sudoku_mask todo;   /* digits of 'cell' still to try */
    } frame;
    const sudoku_layout *l = o->grid.layout;
    frame *stack = malloc(((size_t)l->ncells + 1) * sizeof *stack);
    if (!stack) {
        out->failed = true; /* as any output that could not be made */
        return;
    }
    uint8_t solution[SUDOKU_MAX_CELLS];
    char line[SUDOKU_MAX_CELLS + 1];
    int depth = 0;
    stack[0].g = o->grid;
    stack[0].cell = -1;
    while (depth >= 0 && max > 0) {
        frame *f = &stack[depth];
        if (f->cell < 0) { /* a new position */
            long n = sudoku_solve(&f->g, 2, solution, NULL);
            if (n == 1) {
                sudoku_grid solved = f->g;
                for (int c = 0; c < l->ncells; c++)
                    solved.digit[c] = solution[c];
                sudoku_grid_to_line(&solved, line);
                if (json)
                    sb_printf(out, "%s\"%s\"", out->len > 1 ? "," : "", line);
                else
                    sb_printf(out, "  %s\n", line);
                max--;
            }
            if (n < 2) {
                depth--;
                continue;
            }
            int best = SUDOKU_MAX_N + 1;
            for (int c = 0; c < l->ncells; c++) {
                int k = mask_count(f->g.cand[c]);
                if (!f->g.digit[c] && k < best) {
                    best = k;
                    f->cell = c;
                }
            }
            f->todo = f->g.cand[f->cell];
        }
        if (!f->todo) {
            depth--;
            continue;
        }
        int d = mask_first_digit(f->todo);
        f->todo &= (sudoku_mask)~sudoku_bit(d);
        frame *next = &stack[depth + 1];
        next->g = f->g;
        next->cell = -1;
        if (sudoku_grid_place(&next->g, f->cell, d))
            depth++;
    }
    free(stack);
}

static void command_check(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                          strbuf *err)
{
    /* Counted up to N + 1: finding that many means "more than N". */
    long shown = o->limit - 1;
    bool more = o->solutions > shown;
    if (tabular(opt)) {
        record_fields r;
        char count[32];
        add_common(&r, rec, o);
        if (o->verdict == VERDICT_INVALID) {
            add(&r, "solutions", NULL, true);
            if (opt->format == FORMAT_JSON) { /* the same keys in every record */
                add(&r, "more", NULL, true);
                r.f[r.count - 1].json_only = true;
            }
        } else if (opt->format == FORMAT_JSON) {
            add_number(&r, "solutions", more ? shown : o->solutions);
            add(&r, "more", more ? "true" : "false", true);
            r.f[r.count - 1].json_only = true;
        } else {
            snprintf(count, sizeof count, more ? ">%ld" : "%ld", more ? shown : o->solutions);
            add(&r, "solutions", count, true);
        }
        strbuf list = { 0 };
        if (opt->all) { /* JSON only: "all", the solutions found, [] for none */
            sb_putc(&list, '[');
            if (o->solutions > 0)
                list_solutions(o, shown, true, &list);
            sb_putc(&list, ']');
            add(&r, "all", o->verdict == VERDICT_INVALID ? NULL : list.data, true);
            r.f[r.count - 1].json_only = true;
            out->failed |= list.failed;
        }
        put_fields(opt, &r, out);
        sb_free(&list);
        return;
    }
    if (o->verdict == VERDICT_NONE)
        report_unsolvable(rec, o, err); /* why, as solve says it */
    put_source_prefix(opt, rec, out);
    sb_printf(out, "%s %s", o->puzzle[0] ? o->puzzle : "-", verdict_name(o->verdict));
    if (opt->count && o->verdict != VERDICT_INVALID)
        sb_printf(out, more ? " >%ld" : " %ld", more ? shown : o->solutions);
    sb_putc(out, '\n');
    if (opt->all && o->solutions > 0)
        list_solutions(o, shown, false, out);
}

/* ------------------------------------------------------------ grade */

static void grade_fields(const options *opt, const sudoku_record *rec, const outcome *o, const sudoku_rating *g,
                         strbuf *out)
{
    record_fields r;
    char steps[1024];
    add_common(&r, rec, o);
    if (!g) {
        static const char *const names[] = { "level", "er", "ep", "ed", "hardest", "guesses", "depth" };
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            add(&r, names[i], NULL, true);
        if (opt->format == FORMAT_JSON) {
            add(&r, "steps", NULL, true);
            r.f[r.count - 1].json_only = true;
        }
    } else {
        add(&r, "level", sudoku_level_name(g->level), false);
        add_rating(&r, "er", g->er);
        add_rating(&r, "ep", g->ep);
        add_rating(&r, "ed", g->ed);
        /* No technique for a full grid: null, as for the ratings. */
        add(&r, "hardest", g->hardest < 0 && g->level != SUDOKU_LEVEL_EXTREME ? NULL : hardest_id(g), false);
        add_number(&r, "guesses", (long)g->guesses);
        add_number(&r, "depth", g->depth);
        if (opt->format == FORMAT_JSON) {
            size_t len = 0;
            const char *sep = "";
            len += (size_t)snprintf(steps, sizeof steps, "{");
            for (int t = 0; t < SUDOKU_NTECHNIQUES; t++) {
                if (g->count[t] && len < sizeof steps) {
                    len += (size_t)snprintf(steps + len, sizeof steps - len, "%s\"%s\":%d", sep,
                                            sudoku_technique_get(t)->id, g->count[t]);
                    sep = ",";
                }
            }
            if (len < sizeof steps)
                snprintf(steps + len, sizeof steps - len, "}");
            add(&r, "steps", steps, true);
            r.f[r.count - 1].json_only = true;
        }
    }
    put_fields(opt, &r, out);
}

static void command_grade(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                          strbuf *err, record_result *res)
{
    char a[16], b[16], c[16];
    sudoku_rating g;
    bool graded = o->verdict == VERDICT_UNIQUE;
    if (graded) {
        sudoku_rate_with(&o->grid, opt->last_technique, &g);
        res->level = (int)g.level;
        res->er = g.er;
    }
    if (tabular(opt)) {
        grade_fields(opt, rec, o, graded ? &g : NULL, out);
        return;
    }
    if (!graded) {
        if (opt->format == FORMAT_SERATE) {
            report_unsolvable(rec, o, err); /* no line: serate lines are ratings only */
        } else { /* the verdict where the level goes, so that every row has the same columns */
            put_source_prefix(opt, rec, out);
            sb_printf(out, "%s %s -/-/- - -\n", o->puzzle[0] ? o->puzzle : "-", verdict_name(o->verdict));
        }
        return;
    }
    put_source_prefix(opt, rec, out);
    if (opt->format == FORMAT_SERATE) {
        sb_printf(out, "%s ED=%s/%s/%s\n", o->puzzle, rating_text(g.er, a, sizeof a),
                  rating_text(g.ep, b, sizeof b), rating_text(g.ed, c, sizeof c));
        return;
    }
    sb_printf(out, "%s %s %s/%s/%s %s %lu\n", o->puzzle, sudoku_level_name(g.level), rating_text(g.er, a, sizeof a),
              rating_text(g.ep, b, sizeof b), rating_text(g.ed, c, sizeof c), hardest_id(&g), g.guesses);
}

/* ------------------------------------------------------------ explain */

static void command_explain(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                            strbuf *err, record_result *res)
{
    if (o->verdict != VERDICT_UNIQUE) {
        if (opt->format == FORMAT_JSON) /* one line per record, as the other commands' JSON */
            explain_json_unsolved(rec, o->puzzle, verdict_name(o->verdict), out);
        report_unsolvable(rec, o, err);
        return;
    }
    if (opt->format == FORMAT_TEXT) {
        sb_printf(out, "Puzzle %s (", o->puzzle);
        put_location(out, rec);
        sb_puts(out, ")\n");
    }
    explain_output(opt, rec, o->puzzle, &o->grid, o->solution, out, res);
}

/* ------------------------------------------------------------ hint */

static void command_hint(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out, strbuf *err)
{
    if (o->verdict == VERDICT_UNIQUE) {
        hint_output(opt, &o->grid, o->solution, out);
        return;
    }
    /* A position that lost its way is told what is wrong, not hinted on. */
    strbuf why = { 0 };
    if (o->verdict == VERDICT_NONE && hint_wrong_position(rec, &why)) {
        put_where(err, rec);
        sb_printf(err, " wrong position: %s\n", why.data);
    } else {
        report_unsolvable(rec, o, err);
    }
    sb_free(&why);
}

/* ------------------------------------------------------------ records */

void report_record(const options *opt, const sudoku_record *rec, strbuf *out, strbuf *err, record_result *res)
{
    outcome o;
    long limit = opt->command == CMD_CHECK && opt->count ? opt->count + 1 : 2;
    evaluate(rec, limit, needs_grid(opt), &o);

    res->verdict = o.verdict;
    res->status = verdict_status(o.verdict);
    res->level = -1;
    res->er = -1;

    if (o.verdict == VERDICT_INVALID) {
        put_where(err, rec);
        sb_printf(err, " %s\n", rec->error);
    }

    /* Whatever is printed as a solution has been checked first. */
    if ((o.verdict == VERDICT_UNIQUE || o.verdict == VERDICT_MULTIPLE) && !sudoku_solution_valid(rec, o.solution)) {
        put_where(err, rec);
        sb_puts(err, " internal error: the solver's answer fails verification\n");
        res->status = EXIT_SOFTWARE;
        return;
    }
    /* check: a solution given with the puzzle (a CSV column) must be its
     * only one; if not, the input is wrong, as malformed input is. */
    char why_not[160];
    if (opt->command == CMD_CHECK && rec->ok && rec->has_solution &&
        !sudoku_given_solution_ok(rec, why_not, sizeof why_not)) {
        put_where(err, rec);
        sb_printf(err, " %s\n", why_not);
        res->status = worse_status(res->status, EXIT_DATAERR);
    }
    /* Quiet: the work is done (grades count in --summary) but no record
     * reaches standard output, nor does what is said of a puzzle with no
     * solution or several (the status tells); malformed input is still
     * reported above. */
    strbuf discard = { 0 };
    strbuf *to = opt->quiet ? &discard : out;
    strbuf *why = opt->quiet ? &discard : err;
    switch (opt->command) {
    case CMD_SOLVE: command_solve(opt, rec, &o, to, why); break;
    case CMD_CHECK: command_check(opt, rec, &o, to, why); break;
    case CMD_GRADE: command_grade(opt, rec, &o, to, why, res); break;
    case CMD_EXPLAIN: command_explain(opt, rec, &o, to, why, res); break;
    case CMD_HINT: command_hint(opt, rec, &o, to, why); break;
    case NCOMMANDS: break;
    }
    sb_free(&discard);
}
