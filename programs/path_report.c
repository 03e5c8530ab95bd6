/*
 * path_report.c - explain's record in each format: text (the numbered
 * steps, the solution, the rating), JSON Lines (one object per puzzle with
 * its rating and steps), SVG (every step in one picture) and HTML (a page).
 */
#include "hint.h"
#include "numbers.h"
#include "outdir.h"

#include <stdlib.h>
#include <string.h>

/* "Rating: hard, ER/EP/ED 3.4/3.4/1.2, hardest Hidden pair (3.4) at step 12[, 2 guesses]". */
static void rating_line(const sudoku_rating *r, int trials, int hardest_step, char *buf, size_t size)
{
    char a[16], b[16], c[16];
    int len = snprintf(buf, size, "Rating: %s, ER/EP/ED %s/%s/%s, hardest ", sudoku_level_name(r->level),
                       rating_text(r->er, a, sizeof a), rating_text(r->ep, b, sizeof b), rating_text(r->ed, c, sizeof c));
    if (len < 0 || (size_t)len >= size)
        return;
    if (r->hardest >= 0) /* the step's own name ("Unique Loop 6 type 2"), with its rating */
        len += snprintf(buf + len, size - (size_t)len, "%s (%s)", r->hardest_name, rating_text(r->er, a, sizeof a));
    else
        len += snprintf(buf + len, size - (size_t)len, "%s", r->level == SUDOKU_LEVEL_EXTREME ? "guessing" : "none");
    if (hardest_step > 0 && len > 0 && (size_t)len < size)
        len += snprintf(buf + len, size - (size_t)len, " at step %d", hardest_step);
    if (trials && len > 0 && (size_t)len < size)
        snprintf(buf + len, size - (size_t)len, ", %d guess%s", trials, trials == 1 ? "" : "es");
}

static void json_rating_value(strbuf *out, const char *key, int t)
{
    if (t < 0)
        sb_printf(out, ",\"%s\":null", key);
    else
        sb_printf(out, ",\"%s\":%d.%d", key, t / 10, t % 10);
}

static void json_head(strbuf *out, const sudoku_record *rec, const char *puzzle, const char *verdict)
{
    sb_puts(out, "{\"source\":");
    sb_put_json(out, rec->source);
    sb_printf(out, ",\"line\":%ld,\"puzzle\":", rec->line);
    if (puzzle && *puzzle)
        sb_put_json(out, puzzle);
    else
        sb_puts(out, "null");
    sb_printf(out, ",\"verdict\":\"%s\"", verdict);
}

void explain_json_unsolved(const sudoku_record *rec, const char *puzzle, const char *verdict, const char *reason,
                           strbuf *out)
{
    json_head(out, rec, puzzle, verdict);
    sb_puts(out, ",\"rating\":null,\"steps\":null,\"solution\":null,\"reason\":");
    if (reason && *reason)
        sb_put_json(out, reason);
    else
        sb_puts(out, "null");
    sb_puts(out, ",\"error\":");
    if (rec->ok)
        sb_puts(out, "null");
    else
        sb_put_json(out, rec->error);
    sb_puts(out, "}\n");
}

static void explain_json(const sudoku_record *rec, const char *puzzle, const solving_path *p, const sudoku_rating *r,
                         const char *solution, step_range range, strbuf *out)
{
    json_head(out, rec, puzzle, "unique");
    sb_printf(out, ",\"rating\":{\"level\":\"%s\"", sudoku_level_name(r->level));
    json_rating_value(out, "er", r->er);
    json_rating_value(out, "ep", r->ep);
    json_rating_value(out, "ed", r->ed);
    sb_puts(out, ",\"hardest\":");
    if (r->hardest >= 0)
        sb_put_json(out, sudoku_technique_get(r->hardest)->id);
    else
        sb_puts(out, r->level == SUDOKU_LEVEL_EXTREME ? "\"guessing\"" : "null");
    int hardest = path_hardest_step(p, r->er);
    sb_printf(out, ",\"guesses\":%d", p->trials);
    if (hardest > 0)
        sb_printf(out, ",\"hardest_step\":%d}", hardest);
    else
        sb_puts(out, ",\"hardest_step\":null}");
    sb_puts(out, ",\"steps\":");
    json_steps_range(out, p, range);
    sb_puts(out, ",\"solution\":");
    sb_put_json(out, solution);
    sb_puts(out, ",\"reason\":null,\"error\":null}\n");
}

