#pragma once
// The C shim: only what Swift cannot call directly, and the libraries loaded on first use. Each
// group has its own header.
#include "geoalbum_curl.h"
#include "geoalbum_jpeg.h"
#include "geoalbum_lazy.h"
#include "geoalbum_png.h"
#include "geoalbum_audio.h"
#include "geoalbum_speech.h"
