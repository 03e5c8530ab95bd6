#!/bin/sh
# layers.sh - the folders are the layers, and the dependencies point one way.
#
# Reads which object file uses which (a symbol one leaves undefined that
# another defines, by nm) and fails when
#   - a file of the library uses a file of a later layer (LAYERS, in order,
#     then programs/ above them all), or the library uses the program;
#   - object files form a cycle, inside a layer or across layers (tsort).
#
#   BUILD=build LAYERS="grid read solve techniques grade" sh tests/layers.sh
set -u
BUILD=${BUILD:-build}
LAYERS=${LAYERS:?LAYERS: the layers of the library, in order}
NM=${NM:-nm}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# rank of each folder: the layers in order, then programs
rank=0
: > "$tmp/ranks"
for layer in $LAYERS programs; do
    rank=$((rank + 1))
    if [ "$layer" = programs ]; then dir="$BUILD/obj/programs"; else dir="$BUILD/obj/lib/$layer"; fi
    [ -d "$dir" ] || { echo "layers: $dir: no objects (build first)" >&2; exit 1; }
    for o in "$dir"/*.o; do
        [ -f "$o" ] && printf '%s %s %s\n' "$o" "$rank" "$layer" >> "$tmp/ranks"
    done
done
[ -s "$tmp/ranks" ] || { echo "layers: no object files under $BUILD/obj" >&2; exit 1; }

# symbols: "D sym object" for what an object defines, "U sym object" for what it uses
while read -r o r l; do
    "$NM" -g "$o" | awk -v o="$o" '
        NF == 2 && $1 == "U" { print "U", $2, o }
        NF == 3 && $2 ~ /^[TDBRCVW]$/ { print "D", $3, o }'
done < "$tmp/ranks" > "$tmp/syms"

# edges "user used symbol" between distinct objects
awk '$1 == "D" { def[$2] = $3; next }
     { use[NR] = $3 " " $2 }
     END { for (i in use) { split(use[i], a, " "); if ((a[2] in def) && def[a[2]] != a[1]) print a[1], def[a[2]], a[2] } }' \
    "$tmp/syms" | sort -u > "$tmp/edges"

status=0
# every edge goes to the same layer or an earlier one
awk 'NR == FNR { rank[$1] = $2; layer[$1] = $3; next }
     rank[$2] > rank[$1] {
         printf "layers: %s (%s) uses %s of %s (%s), a later layer\n", $1, layer[$1], $3, $2, layer[$2]; bad = 1 }
     END { exit bad }' "$tmp/ranks" "$tmp/edges" >&2 || status=1

# no cycle among the objects
if ! awk '{ print $1, $2 }' "$tmp/edges" | sort -u | tsort > /dev/null 2> "$tmp/tsort"; then
    echo "layers: the object files form a cycle:" >&2
    sed 's/^/  /' "$tmp/tsort" >&2
    status=1
fi

n=$(wc -l < "$tmp/ranks")
e=$(awk '{ print $1, $2 }' "$tmp/edges" | sort -u | wc -l)
if [ $status -eq 0 ]; then
    echo "layers: $n object files, $e dependencies, all pointing to the same or an earlier layer, no cycle"
fi
exit $status
