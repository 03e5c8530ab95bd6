/*
 * bench.c - puzzles/second of the exact solver and of the grader on
 * dataset files, with the level distribution and ER range of each.
 *
 * usage: bench FILE...
 *
 * Each file is read into memory first, so only solving and grading are
 * timed, on one thread. Two solver figures: the first solution found
 * (limit 1) and solutions counted up to 2, which is what 'sudoku solve'
 * and 'sudoku check' do (uniqueness is proved), with the guesses per
 * puzzle of the latter. Every answer is verified; a wrong one makes the
 * benchmark fail. Grading covers the puzzles with exactly one solution
 * and, like 'sudoku grade', includes the uniqueness check. Last, the
 * canonical form's rate on each file's puzzles and complete grids
 * (canon_bench below); 'make bench' adds the committed 8x8 brick-wall set
 * for the 8x8 figures.
 */
#include "sudoku.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Reads every valid puzzle of a file; returns the count, sets *records. */
static size_t load(const char *path, sudoku_record **records)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 0;
    }
    sudoku_reader *r = sudoku_reader_new(f, path, 0);
    size_t n = 0, cap = 1024;
    sudoku_record *recs = malloc(cap * sizeof *recs);
    while (r && recs && sudoku_reader_next(r, &recs[n])) {
        if (!recs[n].ok)
            continue;
        if (++n == cap) {
            cap *= 2;
            sudoku_record *grown = realloc(recs, cap * sizeof *recs);
            if (!grown)
                break;
            recs = grown;
        }
    }
    sudoku_reader_free(r);
    fclose(f);
    *records = recs;
    return n;
}

static size_t count_true(const bool *b, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += b[i];
    return k;
}

/* What grading a dataset came to. */
typedef struct grade_tally {
    size_t graded;                      /* puzzles graded in the first round */
    int levels[SUDOKU_LEVEL_EXTREME + 1];
    int no_er;                          /* graded without an ER (logic stalled) */
    int er_band[21];                    /* ER 0.x, 1.x, ... 19.x, 20 and up */
    int er_min, er_max;
    double rate;                        /* graded puzzles/s */
} grade_tally;

/*
 * Grades the unique puzzles, as 'sudoku grade' does (the uniqueness check
 * first). Small files are repeated to time at least 0.5 s; large or hard
 * ones stop after 'budget' seconds, so the figures cover the puzzles
 * graded by then, in file order.
 */
static void grade_rate(const sudoku_grid *grids, const bool *unique, size_t n, double budget, grade_tally *t)
{
    size_t graded = 0;
    double start = now(), elapsed = 0;
    int rounds = 0;
    memset(t, 0, sizeof *t);
    t->er_min = t->er_max = -1;
    do {
        for (size_t k = 0; k < n && (rounds > 0 || elapsed < budget); k++) {
            if (!unique[k])
                continue;
            uint8_t solution[SUDOKU_MAX_CELLS];
            sudoku_rating r;
            sudoku_solve(&grids[k], 2, solution, NULL);
            sudoku_rate(&grids[k], &r);
            graded++;
            elapsed = now() - start;
            if (rounds > 0)
                continue;
            t->graded++;
            t->levels[r.level]++;
            if (r.er < 0) {
                t->no_er++;
                continue;
            }
            t->er_band[r.er / 10 < 20 ? r.er / 10 : 20]++;
            if (t->er_min < 0 || r.er < t->er_min)
                t->er_min = r.er;
            if (r.er > t->er_max)
                t->er_max = r.er;
        }
        rounds++;
        elapsed = now() - start;
    } while (elapsed < 0.5 && graded && t->graded == (size_t)count_true(unique, n));
    t->rate = graded ? graded / elapsed : 0;
}

/* Solves every puzzle with the limit, repeating small files to time at
 * least 0.5 s; returns puzzles/s. The first round fills counts[] and the
 * guesses; a wrong answer sets *failed. */
