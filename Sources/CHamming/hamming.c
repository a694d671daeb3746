#include "geoalbum_hamming.h"

#include <stdlib.h>

static int push(geoalbum_hamming_hits *hits, size_t i, size_t j) {
    if (hits->count == hits->capacity) {
        size_t capacity = hits->capacity ? hits->capacity * 2 : 1024;
        uint32_t *grown = realloc(hits->pairs, capacity * 2 * sizeof(uint32_t));
        if (!grown) return -1;
        hits->pairs = grown;
        hits->capacity = capacity;
    }
    hits->pairs[2 * hits->count] = (uint32_t)i;
    hits->pairs[2 * hits->count + 1] = (uint32_t)j;
    hits->count += 1;
    return 0;
}

#define GEOALBUM_HAMMING_BODY                                                                    \
    for (size_t i = 0; i < na; i++) {                                                           \
        const uint64_t x = a[i];                                                                \
        for (size_t j = same ? i + 1 : 0; j < nb; j++) {                                        \
            if (__builtin_popcountll(x ^ b[j]) <= threshold && push(hits, i, j) != 0) return -1; \
        }                                                                                       \
    }                                                                                           \
    return 0;

static int block_portable(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, int same, int threshold,
                          geoalbum_hamming_hits *hits) {
    GEOALBUM_HAMMING_BODY
}

#if defined(__x86_64__)
__attribute__((target("popcnt")))
static int block_popcnt(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, int same, int threshold,
                        geoalbum_hamming_hits *hits) {
    GEOALBUM_HAMMING_BODY
}
#endif

int geoalbum_hamming_block(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, int same, int threshold,
                           geoalbum_hamming_hits *hits) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("popcnt")) return block_popcnt(a, na, b, nb, same, threshold, hits);
#endif
    return block_portable(a, na, b, nb, same, threshold, hits);
}
