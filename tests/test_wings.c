/*
 * test_wings.c - XY-Wing and XYZ-Wing on both layouts, with Sudoku
 * Explainer 1.2.1's choice when several wings exist.
 *
 * Positions are pencil-mark grids (see pencil_util.h): every cell open but
 * the few that make the pattern, so each elimination can be checked by
 * hand: z leaves the cells that see both pincers (XY-Wing) or all three
 * cells (XYZ-Wing). SE's order: pivots in cell order, then the first
 * pincer among the pivot's peers in cell order, then the second.
 */
#include "pencil_util.h"

#define OPEN9 ". . . . . . . . ."
#define OPEN8 ". . . . . . . ."

/* The wing's technique, name, rating, cells (pivot first), marks and eliminations. */
static void assert_wing(const sudoku_grid *g, const sudoku_step *s, bool xyz, const char *cells, const char *marks,
                        const char *digits, const char *elims)
{
    assert_int_equal(s->technique, xyz ? SUDOKU_XYZ_WING : SUDOKU_XY_WING);
    assert_string_equal(s->name, xyz ? "XYZ-Wing" : "XY-Wing");
    assert_int_equal(s->rating, xyz ? 44 : 42);
    assert_true(s->difficulty == (xyz ? 4.4 : 4.2));
    assert_int_equal(s->digits, pencil_digits(digits));
    assert_cells(g, s, cells);
    assert_marks(g, s, marks);
    assert_eliminations(g, s, elims);
}

/* ------------------------------------------------------------------ 9x9 */

/* Pivot r2c3 {4,7}, pincers r2c8 {4,9} and r5c3 {7,9}: whichever of 4 and
 * 7 the pivot takes, a pincer is 9, so r5c8, which sees both, is not. */
static void xy_wing_9x9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        OPEN9, ". . 47 . . . . 49 .", OPEN9, OPEN9, ". . 79 . . . . . .", OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    char text[256];
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_xy_wing, &g, &s));
    assert_wing(&g, &s, false, "r2c3 r2c8 r5c3", "r2c3:47:pivot r2c8:49:pincer r5c3:79:pincer", "479", "r5c8-9");
    sudoku_step_describe(&g, &s, text, sizeof text);
    assert_string_equal(text, "XY-Wing: pivot r2c3 (4,7), pincers r2c8 (4,9), r5c3 (7,9) => r5c8<>9");
    /* Three bivalue cells make no XYZ-Wing. */
    assert_false(run_finder(find_xyz_wing, &g, &s));
}

/* Pivot r1c1 {1,2}; pincer r1c7 {2,3} in its row, r2c3 {1,3} in its box.
 * 3 leaves box 1's row 1 and box 3's row 2. The first pincer is r1c7, the
 * first bivalue peer (in cell order) with one pivot digit outside it. */
static void xy_wing_box_and_line_9x9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "12 . . . . . 23 . .", ". . 13 . . . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_xy_wing, &g, &s));
    assert_wing(&g, &s, false, "r1c1 r1c7 r2c3", "r1c1:12:pivot r1c7:23:pincer r2c3:13:pincer", "123",
                "r1c2-3 r1c3-3 r2c7-3 r2c8-3 r2c9-3");
}

/* Pivot r1c1 {1,2,3}, pincers r1c6 {2,3} and r2c2 {1,3}: the pivot may be
 * 3 itself, so 3 leaves only r1c2 and r1c3, which see all three. */
static void xyz_wing_9x9(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 . . . . 23 . . .", ". 13 . . . . . . .", OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    char text[256];
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_xyz_wing, &g, &s));
    assert_wing(&g, &s, true, "r1c1 r1c6 r2c2", "r1c1:123:pivot r1c6:23:pincer r2c2:13:pincer", "123",
                "r1c2-3 r1c3-3");
    sudoku_step_describe(&g, &s, text, sizeof text);
    assert_string_equal(text, "XYZ-Wing: pivot r1c1 (1,2,3), pincers r1c6 (2,3), r2c2 (1,3) => r1c23<>3");
    /* No XY-Wing: the pivot has three candidates. */
    assert_false(run_finder(find_xy_wing, &g, &s));
}

/* ------------------------------------------------------------------ 8x8 */

/* Brick-wall boxes are 2 rows x 4 columns. Pivot r1c1 {1,2}, pincers
 * r1c7 {2,3} (row 1) and r2c4 {1,3} (box 1): 3 leaves r1c2-r1c4 (box 1's
 * row 1) and r2c5-r2c8 (box 2's row 2). */
