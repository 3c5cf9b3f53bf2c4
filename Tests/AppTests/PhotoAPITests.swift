import Contacts
import Foundation
import TestSupport
import Testing

@testable import App

extension RawClient {
    /// One request with a body of bytes; the whole response.
    func send(
        _ method: String, _ target: String, body: [UInt8], headers: [String: String] = [:]
    ) -> ParsedResponse? {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        send(Array((head + "\r\n").utf8) + body)
        return readResponses().first
    }
}

/// Photos through the API (docs/api.md, "Photos"): imported from vCards, named by their cells,
/// served as small immutable thumbnails, uploaded upright, refused with a reason, removed, and
/// written back by the vCard export.
@Suite(.serialized)
struct PhotoAPITests {
    /// The colours of the imported photos, one each.
    static let colours: [[Int]] = [
        [200, 30, 40], [30, 160, 60], [40, 60, 200], [220, 200, 20], [120, 20, 160],
    ]

    /// vCards 3.0 (`PHOTO;ENCODING=b`, JPEG) and 4.0 (`PHOTO:data:`, PNG), one per colour.
    static func vCards() throws -> String {
        var cards = ""
        for (index, colour) in colours.enumerated() {
            let jpeg = index % 2 == 0
            let image = try PillowOracle.image(
                "im = Image.new('RGB', (300, 200), (\(colour.map(String.init).joined(separator: ", "))))",
                format: jpeg ? "JPEG" : "PNG", options: jpeg ? "quality=92" : "")
            let base64 = Data(image).base64EncodedString()
            let photo =
                jpeg ? "PHOTO;ENCODING=b;TYPE=JPEG:\(base64)" : "PHOTO:data:image/png;base64,\(base64)"
            cards +=
                "BEGIN:VCARD\r\nVERSION:\(jpeg ? "3.0" : "4.0")\r\nN:Photo\(index);Ann;;;\r\nFN:Ann Photo\(index)\r\n"
                + "EMAIL:p\(index)@example.org\r\n\(photo)\r\nEND:VCARD\r\n"
        }
        return cards
    }

    /// The contact cells of the first screen, by e-mail.
    static func cells(_ client: RawClient) throws -> [String: [String: Any]] {
        let window = try #require(client.getJSON("/window?offset=0&height=4000")?.json)
        var cells: [String: [String: Any]] = [:]
        for cell in window["cells"] as? [[String: Any]] ?? [] {
            guard let contact = cell["contact"] as? [String: Any], let email = contact["email"] as? String
            else {
                continue
            }
            cells[email] = contact
        }
        return cells
    }

    static func near(_ pixel: [Int], _ want: [Int], within tolerance: Int = 30) -> Bool {
        pixel.count == 3 && zip(pixel, want).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: TestStore.available)
    func importedPhotosAreServedAsThumbnailsAndExported(store: TestStore) throws {
        let live = try LiveApplication(store, contacts: 0)
        let client = live.client()
        let imported = client.post("/import", try Self.vCards(), headers: ["Content-Type": "text/vcard"])
        #expect(imported.status == 200 && imported.json["inserted"] as? Int == Self.colours.count)
        let cells = try Self.cells(client)
        let urls = Self.colours.indices.compactMap { cells["p\($0)@example.org"]?["photo"] as? String }
        #expect(urls.count == Self.colours.count && Set(urls).count == urls.count, "a photo URL per cell")
        #expect(urls.allSatisfy { $0.hasPrefix("/photos/") && StoredPhoto.isDigest($0.dropFirst(8)) })
        for (index, url) in urls.enumerated() {
            let response = try #require(client.get(url, headers: ["Accept": "image/webp,*/*"]))
            #expect(response.status == 200 && response.headers["content-type"] == "image/webp")
            let reading = try PillowOracle.read(response.body)
            #expect(reading.width == 80 && reading.height == 80 && !reading.hasEXIF)
            #expect(Self.near(reading.pixels.first ?? [], Self.colours[index]), "\(reading.pixels)")
            #expect(response.headers["cache-control"] == "public, max-age=31536000, immutable")
            #expect(response.headers["vary"]?.contains("Accept") == true)
            let etag = try #require(response.headers["etag"])
            #expect(
                client.get(url, headers: ["Accept": "image/webp,*/*", "If-None-Match": etag])?.status == 304)
            let jpeg = try #require(client.get(url + "?s=160"))
            #expect(jpeg.status == 200 && jpeg.headers["content-type"] == "image/jpeg")
            #expect(jpeg.headers["etag"] != etag, "another size and encoding is another thumbnail")
            #expect(try PillowOracle.read(jpeg.body).width == 160)
        }
        #expect(client.get(urls[0] + "?s=9000")?.status == 400)
        #expect(client.get(urls[0] + "?x=1")?.status == 400)
        #expect(client.get("/photos/" + String(repeating: "0", count: 64))?.status == 404)
        #expect(client.get("/photos/nothing")?.status == 404)

