import Contacts
import Requests

/// The reads of the document's `paths`; the writes are in OpenAPI+Writes.swift.
extension OpenAPI {
    /// Every path the routes serve (Routes.swift), static files aside.
    static var paths: Value {
        let listed: Value = [
            "/window": ["get": window],
            "/sections": ["get": sections],
            "/contacts/{id}": ["get": contact, "patch": patchContact, "delete": deleteContact],
            "/contacts/{id}/restore": ["post": restoreContact],
            "/labels": ["get": labels],
            "/contacts": ["post": addContact],
            "/avatar/{id}.svg": ["get": avatar],
            "/import": ["post": importCSV(put: false), "put": importCSV(put: true)],
            "/import/preview": ["post": importPreview],
            "/contacts/bulk": ["post": bulkAction],
            "/contacts/bulk/undo": ["post": bulkUndo],
            "/export.csv": ["get": export, "post": exportSelection(csv: true)],
            "/export.vcf": ["get": exportVCard, "post": exportSelection(csv: false)],
            "/events": ["get": events],
            "/login": ["post": login],
            "/logout": ["post": logout],
            "/healthz": [
                "get": [
                    "summary": .string(
                        "Readiness: ok, or 503 seeding (with Retry-After and the percent done) while a first "
                            + "start seeds its empty database"),
                    "responses": responses(
                        ["200": ["description": "ok", "content": text("text/plain")]], errors: ["503"]),
                ]
            ],
            "/metrics": [
                "get": [
                    "summary": .string(
                        "Prometheus text format: requests by route and status, latency histogram, "
                            + "sessions, slots, contacts"),
                    "security": adminOrNone,
                    "responses": responses(
                        ["200": ["description": "Metrics", "content": text("text/plain")]], errors: readErrors
                    ),
                ]
            ],
            "/openapi.json": [
                "get": [
                    "summary": "This document",
                    "responses": [
                        "200": [
                            "description": "OpenAPI 3",
                            "content": ["application/json": ["schema": ["type": "object"]]],
                        ]
                    ],
                ]
            ],
        ]
        return listed.adding(photoPaths)
    }

    /// `GET /window`: its parameters are `WindowQuery`'s.
    private static var window: Value {
        let place: Value = [
            "name": "place", "in": "query", "required": true, "style": "form", "explode": true,
            "description": .string(
                "Where the window is: offset (pixels from the top of the list), row (a contact row 0 <= "
                    + "N < total, laid out at the window's top, or at the end of the list when fewer than "
                    + "height px follow; the answer's offset says where) or name (type-ahead: the row of "
                    + "the first contact whose sort name starts with it, folded, or where one would go). "
                    + "One of the three."),
            // One object of two shapes: form-exploded, its member is the query parameter.
            "schema": [
                "oneOf": [
                    [
                        "type": "object", "required": ["offset"], "additionalProperties": false,
                        "properties": [
                            "offset": [
                                "type": "number", "minimum": 0,
                                "maximum": .integer(Int(WindowQuery.maxOffset)),
                            ]
                        ],
                    ],
                    [
                        "type": "object", "required": ["row"], "additionalProperties": false,
                        "properties": [
                            "row": ["type": "integer", "minimum": 0, "maximum": .integer(largest18Digits)]
                        ],
                    ],
                    [
                        "type": "object", "required": ["name"], "additionalProperties": false,
                        "properties": [
                            "name": [
                                "type": "string", "minLength": 1,
                                "maxLength": .integer(WindowQuery.maxNameLength),
                                "pattern": "[^\\u0000\\t-\\r ]",
                            ]
                        ],
                    ],
                ]
            ],
        ]
        return [
            "summary": "The cells that entered a viewport, and the slots each was dequeued into",
            "parameters": [
                place,
                [
                    "name": "height", "in": "query", "required": true,
                    "description": "Viewport height in pixels",
                    "schema": [
                        "type": "number", "exclusiveMinimum": true, "minimum": 0,
                        "maximum": .integer(Int(WindowQuery.maxHeight)),
                    ],
                ],
                [
                    "name": "overscan", "in": "query", "required": false,
                    "description": "Extra pixels above and below that count as visible",
                    "schema": [
                        "type": "number", "minimum": 0, "maximum": .integer(Int(WindowQuery.maxOverscan)),
                        "default": 0,
                    ],
                ],
                [
                    "name": "session", "in": "query", "required": false,
                    "description":
                        "The session of an earlier response; unknown or expired ones start a new session",
                    "schema": ["type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"],
                ],
                [
                    "name": "ack", "in": "query", "required": false,
                    "description": "The seq of the last response the client applied",
                    "schema": ["type": "integer", "minimum": 0, "maximum": .integer(largest18Digits)],
                ],
                [
                    "name": "rtt", "in": "query", "required": false,
                    "description": .string(
                        "The client's round trip (ms). With rtt or speed the window reaches ahead in the "
                            + "direction of motion (a lookahead) and the answer carries `beyond`"),
                    "schema": [
                        "type": "number", "minimum": 0, "maximum": .integer(Int(WindowQuery.maxRoundTrip)),
                    ],
                ],
                [
                    "name": "speed", "in": "query", "required": false,
                    "description": "The client's scroll speed (px/s, negative upwards); see rtt",
                    "schema": [
                        "type": "number", "minimum": .integer(-Int(WindowQuery.maxSpeed)),
                        "maximum": .integer(Int(WindowQuery.maxSpeed)),
                    ],
                ],
                [
                    "name": "q", "in": "query", "required": false,
                    "description": .string(
                        "Search (docs/api.md, \"Search\"): every word must match; a q without a word "
                            + "(empty, spaces, punctuation) is the whole list. At most \(WindowQuery.maxQueryLength) "
                            + "characters and \(WindowQuery.maxQueryWords) words."),
                    "schema": querySchema,
                ],
                filterParameter, labelParameter, expansionParameter("expand"), expansionParameter("collapse"),
            ],
            "security": adminOrNone,
            "responses": responses(
                ["200": ["description": "A full window or a delta", "content": json("Window")]],
                errors: ["400"] + readErrors + ["503"]),
        ]
    }

