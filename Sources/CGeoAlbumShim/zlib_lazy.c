// zlib, loaded on first use: what the summary card's PNG writer calls (png_write.c). zlib1g is
// on every Debian system, but album links it only when it draws a card, like cairo (see
// geoalbum_lazy.h for why).
#include "geoalbum_lazy.h"
#include "lazy_library.h"
#include <zlib.h>

#define GA_ZLIB_SONAME "libz.so.1"
const char *const ga_zlib_soname = GA_ZLIB_SONAME;

#define GA_ZLIB_FUNCTIONS(F, V)                                                                                  \
    F(int, deflateInit2_,                                                                                        \
      (z_streamp s, int level, int method, int bits, int memory, int strategy, const char *version, int size),  \
      (s, level, method, bits, memory, strategy, version, size))                                                 \
    F(int, deflate, (z_streamp s, int flush), (s, flush))                                                        \
    F(int, deflateEnd, (z_streamp s), (s))                                                                       \
    F(uLong, deflateBound, (z_streamp s, uLong length), (s, length))                                             \
    F(uLong, crc32, (uLong crc, const Bytef *bytes, uInt length), (crc, bytes, length))

GA_LAZY_LIBRARY(GA_ZLIB_FUNCTIONS, GA_ZLIB_SONAME, "summary cards", "zlib1g")

const char *ga_zlib_load(const char *file) { return ga_lazy_load(&ga_lazy_this, file); }
