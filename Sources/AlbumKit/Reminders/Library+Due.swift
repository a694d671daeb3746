import AlbumFiles
import AlbumModel
import AlbumSeam
import Foundation

/// How `album due` delivers.
public struct DueOptions: Sendable {
    /// `--exec CMD`: run with `/bin/sh -c`, the reminder in `ALBUM_REMINDER_*` variables and as
    /// JSON on stdin; a non-zero exit keeps the reminder due.
    public var exec: String?
    /// `--notify`: the path of `notify-send` (see `DueOptions.findNotifySend`).
    public var notifySend: String?
    /// A command still running after this long is stopped and counts as failed (a
    /// notification nobody answered in that time counts as shown).
    public var timeoutSeconds: TimeInterval
    /// How long "Remind me later" on a notification snoozes.
    public var snoozeSeconds: TimeInterval = 600
    /// The JSON a command gets on stdin (made by the caller, which owns the JSON format).
    public var payload: @Sendable (DueDelivery) -> Data

    public init(
        exec: String? = nil, notifySend: String? = nil, timeoutSeconds: TimeInterval = 60,
        payload: @escaping @Sendable (DueDelivery) -> Data = { _ in Data() }
    ) {
        self.exec = exec
        self.notifySend = notifySend
        self.timeoutSeconds = timeoutSeconds
        self.payload = payload
    }

    /// Whether a command runs for each reminder (then reminders are held, not marked at once).
    public var runsCommands: Bool { exec != nil || notifySend != nil }

    /// What the delivery log records as the way it went: `stdout`, `exec`, `notify`, `exec+notify`.
    public var via: String {
        [exec.map { _ in "exec" }, notifySend.map { _ in "notify" }].compactMap { $0 }.joined(separator: "+").nonEmpty ?? "stdout"
    }

