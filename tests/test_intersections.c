/*
 * test_intersections.c - pointing and claiming, plain and direct, on both
 * layouts: what each finds, what it leaves alone, and in which order.
 *
 * Most positions are an empty grid whose candidates of one or two digits
 * are cut down to a map, n rows of n marks: 'x' keeps the digit in the
 * cell, '.' removes it. Every position is checked to be a legal candidate
 * state with a solution, and every step found is checked to be forced: no
 * solution survives placing an eliminated candidate, or removing the
 * placed digit. Two positions are pencil-mark grids the engine reached on
 * real puzzles.
 */
#include "strategy_util.h"
#include "test_util.h"

/* ------------------------------------------------------------------ helpers */


/* Asserts g is a legal candidate state with at least one solution. */
static void assert_legal(const sudoku_grid *g)
{
    char why[160] = "";
    if (sudoku_grid_contradiction(g, why, sizeof why))
        fail_msg("position is not legal: %s", why);
    assert_int_equal(sudoku_solve(g, 1, NULL, NULL), 1);
}

/* An empty grid of side n with up to two digits cut down to maps. */
static void position(sudoku_grid *g, int n, int d1, const char *map1, int d2, const char *map2)
{
    sudoku_grid_init(g, sudoku_layout_for_size(n));
    if (d1)
        restrict_digit(g, d1, map1);
    if (d2)
        restrict_digit(g, d2, map2);
    assert_legal(g);
}

/* Every deduction of the step is forced: the grid allows no solution without it. */
static void assert_forced(const sudoku_grid *g, const sudoku_step *s)
{
    sudoku_grid t;
    for (int c = 0; c < g->layout->ncells; c++) {
        for (sudoku_mask m = s->elim[c]; m; m &= (sudoku_mask)(m - 1)) {
            t = *g;
            assert_true(sudoku_grid_place(&t, c, mask_first_digit(m)));
            if (sudoku_solve(&t, 1, NULL, NULL) != 0)
                fail_msg("r%dc%d-%d is not forced", c / g->layout->n + 1, c % g->layout->n + 1,
                         mask_first_digit(m));
        }
    }
    if (s->place_cell >= 0) {
        t = *g;
        assert_true(sudoku_grid_eliminate(&t, s->place_cell, s->place_digit));
        assert_int_equal(sudoku_solve(&t, 1, NULL, NULL), 0);
    }
}

/* Asserts the pattern of a step: technique, digit, region1, region2, locked cells. */
static void assert_pattern(const sudoku_grid *g, const sudoku_step *s, int technique, int d, int base,
                           int cover, const char *cells)
{
    assert_int_equal(s->technique, technique);
    assert_int_equal(s->digits, sudoku_bit(d));
    assert_int_equal(s->nbase, 1);
    assert_int_equal(s->base[0], base);
    assert_int_equal(s->ncover, 1);
    assert_int_equal(s->cover[0], cover);
    assert_cells(g, s, cells);
}

/* A plain step: its pattern and eliminations, no placement. */
static void expect_locked(finder_fn find, const sudoku_grid *g, int technique, int d, int base, int cover,
                          const char *cells, const char *elims)
{
    sudoku_step s;
    assert_true(run_finder(find, g, &s));
    assert_pattern(g, &s, technique, d, base, cover, cells);
    assert_eliminations(g, &s, elims);
    assert_int_equal(s.place_cell, -1);
    assert_int_equal(s.place_unit, -1);
    assert_forced(g, &s);
}

/* A direct step: its pattern and placement "r2c6", no eliminations. */
static void expect_direct(finder_fn find, const sudoku_grid *g, int technique, int d, int base, int cover,
                          const char *cells, const char *place, int place_unit)
{
    sudoku_step s;
    int r, c;
    assert_true(run_finder(find, g, &s));
    assert_pattern(g, &s, technique, d, base, cover, cells);
    assert_eliminations(g, &s, "");
    assert_int_equal(sscanf(place, "r%dc%d", &r, &c), 2);
    assert_int_equal(s.place_cell, rc(g, r, c));
    assert_int_equal(s.place_digit, d);
    assert_int_equal(s.place_unit, place_unit);
    assert_forced(g, &s);
}

static void expect_none(finder_fn find, const sudoku_grid *g)
{
    sudoku_step s;
    assert_false(run_finder(find, g, &s));
}

/* ------------------------------------------------------------------ 9x9 */

