// The perceptual hash's CPU a photo (issue 29: "extra CPU per photo at import ≤ 0.2 ms").
// Built with the hash's own source file, optimised as the release build is:
//   swiftc -O bench/phash-cpu.swift Sources/AlbumModel/PerceptualHash.swift -o /tmp/phash-cpu && /tmp/phash-cpu
// Hashes a 256×192 RGB image (the thumbnail of a 4:3 photo) N times and prints the CPU time a hash.
import Foundation

@main
struct PHashCPU {
    static func main() {
        let (w, h) = (256, 192)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        var seed: UInt64 = 29
        for i in pixels.indices {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            pixels[i] = UInt8(truncatingIfNeeded: (seed >> 33) ^ UInt64(i / (w * 3)))
        }
        let n = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 20000
        var sink: UInt64 = 0
        let start = clock()
        pixels.withUnsafeBufferPointer { p in
            for _ in 0..<n { sink ^= PerceptualHash(pixels: p.baseAddress!, width: w, height: h, channels: 3).value }
        }
        let cpu = Double(clock() - start) / Double(CLOCKS_PER_SEC)
        print(String(format: "%d hashes of %dx%d RGB: %.1f µs CPU a hash (sink %llx)", n, w, h, cpu / Double(n) * 1e6, sink))
    }
}
