/*
 * easy_closure.c - singles, then intersections, taken until they stall on
 * a 9x9 grid (see easy_closure.h).
 *
 * The grid is kept as the solver keeps it: for each digit, a word of 27
 * bits for each band of three rows (bit 9 * row + column), so that a
 * row, box or column of a digit is a mask and all its cells are looked at
 * in one operation. A digit's three band words go side by side as the
 * lanes of one value (with SSE2, one vector: every x86-64 has it), so
 * that the rows and boxes of the three bands are looked at at once, and a
 * column's three parts by turning the lanes.
 */
#include "grade/easy_closure.h"
#include "grid/bits.h"

#include <string.h>
#include <threads.h>

#define ROW_CELLS 0x1FFu        /* the band's first row */
#define BOX_CELLS 0x1C0E07u     /* the band's first box */
#define BAND_CELLS 0x7FFFFFFu

/* ------------------------------------------------ three band words at once */

#ifdef SUDOKU_BIT_SSE2
typedef __m128i lanes; /* lane b: band b; the fourth lane stays 0 */
static ALWAYS_INLINE lanes bands_of(uint32_t b0, uint32_t b1, uint32_t b2)
{
    return _mm_setr_epi32((int)b0, (int)b1, (int)b2, 0);
}
static ALWAYS_INLINE lanes every_band(uint32_t x) { return bands_of(x, x, x); }
static ALWAYS_INLINE lanes both(lanes a, lanes b) { return _mm_and_si128(a, b); }
static ALWAYS_INLINE lanes either(lanes a, lanes b) { return _mm_or_si128(a, b); }
static ALWAYS_INLINE lanes but(lanes a, lanes b) { return _mm_andnot_si128(b, a); } /* a without b */
static ALWAYS_INLINE lanes down(lanes a, int n) { return _mm_srli_epi32(a, n); }
static ALWAYS_INLINE lanes up(lanes a, int n) { return _mm_slli_epi32(a, n); }
static ALWAYS_INLINE lanes less_one(lanes a) { return _mm_add_epi32(a, _mm_set1_epi32(-1)); }
/* All ones in the lanes that are 0, else 0. */
static ALWAYS_INLINE lanes where_empty(lanes a) { return _mm_cmpeq_epi32(a, _mm_setzero_si128()); }
/* Lane b: what the two other bands have. */
static ALWAYS_INLINE lanes other_bands(lanes a)
{
    return _mm_or_si128(_mm_shuffle_epi32(a, _MM_SHUFFLE(3, 0, 2, 1)), _mm_shuffle_epi32(a, _MM_SHUFFLE(3, 1, 0, 2)));
}
static ALWAYS_INLINE bool nothing(lanes a) { return _mm_movemask_epi8(where_empty(a)) == 0xFFFF; }
static ALWAYS_INLINE bool same(lanes a, lanes b) { return _mm_movemask_epi8(_mm_cmpeq_epi32(a, b)) == 0xFFFF; }
static ALWAYS_INLINE uint32_t band(lanes a, int b)
{
    uint32_t w[4];
    memcpy(w, &a, sizeof w);
    return w[b];
}
/* The sign bits of a's bytes, then of b's. */
static ALWAYS_INLINE uint32_t two_masks(__m128i a, __m128i b)
{
    return (uint32_t)_mm_movemask_epi8(a) | (uint32_t)_mm_movemask_epi8(b) << 16;
}
#else
typedef struct lanes {
    uint32_t w[3];
} lanes;
static ALWAYS_INLINE lanes bands_of(uint32_t b0, uint32_t b1, uint32_t b2) { return (lanes){ { b0, b1, b2 } }; }
static ALWAYS_INLINE lanes every_band(uint32_t x) { return bands_of(x, x, x); }
#define LANE_BY_LANE(name, expr)                                                                                      \
    static ALWAYS_INLINE lanes name(lanes a, lanes b)                                                                 \
    {                                                                                                                 \
        (void)b;                                                                                                      \
        lanes r;                                                                                                      \
        for (int i = 0; i < 3; i++)                                                                                   \
            r.w[i] = (expr);                                                                                          \
        return r;                                                                                                     \
    }
