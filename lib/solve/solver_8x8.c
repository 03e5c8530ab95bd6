/*
 * solver_8x8.c - the exact solver for the 8x8 brick-wall layout (boxes of
 * 2 rows x 4 columns), on bitboards.
 *
 * 64 cells fit one 64-bit word, so each digit's possible cells are one
 * word, bit 8 * row + column. The deductions are those of solver_9x9.c,
 * done on a whole digit at once: a band is a pair of rows (one box high),
 * in which the digit must take one cell in each row and each box, that is
 * one of the two diagonals of the band's four "quads" (a row's half in a
 * box); a column the digit has left in one band only claims its box
 * there, and a box left with one column takes it from the other bands.
 * Rows left with one cell are placed, and so are cells left with one
 * digit. A guess takes a two-candidate cell, as in the 9x9 solver.
 */
#include "solve/solvers.h"
#include "grid/bits.h"

#include <string.h>
#include <threads.h>

#define ALL_CELLS UINT64_MAX
#define EACH_BYTE 0x0101010101010101u
#define BYTE_HIGH 0x8080808080808080u
#define BYTE_LOW7 0x7F7F7F7F7F7F7F7Fu

typedef struct board {
    uint64_t cand[8];  /* cells where each digit can go */
    uint64_t seen[8];  /* the value each word had when last propagated */
    uint64_t unsolved; /* cells not yet placed */
} board;

typedef struct search {
    long limit;
    long found;
    uint8_t *solution;
    sudoku_search_stats stats;
} search;

/* ------------------------------------------------------------ tables */

static uint64_t peers[64];          /* a cell's row, column and box, itself excluded */
static uint16_t claim_remove[256];  /* columns held by this band only -> band cells struck */
static uint8_t locked_columns[256]; /* columns present in a band -> those alone in their box */
static uint8_t cell_unit[64][3];    /* row 0-7, column 8-15, box 16-23 */
static once_flag tables_once = ONCE_FLAG_INIT;

static void build_tables(void)
{
    for (int cell = 0; cell < 64; cell++) {
        int r = cell / 8, c = cell % 8;
        uint64_t p = 0;
        for (int o = 0; o < 64; o++)
            if (o / 8 == r || o % 8 == c || (o / 16 == r / 2 && o % 8 / 4 == c / 4))
                p |= (uint64_t)1 << o;
        peers[cell] = p & ~((uint64_t)1 << cell);
        cell_unit[cell][0] = (uint8_t)r;
        cell_unit[cell][1] = (uint8_t)(8 + c);
        cell_unit[cell][2] = (uint8_t)(16 + r / 2 * 2 + c / 4);
    }
    for (unsigned x = 0; x < 256; x++) {
        unsigned strike = 0, locked = 0;
        for (unsigned box = 0; box < 2; box++) {
            unsigned cols = (x >> (4 * box)) & 15;
            /* Each column held only here takes the box: the others go
             * (two such columns in one box strike each other: no room). */
            for (unsigned c = 0; c < 4; c++)
                if (cols & (1u << c))
                    strike |= (15u & ~(1u << c)) << (4 * box);
            if (cols && !(cols & (cols - 1)))
                locked |= cols << (4 * box);
        }
        claim_remove[x] = (uint16_t)(strike | strike << 8);
        locked_columns[x] = (uint8_t)locked;
    }
}

/* ------------------------------------------------------------ propagation */

/* The bytes (rows) of w that are zero, as 0x80 in each such byte. */
static inline uint64_t zero_bytes(uint64_t w) { return ~(((w & BYTE_LOW7) + BYTE_LOW7) | w) & BYTE_HIGH; }

/* Places digit d in the cell; the cell must allow it. */
static void place(board *s, int d, int cell)
{
    uint64_t x = (uint64_t)1 << cell;
    uint64_t mine = s->cand[d] & ~peers[cell];
    s->unsolved &= ~x;
    for (int e = 0; e < 8; e++) /* every digit, then d's word put back: no branch */
        s->cand[e] &= ~x;
    s->cand[d] = mine;
}

/* The columns (8 bits) a band's two rows hold. */
static inline unsigned band_columns(uint64_t w, int b) { return (unsigned)(w >> (16 * b) | w >> (16 * b + 8)) & 0xFF; }

