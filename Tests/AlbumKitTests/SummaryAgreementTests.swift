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
}
