import Foundation
import Synchronization
import Testing
import AlbumModel

/// `BlockingPool.map`, which replaced AlbumImaging's `ParallelMap` (issue 9).
@Suite struct BlockingPoolTests {
    /// Counts how many bodies run at once.
    final class Gauge: Sendable {
        let state = Mutex((now: 0, peak: 0, threads: Set<String>()))
        func enter() { state.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now); $0.threads.insert("\(pthread_self())") } }
        func leave() { state.withLock { $0.now -= 1 } }
    }

    @Test(arguments: [1, 2, 3])
    func keepsOrderAndRunsAtMostNAtOnce(threads: Int) async {
        let gauge = Gauge()
        let pool = BlockingPool(threads: threads)
        defer { pool.shutdown() }
        let results = await pool.map(Array(0..<24)) { item in
            gauge.enter()
            usleep(2000)
            gauge.leave()
            return item * item
        }
        #expect(results == (0..<24).map { $0 * $0 })
        let state = gauge.state.withLock { $0 }
        #expect(state.peak == threads, "ran \(state.peak) at once")
        #expect(state.threads.count == threads)
    }

    @Test func anEmptyListReturnsAtOnce() async {
        let results = await BlockingPool.shared.map([Int]()) { $0 }
        #expect(results.isEmpty)
    }

    @Test func blockingWorkDoesNotHoldTheCooperativePool() async {
        // Two blocked pool threads must not stop other tasks from running meanwhile.
        let gate = DispatchSemaphore(value: 0)
        let pool = BlockingPool(threads: 2)
        defer { pool.shutdown() }
        async let blocked = pool.map([1, 2]) { item in gate.wait(); return item }
        let other = await Task.detached { (0..<1000).reduce(0, +) }.value
        gate.signal(); gate.signal()
        #expect(other == 499500)
        #expect(await blocked == [1, 2])
    }

    @Test func aWidthBelowTheThreadCountLimitsTheBatch() async {
        let pool = BlockingPool(threads: 3)
        defer { pool.shutdown() }
        let gauge = Gauge()
        let results = await pool.map(Array(0..<12), width: 1) { item in
            gauge.enter()
            usleep(1000)
            gauge.leave()
            return item + 1
        }
        #expect(results == Array(1...12))
        #expect(gauge.state.withLock { $0.peak } == 1)
    }

    @Test func runReturnsTheValueAndRethrowsTheTypedError() async {
        let pool = BlockingPool(threads: 1)
        defer { pool.shutdown() }
        #expect(await pool.run { 6 * 7 } == 42)
        await #expect(throws: AlbumError.io("x: cannot read")) {
            try await pool.run { () throws(AlbumError) -> Int in throw .io("x: cannot read") }
        }
    }
}
