// A C face on the parts of libvips Roster uses: a photo's header without decoding it, and a
// thumbnail made with shrink-on-load. libvips' calls are variadic (NULL-terminated options), which
// Swift cannot call; these are not. libvips' own error text is global to the process and is never
// read here: a failure is a code, and the caller names its cause from what it checked itself.
#ifndef ROSTER_CVIPS_H
#define ROSTER_CVIPS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts libvips once per process: `threads` workers per image at most, no operation cache
/// (thumbnails are cached by the caller, by digest). Returns 0, or -1 when libvips cannot start.
int roster_vips_start(int threads);

/// What a photo's header says, read without decoding its pixels.
typedef struct {
    int32_t width;
    int32_t height;
    /// EXIF orientation 1-8 (1 when there is none).
    int32_t orientation;
} roster_vips_header;

/// The loader libvips picks for these bytes (its class name, for example "VipsForeignLoadJpegBuffer") into `loader`, and the
/// header into `out`. Returns 0, or -1 when libvips reads no image there.
int roster_vips_read_header(const void *bytes, size_t length, char *loader, int32_t loader_capacity,
                            roster_vips_header *out);

/// Encodings of a thumbnail.
enum { ROSTER_VIPS_JPEG = 0, ROSTER_VIPS_WEBP = 1, ROSTER_VIPS_AVIF = 2 };

/// A `size` x `size` thumbnail of the photo: shrunk on load, EXIF orientation applied, the centre
/// cropped square, in sRGB, every piece of metadata stripped, encoded as `encoding` at `quality`.
/// A damaged or cut-off image fails rather than showing grey. On success returns 0 and a buffer
/// in `*out` (free it with roster_vips_free); -1 otherwise.
int roster_vips_thumbnail(const void *bytes, size_t length, int32_t size, int32_t encoding, int32_t quality,
                          void **out, size_t *out_length);

void roster_vips_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
