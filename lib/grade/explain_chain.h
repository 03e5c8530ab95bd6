/*
 * explain_chain.h - the text of a chaining step (explain_chain.c).
 */
#ifndef SUDOKU_EXPLAIN_CHAIN_H
#define SUDOKU_EXPLAIN_CHAIN_H

#include "sudoku.h"
#include "grid/text.h"

/* Appends the step's chains, each from its assumption to its end (the
 * caller adds what the step removes or places): static chains and cycles
 * in Eureka notation, "(1)r8c7-r8c1=r2c1-r1c2=r1c7-r8c7"; multiple and
 * dynamic ones node by node, "(1) r1c2=5 -> r1c7<>5 -> r3c7=5 [r3c8<>5]; (2) ...". */
void explain_chain(text *t, const sudoku_layout *l, const sudoku_step *s);

#endif /* SUDOKU_EXPLAIN_CHAIN_H */
