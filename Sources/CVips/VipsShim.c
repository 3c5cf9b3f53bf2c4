#include "CVips.h"

#include <pthread.h>
#include <string.h>
#include <vips/vips.h>

static pthread_once_t started_once = PTHREAD_ONCE_INIT;
static int started_status = -1;
static int started_threads = 1;

static void start(void) {
    if (VIPS_INIT("roster") != 0) {
        vips_error_clear();
        return;
    }
    vips_concurrency_set(started_threads);
    // Thumbnails are cached by digest by the caller; libvips' operation cache would only hold
    // decoded images in memory.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    started_status = 0;
}

int roster_vips_start(int threads) {
    started_threads = threads > 0 ? threads : 1;
    pthread_once(&started_once, start);
    return started_status;
}

int roster_vips_read_header(const void *bytes, size_t length, char *loader, int32_t loader_capacity,
                            roster_vips_header *out) {
    const char *name = vips_foreign_find_load_buffer(bytes, length);
    if (name == NULL) {
        vips_error_clear();
        return -1;
    }
    if (loader != NULL && loader_capacity > 0) {
        strncpy(loader, name, (size_t)loader_capacity - 1);
        loader[loader_capacity - 1] = 0;
    }
    // Sequential access: only the header is read until pixels are asked for, and none are.
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) {
        vips_error_clear();
        return -1;
    }
    out->width = vips_image_get_width(image);
    out->height = vips_image_get_height(image);
    out->orientation = vips_image_get_orientation(image);
    g_object_unref(image);
    return 0;
}

/// A copy of `image` without EXIF, XMP or IPTC: `strip` alone leaves EXIF in libvips 8.14's WebP
/// files (a camera's GPS position with it).
static VipsImage *without_metadata(VipsImage *image) {
    VipsImage *copy = NULL;
    if (vips_copy(image, &copy, NULL) != 0) return NULL;
    gchar **fields = vips_image_get_fields(copy);
    for (int i = 0; fields != NULL && fields[i] != NULL; i++) {
        const char *name = fields[i];
        if (vips_isprefix("exif-", name) || strcmp(name, "xmp-data") == 0 || strcmp(name, "iptc-data") == 0 ||
            strcmp(name, "orientation") == 0) {
            vips_image_remove(copy, name);
        }
    }
    g_strfreev(fields);
    return copy;
}

static int save(VipsImage *image, int32_t encoding, int32_t quality, void **out, size_t *out_length) {
    switch (encoding) {
    case ROSTER_VIPS_WEBP:
        return vips_webpsave_buffer(image, out, out_length, "Q", quality, "strip", TRUE, NULL);
    case ROSTER_VIPS_AVIF:
        return vips_heifsave_buffer(image, out, out_length, "Q", quality, "strip", TRUE, "compression",
                                    VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "effort", 2, NULL);
    default:
        return vips_jpegsave_buffer(image, out, out_length, "Q", quality, "strip", TRUE, "optimize_coding",
                                    TRUE, NULL);
    }
}

int roster_vips_thumbnail(const void *bytes, size_t length, int32_t size, int32_t encoding, int32_t quality,
                          void **out, size_t *out_length) {
    VipsImage *thumbnail = NULL;
    // fail_on=truncated: a cut-off file fails instead of being drawn half grey.
    if (vips_thumbnail_buffer((void *)bytes, length, &thumbnail, size, "height", size, "crop",
                              VIPS_INTERESTING_CENTRE, "option_string",
                              "fail_on=truncated", NULL) != 0) {
        vips_error_clear();
        return -1;
    }
    VipsImage *flat = thumbnail;
    if (vips_image_hasalpha(thumbnail)) {
        // An avatar sits on the page's light background; JPEG has no alpha.
        double white[3] = {255, 255, 255};
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        int flattened = vips_flatten(thumbnail, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        if (flattened != 0) {
            g_object_unref(thumbnail);
            vips_error_clear();
            return -1;
        }
    }
    VipsImage *bare = without_metadata(flat);
    int status = bare != NULL ? save(bare, encoding, quality, out, out_length) : -1;
    if (bare != NULL) g_object_unref(bare);
    if (flat != thumbnail) g_object_unref(flat);
    g_object_unref(thumbnail);
    if (status != 0) {
        vips_error_clear();
        return -1;
    }
    return 0;
}

void roster_vips_free(void *buffer) { g_free(buffer); }