    /// `notify-send` on `PATH`, or nil.
    public static func findNotifySend(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/notify-send" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// What one `album due` run did.
public struct DueOutcome: Sendable {
    /// Delivered now (and marked so).
    public var delivered: [DueDelivery] = []
    /// Still due: the command failed, with why.
    public var failed: [(delivery: DueDelivery, reason: String)] = []
    /// The notifications answered with an action, and what acting on it did (or why it failed).
    public var answers: [(delivery: DueDelivery, answer: ReminderAnswer, outcome: Result<ReminderAnswerOutcome, AlbumError>)] = []
}

extension Library {
    /// Delivers every reminder due at `now`, each once.
    ///
    /// Without commands, the reminders are found and marked delivered in one transaction and
    /// the caller prints them. With `--exec`/`--notify`, each is held for this process, its
    /// command runs, and it is marked delivered only when the command succeeded; a failed
    /// command gives it back, still due; a killed run's holds are dropped by the next run
    /// (which runs the command again: at-least-once to commands, see decision 0010).
    public func deliverDue(now: Date, options: DueOptions) async throws(AlbumError) -> DueOutcome {
        let planner = DuePlanner(now: now)
        guard options.runsCommands else {
            let delivered = try await store.claimDueReminders(planner, claim: .deliverNow(via: "stdout"), isAlive: ProcessToken.isAlive)
            return DueOutcome(delivered: delivered)
        }
        let owner = ProcessToken.current
        let store = self.store
        let held = try await store.claimDueReminders(planner, claim: .lease(owner: owner), isAlive: ProcessToken.isAlive)
        // A store that leases (PostgreSQL) keeps the held reminders' leases running while the
        // commands run, however long they take.
        return try await withClaimRenewal(renewing: { () throws(AlbumError) in try await store.renewDeliveries(owner: owner) }) {
            () throws(AlbumError) -> DueOutcome in
            var outcome = DueOutcome()
            for delivery in held {
                let ran = await BlockingPool.shared.run({ self.run(delivery, options: options) })
                switch ran {
                case .failure(let reason):
                    try await store.releaseDelivery(delivery, owner: owner, error: reason, now: now)
                    outcome.failed.append((delivery, reason))
                case .success(let answer):
                    guard try await store.completeDelivery(delivery, owner: owner, via: options.via, now: now) else { continue }
                    outcome.delivered.append(delivery)
                    // Acted on after the delivery is marked, so a snooze or a done is not undone by it.
                    if let answer {
                        let id = delivery.reminder.id
                        do throws(AlbumError) {
                            let done = try await answerReminder(
                                id: id, answer, snoozeSeconds: options.snoozeSeconds, now: now, systemZone: TimeZone.current.identifier)
                            outcome.answers.append((delivery, answer, .success(done)))
                        } catch {
                            outcome.answers.append((delivery, answer, .failure(error)))
                        }
                    }
                }
            }
            return outcome
        }
    }

    /// Runs the delivery's commands: success with the notification's answer (nil: none, or no
    /// notification), or why a command failed.
    private func run(_ delivery: DueDelivery, options: DueOptions) -> DeliveryRun {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in Self.environment(delivery) { environment[key] = value }
        if let command = options.exec,
           let failure = CommandRunner.run("/bin/sh", ["-c", command], environment: environment,
                                           stdin: options.payload(delivery), timeout: options.timeoutSeconds) {
            return .failure("--exec \(command): \(failure)")
        }
        if let notifySend = options.notifySend {
            let clock = WallClock(zone: delivery.reminder.timeZone)
            var body = "due \(clock.wall(of: delivery.occurrence)) \(delivery.reminder.zone)"
            if delivery.late { body += " (late by \(DurationText.describe(delivery.lateSeconds)))" }
            // With actions notify-send waits for the answer and prints the action's name; a
            // daemon without actions shows it plainly and it exits at once (no answer).
            // notify-send 0.8 refuses (exit 1, showing nothing) when the daemon has no actions:
            // then it is shown plainly.
            let actions = ReminderAnswer.allCases.map { "--action=\($0.rawValue)=\($0.label)" }
            let text = ["Reminder: \(delivery.reminder.message)", body]
            var ending = CommandRunner.run(
                notifySend, ["--app-name=album"] + actions + text, environment: environment, stdin: Data(),
                timeout: options.timeoutSeconds, capturing: true)
            if ending.timedOut { return .success(nil) }  // shown; nobody answered in time
            if ending.failure != nil {
                ending = CommandRunner.run(
                    notifySend, ["--app-name=album"] + text, environment: environment, stdin: Data(),
                    timeout: options.timeoutSeconds, capturing: true)
            }
            if let failure = ending.failure { return .failure("notify-send: \(failure)") }
            let name = ending.output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            return .success(ReminderAnswer(rawValue: name))
        }
        return .success(nil)
    }

    /// How a delivery's commands went.
    private enum DeliveryRun: Sendable {
        case success(ReminderAnswer?)
        case failure(String)
    }

    /// The `ALBUM_REMINDER_*` variables a command gets.
    public static func environment(_ d: DueDelivery) -> [String: String] {
        let clock = WallClock(zone: d.reminder.timeZone)
        return [
            "ALBUM_REMINDER_ID": "\(d.reminder.id)",
            "ALBUM_REMINDER_TEXT": d.reminder.message,
            "ALBUM_REMINDER_PIN": d.reminder.pinId.map { "\($0)" } ?? "",
            "ALBUM_REMINDER_DUE": clock.iso8601(d.occurrence),
            "ALBUM_REMINDER_ZONE": d.reminder.zone,
            "ALBUM_REMINDER_LATE": d.late ? "1" : "0",
            "ALBUM_REMINDER_MISSED": "\(d.missed)",
            "ALBUM_REMINDER_SNOOZED": d.snoozed ? "1" : "0",
            "ALBUM_DELIVERY_ID": d.deliveryId,
        ]
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
