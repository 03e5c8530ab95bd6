#!/bin/sh
# The generate command, from the outside:
#
#   SUDOKU=build/sudoku sh tests/cli/generate.sh   (part of 'make test-cli')
#
# What is made is checked with the program's other commands: 'check' says
# each puzzle has one solution, 'grade' prints the figures generate's tsv
# has, and the targets hold. The same seed gives the same bytes at any -j
# and in any run; --max-time stops a run that cannot finish with status 75;
# options that cannot be met are usage errors (64) with a message. The
# library's own test (tests/test_generate.c) checks minimality and the
# symmetries with the generic solver. POSIX sh.

suite=generate
. "$(dirname "$0")/../harness.sh"

sudoku() { $VALGRIND "$SUDOKU" "$@"; }

# Each line of $1 is a puzzle 'check' finds unique, 81 or 64 cells.
all_unique() {
    [ -s "$1" ] || { why "no puzzles in $1"; return 1; }
    sudoku check -j1 "$1" >"$tmp/check" 2>&1 || { why "check failed:"; head -5 "$tmp/check" >>"$tmp/why"; return 1; }
    if grep -v ' unique$' "$tmp/check" >"$tmp/bad"; then
        why "not unique:"
        head -5 "$tmp/bad" >>"$tmp/why"
        return 1
    fi
}

# ------------------------------------------------------------ puzzles

made() {
    sudoku generate -n 20 --seed 7 -j1 "$@" >"$tmp/made" 2>"$tmp/err" || { why "status $?"; return 1; }
    [ "$(wc -l <"$tmp/made")" -eq 20 ] || { why "$(wc -l <"$tmp/made") lines, expected 20"; return 1; }
    [ -s "$tmp/err" ] && { why "standard error:"; cat "$tmp/err" >>"$tmp/why"; return 1; }
    all_unique "$tmp/made"
}
tcheck unique_9x9 made
tcheck unique_8x8 made --size 8
for sym in none rot90 both full; do
    tcheck "unique_9x9_$sym" made --symmetry $sym
    tcheck "unique_8x8_$sym" made --size 8 --symmetry $sym
done

# rot180 by default: cell i is a clue exactly when cell ncells-1-i is.
half_turn() {
    sudoku generate -n 10 --seed 3 -j1 "$@" >"$tmp/made" || return 1
    awk '{ n = length($0); for (i = 1; i <= n; i++) if ((substr($0, i, 1) == ".") != (substr($0, n + 1 - i, 1) == ".")) bad = 1 }
         END { exit bad }' "$tmp/made" || { why "not symmetric under a half turn"; return 1; }
}
tcheck default_rot180_9x9 half_turn
tcheck default_rot180_8x8 half_turn --size 8

same_at_any_jobs() {
    sudoku generate -n 30 --seed 42 -f tsv -j1 "$@" >"$tmp/j1" &&
    sudoku generate -n 30 --seed 42 -f tsv -j2 "$@" >"$tmp/j2" &&
    sudoku generate -n 30 --seed 42 -f tsv -j3 "$@" >"$tmp/j3" || { why "a run failed"; return 1; }
    cmp -s "$tmp/j1" "$tmp/j2" && cmp -s "$tmp/j1" "$tmp/j3" || { why "outputs differ"; return 1; }
    sudoku generate -n 30 --seed 43 -f tsv -j1 "$@" >"$tmp/other" || return 1
    cmp -s "$tmp/j1" "$tmp/other" && { why "another seed gave the same puzzles"; return 1; }
    return 0
}
tcheck same_seed_same_output_9x9 same_at_any_jobs
tcheck same_seed_same_output_8x8 same_at_any_jobs --size 8
tcheck same_seed_same_output_target same_at_any_jobs -n 4 --level expert

# The tsv's figures are grade's.
grade_agrees() {
    sudoku generate -n 8 --seed 5 -j2 -f tsv "$@" >"$tmp/tsv" || { why "status $?"; return 1; }
    tail -n +2 "$tmp/tsv" | cut -f3,7-11 >"$tmp/mine"
    cut -f1 "$tmp/mine" | sudoku grade -j2 |
        awk '{ split($3, r, "/"); print $1 "\t" $2 "\t" r[1] "\t" r[2] "\t" r[3] "\t" $4 }' >"$tmp/theirs"
    cmp -s "$tmp/mine" "$tmp/theirs" || { why "grade differs:"; diff "$tmp/mine" "$tmp/theirs" | head >>"$tmp/why"; return 1; }
}
tcheck tsv_is_grade_9x9 grade_agrees
tcheck tsv_is_grade_8x8 grade_agrees --size 8

