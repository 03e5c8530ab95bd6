/*
 * test_uniqueness.c - unique rectangles and loops (types 1-4) and BUG
 * (types 1-4), on both layouts.
 *
 * 9x9 positions are Sudoku Explainer 1.2.1's own states: the candidates just
 * before SE took a uniqueness step on a reference puzzle (its serate path
 * with pencil marks), with SE's name, rating, loop cells (in SE's loop
 * order) and eliminations as the expected result. 8x8 brick-wall positions
 * come from minimal puzzles of puzzles/gen/brickwall.c; their eliminations
 * were checked by hand against the rules (see each comment). Every position
 * has exactly one solution and every step is checked against it.
 * Synthetic positions (candidates set cell by cell) test what must not
 * fire and which of two instances comes first.
 */
#include "strategy_util.h"
#include "techniques/uniqueness.h"

/* The position has one solution; no elimination removes its digit. */
static void assert_sound(const sudoku_grid *g, const sudoku_step *s)
{
    uint8_t solution[SUDOKU_MAX_CELLS];
    assert_int_equal(sudoku_solve(g, 2, solution, NULL), 1);
    for (int c = 0; c < g->layout->ncells; c++)
        assert_false(s->elim[c] & sudoku_bit(solution[c]));
}

/* Runs 'find' on the position and checks the step it describes. */
static void check_step(const char *text, finder_fn find, int technique, const char *name, int rating,
                       const char *cells, const char *elims, sudoku_step *s, sudoku_grid *g)
{
    grid_from_text(text, g);
    assert_true(run_finder(find, g, s));
    assert_int_equal(s->technique, technique);
    assert_string_equal(s->name, name);
    assert_int_equal(s->rating, rating);
    assert_cells(g, s, cells);
    assert_eliminations(g, s, elims);
    assert_int_equal(s->place_cell, -1);
    assert_sound(g, s);
}

/* The loop's cells carry the two digits as the pattern, in loop order. */
static void assert_loop_marks(const sudoku_step *s, sudoku_mask pair)
{
    assert_int_equal(s->digits, pair);
    assert_true(s->nmarks >= s->ncells);
    for (int i = 0; i < s->ncells; i++) {
        assert_int_equal(s->marks[i].cell, s->cells[i]);
        assert_int_equal(s->marks[i].role, SUDOKU_ROLE_PATTERN);
        assert_int_equal(s->marks[i].digits, pair);
    }
}

/* The k-th mark after the loop's: cell and role EXTRA, digits. */
static void assert_extra_mark(const sudoku_grid *g, const sudoku_step *s, int k, int r, int c, sudoku_mask digits)
{
    int i = s->ncells + k;
    assert_true(i < s->nmarks);
    assert_int_equal(s->marks[i].cell, rc(g, r, c));
    assert_int_equal(s->marks[i].role, SUDOKU_ROLE_EXTRA);
    assert_int_equal(s->marks[i].digits, digits);
}

/* On SE's own states the whole engine takes the same step (nothing before
 * the technique applies there, as SE found). */
static void assert_engine_takes(const sudoku_grid *g, const sudoku_step *expected)
{
    static sudoku_step s;
    assert_true(sudoku_find_step(g, SUDOKU_ORDER_RATING, &s));
    assert_string_equal(s.name, expected->name);
    assert_int_equal(s.nelim, expected->nelim);
    assert_memory_equal(s.elim, expected->elim, sizeof s.elim[0] * (size_t)g->layout->ncells);
}

static sudoku_mask digits_of(int a, int b) { return (sudoku_mask)(sudoku_bit(a) | sudoku_bit(b)); }

/* ------------------------------------------------------------------ positions */

/* Unique Rectangle type 1 */
static const char *ur1_9x9 =
    "16    127   3     267   467   9     478   468   5\n"
    "4     5     67    67    8     3     1     9     2\n"
    "267   8     9     5     2467  1     47    46    3\n"
    "5     4     1     8     9     6     3     2     7\n"
    "3     6     8     4     27    27    9     5     1\n"
    "27    9     27    3     1     5     48    48    6\n"
    "9     12    5     12    3     4     6     7     8\n"
    "8     3     267   9     267   27    5     1     4\n"
    "167   17    4     167   5     8     2     3     9\n";

/* Unique Rectangle type 2 */
static const char *ur2_9x9 =
    "15    2     36    4     57    69    37    8     169\n"
    "1458  1568  346   18    57    69    2     37    169\n"
    "7     168   9     128   128   3     14    5     146\n"
    "1489  1689  46    3     1268  5     1489  129   7\n"
    "1489  3     5     7     128   128   6     129   1248\n"
    "2     168   7     9     168   4     138   13    5\n"
    "59    4     2     158   3     7     189   6     18\n"
    "3     7     1     6     9     28    5     4     28\n"
    "6     59    8     125   4     12    179   1279  3\n";

/* Unique Rectangle type 4 */
static const char *ur4_9x9 =
    "1246  1256  3     8     256   26    24    9     7\n"
    "246   256   269   1     2569  7     24    3     8\n"
    "7     8     29    29    3     4     5     6     1\n"
    "268   9     268   5     26    3     1     7     4\n"
    "126   4     1267  279   1269  8     3     5     26\n"
    "5     3     1267  27    4     126   9     8     26\n"
    "3     127   128   6     12    9     78    4     5\n"
    "1268  126   4     3     7     5     68    12    9\n"
    "9     67    5     4     8     12    67    12    3\n";

/* Unique Loop 6 type 1 */
static const char *ul6_1_9x9 =
    "1     2     3     7     5     6     4     8     9\n"
    "4     5     6     1     8     9     3     2     7\n"
    "7     8     9     2     4     3     56    56    1\n"
    "8     79    17    3     169   2     67    4     5\n"
    "2     6     45    45    7     8     9     1     3\n"
    "3     479   1457  69    169   45    8     67    2\n"
    "69    3     8     69    2     57    1     57    4\n"
    "69    47    2     45    69    1     57    3     8\n"
    "5     1     47    8     3     47    2     9     6\n";

/* Unique Loop 6 type 2 */
static const char *ul6_2_9x9 =
    "1     25    3     57    67    4     9     256   8\n"
    "4     58    6     589   2     89    1     3     7\n"
    "7     258   9     3     16    18    456   24    56\n"
    "39    1     8     49    34    7     2     56    56\n"
    "2     49    45    6     8     59    3     7     1\n"
    "35    6     7     2     13    135   8     9     4\n"
    "58    3     45    478   9     6     457   1     2\n"
    "568   47    2     1     347   38    56    456   9\n"
    "69    479   1     47    5     2     467   8     3\n";

