import Foundation
import Synchronization
import Testing
@testable import AlbumImaging

@Suite struct ParallelMapTests {
    /// Counts how many bodies run at once.
    final class Gauge: Sendable {
        let state = Mutex((now: 0, peak: 0, threads: Set<String>()))
        func enter() { state.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now); $0.threads.insert("\(pthread_self())") } }
        func leave() { state.withLock { $0.now -= 1 } }
    }

    @Test(arguments: [1, 2, 3])
    func keepsOrderAndRunsAtMostNAtOnce(threads: Int) async {
        let gauge = Gauge()
        let results = await ParallelMap(threads: threads).map(Array(0..<24)) { item in
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
        let results = await ParallelMap().map([Int]()) { $0 }
        #expect(results.isEmpty)
    }

    @Test func blockingWorkDoesNotHoldTheCooperativePool() async {
        // Two blocked pool threads must not stop other tasks from running meanwhile.
        let gate = DispatchSemaphore(value: 0)
        async let blocked = ParallelMap(threads: 2).map([1, 2]) { item in gate.wait(); return item }
        let other = await Task.detached { (0..<1000).reduce(0, +) }.value
        gate.signal(); gate.signal()
        #expect(other == 499500)
        #expect(await blocked == [1, 2])
    }
}
