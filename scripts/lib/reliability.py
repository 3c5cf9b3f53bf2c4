"""Checks for scripts/reliability (Python standard library only).

    reliability.py csv PATH ROWS                      a CSV of ROWS synthetic contacts
    reliability.py probe PORT PID SECONDS OUT         every second, /healthz and a window on fresh connections
    reliability.py cap PORT OPEN CAP                  OPEN idle connections against a cap of CAP
    reliability.py emfile PORT PID OPEN SECONDS       OPEN connections to a server short of descriptors
    reliability.py crashloop ROSTER DB CSV KILLS SEED WORKDIR
                                                      KILLS imports each ended by SIGKILL, checked after restarts
    reliability.py imports PORT CSV SECONDS           imports back to back until SECONDS have passed
    reliability.py import-writes PORT CSV AFTER        single writes every 15 ms through an import and AFTER s past it
    reliability.py slowstats CSV...                   peak connections and first server close in slowhttptest reports

Each command that checks something ends with one line `verdict: ok|FAIL <figures>`;
lines before it say what happened.
"""
import http.client, json, os, random, resource, selectors, signal, socket, subprocess, sys, threading, time

from proc import rss_kb

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def say(line):
    print(line, flush=True)


def verdict(ok, figures):
    say(f"verdict: {'ok' if ok else 'FAIL'} {figures}")
    return 0 if ok else 1


def raise_fd_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def get(port, target, timeout):
    """GET on a fresh connection: (status, seconds, body); status 0 on a socket error."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", target)
        response = connection.getresponse()
        body = response.read()
        return response.status, time.perf_counter() - start, body
    except OSError as error:
        return 0, time.perf_counter() - start, str(error).encode()
    finally:
        connection.close()


def cpu_seconds(pid):
    """User plus system CPU seconds the process has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


def content_height(port):
    status, _, body = get(port, "/window?offset=0&height=1", 5)
    return json.loads(body)["contentHeight"] if status == 200 else 56_000_000


# MARK: - csv


def write_csv(path, rows):
    """Contacts that sort all over the list, the same file for the same ROWS."""
    rng = random.Random(20261130)
    first = ["Ada", "Björn", "Chloé", "Dmitri", "Eve", "Farah", "Guo", "Hana", "Ivan", "Jules", "Kofi",
             "Lena", "Mateo", "Nia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Vera"]
    last = ["Abbott", "Berg", "Castillo", "Dubois", "Eriksen", "Fischer", "García", "Holm", "Ito", "Jansen",
            "Kowalski", "Larsen", "Müller", "Novak", "Okafor", "Petrov", "Quist", "Rossi", "Suzuki",
            "Tanaka", "Ueda", "Vargas", "Weber", "Xu", "Yilmaz", "Zhang", "Øst", "李", "9Lives"]
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("first_name,last_name,email,phone,company,city\r\n")
        lines = []
        for i in range(rows):
            a, b = rng.choice(first), rng.choice(last)
            lines.append(f"{a},{b}{i % 9973},{a.lower()}.{i}@example.org,+1 555 {i % 10000:04d},"
                         f"\"Crash, Test & Co\",City {i % 211}\r\n")
            if len(lines) == 50_000:
                f.write("".join(lines))
                lines = []
        f.write("".join(lines))
    return 0


# MARK: - probe


def probe(port, pid, seconds, out):
    """Once a second: /healthz and a window at a random offset, each on a fresh
    connection, each to be answered 200 within 1 s. Writes a verdict line to OUT."""
    rng = random.Random(6)
    content = content_height(port)
    worst = {"healthz": 0.0, "window": 0.0}
    late, rounds, peak_rss = [], 0, rss_kb(pid)
    deadline = time.monotonic() + seconds
    next_round = time.monotonic()
    while time.monotonic() < deadline:
        rounds += 1
        offset = rng.randrange(0, max(1, content - 800))
        for name, target in (("healthz", "/healthz"), ("window", f"/window?offset={offset}&height=800")):
            status, elapsed, body = get(port, target, 1.0)
            worst[name] = max(worst[name], elapsed)
            if status != 200 or elapsed > 1.0:
                late.append(f"{name} status {status} after {elapsed * 1000:.0f} ms")
        peak_rss = max(peak_rss, rss_kb(pid) if alive(pid) else 0)
        next_round += 1.0
        time.sleep(max(0.0, next_round - time.monotonic()))
    ok = not late and rounds >= seconds - 2 and alive(pid)
    figures = (f"{rounds} probes, worst /healthz {worst['healthz'] * 1000:.0f} ms, "
               f"worst window {worst['window'] * 1000:.0f} ms, {len(late)} over 1 s or not 200, "
               f"peak RSS {peak_rss / 1024:.0f} MB")
    with open(out, "w") as f:
        for line in late[:10]:
            f.write(f"probe: {line}\n")
        f.write(f"verdict: {'ok' if ok else 'FAIL'} {figures}\n")
    return 0 if ok else 1


