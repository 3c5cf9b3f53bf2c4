import Contacts
import HTTP
import Requests
import Testing

@testable import App

/// A bulk action's body read strictly (docs/api.md, "Bulk actions"): the action and its
/// label, the three selections, and a 422 naming the member at fault.
struct BulkRequestTests {
    private func parse(_ text: String) throws(HTTPError) -> BulkRequest {
        try BulkRequest.parse(Array(text.utf8), region: .unitedStates)
    }

    /// The field a refused body names, or nil when it is taken.
    private func refusal(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.field ?? "(no field: \(error.status))"
        }
    }

    @Test func eachActionIsItsChange() throws {
        let select = #""select":{"ids":[1]}"#
        #expect(try parse(#"{"action":"favorite",\#(select)}"#).change == .favorite(true))
        #expect(try parse(#"{"action":"unfavorite",\#(select)}"#).change == .favorite(false))
        #expect(try parse(#"{"action":"delete",\#(select)}"#).change == .delete)
        #expect(try parse(#"{"action":"add_label","label":" Work ",\#(select)}"#).change == .addLabel("Work"))
        #expect(
            try parse(#"{"action":"remove_label","label":"work",\#(select)}"#).change == .removeLabel("work"))
    }

    @Test func theThreeSelectionsAreRead() throws {
        let ids = try parse(#"{"action":"delete","select":{"ids":[3,1,2]}}"#).select
        #expect(ids == BulkSelection(kind: .ids([3, 1, 2])))
        let between = try parse(
            #"{"action":"delete","select":{"between":[9,4],"version":12,"view":{"q":"Smith","filter":"favorites","label":"Work"}}}"#
        ).select
        #expect(between.kind == .between(9, 4) && between.version == 12)
        #expect(between.view == ListFilter(words: ["smith"], favorites: true, label: "Work"))
        let all = try parse(#"{"action":"delete","select":{"all":true,"except":[5],"version":0}}"#).select
        #expect(all == BulkSelection(kind: .all(except: [5]), view: .all, version: 0))
    }

    @Test(arguments: [
        (#"{"action":"explode","select":{"ids":[1]}}"#, "action"),
        (#"{"action":3,"select":{"ids":[1]}}"#, "action"),
        (#"{"select":{"ids":[1]}}"#, "action"),
        (#"{"action":"favorite","select":{"ids":[1]},"extra":1}"#, "extra"),
        (#"{"action":"favorite","label":"Work","select":{"ids":[1]}}"#, "label"),
        (#"{"action":"add_label","select":{"ids":[1]}}"#, "label"),
        (#"{"action":"add_label","label":"  ","select":{"ids":[1]}}"#, "label"),
        (#"{"action":"favorite"}"#, "select"),
        (#"{"action":"favorite","select":[1]}"#, "select"),
        (#"{"action":"favorite","select":{}}"#, "select"),
        (#"{"action":"favorite","select":{"ids":[1],"between":[1,2]}}"#, "select"),
        (#"{"action":"favorite","select":{"ids":[]}}"#, "ids"),
        (#"{"action":"favorite","select":{"ids":[0]}}"#, "ids"),
        (#"{"action":"favorite","select":{"ids":["7"]}}"#, "ids"),
        (#"{"action":"favorite","select":{"ids":[1],"version":3}}"#, "version"),
        (#"{"action":"favorite","select":{"between":[1]}}"#, "between"),
        (#"{"action":"favorite","select":{"between":[1,2]}}"#, "version"),
        (#"{"action":"favorite","select":{"between":[1,2],"version":-1}}"#, "version"),
        (#"{"action":"favorite","select":{"between":[1,2],"except":[3],"version":1}}"#, "except"),
        (#"{"action":"favorite","select":{"all":false,"version":1}}"#, "all"),
        (#"{"action":"favorite","select":{"all":true}}"#, "version"),
        (#"{"action":"favorite","select":{"all":true,"version":1,"view":{"filter":"starred"}}}"#, "filter"),
        (#"{"action":"favorite","select":{"all":true,"version":1,"view":{"sort":"x"}}}"#, "view"),
    ])
    func aBadBodyNamesItsField(body: String, field: String) {
        #expect(refusal(body) == field)
    }

    @Test func tenThousandIdsAreTakenAndOneMoreIsNot() {
        let ids = (1...10_000).map(String.init).joined(separator: ",")
        #expect(refusal(#"{"action":"favorite","select":{"ids":[\#(ids)]}}"#) == nil)
        #expect(refusal(#"{"action":"favorite","select":{"ids":[\#(ids),10001]}}"#) == "ids")
        #expect(
            refusal(#"{"action":"favorite","select":{"all":true,"version":1,"except":[\#(ids),1]}}"#)
                == "except")
    }

    @Test func aBodyThatIsNoJSONObjectIs400() {
        #expect(refusal("[]") == "(no field: 400)")
        #expect(refusal("") == "(no field: 400)")
        #expect(refusal("{") == "(no field: 400)")
    }
}
