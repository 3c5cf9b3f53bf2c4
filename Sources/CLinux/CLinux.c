#define _GNU_SOURCE
#include <sys/socket.h>
#include "CLinux.h"

int roster_accept_nonblocking(int fd) {
    return accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
