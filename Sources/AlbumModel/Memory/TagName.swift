import Foundation

/// A tag as stored: trimmed, inner white space collapsed to one space, Unicode NFC, case-folded.
/// Any script and spaces are fine; control characters are not; at most `maxLength` characters.
public struct TagName: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let value: String

    /// Characters (grapheme clusters) a tag may hold.
    public static let maxLength = 64

    /// - Throws: `AlbumError.invalidInput` naming the text when it is empty after trimming, too
    ///   long, or holds a control character.
    public init(_ text: String) throws(AlbumError) {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        let joined = words.joined(separator: " ")
        guard !joined.isEmpty else { throw .invalidInput("tag '\(text)' is empty") }
        guard !joined.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidInput("tag '\(text.debugDescription.dropFirst().dropLast())' holds a control character")
        }
        let folded = joined.precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
        guard folded.count <= Self.maxLength else {
            throw .invalidInput("tag '\(text.prefix(20))…' is \(folded.count) characters long; at most \(Self.maxLength) are allowed")
        }
        value = folded
    }

    /// A value read back from the database (already normalised).
    public init(stored: String) { value = stored }

    public var description: String { value }
    public static func < (a: TagName, b: TagName) -> Bool { a.value < b.value }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
}
