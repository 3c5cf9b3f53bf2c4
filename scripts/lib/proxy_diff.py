"""Behind proxies: the HTTP Garden's differential method, run by scripts/reliability.

    python3 scripts/lib/proxy_diff.py --roster BIN [--seed S] [--cases N] [--only N] [--work DIR]

Starts Roster (`--trace-requests`), haproxy and nginx from Debian, and between
each proxy and Roster a recorder: a TCP relay that keeps the exact bytes the
proxy forwarded on each connection, and connects to Roster from an address of
its own per connection (127.P.x.y, inside the loopback /8), so Roster's trace
names the connection. N generated cases (scripts/lib/proxy_requests.py) go to
both proxies, and to a third relay with no proxy before it: there Roster meets
the odd bytes themselves, as behind a proxy more lenient than these two. Then, per forwarded connection, the forwarded bytes are read with
a strict reference parser (scripts/lib/http_reference.py): the requests the
proxy meant. Roster's trace says what it read. They must agree, request by
request: the same method, target and body length.

A difference that could smuggle fails: Roster read a request the proxy did not
mean (one more, or one where the proxy meant a body), a different method or
target, or other body boundaries. Roster reading less (it refused what the
proxy forwarded, or answered at the head and closed) is benign and counted.
A failure prints the seed and the case, with the bytes sent, forwarded and read;
`--only N` replays one case with the same seed.

The last line is `verdict: ok|FAIL` with the figures: cases, and per proxy the
cases it forwarded, refused (an error answer, nothing forwarded) and the
mismatches.
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import http_reference  # noqa: E402
import proxy_requests  # noqa: E402

# The second octet of each relay's source addresses. "direct" is no proxy: the cases
# go to a relay straight in front of Roster, which then meets the odd bytes themselves
# (what a lenient proxy could pass on), compared with the reference the same way.
PROXIES = {"haproxy": 1, "nginx": 2, "direct": 3}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """Listens on 127.0.0.1:port for one proxy; each connection it accepts goes on
    to Roster from 127.<octet>.x.y (a new address per connection), and the bytes
    the proxy sends are kept whole."""

    def __init__(self, name, octet, upstream):
        self.name = name
        self.octet = octet
        self.upstream = upstream
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(512)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.connections = {}  # source address -> bytearray forwarded
        self.open = 0
        self.count = 0
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                self.count += 1
                n = self.count
                self.open += 1
            source = f"127.{self.octet}.{(n >> 8) & 255}.{n & 255}"
            threading.Thread(target=self.serve, args=(client, source), daemon=True).start()

    def serve(self, client, source):
        forwarded = bytearray()
        with self.lock:
            self.connections[source] = forwarded
        server = socket.socket()
        try:
            server.bind((source, 0))
            server.connect(self.upstream)
        except OSError:
            client.close()
            server.close()
            with self.lock:
                self.open -= 1
            return
        done = threading.Event()

        def back():
            try:
                while data := server.recv(65536):
                    client.sendall(data)
            except OSError:
                pass
            try:
                client.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            done.set()

        threading.Thread(target=back, daemon=True).start()
        try:
            while data := client.recv(65536):
                forwarded += data
                server.sendall(data)
        except OSError:
            pass
        try:
            server.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        done.wait(10)
        client.close()
        server.close()
        with self.lock:
            self.open -= 1

    def close(self):
        self.listener.close()


def haproxy_config(port, relay_port):
    return f"""global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 5s
  timeout server 5s
  timeout http-request 3s
  timeout http-keep-alive 2s
frontend front
  bind 127.0.0.1:{port}
  default_backend relay
backend relay
  server relay 127.0.0.1:{relay_port}
