/*
 * easy_closure.c - singles, then intersections, taken until they stall on
 * a 9x9 grid (see easy_closure.h).
 *
 * The grid is kept as the solver keeps it: for each digit, a word of 27
 * bits for each band of three rows (bit 9 * row + column), so that a
 * row, box or column of a digit is a mask and all its cells are looked at
 * in one operation.
 */
#include "grade/easy_closure.h"
#include "grid/bits.h"

#include <string.h>

#define ROW_CELLS 0x1FFu        /* the band's first row */
#define BOX_CELLS 0x1C0E07u     /* the band's first box */
#define COLUMN_CELLS 0x40201u   /* the band's part of the first column */

typedef struct bands {
    uint32_t cand[9][3];   /* digit d + 1: the empty cells that allow it */
    uint32_t placed[9][3]; /* digit d + 1: the cells that hold it */
    uint32_t open[3];      /* the empty cells */
    uint32_t seen[9][3];  /* cand[][] as the hidden singles last looked at it */
    uint32_t swept[9][3]; /* cand[][] as the last intersections sweep left it */
} bands;

/* The columns where a band's word has a cell. */
static inline uint32_t columns_of(uint32_t w) { return (w | w >> 9 | w >> 18) & ROW_CELLS; }

/* The columns where a band's word has two cells or more. */
static inline uint32_t columns_twice(uint32_t w)
{
    return ((w & w >> 9) | (w & w >> 18) | (w >> 9 & w >> 18)) & ROW_CELLS;
}

/* x when it has one bit, else 0. */
static inline uint32_t lone(uint32_t x) { return (x & (x - 1)) ? 0 : x; }

/* The cells of a band's word alone in their row or in their box. */
static inline uint32_t lone_in_rows_and_boxes(uint32_t w)
{
    return lone(w & ROW_CELLS) | lone(w & ROW_CELLS << 9) | lone(w & ROW_CELLS << 18) | lone(w & BOX_CELLS) |
           lone(w & BOX_CELLS << 3) | lone(w & BOX_CELLS << 6);
}

/* The rows and boxes of a band that have a cell of 'cells', as one mask. */
static inline uint32_t rows_and_boxes_of(uint32_t cells)
{
    uint32_t columns = columns_of(cells);
    return ((cells & ROW_CELLS) ? ROW_CELLS : 0) | ((cells & ROW_CELLS << 9) ? ROW_CELLS << 9 : 0) |
           ((cells >> 18) ? ROW_CELLS << 18 : 0) | ((columns & 7) ? BOX_CELLS : 0) |
           ((columns & 070) ? BOX_CELLS << 3 : 0) | ((columns & 0700) ? BOX_CELLS << 6 : 0);
}

/* Places digit d + 1 in the cells at[b] of each band b at once: they
 * leave every other digit, and the digit leaves their rows, boxes and
 * columns. (Two of them in one unit make a grid that valid() refuses.) */
static void place_all(bands *s, int d, const uint32_t *at)
{
    uint32_t columns = columns_of(at[0] | at[1] | at[2]);
    uint32_t in_columns = columns | columns << 9 | columns << 18;
    for (int b = 0; b < 3; b++) {
        uint32_t x = at[b];
        if (x) {
            s->placed[d][b] |= x;
            s->open[b] &= ~x;
            for (int e = 0; e < 9; e++)
                s->cand[e][b] &= ~x;
            s->cand[d][b] &= ~rows_and_boxes_of(x);
        }
        s->cand[d][b] &= ~in_columns;
    }
}

/*
 * One round of singles: digit by digit, its naked singles (cells left
 * with one candidate when the round began) and its hidden singles (a
 * row, box or column with one place for it), all placed at once. False on
 * a cell without candidates.
 */
