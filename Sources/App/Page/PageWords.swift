import Codecs
import Foundation

/// One language's words for the page (docs/page.md, "Languages"): the catalog
/// `Public/common/words/<tag>.json` (a flat JSON object: a word is a string, a count
/// an object of plural forms), read once at start. `GET /` fills the page's HTML
/// with its words and embeds the catalog itself in the page's JSON block, which the
/// page's script reads before it writes a word.
struct PageWords: Sendable {
    /// The folder of the catalogs, under Public/.
    static let folder = "/common/words"
    /// The language every page falls back to, listed first.
    static let fallback = "en"

    /// The BCP 47 tag (the file's name).
    let language: String
    /// The catalog as it is on disk (read and found to be a JSON object).
    let json: [UInt8]
    /// Its words (the string members; counts are the script's).
    let words: [String: String]

    /// The catalogs under `root` (Public/), English first, then by tag; none when the
    /// folder is missing. A file that is not a JSON object is left out.
    static func load(root: String) -> [PageWords] {
        let path = root + folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let catalogs = names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name -> PageWords? in
            guard let data = FileManager.default.contents(atPath: path + "/" + name),
                case .object(let members)? = try? JSONReader.read(Array(data))
            else { return nil }
            var words: [String: String] = [:]
            for member in members {
                if case .string(let text) = member.value { words[member.key] = text }
            }
            return PageWords(language: String(name.dropLast(5)), json: Array(data), words: words)
        }
        return catalogs.filter { $0.language == fallback } + catalogs.filter { $0.language != fallback }
    }

    /// `html` (the page's template) in this language: `<html lang>` says it, an
    /// element with `data-word="KEY"` holds the word's text (it holds text only),
    /// and one with `data-word-ATTR="KEY"` has the word as its attribute ATTR; a key
    /// the catalog lacks keeps the template's (English) text.
    func fill(_ html: String) -> String {
        var page = html.replacing(/<html lang="[^"]*"/, with: "<html lang=\"\(Self.escaped(language))\"")
        page = page.replacing(/(<[a-zA-Z][a-zA-Z0-9]*\s[^>]*\bdata-word[^>]*>)([^<]*)/) { match in
            var tag = String(match.1)
            var text = String(match.2)
            for attribute in tag.matches(of: /\bdata-word-([a-z-]+)="([^"]+)"/) {
                guard let word = words[String(attribute.2)] else { continue }
                let name = String(attribute.1)
                let value = "\(name)=\"\(Self.escaped(word))\""
                // `name` is letters and hyphens only (the pattern above), so it reads as itself.
                if let pattern = try? Regex("\\s\(name)=\"[^\"]*\""), let old = tag.firstMatch(of: pattern) {
                    let space = tag[old.range].prefix(1)
                    tag.replaceSubrange(old.range, with: space + value)
                } else {
                    tag.insert(contentsOf: " " + value, at: tag.index(before: tag.endIndex))
                }
            }
            if let key = tag.firstMatch(of: /\bdata-word="([^"]+)"/)?.1, let word = words[String(key)] {
                text = Self.escaped(word)
            }
            return tag + text
        }
        return page
    }

    /// `text` escaped for HTML text and quoted attribute values.
    static func escaped(_ text: String) -> String {
        var buffer = ByteBuffer()
        TextEscaping.append(text, as: .html, to: &buffer)
        return String(decoding: buffer.array, as: UTF8.self)
    }
}
