/*
 * line_scan.c - classifies one line of input by what it holds:
 *
 *   a puzzle line  81 or 64 cells: one whole puzzle (text after the cells
 *                  and a space is ignored, e.g. "ED=11.9/1.2/1.2")
 *   a row          9 or 8 cells, possibly spaced and with '|' '!' box bars
 *   a pencil row   9 or 8 groups of candidate digits ("1789 5 36 ..."),
 *                  or 81/64 groups on one line, or 729 (512) characters,
 *                  a place per candidate (Sukaku)
 *   a frame        box lines such as "+-------+" or "-----------"
 *   a comment      a line starting with '#' (SadMan .sdk headers too)
 *   a blank line
 *
 * Only the first SUDOKU_MAX_CELLS cells and groups are kept and the rest
 * are counted, so memory stays fixed however long a line is.
 */
#include "read/line_scan.h"
#include "grid/bits.h"
#include "read/unicode.h"

#include <string.h>

bool scan_is_blank_char(int ch)
{
    return ch == '.' || ch == '0' || ch == '_' || ch == '*' || ch == '-' || ch == 'x' || ch == 'X';
}

static bool is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f'; }

static bool is_bar(int ch) { return ch == '|' || ch == '!'; }

/* These appear in box frames only ("+---+", ":---+---:", "'---'"). */
static bool is_frame_mark(int ch) { return ch == '+' || ch == '=' || ch == ':' || ch == '\''; }

static bool puzzle_count(long cells) { return cells == 81 || cells == 64; }

static bool row_count(long cells) { return cells == 9 || cells == 8; }

/* 81 cells of 9 candidate places, or 64 of 8. */
static bool places_count(long cells) { return cells == 729 || cells == 512; }

void scan_start(scan *s, long column0, bool comma_separates)
{
    memset(s, 0, sizeof *s);
    s->column0 = column0;
    s->comma_separates = comma_separates;
    s->bad = -1;
}

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

/* Cell i as a candidate place: place k of a cell holds digit k+1 or a blank. */
static void add_place(sudoku_mask *place, long *bad, int n, long i, int digit)
{
    long cell = i / n;
    int k = (int)(i % n);
    if (!digit)
        return;
    if (digit == k + 1)
        place[cell] |= sudoku_bit(digit);
    else if (!*bad)
        *bad = cell + 1;
}

static void add_cell(line *ln, scan *s, int digit)
{
    if (s->cells < SUDOKU_MAX_CELLS)
        ln->cell[s->cells] = (uint8_t)digit;
    if (s->cells < 729)
        add_place(s->place9, &s->place9_bad, 9, s->cells, digit);
    if (s->cells < 512)
        add_place(s->place8, &s->place8_bad, 8, s->cells, digit);
    s->cells++;
}

static void add_group_digit(line *ln, scan *s, int digit)
{
    if (!s->in_group) {
        s->in_group = true;
        s->group_digits = 0;
        s->group_last = 0;
        s->group_blank = false;
        if (s->groups < SUDOKU_MAX_CELLS)
            ln->group[s->groups] = 0;
    }
    if (digit) {
        s->group_digits++;
        if (digit <= s->group_last)
            s->unsorted = true; /* candidates are listed in order: "1789" */
        s->group_last = digit;
        if (s->groups < SUDOKU_MAX_CELLS)
            ln->group[s->groups] |= sudoku_bit(digit);
    } else {
        s->group_blank = true;
    }
}

/* In the tail after 64 cells: a word of cells only counts; any other word
 * starts a remark. */
static void end_tail_token(scan *s)
{
    if (s->token_text)
        s->ignore_rest = true;
    else
        s->tail_cells += s->token_cells;
    s->token_cells = 0;
    s->token_text = false;
}

