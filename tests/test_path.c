/*
 * test_path.c - the solving path as data (programs/path*.c, programs/pattern.c):
 * explain's JSON steps are parsed back with a small strict JSON reader
 * written here, and replayed from the puzzle: every elimination removes a
 * candidate that is there and is not the solution's, every placement puts
 * the solution's digit, and the last step leaves the solution. Puzzles:
 * the repository's hard, hardest and 8x8 sets (trials included), both
 * layouts. Also: the pattern of each family of steps, the marked text
 * grid, and the SVG pieces' escaping.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */

#include "test_util.h"
#include "path.h"
#include "grid/bits.h"

#include <ctype.h>

/* ------------------------------------------------------------ a small JSON reader */

typedef enum { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } jtype;

typedef struct jvalue {
    jtype type;
    double number;
    bool boolean;
    char *string;            /* J_STRING */
    int count;               /* J_ARRAY, J_OBJECT */
    char **keys;             /* J_OBJECT */
    struct jvalue **items;
} jvalue;

typedef struct jreader {
    const char *p;
} jreader;

static void skip_space(jreader *r)
{
    while (*r->p == ' ' || *r->p == '\n' || *r->p == '\t' || *r->p == '\r')
        r->p++;
}

static jvalue *jparse(jreader *r);

static char *jparse_string(jreader *r)
{
    assert_int_equal(*r->p, '"');
    r->p++;
    size_t cap = 64, len = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    while (*r->p != '"') {
        assert_true((unsigned char)*r->p >= 0x20); /* raw control characters are not JSON */
        char c = *r->p++;
        if (c == '\\') {
            c = *r->p++;
            assert_non_null(strchr("\"\\/bfnrtu", c));
            if (c == 'u') {
                for (int i = 0; i < 4; i++)
                    assert_true(isxdigit((unsigned char)*r->p++));
                c = '?';
            }
        }
        if (len + 2 > cap)
            assert_non_null(s = realloc(s, cap *= 2));
        s[len++] = c;
    }
    r->p++;
    s[len] = '\0';
    return s;
}

static void jadd(jvalue *v, char *key, jvalue *item)
{
    v->items = realloc(v->items, (size_t)(v->count + 1) * sizeof *v->items);
    v->keys = realloc(v->keys, (size_t)(v->count + 1) * sizeof *v->keys);
    assert_non_null(v->items);
    assert_non_null(v->keys);
    v->keys[v->count] = key;
    v->items[v->count++] = item;
}

static jvalue *jparse(jreader *r)
{
    jvalue *v = calloc(1, sizeof *v);
    assert_non_null(v);
    skip_space(r);
    if (*r->p == '{' || *r->p == '[') {
        char close = *r->p == '{' ? '}' : ']';
        v->type = close == '}' ? J_OBJECT : J_ARRAY;
        r->p++;
        skip_space(r);
        if (*r->p == close) {
            r->p++;
            return v;
        }
        for (;;) {
            char *key = NULL;
            skip_space(r);
            if (v->type == J_OBJECT) {
                key = jparse_string(r);
                skip_space(r);
                assert_int_equal(*r->p++, ':');
            }
            jadd(v, key, jparse(r));
            skip_space(r);
            if (*r->p == ',') {
                r->p++;
                continue;
            }
            assert_int_equal(*r->p++, close);
            return v;
        }
    }
    if (*r->p == '"') {
        v->type = J_STRING;
        v->string = jparse_string(r);
    } else if (strncmp(r->p, "null", 4) == 0) {
        v->type = J_NULL;
        r->p += 4;
    } else if (strncmp(r->p, "true", 4) == 0 || strncmp(r->p, "false", 5) == 0) {
        v->type = J_BOOL;
        v->boolean = *r->p == 't';
        r->p += v->boolean ? 4 : 5;
    } else {
        char *end;
        v->type = J_NUMBER;
        v->number = strtod(r->p, &end);
        assert_true(end > r->p);
        r->p = end;
    }
    return v;
}

