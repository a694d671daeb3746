// The summary card's PNG writer: see geoalbum_png.h.
#include "geoalbum_png.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

// A chunk at `p` whose `length` data bytes are already at p + 8: writes its length, type and CRC.
// Returns the bytes the chunk takes.
static size_t chunk(unsigned char *p, const char type[4], size_t length) {
    put32(p, (uint32_t)length);
    memcpy(p + 4, type, 4);
    put32(p + 8 + length, (uint32_t)crc32(crc32(0L, Z_NULL, 0), p + 4, (uInt)(length + 4)));
    return 12 + length;
}

static unsigned paeth(unsigned a, unsigned b, unsigned c) {
    int p = (int)a + (int)b - (int)c;
    int pa = abs(p - (int)a), pb = abs(p - (int)b), pc = abs(p - (int)c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// The filtered row for filter `type` (1-4) of `raw` over `prior` (zeros for the first row) into
// out[1...]; returns libpng's cost: the sum of the bytes read as signed magnitudes.
static unsigned long filter_row(int type, const unsigned char *raw, const unsigned char *prior, size_t n,
                                unsigned char *out) {
    unsigned long sum = 0;
    out[0] = (unsigned char)type;
    unsigned char *f = out + 1;
    for (size_t i = 0; i < n; i++) {
        unsigned left = i >= 3 ? raw[i - 3] : 0, up = prior[i], upleft = i >= 3 ? prior[i - 3] : 0;
        unsigned predictor = type == 1 ? left : type == 2 ? up : type == 3 ? (left + up) / 2 : paeth(left, up, upleft);
        unsigned char v = (unsigned char)(raw[i] - predictor);
        f[i] = v;
        sum += v < 128 ? v : 256 - v;
    }
    return sum;
}

int ga_png_encode_rgb24(const unsigned char *pixels, int width, int height, int stride, int level,
                        unsigned char **png, size_t *length) {
    if (width <= 0 || height <= 0 || width > 1 << 16 || height > 1 << 16 || stride < width * 4 || level < 1 ||
        level > 9)
        return -2;
    const size_t n = (size_t)width * 3, line = n + 1;
    z_stream z;
    memset(&z, 0, sizeof z);
    int status = deflateInit2(&z, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY);
    if (status != Z_OK) return status == Z_MEM_ERROR ? -1 : status - 100;
    // Signature, IHDR (13 bytes), one IDAT, IEND.
    const size_t bound = deflateBound(&z, (uLong)(line * (size_t)height));
    unsigned char *out = malloc(8 + 25 + 12 + bound + 12);
    unsigned char *rows = malloc(2 * n + 5 * line);
    if (!out || !rows) {
        free(out);
        free(rows);
        deflateEnd(&z);
        return -1;
    }
    unsigned char *raw = rows, *prior = rows + n, *candidate = rows + 2 * n;
    memset(prior, 0, n);
    memcpy(out, "\x89PNG\r\n\x1a\n", 8);
    size_t at = 8;
    unsigned char *ihdr = out + at + 8;
    put32(ihdr, (uint32_t)width);
    put32(ihdr + 4, (uint32_t)height);
    memcpy(ihdr + 8, "\x08\x02\x00\x00\x00", 5);  // 8 bits, RGB, deflate, adaptive filters, no interlace
    at += chunk(out + at, "IHDR", 13);
    unsigned char *idat = out + at;
    z.next_out = idat + 8;
    z.avail_out = (uInt)bound;
    for (int y = 0; y < height && status == Z_OK; y++) {
        const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            uint32_t p = source[x];
            raw[3 * x] = (unsigned char)(p >> 16);
            raw[3 * x + 1] = (unsigned char)(p >> 8);
            raw[3 * x + 2] = (unsigned char)p;
        }
        // Filter 0 (none) costs what its bytes weigh; the others as they filter.
        unsigned long best = 0;
        candidate[0] = 0;
        memcpy(candidate + 1, raw, n);
        for (size_t i = 0; i < n; i++) best += raw[i] < 128 ? raw[i] : 256 - raw[i];
        unsigned char *chosen = candidate;
        for (int type = 1; type <= 4; type++) {
            unsigned char *row = candidate + (size_t)type * line;
            unsigned long cost = filter_row(type, raw, prior, n, row);
            if (cost < best) best = cost, chosen = row;
        }
        z.next_in = chosen;
        z.avail_in = (uInt)line;
        status = deflate(&z, y == height - 1 ? Z_FINISH : Z_NO_FLUSH);
        if (status == Z_STREAM_END) status = Z_OK;
        unsigned char *swap = prior;
        prior = raw;
        raw = swap;
    }
    const size_t compressed = bound - z.avail_out;
    deflateEnd(&z);
    free(rows);
    if (status != Z_OK) {
        free(out);
        return status == Z_MEM_ERROR ? -1 : status - 100;
    }
    at += chunk(idat, "IDAT", compressed);
    at += chunk(out + at, "IEND", 0);
    *png = out;
    *length = at;
    return 0;
}
