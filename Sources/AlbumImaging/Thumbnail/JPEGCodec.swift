import AlbumModel
import CGeoAlbumShim
import Foundation

/// The only Swift code that calls libjpeg (through the C shim, which turns libjpeg's fatal
/// errors into return codes). Every C buffer is released before these functions return.
public enum JPEGCodec {
    /// Reads a JPEG's header without decoding pixels.
    /// - Throws: `AlbumError.invalidInput` with libjpeg's message (or what the bytes are instead).
    public static func info(of data: Data) throws(AlbumError) -> ImageInfo {
        try requireJPEG(data)
        var info = ga_jpeg_info()
        var message = [CChar](repeating: 0, count: Int(GA_JPEG_MESSAGE_SIZE))
        let status = data.withUnsafeBytes { raw in
            ga_jpeg_read_info(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &info, &message)
        }
        guard status == 0 else { throw .invalidInput("undecodable JPEG: \(text(message))") }
        return ImageInfo(width: Int(info.width), height: Int(info.height), components: Int(info.components),
                         isProgressive: info.progressive != 0)
    }

    /// Decodes at DCT scale `eighths`/8 and hands the pixels to `body` without copying them;
    /// they are freed when `body` returns.
    /// - Parameters:
    ///   - eighths: 1...8; libjpeg-turbo decodes straight to this fraction of the full size.
    ///   - maxPixels: refuse before decoding when the declared width × height is larger.
    ///   - body: receives the pixels and libjpeg's first corrupt-data warning, if any.
    /// - Throws: `AlbumError.invalidInput` with libjpeg's message.
    static func withDecoded<R>(
        _ data: Data, eighths: Int, maxPixels: Int,
        _ body: (DecodedPixels, _ warning: String?) -> R
    ) throws(AlbumError) -> R {
        try requireJPEG(data)
        var image = ga_jpeg_image()
        var message = [CChar](repeating: 0, count: Int(GA_JPEG_MESSAGE_SIZE))
        let status = data.withUnsafeBytes { raw in
            ga_jpeg_decode(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, Int32(eighths),
                           UInt64(max(0, maxPixels)), &image, &message)
        }
        guard status == 0, let pixels = image.pixels else { throw .invalidInput("undecodable JPEG: \(text(message))") }
        defer { ga_jpeg_image_free(&image) }
        let view = DecodedPixels(
            base: UnsafePointer(pixels), width: Int(image.width), height: Int(image.height), channels: Int(image.channels))
        let warning = image.warnings > 0 ? withUnsafeBytes(of: image.warning) { text(Array($0.bindMemory(to: CChar.self))) } : nil
        return body(view, warning)
    }

    /// Decodes the whole image at full size.
    /// - Throws: `AlbumError.invalidInput` with libjpeg's message.
    public static func decode(_ data: Data, maxPixels: Int = 100_000_000) throws(AlbumError) -> PixelImage {
        try withDecoded(data, eighths: 8, maxPixels: maxPixels) { view, _ in
            PixelImage(width: view.width, height: view.height, channels: view.channels,
                       pixels: Array(UnsafeBufferPointer(start: view.base, count: view.width * view.height * view.channels)))
        }
    }

    /// Encodes `image` as a JPEG.
    /// - Parameters:
    ///   - quality: 1...100.
    ///   - progressive: write a progressive JPEG instead of a baseline one.
    ///   - image: 1 channel is written as grayscale, 3 as RGB (stored as YCbCr), 4 as CMYK,
    ///     inverted as Photoshop stores it (0 is full ink).
    /// - Throws: `AlbumError.invalidInput` with libjpeg's message.
    public static func encode(_ image: PixelImage, quality: Int = 80, progressive: Bool = false) throws(AlbumError) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: Int(GA_JPEG_MESSAGE_SIZE))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            ga_jpeg_encode(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.channels),
                           Int32(quality), progressive ? 1 : 0, &output, &size, &message)
        }
        guard status == 0, let output else { throw .invalidInput("cannot encode JPEG: \(text(message))") }
        defer { ga_jpeg_free(output) }
        return Data(bytes: output, count: size)
    }

    private static func requireJPEG(_ data: Data) throws(AlbumError) {
        let head = data.prefix(16)
        guard ImageKind.isJPEG(head) else { throw .invalidInput(FileSignature.notJPEGReason(head)) }
    }

    private static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "unknown libjpeg error" : String(decoding: bytes, as: UTF8.self)
    }
}

/// Pixels owned by the C shim, valid only inside `JPEGCodec.withDecoded`'s closure.
struct DecodedPixels {
    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let channels: Int
}
