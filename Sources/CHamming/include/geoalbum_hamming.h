#ifndef GEOALBUM_HAMMING_H
#define GEOALBUM_HAMMING_H

#include <stddef.h>
#include <stdint.h>

/// The pairs `geoalbum_hamming_block` found: `count` (i, j) offsets, two uint32 each, in a
/// buffer it grows with realloc (the caller frees `pairs`).
typedef struct {
    uint32_t *pairs;
    size_t count;
    size_t capacity;
} geoalbum_hamming_hits;

/// Appends to `hits` every (i, j) with popcount(a[i] ^ b[j]) <= threshold — j > i when `same`
/// (a and b are the same run), else every j — using the CPU's popcnt instruction when it has
/// one (Swift's `nonzeroBitCount` is built for the x86-64 baseline, without it: twice the time
/// of `album dupes`' index, issue 29). Returns 0, or -1 when memory ran out.
int geoalbum_hamming_block(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, int same, int threshold,
                           geoalbum_hamming_hits *hits);

#endif
