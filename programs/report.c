/*
 * report.c - one record's work and its text, for every command and format.
 *
 * The machine-readable formats (TSV, CSV, JSON Lines) share one model: a
 * record is a list of named fields, the same names in the same order for
 * every record of a command, so that the TSV/CSV header and the JSON keys
 * come from one place.
 */
#include "report.h"
#include "numbers.h"
#include "fields.h"
#include "grid/bits.h"
#include "hint.h"
#include "canon_report.h"
#include "outdir.h"
#include "print.h"
#include "verify.h"

#include <stdlib.h>
#include <string.h>

static const char *const verdict_names[] = { "unique", "none", "multiple", "invalid" };

const char *verdict_name(enum verdict v) { return verdict_names[v]; }

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
    char why[320];                       /* why there is no solution, if known */
    sudoku_grid grid;                    /* the clues */
    uint8_t solution[SUDOKU_MAX_CELLS];
    char puzzle[SUDOKU_MAX_CELLS + 1];   /* the clues as read, or "" */
    /* check: a solution given with the puzzle, and whether it is right. */
    enum { GIVEN_NONE, GIVEN_RIGHT, GIVEN_WRONG } given;
    long number;                         /* the record's place in the run */
    sudoku_rating rating;                /* grade (SE's scale): the grading the verdict came from */
} outcome;

static const char *const given_names[] = { NULL, "right", "wrong" };


/* Whether the command looks at the clue grid (o->grid) after the search. */
static bool needs_grid(const options *opt)
{
    switch (opt->command) {
    case CMD_SOLVE: return opt->format == FORMAT_GRID || opt->format == FORMAT_SVG;
    case CMD_CHECK: return opt->all;
    default: return true;
    }
}

/* Cells as a line of ncells characters and a NUL, as sudoku_digit_char()
 * writes them. Every record has two such lines: eight cells a step where
 * all are 0-9 ('0' + d, '.' for 0), else a table. */
static void cells_text(const uint8_t *cells, int ncells, char *out)
{
    static const char chars[] = ".123456789ABCDEFG";
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u, low7 = ~high;
    int c = 0;
    for (; c + 8 <= ncells; c += 8) {
        uint64_t d;
        memcpy(&d, cells + c, 8);
        if ((d | (d + 0x76 * ones)) & high) /* a byte above 9 */
            break;
        uint64_t zero = ~(((d & low7) + low7) | d) & high; /* the high bit of each byte 0 */
        uint64_t text = d + '0' * ones - (zero >> 6);      /* '0' - 2 is '.' */
        memcpy(out + c, &text, 8);
    }
    for (; c < ncells; c++)
        out[c] = cells[c] <= 16 ? chars[cells[c]] : sudoku_digit_char(cells[c]);
    out[ncells] = '\0';
}

/* No clue clashes outright: name the clues that cannot all stand, as
 * hint does (a clue whose removal leaves one solution). */
static void explain_none(const sudoku_record *rec, outcome *o)
{
    strbuf wrong = { 0 };
    if (hint_wrong_position(rec, &wrong) && wrong.data)
        snprintf(o->why, sizeof o->why, "no clue clashes outright, but %s", wrong.data);
    sb_free(&wrong);
}

/* An outcome with nothing found yet, and the clues as read (the grid is
 * no use for this, since loading stops at the first clue that clashes);
 * false for a record that is no puzzle. */
static bool outcome_start(const sudoku_record *rec, long limit, outcome *o)
{
    o->why[0] = '\0';
    o->puzzle[0] = '\0';
    o->solutions = 0;
    o->limit = limit;
    o->given = GIVEN_NONE;
    if (!rec->ok) {
        o->verdict = VERDICT_INVALID;
        return false;
    }
    cells_text(rec->given, rec->layout->ncells, o->puzzle);
    return true;
}

/*
 * grade (SE's scale): the verdict from the grading itself. Its rating run
 * counts the solutions only when it needs to: a grid its first techniques
 * fill has one (sudoku_rate_with), and no solution is made or printed.
 */
