/*
 * test_layout.c - the layout tables: units, cells' units, peers.
 */
#include "test_util.h"

/* Whether cells a and b share a row, column or box, worked out from scratch. */
static bool shares_unit(const sudoku_layout_desc *d, int a, int b)
{
    int n = d->n;
    int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
    return ra == rb || ca == cb ||
           (ra / d->box_rows == rb / d->box_rows && ca / d->box_cols == cb / d->box_cols);
}

/* The box of (r, c) from the description: boxes numbered in reading order. */
static int box_of_rc(const sudoku_layout_desc *d, int r, int c)
{
    return (r / d->box_rows) * (d->n / d->box_cols) + c / d->box_cols;
}

/* Every structural property a layout must have, checked cell by cell. */
static void check_layout(const sudoku_layout *l, int n, int box_rows, int box_cols, int npeers)
{
    assert_int_equal(l->n, n);
    assert_int_equal(l->desc.n, n);
    assert_int_equal(l->desc.box_rows, box_rows);
    assert_int_equal(l->desc.box_cols, box_cols);
    assert_int_equal(l->ncells, n * n);
    assert_int_equal(l->nunits, 3 * n);
    assert_int_equal(l->npeers, npeers);
    assert_int_equal(l->all, (1u << n) - 1);

    /* Each unit: n distinct cells in reading order, the right ones. */
    for (int u = 0; u < l->nunits; u++) {
        int kind = u / n, k = u % n;
        assert_int_equal(sudoku_unit_kind_of(l, u), kind);
        for (int i = 0; i < n; i++) {
            int c = l->unit_cell[u][i];
            assert_in_range(c, 0, l->ncells - 1);
            if (i)
                assert_true(c > l->unit_cell[u][i - 1]);
            int r = c / n, col = c % n;
            if (kind == SUDOKU_ROW)
                assert_int_equal(r, k);
            else if (kind == SUDOKU_COL)
                assert_int_equal(col, k);
            else
                assert_int_equal(box_of_rc(&l->desc, r, col), k);
        }
    }

    /* Each cell: in exactly 3 units, which are its cell_unit entries. */
    for (int c = 0; c < l->ncells; c++) {
        int r = c / n, col = c % n;
        assert_int_equal(l->cell_unit[c][SUDOKU_ROW], r);
        assert_int_equal(l->cell_unit[c][SUDOKU_COL], n + col);
        assert_int_equal(l->cell_unit[c][SUDOKU_BOX], 2 * n + box_of_rc(&l->desc, r, col));
        assert_int_equal(sudoku_row_of(l, c), r);
        assert_int_equal(sudoku_col_of(l, c), col);
        assert_int_equal(sudoku_box_of(l, c), box_of_rc(&l->desc, r, col));
        int in = 0;
        for (int u = 0; u < l->nunits; u++)
            for (int i = 0; i < n; i++)
                if (l->unit_cell[u][i] == c) {
                    in++;
                    assert_true(u == l->cell_unit[c][0] || u == l->cell_unit[c][1] ||
                                u == l->cell_unit[c][2]);
                }
        assert_int_equal(in, 3);
    }

    /* Peers: distinct, not the cell, exactly the cells sharing a unit, symmetric. */
    for (int c = 0; c < l->ncells; c++) {
        bool seen[SUDOKU_MAX_CELLS] = { false };
        for (int i = 0; i < l->npeers; i++) {
            int p = l->peer[c][i];
            assert_in_range(p, 0, l->ncells - 1);
            assert_int_not_equal(p, c);
            assert_false(seen[p]);
            seen[p] = true;
            assert_true(shares_unit(&l->desc, c, p));
            bool back = false;
            for (int j = 0; j < l->npeers; j++)
                back |= l->peer[p][j] == c;
            assert_true(back);
        }
        int expected = 0;
        for (int p = 0; p < l->ncells; p++)
            if (p != c && shares_unit(&l->desc, c, p))
                expected++;
        assert_int_equal(expected, l->npeers);
    }
}

static void test_9x9_tables(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_9x9();
    assert_string_equal(l->desc.name, "9x9");
    check_layout(l, 9, 3, 3, 20);
    assert_int_equal(l->all, 0x1FF);
}

