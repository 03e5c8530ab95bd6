/*
 * verify.c - a solution checked against its record before it is printed.
 *
 * A unit of n cells that holds all n digits holds each once, so the
 * masks of the units ANDed together must come to every digit; a cell's
 * digit out of range (0, or above n) adds no bit and fails that. No table
 * of units a cell: the layout's sides are constants here, and for 9x9
 * the columns are nine variables that stay in registers. A record read
 * from plain cells has every candidate in a blank and the clue alone in a
 * clue, so keeping the clues keeps the candidates; a pencil-mark record's
 * are looked at one by one (sudoku_solution_valid()).
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

/* Every clue kept, eight cells a step: no byte of g ^ d is 0 where g is not 0. */
static bool clues_kept(const uint8_t *given, const uint8_t *solution, int ncells)
{
    uint64_t bad = 0;
    int i = 0;
    for (; i + 8 <= ncells; i += 8) {
        uint64_t g, d;
        memcpy(&g, given + i, 8);
        memcpy(&d, solution + i, 8);
        bad |= nonzero_bytes(g) & nonzero_bytes(g ^ d);
    }
    for (; i < ncells; i++)
        bad |= given[i] && given[i] != solution[i];
    return !bad;
}

/* Every row, column and box holds every digit. */
static inline bool units_whole(const uint8_t *solution, int n, int box_rows, int box_cols)
{
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
    return all == every;
}

/* units_whole(s, 9, 3, 3) written out (an array of columns is read and
 * written in memory cell after cell; nine variables are not). */
static bool units_whole_9x9(const uint8_t *s)
{
    sudoku_mask c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0, c8 = 0, all = 0x1FF;
    for (int band = 0; band < 3; band++) {
        sudoku_mask b0 = 0, b1 = 0, b2 = 0;
        for (int r = 0; r < 3; r++, s += 9) {
            sudoku_mask m0 = digit_bit[s[0]], m1 = digit_bit[s[1]], m2 = digit_bit[s[2]];
            sudoku_mask m3 = digit_bit[s[3]], m4 = digit_bit[s[4]], m5 = digit_bit[s[5]];
            sudoku_mask m6 = digit_bit[s[6]], m7 = digit_bit[s[7]], m8 = digit_bit[s[8]];
            c0 |= m0, c1 |= m1, c2 |= m2, c3 |= m3, c4 |= m4, c5 |= m5, c6 |= m6, c7 |= m7, c8 |= m8;
            sudoku_mask x = m0 | m1 | m2, y = m3 | m4 | m5, z = m6 | m7 | m8;
            b0 |= x, b1 |= y, b2 |= z;
            all &= x | y | z;
        }
        all &= b0 & b1 & b2;
    }
    all &= c0 & c1 & c2 & c3 & c4 & c5 & c6 & c7 & c8;
    return all == 0x1FF;
}

bool solution_verified(const sudoku_record *rec, const uint8_t *solution)
{
    const sudoku_layout_desc *d = &rec->layout->desc;
    if (rec->pencil) /* candidates struck out as well as clues: each is looked at */
        return sudoku_solution_valid(rec, solution);
    if (d->n == 9 && d->box_rows == 3 && d->box_cols == 3)
        return clues_kept(rec->given, solution, 81) && units_whole_9x9(solution);
    if (d->n == 8 && d->box_rows == 2 && d->box_cols == 4)
        return clues_kept(rec->given, solution, 64) && units_whole(solution, 8, 2, 4);
    return sudoku_solution_valid(rec, solution);
}