static void jfree(jvalue *v)
{
    for (int i = 0; i < v->count; i++) {
        free(v->keys[i]);
        jfree(v->items[i]);
    }
    free(v->keys);
    free(v->items);
    free(v->string);
    free(v);
}

/* The member 'key' of an object; fails the test when it is missing. */
static jvalue *jget(const jvalue *v, const char *key)
{
    assert_int_equal(v->type, J_OBJECT);
    for (int i = 0; i < v->count; i++)
        if (strcmp(v->keys[i], key) == 0)
            return v->items[i];
    fail_msg("no key \"%s\"", key);
    return NULL;
}

/* "r3c7" back to a cell index. */
static int cell_of(const sudoku_layout *l, const jvalue *name)
{
    int r, c;
    assert_int_equal(name->type, J_STRING);
    assert_int_equal(sscanf(name->string, "r%dc%d", &r, &c), 2);
    assert_true(r >= 1 && r <= l->n && c >= 1 && c <= l->n);
    return (r - 1) * l->n + (c - 1);
}

/* ------------------------------------------------------------ the replay */

static bool load(const char *line, sudoku_grid *g, uint8_t *solution)
{
    sudoku_record rec;
    int n = tu_read_bytes(line, strlen(line), 0, &rec, 1);
    assert_int_equal(n, 1);
    assert_true(rec.ok);
    char why[160];
    assert_true(sudoku_grid_from_record(g, &rec, why, sizeof why));
    return sudoku_solve(g, 2, solution, NULL) == 1;
}

/*
 * Writes the path's JSON steps, parses them, and replays them on a fresh
 * grid; 'last' is the last technique the path may use (trials past it).
 */
static void replay(const char *puzzle, int last, int *trials_seen, int *techniques_seen)
{
    sudoku_grid g;
    uint8_t solution[SUDOKU_MAX_CELLS];
    if (!load(puzzle, &g, solution))
        return;
    const sudoku_layout *l = g.layout;
    solving_path *p = malloc(sizeof *p);
    assert_non_null(p);
    path_build(p, &g, solution, last);
    assert_false(p->failed);
    strbuf out = { 0 };
    json_steps(&out, p);
    assert_false(out.failed);

    jreader r = { out.data };
    jvalue *steps = jparse(&r);
    skip_space(&r);
    assert_int_equal(*r.p, '\0');
    assert_int_equal(steps->type, J_ARRAY);
    assert_int_equal(steps->count, p->count);

    sudoku_grid replayed = g;
    for (int i = 0; i < steps->count; i++) {
        const jvalue *s = steps->items[i];
        assert_int_equal((int)jget(s, "n")->number, i + 1);
        const jvalue *id = jget(s, "technique");
        assert_int_equal(id->type, J_STRING);
        if (strcmp(id->string, "trial") == 0) {
            ++*trials_seen;
            assert_int_equal(jget(s, "rating")->type, J_NULL);
        } else {
            int t = sudoku_technique_find(id->string);
            assert_true(t >= 0);
            techniques_seen[t]++;
            assert_int_equal(jget(s, "rating")->type, J_NUMBER);
        }
        assert_int_equal(jget(s, "name")->type, J_STRING);
        assert_int_equal(jget(s, "text")->type, J_STRING);
        const jvalue *pattern = jget(s, "pattern");
        assert_int_equal(jget(pattern, "candidates")->type, J_ARRAY);
        assert_int_equal(jget(pattern, "units")->type, J_ARRAY);
        assert_int_equal(jget(pattern, "links")->type, J_ARRAY);

        const jvalue *elims = jget(s, "eliminations");
        const jvalue *place = jget(s, "placement");
        assert_true(elims->count > 0 || place->type == J_OBJECT);
        for (int k = 0; k < elims->count; k++) {
            int c = cell_of(l, jget(elims->items[k], "cell"));
            int d = (int)jget(elims->items[k], "digit")->number;
            assert_true(replayed.cand[c] & sudoku_bit(d));
            assert_int_not_equal(d, solution[c]);
            sudoku_grid_eliminate(&replayed, c, d);
        }
        if (place->type == J_OBJECT) {
            int c = cell_of(l, jget(place, "cell"));
            int d = (int)jget(place, "digit")->number;
            assert_int_equal(d, solution[c]);
            assert_true(sudoku_grid_place(&replayed, c, d));
        }
    }
    assert_int_equal(replayed.empty, 0);
    for (int c = 0; c < l->ncells; c++)
        assert_int_equal(replayed.digit[c], solution[c]);
    jfree(steps);
    sb_free(&out);
    path_free(p);
    free(p);
}

