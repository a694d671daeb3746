import CHamming
import Dispatch
import Foundation

/// Every pair of 64-bit hashes at most `threshold` bits apart, found through an index rather than
/// by comparing every pair (issue 29, decision 0104): multi-index hashing over the four 16-bit
/// chunks of a hash. Two hashes at most `r` bits apart differ by at most ⌊r/4⌋ bits in one of
/// their four chunks (the four chunk distances add up to at most `r`), so for each chunk the
/// hashes are bucketed by that chunk's value and only hashes in buckets at most ⌊r/4⌋ bits apart
/// are compared. A pair is reported by the first chunk that finds it, so once; the four chunks
/// are independent and run on as many threads as there are cores (decision 0122). The chunk's
/// loops are C's (`geoalbum_hamming_chunk`), for the CPU's popcnt instruction (0117).
///
/// The work: for thresholds up to 3, hashes that share a chunk exactly (about n²/65,536 a chunk
/// for random hashes); up to 7, also the 16 buckets one bit away; up to 11, the 136 buckets two
/// bits away. Above 11 every pair is compared.
public enum HammingPairs {
    /// Pairs `(i, j, distance)`, `i < j`, of indices into `hashes`, ordered by `i` then `j`.
    public static func find(_ hashes: [UInt64], threshold: Int) -> [(Int, Int, Int)] {
        find(hashes, threshold: threshold, wide: true)
    }

    /// `find`, with `wide` false never using AVX-512 (the tests compare both builds of the loop).
    static func find(_ hashes: [UInt64], threshold: Int, wide: Bool) -> [(Int, Int, Int)] {
        let n = hashes.count
        guard n > 1, threshold >= 0 else { return [] }
        let radius = threshold / 4
        if radius > 2 || n < 512 || n > Int(UInt32.max) { return everyPair(hashes, threshold: threshold) }
        // Each chunk's pairs into its own slot: a chunk writes only its slot and reads the hashes.
        let found = UnsafeMutableBufferPointer<[(Int, Int, Int)]>.allocate(capacity: 4)
        found.initialize(repeating: [])
        defer { found.deinitialize().deallocate() }
        hashes.withUnsafeBufferPointer { h in
            let work = ChunkWork(hashes: h, found: found)
            DispatchQueue.concurrentPerform(iterations: 4) { chunk in
                let h = work.hashes
                var hits = geoalbum_hamming_hits(pairs: nil, count: 0, capacity: 0)
                defer { free(hits.pairs) }
                guard geoalbum_hamming_chunk(h.baseAddress, n, Int32(chunk), Int32(radius), Int32(threshold), wide ? 1 : 0, &hits) == 0
                else { fatalError("HammingPairs: out of memory") }
                var pairs: [(Int, Int, Int)] = []
                pairs.reserveCapacity(hits.count)
                for hit in 0..<hits.count {
                    let i = Int(hits.pairs[2 * hit]), j = Int(hits.pairs[2 * hit + 1])
                    pairs.append((i, j, (h[i] ^ h[j]).nonzeroBitCount))
                }
                work.found[chunk] = pairs
            }
        }
        var out = Array(found.joined())
        out.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return out
    }

    /// The same answer by comparing every pair (XOR and popcount): for few hashes, wide thresholds,
    /// and the tests.
    public static func everyPair(_ hashes: [UInt64], threshold: Int) -> [(Int, Int, Int)] {
        var out: [(Int, Int, Int)] = []
        hashes.withUnsafeBufferPointer { h in
            for i in 0..<h.count {
                let a = h[i]
                for j in (i + 1)..<max(i + 1, h.count) {
                    let d = (a ^ h[j]).nonzeroBitCount
                    if d <= threshold { out.append((i, j, d)) }
                }
            }
        }
        return out
    }
}

/// What the four chunks' threads share (`HammingPairs.find`): the hashes, read only, and a slot a
/// chunk, each written by its own chunk alone; both outlive the threads (`concurrentPerform`
/// returns when all are done).
private struct ChunkWork: @unchecked Sendable {
    let hashes: UnsafeBufferPointer<UInt64>
    let found: UnsafeMutableBufferPointer<[(Int, Int, Int)]>
}
