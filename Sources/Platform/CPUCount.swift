import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// How many CPUs this process can keep busy at once: the fewest of the CPUs
/// online, those its affinity mask allows (`taskset`, `docker --cpuset-cpus`)
/// and the CPU time its cgroup grants (`docker --cpus`, Kubernetes limits:
/// cgroup v2 `cpu.max`, cgroup v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`,
/// rounded up). A server sizing its threads by the CPUs online alone would, in
/// a container limited to 2 CPUs on a 64-core host, start 64 event loops that
/// the quota then throttles.
///
/// Each file is parsed by a pure function, so every format is tested on sample
/// contents; `available` reads the system once per call.
public enum CPUCount {
    /// The CPUs to size event loops and worker threads for: at least 1.
    public static var available: Int {
        let cgroups = readFile("/proc/self/cgroup").map(cgroupPaths) ?? CgroupPaths()
        var limits: [Int?] = [affinity()]
        let v2Roots = ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"]
        for directory in directories(under: v2Roots, path: cgroups.unified) {
            limits.append(readFile(directory + "/cpu.max").flatMap(cgroupV2Limit(cpuMax:)))
        }
        let v1Roots = ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup/cpuacct,cpu"]
        for directory in directories(under: v1Roots, path: cgroups.cpu) {
            guard let quota = readFile(directory + "/cpu.cfs_quota_us"),
                let period = readFile(directory + "/cpu.cfs_period_us")
            else { continue }
            limits.append(cgroupV1Limit(quota: quota, period: period))
        }
        return fewest(online: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), limits: limits)
    }

    /// The fewest of `online` and every known limit (nil: no limit, or unknown), at least 1.
    public static func fewest(online: Int, limits: [Int?]) -> Int {
        var fewest = online > 0 ? online : Int.max
        for case let limit? in limits where limit > 0 { fewest = min(fewest, limit) }
        return fewest == .max ? 1 : fewest
    }

    /// The CPUs a cgroup v2 `cpu.max` grants: `"150000 100000"` (quota and
    /// period in µs) is 2 (rounded up, at least 1); `"max 100000"` (no limit)
    /// and anything that is not two such fields are nil.
    public static func cgroupV2Limit(cpuMax: String) -> Int? {
        let fields = cpuMax.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        guard fields.count == 2, fields[0] != "max" else { return nil }
        return limit(quota: Int(fields[0]), period: Int(fields[1]))
    }

    /// The CPUs cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us` grant:
    /// quota / period rounded up, at least 1; a quota of `-1` (no limit) or
    /// anything unreadable is nil.
    public static func cgroupV1Limit(quota: String, period: String) -> Int? {
        limit(quota: Int(trimmed(quota)), period: Int(trimmed(period)))
    }

    /// Where the process's cgroups are, from `/proc/self/cgroup`.
    public struct CgroupPaths: Equatable, Sendable {
        /// The cgroup v2 (unified) path, from the `0::PATH` line.
        public var unified: String?
        /// The cgroup v1 path of the `cpu` controller, from its `N:cpu,...:PATH` line.
        public var cpu: String?

        /// Paths as given (nil: that hierarchy is not there).
        public init(unified: String? = nil, cpu: String? = nil) {
            self.unified = unified
            self.cpu = cpu
        }
    }

    /// Parses `/proc/self/cgroup` (`ID:CONTROLLERS:PATH` lines); lines that do
    /// not have that form are skipped.
    public static func cgroupPaths(_ contents: String) -> CgroupPaths {
        var paths = CgroupPaths()
        for line in contents.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[2].hasPrefix("/") else { continue }
            if fields[0] == "0" && fields[1].isEmpty {
                paths.unified = String(fields[2])
            } else if fields[1].split(separator: ",").contains("cpu") {
                paths.cpu = String(fields[2])
            }
        }
        return paths
    }

    /// The folders whose limits apply to a cgroup at `path` below each of
    /// `roots`: each root itself (what a container sees of its own cgroup) and
    /// the cgroup and every ancestor of it (a host's view, where a parent's
    /// limit caps its children).
    public static func directories(under roots: [String], path: String?) -> [String] {
        var relative: [String] = [""]
        if let path {
            var parts = path.split(separator: "/").map(String.init)
            while !parts.isEmpty {
                relative.append("/" + parts.joined(separator: "/"))
                parts.removeLast()
            }
        }
        return roots.flatMap { root in relative.map { root + $0 } }
    }

    private static func limit(quota: Int?, period: Int?) -> Int? {
        guard let quota, let period, quota > 0, period > 0 else { return nil }
        return max(1, (quota + period - 1) / period)
    }

    private static func trimmed(_ text: String) -> Substring {
        Substring(text).drop(while: { $0 == " " || $0 == "\t" }).prefix(while: { $0 != "\n" && $0 != " " })
    }

    /// The CPUs in the process's affinity mask (sched_getaffinity), nil when unknown.
    static func affinity() -> Int? {
        let count = roster_affinity_cpu_count()
        return count > 0 ? Int(count) : nil
    }

    /// The contents of a small file (a /proc or /sys entry), nil when it cannot be read.
    static func readFile(_ path: String) -> String? {
        // try? flattens: nil when the wrapper threw or the call would block.
        guard let fd = try? syscall("open", { open(path, O_RDONLY | O_CLOEXEC) }) else { return nil }
        defer { System.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let result = try? chunk.withUnsafeMutableBytes { buffer in
                try syscall("read") { read(fd, buffer.baseAddress, buffer.count) }
            }
            guard let count = result, count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
