import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// The address a connected socket's peer has, as text: what `Request.client`
/// carries to handlers (for limits kept per client, and the log).
enum PeerAddress {
    /// The peer of socket `fd`: dotted decimal for IPv4 (an IPv4-mapped IPv6
    /// address, as a dual-stack socket on `::` sees IPv4 clients, shown as IPv4
    /// too), RFC 5952 text for IPv6; "" when it cannot be read.
    static func of(_ fd: Int32) -> String {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = try? syscall("getpeername") {
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
            }
        }
        guard named != nil else { return "" }
        return withUnsafeBytes(of: &address) { text(of: $0) }
    }

    /// The text of a `sockaddr_storage`'s bytes (`sockaddr_in` or `sockaddr_in6`).
    static func text(of storage: UnsafeRawBufferPointer) -> String {
        let family = Int32(storage.load(as: sa_family_t.self))
        var bytes: [UInt8]
        switch family {
        case AF_INET:
            let offset = MemoryLayout<sockaddr_in>.offset(of: \sockaddr_in.sin_addr)!
            bytes = Array(storage[offset..<offset + 4])
        case AF_INET6:
            let offset = MemoryLayout<sockaddr_in6>.offset(of: \sockaddr_in6.sin6_addr)!
            bytes = Array(storage[offset..<offset + 16])
            // ::ffff:a.b.c.d is the IPv4 client a.b.c.d.
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                bytes = Array(bytes[12...])
            }
        default:
            return ""
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, raw.baseAddress, &text, socklen_t(text.count))
        }
        guard written != nil else { return "" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
