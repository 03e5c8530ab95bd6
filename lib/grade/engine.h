/*
 * engine.h - what the library's grading needs from the engine beyond the
 * public sudoku_logic_run_with().
 */
#ifndef SUDOKU_ENGINE_H
#define SUDOKU_ENGINE_H

#include "sudoku.h"
#include "grade/memo.h"
#include "techniques/strategy.h"

/*
 * Both runs take 'start', g's view built by the caller (view_build()), or
 * NULL to build it: grading runs the engine twice from the same grid, and
 * need not build the same view twice.
 */

/* sudoku_logic_run_with() with only the techniques of the levels up to
 * 'top' among those opts allows; finders that memo (when not NULL) says
 * found nothing on a grid are not run again there. */
void engine_run_up_to_level(sudoku_grid *g, const view *start, const sudoku_logic_options *opts,
                            enum sudoku_level top, sudoku_path *path, const engine_memo *memo);

/* sudoku_logic_run_with() without a callback, keeping in memo the finders
 * that found nothing, grid by grid. */
void engine_rate_run(sudoku_grid *g, const view *start, const sudoku_logic_options *opts, sudoku_path *path,
                     engine_memo *memo);

#endif /* SUDOKU_ENGINE_H */
