/*
 * rating.c - grades a puzzle: Sudoku Explainer's ER/EP/ED along the path
 * the engine takes in rating order, the named level from a pass ordered
 * by level, and the exact search that finishes when logic stalls.
 */
#include "grade/easy_closure.h"
#include "grade/engine.h"
#include "sudoku.h"

#include <string.h>

static const char *const level_names[] = { "easy", "medium", "hard", "expert", "extreme" };

const char *sudoku_level_name(enum sudoku_level level) { return level_names[level]; }

/*
 * The level is the easiest tier that solves the puzzle with its techniques
 * and those of the tiers below. The rating path can use a harder tier than
 * needed (SE tries a direct pointing before a naked single, ATE after the
 * first chains), so a pass takes whole tiers in order: the rating run
 * follows it along their shared path (engine_tier_follow), meets it again
 * where it can after they part on steps up to subsets and small fish, and
 * it goes on alone from where they part for good.
 */
static enum sudoku_level level_of(const sudoku_path *rating_path, const engine_tier_follow *follow, int last,
                                  const engine_memo *memo)
{
    if (!rating_path->solved)
        return SUDOKU_LEVEL_EXTREME; /* the tier pass has the same techniques */
    if (rating_path->max_level <= SUDOKU_LEVEL_EASY)
        return SUDOKU_LEVEL_EASY;
    /*
     * Levels up to expert only: the full pass would take an extreme step
     * only where nothing easier applies, and then (solved or stalled) the
     * level is extreme, as when these stall. That spares the chain search
     * of every later step.
     */
    if (follow->stalled)
        return SUDOKU_LEVEL_EXTREME;
    int level = follow->max_level;
    if (!follow->parted)
        return level < 0 ? SUDOKU_LEVEL_EASY : (enum sudoku_level)level;
    /*
     * Up to the hard tier, the level without the rest of the pass. The
     * pass takes singles while there are any, then an intersection, and so
     * on: the grid where the easy tier stalls, and the one where the easy
     * and medium tiers do, are the same whichever steps it takes first
     * (easy_closure.h). When singles fill the grid the level is easy; when
     * intersections are needed and fill it, medium. When they stall and
     * the rating path took nothing above subsets, the pass finishes with
     * subsets as the rating path did (a subset one grid allows, a grid
     * with fewer candidates allows too, or an easier step made it): hard.
     * Only with all those techniques in the lists. Not worked out after a
     * harder rating path: there it is seldom of use, and costs about what
     * the exact solver does. The closure starts where the pass goes on
     * alone (follow->at, after the step it parted with): every step of
     * the pass up to there is counted in 'level' already, and what is
     * left to fill is less. After a rating path of singles and
     * intersections alone, those fill the grid: each step of that path,
     * and of the pass up to follow->at (of no higher tier), stays possible
     * or is made on their closure, which so holds the path's solution.
     * Only whether singles alone fill it is left to work out.
     */
    if (rating_path->max_level <= SUDOKU_LEVEL_HARD && last >= SUDOKU_HIDDEN_QUAD) {
        bool fills = rating_path->max_level <= SUDOKU_LEVEL_MEDIUM;
        switch (fills ? easy_closure_of_filled(&follow->at) : easy_closure(&follow->at)) {
        case CLOSURE_SINGLES:
            return level > SUDOKU_LEVEL_EASY ? (enum sudoku_level)level : SUDOKU_LEVEL_EASY;
        case CLOSURE_INTERSECTIONS:
            return level > SUDOKU_LEVEL_MEDIUM ? (enum sudoku_level)level : SUDOKU_LEVEL_MEDIUM;
        case CLOSURE_STALLS:
            if (rating_path->max_level == SUDOKU_LEVEL_HARD)
                return SUDOKU_LEVEL_HARD;
            break;
        case CLOSURE_UNKNOWN:
            break;
        }
    }
    sudoku_grid work = follow->at;
    sudoku_path tier;
    sudoku_logic_options opts = { SUDOKU_ORDER_TIER, last };
    engine_run_up_to_level(&work, &follow->at_view, &opts, follow->top, &tier, memo);
    if (!tier.solved)
        return SUDOKU_LEVEL_EXTREME;
    if (tier.max_level > level)
        level = tier.max_level;
    return level < 0 ? SUDOKU_LEVEL_EASY : (enum sudoku_level)level;
}

/*
 * A grid without exactly one solution is not graded: the uniqueness
 * techniques assume one, and on an open grid the nested chains can search
 * for minutes. The exact solver tells in microseconds; the rating run
 * tells sooner for a grid its first techniques fill (engine_gate).
 */
static void not_graded(sudoku_rating *r, long solutions)
{
    memset(r, 0, sizeof *r);
    r->solutions = (int)solutions;
    r->level = SUDOKU_LEVEL_EXTREME;
    r->er = r->ep = r->ed = -1;
    r->hardest = -1;
}

/* Each unit of g is full and holds each digit once. (Its empty count is
 * not trusted: a caller's grid may have it wrong.) Cell by cell, into the
 * cell's three units at once: this runs for every puzzle graded. */
