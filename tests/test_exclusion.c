/*
 * test_exclusion.c - Aligned Pair Exclusion and Aligned Triple Exclusion
 * on both layouts, with Sudoku Explainer 1.2.1's conditions and choice.
 *
 * A set of base cells loses a candidate when every way to fill the set
 * with it repeats a digit in two base cells that see each other, or takes
 * all the candidates of an excluder (a cell seeing every base cell, with
 * two candidates for a pair, two or three for a triple). SE only tries
 * sets with at least two common excluders; the base cells of a pair need
 * not see each other, and the third cell of a triple is an excluder of the
 * first or the second cell.
 *
 * Crafted positions are pencil-mark grids (see pencil_util.h), open but for
 * the pattern; the real ones are the positions just before an exclusion
 * step on SE 1.2.1's own solving paths (serate with its 1.2.1 technique
 * set), with SE's elimination.
 */
#include "pencil_util.h"

#define OPEN9 ". . . . . . . . ."
#define OPEN8 ". . . . . . . ."

static void assert_exclusion(const sudoku_grid *g, const sudoku_step *s, bool triple, const char *cells,
                             const char *marks, const char *elims)
{
    assert_int_equal(s->technique, triple ? SUDOKU_ALIGNED_TRIPLE_EXCLUSION : SUDOKU_ALIGNED_PAIR_EXCLUSION);
    assert_string_equal(s->name, triple ? "Aligned Triplet Exclusion" : "Aligned Pair Exclusion");
    assert_int_equal(s->rating, triple ? 75 : 62);
    assert_true(s->difficulty == (triple ? 7.5 : 6.2));
    assert_cells(g, s, cells);
    assert_marks(g, s, marks);
    assert_eliminations(g, s, elims);
}

/* ------------------------------------------------------------------ pairs */

/*
 * r1c1 and r2c5 do not see each other, but r1c5 {1,2}, r2c2 {1,3} and
 * r1c6 {1,5} see both. With r1c1 = 1, r2c5 (2, 3 or 5) would empty one of
 * them: r1c1 loses 1. Nothing else goes: any other digit of r1c1 leaves
 * r2c5 a digit.
 */
static const char *const ape9[] = {
    ". . . . 12 15 . . .", ". 13 . . 235 . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
};

static void pair_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_step s;
    char text[512];
    pencil_load(&g, 9, ape9);
    assert_true(pencil_find(find_aligned_pair_exclusion, &g, &s));
    assert_exclusion(&g, &s, false, "r1c1 r2c5", "r1c1:123456789:pattern r2c5:235:pattern r1c5:12:extra "
                     "r1c6:15:extra r2c2:13:extra", "r1c1-1");
    assert_int_equal(s.digits, sudoku_bit(1));
    sudoku_step_describe(&g, &s, text, sizeof text);
    assert_string_equal(text, "Aligned Pair Exclusion: r1c1 (1,2,3,4,5,6,7,8,9), r2c5 (2,3,5), excluders "
                              "r1c5 (1,2), r1c6 (1,5), r2c2 (1,3): each filling that uses an eliminated "
                              "candidate repeats a digit in cells that see each other or leaves an excluder "
                              "empty => r1c1<>1");
}

/*
 * ape9 with r1c1 {1,4,6} and one more common excluder, r1c4 {7,8}, first
 * in cell order: it holds digits neither base cell has, so no filling can
 * empty it. It is left out of the set (set_load) and not shown; the others
 * are still marked in cell order.
 */
static void pair_leaves_out_an_excluder_it_cannot_empty(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "146 . . 78 12 15 . . .", ". 13 . . 235 . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_aligned_pair_exclusion, &g, &s));
    assert_exclusion(&g, &s, false, "r1c1 r2c5", "r1c1:146:pattern r2c5:235:pattern r1c5:12:extra "
                     "r1c6:15:extra r2c2:13:extra", "r1c1-1");
}

