#ifndef ROSTER_CDEFLATE_SHIM_H
#define ROSTER_CDEFLATE_SHIM_H

// libdeflate: whole-buffer DEFLATE, zlib and gzip compression (Debian's libdeflate-dev).
#include <libdeflate.h>

#endif
