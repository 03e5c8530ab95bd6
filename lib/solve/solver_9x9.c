/*
 * solver_9x9.c - the exact solver for the 9x9 layout, on bitboards.
 *
 * The state is, for each digit, the cells where it can still go, kept
 * band by band: a band is three rows, 27 cells, one 32-bit word whose bit
 * 9 * r + c is row r of the band, column c. Within a band a digit must
 * take one cell in each of the three rows and one in each of the three
 * boxes, so the nine "triads" (the three cells a row shares with a box)
 * it uses form a permutation; a table says which triads belong to some
 * permutation, and the others are struck. That single step finds hidden
 * singles in rows and boxes, pointing and claiming along rows. Columns
 * are seen from the other bands: a column the digit has left in only one
 * band claims its box there, and a box left with one column of the digit
 * takes that column away from the other two bands. Naked singles come
 * from counting each cell's candidates across the nine digit words.
 *
 * A guess takes a cell with two candidates and copies the state (56
 * words); the search is otherwise that of the generic solver, and counts
 * solutions up to a limit in the same way.
 */
#include "solve/solvers.h"
#include "grid/bits.h"

#include <string.h>
#include <threads.h>

#define BAND_CELLS 0x7FFFFFFu /* 27 bits */
#define ROW_BITS 0x1FFu

typedef struct board {
    uint32_t cand[9][3];   /* [digit][band]: cells where the digit can go */
    uint32_t seen[9][3];   /* the value each word had when last propagated */
    uint32_t unsolved[3];  /* cells not yet placed, per band */
} board;

typedef struct search {
    long limit;
    long found;
    uint8_t *solution;
    sudoku_search_stats stats;
} search;

/* ------------------------------------------------------------ tables */

static uint8_t row_boxes[512];      /* a row's 9 cells -> the boxes (3 bits) it touches */
static uint16_t triad_support[512]; /* triads present -> those in some permutation */
static uint32_t triad_cells[512];   /* triads -> their cells in the band */
static uint32_t claim_keep[512];    /* columns held in this band only -> cells that stay */
static uint32_t locked_keep[512];   /* columns present in the band -> what other bands keep */
static uint32_t band_peers[27];     /* a cell's row and box in its band, itself excluded */
static uint32_t column_cells[9];    /* a column's three cells in any band */
static uint8_t column_of[27];       /* a band cell's column */
static uint8_t cell_unit[81][3];    /* a grid cell's row 0-8, column 9-17, box 18-26 */
static once_flag tables_once = ONCE_FLAG_INIT;

