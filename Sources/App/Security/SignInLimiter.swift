import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Limits how fast one client may try admin tokens (docs/security.md, "Security"): each
/// client address holds `attempts` tries that come back one every
/// `refillSeconds`; a wrong token spends one, and with none left every token it
/// sends is answered 429 with `Retry-After`, unread, until one has come back. A
/// right token gives the client its tries back.
///
/// Clients are told apart by address (an IPv6 one by its /64, which one
/// machine usually holds whole). The table is bounded: past `clients` entries,
/// entries holding all their tries (which say nothing) are dropped, and if it is
/// still full, new addresses share one entry, so a flood of addresses can slow
/// other sign-ins down but never buys anyone more tries.
final class SignInLimiter: Sendable {
    /// How many tries, how fast they come back, how many clients are tracked.
    struct Rules: Sendable {
        /// Tries a client holds at most.
        var attempts = 5.0
        /// Seconds for one try to come back (5 a minute at length).
        var refillSeconds = 12.0
        /// Addresses tracked at most.
        var clients = 4096
    }

    let rules: Rules
    private let clock: MonotonicClock
    private let state = Mutex(Table())

    private struct Bucket {
        var tries: Double
        var at: UInt64
    }

    private struct Table {
        var buckets: [String: Bucket] = [:]
        /// The entry new addresses share while the table is full.
        var shared: Bucket?
    }

    /// A limiter with `rules`, reading `clock`.
    init(rules: Rules = Rules(), clock: MonotonicClock = .system) {
        self.rules = rules
        self.clock = clock
    }

    /// Nil when `client` may try a token now, else the whole seconds until it may.
    func wait(for client: String) -> Int? {
        let key = Self.key(client)
        let now = clock.nanoseconds()
        return state.withLock { table -> Int? in
            let known = table.buckets[key] ?? (table.buckets.count >= rules.clients ? table.shared : nil)
            guard let known else { return nil }
            let tries = refilled(known, now)
            return tries >= 1 ? nil : Int(((1 - tries) * rules.refillSeconds).rounded(.up))
        }
    }

    /// `client` sent a wrong token: one try spent.
    func failed(_ client: String) {
        let key = Self.key(client)
        let now = clock.nanoseconds()
        state.withLock { table in
            if table.buckets[key] == nil, table.buckets.count >= rules.clients {
                table.buckets = table.buckets.filter { refilled($0.value, now) < rules.attempts }
            }
            if table.buckets[key] != nil || table.buckets.count < rules.clients {
                let tries = table.buckets[key].map { refilled($0, now) } ?? rules.attempts
                table.buckets[key] = Bucket(tries: tries - 1, at: now)
            } else {
                let tries = table.shared.map { refilled($0, now) } ?? rules.attempts
                table.shared = Bucket(tries: tries - 1, at: now)
            }
        }
    }

    /// `client` sent the right token: its tries are back.
    func succeeded(_ client: String) {
        let key = Self.key(client)
        _ = state.withLock { $0.buckets.removeValue(forKey: key) }
    }

    /// Addresses tracked now (for tests of the bound).
    var tracked: Int { state.withLock { $0.buckets.count } }

    private func refilled(_ bucket: Bucket, _ now: UInt64) -> Double {
        let seconds = Double(now &- bucket.at) / 1e9
        return min(rules.attempts, bucket.tries + seconds / rules.refillSeconds)
    }

    /// What a client is told apart by: an IPv4 address whole, an IPv6 one by its
    /// first 64 bits (`2001:db8:1:2::/64`), anything else (a proxy's
    /// `X-Forwarded-For` value that is no address) as written.
    static func key(_ client: String) -> String {
        guard client.contains(":") else { return client }
        var address = in6_addr()
        guard inet_pton(AF_INET6, client, &address) == 1 else { return client }
        let bytes = withUnsafeBytes(of: address) { Array($0.prefix(8)) }
        let groups = stride(from: 0, to: 8, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/64"
    }
}
