/*
 * line_scan.h - what one line of input holds (internal to the reader).
 *
 * The scanner takes a line's bytes one at a time and keeps tallies and the
 * first SUDOKU_MAX_CELLS cells, never the line itself, so a line of any
 * length is scanned in fixed memory. scan_finish() then classifies it.
 */
#ifndef SUDOKU_LINE_SCAN_H
#define SUDOKU_LINE_SCAN_H

#include "sudoku.h"

enum line_kind { LINE_BLANK, LINE_IGNORED, LINE_ROW, LINE_PUZZLE, LINE_BAD };

/* What one line held. */
typedef struct line {
    long number;
    enum line_kind kind;         /* LINE_BLANK also for headings that end a grid */
    bool pencil;                 /* a row or puzzle given as candidate groups */
    bool dashes_only;            /* no cell but '-': a row of blanks, or a frame */
    bool frame;                  /* a box line: "+---+---+", "-----------", "|---+---|" */
    bool bars;                   /* holds '|' or '!' */
    int empty_boxes;             /* "|       |       |       |": 9 (8) blanks by place, or 0 */
    bool boxes_by_place;         /* a row read by its cells' places: "| 5 3   |   7   |       |" */
    bool binary;                 /* not text (a NUL byte, a compressed file): stop reading */
    bool control;                /* rejected for a control byte that text does not hold */
    long count;                  /* cells (or groups, when pencil) in the line */
    uint8_t cell[SUDOKU_MAX_CELLS];       /* digit per cell, 0 blank */
    sudoku_mask group[SUDOKU_MAX_CELLS];  /* candidate groups */
    bool has_solution;           /* a solution field (CSV) came with the puzzle */
    uint8_t solution[SUDOKU_MAX_CELLS];
    char error[160];             /* when kind == LINE_BAD */
} line;

/* The scanner's tallies while it walks a line. */
typedef struct scan {
    long column0;                /* columns are counted from here (a field of a line) */
    bool comma_separates;        /* ',' and ';' part cells, as spaces do */
    long cells, digits, dashes, dots, stars, other_blanks, frame_marks, rules;
    long groups;                 /* whitespace/bar separated groups holding digits */
    long group_digits;           /* digits in the current group */
    int group_last;              /* the last digit of the current group */
    bool group_blank;            /* the current group holds a blank */
    bool any_multi, any_blank_group;
    bool unsorted;               /* a group's digits are not in increasing order */
    bool spaced;                 /* whitespace seen after the first cell */
    bool in_group;
    bool comment, ignore_rest;
    /* 64 cells then a space: the cells after it decide between an 8x8
     * puzzle with a remark and a 9x9 one with a stray space. */
    bool tail;
    long tail_cells, token_cells;
    bool token_text;
    long bars;
    long controls;               /* control bytes that text does not hold */
    int bad;                     /* first unexpected byte, or -1 */
    long bad_column;
    long column;
    /* The line read as 729 (or 512) characters, a place per candidate. */
    sudoku_mask place9[81], place8[64];
    long place9_bad, place8_bad; /* first cell index breaking the places + 1, or 0 */
} scan;

void scan_start(scan *s, long column0, bool comma_separates);
void scan_byte(scan *s, line *ln, int ch);
/* Classifies the line: sets kind, count, pencil, dashes_only, frame, error. */
void scan_finish(scan *s, line *ln);
/* The three steps over n bytes of text. */
void scan_text(const char *text, size_t n, long column0, bool comma_separates, line *ln);

/* The commonest line, a whole puzzle of 81 (64) characters that are all
 * digits 1-9, '.' or '0': fills ln as scan_text(text, n, 0, false, ln)
 * would, without its per-byte work. False, ln untouched, for any other. */
bool scan_plain_puzzle(const char *text, size_t n, line *ln);

/* A cell character: a digit or a blank. */
bool scan_is_blank_char(int ch);

#endif /* SUDOKU_LINE_SCAN_H */
