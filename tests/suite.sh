#!/bin/sh
# suite.sh - runs one test suite with its output in a log, and says in one
# line how it went, so that suites can run side by side (make -j) and still
# be read: 'pass NAME (12 s)', or 'FAIL NAME' and the end of its log.
#
#   sh tests/suite.sh NAME LOGDIR COMMAND [ARG...]
#
# The exit status is the command's; it is also written to LOGDIR/NAME.status
# for tests/suite-total.sh.
set -u
name=$1
logdir=$2
shift 2
mkdir -p "$logdir" || exit 2
log="$logdir/$name.log"
label="${logdir%/logs}: $name" # the build it ran in, and the suite
start=$(date +%s)
"$@" >"$log" 2>&1
status=$?
took=$(($(date +%s) - start))
echo "$status $took" >"$logdir/$name.status"
# the suites' own closing counts, when they print one
counts=$(grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^([a-z-]+: )?[0-9]+ passed' "$log" | tr -s ' ' | tr '\n' ' ')
if [ $status -eq 0 ]; then
    echo "pass $label (${took} s) $counts"
else
    echo "FAIL $label (${took} s, status $status) $counts"
    echo "---- the end of $log:"
    tail -n 40 "$log"
    echo "----"
fi
exit $status
