import Foundation
import Testing

@testable import AlbumServer

/// `/api/openapi.json` against the route table: schemathesis (`make test-api`) only calls what the
/// document lists, so a route missing from it is never probed (the summary card was, until issue 27).
@Suite struct OpenAPIRoutesTests {
    /// The document's paths with their methods, each path split into segments.
    static func documented() throws -> [(segments: [Substring], methods: Set<String>)] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(doc["paths"] as? [String: [String: Any]])
        return paths.map { path, operations in
            (path.split(separator: "/"), Set(operations.keys.filter { $0 != "parameters" }.map { $0.uppercased() }))
        }
    }

    /// A route's segment against a document's: a `{word}` of the route may be a literal of the
    /// document (`/api/summaries/{kind}` is documented as `monthly` and `yearly`).
    static func matches(_ segment: RouteTable.Segment, _ documented: Substring) -> Bool {
        let isParameter = documented.hasPrefix("{") && documented.hasSuffix("}")
        switch segment {
        case .literal(let text): return !isParameter && documented == text
        case .id: return isParameter
        case .word, .rest: return true
        }
    }

    @Test func everyAPIRouteIsInTheDocumentAndEveryDocumentedOneIsARoute() throws {
        let documented = try Self.documented()
        let api = AlbumAPI.routes.routes.filter { $0.pattern.hasPrefix("/api/") && $0.pattern != "/api/openapi.json" }
        #expect(api.count > 30)
        for route in api {
            let found = documented.contains { path, methods in
                methods.contains(route.method.rawValue) && path.count == route.segments.count
                    && zip(route.segments, path).allSatisfy { Self.matches($0, $1) }
            }
            #expect(found, "\(route.method.rawValue) \(route.pattern) is not in /api/openapi.json")
        }
        for (path, methods) in documented {
            for method in methods {
                let served = api.contains { route in
                    route.method.rawValue == method && path.count == route.segments.count
                        && zip(route.segments, path).allSatisfy { Self.matches($0, $1) }
                }
                #expect(served, "\(method) /\(path.joined(separator: "/")) is documented but not served")
            }
        }
    }
}