        let id = try #require(cells["p0@example.org"]?["id"] as? Int)
        let contact = live.call("GET", "/contacts/\(id)").json
        #expect((contact["photo"] as? [String: Any])?["url"] as? String == urls[0])
        #expect((contact["details"] as? [String: Any])?["photo"] == nil, "the bytes left the details")

        let vcf = try #require(client.get("/export.vcf")).text
        #expect(vcf.components(separatedBy: "\r\nPHOTO;ENCODING=b;TYPE=").count - 1 == Self.colours.count)
        let vcf4 = try #require(client.get("/export.vcf?version=4.0")).text
        #expect(vcf4.components(separatedBy: "\r\nPHOTO:data:image/").count - 1 == Self.colours.count)
        let csv = try #require(client.get("/export.csv")).text
        #expect(csv.components(separatedBy: #""photo"":{""type"":""image/"#).count - 1 == Self.colours.count)

        // The export, imported again elsewhere (where the contacts get other ids), shows each
        // contact with the same photo URL.
        let again = try LiveApplication(store, contacts: 0, adding: [.init(firstName: "Earlier")])
        let back = again.client().post("/import", vcf, headers: ["Content-Type": "text/vcard"])
        #expect(back.status == 200)
        let round = try Self.cells(again.client())
        #expect(round["p0@example.org"]?["id"] as? Int != id, "the ids differ")
        #expect(Self.colours.indices.map { round["p\($0)@example.org"]?["photo"] as? String } == urls)
    }

    @Test func anUploadIsUprightRefusalsSayWhyAndADeleteRemovesIt() throws {
        let live = try LiveApplication(
            contacts: 0, adding: [.init(firstName: "Cam", lastName: "Era", email: "c@x.io")])
        let id = try #require(live.addedIDs.first)
        let client = live.client()
        let camera = try PillowOracle.image(
            """
            im = Image.new('RGB', (4000, 3000), (0, 0, 255))
            im.paste((255, 0, 0), (0, 0, 2000, 3000))
            exif = Image.Exif(); exif[0x0112] = 6; exif[0x8825] = {1: 'N', 2: (59.0, 54.0, 0.0)}
            """, format: "JPEG", options: "quality=85, exif=exif.tobytes()")
        let before = try #require(client.getJSON("/window?offset=0&height=800")?.json["version"] as? Int)
        let put = try #require(
            client.send("PUT", "/contacts/\(id)/photo", body: camera, headers: ["Content-Type": "image/jpeg"])
        )
        #expect(put.status == 200, "\(put.text)")
        let answered = try JSONSerialization.jsonObject(with: Data(put.body)) as? [String: Any]
        let url = try #require((answered?["photo"] as? [String: Any])?["url"] as? String)
        let window = try #require(client.getJSON("/window?offset=0&height=800")?.json)
        #expect((window["version"] as? Int ?? 0) > before, "a write moves the version on")
        #expect(try Self.cells(client)["c@x.io"]?["photo"] as? String == url)
        let thumbnail = try #require(client.get(url))
        let reading = try PillowOracle.read(thumbnail.body, at: [(0.5, 0.05), (0.5, 0.95)])
        #expect(reading.width == 80 && !reading.hasEXIF)
        #expect(Self.near(reading.pixels[0], [255, 0, 0], within: 60), "red on top: \(reading.pixels)")
        #expect(Self.near(reading.pixels[1], [0, 0, 255], within: 60), "blue below: \(reading.pixels)")

        let bomb = try PillowOracle.image("im = Image.new('1', (30000, 30000))", format: "PNG")
        let refused: [(String, [UInt8], Int)] = [
            (
                "an SVG",
                Array(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8), 415
            ),
            ("a cut-off JPEG", Array(camera.prefix(camera.count / 3)), 422),
            ("text", Array(String(repeating: "hello, not a picture\n", count: 20).utf8), 415),
            ("a 30,000 x 30,000 PNG", bomb, 413),
        ]
        for (what, body, status) in refused {
            let response = try #require(client.send("PUT", "/contacts/\(id)/photo", body: body))
            let error = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(response.status == status, "\(what): \(response.text)")
            #expect((error?["message"] as? String ?? "").count > 20, "\(what) is refused with a reason")
        }
        #expect(try Self.cells(client)["c@x.io"]?["photo"] as? String == url, "a refusal changes nothing")

        // Deleted and restored, the contact has its photo again.
        #expect(live.call("DELETE", "/contacts/\(id)").status == 204)
        #expect(live.call("POST", "/contacts/\(id)/restore").status == 201)
        #expect(try Self.cells(client)["c@x.io"]?["photo"] as? String == url)

        let removed = live.call("DELETE", "/contacts/\(id)/photo")
        #expect(removed.status == 200 && removed.json["photo"] is NSNull)
        let cell = try #require(try Self.cells(client)["c@x.io"])
        #expect(cell["photo"] == nil, "no photo key without a photo")
        #expect(live.call("DELETE", "/contacts/999999/photo").status == 404)
    }

    @Test func twoContactsWithTheSamePhotoShareItsURLAndThumbnail() throws {
        let live = try LiveApplication(
            contacts: 0,
            adding: [.init(firstName: "One", email: "1@x.io"), .init(firstName: "Two", email: "2@x.io")])
        let png = try PillowOracle.image("im = Image.new('RGB', (40, 40), (90, 90, 90))", format: "PNG")
        for id in live.addedIDs {
            #expect(live.client().send("PUT", "/contacts/\(id)/photo", body: png)?.status == 200)
        }
        let cells = try Self.cells(live.client())
        let urls = ["1@x.io", "2@x.io"].compactMap { cells[$0]?["photo"] as? String }
        #expect(urls.count == 2 && urls.allSatisfy { $0 == "/photos/" + StoredPhoto.digest(of: png) })
        let etags = urls.compactMap { live.client().get($0)?.headers["etag"] }
        #expect(etags.count == 2 && etags[0] == etags[1], "one thumbnail, whoever shows it")
    }

    @Test func aWriteWithAnInlinePhotoKeepsItApart() throws {
        let live = try LiveApplication(contacts: 0)
        let png = try PillowOracle.image("im = Image.new('RGB', (50, 50), (10, 200, 10))", format: "PNG")
        let body =
            #"{"first_name": "Ina", "email": "i@x.io", "details": {"photo": {"type": "image/png", "data": ""#
            + Data(png).base64EncodedString() + #""}}}"#
        let created = live.call("POST", "/contacts", body)
        #expect(created.status == 201)
        let url = try #require((created.json["photo"] as? [String: Any])?["url"] as? String)
        #expect(url == "/photos/" + StoredPhoto.digest(of: png))
        #expect((created.json["details"] as? [String: Any])?["photo"] == nil)
        // A client sending back what it read has the photo ignored: only its endpoints change it.
        let id = try #require(created.json["id"] as? Int)
        let patched = live.call("PATCH", "/contacts/\(id)", #"{"city": "Oslo", "photo": null}"#)
        #expect(patched.status == 200 && (patched.json["photo"] as? [String: Any])?["url"] as? String == url)
        let svg =
            #"{"first_name": "Sam", "details": {"photo": {"type": "image/svg+xml", "data": ""#
            + Data("<svg/>".utf8).base64EncodedString() + #""}}}"#
        let refused = live.call("POST", "/contacts", svg)
        #expect(refused.status == 415 && refused.json["field"] as? String == "details")
    }
}

