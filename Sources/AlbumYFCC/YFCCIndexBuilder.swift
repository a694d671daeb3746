import AlbumModel
import Foundation

/// Builds the packed index of a YFCC100M file's geotagged photos (see `IndexFormat`).
///
/// The file is read once, as a stream: rows are parsed, kept in memory up to `runBytes`, sorted
/// by (cell, photo id) and written as a sorted run; the runs are then merged into the index.
/// Memory stays flat in the number of rows. After each run, `INDEX.partial/state.json` records
/// how far the file was read, so a killed build resumes from the last run. The index appears
/// under its name only when complete (written aside, synced, renamed).
public struct YFCCIndexBuilder: Sendable {
    /// The dataset file (plain TSV or bzip2), absolute.
    public let dataFile: String
    /// The index file to write, absolute.
    public let indexFile: String
    /// Bytes of records sorted in memory per run.
    public var runBytes: Int
    /// For tests: stop with an error after writing this many runs, as a killed build would.
    var interruptAfterRuns: Int?

    /// Where an index for `dataFile` is looked for when none is named: beside it, `FILE.albumindex`.
    public static func defaultIndexPath(for dataFile: String) -> String { dataFile + ".albumindex" }

    public init(dataFile: String, indexFile: String? = nil, runBytes: Int = 64 << 20) {
        let data = URL(fileURLWithPath: dataFile).standardizedFileURL.path
        self.dataFile = data
        self.indexFile = URL(fileURLWithPath: indexFile ?? Self.defaultIndexPath(for: data)).standardizedFileURL.path
        self.runBytes = runBytes
    }

    var workFolder: String { indexFile + ".partial" }

    /// The identity of the data file as it is now.
    static func identity(of path: String) throws(AlbumError) -> YFCCSourceIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { throw .notFound("does not exist", subject: .file(path)) }
            throw .io("cannot read", subject: .file(path), cause: .errno(Errno(code)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .invalidInput("\(path) is not a regular file") }
        return YFCCSourceIdentity(path: path, size: UInt64(info.st_size), modified: Int64(info.st_mtim.tv_sec))
    }

    /// The report of an index already built from the data file as it is now; nil when there is
    /// none or it was built from another version of the file.
    public func existingReport() -> YFCCIndexReport? {
        guard let index = try? YFCCIndex(file: indexFile), let now = try? Self.identity(of: dataFile),
            index.meta.source == now
        else { return nil }
        return index.meta.report
    }

    /// Reads the whole file and writes the index.
    /// - Parameter progress: called now and then with the lines read so far.
    /// - Throws: `AlbumError.notFound` for a missing file; `.invalidInput` when its first line is
    ///   not a YFCC100M line or its bzip2 data is corrupt; `.io`/`.storage` when a file cannot be
    ///   read or written.
    ///   A build that fails removes its work folder (`INDEX.partial`); only a killed one leaves it,
    ///   to be resumed.
    public func build(progress: (Int) -> Void = { _ in }) throws(AlbumError) -> YFCCIndexReport {
        var interrupted = false
        do {
            return try build(progress: progress, interrupted: &interrupted)
        } catch {
            if !interrupted { try? FileManager.default.removeItem(atPath: workFolder) }
            throw error
        }
    }

