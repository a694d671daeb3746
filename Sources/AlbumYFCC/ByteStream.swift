import AlbumModel
import CBZip2
import Foundation

/// Bytes read in chunks from a dataset file: as stored, or decompressed from bzip2.
protocol ByteStream: AnyObject {
    /// Fills the start of `buffer`; returns how many bytes it wrote, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AlbumError) -> Int
}

/// A plain file read as it is.
final class PlainStream: ByteStream {
    let file: FileDescriptor
    init(file: FileDescriptor) { self.file = file }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AlbumError) -> Int { try file.read(into: buffer) }
}

/// The one owner of a libbz2 decompression stream (`bz_stream`), reading a `.bz2` file.
///
/// Files of several concatenated bzip2 streams (as `pbzip2` and `lbzip2` write them) are read
/// to the end of the last one.
final class BZip2Stream: ByteStream {
    private let file: FileDescriptor
    private let stream: UnsafeMutablePointer<bz_stream>
    private let input: UnsafeMutableRawBufferPointer
    private var inputEnded = false
    private var streamOpen = false
    /// Compressed bytes consumed so far, for error messages.
    private var consumed: UInt64 = 0

    init(file: FileDescriptor) throws(AlbumError) {
        self.file = file
        stream = .allocate(capacity: 1)
        stream.initialize(to: bz_stream())
        input = .allocate(byteCount: 1 << 20, alignment: 16)
        try begin()
    }

    deinit {
        if streamOpen { BZ2_bzDecompressEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    private func begin() throws(AlbumError) {
        // A fresh stream state, keeping where input and output stand (between concatenated streams).
        let (keepIn, keepInCount) = (stream.pointee.next_in, stream.pointee.avail_in)
        let (keepOut, keepOutCount) = (stream.pointee.next_out, stream.pointee.avail_out)
        stream.pointee = bz_stream()
        stream.pointee.next_in = keepIn
        stream.pointee.avail_in = keepInCount
        stream.pointee.next_out = keepOut
        stream.pointee.avail_out = keepOutCount
        let code = BZ2_bzDecompressInit(stream, 0, 0)
        guard code == BZ_OK else { throw Self.error(code, file.path, at: consumed) }
        streamOpen = true
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AlbumError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        stream.pointee.next_out = base.assumingMemoryBound(to: CChar.self)
        stream.pointee.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 && !inputEnded {
                let n = try file.read(into: input)
                if n == 0 {
                    inputEnded = true
                } else {
                    stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: CChar.self)
                    stream.pointee.avail_in = UInt32(n)
                }
            }
            if !streamOpen {
                // Between streams: another one follows only if bytes remain.
                if stream.pointee.avail_in == 0 && inputEnded { break }
                try begin()
            }
            let before = stream.pointee.avail_in
            let code = BZ2_bzDecompress(stream)
            consumed += UInt64(before - stream.pointee.avail_in)
            if code == BZ_STREAM_END {
                BZ2_bzDecompressEnd(stream)
                streamOpen = false
                continue
            }
            guard code == BZ_OK else { throw Self.error(code, file.path, at: consumed) }
            if stream.pointee.avail_in == 0 && inputEnded && stream.pointee.avail_out > 0 {
                throw .invalidInput("\(file.path): the bzip2 data ends early (truncated file?) after \(consumed) compressed bytes")
            }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }

    static func error(_ code: Int32, _ path: String, at offset: UInt64) -> AlbumError {
        switch code {
        case BZ_DATA_ERROR_MAGIC: .invalidInput("\(path): not bzip2 data at compressed byte \(offset)")
        case BZ_DATA_ERROR: .invalidInput("\(path): the bzip2 data is corrupt near compressed byte \(offset)")
        case BZ_MEM_ERROR: .io("\(path): libbz2 ran out of memory")
        default: .io("\(path): libbz2 failed with code \(code) near compressed byte \(offset)")
        }
    }
}

/// bzip2 compression of a whole buffer in memory: for tests and generated fixtures.
public enum BZip2 {
    /// `data` compressed as one bzip2 stream (block size 9).
    /// - Throws: `AlbumError.io` when libbz2 fails.
    public static func compress(_ data: Data) throws(AlbumError) -> Data {
        var source = [UInt8](data)
        var capacity = UInt32(data.count + data.count / 100 + 600)
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let code = output.withUnsafeMutableBytes { out in
            source.withUnsafeMutableBytes { src in
                BZ2_bzBuffToBuffCompress(
                    out.baseAddress!.assumingMemoryBound(to: CChar.self), &capacity,
                    src.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(src.count), 9, 0, 0)
            }
        }
        guard code == BZ_OK else { throw .io("libbz2 could not compress \(data.count) bytes (code \(code))") }
        return Data(output.prefix(Int(capacity)))
    }

    /// Whether a file starts like bzip2 data (`BZh` and a block size digit).
    static func looksCompressed(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x42 && head[1] == 0x5A && head[2] == 0x68 && (0x31...0x39).contains(head[3])
    }
}
