/*
 * test_pasted.c - what people paste from web pages, word processors and
 * spreadsheets (issue 20): Unicode spaces and full-width digits, grids
 * drawn with box-drawing characters, tab-separated rows with empty cells,
 * rows separated by '/', JSON arrays of rows; and how the reader names a
 * character it cannot read. Each sample is in tests/formats/ too.
 */
#include "test_util.h"

#define MAXREC 16

/* The Wikipedia puzzle's rows, for building inputs. */
static const char *const easy_rows[9] = { "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
                                          "7...2...6", ".6....28.", "...419..5", "....8..79" };

/* ------------------------------------------------------------ Unicode */

static void test_unicode_spaces(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* U+00A0 between rows of a puzzle line, U+2009 (thin) and U+3000 (ideographic) in a grid. */
    tu_read_one("53..7....\xC2\xA0" "6..195...\xC2\xA0.98....6.\xC2\xA0" "8...6...3\xC2\xA0"
                "4..8.3..1\xC2\xA0" "7...2...6\xC2\xA0.6....28.\xC2\xA0...419..5\xC2\xA0....8..79\n",
                0, &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    char text[1024] = "";
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            size_t at = strlen(text);
            text[at] = easy_rows[r][c];
            text[at + 1] = '\0';
            strcat(text, c == 8 ? "\n" : c % 2 ? "\xE2\x80\x89" : "\xE3\x80\x80");
        }
    }
    tu_read_one(text, 0, &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    /* A remark after U+202F (narrow no-break space). */
    tu_read_one(TU_EASY "\xE2\x80\xAF" "ED=1.2/1.2/1.2\n", 0, &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    /* U+2000-U+200A, all of them, between the cells of a row. */
    strcpy(text, "");
    for (int k = 0; k < 8; k++) {
        size_t at = strlen(text);
        text[at] = "53..7..."[k];
        text[at + 1] = '\0';
        char sp[4] = { '\xE2', '\x80', (char)(0x80 + k + (k > 3 ? 3 : 0)), '\0' }; /* U+2000-03, U+2007-0A */
        strcat(text, sp);
    }
    strcat(text, ".\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n");
    tu_read_one(text, 0, &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
}

/* Full-width digits U+FF10-U+FF19, as East Asian sites write them; U+FF10 is a blank. */
static void test_fullwidth_digits(void **state)
{
    (void)state;
    sudoku_record rec;
    char text[1024] = "";
    const char *p = TU_EASY;
    for (int c = 0; c < 81; c++) {
        int d = p[c] == '.' ? 0 : p[c] - '0';
        char fw[4] = { '\xEF', '\xBC', (char)(0x90 + d), '\0' };
        strcat(text, fw);
    }
    strcat(text, "\n");
    tu_read_one(text, 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
    /* Full-width stops for blanks, and digits as a grid with full-width bars. */
    tu_read_one("\xEF\xBC\x95\xEF\xBC\x93\xEF\xBC\x8E\xEF\xBC\x8E\xEF\xBD\x9C" "7....\n6..195...\n.98....6.\n"
                "8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n", 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
}

/* A character the reader cannot read is named, never written as a raw byte. */
static void test_characters_named(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("53..7\xE2\x80\x93...\n"         /* en dash */
                             "53..7\xC2\xAD...\n"             /* soft hyphen */
                             "\xE2\x80\x8E" "53\n"            /* left-to-right mark: not written out */
                             "53\xC3\x97" "1\n"               /* multiplication sign */
                             "53\xCE\xB1\n"                   /* Greek alpha: prints as itself */
                             "53\xF0\x9F\x98\x80\n"           /* an emoji: code point only */
                             "53\xE9" "1\n"                   /* Latin-1: not UTF-8 */
                             "53\x07\n",                      /* BEL */
                             0, recs, MAXREC), 8);
    tu_expect_error(&recs[0], 1, "unexpected character U+2013 en dash at column 6");
    tu_expect_error(&recs[1], 2, "unexpected character U+00AD soft hyphen at column 6");
    tu_expect_error(&recs[2], 3, "unexpected character U+200E left-to-right mark at column 1");
    tu_expect_error(&recs[3], 4, "unexpected character U+00D7 multiplication sign at column 3");
    tu_expect_error(&recs[4], 5, "unexpected character U+03B1 '\xCE\xB1' at column 3");
    tu_expect_error(&recs[5], 6, "unexpected character U+1F600 at column 3");
    tu_expect_error(&recs[6], 7, "unexpected byte 0xE9 (not UTF-8) at column 3");
    tu_expect_error(&recs[7], 8, "unexpected control character U+0007 at column 3");
    /* Columns count characters, not bytes. */
    assert_int_equal(tu_read("\xC2\xA0\xC2\xA0" "53w\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected character 'w' at column 5");
    /* A sequence cut short: its bytes are read one by one. */
    assert_int_equal(tu_read("53\xE2\x80" "1\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected byte 0xE2 (not UTF-8) at column 3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unicode_spaces),
        cmocka_unit_test(test_fullwidth_digits),
        cmocka_unit_test(test_characters_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
