/*
 * reader.c - every text input format, read as a stream.
 *
 * Input is taken a line at a time. The scanner (line_scan.c) says what a
 * line holds; a line it rejects is offered to the wrappers (wrappers.c:
 * CSV, HoDoKu, URLs, numbered lines, headings). A small state machine then
 * assembles rows into grids:
 *
 *   - a grid has as many rows as its first rows have cells (9 or 8); when
 *     the first row disagrees with the two after it, they decide, and the
 *     first is reported as the bad row;
 *   - a blank line, a heading ("Grid 01"), a puzzle line or two frame lines
 *     in a row end a grid, complete or not;
 *   - box lines inside a grid must fall between bands of boxes (every 3
 *     rows, 2 for 8x8): one elsewhere means a missing or extra row;
 *   - grids back to back with no separator, one of them a row short: the
 *     run of rows says which one is short (plan_run()), or the run is
 *     reported whole when that cannot be told.
 *
 * Only the first bytes of a line are kept (for the wrappers) besides the
 * scanner's tallies, so memory stays fixed however long a line is. Line
 * ends may be LF, CRLF or CR alone; a UTF-8 byte order mark at the start
 * is skipped. Compressed data (by its signature) and binary data (a NUL
 * byte) end the input with one record saying so.
 */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked() */

#include "sudoku.h"
#include "grid/bits.h"
#include "read/line_scan.h"
#include "read/pasted.h"
#include "read/plain_lines.h"
#include "read/unicode.h"
#include "read/remark.h"
#include "read/wrappers.h"

#include <stdlib.h>
#include <string.h>

/* Lines up to this long are kept whole for the wrappers; a CSV row with a
 * puzzle and its solution, or a Sukaku line of 729, fits with room. */
#define LINE_KEEP 2048
/* Lines read ahead: a few; once grid rows are seen, enough to see a run
 * of four 9x9 grids written with no separator and the line that ends it
 * (see plan_run()). The longer queue is allocated only then, so that a
 * file of puzzle lines reads in as little memory as before. */
#define QUEUE_SMALL 4
#define RUN_ROWS (4 * 9)
#define QUEUE_RUN (RUN_ROWS + 2)

struct sudoku_reader {
    FILE *in;
    const char *source;
    int size;                    /* forced side, or 0 */
    long lineno;                 /* lines read so far */
    bool eof, io_error, started, stopped;
    bool plain_lines;            /* puzzle lines by the fast path (read_plain()) */
    int control_run;             /* lines in a row rejected for control bytes */
    long long offset;            /* bytes consumed */
    /* Bytes come from getc(), which hands over what a pipe or terminal has
     * without waiting for more; a few can be pushed back. */
    int back[8];
    int nback;

    /* The text of the line being read, while it fits. */
    char text[LINE_KEEP];
    size_t text_len;
    bool text_cut;
    csv_columns csv;
    line scratch;

    /* Lines read ahead, handled in order: queue[qhead ...]. */
    line *queue;                 /* queue_small, or QUEUE_RUN lines allocated */
    int qcap, qhead, qlen;
    line queue_small[QUEUE_SMALL];

    /* The grid being assembled from rows. */
    bool in_grid;
    int grid_n;
    int grid_rows;
    long grid_line;
    bool grid_pencil;
    bool grid_bad;
    bool grid_after_frame;       /* the last line that counted was a box line */
    bool grid_spaced_boxes;      /* rows with a space for a blank: "| 5 3   |" */
    bool grid_tab_rows;          /* spreadsheet rows, an empty cell for a blank */
    bool grid_lined;             /* a rule line after every row, as web pages draw grids */
    long grid_lined_line;        /* the rule after row 1 that made it so */
    char grid_error[160];
    int grid_limit;              /* rows after which the grid is short, or 0 */
    /* A short grid found in a run of rows with no separator (plan_run()). */
    long short_line;             /* its first line, or 0 */
    int short_rows;
    uint8_t grid_given[SUDOKU_MAX_CELLS];
    sudoku_mask grid_cand[SUDOKU_MAX_CELLS];
};

sudoku_reader *sudoku_reader_new(FILE *in, const char *source, int size)
{
    sudoku_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->in = in;
    r->source = source;
    r->size = size;
    r->queue = r->queue_small;
    r->qcap = QUEUE_SMALL;
    r->plain_lines = true;
    return r;
}

void sudoku_reader_plain_lines(sudoku_reader *r, bool on) { r->plain_lines = on; }

