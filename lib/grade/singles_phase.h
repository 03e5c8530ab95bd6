/*
 * singles_phase.h - the engine's singles on a 9x9 grid, without the view.
 *
 * The engine tries full house, hidden single in a box and hidden single in
 * a line before any other finder: while one of them applies, the step it
 * takes is the first of them in that order, and what it places depends on
 * the grid alone. Most steps of an easy puzzle are such singles, and the
 * view (strategy.h) costs far more to keep up than they need. Here each
 * unit counts the places of each digit in one word, four bits a digit,
 * and a placement touches only the counts of the few candidates it
 * removes. The run takes the singles here whenever there are any, and
 * keeps the view for the other steps: made for the first of them, then
 * given the placements made here since (engine.c, run_list()).
 */
#ifndef SUDOKU_SINGLES_PHASE_H
#define SUDOKU_SINGLES_PHASE_H

#include "sudoku.h"

/*
 * Units are numbered in the scan order of the singles finders (boxes,
 * columns, rows), so that the lowest bit of a set of units is the one
 * they would take: box b is unit b, column k unit 9 + k, row r 18 + r.
 * Every field follows the grid exactly as the view's do (where[][],
 * single[], one_empty, broken), so that the steps are the view's.
 */
typedef struct singles_phase {
    uint64_t cand[10][2];   /* digit d: the empty cells that allow it (cell c: word c / 64, bit c % 64) */
    uint64_t open[2];       /* the empty cells */
    uint64_t count[27];     /* bits 4d to 4d + 3: the places of digit d in unit u */
    sudoku_mask placed[27]; /* the digits placed in the unit */
    uint8_t empty[27];      /* its empty cells */
    uint32_t maybe_single;  /* bit u: unit u may have a digit with one place (set whenever it has) */
    uint32_t one_empty;     /* bit u: unit u has one empty cell */
    bool broken;            /* a cell without candidates, or a digit without a place (as the view's) */
    /* The last placement of singles_phase_step(): the cell, the digit, the cell's other candidates. */
    uint8_t last_cell, last_digit;
    sudoku_mask last_others;
} singles_phase;

/* The layouts this serves: 9x9 with 3x3 boxes. */
bool singles_phase_fits(const sudoku_layout *l);

/* Starts on g (a layout that fits). */
void singles_phase_start(singles_phase *s, const sudoku_grid *g);

/*
 * The engine's next step on g when it is a full house or a hidden single
 * (its technique), applied to g as view_apply() applies it; -1, changing
 * nothing, when there is none or the grid is broken (the engine stops at
 * a broken grid before looking for a step).
 */
int singles_phase_step(singles_phase *s, sudoku_grid *g);

/*
 * A step of the engine's other finders on g, before it is applied to g
 * (view_apply()), applied to s alone: s then follows g again once the
 * step is applied. Whether the grid is broken is not worked out in full
 * ('broken' may stay false where the step breaks it): the caller sets it
 * from the view's.
 */
void singles_phase_follow(singles_phase *s, const sudoku_grid *g, const sudoku_step *step);

#endif /* SUDOKU_SINGLES_PHASE_H */
