import Contacts

/// The writes of the document's `paths`: contacts one at a time, and imports.
extension OpenAPI {
    /// The errors every write that takes a body may answer: a bad request, the write
    /// gate's 401 and 403, a body too large or of another type, too many requests, a
    /// busy writer, no space left on the disk (507).
    private static let writeErrors: [StaticString] = ["400", "401", "403", "413", "415", "429", "503", "507"]

    /// A contact body: JSON, or a JSON merge patch (RFC 7396), which is the same thing here.
    private static func contactBody(_ schema: String) -> Value {
        [
            "required": true,
            "content": [
                "application/json": ["schema": ref(schema)],
                "application/merge-patch+json": ["schema": ref(schema)],
            ],
        ]
    }

    /// The contact a write answers with, and its ETag (and Location, for a new one).
    private static func writtenContact(_ description: String, location: Bool) -> Value {
        let etag: Value.Member = ("ETag", etagHeader)
        let headers: [Value.Member] =
            location ? [("Location", ["schema": ["type": "string"]]), etag] : [etag]
        return ["description": .string(description), "headers": .object(headers), "content": json("Contact")]
    }

    /// `POST /contacts`.
    static var addContact: Value {
        [
            "summary": "Add a contact (one transaction); authorized like imports",
            "security": adminOrNone,
            "requestBody": contactBody("NewContact"),
            "responses": responses(
                ["201": writtenContact("The contact as stored; Location and ETag name it", location: true)],
                errors: writeErrors + ["422"]),
        ]
    }

    /// `PATCH /contacts/{id}`.
    static var patchContact: Value {
        [
            "summary": .string(
                "Change a contact (JSON merge patch: only the fields to change; null clears one). With "
                    + "If-Match naming an ETag that is no longer the contact's: 412, nothing changed; with "
                    + "Prefer: merge too, the patch is merged into the contact now (a field only the patch "
                    + "changed takes its value, one only the other writer changed keeps theirs) and answered "
                    + "with Preference-Applied: merge, or, when a field was changed differently by both, 409 "
                    + "merge_conflict listing each (conflicts: field, key for a detail, base, yours, theirs), "
                    + "nothing changed. A patch blanking both names is 422; one blanking the only name the "
                    + "contact has is 409. An e-mail must look like one and a phone needs a digit (422)"),
            "security": adminOrNone,
            "parameters": [
                idParameter,
                [
                    "name": "Prefer", "in": "header", "required": false,
                    "description": "merge: merge the patch into a newer revision (RFC 7240)",
                    "schema": ["type": "string"],
                ],
            ],
            "requestBody": contactBody("ContactPatch"),
            "responses": responses(
                ["200": writtenContact("The contact as it is now", location: false)],
                errors: ["400", "401", "403", "404", "409", "412", "413", "415", "422", "429", "503", "507"]),
        ]
    }

    /// `DELETE /contacts/{id}`.
    static var deleteContact: Value {
        [
            "summary": "Delete a contact (with If-Match: only if it is still at that ETag, else 412)",
            "security": adminOrNone,
            "parameters": [idParameter],
            "responses": responses(
                ["204": ["description": "Deleted"]],
                errors: ["400", "401", "403", "404", "412", "429", "503", "507"]),
        ]
    }

    /// `POST /contacts/{id}/restore`.
    static var restoreContact: Value {
        [
            "summary": .string(
                "Bring back a contact deleted in the last \(ContactEdit.undoSeconds / 60) minutes, with the same "
                    + "id, fields and star (a new revision); 404 after that or for one never deleted, 409 when "
                    + "it is in the list"),
            "security": adminOrNone,
            "parameters": [idParameter],
            "responses": responses(
                [
                    "201": writtenContact(
                        "The contact as it is back; Location and ETag name it", location: true)
                ],
                errors: ["400", "401", "403", "404", "409", "503", "507"]),
        ]
    }

    /// `POST /import` and `PUT /import` (the same for curl -T, a CSV body only).
    static func importCSV(put: Bool) -> Value {
        // The defaults are stated once, on POST; PUT takes the same ones.
        func choice(_ name: String, _ words: [String], default word: String) -> Value {
            let schema: Value = ["type": "string", "enum": .array(words.map(Value.string))]
            return [
                "name": .string(name), "in": "query", "required": false,
                "schema": put ? schema : schema.adding([("default", .string(word))]),
            ]
        }
        let csv: Value.Member = ("text/csv", ["schema": csvSchema])
        let multipart: Value.Member = (
            "multipart/form-data",
            [
                "schema": ["type": "object", "required": ["file"], "properties": ["file": csvSchema]],
                "encoding": ["file": ["contentType": "text/csv"]],
            ]
        )
        return [
            "summary": put
                ? "The same as POST, for curl -T"
                : "Import contacts from a CSV body (one transaction: all or nothing)",
            "security": adminOrNone,
            "parameters": [
                choice("mode", ImportMode.allCases.map(\.rawValue), default: ImportMode.append.rawValue),
                choice(
                    "errors", ImportErrorPolicy.allCases.map(\.rawValue),
                    default: ImportErrorPolicy.abort.rawValue),
            ],
            "requestBody": ["required": true, "content": .object(put ? [csv] : [csv, multipart])],
            "responses": responses(
                [
                    "200": ["description": "Imported", "content": json("ImportSummary")],
                    "422": [
                        "description": .string(
                            "invalid_csv (no usable header, an empty file) or invalid_rows (errors=abort "
                                + "and a bad row: nothing was written)"),
                        "content": json("ImportRefused"),
                    ],
                ],
                errors: writeErrors),
        ]
    }

    /// `POST /import/preview`.
    static var importPreview: Value {
        [
            "summary": "What an import of a file would do, before anything is written",
            "description": .string(
                "The body is the file's start (the page sends its first 256 KB); whole=1 says it is all of "
                    + "it. The answer: the kind of file (csv or vcard), its encoding, delimiter and layout, each "
                    + "column's field (or kept as extra), and the first contacts as they would be stored."),
            "security": adminOrNone,
            "parameters": [
                [
                    "name": "whole", "in": "query", "required": false,
                    "schema": ["type": "string", "enum": ["0", "1"]],
                ]
            ],
            "requestBody": ["required": true, "content": ["text/csv": ["schema": csvSchema]]],
            "responses": responses(
                [
                    "200": [
                        "description": "The preview",
                        "content": [
                            "application/json": [
                                "schema": [
                                    "type": "object",
                                    "required": [
                                        "kind", "encoding", "delimiter", "layout", "columns", "rows",
                                    ],
                                    "properties": [
                                        "kind": ["type": "string", "enum": ["csv", "vcard"]],
                                        "encoding": ["type": "string"],
                                        "delimiter": ["type": "string", "nullable": true],
                                        "layout": ["type": "string"],
                                        "columns": ["type": "array", "items": ["type": "object"]],
                                        "rows": ["type": "array", "items": ["type": "object"]],
                                    ],
                                ]
                            ]
                        ],
                    ],
                    "422": [
                        "description":
                            "invalid_csv: no contacts file (the message names the cause and the fix)"
                    ],
                ],
                errors: writeErrors),
        ]
    }

}