void scan_byte(scan *s, line *ln, int ch)
{
    if (ch == 0xFEFF)
        return; /* a byte order mark has no width */
    s->column++;
    if (ch < 0x20 && ch != '\t' && ch != '\v' && ch != '\f' && ch != 0x1B)
        s->controls++; /* ESC may come from a terminal's colours; the others from no text */
    if (s->comment || s->ignore_rest)
        return;
    if (s->tail) {
        if (is_space(ch) || (s->comma_separates && (ch == ',' || ch == ';')))
            end_tail_token(s);
        else if ((ch >= '1' && ch <= '9') || scan_is_blank_char(ch))
            s->token_cells++;
        else if (!is_bar(ch))
            s->token_text = true;
        return;
    }
    if (is_space(ch) || (s->comma_separates && (ch == ',' || ch == ';'))) {
        end_group(s);
        if (!s->spaced && s->cells == 64) {
            s->tail = true; /* 64 cells: 8x8, or a 9x9 line with a stray space? */
        } else if (!s->spaced && (puzzle_count(s->cells) || places_count(s->cells))) {
            s->ignore_rest = true; /* a puzzle on one line ends at the first space after its cells */
        }
        if (s->cells)
            s->spaced = true;
    } else if (ch == '#' && (s->cells == 0 || s->spaced) && s->bad < 0) {
        s->comment = true; /* a comment line, or a remark after the cells */
    } else if (ch >= '1' && ch <= '9') {
        s->digits++;
        add_cell(ln, s, ch - '0');
        add_group_digit(ln, s, ch - '0');
    } else if (scan_is_blank_char(ch)) {
        if (ch == '-')
            s->dashes++;
        else if (ch == '.')
            s->dots++;
        else if (ch == '*')
            s->stars++;
        else
            s->other_blanks++;
        add_cell(ln, s, 0);
        add_group_digit(ln, s, 0);
    } else if (is_bar(ch) || is_frame_mark(ch)) {
        end_group(s);
        if (is_frame_mark(ch))
            s->frame_marks++;
        else
            s->bars++;
        if (ch == '=')
            s->rules++;
    } else if (s->bad < 0 && puzzle_count(s->cells) && !s->in_group) {
        s->ignore_rest = true; /* text after a spaced-out puzzle line */
    } else if (s->bad < 0) {
        s->bad = ch;
        s->bad_column = s->column0 + s->column;
    }
}

static void set_bad(line *ln, const char *msg)
{
    ln->kind = LINE_BAD;
    snprintf(ln->error, sizeof ln->error, "%s", msg);
}

/* A line of 729 (512) characters: a place per candidate of every cell. */
static void finish_places(const scan *s, line *ln)
{
    int n = s->cells == 729 ? 9 : 8;
    long bad = n == 9 ? s->place9_bad : s->place8_bad;
    const sudoku_mask *place = n == 9 ? s->place9 : s->place8;
    if (bad) {
        snprintf(ln->error, sizeof ln->error,
                 "%ld characters, a candidate place a character: r%ldc%ld has a digit out of its place", s->cells,
                 (bad - 1) / n + 1, (bad - 1) % n + 1);
        ln->kind = LINE_BAD;
        return;
    }
    for (int c = 0; c < n * n; c++) {
        if (!place[c]) {
            snprintf(ln->error, sizeof ln->error, "%ld characters, a candidate place a character: r%dc%d has no candidates",
                     s->cells, c / n + 1, c % n + 1);
            ln->kind = LINE_BAD;
            return;
        }
        ln->group[c] = place[c];
    }
    ln->pencil = true;
    ln->count = n * n;
    ln->kind = LINE_PUZZLE;
}