/* 5 in box 1 only in column 1: out of the rest of column 1 (r6c1 has none). */
static void test_pointing_column_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 5,
             "x . . x x x x x x"
             "x . . x x x x x x"
             ". . . x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             ". x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 5, box_unit(&g, 1), col_unit(&g, 1), "r1c1 r2c1",
                  "r4c1-5 r5c1-5 r7c1-5 r8c1-5 r9c1-5");
    expect_none(find_claiming, &g);
}

/* 3 in box 5 only in row 5: out of the rest of row 5 (r5c8 has none). */
static void test_pointing_row_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 3,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x . . . x x x"
             "x x x x . x x . x"
             "x x x . . . x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 3, box_unit(&g, 5), row_unit(5), "r5c4 r5c6",
                  "r5c1-3 r5c2-3 r5c3-3 r5c7-3 r5c9-3");
    expect_none(find_claiming, &g);
}

/* 7 in column 5 only in box 5: out of the rest of box 5 (r6c4 has none). */
static void test_claiming_column_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 7,
             "x x x x . x x x x"
             "x x x x . x x x x"
             "x x x x . x x x x"
             "x x x x x x x x x"
             "x x x x . x x x x"
             "x x x . x x x x x"
             "x x x x . x x x x"
             "x x x x . x x x x"
             "x x x x . x x x x",
             0, NULL);
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 7, col_unit(&g, 5), box_unit(&g, 5), "r4c5 r6c5",
                  "r4c4-7 r4c6-7 r5c4-7 r5c6-7 r6c6-7");
    expect_none(find_pointing, &g);
}

/* 8 in row 9 only in box 9: out of the rest of box 9 (r8c9 has none). */
static void test_claiming_row_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 8,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x ."
             ". . . . . . x x .",
             0, NULL);
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 8, row_unit(9), box_unit(&g, 9), "r9c7 r9c8",
                  "r7c7-8 r7c8-8 r7c9-8 r8c7-8 r8c8-8");
}

/* Pointing to row 1 would make 2 a hidden single of box 2 in r2c6. */
static void test_direct_pointing_row_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 2,
             "x x . x x . x x x"
             ". . . . . x x x x"
             ". . . . . . x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    expect_direct(find_direct_pointing, &g, SUDOKU_DIRECT_POINTING, 2, box_unit(&g, 1), row_unit(1),
                  "r1c1 r1c2", "r2c6", box_unit(&g, 2));
    /* The plain form of the same pattern. */
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 2, box_unit(&g, 1), row_unit(1), "r1c1 r1c2",
                  "r1c4-2 r1c5-2 r1c7-2 r1c8-2 r1c9-2");
}

/* Box 4 points 9 along column 2; box 1 keeps 6 places off it, box 7 one: r8c3. */
static void test_direct_pointing_column_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 9,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             ". x . x x x x x x"
             ". . . x x x x x x"
             ". x . x x x x x x"
             ". x . x x x x x x"
             ". . x x x x x x x"
             ". x . x x x x x x",
             0, NULL);
    expect_direct(find_direct_pointing, &g, SUDOKU_DIRECT_POINTING, 9, box_unit(&g, 4), col_unit(&g, 2),
                  "r4c2 r6c2", "r8c3", box_unit(&g, 7));
}

/* Column 1 claims 4 for box 1; column 2 is then left with r5c2 only. */
static void test_direct_claiming_column_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 4,
             "x . x x x x x x x"
             ". x x x x x x x x"
             "x . x x x x x x x"
             ". . x x x x x x x"
             ". x x x x x x x x"
             ". . x x x x x x x"
             ". . x x x x x x x"
             ". . x x x x x x x"
             ". . x x x x x x x",
             0, NULL);
    expect_direct(find_direct_claiming, &g, SUDOKU_DIRECT_CLAIMING, 4, col_unit(&g, 1), box_unit(&g, 1),
                  "r1c1 r3c1", "r5c2", col_unit(&g, 2));
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 4, col_unit(&g, 1), box_unit(&g, 1), "r1c1 r3c1",
                  "r2c2-4 r1c3-4 r2c3-4 r3c3-4");
}

/* Row 7 claims 6 for box 9; row 8 keeps 6 places outside it, row 9 one: r9c2. */
static void test_direct_claiming_row_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 6,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             ". . . . . . . x x"
             "x x x x x x x x x"
             ". x . . . . x . .",
             0, NULL);
    expect_direct(find_direct_claiming, &g, SUDOKU_DIRECT_CLAIMING, 6, row_unit(7), box_unit(&g, 9),
                  "r7c8 r7c9", "r9c2", row_unit(9));
}

