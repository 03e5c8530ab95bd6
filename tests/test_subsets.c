/*
 * test_subsets.c - naked and hidden pairs, triples and quads, and the
 * direct hidden pair and triple, on both layouts.
 *
 * Each position is a pencil-mark grid written as n rows of n groups, where
 * '.' stands for every digit and a lone digit is a placed one. Every
 * position (but the deliberately impossible ones) is checked to be a legal
 * candidate state that reads back exactly as written and has a solution,
 * and every step found is checked against that solution.
 */
#include "pencil_util.h"
#include "masks_util.h"

#include <ctype.h>

/* ------------------------------------------------------------------ helpers */

/* Loads a position (pencil_util.h); when 'legal', checks it has a solution. */
static void load(sudoku_grid *g, int n, const char *const *rows, bool legal)
{
    pencil_read(g, n, rows);
    if (legal)
        pencil_assert_legal(g);
}

/* Runs a finder; when it finds a step, checks that the step is sound. */
static bool find(finder_fn f, const sudoku_grid *g, sudoku_step *s)
{
    if (!run_finder(f, g, s))
        return false;
    uint8_t solution[SUDOKU_MAX_CELLS];
    if (sudoku_solve(g, 1, solution, NULL) == 1) {
        for (int c = 0; c < g->layout->ncells; c++)
            if (s->elim[c] & sudoku_bit(solution[c]))
                fail_msg("r%dc%d loses its solution digit %d", c / g->layout->n + 1,
                         c % g->layout->n + 1, solution[c]);
        if (s->place_cell >= 0)
            assert_int_equal(s->place_digit, solution[s->place_cell]);
    }
    return true;
}

static int row_u(int r) { return r - 1; }
static int col_u(const sudoku_grid *g, int c) { return g->layout->n + c - 1; }
static int box_u(const sudoku_grid *g, int b) { return 2 * g->layout->n + b - 1; }

static sudoku_mask digits_of(const char *digits)
{
    sudoku_mask m = 0;
    for (; *digits; digits++)
        if (isdigit((unsigned char)*digits))
            m |= sudoku_bit(*digits - '0');
    return m;
}

/* Asserts the set: technique, unit, digits and cells ("r2c3 r2c8", in unit order). */
static void assert_set(const sudoku_grid *g, const sudoku_step *s, int technique, int unit,
                       const char *digits, const char *cells)
{
    assert_int_equal(s->technique, technique);
    assert_int_equal(s->nbase, 1);
    assert_int_equal(s->base[0], unit);
    assert_int_equal(s->ncover, 0);
    assert_int_equal(s->digits, digits_of(digits));
    assert_cells(g, s, cells);
    assert_int_equal(s->ncells, mask_count(s->digits));
}

/* A plain set: no placement, exactly these eliminations. */
static void assert_plain(const sudoku_grid *g, const sudoku_step *s, const char *elims)
{
    assert_int_equal(s->place_cell, -1);
    assert_eliminations(g, s, elims);
}

/* A direct set: this placement, and no elimination. */
static void assert_direct(const sudoku_grid *g, const sudoku_step *s, int r, int c, int d, int unit)
{
    assert_int_equal(s->place_cell, rc(g, r, c));
    assert_int_equal(s->place_digit, d);
    assert_int_equal(s->place_unit, unit);
    assert_eliminations(g, s, "");
}

/* ------------------------------------------------------------------ 9x9 */

/* {1,2} in r1c1 and r1c5; r1c3 and r1c7 lose them. */
static void naked_pair_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "12 345 135 346 12 678 279 789 3456789",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, row_u(1), "12", "r1c1 r1c5");
    assert_plain(&g, &s, "r1c3-1 r1c7-2");
}

