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

/* A second build of the search for processors with POPCNT and BMI2,
 * chosen at run time; the plain one is always built, and used elsewhere. */
#if defined(__GNUC__) && defined(__x86_64__)
#define HAVE_BMI2_BUILD 1
#include <immintrin.h>
#else
#define HAVE_BMI2_BUILD 0
#endif

#define BAND_CELLS 0x7FFFFFFu /* 27 bits */
#define ROW_BITS 0x1FFu
#define TRIAD_FIRST_CELLS 0x1249249u /* the first cell of each triad: bits 0, 3, ... 24 */

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
static uint32_t row_cells[8];       /* rows of a band (3 bits) -> their cells */
static uint32_t box_cells[8];       /* boxes of a band (3 bits) -> their cells */
static once_flag tables_once = ONCE_FLAG_INIT;
#if HAVE_BMI2_BUILD
static bool bmi2_ok;                /* the processor runs the BMI2 build */
#endif
static bool plain_only;             /* tests: the plain build only */

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
#if HAVE_BMI2_BUILD
    __builtin_cpu_init();
    /* AMD's processors before Zen 3 (families 15h and 17h) have BMI2, but
     * run PEXT and PDEP in microcode, many times slower than the tables. */
    bool slow_pext = __builtin_cpu_is("amdfam15h") || __builtin_cpu_is("amdfam17h");
    bmi2_ok = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2") && !slow_pext;
#endif
    for (unsigned x = 0; x < 8; x++) {
        row_cells[x] = box_cells[x] = 0;
        for (unsigned k = 0; k < 3; k++) {
            if (x & (1u << k)) {
                row_cells[x] |= ROW_BITS << (9 * k);
                box_cells[x] |= 0x1C0E07u << (3 * k); /* box k: 3 cells in each row */
            }
        }
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

static inline uint32_t columns_of(uint32_t band) { return (band | band >> 9 | band >> 18) & ROW_BITS; }

static inline bool one_or_none(uint32_t x) { return !(x & (x - 1)); }

/* ------------------------------------------------------------ search */

#define FAST_BITS 0
#define V(name) name##_plain
#include "solve/solver_9x9_search.h"
#undef FAST_BITS
#undef V

#if HAVE_BMI2_BUILD
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
#endif
#define FAST_BITS 1
#define V(name) name##_bmi2
#include "solve/solver_9x9_search.h"
#undef FAST_BITS
#undef V
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

bool layout_is_9x9(const sudoku_layout *l)
{
    return l->n == 9 && l->desc.box_rows == 3 && l->desc.box_cols == 3;
}

void solve_9x9_plain_only(bool on)
{
    call_once(&tables_once, build_tables);
    plain_only = on;
}

long solve_9x9(const uint8_t *digit, const sudoku_mask *cand, long limit, uint8_t *solution,
               sudoku_search_stats *stats)
{
    call_once(&tables_once, build_tables);
#if HAVE_BMI2_BUILD
    if (bmi2_ok && !plain_only)
        return solve_bmi2(digit, cand, limit, solution, stats);
#endif
    return solve_plain(digit, cand, limit, solution, stats);
}
