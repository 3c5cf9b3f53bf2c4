#ifndef ROSTER_CZLIB_SHIM_H
#define ROSTER_CZLIB_SHIM_H

#include <zlib.h>

/// deflateInit2 is a macro that passes ZLIB_VERSION and sizeof(z_stream); Swift imports neither.
/// windowBits 31 = 15 + 16 selects the gzip wrapper.
static inline int roster_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// deflateInit2 in gzip format with a chosen window (9...15 bits), memory level (1...9: small
/// ones make each deflateReset, which clears the hash table, cheap) and strategy.
static inline int roster_deflate_init_gzip_strategy(z_streamp stream, int level, int window_bits, int mem_level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits + 16, mem_level, strategy);
}

/// inflateInit2 with automatic zlib/gzip header detection (windowBits 15 + 32).
static inline int roster_inflate_init_auto(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}

#endif
