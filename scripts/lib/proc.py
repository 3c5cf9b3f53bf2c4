"""Process figures from /proc, for the benchmark scripts."""


def rss_kb(pid):
    """Resident set size of process `pid`, in KiB (0 when unknown)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class PeakRSS:
    """Within `with PeakRSS(pid) as rss:`, samples the process's RSS every 50 ms on
    a thread; afterwards `rss.growth_mb` is its peak above where it started."""

    def __init__(self, pid):
        import threading
        self.pid = pid
        self.base = self.peak = rss_kb(pid)
        self.running = True
        self.thread = threading.Thread(target=self._watch)

    def _watch(self):
        import time
        while self.running:
            self.peak = max(self.peak, rss_kb(self.pid))
            time.sleep(0.05)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.running = False
        self.thread.join()

    @property
    def growth_mb(self):
        return (self.peak - self.base) / 1024
