import Foundation

/// The words of a note's or check-in's text, as the word cloud counts them (issue 26): lower-cased
/// (accents kept), three letters or more, stop words and Markdown links' targets left out. Each
/// store splits an entry's text once, when it writes it, into `entries.words` (`json`); the
/// triggers of migration `entries-wordPeriods` add them up per year and month in `word_periods`,
/// which a summary reads (decision 0134-entries).
public enum EntryWords {
    /// Words a word cloud leaves out (English, French, German, Spanish function words).
    static let stopWords: Set<String> = Set("""
        a an and are as at be but by for from has have he her his i in is it its me my of on or our she so that the their them \
        then there they this to was we were what when where which who will with you your not no yes just very all also about \
        le la les un une des et est en du de au aux pour par sur dans que qui pas plus ne se ce il elle nous vous je tu \
        der die das und ist ein eine zu mit von im den dem nicht es ich wir sie auf el los las y en con por para una uno del al
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    /// The words of `text` with their counts as a JSON object, keys in order
    /// (`{"harbour":2,"sea":1}`); nil for no text or a text without a word.
    public static func json(_ text: String?) -> String? {
        guard let text else { return nil }
        var counts: [String: Int] = [:]
        count(words: text, into: &counts)
        guard !counts.isEmpty else { return nil }
        var out = "{"
        for (word, n) in counts.sorted(by: { $0.key < $1.key }) {
            if out.count > 1 { out += "," }
            out += "\"\(escaped(word))\":\(n)"
        }
        return out + "}"
    }

    /// A word as a JSON string's contents (words are letters and apostrophes; anything else escaped).
    private static func escaped(_ word: String) -> String {
        var out = ""
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Adds the words of a text to `counts`, Markdown marks and links left out.
    public static func count(words text: String, into counts: inout [String: Int]) {
        // Links' targets are not words (the regular expression only where a link can be).
        let cleaned = mayHaveLink(text) ? text.replacingOccurrences(of: #"\]\([^)]*\)"#, with: " ", options: .regularExpression) : text
        if cleaned.utf8.allSatisfy({ $0 < 0x80 }) {
            countASCII(words: cleaned, into: &counts)
        } else {
            countUnicode(words: cleaned, into: &counts)
        }
    }

    /// Whether `text` has `](`, where a Markdown link's target starts: a scan of its bytes, where
    /// Foundation's `contains` went through `CFStringFind` (decision 0131-entries).
    static func mayHaveLink(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == 0x5D && byte == 0x28 { return true }
            previous = byte
        }
        return false
    }

    /// `count(words:into:)` for a text of ASCII only, on its bytes: the same words (letters are
    /// A-Z and a-z there, the apostrophe is `'`) without Character and Foundation calls (decision
    /// 0128-entries; now what a migration's backfill of 1 M entries spends most on).
    static func countASCII(words text: String, into counts: inout [String: Int]) {
        var word: [UInt8] = []
        word.reserveCapacity(32)
        for var byte in text.utf8 {
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if (byte >= 0x61 && byte <= 0x7A) || byte == 0x27 {
                word.append(byte)
            } else if !word.isEmpty {
                add(asciiWord: word, to: &counts)
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { add(asciiWord: word, to: &counts) }
    }

    /// Counts one lower-cased ASCII word, its apostrophes at either end left out.
    private static func add(asciiWord word: [UInt8], to counts: inout [String: Int]) {
        var start = 0, end = word.count
        while start < end, word[start] == 0x27 { start += 1 }
        while end > start, word[end - 1] == 0x27 { end -= 1 }
        guard end - start >= 3 else { return }
        let w = String(decoding: word[start..<end], as: UTF8.self)
        guard !stopWords.contains(w) else { return }
        counts[w, default: 0] += 1
    }

    /// `count(words:into:)` for any text (Markdown links already left out).
    static func countUnicode(words cleaned: String, into counts: inout [String: Int]) {
        for word in cleaned.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" }) {
            let w = word.trimmingCharacters(in: CharacterSet(charactersIn: "'’"))
            guard w.count >= 3, !stopWords.contains(w) else { continue }
            counts[w, default: 0] += 1
        }
    }
}
