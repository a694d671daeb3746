import AlbumModel
import Foundation

/// The GeoNames rows of one place file, column by column, ready to index.
///
/// Kept as parallel arrays (not an array of structs) so the index cache is a few flat blocks.
struct PlaceData: Sendable {
    var names: [String] = []
    /// GeoNames' `asciiname` column.
    var asciiNames: [String] = []
    /// The ASCII alternate names, comma-joined (for forward geocoding).
    var alternates: [String] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var countryCodes: [String] = []
    /// The admin1 code within the country (`IL` for Illinois, `05` for Nairobi Area).
    var admin1Codes: [String] = []
    var populations: [Int64] = []
    /// Index into `zones`.
    var zoneIndexes: [Int32] = []
    /// IANA zone names, already mapped through tzdata's links (`Europe/Kiev` → `Europe/Kyiv`).
    var zones: [String] = []
    /// `CC.code` → admin1 name.
    var regions: [String: String] = [:]
    /// `CC` → English country name.
    var countries: [String: String] = [:]

    var count: Int { names.count }
}

/// Where the place data comes from: a GeoNames cities file, with `admin1Codes.txt` and
/// `countryInfo.txt` beside it (else Debian's), and tzdata's links for old zone names.
public struct PlaceSource: Sendable, Hashable {
    /// Debian's `libtimezonemap-data` folder.
    public static let debianFolder = "/usr/share/libtimezonemap/ui"
    /// tzdata's compact source, whose `L` lines map old zone names to current ones.
    public static let tzdataFile = "/usr/share/zoneinfo/tzdata.zi"

    public var cities: String
    public var admin1: String
    public var countries: String
    public var tzdata: String

    public init(cities: String, admin1: String? = nil, countries: String? = nil, tzdata: String = PlaceSource.tzdataFile) {
        self.cities = cities
        let folder = (cities as NSString).deletingLastPathComponent
        func beside(_ name: String) -> String {
            let path = (folder as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: path) ? path : "\(Self.debianFolder)/\(name)"
        }
        self.admin1 = admin1 ?? beside("admin1Codes.txt")
        self.countries = countries ?? beside("countryInfo.txt")
        self.tzdata = tzdata
    }

    /// `ALBUM_PLACES` when set (any GeoNames cities500/1000/5000/15000 file), else Debian's
    /// `cities15000.txt`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PlaceSource {
        if let file = environment["ALBUM_PLACES"], !file.isEmpty { return PlaceSource(cities: file) }
        return PlaceSource(cities: "\(debianFolder)/cities15000.txt")
    }
}
