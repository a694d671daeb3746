import Foundation
import Testing
import TestSupport

/// `album due --notify` against a real D-Bus session bus (`dbus-daemon`) and python3-dbusmock's
/// notification daemon, driven through its `org.freedesktop.DBus.Mock` interface: the test sees
/// each `Notify` call and answers it with `ActionInvoked` (or closes it), as a desktop would.
@Suite struct DueNotifyTests {
    let folder = TemporaryFolder("due-notify")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String], now: String = "2026-06-01T10:00:00Z", environment: [String: String] = [:]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], environment: ["ALBUM_NOW": now].merging(environment) { $1 })
    }

    @Test func eachActionIsActedOnAndAnUnansweredOneCountsAsShown() throws {
        // r2 and r4 repeat, so Cancel (done) differs from a once reminder's end.
        for (text, timing) in [("r1", ["--at", "2026-06-01 10:00"]), ("r2", ["--daily", "10:00"]), ("r3", ["--at", "2026-06-01 10:00"]),
                               ("r4", ["--daily", "10:00"])] {
            let run = try album(["remind", "add", "--text", text, "--zone", "UTC"] + timing, now: "2026-06-01T09:00:00Z")
            #expect(run.status == 0, "\(run.stderr)")
        }
        let bus = try SessionBus(folder: folder.child("bus"))
        defer { bus.stop() }

        let (due, out, err) = try AlbumProcess.start(
            ["due", "--notify", "--snooze", "30m", "--json", "--library", library],
            environment: ["ALBUM_NOW": "2026-06-01T10:00:00Z", "DBUS_SESSION_BUS_ADDRESS": bus.address])
        // Reminder r1 → Reply, r2 → Cancel, r3 → Remind me later, r4 → closed unanswered.
        let answers = ["r1": "reply", "r2": "cancel", "r3": "later"]
        var seen: [String] = []
        for id in 1...4 {
            let calls = try bus.waitForNotify(count: id)
            let summary = try #require(calls.last)
            #expect(summary.actions == ["reply", "Reply", "cancel", "Cancel", "later", "Remind me later"], "\(summary)")
            seen.append(summary.summary)
            let text = String(summary.summary.dropFirst("Reminder: ".count))
            if let action = answers[text] {
                try bus.mock("EmitSignal", "org.freedesktop.Notifications", "ActionInvoked", "us", "[<uint32 \(id)>, <'\(action)'>]")
            } else {
                try bus.mock("EmitSignal", "org.freedesktop.Notifications", "NotificationClosed", "uu", "[<uint32 \(id)>, <uint32 2>]")
            }
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
        due.waitUntilExit()
        #expect(due.terminationStatus == 0, "\(String(decoding: errData, as: UTF8.self))")
        #expect(seen == ["Reminder: r1", "Reminder: r2", "Reminder: r3", "Reminder: r4"])
        let delivered = try #require(try JSONSerialization.jsonObject(with: outData) as? [[String: Any]])
        #expect(delivered.map { $0["text"] as? String } == ["r1", "r2", "r3", "r4"])
        let actions = delivered.map { ($0["answer"] as? [String: Any])?["action"] as? String }
        #expect(actions == ["reply", "cancel", "later", nil])
        #expect(delivered.compactMap { ($0["answer"] as? [String: Any])?["ok"] as? Bool } == [true, true, true])

        let list = try #require(try album(["remind", "list", "--json"]).json() as? [[String: Any]])
        let byText = Dictionary(uniqueKeysWithValues: list.map { ($0["text"] as? String ?? "", $0) })
        #expect(byText["r2"]?["state"] as? String == "done")  // Cancel
        #expect(byText["r3"]?["state"] as? String == "active")  // Remind me later: 30 minutes on
        #expect(byText["r3"]?["nextAt"] as? String == "2026-06-01T10:30:00+00:00", "\(byText["r3"] ?? [:])")
        // Closed unanswered: shown, so tomorrow's is next.
        #expect(byText["r4"]?["state"] as? String == "active")
        #expect(byText["r4"]?["nextAt"] as? String == "2026-06-02T10:00:00+00:00", "\(byText["r4"] ?? [:])")
        // Reply: a note about the reminder in the diary, tagged "reminder".
        let entries = try album(["entries", "--tag", "reminder", "--json"])
        #expect(entries.status == 0, "\(entries.stderr)")
        #expect(entries.stdout.contains("Reply to reminder 1: r1"), "\(entries.stdout)")
        #expect(!entries.stdout.contains("reminder 2"))
        // Each was delivered once: nothing is due now.
        #expect(try album(["due"]).stdout.isEmpty)
    }

    /// A daemon without the "actions" capability: notify-send shows it plainly and exits; the
    /// reminder is delivered, nothing else changes.
    @Test func aDaemonWithoutActionsShowsItPlainly() throws {
        let run = try album(["remind", "add", "--text", "plain", "--at", "2026-06-01 10:00", "--zone", "UTC"], now: "2026-06-01T09:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        let bus = try SessionBus(folder: folder.child("bus"), capabilities: "body")
        defer { bus.stop() }
        let due = try album(["due", "--notify", "--json"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(due.status == 0, "\(due.stderr)")
        let delivered = try #require(try due.json() as? [[String: Any]])
        #expect(delivered.count == 1 && delivered[0]["answer"] == nil)
        #expect(try bus.waitForNotify(count: 1).first?.actions == [])
    }
}

/// A private D-Bus session bus with python3-dbusmock's notification daemon on it.
final class SessionBus: @unchecked Sendable {
    let address: String
    private let daemon: Process
    private let mock: Process

    /// One `Notify` call the daemon received.
    struct Notification: CustomStringConvertible {
        var summary: String
        var actions: [String]
        var description: String { "\(summary) \(actions)" }
    }

    init(folder: URL, capabilities: String = "body actions") throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--address=unix:path=\(folder.path)/bus", "--print-address=1"]
        let out = Pipe()
        daemon.standardOutput = out
        try daemon.run()
        // The address is printed once the bus listens.
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        address = String(decoding: line, as: UTF8.self)
        guard address.hasPrefix("unix:") else { throw BusError("dbus-daemon printed no address (is the dbus-daemon package installed?)") }
        mock = Process()
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock", "--template", "notification_daemon", "-p", "{\"capabilities\": \"\(capabilities)\"}"]
        mock.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        mock.standardOutput = FileHandle.nullDevice  // it logs every call
        try mock.run()
        // Until the daemon owns its name (gdbus wait: no sleeping).
        let wait = try Self.gdbus(["wait", "--session", "--timeout", "30", "org.freedesktop.Notifications"], address: address)
        guard wait.status == 0 else { throw BusError("python3-dbusmock's notification daemon did not start (apt-get install python3-dbusmock): \(wait.output)") }
    }

    func stop() {
        // SIGKILL: python3-dbusmock started by Foundation's Process does not stop on SIGTERM.
        for p in [mock, daemon] where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
    }

    /// Calls a method of the mock's `org.freedesktop.DBus.Mock` interface.
    @discardableResult
    func mock(_ method: String, _ arguments: String...) throws -> String {
        let run = try Self.gdbus(
            ["call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
             "--method", "org.freedesktop.DBus.Mock.\(method)"] + arguments, address: address)
        guard run.status == 0 else { throw BusError("gdbus \(method): \(run.output)") }
        return run.output
    }

    /// The `Notify` calls so far, once there are at least `count` (within 60 s).
    func waitForNotify(count: Int) throws -> [Notification] {
        let deadline = Date().addingTimeInterval(60)
        while true {
            let calls = Self.notifications(in: try mock("GetCalls"))
            if calls.count >= count { return calls }
            guard Date() < deadline else { throw BusError("\(count) notifications awaited, \(calls.count) came") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// `(…, 'Notify', [<'album'>, <uint32 0>, <''>, <'Reminder: r1'>, <'body'>, <['reply', 'Reply', …]>, …`
    static func notifications(in output: String) -> [Notification] {
        output.components(separatedBy: "'Notify', [").dropFirst().map { call in
            let fields = call.components(separatedBy: ">, <")
            let summary = fields.count > 3 ? fields[3].trimmingCharacters(in: CharacterSet(charactersIn: "'")) : ""
            let list = fields.count > 5 ? fields[5] : ""
            let actions = list.hasPrefix("@as []") ? [] : list.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                .components(separatedBy: "', '").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            return Notification(summary: summary, actions: actions)
        }
    }

    static func gdbus(_ arguments: [String], address: String) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        p.arguments = arguments
        p.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

struct BusError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
