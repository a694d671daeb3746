import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album dupes`: the same picture more than once — re-encoded, resized, HEIC and JPEG of one
/// shot, EXIF stripped, slightly cropped — by perceptual hash (issue 29, decision 0100).
struct DupesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dupes",
        abstract: "List photos that are the same picture, with the one to keep; --keep-best removes the others.",
        discussion: """
            Photos are compared by a 64-bit perceptual hash of their thumbnail (made now for photos \
            that have none). Photos at most --threshold bits apart (default \(Lookalikes.defaultThreshold)) are then \
            checked again: taken a second or more apart (EXIF), they are two shots of a burst, not \
            one picture; with a time unknown, their thumbnails are aligned and compared, and a \
            change where something moved makes them two shots. --bursts skips this check. The \
            suggested keeper has the most pixels, then a GPS position, then EXIF, then the most \
            bytes, then was stored first. --keep-best removes the others as `album photo rm` \
            does: remembered, a new collection or import never brings them back.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: Vocabulary.onlyPin) var pin: Int64?
    @Option(help: ArgumentHelp("Bits of 64 that may differ (0-32).", valueName: "N"))
    var threshold: Int = Lookalikes.defaultThreshold
    @Flag(name: .customLong("keep-best"), help: "Remove every photo of a group but its keeper.")
    var keepBest = false
    @Flag(help: "Group shots of a burst too: photos near in hash, whatever their times and pixels say.")
    var bursts = false

    func validate() throws {
        guard Lookalikes.thresholds.contains(threshold) else { throw ValidationError("--threshold \(threshold) must be 0-32") }
    }

    func run() async throws {
        let (groups, removed) = try await global.withLibrary(keepBest ? .writing : .reading) { [pin, threshold, keepBest, bursts] library in
            let groups = try await library.lookalikeGroups(pinId: pin, threshold: threshold, bursts: bursts)
            var removed: [Int64] = []
            if keepBest {
                for group in groups {
                    for other in group.others {
                        _ = try await library.removePhoto(id: other.photo.id)
                        removed.append(other.photo.id)
                    }
                }
            }
            return (groups, removed)
        }
        if global.json { return try Output.json(DupesJSON(groups: groups, threshold: threshold, removed: removed)) }
        if groups.isEmpty { return Output.line("no photos are the same picture (threshold \(threshold) bits of 64)") }
        let photos = groups.reduce(0) { $0 + $1.others.count + 1 }
        Output.line("\(Output.count(groups.count, "group")) of the same picture, \(Output.count(photos, "photo")) (threshold \(threshold) bits of 64)")
        for group in groups {
            Output.line("  keep photo \(group.keeper.id)  \(Self.place(group.keeper))  \(Lookalikes.facts(group.keeper))")
            for other in group.others {
                let verb = keepBest ? "removed" : "same as"
                Output.line("    \(verb) photo \(other.photo.id)  \(Self.place(other.photo))  \(Lookalikes.facts(other.photo))  (\(other.distance) bits apart)")
            }
        }
        if keepBest { Output.line("removed \(Output.count(removed.count, "photo")); a new collection or import never brings them back") }
    }

    static func place(_ photo: Photo) -> String {
        photo.isUnplaced ? "unplaced" : "pin \(photo.pinId)"
    }
}

/// `{threshold, groups: [{keeper, photos: [{id, pinId, distance, width, height, bytes}]}], removed: [id]}`;
/// a group's first photo is its keeper (distance 0).
struct DupesJSON: Encodable {
    let groups: [LookalikeGroup]
    let threshold: Int
    let removed: [Int64]

    struct Member: Encodable {
        let id: Int64
        let pinId: Int64?
        let distance: Int
        let width: Int?
        let height: Int?
        let bytes: Int64?
        let perceptualHash: String?
    }
    struct Group: Encodable {
        let keeper: Int64
        let photos: [Member]
    }

    enum Key: String, CodingKey { case threshold, groups, removed }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(threshold, forKey: .threshold)
        try c.encode(groups.map { group in
            Group(keeper: group.keeper.id, photos: ([(group.keeper, 0)] + group.others.map { ($0.photo, $0.distance) }).map { photo, distance in
                Member(id: photo.id, pinId: photo.isUnplaced ? nil : photo.pinId, distance: distance, width: photo.width,
                       height: photo.height, bytes: photo.bytes, perceptualHash: photo.perceptualHash?.description)
            })
        }, forKey: .groups)
        try c.encode(removed, forKey: .removed)
    }
}
