import CDeflate
import CIsal
import CSQLite
import CZlib
import CZstd
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

    @Test func libdeflateCompressesAGzipMemberItsDecompressorAndZlibRead() throws {
        let input = Array(String(repeating: "roster ", count: 500).utf8)
        let compressor = try #require(libdeflate_alloc_compressor(6))
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_gzip_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let produced = libdeflate_gzip_compress(compressor, input, input.count, &output, bound)
        #expect(produced > 0 && produced < input.count / 10)
        let member = Array(output.prefix(produced))
        #expect(Array(member.prefix(2)) == [0x1f, 0x8b], "gzip magic")
        let decompressor = try #require(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        var back = [UInt8](repeating: 0, count: input.count)
        var size = 0
        #expect(
            libdeflate_gzip_decompress(decompressor, member, member.count, &back, back.count, &size)
                == LIBDEFLATE_SUCCESS)
        #expect(size == input.count && back == input)
        #expect(gunzip(member) == input, "zlib reads it as a client would")
    }

    @Test func igzipShimCompressesAGzipMemberZlibReadsAndSaysWhenOutputIsShort() throws {
        let input = Array(String(repeating: "roster ", count: 500).utf8)
        let stream = UnsafeMutablePointer<isal_zstream>.allocate(capacity: 1)
        defer { stream.deallocate() }
        let size = roster_igzip_level_buffer_size(1)
        let levelBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(size))
        defer { levelBuffer.deallocate() }
        var output = [UInt8](repeating: 0, count: 4096)
        let produced = roster_igzip_gzip(
            stream, levelBuffer, size, 1, input, UInt32(input.count), &output, UInt32(output.count))
        #expect(produced > 0 && produced < Int64(input.count / 10))
        let member = Array(output.prefix(Int(produced)))
        #expect(Array(member.prefix(2)) == [0x1f, 0x8b], "gzip magic")
        #expect(gunzip(member) == input, "zlib reads it as a client would")
        var short = [UInt8](repeating: 0, count: 8)
        #expect(
            roster_igzip_gzip(stream, nil, 0, 0, input, UInt32(input.count), &short, 8) == -1,
            "too small an output is an overflow, not a broken member")
    }

    @Test func zstdCompressesAFrameWithItsSizeAndDecompressesIt() throws {
        let input = Array(String(repeating: "roster ", count: 500).utf8)
        let bound = ZSTD_compressBound(input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let produced = ZSTD_compress(&output, bound, input, input.count, 1)
        #expect(ZSTD_isError(produced) == 0 && produced < input.count / 10)
        let frame = Array(output.prefix(produced))
        #expect(ZSTD_getFrameContentSize(frame, frame.count) == UInt64(input.count))
        var back = [UInt8](repeating: 0, count: input.count)
        let size = ZSTD_decompress(&back, back.count, frame, frame.count)
        #expect(ZSTD_isError(size) == 0 && size == input.count && back == input)
        #expect(ZSTD_minCLevel() < 0 && ZSTD_maxCLevel() >= 19, "the fast and the strong levels")
    }
}
