"""Opens N keep-alive connections to a server, sends one request on each, keeps
them open, and prints the server's RSS growth in MB: idle_connections.py PORT PID N."""
import resource, socket, sys, time

from proc import rss_kb



def main():
    port, pid, n = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, n + 1000), hard))
    before = rss_kb(pid)
    sockets = []
    request = b"GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n"
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(request)
        sockets.append(s)
    answered = 0
    for s in sockets:
        s.settimeout(10)
        if s.recv(4096).startswith(b"HTTP/1.1 200"):
            answered += 1
    time.sleep(1)
    after = rss_kb(pid)
    print(f"http idle connections: {answered} of {n} answered and held open")
    print(f"http idle RSS growth MB: {(after - before) / 1024:.1f} (target <= 40)")
    for s in sockets:
        s.close()


if __name__ == "__main__":
    main()