/* Unique Loop 6 type 4 */
static const char *ul6_4_9x9 =
    "3     5     89    1     29    28    6     7     4\n"
    "17    4     89    39    6     378   158   2     58\n"
    "127   27    6     4     5     78    18    9     3\n"
    "4     6     2     79    79    1     3     58    58\n"
    "9     8     1     5     3     6     7     4     2\n"
    "5     37    37    2     8     4     9     1     6\n"
    "78    9     37    6     4     23    258   58    1\n"
    "28    23    5     38    1     9     4     6     7\n"
    "6     1     4     78    27    5     28    3     9\n";

/* BUG type 1 */
static const char *bug1_9x9 =
    "1     2     3     5     9     4     8     6     7\n"
    "4     5     6     28    27    78    9     1     3\n"
    "7     8     9     1     3     6     5     4     2\n"
    "5     3     7     46    8     2     46    9     1\n"
    "6     9     8     34    1     35    7     2     45\n"
    "2     4     1     69    57    79    3     58    68\n"
    "3     16    4     7     56    19    2     58    89\n"
    "8     16    25    39    246   13    46    7     59\n"
    "9     7     25    28    46    58    1     3     46\n";

/* BUG type 2 */
static const char *bug2_9x9 =
    "1     26    3     4     59    569   7     8     29\n"
    "4     25    56    8     7     69    3     29    1\n"
    "7     8     9     1     2     3     4     56    56\n"
    "69    59    7     56    3     4     2     1     8\n"
    "8     3     56    7     1     2     9     4     56\n"
    "2     1     4     9     56    8     56    7     3\n"
    "5     69    1     2     69    7     8     3     4\n"
    "69    4     2     3     8     1     56    59    7\n"
    "3     7     8     56    4     59    1     269   29\n";

/* BUG type 3 */
static const char *bug3_9x9 =
    "1     2     3     4     7     6     9     5     8\n"
    "4     5     6     28    89    39    12    7     13\n"
    "7     8     9     15    15    23    4     23    6\n"
    "89    36    7     126   149   29    18    348   5\n"
    "5     1     4     7     3     8     6     9     2\n"
    "89    36    2     16    49    5     7     48    13\n"
    "2     9     58    58    6     7     3     1     4\n"
    "3     4     58    9     2     1     58    6     7\n"
    "6     7     1     3     58    4     25    28    9\n";

/* BUG type 4 */
static const char *bug4_9x9 =
    "56    5689  2     7     68    1     689   4     3\n"
    "4     68    7     5     3     9     68    1     2\n"
    "89    1     3     2     68    4     7     56    59\n"
    "89    89    4     1     2     3     5     7     6\n"
    "3     2     5     6     4     7     1     9     8\n"
    "1     7     6     9     5     8     3     2     4\n"
    "56    3     9     4     1     56    2     8     7\n"
    "2     4     1     8     7     56    69    3     59\n"
    "7     56    8     3     9     2     4     56    1\n";

/* Unique Rectangle type 3 */
static const char *ur3n_9x9 =
    "79    5679  1     567   8     2     569   4     3\n"
    "789   4     56789 567   3     56    569   1     2\n"
    "2     56    3     1     9     4     56    78    78\n"
    "789   5789  2     689   4     1     3     5678  789\n"
    "4     1     789   3     5     69    2     678   789\n"
    "6     3     589   89    2     7     4     58    1\n"
    "3     79    79    4     6     8     1     2     5\n"
    "1     2     4     59    7     59    8     3     6\n"
    "5     68    68    2     1     3     7     9     4\n";

/* Unique Rectangle type 3 */
static const char *ur3h_9x9 =
    "12    23    139   46    47    467   159   58    358\n"
    "4     5     136   9     2     8     16    7     36\n"
    "7     8     69    3     1     5     69    2     4\n"
    "5     9     2     7     6     3     8     4     1\n"
    "18    7     14    248   89    249   56    3     56\n"
    "68    36    34    48    5     1     7     9     2\n"
    "9     26    5     18    3     26    4     18    7\n"
    "3     4     7     1568  89    69    2     1568  58\n"
    "26    1     8     2456  47    2467  3     56    9\n";

/* BUG type 1 */
static const char *bug1_8x8 =
    "+------------+--------------+\n"
    "| 7  2  1 5  | 8  4   6  3  |\n"
    "| 4  36 8 36 | 5  1   2  7  |\n"
    "+------------+--------------+\n"
    "| 56 1  7 4  | 36 2   35 8  |\n"
    "| 56 8  3 2  | 4  56  7  1  |\n"
    "+------------+--------------+\n"
    "| 2  7  4 8  | 36 356 1  56 |\n"
    "| 3  5  6 1  | 2  7   8  4  |\n"
    "+------------+--------------+\n"
    "| 1  4  2 36 | 7  8   35 56 |\n"
    "| 8  36 5 7  | 1  36  4  2  |\n"
    "+------------+--------------+\n";

/* Unique Rectangle type 1 */
static const char *ur1_8x8 =
    "+-------------+--------------+\n"
    "| 3 6  5   8  | 4   7 2   1  |\n"
    "| 2 4  1   7  | 3   5 68  68 |\n"
    "+-------------+--------------+\n"
    "| 1 7  24  24 | 58  6 3   58 |\n"
    "| 6 3  8   5  | 7   1 4   2  |\n"
    "+-------------+--------------+\n"
    "| 8 5  7   16 | 2   4 16  3  |\n"
    "| 4 12 26  3  | 156 8 7   56 |\n"
    "+-------------+--------------+\n"
    "| 5 12 246 24 | 168 3 168 7  |\n"
    "| 7 8  3   16 | 16  2 5   4  |\n"
    "+-------------+--------------+\n";

/* Unique Rectangle type 3 */
static const char *ur3n_8x8 =
    "+---------------+--------------+\n"
    "| 57  67  56  8 | 4    1  2  3 |\n"
    "| 2   1   3   4 | 78   6  78 5 |\n"
    "+---------------+--------------+\n"
    "| 147 47  2   3 | 157  57 6  8 |\n"
    "| 6   78  18  5 | 137  4  13 2 |\n"
    "+---------------+--------------+\n"
    "| 345 34  45  6 | 2    78 78 1 |\n"
    "| 8   2   7   1 | 6    3  5  4 |\n"
    "+---------------+--------------+\n"
    "| 13  368 168 2 | 1358 58 4  7 |\n"
    "| 134 5   148 7 | 138  2  13 6 |\n"
    "+---------------+--------------+\n";

/* Unique Rectangle type 4 */
static const char *ur4_8x8 =
    "+-----------------+-----------------+\n"
    "| 47  5   78  6   | 48  1   2    3  |\n"
    "| 1   3   28  24  | 5   478 678  67 |\n"
    "+-----------------+-----------------+\n"
    "| 8   2   5   1   | 7   6   3    4  |\n"
    "| 3   47  6   47  | 18  5   18   2  |\n"
    "+-----------------+-----------------+\n"
    "| 5   1   237 237 | 46  247 67   8  |\n"
    "| 27  6   4   8   | 3   27  5    1  |\n"
    "+-----------------+-----------------+\n"
    "| 6   78  1   37  | 2   378 4    5  |\n"
    "| 247 478 237 5   | 168 378 1678 67 |\n"
    "+-----------------+-----------------+\n";

