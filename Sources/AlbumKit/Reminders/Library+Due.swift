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
    /// A command still running after this long is stopped and counts as failed.
    public var timeoutSeconds: TimeInterval
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
                if let reason = await BlockingPool.shared.run({ self.run(delivery, options: options) }) {
                    try await store.releaseDelivery(delivery, owner: owner, error: reason, now: now)
                    outcome.failed.append((delivery, reason))
                } else if try await store.completeDelivery(delivery, owner: owner, via: options.via, now: now) {
                    outcome.delivered.append(delivery)
                }
            }
            return outcome
        }
    }

    /// Runs the delivery's commands; nil when all succeeded, else why not.
    private func run(_ delivery: DueDelivery, options: DueOptions) -> String? {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in Self.environment(delivery) { environment[key] = value }
        if let command = options.exec,
           let failure = CommandRunner.run("/bin/sh", ["-c", command], environment: environment,
                                           stdin: options.payload(delivery), timeout: options.timeoutSeconds) {
            return "--exec \(command): \(failure)"
        }
        if let notifySend = options.notifySend {
            let clock = WallClock(zone: delivery.reminder.timeZone)
            var body = "due \(clock.wall(of: delivery.occurrence)) \(delivery.reminder.zone)"
            if delivery.late { body += " (late by \(DurationText.describe(delivery.lateSeconds)))" }
            if let failure = CommandRunner.run(notifySend, ["--app-name=album", "Reminder: \(delivery.reminder.message)", body],
                                               environment: environment, stdin: Data(), timeout: options.timeoutSeconds) {
                return "notify-send: \(failure)"
            }
        }
        return nil
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
