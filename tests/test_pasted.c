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
                             "53\xCE\xB1\n"                   /* Greek alpha: said to be one */
                             "53\xF0\x9F\x98\x80\n"           /* an emoji */
                             "53\xE9" "1\n"                   /* Latin-1: not UTF-8 */
                             "53\x07\n",                      /* BEL */
                             0, recs, MAXREC), 8);
    tu_expect_error(&recs[0], 1, "unexpected character U+2013 en dash at column 6");
    tu_expect_error(&recs[1], 2, "unexpected character U+00AD soft hyphen at column 6");
    tu_expect_error(&recs[2], 3, "unexpected character U+200E left-to-right mark at column 1");
    tu_expect_error(&recs[3], 4, "unexpected character U+00D7 multiplication sign at column 3");
    tu_expect_error(&recs[4], 5, "unexpected character U+03B1, a Greek letter, at column 3");
    tu_expect_error(&recs[5], 6, "unexpected character U+1F600, an emoji, at column 3");
    tu_expect_error(&recs[6], 7, "unexpected byte 0xE9 (not UTF-8) at column 3");
    tu_expect_error(&recs[7], 8, "unexpected control character U+0007 at column 3");
    /* A character with no name or kind: its code point alone (U+0E01, Thai). */
    assert_int_equal(tu_read("53\xE0\xB8\x81\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected character U+0E01 at column 3");
    /* Columns count characters, not bytes. */
    assert_int_equal(tu_read("\xC2\xA0\xC2\xA0" "53w\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected character 'w' at column 5");
    /* Byte order marks by the hundred thousand (files put end to end): passed over, in fixed stack. */
    size_t nboms = 100000, len = 3 * nboms + 82;
    char *boms = malloc(len);
    assert_non_null(boms);
    for (size_t i = 0; i < nboms; i++)
        memcpy(boms + 3 * i, "\xEF\xBB\xBF", 3);
    memcpy(boms + 3 * nboms, TU_EASY "\n", 82);
    assert_int_equal(tu_read_bytes(boms, len, 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    free(boms);
    /* A sequence cut short: its bytes are read one by one. */
    assert_int_equal(tu_read("53\xE2\x80" "1\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected byte 0xE2 (not UTF-8) at column 3");
}

/* ------------------------------------------------------------ samples */

#define E1 TU_EASY
#define H1 TU_HARD
#define P8 TU_8X8

static void test_samples(void **state)
{
    (void)state;
    static sudoku_record recs[MAXREC];
    assert_int_equal(tu_read_path("tests/formats/unicode-spaces.txt", recs, MAXREC), 4);
    tu_expect_puzzle(&recs[0], 3, 9, E1);
    tu_expect_puzzle(&recs[1], 5, 9, H1);
    tu_expect_puzzle(&recs[2], 15, 9, E1);
    tu_expect_puzzle(&recs[3], 17, 8, P8);
    assert_int_equal(tu_read_path("tests/formats/box-drawing.txt", recs, MAXREC), 4);
    tu_expect_puzzle(&recs[0], 4, 9, E1);
    tu_expect_puzzle(&recs[1], 18, 9, H1);
    tu_expect_puzzle(&recs[2], 32, 9, E1);
    tu_expect_puzzle(&recs[3], 52, 8, P8);
    assert_int_equal(tu_read_path("tests/formats/spreadsheet.tsv", recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    tu_expect_puzzle(&recs[1], 11, 9, H1);
    tu_expect_puzzle(&recs[2], 21, 8, P8);
    assert_int_equal(tu_read_path("tests/formats/slash-rows.txt", recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    tu_expect_puzzle(&recs[1], 3, 9, H1);
    tu_expect_puzzle(&recs[2], 4, 8, P8);
    assert_int_equal(tu_read_path("tests/formats/json-rows.txt", recs, MAXREC), 5);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    tu_expect_puzzle(&recs[1], 3, 9, H1);
    tu_expect_puzzle(&recs[2], 13, 8, P8);
    tu_expect_puzzle(&recs[3], 21, 9, E1);
    tu_expect_puzzle(&recs[4], 22, 9, H1);
}

/* ------------------------------------------------------------ drawn grids */

#define RULE9 "+---+---+---+---+---+---+---+---+---+\n"

/* A row of E1 drawn a box per cell, a space for a blank. */
static void cell_row(char *text, const char *row, int n)
{
    strcat(text, "|");
    for (int c = 0; c < n; c++) {
        char cell[8];
        snprintf(cell, sizeof cell, " %c |", row[c] == '.' ? ' ' : row[c]);
        strcat(text, cell);
    }
    strcat(text, "\n");
}

static void test_ruled_grids(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    static char text[4096];
    /* Ruled after every row, ASCII: the same as drawn with box drawing. */
    strcpy(text, RULE9);
    for (int r = 0; r < 9; r++) {
        cell_row(text, easy_rows[r], 9);
        strcat(text, RULE9);
    }
    strcat(text, TU_HARD "\n");
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    tu_expect_puzzle(&recs[1], 20, 9, H1);

    /* A first row and a middle row with no clue at all. */
    static const char *const rows[9] = { ".........", "6..195...", ".98....6.", "8...6...3", ".........",
                                         "7...2...6", ".6....28.", "...419..5", "....8..79" };
    strcpy(text, RULE9);
    for (int r = 0; r < 9; r++) {
        cell_row(text, rows[r], 9);
        strcat(text, RULE9);
    }
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 2, 9,
                     ".........6..195....98....6.8...6...3.........7...2...6.6....28....419..5....8..79");

    /* Ruled after row 1, then not before row 3: a row is missing or extra. */
    strcpy(text, RULE9);
    cell_row(text, easy_rows[0], 9);
    strcat(text, RULE9);
    for (int r = 1; r < 9; r++)
        cell_row(text, easy_rows[r], 9);
    strcat(text, RULE9 "\n" TU_HARD "\n");
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 5, "a rule line after row 1 of the grid but none before row 3: a row is missing or extra");
    tu_expect_puzzle(&recs[1], 14, 9, H1);

    /* Cells drawn three lines tall, empty lines above and below the
     * digits: the empty lines are not rows, and the grid is reported,
     * never read as a puzzle of blank rows. */
    strcpy(text, RULE9);
    for (int r = 0; r < 3; r++) {
        strcat(text, "|   |   |   |   |   |   |   |   |   |\n");
        cell_row(text, easy_rows[r], 9);
        strcat(text, "|   |   |   |   |   |   |   |   |   |\n" RULE9);
    }
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 5, "box line after row 2 of the grid, not between bands of 3 rows: a row is missing or extra");

    /* A box per cell with other characters in it is not a row. */
    assert_int_equal(tu_read("| 5 | 3 | a |   | 7 |   |   |   |   |\n", 0, recs, MAXREC), 1);
    assert_false(recs[0].ok);
    assert_int_equal(tu_read("| 5 | 3 | 12|   | 7 |   |   |   |   |\n", 0, recs, MAXREC), 1);
    assert_false(recs[0].ok);
}

/* ------------------------------------------------------------ spreadsheets */

static void test_spreadsheet_rows(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* A whole puzzle as one row of 81 cells, blanks empty. */
    char text[1024] = "";
    for (int c = 0; c < 81; c++) {
        size_t at = strlen(text);
        if (TU_EASY[c] != '.')
            text[at++] = TU_EASY[c];
        text[at++] = c == 80 ? '\n' : '\t';
        text[at] = '\0';
    }
    tu_read_one(text, 0, &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    /* Empty rows: first, in the middle, last (tabs only). */
    strcpy(text, "\t\t\t\t\t\t\t\t\n");
    for (int r = 1; r < 8; r++) {
        for (int c = 0; c < 9; c++) {
            size_t at = strlen(text);
            if (easy_rows[r][c] != '.')
                text[at++] = easy_rows[r][c];
            text[at++] = c == 8 ? '\n' : '\t';
            text[at] = '\0';
        }
    }
    strcat(text, "\t\t\t\t\t\t\t\t\n\n" TU_HARD "\n");
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9,
                     ".........6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.........");
    tu_expect_puzzle(&recs[1], 11, 9, H1);
    /* Tabs only, outside a grid of tab rows, are still a blank line. */
    assert_int_equal(tu_read("\t\t\t\t\t\t\t\t\n" TU_EASY "\n", 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 2, 9, E1);
    /* Tabs only end a grid of other rows, as a blank line does. */
    assert_int_equal(tu_read("| 5 3   |   7   |       |\n\t\t\t\t\t\t\t\t\n" TU_EASY "\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "grid ends after 1 of its 9 rows");
    tu_expect_puzzle(&recs[1], 3, 9, E1);
    assert_int_equal(tu_read("[[5,3,0,0,7,0,0,0,0],\n\t\t\t\t\t\t\t\t\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "grid ends after 1 of its 9 rows");
    /* A field of two characters: not a spreadsheet row. */
    assert_int_equal(tu_read("5\t3\t\t\t7\t\t\t\t12\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "4 candidate groups (5 digits): a pencil-mark row has 9 or 8 groups, a puzzle 81 or 64");
}

/* ------------------------------------------------------------ '/' rows */

static void test_slash_rows(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    tu_read_one("53..7..../6..195.../.98....6./8...6...3/4..8.3..1/7...2...6/.6....28./...419..5/....8..79\n", 0,
                &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    tu_read_one("1.64 .... / .... ..7. / ...5 ..13 / ..76 .8.. / .3.. ...6 / ..2. 7... / 8.3. ..6. / .... 1... /\n", 0,
                &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 8, P8);
    /* Eight rows: not a puzzle, the '/' is reported as before. */
    assert_int_equal(tu_read("53..7..../6..195.../.98....6./8...6...3/4..8.3..1/7...2...6/.6....28./...419..5\n", 0,
                             recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected character '/' at column 10");
    /* Rows of different sides. */
    assert_int_equal(tu_read("53..7..../6..195../.98....6./8...6...3/4..8.3..1/7...2...6/.6....28./...419..5/....8..79\n",
                             0, recs, MAXREC), 1);
    assert_false(recs[0].ok);
    /* A remark after a plain puzzle line may hold '/': it is still a remark. */
    tu_read_one(TU_EASY " ED=1.2/1.2/1.2\n", 0, &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
}

/* ------------------------------------------------------------ JSON */

static void test_json_arrays(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* Flat, 81 values, null for a blank. */
    char text[2048] = "[";
    for (int c = 0; c < 81; c++) {
        char v[8];
        snprintf(v, sizeof v, "%s%s", c ? ", " : "", TU_EASY[c] == '.' ? "null" : (char[]){ TU_EASY[c], 0 });
        strcat(text, v);
    }
    strcat(text, "]\n");
    tu_read_one(text, 0, &recs[0]);
    tu_expect_puzzle(&recs[0], 1, 9, E1);
    /* A value that is not a digit. */
    assert_int_equal(tu_read("[[5,3,0,0,7,0,0,0,10],[6,0,0,1,9,5,0,0,0]]\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "JSON array: 10 is not a digit");
    /* A row of 8 on a line of its own in a 9x9 array. */
    assert_int_equal(tu_read("[[5,3,0,0,7,0,0,0,0],\n[6,0,0,1,9,5,0,0],\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 2, "row has 8 cells, expected 9");
    /* One line, a row short. */
    assert_int_equal(tu_read("[[5,3,0,0,7,0,0,0,0],[6,0,0,1,9,5,0,0,0],[0,9,8,0,0,0,0,6,0],[8,0,0,0,6,0,0,0,3],"
                             "[4,0,0,8,0,3,0,0,1],[7,0,0,0,2,0,0,0,6],[0,6,0,0,0,0,2,8,0],[0,0,0,4,1,9,0,0,5]]\n",
                             0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "JSON array of 8 rows of 9 cells: a grid has as many rows as cells in a row");
    /* An array over lines cut a row short ends at its "]]": the next one is read intact. */
    strcpy(text, "[[5,3,0,0,7,0,0,0,0],\n");
    for (int r = 1; r < 7; r++) {
        strcat(text, "[");
        for (int c = 0; c < 9; c++) {
            char v[4];
            snprintf(v, sizeof v, "%c%s", easy_rows[r][c] == '.' ? '0' : easy_rows[r][c], c < 8 ? "," : "");
            strcat(text, v);
        }
        strcat(text, r < 6 ? "],\n" : "]]\n");
    }
    strcat(text, "[[4,0,0,0,3,0,0,0,0],\n[0,0,0,6,0,0,8,0,0],\n[0,0,0,0,0,0,0,0,1],\n[0,0,0,0,5,0,0,9,0],\n"
                 "[0,8,0,0,0,0,6,0,0],\n[0,7,0,2,0,0,0,0,0],\n[0,0,0,1,0,2,7,0,0],\n[5,0,3,0,0,0,0,4,0],\n"
                 "[9,0,0,0,0,0,0,0,0]]\n");
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "grid ends after 7 of its 9 rows");
    tu_expect_puzzle(&recs[1], 8, 9, H1);
    /* A '[' alone is no longer an unexpected character: an array starts. */
    assert_int_equal(tu_read("[\n]\n", 0, recs, MAXREC), 0);
}

/* ------------------------------------------------------------ 8x8 */

/* A 64-cell line says how it was read; a grid of 8 rows, or --size 8, need not. */
static void test_read_as_8x8(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    tu_read_one(TU_8X8 "\n", 0, &recs[0]);
    assert_non_null(recs[0].read_as);
    assert_string_equal(recs[0].read_as, "an 8x8 brick-wall puzzle");
    /* A 9x9 line cut short at 64 cells, with a 9 in it: said too. */
    tu_read_one("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28..\n", 0, &recs[0]);
    tu_expect_error(&recs[0], 1, "digit 9 out of range for 8x8");
    assert_non_null(recs[0].read_as);
    tu_read_one(TU_8X8 "\n", 8, &recs[0]);
    assert_null(recs[0].read_as);
    tu_read_one("1.64....\n......7.\n...5..13\n..76.8..\n.3.....6\n..2.7...\n8.3...6.\n....1...\n", 0, &recs[0]);
    assert_null(recs[0].read_as);
    tu_read_one(TU_EASY "\n", 0, &recs[0]);
    assert_null(recs[0].read_as);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unicode_spaces),
        cmocka_unit_test(test_fullwidth_digits),
        cmocka_unit_test(test_characters_named),
        cmocka_unit_test(test_samples),
        cmocka_unit_test(test_ruled_grids),
        cmocka_unit_test(test_spreadsheet_rows),
        cmocka_unit_test(test_slash_rows),
        cmocka_unit_test(test_json_arrays),
        cmocka_unit_test(test_read_as_8x8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