static void replay_file(const char *path, int last, int *trials, int *techniques)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[512];
    int puzzles = 0, stride = tu_stride(3), seen = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n' || seen++ % stride)
            continue;
        replay(line, last, trials, techniques);
        puzzles++;
    }
    fclose(f);
    assert_true(puzzles > 0);
}

static void test_json_replays_to_the_solution(void **state)
{
    (void)state;
    int trials = 0, techniques[SUDOKU_NTECHNIQUES] = { 0 };
    const int all = SUDOKU_NTECHNIQUES - 1;
    replay_file("puzzles/hard.txt", all, &trials, techniques);
    replay_file("puzzles/easy.txt", all, &trials, techniques);
    replay_file("tests/cli/explain-guess.txt", all, &trials, techniques);
    /* Every technique on: chains solve these, no trial is needed. */
    assert_int_equal(trials, 0);
    assert_true(techniques[SUDOKU_HIDDEN_SINGLE_BOX] > 0);
    assert_true(techniques[SUDOKU_POINTING] + techniques[SUDOKU_CLAIMING] > 0);
    assert_true(techniques[SUDOKU_FORCING_CHAIN] + techniques[SUDOKU_DYNAMIC_CHAIN] > 0);
    /* Levels 3 and 4 of the nested chains: the fifth forum puzzle's path has
     * both (seconds: the others are cut at level 2, where they stall; a
     * minute under the sanitizers, left to make check-full there). */
    if (tu_mode() != TU_SMOKE) {
        replay(".2.4...8.4.7..9...6.8......2..6...4.....459......1...3..27...6.........1.6..3.5..", all, &trials,
               techniques);
        assert_int_equal(trials, 0);
        assert_true(techniques[SUDOKU_NESTED_CHAIN_MFC] > 0);
        assert_true(techniques[SUDOKU_NESTED_CHAIN_DFC] > 0);
    }
    /* A table cut at level 2 stalls on the forum's hardest, one cut after the
     * hidden triple on the others: trials. */
    replay_file("puzzles/hardest.txt", SUDOKU_NESTED_CHAIN_FC, &trials, techniques);
    replay_file("puzzles/forum.txt", SUDOKU_NESTED_CHAIN_FC, &trials, techniques);
    replay_file("tests/cli/explain-guess.txt", SUDOKU_HIDDEN_TRIPLE, &trials, techniques);
    assert_true(trials > 0);
}

static void test_json_replays_on_8x8(void **state)
{
    (void)state;
    int trials = 0, techniques[SUDOKU_NTECHNIQUES] = { 0 };
    replay_file("puzzles/8x8.txt", SUDOKU_NTECHNIQUES - 1, &trials, techniques);
    replay(TU_8X8, SUDOKU_NTECHNIQUES - 1, &trials, techniques);
    assert_int_equal(trials, 0);
    replay(TU_8X8, SUDOKU_NAKED_SINGLE, &trials, techniques);
    assert_true(trials > 0); /* singles stall on TU_8X8 */
}

/* ------------------------------------------------------------ patterns */

