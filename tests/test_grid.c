/*
 * test_grid.c - digits, candidates, contradictions, printing, and loading
 * records into grids.
 */
#include "test_util.h"

static bool is_peer(const sudoku_layout *l, int a, int b)
{
    for (int i = 0; i < l->npeers; i++)
        if (l->peer[a][i] == b)
            return true;
    return false;
}

/* Captures sudoku_grid_print output into buf. */
static const char *print_to(const sudoku_grid *g, char *buf, size_t size)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    sudoku_grid_print(g, f);
    rewind(f);
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void test_init(void **state)
{
    (void)state;
    sudoku_grid g;
    memset(&g, 0xAB, sizeof g);
    sudoku_grid_init(&g, sudoku_layout_9x9());
    assert_ptr_equal(g.layout, sudoku_layout_9x9());
    assert_int_equal(g.empty, 81);
    for (int c = 0; c < 81; c++) {
        assert_int_equal(g.digit[c], 0);
        assert_int_equal(g.cand[c], 0x1FF);
    }
    assert_false(sudoku_grid_contradiction(&g, NULL, 0));

    memset(&g, 0xAB, sizeof g);
    sudoku_grid_init(&g, sudoku_layout_8x8());
    assert_ptr_equal(g.layout, sudoku_layout_8x8());
    assert_int_equal(g.empty, 64);
    for (int c = 0; c < 64; c++) {
        assert_int_equal(g.digit[c], 0);
        assert_int_equal(g.cand[c], 0xFF);
    }
}

static void test_place_removes_from_peers(void **state)
{
    (void)state;
    const sudoku_layout *l = sudoku_layout_9x9();
    sudoku_grid g;
    sudoku_grid_init(&g, l);
    int cell = 40; /* r5c5 */
    assert_true(sudoku_grid_place(&g, cell, 5));
    assert_int_equal(g.digit[cell], 5);
    assert_int_equal(g.cand[cell], 0);
    assert_int_equal(g.empty, 80);
    int peers = 0;
    for (int c = 0; c < 81; c++) {
        if (c == cell)
            continue;
        if (is_peer(l, cell, c)) {
            peers++;
            assert_int_equal(g.cand[c], 0x1FF & ~sudoku_bit(5));
        } else {
            assert_int_equal(g.cand[c], 0x1FF);
        }
    }
    assert_int_equal(peers, 20);
    /* Specific cells: r5c1 (row), r1c5 (column), r4c4 (box) lost 5; r1c1 did not. */
    assert_int_equal(g.cand[36], 0x1EF);
    assert_int_equal(g.cand[4], 0x1EF);
    assert_int_equal(g.cand[30], 0x1EF);
    assert_int_equal(g.cand[0], 0x1FF);

    /* A second digit elsewhere narrows a shared peer further. */
    assert_true(sudoku_grid_place(&g, 0, 9));
    assert_int_equal(g.cand[4], 0x1FF & ~sudoku_bit(5) & ~sudoku_bit(9)); /* r1c5 sees both */
    assert_int_equal(g.empty, 79);
}

static void test_place_refuses(void **state)
{
    (void)state;
    sudoku_grid g, before;
    sudoku_grid_init(&g, sudoku_layout_9x9());
    assert_true(sudoku_grid_place(&g, 0, 3));
    before = g;
    assert_false(sudoku_grid_place(&g, 0, 3)); /* filled */
    assert_false(sudoku_grid_place(&g, 0, 4)); /* filled */
    assert_false(sudoku_grid_place(&g, 1, 3)); /* 3 is not a candidate of a row peer */
    assert_false(sudoku_grid_place(&g, 9, 3)); /* column peer */
    assert_false(sudoku_grid_place(&g, 20, 3)); /* box peer */
    assert_false(sudoku_grid_place(&g, 5, 0)); /* not a digit */
    assert_false(sudoku_grid_place(&g, 5, 10));
    assert_false(sudoku_grid_place(&g, 5, -1));
    assert_memory_equal(&g, &before, sizeof g);
    assert_true(sudoku_grid_eliminate(&g, 50, 7));
    before = g;
    assert_false(sudoku_grid_place(&g, 50, 7)); /* eliminated */
    assert_memory_equal(&g, &before, sizeof g);

    sudoku_grid_init(&g, sudoku_layout_8x8());
    before = g;
    assert_false(sudoku_grid_place(&g, 0, 9)); /* no 9 in an 8x8 */
    assert_memory_equal(&g, &before, sizeof g);
    assert_true(sudoku_grid_place(&g, 0, 8));
    assert_int_equal(g.cand[11], 0xFF & ~sudoku_bit(8)); /* r2c4: same brick-wall box */
    assert_int_equal(g.cand[12], 0xFF);                  /* r2c5: next box */
}

