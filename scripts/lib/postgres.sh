# PostgreSQL from Debian's default `postgresql` package (any version from 15 on) for the test
# scripts and scripts/cluster: sourced, not run.
PG_MIN_MAJOR=15

# pg_bindir  prints the bin folder of the newest PostgreSQL server installed (the one that has
# initdb: /usr/lib/postgresql/*/bin, else `pg_config --bindir`), or nothing when there is none.
pg_bindir() {
    local dir
    dir="$(for dir in /usr/lib/postgresql/*/bin; do [ -x "$dir/initdb" ] && echo "$dir"; done |
        sort -V | tail -1)"
    if [ -z "$dir" ] && command -v pg_config >/dev/null 2>&1; then
        dir="$(pg_config --bindir 2>/dev/null)"
        [ -x "$dir/initdb" ] || dir=""
    fi
    echo "$dir"
}

# pg_major BINDIR  the major version of the server in BINDIR (16 for "postgres (PostgreSQL) 16.4").
pg_major() {
    "$1/postgres" --version | sed -n 's/^[^0-9]*\([0-9][0-9]*\).*/\1/p'
}

PGBIN="$(pg_bindir)"

# need_postgres  installs Debian's `postgresql` package when no server is installed (and stops
# the default cluster it starts, on 5432: not ours), sets PGBIN to the newest server's binaries,
# and fails, saying how to fix it, when that server is older than PG_MIN_MAJOR.
need_postgres() {
    PGBIN="$(pg_bindir)"
    if [ -z "$PGBIN" ]; then
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        echo "postgres: installing postgresql" >&2
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null ||
            { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null; }
        PGBIN="$(pg_bindir)"
        [ -n "$PGBIN" ] || { echo "postgres: the postgresql package installed no initdb" >&2; return 1; }
        $sudo pg_ctlcluster "$(pg_major "$PGBIN")" main stop >/dev/null 2>&1 || true
    fi
    local major
    major="$(pg_major "$PGBIN")"
    if [ -z "$major" ] || [ "$major" -lt "$PG_MIN_MAJOR" ]; then
        echo "postgres: the newest PostgreSQL server here ($PGBIN) is version ${major:-unknown};" \
            "Roster needs $PG_MIN_MAJOR or later. Install a newer one (Debian 12 or later: apt-get install" \
            "postgresql; older releases: postgresql-$PG_MIN_MAJOR or later from the PostgreSQL apt repository)." >&2
        return 1
    fi
}

# pg_bin DATA  the bin folder for the data directory DATA: the server of the major version that
# made it (a data directory runs only under its own major version), else PGBIN for a new one.
pg_bin() {
    local version
    version="$(cat "$1/PG_VERSION" 2>/dev/null || true)"
    if [ -n "$version" ] && [ -x "/usr/lib/postgresql/$version/bin/pg_ctl" ]; then
        echo "/usr/lib/postgresql/$version/bin"
    elif [ -n "$version" ] && [ -n "$PGBIN" ] && [ "$(pg_major "$PGBIN")" != "$version" ]; then
        echo "postgres: $1 was made by PostgreSQL $version, which is not installed; delete it" \
            "(scripts/cluster reset) to make it afresh with $(pg_major "$PGBIN")" >&2
        return 1
    else
        echo "$PGBIN"
    fi
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
    local bin
    bin="$(pg_bin "$1")" || return 1
    as_pg "$bin/pg_ctl" -D "$1" status >/dev/null 2>&1 ||
        as_pg "$bin/pg_ctl" -D "$1" -l "$1.log" -w -t 60 start >/dev/null
}

# pg_stop DATA  stops it (fast) if it runs.
pg_stop() {
    local bin
    [ -f "$1/postmaster.pid" ] && bin="$(pg_bin "$1" 2>/dev/null)" &&
        as_pg "$bin/pg_ctl" -D "$1" -m fast -w stop >/dev/null 2>&1
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
