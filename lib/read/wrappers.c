/*
 * wrappers.c - finds the puzzle in lines that other programs and sites
 * write around it. Each is tried only on a line the plain reader rejects,
 * so a plain puzzle line never changes meaning:
 *
 *   HoDoKu library   :0000:x:PUZZLE:DELETED:ELIMINATIONS:PLACEMENTS:
 *                    ('+' marks a placed digit; DELETED candidates as
 *                    digit-row-column triples, "314 916")
 *   URLs             ...?bd=PUZZLE (sudokuwiki), ?puzzle=, ?p=, ?s=, ?grid=
 *   CSV              a header naming the puzzle (quizzes, puzzle) and
 *                    solution columns; or rows where some field is a
 *                    puzzle: "PUZZLE,SOLUTION", "PUZZLE;meta", "PUZZLE,"
 *   numbered lines   "12: PUZZLE", "12. PUZZLE", "12) PUZZLE"
 *   headings         Project Euler's "Grid 01", QQWing's --stats lines
 *                    ("Number of Givens: 26", "Difficulty: Easy"), Simple
 *                    Sudoku's clipboard trailer ("Simple Sudoku",
 *                    "Version 4.2n"): they end a grid and are skipped
 *   comma cells      "5,3,0,0,7,0,0,0,0" rows, SadMan's ".,2,3,4,.,..."
 *   spaced boxes     "| 5 3   |   7   |       |": a space for a blank; or a
 *                    box per cell, "| 5 | 3 |   |   | 7 |   |   |   |   |"
 *   own output       this program's tsv/csv headers and rows, json records
 *                    ({"source":...,"puzzle":...}): the puzzle, its remark
 */
#include "read/wrappers.h"
#include "read/remark.h"
#include "grid/bits.h"

#include <ctype.h>
#include <string.h>

#define MAX_FIELDS 32
#define LINE_TEXT_MAX 1024   /* a puzzle or solution string of a JSON record */

typedef struct span {
    size_t at, len;
} span;

static bool starts_with(const char *t, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && memcmp(t, prefix, k) == 0;
}

static bool iequal(const char *t, size_t n, const char *word)
{
    if (strlen(word) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)t[i]) != word[i])
            return false;
    return true;
}

static span trim_space(const char *t, span s)
{
    while (s.len && isspace((unsigned char)t[s.at]))
        s.at++, s.len--;
    while (s.len && isspace((unsigned char)t[s.at + s.len - 1]))
        s.len--;
    return s;
}

/* The span without leading and trailing white space and one pair of quotes. */
static span trim(const char *t, span s)
{
    s = trim_space(t, s);
    if (s.len >= 2 && t[s.at] == '"' && t[s.at + s.len - 1] == '"')
        s.at++, s.len -= 2;
    return s;
}

/* Splits t[0..n) at 'sep', outside double quotes (RFC 4180: a quoted
 * field may hold the separator); returns the number of fields (at most max). */
static int split(const char *t, size_t n, char sep, span *field, int max)
{
    int k = 0;
    size_t start = 0;
    bool quoted = false;
    for (size_t i = 0; i <= n && k < max; i++) {
        if (i < n && t[i] == '"' && sep != '\t')
            quoted = !quoted;
        if (i == n || (t[i] == sep && !quoted)) {
            field[k++] = trim(t, (span){ start, i - start });
            start = i + 1;
        }
    }
    return k;
}

static bool scan_puzzle(const char *t, span s, line *ln)
{
    scan_text(t + s.at, s.len, (long)s.at, false, ln);
    return ln->kind == LINE_PUZZLE;
}

