@testable import AlbumServer
import Foundation
import NIOCore
import Testing

/// The streaming multipart reader of uploads: the same parts whatever the chunking (a delimiter
/// split across chunks at every offset), and one clear error for each malformed body.
struct MultipartReaderTests {
    struct Part: Equatable {
        var head: MultipartReader.PartHead
        var bytes: [UInt8]
    }

    static func parts(_ body: [UInt8], boundary: String, chunk: Int) throws -> (parts: [Part], complete: Bool) {
        var reader = MultipartReader(boundary: boundary)
        var parts: [Part] = []
        var open = false
        var offset = 0
        while offset < body.count {
            let end = min(body.count, offset + chunk)
            try reader.feed(ByteBuffer(bytes: body[offset..<end]), onPart: { head in
                #expect(!open, "a part began before the last one ended")
                parts.append(Part(head: head, bytes: []))
                open = true
            }, onData: { bytes in
                parts[parts.count - 1].bytes += bytes
            }, onPartEnd: {
                open = false
            })
            offset = end
        }
        return (parts, reader.isComplete)
    }

    static func body(_ file: [UInt8]) -> [UInt8] {
        Array("preamble\r\n--AaB03x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nRome\r\n--AaB03x\r\n".utf8)
            + Array("Content-Disposition: form-data; name=\"file\"; filename=\"a \\\"b\\\";c.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
            + file + Array("\r\n--AaB03x--\r\nepilogue".utf8)
    }

    @Test
    func partsAreTheSameWhateverTheChunking() throws {
        // File bytes that hold near-delimiters: CR LF, "--AaB03", a delimiter missing its last byte.
        let file = Array("\r\n--AaB03\r\n-\r\n--AaB03y".utf8) + (0..<300).map { UInt8($0 % 256) }
        let body = Self.body(file)
        for chunk in 1...body.count {
            let (parts, complete) = try Self.parts(body, boundary: "AaB03x", chunk: chunk)
            #expect(complete)
            #expect(parts.map(\.head.name) == ["title", "file"], "chunk \(chunk)")
            #expect(parts.last?.head.filename == "a \"b\";c.jpg" && parts.last?.head.contentType == "image/jpeg")
            #expect(parts.first?.bytes == Array("Rome".utf8) && parts.last?.bytes == file, "chunk \(chunk)")
        }
    }

    @Test
    func aBodyCutOffIsIncompleteAndMalformedOnesAreRefused() throws {
        let body = Self.body(Array(repeating: 7, count: 100))
        for cut in [10, 40, 150, body.count - 12] {
            #expect(try !Self.parts(Array(body.prefix(cut)), boundary: "AaB03x", chunk: 16).complete, "cut at \(cut)")
        }
        #expect(throws: APIError.self) { try Self.parts(Array("--AaB03x\r\nno colon here\r\n\r\nx\r\n--AaB03x--".utf8), boundary: "AaB03x", chunk: 7) }
        #expect(throws: APIError.self) { try Self.parts(Array("--AaB03x\r\nContent-Type: text/plain\r\n\r\nx\r\n--AaB03x--".utf8), boundary: "AaB03x", chunk: 7) }
        #expect(throws: APIError.self) { try Self.parts(Array("--AaB03xjunk".utf8), boundary: "AaB03x", chunk: 3) }
        let huge = Array("--AaB03x\r\nX-Big: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 9000)
        #expect(throws: APIError.self) { try Self.parts(huge, boundary: "AaB03x", chunk: 1000) }
    }

    @Test
    func boundariesComeFromTheContentType() {
        #expect(MultipartReader.boundary("multipart/form-data; boundary=AaB03x") == "AaB03x")
        #expect(MultipartReader.boundary("Multipart/Form-Data; charset=utf-8; boundary=\"a b:c\"") == "a b:c")
        #expect(MultipartReader.boundary("multipart/form-data") == nil)
        #expect(MultipartReader.boundary("application/json; boundary=x") == nil)
        #expect(MultipartReader.boundary("multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
    }

    @Test
    func clientFileNamesBecomeSafeNames() {
        #expect(AlbumAPI.safeName("../../etc/passwd") == "passwd")
        #expect(AlbumAPI.safeName("C:\\Users\\ann\\IMG_1.HEIC") == "IMG_1.HEIC")
        #expect(AlbumAPI.safeName("..hidden.jpg") == "hidden.jpg")
        #expect(AlbumAPI.safeName("a\u{0}b\nc.jpg") == "abc.jpg")
        #expect(AlbumAPI.safeName("/") == "upload" && AlbumAPI.safeName("") == "upload")
        let long = AlbumAPI.safeName(String(repeating: "é", count: 300) + ".jpeg")
        #expect(long.count == 100 && long.hasSuffix(".jpeg"))
    }
}
