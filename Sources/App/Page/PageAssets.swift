import Foundation
import HTTP

/// What `GET /` is made of, read once at start from Public/ (docs/api.md, "GET / and the
/// files of Public/"): index.html with its scripts and styles moved under the folder's
/// version (`/v/<version>/...`, immutable), a `<link rel=modulepreload>` for every module
/// the boot script imports directly or not (so the browser asks for the whole graph in
/// one round trip, not one level of imports per round trip), and the two places the
/// first window goes: the rows inside the list's stage and the JSON block before
/// `</body>`. One such page per language of Public/common/words/ (`PageWords`), its
/// words filled in (docs/page.md, "Languages").
struct PageAssets: Sendable {
    /// Where the rows go in index.html: inside the list's stage.
    static let rowsMarker = "<!-- first rows -->"
    /// The `id` of the JSON block the page starts from.
    static let blockID = "first-window"

    /// The folder's content at start, whose name is the version segment (`StaticVersion`).
    let content: StaticVersion
    /// The version segment of the folder's content.
    var version: String { content.name }
    /// The modules under Public/ the boot script needs, boot.js's imports first (paths from `/`).
    let modules: [String]
    /// The page in one language: index.html up to the rows' place, between it and
    /// `</body>`, and from `</body>` on; and the catalog the JSON block embeds.
    struct Page: Sendable {
        let head: String
        let middle: String
        let tail: String
        let words: PageWords?
    }

    /// The languages there are catalogs for, the fallback (English) first.
    let languages: [String]
    /// The page by language; `pages[languages[0]]`, or the template as it is when
    /// there is no catalog, under "".
    let pages: [String: Page]

    /// The assets of `root` (Public/); its index.html as it is when there is none to rewrite.
    init(root: String) throws {
        guard let content = StaticVersion.of(root) else {
            throw HTTPError(500, "no_public_folder", "the static files folder \(root) cannot be read")
        }
        self.content = content
        let version = content.name
        let page = (try? String(contentsOfFile: root + "/index.html", encoding: .utf8)) ?? ""
        let boot = Self.entry(of: page)
        let modules = boot.map { Self.graph(from: $0, root: root) } ?? []
        self.modules = modules
        var rewritten = Self.versioned(page, root: root, version: version)
        let preloads = modules.map { "<link rel=\"modulepreload\" href=\"/v/\(version)\($0)\">\n  " }.joined()
        if let boot, let script = rewritten.range(of: "<script type=\"module\" src=\"/v/\(version)\(boot)\"")
        {
            rewritten.insert(contentsOf: preloads, at: script.lowerBound)
        }
        let catalogs = PageWords.load(root: root)
        languages = catalogs.map(\.language)
        var pages = ["": Self.split(rewritten, words: nil)]
        for words in catalogs { pages[words.language] = Self.split(words.fill(rewritten), words: words) }
        self.pages = pages
    }

    /// The page in `language` (one of `languages`), else in the fallback's.
    func page(in language: String) -> Page {
        pages[language] ?? pages[languages.first ?? ""] ?? pages[""]!
    }

    /// `page` cut at the rows' place and at `</body>`.
    static func split(_ page: String, words: PageWords?) -> Page {
        let rows = page.range(of: rowsMarker)
        let body = page.range(of: "</body>", options: .backwards)
        let bodyStart = body?.lowerBound ?? page.endIndex
        return Page(
            head: String(page[..<(rows?.upperBound ?? bodyStart)]),
            middle: rows.map { String(page[$0.upperBound..<bodyStart]) } ?? "",
            tail: String(page[bodyStart...]), words: words)
    }

    /// The path of the page's module script (`<script type="module" src="/...">`), if any.
    static func entry(of page: String) -> String? {
        guard let match = page.firstMatch(of: /<script type="module" src="(\/[^"]+)"/) else { return nil }
        return String(match.1)
    }

    /// `page` with every `href` or `src` naming a file of `root` by its path from `/`
    /// moved under `/v/<version>`.
    static func versioned(_ page: String, root: String, version: String) -> String {
        page.replacing(/(href|src)="(\/[^"\/][^"]*)"/) { match in
            let path = String(match.2)
            var folder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + path, isDirectory: &folder), !folder.boolValue
            else { return String(match.0) }
            return "\(match.1)=\"/v/\(version)\(path)\""
        }
    }

    /// Every module `entry` imports, directly or not (static imports and re-exports, relative
    /// specifiers), breadth first: the paths from `/`, without `entry` itself.
    static func graph(from entry: String, root: String) -> [String] {
        var seen: Set<String> = [entry]
        var queue = [entry]
        var order: [String] = []
        while !queue.isEmpty {
            let module = queue.removeFirst()
            guard let source = try? String(contentsOfFile: root + module, encoding: .utf8) else { continue }
            let folder = URL(fileURLWithPath: module).deletingLastPathComponent()
            for match in source.matches(
                of:
                    /(?m)^\s*(?:import|export)\b[^"';]*?\bfrom\s*"(\.{1,2}\/[^"]+)"|^\s*import\s*"(\.{1,2}\/[^"]+)"/
            ) {
                guard let specifier = match.1 ?? match.2 else { continue }
                let path = folder.appendingPathComponent(String(specifier)).standardizedFileURL.path
                guard FileManager.default.fileExists(atPath: root + path), seen.insert(path).inserted else {
                    continue
                }
                order.append(path)
                queue.append(path)
            }
        }
        return order
    }
}
