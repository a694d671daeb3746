// What the fuzzed parsers name from modules the harness does not compile (the place index,
// the library): the same shapes, no behaviour. PinsFile's default resolver names Library.
public struct PlaceCandidate: Sendable, Hashable {
    public var name: String
    public var coordinate: Coordinate
    public init(name: String, coordinate: Coordinate) { (self.name, self.coordinate) = (name, coordinate) }
}

public struct PlaceMatches: Sendable, Hashable {
    public var query: String
    public var candidates: [PlaceCandidate]
    public var total: Int
    public var best: PlaceCandidate { candidates[0] }
    public init(query: String, candidates: [PlaceCandidate], total: Int) {
        (self.query, self.candidates, self.total) = (query, candidates, total)
    }
}

public enum Library {
    public static func resolvePlace(_ name: String) throws(AlbumError) -> PlaceMatches { throw .notFound("no place named \(name)") }
}

/// JPEGCodec's view of decoded pixels (HEIFFile hands its pixels over in one; JPEGCodec and
/// libjpeg are not compiled here).
struct DecodedPixels {
    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let channels: Int
}
