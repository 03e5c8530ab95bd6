/*
 * test_remarks.c - what a record carries beside its puzzle (its remark),
 * a solution written after a puzzle, and this program's own outputs read
 * back as input (issue 20): tsv and csv with their headers, JSON records,
 * a header naming no puzzle column. Both layouts.
 */
#include "test_util.h"

#define MAXREC 8

static void expect_remark(const sudoku_record *rec, const char *remark)
{
    assert_string_equal(rec->remark, remark);
}

static void expect_given_solution(const sudoku_record *rec, const char *solution)
{
    char buf[SUDOKU_MAX_CELLS + 1];
    assert_true(rec->has_solution);
    int n = rec->layout->ncells;
    for (int c = 0; c < n; c++)
        buf[c] = sudoku_digit_char(rec->solution[c]);
    buf[n] = '\0';
    assert_string_equal(buf, solution);
}

static void test_text_after_cells(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = TU_EASY " ED=11.9/1.2/1.2\n"
                       TU_EASY "\t id 17,  from the paper  \n"
                       TU_8X8 " #7\n"
                       TU_EASY "\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 4);
    expect_remark(&recs[0], "ED=11.9/1.2/1.2");
    expect_remark(&recs[1], "id 17,  from the paper");
    expect_remark(&recs[2], "#7");
    expect_remark(&recs[3], "");
    for (int i = 0; i < 4; i++)
        assert_false(recs[i].has_solution);
}

static void test_solution_after_puzzle(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = TU_EASY " " TU_EASY_SOLUTION "\n"
                       TU_EASY "\t" TU_EASY_SOLUTION "\tnote\n"
                       TU_8X8 " " TU_8X8_SOLUTION "\n"
                       TU_EASY " 12345\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 4);
    expect_given_solution(&recs[0], TU_EASY_SOLUTION);
    expect_remark(&recs[0], "");
    expect_given_solution(&recs[1], TU_EASY_SOLUTION);
    expect_remark(&recs[1], "note");
    expect_given_solution(&recs[2], TU_8X8_SOLUTION);
    assert_false(recs[3].has_solution); /* not a full grid: a remark */
    expect_remark(&recs[3], "12345");
}

static void test_refused_line_kept(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n", 0, &rec);
    assert_false(rec.ok);
    expect_remark(&rec, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7");
}

static void test_own_tsv(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text =
        "source\tline\tpuzzle\tverdict\tlevel\tlevel_rank\ter\tep\ted\thardest\tguesses\tdepth\tremark\n"
        "a.txt\t1\t" TU_EASY "\tunique\teasy\t1\t1.2\t1.2\t1.2\thidden-single-box\t0\t0\tid\\t7\n"
        "a.txt\t2\t\tinvalid\t\t\t\t\t\t\t\t\tbad text\n"
        "a.txt\t3\t" TU_8X8 "\tunique\teasy\t1\t1.2\t1.2\t1.2\thidden-single-box\t0\t0\t\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    expect_remark(&recs[0], "id\t7"); /* unescaped as it was before */
    assert_false(recs[1].ok);
    expect_remark(&recs[1], "bad text");
    tu_expect_puzzle(&recs[2], 4, 8, TU_8X8);
    expect_remark(&recs[2], "");
}

static void test_own_csv_with_solution(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "source,line,puzzle,verdict,solution,remark\r\n"
                       "\"a,b.txt\",1," TU_EASY ",unique," TU_EASY_SOLUTION ",\"x, \"\"y\"\"\"\r\n"
                       "source,line,puzzle,verdict,solutions,given,remark\r\n"
                       "b.txt,1," TU_EASY ",unique,1,,\r\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    expect_given_solution(&recs[0], TU_EASY_SOLUTION);
    expect_remark(&recs[0], "x, \"y\"");
    tu_expect_puzzle(&recs[1], 4, 9, TU_EASY);
    assert_false(recs[1].has_solution); /* check's solutions column is a count */
}

static void test_own_json(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "{\"source\":\"a.txt\",\"line\":1,\"puzzle\":\"" TU_EASY
                       "\",\"verdict\":\"unique\",\"remark\":\"caf\\u00e9 \\\"7\\\"\",\"error\":null}\n"
                       "{\"source\":\"a.txt\",\"line\":2,\"puzzle\":null,\"verdict\":\"invalid\",\"remark\":\"x\"}\n"
                       "{\"source\":\"a.txt\",\"line\":3,\"puzzle\":\"" TU_8X8 "\",\"verdict\":\"unique\"}\n"
                       "{\"summary\":{\"puzzles\":3}}\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    expect_remark(&recs[0], "caf\xc3\xa9 \"7\"");
    assert_false(recs[1].ok);
    expect_remark(&recs[1], "x");
    tu_expect_puzzle(&recs[2], 3, 8, TU_8X8);
}

static void test_unknown_header(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "number,board,difficulty\n"
                       "7," TU_EASY ",easy\n"
                       "Easy\tMedium\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    expect_remark(&recs[0], "number=7 difficulty=easy");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_after_cells),      cmocka_unit_test(test_solution_after_puzzle),
        cmocka_unit_test(test_refused_line_kept),     cmocka_unit_test(test_own_tsv),
        cmocka_unit_test(test_own_csv_with_solution), cmocka_unit_test(test_own_json),
        cmocka_unit_test(test_unknown_header),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