/* The steps asked for (--step N, --steps A-B), within the path; false when it has none of them. */
static bool chosen_steps(const options *opt, const solving_path *p, const sudoku_record *rec, step_range *r,
                         strbuf *err)
{
    r->first = 1;
    r->last = p->count;
    if (!opt->step_first)
        return true;
    if (opt->step_first > p->count) {
        sb_put_name(err, rec->source);
        sb_printf(err, ":%ld: no step %d: the path has %d step%s\n", rec->line, opt->step_first, p->count,
                  p->count == 1 ? "" : "s");
        return false;
    }
    r->first = opt->step_first;
    if (opt->step_last < r->last)
        r->last = opt->step_last;
    return true;
}

/* explain --position: the position before the first step asked for, as the reader reads it. */
static void explain_position(const sudoku_record *rec, const solving_path *p, step_range r, strbuf *out)
{
    const path_entry *e = &p->entry[r.first - 1];
    sb_puts(out, "# ");
    sb_put_name(out, rec->source);
    sb_printf(out, ":%ld: before step %d\n# %s\n", rec->line, r.first, e->step.name);
    text_position(&e->before, out);
}

/* explain -o DIR --format svg: the puzzle, then a picture a step, each its own file. */
static void explain_svg_files(const options *opt, const sudoku_record *rec, const solving_path *p, step_range r,
                              strbuf *out, strbuf *err, record_result *res)
{
    strbuf doc = { 0 };
    char suffix[32], id[24];
    if (r.first == 1) {
        svg_declaration(&doc);
        svg_solution(&doc, &p->start, NULL, "The puzzle", "s0");
        outdir_take(opt, rec, "", "svg", &doc, out, err, res);
    }
    for (int i = r.first - 1; i < r.last; i++) {
        sb_clear(&doc);
        snprintf(suffix, sizeof suffix, "-step-%03d", i + 1);
        snprintf(id, sizeof id, "s%d", i + 1);
        svg_declaration(&doc);
        svg_step(&doc, &p->entry[i], &p->start, i + 1, SHOW_ALL, id);
        outdir_take(opt, rec, suffix, "svg", &doc, out, err, res);
    }
    sb_free(&doc);
}

void explain_output(const options *opt, const sudoku_record *rec, long number, const char *puzzle,
                    const sudoku_grid *grid, const uint8_t *solution, const char *header, strbuf *out, strbuf *err,
                    record_result *res)
{
    sudoku_rating r;
    sudoku_rate_unique(grid, opt->last_technique, &r); /* called for a puzzle with one solution */
    res->level = (int)r.level;
    res->er = r.er;

    solving_path p;
    path_build(&p, grid, solution, opt->last_technique);
    if (p.failed) {
        out->failed = true; /* reported as output that could not be made */
        path_free(&p);
        return;
    }
    step_range range;
    if (!chosen_steps(opt, &p, rec, &range, err)) {
        res->status = worse_status(res->status, EXIT_USAGE);
        path_free(&p);
        return;
    }
    if (header)
        sb_puts(out, header);
    char line[SUDOKU_MAX_CELLS + 1], rating[320], title[SUDOKU_MAX_CELLS + 64], prefix[32];
    sudoku_grid solved = *grid;
    for (int c = 0; c < grid->layout->ncells; c++)
        solved.digit[c] = solution[c];
    sudoku_grid_to_line(&solved, line);
    int hardest = path_hardest_step(&p, r.er);
    rating_line(&r, p.trials, hardest, rating, sizeof rating);
    snprintf(title, sizeof title, "Puzzle %s", puzzle);
    snprintf(prefix, sizeof prefix, "p%ld-", number);

    strbuf doc = { 0 };
    switch (opt->format) {
    case FORMAT_JSON:
        explain_json(rec, puzzle, &p, &r, line, range, out);
        break;
    case FORMAT_SVG:
        if (opt->output_dir) {
            explain_svg_files(opt, rec, &p, range, out, err, res);
        } else {
            svg_declaration(out);
            svg_path_range(out, &p, title, range);
        }
        break;
    case FORMAT_HTML:
        if (opt->output_dir) /* a page of its own */
            html_begin(&doc, title);
        html_puzzle(&doc, &p, title, rating, hardest, prefix, range);
        if (opt->output_dir)
            html_end(&doc);
        outdir_take(opt, rec, "", "html", &doc, out, err, res);
        break;
    default:
        if (opt->position) {
            explain_position(rec, &p, range, out);
            break;
        }
        path_text_range(&p, opt->candidates, range, out);
        sb_printf(out, "Solution %s\n%s\n\n", line, rating);
        break;
    }
    sb_free(&doc);
    path_free(&p);
}
