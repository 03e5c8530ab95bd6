/*
 * test_reader.c - every input format, with exact records, line numbers
 * and error messages.
 */
#include "test_util.h"

#define MAXREC 16

/* TU_EASY as nine rows of nine characters. */
#define EASY_ROWS                                                                 \
    "53..7....\n" "6..195...\n" ".98....6.\n" "8...6...3\n" "4..8.3..1\n"         \
    "7...2...6\n" ".6....28.\n" "...419..5\n" "....8..79\n"
#define HARD_ROWS                                                                 \
    "4...3....\n" "...6..8..\n" "........1\n" "....5..9.\n" ".8....6..\n"         \
    ".7.2.....\n" "...1.27..\n" "5.3....4.\n" "9........\n"
#define E8_ROWS                                                                   \
    "1.64....\n" "......7.\n" "...5..13\n" "..76.8..\n" ".3.....6\n" "..2.7...\n"  \
    "8.3...6.\n" "....1...\n"

/* The message for a line whose cells add up to neither a puzzle nor a row. */
#define COUNT_MSG(n) n " cells: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8"

/* TU_EASY's candidates from its givens alone, cell by cell (a given is itself). */
static const char *const easy_cands[81] = {
    "5", "3", "124", "26", "7", "2468", "1489", "1249", "248",
    "6", "247", "247", "1", "9", "5", "3478", "234", "2478",
    "12", "9", "8", "23", "34", "24", "13457", "6", "247",
    "8", "125", "1259", "579", "6", "147", "4579", "2459", "3",
    "4", "25", "2569", "8", "5", "3", "579", "259", "1",
    "7", "15", "1359", "59", "2", "14", "4589", "459", "6",
    "139", "6", "134579", "357", "35", "7", "2", "8", "4",
    "23", "278", "237", "4", "1", "9", "36", "3", "5",
    "123", "1245", "12345", "2356", "8", "26", "1346", "7", "9",
};
/* Single candidates read as givens. */
#define EASY_PENCIL_GIVENS                                                        \
    "53..7...." "6..195..." ".98....6." "8...6...3" "4..853..1" "7...2...6"       \
    ".6...7284" "...419.35" "....8..79"

static void check_easy_pencil(const sudoku_record *rec, long line)
{
    tu_expect_puzzle(rec, line, 9, EASY_PENCIL_GIVENS);
    assert_true(rec->pencil);
    for (int c = 0; c < 81; c++)
        assert_int_equal(rec->cand[c], tu_mask(easy_cands[c]));
}

/* ------------------------------------------------------------ one-line puzzles */

