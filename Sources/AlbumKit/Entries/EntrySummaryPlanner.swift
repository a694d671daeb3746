import AlbumModel
import AlbumSeam
import Foundation

/// The entries part of a summary, as a plan of plain values (issue 26): counts per kind, voice
/// minutes, top artists and songs, the notes' words, and the most active days with the photos'
/// counts per day. The store counts every entry of the period (`EntryPeriodFacts`); the word
/// cloud reads about `maxTexts` notes and check-in notes spread over the period (all of them in
/// a period with fewer).
public enum EntrySummaryPlanner {
    /// Texts read for a period's word cloud, about (a sample spread over the period: one in
    /// `EntryPeriodSQL.textStep`). Splitting 20,000 was about 40 % of a year's summary at 1 M entries.
    public static let maxTexts = 2_000

    /// Words a word cloud leaves out (English, French, German, Spanish function words).
    static let stopWords: Set<String> = Set("""
        a an and are as at be but by for from has have he her his i in is it its me my of on or our she so that the their them \
        then there they this to was we were what when where which who will with you your not no yes just very all also about \
        le la les un une des et est en du de au aux pour par sur dans que qui pas plus ne se ce il elle nous vous je tu \
        der die das und ist ein eine zu mit von im den dem nicht es ich wir sie auf el los las y en con por para una uno del al
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    public static func plan(_ facts: EntryPeriodFacts, photosPerDay: [LocalDate: Int]) -> EntrySummary {
        var summary = EntrySummary(read: facts.total)
        summary.notes = facts.kinds[.note] ?? 0
        summary.songs = facts.kinds[.song] ?? 0
        summary.sounds = facts.kinds[.audio] ?? 0
        summary.checkIns = facts.kinds[.place] ?? 0
        summary.moods = facts.moods
        summary.voiceMinutes = (Double(facts.voiceMs) / 6_000).rounded() / 10
        summary.topArtists = facts.artists
        summary.topSongs = facts.songs
        var words: [String: Int] = [:]
        for text in facts.texts { count(words: text, into: &words) }
        summary.words = top(words, 30)
        let perDay = photosPerDay.merging(facts.days, uniquingKeysWith: +)
        summary.activeDays = perDay.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
            .map { DayCount(date: $0.key, photos: $0.value) }
        return summary
    }

    /// Most used first, then by name.
    static func top(_ counts: [String: Int], _ n: Int) -> [NameCount] {
        counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(n).map { NameCount(name: $0.key, count: $0.value) }
    }

    /// The words of a text, lower-cased (accents kept), Markdown marks and links left out.
    static func count(words text: String, into counts: inout [String: Int]) {
        // Links' targets are not words (the regular expression only where a link can be).
        let cleaned = mayHaveLink(text) ? text.replacingOccurrences(of: #"\]\([^)]*\)"#, with: " ", options: .regularExpression) : text
        if cleaned.utf8.allSatisfy({ $0 < 0x80 }) {
            countASCII(words: cleaned, into: &counts)
        } else {
            countUnicode(words: cleaned, into: &counts)
        }
    }

    /// Whether `text` has `](`, where a Markdown link's target starts: a scan of its bytes, where
    /// Foundation's `contains` went through `CFStringFind` (~1 % of a year's summary at 1 M entries,
    /// decision 0131-entries).
    static func mayHaveLink(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == 0x5D && byte == 0x28 { return true }
            previous = byte
        }
        return false
    }

    /// `count(words:into:)` for a text of ASCII only, on its bytes: the same words (letters are
    /// A-Z and a-z there, the apostrophe is `'`) without Character and Foundation calls, which
    /// were 19 % of a year's summary at 1 M entries (decision 0128-entries).
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

extension Library {
    /// The entries part of a period's summary: every entry counted, about
    /// `EntrySummaryPlanner.maxTexts` texts spread over the period in the word cloud.
    func entrySummary(from: LocalDate, to: LocalDate, photosPerDay: [LocalDate: Int]) async throws(AlbumError) -> EntrySummary {
        let facts = try await store.entryPeriodFacts(from: from, to: to, textLimit: EntrySummaryPlanner.maxTexts)
        return EntrySummaryPlanner.plan(facts, photosPerDay: photosPerDay)
    }
}
