import AlbumCore
import Testing

/// A note's Markdown subset is rendered with every character of the text escaped (issue 26).
@Suite struct NoteMarkdownTests {
    @Test(arguments: [
        ("plain", "<p>plain</p>"),
        ("<img src=x onerror=alert(1)>", "<p>&lt;img src=x onerror=alert(1)&gt;</p>"),
        ("# Day one\n\nWe *walked* to **Gion**.", "<h1>Day one</h1>\n<p>We <em>walked</em> to <strong>Gion</strong>.</p>"),
        ("- tea\n- `matcha`", "<ul><li>tea</li><li><code>matcha</code></li></ul>"),
        ("[map](https://osm.org/x?a=1&b=\"2\")", "<p>[map](https://osm.org/x?a=1&amp;b=&quot;2&quot;)</p>"),
        ("[map](https://osm.org/x?a=1&b=2)", "<p><a href=\"https://osm.org/x?a=1&amp;b=2\" rel=\"noopener noreferrer nofollow\">map</a></p>"),
        ("[x](javascript:alert(1))", "<p>[x](javascript:alert(1))</p>"),
        ("line one\nline two", "<p>line one<br>line two</p>"),
        ("**<b>**", "<p><strong>&lt;b&gt;</strong></p>"),
    ])
    func rendersSafely(text: String, html: String) {
        #expect(NoteMarkdown.html(text) == html)
    }
}
