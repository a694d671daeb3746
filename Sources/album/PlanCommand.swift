import AlbumKit
import AlbumModel
import ArgumentParser

/// `album plan PIN [--on DATE | --from D --to D | --no-dates] [--note TEXT] [--visited | --not-visited]`,
/// `album plan rm PIN`.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Plan a visit to a pin (dates, a note), mark it visited, or remove the plan.",
        subcommands: [Set.self, Remove.self], defaultSubcommand: Set.self)

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Plan a visit to a pin, or change its plan.",
            discussion: """
                Dates are the pin's local days (YYYY-MM-DD). A planned pin becomes visited when you say so \
                (--visited) or when `album import` brings photos taken there within its dates; --not-visited takes \
                that back. --no-dates keeps the plan without dates.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.pinId) var pin: Int64
        @Option(help: ArgumentHelp("The day of the visit.", valueName: "YYYY-MM-DD")) var on: String?
        @Option(help: ArgumentHelp("The first day of the visit (with --to).", valueName: "YYYY-MM-DD")) var from: String?
        @Option(help: ArgumentHelp("The last day of the visit (with --from).", valueName: "YYYY-MM-DD")) var to: String?
        @Option(help: "A note about the visit.") var note: String?
        @Flag(help: "Mark the pin visited.") var visited = false
        @Flag(name: .customLong("no-dates"), help: "Take the plan's dates off (it stays, undated).") var noDates = false
        @Flag(name: .customLong("not-visited"), help: "Take the visited mark off.") var notVisited = false

        func validate() throws {
            if noDates, on != nil || from != nil || to != nil { throw ValidationError("--no-dates cannot be combined with --on/--from/--to") }
            if notVisited, visited { throw ValidationError("--visited and --not-visited contradict each other") }
            _ = try dates()
        }

        func dates() throws -> (LocalDate, LocalDate)? {
            do {
                switch (on, from, to) {
                case (nil, nil, nil): return nil
                case (let day?, nil, nil):
                    let date = try LocalDate(parsing: day)
                    return (date, date)
                case (nil, let f?, let t?):
                    let (a, b) = (try LocalDate(parsing: f), try LocalDate(parsing: t))
                    guard a <= b else { throw ValidationError("--to \(t) is before --from \(f)") }
                    return (a, b)
                case (_?, _, _): throw ValidationError("--on cannot be combined with --from/--to")
                default: throw ValidationError("--from and --to go together")
                }
            } catch let error as AlbumError {
                throw ValidationError(error.description)
            }
        }

        func run() async throws {
            let (days, now) = (try dates(), try CommandClock.now())
            let (clearDates, unvisit) = (noDates, notVisited)
            let plan = try await global.withLibrary(.writing) { library in
                let set = try await library.setPlan(pinId: pin, from: days?.0, to: days?.1, note: note, markVisited: visited, now: now)
                guard clearDates || unvisit else { return set }
                return try await library.clearPlan(pinId: pin, dates: clearDates, visited: unvisit, now: now)
            }
            try global.json ? Output.json(PlanJSON(plan: plan)) : Output.line(PlanJSON.text(plan))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a pin's plan (the pin stays).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.pinId) var pin: Int64

        func run() async throws {
            let plan = try await global.withLibrary(.writing) { try await $0.removePlan(pinId: pin) }
            try global.json ? Output.json(PlanJSON(plan: plan)) : Output.line("removed the plan of pin \(plan.pin.id)")
        }
    }
}

/// `album plans [--upcoming]`: the travel book, by date.
struct PlansCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plans", abstract: "List planned and visited pins by date, with how many days away each is.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Only planned visits that are not over yet.") var upcoming = false

    func run() async throws {
        let now = try CommandClock.now()
        let entries = try await global.withLibrary(.reading) {
            try await $0.plans(now: now, upcoming: upcoming, systemZone: CommandClock.systemZone)
        }
        if global.json { return try Output.json(entries.map(PlanJSON.init(entry:))) }
        if entries.isEmpty { Output.line(upcoming ? "no upcoming plans" : "no plans") }
        entries.forEach { Output.line(PlanJSON.text($0)) }
    }
}
