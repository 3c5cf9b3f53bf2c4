#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <sys/socket.h>
#include "CLinux.h"

int roster_accept_nonblocking(int fd) {
    return accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int roster_affinity_cpu_count(void) {
    // A mask for more CPUs each time the kernel says EINVAL (its mask is wider).
    for (int cpus = 1024; cpus <= (1 << 18); cpus *= 2) {
        cpu_set_t *set = CPU_ALLOC(cpus);
        if (set == 0) return -1;
        size_t size = CPU_ALLOC_SIZE(cpus);
        CPU_ZERO_S(size, set);
        int result = sched_getaffinity(0, size, set);
        int count = result == 0 ? CPU_COUNT_S(size, set) : -1;
        int error = errno;
        CPU_FREE(set);
        if (result == 0) return count;
        if (error != EINVAL) return -1;
    }
    return -1;
}
