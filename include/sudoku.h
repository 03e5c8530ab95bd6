/*
 * sudoku.h - the whole public API of libsudoku.
 *
 * Layers, bottom up (one source file each):
 *   layout  - the geometry of a puzzle as data: cells, units, peers   (layout.c)
 *   grid    - digits and candidate bitmasks on a layout               (grid.c)
 *   reader  - every text input format, streaming, with file:line      (reader.c)
 *   solver  - exact depth-first search and solution counting          (solver.c,
 *             with bitboard solvers for 9x9 and 8x8: solver_9x9.c, solver_8x8.c)
 *
 * Everything is fixed-size and allocation-free except the reader, so a
 * grid can be copied with '=' and used from several threads at once.
 */
#ifndef SUDOKU_H
#define SUDOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SUDOKU_VERSION "0.1.0"

/* Largest supported side: 16 digits fit a 16-bit candidate mask. */
#define SUDOKU_MAX_N      16
#define SUDOKU_MAX_CELLS  (SUDOKU_MAX_N * SUDOKU_MAX_N)
#define SUDOKU_MAX_UNITS  (3 * SUDOKU_MAX_N)
/* A cell sees its row and column (2(N-1) cells) plus the rest of its box. */
#define SUDOKU_MAX_PEERS  (3 * SUDOKU_MAX_N)

/* Bit d-1 set means digit d is still possible. */
typedef uint16_t sudoku_mask;

static inline sudoku_mask sudoku_bit(int digit) { return (sudoku_mask)(1u << (digit - 1)); }

/* ------------------------------------------------------------------ layout */

enum sudoku_unit_kind { SUDOKU_ROW = 0, SUDOKU_COL = 1, SUDOKU_BOX = 2 };

/* A rectangular-box layout, described by three numbers. */
typedef struct sudoku_layout_desc {
    const char *name;  /* "9x9", "8x8" */
    int n;             /* side length and number of digits */
    int box_rows;      /* a box is box_rows x box_cols cells; their product is n */
    int box_cols;
} sudoku_layout_desc;

/*
 * The layout as tables, computed once from its description. Units are
 * numbered rows 0..n-1, columns n..2n-1, boxes 2n..3n-1; box b covers rows
 * (b / (n/box_cols)) * box_rows ... and columns (b % (n/box_cols)) * box_cols ...
 */
typedef struct sudoku_layout {
    sudoku_layout_desc desc;
    int n;                   /* = desc.n */
    int ncells;              /* n * n */
    int nunits;              /* 3 * n */
    int npeers;              /* the same for every cell of a rectangular layout */
    sudoku_mask all;         /* every digit: (1 << n) - 1 */
    uint8_t unit_cell[SUDOKU_MAX_UNITS][SUDOKU_MAX_N];  /* cells of each unit, in reading order */
    uint8_t cell_unit[SUDOKU_MAX_CELLS][3];             /* row, column and box unit of each cell */
    uint8_t cell_index[SUDOKU_MAX_CELLS][3];            /* the cell's position in each of those units */
    uint8_t peer[SUDOKU_MAX_CELLS][SUDOKU_MAX_PEERS];   /* distinct cells sharing a unit */
} sudoku_layout;

/* The built-in layouts: 9x9 with 3x3 boxes, 8x8 brick-wall with 2x4 boxes. */
const sudoku_layout *sudoku_layout_9x9(void);
const sudoku_layout *sudoku_layout_8x8(void);
/* The built-in layout with side n, or NULL. */
const sudoku_layout *sudoku_layout_for_size(int n);

/* Builds the tables for any valid description; false if it is not one. */
bool sudoku_layout_build(sudoku_layout *out, const sudoku_layout_desc *desc);

static inline int sudoku_row_of(const sudoku_layout *l, int cell) { return cell / l->n; }
static inline int sudoku_col_of(const sudoku_layout *l, int cell) { return cell % l->n; }
static inline int sudoku_box_of(const sudoku_layout *l, int cell) { return l->cell_unit[cell][SUDOKU_BOX] - 2 * l->n; }
static inline enum sudoku_unit_kind sudoku_unit_kind_of(const sudoku_layout *l, int unit) { return (enum sudoku_unit_kind)(unit / l->n); }

/* "row 3", "column 7", "box 5" (1-based), into buf; returns buf. */
const char *sudoku_unit_name(const sudoku_layout *l, int unit, char *buf, size_t size);

/* ------------------------------------------------------------------ grid */

/*
 * Digits and candidates. A filled cell has digit[c] != 0 and cand[c] == 0;
 * an empty cell has digit[c] == 0 and its remaining candidates in cand[c].
 */
typedef struct sudoku_grid {
    const sudoku_layout *layout;
    uint8_t digit[SUDOKU_MAX_CELLS];
    sudoku_mask cand[SUDOKU_MAX_CELLS];
    int empty;               /* number of cells with digit 0 */
} sudoku_grid;

