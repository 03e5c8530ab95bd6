/*
 * explain_chain.h - the text of a chaining step (explain_chain.c).
 */
#ifndef SUDOKU_EXPLAIN_CHAIN_H
#define SUDOKU_EXPLAIN_CHAIN_H

#include "sudoku.h"
#include "text.h"

/* Appends the step's chains, each from its assumption to its end, then
 * what the step removes or places: "r1c2=5 -> r1c7<>5 -> ... => r1c2<>5". */
void explain_chain(text *t, const sudoku_layout *l, const sudoku_step *s);

#endif /* SUDOKU_EXPLAIN_CHAIN_H */
