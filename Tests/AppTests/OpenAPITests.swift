import Codecs
import Contacts
import Foundation
import HTTP
import Requests
import TestSupport
import Testing

@testable import App

/// `/openapi.json` held to the server it describes: valid JSON, an operation for
/// every route the router has and a route for every operation, and the parameters
/// and fields the handlers take. Static files (`GET /`, Public's files) are the
/// router's fallback, not routes, and are not described; HEAD is answered by every
/// GET route and is not listed either, as OpenAPI leaves it implied.
struct OpenAPITests {
    /// The methods OpenAPI 3 names in a path item; its other members (`summary`,
    /// `parameters`...) are not operations.
    private static let methods: Set<String> = [
        "get", "put", "post", "delete", "options", "head", "patch", "trace",
    ]

    /// The document, parsed by Foundation.
    private static func document() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(OpenAPI.document)) as? [String: Any])
    }

    /// The document's path items by path.
    private static func paths() throws -> [String: [String: Any]] {
        try #require(document()["paths"] as? [String: [String: Any]])
    }

    /// Every operation of the document: the path, the method (`get`...) and the operation.
    static func operations() throws -> [(path: String, method: String, operation: [String: Any])] {
        try paths().flatMap { path, item in
            item.filter { methods.contains($0.key) }.map { (path, $0.key, $0.value as? [String: Any] ?? [:]) }
        }
    }

    /// The routes a running application's router has, as `METHOD pattern`.
    private static func registeredRoutes() throws -> Set<String> {
        let live = try LiveApplication(contacts: 1)
        return Set(try live.application.makeRouter().registeredRoutes.map { "\($0.method) \($0.pattern)" })
    }

    /// The names of `operation`'s parameters in `location` (`query`, `path`...). The
    /// exploded object parameter of `/window` (offset or row) counts as its members.
    private static func parameterNames(_ operation: [String: Any], in location: String) -> [String] {
        (operation["parameters"] as? [[String: Any]] ?? []).filter { $0["in"] as? String == location }.flatMap
        {
            parameter -> [String] in
            guard parameter["explode"] as? Bool == true,
                let shapes = (parameter["schema"] as? [String: Any])?["oneOf"] as? [[String: Any]]
            else { return [parameter["name"] as? String ?? ""] }
            return shapes.flatMap { ($0["properties"] as? [String: Any])?.keys.map { $0 } ?? [] }
        }
    }

    @Test func theDocumentIsJSONThatBothFoundationAndTheServersReaderRead() throws {
        let document = try Self.document()
        #expect(document["openapi"] as? String == "3.0.3")
        #expect(document["paths"] is [String: Any] && document["components"] is [String: Any])
        // The server's reader refuses a name given twice in one object, which
        // Foundation lets pass (the later one wins): no member is written twice.
        let value = try JSONReader.read(OpenAPI.document, maxDepth: 64)
        #expect(value["openapi"] == .string("3.0.3"))
    }

    @Test func theServedDocumentIsTheBuiltOne() throws {
        let live = try LiveApplication(contacts: 1)
        let response = try #require(live.client().get("/openapi.json"))
        #expect(response.status == 200)
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(response.body == OpenAPI.document)
    }

    @Test func everyRouteIsDocumentedWithItsMethod() throws {
        let paths = try Self.paths()
        let routes = try Self.registeredRoutes()
        #expect(!routes.isEmpty)
        for route in routes.sorted() {
            let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
            #expect(paths[parts[1]]?[parts[0].lowercased()] != nil, "the OpenAPI document lacks \(route)")
        }
    }

    @Test func everyDocumentedOperationIsARoute() throws {
        let routes = try Self.registeredRoutes()
        let operations = try Self.operations()
        #expect(!operations.isEmpty)
        for (path, method, _) in operations {
            let route = "\(method.uppercased()) \(path)"
            #expect(routes.contains(route), "\(route) is documented but no route serves it")
        }
        // A path item holds operations and nothing the document does not use.
        for (path, item) in try Self.paths() {
            #expect(Set(item.keys).isSubset(of: Self.methods), "\(path) has \(item.keys.sorted())")
        }
    }

    @Test func pathParametersAreThePatternsOwn() throws {
        for (path, method, operation) in try Self.operations() {
            // `{id}` in `/contacts/{id}` and `/avatar/{id}.svg`.
            let inPattern = path.split(separator: "{").dropFirst().map { String($0.prefix { $0 != "}" }) }
            #expect(
                Self.parameterNames(operation, in: "path").sorted() == inPattern.sorted(), "\(method) \(path)"
            )
            for parameter in operation["parameters"] as? [[String: Any]] ?? []
            where parameter["in"] as? String == "path" {
                #expect(
                    parameter["required"] as? Bool == true, "\(method) \(path): path parameters are required")
            }
        }
    }

    @Test func windowTakesWhatWindowQueryAccepts() throws {
        let window = try #require(try Self.paths()["/window"]?["get"] as? [String: Any])
        let names = Self.parameterNames(window, in: "query")
        #expect(Set(names) == WindowQuery.names)
        #expect(names.count == WindowQuery.names.count, "each of \(names) once")
        // And the parser takes each documented name (row in place of offset).
        let values = [
            "offset": "0", "height": "100", "overscan": "10", "session": "s", "ack": "1", "q": "ann",
            "filter": "favorites", "label": "Work",
        ]
        #expect(throws: Never.self) { try WindowQuery(values.map { ($0.key, $0.value) }) }
        #expect(throws: Never.self) { try WindowQuery([("row", "0"), ("height", "100")]) }
        #expect(throws: Never.self) { try WindowQuery([("name", "smi"), ("height", "100")]) }
    }

    @Test func sectionsTakeTheFiltersAndImportsTheirModeAndErrorPolicy() throws {
        let paths = try Self.paths()
        let sections = try #require(paths["/sections"]?["get"] as? [String: Any])
        #expect(Self.parameterNames(sections, in: "query") == ["q", "filter", "label"])
        let labels = try #require(paths["/labels"]?["get"] as? [String: Any])
        #expect(Self.parameterNames(labels, in: "query").isEmpty)
        for method in ["post", "put"] {
            let operation = try #require(paths["/import"]?[method] as? [String: Any])
            let parameters = try #require(operation["parameters"] as? [[String: Any]])
            var choices: [String: [String]] = [:]
            for parameter in parameters {
                let name = try #require(parameter["name"] as? String)
                choices[name] = (parameter["schema"] as? [String: Any])?["enum"] as? [String]
            }
            #expect(
                choices == [
                    "mode": ImportMode.allCases.map(\.rawValue),
                    "errors": ImportErrorPolicy.allCases.map(\.rawValue),
                ], "\(method) /import")
        }
    }

    @Test func contactSchemasNameEveryField() throws {
        let schemas = try #require(
            (try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func properties(_ name: String) -> Set<String> {
            Set(((schemas[name] as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        let fields = Set(ContactField.allCases.map(\.name))
        // The bodies of POST and PATCH take the fields and nothing else (additionalProperties: false),
        // but the photo, which has endpoints of its own.
        let written = Set(ContactField.writableFields.map(\.name))
        #expect(properties("NewContact") == written && !written.contains("photo"))
        #expect(properties("ContactPatch") == written)
        #expect(
            properties("Contact")
                == fields.union(["id", "row", "version", "section", "phone_e164", "phone_display"]))
        let required = (schemas["Contact"] as? [String: Any])?["required"] as? [String] ?? []
        #expect(Set(required) == properties("Contact"))
    }

    /// `q`'s pattern says what `WindowQuery.search` enforces: at most 16 words, words
    /// counted as `WindowQuery.wordRuns` counts them. It must compile first: written
    /// with doubled backslashes it did not, and clients dropped it.
    @Test func theQueryPatternBoundsWordsAsTheServerDoes() throws {
        let window = try #require(try Self.paths()["/window"]?["get"] as? [String: Any])
        let parameters = try #require(window["parameters"] as? [[String: Any]])
        let q = try #require(parameters.first { $0["name"] as? String == "q" }?["schema"] as? [String: Any])
        #expect(q["maxLength"] as? Int == WindowQuery.maxQueryLength)
        let pattern = try NSRegularExpression(pattern: try #require(q["pattern"] as? String))
        func matches(_ text: String) -> Bool {
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        let words = ["ann", "Zoë", "o9", "É", "東京", "x—y"]
        let separators = [" ", ", ", "-", "\t", "'", "\u{7F}", "  ."]
        // Every count of words up to two too many, the text starting and ending with a
        // word or with separators (16 words followed by a space are still 16).
        for count in 0...(WindowQuery.maxQueryWords + 2) {
            for (leading, trailing) in [("", ""), (" ", ""), ("", " "), ("\u{0}", ".,")] {
                var text = leading
                for index in 0..<count {
                    if index > 0 { text += separators[index % separators.count] }
                    text += words[index % words.count]
                }
                text += trailing
                #expect(
                    matches(text) == (WindowQuery.wordRuns(text) <= WindowQuery.maxQueryWords),
                    "\(text.debugDescription): \(WindowQuery.wordRuns(text)) words")
            }
        }
        #expect(matches(""))
        #expect(!matches(Array(repeating: "a", count: WindowQuery.maxQueryWords + 1).joined(separator: " ")))
    }

    /// The input schemas' e-mail and phone patterns say what `ContactValidation` checks
    /// (the contact's own fields and the details' other ones); the stored `Contact`
    /// has none, so values from before the rules still match its schema.
    @Test func theWrittenEmailAndPhonePatternsAreTheServersRules() throws {
        let schemas = try #require(
            (try Self.document()["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func property(_ schema: String, _ name: String) -> [String: Any]? {
            ((schemas[schema] as? [String: Any])?["properties"] as? [String: Any])?[name] as? [String: Any]
        }
        func itemValue(_ schema: String, _ list: String) -> [String: Any]? {
            let details = property(schema, "details")?["properties"] as? [String: Any]
            let items = (details?[list] as? [String: Any])?["items"] as? [String: Any]
            return (items?["properties"] as? [String: Any])?["value"] as? [String: Any]
        }
        let emails = [
            "", "a@b", "ada@example.org", "名前@例え.jp", "not an email", "@x", "x@", "a@b@c", "a\u{00A0}@b",
            "a@b\u{3000}", "a\u{85}@b", "a\tb@c", "a@b\u{FEFF}",
        ]
        let phones = ["", "+1 555", "٣", "n/a", "abc", " ", "ext. 7"]
        for schema in ["NewContact", "ContactPatch"] {
            for (found, samples, rule) in [
                (property(schema, "email"), emails, ContactValidation.isEmail),
                (itemValue(schema, "emails"), emails, ContactValidation.isEmail),
                (property(schema, "phone"), phones, ContactValidation.isPhone),
                (itemValue(schema, "phones"), phones, ContactValidation.isPhone),
            ] as [([String: Any]?, [String], (String) -> Bool)] {
                let pattern = try NSRegularExpression(pattern: try #require(found?["pattern"] as? String))
                for text in samples {
                    let matched =
                        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                    #expect(matched == rule(text), "\(schema): \(text.debugDescription)")
                }
            }
        }
        #expect(
            property("Contact", "email")?["pattern"] == nil
                && itemValue("Contact", "emails")?["pattern"] == nil)
    }
}