/* The same on the brick-wall: r1c5 and r1c6 are in box 2 with r2c5, r2c2
 * in box 1 with r1c1. */
static void pair_8x8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . 12 15 . .", ". 13 . . 235 . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 8, rows);
    assert_true(pencil_find(find_aligned_pair_exclusion, &g, &s));
    assert_exclusion(&g, &s, false, "r1c1 r2c5", "r1c1:12345678:pattern r2c5:235:pattern r1c5:12:extra "
                     "r1c6:15:extra r2c2:13:extra", "r1c1-1");
}

/*
 * A position from SE's path of ..3.....845..7........62....31..7..4....8..238..25.1...6....91...4.....2.7.....45
 * (step 33): r9c1 {1,3,9} and r9c3 {2,8,9}, both in row 9 and box 7. With
 * r9c3 = 8, r9c1 = 1 empties r8c2 {1,8}, 3 empties r9c7 {3,8}, 9 empties
 * r9c4 {8,9}: SE removes r9c3<>8. On this position nothing before it in
 * the table applies, so the engine takes it too.
 */
static const char *const ape_se[] = {
    "169 2 3 159 4 159 56 7 8",  "4 5 69 1389 7 189 2 36 19", "7 18 89 35 6 2 4 35 19",
    "2 3 1 6 9 7 58 58 4",       "56 9 56 14 8 14 7 2 3",     "8 4 7 2 5 3 1 9 6",
    "35 6 258 458 23 458 9 1 7", "59 18 4 7 13 59 368 68 2",  "139 7 289 89 123 6 38 4 5",
};

static void pair_on_se_path(void **state)
{
    (void)state;
    sudoku_grid g;
    static sudoku_step s;
    pencil_load(&g, 9, ape_se);
    assert_true(pencil_find(find_aligned_pair_exclusion, &g, &s));
    assert_exclusion(&g, &s, false, "r9c1 r9c3", "r9c1:139:pattern r9c3:289:pattern r8c2:18:extra "
                     "r9c4:89:extra r9c7:38:extra", "r9c3-8");
    assert_true(sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s));
    assert_int_equal(s.technique, SUDOKU_ALIGNED_PAIR_EXCLUSION);
    sudoku_apply_step(&g, &s);
    assert_int_equal(g.cand[rc(&g, 9, 3)], pencil_digits("29"));
}

/* r1c2 and r1c5 are a naked pair {1,2}, so r1c1 cannot be 1 or 2; but no
 * pair of cells has two common excluders that say so, and SE's APE needs
 * two: it finds nothing. */
static void pair_needs_two_excluders(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". 12 . . 12 . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_false(run_finder(find_aligned_pair_exclusion, &g, &s));
    assert_true(pencil_find(find_naked_pair, &g, &s));
}

/* ape9 with a 6 added to r2c5: r1c1 = 1, r2c5 = 6 takes no excluder's
 * candidates, so nothing goes. */
static void pair_with_nothing_to_eliminate(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . 12 15 . . .", ". 13 . . 2356 . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_false(run_finder(find_aligned_pair_exclusion, &g, &s));
}

/* ------------------------------------------------------------------ triples */

/*
 * r1c1 {5,6,7}, r1c2 {1,5,6,8}, r1c3 {1,8} in row 1 and box 1; excluders
 * r1c6 {5,6} (row 1) and r2c2 {1,6} (box 1). With r1c1 = 6: r1c2 = 5
 * empties r1c6, r1c2 = 1 empties r2c2, and r1c2 = 8 leaves r1c3 = 1, which
 * empties r2c2 too. r1c1 loses 6; every other candidate has a filling.
 */
static void triple_8x8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "567 1568 18 . . 56 . .", ". 16 . . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 8, rows);
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r1c1 r1c2 r1c3", "r1c1:567:pattern r1c2:1568:pattern r1c3:18:pattern "
                     "r1c6:56:extra r2c2:16:extra", "r1c1-6");
    assert_int_equal(s.digits, sudoku_bit(6));
}

