import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sockets and threads behind `LoopbackServer`. Threads hold this, not the server, so the
/// server's `deinit` can stop them.
final class ServerCore: @unchecked Sendable {
    struct State {
        var requests: [ServerRequest] = []
        var connections = 0
        var inFlight = 0
        var maxInFlight = 0
        var open: Set<Int32> = []
        var stopped = false
    }

    let port: Int
    let state = Mutex(State())
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let handler: @Sendable (ServerRequest) -> Reply
    private let slots: DispatchSemaphore
    private let threads = DispatchGroup()

    init(maxConnections: Int, handler: @escaping @Sendable (ServerRequest) -> Reply) throws {
        self.handler = handler
        slots = DispatchSemaphore(value: max(1, maxConnections))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                bind(fd, sa, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, sa, &length) == 0
            }
        }
        var pipeFDs: [Int32] = [0, 0]
        guard bound, pipe(&pipeFDs) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw ServerError(description: "cannot listen on 127.0.0.1: \(message)")
        }
        listener = fd
        wake = (pipeFDs[0], pipeFDs[1])
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func start() {
        threads.enter()
        let thread = Thread { [self] in
            acceptLoop()
            threads.leave()
        }
        thread.name = "LoopbackServer.accept"
        thread.start()
    }

    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
            return !state.stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        _ = threads.wait(timeout: .now() + 10)
        close(listener)
        close(wake.read)
        close(wake.write)
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    // MARK: Accepting

    private func acceptLoop() {
        while !isStopped {
            // Wait for a free slot first, so extra clients wait in the backlog.
            guard slots.wait(timeout: .now() + .milliseconds(50)) == .success else { continue }
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, 100)
            guard ready > 0, fds[0].revents & Int16(POLLIN) != 0, !isStopped else {
                slots.signal()
                continue
            }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                slots.signal()
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let serial = state.withLock { state -> Int? in
                guard !state.stopped else { return nil }
                state.open.insert(fd)
                state.connections += 1
                return state.connections
            }
            guard let serial else {
                close(fd)
                slots.signal()
                break
            }
            threads.enter()
            let thread = Thread { [self] in
                var connection = Connection(fd: fd, serial: serial, core: self)
                connection.serve()
                state.withLock { _ = $0.open.remove(fd) }
                close(fd)
                slots.signal()
                threads.leave()
            }
            thread.name = "LoopbackServer.connection"
            thread.start()
        }
    }

    // MARK: Used by connections

    func answer(_ request: ServerRequest) -> Reply {
        state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
        }
        return handler(request)
    }

    func answered() { state.withLock { $0.inFlight -= 1 } }
}
