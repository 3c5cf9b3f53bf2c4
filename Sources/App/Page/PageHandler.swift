import Codecs
import Foundation
import HTTP

/// `GET /`: the page with its first screen in it (docs/api.md, "GET / and the files of
/// Public/"; docs/page.md, "The first screen"). The reuse engine's first window at the
/// list's top for a viewport of `Sec-CH-Viewport-Height` px when the browser sends it,
/// else `defaultHeight` (taller than the tallest phone: the page drops what it does not
/// show in its first delta), rendered twice: as the list's slots in plain HTML (read
/// with scripts off, drawn before any script runs) and, with `/sections`, in a JSON
/// block the page starts from (`<script type="application/json">`: data, never run, so
/// the Content-Security-Policy stays without inline script). Its session is the page's:
/// the first `/window` it asks is a delta on it, with its `ack`.
///
/// Under the read rules of `/window`: a request that may not read (off loopback
/// without the token) gets the page without rows, which asks to sign in. The answer is
/// the session's alone: `Cache-Control: private, no-cache`, never stored by a shared
/// cache, and asked again on every visit (the scripts and styles it names are not).
/// Its ETag names what it shows (the files, the language, the height and the list's
/// `/sections`, so the data version too), not the session: a browser that holds that page
/// gets a 304, and its page then asks on a session of its own (docs/page.md, "The first
/// screen").
///
/// It comes in the reader's language (`PageLanguage`: the language cookie, else
/// `Accept-Language`), its words filled in and the catalog in the JSON block, so
/// nothing shows in another language first: `Vary: Accept-Language, Cookie`.
struct PageHandler {
    let assets: PageAssets
    let reads: ReadGate
    /// The `/window` and `/sections` the page embeds (their handlers, in process).
    let window: (Request) throws -> Response
    let sections: (Request) throws -> Response

    /// The viewport height assumed without a hint: a tall phone's (844 to 932 px) and
    /// more; a taller screen's first delta brings the rest.
    static let defaultHeight = 1000
    /// The hint heights taken; others are clamped to them.
    static let heights = 200...4000

    func respond(to request: Request) throws -> Response {
        var headers: HTTPHeaders = [
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "private, no-cache",
            "Content-Security-Policy": Routes.contentSecurityPolicy,
            "Accept-CH": "Sec-CH-Viewport-Height",
            "Vary": "Sec-CH-Viewport-Height, Accept-Language, Cookie",
        ]
        for (name, value) in reads.headers { headers.add(name, value) }
        let language = PageLanguage.choose(request.head.headers, among: assets.languages)
        let height = Self.height(request.head.headers)
        var first: (sections: [UInt8], window: [UInt8])?
        var etag: String?
        if reads.refusal(request.head, peer: request.client) == nil {
            // (Nil while a first start prepares the list: that page shows progress, untagged.)
            if let sections = try? embeddedSections() {
                let tag = self.etag(language: language, height: height, sections: sections)
                if request.head.headers.ifNoneMatch(names: tag) {
                    return Self.notModified(headers, etag: tag)
                }
                if let window = try? embeddedWindow(height: height) {
                    first = (sections, window)
                    etag = tag
                }
            }
        } else {
            let tag = self.etag(language: language, height: nil, sections: [])
            if request.head.headers.ifNoneMatch(names: tag) { return Self.notModified(headers, etag: tag) }
            etag = tag
        }
        if let etag { headers.set("ETag", etag) }
        return Response(headers: headers, body: render(first, in: assets.page(in: language)))
    }

    /// The page's ETag: a digest of what it is made of, its session left out.
    func etag(language: String, height: Int?, sections: [UInt8]) -> String {
        let made = Array("\(assets.version)\n\(language)\n\(height.map(String.init) ?? "no rows")\n".utf8)
        return "\"page-" + Hex.lowercase(SHA256.hash(made + sections).prefix(16)) + "\""
    }

    /// A 304 with the headers the page would have had.
    static func notModified(_ headers: HTTPHeaders, etag: String) -> Response {
        var response = Response(status: 304, headers: headers)
        response.headers.remove("Content-Type")
        response.headers.set("ETag", etag)
        return response
    }

    /// The height of the first window: the client's hint, or `defaultHeight`.
    static func height(_ headers: HTTPHeaders) -> Int {
        guard let hint = headers["Sec-CH-Viewport-Height"].flatMap({ Int($0.trimmingHTTPWhitespace()) })
        else {
            return defaultHeight
        }
        return min(max(hint, heights.lowerBound), heights.upperBound)
    }

    /// The `/sections` answer the page embeds; nil (the page asks for it itself) when it is not
    /// a 200, as while a first start prepares the list.
    func embeddedSections() throws -> [UInt8]? {
        Self.bytes(of: try sections(Self.get("/sections")))
    }

    /// The `/window` answer for the list's top the page embeds, `height` px; nil as above.
    func embeddedWindow(height: Int) throws -> [UInt8]? {
        Self.bytes(of: try window(Self.get("/window?offset=0&height=\(height)&overscan=\(height / 2)")))
    }

    private static func bytes(of answer: Response) -> [UInt8]? {
        guard answer.status == 200, case .bytes(let bytes) = answer.body else { return nil }
        return bytes
    }

    static func get(_ target: String) -> Request {
        Request(head: RequestHead(method: "GET", target: target, headers: [:]))
    }

    /// `page` with the rows of `first`'s window and its JSON block: the language and
    /// its catalog (always, when there is one) and the first window's state (when
    /// the reader may read).
    func render(_ first: (sections: [UInt8], window: [UInt8])?, in page: PageAssets.Page) -> [UInt8] {
        var html = ByteBuffer(capacity: 64 * 1024)
        html.append(page.head)
        if let first { PageRows.append(window: first.window, to: &html) }
        html.append(page.middle)
        if first != nil || page.words != nil {
            html.append("<script type=\"application/json\" id=\"" + PageAssets.blockID + "\">{")
            if let words = page.words {
                html.append("\"language\":\"")
                TextEscaping.append(words.language, as: .json, to: &html)
                html.append("\",\"words\":" as StaticString)
                Self.appendInScript(words.json, to: &html)
                if first != nil { html.append(0x2C) }
            }
            if let first {
                html.append("\"sections\":" as StaticString)
                Self.appendInScript(first.sections, to: &html)
                html.append(",\"window\":" as StaticString)
                Self.appendInScript(first.window, to: &html)
            }
            html.append("}</script>\n" as StaticString)
        }
        html.append(page.tail)
        return html.array
    }

    /// JSON written inside a `<script>` element: every `<` (only ever inside a string)
    /// as `\u003c`, so no value can end the element or open a comment.
    static func appendInScript(_ json: [UInt8], to html: inout ByteBuffer) {
        var start = 0
        json.withUnsafeBufferPointer { bytes in
            for index in bytes.indices where bytes[index] == 0x3C {
                html.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                html.append("\\u003c" as StaticString)
                start = index + 1
            }
            html.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }
}
