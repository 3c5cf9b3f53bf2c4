# The stages of scripts/test, each timed, with a table of their times printed at the end of the
# run (also when a stage fails): sourced, not run. A stage runs in the foreground (`stage`), or in
# the background beside the others (`stage_start`, then `stage_finish`), its output kept in
# .build/test-stages/NAME.log and printed whole once it ends, so that outputs never interleave.

STAGE_DIR=.build/test-stages
STAGE_ROWS=()
STAGE_STARTED=$SECONDS
declare -A STAGE_PIDS=() STAGE_BEGAN=()
mkdir -p "$STAGE_DIR"

# stage_row NAME SECONDS STATUS [NOTE]  one line of the table: the time, and ok/NOTE or FAILED.
stage_row() {
    STAGE_ROWS+=("$(printf '%-13s %5d s  %s' "$1" "$2" "$([ "$3" -eq 0 ] && echo "ok${4:+ ($4)}" || echo "FAILED ($3)")")")
}

# stage NAME COMMAND...  runs COMMAND in the foreground and records its time; a failure ends the run.
stage() {
    local name="$1" began=$SECONDS status=0
    shift
    echo "== $name: $*"
    "$@" || status=$?
    stage_row "$name" $((SECONDS - began)) "$status"
    [ "$status" -eq 0 ] || exit "$status"
}

# stage_start NAME COMMAND...  starts COMMAND in the background, its output going to NAME's log.
stage_start() {
    local name="$1"
    shift
    echo "== $name (beside the others, output at its end): $*"
    STAGE_BEGAN[$name]=$SECONDS
    # Its own process group (setsid), so that a failed run can stop it with all it started.
    setsid "$@" >"$STAGE_DIR/$name.log" 2>&1 &
    STAGE_PIDS[$name]=$!
}

# stage_finish NAME  waits for NAME, prints its output, records its time; a failure ends the run.
stage_finish() {
    local name="$1" status=0
    wait "${STAGE_PIDS[$name]}" || status=$?
    unset "STAGE_PIDS[$name]"
    echo "== $name: output"
    cat "$STAGE_DIR/$name.log"
    stage_row "$name" $((SECONDS - STAGE_BEGAN[$name])) "$status" "beside others"
    [ "$status" -eq 0 ] || exit "$status"
}

# stage_summary [STATUS]  the table of stage times, the run's STATUS (default: the last command's)
# beside it; stops background stages still running, as after a failure.
stage_summary() {
    local status="${1:-$?}" name
    for name in "${!STAGE_PIDS[@]}"; do
        kill -- "-${STAGE_PIDS[$name]}" 2>/dev/null || true
        STAGE_ROWS+=("$(printf '%-13s %5s    %s' "$name" "-" "stopped: the run failed first (log: $STAGE_DIR/$name.log)")")
    done
    echo
    echo "== stage times"
    printf '%s\n' "${STAGE_ROWS[@]}"
    printf '%-13s %5d s  %s\n' "whole run" $((SECONDS - STAGE_STARTED)) "$([ $status -eq 0 ] && echo ok || echo "FAILED ($status)")"
    return "$status"
}
