import Codecs

/// Serializes a status line and header section.
enum ResponseHead {
    static let reasons: [Int: String] = [
        100: "Continue", 200: "OK", 201: "Created", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently",
        302: "Found", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout",
        409: "Conflict", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 417: "Expectation Failed",
        422: "Unprocessable Content", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
    ]

    static let server = Array("Server: roster\r\n".utf8)

    /// How the body after a head is delimited.
    enum Framing: Equatable {
        /// `Content-Length` (none for 304 and 204, which have no body).
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// Neither: the body ends when the connection closes (streams to HTTP/1.0
        /// clients, which know no chunked coding; `close` must be true).
        case untilClose
    }

    /// The head of `response`: its own fields, then Date, Server, the framing
    /// and `Connection: close` when the connection ends after it.
    /// `extra` holds ready-made `Name: value\r\n` lines written after the response's own.
    static func bytes(
        status: Int, headers: HTTPHeaders, extra: [UInt8] = [], framing: Framing, close: Bool, date: [UInt8],
        into output: inout [UInt8]
    ) {
        if status == 200 {
            output.append(contentsOf: statusOK)
        } else {
            output.append(contentsOf: "HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\n".utf8)
        }
        for field in headers {
            append(field.name, to: &output)
            output.append(0x3A)
            output.append(0x20)
            append(field.value, to: &output)
            output.append(0x0D)
            output.append(0x0A)
        }
        output.append(contentsOf: extra)
        output.append(contentsOf: date)
        output.append(contentsOf: server)
        switch framing {
        case .length(let bodyLength):
            if status != 304 && status != 204 {
                output.append(contentsOf: contentLength)
                JSONWriter.appendDecimal(bodyLength, to: &output)
                output.append(0x0D)
                output.append(0x0A)
            }
        case .chunked:
            output.append(contentsOf: chunked)
        case .untilClose:
            break
        }
        if close { output.append(contentsOf: connectionClose) }
        output.append(0x0D)
        output.append(0x0A)
    }

    private static let statusOK = Array("HTTP/1.1 200 OK\r\n".utf8)
    private static let contentLength = Array("Content-Length: ".utf8)
    private static let chunked = Array("Transfer-Encoding: chunked\r\n".utf8)
    private static let connectionClose = Array("Connection: close\r\n".utf8)

    /// Copies a string's UTF-8 in one go.
    private static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }
}
