/// The second look at two photos whose perceptual hashes are near (issue 29, decision 0104):
/// whether one picture is the other re-encoded, resized or slightly cropped, or the same scene
/// a moment later — a burst, where the camera and the light barely changed but people moved.
/// An 8 × 8-frequency hash cannot tell a small pan from a small crop; the pixels can.
///
/// The two thumbnails (grey, smoothed, sampled at 64 × 48 cells) are aligned — the second's frame found inside the
/// first's, scale 94-100 % and shifted, each axis from its mean profile, the shift then refined in 2-D —
/// and brightness and contrast are matched. What is left is JPEG noise for a copy, and the moved
/// people of a burst: `difference` is the largest mean of 2 × 2 cells of the absolute difference,
/// in standard deviations of the picture. Copies measure at most 0.41 on the generated set of
/// bench/dupes.py, bursts 0.70 and up (docs/performance.md).
public enum PictureDifference {
    /// Above this, two look-alikes are different shots.
    public static let limit = 0.55

    static let columns = 64, rows = 48

    /// The difference of two upright pictures; the smaller of the two ways round (either may be
    /// the crop of the other).
    public static func of(_ a: PixelImage, _ b: PixelImage) -> Double {
        let ga = Grey(a), gb = Grey(b)
        let one = aligned(ga, inside: gb), other = aligned(gb, inside: ga)
        return one.mean <= other.mean ? one.largest : other.largest
    }

    /// Luma, smoothed: an area average down to `side` pixels across (when larger), then a
    /// [1 2 1] blur each way, so that sampling it at 64 × 48 does not alias fine texture.
    struct Grey {
        static let side = 128
        let width: Int, height: Int
        var values: [Double]

        init(_ image: PixelImage) {
            let c = image.channels, w = image.width, h = image.height
            var luma = [Double](repeating: 0, count: w * h)
            image.pixels.withUnsafeBufferPointer { p in
                for i in 0..<w * h {
                    luma[i] = c >= 3
                        ? 0.299 * Double(p[i * c]) + 0.587 * Double(p[i * c + 1]) + 0.114 * Double(p[i * c + 2])
                        : Double(p[i * c])
                }
            }
            let scale = min(1, Double(Self.side) / Double(max(w, h)))
            width = max(1, Int((Double(w) * scale).rounded()))
            height = max(1, Int((Double(h) * scale).rounded()))
            var small = [Double](repeating: 0, count: width * height)
            for y in 0..<height {
                let y0 = y * h / height, y1 = max(y0 + 1, (y + 1) * h / height)
                for x in 0..<width {
                    let x0 = x * w / width, x1 = max(x0 + 1, (x + 1) * w / width)
                    var sum = 0.0
                    for yy in y0..<y1 { for xx in x0..<x1 { sum += luma[yy * w + xx] } }
                    small[y * width + x] = sum / Double((y1 - y0) * (x1 - x0))
                }
            }
            var across = small
            for y in 0..<height {
                for x in 0..<width {
                    let l = small[y * width + max(0, x - 1)], r = small[y * width + min(width - 1, x + 1)]
                    across[y * width + x] = (l + 2 * small[y * width + x] + r) / 4
                }
            }
            values = across
            for y in 0..<height {
                for x in 0..<width {
                    let u = across[max(0, y - 1) * width + x], d = across[min(height - 1, y + 1) * width + x]
                    values[y * width + x] = (u + 2 * across[y * width + x] + d) / 4
                }
            }
        }

        /// The mean of each column (`byColumn`) or of each row.
        func profile(byColumn: Bool) -> [Double] {
            var out = [Double](repeating: 0, count: byColumn ? width : height)
            for y in 0..<height {
                for x in 0..<width { out[byColumn ? x : y] += values[y * width + x] }
            }
            let n = Double(byColumn ? height : width)
            return out.map { $0 / n }
        }

