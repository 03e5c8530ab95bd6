/*
 * engine.c - the ordered technique table and the fixpoint loop.
 *
 * The engine always takes the first step found in its order and starts
 * again from the top, so that each step is the easiest one available.
 */
#include "grade/engine.h"
#include "techniques/strategy.h"

#include <string.h>

/* A technique: its public description and the finder that looks for it. */
typedef struct technique_row {
    sudoku_technique info;
    finder_fn find;
} technique_row;

#define SINGLES SUDOKU_FAMILY_SINGLES
#define INTERSECTIONS SUDOKU_FAMILY_INTERSECTIONS
#define SUBSETS SUDOKU_FAMILY_SUBSETS
#define FISH SUDOKU_FAMILY_FISH
#define WINGS SUDOKU_FAMILY_WINGS
#define UNIQUENESS SUDOKU_FAMILY_UNIQUENESS
#define EXCLUSION SUDOKU_FAMILY_EXCLUSION
#define CHAINS SUDOKU_FAMILY_CHAINS

/*
 * One row per technique, in Sudoku Explainer 1.2.1's order; ratings on its
 * scale, x10 (for loops, BUG type 3 and chains the base: the step adds to it).
 */
static const technique_row table[SUDOKU_NTECHNIQUES] = {
    [SUDOKU_FULL_HOUSE]           = { { "full-house", "Full house", SINGLES, 10 }, find_full_house },
    [SUDOKU_HIDDEN_SINGLE_BOX]    = { { "hidden-single-box", "Hidden single", SINGLES, 12 }, find_hidden_single_box },
    [SUDOKU_HIDDEN_SINGLE_LINE]   = { { "hidden-single-line", "Hidden single", SINGLES, 15 }, find_hidden_single_line },
    [SUDOKU_DIRECT_POINTING]      = { { "direct-pointing", "Direct pointing", INTERSECTIONS, 17 }, find_direct_pointing },
    [SUDOKU_DIRECT_CLAIMING]      = { { "direct-claiming", "Direct claiming", INTERSECTIONS, 19 }, find_direct_claiming },
    [SUDOKU_DIRECT_HIDDEN_PAIR]   = { { "direct-hidden-pair", "Direct hidden pair", SUBSETS, 20 }, find_direct_hidden_pair },
    [SUDOKU_NAKED_SINGLE]         = { { "naked-single", "Naked single", SINGLES, 23 }, find_naked_single },
    [SUDOKU_DIRECT_HIDDEN_TRIPLE] = { { "direct-hidden-triple", "Direct hidden triple", SUBSETS, 25 }, find_direct_hidden_triple },
    [SUDOKU_POINTING]             = { { "pointing", "Pointing", INTERSECTIONS, 26 }, find_pointing },
    [SUDOKU_CLAIMING]             = { { "claiming", "Claiming", INTERSECTIONS, 28 }, find_claiming },
    [SUDOKU_NAKED_PAIR]           = { { "naked-pair", "Naked pair", SUBSETS, 30 }, find_naked_pair },
    [SUDOKU_X_WING]               = { { "x-wing", "X-Wing", FISH, 32 }, find_x_wing },
    [SUDOKU_HIDDEN_PAIR]          = { { "hidden-pair", "Hidden pair", SUBSETS, 34 }, find_hidden_pair },
    [SUDOKU_NAKED_TRIPLE]         = { { "naked-triple", "Naked triple", SUBSETS, 36 }, find_naked_triple },
    [SUDOKU_SWORDFISH]            = { { "swordfish", "Swordfish", FISH, 38 }, find_swordfish },
    [SUDOKU_HIDDEN_TRIPLE]        = { { "hidden-triple", "Hidden triple", SUBSETS, 40 }, find_hidden_triple },
    [SUDOKU_XY_WING]              = { { "xy-wing", "XY-Wing", WINGS, 42 }, find_xy_wing },
    [SUDOKU_XYZ_WING]             = { { "xyz-wing", "XYZ-Wing", WINGS, 44 }, find_xyz_wing },
    [SUDOKU_UNIQUE_LOOP]          = { { "unique-loop", "Unique rectangle or loop", UNIQUENESS, 45 }, find_unique_loop },
    [SUDOKU_NAKED_QUAD]           = { { "naked-quad", "Naked quad", SUBSETS, 50 }, find_naked_quad },
    [SUDOKU_JELLYFISH]            = { { "jellyfish", "Jellyfish", FISH, 52 }, find_jellyfish },
    [SUDOKU_HIDDEN_QUAD]          = { { "hidden-quad", "Hidden quad", SUBSETS, 54 }, find_hidden_quad },
    [SUDOKU_BUG]                  = { { "bug", "Bivalue universal grave (BUG)", UNIQUENESS, 56 }, find_bug },
    [SUDOKU_ALIGNED_PAIR_EXCLUSION] = { { "aligned-pair-exclusion", "Aligned pair exclusion", EXCLUSION, 62 },
                                        find_aligned_pair_exclusion },
    [SUDOKU_FORCING_CHAIN]        = { { "forcing-chain", "Forcing chain", CHAINS, 65 }, find_forcing_chain },
    [SUDOKU_ALIGNED_TRIPLE_EXCLUSION] = { { "aligned-triple-exclusion", "Aligned triple exclusion", EXCLUSION, 75 },
                                          find_aligned_triple_exclusion },
    [SUDOKU_NISHIO_CHAIN]         = { { "nishio-chain", "Nishio forcing chains", CHAINS, 75 }, find_nishio_chain },
    [SUDOKU_MULTIPLE_CHAIN]       = { { "multiple-chain", "Multiple forcing chains", CHAINS, 80 }, find_multiple_chain },
    [SUDOKU_DYNAMIC_CHAIN]        = { { "dynamic-chain", "Dynamic forcing chains", CHAINS, 85 }, find_dynamic_chain },
    [SUDOKU_DYNAMIC_CHAIN_PLUS]   = { { "dynamic-chain-plus", "Dynamic forcing chains (+)", CHAINS, 90 },
                                      find_dynamic_chain_plus },
    [SUDOKU_NESTED_CHAIN_FC]      = { { "nested-chain-fc", "Dynamic forcing chains (+ forcing chains)", CHAINS, 95 },
                                      find_nested_chain_fc },
    [SUDOKU_NESTED_CHAIN_MFC]     = { { "nested-chain-mfc", "Dynamic forcing chains (+ multiple forcing chains)",
                                        CHAINS, 100 }, find_nested_chain_mfc },
    [SUDOKU_NESTED_CHAIN_DFC]     = { { "nested-chain-dfc", "Dynamic forcing chains (+ dynamic forcing chains)",
                                        CHAINS, 105 }, find_nested_chain_dfc },
};