/* {4,7}, {7,9}, {4,9} in column 5, one in each box. */
static void naked_triple_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . 14 . . . .",   ". . . . 47 . . . .",   ". . . . 23 . . . .",
        ". . . . 39 . . . .",   ". . . . 79 . . . .",   ". . . . 56 . . . .",
        ". . . . 168 . . . .",  ". . . . 49 . . . .",   ". . . . 2578 . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_naked_triple, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_TRIPLE, col_u(&g, 5), "479", "r2c5 r5c5 r8c5");
    assert_plain(&g, &s, "r1c5-4 r4c5-9 r9c5-7");
    /* Nothing smaller: no two of those cells hold just two digits. */
    assert_false(find(find_naked_pair, &g, &s));
}

/* {1,2,3} {1,4} {2,4} {3,4} in box 5: a quad with no smaller set inside. */
static void naked_quad_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . 123 156 14 . . .",
        ". . . 578 24 269 . . .",
        ". . . 379 568 34 . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_naked_quad, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_QUAD, box_u(&g, 5), "1234", "r4c4 r4c6 r5c5 r6c6");
    assert_plain(&g, &s, "r4c5-1 r5c6-2 r6c4-3");
    assert_false(find(find_naked_triple, &g, &s));
}

/* 1 and 2 go only in r3c2 and r3c8, which lose their other digits. */
static void hidden_pair_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . . .", ". . . . . . . . .",
        "345 1236 456 3789 567 89 349 1278 569",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_PAIR, row_u(3), "12", "r3c2 r3c8");
    assert_plain(&g, &s, "r3c2-3 r3c2-6 r3c8-7 r3c8-8");
    /* Its eliminations leave every other digit two places or more: not direct. */
    assert_false(find(find_direct_hidden_pair, &g, &s));
}

/* 3, 6 and 9 go only in r1c7, r4c7 and r9c7. */
static void hidden_triple_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . 1236 . .",   ". . . . . . 124578 . .", ". . . . . . 124578 . .",
        ". . . . . . 569 . .",    ". . . . . . 124578 . .", ". . . . . . 124578 . .",
        ". . . . . . 124578 . .", ". . . . . . 124578 . .", ". . . . . . 3489 . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_hidden_triple, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_TRIPLE, col_u(&g, 7), "369", "r1c7 r4c7 r9c7");
    assert_plain(&g, &s, "r1c7-1 r1c7-2 r4c7-5 r9c7-4 r9c7-8");
    assert_false(find(find_hidden_pair, &g, &s));
}

/* 1, 2, 3 and 4 go only in four cells of box 1, in a cycle (no smaller set). */
static void hidden_quad_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "125 56789 2367 . . . . . .",
        "56789 348 56789 . . . . . .",
        "56789 56789 149 . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_hidden_quad, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_QUAD, box_u(&g, 1), "1234", "r1c1 r1c3 r2c2 r3c3");
    assert_plain(&g, &s, "r1c1-5 r1c3-6 r1c3-7 r2c2-8 r3c3-9");
    assert_false(find(find_hidden_triple, &g, &s));
    assert_false(find(find_hidden_pair, &g, &s));
}

/*
 * Hidden pair {1,2} in r5c1, r5c2 takes 5 from r5c1 and 3 from r5c2, which
 * leaves both 3 (r5c9) and 5 (r5c8) a single place; SE takes the first
 * digit from 1 up.
 */
static void direct_hidden_pair_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        "125 123 46 67 478 89 69 459 3789",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_direct_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_DIRECT_HIDDEN_PAIR, row_u(5), "12", "r5c1 r5c2");
    assert_direct(&g, &s, 5, 9, 3, row_u(5));
    /* The plain form of the same pattern eliminates instead. */
    assert_true(find(find_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_PAIR, row_u(5), "12", "r5c1 r5c2");
    assert_plain(&g, &s, "r5c1-5 r5c2-3");
}

/* Hidden triple {1,2,3} in column 2 takes 4 from r1c2, leaving 4 one place: r5c2. */
static void direct_hidden_triple_9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". 124 . . . . . . .",  ". 568 . . . . . . .",  ". 678 . . . . . . .",
        ". 239 . . . . . . .",  ". 489 . . . . . . .",  ". 579 . . . . . . .",
        ". 135 . . . . . . .",  ". 689 . . . . . . .",  ". 5679 . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_direct_hidden_triple, &g, &s));
    assert_set(&g, &s, SUDOKU_DIRECT_HIDDEN_TRIPLE, col_u(&g, 2), "123", "r1c2 r4c2 r7c2");
    assert_direct(&g, &s, 5, 2, 4, col_u(&g, 2));
    assert_false(find(find_direct_hidden_pair, &g, &s));
    assert_true(find(find_hidden_triple, &g, &s));
    assert_plain(&g, &s, "r1c2-4 r4c2-9 r7c2-5");
}

