"""How soon another server's /events tells of a write: on a running cluster
(scripts/cluster), N renames (default 50) of one contact through the server on
WRITE_PORT, each timed from its answer (and from its send) to the version event
on LISTEN_PORT's /events stream.

    events_latency.py WRITE_PORT LISTEN_PORT [N]    e.g. 8091 8092 for scripts/cluster"""
import http.client, json, socket, statistics, sys, time

write_port, listen_port = int(sys.argv[1]), int(sys.argv[2])
count = int(sys.argv[3]) if len(sys.argv) > 3 else 50

stream = socket.create_connection(("127.0.0.1", listen_port))
stream.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
lines = stream.makefile("rb")


def next_version():
    while True:
        line = lines.readline()
        if not line:
            sys.exit("events latency: the stream ended")
        if line.startswith(b"data: "):
            return json.loads(line[6:])["version"]


next_version()  # the version the stream starts with
c = http.client.HTTPConnection("127.0.0.1", write_port)
c.request("GET", "/window?offset=0&height=200")
window = json.loads(c.getresponse().read())
contact = next(cell["contact"]["id"] for cell in window["cells"] if cell["kind"] == "contact")
after_answer, after_send = [], []
for i in range(count):
    start = time.perf_counter()
    c.request("PATCH", f"/contacts/{contact}", body=json.dumps({"company": f"Latency {i}"}),
              headers={"Content-Type": "application/json"})
    response = c.getresponse()
    body = response.read()
    answered = time.perf_counter()
    if response.status != 200:
        sys.exit(f"events latency: the write answered {response.status} {body[:200]!r}")
    version = json.loads(body).get("version")
    while next_version() != version and version is not None:
        pass
    told = time.perf_counter()
    after_answer.append((told - answered) * 1000)
    after_send.append((told - start) * 1000)
    time.sleep(0.05)
print(f"events writes: {count}")
print(f"events ms after the write was sent: median {statistics.median(after_send):.2f}, max {max(after_send):.2f}")
print(f"events ms after the write's answer: median {statistics.median(after_answer):.2f}, max {max(after_answer):.2f}")