/* ------------------------------------------------------------------ 8x8 */

/* 3 in box 1 (r1-2 c1-4) only in column 2, where a box has 2 cells. */
static void test_pointing_column_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 3,
             ". x . . x x x x"
             ". x . . x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x . x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             0, NULL);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 3, box_unit(&g, 1), col_unit(&g, 2), "r1c2 r2c2",
                  "r3c2-3 r4c2-3 r6c2-3 r7c2-3 r8c2-3");
    expect_none(find_claiming, &g);
}

/* 6 in box 4 (r3-4 c5-8) only in row 4, where a box has 4 cells. */
static void test_pointing_row_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 6,
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x . . . ."
             "x . x x x . x ."
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             0, NULL);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 6, box_unit(&g, 4), row_unit(4), "r4c5 r4c7",
                  "r4c1-6 r4c3-6 r4c4-6");
    /* A band of two rows holds two boxes: the same thing seen as row 3 claiming for box 3. */
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 6, row_unit(3), box_unit(&g, 3),
                  "r3c1 r3c2 r3c3 r3c4", "r4c1-6 r4c3-6 r4c4-6");
}

/* 1 in column 6 only in box 6 (r5-6 c5-8). */
static void test_claiming_column_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 1,
             "x x x x x . x x"
             "x x x x x . x x"
             "x x x x x . x x"
             "x x x x x . x x"
             "x x x x x x x x"
             "x x x x x x x ."
             "x x x x x . x x"
             "x x x x x . x x",
             0, NULL);
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 1, col_unit(&g, 6), box_unit(&g, 6), "r5c6 r6c6",
                  "r5c5-1 r5c7-1 r5c8-1 r6c5-1 r6c7-1");
    expect_none(find_pointing, &g);
}

/* 2 in row 8 only in box 8 (r7-8 c5-8): out of the other row of the box. */
static void test_claiming_row_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 2,
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             ". . . . x . . x",
             0, NULL);
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 2, row_unit(8), box_unit(&g, 8), "r8c5 r8c8",
                  "r7c5-2 r7c6-2 r7c7-2 r7c8-2");
}

/* Box 1 points 5 along row 1; box 2, its only neighbour on the row, keeps r2c8. */
static void test_direct_pointing_row_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 5,
             "x . x . . x . ."
             ". . . . . . . x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             0, NULL);
    expect_direct(find_direct_pointing, &g, SUDOKU_DIRECT_POINTING, 5, box_unit(&g, 1), row_unit(1),
                  "r1c1 r1c3", "r2c8", box_unit(&g, 2));
}

/*
 * Box 3 points 7 along column 4, which crosses boxes 1, 3, 5 and 7: box 1
 * keeps 6 places off it, boxes 5 and 7 one each; box 5 comes first.
 */
static void test_direct_pointing_column_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 7,
             "x x x x x x x x"
             "x x x x x x x x"
             ". . . x x x x x"
             ". . . x x x x x"
             ". . . x x x x x"
             "x . . x x x x x"
             ". . . x x x x x"
             ". x . . x x x x",
             0, NULL);
    expect_direct(find_direct_pointing, &g, SUDOKU_DIRECT_POINTING, 7, box_unit(&g, 3), col_unit(&g, 4),
                  "r3c4 r4c4", "r6c1", box_unit(&g, 5));
}

/*
 * Column 3 claims 8 for box 1, which spans columns 1-4: column 1 keeps 6
 * places outside the box, column 2 two, column 4 one (r7c4).
 */
static void test_direct_claiming_column_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 8,
             "x x x . x x x x"
             "x . x x x x x x"
             "x . . . x x x x"
             "x . . . x x x x"
             "x x . . x x x x"
             "x x . . x x x x"
             "x . . x x x x x"
             "x . . . x x x x",
             0, NULL);
    expect_direct(find_direct_claiming, &g, SUDOKU_DIRECT_CLAIMING, 8, col_unit(&g, 3), box_unit(&g, 1),
                  "r1c3 r2c3", "r7c4", col_unit(&g, 4));
}

