import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

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

    /// Issue 22: `0x10` was read as a latitude of 16; decimal degrees only.
    @Test func onlyDecimalDegrees() throws {
        let results = PinsFile.parse("0x10,2\n1e1,2\n10,0x1p3\nnan,2\ninf,2\n+10.5,-.5\n", name: "pins.csv")
        let errors = results.compactMap { result -> String? in
            if case .failure(let error) = result { return error.description }
            return nil
        }
        #expect(errors == [
            "pins.csv:1: latitude '0x10' is not a number",
            "pins.csv:2: latitude '1e1' is not a number",
            "pins.csv:3: longitude '0x1p3' is not a number",
            "pins.csv:4: latitude 'nan' is not a number",
            "pins.csv:5: latitude 'inf' is not a number",
        ])
        let good = results.compactMap { try? $0.get() }
        #expect(good.map(\.coordinate.latitude) == [10.5] && good.map(\.coordinate.longitude) == [-0.5])
    }

    @Test func quotesInTitles() {
        #expect(PinsFile.splitCSV(#"1,2,"say ""hi"", then go""#) == ["1", "2", #"say "hi", then go"#])
        #expect(PinsFile.splitCSV("1,2,") == ["1", "2", ""])
    }
}

/// Issue 10, item 5: pins files as people save them.
@Suite struct PinsFileAsSavedTests {
    static let rows = ["lat,lon,title", "48.8584,2.2945,Eiffel Tower", "-33.8568,151.2153,\"Opera House, Sydney\"", "40.7,-74.0"]

    @Test(arguments: ["\n", "\r\n", "\r"])
    func lineEndsAndAByteOrderMark(end: String) throws {
        let folder = TemporaryFolder("pins")
        for bom in [false, true] {
            let url = folder.child("pins-\(bom).csv")
            try (Data(bom ? [0xEF, 0xBB, 0xBF] : []) + Data((Self.rows.joined(separator: end) + end).utf8)).write(to: url)
            let results = try PinsFile.read(url)
            let good = results.compactMap { try? $0.get() }
            #expect(results.count == 3 && good.count == 3, "\(results)")
            #expect(good.map(\.line) == [2, 3, 4])
            #expect(good[1].title == "Opera House, Sydney")
            #expect(good[0].title == "Eiffel Tower", "no stray CR in the title")
        }
    }

    @Test func utf16WithItsMark() throws {
        let folder = TemporaryFolder("pins")
        let url = folder.child("pins.csv")
        try (Self.rows.joined(separator: "\r\n")).data(using: .utf16)!.write(to: url)
        #expect(try PinsFile.read(url).compactMap { try? $0.get() }.count == 3)
    }

    @Test(arguments: [("", "it is empty"), ("\u{FEFF}\r\n\r\n", "it is empty"), ("lat,lon,title\r\n", "only a header"),
                      ("Latitude;Longitude\n# nothing yet\n", "only a header")])
    func aFileWithNoPinsIsAnError(text: String, says: String) throws {
        let folder = TemporaryFolder("pins")
        let url = folder.child("pins.csv")
        try Data(text.utf8).write(to: url)
        #expect {
            _ = try PinsFile.read(url)
        } throws: { error in
            "\(error)".contains("has no pins (\(says)") && "\(error)".contains(url.path)
        }
    }
}
