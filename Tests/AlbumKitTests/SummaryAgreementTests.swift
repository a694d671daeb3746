import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

/// The month summary and its card say the same thing (issue 31): "8 photos at 1 place" is one
/// place on the card too, and a month at one place has 0 km between places.
@Suite struct SummaryAgreementTests {
    let temporary = TemporaryFolder("summary-agreement")

    @Test func oneTownIsOnePlaceOnTheCardAndNoDistance() async throws {
        let library = try await Library.openForWriting(at: temporary.child("library"))
        // 1 km pins: Paris's eight photos of 2024-06-14 fall into five pins of one town.
        var options = ImportOptions()
        options.radiusKm = 1
        _ = try await library.importFolder(Fixtures.bundle.appendingPathComponent("photos"), options: options)
        let summary = try await library.summary(of: LocalPeriod.month("2024-06"))
        #expect(summary.photos == 8)
        #expect(summary.pins > 1, "the fixture has several pins in Paris")
        #expect(summary.places == 1)
        #expect(summary.distanceKm == 0)
        let card = library.cardContent(summary, candidates: [])
        #expect(card.subtitle.contains("at 1 place"), "\(card.subtitle)")
        let numbers = card.numbers.map { "\($0.value) \($0.label)" }
        #expect(numbers.contains("1 place"), "\(numbers)")
        #expect(numbers.contains("0.0 km between places"), "\(numbers)")
        await library.close()
    }

    /// Issue 26: a month with songs and notes has the music line and the word cloud on its card.
    @Test func aMonthWithSongsAndNotesHasItsMusicLineAndWords() async throws {
        let library = try await Library.openForWriting(at: temporary.child("library-music"))
        func at(_ text: String) throws -> EntryClock.Given { try EntryClock.Given(parsing: text) }
        for (title, artist, day) in [("So What", "Miles Davis", "03"), ("So What", "Miles Davis", "04"), ("Naima", "John Coltrane", "05")] {
            _ = try await library.addEntry(.song(Song(title: title, artist: artist)), at: try at("2026-07-\(day)T09:00+02:00"),
                                           position: nil, now: Date(), systemZone: "UTC")
        }
        for text in ["Ramen again, the best ramen", "Rain all day; ramen for dinner"] {
            _ = try await library.addEntry(.note(text), at: try at("2026-07-02T12:00+02:00"), position: nil, now: Date(), systemZone: "UTC")
        }
        let card = library.cardContent(try await library.summary(of: LocalPeriod.month("2026-07")), candidates: [])
        #expect(card.music == "♪ Miles Davis (2), John Coltrane · top song Miles Davis – So What (2)", "\(card.music ?? "nil")")
        #expect(card.words.first?.word == "ramen" && card.words.first?.count == 3, "\(card.words)")
        #expect(card.hasMemories)
        // A month without songs or notes has neither.
        let june = library.cardContent(try await library.summary(of: LocalPeriod.month("2026-06")), candidates: [])
        #expect(june.music == nil && june.words.isEmpty)
        await library.close()
    }
}
