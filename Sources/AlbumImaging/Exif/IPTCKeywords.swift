import Foundation

/// IPTC-IIM keywords (dataset 2:25) from a JPEG's APP13 Photoshop image resources: what older
/// tools, newspapers' systems and many cameras' "IPTC" settings write instead of XMP.
///
/// Layout (Photoshop File Formats, "Image resource blocks"; IPTC-IIM 4.2, "Envelope record"):
/// resource blocks `8BIM`, a 2-byte id, a Pascal name padded to even length, a 4-byte size and
/// the data padded to even length. Resource 0x0404 holds IIM datasets: `0x1C`, record, dataset,
/// a 2-byte length (or, with its top bit set, the count of the length bytes that follow).
/// Text is UTF-8 when dataset 1:90 (CodedCharacterSet) is `ESC % G`, else ISO 8859-1, as
/// exiftool reads it.
enum IPTCKeywords {
    /// The keywords in `resources` (the APP13 payloads after `Photoshop 3.0\0`, joined), in the
    /// order written. Malformed blocks end the reading; what was read before is kept.
    static func keywords(inResources resources: [UInt8]) -> [String] {
        var keywords: [String] = []
        for block in iptcBlocks(resources) { keywords += Self.keywords(inRecord: block) }
        return keywords
    }

    /// The data of every 0x0404 (IPTC-NAA) resource block.
    static func iptcBlocks(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var blocks: [ArraySlice<UInt8>] = []
        var i = 0
        while i + 12 <= bytes.count, bytes[i..<i + 4].elementsEqual("8BIM".utf8) {
            let id = Int(bytes[i + 4]) << 8 | Int(bytes[i + 5])
            let nameLength = Int(bytes[i + 6])
            var p = i + 6 + nameLength + 1
            if p % 2 != 0 { p += 1 }  // the name, with its length byte, is padded to even
            guard p + 4 <= bytes.count else { break }
            let size = Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            let start = p + 4
            guard size >= 0, start + size <= bytes.count else { break }
            if id == 0x0404 { blocks.append(bytes[start..<start + size]) }
            i = start + size + (size % 2)
        }
        return blocks
    }

    /// The 2:25 datasets of one IIM record block, decoded by its 1:90 character set.
    static func keywords(inRecord block: ArraySlice<UInt8>) -> [String] {
        var raw: [ArraySlice<UInt8>] = []
        var utf8 = false
        var i = block.startIndex
        while i + 5 <= block.endIndex, block[i] == 0x1C {
            let record = block[i + 1]
            let dataset = block[i + 2]
            var length = Int(block[i + 3]) << 8 | Int(block[i + 4])
            var start = i + 5
            if length & 0x8000 != 0 {  // extended dataset: the next (length & 0x7FFF) bytes hold the length
                let count = length & 0x7FFF
                guard count <= 4, start + count <= block.endIndex else { break }
                length = block[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
                start += count
            }
            guard start + length <= block.endIndex else { break }
            let value = block[start..<start + length]
            if record == 1 && dataset == 90 { utf8 = value.elementsEqual([0x1B, 0x25, 0x47]) }
            if record == 2 && dataset == 25 { raw.append(value) }
            i = start + length
        }
        return raw.compactMap { bytes in
            let text = utf8
                ? String(decoding: bytes, as: UTF8.self)
                : String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}
