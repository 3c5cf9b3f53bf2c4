import Testing

@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// A peer's address as `Request.client` carries it: IPv4 dotted, IPv6 as RFC 5952
/// writes it, an IPv4 client of a dual-stack socket as IPv4.
struct PeerAddressTests {
    private func text(_ family: Int32, _ address: String) -> String {
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.storeBytes(of: sa_family_t(family), as: sa_family_t.self)
            if family == AF_INET {
                let offset = MemoryLayout<sockaddr_in>.offset(of: \sockaddr_in.sin_addr)!
                _ = inet_pton(AF_INET, address, raw.baseAddress! + offset)
            } else {
                let offset = MemoryLayout<sockaddr_in6>.offset(of: \sockaddr_in6.sin6_addr)!
                _ = inet_pton(AF_INET6, address, raw.baseAddress! + offset)
            }
        }
        return withUnsafeBytes(of: &storage) { PeerAddress.text(of: $0) }
    }

    @Test func addressesAsText() {
        #expect(text(AF_INET, "192.0.2.33") == "192.0.2.33")
        #expect(text(AF_INET6, "2001:db8:0:0:0:0:0:1") == "2001:db8::1")
        #expect(text(AF_INET6, "::1") == "::1")
        #expect(text(AF_INET6, "::ffff:198.51.100.7") == "198.51.100.7")
        #expect(text(AF_UNIX, "") == "")
    }

    @Test func aLiveConnectionsPeerIsTheClientsAddress() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { for fd in fds { _ = close(fd) } }
        #expect(PeerAddress.of(fds[0]) == "", "a socket that is no IP connection has no address")
        #expect(PeerAddress.of(-1) == "")
    }
}
