"""Faults a server meets, each against a real `roster serve`: single writes while an
import runs (none refused, the import whole), a full disk (a small tmpfs: 507 JSON,
nothing visible, reads go on, writes again once space is freed), damaged database
files (exit 1 naming the file, never a signal or a hang) and SIGKILL in the middle
of acknowledged single writes (none lost)."""
import http.client, json, os, shutil, signal, subprocess, tempfile, threading, time

import pytest

from conftest import ROOT, roster_binary, wait_until

MIGRATIONS = os.path.join(ROOT, "Migrations")


def seed(exe, db, count):
    subprocess.run([exe, "seed", "--db", db, "--count", str(count), "--migrations", MIGRATIONS],
                   check=True, capture_output=True)


class Serving:
    """`roster serve` over `db` on a free port, its stderr kept."""

    def __init__(self, exe, db):
        self.out = tempfile.TemporaryFile(mode="w+")
        self.err = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [exe, "serve", "--port", "0", "--db", db, "--seed", "0", "--public", os.path.join(ROOT, "Public"),
             "--migrations", MIGRATIONS], stdout=self.out, stderr=self.err)

        def listening():
            self.out.seek(0)
            line = self.out.readline()
            return line.split()[-1] if line.startswith("listening on ") else None

        base = wait_until(listening, timeout=60)
        assert base, "roster did not start: " + self.log()
        self.host, port = base.split("//")[1].split(":")
        self.port = int(port)

    def log(self):
        self.err.seek(0)
        return self.err.read()

    def call(self, method, path, body=None, content_type="application/json", timeout=120):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        if body is not None and not isinstance(body, bytes):
            body = json.dumps(body).encode()
        connection.request(method, path, body=body, headers={"Content-Type": content_type} if body else {})
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, data

    def total(self):
        status, body = self.call("GET", "/window?offset=0&height=100")
        assert status == 200, body
        return json.loads(body)["total"]

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        assert self.proc.wait(20) == 0, self.log()


def rows(count, tag):
    return ("first_name,last_name,email\r\n" + "".join(
        f"{tag}{i},Imported{i % 97},{tag.lower()}{i}@x.example\r\n" for i in range(count))).encode()


def count_contacts(db):
    out = subprocess.run(["sqlite3", db, "SELECT count(*) FROM contacts"], capture_output=True, text=True)
    return int(out.stdout.strip())


@pytest.mark.timing
def test_single_writes_while_an_import_runs_are_never_refused_and_the_import_lands_whole(tmp_path):
    exe = roster_binary()
    db = str(tmp_path / "db.sqlite")
    seed(exe, db, 2000)
    server = Serving(exe, db)
    try:
        body = rows(60_000, "Wave")
        answer = {}
        thread = threading.Thread(target=lambda: answer.update(result=server.call("POST", "/import", body, "text/csv")))
        thread.start()
        statuses, written = [], 0
        while thread.is_alive():
            status, reply = server.call("POST", "/contacts", {"first_name": f"Beside{written}"})
            statuses.append(status)
            written += status == 201
            status, reply = server.call("PATCH", f"/contacts/{1 + written % 2000}", {"favorite": written % 2 == 0})
            statuses.append(status)
        thread.join()
        assert answer["result"][0] == 200, answer["result"][1][:200]
        assert set(statuses) <= {200, 201}, [s for s in statuses if s not in (200, 201)][:5]
        assert written > 0, "no write went in while the import ran"
        assert server.total() == 2000 + 60_000 + written
        status, reply = server.call("GET", "/window?q=wave59999&offset=0&height=200")
        assert status == 200 and json.loads(reply)["total"] == 1
    finally:
        server.stop()


