import AlbumImaging
import AlbumModel
import CCairo
import CGeoAlbumShim
import Foundation

/// The one owner of a cairo image surface and its drawing context (the only Swift code besides
/// `CairoPNG` that calls cairo). Both are destroyed in `deinit`; C types never leave this file.
final class CairoCanvas {
    private let surface: OpaquePointer
    private let context: OpaquePointer
    let width: Int
    let height: Int

    /// An RGB canvas (no alpha) of `width` × `height` pixels.
    /// - Throws: `AlbumError.invalidInput` with cairo's message when the surface cannot be made.
    init(width: Int, height: Int) throws(AlbumError) {
        try Self.loadCairo()
        try Self.loadZlib()
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .invalidInput("cairo cannot make a \(width)×\(height) surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .invalidInput("cairo cannot make a \(width)×\(height) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        self.surface = surface
        self.context = context
        self.width = width
        self.height = height
        // Grey-scale anti-aliasing and no hinting from the environment: the same picture on
        // every machine with the same fonts.
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// cairo, loaded on first use (decision 0043-i13; `ALBUM_LIBCAIRO` names another file): nil,
    /// or why it cannot be loaded.
    private static let unavailable: String? = ga_cairo_load(getenv("ALBUM_LIBCAIRO")).map { String(cString: $0) }

    /// Loads cairo before its first call. - Throws: `AlbumError.io` naming the library and the
    /// Debian package to install.
    static func loadCairo() throws(AlbumError) {
        if let why = unavailable { throw .io(why) }
    }

    /// An sRGB colour, components 0…1.
    struct Colour {
        var red, green, blue: Double
        init(_ hex: UInt32) {
            red = Double((hex >> 16) & 0xFF) / 255
            green = Double((hex >> 8) & 0xFF) / 255
            blue = Double(hex & 0xFF) / 255
        }
    }

    func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ colour: Colour) {
        cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
        cairo_rectangle(context, x, y, w, h)
        cairo_fill(context)
    }

    /// Draws `text` with its baseline at `y`; returns its width. `bold` picks DejaVu Sans Bold.
    @discardableResult
    func text(_ text: String, x: Double, y: Double, size: Double, bold: Bool = false, colour: Colour, alignRight: Bool = false) -> Double {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
        cairo_move_to(context, alignRight ? x - extents.x_advance : x, y)
        cairo_show_text(context, text)
        return extents.x_advance
    }

    /// The width `text` would take.
    func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// Draws `image` scaled to cover the cell (centre crop), clipped to it.
    func image(_ image: PixelImage, x: Double, y: Double, w: Double, h: Double) throws(AlbumError) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(image.width)))
        guard let tile = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height)) else {
            throw .invalidInput("cairo cannot make a \(image.width)×\(image.height) tile")
        }
        defer { cairo_surface_destroy(tile) }
        guard cairo_surface_status(tile) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(tile) else {
            throw .invalidInput("cairo cannot make a \(image.width)×\(image.height) tile")
        }
        cairo_surface_flush(tile)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<image.height {
                let line = (data + row * stride).withMemoryRebound(to: UInt32.self, capacity: image.width) { $0 }
                for column in 0..<image.width {
                    let i = (row * image.width + column) * image.channels
                    let (r, g, b) = image.channels >= 3
                        ? (UInt32(pixels[i]), UInt32(pixels[i + 1]), UInt32(pixels[i + 2]))
                        : (UInt32(pixels[i]), UInt32(pixels[i]), UInt32(pixels[i]))
                    line[column] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
        }
        cairo_surface_mark_dirty(tile)
        let scale = max(w / Double(image.width), h / Double(image.height))
        cairo_save(context)
        cairo_rectangle(context, x, y, w, h)
        cairo_clip(context)
        cairo_translate(context, x + (w - Double(image.width) * scale) / 2, y + (h - Double(image.height) * scale) / 2)
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, tile, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The canvas as PNG bytes: 8-bit RGB, deflated at `level` by the shim's writer (decision
    /// 0130-lead; cairo's own writer spent most of a card's CPU in zlib's default level).
    /// - Throws: `AlbumError.io` when memory runs out or zlib fails.
    func png(level: Int32 = CairoCanvas.pngLevel) throws(AlbumError) -> Data {
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { throw .io("cairo has no pixels for the PNG") }
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = ga_png_encode_rgb24(pixels, Int32(width), Int32(height), cairo_image_surface_get_stride(surface), level, &bytes, &length)
        guard status == 0, let bytes else {
            throw .io(status == -1 ? "out of memory writing a \(width)×\(height) PNG" : "zlib cannot write the PNG (error \(status))")
        }
        return Data(bytesNoCopy: bytes, count: length, deallocator: .free)
    }

    /// zlib's level for cards: 2 (decision 0130-lead).
    static let pngLevel: Int32 = 2

    /// zlib, loaded on first use like cairo (`ALBUM_LIBZ` names another file): nil, or why not.
    private static let zlibUnavailable: String? = ga_zlib_load(getenv("ALBUM_LIBZ")).map { String(cString: $0) }

    /// Loads zlib before the first PNG. - Throws: `AlbumError.io` naming the library and its package.
    static func loadZlib() throws(AlbumError) {
        if let why = zlibUnavailable { throw .io(why) }
    }
}
