import AlbumCore
import AlbumModel
import Testing

/// The collage covers the period: its first tiles come from every day and place before a second
/// photo of any of them.
@Suite struct CollagePlannerTests {
    static func entry(_ id: Int64, day: String, pin: Int64) -> PhotoEntry {
        PhotoEntry(
            id: id, pinId: pin, title: nil, state: "downloaded", takenAt: "\(day)T10:00:00", localDate: LocalDate(day),
            place: nil, latitude: nil, longitude: nil, thumbnail: "t", source: "import")
    }

    @Test func fewGroupsAreTakenInTurnsNotFirstComeFirst() {
        // Four (day, pin) groups of eight photos, in time order.
        var candidates: [PhotoEntry] = []
        for (g, day) in ["2024-02-10", "2024-06-14", "2024-07-03", "2024-09-21"].enumerated() {
            for i in 0..<8 { candidates.append(Self.entry(Int64(g * 8 + i), day: day, pin: Int64(g + 1))) }
        }
        let chosen = CollagePlanner.choose(candidates, count: 24)
        #expect(chosen.count == 24)
        #expect(Set(chosen.prefix(4).map(\.pinId)) == [1, 2, 3, 4], "the first four cover every group")
        #expect(Set(chosen.prefix(12).map(\.pinId)).count == 4)
        #expect(chosen.prefix(12).filter { $0.pinId == 1 }.count == 3)
    }

    @Test func manyGroupsAreSampledEvenlyOverThePeriod() {
        let candidates = (0..<300).map { Self.entry(Int64($0), day: LocalDate.on(2024, 1, 1)!.adding(days: $0).description, pin: 1) }
        let chosen = CollagePlanner.choose(candidates, count: 12)
        #expect(chosen.count == 12)
        #expect(chosen.first?.id == 0 && chosen.last?.id == 275)
        #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $1.id - $0.id == 25 })
        #expect(CollagePlanner.inTimeOrder(chosen.reversed()).map(\.id) == chosen.map(\.id))
    }
}
