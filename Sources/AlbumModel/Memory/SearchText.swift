import Foundation

/// The user's search text turned into an FTS5 query that cannot carry FTS syntax.
///
/// Words are searched as words (every word must match, in any column); `"two words"` is a
/// phrase; a word ending in `*` (`mount*`) is a prefix. Everything else is literal: `NEAR`,
/// `AND`, `OR`, `NOT`, `:`, `^`, parentheses are searched as text (and punctuation is dropped by
/// the tokenizer like in the indexed text). Errors: an unbalanced `"`, a `*` that is not at the
/// end of a word or stands alone, and text without any letter or digit.
public struct SearchText: Sendable, Hashable {
    public enum Term: Sendable, Hashable {
        case word(String)
        case prefix(String)
        case phrase([String])
    }

    public let text: String
    public let terms: [Term]

    /// - Throws: `AlbumError.invalidInput` naming the text and what is wrong with it.
    public init(_ text: String) throws(AlbumError) {
        self.text = text
        var terms: [Term] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace {
                rest = rest.dropFirst()
                continue
            }
            if first == "\"" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else {
                    throw .invalidInput("search text '\(text)' has an unbalanced quote (\"); close the phrase or leave the quote out")
                }
                let words = body[..<close].split(whereSeparator: \.isWhitespace).map(String.init).filter(Self.hasWordCharacter)
                if !words.isEmpty { terms.append(.phrase(words)) }
                rest = body[body.index(after: close)...]
                continue
            }
            let end = rest.firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? rest.endIndex
            var word = String(rest[..<end])
            rest = rest[end...]
            var isPrefix = false
            if word.hasSuffix("*") {
                word.removeLast()
                isPrefix = true
            }
            if word.contains("*") || (isPrefix && !Self.hasWordCharacter(word)) {
                throw .invalidInput("search text '\(text)': '*' must end a word (e.g. mount*), it cannot stand alone")
            }
            guard Self.hasWordCharacter(word) else { continue }
            terms.append(isPrefix ? .prefix(word) : .word(word))
        }
        guard !terms.isEmpty else {
            throw .invalidInput("search text '\(text)' has no word to search for")
        }
        self.terms = terms
    }

    /// The FTS5 MATCH expression: every term quoted as an FTS5 string, joined by AND.
    public var ftsQuery: String {
        terms.map { term in
            switch term {
            case .word(let w): Self.quote(w)
            case .prefix(let w): Self.quote(w) + "*"
            case .phrase(let ws): Self.quote(ws.joined(separator: " "))
            }
        }.joined(separator: " AND ")
    }

    static func quote(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func hasWordCharacter(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