static void test_eliminate(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_grid_init(&g, sudoku_layout_9x9());
    assert_true(sudoku_grid_eliminate(&g, 10, 4));
    assert_int_equal(g.cand[10], 0x1FF & ~sudoku_bit(4));
    assert_false(sudoku_grid_eliminate(&g, 10, 4)); /* already gone */
    assert_int_equal(g.cand[10], 0x1FF & ~sudoku_bit(4));
    assert_true(sudoku_grid_eliminate(&g, 10, 9));
    assert_int_equal(g.cand[10], 0x0F7);
    assert_int_equal(g.cand[11], 0x1FF); /* no effect on others */
    assert_int_equal(g.empty, 81);
    assert_true(sudoku_grid_place(&g, 12, 1));
    assert_false(sudoku_grid_eliminate(&g, 12, 1)); /* filled */
    assert_false(sudoku_grid_eliminate(&g, 12, 2));
    assert_int_equal(g.digit[12], 1);
    assert_int_equal(g.cand[12], 0);
}

static void expect_contradiction(const sudoku_grid *g, const char *message)
{
    char why[128] = "";
    assert_true(sudoku_grid_contradiction(g, why, sizeof why));
    assert_string_equal(why, message);
    assert_true(sudoku_grid_contradiction(g, NULL, 0));
    assert_true(sudoku_grid_contradiction(g, NULL, 99));
}

static void test_contradiction_none(void **state)
{
    (void)state;
    sudoku_grid g;
    char why[64] = "untouched";
    tu_grid_from_line(&g, sudoku_layout_9x9(), TU_EASY);
    assert_false(sudoku_grid_contradiction(&g, why, sizeof why));
    assert_string_equal(why, "untouched");
    tu_grid_from_line(&g, sudoku_layout_9x9(), TU_EASY_SOLUTION);
    assert_int_equal(g.empty, 0);
    assert_false(sudoku_grid_contradiction(&g, why, sizeof why));
}

static void test_contradiction_two_equal_digits(void **state)
{
    (void)state;
    sudoku_grid g;
    /* Written directly: sudoku_grid_place would refuse the second digit. */
    sudoku_grid_init(&g, sudoku_layout_9x9());
    g.digit[0] = 3, g.cand[0] = 0;
    g.digit[7] = 3, g.cand[7] = 0;
    expect_contradiction(&g, "two 3s in row 1");

    sudoku_grid_init(&g, sudoku_layout_9x9());
    g.digit[4] = 6, g.cand[4] = 0;
    g.digit[76] = 6, g.cand[76] = 0; /* r9c5 */
    expect_contradiction(&g, "two 6s in column 5");

    sudoku_grid_init(&g, sudoku_layout_9x9());
    g.digit[60] = 8, g.cand[60] = 0; /* r7c7 */
    g.digit[80] = 8, g.cand[80] = 0; /* r9c9 */
    expect_contradiction(&g, "two 8s in box 9");

    sudoku_grid_init(&g, sudoku_layout_8x8());
    g.digit[2] = 7, g.cand[2] = 0;   /* r1c3 */
    g.digit[8] = 7, g.cand[8] = 0;   /* r2c1: same 2x4 box */
    expect_contradiction(&g, "two 7s in box 1");
}

