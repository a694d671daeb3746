import AlbumCore
import AlbumModel
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// Sync's server side (issue 25, item 6; decision 0061): any POST, PUT or DELETE under `/api/`
/// made with an `Idempotency-Key` is applied once (a retry gets the first answer, replayed, with
/// `Idempotent-Replayed: true`), and `GET /api/changes?since=CURSOR` pages through the caller's
/// change log, so a client (`album sync`, the page's outbox) pushes safely and pulls what changed.
extension AlbumAPI {
    /// For the sync fault run (`album serve`'s hidden `--claim-seconds` and `--exit-before-answer`):
    /// how long a claim with no answer waits before it is taken over (120 s), and the server that
    /// exits, as a killed one would, after its N-th change committed but before its answer is kept.
    final class Faults: Sendable {
        let claimSeconds: Int64
        let exitBeforeAnswer: Int?
        private let committed = Atomic<Int>(0)

        init(claimSeconds: Int64 = 120, exitBeforeAnswer: Int? = nil) {
            self.claimSeconds = claimSeconds
            self.exitBeforeAnswer = exitBeforeAnswer
        }

        func changeCommitted() {
            guard let exitBeforeAnswer else { return }
            if committed.wrappingAdd(1, ordering: .relaxed).newValue == exitBeforeAnswer { _exit(137) }
        }
    }

    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    static let replayed = HTTPField.Name("Idempotent-Replayed")!

    /// Answers `call` once per key: claims the key, answers, keeps a 2xx answer; a failure
    /// releases the key (nothing was stored: the client may retry with it).
    func idempotent(key: String, call given: Call, _ handler: RouteTable.Handler) async throws -> Response {
        guard (1...200).contains(key.utf8.count), key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw APIError.badRequest("Idempotency-Key must be 1 to 200 visible ASCII characters (a UUID, say)")
        }
        // What the request is: the method, the path and its body's kind, and a JSON body's content
        // (read here, at most the largest any route takes, and handed on): a retry sends the same;
        // the same key with another body, or none, is another request (422), not a retry.
        var call = given
        var fingerprint = "\(call.method) \(call.path)" + Self.bodyKind(call.request)
        if AccessPolicy.isJSON(call.request.headers[.contentType]) {
            let buffer = try await call.request.body.collect(upTo: Self.maxEntryBody, tooLarge: "body")
            var request = call.request
            request.body = RequestBody(buffer: buffer)
            call = Call(request: request, parameters: call.parameters, query: call.query)
            fingerprint += " " + Self.digest(Self.canonical(Data(buffer.readableBytesView)))
        }
        switch try await library.claimRequest(key: key, fingerprint: fingerprint, staleAfter: faults.claimSeconds) {
        case .answered(let status, let answer):
            var response = Reply.json(Data(answer.utf8), status: HTTPResponse.Status(code: status))
            response.headers[Self.replayed] = "true"
            return response
        case .inProgress:
            var response = Reply.error(APIError(status: 409, code: "in_progress", message: "a request with this Idempotency-Key is being answered; retry"))
            response.headers[.retryAfter] = "1"
            return response
        case .otherRequest(let used):
            throw APIError(status: 422, code: "idempotency_key_reused", message: "Idempotency-Key was used for \(used), not \(fingerprint)")
        case .claimed:
            break
        }
        let response: Response
        do {
            response = try await handler(self, call)
        } catch {
            try? await library.releaseRequest(key: key)
            throw error
        }
        guard (200..<300).contains(response.status.code) else {
            try? await library.releaseRequest(key: key)
            return response
        }
        // The answer is kept whole (the API's change answers are small JSON), then sent.
        let collector = BodyCollector()
        let headers = response.headers, status = response.status
        try await response.body.write(collector)
        let data = collector.data
        faults.changeCommitted()
        try await library.finishRequest(key: key, status: status.code, answer: String(decoding: data, as: UTF8.self))
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
    }

    /// A JSON body with its keys sorted (a client that encodes its request again, from a dictionary
    /// in another process, may order them otherwise: the same request); other bytes as they are.
    static func canonical(_ body: Data) -> Data {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
              let sorted = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        else { return body }
        return sorted
    }

    /// 64-bit FNV-1a of the bytes, in hex: which body a key was used with (not a secret; keys are per user).
    static func digest(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return String(hash, radix: 16)
    }

    /// ` (JSON)`, ` (multipart/form-data)`, ` (TYPE)` or "" for a request without a body.
    static func bodyKind(_ request: Request) -> String {
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        guard hasBody else { return "" }
        if AccessPolicy.isJSON(request.headers[.contentType]) { return " (JSON)" }
        let type = (request.headers[.contentType] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return " (\(type.isEmpty ? "a body" : String(type.prefix(60))))"
    }

    /// `GET /api/changes?since=CURSOR&limit=N`: `{changes: [{seq, entity, id, op, at}], cursor, more}`.
    func changes(_ query: Query) async throws -> Response {
        let since = try Self.integer(query, "since") ?? 0
        let limit = try Self.integer(query, "limit") ?? 500
        guard since >= 0 else { throw APIError.badRequest("since \(since) must be 0 or more") }
        guard (1...1000).contains(limit) else { throw APIError.badRequest("limit \(limit) must be between 1 and 1000") }
        let (page, more) = try await library.changes(after: Int64(since), limit: limit)
        let answer = ChangesJSON(
            changes: page.map { ChangeJSON(seq: $0.seq, entity: $0.entity, id: $0.entityId, op: $0.op, at: $0.at) },
            cursor: page.last?.seq ?? Int64(since), more: more)
        return Reply.json(JSONOut.encode(answer))
    }

    struct ChangesJSON: Encodable {
        let changes: [ChangeJSON]
        let cursor: Int64
        let more: Bool
    }

    struct ChangeJSON: Encodable {
        let seq: Int64
        let entity: String
        let id: Int64
        let op: String
        let at: Int64
    }
}

/// A response body kept in memory (`AlbumAPI.idempotent`).
final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    private(set) var data = Data()

    func write(_ buffer: ByteBuffer) async throws { data.append(contentsOf: buffer.readableBytesView) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
