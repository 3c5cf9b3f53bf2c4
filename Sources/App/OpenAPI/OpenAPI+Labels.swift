import Contacts
import Requests

/// The favourites and labels of the document: `filter` and `label` on `/window` and
/// `/sections`, and `GET /labels`.
extension OpenAPI {
    /// `filter`: `favorites` keeps the starred contacts (`all`, the whole list).
    static var filterParameter: Value {
        [
            "name": "filter", "in": "query", "required": false,
            "description": "favorites: only the starred contacts (with q and label too); all: every contact",
            "schema": ["type": "string", "enum": ["favorites", "all"]],
        ]
    }

    /// `label`: the contacts holding that label (any case); an unknown one is an empty list.
    static var labelParameter: Value {
        [
            "name": "label", "in": "query", "required": false,
            "description": .string(
                "Only the contacts holding this label, in any case, its name trimmed (with q and filter too); "
                    + "a label no contact holds gives an empty list"),
            "schema": [
                "type": "string", "maxLength": .integer(ListFilter.maxLabelLength),
                "pattern": .string("[^\(labelBlanks)]"),
            ],
        ]
    }

    /// `GET /labels`.
    static var labels: Value {
        [
            "summary": "Every label the contacts hold, with how many hold it, sorted by name (case folded)",
            "security": adminOrNone,
            "responses": responses(
                [
                    "200": [
                        "description": "The labels",
                        "content": [
                            "application/json": [
                                "schema": [
                                    "type": "object", "required": ["version", "labels"],
                                    "properties": [
                                        "version": ["type": "integer"],
                                        "labels": [
                                            "type": "array",
                                            "items": [
                                                "type": "object", "required": ["name", "count"],
                                                "properties": [
                                                    "name": ["type": "string"],
                                                    "count": ["type": "integer", "minimum": 1],
                                                ],
                                            ],
                                        ],
                                    ],
                                ]
                            ]
                        ],
                    ]
                ],
                errors: ["400"] + readErrors + ["503"]),
        ]
    }
}
