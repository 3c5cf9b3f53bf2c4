import Foundation
import Testing

@testable import HTTP

/// `/v/<version>/` paths of `StaticFiles` and the digest that names a folder's content.
struct StaticFilesVersionTests {
    let root = NSTemporaryDirectory() + "roster-versioned-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: root + "/list", withIntermediateDirectories: true)
        try "export const a = 1;\n".write(toFile: root + "/list/a.js", atomically: true, encoding: .utf8)
        try "body{}".write(toFile: root + "/app.css", atomically: true, encoding: .utf8)
    }

    func get(_ files: StaticFiles, _ target: String, _ headers: HTTPHeaders = [:]) throws -> Response {
        var all = headers
        all.add("Host", "x")
        return try files.respond(to: Request(head: RequestHead(method: "GET", target: target, headers: all)))
    }

    @Test func theCurrentVersionIsImmutableAndAnotherIsRevalidated() throws {
        let content = try #require(StaticVersion.of(root))
        let files = try StaticFiles(root: root, version: StaticVersion(name: "abc123", tags: content.tags))
        let current = try get(files, "/v/abc123/list/a.js")
        #expect(current.status == 200 && current.headers["Cache-Control"] == StaticFiles.immutable)
        #expect(current.headers["Content-Type"] == "text/javascript; charset=utf-8")
        let old = try get(files, "/v/0ld/list/a.js")
        #expect(old.status == 200 && old.headers["Cache-Control"] == "no-cache")
        #expect(try get(files, "/list/a.js").headers["Cache-Control"] == "no-cache")
        let etag = try #require(current.headers["ETag"])
        let revalidated = try get(files, "/v/abc123/list/a.js", ["If-None-Match": etag])
        #expect(revalidated.status == 304 && revalidated.headers["Cache-Control"] == StaticFiles.immutable)
        #expect(files.serves("/v/abc123/app.css") && !files.serves("/v/abc123/none.css"))
        #expect(throws: HTTPError.self) { try get(files, "/v/abc123/../../etc/passwd") }
        #expect(throws: HTTPError.self) { try get(files, "/v//app.css") }
    }

    /// A file edited after start is not the start version's content: never immutable under it.
    @Test func aFileEditedAfterStartIsRevalidatedUnderTheStartVersion() throws {
        let content = try #require(StaticVersion.of(root))
        let files = try StaticFiles(root: root, version: content, recheckInterval: 0)
        let path = "/v/\(content.name)/list/a.js"
        #expect(try get(files, path).headers["Cache-Control"] == StaticFiles.immutable)
        try "export const a = 2;\n".write(toFile: root + "/list/a.js", atomically: true, encoding: .utf8)
        let edited = try get(files, path)
        guard case .bytes(let body) = edited.body else { return #expect(Bool(false)) }
        #expect(String(decoding: body, as: UTF8.self) == "export const a = 2;\n")
        #expect(edited.headers["Cache-Control"] == "no-cache")
        #expect(
            try get(files, "/v/\(content.name)/app.css").headers["Cache-Control"] == StaticFiles.immutable)
    }

    @Test func withoutAVersionVPathsAreFilesLikeAnyOther() throws {
        let files = try StaticFiles(root: root)
        #expect(try get(files, "/v/abc123/app.css").headers["Cache-Control"] == "no-cache")
        #expect(StaticFiles.versioned("/v/x") == nil && StaticFiles.versioned("/app.css") == nil)
    }

    @Test func theDigestNamesTheContentOfEveryFile() throws {
        let first = try #require(StaticVersion.of(root)?.name)
        #expect(first.count == 16 && first.allSatisfy(\.isHexDigit))
        #expect(StaticVersion.of(root)?.name == first, "the same files, the same name")
        try "secret".write(toFile: root + "/.env", atomically: true, encoding: .utf8)
        #expect(StaticVersion.of(root)?.name == first, "a dot file is never served: not counted")
        try "export const a = 2;\n".write(toFile: root + "/list/a.js", atomically: true, encoding: .utf8)
        #expect(StaticVersion.of(root)?.name != first)
        #expect(StaticVersion.of(root + "/nowhere")?.name == nil)
    }
}