/* Unique Loop 6 type 3 */
static const char *ul6_3h_8x8 =
    "+-------------------+---------------+\n"
    "| 18   3   6   78   | 4  17  5   2  |\n"
    "| 2    157 157 4    | 13 6   8   37 |\n"
    "+-------------------+---------------+\n"
    "| 7    15  135 35   | 8  2   6   4  |\n"
    "| 68   28  4   268  | 7  5   3   1  |\n"
    "+-------------------+---------------+\n"
    "| 145  28  28  57   | 13 134 147 6  |\n"
    "| 1346 17  137 367  | 2  8   147 5  |\n"
    "+-------------------+---------------+\n"
    "| 35   4   357 1    | 6  37  2   8  |\n"
    "| 38   6   28  2378 | 5  14  14  37 |\n"
    "+-------------------+---------------+\n";

/* Unique Rectangle type 2 */
static const char *ur2_8x8 =
    "+----------------+---------------------+\n"
    "| 5  4   7   12  | 236  13  236  8     |\n"
    "| 26 3   16  8   | 257  157 4    257   |\n"
    "+----------------+---------------------+\n"
    "| 3  2   58  57  | 1    6   578  4     |\n"
    "| 1  567 568 4   | 357  2   3578 357   |\n"
    "+----------------+---------------------+\n"
    "| 7  56  4   23  | 8    35  1    2356  |\n"
    "| 26 8   156 123 | 2357 4   2357 23567 |\n"
    "+----------------+---------------------+\n"
    "| 8  1   2   6   | 4    357 357  357   |\n"
    "| 4  57  3   57  | 26   8   26   1     |\n"
    "+----------------+---------------------+\n";

/* Unique Loop 6 type 1 */
static const char *ul6_1_8x8 =
    "+------------------+------------+\n"
    "| 256 35 256  7    | 8 235 1 4  |\n"
    "| 258 1  4    358  | 7 235 6 35 |\n"
    "+------------------+------------+\n"
    "| 156 78 156  56   | 2 4   3 78 |\n"
    "| 3   4  78   2    | 1 6   5 78 |\n"
    "+------------------+------------+\n"
    "| 12  35 12   4    | 6 7   8 35 |\n"
    "| 568 78 5678 3568 | 4 35  2 1  |\n"
    "+------------------+------------+\n"
    "| 7   2  3    1    | 5 8   4 6  |\n"
    "| 4   6  58   58   | 3 1   7 2  |\n"
    "+------------------+------------+\n";

/* Unique Loop 6 type 2 */
static const char *ul6_2_8x8 =
    "+-------------+--------------+\n"
    "| 2  5  8  13 | 4 6   13  7  |\n"
    "| 67 47 13 46 | 5 138 138 2  |\n"
    "+-------------+--------------+\n"
    "| 4  6  13 7  | 2 5   138 18 |\n"
    "| 8  13 2  5  | 7 13  4   6  |\n"
    "+-------------+--------------+\n"
    "| 1  2  6  8  | 3 4   7   5  |\n"
    "| 5  34 7  34 | 6 18  2   18 |\n"
    "+-------------+--------------+\n"
    "| 3  8  5  2  | 1 7   6   4  |\n"
    "| 67 17 4  16 | 8 2   5   3  |\n"
    "+-------------+--------------+\n";

/* BUG type 2 */
static const char *bug2_8x8 =
    "+-----------+---------------+\n"
    "| 7  2 14 8 | 146 5  3  16  |\n"
    "| 5  6 14 3 | 7   24 18 128 |\n"
    "+-----------+---------------+\n"
    "| 3  7 2  6 | 5   18 18 4   |\n"
    "| 1  5 8  4 | 3   26 7  26  |\n"
    "+-----------+---------------+\n"
    "| 4  8 5  7 | 16  16 2  3   |\n"
    "| 6  1 3  2 | 8   7  4  5   |\n"
    "+-----------+---------------+\n"
    "| 28 4 7  5 | 12  3  6  18  |\n"
    "| 28 3 6  1 | 24  48 5  7   |\n"
    "+-----------+---------------+\n";

/* Unique Loop 6 type 4 */
static const char *ul6_4_8x8 =
    "+-----------------+--------------------+\n"
    "| 7    45  6   1  | 8   2   45    3    |\n"
    "| 3    45  8   2  | 6   7   1     45   |\n"
    "+-----------------+--------------------+\n"
    "| 5    236 23  7  | 1   4   236   8    |\n"
    "| 246  1   234 8  | 235 356 7     256  |\n"
    "+-----------------+--------------------+\n"
    "| 1246 8   7   3  | 245 156 256   256  |\n"
    "| 1246 26  245 56 | 234 136 8     7    |\n"
    "+-----------------+--------------------+\n"
    "| 8    236 1   56 | 7   356 23456 2456 |\n"
    "| 26   7   235 4  | 235 8   2356  1    |\n"
    "+-----------------+--------------------+\n";

/* BUG type 4 */
static const char *bug4_8x8 =
    "+-------------+--------------+\n"
    "| 17 5  67 3  | 168 4 2  168 |\n"
    "| 12 24 46 8  | 7   5 13 36  |\n"
    "+-------------+--------------+\n"
    "| 8  7  2  1  | 3   6 5  4   |\n"
    "| 4  3  5  6  | 2   1 8  7   |\n"
    "+-------------+--------------+\n"
    "| 6  24 3  45 | 15  8 7  12  |\n"
    "| 25 8  1  7  | 56  3 4  26  |\n"
    "+-------------+--------------+\n"
    "| 57 6  47 45 | 18  2 13 38  |\n"
    "| 3  1  8  2  | 4   7 6  5   |\n"
    "+-------------+--------------+\n";

/* Unique Loop 10 type 2 */
static const char *ul10_2_8x8 =
    "+---------------+-----------------+\n"
    "| 3  68  4   5  | 2    1  7   68  |\n"
    "| 68 1   7   2  | 68   4  5   3   |\n"
    "+---------------+-----------------+\n"
    "| 5  368 2   7  | 3468 38 1   468 |\n"
    "| 4  368 68  1  | 7    5  368 2   |\n"
    "+---------------+-----------------+\n"
    "| 68 7   368 4  | 5    2  38  1   |\n"
    "| 1  2   5   38 | 46   38 46  7   |\n"
    "+---------------+-----------------+\n"
    "| 7  4   38  38 | 1    6  2   5   |\n"
    "| 2  5   1   6  | 348  7  348 48  |\n"
    "+---------------+-----------------+\n";

