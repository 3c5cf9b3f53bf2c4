#ifndef ROSTER_CLINUX_H
#define ROSTER_CLINUX_H

// Declarations Glibc's Swift module leaves out. The header itself does not define
// _GNU_SOURCE (that would change shared structs and clash with Glibc's module);
// calls that need it are wrapped in CLinux.c.
#include <stddef.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/random.h>

/// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC: one syscall per accepted connection.
int roster_accept_nonblocking(int fd);

/// The CPUs in the calling thread's affinity mask (sched_getaffinity, CPU_COUNT), or -1.
int roster_affinity_cpu_count(void);

/// Makes signal `signo` write its number as one byte to `fd` (a pipe's non-blocking
/// write end), from a handler that does nothing else: the signal is never lost to a
/// disposition set too late, and whoever reads the pipe acts on it. 0, or -1 and errno.
int roster_forward_signal(int signo, int fd);

/// memmem (a GNU extension): where `needle` first is in `haystack`, or NULL.
const void *roster_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// The epoll_event fields, since the struct is packed on x86_64.
static inline struct epoll_event roster_epoll_event(uint32_t events, uint64_t data) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = data;
    return event;
}

static inline uint64_t roster_epoll_event_data(const struct epoll_event *event) { return event->data.u64; }
static inline uint32_t roster_epoll_event_events(const struct epoll_event *event) { return event->events; }

#endif
