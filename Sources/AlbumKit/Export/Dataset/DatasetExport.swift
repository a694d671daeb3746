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
/// Streamed (`TarWriter`), deterministic (same library, same bytes) and resumable: each finished
/// shard is recorded in `.album-dataset` with a fingerprint of its samples; a run after a killed
/// one keeps every finished shard whose samples are unchanged and writes only the rest. Files in
/// the folder that no export there wrote are never replaced unless `force`.
public struct DatasetExport {
    public static let stateName = ".album-dataset"
    public static let manifestName = "manifest.json"
    public static let sumsName = "SHA256SUMS"

    public let folder: URL
    public let options: DatasetOptions

    public init(folder: URL, options: DatasetOptions) {
        self.folder = folder
        self.options = options
    }

    /// One finished shard as the state file records it.
    struct Finished {
        var name: String
        var fingerprint: String
        var files: [(name: String, sha256: String, bytes: Int64)]
    }

    /// Writes the dataset of `photos` (in id order, as `Library.researchPhotos` reads them);
    /// `progress` is called after each shard (done, total).
    public func write(_ photos: [ResearchPhoto], progress: (Int, Int) -> Void = { _, _ in }) throws(AlbumError) -> DatasetReport {
        var chosen: [(photo: ResearchPhoto, image: String)] = []
        chosen.reserveCapacity(photos.count)
        var byLicense = 0, noFile = 0
        for exported in photos {
            guard options.admits(exported.photo) else { byLicense += 1; continue }
            guard let image = options.size == .original ? exported.filePath : exported.thumbnailPath else { noFile += 1; continue }
            chosen.append((exported, image))
        }
        try makeFolder()
        let previous = readState()
        var kept: [Finished] = []
        let shardSize = max(1, options.shardSize)
        let shardCount = (chosen.count + shardSize - 1) / shardSize
        // A shard's samples (their JSON) are made on a second thread while the shard before is
        // written (decision 0123): they cost about what the kernel's copy of their images does.
        let making = SampleMaking(chosen, shardSize: shardSize)
        if shardCount > 0 { making.start(0) }
        var reused = 0
        var bytes: Int64 = 0
        // A tar shard is made durable (fsync, rename, recorded) after the next one is written:
        // its writeback, started when it was ended, runs meanwhile (`TarWriter.end`).
        var unsettled: (tar: TarWriter, done: Finished)?
        func settle() throws(AlbumError) {
            guard let (tar, done) = unsettled else { return }
            unsettled = nil
            try tar.settle()
            try appendState(done)
        }
        for index in 0..<shardCount {
            let slice = ArraySlice(making.take(index))
            if index + 1 < shardCount { making.start(index + 1) }
            let name = options.format == .webdataset ? Self.shardName("shard-", index) : Self.shardName("part-", index)
            // A shard an earlier run finished is kept when its samples and their files are unchanged
            // (the files' sizes and change times: a thumbnail re-made in place is noticed). A new
            // shard's fingerprint is taken from the files as they are written: no stat a sample.
            if let done = previous[name], done.fingerprint == Self.fingerprint(slice, format: options.format, stamps: slice.map { FileStamp(path: $0.imagePath) }),
               stillThere(done) {
                kept.append(done)
                reused += 1
            } else if options.format == .webdataset {
                try checkOurs(name, previous: previous)
                let written = try writeTar(name, slice)
                kept.append(written.done)
                try settle()
                unsettled = written
            } else {
                try checkOurs(name, previous: previous)
                let done = try writeFolder(name, slice)
                kept.append(done)
                try appendState(done)
            }
            bytes += kept.last?.files.reduce(0) { $0 + $1.bytes } ?? 0
            progress(index + 1, shardCount)
        }
        try settle()
        // Shards an earlier export here wrote past the new end are the dataset's no more.
        for (name, _) in previous where !kept.contains(where: { $0.name == name }) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try writeManifest(kept, samples: chosen.count)
        try rewriteState(kept)
        return DatasetReport(
            folder: folder.path, samples: chosen.count, shards: shardCount, reusedShards: reused, leftOutByLicense: byLicense,
            leftOutNoFile: noFile, bytes: bytes)
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
        for (sample, stamp) in zip(samples, stamps) {
            sample.fingerprint(into: &hasher)
            if let stamp {
                var line = "\t\(stamp.size)\t\(stamp.seconds).\(stamp.nanoseconds)\n"
                line.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            }
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Writes a shard and ends it (`TarWriter.end`); the caller settles it.
    private func writeTar(_ name: String, _ samples: ArraySlice<DatasetSample>) throws(AlbumError) -> (tar: TarWriter, done: Finished) {
        let tar = try TarWriter(path: folder.appendingPathComponent(name).path)
        var stamps: [FileStamp?] = []
        stamps.reserveCapacity(samples.count)
        for sample in samples {
            let file = try tar.appendFile(name: sample.imageName, from: sample.imagePath)
            stamps.append(FileStamp(size: file.size, seconds: file.modifiedSeconds, nanoseconds: file.modifiedNanoseconds))
            try tar.append(name: sample.key + ".json", data: sample.json)
        }
        let sha = try tar.end()
        return (tar, Finished(name: name, fingerprint: Self.fingerprint(samples, format: options.format, stamps: stamps), files: [(name, sha, tar.bytes)]))
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
        return Finished(name: name, fingerprint: fingerprint, files: files)
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

    /// Refuses to replace `name` when it exists and no export here recorded it.
    private func checkOurs(_ name: String, previous: [String: Finished]) throws(AlbumError) {
        let path = folder.appendingPathComponent(name).path
        guard !options.force, previous[name] == nil, FileManager.default.fileExists(atPath: path),
              !FileManager.default.fileExists(atPath: folder.appendingPathComponent(Self.stateName).path)
        else { return }
        throw .invalidInput("\(path) exists and no dataset export wrote it: not replaced (give --force, or another --out)")
    }

    private func stillThere(_ done: Finished) -> Bool {
        done.files.allSatisfy { file in
            var info = stat()
            return stat(folder.appendingPathComponent(file.name).path, &info) == 0 && Int64(info.st_size) == file.bytes
        }
    }

    /// `.album-dataset`: one line a finished shard, `name fingerprint`, then a line a file:
    /// `\tfile sha256 bytes`.
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
            } else if parts.count == 2 {
                current = Finished(name: String(parts[0]), fingerprint: String(parts[1]), files: [])
            }
        }
        return result
    }

