/*
 * test_fish.c - X-Wing and Swordfish on both layouts.
 *
 * Each position is a puzzle line (the placements, often none) whose
 * candidates of one or two digits are then cut down to a map, n rows of n
 * marks: 'x' keeps the digit in the cell, '.' removes it. Every position is
 * checked to be a legal candidate state with at least one solution, and
 * every step found is checked against that solution.
 */
#include "strategy_util.h"

#define EMPTY9 "................................................................................."
#define EMPTY8 "................................................................"

/* Asserts g is a legal candidate state and has a solution, written to 'solution'. */
static void assert_legal(const sudoku_grid *g, uint8_t *solution)
{
    char why[160] = "";
    if (sudoku_grid_contradiction(g, why, sizeof why))
        fail_msg("position is not legal: %s", why);
    assert_int_equal(sudoku_solve(g, 1, solution, NULL), 1);
}

/* A position: the placements of 'line', then up to two digits restricted. */
static void position(sudoku_grid *g, const char *line, int d1, const char *map1, int d2, const char *map2)
{
    grid_from_text(line, g);
    if (d1)
        restrict_digit(g, d1, map1);
    if (d2)
        restrict_digit(g, d2, map2);
    uint8_t solution[SUDOKU_MAX_CELLS];
    assert_legal(g, solution);
}

/* No eliminated candidate is the solution's digit. */
static void assert_sound(const sudoku_grid *g, const sudoku_step *s)
{
    uint8_t solution[SUDOKU_MAX_CELLS];
    assert_int_equal(sudoku_solve(g, 1, solution, NULL), 1);
    for (int c = 0; c < g->layout->ncells; c++)
        assert_false(s->elim[c] & sudoku_bit(solution[c]));
}


static void assert_fish(const sudoku_grid *g, const sudoku_step *s, int technique, int d,
                        const int *base, const int *cover, const char *cells, const char *elims)
{
    int k = technique == SUDOKU_X_WING ? 2 : 3;
    assert_int_equal(s->technique, technique);
    assert_int_equal(s->digits, sudoku_bit(d));
    assert_int_equal(s->nbase, k);
    assert_int_equal(s->ncover, k);
    for (int i = 0; i < k; i++) {
        assert_int_equal(s->base[i], base[i]);
        assert_int_equal(s->cover[i], cover[i]);
    }
    assert_int_equal(s->place_cell, -1);
    assert_cells(g, s, cells);
    assert_eliminations(g, s, elims);
    assert_sound(g, s);
}

/* ------------------------------------------------------------------ X-Wing */

/* 5 in rows 2 and 6 only in columns 3 and 8. */
static const char *xwing_rows9 =
    "x x . x x x x x x"
    ". . x . . . . x ."
    "x x x x . x x . x"
    "x . . x x x x x x"
    "x x x x x x x . x"
    ". . x . . . . x ."
    "x x . x x x x x x"
    "x x x . x x . x x"
    "x x . x x x x . x";

static void x_wing_rows_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 5, xwing_rows9, 0, NULL);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(2), row_unit(6) };
    int cover[] = { col_unit(&g, 3), col_unit(&g, 8) };
    assert_fish(&g, &s, SUDOKU_X_WING, 5, base, cover, "r2c3 r2c8 r6c3 r6c8",
                "r3c3-5 r5c3-5 r8c3-5 r1c8-5 r4c8-5 r7c8-5 r8c8-5");
}

/* 2 in columns 4 and 9 only in rows 1 and 7. */
static const char *xwing_cols9 =
    "x . x x x . x x x"
    "x x x . x x x x ."
    "x x . . x x . x ."
    "x x x . x x x x ."
    ". x x . x x x x ."
    "x x x . x x x . ."
    "x . . x . x . x x"
    "x x x . x x x x ."
    "x x x . x x x x .";

