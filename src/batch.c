/*
 * batch.c - runs a command over all its inputs: records are read in order
 * by the main thread, handled by N worker threads, and written in input
 * order as soon as every record before them is written, by whichever
 * thread finishes the record at the head: output never waits for more
 * input. Memory is bounded by a fixed ring of records, whatever the size
 * of the input.
 *
 * With one job everything happens on the main thread; the output is the
 * same byte for byte whatever the number of jobs, because each record's
 * text depends on that record alone.
 */
#define _POSIX_C_SOURCE 200809L

#include "batch.h"
#include "inputs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

typedef struct slot {
    enum slot_state state;
    bool is_record;           /* false: an input error, its text in 'err' */
    sudoku_record rec;
    char *source;             /* owned copy: the reader's name may be gone */
    long long bytes_done;     /* input consumed when it was read */
    strbuf out, err;
    record_result res;
} slot;

/* ER histogram range, in tenths: SE's scale ends well below 20.0. */
#define ER_BUCKETS 256

typedef struct batch {
    const options *opt;
    int status;

    /* The ring: records [written, filled) are in flight. */
    slot *ring;
    long size;
    long filled;              /* records handed in */
    long next;                /* next record for a worker */
    long written;             /* records written out */
    mtx_t lock;               /* guards the ring's counters and states */
    cnd_t work;               /* a record is ready, or the end */
    cnd_t space;              /* a record was written: the ring has room */
    bool finished;            /* no more records will come */

    /* Writing, one thread at a time: everything below is the writer's. */
    mtx_t write_lock;
    bool output_failed;
    int write_errno;          /* why output failed */

    /* Totals for --summary and the progress line. */
    long verdicts[NVERDICTS];
    long levels[SUDOKU_LEVEL_EXTREME + 1];
    long er[ER_BUCKETS];
    long graded_by_logic;
    double start;
    double last_progress;
    bool progress_shown;
    bool progress_on;         /* --progress, or by default when stderr is a terminal */
    bool flush_each;          /* some input may wait on its writer: flush per record */
    long long bytes_total;    /* of the inputs, or -1 when unknown */
    long long bytes_done;
} batch;

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------------ progress */

static bool progress_wanted(const batch *b)
{
    return b->progress_on;
}

static void progress_clear(batch *b)
{
    if (b->progress_shown) {
        fputs("\r\033[K", stderr);
        b->progress_shown = false;
    }
}

/* Redraws the progress line at most five times a second, after a second. */
static void progress_update(batch *b, bool force)
{
    if (!progress_wanted(b))
        return;
    double t = now(), elapsed = t - b->start;
    if (!force && (elapsed < 1.0 || t - b->last_progress < 0.2))
        return;
    b->last_progress = t;
    double rate = elapsed > 0 ? b->written / elapsed : 0;
    fprintf(stderr, "\r\033[K%ld puzzles, %.0f/s, %.1fs", b->written, rate, elapsed);
    if (b->bytes_total > 0 && b->bytes_done > 0) {
        double part = (double)b->bytes_done / (double)b->bytes_total;
        if (part > 1)
            part = 1;
        fprintf(stderr, ", %.0f%%, ETA %.0fs", 100 * part, elapsed / part - elapsed);
    }
    fflush(stderr);
    b->progress_shown = true;
}

/* ------------------------------------------------------------ writing */

static void tally(batch *b, const record_result *r)
{
    b->verdicts[r->verdict]++;
    if (r->level >= 0)
        b->levels[r->level]++;
    if (r->er >= 0) {
        b->er[r->er < ER_BUCKETS ? r->er : ER_BUCKETS - 1]++;
        b->graded_by_logic++;
    }
}

/* Writes one finished slot and frees it; called without the lock held. */
static void write_slot(batch *b, slot *s)
{
    if (s->err.len) {
        progress_clear(b);
        sb_write(&s->err, stderr);
    }
    if (!b->output_failed && (!sb_write(&s->out, stdout) || s->out.failed)) {
        if (s->out.failed) {
            fputs("sudoku: out of memory: output cut short\n", stderr);
            b->status = worse_status(b->status, EXIT_SOFTWARE);
        } else {
            b->output_failed = true;
            b->write_errno = errno;
        }
    }
    if (s->is_record) {
        b->status = worse_status(b->status, s->res.status);
        b->bytes_done = s->bytes_done;
        tally(b, &s->res);
    } else {
        b->status = worse_status(b->status, EXIT_NOINPUT);
    }
    free(s->source);
    s->source = NULL;
    sb_clear(&s->out);
    sb_clear(&s->err);
}

