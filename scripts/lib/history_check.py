"""A history check of the cluster under faults, run by scripts/reliability.

    python3 scripts/lib/history_check.py --roster BIN [--seed S] [--duration 60] [--history FILE]

Starts what scripts/cluster starts (a PostgreSQL primary and a streaming
replica, three `roster serve` on 127.0.0.1, haproxy routing by `session`), in
a folder and on ports of its own, with a small list. Then, for --duration
seconds, writer and reader threads call it through haproxy while a fault
schedule drawn from the seed runs: each round SIGKILLs a server (restarted a
few seconds later), stops the replica (started again) and stops the primary
(started again), in a seeded order with seeded gaps and outages.

Writers each own the contacts they insert (POST /contacts) and rename
(PATCH last_name) or star (PATCH favorite) them with If-Match, reading them
back now and then; readers read any acknowledged contact (GET /contacts/{id})
and windows with their session and ack. Every request and answer is recorded
with monotonic times (the history, one JSON line each, in --history), and the
history is then checked whole:

- no acknowledged write is lost: at the end every contact holds the values of
  its last acknowledged write, or of a write tried after it whose answer was
  lost (a timeout, a connection cut, a 503), never older ones; every
  acknowledged insert exists; the total is within what was acknowledged and
  what was tried;
- each client's answers never go back in `version`;
- a read that starts after a write's acknowledgement sees it: the same client's
  and any other's (the contact's revision, its values, the answer's version, the
  window's total);
- a 412 (If-Match) comes only after a write whose answer was lost;
- answers are 2xx, 412 or 503 JSON; never a 500, never a hang (10 s). haproxy's
  own error answers and cut connections are allowed only for requests in flight
  while a server was being killed (until haproxy marks it down).

--seed S replays the same fault schedule and the same operations on each
thread (the interleaving is the machine's); a failing run prints its seed. The
last line is `verdict: ok|FAIL` with the figures.
"""

import argparse
import bisect
import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORDS = ["Abbott", "Baker", "Chen", "Dietrich", "Evans", "Fischer", "Garcia", "Hughes", "Ito", "Jones", "Kowalski",
         "Lopez", "Müller", "Nakamura", "Olsen", "Petrov", "Quinn", "Rossi", "Smith", "Tanaka", "Ueda", "Vargas",
         "Weber", "Xu", "Young", "Zimmer", "Ødegaard", "Élodie"]
TIMEOUT = 10.0
KILL_GRACE = 2.5  # s after a SIGKILL during which haproxy may still send a request its way