/* The first step of a puzzle, with its grid. */
static void first_entry(const char *puzzle, path_entry *e)
{
    sudoku_grid g;
    uint8_t solution[SUDOKU_MAX_CELLS];
    assert_true(load(puzzle, &g, solution));
    path_next(&g, solution, SUDOKU_NTECHNIQUES - 1, e);
}

/* A pointing step's pattern is its digit in the box; base box, cover line. */
static void test_pattern_of_an_intersection(void **state)
{
    (void)state;
    /* explain-guess.txt line 2 after its 17 singles: 1 in box 4 lies in row 4. */
    static const char position[] =
        "14 2 136 134 7 146 9 5 8\n459 45 569 249 269 8 3 1 7\n7 8 1369 1239 5 169 26 26 4\n"
        "15 7 15 189 3 169 68 4 2\n8 6 2 7 4 5 1 9 3\n3 9 4 18 168 2 7 68 5\n"
        "6 15 159 12589 1289 7 4 3 19\n12459 145 7 124589 1289 3 258 28 6\n12459 3 8 6 129 149 25 7 19\n";
    path_entry *e = malloc(sizeof *e);
    pattern *p = malloc(sizeof *p);
    assert_non_null(e);
    assert_non_null(p);
    first_entry(position, e);
    assert_int_equal(e->step.technique, SUDOKU_POINTING);
    assert_string_equal(e->text, "Pointing: 1 in box 4 is confined to row 4 => r4c46<>1");
    pattern_build(p, &e->before, &e->step);
    const sudoku_layout *l = e->before.layout;
    for (int c = 0; c < l->ncells; c++) {
        bool in_box4_row4 = sudoku_box_of(l, c) == 3 && sudoku_row_of(l, c) == 3 && (e->before.cand[c] & 1u);
        assert_int_equal(pattern_role_of(p, c, 1) == SUDOKU_ROLE_PATTERN, in_box4_row4);
    }
    assert_int_equal(p->unit_role[2 * 9 + 3], 1 + SUDOKU_ROLE_BASE);
    assert_int_equal(p->unit_role[3], 1 + SUDOKU_ROLE_COVER);

    /* The marked grid: '*' before the pattern's 1s, '-' before the removed ones, columns as wide. */
    strbuf out = { 0 };
    text_marked_grid(&e->before, &e->step, &out);
    assert_non_null(strstr(out.data, "| *15    7      *15    | -189   3      -169   | 68     4      2      |\n"));
    sb_free(&out);
    free(p);
    free(e);
}

/* A single's pattern is empty: its picture shows the unit and the placement only. */
static void test_pattern_of_a_single(void **state)
{
    (void)state;
    path_entry *e = malloc(sizeof *e);
    pattern *p = malloc(sizeof *p);
    assert_non_null(e);
    assert_non_null(p);
    first_entry(TU_EASY, e);
    assert_true(step_is_single(&e->step));
    pattern_build(p, &e->before, &e->step);
    for (int c = 0; c < e->before.layout->ncells; c++)
        for (int d = 1; d <= 9; d++)
            assert_int_equal(pattern_role_of(p, c, d), -1);
    strbuf out = { 0 };
    json_step(&out, e, 1);
    assert_non_null(strstr(out.data, "\"candidates\":[]"));
    assert_non_null(strstr(out.data, "\"placement\":{\"cell\":"));
    sb_free(&out);
    free(p);
    free(e);
}

