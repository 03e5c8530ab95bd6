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
 * and, like 'sudoku grade', includes the uniqueness check.
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

/* Grades every unique puzzle; repeats small files to time at least 0.5 s. */
static double grade_rate(const sudoku_grid *grids, const bool *unique, size_t n, int *levels, int *er_min,
                         int *er_max)
{
    size_t graded = 0;
    double start = now(), elapsed;
    int rounds = 0;
    do {
        for (size_t k = 0; k < n; k++) {
            if (!unique[k])
                continue;
            /* As 'sudoku grade' does: uniqueness first, then the rating. */
            uint8_t solution[SUDOKU_MAX_CELLS];
            sudoku_rating r;
            sudoku_solve(&grids[k], 2, solution, NULL);
            sudoku_rate(&grids[k], &r);
            if (rounds == 0) {
                levels[r.level]++;
                if (r.er >= 0 && (*er_min < 0 || r.er < *er_min))
                    *er_min = r.er;
                if (r.er > *er_max)
                    *er_max = r.er;
            }
            graded++;
        }
        rounds++;
        elapsed = now() - start;
    } while (elapsed < 0.5 && graded);
    return graded ? graded / elapsed : 0;
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

int main(int argc, char **argv)
{
    int failed = 0;
    printf("%-36s %7s %10s %10s %9s %8s %10s  %s\n", "dataset", "puzzles", "first/s", "count2/s", "us/count2",
           "guesses", "graded/s", "levels easy/medium/hard/expert/extreme, ER range by logic");
    for (int i = 1; i < argc; i++) {
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

        int levels[SUDOKU_LEVEL_EXTREME + 1] = { 0 }, er_min = -1, er_max = -1;
        double graded = grade_rate(grids, unique, n, levels, &er_min, &er_max);
        printf("%-36s %7zu %10.0f %10.0f %9.2f %8.1f %10.0f  %d/%d/%d/%d/%d", base_name(argv[i]), n, first, count2,
               1e6 / count2, (double)guesses / n, graded, levels[0], levels[1], levels[2], levels[3], levels[4]);
        if (er_max >= 0)
            printf(", ER %d.%d-%d.%d", er_min / 10, er_min % 10, er_max / 10, er_max % 10);
        printf("\n");
        free(unique);
        free(counts);
        free(grids);
        free(recs);
    }
    return failed;
}
