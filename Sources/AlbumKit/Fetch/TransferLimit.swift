/// At most `limit` photos in flight at once across every pin of a batch, so `--concurrency N`
/// means N however many pins are being fetched side by side.
public actor TransferLimit {
    private let limit: Int
    private var inFlight = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(_ limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once a slot is free.
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if inFlight < limit {
            inFlight += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            inFlight -= 1
        } else {
            waiting.removeFirst().resume()  // the slot passes straight to the next waiter
        }
    }
}
