import Contacts
import Requests

/// The document's `components`, and the schemas of strings the server checks.
extension OpenAPI {
    /// The security scheme and the schemas the operations refer to.
    static var components: Value {
        [
            "securitySchemes": [
                "adminToken": [
                    "type": "http", "scheme": "bearer",
                    "description": .string(
                        "The server's --admin-token (or ROSTER_ADMIN_TOKEN); a server that has one "
                            + "answers writes without it (or a session) 401, and, listening on a non-loopback "
                            + "address, every read too (unless --public-read). Without one, a server on a "
                            + "loopback address takes writes unauthenticated, and one on another address "
                            + "takes none (403); writes and /export.csv are then answered only for a loopback "
                            + "Host (localhost, 127.0.0.1, [::1], any port), 403 forbidden_host otherwise (DNS "
                            + "rebinding). Writes from another site's page (Sec-Fetch-Site, Origin) are "
                            + "403 cross_site. After 5 wrong tokens from one client, tokens are answered 429 "
                            + "(Retry-After) until a try comes back, one every 12 s."),
                ],
                "session": [
                    "type": "apiKey", "in": "cookie", "name": .string(SignInCookies.name),
                    "description": .string(
                        "The session POST /login sets (HttpOnly, SameSite=Strict, Secure behind a proxy that "
                            + "sends X-Forwarded-Proto: https), good for 12 hours or until POST /logout; it "
                            + "stands for the admin token, writes included, which still meet the cross-site rule."
                    ),
                ],
            ],
            "schemas": [
                "Error": [
                    "type": "object", "required": ["error", "message"],
                    "properties": [
                        "error": ["type": "string"], "message": ["type": "string"],
                        "field": [
                            "type": "string",
                            "description": "The member of the request body that was wrong, when there is one",
                        ],
                        "percent": [
                            "type": "integer", "minimum": 0, "maximum": 99,
                            "description": "503 seeding: how much of a first start's seeding is done",
                        ],
                    ],
                ],
                "Window": windowSchema,
                "Cell": cellSchema,
                "Sections": sectionsSchema,
                "ImportSummary": [
                    "type": "object",
                    "required": ["inserted", "rejected", "errors", "ignoredColumns", "total", "seconds"],
                    "properties": .object(importFigures),
                ],
                "ImportRefused": [
                    "type": "object", "required": ["error", "message"],
                    "properties": .object(
                        [
                            ("error", ["type": "string", "enum": ["invalid_csv", "invalid_rows"]]),
                            ("message", ["type": "string"]),
                        ] + importFigures),
                ],
                "ImportRowError": [
                    "type": "object", "required": ["line", "message"],
                    "properties": [
                        "line": ["type": "integer"], "column": ["type": "integer", "nullable": true],
                        "message": ["type": "string"],
                    ],
                ],
                "NewContact": [
                    "type": "object", "additionalProperties": false, "properties": inputProperties,
                    // At least one name that names something.
                    "anyOf": .array(
                        [ContactField.firstName, .lastName].map { field in
                            [
                                "required": [.string(field.name)],
                                "properties": .object([
                                    (field.jsonKey, ["type": "string", "pattern": namePattern])
                                ]),
                            ]
                        }),
                ],
                "ContactPatch": [
                    "type": "object", "additionalProperties": false, "properties": inputProperties,
                    // Not both names blanked.
                    "not": [
                        "required": [
                            .string(ContactField.firstName.name), .string(ContactField.lastName.name),
                        ],
                        "properties": .object(
                            [ContactField.firstName, .lastName].map { ($0.jsonKey, blankName) }),
                    ],
                ],
                "Contact": [
                    "type": "object",
                    "required": .array(
                        ["id", "row", "version", "section"] + ContactField.allCases.map { .string($0.name) }
                            + ["phone_e164", "phone_display"]),
                    "properties": .object(
                        [
                            ("id", ["type": "integer"]), ("row", ["type": "integer"]),
                            ("version", ["type": "integer"]), ("section", ["type": "string"]),
                        ] + properties(ContactField.allCases) + [
                            ("phone_e164", phoneForm("The phone's E.164 form")),
                            (
                                "phone_display",
                                phoneForm("The phone as a reader in the list's region dials it")
                            ),
                        ]),
                ],
            ],
        ]
    }