LANE_BY_LANE(both, a.w[i] & b.w[i])
LANE_BY_LANE(either, a.w[i] | b.w[i])
LANE_BY_LANE(but, a.w[i] & ~b.w[i])
#undef LANE_BY_LANE
static ALWAYS_INLINE lanes down(lanes a, int n) { return bands_of(a.w[0] >> n, a.w[1] >> n, a.w[2] >> n); }
static ALWAYS_INLINE lanes up(lanes a, int n) { return bands_of(a.w[0] << n, a.w[1] << n, a.w[2] << n); }
static ALWAYS_INLINE lanes less_one(lanes a) { return bands_of(a.w[0] - 1, a.w[1] - 1, a.w[2] - 1); }
static ALWAYS_INLINE lanes where_empty(lanes a)
{
    return bands_of(a.w[0] ? 0 : ~0u, a.w[1] ? 0 : ~0u, a.w[2] ? 0 : ~0u);
}
static ALWAYS_INLINE lanes other_bands(lanes a)
{
    return bands_of(a.w[1] | a.w[2], a.w[0] | a.w[2], a.w[0] | a.w[1]);
}
static ALWAYS_INLINE bool nothing(lanes a) { return !(a.w[0] | a.w[1] | a.w[2]); }
static ALWAYS_INLINE bool same(lanes a, lanes b)
{
    return a.w[0] == b.w[0] && a.w[1] == b.w[1] && a.w[2] == b.w[2];
}
static ALWAYS_INLINE uint32_t band(lanes a, int b) { return a.w[b]; }
#endif

static ALWAYS_INLINE lanes no_cells(void) { return every_band(0); }

/* ------------------------------------------------------- rows, boxes, columns */

/* The columns (bits 0-8) where a band's word has a cell. */
static ALWAYS_INLINE lanes columns_of(lanes w)
{
    return both(either(w, either(down(w, 9), down(w, 18))), every_band(ROW_CELLS));
}

/* The columns where a band's word has two cells or more. */
static ALWAYS_INLINE lanes columns_twice(lanes w)
{
    lanes w9 = down(w, 9), w18 = down(w, 18);
    return both(either(both(w, w9), either(both(w, w18), both(w9, w18))), every_band(ROW_CELLS));
}

/* A band's cells of the columns c (bits 0-8). */
static ALWAYS_INLINE lanes column_cells(lanes c) { return either(c, either(up(c, 9), up(c, 18))); }

/* The cells of w in 'unit' (a row or box of the band) when there is one. */
static ALWAYS_INLINE lanes lone_in(lanes w, uint32_t unit)
{
    lanes x = both(w, every_band(unit));
    return both(x, where_empty(both(x, less_one(x))));
}

/* The cells of a band's word alone in their row or in their box. */
static ALWAYS_INLINE lanes lone_in_rows_and_boxes(lanes w)
{
    return either(either(either(lone_in(w, ROW_CELLS), lone_in(w, ROW_CELLS << 9)), lone_in(w, ROW_CELLS << 18)),
                  either(either(lone_in(w, BOX_CELLS), lone_in(w, BOX_CELLS << 3)), lone_in(w, BOX_CELLS << 6)));
}

/* The cells of a digit's words alone in their column of the grid. */
static ALWAYS_INLINE lanes lone_in_columns(lanes w)
{
    lanes c = columns_of(w);
    lanes several = either(columns_twice(w), both(c, other_bands(c)));
    lanes single = but(either(c, other_bands(c)), either(several, other_bands(several)));
    return both(w, column_cells(single));
}

/* 'unit' (a row or box of the band) where x has a cell in it. */
static ALWAYS_INLINE lanes unit_if_met(lanes x, uint32_t unit)
{
    lanes u = every_band(unit);
    return but(u, where_empty(both(x, u)));
}

/* The cells that share a row, box or column with a cell of x (and x). */
static ALWAYS_INLINE lanes units_of(lanes x)
{
    lanes c = columns_of(x);
    return either(either(either(unit_if_met(x, ROW_CELLS), unit_if_met(x, ROW_CELLS << 9)),
                         either(unit_if_met(x, ROW_CELLS << 18), unit_if_met(x, BOX_CELLS))),
                  either(either(unit_if_met(x, BOX_CELLS << 3), unit_if_met(x, BOX_CELLS << 6)),
                         column_cells(either(c, other_bands(c)))));
}

/* ----------------------------------------------------------------- the grid */

