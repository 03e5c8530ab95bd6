/*
 * html.c - explain --format html: one self-contained page per puzzle. The
 * rating on top, the puzzle, then every step with its text and picture
 * (inline SVG), each step its own section with links to the previous and
 * next ones, and a list of all steps. Only inline CSS; a few lines of
 * inline script add the arrow keys, and the page works without them.
 */
#include "path.h"

static const char *const page_style =
    "body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:0 auto;max-width:46em;padding:1em;"
    "color:#111;background:#fff;line-height:1.4}"
    "h1{font-size:1.4em;margin:.2em 0}"
    ".rating{font-size:1.1em;font-weight:bold;background:#eef4fb;border-left:6px solid #0072b2;padding:.5em .8em}"
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
    ".trial{color:#8a2b00}";

/* Arrow keys and j/k move between steps; without script the links do the same. */
static const char *const page_script =
    "document.addEventListener('keydown',function(e){"
    "var n=parseInt((location.hash.match(/^#s(\\d+)$/)||[0,0])[1],10);"
    "var last=document.querySelectorAll('section.step').length;"
    "if(e.key==='ArrowRight'||e.key==='j')n=Math.min(n+1,last);"
    "else if(e.key==='ArrowLeft'||e.key==='k')n=Math.max(n-1,0);else return;"
    "location.hash='#s'+n;});";

static void pager(strbuf *out, int number, int count)
{
    sb_puts(out, "<div class=\"pager\">");
    if (number > 0)
        sb_printf(out, "<a href=\"#s%d\">&#8592; previous</a>", number - 1);
    if (number < count)
        sb_printf(out, "<a href=\"#s%d\">next &#8594;</a>", number + 1);
    sb_puts(out, "<a href=\"#steps\">all steps</a></div>\n");
}

void html_page(strbuf *out, const solving_path *p, const char *title, const char *rating_line)
{
    char id[24];
    sb_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>");
    xml_text(out, title);
    sb_printf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>How to solve it</h1>\n<p class=\"puzzle\">",
              page_style);
    xml_text(out, title);
    sb_puts(out, "</p>\n<p class=\"rating\">");
    xml_text(out, rating_line);
    sb_puts(out, "</p>\n");

    sb_printf(out, "<nav class=\"steps\" id=\"steps\"><a href=\"#s0\">0. The puzzle</a>");
    for (int i = 0; i < p->count; i++) {
        sb_printf(out, "<a href=\"#s%d\"%s>%d. ", i + 1, p->entry[i].is_trial ? " class=\"trial\"" : "", i + 1);
        xml_text(out, p->entry[i].step.name);
        sb_puts(out, "</a>");
    }
    sb_puts(out, "</nav>\n");

    sb_puts(out, "<section class=\"step\" id=\"s0\">\n<h2>0. The puzzle</h2>\n");
    pager(out, 0, p->count);
    svg_solution(out, &p->start, NULL, "The puzzle", "s0");
    sb_puts(out, "</section>\n");
    for (int i = 0; i < p->count; i++) {
        const path_entry *e = &p->entry[i];
        snprintf(id, sizeof id, "s%d", i + 1);
        sb_printf(out, "<section class=\"step\" id=\"%s\">\n<h2%s>%d. ", id, e->is_trial ? " class=\"trial\"" : "",
                  i + 1);
        xml_text(out, e->step.name);
        if (!e->is_trial)
            sb_printf(out, " (%d.%d)", e->step.rating / 10, e->step.rating % 10);
        sb_puts(out, "</h2>\n<p>");
        xml_text(out, e->text);
        sb_puts(out, "</p>\n");
        pager(out, i + 1, p->count);
        svg_step(out, e, &p->start, i + 1, SHOW_ALL, id);
        sb_puts(out, "</section>\n");
    }
    sb_puts(out, "<section><h2>Solution</h2>\n");
    svg_solution(out, &p->start, p->solution, "The solution", "sol");
    sb_printf(out, "</section>\n<script>%s</script>\n</body>\n</html>\n", page_script);
}