static void xy_wing_8x8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "12 . . . . . 23 .", ". . . 13 . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 8, rows);
    assert_true(pencil_find(find_xy_wing, &g, &s));
    assert_wing(&g, &s, false, "r1c1 r1c7 r2c4", "r1c1:12:pivot r1c7:23:pincer r2c4:13:pincer", "123",
                "r1c2-3 r1c3-3 r1c4-3 r2c5-3 r2c6-3 r2c7-3 r2c8-3");
}

/* Pivot r1c1 {1,2,3}, pincers r1c6 {2,3} and r2c3 {1,3}: only r1c2-r1c4
 * see all three (r2c5-r2c8 see both pincers but not the pivot). */
static void xyz_wing_8x8(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "123 . . . . 23 . .", ". . 13 . . . . .", OPEN8, OPEN8, OPEN8, OPEN8, OPEN8, OPEN8,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 8, rows);
    assert_true(pencil_find(find_xyz_wing, &g, &s));
    assert_wing(&g, &s, true, "r1c1 r1c6 r2c3", "r1c1:123:pivot r1c6:23:pincer r2c3:13:pincer", "123",
                "r1c2-3 r1c3-3 r1c4-3");
}

/* ------------------------------------------------------------------ not a step */

static void wing_with_nothing_to_eliminate(void **state)
{
    (void)state;
    /* xy_wing_9x9's wing, but r5c8 has no 9 left. */
    static const char *const rows[] = {
        OPEN9, ". . 47 . . . . 49 .", OPEN9, OPEN9, ". . 79 . . . . 12345678 .", OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_false(run_finder(find_xy_wing, &g, &s));
    assert_false(run_finder(find_xyz_wing, &g, &s));
}

static void not_wings(void **state)
{
    (void)state;
    /* The pincers share no digit. */
    static const char *const no_z[] = {
        OPEN9, ". . 47 . . . . 49 .", OPEN9, OPEN9, ". . 78 . . . . . .", OPEN9, OPEN9, OPEN9, OPEN9,
    };
    /* r6c4 {7,9} does not see the pivot r2c3. */
    static const char *const unseen[] = {
        OPEN9, ". . 47 . . . . 49 .", OPEN9, OPEN9, OPEN9, ". . . 79 . . . . .", OPEN9, OPEN9, OPEN9,
    };
    /* All three cells hold the same digit 7 ({4,7} {7,9} {4,7,9}): no z. */
    static const char *const common[] = {
        OPEN9, ". . 479 . . . . 47 .", OPEN9, OPEN9, ". . 79 . . . . . .", OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, no_z);
    assert_false(run_finder(find_xy_wing, &g, &s));
    pencil_load(&g, 9, unseen);
    assert_false(run_finder(find_xy_wing, &g, &s));
    pencil_load(&g, 9, common);
    assert_false(run_finder(find_xy_wing, &g, &s));
    assert_false(run_finder(find_xyz_wing, &g, &s));
}

/* ------------------------------------------------------------------ SE's order */

/* Two wings: pivot r2c3 eliminates in r5c8, pivot r8c8 in r1c2, which
 * comes first in cell order. SE takes the pivot that comes first. */
static void first_pivot_wins(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . . . . 23 .", ". . 47 . . . . 49 .", OPEN9, OPEN9, ". . 79 . . . . . .", OPEN9, OPEN9,
        ". 13 . . . . . 12 .", OPEN9,
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_xy_wing, &g, &s));
    assert_wing(&g, &s, false, "r2c3 r2c8 r5c3", "r2c3:47:pivot r2c8:49:pincer r5c3:79:pincer", "479", "r5c8-9");
}

/*
 * One pivot r5c5 {1,2}, two wings: pincers r1c5 {1,4} and r5c9 {2,4}
 * (4 leaves r1c9), and r5c1 {1,3} and r9c5 {2,3} (3 leaves r9c1). SE scans
 * the pivot's peers in cell order, so the first pincer is r1c5 and the
 * first wing the one through r1c5 and r5c9 (a scan of the row first would
 * take r5c1 and r9c5). Once r1c9 has no 4, that wing eliminates nothing
 * and the next one is the step.
 */
