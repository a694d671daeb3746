import AlbumKit
import AlbumModel
import ArgumentParser

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Tag photos, pins and entries.", subcommands: [Add.self, Remove.self])

    /// `photo:ID`, `pin:ID`, `entry:ID` (a note, song, sound or check-in), or `--day`: what the tags go on.
    struct Target: ParsableArguments {
        @Option(help: ArgumentHelp("Every photo and entry of this local day (instead of a TARGET).", valueName: "YYYY-MM-DD"))
        var day: String?
        @Argument(help: ArgumentHelp("photo:ID, pin:ID or entry:ID (unless --day), then the tags.", valueName: "target-and-tags"))
        var words: [String] = []

        func resolve() throws -> (TagTarget?, entry: Int64?, [TagName]) {
            var words = self.words
            var target: TagTarget?
            var entry: Int64?
            if let day {
                target = .day(try LocalPeriod.day(day, option: "--day"))
            } else {
                guard !words.isEmpty else { throw ValidationError("name a target (photo:ID, pin:ID or entry:ID, or --day DATE) and tags") }
                let text = words.removeFirst()
                let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, let id = Int64(parts[1]), id > 0, ["photo", "pin", "entry"].contains(parts[0]) else {
                    throw ValidationError("target '\(text)' is not photo:ID, pin:ID or entry:ID")
                }
                switch parts[0] {
                case "photo": target = .photo(id)
                case "pin": target = .pin(id)
                default: entry = id
                }
            }
            guard !words.isEmpty else { throw ValidationError("no tag given") }
            return (target, entry, try words.map { text throws(AlbumError) in try TagName(text) })
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add tags to a photo, a pin, an entry or a day.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: Target

        func run() async throws {
            let (target, entry, tags) = try target.resolve()
            let change = try await global.withLibrary(global.changingAccess()) { library in
                if let entry { return try await library.addTags(tags, toEntry: entry) }
                return try await library.addTags(tags, to: target ?? .photo(0))
            }
            try TagCommand.print(change, tags: tags, verb: "tagged", json: global.json)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove tags from a photo, a pin, an entry or a day.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: Target

        func run() async throws {
            let (target, entry, tags) = try target.resolve()
            let change = try await global.withLibrary(global.changingAccess()) { library in
                if let entry { return try await library.removeTags(tags, fromEntry: entry) }
                return try await library.removeTags(tags, from: target ?? .photo(0))
            }
            try TagCommand.print(change, tags: tags, verb: "untagged", json: global.json)
        }
    }

    static func print(_ change: TagChange, tags: [TagName], verb: String, json: Bool) throws {
        struct ChangeJSON: Encodable { let tags: [TagName]; let targets: Int; let changed: Int }
        if json { return try Output.json(ChangeJSON(tags: tags, targets: change.targets, changed: change.changed)) }
        let names = tags.map { "\"\($0)\"" }.joined(separator: ", ")
        Output.line("\(verb) \(change.targets) target\(change.targets == 1 ? "" : "s") with \(names) (\(change.changed) change\(change.changed == 1 ? "" : "s"))")
    }
}

struct TagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tags", abstract: "Every tag with its count, most used first.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let usage = try await global.withLibrary(.reading) { try await $0.tags() }
        if global.json { return try Output.json(usage) }
        if usage.isEmpty { return Output.line("no tags") }
        for tag in usage {
            let pins = tag.pins > 0 ? ", \(tag.pins) pin\(tag.pins == 1 ? "" : "s")" : ""
            let entries = tag.entries > 0 ? ", \(tag.entries) entr\(tag.entries == 1 ? "y" : "ies")" : ""
            Output.line("\(tag.tag)  \(tag.photos) photo\(tag.photos == 1 ? "" : "s")\(pins)\(entries)")
        }
    }
}
