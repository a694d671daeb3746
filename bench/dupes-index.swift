// `album dupes`' index at scale (issue 29: "album dupes at 1 M photos < 1 s"): the pairs of N
// random 64-bit hashes, with N/100 planted near pairs (0…THRESHOLD bits apart), found by the
// multi-index over 16-bit chunks (decision 0104). Built with the index's own source files (its
// compare loop is C, CHamming: decision 0117), optimised as the release build is:
//   mkdir -p /tmp/chamming && printf 'module CHamming {\n header "%s/Sources/CHamming/include/geoalbum_hamming.h"\n export *\n}\n' "$PWD" > /tmp/chamming/module.modulemap
//   clang -O2 -c Sources/CHamming/hamming.c -I Sources/CHamming/include -o /tmp/chamming/hamming.o
//   swiftc -O -parse-as-library -I /tmp/chamming bench/dupes-index.swift Sources/AlbumModel/HammingPairs.swift /tmp/chamming/hamming.o -o /tmp/dupes-index
//   /tmp/dupes-index 1000000 7 [CHECK]     # CHECK: also compare with every pair on the first CHECK hashes
// Prints the pairs found, the wall and CPU time (the load is printed too: wall is CPU plus waiting).
import Foundation

@main
struct DupesIndex {
    static func main() {
        let args = CommandLine.arguments
        let n = args.count > 1 ? Int(args[1]) ?? 1_000_000 : 1_000_000
        let threshold = args.count > 2 ? Int(args[2]) ?? 7 : 7
        let check = args.count > 3 ? Int(args[3]) ?? 0 : 0
        var state: UInt64 = 29
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
        var hashes = (0..<n).map { _ in next() }
        for k in 0..<n / 100 {
            var h = hashes[k * 2]
            for _ in 0..<Int(next() % UInt64(threshold + 1)) { h ^= 1 << (next() % 64) }
            hashes[k * 2 + 1] = h
        }
        let wall = ContinuousClock()
        let t0 = wall.now
        let cpu0 = clock()
        let pairs = HammingPairs.find(hashes, threshold: threshold)
        let cpu = Double(clock() - cpu0) / Double(CLOCKS_PER_SEC)
        let elapsed = wall.now - t0
        print("\(n) hashes, threshold \(threshold): \(pairs.count) pairs; \(elapsed) wall, \(String(format: "%.3f", cpu)) s CPU")
        if check > 0 {
            let part = Array(hashes.prefix(check))
            let a = HammingPairs.find(part, threshold: threshold).map { [$0.0, $0.1, $0.2] }
            let b = HammingPairs.everyPair(part, threshold: threshold).map { [$0.0, $0.1, $0.2] }
            print("first \(check): the index \(a.count) pairs, every pair \(b.count), the same: \(a == b)")
        }
        print("load: " + ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " "))
    }
}
