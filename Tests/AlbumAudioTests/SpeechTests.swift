import AlbumAudio
import AlbumModel
import Foundation
import Testing
import TestSupport

/// Speech for transcripts (issue 32): clips spoken by espeak-ng, decoded to 16 kHz mono by
/// FFmpeg and libswresample, heard by PocketSphinx from Debian.
@Suite struct SpeechTests {
    let folder = TemporaryFolder("speech")

    @Test func aClipIsDecodedTo16kHzMonoWhateverItsRateAndChannels() throws {
        let wav = folder.child("diary.wav")
        try SoundFiles.speech(wav, "Today I had a wonderful day at the beach", voice: SoundFiles.transcriptVoice)
        let facts = try AudioReader.read(wav)
        let samples = try Speech.samples(of: wav)
        let expected = Int(facts.durationMs) * 16
        #expect(abs(samples.count - expected) < 400, "\(samples.count) samples for \(facts.durationMs) ms")
        #expect(samples.contains { abs(Int($0)) > 1000 }, "silence")
        // A stereo 48 kHz Opus file of 2 s: 32,000 samples at 16 kHz.
        let opus = folder.child("tone.opus")
        try SoundFiles.tone(opus, codec: ["-ac", "2", "-ar", "48000", "-c:a", "libopus"], seconds: 2)
        let tone = try Speech.samples(of: opus)
        #expect(abs(tone.count - 32_000) < 800, "\(tone.count)")
        // Not sound: one line naming the file.
        let text = folder.child("note.wav")
        try Data("not a sound".utf8).write(to: text)
        #expect(throws: AlbumError.self) { try Speech.samples(of: text) }
    }

    @Test func pocketSphinxHearsAnEspeakClip() throws {
        let wav = folder.child("beach.wav")
        try SoundFiles.speech(wav, "Today I had a wonderful day at the beach; the weather was sunny", voice: SoundFiles.transcriptVoice)
        let text = try PocketSphinx().transcribe(try Speech.samples(of: wav))
        #expect(text.contains("wonderful"), "\(text)")
        #expect(try PocketSphinx().transcribe([Int16](repeating: 0, count: 16_000)).isEmpty)
    }

    @Test func aMissingModelIsOneLineNamingThePackage() {
        do {
            try PocketSphinx(modelFolder: folder.child("no-model").path).check()
            Issue.record("a missing model was accepted")
        } catch {
            #expect(error.description.contains("pocketsphinx-en-us") && !error.description.contains("\n"), "\(error)")
        }
    }

    @Test func theWAVGivenToCommandsIsWhatFFmpegReadsBack() throws {
        let samples = (0..<16_000).map { Int16(truncatingIfNeeded: ($0 % 200 - 100) * 100) }
        let url = folder.child("given.wav")
        try Speech.wav(samples).write(to: url)
        let facts = try AudioReader.read(url)
        #expect(facts.durationMs == 1000 && facts.sampleRate == 16_000 && facts.channels == 1)
        #expect(try Speech.samples(of: url) == samples)
    }
}
