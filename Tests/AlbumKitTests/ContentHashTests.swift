import AlbumFiles
import Foundation
import Testing

/// A content hash is the lowercase hex SHA-256 of the bytes (its hex is written without
/// `String(format:)`, issue 28): FIPS 180-2's vectors, and every byte value's two digits.
@Suite struct ContentHashTests {
    @Test func hexIsSHA256InLowercase() {
        #expect(ContentHash(of: Data("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash(of: Data()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.hex((0...255).map(UInt8.init)) == (0...255).map { String(format: "%02x", $0) }.joined())
    }
}