/* BUG type 3 */
static const char *bug3_8x8 =
    "+----------------+----------+\n"
    "| 8   3   5  6   | 1  7 2 4 |\n"
    "| 1   2   4  7   | 3  5 8 6 |\n"
    "+----------------+----------+\n"
    "| 357 4   37 358 | 78 6 1 2 |\n"
    "| 67  178 16 2   | 78 4 5 3 |\n"
    "+----------------+----------+\n"
    "| 4   6   8  1   | 5  2 3 7 |\n"
    "| 2   57  37 35  | 4  8 6 1 |\n"
    "+----------------+----------+\n"
    "| 37  78  2  38  | 6  1 4 5 |\n"
    "| 56  15  16 4   | 2  3 7 8 |\n"
    "+----------------+----------+\n";

/* Unique Loop 8 type 1 */
static const char *ul8_1_8x8 =
    "+---------------+---------------------+\n"
    "| 4   7  16 136 | 2   8    156   1356 |\n"
    "| 136 28 28 5   | 167 367  1467  146  |\n"
    "+---------------+---------------------+\n"
    "| 8   6  7  23  | 45  1    45    23   |\n"
    "| 13  5  12 4   | 67  2367 8     26   |\n"
    "+---------------+---------------------+\n"
    "| 5   4  3  7   | 8   26   16    126  |\n"
    "| 2   1  68 68  | 45  45   3     7    |\n"
    "+---------------+---------------------+\n"
    "| 167 28 45 28  | 3   67   14567 1456 |\n"
    "| 167 3  45 16  | 167 45   2     8    |\n"
    "+---------------+---------------------+\n";

/* ------------------------------------------------------------------ 9x9, SE's states */

static void unique_rectangle_type1_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur1_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 1", 45, "r5c5 r5c6 r8c6 r8c5",
               "r8c5-2 r8c5-7", &s, &g);
    assert_loop_marks(&s, digits_of(2, 7));
    assert_extra_mark(&g, &s, 0, 8, 5, sudoku_bit(6));
    assert_true(s.difficulty == 4.5);
    assert_engine_takes(&g, &s);
}

static void unique_rectangle_type2_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur2_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 2", 45, "r1c6 r2c6 r2c9 r1c9",
               "r3c7-1 r3c9-1 r5c9-1 r7c9-1", &s, &g);
    assert_loop_marks(&s, digits_of(6, 9));
    assert_extra_mark(&g, &s, 0, 2, 9, sudoku_bit(1));
    assert_extra_mark(&g, &s, 1, 1, 9, sudoku_bit(1));
    assert_engine_takes(&g, &s);
}

/* r1c2 (+7,9) and r1c7 (+9) act as one cell holding 7,9: with r1c1 (79) a
 * naked pair of row 1, which loses 7 in r1c4. SE rates a naked pair 4.5+0.1. */
static void unique_rectangle_type3_naked_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur3n_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 3", 46, "r3c2 r1c2 r1c7 r3c7",
               "r1c4-7", &s, &g);
    assert_loop_marks(&s, digits_of(5, 6));
    assert_extra_mark(&g, &s, 0, 1, 2, digits_of(7, 9));
    assert_extra_mark(&g, &s, 1, 1, 7, sudoku_bit(9));
    assert_extra_mark(&g, &s, 2, 1, 1, digits_of(7, 9));
    assert_int_equal(s.nbase, 1);
    assert_int_equal(s.base[0], row_unit(1));
    assert_int_equal(s.ncover, 0);
    assert_engine_takes(&g, &s);
}

/* 4 and 7 of column 6 lie only in the loop's r1c6/r9c6 and in r5c6: a
 * hidden pair (SE: 4.5+0.0), so r5c6 keeps only 4,7. */
static void unique_rectangle_type3_hidden_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur3h_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 3", 45, "r1c5 r1c6 r9c6 r9c5",
               "r5c6-2 r5c6-9", &s, &g);
    assert_loop_marks(&s, digits_of(4, 7));
    assert_int_equal(s.nbase, 0);
    assert_int_equal(s.ncover, 1);
    assert_int_equal(s.cover[0], col_unit(&g, 6));
    assert_engine_takes(&g, &s);
}

/* 4 is confined to r1c1,r2c1 in box 1 and in column 1: SE keeps the last
 * such unit (column 1); 2 leaves both cells. */
static void unique_rectangle_type4_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur4_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 4", 45, "r1c7 r2c7 r2c1 r1c1",
               "r1c1-2 r2c1-2", &s, &g);
    assert_loop_marks(&s, digits_of(2, 4));
    assert_int_equal(s.base[0], col_unit(&g, 1));
    assert_engine_takes(&g, &s);
}

static void unique_loop6_type1_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul6_1_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 6 type 1", 46,
               "r6c4 r6c5 r8c5 r8c1 r7c1 r7c4", "r6c5-6 r6c5-9", &s, &g);
    assert_loop_marks(&s, digits_of(6, 9));
    assert_true(s.difficulty == 4.5 + 0.1);
    assert_engine_takes(&g, &s);
}

static void unique_loop6_type2_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul6_2_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 6 type 2", 46,
               "r3c9 r3c7 r8c7 r8c8 r4c8 r4c9", "r3c8-4 r7c7-4 r9c7-4", &s, &g);
    assert_engine_takes(&g, &s);
}

static void unique_loop6_type4_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul6_4_9x9, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 6 type 4", 46,
               "r2c9 r2c7 r7c7 r7c8 r4c8 r4c9", "r2c7-8 r7c7-8", &s, &g);
    assert_engine_takes(&g, &s);
}

/* Type 1 only removes candidates: SE's hint names no cell to fill (its
 * getCell() is null), so EP does not count it as a placement. */
static void bug_type1_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug1_9x9, find_bug, SUDOKU_BUG, "BUG type 1", 56, "r8c5", "r8c5-2 r8c5-4", &s, &g);
    assert_int_equal(s.digits, sudoku_bit(6));
    assert_true(s.difficulty == 5.6);
    assert_engine_takes(&g, &s);
}

static void bug_type2_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug2_9x9, find_bug, SUDOKU_BUG, "BUG type 2", 57, "r1c6 r9c8", "r9c6-9", &s, &g);
    assert_int_equal(s.digits, sudoku_bit(9));
    assert_engine_takes(&g, &s);
}

/* A naked triple: 5.7 + 2 * 0.1, as SE adds it. */
static void bug_type3_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug3_9x9, find_bug, SUDOKU_BUG, "BUG type 3", 59, "r4c5 r4c8 r4c4", "r4c6-9", &s, &g);
    assert_true(s.difficulty == 5.7 + 2 * 0.1);
    assert_int_equal(s.base[0], row_unit(4));
    assert_engine_takes(&g, &s);
}

