/*
 * reader.c - every text input format, read as a stream.
 *
 * Input is taken a line at a time; each line is classified by what it
 * holds, and a small state machine assembles lines into puzzles:
 *
 *   a puzzle line  81 or 64 cells: one whole puzzle (text after the cells
 *                  and a space is ignored, e.g. "ED=11.9/1.2/1.2")
 *   a row          9 or 8 cells, possibly spaced and with '|' '!' box bars;
 *                  9 or 8 rows in a row make a grid
 *   a pencil row   9 or 8 groups of candidate digits ("1789 5 36 ..."),
 *                  or 81/64 groups on one line
 *   a frame        box lines such as "+-------+" or "-----------"
 *   a comment      a line starting with '#' (SadMan .sdk headers too)
 *   a blank line   ends a grid
 *
 * A line is never stored whole: only its first SUDOKU_MAX_CELLS cells and
 * groups are kept and the rest are counted, so memory stays fixed however
 * long a line is. Line ends may be LF, CRLF or CR alone; a UTF-8 byte order
 * mark at the start is skipped.
 */
#include "sudoku.h"
#include "bits.h"

#include <stdlib.h>
#include <string.h>

enum line_kind { LINE_BLANK, LINE_IGNORED, LINE_ROW, LINE_PUZZLE, LINE_BAD };

/* What one line held. */
typedef struct line {
    long number;
    enum line_kind kind;
    bool pencil;                 /* a row or puzzle given as candidate groups */
    bool dashes_only;            /* no cell but '-': a row of blanks, or a frame */
    long count;                  /* cells (or groups, when pencil) in the line */
    uint8_t cell[SUDOKU_MAX_CELLS];       /* digit per cell, 0 blank */
    sudoku_mask group[SUDOKU_MAX_CELLS];  /* candidate groups */
    char error[120];             /* when kind == LINE_BAD */
} line;

/* The scanner's tallies while it walks a line. */
typedef struct scan {
    long cells, digits, dashes, dots, stars, other_blanks, frame_marks;
    long groups;                 /* whitespace/bar separated groups holding digits */
    long group_digits;           /* digits in the current group */
    bool group_blank;            /* the current group holds a blank */
    bool any_multi, any_blank_group;
    bool spaced;                 /* whitespace seen after the first cell */
    bool in_group;
    bool comment, ignore_rest;
    long bars;
    int bad;                     /* first unexpected byte, or -1 */
    long bad_column;
    long column;
} scan;

struct sudoku_reader {
    FILE *in;
    const char *source;
    int size;                    /* forced side, or 0 */
    long lineno;                 /* lines read so far */
    bool eof, io_error, started;
    long long offset;            /* bytes consumed */
    /* Bytes come from getc(), which hands over what a pipe or terminal has
     * without waiting for more; a few can be pushed back. */
    int back[3];
    int nback;

    line cur;                    /* the line being handled */
    bool pending;                /* 'cur' is still to be handled */

    /* The grid being assembled from rows. */
    bool in_grid;
    int grid_n;
    int grid_rows;
    long grid_line;
    bool grid_pencil;
    bool grid_bad;
    char grid_error[160];
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
    return r;
}

void sudoku_reader_free(sudoku_reader *r) { free(r); }

bool sudoku_reader_io_error(const sudoku_reader *r) { return r->io_error; }

long long sudoku_reader_offset(const sudoku_reader *r) { return r->offset; }

/* ------------------------------------------------------------ bytes */

static int next_byte(sudoku_reader *r)
{
    int ch;
    if (r->nback) {
        ch = r->back[--r->nback];
    } else {
        if (r->eof)
            return EOF; /* a terminal would be read again after its end */
        ch = getc(r->in);
        if (ch == EOF) {
            r->eof = true;
            r->io_error = ferror(r->in) != 0;
            return EOF;
        }
    }
    r->offset++;
    return ch;
}