static void test_9x9_units(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_9x9();
    static const uint8_t row4[9] = { 36, 37, 38, 39, 40, 41, 42, 43, 44 };
    static const uint8_t col0[9] = { 0, 9, 18, 27, 36, 45, 54, 63, 72 };
    static const uint8_t col8[9] = { 8, 17, 26, 35, 44, 53, 62, 71, 80 };
    static const uint8_t box0[9] = { 0, 1, 2, 9, 10, 11, 18, 19, 20 };
    static const uint8_t box4[9] = { 30, 31, 32, 39, 40, 41, 48, 49, 50 };
    static const uint8_t box5[9] = { 33, 34, 35, 42, 43, 44, 51, 52, 53 };
    static const uint8_t box8[9] = { 60, 61, 62, 69, 70, 71, 78, 79, 80 };
    assert_memory_equal(l->unit_cell[4], row4, 9);
    assert_memory_equal(l->unit_cell[9 + 0], col0, 9);
    assert_memory_equal(l->unit_cell[9 + 8], col8, 9);
    assert_memory_equal(l->unit_cell[18 + 0], box0, 9);
    assert_memory_equal(l->unit_cell[18 + 4], box4, 9);
    assert_memory_equal(l->unit_cell[18 + 5], box5, 9);
    assert_memory_equal(l->unit_cell[18 + 8], box8, 9);

    /* r5c5 (cell 40) is in row 5, column 5, box 5. */
    assert_int_equal(l->cell_unit[40][0], 4);
    assert_int_equal(l->cell_unit[40][1], 13);
    assert_int_equal(l->cell_unit[40][2], 22);
    /* r3c7 (cell 24) is in box 3. */
    assert_int_equal(sudoku_box_of(l, 24), 2);
    assert_int_equal(sudoku_box_of(l, 80), 8);
    assert_int_equal(sudoku_box_of(l, 27), 3);
}

static void test_9x9_peers_of_corner(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_9x9();
    /* r1c1: the rest of row 1, the rest of column 1, and 4 more box cells. */
    static const int expected[20] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 18, 27, 36, 45, 54, 63, 72, 10, 11, 19, 20 };
    bool want[81] = { false };
    for (int i = 0; i < 20; i++)
        want[expected[i]] = true;
    for (int i = 0; i < l->npeers; i++) {
        assert_true(want[l->peer[0][i]]);
        want[l->peer[0][i]] = false;
    }
    for (int c = 0; c < 81; c++)
        assert_false(want[c]);
}

static void test_8x8_tables(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_8x8();
    assert_string_equal(l->desc.name, "8x8");
    check_layout(l, 8, 2, 4, 17);
    assert_int_equal(l->all, 0xFF);
}

static void test_8x8_brick_wall_boxes(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_8x8();
    /* Eight boxes of 2 rows x 4 columns: box of (r, c) is (r/2)*2 + c/4. */
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            assert_int_equal(sudoku_box_of(l, r * 8 + c), (r / 2) * 2 + c / 4);
    static const uint8_t box0[8] = { 0, 1, 2, 3, 8, 9, 10, 11 };
    static const uint8_t box1[8] = { 4, 5, 6, 7, 12, 13, 14, 15 };
    static const uint8_t box2[8] = { 16, 17, 18, 19, 24, 25, 26, 27 };
    static const uint8_t box5[8] = { 36, 37, 38, 39, 44, 45, 46, 47 };
    static const uint8_t box7[8] = { 52, 53, 54, 55, 60, 61, 62, 63 };
    static const uint8_t row3[8] = { 24, 25, 26, 27, 28, 29, 30, 31 };
    static const uint8_t col5[8] = { 5, 13, 21, 29, 37, 45, 53, 61 };
    assert_memory_equal(l->unit_cell[16 + 0], box0, 8);
    assert_memory_equal(l->unit_cell[16 + 1], box1, 8);
    assert_memory_equal(l->unit_cell[16 + 2], box2, 8);
    assert_memory_equal(l->unit_cell[16 + 5], box5, 8);
    assert_memory_equal(l->unit_cell[16 + 7], box7, 8);
    assert_memory_equal(l->unit_cell[3], row3, 8);
    assert_memory_equal(l->unit_cell[8 + 5], col5, 8);
    /* r4c5 (cell 28): row 4, column 5, box 4. */
    assert_int_equal(l->cell_unit[28][0], 3);
    assert_int_equal(l->cell_unit[28][1], 8 + 4);
    assert_int_equal(l->cell_unit[28][2], 16 + 3);
}

