#pragma once
// The summary card's PNG writer (decision 0130-lead): cairo's own (libpng at zlib's default
// level) spent 59 % of a card's CPU in deflate. This one writes the same pixels as an 8-bit RGB
// PNG at a level the caller picks, through zlib loaded on first use (zlib_lazy.c).
#include <stddef.h>

/// The file `ga_zlib_load(NULL)` opens: zlib's soname.
extern const char *const ga_zlib_soname;

/// Loads zlib, as `ga_heif_load` does libheif: NULL, or a message naming the library and its package.
const char *ga_zlib_load(const char *file);

/// Encodes `height` rows of `width` cairo RGB24 pixels (32-bit native-endian 0xXXRRGGBB, `stride`
/// bytes from one row to the next) as a PNG: 8-bit RGB, not interlaced, every row Paeth-filtered,
/// deflated at `level` (1-9).
/// On success returns 0 and sets `*png` to a buffer of `*length` bytes that the caller frees with
/// `free`; returns -1 when memory runs out, -2 for arguments out of range, or zlib's error code
/// below -2 (its code minus 100).
int ga_png_encode_rgb24(const unsigned char *pixels, int width, int height, int stride, int level,
                        unsigned char **png, size_t *length);