static void pincers_in_cell_order(void **state)
{
    (void)state;
    static const char *const rows[] = {
        ". . . . 14 . . . .", OPEN9, OPEN9, OPEN9, "13 . . . 12 . . . 24", OPEN9, OPEN9, OPEN9,
        ". . . . 23 . . . .",
    };
    static const char *const no4[] = {
        ". . . . 14 . . . 12356789", OPEN9, OPEN9, OPEN9, "13 . . . 12 . . . 24", OPEN9, OPEN9, OPEN9,
        ". . . . 23 . . . .",
    };
    sudoku_grid g;
    sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(pencil_find(find_xy_wing, &g, &s));
    assert_wing(&g, &s, false, "r5c5 r1c5 r5c9", "r5c5:12:pivot r1c5:14:pincer r5c9:24:pincer", "124", "r1c9-4");
    pencil_load(&g, 9, no4);
    assert_true(pencil_find(find_xy_wing, &g, &s));
    assert_wing(&g, &s, false, "r5c5 r5c1 r9c5", "r5c5:12:pivot r5c1:13:pincer r9c5:23:pincer", "123", "r9c1-3");
}

/* ------------------------------------------------------------------ the engine */

/* On an open grid nothing easier applies: the engine takes the XY-Wing. */
static void engine_applies_the_wing(void **state)
{
    (void)state;
    static const char *const rows[] = {
        OPEN9, ". . 47 . . . . 49 .", OPEN9, OPEN9, ". . 79 . . . . . .", OPEN9, OPEN9, OPEN9, OPEN9,
    };
    sudoku_grid g;
    static sudoku_step s;
    pencil_load(&g, 9, rows);
    assert_true(sudoku_find_step(&g, SUDOKU_ORDER_RATING, &s));
    assert_int_equal(s.technique, SUDOKU_XY_WING);
    sudoku_apply_step(&g, &s);
    assert_int_equal(g.cand[rc(&g, 5, 8)], pencil_digits("12345678"));
}

typedef struct wing_seen {
    int index;             /* steps so far */
    int count;
    int at[4];             /* step numbers (1-based) of the wings */
    char text[4][256];
} wing_seen;

static bool record_wings(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    wing_seen *w = ctx;
    w->index++;
    if ((s->technique == SUDOKU_XY_WING || s->technique == SUDOKU_XYZ_WING) && w->count < 4) {
        w->at[w->count] = w->index;
        sudoku_step_describe(before, s, w->text[w->count], sizeof w->text[0]);
        w->count++;
    }
    return true;
}

/*
 * Whole puzzles, against Sudoku Explainer 1.2.1's own paths (serate with
 * its 1.2.1 technique set): the XY-Wing puzzle, whose step 32 is
 * "XY-Wing: Cells r1c1,r2c2,r4c1 on value 5" removing r2c1<>5 (4.2/1.2/1.2),
 * and a puzzle whose step 25 is "XYZ-Wing: Cells r5c4,r4c6,r5c3 on value 1"
 * (r5c5<>1) and step 27 "XY-Wing: Cells r4c6,r2c6,r5c4 on value 6"
 * (r2c4<>6, r6c6<>6), 4.4/1.2/1.2.
 */
static void engine_follows_se_paths(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_path path;
    wing_seen w = { 0 };

    grid_from_text(".2....95......831.7...5........3...286.7.5.9..94..27..6....74....7..3.....86.....", &g);
    sudoku_logic_run(&g, SUDOKU_ORDER_RATING, &path, record_wings, &w);
    assert_true(path.solved);
    assert_int_equal(w.count, 1);
    assert_int_equal(w.at[0], 32);
    assert_string_equal(w.text[0], "XY-Wing: pivot r1c1 (1,4), pincers r2c2 (4,5), r4c1 (1,5) => r2c1<>5");
    assert_int_equal(path.er, 42);
    assert_int_equal(path.ep, 12);
    assert_int_equal(path.ed, 12);
    assert_string_equal(path.hardest_name, "XY-Wing");

    memset(&w, 0, sizeof w);
    grid_from_text("....5.4.9......72.7..3.....2.754...6.4...3...8.5....1...4..5..2..823.6....2..71.8", &g);
    sudoku_logic_run(&g, SUDOKU_ORDER_RATING, &path, record_wings, &w);
    assert_true(path.solved);
    assert_int_equal(w.count, 2);
    assert_int_equal(w.at[0], 25);
    assert_string_equal(w.text[0], "XYZ-Wing: pivot r5c4 (1,6,8), pincers r4c6 (1,8), r5c3 (1,6) => r5c5<>1");
    assert_int_equal(w.at[1], 27);
    assert_string_equal(w.text[1], "XY-Wing: pivot r4c6 (1,8), pincers r2c6 (6,8), r5c4 (1,6) => r2c4<>6, r6c6<>6");
    assert_int_equal(path.er, 44);
    assert_int_equal(path.ep, 12);
    assert_int_equal(path.ed, 12);
    assert_string_equal(path.hardest_name, "XYZ-Wing");
}

/* ---------------------------------------------- against the plain search */