/* Row 2 claims 4 for box 2, whose only other row is row 1: left with r1c2. */
static void test_direct_claiming_row_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 8, 4,
             ". x . . x x x ."
             ". . . . x x . ."
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             0, NULL);
    expect_direct(find_direct_claiming, &g, SUDOKU_DIRECT_CLAIMING, 4, row_unit(2), box_unit(&g, 2),
                  "r2c5 r2c6", "r1c2", row_unit(1));
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 4, row_unit(2), box_unit(&g, 2), "r2c5 r2c6",
                  "r1c5-4 r1c6-4 r1c7-4");
}

/* ------------------------------------------------------------------ positions from real puzzles */

/*
 * The engine's state on top1465 #37 when it first took a direct pointing:
 * 1 points from box 1 down column 3 (the first pointing) and column 1 claims
 * it for box 7 (the first claiming), with the same eliminations; 3 of box 4
 * points along row 5, leaving r6c6 the last 3 of box 5, and row 4 claims 3
 * for box 6, leaving r6c6 the last 3 of row 6.
 */
static const char real_9x9[] =
    "2789  2579  278    | 5789    56789  5679   | 4      1     3\n"
    "6     2579  12478  | 3       145789 14579  | 2578   2789  589\n"
    "3     579   1478   | 145789  2      145679 | 5678   6789  5689\n"
    "27    4     9      | 1257    1567   8      | 1367   367   16\n"
    "78    367   3678   | 1479    14679  134679 | 13678  5     2\n"
    "278   1     5      | 2479    4679   234679 | 3678   346789 4689\n"
    "5     239   1234   | 6       1489   1249   | 1238   2348  7\n"
    "1247  8     123467 | 12457   1457   12457  | 9      2346  1456\n"
    "12479 2679  12467  | 1245789 3      124579 | 12568  2468  14568\n";

static void test_real_position_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    grid_from_text(real_9x9, &g);
    assert_int_equal(g.layout->n, 9);
    assert_int_equal(sudoku_solve(&g, 2, NULL, NULL), 1);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 1, box_unit(&g, 1), col_unit(&g, 3), "r2c3 r3c3",
                  "r7c3-1 r8c3-1 r9c3-1");
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 1, col_unit(&g, 1), box_unit(&g, 7), "r8c1 r9c1",
                  "r7c3-1 r8c3-1 r9c3-1");
    expect_direct(find_direct_pointing, &g, SUDOKU_DIRECT_POINTING, 3, box_unit(&g, 4), row_unit(5),
                  "r5c2 r5c3", "r6c6", box_unit(&g, 5));
    expect_direct(find_direct_claiming, &g, SUDOKU_DIRECT_CLAIMING, 3, row_unit(4), box_unit(&g, 6),
                  "r4c7 r4c8", "r6c6", row_unit(6));
}

/*
 * The engine's state on a generated 8x8 puzzle when it first took a direct
 * claiming: 3 of box 7 points up column 4; column 7 claims 2 for box 2;
 * column 1 claims 5 for box 3, leaving r1c2 the last 5 of column 2; and no
 * direct pointing.
 */
static const char real_8x8[] =
    "4    15   125  1256  | 3678 23567 25  235678\n"
    "8    7    3    256   | 46   1     25  2456\n"
    "15   1345 7    8     | 2    345   6   1345\n"
    "125  1345 6    12345 | 1347 3457  8   13457\n"
    "12   14   8    7     | 5    246   3   1246\n"
    "3    6    1245 1245  | 148  24    7   1248\n"
    "7    2    15   135   | 36   8     4   356\n"
    "6    8    45   345   | 37   2357  1   2357\n";

static void test_real_position_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    grid_from_text(real_8x8, &g);
    assert_int_equal(g.layout->n, 8);
    assert_int_equal(sudoku_solve(&g, 2, NULL, NULL), 1);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 3, box_unit(&g, 7), col_unit(&g, 4), "r7c4 r8c4",
                  "r4c4-3");
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 2, col_unit(&g, 7), box_unit(&g, 2), "r1c7 r2c7",
                  "r1c6-2 r1c8-2 r2c8-2");
    expect_none(find_direct_pointing, &g);
    expect_direct(find_direct_claiming, &g, SUDOKU_DIRECT_CLAIMING, 5, col_unit(&g, 1), box_unit(&g, 3),
                  "r3c1 r4c1", "r1c2", col_unit(&g, 2));
}

/* ------------------------------------------------------------------ scanning order */

