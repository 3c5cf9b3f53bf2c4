/// `POST /login` and `POST /logout` in the document's `paths` (`SignIn`).
extension OpenAPI {
    /// `POST /login`.
    static var login: Value {
        [
            "summary": "Trade the admin token for a session cookie (the page's sign-in)",
            "description": .string(
                "204 with Set-Cookie: \(SignInCookies.name) (HttpOnly, SameSite=Strict, Path=/, 12 hours; "
                    + "Secure when X-Forwarded-Proto is https). 404 on a server without an admin token, 401 "
                    + "for a wrong token, 429 (Retry-After) once a client sent 5 wrong tokens, one try back "
                    + "every 12 s; 403 from another site's page."),
            "requestBody": [
                "required": true,
                "content": [
                    "application/json": [
                        "schema": [
                            "type": "object", "required": ["token"], "additionalProperties": false,
                            "properties": ["token": ["type": "string", "minLength": 1]],
                        ]
                    ]
                ],
            ],
            "responses": responses(
                [
                    "204": [
                        "description": "Signed in",
                        "headers": ["Set-Cookie": ["schema": ["type": "string"]]],
                    ]
                ],
                errors: ["400", "401", "403", "404", "413", "415", "422", "429"]),
        ]
    }

    /// `POST /logout`.
    static var logout: Value {
        [
            "summary": "End the session: its cookie is deleted and no longer taken",
            "responses": responses(
                [
                    "204": [
                        "description": "Signed out",
                        "headers": ["Set-Cookie": ["schema": ["type": "string"]]],
                    ]
                ],
                errors: ["403", "413"]),
        ]
    }
}
