import AlbumModel
import Foundation

/// A WAV file's promise checked against its size: FFmpeg's WAV reader decodes what is there and
/// takes the length it found, so a file cut short (a copy that stopped, a header claiming 2 GB)
/// would be stored as a shorter sound. Its `data` chunk's size says how many bytes of samples
/// follow; fewer is a truncated file.
enum WAVHeader {
    /// - Throws: `AlbumError.invalidInput` naming the file when the samples its header promises
    ///   are not all there. A file that is not RIFF/WAVE, or whose `data` chunk is not in its
    ///   first 64 KiB, is left to the decoder.
    static func check(_ url: URL) throws(AlbumError) {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 65_536), head.count >= 12,
              let size = try? handle.seekToEnd() else { return }
        let b = [UInt8](head)
        guard b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WAVE".utf8) else { return }
        var offset = 12
        while offset + 8 <= b.count {
            let length = Int(b[offset + 4]) | Int(b[offset + 5]) << 8 | Int(b[offset + 6]) << 16 | Int(b[offset + 7]) << 24
            if b[offset..<offset + 4].elementsEqual("data".utf8) {
                let holds = Int(size) - (offset + 8)
                if length > holds {
                    throw .invalidInput("truncated: its header promises \(length) bytes of samples, the file holds \(max(0, holds))",
                                        subject: .file(url.path))
                }
                return
            }
            offset += 8 + length + (length & 1)
        }
    }
}