/* Two excluders with three candidates each, r1c6 {1,2,3} and r2c2
 * {4,5,6}, seen by open cells: every digit of a base cell has a filling
 * that leaves both a digit (7 and 8 stay free), so nothing goes. */
static void triple_with_nothing_to_eliminate(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . 123 . .", ". 456 . . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 8, rows);
    assert_false(run_finder(find_aligned_triple_exclusion, &g, &s));
}

/* Cells that lose a candidate only through a triple: r1c4 cannot be 1
 * here. With r1c4 = 1, r1c2 = 8 empties r1c3 {1,8}; r1c2 = 5 or 6 leaves
 * r1c1 the other of 5, 6 (emptying r1c6 {5,6}) or 7 (emptying r2c2 {1,7}).
 * SE reaches this set as (r1c2, r1c4) with r1c1 from r1c2's excluders. */
static void triple_through_a_third_cell(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "567 1568 18 . . 56 . .", ". 17 . . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 8, rows);
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r1c2 r1c4 r1c1", "r1c2:1568:pattern r1c4:12345678:pattern r1c1:567:pattern "
                     "r1c3:18:extra r1c6:56:extra r2c2:17:extra", "r1c4-1");
}

/*
 * Sets with one excluder that can be emptied: set_step tries them only
 * when their cells can lose something to it (one_excluder_can_exclude).
 * Here r1c5 {4,9} holds a 9 no base cell has, so r1c4 {4,5} is the only
 * excluder. With r1c1 = 1, r1c2 {1,4} and r1c3 {1,5} are 4 and 5 and
 * empty it: r1c1 loses 1, a digit outside the excluder.
 */
static void triple_with_one_excluder(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 14 15 45 49 . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r1c1 r1c2 r1c3", "r1c1:123:pattern r1c2:14:pattern r1c3:15:pattern "
                     "r1c4:45:extra", "r1c1-1");
}

/* One excluder again, r1c4 {1,4}, now a digit of it goes: r1c2 holds the
 * same two digits, so neither r1c1 nor r1c3 can be 1, nor r1c3 4. */
static void triple_with_one_excluder_like_a_base_cell(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 14 . 14 49 . . . .", ". . 67 . . . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r1c1 r1c3 r1c2", "r1c1:123:pattern r1c3:123456789:pattern r1c2:14:pattern "
                     "r1c4:14:extra", "r1c1-1 r1c3-1 r1c3-4");
}

/* One three-digit excluder, r2c1 {4,5,6}: a filling empties it only by
 * taking all three digits, which r1c2 {4,5,6} and r1c3 {4,5} hold nothing
 * but. r2c2 can be none of them: with r2c2 = 4, 5 or 6 the other two take
 * the rest of {4,5,6}. */
static void triple_with_one_three_digit_excluder(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 456 45 . . . . . .", "456 . . . . . . . .", ". . 1456 . . . . . .",
        OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r1c2 r2c2 r1c3", "r1c2:456:pattern r2c2:123456789:pattern r1c3:45:pattern "
                     "r2c1:456:extra", "r2c2-4 r2c2-5 r2c2-6");
}

/*
 * From SE's path of ...8.......43..8..7.....19..5.....7.3..24......8..9..3.29...........1.2...1..24.9
 * (step 30): the triple_8x8 reasoning in row 5 and box 6. r5c7 {5,6,9},
 * r5c8 {1,5,6,8}, r5c9 {1,8}, excluders r5c6 {5,6} and r6c8 {1,6}: SE
 * removes r5c7<>6.
 */
static void triple_on_se_path(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "1259 169 25 8 19 567 3 4 27",         "1259 169 4 3 19 567 8 56 27",
        "7 8 3 56 2 4 1 9 56",                 "1269 5 26 16 38 38 269 7 4",
        "3 179 67 2 4 56 569 1568 18",         "1246 14 8 1567 567 9 256 16 3",
        "568 2 9 4 567 38 567 13568 158",      "4568 347 567 9 35678 1 567 2 568",
        "568 37 1 567 35678 2 4 3568 9",
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r5c7 r5c8 r5c9", "r5c7:569:pattern r5c8:1568:pattern r5c9:18:pattern "
                     "r5c6:56:extra r6c8:16:extra", "r5c7-6");
}

