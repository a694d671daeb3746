import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted connection: reads requests one after another and answers each.
struct Connection {
    let fd: Int32
    /// The connection's number at its server (1 for the first accepted).
    let serial: Int
    let core: ServerCore
    private var buffer: [UInt8] = []

    init(fd: Int32, serial: Int, core: ServerCore) {
        self.fd = fd
        self.serial = serial
        self.core = core
    }

    mutating func serve() {
        while !core.isStopped, var request = readRequest() {
            request.connection = serial
            let reply = core.answer(request)
            let keepOpen = perform(reply, closeAfter: request.headers["connection"]?.lowercased() == "close")
            core.answered()
            if !keepOpen { return }
        }
    }

    // MARK: Reading

    private mutating func readRequest() -> ServerRequest? {
        let end: Int
        while true {
            if let found = headEnd() {
                end = found
                break
            }
            guard buffer.count < 1 << 20, receive() else { return nil }
        }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        // Bodies are read and ignored.
        var remaining = Int(headers["content-length"] ?? "") ?? 0
        while remaining > 0 {
            if buffer.isEmpty, !receive() { return nil }
            let taken = min(remaining, buffer.count)
            buffer.removeFirst(taken)
            remaining -= taken
        }
        return ServerRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4) where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }

    private mutating func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        // A signal (SIGCHLD from an `album` another test ran) interrupts a blocking recv: retry,
        // or the connection would close under the client, which then opens another one.
        var count: Int
        repeat {
            count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    // MARK: Answering

    /// Sends the reply; false when the connection must close.
    private func perform(_ reply: Reply, closeAfter: Bool) -> Bool {
        switch reply {
        case .respond(let status, let headers, let body):
            var all = headers
            let framed = all.keys.contains { ["content-length", "transfer-encoding"].contains($0.lowercased()) }
            if !framed { all["Content-Length"] = "\(body.count)" }
            if closeAfter { all["Connection"] = "close" }
            let sent = send(head(status: status, headers: all) + body)
            return sent && !closeAfter && all.first(where: { $0.key.lowercased() == "connection" })?.value.lowercased() != "close"
        case .truncated(let status, let body, let declaredLength):
            _ = send(head(status: status, headers: ["Content-Length": "\(declaredLength)", "Connection": "close"]) + body)
            return false
        case .drop:
            return false
        case .delayed(let duration, let next):
            let deadline = ContinuousClock.now + duration
            while ContinuousClock.now < deadline {
                if core.isStopped { return false }
                usleep(5_000)
            }
            return perform(next, closeAfter: closeAfter)
        case .trickle(let status, let body, let rate):
            guard send(head(status: status, headers: ["Content-Length": "\(body.count)", "Connection": "close"])) else { return false }
            var offset = 0
            while offset < body.count {
                guard send(body[offset..<min(body.count, offset + max(1, rate))]) else { return false }
                offset += max(1, rate)
                for _ in 0..<200 where !core.isStopped { usleep(5_000) }
                if core.isStopped { return false }
            }
            return false
        }
    }

    private func head(status: Int, headers: [String: String]) -> Data {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    private func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
                #else
                let flags: Int32 = 0
                #endif
                let sent = Glibc.send(fd, base + offset, bytes.count - offset, flags)
                if sent < 0 && errno == EINTR { continue }  // interrupted by a signal: retry
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
