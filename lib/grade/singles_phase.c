/*
 * singles_phase.c - full houses and hidden singles on a 9x9 grid in the
 * engine's order, kept up to date placement by placement (singles_phase.h).
 */
#include "grade/singles_phase.h"
#include "grid/bits.h"

#include <string.h>
#include <threads.h>

/* Four bits a digit, digits 1 to 9 (bits 4 to 39). */
#define NIBBLE_ONES 0x1111111110ull
#define NIBBLE_LOW3 0x7777777770ull
#define NIBBLE_HIGH 0x8888888880ull

/* Each cell's units (scan order: box, column, row) and peers, each unit's
 * cells, and a digit mask spread to one count of each digit. */
static struct {
    uint8_t unit[81][3];
    uint64_t peers[81][2];
    uint64_t cells[27][2];
    uint64_t spread_low[32];  /* digits 1 to 5 (mask bits 0 to 4) */
    uint64_t spread_high[16]; /* digits 6 to 9 (mask bits 5 to 8) */
} tables;
static once_flag tables_once = ONCE_FLAG_INIT;

static void tables_fill(void)
{
    for (int c = 0; c < 81; c++) {
        int row = c / 9, col = c % 9, box = row / 3 * 3 + col / 3;
        tables.unit[c][0] = (uint8_t)box;
        tables.unit[c][1] = (uint8_t)(9 + col);
        tables.unit[c][2] = (uint8_t)(18 + row);
        for (int k = 0; k < 3; k++)
            tables.cells[tables.unit[c][k]][c / 64] |= 1ull << (c % 64);
    }
    for (int c = 0; c < 81; c++)
        for (int w = 0; w < 2; w++) {
            const uint8_t *unit = tables.unit[c];
            uint64_t self = c / 64 == w ? 1ull << (c % 64) : 0;
            tables.peers[c][w] = (tables.cells[unit[0]][w] | tables.cells[unit[1]][w] | tables.cells[unit[2]][w]) & ~self;
        }
    for (unsigned m = 0; m < 32; m++)
        for (int d = 1; d <= 5; d++)
            tables.spread_low[m] |= (uint64_t)((m >> (d - 1)) & 1u) << 4 * d;
    for (unsigned m = 0; m < 16; m++)
        for (int d = 6; d <= 9; d++)
            tables.spread_high[m] |= (uint64_t)((m >> (d - 6)) & 1u) << 4 * d;
}

bool singles_phase_fits(const sudoku_layout *l)
{
    return l->n == 9 && l->desc.box_rows == 3 && l->desc.box_cols == 3;
}

/* The digits whose count in x is one, as bits 4d + 3: x's counts that are
 * one made zero, and the zero counts found without a carry between them
 * (a count's low three bits plus 7 set its high bit unless all are 0). */
static inline uint64_t counts_of_one(uint64_t x)
{
    uint64_t y = x ^ NIBBLE_ONES;
    return ~(((y & NIBBLE_LOW3) + NIBBLE_LOW3) | y) & NIBBLE_HIGH;
}

/* The same for counts of zero. */
static inline uint64_t counts_of_zero(uint64_t x) { return ~(((x & NIBBLE_LOW3) + NIBBLE_LOW3) | x) & NIBBLE_HIGH; }

/* A digit mask as counts of one. */
static inline uint64_t spread(sudoku_mask m) { return tables.spread_low[m & 31] | tables.spread_high[(m >> 5) & 15]; }

/*
 * The empty cells of g and the cells of each digit's candidates (open[],
 * cand[][]). With SSE2, sixteen cells at a time: the low bytes of their
 * candidates side by side, and each digit's bit moved to the top of its
 * byte, where one instruction reads the sixteen; cell 80 on its own.
 */
static void read_cells(singles_phase *s, const sudoku_grid *g)
{
    int c = 0;
#ifdef SUDOKU_BIT_SSE2
    const __m128i low = _mm_set1_epi16(0xFF), one = _mm_set1_epi16(1);
    for (; c + 16 <= 81; c += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)&g->cand[c]);
        __m128i b = _mm_loadu_si128((const __m128i *)&g->cand[c + 8]);
        __m128i digits = _mm_loadu_si128((const __m128i *)&g->digit[c]);
        uint64_t open = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(digits, _mm_setzero_si128()));
        /* digits 1 to 8 in the low bytes, digit 9 as 0 or 1 */
        __m128i bytes = _mm_packus_epi16(_mm_and_si128(a, low), _mm_and_si128(b, low));
        __m128i nine = _mm_packus_epi16(_mm_and_si128(_mm_srli_epi16(a, 8), one), _mm_and_si128(_mm_srli_epi16(b, 8), one));
        int w = c / 64, shift = c % 64;
        s->open[w] |= open << shift;
        /* A shift of the 16-bit lanes by less than 8 brings bit d - 1 of
         * each of their two bytes to that byte's top. */
        s->cand[1][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(bytes, 7)) & open) << shift;
        s->cand[2][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(bytes, 6)) & open) << shift;
        s->cand[3][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(bytes, 5)) & open) << shift;
        s->cand[4][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(bytes, 4)) & open) << shift;
        s->cand[5][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(bytes, 3)) & open) << shift;
        s->cand[6][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(bytes, 2)) & open) << shift;
        s->cand[7][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(bytes, 1)) & open) << shift;
        s->cand[8][w] |= ((unsigned)_mm_movemask_epi8(bytes) & open) << shift;
        s->cand[9][w] |= ((unsigned)_mm_movemask_epi8(_mm_slli_epi16(nine, 7)) & open) << shift;
    }
