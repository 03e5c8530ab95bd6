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
 *
 * Memory: workers run on small stacks of their own size (WORKER_STACK),
 * not the system's default of several megabytes each, so that many
 * threads fit under a memory limit, and they are started while a cushion
 * of memory is held (CUSHION), so that their stacks cannot take what the
 * records will need. When memory does run out, a record whose text could
 * not be made is made again on the writing thread, with a reserve
 * (RESERVE) given back first; if it still cannot be made the run stops
 * there, cleanly: every record before it is written whole, nothing after
 * it is, and the status is 70. No record is ever left out of the middle
 * of the output.
 *
 * Output is flushed after each record only when someone may be waiting
 * for it: when it is a terminal, or when an input could block (a pipe, a
 * terminal); reading only regular files, stdio's buffering is kept.
 */
#define _POSIX_C_SOURCE 200809L

#include "batch.h"
#include "document.h"
#include "inputs.h"
#include "outdir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

typedef struct slot {
    enum slot_state state;
    bool is_record;           /* false: a message about an input, its text in 'err' */
    int problem_status;       /* for a message: the status it asks for */
    bool no_memory;           /* the record could not even be taken in */
    sudoku_record rec;
    char *source;             /* owned copy: the reader's name may be gone */
    long long bytes_done;     /* input consumed when it was read */
    long number;              /* the record's place in the run, from 1 */
    strbuf out, err;
    record_result res;
} slot;

/* A worker's stack. The deepest need is the exact search on an empty
 * grid (a state copy per nested guess): it overflows 64 KB and fits in
 * 128 KB; four times that leaves room for explain's text buffers. */
#define WORKER_STACK (512L * 1024L)
/* glibc carves a thread's thread-local storage (the techniques' per-thread
 * tables, about 590 KB) out of its stack, and a thread whose stack holds
 * the storage with little to spare starts all the same: room for it is
 * asked for on top (tests/cli/batch.sh checks that the storage fits). A
 * stack too small for the storage alone fails to start with EINVAL, and
 * is doubled up to WORKER_STACK_MAX. */
#define TLS_ROOM (1024L * 1024L)
#define WORKER_STACK_MAX (16L << 20)

/* Held while the workers start, then freed: room for the records' texts. */
#define CUSHION (8L << 20)
/* Held during the run, freed to make again a record that ran out of memory. */
#define RESERVE (4L << 20)

/* ER histogram range, in tenths: SE's scale ends well below 20.0. */

#define ER_BUCKETS 256

/* Levels counted for --summary: SE's five, or the basic scale's five. */
#define NLEVELS (SUDOKU_LEVEL_EXTREME + 1)
_Static_assert(SUDOKU_BASIC_VERY_HARD + 1 <= NLEVELS, "the basic scale's levels fit the count");

typedef struct batch {
    const options *opt;
    int status;

    /* The ring: records [written, filled) are in flight. */
    slot *ring;
    long size;
    long filled;              /* records handed in */
    long next;                /* next record for a worker */
    long written;             /* records written out */
    pthread_mutex_t lock;     /* guards the ring's counters and states */
    pthread_cond_t work;      /* a record is ready, or the end */
    pthread_cond_t space;     /* a record was written: the ring has room */
    bool finished;            /* no more records will come */
    bool stopped;             /* out of memory: no more records are taken in or written */
    int workers;              /* worker threads running; 0: all on the main thread */
    void *reserve;            /* RESERVE bytes, until a record needs them */

    /* Writing, one thread at a time: everything below is the writer's. */
    pthread_mutex_t write_lock;
    bool output_failed;
    int write_errno;          /* why output failed */
    bool flush_each;          /* flush after each record: someone may be waiting */
    document doc;             /* what is made around the records (a page, print's layout) */
    strbuf shaped;            /* a record's output as the document has it */

    /* Totals for --summary and the progress line. */
    long verdicts[NVERDICTS];
    long levels[NLEVELS];     /* SE's levels, or the basic scale's with --scale basic */
    long er[ER_BUCKETS];
    long graded_by_logic;
    double start;
    double last_progress;
    bool progress_on;         /* whether to show the progress line */
    bool progress_shown;
    long long bytes_total;    /* of the inputs, or -1 when unknown */
    long long bytes_done;
    long records;             /* records handed in: each one's number */
} batch;