/* Box 1 points 1 along row 1; box 9 points 2 down column 9; box 3 points 2 down column 7. */
#define ROW_POINT_1_9X9                                                                          \
    "x x . x x x x x x"                                                                          \
    ". . . x x x x x x"                                                                          \
    ". . . x x x x x x"                                                                          \
    "x x x x x x x x x"                                                                          \
    "x x x x x x x x x"                                                                          \
    "x x x x x x x x x"                                                                          \
    "x x x x x x x x x"                                                                          \
    "x x x x x x x x x"                                                                          \
    "x x x x x x x x x"

static void test_pointing_order(void **state)
{
    (void)state;
    sudoku_grid g;
    /* The box/column pass comes before the box/row pass, whatever the digits. */
    position(&g, 9, 1, ROW_POINT_1_9X9, 2,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x . . x"
             "x x x x x x . . ."
             "x x x x x x . . x");
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 2, box_unit(&g, 9), col_unit(&g, 9), "r7c9 r9c9",
                  "r1c9-2 r2c9-2 r3c9-2 r4c9-2 r5c9-2 r6c9-2");

    /* For one digit, boxes in order: box 3 before box 9. */
    position(&g, 9, 2,
             "x x x x x x x . ."
             "x x x x x x x . ."
             "x x x x x x . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x . . x"
             "x x x x x x . . ."
             "x x x x x x . . x",
             0, NULL);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 2, box_unit(&g, 3), col_unit(&g, 7), "r1c7 r2c7",
                  "r4c7-2 r5c7-2 r6c7-2");

    /* Digits outermost: 2 in box 9 before 3 in box 2. */
    position(&g, 9, 2,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x . . x"
             "x x x x x x . . ."
             "x x x x x x . . x",
             3,
             "x x x . x . x x x"
             "x x x . x . x x x"
             "x x x . . . x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x");
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 2, box_unit(&g, 9), col_unit(&g, 9), "r7c9 r9c9",
                  "r1c9-2 r2c9-2 r3c9-2 r4c9-2 r5c9-2 r6c9-2");

    /* A lock that eliminates nothing (box 1 and column 1) is passed over. */
    position(&g, 9, 1,
             "x . . x . x x x x"
             "x . . x . x x x x"
             ". . . x . x x x x"
             ". x x . x . x x x"
             ". x x . x . x x x"
             ". x x . . . x x x"
             ". x x x x x x x x"
             ". x x x x x x x x"
             ". x x x x x x x x",
             0, NULL);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 1, box_unit(&g, 5), col_unit(&g, 5), "r4c5 r5c5",
                  "r7c5-1 r8c5-1 r9c5-1");
}

static void test_claiming_order(void **state)
{
    (void)state;
    sudoku_grid g;
    /* The column/box pass comes before the row/box pass: 4 of column 9 before 1 of row 1. */
    position(&g, 9, 1,
             "x x . . . . . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             4,
             "x x x x x x x x ."
             "x x x x x x x x ."
             "x x x x x x x x ."
             "x x x x x x x x ."
             "x x x x x x x x ."
             "x x x x x x x x ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x .");
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 4, col_unit(&g, 9), box_unit(&g, 9), "r7c9 r8c9",
                  "r7c7-4 r7c8-4 r8c7-4 r8c8-4 r9c7-4 r9c8-4");

    /* For one digit, lines in order: column 2 before column 9. */
    position(&g, 9, 4,
             "x . x x x x x x ."
             "x . x x x x x x ."
             "x . x x x x x x ."
             "x x x x x x x x ."
             "x x x x x x x x ."
             "x . x x x x x x ."
             "x . x x x x x x x"
             "x . x x x x x x x"
             "x . x x x x x x .",
             0, NULL);
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 4, col_unit(&g, 2), box_unit(&g, 4), "r4c2 r5c2",
                  "r4c1-4 r4c3-4 r5c1-4 r5c3-4 r6c1-4 r6c3-4");
}

