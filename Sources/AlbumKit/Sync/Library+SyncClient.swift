import AlbumModel
import AlbumNet
import AlbumStore
import Foundation

/// What one `album sync` run did.
public struct SyncReport: Sendable {
    public var server: String
    public var pushed = 0
    public var pulled = 0
    /// Outbox rows left (pending or failed), with their errors.
    public var pending: [OutboxItem] = []
    /// Why the run stopped early (the server unreachable), nil when it finished.
    public var stopped: String?
}

/// When a failed change is tried again: exponential back-off with full jitter (1 s × 2^attempts,
/// at most an hour), the random number injected for tests.
public enum SyncBackoff {
    public static func delay(attempts: Int, unit: Double) -> Double {
        let ceiling = min(3600, pow(2, Double(min(attempts, 12))))
        return max(0.05, ceiling * min(max(unit, 0), 1))
    }
}

extension Library {
    /// The sync state of a folder library: its servers and each one's outbox (`album sync --status`).
    public func syncStatus() async throws(AlbumError) -> [(server: SyncServerState, outbox: [OutboxItem])] {
        let database = try self.database
        return try await database.read { db throws(AlbumError) in
            var all: [(server: SyncServerState, outbox: [OutboxItem])] = []
            for server in try db.syncServers() { all.append((server, try db.outbox(serverId: server.id))) }
            return all
        }
    }

    /// One sync with a server (decision 0062): this library's changes since the last run go into
    /// the outbox (from its change log, written in each change's transaction), the outbox is sent
    /// oldest first (each with an `Idempotency-Key`; a failure backs off with jitter and stops the
    /// push while the server is unreachable), then the server's changes since the cursor are
    /// applied here. Pins, photos, sounds, notes, check-ins and songs are synced (decision 0078), with
    /// the tags of each, entries' edits and plans (decision 0092), and reminders, each delivered by
    /// one library (decision 0110).
    /// - Parameter retries: attempts at an unreachable server within this run before it stops.
    public func sync(with session: SyncSession, retries: Int = 3, random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) async throws -> SyncReport {
        let database = try self.database
        let url = session.server, email = session.email
        let device = PasswordHasherBridge.randomHex()
        let state = try await database.write { db throws(AlbumError) in try db.syncServer(url: url, email: email, device: device) }
        var report = SyncReport(server: url)
        try await database.write { db throws(AlbumError) in try db.takeChanges(serverId: state.id) }
        // A fresh access token first: it proves the server answers, so every waiting change is
        // due now (the back-off spaces the attempts while it does not).
        do {
            try await session.refresh()
        } catch SyncSession.Failure.unreachable(let why) {
            // Every waiting change failed this attempt: each says why, and when it is tried again.
            let waiting = try await database.read { db throws(AlbumError) in try db.outbox(serverId: state.id) }
            for item in waiting {
                let retryAt = Int64(Date().timeIntervalSince1970 + SyncBackoff.delay(attempts: item.attempts, unit: random()))
                try await database.write { db throws(AlbumError) in try db.outboxFailed(serverId: state.id, item, error: why, retryAt: retryAt) }
            }
            report.stopped = why
            report.pending = try await database.read { db throws(AlbumError) in try db.outbox(serverId: state.id) }
            return report
        }
        // Pins first: a plan, a note or a check-in at a pin then finds it on the server.
        let outbox = try await database.read { db throws(AlbumError) in try db.outbox(serverId: state.id) }
        push: for item in outbox.filter({ $0.entity == "pin" }) + outbox.filter({ $0.entity != "pin" }) {
            var attempt = 0
            while true {
                do {
                    try await push(item, state: state, session: session)
                    try await database.write { db throws(AlbumError) in try db.outboxSent(serverId: state.id, item) }
                    report.pushed += 1
                    break
                } catch SyncSession.Failure.unreachable(let why) {
                    attempt += 1
                    let wait = SyncBackoff.delay(attempts: item.attempts + attempt - 1, unit: random())
                    try await database.write { db throws(AlbumError) in
                        try db.outboxFailed(serverId: state.id, item, error: why, retryAt: Int64(Date().timeIntervalSince1970 + wait))
                    }
                    if attempt >= retries {
                        report.stopped = why
                        break push
                    }
                    try await Task.sleep(for: .milliseconds(Int(min(wait, 8) * 1000)))
                } catch let refusal as SyncRefusal {
                    // The server refused this change for good (a file it does not take): it stays
                    // in the outbox, failed, tried again in a day, and shown by --status.
                    try await database.write { db throws(AlbumError) in
                        try db.outboxFailed(serverId: state.id, item, error: refusal.message, retryAt: Int64(Date().timeIntervalSince1970) + 86_400)
                    }
                    break
                }
            }
        }
        if report.stopped == nil {
            do {
                report.pulled = try await pull(state: state, session: session)
            } catch SyncSession.Failure.unreachable(let why) {
                report.stopped = why
            }
        }
        report.pending = try await database.read { db throws(AlbumError) in try db.outbox(serverId: state.id) }
        return report
    }
}

/// A change the server refused (4xx other than 401, 404, 409, 429): no retry will change that.
struct SyncRefusal: Error {
    let message: String
}
