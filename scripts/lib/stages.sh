# The stages of scripts/test, each timed, with a table of their times printed at the end of the
# run (also when a stage fails): sourced, not run. A stage runs in the foreground (`stage`), or in
# the background beside the others (`stage_start`, then `stage_finish`), its output kept in
# .build/test-stages/NAME.log and printed whole once it ends, so that outputs never interleave.
# Beside each time, how busy the machine's cores were over the stage (from /proc/stat): a stage
# that leaves them idle is one that another could run beside.

STAGE_DIR=.build/test-stages
STAGE_ROWS=()
STAGE_STARTED=$SECONDS
declare -A STAGE_PIDS=() STAGE_BEGAN=() STAGE_TICKS=()
mkdir -p "$STAGE_DIR"

# cpu_ticks  "BUSY TOTAL": the jiffies all cores spent busy and in all since boot.
cpu_ticks() {
    local _ user nice system idle iowait rest
    read -r _ user nice system idle iowait rest </proc/stat
    local total=$((user + nice + system + idle + iowait)) extra
    for extra in $rest; do total=$((total + extra)); done
    echo "$((total - idle - iowait)) $total"
}

# busy_since "BUSY TOTAL"  the share of the cores busy since those ticks, as "NN% busy".
busy_since() {
    local busy0 total0 busy1 total1
    read -r busy0 total0 <<<"$1"
    read -r busy1 total1 <<<"$(cpu_ticks)"
    [ "$total1" -gt "$total0" ] || { echo "-"; return; }
    echo "$((100 * (busy1 - busy0) / (total1 - total0)))% busy"
}
STAGE_START_TICKS="$(cpu_ticks)"

# stage_row NAME SECONDS TICKS STATUS [NOTE]  one line of the table: the time, the cores' use
# since TICKS, and ok/NOTE or FAILED.
stage_row() {
    STAGE_ROWS+=("$(printf '%-13s %5d s  %-9s  %s' "$1" "$2" "$(busy_since "$3")" \
        "$([ "$4" -eq 0 ] && echo "ok${5:+ ($5)}" || echo "FAILED ($4)")")")
}

# stage NAME COMMAND...  runs COMMAND in the foreground and records its time; a failure ends the run.
stage() {
    local name="$1" began=$SECONDS ticks status=0
    ticks="$(cpu_ticks)"
    shift
    echo "== $name: $*"
    "$@" || status=$?
    stage_row "$name" $((SECONDS - began)) "$ticks" "$status"
    [ "$status" -eq 0 ] || exit "$status"
}

# stage_start NAME COMMAND...  starts COMMAND in the background, its output going to NAME's log.
stage_start() {
    local name="$1"
    shift
    echo "== $name (beside the others, output at its end): $*"
    STAGE_BEGAN[$name]=$SECONDS
    STAGE_TICKS[$name]="$(cpu_ticks)"
    rm -f "$STAGE_DIR/$name.seconds"
    # Its own process group (setsid), so that a failed run can stop it with all it started. It
    # writes down how long it ran itself: the run may reach stage_finish long after it ended.
    setsid bash -c '"$@"; status=$?; echo "$SECONDS" >"$0"; exit "$status"' \
        "$STAGE_DIR/$name.seconds" "$@" >"$STAGE_DIR/$name.log" 2>&1 &
    STAGE_PIDS[$name]=$!
}

# stage_finish NAME  waits for NAME, prints its output, records its time; a failure ends the run.
stage_finish() {
    local name="$1" status=0
    wait "${STAGE_PIDS[$name]}" || status=$?
    unset "STAGE_PIDS[$name]"
    echo "== $name: output"
    cat "$STAGE_DIR/$name.log"
    local ran
    ran="$(cat "$STAGE_DIR/$name.seconds" 2>/dev/null || echo $((SECONDS - STAGE_BEGAN[$name])))"
    stage_row "$name" "$ran" "${STAGE_TICKS[$name]}" "$status" "beside others"
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
    printf '%-13s %5d s  %-9s  %s\n' "whole run" $((SECONDS - STAGE_STARTED)) "$(busy_since "$STAGE_START_TICKS")" "$([ $status -eq 0 ] && echo ok || echo "FAILED ($status)")"
    return "$status"
}
