/*
 * verify.c - a solution checked against its record before it is printed.
 *
 * The layout's sides are constants here, so that the loops unroll and the
 * column and box masks stay in registers: no table of units a cell. A
 * unit of n cells that holds all n digits holds each once, so the masks
 * ANDed together must come to every digit; a cell's digit out of range
 * (0, or above n) adds no bit and fails that. A record read from plain
 * cells has every candidate in a blank and the clue alone in a clue, so
 * keeping the clues keeps the candidates; a pencil-mark record's are
 * looked at one by one.
 */
#include "verify.h"

#include <string.h>

/* sudoku_bit(d) for a digit 1-9, 0 for anything else. */
static const sudoku_mask digit_bit[256] = { 0, 1, 2, 4, 8, 16, 32, 64, 128, 256 };

/* The high bit of each byte of v that is not 0. */
static inline uint64_t nonzero_bytes(uint64_t v)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu;
    return (((v & low7) + low7) | v) & ~low7;
}

static inline bool verified(const sudoku_record *rec, const uint8_t *solution, int n, int box_rows, int box_cols)
{
    /* Every clue kept, eight cells a step: a byte of g ^ d not 0 where g
     * is not 0. (A digit out of range fails the masks below.) */
    uint64_t bad = 0;
    int i = 0;
    for (; i + 8 <= n * n; i += 8) {
        uint64_t g, d;
        memcpy(&g, rec->given + i, 8);
        memcpy(&d, solution + i, 8);
        bad |= nonzero_bytes(g) & nonzero_bytes(g ^ d);
    }
    for (; i < n * n; i++)
        bad |= rec->given[i] && rec->given[i] != solution[i];
    sudoku_mask every = (sudoku_mask)((1u << n) - 1), all = every;
    sudoku_mask col[SUDOKU_MAX_N] = { 0 };
    for (int band = 0; band < n / box_rows; band++) {
        sudoku_mask box[SUDOKU_MAX_N] = { 0 };
        for (int r = band * box_rows; r < (band + 1) * box_rows; r++) {
            const uint8_t *s = solution + r * n;
            sudoku_mask row = 0;
            for (int k = 0; k < n / box_cols; k++) {
                sudoku_mask part = 0;
                for (int c = k * box_cols; c < (k + 1) * box_cols; c++) {
                    sudoku_mask bit = digit_bit[s[c]];
                    part |= bit;
                    col[c] |= bit;
                }
                box[k] |= part;
                row |= part;
            }
            all &= row;
        }
        for (int k = 0; k < n / box_cols; k++)
            all &= box[k];
    }
    for (int c = 0; c < n; c++)
        all &= col[c];
    return all == every && !bad;
}

bool solution_verified(const sudoku_record *rec, const uint8_t *solution)
{
    const sudoku_layout_desc *d = &rec->layout->desc;
    if (rec->pencil) /* candidates struck out as well as clues: each is looked at */
        return sudoku_solution_valid(rec, solution);
    if (d->n == 9 && d->box_rows == 3 && d->box_cols == 3)
        return verified(rec, solution, 9, 3, 3);
    if (d->n == 8 && d->box_rows == 2 && d->box_cols == 4)
        return verified(rec, solution, 8, 2, 4);
    return sudoku_solution_valid(rec, solution);
}
