# PostgreSQL 15 from Debian for the test scripts and scripts/cluster: sourced, not run.
PGBIN=/usr/lib/postgresql/15/bin

# need_postgres  installs postgresql-15 when its initdb is missing, and stops the
# default cluster the package starts (on 5432: not ours).
need_postgres() {
    [ -x "$PGBIN/initdb" ] && return 0
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "postgres: installing postgresql-15" >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql-15 >/dev/null ||
        { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql-15 >/dev/null; }
    $sudo pg_ctlcluster 15 main stop >/dev/null 2>&1 || true
}

# as_pg CMD...  runs a PostgreSQL binary as the postgres user when we are root (they refuse root).
as_pg() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# pg_init DATA PORT [EXTRA-CONF]  makes a data directory listening on 127.0.0.1:PORT (TCP only,
# trust auth, replication allowed) unless it exists.
pg_init() {
    local data="$1" port="$2" extra="${3:-}"
    [ -f "$data/PG_VERSION" ] && return 0
    mkdir -p "$(dirname "$data")"
    [ "$(id -u)" -eq 0 ] && chown postgres "$(dirname "$data")"
    as_pg "$PGBIN/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
    printf "listen_addresses = '127.0.0.1'\nport = %s\nunix_socket_directories = ''\nmax_connections = 400\n%s\n" \
        "$port" "$extra" >>"$data/postgresql.conf"
}

# pg_start DATA  starts it (waiting until it takes connections) unless it runs.
pg_start() {
    as_pg "$PGBIN/pg_ctl" -D "$1" status >/dev/null 2>&1 ||
        as_pg "$PGBIN/pg_ctl" -D "$1" -l "$1.log" -w -t 60 start >/dev/null
}

# pg_stop DATA  stops it (fast) if it runs.
pg_stop() {
    [ -f "$1/postmaster.pid" ] && as_pg "$PGBIN/pg_ctl" -D "$1" -m fast -w stop >/dev/null 2>&1
    return 0
}

# pg_sql PORT DB SQL  one statement, values unaligned.
pg_sql() {
    "$PGBIN/psql" -X -A -t -q -h 127.0.0.1 -p "$1" -U postgres -d "$2" -c "$3"
}

# free_port  a loopback port nobody listens on now.
free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
