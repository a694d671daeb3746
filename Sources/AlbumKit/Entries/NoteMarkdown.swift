/// A note's Markdown subset as HTML, safe to put in a page (issue 26): every character of the
/// text is escaped, so raw HTML in a note shows as text. Understood: paragraphs (blank lines),
/// line breaks, `# `…`### ` headings, `- `/`* ` lists, `**bold**`, `*italic*`/`_italic_`,
/// `` `code` ``, and `[text](https://…)` links (http and https only; any other scheme is text).
public enum NoteMarkdown {
    public static func html(_ text: String) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        var list: [String] = []
        func flushParagraph() {
            if !paragraph.isEmpty { out.append("<p>" + paragraph.map(inline).joined(separator: "<br>") + "</p>") }
            paragraph = []
        }
        func flushList() {
            if !list.isEmpty { out.append("<ul>" + list.map { "<li>" + inline($0) + "</li>" }.joined() + "</ul>") }
            list = []
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.isEmpty {
                flushParagraph()
                flushList()
            } else if let level = headingLevel(trimmed) {
                flushParagraph()
                flushList()
                out.append("<h\(level)>" + inline(String(trimmed.dropFirst(level + 1))) + "</h\(level)>")
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
                flushParagraph()
                list.append(String(trimmed.dropFirst(2)))
            } else {
                flushList()
                paragraph.append(line)
            }
        }
        flushParagraph()
        flushList()
        return out.joined(separator: "\n")
    }

    private static func headingLevel(_ line: Substring) -> Int? {
        for level in 1...3 where line.hasPrefix(String(repeating: "#", count: level) + " ") { return level }
        return nil
    }

    /// Escapes `&<>"'`.
    static func escape(_ text: some StringProtocol) -> String {
        var s = ""
        for c in text {
            switch c {
            case "&": s += "&amp;"
            case "<": s += "&lt;"
            case ">": s += "&gt;"
            case "\"": s += "&quot;"
            case "'": s += "&#39;"
            default: s.append(c)
            }
        }
        return s
    }

    /// The inline marks of one line, every text part escaped.
    static func inline(_ line: String) -> String {
        let c = Array(line)
        var out = ""
        var i = 0
        func find(_ mark: String, from start: Int) -> Int? {
            let m = Array(mark)
            var j = start
            while j + m.count <= c.count {
                if Array(c[j..<j + m.count]) == m { return j }
                j += 1
            }
            return nil
        }
        while i < c.count {
            if c[i] == "`", let end = find("`", from: i + 1), end > i + 1 {
                out += "<code>" + escape(String(c[i + 1..<end])) + "</code>"
                i = end + 1
            } else if i + 1 < c.count, c[i] == "*", c[i + 1] == "*", let end = find("**", from: i + 2), end > i + 2 {
                out += "<strong>" + inline(String(c[i + 2..<end])) + "</strong>"
                i = end + 2
            } else if c[i] == "*" || c[i] == "_", let end = find(String(c[i]), from: i + 1), end > i + 1, c[i + 1] != " " {
                out += "<em>" + inline(String(c[i + 1..<end])) + "</em>"
                i = end + 1
            } else if c[i] == "[", let close = find("](", from: i + 1), let end = find(")", from: close + 2),
                      let link = safeLink(String(c[close + 2..<end])) {
                out += "<a href=\"" + escape(link) + "\" rel=\"noopener noreferrer nofollow\">" + inline(String(c[i + 1..<close])) + "</a>"
                i = end + 1
            } else {
                out += escape(String(c[i]))
                i += 1
            }
        }
        return out
    }

    /// An http or https link with no quote, space or angle bracket; nil for anything else.
    static func safeLink(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
              !text.contains(where: { $0.isWhitespace || "\"'<>`".contains($0) }) else { return nil }
        return text
    }
}
