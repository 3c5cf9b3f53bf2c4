"""kill -9 during a large import: the database reopens clean with exactly the
contacts from before (the import is one transaction)."""
import os, signal, socket, subprocess, tempfile, threading, time, json, urllib.request

from conftest import ROOT, roster_binary, wait_until


def start(exe, db):
    out = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen([exe, "serve", "--port", "0", "--db", db, "--seed", "0",
                             "--public", os.path.join(ROOT, "Public"), "--migrations", os.path.join(ROOT, "Migrations")],
                            stdout=out, stderr=subprocess.DEVNULL)
    def listening():
        out.seek(0)
        line = out.readline()
        return line.split()[-1] if line.startswith("listening on ") else None

    base = wait_until(listening, timeout=30)
    assert base, "roster did not start"
    return proc, base


def total(base):
    with urllib.request.urlopen(base + "/window?offset=0&height=100") as response:
        return json.load(response)["total"]


def test_kill_9_in_the_middle_of_an_import_loses_and_adds_nothing(tmp_path):
    exe = roster_binary()
    db = str(tmp_path / "db.sqlite")
    subprocess.run([exe, "seed", "--db", db, "--count", "1000", "--migrations", os.path.join(ROOT, "Migrations")],
                   check=True, capture_output=True)
    proc, base = start(exe, db)
    assert total(base) == 1000
    rows = "".join(f"Name{i},Killed{i % 977},n{i}@x.org\r\n" for i in range(400_000))
    body = ("first_name,last_name,email\r\n" + rows).encode()
    host, port = base.split("//")[1].split(":")
    sent = [0]

    def upload():
        s = socket.create_connection((host, int(port)))
        s.sendall(f"POST /import HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: text/csv\r\nContent-Length: {len(body)}\r\n\r\n".encode())
        try:
            for start_at in range(0, len(body), 65536):
                s.sendall(body[start_at:start_at + 65536])
                sent[0] = start_at
        except OSError:
            pass

    thread = threading.Thread(target=upload)
    thread.start()
    assert wait_until(lambda: sent[0] >= len(body) // 2, timeout=60, every=0.01), "the upload never got half-way"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    thread.join(10)
    proc, base = start(exe, db)
    try:
        assert total(base) == 1000
        with urllib.request.urlopen(base + "/export.csv") as response:
            exported = response.read().decode()
        assert exported.count("\r\n") >= 1001 and "Killed" not in exported
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0
