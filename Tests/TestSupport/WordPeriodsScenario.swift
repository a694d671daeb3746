import AlbumModel
import AlbumSeam
import Foundation

/// The word cloud's roll-up `word_periods` (decision 0134-entries) on either store: entries of
/// every kind added, edited (text and day), removed, added again by client id (as sync does) and
/// a clip's transcript written, each through the store's own methods; after each step the test
/// compares the stored rows with `expected`, the words counted in Swift from every entry's text.
public enum WordPeriodsScenario {
    static let texts = [
        "Harbour walk by the sea", "the harbour's lights, HARBOUR café", "see [harbour](http://x.y/castle) castle]",
        "Fjord fjord FJORD", "ok", "sea sea  sea harbour", "Café crème à la mer, l’été", "rock'n'roll 'quoted' don't",
    ]
    static let days = ["2023-12-31", "2024-01-01", "2024-01-31", "2024-02-01", "2024-06-15", "2025-01-01"]

    /// Runs the steps on `store`, calling `check` with the step's name after each.
    public static func run(_ store: some EntryStore & VoiceStore, check: (String) async throws -> Void) async throws {
        var ids: [Int64] = []
        var clips: [Int64] = []
        for i in 0..<48 {
            let text = texts[(i * 5) % texts.count]
            let content: EntryContent
            switch i % 4 {
            case 0: content = .note(text)
            case 1: content = .place(note: i % 8 == 1 ? nil : text)
            case 2: content = .song(Song(title: "harbour song \(i % 3)", artist: "Sea"))
            default:
                content = .audio(AudioClip(durationMs: 1_000, codec: "aac", waveform: [1, 2], file: "audio/\(i).m4a",
                                           contentHash: "hash\(i)", bytes: 10, mediaType: "audio/mp4"), title: "harbour", artist: nil)
            }
            let added = try await store.addEntry(NewEntry(content: content, at: try time(days[(i * 7) % days.count], i),
                                                          coordinate: try Coordinate(latitude: 1, longitude: 2)))
            ids.append(added.entry.id)
            if i % 4 == 3 { clips.append(added.entry.id) }
        }
        try await check("adds")
        for (n, id) in ids.enumerated() where n % 4 < 2 && n % 3 == 0 {
            _ = try await store.editEntry(id: id, EntryEdit(text: texts[(n + 3) % texts.count]))
        }
        try await check("text edits")
        for (n, id) in ids.enumerated() where n % 5 == 0 {
            _ = try await store.editEntry(id: id, EntryEdit(at: try time(days[(n + 2) % days.count], n)))
        }
        try await check("moves")
        for (n, id) in ids.enumerated() where n % 7 == 2 || n % 7 == 4 { _ = try await store.removeEntry(id: id) }
        try await check("removals")
        // Sync adds by client id: the second add of the same id stores nothing.
        for _ in 0..<2 {
            _ = try await store.addEntry(NewEntry(content: .note("synced harbour fjord"), at: try time("2024-06-15", 1), clientId: "client-1"))
        }
        try await check("sync adds")
        for id in clips.prefix(2) {
            _ = try await store.editTranscript(entryId: id, text: "harbour harbour fjord", mood: Mood(label: .neutral, score: 0, source: .user), now: .init())
        }
        try await check("transcripts")
    }

    static func time(_ day: String, _ n: Int) throws -> PhotoTime {
        guard let time = PhotoTime(parsing: "\(day)T\(10 + n % 10):00:00") else { throw AlbumError.invalidInput("bad time \(day)") }
        return time
    }

    /// What `word_periods` should hold, as "period|word|uses" in order: the words of every note's
    /// and check-in's text (`EntryWords`) per year and month.
    public static func expected(_ store: some EntryStore) async throws -> [String] {
        var uses: [String: Int] = [:]
        for entry in try await store.entries(EntryFilter(), offset: 0, limit: 100_000).entries {
            let text: String?
            switch entry.content {
            case .note(let note): text = note
            case .place(let note): text = note
            default: text = nil
            }
            guard let text else { continue }
            var words: [String: Int] = [:]
            EntryWords.count(words: text, into: &words)
            let day = entry.at.date.description
            for (word, n) in words {
                for period in [String(day.prefix(4)), String(day.prefix(7))] { uses["\(period)|\(word)", default: 0] += n }
            }
        }
        return uses.map { "\($0.key)|\($0.value)" }.sorted()
    }
}
