import AlbumModel
import Foundation

/// Prints either human text or one JSON document on stdout.
enum Output {
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        // JSONEncoder leaves DEL and the C1 controls raw: escaped as JSON too (TerminalText.json).
        FileHandle.standardOutput.write(Data((TerminalText.json(String(decoding: data, as: UTF8.self)) + "\n").utf8))
    }

    /// Prints `text` with control characters escaped (`TerminalText.lines`); values from outside
    /// that must stay on one line are escaped by the caller with `TerminalText.inline`.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((TerminalText.lines(text) + "\n").utf8))
    }

    /// `album: error: …` on stderr, on one line whatever the message holds.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("album: error: \(TerminalText.inline(message))\n".utf8))
    }

    /// `1 photo`, `3 photos`, `0 photos`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// `48.858400, 2.294500`
    static func degrees(_ c: Coordinate) -> String {
        String(format: "%.6f, %.6f", c.latitude, c.longitude)
    }
}

/// A pin as PRODUCT.md's JSON section has it: `{id, latitude, longitude, title, note, photoCount}`.
struct PinJSON: Encodable {
    let pin: Pin
    enum Key: String, CodingKey { case id, latitude, longitude, title, note, photoCount }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(pin.id, forKey: .id)
        try c.encode(pin.coordinate.latitude, forKey: .latitude)
        try c.encode(pin.coordinate.longitude, forKey: .longitude)
        try c.encode(pin.title, forKey: .title)
        try c.encode(pin.note, forKey: .note)
        try c.encode(pin.photoCount, forKey: .photoCount)
    }

    /// The first line of `text`: `pin 1  -33.856784, 151.215297  Sydney  (4 photos)`.
    static func heading(_ pin: Pin) -> String {
        text(pin).split(separator: "\n").first.map(String.init) ?? ""
    }

    static func text(_ pin: Pin) -> String {
        var line = "pin \(pin.id)  \(Output.degrees(pin.coordinate))"
        if let title = pin.title { line += "  \(TerminalText.inline(title))" }
        line += "  (\(Output.count(pin.photoCount, "photo")))"
        if let note = pin.note { line += "\n  note: \(TerminalText.inline(note))" }
        return line
    }
}

/// The region: `{latitude, longitude, spanLatitude, spanLongitude}`.
struct RegionJSON: Encodable {
    let region: Region
    enum Key: String, CodingKey { case latitude, longitude, spanLatitude, spanLongitude }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(region.center.latitude, forKey: .latitude)
        try c.encode(region.center.longitude, forKey: .longitude)
        try c.encode(region.spanLatitude, forKey: .spanLatitude)
        try c.encode(region.spanLongitude, forKey: .spanLongitude)
    }
}
