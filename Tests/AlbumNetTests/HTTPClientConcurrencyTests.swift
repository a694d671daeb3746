import AlbumNet
import Foundation
import TestSupport
import Testing

/// The client's transfers overlap, share connections, respect the per-host limit and cancel.
@Suite struct HTTPClientConcurrencyTests {
    @Test func manyTransfersRunAtTheSameTime() async throws {
        let server = try LoopbackServer { request in .delayed(.seconds(1), .text(request.path)) }
        let client = try HTTPClient(configuration: .init(maxConnectionsPerHost: 16))
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<16 {
                group.addTask { String(decoding: try await client.send(HTTPRequest(url: server.baseURL + "/\(i)")).body, as: UTF8.self) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((0..<16).map { "/\($0)" }))
        // Overlap is measured where it happens, at the server: one after another, at most one
        // request would be in flight. (Not wall-clock time: other tests may hold the cooperative
        // threads and delay this task, though not the transfer thread.)
        #expect(server.maxConcurrentRequests >= 12)
    }

    @Test func aSecondTransferToAPlainHTTPHostDoesNotWaitForTheFirstsAnswer() async throws {
        // "/first" is answered after 120 s (or when the server stops, at the end of the test);
        // libcurl gave up waiting after its connect time-out, 30 s: 10 s is long enough here.
        // "/second", sent once "/first" is on the wire, must reach the server meanwhile on a
        // connection of its own. With CURLOPT_PIPEWAIT over plain HTTP libcurl held it until
        // "/first" was answered, to learn whether that connection could carry both.
        let server = try LoopbackServer { request in request.path == "/first" ? .delayed(.seconds(120), .text("slow")) : .text("ok") }
        let client = try HTTPClient(configuration: .init(maxConnectionsPerHost: 4))
        let first = Task { try await client.send(HTTPRequest(url: server.baseURL + "/first")) }
        defer { first.cancel() }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task { try await client.send(HTTPRequest(url: server.baseURL + "/second")) }
        defer { second.cancel() }
        let answer = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { String(decoding: try await second.value.body, as: UTF8.self) }
            group.addTask { try await Task.sleep(for: .seconds(10)); return nil }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        #expect(answer == "ok", "the second transfer waited for the first one's answer")
        #expect(server.maxConcurrentRequests == 2)
    }

    @Test func connectionsAreReused() async throws {
        // The five are sent at once through one allowed connection, so the client's own thread
        // runs them back to back: awaited one by one, each waited for a cooperative thread between
        // them, and on a busy test run the connection sat idle past libcurl's 118 s reuse limit
        // (CURLOPT_MAXAGE_CONN) and a second one was opened — a failure of the test, not the client.
        let server = try LoopbackServer { _ in .text("again") }
        let client = try HTTPClient(configuration: .init(maxConnectionsPerHost: 1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 { group.addTask { _ = try await client.send(HTTPRequest(url: server.baseURL + "/same")) } }
            try await group.waitForAll()
        }
        // Counted by the connections that carried this client's requests, not by every accept:
        // the port is the kernel's pick, and on a busy machine a port freed a moment ago by
        // another test's server can still be dialled by a client retrying there (a stray accept).
        let ours = server.requests.filter { $0.path == "/same" }
        #expect(ours.count == 5)
        #expect(Set(ours.map(\.connection)).count == 1, "connections: \(ours.map(\.connection))")
    }

    @Test func perHostConnectionLimitHolds() async throws {
        let server = try LoopbackServer { _ in .delayed(.milliseconds(100), .text("ok")) }
        let client = try HTTPClient(configuration: .init(maxConnectionsPerHost: 2))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<6 { group.addTask { _ = try await client.send(HTTPRequest(url: server.baseURL + "/\(i)")) } }
            try await group.waitForAll()
        }
        #expect(server.requests.count == 6)
        #expect(server.connectionCount <= 2)
        #expect(server.maxConcurrentRequests == 2)
    }

    @Test func transfersWaitingForAConnectionDoNotTimeOut() async throws {
        // The time-out covers a transfer from its start, not its wait for a free connection.
        // Six 300 ms answers on one connection take 1.8 s; each alone is well within 1.2 s.
        let server = try LoopbackServer { _ in .delayed(.milliseconds(300), .text("ok")) }
        let client = try HTTPClient(configuration: .init(maxConnectionsPerHost: 1))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<6 {
                group.addTask { _ = try await client.send(HTTPRequest(url: server.baseURL + "/\(i)", timeout: .milliseconds(1_200))) }
            }
            try await group.waitForAll()
        }
        #expect(server.requests.count == 6)
        #expect(server.maxConcurrentRequests == 1)
    }

    @Test func cancellingAWaitingTransferRemovesIt() async throws {
        // "/first" holds the only connection for 120 s (the server stops sooner, at the end of the
        // test), so "/second" can only wait, and "/first" is still running when it is cancelled,
        // however slowly a busy machine runs this test.
        let server = try LoopbackServer { request in request.path == "/first" ? .delayed(.seconds(120), .text("slow")) : .text("ok") }
        let client = try HTTPClient(configuration: .init(maxConnectionsPerHost: 1))
        let first = Task { try await client.send(HTTPRequest(url: server.baseURL + "/first")) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task { try await client.send(HTTPRequest(url: server.baseURL + "/second")) }
        try await Task.sleep(for: .milliseconds(50))
        second.cancel()
        await #expect(throws: HTTPError.cancelled(url: server.baseURL + "/second")) { try await second.value }
        first.cancel()
        await #expect(throws: HTTPError.cancelled(url: server.baseURL + "/first")) { try await first.value }
        #expect(server.requestCount(path: "/second") == 0)
    }

    @Test func cancellingTheTaskRemovesTheTransfer() async throws {
        let server = try LoopbackServer { _ in .delayed(.seconds(10), .text("too late")) }
        let client = try HTTPClient()
        let task = Task { try await client.send(HTTPRequest(url: server.baseURL + "/wait")) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        let result = await task.result
        // Not cancelled, this would be a 200 after 10 s.
        #expect(throws: HTTPError.cancelled(url: server.baseURL + "/wait")) { try result.get() }
        // The client still works afterwards.
        let quick = try LoopbackServer { _ in .text("fine") }
        #expect(try await client.send(HTTPRequest(url: quick.baseURL + "/")).status == 200)
    }

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        let server = try LoopbackServer { _ in .text("unused") }
        let client = try HTTPClient()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(HTTPRequest(url: server.baseURL + "/never"))
        }
        await #expect(throws: HTTPError.self) { try await task.value }
        #expect(server.requests.isEmpty)
    }
}