# MARK: - cap


def cap(port, opened, limit):
    """Opens `opened` idle connections to a server capped at `limit`: those past the
    cap must see a clean close (EOF) at once, those held must be served, and the
    server must answer a fresh client once they are gone."""
    raise_fd_limit()
    start = time.perf_counter()
    sockets = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(opened)]
    connect_seconds = time.perf_counter() - start
    time.sleep(1.0)
    held, closed, reset, other = [], 0, 0, 0
    for s in sockets:
        s.setblocking(False)
        try:
            if s.recv(1):
                other += 1
            else:
                closed += 1
        except BlockingIOError:
            held.append(s)
        except ConnectionResetError:
            reset += 1
    request = b"GET /healthz HTTP/1.1\r\nHost: reliability\r\n\r\n"
    for s in held:
        s.setblocking(True)
        s.settimeout(10)
        s.sendall(request)
    answered = sum(1 for s in held if s.recv(4096).startswith(b"HTTP/1.1 200"))
    for s in sockets:
        s.close()
    time.sleep(0.5)
    status, elapsed, _ = get(port, "/healthz", 2.0)
    say(f"cap: {opened} connections opened in {connect_seconds:.1f} s against a cap of {limit}: "
        f"{len(held)} held, {closed} closed cleanly, {reset} reset, {other} sent data")
    ok = (0 < len(held) <= limit and len(held) >= int(limit * 0.9) and closed == opened - len(held)
          and reset == 0 and answered == len(held) and status == 200)
    return verdict(ok, f"{len(held)} held (cap {limit}), {closed} of {opened - len(held)} extra closed "
                       f"with EOF within 1 s, {reset} resets, {answered}/{len(held)} held answered, "
                       f"fresh /healthz {status} in {elapsed * 1000:.0f} ms after")


# MARK: - emfile


def emfile(port, pid, opened, seconds):
    """Opens more connections than the server has descriptors, each asking for
    /healthz; the server must not spin (CPU sampled over `seconds`) nor die, and
    must answer a fresh client once they are closed."""
    raise_fd_limit()
    with open(f"/proc/{pid}/limits") as f:
        limit = next((line.split()[3] for line in f if line.startswith("Max open files")), "?")
    sockets = []
    for _ in range(opened):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: reliability\r\n\r\n")
        s.setblocking(False)
        sockets.append(s)
    selector = selectors.DefaultSelector()
    for s in sockets:
        selector.register(s, selectors.EVENT_READ)
    answered = 0
    settle = time.monotonic() + 2.0
    while time.monotonic() < settle:
        for key, _ in selector.select(timeout=0.1):
            selector.unregister(key.fileobj)
            try:
                answered += 1 if key.fileobj.recv(4096).startswith(b"HTTP/1.1 200") else 0
            except OSError:
                pass
    server_fds = len(os.listdir(f"/proc/{pid}/fd"))
    before = cpu_seconds(pid)
    time.sleep(seconds)
    cpu = (cpu_seconds(pid) - before) / seconds * 100
    survived = alive(pid)
    selector.close()
    for s in sockets:
        s.close()
    recovered_at = None
    start = time.perf_counter()
    while time.perf_counter() - start < 10 and alive(pid):
        status, elapsed, _ = get(port, "/healthz", 2.0)
        if status == 200:
            recovered_at = time.perf_counter() - start
            break
        time.sleep(0.2)
    cpu_after = cpu_seconds(pid) if alive(pid) else 0
    time.sleep(2)
    idle_cpu = (cpu_seconds(pid) - cpu_after) / 2 * 100 if alive(pid) else 0
    say(f"emfile: fd limit {limit}, {opened} connections, {answered} answered while the server held "
        f"{server_fds} descriptors, the rest waited in the listen backlog")
    ok = survived and cpu < 20 and recovered_at is not None and idle_cpu < 20 and answered > 0
    recovered = f"{recovered_at * 1000:.0f} ms" if recovered_at is not None else "never"
    return verdict(ok, f"fds {server_fds}/{limit}, {answered}/{opened} answered, CPU {cpu:.1f}% of a core "
                       f"over {seconds} s at EMFILE, {'alive' if survived else 'DEAD'}, /healthz ok "
                       f"{recovered} after closing, CPU then {idle_cpu:.1f}%")