def port_run(n):
    """The first of n consecutive loopback ports nobody listens on."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            first = s.getsockname()[1]
        if first + n > 65535:
            continue
        held = []
        try:
            for p in range(first, first + n):
                t = socket.socket()
                held.append(t)
                t.bind(("127.0.0.1", p))
            return first
        except OSError:
            continue
        finally:
            for t in held:
                t.close()


class History:
    """Every request and answer, in memory and as JSON lines."""

    def __init__(self, path):
        self.file = open(path, "w")
        self.lock = threading.Lock()
        self.entries = []
        self.origin = time.monotonic()

    def now(self):
        return time.monotonic() - self.origin

    def add(self, entry):
        with self.lock:
            entry["n"] = len(self.entries)
            self.entries.append(entry)
            self.file.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def close(self):
        self.file.close()


class Cluster:
    def __init__(self, roster, folder, contacts):
        self.roster, self.folder = roster, folder
        self.port, self.pg_port = port_run(4), port_run(2)
        self.env = dict(os.environ, CLUSTER_DIR=folder, CLUSTER_PORT=str(self.port), CLUSTER_PG_PORT=str(self.pg_port),
                        CLUSTER_CONTACTS=str(contacts), CLUSTER_ROSTER=roster)
        self.primary = f"postgres://postgres@127.0.0.1:{self.pg_port}/roster"
        self.replica = f"postgres://postgres@127.0.0.1:{self.pg_port + 1}/roster"

    def script(self, action):
        result = subprocess.run(["scripts/cluster", action], cwd=ROOT, env=self.env, timeout=600,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"scripts/cluster {action} failed: {result.stderr[-800:]}")

    def server_port(self, name):
        return self.port + int(name[1:])

    def pid(self, name):
        with open(os.path.join(self.folder, name + ".pid")) as f:
            return int(f.read())

    def kill(self, name):
        os.kill(self.pid(name), signal.SIGKILL)

    def restart(self, name):
        """The server again, as scripts/cluster starts it, waiting for /healthz."""
        log = open(os.path.join(self.folder, name + ".log"), "a")
        proc = subprocess.Popen(
            [self.roster, "serve", "--db", self.primary, "--read-db", self.replica, "--port",
             str(self.server_port(name)), "--public", f"{ROOT}/Public", "--migrations", f"{ROOT}/Migrations"],
            stdout=log, stderr=log, start_new_session=True)
        with open(os.path.join(self.folder, name + ".pid"), "w") as f:
            f.write(str(proc.pid))
        deadline = time.time() + 30
        while time.time() < deadline:
            if call("GET", "/healthz", port=self.server_port(name), timeout=1)[0] == 200:
                return
            time.sleep(0.1)
        raise RuntimeError(f"{name} did not answer /healthz within 30 s of its restart")

    def pg(self, name, action):
        data = os.path.join(self.folder, name)
        with open(os.path.join(data, "PG_VERSION")) as f:
            pg_ctl = f"/usr/lib/postgresql/{f.read().strip()}/bin/pg_ctl"
        cmd = [pg_ctl, "-D", data, "-m", "fast", "-w", "-t", "60"]
        cmd += ["-l", data + ".log", "start"] if action == "start" else ["stop"]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        subprocess.run(cmd, check=True, capture_output=True, timeout=90)


def call(method, path, body=None, port=None, timeout=TIMEOUT, headers=None, connection=None):
    """(status or an error name, JSON or None, headers dict, raw head/body text) on `connection` or a new one."""
    own = connection is None
    conn = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = json.dumps(body).encode() if body is not None else None
    sent_headers = {"Content-Type": "application/json"} if data is not None else {}
    sent_headers.update(headers or {})
    try:
        conn.request(method, path, body=data, headers=sent_headers)
        response = conn.getresponse()
        raw = response.read()
        answer_headers = {k.lower(): v for k, v in response.getheaders()}
        try:
            obj = json.loads(raw) if raw and "json" in answer_headers.get("content-type", "") else None
        except ValueError:
            obj = None
        return response.status, obj, answer_headers, raw[:200].decode("utf-8", "replace")
    except socket.timeout:
        conn.close()
        return "timeout", None, {}, ""
    except (OSError, http.client.HTTPException) as error:
        conn.close()
        return type(error).__name__, None, {}, str(error)[:200]
    finally:
        if own:
            conn.close()


def revision(headers):
    tag = headers.get("etag", "")
    return int(tag.strip('"')[1:]) if tag.startswith('"r') else None


class Client(threading.Thread):
    """One writer or reader: its own generator (seed, name), keep-alive connection and history entries."""

    def __init__(self, name, role, seed, port, history, shared, stop_at):
        super().__init__(daemon=True)
        self.name, self.role, self.port, self.history = name, role, port, history
        self.shared, self.stop_at = shared, stop_at
        self.rng = random.Random(f"{seed}/{name}")
        self.conn = None
        self.session = None
        self.ack = None
        self.owned = {}  # id -> {"etag", "last_name", "favorite"}
        self.attempt = 0

    def request(self, op, method, path, body=None, headers=None, contact=None, expect=None):
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        start = self.history.now()
        status, obj, answer_headers, raw = call(method, path, body, headers=headers, connection=self.conn)
        end = self.history.now()
        if not isinstance(status, int) or answer_headers.get("connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        entry = {"client": self.name, "op": op, "method": method, "path": path, "body": body,
                 "if_match": (headers or {}).get("If-Match"), "start": round(start, 4), "end": round(end, 4),
                 "status": status, "server": answer_headers.get("x-roster-server"), "contact": contact,
                 "expect": expect}
        if isinstance(obj, dict):
            for key in ("id", "version", "first_name", "last_name", "favorite", "total", "session", "seq", "full",
                        "error"):
                if key in obj:
                    entry[key] = obj[key]
            entry["revision"] = revision(answer_headers)
        elif isinstance(status, int) and status >= 400 or not isinstance(status, int):
            entry["raw"] = raw
        entry["json"] = isinstance(obj, (dict, list))
        self.history.add(entry)
        return status, obj, answer_headers, entry

    def run(self):
        while self.history.now() < self.stop_at:
            if self.role == "writer":
                self.write_step()
            else:
                self.read_step()
            time.sleep(self.rng.uniform(0.01, 0.05))
        if self.conn:
            self.conn.close()

    def query(self):
        return f"session={self.session}" if self.session else f"session={self.name}"

    def window(self):
        total = self.shared["total_hint"]
        offset = self.rng.randrange(0, max(total, 1) * 56)
        path = f"/window?offset={offset}&height=800&{self.query()}"
        if self.session and self.ack is not None:
            path += f"&ack={self.ack}"
        status, obj, _, _ = self.request("window", "GET", path)
        if status == 200 and obj:
            self.session = obj.get("session", self.session)
            self.ack = obj.get("seq", self.ack)

    def read_contact(self, cid, op):
        self.request(op, "GET", f"/contacts/{cid}?{self.query()}", contact=cid)

    def read_step(self):
        choice = self.rng.random()
        ids = self.shared["ids"]
        if choice < 0.55 and ids:
            self.read_contact(ids[self.rng.randrange(len(ids))], "read")
        elif choice < 0.9:
            self.window()
        else:
            self.request("sections", "GET", "/sections")

    def write_step(self):
        choice = self.rng.random()
        if choice < 0.3 or len(self.owned) < 3:
            self.insert()
        elif choice < 0.85:
            cid = self.rng.choice(sorted(self.owned))
            if self.rng.random() < 0.5:
                self.patch(cid, "rename", {"last_name": f"{self.rng.choice(WORDS)}-{self.name}-{self.attempt}"})
            else:
                self.patch(cid, "star", {"favorite": not self.owned[cid]["favorite"]})
            if self.rng.random() < 0.5:
                self.read_own(cid)
        elif choice < 0.95:
            self.window()
        elif self.owned:
            self.read_own(self.rng.choice(sorted(self.owned)))

    def insert(self):
        self.attempt += 1
        body = {"first_name": f"H{self.name}n{self.attempt}", "last_name": self.rng.choice(WORDS)}
        status, obj, headers, _ = self.request("insert", "POST", "/contacts", body,
                                               expect={"last_name": body["last_name"], "favorite": False})
        if status == 201 and obj:
            self.owned[obj["id"]] = {"etag": headers.get("etag"), "last_name": obj["last_name"],
                                     "favorite": obj["favorite"]}
            with self.shared["lock"]:
                self.shared["ids"].append(obj["id"])

    def patch(self, cid, op, change):
        self.attempt += 1
        known = self.owned[cid]
        expect = {"last_name": known["last_name"], "favorite": known["favorite"], **change}
        status, obj, headers, _ = self.request(op, "PATCH", f"/contacts/{cid}", change,
                                               headers={"If-Match": known["etag"]}, contact=cid, expect=expect)
        if status == 200 and obj:
            self.owned[cid] = {"etag": headers.get("etag"), "last_name": obj["last_name"], "favorite": obj["favorite"]}
        elif status == 412:
            self.read_own(cid)

    def read_own(self, cid):
        status, obj, headers, _ = self.request("read_own", "GET", f"/contacts/{cid}?{self.query()}", contact=cid)
        if status == 200 and obj:
            self.owned[cid] = {"etag": headers.get("etag"), "last_name": obj["last_name"], "favorite": obj["favorite"]}


def schedule(seed, duration):
    """The faults: (at s, action, target, outage s), from the seed alone."""
    rng = random.Random(f"{seed}/faults")
    faults, t = [], 4.0
    while True:
        kinds = ["kill", "replica", "primary"]
        rng.shuffle(kinds)
        planned = []
        for kind in kinds:
            outage = round(rng.uniform(2.0, 5.0), 2)
            t += round(rng.uniform(2.0, 6.0), 2)
            planned.append((round(t, 2), kind, rng.choice(["r1", "r2", "r3"]) if kind == "kill" else kind, outage))
            t += outage
        if t > duration - 4 and faults:
            return faults
        faults += planned


def run_faults(cluster, faults, history, errors):
    for at, kind, target, outage in faults:
        while history.now() < at:
            time.sleep(0.02)
        try:
            begin = history.now()
            if kind == "kill":
                cluster.kill(target)
            else:
                cluster.pg(target, "stop")
            history.add({"fault": kind, "target": target, "phase": "begin", "start": round(begin, 4),
                         "end": round(history.now(), 4)})
            time.sleep(outage)
            begin = history.now()
            if kind == "kill":
                cluster.restart(target)
            else:
                cluster.pg(target, "start")
            history.add({"fault": kind, "target": target, "phase": "end", "start": round(begin, 4),
                         "end": round(history.now(), 4)})
        except Exception as error:  # a fault that could not be made or undone is a failure of the run
            errors.append(f"fault {kind} {target} at {at} s: {error}")
            return


# MARK: - the checker


def check(entries, seeded, final, problems):
    requests = [e for e in entries if "client" in e]
    kills = [e["start"] for e in entries if e.get("fault") == "kill" and e["phase"] == "begin"]
    near_kill = lambda e: any(k - 0.05 <= e["end"] and e["start"] <= k + KILL_GRACE for k in kills)

    # Answers: what is allowed.
    counts = {}
    for e in requests:
        status = e["status"]
        key = status if isinstance(status, int) else "cut"
        counts[key] = counts.get(key, 0) + 1
        if status == "timeout" or isinstance(status, int) and e["end"] - e["start"] > TIMEOUT:
            problems.append(f"a hang: {describe(e)}")
        elif status in (200, 201, 204):
            continue
        elif status == 412 and e["op"] in ("rename", "star"):
            continue  # checked below
        elif status == 503 and e.get("json") and e.get("error"):
            continue
        elif isinstance(status, int) and status >= 500 and not e.get("json") and near_kill(e):
            continue  # haproxy's own answer for a request the killed server had
        elif not isinstance(status, int) and near_kill(e):
            continue
        else:
            problems.append(f"answer {status} {e.get('error') or e.get('raw', '')!r}: {describe(e)}")

    # Versions per client never go back.
    for client in sorted({e["client"] for e in requests}):
        newest = None
        for e in (e for e in requests if e["client"] == client):
            v = e.get("version")
            if not isinstance(v, int) or e["status"] not in (200, 201):
                continue
            if newest and v < newest["version"]:
                problems.append(f"{client}'s version went back from {newest['version']} to {v}: "
                                f"{describe(newest)} then {describe(e)}")
            if not newest or v >= newest["version"]:
                newest = e

    # Writes: acknowledged ones, and the ones whose answer was lost.
    acked = [e for e in requests if e["op"] in ("insert", "rename", "star") and e["status"] in (200, 201)]
    lost = [e for e in requests if e["op"] in ("insert", "rename", "star")
            and not (isinstance(e["status"], int) and 400 <= e["status"] < 500)
            and e["status"] not in (200, 201)]
    lost_n = {e["n"] for e in lost}
    by_contact = {}
    for e in acked:
        cid = e["id"] if e["op"] == "insert" else e["contact"]
        by_contact.setdefault(cid, []).append(e)

    # A read started after a write's acknowledgement sees it (any client's; the same client's first).
    versions = sorted((e["end"], e["version"]) for e in acked if isinstance(e.get("version"), int))
    version_ends = [t for t, _ in versions]
    newest_by = []  # the newest version acknowledged by each end time
    for _, v in versions:
        newest_by.append(max(v, newest_by[-1]) if newest_by else v)
    inserts_acked = sorted(e["end"] for e in acked if e["op"] == "insert")
    for e in requests:
        if e["status"] != 200:
            continue
        k = bisect.bisect_left(version_ends, e["start"])
        if k and isinstance(e.get("version"), int) and e["version"] < newest_by[k - 1]:
            problems.append(f"a read at version {e['version']} began after version {newest_by[k - 1]} was "
                            f"acknowledged: {describe(e)}")
        if e["op"] in ("window", "sections") and isinstance(e.get("total"), int):
            must = seeded + bisect.bisect_left(inserts_acked, e["start"])
            if e["total"] < must:
                problems.append(f"a total of {e['total']} after {must} were acknowledged: {describe(e)}")
        if e["op"] in ("read", "read_own"):
            writes = [w for w in by_contact.get(e["contact"], []) if w["end"] < e["start"]]
            if not writes:
                continue
            last = max(writes, key=lambda w: w["revision"] or 0)
            same = [w for w in writes if w["client"] == e["client"]]
            if e["revision"] is None or e["revision"] < (last["revision"] or 0):
                who = "its own" if same and max(same, key=lambda w: w["revision"] or 0) is last else "another's"
                problems.append(f"a read saw revision {e['revision']}, older than {who} write acknowledged "
                                f"before it began (revision {last['revision']}): {describe(e)}; "
                                f"the write: {describe(last)}")
            elif e["revision"] == last["revision"] and (e.get("last_name"), e.get("favorite")) != \
                    (last.get("last_name"), last.get("favorite")):
                problems.append(f"a read at revision {e['revision']} holds other values than the write of that "
                                f"revision: {describe(e)}; the write: {describe(last)}")

    # A 412 only after a write whose answer was lost (the writer's ETag may then be stale).
    for client in sorted({e["client"] for e in requests}):
        uncertain = set()
        for e in (e for e in requests if e["client"] == client):
            cid = e.get("contact")
            if e["op"] in ("rename", "star"):
                if e["status"] == 412 and cid not in uncertain:
                    problems.append(f"412 with the ETag of the last acknowledged write: {describe(e)}")
                if e["n"] in lost_n:
                    uncertain.add(cid)
                elif e["status"] == 200:
                    uncertain.discard(cid)
            elif e["op"] == "read_own" and e["status"] == 200:
                uncertain.discard(cid)

    # Nothing acknowledged is lost: the end state.
    tried = {}
    for e in requests:
        if e["op"] in ("rename", "star"):
            tried.setdefault(e["contact"], []).append(e)
    for cid, writes in by_contact.items():
        last = max(writes, key=lambda w: w["end"])
        got = final.get(cid)
        if got is None:
            problems.append(f"contact {cid} is gone at the end; acknowledged: {describe(last)}")
            continue
        later = [w for w in tried.get(cid, []) if w["start"] > last["start"] and w["n"] in lost_n]
        allowed = [(last["last_name"], last["favorite"])] + [(w["expect"]["last_name"], w["expect"]["favorite"])
                                                             for w in later]
        if (got["last_name"], got["favorite"]) not in allowed or (got["revision"] or 0) < (last["revision"] or 0):
            problems.append(f"contact {cid} ends as {got} (revision {got['revision']}); its last acknowledged write "
                            f"left {(last['last_name'], last['favorite'])} at revision {last['revision']}"
                            f"{f', later tries {allowed[1:]}' if later else ''}: {describe(last)}")
    inserts_lost = sum(1 for e in lost if e["op"] == "insert")
    total = final.get("total")
    low, high = seeded + len(inserts_acked), seeded + len(inserts_acked) + inserts_lost
    if not isinstance(total, int) or not low <= total <= high:
        problems.append(f"the list ends with {total} contacts; {seeded} seeded, {len(inserts_acked)} inserts "
                        f"acknowledged, {inserts_lost} with a lost answer: {low} to {high}")
    return counts, len(acked), len(lost)


def self_check():
    """The checker finds what it must: run before every check, so that it cannot pass by being blind."""
    def history(*changes):
        base = [
            {"client": "w0", "op": "insert", "method": "POST", "path": "/contacts", "body": {}, "start": 1.0,
             "end": 1.1, "status": 201, "id": 7, "version": 10, "revision": 10, "last_name": "A", "favorite": False,
             "json": True, "contact": None, "expect": {"last_name": "A", "favorite": False}},
            {"client": "w0", "op": "rename", "method": "PATCH", "path": "/contacts/7", "body": {}, "start": 2.0,
             "end": 2.1, "status": 200, "id": 7, "version": 11, "revision": 11, "last_name": "B", "favorite": False,
             "json": True, "contact": 7, "expect": {"last_name": "B", "favorite": False}},
            {"client": "r0", "op": "read", "method": "GET", "path": "/contacts/7", "body": None, "start": 3.0,
             "end": 3.1, "status": 200, "id": 7, "version": 11, "revision": 11, "last_name": "B", "favorite": False,
             "json": True, "contact": 7, "expect": None},
        ]
        for i, change in changes:
            base[i] = dict(base[i], **change)
        for n, e in enumerate(base):
            e["n"] = n
        return base

    final = {7: {"last_name": "B", "favorite": False, "revision": 11}, "total": 101}
    for name, entries, end in [
        ("a clean history", history(), final),
        ("a stale read", history((2, {"revision": 10, "last_name": "A", "version": 11})), final),
        ("a version going back", history((2, {"version": 9})), final),
        ("a lost write", history(), {**final, 7: {"last_name": "A", "favorite": False, "revision": 10}}),
        ("a lost insert", history(), {"total": 100}),
        ("a 500", history((2, {"status": 500, "json": True, "error": "internal"})), final),
        ("a 412 after an acknowledged write", history((1, {"status": 412})), final),
    ]:
        problems = []
        check(entries, 100, end, problems)
        assert bool(problems) == (name != "a clean history"), (name, problems)


def describe(e):
    parts = [f"#{e['n']} {e['client']} {e['method']} {e['path']}"]
    if e.get("body") is not None:
        parts.append(json.dumps(e["body"], ensure_ascii=False))
    parts.append(f"at {e['start']:.3f}-{e['end']:.3f} s -> {e['status']}")
    for key in ("version", "revision", "last_name", "favorite", "total", "server"):
        if e.get(key) is not None:
            parts.append(f"{key} {e[key]}")
    return " ".join(parts)


def final_state(cluster, ids):
    """Every written contact read on each server directly (they must agree), and the total."""
    state, problems = {}, []
    for cid in sorted(ids):
        seen = {}
        for name in ("r1", "r2", "r3"):
            status, obj, headers, _ = call("GET", f"/contacts/{cid}", port=cluster.server_port(name))
            seen[name] = (status, obj and (obj["last_name"], obj["favorite"]), revision(headers))
        values = set(seen.values())
        if len(values) != 1:
            problems.append(f"the servers disagree at the end on contact {cid}: {seen}")
        status, values_, rev = seen["r1"]
        if status == 200:
            state[cid] = {"last_name": values_[0], "favorite": values_[1], "revision": rev}
    totals = {name: (call("GET", "/sections", port=cluster.server_port(name))[1] or {}).get("total")
              for name in ("r1", "r2", "r3")}
    if len(set(totals.values())) != 1:
        problems.append(f"the servers disagree at the end on the total: {totals}")
    state["total"] = totals["r1"]
    return state, problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--roster", required=True)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--readers", type=int, default=4)
    parser.add_argument("--contacts", type=int, default=2000)
    parser.add_argument("--history")
    parser.add_argument("--keep", action="store_true", help="keep the cluster's folder")
    args = parser.parse_args()
    self_check()
    folder = tempfile.mkdtemp(prefix="roster-history-")
    os.chmod(folder, 0o755)  # PostgreSQL runs as its own user
    history_path = args.history or os.path.join(tempfile.gettempdir(), f"roster-history-{args.seed}.jsonl")
    faults = schedule(args.seed, args.duration)
    print(f"history: seed {args.seed}: {args.writers} writers and {args.readers} readers for {args.duration:.0f} s; "
          f"faults: " + ", ".join(f"{kind} {target if kind == 'kill' else ''} at {at} s for {outage} s".replace("  ", " ")
                                  for at, kind, target, outage in faults), flush=True)
    cluster = Cluster(args.roster, folder, args.contacts)
    problems = []
    try:
        started = time.time()
        cluster.script("start")
        print(f"history: cluster up in {time.time() - started:.0f} s (haproxy on {cluster.port})", flush=True)
        seeded = call("GET", "/sections", port=cluster.port)[1]["total"]
        history = History(history_path)
        shared = {"ids": [], "lock": threading.Lock(), "total_hint": seeded}
        clients = [Client(f"w{i}", "writer", args.seed, cluster.port, history, shared, args.duration)
                   for i in range(args.writers)]
        clients += [Client(f"r{i}", "reader", args.seed, cluster.port, history, shared, args.duration)
                    for i in range(args.readers)]
        fault_errors = []
        fault_thread = threading.Thread(target=run_faults, args=(cluster, faults, history, fault_errors), daemon=True)
        fault_thread.start()
        for c in clients:
            c.start()
        for c in clients:
            c.join(args.duration + 3 * TIMEOUT)
            if c.is_alive():
                problems.append(f"client {c.name} still waits {3 * TIMEOUT:.0f} s after the run's end (a hang)")
        fault_thread.join(120)
        problems += fault_errors
        # Healed: every server answers and writes work (a write needs the primary).
        deadline = time.time() + 30
        while time.time() < deadline and not all(
                call("GET", "/sections", port=cluster.server_port(n))[0] == 200 for n in ("r1", "r2", "r3")):
            time.sleep(0.2)
        ids = {e["id"] for e in history.entries if e.get("op") == "insert" and e["status"] == 201}
        final, disagreements = final_state(cluster, ids)
        problems += disagreements
        history.close()
        counts, acked, lost = check(history.entries, seeded, final, problems)
        requests = sum(1 for e in history.entries if "client" in e)
    finally:
        try:
            cluster.script("stop")
        except Exception as error:
            problems.append(f"stopping the cluster: {error}")
        if not args.keep:
            try:
                cluster.script("reset")
            except Exception:
                pass
            shutil.rmtree(folder, ignore_errors=True)
    for p in problems[:15]:
        print(f"history: FAIL (seed {args.seed}): {p}")
    if len(problems) > 15:
        print(f"history: ... and {len(problems) - 15} more")
    answers = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items(), key=lambda kv: str(kv[0])))
    print(f"history: {requests} requests ({answers}); {acked} writes acknowledged, {lost} not (503, cut or "
          f"timed out: each may or may not have taken effect); "
          f"{len(faults)} faults; the history is in {history_path}")
    verdict = "ok" if not problems else "FAIL"
    print(f"verdict: {verdict} seed {args.seed}: {requests} requests under {len(faults)} faults (server SIGKILL, "
          f"replica stop, primary stop), {acked} acknowledged writes, none lost, versions never back, reads after "
          f"writes saw them" if not problems else
          f"verdict: FAIL seed {args.seed}: {len(problems)} problems in {requests} requests under {len(faults)} "
          f"faults (replay: --seed {args.seed}); the history is in {history_path}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
