import Codecs
import HTTP
import Phones
import Requests

/// Which contacts a bulk action or an export takes (docs/api.md, "Bulk actions"): ids named
/// one by one, every contact of a view from one id to another, or every contact of a view
/// but some; the last two as the view stood at the list version the client saw, so that
/// contacts added after it are never taken.
struct BulkSelection: Equatable, Sendable {
    /// How the contacts are named.
    enum Kind: Equatable, Sendable {
        /// These ids (1 to `maxIDs`).
        case ids([Int])
        /// Every contact of the view from one id to the other, both included, whichever comes first.
        case between(Int, Int)
        /// Every contact of the view but these.
        case all(except: [Int])
    }

    var kind: Kind
    /// The view the rows are counted in (`between`, `all`): as `/window`'s q, filter and label.
    var view = ListFilter.all
    /// The list version the client saw (`between`, `all`): contacts added after it are left out.
    var version: Int?

    /// Most ids a selection names one by one (and most `except` leaves out).
    static let maxIDs = 10_000

    /// The selection `json` states (the `select` member of a request).
    /// - Throws: 422 `invalid_parameter` naming the member at fault (`select`, `ids`,
    ///   `between`, `all`, `except`, `version`, `view`, or the view's `q`, `filter`, `label`).
    static func parse(_ json: JSONValue?, region: PhoneRegion) throws(HTTPError) -> BulkSelection {
        guard let json, case .object(let members) = json else {
            throw invalid(
                "select",
                "select must be an object: {\"ids\": [...]}, {\"between\": [ID, ID], \"version\": V} or {\"all\": true, \"version\": V}"
            )
        }
        let known = ["ids", "between", "all", "except", "view", "version"]
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw invalid(
                "select",
                "select has no member '\(unknown.key.prefix(40))'; it takes \(known.joined(separator: ", "))")
        }
        let kinds = ["ids", "between", "all"].filter { json[$0] != nil }
        guard kinds.count == 1 else {
            throw invalid("select", "select takes exactly one of ids, between and all")
        }
        if let ids = json["ids"] {
            for name in ["except", "view", "version"] where json[name] != nil {
                throw invalid(name, "\(name) goes with between or all, not with ids")
            }
            let list = try Self.ids(ids, name: "ids")
            guard !list.isEmpty else { throw invalid("ids", "ids must name at least one contact") }
            return BulkSelection(kind: .ids(list))
        }
        var selection: BulkSelection
        if let between = json["between"] {
            guard json["except"] == nil else {
                throw invalid("except", "except goes with all, not with between")
            }
            let pair = try Self.ids(between, name: "between")
            guard pair.count == 2 else { throw invalid("between", "between must be two ids: [ID_A, ID_B]") }
            selection = BulkSelection(kind: .between(pair[0], pair[1]))
        } else {
            guard json["all"] == .bool(true) else { throw invalid("all", "all must be true") }
            var except: [Int] = []
            if let skipped = json["except"] { except = try Self.ids(skipped, name: "except") }
            selection = BulkSelection(kind: .all(except: except))
        }
        guard let version = json["version"] else {
            throw invalid(
                "version", "version is required with between and all: the list version the client saw")
        }
        guard case .number(let number) = version, let value = number.intValue, value >= 0 else {
            throw invalid("version", "version must be a list version: an integer of 0 or more")
        }
        selection.version = value
        if let view = json["view"] { selection.view = try Self.view(view, region: region) }
        return selection
    }

    /// The ids of array `json` (member `name`): at most `maxIDs` positive integers.
    private static func ids(_ json: JSONValue, name: String) throws(HTTPError) -> [Int] {
        guard case .array(let values) = json else {
            throw invalid(name, "\(name) must be an array of contact ids")
        }
        guard values.count <= maxIDs else {
            throw invalid(name, "\(name) holds \(values.count) ids; at most \(maxIDs) are taken at once")
        }
        var ids: [Int] = []
        ids.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .number(let number) = value, let id = number.intValue, id > 0 else {
                throw invalid(name, "\(name)[\(index)] must be a contact id: a positive integer")
            }
            ids.append(id)
        }
        return ids
    }

    /// The view object `{"q", "filter", "label"}`, read as `/window` reads its parameters.
    private static func view(_ json: JSONValue, region: PhoneRegion) throws(HTTPError) -> ListFilter {
        guard case .object(let members) = json else {
            throw invalid("view", "view must be an object: {\"q\", \"filter\", \"label\"}")
        }
        var filter = ListFilter()
        for member in members {
            guard case .string(let text) = member.value else {
                throw invalid(member.key, "view.\(member.key.prefix(40)) must be a string")
            }
            do throws(HTTPError) {
                switch member.key {
                case "q": filter.words = try WindowQuery.search(text, region: region)
                case "filter": filter.favorites = try ListFilter.view(text)
                case "label": filter.label = try ListFilter.label(text)
                default:
                    throw invalid(
                        "view", "view has no member '\(member.key.prefix(40))'; it takes q, filter and label")
                }
            } catch {
                // `/window`'s refusal, as a member of the body.
                throw error.field == nil ? invalid(member.key, "view.\(error.message)") : error
            }
        }
        return filter
    }

    /// 422 `invalid_parameter` naming `field`.
    static func invalid(_ field: String, _ message: String) -> HTTPError {
        HTTPError(422, "invalid_parameter", message, field: field)
    }
}