# Targets: the figures grade prints are in range.
target() {
    awk_test=$1
    shift
    sudoku generate -n 3 --seed 9 -j2 -f tsv "$@" >"$tmp/tsv" || { why "status $?"; return 1; }
    tail -n +2 "$tmp/tsv" | cut -f3 >"$tmp/made"
    all_unique "$tmp/made" || return 1
    sudoku grade -j2 -f tsv "$tmp/made" | tail -n +2 >"$tmp/graded"
    [ "$(wc -l <"$tmp/graded")" -eq 3 ] || { why "not 3 puzzles"; return 1; }
    awk -F '\t' "$awk_test { bad = 1; print > \"/dev/stderr\" } END { exit bad }" "$tmp/graded" 2>>"$tmp/why"
}
# grade's tsv: source line puzzle verdict level level_rank er ep ed hardest
tcheck target_er target '!($7 >= 4.0 && $7 <= 6.0)' --er 4.0-6.0
tcheck target_er_8x8 target '!($7 >= 2.0 && $7 <= 3.0)' --size 8 --er 2.0-3.0
tcheck target_er_open target '!($7 >= 8.0)' --er 8.0- --symmetry none
tcheck target_ep_ed target '!($8 <= 1.5 && $9 <= 1.2)' --ep -1.5 --ed 1.2
tcheck target_level target '$5 != "hard"' --level hard
tcheck target_technique target '$10 != "xy-wing"' --technique xy-wing --symmetry none
clues_in() {
    sudoku generate -n 5 --seed 2 -j2 "$@" >"$tmp/made" || return 1
    all_unique "$tmp/made" || return 1
    awk '{ n = 0; for (i = 1; i <= length($0); i++) n += substr($0, i, 1) != "."; if (n < 21 || n > 22) bad = 1 }
         END { exit bad }' "$tmp/made" || { why "clue counts out of range"; return 1; }
}
tcheck target_clues clues_in --clues 21-22 --symmetry none

# The Patterns Game: the clues where the mask has them.
pattern=x...x...x.x.x.x.x...x.x.x...x...x...x.x.x...x...x.x.x.x...x.x.x.x...x...x...x...x
pattern() {
    sudoku generate -n 3 --seed 1 -j1 --pattern "$pattern" -f tsv >"$tmp/tsv" 2>"$tmp/err" || { why "status $?"; cat "$tmp/err" >>"$tmp/why"; return 1; }
    tail -n +2 "$tmp/tsv" | cut -f3 >"$tmp/made"
    all_unique "$tmp/made" || return 1
    while read -r p; do
        m=$(echo "$p" | sed 's/[1-9]/x/g')
        [ "$m" = "$pattern" ] || { why "$p does not follow the pattern"; return 1; }
    done <"$tmp/made"
    tail -n +2 "$tmp/tsv" | cut -f5 | grep -qvx pattern && { why "symmetry column is not 'pattern'"; return 1; }
    return 0
}
tcheck pattern pattern

# --from: the search starts there; the start itself is not printed.
from() {
    sudoku generate -n 1 --seed 4 -j1 --symmetry none --er 7.0- >"$tmp/start" || return 1
    sudoku generate -n 2 --seed 4 -j1 --from "$tmp/start" --er 7.0- >"$tmp/made" 2>"$tmp/err" || { why "status $?"; cat "$tmp/err" >>"$tmp/why"; return 1; }
    all_unique "$tmp/made" || return 1
    grep -qxF -f "$tmp/start" "$tmp/made" && { why "the start was printed"; return 1; }
    return 0
}
tcheck from from

# ------------------------------------------------------------ formats

