/*
 * generate.c - the generator's speed and bias (make bench).
 *
 * usage: bench_generate [HARD_PUZZLES_FILE]
 *
 * 1. Minimal puzzles with no target, on one thread: 9x9 and 8x8, without
 *    symmetry and with rot180 (the command's default). Wall-clock and CPU
 *    rates are both shown: on a busy machine the CPU figure is the one to
 *    compare with another run.
 * 2. The clue counts of 10,000 random minimal 9x9 puzzles (no symmetry)
 *    beside Berthier's controlled-bias estimate for minimal puzzles, and
 *    their ER histogram: the generator's bias (it takes clues away in
 *    random order from a full grid, a "top-down" generator).
 * 3. Hard targets: the time to one puzzle with ER 9.0 and up, on one
 *    thread, without symmetry and with rot180, for seeds 1..10 (each capped, BENCH_HARD_SECONDS, default 120),
 *    and for a few ER bands; ER 10.0 and up once, for BENCH_ER10_SECONDS
 *    (default 300; 0 skips it).
 * 4. With a file of hard puzzles (make bench gives the forum's hardest):
 *    five puzzles of ER 10.0 and up searched from its first 20 (--from).
 */
#define _POSIX_C_SOURCE 200809L

#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static sudoku_generate_options plain(const sudoku_layout *l, enum sudoku_symmetry s, uint64_t seed, long count)
{
    sudoku_generate_options o = { .layout = l, .count = count, .seed = seed, .symmetry = s, .level = -1,
                                  .er_min = -1, .er_max = -1, .ep_min = -1, .ep_max = -1, .ed_min = -1,
                                  .ed_max = -1, .technique = -1, .clues_min = -1, .clues_max = -1, .jobs = 1 };
    return o;
}

typedef struct tally {
    long n;
    long clues[SUDOKU_MAX_CELLS + 1];
    long er[201];
    long unrated;
} tally;

static bool count_one(const sudoku_generated *p, void *ctx)
{
    tally *t = ctx;
    t->n++;
    t->clues[p->clues]++;
    if (p->rated) {
        if (p->rating.er >= 0 && p->rating.er <= 200)
            t->er[p->rating.er]++;
        else
            t->unrated++;
    }
    return true;
}

static void speed(const char *name, const sudoku_layout *l, enum sudoku_symmetry s, long count)
{
    sudoku_generate_options o = plain(l, s, 1, count);
    tally t = { 0 };
    double w = wall(), c = cpu();
    sudoku_generate(&o, count_one, NULL, &t, NULL);
    w = wall() - w;
    c = cpu() - c;
    printf("  %-22s %7ld puzzles  %8.0f/s wall  %8.0f/s cpu  %6.1f us each (cpu)\n", name, t.n, t.n / w, t.n / c,
           1e6 * c / t.n);
}

static void bias(long count)
{
    static const struct { int clues; double percent; } berthier[] = {
        { 20, 0 }, { 21, 0 }, { 22, 0.0 }, { 23, 0.15 }, { 24, 2.3 }, { 25, 13.4 }, { 26, 31.9 }, { 27, 32.7 },
        { 28, 15.5 }, { 29, 3.6 }, { 30, 0.41 }, { 31, 0 },
    };
    sudoku_generate_options o = plain(sudoku_layout_9x9(), SUDOKU_SYM_NONE, 2026, count);
    o.rate = true;
    o.jobs = 2;
    tally t = { 0 };
    double w = wall();
    sudoku_generate(&o, count_one, NULL, &t, NULL);
    w = wall() - w;
    double mean = 0;
    for (int k = 0; k <= 81; k++)
        mean += (double)k * t.clues[k] / t.n;
    printf("\nClue counts of %ld random minimal 9x9 puzzles (no symmetry, seed 2026; graded on 2 threads in %.0f s),\n"
           "beside Berthier's controlled-bias estimate for minimal puzzles:\n  clues   ours   Berthier\n", t.n, w);
    for (size_t i = 0; i < sizeof berthier / sizeof berthier[0]; i++) {
        int k = berthier[i].clues;
        printf("  %5d %6.2f%% %8.2f%%\n", k, 100.0 * t.clues[k] / t.n, berthier[i].percent);
    }
    long below = 0, above = 0;
    for (int k = 0; k < 20; k++)
        below += t.clues[k];
    for (int k = 32; k <= 81; k++)
        above += t.clues[k];
    printf("  (below 20: %ld, above 31: %ld; mean %.2f)\n", below, above, mean);
    printf("\nTheir ER histogram (whole points; %ld not rated by logic):\n", t.unrated);
    long band[21] = { 0 };
    int max = 0;
    for (int e = 0; e <= 200; e++) {
        band[e / 10] += t.er[e];
        if (t.er[e])
            max = e;
    }
    for (int b = 1; b <= 20 && b * 10 <= max + 9; b++)
        printf("  ER %2d.0-%2d.9 %6ld %6.2f%%\n", b, b, band[b], 100.0 * band[b] / t.n);
    printf("  highest ER %d.%d\n", max / 10, max % 10);
}