#undef SINGLES
#undef INTERSECTIONS
#undef SUBSETS
#undef FISH
#undef WINGS
#undef UNIQUENESS
#undef EXCLUSION
#undef CHAINS

const sudoku_technique *sudoku_technique_get(int id)
{
    return id >= 0 && id < SUDOKU_NTECHNIQUES ? &table[id].info : NULL;
}

int sudoku_technique_find(const char *id)
{
    for (int t = 0; t < SUDOKU_NTECHNIQUES; t++)
        if (strcmp(table[t].info.id, id) == 0)
            return t;
    return -1;
}

static const enum sudoku_level family_level[SUDOKU_NFAMILIES] = {
    [SUDOKU_FAMILY_SINGLES] = SUDOKU_LEVEL_EASY,
    [SUDOKU_FAMILY_INTERSECTIONS] = SUDOKU_LEVEL_MEDIUM,
    [SUDOKU_FAMILY_SUBSETS] = SUDOKU_LEVEL_HARD,
    [SUDOKU_FAMILY_FISH] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_WINGS] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_UNIQUENESS] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_EXCLUSION] = SUDOKU_LEVEL_EXPERT,
    [SUDOKU_FAMILY_CHAINS] = SUDOKU_LEVEL_EXTREME,
};

enum sudoku_level sudoku_family_level(enum sudoku_family family) { return family_level[family]; }

static enum sudoku_level level_of_technique(int t) { return family_level[table[t].info.family]; }

