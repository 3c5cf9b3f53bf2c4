extension WriteGate {
    /// True for a listening address (`--host`) only this machine can reach.
    static func isLoopbackAddress(_ address: String) -> Bool {
        address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }

    /// True when a request's `Host` field names this machine's loopback interface:
    /// `localhost`, `127.x.y.z` (four decimal numbers up to 255) or `[::1]`, each
    /// with or without a port, in any case. Nil (no `Host`, HTTP/1.0) is not.
    ///
    /// A page's own name is what a rebinding attack sends, so anything else is
    /// refused, even a name that resolves to 127.0.0.1 here (`localhost.`, `127.1`).
    static func isLoopbackHost(_ field: String?) -> Bool {
        guard let field else { return false }
        let host = field.lowercased()
        let name: Substring
        let rest: Substring
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            name = host[host.index(after: host.startIndex)..<close]
            rest = host[host.index(after: close)...]
            guard name == "::1" else { return false }
        } else {
            let colon = host.firstIndex(of: ":") ?? host.endIndex
            name = host[..<colon]
            rest = host[colon...]
            guard name == "localhost" || isLoopbackIPv4(name) else { return false }
        }
        // An optional port: `:` and digits (RFC 3986 allows an empty port).
        return rest.isEmpty
            || (rest.first == ":" && rest.dropFirst().allSatisfy { $0.isASCII && $0.isNumber })
    }

    /// `127.x.y.z` in dotted decimal, each part 0...255 without a leading zero.
    private static func isLoopbackIPv4(_ name: Substring) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (part == "0" || part.first != "0") && Int(part)! <= 255
            }
    }

    /// The token of an `Authorization: Bearer <token>` field: the scheme matched
    /// without regard to case (RFC 9110 11.1), spaces after it skipped; nil for
    /// another scheme or no token.
    static func bearerToken(_ field: String?) -> Substring? {
        guard let field else { return nil }
        let trimmed = field.drop { $0 == " " || $0 == "\t" }
        guard trimmed.count > 6, trimmed.prefix(6).lowercased() == "bearer",
            let separator = trimmed.dropFirst(6).first, separator == " " || separator == "\t"
        else { return nil }
        let token = trimmed.dropFirst(6).drop { $0 == " " || $0 == "\t" }
        return token.isEmpty ? nil : token
    }

    /// Compares a presented token with the real one in time that depends only on
    /// their lengths, so that timing does not tell how much of a guess was right.
    static func constantTimeEquals(_ a: Substring, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
