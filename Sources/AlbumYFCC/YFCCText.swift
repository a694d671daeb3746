/// The dataset's text conventions.
enum YFCCText {
    /// URL-decodes (`+` is a space, `%XX` a byte); nil for an empty text. Invalid UTF-8 is repaired.
    static func decoded<S: Sequence>(_ bytes: S) -> String? where S.Element == UInt8 {
        let input = Array(bytes)
        guard !input.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == 0x2B {
                output.append(0x20)
            } else if byte == 0x25, index + 2 < input.count, let high = hex(input[index + 1]), let low = hex(input[index + 2]) {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        let text = String(decoding: output, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// `2012-02-16 09:56:37.0` → `2012-02-16T09:56:37`; nil for anything else.
    static func isoDate<S: Sequence>(_ bytes: S) -> String? where S.Element == UInt8 {
        let text = Array(bytes)
        guard text.count >= 19 else { return nil }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard digits.allSatisfy({ (0x30...0x39).contains(text[$0]) }), text[4] == 0x2D, text[7] == 0x2D,
            text[10] == 0x20 || text[10] == 0x54, text[13] == 0x3A, text[16] == 0x3A
        else { return nil }
        // A date that exists: `2012-13-45 99:99:99` is no date (issue 22).
        func number(_ at: Int, _ width: Int) -> Int { (at..<at + width).reduce(0) { $0 * 10 + Int(text[$1] - 0x30) } }
        let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        guard year >= 1, (1...12).contains(month), number(11, 2) < 24, number(14, 2) < 60, number(17, 2) < 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return nil }
        var iso = text[0..<19]
        iso[10] = 0x54
        return String(decoding: iso, as: UTF8.self)
    }
}
