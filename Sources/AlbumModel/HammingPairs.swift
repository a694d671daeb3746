import CHamming
import Foundation

/// Every pair of 64-bit hashes at most `threshold` bits apart, found through an index rather than
/// by comparing every pair (issue 29, decision 0104): multi-index hashing over the four 16-bit
/// chunks of a hash. Two hashes at most `r` bits apart differ by at most ⌊r/4⌋ bits in one of
/// their four chunks (the four chunk distances add up to at most `r`), so for each chunk the
/// hashes are bucketed by that chunk's value and only hashes in buckets at most ⌊r/4⌋ bits apart
/// are compared. A pair is reported by the first chunk that finds it, so once.
///
/// The work: for thresholds up to 3, hashes that share a chunk exactly (about n²/65,536 a chunk
/// for random hashes); up to 7, also the 16 buckets one bit away; up to 11, the 136 buckets two
/// bits away. Above 11 every pair is compared.
public enum HammingPairs {
    /// Pairs `(i, j, distance)`, `i < j`, of indices into `hashes`, ordered by `i` then `j`.
    public static func find(_ hashes: [UInt64], threshold: Int) -> [(Int, Int, Int)] {
        let n = hashes.count
        guard n > 1, threshold >= 0 else { return [] }
        let radius = threshold / 4
        if radius > 2 || n < 512 { return everyPair(hashes, threshold: threshold) }
        // The 16-bit masks of at most `radius` bits, the empty one first.
        let masks: [Int] = (0..<0x10000).filter { $0.nonzeroBitCount <= radius }.sorted { $0.nonzeroBitCount < $1.nonzeroBitCount }
        var out: [(Int, Int, Int)] = []
        let start = UnsafeMutablePointer<Int32>.allocate(capacity: 0x10001)
        let next = UnsafeMutablePointer<Int32>.allocate(capacity: 0x10000)
        let order = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let sorted = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
        var hits = geoalbum_hamming_hits(pairs: nil, count: 0, capacity: 0)
        defer { start.deallocate(); next.deallocate(); order.deallocate(); sorted.deallocate(); free(hits.pairs) }
        hashes.withUnsafeBufferPointer { h in
            for chunk in 0..<4 {
                let shift = UInt64(16 * chunk)
                // Counting sort by this chunk's value.
                start.initialize(repeating: 0, count: 0x10001)
                for i in 0..<n { start[Int((h[i] >> shift) & 0xFFFF) + 1] += 1 }
                for k in 0..<0x10000 { start[k + 1] += start[k] }
                next.initialize(from: start, count: 0x10000)
                for i in 0..<n {
                    let v = Int((h[i] >> shift) & 0xFFFF)
                    let at = Int(next[v])
                    order[at] = Int32(i)
                    sorted[at] = h[i]
                    next[v] += 1
                }
                // Whether a pair was found by an earlier chunk: one of chunks 0..<chunk within radius.
                func earlier(_ x: UInt64) -> Bool {
                    var c = 0
                    while c < chunk {
                        if ((x >> UInt64(16 * c)) & 0xFFFF).nonzeroBitCount <= radius { return true }
                        c += 1
                    }
                    return false
                }
                for v in 0..<0x10000 {
                    let a0 = Int(start[v]), a1 = Int(start[v + 1])
                    guard a0 < a1 else { continue }
                    for mask in masks {
                        let w = v ^ mask
                        guard w >= v else { continue }
                        let b0 = Int(start[w]), b1 = Int(start[w + 1])
                        guard b0 < b1 else { continue }
                        // The XOR-and-count loop is C's, with the popcnt instruction (geoalbum_hamming.h).
                        hits.count = 0
                        guard geoalbum_hamming_block(sorted + a0, a1 - a0, sorted + b0, b1 - b0, w == v ? 1 : 0, Int32(threshold), &hits) == 0
                        else { fatalError("HammingPairs: out of memory") }
                        for hit in 0..<hits.count {
                            let a = a0 + Int(hits.pairs[2 * hit]), b = b0 + Int(hits.pairs[2 * hit + 1])
                            let diff = sorted[a] ^ sorted[b]
                            guard !earlier(diff) else { continue }
                            let i = Int(order[a]), j = Int(order[b])
                            out.append(i < j ? (i, j, diff.nonzeroBitCount) : (j, i, diff.nonzeroBitCount))
                        }
                    }
                }
            }
        }
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
