import Foundation
import Testing

@testable import HTTP

struct StaticFilesTests {
    let base = NSTemporaryDirectory() + "roster-static-" + UUID().uuidString
    var root: String { base + "/public" }

    init() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try "<!doctype html><p>home</p>".write(
            toFile: root + "/index.html", atomically: true, encoding: .utf8)
        try String(repeating: "const a = 1;\n", count: 200).write(
            toFile: root + "/app.js", atomically: true, encoding: .utf8)
        try "body{}".write(toFile: root + "/sub/app.css", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/.env", atomically: true, encoding: .utf8)
        try "root:x:0:0".write(toFile: base + "/passwd", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/escape", withDestinationPath: base + "/passwd")
        try manager.createSymbolicLink(atPath: root + "/inside.js", withDestinationPath: root + "/app.js")
    }

    func get(_ files: StaticFiles, _ target: String, _ headers: HTTPHeaders = [:]) -> (Int, Response?) {
        var all = headers
        all.add("Host", "x")
        let head = RequestHead(
            method: "GET", target: target, version: .http11, headers: all, framing: .none,
            expectsContinue: false)
        do {
            let response = try files.respond(to: Request(head: head))
            return (response.status, response)
        } catch let error as HTTPError {
            return (error.status, nil)
        } catch {
            return (-1, nil)
        }
    }

    @Test func filesAreServedWithTypeValidatorsAndCacheControl() throws {
        let files = try StaticFiles(root: root)
        let (status, response) = get(files, "/")
        #expect(status == 200)
        #expect(response?.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response?.headers["Cache-Control"] == "no-cache")
        #expect(response?.headers["Last-Modified"]?.hasSuffix(" GMT") == true)
        #expect(get(files, "/sub/app.css").1?.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(get(files, "/app.js?v=3").1?.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(get(files, "/inside.js").0 == 200, "a symlink that stays inside is fine")
    }

    @Test func aMatchingETagGets304() throws {
        let files = try StaticFiles(root: root)
        let etag = try #require(get(files, "/app.js").1?.headers["ETag"])
        #expect(get(files, "/app.js", ["If-None-Match": etag]).0 == 304)
        #expect(get(files, "/app.js", ["If-None-Match": "\"other\", \(etag)"]).0 == 304)
        #expect(get(files, "/app.js", ["If-None-Match": "\"other\""]).0 == 200)
    }

    @Test func gzipIsServedFromAPrecompressedCopy() throws {
        let files = try StaticFiles(root: root)
        let plain = get(files, "/app.js").1
        let zipped = get(files, "/app.js", ["Accept-Encoding": "gzip, deflate"]).1
        #expect(zipped?.headers["Content-Encoding"] == "gzip")
        guard case .bytes(let small)? = zipped?.body, case .bytes(let big)? = plain?.body else {
            Issue.record("no bodies")
            return
        }
        #expect(small.count < big.count / 5)
    }

    @Test(arguments: [
        "/../passwd", "/%2e%2e/passwd", "/..%2fpasswd", "/sub/..%2f..%2fpasswd", "/%00index.html",
        "/index.html%00",
        "/escape", "/.env", "/sub%2fapp.css", "/sub%5capp.css", "//etc/passwd", "/nothing.js", "/%zz",
        "/sub/../index.html",
    ])
    func nothingOutsideTheRootOrHiddenIsServed(target: String) throws {
        let files = try StaticFiles(root: root)
        #expect(get(files, target).0 == 404, "\(target)")
    }

    @Test func aChangedFileIsServedAnewAtOnce() throws {
        let files = try StaticFiles(root: root)
        let before = get(files, "/sub/app.css").1?.headers["ETag"]
        try "body{color:red}".write(toFile: root + "/sub/app.css", atomically: true, encoding: .utf8)
        #expect(get(files, "/sub/app.css").1?.headers["ETag"] != before)
    }

    @Test func aSameSizeEditInPlaceWithinOneSecondIsNotServedStale() throws {
        let files = try StaticFiles(root: root)
        let path = root + "/sub/app.css"
        let second = Date(timeIntervalSince1970: 1_700_000_000)
        try "body{}".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: second], ofItemAtPath: path)
        let before = try #require(get(files, "/sub/app.css").1)
        // Same size, same inode, a modification time in the same second.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("p{a:0}".utf8))
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: second.addingTimeInterval(0.25)], ofItemAtPath: path)
        let after = try #require(get(files, "/sub/app.css").1)
        #expect(after.headers["ETag"] != before.headers["ETag"])
        guard case .bytes(let body) = after.body else { return #expect(Bool(false)) }
        #expect(String(decoding: body, as: UTF8.self) == "p{a:0}")
    }

    @Test func theGzipAndThePlainAnswerHaveTheirOwnETags() throws {
        let files = try StaticFiles(root: root)
        let plain = try #require(get(files, "/app.js").1?.headers["ETag"])
        let zipped = try #require(get(files, "/app.js", ["Accept-Encoding": "gzip"]).1?.headers["ETag"])
        #expect(plain != zipped)
        #expect(get(files, "/app.js", ["If-None-Match": plain]).0 == 304)
        #expect(get(files, "/app.js", ["If-None-Match": zipped, "Accept-Encoding": "gzip"]).0 == 304)
        #expect(get(files, "/app.js", ["If-None-Match": zipped]).0 == 200, "the plain answer is another")
        #expect(get(files, "/app.js", ["If-None-Match": plain, "Accept-Encoding": "gzip"]).0 == 200)
    }

    @Test func otherMethodsAtAFilePathGet405WithAllow() throws {
        let files = try StaticFiles(root: root)
        let router = Router()
        router.fallback = { try files.respond(to: $0) }
        router.fallbackServes = { files.serves($0) }
        #expect(throws: HTTPError(405, "method_not_allowed", "POST is not allowed here; use GET, HEAD")) {
            try router.match(method: "POST", path: "/app.js")
        }
        #expect(router.allowedMethods(path: "/app.js") == ["GET", "HEAD"])
        #expect((try? router.match(method: "POST", path: "/nothing.js")) == nil)
        #expect(router.allowedMethods(path: "/nothing.js").isEmpty, "no file: 404")
        #expect(!files.serves(""), "OPTIONS * names no file")
    }

    @Test func aMissingRootIsRefused() {
        #expect(throws: HTTPError.self) { try StaticFiles(root: base + "/missing") }
    }
}