static void x_wing_columns_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 2, xwing_cols9, 0, NULL);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { col_unit(&g, 4), col_unit(&g, 9) };
    int cover[] = { row_unit(1), row_unit(7) };
    assert_fish(&g, &s, SUDOKU_X_WING, 2, base, cover, "r1c4 r1c9 r7c4 r7c9",
                "r1c1-2 r1c3-2 r1c5-2 r1c7-2 r1c8-2 r7c1-2 r7c6-2 r7c8-2");
}

/* 8x8, 2x4 boxes: 4 in rows 1 and 4 only in columns 2 and 7. */
static void x_wing_rows_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY8, 4,
             ". x . . . . x ."
             "x x x x x x . x"
             "x . x x x x x x"
             ". x . . . . x ."
             "x x x x x . x x"
             "x . x x x x . x"
             "x x x . x x x x"
             "x . x x x x x x",
             0, NULL);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(1), row_unit(4) };
    int cover[] = { col_unit(&g, 2), col_unit(&g, 7) };
    assert_fish(&g, &s, SUDOKU_X_WING, 4, base, cover, "r1c2 r1c7 r4c2 r4c7",
                "r2c2-4 r5c2-4 r7c2-4 r3c7-4 r5c7-4 r7c7-4 r8c7-4");
}

/* 8x8: 6 in columns 3 and 5 only in rows 2 and 7. */
static void x_wing_columns_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY8, 6,
             "x x . x . x x x"
             "x . x . x x . x"
             "x x . x . x x x"
             "x x . x . x x x"
             "x x . x . x x x"
             "x x . x . x x x"
             ". x x x x . . ."
             "x x . x . x x x",
             0, NULL);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { col_unit(&g, 3), col_unit(&g, 5) };
    int cover[] = { row_unit(2), row_unit(7) };
    assert_fish(&g, &s, SUDOKU_X_WING, 6, base, cover, "r2c3 r2c5 r7c3 r7c5",
                "r2c1-6 r2c6-6 r2c8-6 r7c2-6 r7c4-6");
}

/* ------------------------------------------------------------------ Swordfish */

/* 7 in rows 1, 5, 9 only in columns 2, 5, 8; rows 5 and 9 have 2 places. */
static void swordfish_rows_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 7,
             ". x . . x . . x ."
             "x . x x x x x . x"
             "x x x x . x x . x"
             "x . x x . x x x x"
             ". . . . x . . x ."
             "x x x x . x x . x"
             "x . x x . x x . x"
             "x . x x x x x x x"
             ". x . . . . . x .",
             0, NULL);
    assert_true(run_finder(find_swordfish, &g, &s));
    int base[] = { row_unit(1), row_unit(5), row_unit(9) };
    int cover[] = { col_unit(&g, 2), col_unit(&g, 5), col_unit(&g, 8) };
    assert_fish(&g, &s, SUDOKU_SWORDFISH, 7, base, cover, "r1c2 r1c5 r1c8 r5c5 r5c8 r9c2 r9c8",
                "r3c2-7 r6c2-7 r2c5-7 r8c5-7 r4c8-7 r8c8-7");
}

/* The same with every base line holding 2 places (a 2-2-2 Swordfish). */
static void swordfish_all_pairs_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 7,
             ". x . . x . . . ."
             "x . x x x x x . x"
             "x x x x . x x . x"
             "x . x x . x x x x"
             ". . . . x . . x ."
             "x x x x . x x . x"
             "x . x x . x x . x"
             "x . x x x x x x x"
             ". x . . . . . x .",
             0, NULL);
    assert_true(run_finder(find_swordfish, &g, &s));
    int base[] = { row_unit(1), row_unit(5), row_unit(9) };
    int cover[] = { col_unit(&g, 2), col_unit(&g, 5), col_unit(&g, 8) };
    assert_fish(&g, &s, SUDOKU_SWORDFISH, 7, base, cover, "r1c2 r1c5 r5c5 r5c8 r9c2 r9c8",
                "r3c2-7 r6c2-7 r2c5-7 r8c5-7 r4c8-7 r8c8-7");
    /* Not an X-Wing: no two of those rows share their two columns. */
    assert_false(run_finder(find_x_wing, &g, &s));
}

