import Foundation
import Platform
import Synchronization
import TestSupport
import Testing

@testable import HTTP

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    let now = Mutex<UInt64>(1_000_000_000)
    var clock: MonotonicClock { MonotonicClock { [self] in now.withLock { $0 } } }
    func advance(milliseconds: UInt64) { now.withLock { $0 += milliseconds * 1_000_000 } }
}

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

    @Test func aChangedFileIsServedOnceTheRecheckIntervalHasPassed() throws {
        let time = ManualClock()
        let files = try StaticFiles(root: root, clock: time.clock)
        #expect(files.recheckInterval == 250_000_000, "the contract's bound")
        let before = get(files, "/sub/app.css").1?.headers["ETag"]
        try "body{color:red}".write(toFile: root + "/sub/app.css", atomically: true, encoding: .utf8)
        time.advance(milliseconds: 249)
        #expect(
            get(files, "/sub/app.css").1?.headers["ETag"] == before, "within the bound: no look at the disk")
        time.advance(milliseconds: 1)
        let after = try #require(get(files, "/sub/app.css").1)
        #expect(after.headers["ETag"] != before)
        guard case .bytes(let body) = after.body else { return #expect(Bool(false)) }
        #expect(String(decoding: body, as: UTF8.self) == "body{color:red}")
        // A file not held yet is looked up at once, after a 404 as well.
        #expect(get(files, "/new.js").0 == 404)
        try "let x = 1".write(toFile: root + "/new.js", atomically: true, encoding: .utf8)
        #expect(get(files, "/new.js").0 == 200)
        // A file removed is a 404 once the interval has passed again.
        try FileManager.default.removeItem(atPath: root + "/sub/app.css")
        #expect(get(files, "/sub/app.css").0 == 200)
        time.advance(milliseconds: 250)
        #expect(get(files, "/sub/app.css").0 == 404)
    }

    @Test func aSameSizeEditInPlaceWithinOneSecondIsNotServedStale() throws {
        let time = ManualClock()
        let files = try StaticFiles(root: root, clock: time.clock)
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
        time.advance(milliseconds: 250)
        let after = try #require(get(files, "/sub/app.css").1)
        #expect(after.headers["ETag"] != before.headers["ETag"])
        guard case .bytes(let body) = after.body else { return #expect(Bool(false)) }
        #expect(String(decoding: body, as: UTF8.self) == "p{a:0}")
    }

    @Test func eachFileIsHeldPlainGzipAndZstdEachWithItsETag() throws {
        let files = try StaticFiles(root: root)
        let plain = try #require(get(files, "/app.js").1)
        let zipped = try #require(get(files, "/app.js", ["Accept-Encoding": "gzip"]).1)
        let zstd = try #require(get(files, "/app.js", ["Accept-Encoding": "gzip, deflate, br, zstd"]).1)
        guard case .bytes(let body) = plain.body, case .bytes(let gzipBody) = zipped.body,
            case .bytes(let zstdBody) = zstd.body
        else { return #expect(Bool(false)) }
        #expect(zipped.headers["Content-Encoding"] == "gzip" && gunzip(gzipBody) == body)
        #expect(zstd.headers["Content-Encoding"] == "zstd" && unzstd(zstdBody) == body)
        let tags = [plain, zipped, zstd].compactMap { $0.headers["ETag"] }
        #expect(Set(tags).count == 3 && tags[2].hasSuffix("-zstd\""))
        #expect(get(files, "/app.js", ["If-None-Match": tags[2], "Accept-Encoding": "zstd"]).0 == 304)
        #expect(get(files, "/app.js", ["If-None-Match": tags[2], "Accept-Encoding": "gzip"]).0 == 200)
        #expect(get(files, "/app.js", ["If-None-Match": "W/" + tags[1], "Accept-Encoding": "gzip"]).0 == 304)
        // The same bytes on every request: made once per file version.
        guard case .bytes(let again)? = get(files, "/app.js", ["Accept-Encoding": "zstd"]).1?.body else {
            return #expect(Bool(false))
        }
        #expect(again == zstdBody)
        #expect(
            get(files, "/app.js", ["Accept-Encoding": "zstd;q=0.5, gzip"]).1?.headers["Content-Encoding"]
                == "gzip")
    }

    @Test func everyAnswerVariesByAcceptEncodingAndKeepsItsCoding() throws {
        let files = try StaticFiles(root: root)
        for (target, headers) in [("/app.js", [:]), ("/sub/app.css", ["Accept-Encoding": "gzip"])]
            as [(String, HTTPHeaders)]
        {
            let response = try #require(get(files, target, headers).1)
            #expect(response.headers["Vary"] == "Accept-Encoding" && response.codingChosen, "\(target)")
            let etag = try #require(response.headers["ETag"])
            var conditional = headers
            conditional.add("If-None-Match", etag)
            let notModified = try #require(get(files, target, conditional).1)
            #expect(notModified.status == 304 && notModified.headers["Vary"] == "Accept-Encoding")
            #expect(notModified.headers["Content-Encoding"] == nil && notModified.headers["ETag"] == etag)
        }
        #expect(
            get(files, "/sub/app.css", ["Accept-Encoding": "gzip"]).1?.headers["Content-Encoding"] == nil,
            "6 bytes: not worth compressing")
    }

    @Test func identityRefusedGetsACompressedCopyOr406() throws {
        let files = try StaticFiles(root: root)
        let small = try #require(get(files, "/sub/app.css", ["Accept-Encoding": "gzip, identity;q=0"]).1)
        guard case .bytes(let body) = small.body else { return #expect(Bool(false)) }
        #expect(small.headers["Content-Encoding"] == "gzip" && gunzip(body) == Array("body{}".utf8))
        #expect(small.headers["ETag"]?.hasSuffix("-gzip\"") == true)
        #expect(
            get(files, "/sub/app.css", ["Accept-Encoding": "*;q=0, zstd"]).1?.headers["Content-Encoding"]
                == "zstd")
        #expect(get(files, "/app.js", ["Accept-Encoding": "identity;q=0"]).0 == 406)
        #expect(get(files, "/app.js", ["Accept-Encoding": "br, *;q=0"]).0 == 406)
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