/*
 * SE's choice of cells, from its path of ..3..48...5.72...9......45..6......1....5.2...1...938.59.........2...9.8..8.4..1.
 * (step 31): "Aligned Triplet Exclusion: r4c1,r6c9,r4c3" removes r4c1<>7.
 * The first two cells, r4c1 and r6c9, do not see each other; the third,
 * r4c3, sees only r4c1 (it is one of r4c1's excluders). With r4c1 = 7:
 * r4c3 is 5 or 9 and r6c9 4 or 5, and each way empties r4c7 {5,7} or
 * r4c8 {4,7,9}. The same cells in another order (r4c1, r4c3 first) never
 * come up: r6c9 is not an excluder of either.
 */
static void triple_cells_in_se_order(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "19 27 3 5 19 4 8 267 67",                  "48 5 46 7 2 68 1 3 9",
        "1789 28 1679 1368 13689 1368 4 5 27",      "234789 6 579 2348 378 2378 57 479 1",
        "34789 3478 479 1348 5 137 2 4679 467",     "247 1 457 246 67 9 3 8 45",
        "5 9 147 1238 378 12378 6 24 34",           "136 47 2 136 136 5 9 47 8",
        "67 37 8 9 4 267 57 1 235",
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r4c1 r6c9 r4c3", "r4c1:234789:pattern r6c9:45:pattern r4c3:579:pattern "
                     "r4c7:57:extra r4c8:479:extra", "r4c1-7");
}

/* Before the triple, the pair: on ape9 the pair is found, and the triple
 * finder (which also sees it, with a third cell) comes later in the table. */
static void engine_takes_the_pair_first(void **state)
{
    (void)state;
    sudoku_grid g;
    static sudoku_step s;
    pencil_load(&g, 9, ape9);
    assert_true(sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s));
    assert_int_equal(s.technique, SUDOKU_ALIGNED_PAIR_EXCLUSION);
    sudoku_apply_step(&g, &s);
    assert_int_equal(g.cand[rc(&g, 1, 1)], pencil_digits("23456789"));
}

/* ------------------------------------------------------------ history */

/*
 * The finders skip the sets that cannot have changed since their last
 * scan that found nothing (scan_memory in exclusion.c). What they find
 * must not depend on what they were called on before: a grid where a
 * candidate more in an excluder hides the step, then the grid itself
 * (the change is next to the set: the set is found again), a grid of the
 * other layout in between, the same grid twice.
 */
