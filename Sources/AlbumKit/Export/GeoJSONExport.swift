import AlbumModel
import Foundation

/// An RFC 7946 GeoJSON FeatureCollection: one Point Feature per pin and per photo.
///
/// Pins have `properties.kind == "pin"` with `pinId, title, note, photoCount`; photos have
/// `kind == "photo"` with `photoId, pinId, title, takenAt, file, thumbnail, url, positionFrom`.
/// Coordinates are `[longitude, latitude]` in WGS 84, as RFC 7946 requires; there is no `crs`.
public enum GeoJSONExport {
    public static func render(_ content: ExportContent) throws(AlbumError) -> Data {
        var features: [Feature] = []
        for entry in content.pins {
            features.append(.pin(entry.pin))
            for photo in entry.photos { features.append(.photo(photo)) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(Collection(features: features)) + Data("\n".utf8)
        } catch {
            throw .io("cannot encode GeoJSON: \(error)")
        }
    }

    struct Collection: Encodable {
        let features: [Feature]
        enum Key: String, CodingKey { case type, features }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode("FeatureCollection", forKey: .type)
            try c.encode(features, forKey: .features)
        }
    }

    enum Feature: Encodable {
        case pin(Pin)
        case photo(ExportedPhoto)

        enum Key: String, CodingKey { case type, id, geometry, properties }
        enum GeometryKey: String, CodingKey { case type, coordinates }
        enum PropertyKey: String, CodingKey {
            case kind, pinId, photoId, title, note, photoCount, takenAt, file, thumbnail, url, positionFrom
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode("Feature", forKey: .type)
            let point: Coordinate
            var p = c.nestedContainer(keyedBy: PropertyKey.self, forKey: .properties)
            switch self {
            case .pin(let pin):
                try c.encode("pin-\(pin.id)", forKey: .id)
                point = pin.coordinate
                try p.encode("pin", forKey: .kind)
                try p.encode(pin.id, forKey: .pinId)
                try p.encode(pin.title, forKey: .title)
                try p.encode(pin.note, forKey: .note)
                try p.encode(pin.photoCount, forKey: .photoCount)
            case .photo(let e):
                try c.encode("photo-\(e.photo.id)", forKey: .id)
                point = e.position
                try p.encode("photo", forKey: .kind)
                try p.encode(e.photo.id, forKey: .photoId)
                try p.encode(e.photo.pinId, forKey: .pinId)
                try p.encode(e.photo.title, forKey: .title)
                try p.encode(e.photo.takenAt, forKey: .takenAt)
                try p.encode(e.file?.path, forKey: .file)
                try p.encode(e.thumbnail?.path, forKey: .thumbnail)
                try p.encode(e.photo.url, forKey: .url)
                try p.encode(e.positionFromPin ? "pin" : "photo", forKey: .positionFrom)
            }
            var g = c.nestedContainer(keyedBy: GeometryKey.self, forKey: .geometry)
            try g.encode("Point", forKey: .type)
            try g.encode([point.longitude, point.latitude], forKey: .coordinates)
        }
    }
}
