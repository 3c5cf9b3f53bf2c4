#!/usr/bin/env python3
"""Runs one wrk command and reports, beside its requests/s and p99, the CPU seconds every
process of a few kinds spent meanwhile (read from /proc: utime + stime of processes named
postgres, roster, haproxy, nginx, wrk), so a benchmark can say where the machine's time went (wrk's own, as this process's child, once it has ended).

    cpu_split.py LABEL -- wrk ARGS...

Prints `LABEL: RPS req/s, p99 MS ms; cpu s: postgres X, roster Y, haproxy Z, nginx N, wrk W`,
then `LABEL cpu us per request: ...` for the kinds that spent any, and exits 1 when wrk
counted non-2xx answers or socket errors."""
import os, re, subprocess, sys

KINDS = ("postgres", "roster", "haproxy", "nginx", "wrk")
TICK = os.sysconf("SC_CLK_TCK")


def cpu():
    """{pid: (kind, CPU seconds so far)} of every process of the kinds."""
    seconds = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        kind = next((k for k in KINDS if name.startswith(k)), None)
        if kind:
            seconds[pid] = (kind, (int(fields[11]) + int(fields[12])) / TICK)
    return seconds


def spent(before, after):
    """CPU seconds by kind between two samples, per process: one that ended meanwhile (a
    server stopped just before) counts nothing, one that started counts all it used."""
    total = dict.fromkeys(KINDS, 0.0)
    for pid, (kind, seconds) in after.items():
        total[kind] += seconds - before.get(pid, (kind, 0.0))[1]
    return total


def main():
    label, sep, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
    assert sep == "--"
    before = cpu()
    children = os.times()
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    used = spent(before, cpu())
    # wrk has ended by now: its time is what this process's children spent.
    used["wrk"] = (os.times().children_user - children.children_user) + (
        os.times().children_system - children.children_system)
    rps = float(re.search(r"Requests/sec:\s*([\d.]+)", out).group(1))
    m = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    p99 = float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else float("nan")
    bad = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", out)
    errors = re.search(r"Socket errors:.*", out)
    split = ", ".join(f"{k} {used[k]:.1f}" for k in KINDS)
    print(f"{label}: {rps:,.0f} req/s, p99 {p99:.2f} ms; cpu s: {split}")
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    per = ", ".join(f"{k} {used[k] / requests * 1e6:.0f}" for k in KINDS if used[k] > 0)
    print(f"{label} cpu us per request: {per}")
    if bad or errors:
        print(f"{label}: {bad.group(1) if bad else 0} non-2xx answers {errors.group(0) if errors else ''}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
