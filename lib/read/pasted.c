/*
 * pasted.c - puzzles as people copy them: spreadsheet rows (tabs, empty
 * cells for blanks), rows separated by '/', and JSON arrays of rows as
 * programs print them, on one line or spread over lines. See pasted.h.
 */
#include "read/pasted.h"

#include <ctype.h>
#include <string.h>

static bool row_count(long cells) { return cells == 9 || cells == 8; }

static bool puzzle_count(long cells) { return cells == 81 || cells == 64; }

static void set_cells(line *ln, enum line_kind kind, long count)
{
    ln->kind = kind;
    ln->count = count;
    ln->pencil = false;
    ln->dashes_only = false;
    ln->frame = false;
    ln->bars = false;
    ln->empty_boxes = 0;
    ln->boxes_by_place = false;
    ln->binary = false;
    ln->control = false;
    ln->has_solution = false;
    ln->opens_grid = false;
    ln->closes_grid = false;
}

static void set_error(line *ln, const char *what, long count, const char *rest)
{
    set_cells(ln, LINE_BAD, count);
    snprintf(ln->error, sizeof ln->error, "%s%ld%s", what, count, rest);
}

/* A cell on its own: a digit, a blank character, or nothing at all. */
static int one_cell(const char *t, size_t at, size_t len)
{
    while (len && (t[at] == ' ' || t[at] == '\t'))
        at++, len--;
    while (len && (t[at + len - 1] == ' ' || t[at + len - 1] == '\t'))
        len--;
    if (len == 0)
        return 0;
    if (len > 1)
        return -1;
    if (t[at] >= '1' && t[at] <= '9')
        return t[at] - '0';
    return scan_is_blank_char((unsigned char)t[at]) ? 0 : -1;
}

/* ------------------------------------------------------------ spreadsheets */

/* "5\t3\t\t\t7\t\t\t\t": a cell or nothing between tabs. */
static bool tab_row(const char *t, size_t n, line *ln)
{
    if (!memchr(t, '\t', n))
        return false;
    long cells = 0;
    uint8_t cell[SUDOKU_MAX_CELLS];
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && t[i] != '\t')
            continue;
        int d = one_cell(t, start, i - start);
        if (d < 0 || cells == SUDOKU_MAX_CELLS)
            return false;
        cell[cells++] = (uint8_t)d;
        start = i + 1;
    }
    if (!row_count(cells) && !puzzle_count(cells))
        return false;
    memcpy(ln->cell, cell, (size_t)cells);
    set_cells(ln, row_count(cells) ? LINE_ROW : LINE_PUZZLE, cells);
    ln->boxes_by_place = true; /* cells by place: an empty one counts */
    return true;
}

int pasted_empty_row(const char *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (t[i] != '\t')
            return 0;
    return n == 8 || n == 7 ? (int)n + 1 : 0;
}

/* ------------------------------------------------------------ '/' rows */

/* "53..7..../6..195.../...": every part a row of the same side. */
static bool slash_rows(const char *t, size_t n, line *ln)
{
    if (!memchr(t, '/', n))
        return false;
    if (n && t[n - 1] == '/')
        n--; /* "row/row/.../row/" */
    static _Thread_local line part;
    long rows = 0, side = 0;
    uint8_t cell[SUDOKU_MAX_CELLS];
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && t[i] != '/')
            continue;
        scan_text(t + start, i - start, (long)start, false, &part);
        if (part.kind != LINE_ROW || part.pencil || (side && part.count != side) || rows == 9)
            return false;
        side = part.count;
        memcpy(cell + rows * side, part.cell, (size_t)side);
        rows++;
        start = i + 1;
    }
    if (rows != side)
        return false;
    memcpy(ln->cell, cell, (size_t)(rows * side));
    set_cells(ln, LINE_PUZZLE, rows * side);
    return true;
}

/* ------------------------------------------------------------ JSON */

/* What a line of a JSON array holds: its values as cells, grouped by the
 * innermost array each is in. */
typedef struct json_line {
    long cells;
    uint8_t cell[SUDOKU_MAX_CELLS];
    int groups;                  /* innermost arrays holding values */
    long group_cells[SUDOKU_MAX_CELLS];
    int depth, min_depth;        /* brackets opened less those closed, and the least on the way */
    bool values_outside;         /* values at depth 0: not an array */
    bool too_many;
    char error[96];
} json_line;

static void json_add(json_line *j, int d, bool new_group)
{
    if (j->cells == SUDOKU_MAX_CELLS) {
        j->too_many = true;
        return;
    }
    if (new_group && j->groups < SUDOKU_MAX_CELLS)
        j->group_cells[j->groups++] = 0;
    j->cell[j->cells++] = (uint8_t)d;
    if (j->groups)
        j->group_cells[j->groups - 1]++;
}

/* A string: one cell ("5", ".", "", "0"), or a row or a whole puzzle ("53..7...."). */
static bool json_string(json_line *j, const char *s, size_t len, bool new_group)
{
    if (memchr(s, '\\', len))
        return false;
    int d = one_cell(s, 0, len);
    if (d >= 0) {
        json_add(j, d, new_group);
        return true;
    }
    static _Thread_local line part;
    scan_text(s, len, 0, false, &part);
    if ((part.kind != LINE_ROW && part.kind != LINE_PUZZLE) || part.pencil)
        return false;
    for (long i = 0; i < part.count; i++) {
        json_add(j, part.cell[i], new_group);
        new_group = false;
    }
    return true;
}