/// The thumbnails' caches (docs/api.md, "Photos"): bounded by bytes, least recently used first out.
struct ThumbnailCacheTests {
    @Test func memoryKeepsTheRecentlyUsedWithinItsBytes() {
        let cache = ThumbnailCache(limit: 4000)
        for index in 0..<6 { cache.set("k\(index)", [UInt8](repeating: UInt8(index), count: 500)) }
        #expect(cache.get("k0") != nil)
        for index in 6..<9 { cache.set("k\(index)", [UInt8](repeating: UInt8(index), count: 500)) }
        let figures = cache.figures
        #expect(figures.bytes <= 4000 && figures.count == figures.bytes / 500)
        #expect(cache.get("k8") != nil && cache.get("k0") != nil, "the recently used stay")
        #expect(cache.get("k1") == nil, "the least recently used went first")
        cache.set("huge", [UInt8](repeating: 0, count: 3000))
        #expect(cache.get("huge") == nil, "a thumbnail over a quarter of the limit is not kept")
    }

    @Test func diskKeepsFilesWithinItsBytesAndReadsThemBack() throws {
        let folder = NSTemporaryDirectory() + "roster-thumbnails-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let disk = try ThumbnailDiskCache(folder: folder, limit: 10_000)
        for index in 0..<30 { disk.set("t\(index).jpeg", [UInt8](repeating: UInt8(index), count: 1000)) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count <= 10 && files.count >= 5 && !files.contains { $0.hasSuffix(".part") })
        #expect(disk.get("t29.jpeg") == [UInt8](repeating: 29, count: 1000))
        #expect(disk.get("t0.jpeg") == nil)
        #expect(
            try ThumbnailDiskCache(folder: folder, limit: 10_000).get("t29.jpeg") != nil, "kept across starts"
        )
    }

    @Test func theFolderBesideADatabaseIsMadeAtTheFirstThumbnailOnly() throws {
        let folder = NSTemporaryDirectory() + "roster-thumbnails-" + UUID().uuidString + "/inner"
        defer { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }
        let disk = try ThumbnailDiskCache(folder: folder, limit: 10_000, makeNow: false)
        #expect(!FileManager.default.fileExists(atPath: folder), "a list without photos gets no folder")
        #expect(disk.get("t.jpeg") == nil)
        disk.set("t.jpeg", [1, 2, 3])
        #expect(disk.get("t.jpeg") == [1, 2, 3])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["t.jpeg"])
    }
}