/* A full grid of digits (a solution) in t's span, as a puzzle of ncells. */
static bool scan_solution(const char *t, span s, int ncells, line *ln, char *why, size_t size)
{
    static _Thread_local line sol;
    scan_text(t + s.at, s.len, (long)s.at, false, &sol);
    if (sol.kind != LINE_PUZZLE || sol.pencil || sol.count != ncells) {
        snprintf(why, size, "the solution field holds %ld cells, not a grid of %d digits", sol.count, ncells);
        return false;
    }
    int side = ncells == 81 ? 9 : 8;
    for (int c = 0; c < ncells; c++) {
        if (!sol.cell[c]) {
            snprintf(why, size, "the solution field has a blank at cell %d", c + 1);
            return false;
        }
        if (sol.cell[c] > side) {
            snprintf(why, size, "the solution field has digit %d at cell %d, out of range for %dx%d", sol.cell[c],
                     c + 1, side, side);
            return false;
        }
        ln->solution[c] = sol.cell[c];
    }
    ln->has_solution = true;
    return true;
}

static void fail(line *ln, const char *fmt, const char *a, const char *b)
{
    ln->kind = LINE_BAD;
    ln->pencil = false;
    ln->has_solution = false;
    snprintf(ln->error, sizeof ln->error, fmt, a, b);
}

/* ------------------------------------------------------------ HoDoKu */

/* ":0000:x:PUZZLE:DELETED:...": the fields after the leading ':'. */
static bool hodoku(const char *t, size_t n, line *ln)
{
    if (n < 2 || t[0] != ':')
        return false;
    span f[8];
    int k = split(t + 1, n - 1, ':', f, 8);
    if (k < 3 || f[0].len == 0 || !isdigit((unsigned char)t[1 + f[0].at]))
        return false;
    span puzzle = { f[2].at + 1, f[2].len };
    if (!scan_puzzle(t, puzzle, ln)) {
        char why[112];
        snprintf(why, sizeof why, "%.100s", ln->error);
        fail(ln, "HoDoKu line, puzzle field: %s", why, "");
        return true;
    }
    if (k < 4 || f[3].len == 0 || ln->pencil)
        return true;
    /* Deleted candidates: "314 916" is 3 out of r1c4 and 9 out of r1c6. */
    int nside = ln->count == 81 ? 9 : 8;
    sudoku_mask all = (sudoku_mask)((1u << nside) - 1);
    for (int c = 0; c < ln->count; c++)
        ln->group[c] = ln->cell[c] ? sudoku_bit(ln->cell[c]) : all;
    const char *p = t + 1 + f[3].at, *end = p + f[3].len;
    while (p < end) {
        if (*p == ' ') {
            p++;
            continue;
        }
        if (end - p < 3 || !isdigit((unsigned char)p[0]) || !isdigit((unsigned char)p[1]) ||
            !isdigit((unsigned char)p[2]) || (end - p > 3 && p[3] != ' ')) {
            fail(ln, "HoDoKu line: deleted candidates are digit-row-column triples such as 314%s%s", "", "");
            return true;
        }
        int d = p[0] - '0', row = p[1] - '0', col = p[2] - '0';
        if (d < 1 || d > nside || row < 1 || row > nside || col < 1 || col > nside) {
            fail(ln, "HoDoKu line: deleted candidate out of range%s%s", "", "");
            return true;
        }
        int cell = (row - 1) * nside + (col - 1);
        if (ln->cell[cell] == d) {
            /* Not a candidate but a clue: dropping it would change the puzzle unseen. */
            char what[48];
            snprintf(what, sizeof what, "%d at r%dc%d", d, row, col);
            fail(ln, "HoDoKu line: deleted candidate %s is a given digit%s", what, "");
            return true;
        }
        ln->group[cell] &= (sudoku_mask)~sudoku_bit(d);
        p += 3;
    }
    ln->pencil = true;
    return true;
}

/* ------------------------------------------------------------ URLs */

static bool is_url(const char *t, size_t n)
{
    for (size_t i = 0; i + 3 <= n && i < 16; i++)
        if (memcmp(t + i, "://", 3) == 0)
            return i > 0;
    return starts_with(t, n, "www.");
}

static const char *const url_keys[] = { "bd", "puzzle", "p", "s", "grid", "givens", "sudoku", "board", "q", NULL };

