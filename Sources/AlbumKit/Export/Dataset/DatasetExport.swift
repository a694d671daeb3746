import AlbumFiles
import AlbumModel
import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `album export dataset` (issue 30, decision 0086): WebDataset tar shards (or folders of files)
/// of the exported photos in id order, each sample an image and its JSON, with `manifest.json`
/// and `SHA256SUMS` naming the SHA-256 of every file written.
///
/// Streamed (`TarWriter`), deterministic (same library, same bytes) and resumable. Shards are
/// independent (a shard's bytes are its samples'), so `options.concurrency` of them are written
/// at once, each by one thread (`ShardWriting`, decision 0132). Each shard is recorded in
/// `.album-dataset` as soon as it is in place, with a fingerprint of its samples and its files'
/// SHA-256s and sizes, marked `unsynced`: nothing waits for the disk while shards are written.
/// When all are, every shard is synced, then the state (all synced), `SHA256SUMS` and
/// `manifest.json`, each fsynced before its rename, then the folder: a finished export survives
/// a power cut. A run after an interrupted one keeps every recorded shard whose samples are
/// unchanged — a shard recorded `unsynced` only when its bytes read back still have the
/// recorded SHA-256 (a power cut may have lost them) — and writes the rest. Files in the folder
/// that no export there wrote are never replaced unless `force`.
public struct DatasetExport: Sendable {
    public static let stateName = ".album-dataset"
    public static let manifestName = "manifest.json"
    public static let sumsName = "SHA256SUMS"

    public let folder: URL
    public let options: DatasetOptions
    /// The library's folder, held open: the images under it are opened relative to it.
    let library: OpenFolder?

    /// - Parameter library: the folder of the library the photos are in (nil: each image is
    ///   opened by its whole path).
    public init(folder: URL, options: DatasetOptions, library: String? = nil) {
        self.folder = folder
        self.options = options
        self.library = library.flatMap { OpenFolder(path: $0) }
    }

    /// One written shard as the state file records it.
    struct Finished: Sendable {
        var name: String
        var fingerprint: String
        var files: [(name: String, sha256: String, bytes: Int64)]
        /// Whether its files were on the disk (synced) when it was recorded so.
        var synced = true
    }

    /// Writes the dataset of the photos `next` gives, a page at a time in id order (as
    /// `ResearchPhotoPages` reads them; an empty page ends them). Shards are written while
    /// pages are read: shard k as soon as its photos are in (decision 0135).
    public func write(pages next: () async throws(AlbumError) -> [ResearchPhoto]) async throws(AlbumError) -> DatasetReport {
        try makeFolder()
        // What a killed run was writing (`.part` files of processes no longer running) goes.
        AtomicFile.removeLeftovers(under: folder)
        let previous = readState()
        try markFolder()
        let shardSize = max(1, options.shardSize)
        let writing = ShardWriting(export: self, previous: previous)
        writing.start(workers: options.concurrency)
        // The next shard's photos: runs of pages (slices share a page's storage), `count` of
        // them admitted so far.
        var part: ShardWriting.Photos = []
        var count = 0
        var byLicense = 0, noFile = 0, samples = 0, shardCount = 0
        do throws(AlbumError) {
            reading: while writing.wanted {
                let page = try await next()
                if page.isEmpty { break reading }
                var run: Int?
                for (index, exported) in page.enumerated() {
                    let admitted = options.admits(exported.photo)
                    let taken = admitted && image(of: exported) != nil
                    if !admitted { byLicense += 1 } else if !taken { noFile += 1 }
                    guard taken else {
                        if let start = run { part.append(page[start..<index]) }
                        run = nil
                        continue
                    }
                    let start = run ?? index
                    run = start
                    count += 1
                    guard count == shardSize else { continue }
                    part.append(page[start...index])
                    writing.add(part)
                    (samples, shardCount) = (samples + count, shardCount + 1)
                    (part, count, run) = ([], 0, nil)
                }
                if let start = run { part.append(page[start...]) }
            }
            if count > 0 {
                writing.add(part)
                (samples, shardCount) = (samples + count, shardCount + 1)
            }
            part = []
            writing.close()
        } catch {
            writing.close(failing: error)
        }
        let kept = try await writing.finish()
        // Durable at the end: the shards' bytes, then their names, then the state, sums and
        // manifest (each synced before its rename), then their names.
        try syncShards(kept.filter { !$0.done.synced }.map(\.done))
        var finished = kept.map(\.done)
        for index in finished.indices { finished[index].synced = true }
        // Shards an earlier export here wrote past the new end are the dataset's no more.
        for (name, _) in previous where !finished.contains(where: { $0.name == name }) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try rewriteState(finished)
        try writeManifest(finished, samples: samples)
        try AtomicFile.sync(folder.path)
        let bytes = finished.reduce(Int64(0)) { $0 + $1.files.reduce(0) { $0 + $1.bytes } }
        let reused = kept.count(where: \.reused)
        return DatasetReport(
            folder: folder.path, samples: samples, shards: shardCount, reusedShards: reused, leftOutByLicense: byLicense,
            leftOutNoFile: noFile, bytes: bytes)
    }

