/*
 * memo.h - which finders found nothing on which grids, remembered by one
 * run of the engine for a later run on the same puzzle.
 *
 * Grading runs the engine twice from the same grid: in rating order, then
 * level by level (rating.c). The second run meets most of the first run's
 * grids again, and a finder is a function of the grid alone: one that
 * found nothing there finds nothing again, and the second run skips it.
 * Grids are compared in full (digits and candidates), never by hash alone.
 */
#ifndef SUDOKU_MEMO_H
#define SUDOKU_MEMO_H

#include "sudoku.h"

enum { MEMO_ENTRIES = 1024, MEMO_SLOTS = 2048 };

typedef struct engine_memo {
    int ncells;                       /* of the layout of the grids kept */
    int count;                        /* grids kept */
    bool full;                        /* no more room (or no memory): keeps nothing more */
    /* On the heap, allocated at the first grid kept (the memo lives on the
     * stack of a grading, above the chain searches): */
    int16_t *slot;                    /* MEMO_SLOTS, open addressing: entry + 1, or 0 */
    uint64_t *hash;                   /* MEMO_ENTRIES each */
    uint64_t *failed;                 /* bit t: technique t's finder found nothing */
    sudoku_mask *cand;                /* MEMO_ENTRIES x ncells */
    uint8_t *digit;
} engine_memo;

void memo_init(engine_memo *m);
void memo_free(engine_memo *m);

/* The finders known to find nothing on g (0 when g is not kept). */
uint64_t memo_failed(const engine_memo *m, const sudoku_grid *g);

/* Keeps 'failed' for g (a grid not kept yet); does nothing once full. */
void memo_keep(engine_memo *m, const sudoku_grid *g, uint64_t failed);

#endif /* SUDOKU_MEMO_H */