/* Everything digit d's word implies on its own; false on a contradiction. */
static ALWAYS_INLINE bool update(board *s, int d)
{
    uint64_t w = s->cand[d], before;
    do {
        before = w;
        unsigned c0 = band_columns(w, 0), c1 = band_columns(w, 1), c2 = band_columns(w, 2), c3 = band_columns(w, 3);
        unsigned some = c0 | c1 | c2 | c3, several = (c0 & c1) | (c2 & c3) | ((c0 | c1) & (c2 | c3));
        if (some != 0xFF)
            return false; /* a column has lost the digit */
        unsigned alone = some & ~several; /* columns held by one band only */
        w &= ~((uint64_t)claim_remove[c0 & alone] | (uint64_t)claim_remove[c1 & alone] << 16 |
               (uint64_t)claim_remove[c2 & alone] << 32 | (uint64_t)claim_remove[c3 & alone] << 48);

        /* Quads present, one bit at the base of each 4-cell nibble. A band's
         * nibbles are row 0 left, row 0 right, row 1 left, row 1 right:
         * the digit takes the first and last, or the middle two. */
        uint64_t q = w | w >> 1;
        q = (q | q >> 2) & 0x1111111111111111u;
        uint64_t diag = q & q >> 12 & 0x0001000100010001u;
        uint64_t anti = q & q >> 4 & 0x0010001000100010u;
        w &= (diag | diag << 12 | anti | anti << 4) * 15;
        if (zero_bytes(w))
            return false; /* a row has lost the digit */

        /* A box left with one column takes it from the other bands. */
        uint64_t l0 = locked_columns[band_columns(w, 0)], l1 = locked_columns[band_columns(w, 1)];
        uint64_t l2 = locked_columns[band_columns(w, 2)], l3 = locked_columns[band_columns(w, 3)];
        uint64_t others = (l1 | l2 | l3) | (l0 | l2 | l3) << 16 | (l0 | l1 | l3) << 32 | (l0 | l1 | l2) << 48;
        w &= ~(others | others << 8);
    } while (w != before);

    /* Rows with one cell left: with no empty byte, w - 1 per byte borrows
     * nothing from its neighbour, so w & (w - 1) is zero in exactly those. */
    uint64_t single_rows = zero_bytes(w & (w - EACH_BYTE));
    uint64_t fresh = w & (single_rows >> 7) * 0xFF & s->unsolved;
    if (fresh) {
        s->unsolved &= ~fresh;
        for (int e = 0; e < 8; e++) /* d's word is set just below */
            s->cand[e] &= ~fresh;
    }
    s->cand[d] = s->seen[d] = w;
    return true;
}

/* Places every cell left with one candidate; false on a contradiction. */
static bool naked_singles(board *s, bool *progress)
{
    uint64_t once = 0, twice = 0;
    for (int d = 0; d < 8; d++) {
        twice |= once & s->cand[d];
        once |= s->cand[d];
    }
    if (s->unsolved & ~once)
        return false; /* a cell with no candidate */
    for (uint64_t singles = s->unsolved & ~twice; singles; singles &= singles - 1) {
        int cell = bit_index64(singles);
        uint64_t x = (uint64_t)1 << cell;
        int d = 0;
        while (d < 8 && !(s->cand[d] & x))
            d++;
        if (d == 8)
            return false; /* a single placed just before took its digit */
        place(s, d, cell);
        *progress = true;
    }
    return true;
}

static bool propagate(board *s)
{
    for (;;) {
        bool changed;
        do {
            changed = false;
            for (int d = 0; d < 8; d++) {
                if (s->cand[d] != s->seen[d]) {
                    if (!update(s, d))
                        return false;
                    changed = true;
                }
            }
        } while (changed);
        if (!s->unsolved)
            return true;
        bool progress = false;
        if (!naked_singles(s, &progress))
            return false;
        if (!progress)
            return true;
    }
}

/* ------------------------------------------------------------ search */

static void record_solution(search *se, const board *s)
{
    if (++se->found > 1 || !se->solution)
        return;
    for (int d = 0; d < 8; d++)
        for (uint64_t m = s->cand[d]; m; m &= m - 1)
            se->solution[bit_index64(m)] = (uint8_t)(d + 1);
}

static inline int count64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu) * EACH_BYTE) >> 56);
}

/* Two-candidate cells compared per branch point, and the number of empty
 * cells below which the first one is taken (solver_9x9.c has its own,
 * per band: these are the 8x8 grid's best, measured apart). */
#define BRANCH_CHOICES 16
#define OPEN_CELLS 24

/* The cell to guess at: among the first cells with two candidates, the one
 * whose guesses reach furthest, as in solver_9x9.c: each candidate of its
 * digits among its peers counts 2, and 5 more in a peer with two
 * candidates, which the guess leaves with one (a quarter fewer branch
 * points than counting the candidates alone); else the first cell with
 * the fewest candidates. */