static void bug_type4_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug4_9x9, find_bug, SUDOKU_BUG, "BUG type 4", 57, "r1c2 r1c7", "r1c2-5 r1c7-8", &s, &g);
    assert_engine_takes(&g, &s);
}

/* ------------------------------------------------------------------ 8x8 brick-wall */

/* Rows 3 and 7, columns 3 and 4: two boxes (rows 3-4 and 7-8, columns 1-4). */
static void unique_rectangle_type1_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur1_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 1", 45, "r3c3 r3c4 r7c4 r7c3",
               "r7c3-2 r7c3-4", &s, &g);
    assert_loop_marks(&s, digits_of(2, 4));
}

/* Extra 3 in r1c5 and r1c7: r1c6, the only other cell seeing both that
 * holds 3, loses it. */
static void unique_rectangle_type2_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur2_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 2", 45, "r8c5 r8c7 r1c7 r1c5",
               "r1c6-3", &s, &g);
}

/* r4c5 (+7) and r8c5 (+8) with r2c5 (78): a naked pair of column 5. */
static void unique_rectangle_type3_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur3n_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 3", 46, "r4c7 r4c5 r8c5 r8c7",
               "r3c5-7 r7c5-8", &s, &g);
    assert_int_equal(s.base[0], col_unit(&g, 5));
}

/* 1 of row 8 only in r8c5, r8c7 (and of their box: row 8, the later unit,
 * is the one kept). */
static void unique_rectangle_type4_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ur4_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Rectangle type 4", 45, "r4c5 r4c7 r8c7 r8c5",
               "r8c5-8 r8c7-8", &s, &g);
    assert_int_equal(s.base[0], row_unit(8));
}

/* Three box rows: rows 3, 4, 6 and columns 2, 3, 8, each unit twice. */
static void unique_loop6_type1_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul6_1_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 6 type 1", 46,
               "r3c2 r3c8 r4c8 r4c3 r6c3 r6c2", "r6c3-7 r6c3-8", &s, &g);
}

/* Three cells with the same extra 3: r1c7 sees all of them. */
static void unique_loop6_type2_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul6_2_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 6 type 2", 46,
               "r3c8 r3c7 r2c7 r2c6 r6c6 r6c8", "r1c7-3", &s, &g);
    assert_extra_mark(&g, &s, 0, 3, 7, sudoku_bit(3));
    assert_extra_mark(&g, &s, 1, 2, 7, sudoku_bit(3));
    assert_extra_mark(&g, &s, 2, 2, 6, sudoku_bit(3));
}

/* 2 and 8 of column 4 only in r4c4/r8c4 and r1c4: a hidden pair. */
static void unique_loop6_type3_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul6_3h_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 6 type 3", 46,
               "r4c2 r4c4 r8c4 r8c3 r5c3 r5c2", "r1c4-7", &s, &g);
    assert_int_equal(s.cover[0], col_unit(&g, 4));
}

/* 4 of row 7 only in r7c7, r7c8. */
static void unique_loop6_type4_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul6_4_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 6 type 4", 46,
               "r1c2 r2c2 r2c8 r7c8 r7c7 r1c7", "r7c7-5 r7c8-5", &s, &g);
}

static void bug_type1_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug1_8x8, find_bug, SUDOKU_BUG, "BUG type 1", 56, "r5c6", "r5c6-3 r5c6-5", &s, &g);
    assert_int_equal(s.digits, sudoku_bit(6));
}

/* 1 too many in r1c5 and r2c8: r1c8 and r2c7 see both. */
static void bug_type2_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug2_8x8, find_bug, SUDOKU_BUG, "BUG type 2", 57, "r1c5 r2c8", "r1c8-1 r2c7-1", &s, &g);
}

/* r1c5 is 1 or r1c8 is 6; both hold 8 in box 2 (the first unit they share). */
static void bug_type4_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug4_8x8, find_bug, SUDOKU_BUG, "BUG type 4", 57, "r1c5 r1c8", "r1c8-1 r1c5-6", &s, &g);
    assert_int_equal(s.base[0], box_unit(&g, 2));
}

/* Ten cells over rows 3-7 and five boxes; extra 6 in four of them: r4c3
 * sees all four. 4.5 + 0.3 + 0.2, as SE adds it. */
static void unique_loop10_type2_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul10_2_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 10 type 2", 50,
               "r3c6 r3c2 r4c2 r4c7 r5c7 r5c3 r7c3 r7c4 r6c4 r6c6", "r4c3-6", &s, &g);
    assert_true(s.difficulty == 4.5 + 0.3 + 0.2);
}

static void unique_loop8_type1_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(ul8_1_8x8, find_unique_loop, SUDOKU_UNIQUE_LOOP, "Unique Loop 8 type 1", 47,
               "r3c5 r3c7 r7c7 r7c3 r8c3 r8c6 r6c6 r6c5", "r7c7-4 r7c7-5", &s, &g);
}

/* The BUG cells of box 3 (r3c1, r4c2, r3c4), taken as one cell holding 3 or
 * 7, and r3c3 (37) form a naked pair: r4c1, which sees them all, loses 7. */
static void bug_type3_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    check_step(bug3_8x8, find_bug, SUDOKU_BUG, "BUG type 3", 58, "r3c1 r4c2 r3c4", "r4c1-7", &s, &g);
    assert_int_equal(s.base[0], box_unit(&g, 3));
}

/* ------------------------------------------------------------------ synthetic positions */

/* Every cell empty with candidates 'rest'; set_cell() then changes cells. */
static void synthetic(sudoku_grid *g, const sudoku_layout *l, sudoku_mask rest)
{
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++)
        g->cand[c] = rest;
}

static void set_cell(sudoku_grid *g, int r, int c, const char *digits)
{
    sudoku_mask m = 0;
    for (const char *p = digits; *p; p++)
        m |= sudoku_bit(*p - '0');
    g->cand[rc(g, r, c)] = m;
}

static sudoku_mask all_but(const sudoku_layout *l, const char *digits)
{
    sudoku_mask m = l->all;
    for (const char *p = digits; *p; p++)
        m &= (sudoku_mask)~sudoku_bit(*p - '0');
    return m;
}

/* A rectangle over four boxes is not a deadly pattern: SE's loops visit
 * every unit they touch exactly twice. The same rectangle over two boxes is. */
