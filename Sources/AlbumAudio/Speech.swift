import AlbumModel
import CGeoAlbumShim
import Foundation

/// Speech for transcripts (issue 32): a sound file as 16 kHz mono samples (FFmpeg's decoder and
/// libswresample, loaded on first use), and CMU PocketSphinx's US English recogniser from
/// Debian (libpocketsphinx3, pocketsphinx-en-us), loaded on first use too.
public enum Speech {
    /// The sample rate PocketSphinx's US English model was trained at.
    public static let sampleRate = 16_000

    /// FFmpeg and libswresample, loaded once: nil, or why not (naming the Debian package).
    private static let audioUnavailable: String? = ga_speech_audio_load().map { String(cString: $0) }

    /// The file's best audio stream, mixed to mono, resampled to 16 kHz.
    /// - Throws: `.io` when FFmpeg or libswresample cannot be loaded, `.invalidInput` naming the
    ///   file with the reason when it cannot be decoded or is longer than `maxDurationMs`.
    public static func samples(of url: URL, maxDurationMs: Int64? = nil) throws(AlbumError) -> [Int16] {
        if let why = audioUnavailable { throw .io(why, subject: .file(url.path)) }
        var pointer: UnsafeMutablePointer<Int16>?
        var count = 0
        var error = [CChar](repeating: 0, count: 256)
        guard ga_speech_decode(url.path, maxDurationMs ?? 0, &pointer, &count, &error, error.count) == 0 else {
            throw .invalidInput(text(error), subject: .file(url.path))
        }
        defer { ga_speech_free(pointer) }
        guard let pointer else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// A 16-bit mono WAV file of the samples (what `--transcriber` commands are given).
    public static func wav(_ samples: [Int16], rate: Int = sampleRate) -> Data {
        var data = Data()
        func le<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = UInt32(samples.count * 2)
        data.append(contentsOf: Array("RIFF".utf8)); le(36 + bytes); data.append(contentsOf: Array("WAVEfmt ".utf8))
        le(UInt32(16)); le(UInt16(1)); le(UInt16(1)); le(UInt32(rate)); le(UInt32(rate * 2)); le(UInt16(2)); le(UInt16(16))
        data.append(contentsOf: Array("data".utf8)); le(bytes)
        samples.withUnsafeBytes { raw in
            if Int16(littleEndian: 1) == 1 { data.append(contentsOf: raw) } else { for s in samples { le(s) } }
        }
        return data
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// CMU PocketSphinx 5prealpha with Debian's US English model: its acoustic model, language
/// model and dictionary under `/usr/share/pocketsphinx/model/en-us`.
public struct PocketSphinx: Sendable {
    public static let defaultModelFolder = "/usr/share/pocketsphinx/model/en-us"
    public static let packages = "libpocketsphinx3 and pocketsphinx-en-us (apt-get install libpocketsphinx3 pocketsphinx-en-us)"

    public let modelFolder: String

    public init(modelFolder: String = PocketSphinx.defaultModelFolder) {
        self.modelFolder = modelFolder
    }

    /// The model's three parts, when all are there.
    /// - Throws: `.io` naming the package when one is missing.
    func modelFiles() throws(AlbumError) -> (hmm: String, lm: String, dict: String) {
        let files = (hmm: modelFolder + "/en-us", lm: modelFolder + "/en-us.lm.bin", dict: modelFolder + "/cmudict-en-us.dict")
        for path in [files.hmm + "/mdef", files.lm, files.dict] where !FileManager.default.fileExists(atPath: path) {
            throw .io("PocketSphinx's US English model is missing (\(path)); transcripts need Debian's \(Self.packages)")
        }
        return files
    }

    /// Checks that the library and the model load, without transcribing.
    public func check() throws(AlbumError) {
        if let why = ga_pocketsphinx_load() { throw .io(String(cString: why)) }
        _ = try modelFiles()
    }

    /// The words PocketSphinx hears in 16 kHz mono samples ("" for silence).
    /// - Throws: `.io` when the library or the model is missing, `.invalidInput` when it fails.
    public func transcribe(_ samples: [Int16]) throws(AlbumError) -> String {
        try check()
        let files = try modelFiles()
        var error = [CChar](repeating: 0, count: 512)
        let text = samples.withUnsafeBufferPointer { buffer in
            ga_pocketsphinx_transcribe(buffer.baseAddress, buffer.count, files.hmm, files.lm, files.dict, &error, error.count)
        }
        guard let text else { throw .invalidInput(Speech.text(error)) }
        defer { ga_speech_free(text) }
        return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
