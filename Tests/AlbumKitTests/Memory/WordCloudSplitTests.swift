@testable import AlbumSeam
import Testing

/// The word cloud's split of an ASCII text on its bytes (`EntryWords.countASCII`,
/// decision 0128-entries) gives the words the Unicode split gives, on texts with capitals,
/// apostrophes at the ends and inside, digits, punctuation, line ends and stop words.
@Suite struct WordCloudSplitTests {
    @Test func theASCIISplitGivesTheWordsOfTheUnicodeSplit() {
        let pieces = ["Harbour", "harbour", "it's", "'quoted'", "''", "The", "and", "sea", "ab", "abc", "x1y2z3", "rock'n'roll",
                      "2024", "---", "\r\n", "\n", "\t", " ", ",", ".", "!", "(", ")", "[", "]", "#", "**", "don't", "O'Neil", "fjord's'"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0..<30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            var ascii: [String: Int] = [:], unicode: [String: Int] = [:]
            EntryWords.countASCII(words: text, into: &ascii)
            EntryWords.countUnicode(words: text, into: &unicode)
            #expect(ascii == unicode, "\(text.debugDescription)")
        }
        var counts: [String: Int] = [:]
        EntryWords.count(words: "Harbour walk, the HARBOUR's lights: 'harbour'! Café [link](http://x.y/harbour)", into: &counts)
        #expect(counts == ["harbour": 2, "walk": 1, "harbour's": 1, "lights": 1, "café": 1, "link": 1])
    }

    @Test(arguments: [("[a](b)", true), ("x](", true), ("é](http://x)", true), ("](", true), ("] (", false), ("(]", false),
                      ("[a]", false), ("", false), ("]", false), ("café ]]((", true)])
    func aLinkIsFoundWhereItsTargetStarts(text: String, link: Bool) {
        #expect(EntryWords.mayHaveLink(text) == link)
        #expect(EntryWords.mayHaveLink(text) == text.contains("]("))
    }

    @Test func aLinksTargetIsNoWordAndTheRestOfTheTextIs() {
        var counts: [String: Int] = [:]
        EntryWords.count(words: "see [harbour](http://example.org/castle) castle] (forest)", into: &counts)
        #expect(counts == ["see": 1, "harbour": 1, "castle": 1, "forest": 1])
    }

    /// What a store writes to `entries.words`: the words in order with their counts, nil without one.
    @Test func anEntrysWordsAreAJSONObjectInOrder() {
        #expect(EntryWords.json("Sea, harbour; the HARBOUR [x](http://y/z)") == #"{"harbour":2,"sea":1}"#)
        #expect(EntryWords.json("Été à la mer") == #"{"mer":1,"été":1}"#)
        #expect(EntryWords.json("it is ok") == nil)
        #expect(EntryWords.json(nil) == nil)
    }
}