@pytest.mark.skipif(os.geteuid() != 0, reason="mounts a tmpfs, which needs root (CI runs as root)")
def test_a_full_disk_answers_507_shows_nothing_and_writes_again_once_space_is_freed(tmp_path):
    exe = roster_binary()
    mount = tmp_path / "small"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(mount)], check=True)
    try:
        db = str(mount / "db.sqlite")
        seed(exe, db, 5000)
        ballast = mount / "ballast"
        with open(ballast, "wb") as f:
            f.write(b"\0" * max(0, shutil.disk_usage(mount).free - 2 * 1024 * 1024))
        server = Serving(exe, db)
        try:
            before = server.total()
            status, body = server.call("POST", "/import", rows(60_000, "Full"), "text/csv")
            assert status == 507 and json.loads(body)["error"] == "insufficient_storage", body[:200]
            assert "free space" in json.loads(body)["message"]
            for i in range(400):
                status, body = server.call("POST", "/contacts", {"first_name": "Fill" + "x" * 200, "notes": "n" * 3000})
                if status != 201:
                    break
            assert status == 507 and json.loads(body)["error"] == "insufficient_storage", body[:200]
            filled = i
            assert server.total() == before + filled, "the refused import left nothing in the list"
            status, body = server.call("GET", "/window?q=full1&offset=0&height=100")
            assert status == 200 and json.loads(body)["total"] == 0
            assert not [n for n in os.listdir(mount) if "-import-" in n], "the staging file is gone"
            os.remove(ballast)
            status, body = server.call("POST", "/contacts", {"first_name": "After", "last_name": "Space"})
            assert status == 201, body[:200]
            status, body = server.call("POST", "/import", rows(1000, "Later"), "text/csv")
            assert status == 200, body[:200]
            assert server.total() == before + filled + 1 + 1000
        finally:
            server.stop()
        assert count_contacts(db) == before + filled + 1 + 1000, "the table holds what the list shows"
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_damaged_database_files_end_serve_with_exit_1_naming_the_file(tmp_path):
    exe = roster_binary()
    good = str(tmp_path / "good.sqlite")
    seed(exe, good, 20_000)
    subprocess.run(["sqlite3", good, "PRAGMA wal_checkpoint(TRUNCATE)"], check=True, capture_output=True)
    size = os.path.getsize(good)
    cases = {"garbage": (os.urandom(300_000), "is not a SQLite database"),
             "half": (open(good, "rb").read()[:size // 2], "cut short"),
             "page short": (open(good, "rb").read()[:size - 4096], "cut short")}
    for name, (data, said) in cases.items():
        path = str(tmp_path / (name.replace(" ", "-") + ".sqlite"))
        open(path, "wb").write(data)
        proc = subprocess.run([exe, "serve", "--port", "0", "--db", path, "--seed", "0", "--migrations", MIGRATIONS,
                               "--public", os.path.join(ROOT, "Public")], capture_output=True, text=True, timeout=30)
        assert proc.returncode == 1, f"{name}: exit {proc.returncode}, {proc.stderr[-200:]}"
        assert path in proc.stderr and said in proc.stderr, f"{name}: {proc.stderr[-300:]}"
        assert open(path, "rb").read() == data, f"{name}: the file was left as it was"


def test_kill_9_in_the_middle_of_acknowledged_inserts_loses_none(tmp_path):
    exe = roster_binary()
    db = str(tmp_path / "db.sqlite")
    seed(exe, db, 1000)
    server = Serving(exe, db)
    acknowledged = []
    stop = threading.Timer(1.5, lambda: server.proc.send_signal(signal.SIGKILL))
    stop.start()
    connection = http.client.HTTPConnection(server.host, server.port, timeout=5)
    try:
        for i in range(100_000):
            connection.request("POST", "/contacts", body=json.dumps({"first_name": f"Kept{i}"}).encode(),
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            reply = response.read()
            if response.status == 201:
                acknowledged.append(json.loads(reply)["id"])
    except (OSError, http.client.HTTPException):
        pass
    server.proc.wait()
    assert len(acknowledged) > 10, "too few writes before the kill to tell"
    again = Serving(exe, db)
    try:
        missing = [i for i in acknowledged if again.call("GET", f"/contacts/{i}")[0] != 200]
        assert not missing, f"{len(missing)} of {len(acknowledged)} acknowledged inserts lost"
        assert again.total() == 1000 + len(acknowledged) or again.total() == 1001 + len(acknowledged)
    finally:
        again.stop()
