import AlbumModel
import Testing

@testable import AlbumKit

@Suite struct PinsFileTests {
    @Test func goodAndBadLinesWithLineNumbers() throws {
        let text = """
            lat,lon,title
            48.8584,2.2945,Eiffel Tower

            # a comment
            -33.8568, 151.2153 ,"Opera House, Sydney"
            91,0,too far north
            abc,1
            40.7,-74.0
            1,2,3,4
            """
        let results = PinsFile.parse(text, name: "pins.csv")
        #expect(results.count == 6)
        let good = results.compactMap { try? $0.get() }
        #expect(good.map(\.line) == [2, 5, 8])
        #expect(good[1].title == "Opera House, Sydney")
        #expect(good[1].coordinate.longitude == 151.2153)
        #expect(good[2].title == nil)
        let errors = results.compactMap { result -> String? in
            if case .failure(let error) = result { return error.description }
            return nil
        }
        #expect(errors == [
            "pins.csv:6: latitude 91.0 is outside [-90, 90]",
            "pins.csv:7: latitude 'abc' is not a number",
            "pins.csv:9: expected lat,lon[,title], found 4 fields",
        ])
    }

    @Test func quotesInTitles() {
        #expect(PinsFile.splitCSV(#"1,2,"say ""hi"", then go""#) == ["1", "2", #"say "hi", then go"#])
        #expect(PinsFile.splitCSV("1,2,") == ["1", "2", ""])
    }
}