static double now(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------------ progress */

/* By default only on a terminal, and not while someone types the puzzles
 * in at one (it would be drawn over what they type). */
static bool progress_wanted(const options *opt, bool reads_terminal)
{
    return opt->progress > 0 || (opt->progress < 0 && isatty(STDERR_FILENO) && !reads_terminal);
}

static void progress_clear(batch *b)
{
    if (b->progress_shown) {
        fputs("\r\033[K", stderr);
        b->progress_shown = false;
    }
}

/* "250/s" ("250 puzzles/s" with 'unit' " puzzles/s", "1 puzzle/s"); below
 * one a second, "2.5s per puzzle", which says more than "0/s". */
static void speed_text(long done, double elapsed, const char *unit, char *buf, size_t size)
{
    double rate = elapsed > 0 ? done / elapsed : 0;
    if (done > 0 && rate < 1)
        snprintf(buf, size, "%.1fs per puzzle", elapsed / done);
    else if (strcmp(unit, "/s") != 0 && rate < 1.5 && done > 0)
        snprintf(buf, size, "%.0f puzzle/s", rate);
    else
        snprintf(buf, size, "%.0f%s", rate, unit);
}

/* Redraws the progress line at most five times a second, after a second. */
static void progress_update(batch *b, bool force)
{
    if (!b->progress_on)
        return;
    double t = now(), elapsed = t - b->start;
    if (!force && (elapsed < 1.0 || t - b->last_progress < 0.2))
        return;
    b->last_progress = t;
    char speed[48];
    speed_text(b->written, elapsed, "/s", speed, sizeof speed);
    fprintf(stderr, "\r\033[K%ld puzzle%s, %s, %.1fs", b->written, b->written == 1 ? "" : "s", speed, elapsed);
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

/* Buffers above this size are given back once written, so that one long
 * explanation does not keep its memory in every slot it passes through. */
#define KEEP_BUFFER 1024

static void release_buffer(strbuf *sb)
{
    if (sb->cap > KEEP_BUFFER || sb->failed)
        sb_free(sb);
    else
        sb_clear(sb);
}

/* No more records are taken in or written; the reader and workers see it. */
static void stop(batch *b)
{
    pthread_mutex_lock(&b->lock);
    b->stopped = true;
    pthread_cond_broadcast(&b->space);
    pthread_mutex_unlock(&b->lock);
}

/* Out of memory at this slot (a record, when it is known): the run ends
 * here, cleanly. The message needs no memory of its own. */
static void stop_for_memory(batch *b, const slot *s)
{
    progress_clear(b);
    fputs("sudoku: out of memory", stderr);
    if (s && s->is_record && !s->no_memory) {
        char buf[512];
        strbuf where = sb_fixed(buf, sizeof buf);
        sb_put_name(&where, s->rec.source);
        fprintf(stderr, " at %s%s:%ld", buf, where.failed ? "..." : "", s->rec.line);
    }
    fputs(": stopped there; the records before it are complete\n", stderr);
    b->status = worse_status(b->status, EXIT_SOFTWARE);
    stop(b);
}

/* Writes one finished slot and frees it; called without the lock held. */
static void write_slot(batch *b, slot *s)
{
    if (b->stopped)
        goto done;
    if (s->is_record && !s->no_memory && (s->out.failed || s->err.failed)) {
        /* Memory ran short while a worker made this record: the slots
         * before it have been given back, and so is the reserve; try once
         * more here. */
        free(b->reserve);
        b->reserve = NULL;
        sb_free(&s->out);
        sb_free(&s->err);
        report_record_numbered(b->opt, &s->rec, s->number, &s->out, &s->err, &s->res);
    }
    if (!s->is_record && s->no_memory) { /* what ran out, then the stop */
        progress_clear(b);
        sb_write(&s->err, stderr);
        stop_for_memory(b, NULL);
        goto done;
    }
    if (s->no_memory || s->out.failed || s->err.failed) {
        stop_for_memory(b, s);
        goto done;
    }
    const strbuf *text = &s->out;
    if (s->is_record && document_shapes(b->opt)) { /* a page's section, print's layout, a refusal */
        sb_clear(&b->shaped);
        document_record(&b->doc, b->opt, &s->out, &b->shaped, &s->err, &s->res.status);
        text = &b->shaped;
    }
    if (s->err.len) {
        progress_clear(b);
        sb_write(&s->err, stderr);
    }
    if (!b->output_failed && !sb_write(text, stdout)) {
        b->output_failed = true;
        b->write_errno = errno;
    }
    if (s->is_record) {
        b->status = worse_status(b->status, s->res.status);
        b->bytes_done = s->bytes_done;
        tally(b, &s->res);
    } else {
        b->status = worse_status(b->status, s->problem_status);
    }
done:
    free(s->source);
    s->source = NULL;
    s->no_memory = false;
    release_buffer(&s->out);
    release_buffer(&s->err);
}

/* Writes every finished record at the head of the ring, in order. */
static void write_ready(batch *b)
{
    bool wrote = false;
    pthread_mutex_lock(&b->write_lock);
    pthread_mutex_lock(&b->lock);
    while (b->written < b->filled && b->ring[b->written % b->size].state == SLOT_DONE) {
        slot *s = &b->ring[b->written % b->size];
        pthread_mutex_unlock(&b->lock);
        write_slot(b, s);
        wrote = true;
        pthread_mutex_lock(&b->lock);
        s->state = SLOT_FREE;
        b->written++;
    }
    if (wrote) /* one wake-up for the reader, not one a record */
        pthread_cond_signal(&b->space);
    pthread_mutex_unlock(&b->lock);
    if (wrote) {
        /* Records leave as they complete when someone may be waiting for them. */
        if (b->flush_each && !b->output_failed && fflush(stdout) != 0) {
            b->output_failed = true;
            b->write_errno = errno;
        }
        progress_update(b, false);
    }
    pthread_mutex_unlock(&b->write_lock);
}

/* ------------------------------------------------------------ workers */

static void handle(const batch *b, slot *s)
{
    if (s->is_record)
        report_record_numbered(b->opt, &s->rec, s->number, &s->out, &s->err, &s->res);
}

/*
 * How many ready records a worker takes at once. solve and check take a
 * few microseconds a record, about what handing one over between threads
 * costs (locks, wake-ups): they are taken in runs, a fair share of those
 * ready and at most RUN_MAX, so that the other workers are not left
 * idle. The other commands take a record at a time: theirs are slow, and
 * a run would leave one worker the last of them alone.
 */
#define RUN_MAX 8

static long run_length(const batch *b)
{
    if (b->opt->command != CMD_SOLVE && b->opt->command != CMD_CHECK)
        return 1;
    long share = (b->filled - b->next) / b->workers;
    return share < 1 ? 1 : share > RUN_MAX ? RUN_MAX : share;
}

static void *worker(void *arg)
{
    batch *b = arg;
    pthread_mutex_lock(&b->lock);
    for (;;) {
        while (b->next == b->filled && !b->finished)
            pthread_cond_wait(&b->work, &b->lock);
        if (b->next == b->filled)
            break;
        long first = b->next, count = run_length(b);
        b->next += count;
        for (long i = first; i < first + count; i++)
            b->ring[i % b->size].state = SLOT_BUSY;
        bool skip = b->stopped;
        pthread_mutex_unlock(&b->lock);
        for (long i = first; i < first + count && !skip; i++) /* after a stop, records are only cleared away */
            handle(b, &b->ring[i % b->size]);
        pthread_mutex_lock(&b->lock);
        for (long i = first; i < first + count; i++)
            b->ring[i % b->size].state = SLOT_DONE;
        pthread_mutex_unlock(&b->lock);
        write_ready(b); /* nothing if an earlier record is still in hand */
        pthread_mutex_lock(&b->lock);
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

/* A free slot at the tail, once the ring has room; NULL once stopped. */
static slot *claim_slot(batch *b)
{
    pthread_mutex_lock(&b->lock);
    while (b->filled - b->written >= b->size && !b->stopped)
        pthread_cond_wait(&b->space, &b->lock);
    slot *s = b->stopped ? NULL : &b->ring[b->filled % b->size];
    pthread_mutex_unlock(&b->lock);
    return s;
}

/* Hands a filled slot to the workers, or handles it here with one job. */
static void submit(batch *b, slot *s)
{
    if (b->workers == 0) {
        handle(b, s);
        s->state = SLOT_DONE;
        b->filled++;
        write_ready(b);
        return;
    }
    pthread_mutex_lock(&b->lock);
    s->state = SLOT_READY;
    b->filled++;
    pthread_cond_signal(&b->work);
    pthread_mutex_unlock(&b->lock);
}

/* ------------------------------------------------------------ inputs */

static bool on_record(const sudoku_record *rec, long long bytes_done, void *ctx)
{
    batch *b = ctx;
    slot *s = claim_slot(b);
    if (!s)
        return false;
    s->is_record = true;
    s->rec = *rec;
    s->source = strdup(rec->source);
    s->no_memory = !s->source;
    s->rec.source = s->source ? s->source : "";
    if (b->opt->output_dir && s->source) /* -o: files named in input order, whatever -j */
        outdir_note_source(s->source);
    s->bytes_done = bytes_done;
    s->number = ++b->records;
    submit(b, s);
    return true;
}

static void on_input_problem(const char *path, const char *reason, enum input_problem kind, void *ctx)
{
    static const int status[] = {
        [INPUT_UNREADABLE] = EXIT_NOINPUT, [INPUT_NOT_TEXT] = EXIT_DATAERR,
        [INPUT_SKIPPED] = EXIT_UNIQUE, [INPUT_NO_MEMORY] = EXIT_SOFTWARE,
    };
    batch *b = ctx;
    slot *s = claim_slot(b);
    if (!s)
        return;
    s->is_record = false;
    s->source = NULL;
    s->problem_status = status[kind];
    s->no_memory = kind == INPUT_NO_MEMORY;
    sb_puts(&s->err, "sudoku: ");
    sb_put_name(&s->err, path);
    sb_printf(&s->err, ": %s\n", reason);
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

static long total_read(const batch *b)
{
    long total = 0;
    for (int v = 0; v < NVERDICTS; v++)
        total += b->verdicts[v];
    return total;
}

/* The lowest, median and highest ER of the puzzles rated by logic, in tenths. */
static void er_range(const batch *b, int *lo, int *mid, int *hi)
{
    *lo = 0;
    *hi = ER_BUCKETS - 1;
    *mid = er_median(b);
    while (!b->er[*lo])
        ++*lo;
    while (!b->er[*hi])
        --*hi;
}

static bool graded(const batch *b)
{
    return b->opt->command == CMD_GRADE || b->opt->command == CMD_EXPLAIN;
}

/* The levels of the scale in use: SE's, or the basic scale's. */
static const char *level_name(const batch *b, int level)
{
    return b->opt->scale == SCALE_BASIC ? sudoku_basic_level_name((enum sudoku_basic_level)level)
                                        : sudoku_level_name((enum sudoku_level)level);
}

static void print_er_text(const batch *b, FILE *to)
{
    if (b->graded_by_logic) {
        int lo, mid, hi;
        er_range(b, &lo, &mid, &hi);
        fprintf(to, "ER: min %d.%d, median %d.%d, max %d.%d (%ld puzzle%s rated by logic)\n", lo / 10, lo % 10,
                mid / 10, mid % 10, hi / 10, hi % 10, b->graded_by_logic, b->graded_by_logic == 1 ? "" : "s");
    } else {
        fprintf(to, "ER: none (no puzzle was rated by logic alone)\n");
    }
}

static void print_er_json(const batch *b)
{
    printf(",\"er\":");
    if (b->graded_by_logic) {
        int lo, mid, hi;
        er_range(b, &lo, &mid, &hi);
        printf("{\"min\":%d.%d,\"median\":%d.%d,\"max\":%d.%d,\"rated\":%ld}", lo / 10, lo % 10, mid / 10,
               mid % 10, hi / 10, hi % 10, b->graded_by_logic);
    } else {
        printf("null");
    }
}

/* The totals as lines of text: on standard output after text for people,
 * on standard error after lines that programs read (solve's one line a
 * record, serate, TSV and CSV), so that those stay what they are. */
static void print_summary_text(const batch *b, double elapsed, FILE *to)
{
    long total = total_read(b);
    fprintf(to, "summary: %ld puzzle%s read", total, total == 1 ? "" : "s");
    for (int v = 0; v < NVERDICTS; v++)
        fprintf(to, ", %ld %s", b->verdicts[v], verdict_name((enum verdict)v));
    fprintf(to, "\n");
    if (graded(b)) {
        fprintf(to, "levels:");
        for (int l = 0; l < NLEVELS; l++)
            fprintf(to, "%s %ld %s", l ? "," : "", b->levels[l], level_name(b, l));
        fprintf(to, "\n");
        if (b->opt->scale == SCALE_SE) /* the basic scale has no ER */
            print_er_text(b, to);
    }
    char speed[48];
    speed_text(total, elapsed, " puzzles/s", speed, sizeof speed);
    fprintf(to, "time: %.3fs, %s\n", elapsed, speed);
}

/* The totals as one JSON object, the last line of JSON Lines output. */
static void print_summary_json(const batch *b, double elapsed)
{
    long total = total_read(b);
    printf("{\"summary\":{\"puzzles\":%ld", total);
    for (int v = 0; v < NVERDICTS; v++)
        printf(",\"%s\":%ld", verdict_name((enum verdict)v), b->verdicts[v]);
    if (graded(b)) {
        printf(",\"levels\":{");
        for (int l = 0; l < NLEVELS; l++)
            printf("%s\"%s\":%ld", l ? "," : "", level_name(b, l), b->levels[l]);
        printf("}");
        if (b->opt->scale == SCALE_SE) /* the basic scale has no ER */
            print_er_json(b);
    }
    printf(",\"seconds\":%.3f,\"per_second\":%.0f}}\n", elapsed, elapsed > 0 ? total / elapsed : 0.0);
}

static void print_summary(const batch *b, double elapsed)
{
    switch (b->opt->format) {
    case FORMAT_JSON: print_summary_json(b, elapsed); break;
    case FORMAT_TEXT:
    case FORMAT_GRID: print_summary_text(b, elapsed, stdout); break;
    case FORMAT_LINE:
    case FORMAT_SERATE:
    case FORMAT_TSV:
    case FORMAT_CSV:
    case FORMAT_SVG:
    case FORMAT_HTML: print_summary_text(b, elapsed, stderr); break;
    case NFORMATS: break;
    }
}

/* ------------------------------------------------------------ run */

/* Starts the workers on stacks of WORKER_STACK bytes with TLS_ROOM for the
 * thread-local storage, or more where it needs it; returns how many started. */
static int start_workers(batch *b, pthread_t *threads, int jobs)
{
    pthread_attr_t attr;
    long stack = WORKER_STACK + TLS_ROOM;
    bool sized = pthread_attr_init(&attr) == 0;
    if (sized && pthread_attr_setstacksize(&attr, (size_t)stack) != 0) {
        pthread_attr_destroy(&attr);
        sized = false;
    }
    int started = 0;
    while (started < jobs) {
        int err = pthread_create(&threads[started], sized ? &attr : NULL, worker, b);
        if (err == 0) {
            started++;
        } else if (err == EINVAL && sized && stack < WORKER_STACK_MAX &&
                   pthread_attr_setstacksize(&attr, (size_t)(stack * 2)) == 0) {
            stack *= 2;
        } else {
            break;
        }
    }
    if (sized)
        pthread_attr_destroy(&attr);
    return started;
}

static bool reads_stdin(const input_operand *operands, int count)
{
    for (int i = 0; i < count; i++)
        if (!operands[i].literal && strcmp(operands[i].text, "-") == 0)
            return true;
    return count == 0;
}

int batch_run(const options *opt, const input_operand *operands, int count)
{
    batch b = { .opt = opt, .status = EXIT_UNIQUE };
    int jobs = opt->jobs < 1 ? 1 : opt->jobs;
    /* Fewer threads when memory is short: the output is the same for any number. */
    for (;;) {
        b.size = 64L * jobs;
        b.ring = calloc((size_t)b.size, sizeof *b.ring);
        if (b.ring || jobs == 1)
            break;
        jobs /= 2;
    }
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    bool locks = pthread_mutex_init(&b.lock, NULL) == 0;
    bool write_lock = pthread_mutex_init(&b.write_lock, NULL) == 0;
    bool work = pthread_cond_init(&b.work, NULL) == 0;
    bool space = pthread_cond_init(&b.space, NULL) == 0;
    if (!b.ring || !threads || !locks || !write_lock || !work || !space) {
        fputs("sudoku: out of memory\n", stderr);
        free(b.ring);
        free(threads);
        if (locks)
            pthread_mutex_destroy(&b.lock);
        if (write_lock)
            pthread_mutex_destroy(&b.write_lock);
        if (work)
            pthread_cond_destroy(&b.work);
        if (space)
            pthread_cond_destroy(&b.space);
        return EXIT_SOFTWARE;
    }
    b.start = now();
    b.progress_on = progress_wanted(opt, reads_stdin(operands, count) && isatty(STDIN_FILENO));
    long long total = inputs_total_bytes(operands, count);
    b.bytes_total = b.progress_on ? total : -1;
    /* Only regular files (total >= 0) never make the reader wait. */
    b.flush_each = total < 0 || isatty(STDOUT_FILENO);
    /* Then output leaves in large blocks, not the system's 4 KB: nothing
     * has been written to standard output yet. */
    static char out_block[64 * 1024];
    if (!b.flush_each)
        setvbuf(stdout, out_block, _IOFBF, sizeof out_block);

    strbuf header = { 0 };
    report_header(opt, &header);
    document_begin(&b.doc, opt, &header);
    if (!sb_write(&header, stdout)) {
        b.output_failed = true;
        b.write_errno = errno;
    }
    sb_free(&header);

    /* As many workers as can start (none: the main thread does the work),
     * leaving the cushion free for the records. */
    b.reserve = malloc(RESERVE);
    void *cushion = malloc(CUSHION);
    int started = jobs > 1 && cushion ? start_workers(&b, threads, jobs) : 0;
    free(cushion);
    b.workers = started;
    inputs_read(operands, count, opt->size, on_record, on_input_problem, &b);

    pthread_mutex_lock(&b.lock);
    b.finished = true;
    pthread_cond_broadcast(&b.work);
    pthread_mutex_unlock(&b.lock);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    write_ready(&b); /* every record is done now */
    strbuf footer = { 0 };
    document_end(&b.doc, opt, &footer);
    if (!b.stopped && !b.output_failed && !sb_write(&footer, stdout)) {
        b.output_failed = true;
        b.write_errno = errno;
    }
    sb_free(&footer);
    sb_free(&b.shaped);

    double elapsed = now() - b.start;
    /* The last count is drawn, then the line cleared: the results stand
     * alone on the terminal (--summary gives the totals). */
    if (b.progress_shown)
        progress_update(&b, true);
    progress_clear(&b);
    /* Nothing read at all (an empty file or pipe, only comments, an empty
     * directory) is no success: a script fed an empty variable must not
     * pass. Said only when nothing else was, so that it never adds noise
     * to a file that could not be read. */
    if (total_read(&b) == 0 && b.status == EXIT_UNIQUE && !b.stopped && !b.output_failed) {
        fputs("sudoku: no puzzle in the input\n", stderr);
        b.status = EXIT_DATAERR;
    }
    if (opt->summary && !b.output_failed && !b.stopped)
        print_summary(&b, elapsed);

    for (long i = 0; i < b.size; i++) {
        sb_free(&b.ring[i].out);
        sb_free(&b.ring[i].err);
    }
    free(b.ring);
    free(threads);
    free(b.reserve);
    outdir_forget();
    pthread_mutex_destroy(&b.lock);
    pthread_mutex_destroy(&b.write_lock);
    pthread_cond_destroy(&b.work);
    pthread_cond_destroy(&b.space);

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