static double solve_rate(const char *path, const sudoku_record *recs, const sudoku_grid *grids, size_t n,
                         long limit, long *counts, unsigned long *guesses, int *failed)
{
    size_t solved = 0;
    double start = now(), elapsed;
    int rounds = 0;
    do {
        for (size_t k = 0; k < n; k++) {
            uint8_t solution[SUDOKU_MAX_CELLS];
            sudoku_search_stats st;
            long count = sudoku_solve(&grids[k], limit, solution, &st);
            if (count < 1 || !sudoku_solution_valid(&recs[k], solution)) {
                fprintf(stderr, "%s: puzzle %zu: wrong answer\n", path, k + 1);
                *failed = 1;
            }
            if (rounds == 0) {
                *guesses += st.guesses;
                counts[k] = count;
            }
            solved++;
        }
        rounds++;
        elapsed = now() - start;
    } while (elapsed < 0.5);
    return solved / elapsed;
}

/* ------------------------------------------------------------ canon */

/*
 * Canonical forms on one thread: puzzles per second of processor time
 * over a file's puzzles and over their complete grids (the solutions of
 * those with one), each repeated or cut to time one to two seconds. A file of fewer than 10,000 puzzles
 * (the committed 8x8 brick-wall set) is first grown to 10,000 with
 * disguised copies, each a random transformation of one of its puzzles.
 */
typedef struct canon_tally {
    size_t puzzles, grids;
    double puzzle_rate, grid_rate;
    size_t automorphic;                 /* puzzles with automorphisms besides the identity */
} canon_tally;

/* Processor time of this process: the figures hold on a busy machine too. */
static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static double canon_rate(const sudoku_layout **layouts, uint8_t (*digits)[SUDOKU_MAX_CELLS], size_t n,
                         size_t *automorphic)
{
    size_t done = 0;
    double start = cpu_now(), elapsed;
    do {
        for (size_t k = 0; k < n; k++) {
            uint8_t form[SUDOKU_MAX_CELLS];
            uint64_t aut;
            sudoku_canon(layouts[k], digits[k], form, NULL, &aut);
            if (automorphic && done < n)
                *automorphic += aut > 1;
            done++;
            if ((k & 63) == 0 && cpu_now() - start > 2.0)
                break;
        }
        elapsed = cpu_now() - start;
    } while (elapsed < 1.0);
    return done / elapsed;
}

static void canon_bench(const sudoku_record *recs, const sudoku_grid *grids, const bool *unique, size_t n,
                        canon_tally *t)
{
    size_t total = n < 10000 ? 10000 : n;
    const sudoku_layout **layouts = malloc(total * sizeof *layouts);
    uint8_t(*digits)[SUDOKU_MAX_CELLS] = malloc(total * sizeof *digits);
    uint8_t(*solved)[SUDOKU_MAX_CELLS] = malloc(total * sizeof *solved);
    const sudoku_layout **solved_layouts = malloc(total * sizeof *solved_layouts);
    memset(t, 0, sizeof *t);
    if (!layouts || !digits || !solved || !solved_layouts)
        goto done;
    size_t ngrids = 0;
    for (size_t k = 0; k < total; k++) {
        const sudoku_record *rec = &recs[k % n];
        sudoku_transformation tr;
        sudoku_transformation_random(rec->layout, k, &tr);
        if (k < n)
            memcpy(digits[k], rec->given, SUDOKU_MAX_CELLS);
        else
            sudoku_transform(&tr, rec->given, digits[k]);
        layouts[k] = rec->layout;
        uint8_t solution[SUDOKU_MAX_CELLS];
        if (unique[k % n] && sudoku_solve(&grids[k % n], 1, solution, NULL) == 1) {
            if (k < n)
                memcpy(solved[ngrids], solution, SUDOKU_MAX_CELLS);
            else
                sudoku_transform(&tr, solution, solved[ngrids]);
            solved_layouts[ngrids++] = rec->layout;
        }
    }
    t->puzzles = total;
    t->grids = ngrids;
    t->puzzle_rate = canon_rate(layouts, digits, total, &t->automorphic);
    t->grid_rate = ngrids ? canon_rate(solved_layouts, solved, ngrids, NULL) : 0;
done:
    free(layouts);
    free(digits);
    free(solved);
    free(solved_layouts);
}

