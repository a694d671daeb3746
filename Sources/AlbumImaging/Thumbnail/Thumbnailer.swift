#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlbumModel
import Foundation

/// A thumbnail: JPEG bytes, their pixel size, and what went wrong on the way without stopping it.
public struct Thumbnail: Sendable, Hashable {
    public let data: Data
    public let width: Int
    public let height: Int
    /// E.g. `truncated or corrupt JPEG data: Premature end of JPEG file`.
    public let warnings: [String]
    /// The picture's perceptual hash, from the thumbnail's pixels before encoding (issue 29).
    public let perceptualHash: PerceptualHash?

    public init(data: Data, width: Int, height: Int, warnings: [String], perceptualHash: PerceptualHash? = nil) {
        self.data = data
        self.width = width
        self.height = height
        self.warnings = warnings
        self.perceptualHash = perceptualHash
    }
}

/// Makes JPEG thumbnails with shrink-on-load: libjpeg-turbo decodes straight to the smallest
/// DCT scale (n/8) still at least the target size, Lanczos-3 takes it to the exact size, the
/// EXIF orientation is applied, and the result is encoded as JPEG.
///
/// HEIC/HEIF files (recognised by content) are decoded by libheif, which has no scaled decode
/// for HEVC: the smallest thumbnail image the file carries that is at least the target size is
/// decoded instead of the full image when there is one (iPhones store one), else the full image.
/// libheif applies the file's own rotation and mirroring (`irot`/`imir`); per the HEIF
/// specification EXIF Orientation is not applied on top. Same pixel cap, same JPEG output.
public struct Thumbnailer: Sendable {
    /// The thumbnail's longer side in pixels. Smaller images are not enlarged.
    public let longEdge: Int
    /// JPEG quality, 1...100.
    public let quality: Int
    /// Images whose declared width × height exceeds this are refused before decoding.
    public let maxPixels: Int

    public init(longEdge: Int = 256, quality: Int = 80, maxPixels: Int = 100_000_000) {
        self.longEdge = max(1, longEdge)
        self.quality = min(100, max(1, quality))
        self.maxPixels = maxPixels
    }

    /// Reads a JPEG's header: size and components, without decoding pixels.
    /// - Throws: `AlbumError.invalidInput` for data that is not a JPEG, an unreadable header, or a
    ///   declared size over the pixel cap.
    public func imageInfo(of data: Data) throws(AlbumError) -> ImageInfo {
        if ImageKind.isHEIF(data.prefix(64)) {
            let image = try HEIFFile(data: data).primaryImage()
            let info = ImageInfo(width: image.width, height: image.height, components: 3, isProgressive: false)
            try checkCap(info)
            return info
        }
        let info = try JPEGCodec.info(of: data)
        try checkCap(info)
        return info
    }

    /// Makes the thumbnail of a JPEG held in memory.
    /// - Parameters:
    ///   - orientation: the EXIF orientation to apply; nil reads it from the JPEG's own EXIF.
    /// - Throws: `AlbumError.invalidInput` naming what is wrong: not a JPEG (and what it is),
    ///   over the pixel cap, or libjpeg's message for an undecodable file.
    public func thumbnail(of jpeg: Data, orientation: Int? = nil) throws(AlbumError) -> Thumbnail {
        try thumbnail(of: jpeg, orientation: orientation, info: nil)
    }

    /// As `thumbnail(of:orientation:)`, with the JPEG's header already read (`imageInfo(of:)`),
    /// so a caller that needed it first does not parse it twice.
    public func thumbnail(of jpeg: Data, orientation: Int?, info known: ImageInfo?) throws(AlbumError) -> Thumbnail {
        if ImageKind.isHEIF(jpeg.prefix(64)) { return try heifThumbnail(HEIFFile(data: jpeg)) }
        let info: ImageInfo
        if let known { info = known } else { info = try imageInfo(of: jpeg) }
        let orientation = orientation ?? (try? ExifReader().read(data: jpeg).orientation) ?? 1
        let (width, height) = targetSize(width: info.width, height: info.height)
        let eighths = Self.dctScale(longSide: max(info.width, info.height), target: max(width, height))
        var warnings: [String] = []
        let resized = try JPEGCodec.withDecoded(jpeg, eighths: eighths, maxPixels: maxPixels) { pixels, warning in
            if let warning { warnings.append("truncated or corrupt JPEG data: \(warning)") }
            return Resampler.resize(pixels, width: min(width, pixels.width), height: min(height, pixels.height))
        }
        let oriented = resized.oriented(orientation)
        let data = try JPEGCodec.encode(oriented, quality: quality)
        return Thumbnail(data: data, width: oriented.width, height: oriented.height, warnings: warnings, perceptualHash: PerceptualHash(of: oriented))
    }

