import Foundation

/// Which place data, zone map and naming rules name a library's pins and photos. A library
/// stores the key its rows were named with; when this machine's key differs (`ALBUM_PLACES`
/// or `ALBUM_ZONES` switched, the files updated, the rules changed), every row is named again
/// (decision 0008, third session). Made from the files' paths, sizes and modification times,
/// so it costs a few `stat` calls and never loads the data.
public struct PlaceDataKey: Sendable, Hashable {
    /// Bumped when the naming rules change (radii, how a zone is chosen), so that libraries
    /// named by an older `album` are named again. 2: zones from the zone map (decision 0018).
    public static let namingVersion = 2

    /// FNV-1a 64 of `description`, hex.
    public let value: String
    /// What it is made of: `naming 2; places /…/cities15000.txt 2966754 1449858780; …`.
    public let description: String

    public init(places: PlaceSource, zoneMap: String?) {
        var text = "naming \(Self.namingVersion)"
        for (label, path) in [("places", places.cities), ("admin1", places.admin1), ("countries", places.countries),
                              ("tzdata", places.tzdata), ("zones", zoneMap)] {
            guard let path else { text += "; \(label) none"; continue }
            var info = stat()
            if stat(path, &info) != 0 {
                text += "; \(label) \(path) missing"
            } else {
                text += "; \(label) \(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = String(hash, radix: 16)
        description = text
    }

    /// The key of what `Places.standard` loads: `ALBUM_PLACES` (else Debian's) and
    /// `ALBUM_ZONES` (else the installed map).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PlaceDataKey {
        PlaceDataKey(places: .standard(environment: environment), zoneMap: ZoneMap.standardPath(environment: environment))
    }
}
