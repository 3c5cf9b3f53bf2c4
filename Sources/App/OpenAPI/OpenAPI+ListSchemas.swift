import Contacts

/// The component schemas of the list's answers: `/window`'s and `/sections`'.
extension OpenAPI {
    /// A `/window` answer (WindowRenderer writes it).
    static var windowSchema: Value {
        [
            "type": "object",
            "required": [
                "session", "seq", "version", "offset", "row", "base", "full", "total", "contentHeight",
                "first", "last",
                "cells", "released", "stats",
            ],
            "properties": [
                "session": ["type": "string"],
                "seq": ["type": "integer"],
                "version": [
                    "type": "integer",
                    "description": "The data version every cell of this answer was read from",
                ],
                "offset": [
                    "type": "number", "minimum": 0,
                    "description": "The offset this window is laid out for (row N's top for row=N)",
                ],
                "row": [
                    "type": "integer", "nullable": true,
                    "description":
                        "The row row= or name= placed the window by (the last row for one past it)",
                ],
                "base": ["type": "integer", "nullable": true],
                "full": ["type": "boolean"],
                "total": ["type": "integer"],
                "contentHeight": ["type": "integer"],
                "first": ["type": "integer", "nullable": true],
                "last": ["type": "integer", "nullable": true],
                "beyond": [
                    "type": "object", "required": ["above", "below"],
                    "description": .string(
                        "Sent when rtt or speed was: the items just past the window, above and below, "
                            + "as runs of [height, count] in list order from the first one's top"),
                    "properties": ["above": beyondSide, "below": beyondSide],
                ],
                "cells": ["type": "array", "items": ref("Cell")],
                "released": ["type": "array", "items": ["type": "integer"]],
                "deleted": [
                    "type": "array", "items": ["type": "integer"],
                    "description":
                        "The released slots whose contacts left because of a data change, not a scroll",
                ],
                "stats": [
                    "type": "object",
                    "required": ["created", "visible", "pooled"],
                    "properties": [
                        "created": [
                            "type": "object",
                            "properties": ["contact": ["type": "integer"], "header": ["type": "integer"]],
                        ],
                        "visible": ["type": "integer"],
                        "pooled": ["type": "integer"],
                    ],
                ],
            ],
        ]
    }

    /// One side of a window's `beyond`, or null when nothing lies there.
    static var beyondSide: Value {
        [
            "type": "object", "nullable": true, "required": ["top", "runs"],
            "properties": [
                "top": ["type": "integer"],
                "runs": [
                    "type": "array",
                    "items": [
                        "type": "array", "minItems": 2, "maxItems": 2,
                        "items": ["type": "integer", "minimum": 1],
                    ],
                ],
            ],
        ]
    }

    /// One cell of a window: a contact (the fields a row shows) or a section header.
    static var cellSchema: Value {
        [
            "type": "object",
            "required": ["slot", "kind", "section", "top", "height", "reused", "html"],
            "properties": [
                "slot": ["type": "integer"],
                "kind": ["type": "string", "enum": ["contact", "header"]],
                "row": ["type": "integer"],
                "section": ["type": "integer"],
                "item": ["type": "integer"],
                "top": ["type": "integer"],
                "height": ["type": "integer"],
                "reused": ["type": "boolean"],
                "expanded": ["type": "boolean", "description": "Present (true) for an expanded contact"],
                "change": [
                    "type": "string", "enum": ["insert", "move", "update"],
                    "description":
                        "Why a delta sends the cell after a data change; absent when it scrolled in",
                ],
                "contact": [
                    "type": "object", "nullable": true,
                    "properties": .object(
                        [("id", ["type": "integer"])] + properties(ContactField.windowFields) + [
                            (
                                "photo",
                                [
                                    "type": "string", "pattern": "^/photos/[0-9a-f]{64}$",
                                    "description":
                                        "The URL of the contact's stored photo's thumbnails; absent for none",
                                ]
                            )
                        ]),
                ],
                "header": ["type": "object", "properties": ["title": ["type": "string"]]],
                "html": ["type": "string"],
            ],
        ]
    }

    /// `expand` or `collapse` of `/window`: contact ids, the parameter repeated.
    static func expansionParameter(_ name: String) -> Value {
        [
            "name": .string(name), "in": "query", "required": false, "style": "form", "explode": true,
            "description": .string(
                name == "expand"
                    ? "Contacts the session shows expanded from now on (every e-mail, phone, address "
                        + "and its labels, 20 px a line); at most \(Expansion.limit) a session"
                    : "Expanded contacts the session shows as plain rows again"),
            "schema": [
                "type": "array", "maxItems": .integer(Expansion.limit),
                "items": ["type": "integer", "minimum": 0, "maximum": .integer(largest18Digits)],
            ],
        ]
    }

    /// A `/sections` answer.
    static var sectionsSchema: Value {
        let section: Value = [
            "type": "object",
            "required": ["title", "rows", "firstRow", "top", "height"],
            "properties": [
                "title": ["type": "string"],
                "rows": ["type": "integer", "description": "Contacts in the section; 0 for an empty one"],
                "firstRow": ["type": "integer"],
                "top": [
                    "type": "integer",
                    "description": "Pixels from the top of the list; the next section's top is top + height",
                ],
                "height": [
                    "type": "integer", "description": "Header and contacts in pixels; 0 for an empty section",
                ],
            ],
        ]
        return [
            "type": "object",
            "required": ["version", "locale", "total", "contentHeight", "sections"],
            "properties": [
                "version": [
                    "type": "integer", "description": "The data version every figure here was read from",
                ],
                "locale": [
                    "type": "string",
                    "description":
                        "The list's locale (BCP 47), whose collation orders it and whose index sections it",
                ],
                "total": ["type": "integer", "description": "Contacts in the list"],
                "contentHeight": [
                    "type": "integer",
                    "description":
                        "Pixels of the whole list, headers included: the sum of the sections' heights",
                ],
                "sections": ["type": "array", "minItems": 1, "maxItems": 301, "items": section],
            ],
        ]
    }
}
