import Contacts

/// `GET /openapi.json`: the README as OpenAPI 3.
enum OpenAPI {
    static let document = Array(text.utf8)

    /// The schema properties of `fields` (one per field, from `ContactField`'s table).
    private static func properties(_ fields: [ContactField]) -> String {
        fields.map { field in
            switch field.kind {
            case .text(let maxLength):
                "\"\(field.name)\": {\"type\": \"string\", \"maxLength\": \(maxLength)}"
            case .boolean: "\"\(field.name)\": {\"type\": \"boolean\"}"
            }
        }.joined(separator: ", ")
    }

    /// The input properties of every field: nullable (`null` is the empty value).
    private static let inputProperties = ContactField.allCases.map { field in
        switch field.kind {
        case .text(let maxLength):
            "\"\(field.name)\": {\"type\": \"string\", \"maxLength\": \(maxLength), \"nullable\": true}"
        case .boolean: "\"\(field.name)\": {\"type\": \"boolean\", \"nullable\": true}"
        }
    }.joined(separator: ", ")

    /// A name that is one: at least one character that is neither white space, NUL
    /// nor a combining accent (what the list sorts by cannot be empty).
    private static let namePattern = ##"[^\\u0000\\t\\n\\u000b\\f\\r \\u0300-\\u036f]"##

    /// The two name fields' keys.
    private static let (first, last) = (ContactField.firstName.name, ContactField.lastName.name)

    /// A name field that names nothing: null, or only white space, NULs and accents.
    private static let blankName =
        ##"{"anyOf": [{"type": "string", "pattern": "^[\\u0000\\t\\n\\u000b\\f\\r \\u0300-\\u036f]*$"}, {"type": "null"}], "nullable": true}"##

    /// `q`: at most 256 characters and 16 words. The pattern counts words as runs of
    /// characters other than ASCII punctuation, spaces and controls (explicit ranges:
    /// a regex's `\\w` is ASCII in some engines and Unicode in others); the server
    /// bounds words the same way (`WindowQuery.wordRuns`).
    private static let querySchema =
        ##"{"type": "string", "maxLength": 256, "pattern": "^[\\\\u0000-\\\\u002f\\\\u003a-\\\\u0040\\\\u005b-\\\\u0060\\\\u007b-\\\\u007f]*(?:[^\\\\u0000-\\\\u002f\\\\u003a-\\\\u0040\\\\u005b-\\\\u0060\\\\u007b-\\\\u007f]+[\\\\u0000-\\\\u002f\\\\u003a-\\\\u0040\\\\u005b-\\\\u0060\\\\u007b-\\\\u007f]+){0,15}[^\\\\u0000-\\\\u002f\\\\u003a-\\\\u0040\\\\u005b-\\\\u0060\\\\u007b-\\\\u007f]*$"}"##

    private static let errorResponse =
        ##"{"description": "Error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}"##

    /// A refused import: an Error, with the summary when bad rows aborted it.
    private static let importRefused =
        ##"{"description": "invalid_csv (no usable header, an empty file) or invalid_rows (errors=abort and a bad row: nothing was written)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ImportRefused"}}}}"##