/* An empty grid: every cell empty with every digit possible. */
void sudoku_grid_init(sudoku_grid *g, const sudoku_layout *layout);

/*
 * Places digit d in an empty cell and removes d from the peers' candidates.
 * Returns false, changing nothing, when the cell is filled or d is not a
 * candidate of it.
 */
bool sudoku_grid_place(sudoku_grid *g, int cell, int d);

/* Removes candidate d from an empty cell; returns whether it was there. */
bool sudoku_grid_eliminate(sudoku_grid *g, int cell, int d);

/*
 * Describes the first contradiction in the grid, or returns false if none:
 * two equal digits in a unit, an empty cell with no candidate, or a digit
 * that can no longer go anywhere in a unit. 'why' may be NULL.
 */
bool sudoku_grid_contradiction(const sudoku_grid *g, char *why, size_t size);

/* Writes the digits as one line ('.' for empty) plus a NUL: buf needs ncells + 1. */
void sudoku_grid_to_line(const sudoku_grid *g, char *buf);

/* Room that is always enough for the grid texts below. */
#define SUDOKU_GRID_TEXT_MAX 16384

/*
 * Writes the digits as rows with the layout's box lines drawn. The format
 * function works like snprintf: it returns the length the text needs.
 */
size_t sudoku_grid_format(const sudoku_grid *g, char *buf, size_t size);
void sudoku_grid_print(const sudoku_grid *g, FILE *out);

/* 'r3c7', 1-based, into buf; returns buf. */
const char *sudoku_cell_name(const sudoku_layout *l, int cell, char *buf, size_t size);

/* Character for digit d (1-9 then A-G for sides above 9), '.' for 0. */
char sudoku_digit_char(int d);

/* ------------------------------------------------------------------ reader */

/*
 * One puzzle, or one piece of input that could not be read as a puzzle.
 * The reader detects the layout from the number of cells (81 or 64).
 */
#define SUDOKU_REMARK_MAX 256

typedef struct sudoku_record {
    const char *source;          /* the name given to sudoku_reader_new() */
    long line;                   /* first line of the puzzle, 1-based */
    bool ok;                     /* false: 'error' says why */
    char error[160];
    const sudoku_layout *layout; /* set when ok */
    uint8_t given[SUDOKU_MAX_CELLS];     /* 0 = blank */
    /* Candidates of each cell as read: every digit for a blank, just the
     * given for a clue; fewer when the input was a pencil-mark grid. */
    sudoku_mask cand[SUDOKU_MAX_CELLS];
    bool pencil;                 /* the input was a pencil-mark grid */
    /* A solution given with the puzzle (a CSV solution column): a digit per
     * cell, checked by sudoku_given_solution_ok(). */
    bool has_solution;
    uint8_t solution[SUDOKU_MAX_CELLS];
    /* How input that could be mistaken was read, for every message about
     * the record ("an 8x8 brick-wall puzzle": 64 cells on a line, which may
     * be a 9x9 line cut short); NULL otherwise. A string constant. */
    const char *read_as;
    /* What the record carried beside the puzzle, so that users' ids and
     * notes survive a run: the text after a puzzle line's cells, a CSV
     * row's other fields, the remark column of this program's own output;
     * for input that is not a puzzle, the line that was refused. Cut to
     * SUDOKU_REMARK_MAX - 1 bytes; "" for none. */
    char remark[SUDOKU_REMARK_MAX];
} sudoku_record;

typedef struct sudoku_reader sudoku_reader;

/*
 * Reads puzzles from 'in', a stream the caller keeps open and closes.
 * 'source' names it in records and messages. 'size' forces a side (9 or 8),
 * 0 detects it per puzzle. Returns NULL only when out of memory.
 */
sudoku_reader *sudoku_reader_new(FILE *in, const char *source, int size);
void sudoku_reader_free(sudoku_reader *r);

/*
 * Fills 'rec' with the next puzzle or malformed piece of input and returns
 * true; returns false at the end of input. Memory use does not grow with
 * line length or input size. A read error of the stream ends the input and
 * is reported by sudoku_reader_io_error().
 */
bool sudoku_reader_next(sudoku_reader *r, sudoku_record *rec);
bool sudoku_reader_io_error(const sudoku_reader *r);

/* Bytes of the stream consumed so far, for progress reports. */
long long sudoku_reader_offset(const sudoku_reader *r);

/*
 * True once the reader has stopped before the end of the stream because it
 * is not text (compressed, binary: the last record said so); the rest is
 * left unread.
 */
bool sudoku_reader_stopped(const sudoku_reader *r);

/*
 * Loads a record into a grid: places the givens and applies pencil-mark
 * eliminations. Returns false, with the contradiction in 'why', when the
 * clues already break a rule (two equal digits in a unit, a cell or a digit
 * left with no place).
 */
