import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP proxy on loopback that resets connections at random, for the sync fault run (issue 25,
/// "Bad input and faults"): bytes go both ways unchanged between a client and the server at
/// `target`, except that a chunk from the client is dropped with its connection reset (the
/// request never arrives) with chance `resetChance / 2`, and a chunk from the server likewise with
/// chance `resetChance` (the request was answered, the answer is lost). A server that is down
/// (no `target`, or nothing listening) resets the client's connection at once. The chances are
/// drawn from a seeded generator (the order connections take them still depends on scheduling).
public final class ResettingProxy: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let state: Mutex<State>
    private let onRequest: @Sendable (Int) -> Void

    struct State {
        var target: UInt16?
        var random: UInt64
        var resetChance: Double
        var resets = 0
        var requests = 0
        var stopped = false
        var open: Set<Int32> = []
    }

    /// - Parameter onRequest: called with a request's number (1, 2, …) after it was handed to
    ///   the server (the fault run kills the server there).
    public init(resetChance: Double, seed: UInt64, onRequest: @escaping @Sendable (Int) -> Void = { _ in }) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError(description: "socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                bind(fd, sa, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, sa, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw ServerError(description: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        state = Mutex(State(random: seed, resetChance: resetChance))
        self.onRequest = onRequest
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Where connections go from now on (nil: the server is down).
    public func setTarget(_ port: UInt16?) { state.withLock { $0.target = port } }
    /// 0 stops the resets (the run's end: the two sides settle).
    public func setResetChance(_ chance: Double) { state.withLock { $0.resetChance = chance } }
    /// Connections reset so far (by chance, not for a server that was down).
    public var resets: Int { state.withLock { $0.resets } }
    public var requests: Int { state.withLock { $0.requests } }

    public func stop() {
        let open = state.withLock { s -> Set<Int32> in
            guard !s.stopped else { return [] }
            s.stopped = true
            return s.open
        }
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private static func loopback(_ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// SplitMix64: whether this chunk resets its connection.
    private func draw(_ scale: Double) -> Bool {
        state.withLock { s in
            s.random &+= 0x9E37_79B9_7F4A_7C15
            var z = s.random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let hit = Double(z >> 11) / Double(1 << 53) < s.resetChance * scale
            if hit { s.resets += 1 }
            return hit
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                break
            }
            let stopped = state.withLock { s -> Bool in
                if !s.stopped { s.open.insert(client) }
                return s.stopped
            }
            if stopped { close(client); break }
            let thread = Thread { [self] in relay(client) }
            thread.start()
        }
        close(listener)
    }

    /// Closes with a reset (RST), not a FIN: what a crashed peer or a middlebox looks like.
    private func reset(_ fds: Int32...) {
        for fd in fds where fd >= 0 {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            close(fd)
        }
        state.withLock { s in for fd in fds { s.open.remove(fd) } }
    }

    private func relay(_ client: Int32) {
        guard let target = state.withLock({ $0.target }) else { return reset(client) }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(target)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return reset(client, server) }
        state.withLock { _ = $0.open.insert(server) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            guard poll(&fds, 2, -1) > 0 else {
                if errno == EINTR { continue }
                return reset(client, server)
            }
            for (i, from) in [client, server].enumerated() where fds[i].revents != 0 {
                let to = from == client ? server : client
                let count = read(from, &buffer, buffer.count)
                guard count > 0 else {
                    // One side closed: close the other (a FIN for a FIN, a reset for a reset).
                    return reset(client, server)
                }
                let fromClient = from == client
                let isRequest = fromClient && Self.startsRequest(buffer, count)
                if draw(fromClient ? 0.5 : 1) { return reset(client, server) }
                // A request's Host names the server, as a reverse proxy passes it (the server
                // refuses a Host that is not its own address).
                var bytes = Array(buffer[0..<count])
                if isRequest { bytes = Self.renamingHost(bytes, from: port, to: target) }
                guard Self.writeAll(to, bytes, bytes.count) else { return reset(client, server) }
                if isRequest {
                    let number = state.withLock { s -> Int in
                        s.requests += 1
                        return s.requests
                    }
                    onRequest(number)
                }
            }
        }
    }

    /// `Host: 127.0.0.1:FROM` → `Host: 127.0.0.1:TO` in a request's head (which libcurl sends in one piece).
    private static func renamingHost(_ bytes: [UInt8], from: UInt16, to: UInt16) -> [UInt8] {
        let old = Array("\r\nHost: 127.0.0.1:\(from)\r\n".utf8), new = Array("\r\nHost: 127.0.0.1:\(to)\r\n".utf8)
        guard bytes.count >= old.count else { return bytes }
        for i in 0...(bytes.count - old.count) where bytes[i] == 13 && Array(bytes[i..<(i + old.count)]) == old {
            return Array(bytes[..<i]) + new + Array(bytes[(i + old.count)...])
        }
        return bytes
    }

    private static func startsRequest(_ buffer: [UInt8], _ count: Int) -> Bool {
        guard count >= 4 else { return false }
        let head = String(decoding: buffer[0..<4], as: UTF8.self)
        return ["GET ", "POST", "PUT ", "DELE", "HEAD"].contains(head)
    }

    private static func writeAll(_ fd: Int32, _ buffer: [UInt8], _ count: Int) -> Bool {
        var sent = 0
        while sent < count {
            let n = buffer.withUnsafeBytes { send(fd, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}