typedef struct bands {
    lanes cand[9];   /* digit d + 1: the cells that allow it, with cells filled since (read with open) */
    lanes placed[9]; /* digit d + 1: the cells that hold it */
    lanes open;      /* the empty cells */
    lanes seen[9];   /* cand[] as the hidden singles last looked at it */
    lanes swept[9];  /* cand[] as the last intersections sweep left it */
} bands;

/* Places digit d + 1 in the cells 'at' at once: they leave the open
 * cells (and so every digit's candidates: a word is read together with
 * the open cells), and the digit leaves their rows, boxes and columns.
 * (Two of them in one unit make a grid that valid() refuses.) */
static void place_all(bands *s, int d, lanes at)
{
    s->placed[d] = either(s->placed[d], at);
    s->open = but(s->open, at);
    s->cand[d] = but(s->cand[d], units_of(at));
}

/*
 * One round of singles: digit by digit, its naked singles (cells left
 * with one candidate when the round began) and its hidden singles (a
 * row, box or column with one place for it), all placed at once; then
 * its hidden singles again while placing it makes more (fewer rounds).
 * False on a cell without candidates.
 */
static bool singles_round(bands *s, bool *progress)
{
    lanes once = no_cells(), twice = no_cells();
    for (int d = 0; d < 9; d++) {
        lanes w = both(s->cand[d], s->open);
        twice = either(twice, both(once, w));
        once = either(once, w);
    }
    if (!nothing(but(s->open, once)))
        return false;
    lanes naked = but(s->open, twice);
    for (int d = 0; d < 9; d++) {
        lanes w = both(s->cand[d], s->open), at = both(naked, w);
        /* A word unchanged since this digit's last look has no new hidden
         * single. */
        if (!same(w, s->seen[d])) {
            s->seen[d] = w;
            at = either(at, either(lone_in_rows_and_boxes(w), lone_in_columns(w)));
        }
        while (!nothing(at)) {
            place_all(s, d, at);
            *progress = true;
            w = s->seen[d] = both(s->cand[d], s->open);
            at = either(lone_in_rows_and_boxes(w), lone_in_columns(w));
        }
    }
    return true;
}

static bool solved(const bands *s) { return nothing(s->open); }

/* Singles until there are none; false on a contradiction. */
static bool singles(bands *s)
{
    bool progress = true;
    while (progress && !solved(s)) {
        progress = false;
        if (!singles_round(s, &progress))
            return false;
    }
    return true;
}

/* ------------------------------------------------------------ intersections */

/* Tables for a band's word, filled once. A triad is the three cells of a
 * row in a box (bit 3 * row + box). */
static uint8_t row_boxes[512];     /* a row's cells -> the boxes it has a cell in */
static uint16_t triads_kept[512];  /* triads with a cell -> those that pointing along a row and
                                      claiming from a row leave */
static uint32_t triad_cells[512];  /* triads -> their cells */
static uint16_t box_columns[512];  /* columns with a cell -> those alone in their box */
static uint32_t claimed_kept[512]; /* columns that no other band has -> the cells that claiming
                                      from them leaves */
static once_flag tables_once = ONCE_FLAG_INIT;

static void tables_fill(void)
{
    for (unsigned x = 0; x < 512; x++) {
        row_boxes[x] = (uint8_t)(((x & 7) != 0) | ((x & 070) != 0) << 1 | ((x & 0700) != 0) << 2);
        unsigned kept = x;
        uint32_t cells = 0, claimed = BAND_CELLS;
        for (unsigned k = 0; k < 3; k++) {
            unsigned rows = (x >> k & 1) | (x >> (3 + k) & 1) << 1 | (x >> (6 + k) & 1) << 2; /* box k's */
            unsigned boxes = (x >> (3 * k)) & 7;                                             /* row k's */
            for (unsigned o = 0; o < 3; o++) {
                if (rows == 1u << o) /* box k's cells in row o alone: the row's other boxes lose it */
                    kept &= ~(7u << (3 * o) & ~(1u << (3 * o + k)));
                if (boxes == 1u << o) /* row k's cells in box o alone: the box's other rows lose it */
                    kept &= ~(0111u << o & ~(1u << (3 * k + o)));
            }
            unsigned columns = (x >> (3 * k)) & 7;
            if (columns == 1 || columns == 2 || columns == 4)
                box_columns[x] |= (uint16_t)(columns << (3 * k));
            for (unsigned c = 0; c < 3; c++)
                if (columns & (1u << c)) /* the column's cells in box k alone: its other columns lose it */
                    claimed &= ~((BOX_CELLS << (3 * k)) & ~(0x40201u << (3 * k + c)));
        }
        for (unsigned t = 0; t < 9; t++)
            if (x & (1u << t))
                cells |= 7u << (9 * (t / 3) + 3 * (t % 3));
        triads_kept[x] = (uint16_t)kept;
        triad_cells[x] = cells;
        claimed_kept[x] = claimed;
    }
}

