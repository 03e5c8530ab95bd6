/*
 * test_formats.c - the files other programs and sites write, each read
 * from its sample in tests/formats/ (see tests/formats/README.md), with
 * exact records; then the edge cases of each wrapper.
 */
#include "test_util.h"

#define MAXREC 16

/* puzzles/easy.txt lines 1-3, puzzles/hard.txt lines 1-2, puzzles/8x8.txt line 1. */
#define E1 ".....569...6...2...8.3....1..24.6...3......625...3.7...7..1.....1.7.49...3.5....4"
#define E2 ".23....9......782...9.32..153...8.7.8.....2..6..47.18...5......318.........56...."
#define E3 ".....678......9......21....5...3...1.3...52..2.8...4..6.53....4...5...2.3..9...78"
#define H1 "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#define H2 "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
#define P8 "7.18.3..34...8165763.2..8.4.65....714.35..34..21.3572..812..3.5."
#define S1 "123845697456197283789362451892476315347951862561238749974613528215784936638529174"
#define S2 "123845697456197823789632451534218976871956234692473185965381742318724569247569318"
#define S3 "123456789456789132789213645547632891931845267268197453675328914894571326312964578"

static void expect_solution(const sudoku_record *rec, const char *solution)
{
    char buf[SUDOKU_MAX_CELLS + 1];
    assert_true(rec->has_solution);
    assert_string_equal(tu_digits_line(rec->solution, rec->layout->ncells, buf), solution);
}

/* ------------------------------------------------------------ CSV */