/* 3 in columns 2, 6, 7 only in rows 3, 4, 8. */
static void swordfish_columns_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 3,
             "x . x x x . . x x"
             "x . x x x . . x x"
             "x x . . x . x x ."
             ". x . x . x x . ."
             "x . x x x . . x x"
             "x . x x x . . x x"
             "x . x x x . . x x"
             ". . x . x x x . x"
             "x . x x x . . x x",
             0, NULL);
    assert_true(run_finder(find_swordfish, &g, &s));
    int base[] = { col_unit(&g, 2), col_unit(&g, 6), col_unit(&g, 7) };
    int cover[] = { row_unit(3), row_unit(4), row_unit(8) };
    assert_fish(&g, &s, SUDOKU_SWORDFISH, 3, base, cover, "r3c2 r3c7 r4c2 r4c6 r4c7 r8c6 r8c7",
                "r3c1-3 r3c5-3 r3c8-3 r4c4-3 r8c3-3 r8c5-3 r8c9-3");
}

/* 8x8: 8 in rows 2, 5, 8 only in columns 1, 4, 6. */
static void swordfish_rows_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY8, 8,
             "x x . x x . x x"
             "x . . x . . . ."
             "x x x . x x x ."
             ". x x x x x x x"
             ". . . x . x . ."
             "x x x x x . x x"
             "x x x . x . x x"
             "x . . x . x . .",
             0, NULL);
    assert_true(run_finder(find_swordfish, &g, &s));
    int base[] = { row_unit(2), row_unit(5), row_unit(8) };
    int cover[] = { col_unit(&g, 1), col_unit(&g, 4), col_unit(&g, 6) };
    assert_fish(&g, &s, SUDOKU_SWORDFISH, 8, base, cover, "r2c1 r2c4 r5c4 r5c6 r8c1 r8c4 r8c6",
                "r1c1-8 r3c1-8 r6c1-8 r7c1-8 r1c4-8 r4c4-8 r6c4-8 r3c6-8 r4c6-8");
}

/* 8x8: 1 in columns 1, 5, 8 only in rows 1, 4, 6. */
static void swordfish_columns_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY8, 1,
             "x x . x x . x ."
             ". x x x . x x ."
             ". x x x . x x ."
             "x . x . x x . x"
             ". x x x . x x ."
             ". x . x x . . x"
             ". x x x . x x ."
             ". x x x . x x .",
             0, NULL);
    assert_true(run_finder(find_swordfish, &g, &s));
    int base[] = { col_unit(&g, 1), col_unit(&g, 5), col_unit(&g, 8) };
    int cover[] = { row_unit(1), row_unit(4), row_unit(6) };
    assert_fish(&g, &s, SUDOKU_SWORDFISH, 1, base, cover, "r1c1 r1c5 r4c1 r4c5 r4c8 r6c5 r6c8",
                "r1c2-1 r1c4-1 r1c7-1 r4c3-1 r4c6-1 r6c2-1 r6c4-1");
}

/* ------------------------------------------------------------------ negative cases */

/* 5 locked in rows 2, 6 and columns 3, 8 both ways: a fish that removes nothing. */
static const char *locked9 =
    "x x . x x x x . x"
    ". . x . . . . x ."
    "x x . x x x x . x"
    "x x . x x x x . x"
    "x x . x x x x . x"
    ". . x . . . . x ."
    "x x . x x x x . x"
    "x x . x x x x . x"
    "x x . x x x x . x";

static void x_wing_eliminating_nothing(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 5, locked9, 0, NULL);
    assert_false(run_finder(find_x_wing, &g, &s));
    assert_false(run_finder(find_swordfish, &g, &s));
}

