/*
 * path_report.c - explain's record in each format: text (the numbered
 * steps, the solution, the rating), JSON Lines (one object per puzzle with
 * its rating and steps), SVG (every step in one picture) and HTML (a page).
 */
#include "hint.h"

#include <stdlib.h>
#include <string.h>

static const char *tenths(int t, char *buf, size_t size)
{
    if (t < 0)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%d.%d", t / 10, t % 10);
    return buf;
}

/* "Rating: hard, ER/EP/ED 3.4/3.4/1.2, hardest Hidden pair (3.4)[, 2 guesses]" - the guesses shown. */
static void rating_line(const sudoku_rating *r, int trials, char *buf, size_t size)
{
    char a[16], b[16], c[16];
    int len = snprintf(buf, size, "Rating: %s, ER/EP/ED %s/%s/%s, hardest ", sudoku_level_name(r->level),
                       tenths(r->er, a, sizeof a), tenths(r->ep, b, sizeof b), tenths(r->ed, c, sizeof c));
    if (len < 0 || (size_t)len >= size)
        return;
    if (r->hardest >= 0) /* the step's own name ("Unique Loop 6 type 2"), with its rating */
        len += snprintf(buf + len, size - (size_t)len, "%s (%s)", r->hardest_name, tenths(r->er, a, sizeof a));
    else
        len += snprintf(buf + len, size - (size_t)len, "%s", r->level == SUDOKU_LEVEL_EXTREME ? "guessing" : "none");
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

void explain_json_unsolved(const sudoku_record *rec, const char *puzzle, const char *verdict, strbuf *out)
{
    json_head(out, rec, puzzle, verdict);
    sb_puts(out, ",\"rating\":null,\"steps\":null,\"solution\":null,\"error\":");
    if (rec->ok)
        sb_puts(out, "null");
    else
        sb_put_json(out, rec->error);
    sb_puts(out, "}\n");
}

static void explain_json(const sudoku_record *rec, const char *puzzle, const solving_path *p, const sudoku_rating *r,
                         const char *solution, strbuf *out)
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
    sb_printf(out, ",\"guesses\":%d},\"steps\":", p->trials);
    json_steps(out, p);
    sb_puts(out, ",\"solution\":");
    sb_put_json(out, solution);
    sb_puts(out, ",\"error\":null}\n");
}

void explain_output(const options *opt, const sudoku_record *rec, const char *puzzle, const sudoku_grid *grid,
                    const uint8_t *solution, strbuf *out, record_result *res)
{
    sudoku_rating r;
    sudoku_rate_with(grid, opt->last_technique, &r);
    res->level = (int)r.level;
    res->er = r.er;

    solving_path p;
    path_build(&p, grid, solution, opt->last_technique);
    if (p.failed) {
        out->failed = true; /* reported as output that could not be made */
        path_free(&p);
        return;
    }
    char line[SUDOKU_MAX_CELLS + 1], rating[256], title[SUDOKU_MAX_CELLS + 64];
    sudoku_grid solved = *grid;
    for (int c = 0; c < grid->layout->ncells; c++)
        solved.digit[c] = solution[c];
    sudoku_grid_to_line(&solved, line);
    rating_line(&r, p.trials, rating, sizeof rating);
    snprintf(title, sizeof title, "Puzzle %s", puzzle);

    switch (opt->format) {
    case FORMAT_JSON:
        explain_json(rec, puzzle, &p, &r, line, out);
        break;
    case FORMAT_SVG:
        svg_declaration(out);
        svg_path(out, &p, title);
        break;
    case FORMAT_HTML:
        html_page(out, &p, title, rating);
        break;
    default:
        path_text(&p, opt->candidates, out);
        sb_printf(out, "Solution %s\n%s\n\n", line, rating);
        break;
    }
    path_free(&p);
}