static void test_contradiction_cell_without_candidate(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_grid_init(&g, sudoku_layout_9x9());
    for (int d = 1; d <= 9; d++)
        assert_true(sudoku_grid_eliminate(&g, 24, d)); /* r3c7 */
    expect_contradiction(&g, "r3c7 has no candidate left");
    char small[5];
    assert_true(sudoku_grid_contradiction(&g, small, sizeof small));
    assert_string_equal(small, "r3c7");

    sudoku_grid_init(&g, sudoku_layout_8x8());
    for (int d = 1; d <= 8; d++)
        assert_true(sudoku_grid_eliminate(&g, 63, d));
    expect_contradiction(&g, "r8c8 has no candidate left");
}

static void test_contradiction_digit_without_place(void **state)
{
    (void)state;
    sudoku_grid g;
    sudoku_grid_init(&g, sudoku_layout_9x9());
    for (int c = 0; c < 9; c++)
        sudoku_grid_eliminate(&g, c, 5);
    expect_contradiction(&g, "5 has no place left in row 1");
    /* The lowest missing digit is named. */
    for (int c = 0; c < 9; c++)
        sudoku_grid_eliminate(&g, c, 2);
    expect_contradiction(&g, "2 has no place left in row 1");

    sudoku_grid_init(&g, sudoku_layout_9x9());
    for (int r = 0; r < 9; r++)
        sudoku_grid_eliminate(&g, r * 9 + 3, 3);
    expect_contradiction(&g, "3 has no place left in column 4");

    sudoku_grid_init(&g, sudoku_layout_9x9());
    for (int i = 0; i < 9; i++)
        sudoku_grid_eliminate(&g, sudoku_layout_9x9()->unit_cell[18 + 4][i], 7);
    expect_contradiction(&g, "7 has no place left in box 5");

    /* A placed digit counts as having its place. */
    sudoku_grid_init(&g, sudoku_layout_9x9());
    assert_true(sudoku_grid_place(&g, 0, 5));
    for (int c = 1; c < 9; c++)
        sudoku_grid_eliminate(&g, c, 5);
    assert_false(sudoku_grid_contradiction(&g, NULL, 0));

    sudoku_grid_init(&g, sudoku_layout_8x8());
    for (int i = 0; i < 8; i++)
        sudoku_grid_eliminate(&g, sudoku_layout_8x8()->unit_cell[16 + 6][i], 8);
    expect_contradiction(&g, "8 has no place left in box 7");
}

static void test_contradiction_after_places(void **state)
{
    (void)state;
    /* Real placements that leave r1c9 with nothing: row 1 holds 1..8 and
     * column 9 holds 9 further down. */
    sudoku_grid g;
    sudoku_grid_init(&g, sudoku_layout_9x9());
    for (int c = 0; c < 8; c++)
        assert_true(sudoku_grid_place(&g, c, c + 1));
    assert_true(sudoku_grid_place(&g, 80, 9));
    assert_int_equal(g.cand[8], 0);
    /* Units come first: 9 cannot go anywhere in row 1. */
    expect_contradiction(&g, "9 has no place left in row 1");
}

static void test_to_line(void **state)
{
    (void)state;
    sudoku_grid g;
    char buf[SUDOKU_MAX_CELLS + 1];
    tu_grid_from_line(&g, sudoku_layout_9x9(), TU_EASY);
    memset(buf, 'Z', sizeof buf);
    sudoku_grid_to_line(&g, buf);
    assert_string_equal(buf, TU_EASY);
    assert_int_equal(strlen(buf), 81);

    sudoku_grid_init(&g, sudoku_layout_8x8());
    assert_true(sudoku_grid_place(&g, 0, 1));
    assert_true(sudoku_grid_place(&g, 63, 8));
    assert_true(sudoku_grid_place(&g, 12, 4));
    sudoku_grid_to_line(&g, buf);
    assert_string_equal(buf, "1......." "....4..." "........" "........"
                             "........" "........" "........" ".......8");
}

