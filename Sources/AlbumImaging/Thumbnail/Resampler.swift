import Foundation

/// Separable Lanczos-3 resampling: sharp, without the aliasing of nearest-neighbour or the blur
/// of a box filter. Used after DCT scaling, so it only ever shrinks by a factor below about 2.
enum Resampler {
    /// Which input samples feed each output sample, and with what weights.
    private struct Taps {
        var starts: [Int]
        var weights: [Float]  // `width` weights per output sample, zero-padded
        var width: Int

        init(input: Int, output: Int) {
            let scale = Double(input) / Double(output)
            let filterScale = max(1, scale)
            let support = 3 * filterScale
            width = Int((support * 2).rounded(.up)) + 2
            starts = Array(repeating: 0, count: output)
            weights = Array(repeating: 0, count: output * width)
            for o in 0..<output {
                let center = (Double(o) + 0.5) * scale
                let lo = max(0, Int((center - support).rounded(.down)))
                let hi = min(input, Int((center + support).rounded(.up)), lo + width)
                var sum = 0.0
                var local = [Double](repeating: 0, count: hi - lo)
                for i in lo..<hi {
                    let w = Self.lanczos3((Double(i) + 0.5 - center) / filterScale)
                    local[i - lo] = w
                    sum += w
                }
                starts[o] = lo
                for (k, w) in local.enumerated() { weights[o * width + k] = Float(sum != 0 ? w / sum : 0) }
            }
        }

        static func lanczos3(_ x: Double) -> Double {
            if x == 0 { return 1 }
            guard abs(x) < 3 else { return 0 }
            let px = Double.pi * x
            return 3 * sin(px) * sin(px / 3) / (px * px)
        }
    }

    /// Resizes `source` to `width` × `height`.
    static func resize(_ source: DecodedPixels, width: Int, height: Int) -> PixelImage {
        let c = source.channels
        if width == source.width && height == source.height {
            return PixelImage(width: width, height: height, channels: c,
                              pixels: Array(UnsafeBufferPointer(start: source.base, count: width * height * c)))
        }
        let horizontal = Taps(input: source.width, output: width)
        let vertical = Taps(input: source.height, output: height)
        // Pass 1: every source row to the output width, as floats.
        var rows = [Float](repeating: 0, count: source.height * width * c)
        rows.withUnsafeMutableBufferPointer { rows in
            horizontal.weights.withUnsafeBufferPointer { weights in
                for y in 0..<source.height {
                    let input = source.base + y * source.width * c
                    let output = rows.baseAddress! + y * width * c
                    for x in 0..<width {
                        let start = horizontal.starts[x]
                        let w = weights.baseAddress! + x * horizontal.width
                        let taps = min(horizontal.width, source.width - start)
                        for channel in 0..<c {
                            var sum: Float = 0
                            var p = input + start * c + channel
                            for k in 0..<taps {
                                sum += w[k] * Float(p.pointee)
                                p += c
                            }
                            output[x * c + channel] = sum
                        }
                    }
                }
            }
        }
        // Pass 2: columns to the output height, rounded and clamped to bytes.
        var pixels = [UInt8](repeating: 0, count: width * height * c)
        let stride = width * c
        pixels.withUnsafeMutableBufferPointer { pixels in
            rows.withUnsafeBufferPointer { rows in
                vertical.weights.withUnsafeBufferPointer { weights in
                    var sums = [Float](repeating: 0, count: stride)
                    for y in 0..<height {
                        let start = vertical.starts[y]
                        let w = weights.baseAddress! + y * vertical.width
                        let taps = min(vertical.width, source.height - start)
                        for i in 0..<stride { sums[i] = 0 }
                        for k in 0..<taps where w[k] != 0 {
                            let row = rows.baseAddress! + (start + k) * stride
                            let weight = w[k]
                            for i in 0..<stride { sums[i] += weight * row[i] }
                        }
                        let output = pixels.baseAddress! + y * stride
                        for i in 0..<stride { output[i] = UInt8(max(0, min(255, sums[i] + 0.5))) }
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, channels: c, pixels: pixels)
    }
}