static bool url(const char *t, size_t n, line *ln)
{
    if (!is_url(t, n))
        return false;
    size_t end = 0;
    while (end < n && !isspace((unsigned char)t[end]))
        end++; /* the URL ends at a space; a remark may follow */
    const char *q = memchr(t, '?', end);
    if (q) {
        size_t i = (size_t)(q - t) + 1;
        while (i < end) {
            size_t j = i;
            while (j < end && t[j] != '&' && t[j] != ';' && t[j] != '#')
                j++;
            const char *eq = memchr(t + i, '=', j - i);
            if (eq) {
                size_t klen = (size_t)(eq - (t + i));
                for (int k = 0; url_keys[k]; k++) {
                    if (!iequal(t + i, klen, url_keys[k]))
                        continue;
                    span v = { (size_t)(eq - t) + 1, j - ((size_t)(eq - t) + 1) };
                    if (scan_puzzle(t, v, ln))
                        return true;
                    char why[112];
                    snprintf(why, sizeof why, "%.100s", ln->error);
                    fail(ln, "URL, puzzle parameter: %s%s", why, "");
                    return true;
                }
            }
            if (j < end && t[j] == '#')
                break;
            i = j + 1;
        }
    }
    fail(ln, "a URL with no puzzle in it (looked for a bd=, puzzle=, p=, s= or grid= parameter)%s%s", "", "");
    return true;
}

/* ------------------------------------------------------------ headings */

static bool all_digits(const char *t, size_t n)
{
    if (!n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)t[i]))
            return false;
    return true;
}

/* Lines other programs write between puzzles; they end a grid. */
static bool heading(const char *t, size_t n, line *ln)
{
    static const char *const prefixes[] = {
        /* QQWing's --stats and --count-solutions lines */
        "Number of ", "Difficulty: ", "Time: ", "Puzzle has no solution", "There are ",
        "The solution to the puzzle is unique", "Puzzle is not possible", "Could not generate puzzle",
        /* Simple Sudoku's clipboard trailer */
        "Version ",
        NULL,
    };
    bool match = false;
    if (starts_with(t, n, "Grid ") && all_digits(t + 5, n - 5))
        match = true; /* Project Euler 96: "Grid 01" */
    else if (n == strlen("Simple Sudoku") && starts_with(t, n, "Simple Sudoku"))
        match = true;
    else {
        for (int i = 0; prefixes[i] && !match; i++)
            match = starts_with(t, n, prefixes[i]);
        /* QQWing's total: "12 puzzles generated in 0.2 seconds." */
        size_t d = 0;
        while (d < n && isdigit((unsigned char)t[d]))
            d++;
        if (!match && d && (starts_with(t + d, n - d, " puzzle solved in") ||
                            starts_with(t + d, n - d, " puzzles solved in") ||
                            starts_with(t + d, n - d, " puzzle generated in") ||
                            starts_with(t + d, n - d, " puzzles generated in")))
            match = true;
    }
    if (match) {
        ln->kind = LINE_BLANK;
        ln->count = 0;
    }
    return match;
}

/* ------------------------------------------------------------ CSV */

static const char *const puzzle_names[] = { "puzzle", "puzzles", "quizzes", "quiz", "sudoku", "grid", "question",
                                            "givens_string", NULL };
static const char *const solution_names[] = { "solution", "solutions", "answer", "answers", NULL };

static int name_index(const char *t, span s, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (iequal(t + s.at, s.len, names[i]))
            return i;
    return -1;
}

static bool field_is(const char *t, span s, const char *word)
{
    return s.len == strlen(word) && memcmp(t + s.at, word, s.len) == 0;
}

/* Keeps the header's names for the rows' remarks. */
static void keep_names(const char *t, const span *f, int k, csv_columns *cols)
{
    size_t used = 0;
    cols->nnames = 0;
    for (int i = 0; i < k && i < CSV_MAX_NAMES; i++) {
        size_t len = f[i].len < sizeof cols->names - used ? f[i].len : sizeof cols->names - used;
        memcpy(cols->names + used, t + f[i].at, len);
        cols->name_at[i] = (unsigned short)used;
        cols->name_len[i] = (unsigned short)len;
        used += len;
        cols->nnames = i + 1;
    }
}

