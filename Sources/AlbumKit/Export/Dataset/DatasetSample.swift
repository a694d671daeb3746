import AlbumModel
import Crypto
import Foundation

/// One sample of the dataset: the image file and its JSON, named by a key that WebDataset
/// groups them by (`0000000042.jpg`, `0000000042.json`).
struct DatasetSample: Sendable {
    let key: String
    /// The image file's absolute path.
    let imagePath: String
    let imageName: String
    let json: [UInt8]

    /// The encoder whose bytes `Record.json()` writes (the tests compare them).
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    init(_ exported: ResearchPhoto, image: String) {
        let photo = exported.photo, pin = exported.pin
        key = Self.key(photo.id)
        imagePath = image
        imageName = key + "." + Self.imageExtension(image)
        let local = PhotoJSON.takenAt(photo)
        // Only the 25-byte form (`2024-06-14T09:43:19+02:00`) carries an offset.
        let utc = local.flatMap { $0.utf8.count == 25 ? PhotoTime(parsing: $0) : nil }.flatMap { $0.offsetSeconds == nil ? nil : $0.exportUTCOrLocal }
        let p = photo.provenance
        let record = Record(
            id: photo.id, key: key, image: imageName, pinId: photo.isUnplaced ? nil : photo.pinId,
            latitude: exported.position?.latitude, longitude: exported.position?.longitude, positionFromPin: exported.positionFromPin,
            accuracy: photo.accuracy, takenAt: local, takenAtUTC: utc, timeZone: photo.local.timeZone ?? pin?.timeZone,
            place: (photo.local.place ?? pin?.place).map { Record.Place(name: $0.name, region: $0.region, country: $0.country, countryCode: $0.countryCode) },
            tags: exported.tags.map(\.value),
            title: photo.title, owner: p.ownerName == nil && p.ownerId == nil ? nil : Record.Owner(id: p.ownerId, name: p.ownerName),
            license: photo.license == nil && p.licenseId == nil ? nil : Record.License(id: p.licenseId, name: photo.license, url: p.licenseURL),
            copyright: p.copyright, url: p.pageURL ?? (photo.isImported ? nil : photo.url), source: photo.isImported ? "import" : photo.source,
            width: photo.width, height: photo.height)
        json = record.json()
    }

    /// The image member's extension: the file's (what follows the last dot of the path's last
    /// component, unless that dot is the component's first byte), lowercased, when it is ASCII
    /// letters and digits, else `jpg`. On the UTF-8 bytes: Characters cost a tenth of the sample.
    static func imageExtension(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            // The last dot of the last component, not its first byte.
            var dot = bytes.count
            while dot > 0, bytes[dot - 1] != UInt8(ascii: "."), bytes[dot - 1] != UInt8(ascii: "/") { dot -= 1 }
            guard dot > 1, bytes[dot - 1] == UInt8(ascii: "."), bytes[dot - 2] != UInt8(ascii: "/"), dot < bytes.count else { return "jpg" }
            let ext = UnsafeBufferPointer(rebasing: bytes[dot...])
            guard ext.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else { return "jpg" }
            return String(unsafeUninitializedCapacity: ext.count) { out in
                for (i, b) in ext.enumerated() { out[i] = (0x41...0x5A).contains(b) ? b + 0x20 : b }
                return ext.count
            }
        }
    }

    /// The id with ten digits, zero-padded (`String(format:)` is slow on Linux).
    static func key(_ id: Int64) -> String {
        let digits = String(id)
        return digits.count >= 10 ? digits : String(repeating: "0", count: 10 - digits.count) + digits
    }

    /// What a resumed export compares to decide that a finished shard still holds this sample:
    /// `name \t path \t json`, appended to `text` (hashed a sample at a time: one update, not
    /// four).
    func fingerprint(into text: inout [UInt8]) {
        text += imageName.utf8
        text.append(UInt8(ascii: "\t"))
        text += imagePath.utf8
        text.append(UInt8(ascii: "\t"))
        text += json
    }

    /// The JSON of a sample: keys sorted; a missing fact is left out (an unplaced photo has no
    /// `latitude`/`longitude`), `tags` is always there.
    struct Record: Encodable {
        struct Place: Encodable { let name: String; let region: String?; let country: String?; let countryCode: String }
        struct Owner: Encodable { let id: String?; let name: String? }
        struct License: Encodable { let id: String?; let name: String?; let url: String? }
        let id: Int64
        let key: String
        let image: String
        let pinId: Int64?
        let latitude: Double?
        let longitude: Double?
        let positionFromPin: Bool
        let accuracy: Int?
        let takenAt: String?
        let takenAtUTC: String?
        let timeZone: String?
        let place: Place?
        let tags: [String]
        let title: String?
        let owner: Owner?
        let license: License?
        let copyright: String?
        let url: String?
        let source: String
        let width: Int?
        let height: Int?
    }
}

extension DatasetSample.Record {
    /// The JSON `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes for this
    /// record, byte for byte, written directly (issue 30): the encoder's dictionary of values and
    /// its key sort cost more a sample than the sample's tar member. Keys in UTF-8 order, a nil
    /// left out, a `Double` as its `description` without a trailing ".0", strings escaped as the
    /// encoder escapes them. `DatasetSampleJSONTests` compares the two on random records.
    func json() -> [UInt8] {
        var out = SampleJSON()
        out.bytes.reserveCapacity(640)
        out.open()
        out.field("accuracy", accuracy)
        out.field("copyright", copyright)
        out.field("height", height)
        out.field("id", id)
        out.field("image", image)
        out.field("key", key)
        out.field("latitude", latitude)
        if let license {
            out.key("license")
            out.open()
            out.field("id", license.id)
            out.field("name", license.name)
            out.field("url", license.url)
            out.close()
        }
        out.field("longitude", longitude)
        if let owner {
            out.key("owner")
            out.open()
            out.field("id", owner.id)
            out.field("name", owner.name)
            out.close()
        }
        out.field("pinId", pinId)
        if let place {
            out.key("place")
            out.open()
            out.field("country", place.country)
            out.field("countryCode", place.countryCode)
            out.field("name", place.name)
            out.field("region", place.region)
            out.close()
        }
        out.key("positionFromPin")
        out.raw(positionFromPin ? "true" : "false")
        out.field("source", source)
        out.key("tags")
        out.bytes.append(UInt8(ascii: "["))
        for (index, tag) in tags.enumerated() {
            if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
            out.string(tag)
        }
        out.bytes.append(UInt8(ascii: "]"))
        out.field("takenAt", takenAt)
        out.field("takenAtUTC", takenAtUTC)
        out.field("timeZone", timeZone)
        out.field("title", title)
        out.field("url", url)
        out.field("width", width)
        out.close()
        return out.bytes
    }
}

/// A JSON object written key by key (`DatasetSample.Record.json()`).
struct SampleJSON {
    var bytes: [UInt8] = []
    /// Whether the object being written has no member yet.
    private var empty = true

    mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        empty = true
    }

    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        empty = false
    }

    mutating func key(_ name: StaticString) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func field<T: BinaryInteger>(_ name: StaticString, _ value: T?) {
        guard let value else { return }
        key(name)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func field(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A string as `JSONEncoder` escapes it: `"` and `\\`, the named controls, the other
    /// controls as `\u00XX` (lowercase hex); `/` and non-ASCII as they are.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            var mark = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index]))
                mark = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
