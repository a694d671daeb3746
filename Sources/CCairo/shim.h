#pragma once
// cairo from Debian (libcairo2-dev): the 2-D drawing library of the summary card. Its header
// only: the library is loaded on first use by CGeoAlbumShim (geoalbum_lazy.h).
#include <cairo/cairo.h>
