/// How the patterns kept as bitmaps are chosen (docs/api.md, "Search"): those at least
/// `share` of a sample of `sampleSize` contacts hold, once the list holds
/// `minimumContacts`, chosen again when it has doubled since.
public struct SQLiteGramPolicy: Sendable {
    /// The least share of the sampled contacts a kept pattern is held by.
    public var share = 0.05
    /// Contacts sampled, spread over the list.
    public var sampleSize = 10_000
    /// Below this many contacts no pattern is kept (the index answers quickly).
    public var minimumContacts = 1_000

    public init(share: Double = 0.05, sampleSize: Int = 10_000, minimumContacts: Int = 1_000) {
        self.share = share
        self.sampleSize = sampleSize
        self.minimumContacts = minimumContacts
    }
}
