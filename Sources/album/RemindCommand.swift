import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album remind add|list|rm|done|snooze|deliver-here`.
struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind", abstract: "Reminders at a local time: add, list, remove, mark done, snooze.",
        discussion: """
            Times are wall-clock times in the reminder's zone: --zone when given, else the pin's zone when it \
            has one, else the system's (TZ, else /etc/localtime). A daily 09:00 stays 09:00 across DST changes; \
            a time skipped when clocks spring forward fires at the first minute after the gap; a time that \
            occurs twice fires once. `album due` delivers them.

            A library that syncs (`album sync`) shares its reminders; each is delivered by one library: the one \
            that made it, until `album remind deliver-here ID` moves it to this one. Done wins over a snooze.
            """,
        subcommands: [Add.self, List.self, Remove.self, Done.self, Snooze.self, DeliverHere.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a reminder about a pin or with a text.",
            usage: """
                album remind add (<pin> | --text <text>) (--at "YYYY-MM-DD HH:MM" | --in <duration> | --daily HH:MM | --weekly DAY HH:MM)
                                 [--zone Area/City] [--allow-past] \(GlobalOptions.usage)
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The pin the reminder is about.") var pin: Int64?
        @Option(help: "What to be reminded of.") var text: String?
        @Option(help: ArgumentHelp("Once, at this local time.", valueName: "YYYY-MM-DD HH:MM")) var at: String?
        @Option(name: .customLong("in"), help: ArgumentHelp("Once, this long from now (10m, 2h, 1h30m, 3d).", valueName: "duration"))
        var after: String?
        @Option(help: ArgumentHelp("Every day at this local time.", valueName: "HH:MM")) var daily: String?
        @Option(parsing: .upToNextOption, help: ArgumentHelp("Every week on DAY at this local time.", valueName: "DAY HH:MM"))
        var weekly: [String] = []
        @Option(help: ArgumentHelp("The IANA time zone of the times.", valueName: "Area/City")) var zone: String?
        @Flag(name: .customLong("allow-past"), help: "Store an --at time that has already passed (it is due at once).")
        var allowPast = false

        func validate() throws {
            _ = try timing()
            if pin == nil && text == nil { throw ValidationError("give a PIN or --text") }
            if let zone { _ = try validation { () throws(AlbumError) in try TimeZone.iana(zone) } }
        }

        func timing() throws -> ReminderTiming {
            let given = [at != nil, after != nil, daily != nil, !weekly.isEmpty].filter { $0 }.count
            guard given == 1 else { throw ValidationError("give exactly one of --at, --in, --daily, --weekly") }
            return try validation { () throws(AlbumError) -> ReminderTiming in
                if let at { return .at(try LocalDateTime(parsing: at)) }
                if let after { return .after(try DurationText.seconds(after, option: "--in")) }
                if let daily { return .daily(try LocalTime(parsing: daily)) }
                let parts = weekly.flatMap { $0.split(separator: " ").map(String.init) }
                guard parts.count == 2 else { throw .invalidInput("--weekly \"\(weekly.joined(separator: " "))\" is not DAY HH:MM") }
                return .weekly(try Weekday(parsing: parts[0]), try LocalTime(parsing: parts[1]))
            }
        }

        func run() async throws {
            let now = try CommandClock.now()
            let request = ReminderRequest(pinId: pin, text: text, timing: try timing(), zone: zone, allowPast: allowPast)
            let reminder = try await global.withLibrary(.writing) {
                try await $0.addReminder(request, now: now, systemZone: CommandClock.systemZone)
            }
            try global.json ? Output.json(ReminderJSON(reminder: reminder)) : Output.line(ReminderJSON.text(reminder, now: now))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List reminders, next due first.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let reminders = try await global.withLibrary(.reading) { try await $0.reminders() }
            if global.json { return try Output.json(reminders.map(ReminderJSON.init)) }
            if reminders.isEmpty { Output.line("no reminders") }
            let now = try CommandClock.now()
            reminders.forEach { Output.line(ReminderJSON.text($0, now: now)) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a reminder.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.reminderId) var id: Int64

        func run() async throws {
            let reminder = try await global.withLibrary(.writing) { try await $0.removeReminder(id: id) }
            try global.json ? Output.json(ReminderJSON(reminder: reminder)) : Output.line("removed reminder \(reminder.id)")
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a reminder done: it never fires again (a repeating one stops).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.reminderId) var id: Int64

        func run() async throws {
            let now = try CommandClock.now()
            let reminder = try await global.withLibrary(.writing) { try await $0.completeReminder(id: id, now: now) }
            try global.json ? Output.json(ReminderJSON(reminder: reminder)) : Output.line(ReminderJSON.text(reminder, now: now))
        }
    }

    struct Snooze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snooze", abstract: "Remind me later: fire again after a while, once (occurrences before then are skipped).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.reminderId) var id: Int64
        @Option(name: .customLong("for"), help: ArgumentHelp("How long (10m, 2h, 1d).", valueName: "duration")) var duration: String

        func validate() throws { _ = try seconds() }

        func seconds() throws -> TimeInterval {
            try validation { () throws(AlbumError) in try DurationText.seconds(duration, option: "--for") }
        }

        func run() async throws {
            let (now, seconds) = (try CommandClock.now(), try seconds())
            let reminder = try await global.withLibrary(.writing) { try await $0.snoozeReminder(id: id, for: seconds, now: now) }
            try global.json ? Output.json(ReminderJSON(reminder: reminder)) : Output.line(ReminderJSON.text(reminder, now: now))
        }
    }
}

extension RemindCommand {
    struct DeliverHere: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deliver-here",
            abstract: "Deliver a synced reminder from this library (`album due` here); the others stop at their next sync.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.reminderId) var id: Int64

        func run() async throws {
            let now = try CommandClock.now()
            let reminder = try await global.withLibrary(.writing) { try await $0.deliverReminderHere(id: id, now: now) }
            try global.json ? Output.json(ReminderJSON(reminder: reminder)) : Output.line(ReminderJSON.text(reminder, now: now))
        }
    }
}

/// Runs a check that throws `AlbumError`, as a usage error (nothing is opened or stored).
func validation<T>(_ body: () throws(AlbumError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw ValidationError(error.description)
    }
}
