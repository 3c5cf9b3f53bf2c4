// libvips (Debian's libvips-dev), for its headers' search paths from pkg-config; CVips calls it.
#include <vips/vips.h>