/* ------------------------------------------------------------------ 8x8 */

static void naked_pair_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . .",
        "35 134 256 1247 678 35 348 125678",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, row_u(2), "35", "r2c1 r2c6");
    assert_plain(&g, &s, "r2c2-3 r2c3-5 r2c7-3 r2c8-5");
}

/* Box 4 of the brick wall is r3-4 c5-8. */
static void naked_triple_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . .", ". . . . . . . .",
        ". . . . 12 134 256 28",
        ". . . . 378 18 45 67",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_naked_triple, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_TRIPLE, box_u(&g, 4), "128", "r3c5 r3c8 r4c6");
    assert_plain(&g, &s, "r3c6-1 r3c7-2 r4c5-8");
}

/* A naked quad needs a unit with 8 empty cells: a whole unit on 8x8. */
static void naked_quad_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . 12 . . . . .",  ". . 156 . . . . .", ". . 23 . . . . .",  ". . 57 . . . . .",
        ". . 34 . . . . .",  ". . 268 . . . . .", ". . 14 . . . . .",  ". . 378 . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_naked_quad, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_QUAD, col_u(&g, 3), "1234", "r1c3 r3c3 r5c3 r7c3");
    assert_plain(&g, &s, "r2c3-1 r6c3-2 r8c3-3");
}

/* 7 and 8 only in r5c6 and r6c8 of box 6 (r5-6 c5-8). */
static void hidden_pair_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
        ". . . . 123456 178 123456 123456",
        ". . . . 123456 123456 123456 23478",
        ". . . . . . . .", ". . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_PAIR, box_u(&g, 6), "78", "r5c6 r6c8");
    assert_plain(&g, &s, "r5c6-1 r6c8-2 r6c8-3 r6c8-4");
}

static void hidden_triple_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
        "13578 124 13578 13578 346 13578 268 13578",
        ". . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_hidden_triple, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_TRIPLE, row_u(7), "246", "r7c2 r7c5 r7c7");
    assert_plain(&g, &s, "r7c2-1 r7c5-3 r7c7-8");
}

/*
 * A hidden quad needs more than 8 empty cells in its unit, which an 8x8
 * unit never has: {1,3,5,7} confined to four cells of column 6 is not
 * reported, and the complementary naked quad {2,4,6,8} is, with the same
 * eliminations.
 */
static void hidden_quad_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . 123 . .",  ". . . . . 2468 . .", ". . . . . 345 . .",  ". . . . . 2468 . .",
        ". . . . . 2468 . .", ". . . . . 567 . .",  ". . . . . 2468 . .", ". . . . . 178 . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_false(find(find_hidden_quad, &g, &s));
    assert_true(find(find_naked_quad, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_QUAD, col_u(&g, 6), "2468", "r2c6 r4c6 r5c6 r7c6");
    assert_plain(&g, &s, "r1c6-2 r3c6-4 r6c6-6 r8c6-8");
}

/* Column 1 with five empty cells: {1,2} in r1c1, r3c1 leaves 3 only r5c1. */
static void direct_hidden_pair_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 . . . . . . .", "6 . . . . . . .",  "12 . . . . . . .",  "7 . . . . . . .",
        "345 . . . . . . .", "8 . . . . . . .",  "45 . . . . . . .",  "45 . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_direct_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_DIRECT_HIDDEN_PAIR, col_u(&g, 1), "12", "r1c1 r3c1");
    assert_direct(&g, &s, 5, 1, 3, col_u(&g, 1));
    /* 5 empty cells > 4: the plain hidden pair is searched there too. */
    assert_true(find(find_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_PAIR, col_u(&g, 1), "12", "r1c1 r3c1");
    assert_plain(&g, &s, "r1c1-3");
}

