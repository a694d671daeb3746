/// A record of a bundle's JSON list that the bundle does not offer, and why.
///
/// A bundle skips a bad record rather than failing as a whole, so that one broken entry cannot
/// stop a batch job; callers show these (e.g. on stderr) so nothing is dropped silently.
public struct BundleSkippedRecord: Sendable, Hashable, CustomStringConvertible {
    /// The record's 1-based position in the JSON list.
    public let position: Int
    /// The record's `id`, when it has a usable one.
    public let id: String?
    /// The record's `url` as written, when it has one.
    public let url: String?
    /// Why it is skipped, e.g. "url contains '..'; local photos may not leave the bundle folder".
    public let reason: String

    public init(position: Int, id: String?, url: String?, reason: String) {
        self.position = position
        self.id = id
        self.url = url
        self.reason = reason
    }

    /// "record 3 (id 7, url '../x.jpg'): url contains '..'; …".
    public var description: String {
        var names: [String] = []
        if let id { names.append("id \(id)") }
        if let url { names.append("url '\(url)'") }
        let named = names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"
        return "record \(position)\(named): \(reason)"
    }
}