static void build_tables(void)
{
    for (unsigned c = 0; c < 9; c++)
        column_cells[c] = (1u << c) | (1u << (c + 9)) | (1u << (c + 18));
    for (unsigned x = 0; x < 512; x++) {
        row_boxes[x] = (uint8_t)(((x & 7) != 0) | ((x & 070) != 0) << 1 | ((x & 0700) != 0) << 2);

        /* The six ways to give each of the 3 rows its own box. */
        static const int perm[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                        { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
        unsigned support = 0;
        for (int p = 0; p < 6; p++) {
            unsigned t = 1u << perm[p][0] | 1u << (3 + perm[p][1]) | 1u << (6 + perm[p][2]);
            if ((x & t) == t)
                support |= t;
        }
        triad_support[x] = (uint16_t)support;

        uint32_t cells = 0, claim = BAND_CELLS, locked = 0;
        for (unsigned t = 0; t < 9; t++)
            if (x & (1u << t))
                cells |= 7u << (9 * (t / 3) + 3 * (t % 3));
        triad_cells[x] = cells;
        for (unsigned box = 0; box < 3; box++) {
            unsigned cols = (x >> (3 * box)) & 7;
            for (unsigned c = 0; c < 3; c++) {
                if (!(cols & (1u << c)))
                    continue;
                /* Only this band has the column: the digit's place in
                 * this box is in it, so the box's other columns go. */
                for (unsigned o = 0; o < 3; o++)
                    if (o != c)
                        claim &= ~column_cells[3 * box + o];
            }
            if (cols == 1 || cols == 2 || cols == 4) /* one column left in the box */
                locked |= column_cells[3 * box + (cols == 1 ? 0 : cols == 2 ? 1 : 2)];
        }
        claim_keep[x] = claim;
        locked_keep[x] = ~locked & BAND_CELLS;
    }
    for (unsigned cell = 0; cell < 81; cell++) {
        cell_unit[cell][0] = (uint8_t)(cell / 9);
        cell_unit[cell][1] = (uint8_t)(9 + cell % 9);
        cell_unit[cell][2] = (uint8_t)(18 + cell / 27 * 3 + cell % 9 / 3);
    }
    for (unsigned cell = 0; cell < 27; cell++) {
        unsigned r = cell / 9, c = cell % 9, box = c / 3;
        uint32_t peers = ROW_BITS << (9 * r);
        for (unsigned rr = 0; rr < 3; rr++)
            peers |= 7u << (9 * rr + 3 * box);
        band_peers[cell] = peers & ~(1u << cell);
        column_of[cell] = (uint8_t)c;
    }
}

/* ------------------------------------------------------------ propagation */

static inline uint32_t columns_of(uint32_t band) { return (band | band >> 9 | band >> 18) & ROW_BITS; }

static inline bool one_or_none(uint32_t x) { return !(x & (x - 1)); }

/* Places digit d in the band's cell (0..26); the cell must allow it. */
static void place(board *s, int d, int b, int cell)
{
    uint32_t x = 1u << cell;
    uint32_t mine = s->cand[d][b] & ~band_peers[cell];
    uint32_t keep = ~column_cells[column_of[cell]];
    s->cand[d][b == 0] &= keep;         /* the two other bands */
    s->cand[d][2 - (b == 2)] &= keep;
    s->unsolved[b] &= ~x;
    for (int e = 0; e < 9; e++) /* every digit, then d's word put back: no branch */
        s->cand[e][b] &= ~x;
    s->cand[d][b] = mine;
}

/*
 * Everything one digit's word in one band implies, given the digit's
 * words in the other two bands (b1, b2). False on a contradiction.
 */
static ALWAYS_INLINE bool update(board *s, int d, int b, int b1, int b2)
{
    uint32_t a = s->cand[d][b];
    uint32_t here = columns_of(a), there = columns_of(s->cand[d][b1]) | columns_of(s->cand[d][b2]);
    if ((here | there) != ROW_BITS)
        return false; /* a column has lost the digit */
    a &= claim_keep[here & ~there];

    unsigned present = row_boxes[a & ROW_BITS] | row_boxes[(a >> 9) & ROW_BITS] << 3 | row_boxes[a >> 18] << 6;
    unsigned support = triad_support[present];
    if (!support)
        return false; /* no way to put the digit once in each row and box */
    a &= triad_cells[support];

    uint32_t keep = locked_keep[columns_of(a)];
    s->cand[d][b1] &= keep;
    s->cand[d][b2] &= keep;

    /* A row of the band with one cell left for the digit: placed. Every
     * row has at least one, since each is part of a permutation. */
    uint32_t r0 = a & ROW_BITS, r1 = (a >> 9) & ROW_BITS, r2 = a >> 18;
    uint32_t singles = (one_or_none(r0) ? r0 : 0) | (one_or_none(r1) ? r1 << 9 : 0) | (one_or_none(r2) ? r2 << 18 : 0);
    uint32_t fresh = singles & s->unsolved[b];
    if (fresh) {
        s->unsolved[b] &= ~fresh;
        for (int e = 0; e < 9; e++) /* d's word is set just below */
            s->cand[e][b] &= ~fresh;
    }
    s->cand[d][b] = s->seen[d][b] = a;
    return true;
}

/* Places every cell left with one candidate; false on a contradiction.
 * Sets *progress when something was placed. */
static bool naked_singles(board *s, bool *progress)
{
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0;
        for (int d = 0; d < 9; d++) {
            twice |= once & s->cand[d][b];
            once |= s->cand[d][b];
        }
        if (s->unsolved[b] & ~once)
            return false; /* a cell with no candidate */
        uint32_t singles = s->unsolved[b] & ~twice;
        while (singles) {
            int cell = bit_index32(singles);
            singles &= singles - 1;
            uint32_t x = 1u << cell;
            int d = 0;
            while (d < 9 && !(s->cand[d][b] & x))
                d++;
            if (d == 9)
                return false; /* a single placed just before took its digit */
            place(s, d, b, cell);
            *progress = true;
        }
    }
    return true;
}

static bool propagate(board *s)
{
    static const uint8_t other[3][2] = { { 1, 2 }, { 0, 2 }, { 0, 1 } };
    for (;;) {
        for (;;) {
            /* The words that changed since they were last looked at, found
             * without a branch per word: which ones is hard to predict. */
            uint32_t dirty = 0;
            for (int d = 0; d < 9; d++)
                dirty |= ((uint32_t)(s->cand[d][0] != s->seen[d][0]) | (uint32_t)(s->cand[d][1] != s->seen[d][1]) << 1 |
                          (uint32_t)(s->cand[d][2] != s->seen[d][2]) << 2) << (3 * d);
            if (!dirty)
                break;
            do {
                int i = bit_index32(dirty), d = i / 3, b = i % 3;
                dirty &= dirty - 1;
                if (!update(s, d, b, other[b][0], other[b][1]))
                    return false;
            } while (dirty);
        }
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2]))
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
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t m = s->cand[d][b]; m; m &= m - 1)
                se->solution[27 * b + bit_index32(m)] = (uint8_t)(d + 1);
}

static inline int count32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* How many candidates placing digit d in the band's cell strikes from its
 * peers. The column's cells in the other two bands are counted together,
 * those of one band shifted by a bit so that none overlap. */
static ALWAYS_INLINE int peer_hits(const board *s, int d, int b, int cell)
{
    uint32_t col = column_cells[column_of[cell]];
    uint32_t elsewhere = (s->cand[d][b == 0] & col) | (s->cand[d][2 - (b == 2)] & col) << 1;
    return count32(s->cand[d][b] & band_peers[cell]) + count32(elsewhere);
}

