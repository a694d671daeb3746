import AlbumCore
import AlbumModel

/// Look-alikes folded on the timeline and album pages (issue 27, decision 0125): photos of one
/// grid whose perceptual hashes are at most `Lookalikes.defaultThreshold` bits apart (the
/// threshold of `album dupes`; the pairs come from research's `Lookalikes.pairs`, the
/// `HammingPairs` index), linked through each other, show as one tile, the group's first photo,
/// with a count badge that unfolds the others. Hashes alone decide (no second check): a page
/// folds, it removes nothing. Photos without a hash yet are never folded.
struct LookalikeFolds: Equatable {
    /// For each position of the grid, the position of the photo shown for it (itself when shown).
    let lead: [Int]
    /// For each shown photo's position with look-alikes folded under it, how many photos the
    /// tile stands for (itself included, so at least 2).
    let counts: [Int: Int]

    /// The folds of a grid's photos, in their order; nil hashes are photos without one.
    init(_ hashes: [UInt64?], threshold: Int = Lookalikes.defaultThreshold) {
        let positions = hashes.indices.filter { hashes[$0] != nil }
        var parent = Array(hashes.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for (i, j, _) in Lookalikes.pairs(positions.map { hashes[$0]! }, threshold: threshold) {
            // The earlier photo of a group leads it: roots are always the smallest position.
            let a = root(positions[i]), b = root(positions[j])
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        lead = hashes.indices.map(root)
        var counts: [Int: Int] = [:]
        for (position, first) in lead.enumerated() where position != first { counts[first, default: 1] += 1 }
        self.counts = counts
    }

    /// The badge of a shown photo with `count - 1` look-alikes folded under it: a button that
    /// unfolds them (`folds.js`), its name said in words.
    static func badge(_ id: Int64, count: Int) -> String {
        let others = count - 1
        return "<button class=\"fold-badge\" type=\"button\" aria-expanded=\"false\" data-fold=\"\(id)\">"
            + "+\(others)<span class=\"visually-hidden\"> look-alike\(others == 1 ? "" : "s")</span></button>"
    }
}
