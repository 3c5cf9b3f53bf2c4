import Codecs
import HTTP

/// What `GET /events` announces of one data version: the version, and the
/// list's size, which a page needs to lay itself out before it asks `/window`
/// for the cells.
struct ListVersion: Equatable, Sendable {
    /// `roster_meta.data_version`.
    let version: Int
    /// Contacts in the list.
    let total: Int
    /// Pixels of the whole list, headers included.
    let contentHeight: Int

    init(version: Int, total: Int, contentHeight: Int) {
        self.version = version
        self.total = total
        self.contentHeight = contentHeight
    }

    /// The figures of `snapshot`.
    init(_ snapshot: ListSnapshot) {
        self.init(
            version: snapshot.version, total: snapshot.total, contentHeight: snapshot.layout.contentHeight)
    }

    /// `id: V`, `event: version`, `data: {"version": V, "total": T, "contentHeight": H}`,
    /// with the client's reconnection delay when `retry` is given (ms).
    func event(retry: Int? = nil) -> ServerSentEvent {
        var json = JSONWriter(capacity: 80)
        json.object { json in
            json.field("version", version)
            json.field("total", total)
            json.field("contentHeight", contentHeight)
        }
        return ServerSentEvent(
            id: String(version), event: "version", data: String(decoding: json.bytes, as: UTF8.self),
            retry: retry)
    }
}
