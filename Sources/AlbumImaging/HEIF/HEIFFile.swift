import AlbumModel
import CGeoAlbumShim
import CHeif
import Foundation

/// A HEIF/HEIC file parsed by libheif. The only file that touches libheif: `HEIFFile` owns the
/// `heif_context` and frees it in `deinit`; each `HEIFImage` owns one `heif_image_handle` and
/// releases it in its own; decoded pixels live only inside `withDecodedRGB`'s closure.
final class HEIFFile {
    private let context: OpaquePointer
    /// How errors name the file.
    let name: String

    /// libheif, loaded on first use (decision 0043-i13; `ALBUM_LIBHEIF` names another file) with
    /// its plugins registered once per process: nil, or why it cannot be loaded.
    private static let unavailable: String? = {
        if let why = ga_heif_load(getenv("ALBUM_LIBHEIF")) { return String(cString: why) }
        _ = heif_init(nil)
        return nil
    }()

    /// Parses the file at `path` (libheif reads the boxes it needs, not the image data).
    /// - Throws: `AlbumError.invalidInput` with libheif's message when it is not a readable HEIF.
    convenience init(path: String, name: String) throws(AlbumError) {
        try self.init(name: name) { context in RawPath.withCString(path) { heif_context_read_from_file(context, $0, nil) } }
    }

    /// Parses HEIF bytes held in memory (libheif keeps its own copy).
    /// - Throws: `AlbumError.invalidInput` with libheif's message when it is not a readable HEIF.
    convenience init(data: Data, name: String = "HEIF data") throws(AlbumError) {
        try self.init(name: name) { context in
            data.withUnsafeBytes { raw in heif_context_read_from_memory(context, raw.baseAddress, raw.count, nil) }
        }
    }

    private init(name: String, read: (OpaquePointer) -> heif_error) throws(AlbumError) {
        if let why = Self.unavailable { throw .io(why, subject: .file(name)) }
        guard let context = heif_context_alloc() else { throw .io("libheif cannot allocate a context", subject: .file(name)) }
        self.context = context
        self.name = name
        try Self.check(read(context), "unreadable HEIF")
    }

    deinit { heif_context_free(context) }

    /// The primary image: the photo itself.
    func primaryImage() throws(AlbumError) -> HEIFImage {
        var handle: OpaquePointer?
        try Self.check(heif_context_get_primary_image_handle(context, &handle), "HEIF without a primary image")
        guard let handle else { throw .invalidInput("HEIF without a primary image") }
        return HEIFImage(handle: handle, file: self)
    }

    /// Turns a libheif error into `AlbumError.invalidInput` carrying libheif's own message.
    static func check(_ error: heif_error, _ what: String) throws(AlbumError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        throw .invalidInput("\(what): \(message)")
    }
}

/// One image of a HEIF file (the primary image or one of its thumbnails).
final class HEIFImage {
    private let handle: OpaquePointer
    /// Keeps the file's context alive as long as the handle.
    private let file: HEIFFile

    fileprivate init(handle: OpaquePointer, file: HEIFFile) {
        self.handle = handle
        self.file = file
    }

    deinit { heif_image_handle_release(handle) }

    /// The size as displayed (libheif applies the file's rotation and mirroring).
    var width: Int { Int(heif_image_handle_get_width(handle)) }
    var height: Int { Int(heif_image_handle_get_height(handle)) }

    /// The thumbnail images the file carries for this image (iPhones store one), smallest first.
    func thumbnails() -> [HEIFImage] {
        let count = Int(heif_image_handle_get_number_of_thumbnails(handle))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let found = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
        return ids.prefix(found).compactMap { id -> HEIFImage? in
            var thumbnail: OpaquePointer?
            guard heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else { return nil }
            return HEIFImage(handle: thumbnail, file: file)
        }.sorted { $0.width * $0.height < $1.width * $1.height }
    }

    /// The raw bytes of the first metadata block of `type` (`Exif`, `mime`) whose content type
    /// passes `contentType`, as stored in the file.
    func metadata(type: String, contentType: (String) -> Bool = { _ in true }) -> [UInt8]? {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
        guard count > 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let found = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(count)))
        for id in ids.prefix(found) {
            let content = heif_image_handle_get_metadata_content_type(handle, id).map { String(cString: $0) } ?? ""
            guard contentType(content) else { continue }
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size < 64 << 20 else { continue }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_metadata(handle, id, &bytes).code == heif_error_Ok else { continue }
            return bytes
        }
        return nil
    }

    /// The EXIF block as a JPEG APP1 payload (`Exif\0\0` and the TIFF structure), which is what
    /// the EXIF reader parses. HEIF stores it after a 4-byte offset to the TIFF header.
    func exifPayload() -> [UInt8]? {
        guard let block = metadata(type: "Exif"), block.count > 8 else { return nil }
        let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        var start = 4 + offset
        let isTIFF = { (i: Int) in
            i + 4 <= block.count && (block[i..<i + 4].elementsEqual([0x49, 0x49, 0x2A, 0x00]) || block[i..<i + 4].elementsEqual([0x4D, 0x4D, 0x00, 0x2A]))
        }
        if !isTIFF(start) {
            // Some writers put `Exif\0\0` before the TIFF header and count from it, or give 0.
            guard let found = (4..<min(block.count, 64)).first(where: isTIFF) else { return nil }
            start = found
        }
        return Array("Exif".utf8) + [0, 0] + block[start...]
    }

    /// The XMP packet, when the file has one.
    func xmpPacket() -> [UInt8]? {
        metadata(type: "mime") { $0.lowercased() == "application/rdf+xml" }
    }

    /// Decodes the image to 8-bit RGB (rotation and mirroring applied) and hands the pixels,
    /// valid only inside `body`, to `body`.
    /// - Throws: `AlbumError.invalidInput` with libheif's message when it cannot be decoded.
    func withDecodedRGB<R>(_ body: (DecodedPixels) -> R) throws(AlbumError) -> R {
        var image: OpaquePointer?
        try HEIFFile.check(
            heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil), "undecodable HEIF")
        guard let image else { throw .invalidInput("undecodable HEIF: libheif returned no image") }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), width > 0, height > 0
        else { throw .invalidInput("undecodable HEIF: no RGB plane") }
        let row = width * 3
        if Int(stride) == row {
            return body(DecodedPixels(base: plane, width: width, height: height, channels: 3))
        }
        // Rows padded to an alignment: packed into one buffer, as the resampler reads them.
        var packed = [UInt8](repeating: 0, count: row * height)
        packed.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                (out.baseAddress! + y * row).update(from: plane + y * Int(stride), count: row)
            }
        }
        return packed.withUnsafeBufferPointer { body(DecodedPixels(base: $0.baseAddress!, width: width, height: height, channels: 3)) }
    }
}