    private static func stateLines(_ done: Finished) -> String {
        "\(done.name) \(done.fingerprint)\n" + done.files.map { "\t\($0.name) \($0.sha256) \($0.bytes)\n" }.joined()
    }

    private func appendState(_ done: Finished) throws(AlbumError) {
        let path = folder.appendingPathComponent(Self.stateName).path
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else { throw AtomicFile.failure("cannot write", path, errno) }
        defer { close(fd) }
        let bytes = Array(Self.stateLines(done).utf8)
        let wrote = bytes.withUnsafeBytes { raw in Errno.retryingInterrupts { Glibc.write(fd, raw.baseAddress, raw.count) } }
        guard wrote == bytes.count, fsync(fd) == 0 else { throw AtomicFile.failure("cannot write", path, errno) }
    }

    private func rewriteState(_ kept: [Finished]) throws(AlbumError) {
        try AtomicFile.write(Data(kept.map(Self.stateLines).joined().utf8), to: folder.appendingPathComponent(Self.stateName))
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
        try AtomicFile.write(Data(sums.utf8), to: folder.appendingPathComponent(Self.sumsName))
        try AtomicFile.write(Data(manifest.utf8), to: folder.appendingPathComponent(Self.manifestName))
    }

    private static func jsonEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}

/// The samples of one shard at a time made on a serial queue (`DatasetExport.write`): `start(k)`
/// makes shard k's while the caller writes shard k - 1; `take(k)` waits for them. The queue is
/// the only writer of `made` between a `start` and the `take` after it, which waits for the
/// queue: that order is the synchronisation (hence `@unchecked Sendable`).
private final class SampleMaking: @unchecked Sendable {
    private let chosen: [(photo: ResearchPhoto, image: String)]
    private let shardSize: Int
    private let queue = DispatchQueue(label: "geoalbum.dataset-samples")
    private var made: [Int: [DatasetSample]] = [:]

    init(_ chosen: [(photo: ResearchPhoto, image: String)], shardSize: Int) {
        self.chosen = chosen
        self.shardSize = shardSize
    }

    func start(_ index: Int) {
        queue.async {
            let part = self.chosen[(index * self.shardSize)..<min(self.chosen.count, (index + 1) * self.shardSize)]
            self.made[index] = part.map { DatasetSample($0.photo, image: $0.image) }
        }
    }

    func take(_ index: Int) -> [DatasetSample] {
        queue.sync {}
        return made.removeValue(forKey: index) ?? []
    }
}
