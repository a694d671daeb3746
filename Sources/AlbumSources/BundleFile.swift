import AlbumModel
import Foundation

/// Finding and decoding a bundle's JSON file.
enum BundleFile {
    /// The JSON file of a bundle folder: `photos.json` when present, else the only `*.json` file
    /// in it (hidden files ignored).
    /// - Throws: `AlbumError.notFound` when there is none, `.invalidInput` when several could be
    ///   meant, `.io` when the folder cannot be listed.
    static func find(in folder: String) throws(AlbumError) -> String {
        let preferred = folder + "/photos.json"
        if FileManager.default.fileExists(atPath: preferred) { return preferred }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .io("cannot list bundle folder", subject: .file(folder), cause: .of(error))
        }
        let candidates = names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        switch candidates.count {
        case 0:
            throw .notFound("bundle folder \(folder) has no JSON file: expected photos.json or a single *.json file")
        case 1:
            return folder + "/" + candidates[0]
        default:
            throw .invalidInput(
                "bundle folder \(folder) has several JSON files (\(candidates.joined(separator: ", "))) "
                    + "and no photos.json: rename the one to use to photos.json, or name the file itself")
        }
    }

    /// The records of the JSON list in `file`.
    /// - Throws: `AlbumError.io` when the file cannot be read; `.invalidInput` naming the file and
    ///   the line and column when it is not JSON, or not a list at the top level.
    static func records(of file: String) throws(AlbumError) -> [BundleRecord] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw .io("cannot read bundle file", subject: .file(file), cause: .of(error))
        }
        return try records(in: data, named: file)
    }

    /// The records of a JSON list held in memory (`name` is the file or URL it came from).
    /// - Throws: `.invalidInput` naming `name` and the line and column when it is not JSON, or
    ///   not a list at the top level.
    static func records(in data: Data, named file: String) throws(AlbumError) -> [BundleRecord] {
        do {
            return try JSONDecoder().decode([BundleRecord].self, from: data)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw .invalidInput("\(file): expected a JSON list of photo records at the top level")
        } catch {
            throw .invalidInput("\(file): malformed JSON \(whereMalformed(data))")
        }
    }

    /// "at line L, column C: what" for data that is not JSON, from the parser's byte offset.
    static func whereMalformed(_ data: Data) -> String {
        let message: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "(the JSON parser gave no position)"
        } catch let error as NSError {
            message = error.userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        }
        // Foundation says "… around character N." (a 0-based byte offset) or "Unexpected end of file …".
        var offset = data.count
        if let range = message.range(of: "around character ") {
            let digits = message[range.upperBound...].prefix { $0.isNumber }
            offset = min(Int(digits) ?? data.count, data.count)
        }
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // count characters, not UTF-8 continuation bytes
                column += 1
            }
        }
        let what = message.hasSuffix(".") ? String(message.dropLast()) : message
        return "at line \(line), column \(column) (byte \(offset)): \(what)"
    }
}