/* Two-candidate cells compared per branch point: scoring them all costs
 * more than it saves; sixteen keep nearly all the gain. */
#define BRANCH_CHOICES 16
/* Below this many empty cells, the first two-candidate cell is taken. */
#define OPEN_CELLS 30

/* The cell to guess at, as band and cell: among the first cells with two
 * candidates, the one whose digits are most present among its peers (its
 * guesses propagate furthest: a third fewer guesses on hard puzzles than
 * the first such cell); else the first with the fewest. */
static void branch_cell(const board *s, int *band, int *cell)
{
    int best_hits = -1, tried = 0;
    /* Near the leaves the subtrees are small: the first such cell will do. */
    int open = count32(s->unsolved[0]) + count32(s->unsolved[1]) + count32(s->unsolved[2]);
    int choices = open > OPEN_CELLS ? BRANCH_CHOICES : 1;
    for (int b = 0; b < 3 && tried < choices; b++) {
        uint32_t once = 0, twice = 0, thrice = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = s->cand[d][b];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        for (uint32_t pairs = twice & ~thrice & s->unsolved[b]; pairs && tried < choices; pairs &= pairs - 1) {
            int c = bit_index32(pairs);
            tried++;
            unsigned digits = 0;
            for (int d = 0; d < 9; d++)
                digits |= ((s->cand[d][b] >> c) & 1u) << d;
            int d1 = bit_index32(digits), d2 = bit_index32(digits & (digits - 1));
            int hits = peer_hits(s, d1, b, c) + peer_hits(s, d2, b, c);
            if (hits > best_hits) {
                best_hits = hits;
                *band = b;
                *cell = c;
            }
        }
    }
    if (best_hits >= 0)
        return;
    int best = 10;
    for (int b = 0; b < 3; b++) {
        for (uint32_t u = s->unsolved[b]; u; u &= u - 1) {
            int c = bit_index32(u), k = 0;
            for (int d = 0; d < 9; d++)
                k += (s->cand[d][b] >> c) & 1;
            if (k < best) {
                best = k;
                *band = b;
                *cell = c;
            }
        }
    }
}

/* Explores a consistent, propagated state; 'depth' guesses led here. */
static void dfs(search *se, board *s, int depth)
{
    if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
        record_solution(se, s);
        return;
    }
    int b = 0, cell = 0;
    branch_cell(s, &b, &cell);
    unsigned digits = 0;
    for (int d = 0; d < 9; d++)
        digits |= ((s->cand[d][b] >> cell) & 1u) << d;
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
        place(t, d, b, cell);
        if (propagate(t))
            dfs(se, t, depth + 1);
    }
}

bool layout_is_9x9(const sudoku_layout *l)
{
    return l->n == 9 && l->desc.box_rows == 3 && l->desc.box_cols == 3;
}

long solve_9x9(const uint8_t *digit, const sudoku_mask *cand, long limit, uint8_t *solution,
               sudoku_search_stats *stats)
{
    call_once(&tables_once, build_tables);
    search se = { .limit = limit < 1 ? 1 : limit, .solution = solution };
    board s;
    memset(s.seen, 0xFF, sizeof s.seen); /* never a 27-bit value: every word is looked at */
    bool ok = true;

    /* Every digit everywhere, then the digits placed, which strikes them
     * from their peers; then, from each empty cell, the candidates a
     * pencil-mark grid had removed besides those. The cells are walked
     * without a branch on whether they hold a digit, which is random. */
    for (int d = 0; d < 9; d++)
        s.cand[d][0] = s.cand[d][1] = s.cand[d][2] = BAND_CELLS;
    s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = BAND_CELLS;
    uint8_t filled[81];
    int nfilled = 0;
    unsigned unit_has[27] = { 0 }; /* digits placed in each row, column and box */
    for (int c = 0; c < 81; c++) {
        unsigned d = digit[c];
        filled[nfilled] = (uint8_t)c;
        nfilled += d - 1 < 9;
    }
    for (int i = 0; i < nfilled && ok; i++) {
        int c = filled[i], d = digit[c], b = c / 27, cell = c % 27;
        if (!(s.cand[d - 1][b] & (1u << cell)))
            ok = false; /* a peer holds the same digit */
        place(&s, d - 1, b, cell);
        for (int k = 0; k < 3; k++)
            unit_has[cell_unit[c][k]] |= 1u << (d - 1);
    }
    for (int b = 0, c = 0; b < 3; b++) {
        for (int cell = 0; cell < 27; cell++, c++) {
            unsigned empty = digit[c] - 1u >= 9 ? 0x1FFu : 0; /* all ones for an empty cell */
            unsigned m = cand[c] & empty;
            unsigned peers = unit_has[cell_unit[c][0]] | unit_has[cell_unit[c][1]] | unit_has[cell_unit[c][2]];
            unsigned removed = ~m & ~peers & empty;
            ok &= !(empty && !m);
            for (; removed; removed &= removed - 1)
                s.cand[bit_index32(removed)][b] &= ~(1u << cell);
        }
    }
    if (ok && propagate(&s))
        dfs(&se, &s, 0);
    if (stats)
        *stats = se.stats;
    return se.found;
}