int main(int argc, char **argv)
{
    int failed = 0;
    const char *env = getenv("BENCH_GRADE_SECONDS");
    double budget = env ? atof(env) : 20;
    struct {
        const char *name;
        grade_tally t;
        canon_tally c;
    } histograms[64];
    int nfiles = 0;
    printf("grading stops after %.0f s a dataset (BENCH_GRADE_SECONDS): its figures cover the puzzles graded\n"
           "by then, in file order\n\n",
           budget);
    printf("%-36s %7s %10s %10s %9s %8s %10s %9s  %s\n", "dataset", "puzzles", "first/s", "count2/s", "us/count2",
           "guesses", "graded/s", "ms/grade", "levels easy/medium/hard/expert/extreme, ER range");
    for (int i = 1; i < argc && nfiles < 64; i++) {
        sudoku_record *recs = NULL;
        size_t n = load(argv[i], &recs);
        if (!n) {
            free(recs);
            continue;
        }
        sudoku_grid *grids = malloc(n * sizeof *grids);
        long *counts = malloc(n * sizeof *counts);
        bool *unique = calloc(n, sizeof *unique);
        for (size_t k = 0; k < n; k++)
            sudoku_grid_from_record(&grids[k], &recs[k], NULL, 0);

        unsigned long guesses = 0, first_guesses = 0;
        double first = solve_rate(argv[i], recs, grids, n, 1, counts, &first_guesses, &failed);
        double count2 = solve_rate(argv[i], recs, grids, n, 2, counts, &guesses, &failed);
        for (size_t k = 0; k < n; k++)
            unique[k] = counts[k] == 1;

        grade_tally t;
        grade_rate(grids, unique, n, budget, &t);
        printf("%-36s %7zu %10.0f %10.0f %9.2f %8.1f %10.1f %9.3f  %d/%d/%d/%d/%d", base_name(argv[i]), n, first,
               count2, 1e6 / count2, (double)guesses / n, t.rate, t.rate > 0 ? 1000 / t.rate : 0.0, t.levels[0],
               t.levels[1], t.levels[2], t.levels[3], t.levels[4]);
        if (t.er_max >= 0)
            printf(", ER %d.%d-%d.%d", t.er_min / 10, t.er_min % 10, t.er_max / 10, t.er_max % 10);
        printf("\n");
        histograms[nfiles].name = base_name(argv[i]);
        canon_bench(recs, grids, unique, n, &histograms[nfiles].c);
        histograms[nfiles++].t = t;
        free(unique);
        free(counts);
        free(grids);
        free(recs);
    }
    printf("\nER histogram of the graded puzzles (integer bands; '-' no ER, logic stalled):\n%-36s %6s", "dataset",
           "graded");
    for (int b = 1; b <= 12; b++)
        printf(" %4d", b);
    printf(" %4s %4s\n", "13+", "-");
    for (int f = 0; f < nfiles; f++) {
        const grade_tally *t = &histograms[f].t;
        int above = 0;
        for (int b = 13; b <= 20; b++)
            above += t->er_band[b];
        printf("%-36s %6zu", histograms[f].name, t->graded);
        for (int b = 1; b <= 12; b++)
            printf(" %4d", t->er_band[b] + (b == 1 ? t->er_band[0] : 0));
        printf(" %4d %4d\n", above, t->no_er);
    }
    printf("\nCanonical forms (minlex), one thread, per second of processor time; files under 10,000 puzzles\n"
           "are filled up with disguised copies; the grids are the solutions of the puzzles with one:\n");
    printf("%-36s %7s %10s %11s %7s %10s\n", "dataset", "puzzles", "canon/s", "automorphic", "grids",
           "grids/s");
    for (int f = 0; f < nfiles; f++) {
        const canon_tally *c = &histograms[f].c;
        printf("%-36s %7zu %10.0f %11zu %7zu %10.0f\n", histograms[f].name, c->puzzles, c->puzzle_rate,
               c->automorphic, c->grids, c->grid_rate);
    }
    return failed;
}
