#pragma once
// TagLib's C API header only: the library is loaded on first use by CGeoAlbumShim (geoalbum_lazy.h).
#include <taglib/tag_c.h>
