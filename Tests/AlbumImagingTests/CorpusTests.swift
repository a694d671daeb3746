import AlbumImaging
import Foundation
import Testing

/// The exif-samples corpus (real camera files) against what exiftool reads from each.
@Suite struct CorpusTests {
    /// `<repo>/../shared/corpus/exif-samples`, found from this source file.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/exif-samples")
    static let present = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("oracle.json").path)

    /// exiftool's answers: `-n -json -GPSLatitude -GPSLongitude -GPSAltitude -DateTimeOriginal …`.
    struct Expected: Decodable {
        let GPSLatitude: Double?, GPSLongitude: Double?, GPSAltitude: Double?
        let DateTimeOriginal: String?, Make: String?, Model: String?
        let Orientation: Int?, ImageWidth: Int?, ImageHeight: Int?
    }

    static func oracle() throws -> [String: Expected] {
        guard present else { return [:] }
        return try JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: corpus.appendingPathComponent("oracle.json")))
    }

    @Test(.enabled(if: present, "the exif-samples corpus is not at ../shared/corpus/exif-samples: skipped"))
    func everyCorpusFileAgreesWithExiftool() throws {
        let oracle = try Self.oracle()
        #expect(oracle.count >= 15)
        let onDisk = FileManager.default.enumerator(atPath: Self.corpus.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".jpg") } ?? []
        #expect(Set(onDisk) == Set(oracle.keys), "every JPEG in the corpus has an oracle entry")
        for (file, expected) in oracle.sorted(by: { $0.key < $1.key }) {
            let info = try ExifReader().read(fileAt: Self.corpus.appendingPathComponent(file))
            let where_ = Comment(rawValue: "\(file): \(info)")
            #expect(info.coordinate?.latitude.isFinite == expected.GPSLatitude.map { _ in true }, where_)
            if let latitude = expected.GPSLatitude, let longitude = expected.GPSLongitude, let c = info.coordinate {
                #expect(abs(c.latitude - latitude) < 1e-6, where_)
                #expect(abs(c.longitude - longitude) < 1e-6, where_)
            }
            if let altitude = expected.GPSAltitude {
                #expect(abs((info.altitude ?? .nan) - altitude) < 1e-6, where_)
            } else {
                #expect(info.altitude == nil, where_)
            }
            #expect(Self.exifStyle(info) == expected.DateTimeOriginal, where_)
            #expect(info.orientation == expected.Orientation, where_)
            #expect(info.make == expected.Make, where_)
            #expect(info.model == expected.Model, where_)
            #expect(info.width == expected.ImageWidth && info.height == expected.ImageHeight, where_)
        }
    }

    /// Our capture date as exiftool prints DateTimeOriginal (`2008:10:22 16:29:49`, `…Z` for
    /// UTC), or nil when the date did not come from a DateTimeOriginal tag.
    static func exifStyle(_ info: ExifInfo) -> String? {
        guard let takenAt = info.takenAt, info.takenAtSource == .dateTimeOriginal || info.takenAtSource == .xmpDateTimeOriginal
        else { return nil }
        let local = String(takenAt.prefix(19)).replacingOccurrences(of: "-", with: ":").replacingOccurrences(of: "T", with: " ")
        // exiftool shows an XMP offset the way the file wrote it; the file's `Z` is our +00:00.
        guard info.takenAtSource == .xmpDateTimeOriginal, let offset = info.offset else { return local }
        return local + (offset == "+00:00" ? "Z" : offset)
    }
}