static inline uint32_t columns_of_word(uint32_t w) { return (w | w >> 9 | w >> 18) & ROW_CELLS; }
static inline uint32_t columns_cells_of(uint32_t c) { return c | c << 9 | c << 18; }

/* What pointing along the band's rows and claiming from them leave of x. */
static inline uint32_t by_rows(uint32_t x)
{
    unsigned triads = row_boxes[x & ROW_CELLS] | row_boxes[(x >> 9) & ROW_CELLS] << 3 | row_boxes[x >> 18] << 6;
    return x & triad_cells[triads_kept[triads]];
}

/*
 * One sweep of pointing (a box's places of a digit in one line) and
 * claiming (a line's places in one box); true when it took a candidate.
 * A digit's words are worked band by band from tables: first what the
 * rows and boxes of each band imply, then the columns (pointing along a
 * column strikes the other bands' cells of the column; claiming from a
 * column alone in its band, the box's other columns). Each elimination
 * is one that pointing or claiming makes on the words as they are when
 * it is found (when a unit has two sets of places that each must hold
 * the digit, both go: a grid without a solution). A digit whose words
 * have not changed since its last sweep is passed over.
 */
static bool intersections(bands *s)
{
    call_once(&tables_once, tables_fill);
    bool took = false;
    for (int d = 0; d < 9; d++) {
        lanes now = both(s->cand[d], s->open);
        if (same(now, s->swept[d]))
            continue;
        s->swept[d] = now; /* a word struck here is swept again */
        uint32_t w0 = by_rows(band(now, 0)), w1 = by_rows(band(now, 1)), w2 = by_rows(band(now, 2));
        uint32_t c0 = columns_of_word(w0), c1 = columns_of_word(w1), c2 = columns_of_word(w2);
        uint32_t p0 = box_columns[c0], p1 = box_columns[c1], p2 = box_columns[c2];
        w0 &= claimed_kept[c0 & ~(c1 | c2)] & ~columns_cells_of(p1 | p2);
        w1 &= claimed_kept[c1 & ~(c0 | c2)] & ~columns_cells_of(p0 | p2);
        w2 &= claimed_kept[c2 & ~(c0 | c1)] & ~columns_cells_of(p0 | p1);
        lanes left = bands_of(w0, w1, w2);
        if (!same(left, now)) {
            took = true;
            s->cand[d] = left;
        }
    }
    return took;
}

/* Each digit once in each row, box and column of the full grid. A cell
 * holds one digit at most (a digit is placed in open cells only, and
 * closes them): so every cell holds one, and no digit is twice in a row,
 * box or column (which leaves each digit once in each of them). */
static bool valid(const bands *s)
{
    lanes all = no_cells(), twice = no_cells();
    for (int d = 0; d < 9; d++) {
        lanes w = s->placed[d], columns = columns_of(w);
        all = either(all, w);
        twice = either(twice, either(columns_twice(w), both(columns, other_bands(columns))));
        for (int k = 0; k < 3; k++) {
            lanes in_row = both(w, every_band(ROW_CELLS << (9 * k)));
            lanes in_box = both(w, every_band(BOX_CELLS << (3 * k)));
            twice = either(twice, either(both(in_row, less_one(in_row)), both(in_box, less_one(in_box))));
        }
    }
    return same(all, every_band(BAND_CELLS)) && nothing(twice);
}

/*
 * Reads g into s. False when an empty cell has a candidate whose digit one
 * of its units holds: a grid read from text has none; one built through
 * the library may, and the engine's view leaves such a candidate out where
 * the singles here would place it.
 */
