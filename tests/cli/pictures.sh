#!/bin/sh
# Picture and page tests for the sudoku program: every SVG and HTML
# document it writes is well-formed XML (xmllint), every SVG scales
# (a viewBox) and renders (rsvg-convert to PNG), and one explain page is
# opened in headless Chromium and a screenshot taken.
#
#   SUDOKU=build/sudoku sh tests/cli/pictures.sh   ('make test-cli' runs it)
#   PICTURES_KEEP=DIR  keeps the PNGs and screenshots in DIR, to look at
#
#   svg_*      solve, explain and hint pictures on both layouts, trials
#              and the three hint levels included, and explain pictures of
#              every puzzle in puzzles/hard.txt, hardest.txt and 8x8.txt
#              (all checked by xmllint, the first four rendered; hardest.txt
#              up to dynamic forcing chains (+) and trials, its first puzzle
#              also whole, nested chains drawn)
#   html_*     explain pages: well-formed, self-contained (no external
#              file, script or style), the rating before the first step,
#              one section per step; one rendered by Chromium
#
# A tool that is missing (xmllint, rsvg-convert, chromium: 'make deps'
# installs them) skips the checks that need it. POSIX sh.

suite=pictures
. "$(dirname "$0")/../harness.sh"
D=tests/cli

have() { command -v "$1" >/dev/null 2>&1; }

browser=
for b in chromium chromium-browser google-chrome; do
    if have "$b"; then
        browser=$b
        break
    fi
done
keep=${PICTURES_KEEP:-}
[ -z "$keep" ] || mkdir -p "$keep"

# split FILE PREFIX: one file per document (PREFIX.1, PREFIX.2, ...), each
# starting at an XML declaration or an HTML doctype; prints the count.
split_documents() {
    awk -v p="$2" '/^<\?xml |^<!DOCTYPE html>/ { n++ } { print > (p "." n) } END { print n + 0 }' "$1"
}

# pictures NAME ZOOM CMD...: runs the command (status 0), and checks each
# document it writes: well-formed, an <svg> root with a viewBox (SVG),
# rendered to a PNG at ZOOM.
pictures() {
    name=$1 zoom=$2
    shift 2
    "$SUDOKU" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
    status=$?
    if [ $status != 0 ]; then
        why "status $status: $(head -3 "$tmp/$name.err")"
        return 1
    fi
    count=$(split_documents "$tmp/$name.out" "$tmp/$name.doc")
    if [ "$count" = 0 ]; then
        why "no document written"
        return 1
    fi
    i=1
    while [ $i -le "$count" ]; do
        doc=$tmp/$name.doc.$i
        if ! xmllint --noout "$doc" 2>"$tmp/xmllint.err"; then
            why "document $i is not well-formed:"
            head -5 "$tmp/xmllint.err" >>"$tmp/why"
            return 1
        fi
        if head -2 "$doc" | grep -q '^<svg '; then
            if ! head -2 "$doc" | grep -q '^<svg [^>]*viewBox="0 0 [0-9]* [0-9]*"'; then
                why "document $i: the <svg> root has no viewBox"
                return 1
            fi
            if [ -n "$render" ] && [ $i -le "${render_max:-1000}" ]; then
                if ! rsvg-convert -z "$zoom" "$doc" -o "$tmp/$name.$i.png" 2>"$tmp/rsvg.err"; then
                    why "document $i does not render: $(head -3 "$tmp/rsvg.err")"
                    return 1
                fi
                if [ "$(head -c 4 "$tmp/$name.$i.png" | od -An -c | tr -d ' ')" != '211PNG' ] ||
                    [ "$(wc -c <"$tmp/$name.$i.png")" -lt 2000 ]; then
                    why "document $i: rsvg-convert wrote no picture worth the name"
                    return 1
                fi
                [ -z "$keep" ] || cp "$tmp/$name.$i.png" "$keep/"
            fi
        fi
        i=$((i + 1))
    done
    return 0
}

if ! have xmllint; then
    skip svg_and_html "xmllint is not installed (make deps)"
    echo "($skipped skipped)"
    echo "$passed passed, $failed failed"
    exit 0
fi
render=
if have rsvg-convert; then
    render=yes
else
    skip svg_render "rsvg-convert is not installed (make deps): well-formedness only"
fi

tcheck svg_solve_9x9        pictures svg_solve_9x9 1 solve --format svg "$D/line9.txt"
tcheck svg_solve_8x8        pictures svg_solve_8x8 1 solve -f svg "$D/line8.txt" "$D/grid8.txt"
tcheck svg_explain_9x9      pictures svg_explain_9x9 0.5 explain -f svg "$D/explain-easy.txt"
tcheck svg_explain_8x8      pictures svg_explain_8x8 0.25 explain -f svg "$D/line8.txt"
tcheck svg_explain_trials   pictures svg_explain_trials 0.1 explain -f svg "$D/explain-guess.txt"
for level in 1 2 3; do
    tcheck svg_hint_level_$level pictures svg_hint_level_$level 1 hint -f svg --level $level \
        "$D/pointing.txt" "$D/stuck.txt" "$D/pencil8.txt"