/* Pushes back a byte next_byte() returned: at most three at a time. */
static void unread_byte(sudoku_reader *r, int ch)
{
    r->back[r->nback++] = ch;
    r->offset--;
}

/* ------------------------------------------------------------ one line */

static bool is_blank_char(int ch)
{
    return ch == '.' || ch == '0' || ch == '_' || ch == '*' || ch == '-' || ch == 'x' || ch == 'X';
}

static bool is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f'; }

static bool is_bar(int ch) { return ch == '|' || ch == '!'; }

/* These appear in box frames only ("+---+", ":---+---:", "'---'"). */
static bool is_frame_mark(int ch) { return ch == '+' || ch == '=' || ch == ':' || ch == '\''; }

static void end_group(scan *s)
{
    if (!s->in_group)
        return;
    s->in_group = false;
    if (s->group_digits == 0 && !s->group_blank)
        return;
    if (s->group_digits > 1)
        s->any_multi = true;
    if (s->group_blank)
        s->any_blank_group = true;
    s->groups++;
}

static void add_cell(line *ln, scan *s, int digit)
{
    if (s->cells < SUDOKU_MAX_CELLS)
        ln->cell[s->cells] = (uint8_t)digit;
    s->cells++;
}

static void add_group_digit(line *ln, scan *s, int digit)
{
    if (!s->in_group) {
        s->in_group = true;
        s->group_digits = 0;
        s->group_blank = false;
        if (s->groups < SUDOKU_MAX_CELLS)
            ln->group[s->groups] = 0;
    }
    if (digit) {
        s->group_digits++;
        if (s->groups < SUDOKU_MAX_CELLS)
            ln->group[s->groups] |= sudoku_bit(digit);
    } else {
        s->group_blank = true;
    }
}

static bool puzzle_count(long cells) { return cells == 81 || cells == 64; }

static bool row_count(long cells) { return cells == 9 || cells == 8; }

