# Helpers for scripts/bench: start `roster serve` on a free port and stop it.
# start_roster DB [FLAGS...]  sets ROSTER_PID and ROSTER_PORT
start_roster() {
    local db="$1"; shift
    local out; out="$(mktemp)"
    "$ROSTER" serve --host 127.0.0.1 --port 0 --db "$db" "$@" >"$out" 2>"$out.err" &
    ROSTER_PID=$!
    for _ in $(seq 1 1200); do
        if grep -q '^listening on http://' "$out"; then
            ROSTER_PORT="$(sed -n 's#^listening on http://[^:]*:\([0-9]*\)$#\1#p' "$out")"
            return 0
        fi
        kill -0 "$ROSTER_PID" 2>/dev/null || { cat "$out.err" >&2; return 1; }
        sleep 0.1
    done
    echo "roster did not start" >&2
    return 1
}

stop_roster() {
    [ -n "${ROSTER_PID:-}" ] || return 0
    kill -TERM "$ROSTER_PID" 2>/dev/null || true
    wait "$ROSTER_PID" 2>/dev/null || true
}

# start_nginx ROOT  sets NGINX_PORT and NGINX_DIR (2 workers, gzip as in production setups)
start_nginx() {
    # nginx's workers run as another user: the files and the folder above them must be
    # readable by others (mktemp -d makes folders only their owner can enter).
    chmod -R o+rX "$1"
    chmod o+x "$(dirname "$1")"
    NGINX_DIR="$(mktemp -d)"
    NGINX_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    cat >"$NGINX_DIR/nginx.conf" <<CONF
worker_processes 2; pid $NGINX_DIR/nginx.pid; error_log $NGINX_DIR/error.log; daemon on;
events { worker_connections 4096; }
http { access_log off; gzip on; gzip_min_length 1024; gzip_types application/json application/javascript text/css;
  types { application/json json; text/html html; application/javascript js; text/css css; }
  server { listen 127.0.0.1:$NGINX_PORT; root $1; location / { } } }
CONF
    nginx -c "$NGINX_DIR/nginx.conf"
    sleep 0.3
}

stop_nginx() {
    [ -f "$NGINX_DIR/nginx.pid" ] && kill "$(cat "$NGINX_DIR/nginx.pid")" 2>/dev/null || true
}

# wrk_rps URL [WRK ARGS...]  prints requests/s and p99 (ms) as "RPS P99"; fails (with
# what went wrong on stderr) when any answer was not 2xx or a socket failed.
wrk_rps() {
    local url="$1"; shift
    wrk -t2 -c50 -d10s --latency "$@" "$url" | awk -v url="$url" '
        /^Requests\/sec:/ { rps = $2 }
        $1 == "99%" { v = $2; if (v ~ /us$/) p = v / 1000; else if (v ~ /ms$/) p = v + 0; else p = v * 1000 }
        /Non-2xx or 3xx responses:/ { bad = $NF }
        /Socket errors:/ { errors = $0 }
        END {
            if (bad > 0 || errors != "") { printf "wrk %s: %d non-2xx answers %s\n", url, bad, errors > "/dev/stderr"; exit 1 }
            printf "%s %.2f\n", rps, p
        }'
}