static void test_print_9x9(void **state)
{
    (void)state;
    sudoku_grid g;
    char buf[1024];
    tu_grid_from_line(&g, sudoku_layout_9x9(), TU_EASY);
    assert_string_equal(print_to(&g, buf, sizeof buf),
                        "5 3 . | . 7 . | . . .\n"
                        "6 . . | 1 9 5 | . . .\n"
                        ". 9 8 | . . . | . 6 .\n"
                        "------+-------+------\n"
                        "8 . . | . 6 . | . . 3\n"
                        "4 . . | 8 . 3 | . . 1\n"
                        "7 . . | . 2 . | . . 6\n"
                        "------+-------+------\n"
                        ". 6 . | . . . | 2 8 .\n"
                        ". . . | 4 1 9 | . . 5\n"
                        ". . . | . 8 . | . 7 9\n");
}

static void test_print_8x8(void **state)
{
    (void)state;
    sudoku_grid g;
    char buf[1024];
    tu_grid_from_line(&g, sudoku_layout_8x8(),
                      "12345678" "5678...."
                      "........" "........"
                      "........" "........"
                      "........" ".......1");
    assert_string_equal(print_to(&g, buf, sizeof buf),
                        "1 2 3 4 | 5 6 7 8\n"
                        "5 6 7 8 | . . . .\n"
                        "--------+--------\n"
                        ". . . . | . . . .\n"
                        ". . . . | . . . .\n"
                        "--------+--------\n"
                        ". . . . | . . . .\n"
                        ". . . . | . . . .\n"
                        "--------+--------\n"
                        ". . . . | . . . .\n"
                        ". . . . | . . . 1\n");
}

static void test_print_reads_back(void **state)
{
    (void)state;
    /* What print writes, the reader reads as the same puzzle. */
    sudoku_grid g;
    sudoku_record rec;
    char buf[1024];
    tu_grid_from_line(&g, sudoku_layout_9x9(), TU_EASY);
    tu_read_one(print_to(&g, buf, sizeof buf), 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);

    const char *p8 = "1......." "....4..." "........" "..3....." "........" "......2." "........" ".......8";
    tu_grid_from_line(&g, sudoku_layout_8x8(), p8);
    tu_read_one(print_to(&g, buf, sizeof buf), 0, &rec);
    tu_expect_puzzle(&rec, 1, 8, p8);
}

static void test_cell_name_and_digit_char(void **state)
{
    (void)state;
    const sudoku_layout *l9 = sudoku_layout_9x9(), *l8 = sudoku_layout_8x8();
    char buf[16];
    assert_ptr_equal(sudoku_cell_name(l9, 0, buf, sizeof buf), buf);
    assert_string_equal(buf, "r1c1");
    assert_string_equal(sudoku_cell_name(l9, 24, buf, sizeof buf), "r3c7");
    assert_string_equal(sudoku_cell_name(l9, 80, buf, sizeof buf), "r9c9");
    assert_string_equal(sudoku_cell_name(l9, 9, buf, sizeof buf), "r2c1");
    assert_string_equal(sudoku_cell_name(l8, 8, buf, sizeof buf), "r2c1");
    assert_string_equal(sudoku_cell_name(l8, 63, buf, sizeof buf), "r8c8");
    assert_string_equal(sudoku_cell_name(l8, 7, buf, sizeof buf), "r1c8");

    assert_int_equal(sudoku_digit_char(0), '.');
    assert_int_equal(sudoku_digit_char(-3), '.');
    assert_int_equal(sudoku_digit_char(1), '1');
    assert_int_equal(sudoku_digit_char(9), '9');
    assert_int_equal(sudoku_digit_char(10), 'A');
    assert_int_equal(sudoku_digit_char(16), 'G');
}