    /// `GET /sections`.
    private static var sections: Value {
        [
            "summary": .string(
                "The list locale's index sections in list order (its own labels even when empty, "
                    + "other scripts' while they hold contacts, # last), with their geometry; "
                    + "with q, filter or label, of that filtered list"),
            "parameters": [
                [
                    "name": "q", "in": "query", "required": false, "description": "Search, as for /window",
                    "schema": querySchema,
                ],
                filterParameter, labelParameter,
            ],
            "security": adminOrNone,
            "responses": responses(
                ["200": ["description": "Sections", "content": json("Sections")]],
                errors: ["400"] + readErrors + ["503"]),
        ]
    }

    /// `GET /contacts/{id}`.
    private static var contact: Value {
        [
            "summary": "One contact",
            "parameters": [idParameter],
            "security": adminOrNone,
            "responses": responses(
                [
                    "200": [
                        "description": "The contact; its ETag is its revision",
                        "headers": ["ETag": etagHeader],
                        "content": json("Contact"),
                    ]
                ],
                errors: ["400", "404"] + readErrors + ["503"]),
        ]
    }

    /// `GET /avatar/{id}.svg`.
    private static var avatar: Value {
        [
            "summary": "The contact's initials on its row's avatar colour",
            "parameters": [idParameter],
            "security": adminOrNone,
            "responses": responses(
                ["200": ["description": "SVG image", "content": text("image/svg+xml")]],
                errors: ["400", "404"] + readErrors),
        ]
    }

    /// `GET /export.csv`.
    private static var export: Value {
        [
            "summary": "Every contact as CSV, in list order",
            "description": .string(
                "Answered for a loopback Host (localhost, 127.0.0.1, [::1], any port), or with the admin "
                    + "token (or a session) when the server has one; otherwise 403 forbidden_host (no token "
                    + "set) or 401. Off loopback, like every read, only with the token or a session."),
            "security": adminOrNone,
            "responses": responses(
                ["200": ["description": "CSV", "content": text("text/csv")]], errors: ["403"] + readErrors),
        ]
    }

    /// `GET /export.vcf`.
    private static var exportVCard: Value {
        [
            "summary": "Every contact as vCards, in list order, every detail written back",
            "description": .string(
                "vCard 3.0 (which iOS and macOS read best) unless version=4.0. Answered as /export.csv is."),
            "security": adminOrNone,
            "parameters": [
                [
                    "name": "version", "in": "query", "required": false,
                    "schema": ["type": "string", "enum": ["3.0", "4.0"]],
                ]
            ],
            "responses": responses(
                ["200": ["description": "vCards", "content": text("text/vcard")]],
                errors: ["400", "403"] + readErrors),
        ]
    }

    /// `GET /events`.
    private static var events: Value {
        [
            "summary": "Live updates: server-sent events, one per data version, never ending by itself",
            "description": .string(
                "The newest version comes first (id: V, event: version, data: {version, total, "
                    + "contentHeight}), then one event after every committed change; bursts are coalesced "
                    + "into the newest. A comment line (: keep-alive) every 15 s keeps proxies from "
                    + "closing a quiet stream. The stream ends when the client leaves or the server stops."),
            "security": adminOrNone,
            "parameters": [
                [
                    "name": "Last-Event-ID", "in": "header", "required": false,
                    "description": .string(
                        "The id of the last event the client got: an older one gets the newest version at "
                            + "once, the current one only what comes next"),
                    "schema": ["type": "string"],
                ]
            ],
            "responses": responses(
                ["200": ["description": "text/event-stream", "content": text("text/event-stream")]],
                errors: ["406"] + readErrors),
        ]
    }
}