done
# Records with no picture (no solution, several, unreadable) are reported on
# standard error only: the output still holds nothing but SVG documents, one
# per puzzle solved (the fuzzer found a verdict word written there once).
only_pictures() {
    "$SUDOKU" solve -f svg "$D/line9.txt" "$D/nosol.txt" "$D/multiple.txt" "$D/bad.txt" "$D/line8.txt" \
        >"$tmp/only.out" 2>"$tmp/only.err"
    status=$?
    [ $status = 65 ] || why "status $status, not 65 (some records unsolvable)"
    first=$(head -1 "$tmp/only.out")
    [ "$first" = '<?xml version="1.0" encoding="UTF-8"?>' ] || why "the output starts with '$first'"
    if grep -Eqx 'none|multiple|invalid' "$tmp/only.out"; then
        why "a verdict word among the pictures: $(grep -Enx 'none|multiple|invalid' "$tmp/only.out" | head -1)"
    fi
    solved=$("$SUDOKU" solve "$D/line9.txt" "$D/nosol.txt" "$D/multiple.txt" "$D/bad.txt" "$D/line8.txt" \
        2>/dev/null | grep -Ecvx 'none|multiple|invalid')
    count=$(split_documents "$tmp/only.out" "$tmp/only.doc")
    [ "$count" = "$solved" ] && [ "$count" -ge 2 ] || why "$count documents for $solved puzzles solved"
    grep -q 'no solution' "$tmp/only.err" || why "no message for the puzzle without a solution"
    [ ! -s "$tmp/why" ]
}
tcheck svg_only_pictures only_pictures
render_max=4 # well-formed all, rendered the first four: rendering is slow
# The forum's hardest up to dynamic forcing chains (+) and trials (the
# nested chains take seconds a puzzle), and the first of them whole: its
# nested chains drawn.
tcheck svg_every_puzzle     pictures svg_every_puzzle 0.05 explain -f svg puzzles/hard.txt puzzles/8x8.txt
tcheck svg_forum_trials     pictures svg_forum_trials 0.05 explain -f svg -T dynamic-chain-plus puzzles/hardest.txt
sed -n 1p puzzles/hardest.txt >"$tmp/nested.txt"
tcheck svg_nested_chains    pictures svg_nested_chains 0.05 explain -f svg "$tmp/nested.txt"

render_max=

# ------------------------------------------------------------ pages

# page_checks NAME: each page of NAME (from pictures) is self-contained,
# has the rating before its first step, and a section for every step.
page_checks() {
    i=1
    while [ -f "$tmp/$1.doc.$i" ]; do
        doc=$tmp/$1.doc.$i
        if grep -Eq '<link |<img |<script src|<iframe|@import|url\((https?:|//)' "$doc"; then
            why "page $i refers to an outside file: $(grep -Eo '<link [^>]*>|<img [^>]*>|<script src[^>]*>|@import[^;]*' "$doc" | head -1)"
            return 1
        fi
        rating=$(grep -n 'class="rating">Rating: ' "$doc" | head -1 | cut -d: -f1)
        first=$(grep -n '<section class="step" id="s1">' "$doc" | head -1 | cut -d: -f1)
        if [ -z "$rating" ] || [ -z "$first" ] || [ "$rating" -gt "$first" ]; then
            why "page $i: no rating line before the first step"
            return 1
        fi
        # The explain text of the same puzzle numbers its steps: as many sections.
        sections=$(grep -c '<section class="step" id="s[1-9][0-9]*">' "$doc")
        steps=$(sed -n "$i"p "$tmp/steps")
        if [ "$sections" != "$steps" ]; then
            why "page $i: $sections step sections, explain shows $steps steps"
            return 1
        fi
        i=$((i + 1))
    done
}
"$SUDOKU" explain "$D/explain-guess.txt" "$D/line8.txt" |
    awk '/^Puzzle /{ if (n) print n; n = 0 } /^[0-9]+\. /{ n++ } END { print n }' >"$tmp/steps"
tcheck html_explain         pictures html_explain 1 explain --format html "$D/explain-guess.txt" "$D/line8.txt"
tcheck html_self_contained  page_checks html_explain

# Headless Chromium opens the first page and takes a screenshot: it must
# be a PNG of some size (a blank page is a few kilobytes).
screenshot() {
    cp "$tmp/html_explain.doc.1" "$tmp/page.html"
    (cd "$tmp" && timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size=900,1400 --screenshot="$tmp/page.png" "file://$tmp/page.html") >"$tmp/browser.log" 2>&1
    if [ ! -f "$tmp/page.png" ]; then
        why "no screenshot: $(grep -v dbus "$tmp/browser.log" | tail -3)"
        return 1
    fi
    size=$(wc -c <"$tmp/page.png")
    if [ "$(head -c 4 "$tmp/page.png" | od -An -c | tr -d ' ')" != '211PNG' ] || [ "$size" -lt 20000 ]; then
        why "the screenshot is not a PNG of a drawn page ($size bytes)"
        return 1
    fi
    [ -z "$keep" ] || cp "$tmp/page.png" "$keep/html_screenshot.png"
}
if [ -n "$browser" ] && have timeout; then
    tcheck html_chromium_screenshot screenshot
else
    skip html_chromium_screenshot "no headless Chromium (make deps installs Debian's chromium)"
fi

[ $skipped = 0 ] || echo "($skipped skipped)"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