/* Writes every finished record at the head of the ring, in order. */
static void write_ready(batch *b)
{
    bool wrote = false;
    mtx_lock(&b->write_lock);
    mtx_lock(&b->lock);
    while (b->written < b->filled && b->ring[b->written % b->size].state == SLOT_DONE) {
        slot *s = &b->ring[b->written % b->size];
        mtx_unlock(&b->lock);
        write_slot(b, s);
        wrote = true;
        mtx_lock(&b->lock);
        s->state = SLOT_FREE;
        b->written++;
        cnd_signal(&b->space);
    }
    mtx_unlock(&b->lock);
    if (wrote) {
        /* With a pipe or terminal among the inputs, records leave as they
         * complete: a killed run keeps them, and a slow writer's reader
         * sees each result before the next puzzle is typed or sent. */
        if (!b->output_failed && b->flush_each && fflush(stdout) != 0) {
            b->output_failed = true;
            b->write_errno = errno;
        }
        progress_update(b, false);
    }
    mtx_unlock(&b->write_lock);
}

/* ------------------------------------------------------------ workers */

static void handle(const batch *b, slot *s)
{
    if (s->is_record)
        report_record(b->opt, &s->rec, &s->out, &s->err, &s->res);
}

static int worker(void *arg)
{
    batch *b = arg;
    mtx_lock(&b->lock);
    for (;;) {
        while (b->next == b->filled && !b->finished)
            cnd_wait(&b->work, &b->lock);
        if (b->next == b->filled)
            break;
        slot *s = &b->ring[b->next++ % b->size];
        s->state = SLOT_BUSY;
        mtx_unlock(&b->lock);
        handle(b, s);
        mtx_lock(&b->lock);
        s->state = SLOT_DONE;
        mtx_unlock(&b->lock);
        write_ready(b); /* nothing if an earlier record is still in hand */
        mtx_lock(&b->lock);
    }
    mtx_unlock(&b->lock);
    return 0;
}

/* A free slot at the tail, once the ring has room. */
static slot *claim_slot(batch *b)
{
    mtx_lock(&b->lock);
    while (b->filled - b->written >= b->size)
        cnd_wait(&b->space, &b->lock);
    slot *s = &b->ring[b->filled % b->size];
    mtx_unlock(&b->lock);
    return s;
}

/* Hands a filled slot to the workers, or handles it here with one job. */
static void submit(batch *b, slot *s)
{
    if (b->opt->jobs <= 1) {
        handle(b, s);
        s->state = SLOT_DONE;
        b->filled++;
        write_ready(b);
        return;
    }
    mtx_lock(&b->lock);
    s->state = SLOT_READY;
    b->filled++;
    cnd_signal(&b->work);
    mtx_unlock(&b->lock);
}

/* ------------------------------------------------------------ inputs */

static void on_record(const sudoku_record *rec, long long bytes_done, void *ctx)
{
    batch *b = ctx;
    slot *s = claim_slot(b);
    s->is_record = true;
    s->rec = *rec;
    s->source = strdup(rec->source);
    s->rec.source = s->source ? s->source : "(out of memory)";
    s->bytes_done = bytes_done;
    submit(b, s);
}

static void on_input_error(const char *path, const char *reason, void *ctx)
{
    batch *b = ctx;
    slot *s = claim_slot(b);
    s->is_record = false;
    s->source = NULL;
    sb_printf(&s->err, "sudoku: %s: %s\n", path, reason);
    submit(b, s);
}

/* ------------------------------------------------------------ summary */

/* The ER below which half the puzzles graded by logic fall. */
static int er_median(const batch *b)
{
    long seen = 0, half = (b->graded_by_logic + 1) / 2;
    for (int e = 0; e < ER_BUCKETS; e++) {
        seen += b->er[e];
        if (seen >= half)
            return e;
    }
    return -1;
}

