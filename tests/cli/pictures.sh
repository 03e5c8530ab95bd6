#!/bin/sh
# Picture and page tests for the sudoku program: every SVG and HTML
# document it writes is well-formed XML (xmllint), every SVG scales
# (a viewBox) and renders (rsvg-convert to PNG), pages open in headless
# Chromium, and print's page prints to a PDF of the pages it should have.
#
#   SUDOKU=build/sudoku sh tests/cli/pictures.sh   ('make test-cli' runs it)
#   PICTURES_KEEP=DIR  keeps the PNGs, screenshots and PDFs in DIR, to look at
#
#   svg_*      solve, explain and hint pictures on both layouts, trials
#              and the three hint levels included, written with -o DIR (a
#              file a puzzle, a file a step for explain: every step picture
#              rendered; the names listed, the names made from the source
#              and line), one picture on standard output (a second refused,
#              status 64), explain pictures of every puzzle in
#              puzzles/hard.txt, hardest.txt and 8x8.txt; the longest
#              captions of the forum set inside their picture (rsvg's PNG
#              white in the margin, Chromium's text boxes within the width)
#   html_*     explain's page of several puzzles: one document, self-
#              contained, no id twice, every link to an id of the page, a
#              section a puzzle with its rating and a link to its hardest
#              step before its first step, one section per step, the
#              steps' ratings in the index; a page a puzzle with -o; a
#              Chromium screenshot
#   print_*    sudoku print on both layouts, 1, 4 and 6 a page: the grids,
#              their captions, a sheet a page; Chromium prints each to a
#              PDF with that many pages
#
# A tool that is missing (xmllint, rsvg-convert, chromium: 'make deps'
# installs them; python3 reads the PNGs) skips the checks that need it.
# POSIX sh.

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

# check_document FILE ZOOM: well-formed XML; an SVG has an <svg> root with
# a viewBox and renders (rsvg-convert to a PNG at ZOOM, while $rendered is
# below $render_max).
rendered=0
check_document() {
    doc=$1
    if ! xmllint --noout "$doc" 2>"$tmp/xmllint.err"; then
        why "$doc is not well-formed:"
        head -5 "$tmp/xmllint.err" >>"$tmp/why"
        return 1
    fi
    head -2 "$doc" | grep -q '^<svg ' || return 0
    if ! head -2 "$doc" | grep -q '^<svg [^>]*viewBox="0 0 [0-9]* [0-9]*"'; then
        why "$doc: the <svg> root has no viewBox"
        return 1
    fi
    [ -n "$render" ] && [ "$rendered" -lt "${render_max:-1000000}" ] || return 0
    rendered=$((rendered + 1))
    png=$tmp/render.png
    if ! rsvg-convert -z "$2" "$doc" -o "$png" 2>"$tmp/rsvg.err"; then
        why "$doc does not render: $(head -3 "$tmp/rsvg.err")"
        return 1
    fi
    if [ "$(head -c 4 "$png" | od -An -c | tr -d ' ')" != '211PNG' ] || [ "$(wc -c <"$png")" -lt 1000 ]; then
        why "$doc: rsvg-convert wrote no picture worth the name"
        return 1
    fi
    [ -z "$keep" ] || cp "$png" "$keep/$(basename "$doc").png"
}

# one NAME ZOOM CMD...: the command (status 0) writes one document to
# standard output, checked as above.
one() {
    name=$1 zoom=$2
    shift 2
    "$SUDOKU" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
    status=$?
    if [ $status != 0 ]; then
        why "status $status: $(head -3 "$tmp/$name.err")"
        return 1
    fi
    n=$(grep -c '^<?xml \|^<!DOCTYPE html>' "$tmp/$name.out")
    [ "$n" = 1 ] || { why "$n documents on standard output, not one"; return 1; }
    rendered=0
    check_document "$tmp/$name.out" "$zoom"
}

