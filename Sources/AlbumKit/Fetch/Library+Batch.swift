import AlbumModel

extension Library {
    /// How many pins of a batch are searched and downloaded side by side. Their downloads share
    /// one `TransferLimit` of `options.concurrency`, so a pin's search and its last slow photos
    /// overlap the next pins' downloads instead of leaving the connections idle.
    public static let batchPinsInFlight = 4

    /// Fetches every entry of a pins file: a failing entry is reported and the others still run,
    /// except at a full, over-quota or read-only disk (`AlbumError.storage`): the batch stops
    /// there, with that one error, and every photo not downloaded stays queued.
    /// - Parameter onResult: called as each entry finishes (in completion order).
    /// - Returns: each entry's line and its report or error, in file order.
    public func fetchBatch(
        _ entries: [PinsFile.Entry], options: FetchOptions, environment: FetchEnvironment,
        onResult: @Sendable (Int, Result<FetchReport, AlbumError>) -> Void = { _, _ in }
    ) async -> [(line: Int, result: Result<FetchReport, AlbumError>)] {
        var environment = environment
        environment.transferLimit = environment.transferLimit ?? TransferLimit(options.concurrency)
        let shared = environment
        var results: [(line: Int, result: Result<FetchReport, AlbumError>)] = []
        await withTaskGroup(of: (Int, Result<FetchReport, AlbumError>).self) { group in
            var pending = entries.makeIterator()
            func startNext() -> Bool {
                guard let entry = pending.next() else { return false }
                var lineOptions = options
                lineOptions.title = entry.title
                group.addTask {
                    do throws(AlbumError) {
                        // Bound first, then returned: Swift 6.3.1 -O miscompiles `return (x, .success(try await …))`
                        // in a typed-throws `do` inside a task group's child (the tuple came back as garbage,
                        // so a batch printed nothing). Repro: docs/architecture.md, "Compiler pitfalls".
                        let report = try await self.fetch(at: entry.coordinate, options: lineOptions, environment: shared)
                        return (entry.line, .success(report))
                    } catch {
                        return (entry.line, .failure(error))
                    }
                }
                return true
            }
            for _ in 0..<Self.batchPinsInFlight where !startNext() { break }
            var stopped = false
            while let (line, result) = await group.next() {
                if stopped {
                    // Entries cancelled by the stop: their photos stay queued, and one error said why.
                    if case .success = result { onResult(line, result); results.append((line, result)) }
                    continue
                }
                onResult(line, result)
                results.append((line, result))
                if case .failure(.storage) = result {
                    // A full, over-quota or read-only disk: every other pin would meet it too.
                    stopped = true
                    group.cancelAll()
                    continue
                }
                _ = startNext()
            }
        }
        return results.sorted { $0.line < $1.line }
    }
}
