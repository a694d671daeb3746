import Foundation

/// HEIC files made in the tests by libheif's own encoder, `heif-enc` (Debian `libheif-examples`),
/// from JPEGs: heif-enc copies the JPEG's EXIF block into the HEIF's metadata.
public enum HEICFile {
    public struct EncoderError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Encodes the JPEG at `jpeg` as HEIC at `heic`; `thumbnail` adds a thumbnail image of at
    /// most that many pixels on its longer side, as phones store one.
    public static func make(from jpeg: URL, to heic: URL, thumbnail: Int? = nil, quality: Int = 60) throws {
        try FileManager.default.createDirectory(at: heic.deletingLastPathComponent(), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
        process.arguments = ["-q", "\(quality)"] + (thumbnail.map { ["-t", "\($0)"] } ?? []) + [jpeg.path, "-o", heic.path]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw EncoderError(description: "cannot run /usr/bin/heif-enc (apt-get install libheif-examples): \(error)")
        }
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: heic.path) else {
            throw EncoderError(description: "heif-enc \(jpeg.path) failed (\(process.terminationStatus)): \(message)")
        }
    }

    /// Writes `jpegData` to a temporary JPEG beside `heic`, encodes it, and removes the JPEG.
    public static func make(fromJPEGData jpegData: Data, to heic: URL, thumbnail: Int? = nil) throws {
        let jpeg = heic.deletingPathExtension().appendingPathExtension("source.jpg")
        try FileManager.default.createDirectory(at: heic.deletingLastPathComponent(), withIntermediateDirectories: true)
        try jpegData.write(to: jpeg)
        defer { try? FileManager.default.removeItem(at: jpeg) }
        try make(from: jpeg, to: heic, thumbnail: thumbnail)
    }
}