static void rectangle_must_span_two_boxes_9x9(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    const sudoku_layout *l = sudoku_layout_9x9();
    synthetic(&g, l, all_but(l, "12"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 4, "12");
    set_cell(&g, 4, 1, "12");
    set_cell(&g, 4, 4, "123");
    assert_false(run_finder(find_unique_loop, &g, &s));

    synthetic(&g, l, all_but(l, "12"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 4, "12");
    set_cell(&g, 2, 1, "12");
    set_cell(&g, 2, 4, "123");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_string_equal(s.name, "Unique Rectangle type 1");
    assert_cells(&g, &s, "r1c1 r2c1 r2c4 r1c4");
    assert_eliminations(&g, &s, "r2c4-1 r2c4-2");
}

/* On the brick-wall, rows 1 and 3 lie in different boxes: r1c1,r1c5,r3c1,r3c5
 * touch four boxes. Rows 1-2 or columns 1-2 of two boxes form rectangles. */
static void rectangle_must_span_two_boxes_8x8(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    const sudoku_layout *l = sudoku_layout_8x8();
    synthetic(&g, l, all_but(l, "12"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 5, "12");
    set_cell(&g, 3, 1, "12");
    set_cell(&g, 3, 5, "123");
    assert_false(run_finder(find_unique_loop, &g, &s));

    synthetic(&g, l, all_but(l, "12"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 5, "12");
    set_cell(&g, 2, 1, "12");
    set_cell(&g, 2, 5, "123");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_cells(&g, &s, "r1c1 r2c1 r2c5 r1c5");
    assert_eliminations(&g, &s, "r2c5-1 r2c5-2");

    synthetic(&g, l, all_but(l, "12"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 2, "12");
    set_cell(&g, 3, 1, "12");
    set_cell(&g, 3, 2, "123");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_cells(&g, &s, "r1c1 r1c2 r3c2 r3c1");
    assert_eliminations(&g, &s, "r3c2-1 r3c2-2");
}

/* A filled cell (given or placed) has no candidates, so it is never one of
 * a loop's cells: three corners and a clue make no rectangle. */
static void filled_cell_is_never_a_loop_cell(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    const sudoku_layout *l = sudoku_layout_9x9();
    synthetic(&g, l, all_but(l, "12"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 4, "123");
    set_cell(&g, 2, 1, "12");
    g.digit[rc(&g, 2, 4)] = 1;
    g.cand[rc(&g, 2, 4)] = 0;
    g.empty--;
    assert_false(run_finder(find_unique_loop, &g, &s));
}

/* SE sorts all loop hints by difficulty, then type, and takes the first:
 * a type 1 found later beats a type 2 found first. */
static void type1_before_type2_found_earlier(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    const sudoku_layout *l = sudoku_layout_9x9();
    synthetic(&g, l, all_but(l, "1234"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 4, "12");
    set_cell(&g, 2, 1, "125");
    set_cell(&g, 2, 4, "125");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_string_equal(s.name, "Unique Rectangle type 2");
    assert_eliminations(&g, &s, "r2c2-5 r2c3-5 r2c5-5 r2c6-5 r2c7-5 r2c8-5 r2c9-5");

    set_cell(&g, 7, 1, "34");
    set_cell(&g, 7, 4, "34");
    set_cell(&g, 8, 1, "34");
    set_cell(&g, 8, 4, "346");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_string_equal(s.name, "Unique Rectangle type 1");
    assert_cells(&g, &s, "r7c1 r8c1 r8c4 r7c4");
    assert_eliminations(&g, &s, "r8c4-3 r8c4-4");
}

/* A rectangle (4.5) found later beats a loop of 6 (4.6) found first. */
static void rectangle_before_loop_found_earlier(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    const sudoku_layout *l = sudoku_layout_9x9();
    synthetic(&g, l, all_but(l, "1234"));
    set_cell(&g, 1, 1, "12");
    set_cell(&g, 1, 4, "12");
    set_cell(&g, 2, 4, "12");
    set_cell(&g, 2, 7, "12");
    set_cell(&g, 3, 7, "12");
    set_cell(&g, 3, 1, "125");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_string_equal(s.name, "Unique Loop 6 type 1");
    assert_int_equal(s.rating, 46);
    assert_cells(&g, &s, "r1c1 r3c1 r3c7 r2c7 r2c4 r1c4");
    assert_eliminations(&g, &s, "r3c1-1 r3c1-2");

    set_cell(&g, 7, 1, "34");
    set_cell(&g, 7, 4, "34");
    set_cell(&g, 8, 1, "346");
    set_cell(&g, 8, 4, "346");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_string_equal(s.name, "Unique Rectangle type 2");
    assert_int_equal(s.rating, 45);
    assert_eliminations(&g, &s, "r8c2-6 r8c3-6 r8c5-6 r8c6-6 r8c7-6 r8c8-6 r8c9-6");
}

/* Of two equal hints, the one found first: loops are searched from each
 * bivalue cell in reading order, whatever their digits. */
static void first_of_equal_rectangles_in_cell_order(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s;
    const sudoku_layout *l = sudoku_layout_9x9();
    synthetic(&g, l, all_but(l, "1234"));
    set_cell(&g, 1, 1, "34");
    set_cell(&g, 1, 4, "34");
    set_cell(&g, 2, 1, "34");
    set_cell(&g, 2, 4, "345");
    set_cell(&g, 7, 1, "12");
    set_cell(&g, 7, 4, "12");
    set_cell(&g, 8, 1, "12");
    set_cell(&g, 8, 4, "125");
    assert_true(run_finder(find_unique_loop, &g, &s));
    assert_int_equal(s.digits, digits_of(3, 4));
    assert_eliminations(&g, &s, "r2c4-3 r2c4-4");
}

/* ------------------------------------------------------------------ the engine */

typedef struct sound_ctx {
    uint8_t solution[SUDOKU_MAX_CELLS];
} sound_ctx;

/* Every step keeps the solution's digits. */
static bool step_is_sound(const sudoku_grid *before, const sudoku_step *s, void *ctx)
{
    const sound_ctx *sc = ctx;
    for (int c = 0; c < before->layout->ncells; c++)
        if (s->elim[c] & sudoku_bit(sc->solution[c]))
            fail_msg("%s removes the solution's %d from cell %d", s->name, sc->solution[c], c);
    if (s->place_cell >= 0)
        assert_int_equal(s->place_digit, sc->solution[s->place_cell]);
    return true;
}

/* Runs the engine on a puzzle, checking each step; returns the path. */
static void run_puzzle(const char *puzzle, sudoku_path *path)
{
    static sudoku_grid g;
    sound_ctx ctx;
    grid_from_text(puzzle, &g);
    assert_int_equal(sudoku_solve(&g, 2, ctx.solution, NULL), 1);
    sudoku_logic_run(&g, SUDOKU_ORDER_RATING, path, step_is_sound, &ctx);
    assert_true(path->solved);
}

/* Reference puzzles whose whole SE path lies in our table: ER/EP/ED and the
 * hardest step's name as serate gives them (se121_ratings.tsv). */
static void engine_matches_se_ratings(void **state)
{
    (void)state;
    static const struct {
        const char *puzzle;
        int er, ep, ed;
        const char *hardest;
    } cases[] = {
        { "................12.....3..4.....56....1.......72........412....6...8.3..9..7.....", 45, 12, 12,
          "Unique Rectangle type 1" },
        { ".23.76.5....8...17......4......59.....12....98..7.....93....68.5....8....7..41..5", 45, 12, 12,
          "Unique Rectangle type 2" },
        { "...4..8......8.3..7.9..12...75..3..22...58..46.....98.9...6.....4.7...........1..", 45, 12, 12,
          "Unique Rectangle type 3" },
        { "12...6...45..9..7..8.3.....3.......459.....2....6.2..52..8...3...8.3.9.....5..8.2", 46, 12, 12,
          "Unique Loop 6 type 2" },
        { "..3....964...83.1....1..5......74......2.6....7.....3.9....51...6..2.4...18....7.", 56, 12, 12,
          "BUG type 1" },
        { "................12..3..4...........5....4.36.78..1.........5..4.1...3....2.....8.", 57, 15, 15,
          "BUG type 2" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sudoku_path path;
        run_puzzle(cases[i].puzzle, &path);
        assert_int_equal(path.er, cases[i].er);
        assert_int_equal(path.ep, cases[i].ep);
        assert_int_equal(path.ed, cases[i].ed);
        assert_string_equal(path.hardest_name, cases[i].hardest);
    }
}

/* Minimal brick-wall puzzles that need a rectangle, a loop or a BUG (their
 * paths use no wing or exclusion either): solved, every step sound. */
static void engine_solves_8x8_with_uniqueness(void **state)
{
    (void)state;
    static const struct {
        const char *puzzle;
        int er;
        const char *hardest;
    } cases[] = {
        { "..5.472.2.1..5...7...63.63...1.2857.24.....3....5......7.8...2.4", 45, "Unique Rectangle type 1" },
        { ".2.87.1....5.....46...8.5...1.26.7.4........4.3..8.....32...8..1", 46, "Unique Loop 6 type 1" },
        { "2.8..6.7....5...46.........57...1..83.....7...2.3...1..4..4..25.", 46, "Unique Loop 6 type 2" },
        { "2...4...5.47.13....3.52..4..7.......2.1...82..6.78....5......8..", 56, "BUG type 1" },
        { "72......5..3........5..4..8.3....8....23..3..74..47.......61...7", 57, "BUG type 2" },
        { ".5....2....87....7.13..4.35...8.6.3...7....7.....6...2..3.8.4..5", 57, "BUG type 4" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sudoku_path path;
        run_puzzle(cases[i].puzzle, &path);
        assert_int_equal(path.er, cases[i].er);
        assert_string_equal(path.hardest_name, cases[i].hardest);
    }
}

/*
 * The unique loop search's shortcuts (uniqueness.h) on random grids: the
 * step found with them is the step found following every branch and trying
 * every type 3 set, each search made afresh (after a grid of the other
 * layout: no loops kept). The grids need
 * not be legal: the search reads candidates alone. Most cells hold one of a
 * few pairs, some with extra digits, so that loops of every type and length
 * close, valid or not, and many branches are left out.
 */
static unsigned long long loop_rand_state = 0x9e3779b97f4a7c15ull;
static unsigned loop_rand(unsigned k)
{
    unsigned long long x = loop_rand_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    loop_rand_state = x;
    return (unsigned)(x % k);
}

static void loop_random_grid(sudoku_grid *g, const sudoku_layout *l)
{
    static const int pairs[3][2] = { { 1, 2 }, { 3, 4 }, { 1, 3 } };
    int n = l->n;
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++) {
        int r = (int)loop_rand(100);
        if (r < 5) {
            g->digit[c] = (uint8_t)(5 + (int)loop_rand((unsigned)n - 4));
            g->cand[c] = 0;
            g->empty--;
            continue;
        }
        sudoku_mask m = 0;
        if (r < 45) {
            const int *p = pairs[loop_rand(3)];
            m = (sudoku_mask)(sudoku_bit(p[0]) | sudoku_bit(p[1]));
            for (int k = loop_rand(10) < 3 ? 1 + (int)loop_rand(2) : 0; k > 0; k--)
                m |= sudoku_bit(1 + (int)loop_rand((unsigned)n));
        } else {
            while (mask_count(m) < 2 + (int)loop_rand(4))
                m |= sudoku_bit(1 + (int)loop_rand((unsigned)n));
        }
        g->cand[c] = m;
    }
}

static bool same_step(const sudoku_step *a, const sudoku_step *b)
{
    return a->technique == b->technique && !strcmp(a->name, b->name) && a->rating == b->rating &&
           a->ncells == b->ncells && !memcmp(a->cells, b->cells, sizeof a->cells) &&
           !memcmp(a->elim, b->elim, sizeof a->elim) && a->nmarks == b->nmarks &&
           !memcmp(a->marks, b->marks, sizeof a->marks[0] * (size_t)a->nmarks);
}

/* The finder on g with a shortcut switched off, then on: both find the
 * same step, or nothing (the step in t). True when they find one. */
static bool same_with_shortcut(void (*shortcut)(bool), finder_fn find, const sudoku_grid *g, sudoku_step *s,
                               sudoku_step *t)
{
    shortcut(false);
    memset(s, 0, sizeof *s);
    bool slow = run_finder(find, g, s);
    shortcut(true);
    memset(t, 0, sizeof *t);
    bool fast = run_finder(find, g, t);
    assert_int_equal(slow, fast);
    if (fast)
        assert_true(same_step(s, t));
    return fast;
}

static void loop_prune_finds_what_every_branch_finds(void **state)
{
    (void)state;
    static sudoku_grid g, other;
    static sudoku_step s, t;
    int found = 0, loops_6up = 0;
    for (int i = 0; i < 4000; i++) {
        const sudoku_layout *l = i % 3 ? sudoku_layout_9x9() : sudoku_layout_8x8();
        sudoku_grid_init(&other, l == sudoku_layout_9x9() ? sudoku_layout_8x8() : sudoku_layout_9x9());
        loop_random_grid(&g, l);
        unique_loop_prune(false);
        assert_false(run_finder(find_unique_loop, &other, &t)); /* no pair: nothing, no loops kept */
        memset(&s, 0, sizeof s);
        bool slow = run_finder(find_unique_loop, &g, &s);
        unique_loop_prune(true);
        assert_false(run_finder(find_unique_loop, &other, &t));
        memset(&t, 0, sizeof t);
        bool fast = run_finder(find_unique_loop, &g, &t);
        assert_int_equal(slow, fast);
        if (fast) {
            assert_true(same_step(&s, &t));
            found++;
            loops_6up += t.ncells >= 6;
        }
    }
    assert_true(found > 1000 && found < 3000 && loops_6up > 100);
}

/* A grid for the type 2 loops: cells holding the pair {1,2}, few of them
 * just the pair, most the pair and 3 (or 4), others a few random digits. */
static void loop_type2_grid(sudoku_grid *g, const sudoku_layout *l)
{
    int n = l->n;
    sudoku_grid_init(g, l);
    for (int c = 0; c < l->ncells; c++) {
        int r = (int)loop_rand(100);
        sudoku_mask pair = (sudoku_mask)(sudoku_bit(1) | sudoku_bit(2)), m = 0;
        if (r < 5) {
            g->digit[c] = (uint8_t)(5 + (int)loop_rand((unsigned)n - 4));
            g->cand[c] = 0;
            g->empty--;
            continue;
        }
        if (r < 9)
            m = pair;
        else if (r < 30)
            m = (sudoku_mask)(pair | sudoku_bit(3));
        else if (r < 36)
            m = (sudoku_mask)(pair | sudoku_bit(4));
        else
            while (mask_count(m) < 2 + (int)loop_rand(4))
                m |= sudoku_bit(1 + (int)loop_rand((unsigned)n));
        g->cand[c] = m;
    }
}

/* Takes a candidate out of a few cells left with two or more. */
static void loop_strike(sudoku_grid *g)
{
    for (int k = 1 + (int)loop_rand(3); k > 0; k--) {
        int c = (int)loop_rand((unsigned)g->layout->ncells);
        int d = 1 + (int)loop_rand((unsigned)g->layout->n);
        if (mask_count(g->cand[c]) > 2)
            g->cand[c] &= (sudoku_mask)~sudoku_bit(d);
    }
}

/* The same with the kept loops in use: walks of grids that lose a few
 * candidates at each step (the loops kept from one grid replayed on the
 * next where the pair's cells are as they were), the pruned search after
 * the full one on each grid (both keep the same loops), on both kinds of
 * random grid; the type 2 grids have many starts that are the pair's last
 * cell holding just the pair (loop_may_exist()). */
static void loop_prune_finds_the_same_along_walks(void **state)
{
    (void)state;
    static sudoku_grid g;
    static sudoku_step s, t;
    int found = 0, type2 = 0;
    for (int i = 0; i < 800; i++) {
        const sudoku_layout *l = i % 3 ? sudoku_layout_9x9() : sudoku_layout_8x8();
        if (i % 2)
            loop_type2_grid(&g, l);
        else
            loop_random_grid(&g, l);
        for (int step = 0; step < 6; step++) {
            if (same_with_shortcut(unique_loop_prune, find_unique_loop, &g, &s, &t)) {
                found++;
                type2 += strstr(t.name, "type 2") != NULL;
            }
            loop_strike(&g);
        }
    }
    assert_true(found > 1500 && type2 > 700);
}

/* bug_pattern_precheck(): find_bug with and without the bit-set test that
 * rules grids out before SE's scan, on the BUG grids above changed at a few
 * random cells (a digit added or taken away), and on random grids. */
static void bug_precheck_finds_what_the_scan_finds(void **state)
{
    (void)state;
    static const char *const *grids[] = { &bug1_9x9, &bug2_9x9, &bug3_9x9, &bug4_9x9,
                                          &bug1_8x8, &bug2_8x8, &bug3_8x8, &bug4_8x8 };
    static sudoku_grid start, g;
    static sudoku_step s, t;
    int found = 0, rejected = 0;
    for (int i = 0; i < 12000; i++) {
        if (i % 3 == 2) {
            loop_random_grid(&g, i % 2 ? sudoku_layout_9x9() : sudoku_layout_8x8());
        } else {
            grid_from_text(*grids[i % 8], &start);
            g = start;
            for (int k = (int)loop_rand(4); k > 0; k--) {
                int c = (int)loop_rand((unsigned)g.layout->ncells);
                int d = 1 + (int)loop_rand((unsigned)g.layout->n);
                if (g.digit[c])
                    continue;
                if (!(g.cand[c] & sudoku_bit(d)))
                    g.cand[c] |= sudoku_bit(d);
                else if (mask_count(g.cand[c]) > 2)
                    g.cand[c] &= (sudoku_mask)~sudoku_bit(d);
            }
        }
        if (same_with_shortcut(bug_pattern_precheck, find_bug, &g, &s, &t))
            found++;
        else
            rejected++;
    }
    assert_true(found > 500 && rejected > 3000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unique_rectangle_type1_9x9),
        cmocka_unit_test(unique_rectangle_type2_9x9),
        cmocka_unit_test(unique_rectangle_type3_naked_9x9),
        cmocka_unit_test(unique_rectangle_type3_hidden_9x9),
        cmocka_unit_test(unique_rectangle_type4_9x9),
        cmocka_unit_test(unique_loop6_type1_9x9),
        cmocka_unit_test(unique_loop6_type2_9x9),
        cmocka_unit_test(unique_loop6_type4_9x9),
        cmocka_unit_test(bug_type1_9x9),
        cmocka_unit_test(bug_type2_9x9),
        cmocka_unit_test(bug_type3_9x9),
        cmocka_unit_test(bug_type4_9x9),
        cmocka_unit_test(unique_rectangle_type1_8x8),
        cmocka_unit_test(unique_rectangle_type2_8x8),
        cmocka_unit_test(unique_rectangle_type3_8x8),
        cmocka_unit_test(unique_rectangle_type4_8x8),
        cmocka_unit_test(unique_loop6_type1_8x8),
        cmocka_unit_test(unique_loop6_type2_8x8),
        cmocka_unit_test(unique_loop6_type3_8x8),
        cmocka_unit_test(unique_loop6_type4_8x8),
        cmocka_unit_test(bug_type1_8x8),
        cmocka_unit_test(bug_type2_8x8),
        cmocka_unit_test(bug_type4_8x8),
        cmocka_unit_test(unique_loop10_type2_8x8),
        cmocka_unit_test(unique_loop8_type1_8x8),
        cmocka_unit_test(bug_type3_8x8),
        cmocka_unit_test(rectangle_must_span_two_boxes_9x9),
        cmocka_unit_test(rectangle_must_span_two_boxes_8x8),
        cmocka_unit_test(filled_cell_is_never_a_loop_cell),
        cmocka_unit_test(type1_before_type2_found_earlier),
        cmocka_unit_test(rectangle_before_loop_found_earlier),
        cmocka_unit_test(first_of_equal_rectangles_in_cell_order),
        cmocka_unit_test(engine_matches_se_ratings),
        cmocka_unit_test(engine_solves_8x8_with_uniqueness),
        cmocka_unit_test(loop_prune_finds_what_every_branch_finds),
        cmocka_unit_test(loop_prune_finds_the_same_along_walks),
        cmocka_unit_test(bug_precheck_finds_what_the_scan_finds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
