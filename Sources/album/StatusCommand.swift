import AlbumKit
import AlbumModel
import ArgumentParser

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Photo counts per state, per pin, and what is left to download.",
        discussion: "States are those of `--json`: placeholder, downloading, downloaded, failed; "
            + "photos imported from your own files are counted as imported, not downloaded.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let status = try await global.withLibrary(.reading) { try await $0.status() }
        if global.json { return try Output.json(StatusJSON(status: status)) }
        let c = status.photos
        Output.line("\(Output.count(status.pins, "pin")), \(Output.count(c.total, "photo")): "
            + "\(c.downloaded - c.imported) downloaded, \(c.imported) imported, \(c.failed) failed, "
            + "\(c.placeholder) placeholder, \(c.downloading) downloading")
        for (pin, counts) in status.perPin {
            Output.line("  pin \(pin.id)  \(Self.summary(counts))")
        }
        if c.remaining > 0 {
            Output.line("\(Output.count(c.remaining, "photo")) left: run `album resume` to download \(c.remaining == 1 ? "it" : "them")")
        }
        if !status.pinsNotSearched.isEmpty {
            let n = status.pinsNotSearched.count
            Output.line("\(Output.count(n, "pin")) not searched yet (\(status.pinsNotSearched.map { "pin \($0)" }.joined(separator: ", "))): "
                + "run `album resume` to search and download")
        }
    }

    /// `4 photos: 3 downloaded, 1 failed`, naming only the states a pin has; `no photos`.
    static func summary(_ c: StateCounts) -> String {
        guard c.total > 0 else { return "no photos" }
        let parts = [
            (c.downloaded - c.imported, "downloaded"), (c.imported, "imported"), (c.failed, "failed"),
            (c.placeholder, "placeholder"), (c.downloading, "downloading"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "\(Output.count(c.total, "photo")): \(parts.joined(separator: ", "))"
    }
}

/// `{pins, photos: {placeholder, downloading, downloaded, failed, imported}, remaining, perPin: [...], pinsNotSearched: [pin id]}`;
/// `imported` counts the downloaded photos that came from the user's own files.
struct StatusJSON: Encodable {
    let status: LibraryStatus

    struct Counts: Encodable {
        let placeholder, downloading, downloaded, failed, imported: Int
        init(_ c: StateCounts) {
            (placeholder, downloading, downloaded, failed, imported) = (c.placeholder, c.downloading, c.downloaded, c.failed, c.imported)
        }
    }
    struct PinCounts: Encodable {
        let pinId: Int64
        let photos: Counts
    }
    enum Key: String, CodingKey { case pins, photos, remaining, perPin, pinsNotSearched }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(status.pins, forKey: .pins)
        try c.encode(Counts(status.photos), forKey: .photos)
        try c.encode(status.photos.remaining, forKey: .remaining)
        try c.encode(status.perPin.map { PinCounts(pinId: $0.pin.id, photos: Counts($0.counts)) }, forKey: .perPin)
        try c.encode(status.pinsNotSearched, forKey: .pinsNotSearched)
    }
}