static void test_8x8_peers_of_cell(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_8x8();
    /* r1c1: 7 in the row, 7 in the column, and r2c2..r2c4 from the box. */
    static const int expected[17] = { 1, 2, 3, 4, 5, 6, 7, 8, 16, 24, 32, 40, 48, 56, 9, 10, 11 };
    bool want[64] = { false };
    for (int i = 0; i < 17; i++)
        want[expected[i]] = true;
    for (int i = 0; i < l->npeers; i++) {
        assert_true(want[l->peer[0][i]]);
        want[l->peer[0][i]] = false;
    }
    for (int c = 0; c < 64; c++)
        assert_false(want[c]);
}

static void test_build_rejects_bad_descriptions(void **state)
{
    (void)state;
    static const sudoku_layout_desc bad[] = {
        { "0", 0, 1, 1 },    { "-4", -4, 2, 2 },  { "17", 17, 1, 17 }, { "25", 25, 5, 5 },
        { "9a", 9, 0, 9 },   { "9b", 9, 9, 0 },   { "9c", 9, 2, 4 },   { "9d", 9, -3, -3 },
        { "8a", 8, 3, 3 },   { "8b", 8, 2, 2 },   { "6", 6, 2, 2 },    { "16", 16, 4, 5 },
        { "4", 4, 1, 2 },    { "9e", 9, 1, 8 },
        /* Box sides whose product wraps around in int arithmetic to n
         * (3 * 1431655768 = 2^32 + 8) or to 0: no side may exceed n. */
        { "8w", 8, 3, 1431655768 }, { "16w", 16, 65536, 65536 }, { "9w", 9, 1431655768, 3 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sudoku_layout l;
        assert_false(sudoku_layout_build(&l, &bad[i]));
    }
}

static void test_build_4x4(void **state)
{
    (void)state;
    static const sudoku_layout_desc d = { "4x4", 4, 2, 2 };
    sudoku_layout l;
    assert_true(sudoku_layout_build(&l, &d));
    assert_string_equal(l.desc.name, "4x4");
    check_layout(&l, 4, 2, 2, 7);
    static const uint8_t box1[4] = { 2, 3, 6, 7 };
    static const uint8_t box2[4] = { 8, 9, 12, 13 };
    assert_memory_equal(l.unit_cell[8 + 1], box1, 4);
    assert_memory_equal(l.unit_cell[8 + 2], box2, 4);

    /* Degenerate but valid: boxes that are whole rows (peers: row and column only). */
    static const sudoku_layout_desc rows = { "9r", 9, 1, 9 };
    assert_true(sudoku_layout_build(&l, &rows));
    check_layout(&l, 9, 1, 9, 16);
    assert_memory_equal(l.unit_cell[18 + 4], l.unit_cell[4], 9);
}

static void test_build_6x6(void **state)
{
    (void)state;
    /* 2 rows x 3 columns: two boxes across, three down. */
    static const sudoku_layout_desc d = { "6x6", 6, 2, 3 };
    sudoku_layout l;
    assert_true(sudoku_layout_build(&l, &d));
    check_layout(&l, 6, 2, 3, 12);
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            assert_int_equal(sudoku_box_of(&l, r * 6 + c), (r / 2) * 2 + c / 3);
    static const uint8_t box3[6] = { 15, 16, 17, 21, 22, 23 };
    assert_memory_equal(l.unit_cell[12 + 3], box3, 6);

    /* 3 rows x 2 columns: three boxes across, two down. */
    static const sudoku_layout_desc t = { "6x6t", 6, 3, 2 };
    assert_true(sudoku_layout_build(&l, &t));
    check_layout(&l, 6, 3, 2, 12);
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 6; c++)
            assert_int_equal(sudoku_box_of(&l, r * 6 + c), (r / 3) * 3 + c / 2);
}

static void test_build_16x16(void **state)
{
    (void)state;
    static const sudoku_layout_desc d = { "16x16", 16, 4, 4 };
    sudoku_layout *l = malloc(sizeof *l);
    assert_non_null(l);
    assert_true(sudoku_layout_build(l, &d));
    check_layout(l, 16, 4, 4, 39);
    assert_int_equal(l->all, 0xFFFF);
    assert_int_equal(sudoku_box_of(l, 255), 15);
    assert_int_equal(sudoku_box_of(l, 4 * 16 + 4), 5);
    static const uint8_t box15[16] = { 204, 205, 206, 207, 220, 221, 222, 223,
                                       236, 237, 238, 239, 252, 253, 254, 255 };
    assert_memory_equal(l->unit_cell[32 + 15], box15, 16);

    /* A layout built twice from the same description is identical. */
    sudoku_layout *again = malloc(sizeof *again);
    assert_non_null(again);
    memset(again, 0xA5, sizeof *again);
    assert_true(sudoku_layout_build(again, &d));
    assert_memory_equal(again->unit_cell, l->unit_cell, sizeof l->unit_cell);
    assert_memory_equal(again->cell_unit, l->cell_unit, sizeof l->cell_unit);
    assert_memory_equal(again->peer, l->peer, sizeof l->peer);
    free(again);
    free(l);
}

