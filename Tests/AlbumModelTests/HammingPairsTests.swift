@testable import AlbumModel
import Testing

/// `album dupes`' index (issue 29, decision 0104): the multi-index over 16-bit chunks finds
/// exactly the pairs that comparing every pair finds, at every threshold, each once.
@Suite struct HammingPairsTests {
    /// `count` pseudo-random hashes, every tenth one a copy of the one before with up to 12 bits
    /// flipped (so there are pairs at every distance the thresholds cover).
    static func hashes(count: Int, seed: UInt64) -> [UInt64] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
        var out: [UInt64] = []
        for i in 0..<count {
            if i % 10 == 9 {
                var h = out[i - 1]
                for _ in 0..<Int(next() % 13) { h ^= 1 << (next() % 64) }
                out.append(h)
            } else {
                out.append(next())
            }
        }
        return out
    }

    @Test(arguments: [0, 1, 3, 4, 6, 7, 8, 10, 11, 12, 16])
    func sameAsEveryPair(_ threshold: Int) {
        let hashes = Self.hashes(count: 3000, seed: UInt64(threshold) + 1)
        let every = HammingPairs.everyPair(hashes, threshold: threshold).map { [$0.0, $0.1, $0.2] }
        // Both builds of the compare loop: AVX-512 (where the CPU has it) and one at a time.
        for wide in [true, false] {
            let indexed = HammingPairs.find(hashes, threshold: threshold, wide: wide).map { [$0.0, $0.1, $0.2] }
            #expect(indexed == every, "wide: \(wide)")
        }
        if threshold >= 4 { #expect(every.count >= 50, "the test set has near pairs: \(every.count)") }
    }

    /// Hashes crowded into few buckets (a few hundred values, each many times, a few bits
    /// apart): runs far longer than eight hashes, the gathered neighbour runs growing, every
    /// lane mask of the AVX-512 loop, and pairs at distance 0.
    @Test(arguments: [3, 7, 11])
    func crowdedBucketsSameAsEveryPair(_ threshold: Int) {
        var state: UInt64 = 30 + UInt64(threshold)
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
        let base = next()
        let hashes: [UInt64] = (0..<2500).map { _ in
            var h = base
            for _ in 0..<Int(next() % 9) { h ^= 1 << (next() % 64) }
            return h
        }
        let every = HammingPairs.everyPair(hashes, threshold: threshold).map { [$0.0, $0.1, $0.2] }
        #expect(every.count > 10_000, "crowded: \(every.count) pairs")
        for wide in [true, false] {
            #expect(HammingPairs.find(hashes, threshold: threshold, wide: wide).map { [$0.0, $0.1, $0.2] } == every, "wide: \(wide)")
        }
    }

    @Test func fewOrNoHashes() {
        #expect(HammingPairs.find([], threshold: 10).isEmpty)
        #expect(HammingPairs.find([5], threshold: 10).isEmpty)
        #expect(HammingPairs.find([5, 5, 7], threshold: 1).map { [$0.0, $0.1, $0.2] } == [[0, 1, 0], [0, 2, 1], [1, 2, 1]])
    }
}
