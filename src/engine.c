/*
 * engine.c - the ordered technique table and the fixpoint loop.
 *
 * The engine always takes the first step found in its order and starts
 * again from the top, so that each step is the easiest one available.
 */
#include "strategies/strategy.h"

#include <string.h>

#define F SUDOKU_FAMILY_SINGLES
#define I SUDOKU_FAMILY_INTERSECTIONS
#define S SUDOKU_FAMILY_SUBSETS
#define FI SUDOKU_FAMILY_FISH

/* One row per technique, in rating order; ratings on SE's scale, x10. */
static const sudoku_technique table[SUDOKU_NTECHNIQUES] = {
    [SUDOKU_FULL_HOUSE]           = { "full-house", "Full house", F, 10 },
    [SUDOKU_HIDDEN_SINGLE_BOX]    = { "hidden-single-box", "Hidden single", F, 12 },
    [SUDOKU_HIDDEN_SINGLE_LINE]   = { "hidden-single-line", "Hidden single", F, 15 },
    [SUDOKU_DIRECT_POINTING]      = { "direct-pointing", "Direct pointing", I, 17 },
    [SUDOKU_DIRECT_CLAIMING]      = { "direct-claiming", "Direct claiming", I, 19 },
    [SUDOKU_DIRECT_HIDDEN_PAIR]   = { "direct-hidden-pair", "Direct hidden pair", S, 20 },
    [SUDOKU_NAKED_SINGLE]         = { "naked-single", "Naked single", F, 23 },
    [SUDOKU_DIRECT_HIDDEN_TRIPLE] = { "direct-hidden-triple", "Direct hidden triple", S, 25 },
    [SUDOKU_POINTING]             = { "pointing", "Pointing", I, 26 },
    [SUDOKU_CLAIMING]             = { "claiming", "Claiming", I, 28 },
    [SUDOKU_NAKED_PAIR]           = { "naked-pair", "Naked pair", S, 30 },
    [SUDOKU_X_WING]               = { "x-wing", "X-Wing", FI, 32 },
    [SUDOKU_HIDDEN_PAIR]          = { "hidden-pair", "Hidden pair", S, 34 },
    [SUDOKU_NAKED_TRIPLE]         = { "naked-triple", "Naked triple", S, 36 },
    [SUDOKU_SWORDFISH]            = { "swordfish", "Swordfish", FI, 38 },
    [SUDOKU_HIDDEN_TRIPLE]        = { "hidden-triple", "Hidden triple", S, 40 },
    [SUDOKU_NAKED_QUAD]           = { "naked-quad", "Naked quad", S, 50 },
    [SUDOKU_HIDDEN_QUAD]          = { "hidden-quad", "Hidden quad", S, 54 },
};

/* The finder of each technique, indexed like the table. */
static const finder_fn finder[SUDOKU_NTECHNIQUES] = {
    [SUDOKU_FULL_HOUSE]           = find_full_house,
    [SUDOKU_HIDDEN_SINGLE_BOX]    = find_hidden_single_box,
    [SUDOKU_HIDDEN_SINGLE_LINE]   = find_hidden_single_line,
    [SUDOKU_DIRECT_POINTING]      = find_direct_pointing,
    [SUDOKU_DIRECT_CLAIMING]      = find_direct_claiming,
    [SUDOKU_DIRECT_HIDDEN_PAIR]   = find_direct_hidden_pair,
    [SUDOKU_NAKED_SINGLE]         = find_naked_single,
    [SUDOKU_DIRECT_HIDDEN_TRIPLE] = find_direct_hidden_triple,
    [SUDOKU_POINTING]             = find_pointing,
    [SUDOKU_CLAIMING]             = find_claiming,
    [SUDOKU_NAKED_PAIR]           = find_naked_pair,
    [SUDOKU_X_WING]               = find_x_wing,
    [SUDOKU_HIDDEN_PAIR]          = find_hidden_pair,
    [SUDOKU_NAKED_TRIPLE]         = find_naked_triple,
    [SUDOKU_SWORDFISH]            = find_swordfish,
    [SUDOKU_HIDDEN_TRIPLE]        = find_hidden_triple,
    [SUDOKU_NAKED_QUAD]           = find_naked_quad,
    [SUDOKU_HIDDEN_QUAD]          = find_hidden_quad,
};

#undef F
#undef I
#undef S
#undef FI

const sudoku_technique *sudoku_technique_table(void) { return table; }

/* The techniques in each order, computed from the table. */
static void order_list(enum sudoku_order order, int *list)
{
    int k = 0;
    if (order == SUDOKU_ORDER_RATING) {
        for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
            list[k++] = t;
        return;
    }
    for (int f = 0; f < SUDOKU_NFAMILIES; f++)
        for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
            if ((int)table[t].family == f)
                list[k++] = t;
}

static bool find_in(const view *v, const int *list, sudoku_step *step)
{
    for (int k = 0; k < SUDOKU_NTECHNIQUES; k++)
        if (finder[list[k]](v, step))
            return true;
    return false;
}

bool sudoku_find_step(const sudoku_grid *g, enum sudoku_order order, sudoku_step *step)
{
    int list[SUDOKU_NTECHNIQUES];
    view v;
    order_list(order, list);
    view_build(&v, g);
    return !v.broken && find_in(&v, list, step);
}

void sudoku_apply_step(sudoku_grid *g, const sudoku_step *step)
{
    if (step->nelim)
        for (int c = 0; c < g->layout->ncells; c++)
            if (step->elim[c] && !g->digit[c])
                g->cand[c] &= (sudoku_mask)~step->elim[c];
    if (step->place_cell >= 0)
        sudoku_grid_place(g, step->place_cell, step->place_digit);
}

void sudoku_logic_run(sudoku_grid *g, enum sudoku_order order, sudoku_path *path,
                      sudoku_step_fn on_step, void *ctx)
{
    int list[SUDOKU_NTECHNIQUES];
    order_list(order, list);
    memset(path, 0, sizeof *path);
    path->er = path->ep = path->ed = -1;
    path->hardest = path->max_family = -1;

    view v;
    sudoku_step step;
    view_build(&v, g);
    while (g->empty) {
        if (v.broken) {
            path->contradiction = true;
            return;
        }
        if (!find_in(&v, list, &step)) {
            path->stalled = true;
            return;
        }
        if (on_step && !on_step(g, &step, ctx))
            return;

        const sudoku_technique *t = &table[step.technique];
        if (path->steps == 0)
            path->ed = t->rating;
        if (t->rating > path->er) {
            path->er = t->rating;
            path->hardest = step.technique;
        }
        if (path->ep < 0 && step.place_cell >= 0)
            path->ep = path->er;
        if ((int)t->family > path->max_family)
            path->max_family = (int)t->family;
        path->count[step.technique]++;
        path->steps++;
        view_apply(&v, g, &step);
    }
    path->solved = true;
}