    /// The CSV of an import. Which rows of a file are refused depends on `errors=`
    /// (abort answers 422, skip leaves them out), which a schema cannot say; the
    /// pattern is the plain form that both accept: one name column, a name (with a
    /// printable ASCII character that is not a quote or a comma) on each line.
    /// Anything appended to a matching file still matches, unless the file is only
    /// its header, which the extra text then makes unknown (refused either way).
    private static let csvSchema = ##"""
        {"type": "string", "description": "CSV (RFC 4180): a header line, then one contact a row. Columns match by name, case, spaces and underscores ignored: \##(ContactField.csvHeader.joined(separator: ", ")), and aliases (Given Name, Surname, E-mail, Mobile...); unknown columns are ignored and reported. A row needs a first or a last name and the header's field count. Quoted fields, CRLF or LF, a UTF-8 BOM are read. The pattern is the plainest form, one name a line.", "pattern": "^\ufeff?(?:first_name|last_name|First Name|Last Name)(?:(?:\r?\n)+[^\r\n\",]*[!#-+\\--~][^\r\n\",]*)*(?:\r?\n)*$", "example": "first_name\nAda\nGrace\n"}
        """##

    private static let text = ##"""
        {
          "openapi": "3.0.3",
          "info": {
            "title": "Roster",
            "version": "1.0.0",
            "description": "A server-driven virtual list: windows of a sorted contact list with UITableView-style slot reuse. Every 4xx/5xx body is an Error."
          },
          "paths": {
            "/window": {
              "get": {
                "summary": "The cells that entered a viewport, and the slots each was dequeued into",
                "parameters": [
                  {"name": "place", "in": "query", "required": true, "style": "form", "explode": true, "description": "Where the window is: offset (pixels from the top of the list) or row (a contact row 0 <= N < total, laid out at the window's top, or at the end of the list when fewer than height px follow; the answer's offset says where). One of the two, never both.", "schema": {"oneOf": [
                    {"type": "object", "required": ["offset"], "additionalProperties": false, "properties": {"offset": {"type": "number", "minimum": 0, "maximum": 1000000000000}}},
                    {"type": "object", "required": ["row"], "additionalProperties": false, "properties": {"row": {"type": "integer", "minimum": 0, "maximum": 999999999999999999}}}
                  ]}},
                  {"name": "height", "in": "query", "required": true, "description": "Viewport height in pixels", "schema": {"type": "number", "exclusiveMinimum": true, "minimum": 0, "maximum": 20000}},
                  {"name": "overscan", "in": "query", "required": false, "description": "Extra pixels above and below that count as visible", "schema": {"type": "number", "minimum": 0, "maximum": 5000, "default": 0}},
                  {"name": "session", "in": "query", "required": false, "description": "The session of an earlier response; unknown or expired ones start a new session", "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}},
                  {"name": "ack", "in": "query", "required": false, "description": "The seq of the last response the client applied", "schema": {"type": "integer", "minimum": 0, "maximum": 999999999999999999}},
                  {"name": "q", "in": "query", "required": false, "description": "Search (README): every word must match; a q without a word (empty, spaces, punctuation) is the whole list. At most 256 characters and 16 words.", "schema": \##(querySchema)}
                ],
                "responses": {
                  "200": {"description": "A full window or a delta", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Window"}}}},
                  "400": \##(errorResponse)
                }
              }
            },
            "/sections": {
              "get": {
                "summary": "All 27 sections (A-Z, then #) in list order, empty ones included, with their geometry; with q, of the search's results",
                "parameters": [{"name": "q", "in": "query", "required": false, "description": "Search, as for /window", "schema": \##(querySchema)}],
                "responses": {"200": {"description": "Sections", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Sections"}}}}, "400": \##(errorResponse)}
              }
            },
            "/contacts/{id}": {
              "get": {
                "summary": "One contact",
                "parameters": [{"name": "id", "in": "path", "required": true, "description": "At most 18 digits", "schema": {"type": "integer", "minimum": 0, "maximum": 999999999999999999}}],
                "responses": {
                  "200": {"description": "The contact; its ETag is its revision", "headers": {"ETag": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Contact"}}}},
                  "400": \##(errorResponse),
                  "404": \##(errorResponse)
                }
              },
              "patch": {
                "summary": "Change a contact (JSON merge patch: only the fields to change; null clears one). With If-Match naming an ETag that is no longer the contact's: 412, nothing changed. A patch blanking both names is 422; one blanking the only name the contact has is 409",
                "security": [{"adminToken": []}, {}],
                "parameters": [{"name": "id", "in": "path", "required": true, "description": "At most 18 digits", "schema": {"type": "integer", "minimum": 0, "maximum": 999999999999999999}}],
                "requestBody": {"required": true, "content": {
                  "application/merge-patch+json": {"schema": {"$ref": "#/components/schemas/ContactPatch"}},
                  "application/json": {"schema": {"$ref": "#/components/schemas/ContactPatch"}}
                }},
                "responses": {
                  "200": {"description": "The contact as it is now", "headers": {"ETag": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Contact"}}}},
                  "400": \##(errorResponse), "401": \##(errorResponse), "403": \##(errorResponse), "404": \##(errorResponse),
                  "409": \##(errorResponse), "412": \##(errorResponse), "413": \##(errorResponse), "415": \##(errorResponse), "422": \##(errorResponse),
                  "503": \##(errorResponse)
                }
              },
              "delete": {
                "summary": "Delete a contact (with If-Match: only if it is still at that ETag, else 412)",
                "security": [{"adminToken": []}, {}],
                "parameters": [{"name": "id", "in": "path", "required": true, "description": "At most 18 digits", "schema": {"type": "integer", "minimum": 0, "maximum": 999999999999999999}}],
                "responses": {
                  "204": {"description": "Deleted"},
                  "400": \##(errorResponse), "401": \##(errorResponse), "403": \##(errorResponse), "404": \##(errorResponse),
                  "412": \##(errorResponse), "503": \##(errorResponse)
                }
              }
            },
            "/contacts": {
              "post": {
                "summary": "Add a contact (one transaction); authorized like imports",
                "security": [{"adminToken": []}, {}],
                "requestBody": {"required": true, "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/NewContact"}},
                  "application/merge-patch+json": {"schema": {"$ref": "#/components/schemas/NewContact"}}
                }},
                "responses": {
                  "201": {"description": "The contact as stored; Location and ETag name it", "headers": {"Location": {"schema": {"type": "string"}}, "ETag": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Contact"}}}},
                  "400": \##(errorResponse), "401": \##(errorResponse), "403": \##(errorResponse), "413": \##(errorResponse),
                  "415": \##(errorResponse), "422": \##(errorResponse), "503": \##(errorResponse)
                }
              }
            },
            "/avatar/{id}.svg": {
              "get": {
                "summary": "The contact's initials on a colour of its own",
                "parameters": [{"name": "id", "in": "path", "required": true, "description": "At most 18 digits", "schema": {"type": "integer", "minimum": 0, "maximum": 999999999999999999}}],
                "responses": {
                  "200": {"description": "SVG image", "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
                  "400": \##(errorResponse),
                  "404": \##(errorResponse)
                }
              }
            },
            "/import": {
              "post": {
                "summary": "Import contacts from a CSV body (one transaction: all or nothing)",
                "security": [{"adminToken": []}, {}],
                "parameters": [
                  {"name": "mode", "in": "query", "required": false, "schema": {"type": "string", "enum": ["append", "replace"], "default": "append"}},
                  {"name": "errors", "in": "query", "required": false, "schema": {"type": "string", "enum": ["abort", "skip"], "default": "abort"}}
                ],
                "requestBody": {"required": true, "content": {
                  "text/csv": {"schema": \##(csvSchema)},
                  "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {"file": \##(csvSchema)}}, "encoding": {"file": {"contentType": "text/csv"}}}
                }},
                "responses": {
                  "200": {"description": "Imported", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ImportSummary"}}}},
                  "400": \##(errorResponse), "401": \##(errorResponse), "403": \##(errorResponse), "413": \##(errorResponse),
                  "415": \##(errorResponse), "422": \##(importRefused), "503": \##(errorResponse)
                }
              },
              "put": {
                "summary": "The same as POST, for curl -T",
                "security": [{"adminToken": []}, {}],
                "parameters": [
                  {"name": "mode", "in": "query", "required": false, "schema": {"type": "string", "enum": ["append", "replace"]}},
                  {"name": "errors", "in": "query", "required": false, "schema": {"type": "string", "enum": ["abort", "skip"]}}
                ],
                "requestBody": {"required": true, "content": {"text/csv": {"schema": \##(csvSchema)}}},
                "responses": {
                  "200": {"description": "Imported", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ImportSummary"}}}},
                  "400": \##(errorResponse), "401": \##(errorResponse), "403": \##(errorResponse), "413": \##(errorResponse),
                  "415": \##(errorResponse), "422": \##(importRefused), "503": \##(errorResponse)
                }
              }
            },
            "/export.csv": {
              "get": {
                "summary": "Every contact as CSV, in list order",
                "description": "Answered for a loopback Host (localhost, 127.0.0.1, [::1], any port), or with the admin token when the server has one; otherwise 403 forbidden_host (no token set) or 401.",
                "security": [{"adminToken": []}, {}],
                "responses": {
                  "200": {"description": "CSV", "content": {"text/csv": {"schema": {"type": "string"}}}},
                  "401": \##(errorResponse), "403": \##(errorResponse)
                }
              }
            },
            "/events": {
              "get": {
                "summary": "Live updates: server-sent events, one per data version, never ending by itself",
                "description": "The newest version comes first (id: V, event: version, data: {version, total, contentHeight}), then one event after every committed change; bursts are coalesced into the newest. A comment line (: keep-alive) every 15 s keeps proxies from closing a quiet stream. The stream ends when the client leaves or the server stops.",
                "parameters": [{"name": "Last-Event-ID", "in": "header", "required": false, "description": "The id of the last event the client got: an older one gets the newest version at once, the current one only what comes next", "schema": {"type": "string"}}],
                "responses": {
                  "200": {"description": "text/event-stream", "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                  "406": \##(errorResponse)
                }
              }
            },
            "/healthz": {
              "get": {
                "summary": "Liveness",
                "responses": {"200": {"description": "ok", "content": {"text/plain": {"schema": {"type": "string"}}}}}
              }
            },
            "/metrics": {
              "get": {
                "summary": "Prometheus text format: requests by route and status, latency histogram, sessions, slots, contacts",
                "responses": {"200": {"description": "Metrics", "content": {"text/plain": {"schema": {"type": "string"}}}}}
              }
            },
            "/openapi.json": {
              "get": {
                "summary": "This document",
                "responses": {"200": {"description": "OpenAPI 3", "content": {"application/json": {"schema": {"type": "object"}}}}}
              }
            }
          },
          "components": {
            "securitySchemes": {
              "adminToken": {"type": "http", "scheme": "bearer", "description": "The server's --admin-token (or ROSTER_ADMIN_TOKEN); a server that has one answers writes without it 401. Without one, a server on a loopback address takes writes unauthenticated, and one on another address takes none (403); writes and /export.csv are then answered only for a loopback Host (localhost, 127.0.0.1, [::1], any port), 403 forbidden_host otherwise (DNS rebinding). Writes from another site's page (Sec-Fetch-Site, Origin) are 403 cross_site."}
            },
            "schemas": {
              "Error": {
                "type": "object",
                "required": ["error", "message"],
                "properties": {"error": {"type": "string"}, "message": {"type": "string"}, "field": {"type": "string", "description": "The member of the request body that was wrong, when there is one"}}
              },
              "Window": {
                "type": "object",
                "required": ["session", "seq", "version", "offset", "base", "full", "total", "contentHeight", "first", "last", "cells", "released", "stats"],
                "properties": {
                  "session": {"type": "string"},
                  "seq": {"type": "integer"},
                  "version": {"type": "integer", "description": "The data version every cell of this answer was read from"},
                  "offset": {"type": "number", "minimum": 0, "description": "The offset this window is laid out for (row N's top for row=N)"},
                  "base": {"type": "integer", "nullable": true},
                  "full": {"type": "boolean"},
                  "total": {"type": "integer"},
                  "contentHeight": {"type": "integer"},
                  "first": {"type": "integer", "nullable": true},
                  "last": {"type": "integer", "nullable": true},
                  "cells": {"type": "array", "items": {"$ref": "#/components/schemas/Cell"}},
                  "released": {"type": "array", "items": {"type": "integer"}},
                  "stats": {
                    "type": "object",
                    "required": ["created", "visible", "pooled"],
                    "properties": {
                      "created": {"type": "object", "properties": {"contact": {"type": "integer"}, "header": {"type": "integer"}}},
                      "visible": {"type": "integer"},
                      "pooled": {"type": "integer"}
                    }
                  }
                }
              },
              "Cell": {
                "type": "object",
                "required": ["slot", "kind", "section", "top", "height", "reused", "html"],
                "properties": {
                  "slot": {"type": "integer"},
                  "kind": {"type": "string", "enum": ["contact", "header"]},
                  "row": {"type": "integer"},
                  "section": {"type": "integer"},
                  "item": {"type": "integer"},
                  "top": {"type": "integer"},
                  "height": {"type": "integer"},
                  "reused": {"type": "boolean"},
                  "contact": {"type": "object", "nullable": true, "properties": {
                    "id": {"type": "integer"}, \##(properties(ContactField.windowFields))}},
                  "header": {"type": "object", "properties": {"title": {"type": "string"}}},
                  "html": {"type": "string"}
                }
              },
              "Sections": {
                "type": "object",
                "required": ["version", "total", "contentHeight", "sections"],
                "properties": {
                  "version": {"type": "integer", "description": "The data version every figure here was read from"},
                  "total": {"type": "integer", "description": "Contacts in the list"},
                  "contentHeight": {"type": "integer", "description": "Pixels of the whole list, headers included: the sum of the sections' heights"},
                  "sections": {"type": "array", "minItems": 27, "maxItems": 27, "items": {
                    "type": "object",
                    "required": ["title", "rows", "firstRow", "top", "height"],
                    "properties": {
                      "title": {"type": "string"},
                      "rows": {"type": "integer", "description": "Contacts in the section; 0 for an empty one"},
                      "firstRow": {"type": "integer"},
                      "top": {"type": "integer", "description": "Pixels from the top of the list; the next section's top is top + height"},
                      "height": {"type": "integer", "description": "Header and contacts in pixels; 0 for an empty section"}
                    }
                  }}
                }
              },
              "ImportSummary": {
                "type": "object",
                "required": ["inserted", "rejected", "errors", "ignoredColumns", "total", "seconds"],
                "properties": {
                  "inserted": {"type": "integer"}, "rejected": {"type": "integer"},
                  "errors": {"type": "array", "items": {"$ref": "#/components/schemas/ImportRowError"}},
                  "ignoredColumns": {"type": "array", "items": {"type": "string"}},
                  "total": {"type": "integer"}, "seconds": {"type": "number"}
                }
              },
              "ImportRefused": {
                "type": "object",
                "required": ["error", "message"],
                "properties": {
                  "error": {"type": "string", "enum": ["invalid_csv", "invalid_rows"]}, "message": {"type": "string"},
                  "inserted": {"type": "integer"}, "rejected": {"type": "integer"},
                  "errors": {"type": "array", "items": {"$ref": "#/components/schemas/ImportRowError"}},
                  "ignoredColumns": {"type": "array", "items": {"type": "string"}},
                  "total": {"type": "integer"}, "seconds": {"type": "number"}
                }
              },
              "ImportRowError": {
                "type": "object",
                "required": ["line", "message"],
                "properties": {"line": {"type": "integer"}, "column": {"type": "integer", "nullable": true}, "message": {"type": "string"}}
              },
              "NewContact": {
                "type": "object", "additionalProperties": false,
                "properties": {\##(inputProperties)},
                "anyOf": [
                  {"required": ["\##(first)"], "properties": {"\##(first)": {"type": "string", "pattern": "\##(namePattern)"}}},
                  {"required": ["\##(last)"], "properties": {"\##(last)": {"type": "string", "pattern": "\##(namePattern)"}}}
                ]
              },
              "ContactPatch": {
                "type": "object", "additionalProperties": false,
                "properties": {\##(inputProperties)},
                "not": {"required": ["\##(first)", "\##(last)"], "properties": {"\##(first)": \##(blankName), "\##(last)": \##(blankName)}}
              },
              "Contact": {
                "type": "object",
                "required": ["id", "row", "version", "section", \##(ContactField.allCases.map { "\"\($0.name)\"" }.joined(separator: ", "))],
                "properties": {
                  "id": {"type": "integer"}, "row": {"type": "integer"}, "version": {"type": "integer"}, "section": {"type": "string"},
                  \##(properties(ContactField.allCases))
                }
              }
            }
          }
        }
        """##
}