static void test_line_81(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one(TU_EASY "\n", 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
    assert_string_equal(rec.source, "test");
    assert_false(rec.pencil);
    assert_string_equal(rec.error, "");
    /* No final line end. */
    tu_read_one(TU_EASY, 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
    /* Leading and trailing white space. */
    tu_read_one("  \t" TU_EASY "  \t\n", 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
}

static void test_line_64(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one(TU_8X8 "\n", 0, &rec);
    tu_expect_puzzle(&rec, 1, 8, TU_8X8);
    assert_int_equal(rec.cand[1], 0xFF);
    assert_int_equal(rec.cand[0], sudoku_bit(1));
}

static void test_blank_characters(void **state)
{
    (void)state;
    static const char blanks[] = ".0_*-xX";
    for (const char *b = blanks; *b; b++) {
        char line[100];
        strcpy(line, TU_EASY);
        for (char *p = line; *p; p++)
            if (*p == '.')
                *p = *b;
        strcat(line, "\n");
        sudoku_record rec;
        tu_read_one(line, 0, &rec);
        tu_expect_puzzle(&rec, 1, 9, TU_EASY);
    }
    /* Mixed in one line. */
    sudoku_record rec;
    tu_read_one("53_0700x*6-.195...-98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n", 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
}

static void test_trailing_text_ignored(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = TU_EASY " ED=11.9/1.2/1.2\n"
                       TU_HARD "\tSE 9.0 # rating, then a remark\n"
                       TU_8X8 " 8x8 brick-wall #7 !|+\n"
                       TU_EASY "   \n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 4);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 2, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 3, 8, TU_8X8);
    tu_expect_puzzle(&recs[3], 4, 9, TU_EASY);
}

static void test_several_lines(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "# three puzzles\n"
                       TU_EASY "\n"
                       "\n"
                       TU_HARD "\n"
                       "# the 8x8 one\n"
                       "\n\n"
                       TU_8X8 "\n"
                       "\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 4, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 8, 8, TU_8X8);
}

/* ------------------------------------------------------------ grids */

static void test_grid_plain_rows(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one(EASY_ROWS, 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
    tu_read_one(E8_ROWS, 0, &rec);
    tu_expect_puzzle(&rec, 1, 8, TU_8X8);
    /* Without the last line end. */
    tu_read_one("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                "7...2...6\n.6....28.\n...419..5\n....8..79", 0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
}

static void test_grid_spaced_with_bars(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one("5 3 . | . 7 . | . . .\n"
                "6 . . | 1 9 5 | . . .\n"
                ". 9 8 | . . . | . 6 .\n"
                "------+-------+------\n"
                "8 . . | . 6 . | . . 3\n"
                "4 . . | 8 . 3 | . . 1\n"
                "7 . . | . 2 . | . . 6\n"
                "------+-------+------\n"
                ". 6 . | . . . | 2 8 .\n"
                ". . . | 4 1 9 | . . 5\n"
                ". . . | . 8 . | . 7 9\n",
                0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);

    /* Spaces, no bars, tabs and irregular spacing, 0 for blanks. */
    tu_read_one("5 3 0 0 7 0 0 0 0\n"
                "6  0 0 1 9 5 0 0 0\n"
                "0\t9\t8\t0\t0\t0\t0\t6\t0\n"
                "8 0 0 0 6 0 0 0 3\n"
                "4 0 0 8 0 3 0 0 1\n"
                "7 0 0 0 2 0 0 0 6\n"
                "0 6 0 0 0 0 2 8 0\n"
                "0 0 0 4 1 9 0 0 5\n"
                " 0 0 0 0 8 0 0 7 9 \n",
                0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
}

static void test_grid_framed(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one("+-------+-------+-------+\n"
                "| 5 3 . | . 7 . | . . . |\n"
                "| 6 . . | 1 9 5 | . . . |\n"
                "| . 9 8 | . . . | . 6 . |\n"
                "+-------+-------+-------+\n"
                "| 8 . . | . 6 . | . . 3 |\n"
                "| 4 . . | 8 . 3 | . . 1 |\n"
                "| 7 . . | . 2 . | . . 6 |\n"
                "+-------+-------+-------+\n"
                "| . 6 . | . . . | 2 8 . |\n"
                "| . . . | 4 1 9 | . . 5 |\n"
                "| . . . | . 8 . | . 7 9 |\n"
                "+-------+-------+-------+\n",
                0, &rec);
    tu_expect_puzzle(&rec, 2, 9, TU_EASY);

    /* '!' bars, '=' and '+' frames, a "|   |" spacer line inside. */
    tu_read_one("+=========+=========+=========+\n"
                "!53.!.7.!...!\n"
                "!6..!195!...!\n"
                "!.98!...!.6.!\n"
                "+===+===+===+\n"
                "|   |   |   |\n"
                "!8..!.6.!..3!\n"
                "!4..!8.3!..1!\n"
                "!7..!.2.!..6!\n"
                "+---+---+---+\n"
                "!.6.!...!28.!\n"
                "!...!419!..5!\n"
                "!...!.8.!.79!\n"
                "+=========+=========+=========+\n",
                0, &rec);
    tu_expect_puzzle(&rec, 2, 9, TU_EASY);

    /* 8x8 with its box lines, as sudoku_grid_print draws them and framed. */
    tu_read_one("1 . 6 4 | . . . .\n"
                ". . . . | . . 7 .\n"
                "--------+--------\n"
                ". . . 5 | . . 1 3\n"
                ". . 7 6 | . 8 . .\n"
                "--------+--------\n"
                ". 3 . . | . . . 6\n"
                ". . 2 . | 7 . . .\n"
                "--------+--------\n"
                "8 . 3 . | . . 6 .\n"
                ". . . . | 1 . . .\n",
                0, &rec);
    tu_expect_puzzle(&rec, 1, 8, TU_8X8);
    tu_read_one("+---------+---------+\n"
                "| 1 . 6 4 | . . . . |\n"
                "| . . . . | . . 7 . |\n"
                "+---------+---------+\n"
                "| . . . 5 | . . 1 3 |\n"
                "| . . 7 6 | . 8 . . |\n"
                "+---------+---------+\n"
                "| . 3 . . | . . . 6 |\n"
                "| . . 2 . | 7 . . . |\n"
                "+---------+---------+\n"
                "| 8 . 3 . | . . 6 . |\n"
                "| . . . . | 1 . . . |\n"
                "+---------+---------+\n",
                0, &rec);
    tu_expect_puzzle(&rec, 2, 8, TU_8X8);
}

static void test_simple_sudoku_ss(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one("53.|.7.|...\n"
                "6..|195|...\n"
                ".98|...|.6.\n"
                "-----------\n"
                "8..|.6.|..3\n"
                "4..|8.3|..1\n"
                "7..|.2.|..6\n"
                "-----------\n"
                ".6.|...|28.\n"
                "...|419|..5\n"
                "...|.8.|.79\n",
                0, &rec);
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
}

/* Simple Sudoku also draws '*' corners; an 8x8 grid in the same style has
 * 9 dashes between bands, which is a frame there, not a row of blanks. */
static void test_simple_sudoku_frames(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "*-----------*\n"
                       "|53.|.7.|...|\n" "|6..|195|...|\n" "|.98|...|.6.|\n"
                       "|---+---+---|\n"
                       "|8..|.6.|..3|\n" "|4..|8.3|..1|\n" "|7..|.2.|..6|\n"
                       "|---+---+---|\n"
                       "|.6.|...|28.|\n" "|...|419|..5|\n" "|...|.8.|.79|\n"
                       "*-----------*\n"
                       "\n"
                       "1.64|....\n" "....|..7.\n" "---------\n"
                       "...5|..13\n" "..76|.8..\n" "---------\n"
                       ".3..|...6\n" "..2.|7...\n" "---------\n"
                       "8.3.|..6.\n" "....|1...\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 15, 8, TU_8X8);
}

/* Text after a puzzle whose rows are spaced out on one line is ignored too. */
static void test_spaced_line_with_trailing_text(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 "
                       "....8..79 ED=1.2/1.2/1.2\n"
                       "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 "
                       "....8..7 ED=1.2\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 2, "unexpected character 'E' at column 90");
}

static void test_sadman_sdk(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one("#ARuud\n"
                "#DA random puzzle\n"
                "#CJust start plugging in the numbers\n"
                "#B03-08-2006\n"
                "#SSudoCue\n"
                "#LEasy\n"
                "#Uhttp://www.sudocue.net/\n"
                EASY_ROWS,
                0, &rec);
    tu_expect_puzzle(&rec, 8, 9, TU_EASY);
}

static void test_grids_separated_by_blank_lines(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "\n"
                       EASY_ROWS
                       "\n"
                       HARD_ROWS
                       "\n\n"
                       E8_ROWS;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 12, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 23, 8, TU_8X8);
}

static void test_consecutive_grids(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read(EASY_ROWS HARD_ROWS E8_ROWS EASY_ROWS, 0, recs, MAXREC), 4);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 10, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 19, 8, TU_8X8);
    tu_expect_puzzle(&recs[3], 27, 9, TU_EASY);
}

static void test_lines_and_grids_mixed(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read(TU_HARD "\n" EASY_ROWS TU_8X8 "\n" "# end\n" E8_ROWS, 0, recs, MAXREC), 4);
    tu_expect_puzzle(&recs[0], 1, 9, TU_HARD);
    tu_expect_puzzle(&recs[1], 2, 9, TU_EASY);
    tu_expect_puzzle(&recs[2], 11, 8, TU_8X8);
    tu_expect_puzzle(&recs[3], 13, 8, TU_8X8);
}

static void test_comments(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* Comment lines inside a grid do not end it; a remark after a row's cells is dropped. */
    const char *text = "# a grid\n"
                       "5 3 . . 7 . . . . # row 1\n"
                       "6 . . 1 9 5 . . .\n"
                       "# halfway\n"
                       "   # indented comment\n"
                       ". 9 8 . . . . 6 .\n"
                       "8 . . . 6 . . . 3\n"
                       "4 . . 8 . 3 . . 1\n"
                       "7 . . . 2 . . . 6\n"
                       ". 6 . . . . 2 8 .\n"
                       ". . . 4 1 9 . . 5\n"
                       ". . . . 8 . . 7 9\n"
                       "#" TU_HARD "\n"
                       "#\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
}

static void test_grid_cut_short_by_puzzle_line(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("53..7....\n6..195...\n.98....6.\n" TU_HARD "\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "grid ends after 3 of its 9 rows");
    tu_expect_puzzle(&recs[1], 4, 9, TU_HARD);
}

/* ------------------------------------------------------------ no silent misreads */

/* A space after the 64th cell of a 9x9 line must not make it an 8x8 puzzle
 * and a remark: where a space falls never changes the layout, and when the
 * cells after it could go either way the line is reported. */
static void test_stray_space_after_64_cells(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    char text[256];
    snprintf(text, sizeof text, "%.64s %s\n" TU_HARD "\n", TU_EASY, &TU_EASY[64]);
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1,
                    "64 cells, a space, then 17 more: a 9x9 puzzle with a stray space, or an 8x8 one and a remark? "
                    "Remove the space, or put '#' before the remark");
    tu_expect_puzzle(&recs[1], 2, 9, TU_HARD);
    /* Split into words of cells after the space, and with a remark after: the same. */
    snprintf(text, sizeof text, "%.64s %.8s %s ED=1.2\n", TU_EASY, &TU_EASY[64], &TU_EASY[72]);
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    assert_false(recs[0].ok);
    /* --size does not decide: the text is ambiguous whatever the layout. */
    snprintf(text, sizeof text, "%.64s %s\n", TU_EASY, &TU_EASY[64]);
    assert_int_equal(tu_read(text, 9, recs, MAXREC), 1);
    assert_false(recs[0].ok);
    snprintf(text, sizeof text, "%s 12345678.12345678\n", TU_8X8);
    assert_int_equal(tu_read(text, 8, recs, MAXREC), 1);
    assert_false(recs[0].ok);

    /* An 8x8 line with a remark that is not 17 cells is an 8x8 puzzle. */
    assert_int_equal(tu_read(TU_8X8 " 11.9\n" TU_8X8 " ED=2.0\n" TU_8X8 " 1 2\n", 0, recs, MAXREC), 3);
    for (int i = 0; i < 3; i++)
        tu_expect_puzzle(&recs[i], i + 1, 8, TU_8X8);
    /* A stray space anywhere else changes nothing. */
    snprintf(text, sizeof text, "%.40s %s\n%.30s %s\n", TU_EASY, &TU_EASY[40], TU_8X8, &TU_8X8[30]);
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 2, 8, TU_8X8);
}

/* Back to back, a grid whose first row is short used to start an 8x8 grid
 * and splice the next one in: the rows after it decide the side. */
static void test_grid_first_row_short(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "53..7...\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                       "7...2...6\n.6....28.\n...419..5\n....8..79\n" HARD_ROWS E8_ROWS;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_error(&recs[0], 1, "row has 8 cells, expected 9");
    tu_expect_puzzle(&recs[1], 10, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 19, 8, TU_8X8);
    /* The same for an 8x8 grid whose first row has 9 cells, framed. */
    text = "+---------+---------+\n"
           "| 1 . 6 4 | . . . . . |\n| . . . . | . . 7 . |\n+---------+---------+\n"
           "| . . . 5 | . . 1 3 |\n| . . 7 6 | . 8 . . |\n+---------+---------+\n"
           "| . 3 . . | . . . 6 |\n| . . 2 . | 7 . . . |\n+---------+---------+\n"
           "| 8 . 3 . | . . 6 . |\n| . . . . | 1 . . . |\n+---------+---------+\n" E8_ROWS;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 2, "row has 9 cells, expected 8");
    tu_expect_puzzle(&recs[1], 14, 8, TU_8X8);
    /* The look-ahead passes over comments and frames, and keeps the first row. */
    assert_int_equal(tu_read("53..7....\n# a\n|    |\n# c\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                             "7...2...6\n.6....28.\n...419..5\n....8..79\n",
                             0, recs, MAXREC),
                     1);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    /* Two rows agreeing with the first keep its side. */
    assert_int_equal(tu_read("53..7...\n6..1.5..\n..8....6\n" TU_EASY "\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "grid ends after 3 of its 8 rows");
    tu_expect_puzzle(&recs[1], 4, 9, TU_EASY);
}

#define FRAME9 "+-------+-------+-------+\n"
#define EASY_FRAMED                                                                                      \
    FRAME9 "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"          \
    FRAME9 "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"          \
    FRAME9 "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n" FRAME9
#define HARD_FRAMED                                                                                      \
    FRAME9 "| 4 . . | . 3 . | . . . |\n| . . . | 6 . . | 8 . . |\n| . . . | . . . | . . 1 |\n"          \
    FRAME9 "| . . . | . 5 . | . 9 . |\n| . 8 . | . . . | 6 . . |\n| . 7 . | 2 . . | . . . |\n"          \
    FRAME9 "| . . . | 1 . 2 | 7 . . |\n| 5 . 3 | . . . | . 4 . |\n| 9 . . | . . . | . . . |\n" FRAME9

/* Framed grids back to back, one with a missing row: its box lines say so,
 * and the next grid is read intact instead of being spliced in. */
static void test_grid_missing_row_framed(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* Row 5 missing: the box line after row 5 is inside a band. */
    const char *text = FRAME9 "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
                       FRAME9 "| 8 . . | . 6 . | . . 3 |\n| 7 . . | . 2 . | . . 6 |\n"
                       FRAME9 "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"
                       FRAME9 HARD_FRAMED EASY_FRAMED;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_error(&recs[0], 8,
                    "box line after row 5 of the grid, not between bands of 3 rows: a row is missing or extra");
    tu_expect_puzzle(&recs[1], 14, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 27, 9, TU_EASY);

    /* The last row missing, only the outer frame drawn. */
    text = FRAME9 "| 5 3 . . 7 . . . . |\n| 6 . . 1 9 5 . . . |\n| . 9 8 . . . . 6 . |\n| 8 . . . 6 . . . 3 |\n"
           "| 4 . . 8 . 3 . . 1 |\n| 7 . . . 2 . . . 6 |\n| . 6 . . . . 2 8 . |\n| . . . 4 1 9 . . 5 |\n"
           FRAME9 HARD_FRAMED;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 10,
                    "box line after row 8 of the grid, not between bands of 3 rows: a row is missing or extra");
    tu_expect_puzzle(&recs[1], 12, 9, TU_HARD);

    /* A whole band missing: box lines in place, but two in a row end the grid. */
    text = FRAME9 "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
           FRAME9 "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"
           FRAME9 HARD_FRAMED;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 2, "grid ends after 6 of its 9 rows");
    tu_expect_puzzle(&recs[1], 11, 9, TU_HARD);

    /* An extra row: the grid is reported at the box line out of place; its
     * last row, left over, is reported at the box line after it. */
    text = FRAME9 "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"
           "| . 9 8 | . . . | . 6 . |\n"
           FRAME9 "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"
           FRAME9 "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"
           FRAME9 "\n" HARD_FRAMED;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_error(&recs[0], 6,
                    "box line after row 4 of the grid, not between bands of 3 rows: a row is missing or extra");
    tu_expect_error(&recs[1], 14,
                    "box line after row 1 of the grid, not between bands of 3 rows: a row is missing or extra");
    tu_expect_puzzle(&recs[2], 17, 9, TU_HARD);
}

/* A grid with a missing row between headings or blank lines. */
static void test_grid_missing_row_separated(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "Grid 01\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n"
                       "....8..79\nGrid 02\n" HARD_ROWS;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 2, "grid ends after 8 of its 9 rows");
    tu_expect_puzzle(&recs[1], 11, 9, TU_HARD);
    /* 8x8 with Simple Sudoku's dashed band lines, a row missing in band 2. */
    text = "1.64|....\n....|..7.\n---------\n...5|..13\n---------\n"
           ".3..|...6\n..2.|7...\n---------\n8.3.|..6.\n....|1...\n\n" E8_ROWS;
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 5,
                    "box line after row 3 of the grid, not between bands of 2 rows: a row is missing or extra");
    tu_expect_puzzle(&recs[1], 12, 8, TU_8X8);
}

