import AlbumModel
import Foundation

/// An RFC 7946 GeoJSON FeatureCollection: one Point Feature per pin and per photo.
///
/// Pins have `properties.kind == "pin"` with `pinId, title, note, photoCount`; photos have
/// `kind == "photo"` with `photoId, pinId, title, takenAt, file, thumbnail, url, positionFrom`;
/// entries with a position (issue 26) have `kind == "entry"` with `entryId, entryKind` (note,
/// song, audio, place), `pinId, title, takenAt, text, artist, album, link, file, durationMs,
/// transcript, mood, moodScore, tags, place`.
/// Coordinates are `[longitude, latitude]` in WGS 84, as RFC 7946 requires; there is no `crs`.
public enum GeoJSONExport {
    public static func render(_ content: ExportContent) throws(AlbumError) -> Data {
        var features: [Feature] = []
        for entry in content.pins {
            features.append(.pin(entry.pin))
            for photo in entry.photos { features.append(.photo(photo)) }
        }
        for entry in content.entries { features.append(.entry(entry)) }
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
        case entry(ExportedEntry)

        enum Key: String, CodingKey { case type, id, geometry, properties }
        enum GeometryKey: String, CodingKey { case type, coordinates }
        enum PropertyKey: String, CodingKey {
            case kind, pinId, photoId, title, note, photoCount, takenAt, file, thumbnail, url, positionFrom
            case entryId, entryKind, text, artist, album, link, durationMs, transcript, mood, moodScore, tags, place
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
            case .entry(let e):
                let entry = e.entry
                try c.encode("entry-\(entry.id)", forKey: .id)
                point = e.position
                try p.encode("entry", forKey: .kind)
                try p.encode(entry.id, forKey: .entryId)
                try p.encode(entry.kind.rawValue, forKey: .entryKind)
                try p.encode(entry.pinId, forKey: .pinId)
                try p.encode(e.name, forKey: .title)
                try p.encode(entry.at.description, forKey: .takenAt)
                var song: Song?
                if case .song(let s) = entry.content { song = s }
                try p.encode(e.text, forKey: .text)
                try p.encode(song?.artist, forKey: .artist)
                try p.encode(song?.album, forKey: .album)
                try p.encode(song?.link, forKey: .link)
                try p.encode(e.file?.path, forKey: .file)
                try p.encode(entry.content.clip?.durationMs, forKey: .durationMs)
                try p.encode(entry.transcript, forKey: .transcript)
                try p.encode(entry.mood?.label.rawValue, forKey: .mood)
                try p.encode(entry.mood?.score, forKey: .moodScore)
                try p.encode(entry.tags.map(\.value), forKey: .tags)
                try p.encode(entry.placeName, forKey: .place)
            }
            var g = c.nestedContainer(keyedBy: GeometryKey.self, forKey: .geometry)
            try g.encode("Point", forKey: .type)
            try g.encode([point.longitude, point.latitude], forKey: .coordinates)
        }
    }
}
