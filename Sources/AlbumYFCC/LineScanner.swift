import AlbumModel
import Foundation

/// Splits a byte stream into lines (LF or CRLF), counting them and the bytes before each.
final class LineScanner {
    private let stream: any ByteStream
    private let path: String
    private var buffer: UnsafeMutableRawBufferPointer
    /// Valid bytes are `buffer[start..<end]`.
    private var start = 0, end = 0
    private var ended = false
    /// Lines handed out so far (the next line's number is `lineNumber + 1`).
    private(set) var lineNumber = 0
    /// Bytes of the (decompressed) stream before the next line.
    private(set) var offset: UInt64 = 0
    /// Longest line accepted; a longer one is an error (a file that is not line-based).
    static let maxLineLength = 16 << 20

    init(stream: any ByteStream, path: String, bufferSize: Int = 4 << 20) {
        self.stream = stream
        self.path = path
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Starts counting from a known position (after skipping what an earlier run read).
    func resume(lineNumber: Int, offset: UInt64) {
        self.lineNumber = lineNumber
        self.offset = offset
    }

    /// Reads and drops `count` bytes (resuming a compressed file, which cannot seek).
    func discard(_ count: UInt64) throws(AlbumError) {
        var left = count
        while left > 0 {
            if start == end {
                guard try fill() else { throw .invalidInput("\(path) is shorter than when it was first indexed") }
            }
            let take = Int(min(UInt64(end - start), left))
            start += take
            left -= UInt64(take)
        }
    }

    /// Calls `body` with each line (without its line break) until the stream ends or `body`
    /// returns false. The bytes are valid only during the call.
    func forEachLine(_ body: (UnsafeRawBufferPointer) throws(AlbumError) -> Bool) throws(AlbumError) {
        while true {
            let base = buffer.baseAddress!
            if let newline = start < end ? memchr(base + start, 0x0A, end - start) : nil {
                let stop = base.distance(to: UnsafeMutableRawPointer(newline))
                var lineEnd = stop
                if lineEnd > start && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
                lineNumber += 1
                offset += UInt64(stop + 1 - start)
                start = stop + 1
                if try !body(line) { return }
                continue
            }
            if try fill() { continue }
            // The last line may lack a line break.
            guard start < end else { return }
            var lineEnd = end
            if buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            lineNumber += 1
            offset += UInt64(end - start)
            let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd])
            start = end
            _ = try body(line)
            return
        }
    }

    /// Moves the unread tail to the front and reads more; false at the end of the stream.
    private func fill() throws(AlbumError) -> Bool {
        guard !ended else { return false }
        if start > 0 {
            let tail = end - start
            if tail > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, tail) }
            start = 0
            end = tail
        }
        if end == buffer.count {
            guard buffer.count < Self.maxLineLength else {
                throw .invalidInput("\(path) line \(lineNumber + 1) is longer than \(Self.maxLineLength >> 20) MB: not a YFCC100M file")
            }
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
            buffer.deallocate()
            buffer = bigger
        }
        let n = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
        if n == 0 {
            ended = true
            return false
        }
        end += n
        return true
    }
}
