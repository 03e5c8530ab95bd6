/*
 * test_verify.c - the check every printed solution passes
 * (programs/verify.c) says what sudoku_solution_valid() says: for the
 * solutions of committed puzzles of both layouts, and for the same with
 * cells changed (digits out of range, a clue overwritten, two cells
 * swapped) from a fixed seed, and for pencil-mark records.
 */
#include "test_util.h"

#include "verify.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Du;

static uint64_t rng(void) { return tu_rng(&rng_state); }

/* Both checks agree on sol; returns the verdict. */
static bool agree(const sudoku_record *rec, const uint8_t *sol)
{
    bool fast = solution_verified(rec, sol), slow = sudoku_solution_valid(rec, sol);
    if (fast != slow)
        fail_msg("line %ld: solution_verified says %d, sudoku_solution_valid %d", rec->line, fast, slow);
    return fast;
}

/* The puzzles of a file: each solved, then its solution changed. */
static void check_file(const char *path, long *rejected)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("%s not found (the tests run from the top of the source tree)", path);
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    sudoku_record rec;
    uint8_t sol[SUDOKU_MAX_CELLS], bad[SUDOKU_MAX_CELLS];
    static const uint8_t odd[] = { 0, 9, 10, 17, 33, 255 };
    long solved = 0;
    while (sudoku_reader_next(r, &rec)) {
        if (!rec.ok || sudoku_solve_record(&rec, 1, sol) != 1)
            continue;
        solved++;
        int n = rec.layout->ncells;
        assert_true(agree(&rec, sol));
        for (int k = 0; k < 200; k++) {
            memcpy(bad, sol, (size_t)n);
            int c = (int)(rng() % (uint64_t)n), e = (int)(rng() % (uint64_t)n);
            switch (k % 4) {
            case 0: bad[c] = odd[rng() % sizeof odd]; break;          /* out of range, or 9 in 8x8 */
            case 1: bad[c] = (uint8_t)(1 + rng() % (uint64_t)rec.layout->n); break; /* another digit */
            case 2: bad[c] = sol[e], bad[e] = sol[c]; break;          /* two cells swapped */
            default: /* a row's digits relabelled: units stay whole, clues do not */
                for (int i = 0; i < n; i++)
                    if (sol[i] == sol[c] || sol[i] == sol[e])
                        bad[i] = sol[i] == sol[c] ? sol[e] : sol[c];
                break;
            }
            *rejected += !agree(&rec, bad);
        }
        /* The same as a pencil-mark record: a candidate struck out. */
        rec.pencil = true;
        int c = (int)(rng() % (uint64_t)n);
        if (!rec.given[c]) {
            rec.cand[c] &= (sudoku_mask)~sudoku_bit(sol[c]);
            assert_false(agree(&rec, sol));
        }
    }
    sudoku_reader_free(r);
    fclose(f);
    assert_true(solved > 0);
}

static void test_both_layouts(void **state)
{
    (void)state;
    static const char *const files[] = { "puzzles/easy.txt", "puzzles/hard.txt", "puzzles/17clue.txt",
                                         "puzzles/8x8.txt", "puzzles/grid-8x8.txt" };
    long rejected = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        check_file(files[i], &rejected);
    assert_true(rejected > 1000); /* the changes are mostly caught, and agreed on */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_both_layouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