/* Reads one line into r->cur; false at end of input. */
static bool read_line(sudoku_reader *r)
{
    line *ln = &r->cur;
    scan s = { .bad = -1 };
    int ch = next_byte(r);
    if (ch == EOF)
        return false;

    if (!r->started) {
        r->started = true;
        /* Skip a UTF-8 byte order mark. */
        if (ch == 0xEF) {
            int b = next_byte(r), c = b == 0xBB ? next_byte(r) : EOF;
            if (b == 0xBB && c == 0xBF) {
                ch = next_byte(r);
                if (ch == EOF)
                    return false;
            } else { /* not a BOM: read on, to report an unexpected byte */
                if (c != EOF)
                    unread_byte(r, c);
                if (b != EOF)
                    unread_byte(r, b);
            }
        }
    }

    ln->number = ++r->lineno;
    for (; ch != EOF && ch != '\n' && ch != '\r'; ch = next_byte(r)) {
        s.column++;
        if (s.comment || s.ignore_rest)
            continue;
        if (is_space(ch)) {
            end_group(&s);
            /* A puzzle on one line ends at the first space after its cells. */
            if (!s.spaced && puzzle_count(s.cells))
                s.ignore_rest = true;
            if (s.cells)
                s.spaced = true;
        } else if (ch == '#' && (s.cells == 0 || s.spaced) && s.bad < 0) {
            s.comment = true; /* a comment line, or a remark after the cells */
        } else if (ch >= '1' && ch <= '9') {
            s.digits++;
            add_cell(ln, &s, ch - '0');
            add_group_digit(ln, &s, ch - '0');
        } else if (is_blank_char(ch)) {
            if (ch == '-')
                s.dashes++;
            else if (ch == '.')
                s.dots++;
            else if (ch == '*')
                s.stars++;
            else
                s.other_blanks++;
            add_cell(ln, &s, 0);
            add_group_digit(ln, &s, 0);
        } else if (is_bar(ch) || is_frame_mark(ch)) {
            end_group(&s);
            if (is_frame_mark(ch))
                s.frame_marks++;
            else
                s.bars++;
        } else if (s.bad < 0 && puzzle_count(s.cells) && !s.in_group) {
            s.ignore_rest = true; /* text after a spaced-out puzzle line */
        } else if (s.bad < 0) {
            s.bad = ch;
            s.bad_column = s.column;
        }
    }
    if (ch == '\r') {
        ch = next_byte(r);
        if (ch != '\n' && ch != EOF)
            unread_byte(r, ch);
    }
    end_group(&s);

    ln->pencil = false;
    ln->dashes_only = false;
    ln->count = s.cells;
    if (s.bad >= 0) {
        ln->kind = LINE_BAD;
        if (s.bad >= 0x20 && s.bad < 0x7f)
            snprintf(ln->error, sizeof ln->error, "unexpected character '%c' at column %ld", s.bad, s.bad_column);
        else
            snprintf(ln->error, sizeof ln->error, "unexpected byte 0x%02X at column %ld", (unsigned)s.bad, s.bad_column);
        return true;
    }
    if (s.cells == 0) {
        /* Only white space: a blank line. Comments and pieces of frame
         * ("|       |") are not, so they do not end a grid. */
        ln->kind = s.comment || s.bars || s.frame_marks ? LINE_IGNORED : LINE_BLANK;
        return true;
    }
    /* A frame drawn with '-' (and '.' or '*' corners): no digits, and not a
     * row or puzzle of blanks such as "---------". With corners it is a
     * frame whatever its width: HoDoKu's top line ".----.----.----." can add
     * up to 81 or 64 marks; Simple Sudoku draws "*-----------*". */
    ln->dashes_only = s.digits == 0 && s.other_blanks == 0 && s.dots == 0 && s.stars == 0;
    if (s.digits == 0 && s.other_blanks == 0 && s.dashes > 0 &&
        (s.frame_marks > 0 || s.dots > 0 || s.stars > 0 || (!row_count(s.cells) && !puzzle_count(s.cells)))) {
        ln->kind = LINE_IGNORED;
        return true;
    }
    /* Candidate groups: some group holds several digits, and there are as
     * many groups as a row or puzzle has cells. A group with a blank in it
     * means a spaced-out puzzle line ("53..7.... 6..195..."), unless the
     * cells do not add up to one. */
    if (s.any_multi && (row_count(s.groups) || puzzle_count(s.groups))) {
        if (!s.any_blank_group) {
            ln->pencil = true;
            ln->count = s.groups;
            ln->kind = row_count(s.groups) ? LINE_ROW : LINE_PUZZLE;
            return true;
        }
        if (!row_count(s.cells) && !puzzle_count(s.cells)) {
            ln->kind = LINE_BAD;
            snprintf(ln->error, sizeof ln->error, "a pencil-mark cell has no candidates");
            return true;
        }
    }
    if (row_count(s.cells))
        ln->kind = LINE_ROW;
    else if (puzzle_count(s.cells))
        ln->kind = LINE_PUZZLE;
    else if (s.any_multi && !s.any_blank_group && s.groups > 1) {
        /* Candidate groups, too few or too many: count them, not digits. */
        ln->kind = LINE_BAD;
        snprintf(ln->error, sizeof ln->error,
                 "%ld candidate groups (%ld digits): a pencil-mark row has 9 or 8 groups, a puzzle 81 or 64",
                 s.groups, s.cells);
    } else {
        ln->kind = LINE_BAD;
        snprintf(ln->error, sizeof ln->error, "%ld cell%s: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8",
                 s.cells, s.cells == 1 ? "" : "s");
    }
    return true;
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
}

static void record_fail(sudoku_record *rec, long line_number, const char *msg)
{
    rec->ok = false;
    rec->line = line_number;
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
    for (long i = 0; i < ln->count; i++) {
        int c = at + (int)i;
        if (ln->pencil) {
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
        } else {
            int d = ln->cell[i];
            if (d > n) {
                snprintf(msg, size, "digit %d out of range for %dx%d", d, n, n);
                return false;
            }
            given[c] = (uint8_t)d;
            cand[c] = d ? sudoku_bit(d) : all;
        }
    }
    return true;
}