static void test_build_matches_builtins(void **state)
{
    (void)state;
    static const sudoku_layout_desc d9 = { "9x9", 9, 3, 3 }, d8 = { "8x8", 8, 2, 4 };
    sudoku_layout l;
    assert_true(sudoku_layout_build(&l, &d9));
    assert_memory_equal(l.peer, sudoku_layout_9x9()->peer, sizeof l.peer);
    assert_memory_equal(l.unit_cell, sudoku_layout_9x9()->unit_cell, sizeof l.unit_cell);
    assert_true(sudoku_layout_build(&l, &d8));
    assert_memory_equal(l.peer, sudoku_layout_8x8()->peer, sizeof l.peer);
    assert_memory_equal(l.unit_cell, sudoku_layout_8x8()->unit_cell, sizeof l.unit_cell);
}

static void test_layout_for_size(void **state)
{
    (void)state;
    assert_non_null(sudoku_layout_9x9());
    assert_non_null(sudoku_layout_8x8());
    assert_ptr_equal(sudoku_layout_for_size(9), sudoku_layout_9x9());
    assert_ptr_equal(sudoku_layout_for_size(8), sudoku_layout_8x8());
    assert_ptr_equal(sudoku_layout_9x9(), sudoku_layout_9x9());
    assert_ptr_not_equal(sudoku_layout_9x9(), sudoku_layout_8x8());
    static const int none[] = { 0, -1, 1, 4, 6, 7, 10, 16, 81 };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        assert_null(sudoku_layout_for_size(none[i]));
}

static void test_unit_name(void **state)
{
    (void)state;
    const sudoku_layout *l9 = sudoku_layout_9x9(), *l8 = sudoku_layout_8x8();
    char buf[32];
    assert_ptr_equal(sudoku_unit_name(l9, 0, buf, sizeof buf), buf);
    assert_string_equal(buf, "row 1");
    assert_string_equal(sudoku_unit_name(l9, 2, buf, sizeof buf), "row 3");
    assert_string_equal(sudoku_unit_name(l9, 8, buf, sizeof buf), "row 9");
    assert_string_equal(sudoku_unit_name(l9, 9, buf, sizeof buf), "column 1");
    assert_string_equal(sudoku_unit_name(l9, 15, buf, sizeof buf), "column 7");
    assert_string_equal(sudoku_unit_name(l9, 17, buf, sizeof buf), "column 9");
    assert_string_equal(sudoku_unit_name(l9, 18, buf, sizeof buf), "box 1");
    assert_string_equal(sudoku_unit_name(l9, 22, buf, sizeof buf), "box 5");
    assert_string_equal(sudoku_unit_name(l9, 26, buf, sizeof buf), "box 9");
    assert_string_equal(sudoku_unit_name(l8, 7, buf, sizeof buf), "row 8");
    assert_string_equal(sudoku_unit_name(l8, 8, buf, sizeof buf), "column 1");
    assert_string_equal(sudoku_unit_name(l8, 16, buf, sizeof buf), "box 1");
    assert_string_equal(sudoku_unit_name(l8, 23, buf, sizeof buf), "box 8");
    /* Truncated to the buffer, always terminated. */
    char small[5];
    assert_string_equal(sudoku_unit_name(l9, 15, small, sizeof small), "colu");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_9x9_tables),
        cmocka_unit_test(test_9x9_units),
        cmocka_unit_test(test_9x9_peers_of_corner),
        cmocka_unit_test(test_8x8_tables),
        cmocka_unit_test(test_8x8_brick_wall_boxes),
        cmocka_unit_test(test_8x8_peers_of_cell),
        cmocka_unit_test(test_build_rejects_bad_descriptions),
        cmocka_unit_test(test_build_4x4),
        cmocka_unit_test(test_build_6x6),
        cmocka_unit_test(test_build_16x16),
        cmocka_unit_test(test_build_matches_builtins),
        cmocka_unit_test(test_layout_for_size),
        cmocka_unit_test(test_unit_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