bool sudoku_grid_from_record(sudoku_grid *g, const sudoku_record *rec, char *why, size_t size);

/*
 * For a record read with a solution (has_solution): true when that solution
 * keeps the rules and the clues and is the puzzle's only one. Otherwise
 * 'why' says what is wrong ("the given solution has 4 at r1c3, where the
 * puzzle gives 5", "... is not the only solution"). Runs the exact solver.
 */
bool sudoku_given_solution_ok(const sudoku_record *rec, char *why, size_t size);

/*
 * What the first bytes of a stream are when they are not text:
 * "gzip-compressed", "bzip2-compressed", "xz-compressed", "zstd-compressed",
 * "zip archive", "UTF-16 text", another name from the table in sniff.c
 * (other archives, images, PDF, executables), or "binary data" (a NUL
 * byte, or more than one byte in ten a control character); NULL for text. Give it the first
 * few hundred bytes of a file (fewer only at its end).
 */
const char *sudoku_sniff_binary(const unsigned char *buf, size_t n);

/*
 * The signatures alone: what buf[0..n) starts with, or NULL. When n is too
 * short to tell and some signature still matches, *incomplete (if not NULL)
 * is set, so that a caller can read one byte more and ask again.
 */
const char *sudoku_sniff_magic(const unsigned char *buf, size_t n, bool *incomplete);

/*
 * The same signatures as a message for a user, naming the data and what to
 * do with it: "gzip-compressed; decompress first", "zip archive; extract
 * the puzzles first", "a PDF document, not puzzle text"; NULL when buf
 * starts with none (a tar archive is seen only in a block of 262 bytes or
 * more).
 */
const char *sudoku_sniff_message(const unsigned char *buf, size_t n);

/* ------------------------------------------------------------------ solver */

typedef struct sudoku_search_stats {
    unsigned long guesses;   /* branches tried at guess points (the first branch included) */
    unsigned long branch_points; /* cells at which the search had to guess */
    int max_depth;           /* deepest nesting of guesses; 0 when logic sufficed */
} sudoku_search_stats;

/*
 * Counts the solutions of g, stopping once 'limit' (>= 1) are found, and
 * copies the first into 'solution' (a digit per cell) when it is not NULL.
 * 'stats' may be NULL. Returns the number found, 0..limit. The search
 * starts from g's candidate masks as well as its digits, so a pencil-mark
 * grid is solved as it stands. Which solution comes first when there are
 * several depends on the search order; the count does not.
 */
long sudoku_solve(const sudoku_grid *g, long limit, uint8_t *solution, sudoku_search_stats *stats);

/*
 * As sudoku_solve() on the grid sudoku_grid_from_record() makes of a valid
 * record (rec->ok), without making it: the same count and the same first
 * solution. 0 also when the clues clash, where loading would have failed;
 * sudoku_grid_from_record() then says why.
 */
long sudoku_solve_record(const sudoku_record *rec, long limit, uint8_t *solution);

/*
 * True when 'solution' fills every cell of 'layout', each unit holds each
 * digit once, and it agrees with every given and pencil-mark of 'rec'.
 * Every solution is checked with this before it is shown.
 */
bool sudoku_solution_valid(const sudoku_record *rec, const uint8_t *solution);

/* ------------------------------------------------------------------ logic */

/*
 * The techniques, in the order the rating engine tries them: Sudoku
 * Explainer 1.2.1's order, roughly by difficulty. The value is the
 * technique's index in the table (sudoku_technique_get).
 */
enum sudoku_technique_id {
    SUDOKU_FULL_HOUSE,
    SUDOKU_HIDDEN_SINGLE_BOX,
    SUDOKU_HIDDEN_SINGLE_LINE,
    SUDOKU_DIRECT_POINTING,
    SUDOKU_DIRECT_CLAIMING,
    SUDOKU_DIRECT_HIDDEN_PAIR,
    SUDOKU_NAKED_SINGLE,
    SUDOKU_DIRECT_HIDDEN_TRIPLE,
    SUDOKU_POINTING,
    SUDOKU_CLAIMING,
    SUDOKU_NAKED_PAIR,
    SUDOKU_X_WING,
    SUDOKU_HIDDEN_PAIR,
    SUDOKU_NAKED_TRIPLE,
    SUDOKU_SWORDFISH,
    SUDOKU_HIDDEN_TRIPLE,
    SUDOKU_XY_WING,
    SUDOKU_XYZ_WING,
    SUDOKU_UNIQUE_LOOP,            /* unique rectangles and loops, types 1-4 */
    SUDOKU_NAKED_QUAD,
    SUDOKU_JELLYFISH,
    SUDOKU_HIDDEN_QUAD,
    SUDOKU_BUG,                    /* bivalue universal grave, types 1-4 */
    SUDOKU_ALIGNED_PAIR_EXCLUSION,
    SUDOKU_FORCING_CHAIN,          /* static X/Y/XY forcing chains and cycles */
    SUDOKU_ALIGNED_TRIPLE_EXCLUSION,
    SUDOKU_NISHIO_CHAIN,
    SUDOKU_MULTIPLE_CHAIN,         /* static cell and region forcing chains */
    SUDOKU_DYNAMIC_CHAIN,
    SUDOKU_DYNAMIC_CHAIN_PLUS,     /* nesting level 1 */
    SUDOKU_NESTED_CHAIN_FC,        /* nesting level 2: (+ Forcing Chains) */
    SUDOKU_NESTED_CHAIN_MFC,       /* nesting level 3: (+ Multiple Forcing Chains) */
    SUDOKU_NESTED_CHAIN_DFC,       /* nesting level 4: (+ Dynamic Forcing Chains), nesting limits 0, 1, 2 */
    SUDOKU_NTECHNIQUES
};