void sudoku_reader_free(sudoku_reader *r)
{
    if (r && r->queue != r->queue_small)
        free(r->queue);
    free(r);
}

bool sudoku_reader_io_error(const sudoku_reader *r) { return r->io_error; }

long long sudoku_reader_offset(const sudoku_reader *r) { return r->offset; }

bool sudoku_reader_stopped(const sudoku_reader *r) { return r->stopped; }

/* ------------------------------------------------------------ bytes */

static int next_byte(sudoku_reader *r)
{
    int ch;
    if (r->nback) {
        ch = r->back[--r->nback];
    } else {
        if (r->eof)
            return EOF; /* a terminal would be read again after its end */
        /* One reader per stream, on one thread: no lock a byte. */
        ch = getc_unlocked(r->in);
        if (ch == EOF) {
            r->eof = true;
            r->io_error = ferror(r->in) != 0;
            return EOF;
        }
    }
    r->offset++;
    return ch;
}

/* Pushes back a byte next_byte() returned: at most eight at a time. */
static void unread_byte(sudoku_reader *r, int ch)
{
    r->back[r->nback++] = ch;
    r->offset--;
}

/*
 * At the start of the stream: skips a UTF-8 byte order mark, and names a
 * compressed, archived or UTF-16 stream by its signature (the message
 * says what to do). Bytes are read only while
 * some signature still matches, so a terminal is never waited on.
 */
static const char *stream_start(sudoku_reader *r)
{
    unsigned char head[8];
    size_t n = 0;
    bool more = true;
    const char *what = NULL;
    while (more && n < sizeof head) {
        int ch = next_byte(r);
        if (ch == EOF)
            break;
        head[n++] = (unsigned char)ch;
        what = sudoku_sniff_magic(head, n, &more);
        if (what)
            break;
    }
    if (what)
        return sudoku_sniff_message(head, n);
    while (n)
        unread_byte(r, head[--n]);
    /* A UTF-8 byte order mark. */
    int b0 = next_byte(r);
    if (b0 == 0xEF) {
        int b1 = next_byte(r), b2 = b1 == 0xBB ? next_byte(r) : EOF;
        if (b1 == 0xBB && b2 == 0xBF)
            return NULL;
        if (b2 != EOF) /* not a BOM: read on, to report an unexpected byte */
            unread_byte(r, b2);
        if (b1 != EOF)
            unread_byte(r, b1);
    }
    if (b0 != EOF)
        unread_byte(r, b0);
    return NULL;
}

/* ------------------------------------------------------------ one line */

static void keep_byte(sudoku_reader *r, int ch)
{
    if (r->text_len < LINE_KEEP)
        r->text[r->text_len++] = (char)ch;
    else
        r->text_cut = true;
}

/*
 * Characters, as the scanner takes them (scan_char_of()): a UTF-8
 * sequence is read whole, and what it stands for is kept for the
 * wrappers (one ASCII byte for a no-break space or a full-width digit,
 * so that they read them too). A byte order mark inside the text (files
 * put end to end, cat a.txt b.txt) has no width and is passed over. EOF
 * at the end of input.
 *
 * next_multibyte(): the character whose first byte, 'lead', is not ASCII.
 */
static int next_multibyte(sudoku_reader *r, int lead)
{
    for (;;) {
        unsigned char seq[4] = { (unsigned char)lead };
        int want = unicode_sequence_length(seq[0]), have = 1;
        while (have < want) {
            int next = next_byte(r);
            if (next == EOF)
                break;
            if ((next & 0xC0) != 0x80) {
                unread_byte(r, next);
                break;
            }
            seq[have++] = (unsigned char)next;
        }
        int len;
        int c = scan_char_of(seq, (size_t)have, &len);
        while (have > len)
            unread_byte(r, seq[--have]); /* not UTF-8: the lead byte alone, the rest read again */
        if (c != 0xFEFF) {
            if (c < 0x80)
                keep_byte(r, c);
            else
                for (int i = 0; i < len; i++)
                    keep_byte(r, seq[i]);
            return c;
        }
        lead = next_byte(r);
        if (lead < 0x80) {
            if (lead != EOF && lead != '\n' && lead != '\r')
                keep_byte(r, lead);
            return lead;
        }
    }
}

/* The character that starts with byte ch, just read (ASCII kept here,
 * the rest by next_multibyte()). */
