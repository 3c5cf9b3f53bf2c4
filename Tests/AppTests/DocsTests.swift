import Foundation
import Testing

@testable import App

/// The documentation held to the code that leans on it: every heading a comment of
/// Sources, Public or Tests cites (a docs file's path or README, a comma, then the
/// heading in quotes) is a heading of that file, and every operation of
/// `/openapi.json` has a section of the API docs whose heading names its method and
/// path.
struct DocsTests {
    /// The repository's root: this file is Tests/AppTests/DocsTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The folders whose files may cite the docs.
    static let citingFolders = ["Sources", "Public", "Tests"]

    /// The kinds of file read for citations (fuzz seeds and other data are not).
    static let citingExtensions: Set<String> = ["swift", "js", "py", "css", "html", "c", "h"]

    /// The files whose headings name the operations of `/openapi.json`.
    static let apiFiles = ["docs/api.md", "docs/import-export.md"]

    /// A citation: the file (README or a docs file's path), an optional comma, a space,
    /// and the heading in quotes, which may be escaped inside a string literal.
    static let citation = try! NSRegularExpression(
        pattern: #"\b(README|docs/[A-Za-z0-9_-]+\.md),? \\?"([^"\\\n]+)\\?""#)

    /// The headings of the Markdown file at `path` (relative to the root): each line
    /// outside a fenced code block that starts with `#`, its text after the `#`s and
    /// a space, trimmed. Nil when there is no such file.
    static func headings(of path: String) -> Set<String>? {
        guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
            return nil
        }
        var headings: Set<String> = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced, line.hasPrefix("#") else { continue }
            let text = line.drop { $0 == "#" }
            guard text.first == " " else { continue }
            headings.insert(text.trimmingCharacters(in: .whitespaces))
        }
        return headings
    }

    /// Every citation in the citing folders: where it is, the file it names and the heading.
    static func citations() throws -> [(place: String, file: String, heading: String)] {
        var found: [(String, String, String)] = []
        for folder in citingFolders {
            let base = root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(atPath: base.path))
            for case let relative as String in walker
            where citingExtensions.contains((relative as NSString).pathExtension) {
                let path = folder + "/" + relative
                guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                else { continue }
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                {
                    let line = String(line)
                    let range = NSRange(line.startIndex..., in: line)
                    for match in citation.matches(in: line, range: range) {
                        let file = String(line[Range(match.range(at: 1), in: line)!])
                        let heading = String(line[Range(match.range(at: 2), in: line)!])
                        found.append(
                            ("\(path):\(number + 1)", file == "README" ? "README.md" : file, heading))
                    }
                }
            }
        }
        return found
    }

    @Test func everyCitedHeadingExistsInTheFileItNames() throws {
        let citations = try Self.citations()
        // The code cites the docs in dozens of places: finding none would mean the
        // pattern or the walk is broken, not that every citation holds.
        #expect(citations.count > 50, "only \(citations.count) citations found")
        var headings: [String: Set<String>?] = [:]
        var offenders: [String] = []
        for (place, file, heading) in citations {
            if headings[file] == nil { headings[file] = Self.headings(of: file) }
            guard let known = headings[file] ?? nil else {
                offenders.append("\(place): \(file) does not exist (cited for \"\(heading)\")")
                continue
            }
            if !known.contains(heading) {
                offenders.append("\(place): \(file) has no heading \"\(heading)\"")
            }
        }
        #expect(
            offenders.isEmpty,
            "\(offenders.count) citations name no heading:\n\(offenders.joined(separator: "\n"))")
    }

    /// Whether `heading` names `route` (`GET /window`): the method and path, not
    /// followed by more of a path (`POST /import` is not named by `POST /import/preview`).
    static func names(_ heading: String, _ route: String) -> Bool {
        var rest = heading[...]
        while let found = rest.range(of: route) {
            let before =
                found.lowerBound == heading.startIndex
                ? nil : heading[heading.index(before: found.lowerBound)]
            let after = found.upperBound == heading.endIndex ? nil : heading[found.upperBound]
            let pathCharacter = { (c: Character) in c.isLetter || c.isNumber || "/{}._-".contains(c) }
            if before.map({ !pathCharacter($0) }) ?? true, after.map({ !pathCharacter($0) }) ?? true {
                return true
            }
            rest = heading[found.upperBound...]
        }
        return false
    }

    @Test func everyOperationOfTheOpenAPIDocumentHasASection() throws {
        let routes = try OpenAPITests.operations().map { "\($0.method.uppercased()) \($0.path)" }.sorted()
        #expect(routes.count > 10, "only \(routes.count) operations found")
        var headings: [String] = []
        for file in Self.apiFiles {
            headings += try #require(Self.headings(of: file), "\(file) is missing")
        }
        let missing = routes.filter { route in !headings.contains { Self.names($0, route) } }
        #expect(
            missing.isEmpty,
            """
            \(missing.count) operations have no heading naming them in \(Self.apiFiles.joined(separator: " or ")):
            \(missing.joined(separator: "\n"))
            """)
    }

    @Test func aHeadingNamesARouteOnlyAsAWholePath() {
        #expect(Self.names("POST /import and PUT /import", "PUT /import"))
        #expect(Self.names("GET /contacts/{id}", "GET /contacts/{id}"))
        #expect(Self.names("POST /contacts, PATCH /contacts/{id}", "POST /contacts"))
        #expect(!Self.names("POST /import/preview", "POST /import"))
        #expect(!Self.names("POST /contacts/{id}/restore", "POST /contacts"))
        #expect(!Self.names("XGET /window", "GET /window"))
    }
}
