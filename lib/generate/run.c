/*
 * run.c - sudoku_generate(): puzzles made on several threads, handed over
 * in index order on the calling thread.
 *
 * Workers take the next index, make that puzzle (generate.c: it depends
 * on the seed and the index alone) and leave it in a ring of slots; the
 * calling thread hands slot after slot to the callback in order, and
 * between puzzles calls the progress callback and watches the clock. The
 * ring bounds how far the workers run ahead of the output.
 */
#define _POSIX_C_SOURCE 200809L

#include "generate/generator.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum slot_state { SLOT_FREE, SLOT_BUSY, SLOT_DONE, SLOT_FAILED };

typedef struct slot {
    enum slot_state state;
    long index;
    sudoku_generated puzzle;
} slot;

typedef struct run {
    const sudoku_generate_options *o;
    gen_shared shared;
    slot *ring;
    long size;
    long next;        /* next index for a worker */
    long emitted;     /* indices handed over (or skipped after a stop) */
    long count;
    pthread_mutex_t lock;
    pthread_cond_t done;   /* a slot was finished */
    pthread_cond_t room;   /* a slot was freed */
    double last_signal;    /* when a worker last woke the calling thread */
} run;

static const char *range_error(int lo, int hi, const char *what, char *buf, size_t size)
{
    if (lo >= 0 && hi >= 0 && lo > hi) {
        snprintf(buf, size, "%s: the range %d.%d-%d.%d is empty", what, lo / 10, lo % 10, hi / 10, hi % 10);
        return buf;
    }
    return NULL;
}

const char *sudoku_generate_check(const sudoku_generate_options *o)
{
    static _Thread_local char why[160];
    const sudoku_layout *l = o->layout ? o->layout : sudoku_layout_9x9();
    if (l->n != 9 && l->n != 8)
        return "the generator makes 9x9 and 8x8 puzzles only";
    if ((unsigned)o->symmetry >= SUDOKU_NSYMMETRIES)
        return "unknown symmetry";
    if (o->technique >= SUDOKU_NTECHNIQUES)
        return "unknown technique";
    if (o->level > (int)SUDOKU_LEVEL_EXTREME)
        return "unknown level";
    const char *e;
    if ((e = range_error(o->er_min, o->er_max, "--er", why, sizeof why)) ||
        (e = range_error(o->ep_min, o->ep_max, "--ep", why, sizeof why)) ||
        (e = range_error(o->ed_min, o->ed_max, "--ed", why, sizeof why)))
        return e;
    if (o->clues_min >= 0 && o->clues_max >= 0 && o->clues_min > o->clues_max) {
        snprintf(why, sizeof why, "--clues: the range %d-%d is empty", o->clues_min, o->clues_max);
        return why;
    }
    if (o->clues_min > l->ncells) {
        snprintf(why, sizeof why, "--clues: a %s puzzle has at most %d clues", l->desc.name, l->ncells);
        return why;
    }
    if (o->pattern) {
        int n = 0;
        for (int c = 0; c < l->ncells; c++)
            n += o->pattern[c] != 0;
        if ((o->clues_min >= 0 && n < o->clues_min) || (o->clues_max >= 0 && n > o->clues_max)) {
            snprintf(why, sizeof why, "--clues: the pattern has %d clues, outside the range", n);
            return why;
        }
        if (n < l->n - 1) {
            snprintf(why, sizeof why, "the pattern has %d clues: a unique puzzle needs at least %d", n, l->n - 1);
            return why;
        }
    }
    return NULL;
}

bool sudoku_generate_one(const sudoku_generate_options *o, long index, sudoku_generated *out)
{
    gen_shared shared;
    atomic_init(&shared.stop, false);
    atomic_init(&shared.tries, 0);
    atomic_init(&shared.best_er, -1);
    shared.deadline = o->max_seconds > 0 ? gen_now() + o->max_seconds : 0;
    return gen_puzzle(o, index, &shared, out);
}

