/// Where a photo comes from and on what terms (issue 30): who owns it, under which licence, where
/// its page is, when it was uploaded and taken as the source says. Every field is nil when the
/// source does not say. The licence's name is `Photo.license` / `SourcePhoto.license`.
public struct Provenance: Sendable, Hashable {
    /// The owner's id at the source (Flickr's NSID, e.g. `12345678@N00`).
    public var ownerId: String?
    /// The owner's name as the source shows it; for an imported photo, its EXIF Artist.
    public var ownerName: String?
    /// The source's licence id (Flickr's 0–16; see `License`).
    public var licenseId: String?
    public var licenseURL: String?
    /// The photo's page at the source (`https://www.flickr.com/photos/OWNER/ID`).
    public var pageURL: String?
    /// When the source received it, ISO 8601 UTC.
    public var uploadedAt: String?
    /// The capture time the source gave (a download's EXIF may replace `Photo.takenAt`).
    public var sourceTakenAt: String?
    /// An imported photo's EXIF Copyright.
    public var copyright: String?

    public init(
        ownerId: String? = nil, ownerName: String? = nil, licenseId: String? = nil, licenseURL: String? = nil,
        pageURL: String? = nil, uploadedAt: String? = nil, sourceTakenAt: String? = nil, copyright: String? = nil
    ) {
        self.ownerId = ownerId
        self.ownerName = ownerName
        self.licenseId = licenseId
        self.licenseURL = licenseURL
        self.pageURL = pageURL
        self.uploadedAt = uploadedAt
        self.sourceTakenAt = sourceTakenAt
        self.copyright = copyright
    }

    /// True when no field is known.
    public var isEmpty: Bool { self == Provenance() }
}