formats() {
    sudoku generate -n 3 --seed 1 -j1 -f json >"$tmp/json" || return 1
    [ "$(grep -c '^{"index":[1-3],"seed":1,"puzzle":"[.1-9]\{81\}","clues":[0-9]*,"symmetry":"rot180","minimal":true,"level":"[a-z]*","er":[0-9.]*,"ep":[0-9.]*,"ed":[0-9.]*,"hardest":"[a-z-]*","solution":"[1-9]\{81\}"}$' "$tmp/json")" -eq 3 ] ||
        { why "json lines:"; cat "$tmp/json" >>"$tmp/why"; return 1; }
    sudoku generate -n 2 --seed 1 -j1 -f csv >"$tmp/csv" || return 1
    [ "$(head -1 "$tmp/csv")" = "$(printf 'index,seed,puzzle,clues,symmetry,minimal,level,er,ep,ed,hardest,solution\r')" ] ||
        { why "csv header"; return 1; }
    sudoku generate -n 2 --seed 1 -j1 -f grid --size 8 >"$tmp/grid" || return 1
    [ "$(wc -l <"$tmp/grid")" -eq 24 ] || { why "grid: $(wc -l <"$tmp/grid") lines"; return 1; }
    sudoku check "$tmp/grid" >/dev/null || { why "grids do not read back"; return 1; }
    sudoku generate -n 2 --seed 1 -j1 -f svg >"$tmp/svg" || return 1
    [ "$(grep -c '^<svg ' "$tmp/svg")" -eq 2 ] || { why "svg: not two pictures"; return 1; }
    sudoku generate -n 1 --seed 1 -j1 -f html >"$tmp/html" || return 1
    grep -q '^<!DOCTYPE html>' "$tmp/html" && grep -q '</html>' "$tmp/html" || { why "html"; return 1; }
    if command -v xmllint >/dev/null 2>&1; then
        sudoku generate -n 1 --seed 1 -j1 -f svg | xmllint --noout - 2>>"$tmp/why" || return 1
    fi
    return 0
}
tcheck formats formats

# tsv, csv and json are one record written three ways (fields.c): the csv
# is the tsv with commas and CR LF, each JSON line has the header's names
# as keys, in order, and nothing else, with the tsv row's values (null for
# an empty field).
records_agree() {
    for f in tsv csv json; do
        sudoku generate -n 4 --seed 11 -j2 -f $f "$@" >"$tmp/rec.$f" || { why "-f $f: status $?"; return 1; }
    done
    [ "$(wc -l <"$tmp/rec.tsv")" -eq 5 ] || { why "tsv: $(wc -l <"$tmp/rec.tsv") lines, not a header and 4"; return 1; }
    [ "$(grep -c "$(printf '\r')\$" "$tmp/rec.csv")" -eq 5 ] || { why "csv lines do not end in CR LF"; return 1; }
    tr ',' '\t' <"$tmp/rec.csv" | tr -d '\r' | cmp -s - "$tmp/rec.tsv" || { why "the csv is not the tsv"; return 1; }
    awk '{ sub(/^\{/, ""); sub(/\}$/, ""); n = split($0, kv, ","); keys = ""; vals = ""
           for (i = 1; i <= n; i++) {
               k = kv[i]; sub(/:.*/, "", k); v = substr(kv[i], length(k) + 2)
               gsub(/"/, "", k); if (v == "null") v = ""; gsub(/"/, "", v)
               keys = keys (i > 1 ? "\t" : "") k; vals = vals (i > 1 ? "\t" : "") v
           }
           if (NR == 1) print keys
           print vals }' "$tmp/rec.json" >"$tmp/rec.json.tsv"
    cmp -s "$tmp/rec.json.tsv" "$tmp/rec.tsv" ||
        { why "the json is not the tsv:"; diff "$tmp/rec.tsv" "$tmp/rec.json.tsv" | head -6 >>"$tmp/why"; return 1; }
}
tcheck records_agree_9x9 records_agree
tcheck records_agree_8x8 records_agree --size 8 --symmetry none
tcheck records_agree_pattern records_agree --pattern "$pattern"

# Every format but the pictures reads back as the puzzles made: a json,
# tsv or csv run piped into check gives the line format's puzzles.
reads_back() {
    sudoku generate -n 3 --seed 5 -j1 "$@" >"$tmp/lines" || return 1
    for f in json tsv csv; do
        sudoku generate -n 3 --seed 5 -j1 -f $f "$@" | sudoku check -j1 - >"$tmp/back" 2>"$tmp/err" ||
            { why "check of the $f records: status $?"; cat "$tmp/err" >>"$tmp/why"; return 1; }
        sed 's/ unique$//' "$tmp/back" | cmp -s - "$tmp/lines" || { why "$f read back as:"; head -3 "$tmp/back" >>"$tmp/why"; return 1; }
    done
}
tcheck reads_back_9x9 reads_back
tcheck reads_back_8x8 reads_back --size 8

