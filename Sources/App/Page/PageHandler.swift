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
        var first: (sections: [UInt8], window: [UInt8])?
        if reads.refusal(request.head, peer: request.client) == nil {
            first = try? embedded(height: Self.height(request.head.headers))
        }
        let language = PageLanguage.choose(request.head.headers, among: assets.languages)
        return Response(headers: headers, body: render(first, in: assets.page(in: language)))
    }

    /// The height of the first window: the client's hint, or `defaultHeight`.
    static func height(_ headers: HTTPHeaders) -> Int {
        guard let hint = headers["Sec-CH-Viewport-Height"].flatMap({ Int($0.trimmingHTTPWhitespace()) })
        else {
            return defaultHeight
        }
        return min(max(hint, heights.lowerBound), heights.upperBound)
    }

    /// The `/sections` and `/window` answers for the list's top; nil (the page asks for
    /// them itself) when either is not a 200, as while a first start prepares the list.
    func embedded(height: Int) throws -> (sections: [UInt8], window: [UInt8])? {
        let sectionsAnswer = try sections(Self.get("/sections"))
        let windowAnswer = try window(Self.get("/window?offset=0&height=\(height)&overscan=\(height / 2)"))
        guard sectionsAnswer.status == 200, windowAnswer.status == 200,
            case .bytes(let sections) = sectionsAnswer.body, case .bytes(let window) = windowAnswer.body
        else { return nil }
        return (sections, window)
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
