/*
 * chains.c - Sudoku Explainer's forcing chains. Not written yet: the
 * finders find nothing.
 */
#include "strategy.h"

bool find_forcing_chain(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_nishio_chain(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_multiple_chain(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_dynamic_chain(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_dynamic_chain_plus(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
bool find_nested_chain(const view *v, sudoku_step *s) { (void)v; (void)s; return false; }