# Without --seed, the seed is on standard error and in the tsv, and repeats the run.
seed_shown() {
    sudoku generate -n 2 -j1 -f tsv >"$tmp/a" 2>"$tmp/err" || return 1
    seed=$(sed -n 's/^sudoku: generate --seed \([0-9][0-9]*\)$/\1/p' "$tmp/err")
    [ -n "$seed" ] || { why "no seed on standard error:"; cat "$tmp/err" >>"$tmp/why"; return 1; }
    # Below 2^53, so that a JSON reader keeping numbers as doubles (jq 1.6) reads it exactly.
    awk -v s="$seed" 'BEGIN { exit !(length(s) < 16 || (length(s) == 16 && s "" < "9007199254740992")) }' ||
        { why "drawn seed $seed is not below 2^53"; return 1; }
    [ "$(tail -n +2 "$tmp/a" | cut -f2 | sort -u)" = "$seed" ] || { why "seed column"; return 1; }
    sudoku generate -n 2 -j2 -f tsv --seed "$seed" >"$tmp/b" 2>/dev/null || return 1
    cmp -s "$tmp/a" "$tmp/b" || { why "--seed $seed made other puzzles"; return 1; }
}
tcheck seed_shown seed_shown

# ------------------------------------------------------------ limits

max_time() {
    start=$(date +%s)
    sudoku generate -n 3 --seed 1 -j2 --er 11.5- --symmetry full --max-time 1 >"$tmp/out" 2>"$tmp/err"
    status=$?
    end=$(date +%s)
    [ $status = 75 ] || { why "status $status, expected 75"; return 1; }
    [ $((end - start)) -le 8 ] || { why "took $((end - start)) s"; return 1; }
    grep -q '^sudoku: --max-time ran out: 0 of 3 puzzles made ([0-9]* tried); the best ER reached was [0-9.]*$' "$tmp/err" ||
        { why "message:"; cat "$tmp/err" >>"$tmp/why"; return 1; }
}
tcheck max_time max_time

# ------------------------------------------------------------ options

# generate reads its options as every command does (optread.c): short
# flags clustered (-qn 3), a short option's value attached (-n3, -ftsv) or
# next, --opt=VALUE, '--' ends the options.
spellings() {
    sudoku generate -n 3 --seed 8 -j 1 -f tsv >"$tmp/plain" || { why "status $?"; return 1; }
    for sp in '-n3 --seed=8 -j1 -ftsv' '--count=3 --seed 8 --jobs=1 --format=tsv'; do
        # shellcheck disable=SC2086 # the options of one spelling
        sudoku generate $sp >"$tmp/spelled" || { why "'$sp': status $?"; return 1; }
        cmp -s "$tmp/plain" "$tmp/spelled" || { why "'$sp' made other output"; return 1; }
    done
}
tcheck option_spellings spellings

# -q: no puzzles on standard output (no header either), the exit status
# tells whether COUNT were made; the seed, when drawn, is still said on
# standard error.
quiet() {
    sudoku generate "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ $status = 0 ] || { why "status $status: $(head -2 "$tmp/err")"; return 1; }
    [ ! -s "$tmp/out" ] || { why "standard output: $(head -2 "$tmp/out")"; return 1; }
    [ ! -s "$tmp/err" ] || { why "standard error: $(head -2 "$tmp/err")"; return 1; }
}
tcheck quiet quiet -q -n 3 --seed 1 -j1
tcheck quiet_tsv quiet --quiet -n 2 --seed 1 -j1 -f tsv
tcheck quiet_clustered quiet -qn 3 --seed 1 -j1
tcheck quiet_clustered_value quiet -qn2 --seed 1 -j1 -s 8
quiet_timed_out() {
    sudoku generate -q -n 2 --seed 1 -j2 --er 11.5- --symmetry full --max-time 1 >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ $status = 75 ] || { why "status $status, expected 75"; return 1; }
    [ ! -s "$tmp/out" ] || { why "standard output not empty"; return 1; }
    grep -q '^sudoku: --max-time ran out: 0 of 2 puzzles made' "$tmp/err" || { why "message:"; cat "$tmp/err" >>"$tmp/why"; return 1; }
}
tcheck quiet_timed_out quiet_timed_out
quiet_seed() {
    sudoku generate -q -j1 >"$tmp/out" 2>"$tmp/err" || { why "status $?"; return 1; }
    [ ! -s "$tmp/out" ] || { why "standard output not empty"; return 1; }
    grep -q '^sudoku: generate --seed [0-9][0-9]*$' "$tmp/err" || { why "no seed said:"; cat "$tmp/err" >>"$tmp/why"; return 1; }
}
tcheck quiet_seed quiet_seed

