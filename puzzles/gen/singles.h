/*
 * singles.h - naked and hidden singles only, for the puzzle generators:
 * written here rather than taken from the library's strategy engine, so
 * that the committed puzzle files do not change when the engine does.
 */
#ifndef GEN_SINGLES_H
#define GEN_SINGLES_H

#include "sudoku.h"

/*
 * Applies naked and hidden singles until neither places a digit; returns
 * the number of cells still empty (0: singles solve the puzzle), or -1
 * when they run into a contradiction.
 */
static int singles_left(const sudoku_grid *start)
{
    sudoku_grid g = *start;
    const sudoku_layout *l = g.layout;
    for (bool progress = true; progress;) {
        progress = false;
        if (sudoku_grid_contradiction(&g, NULL, 0))
            return -1;
        for (int c = 0; c < l->ncells; c++) {
            sudoku_mask m = g.cand[c];
            if (!g.digit[c] && m && !(m & (m - 1))) {
                int d = 1;
                while (!(m & sudoku_bit(d)))
                    d++;
                if (!sudoku_grid_place(&g, c, d))
                    return -1;
                progress = true;
            }
        }
        for (int u = 0; u < l->nunits; u++)
            for (int d = 1; d <= l->n; d++) {
                int where = -1, places = 0;
                for (int i = 0; i < l->n; i++) {
                    int c = l->unit_cell[u][i];
                    if (!g.digit[c] && (g.cand[c] & sudoku_bit(d))) {
                        where = c;
                        places++;
                    }
                }
                if (places == 1) {
                    if (!sudoku_grid_place(&g, where, d))
                        return -1;
                    progress = true;
                }
            }
    }
    return g.empty;
}

#endif /* GEN_SINGLES_H */