/* The useless fish comes first ({2,6} before {4,8}); the search goes on to a useful one. */
static void x_wing_useless_one_skipped(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    /* 9 in rows 4 and 8 only in columns 1 and 5. */
    position(&g, EMPTY9, 5, locked9, 9,
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x . . . x . . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x . x x x x"
             "x . . . x . . . ."
             "x x x x x x x x x");
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(4), row_unit(8) };
    int cover[] = { col_unit(&g, 1), col_unit(&g, 5) };
    assert_fish(&g, &s, SUDOKU_X_WING, 9, base, cover, "r4c1 r4c5 r8c1 r8c5",
                "r1c1-9 r2c1-9 r3c1-9 r5c1-9 r6c1-9 r7c1-9 r9c1-9 "
                "r1c5-9 r2c5-9 r3c5-9 r5c5-9 r6c5-9 r9c5-9");
}

/* A Swordfish whose cover lines hold 7 only in its base lines removes nothing. */
static void swordfish_eliminating_nothing(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 7,
             ". x . . x . . x ."
             "x . x x . x x . x"
             "x . x x . x x . x"
             "x . x x . x x . x"
             ". . . . x . . x ."
             "x . x x . x x . x"
             "x . x x . x x . x"
             "x . x x . x x . x"
             ". x . . . . . x .",
             0, NULL);
    assert_false(run_finder(find_swordfish, &g, &s));
}

/* A row holding the digit in one place is a single, not a base line (SE). */
static void x_wing_needs_two_places_per_line(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    /* 4: row 1 only in column 3, row 2 in columns 3 and 8. */
    position(&g, EMPTY9, 4,
             ". . x . . . . . ."
             ". . x . . . . x ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    assert_false(run_finder(find_x_wing, &g, &s));
}

/*
 * 1 placed in rows 5-9 (and, in the second puzzle, row 4 too); rows 1 and 2
 * hold it only in columns 3 and 6, row 3 in columns 3, 6 and 9.
 */
#define ONES_5 \
    "........." "........." "........." "........." \
    "...1....." "......1.." ".1......." "....1...." ".......1."
#define ONES_6 \
    "........." "........." "........." "1........" \
    "...1....." "......1.." ".1......." "....1...." ".......1."

static const char *ones_map_5 =
    ". . x . . x . . ."
    ". . x . . x . . ."
    ". . x . . x . . x"
    "x . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . .";

static const char *ones_map_6 =
    ". . x . . x . . ."
    ". . x . . x . . ."
    ". . x . . x . . x"
    ". . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . ."
    ". . . . . . . . .";

/* 1 unplaced in 4 rows: the X-Wing is searched and found. */
static void x_wing_with_2k_rows_open(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, ONES_5, 1, ones_map_5, 0, NULL);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(1), row_unit(2) };
    int cover[] = { col_unit(&g, 3), col_unit(&g, 6) };
    assert_fish(&g, &s, SUDOKU_X_WING, 1, base, cover, "r1c3 r1c6 r2c3 r2c6", "r3c3-1 r3c6-1");
}

/* 1 unplaced in 3 rows only (fewer than 2k = 4): SE does not look. */
static void x_wing_needs_2k_rows_open(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, ONES_6, 1, ones_map_6, 0, NULL);
    assert_false(run_finder(find_x_wing, &g, &s));
}

/*
 * 2 placed in rows 7-9 (and row 6 in the second puzzle); rows 1, 2, 3 hold
 * it only in columns 3, 5, 8, which removes it from r4c5 and r5c8.
 */
#define TWOS_3 \
    "........." "........." "........." "........." "........." \
    "........." "2........" "...2....." "......2.."
#define TWOS_4 \
    "........." "........." "........." "........." "........." \
    ".2......." "2........" "...2....." "......2.."