static int branch_cell(const board *s)
{
    uint64_t once = 0, twice = 0, thrice = 0;
    for (int d = 0; d < 8; d++) {
        thrice |= twice & s->cand[d];
        twice |= once & s->cand[d];
        once |= s->cand[d];
    }
    int best = -1, best_hits = -1, tried = 0;
    uint64_t pair_cells = twice & ~thrice & s->unsolved;
    /* Near the leaves the subtrees are small: the first such cell will do. */
    int choices = count64(s->unsolved) > OPEN_CELLS ? BRANCH_CHOICES : 1;
    for (uint64_t pairs = pair_cells; pairs && tried < choices; pairs &= pairs - 1) {
        int cell = bit_index64(pairs), hits = 0;
        tried++;
        for (int d = 0; d < 8; d++)
            if (s->cand[d] & ((uint64_t)1 << cell))
                hits += 2 * count64(s->cand[d] & peers[cell]) + 5 * count64(s->cand[d] & peers[cell] & pair_cells);
        if (hits > best_hits) {
            best_hits = hits;
            best = cell;
        }
    }
    if (best >= 0)
        return best;
    int fewest = 9;
    for (uint64_t u = s->unsolved; u; u &= u - 1) {
        int cell = bit_index64(u), k = 0;
        for (int d = 0; d < 8; d++)
            k += (int)((s->cand[d] >> cell) & 1);
        if (k < fewest) {
            fewest = k;
            best = cell;
        }
    }
    return best;
}

/* Explores a consistent, propagated state; 'depth' guesses led here. */
static void dfs(search *se, board *s, int depth)
{
    if (!s->unsolved) {
        record_solution(se, s);
        return;
    }
    int cell = branch_cell(s);
    unsigned digits = 0;
    for (int d = 0; d < 8; d++)
        digits |= (unsigned)((s->cand[d] >> cell) & 1) << d;
    se->stats.branch_points++;
    if (depth + 1 > se->stats.max_depth)
        se->stats.max_depth = depth + 1;

    while (digits && se->found < se->limit) {
        int d = bit_index32(digits);
        digits &= digits - 1;
        se->stats.guesses++;
        board child;
        board *t = s;
        if (digits) { /* the last branch may reuse the parent's state */
            child = *s;
            t = &child;
        }
        place(t, d, cell);
        if (propagate(t))
            dfs(se, t, depth + 1);
    }
}

bool layout_is_8x8(const sudoku_layout *l)
{
    return l->n == 8 && l->desc.box_rows == 2 && l->desc.box_cols == 4;
}

long solve_8x8(const uint8_t *digit, const sudoku_mask *cand, long limit, uint8_t *solution,
               sudoku_search_stats *stats)
{
    call_once(&tables_once, build_tables);
    search se = { .limit = limit < 1 ? 1 : limit, .solution = solution };
    board s;
    bool ok = true;

    /* Every digit everywhere, then the digits placed, then from each empty
     * cell the candidates a pencil-mark grid had removed besides those. */
    for (int d = 0; d < 8; d++)
        s.cand[d] = ALL_CELLS;
    s.unsolved = ALL_CELLS;
    unsigned unit_has[24] = { 0 };
    for (int c = 0; c < 64 && ok; c++) {
        int d = digit[c];
        if (d >= 1 && d <= 8) {
            if (!(s.cand[d - 1] & ((uint64_t)1 << c)))
                ok = false; /* a peer holds the same digit */
            place(&s, d - 1, c);
            for (int k = 0; k < 3; k++)
                unit_has[cell_unit[c][k]] |= 1u << (d - 1);
        }
    }
    for (int c = 0; c < 64 && ok; c++) {
        int d = digit[c];
        if (d >= 1 && d <= 8)
            continue;
        unsigned m = cand[c] & 0xFFu;
        if (!m)
            ok = false;
        unsigned removed = ~m & 0xFFu & ~(unit_has[cell_unit[c][0]] | unit_has[cell_unit[c][1]] | unit_has[cell_unit[c][2]]);
        for (; removed; removed &= removed - 1)
            s.cand[bit_index32(removed)] &= ~((uint64_t)1 << c);
    }
    for (int d = 0; d < 8; d++)
        s.seen[d] = ~s.cand[d]; /* every digit is looked at first */
    if (ok && propagate(&s))
        dfs(&se, &s, 0);
    if (stats)
        *stats = se.stats;
    return se.found;
}