static bool singles_round(bands *s, bool *progress)
{
    uint32_t naked[3];
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0;
        for (int d = 0; d < 9; d++) {
            twice |= once & s->cand[d][b];
            once |= s->cand[d][b];
        }
        if (s->open[b] & ~once)
            return false;
        naked[b] = s->open[b] & ~twice;
    }
    for (int d = 0; d < 9; d++) {
        /* The band words and what is placed in each, as plain values
         * (an array here stayed in memory, each |= a store and a load). */
        uint32_t w0 = s->cand[d][0], w1 = s->cand[d][1], w2 = s->cand[d][2];
        uint32_t at0 = naked[0] & w0, at1 = naked[1] & w1, at2 = naked[2] & w2;
        /* Words unchanged since this digit's last look have no new hidden
         * single: a band's rows and boxes are in its word alone, a
         * column in all three. */
        bool changed = false;
        if (w0 != s->seen[d][0]) {
            changed = true;
            s->seen[d][0] = w0;
            at0 |= lone_in_rows_and_boxes(w0);
        }
        if (w1 != s->seen[d][1]) {
            changed = true;
            s->seen[d][1] = w1;
            at1 |= lone_in_rows_and_boxes(w1);
        }
        if (w2 != s->seen[d][2]) {
            changed = true;
            s->seen[d][2] = w2;
            at2 |= lone_in_rows_and_boxes(w2);
        }
        if (changed) {
            uint32_t c0 = columns_of(w0), c1 = columns_of(w1), c2 = columns_of(w2);
            uint32_t several =
                columns_twice(w0) | columns_twice(w1) | columns_twice(w2) | (c0 & c1) | (c0 & c2) | (c1 & c2);
            uint32_t single = (c0 | c1 | c2) & ~several;
            uint32_t in_single = single | single << 9 | single << 18;
            at0 |= w0 & in_single;
            at1 |= w1 & in_single;
            at2 |= w2 & in_single;
        }
        if (at0 | at1 | at2) {
            const uint32_t at[3] = { at0, at1, at2 };
            place_all(s, d, at);
            *progress = true;
        }
    }
    return true;
}

/* Singles until there are none; false on a contradiction. */
static bool singles(bands *s)
{
    bool progress = true;
    while (progress && (s->open[0] | s->open[1] | s->open[2])) {
        progress = false;
        if (!singles_round(s, &progress))
            return false;
    }
    return true;
}

/* Clears 'gone' from *w; true when that took something. */
static inline bool strike(uint32_t *w, uint32_t gone)
{
    bool some = (*w & gone) != 0;
    *w &= ~gone;
    return some;
}

/* One sweep of pointing (a box's places of a digit in one line) and
 * claiming (a line's places in one box); true when it took a candidate.
 * The pointing and the claiming from a row of a band read only the
 * digit's word of that band; the claiming from a column, its three words:
 * a sweep passes over what has not changed since the last one. */
static bool intersections(bands *s)
{
    bool took = false;
    for (int d = 0; d < 9; d++) {
        bool changed = false;
        uint32_t before[3] = { s->cand[d][0], s->cand[d][1], s->cand[d][2] };
        for (int b = 0; b < 3; b++) {
            if (s->cand[d][b] == s->swept[d][b])
                continue;
            changed = true;
            for (int k = 0; k < 3; k++) {
                uint32_t box = BOX_CELLS << (3 * k), row = ROW_CELLS << (9 * k);
                uint32_t in_box = s->cand[d][b] & box, in_row = s->cand[d][b] & row;
                for (int r = 0; r < 3 && in_box; r++) /* pointing along a row */
                    if (!(in_box & ~(ROW_CELLS << (9 * r))))
                        took |= strike(&s->cand[d][b], (ROW_CELLS << (9 * r)) & ~box);
                uint32_t columns = columns_of(in_box);
                if (mask_is_single(columns)) /* pointing along a column */
                    for (int o = 0; o < 3; o++)
                        if (o != b)
                            took |= strike(&s->cand[d][o], COLUMN_CELLS << bit_index32(columns));
                for (int x = 0; x < 3 && in_row; x++) /* claiming from a row */
                    if (!(in_row & ~(BOX_CELLS << (3 * x))))
                        took |= strike(&s->cand[d][b], (BOX_CELLS << (3 * x)) & ~row);
            }
        }
        for (int column = 0; column < 9 && changed; column++) { /* claiming from a column */
            uint32_t in_column = COLUMN_CELLS << column;
            int bands_with = 0, b = 0;
            for (int o = 0; o < 3; o++)
                if (s->cand[d][o] & in_column) {
                    bands_with++;
                    b = o;
                }
            if (bands_with == 1)
                took |= strike(&s->cand[d][b], (BOX_CELLS << (3 * (column / 3))) & ~in_column);
        }
        for (int b = 0; b < 3; b++) /* a word struck here is swept again */
            s->swept[d][b] = before[b];
    }
    return took;
}