/* The techniques allowed by opts, in its order, of the levels up to top; returns how many. */
static int order_list(const sudoku_logic_options *opts, enum sudoku_level top, int *list)
{
    int last = opts->last < SUDOKU_NTECHNIQUES ? opts->last : SUDOKU_NTECHNIQUES - 1;
    int k = 0;
    if (opts->order == SUDOKU_ORDER_RATING) {
        for (int t = 0; t <= last; t++)
            if (level_of_technique(t) <= top)
                list[k++] = t;
        return k;
    }
    for (int level = SUDOKU_LEVEL_EASY; level <= (int)top; level++)
        for (int t = 0; t <= last; t++)
            if ((int)level_of_technique(t) == level)
                list[k++] = t;
    return k;
}

static bool find_in(const view *v, const int *list, int count, sudoku_step *step)
{
    for (int k = 0; k < count; k++)
        if (table[list[k]].find(v, step))
            return true;
    return false;
}

bool sudoku_find_step_with(const sudoku_grid *g, const sudoku_logic_options *opts, sudoku_step *step)
{
    int list[SUDOKU_NTECHNIQUES];
    int count = order_list(opts, SUDOKU_LEVEL_EXTREME, list);
    view v;
    view_build(&v, g);
    return !v.broken && find_in(&v, list, count, step);
}

bool sudoku_find_step(const sudoku_grid *g, enum sudoku_order order, sudoku_step *step)
{
    sudoku_logic_options opts = { order, SUDOKU_NTECHNIQUES - 1 };
    return sudoku_find_step_with(g, &opts, step);
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

/*
 * ER, EP and ED as SE's Solver.getDifficulty() keeps them: ER is the
 * largest difficulty so far (compared as doubles, so the first step to
 * reach it names it), ED the ER after the first step, EP the ER after the
 * first step that places a digit.
 */
static void path_record(sudoku_path *path, const sudoku_step *step, double *er_exact)
{
    if (path->steps == 0 || step->difficulty > *er_exact) {
        *er_exact = step->difficulty;
        path->er = step->rating;
        path->hardest = step->technique;
        strcpy(path->hardest_name, step->name);
    }
    if (path->steps == 0)
        path->ed = path->er;
    if (path->ep < 0 && step->place_cell >= 0)
        path->ep = path->er;
    int level = (int)level_of_technique(step->technique);
    if (level > path->max_level)
        path->max_level = level;
    path->count[step->technique]++;
    path->steps++;
}

static void run_list(sudoku_grid *g, const int *list, int count, sudoku_path *path, sudoku_step_fn on_step,
                     void *ctx)
{
    memset(path, 0, sizeof *path);
    path->er = path->ep = path->ed = -1;
    path->hardest = path->max_level = -1;

    /* On the stack, not in a static: the callback may run the engine
     * itself (rate another grid, look for a hint), and this run must go on
     * with its own step. About 6 KB; worker stacks are 512 KB. */
    view v;
    sudoku_step step;
    double er_exact = 0;
    view_build(&v, g);
    while (g->empty) {
        if (v.broken) {
            path->contradiction = true;
            return;
        }
        if (!find_in(&v, list, count, &step)) {
            path->stalled = true;
            return;
        }
        if (on_step && !on_step(g, &step, ctx))
            return;
        path_record(path, &step, &er_exact);
        view_apply(&v, g, &step);
    }
    path->solved = true;
}

void sudoku_logic_run_with(sudoku_grid *g, const sudoku_logic_options *opts, sudoku_path *path,
                           sudoku_step_fn on_step, void *ctx)
{
    int list[SUDOKU_NTECHNIQUES];
    int count = order_list(opts, SUDOKU_LEVEL_EXTREME, list);
    run_list(g, list, count, path, on_step, ctx);
}

void engine_run_up_to_level(sudoku_grid *g, const sudoku_logic_options *opts, enum sudoku_level top,
                            sudoku_path *path)
{
    int list[SUDOKU_NTECHNIQUES];
    int count = order_list(opts, top, list);
    run_list(g, list, count, path, NULL, NULL);
}

void sudoku_logic_run(sudoku_grid *g, enum sudoku_order order, sudoku_path *path,
                      sudoku_step_fn on_step, void *ctx)
{
    sudoku_logic_options opts = { order, SUDOKU_NTECHNIQUES - 1 };
    sudoku_logic_run_with(g, &opts, path, on_step, ctx);
}