/* Marks set by a finder win over cells and digits, roles and links are written as they are. */
static void test_marks_and_links_are_drawn_generically(void **state)
{
    (void)state;
    path_entry *e = malloc(sizeof *e);
    assert_non_null(e);
    first_entry(TU_EASY, e);
    sudoku_step *s = &e->step;
    /* A made-up chain step on the same grid: r1c3 on, r1c4 off, one weak and one strong link. */
    s->nmarks = 0;
    s->marks[s->nmarks++] = (sudoku_mark){ 2, SUDOKU_ROLE_ON, sudoku_bit(4) };
    s->marks[s->nmarks++] = (sudoku_mark){ 3, SUDOKU_ROLE_OFF, sudoku_bit(6) };
    s->marks[s->nmarks++] = (sudoku_mark){ 5, SUDOKU_ROLE_PIVOT, 0 };
    s->nlinks = 2;
    s->links[0] = (sudoku_link){ .from_cell = 2, .from_digit = 4, .to_cell = 3, .to_digit = 6, .from_on = 1 };
    s->links[1] = (sudoku_link){ .from_cell = 3, .from_digit = 6, .to_cell = 5, .to_digit = 2, .to_on = 1, .depth = 1,
                                 .premise = 1, .rule = SUDOKU_LINK_HIDDEN_PAIR, .rule_unit = { 0, 0 },
                                 .rule_digits = (sudoku_mask)(sudoku_bit(2) | sudoku_bit(7)) };
    strbuf out = { 0 };
    json_step(&out, e, 7);
    assert_non_null(strstr(out.data, "{\"cell\":\"r1c3\",\"digit\":4,\"role\":\"on\"}"));
    assert_non_null(strstr(out.data, "{\"cell\":\"r1c4\",\"digit\":6,\"role\":\"off\"}"));
    assert_non_null(strstr(out.data, "{\"cell\":\"r1c6\",\"digit\":null,\"role\":\"pivot\"}"));
    assert_non_null(strstr(out.data, "\"from\":{\"cell\":\"r1c3\",\"digit\":4,\"on\":true},\"to\":{\"cell\":\"r1c4\","
                                     "\"digit\":6,\"on\":false},\"strong\":false,\"chain\":0,\"depth\":0"));
    assert_non_null(strstr(out.data, "\"depth\":0,\"premise\":false,\"rule\":null}"));
    assert_non_null(strstr(out.data, "\"strong\":true,\"chain\":0,\"depth\":1,\"premise\":true,"
                                     "\"rule\":{\"kind\":\"hidden-pair\",\"units\":[\"row 1\"],\"digits\":[2,7]}}"));
    sb_clear(&out);
    svg_step(&out, e, NULL, 7, SHOW_ALL, "t");
    assert_non_null(strstr(out.data, "marker-end=\"url(#t-weak)\""));
    assert_non_null(strstr(out.data, "marker-end=\"url(#t-strong)\""));
    assert_non_null(strstr(out.data, ">strong link</text>"));
    assert_non_null(strstr(out.data, ">pivot</text>"));
    sb_free(&out);
    free(e);
}

/* Hint levels in pictures: 1 the base unit only, 2 the pattern and cover too, 3 also what the step removes. */
static void test_picture_levels(void **state)
{
    (void)state;
    static const char position[] =
        "14 2 136 134 7 146 9 5 8\n459 45 569 249 269 8 3 1 7\n7 8 1369 1239 5 169 26 26 4\n"
        "15 7 15 189 3 169 68 4 2\n8 6 2 7 4 5 1 9 3\n3 9 4 18 168 2 7 68 5\n"
        "6 15 159 12589 1289 7 4 3 19\n12459 145 7 124589 1289 3 258 28 6\n12459 3 8 6 129 149 25 7 19\n";
    path_entry *e = malloc(sizeof *e);
    assert_non_null(e);
    first_entry(position, e);
    assert_int_equal(e->step.technique, SUDOKU_POINTING);
    strbuf out = { 0 };
    for (int show = SHOW_UNITS; show <= SHOW_ALL; show++) {
        sb_clear(&out);
        svg_step(&out, e, NULL, 1, show, "v");
        assert_non_null(strstr(out.data, "fill=\"#cfe3f5\"")); /* the base unit, always */
        assert_int_equal(strstr(out.data, "fill=\"url(#v-hatch)\"") != NULL, show >= SHOW_PATTERN);
        assert_int_equal(strstr(out.data, "stroke=\"#0072b2\" stroke-width=\"1.5\"/>") != NULL, show >= SHOW_PATTERN);
        assert_int_equal(strstr(out.data, "class=\"gone\"") != NULL, show >= SHOW_ALL);
        assert_int_equal(strstr(out.data, "class=\"caption\"") != NULL, show >= SHOW_ALL);
    }
    sb_free(&out);
    free(e);
}

