import Foundation

/// The server's JSON writer: the same bytes as `JSONEncoder` with `[.sortedKeys,
/// .withoutEscapingSlashes]`, written straight into one buffer instead of through Foundation's
/// tree of boxed values (which was 64 % of the CPU of an uncached album answer, decision 0020).
///
/// Each value is written where it starts; an object's members are written as they come, then put
/// in key order when the value's `encode(to:)` returns (a copy of that object's bytes). What it
/// does not do the way `JSONEncoder` does — keys with digits or beyond ASCII (it sorts them with
/// locale rules), `Date`, `Data`, `URL`, `Decimal`, nested and super encoders — marks the
/// output `unsupported`, and `JSONOut` encodes that value with `JSONEncoder` instead.
struct StreamingJSONEncoder {
    /// The JSON text of `value`; nil when it needs `JSONEncoder`.
    /// - Throws: a non-finite number (as `JSONEncoder` does).
    static func encode<T: Encodable>(_ value: T) throws -> Data? {
        let sink = JSONSink()
        try sink.write(value)
        return sink.unsupported ? nil : Data(sink.out.bytes)
    }
}

/// The buffer, and the objects and arrays not yet closed (innermost last).
final class JSONSink {
    var out = JSONBytes(capacity: 4096)
    var open: [JSONFrame] = []
    var unsupported = false

    /// Writes `value` at the end and closes whatever containers its `encode(to:)` opened.
    func write<T: Encodable>(_ value: T) throws {
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            unsupported = true
            return
        }
        let depth = open.count, start = out.bytes.count
        try value.encode(to: JSONValueEncoder(sink: self, start: start, depth: depth))
        if open.count == depth, out.bytes.count == start { unsupported = true }  // it wrote nothing
        while open.count > depth { try open.removeLast().close() }
    }

    func scalar(_ text: String) { out.append(text) }

    /// A number as `JSONEncoder` writes it: Swift's shortest form, without a trailing `.0`.
    func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not valid JSON"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(text)
    }

    func integer<I: BinaryInteger>(_ value: I) { out.append(String(value)) }

    /// The container a value's encoder hands out: the one this value opened already (the first
    /// opened above `depth`, where its writer stood), or a new one.
    func frame(_ kind: JSONFrame.Kind, start: Int, depth: Int) -> JSONFrame {
        if open.count > depth, open[depth].kind == kind { return open[depth] }
        let frame = JSONFrame(kind, sink: self, start: start)
        open.append(frame)
        return frame
    }
}

/// An object or array being written: for an object, its members' keys and where each value's
/// bytes are; closing it writes the braces and keys around them, in key order.
final class JSONFrame {
    enum Kind { case object, array }
    let kind: Kind
    unowned let sink: JSONSink
    let start: Int
    var members: [(key: String, from: Int, to: Int)] = []
    var count = 0

    init(_ kind: Kind, sink: JSONSink, start: Int) {
        self.kind = kind
        self.sink = sink
        self.start = start
        if kind == .array { sink.out.append("[") }
    }

    func member(_ key: String, _ write: () throws -> Void) rethrows {
        if !key.utf8.allSatisfy({ $0 < 0x80 && !(0x30...0x39).contains($0) }) { sink.unsupported = true }
        let from = sink.out.bytes.count
        try write()
        members.append((key, from, sink.out.bytes.count))
    }

    func element(_ write: () throws -> Void) rethrows {
        if count > 0 { sink.out.append(",") }
        count += 1
        try write()
    }

    func close() throws {
        guard kind == .object else { return sink.out.append("]") }
        var ordered = JSONBytes(capacity: sink.out.bytes.count - start + 16 * members.count + 2)
        ordered.append("{")
        // In key order (String's order, which is the bytes' for the ASCII keys without digits
        // kept here; JSONEncoder's for those); a key given twice keeps its last value, as
        // JSONEncoder's does. Insertion sort: an object has tens of keys, often nearly in order.
        var order = Array(members.indices)
        for i in order.indices.dropFirst() {
            let moving = order[i]
            var j = i
            while j > 0, members[moving].key < members[order[j - 1]].key {
                order[j] = order[j - 1]
                j -= 1
            }
            order[j] = moving
        }
        var first = true
        for (n, i) in order.enumerated() where n + 1 == order.count || members[order[n + 1]].key != members[i].key {
            let member = members[i]
            if !first { ordered.append(",") }
            first = false
            ordered.string(member.key)
            ordered.append(":")
            ordered.append(bytes: sink.out.bytes[member.from..<member.to])
        }
        ordered.append("}")
        sink.out.replace(from: start, with: ordered)
    }
}

