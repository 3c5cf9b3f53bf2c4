/// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104): what the session cookies
/// are signed with, and what names a stored photo. Small and plain: blocks read in
/// place, one message schedule per digest.
public enum SHA256 {
    /// The digest of `message`: 32 bytes. Blocks are read straight from contiguous bytes (a
    /// photo's digest names it: up to 10 MiB, docs/api.md, "Photos").
    public static func hash(_ message: some Collection<UInt8>) -> [UInt8] {
        if let digest = message.withContiguousStorageIfAvailable({ hash(contiguous: $0) }) { return digest }
        return Array(message).withUnsafeBufferPointer { hash(contiguous: $0) }
    }

    /// The eight words of the state.
    private typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    private static func hash(contiguous message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state: State = (
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
            0x5be0_cd19
        )
        let whole = message.count / 64
        if whole > 0, let start = message.baseAddress { compress(&state, start, blocks: whole) }
        // Padding: a 1 bit, zeros, then the message's length in bits (big-endian), in one
        // block or spilling into a second.
        let rest = message.count - whole * 64
        var tail = [UInt8](repeating: 0, count: rest < 56 ? 64 : 128)
        for index in 0..<rest { tail[index] = message[whole * 64 + index] }
        tail[rest] = 0x80
        let bits = UInt64(message.count) &* 8
        for index in 0..<8 { tail[tail.count - 1 - index] = UInt8(truncatingIfNeeded: bits >> (8 * index)) }
        tail.withUnsafeBufferPointer { compress(&state, $0.baseAddress!, blocks: $0.count / 64) }
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    /// HMAC-SHA-256 of `message` under `key` (RFC 2104; a key longer than a block is hashed first).
    public static func hmac(key: some Collection<UInt8>, message: some Collection<UInt8>) -> [UInt8] {
        var block = key.count > 64 ? hash(key) : Array(key)
        block.append(contentsOf: repeatElement(0, count: 64 - block.count))
        let inner = hash(block.map { $0 ^ 0x36 } + message)
        return hash(block.map { $0 ^ 0x5C } + inner)
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
        0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
        0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
        0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
        0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
        0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
        0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
        0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
        0xc671_78f2,
    ]

    /// `blocks` 64-byte blocks from `bytes` into `state`: the schedule in a buffer of 64 words,
    /// eight rounds a turn with the words renamed instead of moved (about 300 MB/s, against
    /// 256 MB/s for one round a turn over arrays).
    private static func compress(_ state: inout State, _ bytes: UnsafePointer<UInt8>, blocks: Int) {
        roundConstants.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var (h0, h1, h2, h3, h4, h5, h6, h7) = state
                for block in 0..<blocks {
                    let p = bytes + 64 * block
                    for i in 0..<16 {
                        w[i] =
                            UInt32(p[4 * i]) << 24 | UInt32(p[4 * i + 1]) << 16 | UInt32(p[4 * i + 2]) << 8
                            | UInt32(p[4 * i + 3])
                    }
                    for i in 16..<64 {
                        let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                        let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    var i = 0
                    while i < 64 {
                        round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                        round(h, a, b, &c, d, e, f, &g, k[i + 1] &+ w[i + 1])
                        round(g, h, a, &b, c, d, e, &f, k[i + 2] &+ w[i + 2])
                        round(f, g, h, &a, b, c, d, &e, k[i + 3] &+ w[i + 3])
                        round(e, f, g, &h, a, b, c, &d, k[i + 4] &+ w[i + 4])
                        round(d, e, f, &g, h, a, b, &c, k[i + 5] &+ w[i + 5])
                        round(c, d, e, &f, g, h, a, &b, k[i + 6] &+ w[i + 6])
                        round(b, c, d, &e, f, g, h, &a, k[i + 7] &+ w[i + 7])
                        i += 8
                    }
                    h0 = h0 &+ a
                    h1 = h1 &+ b
                    h2 = h2 &+ c
                    h3 = h3 &+ d
                    h4 = h4 &+ e
                    h5 = h5 &+ f
                    h6 = h6 &+ g
                    h7 = h7 &+ h
                }
                state = (h0, h1, h2, h3, h4, h5, h6, h7)
            }
        }
    }

    /// One round, its words named as the round sees them: `d` and `h` take the new values
    /// (the next round names the eight one place on).
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
        _ g: UInt32, _ h: inout UInt32, _ constantAndWord: UInt32
    ) {
        let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ (g ^ (e & (f ^ g))) &+ constantAndWord
        d = d &+ t1
        h = t1 &+ (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) | (c & (a | b)))
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value >> count | value << (32 - count)
    }
}
