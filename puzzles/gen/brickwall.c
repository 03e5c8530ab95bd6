/*
 * brickwall.c - deterministic generator of 8x8 brick-wall puzzles
 * (boxes of 2 rows x 4 columns, digits 1-8) for puzzles/8x8*.txt.
 *
 *   cc -std=c11 -Wall -Wextra -Wpedantic -Iinclude puzzles/gen/brickwall.c \
 *      build/libsudoku.a -o /tmp/brickwall -lpthread
 *   /tmp/brickwall 40 > puzzles/8x8.txt              unique solutions, easy to hard-ish
 *   /tmp/brickwall -m 8 > puzzles/8x8-multiple.txt   several solutions each
 *
 * Usage: brickwall [-m] [-v] COUNT [SEED]   (SEED defaults to 20261121)
 *   -v  also write "PUZZLE clues=N left=N" per puzzle to stderr, where
 *       'left' counts the cells that singles alone cannot fill
 *
 * Each puzzle starts from a random full grid: cells are filled in a random
 * order with a random candidate, kept only while sudoku_solve() still finds
 * a completion. Clues are then removed in a random order while the puzzle
 * keeps exactly one solution (sudoku_solve(..., 2, ...) == 1), down to a
 * target clue count that falls from 36 for the first puzzle to 0 (that is,
 * a minimal puzzle) for the last third. A puzzle's difficulty is measured
 * here, without the library's search, as the number of cells left empty
 * once naked and hidden singles are applied until they stop: 0 means
 * singles solve it. For the hardest third several minimal puzzles are made
 * and the one with most cells left is kept. The output is sorted by cells
 * left, then by clue count (more clues first), so it runs from easy to
 * hard-ish. The library is used only through its grid functions and for
 * counting solutions, whose results do not depend on how it searches.
 *
 * With -m every puzzle is made as above and then loses further clues until
 * it has at least two solutions.
 *
 * The random numbers come from our own xorshift64*, not rand(), so the
 * output is the same on every platform and C library.
 */
#include "sudoku.h"
#include "singles.h"

#include <stdlib.h>
#include <string.h>

#define N      8
#define CELLS  (N * N)
#define DEFAULT_SEED 20261121u
#define MAX_COUNT 1000
#define HARD_TRIES 12  /* minimal puzzles made per slot in the hardest third */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * UINT64_C(2685821657736338717);
}

/* A number in 0..n-1 (n small, so the modulo bias does not matter). */
static int rng_below(int n) { return (int)(rng_next() % (uint64_t)n); }

