import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 client over a plain socket, so tests control every header (Host, Origin)
/// and can hang up in the middle of a response.
public enum RawHTTP {
    public struct Response: Sendable {
        public let status: Int
        /// Header names lower-cased.
        public let headers: [String: String]
        public let body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
        public func json() throws -> Any { try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
    }

    /// Opens a TCP connection to 127.0.0.1:`port`. - Returns: the socket, or -1.
    public static func connect(port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else {
            close(fd)
            return -1
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func send(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }  // a signal (SIGCHLD of another test's album): retry
                if n <= 0 { return }
                offset += n
            }
        }
    }

    static func head(_ method: String, _ path: String, port: UInt16, headers: [String: String], body: Data?) -> Data {
        var all = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
        for (k, v) in headers { all[k] = v }
        if let body { all["Content-Length"] = "\(body.count)" }
        var text = "\(method) \(path) HTTP/1.1\r\n"
        for (k, v) in all.sorted(by: { $0.key < $1.key }) where !v.isEmpty { text += "\(k): \(v)\r\n" }
        return Data((text + "\r\n").utf8) + (body ?? Data())
    }

    /// Sends one request and reads the whole response (the server closes after it).
    public static func request(
        _ method: String, _ path: String, port: UInt16, headers: [String: String] = [:], body: Data? = nil
    ) throws -> Response {
        let fd = connect(port: port)
        guard fd >= 0 else { throw ServerError(description: "cannot connect to port \(port)") }
        defer { close(fd) }
        send(fd, head(method, path, port: port, headers: headers, body: body))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 && errno == EINTR { continue }  // a signal, not the end of the answer: read on
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return try parse(bytes)
    }

    /// Sends `bytes` as they are (a request cut off mid-body, say), closes the sending side,
    /// and reads what the server answers until it closes (empty when it answered nothing).
    public static func exchange(_ bytes: Data, port: UInt16) throws -> [UInt8] {
        let fd = connect(port: port)
        guard fd >= 0 else { throw ServerError(description: "cannot connect to port \(port)") }
        defer { close(fd) }
        send(fd, bytes)
        shutdown(fd, Int32(SHUT_WR))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        return received
    }

    /// A JSON body request.
    public static func json(
        _ method: String, _ path: String, port: UInt16, _ object: Any, headers: [String: String] = [:]
    ) throws -> Response {
        let body = try JSONSerialization.data(withJSONObject: object)
        var all = ["Content-Type": "application/json"]
        for (k, v) in headers { all[k] = v }
        return try request(method, path, port: port, headers: all, body: body)
    }

    /// Opens a streaming GET and reads until `marker` has arrived (or `limit` bytes); then hangs
    /// up. - Returns: what was read.
    public static func readStream(_ path: String, port: UInt16, until marker: String, headers: [String: String] = [:]) -> String {
        let fd = connect(port: port)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        send(fd, head("GET", path, port: port, headers: headers, body: nil))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count < 1 << 22 {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n < 0 && errno == EINTR { continue }  // a signal, not the end of the answer: read on
            if n <= 0 { break }
            bytes += chunk[0..<n]
            if String(decoding: bytes, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else {
            throw ServerError(description: "no HTTP head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: Data(body))
    }

    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < bytes.count {
            guard let lineEnd = (i..<max(i, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) else { break }
            let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self), radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd + 2
            out += bytes[start..<min(bytes.count, start + size)]
            i = start + size + 2
        }
        return out
    }
}

extension RawHTTP {
    /// Runs blocking socket work on its own thread, so an in-process server running on the
    /// cooperative pool is never starved by the test's client.
    public static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }.start()
        }
    }
}

extension RawHTTP {
    /// The port of an `album serve --port 0 --json` started with `out` as its standard output:
    /// read from the first line it prints (`{"url": "http://127.0.0.1:PORT", …}`), off the pool.
    /// - Throws: naming the line when it is not that JSON (the server failed to start).
    public static func servedPort(_ out: Pipe) async throws -> UInt16 {
        let first = try await offPool { () -> String in
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            return String(decoding: line, as: UTF8.self)
        }
        guard let url = (try? JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])?["url"] as? String,
              let port = UInt16(String(url.split(separator: ":").last ?? "").filter(\.isNumber))
        else { throw ServerError(description: "album serve printed no url first: '\(first)'") }
        return port
    }
}
