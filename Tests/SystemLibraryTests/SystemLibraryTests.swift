import CSQLite
import CZlib
import TestSupport
import Testing

/// The system-library targets resolve their headers, link, and their shims behave.
struct SystemLibraryTests {
    @Test func sqliteOpensAnInMemoryDatabaseAndBindsTransientText() throws {
        // As Roster's store does before its first connection (refused once the library
        // is in use, as it may be by other tests of this process).
        let status = roster_sqlite_stop_memory_count()
        #expect(status == SQLITE_OK || status == SQLITE_MISUSE)
        var db: OpaquePointer?
        #expect(sqlite3_open(":memory:", &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(db, "SELECT ?1 || '!'", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        // The bound buffer dies before the step: only a transient bind keeps the value.
        do {
            let text = Array("héllo".utf8)
            text.withUnsafeBufferPointer { buffer in
                _ = sqlite3_bind_text(
                    statement, 1, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
                    Int32(buffer.count), roster_sqlite_transient())
            }
        }
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(String(cString: sqlite3_column_text(statement, 0)) == "héllo!")
    }

    @Test func zlibGzipShimRoundTrips() throws {
        let input = Array(String(repeating: "roster ", count: 500).utf8)
        var output = [UInt8](repeating: 0, count: 4096)
        var stream = z_stream()
        #expect(roster_deflate_init_gzip(&stream, 6) == Z_OK)
        var input2 = input
        let produced = input2.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                let status = deflate(&stream, Z_FINISH)
                deflateEnd(&stream)
                return status == Z_STREAM_END ? outBuffer.count - Int(stream.avail_out) : -1
            }
        }
        #expect(produced > 0 && produced < input.count / 10)
        #expect(Array(output.prefix(2)) == [0x1f, 0x8b], "gzip magic")

        // Back through the inflate shim (roster_inflate_init_auto), as a client would.
        #expect(gunzip(Array(output.prefix(produced))) == input)
    }
}
