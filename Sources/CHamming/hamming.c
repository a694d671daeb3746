#include "geoalbum_hamming.h"

#include <stdlib.h>

static int push(geoalbum_hamming_hits *hits, uint32_t i, uint32_t j) {
    if (hits->count == hits->capacity) {
        size_t capacity = hits->capacity ? hits->capacity * 2 : 1024;
        uint32_t *grown = realloc(hits->pairs, capacity * 2 * sizeof(uint32_t));
        if (!grown) return -1;
        hits->pairs = grown;
        hits->capacity = capacity;
    }
    hits->pairs[2 * hits->count] = i < j ? i : j;
    hits->pairs[2 * hits->count + 1] = i < j ? j : i;
    hits->count += 1;
    return 0;
}

/// The 16-bit masks of at most `radius` (0-2) bits, into `masks` (room for 137); their count.
static int masks_within(int radius, uint32_t *masks) {
    int count = 0;
    masks[count++] = 0;
    for (int a = 0; radius >= 1 && a < 16; a++) {
        masks[count++] = 1u << a;
        for (int b = a + 1; radius >= 2 && b < 16; b++) masks[count++] = (1u << a) | (1u << b);
    }
    return count;
}

/// Records a pair whose hashes differ by `diff` (within the threshold) unless an earlier chunk
/// (0..<chunk) is within `radius` of it: that chunk records it. 0, or -1 when memory ran out.
static int report(geoalbum_hamming_hits *hits, uint64_t diff, int chunk, int radius, uint32_t i, uint32_t j) {
    for (int c = 0; c < chunk; c++) {
        if (__builtin_popcountll((diff >> (16u * (unsigned)c)) & 0xFFFF) <= radius) return 0;
    }
    return push(hits, i, j);
}

#define GEOALBUM_CHUNK_NAME chunk_portable
#define GEOALBUM_CHUNK_TARGET
#define GEOALBUM_HAMMING_VECTOR 0
#include "hamming_chunk.h"
#undef GEOALBUM_CHUNK_NAME
#undef GEOALBUM_CHUNK_TARGET
#undef GEOALBUM_HAMMING_VECTOR

#if defined(__x86_64__)
#include <immintrin.h>

// The popcnt instruction (Swift and the portable build use the x86-64 baseline, without it).
#define GEOALBUM_CHUNK_NAME chunk_popcnt
#define GEOALBUM_CHUNK_TARGET __attribute__((target("popcnt")))
#define GEOALBUM_HAMMING_VECTOR 0
#include "hamming_chunk.h"
#undef GEOALBUM_CHUNK_NAME
#undef GEOALBUM_CHUNK_TARGET
#undef GEOALBUM_HAMMING_VECTOR

// Eight compares an instruction where the CPU has AVX-512 VPOPCNTDQ.
#define GEOALBUM_CHUNK_NAME chunk_avx512
#define GEOALBUM_CHUNK_TARGET __attribute__((target("popcnt,avx512f,avx512vpopcntdq")))
#define GEOALBUM_HAMMING_VECTOR 1
#include "hamming_chunk.h"
#undef GEOALBUM_CHUNK_NAME
#undef GEOALBUM_CHUNK_TARGET
#undef GEOALBUM_HAMMING_VECTOR
#endif

int geoalbum_hamming_chunk(const uint64_t *hashes, size_t n, int chunk, int radius, int threshold, int wide,
                           geoalbum_hamming_hits *hits) {
    if (chunk < 0 || chunk > 3 || radius < 0 || radius > 2) return -1;
#if defined(__x86_64__)
    if (wide && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq"))
        return chunk_avx512(hashes, n, chunk, radius, threshold, hits);
    if (__builtin_cpu_supports("popcnt")) return chunk_popcnt(hashes, n, chunk, radius, threshold, hits);
#endif
    return chunk_portable(hashes, n, chunk, radius, threshold, hits);
}