/*
 * A header line: words only. One of them names the puzzle column, or the
 * line is this program's own header (source, line, puzzle, verdict, ...);
 * a header naming no puzzle column is still a header, skipped, and the
 * rows after it are searched for a puzzle field.
 */
static bool csv_header(const char *t, size_t n, char sep, csv_columns *cols, line *ln)
{
    span f[MAX_FIELDS];
    int k = split(t, n, sep, f, MAX_FIELDS);
    if (k < 2)
        return false;
    int puzzle = -1, solution = -1;
    for (int i = 0; i < k; i++) {
        bool letter = false;
        for (size_t j = 0; j < f[i].len; j++) {
            unsigned char c = (unsigned char)t[f[i].at + j];
            if (isalpha(c))
                letter = true;
            else if (!isdigit(c) && c != ' ' && c != '_' && c != '-' && c != '(' && c != ')' && c != '/' && c != '.')
                return false;
        }
        if (f[i].len && !letter)
            return false;
        if (puzzle < 0 && name_index(t, f[i], puzzle_names) >= 0)
            puzzle = i;
        else if (solution < 0 && name_index(t, f[i], solution_names) >= 0)
            solution = i;
    }
    cols->own = k >= 4 && field_is(t, f[0], "source") && field_is(t, f[1], "line") &&
                field_is(t, f[2], "puzzle") && field_is(t, f[3], "verdict");
    cols->remark = -1;
    if (cols->own) {
        /* check's "solutions" column is a count, not a grid */
        puzzle = 2;
        solution = -1;
        for (int i = 4; i < k; i++) {
            if (field_is(t, f[i], "solution"))
                solution = i;
            else if (field_is(t, f[i], "remark"))
                cols->remark = i;
        }
    }
    cols->known = puzzle >= 0;
    cols->sep = sep;
    cols->puzzle = puzzle;
    cols->solution = solution;
    keep_names(t, f, k, cols);
    ln->kind = LINE_BLANK;
    ln->count = 0;
    return true;
}

/* A TSV value as this program escapes it: \t \n \r \\ back to the bytes. */
static void remark_unescaped(line *ln, const char *t, span s)
{
    char buf[SUDOKU_REMARK_MAX];
    size_t k = 0;
    for (size_t i = 0; i < s.len && k + 1 < sizeof buf; i++) {
        char c = t[s.at + i];
        if (c == '\\' && i + 1 < s.len) {
            char e = t[s.at + ++i];
            c = e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : e;
        }
        buf[k++] = c;
    }
    remark_set(ln, buf, k);
}

/* A CSV value without its quotes, "" inside it a quote. */
static void remark_add_csv(line *ln, const char *sep, const char *t, span s)
{
    char buf[SUDOKU_REMARK_MAX];
    size_t k = 0;
    for (size_t i = 0; i < s.len && k + 1 < sizeof buf; i++) {
        buf[k++] = t[s.at + i];
        if (t[s.at + i] == '"' && i + 1 < s.len && t[s.at + i + 1] == '"')
            i++;
    }
    remark_append(ln, sep, buf, k);
}

/* The row's fields other than the puzzle and its solution, as its remark:
 * "name=value" under a header, the values alone without one. */
static void row_remark(const char *t, const span *f, int k, int puzzle, int solution, const csv_columns *cols,
                       bool named, line *ln)
{
    ln->remark[0] = '\0';
    if (named && cols->own) {
        if (cols->remark >= 0 && cols->remark < k) {
            if (cols->sep == '\t')
                remark_unescaped(ln, t, f[cols->remark]);
            else
                remark_add_csv(ln, "", t, f[cols->remark]);
        }
        return;
    }
    for (int i = 0; i < k; i++) {
        if (i == puzzle || i == solution || !f[i].len)
            continue;
        if (named && i < cols->nnames && cols->name_len[i]) {
            remark_append(ln, " ", cols->names + cols->name_at[i], cols->name_len[i]);
            remark_append(ln, "", "=", 1);
            remark_add_csv(ln, "", t, f[i]);
        } else {
            remark_add_csv(ln, " ", t, f[i]);
        }
    }
}

