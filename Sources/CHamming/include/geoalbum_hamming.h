#ifndef GEOALBUM_HAMMING_H
#define GEOALBUM_HAMMING_H

#include <stddef.h>
#include <stdint.h>

/// The pairs `geoalbum_hamming_chunk` found: `count` (i, j) indices, two uint32 each, in a
/// buffer it grows with realloc (the caller frees `pairs`).
typedef struct {
    uint32_t *pairs;
    size_t count;
    size_t capacity;
} geoalbum_hamming_hits;

/// One chunk of the multi-index over four 16-bit chunks (`HammingPairs`, decision 0104): appends
/// to `hits` every pair (i, j), i < j, of indices into `hashes` (n < 2^32) whose 16-bit chunk
/// number `chunk` (0-3) differs by at most `radius` bits (0-2) and whose whole hashes by at most
/// `threshold` bits, unless an earlier chunk (0..<chunk) finds it too: each pair comes from one
/// chunk, so the four chunks may run on four threads. Buckets by the chunk's value (a counting
/// sort), then compares the hashes of buckets at most `radius` bits apart, using the CPU's popcnt
/// instruction when it has one (Swift's `nonzeroBitCount` is built for the x86-64 baseline,
/// without it: twice the time of `album dupes`' index, issue 29), and with `wide` set AVX-512's
/// VPOPCNTQ when the CPU has it (eight compares an instruction, decision 0122). Pairs in no
/// particular order. Returns 0, or -1 when memory ran out.
int geoalbum_hamming_chunk(const uint64_t *hashes, size_t n, int chunk, int radius, int threshold, int wide,
                           geoalbum_hamming_hits *hits);

#endif
