import Contacts

/// The bulk actions of the document (docs/api.md, "Bulk actions"): `POST /contacts/bulk`,
/// its undo, and the exports of a selection.
extension OpenAPI {
    /// A list of contact ids, at most `BulkSelection.maxIDs`.
    private static func idList(minItems: Int) -> Value {
        [
            "type": "array", "minItems": .integer(minItems), "maxItems": .integer(BulkSelection.maxIDs),
            "items": ["type": "integer", "minimum": 1],
        ]
    }

    /// `view`: `/window`'s q, filter and label.
    private static var bulkView: Value {
        [
            "type": "object", "additionalProperties": false,
            "properties": [
                "q": ["type": "string"],
                "filter": ["type": "string", "enum": ["favorites", "all"]],
                "label": ["type": "string"],
            ],
        ]
    }

    /// `select`: ids, a range of a view, or all of a view but some.
    static var bulkSelect: Value {
        let version: Value = [
            "type": "integer", "minimum": 0,
            "description": "The list version the client saw: contacts added after it are never taken",
        ]
        return [
            "description": .string(
                "Exactly one of ids; between (with version); all (with version, and except)"),
            "oneOf": [
                [
                    "type": "object", "required": ["ids"], "additionalProperties": false,
                    "properties": ["ids": idList(minItems: 1)],
                ],
                [
                    "type": "object", "required": ["between", "version"], "additionalProperties": false,
                    "properties": [
                        "between": [
                            "type": "array", "minItems": 2, "maxItems": 2,
                            "items": ["type": "integer", "minimum": 1],
                        ],
                        "view": bulkView, "version": version,
                    ],
                ],
                [
                    "type": "object", "required": ["all", "version"], "additionalProperties": false,
                    "properties": [
                        "all": ["type": "boolean", "enum": [true]], "except": idList(minItems: 0),
                        "view": bulkView, "version": version,
                    ],
                ],
            ],
        ]
    }

    /// A JSON body of `schema`.
    private static func bulkBody(_ schema: Value) -> Value {
        ["required": true, "content": ["application/json": ["schema": schema]]]
    }

    /// An answer `{"affected", "version"}`, and `undo` when `undo`.
    private static func bulkAnswer(undo: Bool) -> Value {
        var properties: Value = [
            "affected": ["type": "integer", "minimum": 0], "version": ["type": "integer"],
        ]
        var required: Value = ["affected", "version"]
        if undo {
            properties = properties.adding([(name: "undo", value: ["type": "string"])])
            required = ["affected", "version", "undo"]
        }
        return [
            "description": "Done, in one transaction and one data version",
            "content": [
                "application/json": [
                    "schema": ["type": "object", "required": required, "properties": properties]
                ]
            ],
        ]
    }

    /// `POST /contacts/bulk`.
    static var bulkAction: Value {
        [
            "summary": .string(
                "Star, unstar, label, unlabel or delete many contacts at once: one transaction, one version, "
                    + "undone by POST /contacts/bulk/undo within \(ContactEdit.undoSeconds / 60) minutes"),
            "security": adminOrNone,
            "requestBody": bulkBody([
                "type": "object", "required": ["action", "select"], "additionalProperties": false,
                "properties": [
                    "action": [
                        "type": "string", "enum": .array(BulkRequest.actions.map { .string($0) }),
                    ],
                    "label": ["type": "string", "description": "With add_label and remove_label"],
                    "select": bulkSelect,
                ],
            ]),
            "responses": responses(
                ["200": bulkAnswer(undo: true)], errors: ["400", "401", "403", "413", "422", "429", "503"]),
        ]
    }

    /// `POST /contacts/bulk/undo`.
    static var bulkUndo: Value {
        [
            "summary": "Reverse a bulk action, once, within 10 minutes; 410 after that",
            "security": adminOrNone,
            "requestBody": bulkBody([
                "type": "object", "required": ["undo"],
                "properties": ["undo": ["type": "string"]],
            ]),
            "responses": responses(
                ["200": bulkAnswer(undo: false)], errors: ["400", "401", "403", "410", "422", "429", "503"]),
        ]
    }

    /// `POST /export.csv` (`csv`) or `POST /export.vcf`: a selection's contacts.
    static func exportSelection(csv: Bool) -> Value {
        [
            "summary": .string(
                "The selected contacts as \(csv ? "CSV" : "vCards 3.0"), answered as GET \(csv ? "/export.csv" : "/export.vcf") is"
            ),
            "security": adminOrNone,
            "requestBody": bulkBody([
                "type": "object", "required": ["select"], "additionalProperties": false,
                "properties": ["select": bulkSelect],
            ]),
            "responses": responses(
                [
                    "200": [
                        "description": csv ? "CSV" : "vCards",
                        "content": csv ? text("text/csv") : text("text/vcard"),
                    ]
                ],
                errors: ["400", "403", "413", "422"] + readErrors),
        ]
    }
}
