import AlbumModel
import CGeoAlbumShim
import CTagLib
import Foundation

/// A sound file's tags through TagLib's C API (`libtag_c`, loaded on first use; `ALBUM_LIBTAG_C`
/// names another file): the one owner of a `TagLib_File`, freed when the read ends.
public enum AudioTags {
    public struct Values: Sendable, Hashable {
        public var title: String?
        public var artist: String?
        public var album: String?
        public var year: Int?
        /// TagLib's length in whole seconds (0 when it cannot tell).
        public var lengthSeconds: Int

        public init(title: String? = nil, artist: String? = nil, album: String? = nil, year: Int? = nil, lengthSeconds: Int = 0) {
            self.title = title
            self.artist = artist
            self.album = album
            self.year = year
            self.lengthSeconds = lengthSeconds
        }
    }

    /// TagLib, loaded once: nil, or why it cannot be loaded (naming the Debian package).
    private static let unavailable: String? = ga_taglib_load(getenv("ALBUM_LIBTAG_C")).map { String(cString: $0) }

    /// The tags of the file at `path`; empty values when TagLib does not know the format (the
    /// decoder decides whether it is sound at all).
    /// - Throws: `AlbumError.io` naming the file when TagLib cannot be loaded.
    public static func read(path: String) throws(AlbumError) -> Values {
        if let why = unavailable { throw .io(why, subject: .file(path)) }
        guard let file = taglib_file_new(path) else { return Values() }
        defer { taglib_file_free(file) }
        guard taglib_file_is_valid(file) != 0 else { return Values() }
        var values = Values()
        if let tag = taglib_file_tag(file) {
            values.title = text(taglib_tag_title(tag))
            values.artist = text(taglib_tag_artist(tag))
            values.album = text(taglib_tag_album(tag))
            let year = Int(taglib_tag_year(tag))
            values.year = year > 0 ? year : nil
        }
        if let properties = taglib_file_audioproperties(file) {
            values.lengthSeconds = Int(taglib_audioproperties_length(properties))
        }
        return values
    }

    /// A TagLib string as Swift text (nil when empty), freed.
    private static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { taglib_free(pointer) }
        let value = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }
}
