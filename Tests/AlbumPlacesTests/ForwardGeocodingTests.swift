import AlbumModel
import Foundation
import Testing

@testable import AlbumPlaces

@Suite struct ForwardGeocodingTests {
    let index = DebianPlaces.index

    @Test(arguments: [
        ("Kyoto", "Kyoto", "JP"),
        ("kyoto", "Kyoto", "JP"),
        ("Nairobi", "Nairobi", "KE"),
        ("Zurich", "Zürich", "CH"),
        ("ZÜRICH", "Zürich", "CH"),
        ("Sao Paulo", "São Paulo", "BR"),
        ("São Paulo", "São Paulo", "BR"),
        ("Peking", "Beijing", "CN"),  // an ASCII alternate name
        ("Paris, FR", "Paris", "FR"),
        ("Paris, France", "Paris", "FR"),
        ("Paris, US", "Paris", "US"),
    ])
    func resolvesNames(_ query: String, _ name: String, _ countryCode: String) throws {
        let matches = try index.resolve(query)
        #expect(matches.best.name == name)
        #expect(matches.best.countryCode == countryCode)
    }

    @Test func ambiguityIsResolvedByPopulationAndReported() throws {
        let paris = try index.resolve("Paris")
        #expect(paris.best.countryCode == "FR")
        #expect(paris.isAmbiguous)
        #expect(paris.candidates.contains { $0.countryCode == "US" })
        let populations = paris.candidates.map(\.population)
        #expect(populations == populations.sorted(by: >))
    }

    @Test func aRegionCodeOrNamePicksTheSpringfield() throws {
        let illinois = try index.resolve("Springfield, US-IL")
        #expect(illinois.best.region == "Illinois")
        #expect(illinois.total == 1)
        #expect(abs(illinois.best.coordinate.latitude - 39.80) < 0.1)
        let byName = try index.resolve("springfield, illinois")
        #expect(byName.best.coordinate == illinois.best.coordinate)
        let any = try index.resolve("Springfield")
        #expect(any.total > 3)
        #expect(any.candidates.contains { $0.regionCode == "IL" })
    }

    @Test func anUnknownNameSuggestsSpellings() throws {
        #expect {
            try index.resolve("Kyotoo")
        } throws: { error in
            "\(error)".contains("no place named 'Kyotoo'") && "\(error)".contains("closest: Kyoto")
        }
        #expect {
            try index.resolve("Nairobi, FR")
        } throws: { error in
            "\(error)".contains("in 'FR'")
        }
        #expect(throws: AlbumError.self) { try index.resolve(" , ") }
    }

    @Test func foldingIgnoresCaseAccentsAndPunctuation() {
        #expect(PlaceIndex.fold("Zürich") == "zurich")
        #expect(PlaceIndex.fold("  St. John's ") == "st john s")
        #expect(PlaceIndex.fold("ÅLESUND") == "alesund")
    }

    /// ASCII text folds without Foundation; the result is what Foundation's folding gives, for
    /// every ASCII name and alternate of the data and for every ASCII character.
    @Test func asciiFoldingIsFoundationsFolding() {
        func foundation(_ text: String) -> String {
            let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            return plain.unicodeScalars.split { !CharacterSet.alphanumerics.contains($0) }
                .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
        }
        let every = String(String.UnicodeScalarView((1...127).compactMap(Unicode.Scalar.init)))
        var texts = [every, "  St. John's ", "A-B_C", "x@y`z{w}", "Zurich 1"]
        for i in stride(from: 0, to: index.data.count, by: 7) {
            texts.append(index.data.asciiNames[i])
            texts += index.data.alternates[i].split(separator: ",").prefix(3).map(String.init)
        }
        var compared = 0
        for text in texts {
            guard let ascii = PlaceIndex.foldASCII(text) else { continue }
            compared += 1
            #expect(ascii == foundation(text), "\(text)")
        }
        #expect(compared > 5000)
        #expect(PlaceIndex.foldASCII("Zürich") == nil)
    }
}
