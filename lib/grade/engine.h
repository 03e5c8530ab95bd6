/*
 * engine.h - what the library's grading needs from the engine beyond the
 * public sudoku_logic_run_with().
 */
#ifndef SUDOKU_ENGINE_H
#define SUDOKU_ENGINE_H

#include "sudoku.h"

/* sudoku_logic_run_with() with only the techniques of the levels up to
 * 'top' among those opts allows. */
void engine_run_up_to_level(sudoku_grid *g, const sudoku_logic_options *opts, enum sudoku_level top,
                            sudoku_path *path);

#endif /* SUDOKU_ENGINE_H */