static void test_direct_order(void **state)
{
    (void)state;
    sudoku_grid g;
    /* Direct pointing: 9 along column 2 (box/column pass) before 2 along row 1. */
    position(&g, 9, 2,
             "x x . x x . x x x"
             ". . . . . x x x x"
             ". . . . . . x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             9,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             ". x . x x x x x x"
             ". . . x x x x x x"
             ". x . x x x x x x"
             ". x . x x x x x x"
             ". . x x x x x x x"
             ". x . x x x x x x");
    expect_direct(find_direct_pointing, &g, SUDOKU_DIRECT_POINTING, 9, box_unit(&g, 4), col_unit(&g, 2),
                  "r4c2 r6c2", "r8c3", box_unit(&g, 7));

    /* Direct claiming: 8 of column 1 (column/box pass) before 6 of row 7. */
    position(&g, 9, 8,
             "x . x x x x x x x"
             ". x x x x x x x x"
             "x . x x x x x x x"
             ". . x x x x x x x"
             ". x x x x x x x x"
             ". . x x x x x x x"
             ". . x x x x x x x"
             ". . x x x x x x x"
             ". . x x x x x x x",
             6,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             ". . . . . . . x x"
             "x x x x x x x x x"
             ". x . . . . x . .");
    expect_direct(find_direct_claiming, &g, SUDOKU_DIRECT_CLAIMING, 8, col_unit(&g, 1), box_unit(&g, 1),
                  "r1c1 r3c1", "r5c2", col_unit(&g, 2));
}

/* 8x8: the box/column pass first here too, and boxes in order. */
static void test_pointing_order_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    /* 1 of box 1 along row 1 (4 cells of the box), 2 of box 8 down column 8. */
    position(&g, 8, 1,
             "x x x x x x x x"
             ". . . . x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             2,
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x . . . x"
             "x x x x . . . x");
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 2, box_unit(&g, 8), col_unit(&g, 8), "r7c8 r8c8",
                  "r1c8-2 r2c8-2 r3c8-2 r4c8-2 r5c8-2 r6c8-2");
    /* With only the row pattern left, it is found in the second pass. */
    position(&g, 8, 1,
             "x x x x x x x x"
             ". . . . x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             0, NULL);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 1, box_unit(&g, 1), row_unit(1),
                  "r1c1 r1c2 r1c3 r1c4", "r1c5-1 r1c6-1 r1c7-1 r1c8-1");
}

/* ------------------------------------------------------------------ negative cases */

static void test_nothing_on_empty_grids(void **state)
{
    (void)state;
    sudoku_grid g;
    for (int n = 8; n <= 9; n++) {
        position(&g, n, 0, NULL, 0, NULL);
        expect_none(find_pointing, &g);
        expect_none(find_claiming, &g);
        expect_none(find_direct_pointing, &g);
        expect_none(find_direct_claiming, &g);
    }
}

/* 4 of box 1 and of column 1 both locked in their intersection: nothing to remove. */
static void test_lock_without_eliminations(void **state)
{
    (void)state;
    sudoku_grid g;
    position(&g, 9, 4,
             "x . . x x x x x x"
             ". . . x x x x x x"
             "x . . x x x x x x"
             ". x x x x x x x x"
             ". x x x x x x x x"
             ". x x x x x x x x"
             ". x x x x x x x x"
             ". x x x x x x x x"
             ". x x x x x x x x",
             0, NULL);
    expect_none(find_pointing, &g);
    expect_none(find_claiming, &g);
    expect_none(find_direct_pointing, &g);
    expect_none(find_direct_claiming, &g);

    /* 8x8: 4 of box 2 and of row 1 locked in r1c5-c8. */
    position(&g, 8, 4,
             ". . . . x x . x"
             "x x x x . . . ."
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             0, NULL);
    expect_none(find_pointing, &g);
    expect_none(find_claiming, &g);
    expect_none(find_direct_pointing, &g);
    expect_none(find_direct_claiming, &g);
}

