#ifndef ROSTER_CZSTD_SHIM_H
#define ROSTER_CZSTD_SHIM_H

// Zstandard (Debian's libzstd-dev): ZSTD_compress2 with a reused context, ZSTD_decompress.
#include <zstd.h>

#endif