static void grid_begin(sudoku_reader *r, int n)
{
    r->in_grid = true;
    r->grid_n = n;
    r->grid_rows = 0;
    r->grid_line = r->cur.number;
    r->grid_pencil = false;
    r->grid_bad = false;
}

static void grid_error(sudoku_reader *r, long line_number, const char *msg)
{
    if (!r->grid_bad) {
        r->grid_bad = true;
        snprintf(r->grid_error, sizeof r->grid_error, "%s", msg);
        r->grid_line = line_number; /* point at the offending line */
    }
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
    if (r->grid_rows < r->grid_n) {
        char msg[96];
        snprintf(msg, sizeof msg, "grid ends after %d of its %d rows", r->grid_rows, r->grid_n);
        record_fail(rec, r->grid_line, msg);
        return;
    }
    rec->layout = l;
    rec->pencil = r->grid_pencil;
    memcpy(rec->given, r->grid_given, (size_t)l->ncells);
    memcpy(rec->cand, r->grid_cand, (size_t)l->ncells * sizeof(sudoku_mask));
}

/* Adds the current row line to the grid; true when the grid is complete. */
static bool grid_add_row(sudoku_reader *r)
{
    const line *ln = &r->cur;
    char msg[120];
    int n = r->grid_n;
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
    return ++r->grid_rows == n;
}

/* Handles r->cur; true when it produced a record in rec. */
static bool handle_line(sudoku_reader *r, sudoku_record *rec)
{
    line *ln = &r->cur;
    char msg[160];

    switch (ln->kind) {
    case LINE_IGNORED:
        return false;
    case LINE_BLANK:
        if (r->in_grid) {
            grid_emit(r, rec);
            return true;
        }
        return false;
    case LINE_PUZZLE:
        if (r->in_grid) {
            /* A whole puzzle cuts the grid short: report the grid, then
             * come back to this line. */
            r->pending = true;
            grid_emit(r, rec);
            return true;
        }
        record_start(r, rec, ln->number);
        {
            int n = ln->count == 81 ? 9 : 8;
            const sudoku_layout *l = layout_for(r, n, ln->count, "cells", msg, sizeof msg);
            if (!l)
                record_fail(rec, ln->number, msg);
            else if (!line_cells(ln, n, 0, rec->given, rec->cand, msg, sizeof msg)) {
                record_fail(rec, ln->number, msg);
            } else {
                rec->layout = l;
                rec->pencil = ln->pencil;
            }
        }
        return true;
    case LINE_ROW:
        /* "---------" between the rows of an 8x8 grid is its frame. */
        if (r->in_grid && ln->dashes_only && ln->count != r->grid_n)
            return false;
        if (!r->in_grid) {
            int n = (int)ln->count;
            grid_begin(r, n);
            /* A grid of the wrong size is still read whole, as one error. */
            if (!layout_for(r, n, ln->count, "cells in a row", msg, sizeof msg))
                grid_error(r, ln->number, msg);
        }
        if (grid_add_row(r)) {
            grid_emit(r, rec);
            return true;
        }
        return false;
    case LINE_BAD:
        if (r->in_grid) {
            if (grid_add_row(r)) {
                grid_emit(r, rec);
                return true;
            }
            return false;
        }
        record_start(r, rec, ln->number);
        record_fail(rec, ln->number, ln->error);
        return true;
    }
    return false;
}

bool sudoku_reader_next(sudoku_reader *r, sudoku_record *rec)
{
    for (;;) {
        if (r->pending) {
            r->pending = false;
        } else if (!read_line(r)) {
            if (r->in_grid) {
                grid_emit(r, rec);
                return true;
            }
            return false;
        }
        if (handle_line(r, rec))
            return true;
    }
}