/* A full grid written as 9 words of 9 digits on one line is a puzzle, as
 * it is with a blank in it; candidate groups are in increasing order. */
static void test_full_grid_as_words(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    char text[512];
    int k = 0;
    for (int r = 0; r < 9; r++)
        k += snprintf(text + k, sizeof text - (size_t)k, "%.9s%s", &TU_EASY_SOLUTION[9 * r], r < 8 ? " " : "\n");
    for (int r = 0; r < 8; r++)
        k += snprintf(text + k, sizeof text - (size_t)k, "%.8s%s", &TU_8X8_SOLUTION[8 * r], r < 7 ? " " : "\n");
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY_SOLUTION);
    tu_expect_puzzle(&recs[1], 2, 8, TU_8X8_SOLUTION);
    /* Nine groups of every candidate in order: a pencil-mark row still. */
    assert_int_equal(tu_read("123456789 123456789 123456789 123456789 123456789 123456789 123456789 123456789 "
                             "123456789\n",
                             0, recs, MAXREC),
                     1);
    tu_expect_error(&recs[0], 1, "grid ends after 1 of its 9 rows");
}

/* ------------------------------------------------------------ line ends and BOM */

static void test_crlf(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "# crlf\r\n"
                       TU_EASY " ED=1.2/1.2/1.2\r\n"
                       "\r\n"
                       "53..7....\r\n6..195...\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n"
                       "7...2...6\r\n.6....28.\r\n...419..5\r\n....8..79\r\n"
                       TU_8X8 "\r\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 4, 9, TU_EASY);
    tu_expect_puzzle(&recs[2], 13, 8, TU_8X8);
}

