import Contacts
import HTTP

extension ContactsError: HTTPErrorConvertible {
    /// A database that cannot be reached is 503 (try again; a write whose commit was
    /// cut off on its way may have landed, so read before writing it again);
    /// what a store cannot do is 501; a disk with no space left for the data is 507; a
    /// database file removed or replaced under the server is 503 until it restarts.
    /// Other storage errors are the server's own (500).
    public var httpError: HTTPError? {
        switch self {
        case .unavailable:
            HTTPError(503, "unavailable", "the database cannot be reached; try again in a moment")
        case .busy:
            HTTPError(503, "busy", "an import holds the list; nothing was changed: try again in a moment")
        case .versionGone:
            HTTPError(503, "busy", "the list changed while it was being read; try again")
        case .unsupported(let what):
            HTTPError(501, "not_implemented", what)
        case .storageFull:
            HTTPError(507, "insufficient_storage", description)
        case .fileReplaced:
            HTTPError(503, "database_replaced", description)
        default:
            nil
        }
    }
}
