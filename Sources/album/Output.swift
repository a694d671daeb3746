import AlbumKit
import AlbumModel
import Foundation

/// Prints either human text or one JSON document on stdout.
enum Output {
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        // JSONEncoder leaves DEL and the C1 controls raw: escaped as JSON too (TerminalText.json).
        toStdout(Data((TerminalText.json(String(decoding: data, as: UTF8.self)) + "\n").utf8))
    }

    /// Prints `text` with control characters escaped (`TerminalText.lines`); values from outside
    /// that must stay on one line are escaped by the caller with `TerminalText.inline`.
    static func line(_ text: String) {
        toStdout(Data((TerminalText.lines(text) + "\n").utf8))
    }

    /// `album: error: …` on stderr, on one line whatever the message holds.
    static func error(_ message: String) {
        toStderr(Data("album: error: \(TerminalText.inline(message))\n".utf8))
    }

    /// Writes all of `data` on stdout (every command's output goes through here, not through
    /// `FileHandle`, which traps on a write error). A reader that went away (`album find … | head`)
    /// ends the process as SIGPIPE ends other tools: status 141, no message (album ignores SIGPIPE
    /// for its sockets and the commands it runs). Any other failure (a full disk under `>`) is one
    /// line on stderr and status 1. What a command stored before is kept either way.
    static func toStdout(_ data: Data) {
        guard let failure = writeAll(data, to: STDOUT_FILENO) else { return }
        if failure == EPIPE { exit(141) }
        toStderr(Data("album: error: cannot write standard output: \(String(cString: strerror(failure)))\n".utf8))
        exit(1)
    }

    /// Writes all of `data` on stderr; a stderr that cannot be written drops it.
    static func toStderr(_ data: Data) {
        _ = writeAll(data, to: STDERR_FILENO)
    }

    /// - Returns: nil when every byte was written, else the `errno` of the failed write.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = Errno.retryingInterrupts { write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
                if written < 0 { return errno }
                offset += written
            }
            return nil
        }
    }

    /// `1 photo`, `3 photos`, `0 photos`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// `place: Nairobi, Nairobi Area, Kenya (1.2 km)`, or `place: none within 100 km`.
    static func placeText(_ place: Place?) -> String {
        guard let place else { return "place: none within 100 km" }
        return "place: \(TerminalText.inline(place.label)) (\(String(format: "%.1f", place.distanceKm)) km)"
    }

    /// `48.858400, 2.294500`
    static func degrees(_ c: Coordinate) -> String {
        String(format: "%.6f, %.6f", c.latitude, c.longitude)
    }
}

/// The human text of a pin (its JSON is AlbumKit's `PinJSON`).
extension PinJSON {
    /// The first line of `text`: `pin 1  -33.856784, 151.215297  Sydney  (4 photos)`.
    static func heading(_ pin: Pin) -> String {
        text(pin).split(separator: "\n").first.map(String.init) ?? ""
    }

    static func text(_ pin: Pin) -> String {
        var line = headline(pin)
        if let place = placeLine(pin) { line += "\n  \(place)" }
        if let note = pin.note { line += "\n  note: \(TerminalText.inline(note))" }
        return line
    }

    /// `pin 1  -1.286389, 36.817223  Nairobi  (30 photos)`
    static func headline(_ pin: Pin) -> String {
        var line = "pin \(pin.id)  \(Output.degrees(pin.coordinate))"
        if let title = pin.title { line += "  \(TerminalText.inline(title))" }
        return line + "  (\(Output.count(pin.photoCount, "photo")))"
    }

    /// `place: Nairobi, Nairobi Area, Kenya (1.2 km)  time zone: Africa/Nairobi`; nil before naming.
    static func placeLine(_ pin: Pin) -> String? {
        guard let zone = pin.timeZone else { return nil }
        return "\(Output.placeText(pin.place))  time zone: \(zone)"
    }
}
