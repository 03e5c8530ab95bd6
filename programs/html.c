/*
 * html.c - explain --format html: one self-contained page, a section per
 * puzzle (ids made unique by a prefix per puzzle). The rating on top with
 * a link to the hardest step, the puzzle, then every step with its rating,
 * text and picture (inline SVG), each step its own section with links to
 * the previous and next ones, and a list of all steps. Only inline CSS; a
 * few lines of inline script add the arrow keys, and the page works
 * without them.
 */
#include "path.h"

static const char *const page_style =
    "body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:0 auto;max-width:46em;padding:1em;"
    "color:#111;background:#fff;line-height:1.4}"
    "h1{font-size:1.4em;margin:.2em 0}"
    ".rating{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;white-space:normal;font-size:1.1em;font-weight:bold;background:#eef4fb;border-left:6px solid #0072b2;padding:.5em .8em}"
    ".puzzle{font-family:monospace;word-break:break-all}"
    "section{border-top:1px solid #bbb;padding:.6em 0 1.2em}"
    "section:target{background:#fffbe6}"
    "section h2{font-size:1.1em;margin:.3em 0}"
    "section p{margin:.3em 0 .6em;font-family:monospace;white-space:pre-wrap}"
    "svg{max-width:100%;height:auto;display:block}"
    "nav.steps{columns:14em;font-size:.9em}"
    "nav.steps a{display:block}"
    ".pager{font-size:.95em}"
    ".pager a{margin-right:1.2em}"
    ".trial{color:#8a2b00}"
    ".hardest{font-weight:bold}"
    "section.solving{border-top:3px solid #333;padding-top:.8em;margin-top:1.5em}";

/* Arrow keys and j/k move between the steps of the page, in order; without
 * script the links do the same. */
static const char *const page_script =
    "document.addEventListener('keydown',function(e){"
    "var s=Array.prototype.slice.call(document.querySelectorAll('section.step'));"
    "var n=s.findIndex(function(x){return '#'+x.id===location.hash;});"
    "if(e.key==='ArrowRight'||e.key==='j')n=Math.min(n+1,s.length-1);"
    "else if(e.key==='ArrowLeft'||e.key==='k')n=Math.max(n-1,0);else return;"
    "if(s[n])location.hash='#'+s[n].id;});";

static void pager(strbuf *out, const char *prefix, int number, int first, int last)
{
    sb_puts(out, "<div class=\"pager\">");
    if (number > first)
        sb_printf(out, "<a href=\"#%ss%d\">&#8592; previous</a>", prefix, number - 1);
    if (number < last)
        sb_printf(out, "<a href=\"#%ss%d\">next &#8594;</a>", prefix, number + 1);
    sb_printf(out, "<a href=\"#%ssteps\">all steps</a></div>\n", prefix);
}

void html_begin(strbuf *out, const char *title)
{
    sb_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>");
    xml_text(out, title);
    sb_printf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>How to solve it</h1>\n", page_style);
}

void html_end(strbuf *out)
{
    sb_printf(out, "<script>%s</script>\n</body>\n</html>\n", page_script);
}

static void put_rating(strbuf *out, const solving_path *p, int number)
{
    const path_entry *e = &p->entry[number - 1];
    if (e->is_trial)
        sb_puts(out, "[-] ");
    else
        sb_printf(out, "[%d.%d] ", e->step.rating / 10, e->step.rating % 10);
}

void html_puzzle(strbuf *out, const solving_path *p, const char *title, const char *rating_line, int hardest,
                 const char *prefix, step_range r)
{
    char id[48];
    sb_printf(out, "<section class=\"solving\" id=\"%spuzzle\">\n<p class=\"puzzle\">", prefix);
    xml_text(out, title);
    sb_puts(out, "</p>\n<p class=\"rating\">");
    xml_text(out, rating_line);
    if (hardest >= r.first && hardest <= r.last)
        sb_printf(out, " <a href=\"#%ss%d\">go to step %d</a>", prefix, hardest, hardest);
    sb_puts(out, "</p>\n");

    sb_printf(out, "<nav class=\"steps\" id=\"%ssteps\">", prefix);
    if (r.first == 1)
        sb_printf(out, "<a href=\"#%ss0\">0. The puzzle</a>", prefix);
    for (int i = r.first - 1; i < r.last; i++) {
        sb_printf(out, "<a href=\"#%ss%d\"%s>%d. ", prefix, i + 1,
                  p->entry[i].is_trial ? " class=\"trial\"" : i + 1 == hardest ? " class=\"hardest\"" : "", i + 1);
        put_rating(out, p, i + 1);
        xml_text(out, p->entry[i].step.name);
        sb_puts(out, "</a>");
    }
    sb_puts(out, "</nav>\n");

    if (r.first == 1) {
        snprintf(id, sizeof id, "%ss0", prefix);
        sb_printf(out, "<section class=\"step\" id=\"%s\">\n<h2>0. The puzzle</h2>\n", id);
        pager(out, prefix, 0, 0, r.last);
        svg_solution(out, &p->start, NULL, "The puzzle", id);
        sb_puts(out, "</section>\n");
    }
    for (int i = r.first - 1; i < r.last; i++) {
        const path_entry *e = &p->entry[i];
        snprintf(id, sizeof id, "%ss%d", prefix, i + 1);
        sb_printf(out, "<section class=\"step\" id=\"%s\">\n<h2%s>%d. ", id,
                  e->is_trial ? " class=\"trial\"" : i + 1 == hardest ? " class=\"hardest\"" : "", i + 1);
        put_rating(out, p, i + 1);
        xml_text(out, e->step.name);
        sb_puts(out, "</h2>\n<p>");
        xml_text(out, e->text);
        sb_puts(out, "</p>\n");
        pager(out, prefix, i + 1, r.first == 1 ? 0 : r.first, r.last);
        svg_step(out, e, &p->start, i + 1, SHOW_ALL, id);
        sb_puts(out, "</section>\n");
    }
    if (r.last == p->count) {
        snprintf(id, sizeof id, "%ssol", prefix);
        sb_puts(out, "<section><h2>Solution</h2>\n");
        svg_solution(out, &p->start, p->solution, "The solution", id);
        sb_puts(out, "</section>\n");
    }
    sb_puts(out, "</section>\n");
}
