#ifndef ROSTER_CISAL_SHIM_H
#define ROSTER_CISAL_SHIM_H

// ISA-L's igzip: fast whole-buffer DEFLATE and gzip compression (Debian's libisal-dev).
#include <stdint.h>
#include <isa-l/igzip_lib.h>

/// The size of the level buffer igzip's `level` (0 ... 3) asks for by default.
static inline uint32_t roster_igzip_level_buffer_size(int level) {
    switch (level) {
    case 0: return ISAL_DEF_LVL0_DEFAULT;
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    default: return ISAL_DEF_LVL3_DEFAULT;
    }
}

/// `input` compressed as one gzip member into `output` in one call (stateless), with
/// the stream state `stream` and the level buffer `level_buffer` reused. Returns the
/// bytes written, or -1 when `output` was too small (STATELESS_OVERFLOW), -2 on another error.
static inline int64_t roster_igzip_gzip(
    struct isal_zstream *stream, uint8_t *level_buffer, uint32_t level_buffer_size, int level,
    const uint8_t *input, uint32_t input_length, uint8_t *output, uint32_t output_length) {
    isal_deflate_stateless_init(stream);
    stream->level = (uint32_t)level;
    stream->level_buf = level_buffer;
    stream->level_buf_size = level_buffer_size;
    stream->gzip_flag = IGZIP_GZIP;
    stream->end_of_stream = 1;
    stream->flush = NO_FLUSH;
    stream->next_in = (uint8_t *)input;
    stream->avail_in = input_length;
    stream->next_out = output;
    stream->avail_out = output_length;
    int result = isal_deflate_stateless(stream);
    if (result == STATELESS_OVERFLOW) return -1;
    if (result != COMP_OK) return -2;
    return (int64_t)stream->total_out;
}

#endif