static int char_from(sudoku_reader *r, int ch)
{
    if (ch >= 0x80)
        return next_multibyte(r, ch);
    if (ch != EOF && ch != '\n' && ch != '\r')
        keep_byte(r, ch);
    return ch;
}

/* The cell characters of a plain puzzle line: a digit 1-9, or a blank as
 * scan_is_blank_char() has them. */
static const bool plain_cell[256] = {
    ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
    ['.'] = 1, ['0'] = 1, ['_'] = 1, ['*'] = 1, ['-'] = 1, ['x'] = 1, ['X'] = 1,
};
/* Their digits, 0 for a blank. */
static const uint8_t plain_digit[256] = {
    ['1'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5, ['6'] = 6, ['7'] = 7, ['8'] = 8, ['9'] = 9,
};

/* The line end after a plain run: LF, CR LF, CR alone, or the end of input. */
static bool plain_end(sudoku_reader *r, int ch)
{
    if (ch == '\r') {
        int next = next_byte(r);
        if (next != '\n' && next != EOF)
            unread_byte(r, next);
        return true;
    }
    return ch == '\n' || ch == EOF;
}

/*
 * The fast path: a line of exactly 81 (64) cell characters and its end,
 * which is what scan_finish() and remark_after_cells() would make of it,
 * without them. The cells are taken into r->text as they come; at the
 * first byte that is not a cell character the run stops, and if it is not
 * a whole plain line, read_line() goes on with the run (*plain bytes) and
 * that byte (*stop) as the general reading would have. True when *ln is
 * the line.
 */
static bool read_plain(sudoku_reader *r, line *ln, size_t *plain, int *stop)
{
    /* Nothing is pushed back (the caller's condition): next_byte(),
     * written out for the run. */
    size_t k = 0;
    int ch = EOF;
    if (!r->eof) {
        while ((ch = getc_unlocked(r->in)) != EOF && plain_cell[ch] && k < SUDOKU_MAX_CELLS)
            r->text[k++] = (char)ch;
        r->offset += (long long)k + (ch != EOF);
        if (ch == EOF) {
            r->eof = true;
            r->io_error = ferror(r->in) != 0;
        }
    }
    *plain = k;
    *stop = ch;
    r->text_len = k;
    if (k != 81 && k != 64)
        return false;
    unsigned digits = 0;
    for (size_t i = 0; i < k; i++) {
        ln->cell[i] = plain_digit[(unsigned char)r->text[i]]; /* a table: no branch on the digits */
        digits |= ln->cell[i];
    }
    /* No digit: '-' with '.' or '*' is a frame drawn that wide
     * (scan_finish()), and '-' alone is a row of blanks drawn as dashes. */
    bool dashes = false;
    if (!digits) {
        size_t n_dash = 0, n_corner = 0;
        for (size_t i = 0; i < k; i++) {
            n_dash += r->text[i] == '-';
            n_corner += r->text[i] == '.' || r->text[i] == '*';
        }
        if (n_dash && n_corner && n_dash + n_corner == k)
            return false;
        dashes = n_dash == k;
    }
    if (!plain_end(r, ch))
        return false;
    ln->number = ++r->lineno;
    ln->kind = LINE_PUZZLE;
    ln->count = (long)k;
    ln->pencil = false;
    ln->dashes_only = dashes;
    ln->frame = false;
    ln->bars = false;
    ln->empty_boxes = 0;
    ln->boxes_by_place = false;
    ln->opens_grid = false;
    ln->closes_grid = false;
    ln->binary = false;
    ln->control = false;
    ln->has_solution = false;
    ln->remark[0] = '\0';
    r->control_run = 0;
    return true;
}

/* Reads one line into *ln; false at end of input. */
static bool read_line(sudoku_reader *r, line *ln)
{
    if (!r->started) {
        r->started = true;
        const char *what = stream_start(r);
        if (what) {
            ln->number = ++r->lineno;
            ln->kind = LINE_BAD;
            ln->binary = true;
            ln->count = 0;
            ln->remark[0] = '\0';
            snprintf(ln->error, sizeof ln->error, "%s", what);
            return true;
        }
    }
    r->text_len = 0;
    r->text_cut = false;
    size_t plain = 0;
    int ch;
    if (r->plain_lines && r->nback == 0) {
        if (read_plain(r, ln, &plain, &ch))
            return true;
    } else {
        ch = next_byte(r);
    }
    ch = char_from(r, ch); /* the byte the plain run stopped at */
    if (ch == EOF && plain == 0)
        return false;

    /* The line is kept, then scanned; only one too long to keep is
     * scanned as it comes, from the byte that does not fit. */
    scan s;
    scan_start(&s, 0, false);
    ln->number = ++r->lineno;
    for (size_t i = 0; i < plain; i++) /* the cells the fast path took, as it took them */
        scan_byte(&s, ln, (unsigned char)r->text[i]);
    while (ch != EOF && ch != '\n' && ch != '\r') {
        scan_byte(&s, ln, ch);
        /* char_from(), written out: this loop runs for every byte read. */
        ch = next_byte(r);
        if (ch >= 0x80)
            ch = next_multibyte(r, ch);
        else if (ch != EOF && ch != '\n' && ch != '\r')
            keep_byte(r, ch);
    }
    if (ch == '\r') {
        ch = next_byte(r);
        if (ch != '\n' && ch != EOF)
            unread_byte(r, ch);
    }
    scan_finish(&s, ln);

    /* What the plain reading rejects may be a puzzle inside other text. */
    if (ln->kind == LINE_BAD && !ln->binary && !r->text_cut) {
        line *w = &r->scratch;
        w->remark[0] = '\0';
        if (unwrap_line(r->text, r->text_len, &r->csv, w) || unpaste_line(r->text, r->text_len, w)) {
            w->number = ln->number;
            *ln = *w;
        } else {
            ln->remark[0] = '\0';
        }
    } else {
        remark_after_cells(r->text, r->text_len, ln); /* what follows the cells */
    }
    /* A line refused keeps its text, to show what was refused. */
    if (ln->kind == LINE_BAD && !ln->binary && !ln->remark[0])
        remark_set(ln, r->text, r->text_len);
    /* Control bytes on line after line: binary data without a NUL. */
    r->control_run = ln->control ? r->control_run + 1 : 0;
    if (r->control_run == 3) {
        ln->binary = true;
        snprintf(ln->error, sizeof ln->error, "binary data (control bytes on 3 lines in a row); the rest is not read");
    }
    /* A row of blanks in a grid drawn with a space for each blank; whether
     * it is one depends on the grid's other rows. */
    if (ln->kind == LINE_IGNORED && ln->bars && !ln->frame && !r->text_cut) {
        line *w = &r->scratch;
        if (positional_row(r->text, r->text_len, true, w))
            ln->empty_boxes = (int)w->count;
    }
    /* An empty spreadsheet row: tabs between cells with nothing in them. */
    if (ln->kind == LINE_BLANK && !r->text_cut)
        ln->empty_boxes = pasted_empty_row(r->text, r->text_len);
    return true;
}

/* The i-th line not yet handled (0: the next), reading ahead as needed;
 * NULL past the end, or past qcap - 1 lines: the last slot holds the line
 * being handled, taken off the queue but still in use. */
static line *peek_line(sudoku_reader *r, int i)
{
    while (r->qlen <= i) {
        if (r->stopped || r->qlen == r->qcap - 1)
            return NULL;
        line *ln = &r->queue[(r->qhead + r->qlen) % r->qcap];
        if (!read_line(r, ln))
            return NULL;
        r->qlen++;
    }
    return &r->queue[(r->qhead + i) % r->qcap];
}

/* Takes the next line off the queue (it stays valid until the next read). */
static line *take_line(sudoku_reader *r)
{
    line *ln = peek_line(r, 0);
    if (ln) {
        r->qhead = (r->qhead + 1) % r->qcap;
        r->qlen--;
    }
    return ln;
}

/* Puts the line just taken back, to be handled again. */
static void untake_line(sudoku_reader *r)
{
    r->qhead = (r->qhead + r->qcap - 1) % r->qcap;
    r->qlen++;
}

/* Moves the queue to QUEUE_RUN lines, between records (no line taken is
 * in use). Without the memory, runs of grids are read as before. */
static void grow_queue(sudoku_reader *r)
{
    line *big = malloc(QUEUE_RUN * sizeof *big);
    if (!big)
        return;
    for (int i = 0; i < r->qlen; i++)
        big[i] = r->queue[(r->qhead + i) % r->qcap];
    r->queue = big;
    r->qcap = QUEUE_RUN;
    r->qhead = 0;
}

/* ------------------------------------------------------------ records */

static void record_start(const sudoku_reader *r, sudoku_record *rec, long line_number)
{
    rec->source = r->source;
    rec->line = line_number;
    rec->ok = true;
    rec->error[0] = '\0';
    rec->layout = NULL;
    rec->pencil = false;
    rec->has_solution = false;
    rec->read_as = NULL;
    rec->remark[0] = '\0';
}

static void record_fail(sudoku_record *rec, long line_number, const char *msg)
{
    rec->ok = false;
    rec->line = line_number;
    rec->layout = NULL;
    rec->has_solution = false;
    snprintf(rec->error, sizeof rec->error, "%s", msg);
}

/* The layout for a side, honouring --size; NULL with a message otherwise. */
static const sudoku_layout *layout_for(const sudoku_reader *r, int n, long count, const char *what,
                                       char *msg, size_t size)
{
    if (r->size && n != r->size) {
        snprintf(msg, size, "%ld %s, but --size %d was given", count, what, r->size);
        return NULL;
    }
    return sudoku_layout_for_size(n);
}

/* Copies 'count' cells (or groups) of a line into given/cand from 'at'. */
static bool line_cells(const line *ln, int n, int at, uint8_t *given, sudoku_mask *cand,
                       char *msg, size_t size)
{
    sudoku_mask all = (sudoku_mask)((1u << n) - 1);
    if (!ln->pencil) {
        for (long i = 0; i < ln->count; i++) {
            unsigned d = ln->cell[i];
            if (d > (unsigned)n) {
                snprintf(msg, size, "digit %u out of range for %dx%d", d, n, n);
                return false;
            }
            given[at + i] = (uint8_t)d;
            /* the digit's bit, or every digit for a blank: no branch on the digits */
            cand[at + i] = (sudoku_mask)(((1u << d) >> 1) | (all & (0u - (d == 0))));
        }
        return true;
    }
    for (long i = 0; i < ln->count; i++) {
        int c = at + (int)i;
        sudoku_mask m = ln->group[i];
        if (m & ~all) {
            int d = n + 1;
            while (!(m & sudoku_bit(d)))
                d++;
            snprintf(msg, size, "digit %d out of range for %dx%d", d, n, n);
            return false;
        }
        cand[c] = m;
        given[c] = mask_is_single(m) ? (uint8_t)mask_first_digit(m) : 0;
    }
    return true;
}

static void grid_begin(sudoku_reader *r, int n, const line *first)
{
    r->in_grid = true;
    r->grid_n = n;
    r->grid_rows = 0;
    r->grid_line = first->number;
    r->grid_pencil = false;
    r->grid_bad = false;
    r->grid_after_frame = false;
    r->grid_spaced_boxes = false;
    r->grid_tab_rows = false;
    r->grid_lined = false;
    r->grid_limit = 0;
    if (r->short_line == first->number) {
        r->grid_limit = r->short_rows;
        r->short_line = 0;
    }
}

static void grid_error(sudoku_reader *r, long line_number, const char *msg)
{
    if (!r->grid_bad) {
        r->grid_bad = true;
        snprintf(r->grid_error, sizeof r->grid_error, "%s", msg);
        r->grid_line = line_number; /* point at the offending line */
    }
}

/* A box line after a row that does not end a band of boxes. */
static void band_error(sudoku_reader *r, long line_number)
{
    char msg[160];
    snprintf(msg, sizeof msg, "box line after row %d of the grid, not between bands of %d rows: a row is missing or extra",
             r->grid_rows, r->grid_n == 9 ? 3 : 2);
    grid_error(r, line_number, msg);
}

/* Ends the grid and reports it in rec. */
static void grid_emit(sudoku_reader *r, sudoku_record *rec)
{
    const sudoku_layout *l = sudoku_layout_for_size(r->grid_n);
    record_start(r, rec, r->grid_line);
    r->in_grid = false;
    if (r->grid_bad) {
        record_fail(rec, r->grid_line, r->grid_error);
        return;
    }
    if (r->grid_lined && r->grid_rows == 1) {
        /* No row came after the rule: not a ruled grid, a band cut short. */
        band_error(r, r->grid_lined_line);
        record_fail(rec, r->grid_line, r->grid_error);
        return;
    }
    if (r->grid_rows < r->grid_n) {
        char msg[128];
        snprintf(msg, sizeof msg, "grid ends after %d of its %d rows%s", r->grid_rows, r->grid_n,
                 r->grid_limit ? "; the next grid follows with no separator" : "");
        record_fail(rec, r->grid_line, msg);
        return;
    }
    rec->layout = l;
    rec->pencil = r->grid_pencil;
    memcpy(rec->given, r->grid_given, (size_t)l->ncells);
    memcpy(rec->cand, r->grid_cand, (size_t)l->ncells * sizeof(sudoku_mask));
}

/* Adds a row line to the grid; true when the grid is complete. */
static bool grid_add_row(sudoku_reader *r, const line *ln)
{
    char msg[160];
    int n = r->grid_n;
    if (r->grid_lined && !r->grid_after_frame && ln->kind != LINE_BAD) {
        snprintf(msg, sizeof msg, "a rule line after row 1 of the grid but none before row %d: a row is missing or extra",
                 r->grid_rows + 1);
        grid_error(r, ln->number, msg);
    }
    r->grid_after_frame = false;
    if (ln->boxes_by_place && ln->bars)
        r->grid_spaced_boxes = true;
    else if (ln->boxes_by_place)
        r->grid_tab_rows = true;
    if (ln->kind == LINE_BAD) {
        grid_error(r, ln->number, ln->error);
    } else if (ln->count != n) {
        snprintf(msg, sizeof msg, "row has %ld %s, expected %d", ln->count, ln->pencil ? "groups" : "cells", n);
        grid_error(r, ln->number, msg);
    } else if (!r->grid_bad) {
        if (!line_cells(ln, n, r->grid_rows * n, r->grid_given, r->grid_cand, msg, sizeof msg))
            grid_error(r, ln->number, msg);
        if (ln->pencil)
            r->grid_pencil = true;
    }
    return ++r->grid_rows == n || r->grid_rows == r->grid_limit;
}

/*
 * A box line inside the grid: it must fall between bands of boxes, or
 * after every row (a grid drawn as web pages do, ruled after its first
 * row: then before every row). Returns true when it ends the grid: two
 * box lines in a row are the bottom of one grid and the top of the next.
 */
static bool grid_frame(sudoku_reader *r, const line *ln)
{
    if (r->grid_after_frame && r->grid_rows > 0)
        return true;
    r->grid_after_frame = true;
    int band = r->grid_n == 9 ? 3 : 2;
    if (r->grid_rows == 1 && !r->grid_bad) {
        r->grid_lined = true;
        r->grid_lined_line = ln->number;
    }
    if (r->grid_rows % band && !r->grid_lined)
        band_error(r, ln->number);
    return false;
}

/*
 * The side of a grid whose first row is ln: its own count, unless the two
 * rows after it agree on another (the first row is then the bad one).
 * --size does not change it, so that a file splits into the same records
 * whatever the size forced (a grid of the wrong side is one error).
 */
static int grid_side(sudoku_reader *r, const line *ln)
{
    int n = (int)ln->count;
    int seen = 0, other = 0;
    for (int i = 0; seen < 2 && i < QUEUE_SMALL - 1; i++) {
        const line *p = peek_line(r, i);
        if (!p || p->kind == LINE_BLANK || p->kind == LINE_PUZZLE || p->kind == LINE_BAD)
            break;
        if (p->kind == LINE_IGNORED || (p->kind == LINE_ROW && p->dashes_only))
            continue;
        if (p->count == n || (p->count != 8 && p->count != 9) || (other && p->count != other))
            return n;
        other = (int)p->count;
        seen++;
    }
    return seen == 2 ? other : n;
}

/* A plain grid row of side n, as grids written back to back are made of. */
static bool run_row(const line *p, int n)
{
    return p && p->kind == LINE_ROW && !p->dashes_only && !p->frame && p->count == n;
}

/* Row i of the run that starts with 'first' (already taken off the queue). */
static const line *run_line(sudoku_reader *r, const line *first, int i)
{
    return i == 0 ? first : peek_line(r, i - 1);
}

/* True when the n rows from row 'at' of the run repeat no digit in a row,
 * column or box. */
static bool run_grid_clean(sudoku_reader *r, const line *first, int at, int n)
{
    int box_h = n == 9 ? 3 : 2, box_w = n == 9 ? 3 : 4;
    unsigned rows[9] = {0}, cols[9] = {0}, boxes[9] = {0};
    for (int i = 0; i < n; i++) {
        const line *p = run_line(r, first, at + i);
        for (int c = 0; c < n; c++) {
            int d = p->pencil ? (mask_is_single(p->group[c]) ? mask_first_digit(p->group[c]) : 0) : p->cell[c];
            if (!d)
                continue;
            if (d > n)
                return false;
            unsigned bit = 1u << d;
            int b = (i / box_h) * (n / box_w) + c / box_w;
            if ((rows[i] | cols[c] | boxes[b]) & bit)
                return false;
            rows[i] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    return true;
}

/*
 * A grid starts with 'first', of side n. When rows run on past it with no
 * separator and the run is not a whole number of grids, one grid in it is
 * short, and a plain reading would splice it onto the next. The run (up to
 * RUN_ROWS rows, read ahead) says where: the one place for the short grid
 * that leaves every complete grid without a clash. It is then marked to
 * end early (grid_begin()), and the grids around it are read intact.
 * Returns the run's length when the place cannot be told (the caller
 * reports the whole run), else 0.
 */
static int plan_run(sudoku_reader *r, const line *first, int n)
{
    if (r->short_line || !run_row(first, n) || first->opens_grid)
        return 0; /* a JSON array's brackets say where it ends */
    int len = 1;
    while (len <= RUN_ROWS && run_row(run_line(r, first, len), n))
        len++;
    if (len > RUN_ROWS || len < n || len % n == 0)
        return 0; /* no end in sight, one short grid, or whole grids */
    int grids = len / n, short_rows = len % n;
    int found = -1, places = 0;
    for (int j = 0; j <= grids; j++) {
        bool clean = true;
        for (int g = 0; g < grids && clean; g++) {
            int at = g * n + (g >= j ? short_rows : 0);
            clean = run_grid_clean(r, first, at, n);
        }
        if (clean) {
            found = j;
            places++;
        }
    }
    if (places != 1)
        return len;
    if (found == grids)
        return 0; /* the short grid ends the run: read as it comes */
    r->short_line = first->number + (long)found * n;
    r->short_rows = short_rows;
    return 0;
}

/* A line of empty boxes as the row of blanks it is. */
static void empty_row(const line *ln, line *blank)
{
    *blank = *ln;
    blank->kind = LINE_ROW;
    blank->count = ln->empty_boxes;
    blank->boxes_by_place = true;
    memset(blank->cell, 0, sizeof blank->cell);
}

/*
 * Empty cells before any row start a grid as its first row when the grid
 * that follows reads its rows by place: an empty spreadsheet row before a
 * tab-separated row of as many cells, or a row of empty boxes in a grid
 * ruled after every row ("|   |   |", a rule, then "| 5 |   |"). Not a
 * row of empty boxes otherwise: it may be a spacer in a drawing.
 */
static bool empty_row_starts_grid(sudoku_reader *r, const line *ln)
{
    bool tabs = ln->kind == LINE_BLANK;
    const line *rule = tabs ? NULL : peek_line(r, 0);
    if (!tabs && (!rule || rule->kind != LINE_IGNORED || !rule->frame))
        return false;
    const line *row = peek_line(r, tabs ? 0 : 1);
    return row && row->kind == LINE_ROW && row->boxes_by_place && row->count == ln->empty_boxes &&
           (tabs ? !row->bars : row->bars);
}

/*
 * A line of empty boxes ("|   |   |   |", an empty spreadsheet row): a row
 * of blanks when the grid reads its rows by place, or when it starts one
 * (empty_row_starts_grid()). True when taken as a row, with *made telling
 * whether that produced a record in rec.
 */
static bool empty_boxes_row(sudoku_reader *r, const line *ln, sudoku_record *rec, bool *made)
{
    char msg[160];
    line *blank = &r->scratch;
    *made = false;
    if (!r->in_grid && empty_row_starts_grid(r, ln)) {
        empty_row(ln, blank);
        grid_begin(r, ln->empty_boxes, ln);
        if (!layout_for(r, ln->empty_boxes, ln->empty_boxes, "cells in a row", msg, sizeof msg))
            grid_error(r, ln->number, msg);
        grid_add_row(r, blank);
        return true;
    }
    bool tabs = ln->kind == LINE_BLANK;
    if (r->in_grid && ln->empty_boxes == r->grid_n &&
        (tabs ? r->grid_tab_rows : r->grid_spaced_boxes || (r->grid_lined && r->grid_after_frame))) {
        empty_row(ln, blank);
        if (grid_add_row(r, blank)) {
            grid_emit(r, rec);
            *made = true;
        }
        return true;
    }
    return false;
}

/* Handles a line; true when it produced a record in rec. */
static bool handle_line(sudoku_reader *r, const line *ln, sudoku_record *rec)
{
    char msg[160];
    bool made;

    if (ln->binary) {
        if (r->in_grid) {
            untake_line(r);
            grid_emit(r, rec);
            return true;
        }
        record_start(r, rec, ln->number);
        record_fail(rec, ln->number, ln->error);
        r->stopped = true;
        r->qlen = 0;
        return true;
    }
    switch (ln->kind) {
    case LINE_IGNORED:
        if (ln->empty_boxes && empty_boxes_row(r, ln, rec, &made))
            return made;
        if (r->in_grid && ln->frame && grid_frame(r, ln)) {
            grid_emit(r, rec);
            return true;
        }
        return false;
    case LINE_BLANK:
        if (ln->empty_boxes && empty_boxes_row(r, ln, rec, &made))
            return made;
        if (r->in_grid) {
            grid_emit(r, rec);
            return true;
        }
        return false;
    case LINE_PUZZLE:
        if (r->in_grid) {
            /* A whole puzzle cuts the grid short: report the grid, then
             * come back to this line. */
            untake_line(r);
            grid_emit(r, rec);
            return true;
        }
        record_start(r, rec, ln->number);
        {
            int n = ln->count == 81 ? 9 : 8;
            const sudoku_layout *l = layout_for(r, n, ln->count, "cells", msg, sizeof msg);
            if (l && n == 8 && r->size != 8)
                rec->read_as = "an 8x8 brick-wall puzzle"; /* not a 9x9 line cut short */
            if (!l)
                record_fail(rec, ln->number, msg);
            else if (!line_cells(ln, n, 0, rec->given, rec->cand, msg, sizeof msg)) {
                record_fail(rec, ln->number, msg);
            } else {
                rec->layout = l;
                rec->pencil = ln->pencil;
                rec->has_solution = ln->has_solution;
                if (ln->has_solution)
                    memcpy(rec->solution, ln->solution, (size_t)l->ncells);
            }
            memcpy(rec->remark, ln->remark, sizeof rec->remark);
            if (!rec->ok && !ln->pencil) /* what was refused: the cells as read */
                for (long c = 0; c < ln->count && c < SUDOKU_REMARK_MAX - 1; c++)
                    rec->remark[c] = sudoku_digit_char(ln->cell[c]), rec->remark[c + 1] = '\0';
        }
        return true;
    case LINE_ROW:
        if (r->in_grid && ln->opens_grid) {
            /* "[[": a JSON array of rows starts; the grid before it ends. */
            untake_line(r);
            grid_emit(r, rec);
            return true;
        }
        /* "---------" between the rows of an 8x8 grid is its frame. */
        if (r->in_grid && ln->dashes_only && ln->count != r->grid_n) {
            if (grid_frame(r, ln)) {
                grid_emit(r, rec);
                return true;
            }
            return false;
        }
        if (!r->in_grid) {
            int n = grid_side(r, ln);
            int run = plan_run(r, ln, n);
            if (run) {
                record_start(r, rec, ln->number);
                snprintf(msg, sizeof msg,
                         "%d grid rows with no separator: not a whole number of %d-row grids, and which grid "
                         "is short cannot be told; separate the grids", run, n);
                record_fail(rec, ln->number, msg);
                for (int i = 1; i < run; i++)
                    take_line(r);
                return true;
            }
            grid_begin(r, n, ln);
            /* A grid of the wrong size is still read whole, as one error. */
            if (!layout_for(r, n, ln->count, "cells in a row", msg, sizeof msg))
                grid_error(r, ln->number, msg);
        }
        if (grid_add_row(r, ln) || ln->closes_grid) {
            grid_emit(r, rec);
            return true;
        }
        return false;
    case LINE_BAD:
        if (r->in_grid) {
            if (grid_add_row(r, ln)) {
                grid_emit(r, rec);
                return true;
            }
            return false;
        }
        record_start(r, rec, ln->number);
        record_fail(rec, ln->number, ln->error);
        memcpy(rec->remark, ln->remark, sizeof rec->remark);
        return true;
    }
    return false;
}

bool sudoku_reader_next(sudoku_reader *r, sudoku_record *rec)
{
    for (;;) {
        if (!r->in_grid && r->qcap == QUEUE_SMALL) {
            const line *next = peek_line(r, 0);
            if (next && next->kind == LINE_ROW)
                grow_queue(r);
        }
        line *ln = take_line(r);
        if (!ln) {
            if (r->in_grid) {
                grid_emit(r, rec);
                return true;
            }
            return false;
        }
        if (handle_line(r, ln, rec))
            return true;
    }
}