"""


def nginx_config(work, port, relay_port):
    # The common deployment: HTTP/1.1 and kept-alive connections to the upstream
    # (where a desync would reach other clients' requests); bodies buffered,
    # except /import, streamed as it comes (chunked stays chunked).
    return f"""worker_processes 1; daemon off; pid {work}/nginx.pid; error_log {work}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {work}/nginx-body; proxy_temp_path {work}/nginx-proxy;
  fastcgi_temp_path {work}/nginx-fcgi; uwsgi_temp_path {work}/nginx-uwsgi; scgi_temp_path {work}/nginx-scgi;
  upstream relay {{ server 127.0.0.1:{relay_port}; keepalive 16; }}
  server {{
    listen 127.0.0.1:{port};
    client_header_timeout 3s; client_body_timeout 3s; keepalive_timeout 2s;
    location / {{ proxy_pass http://relay; proxy_http_version 1.1; proxy_set_header Connection ""; }}
    location /import {{ proxy_pass http://relay; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_request_buffering off; }}
  }}
}}
"""


def wait_port(port, proc, name, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"proxy_diff: {name} exited at start (status {proc.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"proxy_diff: {name} did not listen on {port}")


def send_case(port, case, idle=0.4, limit=3.0):
    """Sends the case on a new connection; returns the first status line answered (or '')."""
    received = bytearray()
    try:
        with socket.create_connection(("127.0.0.1", port), 2) as s:
            if case.split:
                s.sendall(case.data[:case.split])
                time.sleep(case.pause)
                s.sendall(case.data[case.split:])
            else:
                s.sendall(case.data)
            s.settimeout(idle)
            deadline = time.time() + limit
            while time.time() < deadline:
                try:
                    data = s.recv(65536)
                except socket.timeout:
                    if received:
                        break
                    continue
                if not data:
                    break
                received += data
    except OSError:
        pass
    first = bytes(received).split(b"\r\n", 1)[0]
    return first.decode("latin-1")


def case_of(tag):
    if not tag:
        return None
    head = tag.split(".", 1)[0]
    return int(head) if head.isdigit() else None


def compare(forwarded, lines):
    """Findings for one connection: (kind, text). Kinds: 'smuggle' fails; the others count."""
    reference = http_reference.parse(bytes(forwarded))
    meant = reference.requests
    findings = []
    for i, line in enumerate(lines):
        outcome = line.get("outcome")
        if i >= len(meant):
            if outcome == "complete":
                findings.append(("smuggle", f"Roster read request {i + 1} ({line.get('method')} "
                                            f"{line.get('target')}), the proxy meant {len(meant)}"))
            elif line.get("method") is not None:
                findings.append(("smuggle", f"Roster began request {i + 1} ({line.get('method')} "
                                            f"{line.get('target')}), the proxy meant {len(meant)}"))
            break
        want = meant[i]
        if line.get("method") is not None and (line["method"], line["target"]) != (want.method, want.target):
            findings.append(("smuggle", f"request {i + 1}: Roster read {line['method']} {line['target']!r}, "
                                        f"the proxy sent {want.method} {want.target!r}"))
            break
        if outcome == "complete":
            if not want.complete:
                findings.append(("smuggle", f"request {i + 1}: Roster read it whole ({line['body']} body bytes); "
                                            f"the proxy's bytes end it otherwise ({reference.error or 'incomplete'})"))
                break
            if line["body"] != len(want.body):
                findings.append(("smuggle", f"request {i + 1}: Roster read a body of {line['body']} bytes, "
                                            f"the proxy sent {len(want.body)}"))
                break
            continue
        # Refused (invalid), the request reaches no handler whatever body bytes the parser
        # passed on before it found the fault; cut short (unfinished), it must not have
        # read more than the proxy sent.
        if outcome == "unfinished" and line.get("body", 0) > len(want.body):
            findings.append(("smuggle", f"request {i + 1}: Roster read {line['body']} body bytes before it stopped, "
                                        f"the proxy sent {len(want.body)}"))
        elif outcome == "invalid" and want.complete:
            findings.append(("stricter", f"request {i + 1}: Roster refused ({line.get('status')}) what the proxy "
                                         f"forwarded: {want.method} {want.target[:60]!r}"))
        if i + 1 < len(lines):
            findings.append(("smuggle", f"Roster read on after request {i + 1} ended {outcome}"))
        break
    if not lines and meant:
        # Roster writes a line for every head it parsed, even one cut short: none at all
        # means the trace or the relay's addresses are broken, and the test would be blind.
        findings.append(("smuggle", f"Roster traced nothing on a connection that carried {len(meant)} request(s)"))
    elif lines and len(lines) < len([r for r in meant if r.complete]) and lines[-1].get("outcome") == "complete":
        findings.append(("stopped", f"Roster read {len(lines)} of the {len(meant)} requests and stopped"))
    if reference.error:
        findings.append(("proxy_invalid", f"the proxy forwarded bytes the reference refuses: {reference.error}"))
    return reference, findings


def self_check():
    """The comparison flags what it must: run before every test, so it cannot pass by being blind."""
    two = b"GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
    line = {"method": "GET", "target": "/a", "body": 0, "outcome": "complete"}
    assert not [f for f in compare(two, [line, dict(line, target="/b")])[1] if f[0] == "smuggle"]
    assert not [f for f in compare(two, [line])[1] if f[0] == "smuggle"], "reading less is benign"
    extra = dict(line, target="/smuggled")
    assert [f for f in compare(two, [line, dict(line, target="/b"), extra])[1] if f[0] == "smuggle"]
    assert [f for f in compare(two, [line, extra])[1] if f[0] == "smuggle"]
    cl = b"POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\n0\r\n\r\nG"
    post = {"method": "POST", "target": "/a", "body": 0, "outcome": "complete"}
    assert [f for f in compare(cl, [post])[1] if f[0] == "smuggle"], "other body boundaries"
    assert not [f for f in compare(cl, [dict(post, body=5)])[1] if f[0] == "smuggle"]
    bare = b"GET /a HTTP/1.1\nHost: x\r\n\r\n"
    assert [f for f in compare(bare, [line])[1] if f[0] == "smuggle"], "read what the reference refuses"
    assert not [f for f in compare(bare, [{"body": 0, "outcome": "invalid", "status": 400}])[1] if f[0] == "smuggle"]
    assert [f for f in compare(two, [])[1] if f[0] == "smuggle"], "a connection Roster did not trace"


def main():
    self_check()
    parser = argparse.ArgumentParser()
    parser.add_argument("--roster", required=True)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--cases", type=int, default=600)
    parser.add_argument("--only", type=int, action="append")
    parser.add_argument("--work")
    parser.add_argument("--concurrency", type=int, default=12)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    work = args.work or tempfile.mkdtemp(prefix="roster-proxies.")
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o777)
    for name in ("nginx-body", "nginx-proxy", "nginx-fcgi", "nginx-uwsgi", "nginx-scgi"):
        os.makedirs(f"{work}/{name}", exist_ok=True)
        os.chmod(f"{work}/{name}", 0o777)
    trace = f"{work}/trace.jsonl"
    if os.path.exists(trace):
        os.unlink(trace)
    numbers = args.only or list(range(args.cases))
    cases = [proxy_requests.case(args.seed, n) for n in numbers]
    print(f"proxies: seed {args.seed}, {len(cases)} cases "
          f"({', '.join(f'{k} {v}' for k, v in sorted(count_families(cases).items()))})", flush=True)

    processes = []
    relays = {}
    try:
        roster = subprocess.Popen(
            [args.roster, "serve", "--host", "127.0.0.1", "--port", "0", "--db", f"{work}/roster.sqlite",
             "--seed", "20", "--public", f"{root}/Public", "--migrations", f"{root}/Migrations",
             "--trace-requests", trace],
            stdout=subprocess.PIPE, stderr=open(f"{work}/roster.err", "w"), text=True)
        processes.append(roster)
        first = roster.stdout.readline().strip()
        if not first.startswith("listening on http://"):
            raise SystemExit(f"proxy_diff: roster did not start: {first!r}, {open(f'{work}/roster.err').read()[-500:]}")
        roster_port = int(first.rsplit(":", 1)[1])
        threading.Thread(target=roster.stdout.read, daemon=True).start()
        for name, octet in PROXIES.items():
            relays[name] = Relay(name, octet, ("127.0.0.1", roster_port))
        ports = {name: free_port() for name in PROXIES}
        with open(f"{work}/haproxy.cfg", "w") as f:
            f.write(haproxy_config(ports["haproxy"], relays["haproxy"].port))
        with open(f"{work}/nginx.conf", "w") as f:
            f.write(nginx_config(work, ports["nginx"], relays["nginx"].port))
        starts = {
            "haproxy": ["haproxy", "-db", "-f", f"{work}/haproxy.cfg"],
            "nginx": ["nginx", "-c", f"{work}/nginx.conf"],
        }
        proxies = {}
        ports["direct"] = relays["direct"].port
        for name, command in starts.items():
            proxies[name] = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                             stderr=open(f"{work}/{name}.log", "w"))
            processes.append(proxies[name])
            wait_port(ports[name], proxies[name], name)

        started = time.time()
        answers = {}
        with ThreadPoolExecutor(args.concurrency) as pool:
            futures = {(name, case.number): pool.submit(send_case, ports[name], case)
                       for case in cases for name in PROXIES}
            for key, future in futures.items():
                answers[key] = future.result()
        sent_seconds = time.time() - started
        # Stop the proxies so that they close their upstream connections, and wait
        # until the relays have closed theirs to Roster and Roster traced them.
        for name, proc in proxies.items():
            proc.send_signal(signal.SIGTERM)
        for proc in proxies.values():
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        deadline = time.time() + 10
        while time.time() < deadline and any(r.open for r in relays.values()):
            time.sleep(0.05)
        time.sleep(0.5)
        lines = {}
        with open(trace) as f:
            for text in f:
                entry = json.loads(text)
                lines.setdefault(entry["peer"].rsplit(":", 1)[0], []).append(entry)
    finally:
        for proc in processes:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
        for relay in relays.values():
            relay.close()

    with open(f"{work}/cases.jsonl", "w") as f:
        for case in cases:
            f.write(json.dumps({"case": case.number, "family": case.family, "sent": case.data.decode("latin-1"),
                                "answers": {name: answers[(name, case.number)] for name in PROXIES}}) + "\n")
    by_number = {case.number: case for case in cases}
    failures = []
    summary = {}
    strays = [peer for peer in lines if not any(peer in r.connections for r in relays.values())]
    notes = []
    record = open(f"{work}/connections.jsonl", "w")
    for name, relay in relays.items():
        forwarded_cases = set()
        counts = {"stricter": 0, "proxy_invalid": 0, "stopped": 0}
        mismatched = set()
        for source, data in relay.connections.items():
            reference, findings = compare(data, lines.get(source, []))
            numbers_here = {case_of(r.tag) for r in reference.requests} - {None}
            # A head the reference refused still names its case.
            numbers_here |= {int(m) for m in re.findall(rb"(?i)x-case: (\d+)\.", bytes(data))}
            forwarded_cases |= numbers_here
            record.write(json.dumps({
                "proxy": name, "source": source, "cases": sorted(numbers_here),
                "forwarded": bytes(data).decode("latin-1"),
                "meant": [[r.method, r.target, len(r.body), r.complete] for r in reference.requests],
                "reference_error": reference.error, "roster": lines.get(source, []), "findings": findings}) + "\n")
            for kind, text in findings:
                if kind != "smuggle":
                    counts[kind] += 1
                    if len([1 for note in notes if note[0] == (name, kind)]) < 3:
                        notes.append(((name, kind), f"case {sorted(numbers_here)}: {text}"))
                    continue
                mismatched |= numbers_here or {None}
                failures.append((name, source, sorted(numbers_here), text, data, lines.get(source, [])))
        refused = sum(1 for case in cases if case.number not in forwarded_cases
                      and answers[(name, case.number)][9:10] in ("4", "5"))
        silent = sum(1 for case in cases if case.number not in forwarded_cases
                     and answers[(name, case.number)][9:10] not in ("4", "5"))
        summary[name] = (len(forwarded_cases & set(by_number)), refused, silent, len(mismatched), counts,
                         relay.count)

    for name, source, numbers_here, text, data, roster_lines in failures[:10]:
        print(f"proxies: MISMATCH via {name} (seed {args.seed}, case {numbers_here}; replay: "
              f"--seed {args.seed} {' '.join(f'--only {n}' for n in numbers_here)}): {text}")
        for n in numbers_here:
            case = by_number.get(n)
            if case:
                print(f"  case {n} ({case.family}) sent: {case.data[:600]!r}")
        print(f"  {name} forwarded on {source}: {bytes(data[:1500])!r}")
        for line in roster_lines[:8]:
            print(f"  roster read: {json.dumps(line)}")
    for (name, kind), text in notes:
        print(f"proxies: note ({name}, {kind.replace('_', ' ')}): {text}")
    for peer in strays[:5]:
        print(f"proxies: MISMATCH Roster traced requests from {peer}, which no relay opened: {lines[peer][:3]}")
    for name, (fwd, refused, silent, mismatches, counts, connections) in summary.items():
        print(f"proxies: {name}: {fwd} cases forwarded over {connections} connections, {refused} refused with an "
              f"error answer, {silent} neither (closed or held), {mismatches} mismatches; Roster stricter than the "
              f"reference on {counts['stricter']} forwarded requests; Roster stopped early (after a close) on "
              f"{counts['stopped']} connections; the proxy forwarded bytes the reference refuses on "
              f"{counts['proxy_invalid']} connections")
    good = not failures and not strays
    figures = "; ".join(f"{name} forwarded {v[0]}, refused {v[1]}, mismatches {v[3]}" for name, v in summary.items())
    print(f"proxies: sent in {sent_seconds:.1f} s; work files in {work}")
    print(f"verdict: {'ok' if good else 'FAIL'} {len(cases)} cases (seed {args.seed}) through haproxy, nginx and straight "
          f"to Roster; "
          f"{figures}")
    if good and not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if good else 1


def count_families(cases):
    counts = {}
    for case in cases:
        counts[case.family] = counts.get(case.family, 0) + 1
    return counts


if __name__ == "__main__":
    sys.exit(main())