static bool csv_row(const char *t, size_t n, char sep, const csv_columns *cols, line *ln)
{
    span f[MAX_FIELDS];
    int k = split(t, n, sep, f, MAX_FIELDS);
    if (k < 2)
        return false;
    char why[112];
    int puzzle = -1, solution = -1;
    bool named = cols->known && sep == cols->sep;
    if (named) {
        puzzle = cols->puzzle;
        solution = cols->solution;
        row_remark(t, f, k, puzzle, solution, cols, true, ln);
        if (cols->own && puzzle < k && !f[puzzle].len) {
            /* A record that was not a puzzle when written: its remark is
             * the text that was refused then. */
            fail(ln, "a record of this program's output with no puzzle (it was %s)",
                 k > 3 && f[3].len ? "invalid" : "empty", "");
            return true;
        }
        if (puzzle >= k) {
            char num[16];
            snprintf(num, sizeof num, "%d", puzzle + 1);
            fail(ln, "CSV row without field %s, the puzzle column named by the header%s", num, "");
            return true;
        }
        if (!scan_puzzle(t, f[puzzle], ln)) {
            snprintf(why, sizeof why, "%.100s", ln->error);
            fail(ln, "CSV puzzle field: %s%s", why, "");
            return true;
        }
    } else {
        /* No header: the first field that is a puzzle. */
        for (int i = 0; i < k && puzzle < 0; i++)
            if (f[i].len >= 64 && scan_puzzle(t, f[i], ln))
                puzzle = i;
        if (puzzle < 0)
            return false;
        /* A later field holding a full grid is its solution. */
        static _Thread_local line probe;
        for (int i = puzzle + 1; i < k && solution < 0; i++) {
            if (f[i].len < 64)
                continue;
            scan_text(t + f[i].at, f[i].len, 0, false, &probe);
            if (probe.kind == LINE_PUZZLE && !probe.pencil && probe.count == ln->count)
                solution = i;
        }
        /* under a header that names no puzzle column: its names still name the remark */
        row_remark(t, f, k, puzzle, solution, cols, cols->nnames > 0 && cols->sep == sep, ln);
    }
    if (solution >= 0 && solution < k && f[solution].len) {
        if (ln->pencil) {
            fail(ln, "a solution column with a pencil-mark puzzle%s%s", "", "");
            return true;
        }
        if (!scan_solution(t, f[solution], (int)ln->count, ln, why, sizeof why))
            fail(ln, "CSV: %s%s", why, "");
    }
    return true;
}

/* ------------------------------------------------------------ JSON */

/* Where the value of "key" starts in a JSON object's text (a top-level
 * key, found as the text '"key":' after '{' or ','), or NULL. */
static const char *json_value(const char *t, size_t n, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 1; i + k + 3 <= n; i++) {
        if (t[i] == '"' && (t[i - 1] == '{' || t[i - 1] == ',') && memcmp(t + i + 1, key, k) == 0 &&
            t[i + 1 + k] == '"' && t[i + 2 + k] == ':')
            return t + i + 3 + k;
    }
    return NULL;
}

/* A JSON string at v (up to end) decoded into buf (\uXXXX as UTF-8);
 * its length, or -1 when v holds no string. */
static long json_string(const char *v, const char *end, char *buf, size_t size)
{
    if (!v || v >= end || *v != '"')
        return -1;
    size_t k = 0;
    for (v++; v < end && *v != '"'; v++) {
        char c = *v;
        if (c == '\\' && v + 1 < end) {
            c = *++v;
            if (c == 'u' && end - v > 4) {
                unsigned cp = 0;
                for (int j = 1; j <= 4; j++) {
                    char h = v[j];
                    cp = cp * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : (tolower((unsigned char)h) - 'a' + 10) & 15);
                }
                v += 4;
                char u[3];
                int len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
                if (len == 1)
                    u[0] = (char)cp;
                else if (len == 2)
                    u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F));
                else
                    u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
                    u[2] = (char)(0x80 | (cp & 0x3F));
                for (int j = 0; j < len && k + 1 < size; j++)
                    buf[k++] = u[j];
                continue;
            }
            c = c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c == 'b' ? '\b' : c == 'f' ? '\f' : c;
        }
        if (k + 1 < size)
            buf[k++] = c;
    }
    if (v >= end)
        return -1;
    buf[k] = '\0';
    return (long)k;
}