static void swordfish_with_2k_rows_open(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, TWOS_3, 2,
             ". . x . x . . . ."
             ". . . . x . . x ."
             ". . x . . . . x ."
             ". . . . x x . . x"
             ". . . . . x . x x"
             ". x . . . . . . ."
             ". . . . . . . . ."
             ". . . . . . . . ."
             ". . . . . . . . .",
             0, NULL);
    assert_true(run_finder(find_swordfish, &g, &s));
    int base[] = { row_unit(1), row_unit(2), row_unit(3) };
    int cover[] = { col_unit(&g, 3), col_unit(&g, 5), col_unit(&g, 8) };
    assert_fish(&g, &s, SUDOKU_SWORDFISH, 2, base, cover, "r1c3 r1c5 r2c5 r2c8 r3c3 r3c8",
                "r4c5-2 r5c8-2");
}

/* 2 unplaced in 5 rows only (fewer than 2k = 6): SE does not look. */
static void swordfish_needs_2k_rows_open(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, TWOS_4, 2,
             ". . x . x . . . ."
             ". . . . x . . x ."
             ". . x . . . . x ."
             ". . . . x x . . x"
             ". . . . . x . x x"
             ". . . . . . . . ."
             ". . . . . . . . ."
             ". . . . . . . . ."
             ". . . . . . . . .",
             0, NULL);
    assert_false(run_finder(find_swordfish, &g, &s));
}

/* ------------------------------------------------------------------ order */

/* Column-based fish come first, even on a bigger digit and later lines. */
static void x_wing_columns_before_rows(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 1, xwing_rows9, 9, xwing_cols9);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { col_unit(&g, 4), col_unit(&g, 9) };
    int cover[] = { row_unit(1), row_unit(7) };
    assert_fish(&g, &s, SUDOKU_X_WING, 9, base, cover, "r1c4 r1c9 r7c4 r7c9",
                "r1c1-9 r1c3-9 r1c5-9 r1c7-9 r1c8-9 r7c1-9 r7c6-9 r7c8-9");
}

/*
 * Line sets in increasing bitmask order, then digits: rows {2,3} (mask
 * 0b0110) before rows {1,4} (0b1001), although {1,4} comes first in
 * lexicographic order and holds the smaller digit.
 */
static void x_wing_line_sets_before_digits(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    /* 1 in rows 1 and 4 only in columns 2 and 6; 7 in rows 2 and 3 only in columns 5 and 8. */
    position(&g, EMPTY9, 1,
             ". x . . . x . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             ". x . . . x . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             7,
             "x x x x x x x x x"
             ". . . . x . . x ."
             ". . . . x . . x ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x");
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(2), row_unit(3) };
    int cover[] = { col_unit(&g, 5), col_unit(&g, 8) };
    assert_fish(&g, &s, SUDOKU_X_WING, 7, base, cover, "r2c5 r2c8 r3c5 r3c8",
                "r1c5-7 r4c5-7 r5c5-7 r6c5-7 r7c5-7 r8c5-7 r9c5-7 "
                "r1c8-7 r4c8-7 r5c8-7 r6c8-7 r7c8-7 r8c8-7 r9c8-7");
}

/* One digit, two fish: rows {2,3} (0b0110) come before rows {1,4} (0b1001). */
static void x_wing_same_digit_bitmask_order(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 7,
             ". x . . . x . . ."
             ". . . . x . . x ."
             ". . . . x . . x ."
             ". x . . . x . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             0, NULL);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(2), row_unit(3) };
    int cover[] = { col_unit(&g, 5), col_unit(&g, 8) };
    assert_fish(&g, &s, SUDOKU_X_WING, 7, base, cover, "r2c5 r2c8 r3c5 r3c8",
                "r5c5-7 r6c5-7 r7c5-7 r8c5-7 r9c5-7 r5c8-7 r6c8-7 r7c8-7 r8c8-7 r9c8-7");
}

/*
 * 1 in rows {2,4} (0b1010), 7 in rows {1,4} (0b1001): the same highest line,
 * the later digit's set first.
 */