# files NAME ZOOM CMD...: the command with -o DIR (status 0) writes files
# into DIR and lists them on standard output, one a line, nothing else;
# each one is well-formed (one xmllint for all: thousands of files), each
# SVG has a viewBox, and each is rendered as above.
files() {
    name=$1 zoom=$2
    shift 2
    dir=$tmp/$name.d
    "$SUDOKU" "$@" -o "$dir" >"$tmp/$name.list" 2>"$tmp/$name.err"
    status=$?
    if [ $status != 0 ]; then
        why "status $status: $(head -3 "$tmp/$name.err")"
        return 1
    fi
    listed=$(wc -l <"$tmp/$name.list")
    there=$(ls "$dir" | wc -l)
    if [ "$listed" = 0 ] || [ "$listed" != "$there" ]; then
        why "$listed files listed, $there in the directory"
        return 1
    fi
    while IFS= read -r f; do
        case $f in
        "$dir"/*) [ -f "$f" ] || { why "listed but not written: $f"; return 1; } ;;
        *) why "listed outside the directory: $f"; return 1 ;;
        esac
    done <"$tmp/$name.list"
    if ! tr '\n' '\0' <"$tmp/$name.list" | xargs -0 xmllint --noout 2>"$tmp/xmllint.err"; then
        why "not well-formed:"
        head -5 "$tmp/xmllint.err" >>"$tmp/why"
        return 1
    fi
    tr '\n' '\0' <"$tmp/$name.list" | xargs -0 awk 'FNR == 2 && /^<svg / && !/viewBox="0 0 [0-9]* [0-9]*"/ {
        print FILENAME ": the <svg> root has no viewBox"; exit 1 }' >>"$tmp/why" || return 1
    [ -n "$render" ] || return 0
    rendered=0
    while IFS= read -r f; do
        case $f in
        *.svg) check_document "$f" "$zoom" || return 1 ;;
        esac
    done <"$tmp/$name.list"
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

tcheck svg_solve_9x9        one svg_solve_9x9 1 solve --format svg "$D/line9.txt"
tcheck svg_solve_8x8        files svg_solve_8x8 1 solve -f svg "$D/line8.txt" "$D/grid8.txt"
# explain: the puzzle and every step a file of its own, each rendered.
tcheck svg_explain_9x9      files svg_explain_9x9 0.5 explain -f svg "$D/explain-easy.txt"
tcheck svg_explain_8x8      files svg_explain_8x8 0.5 explain -f svg "$D/line8.txt"
tcheck svg_explain_trials   files svg_explain_trials 0.3 explain -f svg "$D/explain-guess.txt"
# A range of steps on standard output is one picture.
sed -n 3p "$D/explain-guess.txt" >"$tmp/guess1.txt"
tcheck svg_explain_range    one svg_explain_range 0.3 explain -f svg --steps 5-7 "$tmp/guess1.txt"
tcheck svg_explain_step     one svg_explain_step 0.5 explain -f svg --step 6 "$tmp/guess1.txt"
for level in 1 2 3; do
    tcheck svg_hint_level_$level files svg_hint_level_$level 1 hint -f svg --level $level \
        "$D/pointing.txt" "$D/stuck.txt" "$D/pencil8.txt"
done

# The files' names: the source's name, the line, the step.
names() {
    "$SUDOKU" explain -f svg --steps 2-3 -o "$tmp/names" "$D/explain-easy.txt" "$D/line8.txt" >"$tmp/names.out" 2>&1
    printf '%s\n' "$tmp/names/explain-easy.txt-2-step-002.svg" "$tmp/names/explain-easy.txt-2-step-003.svg" \
        "$tmp/names/line8.txt-1-step-002.svg" "$tmp/names/line8.txt-1-step-003.svg" >"$tmp/names.want"
    cmp -s "$tmp/names.want" "$tmp/names.out" || { why "listed:"; cat "$tmp/names.out" >>"$tmp/why"; return 1; }
}
tcheck svg_file_names names

# Several pictures on standard output would be no SVG document: the first
# is written, the rest refused with a pointer to -o, status 64.
refuses_several() {
    "$SUDOKU" solve -f svg "$D/line9.txt" "$D/line8.txt" >"$tmp/several.out" 2>"$tmp/several.err"
    status=$?
    [ $status = 64 ] || why "status $status, not 64"
    xmllint --noout "$tmp/several.out" 2>/dev/null || why "standard output is not one well-formed document"
    grep -q -- '-o DIR' "$tmp/several.err" || why "no pointer to -o: $(cat "$tmp/several.err")"
    [ ! -s "$tmp/why" ]
}
tcheck svg_refuses_several refuses_several

# Records with no picture (no solution, several, unreadable) are reported on
# standard error only: the listing holds nothing but the files written, one
# per puzzle solved (the fuzzer found a verdict word among pictures once).
only_pictures() {
    "$SUDOKU" solve -f svg -o "$tmp/only" "$D/line9.txt" "$D/nosol.txt" "$D/multiple.txt" "$D/bad.txt" \
        "$D/line8.txt" >"$tmp/only.out" 2>"$tmp/only.err"
    status=$?
    [ $status = 65 ] || why "status $status, not 65 (some records unsolvable)"
    if grep -Eqx 'none|multiple|invalid' "$tmp/only.out"; then
        why "a verdict word among the files: $(grep -Enx 'none|multiple|invalid' "$tmp/only.out" | head -1)"
    fi
    solved=$("$SUDOKU" solve "$D/line9.txt" "$D/nosol.txt" "$D/multiple.txt" "$D/bad.txt" "$D/line8.txt" \
        2>/dev/null | grep -Ecvx 'none|multiple|invalid')
    count=$(wc -l <"$tmp/only.out")
    [ "$count" = "$solved" ] && [ "$count" -ge 2 ] || why "$count files for $solved puzzles solved"
    grep -q 'no solution' "$tmp/only.err" || why "no message for the puzzle without a solution"
    [ ! -s "$tmp/why" ]
}
tcheck svg_only_pictures only_pictures

# A directory that cannot be made is said at once, status 74.
bad_dir() {
    : >"$tmp/plain"
    "$SUDOKU" solve -f svg -o "$tmp/plain" "$D/line9.txt" >"$tmp/bad.out" 2>"$tmp/bad.err"
    status=$?
    [ $status = 74 ] || why "status $status, not 74"
    grep -q 'not a directory' "$tmp/bad.err" || why "stderr: $(cat "$tmp/bad.err")"
    [ ! -s "$tmp/bad.out" ] || why "output: $(head -2 "$tmp/bad.out")"
    [ ! -s "$tmp/why" ]
}
tcheck svg_output_dir_bad bad_dir

# Every step picture of every puzzle of hard.txt and 8x8.txt well-formed,
# the first 40 rendered (rendering is slow); the forum's hardest up to
# dynamic forcing chains (+) and trials (the nested chains take seconds a
# puzzle), and the first of them whole: its nested chains drawn, rendered.
render_max=40
tcheck svg_every_puzzle     files svg_every_puzzle 0.1 explain -f svg puzzles/hard.txt puzzles/8x8.txt
tcheck svg_forum_trials     files svg_forum_trials 0.1 explain -f svg -T dynamic-chain-plus puzzles/hardest.txt
sed -n 1p puzzles/hardest.txt >"$tmp/nested.txt"
render_max=
tcheck svg_nested_chains    files svg_nested_chains 0.2 explain -f svg "$tmp/nested.txt"

# Captions wrap by their measured width: the longest step texts of the
# forum set (tests/cli/captions/: the positions before them, as explain
# --position wrote them; hint draws the same step) keep inside the
# picture. rsvg's PNG must be white in the picture's right margin (python3
# reads the PNG); Chromium measures every text's box against the width.
captions() {
    for pos in "$D"/captions/*.txt; do
        base=$(basename "$pos" .txt)
        "$SUDOKU" hint -f svg --level 3 "$pos" >"$tmp/cap-$base.svg" 2>"$tmp/cap.err" ||
            { why "$base: $(cat "$tmp/cap.err")"; return 1; }
        want=$(sed -n '2s/^# //p' "$pos")
        got=$(sed -n 's/^<title>Step 1: \(.*\)<\/title>$/\1/p' "$tmp/cap-$base.svg")
        [ "$want" = "$got" ] || { why "$base: hint draws '$got', the position was before '$want'"; return 1; }
        check_document "$tmp/cap-$base.svg" 1 || return 1
        [ -n "$render" ] && [ -n "$python" ] || continue
        rsvg-convert "$tmp/cap-$base.svg" -o "$tmp/cap-$base.png" || return 1
        "$python" "$tmp/margin.py" "$tmp/cap-$base.png" 8 >"$tmp/margin.out" ||
            { why "$base (rsvg): $(cat "$tmp/margin.out")"; return 1; }
    done
}
cat >"$tmp/margin.py" <<'PY'
# margin.py PNG N: fails when a pixel of the N rightmost columns is not white.
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
pos, idat, w, h, ctype = 8, b'', 0, 0, 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[ctype]
raw, stride, prev, bad = zlib.decompress(idat), w * bpp, bytearray(w * bpp), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    for x in range(w - int(sys.argv[2]), w):
        px = line[x * bpp:x * bpp + 3]
        if min(px) < 200 and (bpp == 3 or line[x * bpp + 3] > 50):
            bad += 1
    prev = line
if bad:
    print('%d dark pixels in the right margin' % bad)
    sys.exit(1)
PY
python=
for p in python3 python; do
    if have "$p"; then
        python=$p
        break
    fi
done
[ -n "$python" ] || skip captions_rsvg_margin "no python3 to read the PNG: the pictures are checked, not their margins"
tcheck svg_captions_fit captions

render_max=

# ------------------------------------------------------------ pages

# page_checks: the page of several puzzles (html_explain) is self-contained,
# has a section per puzzle, each with its rating (and a link to its
# hardest step) before its first step and a section for every step; no id
# twice, and every link inside the page leads to an id of it.
page_checks() {
    doc=$tmp/html_explain.out
    if grep -Eq '<link |<img |<script src|<iframe|@import|url\((https?:|//)' "$doc"; then
        why "the page refers to an outside file: $(grep -Eo '<link [^>]*>|<img [^>]*>|<script src[^>]*>|@import[^;]*' "$doc" | head -1)"
        return 1
    fi
    grep -o ' id="[^"]*"' "$doc" | sort | uniq -d >"$tmp/dup"
    [ ! -s "$tmp/dup" ] || { why "ids used twice: $(head -3 "$tmp/dup" | tr '\n' ' ')"; return 1; }
    grep -o ' id="[^"]*"' "$doc" | sed 's/ id="\(.*\)"/\1/' | sort -u >"$tmp/ids"
    grep -o 'href="#[^"]*"' "$doc" | sed 's/href="#\(.*\)"/\1/' | sort -u >"$tmp/hrefs"
    missing=$(comm -23 "$tmp/hrefs" "$tmp/ids" | head -3 | tr '\n' ' ')
    [ -z "$missing" ] || { why "links to no id: $missing"; return 1; }
    puzzles=$(grep -c '<section class="solving"' "$doc")
    [ "$puzzles" = "$(wc -l <"$tmp/steps")" ] || { why "$puzzles puzzle sections"; return 1; }
    i=1
    while [ $i -le "$puzzles" ]; do
        rating=$(grep -n 'class="rating">Rating: .* at step [0-9]* <a href="#p'$i'-s[0-9]*">' "$doc" | head -1 | cut -d: -f1)
        first=$(grep -n '<section class="step" id="p'$i'-s1">' "$doc" | head -1 | cut -d: -f1)
        if [ -z "$rating" ] || [ -z "$first" ] || [ "$rating" -gt "$first" ]; then
            why "puzzle $i: no rating line, with a link to the hardest step, before the first step"
            return 1
        fi
        # The explain text of the same puzzle numbers its steps: as many sections.
        sections=$(grep -c '<section class="step" id="p'$i'-s[1-9][0-9]*">' "$doc")
        steps=$(sed -n "$i"p "$tmp/steps")
        if [ "$sections" != "$steps" ]; then
            why "puzzle $i: $sections step sections, explain shows $steps steps"
            return 1
        fi
        i=$((i + 1))
    done
    # The index shows each step's rating: "21. [10.7] Dynamic ...".
    grep -q '<a href="#p1-s5" class="trial">5. \[-\] Trial</a>\|<a href="#p1-s5"[^>]*>5. \[[0-9.]*\] ' "$doc" ||
        { why "the index does not show step 5's rating"; return 1; }
}
"$SUDOKU" explain "$D/explain-guess.txt" "$D/line8.txt" |
    awk '/^Puzzle /{ if (n) print n; n = 0 } /^[0-9]+\. /{ n++ } END { print n }' >"$tmp/steps"
tcheck html_explain         one html_explain 1 explain --format html "$D/explain-guess.txt" "$D/line8.txt"
tcheck html_one_page        page_checks
tcheck html_files           files html_files 1 explain --format html "$D/explain-guess.txt" "$D/line8.txt"

# Headless Chromium opens the page and takes a screenshot: it must be a
# PNG of some size (a blank page is a few kilobytes).
screenshot() {
    cp "$tmp/html_explain.out" "$tmp/page.html"
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

# Chromium measures every text of the caption pictures (as a page shows
# them): no text box may reach past its picture's width.
chromium_captions() {
    {
        echo '<!DOCTYPE html><html><body>'
        for f in "$tmp"/cap-*.svg; do sed 1d "$f"; done
        echo '<pre id="result">unmeasured</pre><script>'
        echo 'var out=[];document.querySelectorAll("svg").forEach(function(s){'
        echo 'var w=s.viewBox.baseVal.width;s.querySelectorAll("text").forEach(function(t){'
        echo 'var b=t.getBBox();if(b.x+b.width>w-2)out.push(t.textContent.slice(0,40)+" ends at "+Math.round(b.x+b.width)+" of "+w);});});'
        echo 'document.getElementById("result").textContent=out.length?"cut: "+out.join("; "):"all inside";'
        echo '</script></body></html>'
    } >"$tmp/captions.html"
    (cd "$tmp" && timeout 120 "$browser" --headless --no-sandbox --disable-gpu --dump-dom \
        "file://$tmp/captions.html") >"$tmp/captions.dom" 2>"$tmp/browser.log"
    grep -q '<pre id="result">all inside</pre>' "$tmp/captions.dom" ||
        { why "$(grep -o '<pre id="result">[^<]*' "$tmp/captions.dom" | head -c 600)"; return 1; }
}

# sudoku print: one page (well-formed, self-contained), N puzzles a sheet,
# the solutions twelve a sheet at the end; Chromium prints it to a PDF of
# exactly that many pages.
print_page() { # NAME PER_PAGE FILE PUZZLES
    "$SUDOKU" print --per-page "$2" "$3" >"$tmp/$1.html" 2>"$tmp/$1.err" || { why "status $?"; return 1; }
    check_document "$tmp/$1.html" 1 || return 1
    figures=$(grep -c '<figure>' "$tmp/$1.html")
    [ "$figures" = $(($4 * 2)) ] || { why "$figures grids for $4 puzzles and their solutions"; return 1; }
    pages=$(( ($4 + $2 - 1) / $2 + ($4 + 11) / 12 ))
    sheets=$(grep -c '<section class="sheet' "$tmp/$1.html")
    [ "$sheets" = "$pages" ] || { why "$sheets sheets, not $pages"; return 1; }
    grep -q '<figcaption><span class="n">No. 1</span> &#183; [a-z]* &#183; ER [0-9.]*</figcaption>' "$tmp/$1.html" ||
        { why "no number, level and ER under the first grid"; return 1; }
    echo "$pages" >"$tmp/$1.pages"
}
pdf_pages() { # NAME: printed by Chromium, the PDF has the pages the sheets make
    (cd "$tmp" && timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
        --print-to-pdf="$tmp/$1.pdf" "file://$tmp/$1.html") >"$tmp/browser.log" 2>&1
    [ -f "$tmp/$1.pdf" ] || { why "no PDF: $(grep -v dbus "$tmp/browser.log" | tail -3)"; return 1; }
    got=$(grep -a -c '/Type */Page\b' "$tmp/$1.pdf")
    want=$(cat "$tmp/$1.pages")
    [ "$got" = "$want" ] || { why "the PDF has $got pages, the page $want sheets"; return 1; }
    [ -z "$keep" ] || cp "$tmp/$1.pdf" "$keep/"
}
tcheck print_9x9_per_4      print_page print9 4 puzzles/hard.txt 20
tcheck print_8x8_per_6      print_page print8 6 puzzles/8x8.txt 40
tcheck print_9x9_per_1      print_page print1 1 "$D/explain-guess.txt" 2

if [ -n "$browser" ] && have timeout; then
    tcheck html_chromium_screenshot screenshot
    tcheck svg_captions_chromium chromium_captions
    for p in print9 print8 print1; do
        tcheck print_pdf_$p pdf_pages $p
    done
else
    skip html_chromium_screenshot "no headless Chromium (make deps installs Debian's chromium)"
fi

[ $skipped = 0 ] || echo "($skipped skipped)"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