    /// The whole file at `path`, opened by its bytes (`RawPath`).
    private static func readWhole(_ path: String) throws(AlbumError) -> Data {
        let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw .io("cannot read", subject: .file(path), cause: .errno(.current)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .io("cannot read", subject: .file(path), cause: .of(error))
        }
    }

    /// Makes the thumbnail of the JPEG file at `url`.
    /// - Throws: `AlbumError.io` or `.invalidInput`, naming the file.
    public func thumbnail(fileAt url: URL, orientation: Int? = nil) throws(AlbumError) -> Thumbnail {
        var info = stat()
        if RawPath.withCString(url.path, { stat($0, &info) }) == 0, let kind = ReadOnlyFile.irregularKind(info.st_mode) {
            throw .invalidInput("not a regular file (\(kind))", subject: .file(url.relativePath))
        }
        let data: Data
        do {
            // A name that is not UTF-8 is opened by its bytes (`RawPath`); Foundation would not find it.
            data = RawPath.hasRawBytes(url.path)
                ? try Self.readWhole(url.path) : try Data(contentsOf: url, options: .mappedIfSafe)
        } catch let error as AlbumError {
            throw error
        } catch {
            throw .io("cannot read", subject: .file(url.relativePath), cause: .of(error))
        }
        do {
            return try thumbnail(of: data, orientation: orientation)
        } catch {
            throw error.naming(url.relativePath)
        }
    }

    /// A HEIF's thumbnail: from the smallest embedded thumbnail image at least as large as the
    /// target, else from the primary image; upright as libheif decodes it.
    private func heifThumbnail(_ file: HEIFFile) throws(AlbumError) -> Thumbnail {
        let primary = try file.primaryImage()
        try checkCap(ImageInfo(width: primary.width, height: primary.height, components: 3, isProgressive: false))
        let (width, height) = targetSize(width: primary.width, height: primary.height)
        let source = primary.thumbnails().first { max($0.width, $0.height) >= max(width, height) } ?? primary
        let resized = try source.withDecodedRGB { pixels in
            Resampler.resize(pixels, width: min(width, pixels.width), height: min(height, pixels.height))
        }
        let data = try JPEGCodec.encode(resized, quality: quality)
        return Thumbnail(data: data, width: resized.width, height: resized.height, warnings: [], perceptualHash: PerceptualHash(of: resized))
    }

    /// The thumbnail's size for an image of `width` × `height` (before orientation).
    func targetSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let long = max(width, height)
        guard long > longEdge else { return (width, height) }
        let scale = Double(longEdge) / Double(long)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The smallest n in 1...8 with ceil(longSide × n / 8) ≥ target: what libjpeg-turbo decodes
    /// to directly, skipping most of the inverse DCT and upsampling work.
    static func dctScale(longSide: Int, target: Int) -> Int {
        (1...8).first { (longSide * $0 + 7) / 8 >= target } ?? 8
    }

    private func checkCap(_ info: ImageInfo) throws(AlbumError) {
        let (pixels, overflow) = info.width.multipliedReportingOverflow(by: info.height)
        guard !overflow, pixels <= maxPixels else {
            throw .invalidInput("image is \(info.width)×\(info.height) pixels, over the cap of \(maxPixels) pixels")
        }
        guard info.width > 0, info.height > 0 else {
            throw .invalidInput("image declares an empty size \(info.width)×\(info.height)")
        }
    }
}
