import Platform
import Testing

#if canImport(Glibc)
    import Glibc
#endif

struct LoggerTests {
    @Test func eachMessageIsOneWholeLine() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { Glibc.close(ends[0]) }
        let logger = Logger(descriptor: ends[1])
        logger.log("first")
        logger.log("second line")
        Glibc.close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 100)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(ends[0], $0.baseAddress, 100) }
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "first\nsecond line\n")
    }
}
