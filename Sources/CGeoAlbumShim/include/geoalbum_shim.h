#pragma once
// The C shim: only what Swift cannot call directly. Each group has its own header.
#include "geoalbum_curl.h"
#include "geoalbum_jpeg.h"
