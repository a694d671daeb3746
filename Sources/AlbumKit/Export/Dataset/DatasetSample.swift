import AlbumModel
import Crypto
import Foundation

/// One sample of the dataset: the image file and its JSON, named by a key that WebDataset
/// groups them by (`0000000042.jpg`, `0000000042.json`).
struct DatasetSample: Sendable {
    let key: String
    let image: URL
    let imageName: String
    let json: [UInt8]

    /// One encoder for a whole export (an encoder a sample cost more than the sample's tar member).
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    init(_ exported: ResearchPhoto, image: URL, encoder: JSONEncoder) throws(AlbumError) {
        let photo = exported.photo, pin = exported.pin
        key = Self.key(photo.id)
        self.image = image
        let ext = image.pathExtension.lowercased()
        imageName = key + "." + (ext.isEmpty || !ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? "jpg" : ext)
        let local = PhotoJSON.takenAt(photo)
        let utc = local.flatMap { PhotoTime(parsing: $0) }.flatMap { $0.offsetSeconds == nil ? nil : $0.exportUTCOrLocal }
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
        do { json = Array(try encoder.encode(record)) } catch { throw .invalidInput("cannot encode sample \(key): \(error)") }
    }

    /// The id with ten digits, zero-padded (`String(format:)` is slow on Linux).
    static func key(_ id: Int64) -> String {
        let digits = String(id)
        return digits.count >= 10 ? digits : String(repeating: "0", count: 10 - digits.count) + digits
    }

    /// What a resumed export compares to decide that a finished shard still holds this sample.
    func fingerprint(into hasher: inout SHA256) {
        for var text in [imageName, "\t", image.path, "\t"] {
            text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        }
        json.withUnsafeBytes { hasher.update(bufferPointer: $0) }
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