static bool read_grid(bands *s, const sudoku_grid *g)
{
#ifdef SUDOKU_BIT_SSE2
    /* Each band's 27 cells at the start of 32 (the rest 0), so that a
     * band's word is two masks of sixteen cells: a comparison takes
     * sixteen digits; the digit's bit of eight candidate masks goes to
     * their lanes' sign, and two lanes' signs are packed to bytes. */
    uint8_t digits[96] = { 0 };
    sudoku_mask masks[96] = { 0 };
    for (int b = 0; b < 3; b++) {
        memcpy(digits + 32 * b, g->digit + 27 * b, 27);
        memcpy(masks + 32 * b, g->cand + 27 * b, 27 * sizeof *masks);
    }
    __m128i digit[6], cand[12];
    memcpy(digit, digits, sizeof digit);
    memcpy(cand, masks, sizeof cand);
    uint32_t placed[9][3], allowed[9][3], open[3];
    for (int b = 0; b < 3; b++) { /* a band's vectors stay in registers */
        __m128i low = digit[2 * b], high = digit[2 * b + 1], want = _mm_set1_epi8(9);
        __m128i c0 = _mm_slli_epi16(cand[4 * b], 7), c1 = _mm_slli_epi16(cand[4 * b + 1], 7); /* 9's bit */
        __m128i c2 = _mm_slli_epi16(cand[4 * b + 2], 7), c3 = _mm_slli_epi16(cand[4 * b + 3], 7);
        open[b] = two_masks(_mm_cmpeq_epi8(low, _mm_setzero_si128()), _mm_cmpeq_epi8(high, _mm_setzero_si128())) &
                  BAND_CELLS;
        for (int d = 8; d >= 0; d--) {
            placed[d][b] = two_masks(_mm_cmpeq_epi8(low, want), _mm_cmpeq_epi8(high, want));
            allowed[d][b] = two_masks(_mm_packs_epi16(c0, c1), _mm_packs_epi16(c2, c3)) & open[b];
            want = _mm_sub_epi8(want, _mm_set1_epi8(1));
            c0 = _mm_slli_epi16(c0, 1);
            c1 = _mm_slli_epi16(c1, 1);
            c2 = _mm_slli_epi16(c2, 1);
            c3 = _mm_slli_epi16(c3, 1);
        }
    }
    for (int d = 0; d < 9; d++) {
        s->placed[d] = bands_of(placed[d][0], placed[d][1], placed[d][2]);
        s->cand[d] = bands_of(allowed[d][0], allowed[d][1], allowed[d][2]);
    }
    s->open = bands_of(open[0], open[1], open[2]);
#else
    uint32_t placed[9][3] = { { 0 } }, cand[9][3] = { { 0 } }, open[3] = { 0 };
    for (int b = 0, c = 0; b < 3; b++) {
        for (int i = 0; i < 27; i++, c++) {
            uint32_t x = 1u << i;
            if (g->digit[c]) {
                if (g->digit[c] <= 9) /* as the SSE2 reading: another value is no digit */
                    placed[g->digit[c] - 1][b] |= x;
                continue;
            }
            open[b] |= x;
            for (sudoku_mask m = g->cand[c] & 0x1FFu; m; m &= (sudoku_mask)(m - 1))
                cand[mask_first_digit(m) - 1][b] |= x;
        }
    }
    for (int d = 0; d < 9; d++) {
        s->placed[d] = bands_of(placed[d][0], placed[d][1], placed[d][2]);
        s->cand[d] = bands_of(cand[d][0], cand[d][1], cand[d][2]);
    }
    s->open = bands_of(open[0], open[1], open[2]);
#endif
    for (int d = 0; d < 9; d++)
        if (!nothing(both(s->cand[d], units_of(s->placed[d]))))
            return false;
    return true;
}

/* Starts s on g; false when not worked out (CLOSURE_UNKNOWN). */
static bool start(bands *s, const sudoku_grid *g)
{
    const sudoku_layout *l = g->layout;
    if (l->n != 9 || l->desc.box_rows != 3 || l->desc.box_cols != 3 || !read_grid(s, g))
        return false;
    for (int d = 0; d < 9; d++) /* never a 27-bit word: every word is looked at */
        s->seen[d] = s->swept[d] = every_band(~0u);
    return true;
}

enum easy_closure easy_closure(const sudoku_grid *g)
{
    bands s;
    if (!start(&s, g))
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

enum easy_closure easy_closure_of_filled(const sudoku_grid *g)
{
    bands s;
    if (!start(&s, g))
        return CLOSURE_UNKNOWN;
    if (!singles(&s))
        return CLOSURE_STALLS; /* not such a grid */
    return solved(&s) ? CLOSURE_SINGLES : CLOSURE_INTERSECTIONS;
}