/*
 * This program's JSON Lines: a record ({"source":..., "puzzle":...}, or
 * generate's {"index":..., "seed":..., "puzzle":...}) is the puzzle it
 * names, with its remark (and the solution solve and generate give); the
 * summary object is skipped.
 */
static bool json_record(const char *t, size_t n, line *ln)
{
    if (n < 2 || t[0] != '{' || t[n - 1] != '}')
        return false;
    if (starts_with(t, n, "{\"summary\":")) {
        ln->kind = LINE_BLANK;
        ln->count = 0;
        return true;
    }
    const char *end = t + n, *p = json_value(t, n, "puzzle");
    if (!p || !(json_value(t, n, "source") || json_value(t, n, "seed")))
        return false;
    char text[SUDOKU_REMARK_MAX];
    long len = json_string(json_value(t, n, "remark"), end, text, sizeof text);
    if (len > 0)
        remark_set(ln, text, (size_t)len);
    static _Thread_local char puzzle[LINE_TEXT_MAX];
    len = json_string(p, end, puzzle, sizeof puzzle);
    if (len <= 0) {
        fail(ln, "a record of this program's output with no puzzle (it was %s)%s", "invalid", "");
        return true;
    }
    char remark[SUDOKU_REMARK_MAX];
    memcpy(remark, ln->remark, sizeof remark); /* scanning the puzzle leaves it alone, but keep it sure */
    if (!scan_puzzle(puzzle, (span){ 0, (size_t)len }, ln)) {
        char why[112];
        snprintf(why, sizeof why, "%.100s", ln->error);
        fail(ln, "JSON record, puzzle: %s%s", why, "");
        return true;
    }
    static _Thread_local char solution[LINE_TEXT_MAX];
    char why[112];
    len = json_string(json_value(t, n, "solution"), end, solution, sizeof solution);
    if (len > 0 && !ln->pencil && !scan_solution(solution, (span){ 0, (size_t)len }, (int)ln->count, ln, why, sizeof why))
        fail(ln, "JSON record, solution: %s%s", why, "");
    memcpy(ln->remark, remark, sizeof remark);
    return true;
}

/* ------------------------------------------------------------ rows */

/* Boxes of 3 (9x9) or 4 (8x8) cells at fixed places: "5 3", " 5 3 . ", "5 3 .". */
static bool box_places(const char *t, const span *box, int k, line *ln, long *digits)
{
    int side = k == 3 ? 9 : 8, per = side / k;
    long cells = 0;
    for (int b = 0; b < k; b++) {
        size_t w = box[b].len;
        size_t first, step;
        if (w == (size_t)per)
            first = 0, step = 1;               /* "5 3" without spaces between cells */
        else if (w == (size_t)(2 * per + 1))
            first = 1, step = 2;               /* " 5 3 . " */
        else if (w == (size_t)(2 * per - 1))
            first = 0, step = 2;               /* "5 3 ." */
        else
            return false;
        for (size_t j = 0; j < w; j++) {
            int ch = (unsigned char)t[box[b].at + j];
            bool place = j >= first && (j - first) % step == 0 && (j - first) / step < (size_t)per;
            if (!place) {
                if (ch != ' ')
                    return false;
                continue;
            }
            int d;
            if (ch >= '1' && ch <= '9')
                d = ch - '0', (*digits)++;
            else if (ch == ' ' || ch == '.' || ch == '0')
                d = 0;
            else
                return false;
            if (d > side)
                return false;
            ln->cell[cells++] = (uint8_t)d;
        }
    }
    return true;
}