    /// The figures of an import's summary, which a refused one carries too.
    private static let importFigures: [Value.Member] = [
        ("inserted", ["type": "integer"]), ("rejected", ["type": "integer"]),
        ("errors", ["type": "array", "items": ref("ImportRowError")]),
        ("ignoredColumns", ["type": "array", "items": ["type": "string"]]),
        ("updated", ["type": "integer"]), ("unchanged", ["type": "integer"]),
        (
            "fields",
            [
                "type": "object",
                "description": "Per field, how many of the contacts imported held a value for it",
                "additionalProperties": ["type": "integer"],
            ]
        ),
        ("total", ["type": "integer"]), ("seconds", ["type": "number"]),
    ]

    /// The schema properties of `fields` (one per field, from `ContactField`'s table);
    /// `checked`: as writes take them (an e-mail and a phone match their patterns).
    static func properties(_ fields: [ContactField], checked: Bool = false) -> [Value.Member] {
        fields.map { field in
            switch field.kind {
            case .text where field.spec.isPhoto: (field.jsonKey, photoSchema)
            case .text where field.spec.isDocument: (field.jsonKey, detailsSchema(checked: checked))
            case .text where field.spec.isList: (field.jsonKey, labelsSchema)
            case .text(let maxLength):
                if checked, let pattern = writtenPattern(field) {
                    (
                        field.jsonKey,
                        ["type": "string", "maxLength": .integer(maxLength), "pattern": .string(pattern)]
                    )
                } else {
                    (field.jsonKey, ["type": "string", "maxLength": .integer(maxLength)])
                }
            case .boolean: (field.jsonKey, ["type": "boolean"])
            }
        }
    }

    /// `details` (`ContactDetails+JSON.swift`): every key optional, none other;
    /// `checked`: as writes take them (the other e-mails and phones match their patterns).
    static func detailsSchema(checked: Bool = false) -> Value {
        let text: Value = ["type": "string"]
        func list(_ keys: [StaticString], value pattern: String? = nil) -> Value {
            [
                "type": "array",
                "items": [
                    "type": "object", "additionalProperties": false,
                    "properties": .object(
                        keys.map { key in
                            if key.description == "e164" || key.description == "display" {
                                return (key, phoneForm("Read from the value; a write ignores it"))
                            }
                            guard checked, let pattern, key.description == "value" else { return (key, text) }
                            return (key, ["type": "string", "pattern": .string(pattern)])
                        }),
                ],
            ]
        }
        let members: [Value.Member] =
            [
                "prefix", "middle_name", "suffix", "nickname", "title", "department", "birthday",
                "email_label",
                "phone_label", "uid",
            ].map { ($0, text) }
            + [
                ("emails", list(["label", "value"], value: emailPattern)),
                ("phones", list(["label", "value", "e164", "display"], value: phonePattern)),
                ("urls", list(["label", "value"])),
                (
                    "addresses",
                    list([
                        "label", "po_box", "extended", "street", ContactField.city.jsonKey, "region",
                        "postcode", "country",
                    ])
                ),
                ("categories", ["type": "array", "items": text]),
                ("other", list(["name", "value"])),
                (
                    // A photo's URL elsewhere (kept, never fetched). The image itself goes in by
                    // PUT /contacts/{id}/photo (docs/api.md, "Photos"), where its bytes are checked.
                    "photo",
                    [
                        "type": "object", "required": ["url"], "additionalProperties": false,
                        "properties": ["url": text],
                    ]
                ),
            ]
        return [
            "type": "object", "additionalProperties": false,
            "description":
                "Every value of the contact beyond the list's fields (docs/api.md, \"Contact details\")",
            "properties": .object(members),
        ]
    }

