import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album yfcc query-times INDEX`: times radius queries on an index, in this process (for
/// bench/yfcc.sh; hidden from help). Centres are the positions of photos picked at random.
struct YFCCQueryTimesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query-times", abstract: "Time radius queries on a YFCC index (for benchmarks).",
        shouldDisplay: false)

    @Argument(help: ArgumentHelp("The index file.", valueName: "index")) var index: String
    @Option(name: .customLong("radius-km"), help: "Query radius in km.") var radiusKm = 1.0
    @Option(help: "How many queries.") var queries = 1000
    @Option(name: .customLong("per-page"), help: Vocabulary.perPage) var perPage = 30
    @Option(help: "Seed for the query centres.") var seed: UInt64 = 16

    func run() throws {
        let opened = try YFCCIndex(file: index)
        let centres = opened.samplePositions(count: queries, seed: seed)
        var times: [Double] = [], cpuTimes: [Double] = []
        var totals = 0, largest = 0
        for centre in centres {
            let start = ContinuousClock.now, cpuStart = Self.threadCPUTime()
            let result = opened.search(center: centre, radiusKm: radiusKm, page: 1, perPage: perPage)
            cpuTimes.append((Self.threadCPUTime() - cpuStart) * 1000)
            times.append((ContinuousClock.now - start) / .milliseconds(1))
            totals += result.total
            largest = max(largest, result.total)
        }
        times.sort()
        cpuTimes.sort()
        func percentile(_ values: [Double], _ p: Double) -> Double {
            values.isEmpty ? 0 : values[min(values.count - 1, Int(Double(values.count) * p))]
        }
        let summary: [String: Double] = [
            "queries": Double(times.count), "radiusKm": radiusKm, "p50Ms": percentile(times, 0.5),
            "p99Ms": percentile(times, 0.99), "maxMs": times.last ?? 0, "cpuP50Ms": percentile(cpuTimes, 0.5),
            "cpuP99Ms": percentile(cpuTimes, 0.99), "cpuMaxMs": cpuTimes.last ?? 0,
            "meanTotal": times.isEmpty ? 0 : Double(totals) / Double(times.count), "largestTotal": Double(largest),
        ]
        try Output.json(summary)
    }

    /// CPU seconds this thread has used: what a query costs without the waits of a busy machine.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