/* Families of techniques; each belongs to one level (sudoku_family_level). */
enum sudoku_family {
    SUDOKU_FAMILY_SINGLES,        /* level easy */
    SUDOKU_FAMILY_INTERSECTIONS,  /* level medium */
    SUDOKU_FAMILY_SUBSETS,        /* level hard */
    SUDOKU_FAMILY_FISH,           /* level expert */
    SUDOKU_FAMILY_WINGS,          /* level expert */
    SUDOKU_FAMILY_UNIQUENESS,     /* level expert */
    SUDOKU_FAMILY_EXCLUSION,      /* level expert */
    SUDOKU_FAMILY_CHAINS,         /* level extreme */
    SUDOKU_NFAMILIES
};

enum sudoku_level {
    SUDOKU_LEVEL_EASY,            /* singles */
    SUDOKU_LEVEL_MEDIUM,          /* pointing and claiming */
    SUDOKU_LEVEL_HARD,            /* naked and hidden subsets */
    SUDOKU_LEVEL_EXPERT,          /* fish, wings, uniqueness, aligned exclusion */
    SUDOKU_LEVEL_EXTREME          /* chains, or guessing where they are off */
};

enum sudoku_level sudoku_family_level(enum sudoku_family family);

/*
 * The role a candidate, a cell or a unit plays in a step's pattern; text,
 * JSON and pictures are all drawn from these.
 */
enum sudoku_role {
    SUDOKU_ROLE_PATTERN,   /* forms the pattern: subset cells, fish corners, loop cells */
    SUDOKU_ROLE_PIVOT,     /* a wing's pivot (hinge) cell */
    SUDOKU_ROLE_PINCER,    /* a wing's pincer cells */
    SUDOKU_ROLE_EXTRA,     /* beyond the core pattern: a loop's extra candidates, BUG's
                              true candidate, an aligned exclusion's excluding cell */
    SUDOKU_ROLE_ON,        /* chain node: assumed or implied true */
    SUDOKU_ROLE_OFF,       /* chain node: assumed or implied false */
    SUDOKU_ROLE_BASE,      /* units: the base of a fish, the unit of a subset */
    SUDOKU_ROLE_COVER      /* units: what the base is confined to */
};

/* A cell's candidates with a role (digits 0: the cell as a whole). */
typedef struct sudoku_mark {
    uint8_t cell;
    uint8_t role;          /* enum sudoku_role */
    sudoku_mask digits;
} sudoku_mark;

/*
 * One implication of a chain: node (from_cell, from_digit) being on (true)
 * or off (false) makes (to_cell, to_digit) on or off. From off to on is a
 * strong link ('=' in Eureka notation), from on to off a weak one ('-').
 * 'chain' tells the branches of a multiple chain apart (0, 1, ...);
 * 'depth' is 0 for the main chains, 1 and more for the nested chains that
 * justify a link of the level above. Following the links with 'premise' 0
 * back from where a branch ends (its first link's 'to') gives its path.
 */
typedef struct sudoku_link {
    uint8_t from_cell, from_digit, to_cell, to_digit;
    uint8_t from_on, to_on;
    uint8_t chain;
    uint8_t depth;
    /* Added later, zero when not known: */
    uint8_t premise;       /* 1: 'from' is not the node before 'to' on its path but a further
                            * premise 'to' needs (dynamic chains: an earlier removal that left
                            * the single; a rule's other removed candidates) */
    uint8_t rule;          /* enum sudoku_link_rule: what makes 'to' follow */
    uint8_t rule_unit[2];  /* the rule's units: its unit, or base and cover (locking, X-Wing: both lines) */
    sudoku_mask rule_digits; /* the rule's digits */
} sudoku_link;