static void print_summary(const batch *b, double elapsed)
{
    long total = 0;
    for (int v = 0; v < NVERDICTS; v++)
        total += b->verdicts[v];
    printf("summary: %ld puzzles read", total);
    for (int v = 0; v < NVERDICTS; v++)
        printf(", %ld %s", b->verdicts[v], verdict_name((enum verdict)v));
    printf("\n");
    if (b->opt->command == CMD_GRADE || b->opt->command == CMD_EXPLAIN) {
        printf("levels:");
        for (int l = 0; l <= SUDOKU_LEVEL_EXTREME; l++)
            printf("%s %ld %s", l ? "," : "", b->levels[l], sudoku_level_name((enum sudoku_level)l));
        printf("\n");
        if (b->graded_by_logic) {
            int lo = 0, hi = ER_BUCKETS - 1, mid = er_median(b);
            while (!b->er[lo])
                lo++;
            while (!b->er[hi])
                hi--;
            printf("ER: min %d.%d, median %d.%d, max %d.%d (%ld puzzles rated by logic)\n", lo / 10, lo % 10,
                   mid / 10, mid % 10, hi / 10, hi % 10, b->graded_by_logic);
        } else {
            printf("ER: none (no puzzle was rated by logic alone)\n");
        }
    }
    printf("time: %.3fs, %.0f puzzles/s\n", elapsed, elapsed > 0 ? total / elapsed : 0.0);
}

/* ------------------------------------------------------------ run */

int batch_run(const options *opt, char *const *operands, int count)
{
    batch b = { .opt = opt, .status = EXIT_UNIQUE };
    int jobs = opt->jobs < 1 ? 1 : opt->jobs;
    b.size = 64L * jobs;
    b.ring = calloc((size_t)b.size, sizeof *b.ring);
    thrd_t *threads = calloc((size_t)jobs, sizeof *threads);
    if (!b.ring || !threads || mtx_init(&b.lock, mtx_plain) != thrd_success ||
        mtx_init(&b.write_lock, mtx_plain) != thrd_success || cnd_init(&b.work) != thrd_success ||
        cnd_init(&b.space) != thrd_success) {
        fputs("sudoku: out of memory\n", stderr);
        free(b.ring);
        free(threads);
        return EXIT_SOFTWARE;
    }
    b.start = now();
    b.progress_on = opt->progress > 0 || (opt->progress < 0 && isatty(STDERR_FILENO));
    /* Regular files never make the reader wait, so their results can leave
     * in full buffers; a pipe or terminal gets each record as it is done. */
    long long input_bytes = inputs_total_bytes(operands, count);
    b.bytes_total = b.progress_on ? input_bytes : -1;
    b.flush_each = input_bytes < 0;

    strbuf header = { 0 };
    report_header(opt, &header);
    if (!sb_write(&header, stdout)) {
        b.output_failed = true;
        b.write_errno = errno;
    }
    sb_free(&header);

    int started = 0;
    if (jobs > 1)
        while (started < jobs && thrd_create(&threads[started], worker, &b) == thrd_success)
            started++;
    if (jobs > 1 && started == 0) {
        fputs("sudoku: cannot start worker threads\n", stderr);
        b.status = EXIT_SOFTWARE;
    } else {
        inputs_read(operands, count, opt->size, on_record, on_input_error, &b);
    }

    mtx_lock(&b.lock);
    b.finished = true;
    cnd_broadcast(&b.work);
    mtx_unlock(&b.lock);
    for (int i = 0; i < started; i++)
        thrd_join(threads[i], NULL);
    write_ready(&b); /* every record is done now */

    double elapsed = now() - b.start;
    if (progress_wanted(&b) && b.progress_shown) {
        progress_update(&b, true);
        fputc('\n', stderr);
    }
    if (opt->summary && !b.output_failed)
        print_summary(&b, elapsed);

    for (long i = 0; i < b.size; i++) {
        sb_free(&b.ring[i].out);
        sb_free(&b.ring[i].err);
    }
    free(b.ring);
    free(threads);
    mtx_destroy(&b.lock);
    mtx_destroy(&b.write_lock);
    cnd_destroy(&b.work);
    cnd_destroy(&b.space);

    if (!b.output_failed && (fflush(stdout) != 0 || ferror(stdout))) {
        b.output_failed = true;
        b.write_errno = errno;
    }
    if (b.output_failed) {
        if (b.write_errno != EPIPE) /* a reader that went away (head -1) is no error to report */
            fprintf(stderr, "sudoku: cannot write output: %s\n", strerror(b.write_errno));
        b.status = worse_status(b.status, EXIT_IOERR);
    }
    return b.status;
}