    /// A phone's E.164 or display form (docs/api.md, "Phone numbers"): null when it has none.
    private static func phoneForm(_ description: String) -> Value {
        ["type": "string", "nullable": true, "description": .string(description)]
    }

    /// A label's name may hold no control character or line break...
    private static let labelControls = #"\u0000-\u001f\u007f-\u009f\u2028\u2029"#
    /// ...and needs one character that is not white space (`ContactLabels` trims).
    static let labelBlanks =
        #"\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"#

    /// `labels`: a list of names (`ContactLabels`).
    static var labelsSchema: Value {
        [
            "type": "array", "maxItems": .integer(ContactLabels.maxCount),
            "items": [
                "type": "string", "minLength": 1, "maxLength": .integer(ContactLabels.maxLength),
                "pattern": .string("^[^\(labelControls)]*[^\(labelBlanks)][^\(labelControls)]*$"),
            ],
        ]
    }

    /// The input properties of every field: nullable (`null` is the empty value).
    private static var inputProperties: Value {
        .object(
            properties(ContactField.writableFields, checked: true).map {
                ($0.name, $0.value.adding([("nullable", true)]))
            })
    }

    /// What a name may not be made of: white space, NUL and the combining accents
    /// (what the list sorts by cannot be empty). Regex escapes, for the patterns.
    private static let blankCharacters = #"\u0000\t\n\u000b\f\r \u0300-\u036f"#

    /// A name that is one: at least one character that is not a blank one.
    private static let namePattern: Value = .string("[^\(blankCharacters)]")

    /// A name field that names nothing: null, or only blank characters.
    private static let blankName: Value = [
        "anyOf": [["type": "string", "pattern": .string("^[\(blankCharacters)]*$")], ["type": "null"]],
        "nullable": true,
    ]

    /// What separates the words `q` is bounded by: ASCII punctuation, spaces and
    /// controls, as explicit ranges (a regex's `\w` is ASCII in some engines and
    /// Unicode in others). `WindowQuery.wordRuns` counts runs of the characters
    /// outside these ranges. One backslash each: the pattern is the regex itself, and
    /// `\\u0000` would be a backslash and a `u`, with ranges like `a-\\` that no
    /// engine compiles.
    private static let wordSeparators = #"\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f"#

    /// `q`: at most 256 characters and 16 words, the bounds `WindowQuery.search` enforces.
    static var querySchema: Value {
        let (separator, word) = ("[\(wordSeparators)]", "[^\(wordSeparators)]")
        // Up to 15 words each with the separators after it, then at most one more, with
        // or without separators after it: the last word may end the text or not.
        let words = "(?:\(word)+\(separator)+){0,\(WindowQuery.maxQueryWords - 1)}(?:\(word)+\(separator)*)?"
        return [
            "type": "string", "maxLength": .integer(WindowQuery.maxQueryLength),
            "pattern": .string("^\(separator)*\(words)$"),
        ]
    }

    /// The CSV of an import. Which rows of a file are refused depends on `errors=`
    /// (abort answers 422, skip leaves them out), which a schema cannot say; the
    /// pattern is the plain form that both accept: one name column, a name (with a
    /// printable ASCII character that is not a quote or a comma) on each line.
    /// Anything appended to a matching file still matches, unless the file is only
    /// its header, which the extra text then makes unknown (refused either way).
    static var csvSchema: Value {
        [
            "type": "string",
            "description": .string(
                "A contacts file: CSV (RFC 4180) as Roster, Google Contacts, Outlook, Thunderbird, LinkedIn "
                    + "or a spreadsheet write it (a header line naming a name, company or e-mail column, "
                    + "then one contact a row; Roster's columns are "
                    + "\(ContactField.csvHeader.joined(separator: ", "))), or vCards. Columns match by name "
                    + "as exporters write them; every other column is kept with each contact. A row needs "
                    + "a name, a company or an e-mail. What is read is decided by the bytes "
                    + "(docs/import-export.md, \"POST /import and PUT /import\"), so no pattern states it."),
            "example": "first_name\nAda\nGrace\n",
        ]
    }
}
