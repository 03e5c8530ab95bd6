/*
 * uniqueness.c - unique rectangles and loops, BUG. Not written yet: the
 * finders find nothing.
 */
#include "strategy.h"

bool find_unique_loop(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_bug(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