/* Seconds to one puzzle of ER in [lo, hi] on one thread, or -1 when 'cap' ran out. */
static double hard_one(int lo, int hi, enum sudoku_symmetry sym, uint64_t seed, double cap, int *er)
{
    sudoku_generate_options o = plain(sudoku_layout_9x9(), sym, seed, 1);
    o.er_min = lo;
    o.er_max = hi;
    o.max_seconds = cap;
    tally t = { 0 };
    sudoku_generate_status st;
    double c = cpu();
    sudoku_generate(&o, count_one, NULL, &t, &st);
    c = cpu() - c;
    *er = st.best_er;
    return t.n ? c : -1;
}

static void hard(void)
{
    const char *env = getenv("BENCH_HARD_SECONDS");
    double cap = env ? atof(env) : 120;
    int er;
    for (int k = 0; k < 2; k++) {
        enum sudoku_symmetry sym = k ? SUDOKU_SYM_ROT180 : SUDOKU_SYM_NONE;
        printf("\nER 9.0 and up, %s, one thread, seeds 1-10 (cap %.0f s each), CPU seconds a puzzle:\n  ",
               k ? "rot180" : "no symmetry", cap);
        double total = 0;
        int found = 0;
        for (uint64_t seed = 1; seed <= 10; seed++) {
            double s = hard_one(90, -1, sym, seed, cap, &er);
            if (s < 0) {
                printf(" (none, best %d.%d)", er / 10, er % 10);
                total += cap;
            } else {
                printf(" %.1f", s);
                total += s;
                found++;
            }
            fflush(stdout);
        }
        printf("\n  %d found in %.0f s: %.1f puzzles a minute\n", found, total, 60.0 * found / total);
    }

    static const int bands[][2] = { { 20, 29 }, { 40, 49 }, { 60, 69 }, { 70, 79 }, { 80, 84 }, { 85, 89 } };
    printf("\nOne puzzle in each ER band, no symmetry, one thread, seeds 1-3, CPU seconds each:\n");
    for (size_t b = 0; b < sizeof bands / sizeof bands[0]; b++) {
        printf("  ER %d.%d-%d.%d:", bands[b][0] / 10, bands[b][0] % 10, bands[b][1] / 10, bands[b][1] % 10);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            double s = hard_one(bands[b][0], bands[b][1], SUDOKU_SYM_NONE, seed, cap, &er);
            printf(s < 0 ? " (none)" : " %.2f", s);
        }
        printf("\n");
        fflush(stdout);
    }
    env = getenv("BENCH_ER10_SECONDS");
    double cap10 = env ? atof(env) : 300;
    if (cap10 > 0) {
        double s = hard_one(100, -1, SUDOKU_SYM_NONE, 1, cap10, &er);
        if (s < 0)
            printf("\nER 10.0 and up, seed 1: none in %.0f s; the best ER reached was %d.%d\n", cap10, er / 10, er % 10);
        else
            printf("\nER 10.0 and up, seed 1: one in %.0f s\n", s);
    }
}

static void from_file(const char *path)
{
    static uint8_t from[20][SUDOKU_MAX_CELLS];
    int n = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return;
    }
    sudoku_reader *r = sudoku_reader_new(f, path, 9);
    sudoku_record rec;
    while (r && n < 20 && sudoku_reader_next(r, &rec))
        if (rec.ok)
            memcpy(from[n++], rec.given, SUDOKU_MAX_CELLS);
    if (r)
        sudoku_reader_free(r);
    fclose(f);
    sudoku_generate_options o = plain(sudoku_layout_9x9(), SUDOKU_SYM_NONE, 2, 5);
    o.from = (const uint8_t (*)[SUDOKU_MAX_CELLS])from;
    o.nfrom = n;
    o.er_min = 100;
    o.max_seconds = 600;
    tally t = { 0 };
    double w = wall(), c = cpu();
    sudoku_generate(&o, count_one, NULL, &t, NULL);
    printf("\nER 10.0 and up from the first %d puzzles of %s (--from), one thread: %ld of 5 in %.0f s CPU (%.0f s wall)\n",
           n, path, t.n, cpu() - c, wall() - w);
}

int main(int argc, char **argv)
{
    printf("Minimal puzzles, no target, one thread (seed 1):\n");
    speed("9x9, no symmetry", sudoku_layout_9x9(), SUDOKU_SYM_NONE, 20000);
    speed("9x9, rot180", sudoku_layout_9x9(), SUDOKU_SYM_ROT180, 20000);
    speed("8x8, no symmetry", sudoku_layout_8x8(), SUDOKU_SYM_NONE, 20000);
    speed("8x8, rot180", sudoku_layout_8x8(), SUDOKU_SYM_ROT180, 20000);
    const char *env = getenv("BENCH_BIAS_COUNT");
    bias(env ? atol(env) : 10000);
    hard();
    if (argc > 1)
        from_file(argv[1]);
    return 0;
}