static void shuffle(int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* A grid holding the given digits (0 = blank); false if they clash. */
static bool load(sudoku_grid *g, const uint8_t *digits)
{
    sudoku_grid_init(g, sudoku_layout_8x8());
    for (int c = 0; c < CELLS; c++)
        if (digits[c] && !sudoku_grid_place(g, c, digits[c]))
            return false;
    return true;
}

static long count_solutions(const uint8_t *digits, long limit)
{
    sudoku_grid g;
    if (!load(&g, digits))
        return 0;
    return sudoku_solve(&g, limit, NULL, NULL);
}

/* A random complete valid grid. */
static void random_solution(uint8_t *out)
{
    sudoku_grid g;
    int order[CELLS];
    sudoku_grid_init(&g, sudoku_layout_8x8());
    for (int c = 0; c < CELLS; c++)
        order[c] = c;
    shuffle(order, CELLS);
    for (int i = 0; i < CELLS; i++) {
        int c = order[i];
        for (;;) {
            int digits[N], nd = 0;
            for (int d = 1; d <= N; d++)
                if (g.cand[c] & sudoku_bit(d))
                    digits[nd++] = d;
            /* The grid always has a completion, so some candidate is left. */
            int d = digits[rng_below(nd)];
            sudoku_grid trial = g;
            if (sudoku_grid_place(&trial, c, d) && sudoku_solve(&trial, 1, NULL, NULL) == 1) {
                g = trial;
                break;
            }
            sudoku_grid_eliminate(&g, c, d);
        }
    }
    memcpy(out, g.digit, CELLS);
}

static int clue_count(const uint8_t *p)
{
    int n = 0;
    for (int c = 0; c < CELLS; c++)
        n += p[c] != 0;
    return n;
}

/* Removes clues in a random order while the solution stays unique,
 * stopping at 'target' clues (0: until no clue can go). */
static void make_puzzle(uint8_t *p, int target)
{
    int order[CELLS];
    int clues = CELLS;
    random_solution(p);
    for (int c = 0; c < CELLS; c++)
        order[c] = c;
    shuffle(order, CELLS);
    for (int i = 0; i < CELLS && clues > target; i++) {
        int c = order[i];
        uint8_t keep = p[c];
        p[c] = 0;
        if (count_solutions(p, 2) == 1)
            clues--;
        else
            p[c] = keep;
    }
}

/* Cells left empty by singles alone, or -1 (see singles.h). */
static int singles_left_of(const uint8_t *digits)
{
    sudoku_grid g;
    return load(&g, digits) ? singles_left(&g) : -1;
}

typedef struct puzzle {
    uint8_t digit[CELLS];
    int left;    /* cells singles cannot fill */
    int clues;
} puzzle;

static void measure(puzzle *z)
{
    z->left = singles_left_of(z->digit);
    z->clues = clue_count(z->digit);
}

static int by_difficulty(const void *a, const void *b)
{
    const puzzle *x = a, *y = b;
    if (x->left != y->left)
        return x->left < y->left ? -1 : 1;
    if (x->clues != y->clues)
        return x->clues > y->clues ? -1 : 1;
    return memcmp(x->digit, y->digit, CELLS);
}

/* Takes clues away from a unique puzzle until it has several solutions. */
static void make_multiple(uint8_t *p)
{
    int order[CELLS], n = 0;
    for (int c = 0; c < CELLS; c++)
        if (p[c])
            order[n++] = c;
    shuffle(order, n);
    for (int i = 0; i < n && count_solutions(p, 2) < 2; i++)
        p[order[i]] = 0;
}

static void print_puzzle(const puzzle *z, bool verbose)
{
    char line[CELLS + 1];
    for (int c = 0; c < CELLS; c++)
        line[c] = z->digit[c] ? (char)('0' + z->digit[c]) : '.';
    line[CELLS] = '\0';
    puts(line);
    if (verbose)
        fprintf(stderr, "%s clues=%d left=%d\n", line, z->clues, z->left);
}

static int usage(void)
{
    fputs("usage: brickwall [-m] [-v] COUNT [SEED]\n", stderr);
    return 64;
}

int main(int argc, char **argv)
{
    bool multiple = false, verbose = false;
    int arg = 1;
    for (; arg < argc && argv[arg][0] == '-' && argv[arg][1]; arg++) {
        if (strcmp(argv[arg], "-m") == 0)
            multiple = true;
        else if (strcmp(argv[arg], "-v") == 0)
            verbose = true;
        else
            return usage();
    }
    if (arg >= argc || argc - arg > 2)
        return usage();
    char *end;
    long count = strtol(argv[arg], &end, 10);
    if (*end || count < 1 || count > MAX_COUNT)
        return usage();
    unsigned long long seed = DEFAULT_SEED;
    if (arg + 1 < argc) {
        seed = strtoull(argv[arg + 1], &end, 10);
        if (*end)
            return usage();
    }
    rng_state = seed ? (uint64_t)seed : DEFAULT_SEED; /* xorshift needs a non-zero state: 0 means the default */

    static puzzle out[MAX_COUNT];
    for (long i = 0; i < count; i++) {
        /* Target clue count: 36 down to 0 over the first two thirds. */
        long easy_part = count - count / 3;
        int target = 0;
        if (i < easy_part)
            target = easy_part > 1 ? (int)(36 - 36 * i / (easy_part - 1)) : 36;
        puzzle *z = &out[i];
        make_puzzle(z->digit, target);
        measure(z);
        if (!multiple && i >= easy_part) {
            for (int t = 1; t < HARD_TRIES; t++) {
                puzzle alt;
                make_puzzle(alt.digit, 0);
                measure(&alt);
                if (by_difficulty(&alt, z) > 0)
                    *z = alt;
            }
        }
        if (multiple) {
            make_multiple(z->digit);
            measure(z);
        }
    }
    if (!multiple)
        qsort(out, (size_t)count, sizeof out[0], by_difficulty);
    for (long i = 0; i < count; i++)
        print_puzzle(&out[i], verbose);
    return 0;
}
