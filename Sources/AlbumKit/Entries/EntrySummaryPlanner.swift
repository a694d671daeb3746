import AlbumModel
import Foundation

/// The entries part of a summary, as a plan of plain values (issue 26): counts per kind, voice
/// minutes, top artists and songs, the notes' words, and the most active days with the photos'
/// counts per day.
public enum EntrySummaryPlanner {
    /// Entries of one period read for its summary, at most.
    public static let maxEntries = 20_000

    /// Words a word cloud leaves out (English, French, German, Spanish function words).
    static let stopWords: Set<String> = Set("""
        a an and are as at be but by for from has have he her his i in is it its me my of on or our she so that the their them \
        then there they this to was we were what when where which who will with you your not no yes just very all also about \
        le la les un une des et est en du de au aux pour par sur dans que qui pas plus ne se ce il elle nous vous je tu \
        der die das und ist ein eine zu mit von im den dem nicht es ich wir sie auf el los las y en con por para una uno del al
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    public static func plan(_ entries: [Entry], photosPerDay: [LocalDate: Int]) -> EntrySummary {
        var summary = EntrySummary(read: entries.count)
        var artists: [String: Int] = [:]
        var songs: [String: Int] = [:]
        var words: [String: Int] = [:]
        var perDay = photosPerDay
        var voiceMs: Int64 = 0
        for entry in entries {
            perDay[entry.at.date, default: 0] += 1
            if let mood = entry.mood { summary.moods.add(mood.label) }
            switch entry.content {
            case .note(let text):
                summary.notes += 1
                count(words: text, into: &words)
            case .song(let song):
                summary.songs += 1
                artists[song.artist, default: 0] += 1
                songs["\(song.artist) – \(song.title)", default: 0] += 1
            case .audio(let clip, _, _):
                summary.sounds += 1
                voiceMs += clip.durationMs
            case .place(let note):
                summary.checkIns += 1
                if let note { count(words: note, into: &words) }
            }
        }
        summary.voiceMinutes = (Double(voiceMs) / 6_000).rounded() / 10
        summary.topArtists = top(artists, 5)
        summary.topSongs = top(songs, 5)
        summary.words = top(words, 30)
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
        let cleaned = text.replacingOccurrences(of: #"\]\([^)]*\)"#, with: " ", options: .regularExpression)
        for word in cleaned.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" }) {
            let w = word.trimmingCharacters(in: CharacterSet(charactersIn: "'’"))
            guard w.count >= 3, !stopWords.contains(w) else { continue }
            counts[w, default: 0] += 1
        }
    }
}

extension Library {
    /// The entries part of a period's summary (up to `EntrySummaryPlanner.maxEntries` entries).
    func entrySummary(from: LocalDate, to: LocalDate, photosPerDay: [LocalDate: Int]) async throws(AlbumError) -> EntrySummary {
        var entries: [Entry] = []
        let filter = EntryFilter(from: from, to: to)
        while entries.count < EntrySummaryPlanner.maxEntries {
            let page = try await store.entries(filter, offset: entries.count, limit: Library.maxEntryPage)
            entries += page.entries
            if page.entries.count < Library.maxEntryPage { break }
        }
        return EntrySummaryPlanner.plan(entries, photosPerDay: photosPerDay)
    }
}
