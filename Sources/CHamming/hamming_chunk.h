// One chunk of the multi-index (`geoalbum_hamming_chunk`), included by hamming.c once a build
// of it: GEOALBUM_CHUNK_NAME is the function's name, GEOALBUM_CHUNK_TARGET its target attribute
// (the CPU features its builtins and intrinsics may use), GEOALBUM_HAMMING_VECTOR 1 compares eight
// hashes at a time with AVX-512's VPOPCNTQ, 0 one at a time.

#if GEOALBUM_HAMMING_VECTOR
// Compares `x` with the `len` hashes at `run`, eight at a time (AVX-512 VPOPCNTDQ; lanes past
// the run masked off), reporting those within the threshold; `place` is the position in
// `sorted` of the run's k-th hash.
#define GEOALBUM_COMPARE_RUN(run, len, place)                                                              \
    do {                                                                                                  \
        const uint64_t *r_ = (run);                                                                       \
        const size_t n_ = (len);                                                                          \
        const __m512i xs_ = _mm512_set1_epi64((long long)x), limit_ = _mm512_set1_epi64(threshold);       \
        for (size_t base_ = 0; base_ < n_; base_ += 8) {                                                  \
            const __mmask8 lanes_ = n_ - base_ >= 8 ? 0xFF : (__mmask8)((1u << (n_ - base_)) - 1);        \
            const __m512i bits_ = _mm512_popcnt_epi64(_mm512_xor_si512(xs_, _mm512_maskz_loadu_epi64(lanes_, r_ + base_))); \
            unsigned hit_ = _mm512_mask_cmple_epu64_mask(lanes_, bits_, limit_);                          \
            while (hit_) {                                                                                \
                const size_t k = base_ + (size_t)__builtin_ctz(hit_);                                     \
                hit_ &= hit_ - 1;                                                                         \
                if (report(hits, x ^ r_[k], chunk, radius, order[a], order[place]) != 0) goto done;       \
            }                                                                                             \
        }                                                                                                 \
    } while (0)
#endif

GEOALBUM_CHUNK_TARGET
static int GEOALBUM_CHUNK_NAME(const uint64_t *hashes, size_t n, int chunk, int radius, int threshold,
                               geoalbum_hamming_hits *hits) {
    const unsigned shift = 16u * (unsigned)chunk;
    uint32_t masks[137];
    const int mask_count = masks_within(radius, masks);
    uint32_t *start = calloc(0x10001, sizeof(uint32_t));
    uint32_t *next = malloc(0x10000 * sizeof(uint32_t));
    uint32_t *order = malloc((n ? n : 1) * sizeof(uint32_t));
    uint64_t *sorted = malloc((n ? n : 1) * sizeof(uint64_t));
#if GEOALBUM_HAMMING_VECTOR
    uint64_t *near = NULL;
    uint32_t *at = NULL;
    size_t capacity = 0;
#endif
    int result = -1;
    if (!start || !next || !order || !sorted) goto done;
    // Counting sort by this chunk's value: bucket v is sorted[start[v] ..< start[v + 1]].
    for (size_t i = 0; i < n; i++) start[((hashes[i] >> shift) & 0xFFFF) + 1] += 1;
    for (size_t v = 0; v < 0x10000; v++) start[v + 1] += start[v];
    for (size_t v = 0; v < 0x10000; v++) next[v] = start[v];
    for (size_t i = 0; i < n; i++) {
        const uint32_t slot = next[(hashes[i] >> shift) & 0xFFFF]++;
        order[slot] = (uint32_t)i;
        sorted[slot] = hashes[i];
    }
    for (uint32_t v = 0; v < 0x10000; v++) {
        const uint32_t a0 = start[v], a1 = start[v + 1];
        if (a0 == a1) continue;
#if GEOALBUM_HAMMING_VECTOR
        // Bucket v's hashes are compared with each other, and with the hashes of the buckets
        // w > v at most `radius` bits from it gathered into one run (`near`, their positions in
        // `at`): one vector loop over ~120 hashes a hash rather than eight of ~15, each ending
        // in a mispredicted branch.
        size_t count = 0;
        for (int m = 1; m < mask_count; m++) {
            const uint32_t w = v ^ masks[m];
            if (w < v) continue;
            const uint32_t b0 = start[w], b1 = start[w + 1];
            if (count + (b1 - b0) > capacity) {
                size_t grown = (count + (b1 - b0)) * 2;
                uint64_t *more = realloc(near, grown * sizeof(uint64_t));
                if (more) near = more;
                uint32_t *places = more ? realloc(at, grown * sizeof(uint32_t)) : NULL;
                if (places) at = places;
                if (!more || !places) goto done;
                capacity = grown;
            }
            for (uint32_t b = b0; b < b1; b++, count++) {
                near[count] = sorted[b];
                at[count] = b;
            }
        }
        for (uint32_t a = a0; a < a1; a++) {
            const uint64_t x = sorted[a];
            GEOALBUM_COMPARE_RUN(sorted + a + 1, a1 - a - 1, a + 1 + k);
            GEOALBUM_COMPARE_RUN(near, count, at[k]);
        }
#else
        // One at a time, the gathering does not pay: bucket v against itself and each w > v.
        for (int m = 0; m < mask_count; m++) {
            const uint32_t w = v ^ masks[m];
            if (w < v) continue;
            const uint32_t b0 = start[w], b1 = start[w + 1];
            for (uint32_t a = a0; a < a1; a++) {
                const uint64_t x = sorted[a];
                for (uint32_t b = w == v ? a + 1 : b0; b < b1; b++) {
                    const uint64_t diff = x ^ sorted[b];
                    if (__builtin_popcountll(diff) <= threshold && report(hits, diff, chunk, radius, order[a], order[b]) != 0) goto done;
                }
            }
        }
#endif
    }
    result = 0;
done:
    free(start);
    free(next);
    free(order);
    free(sorted);
#if GEOALBUM_HAMMING_VECTOR
    free(near);
    free(at);
#endif
    return result;
}

#if GEOALBUM_HAMMING_VECTOR
#undef GEOALBUM_COMPARE_RUN
#endif
