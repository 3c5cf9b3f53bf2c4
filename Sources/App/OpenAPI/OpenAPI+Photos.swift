import Contacts
import Photos

/// The photos' operations (docs/api.md, "Photos"): thumbnails by digest, and a contact's
/// photo uploaded or removed.
extension OpenAPI {
    /// `/photos/{digest}` and `/contacts/{id}/photo`.
    static var photoPaths: [Value.Member] {
        [
            ("/photos/{digest}", ["get": thumbnail]),
            ("/contacts/{id}/photo", ["put": putPhoto, "delete": deletePhoto]),
        ]
    }

    /// A stored photo as a contact's JSON shows it: the URL of its thumbnails, or null.
    static let photoSchema: Value = [
        "type": "object", "nullable": true,
        "description": "The stored photo: the URL of its thumbnails (GET /photos/{digest}); null for none",
        "properties": ["url": ["type": "string", "pattern": "^/photos/[0-9a-f]{64}$"]],
    ]

    private static var thumbnail: Value {
        [
            "summary": .string(
                "A stored photo's square thumbnail, s px a side (default 80), WebP, AVIF or JPEG by Accept, "
                    + "no metadata; immutable for a year, ETag of digest, size and encoding, 304 to If-None-Match"
            ),
            "security": adminOrNone,
            "parameters": [
                [
                    "name": "digest", "in": "path", "required": true,
                    "description": "The photo's SHA-256, 64 lowercase hex digits",
                    "schema": ["type": "string", "pattern": "^[0-9a-f]{64}$"],
                ],
                [
                    "name": "c", "in": "query", "required": false,
                    "description":
                        "A contact's id that earlier answers put in the URL: taken and ignored",
                    "schema": ["type": "integer", "minimum": 0, "maximum": .integer(largest18Digits)],
                ],
                [
                    "name": "s", "in": "query", "required": false,
                    "description": "The thumbnail's side in pixels",
                    "schema": [
                        "type": "integer", "minimum": .integer(Thumbnailer.sizes.lowerBound),
                        "maximum": .integer(Thumbnailer.sizes.upperBound), "default": 80,
                    ],
                ],
            ],
            "responses": responses(
                [
                    "200": [
                        "description": "The thumbnail",
                        "content": [
                            "image/avif": ["schema": ["type": "string", "format": "binary"]],
                            "image/webp": ["schema": ["type": "string", "format": "binary"]],
                            "image/jpeg": ["schema": ["type": "string", "format": "binary"]],
                        ],
                    ],
                    "304": ["description": "Not modified: the ETag named is this thumbnail's"],
                ], errors: ["400", "404", "422", "503"] + readErrors),
        ]
    }

    private static var putPhoto: Value {
        [
            "summary": .string(
                "Make the body (JPEG, PNG, WebP, GIF or HEIC, at most 10 MiB and 40 megapixels) the contact's "
                    + "photo, a write like PATCH; a refused one is 413, 415 or 422 with a message naming why"),
            "security": adminOrNone,
            "parameters": [idParameter],
            "requestBody": [
                "required": true,
                "content": ["*/*": ["schema": ["type": "string", "format": "binary"]]],
            ],
            "responses": responses(
                ["200": writtenPhotoContact],
                errors: ["400", "401", "403", "404", "412", "413", "415", "422", "429", "503", "507"]),
        ]
    }

    private static var deletePhoto: Value {
        [
            "summary": "Remove the contact's photo, a write like PATCH",
            "security": adminOrNone,
            "parameters": [idParameter],
            "responses": responses(
                ["200": writtenPhotoContact],
                errors: ["400", "401", "403", "404", "412", "429", "503", "507"]),
        ]
    }

    private static var writtenPhotoContact: Value {
        [
            "description": "The contact as it is now", "headers": ["ETag": etagHeader],
            "content": json("Contact"),
        ]
    }
}