static void x_wing_later_digit_smaller_set(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 1,
             "x x x x x x x x x"
             ". . x . . . x . ."
             "x x x x x x x x x"
             ". . x . . . x . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x",
             7,
             ". x . . . x . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             ". x . . . x . . ."
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x"
             "x x x x x x x x x");
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(1), row_unit(4) };
    int cover[] = { col_unit(&g, 2), col_unit(&g, 6) };
    assert_fish(&g, &s, SUDOKU_X_WING, 7, base, cover, "r1c2 r1c6 r4c2 r4c6",
                "r2c2-7 r3c2-7 r5c2-7 r6c2-7 r7c2-7 r8c2-7 r9c2-7 "
                "r2c6-7 r3c6-7 r5c6-7 r6c6-7 r7c6-7 r8c6-7 r9c6-7");
}

/* The same lines for two digits: the smaller digit first. */
static void x_wing_same_lines_smaller_digit(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY9, 8, xwing_rows9, 3, xwing_rows9);
    assert_true(run_finder(find_x_wing, &g, &s));
    int base[] = { row_unit(2), row_unit(6) };
    int cover[] = { col_unit(&g, 3), col_unit(&g, 8) };
    assert_fish(&g, &s, SUDOKU_X_WING, 3, base, cover, "r2c3 r2c8 r6c3 r6c8",
                "r3c3-3 r5c3-3 r8c3-3 r1c8-3 r4c8-3 r7c8-3 r8c8-3");
}

/* The engine takes a fish at its place in the rating order and applies it. */
static void engine_applies_swordfish(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    position(&g, EMPTY8, 1,
             "x x . x x . x ."
             ". x x x . x x ."
             ". x x x . x x ."
             "x . x . x x . x"
             ". x x x . x x ."
             ". x . x x . . x"
             ". x x x . x x ."
             ". x x x . x x .",
             0, NULL);
    assert_true(run_finder(find_swordfish, &g, &s));
    sudoku_apply_step(&g, &s);
    assert_false(g.cand[rc(&g, 1, 2)] & sudoku_bit(1));
    assert_false(g.cand[rc(&g, 6, 4)] & sudoku_bit(1));
    assert_true(g.cand[rc(&g, 1, 1)] & sudoku_bit(1));
    /* Done: the same Swordfish now removes nothing. */
    assert_false(run_finder(find_swordfish, &g, &s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(x_wing_rows_9x9),
        cmocka_unit_test(x_wing_columns_9x9),
        cmocka_unit_test(x_wing_rows_8x8),
        cmocka_unit_test(x_wing_columns_8x8),
        cmocka_unit_test(swordfish_rows_9x9),
        cmocka_unit_test(swordfish_all_pairs_9x9),
        cmocka_unit_test(swordfish_columns_9x9),
        cmocka_unit_test(swordfish_rows_8x8),
        cmocka_unit_test(swordfish_columns_8x8),
        cmocka_unit_test(x_wing_eliminating_nothing),
        cmocka_unit_test(x_wing_useless_one_skipped),
        cmocka_unit_test(swordfish_eliminating_nothing),
        cmocka_unit_test(x_wing_needs_two_places_per_line),
        cmocka_unit_test(x_wing_with_2k_rows_open),
        cmocka_unit_test(x_wing_needs_2k_rows_open),
        cmocka_unit_test(swordfish_with_2k_rows_open),
        cmocka_unit_test(swordfish_needs_2k_rows_open),
        cmocka_unit_test(x_wing_columns_before_rows),
        cmocka_unit_test(x_wing_line_sets_before_digits),
        cmocka_unit_test(x_wing_same_digit_bitmask_order),
        cmocka_unit_test(x_wing_later_digit_smaller_set),
        cmocka_unit_test(x_wing_same_lines_smaller_digit),
        cmocka_unit_test(engine_applies_swordfish),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
