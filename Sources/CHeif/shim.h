#pragma once
// libheif's header only: the library is loaded on first use by CGeoAlbumShim (geoalbum_lazy.h).
#include <libheif/heif.h>
