import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album thumb FILE... --out DIR`: thumbnails for files, outside any library, on every core.
struct ThumbCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumb", abstract: "Write a JPEG thumbnail of each photo into a folder.",
        discussion: """
            A file already in --out is never replaced unless --force is given, and an input photo is never \
            replaced at all (same file, whatever its path); each file skipped is named and the exit status is 1.
            """)

    @Argument(help: Vocabulary.files) var files: [String]
    @Option(help: ArgumentHelp("The folder to write JPEG thumbnails into (created if missing).", valueName: "dir"))
    var out: String
    @Option(name: .customLong("thumb-size"), parsing: .unconditional, help: "The thumbnail's longer side in pixels (16-4096).")
    var thumbSize = 256
    @Option(parsing: .unconditional, help: "How many photos to decode at once (default: one per core).") var concurrency: Int?
    /// Taken like every command's; thumb reads no library.
    @OptionGroup var global: GlobalOptions
    var json: Bool { global.json }
    /// `--force`: replace thumbnails (files) already in --out; an input photo, a library's file is never replaced.
    @OptionGroup var overwrite: OverwriteOptions

    func validate() throws {
        guard (16...4096).contains(thumbSize) else { throw ValidationError("--thumb-size \(thumbSize) must be 16-4096") }
        if let concurrency, concurrency < 1 { throw ValidationError("--concurrency \(concurrency) must be at least 1") }
        try Self.checkOutIsAFolder(out)
    }

    /// `--out t.jpg` where no `t.jpg` exists yet would become a folder named like a picture; say what
    /// --out means instead. An existing folder of any name is taken as it is.
    static func checkOutIsAFolder(_ out: String) throws {
        let pictureExtensions: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "webp", "gif", "tif", "tiff"]
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: out, isDirectory: &isFolder)
        let ext = URL(fileURLWithPath: out).pathExtension.lowercased()
        if exists, !isFolder.boolValue {
            throw ValidationError("--out \(out) is a file: --out is the folder the thumbnails are written into")
        }
        if !exists, pictureExtensions.contains(ext) {
            throw ValidationError(
                "--out \(out) looks like a picture's name: --out is the folder the thumbnails are written into (e.g. --out thumbs)")
        }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        let protected = overwrite.output(out, library: global).protectedFolders
        try OutputFile(folder, protecting: protected).check(folder: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AlbumError.io("\(out): cannot create the folder: \(error.localizedDescription)")
        }
        let (paths, emptyFolders) = FilePhotos.expandNamingEmptyFolders(files)
        let sources = paths.map { URL(fileURLWithPath: $0) }
        let jobs = zip(sources, Self.uniqueNames(for: sources)).map { (source: $0, destination: folder.appendingPathComponent($1)) }
        let results = await FilePhotos.writeThumbnails(
            jobs, longEdge: thumbSize, replacing: overwrite.force, protecting: protected, concurrency: concurrency)
        let entries = zip(jobs, results).map { ThumbJSON(file: $0.source.relativePath, thumbnail: $0.destination.relativePath, result: $1) }
        if json {
            try Output.json(entries)
        } else {
            Output.text(entries.compactMap(\.text))
        }
        let empty = emptyFolders.map { FilePhotos.noPhotos(in: $0).description }
        try Output.finish(failures: entries.compactMap(\.error) + empty, of: entries.count + empty.count, json: json)
    }

    /// `photo.jpg`, then `photo-2.jpg` for a second source file with the same name.
    static func uniqueNames(for sources: [URL]) -> [String] {
        var used: Set<String> = []
        return sources.map { source in
            let stem = source.deletingPathExtension().lastPathComponent
            var name = "\(stem).jpg", n = 1
            while used.contains(name) { n += 1; name = "\(stem)-\(n).jpg" }
            used.insert(name)
            return name
        }
    }
}

/// One file's thumbnail: `{file, thumbnail, width, height, warnings, error}`.
struct ThumbJSON: Encodable {
    let file: String
    let thumbnail: String?
    let made: FilePhotos.Written?
    let error: String?

    init(file: String, thumbnail: String, result: Result<FilePhotos.Written, AlbumError>) {
        self.file = file
        switch result {
        case .success(let made): (self.thumbnail, self.made, error) = (thumbnail, made, nil)
        case .failure(let failure): (self.thumbnail, made, error) = (nil, nil, failure.description)
        }
    }

    enum Key: String, CodingKey { case file, thumbnail, width, height, warnings, error }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(file, forKey: .file)
        try c.encode(thumbnail, forKey: .thumbnail)
        try c.encode(made?.width, forKey: .width)
        try c.encode(made?.height, forKey: .height)
        try c.encode(made?.warnings ?? [], forKey: .warnings)
        try c.encode(error, forKey: .error)
    }

    /// `photo.jpg → out/photo.jpg  256×171`, with warnings after it.
    var text: String? {
        guard let made, let thumbnail else { return nil }
        return (["\(TerminalText.inline(file)) → \(TerminalText.inline(thumbnail))  \(made.width)×\(made.height)"] + made.warnings.map { "  warning: \($0)" })
            .joined(separator: "\n")
    }
}
