"""Times `curl --data-binary` of a CSV into a running Roster (PORT PID CSV) and
prints the seconds and the server's peak RSS growth while it ran."""
import subprocess, sys, threading, time


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


port, pid, csv = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
base = rss_kb(pid)
peak = [base]
done = [False]


def watch():
    while not done[0]:
        peak[0] = max(peak[0], rss_kb(pid))
        time.sleep(0.05)


thread = threading.Thread(target=watch)
thread.start()
start = time.perf_counter()
out = subprocess.run(["curl", "-s", "-H", "Content-Type: text/csv", "--data-binary", "@" + csv,
                      f"http://127.0.0.1:{port}/import"], capture_output=True, text=True).stdout
seconds = time.perf_counter() - start
done[0] = True
thread.join()
print(f"import response: {out[:120]}")
print(f"import roster seconds: {seconds:.3f}")
print(f"import RSS growth MB: {(peak[0] - base) / 1024:.1f} (target <= 64)")
