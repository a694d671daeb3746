import Foundation

/// What a search keeps (issue 30): licences, a capture-date range, words, tags, a least position
/// accuracy. A source that can filter is asked to (Flickr's parameters); every photo is checked
/// again with `admits` before it is stored, whatever the source.
public struct SearchFilter: Sendable, Hashable {
    public enum TagMode: String, Sendable, Hashable, CaseIterable { case all, any }

    /// Licence ids allowed (Flickr's numbering, `License`); nil: any licence, or none known.
    public var licenseIds: Set<String>?
    /// Taken at or after this local time, "YYYY-MM-DDTHH:MM:SS".
    public var takenAfter: String?
    /// Taken before this local time, "YYYY-MM-DDTHH:MM:SS".
    public var takenBefore: String?
    /// Every word appears in the title, description or tags (any case).
    public var words: [String] = []
    /// Normalized tags (lower case, letters and digits only).
    public var tags: [String] = []
    public var tagMode: TagMode = .any
    /// The source's position accuracy at least this (1 world … 16 street).
    public var minAccuracy: Int?

    public init() {}

    /// True when nothing is filtered.
    public var isEmpty: Bool { self == SearchFilter() }

    /// Whether `photo` passes every filter. A photo whose source does not say what a filter
    /// needs (no licence, no date, no accuracy) does not pass it.
    public func admits(_ photo: SourcePhoto) -> Bool {
        if let licenseIds {
            guard let id = photo.provenance.licenseId, licenseIds.contains(id) else { return false }
        }
        if takenAfter != nil || takenBefore != nil {
            guard let taken = photo.takenAt.map(Self.localTime), taken.count == 19 else { return false }
            if let takenAfter, taken < takenAfter { return false }
            if let takenBefore, taken >= takenBefore { return false }
        }
        if let minAccuracy {
            guard let accuracy = photo.accuracy, accuracy >= minAccuracy else { return false }
        }
        let photoTags = Set(photo.tags.map(Self.normalizedTag))
        if !tags.isEmpty {
            switch tagMode {
            case .all: guard tags.allSatisfy(photoTags.contains) else { return false }
            case .any: guard tags.contains(where: photoTags.contains) else { return false }
            }
        }
        if !words.isEmpty {
            let haystack = ([photo.title ?? "", photo.description ?? ""] + photo.tags).joined(separator: " ").lowercased()
            guard words.allSatisfy({ haystack.contains($0) }) else { return false }
        }
        return true
    }

    /// The first 19 characters of an ISO 8601 time ("YYYY-MM-DDTHH:MM:SS"), its offset dropped.
    static func localTime(_ text: String) -> String {
        String(text.replacingOccurrences(of: " ", with: "T").prefix(19))
    }

    /// Flickr's normal form of a tag: lower case, letters and digits only.
    public static func normalizedTag(_ tag: String) -> String {
        String(tag.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