/* What a link stands for (chains of nesting level 1 and up add rules). */
enum sudoku_link_rule {
    SUDOKU_LINK_PLAIN = 0,     /* a cell or unit link */
    SUDOKU_LINK_POINTING,      /* the digit of rule_unit[0] (a box) lies in rule_unit[1] only */
    SUDOKU_LINK_CLAIMING,      /* the digit of rule_unit[0] (a line) lies in box rule_unit[1] only */
    SUDOKU_LINK_HIDDEN_PAIR,   /* rule_digits in two cells of rule_unit[0] only */
    SUDOKU_LINK_NAKED_PAIR,    /* two cells of rule_unit[0] hold rule_digits only */
    SUDOKU_LINK_X_WING,        /* the digit of lines rule_unit[0] and [1] in two cross lines */
    SUDOKU_LINK_NESTED_CHAIN   /* a nested forcing chain or cycle */
};

#define SUDOKU_STEP_MAX_MARKS 128
#define SUDOKU_STEP_MAX_LINKS 512
#define SUDOKU_STEP_NAME_MAX  80 /* the longest: "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)" */

/*
 * One deduction, found but not yet applied. Every step fills the common
 * fields (technique, name, rating, eliminations or placement); which of the
 * pattern fields are used depends on the technique:
 *   singles         place_*, and base[0] the unit it is the last place in
 *                   (none for a naked single)
 *   pointing        digits = {d}, base[0] the box, cover[0] the line
 *   claiming        digits = {d}, base[0] the line, cover[0] the box
 *   direct ...      as their plain form, plus place_* and place_unit: the
 *                   single the eliminations would create; only the
 *                   placement is applied (elim stays empty), as in SE
 *   naked/hidden    digits = the set, base[0] the unit, cells = the set's cells
 *   fish            digits = {d}, base = rows (or columns), cover = the others
 *   wings, loops,   digits = the pattern's digits, cells = its cells, and
 *   BUG, aligned    marks = its candidates with their roles
 *   exclusion
 *   chains          links = the implications, marks = the nodes' candidates
 * 'marks' and 'links' hold the first SUDOKU_STEP_MAX_* entries; 'truncated'
 * says that more were left out (only the display is affected).
 */
typedef struct sudoku_step {
    int technique;                 /* enum sudoku_technique_id */
    char name[SUDOKU_STEP_NAME_MAX]; /* SE's name for this instance: "Unique Loop 6 type 2" */
    int rating;                    /* SE rating in tenths, e.g. 46 */
    double difficulty;             /* the same as SE computes it, for ordering (6.6+0.1 < 6.5+0.2) */
    sudoku_mask digits;
    int nbase, ncover;
    uint8_t base[SUDOKU_MAX_N], cover[SUDOKU_MAX_N];
    int ncells;
    uint8_t cells[SUDOKU_MAX_CELLS];
    int nmarks;
    sudoku_mark marks[SUDOKU_STEP_MAX_MARKS];
    int nlinks;
    sudoku_link links[SUDOKU_STEP_MAX_LINKS];
    bool truncated;
    int place_cell;                /* -1 when the step places nothing */
    int place_digit;
    int place_unit;                /* unit where the placed digit had one place left, or -1 */
    int nelim;                     /* candidates removed, counted */
    sudoku_mask elim[SUDOKU_MAX_CELLS]; /* candidates removed, per cell */
} sudoku_step;

typedef struct sudoku_technique {
    const char *id;                /* stable, for JSON: "hidden-single-box" */
    const char *name;              /* for people: "Hidden single" */
    enum sudoku_family family;
    int rating;                    /* Sudoku Explainer's base rating, in tenths */
} sudoku_technique;

/* The table row of technique 'id' (0 .. SUDOKU_NTECHNIQUES-1). */
const sudoku_technique *sudoku_technique_get(int id);

/* The technique whose id string is 'id', or -1. */
int sudoku_technique_find(const char *id);

/* The order in which the engine tries the techniques. */
enum sudoku_order {
    SUDOKU_ORDER_RATING,  /* the table order: what ER/EP/ED are measured on */
    SUDOKU_ORDER_TIER     /* level by level: what the level is measured on */
};

/* Called before each step is applied; return false to stop the engine. */
typedef bool (*sudoku_step_fn)(const sudoku_grid *before, const sudoku_step *step, void *ctx);

/* What the engine did. Ratings are in tenths; -1 means not reached. */
typedef struct sudoku_path {
    int steps;                         /* steps applied */
    int count[SUDOKU_NTECHNIQUES];     /* steps per technique */
    int er, ep, ed;                    /* SE's ER, EP, ED along the path */
    int hardest;                       /* first technique that reached er, or -1 */
    char hardest_name[SUDOKU_STEP_NAME_MAX]; /* that step's name, "" when none */
    int max_level;                     /* hardest level used, or -1 */
    bool solved;                       /* every cell placed */
    bool stalled;                      /* no technique applies (nor contradiction) */
    bool contradiction;                /* the grid turned out to be impossible */
} sudoku_path;

/*
 * Which techniques the engine may use: those with an id up to and
 * including 'last' (SUDOKU_NTECHNIQUES - 1 for all of them).
 */
