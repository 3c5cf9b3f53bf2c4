import Foundation
import HTTP
import Testing

/// The JSON error body docs/api.md, "Errors", gives every 4xx/5xx.
struct HTTPErrorTests {
    private func body(_ error: HTTPError) -> String {
        guard case .bytes(let bytes) = Response.error(error).body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anErrorWithoutAFieldHasOnlyErrorAndMessage() {
        let error = HTTPError(404, "not_found", "there is no contact with id 7")
        #expect(error.field == nil)
        #expect(body(error) == #"{"error":"not_found","message":"there is no contact with id 7"}"#)
        #expect(Response.error(error).status == 404)
        #expect(error.description == "404 not_found: there is no contact with id 7")
    }

    @Test func anErrorAboutAFieldNamesItBesideErrorAndMessage() throws {
        let error = HTTPError(422, "too_long", "notes is 4001 characters long", field: "notes")
        let response = Response.error(error)
        #expect(response.status == 422 && response.headers["Content-Type"] == "application/json")
        #expect(
            body(error) == #"{"error":"too_long","message":"notes is 4001 characters long","field":"notes"}"#)
        #expect(error.description == "422 too_long (notes): notes is 4001 characters long")
    }

    @Test func aFieldNameIsEscapedLikeAnyString() throws {
        let error = HTTPError(400, "unknown_field", "x", field: "a\"b\\\n")
        let object = try JSONSerialization.jsonObject(with: Data(body(error).utf8)) as? [String: String]
        #expect(object?["field"] == "a\"b\\\n")
    }

    @Test func anUnauthorizedErrorHasItsChallengeAndNoField() {
        let error = HTTPError.unauthorized(scheme: "Bearer", "send the token")
        #expect(error.field == nil && error.challenge == "Bearer")
        #expect(Response.error(error).headers["WWW-Authenticate"] == "Bearer")
    }

    @Test func anErrorAnsweredOffTheLoopIsTheOneItNamesElseTheFallback() {
        struct Named: Error, HTTPErrorConvertible {
            var httpError: HTTPError? { HTTPError(409, "conflict", "named") }
        }
        struct Plain: Error {}
        let fallback = { (_: any Error) in HTTPError(503, "unavailable", "try again") }
        #expect(Response.error(HTTPError(422, "invalid", "x"), otherwise: fallback).status == 422)
        #expect(Response.error(Named(), otherwise: fallback).status == 409)
        #expect(Response.error(Plain(), otherwise: fallback).status == 503)
    }
}