static void test_from_record(void **state)
{
    (void)state;
    sudoku_record rec;
    sudoku_grid g;
    char why[128] = "untouched";
    tu_read_one(TU_EASY "\n", 0, &rec);
    assert_true(sudoku_grid_from_record(&g, &rec, why, sizeof why));
    assert_ptr_equal(g.layout, sudoku_layout_9x9());
    assert_int_equal(g.empty, 81 - 30);
    char line[82];
    sudoku_grid_to_line(&g, line);
    assert_string_equal(line, TU_EASY);
    /* r1c3: row 1 has 5 3 7, column 3 has 8, box 1 has 5 3 6 9 8. */
    assert_int_equal(g.cand[2], tu_mask("124"));
    /* r5c5: row 5 holds 4 8 3 1, column 5 7 9 6 2 1 8, box 5 6 8 3 2: only 5. */
    assert_int_equal(g.cand[40], tu_mask("5"));
    assert_int_equal(g.cand[0], 0);
    /* A NULL 'why' is fine. */
    assert_true(sudoku_grid_from_record(&g, &rec, NULL, 0));
}

static void expect_record_contradiction(const char *text, const char *message)
{
    sudoku_record rec;
    sudoku_grid g;
    char why[128] = "";
    tu_read_one(text, 0, &rec);
    assert_true(rec.ok);
    assert_false(sudoku_grid_from_record(&g, &rec, why, sizeof why));
    assert_string_equal(why, message);
    assert_false(sudoku_grid_from_record(&g, &rec, NULL, 0));
}

static void test_from_record_duplicates(void **state)
{
    (void)state;
    /* Two 5s in row 1. */
    expect_record_contradiction("5......5." "........." "........." "........." "........."
                                "........." "........." "........." ".........",
                                "two 5s in row 1");
    /* Two 4s in column 2. */
    expect_record_contradiction(".4......." "........." "........." "........." "........."
                                "........." "........." ".4......." ".........",
                                "two 4s in column 2");
    /* Two 9s in box 5, in different rows and columns. */
    expect_record_contradiction("........." "........." "........." "...9....." "........."
                                ".....9..." "........." "........." ".........",
                                "two 9s in box 5");
    /* 8x8: two 2s in the brick-wall box 4 (rows 3-4, columns 5-8). */
    expect_record_contradiction("........" "........" "....2..." ".......2"
                                "........" "........" "........" "........",
                                "two 2s in box 4");
    /* No duplicate, but row 1 holds 1..8 and r9c9 a 9: r1c9, the only
     * free cell of row 1, cannot take the 9 the row still needs. */
    expect_record_contradiction("12345678." "........." "........." "........." "........."
                                "........." "........." "........." "........9",
                                "9 has no place left in row 1");
}

static void test_from_record_pencil_marks(void **state)
{
    (void)state;
    /* Pencil marks narrow the candidates beyond what the givens imply. */
    const char *text =
        "12 3 4 | 5 6 7 | 8 9 12\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 456 123456789 123456789\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789\n";
    sudoku_record rec;
    sudoku_grid g;
    char why[128] = "";
    tu_read_one(text, 0, &rec);
    assert_true(rec.ok);
    assert_true(rec.pencil);
    assert_true(sudoku_grid_from_record(&g, &rec, why, sizeof why));
    assert_int_equal(g.empty, 81 - 7);
    assert_int_equal(g.digit[1], 3);
    assert_int_equal(g.digit[7], 9);
    assert_int_equal(g.cand[0], tu_mask("12"));
    assert_int_equal(g.cand[8], tu_mask("12"));
    /* r2c7: pencil 456, box 3 holds 8 and 9 anyway. */
    assert_int_equal(g.cand[15], tu_mask("456"));
    /* r2c8: every digit but the 8 and 9 of box 3 (r1c7, r1c8). */
    assert_int_equal(g.cand[16], tu_mask("1234567"));
    /* r9c1: column 1 has no given; row 9 none; box 7 none. */
    assert_int_equal(g.cand[72], 0x1FF);
}

