/*
 * path.h - a puzzle's solving path kept as data, and everything written
 * from it: explain's text, JSON, SVG pictures, the HTML page, and hints.
 *
 * The path is recorded once (path.c) and each output reads the same
 * entries, so the text, the data and the pictures always tell one story.
 * Every picture and every JSON pattern is drawn from the step's own data
 * (pattern.c), so a new technique is shown without any code here.
 */
#ifndef SUDOKU_PATH_H
#define SUDOKU_PATH_H

#include "sudoku.h"
#include "strbuf.h"

/* ------------------------------------------------------------ pattern */

/* Roles a candidate of the picture can have beyond sudoku_role. */
enum { PATTERN_ROLES = SUDOKU_ROLE_COVER + 1 };

/*
 * A step's pattern as candidates with roles: role[c][r] holds the digits of
 * cell c that play role r (a mark without digits sets whole[c] instead).
 * Built from the step's marks when it has some, else from its cells and
 * digits, else from its digits in its base units.
 */
typedef struct pattern {
    sudoku_mask role[SUDOKU_MAX_CELLS][PATTERN_ROLES];
    uint8_t whole[SUDOKU_MAX_CELLS];       /* bit r: the whole cell plays role r */
    uint8_t unit_role[SUDOKU_MAX_UNITS];   /* 0, or 1 + SUDOKU_ROLE_BASE / COVER */
} pattern;

void pattern_build(pattern *p, const sudoku_grid *before, const sudoku_step *s);

/* The first role of candidate d of cell c, or -1 when it plays none. */
int pattern_role_of(const pattern *p, int cell, int d);

/* "pattern", "pivot", ... for JSON and CSS classes. */
const char *pattern_role_name(int role);

/* True for the four singles: placements that need no picture of candidates. */
bool step_is_single(const sudoku_step *s);

/* ------------------------------------------------------------ the path */

/* A trial where logic stalls: an assumption, refuted by what follows it. */
typedef struct trial {
    int cell, digit;
    int choices;           /* candidates the cell had */
    int logic_steps;       /* steps of logic after the assumption */
    bool by_search;        /* logic stalled: the exact search found no solution */
    char why[160];         /* the contradiction logic reached */
} trial;

typedef struct path_entry {
    sudoku_grid before;
    sudoku_step step;      /* a trial's outcome is a step too: its elimination */
    bool is_trial;
    trial t;
    char text[4096];       /* the explain line, without its number */
} path_entry;

typedef struct solving_path {
    path_entry *entry;
    int count, cap;
    int trials;
    bool failed;           /* out of memory: the path is cut short */
    sudoku_grid start;
    uint8_t solution[SUDOKU_MAX_CELLS];
} solving_path;

/*
 * Records the path from 'start' to 'solution' (the puzzle's one solution):
 * the engine's steps, and where logic stalls trials that are refuted
 * (the true digit is never tried: a trial is shown with its consequence).
 */
void path_build(solving_path *p, const sudoku_grid *start, const uint8_t *solution, int last);
void path_free(solving_path *p);

/* The next step from 'g' (with an empty cell) and its text: a technique, or else a trial. */
void path_next(const sudoku_grid *g, const uint8_t *solution, int last, path_entry *e);

/* ------------------------------------------------------------ outputs */


/* A pencil-mark grid, every column as wide, '*' before a pattern candidate and '-' before an eliminated one. */
void text_marked_grid(const sudoku_grid *g, const sudoku_step *s, strbuf *out);

/* JSON: a step object, and explain's steps array (strings: sb_put_json). */
void json_step(strbuf *out, const path_entry *e, int number);
void json_steps(strbuf *out, const solving_path *p);

/* How much of a step a picture shows: hint levels 1 (units), 2 (+ pattern), 3 (all). */
enum { SHOW_UNITS = 1, SHOW_PATTERN = 2, SHOW_ALL = 3 };

/*
 * SVG. svg_step draws one step on its candidate grid as an <svg> element
 * (ids start with 'id', unique within a page; digits not in 'clues' are
 * drawn as placed before, all as givens when it is NULL); svg_solution the puzzle
 * with its solution, givens set apart; svg_document wraps pictures into a
 * standalone file.
 */
void svg_step(strbuf *out, const path_entry *e, const sudoku_grid *clues, int number, int show, const char *id);
void svg_solution(strbuf *out, const sudoku_grid *clues, const uint8_t *solution, const char *title,
                  const char *id);
void svg_path(strbuf *out, const solving_path *p, const char *title);
void svg_declaration(strbuf *out);
void xml_text(strbuf *out, const char *s);

/* ------------------------------------------------------------ pages and selections */

/* The steps an output shows: first..last, 1-based and within the path. */
typedef struct step_range {
    int first, last;
} step_range;

/* The first step that reaches the puzzle's ER (its hardest), 1-based; 0 when none does. */
int path_hardest_step(const solving_path *p, int er);

/* explain's text of steps first..last; each step shows its rating ("21. [10.7] ..."). */
void path_text_range(const solving_path *p, bool candidates, step_range r, strbuf *out);

/* The pencil-mark grid of 'g' as the reader reads it back: columns as wide as their widest cell. */
void text_position(const sudoku_grid *g, strbuf *out);

/* JSON: the steps first..last. */
void json_steps_range(strbuf *out, const solving_path *p, step_range r);

/* explain --format svg: steps first..last in one picture (the puzzle first when the range starts at 1). */
void svg_path_range(strbuf *out, const solving_path *p, const char *title, step_range r);

/* print: a grid with its clues only (solution NULL), or solved; no title, no legend. */
void svg_print_grid(strbuf *out, const sudoku_grid *clues, const uint8_t *solution, const char *id);

/*
 * HTML. A page holds one puzzle or several: html_begin writes its head,
 * html_puzzle a puzzle's section (its ids start with 'prefix', unique in
 * the page), html_end closes it. The rating on top, with a link to the
 * hardest step; every step with its rating, text and picture.
 */
void html_begin(strbuf *out, const char *title);
void html_puzzle(strbuf *out, const solving_path *p, const char *title, const char *rating_line, int hardest,
                 const char *prefix, step_range r);
void html_end(strbuf *out);

#endif /* SUDOKU_PATH_H */