/* A box per cell, as web pages draw them: "| 5 | 3 |   |": a cell or nothing in each. */
static bool cell_boxes(const char *t, const span *box, int k, line *ln, long *digits)
{
    for (int b = 0; b < k; b++) {
        span c = trim_space(t, box[b]);
        int ch = c.len ? (unsigned char)t[c.at] : ' ';
        if (c.len > 1)
            return false;
        if (ch >= '1' && ch <= '0' + k) {
            ln->cell[b] = (uint8_t)(ch - '0');
            (*digits)++;
        } else if (ch == ' ' || scan_is_blank_char(ch)) {
            ln->cell[b] = 0;
        } else {
            return false;
        }
    }
    return true;
}

bool positional_row(const char *t, size_t n, bool allow_empty, line *ln)
{
    /* The boxes: what lies between bars, outer bars required. */
    span box[9];
    int k = 0;
    size_t i = 0;
    while (i < n && (t[i] == ' ' || t[i] == '\t'))
        i++;
    if (i == n || (t[i] != '|' && t[i] != '!'))
        return false;
    size_t start = ++i;
    for (; i < n; i++) {
        if (t[i] == '|' || t[i] == '!') {
            if (k == 9)
                return false;
            box[k++] = (span){ start, i - start };
            start = i + 1;
        }
    }
    for (size_t j = start; j < n; j++)
        if (!isspace((unsigned char)t[j]))
            return false;
    long digits = 0;
    bool per_cell = k == 9 || k == 8;
    if (per_cell ? !cell_boxes(t, box, k, ln, &digits)
                 : (k != 3 && k != 2) || !box_places(t, box, k, ln, &digits))
        return false;
    if (!digits && !allow_empty)
        return false;
    ln->kind = LINE_ROW;
    ln->count = per_cell ? k : k == 3 ? 9 : 8;
    ln->pencil = false;
    ln->dashes_only = false;
    ln->frame = false;
    ln->bars = true;
    ln->has_solution = false;
    ln->boxes_by_place = true;
    return true;
}

/* ------------------------------------------------------------ numbered */

static bool unwrap_depth(const char *t, size_t n, csv_columns *cols, line *ln, int depth);

/* "12: PUZZLE", "12. PUZZLE", "12) PUZZLE" */
static bool numbered(const char *t, size_t n, csv_columns *cols, line *ln, int depth)
{
    size_t d = 0;
    while (d < n && d < 10 && isdigit((unsigned char)t[d]))
        d++;
    if (!d || d == 10 || d + 2 > n || (t[d] != ':' && t[d] != '.' && t[d] != ')') || !isspace((unsigned char)t[d + 1]))
        return false;
    size_t at = d + 1;
    while (at < n && isspace((unsigned char)t[at]))
        at++;
    scan_text(t + at, n - at, (long)at, false, ln);
    if (ln->kind == LINE_PUZZLE)
        return true;
    return depth == 0 && unwrap_depth(t + at, n - at, cols, ln, 1);
}

/* ------------------------------------------------------------ all */

static bool unwrap_depth(const char *t, size_t n, csv_columns *cols, line *ln, int depth)
{
    span whole = trim_space(t, (span){ 0, n });
    t += whole.at;
    n = whole.len;
    if (!n)
        return false;
    if (hodoku(t, n, ln) || url(t, n, ln) || heading(t, n, ln) || json_record(t, n, ln))
        return true;
    for (const char *sep = ",;\t"; *sep; sep++) {
        if (!memchr(t, *sep, n))
            continue;
        if (*sep != ';' && csv_header(t, n, *sep, cols, ln))
            return true;
        if (csv_row(t, n, *sep, cols, ln))
            return true;
    }
    if (memchr(t, ',', n) || memchr(t, ';', n)) {
        scan_text(t, n, 0, true, ln); /* cells parted by commas */
        if (ln->kind == LINE_ROW || ln->kind == LINE_PUZZLE)
            return true;
    }
    if (positional_row(t, n, false, ln))
        return true;
    return numbered(t, n, cols, ln, depth);
}

bool unwrap_line(const char *t, size_t n, csv_columns *cols, line *ln)
{
    return unwrap_depth(t, n, cols, ln, 0);
}