    /// One shard: kept when an earlier run recorded it and it still holds these samples whole,
    /// else written (in place, recorded unsynced). Called by one of `ShardWriting`'s threads.
    func shard(_ index: Int, _ part: ShardWriting.Photos, previous: Finished?) throws(AlbumError) -> (done: Finished, reused: Bool) {
        let samples = ArraySlice(part.joined().compactMap { photo in image(of: photo).map { DatasetSample(photo, image: $0) } })
        let name = options.format == .webdataset ? Self.shardName("shard-", index) : Self.shardName("part-", index)
        // A shard an earlier run recorded is kept when its samples and their files are unchanged
        // (the files' sizes and change times: a thumbnail re-made in place is noticed) and it is
        // whole: its size, and when it was not known synced its SHA-256 read back. A new shard's
        // fingerprint is taken from the files as they are written: no stat a sample.
        if let done = previous, done.fingerprint == Self.fingerprint(samples, format: options.format, stamps: samples.map { FileStamp(path: $0.imagePath) }),
           stillThere(done) {
            return (done, true)
        }
        return (options.format == .webdataset ? try writeTar(name, samples) : try writeFolder(name, samples), false)
    }

    /// The path of the photo's file the export takes (`options.size`), if it has one.
    func image(of exported: ResearchPhoto) -> String? {
        options.size == .original ? exported.filePath : exported.thumbnailPath
    }

    /// `shard-000042.tar` / `part-000042` (`String(format:)` is slow on Linux).
    static func shardName(_ prefix: String, _ index: Int) -> String {
        let digits = String(index)
        let name = prefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        return prefix == "shard-" ? name + ".tar" : name
    }

    /// An image file's size and change time as the fingerprint takes them (nil: not readable).
    struct FileStamp {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        init(size: Int64, seconds: Int, nanoseconds: Int) {
            (self.size, self.seconds, self.nanoseconds) = (size, seconds, nanoseconds)
        }

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(size: Int64(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        }
    }