/* x has three bits. */
static inline bool three_bits(uint32_t x)
{
    uint32_t y = x & (x - 1), z = y & (y - 1);
    return y && z && !(z & (z - 1));
}

/* Each digit once in each row, box and column of the full grid: three
 * cells in each band, in all three of its rows and all three of its
 * boxes, and the nine in all nine columns. */
static bool valid(const bands *s)
{
    for (int d = 0; d < 9; d++) {
        uint32_t columns = 0;
        for (int b = 0; b < 3; b++) {
            uint32_t x = s->placed[d][b], in = columns_of(x);
            if (!three_bits(x) || !(x & ROW_CELLS) || !(x & ROW_CELLS << 9) || !(x >> 18) || !(in & 7) ||
                !(in & 070) || !(in & 0700))
                return false;
            columns |= in;
        }
        if (columns != ROW_CELLS)
            return false;
    }
    return true;
}

static bool solved(const bands *s) { return !(s->open[0] | s->open[1] | s->open[2]); }

/* An empty cell with a candidate that one of its units holds. A grid read
 * from text has none; one built through the library may, and the engine's
 * view leaves such a candidate out where the singles here would place it. */
static bool candidates_disagree(const bands *s)
{
    for (int d = 0; d < 9; d++) {
        uint32_t columns = columns_of(s->placed[d][0] | s->placed[d][1] | s->placed[d][2]);
        uint32_t in_columns = columns | columns << 9 | columns << 18;
        for (int b = 0; b < 3; b++)
            if (s->cand[d][b] & (rows_and_boxes_of(s->placed[d][b]) | in_columns))
                return true;
    }
    return false;
}

enum easy_closure easy_closure(const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    if (l->n != 9 || l->desc.box_rows != 3 || l->desc.box_cols != 3)
        return CLOSURE_UNKNOWN;
    bands s = { { { 0 } }, { { 0 } }, { 0 }, { { 0 } }, { { 0 } } };
    memset(s.seen, 0xFF, sizeof s.seen); /* never a 27-bit word: every word is looked at */
    memset(s.swept, 0xFF, sizeof s.swept);
    for (int b = 0, c = 0; b < 3; b++) {
        for (int i = 0; i < 27; i++, c++) {
            uint32_t x = 1u << i;
            if (g->digit[c]) {
                s.placed[g->digit[c] - 1][b] |= x;
                continue;
            }
            s.open[b] |= x;
            for (sudoku_mask m = g->cand[c]; m; m &= (sudoku_mask)(m - 1))
                s.cand[mask_first_digit(m) - 1][b] |= x;
        }
    }
    if (candidates_disagree(&s))
        return CLOSURE_UNKNOWN;
    if (!singles(&s))
        return CLOSURE_STALLS;
    if (solved(&s))
        return valid(&s) ? CLOSURE_SINGLES : CLOSURE_STALLS;
    while (!solved(&s) && intersections(&s))
        if (!singles(&s))
            return CLOSURE_STALLS;
    return solved(&s) && valid(&s) ? CLOSURE_INTERSECTIONS : CLOSURE_STALLS;
}
