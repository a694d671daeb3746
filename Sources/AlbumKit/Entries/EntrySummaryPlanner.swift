import AlbumModel
import AlbumSeam
import Foundation

/// The entries part of a summary, as a plan of plain values (issue 26): counts per kind, voice
/// minutes, top artists and songs, the notes' words, and the most active days with the photos'
/// counts per day. The store counts every entry of the period (`EntryPeriodFacts`), the word
/// cloud's words too (`EntryWords`, rolled up per year and month as they are written).
public enum EntrySummaryPlanner {
    /// Words in a period's word cloud: its most used, counted exactly (`EntryWords`, kept per year
    /// and month by the store, decision 0134-entries).
    public static let cloudWords = 30

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
        summary.words = facts.words
        let perDay = photosPerDay.merging(facts.days, uniquingKeysWith: +)
        summary.activeDays = perDay.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
            .map { DayCount(date: $0.key, photos: $0.value) }
        return summary
    }
}

extension Library {
    /// The entries part of a period's summary: every entry counted, the word cloud's
    /// `EntrySummaryPlanner.cloudWords` words too.
    func entrySummary(from: LocalDate, to: LocalDate, photosPerDay: [LocalDate: Int]) async throws(AlbumError) -> EntrySummary {
        let facts = try await store.entryPeriodFacts(from: from, to: to, words: EntrySummaryPlanner.cloudWords)
        return EntrySummaryPlanner.plan(facts, photosPerDay: photosPerDay)
    }
}