static void test_cr_only(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = "# old Mac\r"
                       TU_HARD "\r"
                       "\r"
                       "53..7....\r6..195...\r.98....6.\r8...6...3\r4..8.3..1\r"
                       "7...2...6\r.6....28.\r...419..5\r....8..79\r"
                       "\r\r"
                       TU_8X8 "\r";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 2, 9, TU_HARD);
    tu_expect_puzzle(&recs[1], 4, 9, TU_EASY);
    tu_expect_puzzle(&recs[2], 15, 8, TU_8X8);
    /* A bad line is located in CR-only input too. */
    assert_int_equal(tu_read("\r\r" TU_EASY "?\r", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 3, "unexpected character '?' at column 82");
}

static void test_utf8_bom(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("\xEF\xBB\xBF" TU_EASY "\n" TU_HARD "\n", 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 2, 9, TU_HARD);
    assert_int_equal(tu_read("\xEF\xBB\xBF" EASY_ROWS, 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    assert_int_equal(tu_read("\xEF\xBB\xBF# header\r\n" TU_8X8 "\r\n", 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 2, 8, TU_8X8);
    /* A BOM alone is empty input. */
    assert_int_equal(tu_read("\xEF\xBB\xBF", 0, recs, MAXREC), 0);
    /* Not at the start (files put end to end), it has no width either. */
    assert_int_equal(tu_read(TU_EASY "\n\xEF\xBB\xBF" TU_EASY "\n", 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_puzzle(&recs[1], 2, 9, TU_EASY);
    assert_int_equal(tu_read("\xEF\xBB\xBFpuzzle,solution\n\xEF\xBB\xBF" TU_EASY ",\n", 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);
    /* A broken BOM at the start: bytes that are not UTF-8. */
    assert_int_equal(tu_read("\xEF\xBB" TU_EASY "\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected byte 0xEF (not UTF-8) at column 1");
}

/* ------------------------------------------------------------ pencil marks */

static void test_pencil_grid_hodoku(void **state)
{
    (void)state;
    sudoku_record rec;
    tu_read_one(".--------------------.-----------------.--------------------.\n"
                "| 5    3     124     | 26    7   2468  | 1489   1249  248   |\n"
                "| 6    247   247     | 1     9   5     | 3478   234   2478  |\n"
                "| 12   9     8       | 23    34  24    | 13457  6     247   |\n"
                ":--------------------+-----------------+--------------------:\n"
                "| 8    125   1259    | 579   6   147   | 4579   2459  3     |\n"
                "| 4    25    2569    | 8     5   3     | 579    259   1     |\n"
                "| 7    15    1359    | 59    2   14    | 4589   459   6     |\n"
                ":--------------------+-----------------+--------------------:\n"
                "| 139  6     134579  | 357   35  7     | 2      8     4     |\n"
                "| 23   278   237     | 4     1   9     | 36     3     5     |\n"
                "| 123  1245  12345   | 2356  8   26    | 1346   7     9     |\n"
                "'--------------------'-----------------'--------------------'\n",
                0, &rec);
    check_easy_pencil(&rec, 2);

    /* The same grid without frames or bars, and one of 8 groups a row. */
    tu_read_one("5 3 124 26 7 2468 1489 1249 248\n"
                "6 247 247 1 9 5 3478 234 2478\n"
                "12 9 8 23 34 24 13457 6 247\n"
                "8 125 1259 579 6 147 4579 2459 3\n"
                "4 25 2569 8 5 3 579 259 1\n"
                "7 15 1359 59 2 14 4589 459 6\n"
                "139 6 134579 357 35 7 2 8 4\n"
                "23 278 237 4 1 9 36 3 5\n"
                "123 1245 12345 2356 8 26 1346 7 9\n",
                0, &rec);
    check_easy_pencil(&rec, 1);

    tu_read_one("1 57 6 4 | 238 235 2358 258\n"
                "2345 45 58 38 | 2358 1235 7 258\n"
                "+--------+---------+\n"
                "2467 2467 48 5 | 246 2467 1 3\n"
                "2345 1245 7 6 | 2345 8 245 245\n"
                "457 3 1458 178 | 24568 1245 2458 6\n"
                "4567 14567 2 18 | 7 13456 3458 1458\n"
                "8 12457 3 127 | 245 2457 6 1257\n"
                "234567 24567 45 27 | 1 234567 2345 2578\n",
                0, &rec);
    assert_true(rec.ok);
    assert_true(rec.pencil);
    assert_int_equal(rec.line, 1);
    assert_ptr_equal(rec.layout, sudoku_layout_8x8());
    char buf[65];
    assert_string_equal(tu_given_line(&rec, buf),
                        "1.64...." "......7." "...5..13" "..76.8.." ".3.....6" "..2.7..." "8.3...6." "....1...");
    assert_int_equal(rec.cand[1], tu_mask("57"));
    assert_int_equal(rec.cand[63], tu_mask("2578"));
}

static void test_pencil_top_frame_of_81_or_64_marks(void **state)
{
    (void)state;
    /* A HoDoKu top frame is drawn with '.' and '-' only; its width depends
     * on the candidates and may add up to 81 (or 64) marks. It is still a
     * frame, not an empty puzzle. */
    char text[4096];
    char top81[100], top64[100];
    snprintf(top81, sizeof top81, ".%.25s.%.26s.%.26s.", "--------------------------", "--------------------------",
             "--------------------------");
    snprintf(top64, sizeof top64, ".%.20s.%.20s.%.20s.", "--------------------", "--------------------",
             "--------------------");
    assert_int_equal(strlen(top81), 81);
    assert_int_equal(strlen(top64), 64);
    const char *rows = "| 5 3 124 | 26 7 2468 | 1489 1249 248 |\n"
                       "| 6 247 247 | 1 9 5 | 3478 234 2478 |\n"
                       "| 12 9 8 | 23 34 24 | 13457 6 247 |\n"
                       ":-----+-----+-----:\n"
                       "| 8 125 1259 | 579 6 147 | 4579 2459 3 |\n"
                       "| 4 25 2569 | 8 5 3 | 579 259 1 |\n"
                       "| 7 15 1359 | 59 2 14 | 4589 459 6 |\n"
                       ":-----+-----+-----:\n"
                       "| 139 6 134579 | 357 35 7 | 2 8 4 |\n"
                       "| 23 278 237 | 4 1 9 | 36 3 5 |\n"
                       "| 123 1245 12345 | 2356 8 26 | 1346 7 9 |\n"
                       "'-----'-----'-----'\n";
    sudoku_record recs[MAXREC];
    snprintf(text, sizeof text, "%s\n%s", top81, rows);
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    check_easy_pencil(&recs[0], 2);
    snprintf(text, sizeof text, "%s\n%s", top64, rows);
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 1);
    check_easy_pencil(&recs[0], 2);
}

static void test_pencil_line_81_groups(void **state)
{
    (void)state;
    char text[1024] = "";
    for (int c = 0; c < 81; c++) {
        strcat(text, easy_cands[c]);
        strcat(text, c == 80 ? "\n" : " ");
    }
    sudoku_record recs[MAXREC];
    char two[2048];
    snprintf(two, sizeof two, "# pencil marks\n%s%s", text, TU_HARD "\n");
    assert_int_equal(tu_read(two, 0, recs, MAXREC), 2);
    check_easy_pencil(&recs[0], 2);
    tu_expect_puzzle(&recs[1], 3, 9, TU_HARD);
    assert_false(recs[1].pencil);
}

static void test_pencil_errors(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* A blank among candidate groups that do not add up to cells. */
    assert_int_equal(tu_read("12 . 3 4 5 6 7 8 9\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "a pencil-mark cell has no candidates");
    /* A 9 in an 8x8 pencil-mark grid. */
    assert_int_equal(tu_read("12 3 4 5 6 7 8 19\n"
                             "12345678 12345678 12345678 12345678 12345678 12345678 12345678 12345678\n"
                             "12345678 12345678 12345678 12345678 12345678 12345678 12345678 12345678\n"
                             "12345678 12345678 12345678 12345678 12345678 12345678 12345678 12345678\n"
                             "12345678 12345678 12345678 12345678 12345678 12345678 12345678 12345678\n"
                             "12345678 12345678 12345678 12345678 12345678 12345678 12345678 12345678\n"
                             "12345678 12345678 12345678 12345678 12345678 12345678 12345678 12345678\n"
                             "12345678 12345678 12345678 12345678 12345678 12345678 12345678 12345678\n",
                             0, recs, MAXREC),
                     1);
    tu_expect_error(&recs[0], 1, "digit 9 out of range for 8x8");
    /* A pencil row with the wrong number of groups. */
    assert_int_equal(tu_read("12 3 4 5 6 7 8 9 12\n"
                             "12 3 4 5 6 7 8 9\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 2, "row has 8 groups, expected 9");
}

/* ------------------------------------------------------------ --size */

static void test_size_forcing(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read(TU_EASY "\n" TU_8X8 "\n" EASY_ROWS, 9, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 2, "64 cells, but --size 9 was given");
    tu_expect_puzzle(&recs[2], 3, 9, TU_EASY);

    assert_int_equal(tu_read(TU_EASY "\n" TU_8X8 "\n" E8_ROWS, 8, recs, MAXREC), 3);
    tu_expect_error(&recs[0], 1, "81 cells, but --size 8 was given");
    tu_expect_puzzle(&recs[1], 2, 8, TU_8X8);
    tu_expect_puzzle(&recs[2], 3, 8, TU_8X8);

    /* A whole grid of the wrong size is one error, and the next puzzle is read. */
    assert_int_equal(tu_read(EASY_ROWS "\n" TU_8X8 "\n", 8, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "9 cells in a row, but --size 8 was given");
    tu_expect_puzzle(&recs[1], 11, 8, TU_8X8);
}

/* ------------------------------------------------------------ errors */

static void test_wrong_cell_count(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text = /* 80 cells */
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n"
        /* 82 cells */
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..799\n"
        /* 63 and 65 */
        "1.64..........7....5..13..76.8...3.....6..2.7...8.3...6.....1..\n"
        "1.64..........7....5..13..76.8...3.....6..2.7...8.3...6.....1....\n"
        "12345\n"
        TU_EASY "\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 6);
    tu_expect_error(&recs[0], 1, COUNT_MSG("80"));
    tu_expect_error(&recs[1], 2, COUNT_MSG("82"));
    tu_expect_error(&recs[2], 3, COUNT_MSG("63"));
    tu_expect_error(&recs[3], 4, COUNT_MSG("65"));
    tu_expect_error(&recs[4], 5, COUNT_MSG("5"));
    tu_expect_puzzle(&recs[5], 6, 9, TU_EASY);
}

static void test_digit_out_of_range_8x8(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("# 8x8\n"
                             "1.64..........7....5..13..76.8...3.....6..2.7...8.3...6.....1..9\n"
                             TU_8X8 "\n",
                             0, recs, MAXREC),
                     2);
    tu_expect_error(&recs[0], 2, "digit 9 out of range for 8x8");
    tu_expect_puzzle(&recs[1], 3, 8, TU_8X8);

    /* In a grid, the error names the row's line. */
    assert_int_equal(tu_read("1.64....\n......7.\n...5..13\n..76.8.9\n.3.....6\n..2.7...\n8.3...6.\n....1...\n"
                             "\n" TU_8X8 "\n",
                             0, recs, MAXREC),
                     2);
    tu_expect_error(&recs[0], 4, "digit 9 out of range for 8x8");
    tu_expect_puzzle(&recs[1], 10, 8, TU_8X8);
}

static void test_unknown_character(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("53..7..a.6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
                             "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7%\n"
                             "hello\n"
                             TU_EASY "\n",
                             0, recs, MAXREC),
                     4);
    tu_expect_error(&recs[0], 1, "unexpected character 'a' at column 8");
    tu_expect_error(&recs[1], 2, "unexpected character '%' at column 81");
    tu_expect_error(&recs[2], 3, "unexpected character 'h' at column 1");
    tu_expect_puzzle(&recs[3], 4, 9, TU_EASY);

    /* In a grid: the row's line, and the grid is read to its end. */
    assert_int_equal(tu_read("53..7....\n6..195...\n.98..?.6.\n8...6...3\n4..8.3..1\n"
                             "7...2...6\n.6....28.\n...419..5\n....8..79\n"
                             TU_HARD "\n",
                             0, recs, MAXREC),
                     2);
    tu_expect_error(&recs[0], 3, "unexpected character '?' at column 6");
    tu_expect_puzzle(&recs[1], 10, 9, TU_HARD);
}

static void test_short_row_in_grid(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* Row 4 has 8 cells; the next grid follows after a blank line. */
    const char *sep = "53..7....\n6..195...\n.98....6.\n8...6..3\n4..8.3..1\n"
                      "7...2...6\n.6....28.\n...419..5\n....8..79\n"
                      "\n" HARD_ROWS;
    assert_int_equal(tu_read(sep, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 4, "row has 8 cells, expected 9");
    tu_expect_puzzle(&recs[1], 11, 9, TU_HARD);

    /* The same with the next grid right after it. */
    const char *next = "53..7....\n6..195...\n.98....6.\n8...6..3\n4..8.3..1\n"
                       "7...2...6\n.6....28.\n...419..5\n....8..79\n"
                       HARD_ROWS TU_8X8 "\n";
    assert_int_equal(tu_read(next, 0, recs, MAXREC), 3);
    tu_expect_error(&recs[0], 4, "row has 8 cells, expected 9");
    tu_expect_puzzle(&recs[1], 10, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 19, 8, TU_8X8);

    /* A row far too short, in a framed grid: its own message, its own line. */
    const char *framed = "+-------+-------+-------+\n"
                         "| 5 3 . | . 7 . | . . . |\n"
                         "| 6 . . | 1 9 5 | . . . |\n"
                         "| . 9 8 | . . . | . 6 . |\n"
                         "+-------+-------+-------+\n"
                         "| 8 . . | . 6 . | . . 3 |\n"
                         "| 4 . . | 8 . 3 |\n"
                         "| 7 . . | . 2 . | . . 6 |\n"
                         "+-------+-------+-------+\n"
                         "| . 6 . | . . . | 2 8 . |\n"
                         "| . . . | 4 1 9 | . . 5 |\n"
                         "| . . . | . 8 . | . 7 9 |\n"
                         "+-------+-------+-------+\n"
                         "\n"
                         TU_EASY "\n";
    assert_int_equal(tu_read(framed, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 7, COUNT_MSG("6"));
    tu_expect_puzzle(&recs[1], 15, 9, TU_EASY);

    /* Only the first error of a grid is reported. */
    assert_int_equal(tu_read("53..7....\n6..195..\n.98....6.\n8...6..3\n4..8.3..1\n"
                             "7...2...6\n.6....28.\n...419..5\n....8..79\n",
                             0, recs, MAXREC),
                     1);
    tu_expect_error(&recs[0], 2, "row has 8 cells, expected 9");

    /* An 8x8 grid with a row of 9. */
    assert_int_equal(tu_read("1.64....\n......7.\n...5..13\n..76.8..\n.3.....6.\n..2.7...\n8.3...6.\n....1...\n"
                             TU_EASY "\n",
                             0, recs, MAXREC),
                     2);
    tu_expect_error(&recs[0], 5, "row has 9 cells, expected 8");
    tu_expect_puzzle(&recs[1], 9, 9, TU_EASY);
}

static void test_incomplete_grid(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("# five rows\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 2, "grid ends after 5 of its 9 rows");
    assert_int_equal(tu_read("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "grid ends after 5 of its 9 rows");
    /* Cut by a blank line, followed by a good grid. */
    assert_int_equal(tu_read("1.64....\n......7.\n\n" E8_ROWS, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "grid ends after 2 of its 8 rows");
    tu_expect_puzzle(&recs[1], 4, 8, TU_8X8);
    /* A grid of ten rows: the tenth starts a grid of its own. */
    assert_int_equal(tu_read(EASY_ROWS "....8..79\n", 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 10, "grid ends after 1 of its 9 rows");
}

/* Grids back to back with no separator, one of them a row short (issue
 * #11): the short grid is reported where it starts, the others read
 * intact; where the short one is cannot be told, the run is reported. */
#define EASY_8_ROWS                                                               \
    "53..7....\n" "6..195...\n" ".98....6.\n" "8...6...3\n" "4..8.3..1\n"         \
    "7...2...6\n" ".6....28.\n" "...419..5\n"
#define HARD_8_ROWS                                                               \
    "4...3....\n" "...6..8..\n" "........1\n" "....5..9.\n" ".8....6..\n"         \
    ".7.2.....\n" "...1.27..\n" "5.3....4.\n"
#define SPLICE_MSG(k, n) "grid ends after " #k " of its " #n " rows; the next grid follows with no separator"

static void test_back_to_back_grid_missing_row(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* 8 rows, then 9. */
    assert_int_equal(tu_read(EASY_8_ROWS HARD_ROWS, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, SPLICE_MSG(8, 9));
    tu_expect_puzzle(&recs[1], 9, 9, TU_HARD);
    /* 9 rows, then 8: the short grid ends the input. */
    assert_int_equal(tu_read(EASY_ROWS HARD_8_ROWS, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 10, "grid ends after 8 of its 9 rows");
    /* ... and followed by a blank line and another grid. */
    assert_int_equal(tu_read(EASY_ROWS HARD_8_ROWS "\n" EASY_ROWS, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 10, "grid ends after 8 of its 9 rows");
    tu_expect_puzzle(&recs[2], 19, 9, TU_EASY);
    /* Three grids, the middle one short. */
    assert_int_equal(tu_read(EASY_ROWS HARD_8_ROWS EASY_ROWS, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 10, SPLICE_MSG(8, 9));
    tu_expect_puzzle(&recs[2], 18, 9, TU_EASY);
    /* Three grids, the first one short. */
    assert_int_equal(tu_read("# three\n" EASY_8_ROWS HARD_ROWS EASY_ROWS, 0, recs, MAXREC), 3);
    tu_expect_error(&recs[0], 2, SPLICE_MSG(8, 9));
    tu_expect_puzzle(&recs[1], 10, 9, TU_HARD);
    tu_expect_puzzle(&recs[2], 19, 9, TU_EASY);
}

static void test_back_to_back_8x8_missing_row(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("1.64....\n......7.\n...5..13\n..76.8..\n.3.....6\n..2.7...\n8.3...6.\n" E8_ROWS,
                             0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, SPLICE_MSG(7, 8));
    tu_expect_puzzle(&recs[1], 8, 8, TU_8X8);
}

static void test_back_to_back_with_bars_missing_row(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    const char *text =
        "5 3 . | . 7 . | . . .\n" "6 . . | 1 9 5 | . . .\n" ". 9 8 | . . . | . 6 .\n"
        "8 . . | . 6 . | . . 3\n" "4 . . | 8 . 3 | . . 1\n" "7 . . | . 2 . | . . 6\n"
        ". 6 . | . . . | 2 8 .\n" ". . . | 4 1 9 | . . 5\n" ". . . | . 8 . | . 7 9\n"
        "4 . . | . 3 . | . . .\n" ". . . | 6 . . | 8 . .\n" ". . . | . . . | . . 1\n"
        ". . . | . 5 . | . 9 .\n" ". 8 . | . . . | 6 . .\n" ". 7 . | 2 . . | . . .\n"
        ". . . | 1 . 2 | 7 . .\n" "5 . 3 | . . . | . 4 .\n"
        "5 3 . | . 7 . | . . .\n" "6 . . | 1 9 5 | . . .\n" ". 9 8 | . . . | . 6 .\n"
        "8 . . | . 6 . | . . 3\n" "4 . . | 8 . 3 | . . 1\n" "7 . . | . 2 . | . . 6\n"
        ". 6 . | . . . | 2 8 .\n" ". . . | 4 1 9 | . . 5\n" ". . . | . 8 . | . 7 9\n";
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 3);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 10, SPLICE_MSG(8, 9));
    tu_expect_puzzle(&recs[2], 18, 9, TU_EASY);
}

static void test_back_to_back_short_grid_ambiguous(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    /* 17 empty rows: any place for the short grid leaves clean grids. */
    char text[17 * 10 + 128];
    text[0] = '\0';
    for (int i = 0; i < 17; i++)
        strcat(text, ".........\n");
    strcat(text, "\n" TU_HARD "\n");
    assert_int_equal(tu_read(text, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1,
                    "17 grid rows with no separator: not a whole number of 9-row grids, and which grid is short "
                    "cannot be told; separate the grids");
    tu_expect_puzzle(&recs[1], 19, 9, TU_HARD);
}

static void test_nul_and_high_bytes(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    static const char text[] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\x80\n"
                               "caf\xC3\xA9\n"
                               "\xFF\n"
                               "# comments may hold anything: \xC3\xA9\x01\xFF\n"
                               TU_EASY "\n";
    assert_int_equal(tu_read_bytes(text, sizeof text - 1, 0, recs, MAXREC), 4);
    tu_expect_error(&recs[0], 1, "unexpected byte 0x80 (not UTF-8) at column 81");
    tu_expect_error(&recs[1], 2, "unexpected character 'c' at column 1");
    tu_expect_error(&recs[2], 3, "unexpected byte 0xFF (not UTF-8) at column 1");
    tu_expect_puzzle(&recs[3], 5, 9, TU_EASY);

    assert_int_equal(tu_read_bytes("\xC3\xA9" TU_EASY "\n", 2 + 81 + 1, 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected character U+00E9, a Latin letter, at column 1");
    assert_int_equal(tu_read_bytes("5\t\x01", 3, 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected control character U+0001 at column 3");
}

/* Binary data: a NUL byte is never text, so the first one ends the input
 * with one record, instead of a malformed record for every line. */
static void test_binary_stops_at_nul(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    static const char text[] = TU_EASY "\n"
                               "53\0.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
                               "\x01\x02\n\n\x03\n" TU_HARD "\n";
    assert_int_equal(tu_read_bytes(text, sizeof text - 1, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    tu_expect_error(&recs[1], 2, "binary data (a NUL byte at column 3); the rest is not read");

    /* The reader says it stopped, and leaves the rest unread. */
    FILE *f = tu_stream(text, sizeof text - 1);
    sudoku_reader *r = sudoku_reader_new(f, "test", 0);
    sudoku_record rec;
    assert_true(sudoku_reader_next(r, &rec));
    assert_false(sudoku_reader_stopped(r));
    assert_true(sudoku_reader_next(r, &rec));
    assert_false(sudoku_reader_next(r, &rec));
    assert_true(sudoku_reader_stopped(r));
    assert_true(sudoku_reader_offset(r) < (long long)sizeof text - 1);
    sudoku_reader_free(r);
    fclose(f);

    /* In a comment or a remark, a NUL is just another byte there. */
    static const char remarks[] = "# a \0 comment\n" TU_EASY " remark \0\n" TU_HARD "\n";
    assert_int_equal(tu_read_bytes(remarks, sizeof remarks - 1, 0, recs, MAXREC), 2);
    tu_expect_puzzle(&recs[1], 3, 9, TU_HARD);

    /* Inside a grid: the grid is reported cut short, then the binary data. */
    assert_int_equal(tu_read_bytes("53..7....\n6..195...\n\0\n" TU_EASY "\n", 24, 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "grid ends after 2 of its 9 rows");
    tu_expect_error(&recs[1], 3, "binary data (a NUL byte at column 1); the rest is not read");

    /* Control bytes on three lines in a row are binary data too. */
    assert_int_equal(tu_read("\x01\n\x02\x03\n.\x04\n" TU_EASY "\n", 0, recs, MAXREC), 3);
    tu_expect_error(&recs[0], 1, "unexpected control character U+0001 at column 1");
    tu_expect_error(&recs[1], 2, "unexpected control character U+0002 at column 1");
    tu_expect_error(&recs[2], 3, "binary data (control bytes on 3 lines in a row); the rest is not read");
    /* Not when text comes between them, nor for ESC (a terminal's colours). */
    assert_int_equal(tu_read("\x01\n\x02\n" TU_HARD "\n\x1B[1m\n\x1B[0m\n\x03\n" TU_EASY "\n", 0, recs, MAXREC), 7);
    tu_expect_puzzle(&recs[6], 7, 9, TU_EASY);

    /* 4096 bytes of every value: a few records at most. */
    static unsigned char noise[4096];
    for (size_t i = 0; i < sizeof noise; i++)
        noise[i] = (unsigned char)(i * 7 + 3);
    int n = tu_read_bytes(noise, sizeof noise, 0, recs, MAXREC);
    assert_in_range(n, 1, 3);
    assert_false(recs[n - 1].ok);
    assert_non_null(strstr(recs[n - 1].error, "binary data"));
}

/* Compressed files and archives are named by their signature at the start. */
static void test_compressed_input(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    static const struct {
        const char *bytes;
        size_t len;
        const char *error;
    } cases[] = {
        { "\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03", 10, "gzip-compressed; decompress first" },
        { "BZh91AY&SY", 10, "bzip2-compressed; decompress first" },
        { "\xFD" "7zXZ\0\0\x04", 8, "xz-compressed; decompress first" },
        { "\x28\xB5\x2F\xFD\x04\x58", 6, "zstd-compressed; decompress first" },
        { "PK\x03\x04\x14\x00", 6, "zip archive; extract the puzzles first" },
        { "\xFF\xFE" "5\x003\x00", 6, "UTF-16 text; convert it to UTF-8 first" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(tu_read_bytes(cases[i].bytes, cases[i].len, 0, recs, MAXREC), 1);
        tu_expect_error(&recs[0], 1, cases[i].error);
    }
    /* Text that starts like a signature is still text. */
    assert_int_equal(tu_read("BZ\n" TU_EASY "\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "unexpected character 'B' at column 1");
    tu_expect_puzzle(&recs[1], 2, 9, TU_EASY);
    assert_int_equal(tu_read("P\n", 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "unexpected character 'P' at column 1");
    /* bzip2 writes a block size digit after "BZh": without one, text. */
    assert_int_equal(tu_read("BZh\n" TU_EASY "\n", 0, recs, MAXREC), 2);
    tu_expect_error(&recs[0], 1, "unexpected character 'B' at column 1");
    tu_expect_puzzle(&recs[1], 2, 9, TU_EASY);
    /* Signatures the program knew and the reader did not: one table now. */
    assert_int_equal(tu_read_bytes("\x89PNG\r\n\x1A\n\0\0", 10, 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, "a PNG image, not puzzle text");
}

/* A line of 'len' copies of 'fill', then "\n" and TU_EASY. */
static void long_line(char fill, size_t len, sudoku_record *recs, int expected_records)
{
    size_t size = len + 1 + 81 + 1;
    char *text = malloc(size);
    assert_non_null(text);
    memset(text, fill, len);
    text[len] = '\n';
    memcpy(text + len + 1, TU_EASY "\n", 82);
    assert_int_equal(tu_read_bytes(text, size, 0, recs, MAXREC), expected_records);
    free(text);
}

static void test_very_long_lines(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    long_line('.', 1000000, recs, 2);
    tu_expect_error(&recs[0], 1, COUNT_MSG("1000000"));
    tu_expect_puzzle(&recs[1], 2, 9, TU_EASY);

    long_line('7', 1000000, recs, 2);
    tu_expect_error(&recs[0], 1, COUNT_MSG("1000000"));
    tu_expect_puzzle(&recs[1], 2, 9, TU_EASY);

    long_line('|', 1000000, recs, 1); /* a frame piece, ignored */
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);

    long_line('a', 1000000, recs, 2);
    tu_expect_error(&recs[0], 1, "unexpected character 'a' at column 1");
    tu_expect_puzzle(&recs[1], 2, 9, TU_EASY);

    long_line('#', 1000000, recs, 1); /* a comment */
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);

    long_line(' ', 1000000, recs, 1); /* a blank line */
    tu_expect_puzzle(&recs[0], 2, 9, TU_EASY);

    /* 500,000 groups of candidates: neither a row nor a puzzle. */
    size_t len = 1000000;
    char *text = malloc(len + 1);
    assert_non_null(text);
    for (size_t i = 0; i < len; i += 2) {
        text[i] = '1' + (char)(i / 2 % 9);
        text[i + 1] = ' ';
    }
    text[len] = '\n';
    assert_int_equal(tu_read_bytes(text, len + 1, 0, recs, MAXREC), 1);
    tu_expect_error(&recs[0], 1, COUNT_MSG("500000"));
    free(text);

    /* A puzzle line followed by a space and a million characters of remarks. */
    text = malloc(82 + len + 1);
    assert_non_null(text);
    memcpy(text, TU_EASY " ", 82);
    memset(text + 82, 'z', len);
    text[82 + len] = '\n';
    assert_int_equal(tu_read_bytes(text, 82 + len + 1, 0, recs, MAXREC), 1);
    tu_expect_puzzle(&recs[0], 1, 9, TU_EASY);
    free(text);
}

static void test_empty_inputs(void **state)
{
    (void)state;
    sudoku_record recs[MAXREC];
    assert_int_equal(tu_read("", 0, recs, MAXREC), 0);
    assert_int_equal(tu_read("\n", 0, recs, MAXREC), 0);
    assert_int_equal(tu_read("\n\r\n\r  \t\n", 0, recs, MAXREC), 0);
    assert_int_equal(tu_read("# only\n# comments\n#\n", 0, recs, MAXREC), 0);
    assert_int_equal(tu_read("# no line end", 0, recs, MAXREC), 0);
    assert_int_equal(tu_read("+-------+-------+-------+\n|       |       |       |\n-----------\n", 0, recs, MAXREC), 0);

    /* The reader keeps returning false at the end. */
    FILE *f = tu_stream("", 0);
    sudoku_reader *r = sudoku_reader_new(f, "-", 0);
    assert_non_null(r);
    sudoku_record rec;
    assert_false(sudoku_reader_next(r, &rec));
    assert_false(sudoku_reader_next(r, &rec));
    assert_false(sudoku_reader_io_error(r));
    sudoku_reader_free(r);
    fclose(f);

    f = tu_stream(TU_EASY, 81);
    r = sudoku_reader_new(f, "-", 0);
    assert_true(sudoku_reader_next(r, &rec));
    tu_expect_puzzle(&rec, 1, 9, TU_EASY);
    assert_string_equal(rec.source, "-");
    assert_false(sudoku_reader_next(r, &rec));
    assert_false(sudoku_reader_next(r, &rec));
    sudoku_reader_free(r);
    fclose(f);
}

static void test_read_error_is_reported(void **state)
{
    (void)state;
    /* A stream open for writing only: reading it fails. */
    FILE *f = fopen("/dev/null", "w");
    if (!f)
        skip();
    sudoku_reader *r = sudoku_reader_new(f, "/dev/null", 0);
    assert_non_null(r);
    sudoku_record rec;
    assert_false(sudoku_reader_next(r, &rec));
    assert_true(sudoku_reader_io_error(r));
    sudoku_reader_free(r);
    fclose(f);
}

/* ------------------------------------------------------------ committed files */

static void test_committed_format_samples(void **state)
{
    (void)state;
    static sudoku_record lines[64], recs[64];
    char buf[82];

    /* grid.txt: four framed grids, the first of them sample.txt. */
    assert_int_equal(tu_read_path("puzzles/sample.txt", lines, 64), 1);
    assert_int_equal(tu_read_path("puzzles/grid.txt", recs, 64), 4);
    tu_expect_puzzle(&recs[0], 2, 9, tu_given_line(&lines[0], buf));
    for (int i = 1; i < 4; i++) {
        assert_true(recs[i].ok);
        assert_int_equal(recs[i].line, 2 + 14 * i);
        assert_ptr_equal(recs[i].layout, sudoku_layout_9x9());
    }

    /* grid-8x8.txt: lines 1 and 40 of 8x8.txt. */
    assert_int_equal(tu_read_path("puzzles/8x8.txt", lines, 64), 40);
    assert_int_equal(tu_read_path("puzzles/grid-8x8.txt", recs, 64), 2);
    tu_expect_puzzle(&recs[0], 2, 8, tu_given_line(&lines[0], buf));
    tu_expect_puzzle(&recs[1], 16, 8, tu_given_line(&lines[39], buf));

    /* forum.txt: 24 lines rated "ED=ER/EP/ED", CRLF ends. */
    assert_int_equal(tu_read_path("puzzles/forum.txt", recs, 64), 24);
    for (int i = 0; i < 24; i++) {
        assert_true(recs[i].ok);
        assert_int_equal(recs[i].line, i + 1);
        assert_ptr_equal(recs[i].layout, sudoku_layout_9x9());
    }

    /* sample.ss and sample.sdk: one 9x9 puzzle each. */
    assert_int_equal(tu_read_path("puzzles/sample.ss", recs, 64), 1);
    tu_expect_puzzle(&recs[0], 1, 9,
                     ".23....9." ".....782." "..9.32..1" "53...8.7." "8.....2.." "6..47.18."
                     "..5......" "318......" "...56....");
    assert_int_equal(tu_read_path("puzzles/sample.sdk", recs, 64), 1);
    tu_expect_puzzle(&recs[0], 6, 9,
                     ".....678." ".....9..." "...21...." "5...3...1" ".3...52.." "2.8...4.." "6.53....4"
                     "...5...2." "3..9...78");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_81),
        cmocka_unit_test(test_line_64),
        cmocka_unit_test(test_blank_characters),
        cmocka_unit_test(test_trailing_text_ignored),
        cmocka_unit_test(test_several_lines),
        cmocka_unit_test(test_grid_plain_rows),
        cmocka_unit_test(test_grid_spaced_with_bars),
        cmocka_unit_test(test_grid_framed),
        cmocka_unit_test(test_simple_sudoku_ss),
        cmocka_unit_test(test_simple_sudoku_frames),
        cmocka_unit_test(test_spaced_line_with_trailing_text),
        cmocka_unit_test(test_sadman_sdk),
        cmocka_unit_test(test_grids_separated_by_blank_lines),
        cmocka_unit_test(test_consecutive_grids),
        cmocka_unit_test(test_lines_and_grids_mixed),
        cmocka_unit_test(test_comments),
        cmocka_unit_test(test_grid_cut_short_by_puzzle_line),
        cmocka_unit_test(test_stray_space_after_64_cells),
        cmocka_unit_test(test_grid_first_row_short),
        cmocka_unit_test(test_grid_missing_row_framed),
        cmocka_unit_test(test_grid_missing_row_separated),
        cmocka_unit_test(test_full_grid_as_words),
        cmocka_unit_test(test_crlf),
        cmocka_unit_test(test_cr_only),
        cmocka_unit_test(test_utf8_bom),
        cmocka_unit_test(test_pencil_grid_hodoku),
        cmocka_unit_test(test_pencil_top_frame_of_81_or_64_marks),
        cmocka_unit_test(test_pencil_line_81_groups),
        cmocka_unit_test(test_pencil_errors),
        cmocka_unit_test(test_size_forcing),
        cmocka_unit_test(test_wrong_cell_count),
        cmocka_unit_test(test_digit_out_of_range_8x8),
        cmocka_unit_test(test_unknown_character),
        cmocka_unit_test(test_short_row_in_grid),
        cmocka_unit_test(test_incomplete_grid),
        cmocka_unit_test(test_back_to_back_grid_missing_row),
        cmocka_unit_test(test_back_to_back_8x8_missing_row),
        cmocka_unit_test(test_back_to_back_with_bars_missing_row),
        cmocka_unit_test(test_back_to_back_short_grid_ambiguous),
        cmocka_unit_test(test_nul_and_high_bytes),
        cmocka_unit_test(test_binary_stops_at_nul),
        cmocka_unit_test(test_compressed_input),
        cmocka_unit_test(test_very_long_lines),
        cmocka_unit_test(test_empty_inputs),
        cmocka_unit_test(test_read_error_is_reported),
        cmocka_unit_test(test_committed_format_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
