import Foundation
import SQLiteStorage
import TestSupport
import Testing

@testable import App

/// A server that stops after writes saves the list for the next start.
struct SavedOrderAPITests {
    @Test func stoppingAfterAWriteSavesTheListItServed() throws {
        let live = try LiveApplication(contacts: 1_500)
        let client = live.client()
        let body = #"{"first_name":"Livia","last_name":"Zzyzx"}"#
        client.send(
            "POST /contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let created = try #require(client.readResponses().first)
        #expect(created.status == 201)
        let path = live.folder + "/db.sqlite"
        let version = try SQLiteContactStore(readingFrom: path).dataVersion()
        #expect(try !SQLiteContactStore(readingFrom: path).orderSaved(at: version))
        live.application.stop()
        live.application.wait()
        let store = try SQLiteContactStore(readingFrom: path)
        #expect(try store.orderSaved(at: version))
        let state = try store.listState()
        #expect(state.total == 1_501 && state.version == version)
    }
}
