import Foundation

/// A photo licence as Flickr numbers them (`flickr.photos.licenses.getInfo`); YFCC100M and
/// bundles name theirs, and are mapped onto these ids by name or URL.
public struct License: Sendable, Hashable {
    public var id: String
    public var name: String
    /// Empty for "All Rights Reserved".
    public var url: String

    public init(id: String, name: String, url: String) {
        self.id = id
        self.name = name
        self.url = url
    }

    /// What `flickr.photos.licenses.getInfo` answers (2024): used when the call cannot be made,
    /// and for sources that name licences instead of numbering them.
    public static let flickr: [License] = [
        License(id: "0", name: "All Rights Reserved", url: ""),
        License(id: "1", name: "Attribution-NonCommercial-ShareAlike License", url: "https://creativecommons.org/licenses/by-nc-sa/2.0/"),
        License(id: "2", name: "Attribution-NonCommercial License", url: "https://creativecommons.org/licenses/by-nc/2.0/"),
        License(id: "3", name: "Attribution-NonCommercial-NoDerivs License", url: "https://creativecommons.org/licenses/by-nc-nd/2.0/"),
        License(id: "4", name: "Attribution License", url: "https://creativecommons.org/licenses/by/2.0/"),
        License(id: "5", name: "Attribution-ShareAlike License", url: "https://creativecommons.org/licenses/by-sa/2.0/"),
        License(id: "6", name: "Attribution-NoDerivs License", url: "https://creativecommons.org/licenses/by-nd/2.0/"),
        License(id: "7", name: "No known copyright restrictions", url: "https://www.flickr.com/commons/usage/"),
        License(id: "8", name: "United States Government Work", url: "http://www.usa.gov/copyright.shtml"),
        License(id: "9", name: "Public Domain Dedication (CC0)", url: "https://creativecommons.org/publicdomain/zero/1.0/"),
        License(id: "10", name: "Public Domain Mark", url: "https://creativecommons.org/publicdomain/mark/1.0/"),
        License(id: "11", name: "Attribution 4.0 International", url: "https://creativecommons.org/licenses/by/4.0/"),
        License(id: "12", name: "Attribution-ShareAlike 4.0 International", url: "https://creativecommons.org/licenses/by-sa/4.0/"),
        License(id: "13", name: "Attribution-NoDerivs 4.0 International", url: "https://creativecommons.org/licenses/by-nd/4.0/"),
        License(id: "14", name: "Attribution-NonCommercial 4.0 International", url: "https://creativecommons.org/licenses/by-nc/4.0/"),
        License(id: "15", name: "Attribution-NonCommercial-ShareAlike 4.0 International", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/"),
        License(id: "16", name: "Attribution-NonCommercial-NoDerivs 4.0 International", url: "https://creativecommons.org/licenses/by-nc-nd/4.0/"),
    ]

    /// The Creative Commons licences and dedications (`--license cc`): every CC BY variant and CC0.
    public static let creativeCommonsIds: Set<String> = ["1", "2", "3", "4", "5", "6", "9", "11", "12", "13", "14", "15", "16"]
    /// CC BY alone (`--license cc-by`): attribution the only condition (2.0 and 4.0).
    public static let attributionIds: Set<String> = ["4", "11"]
    /// "All Rights Reserved": left out of a dataset unless asked for.
    public static let allRightsReservedId = "0"

    /// The Flickr licence with this id.
    public static func flickr(id: String) -> License? { flickr.first { $0.id == id } }

    /// The Flickr licence a name or URL stands for (YFCC100M rows: the name, e.g. "Attribution
    /// License", or its URL; `http` and `https` alike, a trailing slash or not).
    public static func matching(_ text: String) -> License? {
        let key = normalized(text)
        guard !key.isEmpty else { return nil }
        return flickr.first { normalized($0.name) == key || (!$0.url.isEmpty && normalized($0.url) == key) }
    }

    private static func normalized(_ text: String) -> String {
        var t = text.lowercased().trimmingCharacters(in: .whitespaces)
        for prefix in ["https://", "http://"] where t.hasPrefix(prefix) { t.removeFirst(prefix.count) }
        while t.hasSuffix("/") { t.removeLast() }
        return t
    }
}
