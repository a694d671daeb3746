import AlbumFiles
import Foundation
import Testing
import TestSupport

/// `TarWriter`'s headers (issue 30): each is a fixed template with the member's name and size and
/// its checksum; they must be the ustar headers the field-by-field writer made (so an export's
/// shards keep their bytes), and GNU tar must read every member back.
@Suite struct TarWriterTests {
    let folder = TemporaryFolder("tar-writer")

    /// A ustar header written field by field, summed over all 512 bytes: the reference.
    static func referenceHeader(name: String, size: Int) -> [UInt8] {
        var h = [UInt8](repeating: 0, count: 512)
        for (i, b) in name.utf8.enumerated() { h[i] = b }
        func octal(_ offset: Int, _ value: Int, digits: Int) {
            var v = value
            for i in stride(from: digits - 1, through: 0, by: -1) {
                h[offset + i] = UInt8(ascii: "0") + UInt8(v & 7)
                v >>= 3
            }
        }
        octal(100, 0o644, digits: 7)
        octal(108, 0, digits: 7)
        octal(116, 0, digits: 7)
        octal(124, size, digits: 11)
        octal(136, TarWriter.fixedMTime, digits: 11)
        for i in 148..<156 { h[i] = UInt8(ascii: " ") }
        h[156] = UInt8(ascii: "0")
        for (i, b) in "ustar".utf8.enumerated() { h[257 + i] = b }
        h[263] = UInt8(ascii: "0")
        h[264] = UInt8(ascii: "0")
        octal(329, 0, digits: 7)
        octal(337, 0, digits: 7)
        octal(148, h.reduce(0) { $0 + Int($1) }, digits: 6)
        h[154] = 0
        h[155] = UInt8(ascii: " ")
        return h
    }

    @Test func everyHeaderIsTheFieldByFieldOneAndTarReadsEveryMember() throws {
        let members: [(String, Int)] = [
            ("a", 0), ("0000000001.jpg", 1), ("0000000001.json", 511), ("b.bin", 512), ("c.bin", 513),
            (String(repeating: "n", count: 99), 200_000), ("Zürich — 東京.json", 4_097), ("x/y.jpg", 131_072),
        ]
        let tar = try TarWriter(path: folder.child("t.tar").path)
        var expected: [UInt8] = []
        for (index, (name, size)) in members.enumerated() {
            let data = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
            if index % 2 == 0 {
                try tar.append(name: name, data: data)
            } else {
                let source = folder.child("source-\(index)")
                try Data(data).write(to: source)
                try tar.appendFile(name: name, from: source.path)
            }
            expected += Self.referenceHeader(name: name, size: size) + data
            expected += [UInt8](repeating: 0, count: (512 - size % 512) % 512)
        }
        expected += [UInt8](repeating: 0, count: 1024)
        let sha = try tar.end()
        try tar.place()
        let written = try [UInt8](Data(contentsOf: folder.child("t.tar")))
        #expect(written.count == expected.count)
        #expect(written == expected)
        #expect(sha == ContentHash(of: expected).hex)

        // GNU tar checks every header's checksum as it lists (in UTC, names as they are).
        let list = try ExternalTool.run("env", ["TZ=UTC", "tar", "--quoting-style=literal", "-tvf", folder.child("t.tar").path])
        #expect(list.status == 0, "\(list.output)")
        let text = list.output
        let lines = text.split(separator: "\n")
        #expect(lines.count == members.count, "\(text)")
        for (line, (name, size)) in zip(lines, members) {
            #expect(line.hasPrefix("-rw-r--r-- 0/0"), "\(line)")
            #expect(line.hasSuffix(" 2000-01-01 00:00 \(name)"), "\(line)")
            #expect(line.contains(" \(size) "), "\(line)")
        }
    }
}