static void *worker(void *arg)
{
    run *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (r->next < r->count && r->next >= r->emitted + r->size && !atomic_load(&r->shared.stop))
            pthread_cond_wait(&r->room, &r->lock);
        if (r->next >= r->count || atomic_load(&r->shared.stop))
            break;
        long i = r->next++;
        slot *s = &r->ring[i % r->size];
        s->state = SLOT_BUSY;
        s->index = i;
        pthread_mutex_unlock(&r->lock);
        bool ok = gen_puzzle(r->o, i, &r->shared, &s->puzzle);
        pthread_mutex_lock(&r->lock);
        s->state = ok ? SLOT_DONE : SLOT_FAILED;
        /* Waking the calling thread for every quick puzzle would cost more
         * than making it: it is woken when the ring is full, at the end,
         * or when the head of the output has waited; else its timed wait
         * comes round within a tenth of a second. */
        double t = gen_now();
        if (r->next >= r->emitted + r->size || r->next >= r->count || !ok ||
            (i == r->emitted && t - r->last_signal > 0.02)) {
            r->last_signal = t;
            pthread_cond_broadcast(&r->done);
        }
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static void status_of(run *r, long made, double start, sudoku_generate_status *st)
{
    st->made = made;
    st->tries = atomic_load(&r->shared.tries);
    st->best_er = atomic_load(&r->shared.best_er);
    st->seconds = gen_now() - start;
    st->timed_out = false;
}

long sudoku_generate(const sudoku_generate_options *o, sudoku_generated_fn on_puzzle,
                     sudoku_generate_progress_fn on_progress, void *ctx, sudoku_generate_status *status)
{
    run r = { .o = o, .count = o->count > 0 ? o->count : 1 };
    int jobs = o->jobs < 1 ? 1 : o->jobs > 256 ? 256 : o->jobs;
    double start = gen_now();
    atomic_init(&r.shared.stop, false);
    atomic_init(&r.shared.tries, 0);
    atomic_init(&r.shared.best_er, -1);
    r.shared.deadline = o->max_seconds > 0 ? start + o->max_seconds : 0;
    r.size = 64L * jobs;
    r.ring = calloc((size_t)r.size, sizeof *r.ring);
    pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
    long made = 0;
    if (!r.ring || !threads) {
        free(r.ring);
        free(threads);
        if (status)
            status_of(&r, 0, start, status);
        return 0;
    }
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.done, NULL);
    pthread_cond_init(&r.room, NULL);
    int started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&threads[started], NULL, worker, &r) != 0)
            break;
    if (started == 0) { /* no thread at all: make them here */
        for (long i = 0; i < r.count; i++) {
            sudoku_generated *p = &r.ring[0].puzzle;
            if (!gen_puzzle(o, i, &r.shared, p))
                break;
            made++;
            if (!on_puzzle(p, ctx))
                break;
        }
    } else {
        double last_progress = start;
        pthread_mutex_lock(&r.lock);
        while (r.emitted < r.count) {
            slot *s = &r.ring[r.emitted % r.size];
            bool ready = r.emitted < r.next && s->state != SLOT_BUSY;
            if (!ready) {
                if (atomic_load(&r.shared.stop) && r.emitted >= r.next)
                    break;
                struct timespec until;
                timespec_get(&until, TIME_UTC);
                until.tv_nsec += 100000000L;
                if (until.tv_nsec >= 1000000000L) {
                    until.tv_sec++;
                    until.tv_nsec -= 1000000000L;
                }
                pthread_cond_timedwait(&r.done, &r.lock, &until);
                double t = gen_now();
                if (r.shared.deadline > 0 && t >= r.shared.deadline)
                    atomic_store(&r.shared.stop, true);
                if (on_progress && t - last_progress >= 0.2) {
                    sudoku_generate_status st;
                    status_of(&r, made, start, &st);
                    pthread_mutex_unlock(&r.lock);
                    on_progress(&st, ctx);
                    pthread_mutex_lock(&r.lock);
                    last_progress = t;
                }
                continue;
            }
            bool keep = true;
            if (s->state == SLOT_DONE) {
                pthread_mutex_unlock(&r.lock);
                made++;
                keep = on_puzzle(&s->puzzle, ctx);
                pthread_mutex_lock(&r.lock);
            }
            s->state = SLOT_FREE;
            r.emitted++;
            pthread_cond_broadcast(&r.room);
            if (!keep) {
                atomic_store(&r.shared.stop, true);
                break;
            }
        }
        atomic_store(&r.shared.stop, true);
        pthread_cond_broadcast(&r.room);
        pthread_mutex_unlock(&r.lock);
        for (int t = 0; t < started; t++)
            pthread_join(threads[t], NULL);
    }
    if (status) {
        status_of(&r, made, start, status);
        status->timed_out = made < r.count && r.shared.deadline > 0 && gen_now() >= r.shared.deadline - 1e-3;
    }
    pthread_cond_destroy(&r.done);
    pthread_cond_destroy(&r.room);
    pthread_mutex_destroy(&r.lock);
    free(r.ring);
    free(threads);
    return made;
}
