/*
 * engine.h - what the library's grading needs from the engine beyond the
 * public sudoku_logic_run_with().
 */
#ifndef SUDOKU_ENGINE_H
#define SUDOKU_ENGINE_H

#include "sudoku.h"
#include "grade/memo.h"
#include "techniques/strategy.h"

/* sudoku_logic_run_with() with only the techniques of the levels up to
 * 'top' among those opts allows; finders that memo (when not NULL) says
 * found nothing on a grid are not run again there. start: g's view when
 * the caller has it (a copy costs less than building it), else NULL. */
void engine_run_up_to_level(sudoku_grid *g, const view *start, const sudoku_logic_options *opts,
                            enum sudoku_level top, sudoku_path *path, const engine_memo *memo);

/*
 * The level pass (SUDOKU_ORDER_TIER, levels up to 'top') followed along the
 * rating run, which it shares until they part: at a grid of the rating run
 * the level pass's step is the rating step unless a finder it tries first,
 * one the rating run did not try there, finds a step. Only those are run.
 */
typedef struct engine_tier_follow {
    enum sudoku_level top;  /* in: the level pass's highest level */
    bool parted;            /* the level pass takes another step than the rating run's */
    bool stalled;           /* the level pass stalls on the rating path */
    bool behind;            /* parted on a step up to subsets or swordfish where the rating run took
                               one too: both may meet again (follow_step in engine.c) */
    int max_level;          /* its hardest level on the shared path and that step, or -1 */
    sudoku_grid at;         /* where the two part, after the level pass's step there */
    view at_view;           /* and its view */
} engine_tier_follow;

/*
 * The count of a grid's solutions, made by the rating run just before it
 * first runs the finder of 'technique' or a later one (engine_rate_run).
 * sudoku_rate() grades a grid it does not know to have one solution: the
 * uniqueness techniques assume one, and on an open grid the chains can
 * search for minutes. The finders before them are sound and quick, and a
 * grid they fill has one solution: its count need not be made at all.
 * The count is made on the run's grid there, not on the first one: each
 * step before took only candidates that no solution has (no finder before
 * the gate assumes one solution), so both grids have the same solutions,
 * and the later one, with fewer candidates, is counted sooner.
 */
typedef struct engine_gate {
    int technique;  /* in: the first finder that needs the count */
    bool counted;   /* out: the count was made */
    long solutions; /* out: the grid's solutions, up to 2, when counted */
    uint8_t solution[SUDOKU_MAX_CELLS]; /* out: the one, when solutions is 1 */
} engine_gate;

/* sudoku_logic_run_with() without a callback, keeping in memo the finders
 * that found nothing, grid by grid, and following the level pass in follow
 * (when not NULL) for as long as it goes the same way. With a gate (when
 * not NULL), the run stops (stalled) when the count is not 1. */
void engine_rate_run(sudoku_grid *g, const sudoku_logic_options *opts, sudoku_path *path, engine_memo *memo,
                     engine_tier_follow *follow, engine_gate *gate);

#endif /* SUDOKU_ENGINE_H */
