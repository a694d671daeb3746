import Foundation

/// Durations as users type them: `10m`, `2h`, `1h30m`, `90s`, `3d`, `1w`.
public enum DurationText {
    /// Seconds in `text`.
    /// - Throws: `AlbumError.invalidInput` naming `option` and the text when it does not parse or is 0.
    public static func seconds(_ text: String, option: String) throws(AlbumError) -> TimeInterval {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var total = 0.0
        var number = ""
        var sawUnit = false
        for c in text.lowercased() {
            if c.isASCII && c.isNumber {
                number.append(c)
            } else if let unit = units[c], let value = Double(number), number.count <= 9 {
                total += value * unit
                number = ""
                sawUnit = true
            } else {
                throw .invalidInput("\(option) \"\(text)\" is not a duration like 10m, 2h, 1h30m, 3d")
            }
        }
        guard number.isEmpty, sawUnit else {
            throw .invalidInput("\(option) \"\(text)\" is not a duration like 10m, 2h, 1h30m, 3d (a number needs a unit)")
        }
        guard total > 0 else { throw .invalidInput("\(option) \"\(text)\" must be more than 0") }
        guard total <= 366 * 86_400 * 10 else { throw .invalidInput("\(option) \"\(text)\" is more than ten years") }
        return total
    }

    /// `3 days 4 hours`, `12 minutes`, `40 seconds`: the two largest units.
    public static func describe(_ seconds: Int) -> String {
        let parts: [(Int, String)] = [(86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        var rest = max(0, seconds)
        var words: [String] = []
        for (size, name) in parts where rest >= size || (words.isEmpty && size == 1) {
            let n = rest / size
            rest -= n * size
            if n > 0 || words.isEmpty { words.append("\(n) \(name)\(n == 1 ? "" : "s")") }
            if words.count == 2 { break }
            if !words.isEmpty && rest == 0 { break }
        }
        return words.joined(separator: " ")
    }
}
