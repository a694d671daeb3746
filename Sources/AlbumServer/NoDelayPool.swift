import FlyingFox
import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// FlyingFox's socket pool with Nagle's algorithm turned off on every socket it waits on.
///
/// FlyingFox writes a response's header and body in two `write` calls. With Nagle on, the body
/// waits for the client's ACK of the header, and the client delays that ACK by up to 40 ms: every
/// keep-alive request after the first took ≥ 40 ms (measured: 22 requests/s on one connection).
/// FlyingFox has no hook for accepted sockets, but every socket passes through the pool when it
/// would block, the listening socket first; on Linux an accepted socket inherits `TCP_NODELAY`
/// from the listening socket, and each connection gets it again the first time it waits to read.
struct NoDelayPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    init(base: any AsyncSocketPool = HTTPServer.defaultPool()) { self.base = base }

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        Self.disableNagle(socket.file.rawValue)
        try await base.suspendSocket(socket, untilReadyFor: events)
    }

    /// Sets `TCP_NODELAY`; a socket that is not TCP (a Unix socket) refuses it, which is fine.
    static func disableNagle(_ fd: Int32) {
        var on: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }
}
