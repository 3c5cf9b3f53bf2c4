import Codecs
import Contacts
import HTTP
import Phones

/// A `POST /contacts/bulk` body (docs/api.md, "Bulk actions"): an action, its label, and
/// the selection it applies to.
struct BulkRequest: Equatable, Sendable {
    /// What is done to each contact.
    var change: BulkChange
    var select: BulkSelection

    /// The actions by their names in the contract.
    static let actions = ["favorite", "unfavorite", "add_label", "remove_label", "delete"]

    /// Most bytes a bulk body may hold: 10,000 ids and the rest, with room.
    static let maxBodyBytes = 1 << 20

    /// The request `body` states.
    /// - Throws: 400 `invalid_json` for a body that is not a JSON object; 422
    ///   `invalid_parameter` naming `action`, `label` or the selection's member at fault.
    static func parse(_ body: [UInt8], region: PhoneRegion) throws(HTTPError) -> BulkRequest {
        let json = try object(body)
        if let unknown = json.members.first(where: { !["action", "label", "select"].contains($0.key) }) {
            throw BulkSelection.invalid(
                unknown.key,
                "'\(unknown.key.prefix(40))' is not a member of a bulk action: it takes action, label and select"
            )
        }
        guard case .string(let action) = json.value["action"], actions.contains(action) else {
            let given = json.value["action"].map {
                if case .string(let text) = $0 { "'\(text.prefix(40))'" } else { $0.kindDescription }
            }
            throw BulkSelection.invalid(
                "action",
                "action must be one of \(actions.joined(separator: ", "))\(given.map { ", not \($0)" } ?? "")"
            )
        }
        let change: BulkChange
        switch action {
        case "favorite": change = .favorite(true)
        case "unfavorite": change = .favorite(false)
        case "delete": change = .delete
        default:
            guard case .string(let text) = json.value["label"] else {
                throw BulkSelection.invalid(
                    "label", "\(action) needs a label: a string, like \"label\": \"Work\"")
            }
            let name: String
            do { name = try ContactLabels.checked([text]).first ?? "" } catch {
                throw BulkSelection.invalid(
                    "label", error.problem.replacingOccurrences(of: "labels[0]", with: "label"))
            }
            change = action == "add_label" ? .addLabel(name) : .removeLabel(name)
        }
        if json.value["label"] != nil, case .favorite = change {
            throw BulkSelection.invalid(
                "label", "label goes with add_label and remove_label, not with \(action)")
        }
        if json.value["label"] != nil, change == .delete {
            throw BulkSelection.invalid(
                "label", "label goes with add_label and remove_label, not with delete")
        }
        return BulkRequest(
            change: change, select: try BulkSelection.parse(json.value["select"], region: region))
    }

    /// The JSON object of `body` (also `POST /export.csv`'s): its value and members.
    /// - Throws: 400 `invalid_json`.
    static func object(_ body: [UInt8]) throws(HTTPError) -> (value: JSONValue, members: [JSONValue.Member]) {
        switch Result(catching: { () throws(JSONError) in try JSONReader.read(body) }) {
        case .success(let value):
            guard case .object(let members) = value else {
                throw HTTPError(
                    400, "invalid_json", "the body must be a JSON object, not \(value.kindDescription)")
            }
            return (value, members)
        case .failure(let error):
            throw HTTPError(
                400, "invalid_json",
                body.isEmpty
                    ? "the body is empty: send a JSON object" : "the body is not valid JSON: \(error)")
        }
    }
}