struct JSONValueEncoder: Encoder {
    let sink: JSONSink
    let start: Int
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedContainer<Key>(frame: sink.frame(.object, start: start, depth: depth)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedContainer(frame: sink.frame(.array, start: start, depth: depth))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleContainer(sink: sink) }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let frame: JSONFrame
    var codingPath: [any CodingKey] { [] }
    var sink: JSONSink { frame.sink }

    mutating func encodeNil(forKey key: Key) throws { frame.member(key.stringValue) { sink.scalar("null") } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { frame.member(key.stringValue) { sink.scalar(value ? "true" : "false") } }
    mutating func encode(_ value: String, forKey key: Key) throws { frame.member(key.stringValue) { sink.out.string(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try frame.member(key.stringValue) { try sink.number(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try frame.member(key.stringValue) { try sink.number(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { frame.member(key.stringValue) { sink.integer(value) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try frame.member(key.stringValue) { try sink.write(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        sink.unsupported = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(frame: JSONFrame(.object, sink: JSONSink(), start: 0)))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        sink.unsupported = true
        return JSONUnkeyedContainer(frame: JSONFrame(.array, sink: JSONSink(), start: 0))
    }
    mutating func superEncoder() -> any Encoder { sink.unsupported = true; return JSONValueEncoder(sink: JSONSink(), start: 0, depth: 0) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let frame: JSONFrame
    var codingPath: [any CodingKey] { [] }
    var count: Int { frame.count }
    var sink: JSONSink { frame.sink }

    mutating func encodeNil() throws { frame.element { sink.scalar("null") } }
    mutating func encode(_ value: Bool) throws { frame.element { sink.scalar(value ? "true" : "false") } }
    mutating func encode(_ value: String) throws { frame.element { sink.out.string(value) } }
    mutating func encode(_ value: Double) throws { try frame.element { try sink.number(value) } }
    mutating func encode(_ value: Int) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: Int64) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: Int8) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: Int16) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: Int32) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: UInt) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: UInt8) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: UInt16) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: UInt32) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: UInt64) throws { frame.element { sink.integer(value) } }
    mutating func encode(_ value: Float) throws { try frame.element { try sink.number(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws { try frame.element { try sink.write(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        sink.unsupported = true
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(frame: JSONFrame(.object, sink: JSONSink(), start: 0)))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.unsupported = true
        return JSONUnkeyedContainer(frame: JSONFrame(.array, sink: JSONSink(), start: 0))
    }
    mutating func superEncoder() -> any Encoder { sink.unsupported = true; return JSONValueEncoder(sink: JSONSink(), start: 0, depth: 0) }
}

struct JSONSingleContainer: SingleValueEncodingContainer {
    let sink: JSONSink
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { sink.scalar("null") }
    mutating func encode(_ value: Bool) throws { sink.scalar(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { sink.out.string(value) }
    mutating func encode(_ value: Double) throws { try sink.number(value) }
    mutating func encode(_ value: Float) throws { try sink.number(value) }
    mutating func encode(_ value: Int) throws { sink.integer(value) }
    mutating func encode(_ value: Int64) throws { sink.integer(value) }
    mutating func encode(_ value: Int8) throws { sink.integer(value) }
    mutating func encode(_ value: Int16) throws { sink.integer(value) }
    mutating func encode(_ value: Int32) throws { sink.integer(value) }
    mutating func encode(_ value: UInt) throws { sink.integer(value) }
    mutating func encode(_ value: UInt8) throws { sink.integer(value) }
    mutating func encode(_ value: UInt16) throws { sink.integer(value) }
    mutating func encode(_ value: UInt32) throws { sink.integer(value) }
    mutating func encode(_ value: UInt64) throws { sink.integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try sink.write(value) }
}
