"""Process figures from /proc, for the benchmark scripts."""


def rss_kb(pid):
    """Resident set size of process `pid`, in KiB (0 when unknown)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