static bool full_and_valid(const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    if (g->empty)
        return false;
    sudoku_mask seen[SUDOKU_MAX_UNITS] = { 0 };
    for (int c = 0; c < l->ncells; c++) {
        int d = g->digit[c];
        if (!d)
            return false;
        for (int k = 0; k < 3; k++)
            seen[l->cell_unit[c][k]] |= sudoku_bit(d);
    }
    /* n cells holding all n digits: each once. */
    for (int u = 0; u < l->nunits; u++)
        if (seen[u] != l->all)
            return false;
    return true;
}

/*
 * No empty cell of g has as a candidate a digit placed in one of its
 * units (so every grid read is): the steps of the rating run are then
 * sound, and a grid they fill is g's only solution. Cell by cell, as
 * above. *clean: besides, no digit is placed twice in a unit, every
 * digit and candidate is one of the layout's, and g's empty count is
 * right. A run from such a grid that fills it leaves a valid grid: a step
 * places only a candidate of an empty cell (the view refuses any other
 * placement), which no unit of the cell then holds, takes it from the
 * cell's peers, and counts the cell it fills.
 */
static bool candidates_agree(const sudoku_grid *g, bool *clean)
{
    const sudoku_layout *l = g->layout;
    sudoku_mask placed[SUDOKU_MAX_UNITS] = { 0 }, open[SUDOKU_MAX_UNITS] = { 0 };
    bool odd = false; /* a digit twice in a unit, or not one of the layout's */
    int empty = 0;
    for (int c = 0; c < l->ncells; c++) {
        const uint8_t *unit = l->cell_unit[c];
        if (g->digit[c]) {
            sudoku_mask b = sudoku_bit(g->digit[c]);
            odd |= ((placed[unit[0]] | placed[unit[1]] | placed[unit[2]] | ~l->all) & b) != 0;
            placed[unit[0]] |= b;
            placed[unit[1]] |= b;
            placed[unit[2]] |= b;
        } else {
            empty++;
            odd |= (g->cand[c] & ~l->all) != 0;
            open[unit[0]] |= g->cand[c];
            open[unit[1]] |= g->cand[c];
            open[unit[2]] |= g->cand[c];
        }
    }
    *clean = !odd && empty == g->empty;
    for (int u = 0; u < l->nunits; u++)
        if (placed[u] & open[u])
            return false;
    return true;
}

/* Grades g into r, which the caller has cleared (solutions set to 1). g
 * must have one solution, unless a gate is given: the rating run counts
 * them when it needs to (engine_gate), and r says when g is not graded.
 * clean: as candidates_agree() tells (false when not known). */
static void rate_unique(const sudoku_grid *g, int last, sudoku_rating *r, engine_gate *gate, bool clean)
{
    sudoku_grid work = *g;
    sudoku_path path;
    sudoku_logic_options opts = { SUDOKU_ORDER_RATING, last };
    /* The level pass skips what the rating run found nothing with. */
    engine_memo memo;
    memo_init(&memo);
    /* Not cleared: its grid and view (4 KB) are written where the
     * passes part, and read only then. */
    engine_tier_follow follow;
    follow.top = SUDOKU_LEVEL_EXPERT;
    engine_rate_run(&work, &opts, &path, &memo, &follow, gate);
    if (gate) {
        long solutions = gate->counted                                       ? gate->solutions
                         : path.solved && (clean || full_and_valid(&work))   ? 1
                                                                             : sudoku_solve(g, 2, NULL, NULL);
        if (solutions != 1) {
            memo_free(&memo);
            not_graded(r, solutions);
            return;
        }
    }

    memcpy(r->count, path.count, sizeof r->count);
    r->level = level_of(&path, &follow, last, &memo);
    memo_free(&memo);
    r->ed = path.ed;
    r->ep = path.ep;
    if (path.solved) {
        r->er = path.er;
        r->hardest = path.hardest;
        memcpy(r->hardest_name, path.hardest_name, sizeof r->hardest_name);
        if (path.steps == 0) /* nothing to do: the grid was full */
            r->er = r->ep = r->ed = 0;
        return;
    }
    /* Logic stalled: no ER from logic, and the exact search finishes. */
    r->er = -1;
    r->hardest = -1;
    sudoku_search_stats stats;
    sudoku_solve(&work, 1, NULL, &stats);
    r->guesses = stats.guesses;
    r->depth = stats.max_depth;
}

void sudoku_rate_with(const sudoku_grid *g, int last, sudoku_rating *r)
{
    memset(r, 0, sizeof *r);
    r->solutions = 1;
    bool clean;
    if (candidates_agree(g, &clean)) {
        /* The uniqueness loops come first of the finders that need one solution. */
        engine_gate gate = { .technique = SUDOKU_UNIQUE_LOOP };
        rate_unique(g, last, r, &gate, clean);
        return;
    }
    long solutions = sudoku_solve(g, 2, NULL, NULL);
    if (solutions == 1)
        rate_unique(g, last, r, NULL, false);
    else
        not_graded(r, solutions);
}

void sudoku_rate_unique(const sudoku_grid *g, int last, sudoku_rating *r)
{
    memset(r, 0, sizeof *r);
    r->solutions = 1;
    rate_unique(g, last, r, NULL, false);
}

void sudoku_rate(const sudoku_grid *g, sudoku_rating *r) { sudoku_rate_with(g, SUDOKU_NTECHNIQUES - 1, r); }