/* An optional name before the array: "board = [", "\"grid\": [". */
static size_t json_prefix(const char *t, size_t n)
{
    size_t i = 0;
    bool quoted = i < n && t[i] == '"';
    if (quoted)
        i++;
    size_t name = i;
    while (i < n && (isalnum((unsigned char)t[i]) || t[i] == '_'))
        i++;
    if (i == name || isdigit((unsigned char)t[name]))
        return 0;
    if (quoted && (i == n || t[i++] != '"'))
        return 0;
    while (i < n && t[i] == ' ')
        i++;
    if (i == n || (t[i] != '=' && t[i] != ':'))
        return 0;
    i++;
    while (i < n && t[i] == ' ')
        i++;
    return i < n && t[i] == '[' ? i : 0;
}

/* Parses the line's brackets and values; false when it is not JSON of cells. */
static bool json_parse(const char *t, size_t n, json_line *j)
{
    j->cells = 0;
    j->groups = 0;
    j->depth = j->min_depth = 0;
    j->values_outside = j->too_many = false;
    j->error[0] = '\0';
    bool group_open = false;     /* the innermost array has values already */
    for (size_t i = 0; i < n;) {
        char c = t[i];
        if (c == ' ' || c == '\t') {
            i++;
        } else if (c == '[') {
            j->depth++;
            group_open = false;
            i++;
        } else if (c == ']') {
            j->depth--;
            if (j->depth < j->min_depth)
                j->min_depth = j->depth;
            group_open = false;
            i++;
        } else if (c == ',') {
            i++;
        } else if (c == '"') {
            size_t end = i + 1;
            while (end < n && t[end] != '"')
                end++;
            if (end == n || !json_string(j, t + i + 1, end - i - 1, !group_open))
                return false;
            if (j->depth <= 0)
                j->values_outside = true;
            group_open = true;
            i = end + 1;
        } else if (isdigit((unsigned char)c)) {
            size_t end = i;
            while (end < n && isdigit((unsigned char)t[end]))
                end++;
            if (end - i > 1) {
                snprintf(j->error, sizeof j->error, "JSON array: %.*s is not a digit", (int)(end - i > 12 ? 12 : end - i),
                         t + i);
                return true;
            }
            json_add(j, c - '0', !group_open);
            if (j->depth <= 0)
                j->values_outside = true;
            group_open = true;
            i = end;
        } else if (n - i >= 4 && memcmp(t + i, "null", 4) == 0) {
            json_add(j, 0, !group_open);
            group_open = true;
            i += 4;
        } else if (c == ';' && i + 1 == n) {
            i++; /* "...];" as code writes it */
        } else {
            return false;
        }
    }
    return !j->values_outside;
}

static bool json_array(const char *t, size_t n, line *ln)
{
    size_t at = json_prefix(t, n);
    if (n == 0 || (t[at] != '[' && t[at] != ']'))
        return false;
    static _Thread_local json_line j;
    if (!json_parse(t + at, n - at, &j))
        return false;
    if (j.error[0]) {
        set_cells(ln, LINE_BAD, 0);
        snprintf(ln->error, sizeof ln->error, "%s", j.error);
        return true;
    }
    if (j.too_many) {
        set_error(ln, "JSON array: more than ", SUDOKU_MAX_CELLS, " cells");
        return true;
    }
    if (j.cells == 0) {
        /* "[" or "]," around rows on lines of their own: the array starts or ends. */
        set_cells(ln, LINE_BLANK, 0);
        return true;
    }
    memcpy(ln->cell, j.cell, (size_t)j.cells);
    if (j.depth == 0 && j.min_depth == 0 && puzzle_count(j.cells)) {
        /* The whole array on one line: flat, or rows of the same side. */
        bool rows_fit = j.groups == 1;
        if (!rows_fit && row_count(j.groups)) {
            rows_fit = true;
            for (int g = 0; g < j.groups; g++)
                rows_fit = rows_fit && j.group_cells[g] == j.groups;
        }
        if (rows_fit) {
            set_cells(ln, LINE_PUZZLE, j.cells);
            return true;
        }
    }
    if (j.groups == 1 && row_count(j.cells)) {
        /* One row of an array spread over lines: "[[" starts it, "]]" ends it. */
        set_cells(ln, LINE_ROW, j.cells);
        ln->opens_grid = j.depth > 0;
        ln->closes_grid = j.min_depth < 0;
        return true;
    }
    if (j.groups == 1) {
        set_error(ln, "JSON array of ", j.cells, j.cells == 1 ? " cell: a row has 9 (8x8: 8), a puzzle 81 (64)"
                                                              : " cells: a row has 9 (8x8: 8), a puzzle 81 (64)");
        return true;
    }
    long bad = 0;
    for (int g = 0; g < j.groups && !bad; g++)
        if (!row_count(j.group_cells[g]) || j.group_cells[g] != j.group_cells[0])
            bad = g + 1;
    if (bad) {
        char rest[96];
        snprintf(rest, sizeof rest, " has %ld cells: a row has 9 (8x8: 8)", j.group_cells[bad - 1]);
        set_error(ln, "JSON array, row ", bad, rest);
    } else {
        char rest[96];
        snprintf(rest, sizeof rest, " rows of %ld cells: a grid has as many rows as cells in a row",
                 j.group_cells[0]);
        set_error(ln, "JSON array of ", j.groups, rest);
    }
    return true;
}

/* ------------------------------------------------------------ all */

bool unpaste_line(const char *t, size_t n, line *ln)
{
    if (tab_row(t, n, ln))
        return true; /* before trimming: a leading tab is an empty cell */
    while (n && isspace((unsigned char)t[0]))
        t++, n--;
    while (n && isspace((unsigned char)t[n - 1]))
        n--;
    return slash_rows(t, n, ln) || json_array(t, n, ln);
}
