import Foundation
import HTTP
import Testing

@testable import App

/// `GET /` in the reader's language (docs/page.md, "Languages"; docs/api.md, "GET / and
/// the files of Public/"): Accept-Language, the language cookie over it, English
/// without either; the words filled in, the catalog in the JSON block, `Vary`.
struct PageLanguageTests {
    static let publicFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Public").path
    static let token = "t0ken-0123456789abcdef"

    /// An application over a few contacts serving the project's own Public/.
    private func live(configure: (inout ServeOptions) -> Void = { _ in }) throws -> LiveApplication {
        try LiveApplication(contacts: 30) {
            $0.publicDirectory = Self.publicFolder
            configure(&$0)
        }
    }

    /// The JSON block of `page`, parsed.
    private func block(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"first-window\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return try #require(
            JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
                as? [String: Any])
    }

    /// The search field's label and placeholder in `page`.
    private func searchWords(_ page: String) -> (label: String, placeholder: String)? {
        guard let label = page.firstMatch(of: /<label data-word="search.label" for="search"[^>]*>([^<]*)</),
            let field = page.firstMatch(of: /<input [^>]*id="search"[^>]*>/),
            let placeholder = field.0.firstMatch(of: /\splaceholder="([^"]*)"/)
        else { return nil }
        return (String(label.1), String(placeholder.1))
    }

    @Test func aChineseBrowserGetsThePageInSimplifiedChinese() throws {
        let live = try live()
        for header in ["zh-CN,zh;q=0.9,en;q=0.8", "zh", "zh-SG", "zh-Hans", "fr;q=0.9, zh-CN"] {
            let page = try #require(live.client().get("/", headers: ["Accept-Language": header]))
            #expect(page.status == 200)
            #expect(page.text.contains("<html lang=\"zh-Hans\">"), "\(header)")
            #expect(searchWords(page.text)?.label == "搜索联系人" && searchWords(page.text)?.placeholder == "搜索")
            #expect(page.text.contains("data-word=\"page.title\">联系人</h1>"))
            let state = try block(page.text)
            #expect(state["language"] as? String == "zh-Hans")
            #expect((state["words"] as? [String: Any])?["search.placeholder"] as? String == "搜索")
            #expect(state["window"] != nil, "the first rows stay")
        }
        let page = try #require(live.client().get("/"))
        #expect(page.headers["vary"]?.contains("Accept-Language, Cookie") == true)
        // Another language is another page: the English page's ETag is no 304 for Chinese.
        let etag = try #require(page.headers["etag"])
        let chinese = try #require(
            live.client().get("/", headers: ["Accept-Language": "zh-CN", "If-None-Match": etag]))
        #expect(chinese.status == 200 && chinese.headers["etag"] != etag)
    }

    @Test func withoutAPreferenceOrWithOneThePageLacksItIsEnglish() throws {
        let live = try live()
        for headers in [[:], ["Accept-Language": "fr-FR, ja;q=0.5"], ["Accept-Language": "zh-TW"]] {
            let page = try #require(live.client().get("/", headers: headers))
            #expect(page.text.contains("<html lang=\"en\">"), "\(headers)")
            #expect(searchWords(page.text)?.label == "Search contacts")
            #expect(searchWords(page.text)?.placeholder == "Search")
            #expect(try block(page.text)["language"] as? String == "en")
        }
        let german = try #require(live.client().get("/", headers: ["Accept-Language": "de-AT, en;q=0.5"]))
        #expect(
            german.text.contains("<html lang=\"de\">") && searchWords(german.text)?.placeholder == "Suchen")
        let weighed = try #require(live.client().get("/", headers: ["Accept-Language": "en;q=0.4, de;q=0.8"]))
        #expect(weighed.text.contains("<html lang=\"de\">"), "q decides")
    }

    @Test func theLanguageCookieOverridesTheBrowsersLanguages() throws {
        let live = try live()
        let chosen = try #require(
            live.client().get(
                "/", headers: ["Accept-Language": "zh-CN", "Cookie": "a=1; roster_language=de"]))
        #expect(chosen.text.contains("<html lang=\"de\">"))
        #expect(searchWords(chosen.text)?.label == "Kontakte durchsuchen")
        #expect(try block(chosen.text)["language"] as? String == "de")
        let english = try #require(
            live.client().get("/", headers: ["Accept-Language": "zh-CN", "Cookie": "roster_language=en"]))
        #expect(english.text.contains("<html lang=\"en\">"))
        let unknown = try #require(
            live.client().get("/", headers: ["Accept-Language": "zh-CN", "Cookie": "roster_language=xx"]))
        #expect(unknown.text.contains("<html lang=\"zh-Hans\">"), "a language the page lacks is no choice")
    }

    @Test func aPageThatMustSignInStillComesInItsLanguageWithoutRows() throws {
        let live = try live {
            $0.host = "0.0.0.0"
            $0.adminToken = Self.token
        }
        let page = try #require(live.client().get("/", headers: ["Accept-Language": "zh-CN"]))
        #expect(page.text.contains("<html lang=\"zh-Hans\">") && !page.text.contains("data-slot="))
        let state = try block(page.text)
        #expect(state["language"] as? String == "zh-Hans" && state["words"] != nil)
        #expect(state["window"] == nil && state["sections"] == nil)
    }

    @Test func everyWordOfTheHTMLIsFilledAndEscaped() throws {
        let assets = try PageAssets(root: Self.publicFolder)
        #expect(assets.languages.first == "en" && Set(assets.languages) == ["en", "zh-Hans", "de"])
        let words = PageWords(
            language: "x", json: [], words: ["a": "<b>&\"", "p": "say \"hi\""])
        let filled = words.fill(
            "<html lang=\"en\"><p data-word=\"a\" id=\"a\">old</p><input data-word-placeholder=\"p\"\n  placeholder=\"old\">"
        )
        #expect(
            filled == "<html lang=\"x\"><p data-word=\"a\" id=\"a\">&lt;b&gt;&amp;&quot;</p>"
                + "<input data-word-placeholder=\"p\"\n  placeholder=\"say &quot;hi&quot;\">")
        for language in assets.languages {
            let page = assets.page(in: language)
            let html = page.head + page.middle + page.tail
            #expect(html.contains("<html lang=\"\(language)\">"))
            for key in html.matches(of: /data-word(?:-[a-z-]+)?="([^"]+)"/).map({ String($0.1) }) {
                #expect(page.words?.words[key] != nil, "\(language) lacks \(key)")
            }
        }
    }

    @Test(arguments: [
        ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"),
        ("zh-TW", "en"), ("zh-Hant", "en"), ("de-CH", "de"), ("en-GB", "en"), ("fr, de;q=0.1", "de"),
        ("de;q=0, zh;q=0.2", "zh-Hans"), ("*", "en"), ("", "en"),
    ])
    func acceptLanguageChoosesAsThePagesScriptDoes(header: String, language: String) {
        let headers: HTTPHeaders = ["Accept-Language": header]
        #expect(PageLanguage.choose(headers, among: ["en", "de", "zh-Hans"]) == language)
    }
}