typedef struct sudoku_logic_options {
    enum sudoku_order order;
    int last;
} sudoku_logic_options;

/*
 * Finds the first step in the given order without applying it; false when
 * no technique applies. Unique rectangles/loops and BUG assume the grid
 * has exactly one solution (as grading does): on a grid with several they
 * may remove candidates that some solutions need.
 */
bool sudoku_find_step(const sudoku_grid *g, enum sudoku_order order, sudoku_step *step);

/* Applies a step: its eliminations, then its placement. */
void sudoku_apply_step(sudoku_grid *g, const sudoku_step *step);

/*
 * Runs the engine on g to a fixpoint: always the first step found in
 * 'order', from the top again after each. 'on_step' may be NULL; it may
 * itself call the library (rate or run another grid). The uniqueness
 * techniques assume one solution, as for sudoku_find_step.
 */
void sudoku_logic_run(sudoku_grid *g, enum sudoku_order order, sudoku_path *path,
                      sudoku_step_fn on_step, void *ctx);

/* The same with a restricted technique set (see sudoku_logic_options). */
bool sudoku_find_step_with(const sudoku_grid *g, const sudoku_logic_options *opts, sudoku_step *step);
void sudoku_logic_run_with(sudoku_grid *g, const sudoku_logic_options *opts, sudoku_path *path,
                           sudoku_step_fn on_step, void *ctx);

/* A grade: the SE-scale ratings, the level, and the guessing it took. */
typedef struct sudoku_rating {
    enum sudoku_level level;
    int er, ep, ed;                    /* tenths; -1 when logic did not reach them */
    int hardest;                       /* technique id, or -1 when no step was needed */
    char hardest_name[SUDOKU_STEP_NAME_MAX]; /* SE's name of that step, "" with no step */
    int count[SUDOKU_NTECHNIQUES];     /* steps per technique on the rating path */
    unsigned long guesses;             /* exact search after logic stalled */
    int depth;
    int solutions;                     /* 1; 0 (none) or 2 (several) when not graded */
} sudoku_rating;

/*
 * Grades a puzzle with exactly one solution. 'g' is not changed. The
 * exact solver checks that (it takes microseconds) before the first
 * technique that assumes it, or once the steps end when no such technique
 * was reached (a grid that sound steps fill has one solution): a grid
 * with no solution or several is not graded, since the uniqueness
 * techniques assume one and the nested chains could search an open grid
 * for minutes. Such a grid gets solutions 0 or 2, level extreme, er, ep and
 * ed -1, hardest -1, and no steps, guesses or depth.
 */
void sudoku_rate(const sudoku_grid *g, sudoku_rating *rating);

/*
 * The same with only the techniques up to 'last' (an id); where they
 * stall, the exact search finishes and its guesses are counted. A grid
 * without one solution is not graded, as above.
 */
void sudoku_rate_with(const sudoku_grid *g, int last, sudoku_rating *rating);

/*
 * As sudoku_rate_with(), for a grid the caller has already found to have
 * exactly one solution (sudoku_solve() with a limit of 2 or more returned
 * 1 for it; a limit of 1 finds one solution, not that it is the only
 * one): the check is not made again, which is most of the time an easy
 * puzzle's grading takes besides its steps. The grid must have one
 * solution: on any other the rating means nothing, and the nested chains
 * may search for minutes.
 */
void sudoku_rate_unique(const sudoku_grid *g, int last, sudoku_rating *rating);

const char *sudoku_level_name(enum sudoku_level level);

/* ------------------------------------------------------------------ basic scale */

/*
 * The basic scale, the brick-wall solver's of the seeds, beside SE's: a
 * puzzle is rated by which of four methods solve it, applied until none
 * changes anything (where they end does not depend on their order):
 * naked singles, naked pairs (two cells of a unit with the same two
 * candidates), hidden singles, and pointing both ways (a digit's places in
 * a box all on one line leave it out of the rest of the line; a line's
 * places all in one box leave it out of the rest of the box). Where they
 * stall, guessing: in the first cell in reading order of those with the
 * fewest candidates, digits in increasing order, the four methods run to
 * their end after each guess, a branch abandoned when a cell has no
 * candidate or a digit no place in a unit. The depth is the deepest
 * nesting of guesses reached before the first solution.
 */
enum sudoku_basic_level {
    SUDOKU_BASIC_VERY_EASY,   /* naked singles and naked pairs solve it */
    SUDOKU_BASIC_EASY,        /* + hidden singles */
    SUDOKU_BASIC_MEDIUM,      /* + pointing */
    SUDOKU_BASIC_HARD,        /* guesses, nested SUDOKU_BASIC_HARD_DEPTH deep at most */
    SUDOKU_BASIC_VERY_HARD    /* guesses nested deeper */
};
#define SUDOKU_BASIC_HARD_DEPTH 5