static void test_kaggle_csv(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    assert_int_equal(tu_read_path("tests/formats/kaggle.csv", recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    expect_solution(&recs[0], S1);
    tu_expect_puzzle(&recs[1], 3, 9, E2);
    expect_solution(&recs[1], S2);
    tu_expect_puzzle(&recs[2], 4, 9, H1);
    assert_true(recs[2].has_solution);

    assert_int_equal(tu_read_path("tests/formats/kaggle-id.csv", recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    expect_solution(&recs[0], S1);
    tu_expect_puzzle(&recs[2], 4, 9, E3);
    expect_solution(&recs[2], S3);
}

static void test_qqwing_csv(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    /* --csv: "Puzzle,Solution," and a trailing comma on every row. */
    assert_int_equal(tu_read_path("tests/formats/qqwing.csv", recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    expect_solution(&recs[0], S1);
    tu_expect_puzzle(&recs[1], 3, 9, E2);
    expect_solution(&recs[1], S2);
    /* --csv --stats: counts after the puzzle, no solution column. */
    assert_int_equal(tu_read_path("tests/formats/qqwing-stats.csv", recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    assert_false(recs[0].has_solution);
    tu_expect_puzzle(&recs[1], 3, 9, E3);
}

static void test_csv_edge_cases(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* Columns in another order, quoted fields, CRLF. */
    assert_int_equal(tu_read("\"solution\",\"quizzes\"\r\n\"" S1 "\",\"" E1 "\"\r\n", 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    expect_solution(&recs[0], S1);
    /* No header: the first puzzle field, and a later full grid as its solution. */
    assert_int_equal(tu_read("7," E1 "," S1 ",easy\n" E2 ",hard\n" E3 ";" S3 "\n", 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    expect_solution(&recs[0], S1);
    tu_expect_puzzle(&recs[1], 2, 9, E2);
    assert_false(recs[1].has_solution);
    tu_expect_puzzle(&recs[2], 3, 9, E3);
    expect_solution(&recs[2], S3);
    /* A header, then rows that do not fit it. */
    assert_int_equal(tu_read("id,puzzle,solution\n1\n2," E1 "y,\n3," E1 "," E2 "\n4," E1 ",\n", 0, recs, MAXREC), 4);
    tu_expect_error(&recs[0], 2, "1 cell: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8");
    tu_expect_error(&recs[1], 3, "CSV puzzle field: unexpected character 'y' at column 84");
    tu_expect_error(&recs[2], 4, "CSV: the solution field has a blank at cell 1");
    tu_expect_puzzle(&recs[3], 5, 9, E1); /* an empty solution field: no solution */
    assert_false(recs[3].has_solution);
}

/* check's side: a given solution is right only if it is the only one. */
static void test_given_solution_check(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    char why[160];
    assert_int_equal(tu_read_path("tests/formats/wrong-solutions.csv", recs, MAXREC), 5);
    assert_true(sudoku_given_solution_ok(&recs[0], why, sizeof why));
    assert_false(sudoku_given_solution_ok(&recs[1], why, sizeof why));
    assert_string_equal(why, "the given solution has 5 at r1c2, where the puzzle gives 2");
    assert_false(sudoku_given_solution_ok(&recs[2], why, sizeof why));
    assert_string_equal(why, "the given solution has 2 twice in column 1");
    assert_false(sudoku_given_solution_ok(&recs[3], why, sizeof why));
    assert_string_equal(why, "the given solution is not the only one: the puzzle has several");
    assert_ptr_equal(recs[4].layout, sudoku_layout_8x8()); /* 8x8 with its solution */
    assert_true(sudoku_given_solution_ok(&recs[4], why, sizeof why));
    /* A record without a solution. */
    tu_read_one(E1 "\n", 0, &recs[0]);
    assert_false(sudoku_given_solution_ok(&recs[0], why, sizeof why));
    assert_string_equal(why, "no solution was given");
}

/* ------------------------------------------------------------ wrappers */

static void test_hodoku_library(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    assert_int_equal(tu_read_path("tests/formats/hodoku.txt", recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    assert_false(recs[0].pencil);
    /* '+' placed digits count as clues; deleted candidates are applied. */
    assert_true(recs[1].ok);
    char buf[82];
    assert_string_equal(tu_given_line(&recs[1], buf),
                        "123..569...6...2...8.3....1..24.6...3......625...3.7...7..1.....1.7.49...3.5....4");
    assert_true(recs[1].pencil);
    assert_int_equal(recs[1].cand[9], 0x1FF & ~(sudoku_bit(7) | sudoku_bit(9)));
    assert_int_equal(recs[1].cand[10], 0x1FF & ~sudoku_bit(7));
    assert_int_equal(recs[1].cand[11], sudoku_bit(6)); /* a clue */
    assert_int_equal(recs[1].cand[12], 0x1FF);
    tu_expect_puzzle(&recs[2], 3, 9, H1);

    assert_int_equal(tu_read(":0000:x:" E1 ":7211:\n:0000:x:" E1 "1::\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "HoDoKu line: deleted candidates are digit-row-column triples such as 314");
    tu_expect_error(&recs[1], 2, "HoDoKu line, puzzle field: 82 cells: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8");
    /* Deleting a clue's own digit would drop the clue unseen: an error.
     * A clue's other digits are not candidates: deleting them is harmless. */
    assert_int_equal(tu_read(":0000:x:" E1 ":516:\n:0000:x:" E1 ":616:\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "HoDoKu line: deleted candidate 5 at r1c6 is a given digit");
    tu_expect_puzzle(&recs[1], 2, 9, E1);
}

static void test_wrapped_lines(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    static const char *const want[] = { E1, E2, E3, H1, H2, E1, E2 };
    assert_int_equal(tu_read_path("tests/formats/wrapped.txt", recs, MAXREC), 7);
    for (int i = 0; i < 7; i++)
        tu_expect_puzzle(&recs[i], i + 1, 9, want[i]);

    /* A URL without a puzzle; one whose puzzle is short. */
    assert_int_equal(tu_read("https://www.sudokuwiki.org/sudoku.htm\nhttp://x.org/?bd=123\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "a URL with no puzzle in it (looked for a bd=, puzzle=, p=, s= or grid= parameter)");
    tu_expect_error(&recs[1], 2,
                    "URL, puzzle parameter: 3 cells: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8");
    /* Numbered 8x8 lines; a number without a puzzle after it. */
    assert_int_equal(tu_read("40. " P8 "\n41: 12345\n", 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 8, P8);
    assert_false(recs[1].ok);
}

static void test_headings(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    /* Project Euler 96: "Grid 01" before each grid. */
    assert_int_equal(tu_read_path("tests/formats/p096.txt", recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    tu_expect_puzzle(&recs[1], 12, 9, H1);
    tu_expect_puzzle(&recs[2], 22, 9, E2);
    /* QQWing's readable grids with --stats lines after each. */
    assert_int_equal(tu_read_path("tests/formats/qqwing-stats.txt", recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    tu_expect_puzzle(&recs[1], 23, 9, E3);
    /* Simple Sudoku's clipboard: a grid and a candidate grid, each with its trailer. */
    assert_int_equal(tu_read_path("tests/formats/simple-sudoku.txt", recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 2, 9, E2);
    assert_true(recs[1].pencil);
    assert_int_equal(recs[1].line, 18);
    assert_int_equal(recs[1].cand[2], tu_mask("124"));
    /* Other words are still errors. */
    assert_int_equal(tu_read("Grid A\nSimple Sudoku 2\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "unexpected character 'G' at column 1");
    tu_expect_error(&recs[1], 2, "unexpected character 'S' at column 1");
}

static void test_comma_cells(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    assert_int_equal(tu_read_path("tests/formats/comma-rows.txt", recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    tu_expect_puzzle(&recs[1], 11, 9, E3);
    assert_int_equal(tu_read("1,2,3\n", 0, recs, MAXREC), 1);
    assert_false(recs[0].ok);
}

static void test_framed_spaces_as_blanks(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    assert_int_equal(tu_read_path("tests/formats/framed-spaces.txt", recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    tu_expect_puzzle(&recs[1], 16, 9, H1);
    tu_expect_puzzle(&recs[2], 30, 8, P8);
    /* A row of blanks only, inside such a grid, is a row. */
    assert_int_equal(tu_read("+-------+-------+-------+\n"
                             "| 5 3   |   7   |       |\n"
                             "|       |       |       |\n"
                             "|   9 8 |       |   6   |\n"
                             "+-------+-------+-------+\n"
                             "| 8     |   6   |     3 |\n"
                             "| 4     | 8   3 |     1 |\n"
                             "| 7     |   2   |     6 |\n"
                             "+-------+-------+-------+\n"
                             "|   6   |       | 2 8   |\n"
                             "|       | 4 1 9 |     5 |\n"
                             "|       |   8   |   7 9 |\n"
                             "+-------+-------+-------+\n",
                             0, recs, MAXREC),
                     1);
    tu_expect_puzzle(&recs[0], 2, 9, "53..7..............98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    /* Cells off their places are not guessed at. */
    assert_int_equal(tu_read("| 5 3  |   7   |       |\n", 0, recs, MAXREC), 1);
    assert_false(recs[0].ok);
}

static void test_sukaku(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    /* The Wikipedia puzzle's candidates, '.' then '0' for an absent one. */
    assert_int_equal(tu_read_path("tests/formats/sukaku.txt", recs, MAXREC), 2);
    for (int i = 0; i < 2; i++) {
        assert_true(recs[i].ok);
        assert_true(recs[i].pencil);
        assert_int_equal(recs[i].cand[0], tu_mask("5"));
        assert_int_equal(recs[i].cand[2], tu_mask("124"));
        assert_int_equal(recs[i].cand[80], tu_mask("9"));
    }
    char text[800];
    memset(text, '.', 729);
    text[729] = '\n';
    text[730] = '\0';
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "729 characters, a candidate place a character: r1c1 has no candidates");
    for (int c = 0; c < 81; c++)
        memcpy(text + 9 * c, "123456789", 9);
    text[1] = '1';
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "729 characters, a candidate place a character: r1c1 has a digit out of its place");
    /* 8x8: 512 characters. */
    for (int c = 0; c < 64; c++)
        memcpy(text + 8 * c, "12345678", 8);
    text[512] = '\n';
    text[513] = '\0';
    tu_read_one(text, 0, &recs[0]);
    assert_ptr_equal(recs[0].layout, sudoku_layout_8x8());
    assert_int_equal(recs[0].cand[63], 0xFF);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kaggle_csv),
        cmocka_unit_test(test_qqwing_csv),
        cmocka_unit_test(test_csv_edge_cases),
        cmocka_unit_test(test_given_solution_check),
        cmocka_unit_test(test_hodoku_library),
        cmocka_unit_test(test_wrapped_lines),
        cmocka_unit_test(test_headings),
        cmocka_unit_test(test_comma_cells),
        cmocka_unit_test(test_framed_spaces_as_blanks),
        cmocka_unit_test(test_sukaku),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
