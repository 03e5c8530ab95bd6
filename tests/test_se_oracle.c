/*
 * test_se_oracle.c - our ratings against Sudoku Explainer 1.2.1's.
 *
 * SE's batch rater `serate`, with SE 1.2.1's technique set, rated these
 * puzzles (the files say how, and with which build):
 *   - ../shared/reference/se121_ratings.tsv: 1,196 public puzzles, ER 1.2 to
 *     9.6, when ../shared is present;
 *   - tests/data/se121_extra.tsv: 954 more from the same datasets (unbiased
 *     and magictour top1465), rated by us with the same build and settings,
 *     committed so that the test also runs in a fresh clone;
 *   - tests/data/se121_forum.tsv: 31 of the forum's hardest (ER 10.0-11.8,
 *     nested chains), rated by us with the same build and settings. They
 *     take about 20 s here, so only the full plain run rates them all; the
 *     others rate the first (the cheapest, ER 10.0).
 * Every puzzle must get SE's ER, EP and ED, and for the techniques named the
 * way SE names them (XY-Wing and up) the name of the step that reached ER.
 * Each disagreement is printed before the test fails.
 *
 * Under the sanitizers the rating is about ten times slower, so there
 * SUDOKU_ORACLE_MAX (a number of puzzles per file) can cut the run short.
 */
#include "test_util.h"

#include <stdlib.h>

/* "6.6" as 66; -1 if it is not a rating. */
static int parse_tenths(const char *s)
{
    int whole, tenth;
    if (sscanf(s, "%d.%1d", &whole, &tenth) == 2)
        return whole * 10 + tenth;
    return -1;
}

/* Splits a tab-separated line in place; returns the number of fields. */
static int split_tabs(char *line, char **field, int max)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; n < max;) {
        field[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

typedef struct tally {
    long rated, agree;
    long band_rated[21], band_agree[21];
} tally;

/* Rates every puzzle of one file; returns false when the file is absent. */
static bool rate_file(const char *path, long max, tally *t)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[1024];
    long lineno = 0, done = 0;
    while (fgets(line, sizeof line, f) && (max <= 0 || done < max)) {
        lineno++;
        char *field[8];
        if (split_tabs(line, field, 8) < 6 || strcmp(field[0], "puzzle") == 0)
            continue;
        int er = parse_tenths(field[2]), ep = parse_tenths(field[3]), ed = parse_tenths(field[4]);
        if (er < 0 || ep < 0 || ed < 0)
            fail_msg("%s:%ld: not a rating", path, lineno);

        static sudoku_record rec;
        sudoku_grid g;
        tu_load(field[0], &rec, &g);
        assert_int_equal(sudoku_solve(&g, 2, NULL, NULL), 1);
        sudoku_rating r;
        sudoku_rate(&g, &r);
        done++;

        int band = er / 10 < 20 ? er / 10 : 20;
        bool same = r.er == er && r.ep == ep && r.ed == ed;
        /* From XY-Wing (4.2) up, the steps carry SE's own names. */
        if (same && er >= 42 && strcmp(r.hardest_name, field[5]) != 0)
            same = false;
        t->rated++;
        t->band_rated[band]++;
        if (same) {
            t->agree++;
            t->band_agree[band]++;
        } else {
            printf("  DISAGREES %s:%ld %s: SE %s/%s/%s (%s), ours %d.%d/%d.%d/%d.%d (%s)\n", path, lineno, field[0],
                   field[2], field[3], field[4], field[5], r.er / 10, r.er % 10, r.ep / 10, r.ep % 10, r.ed / 10,
                   r.ed % 10, r.hardest_name);
        }
    }
    fclose(f);
    return true;
}

static void test_agreement_with_se(void **state)
{
    (void)state;
    const char *env = getenv("SUDOKU_ORACLE_MAX");
    long max = env ? atol(env) : 0;
    char path[1024];
    const char *shared = getenv("SHARED");
    snprintf(path, sizeof path, "%s/reference/se121_ratings.tsv", shared && *shared ? shared : "../shared");

    tally t = { 0 };
    if (!rate_file(path, max, &t))
        printf("  %s not found: skipped\n", path);
    if (!rate_file("tests/data/se121_extra.tsv", max, &t))
        fail_msg("tests/data/se121_extra.tsv is missing");
    long forum_max = tu_mode() == TU_FULL && !env ? 0 : 1;
    if (!rate_file("tests/data/se121_forum.tsv", forum_max, &t))
        fail_msg("tests/data/se121_forum.tsv is missing");

    printf("  SE 1.2.1 agreement: %ld of %ld puzzles\n", t.agree, t.rated);
    for (int b = 0; b <= 20; b++)
        if (t.band_rated[b])
            printf("    SE ER %2d.x: %ld of %ld\n", b, t.band_agree[b], t.band_rated[b]);
    assert_true(t.rated > 0);
    assert_int_equal(t.agree, t.rated);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agreement_with_se),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