typedef struct sudoku_basic_rating {
    enum sudoku_basic_level level;
    int depth;                /* deepest nesting of guesses; 0 without guesses */
    unsigned long guesses;    /* digits tried at guess points */
    int solutions;            /* 1; 0 (none) or 2 (several) when not rated */
} sudoku_basic_rating;

/*
 * Rates g on the basic scale; g is not changed. The exact solver checks
 * first that g has one solution: a grid with none or several is not rated
 * (false; solutions 0 or 2, level very-hard, depth 0).
 */
bool sudoku_rate_basic(const sudoku_grid *g, sudoku_basic_rating *rating);

/* "very-easy", "easy", "medium", "hard", "very-hard". */
const char *sudoku_basic_level_name(enum sudoku_basic_level level);

/*
 * Writes a step in standard notation, without its number:
 * "Pointing: 3 in box 1 is confined to row 2 => r2c5<>3, r2c7<>3".
 */
void sudoku_step_describe(const sudoku_grid *before, const sudoku_step *step, char *buf, size_t size);

/* Writes the candidate grid with the layout's box lines; the reader reads
 * it back as a pencil-mark grid. Format works like snprintf. */
size_t sudoku_grid_format_candidates(const sudoku_grid *g, char *buf, size_t size);
void sudoku_grid_print_candidates(const sudoku_grid *g, FILE *out);

/* ------------------------------------------------------------ transform */

/*
 * A transformation of a layout's group, with a relabelling: the cell of
 * the result at row i, column j takes the digit of the source cell
 * (row[i], col[j]), or (col[j], row[i]) when 'transpose', relabelled
 * through 'digit' (digit[0] = 0: blanks stay blank). Rows move within
 * their band and bands as wholes, columns within their stack and stacks as
 * wholes; transposing only where boxes are square (not on the 8x8
 * brick-wall, whose 2x4 boxes would become 4x2).
 */
typedef struct sudoku_transformation {
    int n;
    bool transpose;
    uint8_t row[SUDOKU_MAX_N];
    uint8_t col[SUDOKU_MAX_N];
    uint8_t digit[SUDOKU_MAX_N + 1];
} sudoku_transformation;

/* The identity of a layout. */
void sudoku_transformation_identity(const sudoku_layout *l, sudoku_transformation *t);

/*
 * A transformation drawn uniformly from the layout's whole group (9x9:
 * 2 x 6^8 geometric x 9! relabellings; 8x8 brick-wall: 442,368 x 8!), the
 * same for the same seed on every machine.
 */
void sudoku_transformation_random(const sudoku_layout *l, uint64_t seed, sudoku_transformation *t);

/* Applies t to a digit per cell ('in' and 'out' must not overlap). */
void sudoku_transform(const sudoku_transformation *t, const uint8_t *in, uint8_t *out);

/* Where a cell goes: the cell of the result that source cell 'cell' becomes,
 * and back: the source cell that a cell of the result comes from. */
int sudoku_transform_cell(const sudoku_transformation *t, int cell);
int sudoku_transform_source_cell(const sudoku_transformation *t, int cell);

/*
 * The minlex form of a puzzle (a digit per cell, 0 blank): the smallest
 * string, read row by row with blanks as 0, over the layout's whole group
 * and every relabelling. Any clues will do (complete grids, puzzles with
 * no or several solutions). 'form' receives it (ncells digits), 't' (may be
 * NULL) a transformation that maps the puzzle onto it, 'automorphisms' (may
 * be NULL) how many transformations with relabelling leave the puzzle as
 * it is (1 for most puzzles; the identity counts). False, with nothing
 * written, for a layout whose side does not split into its boxes or a
 * digit above the side.
 */
bool sudoku_canon(const sudoku_layout *l, const uint8_t *digits, uint8_t *form, sudoku_transformation *t,
                  uint64_t *automorphisms);

/*
 * Which clues of a puzzle can each be removed alone, leaving it one
 * solution: redundant[c] is set for those (and cleared for the others).
 * Returns how many there are (0: the puzzle is minimal), or -1 when the
 * puzzle has not exactly one solution. One solver call per clue, plus one.
 */
int sudoku_minimal(const sudoku_layout *l, const uint8_t *digits, bool *redundant);

/* ------------------------------------------------------------------ generator */

/*
 * Where the clues of a generated puzzle may be: the puzzle's clue cells are
 * unchanged by every symmetry of the kind (a property of positions only,
 * so every kind applies to the 8x8 brick-wall as well as to 9x9).
 */