        /// `rows` × `columns` cells sampled (bilinear) at x = tx + sx·u, y = ty + sy·v of the unit square.
        func sample(sx: Double, tx: Double, sy: Double, ty: Double) -> [Double] {
            let xs = PictureDifference.positions(count: columns, size: width, scale: sx, offset: tx)
            let ys = PictureDifference.positions(count: rows, size: height, scale: sy, offset: ty)
            var out = [Double](repeating: 0, count: columns * rows)
            for (j, (y0, fy)) in ys.enumerated() {
                let r0 = y0 * width, r1 = min(y0 + 1, height - 1) * width
                for (i, (x0, fx)) in xs.enumerated() {
                    let x1 = min(x0 + 1, width - 1)
                    let top = values[r0 + x0] * (1 - fx) + values[r0 + x1] * fx
                    let bottom = values[r1 + x0] * (1 - fx) + values[r1 + x1] * fx
                    out[j * columns + i] = top * (1 - fy) + bottom * fy
                }
            }
            return out
        }
    }

    /// The source pixel (and fraction towards the next) of each of `count` cells.
    static func positions(count: Int, size: Int, scale: Double, offset: Double) -> [(Int, Double)] {
        (0..<count).map { k in
            let u = (Double(k) + 0.5) / Double(count)
            let x = min(max((offset + scale * u) * Double(size) - 0.5, 0), Double(size) - 1.001)
            let x0 = Int(x)
            return (x0, x - Double(x0))
        }
    }

    /// Zero mean, unit deviation (at least 2 grey levels, so a flat picture's noise stays small).
    static func normalized(_ v: [Double]) -> [Double] {
        let mean = v.reduce(0, +) / Double(v.count)
        let deviation = max((v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(v.count)).squareRoot(), 2)
        return v.map { ($0 - mean) / deviation }
    }

    static func meanAbsolute(_ a: [Double], _ b: [Double]) -> Double {
        var s = 0.0
        for i in a.indices { s += abs(a[i] - b[i]) }
        return s / Double(a.count)
    }

    /// The scale and offset along one axis putting `small`'s whole profile inside `large`'s.
    static func alignAxis(_ large: [Double], _ small: [Double], cells: Int) -> (scale: Double, offset: Double) {
        func sampled(_ p: [Double], scale: Double, offset: Double) -> [Double] {
            positions(count: cells, size: p.count, scale: scale, offset: offset).map { x0, f in
                p[x0] * (1 - f) + p[min(x0 + 1, p.count - 1)] * f
            }
        }
        let target = normalized(sampled(small, scale: 1, offset: 0))
        var best = (d: Double.infinity, scale: 1.0, offset: 0.0)
        for k in 0...12 {
            let scale = 0.94 + 0.005 * Double(k)
            var offset = -0.01
            while offset <= 1 - scale + 0.01 + 1e-9 {
                let d = meanAbsolute(normalized(sampled(large, scale: scale, offset: offset)), target)
                if d < best.d { best = (d, scale, offset) }
                offset += 0.0025
            }
        }
        return (best.scale, best.offset)
    }

    /// `small`'s frame found inside `large`'s: the mean difference of the best alignment, and
    /// its largest 2 × 2 mean.
    static func aligned(_ large: Grey, inside small: Grey) -> (mean: Double, largest: Double) {
        let x = alignAxis(large.profile(byColumn: true), small.profile(byColumn: true), cells: columns)
        let y = alignAxis(large.profile(byColumn: false), small.profile(byColumn: false), cells: rows)
        let target = normalized(small.sample(sx: 1, tx: 0, sy: 1, ty: 0))
        var best = (mean: Double.infinity, cells: [Double]())
        for dtx in [-0.0025, 0, 0.0025] {
            for dty in [-0.0025, 0, 0.0025] {
                let v = normalized(large.sample(sx: x.scale, tx: x.offset + dtx, sy: y.scale, ty: y.offset + dty))
                var cells = [Double](repeating: 0, count: v.count)
                var sum = 0.0
                for i in v.indices {
                    cells[i] = abs(v[i] - target[i])
                    sum += cells[i]
                }
                if sum / Double(v.count) < best.mean { best = (sum / Double(v.count), cells) }
            }
        }
        var largest = 0.0
        for j in 0..<rows - 1 {
            for i in 0..<columns - 1 {
                let k = j * columns + i
                largest = max(largest, (best.cells[k] + best.cells[k + 1] + best.cells[k + columns] + best.cells[k + columns + 1]) / 4)
            }
        }
        return (best.mean, largest)
    }
}