usage_error() {
    message=$1
    shift
    sudoku generate "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    [ $status = 64 ] || { why "status $status, expected 64"; return 1; }
    [ ! -s "$tmp/out" ] || { why "standard output not empty"; return 1; }
    grep -qxF "sudoku: $message" "$tmp/err" || { why "message:"; cat "$tmp/err" >>"$tmp/why"; return 1; }
}
tcheck bad_size usage_error "--size takes 9 or 8, not '7'" --size 7
tcheck bad_count usage_error "--count takes a positive number (up to 1000000000), not '0'" -n 0
tcheck bad_count_negative usage_error "--count takes a positive number (up to 1000000000), not '-3'" -n -3
tcheck inverted_er usage_error "--er: the range '9.0-8.0' is empty" --er 9.0-8.0
tcheck empty_er usage_error "--er takes a range of ratings such as 7.0-8.5, 9.0- or -4.0, not '-'" --er -
tcheck bad_er usage_error "--er takes a range of ratings such as 7.0-8.5, 9.0- or -4.0, not '9.05'" --er 9.05
tcheck inverted_clues usage_error "--clues: the range '30-20' is empty" --clues 30-20
tcheck bad_symmetry usage_error "--symmetry takes none, rot180, rot90, vertical, horizontal, both, diagonal, antidiagonal, bidiagonal or full, not 'rot45'" --symmetry rot45
tcheck bad_technique usage_error "--technique takes a technique's id (see the README), not 'magic'" --technique magic
tcheck bad_level usage_error "--level takes easy, medium, hard, expert or extreme, not 'insane'" --level insane
tcheck bad_mask usage_error "--pattern takes 81 or 64 characters, x for a clue and . for none, not 'xx..'" --pattern xx..
tcheck mask_size usage_error "--pattern has 81 cells, which is not the --size given" --size 8 --pattern "$pattern"
tcheck bad_seed usage_error "--seed takes a number from 0 to 18446744073709551615, not 'abc'" --seed abc
tcheck bad_max_time usage_error "--max-time takes a positive number of seconds, not '0'" --max-time 0
tcheck no_value usage_error "--er needs a value" --er
tcheck unknown_option usage_error "unknown option '--colour'" --colour
tcheck operand usage_error "generate takes no operand ('x.txt')" x.txt
tcheck operand_dash usage_error "generate takes no operand ('-')" -
tcheck after_dashes usage_error "generate takes no operand ('-n')" --seed 1 -- -n
tcheck unknown_in_cluster usage_error "unknown option '-x' in '-qx'" -qx
tcheck count_in_cluster usage_error "--count takes a positive number (up to 1000000000), not '0'" -qn0
tcheck cluster_no_value usage_error "-n needs a value" -qn
tcheck flag_value usage_error "--json takes no value, not 'yes'" --json=yes
tcheck long_value usage_error "--size takes 9 or 8, not '7'" --size=7
tcheck value_is_the_rest usage_error "--jobs takes a number from 1 to 256, not '1n3'" -j1n3

from_missing() {
    sudoku generate --from "$tmp/nothing.txt" >"$tmp/out" 2>"$tmp/err"
    [ $? = 66 ] || { why "status, expected 66"; return 1; }
}
tcheck from_missing from_missing
from_bad() {
    printf '12345\n' >"$tmp/bad.txt"
    sudoku generate --seed 1 --from "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/err"
    [ $? = 65 ] || { why "status, expected 65"; return 1; }
    grep -q "bad.txt:1: " "$tmp/err" || { why "no FILE:LINE message"; cat "$tmp/err" >>"$tmp/why"; return 1; }
}
tcheck from_bad from_bad

help_text() {
    sudoku generate --help >"$tmp/help" && sudoku help generate >"$tmp/help2" || return 1
    cmp -s "$tmp/help" "$tmp/help2" && grep -q -- '--symmetry KIND' "$tmp/help" || { why "help"; return 1; }
    sudoku --help | grep -q '^  generate ' || { why "not in sudoku --help"; return 1; }
}
tcheck help help_text

# -V as every command answers it, alone or in a cluster, nothing made.
version_text() {
    want=$(sudoku --version) || return 1
    [ "$(sudoku generate --version)" = "$want" ] && [ "$(sudoku generate -qV)" = "$want" ] ||
        { why "generate --version is not '$want'"; return 1; }
}
tcheck version version_text

[ $skipped = 0 ] || echo "($skipped skipped)"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
