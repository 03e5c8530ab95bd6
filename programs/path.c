/*
 * path.c - records a puzzle's solving path: the engine's steps, and where
 * logic stalls, trials. A trial assumes a digit and follows the
 * consequences until they break a rule; what it shows is that refutation
 * and the elimination it proves, never a digit chosen because the answer
 * is known. The true digit of the cell is skipped, so every trial shown is
 * refuted and logic resumes with one candidate fewer.
 */
#include "path.h"
#include "grid/bits.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ trials */

/*
 * The empty cell with the fewest candidates but two (the first such), where
 * a person would try: a cell down to one candidate has nothing to refute.
 * -1 when every empty cell is.
 */
static int trial_cell(const sudoku_grid *g)
{
    int cell = -1, best = SUDOKU_MAX_N + 1;
    for (int c = 0; c < g->layout->ncells; c++) {
        int k = mask_count(g->cand[c]);
        if (!g->digit[c] && k >= 2 && k < best) {
            best = k;
            cell = c;
        }
    }
    return cell;
}

/* Follows the assumption cell=d with logic, then with the exact search if logic stalls. */
static void try_digit(const sudoku_grid *g, int cell, int d, int last, trial *t)
{
    sudoku_grid after = *g;
    sudoku_path run;
    t->cell = cell;
    t->digit = d;
    t->choices = mask_count(g->cand[cell]);
    t->by_search = false;
    t->why[0] = '\0';
    sudoku_grid_place(&after, cell, d);
    sudoku_logic_options opts = { SUDOKU_ORDER_RATING, last };
    sudoku_logic_run_with(&after, &opts, &run, NULL, NULL);
    t->logic_steps = run.steps;
    if (!sudoku_grid_contradiction(&after, t->why, sizeof t->why))
        t->by_search = true;
}

static void describe_trial(const sudoku_layout *l, const trial *t, char *buf, size_t size)
{
    char name[16];
    sudoku_cell_name(l, t->cell, name, sizeof name);
    char d = sudoku_digit_char(t->digit);
    if (t->by_search)
        snprintf(buf, size,
                 "Trial: assume %s=%c (one of %d candidates); logic stalls after %d step%s and the search "
                 "finds no solution => %s<>%c",
                 name, d, t->choices, t->logic_steps, t->logic_steps == 1 ? "" : "s", name, d);
    else
        snprintf(buf, size, "Trial: assume %s=%c (one of %d candidates); after %d step%s of logic, %s => %s<>%c",
                 name, d, t->choices, t->logic_steps, t->logic_steps == 1 ? "" : "s", t->why, name, d);
}

/* A trial as a step: the assumption marked 'on', its refutation the elimination. */
static void trial_step(const trial *t, sudoku_step *s)
{
    memset(s, 0, sizeof *s);
    s->technique = -1;
    snprintf(s->name, sizeof s->name, "Trial");
    s->place_cell = -1;
    s->place_unit = -1;
    s->digits = sudoku_bit(t->digit);
    s->nmarks = 1;
    s->marks[0] = (sudoku_mark){ (uint8_t)t->cell, SUDOKU_ROLE_ON, sudoku_bit(t->digit) };
    s->elim[t->cell] = sudoku_bit(t->digit);
    s->nelim = 1;
}

void path_next(const sudoku_grid *g, const uint8_t *solution, int last, path_entry *e)
{
    sudoku_logic_options opts = { SUDOKU_ORDER_RATING, last };
    e->before = *g;
    e->is_trial = false;
    if (sudoku_find_step_with(g, &opts, &e->step)) {
        sudoku_step_describe(g, &e->step, e->text, sizeof e->text);
        return;
    }
    /* Logic stalls: refute the first candidate that is not the solution's. */
    int cell = trial_cell(g);
    if (cell < 0) {
        /* Every empty cell is down to one candidate, which a table cut
         * short before naked singles (-T full-house) leaves there: reading
         * them off is no trial, and a trial would refute nothing. */
        sudoku_logic_options singles = { SUDOKU_ORDER_RATING, SUDOKU_NAKED_SINGLE };
        if (sudoku_find_step_with(g, &singles, &e->step)) {
            sudoku_step_describe(g, &e->step, e->text, sizeof e->text);
            return;
        }
    }
    if (cell < 0) { /* no empty cell with a candidate: the grid contradicts 'solution' */
        memset(&e->step, 0, sizeof e->step);
        e->step.place_cell = e->step.place_unit = -1;
        e->text[0] = '\0';
        return;
    }
    int d = 1;
    while (d < g->layout->n && (!(g->cand[cell] & sudoku_bit(d)) || d == solution[cell]))
        d++;
    e->is_trial = true;
    try_digit(g, cell, d, last, &e->t);
    trial_step(&e->t, &e->step);
    describe_trial(g->layout, &e->t, e->text, sizeof e->text);
}

/* ------------------------------------------------------------ the path */

static path_entry *append(solving_path *p)
{
    if (p->count == p->cap) {
        int cap = p->cap ? 2 * p->cap : 32;
        path_entry *grown = realloc(p->entry, (size_t)cap * sizeof *grown);
        if (!grown) {
            p->failed = true;
            return NULL;
        }
        p->entry = grown;
        p->cap = cap;
    }
    return &p->entry[p->count++];
}

void path_build(solving_path *p, const sudoku_grid *start, const uint8_t *solution, int last)
{
    memset(p, 0, sizeof *p);
    p->start = *start;
    memcpy(p->solution, solution, (size_t)start->layout->ncells);
    sudoku_grid g = *start;
    /* Each step removes at least one candidate: the path cannot loop
     * (a step that removes none would mean the grid lost its solution). */
    while (g.empty) {
        path_entry *e = append(p);
        if (!e)
            return;
        path_next(&g, solution, last, e);
        if (e->step.nelim == 0 && e->step.place_cell < 0) {
            p->count--;
            p->failed = true;
            return;
        }
        if (e->is_trial)
            p->trials++;
        sudoku_apply_step(&g, &e->step);
    }
}

void path_free(solving_path *p)
{
    free(p->entry);
    p->entry = NULL;
    p->count = p->cap = 0;
}

int path_hardest_step(const solving_path *p, int er)
{
    for (int i = 0; er >= 0 && i < p->count; i++)
        if (!p->entry[i].is_trial && p->entry[i].step.rating == er)
            return i + 1;
    for (int i = 0; er < 0 && i < p->count; i++) /* rated by guessing: the first trial */
        if (p->entry[i].is_trial)
            return i + 1;
    return 0;
}
