import Testing

@testable import HTTP

struct MultipartFileTests {
    func extract(_ body: String, boundary: String, pieces: Int) -> String {
        var extractor = MultipartFile(boundary: boundary)
        var out: [UInt8] = []
        let bytes = Array(body.utf8)
        let size = max(1, bytes.count / pieces)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            bytes[start..<end].withUnsafeBytes { extractor.feed($0) { out += $0 } }
            start = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func theFilePartIsExtractedWhateverTheChunking() {
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\nappend\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"people.csv\"\r\nContent-Type: text/csv\r\n\r\n"
            + "first_name,last_name\r\nAnn,\"Lee\r\n--Xy\"\r\n"
            + "\r\n--XyZ--\r\n"
        for pieces in [1, 2, 3, 7, body.utf8.count] {
            #expect(
                extract(body, boundary: "XyZ", pieces: pieces)
                    == "first_name,last_name\r\nAnn,\"Lee\r\n--Xy\"\r\n")
        }
    }

    @Test func theFieldNamedFileIsTheFileEvenWithoutAFilename() {
        // `curl -F 'file=<people.csv'` sends the file's text as a plain field named file.
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\nappend\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\nnot this\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"\r\nContent-Type: text/csv\r\n\r\n"
            + "first_name\r\nAnn\r\n--XyZ--\r\n"
        for pieces in [1, 5] {
            #expect(extract(body, boundary: "XyZ", pieces: pieces) == "first_name\r\nAnn")
        }
        let unquoted = "--q\r\ncontent-disposition: form-data;name=file\r\n\r\nlast_name\r\n--q--\r\n"
        #expect(extract(unquoted, boundary: "q", pieces: 1) == "last_name")
        let noFile = "--q\r\nContent-Disposition: form-data; name=\"files\"\r\n\r\nx\r\n--q--\r\n"
        #expect(extract(noFile, boundary: "q", pieces: 1) == "")
    }

    @Test func theBoundaryIsReadFromTheContentType() {
        #expect(
            MultipartFile.boundary(of: "multipart/form-data; boundary=----WebKitFormBoundaryA1")
                == "----WebKitFormBoundaryA1")
        #expect(MultipartFile.boundary(of: "multipart/form-data; boundary=\"q r\"") == "q r")
        #expect(MultipartFile.boundary(of: "multipart/form-data") == nil)
    }
}
