/// A value whose JSON lists every stored property, an absent one as `null` — GeoAlbum's JSON
/// rule (docs/architecture.md, "JSON of a pin, a photo, the region"). Synthesized `Encodable`
/// leaves nil properties out; conforming instead writes each stored property under its own
/// name, so a type keeps synthesized `Decodable` and needs no hand-written `encode(to:)`. Only
/// for plain structs whose stored properties are all `Encodable` and named as their JSON keys.
public protocol NullEncodable: Encodable {}

extension NullEncodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for case let (name?, value) in Mirror(reflecting: self).children {
            // An Optional is Encodable when its wrapped type is: nil encodes as `null`.
            guard let value = value as? any Encodable else { continue }
            try container.encode(value, forKey: JSONKey(name))
        }
    }
}

/// A JSON object key by name.
public struct JSONKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