#endif
    for (; c < 81; c++) {
        if (g->digit[c])
            continue;
        uint64_t x = 1ull << (c % 64);
        s->open[c / 64] |= x;
        for (sudoku_mask m = (sudoku_mask)(g->cand[c] & 0x1FFu); m; m &= (sudoku_mask)(m - 1))
            s->cand[mask_first_digit(m)][c / 64] |= x;
    }
}

void singles_phase_start(singles_phase *s, const sudoku_grid *g)
{
    call_once(&tables_once, tables_fill);
    memset(s, 0, sizeof *s);
    read_cells(s, g);
    for (int c = 0; c < 81; c++) {
        const uint8_t *unit = tables.unit[c];
        if (g->digit[c]) {
            sudoku_mask b = sudoku_bit(g->digit[c]);
            s->placed[unit[0]] |= b;
            s->placed[unit[1]] |= b;
            s->placed[unit[2]] |= b;
            continue;
        }
        s->empty[unit[0]]++;
        s->empty[unit[1]]++;
        s->empty[unit[2]]++;
        if (!g->cand[c])
            s->broken = true;
        uint64_t counts = spread(g->cand[c]);
        s->count[unit[0]] += counts;
        s->count[unit[1]] += counts;
        s->count[unit[2]] += counts;
    }
    for (int u = 0; u < 27; u++) {
        s->one_empty |= (uint32_t)(s->empty[u] == 1) << u;
        s->maybe_single |= (uint32_t)(counts_of_one(s->count[u]) != 0) << u;
        /* A digit with no place in the unit and not placed there. */
        if (counts_of_zero(s->count[u]) & ~(spread(s->placed[u]) << 3))
            s->broken = true;
    }
}

/*
 * What a placement changes beside the counts, gathered in locals (kept in
 * registers: a store to the state at each count showed in profiles) and
 * written once at the end.
 */
typedef struct changes {
    uint32_t maybe_single;
    bool broken;
} changes;

/* Digit e (bit b, its count at bit 'shift') has one place fewer in unit u. */
static inline void one_less(singles_phase *s, changes *ch, int u, int shift, sudoku_mask b)
{
    uint64_t x = s->count[u] -= 1ull << shift;
    unsigned left = (unsigned)(x >> shift) & 15u;
    ch->maybe_single |= (uint32_t)(left == 1) << u;
    if (!left && !(s->placed[u] & b))
        ch->broken = true;
}

/*
 * Digit d placed in cell c, whose other candidates are 'others', as
 * view_apply() places it: c's other candidates leave its units, d leaves
 * c's units altogether (every cell of them is c or a peer), and each peer
 * that had d leaves its other units' counts of d. The grid too when
 * 'grid' is given (else it is left as it is: singles_phase_follow()).
 */
