/// What an import did, as `POST /import` answers it
/// (docs/import-export.md, "POST /import and PUT /import").
public struct ImportSummary: Sendable, Equatable {
    /// Errors listed at most; `rejected` counts them all.
    public static let maxErrors = 100

    /// Contacts added (0 when aborted).
    public var inserted = 0
    /// Stored contacts a `merge` import matched and changed (0 when aborted).
    public var updated = 0
    /// Stored contacts a `merge` import matched that the file changed nothing of.
    public var unchanged = 0
    /// Bad rows, listed or not.
    public var rejected = 0
    /// The first `maxErrors` bad rows, in file order.
    public var errors: [CSVError] = []
    /// Header names that fill no field, as written.
    public var ignoredColumns: [String] = []
    /// Per field (`ContactField.rawValue`), how many of the contacts taken held a
    /// value for it (`details`: held any detail); all 0 when the import was aborted.
    public var fieldCounts = Array(repeating: 0, count: ContactField.allCases.count)
    /// Contacts in the list afterwards.
    public var total = 0
    /// Wall-clock time from the start of the import to its commit.
    public var seconds = 0.0
    /// True when nothing was written (bad rows under `ImportErrorPolicy.abort`).
    public var aborted = false

    /// An empty summary.
    public init() {}

    /// Counts a bad row, and lists it while fewer than `maxErrors` are.
    mutating func reject(_ error: CSVError) {
        rejected += 1
        if errors.count < Self.maxErrors { errors.append(error) }
    }
}
