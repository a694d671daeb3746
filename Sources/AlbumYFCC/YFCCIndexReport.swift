/// A line of the dataset that was not indexed because it is malformed.
public struct YFCCProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1-based line number in the (decompressed) file.
    public var line: Int
    public var reason: String

    public var description: String { "line \(line) \(reason)" }
}

/// What indexing a dataset file found.
public struct YFCCIndexReport: Sendable, Hashable, Codable {
    /// The dataset file, absolute.
    public var file: String
    /// The index file, absolute.
    public var index: String
    /// `23` or `25`: the fields per line.
    public var fields: Int
    public var compressed: Bool
    /// Lines read.
    public var lines: Int = 0
    /// Geotagged photos indexed.
    public var photos: Int = 0
    /// Videos skipped.
    public var videos: Int = 0
    /// Photos without coordinates, skipped.
    public var notGeotagged: Int = 0
    /// Malformed lines, never indexed.
    public var malformed: Int = 0
    /// Fields of indexed lines that could not be used and were left out (an impossible date
    /// taken: the photo is indexed without a date).
    public var malformedFields: Int = 0
    /// The first `maxProblems` malformed lines and fields, with their reasons.
    public var problems: [YFCCProblem] = []

    enum CodingKeys: String, CodingKey {
        case file, index, fields, compressed, lines, photos, videos, notGeotagged, malformed, malformedFields, problems
    }

    public init(file: String, index: String, fields: Int, compressed: Bool) {
        (self.file, self.index, self.fields, self.compressed) = (file, index, fields, compressed)
    }

    /// Indexes built before `malformedFields` existed read with 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decode(String.self, forKey: .file)
        index = try c.decode(String.self, forKey: .index)
        fields = try c.decode(Int.self, forKey: .fields)
        compressed = try c.decode(Bool.self, forKey: .compressed)
        lines = try c.decode(Int.self, forKey: .lines)
        photos = try c.decode(Int.self, forKey: .photos)
        videos = try c.decode(Int.self, forKey: .videos)
        notGeotagged = try c.decode(Int.self, forKey: .notGeotagged)
        malformed = try c.decode(Int.self, forKey: .malformed)
        malformedFields = try c.decodeIfPresent(Int.self, forKey: .malformedFields) ?? 0
        problems = try c.decode([YFCCProblem].self, forKey: .problems)
    }

    /// How many malformed lines are listed one by one.
    public static let maxProblems = 100
}

/// The data file an index was built from: a changed file needs a new index.
struct YFCCSourceIdentity: Sendable, Hashable, Codable {
    var path: String
    var size: UInt64
    var modified: Int64
}

/// The index's JSON section.
struct YFCCIndexMeta: Codable {
    var source: YFCCSourceIdentity
    var licenses: [String]
    var report: YFCCIndexReport
}

/// Where an interrupted build stands: written after each sorted run is safely on disk.
struct YFCCBuildState: Codable {
    var source: YFCCSourceIdentity
    var fields: Int
    /// Lines and decompressed bytes consumed by the runs below.
    var lines: Int
    var offset: UInt64
    var runs: [String]
    var licenses: [String]
    var report: YFCCIndexReport
}
