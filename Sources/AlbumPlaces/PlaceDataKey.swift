import Foundation

/// Which place data, zone map and naming rules name a library's pins and photos. A library
/// stores the key its rows were named with; when this machine's data differs (`ALBUM_PLACES`
/// or `ALBUM_ZONES` switched, the files updated, the rules changed), every row is named again
/// (decision 0008, third session).
///
/// The key has two parts (decision 0133). The *stamp* is made from the files' paths, sizes and
/// modification times: a few `stat` calls, checked on every open. The *contents* part hashes the
/// files' bytes (~9 MB, a few milliseconds), and is read only when the stamp differs: the same
/// data found at another path or with a new modification time (another install prefix, a
/// package upgrade that rewrote the same zone map, a binary copied out of `.build`) renames
/// nothing; only the stored stamp is brought up to date.
public struct PlaceDataKey: Sendable, Hashable {
    /// Bumped when the naming rules change (radii, how a zone is chosen), so that libraries
    /// named by an older `album` are named again. 2: zones from the zone map (decision 0018).
    public static let namingVersion = 2

    /// FNV-1a 64 of `description`, hex: the stamp. A key stored by an `album` before decision
    /// 0133 is this alone.
    public let stamp: String
    /// What the stamp is made of: `naming 2; places /…/cities15000.txt 2966754 1449858780; …`.
    public let description: String
    /// The files hashed by `contents()`, by label; nil when not set.
    let files: [(label: String, path: String?)]

    public init(places: PlaceSource, zoneMap: String?) {
        files = [("places", places.cities), ("admin1", places.admin1), ("countries", places.countries),
                 ("tzdata", places.tzdata), ("zones", zoneMap)]
        var text = "naming \(Self.namingVersion)"
        for (label, path) in files {
            guard let path else { text += "; \(label) none"; continue }
            var info = stat()
            if stat(path, &info) != 0 {
                text += "; \(label) \(path) missing"
            } else {
                text += "; \(label) \(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            }
        }
        stamp = String(Self.fnv1a(text.utf8), radix: 16)
        description = text
    }

    public static func == (a: PlaceDataKey, b: PlaceDataKey) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// The hash of the files' bytes and the naming version, hex (a missing or unset file counts
    /// as its label and `missing` / `none`, never as its path).
    public func contents() -> String {
        var hash = Self.fnv1a("naming \(Self.namingVersion)".utf8)
        for (label, path) in files {
            hash = Self.fnv1a(label.utf8, hash)
            guard let path else { hash = Self.fnv1a(" none".utf8, hash); continue }
            guard let data = FileManager.default.contents(atPath: path) else {
                hash = Self.fnv1a(" missing".utf8, hash)
                continue
            }
            hash = Self.fnv1a(" \(data.count) ".utf8, hash)
            hash = data.withUnsafeBytes { Self.words($0, hash) }
        }
        return String(hash, radix: 16)
    }

    /// What a library stores: the stamp and the contents' hash.
    public func value(contents: String) -> String { "\(stamp) \(contents)" }

    /// Whether `stored` was made from files at the same paths, sizes and times as these.
    public func hasStamp(of stored: String?) -> Bool {
        stored?.split(separator: " ", maxSplits: 1).first.map(String.init) == stamp
    }

    /// The contents' hash in `stored`; nil for a key stored before decision 0133 (a stamp alone).
    public static func contents(of stored: String?) -> String? {
        guard let parts = stored?.split(separator: " "), parts.count == 2 else { return nil }
        return String(parts[1])
    }

    /// The description stored beside the key: the stamp's text and the contents' hash.
    public func description(contents: String) -> String { "\(description); contents \(contents)" }

    /// The key of what `Places.standard` loads: `ALBUM_PLACES` (else Debian's) and
    /// `ALBUM_ZONES` (else the installed map).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PlaceDataKey {
        PlaceDataKey(places: .standard(environment: environment), zoneMap: ZoneMap.standardPath(environment: environment))
    }

    static func fnv1a(_ bytes: some Sequence<UInt8>, _ start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = start
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// FNV-1a over little-endian 64-bit words, then the tail bytes: the files' bytes at about
    /// a byte a cycle (a byte at a time would be several).
    static func words(_ buffer: UnsafeRawBufferPointer, _ start: UInt64) -> UInt64 {
        var hash = start
        let whole = buffer.count / 8
        for i in 0..<whole {
            hash = (hash ^ UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) &* 0x100_0000_01b3
        }
        return fnv1a(buffer[(whole * 8)...], hash)
    }
}
