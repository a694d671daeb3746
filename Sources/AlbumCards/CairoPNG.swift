import AlbumImaging
import AlbumModel
import CCairo
import Foundation

/// Reads a PNG back into pixels with cairo (for checking cards: their size and what is drawn
/// where). The surface is destroyed before returning.
public enum CairoPNG {
    /// The PNG's pixels as RGB.
    /// - Throws: `AlbumError.invalidInput` with cairo's message.
    public static func decode(_ data: Data) throws(AlbumError) -> PixelImage {
        try CairoCanvas.loadCairo()
        let source = PNGSource(data)
        guard let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            return Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue().read(into: buffer, count: Int(length))
                ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, Unmanaged.passUnretained(source).toOpaque()) else { throw .invalidInput("cairo cannot read the PNG") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface) else {
            throw .invalidInput("not a readable PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for row in 0..<height {
            let line = (base + row * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for column in 0..<width {
                let p = line[column]
                pixels += [UInt8((p >> 16) & 0xFF), UInt8((p >> 8) & 0xFF), UInt8(p & 0xFF)]
            }
        }
        return PixelImage(width: width, height: height, channels: 3, pixels: pixels)
    }
}

/// Hands the PNG's bytes to cairo as it asks for them.
private final class PNGSource {
    let data: Data
    var offset = 0
    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard offset + count <= data.count else { return false }
        data.copyBytes(to: buffer, from: offset..<offset + count)
        offset += count
        return true
    }
}