void scan_finish(scan *s, line *ln)
{
    if (s->tail)
        end_tail_token(s);
    end_group(s);

    ln->pencil = false;
    ln->dashes_only = false;
    ln->frame = false;
    ln->bars = s->bars > 0;
    ln->boxes_by_place = false;
    ln->opens_grid = false;
    ln->closes_grid = false;
    ln->empty_boxes = 0;
    ln->binary = false;
    ln->control = false;
    ln->has_solution = false;
    ln->count = s->cells;
    if (s->bad >= 0) {
        ln->kind = LINE_BAD;
        ln->control = s->controls > 0;
        if (s->bad == 0) {
            ln->binary = true;
            snprintf(ln->error, sizeof ln->error, "binary data (a NUL byte at column %ld); the rest is not read",
                     s->bad_column);
        } else {
            char what[80];
            unicode_describe(s->bad, what, sizeof what);
            snprintf(ln->error, sizeof ln->error, "unexpected %s at column %ld", what, s->bad_column);
        }
        return;
    }
    if (s->tail && s->tail_cells && 64 + s->tail_cells == 81) {
        ln->kind = LINE_BAD;
        snprintf(ln->error, sizeof ln->error,
                 "64 cells, a space, then 17 more: a 9x9 puzzle with a stray space, or an 8x8 one and a remark? "
                 "Remove the space, or put '#' before the remark");
        return;
    }
    if (s->tail)
        ln->count = s->cells; /* 64: the tail was a remark */
    if (s->cells == 0) {
        /* Only white space: a blank line. Comments and pieces of frame
         * ("|       |", "+=====+") are not, so they do not end a grid. */
        ln->kind = s->comment || s->bars || s->frame_marks ? LINE_IGNORED : LINE_BLANK;
        ln->frame = s->rules >= 3;
        return;
    }
    /* A frame drawn with '-' (and '.' or '*' corners): no digits, and not a
     * row or puzzle of blanks such as "---------". With corners it is a
     * frame whatever its width: HoDoKu's top line ".----.----.----." can add
     * up to 81 or 64 marks; Simple Sudoku draws "*-----------*". */
    ln->dashes_only = s->digits == 0 && s->other_blanks == 0 && s->dots == 0 && s->stars == 0;
    if (s->digits == 0 && s->other_blanks == 0 && s->dashes > 0 &&
        (s->frame_marks > 0 || s->dots > 0 || s->stars > 0 || (!row_count(s->cells) && !puzzle_count(s->cells)))) {
        ln->kind = LINE_IGNORED;
        ln->frame = true;
        return;
    }
    /* Candidate groups: some group holds several digits, in increasing
     * order, and there are as many groups as a row or puzzle has cells. A
     * group with a blank in it means a spaced-out puzzle line ("53..7....
     * 6..195..."), unless the cells do not add up to one; so does a group
     * out of order ("534678912 672195348 ..."), a full grid by rows. */
    bool cells_fit = row_count(s->cells) || puzzle_count(s->cells);
    if (s->any_multi && (row_count(s->groups) || puzzle_count(s->groups)) && !(s->unsorted && cells_fit)) {
        if (!s->any_blank_group) {
            ln->pencil = true;
            ln->count = s->groups;
            ln->kind = row_count(s->groups) ? LINE_ROW : LINE_PUZZLE;
            return;
        }
        if (!cells_fit) {
            set_bad(ln, "a pencil-mark cell has no candidates");
            return;
        }
    }
    if (row_count(s->cells))
        ln->kind = LINE_ROW;
    else if (puzzle_count(s->cells))
        ln->kind = LINE_PUZZLE;
    else if (places_count(s->cells))
        finish_places(s, ln);
    else if (s->any_multi && !s->any_blank_group && s->groups > 1) {
        /* Candidate groups, too few or too many: count them, not digits. */
        ln->kind = LINE_BAD;
        snprintf(ln->error, sizeof ln->error,
                 "%ld candidate groups (%ld digits): a pencil-mark row has 9 or 8 groups, a puzzle 81 or 64",
                 s->groups, s->cells);
    } else {
        ln->kind = LINE_BAD;
        snprintf(ln->error, sizeof ln->error, "%ld cell%s: a puzzle has 81 (9x9) or 64 (8x8), a grid row 9 or 8",
                 s->cells, s->cells == 1 ? "" : "s");
    }
}

int scan_char_of(const unsigned char *p, size_t n, int *len)
{
    uint32_t cp;
    int k = unicode_decode(p, n, &cp);
    if (k == 0) {
        *len = 1;
        return UNICODE_RAW + p[0];
    }
    *len = k;
    int ascii = k > 1 ? unicode_ascii(cp) : 0;
    return ascii ? ascii : (int)cp;
}

void scan_text(const char *text, size_t n, long column0, bool comma_separates, line *ln)
{
    scan s;
    scan_start(&s, column0, comma_separates);
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < n;) {
        int len;
        scan_byte(&s, ln, scan_char_of(p + i, n - i, &len));
        i += (size_t)len;
    }
    scan_finish(&s, ln);
}

