/// Serializes a status line and header section.
enum ResponseHead {
    static let reasons: [Int: String] = [
        100: "Continue", 200: "OK", 204: "No Content", 206: "Partial Content", 301: "Moved Permanently",
        302: "Found", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 411: "Length Required",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 417: "Expectation Failed",
        422: "Unprocessable Content", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
    ]

    static let server = Array("Server: roster\r\n".utf8)

    /// The head of `response`: its own fields, then Date, Server, the framing
    /// (`Content-Length: bodyLength`, or chunked when nil) and `Connection: close`
    /// when the connection ends after it.
    static func bytes(
        status: Int, headers: HTTPHeaders, bodyLength: Int?, close: Bool, date: [UInt8], into output: inout [UInt8]
    ) {
        output.append(contentsOf: "HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\n".utf8)
        for field in headers {
            output.append(contentsOf: field.name.utf8)
            output.append(contentsOf: [0x3A, 0x20])
            output.append(contentsOf: field.value.utf8)
            output.append(contentsOf: [0x0D, 0x0A])
        }
        output.append(contentsOf: date)
        output.append(contentsOf: server)
        if let bodyLength {
            if status != 304 && status != 204 {
                output.append(contentsOf: "Content-Length: \(bodyLength)\r\n".utf8)
            }
        } else {
            output.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
        }
        if close { output.append(contentsOf: "Connection: close\r\n".utf8) }
        output.append(contentsOf: [0x0D, 0x0A])
    }
}
