# haproxy in front of Roster servers, as scripts/cluster and scripts/bench cluster run it:
# sourced, not run.

# haproxy_config PORT SERVER_PORT...  prints a configuration listening on 127.0.0.1:PORT that
# balances by the `session` parameter over the servers (named r1, r2, ...), with /healthz checks.
haproxy_config() {
    local port="$1"; shift
    cat <<CFG
global
  maxconn 4000

defaults
  mode http
  timeout connect 1s
  timeout check 2s
  timeout client 60s
  timeout server 30s
  timeout tunnel 1h
  timeout http-keep-alive 10s
  retries 3
  option redispatch 1

frontend roster
  bind 127.0.0.1:$port
  default_backend roster

backend roster
  # A session stays on one server; a lost server moves only its own sessions, once.
  balance url_param session
  hash-type consistent
  option httpchk GET /healthz
  http-response set-header X-Roster-Server %[srv_name]
  default-server inter 500ms fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down
CFG
    local i=0 server
    for server in "$@"; do
        i=$((i + 1))
        echo "  server r$i 127.0.0.1:$server check"
    done
}