# MARK: - crash loop


class Server:
    """`roster serve` on a free port over `db`, stderr appended to `log`."""

    def __init__(self, roster, db, log):
        self.out = open(log + ".out", "w+")
        self.err = open(log, "a")
        self.process = subprocess.Popen(
            [roster, "serve", "--host", "127.0.0.1", "--port", "0", "--db", db, "--seed", "0"],
            stdout=self.out, stderr=self.err)
        start = time.perf_counter()
        while True:
            self.out.seek(0)
            line = self.out.readline()
            if line.startswith("listening on http://"):
                self.port = int(line.strip().rsplit(":", 1)[1])
                self.started_in = time.perf_counter() - start
                return
            if self.process.poll() is not None or time.perf_counter() - start > 60:
                raise RuntimeError(f"roster did not start (see {log})")
            time.sleep(0.02)

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(30)


class Upload:
    """Streams a CSV file to POST /import on its own thread, noting when the body
    was all sent and when (if ever) the answer came."""

    def __init__(self, port, csv):
        self.port, self.csv = port, csv
        self.size = os.path.getsize(csv)
        self.sent = 0
        self.body_sent_at = None
        self.answer = None
        self.answered_at = None
        self.started_at = time.monotonic()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        try:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=120)
            s.sendall(f"POST /import?mode=append&errors=abort HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                      f"Content-Type: text/csv\r\nContent-Length: {self.size}\r\n\r\n".encode())
            with open(self.csv, "rb") as f:
                while chunk := f.read(256 * 1024):
                    s.sendall(chunk)
                    self.sent += len(chunk)
            self.body_sent_at = time.monotonic()
            answer = b""
            while not self.complete(answer):
                data = s.recv(65536)
                if not data:
                    break
                answer += data
            if answer:
                self.answer = answer
                self.answered_at = time.monotonic()
            s.close()
        except OSError:
            pass


    @staticmethod
    def complete(answer):
        head, separator, body = answer.partition(b"\r\n\r\n")
        if not separator:
            return False
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                return len(body) >= int(value)
        return False


def database_figures(db):
    """integrity_check and the three counts that must agree (contacts, the order table, sections)."""
    out = subprocess.run(
        ["sqlite3", db, "PRAGMA integrity_check; SELECT count(*) FROM contacts; "
                        "SELECT count(*) FROM contact_order; SELECT coalesce(sum(rows), 0) FROM sections;"],
        capture_output=True, text=True, timeout=300)
    lines = out.stdout.split()
    if out.returncode != 0 or len(lines) != 4:
        return out.stdout.strip() + out.stderr.strip(), -1, -1, -1
    return lines[0], int(lines[1]), int(lines[2]), int(lines[3])


def crashloop(roster, db, csv, kills, seed, workdir):
    """KILLS imports of the whole CSV, each ended by SIGKILL at a moment drawn from a
    seeded generator (a share of the body, or a delay after it within the time a
    full import took on a copy first).
    After each, the restarted server must find an intact database holding exactly
    the contacts from before that import."""
    log = os.path.join(workdir, "crashloop-server.log")
    rows = sum(1 for _ in open(csv, "rb")) - 1
    calibration_db = os.path.join(workdir, "calibration.sqlite")
    subprocess.run(["cp", db, calibration_db], check=True)
    server = Server(roster, calibration_db, log)
    upload = Upload(server.port, csv)
    upload.thread.join(300)
    server.stop()
    if upload.answer is None or b" 200 " not in upload.answer.split(b"\r\n", 1)[0]:
        say(f"crash loop: the calibration import was not answered 200: {(upload.answer or b'')[:200]!r}")
        return verdict(False, "calibration import did not succeed")
    full = upload.answered_at - upload.started_at
    body = upload.body_sent_at - upload.started_at
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(calibration_db + suffix):
            os.remove(calibration_db + suffix)
    say(f"crash loop: a full import of {rows} rows takes {full:.2f} s here "
        f"(body sent after {body:.2f} s, answer {full - body:.2f} s later)")

    rng = random.Random(seed)
    phases = {"upload": 0, "commit": 0, "answered": 0}
    bad, restarts, integrity_ok, counts_ok = [], [], 0, 0
    stretch = 0.8  # of the calibrated time from the body's end to the answer
    server = Server(roster, db, log)
    kill = attempt = 0
    try:
        while kill < kills and attempt < kills + 10:
            attempt += 1
            _, before, _, _ = database_figures(db)
            # Half the kills land while the body streams in (at a random share of
            # it), half after it was all sent (rows, sort, commit) at a random
            # moment within 80% of the time that took in the calibration run.
            in_upload = rng.random() < 0.5
            share, delay = rng.uniform(0.02, 0.98), rng.uniform(0.0, stretch) * (full - body)
            upload = Upload(server.port, csv)
            while upload.answer is None and (
                    upload.sent < share * upload.size if in_upload
                    else upload.body_sent_at is None or time.monotonic() - upload.body_sent_at < delay):
                time.sleep(0.002)
            sent = upload.sent
            server.kill()
            killed_at = time.monotonic() - upload.started_at
            if upload.answer is not None:
                # The import beat the kill (the machine got faster than in the
                # calibration): its rows must all be there; the kill is drawn again.
                phase, expected = "answered", before + rows
                stretch *= 0.7
            else:
                phase, expected = ("upload" if upload.body_sent_at is None else "commit"), before
                kill += 1
            phases[phase] += 1
            upload.thread.join(10)
            server = Server(roster, db, log)
            restarts.append(server.started_in)
            integrity, contacts, ordered, listed = database_figures(db)
            status, _, window = get(server.port, "/window?offset=0&height=100", 10)
            total = json.loads(window)["total"] if status == 200 else -1
            where = (f"{sent * 100 // upload.size}% of the body sent" if phase == "upload"
                     else f"body sent {killed_at - (upload.body_sent_at - upload.started_at):.2f} s before"
                     if phase == "commit" else "the import was answered first, so its rows must be there; drawn again")
            integrity_ok += integrity == "ok"
            counts_ok += contacts == ordered == listed == total == expected
            same = integrity == "ok" and contacts == ordered == listed == total == expected
            say(f"crash loop: kill {kill:2}/{kills} at {killed_at:5.2f} s ({phase}: {where}); "
                f"restart {server.started_in:.2f} s; integrity_check {integrity}; contacts {contacts} "
                f"(before {before}), in the order table {ordered}, sections {listed}, /window total {total}"
                + ("" if same else "  <-- MISMATCH"))
            if not same:
                bad.append(attempt)
    finally:
        code = server.stop()
    ok = not bad and kill == kills and code == 0
    repeated = (f", {phases['answered']} more answered before their kill and drawn again"
                if phases["answered"] else "")
    return verdict(ok, f"{kill} kills mid-import ({phases['upload']} during the upload, {phases['commit']} after "
                       f"the body was sent, before the answer{repeated}); after {attempt} restarts: integrity_check ok "
                       f"{integrity_ok}/{attempt}, contacts = order table rows = section rows = /window total = the count "
                       f"before the import {counts_ok}/{attempt}; restarts took <= {max(restarts):.2f} s")


# MARK: - imports


def imports(port, csv, seconds):
    """Imports the CSV (append) back to back so that one runs for the whole
    `seconds`; prints each answer's status and time."""
    size = os.path.getsize(csv)
    deadline = time.monotonic() + seconds
    statuses, busy = [], 0
    while time.monotonic() < deadline:
        start = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        with open(csv, "rb") as f:
            connection.request("POST", "/import?mode=append", body=f,
                               headers={"Content-Type": "text/csv", "Content-Length": str(size)})
            response = connection.getresponse()
            body = response.read()
        connection.close()
        statuses.append(response.status)
        if b"SQLITE_BUSY" in body or b"database is locked" in body:
            busy += 1
        inserted = json.loads(body).get("inserted") if response.status == 200 else body[:200]
        say(f"import {len(statuses)}: status {response.status} in {time.monotonic() - start:.2f} s, "
            f"inserted {inserted}")
    ok = all(s == 200 for s in statuses) and busy == 0
    return verdict(ok, f"{len(statuses)} imports back to back, statuses {','.join(map(str, statuses))}, "
                       f"{busy} answers mentioning SQLITE_BUSY")


def import_writes(port, csv, after):
    """Single writes (an insert, then a star of a random contact, one every 15 ms on
    one keep-alive connection) from the start of an import of the CSV (append) to
    `after` seconds past its answer, its last steps and the checkpoint after it
    included: none may be refused, p99 <= 50 ms, and the import lands whole."""
    rows = sum(1 for _ in open(csv, "rb")) - 1
    total0 = json.loads(get(port, "/window?offset=0&height=1", 10)[2])["total"]
    answer = {}

    def upload():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        with open(csv, "rb") as f:
            connection.request("POST", "/import?mode=append", body=f, headers={
                "Content-Type": "text/csv", "Content-Length": str(os.path.getsize(csv))})
            response = connection.getresponse()
            answer["status"], answer["body"], answer["at"] = response.status, response.read(), time.monotonic()
        connection.close()

    thread = threading.Thread(target=upload)
    started = time.monotonic()
    thread.start()
    rng = random.Random(27)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies, refused, inserted, i = [], [], 0, 0
    while thread.is_alive() or time.monotonic() - answer.get("at", time.monotonic()) < after:
        if i % 2 == 0:
            body, method, target = json.dumps({"first_name": f"Beside{i}", "last_name": "Import"}), "POST", "/contacts"
        else:
            body, method, target = json.dumps({"favorite": i % 4 == 1}), "PATCH", f"/contacts/{rng.randint(1, total0)}"
        start = time.monotonic()
        connection.request(method, target, body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        reply = response.read()
        latencies.append((time.monotonic() - start) * 1000)
        if response.status == 201:
            inserted += 1
        elif response.status not in (200, 404):
            refused.append(f"{response.status} {reply[:80]!r}")
        time.sleep(0.015)
        i += 1
    thread.join()
    latencies.sort()
    p50, p99 = latencies[len(latencies) // 2], latencies[int(len(latencies) * 0.99) - 1]
    grew = json.loads(get(port, "/window?offset=0&height=1", 10)[2])["total"] - total0
    landed = answer.get("status") == 200 and grew == rows + inserted
    ok = not refused and p99 <= 50 and landed
    return verdict(ok, f"{len(latencies)} writes over {answer.get('at', started) - started:.1f} s of import and "
                       f"{after} s after: {len(refused)} refused{' (' + refused[0] + ')' if refused else ''}, "
                       f"p50 {p50:.1f} ms, p99 {p99:.0f} ms (target <= 50), max {latencies[-1]:.0f} ms; "
                       f"the import answered {answer.get('status')} and the list grew by {grew} "
                       f"(want {rows} + {inserted})")


# MARK: - slowhttptest reports


def slowstats(reports):
    """From slowhttptest's per-second CSV reports: the most connections open at
    once, and the earliest second of a round at which the server had closed some."""
    peak, first_close, closed = 0, None, 0
    for report in reports:
        with open(report) as f:
            rows = [line.strip().split(",") for line in f][1:]
        for second, closed_now, _, connected, *_ in rows:
            peak = max(peak, int(connected))
            if int(closed_now) > 0 and (first_close is None or int(second) < first_close):
                first_close = int(second)
        if rows:
            closed += int(rows[-1][1])
    say(f"{peak} {first_close if first_close is not None else '-'} {closed}")
    return 0


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "csv":
        return write_csv(args[0], int(args[1]))
    if command == "probe":
        return probe(int(args[0]), int(args[1]), int(args[2]), args[3])
    if command == "cap":
        return cap(int(args[0]), int(args[1]), int(args[2]))
    if command == "emfile":
        return emfile(int(args[0]), int(args[1]), int(args[2]), int(args[3]))
    if command == "crashloop":
        return crashloop(args[0], args[1], args[2], int(args[3]), int(args[4]), args[5])
    if command == "slowstats":
        return slowstats(args)
    if command == "imports":
        return imports(int(args[0]), args[1], int(args[2]))
    if command == "import-writes":
        return import_writes(int(args[0]), args[1], float(args[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