    private func build(progress: (Int) -> Void, interrupted: inout Bool) throws(AlbumError) -> YFCCIndexReport {
        let identity = try Self.identity(of: dataFile)
        let file = try FileDescriptor(reading: dataFile)
        var head = [UInt8](repeating: 0, count: 4)
        let headCount = try typed { try head.withUnsafeMutableBytes { try file.read(into: $0) } }
        let compressed = BZip2.looksCompressed(Array(head.prefix(headCount)))
        try file.seek(to: 0)

        var state = try resumableState(identity)
        try makeFolder(workFolder)
        let stream: any ByteStream = compressed ? try BZip2Stream(file: file) : PlainStream(file: file)
        let scanner = LineScanner(stream: stream, path: dataFile)
        if let resumed = state {
            if compressed { try scanner.discard(resumed.offset) } else { try file.seek(to: resumed.offset) }
            scanner.resume(lineNumber: resumed.lines, offset: resumed.offset)
        }

        var run = RunCollector(capacity: runBytes, licenses: state?.licenses ?? [])
        var report = state?.report
            ?? YFCCIndexReport(file: dataFile, index: indexFile, fields: 0, compressed: compressed)
        var parser = state.flatMap { YFCCLayout(rawValue: $0.fields) }.map(YFCCRowParser.init)
        var runs = state?.runs ?? []

        func saveRun() throws(AlbumError) {
            let name = String(format: "run-%05d", runs.count + 1)
            try run.write(to: workFolder + "/" + name)
            runs.append(name)
            let saved = YFCCBuildState(
                source: identity, fields: report.fields, lines: scanner.lineNumber, offset: scanner.offset, runs: runs,
                licenses: run.licenses, report: report)
            try writeState(saved)
            state = saved
            if let limit = interruptAfterRuns, runs.count >= limit {
                interrupted = true
                throw .io("interrupted after \(limit) runs")
            }
        }

        try scanner.forEachLine { (line) throws(AlbumError) -> Bool in
            if parser == nil {
                let layout = try YFCCLayout.detect(firstLine: line, file: dataFile)
                parser = YFCCRowParser(layout: layout)
                report.fields = layout.fieldCount
            }
            report.lines += 1
            switch parser!.parse(line) {
            case .photo(let row):
                run.add(row)
                report.photos += 1
                if let date = row.impossibleDate {
                    report.malformedFields += 1
                    if report.problems.count < YFCCIndexReport.maxProblems {
                        report.problems.append(YFCCProblem(
                            line: scanner.lineNumber,
                            reason: "has date taken '\(YFCCRowParser.text(date))', not a date that exists: indexed without a date"))
                    }
                }
            case .video: report.videos += 1
            case .notGeotagged: report.notGeotagged += 1
            case .malformed(let reason):
                report.malformed += 1
                if report.problems.count < YFCCIndexReport.maxProblems {
                    report.problems.append(YFCCProblem(line: scanner.lineNumber, reason: reason))
                }
            }
            if run.isFull {
                try saveRun()
                progress(report.lines)
            } else if report.lines & 0xFFFFF == 0 {
                progress(report.lines)
            }
            return true
        }
        guard parser != nil else { throw .invalidInput("\(dataFile) is empty: no YFCC100M lines") }
        if !run.isEmpty || runs.isEmpty { try saveRun() }
        let meta = YFCCIndexMeta(source: identity, licenses: run.licenses, report: report)
        try RunMerger(folder: workFolder, runs: runs).merge(into: indexFile, meta: meta)
        try? FileManager.default.removeItem(atPath: workFolder)
        return report
    }

    /// The state of an interrupted build of the same file into the same index, if any.
    private func resumableState(_ identity: YFCCSourceIdentity) throws(AlbumError) -> YFCCBuildState? {
        let path = workFolder + "/state.json"
        guard let data = FileManager.default.contents(atPath: path),
            let state = try? JSONDecoder().decode(YFCCBuildState.self, from: data),
            state.source == identity, state.report.index == indexFile,
            state.runs.allSatisfy({ FileManager.default.fileExists(atPath: workFolder + "/" + $0) })
        else {
            try? FileManager.default.removeItem(atPath: workFolder)
            return nil
        }
        return state
    }

    private func makeFolder(_ path: String) throws(AlbumError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(path) (give --index PATH for an index elsewhere): \(error.localizedDescription)")
        }
    }

    private func writeState(_ state: YFCCBuildState) throws(AlbumError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(state) } catch { throw .io("cannot encode the build state: \(error)") }
        try Self.writeAtomically(data, to: workFolder + "/state.json")
    }

    /// Writes `data` to a temporary name, syncs it, renames it over `path`.
    static func writeAtomically(_ data: Data, to path: String) throws(AlbumError) {
        let temporary = path + ".tmp"
        let file = try FileDescriptor(creating: temporary)
        try typed { try data.withUnsafeBytes { try file.write($0, at: 0) } }
        try file.sync()
        guard rename(temporary, path) == 0 else { throw FileDescriptor.error(errno, "cannot rename into place", temporary) }
    }
}
