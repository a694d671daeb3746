extension PixelImage {
    /// The image as it should be displayed for EXIF orientation `orientation` (1...8):
    /// 2 mirror, 3 rotate 180°, 4 flip, 5 transpose, 6 rotate 90° clockwise, 7 transverse,
    /// 8 rotate 90° counter-clockwise. Other values return the image unchanged.
    public func oriented(_ orientation: Int) -> PixelImage {
        guard (2...8).contains(orientation) else { return self }
        let w = width, h = height, c = channels
        let swaps = orientation >= 5
        let outWidth = swaps ? h : w, outHeight = swaps ? w : h
        var output = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                for dy in 0..<outHeight {
                    for dx in 0..<outWidth {
                        // Where the displayed pixel (dx, dy) is stored in the source.
                        let (sx, sy): (Int, Int) = switch orientation {
                        case 2: (w - 1 - dx, dy)
                        case 3: (w - 1 - dx, h - 1 - dy)
                        case 4: (dx, h - 1 - dy)
                        case 5: (dy, dx)
                        case 6: (dy, h - 1 - dx)
                        case 7: (w - 1 - dy, h - 1 - dx)
                        default: (w - 1 - dy, dx)
                        }
                        let from = (sy * w + sx) * c, to = (dy * outWidth + dx) * c
                        for k in 0..<c { output[to + k] = input[from + k] }
                    }
                }
            }
        }
        return PixelImage(width: outWidth, height: outHeight, channels: c, pixels: output)
    }
}
