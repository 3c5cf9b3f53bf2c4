#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include "CLinux.h"

const void *roster_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

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

static volatile sig_atomic_t roster_signal_fd = -1;

static void roster_on_signal(int signo) {
    int saved = errno;  // a handler must leave errno as it found it
    unsigned char number = (unsigned char)signo;
    if (roster_signal_fd >= 0) (void)write(roster_signal_fd, &number, 1);
    errno = saved;
}

int roster_forward_signal(int signo, int fd) {
    roster_signal_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = roster_on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signo, &action, NULL);
}
