/*
 * exclusion.c - aligned pair and triple exclusion. Not written yet: the
 * finders find nothing.
 */
#include "strategy.h"

bool find_aligned_pair_exclusion(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_aligned_triple_exclusion(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