/* Row 4 with six empty cells: {1,2,3} in c1, c3, c5 leaves 4 only in r4c4. */
static void direct_hidden_triple_8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
        "124 8 23 45 136 56 7 56",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_direct_hidden_triple, &g, &s));
    assert_set(&g, &s, SUDOKU_DIRECT_HIDDEN_TRIPLE, row_u(4), "123", "r4c1 r4c3 r4c5");
    assert_direct(&g, &s, 4, 4, 4, row_u(4));
    /* 6 empty cells is not more than 2k: the plain hidden triple skips the row. */
    assert_false(find(find_hidden_triple, &g, &s));
}

/* ------------------------------------------------------------------ order */

/* Pairs in box 9, column 1 and row 5: boxes, then columns, then rows. */
static void order_of_units(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . . .", "34 . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . 78 . . 78 . . .", ". . . . . . . . .",
        ". . . . . . 56 . .", "34 . . . . . . . .", ". . . . . . . . 56",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, box_u(&g, 9), "56", "r7c7 r9c9");
    assert_int_equal(s.nelim, 14);
    sudoku_apply_step(&g, &s);
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, col_u(&g, 1), "34", "r2c1 r8c1");
    assert_int_equal(s.nelim, 14);
    sudoku_apply_step(&g, &s);
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, row_u(5), "78", "r5c3 r5c6");
    assert_int_equal(s.nelim, 14);
    sudoku_apply_step(&g, &s);
    assert_false(find(find_naked_pair, &g, &s));
}

/*
 * Inside a unit SE takes tuples in increasing order of their bitmask:
 * cells {c4,c7} (bits 3, 6) come before {c1,c9} (bits 0, 8), although c1
 * comes first in reading order.
 */
static void order_of_cells(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "12 . . 34 . . 34 . 12",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, row_u(1), "34", "r1c4 r1c7");
    assert_plain(&g, &s, "r1c2-3 r1c2-4 r1c3-3 r1c3-4 r1c5-3 r1c5-4 r1c6-3 r1c6-4 r1c8-3 r1c8-4");
}

/* Likewise digits: {3,4} (bits 2, 3) before {1,8} (bits 0, 7). */
static void order_of_digits(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . .",
        "345 128 346 2567 2567 2567 178 2567",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, true);
    assert_true(find(find_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_PAIR, row_u(2), "34", "r2c1 r2c3");
    assert_plain(&g, &s, "r2c1-5 r2c3-6");
}

/* ------------------------------------------------------------------ negative */

/* {1,2} in r1c1 and r1c5, and no other cell of row 1 (or their boxes,
 * columns) has them: a naked pair that is also a hidden pair, and neither
 * eliminates anything. */
static void set_without_eliminations(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "12 3456789 3456789 3456789 12 3456789 3456789 3456789 3456789",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    static const finder_fn all[] = {
        find_naked_pair, find_naked_triple, find_naked_quad, find_hidden_pair,
        find_hidden_triple, find_hidden_quad, find_direct_hidden_pair, find_direct_hidden_triple,
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        assert_false(find(all[i], &g, &s));
}

/*
 * Row 1 has 3 empty cells: the naked pair {1,2} in r1c1, r1c5 would take
 * 1 and 2 from r1c9, but SE only looks for naked pairs in units with 4
 * empty cells or more (here the hidden single 3 in r1c9 is the simpler
 * view). The cells are in different boxes and columns, so no other unit
 * holds the pair.
 */
static void naked_pair_needs_four_empty(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "12 4 5 6 12 7 8 9 123",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_false(find(find_naked_pair, &g, &s));
    assert_false(find(find_naked_triple, &g, &s));
}

/*
 * Row 1 has 4 empty cells: hidden pair {1,2} in r1c1, r1c2 is not searched
 * (a hidden pair needs more than 4), its eliminations create no single (3
 * and 4 keep r1c3 and r1c4), and the complementary naked pair {3,4}, in a
 * unit with exactly 4 empty cells, is found instead.
 */
static void hidden_pair_needs_five_empty(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 124 34 34 5 6 7 8 9",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    assert_false(find(find_hidden_pair, &g, &s));
    assert_false(find(find_direct_hidden_pair, &g, &s));
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, row_u(1), "34", "r1c3 r1c4");
    assert_plain(&g, &s, "r1c1-3 r1c2-4");
}

