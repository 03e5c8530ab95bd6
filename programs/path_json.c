/*
 * path_json.c - steps as JSON objects (the schema is in the README):
 *   {"n":1,"technique":"hidden-single-box","name":"Hidden single","rating":1.2,
 *    "placement":{"cell":"r3c7","digit":5}|null,"eliminations":[{"cell":"r1c2","digit":3}],
 *    "pattern":{"digits":[..],"cells":[..],"candidates":[{"cell","digit","role"}],
 *               "units":[{"unit":"box 5","role":"base"}],"links":[..],"truncated":false},
 *    "text":"..."}
 * A trial has "technique":"trial" and a rating of null.
 */
#include "path.h"
#include "grid/bits.h"

static void json_cell(strbuf *out, const sudoku_layout *l, int cell)
{
    char name[16];
    sb_put_json(out, sudoku_cell_name(l, cell, name, sizeof name));
}

static void json_candidate(strbuf *out, const sudoku_layout *l, int cell, int digit)
{
    sb_puts(out, "{\"cell\":");
    json_cell(out, l, cell);
    sb_printf(out, ",\"digit\":%d}", digit);
}

static void json_digits(strbuf *out, sudoku_mask m)
{
    sb_putc(out, '[');
    for (const char *sep = ""; m; m &= (sudoku_mask)(m - 1), sep = ",")
        sb_printf(out, "%s%d", sep, mask_first_digit(m));
    sb_putc(out, ']');
}

static void json_node(strbuf *out, const sudoku_layout *l, int cell, int digit, bool on)
{
    sb_puts(out, "{\"cell\":");
    json_cell(out, l, cell);
    sb_printf(out, ",\"digit\":%d,\"on\":%s}", digit, on ? "true" : "false");
}

/* null for a plain link, else {"kind":"hidden-pair","units":["row 3"],"digits":[3,7]}. */
static void json_link_rule(strbuf *out, const sudoku_layout *l, const sudoku_link *k)
{
    static const char *const kinds[] = { NULL, "pointing", "claiming", "hidden-pair", "naked-pair", "x-wing",
                                         "nested-chain" };
    if (k->rule == SUDOKU_LINK_PLAIN || k->rule >= sizeof kinds / sizeof kinds[0]) {
        sb_puts(out, "null");
        return;
    }
    char name[24];
    sb_printf(out, "{\"kind\":\"%s\"", kinds[k->rule]);
    if (k->rule != SUDOKU_LINK_NESTED_CHAIN) {
        int units = k->rule == SUDOKU_LINK_HIDDEN_PAIR || k->rule == SUDOKU_LINK_NAKED_PAIR ? 1 : 2;
        sb_puts(out, ",\"units\":[");
        for (int i = 0; i < units; i++) {
            sb_puts(out, i ? "," : "");
            sb_put_json(out, sudoku_unit_name(l, k->rule_unit[i], name, sizeof name));
        }
        sb_puts(out, "],\"digits\":");
        json_digits(out, k->rule_digits);
    }
    sb_putc(out, '}');
}

static void json_pattern(strbuf *out, const sudoku_grid *before, const sudoku_step *s)
{
    const sudoku_layout *l = before->layout;
    static _Thread_local pattern p; /* large: kept off the stack of worker threads */
    char name[24];
    pattern_build(&p, before, s);

    sb_puts(out, "{\"digits\":");
    json_digits(out, s->digits);
    sb_puts(out, ",\"cells\":[");
    for (int i = 0; i < s->ncells; i++) {
        if (i)
            sb_putc(out, ',');
        json_cell(out, l, s->cells[i]);
    }
    sb_puts(out, "],\"candidates\":[");
    const char *sep = "";
    for (int c = 0; c < l->ncells; c++) {
        for (int r = 0; r < PATTERN_ROLES; r++) {
            if (p.whole[c] >> r & 1u) {
                sb_printf(out, "%s{\"cell\":", sep);
                json_cell(out, l, c);
                sb_printf(out, ",\"digit\":null,\"role\":\"%s\"}", pattern_role_name(r));
                sep = ",";
            }
            for (sudoku_mask m = p.role[c][r]; m; m &= (sudoku_mask)(m - 1)) {
                sb_printf(out, "%s{\"cell\":", sep);
                json_cell(out, l, c);
                sb_printf(out, ",\"digit\":%d,\"role\":\"%s\"}", mask_first_digit(m), pattern_role_name(r));
                sep = ",";
            }
        }
    }
    sb_puts(out, "],\"units\":[");
    sep = "";
    for (int u = 0; u < l->nunits; u++) {
        if (!p.unit_role[u])
            continue;
        sb_printf(out, "%s{\"unit\":", sep);
        sb_put_json(out, sudoku_unit_name(l, u, name, sizeof name));
        sb_printf(out, ",\"role\":\"%s\"}", pattern_role_name(p.unit_role[u] - 1));
        sep = ",";
    }
    sb_puts(out, "],\"links\":[");
    for (int i = 0; i < s->nlinks; i++) {
        const sudoku_link *k = &s->links[i];
        sb_printf(out, "%s{\"from\":", i ? "," : "");
        json_node(out, l, k->from_cell, k->from_digit, k->from_on);
        sb_puts(out, ",\"to\":");
        json_node(out, l, k->to_cell, k->to_digit, k->to_on);
        sb_printf(out, ",\"strong\":%s,\"chain\":%d,\"depth\":%d,\"premise\":%s,\"rule\":",
                  !k->from_on && k->to_on ? "true" : "false", k->chain, k->depth, k->premise ? "true" : "false");
        json_link_rule(out, l, k);
        sb_putc(out, '}');
    }
    sb_printf(out, "],\"truncated\":%s}", s->truncated ? "true" : "false");
}

void json_step(strbuf *out, const path_entry *e, int number)
{
    const sudoku_step *s = &e->step;
    const sudoku_layout *l = e->before.layout;
    sb_printf(out, "{\"n\":%d,\"technique\":", number);
    sb_put_json(out, e->is_trial ? "trial" : sudoku_technique_get(s->technique)->id);
    sb_puts(out, ",\"name\":");
    sb_put_json(out, s->name);
    if (e->is_trial)
        sb_puts(out, ",\"rating\":null");
    else
        sb_printf(out, ",\"rating\":%d.%d", s->rating / 10, s->rating % 10);
    sb_puts(out, ",\"placement\":");
    if (s->place_cell >= 0)
        json_candidate(out, l, s->place_cell, s->place_digit);
    else
        sb_puts(out, "null");
    sb_puts(out, ",\"eliminations\":[");
    const char *sep = "";
    for (int c = 0; c < l->ncells; c++)
        for (sudoku_mask m = s->elim[c]; m; m &= (sudoku_mask)(m - 1)) {
            sb_puts(out, sep);
            json_candidate(out, l, c, mask_first_digit(m));
            sep = ",";
        }
    sb_puts(out, "],\"pattern\":");
    json_pattern(out, &e->before, s);
    sb_puts(out, ",\"text\":");
    sb_put_json(out, e->text);
    sb_putc(out, '}');
}

void json_steps_range(strbuf *out, const solving_path *p, step_range r)
{
    sb_putc(out, '[');
    for (int i = r.first - 1; i < r.last; i++) {
        if (i >= r.first)
            sb_putc(out, ',');
        json_step(out, &p->entry[i], i + 1);
    }
    sb_putc(out, ']');
}

void json_steps(strbuf *out, const solving_path *p)
{
    json_steps_range(out, p, (step_range){ 1, p->count });
}
