import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `album serve` itself (the binary `make test-release` builds too): the exact Host and Origin
/// checks end to end (DNS rebinding, issue 22), and SIGTERM stops it with status 0.
@Suite(.serialized) struct ServeHostTests {
    @Test func hostileHostsAndOriginsAreRefused403AndSigtermExitsZero() async throws {
        let folder = TemporaryFolder("serve-host")
        let library = folder.child("lib").path
        #expect(try AlbumProcess.run(["pin", "add", "--lat", "45", "--lon", "7", "--library", library]).status == 0)
        let started = try AlbumProcess.start(["serve", "--port", "0", "--json", "--library", library])
        let (process, out, err) = started
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let first = try await RawHTTP.offPool { () -> String in
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            return String(decoding: line, as: UTF8.self)
        }
        let url = try #require((try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])?["url"] as? String, "\(first)")
        let port = try #require(UInt16(String(url.split(separator: ":").last ?? "").filter { $0.isNumber }))
        func send(_ method: String, _ path: String, _ headers: [String: String], json: Bool = false) async throws -> RawHTTP.Response {
            try await RawHTTP.offPool {
                json ? try RawHTTP.json(method, path, port: port, ["latitude": 1, "longitude": 1, "fetch": false], headers: headers)
                    : try RawHTTP.request(method, path, port: port, headers: headers)
            }
        }
        let hosts = [
            "127.0.0.1.evil.com", "127.0.0.1.evil.com:\(port)", "127.0.0.1evil.com", "127.0.0.1@evil.com", "127.0.0.1:\(port)@evil.com",
            "evil.com:\(port)", "localhost.evil.com", "[::1].evil.com", "127.0.0.1:\(port + 1)", "0x7f000001:\(port)", "127.1:\(port)",
        ]
        let origins = [
            "http://evil.com", "http://127.0.0.1.evil.com:\(port)", "http://127.0.0.1:\(port).evil.com", "https://127.0.0.1:\(port)",
            "http://127.0.0.1:\(port + 1)", "null", "http://127.0.0.1:\(port)@evil.com", "http://127.0.0.1evil.com:\(port)",
            "http://localhost:\(port)",
        ]
        #expect(hosts.count + origins.count >= 20)
        for host in hosts {
            #expect(try await send("POST", "/api/pins", ["Host": host, "Origin": "http://\(host)"], json: true).status == 403, "Host \(host)")
            #expect(try await send("DELETE", "/api/pins/1", ["Host": host]).status == 403, "Host \(host)")
            #expect(try await send("GET", "/api/pins", ["Host": host]).status == 403, "Host \(host)")
        }
        for origin in origins {
            #expect(try await send("POST", "/api/pins", ["Origin": origin], json: true).status == 403, "Origin \(origin)")
            #expect(try await send("DELETE", "/api/pins/1", ["Origin": origin]).status == 403, "Origin \(origin)")
        }
        let pins = try await send("GET", "/api/pins", [:])
        #expect(pins.status == 200)
        #expect((try pins.json() as? [[String: Any]])?.count == 1, "nothing changed: \(pins.text)")
        #expect(try await send("GET", "/api/pins", ["Host": "localhost:\(port)"]).status == 200)

        kill(process.processIdentifier, SIGTERM)
        let status = try await RawHTTP.offPool { () -> Int32 in
            DispatchQueue.global().async { _ = err.fileHandleForReading.readDataToEndOfFile() }
            _ = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0, "SIGTERM is a clean stop")
        #expect(process.terminationReason == .exit)
    }
}
