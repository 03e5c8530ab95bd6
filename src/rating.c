/*
 * rating.c - grades a puzzle: Sudoku Explainer's ER/EP/ED along the path
 * the engine takes in rating order, the named level from a pass ordered
 * by family, and the exact search that finishes when logic stalls.
 */
#include "sudoku.h"

#include <string.h>

static const char *const level_names[] = { "easy", "medium", "hard", "expert", "extreme" };

const char *sudoku_level_name(enum sudoku_level level) { return level_names[level]; }

/*
 * The level is the easiest family tier that solves the puzzle alone. The
 * rating path can use a harder family than needed (SE tries a direct
 * pointing before a naked single), so a second pass takes whole families
 * in order; for these monotone techniques its hardest family is minimal.
 */
static enum sudoku_level level_of(const sudoku_grid *g, const sudoku_path *rating_path)
{
    if (!rating_path->solved)
        return SUDOKU_LEVEL_EXTREME; /* the tier pass has the same techniques */
    if (rating_path->max_family <= SUDOKU_FAMILY_SINGLES)
        return SUDOKU_LEVEL_EASY;
    sudoku_grid work = *g;
    sudoku_path tier;
    sudoku_logic_run(&work, SUDOKU_ORDER_TIER, &tier, NULL, NULL);
    if (!tier.solved)
        return SUDOKU_LEVEL_EXTREME;
    return tier.max_family < 0 ? SUDOKU_LEVEL_EASY : (enum sudoku_level)tier.max_family;
}

void sudoku_rate(const sudoku_grid *g, sudoku_rating *r)
{
    sudoku_grid work = *g;
    sudoku_path path;
    sudoku_logic_run(&work, SUDOKU_ORDER_RATING, &path, NULL, NULL);

    memset(r, 0, sizeof *r);
    memcpy(r->count, path.count, sizeof r->count);
    r->level = level_of(g, &path);
    r->ed = path.ed;
    r->ep = path.ep;
    if (path.solved) {
        r->er = path.er;
        r->hardest = path.hardest;
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
