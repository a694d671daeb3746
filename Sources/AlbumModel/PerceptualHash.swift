import Foundation

/// A 64-bit perceptual hash of a picture (issue 29, decision 0100): the DCT hash ("pHash") of
/// Python's `imagehash.phash`, computed from the thumbnail's pixels, so it costs a few
/// microseconds beside the thumbnail (`AlbumImaging`'s `Thumbnail.perceptualHash`). Two photos of the same picture — re-encoded, resized, HEIC
/// and JPEG of one shot, EXIF stripped, slightly cropped — have hashes a few bits apart; two
/// different pictures about 32 bits apart.
///
/// The steps, as `imagehash.phash`: grey (ITU-R 601 luma, as PIL's `L`), 32 × 32, a 2-D DCT-II,
/// the 8 × 8 lowest frequencies, each bit 1 when its coefficient is above their median; bit 63
/// is the DC term, row by row (imagehash's hex reads the same). The one difference: the 32 × 32
/// grey image is an area average of the thumbnail rather than a Lanczos resize of the original.
public struct PerceptualHash: Sendable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    /// The stored form (SQLite and PostgreSQL integers are signed 64-bit).
    public init(stored: Int64) { value = UInt64(bitPattern: stored) }
    public var stored: Int64 { Int64(bitPattern: value) }

    /// Bits that differ: 0 for the same picture, about 32 for unrelated ones.
    public func distance(to other: PerceptualHash) -> Int { (value ^ other.value).nonzeroBitCount }

    /// 16 hex digits, as `str(imagehash.phash(image))` prints it.
    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Parses 16 hex digits.
    public init?(hex: String) {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    static let side = 32
    static let low = 8
    /// cos(π (2x + 1) u / 64) for u < 8, x < 32: the DCT-II basis of the frequencies kept.
    private static let basis: [Double] = {
        var table = [Double](repeating: 0, count: low * side)
        for u in 0..<low {
            for x in 0..<side { table[u * side + x] = cos(Double.pi * Double(2 * x + 1) * Double(u) / Double(2 * side)) }
        }
        return table
    }()

    /// The hash of `width` × `height` pixels of `channels` interleaved bytes, rows top to bottom.
    public init(pixels: UnsafePointer<UInt8>, width: Int, height: Int, channels: Int) {
        let n = Self.side
        // Area average into 32 × 32 cells of luma; a cell narrower than a pixel takes the pixel
        // it falls on (images under 32 pixels a side).
        var grey = [Double](repeating: 0, count: n * n)
        var columnStart = [Int](repeating: 0, count: n + 1)
        for i in 0...n { columnStart[i] = i * width / n }
        for cy in 0..<n {
            let y0 = cy * height / n, y1 = max(y0 + 1, (cy + 1) * height / n)
            for cx in 0..<n {
                let x0 = columnStart[cx], x1 = max(x0 + 1, columnStart[cx + 1])
                var sum = 0
                for y in y0..<min(y1, height) {
                    var p = pixels + (y * width + x0) * channels
                    for _ in x0..<min(x1, width) {
                        sum += channels >= 3 ? (Int(p[0]) * 19595 + Int(p[1]) * 38470 + Int(p[2]) * 7471 + 0x8000) >> 16 : Int(p[0])
                        p += channels
                    }
                }
                grey[cy * n + cx] = Double(sum) / Double((min(y1, height) - y0) * (min(x1, width) - x0))
            }
        }
        // DCT-II along rows, then columns, of the 8 lowest frequencies only (scipy's unnormalised
        // DCT; the factor 2 and the order of the median do not change which bits are set).
        let low = Self.low, basis = Self.basis
        var rows = [Double](repeating: 0, count: n * low)  // [y][u]
        for y in 0..<n {
            for u in 0..<low {
                var s = 0.0
                for x in 0..<n { s += grey[y * n + x] * basis[u * n + x] }
                rows[y * low + u] = s
            }
        }
        var coefficients = [Double](repeating: 0, count: low * low)  // [v][u]
        for v in 0..<low {
            for u in 0..<low {
                var s = 0.0
                for y in 0..<n { s += rows[y * low + u] * basis[v * n + y] }
                coefficients[v * low + u] = s
            }
        }
        let sorted = coefficients.sorted()
        let median = (sorted[31] + sorted[32]) / 2
        var value: UInt64 = 0
        for c in coefficients { value = value << 1 | (c > median ? 1 : 0) }
        self.value = value
    }
}