/*
 * A direct hidden set only needs more than k empty cells: row 1 has 3.
 * {1,2} in r1c1, r1c2 takes 3 from r1c1, leaving 3 only in r1c3 (which
 * has no other candidate: with 3 empty cells it cannot be otherwise).
 */
static void direct_hidden_pair_in_small_unit(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 12 . 5 6 7 8 9 4",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, false);
    sudoku_grid_eliminate(&g, rc(&g, 1, 3), 1);
    sudoku_grid_eliminate(&g, rc(&g, 1, 3), 2);
    assert_int_equal(g.cand[rc(&g, 1, 3)], sudoku_bit(3));
    pencil_assert_legal(&g);
    assert_true(find(find_direct_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_DIRECT_HIDDEN_PAIR, row_u(1), "12", "r1c1 r1c2");
    assert_direct(&g, &s, 1, 3, 3, row_u(1));
    assert_false(find(find_hidden_pair, &g, &s));
}

/*
 * A cell with one candidate or a digit with one place is a single, not
 * part of a set (SE's CommonTuples wants every member to have two or
 * more): r1c5 = {1} with r1c1 = {1,2} is no naked pair, and in row 1 of
 * the second grid digit 1 (only in r1c1) with 2 (r1c1, r1c5) is no hidden
 * pair. Nor does a direct hidden set claim a single that was there before
 * it: in the third grid 3 already has one place (r1c9), and the hidden
 * pair {1,2} leaves 4 and 5 two places each.
 */
static void singles_are_not_members(void **state)
{
    (void)state;
    static const char *const naked[] = {
        "12 . . . 12 . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    static const char *const hidden[] = {
        "123 3456789 3456789 3456789 234 3456789 3456789 3456789 3456789",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    static const char *const old_single[] = {
        "124 6789 467 589 125 6789 489 567 36789",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, naked, true);
    sudoku_grid_eliminate(&g, rc(&g, 1, 5), 2);
    pencil_assert_legal(&g);
    assert_false(find(find_naked_pair, &g, &s));
    load(&g, 9, hidden, true);
    assert_false(find(find_hidden_pair, &g, &s));
    assert_false(find(find_direct_hidden_pair, &g, &s));
    load(&g, 9, old_single, true);
    assert_false(find(find_direct_hidden_pair, &g, &s));
    assert_true(find(find_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_PAIR, row_u(1), "12", "r1c1 r1c5");
    assert_plain(&g, &s, "r1c1-4 r1c5-5");
}

/* ------------------------------------------------------------------ degenerate */

/*
 * Three cells of row 1 holding only {1,2}: a contradiction, not a triple.
 * The first two (in SE's order) make a naked pair that empties the third;
 * the grid is then broken and the engine reports a contradiction rather
 * than stepping on. No triple is reported: three cells with two digits are
 * not a naked triple.
 */
static void three_cells_two_digits(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "12 3456789 3456789 12 3456789 3456789 12 3456789 3456789",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, false);
    assert_int_equal(sudoku_solve(&g, 1, NULL, NULL), 0);
    assert_false(find(find_naked_triple, &g, &s));
    assert_false(find(find_hidden_pair, &g, &s));   /* 1 and 2 have three places */
    assert_false(find(find_hidden_triple, &g, &s));
    assert_true(find(find_naked_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_NAKED_PAIR, row_u(1), "12", "r1c1 r1c4");
    assert_plain(&g, &s, "r1c7-1 r1c7-2");

    sudoku_grid after = g;
    sudoku_apply_step(&after, &s);
    view v;
    view_build(&v, &after);
    assert_true(v.broken);

    sudoku_path path;
    after = g;
    sudoku_logic_run(&after, SUDOKU_ORDER_RATING, &path, NULL, NULL);
    assert_false(path.solved);
    assert_true(path.contradiction);
}

/*
 * Three digits confined to two cells of an 8x8 row: a contradiction, not
 * a hidden triple. The hidden pair {1,2} of the first two digits is found
 * and strips 3 from both cells, leaving 3 no place.
 */
static void three_digits_two_cells(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "1234 45678 45678 45678 1235 45678 45678 45678",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
        ". . . . . . . .", ". . . . . . . .", ". . . . . . . .", ". . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 8, rows, false);
    assert_int_equal(sudoku_solve(&g, 1, NULL, NULL), 0);
    assert_false(find(find_hidden_triple, &g, &s));
    assert_false(find(find_naked_pair, &g, &s));
    assert_true(find(find_hidden_pair, &g, &s));
    assert_set(&g, &s, SUDOKU_HIDDEN_PAIR, row_u(1), "12", "r1c1 r1c5");
    assert_plain(&g, &s, "r1c1-3 r1c1-4 r1c5-3 r1c5-5");
    sudoku_apply_step(&g, &s);
    view v;
    view_build(&v, &g);
    assert_true(v.broken);
}

/* A cell emptied of every candidate: every finder still returns sensibly. */
static void broken_grid_does_not_crash(void **state)
{
    (void)state;
    static const finder_fn all[] = {
        find_naked_pair, find_naked_triple, find_naked_quad, find_hidden_pair,
        find_hidden_triple, find_hidden_quad, find_direct_hidden_pair, find_direct_hidden_triple,
    };
    static const char *const rows[] = {
        "127 34 345 12 568 689 389 469 579",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
        ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .", ". . . . . . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    load(&g, 9, rows, true);
    for (int d = 1; d <= 9; d++)
        sudoku_grid_eliminate(&g, rc(&g, 1, 2), d);
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (!run_finder(all[i], &g, &s))
            continue;
        assert_in_range(s.base[0], 0, g.layout->nunits - 1);
        assert_int_equal(s.ncells, mask_count(s.digits));
        for (int j = 0; j < s.ncells; j++)
            assert_int_equal(g.digit[s.cells[j]], 0);
    }
}

/* The search's masks_two_to_k(), the vector form where there is one
 * (test_bits.c checks the plain C one). */
static void masks_two_to_k_as_one_by_one(void **state)
{
    (void)state;
    expect_masks_two_to_k_one_by_one();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(naked_pair_9),
        cmocka_unit_test(naked_triple_9),
        cmocka_unit_test(naked_quad_9),
        cmocka_unit_test(hidden_pair_9),
        cmocka_unit_test(hidden_triple_9),
        cmocka_unit_test(hidden_quad_9),
        cmocka_unit_test(direct_hidden_pair_9),
        cmocka_unit_test(direct_hidden_triple_9),
        cmocka_unit_test(naked_pair_8),
        cmocka_unit_test(naked_triple_8),
        cmocka_unit_test(naked_quad_8),
        cmocka_unit_test(hidden_pair_8),
        cmocka_unit_test(hidden_triple_8),
        cmocka_unit_test(hidden_quad_8),
        cmocka_unit_test(direct_hidden_pair_8),
        cmocka_unit_test(direct_hidden_triple_8),
        cmocka_unit_test(order_of_units),
        cmocka_unit_test(order_of_cells),
        cmocka_unit_test(order_of_digits),
        cmocka_unit_test(set_without_eliminations),
        cmocka_unit_test(naked_pair_needs_four_empty),
        cmocka_unit_test(hidden_pair_needs_five_empty),
        cmocka_unit_test(direct_hidden_pair_in_small_unit),
        cmocka_unit_test(singles_are_not_members),
        cmocka_unit_test(three_cells_two_digits),
        cmocka_unit_test(three_digits_two_cells),
        cmocka_unit_test(broken_grid_does_not_crash),
        cmocka_unit_test(masks_two_to_k_as_one_by_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