/* SE's search written out plainly: every cell as pivot, every cell as
 * first then second pincer, in cell order, with the full tests. The finder
 * skips pivots and pincers by exact pre-tests (which pincer masks exist at
 * all); this must find the same first wing and the same eliminations. */
static bool sees(const sudoku_layout *l, int a, int b)
{
    return a != b && (l->cell_unit[a][0] == l->cell_unit[b][0] || l->cell_unit[a][1] == l->cell_unit[b][1] ||
                      l->cell_unit[a][2] == l->cell_unit[b][2]);
}

static bool plain_wing(const sudoku_grid *g, bool xyz, int found[3], sudoku_mask elim[SUDOKU_MAX_CELLS])
{
    const sudoku_layout *l = g->layout;
    const sudoku_mask *cand = g->cand;
    for (int p = 0; p < l->ncells; p++) {
        sudoku_mask pm = cand[p];
        if (mask_count(pm) != (xyz ? 3 : 2))
            continue;
        for (int a = 0; a < l->ncells; a++) {
            if (!sees(l, p, a) || mask_count(cand[a]) != 2 || mask_count(pm & (sudoku_mask)~cand[a]) != 1)
                continue;
            for (int b = 0; b < l->ncells; b++) {
                sudoku_mask ma = cand[a], mb = cand[b];
                if (!sees(l, p, b) || b == a || mask_count(mb) != 2 || mask_count(pm | ma | mb) != 3 ||
                    mask_count(pm & ma & mb) != (xyz ? 1 : 0))
                    continue;
                sudoku_mask z = (sudoku_mask)(ma & mb);
                bool any = false;
                memset(elim, 0, SUDOKU_MAX_CELLS * sizeof elim[0]);
                for (int c = 0; c < l->ncells; c++) {
                    if (c != p && sees(l, c, a) && sees(l, c, b) && (!xyz || sees(l, c, p)) &&
                        (cand[c] & z)) {
                        elim[c] = z;
                        any = true;
                    }
                }
                if (any) {
                    found[0] = p, found[1] = a, found[2] = b;
                    return true;
                }
            }
        }
    }
    return false;
}

/* Random pencil marks drawn from a few digits, so that bivalue and
 * trivalue cells sharing digits (wings, and near misses) are common. */
static void random_marks(sudoku_grid *g, const sudoku_layout *l, uint32_t *seed)
{
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++) {
        *seed = *seed * 1664525u + 1013904223u;
        uint32_t r = *seed >> 8;
        int want = 2 + (int)(r % 4 == 0) + (int)(r % 8 == 0) * 3;
        sudoku_mask m = 0;
        while (mask_count(m) < want) {
            *seed = *seed * 1664525u + 1013904223u;
            int d = (int)((*seed >> 16) % (unsigned)(l->n < 6 ? l->n : 6)) + (int)(r % 3);
            m |= sudoku_bit(d + 1);
        }
        g->cand[c] = m;
    }
}

static void same_as_plain_search(void **state)
{
    (void)state;
    const sudoku_layout *layouts[] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    uint32_t seed = 12345;
    int wings = 0;
    for (int i = 0; i < 4000; i++) {
        const sudoku_layout *l = layouts[i & 1];
        sudoku_grid g;
        random_marks(&g, l, &seed);
        for (int xyz = 0; xyz < 2; xyz++) {
            sudoku_step s;
            int found[3];
            sudoku_mask elim[SUDOKU_MAX_CELLS];
            bool plain = plain_wing(&g, xyz, found, elim);
            bool fast = run_finder(xyz ? find_xyz_wing : find_xy_wing, &g, &s);
            assert_int_equal(fast, plain);
            if (!plain)
                continue;
            wings++;
            for (int k = 0; k < 3; k++)
                assert_int_equal(s.cells[k], found[k]);
            for (int c = 0; c < l->ncells; c++)
                assert_int_equal(s.elim[c], elim[c]);
        }
    }
    assert_true(wings > 1000); /* the grids do exercise the finders */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(xy_wing_9x9),
        cmocka_unit_test(xy_wing_box_and_line_9x9),
        cmocka_unit_test(xyz_wing_9x9),
        cmocka_unit_test(xy_wing_8x8),
        cmocka_unit_test(xyz_wing_8x8),
        cmocka_unit_test(wing_with_nothing_to_eliminate),
        cmocka_unit_test(not_wings),
        cmocka_unit_test(first_pivot_wins),
        cmocka_unit_test(pincers_in_cell_order),
        cmocka_unit_test(engine_applies_the_wing),
        cmocka_unit_test(engine_follows_se_paths),
        cmocka_unit_test(same_as_plain_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