static void triple_found_whatever_came_before(void **state)
{
    (void)state;
    static const char *const hidden[] = { /* r2c2 {1,6,7}: r1c1 = 6, r1c2 = 1, r1c3 = 8 leaves it 7 */
        "567 1568 18 . . 56 . .", ". 167 . . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    static const char *const found[] = {
        "567 1568 18 . . 56 . .", ". 16 . . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g, h;
    sudoku_step s;
    pencil_load(&h, 8, hidden);
    pencil_load(&g, 8, found);
    for (int round = 0; round < 3; round++) {
        if (round == 1)
            assert_true(run_finder(find_aligned_triple_exclusion, &g, &s));
        assert_false(run_finder(find_aligned_triple_exclusion, &h, &s));
        if (round == 0)
            assert_false(run_finder(find_aligned_triple_exclusion, &h, &s));
        if (round == 2) {
            sudoku_grid other;
            pencil_load(&other, 9, ape9);
            run_finder(find_aligned_triple_exclusion, &other, &s);
        }
        assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
        assert_exclusion(&g, &s, true, "r1c1 r1c2 r1c3", "r1c1:567:pattern r1c2:1568:pattern r1c3:18:pattern "
                         "r1c6:56:extra r2c2:16:extra", "r1c1-6");
    }
}

/* An excluder that was none in the remembered grid (four candidates): the
 * set's cells are unchanged, and the new excluder makes the step. */
static void triple_found_after_a_new_excluder(void **state)
{
    (void)state;
    static const char *const hidden[] = { /* r2c2 {1,6,7,8}: no excluder */
        "567 1568 18 . . 56 . .", ". 1678 . . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    static const char *const found[] = {
        "567 1568 18 . . 56 . .", ". 16 . . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g, h;
    sudoku_step s;
    pencil_load(&h, 8, hidden);
    pencil_load(&g, 8, found);
    assert_false(run_finder(find_aligned_triple_exclusion, &h, &s));
    assert_true(pencil_find(find_aligned_triple_exclusion, &g, &s));
    assert_exclusion(&g, &s, true, "r1c1 r1c2 r1c3", "r1c1:567:pattern r1c2:1568:pattern r1c3:18:pattern "
                     "r1c6:56:extra r2c2:16:extra", "r1c1-6");
}

/* The same for pairs: r2c2 {1,3,4} is no excluder of a pair; ape9, with
 * r2c2 {1,3}, finds r1c1<>1 next. */
static void pair_found_after_a_new_excluder(void **state)
{
    (void)state;
    static const char *const hidden[] = {
        ". . . . 12 15 . . .", ". 134 . . 235 . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g, h;
    sudoku_step s;
    pencil_load(&h, 9, hidden);
    pencil_load(&g, 9, ape9);
    assert_false(run_finder(find_aligned_pair_exclusion, &h, &s));
    assert_true(pencil_find(find_aligned_pair_exclusion, &g, &s));
    assert_exclusion(&g, &s, false, "r1c1 r2c5", "r1c1:123456789:pattern r2c5:235:pattern r1c5:12:extra "
                     "r1c6:15:extra r2c2:13:extra", "r1c1-1");
}

/* The same for pairs: ape9 with a 6 more in the base cell r2c5 finds
 * nothing; ape9 itself, next, finds r1c1<>1. */
static void pair_found_whatever_came_before(void **state)
{
    (void)state;
    static const char *const hidden[] = {
        ". . . . 12 15 . . .", ". 13 . . 2356 . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g, h;
    sudoku_step s;
    pencil_load(&h, 9, hidden);
    pencil_load(&g, 9, ape9);
    for (int round = 0; round < 2; round++) {
        assert_false(run_finder(find_aligned_pair_exclusion, &h, &s));
        assert_true(pencil_find(find_aligned_pair_exclusion, &g, &s));
        assert_exclusion(&g, &s, false, "r1c1 r2c5", "r1c1:123456789:pattern r2c5:235:pattern r1c5:12:extra "
                         "r1c6:15:extra r2c2:13:extra", "r1c1-1");
    }
}

/*
 * The scan memory on random grids: what a finder finds on a grid just
 * after a grid where it found nothing (a few cells changed: candidates
 * added or taken, singles made or undone, placements, new excluders) is
 * what it finds there with nothing remembered (after a grid of the other
 * layout). The grids need not be legal: the finders read candidates alone.
 * The remembered grid is brought to nothing found by taking each step's
 * eliminations. (Breaking the memory's rules makes hundreds of these
 * differ out of 80,000 such pairs.)
 */
static unsigned long long memory_rand_state = 88172645463325252ull;
static unsigned memory_rand(unsigned k)
{
    unsigned long long x = memory_rand_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    memory_rand_state = x;
    return (unsigned)(x % k);
}

static sudoku_mask memory_random_mask(int n, int size)
{
    sudoku_mask m = 0;
    while (mask_count(m) < size)
        m |= sudoku_bit(1 + (int)memory_rand((unsigned)n));
    return m;
}

/* Mostly 2..4 candidates, some singles and placed cells. */
static void memory_random_cell(sudoku_grid *g, int c)
{
    int n = g->layout->n, r = (int)memory_rand(100);
    if (g->digit[c]) {
        g->digit[c] = 0;
        g->empty++;
    }
    g->cand[c] = memory_random_mask(n, r < 5 ? 1 : r < 40 ? 2 : r < 70 ? 3 : r < 85 ? 4 : 2 + (int)memory_rand((unsigned)n - 1));
    if (r >= 85 && memory_rand(4) == 0) {
        g->digit[c] = (uint8_t)(1 + (int)memory_rand((unsigned)n));
        g->cand[c] = 0;
        g->empty--;
    }
}

static void memory_change(sudoku_grid *g, int c)
{
    int n = g->layout->n;
    switch (memory_rand(5)) {
    case 0:
        memory_random_cell(g, c);
        break;
    case 1: /* one candidate less */
        if (mask_count(g->cand[c]) >= 2)
            g->cand[c] &= (sudoku_mask)(g->cand[c] - 1);
        break;
    case 2: /* one more */
        if (!g->digit[c])
            g->cand[c] |= sudoku_bit(1 + (int)memory_rand((unsigned)n));
        break;
    case 3: /* placed */
        if (!g->digit[c] && g->cand[c]) {
            g->digit[c] = (uint8_t)mask_first_digit(g->cand[c]);
            g->cand[c] = 0;
            g->empty--;
        }
        break;
    default: /* a new excluder, or a single no more */
        if (!g->digit[c])
            g->cand[c] = memory_random_mask(n, 2 + (int)memory_rand(2));
        break;
    }
}

static bool memory_same_step(const sudoku_step *a, const sudoku_step *b)
{
    return a->technique == b->technique && a->ncells == b->ncells && !memcmp(a->cells, b->cells, sizeof a->cells) &&
           !memcmp(a->elim, b->elim, sizeof a->elim) && a->nmarks == b->nmarks &&
           !memcmp(a->marks, b->marks, sizeof a->marks[0] * (size_t)a->nmarks);
}

static void scan_memory_agrees_with_a_fresh_scan(void **state)
{
    (void)state;
    static sudoku_grid before, after, other;
    static sudoku_step s, t;
    finder_fn finders[2] = { find_aligned_pair_exclusion, find_aligned_triple_exclusion };
    int compared = 0, found = 0;
    for (int i = 0; i < 3000; i++) {
        const sudoku_layout *l = i % 3 ? sudoku_layout_9x9() : sudoku_layout_8x8();
        finder_fn find = finders[i % 2];
        sudoku_grid_init(&before, l);
        for (int c = 0; c < l->ncells; c++)
            memory_random_cell(&before, c);
        int rounds = 0;
        while (run_finder(find, &before, &s) && rounds++ < 200)
            for (int c = 0; c < l->ncells; c++)
                before.cand[c] &= (sudoku_mask)~s.elim[c];
        if (rounds >= 200)
            continue;
        after = before;
        for (int k = 1 + (int)memory_rand(6); k > 0; k--)
            memory_change(&after, (int)memory_rand((unsigned)l->ncells));
        memset(&s, 0, sizeof s);
        bool remembered = run_finder(find, &after, &s); /* just after 'before' */
        sudoku_grid_init(&other, l == sudoku_layout_9x9() ? sudoku_layout_8x8() : sudoku_layout_9x9());
        assert_false(run_finder(find, &other, &t)); /* no excluder: nothing */
        memset(&t, 0, sizeof t);
        bool fresh = run_finder(find, &after, &t);
        assert_int_equal(remembered, fresh);
        if (fresh)
            assert_true(memory_same_step(&s, &t));
        compared++;
        found += fresh;
    }
    assert_true(compared > 2500 && found > 300 && found < compared - 300);
}

/*
 * The finders' shortcuts against the scans without them, on random grids:
 * the triple finder first tells, without SE's order, whether any set of
 * its scan eliminates (triple_family_eliminates in exclusion.c), the pair
 * finder finds the pairs that eliminate from the digit that goes, not in
 * SE's order, and takes the one SE's scan meets first
 * (first_eliminating_pair). Each
 * finds what the scan alone finds: on a fresh grid, and just after a grid
 * where it found nothing (the scan memory), both layouts.
 */
static void shortcuts_agree_with_the_scan(finder_fn fast, finder_fn slow)
{
    static sudoku_grid before, after, other;
    static sudoku_step s[2], t[2];
    int compared = 0, found = 0;
    for (int i = 0; i < 3000; i++) {
        const sudoku_layout *l = i % 3 ? sudoku_layout_9x9() : sudoku_layout_8x8();
        sudoku_grid_init(&before, l);
        for (int c = 0; c < l->ncells; c++)
            memory_random_cell(&before, c);
        /* Half the time 'before' is brought to nothing found, so that
         * 'after' is scanned with a memory. */
        for (int rounds = 0; i % 2 && rounds < 200 && run_finder(slow, &before, &s[0]); rounds++)
            for (int c = 0; c < l->ncells; c++)
                before.cand[c] &= (sudoku_mask)~s[0].elim[c];
        after = before;
        for (int k = 1 + (int)memory_rand(6); k > 0; k--)
            memory_change(&after, (int)memory_rand((unsigned)l->ncells));
        sudoku_grid_init(&other, l == sudoku_layout_9x9() ? sudoku_layout_8x8() : sudoku_layout_9x9());
        bool got[2], want[2];
        finder_fn finders[2] = { fast, slow };
        for (int f = 0; f < 2; f++) {
            sudoku_step *out = f ? t : s;
            bool *res = f ? want : got;
            run_finder(finders[f], &other, &out[0]); /* forget the last grid */
            memset(out, 0, 2 * sizeof out[0]);
            res[0] = run_finder(finders[f], &before, &out[0]);
            res[1] = run_finder(finders[f], &after, &out[1]);
        }
        for (int k = 0; k < 2; k++) {
            assert_int_equal(got[k], want[k]);
            if (want[k])
                assert_true(memory_same_step(&s[k], &t[k]));
            compared++;
            found += want[k];
        }
    }
    assert_true(found > 600 && found < compared - 600);
}

static void triple_family_agrees_with_the_scan(void **state)
{
    (void)state;
    shortcuts_agree_with_the_scan(find_aligned_triple_exclusion, find_aligned_triple_exclusion_in_order);
}

static void pair_test_agrees_with_the_scan(void **state)
{
    (void)state;
    shortcuts_agree_with_the_scan(find_aligned_pair_exclusion, find_aligned_pair_exclusion_in_order);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pair_9x9),
        cmocka_unit_test(pair_leaves_out_an_excluder_it_cannot_empty),
        cmocka_unit_test(pair_8x8),
        cmocka_unit_test(pair_on_se_path),
        cmocka_unit_test(pair_needs_two_excluders),
        cmocka_unit_test(pair_with_nothing_to_eliminate),
        cmocka_unit_test(triple_8x8),
        cmocka_unit_test(triple_with_nothing_to_eliminate),
        cmocka_unit_test(triple_through_a_third_cell),
        cmocka_unit_test(triple_with_one_excluder),
        cmocka_unit_test(triple_with_one_excluder_like_a_base_cell),
        cmocka_unit_test(triple_with_one_three_digit_excluder),
        cmocka_unit_test(triple_on_se_path),
        cmocka_unit_test(triple_cells_in_se_order),
        cmocka_unit_test(engine_takes_the_pair_first),
        cmocka_unit_test(triple_found_whatever_came_before),
        cmocka_unit_test(pair_found_whatever_came_before),
        cmocka_unit_test(triple_found_after_a_new_excluder),
        cmocka_unit_test(pair_found_after_a_new_excluder),
        cmocka_unit_test(scan_memory_agrees_with_a_fresh_scan),
        cmocka_unit_test(triple_family_agrees_with_the_scan),
        cmocka_unit_test(pair_test_agrees_with_the_scan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