/* Reads the first record of 'text': its digits and candidates as written. */
static void read_record(const char *text, sudoku_record *rec)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(in);
    sudoku_reader *r = sudoku_reader_new(in, "position", 0);
    assert_true(sudoku_reader_next(r, rec));
    assert_true(rec->ok);
    sudoku_reader_free(r);
    fclose(in);
}

/* The longest line of a text. */
static size_t widest_line(const char *s)
{
    size_t widest = 0, run = 0;
    for (; *s; s++) {
        run = *s == '\n' ? 0 : run + 1;
        if (run > widest)
            widest = run;
    }
    return widest;
}

/*
 * explain --position: a position written as text reads back the same,
 * digit for digit and candidate for candidate; framed within 80 columns,
 * or, when the frame would pass them (every candidate still there),
 * compact: a row a line, no padding, no frame.
 */
static void test_position_reads_back(void **state)
{
    (void)state;
    static const char *const puzzles[] = { TU_HARD, TU_8X8, TU_EASY };
    for (size_t k = 0; k < sizeof puzzles / sizeof puzzles[0]; k++) {
        sudoku_grid start, g;
        sudoku_record rec;
        uint8_t solution[SUDOKU_MAX_CELLS];
        char why[160];
        read_record(puzzles[k], &rec);
        assert_true(sudoku_grid_from_record(&start, &rec, why, sizeof why));
        assert_int_equal(sudoku_solve(&start, 2, solution, NULL), 1);
        /* the position before the path's fifth step: candidates gone here and there */
        solving_path p;
        path_build(&p, &start, solution, SUDOKU_NTECHNIQUES - 1);
        assert_true(p.count >= 5);
        g = p.entry[4].before;
        path_free(&p);
        strbuf out = { 0 };
        text_position(&g, &out);
        bool framed = out.data[0] == '+';
        assert_true(framed == (widest_line(out.data) <= 80));
        read_record(out.data, &rec);
        for (int c = 0; c < g.layout->ncells; c++) {
            if (g.digit[c] || mask_count(g.cand[c]) == 1) /* one candidate reads as a digit */
                assert_int_equal(rec.given[c], g.digit[c] ? g.digit[c] : mask_first_digit(g.cand[c]));
            else
                assert_int_equal(rec.cand[c], g.cand[c]);
        }
        sb_free(&out);
    }
    /* The empty grid: every candidate everywhere, too wide for a frame. */
    sudoku_grid empty;
    sudoku_grid_init(&empty, sudoku_layout_9x9());
    strbuf out = { 0 };
    text_position(&empty, &out);
    assert_int_equal(out.data[0], '1');
    assert_null(strchr(out.data, '|'));
    assert_int_equal(widest_line(out.data), 9 * 9 + 8);
    sb_free(&out);
}

static void test_xml_text_escapes(void **state)
{
    (void)state;
    strbuf out = { 0 };
    xml_text(&out, "a<b & \"c\" 'd'>");
    assert_string_equal(out.data, "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
    sb_free(&out);
    sb_put_json(&out, "q\"\\\n\x01");
    assert_string_equal(out.data, "\"q\\\"\\\\\\u000a\\u0001\"");
    sb_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_replays_to_the_solution),
        cmocka_unit_test(test_json_replays_on_8x8),
        cmocka_unit_test(test_pattern_of_an_intersection),
        cmocka_unit_test(test_pattern_of_a_single),
        cmocka_unit_test(test_marks_and_links_are_drawn_generically),
        cmocka_unit_test(test_picture_levels),
        cmocka_unit_test(test_position_reads_back),
        cmocka_unit_test(test_xml_text_escapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