static void evaluate_by_grading(const sudoku_record *rec, int last, outcome *o)
{
    if (!outcome_start(rec, 2, o))
        return;
    if (!sudoku_grid_from_record(&o->grid, rec, o->why, sizeof o->why)) {
        o->verdict = VERDICT_NONE; /* a clue clashes: o->why says which */
        return;
    }
    sudoku_rate_with(&o->grid, last, &o->rating);
    o->solutions = o->rating.solutions;
    o->verdict = o->solutions == 0 ? VERDICT_NONE : o->solutions == 1 ? VERDICT_UNIQUE : VERDICT_MULTIPLE;
    if (o->verdict == VERDICT_NONE)
        explain_none(rec, o);
}

static void evaluate(const sudoku_record *rec, long limit, bool need_grid, outcome *o)
{
    if (!outcome_start(rec, limit, o))
        return;
    if (!need_grid) {
        /* Solved straight from the record; only a puzzle with no solution
         * is loaded as a grid, to say why. */
        o->solutions = sudoku_solve_record(rec, limit, o->solution);
        if (o->solutions > 0) {
            o->verdict = o->solutions == 1 ? VERDICT_UNIQUE : VERDICT_MULTIPLE;
            return;
        }
        o->verdict = VERDICT_NONE;
        if (!sudoku_grid_from_record(&o->grid, rec, o->why, sizeof o->why))
            return; /* a clue clashes: o->why says which */
    } else {
        if (!sudoku_grid_from_record(&o->grid, rec, o->why, sizeof o->why)) {
            o->verdict = VERDICT_NONE;
            return;
        }
        o->solutions = sudoku_solve(&o->grid, limit, o->solution, NULL);
        o->verdict = o->solutions == 0 ? VERDICT_NONE : o->solutions == 1 ? VERDICT_UNIQUE : VERDICT_MULTIPLE;
    }
    if (o->verdict == VERDICT_NONE)
        explain_none(rec, o);
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

/* "FILE:LINE:" before a message about the record, and how it was read
 * when that could be mistaken ("read as an 8x8 brick-wall puzzle:"). */
static void put_message_start(strbuf *err, const sudoku_record *rec)
{
    put_where(err, rec);
    if (rec->read_as)
        sb_printf(err, " read as %s:", rec->read_as);
}

static void report_unsolvable(const sudoku_record *rec, const outcome *o, strbuf *err)
{
    if (o->verdict != VERDICT_NONE && o->verdict != VERDICT_MULTIPLE)
        return;
    put_message_start(err, rec);
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

/* The fields every command starts with. */
static void add_common(record_fields *r, const sudoku_record *rec, const outcome *o)
{
    r->count = 0;
    r->error = rec->ok ? NULL : rec->error;
    r->reason = o->verdict == VERDICT_NONE && o->why[0] ? o->why : NULL;
    fields_add(r, "source", rec->source, false);
    fields_add_number(r, "line", rec->line);
    fields_add(r, "puzzle", o->puzzle[0] ? o->puzzle : NULL, false);
    fields_add(r, "verdict", verdict_name(o->verdict), false);
}

/* The columns of each command, as its records name them; remark, free
 * text, comes last. */
static const char *const columns[][14] = {
    [CMD_SOLVE] = { "source", "line", "puzzle", "verdict", "solution", "remark", NULL },
    [CMD_CHECK] = { "source", "line", "puzzle", "verdict", "solutions", "given", "remark", NULL },
    [CMD_GRADE] = { "source", "line", "puzzle", "verdict", "level", "level_rank", "er", "ep", "ed", "hardest",
                    "guesses", "depth", "remark", NULL },
    [CMD_CANON] = { "source", "line", "puzzle", "verdict", "canon", "automorphisms", "remark", NULL },
    [CMD_TRANSFORM] = { "source", "line", "puzzle", "verdict", "transformed", "remark", NULL },
};

/* What the record carried beside its puzzle (sudoku_record.remark). */
static void add_remark(record_fields *r, const sudoku_record *rec)
{
    fields_add(r, "remark", rec->remark[0] ? rec->remark : NULL, false);
}
/* grade --scale basic: its own columns. */
static const char *const basic_columns[] = { "source", "line", "puzzle", "verdict", "level", "depth", "remark", NULL };

void report_header(const options *opt, strbuf *out)
{
    if (opt->quiet || (opt->format != FORMAT_TSV && opt->format != FORMAT_CSV))
        return;
    const char *const *name = opt->scale == SCALE_BASIC ? basic_columns : columns[opt->command];
    const char *names[MAX_FIELDS + 1];
    int k = 0;
    for (int i = 0; name[i] && k + 3 <= MAX_FIELDS; i++) {
        /* check --minimal's columns, before the remark, which comes last */
        if (opt->command == CMD_CHECK && opt->minimal && strcmp(name[i], "remark") == 0) {
            names[k++] = "minimal";
            names[k++] = "redundant";
        }
        names[k++] = name[i];
    }
    names[k] = NULL;
    fields_put_header(opt->format, names, out);
}

static bool tabular(const options *opt)
{
    return opt->format == FORMAT_TSV || opt->format == FORMAT_CSV || opt->format == FORMAT_JSON;
}

/* ------------------------------------------------------------ solve */

static void command_solve(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                          strbuf *err, record_result *res)
{
    char line[SUDOKU_MAX_CELLS + 1] = "";
    if (o->verdict == VERDICT_UNIQUE)
        cells_text(o->solution, rec->layout->ncells, line);
    if (tabular(opt)) {
        record_fields r;
        add_common(&r, rec, o);
        fields_add(&r, "solution", line[0] ? line : NULL, false);
        add_remark(&r, rec);
        fields_put(opt->format, &r, out);
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
        strbuf doc = { 0 };
        svg_declaration(&doc);
        svg_solution(&doc, &o->grid, o->solution, "Solution", "p");
        outdir_take(opt, rec, "", "svg", &doc, out, err, res); /* -o: a file of its own */
        sb_free(&doc);
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

/* check --minimal: the redundant clues as "r1c5,r7c2" and as a JSON
 * array; count -1 when the puzzle has not one solution. */
typedef struct minimality {
    int count;
    char list[SUDOKU_MAX_CELLS * 8];
    char json[SUDOKU_MAX_CELLS * 10];
} minimality;

static void find_minimality(const sudoku_record *rec, const outcome *o, minimality *m)
{
    m->count = o->verdict == VERDICT_UNIQUE ? minimal_list(rec, m->list, sizeof m->list) : -1;
    if (m->count < 0)
        m->list[0] = '\0';
    size_t len = 0;
    len += (size_t)snprintf(m->json, sizeof m->json, "[");
    for (const char *p = m->list; *p;) {
        size_t k = strcspn(p, ",");
        len += (size_t)snprintf(m->json + len, sizeof m->json - len, "%s\"%.*s\"", p == m->list ? "" : ",",
                                (int)k, p);
        p += k + (p[k] == ',');
    }
    snprintf(m->json + len, sizeof m->json - len, "]");
}

static void add_minimality(const options *opt, record_fields *r, const minimality *m)
{
    fields_add(r, "minimal", m->count < 0 ? NULL : m->count ? "false" : "true", true);
    if (opt->format == FORMAT_JSON)
        fields_add(r, "redundant", m->count < 0 ? NULL : m->json, true);
    else
        fields_add(r, "redundant", m->count < 0 ? NULL : m->list, false);
}

static void command_check(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                          strbuf *err)
{
    minimality m;
    if (opt->minimal)
        find_minimality(rec, o, &m);
    /* Counted up to N + 1: finding that many means "more than N". */
    long shown = o->limit - 1;
    bool more = o->solutions > shown;
    if (tabular(opt)) {
        record_fields r;
        char count[32];
        add_common(&r, rec, o);
        if (o->verdict == VERDICT_INVALID) {
            fields_add(&r, "solutions", NULL, true);
        } else if (opt->format == FORMAT_JSON) {
            /* Without --count the search stops at the second solution:
             * 2 is the lower bound found, never 1, which would read as unique. */
            fields_add_number(&r, "solutions", more && opt->count ? shown : o->solutions);
        } else {
            snprintf(count, sizeof count, more ? ">%ld" : "%ld", more ? shown : o->solutions);
            fields_add(&r, "solutions", count, true);
        }
        fields_add(&r, "given", given_names[o->given], false);
        if (opt->minimal)
            add_minimality(opt, &r, &m);
        if (opt->format == FORMAT_JSON) { /* JSON's own keys come after the columns */
            fields_add(&r, "more", o->verdict == VERDICT_INVALID ? NULL : more ? "true" : "false", true);
            r.f[r.count - 1].json_only = true;
        }
        strbuf list = { 0 };
        if (opt->all) { /* JSON only: "all", the solutions found, [] for none */
            sb_putc(&list, '[');
            if (o->solutions > 0)
                list_solutions(o, shown, true, &list);
            sb_putc(&list, ']');
            fields_add(&r, "all", o->verdict == VERDICT_INVALID ? NULL : list.data, true);
            r.f[r.count - 1].json_only = true;
            out->failed |= list.failed;
        }
        add_remark(&r, rec);
        fields_put(opt->format, &r, out);
        sb_free(&list);
        return;
    }
    if (o->verdict == VERDICT_NONE)
        report_unsolvable(rec, o, err); /* why, as solve says it */
    put_source_prefix(opt, rec, out);
    sb_puts(out, o->puzzle[0] ? o->puzzle : "-"); /* on every record: no format to parse */
    sb_putc(out, ' ');
    sb_puts(out, verdict_name(o->verdict));
    if (opt->count && o->verdict != VERDICT_INVALID)
        sb_printf(out, more ? " >%ld" : " %ld", more ? shown : o->solutions);
    if (opt->minimal)
        sb_printf(out, m.count < 0 ? " -" : m.count ? " redundant %s" : " minimal", m.list);
    if (o->given == GIVEN_WRONG) /* on the record's own line, not only on standard error */
        sb_puts(out, " (given solution wrong)");
    sb_putc(out, '\n');
    if (opt->all && o->solutions > 0)
        list_solutions(o, shown, false, out);
}

/* ------------------------------------------------------------ grade --scale basic */

/* 'PUZZLE LEVEL DEPTH', or the columns level and depth; the work is sudoku_rate_basic(). */
static void command_grade_basic(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                                record_result *res)
{
    sudoku_basic_rating g;
    bool graded = o->verdict == VERDICT_UNIQUE && sudoku_rate_basic(&o->grid, &g);
    if (graded)
        res->level = (int)g.level;
    if (tabular(opt)) {
        record_fields r;
        add_common(&r, rec, o);
        if (graded) {
            fields_add(&r, "level", sudoku_basic_level_name(g.level), false);
            fields_add_number(&r, "depth", g.depth);
        } else {
            fields_add(&r, "level", NULL, true);
            fields_add(&r, "depth", NULL, true);
        }
        add_remark(&r, rec);
        fields_put(opt->format, &r, out);
        return;
    }
    put_source_prefix(opt, rec, out);
    if (graded)
        sb_printf(out, "%s %s %d\n", o->puzzle, sudoku_basic_level_name(g.level), g.depth);
    else /* the verdict where the level goes, as on SE's scale */
        sb_printf(out, "%s %s -\n", o->puzzle[0] ? o->puzzle : "-", verdict_name(o->verdict));
}

/* ------------------------------------------------------------ grade */

static void grade_fields(const options *opt, const sudoku_record *rec, const outcome *o, const sudoku_rating *g,
                         strbuf *out)
{
    record_fields r;
    char steps[1024];
    add_common(&r, rec, o);
    if (!g) {
        static const char *const names[] = { "level", "level_rank", "er", "ep", "ed", "hardest", "guesses",
                                             "depth" };
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            fields_add(&r, names[i], NULL, true);
        if (opt->format == FORMAT_JSON) {
            fields_add(&r, "steps", NULL, true);
            r.f[r.count - 1].json_only = true;
        }
    } else {
        fields_add(&r, "level", sudoku_level_name(g->level), false);
        fields_add_number(&r, "level_rank", (long)g->level + 1); /* 1 easy ... 5 extreme: sorts in order */
        fields_add_rating(&r, "er", g->er);
        fields_add_rating(&r, "ep", g->ep);
        fields_add_rating(&r, "ed", g->ed);
        /* No technique for a full grid: null, as for the ratings. */
        fields_add(&r, "hardest", g->hardest < 0 && g->level != SUDOKU_LEVEL_EXTREME ? NULL : hardest_id(g), false);
        fields_add_number(&r, "guesses", (long)g->guesses);
        fields_add_number(&r, "depth", g->depth);
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
            fields_add(&r, "steps", steps, true);
            r.f[r.count - 1].json_only = true;
        }
    }
    add_remark(&r, rec);
    fields_put(opt->format, &r, out);
}

static void command_grade(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                          strbuf *err, record_result *res)
{
    if (opt->scale == SCALE_BASIC) {
        command_grade_basic(opt, rec, o, out, res);
        return;
    }
    char a[16], b[16], c[16];
    /* The verdict came from the grading (evaluate_by_grading). */
    bool graded = o->verdict == VERDICT_UNIQUE;
    const sudoku_rating *g = &o->rating;
    if (graded) {
        res->level = (int)g->level;
        res->er = g->er;
    }
    if (opt->quiet)
        return; /* no line goes anywhere: none is written */
    if (tabular(opt)) {
        grade_fields(opt, rec, o, graded ? g : NULL, out);
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
        sb_printf(out, "%s ED=%s/%s/%s\n", o->puzzle, rating_text(g->er, a, sizeof a),
                  rating_text(g->ep, b, sizeof b), rating_text(g->ed, c, sizeof c));
        return;
    }
    sb_printf(out, "%s %s %s/%s/%s %s %lu\n", o->puzzle, sudoku_level_name(g->level), rating_text(g->er, a, sizeof a),
              rating_text(g->ep, b, sizeof b), rating_text(g->ed, c, sizeof c), hardest_id(g), g->guesses);
}

/* ------------------------------------------------------------ explain */

static void command_explain(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out,
                            strbuf *err, record_result *res)
{
    if (o->verdict != VERDICT_UNIQUE) {
        if (opt->format == FORMAT_JSON) /* one line per record, as the other commands' JSON */
            explain_json_unsolved(rec, o->puzzle, verdict_name(o->verdict),
                                  o->verdict == VERDICT_NONE ? o->why : NULL, out);
        report_unsolvable(rec, o, err);
        return;
    }
    strbuf header = { 0 };
    if (opt->format == FORMAT_TEXT && !opt->position) { /* a position is read back as it is */
        sb_printf(&header, "Puzzle %s (", o->puzzle);
        put_location(&header, rec);
        sb_puts(&header, ")\n");
    }
    explain_output(opt, rec, o->number, o->puzzle, &o->grid, o->solution, header.data, out, err, res);
    out->failed |= header.failed;
    sb_free(&header);
}

/* ------------------------------------------------------------ hint */

static void command_hint(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out, strbuf *err,
                         record_result *res)
{
    if (o->verdict == VERDICT_UNIQUE) {
        hint_output(opt, rec, &o->grid, o->solution, out, err, res);
        return;
    }
    /* A position that lost its way is told what is wrong, not hinted on. */
    strbuf why = { 0 };
    if (o->verdict == VERDICT_NONE && hint_wrong_position(rec, &why)) {
        put_message_start(err, rec);
        sb_printf(err, " wrong position: %s\n", why.data);
    } else {
        report_unsolvable(rec, o, err);
    }
    sb_free(&why);
}

/* ------------------------------------------------------------ canon, transform */

/* A line a record, whatever its verdict (the form depends on the clues
 * only): the form or the disguised puzzle; 'invalid' for input that is no
 * puzzle, so that outputs line up. */
static void command_canon(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out)
{
    char line[SUDOKU_MAX_CELLS + 1] = "";
    uint64_t automorphisms = 0;
    if (rec->ok) {
        if (opt->command == CMD_CANON)
            canon_line(rec, line, &automorphisms);
        else
            transform_line(rec, opt->seed, line);
    }
    if (tabular(opt)) {
        record_fields r;
        add_common(&r, rec, o);
        fields_add(&r, opt->command == CMD_CANON ? "canon" : "transformed", rec->ok ? line : NULL, false);
        if (opt->command == CMD_CANON) {
            if (rec->ok) { /* up to 2 x 6^8 x 9! for an empty grid: more than a 32-bit long */
                snprintf(r.numbers[r.count], sizeof r.numbers[0], "%llu", (unsigned long long)automorphisms);
                fields_add(&r, "automorphisms", r.numbers[r.count], true);
            } else
                fields_add(&r, "automorphisms", NULL, true);
        }
        add_remark(&r, rec);
        fields_put(opt->format, &r, out);
        return;
    }
    put_source_prefix(opt, rec, out);
    sb_printf(out, "%s\n", rec->ok ? line : verdict_name(o->verdict));
}

/* ------------------------------------------------------------ print */

/* print: the puzzle, its solution and rating, for print.c's layout on the writing thread. */
static void command_print(const options *opt, const sudoku_record *rec, const outcome *o, strbuf *out, strbuf *err,
                          record_result *res)
{
    if (o->verdict != VERDICT_UNIQUE) {
        report_unsolvable(rec, o, err); /* a puzzle for print has one solution */
        return;
    }
    sudoku_rating g;
    sudoku_rate_unique(&o->grid, opt->last_technique, &g);
    res->level = (int)g.level;
    res->er = g.er;
    sudoku_grid solved;
    char line[SUDOKU_MAX_CELLS + 1];
    solved_grid(o, &solved);
    sudoku_grid_to_line(&solved, line);
    print_record(o->puzzle, line, sudoku_level_name(g.level), g.er, out);
}

/* ------------------------------------------------------------ records */

void report_record(const options *opt, const sudoku_record *rec, strbuf *out, strbuf *err, record_result *res)
{
    report_record_numbered(opt, rec, 1, out, err, res);
}

void report_record_numbered(const options *opt, const sudoku_record *rec, long number, strbuf *out, strbuf *err,
                            record_result *res)
{
    outcome o;
    long limit = opt->command == CMD_CHECK && opt->count ? opt->count + 1 : 2;
    bool by_grading = opt->command == CMD_GRADE && opt->scale != SCALE_BASIC;
    if (by_grading)
        evaluate_by_grading(rec, opt->last_technique, &o);
    else
        evaluate(rec, limit, needs_grid(opt), &o);
    o.number = number;

    res->verdict = o.verdict;
    res->status = verdict_status(o.verdict);
    res->level = -1;
    res->er = -1;

    if (o.verdict == VERDICT_INVALID) {
        put_message_start(err, rec);
        sb_printf(err, " %s\n", rec->error);
    }

    /* Whatever is printed as a solution has been checked first (grade
     * made none: it prints none). */
    if ((o.verdict == VERDICT_UNIQUE || o.verdict == VERDICT_MULTIPLE) && !by_grading &&
        !solution_verified(rec, o.solution)) {
        put_message_start(err, rec);
        sb_puts(err, " internal error: the solver's answer fails verification\n");
        res->status = EXIT_SOFTWARE;
        return;
    }
    /* check: a solution given with the puzzle (a CSV column) must be its
     * only one; if not, the input is wrong, as malformed input is. */
    char why_not[160];
    if (opt->command == CMD_CHECK && rec->ok && rec->has_solution) {
        o.given = GIVEN_RIGHT;
        if (!sudoku_given_solution_ok(rec, why_not, sizeof why_not)) {
            o.given = GIVEN_WRONG;
            put_where(err, rec);
            sb_printf(err, " %s\n", why_not);
            res->status = worse_status(res->status, EXIT_DATAERR);
        }
    }
    /* Quiet: the work is done (grades count in --summary) but no record
     * reaches standard output, nor does what is said of a puzzle with no
     * solution or several (the status tells); malformed input is still
     * reported above. */
    strbuf discard = { 0 };
    strbuf *to = opt->quiet ? &discard : out;
    strbuf *why = opt->quiet ? &discard : err;
    switch (opt->command) {
    case CMD_SOLVE: command_solve(opt, rec, &o, to, why, res); break;
    case CMD_CHECK: command_check(opt, rec, &o, to, why); break;
    case CMD_GRADE: command_grade(opt, rec, &o, to, why, res); break;
    case CMD_EXPLAIN: command_explain(opt, rec, &o, to, why, res); break;
    case CMD_HINT: command_hint(opt, rec, &o, to, why, res); break;
    case CMD_PRINT: command_print(opt, rec, &o, to, why, res); break;
    case CMD_CANON:
    case CMD_TRANSFORM:
        command_canon(opt, rec, &o, to);
        /* Their lines do not depend on the verdict: only input that is no
         * puzzle changes the status. */
        res->status = rec->ok ? EXIT_UNIQUE : EXIT_DATAERR;
        break;
    case NCOMMANDS: break;
    }
    sb_free(&discard);
}
