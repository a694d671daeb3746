import AlbumKit
import AlbumModel
import ArgumentParser

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Photo counts per state, per pin, and what is left to download.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let status = try global.openForReading().status()
        if global.json { return try Output.json(StatusJSON(status: status)) }
        let c = status.photos
        Output.line("\(status.pins) pins, \(c.total) photos: \(c.downloaded) downloaded, \(c.failed) failed, "
            + "\(c.placeholder) waiting, \(c.downloading) downloading")
        for (pin, counts) in status.perPin {
            Output.line("  pin \(pin.id)  \(counts.downloaded)/\(counts.total) downloaded, \(counts.failed) failed"
                + (counts.remaining > 0 ? ", \(counts.remaining) left" : ""))
        }
        if c.remaining > 0 { Output.line("\(c.remaining) photos left: run `album resume` to download them") }
        if !status.pinsNotSearched.isEmpty {
            let n = status.pinsNotSearched.count
            Output.line("\(n) pin\(n == 1 ? "" : "s") not searched yet (\(status.pinsNotSearched.map { "pin \($0)" }.joined(separator: ", "))): "
                + "run `album resume` to search and download")
        }
    }
}

/// `{pins, photos: {placeholder, downloading, downloaded, failed}, remaining, perPin: [...], pinsNotSearched: [pin id]}`.
struct StatusJSON: Encodable {
    let status: LibraryStatus

    struct Counts: Encodable {
        let placeholder, downloading, downloaded, failed: Int
        init(_ c: StateCounts) {
            (placeholder, downloading, downloaded, failed) = (c.placeholder, c.downloading, c.downloaded, c.failed)
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