static ALWAYS_INLINE void place(singles_phase *s, sudoku_grid *grid, int c, int d, sudoku_mask others)
{
    changes ch = { 0, false };
    sudoku_mask b = sudoku_bit(d);
    const uint8_t *unit = tables.unit[c];
    int u0 = unit[0], u1 = unit[1], u2 = unit[2];
    int w = c / 64;
    uint64_t x = 1ull << (c % 64);
    s->open[w] &= ~x;
    for (sudoku_mask m = others; m; m &= (sudoku_mask)(m - 1)) {
        int e = mask_first_digit(m);
        sudoku_mask eb = sudoku_bit(e);
        s->cand[e][w] &= ~x;
        one_less(s, &ch, u0, 4 * e, eb);
        one_less(s, &ch, u1, 4 * e, eb);
        one_less(s, &ch, u2, 4 * e, eb);
    }
    uint64_t keep = ~(15ull << 4 * d);
    s->placed[u0] |= b;
    s->placed[u1] |= b;
    s->placed[u2] |= b;
    s->count[u0] &= keep;
    s->count[u1] &= keep;
    s->count[u2] &= keep;
    uint32_t one_empty = s->one_empty & ~(1u << u0 | 1u << u1 | 1u << u2);
    one_empty |= (uint32_t)(--s->empty[u0] == 1) << u0;
    one_empty |= (uint32_t)(--s->empty[u1] == 1) << u1;
    one_empty |= (uint32_t)(--s->empty[u2] == 1) << u2;
    s->one_empty = one_empty;
    s->cand[d][w] &= ~x;
    for (int k = 0; k < 2; k++) {
        uint64_t lost = s->cand[d][k] & tables.peers[c][k];
        s->cand[d][k] &= ~lost;
        for (; lost; lost &= lost - 1) {
            int p = 64 * k + bit_index64(lost);
            const uint8_t *punit = tables.unit[p];
            if (grid && !(grid->cand[p] &= (sudoku_mask)~b))
                ch.broken = true;
            if (punit[0] != u0)
                one_less(s, &ch, punit[0], 4 * d, b);
            if (punit[1] != u1)
                one_less(s, &ch, punit[1], 4 * d, b);
            if (punit[2] != u2)
                one_less(s, &ch, punit[2], 4 * d, b);
        }
    }
    s->maybe_single |= ch.maybe_single;
    s->broken |= ch.broken;
    if (grid) {
        s->last_cell = (uint8_t)c;
        s->last_digit = (uint8_t)d;
        s->last_others = others;
        grid->digit[c] = (uint8_t)d;
        grid->cand[c] = 0;
        grid->empty--;
    }
}

void singles_phase_follow(singles_phase *s, const sudoku_grid *g, const sudoku_step *step)
{
    int pc = step->place_cell;
    sudoku_mask kept = pc >= 0 && !g->digit[pc] ? g->cand[pc] : 0; /* c's candidates after the eliminations */
    if (step->nelim) {
        changes ch = { 0, false };
        for (int c = 0; c < 81; c++) {
            sudoku_mask gone = g->digit[c] ? 0 : (sudoku_mask)(step->elim[c] & g->cand[c]);
            if (!gone)
                continue;
            if (c == pc)
                kept &= (sudoku_mask)~gone;
            const uint8_t *unit = tables.unit[c];
            uint64_t x = 1ull << (c % 64);
            for (; gone; gone &= (sudoku_mask)(gone - 1)) {
                int e = mask_first_digit(gone);
                sudoku_mask eb = sudoku_bit(e);
                s->cand[e][c / 64] &= ~x;
                one_less(s, &ch, unit[0], 4 * e, eb);
                one_less(s, &ch, unit[1], 4 * e, eb);
                one_less(s, &ch, unit[2], 4 * e, eb);
            }
        }
        s->maybe_single |= ch.maybe_single;
    }
    sudoku_mask b = pc >= 0 ? sudoku_bit(step->place_digit) : 0;
    if (kept & b) /* a legal placement (view_apply() makes no other) */
        place(s, NULL, pc, step->place_digit, (sudoku_mask)(kept & ~b));
}

/* The one cell of w (two words) in unit u. */
static inline int cell_in(const uint64_t w[2], int u)
{
    uint64_t low = w[0] & tables.cells[u][0];
    return low ? bit_index64(low) : 64 + bit_index64(w[1] & tables.cells[u][1]);
}

int singles_phase_step(singles_phase *s, sudoku_grid *g)
{
    if (s->broken)
        return -1;
    int technique, c, d;
    if (s->one_empty) {
        /* find_full_house: the first unit with one empty cell, which has
         * candidates (else the grid is broken). */
        c = cell_in(s->open, bit_index32(s->one_empty));
        d = mask_first_digit(g->cand[c]);
        technique = SUDOKU_FULL_HOUSE;
    } else {
        /* hidden_single_in: the first unit with a single (boxes are the
         * low bits), then its first digit. */
        uint64_t ones = 0;
        int u = 0;
        while (s->maybe_single) {
            u = bit_index32(s->maybe_single);
            ones = counts_of_one(s->count[u]);
            if (ones)
                break;
            s->maybe_single &= s->maybe_single - 1;
        }
        if (!ones)
            return -1;
        d = bit_index64(ones) / 4;
        c = cell_in(s->cand[d], u);
        technique = u < 9 ? SUDOKU_HIDDEN_SINGLE_BOX : SUDOKU_HIDDEN_SINGLE_LINE;
    }
    place(s, g, c, d, (sudoku_mask)(g->cand[c] & ~sudoku_bit(d)));
    return technique;
}
