import Platform
import Testing

/// The core count a server sizes its event loops by: each file's format on
/// sample contents, then the fewest of them.
struct CPUCountTests {
    // MARK: - cgroup v2 cpu.max

    @Test func aV2MaximumOfMaxIsNoLimit() {
        #expect(CPUCount.cgroupV2Limit(cpuMax: "max 100000\n") == nil)
        #expect(CPUCount.cgroupV2Limit(cpuMax: "max 100000") == nil)
    }

    @Test func aV2QuotaIsRoundedUpToWholeCPUs() {
        #expect(CPUCount.cgroupV2Limit(cpuMax: "150000 100000\n") == 2)
        #expect(CPUCount.cgroupV2Limit(cpuMax: "200000 100000\n") == 2)
        #expect(CPUCount.cgroupV2Limit(cpuMax: "200001 100000\n") == 3)
        #expect(CPUCount.cgroupV2Limit(cpuMax: "400000 50000") == 8)
    }

    @Test func aV2QuotaBelowOneCPUStillGivesOne() {
        #expect(CPUCount.cgroupV2Limit(cpuMax: "1000 100000\n") == 1)
        #expect(CPUCount.cgroupV2Limit(cpuMax: "50000 100000\n") == 1)
    }

    @Test(arguments: [
        "", "\n", "garbage", "150000", "150000 100000 7", "-1 100000", "0 100000", "150000 0",
        "1.5 1", "150000 abc", "max",
    ])
    func aV2FileThatIsNotQuotaAndPeriodIsNoLimit(contents: String) {
        #expect(CPUCount.cgroupV2Limit(cpuMax: contents) == nil)
    }

    // MARK: - cgroup v1 cfs quota and period

    @Test func aV1QuotaOfMinusOneIsNoLimit() {
        #expect(CPUCount.cgroupV1Limit(quota: "-1\n", period: "100000\n") == nil)
    }

    @Test func aV1QuotaIsRoundedUpToWholeCPUs() {
        #expect(CPUCount.cgroupV1Limit(quota: "150000\n", period: "100000\n") == 2)
        #expect(CPUCount.cgroupV1Limit(quota: "300000", period: "100000") == 3)
        #expect(CPUCount.cgroupV1Limit(quota: "10000\n", period: "100000\n") == 1)
    }

    @Test func unreadableV1FilesAreNoLimit() {
        #expect(CPUCount.cgroupV1Limit(quota: "garbage", period: "100000") == nil)
        #expect(CPUCount.cgroupV1Limit(quota: "150000", period: "") == nil)
        #expect(CPUCount.cgroupV1Limit(quota: "150000", period: "0") == nil)
        #expect(CPUCount.cgroupV1Limit(quota: "", period: "") == nil)
    }

    // MARK: - Where the files are

    @Test func procSelfCgroupGivesTheUnifiedAndTheCPUControllersPaths() {
        let hybrid = """
            9:name=systemd:/
            4:memory:/docker/abc
            2:cpu,cpuacct:/docker/abc
            0::/docker/abc

            """
        #expect(CPUCount.cgroupPaths(hybrid) == .init(unified: "/docker/abc", cpu: "/docker/abc"))
        #expect(CPUCount.cgroupPaths("0::/\n") == .init(unified: "/", cpu: nil))
        #expect(CPUCount.cgroupPaths("3:cpuset:/a\n1:cpu:/b\n") == .init(unified: nil, cpu: "/b"))
        #expect(CPUCount.cgroupPaths("garbage\n:\n5:cpuacct:/c\n") == .init())
    }

    @Test func aCgroupsLimitsAreLookedForAtTheRootAndAlongItsPath() {
        #expect(
            CPUCount.directories(under: ["/sys/fs/cgroup"], path: "/user.slice/session.scope")
                == ["/sys/fs/cgroup", "/sys/fs/cgroup/user.slice/session.scope", "/sys/fs/cgroup/user.slice"])
        #expect(CPUCount.directories(under: ["/r", "/s"], path: "/") == ["/r", "/s"])
        #expect(CPUCount.directories(under: ["/r"], path: nil) == ["/r"])
    }

    // MARK: - The fewest

    @Test func theCountIsTheFewestOfOnlineAffinityAndQuotas() {
        #expect(CPUCount.fewest(online: 64, limits: [64, 2, nil]) == 2, "a quota of 2 CPUs on 64 cores")
        #expect(CPUCount.fewest(online: 64, limits: [4, nil, 8]) == 4, "an affinity mask of 4")
        #expect(CPUCount.fewest(online: 8, limits: [nil, nil]) == 8, "no limit anywhere")
        #expect(CPUCount.fewest(online: 2, limits: [16]) == 2)
    }

    @Test func theCountIsAtLeastOne() {
        #expect(CPUCount.fewest(online: 0, limits: []) == 1)
        #expect(CPUCount.fewest(online: -1, limits: [nil]) == 1)
        #expect(CPUCount.fewest(online: 4, limits: [0, -3]) == 4, "nonsense limits are ignored")
    }

    @Test func thisProcessGetsACountWithinItsOnlineCPUs() {
        let count = CPUCount.available
        #expect(count >= 1)
        #expect(count <= 4096)
    }
}