    static func fingerprint(_ samples: ArraySlice<DatasetSample>, format: DatasetOptions.Format, stamps: [FileStamp?]) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(format.rawValue.utf8))
        var text: [UInt8] = []
        text.reserveCapacity(2_048)
        for (sample, stamp) in zip(samples, stamps) {
            text.removeAll(keepingCapacity: true)
            sample.fingerprint(into: &text)
            if let stamp {
                text.append(UInt8(ascii: "\t"))
                text += String(stamp.size).utf8
                text.append(UInt8(ascii: "\t"))
                text += String(stamp.seconds).utf8
                text.append(UInt8(ascii: "."))
                text += String(stamp.nanoseconds).utf8
                text.append(UInt8(ascii: "\n"))
            }
            text.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        }
        return ContentHash.hex(hasher.finalize())
    }

    /// Writes a shard and puts it in place, not synced.
    private func writeTar(_ name: String, _ samples: ArraySlice<DatasetSample>) throws(AlbumError) -> Finished {
        let tar = try TarWriter(path: folder.appendingPathComponent(name).path)
        var stamps: [FileStamp?] = []
        stamps.reserveCapacity(samples.count)
        for sample in samples {
            let file = try tar.appendFile(name: sample.imageName, from: sample.imagePath, within: library)
            stamps.append(FileStamp(size: file.size, seconds: file.modifiedSeconds, nanoseconds: file.modifiedNanoseconds))
            try tar.append(name: sample.key + ".json", data: sample.json)
        }
        let sha = try tar.end()
        try tar.place()
        return Finished(name: name, fingerprint: Self.fingerprint(samples, format: options.format, stamps: stamps), files: [(name, sha, tar.bytes)], synced: false)
    }

    private func writeFolder(_ name: String, _ samples: ArraySlice<DatasetSample>) throws(AlbumError) -> Finished {
        let fingerprint = Self.fingerprint(samples, format: options.format, stamps: samples.map { FileStamp(path: $0.imagePath) })
        let part = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: part)
        do { try FileManager.default.createDirectory(at: part, withIntermediateDirectories: true) } catch {
            throw .io(AlbumError.Detail("cannot create folder", subject: .file(part.path)))
        }
        var files: [(name: String, sha256: String, bytes: Int64)] = []
        for sample in samples {
            let image: Data
            do { image = try Data(contentsOf: URL(fileURLWithPath: sample.imagePath, isDirectory: false)) } catch {
                throw .io(AlbumError.Detail("cannot read", subject: .file(sample.imagePath)))
            }
            for (file, data) in [(sample.imageName, image), (sample.key + ".json", Data(sample.json))] {
                try AtomicFile.write(data, to: part.appendingPathComponent(file))
                files.append((name + "/" + file, ContentHash(of: data).hex, Int64(data.count)))
            }
        }
        return Finished(name: name, fingerprint: fingerprint, files: files, synced: false)
    }

    /// Puts written shards on the disk: each file by its fsync (a tar shard's writeback was
    /// started when it was ended, `TarWriter.end`), a folder of files then the folder itself;
    /// then the export's folder, for their names.
    private func syncShards(_ shards: [Finished]) throws(AlbumError) {
        guard !shards.isEmpty else { return }
        for shard in shards {
            for file in shard.files { try AtomicFile.sync(folder.appendingPathComponent(file.name).path) }
            if options.format == .files { try AtomicFile.sync(folder.appendingPathComponent(shard.name).path) }
        }
        try AtomicFile.sync(folder.path)
    }

    // MARK: The folder's rule and the state file

    private func makeFolder() throws(AlbumError) {
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .io(AlbumError.Detail("cannot create folder", subject: .file(folder.path)))
        }
        // A folder with files, none of them an earlier export's, is someone else's.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if !options.force, !names.isEmpty, !names.contains(Self.stateName) {
            let clash = names.filter { $0 == Self.manifestName || $0 == Self.sumsName || $0.hasPrefix("shard-") || $0.hasPrefix("part-") }
            if let first = clash.sorted().first {
                throw .invalidInput(
                    "\(folder.appendingPathComponent(first).path) exists and no dataset export wrote it: not replaced (give --force, or another --out)")
            }
        }
    }

    /// Whether a recorded shard's files are still whole: their sizes, and when the shard was not
    /// known synced (a power cut may have lost what the kernel had not written) their SHA-256s
    /// read back.
    private func stillThere(_ done: Finished) -> Bool {
        done.files.allSatisfy { file in
            let path = folder.appendingPathComponent(file.name).path
            var info = stat()
            guard stat(path, &info) == 0, Int64(info.st_size) == file.bytes else { return false }
            return done.synced || ContentHash(readingFile: path)?.hex == file.sha256
        }
    }

    /// `.album-dataset`: one line a shard, `name fingerprint`, with ` unsynced` after it while its
    /// files may not be on the disk yet; then a line a file: `\tfile sha256 bytes`. Lines are
    /// appended as shards are written, in any order; a line cut short by a power cut makes its
    /// shard not match, and it is written again. A finished export rewrites it in shard order,
    /// all synced.
    private func readState() -> [String: Finished] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(Self.stateName), encoding: .utf8) else { return [:] }
        var result: [String: Finished] = [:]
        var current: Finished?
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if line.hasPrefix("\t"), parts.count == 3, var shard = current, let bytes = Int64(parts[2]) {
                shard.files.append((String(parts[0].dropFirst()), String(parts[1]), bytes))
                current = shard
                result[shard.name] = shard
            } else if parts.count == 2 || (parts.count == 3 && parts[2] == "unsynced") {
                current = Finished(name: String(parts[0]), fingerprint: String(parts[1]), files: [], synced: parts.count == 2)
            } else {
                current = nil
            }
        }
        return result
    }

    /// The state file made (empty) and put on the disk with its name before the first shard, so
    /// that a shard in place is always in a folder known as an export's (`makeFolder`), after a
    /// kill or a power cut.
    private func markFolder() throws(AlbumError) {
        let path = folder.appendingPathComponent(Self.stateName).path
        guard access(path, F_OK) != 0 else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AtomicFile.failure("cannot write", path, errno) }
        close(fd)
        try AtomicFile.sync(path)
        try AtomicFile.sync(folder.path)
    }

    private static func stateLines(_ done: Finished) -> String {
        "\(done.name) \(done.fingerprint)\(done.synced ? "" : " unsynced")\n" + done.files.map { "\t\($0.name) \($0.sha256) \($0.bytes)\n" }.joined()
    }

    /// Appends a shard's lines to the state file, not synced: what a killed process wrote is kept
    /// by the kernel, and after a power cut an unsynced shard is checked by its SHA-256. One call
    /// at a time (`ShardWriting` holds its lock).
    func appendState(_ done: Finished) throws(AlbumError) {
        let path = folder.appendingPathComponent(Self.stateName).path
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw AtomicFile.failure("cannot write", path, errno) }
        defer { close(fd) }
        let bytes = Array(Self.stateLines(done).utf8)
        let wrote = bytes.withUnsafeBytes { raw in Errno.retryingInterrupts { Glibc.write(fd, raw.baseAddress, raw.count) } }
        guard wrote == bytes.count else { throw AtomicFile.failure("cannot write", path, errno) }
    }

    private func rewriteState(_ kept: [Finished]) throws(AlbumError) {
        try AtomicFile.write(Data(kept.map(Self.stateLines).joined().utf8), to: folder.appendingPathComponent(Self.stateName), synced: true)
    }

    private func writeManifest(_ kept: [Finished], samples: Int) throws(AlbumError) {
        let files = kept.flatMap(\.files)
        let sums = files.map { "\($0.sha256)  \($0.name)\n" }.joined()
        let list = files.map { "    {\"bytes\": \($0.bytes), \"name\": \"\(Self.jsonEscaped($0.name))\", \"sha256\": \"\($0.sha256)\"}" }
        let manifest = """
            {
              "files": [
            \(list.joined(separator: ",\n"))
              ],
              "format": "\(options.format.rawValue)",
              "samples": \(samples),
              "shardSize": \(max(1, options.shardSize)),
              "size": "\(options.size.rawValue)"
            }

            """
        try AtomicFile.write(Data(sums.utf8), to: folder.appendingPathComponent(Self.sumsName), synced: true)
        try AtomicFile.write(Data(manifest.utf8), to: folder.appendingPathComponent(Self.manifestName), synced: true)
    }

    private static func jsonEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