enum sudoku_symmetry {
    SUDOKU_SYM_NONE,
    SUDOKU_SYM_ROT180,        /* half turn */
    SUDOKU_SYM_ROT90,         /* quarter turn */
    SUDOKU_SYM_VERTICAL,      /* column c mirrors column n+1-c */
    SUDOKU_SYM_HORIZONTAL,    /* row r mirrors row n+1-r */
    SUDOKU_SYM_BOTH,          /* vertical and horizontal */
    SUDOKU_SYM_DIAGONAL,      /* rXcY mirrors rYcX */
    SUDOKU_SYM_ANTIDIAGONAL,
    SUDOKU_SYM_BIDIAGONAL,    /* both diagonals */
    SUDOKU_SYM_FULL,          /* the eight symmetries of the square */
    SUDOKU_NSYMMETRIES
};

/* "rot180" ...; sudoku_symmetry_find returns -1 for an unknown name. */
const char *sudoku_symmetry_name(enum sudoku_symmetry s);
int sudoku_symmetry_find(const char *name);

/* Whether the clue cells of 'given' (a digit per cell, 0 blank) have the symmetry. */
bool sudoku_has_symmetry(const sudoku_layout *l, const uint8_t *given, enum sudoku_symmetry s);

/*
 * What to make. Zero-initialise, then set what matters: the layout (NULL:
 * 9x9), the count (0: 1), the symmetry (SUDOKU_SYM_NONE is 0; the command
 * line's default is rot180), and the targets. A bound of -1 is open; a
 * rating range is in tenths, as sudoku_rating's.
 */
typedef struct sudoku_generate_options {
    const sudoku_layout *layout;
    long count;
    uint64_t seed;             /* puzzle i depends on (seed, i) and the options alone */
    enum sudoku_symmetry symmetry;
    int level;                 /* enum sudoku_level, or -1 */
    int er_min, er_max, ep_min, ep_max, ed_min, ed_max;
    int technique;             /* the hardest step's technique id, or -1 */
    int clues_min, clues_max;
    /* The Patterns Game: when not NULL, ncells flags, non-zero where a clue
     * must be; no other cell has one, the symmetry is not used, and the
     * puzzle need not be minimal (sudoku_generated says whether it is). */
    const uint8_t *pattern;
    /* Puzzles to start the search for a hard target from (a digit per
     * cell, 0 blank, each with one solution): puzzle i starts from
     * from[i % nfrom]. */
    const uint8_t (*from)[SUDOKU_MAX_CELLS];
    int nfrom;
    bool rate;                 /* grade every puzzle, even with no rating target */
    double max_seconds;        /* 0: no limit */
    int jobs;                  /* threads (< 1: one); the output does not depend on it */
} sudoku_generate_options;

/* One puzzle made, as the callback gets it. */
typedef struct sudoku_generated {
    long index;                /* 0-based: the order of the output */
    uint8_t given[SUDOKU_MAX_CELLS];
    uint8_t solution[SUDOKU_MAX_CELLS];
    int clues;
    bool minimal;              /* always true without a pattern */
    bool rated;                /* 'rating' is set: a target or opts.rate asked for it */
    sudoku_rating rating;
    long tries;                /* candidate puzzles made and tested for it */
} sudoku_generated;

/* Where a run is, for a progress line (the callbacks run on the calling thread). */
typedef struct sudoku_generate_status {
    long made;                 /* puzzles handed to the callback */
    long tries;                /* candidates tested, all threads */
    int best_er;               /* the highest ER rated so far, tenths, or -1 */
    double seconds;
    bool timed_out;            /* max_seconds ran out before 'count' were made */
} sudoku_generate_status;

/* Return false to stop the run (sudoku_generate then returns). */
typedef bool (*sudoku_generated_fn)(const sudoku_generated *puzzle, void *ctx);
typedef void (*sudoku_generate_progress_fn)(const sudoku_generate_status *status, void *ctx);

/*
 * Checks the options: NULL when they can be met, else why not ("--er: the
 * range 9.0-8.0 is empty"): an inverted range, an unknown technique or
 * symmetry, a pattern with a clue count outside the clues range.
 */
const char *sudoku_generate_check(const sudoku_generate_options *opts);

/*
 * Makes opts->count puzzles, each with exactly one solution and minimal
 * (no clue, or with a symmetry no orbit of clues, can be removed keeping
 * one solution), meeting every target, and hands them to 'on_puzzle' in
 * index order on the calling thread; 'on_progress' (may be NULL) is called
 * about five times a second. Puzzle i is the same for the same options,
 * seed and version whatever opts->jobs. Returns the number handed over;
 * 'status' (may be NULL) gets the final figures. Puzzles finished when
 * max_seconds runs out are still handed over, in index order.
 */
long sudoku_generate(const sudoku_generate_options *opts, sudoku_generated_fn on_puzzle,
                     sudoku_generate_progress_fn on_progress, void *ctx, sudoku_generate_status *status);

/* Puzzle 'index' alone, on this thread; false when max_seconds ran out first. */
bool sudoku_generate_one(const sudoku_generate_options *opts, long index, sudoku_generated *out);

#endif /* SUDOKU_H */
