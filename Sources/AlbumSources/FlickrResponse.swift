import Foundation
import AlbumModel

/// The JSON of `flickr.photos.search` (`format=json&nojsoncallback=1`), as loosely as Flickr
/// sends it: numbers arrive as numbers or as strings, differently in different years.
struct FlickrResponse: Decodable {
    /// The JSON inside a JSONP answer (`jsonFlickrApi({...})`, which Flickr sends when
    /// `nojsoncallback` is dropped, e.g. by a proxy or mirror); other bodies as they are.
    static func unwrappingJSONP(_ body: Data) -> Data {
        let bytes = [UInt8](body)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")), let close = bytes.lastIndex(of: UInt8(ascii: ")")), open < close
        else { return body }
        let name = String(decoding: bytes[..<open], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let tail = String(decoding: bytes[(close + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." }),
              tail.isEmpty || tail == ";"
        else { return body }
        return Data(bytes[(open + 1)..<close])
    }

    var stat: String?
    var code: FlexibleNumber?
    var message: String?
    var photos: Photos?

    struct Photos: Decodable {
        var page: FlexibleNumber?
        var pages: FlexibleNumber?
        var perpage: FlexibleNumber?
        var total: FlexibleNumber?
        var photo: [FlickrPhoto]?
    }
}

/// One photo record with the extras GeoAlbum asks for.
struct FlickrPhoto: Decodable {
    var id: FlexibleString?
    var owner: String?
    var secret: String?
    var server: FlexibleString?
    var title: String?
    var license: FlexibleString?
    var datetaken: String?
    var datetakenunknown: FlexibleNumber?
    var ownername: String?
    var latitude: FlexibleNumber?
    var longitude: FlexibleNumber?
    var accuracy: FlexibleNumber?
    var dateupload: FlexibleNumber?
    var tags: String?
    var description: FlickrContent?
    var url_b: String?, width_b: FlexibleNumber?, height_b: FlexibleNumber?
    var url_z: String?, width_z: FlexibleNumber?, height_z: FlexibleNumber?
    var url_m: String?, width_m: FlexibleNumber?, height_m: FlexibleNumber?
    var url_q: String?, width_q: FlexibleNumber?, height_q: FlexibleNumber?

    /// The photo as a source offers it; nil without an id or any way to build an image URL.
    var sourcePhoto: SourcePhoto? { sourcePhoto(buildingURLs: true) }

    /// As `sourcePhoto`; with `buildingURLs` false a photo without a `url_*` is left out instead
    /// of given a URL on Flickr's own image host (for a custom endpoint: a mirror or a test
    /// server must never make the client contact live.staticflickr.com).
    func sourcePhoto(buildingURLs: Bool) -> SourcePhoto? {
        guard let id = id?.value, !id.isEmpty, let url = imageURL(building: buildingURLs) else { return nil }
        let licenseId = license?.value.flatMap { $0.isEmpty ? nil : $0 }
        let known = licenseId.flatMap(License.flickr(id:))
        var photo = SourcePhoto(
            sourceId: id, title: title.flatMap { $0.isEmpty ? nil : $0 }, url: url, coordinate: coordinate,
            takenAt: takenAt, owner: ownername.flatMap { $0.isEmpty ? nil : $0 } ?? owner,
            license: known?.name ?? licenseId, accuracy: accuracy?.int.flatMap { (1...16).contains($0) ? $0 : nil })
        let ownerId = owner.flatMap { $0.isEmpty ? nil : $0 }
        photo.provenance = Provenance(
            ownerId: ownerId, ownerName: ownername.flatMap { $0.isEmpty ? nil : $0 }, licenseId: licenseId,
            licenseURL: known.flatMap { $0.url.isEmpty ? nil : $0.url },
            pageURL: ownerId.flatMap { Self.pageURL(owner: $0, id: id) },
            uploadedAt: dateupload?.int.flatMap(Self.utcTime))
        photo.tags = (tags ?? "").split(separator: " ").map(String.init)
        photo.description = description?._content.flatMap { $0.isEmpty ? nil : $0 }
        return photo
    }

    /// `https://www.flickr.com/photos/OWNER/ID`, nil when the owner id is not URL-safe.
    static func pageURL(owner: String, id: String) -> String? {
        let safe: (String) -> Bool = { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "@_-.".contains($0)) } }
        guard safe(owner), safe(id) else { return nil }
        return "https://www.flickr.com/photos/\(owner)/\(id)"
    }

    /// Seconds since 1970 as ISO 8601 UTC ("2024-05-01T10:00:00Z").
    static func utcTime(_ seconds: Int) -> String? {
        guard seconds > 0 else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The largest `url_*` of at most 1024 px (b, z, m, q), else one built from server/id/secret.
    var imageURL: String? { imageURL(building: true) }

    /// As `imageURL`; with `building` false, nil when the record offers no `url_*`.
    func imageURL(building: Bool) -> String? {
        let sizes: [(String?, FlexibleNumber?, FlexibleNumber?)] = [
            (url_b, width_b, height_b), (url_z, width_z, height_z), (url_m, width_m, height_m), (url_q, width_q, height_q),
        ]
        let offered = sizes.filter { url, _, _ in url.map(Self.isWeb) ?? false }
        if let fit = offered.first(where: { _, w, h in max(w?.int ?? 0, h?.int ?? 0) <= 1024 }) ?? offered.first {
            return fit.0
        }
        guard building, let server = server?.value, let id = id?.value, let secret, !server.isEmpty, !secret.isEmpty else { return nil }
        return "https://live.staticflickr.com/\(server)/\(id)_\(secret)_b.jpg"
    }

    /// Flickr's photo position; absent geo comes as 0, 0.
    var coordinate: Coordinate? {
        guard let lat = latitude?.double, let lon = longitude?.double, lat != 0 || lon != 0 else { return nil }
        return try? Coordinate(latitude: lat, longitude: lon)
    }

    /// `datetaken` is local time without an offset, "YYYY-MM-DD HH:MM:SS": stored as ISO 8601
    /// local time "YYYY-MM-DDTHH:MM:SS". Nil when Flickr says the date is unknown.
    var takenAt: String? {
        guard datetakenunknown?.int != 1, let text = datetaken, Self.isDateTime(text), !text.hasPrefix("0000") else {
            return nil
        }
        return text.replacingOccurrences(of: " ", with: "T")
    }

    private static func isWeb(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    private static func isDateTime(_ text: String) -> Bool {
        let pattern = Array("dddd-dd-dd dd:dd:dd")
        let chars = Array(text)
        guard chars.count == pattern.count else { return false }
        return zip(chars, pattern).allSatisfy { c, p in p == "d" ? c.isASCII && c.isNumber : c == p }
    }
}

/// A number sent as a JSON number or as a string ("300"); anything else reads as no value.
struct FlexibleNumber: Decodable {
    let double: Double?

    var int: Int? { double.flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil } }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            double = number
        } else if let text = try? container.decode(String.self) {
            double = Double(text.trimmingCharacters(in: .whitespaces))
        } else {
            double = nil
        }
    }
}

/// A string sent as a JSON string or as a number (ids, server, licence).
struct FlexibleString: Decodable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Int64.self) {
            value = String(number)
        } else {
            value = nil
        }
    }
}

/// Flickr's `{"_content": "…"}` wrapper (description).
struct FlickrContent: Decodable {
    var _content: String?
}
