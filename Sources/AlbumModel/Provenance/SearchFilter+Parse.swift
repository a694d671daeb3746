import Foundation

/// The command-line forms of the filters; each error is one line naming the option.
extension SearchFilter {
    /// `cc`, `cc-by` or licence ids, comma-separated (`cc,7`).
    public static func licenses(_ text: String) throws(AlbumError) -> Set<String> {
        var ids = Set<String>()
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for item in items {
            switch item.lowercased() {
            case "cc": ids.formUnion(License.creativeCommonsIds)
            case "cc-by": ids.formUnion(License.attributionIds)
            default:
                guard !item.isEmpty, item.allSatisfy(\.isASCII), item.allSatisfy(\.isNumber), let n = Int(item), License.flickr(id: String(n)) != nil else {
                    throw .invalidInput(
                        "--license '\(text)': '\(item)' is not cc, cc-by or a licence id 0-\(License.flickr.count - 1)")
                }
                ids.insert(String(n))
            }
        }
        return ids
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` (local time), as "YYYY-MM-DDTHH:MM:SS".
    public static func date(_ text: String, option: String) throws(AlbumError) -> String {
        let t = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "T")
        let full = t.count == 10 ? t + "T00:00:00" : t
        let pattern = Array("dddd-dd-ddTdd:dd:dd")
        let chars = Array(full)
        let shaped = chars.count == pattern.count
            && zip(chars, pattern).allSatisfy { c, p in p == "d" ? c.isASCII && c.isNumber : c == p }
        let month = Int(String(chars.dropFirst(5).prefix(2))) ?? 0, day = Int(String(chars.dropFirst(8).prefix(2))) ?? 0
        let hour = Int(String(chars.dropFirst(11).prefix(2))) ?? 99, minute = Int(String(chars.dropFirst(14).prefix(2))) ?? 99
        let second = Int(String(chars.dropFirst(17).prefix(2))) ?? 99
        guard shaped, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else {
            throw .invalidInput("\(option) '\(text)' is not a date YYYY-MM-DD (or YYYY-MM-DDTHH:MM:SS)")
        }
        return full
    }

    /// The filter from the options as given; nil options filter nothing.
    public static func parse(
        license: String? = nil, takenAfter: String? = nil, takenBefore: String? = nil, text: String? = nil,
        tags: String? = nil, tagMode: String? = nil, minAccuracy: Int? = nil, media: String? = nil
    ) throws(AlbumError) -> SearchFilter {
        var filter = SearchFilter()
        if let license { filter.licenseIds = try licenses(license) }
        if let takenAfter { filter.takenAfter = try date(takenAfter, option: "--taken-after") }
        if let takenBefore { filter.takenBefore = try date(takenBefore, option: "--taken-before") }
        if let after = filter.takenAfter, let before = filter.takenBefore, after >= before {
            throw .invalidInput("--taken-before '\(takenBefore ?? "")' is not after --taken-after '\(takenAfter ?? "")'")
        }
        if let text {
            filter.words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
            guard !filter.words.isEmpty else { throw .invalidInput("--text is empty: give the words to look for") }
        }
        if let tags {
            let list = tags.split(separator: ",", omittingEmptySubsequences: false).map { normalizedTag(String($0)) }
            guard !list.isEmpty, !list.contains(where: \.isEmpty) else {
                throw .invalidInput("--tags '\(tags)' has an empty tag: give tags separated by commas (letters and digits)")
            }
            filter.tags = list
        }
        if let tagMode {
            guard let mode = TagMode(rawValue: tagMode.lowercased()) else {
                throw .invalidInput("--tag-mode '\(tagMode)' is not all or any")
            }
            guard tags != nil else { throw .invalidInput("--tag-mode goes with --tags") }
            filter.tagMode = mode
        }
        if let minAccuracy {
            guard (1...16).contains(minAccuracy) else {
                throw .invalidInput("--min-accuracy \(minAccuracy) is outside 1-16 (1 world … 16 street)")
            }
            filter.minAccuracy = minAccuracy
        }
        if let media, media.lowercased() != "photos" {
            throw .invalidInput("--media '\(media)' is not photos: GeoAlbum collects photos only")
        }
        return filter
    }
}