/* One place left (a hidden single) is not a locked pattern, in a box or a line. */
static void test_single_place_is_not_locked(void **state)
{
    (void)state;
    sudoku_grid g;
    /* 6 only in r1c1 in box 1, only in r5c5 in row 5. */
    position(&g, 9, 6,
             "x . . x x x x x x"
             ". . . x x x x x x"
             ". . . x x x x x x"
             "x x x x x x x x x"
             ". . . . x . . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    expect_none(find_pointing, &g);
    expect_none(find_claiming, &g);
    expect_none(find_direct_pointing, &g);
    expect_none(find_direct_claiming, &g);

    /*
     * 8x8: 3 only in r3c2 in box 3 and row 3, only in r8c7 in column 7. Box
     * 4 and row 4 lock it in r4c5, r4c6, r4c8 with nothing to remove, and
     * neither direct form may use box 3 or row 3, which had one place already.
     */
    position(&g, 8, 3,
             "x x x x x x . x"
             "x x x x x x . x"
             ". x . . . . . ."
             ". . . . x x . x"
             "x x x x x x . x"
             "x x x x x x . x"
             "x x x x x x . x"
             "x x x x x x x x",
             0, NULL);
    expect_none(find_pointing, &g);
    expect_none(find_claiming, &g);
    expect_none(find_direct_pointing, &g);
    expect_none(find_direct_claiming, &g);
}

/* The direct forms need region3 to go from several places to exactly one. */
static void test_direct_needs_a_new_single(void **state)
{
    (void)state;
    sudoku_grid g;
    /* Box 2 already has 2 only in r2c6: that single is not the pointing's doing. */
    position(&g, 9, 2,
             "x x . . . . x x x"
             ". . . . . x x x x"
             ". . . . . . x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    expect_none(find_direct_pointing, &g);
    expect_locked(find_pointing, &g, SUDOKU_POINTING, 2, box_unit(&g, 1), row_unit(1), "r1c1 r1c2",
                  "r1c7-2 r1c8-2 r1c9-2");

    /* Box 2 would keep two places (r2c5, r2c6): no single. */
    position(&g, 9, 2,
             "x x . x . . x x x"
             ". . . . x x x x x"
             ". . . . . . x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    expect_none(find_direct_pointing, &g);

    /* 8x8: row 2 claims 4 for box 2, but row 1 keeps two places outside it. */
    position(&g, 8, 4,
             "x x . . x x x ."
             ". . . . x x . ."
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x"
             "x x x x x x x x",
             0, NULL);
    expect_none(find_direct_claiming, &g);
    expect_locked(find_claiming, &g, SUDOKU_CLAIMING, 4, row_unit(2), box_unit(&g, 2), "r2c5 r2c6",
                  "r1c5-4 r1c6-4 r1c7-4");
}

/* ------------------------------------------------------------------ against the definition */

/* A step as the slow search below describes it. */
typedef struct slow_step {
    int d, base, cover, place_cell, nelim;
} slow_step;

/* The cells of unit u with candidate d. */
static int places_of(const sudoku_grid *g, int u, int d, int *cells)
{
    const sudoku_layout *l = g->layout;
    int count = 0;
    for (int i = 0; i < l->n; i++) {
        int c = l->unit_cell[u][i];
        if (!g->digit[c] && (g->cand[c] & sudoku_bit(d)))
            cells[count++] = c;
    }
    return count;
}

/*
 * The first locked pattern of region1 kind kind1 and region2 kind kind2,
 * straight from the definition (intersections.c's header), in SE's order:
 * digits from 1 up, region1 by index, then region3 by index. The plain
 * form needs an elimination; the direct one a region3 crossing region2,
 * not region1, with two places or more, one of them alone outside region2.
 */
static bool slow_locked(const sudoku_grid *g, bool direct, int kind1, int kind2, slow_step *out)
{
    const sudoku_layout *l = g->layout;
    int n = l->n, p1[SUDOKU_MAX_N], p2[SUDOKU_MAX_N], p3[SUDOKU_MAX_N];
    for (int d = 1; d <= n; d++)
        for (int u1 = kind1 * n; u1 < (kind1 + 1) * n; u1++) {
            int k1 = places_of(g, u1, d, p1);
            if (k1 < 2)
                continue;
            int u2 = l->cell_unit[p1[0]][kind2];
            bool in_one = true;
            for (int i = 0; i < k1; i++)
                in_one = in_one && l->cell_unit[p1[i]][kind2] == u2;
            if (!in_one)
                continue;
            int k2 = places_of(g, u2, d, p2), nelim = 0;
            for (int i = 0; i < k2; i++)
                nelim += l->cell_unit[p2[i]][kind1] != u1;
            if (!direct) {
                if (!nelim)
                    continue;
                *out = (slow_step){ d, u1, u2, -1, nelim };
                return true;
            }
            for (int u3 = kind1 * n; u3 < (kind1 + 1) * n; u3++) {
                bool crosses = false;
                for (int i = 0; i < n; i++)
                    crosses = crosses || l->cell_unit[l->unit_cell[u3][i]][kind2] == u2;
                if (u3 == u1 || !crosses)
                    continue;
                int k3 = places_of(g, u3, d, p3), outside = 0, cell = -1;
                for (int i = 0; i < k3; i++)
                    if (l->cell_unit[p3[i]][kind2] != u2) {
                        outside++;
                        cell = p3[i];
                    }
                if (k3 >= 2 && outside == 1) {
                    *out = (slow_step){ d, u1, u2, cell, 0 };
                    return true;
                }
            }
        }
    return false;
}

/* The finder's step (or none) is the slow search's, the kinds (kind1,
 * kind2) first, then (kind3, kind4), as the finder takes them; true when
 * there is one. */
static bool expect_as_defined(finder_fn find, const sudoku_grid *g, bool direct, int kind1, int kind2, int kind3,
                              int kind4)
{
    sudoku_step s;
    slow_step want;
    bool found = slow_locked(g, direct, kind1, kind2, &want) || slow_locked(g, direct, kind3, kind4, &want);
    assert_int_equal(run_finder(find, g, &s), found);
    if (found) {
        assert_int_equal(s.digits, sudoku_bit(want.d));
        assert_int_equal(s.base[0], want.base);
        assert_int_equal(s.cover[0], want.cover);
        assert_int_equal(s.place_cell, want.place_cell);
        assert_int_equal(s.nelim, want.nelim);
    }
    return found;
}

/*
 * The four finders against the definition on random candidate grids of
 * both layouts, thinned to a few places a digit: find_locked passes over
 * patterns with nothing in region2 outside region1 (no direct form can
 * then place anything), and reads locked_in from the view's upkeep.
 */
static void test_as_defined_on_random_grids(void **state)
{
    (void)state;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    int direct = 0;
    for (int n = 8; n <= 9; n++)
        for (int round = 0; round < 3000; round++) {
            sudoku_grid g;
            sudoku_grid_init(&g, sudoku_layout_for_size(n));
            unsigned keep = 2 + (unsigned)(round % 5); /* eighths of the candidates kept */
            for (int c = 0; c < g.layout->ncells; c++)
                for (int d = 1; d <= n; d++)
                    if ((tu_rng(&seed) & 7u) >= keep)
                        g.cand[c] &= (sudoku_mask)~sudoku_bit(d);
            expect_as_defined(find_pointing, &g, false, SUDOKU_BOX, SUDOKU_COL, SUDOKU_BOX, SUDOKU_ROW);
            expect_as_defined(find_claiming, &g, false, SUDOKU_COL, SUDOKU_BOX, SUDOKU_ROW, SUDOKU_BOX);
            direct += expect_as_defined(find_direct_pointing, &g, true, SUDOKU_BOX, SUDOKU_COL, SUDOKU_BOX,
                                        SUDOKU_ROW);
            direct += expect_as_defined(find_direct_claiming, &g, true, SUDOKU_COL, SUDOKU_BOX, SUDOKU_ROW,
                                        SUDOKU_BOX);
        }
    assert_true(direct > 500); /* the direct forms are met, not only their absence */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pointing_column_9x9),
        cmocka_unit_test(test_pointing_row_9x9),
        cmocka_unit_test(test_claiming_column_9x9),
        cmocka_unit_test(test_claiming_row_9x9),
        cmocka_unit_test(test_direct_pointing_row_9x9),
        cmocka_unit_test(test_direct_pointing_column_9x9),
        cmocka_unit_test(test_direct_claiming_column_9x9),
        cmocka_unit_test(test_direct_claiming_row_9x9),
        cmocka_unit_test(test_pointing_column_8x8),
        cmocka_unit_test(test_pointing_row_8x8),
        cmocka_unit_test(test_claiming_column_8x8),
        cmocka_unit_test(test_claiming_row_8x8),
        cmocka_unit_test(test_direct_pointing_row_8x8),
        cmocka_unit_test(test_direct_pointing_column_8x8),
        cmocka_unit_test(test_direct_claiming_column_8x8),
        cmocka_unit_test(test_direct_claiming_row_8x8),
        cmocka_unit_test(test_real_position_9x9),
        cmocka_unit_test(test_real_position_8x8),
        cmocka_unit_test(test_pointing_order),
        cmocka_unit_test(test_claiming_order),
        cmocka_unit_test(test_direct_order),
        cmocka_unit_test(test_pointing_order_8x8),
        cmocka_unit_test(test_nothing_on_empty_grids),
        cmocka_unit_test(test_lock_without_eliminations),
        cmocka_unit_test(test_as_defined_on_random_grids),
        cmocka_unit_test(test_single_place_is_not_locked),
        cmocka_unit_test(test_direct_needs_a_new_single),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
