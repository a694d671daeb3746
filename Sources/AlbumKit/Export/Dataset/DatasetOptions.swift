import AlbumModel
import Foundation

/// How `album export dataset` writes (issue 30, decision 0086).
public struct DatasetOptions: Sendable, Hashable {
    public enum Format: String, Sendable, CaseIterable { case webdataset, files }
    public enum Size: String, Sendable, CaseIterable { case original, thumbnail }

    public var format = Format.webdataset
    /// Samples per shard (a tar, or a folder of the `files` format).
    public var shardSize = 1000
    /// Only these licence ids; nil: any.
    public var licenseIds: Set<String>?
    public var size = Size.original
    /// Photos under "All Rights Reserved", or with no licence known, are left out unless this.
    public var includeAllRightsReserved = false
    /// Replace files in the folder that an earlier export there did not write.
    public var force = false
    /// Shards written at once, each by a thread of its own (decision 0132): the cores, at most 4.
    public var concurrency = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))

    public init() {}

    /// Whether a photo goes into the dataset by its licence.
    public func admits(_ photo: Photo) -> Bool {
        let id = photo.provenance.licenseId
        if !includeAllRightsReserved && (id == nil || id == License.allRightsReservedId) { return false }
        if let licenseIds { return id.map(licenseIds.contains) ?? false }
        return true
    }
}

/// What an export wrote.
public struct DatasetReport: Sendable, Hashable {
    public var folder: String
    public var samples: Int
    /// Shards (or folders) in the dataset, and how many of them a previous run had finished.
    public var shards: Int
    public var reusedShards: Int
    /// Photos left out by licence, and for want of the file asked for.
    public var leftOutByLicense: Int
    public var leftOutNoFile: Int
    public var bytes: Int64
}