static void test_from_record_pencil_contradiction(void **state)
{
    (void)state;
    /* r1c9 is pencilled 34 but row 1 already holds both. */
    expect_record_contradiction(
        "12 3 4 | 5 6 7 | 8 9 34\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n",
        "r1c9 has no candidate left");
    /* Digit 1 pencilled nowhere in row 2. */
    expect_record_contradiction(
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "23456789 23456789 23456789 23456789 23456789 23456789 23456789 23456789 23456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n"
        "123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789\n",
        "1 has no place left in row 2");
}

/* Random records on both layouts, clues clashing or not, pencil marks or
 * not: sudoku_grid_from_record agrees with loading clue by clue through
 * sudoku_grid_place, then the pencil marks, then the contradiction check. */
static void test_from_record_matches_clue_by_clue(void **state)
{
    (void)state;
    uint64_t x = 0x243F6A8885A308D3u;
    const sudoku_layout *layouts[2] = { sudoku_layout_9x9(), sudoku_layout_8x8() };
    int agreed[2] = { 0, 0 };
    for (int k = 0; k < 4000; k++) {
        const sudoku_layout *l = layouts[k % 2];
        sudoku_record rec;
        memset(&rec, 0, sizeof rec);
        rec.ok = true;
        rec.layout = l;
        int clues = 4 + (int)((x >> 7) % 16), strikes = k % 3 ? 0 : (int)((x >> 17) % 40);
        for (int c = 0; c < l->ncells; c++)
            rec.cand[c] = l->all;
        for (int i = 0; i < clues + strikes; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            int c = (int)(x % (uint64_t)l->ncells), d = 1 + (int)((x >> 20) % (uint64_t)l->n);
            if (rec.given[c])
                continue;
            if (i < clues) {
                rec.given[c] = (uint8_t)d;
                rec.cand[c] = sudoku_bit(d);
            } else {
                rec.cand[c] &= (sudoku_mask)~sudoku_bit(d);
                rec.pencil = true;
            }
        }
        sudoku_grid expect;
        sudoku_grid_init(&expect, l);
        bool ok = true;
        for (int c = 0; c < l->ncells && ok; c++)
            if (rec.given[c])
                ok = sudoku_grid_place(&expect, c, rec.given[c]);
        if (ok) {
            for (int c = 0; c < l->ncells; c++)
                if (!expect.digit[c])
                    expect.cand[c] &= rec.cand[c];
            ok = !sudoku_grid_contradiction(&expect, NULL, 0);
        }
        sudoku_grid g;
        char why[160] = "";
        assert_int_equal(sudoku_grid_from_record(&g, &rec, why, sizeof why), ok);
        if (ok)
            assert_memory_equal(&g, &expect, sizeof g);
        else
            assert_true(why[0] != '\0');
        agreed[ok]++;
    }
    print_message("  %d loaded, %d refused\n", agreed[1], agreed[0]);
    /* Both outcomes were tried many times. */
    assert_true(agreed[0] > 500 && agreed[1] > 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_place_removes_from_peers),
        cmocka_unit_test(test_place_refuses),
        cmocka_unit_test(test_eliminate),
        cmocka_unit_test(test_contradiction_none),
        cmocka_unit_test(test_contradiction_two_equal_digits),
        cmocka_unit_test(test_contradiction_cell_without_candidate),
        cmocka_unit_test(test_contradiction_digit_without_place),
        cmocka_unit_test(test_contradiction_after_places),
        cmocka_unit_test(test_to_line),
        cmocka_unit_test(test_print_9x9),
        cmocka_unit_test(test_print_8x8),
        cmocka_unit_test(test_print_reads_back),
        cmocka_unit_test(test_cell_name_and_digit_char),
        cmocka_unit_test(test_from_record),
        cmocka_unit_test(test_from_record_duplicates),
        cmocka_unit_test(test_from_record_pencil_marks),
        cmocka_unit_test(test_from_record_pencil_contradiction),
        cmocka_unit_test(test_from_record_matches_clue_by_clue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
